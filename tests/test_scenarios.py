"""The scenario runner: rule coverage, located errors for bad scenarios, play_main's exit codes.

Each scenario of tests/scenarios/ and cardtext/scenarios/ is itself a test
item, collected by the cardtext pytest plugin (see pyproject.toml).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cardtext.scenario import ScenarioError, play_main, run_scenario_file

SCENARIOS = Path(__file__).parent / "scenarios"
DEMOS = Path(__file__).parent.parent / "cardtext" / "scenarios"

REQUIRED = (
    [f"K{i}" for i in range(1, 21)]
    + [f"M{i}" for i in range(1, 14)]
    + ["M14", "M15", "L-a", "L-c", "L-d", "L-g", "L-i", "L-j", "L-k"]
)


CR_NUMBER = re.compile(r"^CR \d{3}(\.\d+[a-z]?)?$")
"""A Comprehensive Rules number ("CR 610.3c") names a rule beyond docs/rules.md."""


def named_rules() -> set[str]:
    named: set[str] = set()
    for f in SCENARIOS.glob("*.toml"):
        named.update(tomllib.loads(f.read_text(encoding="utf-8")).get("rules", []))
    return named


def test_every_required_rule_id_has_a_scenario() -> None:
    missing = [r for r in REQUIRED if r not in named_rules()]
    assert not missing, f"rule ids named by no scenario: {missing}"


def test_scenarios_name_only_known_rule_ids() -> None:
    rules_md = Path(__file__).parent.parent / "docs" / "rules.md"
    assert rules_md.exists()
    known = {f"K{i}" for i in range(1, 21)} | {f"M{i}" for i in range(1, 19)}
    known |= {f"L-{c}" for c in "abcdefghijkmnpq"}
    unknown = {r for r in named_rules() - known if not CR_NUMBER.match(r)}
    assert not unknown, f"unknown rule ids: {unknown} (see {rules_md})"


def write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


BASE = """\
description = "x"
cards = ["{cards}"]

[players.A]
battlefield = ["Forest", "Forest"]
hand = ["Grizzly Bears"]
"""


def base(tmp_path: Path) -> str:
    return BASE.replace("{cards}", str(Path(__file__).parent / "cards"))


def test_unknown_key_is_located(tmp_path: Path) -> None:
    p = write(tmp_path, base(tmp_path) + '\n[[steps]]\nplayer = "A"\ncats = "Grizzly Bears"\n')
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    assert err.value.line == 10
    assert "unknown key 'cats'" in str(err.value)
    assert "cast" in err.value.hint


def test_unknown_card_is_located_with_suggestion(tmp_path: Path) -> None:
    text = base(tmp_path).replace('hand = ["Grizzly Bears"]', 'hand = ["Grizzly Baers"]')
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    assert err.value.line == 6 and err.value.column == 9
    assert "Grizzly Bears" in err.value.hint


def test_ambiguous_reference_lists_candidates(tmp_path: Path) -> None:
    text = base(tmp_path).replace(
        'battlefield = ["Forest", "Forest"]',
        'battlefield = ["Forest", "Forest", "Grizzly Bears", { card = "Grizzly Bears", tapped = true }]',
    ).replace('hand = ["Grizzly Bears"]', 'hand = ["Murder"]')
    text = text.replace('["Forest", "Forest",', '["Swamp", "Swamp", "Swamp",')
    text += '\n[[steps]]\nplayer = "A"\ncast = "Murder"\ntargets = ["Grizzly Bears"]\n'
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    assert "ambiguous" in str(err.value)
    assert "Grizzly Bears#1" in str(err.value) and "Grizzly Bears#2" in str(err.value)
    assert err.value.line == 11


def test_a_bare_name_for_two_triggers_of_one_name_is_ambiguous(tmp_path: Path) -> None:
    """603.3b: two Herd Watchers' triggers are ordered by 'Herd Watcher#1' / '#2'; a bare
    'Herd Watcher' could mean either, and is an error, not a silent first pick."""
    text = base(tmp_path).replace(
        'battlefield = ["Forest", "Forest"]', 'battlefield = ["Forest", "Forest", "Herd Watcher", "Herd Watcher"]'
    )
    text += '\n[[steps]]\nplayer = "A"\ncast = "Grizzly Bears"\n\n[[steps]]\nresolve = 1\n'
    text += 'choices = [["Herd Watcher", "Herd Watcher#2"]]\n'
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    assert "'Herd Watcher' could mean any of Herd Watcher#1, Herd Watcher#2" in str(err.value)


def test_an_instant_card_face_up_on_the_battlefield_is_refused_at_setup(tmp_path: Path) -> None:
    """304.4: an instant card can't be on the battlefield; face down (manifested) it can."""
    text = base(tmp_path).replace('battlefield = ["Forest", "Forest"]', 'battlefield = ["Forest", "Shock"]')
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(write(tmp_path, text), quiet=True)
    assert "'Shock' is an instant or sorcery card" in str(err.value) and err.value.line == 5
    text = base(tmp_path).replace(
        'battlefield = ["Forest", "Forest"]', 'battlefield = [{ card = "Shock", face_down = "manifested" }]'
    )
    assert run_scenario_file(write(tmp_path, text, "ok.toml"), quiet=True).ok


def test_unanswered_decision_names_it_and_the_answer(tmp_path: Path) -> None:
    text = base(tmp_path).replace('hand = ["Grizzly Bears"]', 'hand = ["Murder"]').replace(
        '["Forest", "Forest"]', '["Swamp", "Swamp", "Swamp", "Grizzly Bears", "Hill Giant"]'
    )  # two creatures: with one, its only legal target is taken without asking
    text += '\n[[steps]]\nplayer = "A"\ncast = "Murder"\n'
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    msg = str(err.value)
    assert "unanswered decision" in msg and "target creature" in msg and "targets = [...]" in msg


def test_k19_a_card_that_only_mentions_kicking_is_not_a_legal_pick(tmp_path: Path) -> None:
    text = (SCENARIOS / "k19_card_with_kicker.toml").read_text(encoding="utf-8")
    text = text.replace('choices = [true, "Academy Drake"]', 'choices = [true, "Coralhelm Chronicler"]')
    text = text.replace('"../cards/"', f'"{Path(__file__).parent / "cards"}"')
    p = write(tmp_path, text)
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    # the pick has one legal answer (Academy Drake), taken without asking; the written one is left over
    assert "choice(s) were not used: ['Coralhelm Chronicler']" in str(err.value)
    assert "matches nothing" in str(err.value) and "Academy Drake" in str(err.value)


def test_failed_expectation_reports_what_was_found(tmp_path: Path) -> None:
    text = base(tmp_path) + (
        '\n[[steps]]\nplayer = "A"\ncast = "Grizzly Bears"\n\n[[steps]]\nresolve = "all"\n'
        '\n[[expect]]\nplayer = "A"\nzone = "battlefield"\ncard = "Grizzly Bears"\npower = 3\n'
    )
    result = run_scenario_file(write(tmp_path, text), quiet=True)
    assert not result.ok
    (failure,) = result.failures
    assert "power=3" in failure.expected
    assert "2/2" in failure.found


def test_expected_refusal_that_succeeds_is_a_failure(tmp_path: Path) -> None:
    text = base(tmp_path) + '\n[[steps]]\nplayer = "A"\ncast = "Grizzly Bears"\nerror = "no"\n'
    result = run_scenario_file(write(tmp_path, text), quiet=True)
    assert not result.ok and "succeeded" in result.failures[0].found


def test_play_main_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = SCENARIOS / "k03_multikicker.toml"
    assert play_main([str(good)], quiet=True, interactive=False) == 0
    bad_expect = write(tmp_path, base(tmp_path) + '\n[[expect]]\nplayer = "A"\nlife = 3\n', "f.toml")
    assert play_main([str(bad_expect)], quiet=True, interactive=False) == 1
    broken = write(tmp_path, "description = 1\nbogus = 2\n", "b.toml")
    assert play_main([str(broken)], quiet=True, interactive=False) == 2
    err = capsys.readouterr().err
    assert "b.toml:2:1" in err and "bogus" in err


def test_play_main_runs_the_bundled_demos_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert sorted(DEMOS.glob("*.toml")), "no bundled demo scenarios"
    assert play_main([], quiet=False, interactive=False) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "casts" in out
