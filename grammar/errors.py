"""The project's errors: one base class, located errors that print like a compiler's."""

from __future__ import annotations

from dataclasses import dataclass


class CardTextError(Exception):
    """Base class of every error this project raises on purpose.

    Anything else escaping from the library is a bug in the library, not a
    mistake of the person who wrote the card or the scenario.
    """


MALFORMED = "malformed"
"""An error's class: the card is wrong (a typo, a missing '.', a mana cost
without braces, a reference to nothing): the author should change it."""
NOT_UNDERSTOOD = "not-understood"
"""An error's class: the card may well be right; the tool doesn't read this
yet (valid-looking wording the grammar doesn't cover, a keyword not in the
table, something the engine can't play)."""

CLASS_TEXT = {
    MALFORMED: "malformed: the card is wrong here",
    NOT_UNDERSTOOD: "not understood yet: the card may be right; cardtext doesn't read this yet",
}
"""How text output says an error's class (the last line of :meth:`LocatedError.format`)."""


@dataclass
class Location:
    file: str
    line: int
    column: int
    source_line: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class LocatedError(CardTextError):
    """An error at a place in a file: ``file:line:col: error: message``.

    ``expected`` says in words what would have been accepted there; ``text``
    is the offending text (a word or a character).
    """

    kind = "error"
    category = ""  # MALFORMED or NOT_UNDERSTOOD for an error about a card's text; "" for others

    def __init__(
        self,
        message: str,
        location: Location,
        *,
        expected: tuple[str, ...] = (),
        text: str = "",
        hint: str = "",
        kind: str = "",
    ) -> None:
        super().__init__(message)
        if kind:
            self.kind = kind
        self.message = message
        self.location = location
        self.expected = expected
        self.text = text
        self.hint = hint

    def __reduce__(self) -> tuple[object, ...]:
        # picklable (for checking a large file in several processes): the
        # keyword-only fields travel in the instance's dictionary
        return (_restore, (type(self), self.message, dict(self.__dict__)))

    @property
    def file(self) -> str:
        return self.location.file

    @property
    def line(self) -> int:
        return self.location.line

    @property
    def column(self) -> int:
        return self.location.column

    def __str__(self) -> str:
        return f"{self.location}: {self.kind}: {self.message}"

    def format(self) -> str:
        """The message, the source line (a long one shortened around the
        spot), a caret under the spot, and what was expected."""
        out = [str(self)]
        src, column = shorten_line(self.location.source_line, self.location.column)
        if src:
            out.append("    " + src)
            width = max(1, len(self.text)) if self.text and "\n" not in self.text else 1
            out.append("    " + " " * (column - 1) + "^" * min(width, 40, max(1, len(src) - column + 1)))
        if self.hint:
            out.append("  hint: " + self.hint)
        if self.expected:
            out.append("  expected: " + ", ".join(self.expected))
        if self.category and (self.kind != "warning" or self.category == NOT_UNDERSTOOD):
            out.append("  " + CLASS_TEXT[self.category])
        return "\n".join(out)


MAX_SOURCE_WIDTH = 200
"""A source line longer than this is shortened around the error (``…`` where cut)."""


def shorten_line(line: str, column: int, width: int = MAX_SOURCE_WIDTH) -> tuple[str, int]:
    """A source line to show under an error, and the column of the error in
    it: a line of at most ``width`` characters whole, a longer one cut to a
    window around ``column`` (from 1), with ``…`` where text was left out
    (a 5,000-digit number is shown as the part of it around the spot)."""
    if len(line) <= width:
        return line, column
    keep = width - 2  # room for an ellipsis at each end
    start = max(0, column - 1 - keep // 3)
    start = min(start, max(0, len(line) - keep))
    end = min(len(line), start + keep)
    shown = line[start:end]
    new_column = column - start
    if start > 0:
        shown = "\u2026" + shown
        new_column += 1
    if end < len(line):
        shown += "\u2026"
    return shown, max(1, new_column)


def _restore(cls: type[LocatedError], message: str, state: dict[str, object]) -> LocatedError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class CardParseError(LocatedError):
    """Card text that the grammar does not accept.  ``kind`` "warning" for
    what is accepted but worth a look (a subtype the rules don't list).
    Its class is :data:`MALFORMED`: the card is wrong."""

    category = MALFORMED


class NotUnderstood(CardParseError):
    """Card text that reads like valid Oracle English but that the grammar
    doesn't cover yet (as opposed to malformed wording): its class is
    :data:`NOT_UNDERSTOOD`."""

    category = NOT_UNDERSTOOD


class LinkError(LocatedError):
    """A reference with nothing to refer to (rules 607, 702.33): an author's error."""

    category = MALFORMED


class LinkNotUnderstood(LinkError):
    """A reference that the link check can't place, in a wording that may be
    valid ("creatures the other controls" after "You and that opponent
    each"): not understood yet, not an author's error."""

    category = NOT_UNDERSTOOD


class CardFileError(LocatedError):
    """A card file whose layout is wrong (no type line, P/T where none can be...)."""

    category = MALFORMED
