"""JSON-RPC 2.0 messages framed as the Language Server Protocol frames them.

A message is a header (``Content-Length: N``, other fields allowed, lines
ended by ``\\r\\n``), a blank line, then N bytes of JSON.  Clients get this
wrong in every way, and a language server that stops answering is worse than
one that says why.  The reader here

- never allocates what a header claims: a body is read in chunks, and a
  message over :data:`MAX_MESSAGE` bytes is skipped with an error (a
  ``Content-Length`` of 10¹² is not a request for a terabyte);
- takes a ``Content-Length`` that is missing, not a number, 0, or off by a
  few bytes, and still finds the JSON value that follows the header: it
  decodes the body as soon as it holds one whole value, so a length too large
  doesn't wait for bytes that will never come, and one too small reads on;
  the message is then handed on with a note of what was wrong with its frame;
- skips what isn't a header between messages (stray bytes, an extra blank
  line) up to the next header.

:class:`Reader` reads from a file descriptor (``os.read``, so a pipe's bytes
are seen as soon as they arrive); :func:`frame` writes one message.
"""

from __future__ import annotations

import json
import os
import re
import select
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_MESSAGE", "Incoming", "Reader", "frame"]

MAX_MESSAGE = 64 * 1024 * 1024
"""The largest message read (64 MiB: a card file of some 100,000 cards)."""

_CHUNK = 1 << 16
_HEADER_LIMIT = 8192
_PATIENCE = 0.05
"""Seconds to wait for more bytes before decoding a body that is shorter
than its ``Content-Length`` (a length too large: the client waits for an
answer, not to send more)."""


@dataclass(frozen=True)
class Incoming:
    """What was read: a message (``value``), or a frame whose body is not
    JSON (``value`` None, ``error`` says why).  ``frame_problem`` says what was
    wrong with a header whose body could still be read."""

    value: Any = None
    error: str | None = None
    frame_problem: str | None = None
    request_id: Any = None
    """For a message that can't be read whole (nested too deep), the id of
    the request it is, where that could be found: its error answers it."""


class Reader:
    """Reads framed JSON-RPC messages from a file descriptor."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()
        self.closed = False
        self.discarding = False

    # -- bytes --------------------------------------------------------------

    def _fill(self, timeout: float | None = None) -> bool:
        """Read what is there (waiting up to ``timeout`` seconds, or for ever
        if None); False at the end of input or when nothing came in time."""
        if self.closed:
            return False
        if timeout is not None:
            try:
                ready, _, _ = select.select([self.fd], [], [], timeout)
            except (OSError, ValueError):
                ready = [self.fd]
            if not ready:
                return False
        try:
            data = os.read(self.fd, _CHUNK)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.buffer += data
        return True

    def _line(self) -> bytes | None:
        """One header line (without its end), or None at the end of input."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return line.rstrip(b"\r")
            if len(self.buffer) > _HEADER_LIMIT:  # no header is this long: not a header
                line = bytes(self.buffer)
                self.buffer.clear()
                return line
            if not self._fill():
                if self.buffer:
                    line = bytes(self.buffer)
                    self.buffer.clear()
                    return line
                return None

    # -- messages -----------------------------------------------------------

    def read(self) -> Incoming | None:
        """The next message, or None at the end of input."""
        if self.discarding and not self._discard():
            return None
        headers: dict[str, str] = {}
        missing_blank = False
        while True:
            if self.buffer.lstrip(b" \t")[:1] in (b"{", b"["):  # a body where a header line should be
                if not headers:
                    return self._body(None, "the message had no header")
                missing_blank = True
                break
            line = self._line()
            if line is None:
                return None
            if not line.strip():
                if headers:
                    break
                continue  # a blank line before any header: skip it
            if line.lstrip().startswith((b"{", b"[")):  # a body with no header, or no blank line
                self.buffer[:0] = line + b"\n"
                continue
            name, colon, value = line.partition(b":")
            if not colon or not _is_token(name):
                continue  # stray bytes between messages
            headers[name.strip().lower().decode("ascii")] = value.strip().decode("latin-1")
        raw = headers.get("content-length")
        length: int | None = None
        problem: str | None = None
        if raw is None:
            problem = "the header had no Content-Length"
        elif not (raw.isascii() and raw.isdigit()):
            problem = f"Content-Length {_shorten(raw)!r} is not a number"
        elif len(raw) > 12 or int(raw) > MAX_MESSAGE:
            return self._skip(f"Content-Length {_shorten(raw)} is over the {MAX_MESSAGE:,} bytes a message may have")
        else:
            length = int(raw)
            if length == 0:
                problem, length = "Content-Length 0", None
        if missing_blank:
            problem, length = "no blank line after the header", None
        return self._body(length, problem)

    def _body(self, length: int | None, problem: str | None) -> Incoming:
        """The JSON value that follows a header, read as the module says."""
        while True:
            if length is not None and len(self.buffer) >= length:
                parsed = _parse(bytes(self.buffer[:length]))
                if parsed is not None:
                    del self.buffer[:length]
                    return _incoming(parsed, problem)
                # not a whole value: a length too small or too large; find where the value ends
                end = _value_end(self.buffer)
                if end is not None:
                    parsed = _parse(bytes(self.buffer[:end])) or Incoming(error="the body is not JSON")
                    del self.buffer[:end]
                    return _incoming(parsed, f"Content-Length {length} is not the body's length")
                rest = self.buffer[length:].lstrip()
                if _is_broken(self.buffer) or rest.startswith(b"Content-Length"):
                    return self._drop(length, "the body is not JSON")
                if not rest:  # the length was right and the body is not JSON, or more is coming
                    if not self._fill(_PATIENCE):
                        return self._drop(length, "the body is not JSON")
                    continue
            elif length is None or not self._fill(_PATIENCE):
                end = _value_end(self.buffer)
                if end is not None:
                    parsed = _parse(bytes(self.buffer[:end])) or Incoming(error="the body is not JSON")
                    del self.buffer[:end]
                    if length is not None:
                        problem = f"Content-Length {length} is more than the body's length"
                    return _incoming(parsed, problem)
                if _is_broken(self.buffer):
                    return self._drop(length, "the body is not JSON")
                if len(self.buffer) > MAX_MESSAGE:
                    return self._drop(length, f"the body is over the {MAX_MESSAGE:,} bytes a message may have")
            else:
                continue
            if not self._fill() and self.closed:
                self.buffer.clear()
                return Incoming(error="the input ended inside a message")

    def _drop(self, length: int | None, why: str) -> Incoming:
        """Skip a body that is not JSON, up to the next header."""
        cut = self.buffer.find(b"Content-Length", 1)
        if length is not None and cut < 0:
            cut = min(length, len(self.buffer))
        if cut < 0:
            cut = len(self.buffer)
        del self.buffer[:cut]
        return Incoming(error=why)

    def _skip(self, why: str) -> Incoming:
        """A body too large to read: the error at once (the client may be
        waiting for it), and its bytes dropped as they come, up to the next
        header (:meth:`_discard`)."""
        self.discarding = True
        return Incoming(error=why)

    def _discard(self) -> bool:
        """Drop bytes up to the next header; False at the end of input."""
        keep = len(b"Content-Length") - 1
        while True:
            cut = self.buffer.find(b"Content-Length")
            if cut >= 0:
                del self.buffer[:cut]
                self.discarding = False
                return True
            del self.buffer[: max(0, len(self.buffer) - keep)]
            if not self._fill():
                return False


def _is_token(name: bytes) -> bool:
    text = name.strip()
    return bool(text) and all(33 <= b < 127 and b != ord(":") for b in text)


def _shorten(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"


MAX_DEPTH = 200
"""How deep a message may nest: the protocol's messages nest a dozen levels."""

_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}\[\]]')
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")')


def _value_end(buffer: bytearray) -> int | None:
    """Where the JSON object or array at the start of ``buffer`` ends (after
    white space), or None while it hasn't ended.  Brackets are counted and
    strings skipped, without recursion, so any depth is found."""
    start = len(buffer) - len(buffer.lstrip())
    if buffer[start : start + 1] not in (b"{", b"["):
        return None
    depth = 0
    for match in _TOKEN.finditer(buffer, start):
        token = match.group()
        if token in (b"{", b"["):
            depth += 1
        elif token in (b"}", b"]"):
            depth -= 1
            if depth == 0:
                return match.end()
    return None


def _parse(body: bytes) -> Incoming | None:
    """A body as a message: its value, an error for a value nested too deep
    (with the request's id, if it has one, so that it can be answered), or
    None if it isn't one JSON value."""
    depth = 0
    deepest = 0
    for match in _TOKEN.finditer(body):
        token = match.group()
        if token in (b"{", b"["):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"}", b"]"):
            depth -= 1
    if deepest > MAX_DEPTH:
        found = _ID.search(body)
        number = json.loads(found.group(1)) if found else None
        return Incoming(error=f"the message nests {deepest} levels deep, more than {MAX_DEPTH}", request_id=number)
    try:
        return Incoming(json.loads(body))
    except (ValueError, RecursionError):
        return None


def _incoming(parsed: Incoming, problem: str | None) -> Incoming:
    return Incoming(parsed.value, parsed.error, problem, parsed.request_id)


def _is_broken(buffer: bytearray) -> bool:
    """Whether the bytes can't be the start of a JSON object or array (so
    reading on won't help): they start with something else, or another
    header comes before the value has ended."""
    body = buffer.lstrip()
    if not body:
        return False
    if body[:1] not in (b"{", b"["):
        return True
    return b"\r\n\r\n" in body and b"Content-Length" in body


def frame(message: Any) -> bytes:
    """One message, framed."""
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
