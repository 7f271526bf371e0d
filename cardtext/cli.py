"""The ``cardtext`` command: parse, check, format and play card files.

Exit codes: 0 when all is well, 1 when errors were found (in cards, files or
scenarios), 2 for a usage error (a bad option, a path that does not exist).
A mistake in a card or on the command line is reported as a message, never as
a traceback: every error the project raises on purpose derives from
:class:`grammar.errors.CardTextError`.

Where output goes: ``check`` and ``coverage`` are reports, so their
diagnostics and summary go to standard output (``cardtext check | less``
works); ``parse`` and ``fmt`` write the AST or the card text to standard
output and their diagnostics to standard error.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from grammar import ast as A
from grammar.errors import CardTextError, LocatedError
from grammar.parser import parse_text
from grammar.render import format_text

from .coverage import job_count
from .diagnostics import check_text, github_annotation
from .diagnostics import to_json as diagnostic_json
from .library import BUNDLED, card_files

PROG = "cardtext"
STDIN = "-"

OK, ERRORS, USAGE = 0, 1, 2


class UsageError(CardTextError):
    """A command line that asks for something that can't be done (exit code 2)."""


class FileError(CardTextError):
    """A file that can't be read or written (not there, a folder, not UTF-8)."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(f"{_display(path)}: error: {message}")
        self.path = _display(path)


# --------------------------------------------------------------------------
# Output helpers
# --------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _say(text: str = "", *, err: bool = False) -> None:
    print(text, file=sys.stderr if err else sys.stdout)


def _diagnostic(exc: CardTextError) -> str:
    """How one error is shown: located errors with their source line and caret."""
    if isinstance(exc, FileError):
        return str(exc)
    if isinstance(exc, LocatedError):
        return exc.format()
    return f"{PROG}: error: {exc}"


def _sort_key(exc: CardTextError) -> tuple[int, int]:
    if isinstance(exc, LocatedError):
        return exc.line, exc.column
    return 0, 0


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cardtext")
    except PackageNotFoundError:
        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        try:
            import tomllib

            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])
        except (OSError, KeyError, ValueError):
            return "unknown"


# --------------------------------------------------------------------------
# Reading files
# --------------------------------------------------------------------------


def _existing(paths: Sequence[str]) -> list[Path]:
    """The paths named on the command line; one that doesn't exist is a usage error."""
    missing = [p for p in paths if p != STDIN and not Path(p).exists()]
    if missing:
        raise UsageError("no such file or folder: " + ", ".join(missing))
    return [Path(p) for p in paths]


def _read(path: Path | str) -> str:
    if str(path) == STDIN:
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError as exc:
        raise FileError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise FileError(path, f"can't read: {exc.strerror or exc}") from None


def _display(path: Path | str) -> str:
    return "<stdin>" if str(path) == STDIN else str(path)


# --------------------------------------------------------------------------
# cardtext parse
# --------------------------------------------------------------------------


def _is_leaf(value: Any) -> bool:
    """A value that fits on one line: not a node, not a non-empty sequence of nodes."""
    if dataclasses.is_dataclass(value):
        return False
    if isinstance(value, tuple):
        return all(not dataclasses.is_dataclass(v) for v in value)
    return True


def _node_fields(node: Any) -> list[tuple[str, Any]]:
    return [(f.name, getattr(node, f.name)) for f in dataclasses.fields(node) if f.name != "span"]


def format_tree(node: Any, indent: int = 0) -> Iterator[str]:
    """An indented tree of a node: its class name, then one field a line.

    A node whose fields are all plain values fits on one line, like
    ``ColoredMana(color='G')``; spans are left out.
    """
    pad = "  " * indent
    fields = _node_fields(node)
    name = type(node).__name__
    if all(_is_leaf(v) for _, v in fields):
        inner = ", ".join(f"{k}={repr(v)}" for k, v in fields)
        yield f"{pad}{name}({inner})"
        return
    yield f"{pad}{name}"
    for key, value in fields:
        if _is_leaf(value):
            yield f"{pad}  {key}: {repr(value)}"
        elif isinstance(value, tuple):
            yield f"{pad}  {key}:"
            yield from _format_items(value, indent)
        else:
            lines = list(format_tree(value, indent + 1))
            yield f"{pad}  {key}: {lines[0].lstrip()}"
            yield from lines[1:]


def _format_items(items: tuple[Any, ...], indent: int) -> Iterator[str]:
    """The items of a tuple field, one "- " entry each: nodes as trees, plain
    values as written, tuples inside as nested entries."""
    pad = "  " * indent
    for item in items:
        if dataclasses.is_dataclass(item):
            lines = list(format_tree(item, indent + 2))
        elif isinstance(item, tuple) and not _is_leaf(item):
            lines = ["", *_format_items(item, indent + 1)]
        else:
            lines = [repr(item)]
        yield f"{pad}    - {lines[0].lstrip()}".rstrip()
        yield from (f"  {line}" for line in lines[1:])


def to_json(value: Any) -> Any:
    """A node as JSON data: ``{"node": ClassName, field: ..., "span": [l, c, el, ec]}``."""
    if isinstance(value, A.Span):
        return [value.line, value.column, value.end_line, value.end_column]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"node": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name != "span":
                out[f.name] = to_json(getattr(value, f.name))
        span = getattr(value, "span", None)
        if span is not None:
            out["span"] = to_json(span)
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _error_json(exc: CardTextError) -> dict[str, Any]:
    if isinstance(exc, LocatedError):
        return {
            "file": exc.file,
            "line": exc.line,
            "column": exc.column,
            "kind": type(exc).__name__,
            "message": exc.message,
            "hint": exc.hint,
            "expected": list(exc.expected),
        }
    return {"kind": type(exc).__name__, "message": str(exc)}


def cmd_parse(args: argparse.Namespace) -> int:
    paths = _existing(args.files)
    status = OK
    documents: list[dict[str, Any]] = []
    for index, path in enumerate(paths):
        name = _display(path)
        try:
            result = parse_text(_read(path), name)
        except CardTextError as exc:
            _say(_diagnostic(exc), err=True)
            documents.append({"file": name, "cards": [], "errors": [_error_json(exc)]})
            status = ERRORS
            continue
        for error in result.errors:
            _say(error.format(), err=True)
        if result.errors:
            status = ERRORS
        if args.json:
            documents.append({
                "file": name,
                "cards": [to_json(c) for c in result.cards],
                "errors": [_error_json(e) for e in result.errors],
            })  # fmt: skip
            continue
        if len(paths) > 1:
            _say(("\n" if index else "") + f"==> {name} <==")
        for number, card in enumerate(result.cards):
            if number:
                _say()
            _say("\n".join(format_tree(card)))
    if args.json:
        json.dump(documents, sys.stdout, indent=2, ensure_ascii=False)
        _say()
    return status


# --------------------------------------------------------------------------
# cardtext check
# --------------------------------------------------------------------------


def _link_checker() -> Callable[[A.Card, str, str], list[Any]] | None:
    """``interpreter.links.check_card``, or None while that module is not there."""
    try:
        from interpreter.links import check_card
    except ModuleNotFoundError as exc:
        if exc.name in ("interpreter.links", "interpreter"):
            return None
        raise
    return check_card


@dataclasses.dataclass
class CheckReport:
    files: int = 0
    cards: int = 0
    errors: int = 0
    warnings: int = 0
    diagnostics: list[CardTextError] = dataclasses.field(default_factory=list)


def check_file(path: Path, report: CheckReport, link: Callable[..., list[Any]] | None, jobs: int = 1) -> None:
    """Parse and link-check one file (``-``: standard input); keep every error, in line order."""
    report.files += 1
    try:
        text = _read(path)
    except CardTextError as exc:
        report.errors += 1
        report.diagnostics.append(exc)
        return
    found = check_text(text, _display(path), link=link, jobs=jobs)
    report.cards += len(found.cards)
    report.errors += len(found.errors)
    report.warnings += len(found.warnings)
    report.diagnostics.extend(sorted([*found.errors, *found.warnings], key=_sort_key))


def _print_check(report: CheckReport, form: str, summary: str) -> None:
    """The report of ``check`` in the form asked for: text, json or github."""
    if form == "json":
        document = {
            "files": report.files,
            "cards": report.cards,
            "errors": report.errors,
            "warnings": report.warnings,
            "diagnostics": [
                {"file": exc.path, "severity": "error", "message": str(exc)}
                if isinstance(exc, FileError)
                else diagnostic_json(exc)
                for exc in report.diagnostics
            ],
        }
        json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
        _say()
        return
    for exc in report.diagnostics:
        _say(github_annotation(exc) if form == "github" else _diagnostic(exc))
    _say(summary)


def cmd_check(args: argparse.Namespace) -> int:
    if args.paths.count(STDIN) > 1:
        raise UsageError("'-' (standard input) can be named only once")
    paths = _existing(args.paths) if args.paths else [BUNDLED]
    link = None if args.no_link else _link_checker()
    report = CheckReport()
    for path in paths:
        if str(path) == STDIN:
            check_file(path, report, link, args.jobs)
            continue
        for file in card_files([path]):
            check_file(file, report, link, args.jobs)
    summary = f"checked {_plural(report.cards, 'card')} in {_plural(report.files, 'file')}: "
    summary += _plural(report.errors, "error")
    if report.warnings:
        summary += ", " + _plural(report.warnings, "warning")
    if link is None and not args.no_link:
        summary += " (link check not available)"
    _print_check(report, args.format, summary)
    return ERRORS if report.errors else OK


# --------------------------------------------------------------------------
# cardtext fmt
# --------------------------------------------------------------------------


class FormatError(CardTextError):
    """The formatter would change what a file means: a bug in the renderer, not the card."""


def canonical_text(text: str, filename: str = "<string>") -> str:
    """A card file in canonical form (``cardtext fmt``), by :func:`grammar.render.format_text`.

    Raises the first parse error of the file, or :class:`FormatError` if the
    new text would not parse back to the same cards (the file is then left
    alone rather than changed in meaning).
    """
    before = parse_text(text, filename)
    if before.errors:
        raise before.errors[0]
    new = format_text(text, filename)
    after = parse_text(new, filename)
    if after.errors or after.cards != before.cards:
        raise FormatError(
            f"{filename}: the canonical text would not parse back to the same cards; "
            "the file was left as it is (this is a bug in cardtext's renderer)"
        )
    return new


def _diff(old: str, new: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True), f"{name}", f"{name}"
        )
    )


def _write(path: Path, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as exc:
        raise FileError(path, f"can't write: {exc.strerror or exc}") from None


def cmd_fmt(args: argparse.Namespace) -> int:
    if STDIN in args.paths and len(args.paths) > 1:
        raise UsageError("'-' (standard input) can't be mixed with other paths")
    from_stdin = args.paths == [STDIN]
    files = [Path(STDIN)] if from_stdin else list(card_files(_existing(args.paths)))
    failed = changed = unchanged = 0
    for path in files:
        name = _display(path)
        try:
            old = _read(path)
            errors = parse_text(old, name).errors
            if errors:
                failed += 1
                for error in errors:
                    _say(error.format(), err=True)
                continue
            new = canonical_text(old, name)
        except CardTextError as exc:
            failed += 1
            _say(_diagnostic(exc), err=True)
            continue
        if from_stdin and not (args.check or args.diff):
            sys.stdout.write(new)
            continue
        if new == old:
            unchanged += 1
            continue
        changed += 1
        if args.diff:
            sys.stdout.write(_diff(old, new, name))
        if args.check:
            _say(f"would reformat {name}")
        if not (args.check or args.diff):
            _write(path, new)
            _say(f"reformatted {name}", err=True)
    if not from_stdin:
        verb = "would be reformatted" if args.check or args.diff else "reformatted"
        parts = [
            f"{_plural(changed, 'file')} {verb}",
            f"{_plural(unchanged, 'file')} left unchanged",
        ]
        if failed:
            parts.append(f"{_plural(failed, 'file')} with errors (not changed)")
        _say(", ".join(parts), err=True)
    if failed or (args.check and changed):
        return ERRORS
    return OK


# --------------------------------------------------------------------------
# cardtext play
# --------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from cardtext.scenario import play_main
    except ImportError as exc:
        if not _scenario_runner_missing(exc):
            raise
        _say("play: not available yet", err=True)
        return USAGE
    return int(play_main(list(args.scenarios), quiet=args.quiet, interactive=args.interactive))


def _scenario_runner_missing(exc: ImportError) -> bool:
    """True if the scenario runner is not there at all (rather than broken inside)."""
    if exc.name != "cardtext.scenario":
        return False
    return isinstance(exc, ModuleNotFoundError) or "play_main" in str(exc)


# --------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------

EPILOG = "exit status: 0 all is well, 1 errors were found, 2 usage error"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Magic: The Gathering card text as data: parse, check, format and play card files.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "parse",
        help="print the AST of card files",
        description="Parse card files and print each card's AST as an indented tree "
        "(or as JSON with --json). Errors go to standard error.",
        epilog=EPILOG,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="card files ('-' reads standard input)")
    p.add_argument(
        "--json",
        action="store_true",
        help="print JSON: one object per file, with its cards and errors",
    )
    p.set_defaults(run=cmd_parse)

    p = sub.add_parser(
        "check",
        help="parse and link-check card files and folders",
        description="Parse and link-check card files, and every *.card file in the folders named "
        "(recursively). Every error is reported as file:line:col: error: message. "
        "With no PATH, checks the bundled cards; '-' reads standard input.",
        epilog=EPILOG,
    )
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="card files or folders, or '-' for standard input (default: the bundled cards)",
    )
    p.add_argument("--no-link", action="store_true", help="parse only; skip the link check")
    p.add_argument(
        "--format",
        choices=("text", "json", "github"),
        default="text",
        help="text (default), json (one document), or github (GitHub Actions annotations)",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=job_count,
        default=os.cpu_count() or 1,
        metavar="N",
        help="processes for a file of many cards (default: one per core, here %(default)s); "
        "the report is the same whatever N",
    )
    p.set_defaults(run=cmd_check)

    p = sub.add_parser(
        "fmt",
        help="rewrite card files in canonical Oracle text",
        description="Rewrite card files in canonical text: each card as the renderer writes it, "
        "comments kept, one blank line between cards. A file with errors is left as it is. "
        "'cardtext fmt -' reads standard input and writes standard output.",
        epilog="exit status: 0 all is well (with --check: nothing would change), "
        "1 errors were found (with --check: some file would change), 2 usage error",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="card files or folders, or '-'")
    p.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list the files that would change and exit 1 if any",
    )
    p.add_argument(
        "--diff", action="store_true", help="change nothing; print a unified diff of the changes"
    )
    p.set_defaults(run=cmd_fmt)

    from . import coverage

    coverage.add_command(sub)

    p = sub.add_parser(
        "play",
        help="run scenario files",
        description="Run scenarios (TOML files that set up a game, take steps and state what must "
        "then be true) and report every expectation that fails. With no files, runs the "
        "bundled demo scenarios.",
        epilog="exit status: 0 every scenario passed, 1 some failed, "
        "2 usage error or a scenario file that is itself wrong",
    )
    p.add_argument(
        "scenarios", nargs="*", metavar="SCENARIO.toml", help="scenario files or folders"
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    p.add_argument(
        "-i",
        "--interactive",
        action="store_true",
        help="ask at the terminal for decisions the scenario does not script",
    )
    p.set_defaults(run=cmd_play)

    from . import exporter, importer, lsp  # each module adds its own command

    for module in (importer, exporter, lsp):
        module.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # --help, --version, or a usage error already printed
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else USAGE)
    try:
        return int(args.run(args))
    except UsageError as exc:
        _say(f"{PROG} {args.command}: error: {exc}", err=True)
        return USAGE
    except CardTextError as exc:
        _say(_diagnostic(exc), err=True)
        return ERRORS
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`cardtext coverage ... | head`); stay quiet about it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return ERRORS


if __name__ == "__main__":
    raise SystemExit(main())
