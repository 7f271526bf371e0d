"""Conditions (CR 603.4, 608.2c, 611.3a): what "if", "unless" and "as long
as" ask.  Grammar: ``conditions.lark``.

A condition is a statement with a subject (:class:`IsState`, :class:`Controls`,
:class:`HasObjects`, :class:`Happened`, ...) or a comparison of amounts.
Kicker conditions (:class:`KickedCondition`) name the kicker cost they mean,
so the link check and the engine never look at text (rules K4-K6, 607.2i).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Literal

from ..node import BUILDERS, Node, builds, renders
from ..render import article
from ..transformer import TextError, span
from . import concern


@dataclass(frozen=True, slots=True)
class KickedCondition(Node):
    """ "if it was kicked", "if this spell was kicked", "if it was kicked with
    its {1}{U} kicker", "if it was kicked twice", "unless it was kicked",
    "if it wasn't kicked".

    ``cost`` links the condition to one kicker cost of the same object (K6,
    607.2i); ``None`` means any of them.  ``times`` asks for at least that
    many kicks.  ``subject`` says whose kicked status is asked.
    """

    subject: Any
    cost: Any = None
    times: int | None = None
    negated: bool = False
    word: str = "wasn't"  # "wasn't" or "weren't" (negated), as written


@dataclass(frozen=True, slots=True)
class YouDo(Node):
    """ "If you do" (``who`` "you"), "if you don't", "if they do", "if that
    player does", "if no one does", "if the player can't": whether the
    optional instruction before was (or could be) carried out."""

    who: Any = "you"
    negated: bool = False
    verb: str = "do"


@dataclass(frozen=True, slots=True)
class IsCreature(Node):
    """ "if it's a creature"."""

    object: Any


@dataclass(frozen=True, slots=True)
class IsTapped(Node):
    """ "if [this] is tapped"."""

    object: Any


@dataclass(frozen=True, slots=True)
class ControlNone(Node):
    """ "if you control no face-down permanents"."""

    filter: Any


@dataclass(frozen=True, slots=True)
class IsEquipped(Node):
    """ "as long as [this] is equipped"."""

    object: Any


@dataclass(frozen=True, slots=True)
class IsState(Node):
    """ "[it] is [state]": "that creature is a Zombie", "it's attacking",
    "[this] is on the battlefield", "it's not your turn"; ``form`` keeps
    "is" / "it's" / "isn't" as written."""

    object: Any
    state: Any
    negated: bool = False
    form: str = "is"


@dataclass(frozen=True, slots=True)
class Controls(Node):
    """ "you control a Swamp", "an opponent controls more creatures than you",
    "you control no artifacts" (an :class:`AnObject` with ``how`` "no")."""

    player: Any
    what: Any
    negated: bool = False
    compare: Literal["", "more", "fewer", "at least"] = ""
    than: Any = None


@dataclass(frozen=True, slots=True)
class HasObjects(Node):
    """ "you have no cards in hand", "you have seven or more cards in hand"."""

    player: Any
    what: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class LifeCompare(Node):
    """ "you have 10 or less life", "you have more life than an opponent",
    "your life total is 5 or less"."""

    player: Any
    amount: Any = None
    op: str = ""
    than: Any = None
    form: Literal["have", "total"] = "have"


@dataclass(frozen=True, slots=True)
class HandCompare(Node):
    """ "you have more cards in hand than each opponent"."""

    player: Any
    op: str
    than: Any


@dataclass(frozen=True, slots=True)
class CompareAmount(Node):
    """ "X is 5 or more", "its power is greater than its toughness"; ``form``
    "has": "if it has mana value 2 or less" (its mana value compared, 202.3);
    ``was`` for an amount as it was ("if its toughness was less than 1", "if
    its mana value was 2 or less": of an object as it last existed, 608.2h)."""

    amount: Any
    comparison: Any
    form: str = ""
    was: bool = False


@dataclass(frozen=True, slots=True)
class ThereAre(Node):
    """ "there are seven or more cards in your graveyard", "there are no creatures on the battlefield"."""

    amount: Any
    op: str
    what: Any
    word: str = "are"


@dataclass(frozen=True, slots=True)
class Happened(Node):
    """Something that happened this turn: "a creature died this turn",
    "[this] attacked this turn", "you gained life this turn"."""

    subject: Any
    event: str
    other: Any = None
    form: str = ""  # "you've": the subject and "have" written as one word; "casts": the verb as printed
    control: Any = None  # "died under your control this turn": whose control, as a Possessive (700.4, 603.10a)


@dataclass(frozen=True, slots=True)
class Would(Node):
    """ "[a source] would deal damage to you", "you would draw a card", "[it]
    would die", "a card would be put into a graveyard": the event a
    replacement effect replaces (614.1a); ``duration`` how long the
    replacement applies ("[it] would die this turn", 614.1a, 611.2a)."""

    subject: Any
    event: Any
    passive: bool = False
    duration: Any = None


@dataclass(frozen=True, slots=True)
class Passive(Node):
    """A passive event: "destroyed", "dealt damage", "put into a graveyard from anywhere"."""

    what: str
    place: Any = None
    by: Any = None


@dataclass(frozen=True, slots=True)
class Targets(Node):
    """ "if it targets a tapped creature" (115.1): whether a spell or ability
    has the object described among its targets."""

    object: Any
    what: Any


@dataclass(frozen=True, slots=True)
class Won(Node):
    """ "if you win", "if you win the clash" (701.30): the outcome of the
    clash (or coin flip, 705.2) before."""

    player: Any
    what: str = ""


@dataclass(frozen=True, slots=True)
class WasState(Node):
    """ "if it was tapped", "if that land was nonbasic", "if the sacrificed
    creature was suspected": a state the object had as it was last known
    (608.2h), not one it has now."""

    object: Any
    state: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class TotalPower(Node):
    """ "creatures you control have total power 8 or greater": the powers of
    the objects described, added up, compared with an amount."""

    what: Any
    amount: Any


@dataclass(frozen=True, slots=True)
class CitysBlessing(Node):
    """ "if you have the city's blessing" (702.131c: a designation ascend gives)."""

    player: Any


@dataclass(frozen=True, slots=True)
class PlayersTurn(Node):
    """ "it's their turn", "it's not that player's turn": whether the player
    named is the active player (102.1, 500.1)."""

    player: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class MostCommonColor(Node):
    """ "black is the most common color among all permanents or is tied for
    most common" (``form`` "is": ``subject`` the color as written), "[it]
    shares a color with the most common color among all permanents or a
    color tied for most common" (``form`` "shares": ``subject`` the object)."""

    subject: Any
    among: Any
    form: Literal["is", "shares"] = "is"


@dataclass(frozen=True, slots=True)
class VoteResult(Node):
    """The result of a vote (701.38): "[option] gets more votes" (``option``),
    "the vote is tied" (``option`` None)."""

    option: str | None = None


@dataclass(frozen=True, slots=True)
class Turn(Node):
    """ "it's your turn", "it's not your turn", "it's an opponent's turn"."""

    whose: Literal["yours", "not yours", "an opponent's"]


@dataclass(frozen=True, slots=True)
class CastFrom(Node):
    """ "it was cast from your hand", "you cast it from your hand"."""

    object: Any
    zone: Any
    form: Literal["was cast", "you cast it"] = "was cast"
    who: Any = None


@dataclass(frozen=True, slots=True)
class SpentToCast(Node):
    """ "{R} was spent to cast it"."""

    what: Any
    object: Any


@dataclass(frozen=True, slots=True)
class HasKeyword(Node):
    """ "it has flying", "it had flying"."""

    object: Any
    keyword: Any
    past: bool = False


@dataclass(frozen=True, slots=True)
class SharesWith(Node):
    object: Any
    what: str
    other: Any


@dataclass(frozen=True, slots=True)
class CondAnd(Node):
    """Two conditions joined by "and" or "or" ("or if": "if you do or if you
    control a Dinosaur", either)."""

    first: Any
    second: Any
    conj: Literal["and", "or", "or if"] = "and"


@dataclass(frozen=True, slots=True)
class NthResolution(Node):
    """ "this is the second time this ability has resolved this turn"."""

    ordinal: str


@dataclass(frozen=True, slots=True)
class ActivatedTimes(Node):
    """ "if this ability has been activated four or more times this turn"
    (602.1): how many times this turn the ability was activated, this
    activation included."""

    amount: Any


@dataclass(frozen=True, slots=True)
class ControlCommander(Node):
    """ "you control your commander"."""


@dataclass(frozen=True, slots=True)
class KeywordCast(Node):
    """A spell cast with the option of one of its keywords: "if this spell
    was bargained" (702.166b), "if it's bargained", "a spell was warped this
    turn" (702.185), "if it wasn't evoked".  ``word`` is the participle as
    written; ``form`` is "was", "wasn't" or "it's"."""

    subject: Any
    word: str
    form: str = "was"
    this_turn: bool = False


@dataclass(frozen=True, slots=True)
class KeywordCostPaid(Node):
    """A spell cast for a keyword's cost (601.2b, 601.2f): "if this spell's
    mayhem cost was paid", "if its surge cost was paid" (``form`` "paid"),
    "if that creature was cast for its warp cost" ("cast for"), "if you cast
    it for its impending cost" ("you cast": ``player`` cast ``subject``)."""

    subject: Any
    keyword: str
    form: str = "paid"
    player: Any = None


@dataclass(frozen=True, slots=True)
class GiftPromised(Node):
    """ "if the gift was promised" / "if the gift wasn't promised" (702.174b)."""

    negated: bool = False


@dataclass(frozen=True, slots=True)
class EvidenceCollected(Node):
    """ "if evidence was collected" (701.59b): the spell's additional cost
    "collect evidence N" was paid as it was cast (a permanent keeps what its
    spell paid, 607.2j)."""


@dataclass(frozen=True, slots=True)
class ManaSpentOn(Node):
    """ "If that mana is spent on a creature spell, ...": a rider of the mana
    an ability adds (106.6), asked as that mana pays for ``what``."""

    what: Any


@dataclass(frozen=True, slots=True)
class YouveThisTurn(Node):
    """What you have done this turn: "you've committed a crime this turn"
    (700.13), "you've drawn two or more cards this turn" (``amount`` or
    more)."""

    what: str
    amount: Any = None


@dataclass(frozen=True, slots=True)
class YouAreMonarch(Node):
    """ "if you're the monarch" (724.1)."""


@dataclass(frozen=True, slots=True)
class TributePaid(Node):
    """ "if tribute wasn't paid" (702.104b): whether an opponent put the
    tribute counters on the creature as it entered."""

    negated: bool = False


@dataclass(frozen=True, slots=True)
class DamageWouldBeDealt(Node):
    """ "If damage would be dealt to you, ... instead" (614.1a, 615): a
    replacement of damage about to be dealt to ``to`` (from any source),
    for ``duration`` when written ("this turn")."""

    to: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class PaysMoreToCast(Node):
    """ "if you pay {2} more to cast it" (601.2f): a cost increase the caster
    chooses to pay, on which a permission to cast depends ("You may cast
    this spell as though it had flash if you pay {2} more to cast it")."""

    player: Any
    cost: Any
    what: Any


@dataclass(frozen=True, slots=True)
class CastWhenSorceryCouldnt(Node):
    """ "If you cast it any time a sorcery couldn't have been cast" (307.1:
    outside the caster's main phase with an empty stack)."""

    player: Any
    what: Any


@dataclass(frozen=True, slots=True)
class HasMaxSpeed(Node):
    """ "you have max speed" (702.178b: a player's speed is 4), "you don't
    have max speed"."""

    player: Any
    negated: bool = False


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


@builds("kicked_condition")
def _kicked(meta: Any, subject: Any) -> KickedCondition:
    return KickedCondition(subject, span=span(meta))


@builds("kicked_with")
def _kicked_with(meta: Any, subject: Any, cost: Any) -> KickedCondition:
    from .mana import Cost

    return KickedCondition(subject, Cost((cost,), span=cost.span), span=span(meta))


@builds("kicked_twice")
def _kicked_twice(meta: Any, subject: Any) -> KickedCondition:
    return KickedCondition(subject, times=2, span=span(meta))


@builds("not_kicked_condition")
def _not_kicked(meta: Any, subject: Any) -> KickedCondition:
    return KickedCondition(subject, negated=True, span=span(meta))


BUILDERS["kw_participle"] = lambda meta, tok: str(tok).lower()
BUILDERS["keyword_cast"] = lambda meta, obj, word: KeywordCast(obj, word, span=span(meta))
BUILDERS["keyword_cast_this_turn"] = lambda meta, obj, word: KeywordCast(obj, word, this_turn=True, span=span(meta))
BUILDERS["keyword_not_cast"] = lambda meta, obj, word: KeywordCast(obj, word, "wasn't", span=span(meta))
BUILDERS["keyword_cast_its"] = lambda meta, word: KeywordCast(None, word, "it's", span=span(meta))
BUILDERS["keyword_cost_paid"] = lambda meta, whose, kw: KeywordCostPaid(whose, kw, span=span(meta))
BUILDERS["keyword_cost_cast_for"] = lambda meta, obj, kw: KeywordCostPaid(obj, kw, "cast for", span=span(meta))
BUILDERS["keyword_cost_you_cast"] = lambda meta, who, obj, kw: KeywordCostPaid(obj, kw, "you cast", who, span=span(meta))
BUILDERS["gift_promised"] = lambda meta: GiftPromised(span=span(meta))
BUILDERS["evidence_collected"] = lambda meta: EvidenceCollected(span=span(meta))
BUILDERS["gift_not_promised"] = lambda meta: GiftPromised(True, span=span(meta))
BUILDERS["max_speed"] = lambda meta, who: HasMaxSpeed(who, span=span(meta))
BUILDERS["no_max_speed"] = lambda meta, who: HasMaxSpeed(who, True, span=span(meta))


@builds("does")
def _does(meta: Any, who: Any) -> YouDo:
    return YouDo(_who(who), span=span(meta))


@builds("doesnt")
def _doesnt(meta: Any, who: Any) -> YouDo:
    return YouDo(_who(who), True, span=span(meta))


def _who(np: Any) -> Any:
    from .objects import You

    return "you" if isinstance(np, You) else np


BUILDERS["no_one_does"] = lambda meta: YouDo("no one", span=span(meta))


@builds("controls")
def _controls(meta: Any, player: Any, what: Any) -> Any:
    from .objects import AnObject, You

    if isinstance(player, You) and isinstance(what, AnObject) and what.how == "no":
        return ControlNone(what.filter, span=span(meta))
    return Controls(player, what, span=span(meta))


BUILDERS["doesnt_control"] = lambda meta, p, w: Controls(p, w, True, span=span(meta))
BUILDERS["controls_more"] = lambda meta, p, w, t: Controls(p, w, compare="more", than=t, span=span(meta))
BUILDERS["controls_fewer"] = lambda meta, p, w, t: Controls(p, w, compare="fewer", than=t, span=span(meta))


@builds("controls_at_least")
def _controls_at_least(meta: Any, p: Any, count: Any, what: Any) -> Controls:
    from .objects import AnObject

    return Controls(p, AnObject(what, count, how="at least"), span=span(meta))


BUILDERS["has_objects"] = lambda meta, p, w: HasObjects(p, w, span=span(meta))
BUILDERS["doesnt_have"] = lambda meta, p, w: HasObjects(p, w, True, span=span(meta))
BUILDERS["more_less"] = lambda meta, tok: str(tok).lower()
BUILDERS["life_compare"] = lambda meta, p, amount, op: LifeCompare(p, amount, op, span=span(meta))
BUILDERS["more_life_than"] = lambda meta, p, t: LifeCompare(p, None, "more", t, span=span(meta))
BUILDERS["less_life_than"] = lambda meta, p, t: LifeCompare(p, None, "less", t, span=span(meta))
BUILDERS["more_cards_than"] = lambda meta, p, t: HandCompare(p, "more", t, span=span(meta))
BUILDERS["fewer_cards_than"] = lambda meta, p, t: HandCompare(p, "fewer", t, span=span(meta))


@builds("empty_hand")
def _empty_hand(meta: Any, p: Any) -> HasObjects:
    return HasObjects(p, "no cards in hand", span=span(meta))


@builds("hand_size")
def _hand_size(meta: Any, p: Any, amount: Any) -> HasObjects:
    return HasObjects(p, ("or more", amount), span=span(meta))


@builds("hand_size_fewer")
def _hand_size_fewer(meta: Any, p: Any, amount: Any) -> HasObjects:
    return HasObjects(p, ("or fewer", amount), span=span(meta))


def _state_is(form: str, negated: bool) -> Any:
    def build(meta: Any, obj: Any, state: Any) -> Any:
        return _is(obj, state, negated, form, meta)

    return build


def _is(obj: Any, state: Any, negated: bool, form: str, meta: Any) -> Any:
    from .objects import Noun, StateWord, StatusAdj

    if not negated and form in ("is", "it's"):
        if isinstance(state, StateWord) and state.word == "a" and isinstance(state.what, tuple):
            words = state.what
            if len(words) == 1 and isinstance(words[0], Noun) and words[0].word == "creature":
                return IsCreature(obj, span=span(meta))
        if isinstance(state, StatusAdj) and state.status == "tapped" and not state.negated:
            return IsTapped(obj, span=span(meta))
        if isinstance(state, StateWord) and state.word == "equipped":
            return IsEquipped(obj, span=span(meta))
    return IsState(obj, state, negated, form, span=span(meta))


BUILDERS["is_state"] = _state_is("is", False)
BUILDERS["is_not_state"] = _state_is("is not", True)
BUILDERS["isnt_state"] = _state_is("isn't", True)


def _it_is(negated: bool) -> Any:
    def build(meta: Any, state: Any) -> Any:
        from .objects import ItRef

        return _is(ItRef(), state, negated, "it's not" if negated else "it's", meta)

    return build


BUILDERS["it_is_state"] = _it_is(False)
BUILDERS["it_is_not_state"] = _it_is(True)
BUILDERS["that_is_state"] = lambda meta, state: IsState(None, state, False, "that's", span=span(meta))
@builds("shares_most_common_color")
def _shares_most_common_color(meta: Any, obj: Any, what: str, among: Any) -> MostCommonColor:
    if what != "color":
        raise TextError(f"'shares a {what} with the most common color': a color is shared", span=span(meta))
    return MostCommonColor(obj, among, "shares", span=span(meta))


BUILDERS["is_most_common_color"] = lambda meta, color, among: MostCommonColor(color, among, span=span(meta))
BUILDERS["gets_more_votes"] = lambda meta, word: VoteResult(str(word), span=span(meta))
BUILDERS["vote_tied"] = lambda meta: VoteResult(span=span(meta))
BUILDERS["your_turn"] = lambda meta: Turn("yours", span=span(meta))
BUILDERS["not_your_turn"] = lambda meta: Turn("not yours", span=span(meta))
BUILDERS["opponents_turn"] = lambda meta: Turn("an opponent's", span=span(meta))
BUILDERS["targets_condition"] = lambda meta, obj, what: Targets(obj, what, span=span(meta))
BUILDERS["won"] = lambda meta, who: Won(who, span=span(meta))
BUILDERS["won_clash"] = lambda meta, who: Won(who, "clash", span=span(meta))
BUILDERS["was_state"] = lambda meta, obj, state: WasState(obj, state, span=span(meta))
BUILDERS["wasnt_state"] = lambda meta, obj, state: WasState(obj, state, True, span=span(meta))
BUILDERS["past_state_word"] = lambda meta, tok: str(tok).lower()
BUILDERS["total_power"] = lambda meta, what, amount: TotalPower(what, amount, span=span(meta))
BUILDERS["has_citys_blessing"] = lambda meta, who: CitysBlessing(who, span=span(meta))
BUILDERS["whose_turn"] = lambda meta, who: PlayersTurn(who, span=span(meta))
BUILDERS["not_whose_turn"] = lambda meta, who: PlayersTurn(who, True, span=span(meta))
BUILDERS["compare_amount"] = lambda meta, a, c: CompareAmount(a, c, span=span(meta))
BUILDERS["compare_amount_was"] = lambda meta, a, c: CompareAmount(a, c, was=True, span=span(meta))


@builds("has_stat")
def _has_stat(meta: Any, what: Any, stat: str, comparison: Any) -> CompareAmount:
    from .quantities import PowerOf

    return CompareAmount(PowerOf(what, stat), comparison, "has", span=span(meta))  # type: ignore[arg-type]



@builds("life_total_compare")
def _life_total_compare(meta: Any, whose: Any, comparison: Any) -> LifeCompare:
    from .objects import Possessive

    p = whose.object if isinstance(whose, Possessive) else whose
    return LifeCompare(p, comparison, form="total", span=span(meta))


BUILDERS["there_is"] = lambda meta, what: ThereAre(None, "", what, span=span(meta))
BUILDERS["there_is_contracted"] = lambda meta, what: ThereAre(None, "", what, "'s", span=span(meta))
BUILDERS["additional_cost_paid"] = lambda meta, whose: Happened(whose, "additional cost was paid", span=span(meta))
BUILDERS["revealed_or_controlled"] = lambda meta, who, a, b, spell: Happened(who, "revealed or controlled", (a, b, spell), span=span(meta))
BUILDERS["theyre_state"] = lambda meta, state: IsState(None, state, False, "they're", span=span(meta))
BUILDERS["cannot"] = lambda meta, who: YouDo(_who(who), True, "can't", span=span(meta))
def _has_counters(form: str) -> Any:
    def build(meta: Any, *args: Any) -> HasCounters:
        who, spec, on = (None, *args) if form in ("are", "'s") else args
        how, amount, kind = spec
        return HasCounters(who, amount, kind, on, how, form, span=span(meta))  # type: ignore[arg-type]

    return build


BUILDERS["has_counters"] = _has_counters("")
BUILDERS["lacks_counters"] = _has_counters("not")
BUILDERS["had_counters"] = _has_counters("had")
BUILDERS["there_are_counters"] = _has_counters("are")
BUILDERS["theres_counters"] = _has_counters("'s")
BUILDERS["player_has_counters"] = lambda meta, who, spec: HasCounters(who, spec[1], spec[2], None, spec[0], span=span(meta))
BUILDERS["player_lacks_counters"] = lambda meta, who, spec: HasCounters(
    who, spec[1], spec[2], None, spec[0], "not", span=span(meta))
BUILDERS["is_poisoned"] = lambda meta, who: HasCounters(who, None, "poison", None, "", "poisoned", span=span(meta))


@dataclass(frozen=True, slots=True)
class HasCounters(Node):
    """Counters on an object (CR 122.1): "if it has a +1/+1 counter on it",
    "if it has three or more ki counters on it", "if it doesn't have a
    flying counter on it", "if it had counters on it", "if there are no
    depletion counters on [this]" (``object`` None).  A player's own
    counters have no ``on``: "if you have ten or more poison counters";
    "if defending player is poisoned" (form "poisoned": one or more poison
    counters, 122.1f)."""

    object: Any
    amount: Any  # None: "counters" (one or more)
    kind: str  # "": of any kind
    on: Any
    how: Literal["", "or more", "or fewer", "exactly", "no"] = ""
    # "has"; "doesn't have"; "had"; "there are" (or "is"); "there's"; "is poisoned"
    form: Literal["", "not", "had", "are", "'s", "poisoned"] = ""


@renders(HasCounters)
def _r_has_counters(r: Any, n: HasCounters, **ctx: Any) -> str:
    from .objects import verb
    from .quantities import counters_spec_text, is_one

    if n.form == "poisoned":
        from .objects import is_plural

        return f"{r(n.object)} {'are' if n.object is None or is_plural(n.object) else 'is'} poisoned"
    counters = counters_spec_text(r, n.how, n.amount, n.kind)
    if n.on is not None:
        counters += f" on {r(n.on)}"
    if n.form == "are":
        one = n.how in ("", "exactly") and n.amount is not None and is_one(n.amount)
        return f"there {'is' if one else 'are'} {counters}"
    if n.form == "'s":
        return f"there's {counters}"
    if n.form == "not":
        return f"{r(n.object)} {'doesn' if verb(n.object, 'have') == 'has' else 'don'}'t have {counters}"
    return f"{r(n.object)} {'had' if n.form == 'had' else verb(n.object, 'have')} {counters}"
BUILDERS["happened"] = lambda meta, subject, ev: Happened(
    subject, ev[0], ev[1], control=ev[2] if len(ev) > 2 else None, span=span(meta))
BUILDERS["would"] = lambda meta, subject, event: Would(subject, event, span=span(meta))


@dataclass(frozen=True, slots=True)
class CausesTo(Node):
    """ "If a spell or ability an opponent controls causes you to discard
    this card, ...": the event (``action``, its player ``player``) and the
    source that makes it happen (614.1a)."""

    source: Any
    player: Any
    action: Any


@builds("causes_to")
def _causes_to(meta: Any, source: Any, player: Any, pred: Any) -> CausesTo:
    sentences = concern("sentences")
    c = sentences._clause(pred)
    if c.tails or c.where is not None:
        raise TextError("'causes [a player] to [instruction]' with words after the instruction", span=span(meta))
    action = sentences.with_subject(c.action, player, meta) if sentences._subject_field(c.action) else c.action
    return CausesTo(source, player, action, span=span(meta))


@renders(CausesTo)
def _r_causes_to(r: Any, n: CausesTo, **ctx: Any) -> str:
    return f"{r(n.source)} causes {r(n.player)} to {r(n.action, imperative=True)}"


@builds("does_action")
def _does_action(meta: Any, subject: Any, action: Any) -> Any:
    """ "unless you pay {2}", "if it has flying": the subject does the action
    (or has the quality)."""
    sentences = concern("sentences")
    verbs = concern("verbs")
    Clause, with_subject = sentences.Clause, sentences.with_subject
    Pump, GainControl = verbs.Pump, verbs.GainControl

    tails: tuple[str, ...] = ()
    where = None
    if isinstance(action, Clause):
        action, tails, where = action.action, action.tails, action.where
    if isinstance(action, GainControl) and action.verb == "control" and not tails and where is None:
        return Controls(subject, action.what, span=span(meta))
    if (isinstance(action, Pump) and action.verb == "have" and action.power is None and len(action.keywords) == 1
            and where is None):  # fmt: skip
        return HasKeyword(subject, action.keywords[0], span=span(meta))
    with contextlib.suppress(TextError):
        action = with_subject(action, subject, meta)
    return DoesAction(subject, action, tails, where, span=span(meta))


@dataclass(frozen=True, slots=True)
class DoesAction(Node):
    """ "unless you pay {W}{W}", "unless that player sacrifices a creature",
    "if a creature dies this way": whether the player does (or chooses to
    do) the action, or whether it happened (608.2d)."""

    subject: Any
    action: Any
    tails: tuple[Any, ...] = ()
    where_x: Any = None  # "unless they pay {X}, where X is its mana value"


@renders(DoesAction)
def _r_does_action(r: Any, n: DoesAction, **ctx: Any) -> str:
    from .sentences import ClauseForm, clause_text

    where = r(n.where_x) if n.where_x is not None else ""
    if _has_subject(n.action):
        return clause_text(r, n.action, ClauseForm("written", n.tails)) + where
    tails = clause_text(r, None, ClauseForm("", n.tails), tails_only=True)
    return f"{r(n.subject)} {r(n.action, imperative=True)}{tails}{where}"


def _has_subject(action: Any) -> bool:
    name = getattr(action, "SUBJECT", "")
    return bool(name) and getattr(action, name, None) is not None
BUILDERS["would_be"] = lambda meta, subject, event: Would(subject, event, True, span=span(meta))
BUILDERS["would_during"] = lambda meta, subject, event, d: Would(subject, event, duration=d, span=span(meta))
BUILDERS["would_be_during"] = lambda meta, subject, event, d: Would(subject, event, True, d, span=span(meta))
BUILDERS["cast_from"] = lambda meta, obj, zone: CastFrom(obj, zone, span=span(meta))
BUILDERS["you_cast_it_from"] = lambda meta, who, obj, zone: CastFrom(obj, zone, "you cast it", who, span=span(meta))
BUILDERS["spent_to_cast"] = lambda meta, what, obj: SpentToCast(what, obj, span=span(meta))
BUILDERS["has_keyword"] = lambda meta, obj, kw: HasKeyword(obj, kw, span=span(meta))
BUILDERS["had_keyword"] = lambda meta, obj, kw: HasKeyword(obj, kw, True, span=span(meta))
BUILDERS["activated_times"] = lambda meta, amount: ActivatedTimes(amount, span=span(meta))
BUILDERS["has_keyword_state"] = lambda meta, obj, kw: HasKeyword(obj, kw, span=span(meta))
BUILDERS["shares_with"] = lambda meta, obj, what, other: SharesWith(obj, what, other, span=span(meta))
BUILDERS["condition_and"] = lambda meta, a, b: CondAnd(a, b, "and", span=span(meta))
BUILDERS["condition_or"] = lambda meta, a, b: CondAnd(a, b, "or", span=span(meta))
# "If you do or if you control another Dinosaur, ...": either, "if" said again
BUILDERS["condition_or_if"] = lambda meta, a, b: CondAnd(a, b, "or if", span=span(meta))
BUILDERS["nth_resolution"] = lambda meta, word: NthResolution(word, span=span(meta))
BUILDERS["ordinal_word"] = lambda meta, tok: str(tok).lower()
BUILDERS["control_commander"] = lambda meta: ControlCommander(span=span(meta))


def _happened(event: str) -> Any:
    def build(meta: Any, *args: Any) -> Any:
        return (event, args[0] if args else None)

    return build


for _rule, _event in (
    ("died_this_turn", "died"), ("entered_this_turn", "entered"),
    ("attacked_this_turn", "attacked"), ("blocked_this_turn", "blocked"),
    ("attacked_or_blocked_this_turn", "attacked or blocked"),
    # "At end of combat, if [this] attacked or blocked this combat" (506.1: the combat phase this is)
    ("attacked_or_blocked_this_combat", "attacked or blocked this combat"),
    ("left_this_turn", "left the battlefield"), ("dealt_damage_to_this_turn", "dealt damage to"),
    ("dealt_combat_damage_to_this_turn", "dealt combat damage to"),
):  # fmt: skip
    BUILDERS[_rule] = _happened(_event)
for _rule, _event in (
    ("died_under_this_turn", "died"), ("entered_under_this_turn", "entered"),
    ("left_under_this_turn", "left the battlefield"),
):  # fmt: skip
    BUILDERS[_rule] = lambda meta, whose, _event=_event: (_event, None, whose)
# "if you had a land enter the battlefield under your control this turn": the land entered (700.4)
BUILDERS["had_enter_under"] = lambda meta, who, what, whose: Happened(
    what, "entered", who, "had", whose, span=span(meta))


def _subject_event(event: str) -> Any:
    def build(meta: Any, *args: Any) -> Happened:

        if event.startswith("you "):
            return Happened(args[0], event[4:], args[1] if len(args) > 1 else None, span=span(meta))
        return Happened(args[0] if args else None, event, args[1] if len(args) > 1 else None,
                        span=span(meta))  # fmt: skip

    return build


for _rule, _event in (
    ("gained_life_this_turn", "you gained life"), ("you_attacked", "you attacked"),
    ("you_attacked_with", "you attacked with"), ("you_cast_this_turn_cond", "you cast"),
    ("you_sacrificed", "you sacrificed"), ("lost_life", "lost life"),
    ("was_dealt_damage", "was dealt damage"),
    ("was_put_into", "was put into"),
    ("havent_cast_this_turn", "not cast"), ("descended_this_turn", "descended"),
    ("cast_last_turn", "cast last turn"), ("cast_last_turn_by", "cast last turn"),
    ("lost_life_last_turn", "lost life last turn"),
    ("gained_or_lost_life", "gained or lost life"), ("gained_and_lost_life", "gained and lost life"),
):  # fmt: skip
    BUILDERS[_rule] = _subject_event(_event)

BUILDERS["youve_cast_this_turn"] = lambda meta, what: Happened(_you(), "cast", what, "you've", span=span(meta))
BUILDERS["youve_sacrificed_this_turn"] = lambda meta, what: Happened(
    _you(), "sacrificed", what, "you've", span=span(meta))
BUILDERS["youve_gained_life_amount"] = lambda meta, amount: Happened(
    _you(), "gained or more life", amount, "you've", span=span(meta))
BUILDERS["done_this_way_is"] = lambda meta, what, verb: Happened(what, f"{str(verb).lower()} this way", span=span(meta))
BUILDERS["done_this_way_was"] = lambda meta, what, verb: Happened(what, f"{str(verb).lower()} this way", form="was",
                                                                  span=span(meta))
BUILDERS["player_sacrificed_this_way"] = lambda meta, who, what: Happened(what, "sacrificed this way", who, "by player",
                                                                           span=span(meta))
BUILDERS["player_discarded_this_way"] = lambda meta, who, what: Happened(what, "discarded this way", who, "by player",
                                                                          span=span(meta))
BUILDERS["searched_this_way"] = lambda meta, who, whose: Happened(who, "searched library this way", whose,
                                                                  span=span(meta))
BUILDERS["cast_during_main_phase"] = lambda meta, who, what, whose: Happened(
    who, "cast during main phase", (what, whose), span=span(meta))
BUILDERS["youve_been_attacked_this_step"] = lambda meta: Happened(
    _you(), "been attacked this step", form="you've", span=span(meta))


def _you() -> Any:
    from .objects import You

    return You()


BUILDERS["gained_life_amount"] = lambda meta, who, amount: Happened(who, "gained or more life", amount, span=span(meta))
BUILDERS["casts_last_turn_by"] = lambda meta, who, _tok, what: Happened(
    who, "cast last turn", what, "casts", span=span(meta))  # "if a player casts two or more spells last turn", as printed
BUILDERS["none_cast_last_turn"] = lambda meta, what: Happened(what, "none cast last turn", span=span(meta))
BUILDERS["none_put_into"] = lambda meta, what, zone: Happened(what, "none put into", zone, span=span(meta))


@dataclass(frozen=True, slots=True)
class State(Node):
    """A state in a condition that is not an adjective: "on the battlefield",
    "in your graveyard", "your commander", "the only creature you control"."""

    word: str
    what: Any = None


for _rule, _word in (
    ("state_on_battlefield", "on the battlefield"), ("state_attacking_or_blocking", "attacking or blocking"),
    ("state_enchanted", "enchanted"), ("state_equipped", "equipped"), ("state_monstrous", "monstrous"),
    ("state_renowned", "renowned"), ("state_saddled", "saddled"),
    ("state_plotted", "plotted"), ("state_exiled", "exiled"), ("state_commander", "your commander"),
    ("state_chosen_color", "the chosen color"), ("state_chosen_type", "of the chosen type"),
    ("state_a_color", "a color"), ("state_fresh", "untapped and has no counters on it"),
):  # fmt: skip
    BUILDERS[_rule] = (lambda w: lambda meta, *a: State(w, span=span(meta)))(_word)


# "as long as [this] is attached to a creature" (301.5, 303.4)
BUILDERS["state_attached_to"] = lambda meta, what: State("attached to", what, span=span(meta))


@builds("state_words")
def _state_words(meta: Any, words: Any) -> Any:
    """A state written as bare words: "tapped", "mana abilities"."""
    from .objects import Noun

    if len(words) == 1 and not isinstance(words[0], Noun):
        return words[0]
    from .objects import ObjectFilter

    return ObjectFilter(words, span=span(meta))


@builds("state_a")
def _state_a(meta: Any, words: Any) -> Any:
    from .objects import StateWord

    return StateWord("a", words, span=span(meta))


BUILDERS["state_in_zone"] = lambda meta, place: State("in", place, span=span(meta))
# "if [this] is in the command zone or on the battlefield" (eminence), "... in your graveyard or on the battlefield"
BUILDERS["state_in_zone_or_battlefield"] = lambda meta, place: State("in or on the battlefield", place, span=span(meta))
BUILDERS["state_paired_with"] = lambda meta, other: State("paired with", other, span=span(meta))  # soulbond, 702.95
@builds("state_a_of_chosen_type")
def _state_a_of_chosen_type(meta: Any, words: Any) -> State:
    """ "if it's a creature card of the chosen type" (607.2d): both at once."""
    from .objects import StateWord

    return State("of the chosen type", StateWord("a", words, span=span(meta)), span=span(meta))


BUILDERS["state_the_only"] = lambda meta, what: State("the only", what, span=span(meta))
BUILDERS["state_still"] = lambda meta, inner: State("still", inner, span=span(meta))
BUILDERS["state_stat_compare"] = lambda meta, stat, comparison: State(f"{stat} or toughness", comparison, span=span(meta))

# passive events
for _rule, _what in (
    ("pass_destroyed", "destroyed"), ("pass_dealt_damage", "dealt damage"),
    ("pass_countered", "countered"), ("pass_exiled", "exiled"), ("pass_created", "created"),
    ("pass_put_onto_battlefield", "put onto the battlefield"),
):  # fmt: skip
    BUILDERS[_rule] = (lambda w: lambda meta: Passive(w, span=span(meta)))(_what)
# "if one or more tokens would be created under your control" (111.2, 614.1a)
BUILDERS["pass_created_under"] = lambda meta, whose: Passive("created under", by=whose, span=span(meta))
BUILDERS["pass_dealt_damage_by"] = lambda meta, by: Passive("dealt damage by", by=by, span=span(meta))
BUILDERS["pass_put_into"] = lambda meta, place: Passive("put into", place, span=span(meta))
BUILDERS["pass_put_into_from_battlefield"] = lambda meta, place: Passive("put into from the battlefield", place, span=span(meta))
BUILDERS["state_in_opening_hand"] = lambda meta, whose: State("in opening hand", whose, span=span(meta))  # 103.6
BUILDERS["mana_spent_on"] = lambda meta, what: ManaSpentOn(what, span=span(meta))
BUILDERS["tribute_not_paid"] = lambda meta: TributePaid(True, span=span(meta))
BUILDERS["tribute_paid"] = lambda meta: TributePaid(span=span(meta))
BUILDERS["committed_crime"] = lambda meta: YouveThisTurn("committed a crime", span=span(meta))
BUILDERS["youve_drawn_cards"] = lambda meta, amount: YouveThisTurn("drawn cards", amount, span=span(meta))
BUILDERS["you_are_monarch"] = lambda meta: YouAreMonarch(span=span(meta))
BUILDERS["damage_would_be_dealt"] = lambda meta, to: DamageWouldBeDealt(to, span=span(meta))
BUILDERS["damage_would_be_dealt_during"] = lambda meta, to, d: DamageWouldBeDealt(to, d, span=span(meta))
BUILDERS["pays_more_to_cast"] = lambda meta, who, cost, what: PaysMoreToCast(who, cost, what, span=span(meta))
BUILDERS["cast_at_instant_speed"] = lambda meta, who, what: CastWhenSorceryCouldnt(who, what, span=span(meta))
BUILDERS["pass_put_into_from_anywhere"] = lambda meta, place: Passive("put into from anywhere", place, span=span(meta))


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def _is_word(subject: Any) -> str:
    from .objects import is_plural

    return "are" if is_plural(subject) else "is"


@renders(KickedCondition)
def _r_kicked(r: Any, n: KickedCondition, **ctx: Any) -> str:
    from .mana import mana_text
    from .objects import is_plural

    subject = r(n.subject)
    if n.negated:
        return f"{subject} {'weren' if is_plural(n.subject) else 'wasn'}'t kicked"
    text = f"{subject} {'were' if is_plural(n.subject) else 'was'} kicked"
    if n.cost is not None and n.cost.mana is not None:
        text += f" with its {mana_text(n.cost.mana)} kicker"
    if n.times == 2:
        text += " twice"
    return text


_YOU_DO = {
    ("you", False): "you do", ("you", True): "you don't", ("they", False): "they do",
    ("they", True): "they don't", ("that player", False): "that player does",
    ("that player", True): "that player doesn't", ("no one", False): "no one does",
    ("a player", False): "a player does",
}  # fmt: skip


@renders(YouDo)
def _r_you_do(r: Any, n: YouDo, **ctx: Any) -> str:
    from .objects import is_plural

    if n.verb == "can't":
        return f"{r(n.who) if not isinstance(n.who, str) else n.who} can't"
    if isinstance(n.who, str):
        return _YOU_DO[(n.who, n.negated)]
    plural = is_plural(n.who)
    if n.negated:
        return f"{r(n.who)} {'don' if plural else 'doesn'}'t"
    return f"{r(n.who)} {'do' if plural else 'does'}"


@renders(IsCreature)
def _r_is_creature(r: Any, n: IsCreature, **ctx: Any) -> str:
    from .objects import ItRef

    if isinstance(n.object, ItRef):
        return "it's a creature"
    return f"{r(n.object)} is a creature"


@renders(IsTapped)
def _r_is_tapped(r: Any, n: IsTapped, **ctx: Any) -> str:
    from .objects import ItRef

    if isinstance(n.object, ItRef):
        return "it's tapped"
    return f"{r(n.object)} {_is_word(n.object)} tapped"


@renders(IsEquipped)
def _r_is_equipped(r: Any, n: IsEquipped, **ctx: Any) -> str:
    from .objects import ItRef

    if isinstance(n.object, ItRef):
        return "it's equipped"
    return f"{r(n.object)} is equipped"


@renders(ControlNone)
def _r_control_none(r: Any, n: ControlNone, **ctx: Any) -> str:
    return f"you control no {r(n.filter, plural=True)}"


@renders(IsState)
def _r_is_state(r: Any, n: IsState, **ctx: Any) -> str:
    state = r(n.state)
    if n.form == "it's":
        return f"it's {state}"
    if n.form == "it's not":
        return f"it's not {state}"
    if n.form == "that's":
        return f"that's {state}"
    if n.form == "they're":
        return f"they're {state}"
    be = _is_word(n.object)
    if n.negated:
        return f"{r(n.object)} {be} not {state}" if n.form == "is not" else f"{r(n.object)} {be}n't {state}"
    if n.form == "is not":
        return f"{r(n.object)} {be} not {state}"
    return f"{r(n.object)} {be} {state}"


@renders(State)
def _r_state(r: Any, n: State, **ctx: Any) -> str:
    if n.word == "in":
        return f"in {r(n.what)}"
    if n.word == "in or on the battlefield":
        return f"in {r(n.what)} or on the battlefield"
    if n.word == "the only":
        return f"the only {r(n.what)}"
    if n.word == "in opening hand":
        from .objects import possessive_text

        return f"in {possessive_text(r, n.what)} opening hand"
    if n.word == "still":
        return f"still {r(n.what)}"
    if n.word == "of the chosen type" and n.what is not None:
        return f"{r(n.what)} of the chosen type"
    if n.what is not None:
        return f"{n.word} {r(n.what)}"
    return n.word


@renders(Controls)
def _r_controls(r: Any, n: Controls, **ctx: Any) -> str:
    from .objects import verb

    who = r(n.player)
    if n.negated:
        from .objects import is_plural

        return f"{who} {'don' if is_plural(n.player) else 'doesn'}'t control {r(n.what)}"
    if n.compare in ("more", "fewer"):
        return f"{who} {verb(n.player, 'control')} {n.compare} {r(n.what, plural=True)} than {r(n.than)}"
    return f"{who} {verb(n.player, 'control')} {r(n.what)}"


@renders(HasObjects)
def _r_has_objects(r: Any, n: HasObjects, **ctx: Any) -> str:
    from .objects import is_plural, verb

    who = r(n.player)
    if n.what == "no cards in hand":
        return f"{who} {verb(n.player, 'have')} no cards in hand"
    if isinstance(n.what, tuple):
        op, amount = n.what
        return f"{who} {verb(n.player, 'have')} {r(amount)} {op} cards in hand"
    if n.negated:
        return f"{who} {'don' if is_plural(n.player) else 'doesn'}'t have {r(n.what)}"
    return f"{who} {verb(n.player, 'have')} {r(n.what)}"


@renders(LifeCompare)
def _r_life_compare(r: Any, n: LifeCompare, **ctx: Any) -> str:
    from .objects import possessive_text, verb

    if n.form == "total":
        return f"{possessive_text(r, n.player)} life total is {r(n.amount)}"
    who = r(n.player)
    if n.than is not None:
        return f"{who} {verb(n.player, 'have')} {n.op} life than {r(n.than)}"
    return f"{who} {verb(n.player, 'have')} {r(n.amount)} or {n.op} life"


@renders(HandCompare)
def _r_hand_compare(r: Any, n: HandCompare, **ctx: Any) -> str:
    from .objects import verb

    return f"{r(n.player)} {verb(n.player, 'have')} {n.op} cards in hand than {r(n.than)}"


@renders(CompareAmount)
def _r_compare_amount(r: Any, n: CompareAmount, **ctx: Any) -> str:
    if n.form == "has":
        from .objects import is_plural

        what = n.amount.object
        return f"{r(what)} {'have' if is_plural(what) else 'has'} {n.amount.stat} {r(n.comparison)}"
    return f"{r(n.amount)} {'was' if n.was else 'is'} {r(n.comparison)}"


@renders(ThereAre)
def _r_there_are(r: Any, n: ThereAre, **ctx: Any) -> str:
    if n.op == "" and n.word == "'s":  # "there's a Lesson card in your graveyard"
        return f"there's {r(n.what)}"
    if n.op == "":
        from .objects import is_plural

        return f"there {'are' if is_plural(n.what) else 'is'} {r(n.what)}"
    if n.op == "no":
        return f"there are no {r(n.what, plural=True)}"
    return f"there are {r(n.amount)} or {n.op} {r(n.what, plural=True)}"


@renders(Happened)
def _r_happened(r: Any, n: Happened, **ctx: Any) -> str:
    from .objects import is_plural

    ev = n.event
    if n.form == "you've":
        if ev == "been attacked this step":  # 506.2, 508.1: the declare attackers step
            return "you've been attacked this step"
        if ev == "gained or more life":
            return f"you've gained {r(n.other)} or more life this turn"
        return f"you've {ev} {r(n.other)} this turn"
    if ev == "additional cost was paid":
        from .objects import possessive_text

        return f"{possessive_text(r, n.subject)} additional cost was paid"
    if ev == "revealed or controlled":
        a, b, spell = n.other
        return f"{r(n.subject)} revealed {r(a)} or controlled {r(b)} as you cast {r(spell)}"
    if ev in ("dealt damage to", "dealt combat damage to"):
        return f"{r(n.subject)} {ev} {r(n.other)} this turn"
    if ev in ("attacked with", "cast", "sacrificed"):
        return f"{r(n.subject)} {ev} {r(n.other)} this turn"
    if ev == "cast last turn":  # "no spells were cast last turn", "a player cast two or more spells last turn"
        if n.other is None:
            return f"{r(n.subject)} {'were' if is_plural(n.subject) else 'was'} cast last turn"
        return f"{r(n.subject)} {n.form or 'cast'} {r(n.other)} last turn"
    if ev == "searched library this way":  # "If you search your library this way, shuffle." (701.23)
        from .objects import possessive_text, verb

        searched = "searched" if n.form == "searched" else verb(n.subject, "search")  # "who searched ..."
        return f"{r(n.subject)} {searched} {possessive_text(r, n.other)} library this way"
    if ev.endswith(" this way") and n.form == "by player":  # "if you sacrificed a creature this way" (608.2c)
        return f"{r(n.other)} {ev.removesuffix(' this way')} {r(n.subject)} this way"
    if ev.endswith(" this way"):  # "if that spell is countered this way", "if a card is exiled this way" (608.2c)
        from .objects import is_plural

        be = ("were" if is_plural(n.subject) else "was") if n.form == "was" else _is_word(n.subject)
        return f"{r(n.subject)} {be} {ev}"
    if ev == "cast during main phase":  # "if you cast this spell during your main phase" (505.1)
        from .objects import possessive_text

        what, whose = n.other
        return f"{r(n.subject)} cast {r(what)} during {possessive_text(r, whose)} main phase"
    if ev == "none cast last turn":
        return f"no {r(n.subject, plural=True)} were cast last turn"
    if ev == "lost life last turn":
        return f"{r(n.subject)} lost life last turn"
    if ev == "not cast":  # "you haven't cast a spell this turn", "that player hasn't cast ..."
        from .objects import verb

        have = "has" if verb(n.subject, "have") == "has" else "have"
        return f"{r(n.subject)} {have}n't cast {r(n.other)} this turn"
    if ev == "gained or more life":
        return f"{r(n.subject)} gained {r(n.other)} or more life this turn"
    if ev == "none put into":
        return f"no {r(n.subject, plural=True)} were put into {r(n.other)} from the battlefield this turn"
    if ev == "was dealt damage":
        return f"{r(n.subject)} {'were' if is_plural(n.subject) else 'was'} dealt damage this turn"
    if ev == "was put into":
        return f"{r(n.subject)} was put into {r(n.other)} from the battlefield this turn"
    if n.control is not None:
        from .objects import possessive_text

        under = f"under {possessive_text(r, n.control)} control this turn"
        if n.form == "had":
            return f"{r(n.other)} had {r(n.subject)} enter {under}"
        return f"{r(n.subject)} {ev} {under}"
    if ev.endswith(" this combat"):
        return f"{r(n.subject)} {ev}"
    return f"{r(n.subject)} {ev} this turn"


@renders(Would)
def _r_would(r: Any, n: Would, **ctx: Any) -> str:
    dur = f" {r(n.duration)}" if n.duration is not None else ""
    if n.passive:
        return f"{r(n.subject)} would be {r(n.event)}{dur}"
    return f"{r(n.subject)} would {r(n.event, imperative=True)}{dur}"


@renders(Passive)
def _r_passive(r: Any, n: Passive, **ctx: Any) -> str:
    if n.what == "dealt damage by":
        return f"dealt damage by {r(n.by)}"
    if n.what == "created under":
        from .objects import possessive_text

        return f"created under {possessive_text(r, n.by)} control"
    if n.what.startswith("put into"):
        rest = n.what[len("put into"):]
        return f"put into {r(n.place)}{rest}"
    return n.what


@renders(Targets)
def _r_targets(r: Any, n: Targets, **ctx: Any) -> str:
    return f"{r(n.object)} targets {r(n.what)}"


@renders(Won)
def _r_won(r: Any, n: Won, **ctx: Any) -> str:
    from .objects import verb

    what = f" the {n.what}" if n.what else ""
    return f"{r(n.player)} {verb(n.player, 'win')}{what}"


@renders(WasState)
def _r_was_state(r: Any, n: WasState, **ctx: Any) -> str:
    from .objects import is_plural

    be = ("were" if is_plural(n.object) else "was") + ("n't" if n.negated else "")
    state = n.state if isinstance(n.state, str) else r(n.state)
    return f"{r(n.object)} {be} {state}"


@renders(TotalPower)
def _r_total_power(r: Any, n: TotalPower, **ctx: Any) -> str:
    from .objects import verb

    return f"{r(n.what)} {verb(n.what, 'have')} total power {r(n.amount)} or greater"


@renders(CitysBlessing)
def _r_citys_blessing(r: Any, n: CitysBlessing, **ctx: Any) -> str:
    from .objects import verb

    return f"{r(n.player)} {verb(n.player, 'have')} the city's blessing"


@renders(PlayersTurn)
def _r_players_turn(r: Any, n: PlayersTurn, **ctx: Any) -> str:
    from .objects import possessive_text

    return f"it's {'not ' if n.negated else ''}{possessive_text(r, n.player)} turn"


@renders(MostCommonColor)
def _r_most_common_color(r: Any, n: MostCommonColor, **ctx: Any) -> str:
    if n.form == "shares":
        return (f"{r(n.subject)} shares a color with the most common color among {r(n.among)} "
                "or a color tied for most common")  # fmt: skip
    return f"{r(n.subject)} is the most common color among {r(n.among)} or is tied for most common"


@renders(VoteResult)
def _r_vote_result(r: Any, n: VoteResult, **ctx: Any) -> str:
    return "the vote is tied" if n.option is None else f"{n.option} gets more votes"


@renders(Turn)
def _r_turn(r: Any, n: Turn, **ctx: Any) -> str:
    return {"yours": "it's your turn", "not yours": "it's not your turn",
            "an opponent's": "it's an opponent's turn"}[n.whose]  # fmt: skip


@renders(CastFrom)
def _r_cast_from(r: Any, n: CastFrom, **ctx: Any) -> str:
    if n.form == "you cast it":
        return f"{r(n.who)} cast {r(n.object)} from {r(n.zone)}"
    return f"{r(n.object)} was cast from {r(n.zone)}"


@renders(SpentToCast)
def _r_spent(r: Any, n: SpentToCast, **ctx: Any) -> str:
    return f"{r(n.what)} was spent to cast {r(n.object)}"


@renders(HasKeyword)
def _r_has_keyword(r: Any, n: HasKeyword, **ctx: Any) -> str:
    from .objects import verb

    return f"{r(n.object)} {'had' if n.past else verb(n.object, 'have')} {r(n.keyword)}"


@renders(SharesWith)
def _r_shares(r: Any, n: SharesWith, **ctx: Any) -> str:
    return f"{r(n.object)} shares a {n.what} with {r(n.other)}"


@renders(CondAnd)
def _r_cond_and(r: Any, n: CondAnd, **ctx: Any) -> str:
    return f"{r(n.first)} {n.conj} {r(n.second)}"


@renders(NthResolution)
def _r_nth(r: Any, n: NthResolution, **ctx: Any) -> str:
    return f"this is the {n.ordinal} time this ability has resolved this turn"


@renders(ActivatedTimes)
def _r_activated_times(r: Any, n: ActivatedTimes, **ctx: Any) -> str:
    return f"this ability has been activated {r(n.amount)} or more times this turn"


@renders(ControlCommander)
def _r_commander(r: Any, n: ControlCommander, **ctx: Any) -> str:
    return "you control your commander"


@renders(KeywordCast)
def _r_keyword_cast(r: Any, n: KeywordCast, **ctx: Any) -> str:
    if n.form == "it's":
        return f"it's {n.word}"
    return f"{r(n.subject)} {n.form} {n.word}" + (" this turn" if n.this_turn else "")


@renders(KeywordCostPaid)
def _r_keyword_cost_paid(r: Any, n: KeywordCostPaid, **ctx: Any) -> str:
    if n.form == "paid":
        from .objects import possessive_text

        return f"{possessive_text(r, n.subject)} {n.keyword} cost was paid"
    if n.form == "cast for":
        return f"{r(n.subject)} was cast for its {n.keyword} cost"
    return f"{r(n.player)} cast {r(n.subject)} for its {n.keyword} cost"


@renders(GiftPromised)
def _r_gift_promised(r: Any, n: GiftPromised, **ctx: Any) -> str:
    return "the gift wasn't promised" if n.negated else "the gift was promised"


@renders(EvidenceCollected)
def _r_evidence_collected(r: Any, n: EvidenceCollected, **ctx: Any) -> str:
    return "evidence was collected"


@renders(ManaSpentOn)
def _r_mana_spent_on(r: Any, n: ManaSpentOn, **ctx: Any) -> str:
    return f"that mana is spent on {r(n.what)}"


@renders(YouveThisTurn)
def _r_youve_this_turn(r: Any, n: YouveThisTurn, **ctx: Any) -> str:
    if n.what == "drawn cards":
        return f"you've drawn {r(n.amount)} or more cards this turn"
    return f"you've {n.what} this turn"


@renders(YouAreMonarch)
def _r_you_are_monarch(r: Any, n: YouAreMonarch, **ctx: Any) -> str:
    return "you're the monarch"


@renders(TributePaid)
def _r_tribute_paid(r: Any, n: TributePaid, **ctx: Any) -> str:
    return "tribute wasn't paid" if n.negated else "tribute was paid"


@renders(DamageWouldBeDealt)
def _r_damage_would_be_dealt(r: Any, n: DamageWouldBeDealt, **ctx: Any) -> str:
    during = f" {r(n.duration)}" if n.duration is not None else ""
    return f"damage would be dealt to {r(n.to)}{during}"


@renders(PaysMoreToCast)
def _r_pays_more(r: Any, n: PaysMoreToCast, **ctx: Any) -> str:
    from .objects import verb

    return f"{r(n.player)} {verb(n.player, 'pay')} {r(n.cost)} more to cast {r(n.what)}"


@renders(CastWhenSorceryCouldnt)
def _r_cast_when_sorcery_couldnt(r: Any, n: CastWhenSorceryCouldnt, **ctx: Any) -> str:
    return f"{r(n.player)} cast {r(n.what)} any time a sorcery couldn't have been cast"


@renders(HasMaxSpeed)
def _r_has_max_speed(r: Any, n: HasMaxSpeed, **ctx: Any) -> str:
    from .objects import verb

    if n.negated:
        return f"{r(n.player)} {verb(n.player, 'do')}n't have max speed"
    return f"{r(n.player)} {verb(n.player, 'have')} max speed"


_ = article


# ---- replacements of putting counters and creating tokens (614.1a) --------


@dataclass(frozen=True, slots=True)
class CountersWouldBePut(Node):
    """The event a replacement of putting counters replaces (614.1a, 122.6):
    "if one or more +1/+1 counters would be put on a creature you control",
    "if you would put one or more counters on a permanent or player", "if an
    effect would put one or more counters on a permanent you control", "if
    you would get one or more counters".  The counters as a count (``how``,
    ``amount``, ``kind``: "" any kind); ``by`` who puts them (None: the
    passive, "effect": "an effect"); ``on`` what gets them (None with "get":
    the player ``by``)."""

    how: str
    amount: Any
    kind: str
    on: Any
    by: Any = None
    verb: Literal["put", "get"] = "put"


@dataclass(frozen=True, slots=True)
class EffectWouldCreate(Node):
    """ "if an effect would create one or more tokens [under your control]"
    (111.2, 614.1a): the event a replacement of creating tokens replaces;
    ``under`` whose control the tokens would be created under (None: anyone's)."""

    tokens: Any
    under: Any = None


BUILDERS["counters_would_be_put"] = lambda meta, spec, on: CountersWouldBePut(spec[0], spec[1], spec[2], on, span=span(meta))
BUILDERS["would_put_counters"] = lambda meta, by, spec, on: CountersWouldBePut(
    spec[0], spec[1], spec[2], on, by, span=span(meta))
BUILDERS["would_get_counters"] = lambda meta, by, spec: CountersWouldBePut(
    spec[0], spec[1], spec[2], None, by, "get", span=span(meta))
BUILDERS["effect_would_put_counters"] = lambda meta, spec, on: CountersWouldBePut(
    spec[0], spec[1], spec[2], on, "effect", span=span(meta))
BUILDERS["effect_would_create"] = lambda meta, tokens: EffectWouldCreate(tokens, span=span(meta))
BUILDERS["effect_would_create_under"] = lambda meta, tokens, whose: EffectWouldCreate(tokens, whose, span=span(meta))


@renders(CountersWouldBePut)
def _r_counters_would_be_put(r: Any, n: CountersWouldBePut, **ctx: Any) -> str:
    from .quantities import counters_spec_text

    counters = counters_spec_text(r, n.how, n.amount, n.kind)
    if n.by is None:
        return f"{counters} would be put on {r(n.on)}"
    who = "an effect" if n.by == "effect" else r(n.by)
    if n.verb == "get":
        return f"{who} would get {counters}"
    return f"{who} would put {counters} on {r(n.on)}"


@renders(EffectWouldCreate)
def _r_effect_would_create(r: Any, n: EffectWouldCreate, **ctx: Any) -> str:
    from .objects import possessive_text

    under = f" under {possessive_text(r, n.under)} control" if n.under is not None else ""
    return f"an effect would create {r(n.tokens)}{under}"


@dataclass(frozen=True, slots=True)
class DealtThisWay(Node):
    """ "if excess damage was dealt to that creature this way", "if a player
    is dealt damage this way", "if the creature is dealt excess damage this
    way" (120.4a, 608.2c): whether the instruction before dealt damage (or
    excess damage, beyond lethal) to ``object`` (None: to anything).
    ``form`` "was" (the damage the subject) or "is" (the object the subject)."""

    object: Any
    excess: bool
    form: Literal["was", "is"] = "is"


BUILDERS["excess_was_dealt"] = lambda meta: DealtThisWay(None, True, "was", span=span(meta))
BUILDERS["excess_was_dealt_to"] = lambda meta, to: DealtThisWay(to, True, "was", span=span(meta))
BUILDERS["is_dealt_excess_this_way"] = lambda meta, what: DealtThisWay(what, True, span=span(meta))
BUILDERS["is_dealt_damage_this_way"] = lambda meta, what: DealtThisWay(what, False, span=span(meta))


@renders(DealtThisWay)
def _r_dealt_this_way(r: Any, n: DealtThisWay, **ctx: Any) -> str:
    from .objects import is_plural

    if n.form == "was":
        to = f" to {r(n.object)}" if n.object is not None else ""
        return f"excess damage was dealt{to} this way"
    be = "are" if is_plural(n.object) else "is"
    return f"{r(n.object)} {be} dealt {'excess ' if n.excess else ''}damage this way"


@dataclass(frozen=True, slots=True)
class TurnsOfGame(Node):
    """A player's turns counted from the start of the game (500.1): "your
    first, second, or third turn" (``ordinals`` as written)."""

    player: Any
    ordinals: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnOfGame(Node):
    """ "if it's your first, second, or third turn of the game": whether the
    turn is one of the player's turns named (500.1)."""

    turns: TurnsOfGame


@builds("turns_of_game")
def _turns_of_game(meta: Any, whose: Any, *ordinals: str) -> TurnsOfGame:
    from .objects import Possessive

    player = whose.object if isinstance(whose, Possessive) else whose
    return TurnsOfGame(player, tuple(ordinals), span=span(meta))


BUILDERS["turn_of_game"] = lambda meta, turns: TurnOfGame(turns, span=span(meta))


@renders(TurnsOfGame)
def _r_turns_of_game(r: Any, n: TurnsOfGame, **ctx: Any) -> str:
    from ..render import or_list
    from .objects import possessive_text

    return f"{possessive_text(r, n.player)} {or_list(list(n.ordinals))}"


@renders(TurnOfGame)
def _r_turn_of_game(r: Any, n: TurnOfGame, **ctx: Any) -> str:
    return f"it's {r(n.turns)} turn of the game"
