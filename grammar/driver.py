"""The LALR driver: runs Lark's compiled parse table over the card lexer's
tokens and calls the builders as each rule is reduced.

Lark builds the table (grammar → LALR(1) states), kept as plain data by
:mod:`grammar.tables`; this loop replaces Lark's general-purpose one for
speed: rules are looked up once (their length, their left side, their
callback), and the lexer sees the current state through :class:`_State`
without a parser object around it.
Errors are Lark's own exception types, so error reporting is unchanged.
"""

from __future__ import annotations

from typing import Any

from lark import Token
from lark.exceptions import UnexpectedToken

from .lexer import LexState
from .node import Span
from .tables import Rule, Tables
from .transformer import TextError


class _State:
    """What the lexer needs of the parser: the current state and the table."""

    __slots__ = ("stack", "parse_conf")

    def __init__(self, stack: list[int], parse_conf: Any) -> None:
        self.stack = stack
        self.parse_conf = parse_conf

    @property
    def position(self) -> int:
        return self.stack[-1]


class _Conf:
    __slots__ = ("states",)

    def __init__(self, states: Any) -> None:
        self.states = states


class _Inline(list):
    """The children of a hidden rule (``_rule``), spliced into its parent's."""

    __slots__ = ()


class Driver:
    """Parses text from one start symbol with a compiled Lark parser.

    Builders come from ``builders`` (:class:`~grammar.transformer.InlineAst`),
    called directly: a hidden rule (``_rule``) passes its children up to be
    spliced into its parent's, and a pass-through rule (``?rule``) with one
    child gives that child, as Lark's tree builder would.
    """

    def __init__(self, tables: Tables, builders: Any) -> None:
        from types import SimpleNamespace

        from .lexer import CardLexer

        # by state number: a list where the numbers run from 0 without a gap
        # (indexing a list is cheaper than looking a number up in a dict)
        numbers = range(len(tables.states))
        dense = all(n in tables.states for n in numbers)
        self.states: Any = [tables.states[n] for n in numbers] if dense else tables.states
        self.start_state = tables.start_state
        self.end_state = tables.end_state
        self.lexer = CardLexer(SimpleNamespace(terminals=tables.terminals))
        self.conf = _Conf(self.states)
        # each rule's length, left side (a plain str: a dict key compared at C
        # speed, not Lark's Token) and callback, by its index in the table
        self.rules = [(len(rule.expansion), str(rule.origin), _callback(rule, builders)) for rule in tables.rules]

    def parse(self, text: str) -> Any:
        states = self.states
        state_stack = [self.start_state]
        values: list[Any] = []
        # Where each value on the stack was written: a token (it has its own
        # line and columns), the Span of a reduced rule, or None (nothing
        # written: an empty optional part).
        where: list[Any] = []
        proxy = _State(state_stack, self.conf)
        lexer_state = LexState(text)
        end_state = self.end_state
        rules = self.rules
        new_span = tuple.__new__
        tokens = self.lexer.lex(lexer_state, proxy)
        token: Token | None = None
        ttype = ""
        while True:
            if token is None:
                token = next(tokens, None)
                if token is None:
                    last = lexer_state.last_token
                    token = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)
                ttype = token.type
            state = state_stack[-1]
            try:
                action, arg = states[state][ttype]
            except KeyError:
                expected = {s for s in states[state] if s.isupper() or s.startswith("_")}
                raise UnexpectedToken(token, expected, state=proxy) from None
            if action:  # shift
                if ttype == "$END":  # pragma: no cover - the end is never shifted
                    raise UnexpectedToken(token, set(), state=proxy)
                state_stack.append(arg)
                values.append(token)
                where.append(token)
                token = None
                continue
            size, origin, callback = rules[arg]
            if size == 1:
                # one part: the value, its place and its state are replaced where they are
                new_state = states[state_stack[-2]][origin][1]
                state_stack[-1] = new_state
                if callback is None:
                    value = values[-1]  # a rule that passes its value up: only the state changes
                else:
                    place = where[-1]
                    if type(place) is Token:
                        place = where[-1] = new_span(Span, (place.line, place.column, place.end_line, place.end_column))
                    value = values[-1] = callback(place, [values[-1]])
                if new_state == end_state and ttype == "$END":
                    return value
                continue
            if size:
                children = values[-size:]
                places = where[-size:]
                del state_stack[-size:]
                del values[-size:]
                del where[-size:]
                first = last = None
                for place in places:
                    if place is not None:
                        first = place
                        break
                if first is not None:
                    last = first  # found again (or a later one) below
                    for place in reversed(places):
                        if place is not None:
                            last = place
                            break
                    place = new_span(Span, (first.line, first.column, last.end_line, last.end_column))
                else:
                    place = None
            else:
                children = []
                place = None
            value = callback(place, children)
            new_state = states[state_stack[-1]][origin][1]
            state_stack.append(new_state)
            values.append(value)
            where.append(place)
            if new_state == end_state and ttype == "$END":
                return value


def _callback(rule: Rule, builders: Any) -> Any:
    """The function that builds a reduced rule's value from its children
    (None for a rule of one part whose value passes up unchanged).

    It does what Lark's tree builder does before calling a transformer: an
    absent optional part (``[x]``) becomes ``None``, a hidden rule's
    children are spliced in its parent's, and a pass-through rule (``?rule``)
    with one child gives that child.
    """
    origin = rule.origin
    alias = rule.alias
    expansion = rule.expansion
    empty = rule.empty_indices
    if empty:
        ones = "".join(str(int(b)) for b in empty).split("0")
        nones = [len(run) for run in ones]
    else:
        nones = [0] * (len(expansion) + 1)
    plan = [(i, not is_term and sym.startswith("_"), nones[i]) for i, (sym, is_term) in enumerate(expansion)]
    tail = nones[len(expansion)]
    simple = not empty and not any(splice for _i, splice, _n in plan)

    def children_of(values: list[Any]) -> list[Any]:
        if simple:
            return values
        out: list[Any] = []
        for i, splice, add in plan:
            if add:
                out.extend([None] * add)
            if splice:
                out.extend(values[i])
            else:
                out.append(values[i])
        if tail:
            out.extend([None] * tail)
        return out

    if alias is None and origin.startswith("_"):
        return lambda place, values: _Inline(children_of(values))
    name = alias or origin
    if simple and alias is None and rule.expand1 and len(expansion) == 1:
        return None  # "?rule: part": the part's value
    if simple and not (alias is None and rule.expand1):
        return _direct(name, expansion, builders)
    build = getattr(builders, name, None)
    if alias is None and rule.expand1:

        def expand(place: Span | None, values: list[Any]) -> Any:
            children = children_of(values)
            if len(children) == 1:
                return children[0]
            if build is None:
                raise ValueError(f"no builder for grammar rule {name!r}")
            return build(place, children)

        return expand
    if build is None:
        raise ValueError(f"no builder for grammar rule {name!r}")
    return lambda place, values: build(place, children_of(values))


def _direct(name: str, expansion: tuple[tuple[str, bool], ...], builders: Any) -> Any:
    """The callback of a rule whose children are known from its expansion
    (no hidden rule to splice, no optional part): the keyword tokens are
    dropped by position, and the builder called at once."""
    method, keep = builders.resolve(name)
    named = builders.named
    picks: list[tuple[int, bool]] = []  # (index, a rule's value: may be a token to drop)
    for i, (sym, is_term) in enumerate(expansion):
        if is_term:
            hidden = sym.startswith("_") and not sym.startswith("__")
            if not (hidden if keep else sym not in named):
                picks.append((i, False))
        else:
            picks.append((i, True))

    def dropped(value: Any) -> bool:
        if type(value) is not Token:
            return False
        kind = value.type
        return (kind[0] == "_" and kind[1] != "_") if keep else kind not in named

    if not any(rule_value for _i, rule_value in picks):
        indices = [i for i, _r in picks]
        if method is None:
            if len(indices) != 1:
                raise ValueError(f"no builder for grammar rule {name!r}")
            (only,) = indices
            if len(expansion) == 1:
                return None  # "rule: part" with no builder: the part's value
            return lambda place, values: values[only]
        return _call_with(method, indices)

    def build(place: Span | None, values: list[Any]) -> Any:
        args = []
        for i, rule_value in picks:
            v = values[i]
            if rule_value and type(v) is Token and dropped(v):
                continue  # a rule whose value is a keyword token
            args.append(v)
        if method is None:
            if len(args) != 1:
                raise TextError(f"no AST for grammar rule {name!r}")  # a grammar/builder mismatch
            return args[0]
        return method(place, *args)

    return build


def _call_with(method: Any, indices: list[int]) -> Any:
    """``method(place, *values at indices)``, with the common short cases
    written out (no list, no unpacking: this runs for most reductions)."""
    if not indices:
        return lambda place, values: method(place)
    if len(indices) == 1:
        (a,) = indices
        return lambda place, values: method(place, values[a])
    if len(indices) == 2:
        a, b = indices
        return lambda place, values: method(place, values[a], values[b])
    if len(indices) == 3:
        a, b, c = indices
        return lambda place, values: method(place, values[a], values[b], values[c])
    return lambda place, values: method(place, *[values[i] for i in indices])
