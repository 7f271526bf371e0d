"""Wordings of recent card sets around replacement effects and character
cards: counters and tokens replaced with more (614.1a, 122.6, 111.2), life
gained "plus 1" (119.10), "that many cards plus one", and the gendered
pronouns of a character card ("he", "him", "his"), which mean "it" and "its".
Each parses, holds what it says in the AST, renders back byte-identical, and
the engine either plays it or the support check names what it can't do."""

from __future__ import annotations

import pytest
from card_helpers import ability, gap_texts, nodes, one, one_ability_card, round_trips

from cardtext.grammar import ast as A
from cardtext.interpreter import ScriptedChooser, add_card, new_game, resolve_top
from cardtext.interpreter.errors import Unsupported

# --------------------------------------------------------------------------
# Counters put instead (614.1a, 122.6)
# --------------------------------------------------------------------------

COUNTER_REPLACEMENTS = [
    "If one or more +1/+1 counters would be put on a creature you control, twice that many +1/+1 counters are put on it instead.",
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.",
    "If one or more counters would be put on an artifact or creature you control, that many plus one of each of those kinds of counters are put on that permanent instead.",
    "If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.",
    "If you would put one or more counters on a permanent or player, put twice that many of each of those kinds of counters on that permanent or player instead.",
    "If you would get one or more counters, you get that many plus one of each of those kinds of counters instead.",
]


@pytest.mark.parametrize("text", COUNTER_REPLACEMENTS)
def test_614_1a_counters_put_instead_read_and_round_trip(text: str) -> None:
    """614.1a: the event (counters that would be put) and what is put
    instead are nodes of their own, with the replaced event's counters as
    "that many" and "those kinds"."""
    tree = ability(text)
    event = one(tree, A.CountersWouldBePut)
    assert event.how == "or more" and event.amount.value == 1
    instead = one(tree, A.CountersInstead)
    assert isinstance(instead.amount, A.Twice | A.Sum)
    round_trips(text)


def test_614_1a_counters_put_instead_keep_who_puts_them() -> None:
    tree = ability(COUNTER_REPLACEMENTS[3])
    event = one(tree, A.CountersWouldBePut)
    assert event.by == "effect" and event.kind == ""
    instead = one(tree, A.CountersInstead)
    assert (instead.form, instead.those) == ("put", "those counters")
    tree = ability(COUNTER_REPLACEMENTS[5])
    event = one(tree, A.CountersWouldBePut)
    assert (event.verb, event.on, type(event.by)) == ("get", None, A.You)
    assert one(tree, A.CountersInstead).those == "each of those kinds of counters"


@pytest.mark.parametrize("text", COUNTER_REPLACEMENTS[:2])
def test_614_1a_a_counter_replacement_is_a_gap_of_the_engine(text: str) -> None:
    """The engine doesn't replace counters yet: the check says so rather
    than the card playing without its replacement."""
    card = one_ability_card(text, "Enchantment")
    assert any("static ability" in g for g in gap_texts(card))


@pytest.mark.parametrize("text", [COUNTER_REPLACEMENTS[0], COUNTER_REPLACEMENTS[3]])
def test_603_7c_that_many_counts_the_replaced_events_counters(text: str) -> None:
    """ "that many" has the replaced event to count: the link check passes."""
    from cardtext.testing import parse_card

    parse_card(f"Test Card {{2}}{{G}}\nEnchantment\n{text}")


# --------------------------------------------------------------------------
# Tokens created instead (614.1a, 111.2)
# --------------------------------------------------------------------------

TOKEN_REPLACEMENTS = [
    "If one or more tokens would be created under your control, twice that many of those tokens are created instead.",
    "If one or more tokens would be created under your control, those tokens plus a Clue token are created instead.",
    "If one or more tokens would be created under your control, those tokens plus a 1/1 green Frog creature token are created instead.",
    "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.",
    "If an effect would create one or more tokens, it creates twice that many of those tokens instead.",
]


@pytest.mark.parametrize("text", TOKEN_REPLACEMENTS)
def test_614_1a_tokens_created_instead_read_and_round_trip(text: str) -> None:
    from cardtext.testing import parse_card

    round_trips(text)
    parse_card(f"Test Card {{2}}{{G}}\nEnchantment\n{text}")  # "that many": the replaced event's (603.7c)
    card = one_ability_card(text, "Enchantment")
    assert any("static ability" in g for g in gap_texts(card))


def test_614_1a_tokens_plus_more_keep_the_token_added() -> None:
    instead = one(ability(TOKEN_REPLACEMENTS[2]), A.TokensInstead)
    assert instead.amount is None
    count, spec = instead.plus
    assert count.value == 1 and (spec.power, spec.toughness, spec.subtypes) == ("1", "1", ("Frog",))
    event = one(ability(TOKEN_REPLACEMENTS[3]), A.EffectWouldCreate)
    assert isinstance(event.under, A.Possessive) and isinstance(event.under.object, A.You)
    assert one(ability(TOKEN_REPLACEMENTS[4]), A.EffectWouldCreate).under is None


# --------------------------------------------------------------------------
# "that much life plus 1", "that many cards plus one" (119.10)
# --------------------------------------------------------------------------


def test_119_10_that_much_life_plus_one_reads_and_round_trips() -> None:
    text = "If you would gain life, you gain that much life plus 1 instead."
    gain = nodes(ability(text), A.GainLife)[-1]
    assert isinstance(gain.amount, A.Sum) and gain.amount.form == "life plus"
    assert isinstance(gain.amount.left, A.ThatMuch) and gain.amount.right.value == 1
    round_trips(text)
    assert gap_texts(one_ability_card(text, "Enchantment")) == []


def test_616_1_doubling_and_adding_to_one_life_gain_is_refused_not_guessed(pool: dict[str, A.Card]) -> None:
    """616.1: "twice that much" and "plus 1" on one event give different
    results in each order, which is the player's; the engine refuses."""
    from cardtext.interpreter.statics import replaced_gain

    game = new_game(chooser=ScriptedChooser())  # type: ignore[arg-type]
    add_card(game, pool["Angel of Vitality"], "A", "battlefield")
    assert replaced_gain(game, "A", 3) == (4, False)
    add_card(game, pool["Boon Reflection"], "A", "battlefield")
    with pytest.raises(Unsupported, match="two kinds"):
        replaced_gain(game, "A", 3)


@pytest.mark.parametrize(
    "text",
    [
        "Discard all the cards in your hand, then draw that many cards plus one.",
        "Draw two cards plus X.",
    ],
)
def test_draw_cards_plus_more(text: str) -> None:
    draw = nodes(ability(text, type_line="Sorcery"), A.Draw)[-1]
    assert isinstance(draw.amount, A.Sum) and draw.amount.form == "cards plus"
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# A character card's "he", "him", "his"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("When Test Card enters, he deals 2 damage to any target.", ["he"]),
        ("When Test Card enters, put a +1/+1 counter on him.", ["him"]),
        ("When Test Card dies, put him on the bottom of his owner's library.", ["him", "his"]),
        ("At the beginning of your end step, if Test Card is tapped, put a +1/+1 counter on her.", ["her"]),
        ("Whenever Test Card attacks, she gets +1/+1 until end of turn.", ["she"]),
    ],
)
def test_gendered_pronouns_mean_it(text: str, words: list[str]) -> None:
    """A character's pronouns are "it" and "its" (the object the ability is
    about), kept as written."""
    tree = ability(text, type_line="Legendary Creature — Human Hero")
    assert [n.word for n in nodes(tree, A.ItRef) if n.word != "it"] == words
    round_trips(text, type_line="Legendary Creature — Human Hero")


def test_him_is_the_creature_itself_in_play(pool: dict[str, A.Card]) -> None:
    """The engine resolves "him" as it resolves "it": the counter goes on
    the creature the trigger is about."""
    from cardtext.interpreter.replacement import put_onto_battlefield
    from cardtext.interpreter.triggers import settle

    card = one_ability_card("When Test Card enters, put a +1/+1 counter on him.", "Legendary Creature — Human Hero")
    assert gap_texts(card) == []
    game = new_game(chooser=ScriptedChooser())  # type: ignore[arg-type]
    hero = add_card(game, card, "A", "hand")
    new = put_onto_battlefield(game, hero, "A")
    settle(game)
    resolve_top(game)
    assert game.obj(new.cid).counters == {"+1/+1": 1}


# --------------------------------------------------------------------------
# "suspected" as an adjective, "no longer suspected" (701.60b)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "{3}{B}{R}, Sacrifice a suspected creature: Target creature gets -5/-5 until end of turn.",
        "Whenever one or more suspected creatures you control attack, surveil 1.",
        "When this creature enters, all suspected creatures are no longer suspected.",
        "Put a +1/+1 counter on target suspected creature you control. You may have it become no longer suspected.",
        "When this Aura enters, untap enchanted creature. If it's suspected, it's no longer suspected.",
    ],
)
def test_701_60b_suspected_describes_and_is_taken_away(text: str) -> None:
    tree = ability(text)
    adjectives = [n for n in tree.walk() if isinstance(n, A.StatusAdj) and n.status == "suspected"]
    assert adjectives or nodes(tree, A.NoLongerSuspected)
    round_trips(text)
    assert not [g for g in gap_texts(one_ability_card(text)) if "suspect" in g.lower()]


def test_701_60b_no_longer_suspected_keeps_its_subject() -> None:
    lost = one(ability("When this creature enters, all suspected creatures are no longer suspected."), A.NoLongerSuspected)
    assert isinstance(lost.what, A.Each) and lost.what.quantifier == "all" and lost.word == "is"
    lost = one(ability("If it's suspected, it's no longer suspected."), A.NoLongerSuspected)
    assert isinstance(lost.what, A.ItRef) and lost.word == "it's"


# --------------------------------------------------------------------------
# Abilities named by their keyword: "an exhaust ability", "a loyalty ability"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Whenever you activate an exhaust ability, draw a card.", "exhaust"),
        ("Whenever you activate a loyalty ability, draw a card.", "loyalty"),
        ("Exhaust abilities of other permanents you control cost {2} less to activate.", "exhaust"),
    ],
)
def test_702_177_abilities_named_by_their_keyword(text: str, word: str) -> None:
    """702.177a (exhaust), 606.3 (loyalty abilities): the ability's keyword
    describes it; the engine doesn't tell abilities by it yet and says so."""
    tree = ability(text)
    assert [n.status for n in tree.walk() if isinstance(n, A.StatusAdj)][0] == word
    round_trips(text)
    assert f"status '{word}'" in " ".join(gap_texts(one_ability_card(text)))


# --------------------------------------------------------------------------
# Excess damage (120.4a), damage dealt "this way"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "to", "excess"),
    [
        ("Test Card deals twice X damage to target creature. If excess damage was dealt to that creature this way, investigate.", True, True),
        ("Test Card deals 6 damage to target creature. If excess damage was dealt this way, draw a card.", False, True),
        ("Test Card deals 2 damage to any target. If a player is dealt damage this way, they discard a card.", True, False),
        ("Test Card deals 2 damage to any target. If a creature is dealt excess damage this way, draw a card.", True, True),
    ],
)
def test_120_4a_excess_damage_dealt_this_way_as_a_condition(text: str, to: bool, excess: bool) -> None:
    cond = one(ability(text, type_line="Sorcery"), A.DealtThisWay)
    assert (cond.object is not None, cond.excess) == (to, excess)
    round_trips(text, type_line="Sorcery")
    assert any("DealtThisWay" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


@pytest.mark.parametrize(
    "text",
    [
        "Test Card deals X damage to target creature. Create a number of tapped Treasure tokens equal to the amount of excess damage dealt to that creature this way.",
        "Test Card deals 4 damage to target attacking or blocking creature. You gain life equal to the excess damage dealt this way.",
    ],
)
def test_120_4a_excess_damage_dealt_this_way_as_an_amount(text: str) -> None:
    one(ability(text, type_line="Sorcery"), A.ExcessDealt)
    round_trips(text, type_line="Sorcery")
    assert any("ExcessDealt" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


@pytest.mark.parametrize("plural", [False, True])
def test_120_4a_dealt_excess_damage_as_a_trigger(plural: bool) -> None:
    text = ("Whenever one or more creatures your opponents control are dealt excess noncombat damage, create a Treasure token."
            if plural else "Whenever a creature an opponent controls is dealt excess damage, draw a card.")
    round_trips(text)
    assert any("excess" in g for g in gap_texts(one_ability_card(text)))


# --------------------------------------------------------------------------
# "for each A and each B": one count of either (107.3)
# --------------------------------------------------------------------------


def test_for_each_of_two_descriptions_counts_both(pool: dict[str, A.Card]) -> None:
    """"gets +1/+1 for each creature you control and each creature card in
    your graveyard" counts the creatures and the cards together."""
    from cardtext.interpreter import power_toughness

    text = "This creature gets +1/+1 for each creature you control and each creature card in your graveyard."
    assert nodes(ability(text), A.Sum)[0].form == "and each"
    round_trips(text)
    card = one_ability_card(text, "Creature — Elf Druid")
    assert gap_texts(card) == []
    game = new_game(chooser=ScriptedChooser())  # type: ignore[arg-type]
    adherents = add_card(game, card, "A", "battlefield")
    add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    for _ in range(3):
        add_card(game, pool["Grizzly Bears"], "A", "graveyard")
    add_card(game, pool["Island"], "A", "graveyard")
    add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    assert power_toughness(game, adherents) == (2 + 2 + 3, 2 + 2 + 3)


def test_for_each_of_two_descriptions_in_a_cost_reduction() -> None:
    text = "This spell costs {1} less to cast for each Cave you control and each Cave card in your graveyard."
    assert nodes(ability(text, type_line="Creature — Leech"), A.Sum)[0].form == "and each"
    round_trips(text, type_line="Creature — Leech")


# --------------------------------------------------------------------------
# "twice": two times (701.36a, 707.10)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When this artifact enters, investigate twice.",
        "When this artifact enters, investigate two times.",
        "Copy target instant or sorcery spell twice. You may choose new targets for the copies.",
    ],
)
def test_twice_is_two_times_as_written(text: str) -> None:
    tree = ability(text, type_line="Artifact")
    counts = [n for n in tree.walk() if isinstance(n, A.Number) and n.value == 2]
    assert counts
    assert counts[0] == A.Number(2)  # "twice" is the number two ...
    assert (counts[0].text == "twice") == ("twice" in text)  # ... as written
    round_trips(text, type_line="Artifact")


def test_701_36a_investigate_twice_creates_two_clues() -> None:
    from cardtext.interpreter.replacement import put_onto_battlefield
    from cardtext.interpreter.triggers import settle

    card = one_ability_card("When this artifact enters, investigate twice.", "Artifact")
    assert gap_texts(card) == []
    game = new_game(chooser=ScriptedChooser())  # type: ignore[arg-type]
    put_onto_battlefield(game, add_card(game, card, "A", "hand"), "A")
    settle(game)
    resolve_top(game)
    assert [o.card.name for o in game.battlefield()].count("Clue") == 2


# --------------------------------------------------------------------------
# "gets +N/+N and ..." with a restriction or a loss of abilities
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Enchanted creature gets +0/+2 and can't be blocked by more than one creature.", "can't be blocked by more than one creature"),
        ("Spiders you control get +1/+1 and can't be blocked by creatures with defender.", "can't be blocked by"),
        ("Equipped creature gets +1/+0 and can't be blocked except by creatures with haste.", "can't be blocked except by"),
    ],
)
def test_509_1b_a_pump_and_a_blocking_restriction_on_the_same_objects(text: str, rule: str) -> None:
    """509.1b: the restriction is on the objects the P/T change is on; the
    static ability applies both."""
    from cardtext.interpreter.characteristics import static_actions

    card = one_ability_card(text, "Enchantment")
    (static,) = card.abilities
    pump, restriction = static_actions(static)
    assert isinstance(restriction, A.Restriction) and restriction.rule == rule and restriction.what == pump.what
    round_trips(text, type_line="Enchantment")
    assert gap_texts(card) == []


@pytest.mark.parametrize(
    ("text", "gap"),
    [
        ("Enchanted creature gets -5/-0 and loses all abilities.", "'loses all abilities' as a static ability"),
        ("Equipped creature gets +3/+3 and loses flying.", None),
        ("Creatures your opponents control get -1/-0 and lose flying.", None),
    ],
)
def test_613_1f_a_pump_and_a_loss_of_abilities(text: str, gap: str | None) -> None:
    """613.1f: the abilities are lost by the objects that get the P/T
    change; the engine plays a static loss of named keywords (layer 6) and
    says that a loss of all abilities is a gap."""
    lost = nodes(ability(text, type_line="Enchantment"), A.LoseAbilities)[0]
    assert lost.what is None
    round_trips(text, type_line="Enchantment")
    found = [g.split(" (line")[0] for g in gap_texts(one_ability_card(text, "Enchantment"))]
    assert found == ([gap] if gap else [])


@pytest.mark.parametrize(
    ("text", "plural"),
    [
        ("Return target card you own in exile that has an Adventure to your hand.", False),
        ("Permanent spells you cast that have an Adventure cost {1} less to cast.", True),
    ],
)
def test_715_1_that_has_an_adventure(text: str, plural: bool) -> None:
    assert nodes(ability(text), A.HasAdventure)[0].plural == plural
    round_trips(text)


@pytest.mark.parametrize(
    "text",
    [
        "Destroy target artifact or enchantment. If its mana value was 2 or less, draw a card.",
        "Counter target spell. If the amount of mana spent to cast that spell was less than its mana value, you draw a card.",
    ],
)
def test_608_2h_an_amount_as_it_was_is_kept_and_reported(text: str) -> None:
    """608.2h: "was" compares the amount as the object last existed, which
    the engine doesn't look back at yet: a gap, never today's amount."""
    assert one(ability(text, type_line="Instant"), A.CompareAmount).was
    round_trips(text, type_line="Instant")
    assert any("608.2h" in g for g in gap_texts(one_ability_card(text, "Instant")))


# --------------------------------------------------------------------------
# "your first, second, or third turn of the game" (500.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ordinals"),
    [
        ("This land enters tapped unless it's your first, second, or third turn of the game.", ("first", "second", "third")),
        ("This land enters tapped unless it's your first turn of the game.", ("first",)),
    ],
)
def test_500_1_a_players_turns_of_the_game_as_a_condition(text: str, ordinals: tuple[str, ...]) -> None:
    turns = nodes(ability(text, type_line="Land"), A.TurnOfGame)[0].turns
    assert isinstance(turns.player, A.You) and turns.ordinals == ordinals
    round_trips(text, type_line="Land")
    assert "condition TurnOfGame" in " ".join(gap_texts(one_ability_card(text, "Land")))


def test_500_1_a_players_turns_of_the_game_as_a_duration() -> None:
    text = "You can't cast Test Card during your first, second, or third turns of the game."
    duration = nodes(ability(text, type_line="Legendary Planeswalker — Jace"), A.Duration)[0]
    assert duration.kind == "during turns of the game" and duration.object.ordinals == ("first", "second", "third")
    round_trips(text, type_line="Legendary Planeswalker — Jace")


# --------------------------------------------------------------------------
# Base power set to an amount (613.4b), "its base power" (208.3)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stats"),
    [
        ("{3}: Until end of turn, this creature's base power becomes equal to the number of Towns you control.", "power"),
        ("{3}: Until end of turn, this creature's base power and toughness become equal to the number of Towns you control.", "power and toughness"),
    ],
)
def test_613_4b_base_power_becomes_equal_to_an_amount(text: str, stats: str) -> None:
    node = one(ability(text, type_line="Creature — Dinosaur"), A.BaseBecomes)
    assert node.stats == stats and node.duration is not None
    round_trips(text, type_line="Creature — Dinosaur")
    assert "instruction BaseBecomes" in " ".join(gap_texts(one_ability_card(text, "Creature — Dinosaur")))


def test_208_3_base_power_as_an_amount_is_a_gap() -> None:
    text = "Whenever this creature attacks, draw cards equal to its base power."
    assert nodes(ability(text), A.PowerOf)[0].stat == "base power"
    round_trips(text)
    assert "base power" in " ".join(gap_texts(one_ability_card(text)))
