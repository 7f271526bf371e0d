"""The compiled grammar as plain data: the LALR(1) table, the rules and the
terminals, cached on disk so that a new process starts at once.

Lark compiles the grammar (``grammar/lang/*.lark``) into its parse table.
What the parser needs of it afterwards is small: for each state, what each
terminal or rule name does (shift to a state, or reduce by a rule); for
each rule, its left side, its parts and the options that shape its
children; and the terminal definitions the card lexer works from.  That is
kept here as tuples, bytes and strings (the terminal definitions too,
made Lark's objects again as they are read), written with :mod:`marshal`
under the user's cache directory (``$XDG_CACHE_HOME/cardtext``, else
``~/.cache/cardtext``), one file per grammar text and Lark and Python
version.  Reading it takes a small part of the time Lark needs to load its
own cache (and a fifth of what the same data took to unpickle: no object of
a class of its own is in the file); when the cache can't be read or written,
or holds anything else, the tables are made from the grammar in memory.

The table has ~4,500 states and ~580,000 entries, of which a parse of a few
cards reads a few hundred states: each state's row is kept packed (its
symbols' numbers and its actions as machine integers, :func:`pack`) and
made a dict the first time the parser is in that state (:func:`lazy_rows`),
so a short run doesn't pay for building the whole table.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import sys
import tempfile
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, overload

FORMAT = 4
"""Bumped when the layout of :class:`Tables` (or of its file) changes."""


class Rule(NamedTuple):
    """One grammar rule (an alternative of a rule definition); its names
    are plain strings (not Lark's tokens), so the rule is plain data.

    A named tuple: the ~2,400 rules are made again each time the tables are
    read, and a tuple is made at C speed."""

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
    rows: PackedRows
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


class PackedRows(Sequence[bytes]):
    """The packed rows of the table, end to end in one buffer: ``rows[n]``
    is the bytes of row ``n``.  Read from the cache, the buffer is the
    file itself, mapped (:mod:`mmap`): a run reads the pages of the rows
    its parser reaches, and no 4 MB are copied into 4,500 objects."""

    __slots__ = ("_data", "_base", "_ends")

    def __init__(self, data: Any, ends: array[int], base: int = 0) -> None:
        self._data = data  # bytes, or a read-only mmap
        self._base = base  # where row 0 starts in it
        self._ends = ends  # the end of each row, from ``base``

    @classmethod
    def of(cls, rows: Sequence[bytes]) -> PackedRows:
        """The rows given one by one, in one buffer."""
        ends = array("I")
        end = 0
        for row in rows:
            end += len(row)
            ends.append(end)
        return cls(b"".join(rows), ends)

    def __len__(self) -> int:
        return len(self._ends)

    @overload
    def __getitem__(self, index: int) -> bytes: ...
    @overload
    def __getitem__(self, index: slice) -> list[bytes]: ...
    def __getitem__(self, index: int | slice) -> bytes | list[bytes]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        ends = self._ends
        end = ends[index]  # IndexError past the end, as a tuple's
        if index < 0:
            index += len(ends)
        start = ends[index - 1] if index else 0
        return bytes(self._data[self._base + start : self._base + end])

    def __iter__(self) -> Iterator[bytes]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PackedRows):
            return NotImplemented
        return self._ends == other._ends and self.data() == other.data()

    __hash__ = None  # type: ignore[assignment]

    def data(self) -> bytes:
        """Every row, end to end."""
        return bytes(self._data[self._base : self._base + (self._ends[-1] if self._ends else 0)])

    def ends(self) -> bytes:
        """The end of each row, as machine integers."""
        return self._ends.tobytes()


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
                    str(arg.origin.name), None if arg.alias is None else str(arg.alias),
                    tuple((str(sym.name), bool(sym.is_term)) for sym in arg.expansion),
                    bool(arg.options.expand1), tuple(arg.options.empty_indices or ()),
                ))  # fmt: skip
            row[symbol] = ~index[id(arg)]
        states[state] = row
    symbols = tuple(sorted({str(symbol) for row in states.values() for symbol in row}))
    if len(symbols) > 1 << 16:
        raise ValueError(f"{len(symbols)} symbols in the parse table: more than a packed row numbers")
    numbers = {symbol: n for n, symbol in enumerate(symbols)}
    packed = PackedRows.of([pack(states.get(n, {}), numbers) for n in range(max(states, default=-1) + 1)])
    terminals = _terminals_from_plain(tuple(_terminal_plain(t) for t in lark.terminals))
    return Tables(symbols, packed, table.start_states[start], table.end_states[start], tuple(rules),
                  terminals)  # fmt: skip


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


_MAGIC = b"cardtext-tables\0"
_HEADER = len(_MAGIC) + 8


@functools.cache
def _tables(start: str) -> Tables:
    from .parser import grammar_text, lark_parser

    path = _cache_dir() / f"tables-{start}-{_key(grammar_text())}.bin"
    try:
        found = _read(path)
        if found is not None:
            return found
    except (OSError, EOFError, ValueError, TypeError, AttributeError, KeyError, IndexError):
        pass  # no file, or not one this version wrote: made again
    made = _from_lark(lark_parser(), start)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tables-")
        try:
            with os.fdopen(fd, "wb") as f:
                _write(made, f)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
    except (OSError, ValueError):
        pass  # a read-only home: the tables are made again next time
    return made


def _write(t: Tables, f: Any) -> None:
    """The file :func:`_read` reads: a mark, the length of what follows it
    (the tables but their rows, :func:`_plain`, marshalled), that, then
    the rows end to end."""
    head = marshal.dumps(_plain(t))
    f.write(_MAGIC + len(head).to_bytes(8, "little"))
    f.write(head)
    f.write(t.rows.data())


def _read(path: Path) -> Tables | None:
    """The tables :func:`_write` wrote; None for a file of another layout
    or of the wrong length (one cut short)."""
    import mmap

    with open(path, "rb") as f:
        try:
            data: Any = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):  # an empty file, or no mmap here
            data = f.read()
    if data[: len(_MAGIC)] != _MAGIC:
        return None
    size = int.from_bytes(data[len(_MAGIC) : _HEADER], "little")
    return _from_plain(marshal.loads(data[_HEADER : _HEADER + size]), data, _HEADER + size)


def _terminal_plain(t: Any) -> tuple[Any, ...]:
    """A Lark ``TerminalDef`` as plain data: its name, its pattern's kind
    and attributes, its priority (a name that is a Lark token written as
    the string it is)."""
    pattern = t.pattern
    attributes = tuple((str(k), str(v) if isinstance(v, str) else v) for k, v in vars(pattern).items())
    return (str(t.name), pattern.type, attributes, t.priority)


def _terminals_from_plain(plain: tuple[Any, ...]) -> tuple[Any, ...]:
    """The terminal definitions :func:`_terminal_plain` wrote, as Lark's objects."""
    from lark.lexer import PatternRE, PatternStr, TerminalDef

    kinds: dict[str, Any] = {PatternStr.type: PatternStr, PatternRE.type: PatternRE}
    out = []
    new = object.__new__
    for name, kind, attributes, priority in plain:
        pattern = new(kinds[kind])
        pattern.__dict__.update(attributes)
        out.append(TerminalDef(name, pattern, priority))
    return tuple(out)


def _plain(t: Tables) -> tuple[Any, ...]:
    """The tables as tuples, bytes and strings (the terminals too), but for
    the rows themselves (written after them), read back by :func:`_from_plain`."""
    rules = tuple(tuple(r) for r in t.rules)
    terminals = tuple(_terminal_plain(term) for term in t.terminals)
    return (FORMAT, t.symbols, t.rows.ends(), t.start_state, t.end_state, rules, terminals)


def _from_plain(data: Any, rows: Any, base: int) -> Tables | None:
    """What :func:`_plain` wrote, with the rows at ``base`` in ``rows``;
    None for anything else (an older layout, rows cut short)."""
    if not (isinstance(data, tuple) and len(data) == 7 and data[0] == FORMAT):
        return None
    _, symbols, ends, start_state, end_state, rules, terminals = data
    row_ends = array("I")
    row_ends.frombytes(ends)
    if base + (row_ends[-1] if row_ends else 0) != len(rows):
        return None
    make = Rule._make
    return Tables(symbols, PackedRows(rows, row_ends, base), start_state, end_state, tuple(map(make, rules)),
                  _terminals_from_plain(terminals))  # fmt: skip
