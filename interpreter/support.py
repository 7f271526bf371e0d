"""Can the engine carry out a card?  A static check over its AST.

Each kind of node the engine acts on is looked up in the table the engine
itself dispatches through when it plays the card:

* kinds of sentence (608.2c) — plain, "if", modal (700.2) — in
  :data:`interpreter.effects.INSTRUCTIONS`;
* instructions (608.2c) in :data:`interpreter.effects.ACTIONS`;
* triggers (603) in :data:`interpreter.triggers.TRIGGERS`;
* conditions in :data:`interpreter.conditions.CONDITIONS`;
* numbers in :data:`interpreter.quantities.QUANTITIES`;
* enters replacements (614.1c, 614.12) in
  :data:`interpreter.replacement.ENTERS_REPLACEMENTS`, characteristic-defining
  abilities (604.3) in :data:`interpreter.characteristics.CHARACTERISTIC_DEFINING`,
  static effects (611.3) in :data:`interpreter.characteristics.STATIC_ACTIONS`;
* keywords with a cost in :data:`interpreter.keywords.KEYWORD_EXPANSIONS` and
  :data:`interpreter.facedown.MORPH_KEYWORDS`.

The remaining kinds of ability are each carried out by one function, listed
in :data:`ABILITIES`.  A card that passes can still meet a choice or a
reference the engine can't resolve at run time; those raise
:class:`~interpreter.errors.Unsupported` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, get_args

from grammar import ast as A

from . import activation, casting, costs, stack, triggers
from .characteristics import CHARACTERISTIC_DEFINING, STATIC_ACTIONS
from .conditions import CONDITIONS
from .effects import ACTIONS, INSTRUCTIONS
from .facedown import MORPH_KEYWORDS
from .keywords import KEYWORD_EXPANSIONS, all_abilities
from .quantities import QUANTITIES
from .replacement import ENTERS_REPLACEMENTS
from .triggers import TRIGGERS

ABILITIES: dict[type, Any] = {
    A.KeywordLine: all_abilities,
    A.Kicker: casting.kicker_label,
    A.AdditionalCost: casting.cast,
    A.SpellAbility: stack.spell_effect,
    A.TriggeredAbility: triggers.collect,
    A.ActivatedAbility: activation.activate,
    A.CantBeCountered: stack.can_be_countered,
    A.StaticEffect: STATIC_ACTIONS,
    A.CostModifier: costs.cost_modifiers,
    **{kind: fn for kind, fn in ENTERS_REPLACEMENTS.items()},
    **{kind: fn for kind, fn in CHARACTERISTIC_DEFINING.items()},
}
"""Every kind of ability (113) and the engine function or table that carries it out."""

AS_ENTERS_CHOICES = (A.ChooseValue, A.PayAnyLife)
"""What "As [this] enters, ..." can do besides an instruction (614.12, 607.2d, 607.2g)."""

_KINDS: tuple[tuple[str, tuple[type, ...], Any], ...] = (
    ("sentence", get_args(A.Instruction), INSTRUCTIONS),
    ("instruction", get_args(A.Action), ACTIONS),
    ("trigger", get_args(A.Trigger), TRIGGERS),
    ("condition", get_args(A.Condition), CONDITIONS),
    ("quantity", get_args(A.Quantity), QUANTITIES),
    ("ability", get_args(A.Ability), ABILITIES),
)


@dataclass(frozen=True, slots=True)
class Gap:
    """One thing on a card the engine can't carry out: the node, and what it is."""

    node: A.Node
    what: str

    def __str__(self) -> str:
        where = f" (line {self.node.span.line}, column {self.node.span.column})" if self.node.span else ""
        return f"{self.what}{where}"


def gaps(card: A.Card) -> list[Gap]:
    """Everything on ``card`` the engine has no general piece for."""
    out: list[Gap] = []
    for node in card.walk():
        kind = type(node)
        for label, members, table in _KINDS:
            if kind in members and kind not in table:
                out.append(Gap(node, f"{label} {kind.__name__}"))
        if isinstance(node, A.StaticEffect):
            for action in node.effects:
                if type(action) not in STATIC_ACTIONS:
                    out.append(Gap(node, f"static effect {type(action).__name__}"))
        if isinstance(node, A.AsEnters) and not isinstance(node.action, AS_ENTERS_CHOICES) and type(node.action) not in ACTIONS:
            out.append(Gap(node, f"'As it enters' with {type(node.action).__name__}"))
        if isinstance(node, A.KeywordWithCost):
            name = node.name.lower()
            if name not in KEYWORD_EXPANSIONS and name not in MORPH_KEYWORDS:
                out.append(Gap(node, f"keyword {node.name}"))
    return out


def supported(card: A.Card) -> bool:
    return not gaps(card)


__all__ = ["ABILITIES", "AS_ENTERS_CHOICES", "Gap", "gaps", "supported"]
