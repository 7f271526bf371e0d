"""editors/ (the TextMate grammar, the VS Code package) and .pre-commit-hooks.yaml."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtext.blocks import card_blocks
from cardtext.cli import main
from cardtext.library import BUNDLED, card_files

REPO = Path(__file__).resolve().parents[1]
VSCODE = REPO / "editors" / "vscode"
GRAMMAR = json.loads((VSCODE / "syntaxes" / "cardtext.tmLanguage.json").read_text(encoding="utf-8"))
RULES: dict[str, Any] = GRAMMAR["repository"]


def regex(rule: str, key: str = "match") -> re.Pattern[str]:
    """A rule's Oniguruma expression in Python's dialect (only \\G differs here)."""
    return re.compile(RULES[rule][key].replace("\\G", ""))


def walk(node: Any) -> list[dict[str, Any]]:
    out = []
    if isinstance(node, dict):
        out.append(node)
        for value in node.values():
            out.extend(walk(value))
    elif isinstance(node, list):
        for value in node:
            out.extend(walk(value))
    return out


def test_the_grammar_is_whole() -> None:
    assert GRAMMAR["scopeName"] == "source.cardtext" and GRAMMAR["fileTypes"] == ["card"]
    for node in walk(GRAMMAR):
        include = node.get("include")
        if include is not None:
            assert include.startswith("#") and include[1:] in RULES, include
        for key in ("match", "begin", "end"):
            if isinstance(node.get(key), str):
                re.compile(node[key].replace("\\G", ""))


def test_every_bundled_type_line_and_power_toughness_is_highlighted() -> None:
    type_line, pt = regex("type-line"), regex("power-toughness")
    for path in card_files([BUNDLED]):
        for block in card_blocks(path.read_text(encoding="utf-8")):
            lines = block.card_lines
            assert type_line.match(lines[1]), lines[1]
            if re.fullmatch(r"\S+/\S+", lines[-1]):
                assert pt.match(lines[-1]), lines[-1]


def test_the_parts_of_lines() -> None:
    match = regex("type-line").match("Legendary Creature — Elf Warrior")
    assert match is not None
    assert match.group(1, 2, 3, 4) == ("Legendary ", "Creature ", "—", "Elf Warrior")
    match = regex("name-line").match("Gnarlid Pack {1}{G}")
    assert match is not None and match.group(1, 2) == ("Gnarlid Pack", "{1}{G}")
    assert regex("loyalty").match("Loyalty: 3")
    assert regex("comment").match("# a comment")
    ability = "Multikicker {1}{G} (You may pay an additional {1}{G} any number of times.)"
    assert regex("keyword").match(ability).group(0) == "Multikicker"  # type: ignore[union-attr]
    assert regex("reminder-text").search(ability).group(0).startswith("(You may")  # type: ignore[union-attr]
    assert regex("mana-symbol").findall(ability)[:1] == ["{1}"]
    assert regex("linked-reference").search("if it was kicked with its {1}{U} kicker, draw")
    assert not regex("type-line").match("Creatures you control get +1/+1.")


def test_the_vscode_package_points_at_its_files() -> None:
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    (language,) = package["contributes"]["languages"]
    (grammar,) = package["contributes"]["grammars"]
    assert language["extensions"] == [".card"] and grammar["language"] == language["id"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"]
    assert (VSCODE / grammar["path"]).is_file()
    configuration = json.loads((VSCODE / language["configuration"]).read_text(encoding="utf-8"))
    assert configuration["comments"]["lineComment"] == "#"


def hooks() -> list[dict[str, str]]:
    """.pre-commit-hooks.yaml: a list of flat mappings (read without a YAML library)."""
    out: list[dict[str, str]] = []
    for line in (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("- "):
            out.append({})
            line = line[2:]
        key, _, value = line.strip().partition(":")
        out[-1][key] = value.strip()
    return out


def test_pre_commit_hooks_run_cardtext(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = {hook["id"]: hook for hook in hooks()}
    assert set(found) == {"cardtext-check", "cardtext-fmt"}
    for hook in found.values():
        assert hook["language"] == "python" and re.search(hook["files"], "sets/my.card")
        assert not re.search(hook["files"], "notes.txt")
    messy = tmp_path / "messy.card"
    messy.write_text("Bears {1}{G}\nCreature - Bear\n2/2\n", encoding="utf-8")
    bad = tmp_path / "bad.card"
    bad.write_text("Bears {1}{G}\nCreature — Bear\n", encoding="utf-8")
    # pre-commit runs the entry with the staged files as arguments.
    check = found["cardtext-check"]["entry"].split()[1:]
    fmt = found["cardtext-fmt"]["entry"].split()[1:]
    assert main([*check, str(messy)]) == 0
    assert main([*check, str(messy), str(bad)]) == 1
    assert main([*fmt, str(messy)]) == 0
    assert messy.read_text(encoding="utf-8") == "Bears {1}{G}\nCreature — Bear\n2/2\n"
    assert main([*fmt, str(bad)]) == 1
    capsys.readouterr()
