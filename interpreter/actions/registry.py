"""The registry of instructions (CR 608.2c): each kind of instruction, the
function that carries it out, and the parts of it the engine can't carry out
yet.

A family module registers each of its functions with :func:`carries_out`, its
gaps beside it::

    @carries_out(A.Fight, limits=(
        ("a fight that doesn't name both creatures", lambda a: a.first is None or a.second is None),
    ))
    def _fight(ctx: Ctx, a: A.Fight) -> bool: ...

:func:`do` carries out an instruction through :data:`ACTIONS`, raising
:class:`~cardtext.interpreter.errors.Unsupported` for an instruction of a kind it
doesn't know or a part of one named in :data:`LIMITS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import Unsupported

if TYPE_CHECKING:
    from cardtext.grammar import ast as A

    from ..context import Ctx

Limit = tuple[str | Callable[[Any], str], Callable[[Any], object]]
"""A part of an instruction the engine can't carry out yet: (what, test);
``what`` is a phrase, or a function of the instruction that writes one
(to name the verb of a keyword action, say)."""

ActionFn = TypeVar("ActionFn", bound=Callable[..., bool])

ACTIONS: dict[type, Callable[[Ctx, Any], bool]] = {}
"""Each instruction (608.2c) and the function that carries it out; it
returns whether the instruction was done (for "if you do", 608.2d)."""

LIMITS: dict[type, tuple[Limit, ...]] = {}
"""For each kind of instruction, the parts of it the interpreter can't
carry out yet: (what, test); :func:`do` raises
:class:`~cardtext.interpreter.errors.Unsupported` naming the first that applies, and
:mod:`cardtext.interpreter.support` reports it without playing."""


def carries_out(kind: type, *, limits: tuple[Limit, ...] = ()) -> Callable[[ActionFn], ActionFn]:
    """Register the decorated function as what carries out instructions of
    ``kind``, with the parts of them it can't carry out (``limits``)."""

    def register(fn: ActionFn) -> ActionFn:
        if kind in ACTIONS:
            raise ValueError(f"two functions carry out {kind.__name__}")
        ACTIONS[kind] = fn
        if limits:
            LIMITS[kind] = limits
        return fn

    return register


def do(ctx: Ctx, action: A.Action) -> bool:
    """Carry out one instruction; whether it was done (608.2d).  An
    instruction that acted on nothing and said nothing gets a log line saying
    so: no instruction is skipped in silence."""
    fn = ACTIONS.get(type(action))
    if fn is None:
        raise Unsupported(f"the interpreter can't carry out '{type(action).__name__}' yet")
    problem = limit(action)
    if problem is not None:
        raise Unsupported(f"the interpreter can't carry out {problem} yet")
    said = len(ctx.game.log)
    done = fn(ctx, action)
    if not done and len(ctx.game.log) == said:
        # Nothing to act on (no target chosen, 0 cards, nothing found): the log
        # says so, so that no instruction passes unseen.
        from ..effects import describe_action

        ctx.game.say(f"  {describe_action(action)}: nothing to do")
    return done


def limit(action: A.Node) -> str | None:
    """The part of an instruction of a kind in :data:`ACTIONS` that the
    interpreter has no piece for (:data:`LIMITS`), or None."""
    for what, test in LIMITS.get(type(action), ()):
        if test(action):
            return what if isinstance(what, str) else what(action)
    return None


__all__ = ["ACTIONS", "LIMITS", "Limit", "carries_out", "do", "limit"]
