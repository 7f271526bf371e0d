"""Checking a card file once, for every tool that reports on it.

``cardtext check``, the pytest plugin and the language server all ask the
same question of a file — which cards parse, what errors and warnings each
has — and get the answer from :func:`check_text`. The errors are the
parser's :class:`~cardtext.grammar.errors.LocatedError` objects themselves; this
module adds their severity, their extent on the line, and their JSON and
GitHub Actions forms.
"""

from __future__ import annotations

import bisect
import collections
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtext.grammar.codecache import loading
from cardtext.grammar.errors import NOT_UNDERSTOOD, CardTextError, LocatedError
from cardtext.grammar.node import remembering_children
from cardtext.grammar.parser import file_lines, parse_text

from .blocks import CardBlock, card_blocks, editor_lines
from .memory import freeze_loaded

LinkCheck = Callable[[Any, str, str], list[Any]]


def link_checker() -> LinkCheck | None:
    """``cardtext.interpreter.links.check_card``, or None where the interpreter is not there."""
    try:
        with loading():  # the engine's classes' methods compiled once, kept on disk
            from cardtext.interpreter.links import check_card
    except ModuleNotFoundError as exc:
        if exc.name in ("cardtext.interpreter.links", "cardtext.interpreter"):
            return None
        raise
    return check_card


class EngineWarning(LocatedError):
    """A card that parses and links but that the engine can't play in full:
    the instruction, trigger, condition or keyword it has no piece for."""

    kind = "warning"
    category = NOT_UNDERSTOOD


def error_class(error: CardTextError) -> str:
    """``"malformed"`` (the card is wrong) or ``"not-understood"`` (the card
    may be right; the tool doesn't read or play this yet); "" for an error
    that isn't about a card's text (a file that can't be read)."""
    return str(getattr(error, "category", "") or "")


def engine_warnings(card: Any, filename: str, text: str) -> list[LocatedError]:
    """A warning for everything on ``card`` the engine can't carry out
    (:func:`cardtext.interpreter.support.gaps`), located at its node."""
    from cardtext.grammar.errors import Location
    from cardtext.interpreter.support import gaps

    lines = file_lines(text)
    out: list[LocatedError] = []
    seen: set[tuple[int, int, str]] = set()
    for gap in gaps(card):
        span = gap.node.span or card.span
        line, column = (span.line, span.column) if span else (1, 1)
        if (line, column, gap.what) in seen:
            continue
        seen.add((line, column, gap.what))
        source = lines[line - 1] if 0 < line <= len(lines) else ""
        out.append(EngineWarning(
            f"the engine can't play this yet: {gap.what}", Location(filename, line, column, source),
            hint="the card is valid; 'cardtext play' stops with an error naming this if it happens",
        ))  # fmt: skip
    return out


def card_checker() -> LinkCheck | None:
    """The link check, then, for a card without link errors, the engine's
    warnings (``cardtext check``, the pytest plugin, the language server);
    None where the interpreter is not there."""
    link = link_checker()
    if link is None:
        return None
    with loading():
        import cardtext.interpreter.support  # noqa: F401 - loaded here, once, not in each worker process

    def check(card: Any, filename: str, text: str) -> list[Any]:
        with remembering_children():  # both checks walk the same tree
            found = list(link(card, filename, text))
            return found or list(engine_warnings(card, filename, text))

    return check


def _sorted_out(found: list[Any], errors: list[Any], warnings: list[Any]) -> None:
    """Errors to ``errors``, warnings (``kind`` "warning") to ``warnings``."""
    for problem in found:
        (warnings if getattr(problem, "kind", "error") == "warning" else errors).append(problem)


@dataclass
class CardCheck:
    """One card of a file: its block, the card if it parsed, its problems."""

    block: CardBlock
    card: Any = None
    errors: list[CardTextError] = field(default_factory=list)
    warnings: list[CardTextError] = field(default_factory=list)
    name_parsed: str = ""  # checked in another process: the card parsed, its AST not kept

    @property
    def name(self) -> str:
        return str(getattr(self.card, "name", "")) or self.name_parsed or self.block.name

    @property
    def parsed(self) -> bool:
        return self.card is not None or bool(self.name_parsed)


@dataclass
class FileCheck:
    """What :func:`check_text` found in one file."""

    filename: str
    text: str
    cards: list[CardCheck]
    errors: list[CardTextError]
    warnings: list[CardTextError]

    def card_at(self, line: int) -> CardCheck | None:
        for check in self.cards:
            if line in check.block:
                return check
        return None


def line_of(error: CardTextError) -> int:
    return error.line if isinstance(error, LocatedError) else 0


def _sort_key(error: CardTextError) -> tuple[int, int]:
    if isinstance(error, LocatedError):
        return error.line, error.column
    return 0, 0


PARALLEL_FROM = 400
"""A file of at least this many cards may be checked in several processes."""


class DuplicateName(LocatedError):
    """A card name that a file defines twice: a name names one card (a
    scenario or a deck that names it could mean either)."""


def duplicate_names(blocks: Sequence[CardBlock], filename: str) -> list[LocatedError]:
    """An error at the name line of each card whose name (or a face's name)
    an earlier card of the file already has."""
    from cardtext.grammar.errors import Location

    first: dict[str, int] = {}
    out: list[LocatedError] = []
    for block in blocks:
        names = block.face_names
        for name in dict.fromkeys([" // ".join(names), *names]):
            if not name:
                continue
            key = unicodedata.normalize("NFC", name).casefold()
            if key in first:
                line = block.start
                source = block.line_text(line)
                out.append(DuplicateName(
                    f"'{name}' is defined twice in this file (first at line {first[key]})",
                    Location(filename, line, 1, source), text=source.strip(),
                    hint="a name names one card: rename one of them, or remove the copy",
                ))  # fmt: skip
                break
            first[key] = block.start
    return out


def check_text(text: str, filename: str, *, link: LinkCheck | None = None, jobs: int = 1) -> FileCheck:
    """Parse ``text`` and link-check every card that parses (with ``link``).

    Errors and warnings are in line order; each is also filed under the card
    whose lines hold it.  With ``jobs`` > 1, a large file is checked in that
    many processes: the same errors and warnings, but the cards' ASTs are not
    kept (each :class:`CardCheck` says only whether its card parsed).
    """
    blocks = card_blocks(text)
    if jobs > 1 and len(blocks) >= PARALLEL_FROM and _can_fork():
        names, errors, warnings = _check_in_processes(text, filename, link, jobs)
        checks = [CardCheck(block) for block in blocks]
        _match_names(checks, names)
    else:
        result = parse_text(text, filename)
        checks = [CardCheck(block) for block in blocks]
        _match_cards(checks, list(result.cards))
        errors = list(result.errors)
        warnings = list(getattr(result, "warnings", None) or [])
        if link is not None:
            for check in checks:
                if check.card is not None:
                    _sorted_out(link(check.card, filename, text), errors, warnings)
    errors.extend(duplicate_names(blocks, filename))
    errors.sort(key=_sort_key)
    warnings.sort(key=_sort_key)
    starts = [block.start for block in blocks]
    for problems, attr in ((errors, "errors"), (warnings, "warnings")):
        for error in problems:
            owner = _owner(checks, blocks, starts, error)
            if owner is not None:
                getattr(owner, attr).append(error)
    return FileCheck(filename, text, checks, errors, warnings)


def _owner(checks: list[CardCheck], blocks: list[CardBlock], starts: list[int], error: CardTextError) -> CardCheck | None:
    line = line_of(error)
    i = bisect.bisect_right(starts, line) - 1
    if i >= 0 and line in blocks[i]:
        return checks[i]
    return None


# ---- several processes ----------------------------------------------------

_JOB: dict[str, Any] = {}
"""What the worker processes check: set before they are forked."""


def _can_fork() -> bool:
    import multiprocessing  # here: a run of one process doesn't load it

    return "fork" in multiprocessing.get_all_start_methods()


def _check_in_processes(
    text: str, filename: str, link: LinkCheck | None, jobs: int
) -> tuple[list[str], list[CardTextError], list[CardTextError]]:
    """Parse and link-check the cards of a file in ``jobs`` processes, in
    chunks of cards; the names of the cards that parsed, every error and
    every warning."""
    from cardtext.grammar import parser, vocabulary

    segments = parser.split_file(text)
    blocks = list(parser.iter_blocks(segments))
    parser.driver()  # the tables, loaded once and shared with the workers
    freeze_loaded()
    _JOB.update(blocks=blocks, filename=filename, text=text, link=link,
                declared=parser.declared_subtypes(segments), vocabulary=vocabulary)  # fmt: skip
    size = max(16, len(blocks) // (jobs * 8))
    chunks = [(i, min(i + size, len(blocks))) for i in range(0, len(blocks), size)]
    import multiprocessing

    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.map(_check_chunk, chunks)
    finally:
        _JOB.clear()
    names = [name for part in parts for name in part[0]]
    errors = [e for part in parts for e in part[1]]
    warnings = [w for part in parts for w in part[2]]
    return names, errors, warnings


def _check_chunk(bounds: tuple[int, int]) -> tuple[list[str], list[CardTextError], list[CardTextError]]:
    from cardtext.grammar.parser import read_block

    job = _JOB
    names: list[str] = []
    errors: list[CardTextError] = []
    warnings: list[CardTextError] = []
    with job["vocabulary"].declared(job["declared"]):
        for block in job["blocks"][bounds[0] : bounds[1]]:
            card, errs, warns = read_block(block, job["filename"])
            errors.extend(errs)
            warnings.extend(warns)
            if card is not None:
                names.append(str(card.name))
                if job["link"] is not None:
                    _sorted_out(job["link"](card, job["filename"], job["text"]), errors, warnings)
    return names, errors, warnings


def _match_names(checks: list[CardCheck], names: list[str]) -> None:
    """Mark the blocks whose cards parsed, pairing names in order."""
    _match_cards(checks, [_Parsed(name) for name in names])
    for check in checks:
        if isinstance(check.card, _Parsed):
            check.name_parsed = check.card.name
            check.card = None


@dataclass(frozen=True)
class _Parsed:
    name: str


def _match_cards(checks: list[CardCheck], cards: list[Any]) -> None:
    """Pair each parsed card with its block: by name, in order (the first
    free block of that name, else of that first face's name, else the first
    free block). Each block's name is read once: linear in the file."""
    by_name: dict[str, collections.deque[int]] = {}
    by_first: dict[str, collections.deque[int]] = {}
    for i, check in enumerate(checks):
        faces = check.block.face_names
        by_name.setdefault(" // ".join(faces) or f"line {check.block.start}", collections.deque()).append(i)
        if faces:
            by_first.setdefault(faces[0], collections.deque()).append(i)
    taken = [False] * len(checks)
    first_free = 0

    def pop_free(queue: collections.deque[int] | None) -> int | None:
        while queue:
            i = queue.popleft()
            if not taken[i]:
                return i
        return None

    for card in cards:
        name = str(getattr(card, "name", ""))
        found = pop_free(by_name.get(name))
        if found is None:
            found = pop_free(by_first.get(name.split(" // ")[0]))
        if found is None:
            while first_free < len(checks) and taken[first_free]:
                first_free += 1
            if first_free < len(checks):
                found = first_free
        if found is not None:
            taken[found] = True
            checks[found].card = card


# --------------------------------------------------------------------------
# One diagnostic
# --------------------------------------------------------------------------


def severity(error: CardTextError) -> str:
    """``"error"`` or ``"warning"`` (the ``kind`` of a located error)."""
    kind = getattr(error, "kind", "error")
    return "warning" if kind == "warning" else "error"


def extent(error: CardTextError, text: str | None = None) -> tuple[int, int, int]:
    """``(line, column, end_column)`` of an error, 1-based, end exclusive.

    The error's offending text gives its width; without one, the word at the
    spot (or one character).  For many errors of one text, split the text
    once and use :func:`extent_in`.
    """
    return extent_in(error, editor_lines(text) if text is not None else None)


def extent_in(error: CardTextError, lines: Sequence[str] | None) -> tuple[int, int, int]:
    """:func:`extent` with the text's lines given (split once for all its errors)."""
    if not isinstance(error, LocatedError):
        return 1, 1, 1
    line, column = max(error.line, 1), max(error.column, 1)
    shown = error.text or ""
    if shown and "\n" not in shown:
        return line, column, column + len(shown)
    source = ""
    if lines is not None:
        source = lines[line - 1] if line <= len(lines) else ""
    elif error.location.source_line:
        source = error.location.source_line
    rest = source[column - 1 :]
    word = len(rest) - len(rest.lstrip()) if rest[:1].isspace() else len(rest.split(" ", 1)[0])
    return line, column, column + max(word, 1)


def to_json(error: CardTextError, card: str = "") -> dict[str, Any]:
    """An error as JSON data (``check --format json``): ``card`` the name of
    the card it belongs to ("" for one outside any card)."""
    if not isinstance(error, LocatedError):
        return {"severity": "error", "kind": type(error).__name__, "class": error_class(error),
                "message": str(error)}  # fmt: skip
    line, column, end = extent(error)
    return {
        "file": error.file,
        "card": card,
        "line": line,
        "column": column,
        "end_line": line,
        "end_column": end,
        "severity": severity(error),
        "kind": type(error).__name__,
        "class": error_class(error),
        "message": error.message,
        "hint": error.hint,
        "expected": list(error.expected),
    }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(error: CardTextError) -> str:
    """An error as a GitHub Actions workflow command (``check --format github``):
    ``::error file=F,line=L,col=C,endColumn=E,title=cardtext::message``."""
    if not isinstance(error, LocatedError):
        return f"::error title=cardtext::{_escape_data(str(error))}"
    line, column, end = extent(error)
    message = error.message
    if error.hint:
        message += f"\nhint: {error.hint}"
    if error.expected:
        message += "\nexpected: " + ", ".join(error.expected)
    props = ",".join(
        f"{key}={_escape_property(str(value))}"
        for key, value in (
            ("file", error.file),
            ("line", line),
            ("col", column),
            ("endColumn", end),
            ("title", "cardtext"),
        )
    )
    return f"::{severity(error)} {props}::{_escape_data(message)}"


__all__ = [
    "CardCheck",
    "FileCheck",
    "check_text",
    "error_class",
    "extent",
    "github_annotation",
    "link_checker",
    "severity",
    "to_json",
]
