"""The ``cardtext`` command line, run in-process through ``main([...])``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtext import canonical, cli
from cardtext.cli import main
from cardtext.library import BUNDLED, card_files, parse_path

REPO = Path(__file__).resolve().parents[1]

GNARLID = """\
Gnarlid Pack {1}{G}
Creature — Beast
Multikicker {1}{G}
Gnarlid Pack enters the battlefield with a +1/+1 counter on it for each time it was kicked.
2/2
"""

GNARLID_CANONICAL = """\
Gnarlid Pack {1}{G}
Creature — Beast
Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast this spell.)
Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.
2/2
"""

SHOCK = """\
Shock {R}
Instant
Shock deals 2 damage to any target.
"""

# Two mistakes in two cards of one file, and a third in another file.
BAD_A = """\
Shock {R}
Instant
Shock deals 2 damage to any target

Bloodstone Goblin {1}{R}
Creature — Goblin
Kicker 2G
2/2
"""

BAD_B = """\
Grizzly Bears {1}{G}
Creature — Bear
"""

DANGLING_KICK = """\
Grizzly Bears {1}{G}
Creature — Bear
When Grizzly Bears enters, if it was kicked, draw a card.
2/2
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def bundled_card_count() -> int:
    return sum(len(parse_path(p).cards) for p in card_files([BUNDLED]))


# --------------------------------------------------------------- general --


def test_no_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().err


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--frobnicate"]) == 2
    assert "unrecognized arguments: --frobnicate" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cardtext ")
    assert out.split()[1][0].isdigit()


COMMANDS = ["parse", "check", "fmt", "coverage", "play", "import", "export", "lsp"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: cardtext {command}")
    assert "exit status" in out


def test_main_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


# ----------------------------------------------------------------- parse --


def test_parse_prints_a_tree_without_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "gnarlid.card", GNARLID)
    assert main(["parse", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Card"
    assert "  name: 'Gnarlid Pack'" in lines
    assert "      - ColoredMana(color='G')" in lines
    assert "multi: True" in out  # Multikicker is a Kicker that repeats
    assert "span" not in out


def test_parse_json_has_node_names_fields_and_spans(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "shock.card", SHOCK)
    assert main(["parse", "--json", str(path)]) == 0
    (document,) = json.loads(capsys.readouterr().out)
    assert document["file"] == str(path)
    assert document["errors"] == []
    (card,) = document["cards"]
    assert card["node"] == "Card"
    assert card["name"] == "Shock"
    assert card["mana_cost"]["node"] == "ManaCost"
    assert card["mana_cost"]["symbols"][0] == {
        "node": "ColoredMana",
        "color": "R",
        "span": [1, 7, 1, 10],
    }
    assert card["type_line"]["types"] == ["Instant"]
    assert card["abilities"][0]["span"][0] == 3


def test_parse_json_of_tree_matches_ast(tmp_path: Path) -> None:
    from cardtext.grammar.parser import parse_card

    card = parse_card(GNARLID)
    data = cli.to_json(card)
    assert data["abilities"][0]["node"] == type(card.abilities[0]).__name__
    assert data["pt"] == {
        "node": "PowerToughness",
        "power": "2",
        "toughness": "2",
        "span": [5, 1, 5, 4],
    }


def test_parse_reports_errors_on_stderr_and_prints_the_cards_that_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "mixed.card", SHOCK + "\n" + BAD_B)
    assert main(["parse", str(path)]) == 1
    captured = capsys.readouterr()
    assert "name: 'Shock'" in captured.out
    assert f"{path}:6:1: error: a creature needs power/toughness" in captured.err


def test_parse_json_lists_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad.card", BAD_A)
    assert main(["parse", "--json", str(path)]) == 1
    (document,) = json.loads(capsys.readouterr().out)
    assert [(e["line"], e["column"]) for e in document["errors"]] == [(3, 35), (7, 8)]
    assert document["errors"][0]["message"] == "missing '.' at the end of the sentence"


def test_parse_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(SHOCK))
    assert main(["parse", "-"]) == 0
    assert "name: 'Shock'" in capsys.readouterr().out


def test_parse_several_files_gets_a_header_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write(tmp_path, "a.card", SHOCK)
    b = write(tmp_path, "b.card", GNARLID)
    assert main(["parse", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert out.index(f"==> {a} <==") < out.index("'Shock'") < out.index(f"==> {b} <==")


def test_parse_missing_file_is_a_clear_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.card"
    assert main(["parse", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"cardtext parse: error: no such file or folder: {missing}"


def test_parse_unreadable_file_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.card"
    path.write_bytes("Café {R}\nInstant\n".encode("latin-1"))
    assert main(["parse", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}: error: not UTF-8 text")
    assert "Traceback" not in err


def test_parse_folder_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", str(tmp_path)]) == 1
    assert f"{tmp_path}: error: can't read" in capsys.readouterr().err


# ----------------------------------------------------------------- check --


def test_check_bundled_cards_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    files = len(list(card_files([BUNDLED])))
    cards = bundled_card_count()
    assert files > 0 and cards > files
    # the designs the engine can't play in full are warnings, not errors
    assert out.strip().splitlines()[-1].startswith(f"checked {cards} cards in {files} files: 0 errors, ")


def test_check_reports_every_error_of_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = write(tmp_path, "a.card", BAD_A)
    b = write(tmp_path, "sub/b.card", BAD_B)
    write(tmp_path, "sub/good.card", SHOCK)
    write(tmp_path, "notes.txt", "not a card")
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    heads = [line for line in out.splitlines() if ": error: " in line]
    assert heads == [
        f"{a}:3:35: error: missing '.' at the end of the sentence",
        f"{a}:7:8: error: mana cost without braces",
        f"{b}:2:1: error: a creature needs power/toughness on its last line, like 2/2",
    ]
    assert out.splitlines()[-1] == "checked 4 cards in 3 files: 3 errors"


def test_check_prints_source_line_caret_and_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "shock.card", BAD_A.split("\n\n")[0] + "\n")
    assert main(["check", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{path}:3:35: error: missing '.' at the end of the sentence"
    assert lines[1] == "    Shock deals 2 damage to any target"
    assert lines[2] == "    " + " " * 34 + "^"
    assert lines[3].startswith("  expected: ") and "'.'" in lines[3]
    assert lines[-1] == "checked 1 card in 1 file: 1 error"


def test_check_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BAD_A))
    assert main(["check", "-"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "<stdin>:3:35: error: missing '.' at the end of the sentence"
    assert out[-1] == "checked 2 cards in 1 file: 2 errors"


def test_check_standard_input_with_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, "shock.card", SHOCK)
    monkeypatch.setattr(sys, "stdin", io.StringIO(SHOCK))
    assert main(["check", str(good), "-"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "checked 2 cards in 2 files: 0 errors"
    assert main(["check", "-", "-"]) == 2


def test_check_format_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.card", BAD_A)
    write(tmp_path, "bears.card", DANGLING_KICK)
    assert main(["check", "--format", "json", str(tmp_path)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert (document["files"], document["cards"], document["errors"]) == (2, 3, 3)
    first = document["diagnostics"][0]
    assert first == {
        "file": str(a),
        "card": "Shock",
        "line": 3,
        "column": 35,
        "end_line": 3,
        "end_column": 36,
        "severity": "error",
        "kind": "CardParseError",
        "class": "malformed",
        "message": "missing '.' at the end of the sentence",
        "hint": first["hint"],
        "expected": first["expected"],
    }
    kinds = [d["kind"] for d in document["diagnostics"]]
    assert kinds == ["CardParseError", "CardParseError", "LinkError"]
    assert document["diagnostics"][1]["end_column"] == 10  # "2G": columns 8 and 9


def test_check_format_json_of_clean_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["errors"] == 0 and document["warnings"] == len(document["diagnostics"]) > 0
    assert {d["severity"] for d in document["diagnostics"]} == {"warning"}
    assert document["cards"] == bundled_card_count()


def test_check_format_github_annotations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write(tmp_path, "a.card", BAD_A)
    assert main(["check", "--format", "github", str(a)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"::error file={a},line=3,col=35,endColumn=36,title=cardtext::")
    assert "::missing '.' at the end of the sentence%0Aexpected: " in lines[0]
    assert lines[1].startswith(f"::error file={a},line=7,col=8,endColumn=10,title=cardtext::")
    assert "%0Ahint: mana costs are written in braces: {2}{G}" in lines[1]
    assert lines[-1] == "checked 2 cards in 1 file: 2 errors"


def test_github_annotation_escapes_properties_and_message() -> None:
    from cardtext.diagnostics import github_annotation
    from cardtext.grammar.errors import CardParseError, Location

    error = CardParseError("50% done\nnext", Location("a,b:c.card", 2, 3), text="xy")
    assert github_annotation(error) == (
        "::error file=a%2Cb%3Ac.card,line=2,col=3,endColumn=5,title=cardtext::50%25 done%0Anext"
    )


def test_check_runs_the_link_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bears.card", DANGLING_KICK)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:3:31: error: 'was kicked' refers to a kicker ability" in out
    assert "    When Grizzly Bears enters, if it was kicked, draw a card." in out
    assert out.splitlines()[-1] == "checked 1 card in 1 file: 1 error"


def test_check_no_link_parses_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bears.card", DANGLING_KICK)
    assert main(["check", "--no-link", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "checked 1 card in 1 file: 0 errors"


def test_check_link_module_is_there() -> None:
    from cardtext.diagnostics import card_checker

    assert card_checker() is not None


UNPLAYABLE = """\
Curious Adept {1}{U}
Creature — Human Wizard
When this creature enters, venture into the dungeon.
1/1
"""


def test_check_warns_of_what_the_engine_cant_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A valid card the engine can't play in full: a located warning, exit 0."""
    path = write(tmp_path, "adept.card", UNPLAYABLE)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}:3:28: warning: the engine can't play this yet: instruction KeywordAction: the keyword action 'venture into the dungeon' (701)" in out
    assert out.splitlines()[-1] == "checked 1 card in 1 file: 0 errors, 1 warning"


def test_check_strict_makes_warnings_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "adept.card", UNPLAYABLE)
    assert main(["check", "--strict", str(path)]) == 1
    assert main(["check", "--strict", str(write(tmp_path, "shock.card", SHOCK))]) == 0
    capsys.readouterr()


def test_check_without_link_module_still_parses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cardtext.interpreter.links", None)  # import raises ImportError
    path = write(tmp_path, "bears.card", DANGLING_KICK)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    assert out == "checked 1 card in 1 file: 0 errors (link check not available)"


def test_check_missing_path_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path / "a.card"), str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder:" in err and "a.card" in err and "b" in err


def test_check_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "checked 0 cards in 0 files: 0 errors"


# ------------------------------------------------------------------- fmt --


def test_fmt_rewrites_to_canonical_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "gnarlid.card", GNARLID.replace("—", "-"))
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == GNARLID_CANONICAL
    assert f"reformatted {path}" in capsys.readouterr().err
    assert main(["fmt", "--check", str(path)]) == 0


def test_fmt_keeps_comments_and_spaces_cards(tmp_path: Path) -> None:
    text = (
        "# header\n\n\n"
        "Shock {R}\nInstant\n# inside\nShock deals 2 damage to any target.\n\n\n\n"
        "# about the pack\n" + GNARLID + "\n\n# the end\n\n\n"
    )
    path = write(tmp_path, "cards.card", text)
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == (
        "# header\n\n# inside\n"
        + SHOCK
        + "\n# about the pack\n"
        + GNARLID_CANONICAL
        + "\n# the end\n"
    )


def test_fmt_check_lists_files_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    messy = write(tmp_path, "messy.card", GNARLID)
    clean = write(tmp_path, "clean.card", SHOCK)
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # like black: the report goes to standard error
    assert captured.err.splitlines() == [
        f"would reformat {messy}",
        "2 files: 1 would be reformatted, 1 unchanged",
    ]
    assert messy.read_text(encoding="utf-8") == GNARLID
    assert clean.read_text(encoding="utf-8") == SHOCK


def test_fmt_diff_prints_a_unified_diff_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "gnarlid.card", GNARLID)
    assert main(["fmt", "--diff", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert "-Multikicker {1}{G}\n" in out
    assert "+Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.\n" in out
    assert path.read_text(encoding="utf-8") == GNARLID


def test_fmt_check_with_diff_exits_1_on_a_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Like black: --diff alone reports (exit 0), --check --diff fails (exit 1)."""
    path = write(tmp_path, "gnarlid.card", GNARLID)
    assert main(["fmt", "--check", "--diff", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert f"would reformat {path}" in captured.err
    assert path.read_text(encoding="utf-8") == GNARLID
    clean = write(tmp_path, "clean.card", GNARLID_CANONICAL)
    assert main(["fmt", "--check", "--diff", str(clean)]) == 0
    assert capsys.readouterr().out == ""


def test_fmt_does_not_rewrite_a_file_with_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "bad.card", BAD_A)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:3:35: error:" in err
    assert f"{path}:7:8: error:" in err  # every error of the file, not just the first
    assert path.read_text(encoding="utf-8") == BAD_A


def test_fmt_stdin_to_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(GNARLID))
    assert main(["fmt", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out == GNARLID_CANONICAL
    assert captured.err == ""


def test_fmt_stdin_with_errors_prints_nothing_on_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(BAD_B))
    assert main(["fmt", "-"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("<stdin>:2:1: error: a creature needs power/toughness")


def test_fmt_stdin_cannot_mix_with_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["fmt", "-", str(tmp_path)]) == 2
    assert "standard input" in capsys.readouterr().err


def test_fmt_refuses_to_change_meaning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "shock.card", SHOCK.replace("2 damage", "3 damage"))
    monkeypatch.setattr(canonical, "format_text", lambda text, filename, verbatim=frozenset(): SHOCK)
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:1:1: error: Shock: the canonical text would not parse back to the same card" in err
    assert "3 damage" in path.read_text(encoding="utf-8")


def test_bundled_cards_are_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--check", str(BUNDLED)]) == 0, capsys.readouterr().out


# ------------------------------------------------------------------ play --


def test_play_passes_its_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import types

    calls: list[tuple[list[str], bool, bool]] = []

    def play_main(paths: list[str], quiet: bool, interactive: bool) -> int:
        calls.append((paths, quiet, interactive))
        return 1

    monkeypatch.setitem(
        sys.modules, "cardtext.scenario", types.SimpleNamespace(play_main=play_main)
    )
    assert main(["play", "a.toml", "b.toml", "-q"]) == 1
    assert main(["play", "-i"]) == 1
    assert calls == [(["a.toml", "b.toml"], True, False), ([], False, True)]


def test_play_without_the_scenario_runner(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "cardtext.scenario", None)
    assert main(["play"]) == 2
    assert capsys.readouterr().err.strip() == "play: not available yet"


def test_play_runs_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play"]) == 0
    out = capsys.readouterr().out
    assert "PASS cardtext/scenarios/gnarlid-pack-multikicker.toml" in out
    assert "FAIL" not in out
    assert main(["play", "-q"]) == 0  # only failures and the summary
    assert capsys.readouterr().out == "4 passed\n"


SCENARIO = """\
description = "Shock to the face"
cards = ["shock.card"]

[players.A]
battlefield = ["Mountain"]
hand = ["Shock"]

[[steps]]
player = "A"
cast = "Shock"
targets = ["B"]

[[steps]]
resolve = "all"

[[expect]]
player = "B"
life = {life}
"""


def test_play_exit_status_follows_the_scenarios(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "shock.card", SHOCK)
    good = write(tmp_path, "good.toml", SCENARIO.format(life=18))
    bad = write(tmp_path, "bad.toml", SCENARIO.format(life=17))
    assert main(["play", str(good)]) == 0
    assert f"PASS {good}" in capsys.readouterr().out
    assert main(["play", "-q", str(good)]) == 0
    assert capsys.readouterr().out == "1 passed\n"
    assert main(["play", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"PASS {good}" in out and f"FAIL {bad}" in out
    assert out.endswith("1 passed, 1 failed\n")
    assert main(["play", "-q", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "PASS" not in out and "casts Shock" not in out
    assert out.startswith(f"FAIL {bad}") and out.endswith("1 passed, 1 failed\n")


# ------------------------------------------------------------ subprocess --


def test_python_dash_m_cardtext_checks_a_bad_card(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.card", BAD_B)
    proc = subprocess.run(
        [sys.executable, "-m", "cardtext", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.splitlines()[0] == (
        f"{path}:2:1: error: a creature needs power/toughness on its last line, like 2/2"
    )
    assert proc.stdout.splitlines()[-1] == "checked 1 card in 1 file: 1 error"
    assert proc.stderr == ""


def test_python_dash_m_cardtext_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cardtext", "fmt"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: cardtext fmt")
    assert "Traceback" not in proc.stderr


def test_fmt_is_idempotent_on_the_bundled_files() -> None:
    for path in card_files([BUNDLED]):
        once = cli.canonical_text(path.read_text(encoding="utf-8"), str(path))
        assert cli.canonical_text(once, str(path)) == once, path


def test_fmt_writes_unix_newlines(tmp_path: Path) -> None:
    path = tmp_path / "crlf.card"
    path.write_bytes(SHOCK.replace("\n", "\r\n").encode("utf-8") + b"\r\n\r\n")
    assert main(["fmt", str(path)]) == 0
    assert path.read_bytes() == SHOCK.encode("utf-8")


def test_nothing_imports_the_command_line() -> None:
    """cardtext/cli.py sits on top: the modules the commands share
    (cardtext.common, trees, canonical) are imported by it, never it by them."""
    import ast

    package = Path(cli.__file__).parent
    for path in sorted(package.glob("*.py")):
        if path.name in ("cli.py", "__main__.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = ("." * node.level) + (node.module or "")
                assert target not in (".cli", "cardtext.cli"), f"{path.name} imports {target}"
            elif isinstance(node, ast.Import):
                assert all(a.name != "cardtext.cli" for a in node.names), path.name


@pytest.mark.parametrize("command", ["check", "fmt", "parse", "coverage", "play"])
def test_an_unknown_option_shows_the_subcommands_usage(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """'cardtext check --bogus': the usage of check, not of cardtext (exit status 2)."""
    assert main([command, "x", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: cardtext {command} ")
    assert f"cardtext {command}: error: unrecognized arguments: --bogus" in err


def test_fmt_check_reports_on_standard_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "messy.card", "Bears {1}{G}\nCreature - Bear\n2/2\n")
    assert main(["fmt", "--check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and f"would reformat {path}" in captured.err


BAD_WORD = "Bears {1}{G}\nCreature — Bear\nFlyng\n2/2\n"


def test_colour_always_and_never(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--color=always paints a diagnostic (place bold, 'error' red, the caret
    green, 'hint:' cyan); never and a pipe leave it plain; either place of
    the option works."""
    path = write(tmp_path, "bad.card", BAD_WORD)
    assert main(["check", "--color=always", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"\x1b[1m{path}:3:1: \x1b[0m\x1b[1;31merror\x1b[0m: unknown word 'Flyng'" in out
    assert "    \x1b[1;32m^^^^^\x1b[0m" in out and "\x1b[36mhint:\x1b[0m did you mean" in out
    assert out.splitlines()[-1] == "checked 1 card in 1 file: 1 error"  # the summary stays plain
    for argv in (["--color=never", "check", str(path)], ["check", str(path)]):
        assert main(argv) == 1
        assert "\x1b[" not in capsys.readouterr().out
    assert main(["parse", "--color=always", str(path)]) == 1
    assert "\x1b[1;31merror" in capsys.readouterr().err


def test_colour_on_a_terminal_unless_no_color(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """auto (the default): colour when standard output is a terminal, none
    when NO_COLOR is set (no-color.org) or TERM is dumb; always wins over NO_COLOR."""
    path = write(tmp_path, "bad.card", BAD_WORD)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["check", str(path)]) == 1
    assert "\x1b[1;31merror" in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["check", str(path)]) == 1
    assert "\x1b[" not in capsys.readouterr().out
    assert main(["check", "--color", "always", str(path)]) == 1
    assert "\x1b[1;31merror" in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "")
    monkeypatch.setenv("TERM", "dumb")
    assert main(["check", str(path)]) == 1
    assert "\x1b[" not in capsys.readouterr().out
    assert main(["check", "--color=sometimes", str(path)]) == 2
