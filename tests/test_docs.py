"""The documentation (docs/, mkdocs.yml, README.md): its examples work.

Every card example (a ```card block) checks without an error, every TOML
example reads, the scenario example plays, every Python example compiles,
every `cardtext` command of a shell example names a real subcommand and
options it has; the site's navigation names every page, and the generated
reference covers every keyword, type and instruction of the tables.
``mkdocs build --strict`` itself runs in .ci/run (it needs the docs extra).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cardtext.cli import build_parser, main
from cardtext.grammar import vocabulary

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
PAGES = sorted(DOCS.glob("*.md"))
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```$", re.M | re.S)


def blocks(kind: str) -> list[tuple[str, str]]:
    """(page:line, text) of each fenced block of a kind, dedented."""
    out = []
    for page in [*PAGES, REPO / "README.md"]:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(2) == kind:
                line = text.count("\n", 0, match.start()) + 1
                out.append((f"{page.name}:{line}", textwrap.dedent(match.group(3))))
    return out


def test_every_page_has_its_examples_tagged() -> None:
    assert len(blocks("card")) >= 3 and blocks("toml") and blocks("python") and blocks("sh")
    for page in PAGES:
        for match in FENCE.finditer(page.read_text(encoding="utf-8")):
            assert match.group(2), f"{page.name}: a code block without a language"


@pytest.mark.parametrize(("where", "text"), blocks("card"), ids=lambda v: v if ":" in v else "")
def test_card_examples_check(where: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "example.card"
    path.write_text(text, encoding="utf-8")
    status = main(["check", str(path)])
    assert status == 0, f"{where}: {capsys.readouterr().out}"


def test_toml_examples_read() -> None:
    for where, text in blocks("toml"):
        assert isinstance(tomllib.loads(text), dict), where


def test_the_scenario_example_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The example of docs/scenarios.md, as it is written (its extra cards
    folder empty: the card is a bundled one), passes."""
    (where, text), *_ = [(w, t) for w, t in blocks("toml") if w.startswith("scenarios.md")]
    (tmp_path / "my_cards").mkdir()
    scenario = tmp_path / "example.toml"
    scenario.write_text(text, encoding="utf-8")
    assert main(["play", "-q", str(scenario)]) == 0, f"{where}: {capsys.readouterr()}"


def test_python_examples_compile() -> None:
    for where, text in blocks("python"):
        compile(text, where, "exec")


def _subcommands() -> dict[str, Any]:
    parser = build_parser()
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_shell_examples_name_real_commands_and_options() -> None:
    """Each `cardtext SUB --option` of a shell example: SUB is a subcommand
    and each option is one it takes."""
    commands = _subcommands()
    seen = 0
    for where, text in blocks("sh"):
        for line in text.splitlines():
            for part in re.split(r"&&|\|\||;|\|", line.split(" #")[0]):
                words = shlex.split(part, comments=True) if part.strip() else []
                while words and not (words[0].endswith("bin/cardtext") or words[0] == "cardtext"):
                    words = words[1:]
                if len(words) < 2 or words[1].startswith("-"):
                    continue
                assert words[1] in commands, f"{where}: cardtext {words[1]}"
                options = {o for a in commands[words[1]]._actions for o in a.option_strings}
                for word in words[2:]:
                    if word.startswith("--"):
                        assert word.split("=")[0] in options, f"{where}: {part.strip()}"
                seen += 1
    assert seen >= 5


def test_the_navigation_names_every_page() -> None:
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    named = set(re.findall(r":\s+(\S+\.md)\s*$", config, re.M))
    assert {p.name for p in PAGES} <= named
    for name in named:
        assert (DOCS / name).is_file() or name.startswith("reference/"), name
    assert "strict: true" in config and "docs/generate_reference.py" in config


def test_the_readme_links_into_the_docs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)\)", readme)
    assert len(links) >= 8
    for link in links:
        assert (REPO / link).is_file(), link
    assert "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest -q" in readme


def _reference() -> Any:
    spec = importlib.util.spec_from_file_location("generate_reference", DOCS / "generate_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_is_made_from_the_tables() -> None:
    reference = _reference()
    keywords = reference.keywords_page()
    for name in vocabulary.keywords():
        assert f"\n| {name.capitalize()} |" in keywords, name
    assert "| Flying | the keyword alone | *evergreen*" in keywords
    types = reference.types_page()
    t = vocabulary.types()
    for word in [*t.supertypes, *t.card_types, *t.subtypes]:
        assert re.search(rf"(: |, ){re.escape(word)}( \(|,|\.\n)", types), word
    assert "Elf (Elves)" in types
    from cardtext.grammar.lang import verbs
    from cardtext.interpreter.actions import ACTIONS

    actions = reference.actions_page()
    assert "| `DealDamage` |" in actions and "| `Fight` |" in actions
    played = sum(cls.__module__ == verbs.__name__ for cls in ACTIONS)
    assert "carried out by the engine" in actions and actions.count("| plays") == played


def test_the_reference_pages_are_written_where_asked(tmp_path: Path) -> None:
    assert _reference().main([str(tmp_path)]) == 0
    assert sorted(p.name for p in (tmp_path / "reference").iterdir()) == ["actions.md", "keywords.md", "types.md"]


def test_the_changelog_has_the_release_the_pre_commit_example_names() -> None:
    """CHANGELOG.md (Keep a Changelog): an Unreleased section, then one
    section a release, newest first; the version of pyproject.toml is one, and
    the pre-commit example's `rev:` is its tag."""
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## (\S+)(?: — (\d{4}-\d{2}-\d{2}))?$", changelog, re.M)
    assert releases[0] == ("Unreleased", "")
    versions = [v for v, _ in releases[1:]]
    assert versions and all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in versions)
    dates = [d for _, d in releases[1:]]
    assert dates == sorted(dates, reverse=True)
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert version == versions[0]
    (rev,) = re.findall(r"rev: (\S+)", (DOCS / "editor.md").read_text(encoding="utf-8"))
    assert rev == f"v{version}"
