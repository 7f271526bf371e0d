"""The instructions the engine carries out (CR 608.2c), one module per family:

* :mod:`.damage_life` — deal damage, gain and lose life, fight;
* :mod:`.zones` — destroy, exile, return, put into a zone, sacrifice,
  regenerate, attach, champion's exile;
* :mod:`.choose` — "choose target ..." as an instruction of its own;
* :mod:`.counters_tokens` — counters, tokens, token copies;
* :mod:`.library` — draw, discard, mill, look, reveal, search, shuffle, scry;
* :mod:`.stack` — counter, copy a spell, counter unless its controller pays;
* :mod:`.permanents` — "gets +N/+N", tap and untap, "becomes", "can't block",
  "can't be regenerated";
* :mod:`.mana` — add mana, "spend this mana only ...";
* :mod:`.turns` — skip a turn, take an extra turn;
* :mod:`.facedown` — manifest, manifest dread, cloak;
* :mod:`.piles` — exile in a face-down pile, shuffle and manifest it; turn a permanent face up;
* :mod:`.requirements` — "blocks this turn if able";
* :mod:`.haunt` — haunt's exile;
* :mod:`.choose` — "choose a card name", "you choose a nonland card from it";
* :mod:`.prevention` — prevent damage (615), "damage can't be prevented",
  and the other "can't" instructions (:data:`.prevention.RESTRICTIONS`);
* :mod:`.transform` — transform a double-faced permanent (701.27);
* :mod:`.keyword_actions` — flip a coin (705), clash, monstrosity and the other
  keyword actions (701) that stand alone;
* :mod:`.common` — the pieces several families share.

Each function is registered with :func:`~.registry.carries_out`, the parts of its
instruction it can't carry out yet beside it (:data:`~.registry.LIMITS`).
Adding an instruction is one function in its family's module.  Importing
this package imports every family, so that all are registered before
:func:`~.registry.do` looks one up.
"""

from __future__ import annotations

from . import (
    choose,
    counters_tokens,
    damage_life,
    facedown,
    haunt,
    keyword_actions,
    library,
    mana,
    permanents,
    piles,
    prevention,
    requirements,
    stack,
    transform,
    turns,
    zones,
)
from .registry import ACTIONS, LIMITS, carries_out, do, limit

FAMILIES = (
    choose, counters_tokens, damage_life, facedown, haunt, keyword_actions, library, mana, permanents, piles, prevention, requirements,
    stack, transform, turns, zones,
)
"""The modules that register instructions."""

__all__ = ["ACTIONS", "FAMILIES", "LIMITS", "carries_out", "do", "limit"]
