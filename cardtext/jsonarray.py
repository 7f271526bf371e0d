"""Reading a JSON document that is one array, an element at a time.

Scryfall's bulk data is a single JSON array of card objects, hundreds of
megabytes large. :func:`iter_array` reads such a file a part at a time and
yields its elements as they are complete, so memory stays bounded by the
largest element, not by the file. A document that is not valid JSON is a
:class:`JsonArrayError` located at the line and column where it goes wrong,
as :func:`json.loads` would locate it in the whole text.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

CHUNK = 1 << 20
_WHITESPACE = " \t\n\r"
_SCALAR_END = re.compile(r"[,\]\s]")


class JsonArrayError(ValueError):
    """Where (1-based line and column) and why a JSON array can't be read."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.message, self.line, self.column = message, line, column


class JsonEncodingError(JsonArrayError):
    """Bytes that are not UTF-8: the file can't be read as text at all."""


def starts_with_array(path: Path) -> bool:
    """Whether the file's first character other than whitespace (and a
    UTF-8 byte-order mark) is ``[``."""
    with open(path, "rb") as f:
        head = f.read(4096)
        while head and not head.removeprefix(b"\xef\xbb\xbf").lstrip():
            more = f.read(4096)
            if not more:
                return False
            head = head[-3:] + more
    return head.removeprefix(b"\xef\xbb\xbf").lstrip()[:1] == b"["


class _Reader:
    """A window on the decoded text: ``text[pos:]`` is what is unread; the
    text before ``pos`` is dropped as it is passed, its lines counted so
    that errors are located in the whole document."""

    def __init__(self, f: BinaryIO, chunk: int) -> None:
        self.f, self.chunk = f, chunk
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.text, self.pos, self.eof = "", 0, False
        self.line, self.line_start = 1, 0  # of text[0], in dropped characters

    def more(self) -> bool:
        """Read the next part; False at the end of the file."""
        if self.eof:
            return False
        self._drop()
        data = self.f.read(self.chunk)
        self.eof = not data
        try:
            self.text += self.decoder.decode(data, final=self.eof)
        except UnicodeDecodeError as exc:
            at = self.error("", len(self.text))
            raise JsonEncodingError(f"not UTF-8 ({exc.reason})", at.line, at.column) from None
        return not self.eof or self.pos < len(self.text)

    def _drop(self) -> None:
        if self.pos < self.chunk:
            return
        passed = self.text[: self.pos]
        newlines = passed.count("\n")
        if newlines:
            self.line += newlines
            self.line_start = len(passed) - passed.rfind("\n") - 1
        else:
            self.line_start += len(passed)
        self.text, self.pos = self.text[self.pos:], 0

    def peek(self) -> str:
        """The next character that isn't whitespace ('' at the end), not
        consumed."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in _WHITESPACE:
                self.pos += 1
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def error(self, message: str, at: int) -> JsonArrayError:
        before = self.text[:at]
        newlines = before.count("\n")
        if newlines:
            return JsonArrayError(message, self.line + newlines, at - before.rfind("\n"))
        return JsonArrayError(message, self.line, self.line_start + at + 1)


def iter_array(path: Path, chunk: int = CHUNK) -> Iterator[Any]:
    """The elements of the JSON array that is the whole of ``path``, one at
    a time. Raises :class:`JsonArrayError` where the document is not a valid
    JSON array, and :class:`OSError` where the file can't be read."""
    decoder = json.JSONDecoder()
    with open(path, "rb") as f:
        r = _Reader(f, chunk)
        if r.peek() != "[":
            raise r.error("expected '[' (a JSON array)", r.pos)
        r.pos += 1
        if r.peek() == "]":
            r.pos += 1
        else:
            while True:
                if not r.peek():
                    raise r.error("expected a value", r.pos)
                yield _element(r, decoder)
                after = r.peek()
                r.pos += 1
                if after == "]":
                    break
                if after != ",":
                    raise r.error("expected ',' or ']'", r.pos - 1)
        if r.peek():
            raise r.error("extra data after the array", r.pos)


def _element(r: _Reader, decoder: json.JSONDecoder) -> Any:
    """The value that starts at ``r.pos``, reading more of the file until
    it is complete. An object, an array or a string ends with its closing
    character; a bare number, ``true``, ``false`` or ``null`` only where a
    delimiter follows it (``0`` read so far might be the start of ``0.5``),
    so the text is read up to one first."""
    if r.text[r.pos] not in '{["':
        while _SCALAR_END.search(r.text, r.pos) is None and r.more():
            pass
    while True:
        try:
            value, end = decoder.raw_decode(r.text, r.pos)
        except json.JSONDecodeError as exc:
            if r.more():
                continue
            raise r.error(exc.msg, exc.pos) from None
        except RecursionError:
            raise r.error("nested too deeply", r.pos) from None
        r.pos = end
        return value
