"""No instruction is skipped in silence.

Every instruction the engine carries out goes through one function of
:data:`cardtext.interpreter.actions.ACTIONS`, called by :func:`cardtext.interpreter.actions.do`.
Here each of them is watched while the supported corpus cards are played on
the smoke board (``test_smoke_corpus``) with answers Hypothesis draws ("you
may" yes or no, X, which of the options).  An instruction that says it was
done must have written what it did to the game log; one that did nothing
(no target chosen, 0 cards, nothing found) gets a line from ``do`` saying
so.  Either way the log shows every instruction, and a call that returns
"done" having said nothing fails the test, naming the card and the
instruction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_smoke_corpus import (
    CAST_CASES,
    POOL,
    FirstChooser,
    _instant_speed,
    _play_land,
    _play_on,
    _resolve_all,
    board,
)

from cardtext.interpreter import Decision, Game, IllegalAction, add_card, cast, chars
from cardtext.interpreter.actions import ACTIONS

Silent = tuple[str, str]


@contextmanager
def watching_instructions() -> Iterator[list[Silent]]:
    """Every action function wrapped: a call that says it was done without
    a new log line is noted as (instruction, last log line)."""
    silent: list[Silent] = []
    saved = dict(ACTIONS)

    def watch(kind: type, fn: Callable[..., bool]) -> Callable[..., bool]:
        def watched(ctx: Any, action: Any) -> bool:
            before = len(ctx.game.log)
            result = fn(ctx, action)
            if result and len(ctx.game.log) == before:
                silent.append((kind.__name__, ctx.game.log[-1] if ctx.game.log else ""))
            return result

        return watched

    for kind, fn in saved.items():
        ACTIONS[kind] = watch(kind, fn)
    try:
        yield silent
    finally:
        ACTIONS.clear()
        ACTIONS.update(saved)


class DrawnChooser(FirstChooser):
    """:class:`FirstChooser` with the answers that can't make a legal play
    illegal drawn by Hypothesis: "you may" (yes or no), X (0 to 3), and
    which options of a pick (in any order, as many as allowed)."""

    def __init__(self, data: st.DataObject, kicks: list[int]) -> None:
        super().__init__(kicks)
        self.data = data

    def choose(self, game: Game, d: Decision) -> Any:
        if d.kind == "may":
            return self.data.draw(st.booleans(), label=f"may: {d.prompt}")
        if d.kind == "x":
            return self.data.draw(st.integers(0, 3), label="X")
        if d.kind == "pick" and d.options and d.max >= 1 and not d.refusable:
            low = max(d.min, 1)
            high = min(d.max, len(d.options))
            if low <= high:
                order = self.data.draw(st.permutations(list(d.options)), label=f"pick: {d.prompt}")
                n = self.data.draw(st.integers(low, high), label="how many")
                return order[:n]
        return super().choose(game, d)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from([c.values for c in CAST_CASES]), data=st.data())
def test_no_instruction_of_a_played_card_is_silently_skipped(case: tuple[Any, list[int]], data: st.DataObject) -> None:
    card, kicks = case
    game = board(DrawnChooser(data, kicks))
    obj = add_card(game, card, "A", "hand")
    what = f"{card.name} cast " + (f"with kicks {kicks}" if kicks else "unkicked")
    with watching_instructions() as silent:
        if "land" in chars(obj).types:
            _play_land(game, obj)
        else:
            if _instant_speed(game, obj):
                cast(game, "B", add_card(game, POOL["Smoke Ponder"], "B", "hand").id)
            try:
                cast(game, "A", obj.id)
            except IllegalAction:
                return  # an answer drawn made this cast illegal: nothing happened, and the game says why
            _resolve_all(game, what)
            _play_on(game, what)
    assert not silent, f"{what}: instructions carried out without a word: {silent}"


def test_the_watch_sees_a_silent_instruction() -> None:
    """The watch itself: an action that does nothing and says nothing is caught."""
    from cardtext.grammar import ast as A

    game = board(FirstChooser())
    real = ACTIONS[A.GainLife]
    ACTIONS[A.GainLife] = lambda ctx, action: True  # "You gain 1 life." done without a word
    try:
        with watching_instructions() as silent:
            obj = add_card(game, POOL["Smoke Ponder"], "A", "hand")
            cast(game, "A", obj.id)
            _resolve_all(game, "Smoke Ponder")
    finally:
        ACTIONS[A.GainLife] = real
    assert [kind for kind, _ in silent] == ["GainLife"]


def test_an_instruction_that_does_nothing_is_logged() -> None:
    """0 cards drawn ("draw a card for each time it was kicked", unkicked):
    the log says the instruction had nothing to do."""
    from cardtext.grammar.parser import parse_card

    card = parse_card(
        "Quiet Study {U}\nInstant\nKicker {1}\nDraw a card for each time this spell was kicked.\n"
    )
    game = board(FirstChooser([]))
    obj = add_card(game, card, "A", "hand")
    cast(game, "A", obj.id)
    _resolve_all(game, "Quiet Study")
    assert "  draw: nothing to do" in game.log
