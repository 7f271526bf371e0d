"""A timed fuzz run: mutated real card text and scenario files, for as long as you like.

    python benchmarks/fuzz.py --minutes 60 [--seed N] [--only cards|scenarios] [--timeout S] [--save DIR]

Inputs are real cards (``benchmarks/data/cards.jsonl``) and the test
scenarios (``tests/scenarios/``), changed by the mutators the test suite's
fuzz tests use (``tests/fuzzing.py``): words dropped, swapped or repeated,
runs of digits, odd Unicode, brackets left open, scenario values of the
wrong type, nesting hundreds deep.  A card input is parsed (``parse_text``),
link-checked, and, where it parses, rendered and parsed again (the round
trip must give the same cards); a scenario input is run
(:class:`cardtext.scenario.Runner`).

Each input is cut to ``MAX_INPUT`` characters (30,000, some thirty times the
longest real card text): the run looks for hostile structure, not size
(time grows in proportion to size: ``benchmarks/check_speed.py``).

The project's promise is that every mistake is a
:class:`~cardtext.grammar.errors.CardTextError`.  Anything else is a *crash*; an
input that runs longer than ``--timeout`` seconds is a *hang* (the worker
process is killed and started again, so a hang inside a regular expression
is caught too).  The report gives inputs a second, crashes, round-trip
failures, inputs over 1 s, hangs, and the slowest input.  ``--save DIR``
writes each crashing, hanging, slow (over 1 s, the first 20) or slowest input
to a file there.  The exit
status is 1 when there was a crash, a round-trip failure or a hang.

Not a test: the test suite runs the same mutators with a fixed budget
(``tests/test_hostile_fuzz.py``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import tomllib
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

SLOW = 1.0  # seconds: the bound for one input


# --------------------------------------------------------------------------
# The worker: makes inputs, runs them, reports each one
# --------------------------------------------------------------------------


def _card_inputs() -> list[str]:
    from fuzzing import CORPUS

    from cardtext.library import read_jsonl

    return [c.text for c in read_jsonl(CORPUS)]


def _run_card(text: str) -> str:
    """Parse, link-check, and round-trip one card text; the outcome in a word."""
    from cardtext.grammar.parser import parse_text
    from cardtext.grammar.render import format_text
    from cardtext.interpreter.links import check_card

    result = parse_text(text, "fuzz.card")
    for card in result.cards:
        check_card(card, "fuzz.card", text)
    if result.errors:
        return "error"
    again = parse_text(format_text(text, "fuzz.card"), "fuzz.card")
    if again.errors or again.cards != result.cards:
        return "roundtrip"
    return "ok"


def _run_scenario(text: str) -> str:
    from cardtext.scenario import Runner

    result = Runner(Path("/nonexistent/fuzz.toml"), text).run()
    return "ok" if result.ok else "fail"


def worker(conn: Connection, seed: int, only: str) -> None:
    """Make and run inputs for ever, telling the parent about each: ("start",
    kind, text) before, ("done", seconds, outcome, detail) after."""
    from fuzzing import capped, dump_toml, mutate_scenario, mutate_text, scenario_texts

    from cardtext.grammar.errors import CardTextError

    rng = random.Random(seed)
    cards = _card_inputs() if only != "scenarios" else []
    scenarios = [text for _, text in scenario_texts()] if only != "cards" else []
    parsed = [tomllib.loads(t) for t in scenarios]
    for text in cards[:1]:  # build the parser and load the card pools before any timing
        _run_card(text)
    for text in scenarios[:1]:
        _run_scenario(text)
    while True:
        if cards and (not scenarios or rng.random() < 0.5):
            kind, text = "card", mutate_text(rng, rng.choice(cards))
        else:
            i = rng.randrange(len(scenarios))
            if rng.random() < 0.7:
                kind, text = "scenario", dump_toml(mutate_scenario(rng, parsed[i]))
            else:
                kind, text = "scenario", mutate_text(rng, scenarios[i])
        text = capped(text)
        conn.send(("start", kind, text))
        start = time.perf_counter()
        detail = ""
        try:
            outcome = _run_card(text) if kind == "card" else _run_scenario(text)
        except CardTextError:
            outcome = "error"
        except Exception as exc:  # noqa: BLE001 - a crash is what we look for
            outcome = "crash"
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            detail = f"{type(exc).__name__}: {exc} ({Path(frame.filename).name}:{frame.lineno})"
        conn.send(("done", time.perf_counter() - start, outcome, detail[:500]))


# --------------------------------------------------------------------------
# The parent: watches the worker, counts, reports
# --------------------------------------------------------------------------


@dataclass
class Report:
    inputs: dict[str, int] = field(default_factory=dict)
    outcomes: dict[str, int] = field(default_factory=dict)
    crashes: dict[str, tuple[str, str]] = field(default_factory=dict)  # detail -> (kind, input)
    roundtrips: list[str] = field(default_factory=list)
    hangs: list[tuple[str, str]] = field(default_factory=list)
    over_slow: int = 0
    slow: list[tuple[float, str, str]] = field(default_factory=list)  # the first 20 inputs over SLOW
    slowest: tuple[float, str, str] = (0.0, "", "")

    def add(self, kind: str, text: str, seconds: float, outcome: str, detail: str) -> None:
        self.inputs[kind] = self.inputs.get(kind, 0) + 1
        self.outcomes[f"{kind} {outcome}"] = self.outcomes.get(f"{kind} {outcome}", 0) + 1
        if outcome == "crash":
            self.crashes.setdefault(detail, (kind, text))
        if outcome == "roundtrip" and len(self.roundtrips) < 20:
            self.roundtrips.append(text)
        if seconds > SLOW:
            self.over_slow += 1
            if len(self.slow) < 20:
                self.slow.append((seconds, kind, text))
        if seconds > self.slowest[0]:
            self.slowest = (seconds, kind, text)


def _excerpt(text: str, width: int = 300) -> str:
    one = text.replace("\n", "\\n")
    return repr(one if len(one) <= width else one[:width] + "...")


def run(minutes: float, seed: int, only: str, timeout: float, save: Path | None) -> int:
    ctx = multiprocessing.get_context("spawn")
    report = Report()
    deadline = time.monotonic() + minutes * 60
    started = time.monotonic()
    restarts = 0
    try:
        while time.monotonic() < deadline:
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=worker, args=(child, seed + restarts, only), daemon=True)
            proc.start()
            try:
                _watch(parent, report, deadline, timeout)
            finally:
                proc.kill()
                proc.join()
            restarts += 1
    except KeyboardInterrupt:  # Ctrl-C: report what was found so far
        print("interrupted")
    elapsed = time.monotonic() - started
    _print(report, elapsed, timeout)
    if save is not None:
        _save(report, save)
    return 1 if report.crashes or report.hangs or report.roundtrips else 0


def _watch(parent: Connection, report: Report, deadline: float, timeout: float) -> None:
    """Follow one worker until the time is up, it hangs on an input, or it dies."""
    current: tuple[str, str] | None = None
    while time.monotonic() < deadline:
        wait = timeout if current is not None else 120.0
        if not parent.poll(wait):
            if current is not None:  # a hang: the caller kills the worker and starts another
                report.hangs.append(current)
            return
        try:
            message: Any = parent.recv()
        except EOFError:  # the worker died (a crash of the interpreter itself)
            if current is not None:
                report.crashes.setdefault("the worker process died", current)
            return
        if message[0] == "start":
            current = (message[1], message[2])
        elif current is not None:
            report.add(current[0], current[1], message[1], message[2], message[3])
            current = None


def _print(report: Report, elapsed: float, timeout: float) -> None:
    total = sum(report.inputs.values())
    print(f"ran {elapsed / 60:.1f} min: {total} inputs, {total / elapsed:.0f} inputs/s "
          + "(" + ", ".join(f"{n} {k}s" for k, n in sorted(report.inputs.items())) + ")")  # fmt: skip
    print("outcomes: " + ", ".join(f"{k}: {n}" for k, n in sorted(report.outcomes.items())))
    print(f"crashes (not a CardTextError): {sum(1 for _ in report.crashes)} distinct")
    for detail, (kind, text) in list(report.crashes.items())[:10]:
        print(f"  {kind}: {detail}\n    input: {_excerpt(text)}")
    print(f"round-trip failures: {len(report.roundtrips)}" + (" (at least)" if len(report.roundtrips) >= 20 else ""))
    for text in report.roundtrips[:3]:
        print(f"    input: {_excerpt(text)}")
    print(f"inputs over {SLOW:.0f} s: {report.over_slow}")
    for seconds, kind, text in report.slow[:5]:
        print(f"  {seconds:.3f} s ({kind}, {len(text):,} characters): {_excerpt(text, 120)}")
    print(f"hangs (over {timeout:g} s, worker killed): {len(report.hangs)}")
    for kind, text in report.hangs[:10]:
        print(f"  {kind}: {_excerpt(text)}")
    seconds, kind, text = report.slowest
    print(f"slowest input: {seconds:.3f} s ({kind}): {_excerpt(text)}")


def _save(report: Report, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    suffix = {"card": ".card", "scenario": ".toml"}
    items = [(f"crash-{i}", k, t) for i, (k, t) in enumerate(report.crashes.values())]
    items += [(f"hang-{i}", k, t) for i, (k, t) in enumerate(report.hangs)]
    items += [(f"roundtrip-{i}", "card", t) for i, t in enumerate(report.roundtrips)]
    items += [(f"slow-{i}", k, t) for i, (_, k, t) in enumerate(report.slow)]
    if report.slowest[2]:
        items.append(("slowest", report.slowest[1], report.slowest[2]))
    for name, kind, text in items:
        (folder / (name + suffix.get(kind, ".txt"))).write_text(text, encoding="utf-8", errors="surrogatepass")
    print(f"inputs saved in {folder}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations (default 0)")
    parser.add_argument("--only", choices=("cards", "scenarios"), help="fuzz only card text or only scenarios")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before an input counts as a hang (default 10)")
    parser.add_argument("--save", type=Path, help="write crashing, hanging and the slowest inputs to this folder")
    args = parser.parse_args(argv)
    return run(args.minutes, args.seed, args.only or "both", args.timeout, args.save)


if __name__ == "__main__":
    raise SystemExit(main())
