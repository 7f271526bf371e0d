"""Card text → AST.

The grammar lives in the ``.lark`` files beside this module, one per concern;
they are joined in :data:`GRAMMAR_FILES` order and compiled once (LALR with
the contextual lexer, cached on disk by Lark).  The parser builds AST
nodes as it reduces each rule (:class:`~grammar.transformer.InlineAst`); no
parse tree is made.

Self-reference: before a card is parsed, each mention of its name is replaced
by private-use characters of the same length (and its short name, for a
legendary card, by others), so the grammar has one terminal for "this card"
and every line and column stays that of the original text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast as A
from .errors import CardParseError, Location
from .lexer import CardLexer
from .transformer import InlineAst, TextError

GRAMMAR_FILES = (
    "card", "mana", "types", "keywords", "abilities", "effects", "objects", "quantities",
    "terminals",
)  # fmt: skip

SELF_CHAR = "\ue000"
SHORT_CHAR = "\ue001"


def grammar_text() -> str:
    here = Path(__file__).parent
    return "\n".join((here / f"{name}.lark").read_text(encoding="utf-8") for name in GRAMMAR_FILES)


@functools.cache
def lark_parser() -> Lark:
    """The compiled parser; it builds AST nodes as it reduces (no parse tree).

    Built once per process; Lark caches the compiled tables on disk.
    """
    text = grammar_text()
    # Tokens that carry meaning are those of the named terminals (SELF, NUMBER,
    # MANA_SYMBOL...); keywords and _HIDDEN terminals are only there to parse.
    named = set(re.findall(r"^([A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:", text, flags=re.M))
    keep_rules = set(re.findall(r"^!(\w+)", text, flags=re.M))
    return Lark(
        text,
        start="card",
        parser="lalr",
        lexer=CardLexer,
        keep_all_tokens=True,
        transformer=InlineAst(named, keep_rules),
        cache=True,
    )


@functools.cache
def lexer_only() -> Lark:
    """The same grammar with no transformer, for lexing benchmarks."""
    return Lark(grammar_text(), start="card", parser="lalr", lexer="contextual", cache=True)


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
    """A piece of a card file, in order: a card block or a comment line."""

    block: Block | None = None
    comment: str | None = None
    line: int = 0


def split_file(text: str) -> list[Segment]:
    """Split a card file into comment lines and card blocks.

    A blank line ends a card; a line starting with ``#`` is a comment wherever
    it is (inside a card it is skipped and keeps the card together).
    """
    segments: list[Segment] = []
    current: Block | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if line.lstrip().startswith("#"):
            if current is None:
                segments.append(Segment(comment=line, line=number))
            else:
                current.comments.append(line)
                current.lines.append("")  # keeps the numbering
            continue
        if not line.strip():
            current = None
            continue
        if current is None:
            current = Block(number, [])
            segments.append(Segment(block=current))
        current.lines.append(line)
    return segments


# --------------------------------------------------------------------------
# Parsing one card
# --------------------------------------------------------------------------

_REMINDER_LINE = re.compile(r"^\s*\([^()]*\)\s*$")
_BARE_MANA = re.compile(r"\s((?:\d+|[WUBRGCX])[WUBRGCX]*)$")
_WORD_CHARS = r"[\w\ue000\ue001]"


def _substitute(text: str, name: str, char: str) -> str:
    if not name:
        return text
    pattern = re.compile(rf"(?<!{_WORD_CHARS}){re.escape(name)}(?!{_WORD_CHARS})")
    return pattern.sub(lambda m: char * len(m.group(0)), text)


def parse_block(block: Block, filename: str = "<string>") -> A.Card:
    """Parse one card's lines; raise :class:`CardParseError` at the first error."""
    lines = [ln for ln in block.lines]
    first = next((i for i, ln in enumerate(lines) if ln.strip()), 0)
    name_line = lines[first]
    brace = name_line.find("{")
    name = (name_line[:brace] if brace >= 0 else name_line).strip()
    indent = len(name_line) - len(name_line.lstrip())
    if brace < 0:
        m = _BARE_MANA.search(name_line)
        if m and any(ch.isdigit() for ch in m.group(1)) or (m and len(m.group(1)) > 1):
            assert m is not None
            raise _error(
                filename,
                block,
                block.start + first,
                m.start(1) + 1,
                "mana cost without braces",
                text=m.group(1),
                hint="write each mana symbol in braces, like {1}{G}",
            )
    if not name:
        raise _error(filename, block, block.start + first, 1, "a card starts with its name")
    type_line = next((ln for ln in lines[first + 1 :] if ln.strip()), "")
    legendary = "Legendary" in type_line
    short = name.split(",", 1)[0] if legendary and "," in name else ""
    sub_lines = [name_line[:indent] + SELF_CHAR * len(name) + name_line[indent + len(name) :]]
    for i, ln in enumerate(lines[first + 1 :]):
        if _REMINDER_LINE.match(ln):
            ln = ""  # a line of reminder text only ("({T}: Add {G}.)") means nothing
        elif i == 0 or not ln.strip():
            sub_lines.append(ln)  # the type line names no card
            continue
        ln = _substitute(ln, name, SELF_CHAR)
        if short:
            ln = _substitute(ln, short, SHORT_CHAR)
        sub_lines.append(ln)
    text = "\n" * (block.start + first - 1) + "\n".join(sub_lines) + "\n"
    try:
        parsed: Any = lark_parser().parse(text)  # the AST parts built by InlineAst.card
        cost, type_node, abilities, stats = parsed
    except TextError as exc:
        line, col, width = _text_error_place(exc)
        shown = _source_line(block, line)[col - 1 : col - 1 + width]
        raise _error(filename, block, line, col, exc.message, text=shown) from None
    except UnexpectedInput as exc:
        raise _from_lark(exc, filename, block, text) from None
    pt = stats if isinstance(stats, A.PowerToughness) else None
    loyalty = stats if isinstance(stats, A.Loyalty) else None
    card = A.Card(
        name,
        cost,
        type_node,
        abilities,
        pt,
        loyalty,
        span=A.Span(block.start, 1, block.start + len(lines) - 1, 1),
    )
    _check_layout(card, filename, block)
    return card


def _text_error_place(exc: TextError) -> tuple[int, int, int]:
    if exc.token is not None:
        return exc.token.line or 1, exc.token.column or 1, len(str(exc.token))
    if exc.span is not None:
        width = exc.span.end_column - exc.span.column if exc.span.end_line == exc.span.line else 1
        return exc.span.line, exc.span.column, max(1, width)
    return 1, 1, 1


def _check_layout(card: A.Card, filename: str, block: Block) -> None:
    """CR 208/209: creatures have P/T, Vehicles may; planeswalkers have loyalty."""
    types = card.type_line.types
    last_line = block.start + len(block.lines) - 1
    can_have_pt = "Creature" in types or "Vehicle" in card.type_line.subtypes
    if card.loyalty is not None and "Planeswalker" not in types:
        sp = card.loyalty.span
        raise _error(
            filename, block, sp.line if sp else last_line, 1, "only planeswalkers have loyalty"
        )
    if "Creature" in types and card.pt is None:
        raise _error(
            filename,
            block,
            last_line,
            1,
            "a creature needs power/toughness on its last line, like 2/2",
        )
    if card.pt is not None and not can_have_pt:
        sp = card.pt.span
        raise _error(
            filename,
            block,
            sp.line if sp else last_line,
            sp.column if sp else 1,
            "only creatures and Vehicles have power/toughness",
            text=f"{card.pt.power}/{card.pt.toughness}",
        )
    if "Planeswalker" in types and card.loyalty is None:
        raise _error(
            filename, block, last_line, 1, "a planeswalker needs a last line like 'Loyalty: 3'"
        )
    if card.loyalty is not None and "Planeswalker" not in types:
        sp = card.loyalty.span
        raise _error(
            filename, block, sp.line if sp else last_line, 1, "only planeswalkers have loyalty"
        )


def _source_line(block: Block, line: int) -> str:
    i = line - block.start
    if 0 <= i < len(block.lines):
        return block.lines[i]
    return ""


def _error(
    filename: str, block: Block, line: int, column: int, message: str, *,
    text: str = "", hint: str = "", expected: tuple[str, ...] = (),
) -> CardParseError:  # fmt: skip
    loc = Location(filename, line, column, _source_line(block, line))
    return CardParseError(message, loc, text=text, hint=hint, expected=expected)


# --------------------------------------------------------------------------
# Turning Lark's errors into an author's error
# --------------------------------------------------------------------------

_TERMINAL_WORDS = {
    "MANA_SYMBOL": "a mana symbol like {2} or {G}",
    "TAP_SYMBOL": "{T}",
    "UNTAP_SYMBOL": "{Q}",
    "SUBTYPE": "a subtype like Goblin",
    "PT": "power/toughness like 2/2",
    "PT_MOD": "a change like +1/+1",
    "NUMBER": "a number",
    "LOYALTY_VALUE": "a loyalty number",
    "_NL": "the end of the line",
    "$END": "the end of the card",
    "SELF": "the card's name",
    "SELF_SHORT": "the card's short name",
    "SUPERTYPE": "a supertype (Legendary, Basic, Snow)",
    "CARD_TYPE": "a card type (Creature, Instant, ...)",
    "_DASH": "a dash (—)",
    "LANDWALK": "a landwalk keyword",
    "_BULLET_LINE": "a mode on a new line starting with •",
    "_THEN": "', then'",
    "_WHERE": "', where'",
}


def _describe(names: Iterable[str]) -> tuple[str, ...]:
    parser = lark_parser()
    by_name = {t.name: t for t in parser.terminals}
    words: set[str] = set()
    for name in names:
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
            continue
        term = by_name.get(name)
        if term is not None and term.pattern.type == "str":
            words.add(f"'{term.pattern.value}'")
        elif name == "DOT" or name == "COMMA" or name == "COLON":
            words.add({"DOT": "'.'", "COMMA": "','", "COLON": "':'"}[name])
    ordered = sorted(words, key=lambda w: (not w.startswith("'"), w.lower()))
    if len(ordered) > 12:
        ordered = ordered[:12] + [f"... ({len(words) - 12} more)"]
    return tuple(ordered)


_TYPE_LINE = re.compile(
    r"^\s*(?:(?:Legendary|Basic|Snow|World) )*"
    r"(?:Artifact|Creature|Enchantment|Instant|Land|Planeswalker|Sorcery|Kindred|Tribal|Battle)\b"
)
_TRAILING_REMINDER = re.compile(r"\s*\([^()]*\)\s*$")


def _from_lark(exc: UnexpectedInput, filename: str, block: Block, text: str) -> CardParseError:
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    src = _source_line(block, line)
    first = block.start + next((i for i, ln in enumerate(block.lines) if ln.strip()), 0)
    for number in (line, line + 1):
        # A type line after the card's own: two cards without a blank line between them.
        if number > first + 1 and _TYPE_LINE.match(_source_line(block, number)):
            start = number - 1
            return _error(
                filename, block, start, 1,
                "this looks like the start of another card",
                text=_source_line(block, start).strip(),
                hint="separate cards with a blank line",
            )
    keyword = re.match(r"\s*(kicker|multikicker)\b", src)
    if keyword and line > first + 1:
        word = keyword.group(1)
        return _error(
            filename, block, line, keyword.start(1) + 1,
            f"write '{word.capitalize()}' with a capital letter",
            text=word,
        )
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream or 0
        ch = text[pos] if pos < len(text) else ""
        expected = _describe(exc.allowed or ())
        if ch == "{":
            rest = src[column - 1 :]
            close = rest.find("}")
            if close < 0:
                return _error(
                    filename,
                    block,
                    line,
                    column,
                    "unclosed brace '{'",
                    text="{",
                    hint="close the mana symbol with '}'",
                    expected=expected,
                )
            return _error(
                filename,
                block,
                line,
                column,
                f"unknown mana symbol {rest[: close + 1]}",
                text=rest[: close + 1],
                hint="mana symbols are {2}, {G}, {X}, {W/U}, {2/W}, {G/P}, {C}, {S}, {T}",
                expected=expected,
            )
        if ch == "(":
            return _error(
                filename,
                block,
                line,
                column,
                "unclosed parenthesis '('",
                text="(",
                hint="reminder text is closed with ')' on the same line",
                expected=expected,
            )
        if ch in (SELF_CHAR, SHORT_CHAR):
            return _error(
                filename,
                block,
                line,
                column,
                "the card's name is not expected here",
                text=ch,
                expected=expected,
            )
        word = re.match(r"[\w'/+\-*]+", src[column - 1 :])
        shown = word.group(0) if word else ch
        return _error(
            filename,
            block,
            line,
            column,
            f"unexpected '{shown}'",
            text=shown,
            hint=_hint_for(shown, expected),
            expected=expected,
        )
    if isinstance(exc, UnexpectedToken):
        tok: Token = exc.token
        expected = _describe(exc.expected or ())
        value = str(tok)
        if tok.type == "$END" or (tok.type == "_NL"):
            meaningful = _TRAILING_REMINDER.sub("", src)
            if column > len(meaningful) + 1:
                column = len(meaningful) + 1  # point before the reminder text, not after it
            bare_words = re.fullmatch(r"\s*([A-Z][\w-]*)(?: [\w-]+)*", meaningful)
            if bare_words and "'.'" not in expected:
                word = bare_words.group(1)
                return _error(
                    filename, block, line, bare_words.start(1) + 1,
                    f"unknown keyword or ability '{word}'",
                    text=word,
                    expected=expected,
                )
            if "'.'" in expected:
                return _error(
                    filename,
                    block,
                    line,
                    column,
                    "missing '.' at the end of the sentence",
                    text=" ",
                    expected=expected,
                )
            return _error(
                filename, block, line, column, "the line ends too early", expected=expected
            )
        if value and value[0] in (SELF_CHAR, SHORT_CHAR):
            value = "the card's name"
        bare = re.match(r"\w+", src[column - 1 :])
        if (
            bare
            and _BARE_SYMBOLS.match(bare.group(0))
            and any("mana symbol" in e for e in expected)
        ):
            # "Kicker 2G" lexes as NUMBER then a word; report the whole cost.
            return _error(
                filename,
                block,
                line,
                column,
                "mana cost without braces",
                text=bare.group(0),
                hint=_hint_for(bare.group(0), expected),
                expected=expected,
            )
        return _error(
            filename,
            block,
            line,
            column,
            f"unexpected '{value}'",
            text=str(tok),
            hint=_hint_for(value, expected),
            expected=expected,
        )
    if isinstance(exc, UnexpectedEOF):
        last = block.start + len(block.lines) - 1
        return _error(
            filename,
            block,
            last,
            len(_source_line(block, last)) + 1,
            "the card ends too early",
            expected=_describe(exc.expected or ()),
        )
    return _error(filename, block, line, column, str(exc))


_BARE_SYMBOLS = re.compile(r"^(?:\d+|[WUBRGCX])+$")


def _hint_for(word: str, expected: tuple[str, ...]) -> str:
    low = word.lower()
    if low.startswith("•"):
        return "a line starting with • is a mode of a 'Choose one —' ability on the line before"
    if low in ("enter", "enter the battlefield"):
        return "write 'enters' (\"[this] enters ...\")"
    if _BARE_SYMBOLS.match(word) and any("mana symbol" in e for e in expected):
        symbols = "".join("{" + s + "}" for s in re.findall(r"\d+|[WUBRGCX]", word))
        return f"mana costs are written in braces: {symbols}"
    if low in ("kicked", "kick") and "'was'" in expected:
        return "write 'was kicked'"
    return ""


# --------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------


@dataclass
class ParseResult:
    """The cards of a file that parsed, and an error for each card that did not."""

    cards: list[A.Card]
    errors: list[CardParseError]
    segments: list[Segment]


def parse_text(text: str, filename: str = "<string>") -> ParseResult:
    """Parse every card of a card file; collect every card's error."""
    segments = split_file(text)
    cards: list[A.Card] = []
    errors: list[CardParseError] = []
    for seg in segments:
        if seg.block is None:
            continue
        try:
            cards.append(parse_block(seg.block, filename))
        except CardParseError as exc:
            errors.append(exc)
    return ParseResult(cards, errors, segments)


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
