"""One-shot effects that last "until [this] leaves the battlefield" (CR 610.3).

"Exile target creature an opponent controls until this creature leaves the
battlefield" exiles the card now and records the pair (source, exiled card)
in ``state.until_leaves``, with the zone the card was exiled from.  As soon
as the source leaves the battlefield the exiled card returns to that zone
(610.3c): a permanent to the battlefield under its owner's control, a card
from a hand to its owner's hand, from a graveyard to its owner's graveyard;
this is part of the original effect, not a triggered ability, so nothing
goes on the stack and nothing can respond.  A card that has left exile in
the meantime is a new object (400.7) and stays where it is.  If the source
had already left before the exile happened, nothing was exiled at all
(610.3c, :func:`cardtext.interpreter.actions.zones._exile`).
"""

from __future__ import annotations

from collections.abc import Iterable

from .characteristics import display_name
from .objects import ObjectId, Zone
from .state import Event, Game, Left
from .zones import move


def return_exiled(game: Game, events: Iterable[Event]) -> None:
    """610.3c: return the cards exiled "until [source] leaves" whose source
    has left the battlefield in ``events``."""
    if not game.state.until_leaves:
        return
    gone = {e.lki.id for e in events if isinstance(e, Left) and e.lki.zone == "battlefield"}
    if not gone:
        return
    from .replacement import put_onto_battlefield

    keep: list[tuple[ObjectId, ObjectId, Zone]] = []
    due: list[tuple[ObjectId, ObjectId, Zone]] = []
    for entry in game.state.until_leaves:
        (due if entry[0] in gone else keep).append(entry)
    game.state.until_leaves = keep
    for source, exiled, came_from in due:
        card = game.get(exiled)
        name = game.state.lki[source].name if source in game.state.lki else "its source"
        if card is None or card.zone != "exile":
            game.say(f"  {name} has left the battlefield; the card it exiled is no longer in exile (610.3c)")
            continue
        label = display_name(card)
        if came_from != "battlefield":
            new = move(game, card, came_from)
            game.say(f"  {name} has left the battlefield: {label} returns to {new.owner}'s {came_from} (610.3c)")
            continue
        new = put_onto_battlefield(game, card, card.owner)
        if new.zone == "battlefield":
            game.say(f"  {name} has left the battlefield: {label} returns to the battlefield under {new.owner}'s control (610.3c)")


__all__ = ["return_exiled"]
