"""Each scenario file under tests/scenarios/ is one test item (design.md, "Scenarios")."""

from __future__ import annotations

from pathlib import Path

import pytest

SCENARIO_DIR = Path(__file__).parent / "scenarios"


class ScenarioFile(pytest.File):
    def collect(self):  # type: ignore[no-untyped-def]
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        from cardtext.scenario import run_scenario_file

        result = run_scenario_file(self.path, quiet=True)
        if not result.ok:
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo, style=None):  # type: ignore[no-untyped-def]
        if isinstance(excinfo.value, ScenarioFailed):
            result = excinfo.value.result
            lines = [f"scenario {self.path.name}: {result.description}"]
            lines += [f"  {f}" for f in result.failures]
            lines += ["log:"] + [f"  {line}" for line in result.log]
            return "\n".join(lines)
        from grammar.errors import LocatedError

        if isinstance(excinfo.value, LocatedError):
            return excinfo.value.format()
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):  # type: ignore[no-untyped-def]
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFailed(Exception):
    def __init__(self, result) -> None:  # type: ignore[no-untyped-def]
        super().__init__(f"{len(result.failures)} failure(s)")
        self.result = result


def pytest_collect_file(parent, file_path: Path):  # type: ignore[no-untyped-def]
    if file_path.suffix == ".toml" and file_path.parent == SCENARIO_DIR:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
