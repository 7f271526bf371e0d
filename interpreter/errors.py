"""The interpreter's errors, all under :class:`cardtext.grammar.errors.CardTextError`.

* :class:`IllegalAction` — a step the rules forbid (CR 601.2, 602.2, 116.2):
  the game is left exactly as it was before the step.
* :class:`UnansweredDecision` — a choice the chooser could not make; it names
  the decision and says what would answer it.
* :class:`Unsupported` — card text the interpreter has no general piece for
  yet; raised instead of silently doing nothing.
"""

from __future__ import annotations

from cardtext.grammar.errors import CardTextError


class EngineError(CardTextError):
    """Base class of the interpreter's own errors."""


class IllegalAction(EngineError):
    """An action the rules forbid; the state was rolled back."""


class UnansweredDecision(EngineError):
    """A decision with no answer (or an answer of the wrong kind)."""

    def __init__(self, decision: str, how: str, detail: str = "") -> None:
        message = f"unanswered decision: {decision}"
        if detail:
            message += f" ({detail})"
        if how:
            message += f"; answer it with {how}"
        super().__init__(message)
        self.decision = decision
        self.how = how
        self.detail = detail


class Unsupported(EngineError):
    """Card text that parses but that the interpreter can't carry out yet."""


__all__ = ["EngineError", "IllegalAction", "UnansweredDecision", "Unsupported"]
