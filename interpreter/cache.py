"""A cache of functions of AST nodes, by the node's identity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


LIMIT = 2_048
"""Entries a cache keeps before it starts again: each entry keeps its node
alive, and a run over a large card file ("cardtext check", "coverage")
must not keep every card it has seen (memory, and the garbage collector's
time, grow with what is kept)."""


def remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """``cache[key] = value`` for a cache by identity whose values keep their
    nodes alive: at :data:`LIMIT` entries it starts again (see there)."""
    if len(cache) >= LIMIT:
        cache.clear()
    cache[key] = value


def per_node(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache a function of an AST node (and plain arguments) by the node's
    identity: AST nodes live as long as the card pool, and hashing a frozen
    tree walks all of it.  At most :data:`LIMIT` entries are kept."""
    cache: dict[Any, tuple[Any, T]] = {}

    def wrapper(node: Any, *args: Any) -> T:
        key = (id(node), *args) if args else id(node)
        hit = cache.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        value = fn(node, *args)
        if len(cache) >= LIMIT:
            cache.clear()
        cache[key] = (node, value)
        return value

    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    return wrapper


__all__ = ["LIMIT", "per_node", "remember"]
