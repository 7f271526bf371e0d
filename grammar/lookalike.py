"""Names that look the same and aren't: the note that says which character differs.

"did you mean 'Shоck'?" is no help when the two look identical (a Cyrillic
"о" for a Latin "o"): the note names the code points instead.
"""

from __future__ import annotations

import unicodedata

__all__ = ["difference_note"]


def _named(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def difference_note(written: str, meant: str) -> str:
    """For a suggestion ``meant`` of what was ``written``: where they differ
    by a character beyond ASCII (which may look like the other), a note
    naming both characters at the first such place; "" otherwise."""
    if written == meant or written.isascii() and meant.isascii():
        return ""
    if len(written) != len(meant):
        a, b = unicodedata.normalize("NFKC", written), unicodedata.normalize("NFKC", meant)
        if len(a) != len(b):
            return ""
        written, meant = a, b
    for index, (x, y) in enumerate(zip(written, meant, strict=True)):
        if x != y and not (x.isascii() and y.isascii()):
            if x.casefold() == y.casefold():
                continue
            return (f"they differ at character {index + 1}: {_named(x)} in '{written}', "
                    f"{_named(y)} in '{meant}'")  # fmt: skip
    return ""
