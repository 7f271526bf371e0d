"""The concerns of the card language, one module each, beside its ``.lark``
file: the module holds the concern's AST nodes, the builders the parser
calls for its rules, and the renderers that write its nodes back.

:data:`CONCERNS` is the order the ``.lark`` files are joined in.
"""

from __future__ import annotations

import importlib
from types import ModuleType

CONCERNS = (
    "card", "mana", "keywords", "sentences", "verbs", "statics", "triggers", "conditions",
    "objects", "quantities", "terminals",
)  # fmt: skip

MODULES = (
    "mana", "objects", "quantities", "conditions", "keywords", "verbs", "sentences",
    "triggers", "statics", "card",
)  # fmt: skip


_LOADED: dict[str, ModuleType] = {}


def concern(name: str) -> ModuleType:
    """The concern module ``cardtext.grammar.lang.<name>``, for what one concern takes
    from another at run time (modules that import each other can't do it at
    their top): looked up in a dict after the first call, where an import
    statement in the function would cost thousands of instructions at every
    call."""
    module = _LOADED.get(name)
    if module is None:
        module = _LOADED[name] = importlib.import_module(f"cardtext.grammar.lang.{name}")
    return module


def load() -> None:
    """Import every concern module, so that their nodes, builders and
    renderers are registered."""
    from ..node import register_nodes

    for name in MODULES:
        register_nodes(importlib.import_module(f"cardtext.grammar.lang.{name}"))
    register_nodes(importlib.import_module("cardtext.grammar.layout"))
