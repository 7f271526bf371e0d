"""The standard reminder text the renderer writes after an ability (it
carries no rules meaning, CR 207.2a): a keyword's definition
(``grammar/data/keyword_definitions.txt``) after a line of that one keyword,
Manifest (701.40), manifest dread (701.62), cloak (701.58) after the
sentence that performs it, and copies of spells that may be permanent
spells (707.10).  Kicker writes its own (grammar/lang/keywords.py).

:class:`Written` keeps the reminder text a card file's author wrote where
the renderer has none, or another one: ``cardtext fmt`` never deletes it."""

from __future__ import annotations

import re
from typing import Any

from .definitions import Definition, definitions

COPY = "A copy of a permanent spell becomes a token."
MANIFEST = definitions()["manifest"].template
MANIFEST_DREAD = definitions()["manifest dread"].template
CLOAK = definitions()["cloak"].template


def keyword_parameter(kw: Any, d: Definition) -> tuple[Any, str] | None:
    """The number and the cost of a keyword as its definition's placeholders
    take them (an int or "X", and the cost as printed), or None when they
    don't fit the definition (a cost that isn't mana, "Ward—Pay 3 life.",
    for a definition that names {cost})."""
    from . import ast as A
    from .render import Renderer

    amount: Any = None
    cost = ""
    if "N" in d.parameter:
        n = getattr(kw, "amount", None)
        if isinstance(n, A.Number):
            amount = n.value
        elif isinstance(n, A.VarX) and n.letter == "X":
            amount = "X"
        else:
            return None
    if "{cost}" in d.parameter:
        c = getattr(kw, "cost", None)
        parts = getattr(c, "parts", None)
        if isinstance(c, A.ManaCost):
            cost = Renderer().r(c)
        elif parts is not None and len(parts) == 1 and isinstance(parts[0], A.ManaCost):
            cost = Renderer().r(parts[0])
        else:
            return None
    if not d.parameter and (getattr(kw, "amount", None) is not None or getattr(kw, "cost", None) is not None):
        return None
    return amount, cost


def keyword_reminder(kw: Any, *, evergreen: bool = False) -> str:
    """The definition of one keyword with its parameter, or "" (a keyword
    with no definition; an evergreen one unless ``evergreen``)."""
    name = getattr(kw, "name", None)
    if not isinstance(name, str):
        return ""
    d = definitions().get(name.lower())
    if d is None or d.action or (d.evergreen and not evergreen):
        return ""
    param = keyword_parameter(kw, d)
    if param is None:
        return ""
    return d.text(*param)


def reminder_for(node: Any, *, evergreen: bool = False) -> str:
    """The reminder text for an ability (or one mode of it), or "".  With
    ``evergreen``, an evergreen keyword's too (which Oracle leaves out)."""
    from .definitions import DefinedKeyword
    from .lang.keywords import KeywordLine, Kicker
    from .lang.objects import ObjectFilter, Target
    from .lang.sentences import Modes
    from .lang.verbs import CopySpell, KeywordAction, Manifest

    if isinstance(node, Kicker):
        return ""
    if isinstance(node, DefinedKeyword):
        return node.reminder
    if isinstance(node, KeywordLine):
        if len(node.keywords) != 1 or node.period:
            return ""
        return keyword_reminder(node.keywords[0], evergreen=evergreen)
    nodes = list(node.walk())
    if any(isinstance(n, Modes) for n in nodes):
        return ""  # each mode carries its own reminder text
    for n in nodes:
        if isinstance(n, Manifest):
            if n.dread:
                return MANIFEST_DREAD
            return CLOAK if n.cloak else MANIFEST
        if isinstance(n, KeywordAction) and n.verb == "manifest dread":
            return MANIFEST_DREAD
    for n in nodes:
        if isinstance(n, CopySpell):
            what = n.what
            if isinstance(what, Target) and isinstance(what.spec, ObjectFilter) and \
                    set(what.spec.nouns) <= {"instant", "sorcery"} and what.spec.nouns:  # fmt: skip
                continue
            return COPY
    return ""


# --------------------------------------------------------------------------
# Reminder text as the author wrote it
# --------------------------------------------------------------------------

REMINDER = re.compile(r"\(([^()\n]*)\)")
"""Reminder text on a line: the text in its parentheses."""
REMINDER_LINE = re.compile(r"^\s*\([^()]*\)\s*$")
_TRAILING = re.compile(r"\s*\(([^()\n]*)\)\s*$")


def written_reminders(line: str) -> list[str]:
    """The reminder texts of a line of card text, outside quotation marks."""
    if "(" not in line:
        return []
    found = []
    for m in REMINDER.finditer(line):
        if line[: m.start()].count('"') % 2 == 0:
            found.append(m.group(1).strip())
    return found


def strip_reminders(line: str) -> str:
    """A line of card text without its reminder text (outside quotation marks)."""
    if "(" not in line:
        return line
    out = []
    pos = 0
    for m in REMINDER.finditer(line):
        if line[: m.start()].count('"') % 2 == 0:
            out.append(line[pos : m.start()].rstrip())
            pos = m.end()
    out.append(line[pos:])
    return "".join(out).rstrip()


def same_reminder(a: str, b: str) -> bool:
    """Two reminder texts that say the same (spacing aside)."""
    return " ".join(a.split()) == " ".join(b.split())


class Written:
    """A card block's reminder text as written, for ``cardtext fmt``: what to
    write after each ability, and the lines of reminder text only (a Saga's
    chapter reminder, "({T}: Add {G}.)") with where they stand.

    After an ability the canonical reminder text is written when the author
    wrote none or the same; the author's is kept when the renderer has none
    (Disguise, Crew, landcycling) or another one (a warning says so, see
    :func:`reminder_warnings`)."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        self.by_number = dict(lines)
        self.numbers = [n for n, _ in lines]
        self.separators = [line.strip() for _, line in lines if line.strip().startswith("//")]

    def _line(self, node: Any) -> int:
        span = getattr(node, "span", None)
        return span.line if span is not None else 0

    def ability(self, ability: Any, text: str, canonical: str) -> str:
        """The rendered ability ``text`` with the reminder text to write after
        it (``canonical`` the renderer's, or "")."""
        line = self._line(ability)
        source = self.by_number.get(line, "")
        rendered = text.split("\n")
        first = rendered[0]
        own = _TRAILING.search(first)
        if own is not None and not canonical:  # a renderer that writes its own (Kicker)
            canonical = own.group(1)
            first = first[: own.start()]
        written = written_reminders(source)
        if written and not (len(written) == 1 and same_reminder(written[0], canonical)):
            first += "".join(f" ({w})" for w in written)
        elif canonical:
            first += f" ({canonical})"
        rendered[0] = first
        for i in range(1, len(rendered)):  # mode lines: each one's own reminder text
            mode_source = self.by_number.get(line + i, "")
            extra = [w for w in written_reminders(mode_source) if f"({w})" not in rendered[i]]
            rendered[i] += "".join(f" ({w})" for w in extra)
        return "\n".join(rendered)

    def reminder_lines(self, start: int, end: int, skip: tuple[str, ...] = ()) -> list[str]:
        """The lines of reminder text only between file lines ``start`` and
        ``end`` (exclusive), but those in ``skip`` (written by the renderer)."""
        out = []
        for n in self.numbers:
            if start < n < end:
                text = self.by_number[n].strip()
                if REMINDER_LINE.match(text) and text not in skip:
                    out.append(text)
        return out

    def separator(self, index: int, default: str) -> str:
        """The ``index``-th face separator as written ("// adventure"), if it
        names the same layout as ``default`` or none ("//")."""
        if index < len(self.separators):
            written = " ".join(self.separators[index].split())
            word = written[2:].strip().lower()
            if default == "//" or written.lower() == default.lower() or not word:
                return "// " + word if word else "//"
        return default


_ACTION_WORDS = re.compile(r"[Mm]anifest|[Cc]loak|[Cc]opy|copies")


def reminder_warning_text(ability: Any, source: str) -> tuple[str, str] | None:
    """(the written reminder, the definition's) when a line's own reminder
    text differs from the definition of its keyword (or keyword action), else None."""
    if "(" not in source:
        return None
    written = written_reminders(source)
    if not written:
        return None
    from .lang.keywords import KeywordLine

    if not isinstance(ability, KeywordLine) and not _ACTION_WORDS.search(source.split("(", 1)[0]):
        return None  # no keyword and no keyword action with reminder text: nothing to compare with
    canonical = reminder_for(ability, evergreen=True)
    if not canonical:
        return None
    if len(written) == 1 and same_reminder(written[0], canonical):
        return None
    return " ".join(written), canonical
