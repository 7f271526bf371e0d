"""The language server's speed on a large card file, as an editor sees it.

    python benchmarks/lsp_speed.py [--cards 300] [--edits 20] [--burst 30]

Starts ``cardtext lsp``, opens a file of real cards (the first N of
``benchmarks/data/modern.jsonl``, those that parse and those that don't), and
prints, from the client's side of the pipe:

- **first diagnostics**: from ``didOpen`` to the first ``publishDiagnostics``
  (the server already initialized, so its start-up is not counted here; it is
  printed on its own);
- **per edit**: a one-line change in the middle of the file, from
  ``didChange`` to its diagnostics (median and worst of ``--edits``);
- **burst**: ``--burst`` quick changes sent back to back, from the last one
  to the diagnostics of the newest version;
- **hover**: a hover request's round trip after an edit.

Figures vary with the machine and its load; run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def card_file(count: int) -> str:
    from cardtext.library import json_card_text

    cards = []
    with open(ROOT / "benchmarks" / "data" / "modern.jsonl", encoding="utf-8") as f:
        for line in f:
            if len(cards) == count:
                break
            cards.append(json_card_text(json.loads(line)))
    return "\n\n".join(cards) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=300, help="cards in the file (default 300)")
    parser.add_argument("--edits", type=int, default=20, help="single edits to time (default 20)")
    parser.add_argument("--burst", type=int, default=30, help="changes in the burst (default 30)")
    args = parser.parse_args()
    from lsp_client import LspClient

    text = card_file(args.cards)
    uri = "file:///benchmark/cards.card"
    started = time.perf_counter()
    client = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(ROOT))
    try:
        client.request("initialize", {"processId": None, "capabilities": {}}, timeout=120)
        client.notify("initialized", {})
        print(f"start-up (spawn to initialize answered): {time.perf_counter() - started:.3f} s")

        def published(version: int) -> None:
            client.wait_for("textDocument/publishDiagnostics",
                            lambda p: p["uri"] == uri and p.get("version") == version, timeout=120)  # fmt: skip

        t = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cardtext", "version": 1, "text": text}})
        published(1)
        print(f"first diagnostics of {args.cards} cards ({len(text.splitlines())} lines): {time.perf_counter() - t:.3f} s")

        lines = text.split("\n")
        middle = len(lines) // 2
        original = lines[middle]
        version = 1
        times = []
        for i in range(args.edits):
            version += 1
            lines[middle] = original + " x" if i % 2 == 0 else original  # a typo made, then mended
            change = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": "\n".join(lines)}]}
            t = time.perf_counter()
            client.notify("textDocument/didChange", change)
            published(version)
            times.append(time.perf_counter() - t)
        print(f"per edit ({args.edits} edits, whole text sent): median {statistics.median(times) * 1000:.1f} ms, "
              f"worst {max(times) * 1000:.1f} ms")  # fmt: skip

        for i in range(args.burst):
            version += 1
            lines[middle] = original + "y" * (i % 3)
            client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                     "contentChanges": [{"text": "\n".join(lines)}]})  # fmt: skip
        t = time.perf_counter()
        published(version)
        print(f"burst of {args.burst} changes: newest version's diagnostics {(time.perf_counter() - t) * 1000:.1f} ms "
              "after the last change was sent")  # fmt: skip

        t = time.perf_counter()
        client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": middle, "character": 1}})
        print(f"hover: {(time.perf_counter() - t) * 1000:.1f} ms")
    finally:
        client.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
