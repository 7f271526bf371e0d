"""A cache of functions of AST nodes, by the node's identity."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def per_node(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache a function of an AST node (and plain arguments) by the node's
    identity: AST nodes live as long as the card pool, and hashing a frozen
    tree walks all of it."""
    cache: dict[tuple[Any, ...], tuple[Any, T]] = {}

    def wrapper(node: Any, *args: Any) -> T:
        key = (id(node), *args)
        hit = cache.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        value = fn(node, *args)
        cache[key] = (node, value)
        return value

    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    return wrapper


__all__ = ["per_node"]
