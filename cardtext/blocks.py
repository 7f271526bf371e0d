"""A card file as text: where each card is, its name, its lines.

This is the layout docs/cards.md describes: cards separated
by blank lines, ``#`` comment lines anywhere, a multi-face card's faces
separated by a ``//`` line. It needs no parse, so the pytest plugin, the
language server and the exporter can point at a card whose text doesn't
parse yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from cardtext.grammar.definitions import is_declaration
from cardtext.grammar.parser import editor_lines as parser_editor_lines

_MANA_TAIL = re.compile(r"\s*(?:\{[^{}]*\}\s*)+$")
_FACE_SEP = re.compile(r"^\s*//")


def editor_lines(text: str) -> list[str]:
    """The lines of ``text`` as editors number them (``\\n``, ``\\r\\n``, ``\\r``),
    without a leading byte-order mark (:func:`cardtext.grammar.parser.editor_lines`)."""
    return parser_editor_lines(text.removeprefix("\ufeff"))


def is_comment(line: str) -> bool:
    return line.lstrip().startswith("#")


def split_name_line(line: str) -> tuple[str, str]:
    """``"Gnarlid Pack {1}{G}"`` → ``("Gnarlid Pack", "{1}{G}")``."""
    line = line.strip()
    match = _MANA_TAIL.search(line)
    if match is None or match.start() == 0:
        return line, ""
    return line[: match.start()].rstrip(), "".join(line[match.start() :].split())


@dataclass(frozen=True)
class CardBlock:
    """The lines of one card: ``start`` and ``end`` are 1-based, inclusive;
    ``lines`` are the file's lines from ``start`` to ``end`` as written,
    comment lines included."""

    start: int
    end: int
    lines: tuple[str, ...]

    def __contains__(self, line: object) -> bool:
        return isinstance(line, int) and self.start <= line <= self.end

    def numbered(self) -> Iterator[tuple[int, str]]:
        """The card's own lines (not comments) with their line numbers."""
        for number, line in enumerate(self.lines, start=self.start):
            if not is_comment(line):
                yield number, line

    @property
    def card_lines(self) -> list[str]:
        return [line for _, line in self.numbered()]

    @property
    def comments(self) -> list[str]:
        return [line.rstrip() for line in self.lines if is_comment(line)]

    @property
    def face_names(self) -> list[str]:
        """The name of each face, from the first line and each line after ``//``."""
        names: list[str] = []
        previous: str | None = None
        for line in self.card_lines:
            if previous is None or _FACE_SEP.match(previous):
                names.append(split_name_line(line)[0])
            previous = line
        return names

    @property
    def name(self) -> str:
        """The card's name as written; faces' names joined by ``" // "``."""
        return " // ".join(self.face_names) or f"line {self.start}"

    def line_text(self, line: int) -> str:
        return self.lines[line - self.start] if line in self else ""


def card_blocks(text: str) -> list[CardBlock]:
    """Every card of a card file, in order."""
    blocks: list[CardBlock] = []
    lines = editor_lines(text)
    start: int | None = None
    for number, line in enumerate([*lines, ""], start=1):
        blank = not line.strip()
        if blank and start is not None:
            blocks.append(CardBlock(start, number - 1, tuple(lines[start - 1 : number - 1])))
            start = None
        elif not blank and start is None and not is_comment(line) and not is_declaration(line):
            start = number
    return blocks


def block_at(blocks: list[CardBlock], line: int) -> CardBlock | None:
    """The card that holds line ``line`` (1-based), if any."""
    for block in blocks:
        if line in block:
            return block
    return None


__all__ = [
    "is_declaration",
    "CardBlock",
    "block_at",
    "card_blocks",
    "editor_lines",
    "is_comment",
    "split_name_line",
]
