"""``cardtext play`` for a person: ``-i`` asks only what a scenario leaves
unanswered, the run's summary, mid-game checkpoints, refusals shown, the
expectations of attachments and the stack, one rule for single answers."""

from __future__ import annotations

import builtins
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_cli import SCENARIO as ONE_SHOCK  # a scenario: Shock to the face, B's life expected

from cardtext.interactive import PersonChooser
from cardtext.scenario import ScenarioError, play_main, run_scenario_file

CARDS = {
    "shock.card": "Shock {R}\nInstant\nShock deals 2 damage to any target.\n",
    "bears.card": "Grizzly Bears {1}{G}\nCreature — Bear\n2/2\n",
}

SHOCKS = """\
description = "two Shocks"
cards = ["shock.card", "bears.card"]

[players.A]
battlefield = ["Mountain", "Mountain", "Grizzly Bears"]
hand = ["Shock", "Shock"]

[players.B]
battlefield = ["Grizzly Bears"]

[[steps]]
cast = "Shock"
targets = ["B"]

[[steps]]
resolve = "all"

[[steps]]
cast = "Shock"

[[steps]]
resolve = "all"
"""


def scenario(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    for card, body in CARDS.items():
        (tmp_path / card).write_text(body, encoding="utf-8")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def feed(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> list[str]:
    """Answer ``input()`` with ``answers`` in turn, then the end of input; returns the prompts."""
    prompts: list[str] = []
    it: Iterator[str] = iter(answers)

    def fake(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", fake)
    return prompts


# --------------------------------------------------------------------------
# 1. play -i
# --------------------------------------------------------------------------


def test_interactive_asks_only_what_the_script_leaves_unanswered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, SHOCKS + '\n[[expect]]\nplayer = "B"\nlife = 18\n'
                    '\n[[expect]]\nplayer = "B"\nzone = "graveyard"\ncard = "Grizzly Bears"\n')
    prompts = feed(monkeypatch, ["B:Grizzly Bears"])
    assert play_main([str(path)], quiet=False, interactive=True) == 0
    out = capsys.readouterr().out
    assert len(prompts) == 1  # the first Shock's target is the script's: never asked
    assert out.count("choose any target") == 1
    assert "PASS" in out


def test_interactive_prints_the_log_and_the_state_before_each_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, SHOCKS)
    feed(monkeypatch, ["4"])
    assert play_main([str(path)], quiet=False, interactive=True) == 0
    out = capsys.readouterr().out
    question = out.index("[A] Shock: choose any target")
    assert out.index("Shock deals 2 damage to B") < question  # the log so far, then the question
    state = out.rindex("-- turn 1", 0, question)
    assert "  B: 18 life" in out[state:question]
    assert out.index("[step 3] A: cast Shock") < state
    assert out.count("[step 1] A: cast Shock") == 1  # the log is not printed twice
    assert "  4. player B" in out[question:]


def test_interactive_takes_a_number_from_one_or_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, SHOCKS + '\n[[expect]]\nplayer = "B"\nlife = 16\n')
    feed(monkeypatch, ["0", "4"])  # "0" is not the last option
    assert play_main([str(path)], quiet=True, interactive=True) == 0
    out = capsys.readouterr().out
    assert "0 is not one of the numbers 1 to 4; try again" in out
    feed(monkeypatch, ["player B"])
    assert play_main([str(path)], quiet=True, interactive=True) == 0
    feed(monkeypatch, ["b"])
    assert play_main([str(path)], quiet=True, interactive=True) == 0


def test_interactive_asks_again_after_a_bad_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, SHOCKS + '\n[[expect]]\nplayer = "B"\nlife = 16\n')
    prompts = feed(monkeypatch, ["", "9", "Lhurgoyf", "Grizzly Bears", "1, 2", "B"])
    assert play_main([str(path)], quiet=True, interactive=True) == 0
    out = capsys.readouterr().out
    assert len(prompts) == 6
    assert "no answer; try again" in out
    assert "9 is not one of the numbers 1 to 4" in out
    assert "'Lhurgoyf' matches nothing" in out
    assert "'Grizzly Bears' is ambiguous" in out
    assert "expected 1, got 2" in out


def test_interactive_end_of_input_is_a_message(tmp_path: Path) -> None:
    path = scenario(tmp_path, SHOCKS)
    with open("/dev/null") as devnull:
        run = subprocess.run([sys.executable, "-m", "cardtext", "play", "-i", str(path)], stdin=devnull,
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)  # fmt: skip
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "the input ended (EOF) before the decision was answered" in run.stderr
    assert "[A] Shock: choose any target" in run.stdout


def test_interactive_with_everything_scripted_asks_nothing(tmp_path: Path) -> None:
    text = SHOCKS.rsplit('[[steps]]\ncast = "Shock"\n', 1)[0] + '[[steps]]\ncast = "Shock"\ntargets = ["A"]\n'
    path = scenario(tmp_path, text)
    with open("/dev/null") as devnull:
        run = subprocess.run([sys.executable, "-m", "cardtext", "play", "-i", str(path)], stdin=devnull,
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "choose any target" not in run.stdout


def test_a_wrong_scripted_answer_is_still_an_error_with_i(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = scenario(tmp_path, SHOCKS.replace('targets = ["B"]', 'targets = ["Lhurgoyf"]'))
    prompts = feed(monkeypatch, ["B"])
    with pytest.raises(ScenarioError, match="'Lhurgoyf' matches nothing"):
        run_scenario_file(path, quiet=True, chooser=PersonChooser())
    assert prompts == []


# --------------------------------------------------------------------------
# 2. the summary, -q, the names of the bundled demos
# --------------------------------------------------------------------------



def test_a_run_of_several_scenarios_ends_with_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = scenario(tmp_path, ONE_SHOCK.format(life=18), "good.toml")
    bad = scenario(tmp_path, ONE_SHOCK.format(life=17), "bad.toml")
    broken = scenario(tmp_path, "bogus = 1\n", "broken.toml")
    assert play_main([str(good), str(good), str(bad), str(broken)], quiet=False, interactive=False) == 2
    out = capsys.readouterr().out
    assert out.endswith("2 passed, 1 failed, 1 error\n")
    assert play_main([str(good)], quiet=False, interactive=False) == 0
    assert "passed" not in capsys.readouterr().out  # one scenario: its PASS line says it


def test_quiet_prints_only_failures_and_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = scenario(tmp_path, ONE_SHOCK.format(life=18), "good.toml")
    bad = scenario(tmp_path, ONE_SHOCK.format(life=17), "bad.toml")
    assert play_main([str(good), str(bad)], quiet=True, interactive=False) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"FAIL {bad} — Shock to the face"
    assert lines[1].startswith("  ") and "expected B at 17 life; found 18 life" in lines[1]
    assert lines[2:] == ["1 passed, 1 failed"]


def test_bundled_demos_are_shown_by_their_place_in_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert play_main([], quiet=False, interactive=False) == 0
    out = capsys.readouterr().out
    shown = [line.split()[1] for line in out.splitlines() if line.startswith("PASS ")]
    assert shown and all(name.startswith("cardtext/scenarios/") and name.endswith(".toml") for name in shown)
    assert "site-packages" not in out and str(Path(__file__).parent.parent) not in out


# --------------------------------------------------------------------------
# 3. an [[expect]] between steps is a checkpoint
# --------------------------------------------------------------------------

CHECKPOINT = """\
description = "Shock on the stack, then resolved"
cards = ["shock.card"]

[players.A]
battlefield = ["Mountain"]
hand = ["Shock"]

[[steps]]
cast = "Shock"
targets = ["B"]

[[expect]]                 # checked here: Shock is on the stack, B is unhurt
player = "B"
life = {mid}

[[steps]]
resolve = "all"

[[expect]]
player = "B"
life = 18
"""


def test_an_expectation_between_steps_is_checked_at_that_point(tmp_path: Path) -> None:
    result = run_scenario_file(scenario(tmp_path, CHECKPOINT.format(mid=20)), quiet=True)
    assert result.ok, result.failures
    assert "[expect 1] holds" in result.log
    assert result.log.index("[expect 1] holds") < result.log.index("[step 2] A: resolve all")


def test_a_failing_checkpoint_says_where_it_was_checked(tmp_path: Path) -> None:
    result = run_scenario_file(scenario(tmp_path, CHECKPOINT.format(mid=18)), quiet=True)
    (failure,) = result.failures
    assert failure.where.endswith("s.toml:12:1 (expect 1, after step 1)")
    assert "expected B at 18 life" in str(failure) and "found 20 life" in str(failure)
    assert any(line.startswith("[expect 1] FAILS: expected B at 18 life") for line in result.log)


def test_expectations_before_any_step_and_inline_arrays(tmp_path: Path) -> None:
    text = CHECKPOINT.format(mid=20).replace('[[steps]]\ncast', '[[expect]]\nplayer = "B"\nlife = 20\n\n[[steps]]\ncast', 1)
    result = run_scenario_file(scenario(tmp_path, text), quiet=True)
    assert result.ok and "[expect 1] holds" in result.log
    inline = (
        'description = "inline"\ncards = ["shock.card"]\n'
        'steps = [{ cast = "Shock", targets = ["B"] }, { resolve = "all" }]\n'
        'expect = [{ player = "B", life = 18 }]\n'
        '\n[players.A]\nbattlefield = ["Mountain"]\nhand = ["Shock"]\n'
    )
    result = run_scenario_file(scenario(tmp_path, inline, "inline.toml"), quiet=True)
    assert result.ok, result.failures  # no headers to order them by: the expectations come last


# --------------------------------------------------------------------------
# 4. a refused step is shown even when a later error stops the run
# --------------------------------------------------------------------------

REFUSED_THEN_ERROR = """\
description = "Shock without a Mountain, then a choice nothing uses"
cards = ["shock.card"]

[players.A]
hand = ["Shock"]

[[steps]]
cast = "Shock"
targets = ["B"]

[[steps]]
pass = true
choices = [true]
"""


def test_a_refused_step_is_shown_with_a_later_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario(tmp_path, REFUSED_THEN_ERROR)
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    shown = info.value.format()
    assert "choice(s) were not used" in shown
    assert "earlier: " in shown and "(step 1): expected the step to succeed; found it was refused: " in shown
    assert play_main([str(path)], quiet=True, interactive=False) == 2
    err = capsys.readouterr().err
    assert "choice(s) were not used" in err and "it was refused: " in err
    assert err.index("choice(s) were not used") < err.index("it was refused: ")
    assert play_main([str(path)], quiet=False, interactive=False) == 2
    out = capsys.readouterr().out
    assert "REFUSED: " in out and "[step 2] A: pass" in out  # the log up to the error


# --------------------------------------------------------------------------
# 5. attached_to, and the stack's contents in order
# --------------------------------------------------------------------------

TEST_CARDS = Path(__file__).parent / "cards"
DEMOS = Path(__file__).parent.parent / "cardtext" / "scenarios"

EQUIP = f"""\
description = "Bonesplitter equipped"
cards = ["{TEST_CARDS}"]

[players.A]
battlefield = ["Plains", "Plains", "Bonesplitter", "Grizzly Bears", "Grizzly Bears"]

[players.B]
battlefield = ["Hill Giant"]

[[expect]]
player = "A"
zone = "battlefield"
card = "Bonesplitter"
attached_to = false

[[steps]]
activate = "Bonesplitter"
targets = ["Grizzly Bears#2"]

[[steps]]
resolve = 1
"""


def test_attached_to_names_what_an_equipment_is_attached_to(tmp_path: Path) -> None:
    text = EQUIP + '\n[[expect]]\nzone = "battlefield"\ncard = "Bonesplitter"\nattached_to = "A:Grizzly Bears#2"\n'
    result = run_scenario_file(scenario(tmp_path, text), quiet=True)
    assert result.ok, result.failures
    for wrong in ('"Grizzly Bears#1"', '"Hill Giant"', "false", '"B"'):
        text = EQUIP + f'\n[[expect]]\nzone = "battlefield"\ncard = "Bonesplitter"\nattached_to = {wrong}\n'
        (failure,) = run_scenario_file(scenario(tmp_path, text), quiet=True).failures
        assert f"attached_to={wrong.strip(chr(34))!r}" in failure.expected or "attached_to=False" in failure.expected
        assert "Bonesplitter (attached to A:Grizzly Bears)" in failure.found


def test_attached_to_must_be_a_reference_or_false(tmp_path: Path) -> None:
    text = EQUIP.replace("attached_to = false", "attached_to = true")
    with pytest.raises(ScenarioError, match="attached_to = true: expected a reference .* or false"):
        run_scenario_file(scenario(tmp_path, text), quiet=True)


VERAZOL = (DEMOS / "verazol-copies-a-kicked-spell.toml").read_text(encoding="utf-8")


def with_checkpoint(expect: str) -> str:
    """The Verazol demo with an expectation right after the cast (both triggers on the stack)."""
    return VERAZOL.replace("[[steps]]\nresolve = 1", expect + "\n[[steps]]\nresolve = 1", 1)


def test_the_stack_in_order_top_first(tmp_path: Path) -> None:
    good = '[[expect]]\nzone = "stack"\ncards = ["Verazol, the Split Current", "Roost of Drakes", "A:Gnarlid Pack"]\n'
    result = run_scenario_file(scenario(tmp_path, with_checkpoint(good)), quiet=True)
    assert result.ok, result.failures
    wrong = '[[expect]]\nzone = "stack"\ncards = ["Roost of Drakes", "Verazol, the Split Current", "Gnarlid Pack"]\n'
    (failure,) = run_scenario_file(scenario(tmp_path, with_checkpoint(wrong)), quiet=True).failures
    assert failure.expected == "stack, top first: Roost of Drakes, Verazol, the Split Current, Gnarlid Pack"
    assert failure.found.startswith("A:Verazol, the Split Current, A:Roost of Drakes, A:Gnarlid Pack")
    empty = VERAZOL + '\n[[expect]]\nzone = "stack"\ncards = []\n'
    assert run_scenario_file(scenario(tmp_path, empty), quiet=True).ok


def test_cards_goes_only_with_an_ordered_zone(tmp_path: Path) -> None:
    bad = VERAZOL + '\n[[expect]]\nzone = "battlefield"\ncards = ["Forest"]\n'
    with pytest.raises(ScenarioError, match='goes with zone = "stack" or zone = "library"'):
        run_scenario_file(scenario(tmp_path, bad), quiet=True)
    bad = VERAZOL + '\n[[expect]]\nzone = "stack"\ncards = []\ncount = 0\n'
    with pytest.raises(ScenarioError, match="'count' doesn't go with cards"):
        run_scenario_file(scenario(tmp_path, bad), quiet=True)


# --------------------------------------------------------------------------
# 6. players among the candidates
# --------------------------------------------------------------------------


def test_the_candidates_of_a_reference_that_fits_nothing_include_players(tmp_path: Path) -> None:
    path = scenario(tmp_path, SHOCKS.replace('targets = ["B"]', 'targets = ["Lhurgoyf"]'))
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    assert "candidates: A:Grizzly Bears (2/2), B:Grizzly Bears (2/2), player A, player B" in str(info.value)


def test_a_decision_with_only_players_never_lists_nothing(tmp_path: Path) -> None:
    (tmp_path / "spike.card").write_text("Lava Spike {R}\nSorcery\nLava Spike deals 3 damage to target player.\n",
                                         encoding="utf-8")
    text = ('description = "spike"\ncards = ["spike.card", "bears.card"]\n\n[players.A]\n'
            'battlefield = ["Mountain", "Grizzly Bears"]\nhand = ["Lava Spike"]\n'
            '\n[[steps]]\ncast = "Lava Spike"\ntargets = ["Grizzly Bears"]\n')
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(scenario(tmp_path, text), quiet=True)
    message = str(info.value)
    assert "'Grizzly Bears' matches nothing" in message
    assert "candidates: player A, player B" in message and "nothing;" not in message


# --------------------------------------------------------------------------
# 7. one rule: a decision with exactly one legal answer is taken without asking
# --------------------------------------------------------------------------

SCENARIOS = Path(__file__).parent / "scenarios"


def one_target(tmp_path: Path, targets: str) -> Path:
    text = (
        f'description = "Murder the only creature"\ncards = ["{TEST_CARDS}"]\n\n[players.A]\n'
        'battlefield = ["Swamp", "Swamp", "Swamp"]\nhand = ["Murder"]\n\n[players.B]\nbattlefield = ["Hill Giant"]\n'
        f'\n[[steps]]\ncast = "Murder"\n{targets}\n[[steps]]\nresolve = "all"\n'
        '\n[[expect]]\nplayer = "B"\nzone = "graveyard"\ncard = "Hill Giant"\n'
    )
    return scenario(tmp_path, text)


def test_a_spells_only_legal_target_is_taken_without_asking(tmp_path: Path) -> None:
    result = run_scenario_file(one_target(tmp_path, ""), quiet=True)
    assert result.ok, result.failures
    assert "  A: Murder: choose target creature: B:Hill Giant (battlefield) (the only choice)" in result.log


def test_an_answer_may_still_be_written_for_it(tmp_path: Path) -> None:
    assert run_scenario_file(one_target(tmp_path, 'targets = ["Hill Giant"]'), quiet=True).ok
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(one_target(tmp_path, 'targets = ["Grizzly Bears"]'), quiet=True)
    message = str(info.value)
    assert "target(s) not used: ['Grizzly Bears']" in message
    assert "whose only legal answer (B:Hill Giant (battlefield)) was taken without asking" in message


def test_a_triggers_only_legal_target_is_taken_without_asking_too(tmp_path: Path) -> None:
    # m09: Icefeather Aven's trigger, turned face up, has one legal target; the scenario writes none
    text = (SCENARIOS / "m09_morph_face_up_trigger.toml").read_text(encoding="utf-8")
    assert "choices = [\"B:Hill Giant\"]" not in text
    result = run_scenario_file(SCENARIOS / "m09_morph_face_up_trigger.toml", quiet=True)
    assert result.ok
    assert any("(the only choice)" in line and "Hill Giant" in line for line in result.log)


def test_play_i_does_not_ask_a_decision_with_one_answer(tmp_path: Path) -> None:
    path = one_target(tmp_path, "")
    with open("/dev/null") as devnull:
        run = subprocess.run([sys.executable, "-m", "cardtext", "play", "-i", str(path)], stdin=devnull,
                             capture_output=True, text=True, cwd=tmp_path, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "(the only choice)" in run.stdout and "number or name>" not in run.stdout


def test_only_answer_covers_each_kind() -> None:
    from cardtext.interpreter.choices import Decision, only_answer

    assert only_answer(Decision("targets", "A", "t", [(1, 1)], ["x"])) == [(1, 1)]
    assert only_answer(Decision("targets", "A", "t", [(1, 1), "B"], ["x", "player B"], 2, 2)) == [(1, 1), "B"]
    assert only_answer(Decision("targets", "A", "t", [(1, 1)], ["x"], 0, 1)) is None  # "up to": may choose none
    assert only_answer(Decision("targets", "A", "t", [(1, 1), (2, 1)], ["x", "y"])) is None
    assert only_answer(Decision("pick", "A", "p", [(1, 1)], ["x"])) == [(1, 1)]
    assert only_answer(Decision("word", "A", "w", ["G"], ["G"])) == "G"
    assert only_answer(Decision("divide", "A", "d", [(1, 1)], ["x"], total=3)) == {(1, 1): 3}
    for kind in ("may", "x", "kick", "modes", "new_targets"):
        assert only_answer(Decision(kind, "A", "q", [0], ["one"])) is None  # type: ignore[arg-type]


def test_interactive_shows_a_refusal_after_an_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # no Mountain: each Shock is refused after its target was answered (601.2c before 601.2h)
    text = SHOCKS.replace('battlefield = ["Mountain", "Mountain", "Grizzly Bears"]', 'battlefield = ["Grizzly Bears"]')
    text = text.replace('targets = ["B"]\n', "")
    feed(monkeypatch, ["B", "B"])
    assert play_main([str(scenario(tmp_path, text))], quiet=False, interactive=True) == 1
    out = capsys.readouterr().out
    assert out.count("REFUSED: ") == 2
    assert out.index("REFUSED: ") < out.index("[step 3] A: cast Shock")


def test_interactive_modes_of_a_trigger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "k12_modal_trigger.toml").read_text(encoding="utf-8")
    text = text.replace('choices = [[2], "B:Raging Goblin"]', "").replace('"../cards/"', f'"{TEST_CARDS}"')
    prompts = feed(monkeypatch, ["3", "2", "Raging Goblin"])
    assert play_main([str(scenario(tmp_path, text))], quiet=True, interactive=True) == 0
    out = capsys.readouterr().out
    assert len(prompts) == 3
    assert "\n  1. Each opponent loses 1 life" in out and "1. 1." not in out
    assert "3 is not one of the numbers 1 to 2; try again" in out


def test_interactive_divides_combat_damage_and_shows_the_combat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (SCENARIOS / "c09_trample_over_a_blocker.toml").read_text(encoding="utf-8")
    text = text.replace('choices = [{ "Grizzly Bears" = 2, "B" = 4 }]\n', "").replace('"../cards/"', f'"{TEST_CARDS}"')
    feed(monkeypatch, ["x", "1", "1", "2", "4"])
    assert play_main([str(scenario(tmp_path, text))], quiet=True, interactive=True) == 0
    out = capsys.readouterr().out
    assert "-- turn 1, A's combat damage step --" in out
    assert "  combat: A:Colossal Dreadmaw attacks B, blocked by B:Grizzly Bears" in out
    assert "'x' is not a whole number 0 or more; start again" in out
    assert "the amounts add up to 2, not 6; start again" in out


def test_discarding_as_many_cards_as_the_hand_holds_is_logged_as_the_only_choice() -> None:
    result = run_scenario_file(SCENARIOS / "k08_modes_kicked_two_modes.toml", quiet=True)
    assert result.ok
    assert "  B: discard 2 cards: Forest, Island (the only choice)" in result.log
    assert "  A: Inscription of Ruin: choose target opponent: player B (the only choice)" in result.log


@pytest.mark.parametrize("answer", ["²", "٣", "¹²"])
def test_interactive_a_digit_that_is_no_ascii_number_is_asked_again(
    answer: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``str.isdigit`` is true for "²", which ``int`` refuses: a message, not a crash."""
    path = scenario(tmp_path, SHOCKS + '\n[[expect]]\nplayer = "B"\nlife = 16\n')
    prompts = feed(monkeypatch, [answer, "B"])
    assert play_main([str(path)], quiet=True, interactive=True) == 0
    assert len(prompts) == 2
    assert f"'{answer}' matches nothing" in capsys.readouterr().out
