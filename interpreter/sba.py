"""State-based actions (CR 704), checked whenever a player would receive priority.

* 704.5a a player with 0 or less life loses; 704.5b a player who drew from
  an empty library loses; 704.5c a player with ten or more poison counters
  loses; the game is then over (:func:`game_over`, 104.2a, 104.4a);
* 704.5d a token not on the battlefield ceases to exist; 704.5e a copy of a
  spell not on the stack ceases to exist;
* 704.5f a creature with toughness 0 or less is put into its owner's graveyard;
* 704.5g a creature with lethal damage marked on it is destroyed (a
  regeneration shield can replace that, :mod:`cardtext.interpreter.destroy`);
* 704.5h a creature dealt damage by a source with deathtouch since the last
  check is destroyed;
* 704.5i a planeswalker with no loyalty counters goes to the graveyard;
* 704.5j of two or more legendary permanents with the same name that one
  player controls, the player keeps one; the others go to the graveyard;
* 704.5m an Aura attached illegally or to nothing goes to the graveyard;
  704.5n an Equipment attached illegally becomes unattached
  (:mod:`cardtext.interpreter.attach`);
* 704.5y of two or more Roles one player controls attached to one
  permanent, all but the newest go to the graveyard;
* 714.4 a Saga with lore counters at least its final chapter number, and no
  chapter ability of it triggered and not yet left the stack, is sacrificed
  (:mod:`cardtext.interpreter.sagas`).
"""

from __future__ import annotations

from . import sagas
from .attach import check_attachments, role_rule
from .characteristics import (
    Chars,
    chars,
    display_name,
    granted_keyword,
    has_keyword,
    power_toughness,
)
from .choices import Decision, ask
from .destroy import destroy
from .objects import GameObject
from .state import Game
from .zones import move, sacrifice


def game_over(game: Game) -> str | None:
    """Why the game is over, or None while it goes on.

    A player who loses leaves the game (104.3a, 800.4a); in a game of two, the
    other one wins (104.2a), and when both lose at once the game is a draw
    (104.4a).  Nothing happens in a game that is over: later actions are
    refused with this reason."""
    players = list(game.state.players.values())
    lost = [p.name for p in players if p.lost]
    if not lost:
        return None
    left = [p.name for p in players if not p.lost]
    if not left:
        return "every player lost the game at once, so it is a draw (104.4a)"
    if len(left) == 1:
        return f"{' and '.join(lost)} lost the game and {left[0]} won it (104.2a, 104.3a)"
    return None


START_YOUR_ENGINES = "start your engines!"


def _start_engines(game: Game) -> bool:
    """702.179: a player who has no speed and controls a permanent with
    start your engines! gets a speed of 1, as a state-based action."""
    done = False
    waiting = [p for p in game.state.players.values() if p.speed is None and not p.lost]
    if not waiting:
        return False
    # its printed keywords, unless an effect may give it the keyword (the full check is the slow one)
    given = granted_keyword(game, START_YOUR_ENGINES)
    for p in waiting:
        if any(o.controller == p.name and (START_YOUR_ENGINES in chars(o).printed_keywords
                                           or (given and has_keyword(game, o, START_YOUR_ENGINES)))
               for o in game.battlefield()):  # fmt: skip
            p.speed = 1
            game.say(f"  {p.name} controls a permanent with start your engines! and has no speed: their speed is 1 (702.179, a state-based action)")
            done = True
    return done


def check(game: Game) -> bool:
    """Perform all applicable state-based actions at once, repeatedly (704.3).
    Return whether any was performed."""
    any_done = False
    while True:
        done = False
        for p in game.state.players.values():
            if p.lost:
                continue
            if p.life <= 0:
                p.lost = True
                game.say(f"  {p.name} has {p.life} life and loses the game (704.5a)")
                done = True
            elif p.drew_from_empty:
                p.lost = True
                game.say(f"  {p.name} drew from an empty library and loses the game (704.5b)")
                done = True
            elif p.poison >= 10:
                p.lost = True
                game.say(f"  {p.name} has {p.poison} poison counters and loses the game (704.5c)")
                done = True
        done = _start_engines(game) or done
        dying = []
        seen = [(o, chars(o)) for o in game.battlefield()]
        for o, c in seen:
            if "creature" in c.types:
                _, t = power_toughness(game, o)
                if t is not None and t <= 0:
                    dying.append((o, "has toughness 0 or less (704.5f)", False))
                elif has_keyword(game, o, "indestructible"):
                    pass  # 702.12b: lethal damage and deathtouch don't destroy it
                elif t is not None and o.damage >= t:
                    dying.append((o, "has lethal damage (704.5g)", True))
                elif o.deathtouched:
                    dying.append((o, "was dealt damage by a source with deathtouch (704.5h)", True))
            elif "planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:
                dying.append((o, "has no loyalty (704.5i)", False))
        for o, _ in seen:
            o.deathtouched = False
        gone = {o.id for o, _, _ in dying}
        dying += [(o, "goes to the graveyard by the legend rule (704.5j)", False)
                  for o in _legend_rule(game, seen) if o.id not in gone]  # fmt: skip
        dying += [(o, "is a Role attached with a later one of its controller's (704.5y)", False)
                  for o in role_rule(seen) if o.id not in gone]  # fmt: skip
        for o, why, destroys in dying:
            if destroys:
                game.say(f"  {display_name(o)} {why} and is destroyed")
                destroy(game, o)
            else:
                game.say(f"  {display_name(o)} {why} and is put into the graveyard")
                move(game, o, "graveyard")
            done = True
        for o in sagas.finished(game):
            game.say(f"  {o.controller} sacrifices {display_name(o)}: it has read its final chapter (714.4)")
            sacrifice(game, o)
            done = True
        done = check_attachments(game, None if dying else seen) or done
        for o in list(game.state.objects.values()):
            if (o.token and o.zone != "battlefield") or (o.spell_copy and o.zone != "stack"):
                key = o.zone if o.zone in ("battlefield", "stack") else f"{o.owner}:{o.zone}"
                lst = game.state.zones.get(key, [])
                if o.cid in lst:
                    lst.remove(o.cid)
                del game.state.objects[o.cid]
                done = True
        if not done:
            return any_done
        any_done = True


def _legend_rule(game: Game, seen: list[tuple[GameObject, Chars]]) -> list[GameObject]:
    """704.5j: a player who controls two or more legendary permanents with
    the same name chooses one of them; the others are put into their
    owners' graveyards (at the same time as the other state-based actions).
    ``seen``: the permanents, each with its characteristics."""
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for o, c in seen:
        if "legendary" in c.supertypes and c.name:
            groups.setdefault((o.controller, c.name), []).append(o)
    out: list[GameObject] = []
    for (controller, name), group in groups.items():
        if len(group) < 2:
            continue
        d = Decision("pick", controller, f"legend rule: which {name} to keep (704.5j)",
                     [o.id for o in group], [display_name(o) for o in group], 1, 1)  # fmt: skip
        keep = set(ask(game, d))
        out += [o for o in group if o.id not in keep]
    return out


__all__ = ["check"]
