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
8. dashes: a chapter's "I, II - " and a keyword's "Kicker-Sacrifice" are
   written "—";
9. older wordings: "put [a token] onto the battlefield" → "create [a
   token]", "entered the battlefield" → "entered", "shuffle your library" →
   "shuffle", "[that player] shuffles their library" → "shuffles";
10. a reminder text followed by more text on the same line ends the line
    (the next ability starts a new line);
11. letter case (no meaning in card text depends on it once parsed).
"""

from __future__ import annotations

import re

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


def normalize(text: str) -> str:
    """Card-file text with the normalisations applied."""
    text = re.sub(r"(\))[ \t]+(?=[A-Z])", r"\1\n", text)
    prev = None
    while prev != text:
        prev = text
        text = _REMINDER.sub("", text)
    text = re.sub(r"\benters the battlefield\b", "enters", text)
    text = re.sub(r"\benter the battlefield\b", "enter", text)
    text = re.sub(r"\bconverted mana cost\b", "mana value", text)
    text = re.sub(r"\bentered the battlefield\b", "entered", text)
    text = _PUT_TOKENS.sub(lambda m: ("C" if m.group(1) == "P" else "c") + "reate " + m.group(2), text)
    text = re.sub(r"(?<=[a-z])(?:--?|–)(?=[A-Z{])", "—", text)
    text = re.sub(r"(?<=\w) (?:-|--|–) (?=[A-Z])", " — ", text)
    text = re.sub(r"\bhis or her\b", "their", text)
    text = re.sub(r"\b([Ss]huffle) your library\b(?! (?:into|and))", r"\1", text)
    text = re.sub(r"\b(shuffles) their library\b(?! (?:into|and))", r"\1", text)
    text = re.sub(r"\bTribal\b", "Kindred", text)
    text = _LOYALTY.sub(lambda m: m.group(1).replace("-", "−") + ":", text)
    text = re.sub(r"^([+−-]?(?:\d+|X)):", lambda m: m.group(1).replace("-", "−") + ":", text, flags=re.M)
    text = re.sub(r"^((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) - ", r"\1 — ", text, flags=re.M)
    text = re.sub(r"\}\s+\{", "}{", text)
    text = re.sub(r"\s*,\s*", ", ", text)
    text = re.sub(r"(?<=[}\w]):(?=[A-Za-z{])", ": ", text)
    text = re.sub(r"•\s*", "• ", text)
    lines = [re.sub(r"[ \t]+", " ", ln).strip() for ln in text.split("\n")]
    return "\n".join(ln for ln in lines if ln).lower()
