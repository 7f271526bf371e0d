"""How fast card text is parsed, and where the time goes.

    python benchmarks/parse_speed.py [--repeat N] [--corpus FILE] [--sample N] [--check-cards N]

Over the cards of a corpus (default: benchmarks/data/cards.jsonl, the 192
cards of the project's mechanics; ``--corpus benchmarks/data/forge-2020.jsonl``
for 18,198 cards of every kind), kept to those that parse, one run measures:

- (a) the card lexer alone (grammar/lexer.py) over the paragraphs the parser
  sees, with the parser states recorded during a real parse and replayed
  (the lexer picks its terminals by state, so it can't run without them);
- (b) the LALR loop and the lexer, each rule reduced to a plain tuple (no AST);
- (c) the same with the real builders: the AST (grammar/driver.py);
- (d) ``parse_text``: the whole card — layout, name substitution, every
  paragraph, static abilities;
- (e) a plain ``re`` scan of the same paragraphs (one regex over words and
  symbols): a floor no tokenizer written in Python goes below;
- (f) ``cardtext check`` of a file of one card in a new process (start-up
  included: imports, the grammar tables from the cache), beside ``python -c
  "import lark"``, run in turns with it (the two measured in the same
  moments of a shared machine's load), and the ratio of the two (the
  project's bar: 3);
- (g) ``cardtext check`` of a file of ``--check-cards`` real cards in a new
  process, with one process and with one per core.

Lark's own contextual lexer is not among them: the grammar's look-ahead
terminals (the comma of a list, "and" between objects, ...) are decided by
the card lexer, which Lark's lexer can't stand in for.

Figures (a)–(e) are the best of ``--repeat`` runs (time.perf_counter), on
one core where the OS lets us pin the process.  Not a test: nothing here
asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from cardtext.grammar import parser as P  # noqa: E402
from cardtext.grammar.driver import Driver, _State  # noqa: E402
from cardtext.grammar.lexer import CardLexer, LexState  # noqa: E402
from cardtext.grammar.tables import tables  # noqa: E402
from cardtext.library import read_jsonl  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_CORPUS = DATA / "cards.jsonl"
CHECK_CORPUS = DATA / "forge-2020.jsonl"
ONE_CARD = "Academy Drake {2}{U}\nCreature — Drake\nFlying\nKicker {4}\nIf Academy Drake was kicked, it enters with two +1/+1 counters on it.\n2/2\n"
"""The card of (f): a creature with a keyword, a kicker cost and a linked ability."""

TOKEN_RE = re.compile(r"\{[^}]*\}|[+\-]?(?:\d+|X|\*)/[+\-]?(?:\d+|X|\*)|[\w'\-]+|[^\s\w]")


# --------------------------------------------------------------------------
# What the parser sees
# --------------------------------------------------------------------------


class _Recording:
    """The parser state as the lexer sees it, noting each thing it reads of
    it, in order: the current state (``position``) and the stack (which the
    lexer walks to see whether a terminal would be shifted, ``_takes``).
    The driver keeps the real one's ``position`` up to date."""

    __slots__ = ("real", "parse_conf", "log")

    def __init__(self, real: _State, log: list[int | tuple[int, ...]]) -> None:
        self.real = real
        self.parse_conf = real.parse_conf
        self.log = log

    @property
    def position(self) -> int:
        state: int = self.real.position
        self.log.append(state)
        return state

    @property
    def stack(self) -> list[int]:
        stack = list(self.real.stack)
        self.log.append(tuple(stack))
        return stack


class OutOfStep(AssertionError):
    """The lexer asked for another thing of the parser than it did when its
    reads were recorded: the replay no longer lexes what the parser lexed."""


class _Replayed:
    """The recorded reads again, in order, with the table the lexer reads."""

    __slots__ = ("_reads", "parse_conf")

    def __init__(self, reads: list[int | tuple[int, ...]], parse_conf: Any) -> None:
        self._reads = iter(reads)
        self.parse_conf = parse_conf

    def _next(self, kind: type) -> Any:
        read = next(self._reads, None)
        if type(read) is not kind:
            raise OutOfStep(f"the lexer read the parser's {kind.__name__} where {read!r} was recorded")
        return read

    @property
    def position(self) -> int:
        state: int = self._next(int)
        return state

    @property
    def stack(self) -> list[int]:
        return list(self._next(tuple))

    def done(self) -> None:
        """Every recorded read was read again (the replay didn't stop early)."""
        left = next(self._reads, None)
        if left is not None:
            raise OutOfStep(f"the lexer stopped before it read {left!r}, as recorded")


def paragraphs(texts: list[str]) -> list[tuple[str, list[int | tuple[int, ...]]]]:
    """Each paragraph the parser reads while it parses ``texts``, with what
    its lexer read of the parser's state, in order (the states and stacks
    :class:`_Replayed` gives back).  A paragraph the parser doesn't take (the
    layout tries a line one way, then another) is left out: the lexer
    alone, or the parser without the AST, would stop where it stopped."""
    driver = P.driver()
    lexer = driver.lexer
    seen: list[tuple[str, list[int | tuple[int, ...]]]] = []
    real_parse = Driver.parse
    real_lex = CardLexer.lex

    def parse(self: Driver, text: str) -> Any:
        log: list[int | tuple[int, ...]] = []

        def lex(lexer_state: Any, parser_state: Any) -> Any:
            return real_lex(lexer, lexer_state, _Recording(parser_state, log))

        lexer.lex = lex  # type: ignore[method-assign]
        try:
            value = real_parse(self, text)
        finally:
            del lexer.lex
        seen.append((text, log))
        return value

    Driver.parse = parse  # type: ignore[method-assign]
    try:
        for text in texts:
            P.parse_text(text)
    finally:
        Driver.parse = real_parse  # type: ignore[method-assign]
    return seen


class _Tuples:
    """Builders that make a plain tuple of each rule's children: the parse
    without the AST."""

    named = frozenset[str]()

    def __init__(self, named: Any) -> None:
        self.named = named

    def resolve(self, name: str) -> tuple[Any, bool]:
        return (lambda meta, *children: children), False

    def __getattr__(self, name: str) -> Any:
        return lambda meta, children: tuple(children)


# --------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def unpin(cpus: set[int] | None) -> None:
    """Every core again, for the new processes of (f) and (g)."""
    if cpus is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, cpus)


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # An installed package comes byte-compiled; compile the sources the same way.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "grammar", "interpreter", "cardtext"],
        cwd=ROOT, check=True, capture_output=True, env={**env, "PYTHONDONTWRITEBYTECODE": ""},
    )  # fmt: skip
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def check_seconds(path: Path, repeat: int, *args: str) -> float:
    """The wall time of ``cardtext check PATH`` in a new process, best of ``repeat``."""
    env = _env()
    cmd = [sys.executable, "-m", "cardtext", "check", *args, str(path)]

    def run() -> None:
        subprocess.run(cmd, cwd=ROOT, env=env, check=False, capture_output=True)

    return best_of(repeat, run)


def start_up(repeat: int) -> tuple[float, float]:
    """The wall time of ``cardtext check`` of a one-card file and of
    ``python -c "import lark"``, each a new process, run in turns (one of
    each, ``repeat`` times): the best of each."""
    env = _env()
    folder = Path(tempfile.mkdtemp(prefix="cardtext-bench-"))
    card = folder / "one.card"
    card.write_text(ONE_CARD, encoding="utf-8")
    commands = ([sys.executable, "-m", "cardtext", "check", str(card)], [sys.executable, "-c", "import lark"])
    subprocess.run(commands[0], cwd=ROOT, env=env, check=False, capture_output=True)  # the caches written
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, cmd in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(cmd, cwd=ROOT, env=env, check=False, capture_output=True)
            best[i] = min(best[i], time.perf_counter() - start)
    return best[0], best[1]


def check_file(count: int) -> tuple[Path, int]:
    """A card file of the first ``count`` real cards that parse (forge-2020)."""
    texts: list[str] = []
    for card in read_jsonl(CHECK_CORPUS):
        if len(texts) == count:
            break
        if not P.parse_text(card.text).errors:
            texts.append(card.text)
    folder = Path(tempfile.mkdtemp(prefix="cardtext-bench-"))
    path = folder / f"{len(texts)}-cards.card"
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return path, len(texts)


# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs of each measurement; the best is kept")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="a JSON-lines card file")
    ap.add_argument("--sample", type=int, default=0, metavar="N", help="only the first N cards of the corpus")
    ap.add_argument("--check-cards", type=int, default=5000, metavar="N",
                    help="cards in the file (g) checks (0: leave (g) out)")  # fmt: skip
    args = ap.parse_args(argv)

    cpus = set(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    cores = len(cpus) if cpus else os.cpu_count() or 1
    big = check_file(args.check_cards) if args.check_cards else None
    pinned = pin_to_one_core()

    corpus = read_jsonl(args.corpus)
    if args.sample:
        corpus = corpus[: args.sample]
    texts = [c.text for c in corpus if not P.parse_text(c.text).errors]
    n = len(texts)
    if not n:
        print("no card of the corpus parses")
        return 1
    seen = paragraphs(texts)
    driver = P.driver()
    plain = Driver(tables(), _Tuples(P.builders().named))
    conf = driver.conf
    tokens = 0

    def lexer_alone() -> None:
        nonlocal tokens
        count = 0
        for text, reads in seen:
            replayed = _Replayed(reads, conf)
            count += sum(1 for _ in driver.lexer.lex(LexState(text), replayed))
            replayed.done()
        tokens = count

    def without_ast() -> None:
        for text, _ in seen:
            P.LINE_OFFSET[0] = 0
            plain.parse(text)

    def with_ast() -> None:
        for text, _ in seen:
            driver.parse(text)

    def full() -> None:
        for text in texts:
            P.parse_text(text)

    def regex_scan() -> None:
        for text, _ in seen:
            TOKEN_RE.findall(text)

    lexer_alone()
    timings = {
        "lexer": best_of(args.repeat, lexer_alone),
        "lalr": best_of(args.repeat, without_ast),
        "ast": best_of(args.repeat, with_ast),
        "full": best_of(args.repeat, full),
        "regex": best_of(args.repeat, regex_scan),
    }
    chars = sum(len(t) for t, _ in seen)
    print(f"corpus: {args.corpus.name}, {len(corpus)} cards, {n} parse ({n / len(corpus):.0%}); "
          f"{len(seen)} paragraphs, {chars} characters, {tokens} tokens; best of {args.repeat}; {pinned}")  # fmt: skip
    print()
    print(f"{'measurement':<52} {'cards/s':>10} {'µs/card':>9}")
    print("-" * 73)
    rows = [
        ("(a) card lexer alone (states replayed)", "lexer"),
        ("(b) lexer + LALR loop, rules as tuples (no AST)", "lalr"),
        ("(c) lexer + LALR loop + builders (the AST)", "ast"),
        ("(d) parse_text: whole cards (layout, every paragraph)", "full"),
        ("(e) re scan, one regex over words and symbols", "regex"),
    ]
    for label, key in rows:
        print(f"{label:<52} {n / timings[key]:>10,.0f} {timings[key] / n * 1e6:>9.1f}")
    print("-" * 73)
    full_time = timings["full"]
    print(f"of the full parse: lexer {timings['lexer'] / full_time:.0%}, LALR loop "
          f"{(timings['lalr'] - timings['lexer']) / full_time:.0%}, builders "
          f"{(timings['ast'] - timings['lalr']) / full_time:.0%}, layout and the rest "
          f"{(full_time - timings['ast']) / full_time:.0%}")  # fmt: skip
    unpin(cpus)
    check, lark = start_up(args.repeat)
    print(f"(f) cardtext check of one card: {check * 1000:.0f} ms, python -c 'import lark': {lark * 1000:.0f} ms "
          f"(new processes in turns, wall time): {check / lark:.1f}x import lark")  # fmt: skip
    if big is not None:
        path, count = big
        one = check_seconds(path, 1, "--jobs", "1")
        many = check_seconds(path, 1, "--jobs", str(cores))
        print(f"(g) cardtext check of {count:,} real cards: {count / one:,.0f} cards/s in one process, "
              f"{count / many:,.0f} cards/s with --jobs {cores} (new process, wall time, start-up included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
