"""Attaching Auras and Equipment (701.3), and the state-based actions that
undo attachments that became illegal (704.5m, 704.5n).

An attachment is ``attached_to`` on the Aura or Equipment, the id of the
object it is on; the attached object's leaving the battlefield clears it
(:func:`cardtext.interpreter.zones.move`), so an Aura whose creature left is then
attached to nothing and goes to the graveyard at the next check.
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .cache import per_node
from .characteristics import Chars, chars, display_name
from .errors import Unsupported
from .filters import matches
from .objects import GameObject, ObjectId, PlayerId
from .state import Game, UnattachedFrom
from .zones import move


def article(words: str) -> str:
    return "an" if words[:1].lower() in "aeiou" else "a"


def enchant_abilities(card: A.Card) -> list[A.Enchant]:
    """The card's enchant abilities ("Enchant creature you control", 702.5a)."""
    return [kw for ab in card.abilities if isinstance(ab, A.KeywordLine) for kw in ab.keywords if isinstance(kw, A.Enchant)]


def object_enchants(obj: GameObject) -> list[A.Enchant]:
    """The enchant abilities an object has: its card's, or those of a copy
    effect, and those a type change gave it ("it becomes an Aura with
    enchant creature", 205.1b); a face-down permanent has none (708.2)."""
    if obj.face_down is not None:
        return []
    out = enchant_abilities(obj.copy_of or obj.card)
    for change in obj.became:
        out.extend(k for k in change.keywords if isinstance(k, A.Enchant))
    return out


def enchant_problem(e: A.Enchant) -> str | None:
    """What the engine can't play of an enchant ability: "enchant player" or
    a card in a graveyard (None: permanents that fit its description)."""
    filt = e.what
    if not isinstance(filt, A.ObjectFilter) or filt.is_player or filt.card or (
        filt.zone is not None and filt.zone.zone != "battlefield"
    ):
        return f"an Aura with {e.name}"
    return None


def _enchant_filter(e: A.Enchant) -> A.ObjectFilter:
    """What an enchant ability allows: permanents that fit its description
    (303.4a)."""
    problem = enchant_problem(e)
    if problem is not None:
        raise Unsupported(problem)
    assert isinstance(e.what, A.ObjectFilter)
    return e.what


@per_node
def aura_spell_effect(card: A.Card) -> A.Effect | None:
    """303.4a, 115.1b: an Aura spell targets the object its enchant ability
    allows, and resolving, it enters attached to that object (608.3a); if the
    target is illegal then, it doesn't resolve (608.3b).  Written as the
    instruction "attach [this] to target [what it can enchant]", whose target
    the casting steps choose (601.2c) like any other; the resolving permanent
    spell is attached by :func:`cardtext.interpreter.stack` (its effect isn't run)."""
    if "Aura" not in card.type_line.subtypes:
        return None
    enchants = enchant_abilities(card)
    if not enchants:
        return None
    if len(enchants) > 1:
        raise Unsupported("an Aura with several enchant abilities")
    target = A.Target(_enchant_filter(enchants[0]))
    return A.Effect((A.Sentence((A.Attach(A.SelfRef(), target),)),))


def aura_target(effect: A.Effect) -> A.Target:
    """The target of an Aura spell's :func:`aura_spell_effect`."""
    action = effect.sentences[0]
    assert isinstance(action, A.Sentence) and isinstance(action.actions[0], A.Attach)
    to = action.actions[0].to
    assert isinstance(to, A.Target)
    return to


def _enchantable(game: Game, enchants: list[A.Enchant], to: GameObject, you: PlayerId, source: ObjectId | None) -> bool:
    """Does ``to`` fit one of the enchant abilities, seen from the Aura's controller (303.4a)?"""
    return to.zone == "battlefield" and any(
        matches(game, _enchant_filter(e), to, you=you, source=source) for e in enchants
    )


def can_enchant(game: Game, aura: GameObject, to: GameObject, controller: PlayerId) -> bool:
    """Could ``aura``, under ``controller``'s control, be attached to ``to`` (303.4a)?"""
    return _enchantable(game, object_enchants(aura), to, controller, aura.id)


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
    if "Aura" in cw.subtypes or "Equipment" in cw.subtypes or "Fortification" in cw.subtypes:
        from .protection import protection_from

        shield = protection_from(game, to, what)
        if shield is not None:
            # 702.16c-d: not enchanted, equipped or fortified by a permanent with the quality
            return f"{display_name(to)} has {shield} (702.16c, 702.16d)"
    if "Aura" in cw.subtypes:
        enchants = object_enchants(what)
        if not enchants:
            return "an Aura with no enchant ability can't be attached (303.4a)"
        if not _enchantable(game, enchants, to, what.controller, what.id):
            allowed = " or ".join(e.name.removeprefix("enchant ") for e in enchants)
            return f"it can enchant only {article(allowed)} {allowed} (303.4a)"
        return None
    if "Equipment" in cw.subtypes:
        return None if "creature" in ct.types else "an Equipment can equip only a creature (301.5c)"
    return "only an Aura or an Equipment can be attached (701.3a)"


def check_attachments(game: Game, seen: list[tuple[GameObject, Chars]] | None = None) -> bool:
    """704.5m: an Aura attached to nothing or to an object it can't enchant is
    put into its owner's graveyard; 704.5n: an Equipment attached to an
    object it can't equip becomes unattached and stays on the battlefield.
    ``seen``: the permanents with their characteristics, when the caller
    has them.  Return whether anything was done."""
    done = False
    for o, c in seen if seen is not None else [(o, chars(o)) for o in game.battlefield()]:
        if "Aura" not in c.subtypes and "Equipment" not in c.subtypes:
            continue
        host = game.get(o.attached_to) if o.attached_to is not None else None
        problem = attach_problem(game, o, host) if host is not None else "it is attached to nothing"
        if "Aura" in c.subtypes and problem is not None:
            game.say(f"  {display_name(o)} is an Aura and {problem}: it is put into the graveyard (704.5m)")
            move(game, o, "graveyard")
            done = True
        elif "Equipment" in c.subtypes and o.attached_to is not None and problem is not None:
            game.say(f"  {display_name(o)} becomes unattached: {problem} (704.5n)")
            game.events.append(UnattachedFrom(o.id, o.attached_to))
            o.attached_to = None
            done = True
    return done


def role_rule(seen: list[tuple[GameObject, Chars]]) -> list[GameObject]:
    """704.5y: of two or more Roles one player controls attached to the same
    permanent, all but the one with the latest timestamp are put into their
    owners' graveyards (303.7)."""
    groups: dict[tuple[ObjectId, PlayerId], list[GameObject]] = {}
    for o, c in seen:
        if "Role" in c.subtypes and o.attached_to is not None:
            groups.setdefault((o.attached_to, o.controller), []).append(o)
    return [o for group in groups.values() if len(group) > 1
            for o in sorted(group, key=lambda o: o.arrived)[:-1]]  # fmt: skip


__all__ = [
    "attach_problem", "aura_spell_effect", "aura_target", "can_enchant", "check_attachments", "enchant_abilities",
    "object_enchants", "role_rule",
]  # fmt: skip
