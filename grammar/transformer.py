"""The parser's callbacks: each grammar rule becomes its AST node as it is
reduced (no parse tree is built).

The builders live with their concern in :mod:`cardtext.grammar.lang` and register
themselves with :func:`cardtext.grammar.node.builds`.  A rule (or alias) with no
builder is built by name: ``deal_damage`` makes a :class:`DealDamage` from
its meaningful children in order.  A pass-through rule with one meaningful
child gives that child.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from .node import BUILDERS, NODES, Span


class TextError(Exception):
    """Raised by a builder for text that parses but means nothing (or means
    something the AST can't hold); the parser turns it into a located
    :class:`~cardtext.grammar.errors.CardParseError`."""

    def __init__(self, message: str, token: Token | None = None, span: Span | None = None,
                 hint: str = "", not_yet: bool = False) -> None:  # fmt: skip
        super().__init__(message)
        self.message = message
        self.token = token
        self.span = span
        self.hint = hint
        self.not_yet = not_yet
        """Whether the text may be right and the grammar doesn't read it yet
        (a :class:`~cardtext.grammar.errors.NotUnderstood`), not wrong."""


def span(meta: Span | None) -> Span | None:
    """The span of a rule: the parser hands each builder the span of the
    text its rule covers (None when it covers none)."""
    return meta


def tok_span(tok: Token) -> Span:
    """The span of a token (made with ``tuple.__new__``: a named tuple's own
    constructor is a Python function, and builders call this for most words)."""
    return _new_span(Span, (tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0))


_new_span = tuple.__new__


def camel(rule: str) -> str:
    return "".join(part.capitalize() for part in rule.split("_"))


class InlineAst:
    """The callbacks Lark's LALR parser calls as it reduces each rule.

    The parser keeps every token (``keep_all_tokens``) so that a rule's span
    covers its keywords too ("the exiled card"); this adapter measures the
    span, drops the keyword tokens (except in the grammar's ``!`` rules,
    which want them) and calls the rule's builder.
    """

    def __init__(self, named: set[str], keep_rules: set[str]) -> None:
        self._named = named
        self._keep = keep_rules
        self._cache: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not name[:1].islower():
            # Inlined rules (Lark splices their children into the parent) and
            # terminals (Lark would take a method of that name as a token callback).
            raise AttributeError(name)
        fn = self._cache.get(name)
        if fn is None:
            fn = self._make(name)
            self._cache[name] = fn
        return fn

    @property
    def named(self) -> set[str]:
        """The terminals that carry a value (WORD, SUBTYPE, ...), kept as children."""
        return self._named

    def resolve(self, name: str) -> tuple[Any, bool]:
        """A rule's builder ``fn(meta, *children)`` (None: the rule passes its
        one child up) and whether it keeps its keyword tokens (a ``!`` rule)."""
        builder = BUILDERS.get(name)
        if builder is None:
            cls = NODES.get(camel(name))
            if cls is not None:
                builder = _by_fields(cls)
        return builder, name in self._keep

    def _make(self, name: str) -> Any:
        named = self._named
        builder, keep = self.resolve(name)
        if builder is None:

            def passthrough(meta: Span | None, children: list[Any]) -> Any:
                args = [c for c in children if not (isinstance(c, Token) and c.type not in named)]
                if len(args) != 1:
                    raise TextError(f"no AST for grammar rule {name!r}")  # a grammar/builder mismatch
                return args[0]

            return passthrough
        method = builder

        def call(meta: Span | None, children: list[Any]) -> Any:
            if keep:
                # a "!" rule wants its keyword tokens, not the hidden _TERMINALS
                args = [
                    c for c in children
                    if not (isinstance(c, Token) and c.type[0] == "_" and c.type[1] != "_")
                ]  # fmt: skip
            else:
                args = [c for c in children if not (isinstance(c, Token) and c.type not in named)]
            return method(meta, *args)

        return call


def _by_fields(cls: type) -> Any:
    def build(meta: Any, *args: Any) -> Any:
        return cls(*args, span=meta)

    return build


def has_builder(rule: str) -> bool:
    return rule in BUILDERS or camel(rule) in NODES


_WORD = re.compile(r"[A-Za-z']+")

CURRENT: list[tuple[str, int]] = [("", 1)]
"""The paragraph being parsed and the file line it starts on (set by the parser)."""


_LINES: list[tuple[str, list[str]]] = [("", [""])]
"""The paragraph :func:`word_at` last looked in, split into lines once."""


def word_at(where: Span | None) -> str | None:
    """The word written at a span's start in the paragraph being parsed."""
    if where is None:
        return None
    text, first = CURRENT[0]
    seen, lines = _LINES[0]
    if seen is not text:
        lines = text.split("\n")
        _LINES[0] = (text, lines)
    i = where.line - first
    if not 0 <= i < len(lines):
        return None
    m = _WORD.match(lines[i], where.column - 1)
    return m.group(0) if m else None
