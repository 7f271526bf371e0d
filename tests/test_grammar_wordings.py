"""Grammar-level tests of wordings of recent card sets: each parses a
wording, asserts what the AST holds, and that it renders back byte-identical
(grammar/lang/*)."""

from __future__ import annotations

import pytest
from card_helpers import ability, nodes, one, round_trips

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.testing import wrap_ability

# --------------------------------------------------------------------------
# "with N additional +1/+1 counters on it" (122.1, 614.1c): any amount
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Return target creature card from your graveyard to the battlefield with two additional +1/+1 counters on it.", 2),
        ("Return target creature card from your graveyard to the battlefield with an additional +1/+1 counter on it.", 1),
        ("Put target creature card exiled with Test Card onto the battlefield tapped under your control with two additional +1/+1 counters on it.", 2),
    ],
)
def test_battlefield_with_any_number_of_additional_counters(text: str, value: int) -> None:
    """614.1c: a permanent put onto the battlefield "with N additional
    counters" — the amount is any amount, and "additional" is kept."""
    dest = one(ability(text, type_line="Sorcery"), A.Destination)
    (mod,) = [m for m in dest.mods if isinstance(m, tuple) and m[0] == "with"]
    amount, kind, additional = mod[1]
    assert (amount.value, kind, additional) == (value, "+1/+1", "additional")
    round_trips(text, type_line="Sorcery")


def test_return_with_x_additional_counters() -> None:
    text = "Return target artifact card from your graveyard to the battlefield with X additional +1/+1 counters on it."
    dest = one(ability(text, type_line="Sorcery"), A.Destination)
    amount, _, additional = dest.mods[0][1]
    assert isinstance(amount, A.VarX) and additional == "additional"
    round_trips(text, type_line="Sorcery")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Each other creature you control enters with three additional +1/+1 counters on it.", 3),
        ("This creature enters with an additional +1/+1 counter on it.", 1),
    ],
)
def test_enters_with_additional_counters_of_any_amount(text: str, value: int) -> None:
    """614.1c: "enters with two additional +1/+1 counters on it"."""
    node = nodes(ability(text), A.EntersWithCounters)[0]
    assert node.additional and node.amount.value == value
    round_trips(text)


# --------------------------------------------------------------------------
# "on top": the library searched (401.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When this creature enters, you may search your library for a basic land card, reveal it, then shuffle and put that card on top.",
        "Search your library for a card, then shuffle and put that card on top.",
    ],
)
def test_put_on_top_of_the_library_searched(text: str) -> None:
    dest = one(ability(text), A.Destination)
    assert (dest.zone, dest.where, dest.form, dest.whose) == ("library", "top", "top", None)
    round_trips(text)


# --------------------------------------------------------------------------
# "with total mana value N or less" (601.2c): the sum over the objects chosen
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stat"),
    [
        ("Return up to three target creature cards with total mana value 3 or less from your graveyard to the battlefield.", "total mana value"),
        ("Return any number of target creature cards with total power 6 or less from your graveyard to the battlefield.", "total power"),
        ("Return up to two target creature cards with total toughness 4 or less from your graveyard to the battlefield.", "total toughness"),
    ],
)
def test_with_a_total_of_the_objects_chosen(text: str, stat: str) -> None:
    q = one(ability(text, type_line="Sorcery"), A.WithStat)
    assert q.stat == stat
    round_trips(text, type_line="Sorcery")


def test_total_mana_value_as_a_cost() -> None:
    text = ("{2}{W}, {T}, Exile one or more other artifacts you control with total mana value X: Return target artifact "
            "card with mana value X or less from your graveyard to the battlefield. Activate only as a sorcery.")
    stats = [q.stat for q in nodes(ability(text, type_line="Artifact"), A.WithStat)]
    assert stats == ["total mana value", "mana value"]
    round_trips(text, type_line="Artifact")


# --------------------------------------------------------------------------
# "that doesn't have the same name as ..." (201.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Destroy target creature that doesn't have the same name as a token you control.", True),
        ("Destroy all creatures that don't have the same name as this spell.", True),
        ("Destroy target creature and all other creatures with the same name as that creature.", False),
    ],
)
def test_not_the_same_name_as(text: str, negated: bool) -> None:
    q = one(ability(text, type_line="Sorcery"), A.SameNameAs)
    assert q.negated is negated
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "exile [whose] graveyard" (404.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Exile target player's graveyard.", "Exile each opponent's graveyard."])
def test_exile_a_graveyard(text: str) -> None:
    node = one(ability(text, type_line="Sorcery"), A.ExileGraveyard)
    assert node.whose is not None
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "would be created under [whose] control" (111.2, 614.1a)
# --------------------------------------------------------------------------


def test_created_under_whose_control_as_a_replaced_event() -> None:
    from cardtext.grammar.lang.conditions import Passive

    tree = parse_text(wrap_ability("If one or more tokens would be created under your control, draw a card instead.") + "\n")
    passives = [n for c in tree.cards for n in c.walk() if isinstance(n, Passive)]
    assert [p.what for p in passives] == ["created under"]


# --------------------------------------------------------------------------
# "double [whose] power", "double the power and toughness of ..." (701.10d)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "verb", "extra"),
    [
        ("Double target creature's power until end of turn.", "double power", ""),
        ("Double target creature's toughness until end of turn.", "double toughness", ""),
        ("Double target creature's power and toughness until end of turn.", "double power and toughness", ""),
        ("Double the power and toughness of each creature you control until end of turn.", "double power and toughness", "of"),
        ("Double the power of target creature you control until end of turn.", "double power", "of"),
    ],
)
def test_double_power_toughness_or_both(text: str, verb: str, extra: str) -> None:
    node = one(ability(text, type_line="Instant"), A.KeywordAction)
    assert (node.verb, node.extra) == (verb, extra)
    round_trips(text, type_line="Instant")


# --------------------------------------------------------------------------
# "It's a Spirit in addition to its other types." (205.1b)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "also"),
    [
        ("Return target creature card from your graveyard to the battlefield. It's a Spirit in addition to its other types.", True),
        ("Return target creature card from your graveyard to the battlefield. It's an enchantment.", False),
    ],
)
def test_its_a_type_in_addition_to_its_other_types(text: str, also: bool) -> None:
    node = one(ability(text, type_line="Sorcery"), A.ItsA)
    assert node.also is also
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "that crewed it this turn" (702.122), "that saddled it this turn" (702.171)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("Whenever this creature attacks while saddled, put a +1/+1 counter on target creature that saddled it this turn.", "saddled"),
        ("Whenever this Vehicle attacks, create a Treasure token for each creature that crewed it this turn.", "crewed"),
    ],
)
def test_that_crewed_or_saddled_it_this_turn(text: str, event: str) -> None:
    q = one(ability(text), A.DidThisTurn)
    assert q.event == event and isinstance(q.by, A.ItRef)
    round_trips(text)


# --------------------------------------------------------------------------
# "If ... or if ..., ..." (608.2c)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When this creature enters, you may reveal a Dinosaur card from your hand. If you do or if you control another Dinosaur, you gain 3 life.",
        "If that creature's power is 2 or less or if you control another Lizard, draw a card.",
    ],
)
def test_or_if_joins_two_conditions(text: str) -> None:
    cond = one(ability(text), A.CondAnd)
    assert cond.conj == "or if"
    round_trips(text)


# --------------------------------------------------------------------------
# "Put the rest on the bottom in a random order." (401.2, 401.4)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where", "order"),
    [
        ("Look at the top six cards of your library. You may put a land card from among them onto the battlefield tapped. "
         "Put the rest on the bottom in a random order.", "bottom", "a random"),
        ("Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom in any order.",
         "bottom", "any"),
    ],
)
def test_on_the_bottom_of_the_library_looked_at(text: str, where: str, order: str) -> None:
    dests = [d for d in nodes(ability(text, type_line="Sorcery"), A.Destination) if d.zone == "library"]
    assert [(d.where, d.form, d.order, d.whose) for d in dests] == [(where, where, order, None)]
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "until your next end step" (513.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Exile the top card of your library. You may play that card until your next end step.",
        "Target creature gets +2/+2 until your next end step.",
    ],
)
def test_until_your_next_end_step(text: str) -> None:
    d = one(ability(text, type_line="Instant"), A.Duration)
    assert d.kind == "until your next end step"
    round_trips(text, type_line="Instant")


# --------------------------------------------------------------------------
# "put a number of +1/+1 counters equal to Q on ..." (122.1)
# --------------------------------------------------------------------------


def test_a_number_of_counters_equal_to_an_amount_before_on() -> None:
    text = "When this creature dies, put a number of +1/+1 counters equal to its power on each creature you control."
    node = one(ability(text), A.PutCounters)
    assert isinstance(node.amount, A.EqualTo) and node.amount.where == "inline" and node.kind == "+1/+1"
    round_trips(text)


# --------------------------------------------------------------------------
# "into its owner's library third from the top" (401.4)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("Put target creature into its owner's library third from the top.", "third from the top"),
        ("Put target creature into its owner's library second from the top.", "second from the top"),
    ],
)
def test_into_a_library_nth_from_the_top(text: str, where: str) -> None:
    dest = one(ability(text, type_line="Sorcery"), A.Destination)
    assert (dest.zone, dest.where, dest.form) == ("library", where, "into")
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "create ... token that's tapped and attacking" (508.4)
# --------------------------------------------------------------------------


def test_a_token_thats_tapped_and_attacking() -> None:
    text = "Whenever you attack, create a 1/1 red Warrior creature token that's tapped and attacking."
    node = one(ability(text), A.CreateTokens)
    assert node.attacking == "that's tapped and attacking"
    round_trips(text)


# --------------------------------------------------------------------------
# "put its counters on ...", "move a +1/+1 counter from ... onto ..." (122.5)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "counted"),
    [
        ("When this creature dies, put its counters on target creature you control.", False),
        ("{T}: Move a +1/+1 counter from this artifact onto target creature. Activate only as a sorcery.", True),
        ("{T}: Move two +1/+1 counters from target creature onto another target creature.", True),
    ],
)
def test_counters_moved_from_one_object_to_another(text: str, counted: bool) -> None:
    node = one(ability(text, type_line="Artifact Creature — Robot"), A.MoveCounters)
    assert node.source is not None and (node.amount is not None) is counted
    assert node.kind == ("+1/+1" if counted else "")
    round_trips(text, type_line="Artifact Creature — Robot")


# --------------------------------------------------------------------------
# "that's attached to ..." as a state (301.5), "that's one or more colors" (105.2)
# --------------------------------------------------------------------------


def test_is_attached_to_as_a_condition() -> None:
    text = "At the beginning of your upkeep, if enchanted Equipment is attached to a creature, destroy that creature."
    state = one(ability(text, type_line="Enchantment — Aura"), A.State)
    assert state.word == "attached to" and isinstance(state.what, A.AnObject)
    round_trips(text, type_line="Enchantment — Aura")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Whenever you cast a spell that's one or more colors, you gain 1 life.", 1),
        ("Destroy all permanents that are two or more colors.", 2),
    ],
)
def test_that_is_n_or_more_colors(text: str, value: int) -> None:
    qs = nodes(ability(text, type_line="Sorcery" if text.startswith("Destroy") else "Artifact"), A.ThatIsColors)
    assert qs and all(q.count.value == value for q in qs)
    round_trips(text, type_line="Sorcery" if text.startswith("Destroy") else "Artifact")


# --------------------------------------------------------------------------
# "costs {X} less to activate, where X is ..." (602.2b, 601.2f)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Activated abilities of creatures you control cost {X} less to activate, where X is Test Card's power.",
        "{10}, Sacrifice this creature: Draw a card. This ability costs {X} less to activate, where X is the number of lands you control.",
    ],
)
def test_x_less_to_activate_where_x_is(text: str) -> None:
    node = nodes(ability(text, type_line="Artifact Creature — Robot"), A.CostModifier)[0]
    assert node.activate and node.change == "less"
    round_trips(text, type_line="Artifact Creature — Robot")


# --------------------------------------------------------------------------
# "target artifact or creature's owner" (108.3): the possessive after a coordination
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Target artifact or creature's owner puts it on their choice of the top or bottom of their library.",
        "Target artifact or creature's controller loses 2 life.",
    ],
)
def test_possessive_of_a_coordinated_description(text: str) -> None:
    tree = ability(text, type_line="Instant")
    whose = [n for n in tree.walk() if isinstance(n, A.OwnerOf | A.ControllerOf)][0]
    nouns = [w.word for w in whose.object.spec.words if isinstance(w, A.Noun)]
    assert nouns == ["artifact", "creature"]
    round_trips(text, type_line="Instant")


# --------------------------------------------------------------------------
# "with lesser mana value", "with greater power than [object]"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word", "stat", "than"),
    [
        ("Whenever this creature or another creature you control with flying dies, return another target creature card "
         "with lesser mana value from your graveyard to the battlefield.", "lesser", "mana value", False),
        ("Destroy target creature with greater power than Test Card.", "greater", "power", True),
    ],
)
def test_with_lesser_or_greater_stat(text: str, word: str, stat: str, than: bool) -> None:
    tl = "Sorcery" if text.startswith("Destroy") else None
    q = one(ability(text, type_line=tl), A.WithLesser)
    assert (q.word, q.stat, q.than is not None) == (word, stat, than)
    round_trips(text, type_line=tl)


def test_explores_again() -> None:
    """701.44: "then it explores again" — one more exploration."""
    text = "Target creature you control explores, then it explores again."
    actions = nodes(ability(text, type_line="Sorcery"), A.KeywordAction)
    assert [(a.verb, a.extra) for a in actions] == [("explore", ""), ("explore", "again")]
    round_trips(text, type_line="Sorcery")
