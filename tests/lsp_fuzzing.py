"""Random frames and requests against ``cardtext lsp``: the language server's fuzzer.

One round sends one of:

- a request (a real method or a made-up one) with params drawn from the
  shapes clients send and the shapes they get wrong (positions of -1 or
  10¹², strings for numbers, missing fields, documents never opened, nested
  hundreds deep), framed well or in one of the broken ways clients frame
  (``Content-Length`` missing, not a number, 0, off by ±10, no blank line);
- a notification (opening, changing, closing documents, with ranged and
  whole changes, some out of range);
- garbage: bytes that are no message at all, or a body that is not JSON.

A request framed so that its JSON can be found is owed a response with its
id; after garbage, a plain request must still be answered.  The server must
stay alive all along and end with status 0 after ``shutdown`` and ``exit``.
``benchmarks/lsp_fuzz.py`` runs it for as long as you like; the test suite
runs a few rounds (``tests/test_lsp_hostile.py``).
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsp_client import LspClient

ROOT = Path(__file__).resolve().parents[1]
METHODS = [
    "textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/formatting",
    "textDocument/codeAction", "textDocument/documentSymbol", "cardtext/unknown", "workspace/symbol",
]  # fmt: skip
TEXTS = [
    "Shock {R}\nInstant\nShock deals 2 damage to any target.\n",
    "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n",
    "Gnarlid Pack {1}{G}\nCreature — Beast\nMultikicker {1}{G}\n"
    "Gnarlid Pack enters with a +1/+1 counter on it for each time it was kicked.\n2/2\n",
    "", "\n\n\n", "# only a comment\n", "Flyng Thing {1}\nCreature — Beest\nFlyng\n1/1\n",
    "𝒜 {W}\nInstant\nDraw a card\n", "\u202eShock {R}\nInstant\nShock deals 2 damage to any target.\n",
]  # fmt: skip
URIS = ["file:///fuzz/a.card", "file:///fuzz/b.card", "file:///dev/zero", "untitled:Untitled-1", ""]


@dataclass
class Report:
    rounds: int = 0
    requests: int = 0
    answered: int = 0
    silent: list[str] = field(default_factory=list)
    crashed: str | None = None
    exit_status: int | None = None

    @property
    def ok(self) -> bool:
        return not self.silent and self.crashed is None and self.exit_status == 0


def _number(rng: random.Random) -> Any:
    return rng.choice([0, 1, 2, 5, -1, 10**12, 2**63, "3", None, 1.5, True])


def _position(rng: random.Random) -> Any:
    if rng.random() < 0.7:
        return {"line": rng.randrange(0, 8), "character": rng.randrange(0, 40)}
    return rng.choice([{"line": _number(rng), "character": _number(rng)}, {"line": 0}, None, [], "0:0"])


_NESTED = "__nested__"


def _nested_text(depth: int) -> str:
    """JSON nested ``depth`` deep, written out (json.dumps can't nest that far)."""
    return '{"a":[' * depth + "0" + "]}" * depth


def _params(rng: random.Random, method: str) -> Any:
    if rng.random() < 0.08:
        return rng.choice([None, [], "text", 5, _NESTED + str(rng.choice([10, 300, 3000]))])
    uri = rng.choice(URIS)
    params: dict[str, Any] = {"textDocument": {"uri": uri} if rng.random() < 0.9 else rng.choice([None, {}, {"uri": 5}])}
    params["position"] = _position(rng)
    if method == "textDocument/formatting" and rng.random() < 0.5:
        params["options"] = {"tabSize": 4, "insertSpaces": True}
    if method == "textDocument/codeAction":
        params["range"] = {"start": _position(rng), "end": _position(rng)}
        params["context"] = rng.choice([{"diagnostics": []}, {"diagnostics": [{"message": "hint: did you mean 'flying'?",
                                         "range": {"start": _position(rng), "end": _position(rng)}}]}, None, {}])  # fmt: skip
    return params


def _notification(rng: random.Random, version: int) -> dict[str, Any]:
    uri = rng.choice(URIS[:2] + URIS[3:4])
    kind = rng.choice(["open", "open", "change", "change", "change", "close", "save", "odd"])
    if kind == "open":
        params: Any = {"textDocument": {"uri": uri, "languageId": "cardtext", "version": version, "text": rng.choice(TEXTS)}}
        return {"method": "textDocument/didOpen", "params": params}
    if kind == "change":
        change: dict[str, Any] = {"text": rng.choice(TEXTS + ["x", "{", "—"])}
        if rng.random() < 0.5:
            change["range"] = {"start": _position(rng), "end": _position(rng)}
        return {"method": "textDocument/didChange",
                "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}}  # fmt: skip
    if kind == "close":
        return {"method": "textDocument/didClose", "params": {"textDocument": {"uri": uri}}}
    if kind == "save":
        return {"method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}}
    return {"method": rng.choice(["$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "odd"]),
            "params": rng.choice([None, {}, [], {"id": 1}])}  # fmt: skip


def _framed(rng: random.Random, body: bytes) -> bytes:
    """A frame, well made or broken in a way whose JSON can still be found."""
    how = rng.random()
    if how < 0.6:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body
    return rng.choice([
        b"Content-Length: abc\r\n\r\n", b"Content-Type: x\r\n\r\n", b"Content-Length: 0\r\n\r\n",
        b"Content-Length: %d\r\n\r\n" % (len(body) + 10), b"Content-Length: %d\r\n\r\n" % max(1, len(body) - 10),
        b"Content-Length: %d\r\n" % len(body), b"\r\n",
    ]) + body  # fmt: skip


def _garbage(rng: random.Random) -> bytes:
    return rng.choice([
        b"Content-Length: 5\r\n\r\nhello", b"garbage\r\n", b"Content-Length: 1000000000000\r\n\r\n{}",
        b"\x00\xff\xfe\r\n", b"Content-Length: 7\r\n\r\n{\"a\":[}", b"Content-Length: 2\r\n\r\n[]",
        b"Content-Length: 3\r\n\r\n\"x\"",
    ])  # fmt: skip


def run(rounds: int | None = None, seconds: float | None = None, seed: int = 0, timeout: float = 20.0) -> Report:
    """Fuzz one server for ``rounds`` rounds or ``seconds`` seconds."""
    rng = random.Random(seed)
    report = Report()
    client = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(ROOT))
    try:
        client.request("initialize", {"processId": None, "capabilities": {}}, timeout=timeout)
        client.notify("initialized", {})
        end = time.monotonic() + seconds if seconds is not None else None
        version = 1
        while (rounds is None or report.rounds < rounds) and (end is None or time.monotonic() < end):
            report.rounds += 1
            version += 1
            roll = rng.random()
            if roll < 0.45:
                method = rng.choice(METHODS)
                number = client.next_id()
                params = _params(rng, method)
                body = json.dumps({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
                if isinstance(params, str) and params.startswith(_NESTED):
                    body = body.replace(json.dumps(params), _nested_text(int(params[len(_NESTED):])))
                client.send_raw(_framed(rng, body.encode()))
                _owed(client, report, number, method, timeout)
            elif roll < 0.85:
                client.send_raw(_framed(rng, json.dumps({"jsonrpc": "2.0", **_notification(rng, version)}).encode()))
            else:
                client.send_raw(_garbage(rng))
                number = client.next_id()
                body = json.dumps({"jsonrpc": "2.0", "id": number, "method": "textDocument/documentSymbol",
                                   "params": {"textDocument": {"uri": URIS[0]}}})  # fmt: skip
                client.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body.encode())
                _owed(client, report, number, "documentSymbol after garbage", timeout)
            if client.process.poll() is not None:
                report.crashed = client.process.stderr.read().decode("utf-8", "replace")[-2000:] if client.process.stderr else "died"
                return report
        client.request("shutdown", None, timeout=timeout)
        client.notify("exit", None)
        report.exit_status = client.process.wait(timeout=timeout)
    finally:
        client.close()
    return report


def _owed(client: LspClient, report: Report, number: int, what: str, timeout: float) -> None:
    report.requests += 1
    try:
        client.response(number, timeout=timeout)
    except TimeoutError:
        report.silent.append(f"request {number} ({what}): no response in {timeout} s")
    else:
        report.answered += 1
