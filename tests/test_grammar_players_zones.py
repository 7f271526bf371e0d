"""Grammar-level tests of wordings about players, their choices and the
zones cards go to: each parses a wording, asserts what the AST holds, and
that it renders back byte-identical (grammar/lang/*)."""

from __future__ import annotations

import pytest
from card_helpers import ability, gap_texts, one, one_ability_card, round_trips

from cardtext.grammar import ast as A

# --------------------------------------------------------------------------
# "any number of them", "put one into your hand and the other ..." (607.1)
# --------------------------------------------------------------------------


def test_any_number_of_them_is_of_the_cards_looked_at() -> None:
    """607.1: "any number of them" — as many of the cards looked at as the player picks."""
    text = ("Look at the top five cards of your library. Put any number of them into your graveyard "
            "and the rest back on top of your library in any order.")
    put = [n for n in ability(text, type_line="Sorcery").walk() if isinstance(n, A.LookedCards)]
    assert [(n.word, n.any_number) for n in put] == [("them", True), ("the rest", False)]
    round_trips(text, type_line="Sorcery")


@pytest.mark.parametrize(
    "text",
    [
        "Search your library for two cards. Put one into your hand and the other into your graveyard. Then shuffle.",
        "Search your library for up to two basic land cards, reveal those cards, and put one onto the battlefield "
        "tapped and the other into your hand. Then shuffle.",
    ],
)
def test_put_one_of_the_cards_found(text: str) -> None:
    """607.1: "put one into your hand" is one of the cards found, "of them" unsaid."""
    looked = [n for n in ability(text, type_line="Sorcery").walk() if isinstance(n, A.LookedCards)]
    assert looked[0].bare and looked[0].count.value == 1
    assert looked[1].word == "the other"
    round_trips(text, type_line="Sorcery")


def test_tapped_and_attacking_still_one_way_to_enter() -> None:
    """508.4: "tapped and attacking" is one way a permanent enters, not two instructions."""
    text = "Put target creature card from a graveyard onto the battlefield tapped and attacking."
    dest = one(ability(text, type_line="Sorcery"), A.Destination)
    assert "tapped and attacking" in dest.mods
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "put into a graveyard this way", "put there from the battlefield this turn"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Create a 3/3 green Beast creature token for each creature put into your graveyard from the battlefield "
         "this turn.", "bare"),
        ("Target player loses 2 life for each creature card put into your graveyard this way.", "this way"),
        ("Return to your hand all creature cards in your graveyard that were put there from the battlefield "
         "this turn.", "there"),
        ("Return target creature card in your graveyard that was put into your graveyard from the battlefield "
         "this turn to your hand.", "that"),
    ],
)
def test_put_into_a_zone_as_a_quality(text: str, form: str) -> None:
    """700.4, 608.2c: a card described by how it came to a graveyard; reported as not played."""
    q = one(ability(text, type_line="Sorcery"), A.PutIntoThisTurn)
    assert q.form == form and (q.zone is None) == (form == "there")
    round_trips(text, type_line="Sorcery")
    assert any("PutIntoThisTurn" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


# --------------------------------------------------------------------------
# "each player who ...": a player described by a condition (109.5)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cls", "plural"),
    [
        ("Each player may search their library for a card and put that card into their hand. Then each player who "
         "searched their library this way shuffles it.", A.Happened, False),
        ("Each player who controls six or more lands draws a card.", A.Controls, False),
        ("Players who control more lands than you draw a card.", A.Controls, True),
        ("Each opponent who lost life this turn discards a card.", A.Happened, False),
        ("Each player who sacrificed a creature this way draws two cards.", A.Happened, False),
        ("Each opponent who cast a spell this turn loses 2 life.", A.Happened, None),  # "cast": either number
        ("Each opponent who doesn't control a creature loses 2 life.", A.Controls, False),
        ("Each player who has more life than you discards a card.", A.LifeCompare, False),
    ],
)
def test_who_describes_a_player_by_a_condition(text: str, cls: type, plural: bool | None) -> None:
    """109.5: "each player who controls ..." — the words of a condition, with
    "who" for its subject agreeing with the verb; reported as not played."""
    q = one(ability(text, type_line="Sorcery"), A.WhoQuality)
    assert isinstance(q.condition, cls)
    assert plural is None or one(q, A.Who).plural is plural
    round_trips(text, type_line="Sorcery")
    assert any("WhoQuality" in g or "player reference" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


def test_target_player_who_is_reported() -> None:
    """115.1: a target player described by a condition: the engine doesn't choose by it."""
    text = "Target player who controls more creatures than you draws a card."
    assert "a target player described by what they did or have" in " ".join(gap_texts(one_ability_card(text, "Sorcery")))


def test_shuffles_it_is_the_library_searched() -> None:
    """701.20: "shuffles it" at the end of a sentence: the library (the player's own)."""
    text = "Search your library for a card, put that card into your hand, then shuffle it."
    shuffle = one(ability(text, type_line="Sorcery"), A.Shuffle)
    assert shuffle.form == "it" and shuffle.what is None
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery")) == []


# --------------------------------------------------------------------------
# "play with their hands revealed", "the top card of their libraries" (402.3)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Play with your hand revealed.",
        "Players play with their hands revealed.",
        "Your opponents play with their hands revealed.",
        "Players play with the top card of their libraries revealed.",
    ],
)
def test_play_with_hands_revealed(text: str) -> None:
    """402.3, 401.2: hands and library tops shown to all; reported as not played."""
    n = one(ability(text, type_line="Enchantment"), A.PlayRevealed)
    assert n.hand or isinstance(n.what, A.TopOfLibrary)
    round_trips(text, type_line="Enchantment")
    assert any("PlayRevealed" in g for g in gap_texts(one_ability_card(text, "Enchantment")))


# --------------------------------------------------------------------------
# "... may copy this spell and may choose a new target for that copy"
# --------------------------------------------------------------------------


def test_second_may_shares_the_subject() -> None:
    """608.2d: "That player may copy this spell and may choose a new target for
    that copy": both choices are that player's (707.10c)."""
    text = "Target player discards two cards. That player may copy this spell and may choose a new target for that copy."
    tree = ability(text, type_line="Sorcery")
    may = [n for n in tree.walk() if isinstance(n, A.MayDo)]
    assert len(may) == 2 and all(isinstance(m.player, A.ThatPlayer) for m in may)
    assert one(tree, A.Choose).kind == "a new target"
    from cardtext.grammar.parser import parse_text
    from cardtext.grammar.render import render_card
    from cardtext.testing import wrap_ability

    result = parse_text(wrap_ability(text, type_line="Sorcery") + "\n")
    assert not result.errors
    assert render_card(result.cards[0]).splitlines()[2].startswith(text)  # then the reminder of 707.10


def test_may_with_no_subject_to_share_is_an_error() -> None:
    from cardtext.grammar.parser import parse_text
    from cardtext.testing import wrap_ability

    result = parse_text(wrap_ability("Draw a card and may discard a card.", type_line="Sorcery") + "\n")
    assert result.errors and "'may' with no subject" in str(result.errors[0])


# --------------------------------------------------------------------------
# "you and that player each ...", "tied for the greatest power", "both own and control"
# --------------------------------------------------------------------------


def test_you_and_that_player_are_two_players() -> None:
    """109.5: "You and that player each draw three cards": both players."""
    text = "Choose an opponent. You and that player each draw three cards."
    both = one(ability(text, type_line="Sorcery"), A.BothRef)
    assert isinstance(both.first, A.You) and isinstance(both.second, A.ThatPlayer)
    round_trips(text, type_line="Sorcery")


def test_with_the_greatest_power_or_tied() -> None:
    """"the creature with the greatest power or tied for the greatest power": ties count."""
    text = ("At the beginning of your upkeep, draw a card if you control the creature with the greatest power "
            "or tied for the greatest power.")
    q = one(ability(text), A.WithExtreme)
    assert (q.word, q.stat, q.tied) == ("greatest", "power", True)
    round_trips(text)


def test_tied_for_another_extreme_is_an_error() -> None:
    from cardtext.grammar.parser import parse_text
    from cardtext.testing import wrap_ability

    text = "Destroy the creature with the greatest power or tied for the lowest toughness."
    assert parse_text(wrap_ability(text, type_line="Sorcery") + "\n").errors


def test_both_own_and_control() -> None:
    """108.3, 108.4: "a permanent you both own and control"."""
    text = "Return target permanent you both own and control to its owner's hand."
    q = one(ability(text, type_line="Sorcery"), A.OwnedBy)
    assert q.controlled and not q.not_controlled
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "instead of into that player's graveyard", "cards they exiled this way"
# --------------------------------------------------------------------------


def test_instead_of_into_a_graveyard() -> None:
    """701.6a, 614.1a: a countered spell put elsewhere instead of into its owner's graveyard."""
    text = ("Counter target spell. If that spell is countered this way, put it into its owner's hand instead of "
            "into that player's graveyard.")
    tail = one(ability(text, type_line="Instant"), A.Tail)
    assert tail.word == "instead of into" and isinstance(tail.value, A.Node)
    round_trips(text, type_line="Instant")
    assert any("'instead of into ...'" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_cards_a_player_did_something_to_this_way() -> None:
    """608.2c: "all cards they exiled this way": those that player exiled; reported as not played."""
    text = ("Each player exiles all creature cards from their graveyard, then sacrifices all creatures they control, "
            "then puts all cards they exiled this way onto the battlefield.")
    q = [n for n in ability(text, type_line="Sorcery").walk() if isinstance(n, A.DoneThisWay)]
    assert len(q) == 1 and q[0].verb == "exiled" and isinstance(q[0].by, A.ThemRef)
    round_trips(text, type_line="Sorcery")
    assert any("those of one player" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


# --------------------------------------------------------------------------
# "For each ..., ... unless they pay ...", "Unless you pay ..., ...", "counter ... unless you ..."
# --------------------------------------------------------------------------


def test_for_each_unless() -> None:
    """608.2c: "For each creature, its controller sacrifices it unless they pay X life";
    reported as not played."""
    text = "For each creature, its controller sacrifices it unless they pay X life."
    s = one(ability(text, type_line="Sorcery"), A.LeadSentence)
    assert s.kind == "for each unless" and isinstance(s.condition, A.DoesAction)
    round_trips(text, type_line="Sorcery")
    assert any("for each unless" in g for g in gap_texts(one_ability_card(text, "Sorcery")))


def test_unless_written_first_is_the_same_unless() -> None:
    """608.2c: "Unless you pay {B}{B}{B}, tap this creature" is "tap this creature unless you pay {B}{B}{B}"."""
    first = one(ability("At the beginning of your upkeep, unless you pay {B}{B}{B}, tap Test Card."), A.IfSentence)
    after = one(ability("At the beginning of your upkeep, tap Test Card unless you pay {B}{B}{B}."), A.IfSentence)
    assert first.lead and not after.lead
    assert (first.condition, first.body, first.trailing) == (after.condition, after.body, after.trailing)
    round_trips("At the beginning of your upkeep, unless you pay {B}{B}{B}, tap Test Card.")


@pytest.mark.parametrize(
    ("text", "counter_unless"),
    [
        ("Counter target spell unless its controller pays {3}.", True),
        ("Counter target spell unless you sacrifice a creature.", False),
    ],
)
def test_counter_unless_its_controller_pays_or_another_unless(text: str, counter_unless: bool) -> None:
    """701.6: the counterspell's own "unless its controller pays"; any other "unless" is the sentence's."""
    tree = ability(text, type_line="Instant")
    assert (one(tree, A.CounterSpell).unless_pays is not None) == counter_unless
    assert bool([n for n in tree.walk() if isinstance(n, A.IfSentence)]) != counter_unless
    round_trips(text, type_line="Instant")


# --------------------------------------------------------------------------
# "from their hand and you choose one of them", "move any number of counters",
# "gets -1/-1 and gains your choice of ..."
# --------------------------------------------------------------------------


def test_hand_and_a_next_clause() -> None:
    """"their hand and graveyard" is two zones; "their hand and you choose" ends the zone."""
    text = ("Target player reveals three cards from their hand and you choose one of them. "
            "That player discards that card.")
    tree = ability(text, type_line="Sorcery")
    assert len([n for n in tree.walk() if isinstance(n, A.Choose)]) == 1
    round_trips(text, type_line="Sorcery")
    round_trips("Exile all cards from your hand and graveyard.", type_line="Sorcery")


def test_move_any_number_of_counters() -> None:
    """122.5: the player chooses how many to move; reported as not played."""
    text = "When Test Card enters, move any number of +1/+1 counters from other permanents you control onto Test Card."
    move = one(ability(text), A.MoveCounters)
    assert move.any_number and move.amount is None and move.kind == "+1/+1"
    round_trips(text)
    assert any("moving any number of counters" in g for g in gap_texts(one_ability_card(text)))


def test_pump_and_gain_your_choice() -> None:
    """611.2a: "gets -1/-1 and gains your choice of ..."; reported as not played."""
    text = ("{0}: Until end of turn, Test Card gets -1/-1 and gains your choice of double strike, "
            "protection from red, vigilance, or shadow.")
    pump = one(ability(text), A.Pump)
    (choice,) = pump.keywords
    assert pump.your_choice and len(choice.keywords) == 4 and pump.power == -1
    round_trips(text)


@pytest.mark.parametrize(
    "text",
    [
        "Exile target attacking creature unless its controller pays {X}.",
        "Tap target creature unless its controller pays 2 life.",
    ],
)
def test_unless_its_controller_pays_after_another_instruction(text: str) -> None:
    """608.2c: "unless its controller pays" after an instruction other than "counter" is the sentence's."""
    s = one(ability(text, type_line="Sorcery"), A.IfSentence)
    assert s.trailing == "unless"
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "a creature card of the chosen type", "a token of the chosen color and type" (607.2d)
# --------------------------------------------------------------------------


def test_state_a_card_of_the_chosen_type() -> None:
    """607.2d: "If it's a creature card of the chosen type": reported as not played."""
    text = ("At the beginning of your upkeep, look at the top card of your library. If it's a creature card of the "
            "chosen type, you may reveal it and put it into your hand.")
    state = one(ability(text, type_line="Artifact"), A.State)
    assert state.word == "of the chosen type" and isinstance(state.what, A.StateWord)
    round_trips(text, type_line="Artifact")
    assert any("of the chosen type" in g for g in gap_texts(one_ability_card(text, "Artifact")))


def test_token_of_the_chosen_color_and_type() -> None:
    """607.2d: a token of this object's chosen color and creature type: reported as not played."""
    text = "{5}, {T}: Create a 2/2 creature token of the chosen color and type."
    spec = one(ability(text, type_line="Artifact"), A.TokenSpec)
    assert spec.extra == (("of chosen color and type", None),)
    round_trips(text, type_line="Artifact")
    assert any("tokens with other characteristics" in g for g in gap_texts(one_ability_card(text, "Artifact")))


# --------------------------------------------------------------------------
# "does the same", "The same is true for ..." (608.2c)
# --------------------------------------------------------------------------


def test_does_the_same() -> None:
    """608.2c: "Each opponent attacking that player does the same": reported as not played."""
    text = "Whenever enchanted player is attacked, you draw a card. Each opponent attacking that player does the same."
    same = one(ability(text, type_line="Enchantment — Aura Curse"), A.DoTheSame)
    assert isinstance(same.player, A.Each) and same.what is None
    round_trips(text, type_line="Enchantment — Aura Curse")


def test_the_same_is_true_for_keywords() -> None:
    """"The same is true for first strike, ...": the sentence again for each keyword; reported as not played."""
    text = ("At the beginning of each combat, Test Card gains flying until end of turn if you control a creature "
            "with flying. The same is true for first strike, double strike, and trample.")
    same = one(ability(text), A.SameIsTrue)
    assert len(same.keywords) == 3 and same.what is None
    round_trips(text)
    assert any("SameIsTrue" in g for g in gap_texts(one_ability_card(text)))


def test_the_same_is_true_for_objects() -> None:
    text = "Nonland permanents you control are white. The same is true for nonland cards you own that aren't on the battlefield."
    same = one(ability(text, type_line="Enchantment"), A.SameIsTrue)
    assert same.what is not None and not same.keywords
    round_trips(text, type_line="Enchantment")


def test_causes_you_to_discard() -> None:
    """614.1a: "If a spell or ability an opponent controls causes you to discard [this], ..."
    — whose graveyard "instead of putting it into your graveyard" names is kept."""
    text = ("If a spell or ability an opponent controls causes you to discard Test Card, put it onto the battlefield "
            "instead of putting it into your graveyard.")
    cond = one(ability(text, type_line="Creature — Beast"), A.CausesTo)
    assert isinstance(cond.player, A.You) and isinstance(cond.action, A.Discard)
    round_trips(text, type_line="Creature — Beast")
    assert gap_texts(one_ability_card(text, "Creature — Beast"))


def test_separate_into_two_piles() -> None:
    """700.3: "An opponent separates those cards into two piles. Put one pile into your hand ...";
    reported as not played."""
    text = ("Reveal the top five cards of your library. An opponent separates those cards into two piles. "
            "Put one pile into your hand and the other into your graveyard.")
    tree = ability(text, type_line="Instant")
    assert isinstance(one(tree, A.SeparatePiles).player, A.AnObject | A.PlayerGroup)
    one(tree, A.OnePile)
    round_trips(text, type_line="Instant")
    assert any("SeparatePiles" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_rest_of_the_revealed_cards() -> None:
    """607.1: "the rest of the revealed cards"; reported as not played."""
    text = ("Reveal the top six cards of your library. Put up to three enchantment cards from among them into your "
            "hand and the rest of the revealed cards into your graveyard.")
    one(ability(text, type_line="Sorcery"), A.RestOfRevealed)
    round_trips(text, type_line="Sorcery")
    assert gap_texts(one_ability_card(text, "Sorcery"))


def test_creature_its_blocking() -> None:
    """509.1: "target creature it's blocking" is a creature blocked by it; reported as not played."""
    text = "{T}: Test Card deals 1 damage to target creature it's blocking."
    q = one(ability(text, type_line="Creature — Wall"), A.InCombatWith)
    assert q.how == "blocked by" and q.its_blocking and isinstance(q.other, A.ItRef)
    round_trips(text, type_line="Creature — Wall")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("{T}: Add one mana of any color that a land an opponent controls could produce.", "any color that could produce"),
        ("{T}: Add one mana of any type that a land you control could produce.", "any type that could produce"),
    ],
)
def test_mana_a_land_could_produce(text: str, kind: str) -> None:
    """106.7: mana of a type or color a land could produce, "that" written; reported as not played."""
    add = one(ability(text, type_line="Land"), A.AddManaSpecial)
    assert add.kind == kind and isinstance(add.of, A.AnObject)
    round_trips(text, type_line="Land")
    assert gap_texts(one_ability_card(text, "Land"))


def test_may_draw_up_to_two_cards() -> None:
    """121.2: "Its controller may draw up to two cards": any number up to two; reported as not played."""
    text = "Counter target spell. Its controller may draw up to two cards."
    draw = one(ability(text, type_line="Instant"), A.Draw)
    assert draw.up_to and draw.amount.value == 2
    round_trips(text, type_line="Instant")
    assert any("drawing up to a number of cards" in g for g in gap_texts(one_ability_card(text, "Instant")))


def test_activate_only_during_any_upkeep_step() -> None:
    """602.5b: a timing of any player's upkeep; reported as not played."""
    text = "{2}, Sacrifice a land: Put a +2/+2 counter on target creature. Activate only during any upkeep step."
    round_trips(text, type_line="Artifact")
    assert any("any upkeep step" in g for g in gap_texts(one_ability_card(text, "Artifact")))


def test_target_player_dealt_damage_by_this_is_played() -> None:
    """120.3: "Target player dealt damage by [this] this turn" is read by the engine's choice of targets."""
    card = one_ability_card("{B}: Target player dealt damage by Test Card this turn loses 1 life.")
    assert gap_texts(card) == []


def test_its_a_keeps_its_other_colors_and_types() -> None:
    """205.1b, 105.3: "It's a black Zombie in addition to its other colors and types" keeps the colors too."""
    text = ("Return target creature card from your graveyard to the battlefield. It's a black Zombie in addition to "
            "its other colors and types.")
    its = one(ability(text, type_line="Sorcery"), A.ItsA)
    assert its.also and its.kept == "in addition to its other colors and types"
    round_trips(text, type_line="Sorcery")
    plain = one(ability("Return target creature card from your graveyard to the battlefield. It's a Spirit in addition "
                        "to its other types.", type_line="Sorcery"), A.ItsA)
    assert plain.also and plain.kept == ""
