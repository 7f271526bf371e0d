"""Static link check: every linked reference on a card must have something to
refer to (CR 607, 702.33).

Like a compiler's "undefined name": "if this spell was kicked" on a card with
no kicker (K5), "kicked with its {U} kicker" when the card's kicker costs are
{R} and {W} (K6, 607.2i), "kicked twice" with a single kicker cost (K4), "the
exiled card" with nothing on the card that exiles (607.2a), X that nothing
defines.  Each is reported with the line and column of the reference.
"""

from __future__ import annotations

from collections.abc import Iterator

from grammar import ast as A
from grammar.errors import LinkError, Location
from grammar.render import Renderer


def check_card(card: A.Card, filename: str = "<string>", text: str | None = None) -> list[LinkError]:
    """Every dangling linked reference of ``card``, in the order written."""
    lines = text.splitlines() if text is not None else []
    errors: list[LinkError] = []

    def report(node: A.Node, message: str, hint: str = "") -> None:
        span = node.span
        line, col = (span.line, span.column) if span else (card.span.line if card.span else 1, 1)
        width = span.end_column - span.column if span and span.end_line == span.line else 1
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        loc = Location(filename, line, col, src)
        snippet = src[col - 1 : col - 1 + width] if src else ""
        errors.append(LinkError(message, loc, text=snippet, hint=hint))

    kickers = card.kickers()
    kicker_costs = [c for k in kickers for c in k.costs]
    can_kick_twice = any(k.multi for k in kickers) or len(kicker_costs) > 1
    exiles = any(isinstance(n, A.Exile) for a in card.abilities for n in a.walk())
    x_defined = _has_x(card.mana_cost) or any(_has_x(c.mana) for c in kicker_costs)
    render = Renderer(card)

    for ability in card.abilities:
        for node, about_self in _references(ability):
            if isinstance(node, A.KickedCondition) and about_self:
                if not kickers:
                    report(node, "'was kicked' refers to a kicker ability, and this card has none (702.33, K5)",
                           hint="add a 'Kicker {cost}' line, or remove the condition")
                    continue
                if node.cost is not None and node.cost not in kicker_costs:
                    have = " and ".join(render.r(c) for c in kicker_costs)
                    report(node, f"this card has no {render.r(node.cost)} kicker; its kicker costs are {have} (607.2i, K6)")
                if node.times is not None and node.times > 1 and not can_kick_twice:
                    report(node, "'kicked twice' needs two kicker costs or multikicker; a single kicker is paid at most once (K4)")
            elif isinstance(node, A.TimesKicked) and about_self and not kickers:
                report(node, "'times it was kicked' refers to a kicker ability, and this card has none (702.33, K5)")
            elif isinstance(node, A.ExiledCards) and not exiles:
                report(node, "'the exiled card' refers to an ability of this card that exiles, and there is none (607.2a)")
        for sentence, x in _x_uses(ability):
            if not x_defined and (sentence is None or sentence.where_x is None):
                report(x, "X is not defined: the card has no {X} in a cost and no 'where X is ...'")
    return errors


def _has_x(cost: A.ManaCost | None) -> bool:
    return cost is not None and any(isinstance(s, A.VariableMana) for s in cost.symbols)


def _references(ability: A.Node) -> Iterator[tuple[A.Node, bool]]:
    """Linked references in an ability, each with whether it is about the card itself.

    "it" is the card itself except in a trigger about another spell ("Whenever
    you cast a spell, if that spell was kicked"), where it means that spell.
    """
    other_spell = isinstance(ability, A.TriggeredAbility) and isinstance(ability.trigger, A.CastTrigger) and not ability.trigger.this_spell
    for node in ability.walk():
        if isinstance(node, (A.KickedCondition, A.TimesKicked)):
            subject = node.subject if isinstance(node, A.KickedCondition) else node.object
            about_self = isinstance(subject, A.SelfRef) or (isinstance(subject, A.ItRef) and not other_spell)
            yield node, about_self
        elif isinstance(node, A.ExiledCards):
            yield node, True


def _x_uses(ability: A.Node) -> Iterator[tuple[A.Sentence | None, A.VarX]]:
    """Each X in the ability with the sentence it is in (None outside sentences)."""
    seen: set[int] = set()
    for node in ability.walk():
        if isinstance(node, A.Sentence):
            for inner in node.walk():
                if isinstance(inner, A.VarX):
                    seen.add(id(inner))
                    yield node, inner
        elif isinstance(node, A.IfSentence):
            continue
    for node in ability.walk():
        if isinstance(node, A.VarX) and id(node) not in seen:
            yield None, node
