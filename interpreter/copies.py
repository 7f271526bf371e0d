"""Copies (CR 706, 707.10).

* A copy of a spell is created on the stack, not cast: "whenever you cast"
  abilities don't trigger.  It copies the choices made for the original —
  X, modes, targets, and how many times and with which costs it was kicked
  (707.10, rule K15) — and the costs paid for it, but nothing is paid for
  the copy.  Its controller may be allowed to choose new targets.  A copy
  of a permanent spell becomes a token when it resolves.
* A token or permanent that is a copy of a permanent copies its copiable
  values (706.2) only; linked information such as "kicked" is not copied
  (rule K16).
"""

from __future__ import annotations

from dataclasses import replace

from cardtext.grammar import ast as A

from .characteristics import (
    CARD_TYPE_WORDS,
    CLOAKED_CARD,
    FACE_DOWN_CARD,
    WARDED_FACE_DOWN,
    display_name,
)
from .choices import Decision, ask
from .context import Ctx
from .errors import IllegalAction
from .objects import GameObject, ObjectId
from .state import StackItem
from .targets import choose_targets, label, slot_index
from .zones import create_object


def copiable_card(obj: GameObject) -> A.Card:
    """706.2: the copiable values — the card as printed, or as modified by
    another copy effect; of a face-down permanent or spell, only the
    face-down characteristics (707.2, 708.2a: a nameless 2/2 creature with no
    abilities, ward {2} if cloaked) — the hidden card is not copied, nor revealed."""
    if obj.face_down is not None and obj.zone in ("battlefield", "stack"):
        return CLOAKED_CARD if obj.face_down in WARDED_FACE_DOWN else FACE_DOWN_CARD
    return obj.copy_of or obj.card


_SUPERTYPES = frozenset({"legendary", "basic", "snow", "world"})


def exception_parts(exc: object) -> tuple[object, ...]:
    """The exceptions of a copy, one or several (707.9b)."""
    return tuple(exc.parts) if isinstance(exc, A.Exceptions) else (exc,)


def _given(value: object) -> tuple[tuple[object, ...], A.Quoted | None] | None:
    """What "it has [keywords] [and "..."]" gives a copy: its keywords and its
    abilities in quotation marks; None for something else."""
    if isinstance(value, A.Quoted):
        return (), value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple) and isinstance(value[1], A.Quoted):
        return value[0], value[1]
    if isinstance(value, tuple) and all(isinstance(k, A.Keyword) for k in value):
        return value, None
    if isinstance(value, A.Keyword):
        return (value,), None
    return None


def exception_problem(exc: object) -> str | None:
    """What of a copy's exceptions (707.9b) the engine can't carry out, or None."""
    for part in exception_parts(exc):
        if not isinstance(part, A.Exception_):
            return f"a copy with the exception {type(part).__name__}"
        if part.what == "it isn't legendary":
            continue
        if part.what in ("it has", "it gains") and _given(part.value) is not None:
            continue
        if part.what == "it's also" and all(isinstance(w, A.Noun | A.TypeAdj) for w in part.value[0]):
            continue
        return f"a copy with the exception '{part.what}'"
    return None


def with_exception(card: A.Card, exc: object) -> A.Card:
    """707.9b: the copiable values of a copy with its exceptions — they are
    part of what a later copy of it copies: "it isn't legendary", "it has
    flying" / 'it gains "..."' (the abilities after its own), "it's an
    artifact in addition to its other types"."""
    from .keywords import reading
    from .objects import quoted_abilities

    problem = exception_problem(exc)
    if problem is not None:
        from .errors import Unsupported

        raise Unsupported(problem)
    line = card.type_line
    supertypes, types, subtypes = list(line.supertypes), list(line.types), list(line.subtypes)
    abilities = list(card.abilities)
    for part in exception_parts(exc):
        assert isinstance(part, A.Exception_)
        if part.what == "it isn't legendary":
            supertypes = [t for t in supertypes if t.lower() != "legendary"]
        elif part.what in ("it has", "it gains"):
            keywords, quoted = _given(part.value) or ((), None)
            if keywords:
                abilities.append(A.KeywordLine(keywords))
            if quoted is not None:
                abilities.extend(reading(ab) for ab in quoted_abilities(quoted))
        else:  # "it's also": types added to those it has (205.1b)
            for word in part.value[0]:
                name = word.type if isinstance(word, A.TypeAdj) else word.word
                kind = supertypes if name.lower() in _SUPERTYPES else types if name.lower() in CARD_TYPE_WORDS else subtypes
                if name.lower() not in (t.lower() for t in kind):
                    kind.append(name.capitalize() if kind is not subtypes else name)
    return replace(card, type_line=replace(line, supertypes=tuple(supertypes), types=tuple(types), subtypes=tuple(subtypes)),
                   abilities=tuple(abilities))


def copy_card(ctx: Ctx, obj: GameObject) -> GameObject:
    """707.12: a copy of a card outside the stack (to be cast) is created in
    the zone the card is in, owned and controlled by the player who made it;
    "the copy" then means it (:attr:`Ctx.copies`).  Left uncast, it ceases
    to exist (704.5e)."""
    game = ctx.game
    copy_obj = create_object(game, copiable_card(obj), ctx.controller, obj.zone, spell_copy=True)
    ctx.copies = [copy_obj.id]
    game.say(f"  {ctx.controller} copies {display_name(obj)} in the {obj.zone} (707.12)")
    return copy_obj


def copy_spell(ctx: Ctx, oid: ObjectId, *, new_targets: bool) -> bool:
    game = ctx.game
    original = next((s for s in game.state.stack if s.source == oid and s.kind == "spell"), None)
    spell = game.get(oid)
    if original is None and spell is not None and spell.zone != "stack" and spell.face_down is None:
        copy_card(ctx, spell)
        return True
    if original is None or spell is None:
        game.say("  there is no spell to copy any more")
        return False
    card = copiable_card(spell)
    copy_obj = create_object(game, spell.card, spell.owner, "stack", controller=ctx.controller, spell_copy=True)
    copy_obj.copy_of = spell.copy_of
    copy_obj.face_down = spell.face_down
    info = game.linked(oid)
    game.set_linked(copy_obj.id, replace(info, cast=False, exiled=(), created=(), chosen=()))
    item = StackItem(
        game.new_id(), "spell", ctx.controller, copy_obj.id, -1, original.effect,
        f"copy of {card.name}", original.targets, original.x,
    )  # fmt: skip
    item.modes = original.modes  # 700.2g: the copy's controller can't choose other modes
    item.division = original.division  # 707.10: the damage is divided as the original's was
    if new_targets and original.effect is not None and any(original.targets):
        d = Decision("new_targets", ctx.controller, f"choose new targets for the copy of {card.name}?")
        if ask(game, d):
            cctx = Ctx(game, ctx.controller, copy_obj.id, -1, item, slot_index(original.effect), x=info.x)
            try:
                item.targets = choose_targets(cctx, original.effect, main=False, who=f"copy of {card.name}")
            except IllegalAction as exc:
                game.say(f"  can't choose new targets ({exc}); the copy keeps the original's")
    game.state.stack.append(item)
    kicks = len(info.kicks)
    bits = []
    if kicks:
        bits.append(f"kicked {kicks} time{'s' if kicks != 1 else ''}")
    if info.x is not None:
        bits.append(f"X={info.x}")
    if item.modes is not None:
        from .modes import describe

        bits.append(f"{describe(item.modes)}, as the original")
    tctx = Ctx(game, ctx.controller, copy_obj.id)
    chosen = [label(tctx, v) for slot in item.targets for v in slot]
    if chosen:
        bits.append("targeting " + ", ".join(chosen))
    game.say(f"  {ctx.controller} copies {display_name(spell)}" + (f" ({'; '.join(bits)})" if bits else "")
             + " — the copy is not cast (707.10)")  # fmt: skip
    return True


__all__ = ["copiable_card", "copy_card", "copy_spell"]
