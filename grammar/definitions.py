"""Keyword definitions: what a keyword means, written in the card language.

A keyword ability (CR 702) or keyword action (CR 701) stands for the
abilities or instructions its reminder text spells out (207.2a).  The
definitions of the keywords of the table are data
(``grammar/data/keyword_definitions.txt``); a card file may define keywords
of its own (:func:`designer_keyword`, docs/cards.md).  Each
definition is a template: its parameter (a number, a cost) is a placeholder
filled in by :func:`Definition.text`, and the text it gives is parsed by the
same grammar as any card's rules text (:func:`definition_abilities`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from .vocabulary import DATA

PARAMETERS = ("", "N", "{cost}", "N {cost}")
"""A definition's parameter: none, a number, a cost, or both (CR 702 shapes)."""

_HEADER = re.compile(
    r"^(?P<name>[a-z][a-z' -]*?[a-z'])(?:\s+(?P<param>N \{cost\}|N|\{cost\}))?(?P<flags>(?:\s+\[[a-z]+\])*)$"
)
_FLAG = re.compile(r"\[([a-z]+)\]")
_PLACEHOLDER = re.compile(r"\{(?:cost|N(?::(?:word|a|s|them))?)\}")
FLAGS = ("evergreen", "unparsed", "action")

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
          "nineteen", "twenty")  # fmt: skip


@dataclass(frozen=True)
class Definition:
    """One keyword's definition: ``name`` (lower case), its ``parameter``
    (one of :data:`PARAMETERS`) and its ``template`` (the reminder text with
    placeholders).  ``evergreen``: Oracle prints no reminder text for it;
    ``unparsed``: the grammar can't read the definition yet; ``action``: a
    keyword action (701) rather than an ability."""

    name: str
    parameter: str
    template: str
    evergreen: bool = False
    unparsed: bool = False
    action: bool = False
    where: str = field(default="", compare=False)  # file:line it was read from

    @property
    def title(self) -> str:
        """The keyword as it starts a line ("Battle cry")."""
        return self.name[:1].upper() + self.name[1:]

    def text(self, amount: Any = None, cost: str = "") -> str:
        """The reminder text for one use of the keyword: ``amount`` an int
        (or "X"), ``cost`` the cost as printed."""
        return _fill(self.template, amount, cost)


def _number_word(amount: Any) -> str:
    if isinstance(amount, int) and 0 <= amount < len(_WORDS):
        return _WORDS[amount]
    return str(amount)


def _fill(template: str, amount: Any, cost: str) -> str:
    def one(m: re.Match[str]) -> str:
        token = m.group(0)
        if token == "{cost}":
            return cost
        if token == "{N}":
            return str(amount)
        if token == "{N:word}":
            return _number_word(amount)
        if token == "{N:a}":
            return "a" if amount == 1 else _number_word(amount)
        if token == "{N:them}":
            return "it" if amount == 1 else "them"
        return "" if amount == 1 else "s"  # {N:s}

    return _PLACEHOLDER.sub(one, template)


class DefinitionError(ValueError):
    """A line of a definitions file that isn't ``NAME [PARAMETER] [FLAGS]: TEXT``."""


def read_definition(line: str, where: str = "") -> Definition:
    """One line ``NAME [PARAMETER] [FLAGS]: DEFINITION``."""
    head, sep, text = line.partition(":")
    # a cost parameter may hold a colon only in its definition ("{cost}: Attach ..."),
    # never in the head: the head ends at the first ": "
    if not sep or not text.strip():
        raise DefinitionError(f"{where}: a definition is 'name [N|{{cost}}] [flags]: text'")
    m = _HEADER.match(head.strip())
    if m is None:
        raise DefinitionError(f"{where}: can't read the keyword and its parameter in {head.strip()!r}")
    flags = set(_FLAG.findall(m.group("flags") or ""))
    unknown = flags - set(FLAGS)
    if unknown:
        raise DefinitionError(f"{where}: unknown flag [{sorted(unknown)[0]}] (flags: {', '.join(FLAGS)})")
    template = text.strip()
    param = m.group("param") or ""
    used = set(_PLACEHOLDER.findall(template))
    if "{cost}" in used and "{cost}" not in param:
        raise DefinitionError(f"{where}: the definition uses {{cost}} but the keyword has no cost")
    if any(u.startswith("{N") for u in used) and "N" not in param:
        raise DefinitionError(f"{where}: the definition uses {{N}} but the keyword has no number")
    return Definition(m.group("name"), param, template, "evergreen" in flags, "unparsed" in flags,
                      "action" in flags, where)  # fmt: skip


@functools.cache
def definitions() -> dict[str, Definition]:
    """The definitions of the table's keywords, by name (lower case)."""
    path = DATA / "keyword_definitions.txt"
    out: dict[str, Definition] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        d = read_definition(line, f"{path.name}:{number}")
        out[d.name] = d
    return out


# --------------------------------------------------------------------------
# Keywords a card file defines
# --------------------------------------------------------------------------

_defined: dict[str, Definition] = {}


class defining:
    """Within a ``with`` block, ``found`` are keywords too: those a card file
    defines (docs/cards.md, "A keyword of your own")."""

    __slots__ = ("_found", "_saved")
    _saved: dict[str, Definition]

    def __init__(self, found: dict[str, Definition]) -> None:
        self._found = found

    def __enter__(self) -> None:
        global _defined
        self._saved = _defined
        if self._found:
            _defined = {**_defined, **self._found}

    def __exit__(self, *exc: object) -> None:
        global _defined
        _defined = self._saved


def designer_keyword(name: str) -> Definition | None:
    """A keyword the card file being read defines, by name (any case)."""
    return _defined.get(name.lower()) if _defined else None


def defined_now() -> dict[str, Definition]:
    """The keywords the card file being read defines."""
    return dict(_defined)


def lookup(name: str) -> Definition | None:
    """The definition of a keyword: the card file's own, else the table's."""
    return designer_keyword(name) or definitions().get(name.lower())


# --------------------------------------------------------------------------
# A definition read by the grammar
# --------------------------------------------------------------------------

SAMPLE_AMOUNT = 2
SAMPLE_COST = "{2}"


def host_type_line(text: str) -> tuple[str, str]:
    """A type line (and power/toughness line) for a card that carries a
    definition: the permanent its text names ("this Vehicle", "this
    Equipment", "this land"), else a creature."""
    if "this Vehicle" in text:
        return "Artifact — Vehicle", "3/3"
    if "this Equipment" in text:
        return "Artifact — Equipment", ""
    if "this Aura" in text:
        return "Enchantment — Aura", ""
    if "this land" in text:
        return "Land", ""
    if "this Saga" in text:
        return "Enchantment — Saga", ""
    return "Creature — Shapeshifter", "2/2"


def definition_card_text(text: str, type_line: str = "", pt: str = "", name: str = "Keyword Holder") -> str:
    """A card whose rules text is ``text`` (one ability a line), for the grammar."""
    if not type_line:
        type_line, pt = host_type_line(text)
    lines = [name, type_line, *(piece for piece, _start in ability_lines(text))]
    if pt:
        lines.append(pt)
    return "\n".join(lines)


def ability_lines(text: str) -> list[tuple[str, int]]:
    """A definition is one ability, or several ("This creature enters with
    ... counters on it. At the beginning of your upkeep, ..."): each
    sentence that starts an ability of its own (a trigger, a cost and a
    colon) starts a new line; the others stay with the one before (207.2a:
    reminder text holds a keyword's abilities as one paragraph).  Each line
    with where it starts in ``text``."""
    out: list[tuple[str, int]] = []
    start = 0
    bounds = [(m.start(), m.end()) for m in _SENTENCE_END.finditer(text)]
    for end, after in [*bounds, (len(text), len(text))]:
        if start >= len(text):
            break
        sentence = text[start:end]
        if out and not _NEW_ABILITY.match(sentence):
            piece, at = out[-1]
            out[-1] = (text[at:end], at)
        else:
            out.append((sentence, start))
        start = after
    return out


_SENTENCE_END = re.compile(r'(?<=[.!])\s+(?=[A-Z{])(?=(?:[^"]*"[^"]*")*[^"]*$)')
"""Between two sentences, outside quotation marks."""
_NEW_ABILITY = re.compile(r"(?:When|Whenever|At the beginning)\b|[^.\"]*:\s")
"""A sentence that starts an ability of its own: a trigger, or a cost and a colon."""


@functools.lru_cache(maxsize=2048)
def parse_definition(text: str, type_line: str = "", pt: str = "", name: str = "Keyword Holder") -> tuple[Any, ...]:
    """The abilities a definition's text (its placeholders filled) stands
    for, read by the card grammar on a card named ``name`` with that type
    line; raises its parse error (located on that card's lines: line 3 is
    the first of :func:`ability_lines`)."""
    from .parser import parse_card

    return parse_card(definition_card_text(text, type_line, pt, name), "<definition>").abilities


def definition_abilities(d: Definition, amount: Any = None, cost: str = "",
                         type_line: str = "", pt: str = "", name: str = "Keyword Holder") -> tuple[Any, ...]:  # fmt: skip
    """The abilities keyword ``d`` stands for, with its parameter."""
    return parse_definition(d.text(amount, cost), type_line, pt, name)


def sample_text(d: Definition) -> str:
    """The definition with sample values for its parameter (tests, checks)."""
    return d.text(SAMPLE_AMOUNT if "N" in d.parameter else None, SAMPLE_COST if "cost" in d.parameter else "")


# --------------------------------------------------------------------------
# A keyword of a card file, or read by its reminder text: the node
# --------------------------------------------------------------------------

from .node import Node, renders  # noqa: E402


@dataclass(frozen=True, slots=True)
class DefinedKeyword(Node):
    """A keyword ability the keyword table doesn't list (CR 702), written on
    a line of its own ("Skyward {2}"), with what it means: the abilities its
    definition stands for (207.2a), read by the card grammar with the
    parameter filled in.  ``name`` as printed; ``parameter`` as printed
    ("", "2", "{1}{W}", "2—{1}{W}"); ``reminder`` the definition's text for
    this parameter; ``by_reminder``: defined by the card's own reminder text,
    not by a ``Keyword`` line of its file."""

    name: str
    parameter: str
    reminder: str
    abilities: tuple[Any, ...]
    by_reminder: bool = field(default=False, compare=False)  # where the meaning was read, not a part of it


@renders(DefinedKeyword)
def _r_defined_keyword(r: Any, n: DefinedKeyword, **ctx: Any) -> str:
    text = n.name if not n.parameter else f"{n.name} {n.parameter}"
    if n.by_reminder and not r.reminders:
        # its reminder text is all there is of its meaning: always written
        text += f" ({n.reminder})"
    return text


# --------------------------------------------------------------------------
# A line shaped like a keyword
# --------------------------------------------------------------------------

_COST = r"(?:\{[^{}\s]+\})+"
_KEYWORD_LINE = re.compile(
    rf"^(?P<name>[A-Z][a-z'\-]+(?: [a-z][a-z'\-]+){{0,2}}!?)"
    rf"(?:\s+(?P<n>\d+|X)(?:\s*—\s*(?P<ncost>{_COST}))?|\s+(?P<cost>{_COST}))?$"
)
_REMINDER = re.compile(r"\(([^()\n]*)\)")


@dataclass(frozen=True)
class KeywordShape:
    """A line that reads like "Name", "Name N", "Name {cost}" or "Name
    N—{cost}", each with reminder text or not."""

    name: str
    amount: Any  # an int, "X", or None
    cost: str
    reminder: str  # the reminder text inside its parentheses, or ""

    @property
    def parameter(self) -> str:
        """The parameter as printed."""
        if self.amount is not None and self.cost:
            return f"{self.amount}—{self.cost}"
        if self.amount is not None:
            return str(self.amount)
        return self.cost

    @property
    def shape(self) -> str:
        """Its parameter in the terms of :data:`PARAMETERS`."""
        return ("N" if self.amount is not None else "") + (" " if self.amount is not None and self.cost else "") + \
            ("{cost}" if self.cost else "")  # fmt: skip


def keyword_shape(text: str) -> KeywordShape | None:
    """``text`` (one line) as a keyword with its parameter and reminder text, or None."""
    reminders = _REMINDER.findall(text)
    bare = _REMINDER.sub("", text).strip()
    if "(" in bare or ")" in bare:
        return None
    m = _KEYWORD_LINE.match(" ".join(bare.split()))
    if m is None:
        return None
    n = m.group("n")
    if n is not None and n != "X" and len(n) > 9:
        return None  # a number no card has (the card's parse says where it is too long)
    amount: Any = None if n is None else (n if n == "X" else int(n))
    cost = m.group("ncost") or m.group("cost") or ""
    return KeywordShape(m.group("name"), amount, cost, " ".join(r.strip() for r in reminders))


# --------------------------------------------------------------------------
# "Keyword Name {cost}: definition": a keyword a card file defines
# --------------------------------------------------------------------------

DECLARATION = re.compile(
    r"^Keyword\s+(?P<name>[A-Z][a-z'\-]+(?: [a-z][a-z'\-]+){0,2}!?)"
    r"(?:\s+(?P<param>N \{cost\}|N|\{cost\}))?\s*:\s*(?P<text>\S.*)$"
)
"""A line that defines a keyword of the card file: ``Keyword Skyward {cost}: ...``."""


def is_declaration(line: str) -> bool:
    """Whether a line of a card file starts a keyword definition (it may be wrong)."""
    return line.startswith("Keyword ") and ":" in line


def _filled_map(template: str, amount: Any, cost: str) -> tuple[str, list[int]]:
    """The template filled in, and for each character of it the index of the
    template character it comes from (a placeholder's text: the placeholder's
    first character)."""
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for m in _PLACEHOLDER.finditer(template):
        out.append(template[pos : m.start()])
        where.extend(range(pos, m.start()))
        value = _fill(m.group(0), amount, cost)
        out.append(value)
        where.extend([m.start()] * len(value))
        pos = m.end()
    out.append(template[pos:])
    where.extend(range(pos, len(template)))
    return "".join(out), where


def read_declaration(line: str, number: int, filename: str) -> tuple[Definition | None, Any]:
    """A ``Keyword`` line of a card file: its definition, or the error
    (a :class:`~cardtext.grammar.errors.CardParseError` at file:line:col) that says
    what is wrong with it.  The definition is read by the card grammar with
    sample values for its parameter."""
    from .errors import CardParseError, Location, NotUnderstood

    def error(column: int, message: str, text: str = "", hint: str = "",
              cls: type[CardParseError] = CardParseError) -> tuple[None, CardParseError]:  # fmt: skip
        return None, cls(message, Location(filename, number, column, line), text=text, hint=hint)

    m = DECLARATION.match(line.rstrip())
    if m is None:
        return error(1, "a keyword definition is 'Keyword Name: text', 'Keyword Name N: text', "
                        "'Keyword Name {cost}: text' or 'Keyword Name N {cost}: text'", line.split(":")[0])
    name = m.group("name")
    if name.lower() in definitions() or name.lower() in _table():
        return error(m.start("name") + 1, f"'{name}' is a keyword of the keyword table already", name,
                     "a card file's own keyword needs a name of its own")
    param = m.group("param") or ""
    template = m.group("text").strip()
    column = m.start("text") + 1
    used = set(_PLACEHOLDER.findall(template))
    for token in sorted(used):
        if (token == "{cost}" and "{cost}" not in param) or (token.startswith("{N") and "N" not in param):
            at = template.index(token)
            return error(column + at, f"the definition uses {token}, and keyword '{name}' has no "
                                      f"{'cost' if token == '{cost}' else 'number'}", token,
                         f"write 'Keyword {name} {'{cost}' if token == '{cost}' else 'N'}: ...'")
    d = Definition(name.lower(), param, template, where=f"{filename}:{number}")
    amount = SAMPLE_AMOUNT if "N" in param else None
    cost = SAMPLE_COST if "cost" in param else ""
    filled, where = _filled_map(template, amount, cost)
    try:
        parse_definition(filled)
    except CardParseError as exc:
        pieces = ability_lines(filled)
        index = min(max(exc.line - 3, 0), len(pieces) - 1)
        offset = min(pieces[index][1] + exc.column - 1, len(filled) - 1)
        at = where[offset] if 0 <= offset < len(where) else 0
        cls = NotUnderstood if isinstance(exc, NotUnderstood) else CardParseError
        return error(column + at, f"in the definition of keyword '{name}': {exc.message}", exc.text,
                     exc.hint, cls)  # fmt: skip
    return d, None


def _table() -> dict[str, str]:
    from . import vocabulary

    return vocabulary.keywords()


# --------------------------------------------------------------------------
# A keyword-shaped line the grammar can't read
# --------------------------------------------------------------------------

_PARAMETER_WORDS = {"": "no parameter", "N": "a number (N)", "{cost}": "a cost ({cost})",
                    "N {cost}": "a number and a cost (N—{cost})"}  # fmt: skip


def restore_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with the card's name (and short name) written back where the
    reader put placeholder characters for them."""
    from .layout import SELF_CHAR, SHORT_CHAR

    if SELF_CHAR in text and names and names[0]:
        text = re.sub(SELF_CHAR + "+", lambda m: names[0], text)
    if SHORT_CHAR in text and len(names) > 1 and names[1]:
        text = re.sub(SHORT_CHAR + "+", lambda m: names[1], text)
    return text


def _misspelt_keyword(word: str) -> bool:
    """Whether a bare word is a table keyword misspelt ("Flyng")."""
    import difflib

    return bool(difflib.get_close_matches(word, list(_table()), n=1, cutoff=0.85))


def _keyword_list(exc: Any, numbered: tuple[int, str], names: tuple[str, ...], host: tuple[str, str]) -> Any:
    """A line of keywords ("Flying, skyward {1}") among which a keyword the
    card file defines: a :class:`~cardtext.grammar.lang.keywords.KeywordLine` of the
    table's keywords and :class:`DefinedKeyword` nodes; else ``exc``."""
    from .errors import CardParseError
    from .lang.keywords import KeywordLine
    from .node import Span

    number, text = numbered
    if "(" in text or "." in text:
        return exc
    found: list[Any] = []
    column = len(text) - len(text.lstrip()) + 1
    for i, part in enumerate(p.strip() for p in text.split(",")):
        capital = part[:1].upper() + part[1:]
        shape = keyword_shape(capital)
        d = designer_keyword(shape.name) if shape is not None else None
        if d is not None and shape is not None:
            if d.parameter != shape.shape:
                return exc
            try:
                abilities = definition_abilities(d, shape.amount, shape.cost, *host, name=names[0] if names else "")
            except CardParseError:
                return exc
            written = part.split()[0] if i else shape.name
            found.append(DefinedKeyword(written + shape.name[len(written):], shape.parameter,
                                        d.text(shape.amount, shape.cost), abilities, span=Span(number, column, number, column + len(part))))  # fmt: skip
            continue
        try:
            (line,) = parse_definition(capital, *host, names[0] if names and names[0] else "Keyword Holder")
        except (CardParseError, ValueError):
            return exc
        if not isinstance(line, KeywordLine) or len(line.keywords) != 1 or line.period:
            return exc
        found.append(line.keywords[0])
    if not any(isinstance(k, DefinedKeyword) for k in found):
        return exc
    return KeywordLine(tuple(found), span=Span(number, column, number, column + len(text.strip())))


def keyword_of_its_own(exc: Any, numbered: tuple[int, str], names: tuple[str, ...], host: tuple[str, str],
                       warnings: list[Any]) -> Any:  # fmt: skip
    """What a one-line paragraph the grammar refused (``exc``) is, when it
    is shaped like a keyword ("Name", "Name N", "Name {cost}", each with
    reminder text or not) that the keyword table doesn't list:

    - a keyword the card file defines: its :class:`DefinedKeyword`;
    - else, with reminder text the grammar reads: a :class:`DefinedKeyword`
      read by that text, and a warning that the keyword isn't in the table;
    - else a :class:`~cardtext.grammar.errors.NotUnderstood` error, "keyword 'Name'
      is not in the keyword table" (the card may well be right: the tool
      doesn't know the keyword).

    Any other line: ``exc`` itself (a misspelt table keyword, "Flyng", keeps
    its "did you mean")."""
    from .errors import CardParseError, Location, NotUnderstood
    from .node import Span

    number, text = numbered
    shape = keyword_shape(text.strip())
    if shape is None and "," in text and _defined:
        return _keyword_list(exc, numbered, names, host)
    if shape is None or shape.name.lower() in _table():
        return exc
    column = len(text) - len(text.lstrip()) + 1
    loc = Location(exc.location.file, number, column, exc.location.source_line)
    span = Span(number, column, number, column + len(text.strip()))
    d = designer_keyword(shape.name)
    if d is not None:
        if d.parameter != shape.shape:
            return CardParseError(
                f"keyword '{d.title}' takes {_PARAMETER_WORDS[d.parameter]}, as its definition says ({d.where})",
                loc, text=text.strip(), hint=f"write it as its definition does: '{d.title} {d.parameter}'".rstrip())
        try:
            abilities = definition_abilities(d, shape.amount, shape.cost, *host, name=names[0] if names else "")
        except CardParseError as inner:
            return CardParseError(f"keyword '{d.title}' with {shape.parameter or 'no parameter'}: its definition "
                                  f"({d.where}) doesn't read here: {inner.message}", loc, text=shape.name)
        return DefinedKeyword(shape.name, shape.parameter, d.text(shape.amount, shape.cost), abilities, span=span)
    if not shape.reminder and not shape.parameter:
        from .messages import grammar_words

        first = shape.name.split()[0].lower()
        if _misspelt_keyword(shape.name.lower()) or first in grammar_words():
            return exc
    message = f"not understood yet: keyword '{shape.name}' is not in the keyword table"
    hint = (f"the card may be right: define the keyword in this file "
            f"('Keyword {shape.name}{' ' + shape.shape if shape.shape else ''}: what it means'), "
            "or add it to grammar/data/keywords.txt")  # fmt: skip
    if shape.reminder:
        reminder = restore_names(shape.reminder, names)
        try:
            abilities = parse_definition(reminder, *host, names[0] if names and names[0] else "Keyword Holder")
        except CardParseError:
            pass
        else:
            warnings.append(NotUnderstood(message + "; read by its reminder text", loc, text=shape.name,
                                          hint=hint, kind="warning"))  # fmt: skip
            return DefinedKeyword(shape.name, shape.parameter, reminder, abilities, by_reminder=True, span=span)
    return NotUnderstood(message, loc, text=shape.name, hint=hint)


def main() -> int:
    """``python -m cardtext.grammar.definitions``: the definitions marked [unparsed],
    and those of them the grammar reads now (their mark can go)."""
    from .errors import CardTextError

    marked = [d for d in definitions().values() if d.unparsed]
    readable = []
    for d in marked:
        try:
            parse_definition(sample_text(d))
        except CardTextError:
            continue
        readable.append(d.name)
    print(f"{len(marked)} definitions marked [unparsed]: " + ", ".join(d.name for d in marked))
    print("read by the grammar now (unmark them): " + (", ".join(readable) or "none"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
