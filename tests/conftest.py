"""Each scenario file under tests/scenarios/ is one test item (design.md, "Scenarios")."""

from __future__ import annotations

from pathlib import Path

import pytest

from grammar import ast as A

SCENARIO_DIR = Path(__file__).parent / "scenarios"
CARDS_DIR = Path(__file__).parent / "cards"


@pytest.fixture(scope="session")
def pool() -> dict[str, A.Card]:
    """Every card the engine tests play: the bundled ones and tests/cards/."""
    from cardtext.scenario import bundled_pool, load_extra_cards

    cards = dict(bundled_pool())
    for c in load_extra_cards([CARDS_DIR]):
        cards[c.name] = c
    return cards


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
