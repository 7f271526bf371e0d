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

from .characteristics import CLOAKED_CARD, FACE_DOWN_CARD, WARDED_FACE_DOWN, display_name
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
