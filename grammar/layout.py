"""The layout of a card (design.md, "Card files"): the name line, the type
line (CR 205), the paragraphs of rules text, power/toughness (208) or
loyalty (209) or defense (310.4), and the faces of a multi-face card
(split, adventure, transforming and modal double-faced cards, 709-712).

A card block is read here, line by line; each paragraph of rules text is
parsed on its own by the grammar (:func:`cardtext.grammar.parser.parse_paragraph`),
so every wrong line of a card gets its own error.  A paragraph is one
ability line and the mode lines ("• ...") that follow it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any, NamedTuple

from . import vocabulary
from .errors import CardParseError, Location
from .lang import concern
from .lang.card import ClassLevel, LevelerBlock, Station, StationTier
from .lang.mana import ManaCost, mana_symbol, mana_text
from .node import Node, Span, renders, replace
from .reminders import reminder_for
from .render import Renderer, or_list

# --------------------------------------------------------------------------
# Nodes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypeLine(Node):
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PowerToughness(Node):
    """ "2/2", "*/3", "1+*/1+*"."""

    power: str
    toughness: str


@dataclass(frozen=True, slots=True)
class Loyalty(Node):
    value: str


@dataclass(frozen=True, slots=True)
class Defense(Node):
    """A battle's defense (310.4)."""

    value: str


@dataclass(frozen=True, slots=True)
class Card(Node):
    """One card, or one face of a multi-face card.  A multi-face card has its
    ``faces`` (each a :class:`Card`) and its ``layout``; its own name is the
    faces' names joined by " // "."""

    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine
    abilities: tuple[Any, ...]
    pt: PowerToughness | None = None
    loyalty: Loyalty | None = None
    faces: tuple[Card, ...] = ()
    layout: str = ""
    defense: Defense | None = None
    layout_written: bool = field(default=False, compare=False, metadata={"shown": False})
    color_indicator: tuple[str, ...] = ()
    """The colors of the face's color indicator (204), as mana letters in
    WUBRG order ("G"): a face with no mana cost, as the back face of a
    transforming card, has its colors from it (202.2, 204.2)."""
    """Whether the kind of card was written after "//" (a bare "//" leaves it
    to be worked out from the faces): ``cardtext fmt`` keeps it as written."""

    @property
    def short_name(self) -> str:
        """The part of a legendary name before the comma (201.5)."""
        return self.name.split(",", 1)[0]

    def kickers(self) -> tuple[Any, ...]:
        Kicker = concern("keywords").Kicker
        return tuple(a for a in self.abilities if isinstance(a, Kicker))


LAYOUTS = ("split", "adventure", "omen", "transform", "modal", "flip", "meld", "aftermath")
"""Kinds of multi-face card, written after "//" ("// transform")."""

# --------------------------------------------------------------------------
# Reading a card block
# --------------------------------------------------------------------------

SELF_CHAR = "\ue000"
SHORT_CHAR = "\ue001"
_PRIVATE = re.compile("[\ue000-\uf8ff]")
_REMINDER_LINE = re.compile(r"^\s*\([^()]*\)\s*$")
_PT = re.compile(r"^\s*((?:\d+[+-]\*|\*[+-]\d+|\d+|X|\*|\d+\.\d+)/(?:\d+[+-]\*|\*[+-]\d+|\d+|X|\*|\d+\.\d+))\s*$")
_LOYALTY = re.compile(r"^\s*[Ll]oyalty:\s*(\d+|X)\s*$")
_DEFENSE = re.compile(r"^\s*[Dd]efense:\s*(\d+)\s*$")
_FACE_SEP = re.compile(r"^\s*//\s*(\w*)\s*$")
_MANA = re.compile(r"\{[^{}]*\}")
_BAD_PT = re.compile(r"^\s*(\d+|X|\*)\s*[\\|:]\s*(\d+|X|\*)\s*$")
_WORD_CHARS = r"[\w\ue000\ue001]"
_BARE_COST = re.compile(r"\s((?:\d{1,3}|[WUBRGCX])[WUBRGCX]{0,10})$")  # a name line's cost without braces
_TYPE_DASH = re.compile(r"\s(—|--|-|–)\s")  # between a type line's types and subtypes
_TIER = re.compile(r"^([ \t]*)(\d+)\+[ \t]*\|[ \t]*")  # a station symbol: "12+ | Flying" (702.184)
_AS_ENTERS_AFTER = re.compile(r"(?<=\.) (?=As (?:it|this [a-z]+|[\ue000\ue001]+) enters\b)")
"""Where "As it enters, ..." (614.12) begins a second ability on the line of
a static ability: "This land enters tapped. As it enters, choose a color."."""
_LEVELER = re.compile(r"^[ \t]*LEVEL[ \t]+(\d+)(?:[ \t]*-[ \t]*(\d+)|(\+))[ \t]*$")  # "LEVEL 1-3", "LEVEL 4+" (711.2)
_CLASS_LEVEL = re.compile(r"^[ \t]*((?:\{[^{}]*\}[ \t]*)+):[ \t]*Level[ \t]+(\d+)[ \t]*$")  # "{1}{G}: Level 2" (716.2)
_COLOR_INDICATOR = re.compile(r"^[ \t]*[Cc]olor indicator:[ \t]*(.*?)[ \t]*$")  # 204
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_NAMES = {letter: name.capitalize() for name, letter in _COLOR_LETTERS.items()}
_SYMBOL = re.compile(r"\d{1,6}|[WUBRGCSXYZ]|[WUBRG]/[WUBRG](?:/P)?|2/[WUBRG]|[WUBRGC]/P|H[WUBRG]")  # inside braces


@dataclass
class Face:
    """The lines of one face, with the file line number of each."""

    lines: list[tuple[int, str]]
    layout: str = ""


def _substitute(text: str, name: str, char: str) -> str:
    """Every whole-word mention of ``name`` in ``text`` as ``char`` × its length
    (its words may be apart by more than one space or a tab, as anywhere in
    card text)."""
    if " " in name and ("  " in text or "\t" in text):
        return _spaced_name(name).sub(lambda m: char * len(m.group()), text)
    if not name or name not in text:
        return text
    out = []
    start = 0
    n = len(name)
    while True:
        i = text.find(name, start)
        if i < 0:
            break
        before = text[i - 1] if i else ""
        after = text[i + n] if i + n < len(text) else ""
        if _word_char(before) or _word_char(after):
            out.append(text[start : i + 1])
            start = i + 1
            continue
        out.append(text[start:i] + char * n)
        start = i + n
    out.append(text[start:])
    return "".join(out)


@lru_cache(maxsize=256)
def _spaced_name(name: str) -> re.Pattern[str]:
    """``name`` as a whole word, its words apart by any run of spaces and tabs."""
    words = r"[ \t]+".join(re.escape(word) for word in name.split(" ") if word)
    return re.compile(rf"(?<![\w\ue000\ue001]){words}(?![\w\ue000\ue001])")


def _word_char(ch: str) -> bool:
    return bool(ch) and (ch.isalnum() or ch == "_" or ch in "\ue000\ue001")


class Reader:
    """Reads one card block; collects every error of every line."""

    def __init__(self, filename: str, lines: list[tuple[int, str]], *, first_error: bool = False) -> None:
        self.filename = filename
        self.first_error = first_error  # stop reading at the first error (its place is the first)
        self.lines = lines
        self.by_number = dict(lines)
        self.errors: list[CardParseError] = []
        self.warnings: list[CardParseError] = []
        self.host = ("", "")  # the type line and power/toughness of the face being read

    def error(self, line: int, column: int, message: str, *, text: str = "", hint: str = "",
              expected: tuple[str, ...] = (), kind: str = "error") -> CardParseError:  # fmt: skip
        loc = Location(self.filename, line, column, self.by_number.get(line, ""))
        return CardParseError(message, loc, text=text, hint=hint, expected=expected, kind=kind)

    def read(self) -> Card | None:
        faces = self._faces()
        cards = []
        for index, f in enumerate(faces):
            cards.append(self._face(f, index))
            if self.first_error and self.errors:
                break  # the faces after it start on later lines
        if any(c is None for c in cards) or self.errors:
            return None
        if len(cards) == 1:
            return cards[0]
        done = [c for c in cards if c is not None]
        written = next((f.layout for f in faces[1:] if f.layout), "")
        layout = written or _guess_layout(done)
        first = self.lines[0][0]
        last = self.lines[-1][0]
        return Card(" // ".join(c.name for c in done), None, done[0].type_line, (), faces=tuple(done),
                    layout=layout, span=Span(first, 1, last, 1), layout_written=bool(written))  # fmt: skip

    def _faces(self) -> list[Face]:
        if self.lines and "//" not in "\n".join([line for _, line in self.lines]):
            return [Face(list(self.lines))]  # one face, as most cards: no line to look at one by one
        faces = [Face([])]
        for number, line in self.lines:
            m = _FACE_SEP.match(line) if "//" in line else None  # the pattern needs "//"
            if m:
                layout = m.group(1).lower()
                if layout and layout not in LAYOUTS:
                    self.errors.append(self.error(number, line.index(m.group(1)) + 1,
                                                  f"unknown layout '{m.group(1)}'",
                                                  hint="after '//' write one of " + ", ".join(LAYOUTS)))
                faces.append(Face([], layout))
                continue
            faces[-1].lines.append((number, line))
        for f in faces:
            if not f.lines:
                number = self.lines[-1][0]
                self.errors.append(self.error(number, 1, "a face of a card is empty"))
        return [f for f in faces if f.lines]

    # ---- one face ---------------------------------------------------------

    def _face(self, face: Face, index: int = 0) -> Card | None:
        lines = face.lines
        number, name_line = lines[0]
        name, cost = self._name_line(number, name_line)
        if len(lines) < 2:
            self.errors.append(self.error(number, len(name_line) + 1, "a card needs a type line after its name"))
            return None
        type_number, type_text = lines[1]
        type_line = self._type_line(type_number, type_text)
        body = lines[2:]
        indicator: tuple[str, ...] = ()
        if body and "olor indicator" in body[0][1]:
            found = self._color_indicator(*body[0])
            if found is not None:
                indicator = found
                body = body[1:]
        stats: Any = None
        if body:
            last_number, last = body[-1]
            stats = self._stats(last_number, last)
            if stats is not None:
                body = body[:-1]
        if name is None or type_line is None:
            return None
        legendary = "Legendary" in type_line.supertypes
        short = name.split(",", 1)[0] if legendary and "," in name else ""
        pt = f"{stats.power}/{stats.toughness}" if isinstance(stats, PowerToughness) else ""
        self.host = (type_text, pt)
        abilities: list[Any] = []
        for header, section in _sections(body):
            if header is None:
                abilities.extend(self._abilities(section, name, short))
            else:
                section_ability = self._section(header, section, name, short)
                if section_ability is not None:
                    abilities.append(section_ability)
        if self.errors:
            return None
        card = Card(name, cost, type_line, tuple(abilities), span=Span(number, 1, lines[-1][0], 1),
                    color_indicator=indicator)  # fmt: skip
        return self._stats_check(card, stats, lines, back=index > 0)

    def _color_indicator(self, number: int, line: str) -> tuple[str, ...] | None:
        """ "Color indicator: Green, White" (204): the colors, in WUBRG order;
        None if the line is no color indicator."""
        m = _COLOR_INDICATOR.match(line)
        if m is None:
            return None
        found: set[str] = set()
        start = m.start(1)
        for word in re.finditer(r"[A-Za-z]+", m.group(1)):
            letter = _COLOR_LETTERS.get(word.group().lower())
            if letter is None and word.group().lower() != "and":
                self.errors.append(self.error(number, start + word.start() + 1, f"'{word.group()}' is not a color",
                                              text=word.group(), hint="a color indicator names colors: White, "
                                              "Blue, Black, Red, Green"))  # fmt: skip
                return ()
            if letter is not None:
                found.add(letter)
        return tuple(c for c in "WUBRG" if c in found)

    def _abilities(self, body: list[tuple[int, str]], name: str, short: str) -> list[Any]:
        """The abilities of some lines of rules text, a paragraph each; a
        paragraph after a station symbol ("12+ | ...") is the ability of
        that symbol (702.184)."""
        abilities: list[Any] = []
        for start, paragraph in _paragraphs(body):
            if self.first_error and self.errors:
                break  # the paragraphs after it start on later lines
            threshold = None
            first_number, first = paragraph[0]
            tier = _TIER.match(first) if "|" in first else None
            if tier is not None:
                threshold = int(tier.group(2))
                paragraph = [(first_number, " " * tier.end() + first[tier.end():]), *paragraph[1:]]
            text = self._self_reference(paragraph, name, short)
            if text is None:
                continue
            pair = self._static_then_as_enters(start, text) if threshold is None else None
            if pair is not None:
                abilities.extend(pair)
                continue
            ability = self._ability(start, text, (name, short))
            if ability is not None and text != paragraph and self._read_both_ways(paragraph, (name, short)):
                continue
            if ability is not None and threshold is not None:
                where = Span(first_number, 1, paragraph[-1][0], len(paragraph[-1][1]) + 1)
                ability = StationTier(threshold, ability, span=where)
            if ability is not None:
                abilities.append(ability)
        return abilities

    def _section(self, header: tuple[int, str, re.Match[str]], section: list[tuple[int, str]],
                 name: str, short: str) -> Any:  # fmt: skip
        """A Class's level bar (716.2) or a leveler's "LEVEL N-M" block (711.2),
        with the abilities of the lines after it."""
        number, line, m = header
        last = section[-1][0] if section else number
        where = Span(number, 1, last, 1)
        if m.re is _CLASS_LEVEL:
            abilities = self._abilities(section, name, short)
            cost = self._mana_cost(number, m.start(1), m.group(1).rstrip())
            if cost is None:
                return None
            return ClassLevel(int(m.group(2)), cost, tuple(abilities), span=where)
        pt = self._block_pt(section)
        abilities = self._abilities(section, name, short)
        low, high = int(m.group(1)), int(m.group(2)) if m.group(2) else None
        if high is not None and high < low:
            self.errors.append(self.error(number, m.start(2) + 1, f"a level range ends below its start ({low}-{high})",
                                          text=m.group(2)))
            return None
        return LevelerBlock(low, high, pt, tuple(abilities), span=where)

    def _block_pt(self, section: list[tuple[int, str]]) -> PowerToughness | None:
        """The power/toughness a leveler's block starts with (711.2a), taken
        out of ``section``."""
        if not section:
            return None
        number, line = section[0]
        m = _PT.match(line)
        if m is None:
            return None
        del section[0]
        power, toughness = m.group(1).split("/")
        col = line.index(m.group(1)) + 1
        return PowerToughness(power, toughness, span=Span(number, col, number, col + len(m.group(1))))

    def _mana_cost(self, number: int, start: int, text: str) -> ManaCost | None:
        """The mana cost ``text``, written from column ``start + 1`` of line ``number``."""
        places, mistake = _cost_places(text)
        if mistake is not None:
            offset, message, shown, hint = mistake
            self.errors.append(self.error(number, start + offset + 1, message, text=shown, hint=hint))
            return None
        symbols = tuple([mana_symbol(inner, Span(number, start + a + 1, number, start + b + 1))
                         for inner, a, b in places])  # fmt: skip
        return ManaCost(symbols, span=Span(number, start + 1, number, start + 1 + len(text)))

    def _name_line(self, number: int, line: str) -> tuple[str | None, ManaCost | None]:
        brace = line.find("{")
        name = (line[:brace] if brace >= 0 else line).strip()
        private = None if line.isascii() else _PRIVATE.search(line)  # private-use characters aren't ASCII
        if private:
            self.errors.append(self.error(number, private.start() + 1, "a private-use character is not card text"))
            return None, None
        hidden = _hidden_character(line)
        if hidden is not None:
            self.errors.append(self.error(number, hidden + 1, f"a card name can't hold {code_point(line[hidden])}: "
                                          "a character that doesn't show (or changes how the text around it "
                                          "shows) would make two names that look the same", text=line[hidden]))  # fmt: skip
            return None, None
        if brace < 0:
            m = _BARE_COST.search(line)
            if m and (any(ch.isdigit() for ch in m.group(1)) or len(m.group(1)) > 1):
                self.errors.append(self.error(number, m.start(1) + 1, "mana cost without braces",
                                              text=m.group(1),
                                              hint="write each mana symbol in braces, like {1}{G}"))
                return None, None
        if not name:
            self.errors.append(self.error(number, 1, "a card starts with its name"))
            return None, None
        cost = None
        if brace >= 0:
            rest = line[brace:].rstrip()
            places, mistake = _cost_places(rest)
            if mistake is not None:
                offset, message, text, hint = mistake
                self.errors.append(self.error(number, brace + offset + 1, message, text=text, hint=hint))
                return None, None
            symbols = tuple([mana_symbol(inner, Span(number, brace + start + 1, number, brace + end + 1))
                             for inner, start, end in places])  # fmt: skip
            cost = ManaCost(symbols, span=Span(number, brace + 1, number, brace + 1 + len(rest)))
        return name, cost

    def _type_line(self, number: int, text: str) -> TypeLine | None:
        found = _type_words(text)
        t = vocabulary.types()
        for pos, w in found.unlisted:
            # a subtype the rules don't list (205.3): a misspelling, or a new
            # design's own type, which this line declares for the file's rules
            # text (vocabulary.declared) — said either way, never silently
            self.warnings.append(self.error(
                number, pos, f"'{w}' is not a subtype the rules list (a new one?)", text=w,
                hint=_did_you_mean(w, list(t.subtypes)), kind="warning"))
        if found.error is not None:
            column, message, shown, hint = found.error
            self.errors.append(self.error(number, column, message, text=shown, hint=hint))
            return None
        return TypeLine(found.supertypes, found.types, found.subtypes,
                        span=Span(number, 1, number, len(text) + 1))  # fmt: skip

    def _stats(self, number: int, line: str) -> Any:
        last = line.rstrip()[-1:]
        if last and not last.isdecimal() and last not in "X*":
            return None  # each pattern ends with a digit, X or * (a line of rules text, mostly, ends with '.')
        m = _PT.match(line)
        if m:
            power, toughness = m.group(1).split("/")
            col = line.index(m.group(1)) + 1
            return PowerToughness(power, toughness, span=Span(number, col, number, col + len(m.group(1))))
        m = _LOYALTY.match(line)
        if m:
            return Loyalty(m.group(1), span=Span(number, 1, number, len(line) + 1))
        m = _DEFENSE.match(line)
        if m:
            return Defense(m.group(1), span=Span(number, 1, number, len(line) + 1))
        m = _BAD_PT.match(line)
        if m:
            self.errors.append(self.error(number, 1, "power/toughness is written with '/'",
                                          text=line.strip(), hint=f"write {m.group(1)}/{m.group(2)}"))
            return "bad"
        return None

    def _stats_check(self, card: Card, stats: Any, lines: list[tuple[int, str]], *, back: bool = False) -> Card | None:
        """CR 208/209: creatures have P/T, Vehicles may; planeswalkers have
        loyalty, except on the back face of a transforming card, which keeps
        the loyalty counters of the front face it was (306.5b, 712.8)."""
        if stats == "bad":
            return None
        types = card.type_line.types
        last_line = lines[-1][0]
        if isinstance(stats, PowerToughness):
            if "Creature" not in types and "Vehicle" not in card.type_line.subtypes and "Spacecraft" not in card.type_line.subtypes:
                sp = stats.span
                self.errors.append(self.error(sp.line if sp else last_line, sp.column if sp else 1,
                                              "only creatures and Vehicles have power/toughness",
                                              text=f"{stats.power}/{stats.toughness}"))
                return None
            return replace(card, pt=stats)
        if isinstance(stats, Loyalty):
            if "Planeswalker" not in types:
                self.errors.append(self.error(last_line, 1, "only planeswalkers have loyalty"))
                return None
            return replace(card, loyalty=stats)
        if isinstance(stats, Defense):
            if "Battle" not in types:
                self.errors.append(self.error(last_line, 1, "only battles have defense"))
                return None
            return replace(card, defense=stats)
        if "Creature" in types:
            self.errors.append(self.error(last_line, 1, "a creature needs power/toughness on its last line, like 2/2"))
            return None
        if "Planeswalker" in types and not back:
            self.errors.append(self.error(last_line, 1, "a planeswalker needs a last line like 'Loyalty: 3'"))
            return None
        return card

    # ---- rules text --------------------------------------------------------

    def _self_reference(self, paragraph: list[tuple[int, str]], name: str, short: str) -> list[tuple[int, str]] | None:
        out: list[tuple[int, str]] = []
        for number, line in paragraph:
            m = None if line.isascii() else _PRIVATE.search(line)  # private-use characters aren't ASCII
            if m:
                self.errors.append(self.error(number, m.start() + 1, "a private-use character is not card text",
                                              text=line[m.start()]))
                return None
            line = _substitute(line, name, SELF_CHAR)
            if short:
                line = _substitute(line, short, SHORT_CHAR)
            out.append((number, line))
        return out

    def _read_both_ways(self, paragraph: list[tuple[int, str]], names: tuple[str, ...]) -> bool:
        """Whether a paragraph that names the card also reads with that name
        taken as the words it is: a card named "It" and "Destroy target
        creature. It can't be regenerated." (the pronoun, or the card?).
        Only a name that is a word of the rules can be read both ways; the
        card is then wrong here (an error, not a guess).  True if so."""
        words = _rules_words()
        clashing = [n for n in names if n and n.lower() in words]
        if not clashing:
            return False
        try:
            _parser().parse_paragraph(paragraph, self.filename, self.by_number)
        except CardParseError:
            return False
        number, line = next((n, text) for n, text in paragraph if any(_substitute(text, c, SELF_CHAR) != text
                                                                       for c in clashing))  # fmt: skip
        word = next(c for c in clashing if _substitute(line, c, SELF_CHAR) != line)
        at = _substitute(line, word, SELF_CHAR).index(SELF_CHAR)
        self.errors.append(self.error(
            number, at + 1, f"'{word}' here reads both as the card's name and as the word '{word.lower()}' of the rules",
            text=word, hint="a card named like a word of the rules can't use that word where the name could stand; "
            "write 'this creature' (or 'this spell', ...) where it names itself, or rename the card"))  # fmt: skip
        return True

    def _static_then_as_enters(self, start: int, paragraph: list[tuple[int, str]]) -> tuple[Any, Any] | None:
        """A one-line paragraph that is a static ability and then an "As it
        enters, ..." replacement effect (614.12) — "This land enters tapped.
        As it enters, choose a color." — as two abilities, the second marked
        as printed on the first one's line; None if the paragraph isn't
        that (it is then read whole, as any other)."""
        if len(paragraph) != 1:
            return None
        number, line = paragraph[0]
        m = _AS_ENTERS_AFTER.search(line)
        if m is None:
            return None
        parser = _parser()
        try:
            parser.parse_paragraph(paragraph, self.filename, self.by_number)
            return None  # the line reads whole
        except CardParseError:
            pass
        first = [(number, line[: m.start()])]
        second = [(number, " " * m.end() + line[m.end():])]  # the columns kept, for spans
        try:
            static = parser.parse_paragraph(first, self.filename, self.by_number)
            as_enters = parser.parse_paragraph(second, self.filename, self.by_number)
        except CardParseError:
            return None
        AsEnters = concern("statics").AsEnters
        if not isinstance(as_enters, AsEnters) or isinstance(static, AsEnters):
            return None
        return static, replace(as_enters, same_line=True)

    def _ability(self, start: int, paragraph: list[tuple[int, str]], names: tuple[str, ...] = ()) -> Any:
        try:
            ability = _parser().parse_paragraph(paragraph, self.filename, self.by_number)
        except CardParseError as exc:
            if len(paragraph) == 1:
                from .definitions import keyword_of_its_own

                found = keyword_of_its_own(exc, paragraph[0], names, self.host, self.warnings)
                if not isinstance(found, CardParseError):
                    return found
                exc = found
            self.errors.append(_own_name_hint(exc, names))
            return None
        if "(" in paragraph[0][1]:
            self._reminder_check(ability, paragraph[0], names)
        return ability

    def _reminder_check(self, ability: Any, numbered: tuple[int, str], names: tuple[str, ...]) -> None:
        """A warning when the line's own reminder text differs from its
        keyword's definition (``cardtext fmt`` keeps the author's)."""
        from .definitions import restore_names
        from .reminders import reminder_warning_text

        number, text = numbered
        found = reminder_warning_text(ability, restore_names(text, names))
        if found is None:
            return
        yours, definition = found
        self.warnings.append(self.error(
            number, text.index("(") + 1, "this reminder text isn't the definition's (cardtext fmt keeps yours)",
            text=f"({yours})", hint=f"the definition says: ({definition})", kind="warning"))


@functools.cache
def _rules_words() -> frozenset[str]:
    """The words of the grammar, lower case (a card's name may be one)."""
    from .messages import grammar_words

    return frozenset(grammar_words())


@functools.cache
def _parser() -> ModuleType:
    """:mod:`cardtext.grammar.parser` (which imports this module), imported on first use."""
    from . import parser

    return parser


def _own_name_hint(exc: CardParseError, names: tuple[str, ...]) -> CardParseError:
    """ "Shok deals 2 damage" on Shock: an unknown capitalised word close to
    the card's own name (or its short name) is a misspelling of it.  A word
    of the name itself ("Sharae" on Sharae of Numbing Depths) is a shortened
    name (201.5) the reader doesn't take yet: not understood yet."""
    word = exc.text
    if not exc.message.startswith("unknown word") or not word[:1].isupper():
        return exc
    whole = {n: n for n in names if n}
    for n in list(whole):
        for part in n.replace(",", " ").split():
            whole.setdefault(part, n)  # "Grizly" for the "Grizzly" of Grizzly Bears
    if word in whole and word not in names:
        from .errors import NotUnderstood

        return NotUnderstood(exc.message, exc.location, text=exc.text, expected=exc.expected,
                             hint=f"a shortened name of '{whole[word]}' (201.5) other than the part before "
                                  "its comma isn't read yet; write the card's name")  # fmt: skip
    close = _closest(word, list(whole))
    if close:
        exc.hint = f"did you mean '{whole[close]}'?"
    return exc


class _TypeWords(NamedTuple):
    """What a type line's text says (:func:`_type_words`)."""

    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    unlisted: tuple[tuple[int, str], ...]  # each subtype the rules don't list as written, and its column
    error: tuple[int, str, str, str] | None  # the first mistake: its column, message, text and hint


@lru_cache(maxsize=4096)
def _type_words(text: str) -> _TypeWords:
    """The words of a type line, or its first mistake (after the subtypes
    before it).

    Remembered by the line's text: many cards have the same type line, and
    it is read the same way whatever the file declares; only whether an
    unlisted subtype is declared is left to each card
    (:meth:`Reader._type_line`)."""
    t = vocabulary.types()
    left, dash, right = _split_dash(text)
    sup: list[str] = []
    types: list[str] = []
    col = 1 + len(text) - len(text.lstrip())
    for w in left.split():
        pos = text.find(w, col - 1) + 1
        if w in t.supertypes and not types:
            sup.append(w)
        elif w in t.card_types:
            types.append("Kindred" if w == "Tribal" else w)
        elif w.capitalize() in t.card_types or w.capitalize() in t.supertypes:
            return _TypeWords((), (), (), (), (pos, f"write '{w.capitalize()}' with a capital letter", w, ""))
        else:
            close = _closest(w, [*t.card_types, *t.supertypes])
            hint = f"did you mean '{close}'?" if close else "the type line is 'Supertypes Types — Subtypes'"
            return _TypeWords((), (), (), (), (pos, f"'{w}' is not a card type or supertype", w, hint))
        col = pos + len(w)
    if not types:
        return _TypeWords((), (), (), (), (col, "a type line needs a card type (Creature, Instant, ...)", "", ""))
    subs: list[str] = []
    unlisted: list[tuple[int, str]] = []
    if dash:
        rest_col = len(left) + len(dash) + 1
        if "Plane" in types and right.strip():
            subs.append(right.strip())
        else:
            for w in right.split():
                pos = text.find(w, rest_col - 1) + 1
                rest_col = pos + len(w)
                if not w[:1].isupper():
                    error = (pos, f"a subtype is capitalised: '{w.capitalize()}'", w, "")
                    return _TypeWords((), (), (), tuple(unlisted), error)
                if w not in t.subtypes:
                    unlisted.append((pos, w))
                subs.append(w)
    return _TypeWords(tuple(sup), tuple(types), tuple(subs), tuple(unlisted), None)


def _split_dash(text: str) -> tuple[str, str, str]:
    m = _TYPE_DASH.search(text)
    if not m:
        if text.rstrip().endswith(("—", "--")):
            return text.rstrip().rstrip("—-"), "—", ""
        return text, "", ""
    return text[: m.start()], text[m.start(): m.end()], text[m.end():]


_AFTER_REMINDER = re.compile(r"(?<=\))[ \t]+(?=[A-Z])")


def _split_after_reminder(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A reminder text followed by more text on the same line ends the
    ability ("Kicker {1}{G} (...) Return target ..."): the rest is the next
    paragraph, kept at its columns."""
    out: list[tuple[int, str]] = []
    for number, line in lines:
        if ")" not in line:  # no reminder text ends on it: the line as it is
            out.append((number, line))
            continue
        start = 0
        for m in _AFTER_REMINDER.finditer(line):
            out.append((number, " " * start + line[start : m.start()]))
            start = m.end()
        out.append((number, " " * start + line[start:]))
    return out


_Header = tuple[int, str, re.Match[str]]


def _sections(lines: list[tuple[int, str]]) -> list[tuple[_Header | None, list[tuple[int, str]]]]:
    """The rules text cut at each Class level bar ("{1}{G}: Level 2", 716.2)
    and each leveler block ("LEVEL 1-3", 711.2): the lines before the first
    (no header), then each header and the lines to the next."""
    out: list[tuple[_Header | None, list[tuple[int, str]]]] = [(None, [])]
    for number, line in lines:
        m = None
        if "LEVEL" in line:
            m = _LEVELER.match(line)
        elif "Level" in line:
            m = _CLASS_LEVEL.match(line)
        if m is not None:
            out.append(((number, line, m), []))
        else:
            out[-1][1].append((number, line))
    return out


def _paragraphs(lines: list[tuple[int, str]]) -> list[tuple[int, list[tuple[int, str]]]]:
    """Ability paragraphs: a line, with the bullet lines after it."""
    out: list[tuple[int, list[tuple[int, str]]]] = []
    for number, line in _split_after_reminder(lines):
        if not line.strip() or "(" in line and _REMINDER_LINE.match(line):
            continue
        if out and _mode_line(line):
            out[-1][1].append((number, line))
            continue
        out.append((number, [(number, line)]))
    return out


def _mode_line(line: str) -> bool:
    """A line that is a mode of the ability before it: "• ..." (700.2), a
    spree mode "+ {1} — ..." (702.172) or a pawprint mode "{P} — ..." (700.2i)."""
    text = line.lstrip()
    first = text[:1]
    if first == "•":
        return True
    if first == "+":
        return text[1:].lstrip().startswith("{")
    return first == "{" and text.startswith("{P}")


_CostMistake = tuple[int, str, str, str]
"""A mistake in a name line's cost: where (from the first brace), the
message, the text shown and the hint."""


@lru_cache(maxsize=1024)
def _cost_places(rest: str) -> tuple[tuple[tuple[str, int, int], ...], _CostMistake | None]:
    """The mana symbols of a name line's cost (``rest``, from the line's first
    brace): each one's inside, and where it starts and ends in ``rest``; or
    its first mistake.

    Remembered by the cost's text: a card file repeats few different costs,
    and only the spans of the symbols differ from card to card."""
    places = []
    pos = 0
    for m in _MANA.finditer(rest):
        if rest[pos : m.start()].strip():
            break
        pos = m.end()
        inner = m.group(0)[1:-1]
        if not _valid_symbol(inner):
            from .messages import braces_hint

            return (), (m.start(), f"unknown mana symbol {m.group(0)}", m.group(0), braces_hint(m.group(0)) or
                        "mana symbols are {2}, {G}, {X}, {W/U}, {2/W}, {G/P}, {C}, {S}")  # fmt: skip
        places.append((inner, m.start(), m.end()))
    after = rest[pos:]
    if not after.strip():
        return tuple(places), None
    offset = pos + len(after) - len(after.lstrip())
    if "{" in after and "}" not in after:
        return (), (offset, "unclosed brace '{'", "{", "close the mana symbol with '}'")
    return (), (offset, "the name line ends with the mana cost", after.strip(), "")


def _valid_symbol(inner: str) -> bool:
    return bool(_SYMBOL.fullmatch(inner))


def _guess_layout(faces: list[Card]) -> str:
    return implied_layout(
        [f.mana_cost is not None for f in faces],
        [{*f.type_line.types, *f.type_line.subtypes} for f in faces],
    )


def implied_layout(costs: list[bool], type_words: list[set[str]]) -> str:
    """The layout a bare "//" means, from whether each face has a mana cost and
    the words of its type line: an Adventure (715), an Omen, a split card
    (every face an instant or sorcery, or every face a Room: 709.5), a modal
    double-faced card (every face has a cost), or a transforming card."""
    if len(type_words) == 2 and "Adventure" in type_words[1]:
        return "adventure"
    if len(type_words) == 2 and "Omen" in type_words[1]:
        return "omen"
    if all(costs):
        halves = all({"Instant", "Sorcery"} & words for words in type_words) or all("Room" in w for w in type_words)
        return "split" if halves else "modal"
    return "transform"


def _closest(word: str, words: list[str]) -> str:
    import difflib

    found = difflib.get_close_matches(word, words, n=1, cutoff=0.75)
    return found[0] if found else ""


def _did_you_mean(word: str, words: list[str]) -> str:
    close = _closest(word, words)
    return f"did you mean '{close}'?" if close else ""


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------

BASIC_LAND_MANA = {"Plains": "{W}", "Island": "{U}", "Swamp": "{B}", "Mountain": "{R}", "Forest": "{G}"}


@renders(TypeLine)
def _r_type_line(r: Any, n: TypeLine, **ctx: Any) -> str:
    left = " ".join((*n.supertypes, *n.types))
    return f"{left} — {' '.join(n.subtypes)}" if n.subtypes else left


@renders(PowerToughness)
def _r_pt(r: Any, n: PowerToughness, **ctx: Any) -> str:
    return f"{n.power}/{n.toughness}"


@renders(Loyalty)
def _r_loyalty(r: Any, n: Loyalty, **ctx: Any) -> str:
    return f"Loyalty: {n.value}"


@renders(Defense)
def _r_defense(r: Any, n: Defense, **ctx: Any) -> str:
    return f"Defense: {n.value}"


_PERIOD_BEFORE_COMMA = re.compile(r'\.",')
_PERIOD_WITHIN = re.compile(r'\."(?= [a-z])')


def quoted_punctuation(text: str) -> str:
    """A quoted ability's last period as Oracle writes it where the sentence
    goes on after the quote: a comma that follows the quote moves inside it
    ('with "This token can't block," where X is ...'), and before a word
    the period is left out ('gains "... if able" and "..."')."""
    text = _PERIOD_BEFORE_COMMA.sub(',"', text)
    return _PERIOD_WITHIN.sub('"', text)


def render_card_text(card: Card, *, reminders: bool = True, transforms: bool = False, written: Any = None) -> str:
    """The card as card-file text, without a trailing newline.  ``transforms``:
    the card is the front face of a transforming card (a Saga's reminder
    then has no "Sacrifice after", 714.4).  ``written`` (a
    :class:`cardtext.grammar.reminders.Written`): the card's own reminder text, kept
    where the renderer has none of its own or another one."""
    if card.faces:
        parts = []
        for i, face in enumerate(card.faces):
            if i:
                shown = card.layout_written or card.layout != _guess_layout(list(card.faces))
                parts.append("//" + (f" {card.layout}" if card.layout and shown else ""))
            parts.append(render_card_text(face, reminders=reminders, transforms=not i and card.layout == "transform",
                                          written=written))
        return "\n".join(parts)
    r = Renderer(card, reminders=reminders)
    head = card.name + (" " + mana_text(card.mana_cost) if card.mana_cost else "")
    lines = [head, r(card.type_line)]
    if card.color_indicator:
        lines.append("Color indicator: " + ", ".join(_COLOR_NAMES[c] for c in card.color_indicator))
    basic = [BASIC_LAND_MANA[s] for s in card.type_line.subtypes if s in BASIC_LAND_MANA]
    if reminders and "Land" in card.type_line.types and basic:
        # CR 305.6: a basic land type grants "{T}: Add [mana]"; Oracle prints it as reminder text.
        lines.append(f"({{T}}: Add {or_list(basic)}.)")
    if reminders:
        note = _structure_reminder(card, transforms)
        if note:
            lines.append(f"({note})")
    room = f"({ROOM_REMINDER})" if reminders and "Room" in card.type_line.subtypes else ""
    kept = written if written is not None and reminders and card.span is not None else None
    after = card.type_line.span.line if kept is not None and card.type_line.span else 0
    for i, a in enumerate(card.abilities):
        if i and getattr(a, "same_line", False):
            lines[-1] += " " + _ability_text(r, a, reminders, card, kept)  # "This land enters tapped. As it enters, ..."
            continue
        if kept is not None and a.span is not None:
            lines.extend(kept.reminder_lines(after, a.span.line, (*lines[2:], room)))
            after = max(a.span.end_line, a.span.line)
        lines.append(_ability_text(r, a, reminders, card, kept))
    if kept is not None and card.span is not None:
        lines.extend(kept.reminder_lines(after, card.span.end_line + 1, (*lines[2:], room)))
    if room:
        lines.append(room)
    for stat in (card.pt, card.loyalty, card.defense):
        if stat is not None:
            lines.append(r(stat))
    return "\n".join(lines)


ROOM_REMINDER = ("You may cast either half. That door unlocks on the battlefield. "
                 "As a sorcery, you may pay the mana cost of a locked door to unlock it.")
"""What each door of a Room card reminds (709.5)."""

_NUMERALS = ("", "I", "II", "III", "IV", "V", "VI")


def _station_reminder(card: Card) -> str:
    """Station's reminder text (702.184a); a Spacecraft with power and
    toughness is an artifact creature from its last station symbol on."""
    subtypes = card.type_line.subtypes
    kind = next((t for t in ("Spacecraft", "Planet") if t in subtypes), "permanent")
    tiers = [a.threshold for a in card.abilities if isinstance(a, StationTier)]
    creature = f" It's an artifact creature at {max(tiers)}+." if card.pt is not None and tiers else ""
    return (f"Tap another creature you control: Put charge counters equal to its power on this {kind}. "
            f"Station only as a sorcery.{creature}")


def _structure_reminder(card: Card, transforms: bool) -> str:
    """The reminder text a Saga (714.2) or a Class (716.2) prints before its
    abilities, or ""."""
    Chapter = concern("card").ChapterAbility
    if "Saga" in card.type_line.subtypes:
        chapters = [c for a in card.abilities if isinstance(a, Chapter) for c in a.chapters]
        if chapters:
            last = max(chapters)
            after = "" if transforms or last >= len(_NUMERALS) else f" Sacrifice after {_NUMERALS[last]}."
            return f"As this Saga enters and after your draw step, add a lore counter.{after}"
    if "Class" in card.type_line.subtypes and any(isinstance(a, ClassLevel) for a in card.abilities):
        return "Gain the next level as a sorcery to add its ability."
    return ""


def _ability_text(r: Renderer, a: Any, reminders: bool, card: Card, written: Any = None) -> str:
    """One ability as lines of card text (a Class level, a leveler block and a
    station symbol with the abilities they hold), with its reminder text
    (``written``: the author's kept, :class:`cardtext.grammar.reminders.Written`)."""
    if isinstance(a, ClassLevel):
        inner = [_ability_text(r, b, reminders, card, written) for b in a.abilities]
        return "\n".join([f"{r(a.cost)}: Level {a.level}", *inner])
    if isinstance(a, LevelerBlock):
        head = f"LEVEL {a.low}" + (f"-{a.high}" if a.high is not None else "+")
        pt = [r(a.pt)] if a.pt is not None else []
        return "\n".join([head, *pt, *(_ability_text(r, b, reminders, card, written) for b in a.abilities)])
    if isinstance(a, StationTier):
        return f"{a.threshold}+ | {_ability_text(r, a.ability, reminders, card, written)}"
    text = r(a)
    if '."' in text:
        text = quoted_punctuation(text)
    if reminders:
        note = _station_reminder(card) if isinstance(a, Station) else reminder_for(a)
        if written is not None and getattr(a, "span", None) is not None:
            return str(written.ability(a, text, note))
        if note:
            text += f" ({note})"
    return text


__all__ = ["Card", "Defense", "Loyalty", "PowerToughness", "Reader", "TypeLine", "render_card_text",
           "SELF_CHAR", "SHORT_CHAR"]  # fmt: skip


_ASCII_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _hidden_character(line: str) -> int | None:
    """The index of the first character of ``line`` that doesn't show: a
    control character (C0, C1, DEL) or a format character (bidirectional
    overrides, zero-width characters: Unicode category Cf); None if none."""
    if line.isascii():
        m = _ASCII_CONTROL.search(line)
        return m.start() if m else None
    for index, ch in enumerate(line):
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cf"):
            return index
    return None


def code_point(ch: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character named for a message."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")
