"""The LALR driver: runs Lark's compiled parse table over the card lexer's
tokens and calls the builders as each rule is reduced.

Lark builds the table (grammar → LALR(1) states), kept as plain data by
:mod:`cardtext.grammar.tables`; this loop replaces Lark's general-purpose one for
speed: rules are looked up once (their length, their left side, their
callback), and the lexer sees the current state through :class:`_State`
without a parser object around it.
Errors are Lark's own exception types, so error reporting is unchanged.
"""

from __future__ import annotations

from typing import Any

from lark import Token
from lark.exceptions import UnexpectedToken

from .codecache import define
from .lexer import LexState
from .node import Span
from .tables import Rule, Tables, lazy_rows
from .transformer import TextError


class _State:
    """What the lexer needs of the parser: the current state and the table.

    ``position`` is a plain attribute (not a property reading the top of
    the stack, as Lark's is): the driver sets it before it asks for a
    token, and the lexer reads it once for each token."""

    __slots__ = ("stack", "parse_conf", "position")

    def __init__(self, stack: list[int], parse_conf: Any) -> None:
        self.stack = stack
        self.parse_conf = parse_conf
        self.position = stack[-1]


class _Conf:
    __slots__ = ("states",)

    def __init__(self, states: Any) -> None:
        self.states = states


class _Inline(list):
    """The children of a hidden rule (``_rule``), spliced into its parent's."""

    __slots__ = ()


class Driver:
    """Parses text from one start symbol with a compiled Lark parser.

    Builders come from ``builders`` (:class:`~cardtext.grammar.transformer.InlineAst`),
    called directly: a hidden rule (``_rule``) passes its children up to be
    spliced into its parent's, and a pass-through rule (``?rule``) with one
    child gives that child, as Lark's tree builder would.
    """

    def __init__(self, tables: Tables, builders: Any) -> None:
        from types import SimpleNamespace

        from .lexer import CardLexer

        # by state number, each row unpacked when the parser first reaches
        # its state (a short run reaches a few hundred of some 4,500)
        self.states: Any = lazy_rows(tables)
        self.start_state = tables.start_state
        self.end_state = tables.end_state
        self.lexer = CardLexer(SimpleNamespace(terminals=tables.terminals))
        self.conf = _Conf(self.states)
        # each rule's length, left side (a plain str: a dict key compared at C
        # speed, not Lark's Token) and callback, by its index in the table
        self.rules: list[tuple[int, str, Any]] = []
        # the callback of each rule of one part as ``fn(place, value)`` (no list made)
        self.units: list[Any] = []
        # A rule's callbacks are made when it is first reduced (a short run
        # reduces a few hundred of the ~2,000 rules): until then each is a
        # stand-in that makes them, puts them in its place, and calls them.
        self._table_rules = tables.rules
        self._builders = builders
        for index, rule in enumerate(tables.rules):
            size = len(rule.expansion)
            self.rules.append((size, str(rule.origin), self._later(index) if size != 1 else None))
            self.units.append(self._later_unit(index) if size == 1 else None)
        self.lexer.rule_shapes = [(size, origin) for size, origin, _ in self.rules]

    def _made(self, index: int) -> tuple[Any, Any]:
        """Rule ``index``'s callbacks, made and put in place of the stand-ins."""
        callback, unit = _callback(self._table_rules[index], self._builders)
        size, origin, _ = self.rules[index]
        self.rules[index] = (size, origin, callback)
        self.units[index] = unit
        return callback, unit

    def _later(self, index: int) -> Any:
        def first_call(place: Span | None, values: list[Any]) -> Any:
            callback, _ = self._made(index)
            return callback(place, values)

        return first_call

    def _later_unit(self, index: int) -> Any:
        def first_unit(place: Span | None, value: Any) -> Any:
            _, unit = self._made(index)
            # no unit: the rule passes its part's value up unchanged
            return value if unit is None else unit(place, value)

        return first_unit

    def make_all(self) -> None:
        """Make every rule's callbacks now: a rule the builders can't build
        (a grammar/builder mismatch) raises here rather than at its first use."""
        for index, (_size, _origin, callback) in enumerate(self.rules):
            unit = self.units[index]
            if getattr(callback, "__name__", "") == "first_call" or getattr(unit, "__name__", "") == "first_unit":
                self._made(index)

    def parse(self, text: str) -> Any:
        states = self.states
        state = self.start_state
        state_stack = [state]
        values: list[Any] = []
        # Where each value on the stack was written: a token (it has its own
        # line and columns), the Span of a reduced rule, or None (nothing
        # written: an empty optional part).
        where: list[Any] = []
        proxy = _State(state_stack, self.conf)
        lexer_state = LexState(text)
        end_state = self.end_state
        rules = self.rules
        units = self.units
        new_span = tuple.__new__
        tokens = self.lexer.lex(lexer_state, proxy)
        while True:
            proxy.position = state
            token = next(tokens, None)
            if token is None:
                last = lexer_state.last_token
                token = Token.new_borrow_pos("$END", "", last) if last else Token("$END", "", 0, 1, 1)
            ttype = token.type
            while True:  # the reductions this token ends, then its shift
                try:
                    arg = states[state][ttype]
                except KeyError:
                    proxy.position = state
                    raise UnexpectedToken(token, self.lexer.expected(state, states[state]), state=proxy) from None
                if arg >= 0:
                    break
                size, origin, callback = rules[~arg]
                if size == 1:
                    # rules of one part, one after another ("creature" →
                    # noun_word → descriptors → nominal): the value, its place
                    # and its state are replaced where they are, the table
                    # read again only when this token does something else
                    below = state_stack[-2]
                    value = values[-1]
                    while True:
                        state = states[below][origin]
                        unit = units[~arg]
                        if unit is not None:
                            place = where[-1]
                            if type(place) is Token:
                                place = where[-1] = new_span(
                                    Span, (place.line, place.column, place.end_line, place.end_column)
                                )
                            value = unit(place, value)
                        if state == end_state:
                            break
                        arg = states[state].get(ttype)
                        if arg is None or arg >= 0:
                            break  # a shift or an error: read again above
                        size, origin, callback = rules[~arg]
                        if size != 1:
                            break
                    state_stack[-1] = state
                    values[-1] = value
                    if state == end_state and ttype == "$END":
                        return value
                    continue
                if size:
                    children = values[-size:]
                    places = where[-size:]
                    del state_stack[-size:]
                    del values[-size:]
                    del where[-size:]
                    first = places[0]
                    if first is None:
                        for first in places:
                            if first is not None:
                                break
                    if first is not None:
                        last = places[-1]
                        if last is None:
                            for last in reversed(places):
                                if last is not None:
                                    break
                        place = new_span(Span, (first.line, first.column, last.end_line, last.end_column))
                    else:
                        place = None
                else:
                    children = []
                    place = None
                value = callback(place, children)
                state = states[state_stack[-1]][origin]
                state_stack.append(state)
                values.append(value)
                where.append(place)
                if state == end_state and ttype == "$END":
                    return value
            if ttype == "$END":  # pragma: no cover - the end is never shifted
                raise UnexpectedToken(token, set(), state=proxy)
            state = arg
            state_stack.append(state)
            values.append(token)
            where.append(token)


def _callback(rule: Rule, builders: Any) -> tuple[Any, Any]:
    """The function that builds a reduced rule's value from its children
    (None for a rule of one part whose value passes up unchanged), and for
    a rule of one part the same as ``fn(place, value)`` (no list made).

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
        # "_x: _x part" (what a "part*" becomes): the list on the stack grows in place,
        # where a new list for each item made a paragraph of n items cost n² steps
        grows = bool(expansion) and not expansion[0][1] and str(expansion[0][0]) == str(origin) and nones[0] == 0
        return _compiled(expansion, nones, "args" if grows else "_Inline(args)", {"_Inline": _Inline}, grows=grows)
    name = alias or origin
    if simple and alias is None and rule.expand1 and len(expansion) == 1:
        return None, None  # "?rule: part": the part's value
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

        return _with_unit(expand, expansion)
    if build is None:
        raise ValueError(f"no builder for grammar rule {name!r}")
    method, keep = builders.resolve(name)
    if method is not None:
        # what ``build`` does with the children: the tokens that aren't
        # kept dropped (by name for a terminal of the rule), the builder called
        named = builders.named
        return _compiled(expansion, nones, "method(place, *args)", {"method": method, "Token": Token, "named": named},
                         drop=_HIDDEN if keep else "v.type not in named", named=named, keep=keep)  # fmt: skip
    return _with_unit(lambda place, values: build(place, children_of(values)), expansion)


_HIDDEN = 'v.type[0] == "_" and v.type[1] != "_"'
"""A token a ``!`` rule drops: a hidden terminal (``_THEN``, not ``__ANON``)."""


def _compiled(expansion: tuple[tuple[str, bool], ...], nones: list[int], result: str, names: dict[str, Any],
              drop: str = "", named: Any = (), keep: bool = False, grows: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """The callbacks of a rule whose children are gathered as Lark's tree
    builder would (``None`` for each absent optional part, a hidden rule's
    children spliced in), written out from source once per rule as
    :func:`cardtext.grammar.node._fast_init` writes ``__init__``: the parts are read
    by position, with no plan to loop over.

    ``result`` is made from ``args``, the children; with ``drop`` (a test of
    a token ``v``), tokens are left out of them: a terminal of the rule by
    its name, once and for all, a rule's value (a token passed up) when read.
    """

    def source(head: str, read: Any) -> str:
        # with ``grows``, the first part is the rule's own list (left recursion): extended, not copied
        lines = [head, f"    args = {read(0)}" if grows else "    args = []"]
        for i, (sym, is_term) in enumerate(expansion):
            if grows and i == 0:
                continue
            lines += ["    args.append(None)"] * nones[i]
            if is_term:
                hidden = sym.startswith("_") and not sym.startswith("__")
                if not drop or not (hidden if keep else sym not in named):
                    lines.append(f"    args.append({read(i)})")
            elif sym.startswith("_"):  # a hidden rule: its children
                if drop:
                    lines += [f"    for v in {read(i)}:", f"        if not (isinstance(v, Token) and {drop}):",
                              "            args.append(v)"]  # fmt: skip
                else:
                    lines.append(f"    args.extend({read(i)})")
            elif drop:
                lines += [f"    v = {read(i)}", f"    if not (isinstance(v, Token) and {drop}):",
                          "        args.append(v)"]  # fmt: skip
            else:
                lines.append(f"    args.append({read(i)})")
        lines += ["    args.append(None)"] * nones[len(expansion)]
        lines.append(f"    return {result}")
        return "\n".join(lines) + "\n"

    # code made here from the rule's parts, compiled once (cardtext.grammar.codecache)
    made = define(source("def made(place, values):", lambda i: f"values[{i}]"), names, "made")
    if len(expansion) == 1:
        return made, define(source("def made_unit(place, value):", lambda i: "value"), names, "made_unit")
    return made, None


def _with_unit(callback: Any, expansion: tuple[tuple[str, bool], ...]) -> tuple[Any, Any]:
    """``callback`` and, for a rule of one part, the same as ``fn(place, value)``."""
    if len(expansion) != 1:
        return callback, None
    return callback, lambda place, value: callback(place, [value])


def _direct(name: str, expansion: tuple[tuple[str, bool], ...], builders: Any) -> tuple[Any, Any]:
    """The callbacks of a rule whose children are known from its expansion
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
    one_part = len(expansion) == 1

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
            if one_part:
                return None, None  # "rule: part" with no builder: the part's value
            return (lambda place, values: values[only]), None
        if not one_part:
            return _call_with(method, indices), None
        if indices:  # "rule: NAMED": the builder of the token
            return _call_with(method, indices), method
        return _call_with(method, indices), lambda place, value: method(place)

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

    if method is None and len(picks) != 1:
        return build, (lambda place, value: build(place, [value])) if one_part else None
    return _when_no_token(method, picks, build), (_unit_when_no_token(method, build) if one_part else None)


def _when_no_token(method: Any, picks: list[tuple[int, bool]], build: Any) -> Any:
    """``build``, with the usual case written out: when no rule's value is a
    token (one that may be a keyword to drop), the picked values are the
    builder's arguments as they are (``method`` None: the one picked value).

    Made from source once per rule, as :func:`cardtext.grammar.node._fast_init` makes
    ``__init__``: the values are read by position, with no loop or list."""
    names = [f"v{k}" for k in range(len(picks))]
    reads = "".join(f"    {n} = values[{i}]\n" for n, (i, _r) in zip(names, picks, strict=True))
    tests = " or ".join(f"type({n}) is Token" for n, (_i, rule_value) in zip(names, picks, strict=True) if rule_value)
    result = names[0] if method is None else f"method(place, {', '.join(names)})"
    source = (
        f"def build_fast(place, values):\n{reads}"
        f"    if {tests}:\n        return build(place, values)\n"
        f"    return {result}\n"
    )
    # code made here from the rule's parts, compiled once (cardtext.grammar.codecache)
    return define(source, {"Token": Token, "build": build, "method": method}, "build_fast")


def _unit_when_no_token(method: Any, build: Any) -> Any:
    """:func:`_when_no_token` for a rule of one part, a rule's, as ``fn(place, value)``."""
    if method is None:

        def unit_value(place: Span | None, value: Any) -> Any:
            if type(value) is Token:
                return build(place, [value])
            return value

        return unit_value

    def unit(place: Span | None, value: Any) -> Any:
        if type(value) is Token:
            return build(place, [value])
        return method(place, value)

    return unit


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
