"""Card text → AST.

The grammar lives in ``grammar/lang/*.lark``, one file per concern, plus the
keyword rules made from the keyword table; they are joined and compiled once
(LALR with the card lexer, cached on disk by Lark).  The parser builds AST
nodes as it reduces each rule (:class:`~cardtext.grammar.transformer.InlineAst`); no
parse tree is made.

A card file is split into card blocks (:func:`split_file`); a block is read
by :mod:`cardtext.grammar.layout`, which parses each paragraph of rules text on its
own (:func:`parse_paragraph`), so every wrong line gets its error.

Self-reference: before a paragraph is parsed, each mention of the card's
name is replaced by private-use characters of the same length (and its short
name, for a legendary card, by others), so the grammar has one terminal for
"this card" and every line and column stays that of the original text.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast as A
from . import transformer, vocabulary
from .definitions import Definition, defining, is_declaration, read_declaration
from .errors import CardParseError, Location, NotUnderstood
from .lang.statics import StaticAbility, static_form
from .layout import SELF_CHAR, SHORT_CHAR, Reader
from .lexer import LINE_OFFSET, CardLexer
from .node import replace
from .transformer import InlineAst, TextError

LANG = Path(__file__).parent / "lang"


def grammar_text() -> str:
    """Every ``.lark`` file of :mod:`cardtext.grammar.lang` in order, and the keyword rules."""
    from .lang import CONCERNS
    from .lang.keywords import grammar as keyword_grammar

    parts = [(LANG / f"{name}.lark").read_text(encoding="utf-8") for name in CONCERNS]
    parts.append(keyword_grammar())
    return "\n".join(parts)


@functools.cache
def lark_parser() -> Lark:
    """The compiled parser (the LALR tables; :func:`driver` runs them).

    Built once per process; Lark caches the compiled tables on disk.
    """
    from .lang import load

    load()
    return Lark(
        grammar_text(),
        start="ability",
        parser="lalr",
        lexer=CardLexer,
        keep_all_tokens=True,
        maybe_placeholders=True,
        cache=True,
    )


def builders() -> InlineAst:
    """The builders of every rule, by name (grammar/transformer.py)."""
    from .lang import load

    load()
    text = grammar_text()
    named = set(re.findall(r"^([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:", text, flags=re.M)) | {"WORD"}
    keep_rules = set(re.findall(r"^!(\w+)", text, flags=re.M))
    return InlineAst(named, keep_rules)


@functools.cache
def driver() -> Any:
    """The LALR driver over the compiled parser (grammar/driver.py)."""
    from .codecache import loading

    with loading():  # what is made here lives as long as the process (the modules' classes too)
        from .driver import Driver
        from .tables import tables

        return Driver(tables("ability"), builders())


@functools.cache
def lexer_only() -> Lark:
    """The same grammar with Lark's own contextual lexer and no transformer,
    for the lexing benchmark."""
    return Lark(grammar_text(), start="ability", parser="lalr", lexer="contextual", cache=True)


# --------------------------------------------------------------------------
# Card files: blocks of lines separated by blank lines
# --------------------------------------------------------------------------


@dataclass
class Block:
    """The lines of one card in a file, with the 1-based number of its first line."""

    start: int
    lines: list[str]
    comments: list[str] = field(default_factory=list)  # comment lines inside or before it

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class Segment:
    """A piece of a card file, in order: a card block, a comment line, or a
    line that defines a keyword (``Keyword Skyward {cost}: ...``)."""

    block: Block | None = None
    comment: str | None = None
    line: int = 0
    definition: str | None = None


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def editor_lines(text: str) -> list[str]:
    """The lines of a text as editors count them (\\n, \\r\\n, \\r), not as
    :meth:`str.splitlines` does (which also splits at U+2028, form feeds...)."""
    # without a carriage return, only "\n" ends a line, and str.split finds it faster
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


@functools.lru_cache(maxsize=4)
def file_lines(text: str) -> tuple[str, ...]:
    """:func:`editor_lines` of a whole file, split once for all its cards
    (the source lines that errors and warnings show)."""
    return tuple(editor_lines(text))


def nfc(text: str) -> str:
    """Text in Unicode's composed form (NFC), as cards are read: "é" written as
    "e" and a combining accent is the same name as the one character "é"."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def split_file(text: str) -> list[Segment]:
    """Split a card file into comment lines and card blocks.

    A blank line ends a card; a line starting with ``#`` is a comment wherever
    it is (inside a card it is skipped and keeps the card together).  A
    leading byte-order mark is dropped, as editors do.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = [raw.rstrip() for raw in editor_lines(text)]
    if "#" not in text and all(lines) and not (lines and lines[0].startswith("Keyword ")):
        # no comment and no blank line, as in most single cards: one block of every line
        return [Segment(block=Block(1, lines))] if lines else []
    segments: list[Segment] = []
    current: Block | None = None
    for number, line in enumerate(lines, start=1):
        if not line:  # blank
            current = None
            continue
        if "#" in line and line.lstrip().startswith("#"):
            if current is None:
                segments.append(Segment(comment=line, line=number))
            else:
                current.comments.append(line)
                current.lines.append("")  # keeps the numbering
            continue
        if current is None and is_declaration(line):
            segments.append(Segment(definition=line, line=number))
            continue
        if current is None:
            current = Block(number, [])
            segments.append(Segment(block=current))
        current.lines.append(line)
    return segments


def declared_subtypes(segments: list[Segment]) -> set[str]:
    """The subtypes the type lines of a file's cards declare (new designs' own types)."""
    out: set[str] = set()
    for seg in segments:
        block = seg.block
        if block is None:
            continue
        lines = [ln for ln in block.lines if ln.strip()]
        if "//" in "\n".join(lines):  # several faces: the line after each "//" is a type line too
            type_lines = [ln for i, ln in enumerate(lines) if i == 1 or (i > 1 and lines[i - 1].strip().startswith("//"))]
        else:
            type_lines = lines[1:2]
        for line in type_lines:
            _, sep, right = line.partition(" — ")
            if not sep:
                _, sep, right = line.partition(" - ")
            if right:
                out.update(w for w in right.split() if w[:1].isupper())
    return out


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


def parse_block(block: Block, filename: str = "<string>") -> A.Card:
    """Parse one card's lines; raise the first :class:`CardParseError`."""
    card, errors, _ = read_block(block, filename)
    if errors:
        raise errors[0]
    assert card is not None
    return card


def read_block(
    block: Block, filename: str = "<string>", *, first_error: bool = False
) -> tuple[A.Card | None, list[CardParseError], list[CardParseError]]:
    """Parse one card's lines: the card (or None), every error (or, with
    ``first_error``, the first by place: nothing after it is read), every warning."""
    numbered = [pair for pair in enumerate(block.lines, block.start) if pair[1].strip()]
    if not numbered:
        return None, [], []
    reader = Reader(filename, numbered, first_error=first_error)
    card = reader.read()
    if card is not None:
        card = _static_abilities(card)
    return card, reader.errors, reader.warnings


def _static_abilities(card: A.Card) -> A.Card:
    """A permanent's paragraphs of sentences are static abilities (604.1); some
    shapes have nodes of their own (statics.static_form), on spells too."""
    if card.faces:
        return replace(card, faces=tuple(_static_abilities(f) for f in card.faces))
    types = card.type_line.types
    permanent = "Instant" not in types and "Sorcery" not in types
    abilities = card.abilities
    out = [_static(a, permanent) for a in abilities]
    for x, a in zip(out, abilities, strict=True):
        if x is not a:
            return replace(card, abilities=tuple(out))
    return card


def _static(a: Any, permanent: bool) -> Any:
    """The ability ``a`` of a card, a static ability if it is one (:func:`_static_abilities`)."""
    if isinstance(a, A.AbilityWord | A.KeywordAbility):  # "Threshold — This creature gets +1/+1 as long as ..."
        inner = _static(a.ability, permanent)
        return a if inner is a.ability else replace(a, ability=inner)
    if isinstance(a, A.SpellAbility):
        found = static_form(a.effect, permanent)
        if found is not None:
            return replace(found, span=a.span)
        if permanent or all(isinstance(s, A.DeckRule) for s in a.effect.sentences):
            # a deck-building rule (100.2a) is a static ability on an instant or sorcery too
            return StaticAbility(a.effect, span=a.span)
    return a


def parse_paragraph(lines: list[tuple[int, str]], filename: str, source: dict[int, str]) -> Any:
    """Parse one paragraph of rules text (an ability line and its mode lines)."""
    first = lines[0][0]
    text = "\n".join([ln for _, ln in lines])
    LINE_OFFSET[0] = first - 1
    transformer.CURRENT[0] = (text, first)
    try:
        return driver().parse(text)
    except TextError as exc:
        line, col, width = _text_error_place(exc, first)
        shown = source.get(line, "")[col - 1 : col - 1 + width]
        raise _error(filename, source, line, col, exc.message, text=shown, hint=exc.hint,
                     cls=NotUnderstood if exc.not_yet else CardParseError) from None
    except UnexpectedInput as exc:
        raise _from_lark(exc, filename, source, text, first) from None
    except RecursionError:
        raise _error(filename, source, first, 1, "this line is nested too deeply to read") from None
    finally:
        LINE_OFFSET[0] = 0


def _text_error_place(exc: TextError, first: int) -> tuple[int, int, int]:
    if exc.token is not None:
        return exc.token.line or first, exc.token.column or 1, len(str(exc.token))
    if exc.span is not None:
        width = exc.span.end_column - exc.span.column if exc.span.end_line == exc.span.line else 1
        return exc.span.line, exc.span.column, max(1, width)
    return first, 1, 1


def _error(filename: str, source: dict[int, str], line: int, column: int, message: str, *,
           text: str = "", hint: str = "", expected: tuple[str, ...] = (),
           cls: type[CardParseError] = CardParseError) -> CardParseError:  # fmt: skip
    loc = Location(filename, line, column, _shown(source.get(line, "")))
    return cls(message, loc, text=text, hint=hint, expected=expected)


def _shown(line: str) -> str:
    return line.replace(SELF_CHAR, "~").replace(SHORT_CHAR, "~")


# --------------------------------------------------------------------------
# Turning Lark's errors into an author's error
# --------------------------------------------------------------------------

_TERMINAL_WORDS = {
    "MANA_SYMBOL": "a mana symbol like {2} or {G}", "TAP_SYMBOL": "{T}", "UNTAP_SYMBOL": "{Q}",
    "SUBTYPE": "a subtype like Goblin", "PT": "power/toughness like 2/2",
    "PT_MOD": "a change like +1/+1", "NUMBER": "a number", "$END": "the end of the line",
    "SELF": "the card's name", "SELF_SHORT": "the card's short name", "_DASH": "a dash (—)",
    "LANDWALK": "a landwalk keyword", "_BULLET": "a mode on a new line starting with •",
    "_THEN": "', then'", "_WHERE": "', where'", "COUNTER_WORD": "a kind of counter",
    "QUOTE": "'\"'", "LOYALTY_COST": "a loyalty cost like +1",
}  # fmt: skip


@functools.cache
def _terminals() -> dict[str, Any]:
    from .tables import tables

    return {t.name: t for t in tables().terminals}


def _describe(names: Any) -> tuple[str, ...]:
    return _described(frozenset(names))


@functools.lru_cache(maxsize=4096)
def _described(names: frozenset[str]) -> tuple[str, ...]:
    """The terminals a parser state takes, as a reader would name them."""
    by_name = _terminals()
    words: set[str] = set()
    for name in names:
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
            continue
        term = by_name.get(name)
        if term is not None and term.pattern.type == "str":
            words.add(f"'{term.pattern.value}'")
    return tuple(sorted(words, key=lambda w: (not w.startswith("'"), w.lower())))


def _from_lark(exc: UnexpectedInput, filename: str, source: dict[int, str], text: str, first: int) -> CardParseError:
    from .messages import explain

    line = getattr(exc, "line", first) or first
    column = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        last = first + text.count("\n")
        src = source.get(last, "")
        return explain(filename, source, last, len(src.rstrip()) + 1, text.rsplit("\n", 1)[-1], "end",
                       _describe(exc.expected or ()))  # fmt: skip (the value: the line as the lexer read it)
    if isinstance(exc, UnexpectedCharacters):
        expected = _describe(exc.allowed or ())
        return explain(filename, source, line, column, "", "char", expected)
    if isinstance(exc, UnexpectedToken):
        tok: Token = exc.token
        return explain(filename, source, line, column, str(tok), tok.type, _describe(exc.expected or ()))
    if isinstance(exc, UnexpectedEOF):
        return explain(filename, source, first, 1, "", "end", _describe(exc.expected or ()))
    return _error(filename, source, line, column, str(exc))


# --------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------


@dataclass
class ParseResult:
    """The cards of a file that parsed, an error for each wrong line, and warnings."""

    cards: list[A.Card]
    errors: list[CardParseError]
    segments: list[Segment]
    warnings: list[CardParseError] = field(default_factory=list)


def parse_text(text: str, filename: str = "<string>", *, first_error: bool = False) -> ParseResult:
    """Parse every card of a card file; collect every error of every card
    (with ``first_error``, only each card's first: what comes after it in
    the card is not read)."""
    segments = split_file(nfc(text))
    cards: list[A.Card] = []
    errors: list[CardParseError] = []
    warnings: list[CardParseError] = []
    keywords = _declared_keywords(segments, filename, errors)
    with vocabulary.declared(declared_subtypes(segments)), defining(keywords):
        for seg in segments:
            if seg.block is None:
                continue
            card, errs, warns = read_block(seg.block, filename, first_error=first_error)
            if card is not None:
                cards.append(card)
            errors.extend(errs)
            warnings.extend(warns)
    return ParseResult(cards, errors, segments, warnings)


def declared_keywords(segments: list[Segment], filename: str, errors: list[CardParseError]) -> dict[str, Definition]:
    """:func:`_declared_keywords`, for a reader that checks a file's cards one by one (the language server)."""
    return _declared_keywords(segments, filename, errors)


def _declared_keywords(segments: list[Segment], filename: str, errors: list[CardParseError]) -> dict[str, Definition]:
    """The keywords a card file defines (docs/cards.md), each
    read by the grammar; an error for each definition that doesn't read."""
    found: dict[str, Definition] = {}
    for seg in segments:
        if seg.definition is None:
            continue
        d, error = read_declaration(seg.definition, seg.line, filename)
        if error is not None:
            errors.append(error)
        elif d is not None:
            if d.name in found:
                errors.append(CardParseError(
                    f"keyword '{d.title}' is defined twice in this file (first at {found[d.name].where})",
                    Location(filename, seg.line, 1, seg.definition), text=seg.definition.split(":")[0]))
                continue
            found[d.name] = d
    return found


def parse_cards(text: str, filename: str = "<string>") -> list[A.Card]:
    """Parse a card file; raise the first error."""
    result = parse_text(text, filename)
    if result.errors:
        raise result.errors[0]
    return result.cards


def parse_card(text: str, filename: str = "<string>") -> A.Card:
    """Parse exactly one card."""
    cards = parse_cards(text, filename)
    if len(cards) != 1:
        raise CardParseError(f"expected one card, found {len(cards)}", Location(filename, 1, 1))
    return cards[0]


def iter_blocks(segments: list[Segment]) -> Iterator[Block]:
    for seg in segments:
        if seg.block is not None:
            yield seg.block


_ = NotUnderstood
