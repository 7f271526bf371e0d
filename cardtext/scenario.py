"""Scenarios: set up a game, take steps, check what must then be true.

A scenario is a TOML file (read with :mod:`tomllib`) in the format of
design.md, "Scenarios".  Keys beyond the core ones, all documented in
docs/scenarios.md:

* top level: ``seed`` (an integer for "random order" effects; default 0);
* zone entries in ``[players.X]`` may be inline tables
  ``{ card = "Grizzly Bears", tapped = true, counters = { "+1/+1" = 1 },
  face_down = "manifested" }`` instead of a card name;
* a step may say ``pay = [REF, ...]`` to name the mana sources that pay;
* a step without ``kick`` casts the spell unkicked (kicking is optional, K8);
* a cast step may say ``modes = [1, 3]``: the modes of a modal spell, by
  number from 1 in printed order (601.2b, 700.2); a modal spell cast
  without it is an unanswered decision.  The modes of a modal triggered
  ability are answered in ``choices`` with such a list (603.3c);
* a cast step finds its card in the hand, else among the cards the player
  may cast from another zone (flashback, an effect's permission, 601.3);
  ``from = ZONE`` looks only there; the name of a face casts that face of a
  multi-face card, and ``face = NAME`` names the face explicitly (709.3,
  715.3, 712.11b);
* a cast step may say ``face_down = true`` to cast the card face down with
  morph (702.37c); it has no kicker then, so ``kick`` with it is refused;
* an ``order`` decision (several different triggered abilities of one
  player) is answered in ``choices`` by a list naming their sources, the one
  put on the stack first (and so resolving last) first;
* ``attack = [REF, ...]`` declares attackers (508.1), ``block = { BLOCKER =
  ATTACKER }`` declares blockers (509.1; ``BLOCKER = [ATTACKER, ...]`` for
  one that blocks several, 509.1a), ``combat = "damage"`` passes
  through the combat steps until combat damage is dealt and ``combat =
  "end"`` on to the second main phase; a ``divide`` decision (a creature's
  combat damage among its blockers, 510.1c, or among the attackers it
  blocks, 510.1d) is answered in ``choices`` by a
  table ``{ REF = amount }``;
* an expectation may also check ``damage``; ``face_down`` may be ``true``,
  ``false`` or how it became face down (``"manifested"``, ``"manifested
  dread"``, ``"cloaked"``, ``"morph"``); ``kicked`` may be a number of times
  or ``true``/``false``; ``attached_to`` a REF (or ``false``): what an Aura
  or Equipment is attached to; ``cards = [REF, ...]`` the whole stack (or a
  library), in order, top first;
* an ``[[expect]]`` written between ``[[steps]]`` is a checkpoint, checked at
  that point of the game (:meth:`Runner.order` recovers the order from the
  header lines, which :mod:`tomllib` doesn't keep);
* a decision with exactly one legal answer is taken without asking
  (:func:`cardtext.interpreter.choices.only_answer`); an answer written for it is used
  if it names that answer.

A scenario that is itself wrong — an unknown key, a value of the wrong
type, an unknown card, an ambiguous or unknown reference, an unanswered
decision — raises :class:`ScenarioError` with the file, line and column; a
step the rules refuse or an expectation that doesn't hold is a *failure* of
the scenario, reported with what was found instead.  Every key's type is
checked before the game starts (:mod:`cardtext.schema`).

A step resolves at most :data:`~cardtext.schema.MAX_RESOLUTIONS` stack
objects: a loop of mandatory triggered abilities stops there with a
:class:`ScenarioError` that says so, and sooner where the game comes back to
a state it was in with no decision made in between (a loop of mandatory
actions; the game is a draw, CR 104.4b).  It is never a PASS.
"""

from __future__ import annotations

import difflib
import os
import re
import sys
import tomllib
import unicodedata
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError, LocatedError, Location
from cardtext.grammar.lookalike import difference_note
from cardtext.interpreter import (
    Game,
    GameObject,
    IllegalAction,
    UnansweredDecision,
    Unsupported,
    activate,
    add_card,
    cast,
    chars,
    display_name,
    new_game,
    pass_priority,
    plot,
    power_toughness,
    resolve_top,
    suspend,
    turn_face_up,
    unlock,
)
from cardtext.interpreter.activation import activated_abilities, any_player_rule
from cardtext.interpreter.cast_permissions import castable_elsewhere, may_look_at
from cardtext.interpreter.choices import Decision, ScriptedChooser
from cardtext.interpreter.combat import COMBAT_STEPS, declare_attackers, declare_blockers
from cardtext.interpreter.objects import FaceDown
from cardtext.interpreter.sba import game_over
from cardtext.interpreter.triggers import settle

from .console import display_name as display_path
from .console import terminal_safe
from .interactive import FallbackChooser, InputEnded, PersonChooser, read_terminal
from .schema import ACTION_KEYS, MAX_RESOLUTIONS, ZONE_NAMES, Locator, ScenarioError, validate

SCENARIOS = Path(__file__).parent / "scenarios"

COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                 "w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}  # fmt: skip


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------


@dataclass
class Failure:
    where: str
    expected: str
    found: str

    def __str__(self) -> str:
        return f"{self.where}: expected {self.expected}; found {self.found}"


@dataclass
class ScenarioResult:
    path: str
    description: str = ""
    rules: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


# --------------------------------------------------------------------------
# Card pool
# --------------------------------------------------------------------------

_BUNDLED: list[A.Card] | None = None


def bundled_pool() -> dict[str, A.Card]:
    global _BUNDLED
    if _BUNDLED is None:
        from cardtext.library import bundled_cards

        _BUNDLED = bundled_cards()
    return {c.name: c for c in _BUNDLED}


_PARSED: dict[tuple[str, int, int], list[A.Card]] = {}


def load_extra_cards(paths: list[Path]) -> list[A.Card]:
    """The cards of the files and folders named (a scenario's ``cards``).

    Each file is parsed once per process while it is unchanged (same path,
    size and modification time), so a folder of scenarios sharing one card
    folder doesn't parse it again for each.  The first error raises."""
    return [card for card, _ in load_extra_cards_from(paths)]


def load_extra_cards_from(paths: list[Path]) -> list[tuple[A.Card, Path]]:
    """:func:`load_extra_cards`, each card with the file it came from."""
    from cardtext.library import card_files, parse_path

    cards: list[tuple[A.Card, Path]] = []
    for f in card_files(paths):
        try:
            info = f.stat()
            key: tuple[str, int, int] | None = (str(f), info.st_size, info.st_mtime_ns)
        except OSError:
            key = None
        cached = _PARSED.get(key) if key is not None else None
        if cached is None:
            result = parse_path(f)
            if result.errors:
                raise result.errors[0]
            cached = list(result.cards)
            if key is not None:
                _PARSED[key] = cached
        cards.extend((card, f) for card in cached)
    return cards


# --------------------------------------------------------------------------
# References: "B:Grizzly Bears#2", "face-down", "A"
# --------------------------------------------------------------------------

_PLAYER_NUMBERS: dict[str, tuple[Callable[[Any], int], Callable[[int], str]]] = {
    "life": (lambda p: p.life, lambda n: f"at {n} life"),
    "poison": (lambda p: p.poison, lambda n: f"with {n} poison counters"),
    "energy": (lambda p: p.counter("energy"), lambda n: f"with {n} energy counters"),
    "speed": (lambda p: p.speed or 0, lambda n: f"with speed {n}"),
}
"""The numbers of a player an expectation may state, how each is read and said."""

_REF = re.compile(r"^(?:(?P<player>[AB]):)?(?P<name>.+?)(?:#(?P<nth>\d+))?$")


class RefError(CardTextError):
    """A reference that fits nothing, or fits several different things."""


def _nth(digits: str) -> int:
    """The N of ``Name#N``; a number too long to be an index counts as 0 (fits nothing)."""
    return int(digits) if len(digits) <= 9 else 0


def _distinct_key(game: Game, o: GameObject) -> tuple[Any, ...]:
    return (
        o.controller, o.zone, o.tapped, tuple(sorted(o.counters.items())), o.damage, o.face_down,
        o.token, game.linked(o.id).kicks, o.card.name, o.copy_of.name if o.copy_of else "",
    )  # fmt: skip


def describe_obj(game: Game, o: GameObject) -> str:
    bits = [f"{o.controller}:{display_name(o) if o.face_down is None else 'face-down'}"]
    extra = []
    if o.zone == "battlefield":
        p, t = power_toughness(game, o)
        if p is not None:
            extra.append(f"{p}/{t}")
        if o.tapped:
            extra.append("tapped")
        if o.counters:
            extra.append(", ".join(f"{n} {k}" for k, n in sorted(o.counters.items())))
        if o.damage:
            extra.append(f"{o.damage} damage")
        host = game.get(o.attached_to) if isinstance(o.attached_to, tuple) else None
        if host is not None:
            name = display_name(host) if host.face_down is None else "face-down"
            extra.append(f"attached to {host.controller}:{name}")
        elif isinstance(o.attached_to, str):
            extra.append(f"attached to player {o.attached_to}")
    if o.face_down:
        extra.append(o.face_down)
    if o.token:
        extra.append("token")
    kicks = len(game.linked(o.id).kicks)
    if kicks:
        extra.append(f"kicked {kicks}")
    if extra:
        bits.append("(" + "; ".join(extra) + ")")
    return " ".join(bits)


def ref_matches_name(o: GameObject, name: str, known: bool = False) -> bool:
    """Does ``name`` name ``o``?  A face-down object is named "face-down", or
    by its card's name when ``known`` — the player the reference is for may
    look at it (406.3, 708.5).  A Room permanent is named by its unlocked
    doors, and by its card's name whatever is locked (709.5)."""
    low = name.strip().lower()
    if low in ("face-down", "face down"):
        return o.face_down is not None
    if o.face_down is not None:
        return known and (o.copy_of or o.card).name.lower() == low
    n = chars(o).name.lower()
    if o.doors is not None and (o.copy_of or o.card).name.lower() == low:
        return True
    return n == low or (o.token and n == low + " token") or (o.spell_copy and ("copy of " + n) == low)


def face_named(o: GameObject, name: str) -> int | None:
    """The index of the face of a multi-face card named ``name`` (any case), or None."""
    low = name.strip().lower()
    card = o.copy_of or o.card
    return next((i for i, f in enumerate(card.faces) if f.name.lower() == low), None)


def _ref_name(ref: str) -> str:
    m = _REF.match(ref.strip())
    return m.group("name") if m else ref


def _fits_cast_ref(game: Game, o: GameObject, ref: str, viewer: str) -> bool:
    name = _ref_name(ref)
    return ref_matches_name(o, name, may_look_at(game, viewer, o)) or face_named(o, name) is not None


def resolve_ref(
    game: Game, ref: str, candidates: list[GameObject], *, what: str, players: list[str] | None = None,
    viewer: str | None = None,
) -> GameObject:
    """The one candidate ``ref`` means, or :class:`RefError` listing what it
    could mean (``players``: the players that are also legal answers, listed
    with the objects; ``viewer``: the player the reference is for, who may
    name a face-down card they may look at by its name, 406.3)."""
    m = _REF.match(ref.strip())
    if not m:
        raise RefError(f"'{ref}' is not a reference (write a card name, 'B:Name', 'Name#2' or 'face-down')")
    player, name, nth = m.group("player"), m.group("name"), m.group("nth")
    fits = [o for o in candidates
            if ref_matches_name(o, name, viewer is not None and may_look_at(game, viewer, o))
            and (player is None or o.controller == player)]  # fmt: skip
    fits.sort(key=lambda o: o.arrived)
    if not fits:
        named = [describe_obj(game, o) for o in candidates[:12]] + [f"player {p}" for p in players or []]
        shown = ", ".join(named) or "nothing"
        raise RefError(f"'{ref}' matches nothing for {what}; candidates: {shown}")
    if nth is not None:
        k = _nth(nth)
        if not 1 <= k <= len(fits):
            raise RefError(f"'{ref}': there are only {len(fits)} that fit for {what}")
        return fits[k - 1]
    if len(fits) > 1 and len({_distinct_key(game, o) for o in fits}) > 1:
        listed = "; ".join(f"{m.group('name')}#{i} = {describe_obj(game, o)}" for i, o in enumerate(fits, start=1))
        raise RefError(f"'{ref}' is ambiguous for {what}: it could mean {listed}")
    return fits[0]


def stack_views(game: Game) -> list[GameObject]:
    """Everything on the stack, bottom first: spells as they are, and each
    ability as a stand-in object named after its source (abilities are not cards)."""
    out = []
    for item in game.state.stack:
        if item.kind == "spell":
            o = game.get(item.source)
            if o is not None:
                out.append(o)
            continue
        src = game.state.objects.get(item.source[0])
        lki = game.state.lki.get(item.source)
        card = src.card if src is not None else None
        if card is None or (lki is not None and lki.face_down):
            continue
        view = GameObject(-item.sid, 0, card, item.controller, item.controller, "stack", arrived=item.sid)
        out.append(view)
    return out


def _objects_of(game: Game, options: list[Any]) -> list[GameObject]:
    out = []
    for v in options:
        if isinstance(v, tuple):
            o = game.get(v)
            if o is not None:
                out.append(o)
    return out


def translate_answer(game: Game, d: Decision, raw: Any) -> Any:
    """Turn a scenario's written answer into the option values of a decision."""
    if d.kind == "kick":
        return _translate_kick(game, d, raw)
    if d.kind == "modes":
        return _translate_modes(d, raw)
    if d.kind in ("may", "new_targets", "x", "word"):
        if d.kind == "word" and isinstance(raw, str):
            for opt in d.options:
                if str(opt).lower() == raw.lower():
                    return opt
        return raw
    if d.kind == "divide":
        return _translate_divide(game, d, raw)
    if d.kind == "order":
        if not isinstance(raw, list):
            return raw
        out = []
        for r in raw:
            hits = [i for i, lab in zip(d.options, d.labels, strict=True)
                    if lab.lower() == str(r).lower() and i not in out]  # fmt: skip
            if not hits:
                hits = [i for i, lab in zip(d.options, d.labels, strict=True)
                        if lab.lower().startswith(str(r).lower()) and i not in out]  # fmt: skip
            if not hits:
                raise RefError(f"'{r}' names none of the triggered abilities to order: {', '.join(d.labels)}")
            named = dict.fromkeys(lab for i, lab in zip(d.options, d.labels, strict=True) if i in hits)
            if len(named) > 1:  # "Herd Watcher" with Herd Watcher#1 and #2 on the stack: say which
                raise RefError(f"'{r}' could mean any of {', '.join(named)}: write one of them")
            out.append(hits[0])
        return out
    values = raw if isinstance(raw, list) else [raw]
    objs = _objects_of(game, d.options)
    out = []
    for v in values:
        if isinstance(v, str) and v in d.options:  # a player
            out.append(v)
            continue
        if not isinstance(v, str):
            raise RefError(f"expected a reference (a string) for '{d.prompt}', got {v!r}")
        # "Forest", "Forest": two different ones; "Forest#2" numbers all the candidates, picked or not
        numbered = (m := _REF.match(v.strip())) is not None and m.group("nth") is not None
        o = resolve_ref(game, v, [x for x in objs if numbered or x.id not in out], what=f"'{d.prompt}'",
                        players=[p for p in d.options if isinstance(p, str) and p not in out])  # fmt: skip
        if o.id in out:
            raise RefError(f"'{v}' names {describe_obj(game, o)} a second time for '{d.prompt}'")
        out.append(o.id)
    return out


def _translate_divide(game: Game, d: Decision, raw: Any) -> Any:
    """``{ "B:Grizzly Bears" = 2, "B" = 1 }``: damage amounts by recipient."""
    if not isinstance(raw, dict):
        return raw
    objs = _objects_of(game, d.options)
    out: dict[Any, Any] = {}
    for ref, amount in raw.items():
        if ref in d.options:
            out[ref] = amount
            continue
        o = resolve_ref(game, ref, objs, what=f"'{d.prompt}'", players=[p for p in d.options if isinstance(p, str)])
        if o.id in out:
            raise RefError(f"'{ref}' names a recipient given an amount already")
        out[o.id] = amount
    return out


def _translate_modes(d: Decision, raw: Any) -> list[int]:
    """``[1, 3]``: mode numbers from 1, in printed order, to the engine's mode indices."""
    values = raw if isinstance(raw, list) else [raw]
    out = []
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= len(d.options):
            raise RefError(f"modes: {v!r} is not a mode number of '{d.prompt}' (1 to {len(d.options)}, in printed order: "
                           + "; ".join(d.labels) + ")")  # fmt: skip
        out.append(v - 1)
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", text).lower()


def _translate_kick(game: Game, d: Decision, raw: Any) -> list[int]:
    if raw is None or raw is False or raw == 0:
        return []
    costs = list(d.options)
    if raw is True:
        if len(costs) != 1:
            raise RefError(f"kick = true is ambiguous: the card has {len(costs)} kicker costs ({', '.join(d.labels)}); list the costs to pay")
        return [costs[0]]
    if isinstance(raw, int):
        if len(costs) != 1:
            raise RefError(f"kick = {raw} is ambiguous: the card has {len(costs)} kicker costs ({', '.join(d.labels)}); list the costs to pay")
        return [costs[0]] * raw
    if isinstance(raw, list):
        out = []
        for r in raw:
            hits = [c for c, lab in zip(costs, d.labels, strict=True)
                    if _norm(str(r)) in (_norm(lab), _norm(lab.split(" ", 1)[1]))]  # fmt: skip
            if not hits:
                raise RefError(f"kick: '{r}' is none of the kicker costs: {', '.join(d.labels)}")
            out.append(hits[0])
        return out
    raise RefError(f"kick = {raw!r}: write a number of times, true/false, or a list of costs")


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------


class Runner:
    def __init__(self, path: Path, text: str, chooser: Any = None, *, name: str | None = None) -> None:
        self.path = path
        self.name = name if name is not None else display_path(path)
        self.warnings: list[str] = []
        """What the run warns of (a card of the scenario's files replacing a bundled one)."""
        self.loc = Locator(self.name if name is not None else str(path), text)
        self.text = text
        self.interactive = chooser
        try:
            self.data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = re.search(r"line (\d+), column (\d+)", str(exc))
            line, col = (int(m.group(1)), int(m.group(2))) if m else self._end_of_document()
            raise ScenarioError(f"not valid TOML: {exc}", self.loc.loc(line, col)) from None
        except RecursionError:
            raise ScenarioError("not valid TOML: arrays or tables nested too deeply", self.loc.loc(1)) from None
        except ValueError:  # int() refuses more than sys.get_int_max_str_digits() digits
            raise ScenarioError("a number too long to read (TOML numbers are 64-bit: at most 19 digits)",
                                self._long_number()) from None  # fmt: skip
        validate(self.data, self.loc)  # every key and its type, before the game starts
        self.after: dict[int, int] = {}  # a checkpoint's expectation index -> the steps taken before it
        self.result = ScenarioResult(self.name, self.data.get("description", ""),
                                     list(self.data.get("rules", [])))  # fmt: skip

    def _end_of_document(self) -> tuple[int, int]:
        """Where a TOML error "at end of document" is: just after the last
        character of the last line that isn't blank (an array or a string
        left open, a key without its value)."""
        lines = self.text.splitlines()
        for number in range(len(lines), 0, -1):
            if lines[number - 1].strip():
                return number, len(lines[number - 1].rstrip()) + 1
        return 1, 1

    def _long_number(self) -> Location:
        """Where the first run of more than 19 digits is (a number TOML can't hold)."""
        for number, line in enumerate(self.loc.lines, start=1):
            m = re.search(r"\d{20}", line)
            if m:
                return self.loc.loc(number, m.start() + 1)
        return self.loc.loc(1)

    def error(self, message: str, where: Location, hint: str = "") -> ScenarioError:
        return ScenarioError(message, where, hint=hint)

    # --- cards -------------------------------------------------------------------

    def load_pool(self) -> dict[str, A.Card]:
        from cardtext.library import PathError, os_reason

        pool = dict(bundled_pool())
        paths = []
        for e in self.data.get("cards", []):
            p = Path(os.path.abspath(self.path.parent / e))
            try:
                os.stat(p)  # follows links: a loop of symbolic links is ELOOP here
            except OSError as exc:
                problem = f"can't read {e}: {os_reason(exc)}" if os.path.lexists(p) else f"no such card file or folder: {e}"
                raise self.error(problem, self.loc.value(1, e)) from None
            except ValueError:  # a NUL in the name
                raise self.error(f"no such card file or folder: {e!r}", self.loc.top_key("cards")) from None
            paths.append(p)
        try:
            extra = load_extra_cards_from(paths)
        except PathError as exc:  # a folder (or file) in a cards folder that can't be read
            raise self.error(f"{display_path(exc.path)}: {exc.message}", self.loc.top_key("cards")) from None
        origin: dict[str, Path] = {}
        for c, f in extra:
            if c.name in origin:
                if pool[c.name] != c:
                    where = (f"twice in {display_path(f)}" if origin[c.name] == f else
                             f"in {display_path(origin[c.name])} and in {display_path(f)}")  # fmt: skip
                    raise self.error(
                        f"two different cards are named '{c.name}': {where}", self.loc.top_key("cards"),
                        hint="a name names one card: rename one, or leave one file out of 'cards'",
                    )  # fmt: skip
                continue  # the same card again (one file named twice)
            if c.name not in origin and c.name in pool and pool[c.name] != c:
                self.warnings.append(
                    f"{self.name}: warning: the card '{c.name}' of {display_path(f)} replaces the bundled "
                    "card of that name"
                )
            origin[c.name] = f
            pool[c.name] = c
        return pool

    def card(self, name: str, start: int) -> A.Card:
        """The card a zone's entry names: by its name, or a multi-face card by
        its front face's name, as players name it ("Giant Killer" for Giant
        Killer // Chop Down)."""
        name = unicodedata.normalize("NFC", name)
        c = self.pool.get(name)
        if c is None:
            fronts = [card for card in self.pool.values() if card.faces and card.faces[0].name == name]
            if len(fronts) == 1:
                return fronts[0]
        if c is None:
            close = difflib.get_close_matches(name, list(self.pool), n=3)
            notes = [note for note in (difference_note(name, n) for n in close) if note]
            raise self.error(
                f"unknown card '{name}'", self.loc.value(start, name),
                hint=("did you mean " + " or ".join(f"'{n}'" for n in close) + "?"
                      + (f" ({notes[0]})" if notes else "")) if close
                else "add its card file to the scenario's 'cards' list",
            )  # fmt: skip
        return c

    # --- setup -------------------------------------------------------------------

    def setup(self) -> Game:
        """The game before the first step; the scenario's keys were checked by :func:`validate`."""
        self.pool = self.load_pool()
        game = new_game(seed=self.data.get("seed", 0))
        players = self.data.get("players", {})
        for name, spec in players.items():
            start = self.loc.header(f"players.{name}")
            if "life" in spec:
                game.player(name).life = spec["life"]
            if "poison" in spec:
                game.player(name).poison = spec["poison"]  # 122.1f: poison counters a player starts with
            if "energy" in spec:
                game.player(name).counters["energy"] = spec["energy"]  # 122.1h: energy counters a player starts with
            if "speed" in spec:
                game.player(name).speed = spec["speed"]  # 702.179: the speed a player starts with
            for zone in ("library", "hand", "battlefield", "graveyard", "exile"):
                for entry in spec.get(zone, []):
                    self._add_entry(game, name, zone, entry, start)
        return game

    def _add_entry(self, game: Game, player: str, zone: str, entry: Any, start: int) -> None:
        if isinstance(entry, str):
            self._permanent_card(entry, zone, None, start)
            add_card(game, self.card(entry, start), player, zone)  # type: ignore[arg-type]
            return
        written = entry.get("face_down")
        ways: dict[Any, FaceDown | None] = {
            None: None, False: None, True: "manifested", "manifested": "manifested",
            "manifested dread": "manifested dread", "cloaked": "cloaked", "morph": "morph", "disguised": "disguised",
        }  # fmt: skip
        if written not in ways:
            raise self.error(f"face_down = {written!r}: write true, \"manifested\", \"manifested dread\", \"cloaked\", \"morph\" or \"disguised\"",
                             self.loc.key(start, zone))  # fmt: skip
        self._permanent_card(entry["card"], zone, ways[written], start)
        add_card(
            game, self.card(entry["card"], start), player, zone,  # type: ignore[arg-type]
            tapped=entry.get("tapped", False), counters=entry.get("counters"), face_down=ways[written],
        )  # fmt: skip

    def _permanent_card(self, name: str, zone: str, face_down: Any, start: int) -> None:
        """304.4, 307.4: an instant or sorcery card can't be on the battlefield
        face up (face down, a manifested one is a 2/2 creature)."""
        if zone != "battlefield" or face_down is not None:
            return
        card = self.card(name, start)
        front = card.faces[0] if card.faces else card
        types = {t.lower() for t in front.type_line.types} if front.type_line else set()
        if types & {"instant", "sorcery"}:
            raise self.error(
                f"'{name}' is an instant or sorcery card: it can't be on the battlefield face up (304.4, 307.4); "
                "put it there face down (face_down = \"manifested\") or in another zone",
                self.loc.key(start, zone),
            )

    # --- steps -------------------------------------------------------------------

    def run(self) -> ScenarioResult:
        game = self.setup()
        self.game = game
        # 117.5: the game starts with the active player about to receive priority,
        # so state-based actions come first (704.3): a player set up at 0 life has lost
        settle(game)
        steps = self.data.get("steps", [])
        expects = self.data.get("expect", [])
        try:
            self._play(game, steps, expects)
        except ScenarioError as exc:  # what failed before the error is shown with it
            exc.notes = [str(f) for f in self.result.failures]
            exc.log = list(game.log)  # type: ignore[attr-defined]
            raise
        self.result.log = list(game.log)
        self.result.warnings = list(self.warnings)
        return self.result

    def _play(self, game: Game, steps: list[Any], expects: list[Any]) -> None:
        for kind, i in self.order(len(steps), len(expects)):
            if kind == "steps":
                self.run_step(game, i, steps[i])
                continue
            before = len(self.result.failures)
            self.check(game, i, expects[i])
            if i in self.after:  # a checkpoint: the log says how it went, where it was checked
                failed = self.result.failures[before:]
                game.say(f"[expect {i + 1}] " + ("holds" if not failed else "FAILS: " + "; ".join(
                    f"expected {f.expected}; found {f.found}" for f in failed)))

    def order(self, n_steps: int, n_expects: int) -> list[tuple[str, int]]:
        """Steps and expectations in the order the file writes them.

        :mod:`tomllib` gives each array of tables on its own, so the order is
        recovered from the lines of the ``[[steps]]`` and ``[[expect]]``
        headers: an expectation written between two steps is checked after
        the first (a checkpoint).  Where the headers don't account for every
        entry (``steps = [...]`` written as an inline array), every step
        runs first and every expectation is checked at the end."""
        steps_at = self.loc.headers.get("steps", [])
        expects_at = self.loc.headers.get("expect", [])
        if len(steps_at) != n_steps or len(expects_at) != n_expects:
            return [("steps", i) for i in range(n_steps)] + [("expect", i) for i in range(n_expects)]
        placed = sorted([(line, "steps", i) for i, line in enumerate(steps_at)]
                        + [(line, "expect", i) for i, line in enumerate(expects_at)])  # fmt: skip
        out = []
        done = 0
        for _, kind, i in placed:
            if kind == "steps":
                done += 1
            elif done < n_steps:
                self.after[i] = done
            out.append((kind, i))
        return out

    def _obj_ref(self, game: Game, ref: Any, cands: list[GameObject], what: str, where: Location,
                 viewer: str | None = None) -> GameObject:  # fmt: skip
        if not isinstance(ref, str):
            raise self.error(f"{what}: expected a reference (a string), got {ref!r}", where)
        try:
            return resolve_ref(game, ref, cands, what=what, viewer=viewer)
        except RefError as exc:
            raise self.error(str(exc), where) from None

    def run_step(self, game: Game, i: int, step: dict[str, Any]) -> None:
        start = self.loc.header("steps", i)
        (action,) = [k for k in ACTION_KEYS if k in step]  # one, as validate() checked
        face_down = step.get("face_down", False)
        default = game.opponents(game.state.active)[0] if action == "block" else game.state.active
        player = step.get("player", default)
        if player not in game.state.players:
            raise self.error(f"unknown player '{player}'", self.loc.key(start, "player"))
        scripted = ScriptedChooser(
            kick=step.get("kick"), x=step.get("x"), targets=step.get("targets"),
            choices=step.get("choices"), translate=translate_answer, modes=step.get("modes"),
        )  # fmt: skip
        # play -i: the person answers only what the script leaves unanswered
        chooser = FallbackChooser(scripted, self.interactive) if self.interactive is not None else scripted
        counting = _CountingChooser(chooser)
        game.chooser = counting
        where = self.loc.key(start, action)
        game.say(f"[step {i + 1}] {player}: {action} {step[action] if action != 'pass' else ''}".rstrip())
        only = None
        if "pay" in step:
            srcs = [o for o in game.battlefield() if o.controller == player]
            only = [self._obj_ref(game, r, srcs, "a mana source to pay with", self.loc.key(start, "pay")).id
                    for r in step["pay"]]  # fmt: skip
        expected_error = step.get("error")
        try:
            over = game_over(game)
            if over is not None:  # 104.1: nothing is done in a game that has ended
                raise IllegalAction(f"the game is over: {over}")
            if action == "cast":
                obj, face = self._cast_card(game, player, step, start, where)
                if face_down and step.get("kick") not in (None, False, 0, []):
                    raise IllegalAction(f"can't kick {obj.card.name} cast face down: the face-down spell has no "
                                        "text, so no kicker (702.37c, 708.2)")  # fmt: skip
                cast(game, player, obj.id, from_zone=obj.zone, only=only, face_down=face_down, face=face)
            elif action == "activate":
                # a card in the hand with an ability that functions there (cycling, 113.6k) too
                cands = [o for o in game.battlefield() if o.controller == player]
                cands += [o for zone in ("hand", "graveyard", "exile") for o in game.zone_objects(zone, player)
                          if activated_abilities(o)]  # fmt: skip
                # another player's permanent with an ability any player may activate (602.2)
                cands += [o for o in game.battlefield() if o.controller != player
                          and any(any_player_rule(node) is not None for _, node in activated_abilities(o))]  # fmt: skip
                obj = self._obj_ref(game, step["activate"], cands, f"a permanent {player} controls", where)
                n = step.get("ability", 1)
                if not isinstance(n, int) or n < 1:
                    raise self.error("ability = N counts activated abilities from 1", self.loc.key(start, "ability"))
                activate(game, player, obj.id, n, only=only)
            elif action == "turn_face_up":
                cands = [o for o in game.battlefield() if o.controller == player and o.face_down is not None]
                cands = cands or [o for o in game.battlefield() if o.face_down is not None]
                obj = self._obj_ref(game, step["turn_face_up"], cands, f"a face-down permanent {player} controls", where)
                how = step.get("cost", "mana")
                if how not in ("mana", "morph", "megamorph", "disguise"):
                    raise self.error("cost = \"morph\" (or \"megamorph\", \"disguise\") for the morph or disguise cost; "
                                     "\"mana\" or no cost for the mana cost",
                                     self.loc.key(start, "cost"))  # fmt: skip
                turn_face_up(game, player, obj.id, how="morph" if how != "mana" else "mana", only=only)
            elif action == "unlock":
                cands = [o for o in game.battlefield() if o.controller == player and o.doors is not None]
                obj = self._obj_ref(game, step["unlock"], cands, f"a Room {player} controls", where)
                unlock(game, player, obj.id, step.get("door"), only=only)
            elif action == "plot":
                cands = game.zone_objects("hand", player)
                obj = self._obj_ref(game, step["plot"], cands, f"a card in {player}'s hand", where)
                plot(game, player, obj.id, only=only)
            elif action == "suspend":
                cands = game.zone_objects("hand", player)
                obj = self._obj_ref(game, step["suspend"], cands, f"a card in {player}'s hand", where)
                suspend(game, player, obj.id, only=only)
            elif action == "resolve":
                self._resolve(game, step["resolve"], counting, i, where)
            elif action == "pass":
                if step["pass"] is not True:
                    raise self.error("pass = true", where)
                pass_priority(game)
            elif action == "attack":
                self._attack(game, player, step["attack"], where)
            elif action == "block":
                self._block(game, player, step["block"], where)
            elif action == "combat":
                self._combat(game, step["combat"], where)
        except IllegalAction as exc:
            if expected_error is not None and str(expected_error).lower() in str(exc).lower():
                game.say(f"  refused as expected: {exc}")
            else:
                game.say(f"  REFUSED: {exc}")
                self.result.failures.append(Failure(
                    f"{where} (step {i + 1})",
                    "the step to succeed" if expected_error is None else f"a refusal containing {expected_error!r}",
                    f"it was refused: {exc}",
                ))  # fmt: skip
            self._check_leftovers(scripted, i, start, strict=False)
            return
        except (UnansweredDecision, RefError) as exc:
            key = getattr(chooser, "last_key", "")
            at = self.loc.key(start, key) if key and key in step else where
            raise self.error(f"step {i + 1}: {exc}", at) from None
        except Unsupported as exc:
            raise self.error(f"step {i + 1}: not supported by the interpreter: {exc}", where) from None
        if expected_error is not None:
            self.result.failures.append(Failure(
                f"{where} (step {i + 1})", f"a refusal containing {expected_error!r}", "the step succeeded",
            ))  # fmt: skip
        self._check_leftovers(scripted, i, start, strict=True)

    def _cast_card(self, game: Game, player: str, step: dict[str, Any], start: int,
                   where: Location) -> tuple[GameObject, int | None]:  # fmt: skip
        """The card a cast step casts, and the face it is cast as.

        Without ``from``, the card is looked for in the player's hand, and
        if no card there fits, among the cards the player may cast from
        another zone (flashback in the graveyard, a permission for a card in
        exile, 601.3).  ``from = ZONE`` looks only there (in the player's
        own hand, graveyard or library; in exile, whoever owns the card,
        406.1); a card there without a permission is refused when cast
        (601.3).  A face-down card the player may look at (406.3: "you may
        look at and cast that card") may be named by its name.  The name may be
        a face's name ("Battery" of Assault // Battery, an Adventure), which
        casts that face; ``face = NAME`` says the face explicitly."""
        zone = step.get("from")
        ref = step["cast"]
        if zone == "exile":
            # 406.1: exile is one zone, whoever owns the cards in it
            cands = [o for p in game.state.players for o in game.zone_objects("exile", p)]
            what = f"a card in exile for {player} to cast"
        elif zone is not None:
            cands = game.zone_objects(zone, player)
            cands += [o for o in castable_elsewhere(game, player) if o.zone == zone and o not in cands]
            what = f"a card in {player}'s {zone} (or one {player} may cast from another player's) to cast"
        else:
            cands = game.zone_objects("hand", player)
            what = f"a card in {player}'s hand (or one {player} may cast from elsewhere) to cast"
            if isinstance(ref, str) and not any(_fits_cast_ref(game, o, ref, player) for o in cands):
                cands = cands + castable_elsewhere(game, player)
        face: int | None = None
        try:
            obj = self._obj_ref(game, ref, cands, what, where, viewer=player)
        except ScenarioError:
            by_face = [o for o in cands if isinstance(ref, str) and face_named(o, _ref_name(ref)) is not None]
            if len(by_face) != 1:
                raise
            obj = by_face[0]
            face = face_named(obj, _ref_name(ref))
        if "face" in step:
            face = face_named(obj, step["face"])
            if face is None:
                names = ", ".join(f.name for f in (obj.copy_of or obj.card).faces) or "it has one face"
                raise self.error(f"face = {step['face']!r}: {obj.card.name} has no face of that name ({names})",
                                 self.loc.key(start, "face"))  # fmt: skip
        return obj, face

    def _resolve(self, game: Game, n: int | str, chooser: _CountingChooser, i: int, where: Location) -> None:
        """``resolve = "all"`` or ``resolve = N``: resolve the top of the stack
        (608) until it is empty, or N times; at most :data:`MAX_RESOLUTIONS`.

        A loop of mandatory actions is a draw (CR 104.4b).  Where the game
        comes back to a state it was in after an earlier resolution of this
        step, with no decision asked in between, nothing can ever change: the
        loop is reported at once.  Otherwise (a loop that makes a token each
        time never repeats a state) the limit stops it.  Both are a
        :class:`ScenarioError`: the game can't go on to the expectations."""
        limit = MAX_RESOLUTIONS if n == "all" else int(n)
        seen: dict[Hashable, int] = {}
        asked = first_asked = chooser.asked
        for count in range(1, limit + 1):
            if n == "all" and not game.state.stack:
                return
            resolve_top(game)
            if game_over(game) is not None:  # the game ended: what is left on the stack never resolves
                return
            if not game.state.stack:
                continue
            if chooser.asked != asked:  # a decision was made: what came before can't repeat as a loop
                seen.clear()
                asked = chooser.asked
            state = fingerprint(game)
            if state in seen:
                raise self.error(
                    f"step {i + 1}: the game is back in the state it was in after resolution {seen[state]} "
                    f"(resolution {count}) with no decision made in between: a loop of mandatory actions, "
                    "so the game is a draw (CR 104.4b); the scenario stops here", where,
                    hint="a card's triggered ability keeps triggering itself; change the cards or the steps",
                )  # fmt: skip
            seen[state] = count
        if n == "all" and game.state.stack and chooser.asked != first_asked:
            top = game.state.stack[-1].name
            raise self.error(
                f"step {i + 1}: resolve = \"all\" stopped after {MAX_RESOLUTIONS} resolutions with "
                f"{len(game.state.stack)} object(s) still on the stack (the top one from {top}): at most "
                f"{MAX_RESOLUTIONS} stack objects resolve in one step. Decisions were made along the way "
                f"({chooser.asked - first_asked} of them), so this loop isn't a mandatory one (which would be "
                "a draw, CR 104.4b): the answers given keep it going", where,
                hint="answer no to the \"you may\" (or choose otherwise) where the loop should stop, "
                "or resolve fewer times (resolve = N)",
            )  # fmt: skip
        if n == "all" and game.state.stack:
            top = game.state.stack[-1].name
            raise self.error(
                f"step {i + 1}: resolve = \"all\" stopped after {MAX_RESOLUTIONS} resolutions with "
                f"{len(game.state.stack)} object(s) still on the stack (the top one from {top}): "
                f"at most {MAX_RESOLUTIONS} stack objects resolve in one step. A loop of mandatory triggered "
                "abilities never ends; the rules make it a draw (CR 104.4b)", where,
                hint="a triggered ability that triggers itself again (\"whenever a creature enters, create a "
                "creature token\") loops for ever",
            )  # fmt: skip

    def _attack(self, game: Game, player: str, refs: Any, where: Location) -> None:
        """``attack = [REF, ...]``: ``player`` declares these attackers (508.1)."""
        if not isinstance(refs, list):
            raise self.error("attack = [REF, ...]: the creatures that attack (an empty list for none)", where)
        cands = [o for o in game.battlefield() if o.controller == player]
        ids = [self._obj_ref(game, r, cands, f"a creature {player} controls to attack with", where).id for r in refs]
        declare_attackers(game, player, ids)

    def _block(self, game: Game, player: str, table: Any, where: Location) -> None:
        """``block = { BLOCKER = ATTACKER, ... }``: ``player`` declares blockers
        (509.1); ``BLOCKER = [ATTACKER, ...]`` for a creature that blocks
        several attackers (509.1a)."""
        def refs(v: Any) -> bool:
            return isinstance(v, str) or isinstance(v, list) and bool(v) and all(isinstance(x, str) for x in v)

        if not isinstance(table, dict) or not all(refs(v) for v in table.values()):
            raise self.error('block = { "BLOCKER" = "ATTACKER", ... }: each blocker and the attacker it blocks '
                             '(or a list of the attackers it blocks)', where)  # fmt: skip
        mine = [o for o in game.battlefield() if o.controller == player]
        theirs = [o for o in game.battlefield() if o.controller != player]
        pairs = []
        for b, a in table.items():
            blocker = self._obj_ref(game, b, mine, f"a creature {player} controls to block with", where)
            for ref in [a] if isinstance(a, str) else a:
                attacker = self._obj_ref(game, ref, theirs, f"an attacking creature for {b} to block", where)
                pairs.append((blocker.id, attacker.id))
        declare_blockers(game, player, pairs)

    def _combat(self, game: Game, goal: Any, where: Location) -> None:
        """``combat = "damage"``: pass with an empty stack until combat damage is
        dealt (510.2); ``combat = "end"``: on to the second main phase (511)."""
        if goal not in ("damage", "end"):
            raise self.error('combat = "damage" (on through combat damage) or "end" (on to the second main phase)', where)
        if game.state.step not in COMBAT_STEPS:
            raise IllegalAction(f"it is the {game.state.step} step, not the combat phase: declare attackers first (508.1)")
        targets = ("combat_damage", "end_of_combat", "main2") if goal == "damage" else ("main2",)
        if game.state.step in targets:
            raise IllegalAction("combat damage has already been dealt in this combat (510)")
        if game.state.stack:
            raise IllegalAction("the stack isn't empty: resolve it before the combat goes on (117.4)")
        with game.transaction():  # refused as a whole: the game as it was before the step
            for _ in range(10):
                if game.state.step in targets:
                    return
                if game.state.stack:
                    game.say("  the stack isn't empty: resolve it, then go on with the combat (117.4)")
                    return
                pass_priority(game)
        raise RuntimeError("combat did not end")

    def _check_leftovers(self, chooser: Any, i: int, start: int, *, strict: bool) -> None:
        if not isinstance(chooser, ScriptedChooser) or not strict:
            return
        why = "; ".join(chooser.passed_over)
        if chooser.unused:
            raise self.error(f"step {i + 1}: {len(chooser.unused)} choice(s) were not used: {chooser.unused!r}"
                             + (f" ({why})" if why else ""), self.loc.key(start, "choices"))  # fmt: skip
        if chooser.targets:
            raise self.error(f"step {i + 1}: target(s) not used: {chooser.targets!r}" + (f" ({why})" if why else ""),
                             self.loc.key(start, "targets"))  # fmt: skip
        if chooser.modes is not None and not chooser.modes_used:
            raise self.error(f"step {i + 1}: modes = {chooser.modes!r} was not used: the spell cast is not modal",
                             self.loc.key(start, "modes"))  # fmt: skip

    # --- expectations --------------------------------------------------------------

    def check(self, game: Game, i: int, exp: dict[str, Any]) -> None:
        start = self.loc.header("expect", i)
        after = self.after.get(i)
        when = "" if after is None else f", after step {after}" if after else ", before the first step"
        where = f"{self.loc.loc(start)} (expect {i + 1}{when})"
        player = exp.get("player")
        if player is not None and player not in game.state.players:
            raise self.error(f"unknown player '{player}'", self.loc.key(start, "player"))
        for key, (read, say) in _PLAYER_NUMBERS.items():
            if key not in exp:
                continue
            if player is None:
                raise self.error(f"'{key}' needs 'player'", self.loc.key(start, key))
            found = read(game.player(player))
            if found != exp[key]:
                self.result.failures.append(Failure(where, f"{player} {say(exp[key])}", say(found).removeprefix("at ")
                                                    .removeprefix("with ")))  # fmt: skip
            return
        if "lost" in exp:
            if player is None:
                raise self.error("'lost' needs 'player'", self.loc.key(start, "lost"))
            if game.player(player).lost != exp["lost"]:
                said = "lost the game" if exp["lost"] else "still in the game"
                self.result.failures.append(Failure(where, f"{player} {said}",
                                                    game_over(game) or f"{player} has not lost"))  # fmt: skip
            return
        if "draw" in exp:
            is_draw = all(p.lost for p in game.state.players.values())
            if is_draw != exp["draw"]:
                self.result.failures.append(Failure(where, "the game a draw" if exp["draw"] else "no draw",
                                                    game_over(game) or "the game goes on"))  # fmt: skip
            return
        zone = exp.get("zone")
        if zone not in ZONE_NAMES:
            raise self.error(f"zone = {zone!r}: one of {', '.join(ZONE_NAMES)}", self.loc.key(start, "zone") if zone else self.loc.loc(start))
        if "cards" in exp:
            self._check_order(game, where, zone, player, exp["cards"])
            return
        objs = self._zone_objects(game, zone, player)
        ref = exp.get("card")
        if ref is not None:
            objs = self._ref_filter(game, ref, objs)
        props = {k: v for k, v in exp.items() if k not in ("player", "zone", "card", "count", "note")}
        fits = [o for o in objs if all(self._prop_ok(game, o, k, v) for k, v in props.items())]
        what = f"{player + ':' if player else ''}{zone}" + (f" {ref}" if ref else "") + (
            " with " + ", ".join(f"{k}={v!r}" for k, v in props.items()) if props else "")
        if "count" in exp:
            if len(fits) != exp["count"]:
                self.result.failures.append(Failure(
                    where, f"{exp['count']} × {what}", f"{len(fits)}: " + self._show(game, objs, zone, player)))
        elif not fits:
            self.result.failures.append(Failure(where, what, self._show(game, objs, zone, player)))

    def _check_order(self, game: Game, where: str, zone: str, player: str | None, refs: list[str]) -> None:
        """``cards = [...]``: the whole zone, in order, top first (the stack, or a library)."""
        objs = self._zone_objects(game, zone, player)
        if zone == "stack":
            objs.reverse()  # stack_views() is bottom first
        ok = len(objs) == len(refs) and all(self._ref_filter(game, r, [o]) for r, o in zip(refs, objs, strict=False))
        if not ok:
            what = f"{player + ':' if player else ''}{zone}, top first"
            self.result.failures.append(Failure(
                where, f"{what}: " + (", ".join(refs) or "nothing"),
                ", ".join(describe_obj(game, o) for o in objs) or "nothing",
            ))  # fmt: skip

    def _show(self, game: Game, objs: list[GameObject], zone: str, player: str | None) -> str:
        if not objs:
            everything = self._zone_objects(game, zone, player)
            return "nothing that fits in that zone (it holds: " + (", ".join(describe_obj(game, o) for o in everything) or "nothing") + ")"
        return ", ".join(describe_obj(game, o) for o in objs)

    def _zone_objects(self, game: Game, zone: str, player: str | None) -> list[GameObject]:
        if zone == "stack":
            return [o for o in stack_views(game) if player is None or o.controller == player]
        if zone == "battlefield":
            objs = game.zone_objects(zone)  # type: ignore[arg-type]
            return [o for o in objs if player is None or o.controller == player]
        out = []
        for p in game.state.players:
            if player is None or p == player:
                out.extend(game.zone_objects(zone, p))  # type: ignore[arg-type]
        return out

    def _ref_filter(self, game: Game, ref: str, objs: list[GameObject]) -> list[GameObject]:
        m = _REF.match(ref.strip())
        if not m:
            return []
        p, name, nth = m.group("player"), m.group("name"), m.group("nth")
        fits = sorted([o for o in objs if ref_matches_name(o, name) and (p is None or o.controller == p)],
                      key=lambda o: o.arrived)  # fmt: skip
        if nth is not None:
            k = _nth(nth)
            return fits[k - 1 : k] if k >= 1 else []
        return fits

    def _prop_ok(self, game: Game, o: GameObject, key: str, want: Any) -> bool:
        if key == "counters":
            return all(o.counters.get(k, 0) == v for k, v in want.items())
        if key in ("power", "toughness"):
            p, t = power_toughness(game, o)
            return (p if key == "power" else t) == want
        if key == "tapped":
            return o.tapped == want
        if key == "face_down":
            if isinstance(want, bool):
                return (o.face_down is not None) == want
            return o.face_down == want
        if key == "mana_value":
            return chars(o).mana_value == want
        if key == "colors":
            letters = {COLOR_LETTERS.get(str(c).lower(), str(c).upper()) for c in want}
            return set(chars(o).colors) == letters
        if key == "types":  # each named type, supertype or subtype (205), as the game sees it (613.1d)
            from cardtext.interpreter.characteristics import chars_in

            c = chars_in(game, o)
            has = {t.lower() for t in (*c.supertypes, *c.types, *c.subtypes)}
            return all(str(t).lower() in has for t in want)
        if key == "keywords":  # each named keyword ability, printed or given (702)
            from cardtext.interpreter.characteristics import keywords as keywords_of

            found = keywords_of(game, o)
            return all(str(k).lower() in found for k in want)
        if key == "kicked":
            n = len(game.linked(o.id).kicks)
            return (n > 0) == want if isinstance(want, bool) else n == want
        if key == "token":
            return o.token == want
        if key == "name":
            return chars(o).name == want
        if key == "damage":
            return o.damage == want
        if key == "attached_to":
            host = o.attached_to
            if want is False or host is None:
                return want is False and host is None
            if isinstance(host, str):  # a player
                return host == want
            fits = self._ref_filter(game, want, game.battlefield())
            return any(f.id == host for f in fits)
        raise ValueError(key)


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


def run_scenario_file(
    path: str | Path, *, quiet: bool = False, chooser: Any = None, name: str | None = None
) -> ScenarioResult:
    """Run one scenario file.  Raises :class:`ScenarioError` (or another
    :class:`~cardtext.grammar.errors.CardTextError`) for a scenario that is wrong.
    ``name`` is how the file is shown in results and messages (default: its path)."""
    from cardtext.library import os_reason

    p = Path(path)
    where = Location(name if name is not None else display_path(p), 1, 1)
    try:
        if p.is_dir():
            raise ScenarioError("can't read scenario: a folder", where)
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"can't read scenario: not UTF-8 text ({exc.reason} at byte {exc.start})", where) from None
    except OSError as exc:
        raise ScenarioError(f"can't read scenario: {os_reason(exc)}", where) from None
    runner = Runner(p, text, chooser, name=name)
    result = runner.run()
    if not quiet:
        for line in result.log:
            print(terminal_safe(line))
    return result


def scenario_files(paths: list[str]) -> list[Path]:
    """The files named, and the regular ``*.toml`` files in the folders named
    (not their subfolders).  A path that can't be read is kept: running it
    reports why."""
    from cardtext.library import PathError, find_files

    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if not p.is_dir():
            out.append(p)
            continue
        for item in find_files([p], ".toml", recursive=False):
            out.append(item.path if isinstance(item, PathError) else item)
    return out


# --------------------------------------------------------------------------
# Game states, to find a loop of mandatory actions (CR 104.4b)
# --------------------------------------------------------------------------


class _CountingChooser:
    """A chooser that counts the decisions put to it (a loop with a decision
    in it is not a loop of mandatory actions)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.asked = 0

    def choose(self, game: Game, decision: Decision) -> Any:
        self.asked += 1
        return self.inner.choose(game, decision)

    def offer(self, game: Game, decision: Decision, forced: Any) -> None:
        """A decision with one legal answer, not asked: a written answer for it may be used up."""
        offer = getattr(self.inner, "offer", None)
        if offer is not None:
            offer(game, decision, forced)


def fingerprint(game: Game) -> Hashable:
    """The game state, with object ids replaced by the order objects are met
    in (zones in a fixed order, each zone in its order): two states with the
    same fingerprint differ in nothing but the names of their objects, and
    play on the same way.  The log and timestamps are left out."""
    state = game.state
    ids: dict[tuple[int, int], int] = {}

    def ref(oid: Any) -> Any:
        if isinstance(oid, tuple) and len(oid) == 2 and oid in ids:
            return ("obj", ids[oid])
        return oid

    def deep(value: Any) -> Any:
        if isinstance(value, tuple | list):
            if len(value) == 2 and all(type(v) is int for v in value) and tuple(value) in ids:
                return ("obj", ids[(value[0], value[1])])
            return tuple(deep(v) for v in value)
        if isinstance(value, dict):
            return tuple(sorted((repr(deep(k)), deep(v)) for k, v in value.items()))
        try:
            hash(value)
        except TypeError:
            return repr(value)
        return value

    zones = sorted(state.zones)
    for key in zones:
        for cid in state.zones[key]:
            o = state.objects.get(cid)
            if o is not None:
                ids.setdefault(o.id, len(ids))
    for cid in sorted(state.objects):
        ids.setdefault(state.objects[cid].id, len(ids))
    objects = []
    for key in zones:
        for cid in state.zones[key]:
            o = state.objects.get(cid)
            if o is None:
                continue
            linked = state.linked.get(o.id)
            objects.append((
                key, o.card.name, o.owner, o.controller, o.tapped, tuple(sorted(o.counters.items())),
                o.damage, o.token, o.spell_copy, o.face_down, o.copy_of.name if o.copy_of else None,
                o.token_colors, o.sick, ref(o.attached_to), len(o.became), o.deathtouched, len(o.granted), o.face,
                None if linked is None else (
                    linked.kicks, linked.cast, linked.x, linked.mana_spent,
                    tuple((a, ref(x)) for a, x in linked.exiled), tuple((a, ref(x)) for a, x in linked.created),
                    deep(linked.chosen), deep(linked.paid),
                ),
            ))  # fmt: skip
    arrival = tuple(ids[o.id] for o in sorted(state.objects.values(), key=lambda o: (o.arrived, o.cid)))
    stack = tuple(
        (s.kind, s.controller, ref(s.source), s.ability, s.name, deep(s.targets), s.x, s.modes,
         s.trigger_amount, ref(s.trigger_object), s.trigger_player, s.condition is not None)
        for s in state.stack
    )  # fmt: skip
    players = tuple(
        (p.name, p.life, tuple(sorted(p.pool.items())), p.lost, p.poison, p.skip_turns, tuple(sorted(p.counters.items())))
        for p in state.players.values()
    )
    combat = None
    if state.combat is not None:
        c = state.combat
        combat = (deep(c.attackers), deep(c.blockers), tuple(sorted(ids.get(x, -1) for x in c.blocked)),
                  tuple(sorted(ids.get(x, -1) for x in c.struck_first)), c.blockers_declared)  # fmt: skip
    return (
        state.active, state.step, state.turn, players, tuple(objects), arrival, stack,
        tuple((ref(e.target), e.power, e.toughness, e.keywords) for e in state.eot),
        tuple((ref(a), ref(b), z) for a, b, z in state.until_leaves), len(state.pending),
        tuple(ref(x) for x in state.shields), combat,
    )


def bundled_name(path: Path) -> str:
    """How a bundled demo scenario is shown: ``cardtext/scenarios/NAME.toml``,
    its place in the package (and in a checkout, from the repository's root),
    never the path inside a virtual environment's site-packages."""
    return f"cardtext/scenarios/{display_path(path.name)}"


def summary_line(passed: int, failed: int, errors: int) -> str:
    """``12 passed, 1 failed, 2 errors``: the parts that aren't zero (``passed`` always)."""
    parts = [f"{passed} passed"]
    if failed:
        parts.append(f"{failed} failed")
    if errors:
        parts.append(f"{errors} error{'s' if errors != 1 else ''}")
    return ", ".join(parts)


def play_main(paths: list[str], quiet: bool, interactive: bool, *, out: Callable[[str], None] | None = None) -> int:
    """``cardtext play``: run scenarios; 0 all pass, 1 some failed, 2 bad input.
    With no paths, the bundled demo scenarios.  Each scenario's log (not with
    ``quiet``), then ``PASS``/``FAIL`` (only ``FAIL`` with ``quiet``) and what
    failed; errors on standard error; after several scenarios (or with
    ``quiet``), a summary line."""
    write = out or (lambda s: print(terminal_safe(s)))  # a scenario's text shown, never obeyed
    if paths:
        files = [(f, display_path(f)) for f in scenario_files(paths)]
    else:
        files = [(f, bundled_name(f)) for f in sorted(SCENARIOS.glob("*.toml"))]
    if not files:
        write("no scenarios to run")
        return 2
    status = 0
    passed = failed = errors = 0
    chooser = PersonChooser(read=read_terminal, write=write, show_log=not quiet, translate=translate_answer) if interactive else None
    for f, name in files:
        if chooser is not None:
            chooser.start()
        try:
            result = run_scenario_file(f, quiet=True, chooser=chooser, name=name)
        except InputEnded as exc:
            print(f"{name}: error: {exc}; no more scenarios are run", file=sys.stderr)
            return 2
        except LocatedError as exc:
            if not quiet:  # the game up to the error (a scenario that stops half-way)
                log = getattr(exc, "log", [])
                for line in log[chooser.log_printed(log) if chooser is not None else 0 :]:
                    write(line)
            print(terminal_safe(exc.format()), file=sys.stderr)
            status, errors = 2, errors + 1
            continue
        except CardTextError as exc:
            print(terminal_safe(f"{name}: error: {exc}"), file=sys.stderr)
            status, errors = 2, errors + 1
            continue
        for warning in result.warnings:
            print(terminal_safe(warning), file=sys.stderr)
        if not quiet:
            for line in result.log[chooser.log_printed(result.log) if chooser is not None else 0 :]:
                write(line)
        if result.ok:
            passed += 1
        else:
            failed += 1
        if not result.ok or not quiet:
            head = "PASS" if result.ok else "FAIL"
            write(f"{head} {name}" + (f" — {result.description}" if result.description else ""))
        for failure in result.failures:
            write(f"  {failure}")
        if not result.ok and status == 0:
            status = 1
    if len(files) > 1 or quiet:
        write(summary_line(passed, failed, errors))
    return status


__all__ = [
    "Failure", "InputEnded", "Locator", "MAX_RESOLUTIONS", "ScenarioError", "ScenarioResult", "fingerprint",
    "play_main", "resolve_ref", "run_scenario_file", "scenario_files",
]  # fmt: skip
