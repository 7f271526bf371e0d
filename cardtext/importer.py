"""``cardtext import``: real cards' text in, as a card file to start from.

Reads, as downloaded:

* Scryfall bulk data (a JSON array of card objects, e.g. "Oracle Cards" or
  "Default Cards"), a Scryfall API list (``{"object": "list", "data": [...]}``)
  or JSON lines of card objects (what ``cardtext export --format scryfall``
  writes);
* MTGJSON ``AtomicCards.json`` (``{"data": {name: [face, ...]}}``), a set
  file (``{"data": {"code": ..., "cards": [...]}}``) or ``AllPrintings.json``;
* a Cockatrice card database (XML, what ``cardtext export --format
  cockatrice`` writes).

Cards are chosen by name (``--name``, a shell-style pattern, any case) and/or
by set (``--set``, a set code, any case), and written as card-file text in
the order found, each name once. Tokens, emblems and art cards are skipped.
The text is written as printed: ``cardtext check`` then says what the
grammar doesn't read yet, and ``cardtext fmt`` rewrites it canonically.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtext.grammar.errors import CardTextError

from .console import display_name
from .library import JsonCardError, json_card_text, json_kind, scan_jsonl

SKIPPED_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}


class ImportDataError(CardTextError):
    """A file that isn't one of the formats ``cardtext import`` reads."""


@dataclass
class Source:
    """A card read from a file, in Scryfall's field names, with its sets."""

    card: dict[str, Any]
    sets: set[str] = field(default_factory=set)
    problem: str | None = None
    """Why the card can't be read (a face that is not an object, a second face
    without a name): such a card is reported, never dropped in silence."""

    @property
    def name(self) -> str:
        return str(self.card.get("name", ""))

    @property
    def names(self) -> list[str]:
        faces = self.card.get("card_faces")
        faces = faces if isinstance(faces, list) else []
        return [self.name, *(str(f.get("name", "")) for f in faces if isinstance(f, dict))]


# --------------------------------------------------------------------------
# Reading the formats
# --------------------------------------------------------------------------


def read_cards(path: Path) -> tuple[str, list[Source]]:
    """The cards of a downloaded file, and the name of its format."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportDataError(f"{path}: can't read: {exc}") from None
    start = text.lstrip()[:1]
    if start == "<":
        return "Cockatrice XML", list(_cockatrice(text, path))
    if start not in ("[", "{"):
        raise ImportDataError(f"{path}: not JSON or XML card data")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if start == "{" and exc.msg == "Extra data":
            return "Scryfall JSON lines", list(_json_lines(path))
        raise ImportDataError(
            f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}"
        ) from None
    if isinstance(data, list):
        return "Scryfall JSON", list(scryfall_sources(data))
    if isinstance(data, dict):
        if data.get("object") == "list" and isinstance(data.get("data"), list):
            return "Scryfall JSON", list(scryfall_sources(data["data"]))
        if data.get("object") == "card":
            return "Scryfall JSON", list(scryfall_sources([data]))
        if "name" in data and "data" not in data:  # JSON lines of one card
            return "Scryfall JSON lines", list(scryfall_sources([data]))
        inner = data.get("data")
        if isinstance(inner, dict):
            if isinstance(inner.get("cards"), list):
                return "MTGJSON set file", list(_mtgjson_set(inner))
            values = list(inner.values())
            if values and all(isinstance(v, list) for v in values):
                return "MTGJSON AtomicCards", list(_mtgjson_atomic(inner))
            if values and all(isinstance(v, dict) and "cards" in v for v in values):
                return "MTGJSON AllPrintings", [s for v in values for s in _mtgjson_set(v)]
    raise ImportDataError(f"{path}: JSON, but neither Scryfall nor MTGJSON card data")


def _json_lines(path: Path) -> Iterator[Source]:
    """One card object a line, read as ``cardtext coverage`` reads them
    (:func:`cardtext.library.scan_jsonl`); the first line that isn't a card
    is the error, located at its line."""
    scan = scan_jsonl(path)
    if scan.errors:
        raise scan.errors[0]
    yield from scryfall_sources([card.data for card in scan.cards])


def is_card_object(obj: Any) -> bool:
    """A Scryfall object that is a card to read: not a token, an emblem or an art card."""
    return (isinstance(obj, dict) and "name" in obj and obj.get("object", "card") == "card"
            and obj.get("layout") not in SKIPPED_LAYOUTS)  # fmt: skip


def scryfall_sources(objects: Iterable[Any]) -> Iterator[Source]:
    """The cards among Scryfall objects (tokens, emblems and art cards left out)."""
    for obj in objects:
        if not is_card_object(obj):
            continue
        sets = {str(obj["set"]).upper()} if obj.get("set") else set()
        yield Source(obj, sets)


def _mtgjson_face(entry: dict[str, Any]) -> dict[str, Any]:
    """One MTGJSON card (face) in Scryfall's field names."""
    face: dict[str, Any] = {
        "name": entry.get("faceName") or entry.get("name", ""),
        "mana_cost": entry.get("manaCost", ""),
        "type_line": entry.get("type", ""),
        "oracle_text": entry.get("text", ""),
    }
    for key in ("power", "toughness", "loyalty", "defense"):
        if entry.get(key) is not None:
            face[key] = entry[key]
    return face


def _mtgjson_card(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """An MTGJSON card from its entries (one per face), Scryfall-style."""
    entries = sorted(entries, key=lambda e: str(e.get("side") or ""))
    first = entries[0]
    if len(entries) == 1 or not first.get("faceName"):
        card = _mtgjson_face(first)
        card["name"] = first.get("name", card["name"])
        card["layout"] = first.get("layout", "normal")
    else:
        card = {
            "name": first.get("name", ""),
            "layout": first.get("layout", ""),
            "card_faces": [_mtgjson_face(e) for e in entries],
        }
    keywords = _mtgjson_keywords(entries)
    if keywords:
        card["keywords"] = keywords
    return card


def _mtgjson_keywords(entries: list[dict[str, Any]]) -> list[str]:
    """The keywords of every face, each once (Scryfall keeps them on the card)."""
    found = (k for e in entries if isinstance(e.get("keywords"), list) for k in e["keywords"])
    return list(dict.fromkeys(str(k) for k in found))


def _set_codes(value: Any) -> set[str]:
    """MTGJSON's ``printings``: a list of set codes; a lone string is one code
    (not one code a letter), anything else none."""
    if isinstance(value, str):
        return {value.upper()} if value else set()
    if isinstance(value, list):
        return {p.upper() for p in value if isinstance(p, str) and p}
    return set()


def _faces_problem(name: str, entries: list[Any]) -> str | None:
    """What makes an MTGJSON card's entries unreadable, or None."""
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            return f"face {number} of {name} is {json_kind(entry)}, not an object"
    sides = {str(e.get("side") or "") for e in entries}
    if len(sides) > 1:
        for number, entry in enumerate(entries, start=1):
            if not entry.get("faceName"):
                return f"face {number} of {name} has no 'faceName' (each face of a card of several faces names itself)"
    return None


def _mtgjson_atomic(data: dict[str, list[Any]]) -> Iterator[Source]:
    for name, entries in data.items():
        if not isinstance(entries, list) or not entries:
            continue
        problem = _faces_problem(name, entries)
        if problem is not None:
            yield Source({"name": name}, set(), problem)
            continue
        by_side: dict[str, dict[str, Any]] = {}
        for entry in entries:
            by_side.setdefault(str(entry.get("side") or ""), entry)
        card = _mtgjson_card(list(by_side.values()))
        card.setdefault("name", name)
        if card.get("layout") in SKIPPED_LAYOUTS:
            continue
        printings = {code for e in entries for code in _set_codes(e.get("printings"))}
        yield Source(card, printings)


def _mtgjson_set(data: dict[str, Any]) -> Iterator[Source]:
    code = str(data.get("code", "")).upper()
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in data.get("cards") or []:
        if isinstance(entry, dict) and entry.get("name"):
            groups.setdefault(str(entry["name"]), []).append(entry)
    for name, entries in groups.items():
        problem = _faces_problem(name, entries)
        if problem is not None:
            yield Source({"name": name}, {code} if code else set(), problem)
            continue
        by_side: dict[str, dict[str, Any]] = {}
        for entry in entries:
            by_side.setdefault(str(entry.get("side") or ""), entry)
        card = _mtgjson_card(list(by_side.values()))
        if card.get("layout") in SKIPPED_LAYOUTS:
            continue
        sets = {code} if code else set()
        sets |= {c for entry in entries for c in _set_codes(entry.get("setCode"))}
        yield Source(card, sets)


_COCKATRICE_SYMBOL = re.compile(r"\{[^{}]*\}|\d+|[A-Za-z]")


def braced_cost(cost: str) -> str:
    """A Cockatrice mana cost (``2G{W/U}``) in braces (``{2}{G}{W/U}``)."""
    return "".join(
        s if s.startswith("{") else "{%s}" % s.upper() for s in _COCKATRICE_SYMBOL.findall(cost)
    )


COCKATRICE_ONE_CARD = ("split", "aftermath", "adventure")


def _one_card_faces(card: dict[str, Any], cost: str, layout: str) -> dict[str, Any]:
    """A Cockatrice split, aftermath or adventure card (one card "A // B", its
    texts joined by a line "---", the Adventure's first; values that differ
    joined by " // ") as a card with faces."""
    names = card["name"].split(" // ")
    texts = re.split(r"\n\s*---\s*\n", card["oracle_text"])
    first = (lambda parts: parts[::-1]) if layout == "adventure" else (lambda parts: parts)
    texts = first(texts)

    def part(value: str) -> list[str]:
        values = value.split(" // ")
        return first(values) if len(values) == len(names) else [value] * len(names)

    costs = [braced_cost(c) for c in part(cost)]
    types = part(str(card.get("type_line", "")))
    faces = []
    for index, name in enumerate(names):
        face: dict[str, Any] = {"name": name, "mana_cost": costs[index], "type_line": types[index],
                                "oracle_text": texts[index] if index < len(texts) else ""}  # fmt: skip
        if index == 0:  # a creature's power and toughness are its first face's (an adventurer)
            for key in ("power", "toughness", "loyalty", "defense"):
                if key in card:
                    face[key] = card[key]
        faces.append(face)
    return {"name": card["name"], "layout": layout, "card_faces": faces}


def _cockatrice(text: str, path: Path) -> Iterator[Source]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ImportDataError(f"{path}: not valid XML: {exc}") from None
    if root.tag != "cockatrice_carddatabase":
        raise ImportDataError(f"{path}: XML, but not a Cockatrice card database")
    fronts: list[Source] = []
    for element in root.iter("card"):
        prop = element.find("prop")

        def read(tag: str, where: ET.Element | None = prop) -> str:
            found = where.find(tag) if where is not None else None
            return (found.text or "").strip() if found is not None else ""

        if read("token", element) in ("1", "true"):
            continue
        face: dict[str, Any] = {
            "name": read("name", element),
            "mana_cost": braced_cost(read("manacost")),
            "type_line": read("type"),
            "oracle_text": read("text", element),
        }
        pt = read("pt")
        if "/" in pt:
            face["power"], face["toughness"] = pt.split("/", 1)
        for key in ("loyalty", "defense"):
            if read(key):
                face[key] = read(key)
        sets = {(s.text or "").strip().upper() for s in element.findall("set") if s.text}
        layout = read("layout") or "normal"
        if layout in COCKATRICE_ONE_CARD and " // " in face["name"]:
            fronts.append(Source(_one_card_faces(face, read("manacost"), layout), sets))
            continue
        if read("side") in ("b", "c", "back") and fronts:  # "back": files of earlier cardtext
            owner = fronts[-1]
            faces = owner.card.setdefault("card_faces", [dict(owner.card)])
            faces.append(face)
            owner.card["name"] = " // ".join(f["name"] for f in faces)
            for key in ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty"):
                owner.card.pop(key, None)
            continue
        face["layout"] = layout
        fronts.append(Source(face, sets))
    for source in fronts:
        faces = source.card.get("card_faces")
        if faces:
            for f in faces:
                f.pop("layout", None)
    yield from fronts


# --------------------------------------------------------------------------
# Choosing and writing
# --------------------------------------------------------------------------


def select(sources: list[Source], names: list[str], sets: list[str]) -> list[Source]:
    """The cards whose name (or a face's) matches one of ``names`` and that are
    in one of ``sets``; each name once, in the order found."""
    patterns = [n.lower() for n in names]
    codes = {s.upper() for s in sets}
    chosen: list[Source] = []
    seen: set[str] = set()
    for source in sources:
        if source.name in seen:
            continue
        if patterns and not any(
            fnmatch.fnmatchcase(n.lower(), p) for n in source.names for p in patterns
        ):
            continue
        if codes and not (codes & source.sets):
            continue
        seen.add(source.name)
        chosen.append(source)
    return chosen


def card_file_text(sources: list[Source], origin: str) -> str:
    """The chosen cards as a card file, with a comment that says where from.
    Raises :class:`~cardtext.library.JsonCardError` for a card that can't be written."""
    text, left_out = card_file_text_keeping(sources, origin)
    if left_out:
        raise JsonCardError(left_out[0][1])
    return text


def card_file_text_keeping(sources: list[Source], origin: str) -> tuple[str, list[tuple[str, str]]]:
    """The chosen cards as a card file, and the cards left out of it (name,
    why): a card whose data isn't a card (a field of the wrong type, a face
    that isn't an object) is named, never dropped in silence."""
    chunks = [f"# Imported from {origin}."]
    left_out: list[tuple[str, str]] = []
    for source in sources:
        if source.problem is not None:
            left_out.append((display_name(source.name), source.problem))
            continue
        try:
            chunks.append(json_card_text(source.card))
        except JsonCardError as exc:
            left_out.append((display_name(source.name), str(exc)))
    return "\n\n".join(chunks) + "\n", left_out


def cmd_import(args: argparse.Namespace) -> int:
    from .common import ERRORS, OK, UsageError, existing, plural, say, write_atomically
    from .diagnostics import check_text

    if not args.name and not args.set:
        raise UsageError("say which cards: --name PATTERN and/or --set CODE")
    (path,) = existing([args.file])
    form, sources = read_cards(path)
    chosen = select(sources, args.name or [], args.set or [])
    if not chosen:
        what = " and ".join(
            part
            for part in (
                ("--name " + ", ".join(args.name)) if args.name else "",
                ("--set " + ", ".join(args.set)) if args.set else "",
            )
            if part
        )
        say(f"import: no card of {path} ({form}) matches {what}", err=True)
        return ERRORS
    text, left_out = card_file_text_keeping(chosen, f"{path.name} ({form})")
    for name, why in left_out:
        say(f"import: {name}: left out: {why}", err=True)
    out = args.output
    if out and out != "-":
        target = Path(out)
        if target.exists() and not args.force:
            raise UsageError(f"{out} exists; use --force to replace it")
        write_atomically(target, text)
    else:
        sys.stdout.write(text)
    found = check_text(text, out or "<stdout>")
    failing = sum(1 for c in found.cards if c.errors)
    summary = f"imported {plural(len(chosen) - len(left_out), 'card')} from {path} ({form})"
    if failing:
        verb = "doesn't" if failing == 1 else "don't"
        summary += f"; {failing} {verb} parse yet ('cardtext check' says why)"
    if left_out:
        summary += f"; {plural(len(left_out), 'card')} left out (not card data)"
    say(summary, err=True)
    return ERRORS if left_out else OK


def add_command(sub: Any) -> None:
    """Add ``cardtext import`` to the command line's subcommands."""
    p = sub.add_parser(
        "import",
        help="write card files from Scryfall or MTGJSON data",
        description="Write the cards chosen by name and/or set from a Scryfall bulk-data JSON "
        "file (or JSON lines), an MTGJSON AtomicCards.json, set file or AllPrintings.json, "
        "or a Cockatrice card database, as card-file text.",
        epilog="exit status: 0 cards written, 1 no card matched or the file can't be read, "
        "2 usage error",
    )
    p.add_argument("file", metavar="FILE", help="Scryfall JSON, MTGJSON JSON or Cockatrice XML")
    p.add_argument(
        "--name",
        action="append",
        metavar="PATTERN",
        help="a card name or shell-style pattern ('Gnarlid*'), any case; may be repeated",
    )
    p.add_argument(
        "--set", action="append", metavar="CODE", help="a set code ('WWK'); may be repeated"
    )
    p.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (default: standard output)"
    )
    p.add_argument("--force", action="store_true", help="replace the --output file if it exists")
    p.set_defaults(run=cmd_import)


__all__ = ["ImportDataError", "Source", "add_command", "braced_cost", "read_cards", "select"]
