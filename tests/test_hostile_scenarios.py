"""Hostile scenario files (issue 9): every key has a type, checked before the
game starts; loops stop at a documented limit; no traceback, no PASS that
isn't one."""

from __future__ import annotations

import builtins
import time
from dataclasses import replace
from pathlib import Path

import pytest

import cardtext.scenario as S
from cardtext.cli import main
from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError, LocatedError
from cardtext.interpreter import add_card, new_game
from cardtext.scenario import (
    MAX_RESOLUTIONS,
    Locator,
    ScenarioError,
    fingerprint,
    play_main,
    run_scenario_file,
)

SCENARIO_DOCS = Path(__file__).resolve().parents[1] / "docs" / "scenarios.md"

BASE = """\
description = "x"

[players.A]
battlefield = ["Forest", { card = "Forest", counters = { "+1/+1" = 1 } }]
hand = ["Grizzly Bears"]
life = 20

[[steps]]
player = "A"
pass = true

[[expect]]
player = "A"
zone = "battlefield"
card = "Forest"
"""

GRIZZLY = "Grizzly Bears {1}{G}\nCreature — Bear\n2/2\n"


def scenario(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    (tmp_path / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    text = text.replace('description = "x"', 'description = "x"\ncards = ["bears.card"]', 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, old: str, new: str) -> ScenarioError:
    assert old in BASE, old
    path = scenario(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    return info.value


def test_the_base_scenario_passes(tmp_path: Path) -> None:
    assert run_scenario_file(scenario(tmp_path, BASE), quiet=True).ok


# --------------------------------------------------------------------------
# Every key has a type; nothing is coerced
# --------------------------------------------------------------------------

# (old text, new text, words the message must hold, line, column); lines count
# the 'cards' line scenario() adds as line 2.
WRONG_TYPES = [
    ("life = 20", 'life = "yes"', 'players.A: life = "yes": expected a whole number of life points, found text', 7, 8),
    ("life = 20", "life = 1.9", "players.A: life = 1.9: expected a whole number of life points, found a decimal number", 7, 8),
    ("life = 20", "life = 2.0", "found a decimal number", 7, 8),
    ("life = 20", "life = true", "found true/false", 7, 8),
    ('hand = ["Grizzly Bears"]', "hand = 3", "players.A: hand = 3: expected a list of card names", 6, 8),
    ('hand = ["Grizzly Bears"]', 'hand = "Forest"', 'players.A: hand = "Forest": expected a list of card names', 6, 8),
    ('hand = ["Grizzly Bears"]', "library = 3", "players.A: library = 3: expected a list", 6, 11),
    ('hand = ["Grizzly Bears"]', 'hand = ["Grizzly Bears", 3]', "players.A: hand item 2 = 3: expected a card name", 6, 26),
    ('counters = { "+1/+1" = 1 }', "counters = 5", "battlefield item 2, counters = 5: expected a table of counters", 5, 56),
    ('"+1/+1" = 1', '"+1/+1" = -1', 'counters."+1/+1" = -1: expected at least 0', 5, 68),
    ('counters = { "+1/+1" = 1 }', 'tapped = "no"', 'players.A: battlefield item 2, tapped = "no": expected true or false, found text', 5, 54),
    ('counters = { "+1/+1" = 1 }', 'face_down = "sideways"', 'face_down = "sideways": expected "manifested", "manifested dread", "cloaked", "morph" or "disguised"', 5, 57),
    ('{ card = "Forest", counters = { "+1/+1" = 1 } }', "{ card = 5 }", "battlefield item 2, card = 5: expected a card name", 5, 35),
    ('description = "x"', 'description = "x"\nrules = "K1"', 'rules = "K1": expected a list of rule ids', 3, 9),
    ('description = "x"', "description = 5", "description = 5: expected text", 1, 15),
    ("life = 20", "life = nan", "players.A: life = nan: expected a whole number of life points, found a decimal number", 7, 8),
    ("life = 20", "life = -inf", "players.A: life = -inf: expected", 7, 8),
    ('description = "x"', 'description = "x"\nseed = "7"', 'seed = "7": expected a whole number, found text', 3, 8),
    ('description = "x"', 'description = "x"\nseed = 99999999999999999999', "seed = 99999999999999999999: expected a 64-bit whole number", 3, 8),
    ('description = "x"', 'description = "x"\nsteps = [1]', "not valid TOML", 0, 0),
    ("pass = true", "pass = true\ntargets = 5", "step 1: targets = 5: expected a list of targets", 12, 11),
    ("pass = true", 'pass = true\ntargets = ["B", 5]', "step 1: targets item 2 = 5: expected a reference", 12, 17),
    ("pass = true", "pass = true\nchoices = 5", "step 1: choices = 5: expected a list of answers", 12, 11),
    ("pass = true", "pass = true\nchoices = [1.5]", "step 1: choices item 1 = 1.5: expected an answer", 12, 12),
    ("pass = true", "pass = true\npay = [true]", "step 1: pay item 1 = true: expected a reference", 12, 8),
    ("pass = true", "pass = false", "step 1: pass = false: expected true", 11, 8),
    ("pass = true", 'pass = "yes"', 'step 1: pass = "yes": expected true', 11, 8),
    ("pass = true", 'cast = "Grizzly Bears"\nkick = "yes"', 'step 1: kick = "yes": expected true/false, a number of times', 12, 8),
    ("pass = true", 'cast = "Grizzly Bears"\nkick = 1001', "step 1: kick = 1001: expected from 0 to 1000 (times a kicker is paid)", 12, 8),
    ("pass = true", 'cast = "Grizzly Bears"\nx = -1', "step 1: x = -1: expected from 0 to 1000 (the value of X)", 12, 5),
    ("pass = true", 'cast = "Grizzly Bears"\nfrom = "deck"', 'step 1: from = "deck": expected "hand", "graveyard", "exile" or "library"', 12, 8),
    ("pass = true", "cast = 5", "step 1: cast = 5: expected a reference", 11, 8),
    ("pass = true", 'activate = "Forest"\nability = 0', "step 1: ability = 0: expected at least 1", 12, 11),
    ("pass = true", 'resolve = "al"', 'step 1: resolve = "al": expected "all"', 11, 11),
    ("pass = true", "resolve = 0", "step 1: resolve = 0: expected from 1 to 100", 11, 11),
    ("pass = true", "resolve = 1000000000", "step 1: resolve = 1000000000: expected from 1 to 100 (stack objects resolved in one step)", 11, 11),
    ("pass = true", 'block = { "Forest" = 5 }', 'step 1: block.Forest = 5: expected a reference', 11, 22),
    ("pass = true", 'attack = "Forest"', 'step 1: attack = "Forest": expected a list of references', 11, 10),
    ("pass = true", 'combat = "later"', 'step 1: combat = "later": expected "damage" or "end"', 11, 10),
    ('player = "A"', 'player = "C"', 'step 1: player = "C": expected "A" or "B"', 10, 10),
    ('player = "A"', "player = 1", "step 1: player = 1: expected a player, found a whole number", 10, 10),
    ('card = "Forest"\n', 'card = "Forest"\ncount = "2"\n', 'expectation 1: count = "2": expected a whole number, 0 or more', 17, 9),
    ('card = "Forest"\n', 'card = "Forest"\ntapped = "no"\n', 'expectation 1: tapped = "no": expected true or false', 17, 10),
    ('card = "Forest"\n', 'card = "Forest"\ncounters = 5\n', "expectation 1: counters = 5: expected a table of counters", 17, 12),
    ('card = "Forest"\n', 'card = "Forest"\ncolors = "G"\n', 'expectation 1: colors = "G": expected a list of colors', 17, 10),
    ('card = "Forest"\n', 'card = "Forest"\nkicked = "yes"\n', 'expectation 1: kicked = "yes": expected true/false or a number of times', 17, 10),
    ('zone = "battlefield"', 'zone = "field"', 'expectation 1: zone = "field": expected "battlefield"', 15, 8),
    ('zone = "battlefield"\n', "", "expectation 1: needs 'zone'", 13, 1),
]


@pytest.mark.parametrize(("old", "new", "message", "line", "column"), WRONG_TYPES)
def test_a_value_of_the_wrong_type_is_located(
    tmp_path: Path, old: str, new: str, message: str, line: int, column: int
) -> None:
    error = error_of(tmp_path, old, new)
    assert message in str(error)
    if line:
        assert (error.line, error.column) == (line, column), error.format()


def test_wrong_types_are_exit_status_2_through_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scenario(tmp_path, BASE.replace("life = 20", 'life = "yes"'))
    assert main(["play", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:7:8: error: players.A: life = \"yes\"")
    assert "Traceback" not in err


def test_the_whole_scenario_is_checked_before_the_game_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A wrong value in the last expectation stops the scenario before its first step."""
    calls: list[object] = []
    monkeypatch.setattr(S, "new_game", lambda *a, **k: calls.append(a) or new_game(*a, **k))
    error = error_of(tmp_path, 'card = "Forest"\n', 'card = "Forest"\npower = "2"\n')
    assert "expectation 1: power" in str(error)
    assert calls == []


def test_an_unknown_key_in_a_late_step_is_found_before_the_game(tmp_path: Path) -> None:
    error = error_of(tmp_path, "pass = true", "pass = true\n\n[[steps]]\npass = true\ntarget = []")
    assert "unknown key 'target' in step 2" in str(error) and error.hint == "did you mean 'targets'?"


def test_an_unknown_player_is_named(tmp_path: Path) -> None:
    error = error_of(tmp_path, "[players.A]", "[players.C]")
    assert str(error).endswith("unknown player 'C' (players are A and B)")
    assert error.line == 4


def test_a_number_over_4300_digits_is_a_message(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'description = "x"', 'description = "x"\nseed = ' + "9" * 5000)
    assert "a number too long to read" in str(error)
    assert (error.line, error.column) == (3, 8)
    assert len(error.format().splitlines()[1]) < 220  # the 5,000 digits are cut short


def test_deep_nesting_is_a_message(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'description = "x"', 'description = "x"\nseed = ' + "[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in str(error)


def test_a_nested_value_where_text_goes(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'hand = ["Grizzly Bears"]', "hand = [[[[[[[[[[1]]]]]]]]]]")
    assert "players.A: hand item 1 = [[[...]]]: expected a card name or a table" in str(error)


def test_a_lone_surrogate_escape_is_a_message(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'description = "x"', 'description = "\\ud800"')
    assert "not valid TOML" in str(error)


def test_a_reference_with_a_huge_number(tmp_path: Path) -> None:
    path = scenario(tmp_path, BASE.replace('card = "Forest"\n', 'card = "Forest#' + "9" * 5000 + '"\ncount = 0\n'))
    assert run_scenario_file(path, quiet=True).ok
    text = BASE.replace("pass = true", 'activate = "Forest#' + "9" * 5000 + '"')
    with pytest.raises(ScenarioError, match="there are only 2 that fit"):
        run_scenario_file(scenario(tmp_path, text), quiet=True)


def test_cards_naming_a_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "loop-a").symlink_to("loop-b")
    (tmp_path / "loop-b").symlink_to("loop-a")
    text = BASE.replace('description = "x"', 'description = "x"\ncards = ["loop-a"]')
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    assert str(info.value).endswith("can't read loop-a: a loop of symbolic links")
    assert (info.value.line, info.value.column) == (2, 10)


def test_cards_folder_with_a_folder_link_loop(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    (cards / "again").symlink_to(cards)
    text = BASE.replace('description = "x"', 'description = "x"\ncards = ["cards"]')
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    assert run_scenario_file(path, quiet=True).ok


def test_cards_folder_with_an_unreadable_subfolder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    cards = tmp_path / "cards"
    (cards / "locked").mkdir(parents=True)
    (cards / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    real_scandir = os.scandir

    def scandir(path: str | Path) -> object:
        if Path(path).name == "locked":
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    text = BASE.replace('description = "x"', 'description = "x"\ncards = ["cards"]')
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    assert str(info.value).endswith(f"{cards / 'locked'}: can't read folder: Permission denied")
    assert info.value.line == 2


def test_a_scenario_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_bytes(b'description = "caf\xe9"\n')
    with pytest.raises(ScenarioError, match=r"can't read scenario: not UTF-8 text \(invalid continuation byte at byte 18\)"):
        run_scenario_file(path, quiet=True)


def test_line_numbers_count_only_newlines(tmp_path: Path) -> None:
    """A U+2028 or a form feed inside a TOML string is not a line end (tomllib agrees)."""
    text = BASE.replace('description = "x"', 'description = "a\u2028b\u0085c\u2029d"').replace("life = 20", 'life = "yes"')
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    assert info.value.line == 6


def test_a_long_scenario_line_is_shortened_in_the_message(tmp_path: Path) -> None:
    error = error_of(tmp_path, 'hand = ["Grizzly Bears"]', "hand = [" + '"Forest", ' * 100 + "3]")
    shown, caret = error.format().splitlines()[1:3]
    assert len(shown) <= 210 and "\u2026" in shown
    assert shown[caret.index("^")] == "3"


def test_invisible_characters_in_a_scenario_line_are_shown(tmp_path: Path) -> None:
    error = error_of(tmp_path, "life = 20", 'life = "\u00a0\\u0000"')
    assert '    life = "\u237d\\u0000"' in error.format().splitlines()


# --------------------------------------------------------------------------
# Loops: a limit of resolutions per step, and a repeated game state (104.4b)
# --------------------------------------------------------------------------

SAPROLINGS = """\
Saproling Burst {G}
Enchantment
Whenever a creature enters, create a 1/1 green Saproling creature token.
"""

LOOP = """\
description = "a mandatory trigger loop"
cards = ["loop.card", "bears.card"]

[players.A]
battlefield = ["Forest", "Forest", "Saproling Burst"]
hand = ["Grizzly Bears"]

[[steps]]
player = "A"
cast = "Grizzly Bears"

[[steps]]
resolve = {resolve}
"""


def loop_scenario(tmp_path: Path, resolve: str) -> Path:
    (tmp_path / "loop.card").write_text(SAPROLINGS, encoding="utf-8")
    (tmp_path / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    path = tmp_path / "loop.toml"
    path.write_text(LOOP.replace("{resolve}", resolve), encoding="utf-8")
    return path


def test_a_mandatory_trigger_loop_stops_at_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The reproduction of the issue, with the real limit: an error, never a PASS."""
    start = time.perf_counter()
    assert main(["play", "-q", str(loop_scenario(tmp_path, '"all"'))]) == 2
    assert time.perf_counter() - start < 60
    captured = capsys.readouterr()
    assert "PASS" not in captured.out
    assert f"loop.toml:13:1: error: step 2: resolve = \"all\" stopped after {MAX_RESOLUTIONS} resolutions" in captured.err
    assert "CR 104.4b" in captured.err


def test_the_limit_is_per_step_and_can_be_lowered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "MAX_RESOLUTIONS", 7)
    with pytest.raises(ScenarioError, match=r"stopped after 7 resolutions with 1 object\(s\) still on the stack \(the top one from Saproling Burst\)"):
        run_scenario_file(loop_scenario(tmp_path, '"all"'), quiet=True)


def test_resolve_n_in_a_loop_resolves_n(tmp_path: Path) -> None:
    path = loop_scenario(tmp_path, "5")
    result = run_scenario_file(path, quiet=True)
    assert result.ok
    assert sum("create" in line or "Saproling Burst's ability resolves" in line for line in result.log) >= 4


def test_an_optional_loop_kept_going_by_the_answers_is_not_called_mandatory(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """ "you may create ...": each time round a "you may" is answered yes, so
    the loop at the limit is not "a loop of mandatory abilities" (104.4b makes
    only those a draw); the error says the answers keep it going."""
    monkeypatch.setattr(S, "MAX_RESOLUTIONS", 4)
    (tmp_path / "loop.card").write_text(SAPROLINGS.replace(", create", ", you may create"), encoding="utf-8")
    (tmp_path / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    path = tmp_path / "loop.toml"
    path.write_text(LOOP.replace("{resolve}", '"all"\nchoices = [true, true, true, true]'), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    message = str(info.value)
    assert "stopped after 4 resolutions" in message
    assert "Decisions were made along the way (3 of them), so this loop isn't a mandatory one" in message
    assert "mandatory triggered abilities never ends" not in message
    assert "answer no to the" in info.value.hint


def test_the_limit_is_documented() -> None:
    readme = SCENARIO_DOCS.read_text(encoding="utf-8")
    assert f"at most {MAX_RESOLUTIONS} stack objects" in readme
    assert "104.4b" in readme


def test_a_repeated_game_state_is_a_draw_found_before_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bears.card").write_text(GRIZZLY, encoding="utf-8")
    text = """\
description = "an object that puts itself back"
cards = ["bears.card"]

[players.A]
battlefield = ["Forest", "Forest"]
hand = ["Grizzly Bears"]

[[steps]]
cast = "Grizzly Bears"

[[steps]]
resolve = "all"
"""
    path = tmp_path / "back.toml"
    path.write_text(text, encoding="utf-8")
    calls = []

    def put_back(game: S.Game) -> None:  # stands for a loop the cards make: the same spell again
        calls.append(1)
        top = game.state.stack[-1]
        game.state.stack[-1] = replace(top, sid=top.sid + 1)

    monkeypatch.setattr(S, "resolve_top", put_back)
    with pytest.raises(ScenarioError) as info:
        run_scenario_file(path, quiet=True)
    message = str(info.value)
    assert "back in the state it was in after resolution 1 (resolution 2)" in message
    assert "CR 104.4b" in message and info.value.line == 12
    assert len(calls) == 2


def test_a_decision_between_two_equal_states_is_no_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtext.interpreter.state import StackItem

    """A loop with a choice in it is not mandatory (104.4b): only the limit stops it."""
    runner = S.Runner.__new__(S.Runner)
    runner.loc = Locator("x.toml", "resolve = 'all'\n")
    game = new_game()
    add_card(game, S.bundled_pool()["Forest"], "A", "battlefield")

    class Asking:
        asked = 0

    chooser = Asking()
    state = {"n": 0}

    def resolve_with_a_choice(g: S.Game) -> None:
        state["n"] += 1
        chooser.asked += 1

    game.state.stack.append(StackItem(1, "ability", "A", (1, 0), 0, None, "Loop"))
    monkeypatch.setattr(S, "resolve_top", resolve_with_a_choice)
    monkeypatch.setattr(S, "MAX_RESOLUTIONS", 12)
    with pytest.raises(ScenarioError, match="stopped after 12 resolutions"):
        runner._resolve(game, "all", chooser, 0, runner.loc.loc(1))  # type: ignore[arg-type]
    assert state["n"] == 12


def test_fingerprints_ignore_object_ids_and_the_log(pool: dict[str, A.Card]) -> None:
    one, two = new_game(), new_game()
    add_card(two, pool["Island"], "B", "exile")  # uses up ids in the second game
    two.state.objects.clear()
    two.state.zones.clear()
    for game in (one, two):
        add_card(game, pool["Forest"], "A", "battlefield")
        add_card(game, pool["Grizzly Bears"], "A", "hand")
    two.say("something happened")
    assert [o.cid for o in one.battlefield()] != [o.cid for o in two.battlefield()]
    assert fingerprint(one) == fingerprint(two)
    two.battlefield()[0].tapped = True
    assert fingerprint(one) != fingerprint(two)


# --------------------------------------------------------------------------
# Size: a 10,000-step scenario is linear; play -i at the end of input
# --------------------------------------------------------------------------


def test_ten_thousand_steps_run_in_linear_time(tmp_path: Path) -> None:
    lines = ['description = "many steps"', "", "[players.A]", 'library = ["Forest", "Forest"]', ""]
    for i in range(10_000):  # steps that don't move the turn on: passing would draw from B's empty library (704.5b)
        lines += ["[[steps]]", f'note = "step {i}"', 'resolve = "all"', ""]
    path = tmp_path / "many.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    locator = Locator(str(path), path.read_text(encoding="utf-8"))
    assert locator.header("steps", 9_999) == len(lines) - 3
    start = time.perf_counter()
    result = run_scenario_file(path, quiet=True)
    elapsed = time.perf_counter() - start
    assert result.ok
    assert elapsed < 30, f"10,000 steps took {elapsed:.1f} s: each step must not scan the file"


def test_locating_a_step_does_not_scan_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n".join("[[steps]]\npass = true\n" for _ in range(2000))
    locator = Locator("x.toml", text)
    lines = locator.lines

    class Guard(list):  # type: ignore[type-arg]
        reads = 0

        def __getitem__(self, index: object) -> object:
            Guard.reads += 1
            return super().__getitem__(index)  # type: ignore[index]

    locator.lines = Guard(lines)
    for i in range(0, 2000, 7):
        locator.key(locator.header("steps", i), "pass")
    assert Guard.reads < 10 * (2000 // 7 + 1)


@pytest.mark.parametrize(
    "line",
    ["[" + " " * 200_000 + "x", " " * 200_000, "resolve" + " " * 200_000 + "x", "[[" + "\t" * 200_000],
)
def test_long_runs_of_spaces_are_read_in_linear_time(tmp_path: Path, line: str) -> None:
    """No regular expression over the scenario's text backtracks on a run of spaces."""
    text = BASE.replace("pass = true", "pass = true\n" + line)
    path = scenario(tmp_path, text)
    start = time.perf_counter()
    try:
        run_scenario_file(path, quiet=True)
    except ScenarioError as exc:
        exc.format()
    assert time.perf_counter() - start < 5
    locator = Locator("x.toml", text)
    start = time.perf_counter()
    locator.key(locator.header("steps"), "resolve")
    locator.locate(("steps", 0, "resolve"), "all")
    assert time.perf_counter() - start < 2


def test_play_interactive_at_the_end_of_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "shock.card").write_text("Shock {R}\nInstant\nShock deals 2 damage to any target.\n", encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(
        'description = "x"\ncards = ["shock.card"]\n\n[players.A]\nbattlefield = ["Mountain"]\nhand = ["Shock"]\n'
        '\n[[steps]]\ncast = "Shock"\n',
        encoding="utf-8",
    )

    def eof(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", eof)
    assert play_main([str(path), str(path)], quiet=True, interactive=True) == 2
    err = capsys.readouterr().err
    assert err == f"{path}: error: the input ended (EOF) before the decision was answered; no more scenarios are run\n"



# --------------------------------------------------------------------------
# A finished game stays finished (104.1-104.4, 704.5a-c)
# --------------------------------------------------------------------------

GAME_CARDS = (
    "Shock {R}\nInstant\nShock deals 2 damage to any target.\n\n"
    "Peek {U}\nSorcery\nTarget player draws two cards.\n\n"
    "Fire Everywhere {R}\nSorcery\nFire Everywhere deals 3 damage to each player.\n"
)


def game_scenario(tmp_path: Path, body: str) -> Path:
    (tmp_path / "game.card").write_text(GAME_CARDS, encoding="utf-8")
    path = tmp_path / "game.toml"
    path.write_text('cards = ["game.card"]\n' + body, encoding="utf-8")
    return path


def test_704_5a_a_player_at_0_life_has_lost_and_no_step_is_taken_after(tmp_path: Path) -> None:
    body = """
[players.A]
battlefield = ["Mountain", "Mountain"]
hand = ["Shock", "Shock"]
[players.B]
life = 2
[[steps]]
cast = "Shock"
targets = ["B"]
[[steps]]
resolve = "all"
[[steps]]
cast = "Shock"
targets = ["B"]
error = "the game is over"
[[expect]]
player = "B"
lost = true
[[expect]]
player = "A"
lost = false
[[expect]]
draw = false
[[expect]]
player = "A"
zone = "hand"
card = "Shock"
"""
    result = run_scenario_file(game_scenario(tmp_path, body), quiet=True)
    assert result.ok, result.failures
    assert "  refused as expected: the game is over: B lost the game and A won it (104.2a, 104.3a)" in result.log
    failing = run_scenario_file(game_scenario(tmp_path, body.replace('error = "the game is over"\n', "")), quiet=True)
    assert not failing.ok and "it was refused: the game is over" in str(failing.failures[0])


@pytest.mark.parametrize("setup", ["life = 0", "life = -3", "poison = 10"])
def test_704_3_a_player_set_up_as_having_lost_has_lost_before_the_first_step(tmp_path: Path, setup: str) -> None:
    """The game starts with the active player about to receive priority, so
    state-based actions are performed first (117.5, 704.3): a player set up
    at 0 life (or with 10 poison counters) has lost, and the first step is
    refused.  A step expected to be refused for another reason then fails."""
    body = f"""
[players.A]
battlefield = ["Mountain"]
hand = ["Shock"]
{setup}
[[steps]]
cast = "Shock"
targets = ["B"]
error = "the game is over"
[[expect]]
player = "A"
lost = true
"""
    result = run_scenario_file(game_scenario(tmp_path, body), quiet=True)
    assert result.ok, result.failures
    assert "refused as expected: the game is over: A lost the game and B won it" in "\n".join(result.log)
    other = body.replace('error = "the game is over"', 'error = "no mana"')
    assert not run_scenario_file(game_scenario(tmp_path, other), quiet=True).ok


def test_704_5b_drawing_from_an_empty_library_loses_at_the_next_check(tmp_path: Path) -> None:
    body = """
[players.A]
battlefield = ["Island"]
hand = ["Peek"]
[players.B]
library = ["Island"]
[[steps]]
cast = "Peek"
targets = ["B"]
[[steps]]
resolve = "all"
[[steps]]
pass = true
error = "the game is over"
[[expect]]
player = "B"
lost = true
[[expect]]
player = "B"
zone = "hand"
card = "Island"
"""
    result = run_scenario_file(game_scenario(tmp_path, body), quiet=True)
    assert result.ok, result.failures
    assert "  B drew from an empty library and loses the game (704.5b)" in result.log


def test_104_4a_both_players_losing_at_once_is_a_draw(tmp_path: Path) -> None:
    body = """
[players.A]
battlefield = ["Mountain"]
hand = ["Fire Everywhere"]
life = 3
[players.B]
life = 3
[[steps]]
cast = "Fire Everywhere"
[[steps]]
resolve = "all"
[[expect]]
draw = true
[[expect]]
player = "A"
lost = true
"""
    result = run_scenario_file(game_scenario(tmp_path, body), quiet=True)
    assert result.ok, result.failures
    wrong = run_scenario_file(game_scenario(tmp_path, body.replace("draw = true", "draw = false")), quiet=True)
    assert not wrong.ok and "every player lost the game at once, so it is a draw (104.4a)" in str(wrong.failures[0])


def test_704_5c_ten_poison_counters_lose() -> None:
    from cardtext.interpreter import sba

    game = new_game()
    game.player("B").poison = 10
    assert sba.check(game)
    assert game.player("B").lost and sba.game_over(game) == "B lost the game and A won it (104.2a, 104.3a)"


def test_toml_open_at_the_end_is_located_at_the_end(tmp_path: Path) -> None:
    """tomllib says 'at end of document': the error is at the end of the last
    line written, not at 1:1."""
    path = tmp_path / "open.toml"
    path.write_text('description = "x"\n\n[[steps]]\nplayer = "A"\ncast = [\n\n', encoding="utf-8")
    with pytest.raises(CardTextError) as error:
        run_scenario_file(path)
    assert isinstance(error.value, LocatedError)
    assert (error.value.line, error.value.column) == (5, 9)
    assert "not valid TOML" in str(error.value)
