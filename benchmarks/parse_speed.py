"""How fast card text is parsed, and where the time goes.

    python benchmarks/parse_speed.py [--repeat N] [--corpus FILE]

Over the same cards (the corpus copy in benchmarks/data/cards.jsonl, kept to
those that parse), one run measures:

- our card lexer alone (``grammar/lexer.py``, the one the parser runs with),
  with the parser states recorded during a real parse and replayed;
- Lark's contextual lexer alone, on the text the parser sees (the card's
  name already replaced by its placeholder characters).  The contextual lexer
  picks its terminals from the LALR parser's state, and Lark 1.3's standalone
  ``Lark.lex`` uses a basic lexer instead, which can't lex our cards ("and/or"
  is read as the word "and").  So the states are recorded once, during a real
  parse, and replayed: what is timed is the lexer's own work, token by token;
- Lark's parse tree (contextual lexer + LALR parser, no AST);
- our full parse: ``parse_text`` (layout, name substitution, parse, AST);
- a plain ``re`` scan of the same text (one regex over words and symbols);
- ``cardtext check`` of one bundled card file, wall time of a new process
  (the modules byte-compiled first, as an installed package is);
- how many corpus cards parse.

Each figure is the best of ``--repeat`` runs (time.perf_counter), on one core
where the OS lets us pin the process.  Not a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lark.lexer import ContextualLexer, LexerThread  # noqa: E402

from cardtext.library import read_jsonl  # noqa: E402
from grammar import parser as P  # noqa: E402
from grammar.lexer import CardLexer  # noqa: E402

DEFAULT_CORPUS = Path(__file__).resolve().parent / "data" / "cards.jsonl"
CHECK_FILE = ROOT / "cardtext" / "cards" / "kicker.card"

TOKEN_RE = re.compile(r"\{[^}]*\}|[+\-]?(?:\d+|X|\*)/[+\-]?(?:\d+|X|\*)|[\w'\-]+|[^\s\w]")


def substituted(text: str) -> str:
    """The text ``parse_block`` hands to Lark: each card's name (and a legendary
    card's short name) replaced by placeholder characters of the same length,
    lines of reminder text only blanked."""
    out: list[str] = []
    for block in P.iter_blocks(P.split_file(text)):
        lines = block.lines
        name_line = lines[0]
        brace = name_line.find("{")
        name = (name_line[:brace] if brace >= 0 else name_line).strip()
        type_line = lines[1] if len(lines) > 1 else ""
        short = name.split(",", 1)[0] if "Legendary" in type_line and "," in name else ""
        sub = [P.SELF_CHAR * len(name) + name_line[len(name) :]]
        for i, ln in enumerate(lines[1:]):
            if P._REMINDER_LINE.match(ln):
                ln = ""
            elif i > 0 and ln.strip():
                ln = P._substitute(ln, name, P.SELF_CHAR)
                if short:
                    ln = P._substitute(ln, short, P.SHORT_CHAR)
            sub.append(ln)
        out.append("\n".join(sub) + "\n")
    return "\n".join(out)


class _Recorder(dict):  # type: ignore[type-arg]
    """The contextual lexer's table of per-state lexers, noting each state asked for."""

    def __init__(self, lexers: dict, log: list[int]) -> None:  # type: ignore[type-arg]
        super().__init__(lexers)
        self.log = log

    def __getitem__(self, state: int):  # type: ignore[no-untyped-def]
        self.log.append(state)
        return dict.__getitem__(self, state)


class _ReplayedState:
    """Stands in for the parser's state: gives the recorded states in order."""

    __slots__ = ("_states",)

    def __init__(self, states: list[int]) -> None:
        self._states = iter(states)

    @property
    def position(self) -> int:
        return next(self._states)


def record_states(lexer: ContextualLexer, parse: Callable[[str], object], text: str) -> list[int]:
    """The parser states, token by token, in which ``text`` is lexed during a parse."""
    log: list[int] = []
    table = lexer.lexers
    lexer.lexers = _Recorder(table, log)
    try:
        parse(text)
    finally:
        lexer.lexers = table
    return log


class _RecordingState:
    """Stands in for the parser's state during a real parse, noting each state asked for."""

    def __init__(self, real: Any, log: list[int]) -> None:
        self.real = real
        self.parse_conf = real.parse_conf
        self.log = log

    @property
    def position(self) -> int:
        state: int = self.real.position
        self.log.append(state)
        return state


class _ReplayedCardState(_ReplayedState):
    """The recorded states again, with the parse table the card lexer reads."""

    __slots__ = ("parse_conf",)

    def __init__(self, states: list[int], parse_conf: Any) -> None:
        super().__init__(states)
        self.parse_conf = parse_conf


def record_card_states(lexer: CardLexer, parse: Callable[[str], object], text: str) -> list[int]:
    """Like :func:`record_states`, for the card lexer."""
    log: list[int] = []

    def lex(lexer_state: Any, parser_state: Any) -> Any:
        return CardLexer.lex(lexer, lexer_state, _RecordingState(parser_state, log))

    lexer.lex = lex  # type: ignore[method-assign]
    try:
        parse(text)
    finally:
        del lexer.lex
    return log


def card_lex_with_states(lexer: CardLexer, text: str, states: list[int], parse_conf: Any) -> int:
    """Run the card lexer alone over ``text``; the number of tokens."""
    thread = LexerThread.from_text(lexer, text)
    return sum(1 for _ in thread.lex(_ReplayedCardState(states, parse_conf)))


def lex_with_states(lexer: ContextualLexer, text: str, states: list[int]) -> int:
    """Run the contextual lexer alone over ``text``; the number of tokens."""
    return sum(1 for _ in LexerThread.from_text(lexer, text).lex(_ReplayedState(states)))


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


def check_wall_time(repeat: int) -> str:
    if not (ROOT / "cardtext" / "cli.py").exists():
        return "check: not measured (no CLI yet)"
    cmd = [sys.executable, "-m", "cardtext", "check", str(CHECK_FILE)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # An installed package comes byte-compiled; compile the sources the same way.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "grammar", "interpreter", "cardtext"],
        cwd=ROOT, check=True, capture_output=True, env={**env, "PYTHONDONTWRITEBYTECODE": ""},
    )  # fmt: skip
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run() -> None:
        subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True)

    try:
        seconds = best_of(repeat, run)
    except subprocess.CalledProcessError as exc:
        return f"check: failed ({exc.returncode}): {exc.stderr.decode(errors='replace').strip()[:200]}"
    return f"{seconds * 1000:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=7, help="runs of each measurement; the best is kept")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="a JSON-lines card file")
    args = ap.parse_args(argv)

    pinned = pin_to_one_core()
    corpus = read_jsonl(args.corpus)
    texts = [c.text for c in corpus if not P.parse_text(c.text).errors]
    subs = [substituted(t) for t in texts]
    n = len(texts)
    if not n:
        print("no card of the corpus parses")
        return 1

    tree_parser = P.lexer_only()
    lexer = tree_parser.parser.lexer
    assert isinstance(lexer, ContextualLexer)
    states = [record_states(lexer, tree_parser.parse, s) for s in subs]
    tokens = sum(lex_with_states(lexer, s, st) for s, st in zip(subs, states, strict=True))

    parser = P.lark_parser()
    card_lexer = parser.parser.lexer
    assert isinstance(card_lexer, CardLexer)
    parse_conf = parser.parser.parser.parser.parse_table  # the LALR table the lexer reads
    card_states = [record_card_states(card_lexer, parser.parse, s) for s in subs]

    class _Conf:
        states = parse_conf.states

    def card_lex_only() -> None:
        for s, st in zip(subs, card_states, strict=True):
            card_lex_with_states(card_lexer, s, st, _Conf)

    def lex_only() -> None:
        for s, st in zip(subs, states, strict=True):
            lex_with_states(lexer, s, st)

    def lark_tree() -> None:
        for s in subs:
            tree_parser.parse(s)

    def full_parse() -> None:
        for t in texts:
            P.parse_text(t)

    def regex_scan() -> None:
        for s in subs:
            TOKEN_RE.findall(s)

    lex_only()  # warm up: the lexer is built on first use
    card_lex_only()
    timings = {
        "card_lexer": best_of(args.repeat, card_lex_only),
        "lexer": best_of(args.repeat, lex_only),
        "tree": best_of(args.repeat, lark_tree),
        "full": best_of(args.repeat, full_parse),
        "regex": best_of(args.repeat, regex_scan),
    }
    rate = {k: n / v for k, v in timings.items()}
    chars = sum(len(s) for s in subs)

    print(f"corpus: {args.corpus.name}, {len(corpus)} cards, {n} parse ({n / len(corpus):.0%}); "
          f"{chars} characters, {tokens} tokens; best of {args.repeat}; {pinned}")  # fmt: skip
    print()
    print(f"{'measurement':<48} {'cards/s':>10} {'µs/card':>9}")
    print("-" * 69)
    rows = [
        ("    our card lexer alone (grammar/lexer.py)", "card_lexer"),
        ("(a) Lark contextual lexer alone", "lexer"),
        ("    Lark parse tree (contextual lexer + LALR)", "tree"),
        ("(b) parse_text: full parse + AST", "full"),
        ("(d) re scan, one regex over words and symbols", "regex"),
    ]
    for label, key in rows:
        print(f"{label:<48} {rate[key]:>10,.0f} {timings[key] / n * 1e6:>9.1f}")
    print("-" * 69)
    print(f"(c) full parse is {timings['full'] / timings['card_lexer']:.1f}x our lexer's time, "
          f"{timings['full'] / timings['lexer']:.1f}x Lark's contextual lexer's time "
          f"(lexer/full = {rate['lexer'] / rate['full']:.1f}); parse tree is "
          f"{timings['tree'] / timings['lexer']:.1f}x; AST and layout add "
          f"{(timings['full'] - timings['tree']) / timings['full']:.0%} of the full parse")  # fmt: skip
    print(f"(e) cardtext check {CHECK_FILE.relative_to(ROOT)}: {check_wall_time(args.repeat)} (new process, wall time)")
    print(f"(f) corpus cards that parse: {n} of {len(corpus)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
