"""Static abilities written as sentences that change the rules of the game
rather than an object's power or keywords (CR 604, 611.3).

A :class:`~cardtext.grammar.ast.StaticAbility` keeps the sentences as written; here
each is read once (:func:`rules_of`) into the rule it states:

* :class:`NoUntap` — "[what] doesn't untap during its controller's untap
  step" (502.3, 302.6): the untap step leaves those permanents tapped;
* :class:`UntapAlso` — "Untap all permanents you control during each other
  player's untap step" (502.3): those permanents untap in other players'
  untap steps too;
* :class:`ActivationRule` — "Activated abilities of [sources] can't be
  activated" (602.5) or "cost {2} more to activate" (601.2f via 602.2b),
  "unless they're mana abilities" (605.1a) keeping mana abilities out;
* :class:`SelfType` — "[this] is the chosen type in addition to its other
  types" (layer 4, 613.1d; 607.2d for the chosen type);
* :class:`StatsOfExiled` — "As long as a card exiled with [this] is a
  creature card, [this] has the power, toughness, and creature types of the
  last creature card exiled with [this]. It's still a [subtype]." (607.2a;
  layer 4 for the creature types, 205.1b; layer 7b for power and
  toughness, 613.4b);
* :class:`SpendRule` — "Spend only colored mana on X. No more than one mana
  of each color may be spent this way." (107.3, 601.2g), read when the
  spell's cost is paid (:func:`x_spend_rule`).

A shape not listed is an :class:`~cardtext.interpreter.errors.Unsupported` naming
it (and a gap in :mod:`cardtext.interpreter.support`), never ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .cache import per_node
from .errors import Unsupported
from .objects import GameObject

if TYPE_CHECKING:
    from .characteristics import Chars
    from .state import Game


@dataclass(frozen=True, slots=True)
class NoUntap:
    """502.3: the permanents ``what`` describes don't untap during their
    controller's untap step (``yours``: only during the untap step of the
    ability's controller)."""

    what: Any
    yours: bool = False
    condition: Any = None


@dataclass(frozen=True, slots=True)
class MayNotUntap:
    """502.3: "You may choose not to untap [what] during your untap step" —
    in its controller's untap step, the controller of the ability chooses
    for each such permanent whether it stays tapped."""

    what: Any


@dataclass(frozen=True, slots=True)
class UntapAlso:
    """502.3: the permanents ``what`` describes untap during the untap steps
    of other players too: ``steps`` "each other player's", "each
    opponent's" or "each player's" (as written)."""

    what: Any
    steps: str


@dataclass(frozen=True, slots=True)
class ActivationRule:
    """602.5, 601.2f: activated abilities of the objects ``sources``
    describes can't be activated (``amount`` None), or cost ``amount`` more or
    less; ``except_mana``: mana abilities are left out (605.1a)."""

    sources: Any  # a description of the sources, or the object named ("its activated abilities": enchanted creature's)
    amount: A.ManaCost | None
    change: str = ""
    except_mana: bool = False
    condition: Any = None


@dataclass(frozen=True, slots=True)
class SelfType:
    """613.1d: the object is also of the type chosen as it entered (``chosen``)
    or of the subtypes ``words``."""

    chosen: bool
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StatsOfExiled:
    """607.2a, 613.4b, 205.1b: while a creature card exiled with the object is
    in exile, the object has the power, toughness and creature types of the
    last one exiled; ``still`` the subtypes it keeps ("It's still a
    Shapeshifter")."""

    power: bool
    creature_types: bool
    still: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SpendRule:
    """107.3, 601.2g: X of this spell's kicker or cost is paid only with colored
    mana (``colored``), at most one of each color (``one_each``)."""

    colored: bool
    one_each: bool


@dataclass(frozen=True, slots=True)
class DamageRule:
    """614.1a: "If [sources] would deal [combat] damage to [recipients], it
    deals double that damage (``times``) / that much damage plus N
    (``plus``) to that [recipient] instead" — a replacement effect on each
    damage event that fits (614.5: once to each)."""

    sources: Any
    to: Any
    combat: bool
    times: int = 1
    plus: Any = None


@dataclass(frozen=True, slots=True)
class PreventionRule:
    """615.1a, 615.6: a prevention effect of a static ability — "Prevent all
    [combat / noncombat] damage that would be dealt to [recipients] [by
    sources]", "If [a source] would deal damage to [recipients], prevent N
    of that damage (all but N of it)". ``sources`` and ``to`` describe the
    sources and recipients (None: any); ``combat`` "combat" or "noncombat"
    (None: either); ``amount`` None prevents all of it, else the quantity
    prevented (or, ``all_but``, left); ``either``: damage dealt to or by the
    object ``to`` describes ("... dealt to and dealt by [this]")."""

    sources: Any = None
    to: Any = None
    combat: str | None = None
    amount: Any = None
    all_but: bool = False
    either: bool = False


@dataclass(frozen=True, slots=True)
class FlashRule:
    """601.3, 702.8a: "[players] may cast [spells] as though they had flash"
    — ``players`` (you, any player) may cast the spells ``what`` describes
    (or the card itself: "this spell", from where it is cast) any time they
    could cast an instant, while ``condition`` holds (None: always)."""

    players: Any
    what: Any
    condition: Any = None


@dataclass(frozen=True, slots=True)
class GraveyardRule:
    """614.1a, 614.6: "If [a card] would be put into [an opponent's] graveyard
    from anywhere, exile it instead", "If [a nontoken creature] would die,
    exile it instead", "If [this] would die, put it on the bottom of its
    owner's library instead", "... reveal [this] and shuffle it into its
    owner's library instead" — a replacement effect on each object that
    would be put into a graveyard: ``what`` describes it (or is the object
    itself), ``owner`` whose graveyard (None: any), ``dies`` only from the
    battlefield (700.4); it is exiled, or put into its owner's library
    (``to``), instead."""

    what: Any
    owner: Any = None
    dies: bool = False
    to: str = "exile"  # or, into its owner's library: "top", "bottom", "shuffle" ("reveal it and shuffle it into ...")
    anywhere: bool = False  # "from anywhere": about [this], the ability functions in every zone (113.6)


@dataclass(frozen=True, slots=True)
class LifeGainRule:
    """614.1a, 119.10: "If you would gain life, you gain twice that much life
    instead" (``times``), "you gain that much life plus 1 instead" (``plus``),
    "If an opponent would gain life, that player loses that much life
    instead" (``lose``) — a replacement effect on each life gain of the
    players ``players`` describes."""

    players: Any
    times: int = 1
    lose: bool = False
    plus: int = 0


@dataclass(frozen=True, slots=True)
class Continuous:
    """611.3: a continuous effect on objects written as one clause of a static
    ability's sentence ("Enchanted creature can't attack or block, and its
    activated abilities can't be activated": the first clause), applied as
    the static effect ``effect`` is (:mod:`cardtext.interpreter.characteristics`)."""

    effect: A.StaticEffect


@dataclass(frozen=True, slots=True)
class CrewsAsRule:
    """702.122a, 702.171a: the creatures ``what`` describes count toward the
    total power of the crew or saddle costs ``acts`` names as though their
    power were ``greater`` greater, or with their toughness (``greater`` None)."""

    what: Any
    acts: tuple[str, ...]
    greater: Any = None


@dataclass(frozen=True, slots=True)
class ControlRule:
    """613.1b, layer 2: "You control enchanted creature" — the controller of
    the ability controls the permanents ``what`` describes, while
    ``condition`` holds (None: always); applied in timestamp order with the
    control-changing effects of resolved instructions (613.7,
    :func:`cardtext.interpreter.control.refresh_control`)."""

    what: Any
    condition: Any = None


@dataclass(frozen=True, slots=True)
class TypeRule:
    """613.1d, 613.1e, layers 4 and 5: "Enchanted creature is an Angel in
    addition to its other types", "Nonbasic lands are Mountains", "All
    creatures are black" — the change ``change`` (a
    :class:`cardtext.interpreter.characteristics.TypeChange`) to the objects
    ``what`` describes, while ``condition`` holds; applied in timestamp and
    dependency order (613.7, 613.8) by
    :func:`cardtext.interpreter.characteristics.refresh_types`."""

    what: Any
    change: Any
    condition: Any = None


@dataclass(frozen=True, slots=True)
class MayEnterWith:
    """614.1c, 614.12: "You may have [this] enter with a +1/+1 counter on it"
    (unleash, 702.98a) — as the permanent enters, its controller chooses
    whether the replacement ``replacement`` applies
    (:func:`cardtext.interpreter.replacement.apply_enters_replacements`)."""

    replacement: A.EntersWithCounters


@dataclass(frozen=True, slots=True)
class AsThoughUnblocked:
    """510.1c, 611.3a: "You may have [this] assign its combat damage as
    though it weren't blocked" — as combat damage is assigned, the
    controller of the ability may have each blocked attacking creature
    ``what`` describes assign all its combat damage to the player it
    attacks (:func:`cardtext.interpreter.combat.deal_combat_damage`)."""

    what: Any
    may: bool = True  # "You may have [this] assign ...": else it does ("[this] assigns its combat damage as though ...")


UNBLOCKED_DAMAGE = A.AS_UNBLOCKED
"""The requirement of :class:`AsThoughUnblocked`, as the grammar writes it."""


@dataclass(frozen=True, slots=True)
class HandSizeRule:
    """402.2, 514.1: "Your maximum hand size is reduced by two", "Each
    opponent's maximum hand size is four", "... is equal to [N]", "You have
    no maximum hand size" — the maximum hand size of the players ``players``
    is set (``change`` "is", "equal to"), changed ("reduced by", "increased
    by") or gone ("none"), in timestamp order (613.7, :func:`max_hand_size`)."""

    players: Any
    change: str
    amount: Any = None


@dataclass(frozen=True, slots=True)
class CastBan:
    """101.2, 601.3: "You can't cast creature spells", "Your opponents can't
    cast spells during your turn", "Enchanted creature's controller can't
    cast creature spells" — the players ``players`` describes can't begin
    to cast the spells ``spells`` describes (None: any), during the
    ability's controller's turn only if ``yours``, while ``condition``
    holds (:func:`cast_ban`)."""

    players: Any
    spells: Any = None
    yours: bool = False
    condition: Any = None
    most: int | None = None  # "can't cast more than one spell each turn": only once they cast that many this turn


@dataclass(frozen=True, slots=True)
class SkipStep:
    """614.1b, 614.10: "Skip your draw step." as a static ability — the
    players ``players`` describes skip every draw step of theirs while it
    applies (the engine's turns, :mod:`cardtext.interpreter.turns`)."""

    players: Any
    step: str


@dataclass(frozen=True, slots=True)
class CastFrom:
    """601.3: a static ability that lets its controller cast cards from a
    zone other than their hand — the card itself ("You may cast [this] from
    your graveyard", ``what`` SelfRef, functioning in ``zone``, 113.6), or
    the cards ``what`` describes ("You may cast nonland cards exiled with
    [this]", "You may play cards exiled with [this]": ``play``); while
    ``condition`` holds (:func:`static_permissions`)."""

    what: Any
    zone: str
    play: bool = False
    condition: Any = None


@dataclass(frozen=True, slots=True)
class BlockedDespite:
    """509.1b, 702.14: "Creatures with swampwalk can be blocked as though they
    didn't have swampwalk" — the creatures ``what`` describes can be blocked
    as though they didn't have the landwalk keyword ``keyword``
    (:func:`walk_ignored`)."""

    what: Any
    keyword: str


Rule = BlockedDespite | CastFrom | SkipStep | CastBan | HandSizeRule | AsThoughUnblocked | MayEnterWith | ControlRule | TypeRule | Continuous | GraveyardRule | LifeGainRule | MayNotUntap | NoUntap | UntapAlso | ActivationRule | SelfType | StatsOfExiled | SpendRule | DamageRule | PreventionRule | FlashRule | CrewsAsRule


# --------------------------------------------------------------------------
# Reading the sentences
# --------------------------------------------------------------------------


def _mana_abilities_exception(cond: object) -> bool:
    """"unless they're mana abilities" (605.1a)."""
    if not isinstance(cond, A.IsState) or cond.object is not None or cond.negated:
        return False
    state = cond.state
    return (isinstance(state, A.ObjectFilter) and state.nouns == ("ability",)
            and any(isinstance(a, A.StatusAdj) and a.status == "mana" for a in state.adjectives))  # fmt: skip


def _ability_sources(what: object) -> A.ObjectFilter | None:
    """"activated abilities of [sources]": the description of the sources,
    without the noun "source" (any object, 117... a source of an ability is
    the object it is on, 113.7)."""
    if not isinstance(what, A.Each):
        return None
    filt = what.filter
    if filt.nouns != ("ability",) or not any(isinstance(a, A.StatusAdj) and a.status == "activated" for a in filt.adjectives):
        return None
    of = [q for q in filt.post if isinstance(q, A.OfObject)]
    if len(of) != 1 or len(filt.post) != 1 or not isinstance(of[0].what, A.Each):
        return None
    sources = of[0].what.filter
    words = tuple(w for w in sources.words if not (isinstance(w, A.Noun) and w.word.lower() in ("source", "sources")))
    return A.ObjectFilter(words, sources.post)


def _activation(action: object, except_mana: bool) -> Rule | str:
    if isinstance(action, A.Restriction) and action.rule == "can't be activated" and action.duration is None \
            and isinstance(action.what, A.ActivatedAbilitiesOf):  # fmt: skip
        # "its activated abilities can't be activated", "enchanted creature's ..."
        whose = action.what.whose
        if isinstance(whose, A.SelfRef | A.ItRef) or isinstance(whose, A.AttachedRef) and whose.how in ("enchanted", "equipped"):
            return ActivationRule(whose, None, "", except_mana)
        return f"'can't be activated' about the activated abilities of {type(whose).__name__}"
    if isinstance(action, A.Restriction) and action.rule == "can't be activated" and action.duration is None:
        sources = _ability_sources(action.what)
        if sources is None:
            return "'can't be activated' about abilities other than 'activated abilities of [sources]'"
        return ActivationRule(sources, None, "", except_mana)
    if isinstance(action, A.CostModifier) and action.activate:
        sources = _ability_sources(action.what)
        if action.duration is not None:
            return f"a cost change of activated abilities lasting '{action.duration.kind}'"
        if action.up_to:
            return "a cost change of activated abilities of up to an amount (the payer chooses how much)"
        if sources is None or action.per is not None or not isinstance(action.amount, A.ManaCost):
            return "a cost change of activated abilities other than '[abilities of sources] cost {N} more or less'"
        if not except_mana:
            return "a cost change of mana abilities (605.3: they resolve at once)"
        return ActivationRule(sources, action.amount, action.change, except_mana)
    return f"a static ability with {type(action).__name__}"


def _one(s: object) -> object | None:
    if isinstance(s, A.Sentence) and len(s.actions) == 1:
        return s.actions[0]
    return None


def _words(words: object) -> tuple[str, ...]:
    return tuple(w.word for w in words if isinstance(w, A.Noun)) if isinstance(words, tuple) else ()


def _source_filter(filt: A.ObjectFilter) -> A.ObjectFilter:
    """"a red source you control": the description without the noun
    "source" (any object that deals damage, 120.1; wherever it is)."""
    if "source" not in filt.nouns:
        return filt
    words = tuple(A.Noun("object", w.plural) if isinstance(w, A.Noun) and w.word == "source" else w for w in filt.words)
    return A.ObjectFilter(words, filt.post)


def _damage_source_problem(sources: object) -> str | None:
    """What :func:`damage_fits` can't tell of the sources of a damage
    replacement or prevention ("a red source you control", "[this]",
    "enchanted creature", "creatures")."""
    from .filters import filter_problem

    if isinstance(sources, A.SelfRef | A.ItRef):
        return None
    if isinstance(sources, A.AttachedRef):
        return None if sources.how in ("enchanted", "equipped") else f"damage dealt by a '{sources.how}' object"
    if isinstance(sources, A.BothRef) and sources.conj == "or":
        return _damage_source_problem(sources.first) or _damage_source_problem(sources.second)
    if isinstance(sources, A.AnObject) and (sources.up_to or sources.any_number):
        return "damage dealt by 'up to' sources"
    if isinstance(sources, A.AnObject | A.Each):
        return filter_problem(_source_filter(sources.filter))
    return f"damage dealt by {type(sources).__name__}"


def _recipient_problem(to: object) -> str | None:
    """What :func:`damage_fits` can't tell of the recipients of a damage
    replacement ("a permanent or player", "you", "an opponent or a
    permanent an opponent controls", "enchanted player", "[this]")."""
    from .filters import filter_problem

    if isinstance(to, A.You | A.SelfRef):
        return None
    if isinstance(to, A.PlayerGroup):
        return None if to.which in ("an_opponent", "a_player") else f"damage to the players '{to.which}'"
    if isinstance(to, A.AttachedRef):
        return None if to.how in ("enchanted", "equipped") else f"damage to a '{to.how}' object"
    if isinstance(to, A.BothRef) and to.conj == "or":
        return _recipient_problem(to.first) or _recipient_problem(to.second)
    if isinstance(to, A.AnObject) and not (to.up_to or to.any_number) or isinstance(to, A.Each):
        return filter_problem(to.filter)
    return f"damage to {type(to).__name__}"


def _damage_rule(s: A.IfSentence) -> Rule | str:
    """"If a source you control would deal damage to a permanent or player,
    it deals double that damage to that permanent or player instead."
    (614.1a): the sources and recipients of the event, and what the damage
    becomes; any other "instead" on damage is a gap."""
    from .quantities import QUANTITIES

    cond = s.condition
    assert isinstance(cond, A.Would)
    event = cond.event
    if cond.passive or cond.duration is not None or event.source is not None or event.amount is not None \
            or event.second is not None or event.divided or event.also:  # fmt: skip
        return "a damage replacement of another kind of event"
    subject = cond.subject
    if not isinstance(subject, A.AnObject | A.SelfRef):
        return f"a damage replacement of damage dealt by {type(subject).__name__}"
    problem = _damage_source_problem(subject) or _recipient_problem(event.to)
    if problem is not None:
        return problem
    body = _one(s.body)
    if not (isinstance(body, A.DealDamage) and isinstance(body.source, A.ItRef | A.SelfRef) and not body.divided
            and body.second is None and not body.combat
            and (body.to is None or isinstance(body.to, A.ThatRef | A.ThatPlayer) or body.to == event.to)):  # fmt: skip
        return "a damage replacement other than '[it] deals double that damage' or 'that much damage plus N'"
    amount = body.amount
    if isinstance(amount, A.Twice) and isinstance(amount.of, A.ThatMuch):
        return DamageRule(subject, event.to, event.combat, times=amount.times)
    if isinstance(amount, A.Sum) and isinstance(amount.left, A.ThatMuch) and amount.form.startswith("damage plus") \
            and (isinstance(amount.right, A.Number) or type(amount.right) in QUANTITIES):  # fmt: skip
        return DamageRule(subject, event.to, event.combat, plus=amount.right)
    return "a damage replacement other than '[it] deals double that damage' or 'that much damage plus N'"


PREVENTED_ALL = {"all": None, "all combat": "combat", "all noncombat": "noncombat"}
"""615.1a: "Prevent all [combat / noncombat] damage that would be dealt ..." as a static ability."""


def _prevented_amount(amount: object) -> str | None:
    """What the engine can't count of "prevent N of that damage" (a number, or
    a quantity it counts as a static ability's, 604.2)."""
    if isinstance(amount, A.Number):
        return None
    return f"a static prevention of an amount of damage given as {type(amount).__name__}"


def _prevention_rule(action: A.PreventDamage) -> Rule | str:
    """615.1a: "Prevent all [combat] damage that would be dealt to [X] [by Y]"
    as a static ability: a prevention effect for as long as the ability
    applies (611.3a), on every damage event that fits."""
    if action.kind not in PREVENTED_ALL or action.duration is not None or action.player is not None:
        return f"a static prevention of '{action.kind}' damage" + (" with a duration" if action.duration is not None else "")
    problem = (_recipient_problem(action.to) if action.to is not None else None) or (
        _damage_source_problem(action.by) if action.by is not None and action.form != "to and by" else None)
    if problem is not None:
        return problem
    if action.form == "to and by":
        return PreventionRule(to=action.to, combat=PREVENTED_ALL[action.kind], either=True)
    return PreventionRule(action.by, action.to, PREVENTED_ALL[action.kind])


def _prevention_if(s: A.IfSentence) -> Rule | str:
    """615.1a: "If a source [you control] would deal [combat] damage to [X],
    prevent N of that damage" (or "all but N of that damage", or "that
    damage"): a prevention effect of a static ability on each damage event
    that fits (615.6: it applies once to each)."""
    cond = s.condition
    assert isinstance(cond, A.Would) and isinstance(cond.event, A.DealDamage)
    event = cond.event
    body = _one(s.body)
    assert isinstance(body, A.PreventDamage)
    if cond.duration is not None or event.source is not None or event.amount is not None \
            or event.second is not None or event.divided or event.also or s.body.where_x is not None:  # fmt: skip
        return "a static prevention of another kind of damage event"
    if body.kind not in ("some", "all but", "that") or body.to is not None or body.by is not None or body.player is not None:
        return f"a static prevention '{body.kind}' of that damage"
    sources = None if cond.passive else cond.subject
    problem = ((_damage_source_problem(sources) if sources is not None else None)
               or (_recipient_problem(event.to) if event.to is not None else None)
               or (_prevented_amount(body.amount) if body.kind != "that" else None))  # fmt: skip
    if problem is not None:
        return problem
    return PreventionRule(sources, event.to, "combat" if event.combat else None,
                          None if body.kind == "that" else body.amount, all_but=body.kind == "all but")


def _graveyard_rule(s: A.IfSentence) -> Rule | str:
    """614.6: "If [objects] would be put into [a] graveyard [from anywhere],
    exile [it] instead.", "If [objects] would die, exile [it] instead."."""
    from .filters import filter_problem

    cond = s.condition
    assert isinstance(cond, A.Would)
    event = cond.event
    to = graveyard_body(s.body)
    if cond.duration is not None or to is None:
        return "a replacement of going to a graveyard other than 'exile it instead' or 'put it into its owner's library'"
    subject = cond.subject
    if isinstance(subject, A.AnObject):
        if subject.up_to or subject.any_number:
            return "a graveyard replacement of 'up to' objects"
        problem = filter_problem(subject.filter)
        if problem is not None:
            return problem
    elif not isinstance(subject, A.SelfRef):
        return f"a graveyard replacement of {type(subject).__name__}"
    if isinstance(event, A.KeywordAction) and event.verb == "die" and event.what is None and event.extra == "":
        return GraveyardRule(subject, dies=True, to=to)
    if isinstance(event, A.Passive) and event.what in ("put into", "put into from anywhere") and event.by is None \
            and isinstance(event.place, A.ZonePlace) and event.place.zone == "graveyard" and not event.place.second:  # fmt: skip
        owner = event.place.owner
        owner = owner.object if isinstance(owner, A.Possessive) else owner
        if owner is not None and not (isinstance(owner, A.You) or isinstance(owner, A.PlayerGroup)
                                      and owner.which in ("an_opponent", "a_player")):  # fmt: skip
            return f"a graveyard replacement of the graveyard of {type(owner).__name__}"
        # "a permanent would be put into a graveyard": from the battlefield, where permanents are (110.1)
        dies = event.what == "put into" and isinstance(subject, A.AnObject) and "card" not in subject.filter.nouns \
            and not subject.filter.card  # fmt: skip
        return GraveyardRule(subject, owner, dies=dies, to=to, anywhere=event.what == "put into from anywhere")
    return "a replacement of another event"


def _it(what: object) -> bool:
    return isinstance(what, A.ItRef | A.SelfRef)


def _owners_library(whose: object) -> bool:
    """"its owner's library" (or none named: a card goes to its owner's, 400.3)."""
    return whose is None or isinstance(whose, A.OwnerOf) and _it(whose.object)


def graveyard_body(body: A.Sentence) -> str | None:
    """What a graveyard replacement does instead (:class:`GraveyardRule`'s
    ``to``): "exile it", "put it on top of (the bottom of) its owner's
    library", "reveal [it] and shuffle it into its owner's library"; None for
    anything else."""
    actions = body.actions if isinstance(body, A.Sentence) and body.where_x is None else ()
    one = actions[0] if len(actions) == 1 else None
    if isinstance(one, A.Exile) and isinstance(one.what, A.ItRef) and not one.face_down and one.until is None \
            and one.player is None and one.with_counters is None and not one.until_leaves:  # fmt: skip
        return "exile"
    if isinstance(one, A.PutInZone) and _it(one.what) and one.player is None and one.to.zone == "library" \
            and one.to.where in ("top", "bottom") and _owners_library(one.to.whose) and not one.to.mods \
            and one.to.nth is None and one.to.under is None:  # fmt: skip
        return one.to.where
    if len(actions) == 2 and isinstance(actions[0], A.Reveal) and _it(actions[0].what) and actions[0].player is None \
            and isinstance(actions[1], A.Shuffle) and _it(actions[1].what) and actions[1].player is None \
            and isinstance(actions[1].into, A.OwnerOf) and _it(actions[1].into.object):  # fmt: skip
        return "shuffle"  # revealing it: it is seen by all as it moves (701.20, 400.2)
    return None


def _life_gain_rule(s: A.IfSentence) -> Rule | str:
    """119.10: "If [players] would gain life, [they] gain twice that much life
    instead." / "..., that player loses that much life instead."."""
    cond = s.condition
    assert isinstance(cond, A.Would)
    players = cond.subject
    if not (isinstance(players, A.You) or isinstance(players, A.PlayerGroup) and players.which in ("an_opponent", "a_player")):
        return f"a life gain replacement of the players {type(players).__name__}"
    if cond.duration is not None or getattr(cond.event, "amount", None) is not None:
        return "a life gain replacement of another kind of event"
    body = _one(s.body)
    same = (A.You, A.ThatPlayer) if isinstance(players, A.You) else (A.ThatPlayer,)
    if isinstance(body, A.GainLife) and isinstance(body.player, same) and isinstance(body.amount, A.Twice) \
            and isinstance(body.amount.of, A.ThatMuch):  # fmt: skip
        return LifeGainRule(players, times=body.amount.times)
    if isinstance(body, A.GainLife) and isinstance(body.player, same) and isinstance(body.amount, A.Sum) \
            and body.amount.form == "life plus" and isinstance(body.amount.left, A.ThatMuch) \
            and isinstance(body.amount.right, A.Number):  # fmt: skip
        return LifeGainRule(players, plus=body.amount.right.value)
    if isinstance(body, A.LoseLife) and isinstance(body.player, same) and isinstance(body.amount, A.ThatMuch):
        return LifeGainRule(players, lose=True)
    return ("a life gain replacement other than 'gains twice that much life', 'gains that much life plus N' "
            "or 'loses that much life instead'")


def _sentence_rule(s: object, rest: tuple[object, ...]) -> Rule | str:
    action = _one(s)
    if (isinstance(s, A.IfSentence) and s.instead == "after" and not s.trailing and not s.then
            and isinstance(s.condition, A.Would) and isinstance(s.condition.event, A.GainLife)):  # fmt: skip
        return _life_gain_rule(s)
    if (isinstance(s, A.IfSentence) and s.instead == "after" and not s.trailing and not s.then
            and isinstance(s.condition, A.Would) and graveyard_body(s.body) is not None
            and (isinstance(s.condition.event, A.Passive) and "graveyard" in s.condition.event.what + " graveyard"
                 or isinstance(s.condition.event, A.KeywordAction) and s.condition.event.verb == "die")):  # fmt: skip
        return _graveyard_rule(s)
    if isinstance(action, A.PreventDamage) and isinstance(s, A.Sentence):
        return _prevention_rule(action)
    if (isinstance(s, A.IfSentence) and not s.instead and not s.trailing and not s.then and isinstance(s.condition, A.Would)
            and isinstance(s.condition.event, A.DealDamage) and isinstance(_one(s.body), A.PreventDamage)):  # fmt: skip
        return _prevention_if(s)
    if (isinstance(s, A.IfSentence) and s.instead and not s.trailing and not s.then and isinstance(s.condition, A.Would)
            and isinstance(s.condition.event, A.DealDamage)):  # fmt: skip
        return _damage_rule(s)
    if isinstance(s, A.IfSentence) and s.trailing == "unless" and not s.instead and _mana_abilities_exception(s.condition):
        return _activation(_one(s.body), True)
    if isinstance(s, A.IfSentence) and not s.instead and not s.then and not isinstance(s.condition, A.Would | A.DoesAction):
        # "[this] doesn't untap during your untap step if it has a depletion
        # counter on it", "If you control a Faerie, you may cast this spell
        # as though it had flash": the rule applies while the condition holds
        return _with_condition(_sentence_rule(s.body, ()), s.condition, s.trailing == "unless")
    if isinstance(action, A.Requirement) and action.rule == "doesn't untap during untap step" and action.duration is None:
        other = action.other.object if isinstance(action.other, A.Possessive) else action.other
        if isinstance(other, A.ControllerOf) and isinstance(other.object, A.ItRef | A.ThemRef | A.TheirRef):
            return NoUntap(action.what)  # "its controller's untap step", "their controllers' untap steps"
        if isinstance(other, A.You):
            return NoUntap(action.what, yours=True)
        return "'doesn't untap' during an untap step other than its controller's"
    if isinstance(action, A.UntapDuring):
        return UntapAlso(action.what, action.steps)
    if isinstance(action, A.CrewsAs) and action.duration is None:
        if action.greater is not None and not isinstance(action.greater, A.Number):
            return f"crewing as though its power were {type(action.greater).__name__} greater"
        if not isinstance(action.what, A.SelfRef | A.ItRef):
            return f"crewing as though the power of {type(action.what).__name__} were greater"
        return CrewsAsRule(action.what, action.acts, action.greater)
    if isinstance(action, A.Requirement) and action.rule == UNBLOCKED_DAMAGE and action.duration is None \
            and action.other is None and isinstance(action.what, A.SelfRef | A.ItRef | A.AttachedRef):  # fmt: skip
        return AsThoughUnblocked(action.what, may=False)
    if isinstance(action, A.Restriction) and action.rule == "can't cast":
        return _cast_ban(action)
    if isinstance(action, A.Restriction) and action.rule != "can't be activated":
        return f"a static ability '{action.rule}'"
    if isinstance(action, A.Requirement):
        return f"a static ability '{action.rule}'"
    if isinstance(action, A.Restriction | A.CostModifier):
        return _activation(action, False)
    if isinstance(action, A.GainControl) and action.verb == "control":
        return _control_rule(action)
    if isinstance(action, A.IsType) and action.special not in SELF_TYPES:
        return _type_rule(action)
    if isinstance(action, A.IsType) and isinstance(action.what, A.SelfRef) and action.duration is None:
        if action.special == "the chosen type" and action.words is None and "colors" not in action.kept:
            return SelfType(True)
        if action.special == "every creature type" and action.words is None:
            # changeling (702.73a): a characteristic-defining ability (604.3),
            # in every zone: the printed characteristics have every creature
            # type (cardtext.interpreter.characteristics)
            from .objects import CREATURE_TYPES

            return SelfType(False, tuple(sorted(CREATURE_TYPES)))
        return f"'[this] is {action.special or 'a type'}'"
    if (isinstance(s, A.LeadSentence) and s.kind == "as long as" and isinstance(_one(s.body), A.HaveAbilitiesOf)):  # fmt: skip
        return _stats_of_exiled(s, rest)
    if isinstance(s, A.LeadSentence) and s.kind == "as long as" and s.condition is not None:
        return _with_condition(_sentence_rule(s.body, ()), s.condition, False)
    if isinstance(action, A.MayDo) and isinstance(action.action, A.CastAsThoughFlash):
        return _flash_rule(action)
    if isinstance(action, A.CombatException) and action.rule == "blocked":
        from .filters import filter_problem

        word = action.keyword.name.lower() if isinstance(action.keyword, A.Keyword) else ""
        if not word.endswith("walk") or word == "horsemanship" or not isinstance(action.what, A.Each | A.SelfRef | A.ItRef):
            return "'can be blocked as though it didn't have' a keyword other than a landwalk"
        problem = filter_problem(action.what.filter) if isinstance(action.what, A.Each) else None
        return problem if problem is not None else BlockedDespite(action.what, word)
    if isinstance(action, A.MayDo) and isinstance(action.action, A.CastCard) and isinstance(s, A.Sentence):
        return _cast_from(action, s)
    if isinstance(action, A.ActionLimit) and action.verb == "cast":
        return _cast_limit(action)
    if isinstance(action, A.SkipTurn) and not action.next and action.duration is None and action.amount is None:
        if action.step != "draw step" or not isinstance(action.whose, A.You) or action.player is not None:
            return f"skipping '{action.step}' as a static ability"
        return SkipStep(action.whose, "draw")
    if isinstance(action, A.MaxHandSize) or isinstance(action, A.KeywordAction) and action.verb == NO_MAXIMUM:
        return _hand_size_rule(action)
    if isinstance(action, A.MayDo) and isinstance(action.action, A.Requirement) and action.action.rule == UNBLOCKED_DAMAGE:
        req = action.action
        if not (action.have and isinstance(action.player, A.You)) or req.duration is not None or req.other is not None:
            return "'assign its combat damage as though it weren't blocked' by another player or for a duration"
        if not isinstance(req.what, A.SelfRef | A.ItRef | A.AttachedRef):
            return f"'assign its combat damage as though it weren't blocked' about {type(req.what).__name__}"
        return AsThoughUnblocked(req.what)
    if isinstance(action, A.MayDo) and isinstance(action.action, A.EntersWithCounters):
        enters = action.action
        if not (action.have and isinstance(action.player, A.You) and isinstance(enters.object, A.SelfRef | A.ItRef)):
            return "'you may have [it] enter with counters' about another object or by another player"
        if enters.condition is not None or enters.tapped:
            return "'you may have [it] enter with counters' under a condition or tapped"
        return MayEnterWith(enters)
    if isinstance(action, A.MayDo) and isinstance(action.action, A.ChooseNotUntap):
        choose = action.action
        if not (isinstance(action.player, A.You) and isinstance(choose.whose, A.You)) or action.have:
            return "'may choose not to untap' by a player other than the ability's controller, or in another's untap step"
        if not isinstance(choose.what, A.SelfRef | A.ItRef | A.AttachedRef | A.Each):
            return f"'may choose not to untap' {type(choose.what).__name__}"
        if isinstance(choose.what, A.Each):
            from .filters import filter_problem

            problem = filter_problem(choose.what.filter)
            if problem is not None:
                return problem
        return MayNotUntap(choose.what)
    if isinstance(s, A.SpendRule):
        return "a spending rule on its own"
    return f"a static ability written as {type(action or s).__name__}"


CONDITIONAL_RULES = (NoUntap, FlashRule, ActivationRule, ControlRule, TypeRule, CastBan, CastFrom)
"""The rules that apply only while a condition holds when one is written
("... if it has a depletion counter on it", "As long as ..., ...", 611.3a)."""


def _with_condition(inner: Rule | str, cond: object, unless: bool) -> Rule | str:
    """The rule ``inner`` applying only while ``cond`` holds (or, ``unless``, while it doesn't)."""
    if isinstance(inner, str):
        return inner
    if not isinstance(inner, CONDITIONAL_RULES) or inner.condition is not None:
        return f"a rule '{type(inner).__name__}' with a condition"
    from .conditions import condition_gap, negated

    if unless:
        cond = negated(cond)  # type: ignore[arg-type]
    problem = condition_gap(cond)  # type: ignore[arg-type]
    if problem is not None:
        return problem
    return replace(inner, condition=cond)


def _cast_ban(action: A.Restriction) -> Rule | str:
    """101.2: "[players] can't cast [spells] [during your turn]" as a static ability."""
    from .filters import ALL_PLAYER_GROUPS, OPPONENT_GROUPS

    players, spells, duration = action.what, action.other, action.duration
    if not (isinstance(players, A.You) or isinstance(players, A.PlayerGroup)
            and players.which in OPPONENT_GROUPS | ALL_PLAYER_GROUPS
            or isinstance(players, A.ControllerOf) and isinstance(players.object, A.AttachedRef | A.SelfRef)):  # fmt: skip
        return f"'can't cast' for the players {type(players).__name__}"
    if duration is not None and not (isinstance(duration, A.Duration) and duration.kind == "during your turn"
                                     and duration.object is None):  # fmt: skip
        return f"a static 'can't cast' lasting '{getattr(duration, 'kind', type(duration).__name__)}'"
    if not isinstance(spells, A.Each) or not (spells.filter.spell or "spell" in spells.filter.nouns):
        return f"'can't cast' {type(spells).__name__}"
    problem = static_filter_problem(spells.filter)
    if problem is not None:
        return problem
    return CastBan(players, spells, yours=duration is not None)


def _cast_from(may: A.MayDo, s: A.Sentence) -> Rule | str:
    """601.3: "You may cast [this] from your graveyard / from exile", "You
    may cast [cards] exiled with [this]" as a static ability."""

    cast = may.action
    assert isinstance(cast, A.CastCard)
    if not isinstance(may.player, A.You) or may.have or cast.duration is not None or cast.free or cast.look:
        return "a static permission to cast cards for another player, for a duration, or without paying their costs"
    tails = [t for form in s.forms for t in form.tails if isinstance(t, A.Tail)]
    places = [t.value for t in tails if t.word == "from" and isinstance(t.value, A.ZonePlace)]
    if len(tails) != len(places) or len(places) > 1:
        return "a static permission to cast cards written with more after it"
    what = cast.what
    if isinstance(what, A.SelfRef):
        place = places[0] if places else None
        owner = place.owner.object if place is not None and isinstance(place.owner, A.Possessive) else None
        if place is None or place.zone not in ("graveyard", "exile") or place.second \
                or not (owner is None and place.zone == "exile" or isinstance(owner, A.You)):  # fmt: skip
            return "a static permission to cast this card from a zone other than your graveyard or exile"
        return CastFrom(what, place.zone, cast.play)
    exiled = isinstance(what, A.Each) and any(isinstance(q, A.ExiledWith) and isinstance(q.object, A.SelfRef)
                                              for q in what.filter.post)  # fmt: skip
    if not exiled or places:
        return "a static permission to cast cards other than this one or those exiled with it"
    assert isinstance(what, A.Each)
    problem = static_filter_problem(what.filter)
    return problem if problem is not None else CastFrom(what, "exile", cast.play)


def _cast_limit(action: A.ActionLimit) -> Rule | str:
    """"Each player can't cast more than one spell each turn." (101.2)."""
    from .filters import ALL_PLAYER_GROUPS, OPPONENT_GROUPS

    players, what = action.player, action.what
    if not (isinstance(players, A.You) or isinstance(players, A.PlayerGroup)
            and players.which in OPPONENT_GROUPS | ALL_PLAYER_GROUPS):  # fmt: skip
        return f"'can't cast more than ...' for the players {type(players).__name__}"
    if not (isinstance(what, A.AnObject) and isinstance(what.count, A.Number) and not what.how
            and what.filter.words == (A.Noun("spell", False),) and not what.filter.post):  # fmt: skip
        return "'can't cast more than' a number of spells of a kind"
    return CastBan(players, A.Each(what.filter), most=what.count.value)


NO_MAXIMUM = "have no maximum hand size"
"""The verb of "You have no maximum hand size." (402.2)."""


def _hand_size_rule(action: A.MaxHandSize | A.KeywordAction) -> Rule | str:
    """402.2: a static ability that changes players' maximum hand size."""
    from .filters import ALL_PLAYER_GROUPS, OPPONENT_GROUPS
    from .quantities import QUANTITIES

    if isinstance(action, A.KeywordAction):
        players, change, amount = action.player, "none", None
        if action.duration is not None or action.what is not None or action.extra:
            return "'have no maximum hand size' for a duration"
    else:
        players, change, amount = action.player, action.change, action.amount
        players = players.object if isinstance(players, A.Possessive) else players
        if not (isinstance(amount, A.Number) or type(amount) in QUANTITIES):
            return f"a maximum hand size of {type(amount).__name__}"
    if not (isinstance(players, A.You) or isinstance(players, A.PlayerGroup)
            and players.which in OPPONENT_GROUPS | ALL_PLAYER_GROUPS):  # fmt: skip
        return f"the maximum hand size of {type(players).__name__}"
    return HandSizeRule(players, change, amount)


SELF_TYPES = ("the chosen type", "every creature type")
"""The type changes of an object's own static ability read as :class:`SelfType`."""


RESOLVED_QUALITIES = (A.SameNameAs, A.DoneThisWay, A.Among)
"""Qualities of a description that name objects an instruction found ("with
the same name as the exiled card", "revealed this way"): a static
ability's description can't be matched by them."""


def static_filter_problem(filt: A.ObjectFilter) -> str | None:
    """What the engine can't tell of a description in a static ability's rule."""
    from .filters import filter_problem

    for q in filt.post:
        if isinstance(q, RESOLVED_QUALITIES):
            return f"a static ability's description by {type(q).__name__}"
    return filter_problem(filt)


def _affected_problem(what: object, kind: str) -> str | None:
    """What the engine can't tell of the objects a static ability's rule is
    about (:func:`cardtext.interpreter.filters.matches_ref_static`)."""
    from .filters import static_ref_problem

    if isinstance(what, A.AnObject):
        return f"{kind} of {type(what).__name__}"
    if isinstance(what, A.Each) and (problem := static_filter_problem(what.filter)) is not None:
        return problem
    return static_ref_problem(what)


def _control_rule(action: A.GainControl) -> Rule | str:
    """613.1b: "You control enchanted creature." as a static ability."""
    if not isinstance(action.player, A.You) or action.duration is not None:
        return "a static control-changing effect for a player other than the ability's controller, or with a duration"
    if not isinstance(action.what, A.AttachedRef | A.Each):
        return f"a static control-changing effect of {type(action.what).__name__}"
    problem = _affected_problem(action.what, "a static control-changing effect")
    return problem if problem is not None else ControlRule(action.what)


def _type_rule(action: A.IsType) -> Rule | str:
    """613.1d, 613.1e: "[objects] is/are [types] [in addition to ...]", "is
    [a color]" as a static ability (:func:`cardtext.interpreter.characteristics.type_change`)."""
    from .characteristics import type_change

    if action.duration is not None:
        return "a static type-changing effect with a duration"
    if action.pt:
        return "a static type-changing effect with power and toughness, other than as one clause of its sentence"
    if not isinstance(action.what, A.AttachedRef | A.Each | A.SelfRef | A.ItRef):
        return f"a static type-changing effect of {type(action.what).__name__}"
    problem = _affected_problem(action.what, "a static type-changing effect")
    if problem is not None:
        return problem
    change = type_change(action)
    return change if isinstance(change, str) else TypeRule(action.what, change)


def _flash_rule(may: A.MayDo) -> Rule | str:
    """601.3, 702.8a: "You may cast [spells] as though they had flash", "Any
    player may cast ...", "You may cast this spell as though it had flash"."""
    from .filters import filter_problem

    action = may.action
    assert isinstance(action, A.CastAsThoughFlash)
    players = action.player
    if not (isinstance(players, A.You) or isinstance(players, A.PlayerGroup) and players.which == "any_player"):
        return f"'may cast ... as though they had flash' for the players {type(players).__name__}"
    if action.duration is not None or may.have:
        return "'may cast ... as though they had flash' for a duration"
    what = action.what
    if isinstance(what, A.SelfRef):
        return FlashRule(players, what)
    if not isinstance(what, A.Each | A.AnObject) or isinstance(what, A.AnObject) and (what.up_to or what.any_number):
        return f"'may cast ... as though they had flash' of {type(what).__name__}"
    problem = filter_problem(what.filter)
    return problem if problem is not None else FlashRule(players, what)


def _stats_of_exiled(s: A.LeadSentence, rest: tuple[object, ...]) -> Rule | str:
    have = _one(s.body)
    assert isinstance(have, A.HaveAbilitiesOf)
    of = have.of.what if isinstance(have.of, A.ThatRef) else None
    cond = s.condition
    if not (isinstance(have.what, A.SelfRef) and isinstance(of, A.ObjectFilter) and of.card and of.nouns == ("creature",)
            and any(isinstance(a, A.StatusAdj) and a.status == "last" for a in of.adjectives)
            and any(isinstance(q, A.ExiledWith) and isinstance(q.object, A.SelfRef) for q in of.post)
            and isinstance(cond, A.IsState) and isinstance(cond.state, A.StateWord)
            and _words(tuple(cond.state.what or ())) == ("creature", "card")):  # fmt: skip
        return "'has the characteristics of' other than those of the last creature card exiled with [this]"
    parts = {p.strip() for p in have.what_of.replace(" and ", ", ").split(",") if p.strip()}
    if not parts <= {"the power", "toughness", "creature types"}:
        return f"'has {have.what_of} of' a card"
    still: tuple[str, ...] = ()
    for extra in rest:
        if not isinstance(extra, A.ItsStill):
            return f"a static ability with {type(extra).__name__} after it"
        still += _words(tuple(extra.words))
    return StatsOfExiled("the power" in parts, "creature types" in parts, still)


@per_node
def own_activation_change(s: object) -> tuple[A.CostModifier, A.Node | None] | None:
    """ "This ability costs {1} less to activate for each Island you
    control.", "... if you control a creature with a +1/+1 counter on it.",
    "... during your turn." — a sentence of an activated ability that
    changes its own cost (602.2b, 601.2f): the change and its condition; a
    rule of activating it, applied as its cost is worked out
    (:mod:`cardtext.interpreter.activation`), nothing done as it resolves.
    None for any other sentence."""
    condition = None
    body = s
    if isinstance(s, A.IfSentence) and s.trailing == "if" and not s.instead and not s.then:
        condition, body = s.condition, s.body
    if not isinstance(body, A.Sentence) or len(body.actions) != 1 or body.where_x is not None:
        return None
    mod = body.actions[0]
    if not isinstance(mod, A.CostModifier) or not mod.activate or not isinstance(mod.what, A.SelfRef):
        return None
    return mod, condition


def own_activation_problem(mod: A.CostModifier) -> str | None:
    """What the engine can't apply of an activated ability's change of its own cost."""
    if mod.up_to:
        return "a cost change of an ability of up to an amount (the payer chooses how much)"
    if mod.duration is not None and mod.duration.kind not in TURN_DURATIONS:
        return f"a cost change of an ability lasting '{mod.duration.kind}'"
    if not isinstance(mod.amount, A.ManaCost) or isinstance(mod.per, A.TargetsBeyondFirst):
        return "a cost change of an ability other than in mana, or for each target"
    if mod.change == "less" and any(not isinstance(x, A.GenericMana | A.ColoredMana) for x in mod.amount.symbols):
        return "a cost reduction of an ability by other than generic or colored mana"
    return None


# --------------------------------------------------------------------------
# Changes to the cost of casting spells (601.2f), applied by cardtext.interpreter.costs
# --------------------------------------------------------------------------


def spell_cost_changes(ab: A.Node) -> list[tuple[A.CostModifier, A.Node | None]]:
    """The changes to the cost of casting spells an ability makes (601.2f),
    each with the condition it applies under: "Spells you cast cost {1}
    less to cast.", "This spell costs {3} less to cast if it targets a
    tapped creature." (a static effect with a condition).  Changes to the
    costs of activated abilities are rules read elsewhere
    (:mod:`cardtext.interpreter.statics`)."""
    if isinstance(ab, A.CostModifier) and not ab.activate:
        return [(ab, None)]
    if isinstance(ab, A.StaticEffect):
        return [(a, ab.condition) for a in ab.effects if isinstance(a, A.CostModifier) and not a.activate]
    if isinstance(ab, A.StaticAbility) and (found := x_cost_change(ab)) is not None:
        return [(found, None)]
    if isinstance(ab, A.StaticAbility) and (conditional := conditional_cost_change(ab)) is not None:
        return [conditional]
    return []


def conditional_cost_change(ab: A.StaticAbility) -> tuple[A.CostModifier, A.Node] | None:
    """ "If an opponent controls seven or more lands, this spell costs {6}
    less to cast." (601.2f): a change of a spell's cost that applies while
    its condition holds (611.3a) — the same as "This spell costs {6} less to
    cast if ..."; None for a static ability of another shape."""
    sentences = ab.effect.sentences
    s = sentences[0] if len(sentences) == 1 else None
    if not isinstance(s, A.IfSentence) or s.instead or s.then or s.trailing == "unless" or s.body.where_x is not None:
        return None
    mod = _one(s.body)
    if not isinstance(mod, A.CostModifier) or mod.activate:
        return None
    return mod, s.condition


def x_cost_change(ab: A.StaticAbility) -> A.CostModifier | None:
    """ "This spell costs {X} less to cast, where X is the total power of
    creatures you control." (601.2f): a change of {1} for each of what X
    counts, as :func:`cardtext.interpreter.costs.cost_modifiers` applies it; None for a static ability
    of another shape."""
    sentences = ab.effect.sentences
    s = sentences[0] if len(sentences) == 1 else None
    if not isinstance(s, A.Sentence) or len(s.actions) != 1 or s.where_x is None:
        return None
    mod = s.actions[0]
    if (not isinstance(mod, A.CostModifier) or mod.activate or mod.per is not None
            or mod.amount != A.ManaCost((A.VariableMana(s.where_letter),))):  # fmt: skip
        return None
    return replace(mod, amount=A.ManaCost((A.GenericMana(1),)), per=s.where_x)


TURN_DURATIONS = {"during your turn": True, "during each of your turns": True, "during turns other than yours": False}
"""611.3a: a cost change that applies only during its controller's turns (True) or the other players' (False)."""


def spell_cost_problem(ab: A.CostModifier) -> str | None:
    """Why the engine can't apply a change to the cost of casting spells
    (601.2f), None if it can: the same test the game makes as it applies it
    (what it counts "for each ..." and its condition are checked as any
    number and condition are)."""
    if ab.up_to:
        return "a cost change of up to an amount (the payer chooses how much)"
    if ab.duration is not None and ab.duration.kind not in TURN_DURATIONS:
        return f"a cost change lasting '{ab.duration.kind}'"
    if not isinstance(ab.amount, A.ManaCost):
        return "a cost change not in mana"
    if ab.change == "less" and any(not isinstance(s, A.GenericMana | A.ColoredMana) for s in ab.amount.symbols):
        return "a cost reduction of " + ", ".join(sorted({type(s).__name__ for s in ab.amount.symbols
                                                          if not isinstance(s, A.GenericMana | A.ColoredMana)}))  # fmt: skip
    return None


def _with_subject(action: Any, subject: object) -> Any:
    """A clause after the first of a sentence, its "it" the first clause's
    subject: "Enchanted creature can't attack or block, and its activated
    abilities can't be activated"."""
    what = getattr(action, "what", None)
    if isinstance(what, A.ItRef) and subject is not None:
        return replace(action, what=subject)
    if isinstance(what, A.ActivatedAbilitiesOf) and isinstance(what.whose, A.ItRef) and subject is not None:
        return replace(action, what=replace(what, whose=subject))
    return action


def _per_x(body: A.Sentence) -> A.Sentence:
    """"Equipped creature gets +X/+X, where X is the number of creature cards
    in all graveyards": as a static ability (611.3a), X is counted again
    whenever the P/T is worked out (604.2, 613.4c), so the change is +1/+1
    for each one of X (the Pump's ``per``; "its" in X is the object
    affected).  A sentence with any other X, or "+X/+1", is left as written."""
    where = body.where_x
    if where is None or body.where_letter != "X" or not body.actions:
        return body
    out = []
    for action in body.actions:
        if not isinstance(action, A.Pump) or action.per is not None or action.quoted or action.extra is not None:
            return body
        sides = (action.power, action.toughness)
        if not any(isinstance(v, A.SignedX) for v in sides) or not all(isinstance(v, A.SignedX) or v == 0 for v in sides):
            return body
        power, toughness = (v.sign if isinstance(v, A.SignedX) else 0 for v in sides)
        out.append(replace(action, power=power, toughness=toughness, per=where))
    return replace(body, actions=tuple(out), where_x=None)


def _typed_pt(action: object) -> bool:
    """"[objects] is a Golem creature with base power and toughness 5/4":
    a type change with base power and toughness set (613.4b)."""
    return isinstance(action, A.IsType) and action.special not in SELF_TYPES and "/" in action.pt


def _continuous(action: object) -> bool:
    """Is ``action`` a continuous effect on objects the engine applies as a
    static effect (611.3; :data:`cardtext.interpreter.characteristics.STATIC_ACTIONS`)?
    Changes to costs are read where costs are worked out."""
    from .characteristics import STATIC_ACTIONS, static_problem

    return (type(action) in STATIC_ACTIONS and not isinstance(action, A.CostModifier)
            and _affected(getattr(action, "what", None)) and static_problem(action) is None)  # type: ignore[arg-type]  # fmt: skip


_AFFECTED = (A.Each, A.SelfRef, A.ItRef, A.AttachedRef, A.ObjectFilter)
"""The objects a continuous effect written as a clause can be about
(:func:`cardtext.interpreter.filters.matches_ref_static`)."""


def _affected(what: object) -> bool:
    if isinstance(what, A.BothRef):
        return _affected(what.first) and _affected(what.second)
    return isinstance(what, _AFFECTED)


def _sentences_rules(sentences: tuple[object, ...]) -> tuple[Rule, ...] | str:
    """611.3a: a static ability of several sentences, each read as
    :func:`_clause_rules` reads one — "Enchanted creature gets +2/+2 as long
    as it's a Human. Otherwise, it can't attack or block.": "Otherwise"
    applies while the condition of the sentence before doesn't hold, and
    "it" is the object the first sentence is about."""
    from .conditions import negated

    out: list[Rule] = []
    subject: object = None
    before: object = None
    for s in sentences:
        if isinstance(s, A.LeadSentence) and s.kind == "otherwise":
            if before is None:
                return "'Otherwise' after a sentence with no condition in a static ability"
            s = A.LeadSentence("as long as", s.body, negated(before))  # type: ignore[arg-type]
        found = _clause_rules(s, subject, single=True)
        if found is None:
            return f"a static ability of several sentences, one a {type(s).__name__}"
        if isinstance(found, str):
            return found
        out.extend(found)
        before = _condition_of(s)
        if subject is None:
            body = s.body if isinstance(s, A.LeadSentence | A.IfSentence) else s
            subject = getattr(body.actions[0], "what", None) if isinstance(body, A.Sentence) and body.actions else None
    return tuple(out)


def _condition_of(s: object) -> object:
    if isinstance(s, A.LeadSentence) and s.kind in ("as long as", "trailing as long as"):
        return s.condition
    return None


def _clause_rules(s: object, subject: object = None, *, single: bool = False) -> tuple[Rule, ...] | str | None:
    """611.3a, 113.3d: a static ability of one sentence whose clauses are
    each a continuous effect or a rule ("Enchanted creature can't attack or
    block, and its activated abilities can't be activated.", "As long as
    ..., [this] gets +1/+1 and has ..."), under the sentence's condition
    if it has one; None for a sentence of one clause that isn't a
    continuous effect (read by :func:`_sentence_rule`) unless ``single``;
    ``subject`` is what "it" of its first clause stands for (None: the
    first clause's own subject)."""
    cond: Any = None
    unless = False
    body = s
    if isinstance(s, A.LeadSentence) and s.kind in ("as long as", "trailing as long as") and s.condition is not None:
        cond, body = s.condition, s.body
    elif isinstance(s, A.IfSentence) and not s.instead and not s.then and not isinstance(s.condition, A.Would | A.DoesAction):
        cond, body, unless = s.condition, s.body, s.trailing == "unless"
    if isinstance(body, A.Sentence) and body.where_x is not None:
        body = _per_x(body)
    if not isinstance(body, A.Sentence) or body.where_x is not None or not body.actions:
        return None
    if len(body.actions) == 1 and not single and not _continuous(body.actions[0]) and not _typed_pt(body.actions[0]):
        return None
    if "or" in body.joiners:
        return "clauses of a static ability joined by 'or'"
    if cond is not None:
        from .conditions import condition_gap, negated

        if unless:
            cond = negated(cond)
        problem = condition_gap(cond)
        if problem is not None:
            return problem
    first = getattr(body.actions[0], "what", None)
    if subject is None or not isinstance(first, A.ItRef):
        subject = first
    out: list[Rule] = []
    for action in body.actions:
        action = _with_subject(action, subject)
        if _typed_pt(action):
            # "is a creature with base power and toughness 5/5 in addition to
            # its other types": the types (layer 4) and the base P/T (layer 7b, 613.4b)
            power, toughness = action.pt.split("/", 1)
            out.append(Continuous(A.StaticEffect(A.SetPT(action.what, power, toughness, base=True), cond)))
            action = replace(action, pt="")
        if _continuous(action):
            out.append(Continuous(A.StaticEffect(action, cond)))
            continue
        rule = _sentence_rule(A.Sentence((action,)), ())
        if cond is not None:
            rule = _with_condition(rule, cond, False)
        if isinstance(rule, str):
            return rule
        out.append(rule)
    return tuple(out)


@per_node
def rules_of(ab: A.StaticAbility) -> tuple[tuple[Rule, ...], str | None]:
    """The rules a static ability states, or why the engine can't read it."""
    found = x_cost_change(ab)
    if found is not None:
        # "This spell costs {X} less to cast, where X is ...": applied as the total cost is worked out (601.2f)
        return (), spell_cost_problem(found)
    conditional = conditional_cost_change(ab)
    if conditional is not None:
        from .conditions import condition_gap

        return (), spell_cost_problem(conditional[0]) or condition_gap(conditional[1])
    sentences = tuple(ab.effect.sentences)
    if sentences and all(isinstance(s, A.SpendRule) for s in sentences):
        texts = {s.rule for s in sentences}
        colored = "Spend only colored mana on X." in texts
        if not colored:
            return (), "a spending rule other than 'Spend only colored mana on X.'"
        return (SpendRule(True, "No more than one mana of each color may be spent this way." in texts),), None
    if not sentences:
        return (), "an empty static ability"
    if all(isinstance(s, A.CastOnly) for s in sentences):
        # "Cast [this] only if ...": a rule of casting the card (601.3, cardtext.interpreter.cast_timing)
        from .cast_timing import rule_problem

        return (), next((p for p in map(rule_problem, sentences) if p is not None), None)
    if all(isinstance(s, A.DeckRule) for s in sentences):
        # 100.2a, 100.4: how a deck is built; nothing to do once the game has begun.
        # A game here is never played for ante (407.1), so an ante card is a gap.
        if any(s.ante for s in sentences):
            return (), "a card for games played for ante (407.1)"
        return (), None
    first, rest = sentences[0], sentences[1:]
    clauses = _clause_rules(first) if not rest else None
    if isinstance(clauses, tuple):
        return clauses, None
    if isinstance(clauses, str):
        return (), clauses
    if rest and not any(isinstance(x, A.ItsStill) for x in rest):
        several = _sentences_rules(sentences)
        return (several, None) if isinstance(several, tuple) else ((), several)
    if rest and not all(isinstance(x, A.ItsStill) for x in rest):
        return (), "a static ability of several sentences"
    rule = _sentence_rule(first, rest)
    if isinstance(rule, str):
        return (), rule
    if rest and not isinstance(rule, StatsOfExiled):
        return (), "'It's still ...' after an ability that changes no types"
    return (rule,), None


def activation_problem(ab: A.CostModifier) -> str | None:
    """"Activated abilities of [sources] cost {1} more to activate." written
    as a cost-change ability: why the engine can't apply it (None if it can)."""
    rule = _activation(ab, False)
    return rule if isinstance(rule, str) else None


def problem(ab: A.StaticAbility) -> str | None:
    """Why the engine can't carry out this static ability (None if it can)."""
    return rules_of(ab)[1]


def rules(ab: A.StaticAbility) -> tuple[Rule, ...]:
    found, why = rules_of(ab)
    if why is not None:
        raise Unsupported(why)
    return found


def active_rules(game: Game) -> list[tuple[GameObject, int, Rule]]:
    """The rules stated by static abilities of face-up permanents (604.2), with
    their source and the ability's index."""
    from .characteristics import chars

    out: list[tuple[GameObject, int, Rule]] = []
    for src in game.battlefield():
        if src.face_down is not None:
            continue
        for index, ab in enumerate(chars(src).abilities):
            if isinstance(ab, A.StaticAbility):
                out.extend((src, index, r) for r in rules(ab))
    return out


# --------------------------------------------------------------------------
# Damage (614.1a, 616.1)
# --------------------------------------------------------------------------


def damage_fits(game: Game, src: GameObject, rule: DamageRule, source: GameObject,
                recipient: GameObject | str, combat: bool) -> bool:  # fmt: skip
    """Does ``rule``, of the permanent ``src``, apply to damage ``source``
    would deal to ``recipient``?"""
    if rule.combat and not combat:
        return False
    return _source_fits(game, src, rule.sources, source) and _recipient_fits(game, src, rule.to, recipient)


def _source_fits(game: Game, src: GameObject, sources: object, source: GameObject) -> bool:
    """Is ``source`` one of the sources of damage ``sources`` describes, seen
    from the static ability of ``src`` ("a red source": any object, wherever
    it is, 120.1; "creatures": permanents)?"""
    from .filters import matches

    if isinstance(sources, A.SelfRef | A.ItRef):
        return source.id == src.id
    if isinstance(sources, A.AttachedRef):
        return src.attached_to == source.id
    if isinstance(sources, A.BothRef):
        return _source_fits(game, src, sources.first, source) or _source_fits(game, src, sources.second, source)
    assert isinstance(sources, A.AnObject | A.Each)
    filt = _source_filter(sources.filter)
    return matches(game, filt, source, you=src.controller, source=src.id, anywhere=filt is not sources.filter)


def prevention_fits(game: Game, src: GameObject, rule: PreventionRule, source: GameObject | None,
                    recipient: GameObject | str, combat: bool) -> bool:  # fmt: skip
    """Does the prevention effect ``rule`` of the permanent ``src`` apply to
    damage ``source`` would deal to ``recipient`` (615.1a)?"""
    if rule.combat == "combat" and not combat or rule.combat == "noncombat" and combat:
        return False
    if rule.either:
        # "dealt to and dealt by [this]": either is prevented
        return _recipient_fits(game, src, rule.to, recipient) or (
            source is not None and _recipient_fits(game, src, rule.to, source))
    if rule.sources is not None and (source is None or not _source_fits(game, src, rule.sources, source)):
        return False
    return rule.to is None or _recipient_fits(game, src, rule.to, recipient)


def static_preventions(game: Game, source: GameObject | None, recipient: GameObject | str,
                       combat: bool) -> list[tuple[GameObject, PreventionRule]]:  # fmt: skip
    """615.1a: the prevention effects of static abilities that apply to damage
    ``source`` would deal to ``recipient``, each with its permanent."""
    return [(src, rule) for src, _, rule in active_rules(game)
            if isinstance(rule, PreventionRule) and prevention_fits(game, src, rule, source, recipient, combat)]  # fmt: skip


def prevented_by(game: Game, src: GameObject, rule: PreventionRule, amount: int) -> int:
    """How much of ``amount`` damage the static prevention effect ``rule`` of
    ``src`` prevents: all of it, N of it, or all but N of it (615.1a)."""
    from .filters import _static_number

    if rule.amount is None:
        return amount
    n = max(0, _static_number(game, src)(rule.amount))
    return max(0, amount - n) if rule.all_but else min(n, amount)


def _recipient_fits(game: Game, src: GameObject, to: object, recipient: GameObject | str) -> bool:
    from .filters import group_players, matches

    if isinstance(to, A.BothRef):
        return _recipient_fits(game, src, to.first, recipient) or _recipient_fits(game, src, to.second, recipient)
    if isinstance(to, A.SelfRef):
        return isinstance(recipient, GameObject) and recipient.id == src.id
    if isinstance(to, A.AttachedRef):
        key = recipient.id if isinstance(recipient, GameObject) else recipient
        return src.attached_to == key
    if isinstance(recipient, str):
        if isinstance(to, A.You):
            return recipient == src.controller
        if isinstance(to, A.PlayerGroup):
            return recipient in group_players(game, to.which, src.controller)
        if isinstance(to, A.AnObject | A.Each):
            nouns = to.filter.nouns
            return "player" in nouns or ("opponent" in nouns and recipient != src.controller)
        return False
    if isinstance(to, A.AnObject | A.Each):
        return recipient.zone == "battlefield" and matches(game, to.filter, recipient, you=src.controller, source=src.id)
    return False


def replaced_damage(game: Game, source: GameObject | None, recipient: GameObject | str, amount: int,
                    combat: bool, check: Callable[[], None] | None = None) -> int:  # fmt: skip
    """614.1a: the damage ``source`` deals to ``recipient`` once the damage
    replacement effects of static abilities that apply have changed it
    ("it deals double that damage instead"), each once (614.5); when
    several would change it differently, the affected player — or the
    controller of the affected permanent — chooses which applies first,
    and so on (616.1).  ``check`` runs before any of them applies (the
    caller's refusal of what the engine can't order with them)."""
    from .characteristics import display_name
    from .choices import Decision, ask
    from .filters import _static_number

    if source is None or amount <= 0:
        return amount
    ready = [(src, rule) for src, _, rule in active_rules(game)
             if isinstance(rule, DamageRule) and damage_fits(game, src, rule, source, recipient, combat)]  # fmt: skip
    if not ready:
        return amount
    if check is not None:
        check()
    chooser = recipient.controller if isinstance(recipient, GameObject) else recipient
    whom = display_name(recipient) if isinstance(recipient, GameObject) else f"player {recipient}"
    while ready:
        kinds = {(r.times, r.plus) for _, r in ready}
        if len(kinds) == 1 or len(ready) == 1:
            src, rule = ready.pop(0)
        else:
            # the sources' names: effects of one name are the same effect, any of them first alike
            labels = list(dict.fromkeys(display_name(s) for s, _ in ready))
            d = Decision("word", chooser, f"{amount} damage would be dealt to {whom}: which replacement effect applies first (616.1)",
                         labels, labels)  # fmt: skip
            picked = ask(game, d)
            src, rule = ready.pop(next(i for i, (s, _) in enumerate(ready) if display_name(s) == picked))
        before = amount
        if rule.plus is not None:
            amount += _static_number(game, src)(rule.plus)
        else:
            amount *= rule.times
        game.say(f"  {display_name(src)}: {before} damage to {whom} becomes {amount} (614.1a)")
    return amount


# --------------------------------------------------------------------------
# Gaining life (119.10)
# --------------------------------------------------------------------------


def replaced_gain(game: Game, player: str, amount: int) -> tuple[int, bool]:
    """119.10, 614.1a: the life ``player`` gains once the replacement effects
    of static abilities have changed the event ("twice that much", each once,
    614.5), and whether it is lost instead; effects of both kinds on one
    event would need the player's order (616.1): refused."""
    from .characteristics import display_name
    from .errors import Unsupported
    from .filters import group_players

    ready = []
    for src, _, rule in active_rules(game):
        if not isinstance(rule, LifeGainRule):
            continue
        who = rule.players
        if isinstance(who, A.You) and player != src.controller:
            continue
        if isinstance(who, A.PlayerGroup) and player not in group_players(game, who.which, src.controller):
            continue
        ready.append((src, rule))
    if not ready:
        return amount, False
    if len({(r.lose, r.plus > 0) for _, r in ready}) > 1:  # doubling, adding and losing don't commute
        raise Unsupported("life gain replacement effects of two kinds on one event (616.1: the player's order)")
    for src, rule in ready:
        if rule.lose:
            game.say(f"  {display_name(src)}: {player} loses {amount} life instead of gaining it (614.1a)")
            return amount, True
        more = amount * rule.times + rule.plus
        game.say(f"  {display_name(src)}: {player} gains {more} life instead of {amount} (614.1a)")
        amount = more
    return amount, False


def _register() -> None:
    from .state import LIFE_GAIN_REPLACEMENTS

    if replaced_gain not in LIFE_GAIN_REPLACEMENTS:
        LIFE_GAIN_REPLACEMENTS.append(replaced_gain)


_register()


# --------------------------------------------------------------------------
# Going to a graveyard (614.6)
# --------------------------------------------------------------------------


def exiled_instead(game: Game, obj: GameObject) -> GameObject | None:
    """614.6: the permanent whose static ability exiles ``obj`` instead of its
    being put into its owner's graveyard from where it is now, or None."""
    found = graveyard_instead(game, obj)
    return found[0] if found is not None and found[1] == "exile" else None


def graveyard_instead(game: Game, obj: GameObject) -> tuple[GameObject, str] | None:
    """614.6: the permanent whose static ability puts ``obj`` somewhere else
    instead of into its owner's graveyard from where it is now, and where
    (:class:`GraveyardRule`'s ``to``), or None."""
    from .characteristics import chars
    from .filters import group_players, matches

    found = [(src, rule) for src, _, rule in active_rules(game) if isinstance(rule, GraveyardRule)]
    if obj.zone != "battlefield" and obj.face_down is None:
        # "If [this] would be put into a graveyard from anywhere": the ability
        # functions wherever the object is (113.6, 112.6)
        found = [(obj, r) for ab in chars(obj).abilities if isinstance(ab, A.StaticAbility) for r in rules(ab)
                 if isinstance(r, GraveyardRule) and r.anywhere and isinstance(r.what, A.SelfRef)] + found  # fmt: skip
    for src, rule in found:
        if rule.dies and obj.zone != "battlefield":
            continue
        owner = rule.owner
        if isinstance(owner, A.You) and obj.owner != src.controller:
            continue
        if isinstance(owner, A.PlayerGroup) and obj.owner not in group_players(game, owner.which, src.controller):
            continue
        what = rule.what
        if isinstance(what, A.SelfRef):
            if obj.id != src.id:
                continue
        else:
            filt = what.filter
            if obj.token and (filt.card or "card" in filt.nouns) and "token" not in filt.nouns:
                continue  # a token isn't a card (111.1)
            if not matches(game, filt, obj, you=src.controller, source=src.id, anywhere=True):
                continue
        return src, rule.to
    return None


# --------------------------------------------------------------------------
# Casting as though spells had flash (601.3, 702.8a)
# --------------------------------------------------------------------------


def _spell_as_card(filt: A.ObjectFilter) -> A.ObjectFilter:
    """"creature spells": the description of the card to be cast (601.3: the
    permission is looked at before the card becomes a spell), so without
    the noun "spell"."""
    words = tuple(A.Noun("card", w.plural) if isinstance(w, A.Noun) and w.word.lower() == "spell" else w for w in filt.words)
    return A.ObjectFilter(words, filt.post)


def flash_permission(game: Game, player: str, card: GameObject) -> GameObject | None:
    """601.3, 702.8a: the object whose static ability lets ``player`` cast
    ``card`` as though it had flash ("You may cast creature spells as though
    they had flash", "... this spell ..." on the card itself, which works
    from where it is cast), or None."""
    from .characteristics import chars
    from .conditions import static_condition_holds
    from .filters import matches

    own = [(card, r) for ab in chars(card).abilities if isinstance(ab, A.StaticAbility)
           for r in rules(ab) if isinstance(r, FlashRule) and isinstance(r.what, A.SelfRef)]  # fmt: skip
    found = own + [(src, r) for src, _, r in active_rules(game) if isinstance(r, FlashRule) and not isinstance(r.what, A.SelfRef)]
    for src, rule in found:
        if isinstance(rule.players, A.You) and player != src.controller:
            continue
        if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
            continue
        if isinstance(rule.what, A.SelfRef) or matches(
                game, _spell_as_card(rule.what.filter), card, you=src.controller, source=src.id, anywhere=True):  # fmt: skip
            return src
    return None


# --------------------------------------------------------------------------
# Spells players can't cast (101.2, 601.3)
# --------------------------------------------------------------------------


def cast_ban(game: Game, player: str, card: GameObject) -> GameObject | None:
    """101.2, 601.3: the permanent whose static ability says ``player`` can't
    cast ``card`` now ("You can't cast creature spells"), or None."""
    from .conditions import static_condition_holds
    from .filters import group_players, matches

    for src, _, rule in active_rules(game):
        if not isinstance(rule, CastBan):
            continue
        who = rule.players
        if isinstance(who, A.You) and player != src.controller:
            continue
        if isinstance(who, A.PlayerGroup) and player not in group_players(game, who.which, src.controller):
            continue
        if isinstance(who, A.ControllerOf):
            about = who.object
            oid = src.id if isinstance(about, A.SelfRef) else src.attached_to
            held = game.get(oid) if isinstance(oid, tuple) else None
            if held is None or held.controller != player:
                continue
        if rule.yours and game.state.active != src.controller:
            continue
        if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
            continue
        if rule.most is not None:
            # "can't cast more than one spell each turn": the spells they cast this turn (601.2i)
            if sum(1 for spell in game.state.cast_this_turn if spell.controller == player) >= rule.most:
                return src
            continue
        if matches(game, _spell_as_card(rule.spells.filter), card, you=src.controller, source=src.id, anywhere=True):
            return src
    return None


def walk_ignored(game: Game, attacker: GameObject, word: str) -> bool:
    """702.14, 509.1b: may ``attacker`` be blocked as though it didn't have
    the landwalk ``word``, by a static ability?"""
    from .filters import matches_ref_static

    return any(isinstance(rule, BlockedDespite) and rule.keyword == word and matches_ref_static(game, src, rule.what, attacker)
               for src, _, rule in active_rules(game))  # fmt: skip


def skips_draw_step(game: Game, player: str) -> GameObject | None:
    """614.1b: the permanent whose "Skip your draw step." makes ``player``
    skip this draw step, or None."""
    for src, _, rule in active_rules(game):
        if isinstance(rule, SkipStep) and rule.step == "draw" and isinstance(rule.players, A.You) and src.controller == player:
            return src
    return None


# --------------------------------------------------------------------------
# Maximum hand size (402.2, 514.1)
# --------------------------------------------------------------------------

MAX_HAND_SIZE = 7
"""402.2: a player's maximum hand size, unless an effect changes it."""


def max_hand_size(game: Game, player: str) -> int | None:
    """402.2: ``player``'s maximum hand size as the static abilities that
    apply leave it, in timestamp order (613.7); None for "no maximum hand
    size" (the later "is two" sets one again)."""
    from .filters import _static_number, group_players

    size: int | None = MAX_HAND_SIZE
    found = [(src, rule) for src, _, rule in active_rules(game) if isinstance(rule, HandSizeRule)]
    for src, rule in sorted(found, key=lambda f: f[0].arrived):
        who = rule.players
        if isinstance(who, A.You) and player != src.controller:
            continue
        if isinstance(who, A.PlayerGroup) and player not in group_players(game, who.which, src.controller):
            continue
        if rule.change == "none":
            size = None
            continue
        n = _static_number(game, src)(rule.amount)
        if rule.change in ("is", "equal to"):
            size = n
        elif size is not None:
            size = size + n if rule.change == "increased by" else size - n
    return None if size is None else max(size, 0)


# --------------------------------------------------------------------------
# Combat damage as though unblocked (510.1c)
# --------------------------------------------------------------------------


def unblocked_damage(game: Game, attacker: GameObject) -> tuple[GameObject, bool] | None:
    """510.1c: the permanent whose static ability has ``attacker`` assign its
    combat damage as though it weren't blocked, and whether its controller
    may choose ("You may have [this] assign ...") or it does ("[this]
    assigns ..."), or None."""
    from .filters import matches_ref_static

    for src, _, rule in active_rules(game):
        if isinstance(rule, AsThoughUnblocked) and (src.controller == attacker.controller or not rule.may) \
                and matches_ref_static(game, src, rule.what, attacker):  # fmt: skip
            return src, rule.may
    return None


# --------------------------------------------------------------------------
# Untapping (502.3)
# --------------------------------------------------------------------------


def doesnt_untap(game: Game, obj: GameObject) -> bool:
    """502.3: does a "doesn't untap during its controller's untap step" rule
    keep ``obj`` tapped in this untap step?"""
    from .filters import matches_ref_static

    for src, _, rule in active_rules(game):
        if not isinstance(rule, NoUntap):
            continue
        if rule.yours and obj.controller != src.controller:
            continue
        if rule.condition is not None:
            from .conditions import static_condition_holds

            if not static_condition_holds(game, src, rule.condition):
                continue
        if matches_ref_static(game, src, rule.what, obj):
            return True
    return False


def kept_tapped(game: Game, obj: GameObject) -> bool:
    """502.3: does the active player choose, by a "You may choose not to untap
    [this] during your untap step" rule, to leave ``obj`` tapped?"""
    from .characteristics import display_name
    from .choices import Decision, ask
    from .filters import matches_ref_static

    for src, _, rule in active_rules(game):
        if not isinstance(rule, MayNotUntap) or src.controller != obj.controller:
            continue
        if matches_ref_static(game, src, rule.what, obj):
            question = f"{display_name(src)}: leave {display_name(obj)} tapped during this untap step (502.3)?"
            return bool(ask(game, Decision("may", obj.controller, question)))
    return False


def untaps_also(game: Game, obj: GameObject) -> bool:
    """502.3: does an "untap ... during each other player's untap step" rule
    untap ``obj``, a permanent the active player doesn't control, in this
    untap step?"""
    from .filters import matches_ref_static

    active = game.state.active
    for src, _, rule in active_rules(game):
        if not isinstance(rule, UntapAlso):
            continue
        if rule.steps == "each other player's" and active == src.controller:
            continue
        if rule.steps == "each opponent's" and active == src.controller:
            continue  # 102.3: in a two-player game the other player is the opponent
        if rule.what is None or matches_ref_static(game, src, rule.what, obj):
            return True
    return False


# --------------------------------------------------------------------------
# Crewing and saddling (702.122a, 702.171a)
# --------------------------------------------------------------------------


def crew_power(game: Game, obj: GameObject, act: str) -> int:
    """The power ``obj`` counts with toward a crew or saddle cost (``act``
    "crew" or "saddle"): its power, or its toughness, and what static
    abilities add ("saddles Mounts and crews Vehicles as though its power
    were 2 greater")."""
    from .characteristics import power_toughness
    from .filters import matches_ref_static

    p, t = power_toughness(game, obj)
    base, extra = p or 0, 0
    for src, _, rule in active_rules(game):
        if not isinstance(rule, CrewsAsRule) or act not in rule.acts or not matches_ref_static(game, src, rule.what, obj):
            continue
        if rule.greater is None:
            base = t or 0
        else:
            assert isinstance(rule.greater, A.Number)  # _sentence_rule
            extra += rule.greater.value
    return base + extra


# --------------------------------------------------------------------------
# Activating (602.5, 601.2f)
# --------------------------------------------------------------------------


def _rules_for(game: Game, obj: GameObject, mana: bool) -> list[tuple[GameObject, ActivationRule]]:
    from .conditions import static_condition_holds
    from .filters import matches, matches_ref_static

    out = []
    for src, _, rule in active_rules(game):
        if not isinstance(rule, ActivationRule) or (mana and rule.except_mana):
            continue
        if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
            continue
        sources = rule.sources
        if matches(game, sources, obj, you=src.controller, source=src.id) if isinstance(sources, A.ObjectFilter) \
                else matches_ref_static(game, src, sources, obj):  # fmt: skip
            out.append((src, rule))
    return out


def activation_ban(game: Game, obj: GameObject, mana: bool) -> str | None:
    """602.5: why an activated ability of ``obj`` can't be activated (a mana
    ability if ``mana``), or None."""
    from .characteristics import display_name
    from .this_turn import CANT_ACTIVATE, has_rule

    held = has_rule(game, obj.id, CANT_ACTIVATE) if game.state.turn_rules else None
    if held is not None:
        return f"{held.source or 'an effect'}: the activated abilities of {display_name(obj)} can't be activated (602.5)"
    for src, rule in _rules_for(game, obj, mana):
        if rule.amount is None:
            return f"{display_name(src)} says activated abilities of {display_name(obj)} can't be activated (602.5)"
    return None


def activation_cost_changes(game: Game, obj: GameObject, mana: bool) -> list[tuple[GameObject, A.CostModifier]]:
    """601.2f via 602.2b: the cost increases and reductions of activating an
    ability of ``obj``, as cost modifiers with their source."""
    out = []
    for src, rule in _rules_for(game, obj, mana):
        if rule.amount is not None:
            out.append((src, A.CostModifier(None, rule.amount, rule.change, activate=True)))
    return out


# --------------------------------------------------------------------------
# Paying X (107.3, 601.2g)
# --------------------------------------------------------------------------


def spend_rule(abilities: tuple[A.Ability, ...]) -> SpendRule | None:
    """The spending rule on X among a spell's abilities, if it has one."""
    for ab in abilities:
        if isinstance(ab, A.StaticAbility):
            for r in rules(ab):
                if isinstance(r, SpendRule):
                    return r
    return None


def x_requirements(rule: SpendRule, x: int) -> list[tuple[Any, ...]]:
    """601.2g: the ways X may be paid under ``rule``, each a tuple of
    requirements: X colored mana, of X different colors when only one of
    each color may be spent (none when X is more than five)."""
    from itertools import combinations

    from .mana import Requirement

    colors = "WUBRG"
    if not rule.one_each:
        return [tuple(Requirement("{X}", frozenset(colors)) for _ in range(x))]
    return [tuple(Requirement("{X}", frozenset(c)) for c in combo) for combo in combinations(colors, x)]


# --------------------------------------------------------------------------
# Characteristics that depend on the game (layers 4 and 7b)
# --------------------------------------------------------------------------


def self_rules(c: Chars) -> list[tuple[int, Rule]]:
    """The rules of static abilities among ``c``'s abilities that change the
    object's own characteristics."""
    out: list[tuple[int, Rule]] = []
    for index, ab in enumerate(c.abilities):
        if isinstance(ab, A.StaticAbility):
            out.extend((index, r) for r in rules(ab) if isinstance(r, SelfType | StatsOfExiled))
    return out


def last_exiled_creature(game: Game, obj: GameObject, index: int) -> GameObject | None:
    """607.2a: the last creature card exiled with ``obj`` (by the ability
    linked to ability ``index``) that is still in exile."""
    from .bind import linked_exile_ability
    from .characteristics import chars

    card = obj.copy_of or obj.card
    linked = linked_exile_ability(card, index)
    if linked == -2:
        return None
    for oid in reversed(game.linked(obj.id).exiled_by(linked)):
        o = game.get(oid)
        if o is not None and o.zone == "exile" and o.face_down is None and "creature" in chars(o).types:
            return o
    return None


__all__ = [
    "ActivationRule", "BlockedDespite", "walk_ignored", "CastFrom", "CastBan", "cast_ban", "SkipStep", "skips_draw_step", "HandSizeRule", "max_hand_size", "MAX_HAND_SIZE", "AsThoughUnblocked", "unblocked_damage", "ControlRule", "MayEnterWith", "TypeRule", "CrewsAsRule", "crew_power", "Continuous", "LifeGainRule", "replaced_gain", "kept_tapped", "MayNotUntap", "exiled_instead", "graveyard_instead", "graveyard_body", "GraveyardRule", "DamageRule", "FlashRule", "flash_permission", "PreventionRule", "prevented_by", "prevention_fits", "static_preventions", "NoUntap", "Rule", "activation_problem", "SelfType", "SpendRule", "StatsOfExiled", "activation_ban",
    "activation_cost_changes", "active_rules", "doesnt_untap", "untaps_also", "UntapAlso", "last_exiled_creature", "problem", "rules",
    "replaced_damage", "rules_of", "self_rules", "spend_rule", "x_requirements", "TURN_DURATIONS", "spell_cost_changes",
    "spell_cost_problem", "x_cost_change", "conditional_cost_change", "own_activation_change", "own_activation_problem",
]  # fmt: skip
