"""A timed fuzz run of the language server: random frames and requests against ``cardtext lsp``.

    python benchmarks/lsp_fuzz.py --minutes 60 [--seed N] [--timeout S]

Each run starts one server and sends it rounds of requests, notifications
and garbage, framed well and badly (``tests/lsp_fuzzing.py`` says what).
Every request whose JSON can be found must get a response with its id
(else it is *silent*), the server must stay alive (else it *crashed*), and
it must end with status 0 after ``shutdown`` and ``exit``.  Prints the
rounds, requests answered, silent requests and crashes; exit status 1 when
there was any.

Not a test: the test suite runs a few rounds (``tests/test_lsp_hostile.py``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first server's rounds (default 0)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a request may wait for its response (default 20)")
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per server before a new one starts (default 2000)")
    args = parser.parse_args()
    from lsp_fuzzing import run

    end = time.monotonic() + args.minutes * 60
    seed = args.seed
    totals = {"servers": 0, "rounds": 0, "requests": 0, "answered": 0, "silent": 0, "crashes": 0, "bad exits": 0}
    started = time.monotonic()
    while time.monotonic() < end:
        left = end - time.monotonic()
        report = run(rounds=args.rounds, seconds=left, seed=seed, timeout=args.timeout)
        totals["servers"] += 1
        totals["rounds"] += report.rounds
        totals["requests"] += report.requests
        totals["answered"] += report.answered
        totals["silent"] += len(report.silent)
        for line in report.silent[:5]:
            print(f"seed {seed}: silent: {line}")
        if report.crashed is not None:
            totals["crashes"] += 1
            print(f"seed {seed}: crashed:\n{report.crashed}")
        elif report.exit_status != 0:
            totals["bad exits"] += 1
            print(f"seed {seed}: exit status {report.exit_status} after shutdown and exit")
        seed += 1
    elapsed = time.monotonic() - started
    print(f"{elapsed:,.0f} s: {totals['servers']} servers, {totals['rounds']:,} rounds, "
          f"{totals['answered']:,} of {totals['requests']:,} requests answered, {totals['silent']} silent, "
          f"{totals['crashes']} crashes, {totals['bad exits']} bad exits")  # fmt: skip
    return 1 if totals["silent"] or totals["crashes"] or totals["bad exits"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
