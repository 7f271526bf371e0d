"""cardtext.testing: the public API for tests of card wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext import testing as ct
from cardtext.grammar.errors import CardParseError, LinkError

SHOCK = "Shock {R}\nInstant\nShock deals 2 damage to any target.\n"
KICKER_REMINDER = "(You may pay an additional {2}{G} as you cast this spell.)"


def changed_lines(message: str, sign: str) -> list[str]:
    """The lines a unified diff in ``message`` marks with ``sign`` ("-" or "+")."""
    return [
        line[1:] for line in message.splitlines()[1:] if line.startswith(sign) and line[1:2] != sign
    ]


def test_parse_card_and_its_errors() -> None:
    card = ct.parse_card(SHOCK)
    assert card.name == "Shock"
    with pytest.raises(CardParseError) as err:
        ct.parse_card("Shock {R}\nInstant\nShock deals 2 damage to any target")
    assert (err.value.line, err.value.column) == (3, 35)
    with pytest.raises(LinkError):
        ct.parse_card(
            "Bears {1}{G}\nCreature — Bear\nWhen Bears enters, if it was kicked, draw a card.\n2/2"
        )
    ct.parse_card(
        "Bears {1}{G}\nCreature — Bear\nWhen Bears enters, if it was kicked, draw a card.\n2/2",
        link=False,
    )
    with pytest.raises(CardParseError, match="expected one card, found 2"):
        ct.parse_card(SHOCK + "\n" + SHOCK.replace("Shock", "Zap"))


def test_parse_ability_wraps_the_line_in_a_minimal_card() -> None:
    ability = ct.parse_ability("Kicker {2}{G}")
    assert ability == ct.parse_ability(f"Kicker {{2}}{{G}} {KICKER_REMINDER}")
    assert ability != ct.parse_ability("Kicker {2}{U}")
    assert "Kicker" in type(ability).__name__
    assert ct.wrap_ability("Kicker {2}{G}") == "Test Card\nCreature — Test\nKicker {2}{G}\n1/1\n"
    assert ct.wrap_ability("Draw a card.") == "Test Card\nInstant\nDraw a card.\n"
    assert (
        ct.wrap_ability("Draw a card.", type_line="Sorcery") == "Test Card\nSorcery\nDraw a card.\n"
    )
    assert ct.reads_like_permanent("Flying")
    assert ct.reads_like_permanent("When this creature enters, draw a card.")
    assert ct.reads_like_permanent("{T}: Add {G}.")
    assert not ct.reads_like_permanent("Choose one —\n• Draw a card.\n• Shock deals 1 damage.")
    assert not ct.reads_like_permanent("Destroy target creature. (It goes away.)")


def test_parse_ability_locates_errors_in_the_ability() -> None:
    with pytest.raises(CardParseError) as err:
        ct.parse_ability("Kicker 2G")
    assert (err.value.file, err.value.line, err.value.column) == ("<ability>", 1, 8)
    assert err.value.format().splitlines()[1:3] == ["    Kicker 2G", "           ^^"]


def test_assert_parses_to() -> None:
    expected = ct.parse_ability(f"Kicker {{2}}{{G}} {KICKER_REMINDER}")
    assert ct.assert_parses_to("Kicker {2}{G}", expected) == expected
    with pytest.raises(AssertionError) as err:
        ct.assert_parses_to("Kicker {2}{U}", expected)
    message = str(err.value)
    assert message.startswith("the wording parses to a different AST:\n--- expected\n+++ parsed\n")
    (removed,), (added,) = changed_lines(message, "-"), changed_lines(message, "+")
    assert "'G'" in removed and "'U'" in added
    card = ct.parse_card(SHOCK)
    ct.assert_parses_to(SHOCK.replace("\n", "\n\n", 0), card)
    with pytest.raises(AssertionError, match="mana cost without braces"):
        ct.assert_parses_to("Kicker 2G", expected)


def test_assert_same_meaning_of_older_wordings() -> None:
    ct.assert_same_meaning(
        "When this creature enters the battlefield, draw a card.",
        "When this creature enters, draw a card.",
    )
    with pytest.raises(AssertionError, match="mean different things"):
        ct.assert_same_meaning("Kicker {1}", "Kicker {2}")


def test_assert_renders_to() -> None:
    ct.assert_renders_to("Kicker {2}{G}", f"Kicker {{2}}{{G}} {KICKER_REMINDER}")
    ct.assert_renders_to(
        "Bears {1}{G}\nCreature - Bear\n2/2", "Bears {1}{G}\nCreature — Bear\n2/2\n"
    )
    with pytest.raises(AssertionError) as err:
        ct.assert_renders_to("Kicker {2}{G}", "Kicker {2}{G}")
    assert f"+Kicker {{2}}{{G}} {KICKER_REMINDER}" in str(err.value)
    assert ct.canonical("Draw a card.") == "Draw a card."


def test_assert_rejected() -> None:
    error = ct.assert_rejected("Kicker 2G", line=1, column=8, message="WITHOUT BRACES")
    assert error.hint == "mana costs are written in braces: {2}{G}"
    ct.assert_rejected(
        "When this creature enters, if it was kicked, draw a card.", message="kicker"
    )
    ct.assert_rejected("Bears {1}{G}\nCreature — Bear", line=2, column=1, message="power/toughness")
    with pytest.raises(AssertionError, match="the wording was accepted"):
        ct.assert_rejected("Kicker {2}{G}")
    with pytest.raises(AssertionError) as err:
        ct.assert_rejected("Kicker 2G", line=1, column=7)
    assert (
        "no error at 1:7; the errors were:\n<ability>:1:8: error: mana cost without braces"
        in str(err.value)
    )


def test_assert_ast_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot = tmp_path / "shock.ast"
    with pytest.raises(AssertionError, match="no snapshot"):
        ct.assert_ast_snapshot(SHOCK, snapshot)
    ct.assert_ast_snapshot(SHOCK, snapshot, update=True)
    assert snapshot.read_text(encoding="utf-8") == ct.ast_text(ct.parse_card(SHOCK)) + "\n"
    ct.assert_ast_snapshot(ct.parse_card(SHOCK), snapshot)
    ct.assert_ast_snapshot([ct.parse_card(SHOCK)], snapshot)
    with pytest.raises(AssertionError) as err:
        ct.assert_ast_snapshot(SHOCK.replace("2 damage", "3 damage"), snapshot)
    (removed,), (added,) = changed_lines(str(err.value), "-"), changed_lines(str(err.value), "+")
    assert "2" in removed and "3" in added and removed.replace("2", "3") == added
    monkeypatch.setenv("CARDTEXT_UPDATE_SNAPSHOTS", "1")
    ct.assert_ast_snapshot(SHOCK.replace("2 damage", "3 damage"), snapshot)
    assert "value=3" in snapshot.read_text(encoding="utf-8")


def test_ast_text_is_what_cardtext_parse_prints() -> None:
    text = ct.ast_text(ct.parse_card(SHOCK))
    assert text.splitlines()[:2] == ["Card", "  name: 'Shock'"]
