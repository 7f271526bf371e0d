"""Zones and moving objects between them (CR 400).

Moving an object makes a new object (400.7): a new zone-change count, no
counters, untapped, no damage, face up (a face-down permanent that leaves the battlefield, or a
face-down spell that leaves the stack for anywhere but the battlefield, is
revealed, 708.9), nothing attached, no linked information.  Leaving the
battlefield or the stack records last known information (608.2h) and an
event for leaves-the-battlefield triggers (603.10a).
"""

from __future__ import annotations

import random

from cardtext.grammar import ast as A

from .characteristics import chars, display_name, is_room, power_toughness
from .objects import GameObject, Lki, ObjectId, PlayerId, Zone
from .state import (
    BecameTapped,
    BecameUntapped,
    CountersPut,
    CountersRemoved,
    Discarded,
    DoorUnlocked,
    DrewCard,
    Entered,
    ExiledWithMadness,
    Game,
    KeywordActed,
    Left,
    PutInto,
    Sacrificed,
    UnattachedFrom,
)
from .statics import graveyard_instead
from .zone_changes import record_entered


def zone_key(zone: Zone, player: PlayerId) -> str:
    return zone if zone in ("battlefield", "stack") else f"{player}:{zone}"


def _list_for(game: Game, obj: GameObject) -> list[int]:
    owner_or_controller = obj.controller if obj.zone in ("battlefield", "stack") else obj.owner
    return game.zone(obj.zone, owner_or_controller)


def create_object(
    game: Game,
    card: A.Card,
    owner: PlayerId,
    zone: Zone,
    *,
    controller: PlayerId | None = None,
    token: bool = False,
    spell_copy: bool = False,
    position: int | None = None,
) -> GameObject:
    """A new card, token or copy in a zone (no event: used for setup, tokens, copies)."""
    cid = game.new_id()
    obj = GameObject(cid, 0, card, owner, controller or owner, zone, token=token, spell_copy=spell_copy)
    obj.arrived = game.tick()
    if zone == "battlefield" and is_room(card):
        obj.doors = ()  # 709.5d: a Room put onto the battlefield without being cast has its doors locked
    game.state.objects[cid] = obj
    lst = game.zone(zone, obj.controller if zone in ("battlefield", "stack") else owner)
    if position is None:
        lst.append(cid)
    else:
        lst.insert(position, cid)
    return obj


def lki_of(game: Game, obj: GameObject) -> Lki:
    p, t = power_toughness(game, obj)
    c = chars(obj)
    return Lki(
        obj.id, c.name, obj.controller, obj.owner, p, t, c.types,
        tuple(sorted(obj.counters.items())), c.abilities, obj.face_down, obj.zone, c.mana_value, obj.arrived,
        obj.clone(),
    )  # fmt: skip


def move(
    game: Game,
    obj: GameObject,
    to: Zone,
    *,
    controller: PlayerId | None = None,
    bottom: bool = False,
    face_down: str | None = None,
    tapped: bool = False,
    face: int | None = None,
) -> GameObject:
    """Move ``obj`` to zone ``to`` as a new object; return it.

    Libraries are ordered top first; ``bottom`` puts a card at the bottom.
    ``face`` is the face of a multi-face card it shows there (cast by a face,
    709.3, 715.3b, 712.11b); a spell that resolves keeps its face (712.14),
    and in any other zone a card shows its front face (711.4a, 712.8a)."""
    old_id = obj.id
    from_zone = obj.zone
    if from_zone == "battlefield" and to == "graveyard" and game.state.turn_rules and "creature" in chars(obj).types:
        to = _instead_of_dying(game, obj)
    shuffled = False
    if from_zone == "battlefield" and to != "exile" and "unearthed" in obj.marks:
        # 702.84a: "If it would leave the battlefield, exile it instead of putting it anywhere else"
        game.say(f"  {display_name(obj)} would leave the battlefield: it is exiled instead (unearth, 702.84a)")
        to = "exile"
    if to == "graveyard":
        found = graveyard_instead(game, obj)
        if found is not None and found[1] == "exile":
            # 614.6: the event is replaced; the object never goes to the graveyard
            game.say(f"  {display_name(obj)} would be put into a graveyard: {display_name(found[0])} exiles it instead (614.6)")
            to = "exile"
        elif found is not None:
            where = {"top": "on top of", "bottom": "on the bottom of", "shuffle": "into"}[found[1]]
            game.say(f"  {display_name(obj)} would be put into a graveyard: {display_name(found[0])} puts it "
                     f"{where} its owner's library instead (614.6)")  # fmt: skip
            to, bottom, shuffled = "library", found[1] == "bottom", found[1] == "shuffle"
    lki: Lki | None = None
    if from_zone in ("battlefield", "stack"):
        lki = lki_of(game, obj)
        game.state.lki[old_id] = lki
    if from_zone == "battlefield":
        end_while_tapped(game, old_id)
    if obj.face_down is not None and (from_zone == "battlefield" or (from_zone == "stack" and to != "battlefield")):
        game.say(f"  {display_name(obj)} is revealed: {obj.card.name} (708.9)")
    _list_for(game, obj).remove(obj.cid)
    obj.zcc += 1
    obj.zone = to
    obj.tapped = tapped
    obj.counters = {}
    obj.damage = 0
    obj.deathtouched = False
    obj.face_down = face_down  # type: ignore[assignment]
    was_attached = obj.attached_to if from_zone == "battlefield" else None
    obj.attached_to = None
    obj.became = ()
    obj.granted = ()
    obj.from_statics = ()
    obj.static_types = ()
    obj.static_base = None
    obj.marks = frozenset()  # designations last until it leaves the battlefield (701.37b, 701.60b)
    obj.face = face if face is not None else (obj.face if from_zone == "stack" and to == "battlefield" else None)
    unlocked: int | None = None
    obj.doors = None
    if to == "battlefield" and is_room(obj.copy_of or obj.card):
        # 709.5d: a Room cast by a door enters with that door unlocked, any other with both locked
        unlocked = obj.face
        obj.doors = (unlocked,) if unlocked is not None else ()
        obj.face = None
    obj.transformed = -1
    obj.sick = to == "battlefield"
    obj.arrived = game.tick()
    if to in ("battlefield", "stack"):
        obj.controller = controller or (obj.controller if from_zone == "stack" and to == "battlefield" else obj.owner)
    else:
        obj.controller = obj.owner
    if to != "battlefield" and to != "stack":
        obj.copy_of = None if not obj.token else obj.copy_of
    lst = _list_for(game, obj)
    if to == "library" and not bottom:
        lst.insert(0, obj.cid)
    else:
        lst.append(obj.cid)
    attached: list[ObjectId] = []
    for other in game.battlefield():
        if other.attached_to == old_id:
            other.attached_to = None
            attached.append(other.id)
    if lki is not None:
        game.events.append(Left(lki, to, obj.id, tuple(attached)))
        if from_zone == "battlefield":
            game.state.left_this_turn.append((lki, to, obj.id))  # "if a creature died this turn" (700.4)
    if was_attached is not None:
        game.events.append(UnattachedFrom(old_id, was_attached))  # 701.3d: it left the battlefield
    game.events.extend(UnattachedFrom(a, old_id) for a in attached)  # its host left
    game.events.append(PutInto(obj.id, from_zone, to, obj.owner))  # "put into a graveyard from anywhere", "leaves your graveyard" (603.6c)
    if to == "graveyard" and obj.is_card:
        game.state.to_graveyard_this_turn.append((obj.id, obj.owner))  # "if you descended this turn" (700.11)
    if shuffled:
        # "reveal [it] and shuffle it into its owner's library instead" (701.20)
        random.Random(game.state.seed * 7919 + game.state.clock).shuffle(lst)
        game.tick()
        game.say(f"  {obj.owner} shuffles their library (701.20)")
    if to == "battlefield":
        game.events.append(Entered(obj.id, from_zone))
        if unlocked is not None:
            game.events.append(DoorUnlocked(obj.id, unlocked, obj.controller))  # "when you unlock this door" (709.5h)
        record_entered(game, obj)  # "if a creature entered under your control this turn" (700.4)
    return obj


def _instead_of_dying(game: Game, obj: GameObject) -> Zone:
    """700.4, 614.6: a creature that would die (be put into a graveyard from
    the battlefield) with "If that creature would die this turn, exile it
    instead" on it this turn is exiled instead; it doesn't die."""
    from .this_turn import EXILED_IF_IT_WOULD_DIE, has_rule

    rule = has_rule(game, obj.id, EXILED_IF_IT_WOULD_DIE)
    if rule is None:
        return "graveyard"
    game.say(f"  {display_name(obj)} would die: it is exiled instead ({rule.source}, 614.6)")
    return "exile"


def sacrifice(game: Game, obj: GameObject) -> GameObject:
    """701.21a: its controller puts it into its owner's graveyard (no
    regeneration can replace that); an event for "whenever you sacrifice ..."."""
    player, old = obj.controller, obj.id
    new = move(game, obj, "graveyard")
    lki = game.state.lki.get(old)
    if lki is not None:
        game.events.append(Sacrificed(player, lki))
        game.state.sacrificed_this_turn.append((player, lki))  # "if you've sacrificed an artifact this turn"
    return new


def tap(game: Game, obj: GameObject) -> bool:
    """Tap ``obj`` (701.26a); an event for "whenever ... becomes tapped".  Whether it was untapped."""
    if obj.tapped:
        return False
    obj.tapped = True
    game.events.append(BecameTapped(obj.id))
    return True


def exert(game: Game, obj: GameObject) -> None:
    """701.43a: an exerted permanent won't untap during its controller's
    next untap step (502.3)."""
    game.state.skip_untap.append((obj.id, None))
    game.say(f"  {display_name(obj)} is exerted: it won't untap during its controller's next untap step (701.43a)")
    game.events.append(KeywordActed("exert", obj.controller, obj.id))  # "Whenever you exert a creature"


def end_while_tapped(game: Game, oid: ObjectId) -> None:
    """611.2b: effects "for as long as [it] remains tapped" end as it
    untaps or leaves the battlefield (and don't begin again)."""
    if any(e.while_tapped == oid for e in game.state.eot):
        game.state.eot = [e for e in game.state.eot if e.while_tapped != oid]


def untap(game: Game, obj: GameObject) -> bool:
    """Untap ``obj`` (701.26b), an event for "whenever ... becomes untapped"; 122.1d: if it has a stun counter, a stun
    counter is removed from it instead and it stays tapped.  Whether it untapped."""
    if not obj.tapped:
        return False
    stun = obj.counters.get("stun", 0)
    if stun > 0:
        if stun == 1:
            del obj.counters["stun"]
        else:
            obj.counters["stun"] = stun - 1
        game.say(f"  {display_name(obj)} stays tapped: a stun counter is removed from it instead (122.1d)")
        return False
    obj.tapped = False
    end_while_tapped(game, obj.id)
    game.events.append(BecameUntapped(obj.id))
    end_held_tapped(game, obj)
    return True


HELD_DURATIONS = ("for as long as remains tapped", "for as long as you control", "for as long as remains on the battlefield")
"""The durations of "[it] doesn't untap during its controller's untap step
for as long as [this] remains tapped" the engine keeps (611.2b)."""


def end_held_tapped(game: Game, source: GameObject) -> None:
    """611.2b: ``source`` untapped: the effects that lasted "for as long as
    [it] remains tapped" end, for good."""
    game.state.held_tapped = [h for h in game.state.held_tapped
                              if not (h[1] == source.id and h[2] == "for as long as remains tapped")]  # fmt: skip


def held_tapped(game: Game, obj: GameObject) -> bool:
    """502.3: does a "doesn't untap ... for as long as [this] remains tapped
    / you control [this] / [this] remains on the battlefield" effect keep
    ``obj`` tapped in this untap step?  Effects whose duration is over end
    (611.2b): the source left the battlefield (400.7), untapped, or changed
    controller."""
    keep = []
    held = False
    for oid, src_id, kind, controller in game.state.held_tapped:
        src = game.get(src_id)
        if src is None or src.zone != "battlefield" or game.get(oid) is None:
            continue
        if (kind == "for as long as remains tapped" and not src.tapped) or (
                kind == "for as long as you control" and src.controller != controller):  # fmt: skip
            continue
        keep.append((oid, src_id, kind, controller))
        held = held or oid == obj.id
    game.state.held_tapped = keep
    return held


def put_counters(game: Game, obj: GameObject, kind: str, n: int) -> None:
    """122.1, 122.6: put ``n`` counters of ``kind`` on ``obj`` — as an
    instruction, or as it enters with them — an event for "whenever one or
    more counters are put on ..."."""
    if n <= 0:
        return
    obj.counters[kind] = obj.counters.get(kind, 0) + n
    game.events.append(CountersPut(obj.id, kind, n, obj.counters[kind]))


def remove_counters(game: Game, obj: GameObject, kind: str, n: int) -> int:
    """122.1: remove up to ``n`` counters of ``kind`` from ``obj`` — an event
    for "when the last time counter is removed" (702.63a).  Returns how many
    were removed."""
    have = obj.counters.get(kind, 0)
    n = min(max(0, n), have)
    if n <= 0:
        return 0
    obj.counters[kind] = have - n
    if not obj.counters[kind]:
        del obj.counters[kind]
    game.events.append(CountersRemoved(obj.id, kind, n, have - n))
    return n


def draw(game: Game, player: PlayerId, n: int = 1) -> list[GameObject]:
    """CR 121: draw from the top; drawing from an empty library loses the game at the next SBA check."""
    out = []
    for _ in range(n):
        lib = game.zone("library", player)
        if not lib:  # 121.4: nothing happens now; the next check makes the player lose (704.5b)
            game.player(player).drew_from_empty = True
            game.say(f"  {player} can't draw from an empty library")
            continue
        obj = move(game, game.obj(lib[0]), "hand")
        out.append(obj)
        game.player(player).drawn_this_turn += 1
        game.events.append(DrewCard(player, game.player(player).drawn_this_turn))
        if game.player(player).drawn_this_turn == 1:
            from .cast_permissions import miracle_drawn

            miracle_drawn(game, player, obj)  # 702.94a: the first card drawn this turn may be revealed
    if out:
        game.say(f"  {player} draws {len(out)} card{'s' if len(out) != 1 else ''}")
    return out


def discard(game: Game, player: PlayerId, obj: GameObject, by: PlayerId | None = None) -> GameObject:
    """701.9a: ``player`` discards ``obj``, moving it from their hand to
    their graveyard; for a card with madness the madness ability (702.35a)
    replaces that: it is discarded but exiled instead, and its madness
    trigger triggers.  ``by``: the controller of the spell or ability that
    makes them discard it ("When a spell or ability an opponent controls
    causes you to discard ...").  Returns the new object."""
    from .cast_permissions import madness_cost

    game.say(f"  {player} discards {obj.card.name}")
    if obj.zone == "hand" and madness_cost(obj) is not None:
        new = move(game, obj, "exile")
        game.say(f"  {obj.card.name} is exiled instead of being put into a graveyard (madness, 702.35a)")
        game.events.append(ExiledWithMadness(new.id))
    else:
        new = move(game, obj, "graveyard")
    game.events.append(Discarded(player, new.id, by=by))
    return new


def top_of_library(game: Game, player: PlayerId, n: int) -> list[GameObject]:
    return [game.obj(c) for c in game.zone("library", player)[:n]]


def find_current(game: Game, oid: ObjectId) -> GameObject | None:
    return game.get(oid)


__all__ = ["create_object", "discard", "draw", "find_current", "lki_of", "move", "put_counters", "top_of_library", "zone_key"]
