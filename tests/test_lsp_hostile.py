"""``cardtext lsp`` under hostile input, over raw JSON-RPC: a reply to every
request, a live server after every bad frame, and an incremental check.

Each case is one way a client (or an attacker) broke the server before:
bad ``Content-Length`` headers, a claimed length of a terabyte, params out of
range, requests after ``shutdown``, unknown documents, ``exit`` without
``shutdown``, bursts of edits."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lsp_client import LspClient

from cardtext import editing
from cardtext.document import Document
from cardtext.jsonrpc import MAX_MESSAGE, Reader
from cardtext.lsp import apply_change, fixes

REPO = Path(__file__).resolve().parents[1]
BAD = "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n"
GOOD = "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker {2}{G}\n2/2\n"
URI = "file:///tmp/cardtext-hostile/set.card"


@pytest.fixture
def client() -> Iterator[LspClient]:
    c = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(REPO))
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    try:
        yield c
    finally:
        c.close()


def body(number: int, method: str = "cardtext/ping", params: object = None) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params}).encode()


def alive(client: LspClient) -> None:
    """The server still answers a plain request."""
    assert client.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}}) is not None


def open_document(client: LspClient, text: str = GOOD, uri: str = URI) -> dict[str, object]:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cardtext", "version": 1, "text": text}})
    return client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)


# --------------------------------------------------------------------------
# Frames
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    [
        b"Content-Length: abc\r\n\r\n",
        b"\r\n",  # no header at all, only the blank line
        b"Content-Type: application/vscode-jsonrpc\r\n\r\n",  # no Content-Length
        b"Content-Length: 0\r\n\r\n",
        b"Content-Length: %(plus10)d\r\n\r\n",
        b"Content-Length: %(minus10)d\r\n\r\n",
    ],
    ids=["abc", "blank", "missing", "zero", "plus10", "minus10"],
)
def test_a_request_in_a_broken_frame_is_still_answered(client: LspClient, header: bytes) -> None:
    open_document(client)
    number = client.next_id()
    data = body(number)
    client.send_raw(header % {b"plus10": len(data) + 10, b"minus10": len(data) - 10} + data)
    reply = client.response(number, timeout=20)
    assert reply["error"]["code"] == -32601 and "cardtext/ping" in reply["error"]["message"]
    alive(client)


def test_a_terabyte_content_length_is_an_error_not_a_memory_error(client: LspClient) -> None:
    open_document(client)
    client.send_raw(b"Content-Length: 1000000000000\r\n\r\n" + body(999))
    reply = client.response(None, timeout=20)
    assert reply["error"]["code"] == -32700 and "over the" in reply["error"]["message"]
    alive(client)
    assert client.process.poll() is None


def test_a_body_that_is_not_json_is_a_parse_error(client: LspClient) -> None:
    open_document(client)
    client.send_raw(b"Content-Length: 9\r\n\r\nnot json!")
    assert client.response(None, timeout=20)["error"]["code"] == -32700
    alive(client)


def test_a_message_that_is_not_an_object_is_an_invalid_request(client: LspClient) -> None:
    client.send_raw(b"Content-Length: 2\r\n\r\n[]")
    assert client.response(None, timeout=20)["error"]["code"] == -32600
    client.request("shutdown", None)


def test_the_reader_never_allocates_what_a_header_claims() -> None:
    """The reader reads in chunks: a claimed size past the limit is skipped
    up to the next header, and the next message is read."""
    import os

    read_end, write_end = os.pipe()
    os.write(write_end, b"Content-Length: %d\r\n\r\n{\"a\": 1}" % (MAX_MESSAGE + 1))
    os.write(write_end, b"Content-Length: 8\r\n\r\n{\"b\": 2}")
    os.close(write_end)
    reader = Reader(read_end)
    first = reader.read()
    assert first is not None and first.error is not None and "over the" in first.error
    second = reader.read()
    assert second is not None and second.value == {"b": 2}
    assert reader.read() is None
    os.close(read_end)


# --------------------------------------------------------------------------
# Params, unknown documents, shutdown
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "position",
    [{"line": -1, "character": 0}, {"line": 10**12, "character": 0}, {"line": 0}, {"line": "1", "character": 0}, None],
)
def test_a_bad_position_gets_an_invalid_params_reply(client: LspClient, position: object) -> None:
    open_document(client)
    number = client.next_id()
    client.send_raw(_frame(body(number, "textDocument/hover", {"textDocument": {"uri": URI}, "position": position})))
    reply = client.response(number, timeout=20)
    assert reply["error"]["code"] == -32602
    alive(client)


def test_formatting_without_options_is_answered(client: LspClient) -> None:
    open_document(client, GOOD)
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": URI}})
    assert edits and "(You may pay an additional {2}{G}" in edits[0]["newText"]


def test_formatting_a_file_with_errors_says_why(client: LspClient) -> None:
    open_document(client, BAD)
    with pytest.raises(RuntimeError, match=r"errors in 1 card\(s\) \(first: Bloodstone Goblin, line 1\)"):
        client.request("textDocument/formatting", {"textDocument": {"uri": URI}, "options": {}})


@pytest.mark.parametrize("uri", ["file:///never/opened.card", "file:///dev/zero"])
def test_hover_on_a_document_never_opened_is_an_error_without_a_traceback(client: LspClient, uri: str) -> None:
    number = client.next_id()
    params = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
    client.send_raw(_frame(body(number, "textDocument/hover", params)))
    error = client.response(number, timeout=20)["error"]
    assert error["code"] == -32602 and "is not open" in error["message"]
    assert "Traceback" not in error["message"]


def test_requests_after_shutdown_get_an_error_and_exit_ends_with_0(client: LspClient) -> None:
    client.request("shutdown", None)
    number = client.next_id()
    client.send_raw(_frame(body(number, "textDocument/documentSymbol", {"textDocument": {"uri": URI}})))
    assert client.response(number, timeout=20)["error"]["code"] == -32600
    client.notify("exit", None)
    assert client.process.wait(timeout=20) == 0


def test_exit_without_shutdown_ends_with_1() -> None:
    c = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(REPO))
    try:
        c.request("initialize", {"processId": None, "capabilities": {}})
        c.notify("exit", None)
        assert c.process.wait(timeout=20) == 1
    finally:
        c.close()


# --------------------------------------------------------------------------
# Incremental checking, bursts, code actions, symbols
# --------------------------------------------------------------------------


def test_a_burst_of_edits_is_checked_once_at_its_newest_version(client: LspClient) -> None:
    open_document(client, BAD)
    frames = b""
    for version in range(2, 32):
        text = GOOD if version == 31 else BAD.replace("Goblin\n", f"Goblin\n# edit {version}\n")
        frames += _frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}}).encode())  # fmt: skip
    client.send_raw(frames)
    published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == URI)
    assert published["version"] == 31 and published["diagnostics"] == []


def test_ranged_changes_are_applied_in_utf16_columns() -> None:
    text = "𝒜 Kicker 2G\nnext\n"
    change = {"range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 12}}, "text": "{2}{G}"}
    assert apply_change(text, change) == "𝒜 Kicker {2}{G}\nnext\n"
    whole = {"text": "all new"}
    assert apply_change(text, whole) == "all new"


def many_cards(count: int) -> str:
    cards = [GOOD.replace("Bloodstone Goblin", f"Goblin Number {i}") for i in range(count)]
    cards[count // 2] = BAD.replace("Bloodstone Goblin", "Broken Goblin")
    return "\n".join(cards)


def test_an_edit_checks_only_the_card_it_touches() -> None:
    text = many_cards(60)
    document = Document("set.card")
    first = document.update(text)
    assert document.rechecked == 60 and len(first) == 1
    lines = text.split("\n")
    lines[2] = "Kicker {3}{G}"  # the first card's kicker
    assert document.update("\n".join(lines)) == first and document.rechecked == 1
    lines[0:0] = ["# a comment", ""]  # every card moves down two lines
    moved = document.update("\n".join(lines))
    assert document.rechecked == 0
    assert [d.range.line for d in moved] == [first[0].range.line + 2]
    lines.append("\nNew Thing {1}\nCreature — Frobnicator\n1/1")  # declares a subtype: every card again
    document.update("\n".join(lines))
    assert document.rechecked == 61


def test_a_moved_keyword_definition_is_rechecked_where_it_now_is() -> None:
    """A message about a keyword's definition names the definition's line:
    when a line above it is deleted, the cards that use it are checked again
    (the incremental check is the whole check)."""
    path = REPO / "cardtext" / "cards" / "designer-keywords.card"
    lines = path.read_text(encoding="utf-8").split("\n")
    document = Document(str(path))
    document.update("\n".join(lines))
    del lines[15]
    document.update("\n".join(lines))
    del lines[0]
    text = "\n".join(lines)
    assert document.update(text) == editing.diagnostics(text, str(path))


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_the_incremental_check_is_the_whole_check(data: st.DataObject) -> None:
    """After any sequence of line edits, the document's diagnostics are those
    of checking its text from scratch."""
    files = sorted((REPO / "cardtext" / "cards").glob("*.card"))
    path = data.draw(st.sampled_from(files))
    lines = path.read_text(encoding="utf-8").split("\n")
    document = Document(str(path))
    document.update("\n".join(lines))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        edit = data.draw(st.sampled_from(["delete", "blank", "typo", "duplicate", "creature"]))
        if edit == "delete":
            del lines[i]
        elif edit == "blank":
            lines.insert(i, "")
        elif edit == "typo":
            lines[i] = lines[i][:3] + "q" + lines[i][3:]
        elif edit == "duplicate":
            lines.insert(i, lines[i])
        else:
            lines.insert(i, "Creature — Zorbl")
        text = "\n".join(lines)
        assert document.update(text) == editing.diagnostics(text, str(path))


def test_code_actions_carry_the_exact_fix(client: LspClient) -> None:
    text = "Bear {1}{G}\nCreature — Bear\nFlyng\n2/2\n\nShock {R}\nInstant\nShock deals 2 damage to any target\n"
    published = open_document(client, text)
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}},
        "context": {"diagnostics": published["diagnostics"]},
    })  # fmt: skip
    edits = {a["title"]: a["edit"]["changes"][URI][0] for a in actions}
    assert edits["Change 'Flyng' to 'Flying'"]["newText"] == "Flying"
    assert edits["Add the missing '.'"]["range"]["start"] == {"line": 7, "character": 34}
    assert fixes("unknown word 'x'\nhint: did you mean 'flying'?", "Flyng, reach", 0, 5) == [("Change 'Flyng' to 'Flying'", "Flying")]


def test_document_symbols_are_the_cards(client: LspClient) -> None:
    open_document(client, GOOD + "\n" + BAD.replace("Bloodstone Goblin", "Other Goblin"))
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}})
    assert [(s["name"], s["range"]["start"]["line"], s["detail"]) for s in symbols] == [
        ("Bloodstone Goblin", 0, ""), ("Other Goblin", 5, "doesn't parse yet"),
    ]


def test_completion_by_context() -> None:
    text = "Goblin {R}\nCreature — Goblin\nFlying, tr\nWhen this creature enters, dr\n1/1\n\nThing {1}\nArtifact — \n"
    assert {c.kind for c in editing.completions(text, 2, 10)} == {"keyword"}
    assert editing.completions(text, 3, 29) == []  # inside a sentence: no keyword stands there
    artifact = {c.label for c in editing.completions(text, 7, 11)}
    assert "Equipment" in artifact and "Goblin" not in artifact


def _frame(data: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def test_a_request_nested_too_deep_is_answered() -> None:
    """JSON nested 6,000 deep (Python's json gives up at about 1,000): the
    request still gets its error reply, and the next one its answer."""
    c = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(REPO))
    try:
        c.request("initialize", {"processId": None, "capabilities": {}})
        deep = '{"a":[' * 3000 + "0" + "]}" * 3000
        data = ('{"jsonrpc": "2.0", "id": 77, "method": "textDocument/hover", "params": ' + deep + "}").encode()
        c.send_raw(b"Content-Type: x\r\n\r\n" + data)  # no length either: the end is found by counting
        error = c.response(77, timeout=20)["error"]
        assert error["code"] == -32700 and "nests 6001 levels deep" in error["message"]
        assert c.request("shutdown", None) is None
    finally:
        c.close()


def test_a_client_that_never_reads_stderr_still_gets_answers() -> None:
    """The server logs every badly framed message on its standard error; a
    client that never reads it fills the pipe (64 KiB) in some 700 such
    frames.  The server drops what the pipe can't take instead of waiting:
    every request is answered, shutdown and exit end it with 0, and the log
    says how many lines were dropped."""
    c = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(REPO))
    try:
        c.request("initialize", {"processId": None, "capabilities": {}})
        c.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "cardtext", "version": 1, "text": GOOD}})
        note = json.dumps({"jsonrpc": "2.0", "method": "$/setTrace", "params": {"value": "off"}}).encode()
        burst = b"Content-Length: abc\r\n\r\n" + note
        for _ in range(30):
            c.send_raw(burst * 50)  # 1,500 frames, each logged: over 100 KiB of log in all
            assert c.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}}, timeout=20) is not None
        assert c.process.stderr is not None
        first = b""
        while len(first) < 60_000:  # the reader comes back: what the pipe held, then room again
            first += os.read(c.process.stderr.fileno(), 65_536)
        c.send_raw(burst)
        assert c.request("textDocument/documentSymbol", {"textDocument": {"uri": URI}}, timeout=20) is not None
        assert c.request("shutdown", None, timeout=20) is None
        c.notify("exit", None)
        assert c.process.wait(timeout=20) == 0
        log = (first + c.process.stderr.read()).decode()
        assert "a message's frame was wrong" in log
        assert "log line(s) dropped: standard error was not being read" in log
    finally:
        c.close()


def test_the_log_cuts_long_lines_and_writes_to_a_stream_without_a_descriptor() -> None:
    """A line longer than a pipe's atomic write is cut, with '…'; a stream
    that is no file (a test's capture) gets the line as it is."""
    import io

    from cardtext.lsp import ErrorLog

    read, write = os.pipe()
    try:
        with os.fdopen(write, "w", closefd=False) as stream:
            ErrorLog(stream)("x" * 10_000)
        data = os.read(read, 20_000)
    finally:
        os.close(read)
        os.close(write)
    assert len(data) <= ErrorLog.LIMIT and data.endswith("…\n".encode())
    captured = io.StringIO()
    ErrorLog(captured)("plain line")
    assert captured.getvalue() == "plain line\n"


def test_fuzzing_the_server_a_few_hundred_rounds() -> None:
    """The fuzzer of benchmarks/lsp_fuzz.py, briefly: every request answered,
    the server alive, status 0 at the end."""
    import lsp_fuzzing

    report = lsp_fuzzing.run(rounds=150, seed=7, timeout=20)
    assert report.silent == [] and report.crashed is None
    assert report.exit_status == 0 and report.answered == report.requests > 30


def test_a_gap_of_a_keyword_defined_by_its_reminder_is_at_its_line() -> None:
    """A keyword read from its own reminder text (a warning says so) whose
    definition the engine can't play: the engine's warning is at the
    keyword's line, where the text is, not at the line of the definition's
    own text (which made the incremental check and the whole one differ
    after an edit)."""
    text = ("Rig {3}\nArtifact — Vehicle\nCreqw 2 (Tap any number of untapped creatures you control with total "
            "power 2 or more: This Vehicle becomes an artifact creature until end of turn.)\n3/3\n")  # fmt: skip
    for padding in ("", "\n\n\n"):
        found = [d for d in editing.diagnostics(padding + text, "rig.card") if d.code == "EngineWarning"]
        assert found and {d.range.line for d in found} == {padding.count("\n") + 2}, found
