"""Attaching Auras and Equipment (701.3), and the state-based actions that
undo attachments that became illegal (704.5m, 704.5n).

An attachment is ``attached_to`` on the Aura or Equipment, the id of the
object it is on; the attached object's leaving the battlefield clears it
(:func:`interpreter.zones.move`), so an Aura whose creature left is then
attached to nothing and goes to the graveyard at the next check.
"""

from __future__ import annotations

from grammar import ast as A

from .bind import per_node
from .characteristics import Chars, chars, display_name, keywords
from .errors import Unsupported
from .objects import GameObject
from .state import Game
from .zones import move


def enchant_nouns(card: A.Card) -> list[str]:
    """What the card's enchant abilities allow ("enchant creature": ``creature``, 702.5a)."""
    out = []
    for ab in card.abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                if isinstance(kw, A.Keyword) and kw.name.lower().startswith("enchant "):
                    out.append(kw.name.lower().removeprefix("enchant "))
    return out


@per_node
def aura_spell_effect(card: A.Card) -> A.Effect | None:
    """303.4a, 115.1b: an Aura spell targets the object its enchant ability
    allows, and resolving, it enters attached to that object (608.3a); if the
    target is illegal then, it doesn't resolve (608.3b).  Written as the
    instruction "attach [this] to target [what it can enchant]", whose target
    the casting steps choose (601.2c) like any other; the resolving permanent
    spell is attached by :func:`interpreter.stack` (its effect isn't run)."""
    if "Aura" not in card.type_line.subtypes:
        return None
    nouns = enchant_nouns(card)
    if not nouns:
        return None
    if any(n in ("player", "opponent") or " " in n for n in nouns):
        raise Unsupported(f"an Aura with enchant {' or '.join(nouns)}")
    target = A.Target(A.ObjectFilter(tuple(nouns)))
    return A.Effect((A.Sentence((A.Attach(A.SelfRef(), target),)),))


def aura_target(effect: A.Effect) -> A.Target:
    """The target of an Aura spell's :func:`aura_spell_effect`."""
    action = effect.sentences[0]
    assert isinstance(action, A.Sentence) and isinstance(action.actions[0], A.Attach)
    to = action.actions[0].to
    assert isinstance(to, A.Target)
    return to


def can_enchant(game: Game, card: A.Card, to: GameObject) -> bool:
    """Could an Aura with ``card``'s enchant abilities be attached to ``to`` (303.4a)?"""
    c = chars(to)
    return to.zone == "battlefield" and any(_is_a(c, noun) for noun in enchant_nouns(card))


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


__all__ = ["attach_problem", "aura_spell_effect", "aura_target", "can_enchant", "check_attachments", "enchant_nouns"]
