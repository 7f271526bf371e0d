"""``cardtext export``: card files out to the tools people play-test in.

Three formats:

* ``scryfall``: JSON lines, one Scryfall-style card object a line (the
  fields ``cardtext coverage`` and ``cardtext import`` read);
* ``cockatrice``: a Cockatrice custom-set XML database (format version 4),
  to drop into Cockatrice's ``customsets`` folder;
* ``mtgjson``: an MTGJSON-style set file (``{"meta": ..., "data": {...,
  "cards": [...]}}``): MTGJSON's layout and field names for what a card file
  holds, not a complete MTGJSON set (no identifiers, legalities, printings,
  availability, border color or finishes), and its ``meta`` says so.

A card is exported as the renderer writes it (its canonical Oracle text,
with reminder text), so what leaves is what cardtext understood. A file
with errors stops the export: nothing is written, and the errors are
reported as ``cardtext check`` reports them.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtext.grammar.errors import CardTextError
from cardtext.grammar.render import render_card

from .blocks import split_name_line

FORMATS = ("scryfall", "cockatrice", "mtgjson")
MTGJSON_STYLE = "cardtext MTGJSON-style set (a subset of MTGJSON 5's card fields)"
COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_MAIN_TYPES = (
    "Creature", "Land", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment",
)  # fmt: skip


class ExportError(CardTextError):
    """Card files that can't be exported (errors in them, a file that can't be written)."""


# --------------------------------------------------------------------------
# Cards as plain fields
# --------------------------------------------------------------------------


@dataclass
class Face:
    """One card, or one face of a multi-face card, as the fields of card databases."""

    name: str
    mana_cost: str
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None

    @property
    def mana_value(self) -> float:
        return mana_value(self.mana_cost)

    @property
    def colors(self) -> list[str]:
        return colors_of(self.mana_cost)

    @property
    def color_identity(self) -> list[str]:
        """Mana symbols of the cost and of the rules text, not of reminder text,
        and those of the mana ability a basic land type gives (903.4, 305.6)."""
        return colors_of(identity_text(self))


@dataclass
class ExportCard:
    name: str
    layout: str
    faces: list[Face] = field(default_factory=list)


def _value(node: Any, attribute: str) -> str | None:
    value = getattr(node, attribute, None)
    return None if value is None else str(value)


def face_of(card: Any) -> Face:
    """A parsed card (one face) as plain fields, read from its rendering."""
    lines = render_card(card).splitlines()
    name = str(card.name)
    head = lines[0] if lines else name
    cost = head[len(name) :].strip() if head.startswith(name) else split_name_line(head)[1]
    type_line = getattr(card, "type_line", None)
    pt = getattr(card, "pt", None)
    loyalty = getattr(card, "loyalty", None)
    defense = getattr(card, "defense", None)
    rules = lines[2:]
    if rules and (pt is not None or loyalty is not None or defense is not None):
        rules = rules[:-1]
    return Face(
        name=name,
        mana_cost=cost,
        type_line=lines[1] if len(lines) > 1 else "",
        supertypes=tuple(getattr(type_line, "supertypes", ())),
        types=tuple(getattr(type_line, "types", ())),
        subtypes=tuple(getattr(type_line, "subtypes", ())),
        oracle_text="\n".join(rules),
        power=_value(pt, "power"),
        toughness=_value(pt, "toughness"),
        loyalty=_value(loyalty, "value"),
        defense=_value(defense, "value"),
    )


def export_card(card: Any) -> ExportCard:
    """A parsed card, with its faces if it has several."""
    faces = tuple(getattr(card, "faces", ()) or ())
    if faces:
        layout = str(getattr(card, "layout", "") or "split")
        return ExportCard(str(card.name), layout, [face_of(f) for f in faces])
    return ExportCard(str(card.name), "normal", [face_of(card)])


def mana_value(cost: str) -> float:
    """The mana value of a mana cost written in braces (202.3)."""
    total = 0.0
    for symbol in _SYMBOL.findall(cost):
        parts = symbol.upper().split("/")
        if parts[0].isdigit():
            total += int(parts[0])
        elif parts[0] in ("X", "Y", "Z"):
            continue
        elif parts[0].startswith("H"):
            total += 0.5
        else:
            total += 1
    return total


def colors_of(text: str) -> list[str]:
    """The colors of the mana symbols in ``text``, in WUBRG order."""
    found = {c for symbol in _SYMBOL.findall(text) for c in symbol.upper() if c in COLOR_ORDER}
    return [c for c in COLOR_ORDER if c in found]


BASIC_LAND_MANA = {
    "Plains": "{W}",
    "Island": "{U}",
    "Swamp": "{B}",
    "Mountain": "{R}",
    "Forest": "{G}",
}


def identity_text(face: Face) -> str:
    """The text whose mana symbols make a face's color identity (903.4)."""
    lands = "".join(BASIC_LAND_MANA.get(t, "") for t in face.subtypes)
    return face.mana_cost + _REMINDER.sub("", face.oracle_text) + lands


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


# --------------------------------------------------------------------------
# Formats
# --------------------------------------------------------------------------


def _json_layout(layout: str) -> str:
    """Scryfall's and MTGJSON's name for a layout ("modal" is "modal_dfc")."""
    return "modal_dfc" if layout == "modal" else layout


def to_scryfall(cards: Iterable[ExportCard], set_code: str, set_name: str) -> str:
    """JSON lines, one Scryfall-style card object a line."""
    out: list[str] = []
    for number, card in enumerate(cards, start=1):
        obj: dict[str, Any] = {"object": "card", "name": card.name, "layout": _json_layout(card.layout)}
        if len(card.faces) == 1:
            obj.update(_scryfall_face(card.faces[0]))
        else:
            faces = [{"object": "card_face", **_scryfall_face(f)} for f in card.faces]
            obj["mana_cost"] = " // ".join(f.mana_cost for f in card.faces)
            obj["type_line"] = " // ".join(f.type_line for f in card.faces)
            obj["card_faces"] = faces
        obj["cmc"] = _number(
            card.faces[0].mana_value
            if card.layout != "split"
            else sum(f.mana_value for f in card.faces)
        )
        obj["colors"] = colors_of("".join(f.mana_cost for f in card.faces))
        obj["color_identity"] = colors_of("".join(identity_text(f) for f in card.faces))
        obj["set"] = set_code.lower()
        obj["set_name"] = set_name
        obj["collector_number"] = str(number)
        out.append(json.dumps(obj, ensure_ascii=False))
    return "\n".join(out) + ("\n" if out else "")


def _scryfall_face(face: Face) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "name": face.name,
        "mana_cost": face.mana_cost,
        "type_line": face.type_line,
        "oracle_text": face.oracle_text,
    }
    for key in ("power", "toughness", "loyalty", "defense"):
        value = getattr(face, key)
        if value is not None:
            obj[key] = value
    return obj


def cockatrice_cost(cost: str) -> str:
    """``{2}{G}{W/U}`` → ``2G{W/U}``: Cockatrice writes one-letter symbols bare."""
    out = []
    for symbol in _SYMBOL.findall(cost):
        out.append(symbol if symbol.isdigit() or len(symbol) == 1 else "{%s}" % symbol)
    return "".join(out)


def _main_type(face: Face) -> str:
    for kind in _MAIN_TYPES:
        if kind in face.types:
            return kind
    return face.types[0] if face.types else ""


def _table_row(face: Face) -> int:
    """Where Cockatrice puts the card on the table: 0 lands, 1 other permanents,
    2 creatures, 3 instants and sorceries."""
    if "Land" in face.types:
        return 0
    if "Creature" in face.types:
        return 2
    if "Instant" in face.types or "Sorcery" in face.types:
        return 3
    return 1


# Cockatrice's own conventions (its importer of MTGJSON data): a split,
# aftermath or adventure card is one card named "A // B" whose texts are
# joined by a line "---" (the Adventure's text first), the other faces' values
# joined by " // " (its colors and color identity together); every other face is a card of its own, linked to the
# card's other faces by <related attach="transform">.
COCKATRICE_ONE_CARD = ("split", "aftermath", "adventure")
COCKATRICE_TEXT_SEPARATOR = "\n\n---\n\n"
COCKATRICE_PROP_SEPARATOR = " // "


def _cockatrice_props(face: Face, layout: str, side: str | None, cmc: float) -> dict[str, str]:
    """The <prop> values of one face, those that are empty left out."""
    props = {
        "layout": _json_layout(layout),
        "side": side or "",
        "type": face.type_line,
        "maintype": _main_type(face),
        "manacost": cockatrice_cost(face.mana_cost),
        "cmc": str(_number(cmc)),
        "colors": "".join(face.colors),
        "coloridentity": "".join(face.color_identity),
        "pt": f"{face.power}/{face.toughness}" if face.power is not None else "",
        "loyalty": face.loyalty or "",
        "defense": face.defense or "",
    }
    return {tag: value for tag, value in props.items() if value}


def _merged_props(parts: list[dict[str, str]]) -> dict[str, str]:
    """The props of a card made of several faces: a value the faces share once,
    values that differ joined by " // ", colors together, the first main type."""
    merged: dict[str, str] = {}
    for props in parts:
        for tag, value in props.items():
            old = merged.get(tag)
            if old is None or old == value:
                merged[tag] = value
            elif tag in ("colors", "coloridentity"):  # the card's, all its faces' (903.4)
                merged[tag] = "".join(c for c in COLOR_ORDER if c in old + value)
            elif tag != "maintype":
                merged[tag] = old + COCKATRICE_PROP_SEPARATOR + value
    return merged


def _cockatrice_card(cards: Any, name: str, text: str, props: dict[str, str], num: str,
                     set_code: str, related: list[str], row: int) -> None:  # fmt: skip
    element = ET.SubElement(cards, "card")
    ET.SubElement(element, "name").text = name
    ET.SubElement(element, "text").text = text
    prop = ET.SubElement(element, "prop")
    for tag, value in props.items():
        ET.SubElement(prop, tag).text = value
    ET.SubElement(element, "set", num=num).text = set_code
    for other in related:
        ET.SubElement(element, "related", attach="transform").text = other
    ET.SubElement(element, "tablerow").text = str(row)


def to_cockatrice(cards: Iterable[ExportCard], set_code: str, set_name: str, date: str) -> str:
    """A Cockatrice card database (version 4) holding one custom set, by
    Cockatrice's conventions (:data:`COCKATRICE_ONE_CARD`)."""
    root = ET.Element("cockatrice_carddatabase", version="4")
    sets = ET.SubElement(root, "sets")
    info = ET.SubElement(sets, "set")
    for tag, text in (
        ("name", set_code),
        ("longname", set_name),
        ("settype", "Custom"),
        ("releasedate", date),
    ):
        ET.SubElement(info, tag).text = text
    elements = ET.SubElement(root, "cards")
    for number, card in enumerate(cards, start=1):
        if len(card.faces) > 1 and card.layout in COCKATRICE_ONE_CARD:
            faces = card.faces[::-1] if card.layout == "adventure" else card.faces
            total = sum(f.mana_value for f in card.faces) if card.layout != "adventure" else card.faces[0].mana_value
            props = _merged_props([_cockatrice_props(f, card.layout, None, total) for f in faces])
            text = COCKATRICE_TEXT_SEPARATOR.join(f.oracle_text for f in faces)
            name = COCKATRICE_PROP_SEPARATOR.join(f.name for f in card.faces)
            _cockatrice_card(elements, name, text, props, str(number), set_code, [], _table_row(card.faces[0]))
            continue
        for index, face in enumerate(card.faces):
            several = len(card.faces) > 1
            side = ("ab"[index] if index < 2 else str(index)) if several else None
            props = _cockatrice_props(face, card.layout, side, face.mana_value)
            related = [other.name for other in card.faces if other is not face]
            _cockatrice_card(elements, face.name, face.oracle_text, props, f"{number}{side or ''}",
                             set_code, related, _table_row(face))  # fmt: skip
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def to_mtgjson(cards: Iterable[ExportCard], set_code: str, set_name: str, date: str) -> str:
    """An MTGJSON-style set file: ``{"meta": ..., "data": {"code": ..., "cards": [...]}}``."""
    entries: list[dict[str, Any]] = []
    count = 0
    for number, card in enumerate(cards, start=1):
        count = number
        # The card's mana value: both halves' for a split card (709.4), else
        # the front face's (712.8, 715.4); each face's own is faceManaValue.
        card_value = _number(sum(f.mana_value for f in card.faces) if card.layout in ("split", "aftermath")
                        else card.faces[0].mana_value)  # fmt: skip
        identity = colors_of("".join(identity_text(f) for f in card.faces))
        for index, face in enumerate(card.faces):
            entry: dict[str, Any] = {
                "name": card.name,
                "layout": _json_layout(card.layout),
                "manaCost": face.mana_cost,
                "manaValue": card_value,
                "convertedManaCost": card_value,
                "type": face.type_line,
                "supertypes": list(face.supertypes),
                "types": list(face.types),
                "subtypes": list(face.subtypes),
                "text": face.oracle_text,
                "colors": face.colors,
                "colorIdentity": identity,
                "setCode": set_code,
                "number": str(number),
            }
            if len(card.faces) > 1:
                entry["faceName"] = face.name
                entry["faceManaValue"] = _number(face.mana_value)
                entry["side"] = "abcde"[index] if index < 5 else str(index)
            for key in ("power", "toughness", "loyalty", "defense"):
                value = getattr(face, key)
                if value is not None:
                    entry[key] = value
            entry["uuid"] = str(
                uuid.uuid5(uuid.NAMESPACE_URL, f"cardtext:{set_code}:{number}:{index}")
            )
            entries.append(entry)
    document = {
        # Not an MTGJSON release: the fields MTGJSON requires and a card file
        # doesn't hold (identifiers, legalities, availability, ...) are absent.
        "meta": {"date": date, "version": MTGJSON_STYLE},
        "data": {
            "code": set_code,
            "name": set_name,
            "type": "custom",
            "releaseDate": date,
            "baseSetSize": count,
            "totalSetSize": count,
            "cards": entries,
            "tokens": [],
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def export_text(
    cards: list[Any],
    form: str,
    *,
    set_code: str = "CTX",
    set_name: str = "",
    date: str | None = None,
) -> str:
    """Parsed cards in one of :data:`FORMATS`."""
    exported = [export_card(c) for c in cards]
    day = date or datetime.date.today().isoformat()
    name = set_name or f"{set_code} (cardtext)"
    if form == "scryfall":
        return to_scryfall(exported, set_code, name)
    if form == "cockatrice":
        return to_cockatrice(exported, set_code, name, day)
    if form == "mtgjson":
        return to_mtgjson(exported, set_code, name, day)
    raise ExportError(f"unknown format {form!r}; one of: {', '.join(FORMATS)}")


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from .common import ERRORS, OK, diagnostic, existing, read, say, write_atomically
    from .diagnostics import check_text, link_checker
    from .library import card_files

    files = list(card_files(existing(args.paths)))
    link = link_checker()
    cards: list[Any] = []
    errors: list[CardTextError] = []
    left_out: list[str] = []  # with --keep-going: the cards (and files) not exported
    for path in files:
        try:
            found = check_text(read(path), str(path), link=link)
        except CardTextError as exc:  # a file that can't be read
            if not args.keep_going:
                raise
            errors.append(exc)
            left_out.append(f"{path} (the whole file)")
            continue
        errors.extend(found.errors)
        for check in found.cards:
            if check.card is not None and not check.errors:
                cards.append(check.card)
            else:
                left_out.append(f"{check.name} ({path}:{check.block.start})")
    if errors:
        for error in errors:
            say(diagnostic(error, err=True), err=True)
        if not args.keep_going:
            say(f"export: nothing written: {len(errors)} error(s) to fix first "
                "(--keep-going exports the other cards)", err=True)  # fmt: skip
            return ERRORS
    names = [str(c.name) for c in cards]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ExportError("cards named twice: " + ", ".join(twice))
    text = export_text(cards, args.format, set_code=args.set_code, set_name=args.set_name)
    if args.output and args.output != "-":
        write_atomically(Path(args.output), text)
        say(f"exported {len(cards)} card(s) to {args.output} ({args.format})", err=True)
    else:
        sys.stdout.write(text)
    if left_out:
        say(f"export: left out {len(left_out)} card(s) with errors: " + "; ".join(left_out), err=True)
        return ERRORS
    return OK


def add_command(sub: Any) -> None:
    """Add ``cardtext export`` to the command line's subcommands."""
    p = sub.add_parser(
        "export",
        help="write card files as Scryfall JSON lines, a Cockatrice set or an MTGJSON set file",
        description="Export the cards of card files (and of the *.card files in folders) as "
        "Scryfall-style JSON lines, a Cockatrice custom-set XML (version 4) or an MTGJSON-style "
        "set file. Each card is written in its canonical text. A file with errors stops the "
        "export: nothing is written (unless --keep-going).",
        epilog="exit status: 0 exported, 1 errors in the cards (nothing written; with --keep-going, "
        "the other cards written), 2 usage error",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files or folders")
    p.add_argument("--format", choices=FORMATS, required=True, help="the format to write")
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (default: standard output)"
    )
    p.add_argument("--set-code", default="CTX", metavar="CODE", help="the set's code (default CTX)")
    p.add_argument("--set-name", default="", metavar="NAME", help="the set's name")
    p.add_argument(
        "--keep-going", action="store_true",
        help="export the cards that have no errors, and name those left out (exit status 1)",
    )  # fmt: skip
    p.set_defaults(run=cmd_export)


__all__ = [
    "FORMATS",
    "ExportCard",
    "ExportError",
    "Face",
    "add_command",
    "colors_of",
    "export_card",
    "export_text",
    "mana_value",
]
