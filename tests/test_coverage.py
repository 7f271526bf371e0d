"""``cardtext coverage``: one status per card, the report, the JSON, the processes.

Small JSON-lines files are written for each test; the link checker is
replaced by a stand-in where a test needs it to find (or raise) something,
so that each status is produced on purpose.  The samples of the downloaded
formats and the mechanics corpus are in tests/data.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from cardtext import coverage
from cardtext.cli import main
from cardtext.coverage import check_card, mismatch
from cardtext.grammar.errors import LinkError, Location
from cardtext.normalize import normalize

DATA = Path(__file__).parent / "data"
CORPUS = DATA / "cards.jsonl"

SHOCK = {
    "name": "Shock",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Shock deals 2 damage to any target.",
}
GNARLID = {
    "name": "Gnarlid Pack",
    "mana_cost": "{1}{G}",
    "type_line": "Creature — Beast",
    "oracle_text": "Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as "
    "you cast this spell.)\nGnarlid Pack enters the battlefield with a +1/+1 counter on it "
    "for each time it was kicked.",
    "power": "2",
    "toughness": "2",
    "keywords": ["Multikicker"],
}
ZAPPER = {  # "zaps" is no verb of the grammar
    "name": "Zapper",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "oracle_text": "Zapper zaps 2 damage to any target.",
}
MIXER = {  # rendered by a renderer that drops "other" (below): a render mismatch
    "name": "Mixer",
    "mana_cost": "{1}{U}",
    "type_line": "Sorcery",
    "oracle_text": "Each other player mills two cards.",
}
BEARS = {
    "name": "Grizzly Bears",
    "mana_cost": "{1}{G}",
    "type_line": "Creature — Bear",
    "oracle_text": "",
    "power": "2",
    "toughness": "2",
}
KICKED = {
    "name": "Kicked Bears",
    "mana_cost": "{1}{G}",
    "type_line": "Creature — Bear",
    "oracle_text": "When Kicked Bears enters, if it was kicked, draw a card.",
    "power": "2",
    "toughness": "2",
    "keywords": [],
}
MIXED = [SHOCK, GNARLID, ZAPPER, MIXER, BEARS]


def jsonl(folder: Path, objects: list[dict[str, Any]], name: str = "cards.jsonl") -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(o) + "\n" for o in objects), encoding="utf-8")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["coverage", "--json", *args]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def statuses(document: dict[str, Any]) -> dict[str, str]:
    return {card["name"]: card["status"] for card in document["cards"]}


def fake_link_check(
    complaint: dict[str, str],
) -> Callable[[Any, str, str], Iterable[LinkError]]:
    """A link checker that finds, in a card named in ``complaint``, that message
    at line 3, column 6."""

    def check(card: Any, filename: str, text: str) -> list[LinkError]:
        message = complaint.get(filename)
        if message is None:
            return []
        return [LinkError(message, Location(filename, 3, 6, text.split("\n")[2]))]

    return check


@pytest.fixture
def no_link_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """A link checker that finds nothing, whatever the interpreter's own does."""
    monkeypatch.setattr(coverage, "_link", lambda: fake_link_check({}))


@pytest.fixture
def drops_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer with the bug a render mismatch is there to catch: it drops
    "other" (the caster would lose life too)."""
    real = coverage.render_card

    def render(card: Any, *, reminders: bool = True) -> str:
        return real(card, reminders=reminders).replace("Each other player", "Each player")

    monkeypatch.setattr(coverage, "render_card", render)


# --------------------------------------------------------------------------
# One status per card
# --------------------------------------------------------------------------


def test_ok_parse_error_and_render_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, drops_other: None
) -> None:
    document = run_json(capsys, str(jsonl(tmp_path, MIXED)))
    cards = {card["name"]: card for card in document["cards"]}
    assert statuses(document) == {
        "Shock": "ok",
        "Gnarlid Pack": "ok",  # reminder text and "enters the battlefield" are forgiven
        "Zapper": "parse-error",
        "Mixer": "render-mismatch",
        "Grizzly Bears": "ok",
    }
    assert cards["Shock"] == {
        "name": "Shock",
        "status": "ok",
        "message": None,
        "line": None,
        "column": None,
        "plays": True,
        "gap": None,
    }
    assert cards["Zapper"]["message"] == "unknown word 'zaps'"
    assert (cards["Zapper"]["line"], cards["Zapper"]["column"]) == (3, 8)
    assert cards["Mixer"]["message"] == (
        'expected "Each other player mills two cards.", rendered "Each player mills two cards."'
    )
    assert (cards["Mixer"]["line"], cards["Mixer"]["column"]) == (3, None)


def test_link_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    complaint = {"Kicked Bears": "'kicked' but the card has no kicker"}
    monkeypatch.setattr(coverage, "_link", lambda: fake_link_check(complaint))
    document = run_json(capsys, str(jsonl(tmp_path, [SHOCK, KICKED])))
    assert document["cards"][1] == {
        "name": "Kicked Bears",
        "status": "link-error",
        "message": "'kicked' but the card has no kicker",
        "line": 3,
        "column": 6,
        "plays": False,
        "gap": None,
    }
    assert document["cards"][0]["status"] == "ok"


def test_no_link_skips_the_link_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(coverage, "_link", lambda: fake_link_check({"Shock": "dangling"}))
    path = jsonl(tmp_path, [SHOCK])
    assert statuses(run_json(capsys, "--no-link", str(path))) == {"Shock": "ok"}
    assert main(["coverage", "--no-link", str(path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == f"{path}: 1 of 1 card ok (100.0%) (without the link check)"


def test_an_exception_in_the_renderer_is_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    no_link_errors: None,
) -> None:  # fmt: skip
    real = coverage.render_card

    def flaky(card: Any, *, reminders: bool = True) -> str:
        if card.name == "Shock":
            raise RuntimeError("boom")
        return real(card, reminders=reminders)

    monkeypatch.setattr(coverage, "render_card", flaky)
    document = run_json(capsys, str(jsonl(tmp_path, [SHOCK, BEARS])))
    assert document["cards"][0] == {
        "name": "Shock",
        "status": "internal-error",
        "message": "RuntimeError: boom (in render)",
        "line": None,
        "column": None,
        "plays": False,
        "gap": None,
    }
    assert document["cards"][1]["status"] == "ok"


def test_an_exception_in_the_link_check_is_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(card: Any, filename: str, text: str) -> list[LinkError]:
        raise AttributeError("no attribute 'Kicker'")

    monkeypatch.setattr(coverage, "_link", lambda: broken)
    document = run_json(capsys, str(jsonl(tmp_path, [SHOCK, ZAPPER])))
    assert [c["status"] for c in document["cards"]] == ["internal-error", "parse-error"]
    assert (
        document["cards"][0]["message"] == "AttributeError: no attribute 'Kicker' (in link check)"
    )


def test_a_card_object_that_cant_be_written_is_unreadable_and_located(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None
) -> None:
    odd = {"name": "Odd // Card", "card_faces": [{"type_line": "Instant"}]}  # a face with no name
    path = jsonl(tmp_path, [odd, SHOCK])
    assert main(["coverage", "--json", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{path}:1:1: error: not a card object: face 1 of Odd // Card has no 'name'")
    document = json.loads(captured.out)
    assert document["cards"][0]["status"] == "unreadable"
    assert document["cards"][0]["line"] == 1
    assert document["cards"][1]["status"] == "ok"
    assert document["summary"]["by_status"]["unreadable"] == 1


def test_the_line_of_a_mismatch_is_the_line_of_the_card_text() -> None:
    text = "Bears {1}{G}\nCreature — Bear\n(A line of reminder text.)\nBears gets +1/+1.\n2/2"
    found = mismatch(text, "Bears {1}{G}\nCreature — Bear\nBears get +1/+1.\n2/2")
    assert found == ('expected "Bears gets +1/+1.", rendered "Bears get +1/+1."', 4)
    assert mismatch(text, "Bears {1}{G}\nCreature — Bear\nBears gets +1/+1.\n2/2") is None
    extra = mismatch("A\nInstant", "A\nInstant\nDraw a card.")
    assert extra == ('expected nothing, rendered "Draw a card."', 2)


def test_normalize_keeps_letter_case_when_asked() -> None:
    text = "Kicker {R} (Reminder.)\nIt enters the battlefield tapped.\nTribal Instant"
    kept = normalize(text, fold_case=False)
    assert kept == "Kicker {R}\nIt enters tapped.\nKindred Instant"
    assert kept.lower() == normalize(text)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("When you set this scheme in motion, choose one -\n• Draw a card.",
         "When you set this scheme in motion, choose one —\n• Draw a card."),
        ("I, II - Draw a card.", "I, II — Draw a card."),
        ("Kicker-Sacrifice a land.", "Kicker—Sacrifice a land."),
    ],
)  # fmt: skip
def test_normalize_writes_dashes_one_way(written: str, expected: str) -> None:
    """The grammar reads "-" and "--" as the dash; the renderer writes "—"."""
    assert normalize(written, fold_case=False) == expected


def _keywords_by_search(text: str) -> tuple[str, ...]:
    """What :func:`coverage.text_keywords` gives, found by searching each
    line with the whole keyword pattern."""
    found: dict[str, None] = {}
    for line in text.split("\n")[2:]:
        line = coverage._REMINDER.sub("", line).strip()
        for m in coverage._keyword_pattern().finditer(line):
            found[m.group(1).capitalize()] = None
    return tuple(found)


@pytest.mark.parametrize(
    "lines",
    [
        "Flying, first strike, and trample\nKicker {2}",
        "Swampwalk; landcycling {2} (Reminder.)\nForestwalk, plainscycling {1}",
        "Landfall — Whenever a land enters, draw a card, flying",
        "\u212aicker {1}\nFlying, \u017fhroud; hexproof",  # letters case folding takes for ASCII ones
        "\u0130ndestructible, \u0131ntimidate\nWard—Pay 2 life.",
        ", flying;  trample,haste, ; menace\nVigilance,, reach",
    ],
)
def test_text_keywords_are_those_the_whole_pattern_finds(lines: str) -> None:
    text = f"Name {{1}}\nCreature — Bear\n{lines}"
    assert coverage.text_keywords(text) == _keywords_by_search(text)


def test_text_keywords_of_the_corpus_are_those_the_whole_pattern_finds() -> None:
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        card = json.loads(line)
        text = "\n".join(["", "", *str(card.get("oracle_text", "")).split("\n")])
        assert coverage.text_keywords(text) == _keywords_by_search(text)


def test_check_card_returns_plain_data() -> None:
    outcome = check_card("Zapper", "Zapper {R}\nInstant\nZapper zaps 2 damage.", link=False)
    assert outcome == ("parse-error", "unknown word 'zaps'", 3, 8, False, None)


# --------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------


def test_human_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, drops_other: None
) -> None:
    path = jsonl(tmp_path, [*MIXED, KICKED])
    assert main(["coverage", "--failures", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "Zapper:3:8: parse-error: unknown word 'zaps'",
        'Mixer:3: render-mismatch: expected "Each other player mills two cards.", '
        'rendered "Each player mills two cards."',
    ]
    assert "  ok                      4   66.7%" in lines
    assert "  parse-error             1   16.7%" in lines
    assert "  link-error              0    0.0%" in lines
    assert "  render-mismatch         1   16.7%" in lines
    assert "  internal-error          0    0.0%" in lines
    keyword = lines.index("by keyword:")
    assert lines[keyword + 2].split() == ["Multikicker", "1", "1", "0", "100.0%"]
    errors = lines.index("most common first errors:")
    assert lines[errors + 1].split() == ["1", "parse-error", "unknown", "word", "'zaps'"]
    assert lines[-1] == f"{path}: 4 of 6 cards ok (66.7%)"


def test_without_failures_only_the_summaries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, drops_other: None
) -> None:
    path = jsonl(tmp_path, MIXED)
    assert main(["coverage", "--top", "0", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Zapper" not in out
    assert "most common first errors" not in out
    assert "by keyword:" in out
    assert out.splitlines()[0] == "by status (Scryfall JSON lines):"


def test_most_common_errors_are_counted_and_cut_at_top(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, drops_other: None
) -> None:
    zappers = [{**ZAPPER, "name": f"Zapper {n}"} for n in "ABC"]
    for card in zappers:
        card["oracle_text"] = card["oracle_text"].replace("Zapper", card["name"])
    path = jsonl(tmp_path, [*zappers, MIXER])
    assert main(["coverage", "--top", "1", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    errors = lines.index("most common first errors:")
    assert lines[errors + 1].split() == ["3", "parse-error", "unknown", "word", "'zaps'"]
    assert lines[errors + 2] == f"{path}: 0 of 4 cards ok (0.0%)"


def test_json_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, drops_other: None
) -> None:
    path = jsonl(tmp_path, [*MIXED, KICKED])
    document = run_json(capsys, str(path))
    assert list(document) == ["summary", "cards"]
    assert document["summary"] == {
        "file": str(path),
        "format": "Scryfall JSON lines",
        "link_check": True,
        "total": 6,
        "duplicates": 0,
        "plays": 4,
        "gaps": {},
        "by_status": {
            "ok": 4,
            "parse-error": 1,
            "link-error": 0,
            "render-mismatch": 1,
            "internal-error": 0,
            "unreadable": 0,
        },
        "by_keyword": {"Multikicker": {"cards": 1, "ok": 1}},
    }
    assert [c["name"] for c in document["cards"]] == [o["name"] for o in [*MIXED, KICKED]]
    for card in document["cards"]:
        assert list(card) == ["name", "status", "message", "line", "column", "plays", "gap"]


# --------------------------------------------------------------------------
# Several processes
# --------------------------------------------------------------------------

FORK = "fork" in multiprocessing.get_all_start_methods()


def _pid_outcome(pair: tuple[str, str], link: bool) -> coverage.Outcome:
    time.sleep(0.003)  # long enough that no worker takes every chunk alone
    return "ok", str(os.getpid()), None, None, True, None


@pytest.mark.skipif(not FORK, reason="the workers inherit the test's stand-ins by fork")
def test_a_large_input_is_shared_between_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coverage, "_check_pair", _pid_outcome)
    pairs = [(f"Card {n}", "text") for n in range(coverage.PARALLEL_MIN)]
    pids = {message for _, message, *_ in coverage.check_cards(pairs, jobs=2)}
    assert len(pids) == 2 and str(os.getpid()) not in pids
    small = coverage.check_cards(pairs[: coverage.PARALLEL_MIN - 1], jobs=2)
    assert {message for _, message, *_ in small} == {str(os.getpid())}


@pytest.mark.skipif(not FORK, reason="the workers inherit the test's stand-ins by fork")
def test_two_jobs_give_the_same_output_as_one(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    no_link_errors: None,
) -> None:
    monkeypatch.setattr(coverage, "PARALLEL_MIN", 1)
    monkeypatch.setattr(coverage, "CHUNK_MAX", 2)
    corpus = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    path = jsonl(tmp_path, [*MIXED[:4], *corpus[:16], KICKED])
    outputs = {}
    for jobs in ("1", "2"):
        assert main(["coverage", "--failures", "--jobs", jobs, str(path)]) == 0
        human = capsys.readouterr().out
        assert main(["coverage", "--json", "--jobs", jobs, str(path)]) == 0
        outputs[jobs] = (human, capsys.readouterr().out)
    assert outputs["2"] == outputs["1"]
    assert "parse-error" in outputs["1"][0] and "render-mismatch" in outputs["1"][0]
    # A large file gets its workers before it is read (early_pool): the same report.
    monkeypatch.setattr(coverage, "EARLY_POOL_BYTES", 0)
    started: list[int] = []
    real_early_pool = coverage.early_pool

    def early_pool(path: Path, jobs: int) -> Any:
        started.append(jobs)
        return real_early_pool(path, jobs)

    monkeypatch.setattr(coverage, "early_pool", early_pool)
    assert main(["coverage", "--failures", "--jobs", "2", str(path)]) == 0
    human = capsys.readouterr().out
    assert main(["coverage", "--json", "--jobs", "2", str(path)]) == 0
    assert (human, capsys.readouterr().out) == outputs["1"] and started == [2, 2]


# --------------------------------------------------------------------------
# The formats as downloaded, and the corpus
# --------------------------------------------------------------------------


def test_scryfall_bulk_data(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--no-link", str(DATA / "scryfall-bulk.json"))
    summary = document["summary"]
    assert (summary["format"], summary["total"], summary["duplicates"]) == ("Scryfall JSON", 5, 1)
    assert statuses(document) == {
        "Gnarlid Pack": "ok",
        "Shock": "ok",
        "Kazandu Mammoth // Kazandu Valley": "ok",
        "Grizzly Bears": "ok",
        "Jace Beleren": "ok",
    }
    assert summary["by_keyword"]["Multikicker"] == {"cards": 1, "ok": 1}


def test_mtgjson_atomic_cards(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--no-link", str(DATA / "mtgjson-AtomicCards.json"))
    assert document["summary"]["format"] == "MTGJSON AtomicCards"
    assert statuses(document) == {
        "Gnarlid Pack": "ok",
        "Shock": "ok",
        "Kazandu Mammoth // Kazandu Valley": "ok",
    }
    assert document["summary"]["by_keyword"] == {"Multikicker": {"cards": 1, "ok": 1}}


def test_mtgjson_set_file(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--no-link", str(DATA / "mtgjson-WWK.json"))
    assert document["summary"]["format"] == "MTGJSON set file"
    assert statuses(document) == {"Gnarlid Pack": "ok", "Bloodstone Goblin": "ok"}


def test_every_card_of_the_corpus_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--jobs", "1", str(CORPUS))
    failing = [c for c in document["cards"] if c["status"] != "ok"]
    assert failing == []
    assert document["summary"]["by_status"]["ok"] == document["summary"]["total"] == 192


# --------------------------------------------------------------------------
# The user's mistakes
# --------------------------------------------------------------------------


def one_line_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["coverage", *args]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1
    return captured.err.strip()


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that isn't there is a usage error (exit status 2), as for check."""
    path = tmp_path / "nothing.jsonl"
    assert main(["coverage", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"cardtext coverage: error: no such file or folder: {path}\n"
    assert main(["check", str(path)]) == 2


def test_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert one_line_error(capsys, str(tmp_path)).startswith(f"{tmp_path}: error: can't read: a folder")


def test_bad_json_line_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(SHOCK) + "\n{oops\n", encoding="utf-8")
    assert main(["coverage", str(path)]) == 1  # the count goes on past the line
    captured = capsys.readouterr()
    assert captured.err.startswith(f"{path}:2:2: error: not a card object: not valid JSON")
    assert captured.out.splitlines()[-1] == f"{path}: 1 of 2 cards ok (50.0%)"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"meta": {}}', "JSON, but neither Scryfall nor MTGJSON card data"),
        (b"name,type\nShock,Instant\n", "not JSON or XML card data"),
        (b"", "not JSON or XML card data"),
        (b'["\xff"]', "can't read"),
    ],
)
def test_not_card_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    assert message in one_line_error(capsys, str(path))


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_bad_job_count_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    assert main(["coverage", "--jobs", jobs, str(jsonl(tmp_path, [SHOCK]))]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_plays_counts_ok_cards_the_engine_carries_out_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None
) -> None:
    """ "plays": an ok card with nothing the engine lacks (cardtext.interpreter.support); not a status of its own."""
    scry = {"name": "Curious Adept", "mana_cost": "{1}{U}", "type_line": "Creature — Human Wizard",
            "oracle_text": "Whenever Curious Adept attacks, flip it.", "power": "1", "toughness": "1"}  # fmt: skip
    document = run_json(capsys, str(jsonl(tmp_path, [SHOCK, scry])))
    plays = {card["name"]: card["plays"] for card in document["cards"]}
    assert statuses(document) == {"Shock": "ok", "Curious Adept": "ok"}
    assert plays == {"Shock": True, "Curious Adept": False}
    assert document["summary"]["plays"] == 1
    assert main(["coverage", str(jsonl(tmp_path, [SHOCK, scry]))]) == 0
    assert any(line.split()[:3] == ["plays", "1", "50.0%"] for line in capsys.readouterr().out.splitlines())


FLIPPER = {"name": "Curious Adept", "mana_cost": "{1}{U}", "type_line": "Creature — Human Wizard",
           "oracle_text": "Whenever Curious Adept attacks, flip it.", "power": "1", "toughness": "1"}  # fmt: skip


def test_an_ok_card_that_does_not_play_names_its_first_gap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None
) -> None:
    """ "gap": the first thing the support check reports (cardtext.interpreter.support.gaps), without its
    place; None on a card that plays and on one that isn't ok (its message says what is wrong)."""
    twin = {**FLIPPER, "name": "Curious Twin", "oracle_text": "Whenever Curious Twin attacks, flip it."}
    document = run_json(capsys, str(jsonl(tmp_path, [SHOCK, FLIPPER, twin, ZAPPER])))
    gaps = {card["name"]: card["gap"] for card in document["cards"]}
    assert gaps["Shock"] is None and gaps["Zapper"] is None
    assert gaps["Curious Adept"] == gaps["Curious Twin"]
    assert gaps["Curious Adept"] is not None and "flip" in gaps["Curious Adept"].lower()
    assert "line" not in gaps["Curious Adept"]  # grouped by what it is, not where
    assert document["summary"]["gaps"] == {gaps["Curious Adept"]: 2}


def test_the_report_counts_the_first_gaps_most_common_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_link_errors: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text report lists the first engine gaps by count, cut at --top like the first errors."""
    firsts = {"Curious Adept": "keyword banding", "Curious Twin": "keyword banding", "Curious Third": "keyword echo"}
    monkeypatch.setattr(coverage, "_first_gap", lambda cards: firsts.get(cards[0].name))
    cards = [FLIPPER, *({**FLIPPER, "name": n, "oracle_text": "Flying"} for n in ("Curious Twin", "Curious Third"))]
    path = str(jsonl(tmp_path, [SHOCK, *cards]))
    assert main(["coverage", "--top", "1", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("most common first engine gaps (ok cards that don't play):")
    assert lines[at + 1].split() == ["2", "keyword", "banding"]
    assert lines[at + 2] == f"{path}: 4 of 4 cards ok (100.0%)"
    assert main(["coverage", "--top", "0", path]) == 0
    assert "engine gaps" not in capsys.readouterr().out
    document = run_json(capsys, path)
    assert list(document["summary"]["gaps"].items()) == [("keyword banding", 2), ("keyword echo", 1)]
    assert document["summary"]["plays"] == 1


def test_ok_needs_the_canonical_text_to_parse_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rendering that the normalisations forgive (here, letter case) but
    that doesn't read back (or reads as another card) is a render mismatch:
    ``fmt`` would refuse to write it, so the card is not ok."""
    shock = "Shock {R}\nInstant\nShock deals 2 damage to any target."
    assert check_card("Shock", shock)[0] == "ok"
    monkeypatch.setattr(coverage, "render_card", lambda card, reminders=True: shock.replace("Shock {R}", "SHOCK {R}"))
    status, message, *_ = check_card("Shock", shock)
    assert status == "render-mismatch"
    assert message == "the canonical text doesn't parse back: unknown word 'Shock'"
    monkeypatch.setattr(coverage, "render_card", lambda card, reminders=True: shock.replace("2 damage", "2 DAMAGE"))
    assert check_card("Shock", shock)[0] == "ok"  # the same card: letter case means nothing once parsed


def test_a_keyword_defined_by_its_reminder_text_parses_back() -> None:
    """The canonical text is read back as fmt writes it, with the reminder
    text that defines a keyword the table lacks."""
    text = ("Test Wurm {5}{G}\nCreature — Wurm\nDevour land 3 (As this creature enters, you may sacrifice any "
            "number of lands. It enters with three times that many +1/+1 counters on it.)\n0/0")
    status, message, *_ = check_card("Test Wurm", text, link=False)
    assert status == "ok", message


def test_the_progress_bar_only_on_a_terminal(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """coverage draws a bar on standard error when it is a terminal, erases
    it before the report, and writes nothing there when it isn't."""
    from cardtext import progress

    path = tmp_path / "cards.jsonl"
    path.write_text(
        json.dumps({"name": "Shock", "mana_cost": "{R}", "type_line": "Instant",
                    "oracle_text": "Shock deals 2 damage to any target."}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    assert main(["coverage", str(path)]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["coverage", str(path)]) == 0
    captured = capsys.readouterr()
    assert "\rcoverage 1/1 [" in captured.err and "] 100%" in captured.err
    assert captured.err.endswith("\r")  # erased: the last draw is blanks
    assert "1 of 1 card ok" in captured.out
    monkeypatch.setenv("TERM", "dumb")
    assert not progress.wanted(sys.stderr)


def test_the_progress_bar_redraws_at_most_ten_times_a_second() -> None:
    import io

    from cardtext.progress import Progress

    now = [0.0]
    stream = io.StringIO()
    bar = Progress(1000, "coverage", stream, clock=lambda: now[0])
    for _ in range(999):
        bar.advance()
    assert stream.getvalue().count("\r") == 1  # the first draw only: no time has passed
    now[0] = 0.5
    bar.advance()
    assert stream.getvalue().endswith("coverage 1,000/1,000 [" + "=" * (len(bar.line()) - len("coverage 1,000/1,000 [] 100%")) + "] 100%")
    assert list(bar.track([])) == [] and stream.getvalue().endswith("\r")
