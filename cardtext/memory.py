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
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
"""Allocations between two collections of the youngest generation (Python's
default is 700)."""


def for_many_cards() -> None:
    """Collect cycles less often (the command line sets this once)."""
    gc.set_threshold(YOUNG_THRESHOLD, 20, 20)


def freeze_loaded() -> None:
    """Leave the objects alive now (the loaded parser) out of later
    collections; in a process about to fork workers, they also stay shared."""
    gc.collect()
    gc.freeze()


__all__ = ["YOUNG_THRESHOLD", "for_many_cards", "freeze_loaded"]
