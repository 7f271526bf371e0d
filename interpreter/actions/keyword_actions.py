"""Keyword actions (CR 701) that stand alone: flip a coin (705), clash
(701.30), monstrosity (701.37).

Each is one function registered in :data:`~.library.KEYWORD_VERBS` by the
verb the AST names it with, with the parts of it the engine can't carry out
beside it (:data:`~.library.KEYWORD_LIMITS`): the support check reads the
same table (:func:`~.library.keyword_problem`).  The outcome of a clash or
coin flip is kept for the effect's later "if you win", "if you win the
flip", "if you lose the flip" (:attr:`cardtext.interpreter.context.Ctx.won`).
"""

from __future__ import annotations

import random

from cardtext.grammar import ast as A

from ..characteristics import chars, display_name
from ..choices import Decision, ask
from ..context import Ctx
from ..objects import GameObject, PlayerId
from ..state import KeywordActed
from ..zones import move, put_counters
from .common import not_you
from .library import keyword_action


def _coin(ctx: Ctx) -> bool:
    """705.3: one flip, heads or tails equally likely, by the game's seeded
    random numbers (a scenario's ``seed`` decides it; the same game flips the
    same again): whether it comes up as the flipper called it."""
    game = ctx.game
    return random.Random(game.state.seed * 7919 + game.tick()).random() < 0.5


@keyword_action("flip a coin", limits=(
    ("flipping more than one coin, or for a while", lambda a: a.what is not None or a.amount is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _flip(ctx: Ctx, a: A.KeywordAction) -> bool:
    """705.1: the player flips a coin and calls it; they win the flip if the
    call matches the result, and lose it otherwise.  "If you win the flip"
    and "If you lose the flip" after it read the outcome."""
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    for p in players:
        won = _coin(ctx)
        ctx.won[p] = won
        ctx.game.events.append(KeywordActed("win the flip" if won else "lose the flip", p))
        ctx.game.say(f"  {p} flips a coin and {'wins' if won else 'loses'} the flip (705.1)")
    return bool(players)


@keyword_action("clash", limits=(
    ("clashing with other than an opponent", lambda a: not isinstance(a.what, A.PlayerGroup)
     or a.what.which not in ("an_opponent", "target_opponent")),
    ("another player clashing", lambda a: not_you(a.player)),
))  # fmt: skip
def _clash(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.30: "clash with an opponent" — the controller chooses an opponent
    (not a target, 701.30b), and each of the two reveals the top card of
    their library (701.30a); in APNAP order each decides whether to put it on
    the bottom (701.30c); a player whose card has a higher mana value than
    every other revealed wins (701.30d)."""
    game = ctx.game
    opponents = ctx.players(a.what)
    if not opponents:
        game.say("  clash: no opponent to clash with")
        return False
    other = opponents[0]
    if len(opponents) > 1:
        d = Decision("pick", ctx.controller, "clash with which opponent (701.30b)", list(opponents), list(opponents), 1, 1)
        other = str(ask(game, d)[0])
    clashing: list[PlayerId] = [ctx.controller, other]
    order = sorted(clashing, key=lambda p: p != game.state.active)  # APNAP (101.4)
    revealed: dict[PlayerId, GameObject | None] = {}
    for p in clashing:
        top = game.zone("library", p)[:1]
        card = game.obj(top[0]) if top else None
        revealed[p] = card
        shown = display_name(card) if card is not None else "nothing (an empty library)"
        game.say(f"  {p} clashes: reveals {shown}")
    bottom = []
    for p in order:
        card = revealed[p]
        if card is not None and ask(game, Decision("may", p, f"clash: put {display_name(card)} on the bottom of your library?")):
            bottom.append(card)
    for card in bottom:
        move(game, card, "library", bottom=True)
        game.say(f"  {card.owner} puts {display_name(card)} on the bottom of their library")
    values = {p: chars(o).mana_value if o is not None else -1 for p, o in revealed.items()}
    for p in clashing:
        ctx.won[p] = revealed[p] is not None and all(values[p] > v for q, v in values.items() if q != p)
        game.events.append(KeywordActed("clash", p))
    winners = [p for p in clashing if ctx.won[p]]
    game.say(f"  {winners[0]} wins the clash (701.30d)" if winners else "  no one wins the clash (701.30d)")
    return True


@keyword_action("monstrosity", limits=(
    ("monstrosity of another permanent or player", lambda a: a.what is not None or a.player is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _monstrosity(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.37a: "Monstrosity N" — if this permanent isn't monstrous, put N
    +1/+1 counters on it and it becomes monstrous (a designation it keeps
    until it leaves the battlefield, 701.37b), which "When [this] becomes
    monstrous" sees; X is the X paid for the ability (701.37c)."""
    game = ctx.game
    src = ctx.source_obj()
    if src is None or src.zone != "battlefield":
        game.say("  monstrosity: its source is no longer on the battlefield")
        return False
    if "monstrous" in src.marks:
        game.say(f"  {display_name(src)} is monstrous already: nothing happens (701.37a)")
        return False
    n = max(0, ctx.quantity(a.amount))
    put_counters(game, src, "+1/+1", n)
    src.marks = src.marks | {"monstrous"}
    game.events.append(KeywordActed("monstrosity", ctx.controller, src.id))
    game.say(f"  {display_name(src)} gets {n} +1/+1 counter(s) and becomes monstrous (701.37a)")
    return True
