"""Instructions, effects and costs (grammar/lang/verbs.lark, mana.lark): each
construct parses into its node, renders back byte-identical, and is played by
the engine or reported by the support check as a gap."""

from __future__ import annotations

from typing import Any

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node
from cardtext.grammar.render import render_card
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_card


def nodes(tree: Node, cls: type) -> list[Any]:
    """Every node of a class in a tree, in order."""
    return [n for n in tree.walk() if isinstance(n, cls)]


def one(tree: Node, cls: type) -> Any:
    found = nodes(tree, cls)
    assert len(found) == 1, f"expected one {cls.__name__}, found {len(found)} in {tree!r}"
    return found[0]


def line(text: str, type_line: str = "Creature — Human Wizard", pt: str = "\n2/2") -> A.Card:
    """A one-ability card whose ability line renders back byte-identical."""
    card = parse_card(f"Test Card {{2}}{{G}}\n{type_line}\n{text}{pt}", link=False)
    assert render_card(card).splitlines()[2] == text
    return card


def spell(text: str) -> A.Card:
    return line(text, "Sorcery", "")


# --------------------------------------------------------------------------
# Adding mana (106)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
    "At the beginning of your upkeep, target player adds {G}{G}.",
    "At the beginning of your upkeep, each player adds {C} for each artifact they control.",
])  # fmt: skip
def test_a_player_adds_mana(text: str) -> None:
    """106.1: "Add" with a subject, the verb agreeing with it ("that player adds")."""
    card = line(text)
    added = nodes(card, A.AddMana) + nodes(card, A.AddManaSpecial)
    assert len(added) == 1 and added[0].player is not None


@pytest.mark.parametrize(("text", "cls"), [
    ("Whenever a Forest is tapped for mana, its controller adds an additional {G}.", A.AddMana),
    ("Whenever a Forest is tapped for mana, its controller adds an additional one mana of any color.", A.AddManaAnyColor),
    ("Whenever a land is tapped for mana, its controller adds an additional two mana in any combination of colors.",
     A.AddManaSpecial),
    ("{T}: Add {B}, then add an additional {B} for each charge counter on Test Card.", A.AddMana),
])  # fmt: skip
def test_an_additional_mana(text: str, cls: type) -> None:
    """106.12a: mana beyond what the ability makes — "adds an additional {G}";
    the engine reports it as a gap rather than adding the plain amount."""
    card = line(text)
    assert [n.additional for n in nodes(card, cls)][-1] is True
    assert any("additional" in str(g) or "AddManaSpecial" in str(g) for g in gaps(card)), gaps(card)


def test_x_mana_in_any_combination() -> None:
    """106.1: "X mana in any combination of colors", X any amount ("where X is ...")."""
    card = line("{T}: Add X mana in any combination of colors, where X is the number of creatures you control.")
    added = one(card, A.AddManaSpecial)
    assert added.kind == "any combination of colors" and not added.additional


def test_x_mana_of_any_one_color_is_an_amount() -> None:
    card = line("{T}: Add X mana of any one color, where X is Test Card's power.")
    assert one(card, A.AddManaAnyColor).one_color


# --------------------------------------------------------------------------
# Libraries (401)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Search your library for a card, then shuffle your library and put that card on top of it.",
    "Search your library for up to three cards, then shuffle your library and put those cards on top of it in any order.",
])  # fmt: skip
def test_on_top_of_it(text: str) -> None:
    """401.4, 701.20: "shuffle your library and put that card on top of it" —
    the older wording keeps the library "it" names; the card goes on top."""
    card = spell(text)
    put = one(card, A.PutInZone)
    assert put.to.zone == "library" and put.to.where == "top" and put.to.form == "it"
    assert one(card, A.Shuffle).form == "library"


# --------------------------------------------------------------------------
# Damage (120), counters (122), abilities granted (611.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("to", ["", " to that permanent or player"])
def test_deals_double_that_damage(to: str) -> None:
    """614.1a, 120.3: a replacement's new amount "double that damage" is twice
    the damage of the event replaced."""
    card = line(f"If a source you control would deal damage to a permanent or player, it deals double that damage{to} instead.",
                "Enchantment", "")  # fmt: skip
    dealt = nodes(card, A.DealDamage)[-1]
    assert dealt.double and isinstance(dealt.amount, A.Twice) and (dealt.to is None) == (not to)


@pytest.mark.parametrize(("more", "form"), [
    ("1", "damage plus"),
    ("an amount of damage equal to the number of fire counters on Test Card", "damage plus an amount of damage equal to"),
])  # fmt: skip
def test_deals_that_much_damage_plus(more: str, form: str) -> None:
    """614.1a: "it deals that much damage plus 1 instead" — a sum of the
    replaced event's damage and another amount, written around "damage"."""
    card = line(f"If a source you control would deal damage to an opponent, it deals that much damage plus {more} instead.",
                "Enchantment", "")  # fmt: skip
    dealt = nodes(card, A.DealDamage)[-1]
    assert isinstance(dealt.amount, A.Sum) and dealt.amount.form == form


@pytest.mark.parametrize("text", [
    "When this creature enters, distribute three +1/+1 counters among one, two, or three target creatures you control.",
    "When this creature dies, distribute two -1/-1 counters among one or two target creatures.",
    "When this creature dies, you may distribute a number of +1/+1 counters equal to its power among any number of "
    "creatures you control.",
    "Whenever this creature attacks, distribute X +1/+1 counters among any number of target creatures, where X is "
    "the number of cards in your hand.",
])  # fmt: skip
def test_distribute_counters(text: str) -> None:
    """601.2d, 122.1: counters divided among targets as the ability is put on
    the stack, which the engine plays; among creatures that aren't targets, a gap."""
    card = line(text)
    dist = one(card, A.DistributeCounters)
    assert dist.kind in ("+1/+1", "-1/-1") and dist.among is not None
    assert any("DistributeCounters" in str(g) for g in gaps(card)) == (not isinstance(dist.among, A.Target))


def test_remove_any_number_of_counters() -> None:
    """122.8: "remove any number of charge counters" — the player picks how
    many; as an instruction and as a cost (118.1) it is a gap, never one counter."""
    card = line("{T}: Remove any number of charge counters from this creature.")
    assert one(card, A.RemoveCounters).any_number
    assert any("any number" in str(g) for g in gaps(card))
    cost = line("{1}, Remove any number of storage counters from this creature: Draw a card.")
    assert one(cost, A.RemoveCountersCost).any_number
    assert any("any number" in str(g) for g in gaps(cost))


@pytest.mark.parametrize(("text", "keywords"), [
    ("When this creature enters, target creature you control gains vigilance and gets +X/+X until end of turn, "
     "where X is the number of creatures you control.", 1),
    ("When this creature enters, creatures you control gain flying and first strike and get +1/+1 until end of turn.",
     2),
])  # fmt: skip
def test_gain_abilities_and_get_a_bonus(text: str, keywords: int) -> None:
    """611.2a: one effect that grants abilities and changes P/T, written
    abilities first; the duration covers both."""
    pump = one(line(text), A.Pump)
    assert pump.gain_first and len(pump.keywords) == keywords and pump.power is not None and pump.until_eot


@pytest.mark.parametrize("text", [
    "Enchanted creature loses defender and gains flying.",
    "Enchanted creature has hexproof and can't be blocked.",
])  # fmt: skip
def test_a_verb_after_a_keyword_list(text: str) -> None:
    """An "and" after a keyword joins a second verb unless a keyword follows it."""
    card = line(text, "Enchantment — Aura", "")
    assert render_card(card).splitlines()[-1] == text


@pytest.mark.parametrize("text", [
    "When this creature enters, return target Equipment card from your graveyard to the battlefield attached to this "
    "creature.",
    "When this creature enters, you may put an Aura card from your hand onto the battlefield attached to a creature "
    "you control.",
])  # fmt: skip
def test_onto_the_battlefield_attached_to(text: str) -> None:
    """303.4f, 301.5c: an Aura or Equipment put onto the battlefield attached
    to an object; the engine reports it as a gap."""
    card = line(text)
    (dest,) = [d for d in nodes(card, A.Destination) if d.zone == "battlefield"]
    assert dest.mods[0][0] == "attached"
    assert any("attached" in str(g) for g in gaps(card))


def test_gains_your_choice_of_keywords() -> None:
    """A choice of one keyword to grant, made as the effect resolves; a gap."""
    card = line("{2}: Target creature gains your choice of flying, trample, or haste until end of turn.")
    pump = one(card, A.Pump)
    assert pump.your_choice and isinstance(pump.keywords[0], A.KeywordChoice)
    assert any("choice of keywords" in str(g) for g in gaps(card))


def test_becomes_the_basic_land_type_of_your_choice() -> None:
    """305.7: a land becomes the basic land type chosen; a gap."""
    card = line("{T}: Target land becomes the basic land type of your choice until end of turn.")
    assert one(card, A.Becomes).special == "the basic land type of your choice"
    assert gaps(card)


@pytest.mark.parametrize(("text", "where"), [
    ("{1}: Put two target lands on top of their owners' libraries.", "top"),
    ("{1}: Put all creatures on the bottom of their owners' libraries.", "bottom"),
])  # fmt: skip
def test_their_owners_libraries(text: str, where: str) -> None:
    """400.3: each card goes to its owner's library."""
    dest = one(line(text), A.Destination)
    assert dest.zone == "library" and dest.where == where and dest.form == "owners' libraries"


def test_shuffle_into_their_owners_libraries() -> None:
    card = line("{1}{U}, {T}: Shuffle this creature and target creature into their owners' libraries.")
    assert one(card, A.Shuffle).form == "owners' libraries"
    assert gaps(card)


# --------------------------------------------------------------------------
# "onto the battlefield" with its modifications in any order (110.2a, 614.1c)

@pytest.mark.parametrize(("text", "plays"), [
    ("When this creature dies, return it to the battlefield tapped under its owner's control.", True),
    ("When this creature dies, return it to the battlefield under its owner's control with a +1/+1 counter on it.", True),
    ("When this creature dies, return it to the battlefield tapped under its owner's control "
     "with two +1/+1 counters on it.", True),
    ("When this creature dies, return it to the battlefield face down under your control.", False),
    ("When this creature dies, return it to the battlefield tapped and transformed under its owner's control.", False),
    ("When this creature enters, put target creature card from a graveyard onto the battlefield tapped "
     "under your control.", True),
    ("When this creature enters, put target creature card from a graveyard onto the battlefield "
     "under your control with a shield counter on it.", True),
    ("When this creature enters, return all creature cards from all graveyards to the battlefield "
     "tapped under their owners' control.", True),
    ("When this creature enters, put all creature cards from all graveyards onto the battlefield "
     "under their owners' control.", True),
])
def test_battlefield_modifications_in_any_order_cr110_2a_cr614_1c(text: str, plays: bool) -> None:
    """"Under [whose] control" is one of the ways a permanent is put onto
    the battlefield, before or after "tapped" and "with N counters on it":
    each order parses and renders back as written; the engine carries out
    tapped, control and counters, and names what it doesn't (face down,
    transformed) as a gap."""
    card = line(text)
    dest = one(card, A.Destination)
    assert dest.zone == "battlefield"
    gaps_found = [str(g) for g in gaps(card)]
    assert (not gaps_found) == plays, gaps_found


def test_under_control_first_keeps_destination_under_cr110_2a() -> None:
    """Written first, "under [whose] control" is the destination's own
    controller, and the modifications after it keep their order."""
    card = line("When this creature dies, return it to the battlefield under its owner's control "
                "with a +1/+1 counter on it.")
    dest = one(card, A.Destination)
    assert isinstance(dest.under, A.OwnerOf)
    assert [m[0] for m in dest.mods] == ["with"]
    later = one(line("When this creature dies, return it to the battlefield tapped under your control."), A.Destination)
    assert later.under is None and later.mods[0] == "tapped" and later.mods[1][0] == "under"


# --------------------------------------------------------------------------
# "... this way" conditions (608.2c) and "Then [instruction] if [condition]."

@pytest.mark.parametrize(("text", "event", "plays"), [
    ("Exile up to one target card from a graveyard. If a creature card is exiled this way, create a Clue token.",
     "exiled this way", True),
    ("Destroy all creatures. If two or more creatures were destroyed this way, draw a card.",
     "destroyed this way", True),
    ("Each player sacrifices a creature. If you sacrificed a creature this way, draw a card.",
     "sacrificed this way", True),
    ("Each player discards a card. If you discarded a land card this way, draw a card.",
     "discarded this way", True),
    ("Counter target spell. If that spell is countered this way, draw a card.", "countered this way", False),
    ("You may search your library for a basic land card, reveal it, put it into your hand. "
     "If you search your library this way, shuffle.", "searched library this way", True),
])
def test_done_this_way_conditions_cr608_2c(text: str, event: str, plays: bool) -> None:
    """608.2c: a condition on what an instruction before did ("If a
    creature card is exiled this way", "if you sacrificed a creature this
    way", "If you search your library this way") parses into a Happened
    condition, renders back as written, and is played where the engine
    records what was done (a spell "countered this way", asked of the spell
    named before, is a gap)."""
    card = spell(text)
    cond = [n for n in nodes(card, A.Happened) if n.event == event]
    assert len(cond) == 1
    assert (not gaps(card)) == plays, [str(g) for g in gaps(card)]


def test_then_with_a_trailing_if_cr608_2c() -> None:
    """"Then draw a card if you control a Forest.": the condition is checked
    when the instruction is reached, after the ones before it."""
    card = spell("Scry 1. Then draw a card if you control a Forest.")
    s = one(card, A.IfSentence)
    assert s.then and s.trailing == "if"
    assert not gaps(card)


@pytest.mark.parametrize(("text", "kinds"), [
    ("Put two +1/+1 counters and a reach counter on target creature.", ["+1/+1", "reach"]),
    ("Put a flying counter, a lifelink counter, and a +1/+1 counter on target creature.",
     ["flying", "lifelink", "+1/+1"]),
])
def test_counters_of_several_kinds_cr122_1(text: str, kinds: list[str]) -> None:
    """122.1: one "put" of counters of several kinds keeps each kind and its
    amount, renders back as written, and plays."""
    card = spell(text)
    put = one(card, A.PutCounters)
    assert [put.kind] + [k for _, k in put.also] == kinds
    assert not gaps(card)


@pytest.mark.parametrize("event", ["gained or lost life", "gained and lost life"])
def test_gained_or_lost_life_condition_cr119_3(event: str) -> None:
    """119.3: "if you gained or lost life this turn" (either) and "... gained
    and lost life ..." (both) are conditions on this turn's life changes."""
    card = line(f"At the beginning of your end step, if you {event} this turn, draw a card.")
    assert one(card, A.Happened).event == event
    assert not gaps(card)


def test_this_way_conditions_only_on_recorded_verbs_cr608_2c() -> None:
    """Every verb a "... this way" condition is played for is one the
    instructions record, so the condition is never judged on nothing."""
    from cardtext.interpreter.actions.registry import RECORDED_VERBS
    from cardtext.interpreter.conditions import THIS_WAY_VERBS

    assert set(THIS_WAY_VERBS) <= RECORDED_VERBS


# --------------------------------------------------------------------------
# Exiling cards until one fits (701.16, 406)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "gap"), [
    ("Exile cards from the top of your library until you exile a nonland card. You may cast that card this turn.", None),
    ("Exile cards from the top of your library until you exile a nonland card with mana value 3 or less.", None),
    ("Target opponent exiles cards from the top of their library until they exile a nonland card.", None),
    ("Each opponent exiles cards from the top of their library until they exile a nonland card.",
     "several players exiling cards from the top of their libraries until"),
    ("Exile cards from the top of your library until you exile two creature cards.", "exiling until several cards are found"),
])  # fmt: skip
def test_exile_until_a_card_fits(text: str, gap: str | None) -> None:
    """701.16: "exile cards ... until you exile a [card]" — the verb agrees with
    its player, the card that fits is described as any object; the engine plays
    one card found from the top of your library and names what it can't do."""
    card = spell(text)
    exile = one(card, A.Exile)
    who, found = exile.until_found
    assert isinstance(found, A.AnObject)
    found_gaps = [g.what for g in gaps(card)]
    if gap is None:
        assert not found_gaps
    else:
        assert any(gap in g for g in found_gaps), found_gaps


@pytest.mark.parametrize(("text", "cls", "gap"), [
    ("When this creature dies, if it was a creature, return it to the battlefield under its owner's control. It's an enchantment.",
     "ItsA", "ItsA"),
    ("Until end of turn, target land becomes a 3/3 Elemental creature with haste. It's still a land.", "ItsStill", None),
    ("Return target artifact card from your graveyard to the battlefield. It's still an artifact.", "ItsStill",
     "'It's still a ...' after a sentence with no type change"),
])  # fmt: skip
def test_its_a_type_after_an_instruction(text: str, cls: str, gap: str | None) -> None:
    """205.1a/205.1b: "It's an enchantment." (the new types replace the old)
    and "It's still a land." (the old types kept) after an instruction; the
    article agrees with the word ("an enchantment", "an artifact").  After a
    type change "It's still a land." is played (the scenario
    cr205_1b_its_still_a_land); elsewhere it is a gap, not a no-op."""
    card = line(text) if text.startswith("When") else spell(text)
    assert nodes(card, getattr(A, cls))
    found = [g.what for g in gaps(card)]
    if gap is None:
        assert not found
    else:
        assert any(gap in g for g in found), found


@pytest.mark.parametrize(("text", "type_line", "gap"), [
    ("Whenever another creature you control enters, you may discard a card. If you do, draw a card. Do this only once each turn.",
     "Creature — Human Wizard", "sentence DoOnlyOnce"),
    ("Once each turn, you may cast an instant or sorcery spell from the top of your library.",
     "Creature — Human Wizard", "LeadSentence"),
])  # fmt: skip
def test_once_each_turn(text: str, type_line: str, gap: str) -> None:
    """"Do this only once each turn." after an optional instruction and "Once
    each turn, [sentence]." before one: read and rendered back, and reported
    as not played yet (a gap, never a permission without its limit)."""
    card = line(text, type_line)
    assert any(gap in g.what for g in gaps(card))


@pytest.mark.parametrize(("text", "type_line", "article"), [
    ("Nonbasic lands are Mountains.", "Enchantment", False),
    ("Enchanted land is an Island.", "Enchantment — Aura", True),
    ("Enchanted permanent is legendary.", "Enchantment — Aura", False),
    ("Enchanted land is a Mountain, Forest, and Plains.", "Enchantment — Aura", True),
    ("All nonland permanents are legendary.", "Enchantment", False),
])  # fmt: skip
def test_static_type_setting(text: str, type_line: str, article: bool) -> None:
    """205.1a, 305.7: "[objects] are [types]" as a static ability — the types
    instead of the old ones (a basic land type), or a supertype too; rendered
    with the article as written, and played (cardtext.interpreter.characteristics.refresh_types)."""
    enchant = "Enchant land\n" if "land is" in text else "Enchant permanent\n" if "permanent is" in text else ""
    card = parse_card(f"Test Card {{2}}{{G}}\n{type_line}\n{enchant}{text}", link=False)
    assert render_card(card).splitlines()[-1] == text
    is_type = one(card, A.IsType)
    assert is_type.special == "type" and is_type.article is article
    assert not gaps(card)


@pytest.mark.parametrize(("text", "parts", "gap"), [
    ("You may have this creature enter as a copy of any creature on the battlefield, except it gains haste.", 1, None),
    ("You may have this creature enter as a copy of any creature on the battlefield, except it's an Illusion in addition to "
     "its other types and it has flying.", 2, None),
    ("You may have this creature enter as a copy of any creature on the battlefield, except it isn't legendary, it's a Ninja "
     "in addition to its other creature types, and it has haste.", 3, None),
    ("You may have this creature enter as a copy of any artifact on the battlefield, except it's legendary in addition to its "
     "other types.", 1, None),
    ("You may have this creature enter as a copy of any creature on the battlefield, except its power is 7.", 1,
     "a copy with the exception 'its power is'"),
])  # fmt: skip
def test_copy_exceptions(text: str, parts: int, gap: str | None) -> None:
    """707.9b: the exceptions of a copy, one or several ("A and B", "A, B, and
    C"), rendered back as written; the engine makes the copy with them, and
    names an exception it can't make."""
    card = line(text, pt="\n0/0")
    copy = card.abilities[0]
    found = copy.exception.parts if isinstance(copy.exception, A.Exceptions) else (copy.exception,)
    assert len(found) == parts
    found_gaps = [g.what for g in gaps(card)]
    assert found_gaps == ([] if gap is None else [gap])


@pytest.mark.parametrize(("text", "gap"), [
    ("Target player discards a card. Then the player draws a card.", None),
    ("Choose target opponent. Then the chosen player loses 2 life.", None),
    ("Test Card deals 3 damage to target player or planeswalker. That player or that planeswalker's controller discards two cards.", None),
    ("Whenever a creature attacks, attacking player loses 1 life.", "player reference Each"),
])  # fmt: skip
def test_player_references_checked_as_played(text: str, gap: str | None) -> None:
    """608.2c: every player an instruction names is one the engine reads
    (cardtext.interpreter.context.player_ref_problem, asked by both the
    support check and Ctx.players): "the player", "the chosen player", "that
    player or that planeswalker's controller"; one it can't read is a gap,
    never a card said to play that then stops."""
    card = line(text) if text.startswith("Whenever") else spell(text)
    found = [g.what for g in gaps(card)]
    if gap is None:
        assert found == []
    else:
        assert any(gap in g for g in found), found


@pytest.mark.parametrize("text", [
    "As long as your devotion to white is less than five, Test Card isn't a creature.",
    "Test Card isn't a creature.",
])  # fmt: skip
def test_static_isnt_a_type(text: str) -> None:
    """205.1a: "[this] isn't a creature" (under a condition, the Theros gods)
    as a static ability: read, rendered back, and not played yet (a gap)."""
    card = line(text, "Legendary Enchantment Creature — God", "\n5/6")
    assert one(card, A.IsType).special == "not a"
    assert gaps(card)
