"""Older Oracle templating and trigger events (grammar/lang/triggers.*,
sentences.*, verbs.*, conditions.*): each test parses a wording, asserts
what the AST says it means, that it renders back byte-identical, and — where
the engine doesn't carry it out — that the support check names it as a gap.
"""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node
from cardtext.grammar.render import render_card
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_card


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
    """602.5b: an activation restriction named by a declaration of combat;
    the engine checks "before attackers are declared" (508.1) and reports
    the others as a gap."""
    card = card_of(text)
    (rule,) = nodes(card, A.ActivateOnly)
    assert rule.timings[-1] == timing
    assert any(timing in str(g) for g in gaps(card)) == (timing != "before attackers are declared")


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
    assert not gaps(card)


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
    """509.1c: a requirement on every creature that could block the object,
    which the engine carries out as blockers are declared."""
    card = card_of(text)
    (req,) = nodes(card, A.Requirement)
    assert req.rule == "able to block do so" and req.form == form
    assert isinstance(req.other, A.SelfRef)
    assert not any("able to block do so" in str(g) or "Requirement" in str(g) for g in gaps(card))


def test_able_to_block_in_a_spell_with_any_object() -> None:
    text = "Target creature gets +3/+3 until end of turn. All creatures able to block it this turn do so."
    card = parse_card(f"Test Lure {{G}}\nSorcery\n{text}", link=False)
    (req,) = nodes(card, A.Requirement)
    assert isinstance(req.other, A.ItRef)
    assert render_card(card).splitlines()[2] == text


# --------------------------------------------------------------------------
# Trigger events (603.2) and state triggers (603.8)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "count", "plural"), [
    ("Battalion — Whenever Test Card and at least two other creatures attack, draw a card.", 2, True),
    ("Whenever Test Card and at least one other creature attack, draw a card.", 1, False),
])  # fmt: skip
def test_attacks_with_at_least_n_others(text: str, count: int, plural: bool) -> None:
    """508.1m, battalion (702.101 ability word): the object attacks along with others."""
    card = card_of(text)
    (t,) = nodes(card, A.AttacksTogetherTrigger)
    assert isinstance(t.object, A.SelfRef) and t.count.value == count
    assert t.others.nouns == ("creature",)
    assert gaps(card) == []  # played: cardtext.interpreter.triggers._attacks_together


@pytest.mark.parametrize(("event", "kind"), [
    ("exploits a creature", "exploits"), ("evolves", "evolves"),
    ("phases in", "phases in"), ("phases out", "phases out"),
])  # fmt: skip
def test_keyword_events_of_a_permanent(event: str, kind: str) -> None:
    """702.110 exploit, 702.100 evolve, 702.26 phasing: what a permanent does, as a trigger event."""
    card = card_of(f"Whenever Test Card {event}, draw a card.")
    (t,) = nodes(card, A.EventTrigger)
    assert [e.kind for e in t.events] == [kind]
    played = kind == "exploits"  # 702.110b: played (its event made as an exploit ability resolves)
    assert any(f"'{kind}'" in str(g) for g in gaps(card)) != played


def test_a_player_puts_a_permanent_onto_the_battlefield() -> None:
    """603.6a in older wording: "Whenever a player puts a Swamp onto the battlefield"."""
    card = card_of("Whenever a player puts a Swamp onto the battlefield, that player loses 1 life.",
                   type_line="Enchantment")  # fmt: skip
    (t,) = nodes(card, A.EventTrigger)
    (e,) = t.events
    assert e.kind == "puts onto the battlefield" and e.other.filter.nouns == ("Swamp",)


@pytest.mark.parametrize(("text", "cond"), [
    ("When you have 10 or less life, sacrifice Test Card.", A.LifeCompare),
    ("When a player has no cards in hand, sacrifice Test Card.", None),
    ("When Test Card has twenty or more charge counters on it, you win the game.", A.HasCounters),
    ("When Test Card has no ice counters on it, sacrifice it.", A.HasCounters),
])  # fmt: skip
def test_state_trigger_of_what_a_subject_has(text: str, cond: type | None) -> None:
    """603.8: a state trigger written as what is true of a player or object."""
    card = card_of(text, type_line="Artifact")
    (t,) = nodes(card, A.StateTrigger)
    if cond is not None:
        assert isinstance(t.condition, cond)
    assert not any("StateTrigger" in str(g) or "state trigger" in str(g) for g in gaps(card))


@pytest.mark.parametrize(("count", "op"), [("three", "more"), ("two", "fewer")])
def test_has_n_or_more_counters_condition(count: str, op: str) -> None:
    """A comparison of the counters on an object, in any condition (122.1)."""
    text = f"At the beginning of your upkeep, if Test Card has {count} or {op} +1/+1 counters on it, draw a card."
    card = card_of(text)
    (c,) = nodes(card, A.HasCounters)
    assert c.how == f"or {op}" and c.kind == "+1/+1"


@pytest.mark.parametrize("text", [
    "{1}: Regenerate Test Card. When it regenerates this way, tap it.",
    "{T}: Target player discards a card. When they discard a card this way, you draw a card.",
])  # fmt: skip
def test_reflexive_trigger_on_what_was_done_this_way(text: str) -> None:
    """603.12: a reflexive trigger on the events the instruction before caused."""
    card = card_of(text)
    (t,) = nodes(card, A.ThisWayTrigger)
    assert isinstance(t.trigger, A.EventTrigger)
    assert any("ThisWayTrigger" in str(g) for g in gaps(card))
