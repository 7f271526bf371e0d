"""The cardtext pytest plugin: card files and scenarios as test items.

Installed with cardtext (entry point ``pytest11``, name ``cardtext``), on by
default; ``pytest -p no:cardtext`` turns it off.

* Every ``*.card`` file pytest meets is collected, one item per card
  (``my_set.card::Gnarlid Pack``). A card fails when it doesn't parse, when
  the link check finds a reference with nothing to refer to, when its text
  isn't what ``cardtext fmt`` would write (unless ``--cardtext-no-fmt``, or
  the file matches the ini option ``cardtext_no_fmt``), when it has warnings
  and ``--cardtext-strict`` is given, or when its AST differs from its
  snapshot. The report is the compiler-style message with its caret, not a
  traceback. One more item per file, ``my_set.card::layout``, fails when the
  blank lines, comments outside cards or line endings aren't as ``cardtext
  fmt`` writes them (it is left out with the format check).
* Scenario files — matched by the ini option ``cardtext_scenarios``
  (default ``scenarios/**/*.toml *.scenario.toml``, relative to the
  rootdir; a pattern without ``/`` matches a file name anywhere) — are one
  item each, named after the file; a failure shows what was expected, what
  was found, and the game log.
* Snapshots: ``my_set.ast`` next to ``my_set.card`` holds the AST of its
  cards as ``cardtext parse`` prints it. Each card is compared with its tree
  there when the file exists (or for every card file with the ini option
  ``cardtext_snapshots = true``); ``--cardtext-update-snapshots`` writes
  them.

``-k`` selects by card name (``-k Gnarlid``) or by words of a scenario's
description; ``-m cardtext`` selects every item of this plugin.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import tomllib
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .diagnostics import CardCheck, FileCheck

DEFAULT_SCENARIOS = ["scenarios/**/*.toml", "*.scenario.toml"]


class CardTextWarning(UserWarning):
    """A warning of the parser about a card (a failure with ``--cardtext-strict``)."""


class CardFailure(Exception):
    """A card or file that fails; the message is the whole report."""


class ScenarioFailure(Exception):
    def __init__(self, result: Any) -> None:
        super().__init__(f"{len(result.failures)} expectation(s) failed")
        self.result = result


# --------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cardtext", "cardtext: card files and scenarios")
    group.addoption(
        "--cardtext-no-fmt",
        action="store_true",
        default=False,
        help="don't fail cards whose text isn't canonical (as cardtext fmt writes it)",
    )
    group.addoption(
        "--cardtext-strict",
        action="store_true",
        default=False,
        help="fail cards that have warnings (without it, warnings are reported as pytest warnings)",
    )
    group.addoption(
        "--cardtext-update-snapshots",
        action="store_true",
        default=False,
        help="write the .ast snapshot files instead of comparing with them",
    )
    parser.addini(
        "cardtext_scenarios",
        type="args",
        default=DEFAULT_SCENARIOS,
        help="glob patterns of scenario files, relative to the rootdir "
        "(default: scenarios/**/*.toml *.scenario.toml)",
    )
    parser.addini(
        "cardtext_no_fmt",
        type="args",
        default=[],
        help="glob patterns of card files whose canonical form isn't checked",
    )
    parser.addini(
        "cardtext_snapshots",
        type="bool",
        default=False,
        help="every card file has an .ast snapshot (missing ones fail)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cardtext: a card or scenario collected by cardtext")
    if config.getoption("cardtext_update_snapshots"):
        from . import testing

        testing.UPDATE_SNAPSHOTS = True


def pytest_unconfigure(config: pytest.Config) -> None:
    if config.getoption("cardtext_update_snapshots", default=False):
        from . import testing

        testing.UPDATE_SNAPSHOTS = False


# --------------------------------------------------------------------------
# Matching paths
# --------------------------------------------------------------------------


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regular expression over ``/``-separated paths: ``**`` any
    folders (none included), ``*`` and ``?`` within one name."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def matches(path: Path, root: Path, patterns: list[str]) -> bool:
    """Does ``path`` match one of ``patterns`` (relative to ``root``; a
    pattern without ``/`` matches the file name)?"""
    try:
        relative = path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        relative = path.as_posix()
    for pattern in patterns:
        target = relative if "/" in pattern else path.name
        if glob_regex(pattern.removeprefix("./")).match(target):
            return True
    return False


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    if file_path.suffix == ".card":
        return CardFile.from_parent(parent, path=file_path)
    if file_path.suffix == ".toml" and matches(
        file_path, config.rootpath, list(config.getini("cardtext_scenarios"))
    ):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _shown_path(config: pytest.Config, path: Path) -> str:
    """A path as messages show it: relative to where pytest was started."""
    try:
        return os.path.relpath(path, config.invocation_params.dir)
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------
# Card files
# --------------------------------------------------------------------------


class CardFile(pytest.File):
    """A ``.card`` file: one item per card, and a ``layout`` item for the file."""

    def collect(self) -> Iterator[pytest.Item]:
        from .diagnostics import card_checker, check_text

        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardFailure(
                f"{_shown_path(self.config, self.path)}: error: can't read: {exc}"
            ) from None
        found = check_text(text, _shown_path(self.config, self.path), link=card_checker())
        snapshots = self._snapshots(found)
        seen: dict[str, int] = {}
        for check in found.cards:
            name = check.name
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = f"{name}#{seen[name]}"
            yield CardItem.from_parent(self, name=name, check=check, snapshots=snapshots)
        if self._fmt_checked() and found.cards:
            yield LayoutItem.from_parent(self, name="layout", found=found)

    def _fmt_checked(self) -> bool:
        if self.config.getoption("cardtext_no_fmt"):
            return False
        return not matches(
            self.path, self.config.rootpath, list(self.config.getini("cardtext_no_fmt"))
        )

    def _snapshots(self, found: FileCheck) -> dict[str, str] | None:
        """The card name → tree of the ``.ast`` file, None when there is none to check."""
        target = self.path.with_suffix(".ast")
        if not target.exists() and not self.config.getini("cardtext_snapshots"):
            return None
        stored = read_snapshots(target)
        if self.config.getoption("cardtext_update_snapshots"):
            from .testing import ast_text

            fresh = []
            for check in found.cards:
                if check.card is not None:
                    fresh.append(ast_text(check.card))
                elif check.name in stored:
                    fresh.append(stored[check.name])
            new = "\n\n".join(fresh) + "\n" if fresh else ""
            old = target.read_text(encoding="utf-8") if target.exists() else None
            if new != old:
                target.write_text(new, encoding="utf-8", newline="\n")
                self.config.stash.setdefault(_UPDATED, []).append(target)
            stored = read_snapshots(target)
        return stored

    def repr_failure(  # type: ignore[override]
        self, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> Any:
        if isinstance(excinfo.value, CardFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)


_UPDATED = pytest.StashKey[list[Path]]()


def read_snapshots(path: Path) -> dict[str, str]:
    """The trees of an ``.ast`` file by card name (the ``name:`` of each tree)."""
    if not path.exists():
        return {}
    out: dict[str, str] = {}
    for chunk in path.read_text(encoding="utf-8").strip("\n").split("\n\n"):
        match = re.search(r"^  name: (.*)$", chunk, re.MULTILINE)
        if match is None:
            continue
        try:
            name = ast.literal_eval(match.group(1))
        except (ValueError, SyntaxError):
            continue
        out.setdefault(str(name), chunk)
    return out


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    updated = config.stash.get(_UPDATED, [])
    if updated:
        terminalreporter.write_line(f"cardtext: updated {len(updated)} snapshot file(s):")
        for path in updated:
            terminalreporter.write_line(f"  {_shown_path(config, path)}")


def _expected_lines(check: CardCheck) -> list[str] | None:
    """The card's block as ``cardtext fmt`` writes it (comments first)."""
    from cardtext.grammar.render import render_card

    if check.card is None:
        return None
    numbered = list(enumerate(check.block.lines, check.block.start))
    return check.block.comments + render_card(check.card, written=numbered).splitlines()


def without_reminders(lines: list[str]) -> list[str]:
    """Lines of card text without their reminder text (and without the lines
    that are reminder text only): reminder text is optional (docs/cards.md,
    "Writing a card"), so a card is canonical with it or without it."""
    from cardtext.grammar.reminders import REMINDER_LINE, strip_reminders

    return [strip_reminders(line) for line in lines if not REMINDER_LINE.match(line)]


def _layout_is_canonical(found: FileCheck) -> bool:
    """Is the file canonical once each card is (blank lines, comments outside
    cards, line endings, the final newline)? True when a card has errors:
    its own item fails then."""
    from cardtext.grammar.render import format_text

    from .blocks import editor_lines

    if any(c.card is None or c.errors for c in found.cards):
        return True
    lines = editor_lines(found.text)
    for check in reversed(found.cards):
        expected = _expected_lines(check) or []
        lines[check.block.start - 1 : check.block.end] = expected
    in_place = "\n".join(lines) + ("\n" if found.text.endswith(("\n", "\r")) else "")
    try:
        canonical = format_text(found.text, found.filename)
    except Exception:  # noqa: BLE001 - a card's own item reports what is wrong
        return True
    return in_place == canonical and "\r" not in found.text and not found.text.startswith("\ufeff")


def _first_difference(written: list[str], expected: list[str]) -> tuple[int, int]:
    """(index of the line, 0-based column) where two lists of lines first differ."""
    for index, (a, b) in enumerate(zip(written, expected, strict=False)):
        if a != b:
            column = next(
                (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)),
            )
            return index, column
    index = min(len(written), len(expected))
    return index, 0


class CardItem(pytest.Item):
    """One card of a card file."""

    def __init__(
        self, *, check: CardCheck, snapshots: dict[str, str] | None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.check = check
        self.snapshots = snapshots
        self.add_marker("cardtext")

    def runtest(self) -> None:
        from cardtext.grammar.errors import LocatedError

        check = self.check
        problems = [e.format() if isinstance(e, LocatedError) else str(e) for e in check.errors]
        for warning in check.warnings:
            shown = warning.format() if isinstance(warning, LocatedError) else str(warning)
            if self.config.getoption("cardtext_strict"):
                problems.append(shown)
            else:  # reported at the card's line, not at this line of the plugin
                line = warning.line if isinstance(warning, LocatedError) else check.block.start
                warnings.warn_explicit(CardTextWarning(shown), CardTextWarning, str(self.path), line)
        if check.card is not None and not check.errors and self.parent is not None:
            assert isinstance(self.parent, CardFile)
            if self.parent._fmt_checked():
                problems.extend(self._fmt_problem())
            if self.snapshots is not None:
                problems.extend(self._snapshot_problem())
        if problems:
            raise CardFailure("\n".join(problems))

    def _fmt_problem(self) -> list[str]:
        expected = _expected_lines(self.check) or []
        block = self.check.block
        written = list(block.lines)
        if written == expected or without_reminders(written) == without_reminders(expected):
            return []
        index, column = _first_difference(written, expected)
        line = block.start + index
        source = written[index] if index < len(written) else ""
        where = f"{_shown_path(self.config, self.path)}:{line}:{column + 1}"
        diff = difflib.unified_diff(written, expected, "written", "cardtext fmt", lineterm="")
        return [
            f"{where}: error: the text of {self.check.name} isn't canonical "
            "(cardtext fmt rewrites it; --cardtext-no-fmt skips this check)\n"
            f"    {source}\n    {' ' * column}^\n" + "\n".join(diff)
        ]

    def _snapshot_problem(self) -> list[str]:
        from .testing import ast_text

        assert self.snapshots is not None
        target = _shown_path(self.config, self.path.with_suffix(".ast"))
        found = ast_text(self.check.card)
        stored = self.snapshots.get(self.check.name)
        if stored is None:
            return [
                f"{target}: no snapshot of {self.check.name}; run pytest --cardtext-update-snapshots to write it"
            ]
        if stored == found:
            return []
        diff = difflib.unified_diff(
            stored.splitlines(), found.splitlines(), target, "now", lineterm=""
        )
        return [
            f"{target}: the AST of {self.check.name} differs from its snapshot "
            "(pytest --cardtext-update-snapshots accepts it):\n" + "\n".join(diff)
        ]

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, CardFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        # the heading of a failure; not the bare name, which pytest would rewrite
        return self.path, self.check.block.start - 1, f"card {self.check.name}"


class LayoutItem(pytest.Item):
    """The layout of a card file around its cards: blank lines, comments, line endings."""

    def __init__(self, *, found: FileCheck, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.found = found
        self.add_marker("cardtext")

    def runtest(self) -> None:
        from cardtext.grammar.render import format_text

        if _layout_is_canonical(self.found):
            return
        canonical = format_text(self.found.text, self.found.filename)
        diff = difflib.unified_diff(
            self.found.text.splitlines(),
            canonical.splitlines(),
            "written",
            "cardtext fmt",
            lineterm="",
        )
        text = self.found.text
        notes = [
            note
            for note, present in (
                ("the file doesn't end with a newline", not text.endswith(("\n", "\r"))),
                ("it has Windows line endings (cardtext fmt writes \\n)", "\r" in text),
                ("it starts with a byte-order mark", text.startswith("\ufeff")),
            )
            if present
        ]
        details = "\n".join([*diff, *notes])
        raise CardFailure(
            f"{_shown_path(self.config, self.path)}: error: blank lines, comments or line endings "
            "aren't as cardtext fmt writes them:\n" + details
        )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, CardFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"layout of {self.path.name}"


# --------------------------------------------------------------------------
# Scenarios
# --------------------------------------------------------------------------


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        item = ScenarioItem.from_parent(self, name=self.path.stem)
        try:
            data = tomllib.loads(self.path.read_text(encoding="utf-8"))
            description = data.get("description")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            description = None
        if isinstance(description, str) and description:
            item.extra_keyword_matches.add(description)
            item.description = description
        yield item


class ScenarioItem(pytest.Item):
    """One scenario file: set up, play the steps, check the expectations."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.description = ""
        self.add_marker("cardtext")

    def runtest(self) -> None:
        from .scenario import run_scenario_file

        # Shown relative to where pytest was started, as the card files are.
        result = run_scenario_file(self.path, quiet=True, name=_shown_path(self.config, self.path))
        if not result.ok:
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        from cardtext.grammar.errors import CardTextError, LocatedError

        error = excinfo.value
        if isinstance(error, ScenarioFailure):
            result = error.result
            lines = [f"{_shown_path(self.config, self.path)}: {result.description or self.name}"]
            for failure in result.failures:
                lines.append(f"  {failure.where}:")
                lines.append(f"    expected: {failure.expected}")
                lines.append(f"    found:    {failure.found}")
            lines.append("game log:")
            lines.extend(f"  {line}" for line in result.log)
            return "\n".join(lines)
        if isinstance(error, LocatedError):
            text = error.format()
            if error.file and os.path.isabs(error.file):  # a card file the scenario loads
                shown = _shown_path(self.config, Path(error.file))
                text = text.replace(error.file, shown, 1) if text.startswith(error.file) else text
            return text
        if isinstance(error, CardTextError):
            return f"{_shown_path(self.config, self.path)}: error: {error}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.name}"
