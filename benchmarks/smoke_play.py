"""Smoke play at corpus scale (not a timed test).

For every card of the files that ``coverage`` marks ``plays``, a generated
game casts it, resolves it, activates its abilities and plays on through a
turn (:mod:`cardtext.smoke`).  Prints cards smoke-played / cards marked
plays, and the engine faults and harness limits grouped by cause, with
counts and an example card.

    python benchmarks/smoke_play.py [FILE ...] [--jobs 2] [--budget 2] [--sample N] [--seed 0]

Default files: benchmarks/data/forge-2020.jsonl and modern.jsonl.  The exit
status is 1 if fewer than 99% of the plays cards pass (an engine fault or a
timeout fails a card; a harness limit does not).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtext.smoke import BUDGET, report_lines, run_file  # noqa: E402

DEFAULT_FILES = [ROOT / "benchmarks" / "data" / "forge-2020.jsonl", ROOT / "benchmarks" / "data" / "modern.jsonl"]
BAR = 0.99


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT_FILES)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds per card (default %(default)s)")
    parser.add_argument("--sample", type=int, default=None, help="smoke-play this many cards of each file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=25, help="causes shown (default %(default)s)")
    parser.add_argument("--failures", type=Path, default=None, help="write every failing card to this file")
    args = parser.parse_args(argv)
    status = 0
    failing: list[str] = []
    for path in args.files:
        summary, results = run_file(path, jobs=args.jobs, seed=args.seed, budget=args.budget, sample=args.sample)
        for line in report_lines(path.name, summary, args.top):
            print(line)
        failing += [f"{path.name}\t{r.outcome}\t{r.name}\t{r.cause}\t{r.detail}" for r in results if r.outcome not in ("played",)]
        if summary.plays and summary.passed < BAR * summary.plays:
            status = 1
    if args.failures is not None:
        args.failures.write_text("\n".join(failing) + "\n", encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
