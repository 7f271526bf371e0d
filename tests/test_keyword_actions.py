"""Keyword actions (CR 701) at the engine's level: what the scenarios of
tests/scenarios/cr701_* can't reach (another player's turn), and the table
the engine dispatches keyword actions through, which the support check reads."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.interpreter import IllegalAction, ScriptedChooser, add_card, new_game
from cardtext.interpreter.actions.library import KEYWORD_VERBS, keyword_problem
from cardtext.interpreter.combat import declare_attackers, declare_blockers
from cardtext.interpreter.support import gaps


def test_a_suspected_creature_cant_block(pool: dict[str, A.Card]) -> None:
    """701.60c: a suspected permanent has "This creature can't block"."""
    game = new_game(chooser=ScriptedChooser())
    attacker = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    blocker = add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    blocker.marks = blocker.marks | {"suspected"}
    declare_attackers(game, "A", [attacker.id])
    with pytest.raises(IllegalAction, match="can't block"):
        declare_blockers(game, "B", [(blocker.id, attacker.id)])


def test_the_support_check_reads_the_table_of_keyword_actions() -> None:
    """Each verb the engine carries out is no gap, and a verb it doesn't
    carry out (or a form of one its limits name) is one, by the same table."""
    def card(text: str) -> A.Card:
        result = parse_text(f"Test {{1}}\nSorcery\n{text}\n", "t.card")
        assert not result.errors, result.errors
        return result.cards[0]

    for verb in ("explore", "endure", "suspect", "discover", "clash", "flip a coin", "monstrosity"):
        assert verb in KEYWORD_VERBS
    assert not gaps(card("Discover 3."))
    (gap,) = gaps(card("Venture into the dungeon."))
    assert "venture into the dungeon" in str(gap)
    assert keyword_problem(A.KeywordAction("venture into the dungeon")) == "the keyword action 'venture into the dungeon' (701)"
    assert keyword_problem(A.KeywordAction("flip a coin", amount=A.Number(2))) is not None
