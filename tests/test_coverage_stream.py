"""``cardtext coverage`` reads a file of JSON lines as a stream: a part of
the file at a time, each name kept once, the cards checked a batch at a
time, the report counted as the results come in.  Memory doesn't grow with
the file (the names it has seen aside), and the report is the one made from
every card held at once (``coverage.load`` and ``coverage.run``)."""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtext import coverage, library
from cardtext.cli import main
from cardtext.library import _split_lines, iter_jsonl, lines_of, scan_jsonl


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"a", b"{}", b"\r", b"\n", b"\r\n", b" ", b"\xe2\x80\xa8"]), max_size=40),
       st.integers(min_value=1, max_value=7))  # fmt: skip
def test_lines_read_a_part_at_a_time_are_the_lines_of_the_whole(parts: list[bytes], size: int) -> None:
    """library.lines_of: the lines of a file read ``size`` bytes at a time are
    those :func:`_split_lines` finds in the whole (\\r\\n split across two
    reads is one line end; \\r and \\n alone end a line too)."""
    data = b"".join(parts)
    assert list(lines_of(io.BytesIO(data), size)) == _split_lines(data)


def _card(n: int) -> dict[str, Any]:
    name = f"Spark {n}"
    return {"name": name, "mana_cost": "{R}", "type_line": "Instant",
            "oracle_text": f"{name} deals 1 damage to any target."}  # fmt: skip


def _file(folder: Path, cards: int, *, repeats: int = 0, name: str = "cards.jsonl") -> Path:
    """``cards`` different cards, each followed by ``repeats`` other printings
    of it (the same name), a line that isn't JSON and a blank line in between."""
    lines = []
    for n in range(cards):
        obj = _card(n)
        lines += [json.dumps(obj)] * (1 + repeats)
        if n == cards // 2:
            lines += ["{not json", ""]
    path = folder / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _peak(path: Path) -> int:
    """The most memory Python held while the file's cards were read, checked and counted."""
    tracemalloc.start()
    try:
        found = coverage.stream(path)
        summary = coverage.Summary(str(path), found.form, False)
        for item, result in coverage.results(found.items, link=False):
            summary.add(item, result)
        assert summary.total > 0 and summary.ok == summary.total - 1  # the line that isn't JSON
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four times the lines (most of them other printings of a card already
    read) cost far less than four times the memory: the file is read a part
    at a time (here 16 kB) and the cards checked a batch at a time, and of a card only its
    name is kept; read whole, the extra lines alone would be more.  (Checking
    a card is left out, made a plain answer: what the parser and the engine
    keep of the cards they checked is bounded on its own, by their caches'
    sizes.)"""
    monkeypatch.setattr(coverage, "BATCH", 64)
    monkeypatch.setattr(library, "READ_SIZE", 16_384)  # a small file read in several parts
    monkeypatch.setattr(coverage, "check_card", lambda name, text, link=True: ("ok", None, None, None, True, None))
    small = _file(tmp_path, 100, repeats=20, name="small.jsonl")
    large = _file(tmp_path, 400, repeats=20, name="large.jsonl")
    _peak(small)
    grown = _peak(large) - _peak(small)
    extra = large.stat().st_size - small.stat().st_size
    assert extra > 700_000
    assert grown < extra // 10, (grown, extra)


def test_a_stream_keeps_each_name_once_and_counts_the_rest(tmp_path: Path) -> None:
    path = _file(tmp_path, 10, repeats=2)
    errors: list[Any] = []
    found = coverage.stream(path, errors.append)
    items = list(found.items)
    assert [i.name for i in items if isinstance(i, coverage.CardInput)] == [f"Spark {n}" for n in range(10)]
    assert [i.status for i in items if isinstance(i, coverage.CardResult)] == [coverage.UNREADABLE]
    assert found.duplicates == 20 and found.unreadable == 1 and len(errors) == 1
    assert found.lines == 10 * 3 + 2  # the lines of the file, blank ones too
    assert [i.line for i in items if isinstance(i, coverage.CardInput)][:2] == [1, 4]
    assert len(scan_jsonl(path).cards) == 30 and sum(1 for _ in iter_jsonl(path)) == 31


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_streamed_report_is_the_report_of_every_card_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    """The --json document, the --failures lines and the counts, streamed in
    batches (and with two processes, the pool kept over the batches), are
    what coverage.load, coverage.run and coverage.summarize make of the whole."""
    monkeypatch.setattr(coverage, "BATCH", 7)
    monkeypatch.setattr(coverage, "PARALLEL_MIN", 2)
    lines = [json.dumps(_card(n)) for n in range(12)]
    lines[3] = json.dumps({**_card(3), "oracle_text": "Spark 3 zaps any target."})  # not read yet
    lines.insert(5, "[1, 2]")  # not a card object
    path = tmp_path / "cards.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = coverage.load(path)
    results = coverage.run(data.cards, link=False)
    summary = coverage.summarize(str(path), data, results, link_check=False)
    expected = json.dumps(coverage.report_json(summary, results), indent=2, ensure_ascii=False) + "\n"
    assert main(["coverage", "--json", "--no-link", "--jobs", jobs, str(path)]) == 1  # a line not a card
    assert capsys.readouterr().out == expected
    human = "\n".join(coverage.report_lines(summary, results, top=10, failures=True)) + "\n"
    assert main(["coverage", "--failures", "--no-link", "--jobs", jobs, str(path)]) == 1
    out = capsys.readouterr().out
    assert out == human and "Spark 3" in out and "parse-error" in out
    tokens = tmp_path / "tokens.jsonl"  # no card to count: the document has no card in it
    tokens.write_text(json.dumps({**_card(1), "layout": "token"}) + "\n", encoding="utf-8")
    assert main(["coverage", "--json", str(tokens)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["cards"] == [] and document["summary"]["total"] == 0
