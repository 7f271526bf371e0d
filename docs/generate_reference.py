"""The grammar reference of the documentation, made from the data tables.

An MkDocs hook (``hooks:`` in mkdocs.yml): as the site is built, it adds the
pages below, made from what the grammar and the engine load at that moment,
so they are never out of date and never edited by hand. To read them
without building the site:

    python docs/generate_reference.py OUT_DIR   # writes OUT_DIR/reference/*.md

The pages:

* ``reference/keywords.md`` — the keyword abilities (CR 702) of
  ``grammar/data/keywords.txt``, how each is written, its definition from
  ``keyword_definitions.txt``, and the ability words (CR 207.2c) of
  ``ability_words.txt``;
* ``reference/types.md`` — the supertypes, card types and subtypes (CR 205)
  of ``grammar/data/types.txt``;
* ``reference/actions.md`` — the instructions the grammar reads (the nodes of
  ``cardtext.grammar.lang.verbs``, CR 701 and 608.2c) and whether the engine carries
  each out (``cardtext.interpreter.actions.ACTIONS`` and the limits beside it).
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardtext.grammar import definitions, vocabulary  # noqa: E402
from cardtext.grammar.node import Node  # noqa: E402

HEADER = "<!-- Made by docs/generate_reference.py from {source} as the site is built. -->\n\n"

# How a keyword of each shape is written (keywords.txt explains the shapes).
SHAPES = {
    "plain": "the keyword alone",
    "n": "a number: *Keyword N*",
    "cost": "a cost: *Keyword {cost}*",
    "cost-or-plain": "a cost, or alone",
    "n-cost": "a number and a cost: *Keyword N—{cost}*",
    "n-or-plain": "a number, or alone",
    "for": "*for* and objects",
    "from": "*from* and qualities",
    "object": "objects, with the article",
    "compound": "joined to a word before it",
    "kicker": "one or two costs, *and/or*",
    "activated": "a dash and an activated ability",
    "ability": "a dash and an ability",
    "gift": "what an opponent is promised",
    "craft": "*with* materials and a mana cost",
}


def _cell(text: str) -> str:
    """Text in a Markdown table cell: pipes escaped, braces kept as printed."""
    return text.replace("|", "\\|").replace("\n", " ")


def keywords_page() -> str:
    table = vocabulary.keywords()
    defined = definitions.definitions()
    out = [
        HEADER.format(source="grammar/data/keywords.txt, keyword_definitions.txt and ability_words.txt"),
        "# Keywords\n\n",
        "Every keyword ability the grammar reads (CR 702), from `grammar/data/keywords.txt`,\n",
        "and its definition: its reminder text written in the card language, from\n",
        "`grammar/data/keyword_definitions.txt` (placeholders: `{cost}` the cost, `{N}` the\n",
        "number; *evergreen*: Oracle prints no reminder text; *not read yet*: the grammar\n",
        "can't read the definition, and the engine doesn't play the keyword from it).\n",
        "A keyword of your own is defined in a card file ([Writing a card](../cards.md)).\n\n",
        f"{len(table)} keywords.\n\n",
        "| keyword | written with | definition |\n",
        "| --- | --- | --- |\n",
    ]
    for name in sorted(table):
        shape = table[name]
        definition = defined.get(name)
        if definition is None:
            meaning = ""
        else:
            flags = []
            if definition.evergreen:
                flags.append("*evergreen*")
            if definition.unparsed:
                flags.append("*not read yet*")
            meaning = " ".join([*flags, f"`{_cell(definition.template)}`"])
        out.append(f"| {name.capitalize()} | {SHAPES.get(shape, shape)} | {meaning} |\n")
    actions = sorted(name for name, d in defined.items() if d.action)
    if actions:
        out.append("\n## Keyword actions with reminder text\n\n")
        out.append("Keyword actions (CR 701) whose reminder text follows the sentence that performs them.\n\n")
        out.append("| keyword action | reminder text |\n| --- | --- |\n")
        for name in actions:
            out.append(f"| {defined[name].title} | `{_cell(defined[name].template)}` |\n")
    words = [line.strip() for line in (vocabulary.DATA / "ability_words.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]  # fmt: skip
    out.append("\n## Ability words\n\n")
    out.append("An ability word (CR 207.2c) stands before a dash at the start of an ability and has\n")
    out.append("no rules meaning of its own; `grammar/data/ability_words.txt` lists them.\n\n")
    out.append(", ".join(words) + ".\n")
    return "".join(out)


def types_page() -> str:
    sections: dict[str, list[str]] = {}
    current = ""
    for line in (vocabulary.DATA / "types.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            sections.setdefault(current, [])
        else:
            word, _, plural = (part.strip() for part in line.partition("|"))
            sections[current].append(f"{word} ({plural})" if plural and plural != word + "s" else word)
    out = [
        HEADER.format(source="grammar/data/types.txt"),
        "# Types\n\n",
        "The supertypes, card types and subtypes (CR 205) the grammar knows, from\n",
        "`grammar/data/types.txt`; a plural that isn't the word and *s* is in parentheses.\n",
        "A type line may declare a creature or planeswalker type of its own (a warning);\n",
        "the other cards of its file may then name it.\n",
    ]
    for section, words in sections.items():
        out.append(f"\n## {section.capitalize()}\n\n")
        out.append(f"{len(words)}: " + ", ".join(words) + ".\n")
    return "".join(out)


def _summary(cls: type) -> str:
    doc = inspect.getdoc(cls) or ""
    return " ".join(doc.split("\n\n")[0].split())


def actions_page() -> str:
    if str(ROOT) not in sys.path:  # MkDocs may have set sys.path anew since this module loaded
        sys.path.insert(0, str(ROOT))
    from cardtext.grammar.lang import verbs
    from cardtext.interpreter.actions import ACTIONS, LIMITS

    nodes = sorted(
        (cls for cls in vars(verbs).values()
         if isinstance(cls, type) and issubclass(cls, Node) and cls.__module__ == verbs.__name__),
        key=lambda cls: cls.__name__,
    )  # fmt: skip
    out = [
        HEADER.format(source="grammar/lang/verbs.py and interpreter/actions"),
        "# Actions\n\n",
        "The instructions, costs and their parts that the grammar reads (`grammar/lang/verbs.py`;\n",
        "keyword actions are CR 701, an effect's instructions CR 608.2c), and what the engine\n",
        "carries out: *plays* when `interpreter/actions` has a function for the node, with the\n",
        "parts it can't carry out yet listed (`cardtext check` reports each as a gap).\n\n",
        f"{len(nodes)} nodes, {sum(cls in ACTIONS for cls in nodes)} carried out by the engine.\n\n",
        "| node | what it is | engine |\n",
        "| --- | --- | --- |\n",
    ]
    for cls in nodes:
        if cls in ACTIONS:
            limits = [what if isinstance(what, str) else "kinds it names case by case" for what, _test in LIMITS.get(cls, ())]
            engine = "plays" + (" (not yet: " + "; ".join(limits) + ")" if limits else "")
        else:
            engine = ""
        out.append(f"| `{cls.__name__}` | {_cell(_summary(cls))} | {_cell(engine)} |\n")
    return "".join(out)


PAGES = {"keywords.md": keywords_page, "types.md": types_page, "actions.md": actions_page}


def on_files(files: Any, config: Any) -> Any:
    """MkDocs event: add the generated pages to the site's files."""
    from mkdocs.structure.files import File

    for name, make in PAGES.items():
        files.append(File.generated(config, f"reference/{name}", content=make()))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write reference/*.md into")
    args = parser.parse_args(argv)
    folder = args.out / "reference"
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in PAGES.items():
        (folder / name).write_text(make(), encoding="utf-8")
        print(f"wrote {folder / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
