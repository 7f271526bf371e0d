"""Scenario files, before a game starts: where each key is written, and what
each key's value must be.

:mod:`tomllib` keeps no positions, so :class:`Locator` finds them in the
text: it indexes the table headers once (``[players.A]``, the n-th
``[[steps]]``), so that finding a step's place costs the same in a
10,000-step file as in a short one, and then looks for a key or a value
only inside its own section.  Lines are counted as editors and TOML count
them: ``\\n`` (or ``\\r\\n``) ends a line; U+2028 or a form feed does not.

:func:`validate` checks every key of a scenario against :data:`SCENARIO`
before the game starts: an unknown key, or a value of the wrong type — text
where a number goes (``life = "yes"``), a number that isn't whole
(``life = 1.9``), a string where a list goes (``rules = "K1"``,
``library = "Forest"``), ``tapped = "no"`` — is a :class:`ScenarioError`
at the place it is written; nothing is coerced.  Whole numbers are 64-bit
(as TOML says they are); numbers of times (``kick``, ``x``) and stack
objects to resolve (``resolve``) have smaller limits, so that a typing slip
can't make a step run for hours.
"""

from __future__ import annotations

import bisect
import difflib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtext.grammar.errors import Location

from .console import ReadableError

MAX_RESOLUTIONS = 100
"""At most this many stack objects resolve in one step (``resolve = "all"`` or
``resolve = N``).  A loop of mandatory triggered abilities never empties the
stack; the rules make such a game a draw (CR 104.4b), and the scenario stops
with an error at this limit (or sooner, where the game repeats a state)."""

MAX_TIMES = 1000
"""The largest ``kick`` (times a multikicker is paid) and ``x`` a step may give."""

INT64 = (-(2**63), 2**63 - 1)  # TOML: "64 bit (signed long) range expected"

ZONE_NAMES = ("battlefield", "hand", "library", "graveyard", "exile", "stack")
PLAYER_ZONES = ("library", "hand", "battlefield", "graveyard", "exile")
ACTION_KEYS = ("cast", "activate", "turn_face_up", "unlock", "plot", "suspend", "resolve", "pass", "attack", "block",
               "combat")
ORDERED_ZONES = ("stack", "library")
"""The zones an expectation's ``cards = [...]`` lists in order, top first."""
FACE_DOWN_WAYS = ("manifested", "manifested dread", "cloaked", "morph", "disguised")


class ScenarioError(ReadableError):
    """A scenario file that is wrong (not a game that went differently).

    ``notes`` are what went wrong in the game before it (a refused step, a
    failed checkpoint), shown after the error: the error may well be their
    consequence."""

    notes: list[str]

    def format(self) -> str:
        text = super().format()
        for note in getattr(self, "notes", []):
            text += "\n  earlier: " + note
        return text


# --------------------------------------------------------------------------
# Finding places in the TOML text
# --------------------------------------------------------------------------

def _header_name(raw: str) -> str:
    """``players . "A"`` → ``players.A``."""
    return ".".join(part.strip().strip("\"'") for part in raw.split("."))


def header_of(line: str) -> str | None:
    """The table name of a ``[name]`` or ``[[name]]`` line (a comment may
    follow), or None.  String operations only: a regular expression with
    nested repetition would backtrack for minutes on a line of spaces."""
    text = line.strip()
    if not text.startswith("["):
        return None
    double = text.startswith("[[")
    opening, closing = ("[[", "]]") if double else ("[", "]")
    end = text.find(closing, len(opening))
    if end < 0:
        return None
    rest = text[end + len(closing) :].lstrip()
    if rest and not rest.startswith("#"):
        return None
    return _header_name(text[len(opening) : end])


def split_lines(text: str) -> list[str]:
    """Lines as TOML (and editors) count them: split at ``\\n``, a ``\\r`` before it dropped."""
    return [ln.removesuffix("\r") for ln in text.split("\n")]


class Locator:
    """Places in a scenario's text, from an index of its table headers built once."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = split_lines(text)
        self.headers: dict[str, list[int]] = {}
        self.header_lines: list[int] = []
        for number, line in enumerate(self.lines, start=1):
            name = header_of(line) if line.lstrip().startswith("[") else None
            if name is not None:
                self.headers.setdefault(name, []).append(number)
                self.header_lines.append(number)

    def loc(self, line: int, column: int = 1) -> Location:
        src = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Location(self.path, line, column, src)

    def header(self, name: str, nth: int = 0) -> int:
        """Line of the ``nth`` ``[[name]]`` (or ``[name]``) header, 1-based; 1 if not found."""
        found = self.headers.get(name, [])
        return found[nth] if 0 <= nth < len(found) else 1

    def has_header(self, name: str, nth: int = 0) -> bool:
        return 0 <= nth < len(self.headers.get(name, []))

    def _section(self, start: int) -> range:
        """The 1-based line numbers of the section that starts at line ``start``
        (the top-level section, before any header, when ``start`` is 1)."""
        after = bisect.bisect_right(self.header_lines, start)
        end = self.header_lines[after] if after < len(self.header_lines) else len(self.lines) + 1
        return range(max(start, 1), end)

    def _find_key(self, key: str, lines: range, column: int = 1) -> Location | None:
        quoted = rf"(?:\"{re.escape(key)}\"|'{re.escape(key)}'|{re.escape(key)})"
        # The key first, then the spaces before '=': linear in the line (no
        # leading \s* tried again from every position of a run of spaces).
        pattern = re.compile(rf"(?:^|(?<=[{{,\s]))({quoted})[ \t]*=")
        for number in lines:
            line = self.lines[number - 1]
            m = pattern.search(line, column - 1 if number == lines.start else 0)
            if m:
                return self.loc(number, m.start(1) + 1)
        return None

    def key(self, start: int, key: str) -> Location:
        """Where ``key =`` is written in the section starting at line ``start``."""
        return self._find_key(key, self._section(start)) or self.loc(start)

    def value(self, start: int, text: str) -> Location:
        """Where the string ``"text"`` is written in the section starting at ``start``."""
        for needle in (json.dumps(text, ensure_ascii=False), f'"{text}"', f"'{text}'"):
            for number in self._section(start):
                col = self.lines[number - 1].find(needle)
                if col >= 0:
                    return self.loc(number, col + 1)
        return self.loc(start)

    def top_key(self, key: str) -> Location:
        return self.key(1, key)

    def locate(self, path: tuple[str | int, ...], value: Any = None) -> Location:
        """Where the value at ``path`` (keys and list indices from the top) is
        written: its table's header, then each key in turn inside that
        section, then the value itself where it can be found after its key."""
        start, rest = 1, path
        for k in range(len(path), 0, -1):  # the longest start of the path that has a header
            head, nth = path[:k], 0
            last = head[-1]
            if isinstance(last, int):
                head, nth = head[:-1], last
            if head and all(isinstance(p, str) for p in head):
                name = ".".join(str(p) for p in head)
                if self.has_header(name, nth):
                    start, rest = self.header(name, nth), path[k:]
                    break
        section = self._section(start)
        here = self.loc(start)
        for part in rest:
            if not isinstance(part, str):
                continue
            found = self._find_key(part, range(here.line, section.stop), here.column)
            if found is None:
                break
            here = found
        literal = _literal(value)
        if literal is not None and here.line in section:
            for number in range(here.line, section.stop):
                line = self.lines[number - 1]
                col = line.find(literal, here.column - 1 if number == here.line else 0)
                if col >= 0:
                    return self.loc(number, col + 1)
        return here


def _literal(value: Any) -> str | None:
    """How a scalar is most likely written in TOML, to find it in the text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return None


# --------------------------------------------------------------------------
# Shapes: what a value must be
# --------------------------------------------------------------------------

Path = tuple[str | int, ...]


class Invalid(Exception):
    """A value that doesn't fit its shape (turned into a located :class:`ScenarioError`).

    ``style`` says what :func:`validate` puts before the message: ``"value"``
    the key and the value (``players.A: life = "yes": ...``), ``"section"``
    only the step or expectation (``step 2: ...``), ``"plain"`` nothing."""

    def __init__(self, path: Path, value: Any, message: str, hint: str = "", style: str = "value") -> None:
        super().__init__(message)
        self.path = path
        self.value = value
        self.message = message
        self.hint = hint
        self.style = style


def shown(value: Any, depth: int = 0) -> str:
    """A value as TOML would write it, cut short: ``"yes"``, ``1.9``, ``[1, ...]``."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(value if len(value) <= 40 else value[:40] + "…", ensure_ascii=False)
    elif isinstance(value, float):
        text = repr(value)  # 1.9, inf, nan
    elif isinstance(value, int):
        digits = str(value)
        text = digits if len(digits) <= 30 else f"{digits[:20]}… ({len(digits)} digits)"
    elif isinstance(value, list):
        text = "[...]" if depth > 1 or len(value) > 6 else "[" + ", ".join(shown(v, depth + 1) for v in value) + "]"
    elif isinstance(value, dict):
        items = list(value.items())
        text = "{...}" if depth > 1 or len(items) > 4 else (
            "{ " + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {shown(v, depth + 1)}" for k, v in items) + " }"
            if items else "{}"
        )  # fmt: skip
    else:  # dates and times
        text = str(value)
    return text if len(text) <= 80 else text[:79] + "…"


def kind_of(value: Any) -> str:
    """A TOML value's kind in words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return "a date or time"


@dataclass(frozen=True)
class Shape:
    """What a value must be, in words (``what``), and how to check it."""

    what: str

    def fits(self, value: Any) -> bool:
        """Whether the value is of this shape's kind at all (for :class:`OneOf`)."""
        raise NotImplementedError

    def check(self, value: Any, path: Path) -> None:
        if not self.fits(value):
            raise Invalid(path, value, f"expected {self.what}, found {kind_of(value)}")


@dataclass(frozen=True)
class Text(Shape):
    what: str = "text (in quotes)"
    choices: tuple[str, ...] = ()

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)

    def check(self, value: Any, path: Path) -> None:
        super().check(value, path)
        if self.choices and value not in self.choices:
            close = difflib.get_close_matches(value, self.choices, n=1)
            raise Invalid(path, value, "expected " + _or([json.dumps(c) for c in self.choices]),
                          hint=f"did you mean {json.dumps(close[0])}?" if close else "")  # fmt: skip


@dataclass(frozen=True)
class Whole(Shape):
    what: str = "a whole number"
    low: int = INT64[0]
    high: int = INT64[1]
    why: str = ""

    def fits(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def check(self, value: Any, path: Path) -> None:
        super().check(value, path)
        if not self.low <= value <= self.high:
            if self.high == INT64[1]:
                bounds = f"at least {self.low}" if self.low > INT64[0] else "a 64-bit whole number"
            else:
                bounds = f"from {self.low} to {self.high}"
            raise Invalid(path, value, f"expected {bounds}" + (f" ({self.why})" if self.why else ""))


@dataclass(frozen=True)
class Flag(Shape):
    what: str = "true or false"

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True)
class Exactly(Shape):
    """One value only (``pass = true``)."""

    value: Any = True

    def fits(self, value: Any) -> bool:
        return type(value) is type(self.value)

    def check(self, value: Any, path: Path) -> None:
        if not self.fits(value) or value != self.value:
            raise Invalid(path, value, f"expected {self.what}")


@dataclass(frozen=True)
class ListOf(Shape):
    item: Shape = field(default_factory=Text)

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)

    def check(self, value: Any, path: Path) -> None:
        super().check(value, path)
        for i, v in enumerate(value):
            self.item.check(v, (*path, i))


@dataclass(frozen=True)
class TableOf(Shape):
    """A table with any keys (card names, counter kinds), each value of one shape."""

    item: Shape = field(default_factory=Text)

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)

    def check(self, value: Any, path: Path) -> None:
        super().check(value, path)
        for k, v in value.items():
            self.item.check(v, (*path, k))


@dataclass(frozen=True)
class Table(Shape):
    """A table with known keys; ``name`` says which in messages ("step 3")."""

    keys: Mapping[str, Shape] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    name: Callable[[Path], str] = field(default=lambda path: "the table")
    unknown: str = "unknown key '{key}' in {name}"

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)

    def check(self, value: Any, path: Path) -> None:
        super().check(value, path)
        for k in value:
            if k not in self.keys:
                close = difflib.get_close_matches(k, sorted(self.keys), n=1)
                raise Invalid((*path, k), None, self.unknown.format(key=k, name=self.name(path)),
                              hint=f"did you mean '{close[0]}'?" if close else "", style="plain")  # fmt: skip
        for k in self.required:
            if k not in value:
                raise Invalid(path, None, f"{self.name(path)} needs '{k}'", style="plain")
        for k, v in value.items():
            self.keys[k].check(v, (*path, k))


@dataclass(frozen=True)
class OneOf(Shape):
    """Any of several shapes: the first whose kind fits checks the value."""

    options: tuple[Shape, ...] = ()

    def fits(self, value: Any) -> bool:
        return any(o.fits(value) for o in self.options)

    def check(self, value: Any, path: Path) -> None:
        for option in self.options:
            if option.fits(value):
                option.check(value, path)
                return
        raise Invalid(path, value, f"expected {self.what}, found {kind_of(value)}")


@dataclass(frozen=True)
class Custom(Shape):
    """A shape whose wrong values get a message of its own."""

    inner: Shape = field(default_factory=Text)
    message: Callable[[Any], str] = field(default=lambda value: "")

    def fits(self, value: Any) -> bool:
        return self.inner.fits(value)

    def check(self, value: Any, path: Path) -> None:
        try:
            self.inner.check(value, path)
        except Invalid as exc:
            raise Invalid(exc.path, exc.value, self.message(exc.value), exc.hint, style="section") from None


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# --------------------------------------------------------------------------
# The scenario format (docs/scenarios.md)
# --------------------------------------------------------------------------

REF = Text("a reference (a card name, 'B:Name', 'Name#2', 'face-down', or a player 'A' or 'B')")
REFS = ListOf("a list of references", REF)
PLAYER = Text("a player", choices=("A", "B"))
COUNT = Whole("a whole number, 0 or more", low=0)
COUNTERS = TableOf('a table of counters, like { "+1/+1" = 2 }', COUNT)
FACE_DOWN = OneOf("true, false or how it became face down", (Flag(), Text(choices=FACE_DOWN_WAYS)))
MODE = Custom(
    "a mode number",
    Whole("a mode number", low=1),
    lambda v: f"modes: {shown(v) if not isinstance(v, str) else repr(v)} is not a mode number "
    "(modes are numbered from 1, in printed order)",
)
ANSWER_ITEM = OneOf("a reference, a word or a number", (Text(), Whole()))
ANSWER = OneOf(
    "an answer: true/false, a reference or word, a number, a list, or a table of amounts",
    (Flag(), Text(), Whole(), ListOf("a list of answers", ANSWER_ITEM), TableOf("a table of amounts", COUNT)),
)

ENTRY = OneOf(
    "a card name or a table like { card = \"Grizzly Bears\", tapped = true }",
    (
        Text(),
        Table(
            "a table with 'card'",
            {"card": Text("a card name"), "tapped": Flag(), "counters": COUNTERS, "face_down": FACE_DOWN},
            required=("card",),
            name=lambda path: f"a {path[2]} entry",
        ),
    ),
)
PLAYER_TABLE = Table(
    "a table",
    {"life": Whole("a whole number of life points"),
     "poison": Whole("a whole number of poison counters", low=0),
     "energy": Whole("a whole number of energy counters", low=0),
     "speed": Whole("a speed from 1 to 4", low=1, high=4),
     **{zone: ListOf("a list of card names (or tables with 'card')", ENTRY) for zone in PLAYER_ZONES}},
    name=lambda path: f"players.{path[-1]}",
)  # fmt: skip
PLAYERS = Table(
    "a table of players ([players.A], [players.B])",
    {"A": PLAYER_TABLE, "B": PLAYER_TABLE},
    unknown="unknown player '{key}' (players are A and B)",
)

STEP = Table(
    "a step ([[steps]])",
    {
        "player": PLAYER,
        "cast": REF,
        "from": Text(choices=("hand", "graveyard", "exile", "library")),
        "face": Text("the name of the face to cast"),
        "kick": OneOf(
            "true/false, a number of times or a list of kicker costs",
            (Flag(), Whole(low=0, high=MAX_TIMES, why="times a kicker is paid"), ListOf("a list of kicker costs", Text())),
        ),
        "x": Whole(low=0, high=MAX_TIMES, why="the value of X"),
        "targets": ListOf("a list of targets", OneOf("a reference or a list of references", (REF, REFS))),
        "choices": ListOf("a list of answers, one per decision", ANSWER),
        "activate": REF,
        "ability": Whole(low=1, why="activated abilities are counted from 1"),
        "turn_face_up": REF,
        "unlock": REF,
        "door": Text("the name of the door to unlock"),
        "plot": REF,
        "suspend": REF,
        "cost": Text(choices=("mana", "morph", "megamorph", "disguise")),
        "resolve": OneOf(
            "\"all\" or a number of stack objects",
            (Text(choices=("all",)), Whole(low=1, high=MAX_RESOLUTIONS, why="stack objects resolved in one step")),
        ),
        "pass": Exactly("true", True),
        "error": Text("the text the refusal must contain"),
        "pay": REFS,
        "note": Text(),
        "face_down": Custom("true", Flag(), lambda v: "face_down = true goes on a cast step: cast the card face down with morph"),
        "modes": OneOf("a list of mode numbers", (ListOf("a list of mode numbers", MODE), MODE)),
        "attack": REFS,
        "block": TableOf('a table { "BLOCKER" = "ATTACKER", ... } (or a list of attackers)',
                         OneOf("a reference or a list of references", (REF, REFS))),
        "combat": Text(choices=("damage", "end")),
    },
    name=lambda path: f"step {int(path[-1]) + 1}",
)  # fmt: skip

ATTACHED = "a reference (what it is attached to) or false (attached to nothing)"
EXPECT = Table(
    "an expectation ([[expect]])",
    {
        "player": PLAYER,
        "zone": Text(choices=ZONE_NAMES),
        "card": REF,
        "count": COUNT,
        "counters": COUNTERS,
        "power": Whole(),
        "toughness": Whole(),
        "tapped": Flag(),
        "face_down": OneOf("true, false or how it became face down", (Flag(), Text(choices=(*FACE_DOWN_WAYS, "exiled")))),
        "mana_value": COUNT,
        "colors": ListOf("a list of colors", Text()),
        "types": ListOf("a list of types, supertypes and subtypes", Text()),
        "keywords": ListOf("a list of keywords", Text()),
        "kicked": OneOf("true/false or a number of times", (Flag(), COUNT)),
        "token": Flag(),
        "name": Text(),
        "life": Whole(),
        "poison": COUNT,
        "energy": COUNT,
        "speed": Whole("a speed from 0 (none) to 4", low=0, high=4),
        "lost": Flag(),
        "draw": Flag(),
        "damage": COUNT,
        "attached_to": OneOf(ATTACHED, (REF, Exactly(ATTACHED, False))),
        "cards": ListOf("a list of references, top first", REF),
        "note": Text(),
    },
    name=lambda path: f"expectation {int(path[-1]) + 1}",
)  # fmt: skip

SCENARIO = Table(
    "a scenario",
    {
        "description": Text(),
        "rules": ListOf("a list of rule ids, like [\"K1\", \"M3\"]", Text()),
        "cards": ListOf("a list of card files or folders", Text()),
        "seed": Whole(),
        "players": PLAYERS,
        "steps": ListOf("an array of tables ([[steps]])", STEP),
        "expect": ListOf("an array of tables ([[expect]])", EXPECT),
    },
    name=lambda path: "the scenario",
)
"""Every key of a scenario file and the shape of its value (docs/scenarios.md)."""


def _structure(data: dict[str, Any]) -> None:
    """What the shapes alone don't say: one action a step, keys that go with one action."""
    for i, step in enumerate(data.get("steps", [])):
        path: Path = ("steps", i)
        actions = [k for k in ACTION_KEYS if k in step]
        if len(actions) != 1:
            raise Invalid(path, None, f"step {i + 1} must have exactly one of {', '.join(ACTION_KEYS)}"
                          + (f" (it has {', '.join(actions)})" if actions else ""), style="plain")  # fmt: skip
        if "face_down" in step and actions[0] != "cast":
            raise Invalid((*path, "face_down"), None,
                          "face_down = true goes on a cast step: cast the card face down with morph", style="section")  # fmt: skip
        for key in ("face", "from"):
            if key in step and actions[0] != "cast":
                raise Invalid((*path, key), None, f"{key} = ... goes on a cast step: "
                              + ("the face of a multi-face card to cast (709.3, 715.3, 712.11)" if key == "face"
                                 else "the zone the card is cast from (601.3)"), style="section")  # fmt: skip
        if "modes" in step and actions[0] != "cast":
            raise Invalid((*path, "modes"), None, "modes = [...] goes on a cast step: the modes of the modal spell cast "
                          "(601.2b); a triggered ability's modes are answered in 'choices'", style="section")  # fmt: skip
    for i, exp in enumerate(data.get("expect", [])):
        path = ("expect", i)
        if "life" in exp or "lost" in exp or "poison" in exp or "energy" in exp or "speed" in exp:
            key = next(k for k in ("life", "poison", "energy", "lost", "speed") if k in exp)
            if "player" not in exp:
                raise Invalid((*path, key), None, f"'{key}' needs 'player'", style="section")
        elif "draw" in exp:
            pass  # the game as a whole (104.4a)
        elif "zone" not in exp:
            raise Invalid(path, None, f"needs 'zone' (one of {', '.join(ZONE_NAMES)}), 'life', 'poison', 'energy', 'speed', 'lost' or 'draw'",
                          style="section")  # fmt: skip
        if "cards" in exp:
            if exp.get("zone") not in ORDERED_ZONES:
                raise Invalid((*path, "cards"), None, "cards = [...] lists a zone in order, top first: it goes with "
                              'zone = "stack" or zone = "library" (with player)', style="section")  # fmt: skip
            if exp.get("zone") == "library" and "player" not in exp:
                raise Invalid((*path, "cards"), None, "cards = [...] with zone = \"library\" needs 'player' (whose library)",
                              style="section")  # fmt: skip
            others = [k for k in exp if k not in ("player", "zone", "cards", "note")]
            if others:
                raise Invalid((*path, others[0]), None, f"'{others[0]}' doesn't go with cards = [...], which lists "
                              "the whole zone in order (write another [[expect]] for it)", style="section")  # fmt: skip


def _section_words(path: Path) -> str:
    """The step, expectation or player a path is in: ``step 3``, ``players.A``; or ""."""
    if len(path) >= 2 and path[0] in ("steps", "expect") and isinstance(path[1], int):
        return ("step " if path[0] == "steps" else "expectation ") + str(path[1] + 1)
    if len(path) >= 3 and path[0] == "players":
        return f"players.{path[1]}"
    return ""


def path_words(path: Path) -> str:
    """``("steps", 2, "targets", 1)`` → ``step 3: targets item 2``;
    ``("players", "A", "battlefield", 1, "counters")`` → ``players.A: battlefield item 2, counters``."""
    section = _section_words(path)
    rest = path[2:] if section else path
    keys = ""
    after_item = False
    for part in rest:
        if isinstance(part, int):
            keys += f" item {part + 1}" if keys else f"item {part + 1}"
        else:
            word = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else json.dumps(part, ensure_ascii=False)
            keys += (", " if after_item else "." if keys else "") + word
        after_item = isinstance(part, int)
    return f"{section}: {keys}" if section and keys else section or keys


def validate(data: dict[str, Any], locator: Locator) -> None:
    """Check a whole scenario (from :func:`tomllib.loads`) before the game
    starts; the first wrong key or value raises a located :class:`ScenarioError`."""
    try:
        SCENARIO.check(data, ())
        _structure(data)
    except Invalid as exc:
        where = locator.locate(exc.path, exc.value)
        message = exc.message
        if exc.style == "value":
            message = f"{path_words(exc.path)} = {shown(exc.value)}: {message}"
        elif exc.style == "section" and _section_words(exc.path):
            message = f"{_section_words(exc.path)}: {message}"
        raise ScenarioError(message, where, hint=exc.hint) from None


__all__ = [
    "ACTION_KEYS", "FACE_DOWN_WAYS", "Locator", "MAX_RESOLUTIONS", "MAX_TIMES", "PLAYER_ZONES",
    "SCENARIO", "ScenarioError", "ZONE_NAMES", "path_words", "shown", "split_lines", "validate",
]  # fmt: skip
