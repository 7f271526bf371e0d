"""cardtext beside phase.rs on the same card files, in the same run (not a test).

    pip install '.[compare]'        # phase-python, phase.rs's Python wheel
    python benchmarks/compare_phase.py [FILE ...] [--jobs 2] [--differences OUT]

For each file (default: benchmarks/data/modern.jsonl and forge-2020.jsonl),
prints how many cards each reads and how long it took:

- cardtext: a card is read when ``cardtext coverage`` calls it ``ok`` (it
  parses, passes the link check and renders back to its text); it also
  counts the cards that ``play`` (nothing on them the engine lacks);
- phase.rs: a card is read when ``build_oracle_face`` (or, for each face of a
  multi-face card, ``build_oracle_face_multi``) builds it without an error
  and with no ``Unimplemented`` part anywhere in what it returns.

phase.rs reads MTGJSON's atomic card objects: each Scryfall object of the
file is turned into one (name, mana cost, type line split into supertypes,
types and subtypes, text, power and toughness, colors), with MTGJSON's
``keywords`` taken from the card's keyword lines as cardtext reads them
(Scryfall JSON lines in this repository have no keyword field, and phase.rs
reads a keyword line only when the keyword is listed there). The two
programs' verdicts mean different things -- phase.rs's is "every part of the
text was given a meaning", cardtext's is "every word was read and the card
is written back exactly" -- so the figures compare coverage, not
correctness. ``--differences OUT`` writes the cards that only one of them
reads, for reading side by side.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardtext import coverage  # noqa: E402

DEFAULT_FILES = [ROOT / "benchmarks" / "data" / "modern.jsonl", ROOT / "benchmarks" / "data" / "forge-2020.jsonl"]
SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite"}
COLORS = {"W": "W", "U": "U", "B": "B", "R": "R", "G": "G"}
SYMBOL = re.compile(r"\{([^}]*)\}")


def _phase() -> Any:
    try:
        import phase  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("compare_phase: phase.rs's wheel is not installed: pip install '.[compare]' (phase-python)")
    return phase


def _types(type_line: str) -> tuple[list[str], list[str], list[str]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supertypes, types, right.split()


def _mana_value(cost: str) -> float:
    value = 0.0
    for symbol in SYMBOL.findall(cost):
        if symbol.isdigit():
            value += int(symbol)
        elif symbol not in ("X", "Y", "Z"):
            value += 2 if symbol.startswith("2/") else 1
    return value


def _colors(cost: str) -> list[str]:
    return sorted({c for symbol in SYMBOL.findall(cost) for c in symbol.split("/") if c in COLORS})


def mtgjson_face(face: dict[str, Any], keywords: Iterable[str], layout: str) -> dict[str, Any]:
    """One Scryfall card or face as the MTGJSON atomic object phase.rs reads."""
    cost = str(face.get("mana_cost") or "")
    type_line = str(face.get("type_line") or "")
    supertypes, types, subtypes = _types(type_line)
    colors = _colors(cost)
    out: dict[str, Any] = {
        "name": face.get("name", ""),
        "manaCost": cost,
        "type": type_line,
        "types": types,
        "subtypes": subtypes,
        "supertypes": supertypes,
        "text": face.get("oracle_text") or "",
        "layout": layout,
        "colors": colors,
        "colorIdentity": colors,
        "manaValue": _mana_value(cost),
        "convertedManaCost": _mana_value(cost),
        "keywords": [k[:1].upper() + k[1:] for k in keywords],
        "identifiers": {},
    }
    for field in ("power", "toughness", "loyalty", "defense"):
        if face.get(field) is not None:
            out[field] = str(face[field])
    return out


def _unimplemented(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("type") == "Unimplemented" or any(_unimplemented(v) for v in value.values())
    if isinstance(value, list):
        return any(_unimplemented(v) for v in value)
    return False


def phase_reads(phase: Any, card: dict[str, Any], keywords: Iterable[str]) -> bool:
    """phase.rs builds every face of ``card`` with no error and no Unimplemented part."""
    faces = card.get("card_faces")
    layout = str(card.get("layout") or "normal")
    try:
        if isinstance(faces, list) and faces:
            built = [phase.build_oracle_face_multi(mtgjson_face(f, keywords, layout), None) for f in faces]
        else:
            built = [phase.build_oracle_face(mtgjson_face(card, keywords, layout), None)]
    except Exception:  # noqa: BLE001 - any refusal of phase.rs is a card it doesn't read
        return False
    return not _unimplemented(built)


def _objects(path: Path) -> Iterator[dict[str, Any]]:
    seen: set[str] = set()
    with path.open(encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            card = json.loads(line)
            if isinstance(card, dict) and card.get("name") not in seen:
                seen.add(card.get("name"))
                yield card


def compare(path: Path, jobs: int, differences: list[str]) -> list[str]:
    phase = _phase()
    data = coverage.load(path)
    keywords = {c.name: c.keywords for c in data.cards if isinstance(c, coverage.CardInput)}
    start = time.perf_counter()
    results = coverage.run(data.cards, jobs=jobs)
    ours_seconds = time.perf_counter() - start
    ours = {r.name for r in results if r.ok}
    plays = sum(1 for r in results if r.plays)
    start = time.perf_counter()
    objects = list(_objects(path))
    theirs = {c["name"] for c in objects if phase_reads(phase, c, keywords.get(c["name"], ()))}
    theirs_seconds = time.perf_counter() - start
    total = len(results)
    differences += [f"{path.name}\tonly cardtext\t{n}" for n in sorted(ours - theirs)]
    differences += [f"{path.name}\tonly phase.rs\t{n}" for n in sorted(theirs - ours)]

    def pct(n: int) -> str:
        return f"{100 * n / total:.1f}%" if total else "-"

    return [
        f"{path.name}: {total} cards",
        f"  cardtext  ok {len(ours):>6} ({pct(len(ours))})  plays {plays} ({pct(plays)})  "
        f"{ours_seconds:.1f} s with {jobs} process(es)",
        f"  phase.rs  ok {len(theirs):>6} ({pct(len(theirs))})  {theirs_seconds:.1f} s in one process",
        f"  both {len(ours & theirs)}, only cardtext {len(ours - theirs)}, only phase.rs {len(theirs - ours)}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT_FILES)
    parser.add_argument("--jobs", type=int, default=2, help="cardtext's processes (default %(default)s)")
    parser.add_argument("--differences", type=Path, default=None, help="write the cards only one of them reads")
    args = parser.parse_args(argv)
    _phase()
    differences: list[str] = []
    for path in args.files:
        if not path.is_file():
            print(f"compare_phase: {path}: no such file", file=sys.stderr)
            return 2
        for line in compare(path, args.jobs, differences):
            print(line, flush=True)
    if args.differences is not None:
        args.differences.write_text("\n".join(differences) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
