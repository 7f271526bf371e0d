"""The cardtext pytest plugin (cardtext/pytest_plugin.py).

First as a designer meets it: a temporary repository with a card file and
scenario files, and ``pytest`` run there in a subprocess, with cardtext
installed (not editable) so that the plugin is found by its entry point.
Then each option, in-process with pytest's ``pytester``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import hypothesis  # noqa: F401 - its pytest plugin imports it in every run below
import pytest
from conftest import installed_env

from cardtext.pytest_plugin import glob_regex, matches

GNARLID = """\
Gnarlid Pack {1}{G}
Creature — Beast
Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast this spell.)
Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.
2/2
"""

MULTIKICKER_REMINDER = (
    " (You may pay an additional {1}{G} any number of times as you cast this spell.)"
)

SHOCK = """\
Shock {R}
Instant
Shock deals 2 damage to any target.
"""

GOBLIN = """\
Bloodstone Goblin {1}{R}
Creature — Goblin
Kicker 2G
2/2
"""

MY_SET = f"# My set.\n\n{GNARLID}\n{SHOCK}\n{GOBLIN}"  # Goblin's "Kicker 2G" is line 15

SCENARIO = """\
description = "Gnarlid Pack kicked twice enters with two counters"

[players.A]
battlefield = ["Forest", "Forest", "Forest", "Forest", "Forest", "Forest"]
hand = ["Gnarlid Pack"]

[[steps]]
player = "A"
cast = "Gnarlid Pack"
kick = 2

[[steps]]
resolve = "all"

[[expect]]
player = "A"
zone = "battlefield"
card = "Gnarlid Pack"
power = {power}
"""


def designer_repository(root: Path) -> Path:
    (root / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (root / "my_set.card").write_text(MY_SET, encoding="utf-8")
    scenarios = root / "scenarios"
    scenarios.mkdir()
    (scenarios / "gnarlid.toml").write_text(SCENARIO.replace("{power}", "4"), encoding="utf-8")
    (root / "wrong.scenario.toml").write_text(
        SCENARIO.replace("{power}", "5").replace("two counters", "five power"), encoding="utf-8"
    )
    (root / "pyproject_like.toml").write_text("not = 'a scenario'\n", encoding="utf-8")
    return root


def write(pytester: pytest.Pytester, name: str, text: str) -> Path:
    path = pytester.path / name
    path.write_text(text, encoding="utf-8")
    return path


def run_pytest(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=installed_env(target),
        timeout=300,
    )


# --------------------------------------------------------------------------
# A designer's repository, pytest in a subprocess
# --------------------------------------------------------------------------


def test_pytest_in_a_designers_repository(installed: Path, tmp_path: Path) -> None:
    repo = designer_repository(tmp_path)
    proc = run_pytest(installed, repo, "-v", "--trace-config")
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    plugins = out[out.index("registered third-party plugins:") :].splitlines()[1:4]
    assert any(
        line.split()[0].startswith("cardtext-") and str(installed) in line for line in plugins
    ), plugins  # the installed package's plugin, found by its entry point
    for item, outcome in [
        ("my_set.card::Gnarlid Pack", "PASSED"),
        ("my_set.card::Shock", "PASSED"),
        ("my_set.card::Bloodstone Goblin", "FAILED"),
        ("my_set.card::layout", "PASSED"),
        ("scenarios/gnarlid.toml::gnarlid", "PASSED"),
        ("wrong.scenario.toml::wrong.scenario", "FAILED"),
    ]:
        assert f"{item} {outcome}" in out, out
    assert "pyproject_like" not in out
    # The card's failure: the compiler's message with its caret, no traceback.
    report = out[out.index("_ card Bloodstone Goblin _") :]
    assert (
        "my_set.card:15:8: error: mana cost without braces\n    Kicker 2G\n           ^^\n"
        in report
    )
    assert "hint: mana costs are written in braces: {2}{G}" in report
    assert "Traceback" not in out and "def runtest" not in out
    # The scenario's failure: expected, found, and the game log.
    report = out[out.index("_ scenario wrong.scenario _") :]
    assert "expected: " in report and "power=5" in report
    assert "found:" in report and "4/4" in report
    assert "game log:" in report and "casts Gnarlid Pack" in report


def test_pytest_k_selects_by_card_name_and_p_no_turns_the_plugin_off(
    installed: Path, tmp_path: Path
) -> None:
    repo = designer_repository(tmp_path)
    proc = run_pytest(installed, repo, "-v", "-k", "Gnarlid")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    selected = [
        line.split(" PASSED")[0].split(" FAILED")[0]
        for line in proc.stdout.splitlines()
        if line.endswith("%]")
    ]  # and the scenarios by the card named in their description
    assert selected == [
        "my_set.card::Gnarlid Pack",
        "scenarios/gnarlid.toml::gnarlid",
        "wrong.scenario.toml::wrong.scenario",
    ]
    assert "3 deselected" in proc.stdout
    proc = run_pytest(installed, repo, "-q", "-p", "no:cardtext")
    assert proc.returncode == 5, proc.stdout + proc.stderr  # nothing collected


# --------------------------------------------------------------------------
# Options, in-process
# --------------------------------------------------------------------------


def test_no_fmt_option_and_ini(pytester: pytest.Pytester) -> None:
    write(pytester, "messy.card", GNARLID.replace("Pack enters with", "Pack enters the battlefield with"))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(
        ["*messy.card:4:21: error: the text of Gnarlid Pack isn't canonical*"]
    )
    result.stdout.fnmatch_lines(["+Gnarlid Pack enters with a +1/+1 counter*"])
    assert pytester.runpytest("--cardtext-no-fmt").ret == 0
    pytester.makeini("[pytest]\ncardtext_no_fmt = messy.card\n")
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)  # no layout item either


def test_a_card_with_or_without_its_reminder_text_is_canonical(pytester: pytest.Pytester) -> None:
    """Reminder text is optional (docs/cards.md): a card that
    leaves it out, or writes one fmt has no wording for, passes."""
    write(pytester, "bare.card", GNARLID.replace(MULTIKICKER_REMINDER, ""))
    write(pytester, "extra.card", SHOCK.replace("Instant", "Instant\n(A line of reminder text.)").replace(
        "any target.", "any target. (Any target is a creature, a player, a planeswalker or a battle.)"))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def test_layout_item_reports_blank_lines(pytester: pytest.Pytester) -> None:
    write(pytester, "spaced.card", GNARLID + "\n\n\n" + SHOCK)
    result = pytester.runpytest("-v")
    result.assert_outcomes(failed=1, passed=2)
    result.stdout.fnmatch_lines(
        ["*spaced.card::layout FAILED*", "*blank lines, comments or line endings*"]
    )


BEEST = GNARLID.replace("Creature — Beast", "Creature — Beest")
"""Gnarlid Pack with a misspelled subtype: valid, with the type line's
warning (205.3: a subtype the rules don't list)."""


def test_warnings_are_pytest_warnings_and_failures_when_strict(pytester: pytest.Pytester) -> None:
    write(pytester, "beast.card", BEEST)
    result = pytester.runpytest_inprocess()
    result.assert_outcomes(passed=2, warnings=1)
    result.stdout.fnmatch_lines(
        ["*CardTextWarning: beast.card:2:12: warning: 'Beest' is not a subtype the rules list*"]
    )
    result = pytester.runpytest_inprocess("--cardtext-strict")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "beast.card:2:12: warning: 'Beest' is not a subtype the rules list (a new one?)",
            "    Creature — Beest",
            "    " + " " * 11 + "^^^^^",
            "*did you mean 'Beast'?*",
        ]
    )


def test_snapshots_are_written_compared_and_shown_as_a_diff(pytester: pytest.Pytester) -> None:
    write(pytester, "my_set.card", GNARLID + "\n" + SHOCK)
    pytester.makeini("[pytest]\ncardtext_snapshots = true\n")
    result = pytester.runpytest()
    result.assert_outcomes(failed=2, passed=1)
    result.stdout.fnmatch_lines(["*no snapshot of Shock; run pytest --cardtext-update-snapshots*"])
    result = pytester.runpytest("--cardtext-update-snapshots")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["cardtext: updated 1 snapshot file(s):", "  my_set.ast"])
    snapshot = pytester.path / "my_set.ast"
    from cardtext.cli import main

    stored = snapshot.read_text(encoding="utf-8")
    assert stored.startswith("Card\n  name: 'Gnarlid Pack'\n")
    assert "\n\nCard\n  name: 'Shock'\n" in stored
    assert pytester.runpytest().ret == 0
    # The snapshot is what `cardtext parse` prints.
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["parse", str(pytester.path / "my_set.card")]) == 0
    assert out.getvalue() == stored
    # A change of meaning: a diff against the snapshot.
    (pytester.path / "my_set.card").write_text(
        GNARLID + "\n" + SHOCK.replace("2 damage", "3 damage"), encoding="utf-8"
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=1, passed=2)
    result.stdout.fnmatch_lines(
        ["*my_set.ast: the AST of Shock differs from its snapshot*", "--- my_set.ast", "+++ now"]
    )
    # Only the failure report: pytest's short summary repeats the message in
    # full when it runs under CI (the CI environment variable).
    report = result.stdout.lines
    report = report[: next(i for i, line in enumerate(report) if "short test summary" in line)]
    changed = [line for line in report if line[:1] in "-+" and line[1:2] not in "-+"]
    assert (
        len(changed) == 2
        and "2" in changed[0]
        and changed[1] == "+" + changed[0][1:].replace("2", "3")
    )


def test_an_existing_ast_file_turns_snapshots_on(pytester: pytest.Pytester) -> None:
    write(pytester, "shock.card", SHOCK)
    assert pytester.runpytest().ret == 0
    write(pytester, "shock.ast", "")
    pytester.runpytest().assert_outcomes(failed=1, passed=1)
    pytester.runpytest("--cardtext-update-snapshots").assert_outcomes(passed=2)
    assert (
        (pytester.path / "shock.ast")
        .read_text(encoding="utf-8")
        .startswith("Card\n  name: 'Shock'")
    )


def test_cards_named_twice_get_distinct_items(pytester: pytest.Pytester) -> None:
    write(pytester, "twice.card", SHOCK + "\n" + SHOCK)
    result = pytester.runpytest("--co", "-q")
    result.stdout.fnmatch_lines(["twice.card::Shock", "twice.card::Shock#2", "twice.card::layout"])


def test_a_card_file_that_is_not_utf8_is_a_collection_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "latin.card").write_bytes("Caf\xe9 {R}\nInstant\n".encode("latin-1"))
    result = pytester.runpytest()
    assert result.ret == 2
    result.stdout.fnmatch_lines(["*latin.card: error: can't read:*"])
    assert "Traceback" not in result.stdout.str()


def test_a_broken_scenario_is_located(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\ncardtext_scenarios = plays/*.toml\n")
    plays = pytester.mkdir("plays")
    (plays / "bad.toml").write_text('description = "x"\ncats = 1\n', encoding="utf-8")
    (plays / "ok.toml").write_text(SCENARIO.replace("{power}", "4"), encoding="utf-8")
    result = pytester.runpytest("-v")
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(["*plays/bad.toml:2:1: error: unknown key 'cats'*"])


def test_scenarios_are_selected_by_their_description(pytester: pytest.Pytester) -> None:
    pytester.mkdir("scenarios")
    (pytester.path / "scenarios" / "s1.toml").write_text(
        SCENARIO.replace("{power}", "4"), encoding="utf-8"
    )
    result = pytester.runpytest("-v", "-k", "counters")
    result.stdout.fnmatch_lines(["*scenarios/s1.toml::s1 PASSED*"])


def test_glob_patterns() -> None:
    assert glob_regex("scenarios/**/*.toml").match("scenarios/a.toml")
    assert glob_regex("scenarios/**/*.toml").match("scenarios/x/y/a.toml")
    assert not glob_regex("scenarios/**/*.toml").match("tests/scenarios/a.toml")
    assert not glob_regex("*.toml").match("x/a.toml")
    assert glob_regex("a?.card").match("ab.card") and not glob_regex("a?.card").match("a/.card")
    root = Path("/repo")
    assert matches(Path("/repo/deep/x.scenario.toml"), root, ["*.scenario.toml"])
    assert matches(Path("/repo/tests/scenarios/k.toml"), root, ["tests/scenarios/*.toml"])
    assert not matches(
        Path("/repo/pyproject.toml"), root, ["scenarios/**/*.toml", "*.scenario.toml"]
    )


def test_a_warning_is_located_at_the_cards_line(pytester: pytest.Pytester) -> None:
    """pytest's warning summary names the card file and the warning's line,
    not the line of the plugin that reports it."""
    write(pytester, "beast.card", BEEST)
    result = pytester.runpytest_inprocess()
    result.assert_outcomes(passed=2, warnings=1)
    result.stdout.fnmatch_lines(["*beast.card:2: CardTextWarning: beast.card:2:12: warning:*"])
    assert "pytest_plugin.py" not in result.stdout.str()


def test_a_failing_scenario_shows_paths_relative_to_where_pytest_started(pytester: pytest.Pytester) -> None:
    (pytester.path / "scenarios").mkdir()
    (pytester.path / "scenarios" / "wrong.toml").write_text(
        'description = "a bear that is not there"\n\n[[expect]]\nplayer = "A"\nzone = "battlefield"\n'
        'card = "Grizzly Bears"\n',
        encoding="utf-8",
    )
    pytester.makeini("[pytest]\ncardtext_scenarios = scenarios/*.toml\n")
    result = pytester.runpytest_inprocess()
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "scenarios/wrong.toml: a bear that is not there" in out
    assert str(pytester.path) + "/scenarios/wrong.toml" not in out


def test_a_snapshot_path_is_relative_to_the_test_file(pytester: pytest.Pytester) -> None:
    (pytester.path / "tests").mkdir()
    (pytester.path / "tests" / "test_snap.py").write_text(
        "from cardtext import testing as ct\n\n"
        "def test_snap():\n"
        "    ct.assert_ast_snapshot('Shock {R}\\nInstant\\nShock deals 2 damage to any target.',"
        " 'snapshots/shock.ast', update=True)\n",
        encoding="utf-8",
    )
    result = pytester.runpytest_inprocess("tests/test_snap.py")
    result.assert_outcomes(passed=1)
    assert (pytester.path / "tests" / "snapshots" / "shock.ast").is_file()
    assert not (pytester.path / "snapshots").exists()


def test_a_card_file_a_scenario_loads_is_shown_relative_too(pytester: pytest.Pytester) -> None:
    write(pytester, "my_set.card", GNARLID.replace("Multikicker {1}{G}", "Multikicker 1G"))
    (pytester.path / "scenarios").mkdir()
    (pytester.path / "scenarios" / "uses.toml").write_text(
        'description = "x"\ncards = ["../my_set.card"]\n', encoding="utf-8"
    )
    pytester.makeini("[pytest]\ncardtext_scenarios = scenarios/*.toml\n")
    result = pytester.runpytest_inprocess()
    out = result.stdout.str()
    assert "FAILED scenarios/uses.toml::uses - my_set.card:3:" in out
    assert str(pytester.path / "my_set.card") not in out
