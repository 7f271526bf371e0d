"""editors/ (the TextMate grammar, the VS Code package) and .pre-commit-hooks.yaml."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtext.blocks import card_blocks
from cardtext.cli import main
from cardtext.grammar import vocabulary
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


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("vscode_generate", VSCODE / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_grammar_is_generated_from_the_tables() -> None:
    """generate.py writes the keyword, ability word and type line rules from
    grammar/data; the committed file must be what it writes (run
    `python editors/vscode/generate.py` after changing a table)."""
    generate = _generator()
    current = (VSCODE / "syntaxes" / "cardtext.tmLanguage.json").read_text(encoding="utf-8")
    assert generate.dumps(generate.generated(json.loads(current))) == current
    assert generate.main(["--check"]) == 0


def test_a_table_change_makes_the_grammar_out_of_date(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    generate = _generator()
    data = tmp_path / "data"
    shutil.copytree(generate.DATA, data)
    with (data / "keywords.txt").open("a", encoding="utf-8") as table:
        table.write("moonwalk: plain\n")
    monkeypatch.setattr(generate, "DATA", data)
    grammar = tmp_path / "grammar.json"
    grammar.write_text((VSCODE / "syntaxes" / "cardtext.tmLanguage.json").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(generate, "GRAMMAR_FILE", grammar)
    assert generate.main(["--check"]) == 1
    assert generate.main([]) == 0
    assert generate.main(["--check"]) == 0
    rule = json.loads(grammar.read_text(encoding="utf-8"))["repository"]["keyword"]
    assert re.search(rule["match"], "It has moonwalk.")


def test_every_keyword_of_the_table_is_highlighted() -> None:
    """CR 702: each keyword of grammar/data/keywords.txt, capitalised at the
    start of a line and in lower case in a sentence, is one whole token."""
    keyword = regex("keyword")
    compounds = {"cycling": "Plainscycling", "landwalk": "Islandwalk", "offering": "Goblin offering"}
    for name in vocabulary.keywords():
        printed = compounds.get(name, name)
        first = printed[0].upper() + printed[1:]
        match = keyword.match(f"{first} {{2}}")
        assert match is not None and match.group(0) == first, name
        match = keyword.search(f"Creatures you control have {printed.lower()}.")
        assert match is not None and match.group(0) == printed.lower(), name
    assert keyword.search("Creatures with flying") and not keyword.search("enchantments you control")
    assert not keyword.search("equipped creature") and not keyword.search("It's flashy.")
    match = keyword.search("Basic landcycling {1}")
    assert match is not None and match.group(0) == "landcycling"


def test_ability_words_and_loyalty_costs() -> None:
    """Ability words (CR 207.2c) from ability_words.txt before their dash, and
    the loyalty costs of planeswalker abilities (CR 606.4)."""
    words = regex("ability-word")
    for line in (REPO / "grammar" / "data" / "ability_words.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            match = words.match(f"{line.strip()} — Whenever a land you control enters, draw a card.")
            assert match is not None and match.group(1) == line.strip(), line
    assert not words.match("Landfall is an ability word.")
    cost = regex("loyalty-cost")
    for printed, value in (("+1: Draw a card.", "+1"), ("−2: Destroy it.", "−2"), ("0: Scry 1.", "0"), ("−X: Exile it.", "−X")):
        match = cost.match(printed)
        assert match is not None and match.group(1, 2) == (value, ":")
    assert not cost.match("{T}: Add {G}.") and not cost.match("Flying")
    assert {"include": "#loyalty-cost"} in RULES["rules-text"]["patterns"]
    assert {"include": "#ability-word"} in RULES["rules-text"]["patterns"]


def test_the_name_of_every_face_is_scoped() -> None:
    """A face after '//' (CR 709 split, 712 double-faced) starts a rule whose
    first line is read as the face's name, as the card's first line is."""
    face = regex("face", "begin")
    assert face.match("//") and face.match("// transform").group(2) == "transform"  # type: ignore[union-attr]
    assert {"include": "#face"} in RULES["card"]["patterns"]
    assert {"include": "#face-lines"} in RULES["face"]["patterns"]
    lines = RULES["face-lines"]
    assert re.compile(lines["begin"]).match("Lord of Lineage")
    assert {"include": "#face-name-line"} in lines["patterns"] and {"include": "#face"} in lines["patterns"]
    match = regex("face-name-line").match("Smolder Out {2}{R}")
    assert match is not None and match.group(1, 2) == ("Smolder Out", "{2}{R}")
    assert RULES["face-name-line"]["captures"]["1"]["name"].startswith("entity.name.section")


def test_the_vscode_extension_starts_the_server(tmp_path: Path) -> None:
    """editors/vscode/test/extension.test.js activates the extension with the
    editor stood in for: it starts the configured command with `lsp` and
    gets the server's answer to `initialize`, and reports a missing command."""
    node = shutil.which("node")
    assert node is not None, "node (20 or newer) runs the extension's tests"
    command = tmp_path / "cardtext"
    command.write_text(
        f"#!/bin/sh\nPYTHONPATH={os.pathsep.join(sys.path)} exec {sys.executable} -m cardtext \"$@\"\n",
        encoding="utf-8",
    )
    command.chmod(0o755)
    proc = subprocess.run(
        [node, "--test", str(VSCODE / "test" / "extension.test.js")],
        env={**os.environ, "CARDTEXT_COMMAND": str(command)},
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "# pass 3" in proc.stdout and "# fail 0" in proc.stdout


def test_the_vscode_package_is_an_extension() -> None:
    """package.json names its entry point, activates on the language, and
    contributes the server settings; node_modules and the .vsix stay out of git."""
    package = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    assert (VSCODE / package["main"]).is_file()
    assert package["activationEvents"] == ["onLanguage:cardtext"]
    assert "vscode-languageclient" in package["dependencies"]
    assert "@vscode/vsce" in package["devDependencies"]
    properties = package["contributes"]["configuration"]["properties"]
    assert properties["cardtext.server.path"]["default"] == "cardtext"
    assert properties["cardtext.server.args"]["default"] == ["lsp"]
    source = (VSCODE / "extension.js").read_text(encoding="utf-8")
    assert 'require("vscode-languageclient/node")' in source and "server.path" in source
    ignored = (VSCODE / ".gitignore").read_text(encoding="utf-8").split()
    assert "node_modules/" in ignored and "*.vsix" in ignored
    build = (VSCODE / "build.sh").read_text(encoding="utf-8")
    assert "vsce package" in build and "generate.py\" --check" in build


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
