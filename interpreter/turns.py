"""Passing priority and the turn (CR 117.4, 500-514), as far as scenarios need.

When every player passes in succession, the top object of the stack
resolves; with an empty stack the step ends.  A turn here is: upkeep →
(draw) → main → end → cleanup.  The game starts in the first player's main
phase.  At cleanup damage wears off and "until end of turn" effects end
(514.2); mana pools empty at the end of every step (106.4).  The next
player's turn starts with their permanents untapping (502.3) and a draw
(504.1).
"""

from __future__ import annotations

from .state import Game, StepBegan
from .triggers import settle
from .zones import draw


def _phase_triggers(game: Game, step: str) -> None:
    """"At the beginning of ..." abilities trigger on the step's start (603.2)."""
    game.events.append(StepBegan(step, game.state.active))


def _empty_pools(game: Game) -> None:
    for p in game.state.players.values():
        p.pool = {}


def pass_priority(game: Game) -> None:
    """All players pass: resolve the top of the stack, or end the step."""
    from .stack import resolve_top

    if game.state.stack:
        resolve_top(game)
        return
    with game.transaction():
        _end_step(game)


def _end_step(game: Game) -> None:
    state = game.state
    _empty_pools(game)
    if state.step == "main":
        state.step = "end"
        game.say(f"-- {state.active}'s end step")
        _phase_triggers(game, "end")
    elif state.step == "end":
        game.say("-- cleanup: damage wears off, 'until end of turn' effects end (514.2)")
        for o in game.battlefield():
            o.damage = 0
        state.eot = []
        players = list(state.players)
        state.active = players[(players.index(state.active) + 1) % len(players)]
        while game.player(state.active).skip_turns > 0:
            game.player(state.active).skip_turns -= 1
            game.say(f"-- {state.active} skips this turn (500.7)")
            state.active = players[(players.index(state.active) + 1) % len(players)]
        state.turn += 1
        state.step = "upkeep"
        game.say(f"-- turn {state.turn}: {state.active}'s untap step and upkeep")
        for o in game.battlefield():
            if o.controller == state.active:
                o.tapped = False
                o.sick = False
        _phase_triggers(game, "upkeep")
    elif state.step == "upkeep":
        state.step = "main"
        game.say(f"-- {state.active}'s draw step and main phase")
        draw(game, state.active, 1)
    settle(game)


__all__ = ["pass_priority"]
