"""Older mechanics and templating (grammar/lang/verbs.*, quantities.*,
conditions.*): each test parses real and invented wordings, asserts what the
AST says, that the text renders back byte-identical, and what the support
check says the engine can and can't do with it.
"""

from __future__ import annotations

import pytest
from card_helpers import gap_texts, nodes, one_ability_card
from hypothesis import given
from hypothesis import strategies as st

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardParseError
from cardtext.grammar.render import render_card
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_card


def card_of(text: str, type_line: str = "Creature — Horror", name: str = "Test Card") -> A.Card:
    return one_ability_card(text, type_line, name=name)


# --------------------------------------------------------------------------
# Counters a player gets and has (CR 122.1, 122.1f poison, 122.1g experience)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "count", "kind"), [
    ("Whenever this creature deals damage to a player, that player gets a poison counter.", 1, "poison"),
    ("At the beginning of your upkeep, you get a poison counter.", 1, "poison"),
    ("When this creature enters, each player gets a poison counter.", 1, "poison"),
    ("Whenever this creature deals damage to a player, that player gets two poison counters.", 2, "poison"),
    ("Whenever you cast an enchantment spell, you get an experience counter.", 1, "experience"),
    ("When this creature dies, each opponent gets three poison counters.", 3, "poison"),
])  # fmt: skip
def test_player_gets_counters(text: str, count: int, kind: str) -> None:
    """122.1f: "[player] gets N poison counters", with any player subject."""
    card = card_of(text)
    (get,) = nodes(card, A.GetCounters)
    assert get.kind == kind and get.amount.value == count and not get.another


def test_get_counters_of_any_kind_is_played() -> None:
    """122.1: the engine keeps a player's counters of every kind — poison
    (704.5c), experience (122.1g), energy (122.1h)."""
    assert not gap_texts(card_of("At the beginning of your upkeep, you get a poison counter."))
    assert not gap_texts(card_of("Whenever you cast an enchantment spell, you get an experience counter."))


def test_gets_another_poison_counter() -> None:
    text = ("Whenever this creature deals damage to a player, they get a poison counter. "
            "That player gets another poison counter.")  # fmt: skip
    card = card_of(text)
    first, second = nodes(card, A.GetCounters)
    assert not first.another and second.another and second.kind == "poison"


def test_gets_counters_in_a_list_of_instructions() -> None:
    """Real: Caress of Phyrexia, with one subject for three verbs."""
    card = card_of(
        "Target player draws three cards, loses 3 life, and gets three poison counters.", "Sorcery"
    )
    (get,) = nodes(card, A.GetCounters)
    assert get.amount.value == 3 and not gap_texts(card)


def test_gets_pump_is_not_counters() -> None:
    """ "gets +1/+1" stays a pump; "gets a +1/+1 counter" isn't Oracle text for
    a creature, and the counter node is for players."""
    card = card_of("Target creature gets +1/+1 until end of turn.", "Instant")
    assert not nodes(card, A.GetCounters) and nodes(card, A.Pump)


@pytest.mark.parametrize(("text", "kind", "who"), [
    ("This creature gets +1/+1 for each poison counter your opponents have.", "poison", "your opponents have"),
    ("At the beginning of your upkeep, create a 1/1 green Insect creature token with infect for each poison "
     "counter your opponents have.", "poison", "your opponents have"),
    ("Whenever this creature deals combat damage to a player, that player discards a card for each poison "
     "counter they have.", "poison", "they have"),
    ("At the beginning of your end step, put a +1/+1 counter on each creature you control for each "
     "experience counter you have.", "experience", "you have"),
    ("When this creature enters, target player loses life equal to the number of poison counters that player "
     "has.", "poison", "that player has"),
])  # fmt: skip
def test_counters_a_player_has(text: str, kind: str, who: str) -> None:
    """122.1: the counters a player has, in any numeric slot ("for each",
    "equal to the number of")."""
    card = card_of(text)
    (q,) = set(nodes(card, A.PlayerCounters))  # a pump's "+1/+1" counts it once for each
    assert q.kind == kind and who in text
    problems = gap_texts(card)
    assert not problems  # poison and experience counters alike (122.1f, 122.1g)


@pytest.mark.parametrize(("text", "form", "how"), [
    ("Whenever this creature attacks, if defending player is poisoned, it gets +1/+1 until end of turn.",
     "poisoned", ""),
    ("This creature has infect as long as an opponent is poisoned.", "poisoned", ""),
    ("At the beginning of your upkeep, if an opponent has three or more poison counters, draw a card.",
     "", "or more"),
    ("At the beginning of your upkeep, if you have no poison counters, you gain 1 life.", "", "no"),
    ("At the beginning of your upkeep, if target opponent has exactly two poison counters, draw a card.",
     "", "exactly"),
    ("At the beginning of your upkeep, if you don't have ten or more poison counters, draw a card.",
     "not", "or more"),
])  # fmt: skip
def test_player_has_poison_counters(text: str, form: str, how: str) -> None:
    """122.1f: a player "is poisoned" with one or more poison counters; the
    engine checks it."""
    card = card_of(text)
    (cond,) = set(
        nodes(card, A.HasCounters)
    )  # a static keeps its condition where each effect reads it
    assert cond.on is None and cond.kind == "poison" and cond.form == form and cond.how == how
    assert not [g for g in gap_texts(card) if "HasCounters" in g or "counters" in g]


def test_poisoned_real_cards() -> None:
    """Real: Corrupted Resolve, Chained Throatseeker's wording."""
    card = card_of("Counter target spell if its controller is poisoned.", "Instant")
    (cond,) = nodes(card, A.HasCounters)
    assert cond.form == "poisoned" and isinstance(cond.object, A.ControllerOf)


def test_experience_counters_condition_is_read() -> None:
    """122.1g: the experience counters a player has are kept and read."""
    card = card_of(
        "At the beginning of your upkeep, if you have five or more experience counters, draw a card."
    )
    assert not gap_texts(card)


def test_cr122_1_object_counters_condition_is_read() -> None:
    """122.1: counters on an object are read by the engine (the counters on
    it, or as it last existed for "had", 603.10a): no gap."""
    card = card_of("Whenever this creature attacks, if it has a +1/+1 counter on it, draw a card.")
    assert not any("HasCounters" in g for g in gap_texts(card))


@given(
    n=st.integers(min_value=1, max_value=20),
    kind=st.sampled_from(["poison", "experience", "rad", "ticket"]),
    who=st.sampled_from(
        ["Target player", "Each opponent", "You", "Defending player", "Its controller"]
    ),
)
def test_gets_counters_round_trip(n: int, kind: str, who: str) -> None:
    """Any count, any counter kind, any player: the instruction reads and
    renders back."""
    verb = "get" if who == "You" else "gets"
    noun = "counter" if n == 1 else "counters"
    amount = "a" if n == 1 else str(n)
    text = f"{who} {verb} {amount} {kind} {noun}."
    card = (
        card_of(text, "Sorcery")
        if who != "Its controller"
        else card_of(f"Destroy target creature. {text}", "Sorcery")
    )
    (get,) = nodes(card, A.GetCounters)
    assert get.kind == kind and get.amount.value == n


def test_get_counters_needs_a_kind_word() -> None:
    """ "gets two counters" names no kind: not a way to give a player counters."""
    with pytest.raises(CardParseError):
        parse_card("Test Card {B}\nSorcery\nTarget player gets two counters.", link=False)


# --------------------------------------------------------------------------
# Suspended cards (702.62b), cards from outside the game (400.11)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Remove two time counters from each permanent and each suspended card.",
        "Remove two time counters from target permanent or suspended card.",
        "Return target nonland permanent or suspended card to its owner's hand.",
        "Put a time counter on each suspended card you own.",
    ],
)
def test_suspended_card(text: str) -> None:
    """702.62b: "suspended" describes a card in exile with suspend and a time
    counter; the engine keeps no suspend yet, so it is a named gap."""
    card = card_of(text, "Instant")
    assert any(isinstance(a, A.StatusAdj) and a.status == "suspended" for a in card.walk())
    assert any("status 'suspended'" in g for g in gap_texts(card))


def test_is_suspended_condition_is_a_gap_everywhere() -> None:
    """ "Activate only if [this] is suspended": a state the engine can't tell
    is a gap of the activation restriction too, not a promise."""
    text = "{1}: Remove a time counter from this creature. Activate only if this creature is suspended."
    assert any("Activate only" in g for g in gap_texts(card_of(text)))
    trig = "Whenever an opponent casts a spell, if this creature is suspended, remove a time counter from it."
    assert any("is StatusAdj" in g for g in gap_texts(card_of(trig)))


@pytest.mark.parametrize(
    "text",
    [
        "You may choose a sorcery card you own from outside the game, reveal that card, and put it into your hand.",
        "Choose up to four cards you own from outside the game and shuffle them into your library.",
        "Put a creature card from outside the game into your hand.",
        "Choose an artifact or enchantment card you own from outside the game and put it into your hand.",
    ],
)
def test_outside_the_game(text: str) -> None:
    """400.11: cards from outside the game (a sideboard) read as a place; the
    engine has none, so it is a named gap."""
    card = card_of(text, "Sorcery")
    assert any(isinstance(z, A.InZone) and z.zone == "outside the game" for z in card.walk())
    assert any("outside the game" in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# "this effect": exceptions and special actions (702.16, 116.2c, 116.2d)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rider", "what"),
    [
        ("This effect doesn't remove Test Ward.", A.SelfRef),
        ("This effect doesn't remove Auras.", A.Each),
        ("This effect doesn't remove this Aura.", A.SelfRef),
    ],
)
def test_effect_doesnt_remove(rider: str, what: type) -> None:
    """702.16: a protection granted by an Aura that doesn't make the Aura (or
    Auras) fall off; the engine doesn't apply the exception: a gap."""
    for grant in ("Enchanted creature has protection from black.",
                  "Enchanted creature gets +2/+2 and has protection from all colors."):  # fmt: skip
        text = f"{grant} {rider}"
        card = parse_card(
            f"Test Ward {{W}}\nEnchantment — Aura\nEnchant creature\n{text}", link=False
        )
        assert render_card(card).splitlines()[3] == text
        (n,) = nodes(card, A.EffectDoesntRemove)
        assert isinstance(n.what, what)
        assert any("several sentences" in str(g) for g in gaps(card))


def test_licid_pay_to_end_this_effect() -> None:
    """116.2c: "You may pay {W} to end this effect." — a special action the
    effect offers; a gap for the engine."""
    text = ("{W}, {T}: This creature loses this ability and becomes an Aura enchantment with enchant creature. "
            "Attach it to target creature. You may pay {W} to end this effect.")  # fmt: skip
    card = card_of(text)
    (n,) = nodes(card, A.EffectAction)
    assert not n.ignore and any("EffectAction" in g for g in gap_texts(card))


@pytest.mark.parametrize(
    "who",
    [
        "Any player may pay {2}",
        "Each opponent may pay {1}",
        "Its controller may exile three cards from their graveyard",
        "That creature's controller may sacrifice a permanent",
    ],
)
def test_ignore_this_effect(who: str) -> None:
    """116.2d: "[player] may [do something] for that player to ignore this
    effect until end of turn" after a static ability."""
    text = f"Players can't search libraries. {who} for that player to ignore this effect until end of turn."
    card = card_of(text, "Artifact")
    (n,) = nodes(card, A.EffectAction)
    assert n.ignore and n.duration is not None
    assert gap_texts(card)


def test_any_player_may_activate_still_reads() -> None:
    card = card_of("{T}: Draw a card. Any player may activate this ability.", "Artifact")
    assert nodes(card, A.AnyPlayerMayActivate)


# --------------------------------------------------------------------------
# Deck construction (100.2a, 100.4) and ante (407.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("type_line", "count"),
    [("Creature — Rat", None), ("Sorcery", None), ("Creature — Dwarf", 7), ("Instant", 4)],
)
def test_deck_can_have_cards_named(type_line: str, count: int | None) -> None:
    """100.2a: a deck-building rule; it changes nothing in a game, on a
    permanent or a spell, so the card plays."""
    amount = (
        "any number of"
        if count is None
        else f"up to {['', '', '', '', 'four', '', '', 'seven'][count]}"
    )
    text = f"A deck can have {amount} cards named Test Card."
    card = card_of(text, type_line)
    (n,) = nodes(card, A.DeckRule)
    assert isinstance(n.card, A.SelfRef) and not n.ante
    assert (n.up_to is None) == (count is None) and (count is None or n.up_to.value == count)
    assert any(isinstance(a, A.StaticAbility) for a in card.abilities)
    assert not gap_texts(card)


def test_ante_card_is_a_gap() -> None:
    """407.1: a game here is never played for ante."""
    card = card_of(
        "Remove Test Card from your deck before playing if you're not playing for ante.", "Artifact"
    )
    (n,) = nodes(card, A.DeckRule)
    assert n.ante and any("ante" in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# Life totals set (119.5) and starting life totals (103.4)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "equal"),
    [
        ("When this creature enters, your life total becomes 7.", False),
        ("When this creature enters, target player's life total becomes 10.", False),
        (
            "When this creature enters, each player's life total becomes the number of creatures they control.",
            False,
        ),
        ("At the beginning of each end step, your life total becomes 5.", False),
        (
            "When this creature enters, each opponent's life total becomes half their life total, rounded up.",
            False,
        ),
        (
            "When this creature dies, your life total becomes equal to the number of cards in your hand.",
            True,
        ),
    ],
)
def test_life_total_becomes(text: str, equal: bool) -> None:
    """119.5: any player's life total set to any amount; the engine plays it."""
    card = card_of(text)
    (n,) = nodes(card, A.SetLifeTotal)
    assert n.equal == equal
    assert not [g for g in gap_texts(card) if "SetLifeTotal" in g]


@pytest.mark.parametrize(
    "text",
    [
        "At the beginning of your end step, your life total becomes half your starting life total, rounded up.",
        "As long as your life total is greater than or equal to your starting life total, "
        "creatures you control get +1/+1.",
        "When this creature enters, your life total becomes equal to your starting life total.",
    ],
)
def test_starting_life_total_is_a_gap(text: str) -> None:
    """103.4: the life total a player began with; the engine doesn't keep it."""
    card = card_of(text)
    assert nodes(card, A.StartingLifeTotal)
    assert any("StartingLifeTotal" in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# Banding with others (702.22c)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "type_line"),
    [
        (
            'Green legendary creatures you control have "bands with other legendary creatures."',
            "Land",
        ),
        ("Bands with other Dinosaurs", "Creature — Dinosaur"),
        ("Bands with other legendary creatures", "Legendary Creature — Human Knight"),
        (
            '{2}: This creature gains "Bands with other Dinosaurs" until end of turn.',
            "Creature — Dinosaur",
        ),
    ],
)
def test_bands_with_other(text: str, type_line: str) -> None:
    """702.22c: "bands with other [description]" as a keyword, printed or in
    quotes (Oracle writes it in lower case there); the engine has no
    banding: a gap."""
    card = card_of(text, type_line)
    (kw,) = set(
        nodes(card, A.BandsWith)
    )  # a grant keeps its quoted ability where each effect reads it
    assert kw.what is not None
    assert any("keyword bands with other" in g for g in gap_texts(card))
