"""Smoke play: a generated game for each card the support check passes.

``coverage`` marks a card ``plays`` when it parses and
:func:`cardtext.interpreter.support.gaps` finds nothing the engine lacks.  Smoke play
checks that claim by playing the card: a board with mana of every color
and objects of every common kind on both sides (legal targets for most
spells), then, through the same engine entry points that scenarios use:

1. the card is cast from the hand (a land is put onto the battlefield, as
   playing it would, 305.1) and the stack is resolved (608);
2. each activated ability of the permanent is activated once, when it can be
   paid for, and resolved (602); one that functions in a hand (cycling,
   113.6k) is activated from the hand in a game of its own;
3. the game goes on through combat — the card attacks if it can (508.1) and
   is blocked by nothing — and through the end of the turn, the opponent's
   turn and into the next turn's main phase (500-514): abilities that
   trigger on steps, attacks, combat damage and draws get their events;
4. the player casts another spell, a creature and an instant ("whenever you
   cast ..." triggers, 601.2i), and the permanent is sacrificed ("dies" and
   "leaves" triggers, 700.4, 603.6c).

Every decision is answered by a seeded random legal choice.  What a step
can end with is sorted into:

* ``played`` — every step was carried out;
* a *harness limit* — the harness couldn't set the step up: the card
  couldn't be cast or an ability couldn't be activated (no legal target,
  a cost it can't pay; :class:`~cardtext.interpreter.errors.IllegalAction` raised
  by the action the harness tried);
* an *engine fault* — a refusal "not supported by the interpreter" of a
  card the support check passed (:class:`~cardtext.interpreter.errors.Unsupported`:
  the support check is wrong), any other exception, a refusal raised while
  resolving (the rules refuse nothing that the rules made happen), a
  decision the engine asked that no legal answer fits, or a stack that never
  empties;
* ``timeout`` — the card's game took longer than its time budget.
"""

from __future__ import annotations

import random
import re
import signal
import time
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_text

PLAYED = "played"
HARNESS = "harness"
FAULT = "fault"
TIMEOUT = "timeout"

MAX_RESOLUTIONS = 60
"""Stack objects resolved in one step before the stack counts as never emptying."""

BUDGET = 2.0
"""Seconds a card's game may take."""

_BOARD_TEXT = """\
Smoke Bear {1}{G}
Creature — Bear
2/2

Smoke Golem {3}
Artifact Creature — Golem
3/3

Smoke Idol {2}
Artifact

Smoke Totem {1}{W}
Enchantment

Smoke Shaman {2}{R}
Legendary Creature — Human Shaman
1/4

Smoke Drake {1}{U}
Creature — Drake
Flying
1/1

Smoke Bolt {R}
Instant
Smoke Bolt deals 1 damage to any target.

Smoke Study {U}
Sorcery
Draw a card.

Smoke Ranger {2}{B}
Legendary Planeswalker — Chandra
+1: You gain 1 life.
Loyalty: 4

Smoke Token Maker {W}
Sorcery
Create a 1/1 white Soldier creature token.

Plains
Basic Land — Plains
({T}: Add {W}.)

Island
Basic Land — Island
({T}: Add {U}.)

Swamp
Basic Land — Swamp
({T}: Add {B}.)

Mountain
Basic Land — Mountain
({T}: Add {R}.)

Forest
Basic Land — Forest
({T}: Add {G}.)
"""
"""The harness's own cards: plain permanents of every common type and two
plain spells, with nothing on them that could itself fail."""

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class Timeout(Exception):
    """The card's game ran past its time budget."""


class Unfinished(Exception):
    """A step of the engine that never ended (a stack that never empties)."""


@dataclass
class SmokeResult:
    """How one card's smoke game ended: :data:`PLAYED`, :data:`HARNESS`,
    :data:`FAULT` or :data:`TIMEOUT`, with the cause (grouping key) and
    the full message."""

    name: str
    outcome: str
    cause: str = ""
    detail: str = ""
    steps: list[str] = field(default_factory=list)
    where: str = ""  # the engine's line that raised (file:line), for a fault

    @property
    def passed(self) -> bool:
        """Not an engine fault (a harness limit is a step not tried)."""
        return self.outcome in (PLAYED, HARNESS)


_POOL: dict[str, A.Card] = {}


def board_pool() -> dict[str, A.Card]:
    """The harness's cards and the basic lands, by name."""
    if not _POOL:
        result = parse_text(_BOARD_TEXT, "smoke board")
        if result.errors:
            raise result.errors[0]
        _POOL.update({c.name: c for c in result.cards})
    return _POOL


class SmokeChooser:
    """A seeded random legal answer to every decision; "you may" is yes more
    often than not (so that what follows it is played)."""

    def __init__(self, seed: int) -> None:
        from cardtext.interpreter.choices import RandomChooser

        self.random = RandomChooser(seed)
        self.rng: random.Random = self.random.rng

    def choose(self, game: Any, decision: Any) -> Any:
        if decision.kind in ("may", "new_targets"):
            return self.rng.random() < 0.75
        if decision.kind == "x":
            return self.rng.randint(0, 2)
        if decision.kind == "kick":
            # each kicker cost paid or not; a multikicker cost up to twice (702.33c)
            answer = []
            for option, label in zip(decision.options, decision.labels, strict=False):
                answer += [option] * self.rng.randint(0, 2 if label.startswith("Multikicker") else 1)
            return answer
        if decision.refusable:
            return []  # a pick the rules may refuse whatever its size (convoke, 702.51a): none is always legal
        if decision.kind in ("targets", "pick") and decision.options and decision.min == 0 and decision.max >= 1:
            # "up to N": choose at least one where there is one
            n = self.rng.randint(1, min(decision.max, len(decision.options)))
            return self.rng.sample(decision.options, n)
        return self.random.choose(game, decision)


def _seed(name: str, seed: int) -> int:
    return zlib.crc32(name.encode("utf-8")) ^ seed


def setup_board(game: Any) -> None:
    """Lands of every basic type for A, and permanents and cards of every
    common kind for both players in every zone."""
    from cardtext.interpreter import add_card

    pool = board_pool()
    for name in BASICS:
        for _ in range(4):
            add_card(game, pool[name], "A", "battlefield")
    add_card(game, pool["Forest"], "B", "battlefield")
    add_card(game, pool["Mountain"], "B", "battlefield")
    add_card(game, pool["Smoke Bear"], "B", "battlefield", tapped=True)
    for player in ("A", "B"):
        for name in ("Smoke Bear", "Smoke Golem", "Smoke Idol", "Smoke Totem", "Smoke Shaman", "Smoke Ranger",
                     "Smoke Drake"):
            add_card(game, pool[name], player, "battlefield")
        for name in ("Smoke Bear", "Smoke Bolt", "Smoke Idol", "Forest", "Smoke Study"):
            add_card(game, pool[name], player, "graveyard")
        for name in ("Smoke Bear", "Smoke Bolt", "Smoke Golem"):
            add_card(game, pool[name], player, "hand")
        for i in range(24):
            add_card(game, pool[("Smoke Bear", "Island", "Smoke Bolt", "Smoke Totem")[i % 4]], player, "library")
        add_card(game, pool["Smoke Bolt"], player, "exile")


# --------------------------------------------------------------------------
# One card
# --------------------------------------------------------------------------


class _Step:
    """A step of the smoke game: what it is, for the cause of a failure."""

    def __init__(self, steps: list[str], what: str) -> None:
        self.what = what
        steps.append(what)


def _resolve_all(game: Any) -> None:
    """Resolve the stack until it is empty (608)."""
    from cardtext.interpreter import resolve_top
    from cardtext.interpreter.sba import game_over

    for _ in range(MAX_RESOLUTIONS):
        if not game.state.stack or game_over(game):
            return
        resolve_top(game)
    if game.state.stack:
        raise Unfinished(f"the stack did not empty after {MAX_RESOLUTIONS} resolutions")


def _current(game: Any, cid: int) -> Any:
    try:
        return game.obj(cid)
    except (KeyError, IndexError):
        return None


def _is_land(card: A.Card) -> bool:
    front = card.faces[0] if card.faces else card
    return any(t.lower() == "land" for t in front.type_line.types)


def _faces(card: A.Card) -> tuple[int | None, ...]:
    """The faces a card is cast by, each in a game of its own: either half of
    a split card, the creature or its Adventure, either face of a modal
    double-faced card (709.3, 715.3, 712.11b); any other card as itself."""
    from cardtext.interpreter.casting import CASTABLE_FACES

    if card.faces and card.layout in CASTABLE_FACES:
        return CASTABLE_FACES[card.layout]
    return (None,)


def smoke_card(card: A.Card, *, seed: int = 0, budget: float = BUDGET) -> SmokeResult:
    """Play ``card`` in a generated game (see the module's docstring)."""
    from cardtext.interpreter import IllegalAction, UnansweredDecision, Unsupported

    steps: list[str] = []
    step = "setup"
    board_pool()  # parsed once, outside the card's time
    use_alarm = budget > 0 and hasattr(signal, "setitimer")
    if use_alarm:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        try:
            for face in _faces(card):
                steps.clear()
                _play(card, seed, steps, face)
            _play_from_hand(card, seed, steps)
        except Timeout:
            return SmokeResult(card.name, TIMEOUT, "timeout", f"over {budget:g} s in: {steps[-1] if steps else step}", steps)
        finally:
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
    except _Harness as exc:
        return SmokeResult(card.name, HARNESS, _cause(str(exc), card), str(exc), steps)
    except Unsupported as exc:
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, "refused: " + _cause(str(exc), card), f"{where}: {exc}", steps, _raised_at(exc))
    except UnansweredDecision as exc:
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, "unanswered: " + _cause(exc.decision, card), f"{where}: {exc}", steps, _raised_at(exc))
    except IllegalAction as exc:
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, "refused while resolving: " + _cause(str(exc), card), f"{where}: {exc}", steps, _raised_at(exc))
    except Unfinished as exc:
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, "unfinished: " + str(exc), f"{where}: {exc}", steps, _raised_at(exc))
    except RecursionError as exc:
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, "exception RecursionError", f"{where}: {exc}", steps, _raised_at(exc))
    except Exception as exc:  # noqa: BLE001 - every exception of the engine is a fault to report
        where = steps[-1] if steps else step
        return SmokeResult(card.name, FAULT, f"exception {type(exc).__name__}: " + _cause(str(exc), card),
                           f"{where}: {type(exc).__name__}: {exc}", steps, _raised_at(exc))  # fmt: skip
    return SmokeResult(card.name, PLAYED, "", "", steps)


def _raised_at(exc: BaseException) -> str:
    """The innermost line of the engine (or grammar) that raised ``exc``."""
    import traceback

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/interpreter/" in f.filename
              or "/grammar/" in f.filename]  # fmt: skip
    if not frames:
        return ""
    f = frames[-1]
    return f"{Path(f.filename).parent.name}/{Path(f.filename).name}:{f.lineno}"


def _on_alarm(signum: int, frame: object) -> None:
    raise Timeout


class _Harness(Exception):
    """A step the harness couldn't set up (the rules refused the action it tried)."""


def _try(game: Any, what: str, action: Any, *args: Any, **kwargs: Any) -> bool:
    """Take a step the harness chose; a refusal by the rules ends the step
    untried (False).  Other errors go up."""
    from cardtext.interpreter import IllegalAction

    try:
        action(game, *args, **kwargs)
    except IllegalAction:
        return False
    return True


def _play(card: A.Card, seed: int, steps: list[str], face: int | None) -> None:
    from cardtext.interpreter import (
        IllegalAction,
        activate,
        activated_abilities,
        add_card,
        cast,
        declare_attackers,
        new_game,
        pass_priority,
        settle,
    )
    from cardtext.interpreter.combat import COMBAT_STEPS, required_attackers
    from cardtext.interpreter.replacement import put_onto_battlefield
    from cardtext.interpreter.sba import game_over
    from cardtext.interpreter.zones import sacrifice

    game = new_game(chooser=SmokeChooser(_seed(card.name, seed)), seed=seed)
    setup_board(game)
    obj = add_card(game, card, "A", "hand")
    cid = obj.cid
    pool = board_pool()

    # 1. cast it (a land: onto the battlefield, 305.1)
    played = card.faces[face] if card.faces and face is not None else card
    if _is_land(played):
        steps.append("playing the land" + (f" {played.name}" if played is not card else ""))
        put_onto_battlefield(game, obj, "A")
        settle(game)
    else:
        steps.append("casting the card" + (f" as {played.name}" if played is not card else ""))
        try:
            cast(game, "A", obj.id, face=face)
        except IllegalAction as exc:
            raise _Harness(f"couldn't cast it: {exc}") from None
        steps.append("resolving the spell")
    _resolve_all(game)
    if game_over(game):
        return

    # 2. each activated ability once (a summoning-sick creature is taken as
    # under its controller's control since the turn began, 302.6)
    perm = _current(game, cid)
    if perm is not None and perm.zone == "battlefield":
        perm.sick = False
        count = len(activated_abilities(perm))
        for number in range(1, count + 1):
            perm = _current(game, cid)
            if perm is None or perm.zone != "battlefield":
                break
            steps.append(f"activating ability {number}")
            try:
                activate(game, "A", perm.id, number)
            except IllegalAction:
                continue  # it can't be paid for, or has no legal target here
            steps.append(f"resolving ability {number}")
            _resolve_all(game)
            if game_over(game):
                return

    # 3. combat and the turn: attack with it if it can, then on to the next turn
    perm = _current(game, cid)
    if perm is not None and perm.zone == "battlefield" and game.state.step in ("main", "main2"):
        steps.append("attacking")
        others = [o.id for o in required_attackers(game, "A") if o.id != perm.id]
        if _try(game, "attack", declare_attackers, "A", [perm.id, *others]):
            _resolve_all(game)
    steps.append("passing the turn")
    for _ in range(40):
        if game_over(game):
            return
        if game.state.stack:
            _resolve_all(game)
            continue
        if game.state.turn >= 2 and game.state.active == "A" and game.state.step == "main":
            break
        before = (game.state.turn, game.state.step)
        required = required_attackers(game, game.state.active) if game.state.step == "main" else []
        if required:
            # 508.1d: the creatures that must attack if able are declared
            declare_attackers(game, game.state.active, [o.id for o in required])
            continue
        pass_priority(game)
        if game.state.step in COMBAT_STEPS and game.state.step == before[1] and not game.state.stack:
            raise Unfinished(f"the {game.state.step} step did not end")
    else:
        raise Unfinished("the turns did not come back to A's main phase")

    # 4. another spell, and the permanent leaves
    for name in ("Smoke Bear", "Smoke Bolt"):
        extra = add_card(game, pool[name], "A", "hand")
        steps.append(f"casting {name}")
        if _try(game, "cast", cast, "A", extra.id):
            steps.append(f"resolving {name}")
            _resolve_all(game)
            if game_over(game):
                return
    perm = _current(game, cid)
    if perm is not None and perm.zone == "battlefield":
        steps.append("sacrificing it")
        sacrifice(game, perm)
        settle(game)
        steps.append("resolving what its leaving triggered")
        _resolve_all(game)


def _play_from_hand(card: A.Card, seed: int, steps: list[str]) -> None:
    """Each activated ability that functions in a hand (cycling, 113.6k),
    activated from the hand in a game of its own, and resolved."""
    from cardtext.interpreter import (
        IllegalAction,
        activate,
        activated_abilities,
        add_card,
        new_game,
    )

    game = new_game(chooser=SmokeChooser(_seed(card.name, seed) + 1), seed=seed)
    setup_board(game)
    obj = add_card(game, card, "A", "hand")
    count = len(activated_abilities(obj))
    for number in range(1, count + 1):
        current = _current(game, obj.cid)
        if current is None or current.zone != "hand":
            break
        steps.append(f"activating ability {number} from the hand")
        try:
            activate(game, "A", current.id, number)
        except IllegalAction:
            continue
        steps.append(f"resolving ability {number} from the hand")
        _resolve_all(game)


_NUMBER = re.compile(r"(?<![\d.])\b\d+\b(?!\.\d)")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def _cause(message: str, card: A.Card) -> str:
    """A failure's message as a grouping key: the card's name, numbers and
    object ids left out."""
    text = message
    for name in {card.name, *(f.name for f in card.faces)}:
        if name:
            text = text.replace(name, "~")
    text = re.sub(r"\(\d+, \d+\)", "(id)", text)
    text = _NUMBER.sub("N", text)
    text = text.split(";")[0]
    return text[:110]


# --------------------------------------------------------------------------
# Many cards
# --------------------------------------------------------------------------


def plays_cards(items: Iterable[tuple[str, str]]) -> Iterator[tuple[str, A.Card]]:
    """The cards of ``items`` (name, card-file text) that coverage marks
    ``plays`` (:func:`cardtext.coverage.check_card`), parsed."""
    from cardtext.coverage import check_card

    for name, text in items:
        outcome = check_card(name, text)
        if not outcome[4]:
            continue
        result = parse_text(text, name)
        for card in result.cards:
            yield name, card


def smoke_texts(pairs: Sequence[tuple[str, str]], seed: int = 0, budget: float = BUDGET) -> list[SmokeResult]:
    """The smoke results of the ``plays`` cards among ``pairs``."""
    return [smoke_card(card, seed=seed, budget=budget) for _, card in plays_cards(pairs)]


def _smoke_pair(pair: tuple[str, str], seed: int, budget: float) -> list[SmokeResult]:
    try:
        return smoke_texts([pair], seed, budget)
    except CardTextError as exc:
        return [SmokeResult(pair[0], FAULT, f"exception {type(exc).__name__}", str(exc))]


@dataclass
class SmokeSummary:
    """Counts of a smoke run: cards marked plays, and outcomes by cause."""

    plays: int = 0
    played: int = 0
    harness: Counter[str] = field(default_factory=Counter)
    faults: Counter[str] = field(default_factory=Counter)
    timeouts: int = 0
    examples: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def passed(self) -> int:
        return self.played + sum(self.harness.values())

    def add(self, r: SmokeResult) -> None:
        self.plays += 1
        if r.outcome == PLAYED:
            self.played += 1
        elif r.outcome == HARNESS:
            self.harness[r.cause] += 1
        elif r.outcome == TIMEOUT:
            self.timeouts += 1
            self.faults["timeout"] += 1
        else:
            self.faults[r.cause] += 1
        key = r.cause or r.outcome
        self.examples.setdefault(key, f"{r.name}: {r.detail}" + (f" [{r.where}]" if r.where else ""))


def summarize(results: Iterable[SmokeResult]) -> SmokeSummary:
    summary = SmokeSummary()
    for r in results:
        summary.add(r)
    return summary


def report_lines(label: str, s: SmokeSummary, top: int = 25) -> Iterator[str]:
    def pct(n: int) -> str:
        return f"{100 * n / s.plays:.1f}%" if s.plays else "-"

    yield f"{label}: smoke-played {s.passed}/{s.plays} plays cards ({pct(s.passed)}); " \
          f"every step {s.played}, harness limits {sum(s.harness.values())}, " \
          f"engine faults {sum(s.faults.values())} (timeouts {s.timeouts}); {s.seconds:.0f} s"  # fmt: skip
    if s.faults:
        yield "  engine faults by cause:"
        for cause, n in s.faults.most_common(top):
            yield f"    {n:>5}  {cause}"
            yield f"           e.g. {s.examples.get(cause, '')[:200]}"
    if s.harness:
        yield "  harness limits by cause:"
        for cause, n in s.harness.most_common(min(top, 12)):
            yield f"    {n:>5}  {cause}"


def run_file(path: Any, *, jobs: int = 1, seed: int = 0, budget: float = BUDGET,
             sample: int | None = None) -> tuple[SmokeSummary, list[SmokeResult]]:  # fmt: skip
    """Smoke-play the ``plays`` cards of a card-data file (``sample``: that
    many cards of the file, drawn with ``seed``)."""
    from functools import partial

    from cardtext.coverage import CardInput, _context, load

    start = time.perf_counter()
    items = [(c.name, c.text) for c in load(Path(path)).cards if isinstance(c, CardInput)]
    if sample is not None and sample < len(items):
        items = random.Random(seed).sample(items, sample)
    work = partial(_smoke_pair, seed=seed, budget=budget)
    results: list[SmokeResult] = []
    if jobs > 1 and len(items) > 50:
        with _context().Pool(processes=jobs) as pool:
            for chunk in pool.imap(work, items, chunksize=16):
                results.extend(chunk)
    else:
        for pair in items:
            results.extend(work(pair))
    summary = summarize(results)
    summary.seconds = time.perf_counter() - start
    return summary, results


__all__ = [
    "BUDGET", "FAULT", "HARNESS", "PLAYED", "TIMEOUT", "SmokeResult", "SmokeSummary", "board_pool",
    "plays_cards", "report_lines", "run_file", "smoke_card", "smoke_texts", "summarize",
]  # fmt: skip
