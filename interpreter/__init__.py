"""The rules interpreter: plays cards written as text (AST → game).

Entry points:

* :func:`new_game`, :func:`add_card` — set up a game;
* :func:`cast` (601.2), :func:`activate` (602), :func:`turn_face_up` (116.2b),
  :func:`unlock` (a Room's door, 709.5e),
  :func:`plot` (702.170a), :func:`suspend` (702.62a),
  :func:`resolve_top` (608), :func:`pass_priority` (117.4),
  :func:`declare_attackers` (508.1), :func:`declare_blockers` (509.1) — the actions;
* choosers (:mod:`cardtext.interpreter.choices`) answer every decision.

Every refused action raises :class:`IllegalAction` and leaves the game exactly
as it was.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The engine's names, by the module that defines them.  They are imported on
# first use, so that ``cardtext.interpreter.links`` (the static link check that
# ``cardtext check`` runs) doesn't load the whole engine.
_EXPORTS = {
    "activation": ("activate", "activated_abilities"),
    "casting": ("cast",),
    "characteristics": ("chars", "display_name", "keywords", "power_toughness"),
    "combat": ("declare_attackers", "declare_blockers"),
    "choices": ("Chooser", "Decision", "RandomChooser", "ScriptedChooser", "TerminalChooser"),
    "errors": ("EngineError", "IllegalAction", "UnansweredDecision", "Unsupported"),
    "facedown": ("turn_face_up",),
    "objects": ("GameObject", "ObjectId", "PlayerId"),
    "rooms": ("unlock",),
    "plot": ("plot",),
    "suspend": ("suspend",),
    "setup": ("add_card", "new_game"),
    "stack": ("resolve_top",),
    "state": ("Game", "GameState", "StackItem"),
    "triggers": ("settle",),
    "turns": ("pass_priority",),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = [
    "Chooser", "Decision", "EngineError", "Game", "GameObject", "GameState", "IllegalAction",
    "ObjectId", "PlayerId", "RandomChooser", "ScriptedChooser", "StackItem", "TerminalChooser",
    "UnansweredDecision", "Unsupported", "activate", "activated_abilities", "add_card", "cast",
    "chars", "declare_attackers", "declare_blockers", "display_name", "keywords", "new_game", "pass_priority", "plot", "power_toughness",
    "resolve_top", "settle", "suspend", "turn_face_up", "unlock",
]  # fmt: skip
assert sorted(__all__) == sorted(_MODULE_OF)

if TYPE_CHECKING:
    from .activation import activate, activated_abilities
    from .casting import cast
    from .characteristics import chars, display_name, keywords, power_toughness
    from .choices import Chooser, Decision, RandomChooser, ScriptedChooser, TerminalChooser
    from .combat import declare_attackers, declare_blockers
    from .errors import EngineError, IllegalAction, UnansweredDecision, Unsupported
    from .facedown import turn_face_up
    from .objects import GameObject, ObjectId, PlayerId
    from .plot import plot
    from .rooms import unlock
    from .setup import add_card, new_game
    from .stack import resolve_top
    from .state import Game, GameState, StackItem
    from .suspend import suspend
    from .triggers import settle
    from .turns import pass_priority


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'cardtext.interpreter' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
