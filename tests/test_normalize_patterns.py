"""The patterns of :mod:`cardtext.normalize` written for a fast search
(from a literal character, or only where they can change the text) do
exactly what their plain form does, on every card text of the benchmark
files and on texts made to hit their edges."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from cardtext import coverage
from cardtext import normalize as N

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"

EDGES = [
    "a  ,b", "a ,b", "a,\nb", "a, ", "a,", ",", "x\t, y", ", , ,", "a,  b", "a,\u00a0b",
    "(r) A", "x (a (b) c) d", "x\n  (r)\nY", ")  \tB", "a (b)c", "a ( (x)", "(a) (b)", " (a)",
    "1: x\n+1: y\n-X: z\n[−2]: w", "-1: a", "\n2: b", "x\n\n-3: y",
    "Kicker--Sacrifice", "a–B", "a--{", "a---B", "a-b", "-A", "foo -- Bar", "foo -\nbar", "foo – Bar", "a - B - C",
]  # fmt: skip
"""Texts at the edges of the patterns (commas, reminders, line starts, dashes)."""

PLAIN = {
    "dash joined": (r"(?<=[a-z])(?:--?|–)(?=[A-Z{])", "—", 0),
    "dash spaced": (r"(?<=\w) (?:-|--|–) (?=[A-Z])", " — ", 0),
    "dash at the end": (r"(?<=\w) (?:-|--|–)$", " —", re.M),
}
"""The plain form of the dash patterns, by the index of their step."""

STEP = {"dash joined": 5, "dash spaced": 6, "dash at the end": 7}


@functools.cache
def _texts() -> list[str]:
    texts = list(EDGES)
    for name in ("cards.jsonl", "forge-2020.jsonl"):
        data = coverage.load(DATA / name)
        texts += [card.text for card in data.cards if isinstance(card, coverage.CardInput)]
    return texts


def test_reminders_are_dropped_with_the_space_before_them() -> None:
    plain = re.compile(r"\s*\([^()]*\)")
    for text in _texts():
        assert N._without_reminders(text) == plain.sub("", text), text


def test_a_reminder_then_more_text_ends_the_line() -> None:
    plain = re.compile(r"(?<=\))[ \t]+(?=[A-Z])")
    for text in _texts():
        assert N._REMINDER_ENDS_LINE.sub(")\n", text) == plain.sub("\n", text), text


def test_bare_loyalty_costs_are_found_at_each_line_start() -> None:
    plain = re.compile(r"^([+−-]?(?:\d+|X)):", re.M)
    for text in _texts():
        assert N._bare_loyalty(text) == plain.sub(N._loyalty, text), text


def test_commas_are_rewritten_only_where_written_otherwise() -> None:
    plain = re.compile(r"\s*,\s*")
    for text in _texts():
        assert N._commas(text) == plain.sub(", ", text), text


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_dash_patterns_found_from_the_dash(name: str) -> None:
    pattern, replacement, flags = PLAIN[name]
    plain = re.compile(pattern, flags)
    step, _guards = N._STEPS[STEP[name]]
    for text in _texts():
        assert step(text) == plain.sub(replacement, text), text


def test_spaces_are_only_rewritten_where_there_are_runs() -> None:
    for text in _texts():
        if "\t" not in text and "  " not in text:
            assert N._SPACES.sub(" ", text) == text, text
