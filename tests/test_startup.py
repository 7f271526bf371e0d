"""What a new process builds at start, and builds only when it is needed:
the parse table's rows unpacked as the parser reaches them, the rules'
callbacks made at their first reduction, the node classes' methods compiled
once and kept on disk.  Each of these must give exactly what building it all
at once gives, and no cache may give a wrong parse."""

from __future__ import annotations

import copy
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from cardtext.grammar import codecache
from cardtext.grammar import parser as P
from cardtext.grammar import tables as T
from cardtext.grammar.driver import Driver
from cardtext.grammar.render import render_card

CARDS = Path(__file__).resolve().parents[1] / "cardtext" / "cards"


def _paragraphs() -> list[str]:
    """The rules-text paragraphs of a few bundled card files (as the layout gives them to the driver)."""
    seen: list[str] = []
    real = Driver.parse

    def parse(self: Driver, text: str) -> object:
        value = real(self, text)
        seen.append(text)
        return value

    Driver.parse = parse  # type: ignore[method-assign]
    try:
        for name in ("kicker.card", "designs.card", "linked.card"):
            path = CARDS / name
            if path.exists():
                P.parse_text(path.read_text(encoding="utf-8"))
    finally:
        Driver.parse = real  # type: ignore[method-assign]
    assert seen
    return seen


def test_a_packed_row_reads_as_the_dict_it_was_made_from() -> None:
    """tables.pack / unpack: every entry, in order (shifts as states, reductions as ~rule)."""
    numbers = {"A": 0, "B": 1, "c": 2}
    row = {"B": -3, "A": 17, "c": 0}
    packed = T.pack(row, numbers)
    assert T.unpack(packed, ("A", "B", "c")) == row
    assert list(T.unpack(packed, ("A", "B", "c"))) == ["B", "A", "c"]
    assert T.unpack(b"", ()) == {}


def test_lazy_rows_are_unpacked_when_first_looked_up() -> None:
    """The driver's rows by state: each unpacked as the parser first reaches
    its state, then kept; a state the table hasn't is a KeyError."""
    t = T.tables()
    states = len(t.rows)
    assert states > 1000
    rows = T.lazy_rows(t)
    for n in (0, 1, states // 2, states - 1):
        assert n not in rows  # not unpacked yet
        row = rows[n]
        assert type(row) is dict and row == t.row(n) and row
        assert rows[n] is row and n in rows
    assert len(rows) == 4
    for wrong in (-1, states, "0"):
        with pytest.raises(KeyError):
            rows[wrong]  # type: ignore[index]
    with pytest.raises(KeyError):
        rows[0]["NO SUCH SYMBOL"]


def test_callbacks_made_at_first_use_build_what_callbacks_made_at_start_build() -> None:
    """A driver whose rules' callbacks are made as each rule is first reduced
    parses every paragraph to the same AST as one with all of them made at
    once; making them all finds a builder for every rule of the grammar."""
    eager = Driver(T.tables(), P.builders())
    eager.make_all()
    assert all(getattr(cb, "__name__", "") != "first_call" for _s, _o, cb in eager.rules)
    lazy = Driver(T.tables(), P.builders())
    for text in _paragraphs():
        assert lazy.parse(text) == eager.parse(text), text
    made = sum(getattr(cb, "__name__", "") != "first_call" for s, _o, cb in lazy.rules if s != 1)
    assert 0 < made < sum(s != 1 for s, _o, _c in lazy.rules)  # only the rules these paragraphs reduced


def _terminal(t: object) -> tuple[object, ...]:
    pattern = t.pattern  # type: ignore[attr-defined]
    return (t.name, t.priority, type(pattern), pattern.value, pattern.flags, pattern.raw)  # type: ignore[attr-defined]


def _same(a: T.Tables, b: T.Tables) -> bool:
    """Two tables alike in every field (Lark's terminal definitions by what they hold)."""
    return (a.symbols, a.rows, a.start_state, a.end_state, a.rules) == (
        b.symbols, b.rows, b.start_state, b.end_state, b.rules,
    ) and [_terminal(t) for t in a.terminals] == [_terminal(t) for t in b.terminals]  # fmt: skip


def test_a_tables_cache_of_another_layout_or_a_broken_one_is_not_used(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """The tables' file is named by the grammar text's hash (and Lark's and
    Python's versions, and the layout's number); a file that isn't what this
    version writes is ignored and made again: the parse is the same."""
    import marshal

    monkeypatch.setattr(T, "_cache_dir", lambda: tmp_path)
    made = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
    (path,) = tmp_path.glob("tables-ability-*.bin")
    again = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
    assert _same(again, made)
    good = path.read_bytes()

    def head(plain: object) -> bytes:
        data = marshal.dumps(plain)
        return T._MAGIC + len(data).to_bytes(8, "little") + data

    ends = made.rows.ends()
    wrongs = (
        b"", b"not tables", good[: len(good) // 2], good + b"more",
        head((T.FORMAT - 1, "old layout")), head({"x": 1}), T._MAGIC + b"\xff" * 8,
        head((T.FORMAT, (), ends, 0, 0, (("a",),), ())) + made.rows.data(),  # a rule of the wrong shape
        head((T.FORMAT, (), ends, 0, 0, (), (("A", "no such kind", (), 0),))) + made.rows.data(),
    )  # fmt: skip
    for wrong in wrongs:
        path.write_bytes(wrong)
        read = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
        assert _same(read, made)
        assert path.read_bytes() == good  # written again
    assert T._key("a: b") != T._key("a: c")  # another grammar, another file
    text = "Spark {R}\nInstant\nSpark deals 1 damage to any target.\n"
    card = P.parse_card(text)
    assert render_card(card) + "\n" == text


def test_the_tables_are_the_same_made_from_lark_and_read_from_the_cache(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """What the driver and the lexer read of the tables (rules, terminals)
    is the same whether Lark made them in this process or they were read
    back: plain strings where Lark has its tokens, Lark's terminal
    definitions with the same patterns."""
    from lark.lexer import TerminalDef

    monkeypatch.setattr(T, "_cache_dir", lambda: tmp_path)
    made = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
    read = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
    for tables in (made, read):
        assert all(type(r) is T.Rule and type(r.origin) is str for r in tables.rules)
        assert all(type(s) is str for r in tables.rules for s, _ in r.expansion)
        assert all(type(t) is TerminalDef and type(t.name) is str for t in tables.terminals)
    assert _same(made, read)


def test_an_unwritable_cache_folder_costs_only_the_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder that can't be made (a file where it should be): the
    tables are made from the grammar, and the parse is the same."""
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(T, "_cache_dir", lambda: blocked / "cardtext")
    made = T._tables.__wrapped__("ability")  # type: ignore[attr-defined]
    assert _same(made, T.tables())
    assert blocked.read_text() == "not a folder"


def test_dataclass_methods_from_the_cache_make_the_same_class() -> None:
    """codecache.dataclass_code: a frozen, slotted dataclass made in the
    block is the one made outside it (init, repr, eq, hash, frozen, slots,
    fields); outside every block, dataclasses is left as it was."""
    stdlib = dataclasses._create_fn  # type: ignore[attr-defined]

    def make() -> type:
        @dataclasses.dataclass(frozen=True, slots=True)
        class Pair:
            left: int
            right: tuple[int, ...] = ()
            note: str = dataclasses.field(default="", compare=False, repr=False)

        return Pair

    with codecache.dataclass_code():
        with codecache.dataclass_code():  # blocks nest
            pass
        assert dataclasses._create_fn is not stdlib or not codecache._PATCHABLE  # type: ignore[attr-defined]
        cached = make()
    assert dataclasses._create_fn is stdlib  # type: ignore[attr-defined]
    plain = make()
    for cls in (cached, plain):
        a, b = cls(1, (2,), note="x"), cls(1, (2,), note="y")
        assert a == b and hash(a) == hash(b) and repr(a).endswith("Pair(left=1, right=(2,))")
        assert a != cls(2) and cls(2).right == ()
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.left = 3  # type: ignore[misc]
        assert not hasattr(a, "__dict__") and cls.__slots__ == ("left", "right", "note")
        assert [f.name for f in dataclasses.fields(cls)] == ["left", "right", "note"]
        assert copy.deepcopy(a) == a  # through __getstate__ and __setstate__ (slots)
    assert cached.__init__.__code__.co_code == plain.__init__.__code__.co_code
    # the annotations evaluated, as dataclasses evaluates them (not the names
    # of its locals, as a compile under ``from __future__ import annotations`` left them)
    assert cached.__init__.__annotations__ == plain.__init__.__annotations__
    assert plain.__init__.__annotations__ == {"left": "int", "right": "tuple[int, ...]", "note": "str", "return": None}
    assert cached.__doc__ == plain.__doc__ == "Pair(left: 'int', right: 'tuple[int, ...]' = (), note: 'str' = '')"


def test_a_cached_code_entry_that_is_not_code_is_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The code cache holds each source's code, marshalled; an entry that
    doesn't read as code is dropped and the source compiled."""
    import marshal

    monkeypatch.setattr(codecache, "_CODE", {})
    monkeypatch.setattr(codecache, "_KEPT", {})
    monkeypatch.setattr(codecache, "_LOADED", True)
    source = "def three():\n    return 3\n"
    codecache._KEPT[source] = marshal.dumps("not code")
    before = codecache.compiled
    assert codecache.define(source, {}, "three")() == 3
    assert codecache.compiled == before + 1 and source not in codecache._KEPT
    other = "def four():\n    return 4\n"
    codecache._KEPT[other] = marshal.dumps(compile(other, "<test>", "exec"))
    assert codecache.define(other, {}, "four")() == 4
    assert codecache.compiled == before + 1  # read from what the file held, not compiled


def test_code_kept_under_a_name_is_written_only_when_it_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """codecache.code_named: the source is asked for (written, compiled) the
    first time its name is seen, not again; another name is another source."""
    monkeypatch.setattr(codecache, "_CODE", {})
    monkeypatch.setattr(codecache, "_KEPT", {})
    monkeypatch.setattr(codecache, "_LOADED", True)
    asked: list[str] = []

    def source(value: int) -> object:
        def write() -> str:
            asked.append(f"{value}")
            return f"value = {value}\n"

        return write

    for _ in range(2):
        names: dict[str, object] = {}
        exec(codecache.code_named("the value one", source(1)), names)  # type: ignore[arg-type]  # noqa: S102
        assert names["value"] == 1
    names = {}
    exec(codecache.code_named("the value two", source(2)), names)  # type: ignore[arg-type]  # noqa: S102
    assert names["value"] == 2 and asked == ["1", "2"]


def test_the_shape_of_a_dataclass_names_its_methods_text() -> None:
    """classes._shape: two classes whose fields have other names or options,
    or whose options differ, have methods kept apart; the name carries this
    module's version, so a change to how the texts are written is a new name."""
    from cardtext.grammar import classes

    def shape(cls: type, frozen: bool = True) -> str:
        every = list(dataclasses.fields(cls))
        return classes._shape(every, frozen, True, frozen, False)

    @dataclasses.dataclass(frozen=True)
    class A:
        x: int
        y: int = 0

    @dataclasses.dataclass(frozen=True)
    class B:
        x: int
        y: int = dataclasses.field(default=0, compare=False)

    @dataclasses.dataclass(frozen=True)
    class C:
        x: int
        z: int = 0

    @dataclasses.dataclass(frozen=True)
    class D:
        x: str
        y: str = ""

    shapes = {shape(A), shape(B), shape(C), shape(A, frozen=False)}
    assert len(shapes) == 4 and all(classes._VERSION in s for s in shapes)
    assert shape(A) == shape(D)  # the types and defaults are values the text names, not part of it


_DESCRIBE = r"""
import json, re, sys
import cardtext.grammar.ast, cardtext.grammar.parser  # noqa: F401 - every node class
from cardtext.diagnostics import card_checker
card_checker()  # the engine's modules, as 'cardtext check' loads them
import cardtext.cli, cardtext.coverage, cardtext.lsp, cardtext.exporter, cardtext.importer  # noqa: F401

def plain(value):
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))

def function(fn):
    if fn is None:
        return None
    inner = getattr(fn, "__wrapped__", None)
    c = fn.__code__
    out = {"qualname": fn.__qualname__, "name": fn.__name__, "code": c.co_code.hex(), "args": c.co_varnames,
           "free": c.co_freevars, "consts": plain(c.co_consts), "names": c.co_names,
           "defaults": plain(fn.__defaults__), "kwdefaults": plain(fn.__kwdefaults__),
           "annotations": plain(fn.__annotations__), "doc": fn.__doc__,
           "cells": [plain(cell.cell_contents) for cell in fn.__closure__ or ()],
           "globals": fn.__globals__.get("__name__")}
    if inner is not None:
        out["wrapped"] = function(inner)
    return out

found = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("cardtext"):
        continue
    for value in vars(module).values():
        if not (isinstance(value, type) and value.__module__ == name and "__dataclass_fields__" in value.__dict__):
            continue
        d = value.__dict__
        fields = [{k: plain(getattr(f, k)) for k in ("name", "type", "default", "default_factory", "init", "repr",
                  "hash", "compare", "metadata", "kw_only", "_field_type")} for f in d["__dataclass_fields__"].values()]
        found[f"{name}.{value.__qualname__}"] = {
            "params": plain(d["__dataclass_params__"]), "fields": fields, "mro": [c.__qualname__ for c in value.__mro__],
            "keys": sorted(d), "slots": d.get("__slots__"), "match": d.get("__match_args__"), "doc": value.__doc__,
            "values": {k: type(v).__name__ for k, v in sorted(d.items())},
            "methods": {m: function(d.get(m)) for m in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                                                      "__delattr__", "__getstate__", "__setstate__")},
            "hash": d.get("__hash__", "absent") is None,
        }
from cardtext.grammar import classes, codecache
print(json.dumps({"classes": found, "made": classes.made, "compiled": codecache.compiled}, sort_keys=True))
"""


def test_dataclasses_made_in_one_step_are_those_the_standard_library_makes(tmp_path: Path) -> None:
    """grammar.classes.process_class: every dataclass of the grammar, the
    engine and the tools, made in one step, has the fields, parameters,
    slots, match arguments, docstring, class attributes and methods (their
    code, defaults, annotations and closures) that the standard library
    gives it; and the fast path is what made nearly all of them."""
    import json
    import os
    import subprocess
    import sys

    from cardtext.grammar import classes

    root = Path(__file__).resolve().parents[1]
    made = {}
    # the fast path twice: with an empty cache (every text written and
    # compiled), then with the code kept by the first run (no text written)
    for run_name, plain in (("cold", ""), ("warm", ""), ("stdlib", "1")):
        env = {**os.environ, "PYTHONPATH": str(root), "CARDTEXT_PLAIN_DATACLASSES": plain,
               "XDG_CACHE_HOME": str(tmp_path)}  # fmt: skip
        env.pop("CARDTEXT_NO_CACHE", None)
        run = subprocess.run(
            [sys.executable, "-c", _DESCRIBE], env=env, capture_output=True, text=True, check=True
        )
        made[run_name] = json.loads(run.stdout)
    stdlib = made["stdlib"]["classes"]
    assert made["stdlib"]["made"] == 0
    for run_name in ("cold", "warm"):
        fast = made[run_name]["classes"]
        assert len(fast) > 400 and fast.keys() == stdlib.keys()
        assert made[run_name]["made"] > 400 if classes.ENABLED else made[run_name]["made"] == 0  # 3.11: in one step
        for name in fast:
            assert fast[name] == stdlib[name], (run_name, name)
    assert made["cold"]["compiled"] > 300 and made["warm"]["compiled"] == 0  # (classes of one shape share their code)


def test_check_of_one_card_loads_no_subcommand_it_is_not_running(tmp_path: Path) -> None:
    """``cardtext check`` of a card file imports neither coverage nor the
    importer, the exporter or the language server: each is loaded when its
    own command runs (the command line's deferred subcommands)."""
    card = tmp_path / "shock.card"
    card.write_text("Shock {R}\nInstant\nShock deals 2 damage to any target.\n")
    code = (
        "import sys\nfrom cardtext import cli\n"
        f"status = cli.main(['check', {str(card)!r}])\n"
        "loaded = sorted(m for m in ('cardtext.coverage', 'cardtext.importer', 'cardtext.exporter',"
        " 'cardtext.lsp') if m in sys.modules)\n"
        "print(status, loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "0 []"


def test_a_node_class_gets_its_fast_init_when_it_is_first_made() -> None:
    """node._fast_init: until a node class is first instantiated, its
    ``__init__`` is a stand-in with the signature of the one dataclass
    wrote; the first instance puts the fast one in its place; both make the
    node dataclass's own ``__init__`` makes (defaults, factories, keywords)."""
    import inspect

    from cardtext.grammar.node import Node, Span, _fast_init

    @dataclasses.dataclass(frozen=True, slots=True)
    class Pair(Node):
        left: int
        right: tuple[int, ...] = ()
        extra: list[int] = dataclasses.field(default_factory=list, compare=False)

    written = Pair.__init__
    signature = inspect.signature(Pair)
    expected = Pair(1, (2,), span=Span(1, 1, 1, 5))  # through the dataclass's __init__
    _fast_init(Pair)
    stand_in = Pair.__dict__["__init__"]
    assert stand_in is not written and stand_in.__wrapped__ is written  # type: ignore[attr-defined]
    assert inspect.signature(Pair) == signature and stand_in.__qualname__ == written.__qualname__
    first = Pair(1, (2,), span=Span(1, 1, 1, 5))
    fast = Pair.__dict__["__init__"]
    assert fast not in (stand_in, written) and fast.__qualname__ == written.__qualname__
    assert first == expected and first.span == expected.span and first.extra == [] and first.extra is not Pair(1).extra
    assert Pair(left=3) == Pair(3, ()) and Pair(3).right == () and Pair(3).span is None
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.left = 2  # type: ignore[misc]


def test_what_is_loaded_is_left_out_of_later_collections() -> None:
    """codecache.loading: the collector is paused in the block and, at its
    end, what is alive is frozen (gc.freeze), so the collections after it
    don't walk the loaded modules again; the collector runs again after."""
    code = (
        "import gc\nfrom cardtext.grammar.codecache import loading\n"
        "before = gc.get_freeze_count()\n"
        "with loading():\n    paused = not gc.isenabled()\n    kept = [[] for _ in range(1000)]\n"
        "print(paused, gc.isenabled(), gc.get_freeze_count() >= before + 1000)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True", "True"]
