"""The editor features (cardtext/editing.py) and ``cardtext lsp`` in a real
Language Server Protocol session: the server runs as a subprocess and the
test talks JSON-RPC to it over its pipes, as an editor does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lsp_client import LspClient

from cardtext import editing

REPO = Path(__file__).resolve().parents[1]

BAD = "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n"
GOOD = "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker {2}{G}\n2/2\n"
CANONICAL = (
    "Bloodstone Goblin {1}{R}\nCreature — Goblin\n"
    "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n2/2\n"
)
ANA = (REPO / "cardtext" / "cards" / "kicker-two.card").read_text(encoding="utf-8")
LINKED = (REPO / "cardtext" / "cards" / "linked.card").read_text(encoding="utf-8")


def line_of(text: str, starting: str) -> int:
    """The 0-based number of the first line of ``text`` that starts so."""
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith(starting))


# --------------------------------------------------------------------------
# The features, without a server
# --------------------------------------------------------------------------


def test_diagnostics_have_ranges() -> None:
    (found,) = editing.diagnostics(BAD)
    assert found.range == editing.Range(2, 7, 2, 9)  # "2G"
    assert found.severity == "error" and found.code == "CardParseError"
    assert found.message.startswith("mana cost without braces\nhint: mana costs are written")
    assert editing.diagnostics(GOOD) == []


def test_link_errors_are_diagnostics() -> None:
    text = "Grizzly Bears {1}{G}\nCreature — Bear\nWhen Grizzly Bears enters, if it was kicked, draw a card.\n2/2\n"
    (found,) = editing.diagnostics(text)
    assert found.code == "LinkError" and found.range == editing.Range(2, 30, 2, 43)


def test_columns_are_utf16_code_units() -> None:
    line = "𝒜 Kicker 2G"
    assert editing.utf16_column(line, 9) == 10
    assert editing.char_index(line, 10) == 9
    text = "Bloodstone Goblin {1}{R}\nCreature — Goblin\n𝒜 Kicker {2}{G}\n2/2\n"
    (found,) = editing.diagnostics(text)
    assert found.range.line == 2 and found.range.character == 0


def test_hover_shows_the_canonical_line_its_rules_and_the_card() -> None:
    text = editing.hover(GOOD, 2, 3)
    assert text is not None
    assert text.startswith("**Bloodstone Goblin**")
    assert (
        "```cardtext\nKicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\n```"
        in text
    )
    assert "Rules: 702.33 Kicker" in text
    assert "Canonical wording:\n\n```cardtext\n" + CANONICAL.rstrip("\n") + "\n```" in text
    assert editing.hover(GOOD + "\n\n", 5, 0) is None
    assert "doesn't parse yet" in (editing.hover(BAD, 0, 0) or "")


def test_rules_of_a_line() -> None:
    assert editing.rules_of("When this creature enters, exile target creature.") == [
        "603 Triggered abilities"
    ]
    assert "702.37 Morph" in editing.rules_of("Morph {2}{G}")
    assert "607 Linked abilities" in editing.rules_of("return the exiled card to the battlefield")


def test_formatting_is_fmt() -> None:
    assert editing.formatted(GOOD) == CANONICAL
    assert editing.formatted(BAD) is None


def test_completion_of_types_subtypes_and_keywords() -> None:
    words = editing.vocabulary()
    assert {"Creature", "Instant"} <= set(words.card_types)
    assert "Legendary" in words.supertypes and "Goblin" in words.subtypes
    assert "Kicker" in words.keywords
    on_type = {c.label: c.kind for c in editing.completions(GOOD, 1, 4)}
    assert on_type["Creature"] == "type" and on_type["Legendary"] == "supertype"
    after_dash = {c.label: c.kind for c in editing.completions(GOOD, 1, 17)}
    assert after_dash["Goblin"] == "subtype" and "Creature" not in after_dash
    on_rules = {c.label: c.kind for c in editing.completions(GOOD, 2, 0)}
    assert on_rules["Kicker"] == "keyword" and "Goblin" not in on_rules
    assert editing.completions(GOOD, 0, 3) == []  # the name line


def test_definition_of_a_kicker_cost() -> None:
    line = line_of(ANA, "When Ana Battlemage enters, if it was kicked with its {1}{B}")
    column = ANA.splitlines()[line].index("kicked with")
    kicker_line = line_of(ANA, "Kicker {2}{U} and/or {1}{B}")
    start = ANA.splitlines()[kicker_line].index("{1}{B}")
    assert editing.definition(ANA, line, column + 3) == editing.Range(
        kicker_line, start, kicker_line, start + 6
    )
    assert editing.definition(ANA, line, 0) is None  # "When" refers to nothing


def test_definition_of_the_exiled_card() -> None:
    line = line_of(LINKED, "When Fiend Hunter leaves the battlefield, return the exiled card")
    column = LINKED.splitlines()[line].index("the exiled card")
    exile_line = line_of(LINKED, "When Fiend Hunter enters, you may exile")
    start = LINKED.splitlines()[exile_line].index("exile")
    assert editing.definition(LINKED, line, column + 5) == editing.Range(
        exile_line, start, exile_line, start + 5
    )
    bomat = line_of(LINKED, "{R}, Discard your hand, Sacrifice Bomat Courier: Put all cards exiled")
    column = LINKED.splitlines()[bomat].index("cards exiled with")
    attacks = line_of(LINKED, "Whenever Bomat Courier attacks, exile")
    found = editing.definition(LINKED, bomat, column)
    assert found is not None and found.line == attacks


def test_lsp_needs_no_third_party_package(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server speaks JSON-RPC itself: it imports without pygls."""
    import importlib

    monkeypatch.setitem(sys.modules, "pygls", None)
    monkeypatch.setitem(sys.modules, "lsprotocol", None)
    import cardtext.lsp

    assert importlib.reload(cardtext.lsp).SERVER_NAME == "cardtext"


# --------------------------------------------------------------------------
# A session with the server
# --------------------------------------------------------------------------


def test_an_lsp_session(tmp_path: Path) -> None:
    uri = (tmp_path / "my_set.card").as_uri()
    client = LspClient([sys.executable, "-m", "cardtext", "lsp"], cwd=str(REPO))
    try:
        result = client.request(
            "initialize",
            {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}},
        )
        capabilities = result["capabilities"]
        assert result["serverInfo"]["name"] == "cardtext"
        for feature in ("hoverProvider", "documentFormattingProvider", "definitionProvider"):
            assert capabilities[feature]
        assert "completionProvider" in capabilities
        client.notify("initialized", {})

        # A document with an error: a diagnostic at the right range.
        document = {"uri": uri, "languageId": "cardtext", "version": 1, "text": BAD}
        client.notify("textDocument/didOpen", {"textDocument": document})
        published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
        (diagnostic,) = published["diagnostics"]
        assert diagnostic["range"] == {
            "start": {"line": 2, "character": 7},
            "end": {"line": 2, "character": 9},
        }
        assert diagnostic["severity"] == 1 and diagnostic["source"] == "cardtext"
        assert diagnostic["message"].startswith("mana cost without braces")

        # Fixed: no diagnostic.
        client.notify(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": GOOD}]},
        )
        published = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri)
        assert published["diagnostics"] == [] and published["version"] == 2

        position = {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 2}}
        hover = client.request("textDocument/hover", position)
        assert hover["contents"]["kind"] == "markdown"
        assert "Kicker {2}{G} (You may pay an additional {2}{G}" in hover["contents"]["value"]

        edits = client.request(
            "textDocument/formatting",
            {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}},
        )
        (edit,) = edits
        assert edit["newText"] == CANONICAL
        assert edit["range"]["start"] == {"line": 0, "character": 0}

        completion = client.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 4}},
        )
        assert "Creature" in {item["label"] for item in completion["items"]}

        # Go to definition, in a card with two kicker costs.
        ana = tmp_path.joinpath("ana.card").as_uri()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": ana, "languageId": "cardtext", "version": 1, "text": ANA}},
        )
        client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == ana)
        line = line_of(ANA, "When Ana Battlemage enters, if it was kicked with its {1}{B}")
        column = ANA.splitlines()[line].index("kicked with")
        location = client.request(
            "textDocument/definition",
            {"textDocument": {"uri": ana}, "position": {"line": line, "character": column}},
        )
        assert location["uri"] == ana
        assert location["range"]["start"]["line"] == line_of(ANA, "Kicker {2}{U} and/or {1}{B}")
    finally:
        client.close()
    assert client.process.returncode == 0
