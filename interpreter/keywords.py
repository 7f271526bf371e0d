"""Keyword abilities that stand for other abilities (CR 702).

Equip (702.6a) is an activated ability: "[Cost]: Attach this permanent to
target creature you control.  Activate only as a sorcery."

Ward (702.21a) is a triggered ability: "Whenever this permanent becomes the
target of a spell or ability an opponent controls, counter it unless that
player pays [cost]."  The engine's own nodes :class:`BecomesTarget` and
:class:`CounterUnlessPays` spell it out.

Madness (702.35a) is a replacement of discarding (read where cards are
discarded) and a triggered ability from exile, spelled out by the engine's
nodes :class:`ExiledThisWay` and :class:`MadnessCast`.

Hideaway (702.75a) is a triggered ability that exiles a card face down,
linked to the abilities that refer to "the exiled card" (607.2a); the
older "Hideaway" also made the permanent enter tapped.

Champion (702.72a) is two linked triggered abilities (607.2k, rule L-k):
"When this enters, sacrifice it unless you exile another [object] you
control" and "When this leaves the battlefield, return the exiled card to the
battlefield under its owner's control".  :func:`all_abilities` lists a
card's printed abilities followed by those its keywords stand for, so the
rest of the interpreter (triggers, linked abilities) treats them like any
other.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.definitions import definition_abilities, definitions
from cardtext.grammar.lang.statics import static_form
from cardtext.grammar.node import RENDERERS, node_fields
from cardtext.grammar.reminders import keyword_parameter

from .cache import per_node


@functools.cache
def rules_text(type_line: str, *lines: str) -> tuple[A.Ability, ...]:
    """The abilities of a rules text a keyword stands for, read by the card
    grammar (once for each text): ``lines`` as the rules text of a card
    with that type line ("Instant", "Land")."""
    from cardtext.grammar import parse_card

    return parse_card("\n".join(["Keyword Text", type_line, *lines])).abilities


@dataclass(frozen=True, slots=True)
class ChapterTrigger(A.Node):
    """A Saga's chapter ability read as the triggered ability it is (714.2b):
    it triggers as lore counters put on the Saga bring their number from
    below one of ``chapters`` to at least it."""

    chapters: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CrewCost(A.Node):
    """Crew's cost: "Tap any number of other untapped creatures you control
    with total power N or greater" (702.122a); saddle's, the same words
    (702.171a), with ``act`` "saddle"."""

    power: int = 0
    act: str = "crew"


@dataclass(frozen=True, slots=True)
class ChampionExile(A.Node):
    """The champion's enters instruction: exile ``exile.what`` or sacrifice this."""

    exile: A.Exile


@dataclass(frozen=True, slots=True)
class BecomesTarget(A.Node):
    """Ward's trigger: this permanent becomes the target of a spell or ability
    an opponent controls (702.21a)."""


@dataclass(frozen=True, slots=True)
class CounterUnlessPays(A.Node):
    """Ward's effect: counter the spell or ability that targeted it unless its
    controller pays ``cost`` (701.6, 702.21a)."""

    cost: A.Cost


@dataclass(frozen=True, slots=True)
class ExiledThisWay(A.Node):
    """Madness's trigger: "When this card is exiled this way" — by its
    madness ability, as it was discarded (702.35a).  It functions in exile."""


@dataclass(frozen=True, slots=True)
class MadnessCast(A.Node):
    """Madness's effect: "its owner may cast it by paying [cost] rather than
    paying its mana cost.  If that player doesn't, they put this card into
    their graveyard." (702.35a)"""

    cost: A.Cost


def _madness(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.35a: "Madness [cost]" is a static ability that functions in a hand
    (the discard replacement, :func:`cardtext.interpreter.zones.discard`) and this
    triggered ability."""
    effect = A.Effect((A.Sentence((MadnessCast(kw.cost),)),))
    return [A.TriggeredAbility("When", ExiledThisWay(), effect)]


def _ward(kw: A.KeywordWithCost) -> list[A.Ability]:
    effect = A.Effect((A.Sentence((CounterUnlessPays(kw.cost),)),))
    return [A.TriggeredAbility("Whenever", BecomesTarget(), effect)]


@per_node
def keyword_abilities(line: A.KeywordLine) -> tuple[A.Ability, ...]:
    """The abilities the keywords of a line stand for: those spelled out
    here (Champion, Ward, ...) and those read from their definitions
    (:func:`from_definition`)."""
    extra: list[A.Ability] = []
    for kw in line.keywords:
        defined = from_definition(kw)
        if defined is not None:
            extra.extend(defined)
        elif isinstance(kw, A.DefinedKeyword):
            extra.extend(kw.abilities)
        elif isinstance(kw, A.Champion):
            extra.extend(_champion(kw))
        elif isinstance(kw, A.Keyword | A.KeywordNumber) and kw.name.lower() == "hideaway":
            extra.extend(_hideaway(kw))
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "haunt":
            extra.append(_haunt())
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "bargain":
            extra.append(_bargain())
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "cascade":
            extra.append(CASCADE_TRIGGER)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "storm":
            extra.append(STORM_TRIGGER)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "job select":
            extra.extend(_job_select())
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "evolve":
            extra.extend(_evolve())
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "dethrone":
            extra.append(DETHRONE_TRIGGER)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "melee":
            extra.append(MELEE_TRIGGER)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "myriad":
            extra.append(MYRIAD_TRIGGER)
        elif isinstance(kw, A.Gift) and gift_effect(kw) is not None:
            extra.append(GIFT_PROMISE)
        elif isinstance(kw, A.KeywordWithCost) and kw.name.lower() in KEYWORD_EXPANSIONS:
            extra.extend(KEYWORD_EXPANSIONS[kw.name.lower()](kw))
        elif isinstance(kw, A.KeywordWithCost) and typecycling_type(kw.name) is not None:
            extra.extend(_typecycling(kw))
        elif isinstance(kw, A.KeywordNumber) and kw.name.lower() in NUMBER_EXPANSIONS:
            extra.extend(NUMBER_EXPANSIONS[kw.name.lower()](kw))
        elif isinstance(kw, A.KeywordNumberCost) and kw.name.lower() in NUMBER_COST_EXPANSIONS:
            extra.extend(NUMBER_COST_EXPANSIONS[kw.name.lower()](kw))
    return tuple(extra)


def _equip(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target
    creature you control.  Activate only as a sorcery."."""
    target = A.Target(A.ObjectFilter((A.Noun("creature", False),), (A.ControlledBy(A.You()),)))
    effect = A.Effect((A.Sentence((A.Attach(A.SelfRef(), target),)), A.ActivateOnly(("as a sorcery",))))
    return [A.ActivatedAbility(kw.cost, effect)]


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
def _hideaway(kw: A.Keyword | A.KeywordNumber) -> tuple[A.Ability, ...]:
    """702.75a: "Hideaway N" means "When this permanent enters, look at the
    top N cards of your library.  Exile one of them face down and put the
    rest on the bottom of your library in a random order."  The older
    "Hideaway" with no number meant that for four cards, and "This
    permanent enters tapped" as well (the wording of its first printings).
    The abilities are read from that text by the card grammar."""
    if isinstance(kw, A.KeywordNumber):
        if not isinstance(kw.amount, A.Number) or not 0 < kw.amount.value < len(_NUMBER_WORDS):
            from .errors import Unsupported

            raise Unsupported("hideaway with a number that isn't written out")
        n, tapped = kw.amount.value, False
    else:
        n, tapped = 4, True
    return rules_text(
        "Land", *(["This land enters tapped."] if tapped else []),
        f"When this land enters, look at the top {_NUMBER_WORDS[n]} cards of your library, exile one of them "
        "face down, then put the rest on the bottom of your library in a random order.",
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class PayPerCounter(A.Node):
    """Cumulative upkeep's payment: "pay [cost] for each [kind] counter on
    this permanent" (702.24a), the cost repeated once per counter."""

    cost: A.Cost
    kind: str = "age"


def _cumulative_upkeep(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.24a: "Cumulative upkeep [cost]" means "At the beginning of your
    upkeep, if this permanent is on the battlefield, put an age counter on
    this permanent. Then you may pay [cost] for each age counter on it. If
    you don't, sacrifice it."  Written as the sentences the engine plays:
    the counter, then "sacrifice it unless you pay [cost] for each age
    counter" (608.2d; the ability's controller decides)."""
    this = A.SelfRef(form="this", noun="permanent")
    counter = A.Sentence((A.PutCounters(A.Number(1, "article", "an"), "age", this),))
    pay = A.DoesAction(A.You(), PayPerCounter(kw.cost))
    sacrifice = A.IfSentence(pay, A.Sentence((A.Sacrifice(this),)), trailing="unless")
    upkeep = A.PhaseTrigger(step="upkeep", yours=True, whose="your")
    return [A.TriggeredAbility("At", upkeep, A.Effect((counter, sacrifice)))]


@dataclass(frozen=True, slots=True)
class PayCost(A.Node):
    """ "pay [cost]" where the cost may be any cost, mana and other parts
    (118.1): echo's "sacrifice it unless you pay its echo cost" (702.30a),
    "Echo—Discard a card."."""

    cost: A.Cost


@dataclass(frozen=True, slots=True)
class CameUnderControlSinceUpkeep(A.Node):
    """Echo's intervening "if" (702.30a, 603.4): "if this permanent came
    under your control since the beginning of your last upkeep" — it
    entered the battlefield, or its controller changed, after the beginning
    of its controller's upkeep before this one."""


def _echo(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.30a: "Echo [cost]" means "At the beginning of your upkeep, if this
    came under your control since the beginning of your last upkeep,
    sacrifice it unless you pay [cost]."  The ability's controller decides
    whether to pay (608.2d); one who can't pay all of it pays none (118.3)."""
    this = A.SelfRef(form="this", noun="permanent")
    pay = A.DoesAction(A.You(), PayCost(kw.cost))
    sacrifice = A.IfSentence(pay, A.Sentence((A.Sacrifice(this),)), trailing="unless")
    upkeep = A.PhaseTrigger(step="upkeep", yours=True, whose="your")
    return [A.TriggeredAbility("At", upkeep, A.Effect((sacrifice,)), condition=CameUnderControlSinceUpkeep())]


@dataclass(frozen=True, slots=True)
class BuybackCost(A.AdditionalCost):
    """Buyback's optional additional cost (702.27a): "You may pay an
    additional [cost] as you cast this spell"; if it was paid, the spell is
    put into its owner's hand instead of into the graveyard as it resolves
    (:func:`cardtext.interpreter.stack.bought_back`)."""


def _buyback(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.27a: "Buyback [cost]" is an optional additional cost (601.2b) and
    a replacement of the spell's going to its owner's graveyard as it
    resolves (614.1a), read where the spell leaves the stack."""
    return [BuybackCost(A.SelfRef(form="this", noun="spell"), kw.cost, optional=True)]


@dataclass(frozen=True, slots=True)
class BargainCost(A.AdditionalCost):
    """Bargain's optional additional cost (702.166a): "As an additional cost
    to cast this spell, you may sacrifice an artifact, enchantment, or
    token."; the spell "was bargained" if it was paid (702.166b,
    :func:`keyword_cost_paid`)."""


@functools.cache
def _bargain() -> BargainCost:
    """702.166a: the additional cost read from its text by the card grammar."""
    (ab,) = rules_text("Instant", "As an additional cost to cast this spell, you may sacrifice an artifact, "
                                  "enchantment, or token.")  # fmt: skip
    assert isinstance(ab, A.AdditionalCost)
    return BargainCost(ab.object, ab.cost, optional=True)


@dataclass(frozen=True, slots=True)
class OffspringCost(A.AdditionalCost):
    """Offspring's optional additional cost (702.175a): "You may pay an
    additional [cost] as you cast this spell."."""


@dataclass(frozen=True, slots=True)
class OffspringCopy(A.Node):
    """Offspring's instruction (702.175a): "create a 1/1 token copy of it" —
    a token copy of the creature whose copiable values are its own except
    that its base power and toughness are 1/1 (707.9b)."""


def _offspring(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.175a: "Offspring [cost]" means "You may pay an additional [cost] as
    you cast this spell" and "When this permanent enters, if its offspring
    cost was paid, create a token that's a copy of it, except it's 1/1."."""
    this = A.SelfRef(form="this", noun="creature")
    paid = A.KeywordCostPaid(A.SelfRef(form="this", noun="creature"), "offspring")
    copy = A.Effect((A.Sentence((OffspringCopy(),)),))
    return [OffspringCost(A.SelfRef(form="this", noun="spell"), kw.cost, optional=True),
            A.TriggeredAbility("When", A.EntersTrigger(this), copy, condition=paid)]  # fmt: skip


@dataclass(frozen=True, slots=True)
class GiftPromise(A.AdditionalCost):
    """Gift's option (702.174a): "You may promise an opponent a gift as you
    cast this spell." — chosen as the spell is cast (601.2b), with nothing
    to pay; "the gift was promised" if it was chosen (702.174b)."""


GIFT_PROMISE = GiftPromise(A.SelfRef(form="this", noun="spell"), A.Cost(()), optional=True)

GIFT_TOKENS = {
    "Food": "a Food token", "Treasure": "a Treasure token", "Fish": "a 1/1 blue Fish creature token",
    "Octopus": "an 8/8 blue Octopus creature token",
}  # fmt: skip
"""The tokens a gift may be (702.174e-m), as the instruction that creates one writes them."""

def gift_effect(kw: A.Gift) -> A.Effect | None:
    """What the promised opponent gets (702.174e-m): "they draw a card",
    "they create a tapped 1/1 blue Fish creature token", "they take an extra
    turn after this one", read from that text by the card grammar with the
    opponent as "each opponent" (the engine plays two-player games, where
    the opponent promised is the only one: :func:`cardtext.interpreter.additional.announce`
    refuses a promise among several).  None for a gift the engine doesn't know."""
    if kw.what == "card" and not kw.tapped:
        sentence = "Each opponent draws a card."
    elif kw.what == "extra turn" and not kw.tapped:
        sentence = "Each opponent takes an extra turn after this one."
    elif kw.what in GIFT_TOKENS:
        token = GIFT_TOKENS[kw.what]
        if kw.tapped:
            token = "a tapped " + token.split(" ", 1)[1]
        sentence = f"Each opponent creates {token}."
    else:
        return None
    (ability,) = rules_text("Sorcery", sentence)
    assert isinstance(ability, A.SpellAbility)
    return ability.effect


def gifts(abilities: tuple[A.Ability, ...]) -> list[A.Effect]:
    """The effects of the gift keywords among ``abilities`` that the engine knows."""
    out = []
    for ab in abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                if isinstance(kw, A.Gift) and (effect := gift_effect(kw)) is not None:
                    out.append(effect)
    return out


def _gift_triggers(card: A.Card) -> list[A.Ability]:
    """702.174c: on a permanent, the gift is given by "When this permanent
    enters, if the gift was promised, [the opponent gets the gift]."; an
    instant or sorcery gives it as it resolves, before its other effects
    (702.174b, :func:`cardtext.interpreter.stack.resolve_top`)."""
    if not {t.lower() for t in card.type_line.types} & {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}:
        return []
    this = A.SelfRef(form="this", noun="permanent")
    return [A.TriggeredAbility("When", A.EntersTrigger(this), effect, condition=A.GiftPromised())
            for effect in gifts(card.abilities)]  # fmt: skip


KEYWORD_COSTS: dict[str, type[A.AdditionalCost]] = {
    "bargain": BargainCost, "buyback": BuybackCost, "offspring": OffspringCost, "gift": GiftPromise,
}  # fmt: skip
"""The additional costs of keywords, by keyword: "if this spell was
bargained" (702.166b), "if its offspring cost was paid" (702.175a)."""

PAID_WORDS = {"bargained": "bargain"}
"""The words that say a keyword's additional cost was paid ("if this spell was bargained")."""


def keyword_cost_paid(abilities: tuple[A.Ability, ...], times: tuple[int, ...], keyword: str) -> bool:
    """Was the additional cost of ``keyword`` paid?  ``times`` counts the
    additional costs among ``abilities`` in order, as they were announced
    (601.2b; :attr:`cardtext.interpreter.linked.Linked.additional`)."""
    kind = KEYWORD_COSTS[keyword]
    costs = [ab for ab in abilities if isinstance(ab, A.AdditionalCost)]
    return any(isinstance(ab, kind) and n for ab, n in zip(costs, times, strict=False))


DISCARD_THIS = A.DiscardCost(A.SelfRef(form="this", noun="card"))


def _cycling_cost(kw: A.KeywordWithCost) -> A.Cost:
    return A.Cost((*kw.cost.parts, DISCARD_THIS), joiner=",")


@dataclass(frozen=True, slots=True)
class CyclingAbility(A.ActivatedAbility):
    """The activated ability cycling or typecycling stands for: activating
    it is cycling the card (702.29c-e, "Whenever a player cycles a card")."""


RENDERERS[CyclingAbility] = RENDERERS[A.ActivatedAbility]  # worded as the ability it is


def _cycling(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a
    card."; the ability functions only in a hand (113.6k,
    :func:`cardtext.interpreter.activation.functions_in`)."""
    draw = A.Draw(A.Number(1, "article", "a"))
    return [CyclingAbility(_cycling_cost(kw), A.Effect((A.Sentence((draw,)),)))]


def typecycling_type(name: str) -> str | None:
    """The type a typecycling keyword names (702.29e), as a card's type line
    writes it: "Swamp" for "swampcycling", "Wizard" for "wizardcycling",
    "basic land" for "basic landcycling"; None for another keyword or a
    type the engine doesn't know."""
    name = name.lower()
    kind = name.removesuffix("cycling").strip()
    if not name.endswith("cycling") or not kind:
        return None
    if kind in ("basic land", "land"):
        return kind
    if " " in kind:
        return None
    from .objects import CREATURE_TYPES

    word = kind.capitalize()
    return word if word in CREATURE_TYPES or word in LAND_TYPES else None


def _typecycling(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card:
    Search your library for a [type] card, reveal it, put it into your hand,
    then shuffle."  The instruction is read from that text by the card
    grammar; the ability functions only in a hand, like cycling's."""
    kind = typecycling_type(kw.name)
    if kind is None:
        from .errors import Unsupported

        raise Unsupported(f"keyword {kw.name}")
    article = "an" if kind[0].lower() in "aeiou" else "a"
    (ability,) = rules_text(
        "Instant", f"Search your library for {article} {kind} card, reveal it, put it into your hand, then shuffle.")
    assert isinstance(ability, A.SpellAbility)
    return [CyclingAbility(_cycling_cost(kw), ability.effect)]


@dataclass(frozen=True, slots=True)
class KeywordAlternative(A.AlternativeCost):
    """An alternative cost a keyword stands for (118.9): "You may cast this
    card from your hand by paying [cost] rather than its mana cost" (warp,
    702.185a).  ``keyword`` names it: the spell remembers the alternative
    cost it was cast for (:attr:`cardtext.interpreter.linked.Linked.alternative`,
    "if a spell was warped this turn", 702.185b); ``from_hand``: the option
    is there only as the card is cast from its owner's hand."""

    keyword: str = ""
    from_hand: bool = False


RENDERERS[KeywordAlternative] = RENDERERS[A.AlternativeCost]  # worded as the ability it is


def _warp(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.185a: "Warp [cost]" means "You may cast this card from your hand by
    paying [cost] rather than its mana cost" and "If this spell's warp cost
    was paid, exile the permanent this spell becomes at the beginning of the
    next end step.  Its owner may cast this card after the current turn has
    ended for as long as it remains exiled."  The first is this alternative
    cost; the second is read as the spell resolves
    (:func:`cardtext.interpreter.stack.resolve_top`, :class:`WarpExile`)."""
    this = A.SelfRef(form="this", noun="spell")
    return [KeywordAlternative(A.You(), kw.cost, this, keyword="warp", from_hand=True)]


def _evoke(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.74a: "Evoke [cost]" means "You may cast this spell by paying
    [cost] rather than paying its mana cost" (an alternative cost, 118.9,
    from any zone the card may be cast from) and "When this permanent
    enters, if its evoke cost was paid, its controller sacrifices it." (the
    permanent keeps the cost its spell was cast for, 607.2j)."""
    spell = A.SelfRef(form="this", noun="spell")
    this = A.SelfRef(form="this", noun="permanent")
    paid = A.KeywordCostPaid(A.SelfRef(form="this", noun="permanent"), "evoke")
    sacrifice = A.Effect((A.Sentence((A.Sacrifice(this),)),))
    return [KeywordAlternative(A.You(), kw.cost, spell, keyword="evoke"),
            A.TriggeredAbility("When", A.EntersTrigger(this), sacrifice, condition=paid)]  # fmt: skip


def _dash(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.109a: "Dash [cost]" means "You may cast this card by paying [cost]
    rather than its mana cost" (an alternative cost, 118.9), "If this
    spell's dash cost was paid, return the permanent this spell becomes to
    its owner's hand at the beginning of the next end step" (read as the
    spell resolves, :func:`cardtext.interpreter.cast_permissions.dash_delayed`)
    and "As long as this permanent's dash cost was paid, it has haste." (a
    static ability of the permanent, which keeps the cost its spell was
    cast for, 607.2j)."""
    spell = A.SelfRef(form="this", noun="spell")
    paid = A.KeywordCostPaid(A.SelfRef(form="this", noun="permanent"), "dash")
    haste = A.KeywordLine((A.Keyword("haste"),))
    return [KeywordAlternative(A.You(), kw.cost, spell, keyword="dash"), as_long_as(haste, haste, paid)]


@dataclass(frozen=True, slots=True)
class GraveyardTokenCopy(A.Node):
    """Embalm's and eternalize's instruction: create a token that's a copy
    of this card, except it has no mana cost and it's a Zombie in addition
    to its other types — white (embalm, 702.128a), or a 4/4 black one
    (eternalize, 702.129a).  ``keyword`` names which."""

    keyword: str = "embalm"


@functools.cache
def _exile_from_graveyard() -> A.ActivatedAbility:
    (ability,) = rules_text("Creature", "{0}, Exile this card from your graveyard: Draw a card. Activate only as a sorcery.",
                            "2/2")  # fmt: skip
    assert isinstance(ability, A.ActivatedAbility)
    return ability


def _embalm(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.128a: "Embalm [cost]" means "[Cost], Exile this card from your
    graveyard: Create a token that's a copy of this card, except it's
    white, it has no mana cost, and it's a Zombie in addition to its other
    types.  Activate only as a sorcery."; 702.129a: "Eternalize [cost]", the
    same with "except it's a 4/4 black Zombie with no mana cost".  The
    ability functions in a graveyard (113.6k: its cost exiles the card from
    there)."""
    ability = _exile_from_graveyard()
    exile = ability.cost.parts[-1]
    effect = replace(ability.effect, sentences=(A.Sentence((GraveyardTokenCopy(kw.name.lower()),)),
                                                *ability.effect.sentences[1:]))  # fmt: skip
    return [A.ActivatedAbility(A.Cost((*kw.cost.parts, exile), joiner=","), effect)]


def _with_cost(text: str, kw: A.KeywordWithCost, *, type_line: str = "Creature", pt: str = "2/2") -> list[A.Ability]:
    """The activated ability of a keyword read from ``text`` by the card
    grammar, "{0}" standing for the keyword's cost: its cost's first part
    (the "{0}") is replaced by the parts of the keyword's cost."""
    (ability,) = _cost_text(text, type_line, pt)
    assert isinstance(ability, A.ActivatedAbility)
    return [replace(ability, cost=A.Cost((*kw.cost.parts, *ability.cost.parts[1:]), joiner=","))]


@functools.cache
def _cost_text(text: str, type_line: str, pt: str) -> tuple[A.Ability, ...]:
    return rules_text(type_line, text, pt)


def _outlast(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on
    this creature.  Activate only as a sorcery."."""
    return _with_cost("{0}, {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery.", kw)


@dataclass(frozen=True, slots=True)
class ScavengeCounters(A.Node):
    """Scavenge's instruction (702.97a): put a number of +1/+1 counters equal
    to the power of the card exiled to pay the cost on ``target``."""

    target: A.Target


def _scavenge(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.97a: "Scavenge [cost]" means "[Cost], Exile this card from your
    graveyard: Put a number of +1/+1 counters equal to the power of the card
    you exiled on target creature.  Activate only as a sorcery."; the
    ability functions in a graveyard (113.6k: its cost exiles the card from
    there)."""
    (ability,) = _with_cost("{0}, Exile this card from your graveyard: Put a +1/+1 counter on target creature. "
                            "Activate only as a sorcery.", kw)  # fmt: skip
    assert isinstance(ability, A.ActivatedAbility)
    first = ability.effect.sentences[0]
    assert isinstance(first, A.Sentence) and isinstance(first.actions[0], A.PutCounters)
    target = first.actions[0].on
    sentences = (A.Sentence((ScavengeCounters(target),)), *ability.effect.sentences[1:])
    return [replace(ability, effect=replace(ability.effect, sentences=sentences))]


@functools.cache
def _evolve() -> tuple[A.Ability, ...]:
    """702.100a: "Evolve" means "Whenever a creature you control enters, if
    that creature's power is greater than this creature's power and/or that
    creature's toughness is greater than this creature's toughness, put a
    +1/+1 counter on this creature."; the "if" is an intervening one
    (603.4), checked again as it resolves (702.100b)."""
    return rules_text("Creature", "Whenever a creature you control enters, if that creature's power is greater than "
                      "this creature's power or that creature's toughness is greater than this creature's toughness, "
                      "put a +1/+1 counter on this creature.", "2/2")  # fmt: skip


@dataclass(frozen=True, slots=True)
class ExileInsteadOfLeaving(A.Node):
    """Unearth's replacement effect (702.84a): "If it would leave the
    battlefield, exile it instead of putting it anywhere else." — for the
    permanent the ability returned (:func:`cardtext.interpreter.zones.move`)."""


@functools.cache
def _unearth_effect() -> A.Effect:
    (ability,) = rules_text("Creature", "{0}: Return this card from your graveyard to the battlefield. It gains haste. "
                                        "Exile it at the beginning of the next end step. Activate only as a sorcery.", "2/2")  # fmt: skip
    assert isinstance(ability, A.ActivatedAbility)
    s = ability.effect.sentences
    return replace(ability.effect, sentences=(*s[:2], A.Sentence((ExileInsteadOfLeaving(),)), *s[2:]))


def _unearth(kw: A.KeywordWithCost) -> list[A.Ability]:
    """702.84a: "Unearth [cost]" means "[Cost]: Return this card from your
    graveyard to the battlefield.  It gains haste.  Exile it at the
    beginning of the next end step.  If it would leave the battlefield,
    exile it instead of putting it anywhere else.  Activate only as a
    sorcery."  The ability functions in a graveyard (113.6k: its effect
    returns the card from there); the sentences are read from that text by
    the card grammar, the replacement is the engine's
    (:class:`ExileInsteadOfLeaving`)."""
    return [A.ActivatedAbility(kw.cost, _unearth_effect())]


@dataclass(frozen=True, slots=True)
class MiracleRevealed(A.Node):
    """Miracle's trigger (702.94a): "When you reveal this card this way" — as
    it was drawn, the first card its owner drew this turn."""


@dataclass(frozen=True, slots=True)
class MiracleCast(A.Node):
    """Miracle's effect (702.94a): "you may cast it by paying [cost] rather
    than its mana cost"."""

    cost: A.Cost


@dataclass(frozen=True, slots=True)
class WarpExile(A.Node):
    """Warp's delayed instruction (702.185a): exile the permanent the warped
    spell became; its owner may cast the exiled card after this turn, for as
    long as it remains exiled."""


ALTERNATIVE_WORDS = {"warped": "warp", "evoked": "evoke", "dashed": "dash"}
"""The words that say a spell was cast for a keyword's alternative cost
("a spell was warped this turn", 702.185b)."""


def _conditional_alternative(keyword: str, condition: str) -> Callable[[A.KeywordWithCost], list[A.Ability]]:
    """A keyword that means "You may cast this spell by paying [cost] rather
    than its mana cost if [condition]" (118.9): spectacle (702.137a), surge
    (702.117a); the condition is read by the card grammar."""

    def expand(kw: A.KeywordWithCost) -> list[A.Ability]:
        (written,) = rules_text("Instant", f"If {condition}, you may pay {{1}} rather than pay this spell's mana cost.")
        assert isinstance(written, A.AlternativeCost)
        spell = A.SelfRef(form="this", noun="spell")
        return [KeywordAlternative(A.You(), kw.cost, spell, condition=written.condition, keyword=keyword)]

    return expand


LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Cave", "Sphere"})
"""Land types a typecycling keyword may name (205.3i)."""

KEYWORD_EXPANSIONS = {
    "ward": _ward, "equip": _equip, "madness": _madness, "cycling": _cycling,
    "cumulative upkeep": _cumulative_upkeep, "echo": _echo, "buyback": _buyback, "offspring": _offspring,
    "warp": _warp, "evoke": _evoke, "unearth": _unearth, "dash": _dash,
    "embalm": _embalm, "eternalize": _embalm, "outlast": _outlast, "scavenge": _scavenge,
    "spectacle": _conditional_alternative("spectacle", "an opponent lost life this turn"),  # 702.137a
    "surge": _conditional_alternative("surge", "you've cast another spell this turn"),  # 702.117a: no teammates here
}  # fmt: skip
"""Keywords with a cost that stand for other abilities, by name."""

ALTERNATIVE_KEYWORDS = frozenset({*ALTERNATIVE_WORDS.values(), "spectacle", "surge"})
"""The keywords whose alternative cost a spell may be cast for (118.9): "if
its surge cost was paid", "if this spell's spectacle cost was paid"."""


def _reinforce(kw: A.KeywordNumberCost) -> list[A.Ability]:
    """702.76a: "Reinforce N—[cost]" means "[Cost], Discard this card: Put N
    +1/+1 counters on target creature."; the ability functions in a hand
    (113.6k: its cost discards the card)."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    assert isinstance(kw.amount, A.Number)
    n = kw.amount.value
    counters = "a +1/+1 counter" if n == 1 else f"{_NUMBER_WORDS[n]} +1/+1 counters"
    (ability,) = _cost_text(f"{{0}}, Discard this card: Put {counters} on target creature.", "Creature", "2/2")
    assert isinstance(ability, A.ActivatedAbility)
    return [replace(ability, cost=A.Cost((*kw.cost.parts, *ability.cost.parts[1:]), joiner=","))]


@dataclass(frozen=True, slots=True)
class SuspendCast(A.Node):
    """Suspend's last instruction (702.62a): "you may play it without paying
    its mana cost if able.  If you don't, it remains exiled." — a creature
    spell cast this way gains haste until you lose control of it; rebound's
    (702.88a, ``keyword`` "rebound"): "you may cast this card from exile
    without paying its mana cost"."""

    keyword: str = "suspend"



def _suspend(kw: A.KeywordNumberCost) -> list[A.Ability]:
    """702.62a: the two triggered abilities of "Suspend N—[cost]", which
    function in exile (113.6k: "if it's exiled"): "At the beginning of your
    upkeep, if this card is suspended, remove a time counter from it" and
    "When the last time counter is removed from this card, if it's exiled,
    [its cast]".  The special action that exiles it with N time counters is
    :func:`cardtext.interpreter.suspend.suspend`."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    (upkeep,) = _cost_text("At the beginning of your upkeep, if this card is in exile, remove a time counter from it.",
                           "Sorcery", "")  # fmt: skip
    assert isinstance(upkeep, A.TriggeredAbility)
    cast = A.TriggeredAbility("When", LastCounterRemoved("time"), A.Effect((A.Sentence((SuspendCast(),)),)),
                              condition=upkeep.condition)  # fmt: skip
    return [upkeep, cast]


NUMBER_COST_EXPANSIONS = {"reinforce": _reinforce, "suspend": _suspend}

WRITTEN_NUMBERS = frozenset({"rampage", "modular", "reinforce", "renown", "vanishing", "suspend"})
"""Keywords the engine spells out only with a number written out ("Modular
2"; not "Reinforce X—{X}{W}")."""


def written_number_problem(kw: A.Node) -> str | None:
    """Why the engine can't spell out a keyword of :data:`WRITTEN_NUMBERS`
    with its number (None: it can)."""
    name = getattr(kw, "name", "").lower()
    amount = getattr(kw, "amount", None)
    if name not in WRITTEN_NUMBERS:
        return None
    if not isinstance(amount, A.Number) or not 0 < amount.value < len(_NUMBER_WORDS):
        return f"keyword {name} with a number other than one to ten written out"
    return None
"""Keywords with a number and a cost that stand for other abilities, by name."""


def _crew(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.122a: "Crew N" means "Tap any number of other untapped creatures
    you control with total power N or greater: This permanent becomes an
    artifact creature until end of turn."."""
    if not isinstance(kw.amount, A.Number):
        from .errors import Unsupported

        raise Unsupported("crew with a number that isn't written out")
    becomes = A.Becomes(A.SelfRef(), ("artifact", "creature"), duration=A.Duration("until end of turn"))
    return [A.ActivatedAbility(A.Cost((CrewCost(kw.amount.value),)), A.Effect((A.Sentence((becomes,)),)))]


@dataclass(frozen=True, slots=True)
class FirebendMana(A.Node):
    """Firebending's instruction: add ``amount`` {R}, mana that lasts until
    end of combat (702.189a)."""

    amount: Any


def _firebending(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.189a: "Firebending N" means "Whenever this creature attacks, add N
    {R}. This mana lasts until end of combat."; "Firebending X, where X is
    ..." adds X {R}, X worked out as the ability resolves."""
    sentence = A.Sentence((FirebendMana(kw.amount),), where_x=kw.where)
    return [A.TriggeredAbility("Whenever", A.AttacksTrigger(A.SelfRef()), A.Effect((sentence,)))]


def _saddle(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.171a: "Saddle N" means "Tap any number of other untapped
    creatures you control with total power N or greater: This permanent
    becomes saddled until end of turn. Activate only as a sorcery."."""
    if not isinstance(kw.amount, A.Number):
        from .errors import Unsupported

        raise Unsupported("saddle with a number that isn't written out")
    becomes = A.Becomes(A.SelfRef(), (), duration=A.Duration("until end of turn"), special="saddled")
    effect = A.Effect((A.Sentence((becomes,)), A.ActivateOnly(("as a sorcery",))))
    return [A.ActivatedAbility(A.Cost((CrewCost(kw.amount.value, "saddle"),)), effect)]


@dataclass(frozen=True, slots=True)
class RenownCounters(A.Node):
    """Renown's instruction (702.112a): "put N +1/+1 counters on it and it
    becomes renowned" — a designation it keeps until it leaves the
    battlefield (702.112b)."""

    amount: Any


def _renown(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.112a: "Renown N" means "When this creature deals combat damage to
    a player, if it isn't renowned, put N +1/+1 counters on it and it
    becomes renowned." — the "if" an intervening one (603.4), checked as it
    triggers and as it resolves."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    this = A.SelfRef(form="this", noun="creature")
    renowned = A.IsState(this, A.State("renowned"), negated=True, form="isn't")
    effect = A.Effect((A.Sentence((RenownCounters(kw.amount),)),))
    return [A.TriggeredAbility("When", A.DealsCombatDamageTrigger(this), effect, condition=renowned)]


@dataclass(frozen=True, slots=True)
class BlockersBeyondFirst(A.Node):
    """Rampage's number (702.23a): the creatures blocking this creature
    beyond the first, counted as the ability resolves (702.23b)."""


def _rampage(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.23a: "Rampage N" means "Whenever this creature becomes blocked, it
    gets +N/+N until end of turn for each creature blocking it beyond the
    first."; 702.23c: each instance triggers separately."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    assert isinstance(kw.amount, A.Number)
    n = kw.amount.value
    this = A.SelfRef(form="this", noun="creature")
    pump = A.Pump(A.ItRef(), n, n, per=BlockersBeyondFirst(), until_eot=True, verb="get",
                  duration=A.Duration("until end of turn"), mod=f"+{n}/+{n}")  # fmt: skip
    trigger = A.EventTrigger(this, (A.Event("becomes blocked"),))
    return [A.TriggeredAbility("Whenever", trigger, A.Effect((A.Sentence((pump,)),)))]


def _modular(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.43a: "Modular N" means "This permanent enters with N +1/+1
    counters on it" and "When this permanent is put into a graveyard from
    the battlefield, you may put a +1/+1 counter on target artifact creature
    for each +1/+1 counter on this permanent." (its counters as it last
    existed on the battlefield, 608.2h)."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    assert isinstance(kw.amount, A.Number)
    n = kw.amount.value
    counters = "a +1/+1 counter" if n == 1 else f"{_NUMBER_WORDS[n]} +1/+1 counters"
    return list(_cost_text(f"This creature enters with {counters} on it.\nWhen this creature dies, you may put a +1/+1 "
                           "counter on target artifact creature for each +1/+1 counter on it.", "Artifact Creature", "0/0"))


@dataclass(frozen=True, slots=True)
class LastCounterRemoved(A.Node):
    """ "When the last [kind] counter is removed from this permanent"
    (vanishing, 702.63a): counters of ``kind`` are removed from it and none
    of that kind is left."""

    kind: str = "time"


def _vanishing(kw: A.KeywordNumber) -> list[A.Ability]:
    """702.63a: "Vanishing N" means "This permanent enters with N time
    counters on it," "At the beginning of your upkeep, if there is a time
    counter on this permanent, remove a time counter from it," and "When the
    last time counter is removed from this permanent, sacrifice it." — the
    first two read by the card grammar, the last the engine's trigger
    (:class:`LastCounterRemoved`)."""
    if written_number_problem(kw) is not None:
        return []  # the support check reports it (written_number_problem)
    assert isinstance(kw.amount, A.Number)
    n = kw.amount.value
    counters = "a time counter" if n == 1 else f"{_NUMBER_WORDS[n]} time counters"
    this = A.SelfRef(form="this", noun="permanent")
    sacrifice = A.TriggeredAbility("When", LastCounterRemoved("time"), A.Effect((A.Sentence((A.Sacrifice(this),)),)))
    return [*_cost_text(f"This permanent enters with {counters} on it.\nAt the beginning of your upkeep, if this permanent "
                        "has a time counter on it, remove a time counter from it.", "Enchantment", ""), sacrifice]


NUMBER_EXPANSIONS = {"crew": _crew, "firebending": _firebending, "saddle": _saddle, "renown": _renown, "rampage": _rampage,
                     "modular": _modular, "vanishing": _vanishing}
"""Keywords with a number that stand for other abilities, by name."""


OWN_RULES = frozenset({
    "ward", "equip", "madness", "champion", "hideaway", "haunt", "bargain", "cascade", "storm", "entwine", "escalate", "miracle", "job select", "evolve", "dethrone", "melee", "myriad", "sunburst", "retrace", "riot", "rebound", "jump-start", "morph", "megamorph", "flashback",
    "harmonize", "plot",
    "devour", "cycling", "shroud", "disguise", "fear", "horsemanship", "devoid", *KEYWORD_EXPANSIONS, *NUMBER_EXPANSIONS,
    *NUMBER_COST_EXPANSIONS,
})  # fmt: skip
"""Keywords the engine has a rule of its own for (or none yet, and reports
as a gap), whatever their definitions say: those spelled out here, those
read by name elsewhere (cardtext.interpreter.facedown, cast_permissions,
replacement; fear and horsemanship in cardtext.interpreter.combat, which reads them
wherever a creature got them), and cycling, whose activated ability functions only in a
hand (702.29a), which the engine knows from its cost (113.6k)."""


def from_definition(kw: A.Node) -> tuple[A.Ability, ...] | None:
    """The abilities a keyword of the table stands for, read from its
    definition (``grammar/data/keyword_definitions.txt``) by the card
    grammar with its parameter filled in: "Bushido 2" is "Whenever this
    creature blocks or becomes blocked, it gets +2/+2 until end of turn."
    (702.45a).  None for a keyword with a rule of its own (:data:`OWN_RULES`),
    an evergreen one (read by name: flying, haste, ...), one whose
    definition the grammar can't read yet, or a parameter that isn't a
    number written out."""
    name = getattr(kw, "name", None)
    if not isinstance(name, str) or not isinstance(kw, A.Keyword | A.KeywordNumber | A.KeywordWithCost):
        return None
    d = definitions().get(name.lower())
    if d is None or d.evergreen or d.unparsed or d.action or d.name in OWN_RULES:
        return None
    param = keyword_parameter(kw, d)
    if param is None or param[0] == "X":
        return None
    amount, cost = param
    return _about_this(definition_abilities(d, amount, cost))


def _about_this(node: Any) -> Any:
    """A keyword's definition is about the object with the keyword: its
    "with lesser power" / "with greater power" without a "than" ("target
    attacking creature with lesser power", mentor, 702.134a; skulk,
    702.118a) compares with that object, "this creature"."""
    if isinstance(node, tuple):
        new = tuple(_about_this(n) for n in node)
        return node if all(a is b for a, b in zip(new, node, strict=True)) else new
    if isinstance(node, A.WithLesser) and node.than is None:
        return replace(node, than=A.SelfRef(form="this", noun="creature"))
    if not isinstance(node, A.Node):
        return node
    changes = {}
    for name in node_fields(node):
        value = getattr(node, name)
        if isinstance(value, A.Node | tuple):
            new = _about_this(value)
            if new is not value:
                changes[name] = new
    return replace(node, **changes) if changes else node


@functools.cache
def exploit_ability() -> A.Ability | None:
    """The triggered ability exploit stands for (702.110a: "When this
    creature enters, you may sacrifice a creature."), read from its definition."""
    found = from_definition(A.Keyword("Exploit"))
    return found[0] if found else None


def defined_keyword_names(card: A.Card) -> tuple[str, ...]:
    """The keywords of ``card`` played from their definitions (for the log and tests)."""
    return tuple(
        kw.name.lower() for ab in card.abilities if isinstance(ab, A.KeywordLine)
        for kw in ab.keywords if from_definition(kw) is not None
    )  # fmt: skip


@per_node
def all_abilities(card: A.Card) -> tuple[A.Ability, ...]:
    """The card's abilities in printed order (each read as :func:`reading`
    says), then those its keywords stand for (a keyword the card's file
    defines, or one read by its reminder text: the abilities of its
    definition)."""
    return tuple(ab for ab, _ in abilities_with_lines(card))


@per_node
def abilities_with_lines(card: A.Card) -> tuple[tuple[A.Ability, A.Node | None], ...]:
    """:func:`all_abilities`, each with the keyword line it comes from (None
    for an ability printed as it is): an ability a keyword stands for is
    written on the card as that line, not as the text of its definition, so
    what is said of it is said at the line."""
    extra: list[tuple[A.Ability, A.Node | None]] = []
    for ab in card.abilities:
        if isinstance(ab, A.KeywordLine):
            extra.extend((x, ab) for x in keyword_abilities(ab))
        elif isinstance(ab, A.DefinedKeyword):
            extra.extend((x, ab) for x in ab.abilities)
    extra.extend((x, None) for x in _gift_triggers(card))
    return tuple((reading(ab), None) for ab in card.abilities) + tuple(extra)


@per_node
def reading(ab: A.Ability) -> A.Ability:
    """What kind of ability a paragraph is.  A spell's paragraph that only
    gives the spell itself an ability or a characteristic, with no duration
    ("If this spell was kicked, it has split second."), is a static ability
    of the spell, which functions while it is on the stack (113.6a, 611.3),
    not an instruction carried out as it resolves.  An ability word has no
    rules meaning (207.2c): "Threshold — [ability]" is the ability."""
    if isinstance(ab, A.AbilityWord):
        return reading(ab.ability)
    if isinstance(ab, A.ChapterAbility):
        # 714.2b: "I — [effect]" is a triggered ability of the Saga
        return A.TriggeredAbility("When", ChapterTrigger(ab.chapters, span=ab.span), ab.effect, span=ab.span)
    if isinstance(ab, A.StaticAbility):
        return _block_count(ab) or _block_pair(ab) or _static_if(ab)
    if isinstance(ab, A.KeywordAbility) and ab.name.lower() == "exhaust" and isinstance(ab.ability, A.ActivatedAbility):
        # 702.177a: an activated ability that can be activated only once
        inner = ab.ability
        return ExhaustAbility(inner.cost, inner.effect, inner.ability_word, span=ab.span)
    if isinstance(ab, A.KeywordAbility) and ab.name.lower() == "max speed":
        return _max_speed(ab)
    if isinstance(ab, A.Station):
        return _station()
    if isinstance(ab, A.StationTier):
        # 702.184: "N+ | [ability]": the permanent has the ability as long as it has N or more charge counters
        counters = A.HasCounters(A.SelfRef(), A.Number(ab.threshold, "digits", str(ab.threshold)), "charge",
                                 A.ItRef("it"), how="or more")  # fmt: skip
        return as_long_as(ab, ab.ability, counters)
    if isinstance(ab, A.Spree):
        # 702.172a: "choose one or more" of the modes, each chosen with its additional cost
        modes = SpreeModes("one or more", tuple(m.effect for m in ab.modes), costs=tuple(m.cost for m in ab.modes),
                           span=ab.span)  # fmt: skip
        return A.SpellAbility(A.Effect((modes,), span=ab.span), span=ab.span)
    if not isinstance(ab, A.SpellAbility):
        return ab
    static = static_form(ab.effect, True)
    if isinstance(static, A.StaticEffect) and all(
        isinstance(getattr(action, "what", None), A.SelfRef | A.ItRef) for action in static.effects
    ):
        return static
    return ab


def _max_speed(ab: A.KeywordAbility) -> A.Ability:
    """702.178a: "Max speed — [ability]" means "As long as you have max speed,
    this object has [ability]", a static ability of the object.  An ability
    that functions outside the battlefield ("{3}, Exile this card from your
    graveyard: ...") would make the max speed ability function there too;
    the engine gives such a quoted ability on the battlefield only, which
    the support check reports (:mod:`cardtext.interpreter.support`)."""
    return as_long_as(ab, ab.ability, A.HasMaxSpeed(A.You()))


def as_long_as(ab: A.Ability, inner: A.Ability, condition: A.Node) -> A.Ability:
    """ "As long as [condition], this object has [ability]" (max speed,
    702.178a; a station symbol, 702.184): a static ability with ``condition``
    — the effects of a static ability ``inner`` that apply only then, or
    its keywords or its quoted triggered or activated ability that the object
    has only then.  ``ab`` as it is written if ``inner`` is of another kind."""
    if isinstance(inner, A.SpellAbility):
        # "12+ | Other creatures you control get +1/+1.": the sentence of a static ability
        static = static_form(inner.effect, True)
        inner = static if isinstance(static, A.StaticEffect) else inner
    if isinstance(inner, A.StaticEffect):
        # a static ability the object has only as long as the condition holds: its effect applies only then
        both = condition if inner.condition is None else A.CondAnd(condition, inner.condition, "and")
        return replace(inner, condition=both)
    if isinstance(inner, A.KeywordLine):
        has = A.Pump(A.SelfRef(), None, None, keywords=inner.keywords, verb="have", span=ab.span)
    elif isinstance(inner, A.ActivatedAbility | A.TriggeredAbility):
        quoted: Any = A.Quoted((inner,), span=ab.span)  # as the grammar writes 'has "[ability]"'
        has = A.Pump(A.SelfRef(), None, None, verb="have", quoted=quoted, span=ab.span)
    else:
        return ab
    return A.StaticEffect(has, condition=condition, span=ab.span)


@functools.cache
def _station() -> A.Ability:
    """702.184a: "Station" means "Tap another untapped creature you control:
    Put a number of charge counters on this permanent equal to the tapped
    creature's power.  Activate only as a sorcery." — read from that text by
    the card grammar."""
    (ability,) = rules_text("Artifact", "Tap another untapped creature you control: Put a number of charge counters "
                                        "on this permanent equal to the tapped creature's power. Activate only as a sorcery.")  # fmt: skip
    return ability


def station_threshold(card: A.Card) -> int | None:
    """The number of a Spacecraft's last station symbol, beside its power and
    toughness: from that many charge counters on, it is an artifact creature
    ("It's an artifact creature at 12+.", 702.184); None without one."""
    tiers = [ab.threshold for ab in card.abilities if isinstance(ab, A.StationTier)]
    return max(tiers) if tiers and card.pt is not None else None


@dataclass(frozen=True, slots=True)
class ExhaustAbility(A.ActivatedAbility):
    """ "Exhaust — [cost]: [effect]" (702.177a): an activated ability that
    can be activated only once — by the object it is on; a card that changed
    zones is a new object (400.7) that may activate it again
    (:attr:`cardtext.interpreter.linked.Linked.exhausted`)."""


RENDERERS[ExhaustAbility] = RENDERERS[A.ActivatedAbility]


@dataclass(frozen=True, slots=True)
class SpreeModes(A.Modes):
    """The modes of a spree spell (702.172a): "choose one or more", and for
    each mode chosen its additional cost (``costs``, in printed order) is
    added to the total cost (601.2f, 702.172b; :mod:`cardtext.interpreter.casting`)."""

    costs: tuple[A.ManaCost, ...] = ()


RENDERERS[SpreeModes] = RENDERERS[A.Modes]


@dataclass(frozen=True, slots=True)
class CascadeExile(A.Node):
    """Cascade's instruction (702.85a): exile cards from the top of your
    library until you exile a nonland card whose mana value is less than
    this spell's; you may cast it without paying its mana cost if the
    resulting spell's mana value is less than this spell's; then put the
    exiled cards not cast on the bottom of your library in a random order."""


CASCADE_TRIGGER = A.TriggeredAbility(
    "When", A.CastTrigger(A.You(), this_spell=True, what=A.SelfRef(form="this", noun="spell")),
    A.Effect((A.Sentence((CascadeExile(),)),)))
"""702.85a: cascade is a triggered ability that functions only while the
spell is on the stack: "When you cast this spell, [its instruction]"; each
instance triggers separately (702.85c)."""


@functools.cache
def _job_select() -> tuple[A.Ability, ...]:
    """702.182a: "Job select" means "When this Equipment enters, create a 1/1
    colorless Hero creature token, then attach this to it." — read by the
    card grammar from that text, "this" written "this Equipment"."""
    return rules_text("Artifact — Equipment", "When this Equipment enters, create a 1/1 colorless Hero creature token, "
                                              "then attach this Equipment to it.")  # fmt: skip


@dataclass(frozen=True, slots=True)
class AttacksMostLife(A.AttacksTrigger):
    """Dethrone's trigger (702.105a): this creature attacks the player with
    the most life or tied for most life (the life totals as it attacks)."""


DETHRONE_TRIGGER = A.TriggeredAbility(
    "Whenever", AttacksMostLife(A.SelfRef(form="this", noun="creature")),
    A.Effect((A.Sentence((A.PutCounters(A.Number(1, "article", "a"), "+1/+1", A.SelfRef(form="this", noun="creature")),)),)))
"""702.105a: "Dethrone" means "Whenever this creature attacks the player with
the most life or tied for most life, put a +1/+1 counter on this creature."."""


@dataclass(frozen=True, slots=True)
class OpponentsAttacked(A.Node):
    """Melee's number (702.121a): the opponents the ability's controller
    attacked with a creature this combat, counted as it resolves."""


MELEE_TRIGGER = A.TriggeredAbility(
    "Whenever", A.AttacksTrigger(A.SelfRef(form="this", noun="creature")),
    A.Effect((A.Sentence((A.Pump(A.ItRef(), 1, 1, per=OpponentsAttacked(), until_eot=True, verb="get",
                                 duration=A.Duration("until end of turn"), mod="+1/+1"),)),)))  # fmt: skip
"""702.121a: "Melee" means "Whenever this creature attacks, it gets +1/+1
until end of turn for each opponent you attacked with a creature this
combat."; 702.121b: each instance triggers separately."""


@dataclass(frozen=True, slots=True)
class MyriadCopies(A.Node):
    """Myriad's instruction (702.116a): for each opponent other than the
    defending player, you may create a token copy of this creature tapped and
    attacking that player; the tokens are exiled at end of combat."""


MYRIAD_TRIGGER = A.TriggeredAbility(
    "Whenever", A.AttacksTrigger(A.SelfRef(form="this", noun="creature")), A.Effect((A.Sentence((MyriadCopies(),)),)))
"""702.116a: "Myriad" means "Whenever this creature attacks, for each
opponent other than defending player, you may create a token that's a copy
of this creature that's tapped and attacking that player or a planeswalker
they control.  If one or more tokens are created this way, exile the tokens
at end of combat."."""


@dataclass(frozen=True, slots=True)
class StormCopies(A.Node):
    """Storm's instruction (702.40a): copy this spell for each other spell
    that was cast before it this turn; you may choose new targets for the
    copies."""


STORM_TRIGGER = A.TriggeredAbility(
    "When", A.CastTrigger(A.You(), this_spell=True, what=A.SelfRef(form="this", noun="spell")),
    A.Effect((A.Sentence((StormCopies(),)),)))
"""702.40a: storm is a triggered ability that functions on the stack: "When
you cast this spell, [its instruction]"."""


@dataclass(frozen=True, slots=True)
class HauntExile(A.Node):
    """Haunt's instruction: exile the card that died haunting ``target`` (702.55a)."""

    target: A.Target


def _haunt() -> A.Ability:
    """702.55a: on a permanent, haunt means "When this creature dies, exile it
    haunting target creature."."""
    target = A.Target(A.ObjectFilter((A.Noun("creature", False),), ()))
    effect = A.Effect((A.Sentence((HauntExile(target),)),))
    return A.TriggeredAbility("When", A.DiesTrigger(A.SelfRef()), effect)


def _block_count(ab: A.StaticAbility) -> A.Ability | None:
    """"[This] can block any number of creatures." / "can block an
    additional creature each combat." is a static ability (604.1) that
    changes how many attackers the creature may block (509.1a); "[This]
    attacks (blocks) each combat if able." one that states a requirement
    (508.1d, 509.1c); each read as a static effect (:data:`cardtext.interpreter.characteristics.BLOCK_COUNTS`)."""
    from .characteristics import BLOCK_COUNTS, COMBAT_REQUIREMENTS

    sentences = ab.effect.sentences if isinstance(ab.effect, A.Effect) else ()
    if len(sentences) != 1 or not isinstance(sentences[0], A.Sentence) or sentences[0].where_x is not None:
        return None
    actions = sentences[0].actions
    if len(actions) != 1 or not isinstance(actions[0], A.Requirement) or (
            actions[0].rule not in BLOCK_COUNTS and actions[0].rule not in COMBAT_REQUIREMENTS):
        return None
    return A.StaticEffect(actions[0], None, (), written=ab.effect, span=ab.span)


def _block_pair(ab: A.StaticAbility) -> A.Ability | None:
    """"[This] can't be blocked by creatures with power 3 or greater.",
    "Creatures with flying can block only creatures with flying.": a static
    ability (604.1) that restricts which creatures can block which (509.1b);
    read as a static effect (:func:`cardtext.interpreter.characteristics.block_pair_refusal`)."""
    from .characteristics import BLOCK_ONLY, PAIR_RESTRICTIONS

    sentences = ab.effect.sentences if isinstance(ab.effect, A.Effect) else ()
    if len(sentences) != 1 or not isinstance(sentences[0], A.Sentence) or sentences[0].where_x is not None:
        return None
    actions = sentences[0].actions
    if len(actions) != 1:
        return None
    action = actions[0]
    if isinstance(action, A.Restriction) and action.rule in PAIR_RESTRICTIONS and action.other is not None:
        return A.StaticEffect(action, None, (), written=ab.effect, span=ab.span)
    if isinstance(action, A.Requirement) and action.rule == BLOCK_ONLY:
        return A.StaticEffect(action, None, (), written=ab.effect, span=ab.span)
    return None


def _static_if(ab: A.StaticAbility) -> A.Ability:
    """A static ability (604.1) with a condition after it, "if" or "unless":

    * "[This] can't attack unless defending player controls an Island.",
      "[This] can't block if you control an untapped land." — a restriction
      on attacking or blocking (508.1c, 509.1b) that applies while the
      condition holds ("unless": while it doesn't), read as a static effect
      with that condition;
    * "[This] enters with a +1/+1 counter on it if a creature died this
      turn." (614.1c) — the replacement effect, with the condition checked
      as the permanent enters (614.12).

    The condition of "unless" is the written one negated, for a condition
    that can be said negated.  Any other sentence shape stays as written (an
    ability the engine reports)."""
    sentences = ab.effect.sentences if isinstance(ab.effect, A.Effect) else ()
    if len(sentences) != 1:
        return ab
    s = sentences[0]
    if not (isinstance(s, A.IfSentence) and s.trailing in ("if", "unless") and not s.instead and not s.then):
        return ab
    body = s.body
    if not (isinstance(body, A.Sentence) and len(body.actions) == 1 and body.where_x is None):
        return ab
    action = body.actions[0]
    from .characteristics import ATTACK_RESTRICTIONS
    from .conditions import negated

    cond = negated(s.condition) if s.trailing == "unless" else s.condition
    if isinstance(action, A.Restriction) and action.rule in ATTACK_RESTRICTIONS and action.duration is None:
        # "can't be activated unless they're mana abilities" stays: a rule of its own (cardtext.interpreter.statics)
        return A.StaticEffect(action, cond, (), written=ab.effect, span=ab.span)
    if isinstance(action, A.CantBlock) and action.duration is None:
        return A.StaticEffect(action, cond, (), written=ab.effect, span=ab.span)
    if isinstance(action, A.EntersWithCounters) and action.condition is None and isinstance(action.object, A.SelfRef):
        return replace(action, condition=cond, span=ab.span)
    return ab


def _champion(kw: A.Champion) -> list[A.Ability]:
    what = kw.what
    if not isinstance(what, A.AnObject):
        from .errors import Unsupported

        raise Unsupported(f"champion of {type(what).__name__}")
    f = what.filter
    words = f.words if f.another else (A.StatusAdj("other"), *f.words)
    post = f.post if f.controller is not None else (*f.post, A.ControlledBy(A.You()))
    exile = A.Exile(replace(what, filter=A.ObjectFilter(words, post)))
    enters = A.TriggeredAbility(
        "When", A.EntersTrigger(A.SelfRef()), A.Effect((A.Sentence((ChampionExile(exile),)),))
    )
    leaves = A.TriggeredAbility(
        "When", A.LeavesTrigger(A.SelfRef()),
        A.Effect((A.Sentence((A.ReturnTo(A.ExiledCards(), "battlefield", under_owner=True),)),)),
    )  # fmt: skip
    return [enters, leaves]


__all__ = [
    "BargainCost", "BecomesTarget", "RenownCounters", "MiracleCast", "MiracleRevealed", "BlockersBeyondFirst", "LastCounterRemoved", "SuspendCast", "ALTERNATIVE_KEYWORDS", "NUMBER_COST_EXPANSIONS", "written_number_problem", "ExileInsteadOfLeaving", "GraveyardTokenCopy", "ScavengeCounters", "CASCADE_TRIGGER", "CascadeExile", "AttacksMostLife", "DETHRONE_TRIGGER", "MELEE_TRIGGER", "MYRIAD_TRIGGER", "MyriadCopies", "OpponentsAttacked", "STORM_TRIGGER", "StormCopies", "BuybackCost", "KEYWORD_COSTS", "keyword_cost_paid", "OffspringCost", "OffspringCopy", "PAID_WORDS", "GiftPromise", "gift_effect", "gifts", "CameUnderControlSinceUpkeep", "ChampionExile", "PayCost", "PayPerCounter", "ChapterTrigger", "CrewCost", "NUMBER_EXPANSIONS", "ExiledThisWay", "FirebendMana", "HauntExile", "MadnessCast", "CounterUnlessPays", "KEYWORD_EXPANSIONS", "all_abilities",
    "abilities_with_lines", "keyword_abilities", "KeywordAlternative", "as_long_as", "station_threshold", "SpreeModes", "ExhaustAbility", "WarpExile", "ALTERNATIVE_WORDS", "reading", "from_definition", "defined_keyword_names", "OWN_RULES",
]  # fmt: skip
