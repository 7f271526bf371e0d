"""The package type-checks: ``mypy`` (configured in pyproject.toml) finds no error.

mypy is in the ``test`` and ``dev`` extras; the test is skipped only where it
isn't installed.  It runs from the repository, so mypy reads its settings
from pyproject.toml and keeps its cache in ``.mypy_cache`` (a second run
takes seconds).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_mypy_reports_no_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
