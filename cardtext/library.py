"""Loading cards: .card files, folders of them, and Scryfall-style JSON lines.

Folders are walked by :func:`find_files`: only regular files are taken (a
FIFO or a device in a folder would block a read or never end), a symbolic
link to a folder is followed once (a folder reached a second time, as a link
loop would, is not walked again), and a folder that can't be read is an
error, never silently skipped.

A JSON-lines file is read line by line (:func:`scan_jsonl`): a line that is
not a card — not JSON, nested too deeply, a field of the wrong type, a
number too long to convert, a lone surrogate — is an error located at that
line, and the other lines are still read.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError, Location
from cardtext.grammar.layout import implied_layout
from cardtext.grammar.parser import ParseResult, parse_text

from .console import ReadableError, display_name, has_surrogates

BUNDLED = Path(__file__).parent / "cards"


class LibraryError(ReadableError):
    """A card file, or a line of a JSON-lines file, that can't be read."""


class PathError(CardTextError):
    """A file or folder that can't be used: ``path: error: message``."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(f"{display_name(path)}: error: {message}")
        self.path = Path(path)
        self.message = message


def os_reason(exc: OSError) -> str:
    """What an :class:`OSError` means, in words (no errno numbers, no class names)."""
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links"
    return exc.strerror or str(exc)


# --------------------------------------------------------------------------
# Finding files
# --------------------------------------------------------------------------


def find_files(
    paths: Iterable[Path], suffix: str = ".card", *, recursive: bool = True
) -> Iterator[Path | PathError]:
    """The files named, and the ``*suffix`` files in the folders named.

    Each folder's files come sorted (as ``sorted(folder.rglob(...))`` would
    give them).  A problem with one path is yielded as a :class:`PathError`
    in its place, and the walk goes on: a folder that can't be read, a
    broken link named ``*suffix``, or a device or socket named on its own
    (a FIFO named on its own is read: ``<(command)`` is one).
    """
    visited: set[tuple[int, int]] = set()
    for path in paths:
        try:
            info = os.stat(path)
        except OSError as exc:
            yield PathError(path, f"can't read: {os_reason(exc)}")
            continue
        if stat.S_ISDIR(info.st_mode):
            found = list(_walk(path, suffix, recursive, visited, info))
            found.sort(key=lambda item: item.path if isinstance(item, PathError) else item)
            yield from found
        elif stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode):
            yield path
        else:
            yield PathError(path, "can't read: not a regular file (a device or a socket)")


MAX_FOLDERS = 1_000
"""How many folders a search for card files looks through under one folder
named: a set's repository has a handful; a search of a whole disk ("/")
is a mistake, reported rather than carried out for minutes."""

SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "site-packages"})
"""Folders a search for card files doesn't go into (nor into hidden ones,
".git", ".venv"), as formatters and linters don't: they hold tools, not cards."""


def _walk(
    root: Path, suffix: str, recursive: bool, visited: set[tuple[int, int]], info: os.stat_result
) -> Iterator[Path | PathError]:
    """The regular ``*suffix`` files under ``root``; each folder once (by device
    and inode), at most :data:`MAX_FOLDERS` of them."""
    visited.add((info.st_dev, info.st_ino))
    pending = [root]
    seen = 0
    while pending:
        folder = pending.pop()
        seen += 1
        if seen > MAX_FOLDERS:
            yield PathError(root, f"more than {MAX_FOLDERS:,} folders to look through for {suffix} files: "
                                  "name the folder that holds them")  # fmt: skip
            return
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            yield PathError(folder, f"can't read folder: {os_reason(exc)}")
            continue
        for entry in entries:
            path = folder / entry.name
            try:
                st = entry.stat()  # follows a symbolic link
            except OSError as exc:
                if entry.name.endswith(suffix):
                    yield PathError(path, f"can't read: {os_reason(exc)}")
                continue
            if stat.S_ISDIR(st.st_mode):
                key = (st.st_dev, st.st_ino)
                if entry.name.startswith(".") or entry.name in SKIPPED_FOLDERS:
                    continue
                if recursive and key not in visited:
                    visited.add(key)
                    pending.append(path)
            elif stat.S_ISREG(st.st_mode) and entry.name.endswith(suffix):
                yield path


def card_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The .card files named, and those found in the folders named (sorted).

    The first path that can't be used raises its :class:`PathError`;
    :func:`find_files` reports each and goes on."""
    for item in find_files(paths):
        if isinstance(item, PathError):
            raise item
        yield item


def parse_path(path: Path) -> ParseResult:
    name = display_name(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise LibraryError(
            f"can't read {name}: not UTF-8 text ({exc.reason} at byte {exc.start})",
            Location(name, 1, 1),
        ) from None
    except OSError as exc:
        raise LibraryError(f"can't read {name}: {os_reason(exc)}", Location(name, 1, 1)) from None
    return parse_text(text, name)


# --------------------------------------------------------------------------
# Scryfall-style JSON lines
# --------------------------------------------------------------------------


class JsonCardError(CardTextError):
    """A JSON object that is not a card: a field missing or of the wrong type."""


def json_kind(value: Any) -> str:
    """A JSON value's kind in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _text_field(obj: dict[str, Any], key: str, card: str, *, required: bool = False) -> str:
    value = obj.get(key)
    if value is None:
        if required:
            raise JsonCardError(f"the card has no '{key}'")
        return ""
    if not isinstance(value, str):
        raise JsonCardError(f"'{key}' of {card} is {json_kind(value)}, not text")
    if has_surrogates(value):
        raise JsonCardError(f"'{key}' of {card} holds a lone surrogate (a \\ud800-\\udfff escape), not text")
    return value


def _stat_field(obj: dict[str, Any], key: str, card: str) -> str | None:
    """Power, toughness or loyalty: text as Scryfall writes it ("2", "*"), or a whole number."""
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise JsonCardError(f"'{key}' of {card} is {json_kind(value)}, not a number or text like \"2\" or \"*\"")
    return _text_field(obj, key, card)


_COLOR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
"""Scryfall's color letters (``color_indicator``) and the names a card file writes."""

JSON_LAYOUTS = {
    "split": "split", "adventure": "adventure", "transform": "transform", "modal_dfc": "modal",
    "modal": "modal", "flip": "flip", "meld": "meld", "aftermath": "aftermath",
}
"""Scryfall's multi-face layouts and the card language's word for each."""


def json_card_text(obj: Any) -> str:
    """A Scryfall-style card object as card-file text (design.md, "Card files").

    Multi-face cards ("card_faces") give one card per face, separated by
    "//" and the kind of card when the layout names one the card language
    knows and a bare "//" would not imply ("modal_dfc" is written "// modal").  Raises
    :class:`JsonCardError` for an object that isn't a card.
    """
    if not isinstance(obj, dict):
        raise JsonCardError(f"expected a card (a JSON object), found {json_kind(obj)}")
    name = _text_field(obj, "name", "the card", required=True)
    faces = obj.get("card_faces")
    if faces:
        if not isinstance(faces, list):
            raise JsonCardError(f"'card_faces' of {name} is {json_kind(faces)}, not a list of faces")
        texts = []
        for number, face in enumerate(faces, start=1):
            if not isinstance(face, dict):
                raise JsonCardError(f"face {number} of {name} is {json_kind(face)}, not an object")
            if face.get("name") is None:
                raise JsonCardError(f"face {number} of {name} has no 'name'")
            texts.append(json_card_text({**face, "card_faces": None}))
        layout = JSON_LAYOUTS.get(str(obj.get("layout") or ""), "")
        implied = implied_layout(
            [bool(face.get("mana_cost")) for face in faces],
            [set(str(face.get("type_line") or "").replace("—", " ").split()) for face in faces],
        )
        if layout == "adventure" and implied == "omen":
            layout = "omen"  # Scryfall calls an Omen card an adventure; its spell is shuffled away instead
        layout = "" if layout == implied else layout
        return ("\n//" + (f" {layout}" if layout else "") + "\n").join(texts)
    head = name
    cost = _text_field(obj, "mana_cost", name)
    if cost:
        head += " " + cost
    lines = [head, _text_field(obj, "type_line", name)]
    indicator = obj.get("color_indicator")
    if isinstance(indicator, list) and indicator and all(c in _COLOR_NAMES for c in indicator):
        lines.append("Color indicator: " + ", ".join(_COLOR_NAMES[c] for c in "WUBRG" if c in indicator))
    text = _text_field(obj, "oracle_text", name)
    lines.extend(ln.strip() for ln in text.split("\n") if ln.strip())  # " [-3]: ..." in some data
    power, toughness = _stat_field(obj, "power", name), _stat_field(obj, "toughness", name)
    loyalty = _stat_field(obj, "loyalty", name)
    if power is not None and toughness is not None:
        lines.append(f"{power}/{toughness}")
    elif loyalty is not None:
        lines.append(f"Loyalty: {loyalty}")
    return "\n".join(lines)


@dataclass
class JsonCard:
    name: str
    text: str
    line: int
    data: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The JSON object the card was read from."""


@dataclass
class JsonLines:
    """What :func:`scan_jsonl` read: the cards, and an error for each line that isn't one."""

    cards: list[JsonCard] = field(default_factory=list)
    errors: list[LibraryError] = field(default_factory=list)


def _split_lines(data: bytes) -> list[bytes]:
    """Lines as editors count them: ``\\n``, ``\\r\\n`` or ``\\r`` ends a line;
    U+2028, U+0085 and form feed do not (JSON may hold them in a string)."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")


def _card_of_line(raw: bytes, name: str, number: int) -> JsonCard:
    """One line as a card, or :class:`LibraryError` located at the line."""

    def error(message: str, column: int = 1) -> LibraryError:
        shown = raw.decode("utf-8", "replace")
        return LibraryError(f"not a card object: {message}", Location(name, number, column, shown))

    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
        raise error(f"not UTF-8 text ({exc.reason})", column) from None
    if number == 1:
        line = line.removeprefix("\ufeff")
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        reason = exc.msg[:1].lower() + exc.msg[1:]
        raise error(f"not valid JSON: {reason}", exc.colno) from None
    except RecursionError:
        raise error("JSON nested too deeply to be a card") from None
    except ValueError:  # int() refuses more than sys.get_int_max_str_digits() digits
        raise error("a number too long to read (more than 4,300 digits)") from None
    try:
        text = json_card_text(obj)
    except JsonCardError as exc:
        raise error(str(exc)) from None
    except RecursionError:  # card_faces nested in card_faces ...
        raise error("card faces nested too deeply") from None
    return JsonCard(obj["name"], text, number, obj)


READ_SIZE = 1 << 20
"""Bytes read at a time from a file of JSON lines (:func:`lines_of`)."""


def lines_of(f: Any, size: int = 0) -> Iterator[bytes]:
    """The lines of a binary file, read ``size`` bytes at a time (:data:`READ_SIZE`), as
    :func:`_split_lines` splits them (a ``\\r\\n`` across two reads is one end)."""
    rest = b""
    size = size or READ_SIZE
    while True:
        chunk = f.read(size)
        if not chunk:
            break
        data = rest + chunk
        if data.endswith(b"\r"):  # its \n may start the next read
            data, rest = data[:-1], b"\r"
        else:
            rest = b""
        lines = _split_lines(data)
        rest = lines.pop() + rest
        yield from lines
    if rest.endswith(b"\r"):
        yield rest[:-1]
        rest = b""
    yield rest


def iter_jsonl(path: Path) -> Iterator[JsonCard | LibraryError]:
    """The lines of a file of one JSON object a line, as they are read: a
    :class:`JsonCard` for a line that is a card, a :class:`LibraryError` for
    one that isn't (blank lines are skipped).  The file is read a part at a
    time, so memory doesn't grow with its size.

    A file that can't be read raises :class:`PathError` (here, before the
    first line; an error reading on raises it then)."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise PathError(path, "can't read: a folder (one JSON-lines file is read)")
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            raise PathError(path, "can't read: not a regular file (a device or a socket)")
        f = open(path, "rb")  # noqa: SIM115 - closed by the generator
    except OSError as exc:
        raise PathError(path, f"can't read: {os_reason(exc)}") from None
    return _json_lines(f, path)


def _json_lines(f: Any, path: Path) -> Iterator[JsonCard | LibraryError]:
    name = display_name(path)
    with f:
        try:
            for number, raw in enumerate(lines_of(f), start=1):
                if not raw.strip():
                    continue
                try:
                    yield _card_of_line(raw, name, number)
                except LibraryError as exc:
                    yield exc
        except OSError as exc:
            raise PathError(path, f"can't read: {os_reason(exc)}") from None


def scan_jsonl(path: Path) -> JsonLines:
    """Cards from a file of one JSON object a line (Scryfall field names).

    A file that can't be read raises :class:`PathError`; a line that isn't a
    card is a :class:`LibraryError` in :attr:`JsonLines.errors`, and the
    other lines are still read (:func:`iter_jsonl` gives them one by one)."""
    out = JsonLines()
    for item in iter_jsonl(path):
        if isinstance(item, LibraryError):
            out.errors.append(item)
        else:
            out.cards.append(item)
    return out


def read_jsonl(path: Path) -> list[JsonCard]:
    """The cards of a JSON-lines file; the first line that isn't a card raises
    its :class:`LibraryError` (:func:`scan_jsonl` reads on)."""
    scan = scan_jsonl(path)
    if scan.errors:
        raise scan.errors[0]
    return scan.cards


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
    "BUNDLED",
    "CardTextError",
    "JsonCard",
    "JsonCardError",
    "JsonLines",
    "LibraryError",
    "PathError",
    "bundled_cards",
    "card_files",
    "find_files",
    "iter_jsonl",
    "lines_of",
    "json_card_text",
    "os_reason",
    "parse_path",
    "read_jsonl",
    "scan_jsonl",
]
