"""How fast the interpreter plays (not a timed test).

Prints scenarios per second for the bundled demo scenarios, and
cast-and-resolve cycles per second for a loop that casts Gnarlid Pack
kicked twice (601.2 with snapshot/rollback protection, mana payment,
the enters replacement) and resolves it, then returns it to hand and
untaps.  Target: at least 2,000 cycles/s on one core.  Each rate is
given per second of wall time and per second of this process's CPU time:
on a machine busy with other work the first falls and the second holds.

    python benchmarks/play_speed.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardtext.interpreter import ScriptedChooser, add_card, cast, new_game, resolve_top  # noqa: E402
from cardtext.interpreter.zones import move  # noqa: E402
from cardtext.scenario import SCENARIOS, bundled_pool, run_scenario_file  # noqa: E402


def scenarios_per_second(seconds: float) -> tuple[float, float, int]:
    """Bundled scenarios run per second of wall time and of CPU time, and how many files there are."""
    files = sorted(SCENARIOS.glob("*.toml"))
    bundled_pool()  # parse the bundled cards once, outside the timing
    runs = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for f in files:
            result = run_scenario_file(f, quiet=True)
            assert result.ok, (f, result.failures)
            runs += 1
    return runs / (time.perf_counter() - start), runs / (time.process_time() - cpu), len(files)


def cycles_per_second(seconds: float) -> tuple[float, float]:
    """Kicked cast-and-resolve cycles per second of wall time and of CPU time."""
    pool = bundled_pool()
    game = new_game(chooser=ScriptedChooser(kick=[0, 0]))
    lands = [add_card(game, pool["Forest"], "A", "battlefield").id for _ in range(6)]
    pack = add_card(game, pool["Gnarlid Pack"], "A", "hand")
    cycles = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        cast(game, "A", game.obj(pack.cid).id)
        resolve_top(game)
        obj = game.obj(pack.cid)
        assert obj.counters == {"+1/+1": 2}
        move(game, obj, "hand")
        for cid, _ in lands:
            game.obj(cid).tapped = False
        game.log.clear()
        game.events.clear()
        cycles += 1
    return cycles / (time.perf_counter() - start), cycles / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rate, cpu_rate, n = scenarios_per_second(args.seconds)
    print(f"bundled scenarios ({n} files): {rate:,.1f} scenarios/s ({cpu_rate:,.1f} per CPU-second)")
    cycles, cpu_cycles = cycles_per_second(args.seconds)
    print(f"kicked cast-and-resolve: {cycles:,.0f} cycles/s ({cpu_cycles:,.0f} per CPU-second)")


if __name__ == "__main__":
    main()
