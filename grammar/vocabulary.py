"""The vocabulary the grammar loads as data: types and subtypes (CR 205) and
keyword abilities (CR 702), from ``grammar/data/*.txt``.

A subtype is recognised in rules text when this table lists it, or when a
type line of the cards being read declares it (:func:`declared`): a new
design may invent a creature type, and its other cards may then name it.
Any other capitalised word is not a subtype ("Otherwise", "Commander").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Types:
    supertypes: frozenset[str]
    card_types: frozenset[str]
    subtypes: dict[str, str]  # subtype → its category ("creature", "land", ...)
    plurals: dict[str, str]  # plural form → subtype ("Elves" → "Elf")
    plural_of: dict[str, str]  # subtype → plural ("Elf" → "Elves")


def _read(name: str) -> Iterator[str]:
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            yield line


@functools.cache
def types() -> Types:
    section = ""
    supertypes: set[str] = set()
    card_types: set[str] = set()
    subtypes: dict[str, str] = {}
    plurals: dict[str, str] = {}
    plural_of: dict[str, str] = {}
    for line in _read("types.txt"):
        if line.startswith("["):
            section = line.strip("[]")
            continue
        if section == "supertypes":
            supertypes.add(line)
        elif section == "card types":
            card_types.add(line)
        else:
            word, _, plural = (p.strip() for p in line.partition("|"))
            category = section.removesuffix(" types")
            subtypes.setdefault(word, category)
            plural = plural or word + "s"
            plural_of.setdefault(word, plural)
            plurals.setdefault(plural, word)
    return Types(frozenset(supertypes), frozenset(card_types), subtypes, plurals, plural_of)


@functools.cache
def keywords() -> dict[str, str]:
    """Keyword name (lower case) → parameter shape."""
    table: dict[str, str] = {}
    for line in _read("keywords.txt"):
        name, _, shape = (p.strip() for p in line.partition(":"))
        table[name] = shape
    return table


# --------------------------------------------------------------------------
# Subtypes declared by the cards being read
# --------------------------------------------------------------------------

_declared: set[str] = set()


class declared:
    """Within a ``with`` block, ``words`` are subtypes too (new designs' own types).

    A class rather than a :func:`contextlib.contextmanager` generator: every
    card file parsed enters one, and the generator's wrapper costs several
    calls more than the two methods here."""

    __slots__ = ("_words", "_saved")
    _saved: set[str]  # the subtypes declared outside the block, while in it

    def __init__(self, words: set[str]) -> None:
        self._words = words

    def __enter__(self) -> None:
        global _declared
        self._saved = _declared
        _declared = self._saved | self._words

    def __exit__(self, *exc: object) -> None:
        global _declared
        _declared = self._saved


_NON = re.compile(r"non-(.+)")


def subtype(word: str) -> str | None:
    """The subtype a word of rules text names ("Elves" → "Elf"), or None."""
    t = types()
    if word in t.subtypes or word in _declared:
        return word
    single = t.plurals.get(word)
    if single is not None:
        return single
    if word.endswith("s") and word[:-1] in _declared:
        return word[:-1]
    return None


def plural(subtype_name: str) -> str:
    return types().plural_of.get(subtype_name, subtype_name + "s")


def is_subtype_word(word: str) -> bool:
    return subtype(word) is not None


def non_subtype(word: str) -> str | None:
    """ "non-Human" → "Human"."""
    m = _NON.fullmatch(word)
    if m and subtype(m.group(1)):
        return subtype(m.group(1))
    return None
