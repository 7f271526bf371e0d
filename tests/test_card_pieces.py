"""General pieces added for real cards: cards looked at (Write into Being,
Vineshaper Prodigy), Equipment and Auras that attach themselves (Cryptic
Coat, Lightform), and links to what a kicker cost discarded (Dralnu's Pet).
Each piece is tested through its grammar, its canonical text and the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_card
from cardtext.grammar.render import render_card
from cardtext.interpreter.links import check_card as check_links
from cardtext.scenario import Runner

SCENARIOS = Path(__file__).parent / "scenarios"


def card(*lines: str, name: str = "Test Card", cost: str = "{2}{U}", type_line: str = "Sorcery") -> A.Card:
    return parse_card("\n".join([f"{name} {cost}", type_line, *lines]) + "\n")


def actions(c: A.Card, index: int = -1) -> tuple[A.Node, ...]:
    ab = c.abilities[index]
    effect = ab.effect if isinstance(ab, A.SpellAbility | A.TriggeredAbility) else None
    assert effect is not None
    out: list[A.Node] = []
    for s in effect.sentences:
        body = s.body if isinstance(s, A.IfSentence) else s
        assert isinstance(body, A.Sentence)
        out.extend(body.actions)
    return tuple(out)


def run(name: str) -> Runner:
    path = SCENARIOS / name
    runner = Runner(path, path.read_text(encoding="utf-8"))
    result = runner.run()
    assert result.ok, [str(f) for f in result.failures]
    return runner


# --------------------------------------------------------------------------
# Cards looked at
# --------------------------------------------------------------------------

WRITE_INTO_BEING = (
    "Look at the top two cards of your library. Manifest one of those cards, then put the other on the top or "
    "bottom of your library."
)


def test_manifest_one_of_those_cards_and_the_other_on_top_or_bottom() -> None:
    look, manifest, put = actions(card(WRITE_INTO_BEING))
    assert look == A.LookAtTop(A.Number(2, "word"), A.Possessive(A.You(), "your"))
    assert manifest == A.Manifest(None, looked=A.LookedCards("those cards", A.Number(1, "word")))
    assert put == A.PutInZone(A.LookedCards("the other"), A.Destination("library", A.You(), "top or bottom", "on"))


def test_put_one_of_them_into_hand_and_the_rest_shares_the_verb() -> None:
    c = card("Look at the top three cards of your library. Put one of them into your hand and the rest on the "
             "bottom of your library in any order.")  # fmt: skip
    _, first, rest = actions(c)
    assert first == A.PutInZone(A.LookedCards("them", A.Number(1, "word")), A.Destination("hand", A.You(), "", "into"))
    assert rest == A.PutInZone(A.LookedCards("the rest"), A.Destination("library", A.You(), "bottom", "on", "any"))
    (sentence,) = c.abilities[0].effect.sentences[1:]
    assert sentence.forms[1].subject == "elided"  # "and the rest on the bottom": the verb is shared


@pytest.mark.parametrize(
    "line",
    [
        WRITE_INTO_BEING,
        "Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom "
        "of your library in a random order.",
        "Look at the top two cards of your library. Put one of them into your hand and the other on the bottom "
        "of your library.",
    ],
)
def test_looked_cards_render_back_to_the_same_text(line: str) -> None:
    c = card(line)
    text = render_card(c)
    assert line.split(". ", 1)[1] in text
    assert parse_card(text) == c


def test_one_of_them_with_nothing_looked_at_is_a_link_error() -> None:
    errors = check_links(card("Put one of them into your hand."))
    assert len(errors) == 1
    assert "looked at" in str(errors[0]) and "does none of these" in str(errors[0])


def test_manifesting_one_of_them_outside_a_look_is_a_link_error() -> None:
    errors = check_links(card("You gain 3 life. Manifest one of those cards."))
    assert [e for e in errors if "does none of these" in str(e)]


def test_cards_drawn_or_revealed_are_cards_one_of_them_can_name() -> None:
    assert check_links(card("Draw two cards, then discard one of them.")) == []
    assert check_links(card("Reveal the top three cards of your library. Put one of them into your hand.")) == []


def test_vineshaper_prodigy_puts_the_rest_on_the_bottom_in_the_order_chosen() -> None:
    runner = run("k21_vineshaper_prodigy.toml")
    game = runner.game
    names = [game.obj(c).card.name for c in game.zone("library", "A")]
    # "Forest" named first, "Hill Giant" last: Hill Giant is the bottom card
    assert names == ["Plains", "Forest", "Hill Giant"]


def test_write_into_being_bottom_leaves_the_third_card_on_top() -> None:
    game = run("m06_write_into_being_bottom.toml").game
    assert [game.obj(c).card.name for c in game.zone("library", "A")] == ["Academy Drake"]


def test_manifest_one_of_those_cards_needs_an_answer() -> None:
    from cardtext.interpreter.errors import UnansweredDecision

    path = SCENARIOS / "m06_write_into_being_top.toml"
    text = path.read_text(encoding="utf-8").replace('choices = ["Hill Giant", "top"]', "choices = []")
    with pytest.raises((UnansweredDecision, CardTextError)):
        Runner(path, text).run()


# --------------------------------------------------------------------------
# Equipment that attaches itself; a static ability with two effects
# --------------------------------------------------------------------------


def test_gets_and_cant_be_blocked_is_one_static_ability_with_two_effects() -> None:
    c = card("Equipped creature gets +1/+0 and can't be blocked.", type_line="Artifact — Equipment")
    (ab,) = c.abilities
    equipped = A.AttachedRef("equipped")
    assert isinstance(ab, A.StaticEffect)
    pump = ab.action
    assert (pump.what, pump.power, pump.toughness, pump.until_eot) == (equipped, 1, 0, False)
    assert pump.extra == A.CantBlock(None, blocked=True)  # the second verb shares the subject
    assert "Equipped creature gets +1/+0 and can't be blocked." in render_card(c)
    assert parse_card(render_card(c)) == c


def coat_game() -> tuple[object, object, object]:
    from cardtext.interpreter.characteristics import chars

    game = run("m07_cryptic_coat.toml").game
    coat = next(o for o in game.battlefield() if chars(o).name == "Cryptic Coat")
    cloaked = next(o for o in game.battlefield() if o.face_down == "cloaked")
    return game, coat, cloaked


def test_equipment_stays_unattached_when_its_creature_leaves() -> None:
    """704.5n: the Equipment stays on the battlefield, attached to nothing."""
    from cardtext.interpreter import sba
    from cardtext.interpreter.zones import move

    game, coat, cloaked = coat_game()
    assert coat.attached_to == cloaked.id
    move(game, cloaked, "graveyard")
    sba.check(game)
    assert coat.zone == "battlefield"
    assert coat.attached_to is None


def test_equipment_cant_be_attached_to_a_land_or_to_itself() -> None:
    from cardtext.interpreter.attach import attach_problem
    from cardtext.interpreter.characteristics import chars

    game, coat, cloaked = coat_game()
    island = next(o for o in game.battlefield() if chars(o).name == "Island")
    assert "only a creature" in (attach_problem(game, coat, island) or "")
    assert "itself" in (attach_problem(game, coat, coat) or "")
    assert attach_problem(game, coat, cloaked) is None
    assert "only an Aura or an Equipment" in (attach_problem(game, island, cloaked) or "")


# --------------------------------------------------------------------------
# "It becomes an Aura with enchant creature"
# --------------------------------------------------------------------------


def test_becomes_an_aura_with_enchant_creature() -> None:
    c = card("When Test Card enters, it becomes an Aura with enchant creature.", type_line="Enchantment")
    (becomes,) = actions(c)
    assert isinstance(becomes, A.Becomes) and becomes.what == A.ItRef()
    assert becomes.types == ("Aura",)
    assert becomes.keywords == (A.Enchant(A.ObjectFilter((A.Noun("creature", False),))),)
    assert "it becomes an Aura with enchant creature." in render_card(c)
    assert parse_card(render_card(c)) == c


def test_becomes_keeps_card_types_lower_case_and_subtypes_capitalised() -> None:
    c = card("Target land becomes an artifact creature.")
    (becomes,) = actions(c)
    assert isinstance(becomes, A.Becomes)
    assert becomes.types == ("artifact", "creature")
    assert parse_card(render_card(c)) == c


def lightform_game() -> tuple[object, object, object]:
    from cardtext.interpreter.characteristics import chars

    game = run("m09_lightform.toml").game
    aura = next(o for o in game.battlefield() if chars(o).name == "Lightform")
    host = next(o for o in game.battlefield() if o.face_down == "manifested")
    return game, aura, host


def test_lightform_is_still_an_enchantment_now_an_aura_and_grants_its_keywords() -> None:
    from cardtext.interpreter.characteristics import chars, has_keyword

    game, aura, host = lightform_game()
    c = chars(aura)
    assert c.types == ("enchantment",)
    assert c.subtypes == ("Aura",)
    assert aura.attached_to == host.id
    assert has_keyword(game, host, "flying") and has_keyword(game, host, "lifelink")
    assert not has_keyword(game, aura, "flying")


def test_aura_goes_to_the_graveyard_when_its_creature_leaves() -> None:
    """704.5m; the card in the graveyard is a new object: no longer an Aura (400.7)."""
    from cardtext.interpreter import sba
    from cardtext.interpreter.characteristics import chars
    from cardtext.interpreter.zones import move

    game, aura, host = lightform_game()
    move(game, host, "graveyard")
    sba.check(game)
    assert aura.zone == "graveyard"
    assert aura.became == ()
    assert chars(aura).subtypes == ()


# --------------------------------------------------------------------------
# "The discarded card" (Dralnu's Pet)
# --------------------------------------------------------------------------

DRALNUS_PET = (
    "Kicker—{2}{B}, Discard a creature card.",
    "If Test Card was kicked, it enters with flying and with X +1/+1 counters on it, where X is the discarded "
    "card's mana value.",
)


def test_enters_with_a_keyword_and_with_x_counters_where_x_is_the_discarded_cards_mana_value() -> None:
    c = parse_card("Test Card {1}{U}{U}\nCreature — Shapeshifter\n" + "\n".join(DRALNUS_PET) + "\n2/2\n")
    ab = c.abilities[-1]
    assert isinstance(ab, A.EntersWithCounters)
    assert ab.keywords == (A.Keyword("flying"),) and ab.keywords_first
    assert ab.amount == A.VarX()
    assert ab.where_x == A.PowerOf(A.CostPaidRef("discarded", "card"), "mana value")
    assert DRALNUS_PET[1] in render_card(c)
    assert parse_card(render_card(c)) == c
    assert check_links(c) == []


def test_the_discarded_card_without_a_discard_cost_is_a_link_error() -> None:
    c = parse_card(
        "Test Card {1}{U}{U}\nCreature — Shapeshifter\nKicker {2}{B}\n" + DRALNUS_PET[1] + "\n2/2\n"
    )
    errors = check_links(c)
    assert [e for e in errors if "discarded card" in str(e)]


def test_sacrificed_and_discarded_are_one_kind_of_reference() -> None:
    (deal,) = actions(card("Test Card deals damage equal to the sacrificed creature's power to any target."))
    assert isinstance(deal, A.DealDamage)
    assert deal.amount == A.EqualTo(A.PowerOf(A.CostPaidRef("sacrificed", "creature")), "inline")


def test_dralnus_pet_kicked_has_flying_only_while_it_stays() -> None:
    from cardtext.interpreter.characteristics import chars, has_keyword
    from cardtext.interpreter.zones import move

    game = run("k22_dralnus_pet_kicked.toml").game
    pet = next(o for o in game.battlefield() if chars(o).name == "Dralnu's Pet")
    assert has_keyword(game, pet, "flying")
    move(game, pet, "hand")
    assert not has_keyword(game, pet, "flying")


def test_dralnus_pet_unkicked_has_no_flying() -> None:
    from cardtext.interpreter.characteristics import chars, has_keyword

    game = run("k22_dralnus_pet_unkicked.toml").game
    pet = next(o for o in game.battlefield() if chars(o).name == "Dralnu's Pet")
    assert not has_keyword(game, pet, "flying")
