"""Text that reaches a person: streams that can't fail on a character, source
lines shown so that what is in them can be seen.

* :func:`setup_streams` makes standard output and standard error replace what
  their encoding can't write (``—`` on an ASCII terminal becomes ``--``,
  ``→`` becomes ``->``, anything else ``?``), instead of raising
  :class:`UnicodeEncodeError` halfway through a report.  A file name with
  bytes that aren't UTF-8 (kept by Python as lone surrogates) is written with
  U+FFFD where the terminal is UTF-8.
* :func:`display_name` is a path as text that is always valid Unicode (for
  JSON output and error messages).
* :func:`visible` shows a NUL, a no-break space and the other invisible
  characters of a source line as symbols of the same width, and
  :func:`fit_source_line` shortens a long source line around a column, so
  the caret under it still points at the same character.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from pathlib import Path
from typing import TextIO

from cardtext.grammar.errors import MAX_SOURCE_WIDTH, LocatedError, Location, shorten_line

ERRORS = "cardtext-fallback"
"""The name of the codec error handler :func:`setup_streams` installs."""

ASCII_FALLBACK = {
    "\u2014": "--",  # em dash, in type lines
    "\u2013": "-",  # en dash
    "\u2192": "->",  # the log's "tapping Forest → {G}"
    "\u2022": "*",  # the bullet of a mode
    "\u00d7": "x",  # "2 × Grizzly Bears"
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2026": "...",
    "\u2212": "-",
    "\u00a0": " ",
}

# Characters a person can't see in a source line, and the symbol (one column
# wide, like the character) that stands for each.
_INVISIBLE = {chr(c): chr(0x2400 + c) for c in range(0x20)}  # C0 controls: ␀ ␁ ...
_INVISIBLE.update({
    "\x7f": "\u2421",  # ␡
    "\u00a0": "\u237d",  # ⍽ no-break space
    "\u2007": "\u237d",  # figure space
    "\u202f": "\u237d",  # narrow no-break space
    "\u200b": "\u237d",  # zero width space
    "\u200c": "\u237d",
    "\u200d": "\u237d",
    "\u2060": "\u237d",  # word joiner
    "\ufeff": "\u237d",  # byte-order mark / zero width no-break space
    "\u2028": "\u2424",  # line separator: ␤
    "\u2029": "\u2424",
    "\u0085": "\u2424",
})  # fmt: skip
del _INVISIBLE["\t"]  # a tab is shown as the tab it is



def _fallback(exc: UnicodeError) -> tuple[str, int]:
    """Codec error handler: an ASCII look-alike, else U+FFFD, else ``?``."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    out = []
    for ch in exc.object[exc.start : exc.end]:
        for candidate in (ASCII_FALLBACK.get(ch), "\ufffd", "?"):
            if candidate is None:
                continue
            try:
                candidate.encode(exc.encoding)
            except (UnicodeError, LookupError):
                continue
            out.append(candidate)
            break
    return "".join(out), exc.end


codecs.register_error(ERRORS, _fallback)


def setup_streams(*streams: TextIO) -> None:
    """Make the streams (default: stdout and stderr) write what their encoding
    can't with :func:`_fallback` rather than raise."""
    for stream in streams or (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors=ERRORS)
            except (ValueError, OSError):  # closed, or a stream that can't change
                continue


def is_utf8(stream: TextIO) -> bool:
    """Whether ``stream`` writes UTF-8 (so JSON can hold any character as it is)."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def display_name(path: Path | str) -> str:
    """A path as valid Unicode text: bytes of the file name that aren't UTF-8
    (lone surrogates, PEP 383) become U+FFFD."""
    text = os.fspath(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        except UnicodeEncodeError:  # a surrogate that no byte stands for (JSON's "\\ud800")
            return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


def has_surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (not text: it can't be encoded)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def visible(text: str) -> str:
    """``text`` with each invisible character replaced by a visible symbol of
    the same width: ``␀`` for NUL, ``␛`` for ESC, ``⍽`` for a no-break space,
    ``⍰`` for any other control or format character (C1 controls, the
    bidirectional overrides), so that text from a file can't move the cursor,
    clear the screen or reverse a line on a terminal."""
    if text.isprintable() and "\u00a0" not in text:
        return text
    return "".join(_INVISIBLE.get(ch) or (_OTHER if _hidden(ch) else ch) for ch in text)


_OTHER = "\u2370"  # ⍰


def _hidden(ch: str) -> bool:
    return not ch.isprintable() and ch not in "\t" and unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cn")


def terminal_safe(text: str) -> str:
    """Text to print for a person: each line :func:`visible` (the line breaks kept)."""
    if text.isprintable() or "\n" in text and text.replace("\n", "").isprintable():
        return text
    return "\n".join(visible(line) for line in text.split("\n"))


def fit_source_line(line: str, column: int) -> tuple[str, int]:
    """A source line to show under an error, and the column of the error in it.

    A line of at most :data:`MAX_SOURCE_WIDTH` characters is shown whole; a
    longer one is cut to a window around ``column`` (from 1), with ``…``
    where text was left out.  Invisible characters are made visible
    (:func:`visible`).
    """
    return shorten_line(visible(line), column, MAX_SOURCE_WIDTH)


class ReadableError(LocatedError):
    """A located error whose source line is shown by :func:`fit_source_line`:
    shortened around the error when long, invisible characters made visible."""

    def format(self) -> str:
        source, column = fit_source_line(self.location.source_line, self.location.column)
        shown = LocatedError(
            self.message, Location(self.file, self.line, column, source),
            expected=self.expected, text=self.text, hint=self.hint,
        )  # fmt: skip
        shown.kind = self.kind
        return str(self) + shown.format()[len(str(shown)) :]


__all__ = [
    "ASCII_FALLBACK", "ReadableError", "ERRORS", "MAX_SOURCE_WIDTH", "display_name", "fit_source_line",
    "has_surrogates", "is_utf8", "setup_streams", "terminal_safe", "visible",
]  # fmt: skip
