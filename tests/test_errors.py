"""The common mistakes of a card author get a located, human message.

Each case asserts the file, line and column exactly, the message in words,
and, where the parser gives one, the hint that says how to fix it.
"""

from __future__ import annotations

import pytest

from cardtext.grammar.errors import CardParseError, CardTextError, LocatedError, NotUnderstood
from cardtext.grammar.parser import parse_text


def only_error(text: str, filename: str = "my.card") -> CardParseError:
    result = parse_text(text, filename)
    assert result.cards == []
    assert len(result.errors) == 1, [str(e) for e in result.errors]
    (error,) = result.errors
    assert isinstance(error, CardTextError) and isinstance(error, LocatedError)
    assert error.file == filename
    return error


def test_kicker_without_braces() -> None:
    error = only_error("Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n")
    assert (error.line, error.column) == (3, 8)
    assert error.message == "mana cost without braces"
    assert error.text == "2G"
    assert "{2}{G}" in error.hint
    assert str(error) == "my.card:3:8: error: mana cost without braces"


def test_mana_cost_without_braces_on_the_name_line() -> None:
    error = only_error("Gnarlid Pack 1G\nCreature — Beast\n2/2\n")
    assert (error.line, error.column) == (1, 14)
    assert error.message == "mana cost without braces"
    assert error.text == "1G"
    assert "{1}{G}" in error.hint


def test_enter_for_enters() -> None:
    error = only_error(
        "Gnarlid Pack {1}{G}\nCreature — Beast\n"
        "Gnarlid Pack enter with a +1/+1 counter on it.\n2/2\n"
    )
    assert (error.line, error.column) == (3, 14)
    assert error.message == "'enter' doesn't agree with its singular subject"
    assert "'enters'" in error.hint


def test_enter_the_battlefield_in_a_trigger() -> None:
    error = only_error(
        "Grizzly Bears {1}{G}\nCreature — Bear\n"
        "When Grizzly Bears enter the battlefield, draw a card.\n2/2\n"
    )
    assert (error.line, error.column) == (3, 20)
    assert "'enters'" in error.hint


def test_unclosed_brace() -> None:
    error = only_error("Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker {2\n2/2\n")
    assert (error.line, error.column) == (3, 8)
    assert error.message == "unclosed brace '{'"
    assert "'}'" in error.hint


def test_unclosed_parenthesis_in_reminder_text() -> None:
    error = only_error(
        "Bloodstone Goblin {1}{R}\nCreature — Goblin\n"
        "Kicker {2} (You may pay an additional {2} as you cast this spell.\n2/2\n"
    )
    assert (error.line, error.column) == (3, 12)
    assert error.message == "unclosed parenthesis '('"
    assert "')'" in error.hint


def test_missing_period() -> None:
    error = only_error("Shock {R}\nInstant\nShock deals 2 damage to any target\n")
    assert (error.line, error.column) == (3, 35)  # just after the last word
    assert error.message == "missing '.' at the end of the sentence"
    assert "'.'" in error.expected


def test_creature_without_power_toughness() -> None:
    error = only_error("Grizzly Bears {1}{G}\nCreature — Bear\n")
    assert (error.line, error.column) == (2, 1)
    assert error.message == "a creature needs power/toughness on its last line, like 2/2"


def test_power_toughness_on_a_sorcery() -> None:
    error = only_error("Divination {2}{U}\nSorcery\nDraw two cards.\n2/2\n")
    assert (error.line, error.column) == (4, 1)
    assert error.message == "only creatures and Vehicles have power/toughness"
    assert error.text == "2/2"


def test_unknown_word() -> None:
    error = only_error("Shock {R}\nInstant\nShock zaps 2 damage to any target.\n")
    assert (error.line, error.column) == (3, 7)
    assert error.message == "unknown word 'zaps'"
    assert error.text == "zaps"
    # "taps" is the closest word the grammar takes there, but "zaps" is another
    # word, not a misspelling of it: not understood yet, with no "did you mean"
    assert isinstance(error, NotUnderstood)
    assert "did you mean" not in error.hint


def test_a_misspelt_word_gets_did_you_mean() -> None:
    error = only_error("Shock {R}\nInstant\nShock deasl 2 damage to any target.\n")
    assert error.message == "unknown word 'deasl'"
    assert error.hint == "did you mean 'deal'?"  # the closest word the grammar takes there
    assert not isinstance(error, NotUnderstood)


def test_error_lines_count_from_the_top_of_the_file() -> None:
    text = "# my cards\n\nShock {R}\nInstant\nShock deals 2 damage to any target.\n\n"
    text += "Grizzly Bears {1}{G}\nCreature — Bear\n# a comment inside\nKicker 2G\n2/2\n"
    (error,) = parse_text(text, "deck.card").errors
    assert (error.file, error.line, error.column) == ("deck.card", 10, 8)


@pytest.mark.parametrize(
    ("text", "expected_lines"),
    [
        (
            "Shock {R}\nInstant\nShock deals 2 damage to any target\n",
            [
                "my.card:3:35: error: missing '.' at the end of the sentence",
                "    Shock deals 2 damage to any target",
                "    " + " " * 34 + "^",
            ],
        ),
        (
            "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n",
            [
                "my.card:3:8: error: mana cost without braces",
                "    Kicker 2G",
                "           ^^",
                "  hint: mana costs are written in braces: {2}{G}",
            ],
        ),
    ],
)
def test_format_shows_the_line_and_a_caret(text: str, expected_lines: list[str]) -> None:
    formatted = only_error(text).format().splitlines()
    assert formatted[: len(expected_lines)] == expected_lines


def test_an_unexpected_character_keeps_what_was_expected() -> None:
    # the character's name ("U+0007") is the message's, not the list of expected words
    error = only_error("Shock {R}\nInstant\nShock deals 2 damage to any target\x07.\n")
    assert (error.line, error.column) == (3, 35)
    assert error.message == "unexpected character 'U+0007'"
    assert isinstance(error.expected, tuple) and "'.'" in error.expected


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Shock {R}\nInstant\nShok deals 2 damage to any target.", "did you mean 'Shock'?"),
        ("Grizzly Bears {1}{G}\nCreature — Bear\nWhen Grizly Bears enters, draw a card.\n2/2",
         "did you mean 'Grizzly Bears'?"),
    ],
)  # fmt: skip
def test_a_misspelled_own_name_is_an_error_naming_the_card(text: str, hint: str) -> None:
    """A misspelled own name is an unknown word, never read as a subtype, and the hint names the card."""
    (error,) = parse_text(text).errors
    assert error.message.startswith("unknown word") and error.hint == hint


def test_a_long_source_line_is_shortened_around_the_error() -> None:
    """A 5,000-digit number: the message counts its digits, the source line
    shows the part around the spot (every located error, not only a file's)."""
    from cardtext.grammar.parser import parse_text

    text = f"Big {{R}}\nSorcery\nBig deals {'9' * 5000} damage to any target.\n"
    (error,) = parse_text(text).errors
    assert error.message == "a number of 5000 digits is too large"
    shown = error.format().splitlines()
    assert len(shown[1]) < 220 and shown[1].rstrip().endswith("\u2026")
    assert shown[2].index("^") == shown[1].index("9")


def test_a_line_that_is_only_the_cards_name_says_so() -> None:
    """A card named "Flying" with the keyword: the line is read as the name."""
    from cardtext.grammar.parser import parse_text

    (error,) = parse_text("Flying {1}{W}\nCreature — Bird\nFlying\n1/1\n").errors
    assert error.message.startswith("this line is read as the card's name")
    assert "rename the card" in error.hint


def test_a_name_that_is_a_word_of_the_rules_read_both_ways_is_an_error() -> None:
    """A card named "It": in "Destroy target creature. It can't be
    regenerated." the word may be the pronoun or the card (201.5: a card's
    text names the card by its name).  Reading it as the card would change
    what the card does without a word, so it is an error at the word."""
    error = only_error("It {1}{B}\nInstant\nDestroy target creature. It can't be regenerated.\n")
    assert (error.line, error.column) == (3, 26)
    assert "reads both as the card's name and as the word 'it'" in error.message
    assert not isinstance(error, NotUnderstood)
    assert "this creature" in error.hint


def test_a_name_that_is_a_word_of_the_rules_read_one_way_is_the_name() -> None:
    """A card named "You": "You gets +1/+1 ..." reads only as the card (the
    pronoun would say "get"), so the card parses; lower-case "you" is the player."""
    result = parse_text("You {1}{B}\nCreature — Human\nYou gets +1/+1 as long as you control an artifact.\n2/2\n")
    assert result.errors == [] and len(result.cards) == 1


@pytest.mark.parametrize("text", ["Destroy another other creature.", "Return another other creature you control to its owner's hand."])
def test_other_said_twice_is_an_error_not_one_dropped(text: str) -> None:
    """ "another other creature": the description holds 'other' once, so the
    second can't be kept; an error at it, where 'fmt' used to call it a renderer bug."""
    error = only_error(f"Odd Bolt {{R}}\nInstant\n{text}\n")
    assert error.message == "'other' is said twice: 'another' already means 'other'"
    assert error.column == text.index(" other ") + 2


def test_an_ability_quoted_inside_a_quoted_ability_is_not_understood_yet() -> None:
    """Oracle's nested quotation ('…' inside "…") is valid card text the
    grammar doesn't read: not understood yet, at the single quote."""
    line = "Creatures you control have \"{T}: Target creature gains 'Flying' until end of turn.\""
    error = only_error(f"Quote Giver {{2}}{{U}}\nCreature — Wizard\n{line}\n2/2\n")
    assert isinstance(error, NotUnderstood)
    assert error.column == line.index("'") + 1
    assert "single quotes inside a quoted ability" in error.message


def test_a_word_of_thousands_of_characters_is_shortened_in_the_message() -> None:
    """ "target" run into 5,000 digits: the message quotes the word's start and
    gives its length, not 5,000 characters (the source line is shortened too)."""
    error = only_error("Big {R}\nInstant\nBig deals 2 damage to any target" + "9" * 5000 + " x.\n")
    assert error.message == "unknown word 'target999999999999999999999999…' (5,006 characters)"
    assert len(str(error)) < 2000


def test_for_each_on_an_instruction_without_an_amount_is_not_understood_yet() -> None:
    """ "Target opponent sacrifices a creature for each black creature you
    control" is valid Oracle text (Din of the Fireherd) whose number is that
    of the objects it names, which the grammar doesn't hold yet: "not
    understood yet" at the "for each", never "the card is wrong"."""
    line = "Target opponent sacrifices a creature for each black creature you control."
    error = only_error(f"Din Test {{B}}\nSorcery\n{line}\n")
    assert isinstance(error, NotUnderstood)
    assert error.column == line.index("for each") + 1
