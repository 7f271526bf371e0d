"""Card structures beyond one block of abilities: the faces of multi-face
cards (709-715), a Class's levels (716), a leveler's blocks (711), a Saga's
chapters (714), station symbols (702.184), spree (702.172) and pawprint
(700.2i) modes.  Each test parses a card, asserts the nodes and their
fields, and that the card is written back exactly as it was read; and that
the engine reports what it can't play (cardtext.interpreter.support) rather than
playing it wrong."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_card
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_card


def card(text: str) -> A.Card:
    return parse_card(text, link=False)


def roundtrip(text: str, *, reminders: bool = True) -> A.Card:
    """The card of ``text``, which renders back to ``text`` byte for byte."""
    c = card(text)
    assert render_card(c, reminders=reminders) == text
    return c


def gap_texts(c: A.Card) -> list[str]:
    return [g.what for g in gaps(c)]


# --------------------------------------------------------------------------
# Station (702.184)
# --------------------------------------------------------------------------

FRIGATE = """Lumen-Class Frigate {1}{W}
Artifact — Spacecraft
Station (Tap another creature you control: Put charge counters equal to its power on this Spacecraft. Station only as a sorcery. It's an artifact creature at 12+.)
2+ | Other creatures you control get +1/+1.
12+ | Flying, lifelink
3/5"""

PLANET = """Adagia, Windswept Bastion
Land — Planet
This land enters tapped.
{T}: Add {W}.
Station (Tap another creature you control: Put charge counters equal to its power on this Planet. Station only as a sorcery.)
12+ | {3}{W}, {T}: Draw a card. Activate only as a sorcery."""


def test_station_symbols_hold_their_abilities() -> None:
    c = roundtrip(FRIGATE)
    station, low, high = c.abilities
    assert isinstance(station, A.Station)
    assert isinstance(low, A.StationTier) and low.threshold == 2
    assert isinstance(low.ability.effect.sentences[0].actions[0], A.Pump)
    assert isinstance(high, A.StationTier) and high.threshold == 12
    assert isinstance(high.ability, A.KeywordLine)
    assert [k.name.lower() for k in high.ability.keywords] == ["flying", "lifelink"]
    assert c.pt == A.PowerToughness("3", "5")


def test_station_on_a_planet_holds_an_activated_ability() -> None:
    c = roundtrip(PLANET)
    tier = c.abilities[-1]
    assert isinstance(tier, A.StationTier) and tier.threshold == 12
    assert isinstance(tier.ability, A.ActivatedAbility)


def test_station_reminder_names_the_spacecraft_creature_threshold() -> None:
    """The reminder ends "It's an artifact creature at N+." only on a
    Spacecraft with power and toughness, N its last station symbol."""
    assert render_card(card(FRIGATE)).splitlines()[2].endswith("It's an artifact creature at 12+.)")
    assert render_card(card(PLANET)).splitlines()[4].endswith("Station only as a sorcery.)")


def test_station_is_played_by_the_engine() -> None:
    """702.184: the station ability and each station symbol's ability are read
    by the engine (tests/scenarios/cr702_184_*)."""
    found = gap_texts(card(FRIGATE))
    assert "ability Station" not in found
    assert "ability StationTier" not in found


# --------------------------------------------------------------------------
# Class (716)
# --------------------------------------------------------------------------

TALENT = """Builder's Talent {1}{W}
Enchantment — Class
(Gain the next level as a sorcery to add its ability.)
When this Class enters, create a 0/4 white Wall creature token with defender.
{W}: Level 2
Whenever one or more noncreature, nonland permanents you control enter, put a +1/+1 counter on target creature you control.
{4}{W}: Level 3
When this Class becomes level 3, return target noncreature, nonland permanent card from your graveyard to the battlefield."""


def test_class_levels_hold_the_abilities_after_them() -> None:
    c = roundtrip(TALENT)
    first, two, three = c.abilities
    assert isinstance(first, A.TriggeredAbility)
    assert isinstance(two, A.ClassLevel) and two.level == 2
    assert two.cost == A.ManaCost((A.ColoredMana("W"),))
    assert len(two.abilities) == 1 and isinstance(two.abilities[0], A.TriggeredAbility)
    assert isinstance(three, A.ClassLevel) and three.level == 3
    trigger = three.abilities[0].trigger
    assert trigger.events[0].kind == "becomes level" and trigger.events[0].other == 3


def test_class_reminder_is_written_back_only_with_reminders() -> None:
    without = render_card(card(TALENT), reminders=False)
    assert "(Gain the next level" not in without
    assert without == TALENT.replace("(Gain the next level as a sorcery to add its ability.)\n", "")


def test_class_levels_are_a_gap_for_the_engine() -> None:
    assert gap_texts(card(TALENT)).count("ability ClassLevel") == 2


def test_a_class_level_cost_must_be_mana_symbols() -> None:
    with pytest.raises(Exception, match="unknown mana symbol"):
        card(TALENT.replace("{W}: Level 2", "{Q7}: Level 2"))


# --------------------------------------------------------------------------
# Level up and leveler blocks (711)
# --------------------------------------------------------------------------

MAGE = """Brimstone Mage {2}{R}
Creature — Human Shaman
Level up {3}{R}
LEVEL 1-2
2/3
{T}: Brimstone Mage deals 1 damage to any target.
LEVEL 3+
2/4
{T}: Brimstone Mage deals 3 damage to any target.
2/2"""


def test_leveler_blocks_have_a_range_stats_and_abilities() -> None:
    c = roundtrip(MAGE, reminders=False)
    level_up, low, high = c.abilities
    assert isinstance(level_up, A.KeywordLine)
    assert isinstance(low, A.LevelerBlock) and (low.low, low.high) == (1, 2)
    assert low.pt == A.PowerToughness("2", "3")
    assert isinstance(low.abilities[0], A.ActivatedAbility)
    assert isinstance(high, A.LevelerBlock) and (high.low, high.high) == (3, None)
    assert high.pt == A.PowerToughness("2", "4")
    assert c.pt == A.PowerToughness("2", "2")


def test_a_level_range_may_not_end_below_its_start() -> None:
    with pytest.raises(Exception, match="ends below its start"):
        card(MAGE.replace("LEVEL 1-2", "LEVEL 3-2"))


def test_leveler_blocks_are_a_gap_for_the_engine() -> None:
    assert gap_texts(card(MAGE)).count("ability LevelerBlock") == 2


# --------------------------------------------------------------------------
# Spree (702.172) and pawprint modes (700.2i)
# --------------------------------------------------------------------------

SHOWDOWN = """Final Showdown {W}
Instant
Spree
+ {1} — All creatures lose all abilities until end of turn.
+ {1} — Choose a creature you control. It gains indestructible until end of turn.
+ {3}{W}{W} — Destroy all creatures."""


def test_spree_modes_each_have_a_cost() -> None:
    c = roundtrip(SHOWDOWN, reminders=False)
    (spree,) = c.abilities
    assert isinstance(spree, A.Spree)
    assert [m.cost for m in spree.modes] == [
        A.ManaCost((A.GenericMana(1),)),
        A.ManaCost((A.GenericMana(1),)),
        A.ManaCost((A.GenericMana(3), A.ColoredMana("W"), A.ColoredMana("W"))),
    ]
    assert len(spree.modes[1].effect.sentences) == 2
    assert "ability Spree" not in gap_texts(c)  # 702.172: played (tests/scenarios/cr702_172_*)


def test_a_spree_mode_line_is_not_a_loyalty_cost() -> None:
    """ "+1: ..." stays a loyalty ability; only "+ {cost} —" is a spree mode."""
    c = card("Tester\nLegendary Planeswalker — Tester\n+1: Draw a card.\nLoyalty: 3")
    assert isinstance(c.abilities[0], A.LoyaltyAbility)


SEASON = """Season of the Burrow {3}{W}{W}
Sorcery
Choose up to five {P} worth of modes. You may choose the same mode more than once.
{P} — Create a 1/1 white Rabbit creature token.
{P}{P} — Exile target nonland permanent. Its controller draws a card.
{P}{P}{P} — Return target permanent card with mana value 3 or less from your graveyard to the battlefield."""


def test_pawprint_modes_count_their_pawprints() -> None:
    c = roundtrip(SEASON)
    modes = c.abilities[0].effect.sentences[0]
    assert isinstance(modes, A.PawprintModes)
    assert modes.total == A.Number(5, "word")
    assert [m.pawprints for m in modes.modes] == [1, 2, 3]
    assert len(modes.modes[1].effect.sentences) == 2
    assert "sentence PawprintModes" in gap_texts(c)


BREECHES = """Breeches, Eager Pillager {2}{R}
Legendary Creature — Goblin Pirate
First strike
Whenever a Pirate you control attacks, choose one that hasn't been chosen this turn —
• Create a Treasure token.
• Target creature can't block this turn.
• Exile the top card of your library. You may play it this turn.
3/3"""


def test_choose_one_that_hasnt_been_chosen_this_turn() -> None:
    c = roundtrip(BREECHES)
    modes = c.abilities[1].effect.sentences[0]
    assert isinstance(modes, A.Modes)
    assert (modes.count, modes.rider) == ("one", "unchosen this turn")
    assert len(modes.modes) == 3


def test_a_mode_rider_the_engine_cant_count_is_a_gap() -> None:
    """700.2d: "that hasn't been chosen" limits the choice over time; the
    engine doesn't track it, so the support check says so."""
    assert any("unchosen this turn" in g for g in gap_texts(card(BREECHES)))


# --------------------------------------------------------------------------
# Multi-face cards (709-715)
# --------------------------------------------------------------------------

GIANT = """Thornback Giant {3}{G}
Creature — Giant Warrior
Reach
5/4
// adventure
Uproot the Sky {1}{G}
Instant — Adventure
Destroy target creature with flying."""


def test_a_written_layout_survives_fmt_even_where_it_is_implied() -> None:
    c = roundtrip(GIANT)
    assert c.layout == "adventure" and c.layout_written
    bare = GIANT.replace("// adventure", "//")
    c2 = roundtrip(bare)
    assert c2.layout == "adventure" and not c2.layout_written
    assert c == c2  # how the layout was written is no part of the meaning


OMEN = """Riling Dawnbreaker {4}{W}
Creature — Dragon
Flying, vigilance
3/4
//
Signaling Roar {1}{W}
Sorcery — Omen
Create a 2/2 white Soldier creature token."""


def test_an_omen_is_its_own_layout() -> None:
    """An Omen's spell is shuffled into its library, not exiled on an
    adventure: it is a layout of its own, which the engine plays."""
    c = roundtrip(OMEN)
    assert c.layout == "omen"
    assert not any("omen" in g for g in gap_texts(c))


def test_an_omen_from_scryfall_data_is_written_as_an_omen() -> None:
    from cardtext.library import json_card_text

    obj = {"name": "Riling Dawnbreaker // Signaling Roar", "layout": "adventure", "card_faces": [
        {"name": "Riling Dawnbreaker", "mana_cost": "{4}{W}", "type_line": "Creature — Dragon",
         "oracle_text": "Flying, vigilance", "power": "3", "toughness": "4"},
        {"name": "Signaling Roar", "mana_cost": "{1}{W}", "type_line": "Sorcery — Omen",
         "oracle_text": "Create a 2/2 white Soldier creature token."}]}  # fmt: skip
    assert json_card_text(obj) == OMEN
    assert card(json_card_text(obj)).layout == "omen"


ROOM = """Grand Entryway {1}{W}
Enchantment — Room
When you unlock this door, create a 1/1 white Glimmer enchantment creature token.
//
Elegant Rotunda {2}{W}
Enchantment — Room
When you unlock this door, put a +1/+1 counter on each of up to two target creatures."""


def test_two_rooms_make_a_split_card() -> None:
    """709.5: a Room card is a split card with two doors."""
    c = roundtrip(ROOM, reminders=False)
    assert c.layout == "split" and not c.layout_written
    assert [f.name for f in c.faces] == ["Grand Entryway", "Elegant Rotunda"]
    assert all(f.mana_cost is not None for f in c.faces)
    trigger = c.faces[0].abilities[0].trigger
    assert isinstance(trigger, A.EventTrigger)
    assert trigger.events[0].kind == "unlocks"
    assert trigger.events[0].other == A.SelfRef("this", "door")


def test_each_door_of_a_room_gets_its_reminder_from_fmt() -> None:
    lines = render_card(card(ROOM)).splitlines()
    reminder = "(You may cast either half. That door unlocks on the battlefield. " \
               "As a sorcery, you may pay the mana cost of a locked door to unlock it.)"  # fmt: skip
    assert lines.count(reminder) == 2
    assert lines[3] == reminder and lines[-1] == reminder


def test_a_room_is_played_door_by_door() -> None:
    """709.5: the engine plays a Room's doors, locked and unlocked (each
    door's abilities are checked as those of a card of its own)."""
    assert gap_texts(card(ROOM)) == []


def test_fully_unlock_is_an_event_of_any_player_trigger() -> None:
    """709.5i: "whenever you fully unlock a Room" is an event the engine plays."""
    c = roundtrip("Tester\nEnchantment Creature — Spirit\nWhenever you fully unlock a Room, draw a card.\n1/1")
    event = c.abilities[0].trigger.events[0]
    assert event.kind == "fully unlocks"
    assert gap_texts(c) == []


def test_the_back_face_of_a_transforming_planeswalker_may_leave_out_loyalty() -> None:
    c = roundtrip("Tester Liege {2}{U}\nLegendary Planeswalker — Tester\n+1: Draw a card.\nLoyalty: 3\n//\n"
                  "Tester Scion\nLegendary Planeswalker — Tester\n−2: Draw two cards.")  # fmt: skip
    assert c.faces[0].loyalty == A.Loyalty("3") and c.faces[1].loyalty is None
    with pytest.raises(Exception, match="Loyalty"):
        card("Tester Liege {2}{U}\nLegendary Planeswalker — Tester\n+1: Draw a card.")


# --------------------------------------------------------------------------
# Sagas (714)
# --------------------------------------------------------------------------


def test_a_sagas_chapter_reminder_is_written_by_fmt() -> None:
    text = ("Tale of Testing {1}{W}\nEnchantment — Saga\n"
            "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
            "I — Draw a card.\nII — You gain 2 life.")  # fmt: skip
    roundtrip(text)
    assert render_card(card(text.replace(" Sacrifice after II.", ""))) == text


def test_a_transforming_sagas_reminder_has_no_sacrifice() -> None:
    """714.4: a Saga that transforms at its last chapter isn't sacrificed."""
    text = ("Tale of Turning {1}{W}\nEnchantment — Saga\n"
            "(As this Saga enters and after your draw step, add a lore counter.)\n"
            "I — Draw a card.\nII — Exile this Saga, then return it to the battlefield transformed under your control.\n"
            "//\nTurned Tale\nEnchantment Creature — Spirit\n2/2")  # fmt: skip
    c = card(text)
    assert c.layout == "transform"
    assert render_card(c).splitlines()[2] == "(As this Saga enters and after your draw step, add a lore counter.)"


def test_a_chapter_may_have_a_flavor_word() -> None:
    """207.2d: "I — Lunge — ..." names the chapter's effect; the name has no
    rules meaning and is kept for the card's text."""
    c = roundtrip("Summon: Tester {4}{R}\nEnchantment Creature — Saga Demon\n"
                  "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
                  "I, II — Wark — Draw a card.\n4/4")  # fmt: skip
    (chapter,) = c.abilities
    assert isinstance(chapter, A.ChapterAbility)
    assert (chapter.chapters, chapter.flavor) == ((1, 2), "Wark")
    assert isinstance(chapter.effect.sentences[0].actions[0], A.Draw)


@pytest.mark.parametrize(("mods", "words"), [
    ("transformed under its owner's control", ("transformed", "under")),
    ("tapped and transformed", ("tapped and transformed",)),
])
def test_return_to_the_battlefield_transformed(mods: str, words: tuple[str, ...]) -> None:
    """712.14 (a transforming card put onto the battlefield transformed): the
    engine reports it rather than returning the front face."""
    c = roundtrip(f"Tester {{2}}{{R}}\nCreature — Human\n{{2}}: Exile this creature, then return it to the "
                  f"battlefield {mods}.\n2/2")  # fmt: skip
    found = [n for n in c.walk() if isinstance(n, A.ReturnTo)]
    assert len(found) == 1
    assert tuple(m if isinstance(m, str) else m[0] for m in found[0].destination.mods) == words
    assert any("ReturnTo" in g for g in gap_texts(c))


FLIP = """Akki Lavarunner {3}{R}
Creature — Goblin Warrior
Whenever Akki Lavarunner deals damage to an opponent, flip it.
1/1
// flip
Tok-Tok, Volcano Born {3}{R}
Legendary Creature — Goblin Shaman
Protection from red
2/2"""


def test_flip_is_a_keyword_action_on_a_flip_card() -> None:
    """710.4: "flip it" turns a flip card's permanent 180 degrees; the
    engine reports it rather than leaving the permanent as it is."""
    c = roundtrip(FLIP)
    assert c.layout == "flip" and c.layout_written
    flip = [n for n in c.walk() if isinstance(n, A.KeywordAction)]
    assert [(f.verb, f.what) for f in flip] == [("flip", A.ItRef("it"))]
    assert any("keyword action" in g for g in gap_texts(c))


def test_returned_to_the_battlefield_flipped() -> None:
    c = roundtrip("Tester {4}{R}{R}\nLegendary Creature — Human Monk\nWhen Tester dies, return it to the "
                  "battlefield flipped.\n4/4\n// flip\nTester's Essence {4}{R}{R}\nLegendary Enchantment\n"
                  "Creatures you control get +2/+2.")  # fmt: skip
    (ret,) = [n for n in c.walk() if isinstance(n, A.ReturnTo)]
    assert ret.destination.mods == ("flipped",)


WOLF = """Daybound Wolf {1}{G}
Creature — Wolf
Trample
2/2
//
Nightbound Wolf
Creature — Werewolf
Color indicator: Green
Trample, haste
4/4"""


def test_a_back_face_has_its_color_from_its_color_indicator() -> None:
    """204.2, 202.2: a face with no mana cost has the colors of its color
    indicator, which the engine gives the transformed permanent."""
    from cardtext.interpreter.characteristics import printed_chars

    c = roundtrip(WOLF)
    front, back = c.faces
    assert (front.color_indicator, back.color_indicator) == ((), ("G",))
    assert back.mana_cost is None
    assert printed_chars(back).colors == ("G",)
    assert printed_chars(front).colors == ("G",)
    assert printed_chars(roundtrip(WOLF.replace("Color indicator: Green\n", "")).faces[1]).colors == ()


def test_a_color_indicator_is_written_in_wubrg_order_and_checked() -> None:
    c = card(WOLF.replace("Color indicator: Green", "Color indicator: Green and White"))
    assert c.faces[1].color_indicator == ("W", "G")
    assert render_card(c).splitlines()[7] == "Color indicator: White, Green"
    with pytest.raises(Exception, match="'Purple' is not a color"):
        card(WOLF.replace("Color indicator: Green", "Color indicator: Purple"))


def test_scryfall_color_indicator_becomes_the_line() -> None:
    from cardtext.library import json_card_text

    obj = {"name": "Daybound Wolf // Nightbound Wolf", "layout": "transform", "card_faces": [
        {"name": "Daybound Wolf", "mana_cost": "{1}{G}", "type_line": "Creature — Wolf", "oracle_text": "Trample",
         "power": "2", "toughness": "2"},
        {"name": "Nightbound Wolf", "mana_cost": "", "type_line": "Creature — Werewolf", "color_indicator": ["G"],
         "oracle_text": "Trample, haste", "power": "4", "toughness": "4"}]}  # fmt: skip
    assert json_card_text(obj) == WOLF


def test_an_omen_spell_is_shuffled_into_its_owners_library() -> None:
    """An Omen cast by its spell face: as it resolves, its instructions are
    carried out, then the card is shuffled into its owner's library (not
    exiled on an adventure, 715.3d, nor put into the graveyard)."""
    from cardtext.grammar.parser import parse_text
    from cardtext.interpreter import ScriptedChooser, add_card, cast, new_game, resolve_top

    (c,) = parse_text(OMEN + "\n").cards
    assert not gaps(c)
    game = new_game(chooser=ScriptedChooser())  # type: ignore[arg-type]
    plains = parse_text("Plains\nBasic Land — Plains\n").cards[0]
    for _ in range(2):
        add_card(game, plains, "A", "battlefield")
    omen = add_card(game, c, "A", "hand")
    cast(game, "A", omen.id, face=1)
    resolve_top(game)
    assert sum(1 for o in game.battlefield() if o.token) == 1
    places = [o.zone for o in game.state.objects.values() if o.card is c]
    assert places == ["library"]


@pytest.mark.parametrize(("line", "verb"), [
    ("Whenever this creature deals combat damage to a player, unlock a locked door of up to one target Room you "
     "control.", "unlock a locked door of"),
    ("{T}: Lock or unlock a door of target Room you control. Activate only as a sorcery.", "lock or unlock a door of"),
])  # fmt: skip
def test_a_rooms_door_is_unlocked_by_an_instruction(line: str, verb: str) -> None:
    """709.5f, 709.5g: unlocking (or locking) a door of a Room is an
    instruction with the Room as its object; the engine plays it."""
    c = roundtrip(f"Tester {{2}}{{U}}\nCreature — Spirit\n{line}\n2/2")
    (action,) = [n for n in c.walk() if isinstance(n, A.KeywordAction)]
    assert action.verb == verb
    assert [n.word for n in action.what.walk() if isinstance(n, A.Noun)] == ["Room"]
    assert not any("keyword action" in g for g in gap_texts(c))


# --------------------------------------------------------------------------
# A static ability and "As it enters, ..." on one line (614.12)
# --------------------------------------------------------------------------

CITADEL = """Sunken Citadel
Land — Cave
This land enters tapped. As it enters, choose a color.
{T}: Add one mana of the chosen color."""


def test_a_static_ability_then_as_it_enters_on_one_line_is_two_abilities() -> None:
    """614.1c, 614.12: "This land enters tapped. As it enters, choose a
    color." — two abilities, the second written back on the first one's line."""
    c = roundtrip(CITADEL)
    tapped, as_enters = c.abilities[:2]
    assert isinstance(tapped, A.EntersTapped)
    assert isinstance(as_enters, A.AsEnters) and as_enters.same_line
    assert isinstance(as_enters.object, A.ItRef) and isinstance(as_enters.action, A.ChooseValue)
    assert as_enters.span is not None and as_enters.span.line == tapped.span.line == 3
    assert as_enters.span.column == len("This land enters tapped. ") + 1
    assert "choose a color" not in " ".join(gap_texts(c))


@pytest.mark.parametrize(("text", "canonical"), [
    ("Old Citadel enters the battlefield tapped. As Old Citadel enters the battlefield, choose a color.",
     "Old Citadel enters tapped. As Old Citadel enters, choose a color."),
    ("This creature enters with a +1/+1 counter on it. As this creature enters, choose a creature type.",
     "This creature enters with a +1/+1 counter on it. As this creature enters, choose a creature type."),
])  # fmt: skip
def test_as_enters_after_a_static_ability_of_any_wording(text: str, canonical: str) -> None:
    c = card(f"Old Citadel\nArtifact Creature — Golem\n{text}\n2/2")
    assert len(c.abilities) == 2 and c.abilities[1].same_line
    assert render_card(c).splitlines()[2] == canonical


def test_as_enters_alone_and_on_its_own_line_is_not_on_a_line_before() -> None:
    c = roundtrip("Tardy Banner {2}\nArtifact\nThis artifact enters tapped.\nAs it enters, choose a color.")
    assert not c.abilities[1].same_line
    c = roundtrip("Banner {2}\nArtifact\nAs this artifact enters, choose a color. It enters tapped.")
    assert len(c.abilities) == 1


def test_a_wrong_as_enters_after_a_static_ability_is_an_error_of_the_line() -> None:
    from cardtext.grammar import parse_text

    result = parse_text("Sunken Citadel\nLand\nThis land enters tapped. As it enters, frobnicate a color.\n")
    assert result.errors and result.errors[0].location.line == 3
