"""What `cardtext coverage` forgives when it compares a card's rendered text
with its Oracle text: the documented normalisations.

A card is ``ok`` when the renderer writes back exactly its Oracle text after
these changes to both sides — and nothing else.  Each is a wording the
grammar reads as the same thing and the renderer writes in current Oracle
form, or text that carries no rules meaning:

1. reminder text in parentheses is dropped (it carries no meaning, 207.2a);
2. "enters the battlefield" → "enters", "enter the battlefield" → "enter"
   (current Oracle wording);
3. "converted mana cost" → "mana value" (current Oracle wording);
4. "his or her" → "their" (current Oracle wording);
5. "Tribal" → "Kindred" on the type line (current Oracle wording);
6. a loyalty cost in brackets, "[+1]:", → "+1:", and "-" → "−" in it;
7. spacing: runs of spaces become one, each line is stripped, and spaces
   around commas, bullets, after a cost's colon and between mana symbols
   are written one way;
8. dashes: a chapter's "I, II - ", a keyword's "Kicker-Sacrifice" and a
   modal "choose one -" (or "choose one—") at the end of its line are
   written "—" (" —");
9. older wordings: "put [a token] onto the battlefield" → "create [a
   token]", "entered the battlefield" → "entered", "shuffle your library" →
   "shuffle", "[that player] shuffles their library" → "shuffles", "[they]
   shuffle their library" → "shuffle";
10. a reminder text followed by more text on the same line ends the line
    (the next ability starts a new line);
11. letter case (no meaning in card text depends on it once parsed).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

NORMALISATIONS = (
    "reminder text dropped",
    "'enters the battlefield' → 'enters'",
    "'converted mana cost' → 'mana value'",
    "'his or her' → 'their'",
    "'Tribal' → 'Kindred'",
    "'[+1]:' → '+1:'",
    "spacing",
    "dashes",
    "'put [tokens] onto the battlefield' → 'create [tokens]'",
    "'shuffle your library' → 'shuffle'",
    "reminder text ends a line",
    "letter case",
)

_REMINDER = re.compile(r"\([^()]*\)")
_PUT_TOKENS = re.compile(
    r"\b([Pp])ut ((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|X|\d+) "
    r"[^.]*?\btokens?\b[^.]*?) onto the battlefield")
_LOYALTY = re.compile(r"^\[([+−-]?(?:\d+|X))\]:", re.M)
_BARE_LOYALTY = re.compile(r"\n([+−-]?(?:\d+|X)):")
_REMINDER_ENDS_LINE = re.compile(r"\)[ \t]+(?=[A-Z])")
_SPACES = re.compile(r"\t[ \t]*| [ \t]+")  # a run of spaces and tabs that isn't one space
_COMMA = re.compile(r"\s*,\s*")
_ODD_COMMA = re.compile(r",(?<=\s,)|,(?! (?!\s))")
"""A comma that :data:`_COMMA` changes: with a space before it, or not
followed by exactly one space (the search starts from the comma itself)."""

# A pattern that starts with a literal character is searched for by that
# character; one that starts with a look-behind, ``\s*`` or a line start is
# tried at every position of the text.  So the patterns below are written
# from a literal where they can be (the text matched is the same).


def _create(m: re.Match[str]) -> str:
    return ("C" if m.group(1) == "P" else "c") + "reate " + m.group(2)


def _loyalty(m: re.Match[str]) -> str:
    return m.group(1).replace("-", "−") + ":"


def _newline_loyalty(m: re.Match[str]) -> str:
    return "\n" + _loyalty(m)


def _bare_loyalty(text: str) -> str:
    r"""``^([+−-]?(?:\d+|X)):`` (multiline) → its :func:`_loyalty`, each line
    start found from the newline before it (a newline is put before the
    first line, and taken off again)."""
    return _BARE_LOYALTY.sub(_newline_loyalty, "\n" + text)[1:]


def _commas(text: str) -> str:
    """Every comma written ", " (with the spaces around it): only a text with
    a comma written otherwise is rewritten (most have none)."""
    return _COMMA.sub(", ", text) if _ODD_COMMA.search(text) else text


def _without_reminders(text: str) -> str:
    r"""``\s*\([^()]*\)`` removed once: each reminder text found from its
    opening parenthesis, the white space before it stripped from the text
    before it (no match ends in white space: the text between two reminders
    is all before the second)."""
    pieces = _REMINDER.split(text)
    return "".join([piece.rstrip() for piece in pieces[:-1]]) + pieces[-1]


def _sub(pattern: str, replacement: Any, flags: int = 0) -> Callable[[str], str]:
    return partial(re.compile(pattern, flags).sub, replacement)


# Applied in this order, after reminder text is gone; each only to a text
# that holds one of its guards (a plain substring test is much cheaper than a
# regular expression, and the coverage report normalises two texts a card).
_STEPS: tuple[tuple[Callable[[str], str], tuple[str, ...]], ...] = (
    (_sub(r"\benters the battlefield\b", "enters"), ("enters the battlefield",)),
    (_sub(r"\benter the battlefield\b", "enter"), ("enter the battlefield",)),
    (_sub(r"\bconverted mana cost\b", "mana value"), ("converted mana cost",)),
    (_sub(r"\bentered the battlefield\b", "entered"), ("entered the battlefield",)),
    (partial(_PUT_TOKENS.sub, _create), ("onto the battlefield",)),
    # (?<=[a-z])(?:--?|–)(?=[A-Z{])
    (_sub(r"-(?<=[a-z]-)-?(?=[A-Z{])|–(?<=[a-z]–)(?=[A-Z{])", "—"), ("-", "–")),
    # (?<=\w) (?:-|--|–) (?=[A-Z])
    (_sub(r" (?<=\w )(?:-|--|–) (?=[A-Z])", " — "), (" -", " –")),
    # (?<=\w) (?:-|--|–)$
    (_sub(r" (?<=\w )(?:-|--|–)$", " —", re.M), (" -", " –")),
    # (?<=[a-z])—$: "Choose one—" with no space before its dash
    (_sub(r"—(?<=[a-z]—)$", " —", re.M), ("—",)),
    (_sub(r"\bhis or her\b", "their"), ("his or her",)),
    (_sub(r"\b([Ss]huffle) your library\b(?! (?:into|and))", r"\1"), ("huffle your library",)),
    (_sub(r"\b(shuffles?) their library\b(?! (?:into|and))", r"\1"), ("their library",)),
    (_sub(r"\bTribal\b", "Kindred"), ("Tribal",)),
    (partial(_LOYALTY.sub, _loyalty), ("]:",)),
    (_bare_loyalty, (":",)),
    (_sub(r"^((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) - ", r"\1 — ", re.M), (" - ",)),
    (_sub(r"\}\s+\{", "}{"), ("{",)),
    (_commas, (",",)),
    (_sub(r":(?<=[}\w]:)(?=[A-Za-z{])", ": "), (":",)),  # found from the colon, a fast search
    (_sub(r"•\s*", "• "), ("•",)),
)


def normalize(text: str, *, fold_case: bool = True) -> str:
    """Card-file text with the normalisations applied.

    ``fold_case=False`` leaves out the last one (letter case), to show a
    line as it was written.
    """
    if ")" in text:
        text = _REMINDER_ENDS_LINE.sub(")\n", text)
    prev = None
    while prev != text and "(" in text:
        prev = text
        text = _without_reminders(text)
    for step, guards in _STEPS:
        for guard in guards:
            if guard in text:
                text = step(text)
                break
    if "\t" in text or "  " in text:  # else :data:`_SPACES` finds nothing
        text = _SPACES.sub(" ", text)
    text = "\n".join([ln for ln in map(str.strip, text.split("\n")) if ln])
    return text.lower() if fold_case else text
