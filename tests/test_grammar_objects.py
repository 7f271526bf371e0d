"""Grammar-level tests of objects, players, quantities and references
(grammar/lang/objects.*, quantities.*): each test parses a wording, asserts
what the AST says it means, and that it renders back byte-identical.
"""

from __future__ import annotations

from typing import Any

import pytest
from card_helpers import ability, one, round_trips

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node

# --------------------------------------------------------------------------
# Counters looked at (CR 122.1): "with ... on it", "has ... on it", "there are ..."
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "how", "negated", "them"),
    [
        ("Destroy target creature with no counters on it.", "", "no", False, False),
        ("Destroy target land without a blaze counter on it.", "blaze", "", True, False),
        ("Creatures you control with +1/+1 counters on them have trample.", "+1/+1", "", False, True),
        ("Permanents you control with counters on them have ward {1}.", "", "", False, True),
        ("Creatures with bribery counters on them can't attack or block.", "bribery", "", False, True),
        ("Destroy target creature with three or more ki counters on it.", "ki", "or more", False, False),
        ("Destroy target creature with a counter on it.", "", "", False, False),
    ],
)
def test_with_counters_on_it_any_count_and_kind(text: str, kind: str, how: str, negated: bool, them: bool) -> None:
    """122.1: a quality of objects by the counters on them, of any kind
    (any word before "counter"), with any count or none."""
    q = one(ability(text), A.WithCounter)
    assert (q.kind, q.how, q.negated, q.them) == (kind, how, negated, them)
    round_trips(text)


@pytest.mark.parametrize(
    ("text", "how", "form", "kind"),
    [
        ("If there are three or more ki counters on Test Card, draw a card.", "or more", "are", "ki"),
        ("If there are no depletion counters on Test Card, draw a card.", "no", "are", "depletion"),
        ("If there is exactly one tide counter on Test Card, draw a card.", "exactly", "are", "tide"),
        ("If this creature has one or more +1/+1 counters on it, draw a card.", "or more", "", "+1/+1"),
        ("If Test Card has five or more unlock counters on it, draw a card.", "or more", "", "unlock"),
        ("If target creature doesn't have a flying counter on it, draw a card.", "", "not", "flying"),
        ("If that creature had counters on it, draw a card.", "", "had", ""),
        ("If it had no time counters on it, draw a card.", "no", "had", "time"),
    ],
)
def test_counters_on_an_object_as_a_condition(text: str, how: str, form: str, kind: str) -> None:
    """122.1: how many counters of a kind an object has, in a condition;
    "there are N counters on [this]" is the same test with no subject."""
    cond = one(ability(text, type_line="Sorcery"), A.HasCounters)
    assert (cond.how, cond.form, cond.kind) == (how, form, kind)
    assert (cond.object is None) == (form == "are")
    round_trips(text, type_line="Sorcery")


def test_there_are_counters_keeps_there_are_objects() -> None:
    """ "there are seven or more cards in your graveyard" still counts objects."""
    a = ability("If there are seven or more cards in your graveyard, draw a card.", type_line="Sorcery")
    assert isinstance(one(a, A.ThereAre).what, A.AnObject)


def test_a_counter_kind_is_any_word_but_a_determiner() -> None:
    """ "with a counter", "had counters": the word before "counter" is its
    kind only when it isn't a determiner or a verb."""
    q = one(ability("Destroy target creature with a counter on it."), A.WithCounter)
    assert q.kind == "" and q.count is not None
    cond = one(ability("If it had counters on it, draw a card.", type_line="Sorcery"), A.HasCounters)
    assert cond.kind == "" and cond.amount is None


@pytest.mark.parametrize(
    "text",
    [
        "Remove all +1/+1 counters from target creature. Test Card deals damage to any target equal to "
        "the number of +1/+1 counters removed this way.",
        "Remove all charge counters from target artifact. Add {C} for each charge counter removed this way.",
        "Remove all counters from target permanent. You gain 1 life for each counter removed this way.",
    ],
)
def test_counters_removed_this_way_is_a_count(text: str) -> None:
    """122.1, 608.2c: the counters an earlier instruction removed, counted
    in any numeric slot ("equal to the number of ...", "for each ...")."""
    a = ability(text)
    assert one(a, A.CountersThisWay).verb == "removed"
    round_trips(text)


# --------------------------------------------------------------------------
# Zones (CR 400): several searched at once, plural zones
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "zones"),
    [
        ("Search your library and/or graveyard for a card named Forest, reveal it, and put it into your hand.",
         "library and/or graveyard"),
        ("Search your graveyard, hand, and/or library for an Aura card and put it onto the battlefield.",
         "graveyard, hand, and/or library"),
        ("Search your library and graveyard for a card named Forest, reveal it, and put it into your hand.",
         "library and graveyard"),
        ("Search your graveyard, hand, and library for an Aura card and put it onto the battlefield.",
         "graveyard, hand, and library"),
    ],
)
def test_search_several_zones(text: str, zones: str) -> None:
    """701.23: a search of several zones at once, joined by and, or, and/or."""
    assert one(ability(text), A.Search).zones == zones
    round_trips(text)


@pytest.mark.parametrize(
    "text",
    ["Exile all creature cards from graveyards.", "Instant and sorcery cards in graveyards have flashback."],
)
def test_plural_zone_is_every_players(text: str) -> None:
    """404: "graveyards" alone is every player's graveyard (as "all graveyards")."""
    zone = one(ability(text), A.InZone)
    assert (zone.zone, zone.owner, zone.how) == ("graveyard", None, "plural")
    round_trips(text)


# --------------------------------------------------------------------------
# Descriptions said again for each kind, and a name compared (601.2f, 201.2)
# --------------------------------------------------------------------------


def first(tree: Node, cls: type) -> Any:
    """The first node of a kind (a static ability keeps a copy of its sentence as written)."""
    return next(n for n in tree.walk() if isinstance(n, cls))


@pytest.mark.parametrize(
    ("text", "nouns", "colors"),
    [
        ("Angel spells and Human spells you cast cost {1} less to cast.", ("Angel", "Human"), ()),
        ("Kithkin spells and Soldier spells you cast cost {1} less to cast.", ("Kithkin", "Soldier"), ()),
        ("Green spells and blue spells you cast cost {1} less to cast.", (), ("green", "blue")),
    ],
)  # fmt: skip
def test_spells_of_each_kind_said_again_are_spells_of_either(text: str, nouns: tuple[str, ...], colors: tuple[str, ...]) -> None:
    """ "Angel spells and Human spells": spells that are Angels or Humans (a
    type and the kind of object said again for each), not an Angel that is a
    'spell' and a Human."""
    mod = first(ability(text, type_line="Creature — Test"), A.CostModifier)
    filt = mod.what.filter
    assert filt.spell and filt.nouns == nouns and filt.conj == "or"
    if colors:
        (group,) = filt.adjectives
        assert isinstance(group, A.AdjGroup) and group.conj == "or"
        assert tuple(c.color for c in group.items) == colors
    else:
        assert filt.adjectives == ()
    round_trips(text, type_line="Creature — Test")


@pytest.mark.parametrize(
    "text",
    [
        "Spells you cast cost {1} less to cast for each card with the same name as that spell in your graveyard.",
        "Whenever you cast an instant spell, you may cast target card with the same name as that spell from your graveyard.",
    ],
)  # fmt: skip
def test_the_zone_after_the_same_name_as_that_object_is_the_described_cards(text: str) -> None:
    """201.2: in "a card with the same name as that spell in your graveyard"
    the zone is where the cards are; "that spell" is the object named
    before, wherever it is."""
    same = first(ability(text, type_line="Artifact"), A.SameNameAs)
    assert isinstance(same.other, A.ThatRef) and same.other.what.zone is None
    outer = [n for n in ability(text, type_line="Artifact").walk()
             if isinstance(n, A.ObjectFilter) and any(isinstance(q, A.SameNameAs) for q in n.post)]  # fmt: skip
    assert outer and all(f.zone is not None and f.zone.zone == "graveyard" for f in outer)
    assert outer[0].zone is not None and outer[0].zone.zone == "graveyard"
    round_trips(text, type_line="Artifact")
