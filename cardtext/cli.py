"""The ``cardtext`` command: parse, check, format and play card files.

Exit codes: 0 when all is well, 1 when errors were found (in cards, files or
scenarios), 2 for a usage error (a bad option, a path that does not exist).
A mistake in a card or on the command line is reported as a message, never as
a traceback: every error the project raises on purpose derives from
:class:`cardtext.grammar.errors.CardTextError`.

Where output goes: ``check`` and ``coverage`` are reports, so their
diagnostics and summary go to standard output (``cardtext check | less``
works); ``parse`` and ``fmt`` write the AST or the card text to standard
output and their diagnostics to standard error.

Output never stops a run halfway with a traceback: a character the terminal
can't encode is replaced (:mod:`cardtext.console`), and an output that
can't be written (``cardtext check >/dev/full``) is one message on standard
error and exit status 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardtext.grammar.codecache import loading
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_text

with loading():  # the dataclasses of these modules made as the grammar's are (their methods' code kept)
    from .canonical import FormatError, Unstable, canonical_text, format_keeping  # noqa: F401
    from .common import (  # noqa: F401  (the names this module had; other code imports .common)
        COLOR_MODES,
        ERRORS,
        OK,
        PROG,
        STDIN,
        USAGE,
        FileError,
        OutputError,
        UsageError,
        job_count,
        set_color,
        write_atomically,
    )
    from .common import decode as _decode
    from .common import diagnostic as _diagnostic
    from .common import display as _display
    from .common import existing as _existing
    from .common import flush_stdout as _flush_stdout
    from .common import output_problem as _output_problem
    from .common import plural as _plural
    from .common import read as _read
    from .common import say as _say
    from .common import silence as _silence
    from .common import sort_key as _sort_key
    from .common import version as _version
    from .common import write_stdout as _write_stdout
    from .console import display_name, is_utf8, setup_streams
    from .diagnostics import card_checker, check_text, github_annotation
    from .diagnostics import to_json as diagnostic_json
    from .files import Snapshot, interruptible
    from .library import BUNDLED, PathError, find_files, os_reason
    from .memory import for_many_cards
    from .trees import error_json as _error_json
    from .trees import format_tree, to_json  # noqa: F401

# --------------------------------------------------------------------------
# cardtext parse
# --------------------------------------------------------------------------


def cmd_parse(args: argparse.Namespace) -> int:
    paths = _existing(args.files)
    status = OK
    documents: list[dict[str, Any]] = []
    for index, path in enumerate(paths):
        name = _display(path)
        try:
            result = parse_text(_read(path), name)
        except CardTextError as exc:
            _say(_diagnostic(exc, err=True), err=True)
            documents.append({"file": name, "cards": [], "errors": [_error_json(exc)]})
            status = ERRORS
            continue
        for error in result.errors:
            _say(_diagnostic(error, err=True), err=True)
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
        # Any character as it is where the output is UTF-8; \u escapes elsewhere.
        json.dump(documents, sys.stdout, indent=2, ensure_ascii=not is_utf8(sys.stdout))
        _say()
    return status


# --------------------------------------------------------------------------
# cardtext check
# --------------------------------------------------------------------------


@dataclasses.dataclass
class CheckReport:
    files: int = 0
    cards: int = 0
    errors: int = 0
    warnings: int = 0
    diagnostics: list[CardTextError] = dataclasses.field(default_factory=list)
    card_of: dict[int, str] = dataclasses.field(default_factory=dict)  # id(error) → the card it belongs to


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
    for card in found.cards:
        for error in [*card.errors, *card.warnings]:
            report.card_of[id(error)] = card.name


def _print_check(report: CheckReport, form: str, summary: str) -> None:
    """The report of ``check`` in the form asked for: text, json or github."""
    if form == "json":
        document = {
            "files": report.files,
            "cards": report.cards,
            "errors": report.errors,
            "warnings": report.warnings,
            "diagnostics": [
                {"file": display_name(exc.path), "severity": "error", "message": str(exc)}
                if isinstance(exc, PathError)
                else diagnostic_json(exc, report.card_of.get(id(exc), ""))
                for exc in report.diagnostics
            ],
        }
        _say(json.dumps(document, indent=2, ensure_ascii=False))
        return
    for exc in report.diagnostics:
        _say(github_annotation(exc) if form == "github" else _diagnostic(exc))
    _say(summary)


def cmd_check(args: argparse.Namespace) -> int:
    if args.paths.count(STDIN) > 1:
        raise UsageError("'-' (standard input) can be named only once")
    paths = _existing(args.paths) if args.paths else [BUNDLED]
    link = None if args.no_link else card_checker()
    report = CheckReport()
    for path in paths:
        if str(path) == STDIN:
            check_file(path, report, link, args.jobs)
            continue
        for item in find_files([path]):
            if isinstance(item, PathError):  # a folder that can't be read: an error, and on
                report.errors += 1
                report.diagnostics.append(item)
                continue
            check_file(item, report, link, args.jobs)
    summary = f"checked {_plural(report.cards, 'card')} in {_plural(report.files, 'file')}: "
    summary += _plural(report.errors, "error")
    if report.warnings:
        summary += ", " + _plural(report.warnings, "warning")
    if link is None and not args.no_link:
        summary += " (link check not available)"
    _print_check(report, args.format, summary)
    return ERRORS if report.errors or (args.strict and report.warnings) else OK


# --------------------------------------------------------------------------
# cardtext fmt
# --------------------------------------------------------------------------


def _diff(old: str, new: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True), f"{name}", f"{name}"
        )
    )


@dataclasses.dataclass
class FormatReport:
    """What ``cardtext fmt`` did, file by file: the summary line counts these."""

    changed: int = 0
    unchanged: int = 0
    with_errors: int = 0  # cards with errors, or text the renderer would change in meaning
    failed: int = 0  # can't be read or written
    left_as_written: int = 0  # cards the renderer can't write back: kept as they are

    @property
    def files(self) -> int:
        return self.changed + self.unchanged + self.with_errors + self.failed

    def summary(self, *, dry_run: bool) -> str:
        """``3 files: 2 reformatted, 1 failed``: the counts that aren't 0."""
        if not self.files:
            return "no card files found"
        parts = [
            (self.changed, "would be reformatted" if dry_run else "reformatted"),
            (self.unchanged, "unchanged"),
            (self.with_errors, "with errors (not changed)"),
            (self.failed, "failed (not changed)"),
        ]
        shown = ", ".join(f"{n} {what}" for n, what in parts if n)
        if self.left_as_written:
            shown += f"; {_plural(self.left_as_written, 'card')} left as written"
        return f"{_plural(self.files, 'file')}: {shown}"


def _read_for_rewrite(path: Path) -> tuple[str, Snapshot]:
    """A card file's text and the :class:`Snapshot` that must still match when it is rewritten."""
    if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a FIFO's open would block
        raise FileError(path, "not a regular file, so not rewritten; 'cardtext fmt -' "
                              "formats standard input")  # fmt: skip
    with open(path, "rb") as f:
        info = os.fstat(f.fileno())
        data = f.read()
    snapshot = Snapshot(data, info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)
    return _decode(data, path), snapshot


def _fmt_one(path: Path, args: argparse.Namespace, report: FormatReport, from_stdin: bool) -> None:
    """Format one file (or standard input), counting what happened in ``report``."""
    name = _display(path)
    snapshot: Snapshot | None = None
    try:
        if from_stdin:
            old = _read(path)
        else:
            old, snapshot = _read_for_rewrite(path)
    except OSError as exc:
        report.failed += 1
        _say(_diagnostic(FileError(path, f"can't read: {os_reason(exc)}"), err=True), err=True)
        return
    except CardTextError as exc:
        report.failed += 1
        _say(_diagnostic(exc, err=True), err=True)
        return
    try:
        errors = parse_text(old, name).errors
        if errors:
            report.with_errors += 1
            for error in errors:
                _say(_diagnostic(error, err=True), err=True)
            return
        new, unstable = format_keeping(old, name)
    except CardTextError as exc:
        report.with_errors += 1
        _say(_diagnostic(exc, err=True), err=True)
        return
    for card in unstable:
        report.left_as_written += 1
        _say(str(card.error(name)), err=True)
    if from_stdin and not (args.check or args.diff):
        _write_stdout(new)
        return
    if new == old:
        report.unchanged += 1
        return
    if args.diff:
        _write_stdout(_diff(old, new, name))
    if args.check:
        _say(f"would reformat {name}", err=True)
    if not (args.check or args.diff):
        try:
            write_atomically(path, new, snapshot)
        except FileError as exc:
            report.failed += 1
            _say(_diagnostic(exc, err=True), err=True)
            return
        _say(f"reformatted {name}", err=True)
    report.changed += 1


def cmd_fmt(args: argparse.Namespace) -> int:
    if STDIN in args.paths and len(args.paths) > 1:
        raise UsageError("'-' (standard input) can't be mixed with other paths")
    from_stdin = args.paths == [STDIN]
    report = FormatReport()
    items: list[Path | PathError] = (
        [Path(STDIN)] if from_stdin else list(find_files(_existing(args.paths)))
    )
    with interruptible():  # an interruption still removes the temporary file
        for item in items:
            if isinstance(item, PathError):
                report.failed += 1
                _say(_diagnostic(item, err=True), err=True)
                continue
            _fmt_one(item, args, report, from_stdin)
    if not from_stdin:
        _say(report.summary(dry_run=args.check or args.diff), err=True)
    if report.with_errors or report.failed or report.left_as_written or (args.check and report.changed):
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
    try:
        return int(play_main(list(args.scenarios), quiet=args.quiet, interactive=args.interactive))
    except BrokenPipeError:
        raise
    except OSError as exc:  # the runner prints the logs: scenarios are read without raising OSError
        raise OutputError(_output_problem(sys.stdout, exc)) from None


def _scenario_runner_missing(exc: ImportError) -> bool:
    """True if the scenario runner is not there at all (rather than broken inside)."""
    if exc.name != "cardtext.scenario":
        return False
    return isinstance(exc, ModuleNotFoundError) or "play_main" in str(exc)


# --------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------

EPILOG = "exit status: 0 all is well, 1 errors were found, 2 usage error"


class _VersionAction(argparse.Action):
    """``--version``: argparse's version action, with the version looked up
    only when it is asked for (reading the package's metadata costs a run
    that doesn't print it a tenth of its start-up)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str = "show program's version number and exit") -> None:  # noqa: A002  # fmt: skip
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:  # fmt: skip
        formatter = parser._get_formatter()
        formatter.add_text(f"{PROG} {_version()}")
        parser._print_message(formatter.format_help(), sys.stdout)
        parser.exit()


COLOR_HELP = "colour diagnostics: auto (the default), always or never"


class _Commands(argparse._SubParsersAction):
    """The subcommands.  Those that their own module defines (coverage,
    import, export, lsp, completion) are named here with their one-line help,
    and the module is imported, and the command's options added, only when
    that command is run (or when every command is asked for: the completion
    script): ``cardtext check`` doesn't load the language server, the
    exporter's XML or the importer's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deferred: dict[str, Callable[[Any], None]] = {}

    def defer(self, name: str, help: str, add: Callable[[Any], None]) -> None:  # noqa: A002
        """A command whose options ``add(sub)`` adds (through ``sub.add_parser(name, ...)``)."""
        self.add_parser(name, help=help)
        self.deferred[name] = add

    def load(self, name: str) -> None:
        add = self.deferred.pop(name, None)
        if add is not None:
            add(_Filling(self, name))
            self.choices[name].add_argument("--color", choices=COLOR_MODES, default=argparse.SUPPRESS,
                                            help=COLOR_HELP)  # fmt: skip

    def load_all(self) -> None:
        for name in list(self.deferred):
            self.load(name)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:  # fmt: skip
        name = values[0] if values else ""
        if name in NEEDS_EVERY_COMMAND:
            self.load_all()
        else:
            self.load(name)
        super().__call__(parser, namespace, values, option_string)


NEEDS_EVERY_COMMAND = ("completion",)
"""The commands that read every other command's options."""


class _Filling:
    """What a module's ``add_command(sub)`` is given for a deferred command:
    its ``add_parser`` gives the command's parser made already, with the
    module's description and epilog (the one-line help must be the one the
    command line names it with)."""

    def __init__(self, commands: _Commands, name: str) -> None:
        self.commands = commands
        self.name = name

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if name != self.name:
            raise ValueError(f"the module of '{self.name}' adds a command '{name}'")
        parser = self.commands.choices[name]
        shown = {a.dest: a.help for a in self.commands._choices_actions}
        if kwargs.get("help", shown[name]) != shown[name]:
            raise ValueError(f"'{name}': the help named in cardtext.cli differs from its module's")
        for key in ("description", "epilog", "formatter_class"):
            if key in kwargs:
                setattr(parser, key, kwargs[key])
        return parser


def _add_coverage(sub: Any) -> None:
    from . import coverage

    coverage.add_command(sub)


def _add_import(sub: Any) -> None:
    from . import importer

    importer.add_command(sub)


def _add_export(sub: Any) -> None:
    from . import exporter

    exporter.add_command(sub)


def _add_lsp(sub: Any) -> None:
    from . import lsp

    lsp.add_command(sub)


def build_parser(*, lazy: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; with ``lazy``, the commands of their own
    modules are filled in as they are run (:class:`_Commands`)."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Magic: The Gathering card text as data: parse, check, format and play card files.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument(
        "--color", choices=COLOR_MODES, default="auto",
        help="colour diagnostics: auto (on a terminal, unless NO_COLOR is set; the default), always, never",
    )  # fmt: skip
    parser.register("action", "parsers", _Commands)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    assert isinstance(sub, _Commands)

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
        "(recursively). Every error is reported as file:line:col: error: message; a card that is "
        "valid but that the engine can't play in full gets a warning (file:line:col: warning: ...) "
        "naming what it can't carry out. "
        "With no PATH, checks the bundled cards; '-' reads standard input.",
        epilog="exit status: 0 no errors (warnings don't count, unless --strict), 1 errors were found, "
        "2 usage error",
    )
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="card files or folders, or '-' for standard input (default: the bundled cards)",
    )
    p.add_argument(
        "--no-link", action="store_true", help="parse only; skip the link check and the engine's warnings"
    )
    p.add_argument("--strict", action="store_true", help="warnings count as errors (exit status 1)")
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
        "A file is replaced all at once (a new file renamed over it), so a write that fails "
        "leaves it as it was. 'cardtext fmt -' reads standard input and writes standard output.",
        epilog="exit status: 0 all is well (with --check: nothing would change), "
        "1 errors were found or a file could not be written (with --check: some file would "
        "change), 2 usage error",
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

    sub.defer("coverage", "how many cards of a Scryfall or MTGJSON file parse and render back", _add_coverage)

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

    sub.defer("import", "write card files from Scryfall or MTGJSON data", _add_import)
    sub.defer("export", "write card files as Scryfall JSON lines, a Cockatrice set or an MTGJSON set file",
              _add_export)  # fmt: skip
    sub.defer("lsp", "run the language server (LSP over stdio) for editors", _add_lsp)

    def add_completion(filling: Any) -> None:
        from . import completion

        completion.add_command(filling, parser)

    sub.defer("completion", "print a shell completion script (bash, zsh or fish)", add_completion)
    for name, command in sub.choices.items():  # 'cardtext check --color=never' as well as before it
        if name not in sub.deferred:
            command.add_argument("--color", choices=COLOR_MODES, default=argparse.SUPPRESS, help=COLOR_HELP)
    if not lazy:
        sub.load_all()
    return parser


def _subcommand_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of one subcommand (the top-level one if there is none by that name)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(command)
            if isinstance(found, argparse.ArgumentParser):
                return found
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser(lazy=True)
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:  # told by the subcommand, with its own usage ('cardtext check --bogus')
            _subcommand_parser(parser, args.command).error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exit_:  # --help, --version, or a usage error already printed
        return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else USAGE)
    setup_streams()
    set_color(args.color)
    for_many_cards()
    try:
        status = int(args.run(args))
        if not sys.stdout.closed:  # the language server closes it on exit
            _flush_stdout()  # here, where a failure can still be reported
        return status
    except UsageError as exc:
        return _report(f"{PROG} {args.command}: error: {exc}", USAGE)
    except OutputError as exc:
        _silence(sys.stdout)
        return _report(f"{PROG} {args.command}: error: {exc}", ERRORS)
    except CardTextError as exc:
        return _report(_diagnostic(exc, err=True), ERRORS)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`cardtext coverage ... | head`); stay quiet about it.
        _silence(sys.stdout)
        return ERRORS
    except OSError as exc:  # most likely the output (`cardtext play >/dev/full`, printed by the runner)
        what = os_reason(exc)
        try:
            sys.stdout.flush()
        except OSError:
            what = f"can't write to standard output: {what}"
            _silence(sys.stdout)
        else:
            if exc.filename:
                what = f"{display_name(exc.filename)}: {what}"
        return _report(f"{PROG} {args.command}: error: {what}", ERRORS)


def _report(message: str, status: int) -> int:
    """Print the message that ends a run on standard error, if it can be written at all."""
    try:
        print(message, file=sys.stderr)
        sys.stderr.flush()
    except OSError:
        _silence(sys.stderr)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
