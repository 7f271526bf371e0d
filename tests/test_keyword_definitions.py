"""Keywords as data, with their meaning (CR 207.2a, 701, 702).

Each keyword of the table has its definition, its reminder text written in
the card language (grammar/data/keyword_definitions.txt); the definitions
are read by the card grammar; ``cardtext fmt`` writes them; a card's own
reminder text that differs is a warning; a card file may define keywords of
its own; a keyword-shaped line the table lacks is "not understood yet".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtext.cli import main
from cardtext.diagnostics import check_text, error_class, to_json
from cardtext.grammar import ast as A
from cardtext.grammar.definitions import (
    DefinedKeyword,
    DefinitionError,
    definitions,
    keyword_shape,
    parse_definition,
    read_definition,
    sample_text,
)
from cardtext.grammar.errors import MALFORMED, NOT_UNDERSTOOD, NotUnderstood
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import format_text, render_card
from cardtext.grammar.vocabulary import keywords

# --------------------------------------------------------------------------
# The data file
# --------------------------------------------------------------------------

UNPARSED = sorted(d.name for d in definitions().values() if d.unparsed)
"""The definitions the grammar can't read yet: marked [unparsed] in the data file."""


@pytest.mark.parametrize("name", sorted(n for n, d in definitions().items() if not d.unparsed))
def test_every_definition_not_marked_unparsed_is_read_by_the_grammar(name: str) -> None:
    """CR 207.2a: reminder text is card text; each definition is read by
    the same grammar as a card's rules text, with sample parameters."""
    abilities = parse_definition(sample_text(definitions()[name]))
    assert abilities and all(isinstance(a, A.Node) for a in abilities)


def test_a_definition_marked_unparsed_is_not_played() -> None:
    """A definition the grammar can't read yet is marked, and the engine
    doesn't play it even once the grammar reads it (``python -m
    cardtext.grammar.definitions`` lists the marked ones that read now, to unmark)."""
    from cardtext.interpreter.keywords import from_definition

    assert "ward" in UNPARSED and "training" in UNPARSED
    assert from_definition(A.Keyword("training")) is None


def test_the_report_of_marked_definitions(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtext.grammar.definitions import main as report

    assert report() == 0
    out = capsys.readouterr().out
    assert f"{len(UNPARSED)} definitions marked [unparsed]" in out


def test_the_definitions_name_keywords_of_the_table_or_keyword_actions() -> None:
    table = keywords()
    for d in definitions().values():
        assert d.action or d.name in table, d.name
        shape = table.get(d.name, "")
        if shape == "n":
            assert d.parameter == "N", d.name
        if shape == "cost":
            assert d.parameter == "{cost}", d.name
        if shape == "plain":
            assert d.parameter == "", d.name


def test_at_least_the_keyword_actions_manifest_manifest_dread_and_cloak_are_defined() -> None:
    """701.40, 701.62, 701.58: the reminder text the renderer writes after them."""
    from cardtext.grammar import reminders

    assert {"manifest", "manifest dread", "cloak"} <= {n for n, d in definitions().items() if d.action}
    assert definitions()["cloak"].template == reminders.CLOAK
    assert reminders.MANIFEST.startswith("To manifest a card, put it onto the battlefield face down")


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (1, "When this creature dies, create a 1/1 white and black Spirit creature token with flying."),
        (3, "When this creature dies, create three 1/1 white and black Spirit creature tokens with flying."),
    ],
)
def test_a_number_placeholder_in_words_and_plural(amount: int, text: str) -> None:
    """702.135a: "Afterlife N" creates N tokens: "a ... token", "three ... tokens"."""
    assert definitions()["afterlife"].text(amount) == text


def test_placeholders_in_digits_and_for_a_cost() -> None:
    assert definitions()["bushido"].text(2) == (
        "Whenever this creature blocks or becomes blocked, it gets +2/+2 until end of turn."
    )
    assert definitions()["ward"].text(cost="{1}{U}").endswith("counter it unless that player pays {1}{U}.")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("prowess", "a definition is"),
        ("Prowess: x", "can't read the keyword"),
        ("bushido: it gets +{N}/+{N}.", "uses {N}"),
        ("ward: pay {cost}.", "uses {cost}"),
        ("prowess [loud]: x.", "unknown flag"),
    ],
)
def test_a_wrong_line_of_the_data_file_is_refused(line: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message.replace("{", r"\{").replace("}", r"\}")):
        read_definition(line, "defs.txt:1")


# --------------------------------------------------------------------------
# fmt writes the definition; the author's reminder text is kept
# --------------------------------------------------------------------------

BUSHIDO = "Sentry {1}{W}\nCreature — Human Samurai\nBushido 2\n2/2\n"


def test_fmt_writes_a_keywords_reminder_text_from_its_definition() -> None:
    assert format_text(BUSHIDO).splitlines()[2] == (
        "Bushido 2 (Whenever this creature blocks or becomes blocked, it gets +2/+2 until end of turn.)"
    )


def test_fmt_writes_no_reminder_text_for_an_evergreen_keyword_or_a_line_of_several() -> None:
    text = "Bird {1}{W}\nCreature — Bird\nFlying\nFlying, bushido 1\n1/1\n"
    assert format_text(text) == text


@pytest.mark.parametrize(
    "line",
    [
        "Crew 2 (Tap any number of creatures you control with total power 2 or more: it becomes a creature.)",
        "Flying (This creature can't be blocked except by creatures with flying or reach, as it always was.)",
    ],
)
def test_a_reminder_text_unlike_the_definition_is_kept_and_warned_of(line: str) -> None:
    text = f"Wagon {{2}}\nArtifact — Vehicle\n{line}\n3/3\n"
    result = parse_text(text, "w.card")
    assert not result.errors
    (warning,) = [w for w in result.warnings if "reminder text" in w.message]
    assert warning.kind == "warning"
    assert (warning.line, warning.column) == (3, line.index("(") + 1)
    assert "the definition says: (" in warning.hint
    assert format_text(text).splitlines()[2] == line


@pytest.mark.parametrize(
    "line",
    [
        "Forestcycling {2} ({2}, Discard this card: Search your library for a Forest card, reveal it, "
        "put it into your hand, then shuffle.)",
        "Protection from red (This creature can't be blocked, targeted, dealt damage, or enchanted by anything red.)",
    ],
)
def test_official_reminder_text_fmt_has_no_wording_for_is_never_deleted(line: str) -> None:
    text = f"Bear {{1}}{{G}}\nCreature — Bear\n{line}\n2/2\n"
    assert format_text(text) == text
    assert not [w for w in parse_text(text).warnings if "reminder text" in w.message]


def test_a_line_of_reminder_text_only_stays_where_it_is() -> None:
    """A Saga's chapter reminder (714.1) is kept at its place by fmt."""
    text = (
        "Tale {2}{G}\nEnchantment — Saga\n"
        "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
        "I — Draw a card.\nII — Draw a card.\n"
    )
    assert format_text(text) == text


def test_the_written_layout_of_a_multi_face_card_stays() -> None:
    """"// adventure" is never rewritten to "//" (the layout is the same; what the author wrote stays)."""
    text = (
        "Giant Killer {W}\nCreature — Human Peasant\n{1}{W}, {T}: Tap target creature.\n1/2\n// adventure\n"
        "Chop Down {2}{W}\nInstant — Adventure\nDestroy target creature with power 4 or greater.\n"
    )
    assert format_text(text) == text
    assert format_text(text.replace("// adventure", "//")) == text.replace("// adventure", "//")


def test_the_same_reminder_text_as_the_definition_gives_no_warning_and_stays() -> None:
    text = format_text(BUSHIDO)
    assert not parse_text(text).warnings
    assert format_text(text) == text


# --------------------------------------------------------------------------
# A keyword the table doesn't have: not understood yet, never "did you mean"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("Zorbing {2}{G} (You may pay {2}{G} and frobnicate this card.)", "Zorbing"),
        ("Zorbing 3 (Zorb three times.)", "Zorbing"),
        ("Zorbing (Zorb it.)", "Zorbing"),
        ("Zorbing 3", "Zorbing"),
        ("Sky sailing {1}{U}", "Sky sailing"),
    ],
)
def test_an_unknown_keyword_is_not_understood_yet(line: str, name: str) -> None:
    result = parse_text(f"Zorb {{G}}\nCreature — Elf\n{line}\n1/1\n", "z.card")
    (error,) = result.errors
    assert isinstance(error, NotUnderstood)
    assert error.message == f"not understood yet: keyword '{name}' is not in the keyword table"
    assert "did you mean" not in error.hint
    assert (error.line, error.column) == (3, 1)
    assert error_class(error) == NOT_UNDERSTOOD


def test_a_misspelt_keyword_of_the_table_keeps_its_did_you_mean() -> None:
    (error,) = parse_text("Bird {W}\nCreature — Bird\nFlyng\n1/1\n").errors
    assert "did you mean 'flying'?" in error.hint
    assert error_class(error) == MALFORMED


def test_an_unknown_keyword_is_defined_by_its_reminder_text_where_that_reads() -> None:
    text = "Zorb {G}\nCreature — Elf\nZorbing 2 (Whenever this creature attacks, it gets +2/+0 until end of turn.)\n1/1\n"
    result = parse_text(text, "z.card")
    assert not result.errors
    (warning,) = result.warnings
    assert isinstance(warning, NotUnderstood) and warning.kind == "warning"
    assert warning.message.startswith("not understood yet: keyword 'Zorbing' is not in the keyword table")
    (card,) = result.cards
    (kw,) = card.abilities
    assert isinstance(kw, DefinedKeyword) and kw.by_reminder
    assert (kw.name, kw.parameter) == ("Zorbing", "2")
    (trigger,) = kw.abilities
    assert isinstance(trigger, A.TriggeredAbility)
    assert render_card(card) == text.rstrip("\n")
    # its reminder text is its meaning: written even without reminder text
    assert render_card(card, reminders=False) == render_card(card)


def test_keyword_shape() -> None:
    shape = keyword_shape("Suspend 4—{1}{U} (Rather than cast it ...)")
    assert shape is not None
    assert (shape.name, shape.amount, shape.cost, shape.parameter) == ("Suspend", 4, "{1}{U}", "4—{1}{U}")
    assert keyword_shape("Destroy target creature.") is None
    assert keyword_shape("{T}: Add {G}.") is None


# --------------------------------------------------------------------------
# Errors tell malformed from not-yet-understood, everywhere
# --------------------------------------------------------------------------

TWO_CARDS = "Zorb {G}\nCreature — Elf\nZorbing 3\n1/1\n\nBad {R}\nInstant\nBad deals 2 damage to any target\n"


def test_json_names_the_card_and_the_class_of_each_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.card"
    path.write_text(TWO_CARDS, encoding="utf-8")
    assert main(["check", "--format", "json", str(path)]) == 1
    found = json.loads(capsys.readouterr().out)["diagnostics"]
    by_card = {d["card"]: d for d in found}
    assert by_card["Zorb"]["class"] == "not-understood"
    assert by_card["Zorb"]["kind"] == "NotUnderstood"
    assert by_card["Bad"]["class"] == "malformed"
    assert by_card["Bad"]["message"] == "missing '.' at the end of the sentence"


def test_text_output_says_the_class_of_each_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.card"
    path.write_text(TWO_CARDS, encoding="utf-8")
    main(["check", str(path)])
    out = capsys.readouterr().out
    assert "  not understood yet: the card may be right; cardtext doesn't read this yet" in out
    assert "  malformed: the card is wrong here" in out


def test_the_language_server_diagnostics_carry_the_class() -> None:
    from cardtext.editing import diagnostics

    found = diagnostics(TWO_CARDS)
    assert [d.category for d in found if d.severity == "error"] == ["not-understood", "malformed"]
    assert "not understood yet" in found[0].message


def test_to_json_without_a_card() -> None:
    found = check_text(TWO_CARDS, "two.card")
    data = to_json(found.errors[0])
    assert data["card"] == "" and data["class"] == "not-understood"


@pytest.mark.parametrize(
    ("text", "line", "hint"),
    [
        ("Bad {2G}\nInstant\nDraw a card.\n", 1, "{2}{G}"),
        ("Bad {R}\nCreature — Bear\n{2G}, {T}: Draw a card.\n2/2\n", 3, "{2}{G}"),
        ("Bad {R}\nInstant\nKicker {1WU}\nDraw a card.\n", 3, "{1}{W}{U}"),
    ],
)
def test_a_missing_pair_of_braces_is_shown_with_each_symbol_in_its_own(text: str, line: int, hint: str) -> None:
    (error,) = parse_text(text).errors
    assert error.line == line
    assert error.hint == f"each mana symbol has its own braces: {hint}"
    assert error_class(error) == MALFORMED


@pytest.mark.parametrize(
    ("word", "guess", "typo"),
    [
        ("destory", "destroy", True),
        ("creture", "creature", True),
        ("flyng", "flying", True),
        ("serach", "search", True),
        ("battlfield", "battlefield", True),
        ("entering", "enter", False),
        ("that's", "that", False),
        ("their", "the", False),
        ("hand", "land", False),
        ("effect", "affect", False),
        ("again", "gain", False),
        ("move", "remove", False),
        ("exploits", "explores", False),
    ],
)
def test_a_typo_is_told_from_another_word(word: str, guess: str, typo: bool) -> None:
    """A misspelt word is malformed ("did you mean"); another English word
    the grammar doesn't read there yet is not understood yet."""
    from cardtext.grammar.messages import is_typo

    assert is_typo(word, guess) is typo


def test_a_valid_word_the_grammar_lacks_is_not_understood_and_a_typo_is_malformed() -> None:
    (typo,) = parse_text("Bad {B}\nSorcery\nDestory target creature.\n").errors
    assert typo.hint == "did you mean 'destroy'?" and error_class(typo) == MALFORMED
    (word,) = parse_text("Bad {B}\nSorcery\nSeparate all creatures into three piles.\n").errors
    assert error_class(word) == NOT_UNDERSTOOD


# --------------------------------------------------------------------------
# Keywords a card file defines
# --------------------------------------------------------------------------

SKYWARD = (
    "Keyword Skyward {cost}: Whenever this creature attacks, you may pay {cost}. "
    "If you do, it gets +1/+1 until end of turn.\n\n"
)


def test_a_keyword_the_file_defines_is_used_like_a_built_in_one() -> None:
    text = SKYWARD + "Sky Knight {1}{W}\nCreature — Human Knight\nSkyward {1}\nVigilance, skyward {2}\n2/2\n"
    result = parse_text(text, "sky.card")
    assert not result.errors and not result.warnings
    (card,) = result.cards
    first, line = card.abilities
    assert isinstance(first, DefinedKeyword) and not first.by_reminder
    assert (first.name, first.parameter) == ("Skyward", "{1}")
    (trigger,) = first.abilities
    assert isinstance(trigger, A.TriggeredAbility)
    assert isinstance(line, A.KeywordLine)
    assert [type(k).__name__ for k in line.keywords] == ["Keyword", "DefinedKeyword"]
    assert format_text(text).splitlines()[4] == (
        "Skyward {1} (Whenever this creature attacks, you may pay {1}. If you do, it gets +1/+1 until end of turn.)"
    )
    assert format_text(format_text(text)) == format_text(text)


def test_the_engine_plays_the_abilities_of_a_keyword_the_file_defines() -> None:
    from cardtext.interpreter.keywords import all_abilities
    from cardtext.interpreter.support import gaps

    text = SKYWARD + "Sky Knight {1}{W}\nCreature — Human Knight\nVigilance, skyward {1}\n2/2\n"
    (card,) = parse_text(text).cards
    assert [type(a).__name__ for a in all_abilities(card)] == ["KeywordLine", "TriggeredAbility"]
    assert gaps(card) == []


@pytest.mark.parametrize(
    ("declaration", "column", "message"),
    [
        ("Keyword Skyward {cost}: Whenever this creature frobs, draw a card.", 48, "unknown word 'frobs'"),
        ("Keyword Skyward: Pay {cost}.", 22, "uses {cost}"),
        ("Keyword Flying: Draw a card.", 9, "keyword table already"),
        ("Keyword skyward: Draw a card.", 1, "a keyword definition is"),
    ],
)
def test_a_definition_that_doesnt_read_is_an_error_at_its_place(declaration: str, column: int, message: str) -> None:
    result = parse_text(f"# set\n{declaration}\n", "d.card")
    (error,) = result.errors
    assert (error.file, error.line, error.column) == ("d.card", 2, column)
    assert message in error.message


def test_a_keyword_used_with_another_parameter_than_its_definition_is_an_error() -> None:
    (error,) = parse_text(SKYWARD + "Sky Knight {1}{W}\nCreature — Human Knight\nSkyward 2\n2/2\n").errors
    assert "takes a cost ({cost})" in error.message
    assert error.line == 5


def test_a_keyword_defined_twice_is_an_error() -> None:
    (error,) = parse_text(SKYWARD + SKYWARD).errors
    assert "defined twice" in error.message and error.line == 3


def test_a_file_defined_keyword_is_a_file_s_own() -> None:
    """Another file doesn't know it: not understood yet there."""
    parse_text(SKYWARD)
    (error,) = parse_text("Sky Knight {1}{W}\nCreature — Human Knight\nSkyward {1}\n2/2\n").errors
    assert error.message == "not understood yet: keyword 'Skyward' is not in the keyword table"
