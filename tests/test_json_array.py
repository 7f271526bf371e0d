"""Scryfall bulk data read an element at a time (cardtext/jsonarray.py):
the same values as :func:`json.loads` of the whole, errors at the same
line and column, and ``coverage`` of a JSON array the same as of the same
cards in JSON lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtext import coverage
from cardtext.importer import ImportDataError
from cardtext.jsonarray import JsonArrayError, iter_array, starts_with_array

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(values=st.lists(json_values, max_size=6), indent=st.sampled_from([None, 0, 1, 2]),
       chunk=st.integers(1, 9), bom=st.booleans())  # fmt: skip
def test_elements_read_a_part_at_a_time_are_those_of_the_whole(
    tmp_path_factory: pytest.TempPathFactory, values: list[object], indent: int | None, chunk: int, bom: bool
) -> None:
    """However the file is cut into parts (a number or a string split
    across two reads, a multi-byte character split too), the elements are
    those json.loads finds in the whole."""
    path = tmp_path_factory.mktemp("a") / "bulk.json"
    path.write_bytes(b"\xef\xbb\xbf" * bom + json.dumps(values, indent=indent, ensure_ascii=False).encode())
    assert starts_with_array(path)
    assert list(iter_array(path, chunk=chunk)) == values


@pytest.mark.parametrize("text", [
    '[1, 2,', '[1 2]', '[{"a": 1}, {"a": }]', '[1,\n 2,\n x]', '[1] 2', '{"a": [1]}', '[\n\n  "a",\n  "b\n"]',
    '[1, 2', '[', '[1,]', '  \n', '[12',
])  # fmt: skip
@pytest.mark.parametrize("chunk", [1, 3, 1 << 20])
def test_a_document_that_is_not_an_array_is_an_error_where_json_says(tmp_path: Path, text: str, chunk: int) -> None:
    """A broken document is an error at the line and column json.loads
    gives for the whole text (or, where json.loads accepts the text, at
    least an error: it is not one array)."""
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(JsonArrayError) as raised:
        list(iter_array(path, chunk=chunk))
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg not in ("Extra data",):
            assert (raised.value.line, raised.value.column) == (exc.lineno, exc.colno)


def test_coverage_of_an_array_is_that_of_the_same_json_lines(tmp_path: Path) -> None:
    """Bulk data streamed an element at a time counts the cards, the
    duplicates and the results as the JSON-lines file of the same cards."""
    lines = Path(__file__).parent.parent / "benchmarks" / "data" / "cards.jsonl"
    cards = [json.loads(line) for line in lines.read_text().splitlines() if line.strip()]
    cards.append(dict(cards[0]))  # a duplicate name
    cards.append({"object": "token", "name": "Goblin"})  # not a card
    array = tmp_path / "bulk.json"
    array.write_text(json.dumps(cards, indent=2))
    jsonl = tmp_path / "cards.jsonl"
    jsonl.write_text("".join(json.dumps(c) + "\n" for c in cards))
    streamed, whole = coverage.stream(array), coverage.stream(jsonl)
    assert (streamed.form, streamed.lines, streamed.duplicates) == ("Scryfall JSON", len(cards) - 2, 1)
    a = [(i.name, i.text) for i in streamed.items]  # type: ignore[union-attr]
    b = [(i.name, i.text) for i in whole.items]  # type: ignore[union-attr]
    assert a == b and len(a) == len(cards) - 2
    assert streamed.duplicates == whole.duplicates == 1


def test_a_broken_array_is_refused_before_any_card_is_checked(tmp_path: Path) -> None:
    """The first pass finds a document that is not valid JSON, so nothing
    is reported as checked from a file that turns out not to be card data."""
    path = tmp_path / "bulk.json"
    path.write_text('[{"name": "Shock", "oracle_text": "Shock deals 2 damage to any target."},\n {"name": ]')
    with pytest.raises(ImportDataError, match=r"bulk.json:2:11: not valid JSON: Expecting value"):
        coverage.stream(path)
