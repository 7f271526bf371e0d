"""Renderer tests: non-canonical wordings and the canonical text they become.

The canonical form is today's Oracle wording with the standard reminder text
(design.md, "Card files").  The reminder texts are spelled out here in full,
so a change in their wording shows up as a failing test.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_card
from cardtext.grammar.render import Renderer, RenderError, format_text, render_card


def canonical(text: str) -> str:
    """The canonical text of one card (without its trailing newline)."""
    return render_card(parse_card(text))


# --------------------------------------------------------------------------
# Non-canonical → canonical
# --------------------------------------------------------------------------

TABLE: list[tuple[str, str, str]] = [
    (
        "enters the battlefield → enters (trigger)",
        "Ghitu Chronicler {1}{R}\nCreature — Human Wizard\nKicker {3}{R}\n"
        "When Ghitu Chronicler enters the battlefield, if it was kicked, return target instant or sorcery card "
        "from your graveyard to your hand.\n1/3",
        "Ghitu Chronicler {1}{R}\nCreature — Human Wizard\n"
        "Kicker {3}{R} (You may pay an additional {3}{R} as you cast this spell.)\n"
        "When Ghitu Chronicler enters, if it was kicked, return target instant or sorcery card "
        "from your graveyard to your hand.\n1/3",
    ),
    (
        "enters the battlefield → enters (replacement)",
        "Academy Drake {2}{U}\nCreature — Drake\nFlying\nKicker {4}\n"
        "If Academy Drake was kicked, it enters the battlefield with two +1/+1 counters on it.\n2/2",
        "Academy Drake {2}{U}\nCreature — Drake\nFlying\n"
        "Kicker {4} (You may pay an additional {4} as you cast this spell.)\n"
        "If Academy Drake was kicked, it enters with two +1/+1 counters on it.\n2/2",
    ),
    (
        "enters the battlefield tapped → enters tapped",
        "Tester\nLand\nTester enters the battlefield tapped.\n{T}: Add {C}.",
        "Tester\nLand\nTester enters tapped.\n{T}: Add {C}.",
    ),
    (
        "converted mana cost → mana value",
        "Bloodchief's Thirst {B}\nSorcery\nKicker {2}{B}\n"
        "Destroy target creature or planeswalker with converted mana cost 2 or less. "
        "If this spell was kicked, instead destroy target creature or planeswalker.",
        "Bloodchief's Thirst {B}\nSorcery\n"
        "Kicker {2}{B} (You may pay an additional {2}{B} as you cast this spell.)\n"
        "Destroy target creature or planeswalker with mana value 2 or less. "
        "If this spell was kicked, instead destroy target creature or planeswalker.",
    ),
    (
        "type line dash - → —",
        "Gnarlid Pack {1}{G}\nCreature - Beast\nMultikicker {1}{G}\n"
        "Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.\n2/2",
        "Gnarlid Pack {1}{G}\nCreature — Beast\n"
        "Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast this spell.)\n"
        "Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.\n2/2",
    ),
    (
        "type line dash -- → —",
        "Josu Vess, Lich Knight {2}{B}{B}\nLegendary Creature -- Zombie Knight\nKicker {5}{B}\nMenace\n"
        "When Josu Vess, Lich Knight enters, if it was kicked, create eight 2/2 black Zombie Knight creature tokens with menace.\n4/5",
        "Josu Vess, Lich Knight {2}{B}{B}\nLegendary Creature — Zombie Knight\n"
        "Kicker {5}{B} (You may pay an additional {5}{B} as you cast this spell.)\nMenace\n"
        "When Josu Vess, Lich Knight enters, if it was kicked, create eight 2/2 black Zombie Knight creature tokens with menace.\n4/5",
    ),
    (
        "Kicker-- → Kicker—, missing reminder",
        "Rushing River {2}{U}\nInstant\nKicker--Sacrifice a land.\n"
        "Return target nonland permanent to its owner's hand. "
        "If this spell was kicked, return another target nonland permanent to its owner's hand.",
        "Rushing River {2}{U}\nInstant\n"
        "Kicker—Sacrifice a land. (You may sacrifice a land in addition to any other costs as you cast this spell.)\n"
        "Return target nonland permanent to its owner's hand. "
        "If this spell was kicked, return another target nonland permanent to its owner's hand.",
    ),
    (
        "non-standard kicker reminder → standard",
        "Burst Lightning {R}\nInstant\nKicker {4} (Pay four more when you cast it.)\n"
        "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.",
        "Burst Lightning {R}\nInstant\nKicker {4} (You may pay an additional {4} as you cast this spell.)\n"
        "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.",
    ),
    (
        "missing manifest reminder → standard",
        "Soul Summons {1}{W}\nSorcery\nManifest the top card of your library.",
        "Soul Summons {1}{W}\nSorcery\nManifest the top card of your library. (To manifest a card, put it onto the "
        "battlefield face down as a 2/2 creature. Turn it face up any time for its mana cost if it's a creature card.)",
    ),
    (
        "reminder-only line of a basic land is written back",
        "Forest\nBasic Land — Forest",
        "Forest\nBasic Land — Forest\n({T}: Add {G}.)",
    ),
]


@pytest.mark.parametrize(("case", "written", "expected"), TABLE, ids=[t[0] for t in TABLE])
def test_non_canonical_wording_renders_canonical(case: str, written: str, expected: str) -> None:
    assert canonical(written + "\n") == expected


@pytest.mark.parametrize(("case", "written", "expected"), TABLE, ids=[t[0] for t in TABLE])
def test_canonical_wording_is_a_fixed_point(case: str, written: str, expected: str) -> None:
    assert canonical(expected + "\n") == expected


@pytest.mark.parametrize(("case", "written", "expected"), TABLE, ids=[t[0] for t in TABLE])
def test_old_and_new_wording_parse_to_the_same_card(case: str, written: str, expected: str) -> None:
    """The canonical rewording changes the text, never the meaning."""
    assert parse_card(written + "\n") == parse_card(expected + "\n")


# --------------------------------------------------------------------------
# Standard reminder texts
# --------------------------------------------------------------------------


def _ability_line(*lines: str, type_line: str = "Sorcery", pt: str | None = None, index: int = 2) -> str:
    text = "\n".join(["Test Card {1}{G}", type_line, *lines] + ([pt] if pt else [])) + "\n"
    return canonical(text).splitlines()[index]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Kicker {4}", "Kicker {4} (You may pay an additional {4} as you cast this spell.)"),
        ("Kicker {2}{G}", "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)"),
        (
            "Kicker {1}{U} and/or {2}{B}",
            "Kicker {1}{U} and/or {2}{B} (You may pay an additional {1}{U} and/or {2}{B} as you cast this spell.)",
        ),
        (
            "Kicker—Sacrifice a creature.",
            "Kicker—Sacrifice a creature. (You may sacrifice a creature in addition to any other costs as you cast this spell.)",
        ),
        (
            "Kicker—Sacrifice two lands.",
            "Kicker—Sacrifice two lands. (You may sacrifice two lands in addition to any other costs as you cast this spell.)",
        ),
        (
            "Kicker—{2}{R}, Sacrifice a land.",
            "Kicker—{2}{R}, Sacrifice a land. (You may pay {2}{R} and sacrifice a land in addition to any other costs "
            "as you cast this spell.)",
        ),
        (
            "Kicker—Pay 3 life.",
            "Kicker—Pay 3 life. (You may pay 3 life in addition to any other costs as you cast this spell.)",
        ),
        (
            "Multikicker {1}{G}",
            "Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you cast this spell.)",
        ),
    ],
)
def test_kicker_reminder_texts(written: str, expected: str) -> None:
    """702.33: the reminder text of each form of Kicker and Multikicker."""
    assert _ability_line(written) == expected


MANIFEST_REMINDER = (
    "(To manifest a card, put it onto the battlefield face down as a 2/2 creature. "
    "Turn it face up any time for its mana cost if it's a creature card.)"
)
DREAD_REMINDER = (
    "(Look at the top two cards of your library. Put one onto the battlefield face down as a 2/2 creature "
    "and the other into your graveyard. Turn it face up any time for its mana cost if it's a creature card.)"
)
CLOAK_REMINDER = (
    "(To cloak a card, put it onto the battlefield face down as a 2/2 creature with ward {2}. "
    "Turn it face up any time for its mana cost if it's a creature card.)"
)


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Manifest the top card of your library.", "Manifest the top card of your library. " + MANIFEST_REMINDER),
        ("Manifest the top two cards of your library.", "Manifest the top two cards of your library. " + MANIFEST_REMINDER),
        (
            "Manifest the top card of your library, then put a +1/+1 counter on it.",
            "Manifest the top card of your library, then put a +1/+1 counter on it. " + MANIFEST_REMINDER,
        ),
        ("Manifest dread.", "Manifest dread. " + DREAD_REMINDER),
        ("Cloak the top card of your library.", "Cloak the top card of your library. " + CLOAK_REMINDER),
    ],
)
def test_manifest_reminder_texts(written: str, expected: str) -> None:
    """701.40 Manifest (M1), 701.62 manifest dread (M16), 701.58 cloak (M17)."""
    assert _ability_line(written) == expected


def test_m16_manifest_dread_reminder_in_a_trigger() -> None:
    line = _ability_line("When Test Card dies, manifest dread.", type_line="Creature — Beast", pt="5/4")
    assert line == "When Test Card dies, manifest dread. " + DREAD_REMINDER


def test_reminder_text_is_written_once_per_line() -> None:
    line = _ability_line("Manifest the top card of your library. " + MANIFEST_REMINDER)
    assert line.count("(To manifest a card") == 1


def test_k15_copy_reminder_text() -> None:
    """707.10: a copy of a permanent spell becomes a token."""
    line = _ability_line(
        "Whenever you cast a kicked spell, copy that spell. You may choose new targets for the copy.",
        type_line="Enchantment",
    )
    assert line == (
        "Whenever you cast a kicked spell, copy that spell. You may choose new targets for the copy. "
        "(A copy of a permanent spell becomes a token.)"
    )


# --------------------------------------------------------------------------
# Other canonical forms
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Draw 2 cards.", "Draw 2 cards."),
        ("Draw two cards.", "Draw two cards."),
        ("draw a card.", "Draw a card."),
        ("You may draw a card.", "You may draw a card."),
        ("Target player discards two cards.", "Target player discards two cards."),
        ("Each opponent loses 2 life.", "Each opponent loses 2 life."),
        ("Creatures you control get +1/+1 until end of turn.", "Creatures you control get +1/+1 until end of turn."),
        ("Destroy all other creatures you control.", "Destroy all other creatures you control."),
        ("Tap up to two target creatures.", "Tap up to two target creatures."),
    ],
)
def test_wording_is_kept_as_written(written: str, expected: str) -> None:
    """How a number was written and the sentence's subject are kept; the first letter is capitalised."""
    assert _ability_line(written) == expected


def test_self_reference_forms_are_kept() -> None:
    text = (
        "Verazol, the Split Current {X}{G}{U}\nLegendary Creature — Serpent\n"
        "Verazol enters with a +1/+1 counter on it for each mana spent to cast it.\n"
        "When Verazol, the Split Current dies, draw a card.\n"
        "When this creature enters, draw a card.\n0/0\n"
    )
    lines = canonical(text).splitlines()
    assert lines[2].startswith("Verazol enters")
    assert lines[3].startswith("When Verazol, the Split Current dies")
    assert lines[4].startswith("When this creature enters")


def test_format_text_keeps_comments_and_separates_cards() -> None:
    text = (
        "# header\n\n\n"
        "Field Research {2}{U}\nSorcery\nKicker {2}{U}\n"
        "Draw two cards. If this spell was kicked, draw three cards instead.\n\n\n\n"
        "Forest\nBasic Land - Forest\n"
    )
    assert format_text(text) == (
        "# header\n\n"
        "Field Research {2}{U}\nSorcery\nKicker {2}{U} (You may pay an additional {2}{U} as you cast this spell.)\n"
        "Draw two cards. If this spell was kicked, draw three cards instead.\n\n"
        "Forest\nBasic Land — Forest\n({T}: Add {G}.)\n"
    )


def test_format_text_is_idempotent_on_non_canonical_input() -> None:
    text = "Soul Summons {1}{W}\nSorcery\nManifest the top card of your library.\n"
    once = format_text(text)
    assert once != text
    assert format_text(once) == once


# --------------------------------------------------------------------------
# Unknown nodes are a hard error
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frobnicate(A.Node):
    """A node the renderer has never heard of."""


def test_unknown_node_raises_render_error() -> None:
    with pytest.raises(RenderError) as info:
        Renderer(name="Test Card").r(Frobnicate())
    assert "Frobnicate" in str(info.value)


def test_unknown_ability_in_a_card_raises_render_error() -> None:
    card = A.Card("Test Card", None, A.TypeLine((), ("Sorcery",), ()), (Frobnicate(),))  # type: ignore[arg-type]
    with pytest.raises(RenderError):
        render_card(card)


def test_unknown_action_in_a_sentence_raises_render_error() -> None:
    ability = A.SpellAbility(A.Effect((A.Sentence((Frobnicate(),)),)))  # type: ignore[arg-type]
    card = A.Card("Test Card", None, A.TypeLine((), ("Sorcery",), ()), (ability,))
    with pytest.raises(RenderError):
        render_card(card)


def test_render_error_is_a_card_text_error() -> None:
    assert issubclass(RenderError, CardTextError)


# --------------------------------------------------------------------------
# Wordings that render back as written (one line of rules text each)
# --------------------------------------------------------------------------

AS_WRITTEN: list[tuple[str, str]] = [
    ("Sorcery", "Exile the top card of your library. Until end of turn, you may play that card."),
    ("Sorcery", "Exile the top card of your library. You may play that card this turn."),
    ("Sorcery", "Exile the top card of your library. You may cast that card for as long as it remains exiled."),
    ("Instant", "The next time a source of your choice would deal damage to you this turn, prevent that damage."),
    ("Instant", "The next time you would draw a card this turn, each opponent discards a card instead."),
    ("Instant", "The next time you would draw a card this turn, instead put the top card of your library into your graveyard."),
    ("Instant", "Exile target creature. If that creature would die this turn, exile it instead."),
    ("Instant", "If that permanent would be put into a graveyard this turn, exile it instead."),
    ("Instant", "You may exile a blue card from your hand rather than pay this spell's mana cost."),
    ("Instant", "You may return two Islands you control to their owner's hand rather than pay Test Card's mana cost."),
    ("Instant", "If you control a Plains, you may tap an untapped creature you control rather than pay this spell's mana cost."),
    ("Artifact", "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast."),
    ("Artifact", "Spells that you cast cost {1} less to cast."),
    ("Scheme", "When you set this scheme in motion, draw two cards. Abandon this scheme."),
    ("Instant", "Cast this spell only during the declare attackers step and only if you've been attacked this step."),
    ("Sorcery", "Draw a card if you've cast another blue spell this turn."),
    ("Sorcery", "You gain 1 life for each spell you've cast this turn."),
    ("Instant", "Sacrifice those creatures at the beginning of the next end step."),
]


@pytest.mark.parametrize(("type_line", "line"), AS_WRITTEN, ids=[t[1][:60] for t in AS_WRITTEN])
def test_wording_renders_back_as_written(type_line: str, line: str) -> None:
    """Parse, render: the same words (the AST holds every one of them)."""
    pt = "2/2" if "Creature" in type_line else None
    assert _ability_line(line, type_line=type_line, pt=pt) == line
