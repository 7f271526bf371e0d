"""cardtext.strategies: the Hypothesis strategies exported for users' own property tests."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from cardtext import strategies as cs
from cardtext import testing as ct
from cardtext.diagnostics import check_text, link_checker

SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOME
@given(cs.card_texts())
def test_card_texts_parse_under_invented_names(text: str) -> None:
    found = check_text(text, "<t>", link=link_checker())
    assert not found.errors, [e.format() for e in found.errors]
    (card,) = found.cards
    assert card.card is not None


def test_renamed_cards_keep_their_self_references() -> None:
    text = "Verazol, the Split Current {X}{G}{U}\nLegendary Creature — Serpent\nVerazol enters with a +1/+1 counter on it for each mana spent to cast it.\n0/0"
    renamed = cs._renamed(text, "Zorvath, the Unbound")
    assert renamed.splitlines()[0] == "Zorvath, the Unbound {X}{G}{U}"
    assert renamed.splitlines()[2].startswith("Zorvath enters with")
    card = ct.parse_card(renamed)
    assert card.name == "Zorvath, the Unbound"
    assert card == ct.parse_card(
        text.replace("Verazol", "Zorvath").replace("Split Current", "Unbound")
    )


@SOME
@given(cs.cards())
def test_cards_are_parsed_cards(card: object) -> None:
    assert isinstance(getattr(card, "name", None), str)


@SOME
@given(cs.card_files())
def test_card_files_parse_with_each_name_once(text: str) -> None:
    found = check_text(text, "<t>", link=link_checker())
    assert not found.errors
    names = [c.name for c in found.cards]
    assert len(names) == len(set(names)) >= 1


@SOME
@given(cs.ability_texts())
def test_ability_texts_parse_as_one_ability(text: str) -> None:
    ct.parse_ability(text)


def test_the_ability_pool_has_the_kinds_of_ability() -> None:
    pool = cs._ability_pool()
    assert any(t.startswith("Kicker ") for t in pool)
    assert any(t.startswith("When") for t in pool)
    assert any("•" in t for t in pool)  # modal, with its mode lines


@SOME
@given(cs.abilities())
def test_abilities_are_asts(ability: object) -> None:
    assert ability is not None


@SOME
@given(
    cs.card_like_texts(),
    cs.mutated_texts(),
    cs.mutated_texts(["Shock {R}\nInstant\nShock deals 2 damage to any target."]),
)
def test_text_strategies_give_text(like: str, mutated: str, mutated_shock: str) -> None:
    assert isinstance(like, str) and isinstance(mutated, str)
    assert isinstance(mutated_shock, str)
