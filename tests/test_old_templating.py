"""Older Oracle templating and trigger events (grammar/lang/triggers.*,
sentences.*, verbs.*, conditions.*): each test parses a wording, asserts
what the AST says it means, that it renders back byte-identical, and — where
the engine doesn't carry it out — that the support check names it as a gap.
"""

from __future__ import annotations

import pytest

from cardtext.testing import parse_card
from grammar import ast as A
from grammar.node import Node
from grammar.render import render_card
from interpreter.support import gaps


def nodes(tree: Node, cls: type) -> list:
    return [n for n in tree.walk() if isinstance(n, cls)]


def card_of(text: str, type_line: str = "Creature — Human Rogue", name: str = "Test Card") -> A.Card:
    """A card with one ability line that renders back byte-identical."""
    pt = "\n2/2" if "Creature" in type_line else ""
    card = parse_card(f"{name} {{2}}{{B}}\n{type_line}\n{text}{pt}", link=False)
    assert render_card(card).splitlines()[2] == text
    return card


# --------------------------------------------------------------------------
# Timing restrictions named by combat declarations (602.5b, 506-509)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "timing"), [
    ("{T}: You gain 1 life. Activate only during your turn, before attackers are declared.",
     "before attackers are declared"),
    ("{T}: Draw a card. Activate only before attackers are declared.", "before attackers are declared"),
    ("{1}: Untap target creature. Activate only after blockers are declared.", "after blockers are declared"),
])  # fmt: skip
def test_activate_only_before_attackers_are_declared(text: str, timing: str) -> None:
    """602.5b: an activation restriction named by a declaration of combat; the
    engine doesn't check it yet, so it is a gap."""
    card = card_of(text)
    (rule,) = nodes(card, A.ActivateOnly)
    assert rule.timings[-1] == timing
    assert any(timing in str(g) for g in gaps(card))


@pytest.mark.parametrize("when", ["before", "after"])
def test_cast_only_during_combat_before_blockers(when: str) -> None:
    """307.5 / 601.3: "Cast this spell only during combat before blockers are declared"."""
    text = f"Cast this spell only during combat {when} blockers are declared."
    card = parse_card(f"Test Panic {{R}}\nInstant\n{text}\nTarget creature can't block this turn.", link=False)
    (rule,) = nodes(card, A.CastOnly)
    assert rule.timings == (f"during combat {when} blockers are declared",)
    assert render_card(card).splitlines()[2] == text


# --------------------------------------------------------------------------
# "put them back" (401.2: the cards go back where they were looked at)
# --------------------------------------------------------------------------


def test_put_them_back_in_any_order() -> None:
    text = "When this creature enters, look at the top three cards of your library, then put them back in any order."
    card = card_of(text)
    dest = nodes(card, A.PutInZone)[0].to
    assert dest.zone == "library" and dest.where == "back" and dest.order == "any"
    assert any("PutInZone" in str(g) for g in gaps(card))


@pytest.mark.parametrize("rest", ["on top of your library", "on top of that player's library in any order"])
def test_put_back_on_top(rest: str) -> None:
    """ "put one of those cards back on top of your library": the place, with "back"."""
    text = f"When this creature enters, look at the top two cards of target player's library. Put one of those cards back {rest}."
    card = card_of(text)
    dest = nodes(card, A.PutInZone)[-1].to
    assert dest.back and dest.zone == "library" and dest.where == "top"


# --------------------------------------------------------------------------
# Soulbond: "paired with" (702.95)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("rest", ["both creatures have flying", "each of those creatures gets +2/+2"])
def test_as_long_as_paired_with_another_creature(rest: str) -> None:
    """702.95: a creature paired with another; "both creatures" names the pair."""
    text = f"As long as Test Card is paired with another creature, {rest}."
    card = card_of(text)
    states = [n for n in nodes(card, A.State) if n.word == "paired with"]
    assert states and all(isinstance(s.what, A.AnObject) for s in states)
    assert any("paired with" in str(g) for g in gaps(card))
    if rest.startswith("both"):
        both = [n for n in nodes(card, A.ThatRef) if n.word == "both"]
        assert both and all(b.noun == "creature" for b in both)


def test_paired_in_an_unless_condition() -> None:
    text = "Test Card can't attack or block unless it's paired with a creature with soulbond."
    card = card_of(text)
    assert [n for n in nodes(card, A.State) if n.word == "paired with"]


# --------------------------------------------------------------------------
# "All creatures able to block [it] do so" (509.1c)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "form"), [
    ("All creatures able to block Test Card do so.", ""),
    ("{2}{G}: All creatures able to block Test Card this turn do so.", "this turn"),
    ("All Walls able to block Test Card do so.", ""),
])  # fmt: skip
def test_all_creatures_able_to_block_do_so(text: str, form: str) -> None:
    """509.1c: a requirement on every creature that could block the object."""
    card = card_of(text)
    (req,) = nodes(card, A.Requirement)
    assert req.rule == "able to block do so" and req.form == form
    assert isinstance(req.other, A.SelfRef)
    assert any("able to block do so" in str(g) or "Requirement" in str(g) for g in gaps(card))


def test_able_to_block_in_a_spell_with_any_object() -> None:
    text = "Target creature gets +3/+3 until end of turn. All creatures able to block it this turn do so."
    card = parse_card(f"Test Lure {{G}}\nSorcery\n{text}", link=False)
    (req,) = nodes(card, A.Requirement)
    assert isinstance(req.other, A.ItRef)
    assert render_card(card).splitlines()[2] == text
