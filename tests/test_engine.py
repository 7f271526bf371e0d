"""Engine tests: payment, identity (400.7), rollback of refused actions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtext.grammar import ast as A
from cardtext.interpreter import (
    Game,
    IllegalAction,
    ScriptedChooser,
    activate,
    add_card,
    cast,
    new_game,
    power_toughness,
    resolve_top,
)
from cardtext.interpreter.errors import UnansweredDecision

CARDS_DIR = Path(__file__).parent / "cards"



def board(pool: dict[str, A.Card], lands: list[str], hand: list[str], **kw: object) -> tuple[Game, list]:
    game = new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]
    for name in lands:
        add_card(game, pool[name], "A", "battlefield")
    objs = [add_card(game, pool[name], "A", "hand") for name in hand]
    return game, objs


def test_refused_cast_leaves_the_game_exactly_as_it_was(pool: dict[str, A.Card]) -> None:
    game, (drake,) = board(pool, ["Island"] * 5, ["Academy Drake"], kick=[0])
    game.player("A").pool["U"] = 1
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="needs 7 mana"):
        cast(game, "A", drake.id)
    assert game.state == before
    assert game.state is not before


def test_refused_cast_after_partial_payment_is_rolled_back(pool: dict[str, A.Card]) -> None:
    # Dwarven Landslide kicked: the mana is paid, then sacrificing a land fails (none left to pick)
    game, (slide,) = board(pool, ["Mountain"] * 7, ["Dwarven Landslide"], kick=[0], targets=[])
    add_card(game, pool["Forest"], "B", "battlefield")
    add_card(game, pool["Island"], "B", "battlefield")
    game.chooser = ScriptedChooser(kick=[0], choices=[[(999, 0)]], targets=[[(3, 0)]])
    before = game.state.clone()
    with pytest.raises((IllegalAction, UnansweredDecision)):
        cast(game, "A", slide.id)
    assert game.state == before


def test_phyrexian_mana_paid_with_life_when_no_blue(pool: dict[str, A.Card]) -> None:
    game, (probe,) = board(pool, ["Forest"], ["Gitaxian Probe"])
    cast(game, "A", probe.id)
    assert game.player("A").life == 18
    assert not any(o.tapped for o in game.battlefield())


def test_hybrid_and_two_generic_hybrid(pool: dict[str, A.Card]) -> None:
    game, (app, proc) = board(pool, ["Swamp", "Mountain"] * 3, ["Beckon Apparition", "Spectral Procession"])
    proc_id = proc.id
    cast(game, "A", app.id)
    assert [o.card.name for o in game.battlefield() if o.tapped] == ["Swamp"]
    resolve_top(game)
    # {2/W}{2/W}{2/W} with no white source: six generic needed, five sources left
    with pytest.raises(IllegalAction, match="needs 6 mana"):
        cast(game, "A", proc_id)
    for _ in range(1):
        add_card(game, pool["Plains"], "A", "battlefield")
    cast(game, "A", proc_id)  # {W} from Plains + 4 generic from the rest
    untapped = [o.card.name for o in game.battlefield() if not o.tapped]
    assert len(untapped) == 1 and "Plains" not in untapped


def test_shortfall_names_the_missing_color(pool: dict[str, A.Card]) -> None:
    game, (bears,) = board(pool, ["Island", "Island", "Island"], ["Grizzly Bears"])
    with pytest.raises(IllegalAction) as err:
        cast(game, "A", bears.id)
    assert "{G}" in str(err.value) and "Island" in str(err.value)


def test_named_sources_only(pool: dict[str, A.Card]) -> None:
    game, (bears,) = board(pool, ["Forest", "Forest", "Island"], ["Grizzly Bears"])
    bears_id = bears.id  # hold ids, not objects: a refused action restores a copy of the state
    forests = [o.id for o in game.battlefield() if o.card.name == "Forest"]
    with pytest.raises(IllegalAction):
        cast(game, "A", bears_id, only=forests[:1])
    cast(game, "A", bears_id, only=forests)
    assert [o.card.name for o in game.battlefield() if not o.tapped] == ["Island"]


def test_charge_counter_mana_ability(pool: dict[str, A.Card]) -> None:
    game, (chalice, bears) = board(pool, ["Plains"] * 4, ["Everflowing Chalice", "Grizzly Bears"], kick=[0, 0])
    cast(game, "A", chalice.id)
    resolve_top(game)
    (ch,) = [o for o in game.battlefield() if o.card.name == "Everflowing Chalice"]
    assert ch.counters == {"charge": 2}
    ch.sick = False
    activate(game, "A", ch.id, 1)
    assert game.player("A").pool == {"C": 2}


def test_object_that_changes_zones_is_a_new_object_with_no_memory(pool: dict[str, A.Card]) -> None:
    game, (pack, unsummon) = board(pool, ["Forest"] * 6 + ["Island"], ["Gnarlid Pack", "Unsummon"], kick=[0, 0])
    cast(game, "A", pack.id)
    resolve_top(game)
    on_bf = game.get((pack.cid, pack.zcc))
    assert on_bf is not None and game.linked(on_bf.id).times_kicked == 2
    old_id = on_bf.id
    game.chooser = ScriptedChooser(targets=[[old_id]])
    cast(game, "A", unsummon.id)
    resolve_top(game)
    in_hand = game.obj(pack.cid)
    assert in_hand.zone == "hand" and in_hand.id != old_id
    assert game.get(old_id) is None
    assert game.linked(in_hand.id).times_kicked == 0
    assert game.linked(old_id).times_kicked == 2  # the old object's record, unreachable from the new one


def test_anthem_and_until_end_of_turn(pool: dict[str, A.Card]) -> None:
    game, (growth,) = board(pool, ["Forest", "Glorious Anthem", "Grizzly Bears"], ["Giant Growth"])
    bears = next(o for o in game.battlefield() if o.card.name == "Grizzly Bears")
    assert power_toughness(game, bears) == (3, 3)
    game.chooser = ScriptedChooser(targets=[[bears.id]])
    cast(game, "A", growth.id)
    resolve_top(game)
    assert power_toughness(game, bears) == (6, 6)


@pytest.mark.parametrize("name", ["Shock", "Pathfinding"])
def test_an_instant_or_sorcery_card_stays_where_it_was(pool: dict[str, A.Card], name: str) -> None:
    """304.4, 307.4: an instant or sorcery card put onto the battlefield stays
    in its zone, the same object; face down (manifested) it enters as a 2/2."""
    from cardtext.interpreter.replacement import put_onto_battlefield

    game = new_game(chooser=ScriptedChooser())
    card = add_card(game, pool[name], "A", "graveyard")
    stayed = put_onto_battlefield(game, card, "A")
    assert stayed.id == card.id and stayed.zone == "graveyard"
    assert game.battlefield() == []
    assert any("can't enter the battlefield" in line for line in game.log)
    manifested = put_onto_battlefield(game, stayed, "A", face_down="manifested")
    assert manifested.zone == "battlefield" and power_toughness(game, manifested) == (2, 2)


def test_return_to_the_battlefield_leaves_a_sorcery_card_in_the_graveyard(pool: dict[str, A.Card]) -> None:
    """304.4, 307.4: "Return target card from your graveyard to the
    battlefield" on a sorcery card: it stays in the graveyard, and "it"
    afterwards means nothing returned."""
    from cardtext.grammar.parser import parse_card

    raise_card = parse_card(
        "Raise Anything {B}\nSorcery\nReturn target card from your graveyard to the battlefield.", "t.card"
    )
    sorcery = next(c for c in pool.values() if c.type_line.types == ("Sorcery",) and not c.faces)
    game = new_game(chooser=ScriptedChooser())
    add_card(game, pool["Swamp"], "A", "battlefield")
    dead = add_card(game, sorcery, "A", "graveyard")
    spell = add_card(game, raise_card, "A", "hand")
    game.chooser = ScriptedChooser(targets=[[dead.id]])
    cast(game, "A", spell.id)
    resolve_top(game)
    assert [o.card.name for o in game.battlefield()] == ["Swamp"]
    assert dead.id in [game.obj(c).id for c in game.zone("graveyard", "A")]


def test_sacrifice_a_creature_may_sacrifice_the_source(pool: dict[str, A.Card]) -> None:
    """601.2h, 118.3: "Sacrifice a creature" offers the creature whose ability
    it is; "Sacrifice another creature" doesn't (109.2b)."""
    offered: list[object] = []
    game = new_game(chooser=ScriptedChooser())
    offerer = add_card(game, pool["Bone Offerer"], "A", "battlefield")
    loyal = add_card(game, pool["Loyal Offerer"], "A", "battlefield")
    offerer_id, loyal_id = offerer.id, loyal.id
    game.chooser = ScriptedChooser(choices=[[offerer_id]])

    def seen(g: Game, d: object, raw: object) -> object:
        offered.extend(getattr(d, "options", ()))
        return raw

    game.chooser.translate = seen
    activate(game, "A", offerer_id, 1)
    assert set(offered) == {offerer_id, loyal_id}
    assert game.get(offerer_id) is None and game.get(loyal_id) is not None
    game2 = new_game(chooser=ScriptedChooser())
    alone = add_card(game2, pool["Bone Offerer"], "A", "battlefield")
    activate(game2, "A", alone.id, 1)
    assert [game2.obj(c).card.name for c in game2.zone("graveyard", "A")] == ["Bone Offerer"]
    resolve_top(game2)
    assert game2.player("A").life == 22
    game3 = new_game(chooser=ScriptedChooser())
    lonely = add_card(game3, pool["Loyal Offerer"], "A", "battlefield")
    with pytest.raises(IllegalAction, match="sacrifice another creature: only 0"):
        activate(game3, "A", lonely.id, 1)


def test_trigger_order_labels_tell_two_objects_of_one_name_apart(pool: dict[str, A.Card]) -> None:
    """603.3b, 400.7: the triggered abilities of an object and of the new object
    it became after a zone change (or of two copies of a card) are labelled
    "Name#1" and "Name#2", numbered in the order the objects arrived, as REFs
    number them; one source's two abilities add " (ability N)"."""
    from cardtext.interpreter.state import PendingTrigger
    from cardtext.interpreter.triggers import order_labels
    from cardtext.interpreter.zones import move

    game = new_game(chooser=ScriptedChooser())
    watcher = add_card(game, pool["Herd Watcher"], "A", "battlefield")
    node = next(ab for ab in pool["Herd Watcher"].abilities if isinstance(ab, A.TriggeredAbility))
    old_id = watcher.id
    move(game, watcher, "exile")
    new = move(game, watcher, "battlefield")
    assert new.id != old_id and old_id in game.state.lki
    new_first = [PendingTrigger("A", new.id, 2, node, "Herd Watcher"),
                 PendingTrigger("A", old_id, 2, node, "Herd Watcher")]  # fmt: skip
    assert order_labels(game, new_first) == ["Herd Watcher#2", "Herd Watcher#1"]
    other = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    mixed = [PendingTrigger("A", old_id, 2, node, "Herd Watcher"),
             PendingTrigger("A", other.id, 0, node, "Grizzly Bears"),
             PendingTrigger("A", other.id, 1, node, "Grizzly Bears")]  # fmt: skip
    assert order_labels(game, mixed) == ["Herd Watcher", "Grizzly Bears (ability 1)", "Grizzly Bears (ability 2)"]


def test_cr712_11b_modal_back_face_permanent_enters_back_face_up(pool: dict[str, A.Card]) -> None:
    """712.11b, 712.14: a modal double-faced card cast by its back face is a
    spell with the back face's characteristics, and the permanent it becomes
    has its back face up; in the graveyard it shows its front face (712.8a)."""
    from cardtext.grammar.parser import parse_text
    from cardtext.interpreter import chars
    from cardtext.interpreter.zones import move

    (card,) = parse_text("Test Scout {G}\nCreature — Elf\n1/1\n// modal\nTest Warden {3}{W}\nCreature — Human Knight\n"
                         "Vigilance\n3/4\n").cards  # fmt: skip
    game, _ = board(pool, ["Plains"] * 4, [])
    obj = add_card(game, card, "A", "hand")
    cast(game, "A", obj.id, face=1)
    resolve_top(game)
    (perm,) = [o for o in game.battlefield() if o.card is card]
    assert chars(perm).name == "Test Warden" and power_toughness(game, perm) == (3, 4)
    assert chars(perm).mana_value == 4
    gone = move(game, perm, "graveyard")
    assert chars(gone).name == "Test Scout" and chars(gone).mana_value == 1


def test_cr712_11a_transforming_card_cast_only_by_front_face(pool: dict[str, A.Card]) -> None:
    """712.11a: a transforming double-faced card can't be cast by its back face; the game is left as it was."""
    from cardtext.grammar.parser import parse_text

    (card,) = parse_text("Test Acolyte {1}{R}\nCreature — Human\n2/1\n// transform\nTest Pyromancer\n"
                         "Creature — Human\n4/3\n").cards  # fmt: skip
    game, _ = board(pool, ["Mountain"] * 4, [])
    obj = add_card(game, card, "A", "hand")
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="only by its front face"):
        cast(game, "A", obj.id, face=1)
    assert game.state == before


def _refused_changes(game: Game, obj_id: tuple[int, int]) -> None:
    """Change each record a transaction doesn't copy (linked, LKI, this turn's lists), then fail."""
    from cardtext.interpreter.linked import Linked
    from cardtext.interpreter.zones import move

    game.set_linked(obj_id, Linked(cast=True))
    game.set_linked((999, 0), Linked(x=3))
    game.state.resolutions.append((obj_id, -1))
    game.state.cast_this_turn.append(game.get(obj_id))  # type: ignore[arg-type]
    move(game, game.get(obj_id), "graveyard")  # type: ignore[arg-type]
    raise IllegalAction("refused")


def test_a_refused_transaction_puts_back_linked_information_lki_and_this_turns_records(pool: dict[str, A.Card]) -> None:
    """601.2 (all or nothing): what a refused action remembered, saw leave
    or counted this turn is gone with it, also in a transaction inside one
    that goes on."""
    game, _ = board(pool, ["Island"] * 2, [])
    island, other = (o.id for o in game.battlefield())
    from cardtext.interpreter.linked import Linked

    game.set_linked(island, Linked(x=1))
    before = game.state.clone()
    with pytest.raises(IllegalAction), game.transaction():
        _refused_changes(game, island)
    assert game.state == before
    assert game.linked_undo is None
    with game.transaction():
        game.set_linked(other, Linked(x=2))
        with pytest.raises(IllegalAction), game.transaction():
            _refused_changes(game, island)
    assert game.linked(island) == Linked(x=1)
    assert game.linked(other) == Linked(x=2)
    assert (999, 0) not in game.state.linked
    assert island not in game.state.lki and game.get(island) is not None
    assert game.state.resolutions == [] and game.state.cast_this_turn == []
    assert game.linked_undo is None


def test_603_10a_leaves_abilities_of_permanents_that_left_together_are_an_error_not_left_out(pool: dict[str, A.Card]) -> None:
    """603.10a: two Bonehall Scavengers ("Whenever another creature you
    control dies, ...") that die in the same action would each see the
    other die; the engine doesn't look back that far yet, and says so
    instead of leaving the abilities out.  One that dies alone is seen by
    the one that stays."""
    from cardtext.interpreter.errors import Unsupported
    from cardtext.interpreter.triggers import settle
    from cardtext.interpreter.zones import move

    game, _ = board(pool, ["Bonehall Scavenger", "Grizzly Bears"], [])
    scavenger, bears = game.battlefield()
    move(game, bears, "graveyard")
    settle(game)
    assert len(game.state.stack) == 1
    resolve_top(game)
    assert game.obj(scavenger.cid).counters == {"+1/+1": 1}
    game, _ = board(pool, ["Bonehall Scavenger", "Bonehall Scavenger"], [])
    first, second = game.battlefield()
    with pytest.raises(Unsupported, match="left together"):
        move(game, first, "graveyard")
        move(game, second, "graveyard")
        settle(game)


def test_a_trigger_the_engine_cant_watch_stops_play_as_check_warns() -> None:
    """603.2: the check reports a trigger event the engine has no event for,
    and play stops with that same reason once the ability is watched (its
    permanent on the battlefield as something happens) — never a trigger
    that silently can't fire."""
    from cardtext.grammar.parser import parse_text
    from cardtext.interpreter.errors import Unsupported
    from cardtext.interpreter.support import gaps
    from cardtext.interpreter.triggers import settle
    from cardtext.interpreter.zones import move

    (card,) = parse_text("Test Watcher {1}{U}\nCreature — Bird\nWhenever you put one or more +1/+1 counters on a "
                         "creature, draw a card.\n1/1\n").cards  # fmt: skip
    (gap,) = gaps(card)
    assert gap.what == "trigger event 'puts counters on'"
    (bears,) = parse_text("Test Bears {1}{G}\nCreature — Bear\n2/2\n").cards
    game = new_game(chooser=ScriptedChooser())
    add_card(game, card, "A", "battlefield")
    other = add_card(game, bears, "A", "battlefield")
    move(game, other, "graveyard")
    with pytest.raises(Unsupported, match=r"Test Watcher's triggered ability: trigger event 'puts counters on'"):
        settle(game)


def test_the_log_writes_costs_and_triggers_in_english() -> None:
    """The log names what a cost asks for in the card's words ("an artifact",
    "two untapped creatures you control"), and a keyword's trigger by what
    happened (ward, 702.21a), never a class name."""
    from cardtext.grammar.parser import parse_text
    from cardtext.interpreter.costs import describe_ref

    def cost_words(line: str) -> str:
        (card,) = parse_text(f"Test Engine {{1}}\nArtifact\n{line}: Draw a card.\n").cards
        return describe_ref(card.abilities[0].cost.parts[0].what)

    assert cost_words("Sacrifice an artifact") == "an artifact"
    assert cost_words("Tap two untapped creatures you control") == "two untapped creatures you control"
    assert cost_words("Discard two cards") == "two cards"
    from cardtext.scenario import run_scenario_file

    result = run_scenario_file(CARDS_DIR.parent / "scenarios" / "m17_cloak_ward.toml", quiet=True)
    assert result.ok
    ward = [line for line in result.log if "triggered ability" in line]
    assert ward and all("(it became the target of a spell or ability an opponent controls)" in line for line in ward)
    assert not any("becomestarget" in line for line in result.log)


def test_a_cost_change_check_warns_of_is_the_one_play_stops_at() -> None:
    """601.2f: a change to spells' costs of "up to" an amount (the payer's
    choice) is reported by the check with the words play stops with — one
    test serves both."""
    from cardtext.grammar.parser import parse_text
    from cardtext.interpreter.errors import Unsupported
    from cardtext.interpreter.support import gaps

    (card,) = parse_text(
        "Test Foundry {2}\nArtifact\nCreature spells you cast cost up to {1} less to cast.\n"
    ).cards
    (gap,) = gaps(card)
    (bears,) = parse_text("Test Bears {1}{G}\nCreature — Bear\n2/2\n").cards
    (forest,) = parse_text("Forest\nBasic Land — Forest\n").cards
    game = new_game(chooser=ScriptedChooser())
    add_card(game, card, "A", "battlefield")
    add_card(game, forest, "A", "battlefield")
    add_card(game, forest, "A", "battlefield")
    obj = add_card(game, bears, "A", "hand")
    with pytest.raises(Unsupported, match=re.escape(gap.what)):
        cast(game, "A", obj.id)
