"""Loading cards: .card files, folders of them, and Scryfall-style JSON lines."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from grammar import ast as A
from grammar.errors import CardTextError, LocatedError, Location
from grammar.layout import implied_layout
from grammar.parser import ParseResult, parse_text

BUNDLED = Path(__file__).parent / "cards"


class LibraryError(LocatedError):
    """A card file or folder that can't be read."""


def card_files(paths: list[Path]) -> Iterator[Path]:
    """The .card files named, and those found in the folders named (sorted)."""
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.card"))
        elif path.exists():
            yield path
        else:
            raise LibraryError(f"no such file or folder: {path}", Location(str(path), 1, 1))


def parse_path(path: Path) -> ParseResult:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LibraryError(f"can't read {path}: {exc}", Location(str(path), 1, 1)) from None
    return parse_text(text, str(path))


JSON_LAYOUTS = {
    "split": "split", "adventure": "adventure", "transform": "transform", "modal_dfc": "modal",
    "modal": "modal", "flip": "flip", "meld": "meld", "aftermath": "aftermath",
}
"""Scryfall's multi-face layouts and the card language's word for each."""


def json_card_text(obj: dict[str, Any]) -> str:
    """A Scryfall-style card object as card-file text (design.md, "Card files").

    Multi-face cards ("card_faces") give one card per face, separated by
    "//" and the kind of card when the layout names one the card language
    knows and a bare "//" would not imply ("modal_dfc" is written "// modal").
    """
    if obj.get("card_faces"):
        faces = [json_card_text({**face, "card_faces": None}) for face in obj["card_faces"]]
        layout = JSON_LAYOUTS.get(str(obj.get("layout") or ""), "")
        implied = implied_layout(
            [bool(face.get("mana_cost")) for face in obj["card_faces"]],
            [set(str(face.get("type_line") or "").replace("—", " ").split()) for face in obj["card_faces"]],
        )
        layout = "" if layout == implied else layout
        return ("\n//" + (f" {layout}" if layout else "") + "\n").join(faces)
    head = obj["name"]
    if obj.get("mana_cost"):
        head += " " + obj["mana_cost"]
    lines = [head, obj.get("type_line", "")]
    text = obj.get("oracle_text") or ""
    lines.extend(ln for ln in text.split("\n") if ln.strip())
    if obj.get("power") is not None and obj.get("toughness") is not None:
        lines.append(f"{obj['power']}/{obj['toughness']}")
    elif obj.get("loyalty") is not None:
        lines.append(f"Loyalty: {obj['loyalty']}")
    return "\n".join(lines)


@dataclass
class JsonCard:
    name: str
    text: str
    line: int


def read_jsonl(path: Path) -> list[JsonCard]:
    """Cards from a file of one JSON object a line (Scryfall field names)."""
    out: list[JsonCard] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise LibraryError(f"can't read {path}: {exc}", Location(str(path), 1, 1)) from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            out.append(JsonCard(obj["name"], json_card_text(obj), number))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise LibraryError(
                f"not a card object: {exc}", Location(str(path), number, 1)
            ) from None
    return out


def bundled_cards() -> list[A.Card]:
    """Every card of cardtext/cards/."""
    cards: list[A.Card] = []
    for path in card_files([BUNDLED]):
        result = parse_path(path)
        if result.errors:
            raise result.errors[0]
        cards.extend(result.cards)
    return cards


__all__ = [
    "CardTextError",
    "bundled_cards",
    "card_files",
    "json_card_text",
    "parse_path",
    "read_jsonl",
]
