"""Decisions and the choosers that answer them.

Every decision a player makes — how many times to kick, the value of X,
the modes of a modal spell or ability, targets, "you may", which card to discard, how to order triggered abilities
— is a :class:`Decision` put to a *chooser*.  The engine never answers for a
player, except where a decision has exactly one legal answer and no way to
decline it (:func:`only_answer`: the only legal target, the only card in
hand to discard): :func:`ask` takes that answer without asking, everywhere,
and logs it ("(the only choice)"); a chooser that has no answer raises
:class:`~cardtext.interpreter.errors.UnansweredDecision`, which names the decision
and says what would answer it.

Choosers: :class:`ScriptedChooser` (answers given in advance, as scenarios
and tests do), :class:`TerminalChooser` (asks a person), and
:class:`RandomChooser` (any legal answer, for property tests).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias

from .errors import UnansweredDecision

if TYPE_CHECKING:
    from .state import Game

Kind: TypeAlias = Literal["kick", "x", "modes", "targets", "may", "pick", "order", "word", "new_targets", "divide"]


@dataclass
class Decision:
    """One decision of one player.

    ``options`` are the values that may be chosen (object ids, player names,
    words, kicker cost indices, mode indices); ``labels`` says each in
    words.  A pick takes between ``min`` and ``max`` of them.  ``main`` marks
    the targets and modes of the spell or ability the current step puts on
    the stack (answered by a scenario step's ``targets`` and ``modes``);
    other decisions are answered in order from its ``choices``.

    A ``divide`` decision splits ``total`` (a creature's combat damage,
    510.1c) among its options: the answer maps options to amounts; whether
    the split is legal (trample, 702.19b) is the engine's to refuse.

    A ``modes`` decision's ``min``/``max`` say how many modes the rules
    allow; an answer of another size, or with a mode twice, is not an
    unanswered decision but an illegal choice, refused by the engine with
    the rule that forbids it (:func:`cardtext.interpreter.modes.choose_modes`).
    """

    kind: Kind
    player: str
    prompt: str
    options: list[Any] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    min: int = 1
    max: int = 1
    main: bool = False
    repeat: bool = False  # an option may be picked more than once (multikicker)
    ordered: bool = False  # the order of the answer is the choice (cards put on a library in any order)
    total: int = 0  # what a "divide" decision splits
    refusable: bool = False  # a pick the rules may refuse though its size fits (convoke: a creature that pays for nothing, 702.51a)
    at_least: int = 0  # the least each option of a "divide" decision gets (601.2d: 1 for divided damage)

    def describe_options(self) -> str:
        if not self.labels:
            return ""
        return "one of: " + ", ".join(self.labels)


class Chooser(Protocol):
    def choose(self, game: Game, decision: Decision) -> Any: ...


def how_to_answer(decision: Decision) -> str:
    if decision.kind == "kick":
        return "'kick = N' (times), 'kick = true' or 'kick = [\"{cost}\", ...]' on the step"
    if decision.kind == "x":
        return "'x = N' on the step"
    if decision.kind == "targets" and decision.main:
        return "'targets = [...]' on the step"
    if decision.kind == "modes" and decision.main:
        return "'modes = [...]' on the step (mode numbers from 1, in printed order)"
    what = {
        "modes": "a list of mode numbers (from 1, in printed order)",
        "may": "true or false",
        "targets": "a REF (or a list of REFs for several targets)",
        "pick": "a REF" if decision.max == 1 else "a list of REFs",
        "order": "a list naming the triggered abilities' sources, first put on the stack first",
        "word": "a word",
        "new_targets": "true or false",
        "divide": "a table of REF = amount (e.g. { \"B:Grizzly Bears\" = 2, \"B\" = 1 })",
    }.get(decision.kind, "an answer")
    return f"{what} in the step's 'choices'"


def unanswered(decision: Decision, detail: str = "") -> UnansweredDecision:
    options = decision.describe_options()
    if options and not detail:
        detail = options
    return UnansweredDecision(f"{decision.player}: {decision.prompt}", how_to_answer(decision), detail)


def only_answer(decision: Decision) -> Any:
    """The answer of a decision that has exactly one legal answer and no way
    to decline, else None: one option to pick (targets, a card, a word, the
    order of one thing; a "divide" among one recipient), or a choice of N
    targets among exactly N.  "You may", X, kicker, "up to" and modes always
    have a choice."""
    opts = decision.options
    if decision.kind in ("targets", "pick", "order", "word") and len(opts) == 1 and decision.min >= 1:
        return opts[0] if decision.kind == "word" else [opts[0]]
    if (decision.kind in ("targets", "pick") and len(opts) > 1 and decision.min == decision.max == len(opts)
            and not decision.repeat and not decision.ordered):  # all of them, but in an order: still a choice
        return list(opts)
    if decision.kind == "divide" and len(opts) == 1:
        return {opts[0]: decision.total}
    return None


def ask(game: Game, decision: Decision) -> Any:
    """Put a decision to the game's chooser and check the answer's kind.

    A decision with exactly one legal answer (:func:`only_answer`) is not
    put to the chooser: it is taken, and the log says so."""
    forced = only_answer(decision)
    if forced is not None:
        shown = decision.labels[0] if len(decision.labels) == 1 else ", ".join(decision.labels)
        game.say(f"  {decision.player}: {decision.prompt}: {shown} (the only choice)")
        offer = getattr(game.chooser, "offer", None)
        if offer is not None:  # a written answer for it may be there: the chooser takes it if it says so
            offer(game, decision, forced)
        return check_answer(decision, forced)
    chooser = game.chooser
    if chooser is None:
        raise unanswered(decision)
    answer = chooser.choose(game, decision)
    return check_answer(decision, answer)


def check_answer(decision: Decision, answer: Any) -> Any:
    if decision.kind in ("may", "new_targets"):
        if not isinstance(answer, bool):
            raise unanswered(decision, f"expected true or false, got {answer!r}")
        return answer
    if decision.kind == "x":
        if not isinstance(answer, int) or isinstance(answer, bool) or answer < 0:
            raise unanswered(decision, f"expected a number 0 or more, got {answer!r}")
        return answer
    if decision.kind == "word":
        if answer not in decision.options:
            raise unanswered(decision, f"{answer!r} is not " + decision.describe_options())
        return answer
    if decision.kind == "divide":
        return _check_division(decision, answer)
    if decision.kind == "modes":
        modes = list(answer) if isinstance(answer, list | tuple) else [answer]
        for v in modes:
            if v not in decision.options or isinstance(v, bool):
                raise unanswered(decision, f"{v!r} is not one of its modes; " + decision.describe_options())
        return modes  # how many, and repeats: the engine's to refuse (700.2, 700.2d)
    # picks: a list of options
    values = list(answer) if isinstance(answer, list | tuple) else [answer]
    if not decision.min <= len(values) <= decision.max:
        raise unanswered(
            decision, f"expected {_count_text(decision)}, got {len(values)}"
        )
    seen: list[Any] = []
    for v in values:
        if v not in decision.options:
            raise unanswered(decision, f"{v!r} is not a legal choice; " + decision.describe_options())
        if v in seen and not decision.repeat:
            raise unanswered(decision, f"{v!r} chosen twice")
        seen.append(v)
    return values


def _check_division(decision: Decision, answer: Any) -> dict[Any, int]:
    if not isinstance(answer, dict):
        raise unanswered(decision, f"expected a table of amounts, got {answer!r}")
    out: dict[Any, int] = {}
    for key, amount in answer.items():
        if key not in decision.options:
            raise unanswered(decision, f"{key!r} is not a legal choice; " + decision.describe_options())
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < decision.at_least:
            raise unanswered(decision, f"expected an amount {decision.at_least} or more, got {amount!r}")
        out[key] = amount
    missing = [label for o, label in zip(decision.options, decision.labels or decision.options, strict=False) if o not in out]
    if decision.at_least and missing:
        raise unanswered(decision, f"each must get at least {decision.at_least}; no amount for {', '.join(map(str, missing))}")
    if sum(out.values()) != decision.total:
        raise unanswered(decision, f"the amounts add up to {sum(out.values())}, not {decision.total}")
    return out


def _count_text(d: Decision) -> str:
    if d.min == d.max:
        return f"{d.min}"
    return f"{d.min} to {d.max}"


class ScriptedChooser:
    """Answers given in advance.

    ``kick``/``x``/``modes``/``targets`` answer the decisions of those
    kinds for the step's own spell or ability; ``choices`` answer every
    other decision in order.  ``translate`` turns a written answer into an option (a scenario
    turns REF strings into object ids).
    """

    def __init__(
        self,
        *,
        kick: Any = None,
        x: int | None = None,
        targets: Sequence[Any] | None = None,
        choices: Sequence[Any] | None = None,
        translate: Callable[[Game, Decision, Any], Any] | None = None,
        modes: Any = None,
    ) -> None:
        self.kick = kick
        self.x = x
        self.modes = modes
        self.modes_used = False
        self.targets = list(targets) if targets is not None else None
        self.choices = list(choices or [])
        self.used_choices = 0
        self.last_key = ""  # which answer list the last decision drew from
        self.passed_over: list[str] = []  # written answers a decision with one legal answer didn't take, and why
        self.translate = translate or (lambda game, decision, raw: raw)

    def choose(self, game: Game, decision: Decision) -> Any:
        if decision.kind == "kick":
            self.last_key = "kick"
            return self.translate(game, decision, self.kick)
        if decision.kind == "x" and decision.main:
            self.last_key = "x"
            if self.x is None:
                raise unanswered(decision)
            return self.x
        if decision.kind == "modes" and decision.main:
            self.last_key = "modes"
            if self.modes is None:
                raise unanswered(decision, decision.describe_options())
            self.modes_used = True
            return self.translate(game, decision, self.modes)
        if decision.kind == "targets" and decision.main and self.targets is not None:
            self.last_key = "targets"
            if not self.targets:
                raise unanswered(decision, "the step's 'targets' list has run out")
            return self.translate(game, decision, self.targets.pop(0))
        self.last_key = "choices"
        if self.used_choices >= len(self.choices):
            raise unanswered(decision)
        raw = self.choices[self.used_choices]
        self.used_choices += 1
        return self.translate(game, decision, raw)

    def offer(self, game: Game, decision: Decision, forced: Any) -> None:
        """A decision with only one legal answer is not asked; an answer may
        still be written for it.  The next written answer it would draw from
        (the step's ``targets`` for its own targets, else ``choices``) is
        used up if it names that one answer, and left for the next decision
        if it doesn't."""
        if decision.kind == "targets" and decision.main and self.targets is not None:
            if self.targets and self._names(game, decision, self.targets[0], forced):
                self.targets.pop(0)
                self.last_key = "targets"
            return
        if self.used_choices < len(self.choices) and self._names(game, decision, self.choices[self.used_choices], forced):
            self.used_choices += 1
            self.last_key = "choices"

    def _names(self, game: Game, decision: Decision, raw: Any, forced: Any) -> bool:
        """Whether the written answer ``raw`` means the answer ``forced``; if
        not, why (in :attr:`passed_over`, for the message of an answer left unused)."""
        try:
            answer = check_answer(decision, self.translate(game, decision, raw))
        except Exception as exc:  # an answer for another decision: a reference to nothing here, another kind
            self.passed_over.append(f"{raw!r} was not taken for '{decision.prompt}', whose only legal answer "
                                    f"({', '.join(decision.labels)}) was taken without asking: {exc}")  # fmt: skip
            return False
        if isinstance(forced, list) and isinstance(answer, list):
            ok = len(answer) == len(forced) and all(a in forced for a in answer)
        else:
            ok = bool(answer == forced)
        if not ok:
            self.passed_over.append(f"{raw!r} was not taken for '{decision.prompt}': its only legal answer "
                                    f"({', '.join(decision.labels)}) was taken without asking")  # fmt: skip
        return ok

    @property
    def unused(self) -> list[Any]:
        return self.choices[self.used_choices :]



class RandomChooser:
    """Any legal answer, drawn from a seeded generator (for property tests)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> Any:
        rng = self.rng
        if decision.refusable:
            return []  # a pick the rules may refuse whatever its size (convoke, 702.51a): none is always legal
        if decision.kind in ("may", "new_targets"):
            return rng.random() < 0.5
        if decision.kind == "x":
            return rng.randint(0, 3)
        if decision.kind == "word":
            return rng.choice(decision.options)
        if decision.kind == "kick":
            if not decision.options:
                return []
            n = rng.randint(0, min(decision.max, 3))
            if decision.repeat:
                return [rng.choice(decision.options) for _ in range(n)]
            return rng.sample(decision.options, min(n, len(decision.options)))
        if decision.kind == "order":
            opts = list(decision.options)
            rng.shuffle(opts)
            return opts
        if decision.kind == "divide":
            split = dict.fromkeys(decision.options, decision.at_least)
            for _ in range(decision.total - decision.at_least * len(decision.options)):
                split[rng.choice(decision.options)] += 1
            return split
        hi = min(decision.max, len(decision.options))
        lo = min(decision.min, hi)
        n = rng.randint(lo, hi)
        return rng.sample(decision.options, n)


class TerminalChooser:
    """Asks a person at a terminal (``cardtext play -i``)."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.read = read
        self.write = write

    def choose(self, game: Game, decision: Decision) -> Any:
        self.write(f"[{decision.player}] {decision.prompt}")
        if decision.kind in ("may", "new_targets"):
            while True:
                text = self.read("  yes/no> ").strip().lower()
                if text in ("y", "yes", "n", "no"):
                    return text.startswith("y")
        if decision.kind == "x":
            while True:
                text = self.read("  X> ").strip()
                if text.isdigit():
                    return int(text)
        if decision.kind == "divide":
            return self._divide(decision)
        for i, label in enumerate(decision.labels, start=1):
            self.write(f"  {i}. {label}")
        if decision.kind == "word":
            while True:
                text = self.read("  number> ").strip()
                if text.isdigit() and 1 <= int(text) <= len(decision.options):
                    return decision.options[int(text) - 1]
        hint = f"{decision.min}-{decision.max} numbers, separated by spaces"
        while True:
            text = self.read(f"  ({hint})> ").strip()
            try:
                numbers = [int(t) for t in text.split()]
                if any(n < 1 for n in numbers):  # options are numbered from 1: 0 is not the last one
                    continue
                picks = [decision.options[n - 1] for n in numbers]
            except (ValueError, IndexError):
                continue
            if decision.min <= len(picks) <= decision.max:
                return picks


    def _divide(self, decision: Decision) -> dict[Any, int]:
        while True:
            split: dict[Any, int] = {}
            for option, label in zip(decision.options, decision.labels, strict=True):
                text = self.read(f"  amount to {label}> ").strip()
                split[option] = int(text) if text.isdigit() else 0
            if sum(split.values()) == decision.total:
                return split
            self.write(f"  the amounts must add up to {decision.total}")


__all__ = [
    "Chooser", "Decision", "RandomChooser", "ScriptedChooser", "TerminalChooser", "ask",
    "check_answer", "how_to_answer", "only_answer", "unanswered",
]  # fmt: skip
