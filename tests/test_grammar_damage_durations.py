"""Grammar-level tests of wordings of objects, damage, durations and
descriptions (older Oracle templates among them): each parses a wording,
asserts what the AST holds, that it renders back byte-identical, and, where
the engine can't carry it out, that the support check says so."""

from __future__ import annotations

from typing import Any

import pytest
from card_helpers import ability, gap_texts, nodes, one_ability_card, round_trips

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node


def first(tree: Node, cls: type) -> Any:
    """The first ``cls`` of ``tree`` (a static ability keeps its sentence as written too)."""
    found = nodes(tree, cls)
    assert found, f"no {cls.__name__} in {tree!r}"
    return found[0]

# --------------------------------------------------------------------------
# Any targets, counted (115.1, 601.2c)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "up_to"),
    [
        ("Test Card deals 2 damage to each of two targets.", False),
        ("Test Card deals X damage to each of up to three targets.", True),
        ("Test Card deals 4 damage to X targets.", False),
    ],
)
def test_n_targets_and_up_to_n_targets_601_2c(text: str, up_to: bool) -> None:
    """601.2c: "each of two targets", "each of up to three targets", "X
    targets": any targets, that many (or up to that many)."""
    target = first(ability(text, type_line="Sorcery"), A.Target)
    assert isinstance(target.spec, A.AnyTarget) and target.count is not None and target.up_to is up_to
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# Zones of several players (400.1): "your opponents' graveyards"
# --------------------------------------------------------------------------


def test_plural_zones_of_a_group_400_1() -> None:
    text = "Test Card gets +1/+1 for each creature card in your opponents' graveyards."
    zone = first(ability(text), A.InZone)
    assert zone.zone == "graveyards" and isinstance(zone.owner, A.PlayerGroup)
    round_trips(text)


# --------------------------------------------------------------------------
# Changes of color and type chosen as the effect happens (105.3, 205.1a, 608.2d)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "special"),
    [
        ("Target creature becomes the color or colors of your choice until end of turn.", "the color or colors of your choice"),
        ("Target creature becomes that type until end of turn.", "that type"),
    ],
)
def test_becomes_chosen_colors_or_that_type_105_3(text: str, special: str) -> None:
    node = first(ability(text, type_line="Instant"), A.Becomes)
    assert node.special == special and node.duration is not None
    round_trips(text, type_line="Instant")
    card = one_ability_card(text, "Instant")
    assert any("a change of that kind" in g for g in gap_texts(card))


def test_is_the_chosen_type_alone_205_1a() -> None:
    """ "Enchanted land is the chosen type" (no "in addition"): a change
    the engine doesn't apply, reported as a gap."""
    text = "Enchanted creature is the chosen type."
    node = first(ability(text, type_line="Enchantment — Aura"), A.IsType)
    assert node.special == "the chosen type alone"
    round_trips(text, type_line="Enchantment — Aura")


def test_for_each_of_its_colors_105_2() -> None:
    text = "Enchanted creature gets +1/+1 for each of its colors."
    count = first(ability(text, type_line="Enchantment — Aura"), A.GameCount)
    assert count.what == "each of colors" and isinstance(count.of, A.ItRef)
    round_trips(text, type_line="Enchantment — Aura")


# --------------------------------------------------------------------------
# Blocking more this turn (509.1a)
# --------------------------------------------------------------------------


def test_can_block_an_additional_creature_this_turn_509_1a() -> None:
    text = "{1}{G}: Test Card can block an additional creature this turn."
    req = first(ability(text), A.Requirement)
    assert req.rule == "can block an additional creature this turn"
    round_trips(text)
    assert any("Requirement" in g for g in gap_texts(one_ability_card(text)))


# --------------------------------------------------------------------------
# The top card of a kind in a graveyard (older graveyard order)
# --------------------------------------------------------------------------


def test_top_creature_card_of_a_graveyard_is_a_gap() -> None:
    text = "Return the top creature card of your graveyard to the battlefield."
    top = first(ability(text, type_line="Sorcery"), A.TopDescribed)
    assert top.zone == "graveyard" and top.whose is not None
    round_trips(text, type_line="Sorcery")
    assert any("the top card of a kind" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


# --------------------------------------------------------------------------
# Damage that can't take a life total below a number (615, 614.1a)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Damage that would reduce your life total to less than 1 reduces it to 1 instead.",
        "Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1 instead.",
        "As long as you have 7 or more life, damage that would reduce your life total to less than 7 reduces it to 7 instead.",
    ],
)
def test_life_total_floor_615(text: str) -> None:
    floor = first(ability(text, type_line="Enchantment"), A.LifeFloor)
    assert floor.below == floor.floor
    round_trips(text, type_line="Enchantment")
    assert gap_texts(one_ability_card(text, "Enchantment"))


# --------------------------------------------------------------------------
# "gets +N/+N and [another change]" (611.3a): one subject, two effects
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Enchanted creature gets +2/+0 and can't be blocked by creatures with flying.", A.Restriction),
        ("Enchanted creature gets +1/+1 and can't be blocked except by creatures with flying.", A.Restriction),
        ("Enchanted creature gets +0/+2 and can't be the target of spells.", A.Restriction),
        ("Enchanted creature gets +3/+1 and must be blocked by an Eldrazi if able.", A.Requirement),
        ("Enchanted creature gets +3/+3 and doesn't untap during its controller's untap step.", A.Requirement),
        ("Enchanted creature gets -6/-0 and loses flying.", A.LoseAbilities),
        ("Enchanted creature gets +3/+1 and is black.", A.IsType),
        ("Enchanted creature gets +1/+1 and is an artifact in addition to its other types.", A.IsType),
    ],
)
def test_pump_and_a_second_change_611_3a(text: str, kind: type) -> None:
    pump = first(ability(text, type_line="Enchantment — Aura"), A.Pump)
    assert isinstance(pump.extra, kind)
    round_trips(text, type_line="Enchantment — Aura")


def test_pump_and_loses_agrees_with_a_plural_subject() -> None:
    round_trips("Creatures you control get +1/+0 and lose flying.", type_line="Enchantment")


def test_pump_and_a_second_change_of_a_resolving_effect_is_a_gap() -> None:
    text = "{T}: Test Card gets -2/+2 and loses flying until end of turn."
    assert any("a P/T change with another effect" in g for g in gap_texts(one_ability_card(text)))


# --------------------------------------------------------------------------
# Abilities kept away, targets refused (613.1f, 115.4)
# --------------------------------------------------------------------------


def test_cant_have_or_gain_613_1f() -> None:
    text = "Creatures your opponents control lose trample and can't have or gain trample."
    node = first(ability(text, type_line="Enchantment"), A.CantHaveOrGain)
    assert len(node.keywords) == 1
    round_trips(text, type_line="Enchantment")
    assert gap_texts(one_ability_card(text, "Enchantment"))


@pytest.mark.parametrize(
    "text", ["Creatures can't be the targets of spells.", "Cards in graveyards can't be the targets of spells or abilities."]
)
def test_cant_be_the_targets_of_115_4(text: str) -> None:
    node = first(ability(text, type_line="Enchantment"), A.Restriction)
    assert node.rule == "can't be the targets of"
    round_trips(text, type_line="Enchantment")
    assert gap_texts(one_ability_card(text, "Enchantment"))


# --------------------------------------------------------------------------
# Prevention (615): the next time a source would deal damage, divided, half
# --------------------------------------------------------------------------


def test_next_time_would_deal_damage_to_anything_615_1a() -> None:
    text = "The next time target creature would deal damage this turn, prevent that damage."
    node = first(ability(text, type_line="Instant"), A.NextTime)
    assert isinstance(node.event, A.DealDamage) and node.event.to is None and node.duration is not None
    round_trips(text, type_line="Instant")
    assert any("NextTime" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_prevent_the_next_n_damage_divided_601_2d() -> None:
    text = "Prevent the next 4 damage that would be dealt this turn to any number of targets, divided as you choose."
    node = first(ability(text, type_line="Instant"), A.PreventDamage)
    assert node.divided and node.kind == "next"
    round_trips(text, type_line="Instant")
    assert any("divided" in g for g in gap_texts(one_ability_card(text, "Instant")))


@pytest.mark.parametrize("rounding", ["up", "down"])
def test_prevent_half_that_damage_rounded_107_1a(rounding: str) -> None:
    text = f"If a source would deal damage to you, prevent half that damage, rounded {rounding}."
    node = first(ability(text, type_line="Enchantment"), A.PreventDamage)
    assert node.kind == "half" and node.rounding == rounding
    round_trips(text, type_line="Enchantment")
    assert gap_texts(one_ability_card(text, "Enchantment"))


# --------------------------------------------------------------------------
# Descriptions: "you own or control" (108.3), "that dealt damage this turn"
# --------------------------------------------------------------------------


def test_you_own_or_control_108_3() -> None:
    text = "Exile target permanent you own or control."
    owned = first(ability(text, type_line="Instant"), A.OwnedBy)
    assert owned.or_controlled and not owned.negated
    round_trips(text, type_line="Instant")


def test_that_dealt_damage_this_turn() -> None:
    text = "Destroy target creature that dealt damage this turn."
    did = first(ability(text, type_line="Instant"), A.DidThisTurn)
    assert did.event == "dealt damage"
    round_trips(text, type_line="Instant")
    assert gap_texts(one_ability_card(text, "Instant"))


def test_becomes_a_copy_and_gains_this_ability_707_9b() -> None:
    text = "{1}{U}: Test Card becomes a copy of target creature and gains this ability."
    assert nodes(ability(text), A.GainThisAbility)
    round_trips(text)
    assert gap_texts(one_ability_card(text))


def test_prevention_then_a_second_instruction_after_a_comma() -> None:
    """The ", divided as you choose" of a prevention is read only where
    those words follow: ", and put ..." still joins a second instruction."""
    text = ("Prevent the next 3 damage that would be dealt to target creature this turn, "
            "and put a +1/+1 counter on that creature for each 1 damage prevented this way.")
    assert not first(ability(text, type_line="Instant"), A.PreventDamage).divided
    round_trips(text, type_line="Instant")


# --------------------------------------------------------------------------
# Mana value and other numbers "had" (202.3): "if it has mana value 2 or less"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Destroy target creature if it has mana value 2 or less.",
        "Destroy target creature if it has power 2 or less.",
    ],
)
def test_if_it_has_a_stat_202_3(text: str) -> None:
    cond = first(ability(text, type_line="Instant"), A.CompareAmount)
    assert cond.form == "has" and isinstance(cond.amount, A.PowerOf)
    round_trips(text, type_line="Instant")
    assert gap_texts(one_ability_card(text, "Instant")) == []


def test_that_have_a_stat_and_the_same_stat_as() -> None:
    text = "Search your library for any number of cards that have mana value 9, reveal them, put them into your hand, then shuffle."
    stat = first(ability(text, type_line="Sorcery"), A.WithStat)
    assert stat.form == "that" and stat.stat == "mana value"
    round_trips(text, type_line="Sorcery")
    text = "Destroy each creature with the same mana value as target creature."
    same = first(ability(text, type_line="Sorcery"), A.SameStatAs)
    assert same.stat == "mana value"
    round_trips(text, type_line="Sorcery")
    assert any("SameStatAs" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


# --------------------------------------------------------------------------
# Durations on more instructions (611.2a-b)
# --------------------------------------------------------------------------


def test_look_at_for_as_long_as_it_remains_exiled_406_3() -> None:
    text = "Exile the top card of your library face down. You may look at that card for as long as it remains exiled."
    look = first(ability(text, type_line="Sorcery"), A.LookAt)
    assert look.duration is not None and look.duration.kind == "for as long as remains exiled"
    round_trips(text, type_line="Sorcery")
    assert any("instruction LookAt" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Target land is a Swamp until end of turn.", "until end of turn"),
        ("Target land is an Island for as long as it has a flood counter on it.", "for as long as has counters"),
    ],
)
def test_is_a_type_for_a_while_205_1a(text: str, kind: str) -> None:
    node = first(ability(text, type_line="Sorcery"), A.IsType)
    assert node.special == "type" and node.duration.kind == kind
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery"))


def test_a_type_static_without_a_duration_is_still_a_static() -> None:
    node = ability("Enchanted land is a Swamp.", type_line="Enchantment — Aura")
    assert isinstance(node, A.StaticAbility) and first(node, A.IsType).duration is None


# --------------------------------------------------------------------------
# Damage named by its source and recipient (615.1a, 614.9), this combat (506.1)
# --------------------------------------------------------------------------


def test_prevent_all_damage_a_source_would_deal_to_you_615_1a() -> None:
    text = "Prevent all damage target creature would deal to you this turn."
    node = first(ability(text, type_line="Instant"), A.PreventDamage)
    assert node.form == "would deal to" and isinstance(node.to, A.You) and isinstance(node.by, A.Target)
    round_trips(text, type_line="Instant")


@pytest.mark.parametrize(
    "text",
    [
        "The next time a source of your choice would deal damage to you this turn, that damage is dealt to Test Card instead.",
        "The next time a source of your choice would deal damage this turn, that damage is dealt to that source's controller instead.",
    ],
)
def test_next_time_that_damage_is_dealt_to_another_instead_614_9(text: str) -> None:
    node = first(ability(text, type_line="Instant"), A.NextTime)
    assert node.instead == "after" and first(node, A.RedirectDamage).kind == "that"
    round_trips(text, type_line="Instant")
    assert any("NextTime" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_destroy_creatures_that_dealt_damage_to_you_this_turn() -> None:
    text = "Destroy all creatures that dealt damage to you this turn."
    did = first(ability(text, type_line="Sorcery"), A.DidThisTurn)
    assert did.event == "dealt damage to" and isinstance(did.by, A.You)
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery"))


def test_if_damage_is_prevented_this_way_608_2c() -> None:
    text = ("Prevent the next 3 damage that would be dealt to you this turn. "
            "If damage is prevented this way, Test Card deals that much damage to any target.")
    node = first(ability(text, type_line="Instant"), A.Happened)
    assert node.event == "prevented this way"
    round_trips(text, type_line="Instant")
    assert any("prevented this way" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_attacked_or_blocked_this_combat_506_1() -> None:
    text = "At end of combat, if Test Card attacked or blocked this combat, put a +1/+1 counter on it."
    node = first(ability(text), A.Happened)
    assert node.event == "attacked or blocked this combat"
    round_trips(text)
    assert gap_texts(one_ability_card(text))


def test_enters_with_a_number_of_counters_equal_to_614_1c() -> None:
    text = "Test Card enters with a number of +1/+1 counters on it equal to the number of creature cards in your graveyard."
    node = first(ability(text), A.EntersWithCounters)
    assert isinstance(node.amount, A.EqualTo) and node.kind == "+1/+1"
    round_trips(text)


def test_would_leave_the_battlefield_exile_it_instead_of_anywhere_else_614_1a() -> None:
    text = ("Return target creature card from your graveyard to the battlefield. "
            "If it would leave the battlefield, exile it instead of putting it anywhere else.")
    would = first(ability(text, type_line="Sorcery"), A.Would)
    assert isinstance(would.event, A.KeywordAction) and would.event.verb == "leave the battlefield"
    body = first(ability(text, type_line="Sorcery"), A.IfSentence).body
    assert body.forms[0].tails == ("instead of putting it anywhere else",)
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery"))


@pytest.mark.parametrize(
    ("text", "lose"),
    [
        ("Target creature gets +3/-3 and loses all creature types until end of turn.", True),
        ("Up to two target creatures each get +2/+0 and gain all creature types until end of turn.", False),
        ("Target creature gains all creature types until end of turn.", False),
    ],
)
def test_gain_or_lose_all_creature_types_205_3m(text: str, lose: bool) -> None:
    node = first(ability(text, type_line="Instant"), A.AllCreatureTypes)
    assert node.lose is lose
    round_trips(text, type_line="Instant")
    assert gap_texts(one_ability_card(text, "Instant"))


def test_becomes_a_creature_with_all_creature_types_is_a_gap() -> None:
    text = "{1}: Test Card becomes a 2/2 creature with all creature types until end of turn."
    node = first(ability(text, type_line="Land"), A.Becomes)
    assert node.all_types and node.pt == "2/2"
    round_trips(text, type_line="Land")
    assert any("every creature type" in g for g in gap_texts(one_ability_card(text, "Land")))


@pytest.mark.parametrize(
    "text",
    [
        "Test Card's power and toughness are each equal to the number of green mana symbols in the mana costs of permanents you control.",
        "{2}, Sacrifice a creature: Test Card deals damage to any target equal to the number of red mana symbols in the sacrificed creature's mana cost.",
    ],
)
def test_mana_symbols_in_mana_costs_202_1(text: str) -> None:
    """Chroma: the colored mana symbols counted in mana costs (202.1, 107.4);
    "red mana" is no adjective here, the look-ahead reads the symbols."""
    count = first(ability(text), A.GameCount)
    assert count.what == "mana symbols" and count.number_of
    round_trips(text)
    assert any("mana symbols" in g for g in gap_texts(one_ability_card(text)))


@pytest.mark.parametrize(
    "text",
    [
        "Each opponent can't cast instant or sorcery spells during that player's next turn.",
        "You control target player during that player's next turn.",
    ],
)
def test_during_a_players_next_turn_500_1(text: str) -> None:
    durations = [d for d in nodes(ability(text, type_line="Sorcery"), A.Duration) if d.kind == "during next turn"]
    assert durations
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery"))


def test_spend_only_mana_of_one_color_on_x_107_3() -> None:
    text = "Spend only black mana on X."
    node = first(ability(text, type_line="Sorcery"), A.SpendRule)
    assert node.rule == text
    round_trips(text, type_line="Sorcery")


def test_the_greatest_or_tied_for_the_greatest() -> None:
    text = "At the beginning of your upkeep, draw a card if you control the creature with the greatest power or tied for the greatest power."
    node = first(ability(text, type_line="Enchantment"), A.WithExtreme)
    assert node.tied and (node.word, node.stat) == ("greatest", "power")
    round_trips(text, type_line="Enchantment")
    assert gap_texts(one_ability_card(text, "Enchantment"))


def test_tied_for_another_stat_is_an_error() -> None:
    from cardtext.grammar.parser import parse_text
    from cardtext.testing import wrap_ability

    text = "Draw a card if you control the creature with the greatest power or tied for the greatest toughness."
    assert parse_text(wrap_ability(text, type_line="Sorcery") + "\n").errors


def test_cast_a_spell_or_a_permanent_enters_two_events_603_2() -> None:
    """ "or a Swamp enters" starts a second trigger event: the noun phrase
    after "or" is that event's subject, not a second spell cast."""
    text = "Whenever you cast a black spell or a Swamp enters under your control, you gain 1 life."
    trigger = first(ability(text, type_line="Artifact"), A.TriggeredAbility).trigger
    assert isinstance(trigger, A.TriggerOr)
    round_trips(text, type_line="Artifact")
    assert gap_texts(one_ability_card(text, "Artifact")) == []
