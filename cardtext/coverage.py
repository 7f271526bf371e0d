"""``cardtext coverage``: how much of a set of real cards cardtext reads.

Every card of a downloaded card-data file (Scryfall JSON lines or bulk data,
MTGJSON ``AtomicCards.json`` or a set file: whatever
:func:`cardtext.importer.read_cards` reads) is written as card-file text
(:func:`cardtext.library.json_card_text`), each name once (another
printing of a card is counted, not checked again), and gets exactly one
status:

``ok``
    it parses, the link check finds nothing, and the renderer writes back its
    Oracle text (both sides compared after :func:`cardtext.normalize.normalize`);
``parse-error``
    the grammar does not read it (the first error, with its line and column);
``link-error``
    it parses, but a reference has nothing to refer to (the first one);
``render-mismatch``
    it parses, but the rendered text is not its Oracle text (the first line
    that differs, expected and rendered);
``internal-error``
    an exception that is not a card error: a bug in cardtext, counted so that
    one card does not stop the run.

An ok card also ``plays`` when the support check of the interpreter
(:func:`cardtext.interpreter.support.gaps`) finds nothing on it that the engine can't
carry out; otherwise the first gap it reports, without its place, is the
card's ``gap``, and the report counts the cards by it (what to build next).

Line and column are those of the card's text as written from the JSON (line
1 is the name line; the faces of a multi-face card are joined by a ``//``
line).  Large files are checked by several processes (``--jobs``); the
results are the same, in the same order, as with one.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import re
import signal
import stat
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from cardtext.grammar.errors import CardTextError, LocatedError
from cardtext.grammar.node import remembering_children
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import render_card

from .common import job_count
from .console import display_name, terminal_safe
from .diagnostics import link_checker
from .importer import ImportDataError, is_card_object, read_cards, scryfall_sources
from .jsonarray import JsonArrayError, JsonEncodingError, iter_array, starts_with_array
from .library import JsonCardError, LibraryError, iter_jsonl, json_card_text, lines_of
from .memory import freeze_loaded
from .normalize import normalize
from .progress import Progress, wanted

OK_STATUS = "ok"
PARSE_ERROR = "parse-error"
LINK_ERROR = "link-error"
RENDER_MISMATCH = "render-mismatch"
INTERNAL_ERROR = "internal-error"
UNREADABLE = "unreadable"
STATUSES = (OK_STATUS, PARSE_ERROR, LINK_ERROR, RENDER_MISMATCH, INTERNAL_ERROR, UNREADABLE)

# Below this many cards one process does the work: starting others costs more.
PARALLEL_MIN = 200
# Cards sent to a worker at a time: big enough to keep messages few, small
# enough that the last chunks don't leave one process working alone for long.
CHUNK_MAX = 64

MISMATCH_SUMMARY = "rendered text differs from the Oracle text"

# What a check gives back: status, message, line, column (None where none),
# whether the engine plays the card in full (an ok card without gaps), and
# for an ok card that doesn't play, the first gap the support check reports.
Outcome = tuple[str, str | None, int | None, int | None, bool, str | None]


# --------------------------------------------------------------------------
# Cards in
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class CardInput:
    """One card of the file: its name, its card-file text, its keywords."""

    name: str
    text: str
    keywords: tuple[str, ...] = ()
    line: int = 0  # the line of a JSON-lines file it was read from (0: a file read whole)


@dataclass(frozen=True)
class CardResult:
    """The status of one card, with the first problem's message and place."""

    name: str
    status: str
    message: str | None = None
    line: int | None = None
    column: int | None = None
    plays: bool = False  # ok, and the engine has a piece for everything on it
    gap: str | None = None  # ok but not played: the first thing the engine can't carry out

    @property
    def ok(self) -> bool:
        return self.status == OK_STATUS

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "status": self.status,
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "plays": self.plays,
            "gap": self.gap,
        }


def _keywords(card: dict[str, Any], text: str = "") -> tuple[str, ...]:
    """The card's keyword abilities as the data gives them (Scryfall
    ``keywords``), or else as its keyword lines name them."""
    found = card.get("keywords")
    if not isinstance(found, list):
        return text_keywords(text)
    return tuple(dict.fromkeys(str(k) for k in found if isinstance(k, str) and k))


_REMINDER = re.compile(r"\([^()]*\)")
_SEPARATOR = re.compile(r"[,;] ")
_JOINED = ("cycling", "walk")  # keywords joined to a word before them ("landcycling", "swampwalk")
_FOLDS_TO_ASCII = re.compile(r"(?=[^\x00-\x7f])(?i:[a-z])")
"""A character beyond ASCII that a case-insensitive pattern takes for an
ASCII letter (the Kelvin sign for "k", the long s for "s", ...)."""


@functools.cache
def _keyword_pattern() -> re.Pattern[str]:
    from cardtext.grammar import vocabulary

    names = sorted(vocabulary.keywords(), key=len, reverse=True)
    alternatives = "|".join(re.escape(n) for n in names)
    # a keyword opens the line or follows a keyword list's comma or semicolon;
    # "…cycling" and "…walk" keywords are joined to a word before them
    return re.compile(rf"(?:^|[,;] )(?:[a-z]+(?={'|'.join(_JOINED)}))?({alternatives})\b", re.IGNORECASE)


class _KeywordStarts:
    """:func:`_keyword_pattern` without its opening, to be matched where a
    keyword may start, and for a place where no joined keyword can be, the
    same pattern with only the keywords beginning with the letters there
    (in the same order, so the same one matches first)."""

    def __init__(self) -> None:
        from cardtext.grammar import vocabulary

        opening = "(?:^|[,;] )"
        pattern = _keyword_pattern()
        self.any = re.compile(pattern.pattern[len(opening) :], pattern.flags)
        names = sorted(vocabulary.keywords(), key=len, reverse=True)
        # letters a keyword is looked up by: as many as the shortest has
        self.width = min(3, *(len(n) for n in names)) if names else 3
        self.by_start: dict[str, list[str]] = {}
        for name in names:
            self.by_start.setdefault(name[: self.width].lower(), []).append(name)
        self.patterns: dict[str, re.Pattern[str] | None] = {}

    def starting(self, letters: str) -> re.Pattern[str] | None:
        """The pattern of the keywords that begin with ``letters`` (lower
        case), or None if none does."""
        if letters not in self.patterns:
            names = self.by_start.get(letters)
            alternatives = "|".join(re.escape(n) for n in names or ())
            self.patterns[letters] = re.compile(rf"({alternatives})\b", re.IGNORECASE) if names else None
        return self.patterns[letters]


@functools.cache
def _keyword_starts() -> _KeywordStarts:
    return _KeywordStarts()


def _line_keywords(line: str) -> list[str]:
    """The keywords :func:`_keyword_pattern` finds in ``line``, in order.

    The same matches as its ``finditer``, found faster: the pattern is
    tried only where a keyword may start (the line's start, after a comma
    or semicolon and a space), and there, unless the line has a joined
    "…cycling" or "…walk" keyword, with only the keywords that begin with
    the letters there.  A line with a character that case folding takes
    for an ASCII letter is searched by the whole pattern."""
    low = line.lower()
    if not line.isascii() and (_FOLDS_TO_ASCII.search(line) or len(low) != len(line)):
        return [m.group(1) for m in _keyword_pattern().finditer(line)]
    starts = _keyword_starts()
    width = starts.width
    joined = _JOINED[0] in low or _JOINED[1] in low
    found: list[str] = []
    pos = 0
    pattern = starts.any if joined else starts.starting(low[:width])
    m = pattern.match(line) if pattern is not None else None
    if m is not None:
        found.append(m.group(1))
        pos = m.end()
    if ", " not in line and "; " not in line:
        return found
    search = _SEPARATOR.search
    while (sep := search(line, pos)) is not None:
        start = sep.end()
        pattern = starts.any if joined else starts.starting(low[start : start + width])
        m = pattern.match(line, start) if pattern is not None else None
        if m is not None:
            found.append(m.group(1))
            pos = m.end()
        else:
            pos = start - 1
    return found


def text_keywords(text: str) -> tuple[str, ...]:
    """The keyword abilities the keyword lines of a card's text name
    ("Flying, trample" → Flying, Trample; "Kicker {2}" → Kicker)."""
    found: dict[str, None] = {}
    for line in text.split("\n")[2:]:
        if "(" in line:
            line = _REMINDER.sub("", line)
        for name in _line_keywords(line.strip()):
            found[name.capitalize()] = None
    return tuple(found)


def _card_input(card: dict[str, Any], problem: str | None = None) -> CardInput | CardResult:
    """A card object as card-file text; ``unreadable`` for an object that is
    not a card as a JSON line would be (a field of the wrong type, a face that
    is not an object), an internal error if the text can't be made otherwise."""
    name = display_name(str(card.get("name", "")))  # a lone surrogate can't be printed
    if problem is not None:
        return CardResult(name, UNREADABLE, problem)
    try:
        text = json_card_text(card)
    except JsonCardError as exc:
        return CardResult(name, UNREADABLE, str(exc))
    except Exception as exc:  # noqa: BLE001 - a card object we can't write stays one card
        return CardResult(name, INTERNAL_ERROR, f"{_exception(exc)} (in writing the card text)")
    return CardInput(name, text, _keywords(card, text))


@dataclass
class CardData:
    """What a file holds: its format, its cards (each name once), and how many
    more objects repeated a name already seen (other printings of a card)."""

    form: str
    cards: list[CardInput | CardResult]
    duplicates: int = 0
    unreadable: list[LibraryError] = field(default_factory=list)


@dataclass
class CardStream:
    """The cards of a file as they are read (:func:`stream`): its format, the
    cards (each name once, as an iterator), and as they are read, how many
    objects repeated a name and how many lines were not cards.  ``lines``
    is the file's number of lines for a file of JSON lines (the cards' ``line``
    counts up to it: the progress bar's end), else its number of cards."""

    form: str
    items: Iterator[CardInput | CardResult]
    lines: int
    duplicates: int = 0
    unreadable: int = 0


def _checked_path(path: Path) -> None:
    from .common import FileError

    try:
        info = path.stat()
    except OSError as exc:
        raise FileError(path, "no such file" if not path.exists() else f"can't read: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileError(path, "can't read: a folder; give a card-data file (JSON lines, Scryfall or MTGJSON)")
    if not stat.S_ISREG(info.st_mode):
        raise FileError(path, "can't read: not a regular file (a device, a pipe or a socket)")


def stream(path: Path, on_unreadable: Callable[[LibraryError], None] | None = None) -> CardStream:
    """The cards of ``path``, in the order of the file, each name once, read
    as they are asked for: a file of JSON lines a part at a time (memory
    doesn't grow with its size; only the names seen are kept), Scryfall
    bulk data (one JSON array) an element at a time in the same way, after a
    first pass that checks the whole document is valid JSON and counts its
    cards; another JSON document (MTGJSON, a Scryfall list object) whole.

    Raises :class:`cardtext.common.FileError` for a path that is not a readable
    file, and :class:`cardtext.importer.ImportDataError` for a file that is
    not card data. In a JSON-lines file a line that is not a card doesn't
    stop the reading: it is an ``unreadable`` result, located at its line,
    and ``on_unreadable`` is given its error as it is read.
    """
    _checked_path(path)
    if _is_json_lines(path):
        found = CardStream("Scryfall JSON lines", iter(()), _line_count(path))
        found.items = _json_line_cards(path, found, on_unreadable)
        return found
    if starts_with_array(path):
        return _array_stream(path)
    form, sources = read_cards(path)
    found = CardStream(form, iter(()), 0)
    cards: list[CardInput | CardResult] = []
    seen: set[str] = set()
    for source in sources:
        if source.name in seen:
            found.duplicates += 1
            continue
        seen.add(source.name)
        cards.append(_card_input(source.card, source.problem))
    found.items, found.lines = iter(cards), len(cards)
    return found


def _array_stream(path: Path) -> CardStream:
    """Scryfall bulk data, a JSON array of card objects, read twice an
    element at a time: first to find a document that is not valid JSON
    (an :class:`~cardtext.importer.ImportDataError` before any card is
    checked, as for a document read whole) and to count the cards, then to
    yield them."""

    def card_objects() -> Iterator[dict[str, Any]]:
        try:
            for obj in iter_array(path):
                if is_card_object(obj):
                    yield obj
        except JsonEncodingError as exc:
            raise ImportDataError(f"{path}:{exc.line}:{exc.column}: can't read: {exc.message}") from None
        except JsonArrayError as exc:
            raise ImportDataError(f"{path}:{exc.line}:{exc.column}: not valid JSON: {exc.message}") from None
        except OSError as exc:
            raise ImportDataError(f"{path}: can't read: {exc}") from None

    seen: set[str] = set()
    duplicates = 0
    for obj in card_objects():
        name = str(obj.get("name", ""))
        if name in seen:
            duplicates += 1
        seen.add(name)
    found = CardStream("Scryfall JSON", iter(()), len(seen))
    found.duplicates = duplicates

    def cards() -> Iterator[CardInput | CardResult]:
        names: set[str] = set()
        for source in scryfall_sources(card_objects()):
            if source.name in names:
                continue
            names.add(source.name)
            yield _card_input(source.card, source.problem)

    found.items = cards()
    return found


def load(path: Path) -> CardData:
    """The cards of ``path`` (:func:`stream`), all read, with the error of
    each line that is not a card in :attr:`CardData.unreadable`."""
    errors: list[LibraryError] = []
    found = stream(path, errors.append)
    cards = list(found.items)
    return CardData(found.form, cards, found.duplicates, errors)


def _line_count(path: Path) -> int:
    """How many lines a file has, as :func:`cardtext.library.iter_jsonl` numbers
    them (the empty one after a last line end not counted)."""
    count, empty = 0, True
    with open(path, "rb") as f:
        for line in lines_of(f):
            count += 1
            empty = not line
    return count - empty


def _is_json_lines(path: Path) -> bool:
    """Whether the file's first line is a JSON card object (one card a line),
    or meant as one and broken; a document of another shape on one line
    (MTGJSON, a Scryfall list) is read whole."""
    with open(path, "rb") as f:
        first = f.readline(1 << 20).removeprefix(b"\xef\xbb\xbf").strip()
    if not (first.startswith(b"{") and first.endswith(b"}")):
        return False
    try:
        obj = json.loads(first)
    except (ValueError, RecursionError):
        return True  # a broken line: the scan says where
    return isinstance(obj, dict) and ("name" in obj or obj.get("object") == "card")


def _json_line_cards(path: Path, found: CardStream,
                     on_unreadable: Callable[[LibraryError], None] | None) -> Iterator[CardInput | CardResult]:  # fmt: skip
    seen: set[str] = set()
    for item in iter_jsonl(path):
        if isinstance(item, LibraryError):
            found.unreadable += 1
            if on_unreadable is not None:
                on_unreadable(item)
            yield CardResult(f"line {item.line}", UNREADABLE, item.message, item.line, item.column)
            continue
        if not is_card_object(item.data):
            continue
        if item.name in seen:
            found.duplicates += 1
            continue
        seen.add(item.name)
        yield CardInput(item.name, item.text, _keywords(item.data, item.text), item.line)


# --------------------------------------------------------------------------
# Checking one card (in any process)
# --------------------------------------------------------------------------


def _exception(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _first_error(errors: Sequence[CardTextError]) -> tuple[str, int | None, int | None]:
    """Message, line and column of the first of ``errors`` (by place)."""
    located = [e for e in errors if isinstance(e, LocatedError)]
    if located:
        first = min(located, key=lambda e: (e.line, e.column))
        return first.message, first.line, first.column
    return str(errors[0]), None, None


def _lines(text: str) -> list[str]:
    return text.split("\n") if text else []


def _source_line(text: str, normalized_line: int) -> int:
    """The line of ``text`` that holds line ``normalized_line`` of its normalised form."""
    lines = text.split("\n")
    for number in range(1, len(lines) + 1):
        if len(_lines(normalize("\n".join(lines[:number])))) >= normalized_line:
            return number
    return len(lines)


def mismatch(text: str, rendered: str) -> tuple[str, int] | None:
    """None if ``rendered`` is ``text`` once both are normalised; else a message
    with the first line that differs (expected, then rendered) and its line in
    ``text``."""
    expected, got = normalize(text), normalize(rendered)
    if expected == got:
        return None
    want = _lines(normalize(text, fold_case=False))
    have = _lines(normalize(rendered, fold_case=False))
    for index in range(max(len(want), len(have))):
        a = want[index] if index < len(want) else None
        b = have[index] if index < len(have) else None
        if a is None or b is None or a.lower() != b.lower():
            shown_a = f'"{a}"' if a is not None else "nothing"
            shown_b = f'"{b}"' if b is not None else "nothing"
            return f"expected {shown_a}, rendered {shown_b}", _source_line(text, index + 1)
    return "the texts differ", 1  # not reached: texts that differ differ in a line


_LINK_CHECK: dict[str, Any] = {}


def _link() -> Callable[..., Iterable[Any]] | None:
    """``cardtext.interpreter.links.check_card``, looked up once per process."""
    if "check" not in _LINK_CHECK:
        _LINK_CHECK["check"] = link_checker()
    return _LINK_CHECK["check"]


def check_card(name: str, text: str, *, link: bool = True) -> Outcome:
    """The status of one card's text (see the module's docstring).

    Returns plain data (status, message, line, column) so that it crosses
    between processes cheaply.
    """
    phase = "parse"
    try:
        try:
            result = parse_text(text, name, first_error=True)  # a card's status needs its first error only
        except CardTextError as exc:
            return (PARSE_ERROR, *_first_error([exc]), False, None)
        if result.errors:
            return (PARSE_ERROR, *_first_error(result.errors), False, None)
        if not result.cards:
            return PARSE_ERROR, "no card found in the text", 1, 1, False, None
        with remembering_children():  # the link and support checks walk the same trees
            checker = _link() if link else None
            if checker is not None:
                phase = "link check"
                found = [e for card in result.cards for e in checker(card, name, text)]
                if found:
                    return (LINK_ERROR, *_first_error(found), False, None)
            phase = "render"
            rendered = "\n".join(render_card(card, reminders=False) for card in result.cards)
            phase = "comparison"
            different = mismatch(text, rendered)
            if different is None and rendered != text:
                phase = "parse of the canonical text"
                # fmt writes the reminder text, which defines a keyword not in the table
                written = "\n".join(render_card(card) for card in result.cards)
                different = _parses_back(written, name, result.cards)
            phase = "engine support"
            gap = _first_gap(result.cards) if different is None else None
    except Exception as exc:  # noqa: BLE001 - a bug in cardtext must not stop the count
        return INTERNAL_ERROR, f"{_exception(exc)} (in {phase})", None, None, False, None
    if different is not None:
        message, line = different
        return RENDER_MISMATCH, message, line, None, False, None
    return OK_STATUS, None, None, None, gap is None, gap


def _parses_back(rendered: str, name: str, cards: Sequence[Any]) -> tuple[str, int] | None:
    """None if the canonical text parses to the same cards (what ``fmt``
    relies on to write it); else a message and the line of its first error.
    The text as written parsed, so only a rendering that differs from it is read."""
    again = parse_text(rendered, name, first_error=True)
    if again.errors:
        message, line, _ = _first_error(again.errors)
        return f"the canonical text doesn't parse back: {message}", line or 1
    if list(again.cards) != list(cards):
        return "the canonical text parses to another card", 1
    return None


NO_INTERPRETER = "no interpreter installed"
"""The gap of every card when the interpreter can't be imported."""


def _first_gap(cards: Sequence[Any]) -> str | None:
    """What the engine can't carry out first on the cards, without its place
    (:func:`cardtext.interpreter.support.gaps`): None when it plays them in full."""
    gaps = _gaps()
    if gaps is None:
        return NO_INTERPRETER
    for card in cards:
        for gap in gaps(card):
            return str(gap.what)
    return None


@functools.cache
def _gaps() -> Callable[[Any], Sequence[Any]] | None:
    """``cardtext.interpreter.support.gaps``, looked up once per process (None
    without the interpreter)."""
    try:
        from cardtext.interpreter.support import gaps
    except ModuleNotFoundError:
        return None
    return gaps


def _check_pair(pair: tuple[str, str], link: bool) -> Outcome:
    return check_card(pair[0], pair[1], link=link)


def warm_up() -> None:
    """Load the parser and the renderer (once per process: the grammar
    tables take seconds to load, a card milliseconds to parse)."""
    result = parse_text("Warm Up {R}\nInstant\nWarm Up deals 1 damage to any target.\n", "warm-up")
    for card in result.cards:
        render_card(card, reminders=False)


# --------------------------------------------------------------------------
# Checking many cards
# --------------------------------------------------------------------------


def _context() -> Any:
    """Fork where there is fork: the workers then start with the parser that
    the parent already loaded."""
    import multiprocessing  # here: a run of one process doesn't load it

    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def _chunk_size(count: int, jobs: int) -> int:
    return max(1, min(CHUNK_MAX, count // (jobs * 8)))


def _start_worker() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the pool) and loads
    the parser (unless it came loaded with the fork)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up()
    freeze_loaded()


EARLY_POOL_BYTES = 1_000_000
"""A card-data file this large gets its worker processes before it is read,
so that they load the parser while this process reads the file."""


@contextmanager
def early_pool(path: Path, jobs: int) -> Iterator[Any]:
    """Worker processes started before ``path`` is read (for a large file and
    ``jobs`` > 1), or None: each loads the parser while this process reads."""
    try:
        large = path.stat().st_size >= EARLY_POOL_BYTES
    except OSError:
        large = False  # reading it says what is wrong
    if jobs <= 1 or not large:
        yield None
        return
    with _context().Pool(processes=jobs, initializer=_start_worker) as pool:
        yield pool


def check_cards(
    cards: Sequence[tuple[str, str]], *, jobs: int = 1, link: bool = True, pool: Any = None,
    progress: Progress | None = None,
) -> list[Outcome]:
    """The outcome of each ``(name, text)``, in order; ``jobs`` processes for
    a large input, one (this one) for a small one (``pool``: processes
    started already, :func:`early_pool`).

    Only the name and text go to a worker, and only the outcome comes back,
    in chunks of cards; the results are the same whatever ``jobs``.
    ``progress`` advances by one a card as the outcomes come in.
    """
    check = partial(_check_pair, link=link)

    def counted(outcomes: Iterable[Outcome]) -> list[Outcome]:
        return list(outcomes if progress is None else progress.track(outcomes))

    jobs = max(1, min(jobs, len(cards)))
    if pool is not None and jobs > 1:  # the workers are there (and this process may not have the parser)
        return counted(pool.imap(check, cards, chunksize=_chunk_size(len(cards), jobs)))
    if jobs == 1 or len(cards) < PARALLEL_MIN:
        return counted(map(check, cards))
    context = _context()
    if context.get_start_method() == "fork":
        warm_up()  # inherited by every worker
        freeze_loaded()
    with context.Pool(processes=jobs, initializer=_start_worker) as pool:
        return counted(pool.imap(check, cards, chunksize=_chunk_size(len(cards), jobs)))


BATCH = 4096
"""Cards handed to the worker processes at a time when cards are streamed
(:func:`results`): what is in flight at once, whatever the file's size."""


def results(items: Iterable[CardInput | CardResult], *, jobs: int = 1, link: bool = True, pool: Any = None,
            progress: Progress | None = None, by_line: bool = False,
            ) -> Iterator[tuple[CardInput | CardResult, CardResult]]:  # fmt: skip
    """Each item with its result, in order, as the items are read (inputs
    that are already results stay): the items are taken :data:`BATCH` at a
    time, so a stream of cards is checked without holding it all;
    ``progress`` advances by one a card, or with ``by_line`` to each card's
    line of the file (:attr:`CardStream.lines` the bar's end)."""
    source = iter(items)
    done = 0
    started = pool is not None
    context: Any = None
    try:
        while batch := list(itertools.islice(source, BATCH)):
            todo = [(item.name, item.text) for item in batch if isinstance(item, CardInput)]
            if pool is None and jobs > 1 and (len(todo) >= PARALLEL_MIN or len(batch) == BATCH):
                context = _context()
                if context.get_start_method() == "fork":
                    warm_up()  # inherited by every worker
                    freeze_loaded()
                pool = context.Pool(processes=jobs, initializer=_start_worker)
            outcomes = iter(check_cards(todo, jobs=jobs, link=link, pool=pool))
            for item in batch:
                if isinstance(item, CardResult):
                    result = item
                else:
                    status, message, line, column, plays, gap = next(outcomes)
                    result = CardResult(item.name, status, message, line, column, plays, gap)
                if progress is not None:
                    line = (item.line if isinstance(item, CardInput) else result.line) or 0
                    position = line if by_line else done + 1
                    progress.advance(max(0, position - done))
                    done = max(done, position)
                yield item, result
    finally:
        if pool is not None and not started:
            pool.terminate()
            pool.join()
        if progress is not None:
            progress.close()


def run(
    inputs: Sequence[CardInput | CardResult], *, jobs: int = 1, link: bool = True, pool: Any = None,
    progress: bool = False,
) -> list[CardResult]:
    """A result for every input, in order (inputs that are already results
    stay); with ``progress``, a bar on standard error while it works, if
    that is a terminal (:mod:`cardtext.progress`)."""
    bar = Progress(len(inputs), "coverage") if progress and wanted(sys.stderr) else None
    return [result for _item, result in results(inputs, jobs=jobs, link=link, pool=pool, progress=bar)]


# --------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------


@dataclass
class Summary:
    """Counts over every card: by status, by keyword, by first error."""

    file: str
    form: str
    link_check: bool
    total: int = 0
    duplicates: int = 0
    plays: int = 0
    by_status: Counter[str] = field(default_factory=Counter)
    keywords: dict[str, Counter[str]] = field(default_factory=dict)
    first_errors: Counter[tuple[str, str]] = field(default_factory=Counter)
    gaps: Counter[str] = field(default_factory=Counter)  # ok cards not played, by their first gap

    @property
    def ok(self) -> int:
        return self.by_status[OK_STATUS]

    def add(self, item: CardInput | CardResult, result: CardResult) -> None:
        """Count one card (``item`` gives its keywords)."""
        self.total += 1
        self.by_status[result.status] += 1
        self.plays += result.plays
        if result.gap is not None:
            self.gaps[result.gap] += 1
        if not result.ok:
            self.first_errors[_error_key(result)] += 1
        for keyword in item.keywords if isinstance(item, CardInput) else ():
            counts = self.keywords.get(keyword)
            if counts is None:
                counts = self.keywords[keyword] = Counter()
            counts["cards"] += 1
            counts["ok"] += result.ok

    def finished(self) -> Summary:
        """The summary with its keywords in the report's order (the most cards first)."""
        self.keywords = dict(sorted(self.keywords.items(), key=lambda kv: (-kv[1]["cards"], kv[0].lower())))
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "format": self.form,
            "link_check": self.link_check,
            "total": self.total,
            "duplicates": self.duplicates,
            "plays": self.plays,
            "gaps": dict(sorted(self.gaps.items(), key=lambda kv: (-kv[1], kv[0]))),
            "by_status": {status: self.by_status[status] for status in STATUSES},
            "by_keyword": {
                keyword: {"cards": counts["cards"], "ok": counts["ok"]}
                for keyword, counts in self.keywords.items()
            },
        }


def _error_key(result: CardResult) -> tuple[str, str]:
    """What failures are grouped by in the list of common errors."""
    if result.status == RENDER_MISMATCH:
        return result.status, MISMATCH_SUMMARY
    return result.status, result.message or ""


def summarize(
    file: str, data: CardData, results: Sequence[CardResult], *, link_check: bool
) -> Summary:
    """Counts over ``results``, the results of ``data.cards`` (which give the keywords)."""
    summary = Summary(file, data.form, link_check, duplicates=data.duplicates)
    for item, result in zip(data.cards, results, strict=True):
        summary.add(item, result)
    return summary.finished()


def _percent(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "0.0%"


def failure_line(result: CardResult) -> str:
    """One failing card: ``name:line:col: status: message``."""
    place = "".join(f":{n}" for n in (result.line, result.column) if n is not None)
    return terminal_safe(f"{result.name}{place}: {result.status}: {result.message}")


def status_lines(summary: Summary) -> Iterator[str]:
    yield f"by status ({summary.form}):"
    for status in STATUSES:
        count = summary.by_status[status]
        yield f"  {status:<16} {count:>8,}  {_percent(count, summary.total):>6}"
    if summary.duplicates:
        more = (
            "1 more object repeats"
            if summary.duplicates == 1
            else (f"{summary.duplicates:,} more objects repeat")
        )
        yield f"  ({more} a card name: other printings, not counted again)"
    yield (f"  plays            {summary.plays:>8,}  {_percent(summary.plays, summary.total):>6}"
           "  (ok, and the engine carries out everything on the card)")  # fmt: skip


def keyword_lines(summary: Summary) -> Iterator[str]:
    if not summary.keywords:
        return
    width = max(len("keyword"), *(len(k) for k in summary.keywords))
    yield "by keyword:"
    yield f"  {'keyword':<{width}} {'cards':>8} {'ok':>8} {'not ok':>8} {'ok %':>6}"
    for keyword, counts in summary.keywords.items():
        cards, ok = counts["cards"], counts["ok"]
        yield f"  {keyword:<{width}} {cards:>8,} {ok:>8,} {cards - ok:>8,} {_percent(ok, cards):>6}"


def error_lines(summary: Summary, top: int) -> Iterator[str]:
    if not summary.first_errors or top <= 0:
        return
    yield "most common first errors:"
    for (status, message), count in summary.first_errors.most_common(top):
        yield f"  {count:>8,}  {status:<16} {message}"


def gap_lines(summary: Summary, top: int) -> Iterator[str]:
    """The ok cards the engine doesn't play, counted by their first gap:
    what to build next in the interpreter."""
    if not summary.gaps or top <= 0:
        return
    yield "most common first engine gaps (ok cards that don't play):"
    for what, count in sorted(summary.gaps.items(), key=lambda kv: (-kv[1], kv[0]))[:top]:
        yield f"  {count:>8,}  {terminal_safe(what)}"


def last_line(summary: Summary) -> str:
    line = (
        f"{summary.file}: {summary.ok:,} of {summary.total:,} "
        f"{'card' if summary.total == 1 else 'cards'} ok ({_percent(summary.ok, summary.total)})"
    )
    return line if summary.link_check else line + " (without the link check)"


def report_lines(
    summary: Summary, results: Sequence[CardResult], *, top: int, failures: bool
) -> Iterator[str]:
    """The human report: failures (if asked), the summaries, and the last line."""
    failing = [failure_line(r) for r in results if not r.ok] if failures else []
    if failing:
        yield from failing
        yield ""
    yield from status_lines(summary)
    if summary.keywords:
        yield ""
        yield from keyword_lines(summary)
    if summary.first_errors and top > 0:
        yield ""
        yield from error_lines(summary, top)
    if summary.gaps and top > 0:
        yield ""
        yield from gap_lines(summary, top)
    yield last_line(summary)


def report_json(summary: Summary, results: Sequence[CardResult]) -> dict[str, Any]:
    return {"summary": summary.to_json(), "cards": [r.to_json() for r in results]}


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------


def _top_count(value: str) -> int:
    try:
        top = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if top < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {top}")
    return top


def cmd_coverage(args: argparse.Namespace) -> int:
    """Check every card of ``args.file`` and print the report: 0 once the file
    was read, 1 when a line of it could not be (each such line is an error on
    standard error, and the count goes on).

    The cards are read, checked and counted as a stream: what is kept of
    each card is its name (each name is checked once); the lines of
    ``--failures`` and the cards of ``--json``, printed before or after the
    counts that need every card, wait in a temporary file."""
    import tempfile

    from .common import ERRORS, OK, diagnostic, existing, say

    (path,) = existing([args.file])  # a file that isn't there is a usage error (2), as for check
    link = not args.no_link and link_checker() is not None
    with early_pool(path, args.jobs) as pool, tempfile.TemporaryFile("w+", encoding="utf-8",
                                                                     errors="surrogatepass") as spool:  # fmt: skip
        found = stream(path, lambda error: say(diagnostic(error, err=True), err=True))
        bar = Progress(found.lines, "coverage") if wanted(sys.stderr) else None
        summary = Summary(str(path), found.form, link)
        kept = 0
        for item, result in results(found.items, jobs=args.jobs, link=link, pool=pool, progress=bar, by_line=True):
            summary.add(item, result)
            if args.json:
                spool.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n\0\n")
                kept += 1
            elif args.failures and not result.ok:
                spool.write(failure_line(result) + "\n")
                kept += 1
        summary.duplicates = found.duplicates
        summary.finished()
        spool.seek(0)
        if args.json:
            _say_json(summary, spool, kept, say)
        else:
            if kept:
                for line in spool:
                    say(line.removesuffix("\n"))
                say("")
            for line in report_lines(summary, (), top=args.top, failures=False):
                say(line)
    return ERRORS if found.unreadable else OK


def _say_json(summary: Summary, spool: Any, count: int, say: Callable[[str], None]) -> None:
    """The document of :func:`report_json`, as ``json.dumps(..., indent=2)``
    writes it, with the cards read one by one from ``spool`` (each as
    ``json.dumps(card, indent=2)``, then a line of one NUL)."""
    head = json.dumps({"summary": summary.to_json(), "cards": []}, indent=2, ensure_ascii=False)
    if not count:
        say(head)
        return
    say(head.removesuffix("[]\n}") + "[")
    written = 0
    card: list[str] = []
    for line in spool:
        if line != "\0\n":
            card.append(line)
            continue
        written += 1
        text = "".join(card).removesuffix("\n")
        say("    " + text.replace("\n", "\n    ") + ("," if written < count else ""))
        card = []
    say("  ]\n}")


DESCRIPTION = (
    "Check every card of a card-data file: Scryfall JSON lines (one card object a line), "
    "Scryfall bulk data (a JSON array), or MTGJSON AtomicCards.json or a set file; each name "
    "once. A card is 'ok' when it parses, passes the link check and renders back to its "
    "Oracle text (after the normalisations listed in cardtext/normalize.py); otherwise it "
    "is a 'parse-error', 'link-error', 'render-mismatch' or 'internal-error' (a bug in "
    "cardtext). An ok card 'plays' when the interpreter's support check finds nothing on it the "
    "engine can't carry out; else its first such gap is counted. Prints the counts by status "
    "and by keyword, the most common first errors and first engine gaps, and last a line "
    "'FILE: N of M cards ok (P%)'."
)

EPILOG = (
    "exit status: 0 the file was read (whatever the coverage), 1 it or a line of it could not "
    "be read (a folder, not JSON, not card data; a line of JSON lines that is not "
    "a card is an error and the count goes on), 2 usage error (a bad option, no such file)"
)


def add_command(sub: Any) -> None:
    """Add ``cardtext coverage`` to the command line's subcommands."""
    p = sub.add_parser(
        "coverage",
        help="how many cards of a Scryfall or MTGJSON file parse and render back",
        description=DESCRIPTION,
        epilog=EPILOG,
    )
    p.add_argument("file", metavar="FILE", help="Scryfall JSON lines or bulk data, or MTGJSON")
    p.add_argument(
        "--failures",
        "-v",
        "--verbose",
        action="store_true",
        help="first list each card that is not ok: name:line:column: status: message",
    )
    p.add_argument(
        "--top",
        type=_top_count,
        default=10,
        metavar="N",
        help="how many of the most common first errors, and of the most common first engine gaps, "
        "to list (default 10; 0: none)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='print one JSON document instead: {"summary": {...}, "cards": [{"name", "status", '
        '"message", "line", "column", "plays", "gap"}, ...]}; "gap" is the first thing the '
        'engine can\'t carry out on an ok card that doesn\'t play, and the summary\'s "gaps" counts them',
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=job_count,
        default=os.cpu_count() or 1,
        metavar="N",
        help="processes to check the cards with (default: one per core, here %(default)s); "
        "the output is the same whatever N",
    )
    p.add_argument(
        "--no-link", action="store_true", help="skip the link check (ok: parses and renders back)"
    )
    p.set_defaults(run=cmd_coverage)


__all__ = [
    "STATUSES",
    "CardData",
    "CardInput",
    "CardResult",
    "Summary",
    "add_command",
    "check_card",
    "check_cards",
    "load",
    "mismatch",
    "report_json",
    "report_lines",
    "run",
    "summarize",
]
