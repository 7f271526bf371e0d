"""How fast the interpreter plays (not a timed test).

Prints scenarios per second for the bundled demo scenarios, and
cast-and-resolve cycles per second for a loop that casts Gnarlid Pack
kicked twice (601.2 with snapshot/rollback protection, mana payment,
the enters replacement) and resolves it, then returns it to hand and
untaps.  Target: at least 1,000 cycles/s on one core.

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


def scenarios_per_second(seconds: float) -> tuple[float, int]:
    files = sorted(SCENARIOS.glob("*.toml"))
    bundled_pool()  # parse the bundled cards once, outside the timing
    runs = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for f in files:
            result = run_scenario_file(f, quiet=True)
            assert result.ok, (f, result.failures)
            runs += 1
    return runs / (time.perf_counter() - start), len(files)


def cycles_per_second(seconds: float) -> float:
    pool = bundled_pool()
    game = new_game(chooser=ScriptedChooser(kick=[0, 0]))
    lands = [add_card(game, pool["Forest"], "A", "battlefield").id for _ in range(6)]
    pack = add_card(game, pool["Gnarlid Pack"], "A", "hand")
    cycles = 0
    start = time.perf_counter()
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
    return cycles / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rate, n = scenarios_per_second(args.seconds)
    print(f"bundled scenarios ({n} files): {rate:,.1f} scenarios/s")
    print(f"kicked cast-and-resolve: {cycles_per_second(args.seconds):,.0f} cycles/s")


if __name__ == "__main__":
    main()
