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
   modal "choose one -" at the end of its line are written "—";
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

_REMINDER = re.compile(r"\s*\([^()]*\)")
_PUT_TOKENS = re.compile(
    r"\b([Pp])ut ((?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|X|\d+) "
    r"[^.]*?\btokens?\b[^.]*?) onto the battlefield")
_LOYALTY = re.compile(r"^\[([+−-]?(?:\d+|X))\]:", re.M)
_REMINDER_ENDS_LINE = re.compile(r"(?<=\))[ \t]+(?=[A-Z])")
_SPACES = re.compile(r"\t[ \t]*| [ \t]+")  # a run of spaces and tabs that isn't one space


def _create(m: re.Match[str]) -> str:
    return ("C" if m.group(1) == "P" else "c") + "reate " + m.group(2)


def _loyalty(m: re.Match[str]) -> str:
    return m.group(1).replace("-", "−") + ":"


# Applied in this order, after reminder text is gone; each only to a text
# that holds one of its guards (a plain substring test is much cheaper than a
# regular expression, and the coverage report normalises two texts a card).
_STEPS: tuple[tuple[re.Pattern[str], Any, tuple[str, ...]], ...] = tuple(
    (re.compile(pattern, flags), replacement, guards)
    for pattern, replacement, flags, guards in (
        (r"\benters the battlefield\b", "enters", 0, ("enters the battlefield",)),
        (r"\benter the battlefield\b", "enter", 0, ("enter the battlefield",)),
        (r"\bconverted mana cost\b", "mana value", 0, ("converted mana cost",)),
        (r"\bentered the battlefield\b", "entered", 0, ("entered the battlefield",)),
        (_PUT_TOKENS.pattern, _create, 0, ("onto the battlefield",)),
        (r"(?<=[a-z])(?:--?|–)(?=[A-Z{])", "—", 0, ("-", "–")),
        (r"(?<=\w) (?:-|--|–) (?=[A-Z])", " — ", 0, (" -", " –")),
        (r"(?<=\w) (?:-|--|–)$", " —", re.M, (" -", " –")),
        (r"\bhis or her\b", "their", 0, ("his or her",)),
        (r"\b([Ss]huffle) your library\b(?! (?:into|and))", r"\1", 0, ("huffle your library",)),
        (r"\b(shuffles?) their library\b(?! (?:into|and))", r"\1", 0, ("their library",)),
        (r"\bTribal\b", "Kindred", 0, ("Tribal",)),
        (_LOYALTY.pattern, _loyalty, re.M, ("]:",)),
        (r"^([+−-]?(?:\d+|X)):", _loyalty, re.M, (":",)),
        (r"^((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) - ", r"\1 — ", re.M, (" - ",)),
        (r"\}\s+\{", "}{", 0, ("{",)),
        (r"\s*,\s*", ", ", 0, (",",)),
        (r":(?<=[}\w]:)(?=[A-Za-z{])", ": ", 0, (":",)),  # found from the colon, a fast search
        (r"•\s*", "• ", 0, ("•",)),
    )
)


def normalize(text: str, *, fold_case: bool = True) -> str:
    """Card-file text with the normalisations applied.

    ``fold_case=False`` leaves out the last one (letter case), to show a
    line as it was written.
    """
    if ")" in text:
        text = _REMINDER_ENDS_LINE.sub("\n", text)
    prev = None
    while prev != text and "(" in text:
        prev = text
        text = _REMINDER.sub("", text)
    for pattern, replacement, guards in _STEPS:
        for guard in guards:
            if guard in text:
                text = pattern.sub(replacement, text)
                break
    text = "\n".join([ln for ln in map(str.strip, _SPACES.sub(" ", text).split("\n")) if ln])
    return text.lower() if fold_case else text
