"""Where ``cardtext coverage`` spends its time, phase by phase, in one process.

    python benchmarks/coverage_speed.py [FILE] [--sample N] [--profile OUT]

Over the first ``--sample`` cards of FILE (default: the corpus copy in
benchmarks/data/cards.jsonl), measures the CPU time (time.process_time) of:

- loading the parser (the grammar tables, once per process);
- reading the file and writing each card's text (``coverage.load``);
- parsing (``parse_text``), for every card;
- the link check (``cardtext.interpreter.links.check_card``), for the cards that parse;
- rendering (``render_card``) and comparing (``normalize`` of both sides),
  for the cards that parse.

An exception in a phase is counted; after one in parsing or rendering the
card goes no further, after one in the link check it goes on, so that
rendering and comparing are measured whatever the link check does.  With ``--profile OUT`` the checking of the sample is
also run under cProfile and the statistics written to OUT.  Not a test:
nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import cProfile
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtext import coverage  # noqa: E402
from cardtext.diagnostics import LinkCheck, link_checker  # noqa: E402
from cardtext.grammar.parser import parse_text  # noqa: E402
from cardtext.grammar.render import render_card  # noqa: E402
from cardtext.normalize import normalize  # noqa: E402

DEFAULT_CORPUS = Path(__file__).resolve().parent / "data" / "cards.jsonl"


class Phases:
    """CPU seconds and exceptions per phase."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()

    def time(self, phase: str, work: Callable[..., Any], *args: Any) -> tuple[bool, Any]:
        start = time.process_time()
        try:
            value = work(*args)
        except Exception:  # noqa: BLE001 - counted, as coverage does
            self.failed[phase] += 1
            return False, None
        finally:
            self.seconds[phase] += time.process_time() - start
            self.calls[phase] += 1
        return True, value


def link_errors(link: LinkCheck, cards: list[Any], card: coverage.CardInput) -> list[Any]:
    return [e for k in cards for e in link(k, card.name, card.text)]


def rendered(cards: list[Any]) -> str:
    return "\n".join(render_card(k, reminders=False) for k in cards)


def same(text: str, other: str) -> bool:
    return normalize(text) == normalize(other)


def check_all(cards: list[coverage.CardInput], phases: Phases) -> None:
    link = link_checker()
    for card in cards:
        done, result = phases.time("parse", parse_text, card.text, card.name)
        if not done or result.errors or not result.cards:
            continue
        if link is not None:
            phases.time("link check", link_errors, link, result.cards, card)
        done, text = phases.time("render", rendered, result.cards)
        if done:
            phases.time("normalize", same, card.text, text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT_CORPUS))
    parser.add_argument("--sample", type=int, default=2000, help="cards to check (default 2000)")
    parser.add_argument("--profile", metavar="OUT", help="also write cProfile statistics to OUT")
    args = parser.parse_args()

    phases = Phases()
    phases.time("load parser", coverage.warm_up)
    done, loaded = phases.time("read file", lambda: coverage.load(Path(args.file)))
    if not done:
        sys.exit(f"can't read {args.file}")
    cards = [c for c in loaded.cards if isinstance(c, coverage.CardInput)][: args.sample]
    check_all(cards, phases)
    print(f"{len(cards)} cards of {args.file} (CPU seconds, one process)")
    for phase, seconds in phases.seconds.items():
        calls = phases.calls[phase]
        per = f"{1000 * seconds / calls:8.3f} ms/call" if calls > 1 else ""
        failed = f"  ({phases.failed[phase]} raised)" if phases.failed[phase] else ""
        print(f"  {phase:<12} {seconds:8.2f} s  {calls:6d} calls {per}{failed}")
    checked = sum(s for p, s in phases.seconds.items() if p not in ("load parser", "read file"))
    print(f"  checking     {checked:8.2f} s  ({1000 * checked / max(len(cards), 1):.2f} ms/card)")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(check_all, cards, Phases())
        profiler.dump_stats(args.profile)
        print(f"cProfile statistics in {args.profile}")


if __name__ == "__main__":
    main()
