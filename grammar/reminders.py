"""The standard reminder text the renderer writes after an ability (it
carries no rules meaning, CR 207.2a): for Manifest (701.40), manifest dread
(701.62), cloak (701.58) and copies of spells that may be permanent spells
(707.10).  Kicker writes its own (grammar/lang/keywords.py)."""

from __future__ import annotations

from typing import Any

COPY = "A copy of a permanent spell becomes a token."
MANIFEST = ("To manifest a card, put it onto the battlefield face down as a 2/2 creature. "
            "Turn it face up any time for its mana cost if it's a creature card.")  # fmt: skip
MANIFEST_DREAD = ("Look at the top two cards of your library. Put one onto the battlefield face down as a "
                  "2/2 creature and the other into your graveyard. Turn it face up any time for its mana "
                  "cost if it's a creature card.")  # fmt: skip
CLOAK = ("To cloak a card, put it onto the battlefield face down as a 2/2 creature with ward {2}. "
         "Turn it face up any time for its mana cost if it's a creature card.")  # fmt: skip


def reminder_for(node: Any) -> str:
    """The reminder text for an ability (or one mode of it), or ""."""
    from .lang.keywords import Kicker
    from .lang.objects import ObjectFilter, Target
    from .lang.sentences import Modes
    from .lang.verbs import CopySpell, KeywordAction, Manifest

    if isinstance(node, Kicker):
        return ""
    nodes = list(node.walk())
    if any(isinstance(n, Modes) for n in nodes):
        return ""  # each mode carries its own reminder text
    for n in nodes:
        if isinstance(n, Manifest):
            if n.dread:
                return MANIFEST_DREAD
            return CLOAK if n.cloak else MANIFEST
        if isinstance(n, KeywordAction) and n.verb == "manifest dread":
            return MANIFEST_DREAD
    for n in nodes:
        if isinstance(n, CopySpell):
            what = n.what
            if isinstance(what, Target) and isinstance(what.spec, ObjectFilter) and \
                    set(what.spec.nouns) <= {"instant", "sorcery"} and what.spec.nouns:  # fmt: skip
                continue
            return COPY
    return ""
