"""Transform (CR 701.27), a keyword action registered in
:data:`cardtext.interpreter.actions.library.KEYWORD_VERBS`.

"Transform [this creature]", "transform it", "transform target creature":
each permanent turns over so that its other face is up (701.27a).  It stays
the same object (no zone change, 400.7): its counters, damage, tapped
status, attachments and linked information stay, and it has the
characteristics of the face now up (712.8).  Nothing happens (701.27c-d,
712.9) to a permanent that isn't a double-faced card (a transforming or
modal double-faced card; not a meld, flip, split or adventurer card), to one
whose other face is an instant or sorcery, or to a face-down permanent (it
can't transform while face down, M14).  An activated or triggered ability
of a permanent that tries to transform it does so only if it hasn't
transformed since the ability was put on the stack (701.27f).
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..context import Ctx
from ..objects import GameObject
from ..state import Game, KeywordActed
from .common import acted, current
from .library import keyword_action

DOUBLE_FACED = ("transform", "modal")
"""The layouts of double-faced cards, the only cards that can transform (712.9)."""


def transform_refusal(game: Game, obj: GameObject) -> str | None:
    """Why an instruction to transform ``obj`` does nothing (None if it transforms)."""
    if obj.zone != "battlefield":
        return "it isn't a permanent (701.27a)"
    if obj.face_down is not None:
        return "it is face down, and a face-down permanent can't transform (M14)"
    card = obj.copy_of if obj.copy_of is not None else obj.card
    if not card.faces or card.layout not in DOUBLE_FACED:
        return "it isn't a double-faced card (701.27c, 712.9)"
    other = card.faces[1 - (obj.face or 0)]
    if {"instant", "sorcery"} & {t.lower() for t in other.type_line.types}:
        return f"its other face, {other.name}, is an instant or sorcery (701.27d)"
    return None


def transform(game: Game, obj: GameObject) -> bool:
    """701.27a: turn ``obj`` over so that its other face is up; False (and a
    log line saying why) when nothing happens."""
    before = display_name(obj)
    why = transform_refusal(game, obj)
    if why is not None:
        game.say(f"  {before} doesn't transform: {why}")
        return False
    obj.face = 1 - (obj.face or 0)
    obj.transformed = game.state.next_id
    game.say(f"  {before} transforms into {display_name(obj)} (701.27a)")
    game.events.append(KeywordActed("transform", obj.controller, obj.id))  # "Whenever [this] transforms (into ...)"
    return True


def _transformed_since(ctx: Ctx, obj: GameObject) -> bool:
    """701.27f: an ability of ``obj`` trying to transform it, after it has
    transformed since the ability was put on the stack."""
    item = ctx.item
    return item is not None and item.kind == "ability" and item.source == obj.id and obj.transformed > item.sid


@keyword_action("transform")
def _transform(ctx: Ctx, a: A.KeywordAction) -> bool:
    """"Transform [it]" ("[it] transforms": the object is the subject)."""
    what = a.what if a.what is not None else a.player
    done: list[GameObject] = []
    for o in current(ctx, ctx.objects(what)):
        if _transformed_since(ctx, o):
            ctx.game.say(f"  {display_name(o)} doesn't transform: it has transformed since this ability was put on "
                         "the stack (701.27f)")  # fmt: skip
            continue
        if transform(ctx.game, o):
            done.append(o)
    acted(ctx, done)
    return bool(done)



__all__ = ["DOUBLE_FACED", "transform", "transform_refusal"]
