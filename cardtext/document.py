"""A card file open in an editor, checked again card by card as it changes.

Cards are independent: what one card means depends on its own lines, on
the subtypes the file's type lines declare (docs/cards.md, "A subtype of your own")
and on the keywords the file defines (docs/cards.md, "A keyword of your own"),
nothing else.  So a :class:`Document` keeps each card's check (its parse, its
link check and engine warnings, its diagnostics) keyed by the card's lines and
the file's declared subtypes, and an edit re-checks only the cards whose lines
changed; a card that only moved (lines added above it) is reused, its
diagnostics moved with it.  A changed type line that declares a new subtype
changes the key of every card, and the whole file is checked again.

The diagnostics are the same as :func:`cardtext.editing.diagnostics` gives
for the whole text (a test holds the two together); the last check also
answers hover, without parsing again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardtext.grammar import vocabulary
from cardtext.grammar.definitions import defining
from cardtext.grammar.errors import CardParseError, CardTextError
from cardtext.grammar.parser import (
    Block,
    declared_keywords,
    declared_subtypes,
    nfc,
    read_block,
    split_file,
)

from .blocks import CardBlock, editor_lines

__all__ = ["CardState", "Document"]


@dataclass(frozen=True)
class _Checked:
    """One card's check, its lines numbered from 1."""

    card: Any
    errors: tuple[CardTextError, ...]
    diagnostics: tuple[Any, ...]  # editing.Diagnostic, lines from 0 at the card's first line


@dataclass(frozen=True)
class CardState:
    """A card of the document as last checked: where it is, its parse, its errors
    (located in the card's own lines, from 1)."""

    block: CardBlock
    card: Any
    errors: tuple[CardTextError, ...]


class Document:
    """A card file being edited: :meth:`update` with each new text gives its
    diagnostics, checking only the cards that changed."""

    def __init__(self, filename: str = "<editor>") -> None:
        self.filename = filename
        self.text = ""
        self.cards: list[CardState] = []
        self._checked: dict[tuple[Any, ...], _Checked] = {}
        self.rechecked = 0
        """How many cards the last :meth:`update` checked (the others were reused)."""

    def update(self, text: str) -> list[Any]:
        """The diagnostics of ``text`` (errors first, then warnings, each in
        the order of the file), as :func:`cardtext.editing.diagnostics`."""
        from .diagnostics import card_checker

        segments = split_file(nfc(text))
        declared = frozenset(declared_subtypes(segments))
        written = editor_lines(text)
        definition_errors: list[CardParseError] = []
        keywords = declared_keywords(segments, self.filename, definition_errors)
        # a definition's line is in the messages about it ("its definition (file:5) doesn't read here")
        defined = tuple((seg.line, seg.definition) for seg in segments if seg.definition is not None)
        kept: dict[tuple[Any, ...], _Checked] = {}
        cards: list[CardState] = []
        errors: list[Any] = []
        warnings: list[Any] = []
        checker: Any = None
        self.rechecked = 0
        for seg in segments:
            block = seg.block
            if block is None:
                continue
            key = (tuple(block.lines), declared, defined)
            checked = kept.get(key) or self._checked.get(key)
            if checked is None:
                if checker is None:
                    checker = card_checker() or False
                checked = self._check(block.lines, declared, keywords, checker or None)
                self.rechecked += 1
            kept[key] = checked
            end = block.start + len(block.lines) - 1
            cards.append(CardState(CardBlock(block.start, end, tuple(written[block.start - 1 : end])),
                                   checked.card, checked.errors))  # fmt: skip
            for diagnostic in checked.diagnostics:
                moved = _moved(diagnostic, block.start - 1)
                (warnings if diagnostic.severity == "warning" else errors).append(moved)
        self._checked = kept
        self.text = text
        self.cards = cards
        errors.extend(self._duplicates(cards))
        if definition_errors:
            from .editing import diagnostic_of

            errors.extend(diagnostic_of(e, written) for e in definition_errors)
        return sorted(errors, key=_position) + sorted(warnings, key=_position)

    def _check(self, lines: list[str], declared: frozenset[str], keywords: Any, checker: Any) -> _Checked:
        from .diagnostics import severity
        from .editing import diagnostic_of

        own = list(lines)
        with vocabulary.declared(set(declared)), defining(keywords):
            card, errs, warns = read_block(Block(1, own), self.filename)
        problems: list[CardTextError] = [*errs, *warns]
        if card is not None and checker is not None:
            problems.extend(checker(card, self.filename, "\n".join(own)))
        out = [diagnostic_of(error, own) for error in problems]
        failing = tuple(e for e in problems if severity(e) == "error")
        return _Checked(card, failing, tuple(out))

    def _duplicates(self, cards: list[CardState]) -> list[Any]:
        """A file-level check: a name defined twice (every card's name, not its parse)."""
        from .diagnostics import duplicate_names
        from .editing import diagnostic_of

        lines = editor_lines(self.text)
        return [diagnostic_of(error, lines) for error in duplicate_names([c.block for c in cards], self.filename)]

    def card_at(self, line: int) -> CardState | None:
        """The card that holds 1-based ``line`` in the last text checked."""
        low, high = 0, len(self.cards)
        while low < high:
            middle = (low + high) // 2
            if self.cards[middle].block.end < line:
                low = middle + 1
            else:
                high = middle
        if low < len(self.cards) and line in self.cards[low].block:
            return self.cards[low]
        return None


def _position(diagnostic: Any) -> tuple[int, int]:
    return diagnostic.range.line, diagnostic.range.character


def _moved(diagnostic: Any, lines: int) -> Any:
    if not lines:
        return diagnostic
    r = diagnostic.range
    return replace(diagnostic, range=replace(r, line=r.line + lines, end_line=r.end_line + lines))

