"""The typed AST of card text: every node class, from the concern modules of
:mod:`cardtext.grammar.lang` (and the card layout, :mod:`cardtext.grammar.layout`).

Every node is a frozen, slotted dataclass named after the grammar rule that
builds it.  Source positions live in ``span`` and take no part in equality,
so two cards worded the same compare equal wherever they were written.

The interpreter sees only these classes, never a ``lark.Tree``.  References
that rules 607 and 702.33 link to another ability are explicit nodes
(:class:`KickedCondition` names the kicker cost it means, :class:`ExiledCards`
means "the cards exiled with this object"), so binding never looks at text.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from .definitions import DefinedKeyword  # noqa: F401
from .lang.card import *  # noqa: F403
from .lang.conditions import *  # noqa: F403
from .lang.keywords import *  # noqa: F403
from .lang.mana import *  # noqa: F403
from .lang.objects import *  # noqa: F403
from .lang.quantities import *  # noqa: F403
from .lang.sentences import *  # noqa: F403
from .lang.statics import *  # noqa: F403
from .lang.triggers import *  # noqa: F403
from .lang.verbs import *  # noqa: F403
from .layout import Card, Defense, Loyalty, PowerToughness, TypeLine  # noqa: F401
from .node import Node, Span  # noqa: F401

# Unions the interpreter names in type hints.  ``Adjective``, ``CostPart``,
# ``ObjectRef``, ``PlayerRef``, ``Quality`` and ``Word`` come from the concern
# modules (:mod:`cardtext.grammar.lang.objects`, :mod:`cardtext.grammar.lang.mana`) with the rest.
Ability: TypeAlias = Any
Action: TypeAlias = Any
Condition: TypeAlias = Any
Instruction: TypeAlias = Any
Quantity: TypeAlias = Any
Trigger: TypeAlias = Any
TargetSpec: TypeAlias = Any
