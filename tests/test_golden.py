"""Golden files: the bundled card files (cardtext/cards/*.card).

That each bundled card parses, passes the link check and is written exactly
as ``cardtext fmt`` would write it is tested by the cardtext pytest plugin,
which collects every card of cardtext/cards/ as a test item
(``cardtext/cards/seed.card::Gnarlid Pack``, and ``::layout`` per file).
Here: what a card item doesn't check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import render_card
from cardtext.library import BUNDLED

CARD_FILES = sorted(BUNDLED.glob("*.card"))


def _id(path: Path) -> str:
    return path.name


def test_there_are_bundled_card_files() -> None:
    names = {p.name for p in CARD_FILES}
    assert {"basic-lands.card", "kicker.card", "seed.card", "manifest.card"} <= names


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_bundled_cards_roundtrip_through_the_renderer(path: Path) -> None:
    """parse(render(card)) == card for every bundled card."""
    for card in parse_text(path.read_text(encoding="utf-8"), str(path)).cards:
        assert parse_text(render_card(card) + "\n").cards == [card]


def test_the_designs_file_has_forty_cards_or_more_and_their_snapshot() -> None:
    """Invented cards in current templating that combine the language's pieces
    in new ways (issue 6): each is a test item of the plugin, compared with its
    tree in designs.ast (golden), canonical and link-checked."""
    path = BUNDLED / "designs.card"
    result = parse_text(path.read_text(encoding="utf-8"), str(path))
    assert not result.errors
    assert len(result.cards) >= 40
    assert path.with_suffix(".ast").exists()


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_every_bundled_card_file_has_its_ast_snapshot(path: Path) -> None:
    assert path.with_suffix(".ast").exists()


def test_bundled_card_names_are_unique() -> None:
    names = [c.name for p in CARD_FILES for c in parse_text(p.read_text(encoding="utf-8")).cards]
    assert len(names) == len(set(names))


def test_the_plugin_collects_every_bundled_card(pytestconfig: pytest.Config) -> None:
    """The card items above exist: cardtext/cards is among the test paths."""
    assert "cardtext/cards" in pytestconfig.getini("testpaths")
