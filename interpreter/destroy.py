"""Destroying a permanent (CR 701.8), regeneration (701.19) and totem armor (702.89).

"Regenerate [permanent]" sets up a regeneration shield: a replacement effect
for the next time that permanent would be destroyed this turn (701.19a).
Instead of being destroyed it becomes tapped, all damage is removed from it,
and it is removed from combat (701.19b, 506.4).  Each shield is used up by
the destruction it replaces; shields that are left end in the cleanup step
(514.2).  "It can't be regenerated" makes a destruction ignore them (701.19c).  An
indestructible permanent is not destroyed at all, by an effect, lethal damage
or deathtouch (702.12b); it can still be sacrificed, exiled, or put into the
graveyard for toughness 0 or less.  An Aura with totem armor (umbra armor
today) attached to a permanent that would be destroyed is destroyed instead,
and all damage is removed from the permanent (702.89a).
Lethal damage and damage from a deathtouch source destroy (704.5g, 704.5h),
so a shield replaces those too; toughness 0 or less doesn't (704.5f).
"""

from __future__ import annotations

from .characteristics import display_name, has_keyword
from .objects import GameObject, ObjectId
from .state import Game
from .this_turn import CANT_BE_REGENERATED, has_rule
from .zones import move, tap


def add_shield(game: Game, obj: GameObject) -> None:
    """701.19a: one more regeneration shield on ``obj`` for this turn."""
    game.state.shields.append(obj.id)
    game.say(f"  {display_name(obj)} gets a regeneration shield (701.19a)")


def remove_from_combat(game: Game, oid: ObjectId) -> None:
    """506.4: it stops being an attacking, blocking or blocked creature; an
    attacker it blocked stays blocked (509.1h)."""
    combat = game.state.combat
    if combat is None:
        return
    combat.attackers.pop(oid, None)
    combat.blockers.pop(oid, None)
    combat.blocked = combat.blocked - {oid}
    combat.struck_first = combat.struck_first - {oid}


def destroy(game: Game, obj: GameObject, *, regenerable: bool = True) -> bool:
    """701.8a: put it into its owner's graveyard, unless a regeneration shield
    replaces that (701.19b).  Returns whether it was destroyed."""
    if has_keyword(game, obj, "indestructible"):  # 702.12b: not destroyed, no shield used
        game.say(f"  {display_name(obj)} is indestructible: it isn't destroyed (702.12b)")
        return False
    if regenerable and has_rule(game, obj.id, CANT_BE_REGENERATED) is not None:
        regenerable = False  # "can't be regenerated this turn" (701.19c)
    armor = [a for a in game.battlefield() if a.attached_to == obj.id and has_keyword(game, a, "totem armor")]
    shielded = regenerable and obj.id in game.state.shields
    if armor:
        from .choices import Decision, ask

        # 616.1: the affected permanent's controller picks which replacement applies (702.89b: which Aura)
        options: list[object] = [a.id for a in armor] + (["regenerate"] if shielded else [])
        labels = [f"destroy {display_name(a)} instead (totem armor, 702.89a)" for a in armor] + (
            ["regenerate (701.19b)"] if shielded else [])
        d = Decision("pick", obj.controller, f"{display_name(obj)} would be destroyed: which replacement applies (616.1)",
                     options, labels, 1, 1)  # fmt: skip
        picked = ask(game, d)[0]
        aura = next((a for a in armor if a.id == picked), None)
        if aura is not None:
            obj.damage = 0
            obj.deathtouched = False
            game.say(f"  {display_name(obj)} would be destroyed: all damage is removed from it and "
                     f"{display_name(aura)} is destroyed instead (totem armor, 702.89a)")  # fmt: skip
            destroy(game, aura)
            return False
    if shielded:
        game.state.shields.remove(obj.id)
        tap(game, obj)
        obj.damage = 0
        obj.deathtouched = False
        remove_from_combat(game, obj.id)
        game.say(f"  {display_name(obj)} regenerates: it is tapped, its damage is removed and it is removed from combat (701.19b)")
        return False
    move(game, obj, "graveyard")
    return True


__all__ = ["add_shield", "destroy", "remove_from_combat"]
