"""Costs, statics, permissions and prevention of the conditions and statics
grammar (grammar/lang/statics.*, sentences.*): each wording, real and
invented with other subjects, numbers and objects, parses to the node that
says what it means, renders back byte-identical, and is either carried out
by the engine or reported as a gap by the support check
(interpreter/support.py).
"""

from __future__ import annotations

import pytest
from card_helpers import gap_texts, nodes, one
from card_helpers import one_ability_card as round_trip
from hypothesis import given
from hypothesis import strategies as st

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardParseError
from cardtext.testing import parse_card

# --------------------------------------------------------------------------
# The n-th spell each turn (601.2f)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "ordinal", "change"), [
    ("The second spell you cast each turn costs {1} less to cast.", "second", "less"),
    ("The second spell you cast each turn costs {2} less to cast.", "second", "less"),
    ("The first noncreature spell each opponent casts each turn costs {1} more to cast.", "first", "more"),
    ("The first creature spell you cast each turn costs {1} less to cast.", "first", "less"),
    ("The third artifact spell you cast each turn costs {3} less to cast.", "third", "less"),
    ("The second instant spell each opponent casts each turn costs {2} more to cast.", "second", "more"),
])  # fmt: skip
def test_cr601_2f_nth_spell_each_turn_cost_change(text: str, ordinal: str, change: str) -> None:
    """601.2f: "The second spell you cast each turn costs {1} less to cast"
    names which spell of the turn, and whether its cost goes up or down;
    the engine applies it (no gap)."""
    card = round_trip(text)
    node = one(card, A.FirstSpellCost)
    assert (node.ordinal, node.change) == (ordinal, change)
    assert gap_texts(card) == []


# --------------------------------------------------------------------------
# Triggering an additional time (603.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "cause"), [
    ("If a permanent entering causes a triggered ability of a permanent you control to trigger, "
     "that ability triggers an additional time.", "entering"),
    ("If an artifact or creature entering the battlefield causes a triggered ability of a permanent you control "
     "to trigger, that ability triggers an additional time.", "entering the battlefield"),
    ("If a Wizard entering the battlefield under your control causes a triggered ability of a permanent you control "
     "to trigger, that ability triggers an additional time.", "entering the battlefield under your control"),
    ("If a creature dying causes a triggered ability of a permanent you control to trigger, "
     "that ability triggers an additional time.", "dying"),
    ("If a land entering under your control causes a triggered ability of a creature you control to trigger, "
     "that ability triggers an additional time.", "entering under your control"),
    ("If an ability of a creature you control with power 2 or less triggers, that ability triggers an additional time.", ""),
    ("If a triggered ability of a legendary creature you control triggers, that ability triggers an additional time.", ""),
    ("If a triggered ability of another Elemental you control triggers, it triggers an additional time.", ""),
    ("If a triggered ability of an artifact an opponent controls triggers, it triggers an additional time.", ""),
])  # fmt: skip
def test_cr603_2_ability_triggers_an_additional_time(text: str, cause: str) -> None:
    """603.2: an ability that triggers an additional time keeps which
    abilities (and, when written, which event of which objects) it doubles;
    the engine doesn't trigger abilities twice yet, a named gap."""
    card = round_trip(text)
    node = one(card, A.ExtraTrigger)
    assert node.cause == cause
    assert (node.by is None) == (cause == "")
    assert any("ExtraTrigger" in g for g in gap_texts(card))


def test_cr603_2_only_abilities_trigger() -> None:
    """603.1: "If a creature you control triggers" names no ability: an
    error, not a doubling of nothing."""
    with pytest.raises(CardParseError, match="only an ability triggers"):
        parse_card("Test Card {2}\nArtifact\nIf a creature you control triggers, that ability triggers an additional time.",
                   link=False)  # fmt: skip


# --------------------------------------------------------------------------
# Untapping during other players' untap steps (502.3)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "steps", "subject"), [
    ("Untap this creature during each other player's untap step.", "each other player's", False),
    ("Untap all permanents you control during each other player's untap step.", "each other player's", False),
    ("Untap all artifacts you control during each other player's untap step.", "each other player's", False),
    ("Untap each creature you control with a +1/+1 counter on it during each other player's untap step.",
     "each other player's", False),
    ("Untap all permanents you control during each opponent's untap step.", "each opponent's", False),
    ("All permanents untap during each player's untap step.", "each player's", True),
])  # fmt: skip
def test_cr502_3_untap_during_other_untap_steps(text: str, steps: str, subject: bool) -> None:
    """502.3: "Untap all permanents you control during each other player's
    untap step" is a static ability naming the permanents and whose untap
    steps; the engine untaps them (no gap)."""
    card = round_trip(text, "Creature — Elf Druid" if "creature" in text else "Enchantment")
    node = one(card, A.UntapDuring)
    assert (node.steps, node.subject) == (steps, subject)
    assert not any("UntapDuring" in g for g in gap_texts(card))


def test_cr502_3_untap_during_granted_in_quotes() -> None:
    """The same words inside a granted ability (an Aura's "Enchanted land has
    "...""): the node is kept there, and the grant is a gap of its own."""
    card = round_trip(
        'Enchanted land has "Untap this land during each other player\'s untap step."',
        "Enchantment — Aura",
    )
    assert {n.steps for n in nodes(card, A.UntapDuring)} == {"each other player's"}


# --------------------------------------------------------------------------
# Looking at hidden cards any time (401.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "You may look at the top card of your library any time.",
    "Each player may look at the top card of their library any time.",
    "You may look at the top two cards of your library any time.",
    "Each opponent may look at the top card of your library any time.",
])  # fmt: skip
def test_cr401_2_look_at_top_card_any_time(text: str) -> None:
    """401.2: a permission to look at a hidden card whenever the player likes
    is a node of its own, not "look at" done once; the engine keeps no
    player's knowledge, so it is a gap."""
    card = round_trip(text, "Legendary Artifact")
    one(card, A.LookAnyTime)
    assert gap_texts(card)


def test_cr401_2_look_any_time_with_a_duration() -> None:
    """The permission takes a duration, written first ("Until end of turn,
    you may look at the top card of your library any time, and ...")."""
    text = ("Until end of turn, you may look at the top card of your library any time, "
            "and you may play lands and cast spells from the top of your library.")  # fmt: skip
    card = round_trip(text, "Legendary Artifact")
    assert one(card, A.LookAnyTime).duration.kind == "until end of turn"


@pytest.mark.parametrize(("text", "plays"), [
    ("{1}: Draw a card. Any player may activate this ability but only any time they could cast a sorcery.", True),
    ("{1}: Draw a card. Any player may activate this ability but only during their draw step.", False),
    ("{2}, {T}: Draw a card. Activate only any time you could cast an instant.", False),
])  # fmt: skip
def test_cr602_5_activate_only_any_time(text: str, plays: bool) -> None:
    """602.5b: "only any time they could cast a sorcery", "only any time you
    could cast an instant" are activation timings; "any player may activate"
    (602.2) plays with a timing the engine checks, not "during their draw
    step" (no priority there), and "as an instant" (which a mana ability
    would have to keep out of cost payment, 605.3a) is one the engine
    doesn't check yet."""
    card = round_trip(text, "Artifact")
    assert bool(gap_texts(card)) != plays


# --------------------------------------------------------------------------
# Prevention (615)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "to", "by"), [
    ("Prevent all damage that would be dealt to you and creatures you control this turn by creatures.", True, True),
    ("Prevent all damage that would be dealt to you and permanents you control this turn by sources you don't control.",
     True, True),
    ("Prevent all damage that would be dealt to you and planeswalkers you control this turn by sources you don't control.",
     True, True),
    ("Prevent all damage that would be dealt to you and permanents you control this turn.", True, False),
    ("Prevent all damage that would be dealt to you and creatures you control this turn.", True, False),
    ("Prevent all combat damage that would be dealt this turn by creatures you don't control.", False, True),
    ("Prevent all noncombat damage that would be dealt to you and other creatures this turn by red sources.", True, True),
])  # fmt: skip
def test_cr615_1a_prevent_damage_to_and_by(text: str, to: bool, by: bool) -> None:
    """615.1a: whom the damage is dealt to ("you and creatures you control",
    a player and a description joined), for how long, and by which sources,
    in the order written."""
    card = round_trip(text, "Instant")
    node = one(card, A.PreventDamage)
    assert (node.to is not None, node.by is not None) == (to, by)
    assert node.duration is not None and node.duration.kind == "this turn"
    if to:
        assert isinstance(node.to, A.BothRef) and isinstance(node.to.first, A.You)


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------

_ORDINALS = ("first", "second", "third")
_SPELLS = (
    "spell you cast",
    "creature spell you cast",
    "noncreature spell each opponent casts",
    "artifact spell you cast",
)


@given(
    st.sampled_from(_ORDINALS),
    st.sampled_from(_SPELLS),
    st.integers(1, 9),
    st.sampled_from(("less", "more")),
)
def test_cr601_2f_nth_spell_any_ordinal_amount_direction(
    ordinal: str, spell: str, amount: int, change: str
) -> None:
    """601.2f: any ordinal, description, amount and direction reads and
    renders back, with the same ordinal and direction in the node."""
    text = f"The {ordinal} {spell} each turn costs {{{amount}}} {change} to cast."
    card = round_trip(text)
    node = one(card, A.FirstSpellCost)
    assert (node.ordinal, node.change) == (ordinal, change)


_STEPS = ("each other player's", "each opponent's", "each player's")
_UNTAPPED = (
    "this creature",
    "all permanents you control",
    "all lands you control",
    "each artifact you control",
)


@given(st.sampled_from(_UNTAPPED), st.sampled_from(_STEPS))
def test_cr502_3_untap_any_permanents_any_steps(what: str, steps: str) -> None:
    """502.3: any permanents, any of the untap steps, read and rendered back."""
    card = round_trip(f"Untap {what} during {steps} untap step.")
    assert one(card, A.UntapDuring).steps == steps


# --------------------------------------------------------------------------
# Keyword costs and "up to" (601.2f, 118.7)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "keyword", "you_pay", "up_to", "every"), [
    ("Equip costs you pay cost {1} less.", "equip", True, False, False),
    ("Flashback costs you pay cost up to {2} less.", "flashback", True, True, False),
    ("Buyback costs cost {2} less.", "buyback", False, False, False),
    ("All morph costs cost {2} more.", "morph", False, False, True),
    ("Unlock costs you pay cost {1} less.", "unlock", True, False, False),
    ("Cycling costs you pay cost {1} less.", "cycling", True, False, False),
    ("Ninjutsu costs you pay cost {2} less.", "ninjutsu", True, False, False),
    ("All equip costs cost {1} more.", "equip", False, False, True),
])  # fmt: skip
def test_cr601_2f_keyword_costs_change(
    text: str, keyword: str, you_pay: bool, up_to: bool, every: bool
) -> None:
    """601.2f, 118.7: a change to the costs of one keyword keeps the keyword,
    whose payments ("you pay"), how much ("up to") and "All"; not played
    yet, a gap."""
    card = round_trip(text, "Artifact")
    node = one(card, A.KeywordCostChange)
    assert (node.keyword, node.you_pay, node.up_to, node.all) == (keyword, you_pay, up_to, every)
    assert any("KeywordCostChange" in g for g in gap_texts(card))


@pytest.mark.parametrize("text", [
    "Creature spells you cast cost up to {2} less to cast.",
    "Instant and enchantment spells you cast cost up to {2} less to cast.",
    "Artifact spells your opponents cast cost up to {1} more to cast.",
])  # fmt: skip
def test_cr601_2f_cost_up_to_less(text: str) -> None:
    """601.2f: "cost up to {2} less" leaves the amount to the payer: kept in
    the node, and a gap (the engine doesn't ask how much)."""
    card = round_trip(text, "Artifact")
    assert all(n.up_to for n in nodes(card, A.CostModifier))
    assert any("up to" in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# Costs of one part or another (118.1, 601.2b)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "As an additional cost to cast this spell, discard a card or sacrifice a permanent.",
    "As an additional cost to cast this spell, sacrifice an artifact or discard a card.",
    "As an additional cost to cast this spell, pay 5 life or sacrifice a creature or enchantment.",
    "As an additional cost to cast this spell, reveal a Dragon card from your hand or pay {2}.",
    "As an additional cost to cast this spell, tap an untapped creature you control or discard a card.",
])  # fmt: skip
def test_cr601_2b_additional_cost_one_part_or_another(text: str) -> None:
    """118.1, 601.2b: "discard a card or sacrifice a permanent" is one cost
    of two choices (the "or" between instructions, not between two events
    of a trigger or two zones); the payer chooses as the spell is cast
    (cardtext.interpreter.costs.choose_parts): no gap."""
    card = round_trip(text, "Sorcery")
    assert nodes(card, A.AdditionalCost) and nodes(card, A.CostOr)
    assert not any("one part or another" in g for g in gap_texts(card))


def test_zones_joined_by_or_still_read() -> None:
    """400.1: "from your graveyard or hand" is still two zones of one player."""
    round_trip(
        "Return target creature card from your graveyard or hand to the battlefield.", "Sorcery"
    )


# --------------------------------------------------------------------------
# State triggers (603.8) and activations this turn (602.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "When there are four or more page counters on this artifact, exile it.",
    "When there are five or more plot counters on this artifact, sacrifice it.",
    "Whenever there are four tide counters on this artifact, remove all tide counters from it.",
    "When this artifact has flying, sacrifice it.",
])  # fmt: skip
def test_cr603_8_state_triggers(text: str) -> None:
    """603.8: a trigger on a state of the game ("When there are four or more
    page counters on this artifact") reads as a state trigger, which the
    engine watches (no gap of the trigger itself)."""
    card = round_trip(text, "Artifact")
    one(card, A.StateTrigger)
    assert not any("StateTrigger" in g or "state trigger" in g for g in gap_texts(card))


@given(st.integers(2, 6))
def test_cr602_1_activated_n_or_more_times_this_turn(n: int) -> None:
    """602.1: "if this ability has been activated N or more times this turn"
    keeps N and is played (no gap)."""
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    text = (f"{{R}}: This creature gets +1/+0 until end of turn. If this ability has been activated "
            f"{words[n]} or more times this turn, sacrifice this creature at the beginning of the next end step.")  # fmt: skip
    card = round_trip(text)
    assert one(card, A.ActivatedTimes).amount is not None
    assert gap_texts(card) == []
