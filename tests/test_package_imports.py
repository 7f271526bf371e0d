"""The repository's grammar/ and interpreter/ folders are the packages
cardtext.grammar and cardtext.interpreter: every import names them so. A bare
``import grammar`` would load a second copy of each module (two classes for
every AST node, so isinstance fails between them), and would not exist in an
installed wheel."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BARE = re.compile(r"^\s*(?:from|import)\s+(?:grammar|interpreter)\b", re.M)
FOLDERS = ("grammar", "interpreter", "cardtext", "tests", "benchmarks", "docs", "editors")


def _python_files() -> list[Path]:
    files: list[Path] = []
    for folder in FOLDERS:
        for path in (REPO / folder).rglob("*.py"):
            if "node_modules" in path.parts or path.is_relative_to(REPO / "cardtext" / "grammar"):
                continue
            if path.is_relative_to(REPO / "cardtext" / "interpreter"):
                continue
            files.append(path)
    return files


def test_no_module_imports_grammar_or_interpreter_at_the_top_level() -> None:
    found = [
        f"{path.relative_to(REPO)}:{text[: m.start()].count(chr(10)) + 1}: {m.group(0).strip()}"
        for path in _python_files()
        for text in [path.read_text(encoding="utf-8")]
        for m in BARE.finditer(text)
    ]
    assert len(_python_files()) > 100
    assert found == []


def test_the_packages_are_the_repository_folders() -> None:
    import cardtext.grammar
    import cardtext.interpreter

    assert Path(cardtext.grammar.__file__).resolve().parent == (REPO / "grammar").resolve()
    assert Path(cardtext.interpreter.__file__).resolve().parent == (REPO / "interpreter").resolve()
