"""What an editor asks of a card file, without any editor protocol.

Diagnostics with ranges, hover text, formatting, completion and
go-to-definition, in plain data: positions are 0-based lines and UTF-16
columns, as the Language Server Protocol counts them. :mod:`cardtext.lsp`
serves these over LSP; they are tested here without a server.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from cardtext.grammar.errors import CLASS_TEXT, NOT_UNDERSTOOD, CardTextError, LocatedError
from cardtext.grammar.render import render_card

from .blocks import CardBlock, block_at, card_blocks, editor_lines, split_name_line
from .diagnostics import FileCheck, card_checker, check_text, error_class, extent_in, severity
from .document import CardState

# --------------------------------------------------------------------------
# Positions
# --------------------------------------------------------------------------


def utf16_column(line: str, index: int) -> int:
    """The UTF-16 column of the character at ``index`` (0-based) of ``line``."""
    return sum(2 if ord(c) > 0xFFFF else 1 for c in line[:index])


def char_index(line: str, column: int) -> int:
    """The character index (0-based) at a UTF-16 ``column`` of ``line``."""
    units = 0
    for index, c in enumerate(line):
        if units >= column:
            return index
        units += 2 if ord(c) > 0xFFFF else 1
    return len(line)


@dataclass(frozen=True)
class Range:
    """0-based, end exclusive, columns in UTF-16 code units."""

    line: int
    character: int
    end_line: int
    end_character: int


def _range(lines: list[str], line: int, start: int, end: int) -> Range:
    """A range on 1-based ``line`` from 0-based character ``start`` to ``end``."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return Range(line - 1, utf16_column(text, start), line - 1, utf16_column(text, end))


@dataclass(frozen=True)
class Diagnostic:
    range: Range
    severity: str  # "error" or "warning"
    message: str
    code: str  # the error's class name
    category: str = ""  # "malformed" (the card is wrong) or "not-understood" (the tool doesn't read it yet)


# --------------------------------------------------------------------------
# Diagnostics
# --------------------------------------------------------------------------


def check(text: str, filename: str = "<editor>") -> FileCheck:
    """The file checked as ``cardtext check`` checks it (parse and link check)."""
    return check_text(text, filename, link=card_checker())


def _message(error: CardTextError) -> str:
    if not isinstance(error, LocatedError):
        return str(error)
    parts = [error.message]
    if error.hint:
        parts.append(f"hint: {error.hint}")
    if error.expected:
        parts.append("expected: " + ", ".join(error.expected))
    category = error_class(error)
    if category and (severity(error) == "error" or category == NOT_UNDERSTOOD):
        parts.append(CLASS_TEXT[category])
    return "\n".join(parts)


def diagnostics(text: str, filename: str = "<editor>") -> list[Diagnostic]:
    """Every parse error, link error and warning of a card file, with its range."""
    lines = editor_lines(text)  # the text split once, not once an error
    found = check(text, filename)
    return [diagnostic_of(error, lines) for error in [*found.errors, *found.warnings]]


def diagnostic_of(error: CardTextError, lines: Sequence[str]) -> Diagnostic:
    """One error as a :class:`Diagnostic`, located in ``lines`` (the text's, or one card's)."""
    line, column, end = extent_in(error, lines)
    return Diagnostic(_range(list(lines), line, column - 1, end - 1), severity(error), _message(error),
                      type(error).__name__, error_class(error))  # fmt: skip


# --------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------


def formatted(text: str, filename: str = "<editor>") -> str | None:
    """The canonical text of the file (``cardtext fmt``), or None if it has errors."""
    try:
        return formatted_or_error(text, filename)
    except FormatRefused:
        return None


class FormatRefused(CardTextError):
    """Why a file can't be formatted: its first error, or a card the renderer can't write back."""


def formatted_or_error(text: str, filename: str = "<editor>") -> str:
    """The canonical text of the file (``cardtext fmt``); raises
    :class:`FormatRefused` saying why when it can't be made."""
    from .canonical import format_keeping

    try:
        new, unstable = format_keeping(text, filename)
    except CardTextError as exc:
        where = f"line {exc.line}: " if isinstance(exc, LocatedError) else ""
        first = str(exc.message if isinstance(exc, LocatedError) else exc)
        raise FormatRefused(f"the file has errors, so it is not formatted ({where}{first})") from None
    if unstable:
        card = unstable[0]
        raise FormatRefused(
            f"{card.name} (line {card.line}): its canonical text would not parse back to the same "
            "card (a bug in cardtext's renderer), so the file is not formatted"
        )
    return new


# --------------------------------------------------------------------------
# Hover
# --------------------------------------------------------------------------

RULES: tuple[tuple[str, str], ...] = (
    (r"\bMultikicker\b", "702.33 Kicker (multikicker)"),
    (r"\bKicker\b|\bkick(?:ed|s)?\b", "702.33 Kicker"),
    (r"\bmanifest dread\b", "701.62 Manifest dread"),
    (r"\b[Mm]anifest(?!\s+dread)\b", "701.40 Manifest"),
    (r"\b[Cc]loak\b", "701.58 Cloak"),
    (r"\b[Mm]egamorph\b", "702.37 Morph (megamorph)"),
    (r"\b[Mm]orph\b", "702.37 Morph"),
    (r"\bface down\b|\bface-down\b", "708 Face-down spells and permanents"),
    (
        r"\bthe exiled card\b|\bexiled with\b|\bthe chosen\b|\bthe sacrificed\b|\bthe discarded\b",
        "607 Linked abilities",
    ),
    (r"^(?:When|Whenever|At)\b", "603 Triggered abilities"),
    (r"^[^\"(]*?:", "602 Activated abilities"),
    (r"\benters with\b|\bAs \S.* enters\b", "614.1c Replacement effects (enters with)"),
    (r"^Choose\b|^•", "700.2 Modal spells and abilities"),
    (r"\bAs an additional cost\b", "601.2b Additional costs"),
    (r"\bcopy\b", "707.10 Copies of spells"),
    (r"\b[Ff]lying\b", "702.9 Flying"),
    (r"\b[Rr]each\b", "702.17 Reach"),
    (r"\b[Hh]aste\b", "702.10 Haste"),
    (r"\b[Vv]igilance\b", "702.20 Vigilance"),
    (r"\b[Tt]rample\b", "702.19 Trample"),
    (r"\b[Dd]eathtouch\b", "702.2 Deathtouch"),
    (r"\b[Ff]irst strike\b", "702.7 First strike"),
    (r"\b[Dd]ouble strike\b", "702.4 Double strike"),
    (r"\b[Ll]ifelink\b", "702.15 Lifelink"),
    (r"\b[Dd]efender\b", "702.3 Defender"),
    (r"\b[Hh]exproof\b", "702.11 Hexproof"),
    (r"\b[Ff]lash\b", "702.8 Flash"),
    (r"\b[Ii]ndestructible\b", "702.12 Indestructible"),
    (r"\b[Mm]enace\b", "702.111 Menace"),
    (r"\b[Ww]ard\b", "702.21 Ward"),
    (r"\bEquip\b", "702.6 Equip"),
)
"""Words of a line and the rules (Comprehensive Rules sections) they involve."""


def rules_of(line: str) -> list[str]:
    """The rules a line of card text involves, by its words."""
    found: list[str] = []
    for pattern, rule in RULES:
        if re.search(pattern, line) and rule not in found:
            found.append(rule)
    return found


def hover(text: str, line: int, character: int = 0) -> str | None:
    """Markdown for the card under 0-based ``line``: the canonical wording of
    that line with its reminder text, the rules it involves, and the whole
    card as cardtext writes it. None outside cards."""
    from .document import Document

    document = Document()
    document.update(text)
    return hover_card(document.card_at(line + 1), line)


def hover_card(state: CardState | None, line: int) -> str | None:
    """:func:`hover` for a card already checked (the language server's last check)."""
    if state is None:
        return None
    block = state.block
    if state.card is None:
        problems = "\n".join(f"- {_message(e).splitlines()[0]}" for e in state.errors)
        return f"**{block.name}** doesn't parse yet:\n\n{problems}"
    rendered = render_card(state.card).splitlines()
    written = [number for number, _ in block.numbered()]
    parts = [f"**{state.card.name}**"]
    if len(written) == len(rendered) and line + 1 in written:
        canonical = rendered[written.index(line + 1)]
        parts.append(f"```cardtext\n{canonical}\n```")
        rules = rules_of(canonical)
        if rules:
            parts.append("Rules: " + "; ".join(rules))
    parts.append("Canonical wording:\n\n```cardtext\n" + "\n".join(rendered) + "\n```")
    return "\n\n".join(parts)


# --------------------------------------------------------------------------
# Completion
# --------------------------------------------------------------------------

SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
CARD_TYPES = (
    "Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
    "Planeswalker", "Sorcery",
)  # fmt: skip
SUBTYPES = (
    "Aura", "Equipment", "Vehicle", "Saga", "Forest", "Island", "Mountain", "Plains", "Swamp",
)  # fmt: skip
KEYWORDS = (
    "Kicker", "Multikicker", "Flying", "First strike", "Double strike", "Deathtouch", "Defender",
    "Flash", "Haste", "Hexproof", "Indestructible", "Lifelink", "Menace", "Reach", "Trample",
    "Vigilance", "Ward", "Equip", "Morph", "Megamorph", "Protection from", "Champion",
    "Manifest", "Cloak",
)  # fmt: skip


def _data_lines(package: str, *parts: str) -> list[str] | None:
    """The meaningful lines of a data file shipped in a package, or None."""
    try:
        path = resources.files(package).joinpath(*parts)
        if not path.is_file():
            return None
        raw = path.read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError, UnicodeDecodeError):
        return None
    return [ln.strip() for ln in raw.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


@dataclass(frozen=True)
class Vocabulary:
    keywords: tuple[str, ...]
    supertypes: tuple[str, ...]
    card_types: tuple[str, ...]
    subtypes: tuple[str, ...]
    subtypes_of: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each card type's own subtypes (205.3): ("Creature", creature types), ..."""

    def subtypes_for(self, card_types: list[str]) -> tuple[str, ...]:
        """The subtypes that may follow the dash after these card types (all if none is known)."""
        own = dict(self.subtypes_of)
        found = [s for t in card_types for s in own.get(t, ())]
        return tuple(dict.fromkeys(found)) if found else self.subtypes


@functools.cache
def vocabulary() -> Vocabulary:
    """Keywords, types and subtypes: from the grammar's tables
    (``grammar/data/keywords.txt``, ``types.txt``) where it has them, else a
    built-in list and the interpreter's creature types."""
    keywords = list(KEYWORDS)
    table = _data_lines("cardtext.grammar", "data", "keywords.txt")
    if table:
        for line in table:
            name = line.split(":", 1)[0].strip()
            if name:
                keywords.append(name[:1].upper() + name[1:])
    supertypes, card_types, subtypes = list(SUPERTYPES), list(CARD_TYPES), list(SUBTYPES)
    by_section: dict[str, list[str]] = {}
    types = _data_lines("cardtext.grammar", "data", "types.txt")
    if types:
        section = ""
        for line in types:
            if line.startswith("["):
                section = line.strip("[]")
            elif section == "supertypes":
                supertypes.append(line)
            elif section == "card types":
                card_types.append(line)
            else:
                word = line.split("|", 1)[0].strip()
                subtypes.append(word)
                by_section.setdefault(section, []).append(word)
    else:
        subtypes.extend(_data_lines("cardtext.interpreter", "data", "creature_types.txt") or [])
    spell = tuple(by_section.get("spell types", ()))
    own = {
        "Artifact": "artifact types", "Enchantment": "enchantment types", "Land": "land types",
        "Planeswalker": "planeswalker types", "Creature": "creature types", "Battle": "battle types",
        "Dungeon": "dungeon types", "Plane": "plane types",
    }  # fmt: skip
    subtypes_of = [(t, tuple(by_section.get(section, ()))) for t, section in own.items()]
    subtypes_of += [("Instant", spell), ("Sorcery", spell), ("Kindred", tuple(by_section.get("creature types", ())))]
    return Vocabulary(
        tuple(dict.fromkeys(keywords)),
        tuple(dict.fromkeys(supertypes)),
        tuple(dict.fromkeys(card_types)),
        tuple(dict.fromkeys(subtypes)),
        tuple((t, words) for t, words in subtypes_of if words),
    )


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # "keyword", "supertype", "type", "subtype"


_DASHES = ("—", " - ", "--")


def completions(text: str, line: int, character: int) -> list[Completion]:
    """What may be typed at a position, by its context: on a type line (the
    second line of a card, or after ``//``) supertypes and card types before
    the dash, and after it the subtypes of the card types written; on an
    ability line, keywords where a keyword can stand (the start of the line,
    or after a comma in a line of keywords); nothing elsewhere."""
    lines = editor_lines(text)
    current = lines[line] if line < len(lines) else ""
    words = vocabulary()
    role = _line_role(card_blocks(text), line + 1, current)
    typed = current[: char_index(current, character)]
    if role == "name":
        return []
    if role == "type":
        for dash in _DASHES:
            if dash in typed:
                left = typed.split(dash, 1)[0].split()
                return [Completion(s, "subtype") for s in words.subtypes_for(left)]
        return [Completion(s, "supertype") for s in words.supertypes] + [
            Completion(t, "type") for t in words.card_types
        ]
    if not _keyword_place(typed, words.keywords):
        return []
    return [Completion(k, "keyword") for k in words.keywords]


def _keyword_place(typed: str, keywords: tuple[str, ...]) -> bool:
    """Whether a keyword can stand where ``typed`` (the line up to the cursor)
    ends: at the start of the line, or after ", " when every item before it
    is a keyword (with its parameter: "Flying, ward {2}, ")."""
    *done, last = typed.split(",")
    if len(last) - len(last.lstrip()) > 1 or (done and not last.startswith(" ") and last):
        return False
    last = last.strip()
    if " " in last and not any(k.lower().startswith(last.lower()) for k in keywords):
        return False  # a word after the first that no keyword has: a sentence
    known = tuple(k.lower() for k in keywords)
    for item in done:
        item = item.strip().lower()
        if not item or not any(item == k or item.startswith(k + " ") for k in known):
            return False
    return True


def _line_role(blocks: list[CardBlock], line: int, current: str) -> str:
    block = block_at(blocks, line)
    if block is None:
        return "name" if current.strip() else "rules"
    numbered = list(block.numbered())
    previous = ""
    for index, (number, text) in enumerate(numbered):
        if number == line:
            if index == 0 or previous.strip().startswith("//"):
                return "name"
            before = numbered[index - 2][1] if index >= 2 else ""
            if index == 1 or before.strip().startswith("//"):
                return "type"
            return "rules"
        previous = text
    return "rules"


# --------------------------------------------------------------------------
# Go to definition
# --------------------------------------------------------------------------

_COST = r"(?P<cost>(?:\{[^{}]*\})+)"

LINKS: tuple[tuple[str, str], ...] = (
    (rf"kicked with its {_COST} kicker", r"\b(?:Multi)?[Kk]icker\b"),
    (
        r"\b(?:was|wasn't|were|is|isn't) kicked\b|\bkicked (?:twice|\w+ times)\b|\btimes? it was kicked\b|\bif it was kicked\b",
        r"\b(?:Multi)?[Kk]icker\b",
    ),
    (
        r"\b(?:the|each|all) (?:cards? )?exiled(?: cards?| with \S+(?: \S+)*?)?\b|\bcards? exiled with\b",
        r"\b[Ee]xile\b",
    ),
    (r"\bthe chosen (?:creature )?(?:type|color|name|player|card)\b", r"\b[Cc]hoose\b"),
    (r"\bthe sacrificed \w+\b", r"\b[Ss]acrific(?:e|ing)\b"),
    (r"\bthe discarded cards?\b", r"\b[Dd]iscard\b"),
)
"""A linked reference (607) and the words of the ability it refers to."""


def definition(text: str, line: int, character: int) -> Range | None:
    """Where a linked reference under the cursor is defined: the kicker with
    that cost, the ability that exiles, chooses, sacrifices or discards.
    A text-level search within the card; None when there is nothing there."""
    lines = editor_lines(text)
    if line >= len(lines):
        return None
    current = lines[line]
    index = char_index(current, character)
    block = block_at(card_blocks(text), line + 1)
    if block is None:
        return None
    for reference, target in LINKS:
        for match in re.finditer(reference, current):
            if not match.start() <= index <= match.end():
                continue
            cost = match.groupdict().get("cost")
            found = _find_target(block, line + 1, target, cost)
            if found is not None:
                number, start, end = found
                return _range(lines, number, start, end)
    return None


def _find_target(
    block: CardBlock, own: int, target: str, cost: str | None
) -> tuple[int, int, int] | None:
    """The first ability line of ``block`` that has ``target`` (and ``cost``
    after it, if given), other lines before ``own``: (line, start, end) of
    the words (or of the cost), 0-based columns."""
    lines = [(n, t) for n, t in block.numbered() if _line_role([block], n, t) == "rules"]
    for number, line_text in sorted(lines, key=lambda item: item[0] == own):
        match = re.search(target, line_text)
        if match is None:
            continue
        if cost is not None:
            where = line_text.find(cost, match.end())
            if where < 0:
                continue
            return number, where, where + len(cost)
        return number, match.start(), match.end()
    return None


def card_name_at(text: str, line: int) -> str | None:
    """The name of the card holding 0-based ``line``, as written."""
    block = block_at(card_blocks(text), line + 1)
    if block is None:
        return None
    return split_name_line(block.card_lines[0])[0] if block.card_lines else None


__all__ = [
    "Completion",
    "Diagnostic",
    "Range",
    "Vocabulary",
    "card_name_at",
    "char_index",
    "completions",
    "definition",
    "diagnostics",
    "formatted",
    "hover",
    "rules_of",
    "utf16_column",
    "vocabulary",
]
