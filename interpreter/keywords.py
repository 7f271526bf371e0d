"""Keyword abilities that stand for other abilities (CR 702).

Champion (702.72a) is two linked triggered abilities (607.2k, rule L-k):
"When this enters, sacrifice it unless you exile another [object] you
control" and "When this leaves the battlefield, return the exiled card to the
battlefield under its owner's control".  :func:`all_abilities` lists a
card's printed abilities followed by those its keywords stand for, so the
rest of the interpreter (triggers, linked abilities) treats them like any
other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grammar import ast as A

from .bind import per_node


@dataclass(frozen=True, slots=True)
class ChampionExile(A.Node):
    """The champion's enters instruction: exile ``exile.what`` or sacrifice this."""

    exile: A.Exile


@per_node
def all_abilities(card: A.Card) -> tuple[A.Ability, ...]:
    extra: list[A.Ability] = []
    for ab in card.abilities:
        if not isinstance(ab, A.KeywordLine):
            continue
        for kw in ab.keywords:
            if isinstance(kw, getattr(A, "Champion", ())):
                extra.extend(_champion(kw))
    return card.abilities + tuple(extra)


def _champion(kw: A.Champion) -> list[A.Ability]:
    what = kw.what
    filt = replace(what.filter, another=True, controller=A.ControlledBy(A.You()))
    exile = A.Exile(replace(what, filter=filt))
    enters = A.TriggeredAbility(
        "When", A.EntersTrigger(A.SelfRef()), A.Effect((A.Sentence((ChampionExile(exile),)),))  # type: ignore[arg-type]
    )
    leaves = A.TriggeredAbility(
        "When", A.LeavesTrigger(A.SelfRef()),
        A.Effect((A.Sentence((A.ReturnTo(A.ExiledCards(), "battlefield", under_owner=True),)),)),
    )  # fmt: skip
    return [enters, leaves]


__all__ = ["ChampionExile", "all_abilities"]
