"""Sagas (CR 714).

A Saga's chapter abilities are triggered abilities (714.2b, read as such by
:func:`cardtext.interpreter.keywords.reading`): each triggers as lore counters put on
the Saga bring their number from below its chapter number to at least it.
Lore counters are put on a Saga as it enters (714.3a) and, as a turn-based
action, on each Saga the active player controls as their precombat main
phase begins (714.3b).  A Saga with as many lore counters as its final
chapter number, or more, that isn't the source of a chapter ability that
has triggered but not yet left the stack, is sacrificed (714.4, a
state-based action).
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .characteristics import chars, display_name
from .keywords import ChapterTrigger
from .objects import GameObject
from .state import CountersPut, Game
from .zones import put_counters


def is_saga(obj: GameObject) -> bool:
    """A face-up Saga permanent (714.1); a face-down one has no subtypes (708.2)."""
    return obj.face_down is None and "Saga" in chars(obj).subtypes


def final_chapter(obj: GameObject) -> int:
    """714.2d: the greatest chapter number among its chapter abilities; 0 with none."""
    numbers = [
        n for ab in chars(obj).abilities
        if isinstance(ab, A.TriggeredAbility) and isinstance(ab.trigger, ChapterTrigger)
        for n in ab.trigger.chapters
    ]  # fmt: skip
    return max(numbers, default=0)


def add_lore(game: Game, obj: GameObject, why: str) -> None:
    """Put a lore counter on a Saga (714.3a, 714.3b)."""
    put_counters(game, obj, "lore", 1)
    game.say(f"  {display_name(obj)} gets a lore counter ({obj.counters.get('lore', 0)} now, {why})")


def enters(game: Game, obj: GameObject) -> None:
    """714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it."""
    if is_saga(obj):
        add_lore(game, obj, "714.3a")


def precombat_main(game: Game) -> None:
    """714.3b: as the precombat main phase begins, the active player puts a
    lore counter on each Saga they control (a turn-based action)."""
    for obj in game.battlefield():
        if obj.controller == game.state.active and is_saga(obj):
            add_lore(game, obj, "714.3b")


def finished(game: Game) -> list[GameObject]:
    """714.4: the Sagas to sacrifice: lore counters at least its final chapter
    number, and no chapter ability of it waiting to go on the stack or on it."""
    out = []
    for obj in game.battlefield():
        if not is_saga(obj):
            continue
        final = final_chapter(obj)
        if final <= 0 or obj.counters.get("lore", 0) < final:
            continue
        if any(isinstance(e, CountersPut) and e.obj == obj.id and e.kind == "lore" for e in game.events):
            continue  # its chapter ability has triggered: the event is yet to be turned into it
        if any(p.source == obj.id and isinstance(p.node.trigger, ChapterTrigger) for p in game.state.pending):
            continue
        if any(item.kind == "ability" and item.source == obj.id and _is_chapter(obj, item.ability)
               for item in game.state.stack):  # fmt: skip
            continue
        out.append(obj)
    return out


def _is_chapter(obj: GameObject, index: int) -> bool:
    abilities = chars(obj).abilities
    ab = abilities[index] if 0 <= index < len(abilities) else None
    return isinstance(ab, A.TriggeredAbility) and isinstance(ab.trigger, ChapterTrigger)


__all__ = ["add_lore", "enters", "final_chapter", "finished", "is_saga", "precombat_main"]
