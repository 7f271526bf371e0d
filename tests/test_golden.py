"""Golden files: every bundled card file (cardtext/cards/*.card) is canonical.

Each file is what ``cardtext fmt`` would write, byte for byte; each card
renders to exactly its lines in the file; and the static link check finds
nothing to report in any bundled card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.library import BUNDLED
from grammar.parser import iter_blocks, parse_block, parse_text, split_file
from grammar.render import format_text, render_card
from interpreter.links import check_card

CARD_FILES = sorted(BUNDLED.glob("*.card"))


def _id(path: Path) -> str:
    return path.name


def test_there_are_bundled_card_files() -> None:
    names = {p.name for p in CARD_FILES}
    assert {"basic-lands.card", "kicker.card", "seed.card", "manifest.card"} <= names


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_bundled_file_is_canonical(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_bundled_file_parses_without_errors(path: Path) -> None:
    result = parse_text(path.read_text(encoding="utf-8"), str(path))
    assert [e.format() for e in result.errors] == []
    assert result.cards


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_each_card_renders_to_its_own_lines(path: Path) -> None:
    """Line by line: a difference names the card and the line that differs."""
    text = path.read_text(encoding="utf-8")
    for block in iter_blocks(split_file(text)):
        card = parse_block(block, str(path))
        written = list(block.lines)
        rendered = render_card(card).splitlines()
        assert rendered == written, f"{path.name}:{block.start}: {card.name}"


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_bundled_cards_have_no_link_errors(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    result = parse_text(text, str(path))
    errors = [e.format() for card in result.cards for e in check_card(card, str(path), text)]
    assert errors == []


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_bundled_cards_roundtrip_through_the_renderer(path: Path) -> None:
    """parse(render(card)) == card for every bundled card."""
    for card in parse_text(path.read_text(encoding="utf-8"), str(path)).cards:
        assert parse_text(render_card(card) + "\n").cards == [card]


def test_bundled_card_names_are_unique() -> None:
    names = [c.name for p in CARD_FILES for c in parse_text(p.read_text(encoding="utf-8")).cards]
    assert len(names) == len(set(names))
