"""The benchmark scripts read the parser's insides (the lexer's view of the
parser state): a change there must not leave them broken unnoticed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from grammar import parser as P
from grammar.lexer import LexState

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
