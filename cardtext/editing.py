"""What an editor asks of a card file, without any editor protocol.

Diagnostics with ranges, hover text, formatting, completion and
go-to-definition, in plain data: positions are 0-based lines and UTF-16
columns, as the Language Server Protocol counts them. :mod:`cardtext.lsp`
serves these over LSP; they are tested here without a server.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources

from grammar.errors import CardTextError, LocatedError
from grammar.render import render_card

from .blocks import CardBlock, block_at, card_blocks, editor_lines, split_name_line
from .diagnostics import FileCheck, card_checker, check_text, extent, severity

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
    return "\n".join(parts)


def diagnostics(text: str, filename: str = "<editor>") -> list[Diagnostic]:
    """Every parse error, link error and warning of a card file, with its range."""
    lines = editor_lines(text)
    found = check(text, filename)
    out: list[Diagnostic] = []
    for error in [*found.errors, *found.warnings]:
        line, column, end = extent(error, text)
        out.append(
            Diagnostic(
                _range(lines, line, column - 1, end - 1),
                severity(error),
                _message(error),
                type(error).__name__,
            )
        )
    return out


# --------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------


def formatted(text: str, filename: str = "<editor>") -> str | None:
    """The canonical text of the file (``cardtext fmt``), or None if it has errors."""
    from .cli import canonical_text

    try:
        return canonical_text(text, filename)
    except CardTextError:
        return None


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
    found = check(text)
    block = block_at([c.block for c in found.cards], line + 1)
    if block is None:
        return None
    card_check = found.card_at(line + 1)
    assert card_check is not None
    if card_check.card is None:
        problems = "\n".join(f"- {_message(e).splitlines()[0]}" for e in card_check.errors)
        return f"**{block.name}** doesn't parse yet:\n\n{problems}"
    rendered = render_card(card_check.card).splitlines()
    written = [number for number, _ in block.numbered()]
    parts = [f"**{card_check.name}**"]
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


@functools.cache
def vocabulary() -> Vocabulary:
    """Keywords, types and subtypes: from the grammar's tables
    (``grammar/data/keywords.txt``, ``types.txt``) where it has them, else a
    built-in list and the interpreter's creature types."""
    keywords = list(KEYWORDS)
    table = _data_lines("grammar", "data", "keywords.txt")
    if table:
        for line in table:
            name = line.split(":", 1)[0].strip()
            if name:
                keywords.append(name[:1].upper() + name[1:])
    supertypes, card_types, subtypes = list(SUPERTYPES), list(CARD_TYPES), list(SUBTYPES)
    types = _data_lines("grammar", "data", "types.txt")
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
                subtypes.append(line.split("|", 1)[0].strip())
    else:
        subtypes.extend(_data_lines("interpreter", "data", "creature_types.txt") or [])
    return Vocabulary(
        tuple(dict.fromkeys(keywords)),
        tuple(dict.fromkeys(supertypes)),
        tuple(dict.fromkeys(card_types)),
        tuple(dict.fromkeys(subtypes)),
    )


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # "keyword", "supertype", "type", "subtype"


def completions(text: str, line: int, character: int) -> list[Completion]:
    """What may be typed at a position: types and subtypes on a type line (the
    second line of a card, or after ``//``), keywords on an ability line."""
    lines = editor_lines(text)
    current = lines[line] if line < len(lines) else ""
    words = vocabulary()
    role = _line_role(card_blocks(text), line + 1, current)
    if role == "name":
        return []
    if role == "type":
        typed = current[: char_index(current, character)]
        if "—" in typed or " - " in typed or "--" in typed:
            return [Completion(s, "subtype") for s in words.subtypes]
        return [Completion(s, "supertype") for s in words.supertypes] + [
            Completion(t, "type") for t in words.card_types
        ]
    return [Completion(k, "keyword") for k in words.keywords]


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
