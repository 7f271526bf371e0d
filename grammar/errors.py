"""The project's errors: one base class, located errors that print like a compiler's."""

from __future__ import annotations

from dataclasses import dataclass


class CardTextError(Exception):
    """Base class of every error this project raises on purpose.

    Anything else escaping from the library is a bug in the library, not a
    mistake of the person who wrote the card or the scenario.
    """


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
        """The message, the source line, a caret under the spot, and what was expected."""
        out = [str(self)]
        src = self.location.source_line
        if src:
            out.append("    " + src)
            width = max(1, len(self.text)) if self.text and "\n" not in self.text else 1
            out.append("    " + " " * (self.location.column - 1) + "^" * min(width, 40))
        if self.hint:
            out.append("  hint: " + self.hint)
        if self.expected:
            out.append("  expected: " + ", ".join(self.expected))
        return "\n".join(out)


def _restore(cls: type[LocatedError], message: str, state: dict[str, object]) -> LocatedError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class CardParseError(LocatedError):
    """Card text that the grammar does not accept.  ``kind`` "warning" for
    what is accepted but worth a look (a subtype the rules don't list)."""


class NotUnderstood(CardParseError):
    """Card text that reads like valid Oracle English but that the grammar
    doesn't cover yet (as opposed to malformed wording)."""


class LinkError(LocatedError):
    """A reference with nothing to refer to (rules 607, 702.33): an author's error."""


class CardFileError(LocatedError):
    """A card file whose layout is wrong (no type line, P/T where none can be...)."""
