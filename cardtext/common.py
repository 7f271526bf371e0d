"""What the commands share: exit statuses, the errors a command line meets,
writing output that may fail, and reading card files.

``cardtext.cli`` (the command line), ``coverage``, ``exporter``, ``importer``
and ``lsp`` are built on this module; nothing here imports the command line.

Exit statuses: :data:`OK` (0) all is well, :data:`ERRORS` (1) errors were
found, :data:`USAGE` (2) a usage error (a bad option, a path that does not
exist).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardtext.grammar.errors import CardTextError, LocatedError

from .console import display_name, terminal_safe
from .files import FileChanged, Snapshot, write_file
from .library import PathError, os_reason

PROG = "cardtext"
STDIN = "-"

OK, ERRORS, USAGE = 0, 1, 2


class UsageError(CardTextError):
    """A command line that asks for something that can't be done (exit code 2)."""


class FileError(PathError):
    """A file that can't be read or written (not there, a folder, not UTF-8)."""

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(display(path), message)


class OutputError(CardTextError):
    """Standard output or standard error can't be written (a full disk, a closed pipe...)."""


def job_count(value: str) -> int:
    """The value of a ``--jobs`` option: a whole number of processes, at least 1."""
    try:
        jobs = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {jobs}")
    return jobs


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def say(text: str = "", *, err: bool = False) -> None:
    """Print a line to standard output (or error); :class:`OutputError` if it can't be written."""
    stream = sys.stderr if err else sys.stdout
    try:
        print(text, file=stream)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(output_problem(stream, exc)) from None


def write_stdout(text: str) -> None:
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(output_problem(sys.stdout, exc)) from None


def flush_stdout() -> None:
    """Flush standard output; what is still buffered when a command ends (all
    of a short output) fails here, and is the same error as a failed print."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(output_problem(sys.stdout, exc)) from None


def output_problem(stream: Any, exc: OSError) -> str:
    which = "standard error" if stream is sys.stderr else "standard output"
    return f"can't write to {which}: {os_reason(exc)}"


def silence(stream: Any) -> None:
    """Point a stream that can't be written at the null device, so that the
    text still in its buffer doesn't fail again as Python exits."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def diagnostic(exc: CardTextError, *, err: bool = False) -> str:
    """How one error is shown: located errors with their source line and
    caret; in colour when the stream it goes to (standard error with
    ``err``, else standard output) takes colour (:func:`use_color`)."""
    if isinstance(exc, PathError):
        text = terminal_safe(str(exc))
    elif isinstance(exc, LocatedError):
        text = terminal_safe(exc.format())  # a file's ESC or U+202E shown, not obeyed
    else:
        text = terminal_safe(f"{PROG}: error: {exc}")
    return paint(text) if use_color(sys.stderr if err else sys.stdout) else text


# --------------------------------------------------------------------------
# Colour
# --------------------------------------------------------------------------

COLOR_MODES = ("auto", "always", "never")
_color_mode = "auto"

_RESET = "\x1b[0m"
_STYLES = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "where": "\x1b[1m",
           "caret": "\x1b[1;32m", "hint": "\x1b[36m"}  # fmt: skip
_HEAD = re.compile(r"^(\S[^\n]*?: )?(error|warning)(: )", re.M)
_CARET = re.compile(r"^( {4} *)(\^+)$", re.M)
_HINT = re.compile(r"^(  )(hint|expected)(:)", re.M)


def set_color(mode: str) -> None:
    """``--color``: ``auto`` (colour on a terminal, unless ``NO_COLOR`` is
    set), ``always`` or ``never``."""
    global _color_mode
    if mode not in COLOR_MODES:
        raise ValueError(f"--color is one of {', '.join(COLOR_MODES)}, not {mode!r}")
    _color_mode = mode


def use_color(stream: Any) -> bool:
    """Whether text written to ``stream`` is coloured: ``--color=always`` or
    ``never`` as told; by default only on a terminal (not ``TERM=dumb``), and
    never when the environment variable ``NO_COLOR`` is set and not empty
    (no-color.org)."""
    if _color_mode != "auto":
        return _color_mode == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def paint(text: str) -> str:
    """A diagnostic in colour: its place in bold, ``error`` red, ``warning``
    yellow, the caret green, ``hint:`` and ``expected:`` cyan."""
    def head(m: re.Match[str]) -> str:
        where = f"{_STYLES['where']}{m.group(1)}{_RESET}" if m.group(1) else ""
        return f"{where}{_STYLES[m.group(2)]}{m.group(2)}{_RESET}{m.group(3)}"

    text = _HEAD.sub(head, text, count=1)
    text = _CARET.sub(lambda m: f"{m.group(1)}{_STYLES['caret']}{m.group(2)}{_RESET}", text)
    return _HINT.sub(lambda m: f"{m.group(1)}{_STYLES['hint']}{m.group(2)}{m.group(3)}{_RESET}", text)


def sort_key(exc: CardTextError) -> tuple[int, int]:
    if isinstance(exc, LocatedError):
        return exc.line, exc.column
    return 0, 0


def version() -> str:
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


def existing(paths: Sequence[str]) -> list[Path]:
    """The paths named on the command line; one that doesn't exist is a usage error.

    A path that exists but can't be used (a loop of symbolic links, no
    permission) is kept: reading it reports the problem, located, and the
    run goes on with the others."""
    missing = []
    for p in paths:
        if p == STDIN:
            continue
        try:
            os.stat(p)
        except OSError as exc:
            if exc.errno in (errno.ENOENT, errno.ENOTDIR):
                missing.append(display_name(p))
        except ValueError:  # a NUL in the name
            missing.append(repr(p))
    if missing:
        raise UsageError("no such file or folder: " + ", ".join(missing))
    return [Path(p) for p in paths]


def decode(data: bytes, path: Path | str) -> str:
    """UTF-8 bytes as text, lines ending in ``\\n`` (as text mode reads them)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read(path: Path | str) -> str:
    """A card file's text; a file that can't be read is a :class:`FileError`.

    Standard input is read as bytes and decoded here, so bytes that aren't
    UTF-8 are a message whatever the locale.  A device or a socket is not
    read (``/dev/zero`` would never end); a FIFO is (``<(command)``)."""
    if str(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # a text stream put in its place (tests)
            return sys.stdin.read()
        try:
            return decode(stream.read(), path)
        except OSError as exc:
            raise FileError(path, f"can't read: {os_reason(exc)}") from None
    try:
        info = os.stat(path)
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise FileError(path, f"can't read: {what}")
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise FileError(path, f"can't read: {os_reason(exc)}") from None
    return decode(data, path)


def display(path: Path | str) -> str:
    """A path as shown in messages and JSON: always valid Unicode."""
    return "<stdin>" if str(path) == STDIN else display_name(path)


def write_atomically(path: Path, text: str, snapshot: Snapshot | None = None) -> None:
    """Replace a file's content with ``text`` (UTF-8, ``\\n`` line ends), all or
    nothing, by the rules of :mod:`cardtext.files`: a temporary file renamed
    over the original (removed on every way out), a file with other hard links
    written in place, a read-only file refused, and, given the ``snapshot`` of
    the file as it was read, a file that changed since refused.  A symbolic
    link is followed.  Raises :class:`FileError`; the file is then as it was.
    """
    try:
        write_file(path, text, snapshot=snapshot)
    except FileChanged as exc:
        raise FileError(path, "changed while cardtext was working on it (another program "
                              "wrote it), so it was not rewritten: run the command again") from exc  # fmt: skip
    except OSError as exc:
        raise FileError(path, f"can't write: {os_reason(exc)}; the file is as it was") from None
