"""Damage redirection (CR 614.9), prevention counted (615), changing a
spell's target (115.7), text-changing effects (612), votes (701.38) and
power/toughness-defining abilities in quotation marks (604.3): each form
parses to what it says, renders back byte-identical, and — where the engine
doesn't carry it out — the support check names it as a gap."""

from __future__ import annotations

import pytest
from card_helpers import gap_texts, nodes, one, one_ability_card

from cardtext.grammar import ast as A

# --------------------------------------------------------------------------
# 614.9: redirection ("... is dealt to ... instead")
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "kind", "form"), [
    ("All damage that would be dealt to you is dealt to Test Card instead.", "all", "to"),
    ("As long as Test Card is untapped, all damage that would be dealt to you by artifacts is dealt to Test Card instead.",
     "all", "to,by"),
    ("All damage that would be dealt this turn to target creature you control by a source of your choice is dealt to "
     "another target creature instead.", "all", "duration,to,by"),
    ("{0}: The next 1 damage that would be dealt to Test Card this turn is dealt to target creature you control instead.",
     "next", "to,duration"),
    ("{T}: All combat damage that would be dealt to you by unblocked creatures this turn is dealt to Test Card instead.",
     "all combat", "to,by,duration"),
    ("When Test Card is turned face up, all damage that would be dealt to it this turn is dealt to target creature instead.",
     "all", "to,duration"),
    ("All damage that would be dealt this turn by target sorcery spell is dealt to that spell's controller instead.",
     "all", "duration,by"),
])  # fmt: skip
def test_614_9_redirection(text: str, kind: str, form: str) -> None:
    """614.9: damage named as prevention names it (any kind, amount and
    qualifications in the order written) is dealt to another object or
    player instead; the engine doesn't redirect damage yet (a gap)."""
    card = one_ability_card(text)
    redirect = one(card, A.RedirectDamage)
    assert (redirect.kind, redirect.form) == (kind, form)
    assert redirect.onto is not None
    assert any("RedirectDamage" in g or "static ability written as" in g for g in gap_texts(card))


def test_614_9_redirect_the_next_x_damage_keeps_another_and_the_order_of_nouns() -> None:
    """"another target creature, planeswalker, or player" keeps "another"
    (115.3) and the order its nouns were written in."""
    card = one_ability_card("The next X damage that would be dealt to target creature, planeswalker, or player this turn "
                            "is dealt to another target creature, planeswalker, or player instead.")  # fmt: skip
    redirect = one(card, A.RedirectDamage)
    assert isinstance(redirect.amount, A.VarX)
    assert (redirect.to.spec.other, redirect.onto.spec.other) == (False, True)
    assert redirect.onto.spec.player_last


def test_115_3_another_target_creature_player_or_planeswalker() -> None:
    card = one_ability_card("Test Card deals 2 damage to another target creature, player, or planeswalker.")
    target = one(card, A.DealDamage).to
    assert target.spec.other and target.spec.planeswalker and not target.spec.player_last


# --------------------------------------------------------------------------
# 615: prevention counted; the next N combat damage
# --------------------------------------------------------------------------


def test_615_7_the_next_n_combat_damage() -> None:
    card = one_ability_card("{1}{W}: Prevent the next 1 combat damage that would be dealt to you this turn.")
    prevent = one(card, A.PreventDamage)
    assert prevent.kind == "next combat" and prevent.amount == A.Number(1, "digits")
    assert gap_texts(card) == []


@pytest.mark.parametrize(("text", "what"), [
    ("Prevent all damage that would be dealt to target creature this turn. For each 1 damage prevented this way, "
     "put a +1/+1 counter on that creature.", "damage prevented this way"),
    ("Prevent the next 3 damage that would be dealt to target creature this turn, and put a +1/+1 counter on that "
     "creature for each 1 damage prevented this way.", "damage prevented this way"),
    ("Prevent the next 3 damage that would be dealt to target creature this turn. For each damage dealt this way, "
     "you gain 1 life.", "damage dealt this way"),
])  # fmt: skip
def test_615_for_each_1_damage_prevented_this_way(text: str, what: str) -> None:
    """"for each 1 damage prevented this way" counts the damage an
    instruction before prevented, the "1" kept as written; the engine keeps
    no count of it yet (a gap)."""
    card = one_ability_card(text, "Instant")
    (count,) = [n for n in nodes(card, A.GameCount) if n.what == what]
    assert (count.of is None) == ("1 damage" not in text)
    assert any(what in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# 115.7: changing the target of a spell or ability
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Change the target of target spell with a single target.",
    "Change the target of target spell or ability with a single target.",
    "Change the target of target spell with a single target unless that spell's controller pays {2}.",
    "Change the target of target spell that targets only a player. The new target must be a player.",
])  # fmt: skip
def test_115_7_change_the_target(text: str) -> None:
    card = one_ability_card(text, "Instant")
    change = one(card, A.ChangeTarget)
    assert isinstance(change.what, A.Target)
    assert any("ChangeTarget" in g for g in gap_texts(card))
    if "single" in text:
        assert nodes(card, A.WithSingleTarget)
    if "new target" in text:
        assert nodes(card, A.NewTargetMustBe)
        assert any("NewTargetMustBe" in g for g in gap_texts(card))


# --------------------------------------------------------------------------
# 612: text-changing effects
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "swaps", "duration"), [
    ("Change the text of target spell or permanent by replacing all instances of one color word with another.",
     (("color word", None),), False),
    ("Change the text of target permanent by replacing all instances of one color word with another or one basic land "
     "type with another until end of turn.", (("color word", None), ("basic land type", None)), True),
    ("Gain control of target creature. Change the text of that creature by replacing all instances of one creature "
     "type with Vampire.", (("creature type", "Vampire"),), False),
])  # fmt: skip
def test_612_change_the_text(text: str, swaps: tuple[tuple[str, str | None], ...], duration: bool) -> None:
    card = one_ability_card(text, "Instant")
    change = one(card, A.ChangeText)
    assert tuple((s.kind, s.to) for s in change.swaps) == swaps
    assert (change.duration is not None) == duration
    assert any("ChangeText" in g for g in gap_texts(card))


def test_612_the_new_creature_type_cant_be() -> None:
    card = one_ability_card("Change the text of target spell or permanent by replacing all instances of one creature "
                            "type with another. The new creature type can't be Wall.", "Instant")  # fmt: skip
    rule = one(card, A.NewWordCantBe)
    assert (rule.kind, rule.word) == ("creature type", "Wall")


# --------------------------------------------------------------------------
# 701.38: votes
# --------------------------------------------------------------------------


def test_701_38_vote_for_one_of_two_words() -> None:
    card = one_ability_card("Starting with you, each player votes for sickness or psychosis. If sickness gets more votes, "
                            "creatures your opponents control get -2/-2 until end of turn. If psychosis gets more votes "
                            "or the vote is tied, each opponent discards two cards.", "Sorcery")  # fmt: skip
    vote = one(card, A.Vote)
    assert vote.options == ("sickness", "psychosis") and vote.candidates is None
    assert isinstance(vote.first, A.You)
    results = nodes(card, A.VoteResult)
    assert [r.option for r in results] == ["sickness", "psychosis", None]
    gaps = gap_texts(card)
    assert any("instruction Vote" in g for g in gaps) and any("VoteResult" in g for g in gaps)


def test_701_38_vote_for_an_object() -> None:
    card = one_ability_card("Starting with you, each player votes for a nonland permanent you don't control. Exile each "
                            "permanent with the most votes or tied for most votes.", "Sorcery")  # fmt: skip
    vote = one(card, A.Vote)
    assert vote.options == () and isinstance(vote.candidates, A.AnObject)
    assert nodes(card, A.WithMostVotes)
    assert any("WithMostVotes" in g for g in gap_texts(card))


def test_701_38_for_each_vote() -> None:
    card = one_ability_card("When Test Card enters, starting with you, each player votes for sprout or harvest. Put two "
                            "+1/+1 counters on Test Card for each sprout vote. You gain 3 life for each harvest vote.")  # fmt: skip
    assert [n.of for n in nodes(card, A.GameCount) if n.what == "vote"] == ["sprout", "harvest"]
    assert any("GameCount ('vote')" in g for g in gap_texts(card))


def test_701_38_a_word_before_vote_is_no_option_elsewhere() -> None:
    """Only the words of a vote are options: "the vote is tied" is no vote for "the"."""
    card = one_ability_card("If it's your turn or the vote is tied, draw a card.", "Instant")
    assert [r.option for r in nodes(card, A.VoteResult)] == [None]


# --------------------------------------------------------------------------
# 604.3: power and toughness defined, in quotation marks
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Create a white Avatar creature token. It has \"This creature's power and toughness are each equal to your life total.\"",
    "{W}: Until end of turn, Test Card becomes a Monk Avatar creature in addition to its other types and gains "
    "\"This creature's power and toughness are each equal to the number of lore counters on it.\"",
])  # fmt: skip
def test_604_3_power_and_toughness_defined_in_quotation_marks(text: str) -> None:
    card = one_ability_card(text)
    (quoted,) = nodes(card, A.Quoted)
    (ability,) = quoted.abilities
    assert isinstance(ability, A.PTEqual) and isinstance(ability.object, A.SelfRef)


# --------------------------------------------------------------------------
# 613.4b: "with power and toughness each equal to [amount]"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "type_line"), [
    ("Target noncreature artifact becomes an artifact creature with power and toughness each equal to its mana value "
     "until end of turn.", "Instant"),
    ("When an opponent casts a spell, if Test Card is an enchantment, Test Card becomes an Illusion creature with power "
     "and toughness each equal to that spell's mana value.", "Enchantment"),
])  # fmt: skip
def test_613_4b_becomes_with_power_and_toughness_each_equal_to(text: str, type_line: str) -> None:
    card = one_ability_card(text, type_line)
    becomes = one(card, A.Becomes)
    assert becomes.pt_equal is not None and "creature" in becomes.types and not becomes.pt
    assert gap_texts(card) == []


def test_613_4b_is_a_creature_with_power_and_toughness_each_equal_to_is_a_gap() -> None:
    """A static "is an artifact creature with power and toughness each equal
    to its mana value" is not applied yet: a gap, never the type alone."""
    card = one_ability_card("Each noncreature artifact is an artifact creature with power and toughness each equal to "
                            "its mana value.", "Enchantment")  # fmt: skip
    assert one(card, A.IsType).pt_equal is not None
    assert gap_texts(card)


# --------------------------------------------------------------------------
# 205.1b: "becomes a 3/3 creature that's still a land"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "keywords"), [
    ("{G}: Until end of turn, target land becomes a 3/3 creature that's still a land.", False),
    ("When Test Card dies, you may put three +1/+1 counters on target land you control. If you do, that land becomes "
     "a 0/0 Elemental creature with haste that's still a land.", True),
    ("{6}: Test Card becomes a 3/3 Elemental artifact creature that's still a land.", False),
])  # fmt: skip
def test_205_1b_becomes_a_creature_thats_still_a_land(text: str, keywords: bool) -> None:
    card = one_ability_card(text)
    becomes = one(card, A.Becomes)
    assert becomes.still is not None and becomes.pt and bool(becomes.keywords) == keywords
    assert gap_texts(card) == []


# --------------------------------------------------------------------------
# "a number of cards equal to ..."
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Target player discards a number of cards equal to the number of Swamps you control.",
    "Target player reveals a number of cards from their hand equal to the number of Swamps you control.",
])  # fmt: skip
def test_a_number_of_cards_equal_to(text: str) -> None:
    """"a number of cards equal to N" is "cards equal to N", as written."""
    card = one_ability_card(text, "Sorcery")
    (each,) = [n for n in nodes(card, A.Each) if n.quantifier == "a number of"]
    assert [w.word for w in each.filter.words] == ["card"]
    assert nodes(card, A.EqualTo)


def test_a_number_of_without_an_amount_is_an_error() -> None:
    """"Destroy a number of creatures." says no number: an error, never "all"."""
    from cardtext.grammar.errors import CardTextError

    with pytest.raises(CardTextError, match="a number of"):
        one_ability_card("Destroy a number of creatures.", "Sorcery")


# --------------------------------------------------------------------------
# 510.1c-d: assigning combat damage as though unblocked, or to a creature
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "rule", "other", "plays"), [
    ("You may have Test Card assign its combat damage as though it weren't blocked.", A.AS_UNBLOCKED, None, True),
    ("{G}{G}, Discard a card: You may have Test Card assign its combat damage this turn as though it weren't blocked.",
     A.AS_UNBLOCKED, A.Duration, False),
    ("If Test Card is unblocked, you may have it assign its combat damage to a creature defending player controls.",
     A.ASSIGNS_TO, A.AnObject, False),
    ("Test Card assigns its combat damage as though it weren't blocked.", A.AS_UNBLOCKED, None, True),
])  # fmt: skip
def test_510_1c_assign_combat_damage_as_though_unblocked(text: str, rule: str, other: type | None, plays: bool) -> None:
    """510.1c: as a static ability (the engine's combat damage assignment,
    cardtext.interpreter.statics.unblocked_damage) it plays; for a duration,
    or to a creature, not yet."""
    card = one_ability_card(text)
    req = one(card, A.Requirement)
    assert req.rule == rule
    assert (req.other is None) if other is None else isinstance(req.other, other)
    assert bool(gap_texts(card)) != plays


# --------------------------------------------------------------------------
# 105.2: the most common color among permanents
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "form"), [
    ("Test Card gets -2/-2 as long as black is the most common color among all permanents or is tied for most common.",
     "is"),
    ("{T}: Destroy target creature if it shares a color with the most common color among all permanents or a color "
     "tied for most common.", "shares"),
])  # fmt: skip
def test_105_2_most_common_color_among_permanents(text: str, form: str) -> None:
    """The ties are part of the condition ("or a color tied for most common"
    is no second noun phrase); the engine counts the colors among the
    permanents (no gap)."""
    card = one_ability_card(text)
    cond = nodes(card, A.MostCommonColor)[0]  # a static ability keeps its sentence as written too
    assert cond.form == form and isinstance(cond.among, A.Each)
    assert not any("MostCommonColor" in g for g in gap_texts(card))


def test_attacked_or_blocked_this_turn_is_one_event() -> None:
    """"if [it] attacked or blocked this turn": one condition of two
    events, which the engine reads (508.1, 509.1)."""
    card = one_ability_card("At the beginning of each end step, if Test Card attacked or blocked this turn, draw a card.")
    cond = one(card, A.Happened)
    assert cond.event == "attacked or blocked" and isinstance(cond.subject, A.SelfRef)
    assert not gap_texts(card)


def test_608_3_the_permanent_it_becomes() -> None:
    """"the controller of the permanent it becomes": the permanent a
    resolving permanent spell becomes (608.3); the engine doesn't follow a
    spell to its permanent yet (a gap)."""
    card = one_ability_card("You may cast Test Card as though it had flash. If you cast it any time a sorcery couldn't "
                            "have been cast, the controller of the permanent it becomes sacrifices it at the beginning "
                            "of the next cleanup step.", "Enchantment — Aura")  # fmt: skip
    assert nodes(card, A.ItBecomes)
    assert gap_texts(card)


# --------------------------------------------------------------------------
# 400.1: "in the command zone or on the battlefield", "that aren't on the battlefield"
# --------------------------------------------------------------------------


def test_400_1_in_a_zone_or_on_the_battlefield() -> None:
    card = one_ability_card("Eminence — Whenever you cast another Vampire spell, if Test Card is in the command zone or "
                            "on the battlefield, create a 1/1 black Vampire creature token.")  # fmt: skip
    state = one(card, A.IsState).state
    assert state.word == "in or on the battlefield" and state.what.zone == "command zone"
    assert any("in or on the battlefield" in g for g in gap_texts(card))


@pytest.mark.parametrize(("text", "plural"), [
    ("Creature cards you own that aren't on the battlefield have flash.", True),
    ("Each Vampire creature card you own that isn't on the battlefield has madness.", False),
])  # fmt: skip
def test_400_1_cards_that_arent_on_the_battlefield(text: str, plural: bool) -> None:
    card = one_ability_card(text)
    assert nodes(card, A.NotOnBattlefield)[0].plural == plural  # the static ability keeps its sentence too
    assert gap_texts(card)


@pytest.mark.parametrize(("text", "name"), [
    ("At the beginning of your upkeep, choose a land type. Test Card gains landwalk of the chosen type until end of "
     "turn.", "landwalk of the chosen type"),
    ("{2}{R}, {T}: Choose a land type. Target creature you control gains snow landwalk of the chosen type until end "
     "of turn.", "snow landwalk of the chosen type"),
])  # fmt: skip
def test_702_14_landwalk_of_the_chosen_type(text: str, name: str) -> None:
    card = one_ability_card(text)
    assert name in [k.name for k in nodes(card, A.Keyword)]
    assert any(f"keyword {name}" in g for g in gap_texts(card))
