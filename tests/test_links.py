"""The static link check (interpreter/links.py): a linked reference with
nothing to refer to is an author's error, located like a compiler's
"undefined name" (rules K4, K5, K6, L-a, L-i; CR 607, 702.33)."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.errors import LinkError
from cardtext.grammar.parser import parse_card
from cardtext.interpreter.links import check_card
from cardtext.library import bundled_cards


def check(text: str) -> list[LinkError]:
    return check_card(parse_card(text, "test.card"), "test.card", text)


def one_error(text: str) -> LinkError:
    errors = check(text)
    assert len(errors) == 1, [e.format() for e in errors]
    return errors[0]


def bundled(name: str) -> A.Card:
    (card,) = [c for c in bundled_cards() if c.name == name]
    return card


# --------------------------------------------------------------------------
# K5: "was kicked" needs a kicker on the same card
# --------------------------------------------------------------------------


def test_k5_if_this_spell_was_kicked_without_kicker() -> None:
    text = "Test Card {1}{G}\nSorcery\nDraw a card. If this spell was kicked, draw two cards instead.\n"
    err = one_error(text)
    assert (err.file, err.line, err.column) == ("test.card", 3, 17)
    assert err.text == "this spell was kicked"
    assert "no" in err.message and "kicker" in err.message and "K5" in err.message
    assert "    " + " " * 16 + "^" * len("this spell was kicked") in err.format().splitlines()


def test_k5_intervening_if_kicked_without_kicker() -> None:
    text = "Test Card {1}{G}\nCreature — Elf\nWhen Test Card enters, if it was kicked, draw a card.\n1/1\n"
    err = one_error(text)
    assert (err.line, err.column, err.text) == (3, 27, "it was kicked")


def test_k5_if_name_was_kicked_enters_with_counters_without_kicker() -> None:
    text = "Test Card {1}{G}\nCreature — Elf\nIf Test Card was kicked, it enters with two +1/+1 counters on it.\n1/1\n"
    err = one_error(text)
    assert (err.line, err.column, err.text) == (3, 4, "Test Card was kicked")


def test_k9_times_kicked_without_kicker() -> None:
    text = "Test Card {1}{G}\nSorcery\nDraw a card for each time it was kicked.\n"
    err = one_error(text)
    assert (err.line, err.column) == (3, 22)
    assert "K5" in err.message


def test_k5_with_a_kicker_the_condition_is_linked() -> None:
    text = "Test Card {1}{G}\nSorcery\nKicker {2}\nDraw a card. If this spell was kicked, draw two cards instead.\n"
    assert check(text) == []


# --------------------------------------------------------------------------
# K6 / L-i: "kicked with its {cost} kicker" names one of the card's kicker costs
# --------------------------------------------------------------------------


def test_k6_kicked_with_a_cost_the_card_does_not_have() -> None:
    text = (
        "Test Card {1}{G}\nCreature — Elf\nKicker {R} and/or {W}\n"
        "When Test Card enters, if it was kicked with its {U} kicker, draw a card.\n1/1\n"
    )
    err = one_error(text)
    assert (err.line, err.column) == (4, 27)
    assert err.text == "it was kicked with its {U} kicker"
    assert "{U}" in err.message and "{R} and {W}" in err.message
    assert "607.2i" in err.message


def test_k6_each_kicked_with_condition_is_checked() -> None:
    text = (
        "Test Card {1}{G}\nCreature — Elf\nKicker {R} and/or {W}\n"
        "When Test Card enters, if it was kicked with its {R} kicker, draw a card.\n"
        "When Test Card enters, if it was kicked with its {2}{W} kicker, draw a card.\n1/1\n"
    )
    err = one_error(text)
    assert (err.line, err.column) == (5, 27)


def test_k6_kicked_with_a_matching_cost_has_no_error() -> None:
    text = (
        "Test Card {1}{G}\nCreature — Elf\nKicker {R} and/or {W}\n"
        "When Test Card enters, if it was kicked with its {W} kicker, draw a card.\n1/1\n"
    )
    assert check(text) == []


# --------------------------------------------------------------------------
# K4: "kicked twice" needs two kicker costs or multikicker
# --------------------------------------------------------------------------


def test_k4_kicked_twice_with_one_kicker_cost() -> None:
    text = "Test Card {1}{G}\nCreature — Elf\nKicker {R}\nWhen Test Card enters, if it was kicked twice, draw a card.\n1/1\n"
    err = one_error(text)
    assert (err.line, err.column, err.text) == (4, 27, "it was kicked twice")
    assert "K4" in err.message


@pytest.mark.parametrize("kicker", ["Kicker {R} and/or {W}", "Multikicker {R}"])
def test_k4_kicked_twice_with_two_costs_or_multikicker(kicker: str) -> None:
    text = f"Test Card {{1}}{{G}}\nCreature — Elf\n{kicker}\nWhen Test Card enters, if it was kicked twice, draw a card.\n1/1\n"
    assert check(text) == []


# --------------------------------------------------------------------------
# L-a (607.2a): "the exiled card" needs an ability of this card that exiles
# --------------------------------------------------------------------------


def test_la_exiled_card_with_nothing_that_exiles() -> None:
    text = (
        "Test Card {1}{W}\nEnchantment\n"
        "When Test Card leaves the battlefield, return the exiled card to the battlefield under its owner's control.\n"
    )
    err = one_error(text)
    assert (err.line, err.column, err.text) == (3, 47, "the exiled card")
    assert "607.2a" in err.message


def test_la_exiled_card_with_an_exiling_ability() -> None:
    text = (
        "Test Card {1}{W}\nEnchantment\nWhen Test Card enters, exile target creature.\n"
        "When Test Card leaves the battlefield, return the exiled card to the battlefield under its owner's control.\n"
    )
    assert check(text) == []


# --------------------------------------------------------------------------
# X must be defined (601.2b): by a cost or by "where X is ..."
# --------------------------------------------------------------------------


def test_x_undefined() -> None:
    err = one_error("Test Card {1}{G}\nSorcery\nDraw X cards.\n")
    assert (err.line, err.column, err.text) == (3, 6, "X")
    assert "X" in err.message


@pytest.mark.parametrize(
    "text",
    [
        "Test Card {X}{G}\nSorcery\nDraw X cards.\n",
        "Test Card {1}{G}\nSorcery\nKicker {X}\nDraw X cards.\n",
        "Test Card {1}{G}\nSorcery\nDraw X cards, where X is the number of creatures you control.\n",
    ],
)
def test_x_defined_by_mana_cost_kicker_cost_or_where_clause(text: str) -> None:
    assert check(text) == []


def test_where_x_holds_for_the_rest_of_its_ability() -> None:
    """As on Chainer's Torment: "Create an X/X ... token, where X is half your
    life total, rounded up. It deals X damage to you." — one X."""
    text = "Test Card {1}{G}\nSorcery\nDraw X cards, where X is the number of creatures you control. You gain X life.\n"
    assert check(text) == []


def test_where_x_defines_x_only_in_its_own_ability() -> None:
    text = ("Test Card {1}{G}\nCreature — Elf\n{T}: Draw X cards, where X is the number of creatures you control.\n"
            "{1}: You gain X life.\n1/1\n")  # fmt: skip
    err = one_error(text)
    assert (err.line, err.column, err.text) == (4, 15, "X")


@pytest.mark.parametrize(
    "text",
    [
        # a keyword's own X: its rules (or its own cost) say what X is
        "Test Card {6}{G}\nCreature — Treefolk\nBloodthirst X\n3/6\n",
        "Test Card {3}{W}\nInstant\nYou gain 2 life.\nReinforce X—{X}{W}{W}\n",
        # "becomes monstrous" means the X of the card's Monstrosity X (701.37)
        "Test Card {4}{G}\nCreature — Hydra\n{X}{X}{G}: Monstrosity X.\n"
        "When this creature becomes monstrous, create X 1/1 green Saproling creature tokens.\n4/4\n",
        # the player picks X as it reveals
        "Test Card {2}{B}\nCreature — Human\nWhen this creature enters, you may reveal X black cards in your hand. "
        "If you do, target creature gets -X/-X until end of turn.\n2/1\n",
    ],
)
def test_x_defined_by_a_keyword_monstrosity_or_a_chosen_count(text: str) -> None:
    assert check(text) == []


def test_becomes_monstrous_without_monstrosity_x_is_still_undefined() -> None:
    text = ("Test Card {4}{G}\nCreature — Hydra\n{5}{G}: Monstrosity 2.\n"
            "When this creature becomes monstrous, create X 1/1 green Saproling creature tokens.\n4/4\n")  # fmt: skip
    assert one_error(text).text == "X"


def test_l_chosen_type_from_a_choice_of_subtypes() -> None:
    """ "choose Island or Swamp" chooses a type: "the chosen type" is linked (607.2d)."""
    text = ("Test Card {1}{G}\nEnchantment\nAs this enchantment enters, choose Island or Swamp.\n"
            "Whenever a land of the chosen type an opponent controls becomes tapped, you gain 1 life.\n")  # fmt: skip
    assert check(text) == []


def test_l_chosen_type_from_a_choice_with_an_exception() -> None:
    """ "choose a card type other than creature" chooses a type (607.2d), the
    exception kept: the choice is a value of kind 'card type other than', not
    an object, and "the chosen type" is linked to it."""
    text = ("Test Card {2}{W}\nCreature — Spider\n"
            "As this creature enters, look at an opponent's hand, then choose a card type other than creature.\n"
            "Spells of the chosen type cost {1} more to cast.\n2/2\n")  # fmt: skip
    assert check(text) == []
    choose = next(n for n in parse_card(text).walk() if isinstance(n, A.Choose))
    assert choose.kind == "card type other than"
    assert check(text.replace(" other than creature", "").replace("choose a card type", "choose a player")) != []


def test_l_chosen_name_from_the_name_of_a_card() -> None:
    """ "You choose the name of a nonland card revealed this way" names a card
    (607.2d): "the chosen name" is linked to it."""
    text = ("Test Card {4}{U}{U}\nCreature — Sphinx\n"
            "As this creature enters, each opponent reveals their hand. "
            "You choose the name of a nonland card revealed this way.\n"
            "Your opponents can't cast spells with the chosen name.\n5/5\n")  # fmt: skip
    assert check(text) == []
    choose = next(n for n in parse_card(text).walk() if isinstance(n, A.Choose))
    assert choose.kind == "card name of"


def test_x_chosen_as_evidence_is_collected() -> None:
    """ "you may collect evidence X. When you do, ... X ...": the player picks X
    as they collect evidence (701.59), so X is defined; "mill X cards" is not
    a choice of X, and stays undefined."""
    text = ("Test Card {5}{R}\nCreature — Dragon\n"
            "Whenever this creature deals combat damage to a player, you may collect evidence X. "
            "When you do, this creature deals X damage to each creature that player controls.\n6/6\n")  # fmt: skip
    assert check(text) == []
    errors = check(text.replace("collect evidence X", "mill X cards"))
    assert [e.text for e in errors] == ["X", "X"]


def test_where_x_inside_a_quoted_ability_defines_its_x() -> None:
    """A quoted ability's "where X is ..." defines the X of that ability, not of the one quoting it."""
    text = ("Test Walker {3}{B}{B}\nLegendary Planeswalker — Test\n"
            '−7: You get an emblem with "At the beginning of your end step, create X 2/2 black Zombie creature '
            'tokens, where X is two plus the number of Zombies you control."\nLoyalty: 3\n')  # fmt: skip
    assert check(text) == []


# --------------------------------------------------------------------------
# Several errors, in the order written; error objects
# --------------------------------------------------------------------------


def test_every_error_is_reported_in_order() -> None:
    text = (
        "Test Card {1}{G}\nCreature — Elf\n"
        "When Test Card enters, if it was kicked, draw X cards.\n"
        "When Test Card leaves the battlefield, return the exiled card to its owner's hand.\n1/1\n"
    )
    errors = check(text)
    assert [(e.line, e.column) for e in errors] == [(3, 27), (3, 47), (4, 47)]


def test_link_error_prints_like_a_compiler() -> None:
    text = "Test Card {1}{G}\nSorcery\nDraw a card. If this spell was kicked, draw two cards instead.\n"
    err = one_error(text)
    lines = err.format().splitlines()
    assert lines[0].startswith("test.card:3:17: error: ")
    assert lines[1] == "    Draw a card. If this spell was kicked, draw two cards instead."


# --------------------------------------------------------------------------
# Real cards with correct links have none
# --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Stormscape Battlemage", "Journey to Nowhere", "Gnarlid Pack"])
def test_real_cards_with_correct_links(name: str) -> None:
    assert check_card(bundled(name)) == []


def test_stormscape_battlemage_with_a_wrong_cost_is_caught() -> None:
    """The same card with its {W} link misspelt as {U} (K6)."""
    text = (
        "Stormscape Battlemage {2}{U}\nCreature — Metathran Wizard\nKicker {W} and/or {2}{B}\n"
        "When Stormscape Battlemage enters, if it was kicked with its {U} kicker, you gain 3 life.\n"
        "When Stormscape Battlemage enters, if it was kicked with its {2}{B} kicker, destroy target nonblack creature. "
        "That creature can't be regenerated.\n2/2\n"
    )
    err = one_error(text)
    assert (err.line, err.column) == (4, 39)
    assert "{W} and {2}{B}" in err.message


def test_the_other_of_two_players_is_not_understood_yet_not_malformed() -> None:
    """Reins of Power: "You and that opponent each gain control of all
    creatures the other controls": "the other" is the other player of the
    pair, which the language doesn't read yet.  The card is valid Oracle
    text, so the error is "not understood yet", never "the card is wrong"."""
    from cardtext.grammar.errors import NOT_UNDERSTOOD, LinkNotUnderstood

    error = one_error(
        "Reins of Power {2}{U}{U}\nInstant\nUntap all creatures you control and all creatures target opponent "
        "controls. You and that opponent each gain control of all creatures the other controls until end of turn.\n"
    )
    assert isinstance(error, LinkNotUnderstood) and error.category == NOT_UNDERSTOOD
    assert error.message.startswith("not understood yet: 'the other' as a player")
