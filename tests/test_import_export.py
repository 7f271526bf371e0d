"""cardtext import and cardtext export: a set moves in and out.

The files in tests/data are small copies of the formats as downloaded:
scryfall-bulk.json (a Scryfall bulk-data array), mtgjson-AtomicCards.json and
mtgjson-WWK.json (an MTGJSON set file).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardtext.cli import main
from cardtext.exporter import (
    FORMATS,
    cockatrice_cost,
    colors_of,
    export_card,
    export_text,
    mana_value,
)
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import format_text
from cardtext.importer import braced_cost, read_cards
from cardtext.library import BUNDLED, card_files

DATA = Path(__file__).parent / "data"
SCRYFALL = DATA / "scryfall-bulk.json"
ATOMIC = DATA / "mtgjson-AtomicCards.json"
SET_FILE = DATA / "mtgjson-WWK.json"


def bundled() -> dict[str, object]:
    cards = {}
    for path in card_files([BUNDLED]):
        for card in parse_text(path.read_text(encoding="utf-8"), str(path)).cards:
            cards[card.name] = card
    return cards


def imported(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["import", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def card_names(text: str) -> list[str]:
    return [c.name for c in parse_text(text).cards]


# --------------------------------------------------------------------------
# import
# --------------------------------------------------------------------------


def test_import_from_scryfall_bulk_data_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = imported(capsys, str(SCRYFALL), "--name", "gnarlid*")
    assert status == 0
    assert out.startswith(
        "# Imported from scryfall-bulk.json (Scryfall JSON).\n\nGnarlid Pack {1}{G}\n"
    )
    (card,) = parse_text(out).cards
    assert card == bundled()["Gnarlid Pack"]
    assert err.strip() == f"imported 1 card from {SCRYFALL} (Scryfall JSON)"


def test_import_by_set_and_each_name_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = imported(capsys, str(SCRYFALL), "--set", "rna")
    assert status == 0 and card_names(out) == ["Shock"]
    status, out, _ = imported(capsys, str(SCRYFALL), "--name", "Shock")
    assert out.count("Shock {R}") == 1  # two printings, one card
    status, out, _ = imported(capsys, str(SCRYFALL), "--name", "*", "--set", "M10", "--set", "WWK")
    assert card_names(out) == ["Gnarlid Pack", "Grizzly Bears"]


def test_import_skips_tokens_and_art_cards_and_splits_faces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = imported(capsys, str(SCRYFALL), "--name", "*")
    assert status == 0
    assert "Saproling" not in out and "Card // Card" not in out
    assert "Kazandu Mammoth {2}{G}{G}\nCreature — Elephant\n" in out
    assert "Kazandu Valley\nLand\nKazandu Valley enters tapped.\n{T}: Add {G}." in out
    assert "Jace Beleren {1}{U}{U}\nLegendary Planeswalker — Jace\n+2: " in out
    assert out.rstrip().endswith("Loyalty: 3")
    assert err.strip().endswith("(Scryfall JSON)")  # every imported card parses: no "doesn't parse yet"


def test_import_counts_the_cards_that_dont_parse_yet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bulk = json.loads(SCRYFALL.read_text(encoding="utf-8"))
    shock = next(c for c in bulk if c["name"] == "Shock")
    bulk.append(dict(shock, name="Zapper", oracle_text="Zapper zaps 2 damage to any target.", id="zz"))
    path = tmp_path / "bulk.json"
    path.write_text(json.dumps(bulk), encoding="utf-8")
    status, out, err = imported(capsys, str(path), "--name", "Zapper")
    assert status == 0 and "Zapper zaps 2 damage" in out
    assert err.strip().endswith("; 1 doesn't parse yet ('cardtext check' says why)")


def test_import_a_face_by_its_own_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = imported(capsys, str(SCRYFALL), "--name", "Kazandu Valley")
    assert status == 0 and "Kazandu Mammoth" in out and "Kazandu Valley enters tapped." in out


def test_import_from_mtgjson_atomic_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = imported(capsys, str(ATOMIC), "--set", "DDP")
    assert status == 0 and "MTGJSON AtomicCards" in out
    (card,) = parse_text(out).cards
    assert card == bundled()["Gnarlid Pack"]
    status, out, _ = imported(capsys, str(ATOMIC), "--name", "kazandu*")
    assert "Kazandu Mammoth {2}{G}{G}" in out and "Kazandu Valley\nLand" in out


def test_import_from_an_mtgjson_set_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "wwk.card"
    status, out, err = imported(capsys, str(SET_FILE), "--set", "wwk", "-o", str(target))
    assert status == 0 and out == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Imported from mtgjson-WWK.json (MTGJSON set file).\n")
    assert card_names(text) == ["Gnarlid Pack", "Bloodstone Goblin"]  # not the token
    assert err.strip() == f"imported 2 cards from {SET_FILE} (MTGJSON set file)"
    status, _, err = imported(capsys, str(SET_FILE), "--set", "wwk", "-o", str(target))
    assert status == 2 and "exists; use --force" in err
    assert imported(capsys, str(SET_FILE), "--set", "wwk", "-o", str(target), "--force")[0] == 0


def test_import_mistakes_are_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = imported(capsys, str(SCRYFALL), "--name", "Nothing Like This")
    assert status == 1
    assert (
        err.strip()
        == f"import: no card of {SCRYFALL} (Scryfall JSON) matches --name Nothing Like This"
    )
    status, _, err = imported(capsys, str(SCRYFALL))
    assert status == 2 and "--name PATTERN and/or --set CODE" in err
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "x"}', encoding="utf-8")
    status, _, err = imported(capsys, str(bad), "--name", "*")
    assert status == 1 and "not valid JSON" in err and "Traceback" not in err
    other = tmp_path / "other.json"
    other.write_text('{"data": 3}', encoding="utf-8")
    status, _, err = imported(capsys, str(other), "--name", "*")
    assert status == 1 and "neither Scryfall nor MTGJSON" in err
    assert imported(capsys, str(tmp_path / "missing.json"), "--name", "*")[0] == 2


# --------------------------------------------------------------------------
# export
# --------------------------------------------------------------------------


def test_export_scryfall_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "--format", "scryfall", str(BUNDLED / "seed.card")]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    gnarlid = next(o for o in objects if o["name"] == "Gnarlid Pack")
    assert gnarlid["mana_cost"] == "{1}{G}" and gnarlid["cmc"] == 2
    assert gnarlid["type_line"] == "Creature — Beast"
    assert gnarlid["oracle_text"].startswith("Multikicker {1}{G} (You may pay")
    assert (gnarlid["power"], gnarlid["toughness"]) == ("2", "2")
    assert gnarlid["colors"] == ["G"] and gnarlid["set"] == "ctx"
    assert "loyalty" not in gnarlid


def test_export_cockatrice_custom_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "set.xml"
    args = ["export", "--format", "cockatrice", "--set-code", "MYS", "--set-name", "My Set"]
    assert main([*args, "-o", str(out), str(BUNDLED)]) == 0
    root = ET.parse(out).getroot()
    assert root.tag == "cockatrice_carddatabase" and root.get("version") == "4"
    assert (
        root.findtext("sets/set/name") == "MYS" and root.findtext("sets/set/longname") == "My Set"
    )
    assert root.findtext("sets/set/settype") == "Custom"
    cards = {c.findtext("name"): c for c in root.iter("card")}
    gnarlid = cards["Gnarlid Pack"]
    assert gnarlid.findtext("prop/manacost") == "1G" and gnarlid.findtext("prop/cmc") == "2"
    assert gnarlid.findtext("prop/maintype") == "Creature" and gnarlid.findtext("tablerow") == "2"
    assert gnarlid.findtext("prop/pt") == "2/2" and gnarlid.findtext("prop/colors") == "G"
    assert gnarlid.findtext("set") == "MYS"
    assert cards["Forest"].findtext("tablerow") == "0"
    assert cards["Forest"].findtext("prop/coloridentity") == "G"  # 903.4, 305.6
    assert [child.tag for child in gnarlid] == ["name", "text", "prop", "set", "tablerow"]


def test_export_mtgjson_set_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["export", "--format", "mtgjson", "--set-code", "MYS", str(BUNDLED / "seed.card")])
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"meta", "data"}
    data = document["data"]
    assert data["code"] == "MYS" and data["baseSetSize"] == len(data["cards"])
    verazol = next(c for c in data["cards"] if c["name"].startswith("Verazol"))
    assert verazol["supertypes"] == ["Legendary"] and verazol["types"] == ["Creature"]
    assert verazol["subtypes"] == ["Serpent"] and verazol["manaCost"] == "{X}{G}{U}"
    assert verazol["manaValue"] == 2 and verazol["colors"] == ["U", "G"]  # WUBRG order
    assert verazol["setCode"] == "MYS" and verazol["uuid"]


def test_export_refuses_cards_with_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.card"
    bad.write_text(
        "Bloodstone Goblin {1}{R}\nCreature — Goblin\nKicker 2G\n2/2\n", encoding="utf-8"
    )
    out = tmp_path / "out.jsonl"
    assert main(["export", "--format", "scryfall", "-o", str(out), str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:8: error: mana cost without braces" in err and "nothing written" in err
    assert not out.exists()


@pytest.mark.parametrize("form", FORMATS)
def test_every_bundled_card_round_trips_through_each_format(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """export then import gives back every bundled card, unchanged."""
    exported = tmp_path / f"set.{form}"
    assert main(["export", "--format", form, "-o", str(exported), str(BUNDLED)]) == 0
    back = tmp_path / "back.card"
    assert main(["import", str(exported), "--name", "*", "-o", str(back)]) == 0
    capsys.readouterr()
    text = back.read_text(encoding="utf-8")
    result = parse_text(text, str(back))
    assert [e.format() for e in result.errors] == []
    original = bundled()
    assert [c.name for c in result.cards] == list(original)
    assert {c.name: c for c in result.cards} == original
    assert format_text(text) == text  # exported in canonical text, imported as it was


def test_scryfall_export_is_read_by_coverage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / "set.jsonl"
    assert main(["export", "--format", "scryfall", "-o", str(exported), str(BUNDLED)]) == 0
    capsys.readouterr()
    assert main(["coverage", str(exported)]) == 0
    count = len(bundled())
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == f"{exported}: {count} of {count} cards ok (100.0%)"


def test_a_multi_face_card_goes_out_and_back_with_its_faces(tmp_path: Path) -> None:
    """A card with faces (as the grammar will give them): one object with
    card_faces, two Cockatrice cards (front and back), two MTGJSON entries."""
    cards = bundled()
    front, back = cards["Gnarlid Pack"], cards["Rushing River"]
    card = SimpleNamespace(
        name="Gnarlid Pack // Rushing River", faces=(front, back), layout="modal_dfc"
    )
    assert [f.name for f in export_card(card).faces] == ["Gnarlid Pack", "Rushing River"]
    for form in FORMATS:
        path = tmp_path / f"x.{form}"
        path.write_text(export_text([card], form, date="2024-01-01"), encoding="utf-8")
        (source,) = read_cards(path)[1]
        assert source.name == "Gnarlid Pack // Rushing River", form
        faces = source.card["card_faces"]
        assert [f["name"] for f in faces] == ["Gnarlid Pack", "Rushing River"], form
        assert faces[0]["mana_cost"] == "{1}{G}" and faces[1]["type_line"] == "Instant", form


# --------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------


def test_mana_costs_in_cockatrice_form_and_back() -> None:
    for braced, bare in [
        ("{1}{G}", "1G"),
        ("{10}{U}{U}", "10UU"),
        ("{X}{R}", "XR"),
        ("{W/U}{2/B}{G/P}", "{W/U}{2/B}{G/P}"),
        ("", ""),
    ]:
        assert cockatrice_cost(braced) == bare
        assert braced_cost(bare) == braced


def test_mana_value_and_colors() -> None:
    assert mana_value("{2}{G}{G}") == 4
    assert mana_value("{X}{R}") == 1
    assert mana_value("{2/W}{W/U}{G/P}") == 4
    assert colors_of("{2/W}{U/B}{G/P}{C}") == ["W", "U", "B", "G"]


# --------------------------------------------------------------------------
# Cockatrice's own conventions
# --------------------------------------------------------------------------

COCKATRICE_XSD = Path(__file__).parent / "data" / "cockatrice-cards-v4.xsd"

MULTI_FACE = """\
Fire {1}{R}
Instant
Fire deals 2 damage divided as you choose among one or two targets.
// split
Ice {1}{U}
Instant
Tap target permanent.
Draw a card.

Bonecrusher Giant {2}{R}
Creature — Giant
Whenever this creature becomes the target of a spell, this creature deals 2 damage to that spell's controller.
4/3
//
Stomp {1}{R}
Instant — Adventure
Damage can't be prevented this turn. Stomp deals 2 damage to any target.
"""


def _cockatrice_export(tmp_path: Path, *paths: Path) -> Path:
    out = tmp_path / "set.xml"
    assert main(["export", "--format", "cockatrice", "-o", str(out), *map(str, paths)]) == 0
    return out


def test_every_cockatrice_export_is_valid_by_its_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cockatrice's card database schema, version 4 (tests/data): the bundled
    cards and cards of every layout."""
    import xmlschema

    schema = xmlschema.XMLSchema(str(COCKATRICE_XSD))
    cards = tmp_path / "faces.card"
    cards.write_text(MULTI_FACE, encoding="utf-8")
    out = _cockatrice_export(tmp_path, BUNDLED, cards)
    capsys.readouterr()
    schema.validate(str(out))
    broken = tmp_path / "broken.xml"
    broken.write_text(out.read_text(encoding="utf-8").replace("<tablerow>", "<tablerow>x", 1), encoding="utf-8")
    assert not schema.is_valid(str(broken))


def test_split_and_adventure_cards_are_one_cockatrice_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As Cockatrice writes them (709.4 split cards, 715 adventurers): one
    card "A // B", the texts joined by a line ---, the Adventure's first,
    values that differ joined by ' // '; imported back as the same faces."""
    cards = tmp_path / "faces.card"
    cards.write_text(MULTI_FACE, encoding="utf-8")
    out = _cockatrice_export(tmp_path, cards)
    root = ET.parse(out).getroot()
    found = {c.findtext("name"): c for c in root.iter("card")}
    assert set(found) == {"Fire // Ice", "Bonecrusher Giant // Stomp"}
    fire = found["Fire // Ice"]
    assert fire.findtext("text") == (
        "Fire deals 2 damage divided as you choose among one or two targets.\n\n---\n\n"
        "Tap target permanent.\nDraw a card."
    )
    assert fire.findtext("prop/manacost") == "1R // 1U" and fire.findtext("prop/type") == "Instant"
    assert fire.findtext("prop/layout") == "split" and fire.findtext("prop/cmc") == "4"
    assert fire.findtext("prop/colors") == "UR" and fire.findtext("prop/coloridentity") == "UR"
    assert fire.find("related") is None and fire.findtext("prop/side") is None
    giant = found["Bonecrusher Giant // Stomp"]
    assert giant.findtext("text").startswith("Damage can't be prevented")  # type: ignore[union-attr]
    assert giant.findtext("prop/type") == "Instant — Adventure // Creature — Giant"
    assert giant.findtext("prop/layout") == "adventure"
    back = tmp_path / "back.card"
    assert main(["import", str(out), "--name", "*", "-o", str(back)]) == 0
    capsys.readouterr()
    again = parse_text(back.read_text(encoding="utf-8"), str(back))
    original = parse_text(MULTI_FACE, "faces.card")
    assert again.errors == [] and again.cards == original.cards


def test_transform_faces_are_linked_and_modal_is_modal_dfc(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A double-faced card (712) is one Cockatrice card a face, each linked to
    the other by <related attach="transform">, sides a and b; the layout of a
    modal double-faced card is modal_dfc."""
    root = ET.parse(_cockatrice_export(tmp_path, BUNDLED / "designs.card")).getroot()
    capsys.readouterr()
    by_layout: dict[str, list[ET.Element]] = {}
    for card in root.iter("card"):
        by_layout.setdefault(card.findtext("prop/layout") or "", []).append(card)
    assert "modal" not in by_layout and by_layout["modal_dfc"] and by_layout["transform"]
    for layout in ("modal_dfc", "transform"):
        for card in by_layout[layout]:
            (related,) = card.findall("related")
            assert related.get("attach") == "transform" and related.text
            assert card.findtext("prop/side") in ("a", "b")
            other = next(c for c in root.iter("card") if c.findtext("name") == related.text)
            assert other.findtext("related") == card.findtext("name")


def test_mtgjson_names_what_it_is_and_a_split_card_has_one_mana_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The set file says it is MTGJSON-style, not an MTGJSON release; a split
    card's manaValue is both halves' (709.4), each face's is faceManaValue."""
    from cardtext.exporter import MTGJSON_STYLE

    cards = tmp_path / "faces.card"
    cards.write_text(MULTI_FACE, encoding="utf-8")
    assert main(["export", "--format", "mtgjson", str(cards)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["meta"]["version"] == MTGJSON_STYLE and "5.2.2" not in MTGJSON_STYLE
    fire, ice, giant, stomp = document["data"]["cards"]
    assert fire["manaValue"] == ice["manaValue"] == 4
    assert (fire["faceManaValue"], ice["faceManaValue"]) == (2, 2)
    assert giant["manaValue"] == stomp["manaValue"] == 3 and stomp["faceManaValue"] == 2
    assert fire["colorIdentity"] == ice["colorIdentity"] == ["U", "R"]


def test_export_keep_going_writes_the_rest_and_names_what_it_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = tmp_path / "mixed.card"
    cards.write_text(
        "Shock {R}\nInstant\nShock deals 2 damage to any target.\n\n"
        "Bears {1}{G}\nCreature — Bear\nFlyng\n2/2\n",
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    assert main(["export", "--format", "scryfall", "-o", str(out), str(cards)]) == 1
    err = capsys.readouterr().err
    assert not out.exists() and "--keep-going exports the other cards" in err
    assert main(["export", "--format", "scryfall", "--keep-going", "-o", str(out), str(cards)]) == 1
    err = capsys.readouterr().err
    assert [json.loads(line)["name"] for line in out.read_text(encoding="utf-8").splitlines()] == ["Shock"]
    assert f"{cards}:7:1: error: unknown word 'Flyng'" in err
    assert f"export: left out 1 card(s) with errors: Bears ({cards}:5)" in err
