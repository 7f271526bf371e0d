"""A non-editable install works on its own: grammar files, bundled cards, console script.

The package (the ``installed`` fixture of conftest.py) is built from a copy
of the source (so the build leaves nothing in the repository) and installed
with ``pip install --target`` into a temporary folder; the ``cardtext`` script it installs is then run from a
folder outside the repository, where nothing but the install can be imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import installed_env

REPO = Path(__file__).resolve().parents[1]


def run_installed(target: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = target / "bin" / "cardtext"
    env = installed_env(target)  # the install, ahead of anything else
    return subprocess.run(
        [str(script), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def test_grammar_files_and_cards_are_installed(installed: Path) -> None:
    lark_files = sorted(p.relative_to(REPO / "grammar") for p in (REPO / "grammar").rglob("*.lark"))
    assert (
        lark_files
        and sorted(p.relative_to(installed / "cardtext" / "grammar") for p in (installed / "cardtext" / "grammar").rglob("*.lark"))
        == lark_files
    )
    data = sorted(p.relative_to(REPO / "grammar") for p in (REPO / "grammar" / "data").rglob("*.txt"))
    assert data == sorted(
        p.relative_to(installed / "cardtext" / "grammar") for p in (installed / "cardtext" / "grammar" / "data").rglob("*.txt")
    )
    cards = sorted(
        p.relative_to(REPO / "cardtext" / "cards")
        for p in (REPO / "cardtext" / "cards").rglob("*.card")
    )
    assert (
        cards
        and sorted(
            p.relative_to(installed / "cardtext" / "cards")
            for p in (installed / "cardtext" / "cards").rglob("*.card")
        )
        == cards
    )
    assert (installed / "cardtext" / "grammar" / "py.typed").exists()


def test_nothing_but_cardtext_is_installed_at_the_top_level(installed: Path) -> None:
    """grammar/ and interpreter/ are installed as cardtext.grammar and
    cardtext.interpreter: generic top-level names would clash with other
    projects' packages (a 'grammar' exists on PyPI)."""
    top = {
        p.name
        for p in installed.iterdir()
        if not p.name.endswith((".dist-info", ".egg-info")) and p.name not in ("bin", "__pycache__")
    }
    assert top == {"cardtext"}
    assert (installed / "cardtext" / "grammar" / "lang").is_dir()
    assert (installed / "cardtext" / "interpreter" / "actions").is_dir()
    assert not (installed / "cardtext" / "grammar").is_symlink()


def test_installed_script_checks_the_bundled_cards(installed: Path, tmp_path: Path) -> None:
    from cardtext.library import BUNDLED, card_files, parse_path

    files = list(card_files([BUNDLED]))
    cards = sum(len(parse_path(p).cards) for p in files)
    proc = run_installed(installed, "check", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # the designs the engine can't play in full are warnings, not errors
    assert proc.stdout.splitlines()[-1].startswith(f"checked {cards} cards in {len(files)} files: 0 errors")


def test_installed_script_uses_the_installed_package(installed: Path, tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import cardtext, cardtext.grammar.parser as p\nprint(cardtext.__file__)\nprint(p.__file__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(installed)
    proc = subprocess.run(
        [sys.executable, str(probe)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    for line in proc.stdout.splitlines():
        assert Path(line).resolve().is_relative_to(installed.resolve())


def test_installed_script_reports_a_bad_card(installed: Path, tmp_path: Path) -> None:
    (tmp_path / "bad.card").write_text(
        "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n", encoding="utf-8"
    )
    proc = run_installed(installed, "check", "bad.card", cwd=tmp_path)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[:4] == [
        "bad.card:3:8: error: mana cost without braces",
        "    Kicker 2G",
        "           ^^",
        "  hint: mana costs are written in braces: {2}{G}",
    ]
    assert lines[4].startswith("  expected: ") and "a mana symbol" in lines[4]
    assert lines[-1] == "checked 1 card in 1 file: 1 error"


def test_installed_script_formats_standard_input(installed: Path, tmp_path: Path) -> None:
    script = installed / "bin" / "cardtext"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(installed)
    proc = subprocess.run(
        [str(script), "fmt", "-"],
        input="Shock {R}\nInstant\nShock deals 2 damage to any target.\n\n\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "Shock {R}\nInstant\nShock deals 2 damage to any target.\n"


def test_installed_version(installed: Path, tmp_path: Path) -> None:
    import tomllib

    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    proc = run_installed(installed, "--version", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"cardtext {version}"


def test_installed_script_plays_the_bundled_scenarios(installed: Path, tmp_path: Path) -> None:
    scenarios = sorted((REPO / "cardtext" / "scenarios").glob("*.toml"))
    assert scenarios
    proc = run_installed(installed, "play", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    passed = [line for line in proc.stdout.splitlines() if line.startswith("PASS ")]
    assert len(passed) == len(scenarios)
    # shown by their place in the package, not inside the environment's site-packages
    assert all(line.split()[1].startswith("cardtext/scenarios/") for line in passed)
    assert proc.stdout.endswith(f"{len(scenarios)} passed\n")
