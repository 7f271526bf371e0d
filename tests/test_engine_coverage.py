"""The engine can carry out every ability and instruction of every bundled
card of the project's mechanics (the designs of designs.card test the card
language: what of them the engine plays is counted, not required).

The check (:mod:`cardtext.interpreter.support`) asks the tables the engine dispatches
through while it plays — instructions, triggers, conditions, quantities,
kinds of ability — so it can't drift from what the engine really does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.interpreter import effects, triggers
from cardtext.interpreter.support import gaps
from cardtext.library import BUNDLED as BUNDLED_DIR
from cardtext.library import card_files, parse_path

TEST_CARDS = Path(__file__).parent / "cards"


def _test_cards() -> list:
    out = []
    for path in card_files([TEST_CARDS]):
        result = parse_path(path)
        assert not result.errors, result.errors
        out.extend(result.cards)
    return out


DESIGNS = BUNDLED_DIR / "designs.card"
BUNDLED = [c for path in card_files([BUNDLED_DIR]) if path != DESIGNS for c in parse_path(path).cards]


@pytest.mark.parametrize("card", BUNDLED, ids=[c.name for c in BUNDLED])
def test_engine_supports_every_bundled_card(card) -> None:
    found = [str(g) for g in gaps(card)]
    assert not found, f"{card.name}: the engine can't carry out {found}"


def test_a_delayed_tail_is_a_gap_not_a_silent_now() -> None:
    """ "Return target creature to its owner's hand at the beginning of the
    next main phase": the delay (603.7) is written as the clause's tail; an
    engine that doesn't carry out that delay must say so, not return it now
    (the next end step or upkeep it carries out, :mod:`cardtext.interpreter.delayed`)."""
    text = ("Test Card {1}{U}\nSorcery\nReturn target creature to its owner's hand at the beginning "
            "of the next {}.\n")  # fmt: skip
    (card,) = parse_text(text.replace("{}", "main phase")).cards
    assert [str(g) for g in gaps(card)] == [
        "an instruction delayed until the beginning of the next main phase (line 3, column 1)"
    ]
    (card,) = parse_text(text.replace("{}", "end step")).cards
    assert gaps(card) == []
    several = ("Test Card {1}{U}\nSorcery\nExile all creatures. Return them to the battlefield under their "
               "owners' control at the beginning of the next end step.\n")  # fmt: skip
    (card,) = parse_text(several).cards
    assert "a delayed instruction about several objects" in [g.what for g in gaps(card)]


def test_engine_supports_every_test_card() -> None:
    found = {c.name: [str(g) for g in gaps(c)] for c in _test_cards()}
    assert not {k: v for k, v in found.items() if v}


def test_the_engine_knows_where_each_kind_of_ability_applies() -> None:
    """The kinds of ability the check accepts are the kinds the engine carries out while it plays."""
    from cardtext.interpreter.characteristics import ABILITY_KINDS
    from cardtext.interpreter.support import ABILITIES

    assert set(ABILITIES) == set(ABILITY_KINDS)


def test_a_permanent_with_an_ability_the_engine_cant_carry_out_is_unsupported(pool: dict[str, A.Card]) -> None:
    """Never a silent no-op: with such a permanent on the battlefield, the game's effects can't be worked out."""
    from cardtext.interpreter import Unsupported, add_card, new_game, power_toughness

    card = one("Warden {1}{W}\nCreature — Human\nPlayers can't gain life.\n2/2")
    assert [g.what for g in gaps(card)] == ["a static ability 'can't gain life'"]
    game = new_game()
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    add_card(game, card, "B", "battlefield")
    with pytest.raises(Unsupported, match="can't gain life"):
        power_toughness(game, bears)


def one(text: str):
    result = parse_text(text, "t.card")
    assert not result.errors, result.errors
    (card,) = result.cards
    return card


def test_combat_triggers_are_supported_through_the_trigger_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Whenever this creature attacks" (508.1m) and "deals combat damage to a
    player" (510.3a) are in the engine's trigger table; without it, each is a
    gap, with its place."""
    from cardtext.grammar import ast as A

    card = one("Raider {1}{R}\nCreature — Human\nWhenever this creature attacks, draw a card.\n2/2")
    thief = one("Thief {2}{U}\nCreature — Rogue\nWhenever this creature deals combat damage to a player, draw a card.\n1/3")
    assert gaps(card) == [] and gaps(thief) == []
    monkeypatch.delitem(triggers.TRIGGERS, A.AttacksTrigger)
    monkeypatch.delitem(triggers.TRIGGERS, A.DealsCombatDamageTrigger)
    (gap,) = gaps(card)
    assert gap.what == "trigger AttacksTrigger"
    assert "line 3" in str(gap)
    assert [g.what for g in gaps(thief)] == ["trigger DealsCombatDamageTrigger"]


def test_the_check_reads_the_tables_the_engine_runs_with(monkeypatch: pytest.MonkeyPatch) -> None:
    """Take an instruction out of the engine's dispatch table and the check sees it."""
    from cardtext.grammar import ast as A

    card = one("Lesson {U}\nSorcery\nDraw a card.")
    assert gaps(card) == []
    monkeypatch.delitem(effects.ACTIONS, A.Draw)
    assert [g.what for g in gaps(card)] == ["instruction Draw"]
    monkeypatch.delitem(triggers.TRIGGERS, A.EntersTrigger)
    bird = one("Bird {U}\nCreature — Bird\nWhen this creature enters, you gain 1 life.\n1/1")
    assert [g.what for g in gaps(bird)] == ["trigger EntersTrigger"]


@pytest.mark.parametrize(
    "text",
    [
        "Lander {G}\nSorcery\nSearch your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
        "Birdy {G}\nCreature — Bird\n{T}: Add one mana of any color.\n1/1",
        "Milly {U}\nCreature — Bird\nAs Milly enters, mill two cards.\n1/1",
        "Cloaker {2}{W}\nSorcery\nCloak the top card of your library.",
        "Skip {U}\nSorcery\nYou skip your next turn.",
        "Incubator {3}\nArtifact\nAs Incubator enters, choose a creature type.\n"
        "Creature spells of the chosen type cost {2} less to cast.",
        "Cleric {3}\nCreature — Bird Cleric\nWhen this creature is turned face up, draw a card.\nMorph {2}\n2/2",
        "Spelly {R}\nInstant\nKicker {2}\nIf this spell was kicked, it has split second.\nSpelly deals 2 damage to any target.",
        "Skizzik {3}{R}\nCreature — Elemental\nKicker {R}\nTrample, haste\n"
        "At the beginning of the end step, sacrifice Skizzik unless it was kicked.\n5/3",
        "Ambush {1}{U}\nInstant\nKicker {2}\nCounter target spell if it was kicked.",
        "Blast {R}\nInstant\nBlast deals 2 damage to target creature. It also deals 2 damage to that creature's controller.",
    ],
    ids=lambda t: t.split(" ", 1)[0],
)
def test_constructs_the_grammar_accepts_are_supported(text: str) -> None:
    assert [str(g) for g in gaps(one(text))] == []


def test_a_transforming_card_is_checked_on_both_faces() -> None:
    """711.4a, 701.27: a transforming card is cast by its front face and its
    back face is reached by transforming it ("transform it" is played), so
    both faces are checked (here: a number on the back face, line 9); a
    modal double-faced card is cast by either face (712.11b), so each face
    is checked, and each half of an aftermath card (702.127a)."""
    transform = ("Test Acolyte {1}{R}\nCreature — Human\nTrample\nWhen this creature enters, transform it.\n2/1\n"
                 "//\nTest Pyromancer\nCreature — Human\n{T}: Draw a card for each creature type among creatures you control.\n4/3\n")  # fmt: skip
    (card,) = parse_text(transform).cards
    assert [str(g) for g in gaps(card)] == ["quantity GameCount ('creature type') (line 9, column 27)"]
    modal = ("Test Envoy {2}{U}\nCreature — Merfolk\n2/2\n// modal\nTest Haven {1}{U}\nSorcery\n"
             "Test Haven deals 2 damage to any target. Then draw a card for each creature type among creatures you control.\n")  # fmt: skip
    (card,) = parse_text(modal).cards
    assert [g.what for g in gaps(card)] == ["quantity GameCount ('creature type')"]
    aftermath = ("Test Start {1}{W}\nSorcery\nYou gain 2 life.\n// aftermath\nTest Finish {2}{B}\nSorcery\n"
                 "Target player loses 2 life.\n")  # fmt: skip
    (card,) = parse_text(aftermath).cards
    assert gaps(card) == []


def test_a_snow_cost_is_a_gap_not_paid_by_any_mana() -> None:
    """107.4h: {S} is paid with mana from a snow source, which the engine doesn't track: a gap, never generic mana."""
    (card,) = parse_text("Test Snow {S}{G}\nSnow Creature — Bear\n2/2\n").cards
    assert [g.what for g in gaps(card)] == ["paying {S} (mana from a snow source, 107.4h)"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("For each time this spell was kicked, you gain 1 life.", []),
        ("For each creature you control, you gain 1 life.", []),
        ("For each opponent, that player loses 1 life.", []),
        ("For each creature you control, put a +1/+1 counter on it.", []),
        ("For each opponent, target creature that player controls gets -1/-1 until end of turn.",
         ["'For each ..., ...' whose instructions refer to each one ('it', 'that player')"]),
    ],
)
def test_608_2c_for_each_lead_is_played_unless_its_instructions_name_each_one(line: str, expected: list[str]) -> None:
    """"For each T, [instructions]." is the instructions done once for each
    T, counted as the sentence begins, "it" and "that player" being each
    object or player in turn; with a target in them (one for each, chosen
    as it is cast, 601.2c), the engine says it can't bind them yet."""
    (card,) = parse_text(f"Test Spell {{1}}{{W}}\nSorcery\nKicker {{1}}\n{line}\n").cards
    assert [g.what for g in gaps(card)] == expected


def test_207_2c_an_ability_word_has_no_rules_meaning() -> None:
    """"Threshold — [ability]" is the ability: played as it, with no gap of its own."""
    from cardtext.interpreter.keywords import all_abilities

    text = "Test Bear {1}{G}\nCreature — Bear\nThreshold — This creature gets +1/+1 as long as you control a Forest.\n2/2\n"
    (card,) = parse_text(text).cards
    (ability,) = all_abilities(card)
    assert isinstance(card.abilities[0], A.AbilityWord)
    assert not isinstance(ability, A.AbilityWord)
    assert gaps(card) == []
    from cardtext.interpreter import add_card, new_game, power_toughness

    (forest,) = parse_text("Forest\nBasic Land — Forest\n").cards
    game = new_game()
    bear = add_card(game, card, "A", "battlefield")
    assert power_toughness(game, bear) == (2, 2)
    add_card(game, forest, "A", "battlefield")
    assert power_toughness(game, bear) == (3, 3)


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("Tiered", "keyword tiered"),  # 702.183
        ("Mobilize X, where X is the number of creature cards in your graveyard.", "keyword mobilize"),  # 702.181
        ("Gift a Clue", "keyword gift (a Clue)"),  # 702.174: a gift the engine doesn't know
        ("Craft with artifact {2}", "keyword craft"),  # 702.167
        # 702.178a: a max speed ability that functions in a graveyard makes the max speed ability function there
        ("Max speed — {3}, Exile this card from your graveyard: Draw a card.",
         "a static ability that gives an ability functioning outside the battlefield (702.178a, 113.6)"),
    ],
)
def test_a_keyword_the_engine_has_no_rules_for_is_a_gap(line: str, what: str) -> None:
    """A keyword of the table that the engine doesn't carry out is reported,
    not played as if it weren't there."""
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert what in [g.what for g in gaps(card)]


def test_a_keyword_condition_the_engine_has_no_rules_for_is_a_gap() -> None:
    card = one("Test Card {R}\nInstant\nDraw a card. If a spell was blitzed this turn, draw a card.")
    assert "condition 'was blitzed' this turn" in [g.what for g in gaps(card)]
    card = one("Test Card {R}\nInstant\nMayhem {1}{R}\nIf this spell's mayhem cost was paid, draw a card.")
    assert "condition 'its mayhem cost was paid' (paid)" in [g.what for g in gaps(card)]


@pytest.mark.parametrize("line", ["Gift a card", "Gift a tapped Fish", "Gift a Food", "Gift a Treasure", "Gift an extra turn"])
def test_a_gift_the_engine_knows_is_no_gap(line: str) -> None:
    """702.174e-m: the gifts the engine gives, and "if the gift was promised" (702.174b)."""
    card = one(f"Test Card {{R}}\nInstant\n{line}\nIf the gift was promised, draw a card.")
    assert gaps(card) == []


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("{1}{R}, {T}: Target creature you control gains firebending 4 until end of turn.",
         "keyword firebending given to an object (613.1f): the abilities it stands for"),
        ("When this creature enters, create a 1/1 red Goblin creature token with training.", "keyword training"),
    ],
)
def test_a_granted_keyword_the_engine_has_no_rules_for_is_a_gap(line: str, what: str) -> None:
    """613.1f: a keyword given to another object is checked as the object's own would be."""
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert what in [g.what for g in gaps(card)]


def test_a_granted_keyword_the_engine_plays_is_no_gap() -> None:
    card = one("Test Card {2}\nCreature — Test\n{1}: Target creature gains flying until end of turn.\n2/2")
    assert gaps(card) == []


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("{2}, {T}: Target creature you control becomes saddled.",
         "instruction Becomes: becoming saddled with other changes, or for other than until end of turn"),
        ("{T}: Target instant card in your graveyard gains flashback until end of turn. "
         "The flashback cost is equal to its mana cost.", "sentence KeywordCostIs"),
    ],
)
def test_a_keyword_designation_or_cost_the_engine_has_no_rules_for_is_a_gap(line: str, what: str) -> None:
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert any(g.what.startswith(what) for g in gaps(card))


@pytest.mark.parametrize(
    "line",
    [
        "{2}, {T}: Target creature you control becomes saddled until end of turn.",
        "This creature saddles Mounts and crews Vehicles as though its power were 2 greater.",
        "This creature saddles Mounts and crews Vehicles using its toughness rather than its power.",
        "Whenever this creature attacks while saddled, draw a card.",
        "Whenever this creature becomes saddled, draw a card.",
        "As long as this creature is saddled, it has flying.",
        "Saddle 2",
    ],
)
def test_702_171_saddle_and_crewing_as_though_are_played(line: str) -> None:
    """702.171a, 702.171b: saddle, the saddled designation until end of
    turn, "attacks while saddled"; 702.122a, 702.171a: how a creature's
    power counts toward crew and saddle costs."""
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert gaps(card) == []


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("Whenever this creature attacks while you control a token, draw a card.", A.WhileTrigger),
        ("Whenever you cast a spell during an opponent's turn, draw a card.", A.DuringTrigger),
        ("Whenever you commit a crime during your turn, draw a card.", A.DuringTrigger),
        ("Whenever this creature attacks for the first time each turn, draw a card.", A.NthTimeTrigger),
    ],
)
def test_603_2_a_narrowed_trigger_is_supported_through_the_trigger_table(
    line: str, kind: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    """603.2: "while [condition]", "during [a turn]", "for the first time
    each turn" narrow the trigger event; each is played by its entry in the
    engine's trigger table, and without it is a gap."""
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert gaps(card) == []
    monkeypatch.delitem(triggers.TRIGGERS, kind)
    assert [g.what for g in gaps(card)] == [f"trigger {kind.__name__}"]


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("Whenever you gain life for the first time each turn, draw a card.",
         "trigger 'for the first time each turn' of an event not about [this]"),
        ("Whenever you cast a spell during the end step, draw a card.", "trigger during the end step"),
        ("Whenever this creature attacks while you're the monarch, draw a card.", "condition YouAreMonarch"),
    ],
)
def test_603_2_a_narrowing_the_engine_cant_tell_is_a_gap(line: str, what: str) -> None:
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert any(g.what.startswith(what) for g in gaps(card)), gaps(card)


def test_603_2_triggers_only_once_each_turn_is_a_rule_of_a_triggered_ability_only() -> None:
    """ "This ability triggers only once each turn.": kept as the ability's
    event happens (cardtext.interpreter.triggers); in an ability that
    doesn't trigger it would say nothing the engine does, so it is a gap."""
    trig = one("Test Card {2}\nCreature — Test\nWhenever you commit a crime, draw a card. "
               "This ability triggers only once each turn.\n2/2")
    assert gaps(trig) == []
    spell = one("Test Spell {2}\nSorcery\nDraw a card. This ability triggers only once each turn.")
    assert [g.what for g in gaps(spell)] == ["'This ability triggers only once each turn.' other than in a triggered ability"]


@pytest.mark.parametrize(
    ("line", "plays"),
    [
        ("When this creature enters, if you attacked this turn, draw a card.", True),
        ("At the beginning of your end step, if this creature attacked this turn, draw a card.", True),
        ("At the beginning of your end step, if an opponent attacked this turn, draw a card.", True),
        ("At the beginning of your end step, if each opponent attacked this turn, draw a card.", False),
    ],
)
def test_508_1_if_a_player_attacked_this_turn(line: str, plays: bool) -> None:
    """Raid: the attackers declared this turn (508.1), by player or [this];
    "each opponent" (every one of them) is a gap."""
    card = one(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2")
    assert (gaps(card) == []) is plays


def test_harmonize_on_a_permanent_card_is_a_gap() -> None:
    """702.180a: a permanent spell cast with harmonize is exiled as it would
    leave the stack, which the engine doesn't play; on a sorcery it plays."""
    card = one("Test Card {2}\nCreature — Test\nHarmonize {3}\n2/2")
    assert "harmonize on a permanent card (702.180a: the spell exiled as it resolves)" in [g.what for g in gaps(card)]
    assert gaps(one("Test Card {2}\nSorcery\nDraw a card.\nHarmonize {3}")) == []


def test_a_delayed_instruction_the_engine_cant_fix_is_a_gap() -> None:
    """603.7c: a delayed instruction is about what its references meant as
    it was created.  "Destroy it and [this] at end of combat" joins "it" with
    another object, and "flip a coin at end of combat. If you lose the flip,
    ..." reads the flip in a sentence carried out now: both are gaps, not
    instructions carried out about the wrong objects or without their result."""
    joined = ("Sapper Test {1}{R}\nCreature — Goblin\n{T}: Target creature you control can't be blocked "
              "this turn. Destroy it and Sapper Test at end of combat.\n1/1\n")  # fmt: skip
    (card,) = parse_text(joined).cards
    assert "a delayed instruction about 'it' joined with other objects" in [g.what for g in gaps(card)]
    flip = ("Flip Test {1}{R}\nCreature — Efreet\nWhenever this creature attacks or blocks, flip a coin at end "
            "of combat. If you lose the flip, an opponent gains control of this creature.\n1/1\n")  # fmt: skip
    (card,) = parse_text(flip).cards
    assert "a delayed coin flip" in [g.what for g in gaps(card)]
    kites = ("Kites Test {1}{U}\nEnchantment\n{U}: Target creature you control gains flying until end of turn. "
             "Flip a coin at the beginning of the next end step. If you lose the flip, sacrifice that creature.\n")
    (card,) = parse_text(kites).cards
    assert "a delayed coin flip" in [g.what for g in gaps(card)]
    (card,) = parse_text(flip.replace(" at end of combat", "")).cards
    assert gaps(card) == []


def test_115_1_a_target_player_described_by_more_is_a_gap() -> None:
    """ "Target player other than [this]'s owner": the targeting refuses such
    a player description in play, so the check reports it."""
    card = one("Test Crown {3}\nArtifact\n{2}: Target player other than Test Crown's owner gains control of it.")
    assert "a target player described by what they did or have" in [g.what for g in gaps(card)]
