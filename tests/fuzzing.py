"""Mutations of real inputs, for the fuzz tests and ``benchmarks/fuzz.py``.

Every mutator takes a :class:`random.Random`, so the same code serves two
drivers: Hypothesis (``st.randoms()`` draws the generator, so a failing
example shrinks and replays) and the timed fuzz run (a seeded generator).

* :func:`mutate_scenario` changes a scenario's data (from :mod:`tomllib`):
  a value replaced by one of another type, a key dropped or invented, a
  value wrapped in lists or tables many levels deep, text with odd Unicode;
  :func:`dump_toml` writes it back as TOML text.
* :func:`mutate_text` changes text: words dropped, swapped or repeated, a
  run of digits or of blanks, odd characters, brackets opened and never closed.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = ROOT / "tests" / "scenarios"
CARDS_DIR = ROOT / "tests" / "cards"
CORPUS = ROOT / "benchmarks" / "data" / "cards.jsonl"

MAX_INPUT = 30_000
"""Inputs are cut to this many characters (:func:`capped`): the fuzzers look
for hostile structure, not size.  Size has tests of its own (10,000 steps,
runs of 200,000 blanks); a mutation that doubles a line fifty times, again
and again, would otherwise make inputs of megabytes whose parsing alone (by
:mod:`tomllib`, pure Python) takes seconds."""

# Characters that broke (or could break) a reader: NUL and other controls,
# no-break and zero-width spaces, a byte-order mark, line and paragraph
# separators, look-alike dashes and quotes, private-use, astral, combining.
ODD = (
    "\x00", "\x01", "\x1b", "\x7f", "\t", "\r", "\x0c", "\x85", "\u00a0", "\u200b", "\u200d",
    "\ufeff", "\u2028", "\u2029", "\u2013", "\u2014", "\u2212", "\u2019", "\u201c", "\ue000",
    "\U0001f525", "\u0301", "\u202e", "\ufffd", "{", "}", "(", ")", "[", "]", "\"", "'", "\\",
    "#", "=", ",", ".", ":", "/", "-", "+", "*", "X", "•",
)  # fmt: skip


# --------------------------------------------------------------------------
# TOML text from data (tomllib reads only)
# --------------------------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_string(key)


def toml_value(value: Any) -> str:
    """One value, inline (tables as ``{ k = v }``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value == value and abs(value) != float("inf") else ("nan" if value != value else ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    return toml_string(str(value))


def dump_toml(data: dict[str, Any]) -> str:
    """A scenario's data as TOML text laid out as people write scenarios:
    top-level values first, then ``[players.A]`` tables, then ``[[steps]]``
    and ``[[expect]]`` arrays of tables."""
    lines: list[str] = []
    later: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            for sub, table in value.items():
                later.append(f"\n[{toml_key(key)}.{toml_key(sub)}]")
                later.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items())
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for table in value:
                later.append(f"\n[[{toml_key(key)}]]")
                later.extend(f"{toml_key(k)} = {toml_value(v)}" for k, v in table.items())
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines + later) + "\n"


# --------------------------------------------------------------------------
# Random values and mutations
# --------------------------------------------------------------------------


def odd_text(rng: random.Random, base: str = "") -> str:
    """Text with odd characters in it (or ``base`` with some put in)."""
    chars = list(base) or [rng.choice("Grizzly Bears Forest A B")]
    for _ in range(rng.randint(1, 4)):
        chars.insert(rng.randint(0, len(chars)), rng.choice(ODD))
    return "".join(chars)


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """Any TOML value: scalars of every type, lists and tables, sometimes deep."""
    roll = rng.random()
    if depth > 3 or roll < 0.55:
        return rng.choice([
            lambda: rng.choice([True, False]),
            lambda: rng.choice([0, 1, -1, 2, 3, 100, 1000, 1001, 10**9, 2**63 - 1, -(2**63)]),
            lambda: rng.choice([0.5, 1.9, -0.0, 2.0, float("inf"), float("nan")]),
            lambda: rng.choice(["", "all", "yes", "no", "A", "B", "C", "Forest", "Grizzly Bears", "K1", "{1}{G}", "face-down", "damage", "end"]),
            lambda: odd_text(rng),
            lambda: "Forest#" + "9" * rng.randint(1, 60),
        ])()  # fmt: skip
    if roll < 0.75:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if roll < 0.9:
        keys = ["card", "tapped", "counters", "+1/+1", "A", "B", "x", odd_text(rng)]
        return {rng.choice(keys): random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    nested: Any = random_value(rng, 4)
    for _ in range(rng.randint(5, 60)):  # deep nesting
        nested = [nested] if rng.random() < 0.5 else {"k": nested}
    return nested


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in the data (keys and list indices)."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_paths(v, (*prefix, i)))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


LOOKALIKES = {"o": "\u043e", "a": "\u0430", "e": "\u0435", "i": "\u0456", "c": "\u0441", "p": "\u0440"}
"""Latin letters and the Cyrillic letters that look like them."""


def lose_a_player(rng: random.Random, data: dict[str, Any]) -> bool:
    """A player of the scenario set up as having lost, or about to (704.5a–c):
    life 0 or below, 10 poison counters, or an empty library.  The steps after
    it are what the fuzz run then tries.  False if the scenario has no players."""
    players = data.get("players")
    if not isinstance(players, dict) or not players:
        return False
    name = rng.choice(sorted(players))
    if not isinstance(players[name], dict):
        return False
    how = rng.random()
    if how < 0.5:
        players[name]["life"] = rng.choice([0, -1, -(2**40)])
    elif how < 0.75:
        players[name]["poison"] = 10
    else:
        players[name]["library"] = []
    return True


def rename_a_card(rng: random.Random, data: dict[str, Any]) -> bool:
    """A card name of the scenario (in a zone or a step) changed the way names
    go wrong: a look-alike letter, a control or format character, other case,
    blanks around it, a name cut short.  False if there is none."""
    names = [p for p in _paths(data) if isinstance(_parent(data, p)[p[-1]], str)
             and _parent(data, p)[p[-1]][:1].isupper() and p[0] in ("players", "steps")]  # fmt: skip
    if not names:
        return False
    path = rng.choice(names)
    parent = _parent(data, path)
    name: str = parent[path[-1]]
    how = rng.random()
    if how < 0.3:
        at = [i for i, ch in enumerate(name) if ch in LOOKALIKES]
        if at:
            i = rng.choice(at)
            name = name[:i] + LOOKALIKES[name[i]] + name[i + 1 :]
    elif how < 0.55:
        i = rng.randint(0, len(name))
        name = name[:i] + rng.choice(["\u202e", "\x00", "\x1b[2J", "\u200b", "\ufeff", "\u0301"]) + name[i:]
    elif how < 0.7:
        name = rng.choice([name.upper(), name.lower(), name.swapcase()])
    elif how < 0.85:
        name = rng.choice([" ", "\t", "  "]) + name + rng.choice(["", " ", "\n"])
    else:
        name = name[: rng.randint(0, max(0, len(name) - 1))]
    parent[path[-1]] = name
    return True


def mutate_scenario(rng: random.Random, data: dict[str, Any], rounds: int = 3) -> dict[str, Any]:
    """A changed deep copy of a scenario's data: values, keys and nesting, a
    player who has lost before the steps (:func:`lose_a_player`), a card
    name gone wrong (:func:`rename_a_card`)."""
    data = json.loads(json.dumps(data))  # a deep copy (scenario data is JSON-like)
    for _ in range(rng.randint(1, rounds)):
        roll = rng.random()
        if roll < 0.1 and lose_a_player(rng, data):
            continue
        if roll < 0.25 and rename_a_card(rng, data):
            continue
        paths = _paths(data)
        if not paths:
            data["steps"] = random_value(rng)
            continue
        path = rng.choice(paths)
        parent = _parent(data, path)
        key = path[-1]
        what = rng.random()
        if what < 0.45:
            parent[key] = random_value(rng)
        elif what < 0.55 and isinstance(parent, dict):
            del parent[key]
        elif what < 0.6 and isinstance(parent, list):
            parent.pop(key)
        elif what < 0.7 and isinstance(parent, dict):
            parent[odd_text(rng, str(key))] = random_value(rng)
        elif what < 0.8:
            value = parent[key]
            for _ in range(rng.randint(1, 40)):
                value = [value]
            parent[key] = value
        elif what < 0.9 and isinstance(parent[key], str):
            parent[key] = mutate_text(rng, parent[key])
        elif isinstance(parent, list):
            parent.extend(parent[key] for _ in range(rng.randint(1, 5)))
        else:
            parent[key] = str(parent[key])
    return data


def mutate_text(rng: random.Random, text: str, rounds: int = 3) -> str:
    """Text with words dropped, swapped or repeated, digit runs, odd characters,
    brackets left open, long runs of blanks, lines doubled or cut."""
    for _ in range(rng.randint(1, rounds)):
        words = re.split(r"(\s+)", text)
        what = rng.random()
        if what < 0.15 and len(words) > 2:
            i = rng.randrange(0, len(words), 2)
            del words[i]
            text = "".join(words)
        elif what < 0.3 and len(words) > 3:
            i, j = rng.randrange(0, len(words), 2), rng.randrange(0, len(words), 2)
            words[i], words[j] = words[j], words[i]
            text = "".join(words)
        elif what < 0.4 and words:
            i = rng.randrange(0, len(words), 2)
            words.insert(i, words[i] + " ")
            text = "".join(words)
        elif what < 0.55:
            at = rng.randint(0, len(text))
            run = "9" * rng.choice([3, 25, 40, 400, 5000])
            text = text[:at] + run + rng.choice(["", "x", "G", "}", " "]) + text[at:]
        elif what < 0.7:
            text = odd_text(rng, text)
        elif what < 0.75:
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice("({[") * rng.choice([1, 5, 200]) + text[at:]
        elif what < 0.8:  # a long run of blanks: what a backtracking pattern chokes on
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice([" ", "\t", "\u00a0"]) * rng.choice([50, 3000, 20000]) + text[at:]
        elif what < 0.9:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i] * rng.choice([1, 2, 50]))
            text = "\n".join(lines)
        else:
            at = rng.randint(0, len(text))
            text = text[:at] if rng.random() < 0.5 else text[at:]
    return text


def capped(text: str) -> str:
    """``text`` cut to :data:`MAX_INPUT` characters (a cut input is as good an input)."""
    return text if len(text) <= MAX_INPUT else text[:MAX_INPUT]


def scenario_texts() -> list[tuple[str, str]]:
    """The test scenarios, (name, text), their ``cards`` (relative paths, all
    beginning with "../") made absolute so they
    can run from anywhere (:class:`cardtext.scenario.Runner` takes text)."""
    out = []
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        here = path.parent
        text = re.sub(r'"(\.\./[^"]*)"', lambda m, here=here: toml_string(str((here / m.group(1)).resolve())),
                      path.read_text(encoding="utf-8"))  # fmt: skip
        out.append((path.name, text))
    return out


__all__ = [
    "CARDS_DIR", "CORPUS", "LOOKALIKES", "MAX_INPUT", "ODD", "ROOT", "SCENARIO_DIR", "capped", "dump_toml", "lose_a_player",
    "mutate_scenario", "mutate_text", "rename_a_card",
    "odd_text", "random_value", "scenario_texts", "toml_string", "toml_value",
]  # fmt: skip
