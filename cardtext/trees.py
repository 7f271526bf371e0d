"""A node as the commands show it: an indented tree (``cardtext parse``) or
JSON data (``cardtext parse --json``, the language server)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError, LocatedError


def _is_leaf(value: Any) -> bool:
    """A value that fits on one line: not a node, not a non-empty sequence of nodes."""
    if dataclasses.is_dataclass(value):
        return False
    if isinstance(value, tuple):
        return all(not dataclasses.is_dataclass(v) for v in value)
    return True


def _node_fields(node: Any) -> list[tuple[str, Any]]:
    """The fields a tree shows: all but the span and those marked as how a
    card was written, not what it means (``Card.layout_written``)."""
    return [(f.name, getattr(node, f.name)) for f in dataclasses.fields(node)
            if f.name != "span" and f.metadata.get("shown", True)]  # fmt: skip


def format_tree(node: Any, indent: int = 0) -> Iterator[str]:
    """An indented tree of a node: its class name, then one field a line.

    A node whose fields are all plain values fits on one line, like
    ``ColoredMana(color='G')``; spans are left out.
    """
    pad = "  " * indent
    fields = _node_fields(node)
    name = type(node).__name__
    if all(_is_leaf(v) for _, v in fields):
        inner = ", ".join(f"{k}={repr(v)}" for k, v in fields)
        yield f"{pad}{name}({inner})"
        return
    yield f"{pad}{name}"
    for key, value in fields:
        if _is_leaf(value):
            yield f"{pad}  {key}: {repr(value)}"
        elif isinstance(value, tuple):
            yield f"{pad}  {key}:"
            yield from _format_items(value, indent)
        else:
            lines = list(format_tree(value, indent + 1))
            yield f"{pad}  {key}: {lines[0].lstrip()}"
            yield from lines[1:]


def _format_items(items: tuple[Any, ...], indent: int) -> Iterator[str]:
    """The items of a tuple field, one "- " entry each: nodes as trees, plain
    values as written, tuples inside as nested entries."""
    pad = "  " * indent
    for item in items:
        if dataclasses.is_dataclass(item):
            lines = list(format_tree(item, indent + 2))
        elif isinstance(item, tuple) and not _is_leaf(item):
            lines = ["", *_format_items(item, indent + 1)]
        else:
            lines = [repr(item)]
        yield f"{pad}    - {lines[0].lstrip()}".rstrip()
        yield from (f"  {line}" for line in lines[1:])


def to_json(value: Any) -> Any:
    """A node as JSON data: ``{"node": ClassName, field: ..., "span": [l, c, el, ec]}``."""
    if isinstance(value, A.Span):
        return [value.line, value.column, value.end_line, value.end_column]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"node": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name != "span":
                out[f.name] = to_json(getattr(value, f.name))
        span = getattr(value, "span", None)
        if span is not None:
            out["span"] = to_json(span)
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def error_json(exc: CardTextError) -> dict[str, Any]:
    if isinstance(exc, LocatedError):
        return {
            "file": exc.file,
            "line": exc.line,
            "column": exc.column,
            "kind": type(exc).__name__,
            "message": exc.message,
            "hint": exc.hint,
            "expected": list(exc.expected),
        }
    return {"kind": type(exc).__name__, "message": str(exc)}
