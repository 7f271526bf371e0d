"""The rules interpreter: plays cards written as text (AST → game).

Entry points:

* :func:`new_game`, :func:`add_card` — set up a game;
* :func:`cast` (601.2), :func:`activate` (602), :func:`turn_face_up` (116.2b),
  :func:`resolve_top` (608), :func:`pass_priority` (117.4) — the actions;
* choosers (:mod:`interpreter.choices`) answer every decision.

Every refused action raises :class:`IllegalAction` and leaves the game exactly
as it was.
"""

from __future__ import annotations

from .activation import activate, activated_abilities
from .casting import cast
from .characteristics import chars, display_name, keywords, power_toughness
from .choices import Chooser, Decision, RandomChooser, ScriptedChooser, TerminalChooser
from .errors import EngineError, IllegalAction, UnansweredDecision, Unsupported
from .facedown import turn_face_up
from .objects import GameObject, ObjectId, PlayerId
from .setup import add_card, new_game
from .stack import resolve_top
from .state import Game, GameState, StackItem
from .triggers import settle
from .turns import pass_priority

__all__ = [
    "Chooser", "Decision", "EngineError", "Game", "GameObject", "GameState", "IllegalAction",
    "ObjectId", "PlayerId", "RandomChooser", "ScriptedChooser", "StackItem", "TerminalChooser",
    "UnansweredDecision", "Unsupported", "activate", "activated_abilities", "add_card", "cast",
    "chars", "display_name", "keywords", "new_game", "pass_priority", "power_toughness",
    "resolve_top", "settle", "turn_face_up",
]  # fmt: skip
