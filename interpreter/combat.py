"""Combat (CR 506-511): declaring attackers and blockers, and combat damage.

The combat phase of the active player's turn, as far as scenarios need:

* beginning of combat (507) — "at the beginning of combat" abilities trigger;
* declare attackers (508) — :func:`declare_attackers`: untapped creatures
  their controller has controlled continuously since the turn began, or with
  haste (302.6), and without defender (702.3b), attack the other player;
  attacking taps them unless they have vigilance (702.20b); "whenever [this]
  attacks" triggers (508.1m);
* declare blockers (509) — :func:`declare_blockers`: untapped creatures of
  the defending player each block one attacker, or several when an ability
  says it "can block an additional creature each combat" or "any number of
  creatures" (509.1a), within the restrictions of flying and reach (702.9b,
  702.17b), menace (702.111b), fear, intimidate, shadow and horsemanship
  (702.36b, 702.13b, 702.28b, 702.31b), "can't block" and "can't be
  blocked", and static abilities that say which creatures can block which
  ("can't be blocked by [creatures]", "can block only [creatures]",
  509.1b); each attacker a creature blocks is blocked (509.1h);
* combat damage (510) — :func:`deal_combat_damage`: a first-strike damage
  step when a creature in combat has first strike or double strike (510.4,
  702.7b, 702.4b); an unblocked attacker damages the player it attacks, a
  blocked one divides its damage among its blockers as its controller
  chooses (510.1c), trample lets the rest go to the player once each blocker
  is assigned lethal damage, 1 being lethal from a source with deathtouch
  (702.19b, 702.2c); a blocker of several attackers divides its damage
  among them as its controller chooses (510.1d), after every attacker's
  assignment (510.1); lifelink and deathtouch apply as the damage is dealt
  (702.15b, 704.5h);
* end of combat (511) — creatures stop being in combat (511.3).

Planeswalkers and battles can't be attacked here: every attacker attacks the
player who isn't active.  Each step is left by passing priority with an empty
stack (:mod:`cardtext.interpreter.turns`).  Every refused declaration raises
:class:`IllegalAction` and leaves the game exactly as it was.
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .characteristics import (
    attacks_despite_defender,
    block_capacity,
    block_pair_refusal,
    chars,
    combat_requirements,
    display_name,
    has_keyword,
    keywords,
    lures,
    must_be_blocked,
    power_toughness,
    refresh_granted,
    restrictions,
)
from .choices import Decision, ask
from .context import Ctx
from .errors import IllegalAction, Unsupported
from .objects import GameObject, ObjectId, PlayerId
from .protection import protection_from
from .state import (
    Attacked,
    BecameBlocked,
    Blocks,
    BlocksAttacker,
    Combat,
    CombatDamageDealt,
    CombatDamageStep,
    DealtCombatDamage,
    DealtDamage,
    Game,
    NotBlocked,
    PlayerAttacked,
    StepBegan,
    WasDealtDamage,
)
from .statics import walk_ignored
from .this_turn import pair_refusal
from .zones import exert, tap

COMBAT_STEPS = ("combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                "end_of_combat")  # fmt: skip
"""The steps of the combat phase (506.1), as ``GameState.step`` names them."""


def defending_player(game: Game) -> PlayerId:
    """506.2: the defending player is the active player's opponent."""
    return game.opponents(game.state.active)[0]


def put_into_combat(game: Game, obj: GameObject) -> bool:
    """508.4: a creature put onto the battlefield attacking attacks the
    defending player (the only opponent of a two-player game); it was never
    declared as an attacker, so "whenever ... attacks" doesn't trigger.  With
    no combat under way with attackers declared, or under the control of a
    player who isn't attacking, it isn't attacking (506.3, 508.4)."""
    state = game.state
    name = display_name(obj)
    if (state.combat is None or state.step not in COMBAT_STEPS or state.step in ("combat", "end_of_combat")
            or obj.controller != state.active or obj.zone != "battlefield"):  # fmt: skip
        game.say(f"  {name} isn't attacking: no combat with attackers under way for {obj.controller} (506.3, 508.4)")
        return False
    defender = defending_player(game)
    state.combat.attackers[obj.id] = defender
    game.say(f"  {name} is attacking {defender} (508.4)")
    return True


def attack_refusal(game: Game, obj: GameObject, player: PlayerId) -> str | None:
    """Why ``obj`` can't be declared as an attacker by ``player`` (None if it can)."""
    if obj.zone != "battlefield" or obj.controller != player:
        return f"it isn't a permanent {player} controls"
    if "creature" not in chars(obj).types:
        return "it isn't a creature (508.1a)"
    if obj.tapped:
        return "it is tapped (508.1a)"
    if obj.sick and not has_keyword(game, obj, "haste"):
        return f"it hasn't been under {player}'s control continuously since the turn began and has no haste (302.6)"
    if has_keyword(game, obj, "defender") and not attacks_despite_defender(game, obj):
        return "it has defender (702.3b)"
    if "can't attack" in restrictions(game, obj):
        return "it can't attack (508.1c)"
    return None


def block_refusal(game: Game, blocker: GameObject, attacker: GameObject) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (None if it can)."""
    if "creature" not in chars(blocker).types:
        return "it isn't a creature (509.1a)"
    if blocker.tapped:
        return "it is tapped (509.1a)"
    if "can't block" in restrictions(game, blocker):
        return "it can't block (509.1b)"
    if "can't be blocked" in restrictions(game, attacker):
        return f"{display_name(attacker)} can't be blocked (509.1b)"
    if has_keyword(game, attacker, "flying") and not (
        has_keyword(game, blocker, "flying") or has_keyword(game, blocker, "reach")
    ):
        return f"{display_name(attacker)} has flying and it has neither flying nor reach (702.9b, 702.17b)"
    why = _evasion_refusal(game, blocker, attacker)
    if why is not None:
        return why
    shield = protection_from(game, attacker, blocker)
    if shield is not None:
        return f"{display_name(attacker)} has {shield} (702.16f)"
    why = block_pair_refusal(game, blocker, attacker) or pair_refusal(game, blocker, attacker)
    if why is not None:
        return why
    for word in keywords(game, attacker):
        land = LANDWALK.get(word)
        if land is not None and walk_ignored(game, attacker, word):
            continue  # "can be blocked as though they didn't have swampwalk" (702.14, 509.1b)
        if land is not None and any(
            o.controller == blocker.controller and land in (s.lower() for s in chars(o).subtypes)
            for o in game.battlefield()
        ):
            article = "an" if land[0] in "aeiou" else "a"
            return f"{display_name(attacker)} has {word} and {blocker.controller} controls {article} {land.capitalize()} (702.14c)"
    return None


def _evasion_refusal(game: Game, blocker: GameObject, attacker: GameObject) -> str | None:
    """The evasion keywords read by name, wherever the creature got them:
    fear (702.36b), intimidate (702.13b), shadow (702.28b), horsemanship
    (702.31b)."""
    name = display_name(attacker)
    attacking, blocking = keywords(game, attacker), keywords(game, blocker)
    if "fear" in attacking and not (chars(blocker).is_type("artifact") or "B" in chars(blocker).colors):
        return f"{name} has fear and it is neither an artifact creature nor black (702.36b)"
    if "intimidate" in attacking and not (
        chars(blocker).is_type("artifact") or set(chars(blocker).colors) & set(chars(attacker).colors)
    ):
        return f"{name} has intimidate and it is neither an artifact creature nor shares a color with it (702.13b)"
    if "shadow" in attacking and "shadow" not in blocking:
        return f"{name} has shadow and it doesn't (702.28b)"
    if "shadow" in blocking and "shadow" not in attacking:
        return f"it has shadow and {name} doesn't (702.28b)"
    if "horsemanship" in attacking and "horsemanship" not in blocking:
        return f"{name} has horsemanship and it doesn't (702.31b)"
    return None


LANDWALK = {f"{land}walk": land for land in ("plains", "island", "swamp", "mountain", "forest", "desert")}
"""Landwalk of a land type (702.14a): unblockable while the defending player controls such a land."""


def _combat(game: Game) -> Combat:
    combat = game.state.combat
    if combat is None:
        raise IllegalAction("there is no combat this turn: no attackers were declared (508.8)")
    return combat


def begin_combat(game: Game) -> None:
    """507: the beginning of combat step; its triggered abilities go on the
    stack before attackers are declared (507.1)."""
    from .triggers import settle

    game.state.step = "combat"
    game.say(f"-- {game.state.active}'s beginning of combat step (507)")
    game.events.append(StepBegan("combat", game.state.active))
    settle(game)


def declare_attackers(game: Game, player: PlayerId, attackers: list[ObjectId]) -> None:
    """508.1: the active player declares attackers (the turn-based action that
    starts the declare attackers step).  From the first main phase this goes
    through the beginning of combat; if abilities triggered there, they are
    on the stack and the declaration waits until they have resolved."""
    from .triggers import settle

    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        state = game.state
        if player != state.active:
            raise IllegalAction(f"{player} can't declare attackers: it is {state.active}'s turn (508.1)")
        if state.stack:
            raise IllegalAction("attackers are declared as the declare attackers step begins, with an empty stack (508.1)")
        if state.step == "main":
            begin_combat(game)
            if state.stack:
                game.say("  attackers are declared once the beginning of combat step's abilities have resolved (507.1)")
                return
        elif state.step != "combat":
            raise IllegalAction(f"attackers are declared in the combat phase after the first main phase; it is the {state.step} step (506.1)")
        defender = defending_player(game)
        state.step = "declare_attackers"
        game.say(f"-- {player}'s declare attackers step (508)")
        chosen: list[GameObject] = []
        for oid in attackers:
            obj = game.get(oid)
            if obj is None:
                raise IllegalAction("an attacker no longer exists")
            if any(o.id == obj.id for o in chosen):
                raise IllegalAction(f"{display_name(obj)} is declared as an attacker twice (508.1a)")
            why = attack_refusal(game, obj, player)
            if why is not None:
                raise IllegalAction(f"{display_name(obj)} can't attack: {why}")
            chosen.append(obj)
        why = attack_requirement_refusal(game, player, chosen)
        if why is not None:
            raise IllegalAction(why)
        state.combat = Combat({o.id: defender for o in chosen})
        if not chosen:
            game.say("  no attackers: the declare blockers and combat damage steps are skipped (508.8)")
        else:
            game.events.append(PlayerAttacked(state.active))
        for obj in chosen:
            vigilance = has_keyword(game, obj, "vigilance")
            if not vigilance:
                tap(game, obj)
            game.say(f"  {display_name(obj)} attacks {defender}" + (" (vigilance: it doesn't tap, 702.20b)" if vigilance else ""))
            game.events.append(Attacked(obj.id, defender))
            state.attacked.append((obj.controller, obj.id))  # "you attacked with N creatures this turn"
            exert_as_attacks(game, obj)
        settle(game)


def exert_as_attacks(game: Game, obj: GameObject) -> None:
    """701.43a, 508.1: "You may exert [this] as it attacks. When you do,
    ...": as it is declared as an attacker, its controller may exert it;
    if they do, the "When you do" abilities trigger (603.12)."""
    from .delayed import reflexive

    for index, ab in enumerate(chars(obj).abilities):
        if not isinstance(ab, A.ExertAsAttacks):
            continue
        problem = exert_problem(ab)
        if problem is not None:
            raise Unsupported(problem)
        name = display_name(obj)
        if not ask(game, Decision("may", obj.controller, f"exert {name} as it attacks? (701.43a)")):
            continue
        exert(game, obj)
        if ab.then is not None:
            reflexive(game, obj.controller, obj.id, index, name, ab.then)


def exert_problem(ab: A.ExertAsAttacks) -> str | None:
    """What of "You may exert [this] as it attacks" the engine can't carry out."""
    if not isinstance(ab.object, A.SelfRef):
        return "exerting as it attacks a permanent other than this one"
    if ab.then is not None and not all(isinstance(s, A.ReflexiveTrigger) for s in ab.then.sentences):
        return "exerting as it attacks, followed by a sentence other than 'When you do, ...'"
    return None


def declare_blockers(game: Game, player: PlayerId, blocks: list[tuple[ObjectId, ObjectId]]) -> None:
    """509.1: the defending player declares blockers: ``blocks`` pairs each
    blocking creature with an attacker it blocks (a creature that may block
    several attackers, 509.1a, is in one pair for each)."""
    from .triggers import settle

    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        state = game.state
        combat = _combat(game)
        if state.step != "declare_attackers":
            raise IllegalAction(f"blockers are declared as the declare blockers step begins, right after attackers; it is the {state.step} step (509.1)")
        if not combat.attackers:
            raise IllegalAction("no attackers were declared, so there is no declare blockers step (508.8)")
        defender = defending_player(game)
        if player != defender:
            raise IllegalAction(f"{player} can't declare blockers: {defender} is the defending player (509.1)")
        if state.stack:
            raise IllegalAction("blockers are declared as the declare blockers step begins, with an empty stack (509.1)")
        _blockers(game, blocks)
        settle(game)


def _blockers(game: Game, blocks: list[tuple[ObjectId, ObjectId]]) -> None:
    state = game.state
    combat = _combat(game)
    defender = defending_player(game)
    state.step = "declare_blockers"
    game.say(f"-- {state.active}'s declare blockers step (509)")
    assigned: dict[ObjectId, tuple[ObjectId, ...]] = {}
    for bid, aid in blocks:
        blocker, attacker = game.get(bid), game.get(aid)
        if blocker is None or attacker is None:
            raise IllegalAction("a blocker or the attacker it blocks no longer exists")
        if blocker.zone != "battlefield" or blocker.controller != defender:
            raise IllegalAction(f"{display_name(blocker)} can't block: it isn't a creature {defender} controls (509.1a)")
        if aid not in combat.attackers:
            raise IllegalAction(f"{display_name(blocker)} can't block {display_name(attacker)}: it isn't attacking (509.1a)")
        if aid in assigned.get(bid, ()):
            raise IllegalAction(f"{display_name(blocker)} is declared as blocking {display_name(attacker)} twice (509.1a)")
        why = block_refusal(game, blocker, attacker)
        if why is not None:
            raise IllegalAction(f"{display_name(blocker)} can't block {display_name(attacker)}: {why}")
        assigned[bid] = (*assigned.get(bid, ()), aid)
    for bid, aids in assigned.items():
        why = _capacity_refusal(game, game.obj(bid[0]), len(aids))
        if why is not None:
            raise IllegalAction(why)
    for aid in combat.attackers:
        attacker = game.get(aid)
        count = sum(1 for aids in assigned.values() if aid in aids)
        if attacker is not None and count == 1 and has_keyword(game, attacker, "menace"):
            raise IllegalAction(f"{display_name(attacker)} has menace: it can't be blocked except by two or more creatures (702.111b)")
        if attacker is not None and count > 1 and ONE_BLOCKER in restrictions(game, attacker):
            raise IllegalAction(f"{display_name(attacker)} {ONE_BLOCKER} (509.1b)")
    why = requirement_refusal(game, assigned)
    if why is not None:
        raise IllegalAction(why)
    combat.blockers = assigned
    game.state.blocked_this_turn.extend(assigned)  # "if [this] attacked or blocked this turn" (509.1)
    combat.blocked = frozenset(aid for aids in assigned.values() for aid in aids)
    combat.blockers_declared = True
    for bid, aids in assigned.items():
        game.say(f"  {display_name(game.obj(bid[0]))} blocks " + " and ".join(display_name(game.obj(a[0])) for a in aids))
    if not assigned:
        game.say(f"  {defender} declares no blockers")
    for bid, aids in assigned.items():
        game.events.append(Blocks(bid, tuple(aids)))  # 509.3a: once for each blocker
        game.events.extend(BlocksAttacker(bid, aid) for aid in aids)  # 509.3b: once for each attacker it blocks
    for aid in combat.attackers:
        if aid in combat.blocked:
            game.events.append(BecameBlocked(aid))  # 509.1h, 509.3c: once, however many block it
        elif game.get(aid) is not None:
            game.events.append(NotBlocked(aid, combat.attackers[aid]))  # 509.1h: "attacks and isn't blocked"


def _capacity_refusal(game: Game, blocker: GameObject, count: int) -> str | None:
    """509.1a: each creature blocks one attacker, unless an ability lets it
    block more ("can block an additional creature each combat", "can block
    any number of creatures")."""
    most = block_capacity(game, blocker)
    if most is None or count <= most:
        return None
    if most == 1:
        return f"{display_name(blocker)} can block only one attacker (509.1a)"
    return f"{display_name(blocker)} can block at most {most} attackers (509.1a), not {count}"


def required_attackers(game: Game, player: PlayerId) -> list[GameObject]:
    """508.1d: the creatures ``player`` controls that must attack if able
    and can attack now."""
    must = set(game.state.must_attack)
    return [obj for obj in game.battlefield()
            if obj.controller == player and "creature" in chars(obj).types
            and (obj.id in must or "attack" in combat_requirements(game, obj))
            and attack_refusal(game, obj, player) is None]  # fmt: skip


def attack_requirement_refusal(game: Game, player: PlayerId, chosen: list[GameObject]) -> str | None:
    """508.1d: a creature that "attacks each combat if able" (a static
    ability) or "attacks this turn if able" (an instruction of this turn)
    and isn't declared, though it could attack without breaking a
    restriction, makes the declaration obey fewer requirements than it
    could: refused.  (No restriction the engine plays involves more than
    the one creature, so each such creature must be declared.)"""
    declared = {o.id for o in chosen}
    must = set(game.state.must_attack)
    for obj in game.battlefield():
        if obj.controller != player or obj.id in declared or "creature" not in chars(obj).types:
            continue
        if obj.id not in must and "attack" not in combat_requirements(game, obj):
            continue
        if attack_refusal(game, obj, player) is None:
            when = "this turn" if obj.id in must else "each combat"
            return (f"{display_name(obj)} attacks {when} if able, and it can attack "
                    "(508.1d: the declaration must obey as many requirements as it can)")  # fmt: skip
    return None


ONE_BLOCKER = "can't be blocked by more than one creature"
"""509.1b: a restriction on how many creatures may block an attacker."""


def requirement_refusal(game: Game, assigned: dict[ObjectId, tuple[ObjectId, ...]]) -> str | None:
    """509.1c: a creature that "blocks this turn if able" and blocks nothing,
    though it could block an attacker without breaking a restriction, makes
    the declaration obey fewer requirements than it could: refused.  (An
    attacker with menace counts only if another creature blocks it already.)"""
    combat = _combat(game)
    defender = defending_player(game)
    required = list(game.state.must_block)
    required += [o.id for o in game.battlefield()
                 if o.controller == defender and "block" in combat_requirements(game, o)]  # fmt: skip
    for bid in dict.fromkeys(required):
        blocker = game.get(bid)
        if blocker is None or blocker.zone != "battlefield" or blocker.controller != defender or bid in assigned:
            continue
        for aid in combat.attackers:
            attacker = game.get(aid)
            if attacker is None or block_refusal(game, blocker, attacker) is not None:
                continue
            if has_keyword(game, attacker, "menace") and not any(aid in aids for aids in assigned.values()):
                continue
            if ONE_BLOCKER in restrictions(game, attacker) and any(aid in aids for aids in assigned.values()):
                continue  # blocked already, it can't be blocked by this one too (509.1b)
            when = "this turn" if bid in game.state.must_block else "each combat"
            return (f"{display_name(blocker)} blocks {when} if able, and it can block {display_name(attacker)} "
                    "(509.1c: the declaration must obey as many requirements as it can)")  # fmt: skip
    return _block_whom_refusal(game, assigned)


def _block_whom_refusal(game: Game, assigned: dict[ObjectId, tuple[ObjectId, ...]]) -> str | None:
    """509.1c: a creature that "blocks [an attacker] this turn if able" and
    blocks none of the attackers it must, though it could block one of them
    without breaking a restriction: refused."""
    from .filters import matches

    combat = _combat(game)
    defender = defending_player(game)
    whom: dict[ObjectId, list[ObjectId]] = {}
    for bid, aid in game.state.must_block_whom:
        whom.setdefault(bid, []).append(aid)
    for aid, filt, controller, source in [*game.state.lures, *lures(game, combat.attackers)]:
        # "all creatures able to block it this turn do so": each that fits, as blockers are declared
        for o in game.battlefield():
            if o.controller == defender and matches(game, filt, o, you=controller, source=source):
                whom.setdefault(o.id, []).append(aid)
    for bid, aids in whom.items():
        blocker = game.get(bid)
        if blocker is None or blocker.zone != "battlefield" or blocker.controller != defender:
            continue
        if any(aid in assigned.get(bid, ()) for aid in aids):
            continue
        for aid in aids:
            attacker = game.get(aid)
            if aid not in combat.attackers or attacker is None or block_refusal(game, blocker, attacker) is not None:
                continue
            if has_keyword(game, attacker, "menace") and not any(aid in a for b, a in assigned.items() if b != bid):
                continue
            if ONE_BLOCKER in restrictions(game, attacker) and any(aid in a for b, a in assigned.items() if b != bid):
                continue
            return (f"{display_name(blocker)} must block {display_name(attacker)} if able, and it can "
                    "(509.1c: the declaration must obey as many requirements as it can)")  # fmt: skip
    return _must_be_blocked_refusal(game, assigned)


def _must_be_blocked_refusal(game: Game, assigned: dict[ObjectId, tuple[ObjectId, ...]]) -> str | None:
    """509.1c: an attacker that "must be blocked [this turn] if able" and that
    no creature blocks, though a creature of the defending player could
    block it without breaking a restriction (two, for one with menace):
    refused."""
    combat = _combat(game)
    defender = defending_player(game)
    static = [aid for aid in combat.attackers if (o := game.get(aid)) is not None and must_be_blocked(game, o)]
    for aid in dict.fromkeys([*game.state.must_be_blocked, *static]):
        attacker = game.get(aid)
        if aid not in combat.attackers or attacker is None or any(aid in aids for aids in assigned.values()):
            continue
        able = [o for o in game.battlefield()
                if o.controller == defender and block_refusal(game, o, attacker) is None]  # fmt: skip
        if len(able) >= (2 if has_keyword(game, attacker, "menace") else 1):
            return (f"{display_name(attacker)} must be blocked if able, and {display_name(able[0])} can block it "
                    "(509.1c: the declaration must obey as many requirements as it can)")  # fmt: skip
    return None


def _in_combat(game: Game, combat: Combat) -> list[GameObject]:
    return [o for o in (game.get(x) for x in (*combat.attackers, *combat.blockers)) if o is not None]


def first_strike_step(game: Game) -> bool:
    """510.4: there is a first-strike combat damage step when an attacking or
    blocking creature has first strike or double strike as it would begin."""
    combat = _combat(game)
    return any(has_keyword(game, o, "first strike") or has_keyword(game, o, "double strike")
               for o in _in_combat(game, combat))  # fmt: skip


def no_blockers(game: Game) -> None:
    """The declare attackers step ended without a declaration of blockers:
    the defending player declares none (509.1)."""
    _blockers(game, [])


def _lethal(game: Game, attacker: GameObject, blocker: GameObject, already: int) -> int:
    """702.19b, 510.1c: the damage still needed to be lethal, counting damage
    marked and damage assigned in this step; 1 from deathtouch (702.2c)."""
    _, t = power_toughness(game, blocker)
    need = max(0, (t or 0) - blocker.damage - already)
    return min(need, 1) if has_keyword(game, attacker, "deathtouch") else need


Assignment = list[tuple[GameObject, GameObject | PlayerId, int]]


def _assign_blocked(game: Game, attacker: GameObject, power: int, blockers: list[GameObject],
                    defender: PlayerId, assigned: dict[ObjectId, int]) -> Assignment:  # fmt: skip
    """510.1c-d, 702.19b-e: how a blocked attacker's damage is assigned."""
    from .statics import unblocked_damage

    found = unblocked_damage(game, attacker)
    if found is not None:
        by, may = found
        question = (f"{display_name(by)}: have {display_name(attacker)} assign its {power} combat damage to {defender} "
                    "as though it weren't blocked (510.1c)?")  # fmt: skip
        if not may or ask(game, Decision("may", attacker.controller, question)):
            return [(attacker, defender, power)]
    trample = has_keyword(game, attacker, "trample")
    if not blockers:
        if trample:
            return [(attacker, defender, power)]  # 702.19e
        return []  # 509.1h: it stays blocked and assigns no damage
    needs = [_lethal(game, attacker, b, assigned.get(b.id, 0)) for b in blockers]
    if len(blockers) == 1 and (not trample or power <= needs[0]):
        return [(attacker, blockers[0], power)]
    options: list[GameObject | PlayerId] = [*blockers, *([defender] if trample else [])]
    labels = [f"{display_name(b)} (lethal: {n})" for b, n in zip(blockers, needs, strict=True)]
    labels += [defender] if trample else []
    ids: list[ObjectId | PlayerId] = [o.id if isinstance(o, GameObject) else o for o in options]
    d = Decision(
        "divide", attacker.controller,
        f"divide {display_name(attacker)}'s {power} combat damage among "
        + ("its blockers and " + defender if trample else "its blockers") + " (510.1c"
        + (", 702.19b: the player only once each blocker has lethal damage)" if trample else ")"),
        ids, labels, total=power,
    )  # fmt: skip
    split = ask(game, d)
    if trample and split.get(defender, 0) > 0:
        for b, n in zip(blockers, needs, strict=True):
            if split.get(b.id, 0) < n:
                raise IllegalAction(
                    f"{display_name(attacker)} can't assign damage to {defender}: {display_name(b)} isn't assigned "
                    f"lethal damage ({n}) (702.19b)"
                )  # fmt: skip
    return [(attacker, o, split.get(i, 0)) for o, i in zip(options, ids, strict=True) if split.get(i, 0) > 0]


def _assign_blocking(game: Game, blocker: GameObject, power: int, attackers: list[GameObject]) -> Assignment:
    """510.1d: a blocking creature assigns its damage to the attackers it
    blocks — none if it blocks none any more (they left combat), all of it to
    a single one, and divided as its controller chooses among several."""
    if len(attackers) <= 1:
        return [(blocker, a, power) for a in attackers]
    ids: list[ObjectId | PlayerId] = [a.id for a in attackers]
    d = Decision(
        "divide", blocker.controller,
        f"divide {display_name(blocker)}'s {power} combat damage among the attackers it blocks (510.1d)",
        ids, [display_name(a) for a in attackers], total=power,
    )  # fmt: skip
    split = ask(game, d)
    return [(blocker, a, split.get(a.id, 0)) for a in attackers if split.get(a.id, 0) > 0]


def deal_combat_damage(game: Game, *, first: bool) -> None:
    """510.1-510.2: every attacking and blocking creature that deals damage in
    this step assigns it, then all of it is dealt at once.  In the
    first-strike step, only creatures with first strike or double strike
    deal damage; in the regular step, those that didn't deal first-strike
    damage and those with double strike (510.4)."""
    combat = _combat(game)
    if first:
        combat.struck_first = frozenset(o.id for o in _in_combat(game, combat) if has_keyword(game, o, "first strike")
                                        or has_keyword(game, o, "double strike"))  # fmt: skip

    def strikes(o: GameObject) -> bool:
        if first:
            return o.id in combat.struck_first
        return o.id not in combat.struck_first or has_keyword(game, o, "double strike")

    assignment: Assignment = []
    assigned: dict[ObjectId, int] = {}
    for aid, defender in combat.attackers.items():
        attacker = game.get(aid)
        if attacker is None or not strikes(attacker) or aid in game.state.no_combat_damage:
            continue  # "assigns no combat damage this turn" (510.1)
        power = power_toughness(game, attacker)[0] or 0
        if power <= 0:
            continue  # 510.1a
        if aid not in combat.blocked:
            parts: Assignment = [(attacker, defender, power)]
        else:
            blockers = [b for b in (game.get(x) for x, aids in combat.blockers.items() if aid in aids) if b is not None]
            parts = _assign_blocked(game, attacker, power, blockers, defender, assigned)
        for _, to, n in parts:
            if isinstance(to, GameObject):
                assigned[to.id] = assigned.get(to.id, 0) + n
        assignment.extend(parts)
    for bid, aids in combat.blockers.items():
        blocker = game.get(bid)
        if blocker is None or not strikes(blocker) or bid in game.state.no_combat_damage:
            continue
        power = power_toughness(game, blocker)[0] or 0
        if power > 0:
            blocked = [a for a in (game.get(x) for x in aids if x in combat.attackers) if a is not None]
            assignment.extend(_assign_blocking(game, blocker, power, blocked))
    from .actions.damage_life import deal_damage
    from .triggers import collect

    totals: dict[ObjectId, int] = {}
    dealt: dict[ObjectId, list[tuple[ObjectId | PlayerId, int]]] = {}
    for source, to, amount in assignment:
        ctx = Ctx(game, source.controller, source.id)
        # prevention effects apply as it is dealt (615): only damage dealt counts
        done = deal_damage(ctx, display_name(source), amount, *(([to], []) if isinstance(to, GameObject) else ([], [to])),
                           source, event=False, combat=True, recipient_events=False)  # fmt: skip
        if done > 0:
            totals[source.id] = totals.get(source.id, 0) + done
            dealt.setdefault(source.id, []).append((to.id if isinstance(to, GameObject) else to, done))
            if not isinstance(to, GameObject):
                game.events.append(DealtCombatDamage(source.id, to, done))
    received: dict[ObjectId | PlayerId, int] = {}
    for hits in dealt.values():
        for to_id, n in hits:
            received[to_id] = received.get(to_id, 0) + n
    for oid, n in received.items():
        game.events.append(WasDealtDamage(oid, n, combat=True))  # 510.2: all of the step's damage to it at once
    for sid, total in totals.items():
        game.events.append(DealtDamage(sid, total))  # 510.2: one event for all the damage it dealt
        game.events.append(CombatDamageDealt(sid, tuple(dealt[sid]), total))
    if dealt:
        game.events.append(CombatDamageStep(tuple((s, to, n) for s, parts in dealt.items() for to, n in parts)))
    # 603.2, 603.10: abilities trigger on the damage event itself, before the
    # state-based actions it leads to (a creature that deals combat damage and
    # is dealt lethal damage still triggers; its blockers are still blocking)
    collect(game)


def end_combat(game: Game) -> None:
    """511.3: at the end of combat, creatures stop being attacking and
    blocking, and "until end of combat" effects end."""
    game.state.eot = [e for e in game.state.eot if not e.combat]
    game.state.combat = None


__all__ = [
    "COMBAT_STEPS", "attack_refusal", "requirement_refusal", "begin_combat", "block_refusal", "deal_combat_damage", "declare_attackers",
    "declare_blockers", "defending_player", "end_combat", "first_strike_step", "no_blockers", "put_into_combat",
]  # fmt: skip
