"""Hypothesis strategies for property tests of card text (needs Hypothesis).

Text strategies, built from real card text rather than from AST classes, so
they hold whatever the AST looks like:

* :func:`card_texts` — the text of one card that parses: a bundled card
  (or one of the texts you pass) under a new, invented name;
* :func:`cards` — those cards parsed (AST objects);
* :func:`ability_texts` and :func:`abilities` — one ability line (with its
  mode lines) that :func:`cardtext.testing.parse_ability` accepts, and its AST;
* :func:`card_files` — several such cards as one card file, with comments;
* :func:`card_like_texts` — a name line, a type line and lines of card words
  in any order: text that looks like a card and mostly doesn't parse;
* :func:`mutated_texts` — real card text with words or characters deleted,
  duplicated, swapped or replaced by card punctuation.

The strategies that build ASTs node by node for the project's own
``parse(render(card)) == card`` properties stay in ``tests/strategies.py``:
they are written against the AST classes and change with them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "cardtext.strategies needs Hypothesis: pip install hypothesis (or 'cardtext[test]')"
    ) from exc

from .blocks import card_blocks, split_name_line

NAME_WORDS = (
    "Zorvath",
    "Quillmane",
    "Brindlecrest",
    "Ulmquist",
    "Vexhold",
    "Ostrander",
    "Kelvaroth",
)
"""Invented words: no card word, keyword or subtype of the grammar."""

NAME_TAILS = ("the Unbound", "Warden of Ash", "the Quiet Tide")

CARD_WORDS = (
    "Kicker", "Multikicker", "—", "-", "--", "{1}", "{G}", "{X}", "{2/W}", "{G/P}", "{W/U}", "{T}",
    "{S}", "{C}", "{", "}", "(", ")", "and/or", "When", "Whenever", "At", "the", "beginning", "of",
    "your", "end", "step", "enters", "battlefield", "with", "a", "two", "X", "+1/+1", "counter",
    "counters", "on", "it", "for", "each", "time", "was", "kicked", "If", "this", "spell",
    "creature", "target", "player", "deals", "damage", "to", "any", "draw", "cards", "card",
    "discard", "destroy", "exile", "manifest", "dread", "top", "library", "you", "may", ",",
    ".", ":", "instead", "where", "is", "number", "times", "Sacrifice", "Creature", "Legendary",
    "Sorcery", "Instant", "Beast", "2/2", "*/3", "1+*/1+*", "Loyalty:", "3", "flying", "haste",
    "Test", "Card", "Test Card", "Test, Card", "#", "\n", "\n\n", " ", "\t", "\r\n", "\ue000",
)  # fmt: skip
"""The words, symbols and separators :func:`card_like_texts` is made of."""

PUNCTUATION = ("{", "}", "(", ")", "—", "-", "/", "+", "*", ",", ".", "\n", "", "X", "{T}")


# --------------------------------------------------------------------------
# Real card text
# --------------------------------------------------------------------------


@functools.cache
def bundled_texts() -> tuple[str, ...]:
    """The text of each bundled card (cardtext/cards/*.card), one card each."""
    from .library import BUNDLED, card_files

    out: list[str] = []
    for path in card_files([BUNDLED]):
        text = path.read_text(encoding="utf-8")
        out.extend("\n".join(block.card_lines) for block in card_blocks(text))
    return tuple(out)


def _renamed(text: str, new_name: str) -> str:
    """A card's text under another name, its self-references too."""
    lines = text.splitlines()
    old, cost = split_name_line(lines[0])
    new_short = new_name.split(",", 1)[0]
    body = "\n".join(lines[1:])
    body = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new_name, body)
    if "," in old:
        body = re.sub(rf"(?<!\w){re.escape(old.split(',', 1)[0])}(?!\w)", new_short, body)
    return "\n".join([f"{new_name} {cost}".rstrip(), body]) + "\n"


@st.composite
def names(draw: Any, legendary: bool = False) -> str:
    """An invented card name; for a legendary card, "Name, the Title"."""
    first = draw(st.sampled_from(NAME_WORDS))
    if legendary:
        return f"{first}, {draw(st.sampled_from(NAME_TAILS))}"
    words = draw(st.lists(st.sampled_from(NAME_WORDS), min_size=0, max_size=1, unique=True))
    return " ".join(dict.fromkeys([first, *words]))


def _parses(text: str) -> bool:
    from .diagnostics import check_text, link_checker

    found = check_text(text, "<strategy>", link=link_checker())
    return not found.errors and len(found.cards) == 1 and found.cards[0].card is not None


@st.composite
def card_texts(draw: Any, pool: Sequence[str] | None = None) -> str:
    """The text of one card that parses (and passes the link check): a card of
    ``pool`` (default: the bundled cards) under an invented name."""
    original = draw(st.sampled_from(list(pool) if pool is not None else bundled_texts()))
    old = split_name_line(original.splitlines()[0])[0]
    new = draw(names(legendary="," in old))
    text = _renamed(original, new)
    return text if _parses(text) else original + ("\n" if not original.endswith("\n") else "")


def cards(pool: Sequence[str] | None = None) -> st.SearchStrategy[Any]:
    """Parsed cards (AST objects) of :func:`card_texts`."""
    from .testing import parse_card

    return card_texts(pool).map(parse_card)


def _face_names(text: str) -> set[str]:
    """The names of a card text's faces: its first line's, and the name line
    after each face separator ("//")."""
    lines = text.splitlines()
    starts = [0] + [i + 1 for i, line in enumerate(lines) if line.strip().startswith("//") and i + 1 < len(lines)]
    return {split_name_line(lines[i])[0] for i in starts}


@st.composite
def card_files(draw: Any, pool: Sequence[str] | None = None, max_cards: int = 3) -> str:
    """Several cards of :func:`card_texts` as one card file, each named once,
    with comment lines here and there."""
    texts = draw(
        st.lists(
            card_texts(pool), min_size=1, max_size=max_cards, unique_by=lambda t: t.split("\n")[0]
        )
    )
    names_seen: set[str] = set()
    chunks: list[str] = []
    for text in texts:
        faces = _face_names(text)
        if faces & names_seen:
            continue  # a face of the same name as one of another card: the file would define it twice
        names_seen |= faces
        if draw(st.booleans()):
            chunks.append("# " + draw(st.sampled_from(["A note.", "Cards from my set.", "TODO"])))
        chunks.append(text.rstrip("\n"))
    return "\n\n".join(chunks) + "\n"


@functools.cache
def _ability_pool() -> tuple[str, ...]:
    """Ability lines of the bundled cards (with mode lines), named "this" way."""
    from cardtext.grammar.errors import CardTextError

    from .testing import WRAPPER_NAME, parse_ability

    out: list[str] = []
    for text in bundled_texts():
        lines = text.splitlines()
        name = split_name_line(lines[0])[0]
        body = lines[2:]
        groups: list[list[str]] = []
        for line in body:
            if line.lstrip().startswith("•") and groups:
                groups[-1].append(line)
            else:
                groups.append([line])
        for group in groups:
            ability = "\n".join(group)
            ability = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", WRAPPER_NAME, ability)
            if "," in name:
                short = name.split(",", 1)[0]
                ability = re.sub(rf"(?<!\w){re.escape(short)}(?!\w)", WRAPPER_NAME, ability)
            try:
                parse_ability(ability)
            except CardTextError:
                continue
            out.append(ability)
    return tuple(dict.fromkeys(out))


def ability_texts() -> st.SearchStrategy[str]:
    """One ability line (with its mode lines) of a bundled card that
    :func:`cardtext.testing.parse_ability` accepts as it is."""
    return st.sampled_from(_ability_pool())


def abilities() -> st.SearchStrategy[Any]:
    """The ASTs of :func:`ability_texts`."""
    from .testing import parse_ability

    return ability_texts().map(parse_ability)


# --------------------------------------------------------------------------
# Text that looks like cards
# --------------------------------------------------------------------------


@st.composite
def card_like_texts(draw: Any) -> str:
    """A name line, a type line and lines of card words, in any order."""
    head = draw(st.sampled_from(["Test Card {1}{G}", "Test, Card {X}", "Test Card", "", "{2}"]))
    type_line = draw(
        st.sampled_from(["Creature — Beast", "Sorcery", "Legendary Creature - Elf", "Instant", ""])
    )
    body = draw(
        st.lists(st.lists(st.sampled_from(CARD_WORDS), max_size=14).map(" ".join), max_size=5)
    )
    return "\n".join([head, type_line, *body])


@st.composite
def mutated_texts(draw: Any, texts: Sequence[str] | None = None) -> str:
    """A text of ``texts`` (default: the bundled cards) with one to four words
    or characters deleted, duplicated, swapped or replaced by card punctuation."""
    text = draw(st.sampled_from(list(texts) if texts is not None else bundled_texts()))
    for _ in range(draw(st.integers(1, 4))):
        unit = draw(st.sampled_from(["word", "char"]))
        pieces = text.split(" ") if unit == "word" else list(text)
        if len(pieces) < 2:
            break
        i = draw(st.integers(0, len(pieces) - 2))
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "replace"]))
        if op == "delete":
            del pieces[i]
        elif op == "duplicate":
            pieces.insert(i, pieces[i])
        elif op == "swap":
            pieces[i], pieces[i + 1] = pieces[i + 1], pieces[i]
        else:
            pieces[i] = draw(st.sampled_from(PUNCTUATION))
        text = (" " if unit == "word" else "").join(pieces)
    return text


__all__ = [
    "CARD_WORDS",
    "abilities",
    "ability_texts",
    "bundled_texts",
    "card_files",
    "card_like_texts",
    "card_texts",
    "cards",
    "mutated_texts",
    "names",
]
