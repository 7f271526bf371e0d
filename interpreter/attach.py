"""Attaching Auras and Equipment (701.3), and the state-based actions that
undo attachments that became illegal (704.5m, 704.5n).

An attachment is ``attached_to`` on the Aura or Equipment, the id of the
object it is on; the attached object's leaving the battlefield clears it
(:func:`interpreter.zones.move`), so an Aura whose creature left is then
attached to nothing and goes to the graveyard at the next check.
"""

from __future__ import annotations

from .characteristics import Chars, chars, display_name, keywords
from .objects import GameObject
from .state import Game
from .zones import move


def _is_a(c: Chars, noun: str) -> bool:
    """ "enchant creature", "enchant land", "enchant permanent": does the object fit?"""
    noun = noun.lower().removesuffix("s")
    return noun == "permanent" or noun in c.types


def attach_problem(game: Game, what: GameObject, to: GameObject) -> str | None:
    """Why ``what`` can't be attached to ``to`` (None if it can): an Aura only
    to what its enchant ability allows (303.4a), an Equipment only to a
    creature (301.5c), neither to itself, and only these can be attached at
    all (701.3a)."""
    if what.zone != "battlefield" or to.zone != "battlefield":
        return "both must be on the battlefield"
    if what.id == to.id:
        return "a permanent can't be attached to itself (301.5c, 303.4d)"
    cw, ct = chars(what), chars(to)
    if "Aura" in cw.subtypes:
        enchant = [k.removeprefix("enchant ") for k in keywords(game, what) if k.startswith("enchant ")]
        if not enchant:
            return "an Aura with no enchant ability can't be attached (303.4a)"
        if not any(_is_a(ct, noun) for noun in enchant):
            return f"it can enchant only a {' or '.join(enchant)} (303.4a)"
        return None
    if "Equipment" in cw.subtypes:
        return None if "creature" in ct.types else "an Equipment can equip only a creature (301.5c)"
    return "only an Aura or an Equipment can be attached (701.3a)"


def check_attachments(game: Game) -> bool:
    """704.5m: an Aura attached to nothing or to an object it can't enchant is
    put into its owner's graveyard; 704.5n: an Equipment attached to an
    object it can't equip becomes unattached and stays on the battlefield.
    Return whether anything was done."""
    done = False
    for o in game.battlefield():
        c = chars(o)
        host = game.get(o.attached_to) if o.attached_to is not None else None
        problem = attach_problem(game, o, host) if host is not None else "it is attached to nothing"
        if "Aura" in c.subtypes and problem is not None:
            game.say(f"  {display_name(o)} is an Aura and {problem}: it is put into the graveyard (704.5m)")
            move(game, o, "graveyard")
            done = True
        elif "Equipment" in c.subtypes and o.attached_to is not None and problem is not None:
            game.say(f"  {display_name(o)} becomes unattached: {problem} (704.5n)")
            o.attached_to = None
            done = True
    return done


__all__ = ["attach_problem", "check_attachments"]
