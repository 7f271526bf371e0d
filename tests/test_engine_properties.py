"""Property tests: random legal and illegal actions on random small boards
never corrupt the game.

* a refused action (IllegalAction, or a decision the chooser can't answer)
  leaves the state equal to a snapshot taken just before it;
* the number of cards is conserved across zones (tokens and spell copies
  come and go, cards don't);
* every object is in exactly the zone list its ``zone`` says.

The actions include casting a card face down with morph (702.37c) and
turning a face-down permanent face up for its mana or its morph cost (116.2b),
and casting modal spells and a creature with a modal triggered ability: every
modal spell or ability on the stack has a number of distinct modes its
"choose ..." allows, in printed order, and no target for a mode that wasn't
chosen (700.2, 700.2c, 700.2d).

Cards are also cast from the graveyard with flashback (702.34a) — a
refusal for a card without it (601.3) leaves the game as it was — and
multi-face cards by a random face (709.3, 715.3, 712.11b): a spell cast by
a face has only that face's characteristics on the stack, and a card cast
with flashback never reaches a graveyard from the stack.

They also include random declarations of attackers and blockers (508.1,
509.1) among creatures with combat keywords and restrictions, and passing
through combat damage (510): a refused declaration (a tapped or
summoning-sick attacker, defender, a non-flyer blocking a flyer, one blocker
on a menace attacker, "can't block", a block out of turn) or a refused
damage assignment (trample, 702.19b) leaves the state as it was.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtext.grammar.errors import CardTextError
from cardtext.interpreter import (
    Game,
    RandomChooser,
    activate,
    activated_abilities,
    add_card,
    cast,
    chars,
    new_game,
    pass_priority,
    resolve_top,
    turn_face_up,
)
from cardtext.interpreter.characteristics import block_capacity, power_toughness
from cardtext.interpreter.choices import Decision
from cardtext.interpreter.combat import declare_attackers, declare_blockers
from cardtext.scenario import bundled_pool, load_extra_cards

CARDS_DIR = Path(__file__).parent / "cards"
_POOL: dict = {}


def pool() -> dict:
    if not _POOL:
        _POOL.update(bundled_pool())
        for c in load_extra_cards([CARDS_DIR]):
            _POOL[c.name] = c
    return _POOL


LANDS = ["Forest", "Island", "Mountain", "Plains", "Swamp"]
SPELLS = [
    "Gnarlid Pack", "Academy Drake", "Grizzly Bears", "Shock", "Murder", "Cancel", "Unsummon",
    "Stormscape Battlemage", "Dwarven Landslide", "Rushing River", "Soul Summons", "Formless Nurturing",
    "Deathforge Shaman", "Saproling Infestation", "Fiend Hunter", "Oblivion Ring", "Giant Growth",
    "Burst Lightning", "Phyrexian Scuta", "Cackling Counterpart", "Everflowing Chalice", "Illuminate",
    "Gitaxian Probe", "Spectral Procession", "Ethereal Ambush", "Roost of Drakes", "Divination",
    "Icefeather Aven", "Ainok Survivalist", "Mistveil Scout", "Veiled Watcher", "Abzan Guide",
    "Inscription of Ruin", "Inscription of Abundance", "Shambling Ghast",
    "Think Twice", "Firebolt", "Kindled Insight",
    "Assault // Battery", "Giant Killer // Chop Down", "Dawnward Healer // Duskward Blessing",
]  # fmt: skip
FLASHBACK_CARDS = ["Think Twice", "Firebolt", "Kindled Insight"]
FACE_CARDS = ["Assault // Battery", "Giant Killer // Chop Down", "Dawnward Healer // Duskward Blessing"]
MODAL_CARDS = ["Inscription of Ruin", "Inscription of Abundance"]
MORPH_CARDS = ["Icefeather Aven", "Ainok Survivalist", "Mistveil Scout", "Veiled Watcher", "Abzan Guide"]
TURN_UP_COSTS = ("mana", "morph", "morph")  # by the action's number, 1 to 3
FIGHTERS = [
    "Grizzly Bears", "Hill Giant", "Wind Drake", "Giant Spider", "Boggart Brute", "Colossal Dreadmaw",
    "Thornbite Stalker", "Kavu Aggressor", "Wall of Wood", "Youthful Knight", "Fencing Ace", "Scroll Thief",
    "Trumpet Herald", "Serra Angel", "Child of Night", "Palace Guard", "Foriysian Brigade",
]  # fmt: skip


def cards_in_play(game: Game) -> int:
    return sum(1 for o in game.state.objects.values() if o.is_card)


def check_zones(game: Game) -> None:
    seen: dict[int, str] = {}
    for key, ids in game.state.zones.items():
        for cid in ids:
            assert cid not in seen, f"{cid} in {seen[cid]} and {key}"
            seen[cid] = key
            o = game.state.objects[cid]
            assert key.split(":")[-1] == o.zone, (key, o.zone)
    assert set(seen) == set(game.state.objects)
    for item in game.state.stack:
        if item.kind == "spell":
            spell = game.get(item.source)
            assert spell is not None and spell.zone == "stack"


def check_faces(game: Game) -> None:
    """709.3b, 715.3b, 712.11b: a spell cast by a face has only that face's
    characteristics; 702.34a: a card cast with flashback never lands in a
    graveyard from the stack (it is exiled)."""
    for item in game.state.stack:
        spell = game.get(item.source)
        if item.kind == "spell" and spell is not None and spell.face is not None:
            face = (spell.copy_of or spell.card).faces[spell.face]
            assert chars(spell).name == face.name and chars(spell).mana_cost == face.mana_cost
    for o in game.state.objects.values():
        before = (o.cid, o.zcc - 1)  # the object it was before its last zone change (400.7)
        left = game.state.lki.get(before)
        if o.zone == "graveyard" and left is not None and left.zone == "stack":
            assert game.linked(before).via != "flashback", f"{o.card.name} cast with flashback went to a graveyard"


def check_blocks(game: Game) -> None:
    """509.1a: no creature blocks more attackers than its abilities allow;
    509.1h: every attacker a creature blocks is blocked."""
    combat = game.state.combat
    assert combat is not None
    for bid, aids in combat.blockers.items():
        most = block_capacity(game, game.obj(bid[0]))
        assert aids and (most is None or len(aids) <= most), (bid, aids, most)
        assert len(set(aids)) == len(aids) and set(aids) <= combat.blocked


def check_modes(game: Game) -> None:
    """700.2: the modes of each modal spell or ability on the stack."""
    from cardtext.interpreter.modes import count_range, modes_of
    from cardtext.interpreter.stack import item_ctx
    from cardtext.interpreter.targets import slots_of

    for item in game.state.stack:
        node = modes_of(item.effect)
        if node is None:
            assert item.modes is None
            continue
        assert item.modes is not None and list(item.modes) == sorted(set(item.modes))
        lo, hi, word = count_range(item_ctx(game, item), node)
        assert lo <= len(item.modes) <= hi, (item.name, word, item.modes)
        assert item.effect is not None
        for slot, chosen in zip(slots_of(item.effect), item.targets, strict=True):
            if slot.mode is not None and slot.mode not in item.modes:
                assert chosen == ()


names = st.sampled_from(SPELLS)
board = st.fixed_dictionaries({
    "lands": st.lists(st.sampled_from(LANDS), min_size=0, max_size=7),
    "creatures": st.lists(st.sampled_from(["Gnarlid Pack", *FIGHTERS]), max_size=3),
    "hand": st.lists(names, min_size=1, max_size=4),
    "library": st.lists(st.sampled_from(SPELLS + LANDS), max_size=5),
    "graveyard": st.lists(st.sampled_from(FLASHBACK_CARDS + ["Grizzly Bears", "Shock"]), max_size=3),
})  # fmt: skip
action = st.tuples(
    st.sampled_from(["cast", "cast", "cast", "cast_face_down", "activate", "face_up", "face_up", "resolve", "resolve", "pass",
                     "attack", "block", "pass", "cast_graveyard", "cast_face"]),
    st.sampled_from(["A", "B"]),
    st.integers(0, 9),
    st.integers(1, 3),
)


def setup(seed: int, boards: list[dict]) -> Game:
    game = new_game(seed=seed, chooser=RandomChooser(seed))
    p = pool()
    for player, b in zip(("A", "B"), boards, strict=True):
        for name in b["lands"] + b["creatures"]:
            add_card(game, p[name], player, "battlefield")
        for name in b["hand"]:
            add_card(game, p[name], player, "hand")
        for name in b["library"]:
            add_card(game, p[name], player, "library")
        for name in b.get("graveyard", ()):
            add_card(game, p[name], player, "graveyard")
    return game


def take(game: Game, kind: str, player: str, index: int, number: int) -> None:
    if kind == "cast":
        hand = game.zone("hand", player)
        if hand:
            cast(game, player, game.obj(hand[index % len(hand)]).id)
    elif kind == "activate":
        mine = [o for o in game.battlefield() if o.controller == player]
        if mine:
            o = mine[index % len(mine)]
            activate(game, player, o.id, number if activated_abilities(o) else 1)
    elif kind == "cast_graveyard":
        yard = game.zone("graveyard", player)
        if yard:
            cast(game, player, game.obj(yard[index % len(yard)]).id, from_zone="graveyard")
    elif kind == "cast_face":
        hand = game.zone("hand", player)
        if hand:
            cast(game, player, game.obj(hand[index % len(hand)]).id, face=number % 2)
    elif kind == "cast_face_down":
        hand = game.zone("hand", player)
        if hand:
            cast(game, player, game.obj(hand[index % len(hand)]).id, face_down=True)
    elif kind == "face_up":
        down = [o for o in game.battlefield() if o.face_down]
        if down:
            turn_face_up(game, player, down[index % len(down)].id, how=TURN_UP_COSTS[(number - 1) % 3])
    elif kind == "attack":
        mine = [o for o in game.battlefield() if o.controller == player]
        mask = index * 3 + number
        declare_attackers(game, player, [o.id for i, o in enumerate(mine) if mask >> (i % 5) & 1])
    elif kind == "block":
        attackers = list(game.state.combat.attackers) if game.state.combat else []
        mine = [o for o in game.battlefield() if o.controller == player and "creature" in chars(o).types]
        mask = index * 3 + number
        pairs = [(o.id, attackers[(index + i) % len(attackers)]) for i, o in enumerate(mine)
                 if attackers and mask >> (i % 5) & 1]  # fmt: skip
        if number == 3 and len(attackers) > 1:
            # blockers that may block several (509.1a), and on an even index the first of any, also block the next attacker
            pairs += [(b, attackers[(attackers.index(a) + 1) % len(attackers)]) for i, (b, a) in enumerate(pairs)
                      if block_capacity(game, game.obj(b[0])) != 1 or i == 0 and index % 2 == 0]  # fmt: skip
        declare_blockers(game, player, pairs)
        check_blocks(game)
    elif kind == "resolve":
        resolve_top(game)
    else:
        pass_priority(game)


def take_counted(game: Game, kind: str, player: str, index: int, number: int,
                 outcomes: dict[str, dict[str, int]], *, done_if_logged: bool = False) -> None:
    """:func:`take`, counted in ``outcomes[kind]`` as "ok" (with
    ``done_if_logged``, only if it logged something) or "refused"; a refused
    action must leave the state and the log exactly as they were."""
    before = game.state.clone()
    log_len = len(game.log)
    try:
        take(game, kind, player, index, number)
    except CardTextError:
        if kind in outcomes:
            outcomes[kind]["refused"] += 1
        assert game.state == before, f"refused {kind} changed the state"
        assert len(game.log) == log_len, f"refused {kind} left lines in the log"
        return
    if kind in outcomes and (not done_if_logged or len(game.log) > log_len):
        outcomes[kind]["ok"] += 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), a=board, b=board, actions=st.lists(action, min_size=1, max_size=14))
def test_random_actions_never_corrupt_the_game(seed: int, a: dict, b: dict, actions: list) -> None:
    game = setup(seed, [a, b])
    total = cards_in_play(game)
    refused = 0
    for kind, player, index, number in actions:
        before = game.state.clone()
        log_len = len(game.log)
        try:
            take(game, kind, player, index, number)
        except CardTextError:
            refused += 1
            assert game.state == before, f"refused {kind} changed the state"
            assert len(game.log) == log_len
        check_zones(game)
        check_modes(game)
        check_faces(game)
        assert cards_in_play(game) == total


def test_random_modal_casts_refuse_and_succeed() -> None:
    """Random modal casts (random kicks, random modes) are both cast and
    refused; each refusal leaves the game as it was, and each cast spell's
    modes fit its count (so the checks above meet both outcomes)."""
    outcomes = {"ok": 0, "refused": 0, "several modes": 0}
    for seed in range(40):
        boards = [
            {"lands": ["Swamp", "Forest"] * 4, "creatures": ["Grizzly Bears"], "hand": MODAL_CARDS * 2,
             "library": LANDS},
            {"lands": LANDS, "creatures": ["Hill Giant"] if seed % 2 else [], "hand": ["Forest", "Island"],
             "library": LANDS},
        ]  # fmt: skip
        game = setup(seed, boards)
        for i in range(6):
            before = game.state.clone()
            try:
                take(game, "cast" if i % 3 < 2 else "resolve", "A", seed + i, 1)
            except CardTextError:
                outcomes["refused"] += 1
                assert game.state == before
                continue
            check_modes(game)
            if i % 3 < 2:
                outcomes["ok"] += 1
                modes = game.state.stack[-1].modes or ()
                outcomes["several modes"] += len(modes) > 1
    assert outcomes["ok"] > 20 and outcomes["refused"] > 20 and outcomes["several modes"] > 2, outcomes


def test_random_games_refuse_and_succeed() -> None:
    """The property test above exercises both outcomes (so it can fail)."""
    outcomes = {"ok": 0, "refused": 0}
    for seed in range(40):
        boards = [
            {"lands": LANDS * 2, "creatures": ["Grizzly Bears"], "hand": SPELLS[seed % 9 :: 9], "library": LANDS},
            {"lands": LANDS, "creatures": ["Hill Giant"], "hand": SPELLS[(seed + 3) % 9 :: 9], "library": LANDS},
        ]
        game = setup(seed, boards)
        for i in range(8):
            before = game.state.clone()
            try:
                take(game, ["cast", "resolve", "cast", "activate"][i % 4], "AB"[i % 2], seed + i, 1)
                outcomes["ok"] += 1
            except CardTextError:
                outcomes["refused"] += 1
                assert game.state == before
    assert outcomes["ok"] > 20 and outcomes["refused"] > 5, outcomes


def test_random_face_down_actions_refuse_and_succeed() -> None:
    """Casting face down and turning face up, in random games, both succeed
    and are refused (so the rollback check above meets both), and a refusal
    leaves the game exactly as it was."""
    outcomes = {"cast_face_down": {"ok": 0, "refused": 0}, "face_up": {"ok": 0, "refused": 0}}
    for seed in range(30):
        boards = [
            {"lands": LANDS * 2, "creatures": [], "hand": MORPH_CARDS[seed % 5 :] + ["Grizzly Bears"], "library": LANDS},
            {"lands": LANDS[seed % 5 :], "creatures": ["Hill Giant"], "hand": MORPH_CARDS, "library": LANDS},
        ]
        game = setup(seed, boards)
        total = cards_in_play(game)
        script = ["cast_face_down", "resolve", "face_up", "cast_face_down", "resolve", "face_up", "resolve", "face_up"]
        for i, kind in enumerate(script):
            take_counted(game, kind, "A" if i < 5 else "AB"[seed % 2], seed + i, 1 + (seed + i) % 3, outcomes,
                         done_if_logged=True)  # fmt: skip
            check_zones(game)
            assert cards_in_play(game) == total
    for kind, seen in outcomes.items():
        assert seen["ok"] > 5 and seen["refused"] > 3, (kind, outcomes)


def test_random_combat_declarations_refuse_and_succeed() -> None:
    """Random attacks, blocks and passes through combat, on boards of creatures
    with combat keywords: declarations are both accepted and refused, each
    refusal leaves the game exactly as it was, and combat damage is dealt."""
    outcomes = {"attack": {"ok": 0, "refused": 0}, "block": {"ok": 0, "refused": 0}, "pass": {"ok": 0, "refused": 0}}
    damaged = 0
    for seed in range(40):
        boards = [
            {"lands": ["Forest"], "creatures": FIGHTERS[seed % 15 :: 4], "hand": ["Grizzly Bears"], "library": LANDS},
            {"lands": ["Island"], "creatures": FIGHTERS[(seed + 2) % 15 :: 5], "hand": ["Forest"], "library": LANDS},
        ]
        game = setup(seed, boards)
        if seed % 3 == 0:
            game.obj(game.zone("battlefield")[1]).sick = True  # came under A's control this turn (302.6)
        total = cards_in_play(game)
        script = [("attack", "A"), ("attack", "A"), ("block", "A"), ("block", "B"), ("block", "B"), ("block", "B"),
                  ("pass", "A"), ("pass", "A"), ("pass", "A")]  # fmt: skip
        for i, (kind, player) in enumerate(script):
            take_counted(game, kind, player, seed + i, 1 + (seed + i) % 3, outcomes)
            check_zones(game)
            assert cards_in_play(game) == total
        damaged += game.player("B").life < 20 or any(o.damage for o in game.battlefield())
    assert all(v["ok"] > 5 and v["refused"] > 3 for k, v in outcomes.items() if k != "pass"), outcomes
    assert outcomes["pass"]["ok"] > 20 and damaged > 10, (outcomes, damaged)


MULTI_BLOCKERS = ["Palace Guard", "Foriysian Brigade", "Grizzly Bears", "Giant Spider"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**16),
    attackers=st.lists(st.sampled_from(FIGHTERS), min_size=1, max_size=4),
    blockers=st.lists(st.sampled_from(MULTI_BLOCKERS), min_size=1, max_size=3),
    picks=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=7),
)
def test_blockers_of_several_attackers(seed: int, attackers: list[str], blockers: list[str],
                                       picks: list[tuple[int, int]]) -> None:  # fmt: skip
    """509.1a: a random declaration in which creatures may block several
    attackers is accepted only if no creature blocks more than it may (one,
    two with "an additional creature", any number) and is otherwise refused
    with the game as it was; accepted, every attacker blocked is blocked
    (509.1h), and a blocker's combat damage, divided among the attackers it
    blocks (510.1d), is dealt in full to those attackers."""
    game = setup(seed, [{"lands": [], "creatures": attackers, "hand": [], "library": LANDS},
                        {"lands": [], "creatures": blockers, "hand": [], "library": LANDS}])  # fmt: skip
    try:
        declare_attackers(game, "A", [o.id for o in game.battlefield() if o.controller == "A"])
    except CardTextError:
        return  # defender (Wall of Wood): nothing to block
    combat = game.state.combat
    assert combat is not None
    mine = [o.id for o in game.battlefield() if o.controller == "B"]
    theirs = list(combat.attackers)
    pairs = list(dict.fromkeys((mine[b % len(mine)], theirs[a % len(theirs)]) for b, a in picks))
    counts = {b: sum(1 for x, _ in pairs if x == b) for b in mine}
    before = game.state.clone()
    try:
        declare_blockers(game, "B", pairs)
    except CardTextError:
        assert game.state == before
        return
    for b, n in counts.items():
        most = block_capacity(game, game.obj(b[0]))
        assert most is None or n <= most
    check_blocks(game)
    assert combat.blocked == {a for _, a in pairs}
    several = {b: aids for b, aids in combat.blockers.items() if len(aids) > 1}
    if any(block_capacity(game, game.obj(b[0])) == 1 for b in several):
        raise AssertionError("a creature that may block one attacker blocks several")
    power = {b: power_toughness(game, game.obj(b[0]))[0] for b in combat.blockers}
    blocked = dict(combat.blockers)
    asked: list[Decision] = []
    random_choice = game.chooser.choose

    def recording(g: Game, d: Decision) -> object:
        asked.append(d)
        return random_choice(g, d)

    game.chooser.choose = recording  # type: ignore[method-assign]
    for _ in range(4):
        if game.state.step == "main2":
            break
        try:
            pass_priority(game)
        except CardTextError:  # an attacker's random division the rules refuse (702.19b)
            break
    check_zones(game)
    for d in asked:
        if d.kind == "divide" and d.player == "B":  # 510.1d: among the attackers one blocker blocks, all its power
            assert any(set(d.options) <= set(aids) and d.total == power[b] for b, aids in blocked.items()), d


def test_random_flashback_and_face_casts_refuse_and_succeed() -> None:
    """Casts from the graveyard and by face, in random games, both succeed
    and are refused (so the rollback and face checks above meet both
    outcomes); a refusal leaves the game as it was; flashback spells end in
    exile (702.34a)."""
    outcomes = {"cast_graveyard": {"ok": 0, "refused": 0}, "cast_face": {"ok": 0, "refused": 0}}
    exiled = 0
    for seed in range(30):
        boards = [
            {"lands": LANDS * 2, "creatures": ["Grizzly Bears"], "hand": FACE_CARDS[seed % 3 :] + ["Shock"],
             "library": LANDS, "graveyard": FLASHBACK_CARDS[seed % 3 :] + ["Grizzly Bears"]},
            {"lands": LANDS, "creatures": ["Colossal Dreadmaw"], "hand": FACE_CARDS, "library": LANDS, "graveyard": []},
        ]  # fmt: skip
        game = setup(seed, boards)
        total = cards_in_play(game)
        script = ["cast_graveyard", "resolve", "cast_face", "resolve", "cast_graveyard", "cast_face", "resolve", "resolve"]
        for i, kind in enumerate(script):
            take_counted(game, kind, "A", seed + i, 1 + (seed + i) % 3, outcomes)
            check_zones(game)
            check_faces(game)
            assert cards_in_play(game) == total
        exiled += sum(1 for o in game.zone_objects("exile", "A") if o.card.name in FLASHBACK_CARDS)
    for kind, seen in outcomes.items():
        assert seen["ok"] > 5 and seen["refused"] > 3, (kind, outcomes)
    assert exiled > 5, exiled
