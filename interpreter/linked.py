"""Linked information kept per object at run time (CR 607, 702.33).

Everything one ability of an object records for another ability of the same
object lives in a :class:`Linked` record keyed by the object's
:data:`~cardtext.interpreter.objects.ObjectId` — the card's id *and* its zone-change
count — so a card that left its zone and came back is a new object with none
of it (400.7).  "Was it kicked" is never a flag on the card.

Records are immutable; an update replaces the record, which keeps snapshots
(:meth:`cardtext.interpreter.state.GameState.clone`) cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .objects import ObjectId


@dataclass(frozen=True, slots=True)
class Linked:
    """What the game remembers about one object for its linked abilities.

    * ``kicks``: for each kicker payment, the index of the kicker cost paid
      (607.2i, 702.33; rules K4, K9) — ``(0, 0)`` is a multikicker paid twice,
      ``(0, 1)`` both costs of "Kicker A and/or B".
    * ``cast``: it was cast (a copy or a card put onto the battlefield was not, K11, K15).
    * ``x``: the value of X chosen as it was cast (601.2b; copied by 707.10).
    * ``mana_spent``: mana spent to cast it, additional costs included (K14, L-j);
      ``mana_units`` the units spent, each by its type ("R", "C"), for "if
      {R} was spent to cast it" (601.2h).
    * ``exiled`` / ``created``: per ability index, the objects that ability
      exiled (607.2a, L-a) or put onto the battlefield (607.2c, L-c).
    * ``chosen``: per ability index, the value that ability chose (607.2d, L-d).
    * ``paid``: per ability index (-1: the spell's own additional costs), what
      was paid as it was cast or entered (607.2g/607.2j, L-g, L-j).
    * ``via``: the permission a spell was cast with from a zone other than a
      hand ("flashback", "adventure", ...; :mod:`cardtext.interpreter.cast_permissions`),
      which may say where it goes when it leaves the stack (702.34a, 715.3d).
    * ``additional``: how many times each of its additional costs (in printed
      order) was paid as it was cast (601.2b, 607.2i).
    * ``alternative``: the keyword whose alternative cost it was cast for
      ("warp", 118.9, 702.185b); "" for none or another one.
    * ``exhausted``: the indices of its exhaust abilities activated (702.177a).
    * ``cast_from``: the zone it was cast from ("if you cast it from your
      hand", 601.2a; rebound, 702.88a); ``caster`` the player who cast it ("if you cast it");
      ``main_phase``: it was cast during its caster's main phase ("if you
      cast this spell during your main phase", 505.1).
    """

    kicks: tuple[int, ...] = ()
    cast: bool = False
    x: int | None = None
    mana_spent: int = 0
    mana_units: tuple[str, ...] = ()
    exiled: tuple[tuple[int, ObjectId], ...] = ()
    created: tuple[tuple[int, ObjectId], ...] = ()
    chosen: tuple[tuple[int, Any], ...] = ()
    paid: tuple[tuple[int, Any], ...] = ()
    via: str = ""
    additional: tuple[int, ...] = ()
    alternative: str = ""
    exhausted: tuple[int, ...] = ()
    cast_from: str = ""
    caster: str | None = None
    main_phase: bool = False

    @property
    def times_kicked(self) -> int:
        return len(self.kicks)

    def exiled_by(self, ability: int | None) -> list[ObjectId]:
        return [o for a, o in self.exiled if ability is None or a == ability]

    def created_by(self, ability: int | None) -> list[ObjectId]:
        return [o for a, o in self.created if ability is None or a == ability]

    def chosen_by(self, ability: int | None) -> Any:
        for a, v in reversed(self.chosen):
            if ability is None or a == ability:
                return v
        return None

    def paid_by(self, ability: int | None) -> Any:
        for a, v in reversed(self.paid):
            if ability is None or a == ability:
                return v
        return None

    def cast_info(self) -> Linked:
        """What a resolving permanent spell passes to the permanent it becomes
        (the kicker, X and costs paid of "as it was cast"; 702.33, 607.2j)."""
        return Linked(kicks=self.kicks, cast=self.cast, x=self.x, mana_spent=self.mana_spent, mana_units=self.mana_units,
                      paid=self.paid, additional=self.additional, alternative=self.alternative,
                      cast_from=self.cast_from, caster=self.caster, main_phase=self.main_phase, via=self.via)  # fmt: skip

    def with_exiled(self, ability: int, obj: ObjectId) -> Linked:
        return replace(self, exiled=self.exiled + ((ability, obj),))

    def with_created(self, ability: int, obj: ObjectId) -> Linked:
        return replace(self, created=self.created + ((ability, obj),))

    def with_chosen(self, ability: int, value: Any) -> Linked:
        return replace(self, chosen=self.chosen + ((ability, value),))

    def with_paid(self, ability: int, value: Any) -> Linked:
        return replace(self, paid=self.paid + ((ability, value),))


EMPTY = Linked()

__all__ = ["EMPTY", "Linked"]
