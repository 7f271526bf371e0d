"""The compiled grammar as plain data: the LALR(1) table, the rules and the
terminals, cached on disk so that a new process starts at once.

Lark compiles the grammar (``grammar/lang/*.lark``) into its parse table.
What the parser needs of it afterwards is small: for each state, what each
terminal or rule name does (shift to a state, or reduce by a rule); for
each rule, its left side, its parts and the options that shape its
children; and the terminal definitions the card lexer works from.  That is
kept here as tuples, bytes and strings, pickled under the user's cache
directory (``$XDG_CACHE_HOME/cardtext``, else ``~/.cache/cardtext``), one
file per grammar text and Lark version.  Loading it takes a small part of
the time Lark needs to load its own cache; when the cache can't be read or
written, the tables are made from the grammar in memory.

The table has ~4,500 states and ~580,000 entries, of which a parse of a few
cards reads a few hundred states: each state's row is kept packed (its
symbols' numbers and its actions as machine integers, :func:`pack`) and
made a dict the first time the parser is in that state (:func:`lazy_rows`),
so a short run doesn't pay for building the whole table.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = 3
"""Bumped when the layout of :class:`Tables` changes."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One grammar rule (an alternative of a rule definition)."""

    origin: str
    alias: str | None
    expansion: tuple[tuple[str, bool], ...]  # (symbol, is a terminal)
    expand1: bool  # a "?rule": one child passes up
    empty_indices: tuple[bool, ...]  # where "[optional]" parts left a None


@dataclass(frozen=True, slots=True)
class Tables:
    """The LALR table: ``row(state)[symbol]`` is the next state (0 or more)
    for a shift or a goto, and ``~index`` (below 0) for a reduction by
    ``rules[index]``: one int, tested with one comparison by the driver.

    ``rows[state]`` is that row packed (:func:`pack`), its symbols numbered
    by their place in ``symbols``."""

    symbols: tuple[str, ...]
    rows: tuple[bytes, ...]
    start_state: int
    end_state: int
    rules: tuple[Rule, ...]
    terminals: tuple[Any, ...]  # lark.lexer.TerminalDef

    def row(self, state: int) -> dict[str, int]:
        """What each symbol does in ``state`` (an empty dict for a state number the table hasn't)."""
        packed = self.rows[state] if 0 <= state < len(self.rows) else b""
        return unpack(packed, self.symbols)

    @property
    def states(self) -> dict[int, dict[str, int]]:
        """The whole table, every row unpacked, by state number."""
        return {n: self.row(n) for n in range(len(self.rows))}


_WIDTH = array("i").itemsize + array("H").itemsize
"""The bytes of one entry of a packed row: the symbol's number, then (apart) the action."""


def pack(row: dict[str, int], numbers: dict[str, int]) -> bytes:
    """A row of the table as bytes: the numbers of its symbols (``numbers``,
    16 bits each), then their actions (signed machine ints), in one order."""
    return array("H", [numbers[s] for s in row]).tobytes() + array("i", row.values()).tobytes()


def unpack(packed: bytes, symbols: tuple[str, ...]) -> dict[str, int]:
    """The row :func:`pack` made, with its symbols' names from ``symbols``."""
    count = len(packed) // _WIDTH
    keys = array("H")
    keys.frombytes(packed[: count * keys.itemsize])
    actions = array("i")
    actions.frombytes(packed[count * keys.itemsize :])
    return dict(zip(map(symbols.__getitem__, keys), actions, strict=True))


class _Rows(dict[int, dict[str, int]]):
    """The rows of the table by state number, each unpacked the first time
    it is looked up (and kept: a dict's own look-up afterwards)."""

    __slots__ = ("_tables",)

    def __init__(self, tables: Tables) -> None:
        super().__init__()
        self._tables = tables

    def __missing__(self, state: int) -> dict[str, int]:
        if not (type(state) is int and 0 <= state < len(self._tables.rows)):
            raise KeyError(state)
        row = self[state] = self._tables.row(state)
        return row


def lazy_rows(tables: Tables) -> dict[int, dict[str, int]]:
    """The rows of the table by state number, each unpacked when first looked up."""
    return _Rows(tables)


def _from_lark(lark: Any, start: str) -> Tables:
    from lark.parsers.lalr_analysis import Shift

    table = lark.parser.parser.parser.parse_table
    index: dict[int, int] = {}
    rules: list[Rule] = []
    states: dict[int, dict[str, int]] = {}
    for state, actions in table.states.items():
        row: dict[str, int] = {}
        for symbol, (action, arg) in actions.items():
            if action is Shift:
                row[symbol] = arg
                continue
            if id(arg) not in index:
                index[id(arg)] = len(rules)
                rules.append(Rule(
                    arg.origin.name, arg.alias,
                    tuple((sym.name, sym.is_term) for sym in arg.expansion),
                    bool(arg.options.expand1), tuple(arg.options.empty_indices or ()),
                ))  # fmt: skip
            row[symbol] = ~index[id(arg)]
        states[state] = row
    symbols = tuple(sorted({symbol for row in states.values() for symbol in row}))
    if len(symbols) > 1 << 16:
        raise ValueError(f"{len(symbols)} symbols in the parse table: more than a packed row numbers")
    numbers = {symbol: n for n, symbol in enumerate(symbols)}
    packed = tuple(pack(states.get(n, {}), numbers) for n in range(max(states, default=-1) + 1))
    return Tables(symbols, packed, table.start_states[start], table.end_states[start], tuple(rules),
                  tuple(lark.terminals))  # fmt: skip


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cardtext"


def _key(text: str) -> str:
    import lark

    h = hashlib.sha256()
    for part in (text, lark.__version__, sys.version, str(FORMAT)):
        h.update(part.encode("utf-8"))
    return h.hexdigest()[:24]


def tables(start: str = "ability") -> Tables:
    """The compiled tables of the card grammar, from the cache if it has them
    (loaded once per process and start symbol, however the start is given)."""
    return _tables(start)


@functools.cache
def _tables(start: str) -> Tables:
    from .parser import grammar_text, lark_parser

    path = _cache_dir() / f"tables-{start}-{_key(grammar_text())}.pickle"
    try:
        with path.open("rb") as f:
            found = _from_plain(pickle.load(f))
        if found is not None:
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    made = _from_lark(lark_parser(), start)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tables-")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(_plain(made), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home: the tables are made again next time
    return made


def _plain(t: Tables) -> tuple[Any, ...]:
    """The tables as tuples, bytes and strings (and Lark's terminal
    definitions), read back by :func:`_from_plain` (a frozen dataclass is
    unpickled through a ``__setstate__`` call per object: 2,000 rules)."""
    rules = tuple((r.origin, r.alias, r.expansion, r.expand1, r.empty_indices) for r in t.rules)
    return (FORMAT, t.symbols, t.rows, t.start_state, t.end_state, rules, t.terminals)


def _from_plain(data: Any) -> Tables | None:
    """What :func:`_plain` wrote; None for anything else (an older layout)."""
    if not (isinstance(data, tuple) and len(data) == 7 and data[0] == FORMAT):
        return None
    _, symbols, rows, start_state, end_state, rules, terminals = data
    return Tables(symbols, rows, start_state, end_state, tuple(Rule(*r) for r in rules), terminals)
