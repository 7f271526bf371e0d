"""Conditions the engine asks of the game: whose turn it is (102.1, 500.1)
and who lost life this turn (119.3), each with its quantifier."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_card
from cardtext.interpreter import ScriptedChooser, add_card, cast, new_game, resolve_top
from cardtext.interpreter.state import Game
from cardtext.interpreter.support import gaps


def _card(text: str) -> A.Card:
    card = parse_card(text, "t.card")
    assert not gaps(card), gaps(card)
    return card


@pytest.mark.parametrize(("wording", "active", "draws"), [
    ("it's your turn", "A", 1), ("it's your turn", "B", 0),
    ("it's not your turn", "A", 0), ("it's not your turn", "B", 1),
    ("it's an opponent's turn", "B", 1), ("it's an opponent's turn", "A", 0),
])  # fmt: skip
def test_whose_turn_it_is(wording: str, active: str, draws: int) -> None:
    """500.1: the active player is the player whose turn it is."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    game = new_game(chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    game.state.active = active
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("who", "losers", "draws"), [
    ("an opponent", ("B",), 1), ("an opponent", (), 0),
    ("each opponent", ("B",), 0), ("each opponent", ("B", "C"), 1),
    ("you", ("B", "C"), 0), ("you", ("A",), 1),
])  # fmt: skip
def test_who_lost_life_this_turn(who: str, losers: tuple[str, ...], draws: int) -> None:
    """119.3: "an opponent" asks it of one opponent, "each opponent" of all."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {who} lost life this turn.")
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    for p in losers:
        game.state.life_changes.append((p, -1))
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "active", "has"), [
    ("During your turn, this creature has first strike.", "A", True),
    ("During your turn, this creature has first strike.", "B", False),
    ("During each of your turns, this creature has first strike.", "B", False),
    ("During turns other than yours, this creature has first strike.", "B", True),
    ("During turns other than yours, this creature has first strike.", "A", False),
    ("This creature has first strike during your turn.", "A", True),
])  # fmt: skip
def test_a_static_ability_during_a_turn_applies_only_then(wording: str, active: str, has: bool) -> None:
    """611.3a: a static ability's effect "during your turn" applies as long
    as it's that turn, and not at other times."""
    from cardtext.interpreter.characteristics import has_keyword, power_toughness

    card = _card(f"Test Knight {{1}}{{W}}\nCreature — Human Knight\n{wording}\n2/2")
    assert isinstance(card.abilities[0], A.StaticEffect) and isinstance(card.abilities[0].condition, A.Turn)
    game = new_game(chooser=ScriptedChooser())
    knight = add_card(game, card, "A", "battlefield")
    game.state.active = active
    assert has_keyword(game, knight, "first strike") is has
    assert power_toughness(game, knight) == (2, 2)


@pytest.mark.parametrize(("gains", "draws"), [((2,), 0), ((2, 1), 1), ((3,), 1)])
def test_youve_gained_n_or_more_life_this_turn(gains: tuple[int, ...], draws: int) -> None:
    """119.3: the life gained this turn, added up, against the amount."""
    spell_card = _card("Test Spell {0}\nInstant\nDraw a card if you've gained 3 or more life this turn.")
    game = new_game(chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    game.state.life_changes.extend(("A", n) for n in gains)
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


_LAND = "Test Land\nLand"


def _to_turn(game: Game, turn: int) -> None:
    """Pass until turn ``turn``'s upkeep, then resolve what triggered."""
    from cardtext.interpreter.turns import pass_priority

    while game.state.turn < turn:
        pass_priority(game)
    while game.state.stack:
        resolve_top(game)
_BEAR = "Test Bear {1}{G}\nCreature — Bear\n2/2"


@pytest.mark.parametrize(("wording", "lands", "draws"), [
    ("an opponent controls more lands than you", {"A": 2, "B": 3}, 1),
    ("an opponent controls more lands than you", {"A": 3, "B": 3}, 0),
    ("an opponent controls more lands than you", {"A": 2, "B": 1, "C": 3}, 1),
    ("an opponent controls fewer lands than you", {"A": 2, "B": 3, "C": 3}, 0),
    ("an opponent controls fewer lands than you", {"A": 2, "B": 3, "C": 1}, 1),
    ("you control more lands than each other player", {"A": 3, "B": 2, "C": 2}, 1),
    ("you control more lands than each other player", {"A": 3, "B": 2, "C": 3}, 0),
])  # fmt: skip
def test_controls_more_than(wording: str, lands: dict[str, int], draws: int) -> None:
    """109.4: the permanents of the description each player controls,
    counted and compared ("an opponent": one of them is enough; "each other
    player": all the others)."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    land = _card(_LAND)
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    add_card(game, spell_card, "A", "library")
    for player, n in lands.items():
        for _ in range(n):
            add_card(game, land, player, "battlefield")
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


def test_that_player_controls_more_lands_than_each_other_player() -> None:
    """"each other player" after "that player": the players other than that
    one, not other than the ability's controller."""
    card = _card("Test Pastures {2}{G}\nEnchantment\nAt the beginning of each player's upkeep, if that player "
                 "controls more lands than each other player, that player gains 1 life.")
    land = _card(_LAND)
    game = new_game(chooser=ScriptedChooser())
    add_card(game, card, "A", "battlefield")
    for player, n in (("A", 1), ("B", 2)):
        for _ in range(n):
            add_card(game, land, player, "battlefield")
    for p in ("A", "B"):
        for _ in range(3):
            add_card(game, land, p, "library")
    _to_turn(game, 2)
    assert (game.player("A").life, game.player("B").life) == (20, 21)


@pytest.mark.parametrize(("auras", "power"), [(0, 2), (1, 4)])
def test_as_long_as_this_is_enchanted(auras: int, power: int) -> None:
    """303.4: "as long as [this] is enchanted": an Aura is attached to it
    (an Equipment isn't)."""
    from cardtext.interpreter.characteristics import power_toughness

    card = _card("Test Golem {3}\nArtifact Creature — Golem\nAs long as this creature is enchanted, it gets +2/+2.\n2/2")
    aura = _card("Test Aura {W}\nEnchantment — Aura\nEnchant creature")
    gear = _card("Test Gear {1}\nArtifact — Equipment\nEquip {1}")
    game = new_game(chooser=ScriptedChooser())
    golem = add_card(game, card, "A", "battlefield")
    add_card(game, gear, "A", "battlefield").attached_to = golem.id
    for _ in range(auras):
        add_card(game, aura, "A", "battlefield").attached_to = golem.id
    assert power_toughness(game, golem) == (power, power)


@pytest.mark.parametrize(("colors", "life"), [(("W", "W"), 21), (("W", "G"), 20), ((), 21)])
def test_all_nonland_permanents_you_control_are_white(colors: tuple[str, ...], life: int) -> None:
    """105.2: "if all nonland permanents you control are white": each of
    them is (with none, none is an exception); lands aren't asked about."""
    card = _card("Test Zealots {W}\nLand\nAt the beginning of your upkeep, if all nonland permanents you control "
                 "are white, you gain 1 life.")
    names = {"W": "Test Knight {W}\nCreature — Human Knight\n2/2", "G": _BEAR}
    game = new_game(chooser=ScriptedChooser())
    add_card(game, card, "A", "battlefield")
    for c in colors:
        add_card(game, _card(names[c]), "A", "battlefield")
    for p in ("A", "B"):
        for _ in range(3):
            add_card(game, _card(_LAND), p, "library")
    _to_turn(game, 3)
    assert game.player("A").life == life


@pytest.mark.parametrize(("wording", "hands", "draws"), [
    ("you have more cards in hand than each opponent", {"A": 2, "B": 1, "C": 1}, 1),
    ("you have more cards in hand than each opponent", {"A": 2, "B": 1, "C": 2}, 0),
    ("an opponent has more cards in hand than you", {"A": 2, "B": 1, "C": 3}, 1),
    ("an opponent has more cards in hand than you", {"A": 2, "B": 2, "C": 1}, 0),
    ("you have fewer cards in hand than each opponent", {"A": 0, "B": 1, "C": 1}, 1),
    ("you have fewer cards in hand than each opponent", {"A": 1, "B": 1, "C": 2}, 0),
])  # fmt: skip
def test_more_cards_in_hand_than(wording: str, hands: dict[str, int], draws: int) -> None:
    """402: the numbers of cards in the players' hands, compared as the
    spell resolves (it is on the stack, not in its caster's hand)."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    land = _card(_LAND)
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    add_card(game, land, "A", "library")
    for player, n in hands.items():
        for _ in range(n):
            add_card(game, land, player, "hand")
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == hands["A"] + draws


@pytest.mark.parametrize(("bears", "draws"), [(4, 1), (3, 0)])
def test_creatures_you_control_have_total_power(bears: int, draws: int) -> None:
    """208.1 (formidable): the powers of the creatures you control, added
    up; an opponent's creatures don't count."""
    spell_card = _card("Test Spell {0}\nInstant\nDraw a card if creatures you control have total power 8 or greater.")
    bear = _card(_BEAR)
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    for _ in range(bears):
        add_card(game, bear, "A", "battlefield")
    add_card(game, bear, "B", "battlefield")
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "target", "draws"), [
    ("If it's legendary, draw a card.", "Legendary Creature — Human\n2/2", 1),
    ("If it's legendary, draw a card.", "Creature — Human\n2/2", 0),
    ("If it's red, draw a card.", "Creature — Goblin\n2/2", 1),
    ("If it's red, draw a card.", "Artifact Creature — Golem\n2/2", 0),
    ("If that permanent is white or blue, draw a card.", "Creature — Goblin\n2/2", 0),
    ("If that permanent is red or green, draw a card.", "Creature — Goblin\n2/2", 1),
])  # fmt: skip
def test_it_is_an_adjective_after_it_left(wording: str, target: str, draws: int) -> None:
    """105.2, 205.4, 608.2h: "if it's red", "if it's legendary", "if that
    permanent is red or green": the adjective of the object the instruction
    before acted on, as it was last known when it has left the battlefield."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nReturn target permanent to its owner's hand. {wording}")
    cost = "{1}" if "Artifact" in target else "{R}"
    creature = _card(f"Test Target {cost}\n{target}")
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    victim = add_card(game, creature, "B", "battlefield")
    spell = add_card(game, spell_card, "A", "hand")
    game.chooser = ScriptedChooser(targets=[[victim.id]])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "B")) == 1
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "graveyards", "draws"), [
    ("an opponent has three or more cards in their graveyard", {"A": 3, "B": 2, "C": 3}, 1),
    ("an opponent has three or more cards in their graveyard", {"A": 3, "B": 2, "C": 2}, 0),
    ("each opponent has three or more cards in their graveyard", {"B": 3, "C": 2}, 0),
    ("you have three or more creature cards in your graveyard", {"A": 3, "B": 3}, 1),
    ("you have three or more creature cards in your graveyard", {"A": 2, "B": 3}, 0),
])  # fmt: skip
def test_a_player_has_cards_in_their_graveyard(wording: str, graveyards: dict[str, int], draws: int) -> None:
    """404, 109.2: "an opponent has ten or more cards in their graveyard":
    the cards in the graveyard of the player who has them."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    bear = _card(_BEAR)
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    for player, n in graveyards.items():
        for _ in range(n):
            add_card(game, bear, player, "graveyard")
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("counters", "draws"), [(1, 1), (0, 0)])
def test_if_that_creature_had_a_counter_on_it(counters: int, draws: int) -> None:
    """122.1, 603.10a: "Destroy target creature. If that creature had a +1/+1
    counter on it, ...": the counters on the creature as it last existed."""
    spell_card = _card("Test Spell {0}\nInstant\nDestroy target creature. If that creature had a +1/+1 counter on it, "
                       "draw a card.")
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    victim = add_card(game, _card(_BEAR), "B", "battlefield")
    if counters:
        victim.counters["+1/+1"] = counters
    spell = add_card(game, spell_card, "A", "hand")
    game.chooser = ScriptedChooser(targets=[[victim.id]])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("graveyard", "B")) == 1
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("aimed", "draws"), [(2, 1), (1, 0)])
def test_permanents_have_counters_on_them(aimed: int, draws: int) -> None:
    """122.1: "if two or more permanents you don't control have an aim
    counter on them": the permanents described that have one, counted
    (one of your own doesn't count)."""
    spell_card = _card("Test Spell {0}\nInstant\nDraw a card if two or more permanents you don't control have an aim "
                       "counter on them.")
    bear = _card(_BEAR)
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    add_card(game, bear, "A", "battlefield").counters["aim"] = 1
    for i in range(3):
        add_card(game, bear, "B", "battlefield").counters["aim"] = 1 if i < aimed else 0
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "lives", "draws"), [
    ("an opponent has more life than you", {"A": 20, "B": 21, "C": 19}, 1),
    ("an opponent has more life than you", {"A": 20, "B": 20, "C": 19}, 0),
    ("a player has more life than each other player", {"A": 20, "B": 22, "C": 21}, 1),
    ("a player has more life than each other player", {"A": 20, "B": 22, "C": 22}, 0),
])  # fmt: skip
def test_has_more_life_than(wording: str, lives: dict[str, int], draws: int) -> None:
    """119.1: life totals compared; "each other player" are the others of
    the player compared."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    for player, life in lives.items():
        game.player(player).life = life
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("others", "power"), [(("B", "B", "R"), 2), (("R", "R", "B"), 2), (("R", "R", "R", "B"), 4), ((), 2)])
def test_black_is_the_most_common_color(others: tuple[str, ...], power: int) -> None:
    """105.1: "as long as black is the most common color among all
    permanents or is tied for most common": each permanent counts for each
    of its colors (the Djinn itself, black, too)."""
    from cardtext.interpreter.characteristics import power_toughness

    djinn = _card("Test Djinn {5}{B}\nCreature — Djinn\nThis creature gets -2/-2 as long as black is the most common "
                  "color among all permanents or is tied for most common.\n4/4")
    cards = {"B": "Test Shade {B}\nCreature — Shade\n1/1", "R": "Test Goblin {R}\nCreature — Goblin\n1/1"}
    game = new_game(chooser=ScriptedChooser())
    me = add_card(game, djinn, "A", "battlefield")
    for c in others:
        add_card(game, _card(cards[c]), "B", "battlefield")
    assert power_toughness(game, me)[0] == power


@pytest.mark.parametrize(("target", "destroyed"), [("R", 1), ("G", 0)])
def test_destroy_it_if_it_shares_a_color_with_the_most_common(target: str, destroyed: int) -> None:
    """105.1: "Destroy target creature if it shares a color with the most
    common color among all permanents or a color tied for most common"."""
    spell_card = _card("Test Spell {0}\nInstant\nDestroy target creature if it shares a color with the most common "
                       "color among all permanents or a color tied for most common.")
    cards = {"R": "Test Goblin {R}\nCreature — Goblin\n1/1", "G": _BEAR}
    game = new_game(chooser=ScriptedChooser())
    for _ in range(2):
        add_card(game, _card(cards["R"]), "A", "battlefield")
    victim = add_card(game, _card(cards[target]), "B", "battlefield")
    spell = add_card(game, spell_card, "A", "hand")
    game.chooser = ScriptedChooser(targets=[[victim.id]])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("graveyard", "B")) == destroyed


def _spell(text: str) -> A.Card:
    return _card(f"Test Spell {{0}}\nInstant\n{text}")


def _cast_and_resolve(game: Game, card: A.Card, targets: list[object] | None = None) -> None:
    spell = add_card(game, card, "A", "hand")
    game.chooser = ScriptedChooser(targets=targets)
    cast(game, "A", spell.id)
    resolve_top(game)


@pytest.mark.parametrize(("drawn", "power"), [(2, 4), (1, 2)])
def test_youve_drawn_two_or_more_cards_this_turn(drawn: int, power: int) -> None:
    """121.1: "as long as you've drawn two or more cards this turn"."""
    from cardtext.interpreter.characteristics import power_toughness
    from cardtext.interpreter.zones import draw

    me = _card("Test Sage {1}{U}\nCreature — Human\nThis creature gets +2/+0 as long as you've drawn two or more "
               "cards this turn.\n2/2")
    game = new_game(chooser=ScriptedChooser())
    sage = add_card(game, me, "A", "battlefield")
    for _ in range(3):
        add_card(game, _card(_LAND), "A", "library")
    draw(game, "A", drawn)
    assert power_toughness(game, sage)[0] == power


@pytest.mark.parametrize(("victim", "power"), [("B", 4), ("A", 2)])
def test_youve_committed_a_crime_this_turn(victim: str, power: int) -> None:
    """700.13: targeting an opponent is a crime; targeting your own
    creature isn't."""
    from cardtext.interpreter.characteristics import power_toughness

    me = _card("Test Outlaw {1}{B}\nCreature — Human Rogue\nThis creature gets +2/+0 as long as you've committed a "
               "crime this turn.\n2/2")
    game = new_game(chooser=ScriptedChooser())
    outlaw = add_card(game, me, "A", "battlefield")
    bear = add_card(game, _card(_BEAR), victim, "battlefield")
    _cast_and_resolve(game, _spell("Put a +1/+1 counter on target creature."), [[bear.id]])
    assert power_toughness(game, outlaw)[0] == power


@pytest.mark.parametrize(("before", "life"), [("", 21), ("hand", 20), ("graveyard", 21)])
def test_if_you_havent_cast_a_spell_from_your_hand_this_turn(before: str, life: int) -> None:
    """601.2a: a spell cast from a graveyard (flashback) wasn't cast from
    your hand."""
    from cardtext.interpreter.turns import pass_priority

    keeper = _card("Test Keeper {2}{W}\nEnchantment\nAt the beginning of your end step, if you haven't cast a spell "
                   "from your hand this turn, you gain 1 life.")
    echo = _card("Test Echo {0}\nSorcery\nDraw a card.\nFlashback {0}")
    game = new_game(chooser=ScriptedChooser())
    add_card(game, keeper, "A", "battlefield")
    for _ in range(2):
        add_card(game, _card(_LAND), "A", "library")
    if before:
        spell = add_card(game, echo, "A", before)
        cast(game, "A", spell.id, from_zone=before)
        resolve_top(game)
    while game.state.step != "end":
        pass_priority(game)
    while game.state.stack:
        resolve_top(game)
    assert game.player("A").life == life


@pytest.mark.parametrize(("sacrificed", "draws"), [("artifact", 1), ("creature", 0)])
def test_youve_sacrificed_an_artifact_this_turn(sacrificed: str, draws: int) -> None:
    """701.21a: the permanents you sacrificed this turn, as they last existed."""
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    add_card(game, _card("Test Relic {1}\nArtifact" if sacrificed == "artifact" else _BEAR), "A", "battlefield")
    _cast_and_resolve(game, _spell(f"As an additional cost to cast this spell, sacrifice an {sacrificed}.")
                      if sacrificed == "artifact" else _spell("As an additional cost to cast this spell, sacrifice a "
                                                              "creature."))  # fmt: skip
    assert len(game.zone("graveyard", "A")) == 2
    _cast_and_resolve(game, _spell("Draw a card if you've sacrificed an artifact this turn."))
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "attackers", "draws"), [
    ("you attacked with two or more Bears this turn", ("Bear", "Bear"), 1),
    ("you attacked with two or more Bears this turn", ("Bear", "Giant"), 0),
    ("no creatures attacked this turn", (), 1),
    ("no creatures attacked this turn", ("Giant",), 0),
])  # fmt: skip
def test_attacked_with_this_turn(wording: str, attackers: tuple[str, ...], draws: int) -> None:
    """508.1: the creatures declared as attackers this turn that fit the
    description, as they are now."""
    from cardtext.interpreter.combat import declare_attackers

    kinds = {"Bear": _BEAR, "Giant": "Test Giant {3}{R}\nCreature — Giant\n3/3"}
    game = new_game(chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    ids = []
    for kind in attackers:
        o = add_card(game, _card(kinds[kind]), "A", "battlefield")
        o.sick = False
        ids.append(o.id)
    if ids:
        declare_attackers(game, "A", ids)
    _cast_and_resolve(game, _spell(f"Draw a card if {wording}."))
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("target", "counters"), [("B", 1), ("A", 0)])
def test_this_dealt_damage_to_an_opponent_this_turn(target: str, counters: int) -> None:
    """120.3: "if [this] dealt damage to an opponent this turn"."""
    from cardtext.interpreter.turns import pass_priority

    me = _card("Test Outlaw {1}{R}\nCreature — Human\n{T}: This creature deals 1 damage to any target.\n"
               "At the beginning of each end step, if this creature dealt damage to an opponent this turn, put a "
               "+1/+1 counter on it.\n2/2")
    game = new_game(chooser=ScriptedChooser(targets=[[target]]))
    outlaw = add_card(game, me, "A", "battlefield")
    outlaw.sick = False
    add_card(game, _card(_LAND), "A", "library")
    from cardtext.interpreter import activate

    activate(game, "A", outlaw.id, 1)
    resolve_top(game)
    while game.state.step != "end":
        pass_priority(game)
    while game.state.stack:
        resolve_top(game)
    assert outlaw.counters.get("+1/+1", 0) == counters


@pytest.mark.parametrize(("lost", "draws"), [(True, 1), (False, 0)])
def test_if_they_lost_life_this_turn(lost: bool, draws: int) -> None:
    """119.3: "choose target opponent. If they lost life this turn": the
    player chosen."""
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    add_card(game, _card(_LAND), "A", "library")
    game.state.life_changes.append(("C", -1))
    if lost:
        game.state.life_changes.append(("B", -2))
    _cast_and_resolve(game, _spell("Choose target opponent. If they lost life this turn, draw a card."), [["B"]])
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize("madness", [True, False])
def test_if_its_madness_cost_was_paid(madness: bool) -> None:
    """702.35b: "When [this] enters, if its madness cost was paid": the
    permanent's spell was cast for its madness cost (a permanent keeps how
    its spell was cast, 607.2j); cast from its owner's hand, it wasn't."""
    from cardtext.interpreter.triggers import settle
    from cardtext.interpreter.zones import discard

    scrabbler = _card("Test Scrabbler {3}{B}\nCreature — Zombie\nWhen this creature enters, if its madness cost was "
                      "paid, draw a card.\nMadness {1}{B}\n2/2")
    swamp = _card("Test Swamp\nBasic Land — Swamp\n({T}: Add {B}.)")
    game = new_game(chooser=ScriptedChooser(choices=[True]))
    for _ in range(4):
        add_card(game, swamp, "A", "battlefield")
    for _ in range(2):
        add_card(game, _card(_LAND), "A", "library")
    card = add_card(game, scrabbler, "A", "hand")
    if madness:
        discard(game, "A", card)
        settle(game)
    else:
        cast(game, "A", card.id)
    while game.state.stack:
        resolve_top(game)
    assert [o.card.name for o in game.zone_objects("battlefield", "A") if o.card.name == "Test Scrabbler"]
    assert len(game.zone("hand", "A")) == (1 if madness else 0)


@pytest.mark.parametrize(("named", "draws"), [("Test Land", 1), ("Test Bear", 0)])
def test_if_that_card_has_the_chosen_name(named: str, draws: int) -> None:
    """201.2, 607.2d: "Choose a card name, then target player mills a card.
    If that card has the chosen name, ...": the milled card's name."""
    game = new_game(chooser=ScriptedChooser())
    for _ in range(2):
        add_card(game, _card(_LAND), "A", "library")
    add_card(game, _card(_BEAR), "B", "battlefield")
    add_card(game, _card(_LAND), "B", "library")
    spell = add_card(game, _spell("Choose a card name, then target player mills a card. If that card has the chosen "
                                  "name, you draw a card."), "A", "hand")
    game.chooser = ScriptedChooser(targets=[["B"]], choices=[named])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("graveyard", "B")) == 1
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("zone", "life"), [("graveyard", 21), ("battlefield", 21), ("exile", 20), ("hand", 20)])
def test_if_this_is_in_your_graveyard_or_on_the_battlefield(zone: str, life: int) -> None:
    """113.6b: an ability that says it functions in a graveyard or on the
    battlefield; anywhere else the condition is false."""
    angel = _card("Test Angel {3}{W}\nCreature — Angel\nAt the beginning of your upkeep, if this creature is in your "
                  "graveyard or on the battlefield, you gain 1 life.\n2/2")
    game = new_game(chooser=ScriptedChooser())
    me = add_card(game, angel, "A", zone)
    for p in ("A", "B"):
        for _ in range(3):
            add_card(game, _card(_LAND), p, "library")
    from cardtext.interpreter.conditions import holds
    from cardtext.interpreter.context import Ctx

    cond = angel.abilities[0].condition
    assert holds(Ctx(game, "A", me.id), cond) is (life == 21)


@pytest.mark.parametrize(("equipment", "strikes"), [(2, True), (1, False)])
def test_as_long_as_two_or_more_equipment_are_attached_to_it(equipment: int, strikes: bool) -> None:
    """301.5: the Equipment attached to the object, counted (an Aura isn't one)."""
    from cardtext.interpreter.characteristics import has_keyword

    knight = _card("Test Knight {2}{W}{W}\nCreature — Human Knight\nThis creature has double strike as long as two "
                   "or more Equipment are attached to it.\n3/3")
    gear = _card("Test Gear {1}\nArtifact — Equipment\nEquip {1}")
    aura = _card("Test Aura {W}\nEnchantment — Aura\nEnchant creature")
    game = new_game(chooser=ScriptedChooser())
    me = add_card(game, knight, "A", "battlefield")
    add_card(game, aura, "A", "battlefield").attached_to = me.id
    for _ in range(equipment):
        add_card(game, gear, "A", "battlefield").attached_to = me.id
    assert has_keyword(game, me, "double strike") is strikes



@pytest.mark.parametrize(("counters", "damage"), [(1, 5), (0, 3)])
def test_if_that_creature_has_a_counter_instead(counters: int, damage: int) -> None:
    """608.2c: "deals 3 damage to target creature. If that creature has a
    +1/+1 counter on it, ... deals 5 damage to it instead": the condition is
    told before the sentence it replaces, of the creature that sentence names."""
    spell = _spell("Test Spell deals 3 damage to target creature. If that creature has a +1/+1 counter on it, "
                   "Test Spell deals 5 damage to it instead.")
    game = new_game(chooser=ScriptedChooser())
    giant = add_card(game, _card("Test Giant {5}\nCreature — Giant\n9/9"), "B", "battlefield")
    giant.counters["+1/+1"] = counters
    _cast_and_resolve(game, spell, [[giant.id]])
    assert giant.damage == damage


@pytest.mark.parametrize(("color", "returned"), [("R", 1), ("G", 0)])
def test_return_it_if_that_permanent_shares_a_color(color: str, returned: int) -> None:
    """"Return target permanent to its owner's hand if that permanent shares
    a color with the most common color ...": "that permanent" is the target,
    asked before it is returned."""
    spell = _spell("Return target permanent to its owner's hand if that permanent shares a color with the most "
                   "common color among all permanents or a color tied for most common.")
    cards = {"R": "Test Goblin {R}\nCreature — Goblin\n1/1", "G": _BEAR}
    game = new_game(chooser=ScriptedChooser())
    for _ in range(2):
        add_card(game, _card(cards["R"]), "A", "battlefield")
    victim = add_card(game, _card(cards[color]), "B", "battlefield")
    _cast_and_resolve(game, spell, [[victim.id]])
    assert len(game.zone("hand", "B")) == returned


@pytest.mark.parametrize(("exiled", "returned"), [("creature", 1), ("land", 0)])
def test_if_it_shares_a_card_type_with_the_card_exiled_this_way(exiled: str, returned: int) -> None:
    """602.2b, 205.2a: "the card exiled this way" of an activated ability's
    cost is the card its cost exiled."""
    from cardtext.interpreter import activate

    wisdom = _card("Test Wisdom {1}\nArtifact\n{0}, Exile a card from your hand: Return target card from your "
                   "graveyard to your hand if it shares a card type with the card exiled this way.")
    game = new_game(chooser=ScriptedChooser())
    me = add_card(game, wisdom, "A", "battlefield")
    add_card(game, _card(_BEAR if exiled == "creature" else _LAND), "A", "hand")
    dead = add_card(game, _card(_BEAR), "A", "graveyard")
    game.chooser = ScriptedChooser(targets=[[dead.id]])
    activate(game, "A", me.id, 1)
    resolve_top(game)
    assert len(game.zone("exile", "A")) == 1
    assert len(game.zone("hand", "A")) == returned


def test_whenever_a_creature_you_control_enters_if_you_cast_it() -> None:
    """601.2i: "Whenever a creature you control enters, if you cast it": the
    creature that entered (a token created isn't cast), not the permanent
    the ability is on."""
    ceremony = _card("Test Ceremony {1}{B}\nEnchantment\nWhenever a creature you control enters, if you cast it, "
                     "you gain 1 life.")
    token_maker = _spell("Create a 1/1 white Soldier creature token.")
    game = new_game(chooser=ScriptedChooser())
    add_card(game, ceremony, "A", "battlefield")
    _cast_and_resolve(game, token_maker)
    while game.state.stack:
        resolve_top(game)
    assert game.player("A").life == 20
    bear = add_card(game, _card("Test Bear {0}\nCreature — Bear\n2/2"), "A", "hand")
    cast(game, "A", bear.id)
    while game.state.stack:
        resolve_top(game)
    assert game.player("A").life == 21


@pytest.mark.parametrize("sacrificed", [2, 0])
def test_if_you_sacrificed_permanents_that_much(sacrificed: int) -> None:
    """608.2c: "if you sacrificed one or more permanents this turn, ... deals
    that much damage": the permanents the condition counted."""
    from cardtext.interpreter.turns import pass_priority
    from cardtext.interpreter.zones import sacrifice

    ripper = _card("Test Ripper {1}{B}\nCreature — Zombie\nAt the beginning of your end step, if you sacrificed one "
                   "or more permanents this turn, this creature deals that much damage to target opponent.\n2/2")
    game = new_game(chooser=ScriptedChooser())
    add_card(game, ripper, "A", "battlefield")
    for _ in range(sacrificed):
        sacrifice(game, add_card(game, _card(_BEAR), "A", "battlefield"))
    while game.state.step != "end":
        pass_priority(game)
    while game.state.stack:
        resolve_top(game)
    assert game.player("B").life == 20 - sacrificed


@pytest.mark.parametrize(("before", "destroyed"), [(2, 1), (1, 0)])
def test_put_a_counter_on_enchanted_creature_then_that_creature(before: int, destroyed: int) -> None:
    """608.2c: "put a +1/+0 counter on enchanted creature. If that creature
    has three or more +1/+0 counters on it, destroy that creature": "that
    creature" is the one the counter was put on."""
    ferocity = _card("Test Ferocity {1}{R}\nEnchantment — Aura\nEnchant creature\nAt the beginning of your upkeep, "
                     "put a +1/+0 counter on enchanted creature. If that creature has three or more +1/+0 counters "
                     "on it, destroy that creature.")
    game = new_game(chooser=ScriptedChooser())
    bear = add_card(game, _card(_BEAR), "B", "battlefield")
    bear.counters["+1/+0"] = before
    add_card(game, ferocity, "A", "battlefield").attached_to = bear.id
    for p in ("A", "B"):
        for _ in range(3):
            add_card(game, _card(_LAND), p, "library")
    _to_turn(game, 3)
    assert len(game.zone("graveyard", "B")) == destroyed


@pytest.mark.parametrize(("pays", "life"), [(False, 13), (True, 20)])
def test_if_this_is_destroyed_this_way(pays: bool, life: int) -> None:
    """608.2c: "destroy [this] unless you pay {1}. If [this] is destroyed
    this way, it deals 7 damage to you": only if it was."""
    horror = _card("Test Horror {3}{B}\nCreature — Horror\nAt the beginning of your upkeep, destroy this creature "
                   "unless you pay {1}. If this creature is destroyed this way, it deals 7 damage to you.\n7/7")
    game = new_game(chooser=ScriptedChooser(choices=[pays]))
    add_card(game, horror, "A", "battlefield")
    add_card(game, _card("Test Swamp\nBasic Land — Swamp\n({T}: Add {B}.)"), "A", "battlefield")
    for p in ("A", "B"):
        for _ in range(3):
            add_card(game, _card(_LAND), p, "library")
    _to_turn(game, 3)
    assert game.player("A").life == life
    assert len(game.zone("graveyard", "A")) == (0 if pays else 1)


@pytest.mark.parametrize(("returned", "draws"), [("Desert", 1), ("Plain", 0)])
def test_if_another_desert_was_returned_this_way(returned: str, draws: int) -> None:
    """608.2c: the land returned by the instruction before, described."""
    nomad = _card("Test Nomad {0}\nCreature — Human\nWhen this creature enters, return a land you control to its "
                  "owner's hand. If another Desert was returned this way, draw a card.\n1/1")
    land = _card("Test Desert\nLand — Desert" if returned == "Desert" else _LAND)
    game = new_game(chooser=ScriptedChooser())
    add_card(game, land, "A", "battlefield")
    add_card(game, _card(_LAND), "A", "library")
    me = add_card(game, nomad, "A", "hand")
    cast(game, "A", me.id)
    while game.state.stack:
        resolve_top(game)
    assert len(game.zone("hand", "A")) == 1 + draws


@pytest.mark.parametrize("how", ["attacked", "blocked", "neither"])
def test_if_this_attacked_or_blocked_this_turn(how: str) -> None:
    """508.1, 509.1: declared as an attacker or as a blocker this turn."""
    from cardtext.interpreter.combat import declare_attackers, declare_blockers
    from cardtext.interpreter.turns import pass_priority

    hellion = _card("Test Hellion {3}{R}\nCreature — Hellion\nAt the beginning of each end step, if this creature "
                    "attacked or blocked this turn, you gain 1 life.\n3/3")
    game = new_game(chooser=ScriptedChooser())
    me = add_card(game, hellion, "B" if how == "blocked" else "A", "battlefield")
    bear = add_card(game, _card(_BEAR), "A", "battlefield")
    me.sick = bear.sick = False
    if how != "neither":
        declare_attackers(game, "A", [me.id if how == "attacked" else bear.id])
        declare_blockers(game, "B", [(me.id, bear.id)] if how == "blocked" else [])
    while game.state.step != "end":
        pass_priority(game)
    while game.state.stack:
        resolve_top(game)
    assert game.player(me.controller).life == (20 if how == "neither" else 21)


@pytest.mark.parametrize(("keyword", "life"), [("Flying", 22), ("Reach", 20)])
def test_if_that_creature_has_flying(keyword: str, life: int) -> None:
    """702.9: "If that creature has flying, ...": the keyword of the creature
    the instruction before named, as it is now."""
    spell = _spell("Test Spell deals 1 damage to target creature. If that creature has flying, you gain 2 life.")
    game = new_game(chooser=ScriptedChooser())
    bird = add_card(game, _card(f"Test Bird {{1}}{{U}}\nCreature — Bird\n{keyword}\n2/2"), "B", "battlefield")
    _cast_and_resolve(game, spell, [[bird.id]])
    assert bird.damage == 1
    assert game.player("A").life == life


def test_a_static_ability_whose_condition_is_a_keyword_is_a_gap() -> None:
    """613: "as long as it has defender" in a static ability depends on the
    static abilities that grant keywords: reported, not played."""
    from cardtext.testing import parse_card

    card = parse_card("Test Gargoyle {5}\nArtifact Creature — Gargoyle\nDefender\nThis creature has indestructible "
                      "as long as it has defender.\n3/4", link=False)
    assert any("HasKeyword of a static ability" in str(g) for g in gaps(card))
