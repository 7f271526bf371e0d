"""Passing priority and the turn (CR 117.4, 500-514), as far as scenarios need.

When every player passes in succession, the top object of the stack
resolves; with an empty stack the step ends.  A turn here is: upkeep →
(draw) → main → end → cleanup.  The game starts in the first player's main
phase.  When the active player declares attackers
(:func:`cardtext.interpreter.combat.declare_attackers`), the first main phase is
followed by the combat phase — beginning of combat, declare attackers,
declare blockers, first-strike and regular combat damage, end of combat
(506.1) — and a second main phase ("main2", 505.1); with no attackers
declared, passing in the first main phase goes on to the end step, as a
combat phase without attackers changes nothing (508.8).  At cleanup damage wears off and "until end of turn" effects end
(514.2); mana pools empty at the end of every step (106.4).  The next
player's turn starts with their permanents untapping (502.3) and a draw
(504.1).
"""

from __future__ import annotations

from . import combat, control, sagas, this_turn
from .cast_permissions import end_later_permissions
from .characteristics import display_name, refresh_granted
from .prevention import end_of_turn
from .state import Game, StepBegan
from .triggers import settle
from .zones import draw, held_tapped, untap


def end_turn_effects(game: Game) -> None:
    """514.2: in the cleanup step, effects that last "until end of turn" or
    "this turn" end: abilities gained until end of turn, "blocks this turn
    if able", delayed triggered abilities that last this turn (603.7c), and
    the count of this turn's resolutions."""
    state = game.state
    for oid, abilities in state.granted_eot:
        o = game.get(oid)
        if o is not None:
            rest = list(o.granted)
            for ab in abilities:
                if ab in rest:
                    rest.remove(ab)
            o.granted = tuple(rest)
    state.granted_eot = []
    for oid, change in state.became_eot:
        o = game.get(oid)
        if o is not None and change in o.became:
            rest = list(o.became)
            rest.remove(change)
            o.became = tuple(rest)
    state.became_eot = []
    state.must_block = []
    state.must_block_whom = []
    state.must_be_blocked = []
    state.lures = []
    state.no_combat_damage = []
    state.must_attack = []
    this_turn.end_of_turn(game)
    control.end_of_turn(game)
    state.delayed_events = [d for d in state.delayed_events if not d.this_turn]
    state.resolutions = []


def _phase_triggers(game: Game, step: str) -> None:
    """"At the beginning of ..." abilities trigger on the step's start (603.2)."""
    game.events.append(StepBegan(step, game.state.active))


def _empty_pools(game: Game) -> None:
    """106.4: the mana pools empty as each step and phase ends — but for
    mana that lasts until end of combat (702.189a), kept as a combat step
    other than the last ends (what of it was spent, the rest of the pool
    paid for first)."""
    combat_goes_on = game.state.step in combat.COMBAT_STEPS and game.state.step != "end_of_combat"
    for p in game.state.players.values():
        kept = {u: min(n, p.pool.get(u, 0)) for u, n in p.until_end_of_combat.items()} if combat_goes_on else {}
        p.pool = {u: n for u, n in kept.items() if n > 0}
        p.until_end_of_combat = dict(p.pool)


def pass_priority(game: Game) -> None:
    """All players pass: resolve the top of the stack, or end the step."""
    from .stack import resolve_top

    if game.state.stack:
        resolve_top(game)
        return
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        _end_step(game)


def _discard_to_hand_size(game: Game) -> None:
    """514.1: in the cleanup step, the active player discards down to their
    maximum hand size (402.2: seven, unless an effect changes it), choosing
    the cards.  Abilities that trigger on those discards would need the
    players to get priority in the cleanup step and another cleanup step
    after it (514.3a), which the engine doesn't take: refused."""
    from .choices import Decision, ask
    from .statics import max_hand_size
    from .triggers import collect
    from .zones import discard

    player = game.state.active
    hand = game.zone_objects("hand", player)
    size = max_hand_size(game, player)
    if size is None or len(hand) <= size:
        return
    n = len(hand) - size
    d = Decision("pick", player, f"discard {n} card{'s' if n != 1 else ''} down to the maximum hand size {size} (514.1)",
                 [o.id for o in hand], [display_name(o) for o in hand], n, n)  # fmt: skip
    game.say(f"-- cleanup: {player} has {len(hand)} cards in hand, more than their maximum hand size {size} (514.1)")
    for oid in ask(game, d):
        obj = game.get(oid)
        if obj is not None:
            discard(game, player, obj)
    collect(game)
    if game.state.pending:
        from .errors import Unsupported

        raise Unsupported("abilities that trigger in the cleanup step (514.3a: priority there, and another cleanup step)")


def _end_step(game: Game) -> None:
    state = game.state
    _empty_pools(game)
    if state.step in combat.COMBAT_STEPS:
        _next_combat_step(game)
    elif state.step in ("main", "main2"):
        if state.step == "main":
            # 508.1d: going on to the end step is a combat phase with no
            # attackers declared; a creature that must attack if able and can
            # makes that declaration one that obeys fewer requirements
            why = combat.attack_requirement_refusal(game, state.active, [])
            if why is not None:
                from .errors import IllegalAction

                raise IllegalAction(f"attackers must be declared: {why}")
        state.step = "end"
        game.say(f"-- {state.active}'s end step")
        end_later_permissions(game, "end step")  # "you may play it until your next end step" (611.2a)
        _phase_triggers(game, "end")
    elif state.step == "end":
        _discard_to_hand_size(game)
        game.say("-- cleanup: damage wears off, 'until end of turn' effects end (514.2)")
        for o in game.battlefield():
            o.damage = 0
        # 514.2: "until end of turn" effects end; one without a duration
        # lasts while its object is still there (611.2, 400.7)
        state.eot = [e for e in state.eot if e.lasting and game.get(e.target) is not None]
        state.shields = []  # regeneration shields last until cleanup (701.19a, 514.2)
        end_of_turn(game)  # prevention effects of this turn end (514.2, 615)
        state.activations = []  # "Activate only once each turn" counts this turn's activations (602.5b)
        state.attacked = []  # "if you attacked with ... this turn" counts this turn's attackers (508.1)
        state.permissions = [p for p in state.permissions if not p.this_turn]  # "this turn" permissions end (611.2a)
        end_later_permissions(game, "end of turn")  # "until the end of your next turn" (611.2a)
        end_turn_effects(game)
        state.cast_last_turn = state.cast_this_turn  # "if no spells were cast last turn"
        state.cast_this_turn = []  # "the first ... spell you cast each turn"
        for p in state.players.values():
            p.drawn_this_turn = 0  # "your second card each turn"
            p.spent_on_spells = 0  # "Whenever you expend 4" (700.14)
        state.life_changes_last_turn = state.life_changes  # "if you lost life last turn"
        state.life_changes = []  # "if you gained life this turn"
        state.left_this_turn = []  # "if a creature died this turn" (700.4)
        state.entered_this_turn = []  # "if a creature entered under your control this turn" (700.4)
        state.trigger_hits = []  # "triggers only once each turn", "for the first time each turn" (603.2)
        state.to_graveyard_this_turn = []  # "if you descended this turn" (700.11)
        state.damaged_this_turn = []  # "creatures dealt damage by [this] this turn"
        state.saddled = []  # saddled until end of turn (702.171b)
        state.crimes = []  # "if you've committed a crime this turn" (700.13)
        state.blocked_this_turn = []  # "if [this] attacked or blocked this turn" (509.1)
        state.sacrificed_this_turn = []  # "if you've sacrificed an artifact this turn"
        players = list(state.players)
        if state.extra_turns:
            state.active = state.extra_turns.pop()  # 500.7: the extra turn created last is taken first
            game.say(f"-- {state.active} takes an extra turn (500.7)")
        else:
            state.active = players[(players.index(state.active) + 1) % len(players)]
            while game.player(state.active).skip_turns > 0:
                game.player(state.active).skip_turns -= 1
                game.say(f"-- {state.active} skips this turn (500.7)")
                state.active = players[(players.index(state.active) + 1) % len(players)]
        state.turn += 1
        state.turn_began = game.tick()
        this_turn.turn_begins(game, state.active)  # "until your next turn" ends (611.2b)
        state.step = "upkeep"
        game.say(f"-- turn {state.turn}: {state.active}'s untap step and upkeep")
        from .statics import doesnt_untap, kept_tapped, untaps_also

        # "doesn't untap during its controller's next untap step": this is
        # that untap step for the permanents the active player controls (and
        # "your next untap step" for the active player's), and the effect ends
        skipped = {oid for oid, whose in state.skip_untap
                   if whose == state.active or (whose is None and (held := game.get(oid)) is not None
                                                and held.controller == state.active)}  # fmt: skip
        state.skip_untap = [(oid, whose) for oid, whose in state.skip_untap
                            if oid not in skipped and game.get(oid) is not None]  # fmt: skip
        for o in game.battlefield():
            if o.controller == state.active:
                if o.tapped and o.id in skipped:
                    game.say(f"  {display_name(o)} doesn't untap during this untap step (502.3)")
                elif o.tapped and (doesnt_untap(game, o) or held_tapped(game, o)):
                    game.say(f"  {display_name(o)} doesn't untap (502.3)")
                elif o.tapped and kept_tapped(game, o):
                    game.say(f"  {state.active} chooses not to untap {display_name(o)} (502.3)")
                else:
                    untap(game, o)
                o.sick = False
            elif o.tapped and untaps_also(game, o):
                game.say(f"  {display_name(o)} untaps during {state.active}'s untap step (502.3)")
                untap(game, o)
        # 503.1: the upkeep begins; the one before it is "your last upkeep" of echo (702.30a)
        state.upkeeps[state.active] = (state.upkeeps.get(state.active, (0, 0))[1], game.tick())
        _phase_triggers(game, "upkeep")
    elif state.step == "upkeep":
        state.step = "main"
        from .statics import skips_draw_step

        skipper = skips_draw_step(game, state.active)
        if skipper is not None:
            # 614.1b, 614.10: the step is skipped, its draw and its "beginning of the draw step" abilities with it
            game.say(f"-- {state.active} skips their draw step ({display_name(skipper)}, 614.10); main phase")
        else:
            game.say(f"-- {state.active}'s draw step and main phase")
            draw(game, state.active, 1)
            # the engine gives no priority in the draw step: its triggered
            # abilities go on the stack with those of the main phase's beginning
            _phase_triggers(game, "draw step")
        sagas.precombat_main(game)  # 714.3b
        _phase_triggers(game, "precombat main phase")
    settle(game)


def _next_combat_step(game: Game) -> None:
    """506.1: the steps of combat in order; without attackers the declare
    blockers and combat damage steps are skipped (508.8), and the
    first-strike damage step happens only when a creature in combat has
    first strike or double strike (510.4)."""
    state = game.state
    fight = state.combat
    step = state.step
    if step == "combat" or (step == "declare_attackers" and (fight is None or not fight.attackers)):
        if step == "combat":
            game.say("  no attackers are declared (508.8)")
        state.step = "end_of_combat"
    elif step == "declare_attackers":
        combat.no_blockers(game)
        return
    elif step == "declare_blockers" and combat.first_strike_step(game):
        state.step = "first_strike_damage"
        game.say(f"-- {state.active}'s first-strike combat damage step (510.4)")
        combat.deal_combat_damage(game, first=True)
        return
    elif step in ("declare_blockers", "first_strike_damage"):
        state.step = "combat_damage"
        game.say(f"-- {state.active}'s combat damage step (510)")
        combat.deal_combat_damage(game, first=False)
        return
    elif step == "combat_damage":
        state.step = "end_of_combat"
    else:
        combat.end_combat(game)
        state.step = "main2"
        game.say(f"-- {state.active}'s second main phase (505.1)")
        _phase_triggers(game, "second_main")
        return
    game.say(f"-- {state.active}'s end of combat step (511)")
    _phase_triggers(game, "end of combat")  # 511.2: "at end of combat" abilities trigger


__all__ = ["end_turn_effects", "pass_priority"]
