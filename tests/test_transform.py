"""Transform (CR 701.27) at the engine's level: the cases the scenarios
don't reach, and the gaps a transforming card is checked for."""

from __future__ import annotations

from cardtext.grammar import ast as A
from cardtext.interpreter import Game, ScriptedChooser, add_card, new_game
from cardtext.interpreter.actions.transform import transform, transform_refusal
from cardtext.interpreter.characteristics import chars
from cardtext.interpreter.support import gaps
from cardtext.interpreter.zones import move


def _game() -> Game:
    return new_game(chooser=ScriptedChooser())


def test_701_27d_a_permanent_whose_other_face_is_a_sorcery_doesnt_transform(pool: dict[str, A.Card]) -> None:
    """701.27d: Dawnward Healer's other face is the sorcery Duskward
    Blessing: an instruction to transform it does nothing."""
    game = _game()
    healer = add_card(game, pool["Dawnward Healer // Duskward Blessing"], "A", "battlefield")
    assert transform_refusal(game, healer) is not None
    assert not transform(game, healer)
    assert chars(healer).name == "Dawnward Healer" and healer.face is None


def test_712_8a_a_transformed_permanent_that_leaves_shows_its_front_face(pool: dict[str, A.Card]) -> None:
    """712.8a, 400.7: transformed, it has the back face's characteristics;
    put into a graveyard it is a new object with its front face up, and
    back on the battlefield it is not transformed."""
    game = _game()
    gargoyle = add_card(game, pool["Thraben Gargoyle // Stonewing Antagonizer"], "A", "battlefield")
    assert transform(game, gargoyle)
    assert chars(gargoyle).name == "Stonewing Antagonizer" and chars(gargoyle).base_power == 4
    card = move(game, gargoyle, "graveyard")
    assert chars(card).name == "Thraben Gargoyle"
    back = move(game, card, "battlefield")
    assert chars(back).name == "Thraben Gargoyle" and back.transformed == -1


def test_701_27a_a_transforming_card_is_checked_on_both_faces() -> None:
    """A transforming card's back face is reached by transforming it, so
    what the engine can't play on the back face is a gap of the card."""
    from cardtext.grammar.parser import parse_text

    text = "\n".join([
        "Test Sentry {1}{W}", "Creature — Human", "{2}: Transform this creature.", "1/1", "// transform",
        "Test Howler", "Creature — Werewolf", "{T}: Draw a card for each creature type among creatures you control.", "3/3",
    ])  # fmt: skip
    (card,) = parse_text(text, "t.card").cards
    assert [g.what for g in gaps(card)] == ["quantity GameCount ('creature type')"]
    front_only = parse_text(text.split("\n// transform")[0], "t.card").cards[0]
    assert not gaps(front_only)
