"""Tests of card wording: a public API for your own pytest tests.

Parse one card or one ability line, and assert what a wording means, how it
is written canonically, or where it is rejected::

    from cardtext import testing as ct

    card = ct.parse_card("Shock {R}\\nInstant\\nShock deals 2 damage to any target.")
    ability = ct.parse_ability("Kicker {2}{G}")

    ct.assert_parses_to("Kicker {2}{G}", ability)
    ct.assert_same_meaning("enters the battlefield with ...", "enters with ...")
    ct.assert_renders_to("Kicker {2}{G}", "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)")
    ct.assert_rejected("Kicker 2G", line=1, column=8, message="without braces")
    ct.assert_ast_snapshot(card, "shock.ast")  # beside this test file

An ability line is parsed inside a minimal card: a name line (``Test
Card``), a type line, the ability, and ``1/1`` for a creature. The type line
is ``Creature — Test`` for what reads like a permanent's ability (a keyword, a
trigger, an activated ability, anything that mentions "this creature",
"this permanent" or "enters") and ``Instant`` for the rest; pass
``type_line=`` to choose. Errors in an ability are located in the ability's
own text (line 1 is its first line).

Every ``assert_*`` raises :class:`AssertionError` with a readable
explanation (a diff, the error with its caret) and hides its own frames
from pytest's traceback.
"""

from __future__ import annotations

import difflib
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardtext.grammar.errors import CardParseError, CardTextError, LocatedError, Location
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import render_card

from .diagnostics import check_text, link_checker

WRAPPER_NAME = "Test Card"
CREATURE = "Creature — Test"
SPELL = "Instant"

UPDATE_SNAPSHOTS = False
"""True while pytest runs with ``--cardtext-update-snapshots`` (set by the plugin);
the environment variable ``CARDTEXT_UPDATE_SNAPSHOTS=1`` does the same."""


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------


def _abilities(card: Any) -> tuple[Any, ...]:
    return tuple(getattr(card, "abilities", ()) or ())


def _rejections(text: str, filename: str, *, link: bool) -> tuple[list[Any], list[CardTextError]]:
    found = check_text(text, filename, link=link_checker() if link else None)
    cards = [c.card for c in found.cards if c.card is not None]
    return cards, list(found.errors)


def parse_card(text: str, *, filename: str = "<card>", link: bool = True) -> Any:
    """The one card of ``text``. Raises its first error (a parse error, or with
    ``link`` a reference with nothing to refer to)."""
    cards, errors = _rejections(text, filename, link=link)
    if errors:
        raise errors[0]
    if len(cards) != 1:
        raise CardParseError(f"expected one card, found {len(cards)}", Location(filename, 1, 1))
    return cards[0]


def reads_like_permanent(ability: str) -> bool:
    """Does an ability line read like a permanent's (rather than a spell's)?"""
    first = re.sub(r"\([^()]*\)", "", ability.splitlines()[0] if ability else "").strip()
    if re.match(r"(?:When|Whenever|At)\b", first):
        return True
    if re.search(r"\bthis (?:creature|permanent)\b|\benters\b", first, re.IGNORECASE):
        return True
    if ":" in re.sub(r'"[^"]*"', "", first):  # an activated ability, "cost: effect"
        return True
    return not first.endswith((".", "—", "-"))


def wrap_ability(ability: str, *, type_line: str | None = None, name: str = WRAPPER_NAME) -> str:
    """The minimal card an ability line is parsed in."""
    kind = type_line or (CREATURE if reads_like_permanent(ability) else SPELL)
    lines = [name, kind, *ability.strip("\n").splitlines()]
    if "Creature" in kind or "Vehicle" in kind:
        lines.append("1/1")
    elif "Planeswalker" in kind:
        lines.append("Loyalty: 3")
    return "\n".join(lines) + "\n"


def _relocate(error: CardTextError, ability: str, filename: str) -> CardTextError:
    """An error of the wrapper card, located in the ability's own lines."""
    if not isinstance(error, LocatedError):
        return error
    own = ability.strip("\n").splitlines()
    line = error.line - 2
    if not 1 <= line <= len(own):
        return error
    moved = CardParseError(
        error.message,
        Location(filename, line, error.column, own[line - 1]),
        expected=tuple(error.expected),
        text=error.text,
        hint=error.hint,
    )
    moved.kind = getattr(error, "kind", "error")
    return moved


def parse_ability(
    ability: str,
    *,
    type_line: str | None = None,
    name: str = WRAPPER_NAME,
    filename: str = "<ability>",
    link: bool = True,
) -> Any:
    """The AST of one ability line (with its mode lines, if modal), parsed in a
    minimal card. Raises the first error, located in the ability's lines."""
    text = wrap_ability(ability, type_line=type_line, name=name)
    cards, errors = _rejections(text, filename, link=link)
    if errors:
        raise _relocate(errors[0], ability, filename)
    abilities = _abilities(cards[0]) if cards else ()
    if len(abilities) != 1:
        raise CardParseError(
            f"expected one ability, found {len(abilities)}; use parse_card for a whole card",
            Location(filename, 1, 1, ability.splitlines()[0] if ability else ""),
        )
    return abilities[0]


def _looks_like_card(text: str) -> bool:
    lines = [
        ln for ln in text.strip("\n").splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]
    return len(lines) >= 2 and not lines[1].lstrip().startswith("•")


def _is_card(node: Any) -> bool:
    return hasattr(node, "type_line") and hasattr(node, "name")


# --------------------------------------------------------------------------
# Showing ASTs
# --------------------------------------------------------------------------


def ast_text(node: Any) -> str:
    """A node (or a list of cards) as the readable tree ``cardtext parse`` prints."""
    from .trees import format_tree

    if isinstance(node, list | tuple):
        return "\n\n".join(ast_text(n) for n in node)
    return "\n".join(format_tree(node))


def _diff(expected: str, found: str, before: str = "expected", after: str = "found") -> str:
    lines = difflib.unified_diff(
        expected.splitlines(), found.splitlines(), before, after, lineterm=""
    )
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Assertions
# --------------------------------------------------------------------------


def assert_parses_to(text: str, expected: Any, **options: Any) -> Any:
    """``text`` parses to ``expected``, an AST written with the AST classes: a
    card, or one ability (then ``text`` is an ability line). Positions don't
    count. Returns what was parsed."""
    __tracebackhide__ = True
    try:
        if _is_card(expected):
            found = parse_card(text, **options)
        else:
            found = parse_ability(text, **options)
    except CardTextError as exc:
        raise AssertionError(_shown(exc)) from None
    if found != expected:
        raise AssertionError(
            "the wording parses to a different AST:\n"
            + _diff(ast_text(expected), ast_text(found), "expected", "parsed")
        )
    return found


def assert_same_meaning(text: str, other: str, **options: Any) -> Any:
    """Two wordings (two cards, or two ability lines) parse to the same AST."""
    __tracebackhide__ = True
    parse = parse_card if _looks_like_card(text) else parse_ability
    try:
        first, second = parse(text, **options), parse(other, **options)
    except CardTextError as exc:
        raise AssertionError(_shown(exc)) from None
    if first != second:
        raise AssertionError(
            "the wordings mean different things:\n"
            + _diff(ast_text(first), ast_text(second), "first", "second")
        )
    return first


def canonical(text: str, *, ability: bool | None = None, **options: Any) -> str:
    """The canonical wording of a card, or of an ability line (``ability``:
    True, False, or None to tell by the text)."""
    if ability is None:
        ability = not _looks_like_card(text)
    if not ability:
        return render_card(parse_card(text, **options))
    type_line = options.pop("type_line", None)
    name = options.pop("name", WRAPPER_NAME)
    card = parse_card(wrap_ability(text, type_line=type_line, name=name), **options)
    rendered = render_card(card).splitlines()[2:]
    if getattr(card, "pt", None) is not None or getattr(card, "loyalty", None) is not None:
        rendered = rendered[:-1]
    return "\n".join(rendered)


def assert_renders_to(
    text: str, expected: str, *, ability: bool | None = None, **options: Any
) -> str:
    """``text`` (a card, or an ability line) is written canonically as ``expected``."""
    __tracebackhide__ = True
    try:
        found = canonical(text, ability=ability, **options)
    except CardTextError as exc:
        raise AssertionError(_shown(exc)) from None
    if found != expected.strip("\n"):
        raise AssertionError(
            "the canonical wording differs:\n"
            + _diff(expected.strip("\n"), found, "expected", "rendered")
        )
    return found


def _shown(error: CardTextError) -> str:
    return error.format() if isinstance(error, LocatedError) else str(error)


def assert_rejected(
    text: str,
    *,
    line: int | None = None,
    column: int | None = None,
    message: str | None = None,
    ability: bool | None = None,
    **options: Any,
) -> LocatedError:
    """``text`` (a card, or an ability line) is rejected — by the parser or the
    link check — with an error at ``line``:``column`` whose message contains
    ``message`` (any case). Returns that error."""
    __tracebackhide__ = True
    if ability is None:
        ability = not _looks_like_card(text)
    filename = options.pop("filename", "<ability>" if ability else "<card>")
    link = options.pop("link", True)
    if ability:
        wrapped = wrap_ability(
            text,
            type_line=options.pop("type_line", None),
            name=options.pop("name", WRAPPER_NAME),
        )
        _, raw = _rejections(wrapped, filename, link=link)
        errors = [_relocate(e, text, filename) for e in raw]
    else:
        _, errors = _rejections(text, filename, link=link)
    if options:
        raise TypeError(f"unknown options: {', '.join(options)}")
    located = [e for e in errors if isinstance(e, LocatedError)]
    if not located:
        raise AssertionError(f"the wording was accepted:\n{text}")
    for error in located:
        if line is not None and error.line != line:
            continue
        if column is not None and error.column != column:
            continue
        if message is not None and message.lower() not in error.message.lower():
            continue
        return error
    want = f"{line if line is not None else '*'}:{column if column is not None else '*'}"
    if message is not None:
        want += f" with {message!r}"
    found = "\n".join(e.format() for e in located)
    raise AssertionError(f"no error at {want}; the errors were:\n{found}")


def _update_requested(update: bool | None) -> bool:
    if update is not None:
        return update
    return UPDATE_SNAPSHOTS or os.environ.get("CARDTEXT_UPDATE_SNAPSHOTS", "") not in ("", "0")


def assert_ast_snapshot(
    cards: Any | Iterable[Any] | str, path: str | Path, *, update: bool | None = None
) -> None:
    """The AST of a card (a parsed card, a list of them, or card text) is the
    tree stored in ``path`` (an ``.ast`` file; a relative path is relative
    to the folder of the calling test file). A missing or different file
    fails with a diff; with ``update`` (by default: pytest's
    ``--cardtext-update-snapshots``) the file is written instead."""
    __tracebackhide__ = True
    if isinstance(cards, str):
        result = parse_text(cards, "<snapshot>")
        if result.errors:
            raise AssertionError(_shown(result.errors[0]))
        cards = list(result.cards)
    found = ast_text(list(cards) if isinstance(cards, list | tuple) else cards) + "\n"
    target = Path(path)
    if not target.is_absolute():  # beside the test that asks, wherever pytest was started
        target = Path(sys._getframe(1).f_code.co_filename).resolve().parent / target
    if _update_requested(update):
        if not target.exists() or target.read_text(encoding="utf-8") != found:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(found, encoding="utf-8", newline="\n")
        return
    if not target.exists():
        raise AssertionError(
            f"no snapshot {target}; run pytest --cardtext-update-snapshots to write it"
        )
    stored = target.read_text(encoding="utf-8")
    if stored != found:
        raise AssertionError(
            f"the AST differs from the snapshot {target} "
            "(pytest --cardtext-update-snapshots accepts it):\n"
            + _diff(stored, found, str(target), "now")
        )


__all__ = [
    "UPDATE_SNAPSHOTS",
    "assert_ast_snapshot",
    "assert_parses_to",
    "assert_rejected",
    "assert_renders_to",
    "assert_same_meaning",
    "ast_text",
    "canonical",
    "parse_ability",
    "parse_card",
    "reads_like_permanent",
    "wrap_ability",
]
