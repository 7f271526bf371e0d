"""``cardtext lsp``: a Language Server Protocol server for card files, over stdio.

It serves what :mod:`cardtext.editing` and :mod:`cardtext.document` compute:

* diagnostics when a document is opened, changed or saved: parse errors,
  link errors and warnings, each with its range.  Only the cards an edit
  touched are checked again, and a burst of edits is checked once, at its
  newest version: the server reads every message that has arrived before it
  checks, and checks only when nothing is waiting;
* hover: the canonical wording of the line (with reminder text), the rules
  it involves, and the whole card as cardtext writes it, from the last check;
* code actions: the exact fix of every diagnostic whose hint carries one
  ("did you mean 'flying'?", a missing period);
* document symbols: the cards as an outline;
* formatting: the document as ``cardtext fmt`` writes it, or an error that
  says why not;
* completion by context: keywords where a keyword can stand, types and the
  subtypes of the card's types on a type line;
* go to definition: from a linked reference ("the exiled card", "kicked with
  its {1}{U} kicker") to the ability it refers to.

The JSON-RPC layer is the project's own (:mod:`cardtext.jsonrpc`), so that
no input makes the server go silent: every request gets a response (an error
with the request's id for bad params, an unknown document, a request after
``shutdown``), a frame with a broken header is still read where its JSON can
be found, and a message too large is skipped with an error.  ``exit`` ends the
server with status 0 after ``shutdown``, 1 without it (as the protocol says).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import queue
import re
import select
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO, TextIO

from . import editing
from .document import Document
from .jsonrpc import Incoming, Reader, frame

SERVER_NAME = "cardtext"

# JSON-RPC and LSP error codes
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002
REQUEST_FAILED = -32803

MAX_LINE = 10_000_000
"""No document has more lines than this: a position past it is refused as a bad param."""


class RequestError(Exception):
    """A request that gets an error response: its code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _invalid(message: str) -> RequestError:
    return RequestError(INVALID_PARAMS, message)


# --------------------------------------------------------------------------
# Reading params: every field checked, a bad one is an InvalidParams error
# --------------------------------------------------------------------------


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _invalid(f"{what} must be an object")
    return value


def _field(params: dict[str, Any], name: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = params.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise _invalid(f"{what}.{name} is missing or of the wrong type")
    return value


def _uri(params: Any) -> str:
    document = _object(_object(params, "params").get("textDocument"), "params.textDocument")
    uri = _field(document, "uri", str, "params.textDocument")
    return uri


def _position(params: Any) -> tuple[int, int]:
    position = _object(_object(params, "params").get("position"), "params.position")
    line = _field(position, "line", int, "params.position")
    character = _field(position, "character", int, "params.position")
    if line < 0 or character < 0:
        raise _invalid("params.position: line and character are 0 or more")
    if line > MAX_LINE or character > MAX_LINE:
        raise _invalid(f"params.position: line and character are at most {MAX_LINE:,}")
    return line, character


# --------------------------------------------------------------------------
# Documents
# --------------------------------------------------------------------------


@dataclass
class OpenDocument:
    """A document the editor opened: its text, version and incremental check."""

    uri: str
    text: str
    version: int | None
    check: Document
    dirty: bool = True
    published: int | None = None


def _path_of(uri: str) -> str:
    from urllib.parse import unquote, urlparse

    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


def _offset(text: str, line: int, character: int) -> int:
    """The index in ``text`` of an LSP position (UTF-16 column), clamped to the text."""
    start = 0
    for _ in range(line):
        found = text.find("\n", start)
        if found < 0:
            return len(text)
        start = found + 1
    end = text.find("\n", start)
    row = text[start : end if end >= 0 else len(text)]
    return start + editing.char_index(row, character)


def apply_change(text: str, change: Any) -> str:
    """One entry of ``contentChanges``: the whole text, or a range replaced."""
    change = _object(change, "contentChanges[]")
    new = change.get("text")
    if not isinstance(new, str):
        raise _invalid("contentChanges[].text must be a string")
    if "range" not in change or change["range"] is None:
        return new
    r = _object(change["range"], "contentChanges[].range")
    start = _position({"position": r.get("start")})
    end = _position({"position": r.get("end")})
    a, b = _offset(text, *start), _offset(text, *end)
    if b < a:
        a, b = b, a
    return text[:a] + new + text[b:]


# --------------------------------------------------------------------------
# Code actions and symbols
# --------------------------------------------------------------------------

_DID_YOU_MEAN = re.compile(r"^hint: did you mean '([^']+)'\?$", re.M)
_WRITE = re.compile(r"^hint: write '([^']+)'$", re.M)


def fixes(message: str, line_text: str, start: int, end: int) -> list[tuple[str, str]]:
    """The exact fixes a diagnostic's message carries: (title, new text for its range).

    ``start``/``end`` are character indexes of the range in ``line_text``."""
    found: list[tuple[str, str]] = []
    for pattern in (_DID_YOU_MEAN, _WRITE):
        for match in pattern.finditer(message):
            new = match.group(1)
            old = line_text[start:end]
            if old[:1].isupper() and new[:1].islower():
                new = new[:1].upper() + new[1:]  # the first word of a line keeps its capital
            if new != old:
                found.append((f"Change '{old}' to '{new}'", new))
    if message.startswith("missing '.' at the end of the sentence"):
        found.append(("Add the missing '.'", "."))
    return found


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------

Handler = Callable[[Any], Any]


@dataclass
class Server:
    """The language server: messages in from a :class:`Reader`, out through ``write``."""

    write: Callable[[bytes], None]
    log: Callable[[str], None] = lambda text: None
    documents: dict[str, OpenDocument] = field(default_factory=dict)
    initialized: bool = False
    shut_down: bool = False
    exit_code: int | None = None

    # -- the wire -------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        self.write(frame({"jsonrpc": "2.0", **message}))

    def reply(self, number: Any, result: Any) -> None:
        self.send({"id": number, "result": result})

    def fail(self, number: Any, code: int, message: str) -> None:
        self.send({"id": number, "error": {"code": code, "message": message}})

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    # -- one message ------------------------------------------------------------

    def handle(self, incoming: Incoming) -> None:
        """Answer one message (a request gets exactly one response)."""
        if incoming.frame_problem:
            self.log(f"cardtext lsp: a message's frame was wrong ({incoming.frame_problem}); read it anyway")
        if incoming.error is not None:
            number = incoming.request_id if isinstance(incoming.request_id, int | str) else None
            self.fail(number, PARSE_ERROR, f"not a JSON-RPC message: {incoming.error}")
            return
        message = incoming.value
        if not isinstance(message, dict):
            self.fail(None, INVALID_REQUEST, "a message is a JSON object (batches are not part of the protocol)")
            return
        method = message.get("method")
        is_request = "id" in message
        number = message.get("id")
        if is_request and not isinstance(number, int | str) or isinstance(number, bool):
            self.fail(None, INVALID_REQUEST, "a request's id is a number or a string")
            return
        if method is None:
            return  # a response to a request of ours
        if not isinstance(method, str):
            if is_request:
                self.fail(number, INVALID_REQUEST, "'method' must be a string")
            return
        params = message.get("params")
        if is_request:
            self._request(number, method, params)
        else:
            self._notification(method, params)

    def _request(self, number: Any, method: str, params: Any) -> None:
        if self.shut_down:
            self.fail(number, INVALID_REQUEST, f"{method}: the server was shut down; only 'exit' is taken now")
            return
        if not self.initialized and method != "initialize":
            self.fail(number, SERVER_NOT_INITIALIZED, f"{method}: send 'initialize' first")
            return
        handler = self.requests().get(method)
        if handler is None:
            self.fail(number, METHOD_NOT_FOUND, f"{method}: not a method cardtext's server has")
            return
        try:
            result = handler(params)
        except RequestError as exc:
            self.fail(number, exc.code, f"{method}: {exc.message}")
            return
        except RecursionError:
            self.fail(number, REQUEST_FAILED, f"{method}: the document nests too deeply to be read")
            return
        except Exception as exc:  # noqa: BLE001 - a bug must not cost the client its answer
            self.fail(number, INTERNAL_ERROR, f"{method}: internal error in cardtext: {type(exc).__name__}: {exc}")
            return
        self.reply(number, result)

    def _notification(self, method: str, params: Any) -> None:
        if method == "exit":
            self.exit_code = 0 if self.shut_down else 1
            return
        if self.shut_down or not self.initialized and method != "initialized":
            return
        handler = self.notifications().get(method)
        if handler is None:
            return  # "$/..." and others: a notification the server may ignore
        try:
            handler(params)
        except RequestError as exc:
            self.log(f"cardtext lsp: {method}: {exc.message}")
        except Exception as exc:  # noqa: BLE001 - a bug must not end the session
            self.log(f"cardtext lsp: {method}: internal error in cardtext: {type(exc).__name__}: {exc}")

    # -- diagnostics, when nothing is waiting -------------------------------------

    def publish_dirty(self) -> None:
        """Check every changed document (once, at its newest text) and publish."""
        for document in list(self.documents.values()):
            if document.dirty:
                self._publish(document)

    def _publish(self, document: OpenDocument) -> None:
        document.dirty = False
        try:
            found = document.check.update(document.text)
        except RecursionError:
            found = []
            self.log(f"cardtext lsp: {document.uri}: the document nests too deeply to be read")
        items = [
            {
                "range": _lsp_range(d.range),
                "message": d.message,
                "severity": 2 if d.severity == "warning" else 1,
                "source": SERVER_NAME,
                "code": d.code,
                **({"data": {"class": d.category}} if d.category else {}),
            }
            for d in found
        ]
        params: dict[str, Any] = {"uri": document.uri, "diagnostics": items}
        if document.version is not None:
            params["version"] = document.version
        self.notify("textDocument/publishDiagnostics", params)
        document.published = document.version

    def _fresh(self, uri: str) -> OpenDocument:
        """An open document, checked at its newest text (a request answers that)."""
        document = self.documents.get(uri)
        if document is None:
            raise _invalid(f"{uri} is not open: send textDocument/didOpen first")
        if document.dirty:
            self._publish(document)
        return document

    # -- requests ---------------------------------------------------------------

    def requests(self) -> dict[str, Handler]:
        return {
            "initialize": self.initialize,
            "shutdown": self.shutdown,
            "textDocument/hover": self.hover,
            "textDocument/formatting": self.formatting,
            "textDocument/completion": self.completion,
            "textDocument/definition": self.definition,
            "textDocument/codeAction": self.code_action,
            "textDocument/documentSymbol": self.document_symbol,
        }

    def notifications(self) -> dict[str, Handler]:
        return {
            "initialized": lambda params: None,
            "textDocument/didOpen": self.did_open,
            "textDocument/didChange": self.did_change,
            "textDocument/didSave": self.did_save,
            "textDocument/didClose": self.did_close,
        }

    def initialize(self, params: Any) -> Any:
        from .common import version as _version

        _object(params, "params")
        self.initialized = True
        return {
            "capabilities": {
                "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
                "hoverProvider": True,
                "documentFormattingProvider": True,
                "completionProvider": {"triggerCharacters": ["—"]},
                "definitionProvider": True,
                "codeActionProvider": {"codeActionKinds": ["quickfix"]},
                "documentSymbolProvider": True,
            },
            "serverInfo": {"name": SERVER_NAME, "version": _version()},
        }

    def shutdown(self, params: Any) -> Any:
        self.shut_down = True
        return None

    def did_open(self, params: Any) -> None:
        document = _object(_object(params, "params").get("textDocument"), "params.textDocument")
        uri = _field(document, "uri", str, "params.textDocument")
        text = _field(document, "text", str, "params.textDocument")
        version = document.get("version")
        self.documents[uri] = OpenDocument(
            uri, text, version if isinstance(version, int) else None, Document(_path_of(uri))
        )

    def did_change(self, params: Any) -> None:
        uri = _uri(params)
        document = self.documents.get(uri)
        if document is None:
            raise _invalid(f"{uri} is not open")
        changes = _object(params, "params").get("contentChanges")
        if not isinstance(changes, list):
            raise _invalid("params.contentChanges must be a list")
        text = document.text
        for change in changes:
            text = apply_change(text, change)
        document.text = text
        version = _object(params["textDocument"], "params.textDocument").get("version")
        document.version = version if isinstance(version, int) else document.version
        document.dirty = True

    def did_save(self, params: Any) -> None:
        document = self.documents.get(_uri(params))
        if document is not None:
            text = _object(params, "params").get("text")
            if isinstance(text, str):
                document.text = text
            document.dirty = True

    def did_close(self, params: Any) -> None:
        uri = _uri(params)
        if self.documents.pop(uri, None) is not None:
            self.notify("textDocument/publishDiagnostics", {"uri": uri, "diagnostics": []})

    def hover(self, params: Any) -> Any:
        document = self._fresh(_uri(params))
        line, character = _position(params)
        text = editing.hover_card(document.check.card_at(line + 1), line)
        if text is None:
            return None
        return {"contents": {"kind": "markdown", "value": text}}

    def formatting(self, params: Any) -> Any:
        document = self._fresh(_uri(params))
        source = document.text
        failing = [c for c in document.check.cards if c.errors]
        if failing:
            first = failing[0]
            raise RequestError(REQUEST_FAILED, (
                f"the document has errors in {len(failing)} card(s) (first: {first.block.name}, "
                f"line {first.block.start}); cardtext formats a file once every card parses"
            ))  # fmt: skip
        try:
            new = editing.formatted_or_error(source, _path_of(document.uri))
        except editing.FormatRefused as exc:
            raise RequestError(REQUEST_FAILED, str(exc)) from None
        if new == source:
            return []
        lines = source.split("\n")
        end = {"line": len(lines), "character": 0}
        return [{"range": {"start": {"line": 0, "character": 0}, "end": end}, "newText": new}]

    def completion(self, params: Any) -> Any:
        document = self._fresh(_uri(params))
        line, character = _position(params)
        kinds = {"keyword": 14, "supertype": 25, "type": 7, "subtype": 20}
        found = editing.completions(document.text, line, character)
        return {
            "isIncomplete": False,
            "items": [{"label": c.label, "kind": kinds[c.kind], "detail": c.kind} for c in found],
        }

    def definition(self, params: Any) -> Any:
        document = self._fresh(_uri(params))
        line, character = _position(params)
        found = editing.definition(document.text, line, character)
        if found is None:
            return None
        return {"uri": document.uri, "range": _lsp_range(found)}

    def code_action(self, params: Any) -> Any:
        uri = _uri(params)
        document = self._fresh(uri)
        context = _object(_object(params, "params").get("context"), "params.context")
        diagnostics = context.get("diagnostics")
        if not isinstance(diagnostics, list):
            raise _invalid("params.context.diagnostics must be a list")
        lines = document.text.split("\n")
        actions = []
        for diagnostic in diagnostics:
            diagnostic = _object(diagnostic, "params.context.diagnostics[]")
            message = diagnostic.get("message")
            r = _object(diagnostic.get("range"), "params.context.diagnostics[].range")
            start = _position({"position": r.get("start")})
            end = _position({"position": r.get("end")})
            if not isinstance(message, str) or start[0] != end[0] or start[0] >= len(lines):
                continue
            row = lines[start[0]].rstrip("\r")
            a, b = editing.char_index(row, start[1]), editing.char_index(row, end[1])
            for title, new in fixes(message, row, a, b):
                edit = {"range": r, "newText": new}
                actions.append({
                    "title": title, "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": True,
                    "edit": {"changes": {uri: [edit]}},
                })  # fmt: skip
        return actions

    def document_symbol(self, params: Any) -> Any:
        document = self._fresh(_uri(params))
        symbols = []
        for card in document.check.cards:
            block = card.block
            name = block.name or f"line {block.start}"
            last = block.lines[-1] if block.lines else ""
            whole = {
                "start": {"line": block.start - 1, "character": 0},
                "end": {"line": block.end - 1, "character": editing.utf16_column(last, len(last))},
            }
            first = block.lines[0] if block.lines else ""
            selection = {
                "start": {"line": block.start - 1, "character": 0},
                "end": {"line": block.start - 1, "character": editing.utf16_column(first, len(first))},
            }
            symbols.append({"name": name, "kind": 5, "range": whole, "selectionRange": selection,
                            "detail": "doesn't parse yet" if card.card is None else ""})  # fmt: skip
        return symbols


def _lsp_range(r: editing.Range) -> dict[str, Any]:
    return {
        "start": {"line": r.line, "character": r.character},
        "end": {"line": r.end_line, "character": r.end_character},
    }


# --------------------------------------------------------------------------
# Running it
# --------------------------------------------------------------------------


def serve(reader: Reader, out: BinaryIO, log: Callable[[str], None]) -> int:
    """Serve until ``exit`` or the end of input; the exit status.

    A thread reads messages as they arrive; this one answers them in order
    and checks changed documents only when no message is waiting, so a burst
    of edits costs one check."""
    lock = threading.Lock()

    def write(data: bytes) -> None:
        with lock:
            out.write(data)
            out.flush()

    server = Server(write, log)
    inbox: queue.Queue[Incoming | None] = queue.Queue()

    def read_all() -> None:
        try:
            while True:
                incoming = reader.read()
                inbox.put(incoming)
                if incoming is None:
                    return
        except Exception as exc:  # noqa: BLE001 - the reader must say why it stopped
            log(f"cardtext lsp: can't read the input: {type(exc).__name__}: {exc}")
            inbox.put(None)

    threading.Thread(target=read_all, daemon=True, name="cardtext-lsp-reader").start()
    # the grammar's tables and the checks load while the editor sends 'initialize'
    # and opens its first document, not after: the first diagnostics then cost the check alone
    warming = threading.Thread(target=_warm_up, daemon=True, name="cardtext-lsp-warm-up")
    warming.start()
    while True:
        try:
            incoming = inbox.get_nowait()
        except queue.Empty:
            incoming = _arriving(inbox, reader)
            if incoming is _NOTHING:
                warming.join()  # the parser's state is the process's: one thread parses at a time
                server.publish_dirty()
                incoming = inbox.get()
        if incoming is None:  # the client went away without 'exit'
            return 1
        if not _before_any_parse(incoming):
            warming.join()
        server.handle(incoming)
        if server.exit_code is not None:
            return server.exit_code


_NOTHING: Any = object()


def _warm_up() -> None:
    """Load what the first check needs (the parser's tables, the link check, the engine's support table)."""
    with contextlib.suppress(Exception):  # a failure here shows again, with its message, in the first check
        Document("warm-up").update("Warm Up {R}\nInstant\nWarm Up deals 1 damage to any target.\n")


def _before_any_parse(incoming: Incoming) -> bool:
    """Whether a message is answered without parsing (so the warm-up may go on meanwhile)."""
    value = incoming.value
    return isinstance(value, dict) and value.get("method") in ("initialize", "initialized", "$/cancelRequest", "$/setTrace")


def _arriving(inbox: queue.Queue[Incoming | None], reader: Reader) -> Incoming | None:
    """The message the reader is in the middle of, when some of its bytes are
    in (a burst of edits is read whole before the documents are checked); else
    :data:`_NOTHING`.  Waits at most 0.2 s."""
    for _ in range(20):
        if not reader.buffer.strip():
            return _NOTHING
        try:
            return inbox.get(timeout=0.01)
        except queue.Empty:
            continue
    return _NOTHING


class ErrorLog:
    """The server's log, on its standard error, never holding the server up.

    An editor shows a server's standard error in a panel; a client that never
    reads it fills the pipe (64 KiB on Linux), and a server that waits to
    write there answers nothing more.  A line is written only when the stream
    can take it at once; else it is dropped and counted, and the count goes
    out with the next line that gets through.  A line is cut to
    :attr:`LIMIT` bytes, less than a pipe's atomic write (``PIPE_BUF``), so a
    stream that is ready takes it whole."""

    LIMIT = 4000

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.dropped = 0
        self.fd: int | None
        try:
            self.fd = stream.fileno()
        except (OSError, ValueError, io.UnsupportedOperation):
            self.fd = None  # not a file (a test's capture): written as it is

    def __call__(self, text: str) -> None:
        if self.fd is None:
            with contextlib.suppress(OSError, ValueError):
                print(text, file=self.stream, flush=True)
            return
        if not self._ready():
            self.dropped += 1
            return
        if self.dropped:
            text = f"cardtext lsp: {self.dropped} log line(s) dropped: standard error was not being read\n{text}"
            self.dropped = 0
        data = (text + "\n").encode("utf-8", "backslashreplace")
        if len(data) > self.LIMIT:
            data = data[: self.LIMIT - 4].decode("utf-8", "ignore").encode("utf-8") + "…\n".encode()
        with contextlib.suppress(OSError):
            os.write(self.fd, data)

    def _ready(self) -> bool:
        """Whether the stream takes a line now (a file or terminal always does; a pipe when it isn't full)."""
        assert self.fd is not None
        try:
            _, ready, _ = select.select([], [self.fd], [], 0)
        except (OSError, ValueError):
            return True  # a stream select can't watch (not a pipe or socket on this system)
        return bool(ready)


def cmd_lsp(args: argparse.Namespace) -> int:
    log = ErrorLog(sys.stderr)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()  # the log writes to the descriptor itself, after anything buffered
    out = sys.stdout.buffer
    try:
        code = serve(Reader(sys.stdin.fileno()), out, log)
    except BrokenPipeError:
        code = 1
    with contextlib.suppress(OSError):
        sys.stdout.close()  # the session is over: nothing more goes to the client
    return code


def add_command(sub: Any) -> None:
    """Add ``cardtext lsp`` to the command line's subcommands."""
    p = sub.add_parser(
        "lsp",
        help="run the language server (LSP over stdio) for editors",
        description="Run a Language Server Protocol server on standard input and output: "
        "diagnostics, hover, code actions, document symbols, formatting, completion and "
        "go-to-definition for card files.",
        epilog="exit status: 0 when the editor ends the session with 'shutdown' and 'exit', "
        "1 when it exits without 'shutdown' or the input ends",
    )
    p.add_argument(
        "--stdio", action="store_true", help="use stdio (the default; for clients that pass it)"
    )
    p.set_defaults(run=cmd_lsp)


__all__ = ["ErrorLog", "Server", "add_command", "apply_change", "fixes", "serve"]
