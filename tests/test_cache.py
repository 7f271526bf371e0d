"""The engine's caches by node identity stay bounded: a run over thousands of
cards must not keep every card it has seen alive (memory, and the garbage
collector's time over a large ``check`` or ``coverage``)."""

from __future__ import annotations

from typing import Any

import pytest

from interpreter import cache
from interpreter.cache import per_node, remember


class Thing:
    """A stand-in for an AST node: known by identity."""


def test_per_node_remembers_by_identity_and_starts_again_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "LIMIT", 3)
    calls: list[Thing] = []

    @per_node
    def f(node: Thing) -> int:
        calls.append(node)
        return len(calls)

    things = [Thing() for _ in range(10)]
    first = f(things[0])
    assert f(things[0]) == first and len(calls) == 1  # remembered
    for t in things:
        f(t)
    store = next(c.cell_contents for c in (f.__closure__ or ()) if isinstance(c.cell_contents, dict))
    assert 0 < len(store) <= 3
    # what is remembered is still right after a new start
    assert f(things[-1]) == len(calls)


def test_remember_starts_again_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "LIMIT", 4)
    store: dict[Any, Any] = {}
    for n in range(9):
        remember(store, n, n * n)
        assert len(store) <= 4 and store[n] == n * n
