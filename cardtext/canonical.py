"""A card file in canonical text (``cardtext fmt``, the language server's
formatting): every card as the renderer writes it, and the cards left as
written when their canonical text would not read back the same."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import format_text, render_card


class FormatError(CardTextError):
    """The formatter would change what a file means: a bug in the renderer, not the card."""


@dataclasses.dataclass(frozen=True)
class Unstable:
    """A card whose canonical text would not parse back to the same card: it
    stays as written (a bug in cardtext's renderer, not in the card)."""

    name: str
    line: int
    index: int  # the card's place in the file, from 0

    def error(self, filename: str) -> FormatError:
        return FormatError(
            f"{filename}:{self.line}:1: error: {self.name}: the canonical text would not parse "
            "back to the same card, so the card was left as written (this is a bug in "
            "cardtext's renderer)"
        )


def _unstable(text: str, before: Sequence[A.Card], filename: str) -> list[Unstable]:
    """The cards of ``text`` whose canonical text, read alone, is another card or none."""
    from cardtext.grammar.parser import split_file

    starts = [seg.block.start for seg in split_file(text) if seg.block is not None]
    unstable = []
    for index, card in enumerate(before):
        try:
            again = parse_text(render_card(card), filename)
        except CardTextError:
            again = None
        if again is None or again.errors or list(again.cards) != [card]:
            line = starts[index] if index < len(starts) else 1
            unstable.append(Unstable(card.name, line, index))
    if not unstable:  # each card alone is stable: the file as a whole is not (a name clash?)
        unstable.append(Unstable(before[0].name if before else "the file", starts[0] if starts else 1, 0))
    return unstable


def format_keeping(text: str, filename: str = "<string>") -> tuple[str, list[Unstable]]:
    """A card file in canonical form, and the cards left as written because
    their canonical text would not parse back to the same cards.

    Raises the first parse error of the file.  Every other card is formatted,
    so one card that the renderer can't write back doesn't hold up a file of
    thousands."""
    before = parse_text(text, filename)
    if before.errors:
        raise before.errors[0]
    new = format_text(text, filename)
    after = parse_text(new, filename)
    if not after.errors and after.cards == before.cards:
        return new, []
    unstable = _unstable(text, before.cards, filename)
    kept = format_text(text, filename, verbatim=frozenset(u.index for u in unstable))
    again = parse_text(kept, filename)
    if again.errors or again.cards != before.cards:
        return text, unstable  # not reached unless the file's cards depend on each other
    return kept, unstable


def canonical_text(text: str, filename: str = "<string>") -> str:
    """A card file in canonical form (``cardtext fmt``), by :func:`cardtext.grammar.render.format_text`.

    Raises the first parse error of the file, or :class:`FormatError` naming
    the first card (and its line) whose new text would not parse back to the
    same card (the file is then left alone rather than changed in meaning).
    """
    new, unstable = format_keeping(text, filename)
    if unstable:
        raise unstable[0].error(filename)
    return new
