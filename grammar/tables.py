"""The compiled grammar as plain data: the LALR(1) table, the rules and the
terminals, cached on disk so that a new process starts at once.

Lark compiles the grammar (``grammar/lang/*.lark``) into its parse table.
What the parser needs of it afterwards is small: for each state, what each
terminal or rule name does (shift to a state, or reduce by a rule); for
each rule, its left side, its parts and the options that shape its
children; and the terminal definitions the card lexer works from.  That is
kept here as tuples, dicts and strings, pickled under the user's cache
directory (``$XDG_CACHE_HOME/cardtext``, else ``~/.cache/cardtext``), one
file per grammar text and Lark version.  Loading it takes a small part of
the time Lark needs to load its own cache; when the cache can't be read or
written, the tables are made from the grammar in memory.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMAT = 2
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
    """The LALR table: ``states[state][symbol]`` is the next state (0 or
    more) for a shift or a goto, and ``~index`` (below 0) for a reduction by
    ``rules[index]``: one int, tested with one comparison by the driver."""

    states: dict[int, dict[str, int]]
    start_state: int
    end_state: int
    rules: tuple[Rule, ...]
    terminals: tuple[Any, ...]  # lark.lexer.TerminalDef


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
    return Tables(states, table.start_states[start], table.end_states[start], tuple(rules),
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
            found = pickle.load(f)
        if isinstance(found, Tables):
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
        pass
    made = _from_lark(lark_parser(), start)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tables-")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(made, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home: the tables are made again next time
    return made
