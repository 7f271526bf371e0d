"""How ``cardtext check`` scales with the size of a card file (not a timed test).

    python benchmarks/check_speed.py [--sizes 1 2 5] [--no-link]

Writes card files of the sizes asked (in MB) from the real cards of
``benchmarks/data/cards.jsonl``, repeated, each copy of a card under a name
of its own, and times ``cardtext check`` on each as a new process.  Time
should grow in proportion to size: the last column, seconds per MB, should
stay about the same from one size to the next (issue 9: "check of a 5 MB
file of real cards: linear time").
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtext.library import read_jsonl  # noqa: E402

CORPUS = Path(__file__).resolve().parent / "data" / "cards.jsonl"


def card_file(megabytes: float) -> str:
    """Corpus cards repeated to about ``megabytes`` MB of UTF-8; copy n of a
    card is renamed "<name> n" everywhere in its text, so names stay unique."""
    cards = read_jsonl(CORPUS)
    target = int(megabytes * 1_000_000)
    parts: list[str] = []
    size = 0
    copy = 0
    while size < target:
        copy += 1
        for card in cards:
            text = card.text.replace(card.name, f"{card.name} {copy}") if copy > 1 else card.text
            parts.append(text)
            size += len(text.encode("utf-8")) + 2
            if size >= target:
                break
    return "\n\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1.0, 2.0, 5.0], metavar="MB")
    parser.add_argument("--no-link", action="store_true", help="parse only (cardtext check --no-link)")
    args = parser.parse_args(argv)
    print(f"{'MB':>6} {'cards':>7} {'seconds':>9} {'s/MB':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for mb in args.sizes:
            path = Path(folder) / f"cards-{mb:g}mb.card"
            text = card_file(mb)
            path.write_text(text, encoding="utf-8")
            command = [sys.executable, "-m", "cardtext", "check", str(path)] + (["--no-link"] if args.no_link else [])
            start = time.perf_counter()
            proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
            seconds = time.perf_counter() - start
            summary = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr.strip()[-200:]
            cards = summary.split()[1] if summary.startswith("checked") else "?"
            real_mb = len(text.encode("utf-8")) / 1e6
            print(f"{real_mb:6.2f} {cards:>7} {seconds:9.2f} {seconds / real_mb:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
