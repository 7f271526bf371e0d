"""A progress bar on standard error, for runs over many cards (``coverage``).

Shown only where someone watches: when the stream is a terminal (and not
``TERM=dumb``); redirected to a file or a pipe, nothing is written. The bar
is redrawn at most ten times a second and erased when the run ends, so the
report that follows starts on a clean line.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

INTERVAL = 0.1  # seconds between two redraws


def wanted(stream: Any) -> bool:
    """Whether a bar is drawn on ``stream``: a terminal, not ``TERM=dumb``."""
    if os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Progress:
    """``label 1,234/18,198 [=====>      ] 7%``, redrawn in place."""

    def __init__(self, total: int, label: str, stream: Any = None,
                 clock: Callable[[], float] = time.monotonic) -> None:  # fmt: skip
        self.total = total
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.done = 0
        self._drawn = float("-inf")  # the first card draws the bar
        self._width = 0

    def line(self) -> str:
        share = self.done / self.total if self.total else 1.0
        columns = shutil.get_terminal_size((80, 24)).columns
        head = f"{self.label} {self.done:,}/{self.total:,} "
        tail = f" {int(share * 100)}%"
        room = max(10, min(40, columns - len(head) - len(tail) - 3))
        full = int(share * room)
        bar = "=" * full + (">" if full < room else "") + " " * max(0, room - full - 1)
        return f"{head}[{bar}]{tail}"

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = self.clock()
        if now - self._drawn >= INTERVAL or self.done >= self.total:
            self._drawn = now
            self._write(self.line())

    def close(self) -> None:
        """Erase the bar."""
        if self._width:
            self._write("")

    def _write(self, text: str) -> None:
        try:
            self.stream.write("\r" + text.ljust(self._width) + ("\r" if not text else ""))
            self.stream.flush()
        except (OSError, ValueError):  # a terminal that went away: the run goes on without a bar
            self._width = 0
            return
        self._width = len(text)

    def track(self, items: Iterable[T]) -> Iterator[T]:
        """Each item of ``items``, advancing the bar by one after it; erased at the end."""
        try:
            for item in items:
                yield item
                self.advance()
        finally:
            self.close()
