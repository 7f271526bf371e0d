"""Conditions, static abilities, replacement effects and permissions
(grammar/lang/conditions.*, statics.*): each wording parses to the node
that says what it means, renders back byte-identical, and — where the
engine doesn't carry the node out — is reported as a gap by the support
check (interpreter/support.py), never played as if it weren't there.
"""

from __future__ import annotations

import pytest
from card_helpers import nodes, one
from card_helpers import one_ability_card as round_trip

from cardtext.grammar import ast as A
from cardtext.interpreter.support import gaps


def has_gap(card: A.Card, word: str) -> bool:
    return any(word in str(g) for g in gaps(card))


# --------------------------------------------------------------------------
# Conditions
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "When this creature enters, if {R} was spent to cast it, it deals 2 damage to any target.",
    "When this creature enters, sacrifice it unless {U} was spent to cast it.",
])  # fmt: skip
def test_mana_symbol_spent_to_cast(text: str) -> None:
    """601.2h, 106.1: "if {R} was spent to cast it" asks which mana paid the
    spell's cost (played: tests/scenarios/cr601_2h_*.toml)."""
    card = round_trip(text)
    cond = one(card, A.SpentToCast)
    assert isinstance(cond.what, A.ManaCost) and isinstance(cond.object, A.ItRef)
    assert not has_gap(card, "SpentToCast") and not has_gap(card, "spent to cast")


# --------------------------------------------------------------------------
# Skipping (614.1b, 614.10)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "step", "nxt"), [
    ("Skip your draw step.", "draw step", False),
    ("Players skip their untap steps.", "untap steps", False),
    ("When this creature enters, target opponent skips their next combat phase.", "combat phase", True),
    ("When this creature dies, target player skips their next untap step.", "untap step", True),
    ("When this creature enters, you skip your next two turns.", "turns", True),
])  # fmt: skip
def test_skip_a_step_or_each_one(text: str, step: str, nxt: bool) -> None:
    """614.1b: "skip" is a replacement; the step is kept as written, and
    whether it is the next one only or each of them."""
    card = round_trip(text, "Enchantment" if "Skip your" in text or "Players" in text else "Creature — Human Rogue")
    skip = one(card, A.SkipTurn)
    assert (skip.step, skip.next) == (step, nxt)
    if text == "Skip your draw step.":
        assert not gaps(card)  # 614.10: the engine's turns skip it (cardtext.interpreter.statics.skips_draw_step)
    elif step != "turns":
        assert has_gap(card, "SkipTurn") or has_gap(card, "static")


def test_skip_that_draw_replaces_the_event() -> None:
    """614.1a, 614.10: "If a player would draw a card, that player skips that draw instead."."""
    card = round_trip("If a player would draw a card, that player skips that draw instead.", "Enchantment")
    skip = one(card, A.SkipTurn)
    assert skip.step == "that draw" and skip.whose is None and not skip.next
    assert gaps(card)


# --------------------------------------------------------------------------
# Permissions
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "amount", "kind"), [
    ("You may play an additional land on each of your turns.", None, "on each of your turns"),
    ("You may play two additional lands on each of your turns.", 2, "on each of your turns"),
    ("You may play an additional land this turn.", None, "this turn"),
])  # fmt: skip
def test_play_additional_lands(text: str, amount: int | None, kind: str) -> None:
    """305.2: effects may let a player play more than one land a turn."""
    card = round_trip(text, "Enchantment")
    play = one(card, A.PlayAdditionalLands)
    assert play.duration.kind == kind
    assert (play.amount.value if play.amount is not None else None) == amount
    assert gaps(card)


@pytest.mark.parametrize("text", [
    "You may cast spells as though they had flash.",
    "You may cast green creature spells as though they had flash.",
])  # fmt: skip
def test_cast_as_though_it_had_flash(text: str) -> None:
    """601.3, 702.8a: a permission to cast at instant speed, which the engine
    plays (the scenarios cr702_8a_*)."""
    card = round_trip(text, "Enchantment")
    flash = one(card, A.CastAsThoughFlash)
    assert isinstance(flash.what, A.Node)
    assert not gaps(card)


@pytest.mark.parametrize(("text", "mana"), [
    ("Players don't lose unspent mana as steps and phases end.", "unspent mana"),
    ("You don't lose unspent red mana as steps and phases end.", "unspent red mana"),
])  # fmt: skip
def test_mana_kept_as_steps_end(text: str, mana: str) -> None:
    """106.4, 500.4: mana that doesn't empty from a pool."""
    card = round_trip(text, "Enchantment")
    assert one(card, A.KeepMana).mana == mana
    assert has_gap(card, "KeepMana")


def test_kept_mana_after_a_duration() -> None:
    text = ("Whenever this creature attacks, add {R}. Until end of turn, you don't lose this mana as steps and phases end.")
    card = round_trip(text)
    keep = one(card, A.KeepMana)
    assert keep.mana == "this mana"
    assert gaps(card)


def test_dont_lose_the_game_for_zero_life() -> None:
    """104.3b, 704.5a: the state-based action doesn't make this player lose."""
    card = round_trip("You don't lose the game for having 0 or less life.", "Enchantment")
    assert isinstance(one(card, A.NoLossAtZeroLife).player, A.You)
    assert has_gap(card, "NoLossAtZeroLife")


# --------------------------------------------------------------------------
# Maximum hand size (402.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "change"), [
    ("Your maximum hand size is reduced by two.", "reduced by"),
    ("Your maximum hand size is increased by one.", "increased by"),
    ("Each opponent's maximum hand size is reduced by one.", "reduced by"),
    ("Your maximum hand size is eight.", "is"),
    ("Your maximum hand size is equal to the number of cards in your graveyard.", "equal to"),
])  # fmt: skip
def test_maximum_hand_size(text: str, change: str) -> None:
    """402.2, 514.1: effects that set or change a player's maximum hand
    size, which the cleanup step's discard reads (cardtext.interpreter.statics.max_hand_size)."""
    card = round_trip(text, "Enchantment")
    assert one(card, A.MaxHandSize).change == change
    assert not gaps(card)


def test_for_the_rest_of_the_game() -> None:
    """611.2a: a duration to the end of the game."""
    card = round_trip("Whenever this creature deals damage to a player, that player can't gain life for the rest of the game.")
    d = one(card, A.Duration)
    assert d.kind == "for the rest of the game"
    assert gaps(card)


# --------------------------------------------------------------------------
# Batch: activation limits, the opening hand, replacements, combat exceptions
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "timing"), [
    ("{R}: This creature gets +1/+0 until end of turn. Activate this ability no more than twice each turn.",
     "twice each turn"),
    ("{B}: This creature gets +1/+0 until end of turn. Activate this ability no more than three times each turn.",
     "three times each turn"),
])  # fmt: skip
def test_activate_no_more_than(text: str, timing: str) -> None:
    """602.5b: the older "no more than twice each turn" is "only twice each
    turn", a limit the engine checks."""
    card = round_trip(text)
    limit = one(card, A.ActivateOnly)
    assert limit.timings == (timing,) and limit.form == "this ability no more than"
    assert not gaps(card)


def test_leyline_opening_hand() -> None:
    """103.6a: "If this card is in your opening hand, you may begin the game with it on the battlefield."."""
    card = round_trip("If this card is in your opening hand, you may begin the game with it on the battlefield.",
                      "Enchantment")  # fmt: skip
    state = one(card, A.State)
    assert state.word == "in opening hand" and isinstance(state.what, A.Node)
    assert isinstance(one(card, A.BeginWithOnBattlefield).what, A.ItRef)
    assert gaps(card)


def test_reveal_from_opening_hand() -> None:
    """103.6b: a card revealed from the opening hand, with what follows."""
    text = "You may reveal this card from your opening hand. If you do, scry 3 at the beginning of your first upkeep."
    card = round_trip(text, "Enchantment")
    assert isinstance(one(card, A.RevealFromOpeningHand).whose, A.Node)
    assert gaps(card)


@pytest.mark.parametrize(("text", "negated"), [
    ("When this creature enters, if tribute wasn't paid, it gets +1/+1 until end of turn.", True),
    ("When this creature enters, if tribute was paid, draw a card.", False),
])  # fmt: skip
def test_tribute_paid(text: str, negated: bool) -> None:
    """702.104b: whether the opponent paid the tribute."""
    card = round_trip(text)
    assert one(card, A.TributePaid).negated is negated
    assert has_gap(card, "TributePaid")


def test_that_mana_is_spent_on() -> None:
    """106.6: a rider on mana, asked as it pays for a spell."""
    card = round_trip("{T}: Add {R}. If that mana is spent on a creature spell, it gains haste until end of turn.",
                      "Artifact")  # fmt: skip
    assert isinstance(one(card, A.ManaSpentOn).what, A.Node)
    assert gaps(card)


@pytest.mark.parametrize("text", [
    "If damage would be dealt to you, put that many delay counters on this enchantment instead.",
    "If damage would be dealt to a player, that player exiles that many cards from the top of their library instead.",
])  # fmt: skip
def test_damage_would_be_dealt_replacement(text: str) -> None:
    """614.1a, 615: damage about to be dealt, replaced; "that many" is its amount (603.7c)."""
    card = round_trip(text, "Enchantment")
    assert isinstance(one(card, A.DamageWouldBeDealt).to, A.Node)
    assert gaps(card)


def test_put_into_a_graveyard_from_anywhere() -> None:
    """614.1a, 614.6: "would be put into a graveyard from anywhere", played
    (the scenarios cr614_6_*)."""
    card = round_trip("If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead.",
                      "Enchantment")  # fmt: skip
    assert one(card, A.Passive).what == "put into from anywhere"
    assert not gaps(card)


def test_flash_if_you_pay_more() -> None:
    """601.2f, 702.8a: a permission that depends on paying more."""
    card = round_trip("You may cast this spell as though it had flash if you pay {2} more to cast it.", "Sorcery")
    pay = one(card, A.PaysMoreToCast)
    assert isinstance(pay.cost, A.ManaCost) and isinstance(pay.player, A.You)
    assert isinstance(one(card, A.CastAsThoughFlash).what, A.Node)
    assert gaps(card)


@pytest.mark.parametrize("text", [
    "Play with the top card of your library revealed.",
    "Play with the top card of each player's library revealed.",
])  # fmt: skip
def test_play_with_revealed(text: str) -> None:
    card = round_trip(text, "Enchantment")
    assert isinstance(one(card, A.PlayRevealed).what, A.Node)
    assert gaps(card)


@pytest.mark.parametrize(("text", "rule"), [
    ("{W}: This creature can attack this turn as though it didn't have defender.", "attack this turn"),
    ("Creatures with mountainwalk can be blocked as though they didn't have mountainwalk.", "blocked"),
])  # fmt: skip
def test_combat_exceptions(text: str, rule: str) -> None:
    """508.1c, 509.1b, 702.3b, 702.14: attacking or being blocked despite a
    keyword; the engine blocks despite a landwalk as a static ability
    (cardtext.interpreter.statics.walk_ignored), not the attack this turn yet."""
    card = round_trip(text, "Creature — Wall" if rule != "blocked" else "Enchantment")
    assert one(card, A.CombatException).rule == rule
    assert bool(gaps(card)) == (rule != "blocked")


@pytest.mark.parametrize(("text", "verb", "steps"), [
    ("Each player can't cast more than one spell each turn.", "cast", "step"),
    ("Players can't untap more than one land during their untap steps.", "untap", "steps"),
    ("You can't untap more than one land during your untap step.", "untap", "step"),
])  # fmt: skip
def test_action_limits(text: str, verb: str, steps: str) -> None:
    """502.3, 601.2: at most so many spells cast or permanents untapped; the
    engine checks the spells (101.2), not the untapping yet."""
    card = round_trip(text, "Artifact")
    limit = one(card, A.ActionLimit)
    assert (limit.verb, limit.steps) == (verb, steps)
    assert bool(gaps(card)) == (verb == "untap")


@pytest.mark.parametrize(("text", "kind"), [
    ("This creature has double strike as long as you've committed a crime this turn.", A.YouveThisTurn),
    ("As long as you've drawn two or more cards this turn, this creature has lifelink and menace.", A.YouveThisTurn),
    ("At the beginning of your end step, if you're the monarch, each opponent loses 1 life and you gain 1 life.",
     A.YouAreMonarch),
])  # fmt: skip
def test_what_you_have_done_and_are(text: str, kind: type) -> None:
    """700.13 (a crime), 724.1 (the monarch): conditions about you; the
    engine tells crimes and cards drawn this turn, not the monarch."""
    card = round_trip(text)
    assert nodes(card, kind)  # the static ability and the sentence it was written as
    assert has_gap(card, kind.__name__) is (kind is A.YouAreMonarch)
