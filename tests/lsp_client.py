"""A small Language Server Protocol client: JSON-RPC over a subprocess's pipes.

Enough for a test to talk to ``cardtext lsp`` as an editor does: requests
wait for their response; notifications from the server are kept in order
and waited for by method.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any


class LspClient:
    def __init__(self, command: Sequence[str], cwd: str | None = None) -> None:
        self.process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
        )
        self._next_id = 0
        self._responses: dict[int, Any] = {}
        self._notifications: queue.Queue[dict[str, Any]] = queue.Queue()
        self._lock = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # -- wire ---------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if length is None:
                continue
            message = json.loads(stream.read(length))
            if "id" in message and "method" not in message:
                with self._lock:
                    self._responses[message["id"]] = message  # id None: an error with no request
                    self._lock.notify_all()
            elif "id" in message:  # a request from the server: answer it plainly
                self._send({"id": message["id"], "result": None})
            else:
                self._notifications.put(message)

    # -- protocol -----------------------------------------------------------

    def request(self, method: str, params: Any, timeout: float = 30) -> Any:
        self._next_id += 1
        number = self._next_id
        self._send({"id": number, "method": method, "params": params})
        try:
            response = self.response(number, timeout)
        except TimeoutError:
            raise TimeoutError(f"no response to {method}") from None
        if "error" in response:
            raise RuntimeError(f"{method}: {response['error']}")
        return response.get("result")

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are, framed or not (for hostile input)."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def next_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def response(self, number: Any, timeout: float = 30) -> dict[str, Any]:
        """The whole response to request ``number`` (result or error)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while number not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no response to request {number!r}")
                self._lock.wait(left)
            return dict(self._responses.pop(number))

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def wait_for(
        self,
        method: str,
        where: Callable[[dict[str, Any]], bool] = lambda _: True,
        timeout: float = 30,
    ) -> dict[str, Any]:
        """The next notification ``method`` whose params satisfy ``where``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {method} notification")
            try:
                message = self._notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") == method and where(message.get("params") or {}):
                return dict(message["params"])

    def close(self) -> None:
        try:
            if self.process.poll() is not None:  # it has ended already (an exit the test sent)
                return
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            self.process.wait(timeout=10)
        except (OSError, TimeoutError, RuntimeError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(timeout=10)
        finally:
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    with contextlib.suppress(OSError):  # unflushed bytes to a server that has gone
                        stream.close()
