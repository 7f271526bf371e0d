"""The concerns of the card language, one module each, beside its ``.lark``
file: the module holds the concern's AST nodes, the builders the parser
calls for its rules, and the renderers that write its nodes back.

:data:`CONCERNS` is the order the ``.lark`` files are joined in.
"""

from __future__ import annotations

import importlib

CONCERNS = (
    "card", "mana", "keywords", "sentences", "verbs", "statics", "triggers", "conditions",
    "objects", "quantities", "terminals",
)  # fmt: skip

MODULES = (
    "mana", "objects", "quantities", "conditions", "keywords", "verbs", "sentences",
    "triggers", "statics", "card",
)  # fmt: skip


def load() -> None:
    """Import every concern module, so that their nodes, builders and
    renderers are registered."""
    from ..node import register_nodes

    for name in MODULES:
        register_nodes(importlib.import_module(f"grammar.lang.{name}"))
    register_nodes(importlib.import_module("grammar.layout"))
