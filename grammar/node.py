"""The base of every AST node, and the tables that tie nodes to the grammar.

Every node is a frozen, slotted dataclass named after the grammar rule that
builds it.  Its source position lives in ``span``, which takes no part in
equality, so two cards worded the same compare equal wherever they were
written.

Each concern of the language (objects, quantities, triggers, ...) lives in
one module of :mod:`grammar.lang`, beside its ``.lark`` file: its node
classes, the builders the parser calls as it reduces each rule
(:func:`builds`), and the renderers that write each node back as Oracle text
(:func:`renders`).  These decorators fill the tables below; the parser and
the renderer only look things up in them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, ClassVar

NODES: dict[str, type[Node]] = {}
"""Every node class, by name (filled by :func:`register_nodes`)."""

BUILDERS: dict[str, Callable[..., Any]] = {}
"""Grammar rule (or alias) → function(meta, *children) → node."""

RENDERERS: dict[type, Callable[..., str]] = {}
"""Node class → function(renderer, node, **context) → text."""


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node was written: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    SUBJECT: ClassVar[str] = ""
    """The field a clause's subject fills ("target player draws" → ``player``);
    empty when the instruction takes no subject."""

    AMOUNT: ClassVar[str] = ""
    """The field that "for each ..." multiplies ("draw a card for each ...")."""

    DURATION: ClassVar[bool] = False
    """Whether the instruction takes a duration ("until end of turn")."""

    def children(self) -> tuple[Node, ...]:
        """The child nodes, in field order (for walks that need no per-node code)."""
        read = _READERS.get(type(self))
        if read is None:
            read = _reader(type(self))
        return read(self)

    def walk(self) -> Iterator[Node]:
        """Every node below and including this one, depth first."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))


_FIELDS: dict[type, tuple[str, ...]] = {}
_READERS: dict[type, Callable[[Node], tuple[Node, ...]]] = {}


def _reader(cls: type) -> Callable[[Node], tuple[Node, ...]]:
    """A function giving a node's children, made once per class: the fields
    read at once, then the nodes among them (and in tuples of them)."""
    names = _field_names(cls)
    if not names:
        read: Callable[[Node], tuple[Node, ...]] = lambda node: ()  # noqa: E731
        _READERS[cls] = read
        return read
    get = attrgetter(*names)
    single = len(names) == 1

    def read_children(node: Node) -> tuple[Node, ...]:
        values = (get(node),) if single else get(node)
        out: list[Node] = []
        for value in values:
            if isinstance(value, Node):
                out.append(value)
            elif type(value) is tuple and value:
                for v in value:
                    if isinstance(v, Node):
                        out.append(v)
                    elif type(v) is tuple:
                        out.extend(x for x in v if isinstance(x, Node))
        return tuple(out)

    _READERS[cls] = read_children
    return read_children


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name != "span")
        _FIELDS[cls] = names
    return names


def class_fields(cls: type) -> tuple[str, ...]:
    """The names of a node class's fields, without ``span``."""
    return _field_names(cls)


def node_fields(node: Node) -> tuple[str, ...]:
    """The names of a node's fields, without ``span``."""
    return _field_names(type(node))


def builds(*rules: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the builder of grammar rules: ``fn(meta, *children)``.

    ``meta`` has the rule's span (``span(meta)``); children are the rule's
    meaningful parts in order (keywords dropped, ``[optional]`` parts None).
    """

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        for rule in rules:
            if rule in BUILDERS:
                raise ValueError(f"two builders for grammar rule {rule!r}")
            BUILDERS[rule] = fn
        return fn

    return register


def renders(*classes: type) -> Callable[[Callable[..., str]], Callable[..., str]]:
    """Register the renderer of node classes: ``fn(r, node, **context)``."""

    def register(fn: Callable[..., str]) -> Callable[..., str]:
        for cls in classes:
            if cls in RENDERERS:
                raise ValueError(f"two renderers for {cls.__name__}")
            RENDERERS[cls] = fn
        return fn

    return register


def register_nodes(module: Any) -> None:
    """Add a module's node classes to :data:`NODES`."""
    for name, value in vars(module).items():
        if isinstance(value, type) and issubclass(value, Node) and value is not Node:
            NODES.setdefault(name, value)
