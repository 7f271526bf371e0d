"""Shared fixtures. Card files and scenario files are collected by the cardtext
pytest plugin (cardtext/pytest_plugin.py), installed with the package: see
[tool.pytest.ini_options] in pyproject.toml for the paths."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardtext.grammar import ast as A

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[1]
CARDS_DIR = Path(__file__).parent / "cards"
PACKAGES = ("grammar", "interpreter", "cardtext")


def pytest_configure(config: pytest.Config) -> None:
    if not config.pluginmanager.has_plugin("cardtext"):
        raise pytest.UsageError(
            "the cardtext pytest plugin is not loaded, so the card files and scenarios "
            "would not be tested: install the package (pip install -e '.[dev]') "
            "and don't pass -p no:cardtext"
        )


@pytest.fixture(scope="session")
def pool() -> dict[str, A.Card]:
    """Every card the engine tests play: the bundled ones and tests/cards/."""
    from cardtext.scenario import bundled_pool, load_extra_cards

    cards = dict(bundled_pool())
    for c in load_extra_cards([CARDS_DIR]):
        cards[c.name] = c
    return cards


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """cardtext built from a copy of the source and installed (not editable)
    with ``pip install --target`` into a temporary folder; put that folder on
    PYTHONPATH to run the install."""
    source = tmp_path_factory.mktemp("source")
    for name in PACKAGES:
        shutil.copytree(
            REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return target


def installed_env(target: Path) -> dict[str, str]:
    """The environment that runs the install at ``target`` ahead of anything else."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PYTHONPATH"] = str(target)
    env.pop("PYTEST_ADDOPTS", None)
    return env
