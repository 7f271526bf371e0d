"""Write the table-made rules of the TextMate grammar (syntaxes/cardtext.tmLanguage.json).

The keyword abilities (CR 702), the ability words (CR 207.2c) and the
supertypes and card types of a type line (CR 205) come from the grammar's
own tables, ``grammar/data/keywords.txt``, ``ability_words.txt`` and
``types.txt``: a keyword added there is highlighted once this script runs.

    python editors/vscode/generate.py           # rewrite the grammar file
    python editors/vscode/generate.py --check   # exit 1 if it is out of date

The rest of the grammar file is written by hand; this script replaces only
the rules it owns (``TABLE_RULES``) and keeps everything else as it is.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1] / "grammar" / "data"
GRAMMAR_FILE = HERE / "syntaxes" / "cardtext.tmLanguage.json"

TABLE_RULES = ("keyword", "ability-word", "type-line")

# How a keyword of shape "compound" is printed joined to a word before it
# (702.29e typecycling, 702.14 landwalk, 702.48 offering).
COMPOUND = {
    "cycling": r"[A-Za-z]*cycling",
    "landwalk": r"[A-Za-z]*walk",
    "offering": r"(?:[A-Za-z]+ )?offering",
}


def _table(name: str) -> list[str]:
    """The lines of a table of grammar/data that are not comments or blank."""
    out = []
    for raw in (DATA / name).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def keywords() -> dict[str, str]:
    """Keyword (lower case, as in keywords.txt) → its parameter shape."""
    table = {}
    for line in _table("keywords.txt"):
        name, _, shape = (part.strip() for part in line.partition(":"))
        table[name] = shape
    return table


def ability_words() -> list[str]:
    return _table("ability_words.txt")


def type_sections() -> dict[str, list[str]]:
    """The sections of types.txt ("supertypes", "card types", ...) and their words."""
    sections: dict[str, list[str]] = {}
    current = ""
    for line in _table("types.txt"):
        if line.startswith("["):
            current = line.strip("[]")
            sections.setdefault(current, [])
        else:
            sections[current].append(line.partition("|")[0].strip())
    return sections


def _phrase(words: str) -> str:
    """A table phrase as an expression: its spaces any run of blanks."""
    return r"\s+".join(re.escape(word) for word in words.split())


def _alternatives(expressions: list[str]) -> str:
    """Longest first, so "first strike" wins over a shorter keyword it starts with."""
    return "|".join(sorted(set(expressions), key=lambda e: (-len(e), e)))


def keyword_rule() -> dict[str, Any]:
    names = [COMPOUND.get(name) or _phrase(name) for name in keywords()]
    return {
        "comment": "Keyword abilities (CR 702), generated from grammar/data/keywords.txt "
        "by editors/vscode/generate.py.",
        "name": "keyword.other.ability.cardtext",
        # (?![\w-]) rather than \b: "For Mirrodin!" ends in a mark.
        "match": r"(?i)(?<![\w-])(?:" + _alternatives(names) + r")(?![\w-])",
    }


def ability_word_rule() -> dict[str, Any]:
    words = [_phrase(word) for word in ability_words()]
    return {
        "comment": "An ability word and its dash at the start of an ability (CR 207.2c), "
        "generated from grammar/data/ability_words.txt by editors/vscode/generate.py.",
        "match": r"^\s*(" + _alternatives(words) + r")\s*(—|--?)(?=\s)",
        "captures": {
            "1": {"name": "markup.italic.ability-word.cardtext"},
            "2": {"name": "punctuation.separator.dash.cardtext"},
        },
    }


def type_line_rule() -> dict[str, Any]:
    sections = type_sections()
    supertypes = _alternatives([_phrase(w) for w in sections["supertypes"]])
    card_types = _alternatives([_phrase(w) for w in sections["card types"]])
    return {
        "comment": "Supertypes, card types, then a dash and subtypes (CR 205), "
        "generated from grammar/data/types.txt by editors/vscode/generate.py.",
        "match": r"^\s*((?:(?:" + supertypes + r")\s+)*)((?:(?:" + card_types
        + r")\b\s*)+)(?:(—|--|-)\s*(.*?))?\s*$",
        "captures": {
            "1": {"name": "storage.modifier.supertype.cardtext"},
            "2": {"name": "storage.type.card-type.cardtext"},
            "3": {"name": "punctuation.separator.dash.cardtext"},
            "4": {"name": "entity.name.type.subtype.cardtext"},
        },
    }


def generated(grammar: dict[str, Any]) -> dict[str, Any]:
    """The grammar with its table-made rules written from the tables."""
    out = json.loads(json.dumps(grammar))
    out["repository"]["keyword"] = keyword_rule()
    out["repository"]["ability-word"] = ability_word_rule()
    out["repository"]["type-line"] = type_line_rule()
    return out


def dumps(grammar: dict[str, Any]) -> str:
    return json.dumps(grammar, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    current = GRAMMAR_FILE.read_text(encoding="utf-8")
    text = dumps(generated(json.loads(current)))
    if args.check:
        if text != current:
            print(f"{GRAMMAR_FILE} is out of date: run python editors/vscode/generate.py",
                  file=sys.stderr)
            return 1
        return 0
    if text != current:
        GRAMMAR_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {GRAMMAR_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
