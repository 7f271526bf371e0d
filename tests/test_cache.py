"""The engine's caches by node identity stay bounded: a run over thousands of
cards must not keep every card it has seen alive (memory, and the garbage
collector's time over a large ``check`` or ``coverage``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from cardtext.interpreter import cache
from cardtext.interpreter.cache import per_node, remember


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


def test_generated_functions_are_compiled_once_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """cardtext.grammar.codecache: the same source is compiled once; a later process
    reads the compiled code from the cache file and compiles nothing."""
    import subprocess
    import sys

    from cardtext.grammar import codecache

    source = "def twice(x):\n    return factor * x\n"
    first = codecache.define(source, {"factor": 2}, "twice")
    second = codecache.define(source, {"factor": 3}, "twice")
    assert first(5) == 10 and second(5) == 15 and first.__code__ is second.__code__
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    env.pop("CARDTEXT_NO_CACHE", None)
    script = (  # the node classes' __init__ are compiled too, as grammar is imported
        "import cardtext.grammar.codecache as c\n"
        "f = c.define('def f():\\n    return 7\\n', {}, 'f')\n"
        "print(f(), min(c.compiled, 1))\n"
    )
    root = Path(__file__).resolve().parents[1]
    runs = [subprocess.run([sys.executable, "-c", script], env=env, cwd=root, capture_output=True, text=True, check=True)
            for _ in range(2)]  # fmt: skip
    assert [r.stdout.split() for r in runs] == [["7", "1"], ["7", "0"]]
    assert codecache.cache_file() is not None
    (cache,) = (tmp_path / "cardtext").glob("code-*.marshal")
    cache.write_bytes(b"not marshal data")  # a broken cache costs a compile, nothing more
    again = subprocess.run([sys.executable, "-c", script], env=env, cwd=root, capture_output=True, text=True, check=True)
    assert again.stdout.split() == ["7", "1"]
