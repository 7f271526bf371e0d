"""Static abilities with shapes of their own (CR 604, 614): additional costs,
"As [this] enters", characteristic-defining abilities, "enters with",
"enters tapped", cost changes.  Grammar: ``statics.lark``.

Static abilities written as sentences ("Creatures you control get +1/+1.")
are sentences; :func:`static_form` turns a permanent's sentences into the
static ability nodes the engine plays, keeping the sentence as ``written``
for the renderer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ..node import BUILDERS, Node, builds, renders
from ..render import capitalize
from ..transformer import TextError, span
from . import concern
from .objects import SelfRef, is_plural, possessive_text, verb

# --------------------------------------------------------------------------
# Nodes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntersWithCounters(Node):
    """ "[this] enters with N [kind] counters on it [for each ...]" and "If [this]
    was kicked, it enters with ..." — a replacement effect (614.1c).  As an
    instruction of a sentence ``object`` is its subject."""

    SUBJECT = "object"
    AMOUNT = "amount"

    object: Any
    amount: Any
    kind: str
    condition: Any = None
    keywords: tuple[Any, ...] = ()
    keywords_first: bool = False
    abilities: tuple[Any, ...] = ()
    where_x: Any = None
    additional: bool = False
    written: Any = None
    tapped: bool = False  # "enters tapped with two charge counters on it"


@dataclass(frozen=True, slots=True)
class EntersTapped(Node):
    """ "[this] enters tapped" (614.1c); ``unless`` "enters tapped unless you
    control two or more other lands"."""

    SUBJECT = "object"

    object: Any
    unless: Any = None
    no_untap: bool = False
    written: Any = None


@dataclass(frozen=True, slots=True)
class EntersAttacking(Node):
    SUBJECT = "object"

    object: Any


@dataclass(frozen=True, slots=True)
class CantBeCountered(Node):
    """ "This spell can't be countered." (101.2)."""

    object: Any
    written: Any = None


@dataclass(frozen=True, slots=True)
class AsEnters(Node):
    """ "As [this] enters, choose a color." — a replacement effect (614.12)
    whose choice or payment later abilities of the object refer to (607.2d,
    607.2g)."""

    object: Any
    action: Any
    condition: Any = None
    body: Any = None
    turned_up: str = ""  # "or is turned face up", "is turned face up"
    then: Any = None  # the sentences after it: "As this land enters, you may pay 2 life. If you don't, it enters tapped."
    same_line: bool = False  # printed on the line of the ability before it: "This land enters tapped. As it enters, choose a color."


@dataclass(frozen=True, slots=True)
class AdditionalCost(Node):
    """ "As an additional cost to cast [this], sacrifice a creature." (601.2b, 601.2f)."""

    object: Any
    cost: Any
    optional: bool = False
    then: Any = None  # sentences after it in the same paragraph ("When you do, ...")


@dataclass(frozen=True, slots=True)
class AlternativeCost(Node):
    """ "You may [cost] rather than pay this spell's mana cost." (118.9): a
    cost the player may pay instead of the mana cost of ``object`` (this
    spell, or with ``form`` "for", the spells described: "rather than pay
    the mana cost for spells you cast"); ``player`` who may ("you");
    ``condition`` when the option is there ("If you control a Plains, ...")."""

    player: Any
    cost: Any
    object: Any
    form: str = ""  # "" ("[this]'s mana cost") or "for" ("the mana cost for [spells]")
    condition: Any = None


@dataclass(frozen=True, slots=True)
class CostModifier(Node):
    """A cost increase or reduction, applied when the total cost is worked out
    (601.2f): "Creature spells of the chosen type cost {2} less to cast."."""

    SUBJECT = "what"
    AMOUNT = "per"
    DURATION: ClassVar[bool] = True

    what: Any
    amount: Any
    change: str
    per: Any = None
    activate: bool = False
    written: Any = None
    duration: Any = None  # "during your turn" (611.3a: while it is that turn), as written
    up_to: bool = False  # "cost up to {2} less": the payer chooses how much (601.2f)


@dataclass(frozen=True, slots=True)
class FirstSpellCost(Node):
    """ "The first [spell] you cast each turn costs {1} less to cast", "The
    second spell you cast each turn costs {1} less to cast", "The first
    noncreature spell each opponent casts each turn costs {1} more to cast"
    (601.2f): a change to the cost of the spell that is the ``ordinal``-th
    one fitting ``what`` cast that turn."""

    what: Any
    amount: Any
    ordinal: str = "first"
    change: Literal["less", "more"] = "less"


@dataclass(frozen=True, slots=True)
class PTEqual(Node):
    """ "[this]'s power and toughness are each equal to [quantity]" (604.3);
    ``stat`` "power" or "toughness" for one of them."""

    object: Any
    amount: Any
    stat: str = "power and toughness"
    second: Any = None


@dataclass(frozen=True, slots=True)
class EntersAsCopy(Node):
    """ "You may have [this] enter as a copy of any creature on the
    battlefield" (706.2, 614.1c); the copy is not kicked (707.2, rule K16)."""

    SUBJECT = "object"

    object: Any
    of: Any
    exception: Any = None
    written: Any = None
    comma: bool = True  # ", except ..." (the older "... on the battlefield except ..." has none)


@dataclass(frozen=True, slots=True)
class StaticEffect(Node):
    """A continuous effect from a static ability (611.3): an anthem, "can't
    block", "has haste as long as ..."; ``written`` is the sentence."""

    action: Any
    condition: Any = None
    more: tuple[Any, ...] = ()
    written: Any = None

    @property
    def effects(self) -> tuple[Any, ...]:
        """Every effect of the ability, in printed order (one ability, 113.3d)."""
        return (self.action, *self.more)


@dataclass(frozen=True, slots=True)
class StaticAbility(Node):
    """Any other static ability written as sentences (604.1)."""

    effect: Any


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


def _type_static(meta: Any, what: Any, words: Any, article: bool) -> StaticAbility:
    """ "Nonbasic lands are Mountains.", "Enchanted land is an Island.",
    "Enchanted permanent is legendary.": a static ability whose objects have
    those types instead (205.1a; a land given a basic land type loses its
    other land types and abilities, 305.7) or that supertype too."""
    from .sentences import ClauseForm, Effect, Sentence
    from .verbs import IsType

    action = IsType(what, words, "type", article=article, span=span(meta))
    sentence = Sentence((action,), forms=(ClauseForm("written"),), span=span(meta))
    return StaticAbility(Effect((sentence,), span=span(meta)), span=span(meta))


def _not_type_static(meta: Any, cond: Any, what: Any, words: Any) -> StaticAbility:
    """ "As long as your devotion to white is less than five, Heliod isn't a
    creature.": a static ability that takes a card type away (205.1a),
    under a condition or not."""
    from .sentences import ClauseForm, Effect, LeadSentence, Sentence
    from .verbs import IsType

    action = IsType(what, words, "not a", span=span(meta))
    sentence: Any = Sentence((action,), forms=(ClauseForm("written"),), span=span(meta))
    if cond is not None:
        sentence = LeadSentence("as long as", sentence, cond, span=span(meta))
    return StaticAbility(Effect((sentence,), span=span(meta)), span=span(meta))


BUILDERS["not_type_static"] = lambda meta, what, words: _not_type_static(meta, None, what, words)
BUILDERS["not_type_static_as_long_as"] = _not_type_static
BUILDERS["type_static"] = lambda meta, what, words: _type_static(meta, what, words, False)
BUILDERS["type_static_a"] = lambda meta, what, words: _type_static(meta, what, words, True)


@builds("additional_cost")
def _additional_cost(meta: Any, obj: Any, cost: Any) -> AdditionalCost:
    return AdditionalCost(obj, cost, span=span(meta))


BUILDERS["mana_cost_of"] = lambda meta, whose: (whose, "")
BUILDERS["mana_cost_for"] = lambda meta, what: (what, "for")


@builds("alternative_cost")
def _alternative_cost(meta: Any, player: Any, cost: Any, of: tuple[Any, str]) -> AlternativeCost:
    return AlternativeCost(player, cost, of[0], of[1], span=span(meta))


@builds("alternative_cost_if")
def _alternative_cost_if(meta: Any, condition: Any, player: Any, cost: Any, of: tuple[Any, str]) -> AlternativeCost:
    return AlternativeCost(player, cost, of[0], of[1], condition, span=span(meta))


@builds("optional_additional_cost")
def _optional_additional_cost(meta: Any, obj: Any, cost: Any) -> AdditionalCost:
    return AdditionalCost(obj, cost, True, span=span(meta))


def _as_enters_action(body: Any) -> Any:
    from .objects import AnObject
    from .verbs import Choose, ChooseValue

    if len(body.actions) != 1:
        return None
    a = body.actions[0]
    # "choose a color" (not "choose black or red": a choice among the colors named)
    plain = a.what is None or isinstance(a.what, AnObject) if isinstance(a, Choose) else False
    if (isinstance(a, Choose) and plain and a.kind in ("color", "creature type", "card name") and a.player is None
            and (a.form == "choose" or a.kind == "card name")):  # fmt: skip
        return ChooseValue(a.kind)
    return a


@builds("as_enters")
def _as_enters(meta: Any, obj: Any, body: Any) -> AsEnters:
    return AsEnters(obj, _as_enters_action(body), body=body, span=span(meta))


@builds("as_enters_then")
def _as_enters_then(meta: Any, obj: Any, body: Any, *sentences: Any) -> AsEnters:
    from .sentences import Effect

    return AsEnters(obj, _as_enters_action(body), body=body, then=Effect(tuple(sentences)), span=span(meta))


@builds("as_enters_if")
def _as_enters_if(meta: Any, obj: Any, condition: Any, body: Any) -> AsEnters:
    return AsEnters(obj, _as_enters_action(body), condition, body, span=span(meta))


@builds("as_enters_or_turned_up")
def _as_enters_or_turned_up(meta: Any, obj: Any, body: Any) -> AsEnters:
    return AsEnters(obj, _as_enters_action(body), body=body, turned_up="or is turned face up", span=span(meta))


@builds("as_turned_face_up")
def _as_turned_face_up(meta: Any, obj: Any, body: Any) -> AsEnters:
    return AsEnters(obj, _as_enters_action(body), body=body, turned_up="is turned face up", span=span(meta))


def _poss(whose: Any) -> Any:
    from .objects import Possessive

    return whose.object if isinstance(whose, Possessive) else whose


BUILDERS["pt_equal"] = lambda meta, whose, amount: PTEqual(_poss(whose), amount, span=span(meta))
BUILDERS["power_equal"] = lambda meta, whose, amount: PTEqual(_poss(whose), amount, "power", span=span(meta))
BUILDERS["toughness_equal"] = lambda meta, whose, amount: PTEqual(_poss(whose), amount, "toughness", span=span(meta))
BUILDERS["power_toughness_equal"] = lambda meta, w1, a, w2, b: PTEqual(_poss(w1), a, "power, toughness", b, span=span(meta))
BUILDERS["first_spell_cost"] = lambda meta, nth, what, amount, change: FirstSpellCost(
    what, amount, nth, change, span=span(meta)
)


@dataclass(frozen=True, slots=True)
class KeywordCostChange(Node):
    """ "Equip costs you pay cost {1} less", "Flashback costs you pay cost up
    to {2} less", "Buyback costs cost {2} less", "All morph costs cost {2}
    more" (601.2f, 118.7): the costs of the keyword ``keyword`` ("unlock":
    a Room's unlock costs, 709.5) go up or down by ``amount``; ``you_pay``
    only those its controller pays, ``up_to`` by as much as the payer
    chooses up to it, ``all`` as written ("All morph costs")."""

    keyword: str
    amount: Any
    change: Literal["less", "more"]
    you_pay: bool = False
    up_to: bool = False
    all: bool = False


@dataclass(frozen=True, slots=True)
class UpTo(Node):
    """ "up to {2}": a cost change of at most that much (601.2f)."""

    amount: Any


BUILDERS["kw_costs_of"] = lambda meta, name: (str(name), False)
BUILDERS["kw_costs_of_all"] = lambda meta, name: (str(name), True)
BUILDERS["kw_costs_of_unlock"] = lambda meta: ("unlock", False)
BUILDERS["kw_costs_of_cycling"] = lambda meta: ("cycling", False)
BUILDERS["up_to_mana"] = lambda meta, amount: UpTo(amount, span=span(meta))


def _keyword_cost_change(meta: Any, of: tuple[str, bool], by: Any, change: str, you_pay: bool) -> KeywordCostChange:
    keyword, every = of
    up_to = isinstance(by, UpTo)
    amount = by.amount if up_to else by
    return KeywordCostChange(keyword, amount, change, you_pay, up_to, every, span=span(meta))  # type: ignore[arg-type]


BUILDERS["keyword_cost_change"] = lambda meta, of, by, change: _keyword_cost_change(meta, of, by, change, False)
BUILDERS["keyword_cost_change_you_pay"] = lambda meta, of, by, change: _keyword_cost_change(meta, of, by, change, True)


@renders(KeywordCostChange)
def _r_keyword_cost_change(r: Any, n: KeywordCostChange, **ctx: Any) -> str:
    of = f"All {n.keyword}" if n.all else capitalize(n.keyword)
    pay = " you pay" if n.you_pay else ""
    up_to = "up to " if n.up_to else ""
    return f"{of} costs{pay} cost {up_to}{r(n.amount)} {n.change}."


@dataclass(frozen=True, slots=True)
class ExtraTrigger(Node):
    """ "If a triggered ability of a legendary creature you control triggers,
    that ability triggers an additional time", "If an artifact or creature
    entering causes a triggered ability of a permanent you control to
    trigger, that ability triggers an additional time" (603.2): each time an
    ability ``ability`` describes triggers (for the event ``cause`` of an
    object ``by`` describes, when written), it triggers once more.
    ``pronoun`` is "that ability" or "it", as written."""

    ability: Any
    by: Any = None
    cause: str = ""
    pronoun: str = "that ability"


BUILDERS["trigger_cause"] = lambda meta, *toks: " ".join(str(t) for t in toks)
BUILDERS["that_ability"] = lambda meta, *toks: " ".join(str(t).lower() for t in toks)
def _abilities(np: Any) -> Any:
    """ "a triggered ability of [...]", "an ability of [...]": an error for a
    description of anything but abilities (only abilities trigger, 603.1)."""
    Noun = concern("objects").Noun
    filt = getattr(np, "filter", None)
    if not any(isinstance(w, Noun) and w.word == "ability" for w in getattr(filt, "words", ())):
        raise TextError("only an ability triggers: 'an ability of ...', 'a triggered ability of ...'", span=np.span)
    return np


@builds("extra_trigger")
def _extra_trigger(meta: Any, ability: Any, pronoun: str) -> ExtraTrigger:
    return ExtraTrigger(_abilities(ability), pronoun=pronoun, span=span(meta))


@builds("extra_trigger_caused")
def _extra_trigger_caused(meta: Any, by: Any, cause: str, ability: Any, pronoun: str) -> ExtraTrigger:
    return ExtraTrigger(_abilities(ability), by, cause, pronoun, span=span(meta))


@renders(ExtraTrigger)
def _r_extra_trigger(r: Any, n: ExtraTrigger, **ctx: Any) -> str:
    extra = f"{n.pronoun} triggers an additional time."
    if n.by is None:
        return f"If {r(n.ability)} triggers, {extra}"
    return f"If {r(n.by)} {n.cause} causes {r(n.ability)} to trigger, {extra}"


@dataclass(frozen=True, slots=True)
class UntapDuring(Node):
    """ "Untap all creatures you control during each other player's untap
    step", "Untap this artifact during each opponent's untap step", "All
    permanents untap during each player's untap step" (502.3): the
    permanents ``what`` describes untap during the untap steps ``steps``
    names ("each other player's", "each opponent's", "each player's") as
    well as their controller's.  ``subject``: written as the subject of
    "untap" rather than its object."""

    SUBJECT: ClassVar[str] = "what"

    what: Any
    steps: str
    subject: bool = False


BUILDERS["untap_steps_of"] = lambda meta, *toks: " ".join(str(t) for t in toks[:-2])
BUILDERS["untap_during"] = lambda meta, what, steps: UntapDuring(what, steps, span=span(meta))
BUILDERS["untaps_during"] = lambda meta, steps: UntapDuring(None, steps, True, span=span(meta))


@renders(UntapDuring)
def _r_untap_during(r: Any, n: UntapDuring, **ctx: Any) -> str:
    steps = f"during {n.steps} untap step"
    if n.subject:
        untap = "untap" if n.what is None or is_plural(n.what) else "untaps"
        return f"{untap} {steps}"
    return f"untap {r(n.what)} {steps}"


@dataclass(frozen=True, slots=True)
class LookAnyTime(Node):
    """ "You may look at the top card of your library any time" (401.2,
    701.16): a permission to look at hidden cards ``what`` describes
    whenever the player likes, not an instruction done once."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    player: Any = None
    duration: Any = None


BUILDERS["look_any_time"] = lambda meta, what: LookAnyTime(what, span=span(meta))


@renders(LookAnyTime)
def _r_look_any_time(r: Any, n: LookAnyTime, **ctx: Any) -> str:
    return f"{_player_verb(n, 'look', ctx)} at {r(n.what)} any time"


@builds("optional_additional_cost_more")
def _optional_additional_cost_more(meta: Any, obj: Any, cost: Any, *sentences: Any) -> AdditionalCost:
    from .sentences import Effect

    return AdditionalCost(obj, cost, True, Effect(tuple(sentences)), span=span(meta))


@dataclass(frozen=True, slots=True)
class ExertAsAttacks(Node):
    """ "You may exert [this] as it attacks. When you do, ..." (701.43a,
    508.1): as it is declared as an attacker, its controller may exert it —
    it won't untap during its controller's next untap step — and the
    sentences after it ("When you do, ...", 603.12) trigger if they do."""

    object: Any
    then: Any = None


@builds("exert_as_attacks")
def _exert_as_attacks(meta: Any, who: Any, obj: Any, *sentences: Any) -> ExertAsAttacks:
    from .objects import You
    from .sentences import Effect

    if not isinstance(who, You):
        raise TextError("only 'you' may exert a creature as it attacks (701.43a)", span=span(meta))

    return ExertAsAttacks(obj, Effect(tuple(sentences)) if sentences else None, span=span(meta))


@renders(ExertAsAttacks)
def _r_exert_as_attacks(r: Any, n: ExertAsAttacks, **ctx: Any) -> str:
    text = f"You may exert {r(n.object)} as it attacks."
    if n.then is not None:
        text += " " + concern("sentences").effect_text(r, n.then)
    return text


@dataclass(frozen=True, slots=True)
class SpendRule(Node):
    """ "Spend only colored mana on X.", "No more than one mana of each color
    may be spent this way." (107.3, 601.2g): how a spell's cost may be paid."""

    rule: str


BUILDERS["spend_only_colored_x"] = lambda meta: SpendRule("Spend only colored mana on X.", span=span(meta))  # noqa: E501
# "Spend only black mana on X." (107.3): the mana of one color only
BUILDERS["spend_only_color_x"] = lambda meta, color: SpendRule(f"Spend only {color} mana on X.", span=span(meta))
BUILDERS["one_mana_each_color"] = lambda meta: SpendRule(
    "No more than one mana of each color may be spent this way.", span=span(meta))


@renders(SpendRule)
def _r_spend_rule(r: Any, n: SpendRule, **ctx: Any) -> str:
    return n.rule


def _counters(value: Any) -> tuple[Any, str, bool]:
    amount, kind, *additional = value
    return amount, kind, bool(additional)


@builds("enters_with_counters")
def _enters_with_counters(meta: Any, counters: Any) -> EntersWithCounters:
    amount, kind, additional = _counters(counters)
    return EntersWithCounters(None, amount, kind, additional=additional, span=span(meta))


@builds("enters_with_counters_equal")
def _enters_with_counters_equal(meta: Any, kind: str, eq: Any) -> EntersWithCounters:
    """ "enters with a number of +1/+1 counters on it equal to the number of
    creature cards in your graveyard" (614.1c)."""
    from .quantities import EqualTo

    return EntersWithCounters(None, EqualTo(eq.value, "number_of", span=eq.span), kind, span=span(meta))


@builds("enters_tapped_with_counters")
def _enters_tapped_with_counters(meta: Any, counters: Any) -> EntersWithCounters:
    amount, kind, additional = _counters(counters)
    return EntersWithCounters(None, amount, kind, additional=additional, tapped=True, span=span(meta))


@builds("enters_with_counters_per")
def _enters_with_counters_per(meta: Any, counters: Any, per: Any) -> EntersWithCounters:
    from .quantities import ForEach

    amount, kind, additional = _counters(counters)
    return EntersWithCounters(None, ForEach(amount, per.per, span=per.span), kind, additional=additional,
                              span=span(meta))  # fmt: skip


@builds("enters_with_counters_keywords")
def _enters_with_counters_keywords(meta: Any, counters: Any, kws: Any) -> EntersWithCounters:
    amount, kind, _ = _counters(counters)
    return EntersWithCounters(None, amount, kind, keywords=kws, span=span(meta))


@builds("enters_with_keywords_counters")
def _enters_with_keywords_counters(meta: Any, kws: Any, counters: Any) -> EntersWithCounters:
    amount, kind, _ = _counters(counters)
    return EntersWithCounters(None, amount, kind, keywords=kws, keywords_first=True, span=span(meta))


@builds("enters_with_counters_quoted")
def _enters_with_counters_quoted(meta: Any, counters: Any, quoted: Any) -> EntersWithCounters:
    amount, kind, _ = _counters(counters)
    return EntersWithCounters(None, amount, kind, abilities=quoted.abilities, span=span(meta))


BUILDERS["enters_tapped"] = lambda meta: EntersTapped(None, span=span(meta))
BUILDERS["enters_tapped_no_untap"] = lambda meta: EntersTapped(None, no_untap=True, span=span(meta))
BUILDERS["enters_tapped_unless"] = lambda meta, cond: EntersTapped(None, cond, span=span(meta))
BUILDERS["enters_attacking"] = lambda meta: EntersAttacking(None, span=span(meta))
BUILDERS["enters_as_copy"] = lambda meta, of: EntersAsCopy(None, of, span=span(meta))
BUILDERS["enters_as_copy_except"] = lambda meta, of, exc: EntersAsCopy(None, of, exc, span=span(meta))
BUILDERS["enters_as_copy_except_no_comma"] = lambda meta, of, exc: EntersAsCopy(None, of, exc, comma=False, span=span(meta))
BUILDERS["more_or_less"] = lambda meta, tok: str(tok).lower()
BUILDERS["cost_modifier"] = lambda meta, amount, change: CostModifier(None, amount, change, span=span(meta))
BUILDERS["cost_modifier_per"] = lambda meta, amount, change, per: CostModifier(None, amount, change, per.per, span=span(meta))
BUILDERS["activate_cost_modifier"] = lambda meta, amount, change: CostModifier(None, amount, change, activate=True, span=span(meta))
BUILDERS["cost_modifier_up_to"] = lambda meta, amount, change: CostModifier(None, amount, change, up_to=True, span=span(meta))
BUILDERS["activate_cost_modifier_up_to"] = lambda meta, amount, change: CostModifier(
    None, amount, change, activate=True, up_to=True, span=span(meta)
)


@builds("cost_less_x")
def _cost_less_x(meta: Any) -> CostModifier:
    from .mana import ManaCost, VariableMana

    return CostModifier(None, ManaCost((VariableMana(),)), "less", span=span(meta))


@builds("activate_cost_less_x")
def _activate_cost_less_x(meta: Any) -> CostModifier:
    """ "This ability costs {X} less to activate, where X is ..." (602.2b, 601.2f)."""
    from .mana import ManaCost, VariableMana

    return CostModifier(None, ManaCost((VariableMana(),)), "less", activate=True, span=span(meta))


# --------------------------------------------------------------------------
# Sentences that are static abilities
# --------------------------------------------------------------------------

_CONTINUOUS = ("Pump", "CantBlock", "SetPT")


def static_form(effect: Any, permanent: bool) -> Any | None:
    """The static ability a paragraph of sentences is, if it has one of the
    shapes the engine knows; None to keep it as sentences."""
    if len(effect.sentences) != 1:
        return None
    sentences = concern("sentences")
    IfSentence, LeadSentence, MayDo, Sentence = (
        sentences.IfSentence, sentences.LeadSentence, sentences.MayDo, sentences.Sentence)  # fmt: skip
    Restriction = concern("verbs").Restriction
    s = effect.sentences[0]
    condition = None
    body = s
    if (isinstance(s, IfSentence) and s.trailing == "if" and not s.instead and isinstance(s.body, Sentence)
            and len(s.body.actions) == 1 and isinstance(s.body.actions[0], CostModifier)):  # fmt: skip
        # "This spell costs {1} less to cast if you control a Wizard.": a static
        # ability that works while the spell is cast (601.2f), on a spell too
        return StaticEffect(s.body.actions[0], s.condition, (), written=effect, span=effect.span)
    if isinstance(s, IfSentence) and not s.instead and not s.then and s.trailing == "" or isinstance(s, LeadSentence) and s.kind in ("as long as", "trailing as long as"):
        condition, body = s.condition, s.body
    if isinstance(s, LeadSentence) and s.kind == "duration":
        body = s.body
    if not isinstance(body, Sentence) or body.where_x is not None and not _enters_with(body):
        return None
    if condition is None and permanent:
        turn = _turn_condition(body.actions, s.duration if isinstance(s, LeadSentence) else None)
        if turn is not None:  # "During your turn, this creature has first strike."
            actions = tuple(dataclasses.replace(a, duration=None) for a in body.actions)
            if all(type(a).__name__ in _CONTINUOUS for a in actions):
                return StaticEffect(actions[0], turn, actions[1:], written=effect, span=effect.span)
    if (body is not s and isinstance(s, LeadSentence) and s.kind == "duration" and condition is None
            and len(body.actions) == 1 and isinstance(body.actions[0], CostModifier)):  # fmt: skip
        # "During your turn, spells you cast cost {1} less to cast." (601.2f, 611.3a)
        return dataclasses.replace(body.actions[0], written=effect)
    if body is not s and isinstance(s, LeadSentence) and s.kind == "duration":
        return None
    actions = body.actions
    first = actions[0]
    if len(actions) == 1 and isinstance(first, EntersWithCounters):
        return dataclasses.replace(first, condition=condition, where_x=body.where_x, written=effect)
    if len(actions) == 1 and isinstance(first, EntersTapped) and condition is None:
        return dataclasses.replace(first, written=effect)
    if (len(actions) == 1 and isinstance(first, Restriction)
            and first.rule in ("can't be countered", "can't be countered by spells or abilities")
            and isinstance(first.what, SelfRef) and condition is None):  # fmt: skip
        return CantBeCountered(first.what, written=effect, span=effect.span)
    if len(actions) == 1 and isinstance(first, CostModifier) and condition is None and permanent or (
            len(actions) == 1 and isinstance(first, CostModifier) and condition is None):  # fmt: skip
        return dataclasses.replace(first, written=effect)
    if (len(actions) == 1 and isinstance(first, MayDo) and first.have
            and isinstance(first.action, EntersAsCopy) and condition is None):  # fmt: skip
        return dataclasses.replace(first.action, written=effect)
    if not permanent:
        return None
    if all(type(a).__name__ in _CONTINUOUS and getattr(a, "duration", None) is None for a in actions):
        if isinstance(s, LeadSentence) and s.kind != "as long as" and s.kind != "trailing as long as":
            return None
        return StaticEffect(actions[0], condition, tuple(actions[1:]), written=effect, span=effect.span)
    return None


_TURN_DURATIONS = {"during your turn": "yours", "during each of your turns": "yours",
                   "during turns other than yours": "not yours"}  # fmt: skip


def _turn_condition(actions: tuple[Any, ...], lead: Any) -> Any | None:
    """A static ability whose continuous effects last "during your turn" (or
    "during each of your turns", "during turns other than yours") applies as
    long as it's that turn (611.3a): the condition, or None.  Every effect of
    the sentence must carry the same duration (the lead one if it has a lead)."""
    durations = {getattr(a, "duration", None) for a in actions}
    if len(durations) != 1:
        return None
    duration: Any = next(iter(durations))
    if lead is not None and lead != duration:
        return None
    whose = _TURN_DURATIONS.get(getattr(duration, "kind", ""))
    if duration is None or whose is None or duration.object is not None:
        return None
    return concern("conditions").Turn(whose, span=duration.span)


def _enters_with(body: Any) -> bool:
    return len(body.actions) == 1 and isinstance(body.actions[0], EntersWithCounters)


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def _written(r: Any, n: Any) -> str | None:
    w = getattr(n, "written", None)
    if w is None:
        return None
    effect_text = concern("sentences").effect_text

    return effect_text(r, w)


@renders(EntersWithCounters)
def _r_enters_with(r: Any, n: EntersWithCounters, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    from .quantities import counters_text
    from .verbs import keyword_list_text

    v = _enters(n.object, ctx) + (" tapped" if n.tapped else "")
    kind = f"additional {n.kind}" if n.additional else n.kind
    counters = f"{counters_text(r, n.amount, kind)} on it"
    if n.keywords_first:
        return f"{v} with {keyword_list_text(r, n.keywords)} and with {counters}"
    text = f"{v} with {counters}"
    if n.keywords:
        text += f" and with {keyword_list_text(r, n.keywords)}"
    if n.abilities:
        from .sentences import Quoted

        text += f" and with {r(Quoted(n.abilities))}"
    return text


def _enters(obj: Any, ctx: dict[str, Any]) -> str:
    if ctx.get("imperative") or obj is None:
        return "enter"
    return verb(obj, "enter")


@renders(EntersTapped)
def _r_enters_tapped(r: Any, n: EntersTapped, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    text = f"{_enters(n.object, ctx)} tapped"
    if n.no_untap:
        text += " and doesn't untap during your untap step"
    if n.unless is not None:
        text += f" unless {r(n.unless)}"
    return text


@renders(EntersAttacking)
def _r_enters_attacking(r: Any, n: EntersAttacking, **ctx: Any) -> str:
    return f"{_enters(n.object, ctx)} attacking"


@renders(CantBeCountered)
def _r_cant_be_countered(r: Any, n: CantBeCountered, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    return capitalize(f"{r(n.object)} can't be countered.")


@renders(AsEnters)
def _r_as_enters(r: Any, n: AsEnters, **ctx: Any) -> str:
    from .sentences import body_text

    body = body_text(r, n.body) if n.body is not None else r(n.action)
    cond = f" if {r(n.condition)}," if n.condition is not None else ""
    if n.turned_up == "is turned face up":
        return f"As {r(n.object)} is turned face up,{cond} {body}."
    tail = " or is turned face up" if n.turned_up else ""
    then = ""
    if n.then is not None:
        then = " " + concern("sentences").effect_text(r, n.then)
    return f"As {r(n.object)} enters{tail},{cond} {body}.{then}"


@renders(AdditionalCost)
def _r_additional_cost(r: Any, n: AdditionalCost, **ctx: Any) -> str:
    cost = r(n.cost, capital=False)
    may = "you may " if n.optional else ""
    text = f"As an additional cost to cast {r(n.object)}, {may}{cost}."
    if n.then is not None:
        effect_text = concern("sentences").effect_text

        text += " " + effect_text(r, n.then)
    return text


@renders(AlternativeCost)
def _r_alternative_cost(r: Any, n: AlternativeCost, **ctx: Any) -> str:
    cost = r(n.cost, capital=False)
    if n.form == "for":
        of = f"the mana cost for {r(n.object)}"
    else:
        of = f"{possessive_text(r, n.object)} mana cost"
    text = f"{r(n.player)} may {cost} rather than pay {of}."
    if n.condition is not None:
        return f"If {r(n.condition)}, {text}"
    return capitalize(text)


@dataclass(frozen=True, slots=True)
class TargetsBeyondFirst(Node):
    """ "for each target beyond the first" (strive, 207.2c): how many targets
    the spell has, less one, counted as its total cost is worked out (601.2f)."""


BUILDERS["targets_beyond_first"] = lambda meta: TargetsBeyondFirst(span=span(meta))


@renders(TargetsBeyondFirst)
def _r_targets_beyond_first(r: Any, n: TargetsBeyondFirst, **ctx: Any) -> str:
    return "target beyond the first"


@renders(CostModifier)
def _r_cost_modifier(r: Any, n: CostModifier, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    from .quantities import per_text

    what = n.what
    v = "cost" if what is None or is_plural(what) else "costs"
    text = f"{v} {'up to ' if n.up_to else ''}{r(n.amount)} {n.change} to {'activate' if n.activate else 'cast'}"
    if ctx.get("imperative") is not None:
        return text
    if n.per is not None:
        text += " " + per_text(r, n.per)
    return capitalize(f"{r(what)} {text}.")


@renders(FirstSpellCost)
def _r_first_spell_cost(r: Any, n: FirstSpellCost, **ctx: Any) -> str:
    return f"The {n.ordinal} {r(n.what)} each turn costs {r(n.amount)} {n.change} to cast."


@renders(PTEqual)
def _r_pt_equal(r: Any, n: PTEqual, **ctx: Any) -> str:
    whose = capitalize(possessive_text(r, n.object))
    if n.stat == "power and toughness":
        return f"{whose} power and toughness are each equal to {r(n.amount)}."
    if n.stat == "power, toughness":
        return f"{whose} power is equal to {r(n.amount)} and {possessive_text(r, n.object)} toughness is equal to {r(n.second)}."
    return f"{whose} {n.stat} is equal to {r(n.amount)}."


@renders(EntersAsCopy)
def _r_enters_as_copy(r: Any, n: EntersAsCopy, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    text = f"enter as a copy of {r(n.of)}"
    if n.exception is not None:
        text += f"{',' if n.comma else ''} except {r(n.exception)}"
    if ctx.get("imperative") is not None:
        return text
    return f"You may have {r(n.object)} {text}."


@renders(StaticEffect)
def _r_static_effect(r: Any, n: StaticEffect, **ctx: Any) -> str:
    w = _written(r, n)
    if w is not None:
        return w
    from .sentences import ClauseForm, Sentence, body_text

    s = Sentence((n.action, *n.more), ("and",) * len(n.more), forms=(ClauseForm("written"),) +
                 (ClauseForm("shared"),) * len(n.more))  # fmt: skip
    text = body_text(r, s)
    if n.condition is not None:
        return f"As long as {r(n.condition)}, {text}."
    return capitalize(text) + "."


@renders(StaticAbility)
def _r_static_ability(r: Any, n: StaticAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    return effect_text(r, n.effect)


# --------------------------------------------------------------------------
# Permissions and the maximum hand size
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayAdditionalLands(Node):
    """ "You may play an additional land on each of your turns", "play two
    additional lands this turn" (305.2: effects may raise the number of
    lands a player can play in a turn).  ``amount`` None is "an"."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    player: Any = None
    amount: Any = None
    duration: Any = None


@dataclass(frozen=True, slots=True)
class CastAsThoughFlash(Node):
    """ "You may cast spells as though they had flash", "cast creature spells
    this turn as though they had flash": a permission to cast ``what`` any
    time its caster could cast an instant (601.3, 702.8a).  ``duration``
    before "as though" when written there (``inner``)."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    player: Any
    what: Any
    duration: Any = None
    inner: bool = False


@dataclass(frozen=True, slots=True)
class KeepMana(Node):
    """ "You don't lose this mana as steps and phases end", "Players don't
    lose unspent mana as steps and phases end": mana that stays in a pool
    when steps and phases end (106.4, 500.4).  ``mana`` is what is kept as
    written ("this mana", "unspent red mana")."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    player: Any
    mana: str
    duration: Any = None


@dataclass(frozen=True, slots=True)
class NoLossAtZeroLife(Node):
    """ "You don't lose the game for having 0 or less life" (104.3b, 704.5a:
    the state-based action doesn't apply to that player)."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    player: Any
    amount: Any = None  # "0" as printed
    duration: Any = None


@dataclass(frozen=True, slots=True)
class MaxHandSize(Node):
    """ "Your maximum hand size is reduced by two", "Each opponent's maximum
    hand size is equal to seven minus ...", "The chosen player's maximum hand
    size is four" (402.2, 514.1).  ``change`` is "is", "equal to", "reduced
    by" or "increased by"."""

    player: Any
    change: str
    amount: Any


BUILDERS["play_additional_land"] = lambda meta: PlayAdditionalLands(span=span(meta))
BUILDERS["play_additional_lands"] = lambda meta, amount: PlayAdditionalLands(None, amount, span=span(meta))
BUILDERS["cast_as_though_flash"] = lambda meta, what: CastAsThoughFlash(None, what, span=span(meta))
BUILDERS["kept_mana"] = lambda meta, *toks: " ".join(str(t).lower() for t in toks)
BUILDERS["keep_mana"] = lambda meta, mana: KeepMana(None, mana, span=span(meta))
BUILDERS["no_loss_at_zero_life"] = lambda meta, amount: NoLossAtZeroLife(None, amount, span=span(meta))
BUILDERS["max_hand_size"] = lambda meta, whose, value: MaxHandSize(whose, value[0], value[1], span=span(meta))
BUILDERS["hand_size_is"] = lambda meta, amount: ("is", amount)
BUILDERS["hand_size_equal"] = lambda meta, amount: ("equal to", amount)
BUILDERS["hand_size_reduced"] = lambda meta, amount: ("reduced by", amount)
BUILDERS["hand_size_increased"] = lambda meta, amount: ("increased by", amount)


def _player_verb(node: Any, base: str, ctx: dict[str, Any]) -> str:
    """The verb as the clause's subject (a player) takes it."""
    if ctx.get("imperative") or node.player is None:
        return base
    return verb(node.player, base)


@renders(PlayAdditionalLands)
def _r_play_additional(r: Any, n: PlayAdditionalLands, **ctx: Any) -> str:
    v = _player_verb(n, "play", ctx)
    if n.amount is None:
        return f"{v} an additional land"
    return f"{v} {r(n.amount)} additional lands"


@renders(CastAsThoughFlash)
def _r_cast_as_though_flash(r: Any, n: CastAsThoughFlash, **ctx: Any) -> str:
    v = _player_verb(n, "cast", ctx)
    pronoun = "they" if is_plural(n.what) else "it"
    inner = f" {r(n.duration)}" if n.inner and n.duration is not None else ""
    return f"{v} {r(n.what)}{inner} as though {pronoun} had flash"


@renders(KeepMana)
def _r_keep_mana(r: Any, n: KeepMana, **ctx: Any) -> str:
    dont = _player_verb(n, "do", ctx) + "n't"
    return f"{dont} lose {n.mana} as steps and phases end"


@renders(NoLossAtZeroLife)
def _r_no_loss(r: Any, n: NoLossAtZeroLife, **ctx: Any) -> str:
    dont = _player_verb(n, "do", ctx) + "n't"
    return f"{dont} lose the game for having {r(n.amount)} or less life"


@renders(MaxHandSize)
def _r_max_hand_size(r: Any, n: MaxHandSize, **ctx: Any) -> str:
    return f"{possessive_text(r, n.player)} maximum hand size is {'' if n.change == 'is' else n.change + ' '}{r(n.amount)}"


# --------------------------------------------------------------------------
# The opening hand (103.6), exceptions to the combat rules, limits
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeginWithOnBattlefield(Node):
    """ "you may begin the game with it on the battlefield" (103.6a): a card
    put onto the battlefield from the opening hand before the first turn."""

    SUBJECT: ClassVar[str] = "player"

    player: Any
    what: Any


@dataclass(frozen=True, slots=True)
class RevealFromOpeningHand(Node):
    """ "You may reveal this card from your opening hand" (103.6b): done
    before the first turn, with an effect that follows ("If you do, ...")."""

    SUBJECT: ClassVar[str] = "player"

    player: Any
    what: Any
    whose: Any = None


@dataclass(frozen=True, slots=True)
class PlayRevealed(Node):
    """ "Play with the top card of your library revealed", "Players play with
    their hands revealed" (701.20a): information shown to every player for as
    long as the effect lasts."""

    SUBJECT: ClassVar[str] = "player"

    player: Any
    what: Any
    hand: str = ""  # "hand", "hands": ``what`` is then whose ("their hands revealed")


@dataclass(frozen=True, slots=True)
class CombatException(Node):
    """A creature that may attack or be blocked despite a rule (508.1c,
    509.1b): "can attack this turn as though it didn't have defender"
    (``rule`` "attack this turn", 702.3b), "can be blocked as though they
    didn't have mountainwalk" (``rule`` "blocked", ``keyword``, 702.14)."""

    SUBJECT: ClassVar[str] = "what"

    what: Any
    rule: str
    keyword: Any = None


@dataclass(frozen=True, slots=True)
class ActionLimit(Node):
    """ "can't cast more than one spell each turn" (``verb`` "cast"), "can't
    untap more than one land during their untap steps" (``verb`` "untap",
    ``whose`` untap steps, 502.3): at most ``what`` each time."""

    SUBJECT: ClassVar[str] = "player"

    player: Any
    verb: str
    what: Any
    whose: Any = None
    steps: str = "step"


BUILDERS["begin_with_on_battlefield"] = lambda meta, what: BeginWithOnBattlefield(None, what, span=span(meta))
BUILDERS["reveal_from_opening_hand"] = lambda meta, what, whose: RevealFromOpeningHand(None, what, whose, span=span(meta))
BUILDERS["play_revealed"] = lambda meta, what: PlayRevealed(None, what, span=span(meta))
BUILDERS["hand_words"] = lambda meta, tok: str(tok).lower()
BUILDERS["play_hand_revealed"] = lambda meta, whose, word: PlayRevealed(None, whose, str(word).lower(), span=span(meta))
BUILDERS["attack_this_turn_as_though"] = lambda meta: CombatException(None, "attack this turn", span=span(meta))
BUILDERS["blocked_as_though_not"] = lambda meta, kw: CombatException(None, "blocked", kw, span=span(meta))
BUILDERS["cant_cast_more_than"] = lambda meta, what: ActionLimit(None, "cast", what, span=span(meta))


BUILDERS["step_or_steps"] = lambda meta, tok: str(tok).lower()
BUILDERS["cant_untap_more_than"] = lambda meta, what, whose, steps: ActionLimit(
    None, "untap", what, whose, steps, span=span(meta))


@renders(BeginWithOnBattlefield)
def _r_begin_with(r: Any, n: BeginWithOnBattlefield, **ctx: Any) -> str:
    return f"{_player_verb(n, 'begin', ctx)} the game with {r(n.what)} on the battlefield"


@renders(RevealFromOpeningHand)
def _r_reveal_opening(r: Any, n: RevealFromOpeningHand, **ctx: Any) -> str:
    return f"{_player_verb(n, 'reveal', ctx)} {r(n.what)} from {possessive_text(r, n.whose)} opening hand"


@renders(PlayRevealed)
def _r_play_revealed(r: Any, n: PlayRevealed, **ctx: Any) -> str:
    if n.hand:
        from .objects import possessive_text

        return f"{_player_verb(n, 'play', ctx)} with {possessive_text(r, n.what)} {n.hand} revealed"
    return f"{_player_verb(n, 'play', ctx)} with {r(n.what)} revealed"


@renders(CombatException)
def _r_combat_exception(r: Any, n: CombatException, **ctx: Any) -> str:
    pronoun = "they" if n.what is not None and is_plural(n.what) else "it"
    if n.rule == "blocked":
        return f"can be blocked as though {pronoun} didn't have {r(n.keyword)}"
    return f"can attack this turn as though {pronoun} didn't have defender"


@renders(ActionLimit)
def _r_action_limit(r: Any, n: ActionLimit, **ctx: Any) -> str:
    if n.verb == "cast":
        return f"can't cast more than {r(n.what)} each turn"
    return f"can't untap more than {r(n.what)} during {possessive_text(r, n.whose)} untap {n.steps}"


_ = TextError
