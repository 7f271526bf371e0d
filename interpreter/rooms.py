"""Rooms (CR 709.5): a split card whose halves are doors.

A Room permanent has the characteristics of its unlocked doors only
(:func:`cardtext.interpreter.characteristics.room_view`, 709.5); cast by a
door, it enters with that door unlocked, put onto the battlefield any other
way, with both locked (:func:`cardtext.interpreter.zones.move`, 709.5c,
709.5d).  Its controller may unlock a locked door by paying that door's mana
cost, as a special action, any time they could cast a sorcery (116.2m,
709.5e: :func:`unlock`); an instruction may unlock one too ("unlock a locked
door of target Room you control", 709.5f) or lock one (709.5g).  Unlocking a door is the event
"when you unlock this door", and unlocking the last locked door is "whenever
you fully unlock a Room" (709.5h, 709.5i, :class:`~cardtext.interpreter.state.DoorUnlocked`).
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .characteristics import display_name, is_room
from .choices import Decision, ask
from .errors import IllegalAction
from .objects import GameObject, ObjectId, PlayerId
from .state import DoorUnlocked, Game


def locked_doors(obj: GameObject) -> list[int]:
    """The locked doors of a Room permanent, by face (none for any other object)."""
    if obj.doors is None:
        return []
    card = obj.copy_of or obj.card
    return [i for i in range(len(card.faces)) if i not in obj.doors]


def unlock_door(game: Game, obj: GameObject, door: int, player: PlayerId) -> None:
    """709.5c, 709.5h, 709.5i: the door becomes unlocked; the event of unlocking it,
    and of fully unlocking the Room when no door is left locked."""
    assert obj.doors is not None and door not in obj.doors
    obj.doors = tuple(sorted((*obj.doors, door)))
    card = obj.copy_of or obj.card
    fully = not locked_doors(obj)
    game.say(f"  {player} unlocks {card.faces[door].name}" + (f": {card.name} is fully unlocked" if fully else ""))
    game.events.append(DoorUnlocked(obj.id, door, player, fully))


def unlock(game: Game, player: PlayerId, oid: ObjectId, door: str | None = None, *,
           only: list[ObjectId] | None = None) -> None:  # fmt: skip
    """116.2m, 709.5e: the special action of unlocking a locked door of a Room
    one controls, paying its mana cost, any time one could cast a sorcery;
    ``door`` names the door (needed when both are locked).  All or nothing."""
    from .casting import sorcery_timing_ok
    from .costs import pay_mana
    from .mana import cost_text, need_of
    from .triggers import settle

    with game.transaction():
        obj = game.get(oid)
        if obj is None or obj.zone != "battlefield" or not is_room(obj.copy_of or obj.card) or obj.doors is None:
            raise IllegalAction("can't unlock a door: it is not a Room on the battlefield (709.5)")
        if obj.controller != player:
            raise IllegalAction(f"can't unlock a door of {display_name(obj)}: {obj.controller} controls it, not {player}")
        why = sorcery_timing_ok(game, player)
        if why is not None:
            raise IllegalAction(f"can't unlock a door of {display_name(obj)} now: {why} (709.5e)")
        card = obj.copy_of or obj.card
        locked = locked_doors(obj)
        if not locked:
            raise IllegalAction(f"can't unlock a door of {display_name(obj)}: every door is unlocked")
        if door is not None:
            named = [i for i in locked if card.faces[i].name.lower() == door.lower()]
            if not named:
                raise IllegalAction(f"can't unlock {door}: it isn't a locked door of {display_name(obj)}")
            locked = named
        if len(locked) > 1:
            raise IllegalAction(f"which door of {display_name(obj)} to unlock: name it (door = ...)")
        face = card.faces[locked[0]]
        cost = face.mana_cost
        what = f"the mana cost {cost_text(cost)} of {face.name}" if cost is not None else f"{face.name}, which has no mana cost"
        game.say(f"{player} unlocks a door (special action, 116.2m) for {what}")
        if cost is not None:
            pay_mana(game, player, need_of([cost]), only, what)
        unlock_door(game, obj, locked[0], player)
        settle(game)


def unlock_by_instruction(game: Game, player: PlayerId, rooms: list[GameObject]) -> bool:
    """709.5f: "unlock a locked door of [a Room]" — its controller's choice of
    door when both are locked; a Room with none locked is left as it is."""
    done = False
    for obj in rooms:
        locked = locked_doors(obj)
        if not locked:
            game.say(f"  {display_name(obj)} has no locked door")
            continue
        card = obj.copy_of or obj.card
        if len(locked) > 1:
            names = [card.faces[i].name for i in locked]
            d = Decision("pick", obj.controller, f"{display_name(obj)}: unlock which door (709.5f)", names, names, 1, 1)
            locked = [locked[names.index(ask(game, d)[0])]]
        unlock_door(game, obj, locked[0], player)
        done = True
    return done


def lock_or_unlock(game: Game, player: PlayerId, rooms: list[GameObject]) -> bool:
    """ "lock or unlock a door of [a Room]": the player chooses a door; a
    locked one becomes unlocked (709.5f, 709.5h: an event as any unlocking),
    an unlocked one locked (709.5g: its name, cost and text are gone, 709.5)."""
    done = False
    for obj in rooms:
        if obj.doors is None:
            continue
        card = obj.copy_of or obj.card
        d = Decision("pick", player, f"{display_name(obj)}: lock or unlock which door (unlocked: "
                     + ", ".join(card.faces[i].name for i in obj.doors) + ")",
                     [f.name for f in card.faces], [f.name for f in card.faces], 1, 1)  # fmt: skip
        door = [f.name for f in card.faces].index(ask(game, d)[0])
        if door in obj.doors:
            obj.doors = tuple(i for i in obj.doors if i != door)
            game.say(f"  {player} locks {card.faces[door].name}")
        else:
            unlock_door(game, obj, door, player)
        done = True
    return done


def this_door(card: A.Card, node: A.Node) -> int | None:
    """The door (face) of a Room whose abilities ``node`` is written in: "this
    door" of "When you unlock this door" (709.5h, 709.5j)."""
    for i, face in enumerate(card.faces):
        if any(n is node for ab in face.abilities for n in ab.walk()):
            return i
    return None


__all__ = ["lock_or_unlock", "locked_doors", "this_door", "unlock", "unlock_by_instruction", "unlock_door"]
