"""Haunt (CR 702.55).

702.55a: on a permanent, "Haunt" means "When this creature dies, exile it
haunting target creature." (:func:`cardtext.interpreter.keywords.keyword_abilities`
spells it out with the instruction :class:`~cardtext.interpreter.keywords.HauntExile`,
carried out here).  702.55b: the exiled card *haunts* that creature; the
game keeps the pair in ``GameState.haunting``.  702.55c: "When the creature
it haunts dies" triggers from exile (113.6k, :mod:`cardtext.interpreter.triggers`).

The relation is between two objects (400.7): once the card leaves exile or
the creature leaves the battlefield, the pair names objects that no longer
exist and nothing triggers.  Haunt on an instant or sorcery ("When this
spell is put into a graveyard during its resolution, ...") is not carried
out: :mod:`cardtext.interpreter.support` reports it.
"""

from __future__ import annotations

from ..characteristics import display_name
from ..context import Ctx
from ..keywords import HauntExile
from ..zones import move
from .registry import carries_out


def _dead_card(ctx: Ctx) -> tuple[int, int] | None:
    """The card that died: the source's next object, if it is in a graveyard
    (it became a new object as it died, 400.7)."""
    cid, zcc = ctx.source
    o = ctx.game.state.objects.get(cid)
    if o is None or o.zone != "graveyard" or o.zcc != zcc + 1:
        return None
    return o.id


@carries_out(HauntExile)
def _haunt_exile(ctx: Ctx, a: HauntExile) -> bool:
    """702.55a-b: exile the card from its graveyard; it haunts the target creature."""
    game = ctx.game
    card = _dead_card(ctx)
    targets = ctx.objects(a.target)
    if card is None:
        game.say("  the card has left its graveyard: it isn't exiled (702.55a)")
        return False
    obj = game.get(card)
    if obj is None:
        return False
    name = display_name(obj)
    exiled = move(game, obj, "exile")
    creature = game.get(targets[0]) if targets else None
    if creature is None or creature.zone != "battlefield":
        game.say(f"  exiles {name}: its target is gone, so it haunts nothing (702.55a, 608.2b)")
        return True
    game.state.haunting.append((exiled.id, creature.id))
    game.say(f"  exiles {name} haunting {display_name(creature)} (702.55b)")
    return True


__all__: list[str] = []
