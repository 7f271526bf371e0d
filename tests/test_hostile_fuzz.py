"""Fuzz tests of scenario files (issue 9), with a fixed budget.

Real scenarios from tests/scenarios/, mutated (values of the wrong type,
keys dropped or invented, nesting many levels deep, odd Unicode, text cut
or doubled): running one may fail, or be refused as a wrong scenario, but
the only exception is the project's own
(:class:`~cardtext.grammar.errors.CardTextError`), and no input takes a second.

The same mutators run for as long as you like in ``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fuzzing import (
    capped,
    dump_toml,
    lose_a_player,
    mutate_scenario,
    mutate_text,
    rename_a_card,
    scenario_texts,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtext.grammar.errors import CardTextError
from cardtext.scenario import Runner

SCENARIOS = scenario_texts()
PARSED = [tomllib.loads(text) for _, text in SCENARIOS]
WHERE = Path("/nonexistent/fuzz.toml")  # cards are named by absolute paths; nothing is read from here

BUDGET = settings(max_examples=120, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Parse the card pools once, so that no example pays for it."""
    for _, text in SCENARIOS:
        Runner(WHERE, text).run()


def run(text: str) -> None:
    """Run one scenario text: a result, or a CardTextError; and under a second."""
    text = capped(text)
    start = time.perf_counter()
    with contextlib.suppress(CardTextError):
        Runner(WHERE, text).run()
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, f"{elapsed:.2f} s for:\n{text}"


def test_the_scenarios_round_trip_through_dump_toml() -> None:
    for (name, _text), data in zip(SCENARIOS, PARSED, strict=True):
        assert tomllib.loads(dump_toml(data)) == data, name


@BUDGET
@given(index=st.integers(0, len(SCENARIOS) - 1), rng=st.randoms(use_true_random=False))
def test_mutated_scenario_data(index: int, rng: random.Random) -> None:
    run(dump_toml(mutate_scenario(rng, PARSED[index])))


@BUDGET
@given(index=st.integers(0, len(SCENARIOS) - 1), rng=st.randoms(use_true_random=False))
def test_steps_after_a_player_has_lost_never_pass(index: int, rng: random.Random) -> None:
    """A player set up at 0 life, with 10 poison counters or an empty library
    (704.5a–c): the game is over before, or as soon as, the steps start, so a
    scenario with steps never passes as if it had gone on (104.1, 104.3)."""
    data = json.loads(json.dumps(PARSED[index]))
    if not data.get("steps") or not lose_a_player(rng, data):
        return
    start = time.perf_counter()
    try:
        result = Runner(WHERE, dump_toml(data)).run()
    except CardTextError:
        return
    finally:
        assert time.perf_counter() - start < 1.0
    lost = [p for p, v in data["players"].items() if isinstance(v, dict)
            and (v.get("life", 20) <= 0 or v.get("poison") == 10)]  # fmt: skip
    if lost:  # life and poison are checked before the first step; an empty library at the next draw
        assert not result.ok, f"{SCENARIOS[index][0]} passed with {lost} having lost"


@BUDGET
@given(index=st.integers(0, len(SCENARIOS) - 1), rng=st.randoms(use_true_random=False))
def test_a_card_name_gone_wrong_is_an_error_or_a_result(index: int, rng: random.Random) -> None:
    data = json.loads(json.dumps(PARSED[index]))
    if rename_a_card(rng, data):
        run(dump_toml(data))


@BUDGET
@given(index=st.integers(0, len(SCENARIOS) - 1), rng=st.randoms(use_true_random=False))
def test_mutated_scenario_text(index: int, rng: random.Random) -> None:
    run(mutate_text(rng, SCENARIOS[index][1]))


# Any TOML value: text with any character TOML can hold, whole numbers of any
# size a 64-bit TOML number can be, decimals, lists and tables nested deep.
SCALARS = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
    | st.sampled_from(["all", "A", "B", "Forest", "Grizzly Bears", "face-down", "B:Grizzly Bears#2", "{1}{G}"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)


def _places(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _places(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _places(v, (*prefix, i))
    return out


@BUDGET
@given(index=st.integers(0, len(SCENARIOS) - 1), place=st.integers(0, 10**6), value=VALUES,
       depth=st.integers(0, 40))  # fmt: skip
def test_any_value_anywhere(index: int, place: int, value: Any, depth: int) -> None:
    """Replace one value of a real scenario by any TOML value, wrapped ``depth`` lists deep."""
    data = tomllib.loads(dump_toml(PARSED[index]))
    places = _places(data)
    path = places[place % len(places)]
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    for _ in range(depth):
        value = [value]
    parent[path[-1]] = value
    run(dump_toml(data))
