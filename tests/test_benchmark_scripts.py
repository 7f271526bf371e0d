"""The benchmark scripts read the parser's insides (the lexer's view of the
parser state): a change there must not leave them broken unnoticed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from cardtext.grammar import parser as P
from cardtext.grammar.lexer import LexState

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_parse_speed_records_and_replays_the_lexers_states() -> None:
    """parse_speed.py notes the state the lexer asks for at each token, then
    lexes the paragraph again from those states alone: the same tokens."""
    bench = _script("parse_speed")
    text = "Test Card {2}{R}\nInstant\nKicker {1}{G}\nTest Card deals 3 damage to any target.\n"
    seen = bench.paragraphs([text])
    assert len(seen) == 2
    driver = P.driver()
    for paragraph, states in seen:
        assert states, paragraph
        real = [t.type for t in driver.lexer.lex(LexState(paragraph), bench._Replayed(states, driver.conf))]
        assert len(real) == len(states)
        assert real[0] in ("_KICKER", "SELF")


def test_parse_speed_runs_on_a_sample_of_forge_with_quoted_abilities(tmp_path: Path, capsys: object) -> None:
    """parse_speed.py over real cards, among them abilities granted in quotes
    ('gains "..." until end of turn': the lexer walks the parser's stack to
    see whether the quoted ability's period is taken there): every
    measurement runs, the replayed lexer stays in step with the parser, and
    the one-card start-up is printed beside ``import lark`` with the ratio."""
    import json
    import os

    bench = _script("parse_speed")
    quoted: list[str] = []
    others: list[str] = []
    with open(ROOT / "benchmarks" / "data" / "forge-2020.jsonl", encoding="utf-8") as f:
        for line in f:
            if len(quoted) >= 40 and len(others) >= 20:
                break
            text = json.loads(line).get("oracle_text") or "" if line.strip() else ""
            (quoted if 'gains "' in text or 'gain "' in text else others).append(line)
    sample = tmp_path / "sample.jsonl"
    sample.write_text("".join(quoted[:40] + others[:20]), encoding="utf-8")
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    try:
        assert bench.main(["--corpus", str(sample), "--repeat", "1", "--check-cards", "0"]) == 0
    finally:
        if cpus is not None:
            os.sched_setaffinity(0, cpus)
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    for row in ("(a)", "(b)", "(c)", "(d)", "(e)", "(f)"):
        assert row in out, out
    assert "x import lark" in out and "import lark':" in out


def test_compare_phase_writes_mtgjson_atomic_objects_from_scryfall_fields() -> None:
    """compare_phase.py gives phase.rs (an optional extra, never a test
    dependency) MTGJSON's atomic card shape: the type line split into
    supertypes, types and subtypes, colors and mana value from the cost, the
    keywords of the card's keyword lines."""
    bench = _script("compare_phase")
    face = {
        "name": "Gnarlid Colony",
        "mana_cost": "{1}{G}",
        "type_line": "Legendary Creature — Beast Warrior",
        "oracle_text": "Kicker {2}{G}\nTrample",
        "power": "2",
        "toughness": "2",
    }
    out = bench.mtgjson_face(face, ("kicker", "trample"), "normal")
    assert out["supertypes"] == ["Legendary"] and out["types"] == ["Creature"]
    assert out["subtypes"] == ["Beast", "Warrior"]
    assert out["colors"] == ["G"] and out["manaValue"] == 2
    assert out["keywords"] == ["Kicker", "Trample"]
    assert (out["power"], out["toughness"]) == ("2", "2") and "loyalty" not in out
    assert bench._unimplemented({"abilities": [{"effect": {"type": "Unimplemented"}}]})
    assert not bench._unimplemented({"abilities": [{"effect": {"type": "Draw"}}]})


def test_compare_phase_without_the_wheel_says_how_to_install_it(monkeypatch: object) -> None:
    import pytest

    bench = _script("compare_phase")
    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setitem(sys.modules, "phase", None)  # import raises ImportError
    with pytest.raises(SystemExit) as exc:
        bench.main([])
    assert "pip install '.[compare]'" in str(exc.value.code)
