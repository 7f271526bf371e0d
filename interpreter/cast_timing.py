"""When a spell may be cast by its own rule (CR 601.3, 307.1): "Cast this
spell only during combat.", "Cast [this] only during the declare attackers
step and only if you've been attacked this step.", "Cast this spell only
if you control two or more Vampires.".

A card's "Cast ... only ..." sentence is a rule of casting it, not an
instruction: it is read as the card is cast (601.3: a player can't begin to
cast a spell a rule forbids them to cast) and does nothing as the spell
resolves.  Each of its timings must hold, on top of the timing of the card's
type (307.1, 302.1) and any permission it is cast with.  A timing the
engine can't tell is a gap in the support check (:func:`timing_problem`)
and :class:`~cardtext.interpreter.errors.Unsupported` if met at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .errors import Unsupported
from .objects import ObjectId, PlayerId

if TYPE_CHECKING:
    from .state import Game

COMBAT = ("combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
"""The steps of the combat phase (506.1), as the game names them."""

BEFORE_BLOCKERS = ("combat", "declare_attackers")
"""The combat steps before blockers are declared (506.1, 509.1)."""

AFTER_BLOCKERS = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
"""The combat steps once blockers are declared (509.1)."""


def _during_combat(game: Game, player: PlayerId) -> str | None:
    return None if game.state.step in COMBAT else "it is not the combat phase (506.1)"


def _before_blockers(game: Game, player: PlayerId) -> str | None:
    if game.state.step in BEFORE_BLOCKERS:
        return None
    return "it is not the combat phase before blockers are declared (506.1, 509.1)"


def _after_blockers(game: Game, player: PlayerId) -> str | None:
    if game.state.step in AFTER_BLOCKERS:
        return None
    return "it is not the combat phase after blockers are declared (506.1, 509.1)"


def _your_turn(game: Game, player: PlayerId) -> str | None:
    return None if game.state.active == player else f"it is {game.state.active}'s turn"


def _opponents_turn(game: Game, player: PlayerId) -> str | None:
    return None if game.state.active != player else f"it is {player}'s own turn"


CAST_TIMINGS: dict[str, Callable[[Game, PlayerId], str | None]] = {
    "during combat": _during_combat,
    "during combat before blockers are declared": _before_blockers,
    "during combat after blockers are declared": _after_blockers,
    "during your turn": _your_turn,
    "during an opponent's turn": _opponents_turn,
}
"""The timings of "Cast ... only [timing]" written as words the engine
checks, each saying why the spell can't be cast now (None if it can)."""

STEPS = {"upkeep": "upkeep", "declare attackers step": "declare_attackers", "declare blockers step": "declare_blockers",
         "end step": "end"}  # fmt: skip
"""The steps "during [whose] [step]" may name, as the game names them (the
engine gives no priority in the untap, draw and cleanup steps)."""

BEFORE_STEPS = {"combat damage step": ("upkeep", "main", "combat", "declare_attackers", "declare_blockers")}
"""The steps "before the [step]" may name: the steps of the turn before it
(510: the first-strike combat damage step is a combat damage step too)."""

ATTACKED = "been attacked this step"
"""The event of "only if you've been attacked this step" (508.1: a creature
was declared as attacking the player in this declare attackers step)."""


def _whose(t: A.StepTiming) -> str | None:
    """"the", "your", "an opponent's": None for any other owner of the step."""
    whose = t.whose.object if isinstance(t.whose, A.Possessive) else t.whose
    if whose is None:
        return "the"
    if isinstance(whose, A.You):
        return "your"
    if isinstance(whose, A.PlayerGroup) and whose.which == "an_opponent":
        return "an opponent's"
    return None


def _attacked(t: object) -> bool:
    return isinstance(t, A.Happened) and isinstance(t.subject, A.You) and t.event == ATTACKED and t.other is None


def timing_problem(t: object) -> str | None:
    """Why the engine can't tell one timing of "Cast ... only ..." (None if it can)."""
    if isinstance(t, str):
        return None if t in CAST_TIMINGS else f"'Cast ... only {t}' (601.3)"
    if isinstance(t, A.StepTiming):
        if _whose(t) is None:
            return "'Cast ... only during' a step of another player"
        if t.prep == "during" and t.step in STEPS or t.prep == "before" and t.step in BEFORE_STEPS and t.whose is None:
            return None
        return f"'Cast ... only {t.prep} the {t.step}' (601.3)"
    if _attacked(t):
        return None
    from .conditions import condition_gap

    if isinstance(t, A.Node):
        return condition_gap(t)
    return f"'Cast ... only' {type(t).__name__}"


def rule_problem(rule: A.CastOnly) -> str | None:
    """Why the engine can't read a "Cast ... only ..." rule (None if it can):
    one about another spell, or a timing it can't tell."""
    if not isinstance(rule.what, A.SelfRef):
        return "'Cast ... only ...' about another spell"
    for t in rule.timings:
        problem = timing_problem(t)
        if problem is not None:
            return problem
    return None


def _step_refusal(game: Game, player: PlayerId, t: A.StepTiming) -> str | None:
    whose = _whose(t)
    active = game.state.active
    if whose == "your" and active != player or whose == "an opponent's" and active == player:
        return f"it is {active}'s turn"
    if t.prep == "before":
        return None if game.state.step in BEFORE_STEPS[t.step] else f"this turn's {t.step} has begun"
    return None if game.state.step == STEPS[t.step] else f"it is not the {t.step}"


def _been_attacked(game: Game, player: PlayerId) -> str | None:
    fight = game.state.combat
    if game.state.step == "declare_attackers" and fight is not None and player in fight.attackers.values():
        return None
    return f"{player} hasn't been attacked this step (508.1)"


def refusal(game: Game, player: PlayerId, source: ObjectId, rule: A.CastOnly) -> str | None:
    """Why ``player`` can't cast the spell now by its rule ``rule`` (None if they can)."""
    problem = rule_problem(rule)
    if problem is not None:
        raise Unsupported(problem)
    for t in rule.timings:
        if isinstance(t, str):
            why = CAST_TIMINGS[t](game, player)
        elif isinstance(t, A.StepTiming):
            why = _step_refusal(game, player, t)
        elif _attacked(t):
            why = _been_attacked(game, player)
        else:
            from .conditions import holds
            from .context import Ctx

            why = None if holds(Ctx(game, player, source), t) else "its condition doesn't hold"
        if why is not None:
            return why
    return None


def cast_rules(abilities: tuple[A.Ability, ...]) -> list[A.CastOnly]:
    """The "Cast ... only ..." rules among a card's abilities: sentences of
    an instant's or sorcery's spell ability, or a permanent card's static
    ability of such sentences only."""
    out: list[A.CastOnly] = []
    for ab in abilities:
        if isinstance(ab, A.SpellAbility):
            out.extend(s for s in ab.effect.sentences if isinstance(s, A.CastOnly))
        elif isinstance(ab, A.StaticAbility) and ab.effect.sentences and all(
                isinstance(s, A.CastOnly) for s in ab.effect.sentences):  # fmt: skip
            out.extend(ab.effect.sentences)
    return out


__all__ = ["CAST_TIMINGS", "cast_rules", "refusal", "rule_problem", "timing_problem"]
