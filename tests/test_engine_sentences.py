"""Instructions carried out one after another (608.2c), each with its own
subject: a search, then a put, then a shuffle; a "you may" that covers the
instructions sharing its subject; one target named as the subject of two
instructions; a static ability a spell has while on the stack (113.6a)."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_card
from cardtext.interpreter import (
    Game,
    IllegalAction,
    ScriptedChooser,
    add_card,
    cast,
    new_game,
    resolve_top,
)
from cardtext.interpreter.support import gaps


def _card(text: str) -> A.Card:
    return parse_card(text, "t.card")


def _game(**kw: object) -> Game:
    return new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]


LANDER = _card(
    "Lander {G}\nSorcery\nSearch your library for a basic land card, put it onto the battlefield tapped, then shuffle."
)
MAYBE = _card(
    "Maybe Lander {G}\nSorcery\n"
    "You may search your library for a basic land card, put it onto the battlefield tapped, then shuffle."
)
DRAIN = _card("Drain {B}\nSorcery\nTarget player draws a card and loses 1 life.")


def _library(game: Game, pool: dict[str, A.Card], names: list[str]) -> dict[str, tuple[int, int]]:
    """Cards put in A's library, top first; their ids by name."""
    return {name: add_card(game, pool[name], "A", "library").id for name in names}


def test_search_then_put_it_then_shuffle(pool: dict[str, A.Card]) -> None:
    """701.23: the card found is what "put it" puts; then the library is shuffled (701.20)."""
    game = _game()
    add_card(game, pool["Forest"], "A", "battlefield")
    ids = _library(game, pool, ["Hill Giant", "Forest", "Island"])
    game.chooser = ScriptedChooser(choices=[[ids["Island"]]])
    spell = add_card(game, LANDER, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    (island,) = [o for o in game.battlefield() if o.card.name == "Island"]
    assert island.tapped
    assert len(game.zone("library", "A")) == 2
    assert any("shuffles their library" in line for line in game.log)


def test_a_search_that_finds_nothing_puts_nothing(pool: dict[str, A.Card]) -> None:
    """"Put it" after a search that found nothing means nothing — not the spell itself."""
    game = _game()
    add_card(game, pool["Forest"], "A", "battlefield")
    _library(game, pool, ["Hill Giant"])
    spell = add_card(game, LANDER, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert [o.card.name for o in game.battlefield()] == ["Forest"]
    assert [game.obj(c).card.name for c in game.zone("graveyard", "A")] == ["Lander"]
    assert any("finds nothing" in line for line in game.log)


@pytest.mark.parametrize("search", [True, False])
def test_you_may_covers_the_instructions_that_share_its_subject(pool: dict[str, A.Card], search: bool) -> None:
    """Declining "you may search ..., put it ..., then shuffle" does none of it: no shuffle either."""
    game = _game()
    add_card(game, pool["Forest"], "A", "battlefield")
    ids = _library(game, pool, ["Hill Giant", "Forest", "Island"])
    game.chooser = ScriptedChooser(choices=[True, [ids["Island"]]] if search else [False])
    before = list(game.zone("library", "A"))
    spell = add_card(game, MAYBE, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    shuffled = any("shuffles their library" in line for line in game.log)
    assert shuffled == search
    if not search:
        assert game.zone("library", "A") == before
    assert any(o.card.name == "Island" for o in game.battlefield()) == search


def test_a_subject_shared_by_two_instructions_is_one_target(pool: dict[str, A.Card]) -> None:
    """115.1: "Target player draws a card and loses 1 life": one target, both instructions."""
    game = _game(targets=[["B"]])
    add_card(game, pool["Swamp"], "A", "battlefield")
    add_card(game, pool["Shock"], "B", "library")
    spell = add_card(game, DRAIN, "A", "hand")
    item = cast(game, "A", spell.id)
    assert item.targets == (("B",),)
    resolve_top(game)
    assert game.player("B").life == 19
    assert len(game.zone("hand", "B")) == 1


def test_a_spell_that_has_split_second_if_kicked(pool: dict[str, A.Card]) -> None:
    """113.6a, 702.61a: "If this spell was kicked, it has split second" works while it is on the stack."""
    spelly = _card(
        "Spelly {R}\nInstant\nKicker {2}\nIf this spell was kicked, it has split second.\n"
        "Spelly deals 2 damage to any target."
    )
    assert gaps(spelly) == []
    game = _game(kick=[0], targets=[["B"]])
    for _ in range(4):
        add_card(game, pool["Mountain"], "A", "battlefield")
    spell = add_card(game, spelly, "A", "hand")
    shock = add_card(game, pool["Shock"], "A", "hand")
    cast(game, "A", spell.id)
    game.chooser = ScriptedChooser(targets=[["B"]])
    with pytest.raises(IllegalAction, match="split second"):
        cast(game, "A", shock.id)
    resolve_top(game)
    assert game.player("B").life == 18


def test_that_player_is_the_target_player_who_acted(pool: dict[str, A.Card]) -> None:
    """608.2c: "Target player discards a card. That player loses 1 life." — the same player."""
    card = _card("Gloom {B}\nSorcery\nTarget player discards a card. That player loses 1 life.")
    game = _game(targets=[["B"]])
    add_card(game, pool["Swamp"], "A", "battlefield")
    add_card(game, pool["Shock"], "B", "hand")
    spell = add_card(game, card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert game.player("B").life == 19 and game.player("A").life == 20
    assert game.zone("hand", "B") == []


def test_adjectives_written_one_after_another_each_hold(pool: dict[str, A.Card]) -> None:
    """ "another target nonland permanent": not itself (115.3), and not a land;
    "nonblack attacking creature" asks both."""
    from cardtext.interpreter.filters import matches

    game = _game()
    ring = add_card(game, pool["Oblivion Ring"], "A", "battlefield")
    bears = add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    forest = add_card(game, pool["Forest"], "B", "battlefield")
    trigger = next(ab for ab in pool["Oblivion Ring"].abilities if isinstance(ab, A.TriggeredAbility))
    (exile,) = trigger.effect.sentences[0].actions  # type: ignore[union-attr]
    filt = exile.what.spec
    assert filt.another and [type(a).__name__ for a in filt.adjectives] == ["TypeAdj"]
    fits = [o.card.name for o in (ring, bears, forest) if matches(game, filt, o, you="A", source=ring.id)]
    assert fits == ["Grizzly Bears"]


def test_historic_matches_artifacts_legendaries_and_sagas(pool: dict[str, A.Card]) -> None:
    """700.6: "historic" is an artifact, a legendary permanent or a Saga; nothing else."""
    from cardtext.interpreter.filters import matches

    bounce = _card("Bounce {U}\nInstant\nReturn target historic permanent to its owner's hand.")
    filt = bounce.abilities[0].effect.sentences[0].actions[0].what.spec  # type: ignore[attr-defined]
    game = _game()
    relic = add_card(game, _card("Relic {1}\nArtifact\n{T}: You gain 1 life."), "B", "battlefield")
    hero = add_card(game, _card("Hero {1}{W}\nLegendary Creature — Human\n2/2"), "B", "battlefield")
    bears = add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    fits = [o.card.name for o in (relic, hero, bears) if matches(game, filt, o, you="A", source=relic.id)]
    assert fits == ["Relic", "Hero"]


def _pt(game: Game, oid: tuple[int, int]) -> tuple[int | None, int | None]:
    from cardtext.interpreter.characteristics import power_toughness

    obj = game.get(oid)
    assert obj is not None
    return power_toughness(game, obj)


@pytest.mark.parametrize("kicked", [False, True])
def test_an_instead_sentence_acts_on_what_the_replaced_sentence_names(pool: dict[str, A.Card], kicked: bool) -> None:
    """608.2c: "Creatures your opponents control get -1/-1 ... . If this spell
    was kicked, those creatures get -2/-2 ... instead." — kicked, the first
    sentence is replaced, and "those creatures" are still the opponents'
    creatures: -2/-2 only; unkicked, -1/-1 only. "Your opponents" are not "you"."""
    game = _game(kick=[0] if kicked else [])
    for _ in range(5):
        add_card(game, pool["Swamp"], "A", "battlefield")
    mine = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    giant = add_card(game, pool["Hill Giant"], "B", "battlefield")
    spell = add_card(game, pool["Withering Sweep"], "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert _pt(game, giant.id) == ((1, 1) if kicked else (2, 2))
    assert _pt(game, mine.id) == (2, 2)


def test_an_instead_sentence_says_it_to_the_target_of_the_one_it_replaces(pool: dict[str, A.Card]) -> None:
    """"Target creature gets +1/+1 ... . If this spell was kicked, it gets +3/+3
    ... instead." — "it" is the target, not the spell."""
    card = _card(
        "Swell {G}\nInstant\nKicker {1}\nTarget creature gets +1/+1 until end of turn. "
        "If this spell was kicked, it gets +3/+3 until end of turn instead."
    )
    game = _game(kick=[0])
    for _ in range(2):
        add_card(game, pool["Forest"], "A", "battlefield")
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    game.chooser = ScriptedChooser(kick=[0], targets=[[bears.id]])
    spell = add_card(game, card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert _pt(game, bears.id) == (5, 5)


def test_those_creatures_after_a_pump_are_the_pumped_ones(pool: dict[str, A.Card]) -> None:
    """608.2c: "Creatures you control get +1/+1 ... . Untap those creatures." —
    the creatures the first instruction acted on."""
    card = _card(
        "Rally {W}\nInstant\nCreatures you control get +1/+1 until end of turn. Untap those creatures."
    )
    game = _game()
    add_card(game, pool["Plains"], "A", "battlefield")
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    theirs = add_card(game, pool["Hill Giant"], "B", "battlefield")
    bears.tapped = theirs.tapped = True
    spell = add_card(game, card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert not bears.tapped and theirs.tapped
    assert _pt(game, bears.id) == (3, 3)


def test_those_creatures_with_nothing_named_is_an_error_not_a_no_op(pool: dict[str, A.Card]) -> None:
    """An instruction whose "those creatures" refers to nothing the engine knows
    is reported (Unsupported, naming it), never silently carried out on no one."""
    from cardtext.interpreter.context import Ctx
    from cardtext.interpreter.errors import Unsupported

    game = _game()
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    ability = next(ab for ab in pool["Withering Sweep"].abilities if isinstance(ab, A.SpellAbility))
    instead = ability.effect.sentences[1]
    assert isinstance(instead, A.IfSentence) and isinstance(instead.body, A.Sentence)
    those = instead.body.actions[0].what  # "those creatures", with no sentence before it here
    assert isinstance(those, A.ThatRef)
    ctx = Ctx(game, "A", bears.id)
    with pytest.raises(Unsupported, match="those creature"):
        ctx.objects(those)


def test_an_instead_sentence_refers_to_the_replaced_sentence_not_an_earlier_one(pool: dict[str, A.Card]) -> None:
    """608.2c: with an instruction before the replaced sentence ("Tap target
    creature you control."), "those creatures" in the "instead" sentence are
    still what the replaced sentence names, not the creature tapped."""
    card = _card(
        "Sweep and Tap {B}\nInstant\nKicker {1}\nTap target creature you control. "
        "Creatures your opponents control get -1/-1 until end of turn. "
        "If this spell was kicked, those creatures get -2/-2 until end of turn instead."
    )
    game = _game()
    for _ in range(2):
        add_card(game, pool["Swamp"], "A", "battlefield")
    mine = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    giant = add_card(game, pool["Hill Giant"], "B", "battlefield")
    game.chooser = ScriptedChooser(kick=[0], targets=[[mine.id]])
    spell = add_card(game, card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert mine.tapped
    assert _pt(game, mine.id) == (2, 2)
    assert _pt(game, giant.id) == (1, 1)


def test_combat_statuses_follow_the_declarations(pool: dict[str, A.Card]) -> None:
    """506.4, 509.1h: "attacking", "blocking", "blocked", "unblocked" and
    "nonattacking" describe the creatures as declared, during combat only."""
    from cardtext.interpreter import declare_attackers, declare_blockers
    from cardtext.interpreter.filters import matches

    def status(word: str) -> A.ObjectFilter:
        return A.ObjectFilter((A.StatusAdj(word), A.Noun("creature")))

    game = _game()
    bears = add_card(game, pool["Grizzly Bears"], "A", "battlefield")
    giant = add_card(game, pool["Hill Giant"], "A", "battlefield")
    wall = add_card(game, pool["Grizzly Bears"], "B", "battlefield")

    def fits(word: str) -> list[object]:
        return [o.id for o in (bears, giant, wall) if matches(game, status(word), game.get(o.id), you="A", source=bears.id)]

    assert fits("attacking") == [] and fits("nonattacking") == [bears.id, giant.id, wall.id]
    declare_attackers(game, "A", [bears.id, giant.id])
    assert fits("attacking") == [bears.id, giant.id] and fits("unblocked") == []
    declare_blockers(game, "B", [(wall.id, bears.id)])
    assert fits("blocking") == [wall.id]
    assert fits("blocked") == [bears.id] and fits("unblocked") == [giant.id]
