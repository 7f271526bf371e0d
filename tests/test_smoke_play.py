"""Smoke play (cardtext.smoke): a card that ``coverage`` marks ``plays`` is
cast, resolved, its abilities activated and a turn played through, and
nothing the engine does on the way is a refusal "not supported", an
exception or a step that never ends.

A sample of each corpus (fixed seed) runs here; benchmarks/smoke_play.py
runs all of them.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import cardtext.interpreter as interpreter
from cardtext import smoke
from cardtext.grammar.parser import parse_text
from cardtext.interpreter.errors import Unsupported
from cardtext.interpreter.support import gaps
from cardtext.smoke import FAULT, HARNESS, PLAYED, TIMEOUT, smoke_card

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"

SAMPLE = 150
"""Cards drawn from each corpus."""

FAULT_SHARE = 0.05
"""The share of a sample's plays cards allowed to fail (the project's bar is 0.01)."""


def _card(text: str):
    result = parse_text(text, "test")
    assert not result.errors, result.errors
    return result.cards[0]


def test_the_harness_board_cards_play_every_step() -> None:
    """The harness's own cards (plain permanents, spells, basic lands) pass the
    support check and are played through every step (601.2, 602, 500-514)."""
    for card in smoke.board_pool().values():
        assert not gaps(card), card.name
        result = smoke_card(card)
        assert result.outcome == PLAYED, (card.name, result.detail)
        assert "passing the turn" in result.steps


def test_an_activated_ability_is_activated_and_resolved() -> None:
    """602.2: each activated ability of the permanent is activated once."""
    card = _card("Test Relic {1}\nArtifact\n{1}, {T}: You gain 2 life.\n")
    result = smoke_card(card)
    assert result.outcome == PLAYED, result.detail
    assert "activating ability 1" in result.steps and "resolving ability 1" in result.steps


def test_a_split_card_is_cast_by_each_half() -> None:
    """709.3: either half of a split card may be cast: each is played."""
    card = _card(
        "Test Fire {R}\nInstant\nTest Fire deals 1 damage to any target.\n//\n"
        "Test Ice {U}\nInstant\nDraw a card.\n"
    )
    result = smoke_card(card)
    assert result.outcome == PLAYED, result.detail
    assert result.steps[0] == "casting the card as Test Ice"  # the steps of the last face played


def test_a_spell_with_no_legal_target_on_the_board_is_a_harness_limit() -> None:
    """601.2c: a spell with no legal target can't be cast; the harness couldn't
    set that step up, which is no fault of the engine."""
    card = _card("Test Denial {U}{U}\nInstant\nCounter target spell.\n")
    result = smoke_card(card)
    assert result.outcome == HARNESS and result.passed
    assert "no legal target" in result.detail


def test_a_refusal_while_playing_is_an_engine_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal "not supported" of a card the support check passed is the
    support check being wrong: a fault, with the step it happened in."""

    def refuse(game: object) -> None:
        raise Unsupported("something")

    monkeypatch.setattr(interpreter, "resolve_top", refuse)
    result = smoke_card(smoke.board_pool()["Smoke Bolt"])
    assert result.outcome == FAULT and not result.passed
    assert result.cause == "refused: something"
    assert result.detail.startswith("resolving the spell")


def test_an_exception_is_an_engine_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(game: object) -> None:
        raise KeyError("x")

    monkeypatch.setattr(interpreter, "resolve_top", crash)
    result = smoke_card(smoke.board_pool()["Smoke Bolt"])
    assert result.outcome == FAULT
    assert result.cause.startswith("exception KeyError")


def test_a_stack_that_never_empties_is_an_engine_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter, "resolve_top", lambda game: None)
    result = smoke_card(smoke.board_pool()["Smoke Bolt"])
    assert result.outcome == FAULT
    assert result.cause.startswith("unfinished: the stack did not empty")


def test_a_card_over_its_time_budget_is_a_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(game: object) -> None:
        time.sleep(5)

    monkeypatch.setattr(interpreter, "resolve_top", slow)
    start = time.perf_counter()
    result = smoke_card(smoke.board_pool()["Smoke Bolt"], budget=0.2)
    assert result.outcome == TIMEOUT and not result.passed
    assert time.perf_counter() - start < 2


def test_a_cost_part_the_engine_never_pays_is_a_gap() -> None:
    """118.3: a cost part cardtext.interpreter.costs.pay_other has no payment for
    ("Put a card from your hand on top of your library", "Exile the top card
    of your library") is a gap; one it pays (sacrifice, exiling a card from a
    graveyard, returning a land to its owner's hand) is not."""
    put = _card("Test Gate {1}\nArtifact\nPut a card from your hand on top of your library: Draw a card.\n")
    assert any("cost part PutCost" in str(g) for g in gaps(put))
    returned = _card("Test Gate {1}\nArtifact\nReturn a land you control to its owner's hand: Draw a card.\n")
    assert not gaps(returned)
    milled = _card("Test Mill {1}\nArtifact\n{T}, Exile the top card of your library: Draw a card.\n")
    assert any("exile cost of TopOfLibrary" in str(g) for g in gaps(milled))
    exiled = _card("Test Crypt {1}\nArtifact\n{T}, Exile a creature card from your graveyard: Draw a card.\n")
    assert not gaps(exiled)
    sacrificed = _card("Test Altar {1}\nArtifact\nSacrifice a creature: Draw a card.\n")
    assert not gaps(sacrificed)


def test_an_additional_cost_of_paying_mana_is_no_gap() -> None:
    """601.2b, 118.1: "As an additional cost to cast this spell, pay {2}" is paid as mana."""
    card = _card("Test Toll {R}\nSorcery\nAs an additional cost to cast this spell, pay 2 life.\nDraw a card.\n")
    assert not gaps(card)


@pytest.mark.parametrize("corpus", ["modern.jsonl", "forge-2020.jsonl"])
def test_a_sample_of_the_corpus_smoke_plays(corpus: str) -> None:
    """Every engine fault in the sample is listed; no exception, no step left
    unfinished, and at most FAULT_SHARE of the plays cards fail."""
    summary, results = smoke.run_file(DATA / corpus, sample=SAMPLE, seed=0)
    assert summary.plays >= 20
    faults = [f"{r.name}: {r.detail}" for r in results if not r.passed]
    crashes = [f for f, r in zip(faults, [r for r in results if not r.passed], strict=True)
               if not r.cause.startswith("refused")]  # fmt: skip
    assert not crashes, crashes
    assert len(faults) <= FAULT_SHARE * summary.plays, faults


def _branches(fn: object, var: str) -> set[str]:
    import inspect
    import re

    source = inspect.getsource(fn)  # type: ignore[arg-type]
    return set(re.findall(rf"isinstance\({var}, (?:A\.)?(\w+)\)", source))


def test_the_cost_part_table_names_every_part_pay_other_pays() -> None:
    """The support check reads cardtext.interpreter.costs.PAID_PARTS: every kind of
    cost part pay_other has a branch for is in it, and nothing else."""
    from cardtext.interpreter import costs

    assert _branches(costs.pay_other, "part") == {kind.__name__ for kind in costs.PAID_PARTS}


def test_the_quality_table_names_every_quality_matches_reads() -> None:
    """The support check reads the qualities table of cardtext.interpreter.filters:
    every quality _quality has a branch for is in it."""
    from cardtext.interpreter import filters

    # the qualities relating an object to another are read by _relation, which _quality hands them to
    read = _branches(filters._quality, "q") - {"RELATIONS"} | _branches(filters._relation, "q")
    assert {kind.__name__ for kind in filters.RELATIONS} == _branches(filters._relation, "q")
    assert read <= {kind.__name__ for kind in filters._QUALITIES}
    assert read | {"DidThisTurn"} == {kind.__name__ for kind in filters._QUALITIES}


def test_a_triggered_ability_of_an_instant_that_can_never_trigger_is_a_gap() -> None:
    """113.6, 603.2: an instant is never on the battlefield, so "Whenever a
    creature dies" on it triggers nowhere; "When you cast this spell"
    (601.2i) and one that functions in a graveyard (113.6b) are watched."""
    nowhere = _card("Test Omen {U}\nInstant\nWhenever a creature dies, draw a card.\nDraw a card.\n")
    assert any("triggers nowhere" in str(g) for g in gaps(nowhere))
    cast = _card("Test Echo {U}\nInstant\nWhen you cast this spell, you gain 1 life.\nDraw a card.\n")
    assert not any("triggers nowhere" in str(g) for g in gaps(cast))
    grave = _card(
        "Test Ember {R}\nSorcery\nAt the beginning of your upkeep, if this card is in your graveyard, "
        "you gain 1 life.\nDraw a card.\n"
    )
    assert not any("triggers nowhere" in str(g) for g in gaps(grave))


def test_an_activated_ability_of_a_sorcery_off_the_battlefield_is_a_gap() -> None:
    """113.6, 602.1: a sorcery's "{T}: ..." functions nowhere; one that
    discards the card as its cost functions in a hand (113.6k)."""
    nowhere = _card("Test Rune {B}\nSorcery\n{1}: You gain 1 life.\nDraw a card.\n")
    assert any("functions nowhere" in str(g) for g in gaps(nowhere))
    hand = _card("Test Scroll {B}\nSorcery\n{1}, Discard this card: Draw a card.\nDraw a card.\n")
    assert not any("functions nowhere" in str(g) for g in gaps(hand))


def test_an_ability_that_functions_in_a_hand_is_activated_from_it() -> None:
    """113.6k, 702.29a: cycling is activated from the hand."""
    card = _card("Test Cycler {2}{U}\nCreature — Bird\nFlying\nCycling {2}\n1/1\n")
    result = smoke_card(card)
    assert result.outcome == PLAYED, result.detail
    assert "resolving ability 1 from the hand" in result.steps


def test_a_mana_spending_restriction_the_engine_keeps_no_record_of_is_a_gap() -> None:
    """106.6: a restriction the engine keeps with the mana ("only to cast
    kicked spells", "only to cast an Ally spell") plays; one it can't judge
    (where the spell is cast from) is a gap, not mana spent on anything."""
    ally = _card("Test Camp\nLand\n{T}: Add one mana of any color. Spend this mana only to cast an Ally spell.\n")
    assert not gaps(ally)
    altar = _card("Test Altar\nLand\n{T}: Add {C}. Spend this mana only to cast spells with flashback from a graveyard.\n")
    assert any("mana spending restriction" in str(g) for g in gaps(altar))
    kicked = _card("Test Grove\nLand\n{T}: Add {G}. Spend this mana only to cast kicked spells.\n")
    assert not gaps(kicked)


def test_one_or_two_targets_is_a_choice_of_how_many() -> None:
    """601.2c: "tap one or two target creatures" takes one or two targets."""
    from cardtext.interpreter import add_card, cast, new_game, resolve_top
    from cardtext.interpreter.choices import ScriptedChooser

    card = _card("Test Chill {1}{U}\nInstant\nTap one or two target creatures.\n")
    assert not gaps(card)
    pool = smoke.board_pool()
    game = new_game()
    for _ in range(2):
        add_card(game, pool["Island"], "A", "battlefield")
    bears = [add_card(game, pool["Smoke Bear"], "B", "battlefield") for _ in range(3)]
    spell = add_card(game, card, "A", "hand")
    game.chooser = ScriptedChooser(targets=[[bears[0].id, bears[1].id]])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert [game.obj(b.cid).tapped for b in bears] == [True, True, False]
