"""Engine pieces added for single real cards, checked below the scenario level."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.interpreter import Game, ScriptedChooser, add_card, cast, new_game, resolve_top
from cardtext.interpreter.characteristics import chars, display_name
from cardtext.interpreter.combat import declare_attackers
from cardtext.interpreter.objects import GameObject


def _game(**kw: object) -> Game:
    return new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]


def test_exile_top_face_down_hides_the_card(pool: dict[str, A.Card]) -> None:
    """406.3: Bomat Courier's attack trigger exiles the top card face down: no name, no types."""
    game = _game()
    courier = add_card(game, pool["Bomat Courier"], "A", "battlefield")
    add_card(game, pool["Shock"], "A", "library")
    declare_attackers(game, "A", [courier.id])
    resolve_top(game)
    (exiled,) = game.zone_objects("exile", "A")
    assert exiled.face_down == "exiled"
    assert exiled.card.name == "Shock"
    assert chars(exiled).name == "" and chars(exiled).types == ()
    assert display_name(exiled).startswith("face-down card")
    assert game.linked(courier.id).exiled_by(None) == [exiled.id]


def _granted(pool: dict[str, A.Card], name: str, kicker: int) -> tuple[A.Ability, ...]:
    """The quoted abilities of the volver's replacement effect for kicker cost ``kicker``."""
    ab = [a for a in pool[name].abilities if isinstance(a, A.EntersWithCounters)][kicker]
    return ab.abilities


def test_deals_damage_trigger_on_noncombat_damage_gains_that_much(pool: dict[str, A.Card]) -> None:
    """120.3, 603.7c: any damage, here from an effect, triggers 'deals damage'; 'that much' is the amount."""
    from cardtext.interpreter.actions.damage_life import deal_damage
    from cardtext.interpreter.context import Ctx
    from cardtext.interpreter.triggers import settle

    game = _game()
    rakavolver = add_card(game, pool["Rakavolver"], "A", "battlefield")
    rakavolver.granted = _granted(pool, "Rakavolver", 0)
    bears = add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    deal_damage(Ctx(game, "A", rakavolver.id), "Rakavolver", 1, [bears], ["B"], rakavolver)
    settle(game)
    assert len(game.state.stack) == 1
    resolve_top(game)
    assert game.player("A").life == 22  # 1 to Grizzly Bears and 1 to B: one event of 2
    assert game.player("B").life == 19


def test_granted_abilities_and_shields_end(pool: dict[str, A.Card]) -> None:
    """614.1c: an ability it entered with is lost when it leaves (400.7);
    701.19a: a regeneration shield ends in the cleanup step (514.2)."""
    from cardtext.interpreter import activate, pass_priority
    from cardtext.interpreter.zones import move

    game = _game()
    dega = add_card(game, pool["Degavolver"], "A", "battlefield")
    dega.granted = _granted(pool, "Degavolver", 0)
    assert any(isinstance(a, A.ActivatedAbility) for a in chars(dega).abilities)
    activate(game, "A", dega.id, 1)
    resolve_top(game)
    assert game.state.shields == [dega.id]
    pass_priority(game)  # end step
    pass_priority(game)  # cleanup
    assert game.state.shields == []
    new = move(game, dega, "hand")
    assert new.granted == () and not any(isinstance(a, A.ActivatedAbility) for a in chars(new).abilities)


def test_lethal_damage_is_a_destruction_a_shield_replaces(pool: dict[str, A.Card]) -> None:
    """704.5g is a destruction (701.19b): a shielded creature with lethal damage
    stays, tapped and with its damage removed; toughness 0 (704.5f) is not one."""
    from cardtext.interpreter.destroy import add_shield
    from cardtext.interpreter.triggers import settle

    game = _game()
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    add_shield(game, bears)
    bears.damage = 5
    settle(game)
    assert bears.zone == "battlefield" and bears.tapped and bears.damage == 0
    assert game.state.shields == []
    add_shield(game, bears)
    bears.counters["-1/-1"] = 2
    settle(game)
    assert bears.zone == "graveyard"
    assert [o.card.name for o in game.zone_objects("graveyard", "A")] == ["Grizzly Bears"]


def test_enchanted_creature_is_8_8_and_has_trample(pool: dict[str, A.Card]) -> None:
    """613.4b: "is 8/8" sets base P/T; the same ability grants trample (613.1f)."""
    from cardtext.interpreter.characteristics import keywords, power_toughness

    game = _game()
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    aura = add_card(game, pool["Gigantiform"], "A", "battlefield")
    assert power_toughness(game, bears) == (2, 2)
    aura.attached_to = bears.id
    assert power_toughness(game, bears) == (8, 8)
    assert "trample" in keywords(game, bears)
    assert "trample" not in keywords(game, aura)


def test_aura_with_nothing_to_enchant_stays_where_it_is(pool: dict[str, A.Card]) -> None:
    """303.4f: an Aura put onto the battlefield without being cast, with no object it could enchant, stays put."""
    from cardtext.interpreter.replacement import put_onto_battlefield

    game = _game()
    add_card(game, pool["Forest"], "A", "battlefield")
    aura = add_card(game, pool["Gigantiform"], "A", "library")
    put_onto_battlefield(game, aura, "A")
    assert aura.zone == "library" and game.battlefield()[0].card.name == "Forest"


def test_aura_spell_needs_a_target(pool: dict[str, A.Card]) -> None:
    """303.4a, 601.2c: an Aura spell with nothing it could target can't be cast; the game is unchanged."""
    import pytest

    from cardtext.interpreter import IllegalAction, cast

    game = _game(kick=0)
    for _ in range(5):
        add_card(game, pool["Forest"], "A", "battlefield")
    aura = add_card(game, pool["Gigantiform"], "A", "hand")
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="target"):
        cast(game, "A", aura.id)
    assert game.state == before


def test_spend_only_tags_the_mana_just_added(pool: dict[str, A.Card]) -> None:
    """106.6: carried out as instructions, 'Add {G}{G}. Spend this mana only to
    cast kicked spells.' leaves restricted mana, which an unkicked payment can't use."""
    from cardtext.interpreter.context import Ctx
    from cardtext.interpreter.effects import run
    from cardtext.interpreter.mana import find_payment, need_of

    game = _game()
    druid = add_card(game, pool["Elfhame Druid"], "A", "battlefield")
    ability = pool["Elfhame Druid"].abilities[1]
    assert isinstance(ability, A.ActivatedAbility)
    run(Ctx(game, "A", druid.id, 1), ability.effect)
    assert game.player("A").pool == {"G:kicked": 2}
    druid.tapped = True
    need = need_of([A.ManaCost((A.ColoredMana("G"),))])
    assert find_payment(game, "A", need) is None
    found = find_payment(game, "A", need, allowed=frozenset({"kicked"}))
    assert found is not None and found.spend == ("G:kicked",)


def _gonti_exiles(pool: dict[str, A.Card], swamps: int = 4) -> tuple[Game, GameObject]:
    """Gonti, Lord of Luxury cast and resolved: B's Hill Giant exiled face down."""
    game = _game()
    for _ in range(4 + swamps):
        add_card(game, pool["Swamp"], "A", "battlefield")
    gonti = add_card(game, pool["Gonti, Lord of Luxury"], "A", "hand")
    cards = [add_card(game, pool[name], "B", "library") for name in ("Forest", "Grizzly Bears", "Hill Giant", "Island")]
    game.chooser = ScriptedChooser(choices=[[cards[2].id]])
    cast(game, "A", gonti.id)
    resolve_top(game)
    resolve_top(game)
    (exiled,) = game.zone_objects("exile", "B")
    return game, exiled


def test_look_at_and_cast_lets_only_its_player_look(pool: dict[str, A.Card]) -> None:
    """406.3: "You may look at and cast that card": A may look at the card
    exiled face down, B (its owner) may not; a scenario's cast step lets A
    alone name it."""
    from cardtext.interpreter.cast_permissions import may_look_at, permissions_for
    from cardtext.scenario import RefError, resolve_ref

    game, exiled = _gonti_exiles(pool)
    assert exiled.face_down == "exiled" and exiled.card.name == "Hill Giant"
    assert may_look_at(game, "A", exiled) and not may_look_at(game, "B", exiled)
    (permission,) = permissions_for(game, "A", exiled)
    assert permission.look and permission.spend_any == "type" and not permission.this_turn
    assert not permissions_for(game, "B", exiled)
    assert resolve_ref(game, "Hill Giant", [exiled], what="a card", viewer="A") is exiled
    with pytest.raises(RefError):
        resolve_ref(game, "Hill Giant", [exiled], what="a card", viewer="B")


def test_spend_as_though_any_type_pays_red_with_swamps(pool: dict[str, A.Card]) -> None:
    """609.4b: with Gonti's permission, Swamps pay Hill Giant's {R}; the
    mana spent is still black and the cost unchanged."""
    game, exiled = _gonti_exiles(pool)
    cast(game, "A", exiled.id, from_zone="exile")
    assert any("pays {B}{B}{B}{B} for {3}{R}" in line for line in game.log)
    resolve_top(game)
    assert [o.card.name for o in game.battlefield() if o.controller == "A" and o.card.name == "Hill Giant"] == ["Hill Giant"]


def test_mana_of_any_color_doesnt_pay_colorless_symbols() -> None:
    """609.4b: "as though it were mana of any color" pays a colored (or
    hybrid, Phyrexian) symbol with any mana, but {C} still needs colorless
    mana; "of any type" pays {C} too."""
    from cardtext.interpreter.mana import Requirement, pays

    red, colorless = Requirement("{R}", frozenset("R")), Requirement("{C}", frozenset("C"))
    assert not pays("B", red) and pays("B", red, "color") and pays("B", red, "type")
    assert pays("C", red, "color")
    assert not pays("B", colorless, "color") and pays("B", colorless, "type") and pays("C", colorless)


def test_spending_rule_needs_a_permission_before_it(pool: dict[str, A.Card]) -> None:
    """609.4b: "you may spend mana as though ..." is a rule of the permission
    granted before it in the sentence; without one it is a gap, not a rule
    applied to nothing."""
    from cardtext.grammar import parse_card
    from cardtext.interpreter.support import gaps

    assert not gaps(pool["Gonti, Lord of Luxury"]) and not gaps(pool["Borrowed Palette"])
    card = parse_card("Lone Palette {R}\nSorcery\nExile target card from a graveyard. "
                      "You may spend mana as though it were mana of any type to cast that spell.")  # fmt: skip
    (gap,) = gaps(card)
    assert "no permission to cast before it" in gap.what


def _described(text: str) -> A.ObjectFilter:
    from cardtext.testing import parse_ability

    ability = parse_ability(text, link=False)
    return next(n for n in ability.walk() if isinstance(n, A.ObjectFilter))


def test_an_outlaw_is_an_assassin_mercenary_pirate_rogue_or_warlock() -> None:
    """The outlaw batch: a creature with one of those five types, and no other."""
    from cardtext.interpreter.filters import matches
    from cardtext.testing import parse_card

    game = _game()
    filt = _described("Destroy target outlaw.")
    rogue = add_card(game, parse_card("Test Rogue {1}{B}\nCreature — Human Rogue\n2/2"), "A", "battlefield")
    bear = add_card(game, parse_card("Test Bear {1}{G}\nCreature — Bear\n2/2"), "A", "battlefield")
    assert matches(game, filt, rogue, you="A", source=None)
    assert not matches(game, filt, bear, you="A", source=None)


def test_700_9_a_modified_creature_has_a_counter_or_an_equipment() -> None:
    from cardtext.interpreter.filters import matches
    from cardtext.testing import parse_card

    game = _game()
    filt = _described("Destroy target modified creature.")
    bear = add_card(game, parse_card("Test Bear {1}{G}\nCreature — Bear\n2/2"), "A", "battlefield")
    other = add_card(game, parse_card("Test Bear {1}{G}\nCreature — Bear\n2/2"), "A", "battlefield")
    sword = add_card(game, parse_card("Test Sword {1}\nArtifact — Equipment\nEquip {1}"), "A", "battlefield")
    assert not matches(game, filt, bear, you="A", source=None)
    bear.counters["+1/+1"] = 1
    sword.attached_to = other.id
    assert matches(game, filt, bear, you="A", source=None)
    assert matches(game, filt, other, you="A", source=None)
