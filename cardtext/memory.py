"""Garbage-collector settings for runs over many cards.

Parsing a card makes many small objects (tokens, spans, AST nodes) that
live as long as the card is checked; they hold no reference cycles.  With
Python's default thresholds the cyclic collector runs every 700 container
allocations and, as the long-lived objects of the parser (its tables, its
caches) age into the oldest generation, spends a third of a large check
walking them again and again.  :func:`for_many_cards` collects less often,
and :func:`freeze_loaded` moves what is loaded so far (the parser, warmed
up) out of the collector's sight, before worker processes are forked so
that they share it.  Reference counting still frees every card as soon as
it is done with.

At the interpreter's exit, the cyclic collector would walk every object
still alive (the parser's tables, the node classes, the engine's modules)
once more before they are freed: a sixth of a one-card ``cardtext check``.
:func:`for_many_cards` has them frozen first (:func:`gc.freeze`, at exit),
so that the collections of the interpreter's shutdown skip them; they are
freed by the shutdown itself as ever (reference counting and the modules'
teardown), and ``atexit`` handlers and the flush of open files run as
before.
"""

from __future__ import annotations

import atexit
import gc

YOUNG_THRESHOLD = 50_000
"""Allocations between two collections of the youngest generation (Python's
default is 700)."""


_AT_EXIT: list[bool] = []


def for_many_cards() -> None:
    """Collect cycles less often, and not over what is alive at exit (the
    command line sets this once)."""
    gc.set_threshold(YOUNG_THRESHOLD, 20, 20)
    if not _AT_EXIT:
        _AT_EXIT.append(True)
        atexit.register(gc.freeze)


def freeze_loaded() -> None:
    """Leave the objects alive now (the loaded parser) out of later
    collections; in a process about to fork workers, they also stay shared."""
    gc.collect()
    gc.freeze()


__all__ = ["YOUNG_THRESHOLD", "for_many_cards", "freeze_loaded"]
