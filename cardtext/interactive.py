"""``cardtext play -i``: a person answers the decisions a scenario leaves unanswered.

:class:`FallbackChooser` asks the scenario's own answers first (the step's
``kick``, ``x``, ``modes``, ``targets`` and ``choices``); only a decision the
script has no answer for goes to :class:`PersonChooser`, which prints what
happened since the last question and the game state, then asks.  An option
is answered by its number (from 1, as listed) or its name (a REF, as in a
scenario: ``Grizzly Bears``, ``B:Grizzly Bears``, ``B``); a bad answer is
re-asked with a message saying why; the end of the input is an
:class:`InputEnded` (the run stops with a message, never a traceback).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtext.grammar.errors import CardTextError
from cardtext.interpreter import Game, display_name
from cardtext.interpreter.choices import Decision, check_answer
from cardtext.interpreter.errors import UnansweredDecision


def _digits(text: str) -> bool:
    """Whether ``text`` is a number written in ASCII digits: ``str.isdigit`` is
    also true for "²" and "٣", which ``int`` refuses or reads otherwise."""
    return text.isascii() and text.isdigit()

class InputEnded(CardTextError):
    """``play -i``: standard input ended (EOF) while a decision waited for an answer."""


def read_terminal(prompt: str) -> str:
    """Read one answer for ``play -i``; the end of the input is an :class:`InputEnded`."""
    try:
        return input(prompt)
    except EOFError:
        print()  # end the prompt's line
        raise InputEnded("the input ended (EOF) before the decision was answered") from None


class FallbackChooser:
    """The scenario's answer when it has one, else the person's."""

    def __init__(self, scripted: Any, person: PersonChooser) -> None:
        self.scripted = scripted
        self.person = person

    @property
    def last_key(self) -> str:
        return str(getattr(self.scripted, "last_key", ""))

    def offer(self, game: Game, decision: Decision, forced: Any) -> None:
        self.scripted.offer(game, decision, forced)

    def choose(self, game: Game, decision: Decision) -> Any:
        try:
            return self.scripted.choose(game, decision)
        except UnansweredDecision:
            return self.person.choose(game, decision)


def state_lines(game: Game) -> list[str]:
    """The game as a person needs it to decide: whose turn, each player's life,
    permanents, hand and graveyard, and the stack (top first)."""
    from cardtext.scenario import describe_obj, stack_views

    s = game.state
    out = [f"-- turn {s.turn}, {s.active}'s {s.step.replace('_', ' ')} step --"]
    for name, p in s.players.items():
        out.append(f"  {name}: {p.life} life")
        perms = [o for o in game.battlefield() if o.controller == name]
        out.append("    battlefield: " + (", ".join(_short(game, o) for o in perms) or "nothing"))
        hand = game.zone_objects("hand", name)
        out.append("    hand: " + (", ".join(display_name(o) for o in hand) or "nothing"))
        grave = game.zone_objects("graveyard", name)
        if grave:
            out.append("    graveyard: " + ", ".join(display_name(o) for o in grave))
    if s.combat is not None and s.combat.attackers:
        fights = []
        for attacker, defender in s.combat.attackers.items():
            a = game.get(attacker)
            if a is None:
                continue
            blocks = [game.get(b) for b, x in s.combat.blockers.items() if attacker in x]
            by = ", ".join(f"{o.controller}:{display_name(o)}" for o in blocks if o is not None)
            fights.append(f"{a.controller}:{display_name(a)} attacks {defender}" + (f", blocked by {by}" if by else ""))
        out.append("  combat: " + "; ".join(fights))
    stack = list(reversed(stack_views(game)))
    out.append("  stack (top first): " + (", ".join(describe_obj(game, o) for o in stack) or "empty"))
    return out


def _short(game: Game, o: Any) -> str:
    from cardtext.scenario import describe_obj

    text = describe_obj(game, o)
    return text.split(":", 1)[1] if ":" in text else text


class PersonChooser:
    """Asks a person: prints the log since the last question and the game
    state, then the decision and its numbered options, and reads answers
    until one is legal."""

    def __init__(
        self,
        read: Callable[[str], str] = read_terminal,
        write: Callable[[str], None] = print,
        *,
        show_log: bool = True,
        translate: Callable[[Game, Decision, Any], Any] | None = None,
    ) -> None:
        self.read = read
        self.write = write
        self.show_log = show_log
        self.translate = translate
        self.game: Game | None = None
        self.shown: list[str] = []  # the lines of self.game's log printed so far

    def start(self) -> None:
        """A new scenario: nothing of its log has been printed yet."""
        self.game = None
        self.shown = []

    def log_printed(self, log: list[str]) -> int:
        """How many of the first lines of ``log`` (this scenario's) were printed before a question."""
        return _common_prefix(self.shown, log) if self.game is not None else 0

    def _catch_up(self, game: Game) -> None:
        if game is not self.game:
            self.game, self.shown = game, []
        # a refused step takes its lines back out of the log: print from where the log differs
        start = _common_prefix(self.shown, game.log)
        if self.show_log:
            for line in game.log[start:]:
                self.write(line)
        self.shown = list(game.log)

    def choose(self, game: Game, decision: Decision) -> Any:
        self._catch_up(game)
        for line in state_lines(game):
            self.write(line)
        self.write(f"[{decision.player}] {decision.prompt}")
        if decision.kind not in ("may", "new_targets", "x", "divide"):
            for i, label in enumerate(decision.labels, start=1):  # a mode's label has its number already
                self.write(f"  {label}" if label.startswith(f"{i}. ") else f"  {i}. {label}")
        while True:
            answer = self._ask_once(game, decision)
            try:
                return check_answer(decision, answer)
            except UnansweredDecision as exc:
                self.write(f"  not an answer: {getattr(exc, 'detail', '') or exc}; try again")

    # --- one attempt ---------------------------------------------------------

    def _ask_once(self, game: Game, d: Decision) -> Any:
        while True:
            try:
                return self._parse(game, d)
            except _Retry as exc:
                self.write(f"  {exc}; try again")

    def _parse(self, game: Game, d: Decision) -> Any:
        if d.kind in ("may", "new_targets"):
            text = self.read("  yes or no> ").strip().lower()
            if text in ("y", "yes", "true"):
                return True
            if text in ("n", "no", "false"):
                return False
            raise _Retry(f"'{text}' is not yes or no")
        if d.kind == "x":
            text = self.read("  a number (0 or more)> ").strip()
            if not _digits(text) or len(text) > 9:
                raise _Retry(f"'{text}' is not a whole number 0 or more")
            return int(text)
        if d.kind == "divide":
            return self._divide(d)
        if d.kind == "word":
            text = self.read("  number or name> ").strip()
            return self._one(game, d, text)
        if d.kind in ("modes", "order"):
            how = "mode numbers" if d.kind == "modes" else "every number, first put on the stack first"
        elif d.max == 1:
            how = "number or name" if d.min >= 1 else "number or name, or 'none'"
        else:
            how = f"{_count(d)} numbers or names, separated by commas" + (", or 'none'" if d.min == 0 else "")
        text = self.read(f"  {how}> ").strip()
        if text.lower() in ("none", "-") and d.min == 0:
            return []
        if not text:
            raise _Retry("no answer")
        parts = [p.strip() for p in text.split(",")] if "," in text else (
            text.split() if all(_digits(t) for t in text.split()) else [text])
        values = [self._one(game, d, p) for p in parts]
        return values

    def _one(self, game: Game, d: Decision, text: str) -> Any:
        """One option, by its number (from 1) or its name."""
        if not text:
            raise _Retry("no answer")
        if _digits(text):
            n = int(text) if len(text) <= 9 else 0
            if not 1 <= n <= len(d.options):
                raise _Retry(f"{text} is not one of the numbers 1 to {len(d.options)}")
            return d.options[n - 1]
        low = text.lower()
        for option, label in zip(d.options, d.labels, strict=False):
            if label.lower() == low or str(option).lower() == low:
                return option
        if d.kind in ("word", "modes", "order"):
            raise _Retry(f"'{text}' is none of the options: give its number or its name as listed")
        if self.translate is not None:
            try:
                (value,) = self.translate(game, Decision(d.kind, d.player, d.prompt, d.options, d.labels, 1, 1), text)
                return value
            except (CardTextError, ValueError) as exc:
                raise _Retry(str(exc)) from None
        raise _Retry(f"'{text}' is none of the options")

    def _divide(self, d: Decision) -> dict[Any, int]:
        while True:
            split: dict[Any, int] = {}
            for option, label in zip(d.options, d.labels, strict=True):
                text = self.read(f"  damage to {label}> ").strip()
                if not _digits(text) or len(text) > 9:
                    self.write(f"  '{text}' is not a whole number 0 or more; start again")
                    break
                split[option] = int(text)
            else:
                if min(split.values(), default=0) < d.at_least:
                    self.write(f"  each must get at least {d.at_least} (601.2d); start again")
                elif sum(split.values()) == d.total:
                    return split
                else:
                    self.write(f"  the amounts add up to {sum(split.values())}, not {d.total}; start again")


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class _Retry(Exception):
    """An answer that can't be read: say why and ask again."""


def _count(d: Decision) -> str:
    return str(d.min) if d.min == d.max else f"{d.min} to {d.max}"

