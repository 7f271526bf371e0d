"""The kinds of abilities on a line of rules text (CR 113): nodes, builders,
wording.  Grammar: ``card.lark``.  The card itself (name, type line, faces)
is in :mod:`cardtext.grammar.layout`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..node import BUILDERS, Node, builds, renders
from ..render import capitalize  # noqa: F401  (kept in the names cardtext.grammar.ast re-exports)
from ..transformer import span, tok_span  # noqa: F401  (likewise)
from . import concern


@dataclass(frozen=True, slots=True)
class SpellAbility(Node):
    """The instructions of an instant or sorcery (or any spell paragraph)."""

    effect: Any


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Node):
    """ "[cost]: [effect]" (602), possibly after an ability word (207.2c:
    "Channel — {1}{G}, Discard this card: ...")."""

    cost: Any
    effect: Any
    ability_word: str = ""


@dataclass(frozen=True, slots=True)
class LoyaltyAbility(Node):
    """ "+1: ...", "−2: ...", "0: ..." (606): an activated ability whose cost
    adds or removes loyalty counters; ``cost`` as written ("+1", "−X")."""

    cost: str
    effect: Any


@dataclass(frozen=True, slots=True)
class ChapterAbility(Node):
    """ "I, II — ..." (714.2): a Saga's chapter ability, triggered as lore
    counters are added."""

    chapters: tuple[int, ...]
    effect: Any
    flavor: str = ""
    """A flavor word before the effect ("I — Lunge — ..."), with no rules
    meaning (207.2d)."""


@dataclass(frozen=True, slots=True)
class AbilityWord(Node):
    """An ability word and the ability it names (207.2c): "Threshold — ...".
    The word has no rules meaning."""

    word: str
    ability: Any


@dataclass(frozen=True, slots=True)
class ClassLevel(Node):
    """A Class's level bar and the abilities it adds (716.2): "[cost]: Level
    N" is an activated ability that raises the Class to level N (activated
    only as a sorcery, and only at level N-1, 716.2a); the abilities after
    it, to the next level bar, are the ones the Class has while its level is
    N or more (716.2b)."""

    level: int
    cost: Any
    abilities: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class LevelerBlock(Node):
    """A leveler card's striated block (711.2): "LEVEL 1-3" (``high`` 3) or
    "LEVEL 4+" (``high`` None), the power/toughness printed in it and the
    abilities it has, which the creature has while it has that many level
    counters (711.2a, 711.2b)."""

    low: int
    high: int | None
    pt: Any
    abilities: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class StationTier(Node):
    """A station symbol and the ability beside it: "12+ | Flying" (702.184):
    the permanent has the ability while it has ``threshold`` or more charge
    counters (a Spacecraft is an artifact creature from its last one on)."""

    threshold: int
    ability: Any


@dataclass(frozen=True, slots=True)
class Station(Node):
    """The keyword ability Station (702.184a): "Tap another untapped creature
    you control: Put a number of charge counters on this permanent equal to
    the tapped creature's power.  Activate only as a sorcery."."""


@dataclass(frozen=True, slots=True)
class SpreeMode(Node):
    """One mode of a spree spell: "+ {1} — [effect]" (702.172a): the mode and
    the additional cost paid for choosing it."""

    cost: Any
    effect: Any


@dataclass(frozen=True, slots=True)
class Spree(Node):
    """A spree spell's modes (702.172a): Spree means "choose one or more of
    these modes, and for each mode chosen, pay its additional cost" (700.2h)."""

    modes: tuple[SpreeMode, ...]


@dataclass(frozen=True, slots=True)
class ReminderOnly(Node):
    """A line of reminder text only ("({T}: Add {G}.)" on a basic land)."""


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}


@builds("sentences")
def _sentences(meta: Any, effect: Any) -> Any:
    return triggered_or_spell(effect, span(meta))


def triggered_or_spell(effect: Any, where: Any) -> Any:
    """A paragraph whose first sentence is "When/Whenever/At [trigger], ..."
    is a triggered ability (603.1), the rest of the paragraph its effect."""
    sentences = concern("sentences")
    DelayedTrigger, Effect, IfSentence = sentences.DelayedTrigger, sentences.Effect, sentences.IfSentence
    make_triggered = concern("triggers").make_triggered

    first = effect.sentences[0] if effect.sentences else None
    if isinstance(first, DelayedTrigger):
        body = first.body
        parts = body.sentences if isinstance(body, Effect) else (body,)
        condition = first.condition
        head = parts[0]
        if condition is None and isinstance(head, IfSentence) and not (head.instead or head.trailing or head.then):
            # 603.4: "When X, if C, Y." — an intervening "if".
            condition = head.condition
            parts = (head.body, *parts[1:])
        rest = Effect((*parts, *effect.sentences[1:]), span=effect.span)
        return make_triggered(first.word, first.trigger, rest, condition, where)
    return SpellAbility(effect, span=where)


@builds("with_ability_word")
def _with_ability_word(meta: Any, word: str, ability: Any) -> Any:
    from .triggers import TriggeredAbility

    if isinstance(ability, TriggeredAbility | ActivatedAbility):
        import dataclasses

        return dataclasses.replace(ability, ability_word=word, span=span(meta))
    return AbilityWord(word, ability, span=span(meta))


@builds("ability_word")
def _ability_word(meta: Any, tok: Any) -> str:
    return str(tok).strip()


@builds("chapter_ability")
def _chapter(meta: Any, *parts: Any) -> ChapterAbility:
    *chapters, effect = parts
    return ChapterAbility(tuple(_ROMAN[str(c)] for c in chapters), effect, span=span(meta))


@builds("chapter_ability_named")
def _chapter_named(meta: Any, *parts: Any) -> ChapterAbility:
    *chapters, word, effect = parts
    return ChapterAbility(tuple(_ROMAN[str(c)] for c in chapters), effect, str(word), span=span(meta))


@builds("loyalty_ability")
def _loyalty(meta: Any, tok: Any, effect: Any) -> LoyaltyAbility:
    cost = str(tok).strip("[]").replace("-", "−")
    return LoyaltyAbility(cost, effect, span=span(meta))


@dataclass(frozen=True, slots=True)
class VanguardModifiers(Node):
    """ "Hand +0, life +3": a Vanguard's hand size and life modifiers (902.2)."""

    hand: int
    life: int


@builds("vanguard_modifiers")
def _vanguard(meta: Any, hand: Any, life: Any) -> VanguardModifiers:
    from .quantities import whole_number

    return VanguardModifiers(whole_number(str(hand), hand), whole_number(str(life), life), span=span(meta))


@renders(VanguardModifiers)
def _r_vanguard(r: Any, n: VanguardModifiers, **ctx: Any) -> str:
    return f"Hand {n.hand:+d}, life {n.life:+d}"


@builds("spree_mode")
def _spree_mode(meta: Any, cost: Any, *sentences: Any) -> SpreeMode:
    Effect = concern("sentences").Effect
    return SpreeMode(cost, Effect(tuple(sentences), span=span(meta)), span=span(meta))


BUILDERS["spree"] = lambda meta, *modes: Spree(tuple(modes), span=span(meta))
BUILDERS["station_keyword"] = lambda meta: Station(span=span(meta))
BUILDERS["activated_ability"] = lambda meta, cost, effect: ActivatedAbility(cost, effect, span=span(meta))

# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def ability_text(r: Any, ability: Any, quoted: bool = False) -> str:
    """One ability as a line of card text."""
    return r(ability)


@renders(SpellAbility)
def _r_spell(r: Any, n: SpellAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    return effect_text(r, n.effect)


@renders(ActivatedAbility)
def _r_activated(r: Any, n: ActivatedAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    word = f"{n.ability_word} — " if n.ability_word else ""
    return f"{word}{r(n.cost)}: {effect_text(r, n.effect)}"


@renders(LoyaltyAbility)
def _r_loyalty(r: Any, n: LoyaltyAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    return f"{n.cost}: {effect_text(r, n.effect)}"


_NUMERALS = {v: k for k, v in _ROMAN.items()}


@renders(ChapterAbility)
def _r_chapter(r: Any, n: ChapterAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    flavor = f"{n.flavor} — " if n.flavor else ""
    return ", ".join(_NUMERALS[c] for c in n.chapters) + " — " + flavor + effect_text(r, n.effect)


@renders(AbilityWord)
def _r_ability_word(r: Any, n: AbilityWord, **ctx: Any) -> str:
    return f"{n.word} — {r(n.ability)}"


@renders(ClassLevel)
def _r_class_level(r: Any, n: ClassLevel, **ctx: Any) -> str:
    lines = [f"{r(n.cost)}: Level {n.level}"]
    lines.extend(r(a) for a in n.abilities)
    return "\n".join(lines)


@renders(LevelerBlock)
def _r_leveler_block(r: Any, n: LevelerBlock, **ctx: Any) -> str:
    lines = [f"LEVEL {n.low}" + (f"-{n.high}" if n.high is not None else "+")]
    if n.pt is not None:
        lines.append(r(n.pt))
    lines.extend(r(a) for a in n.abilities)
    return "\n".join(lines)


@renders(StationTier)
def _r_station_tier(r: Any, n: StationTier, **ctx: Any) -> str:
    return f"{n.threshold}+ | {r(n.ability)}"


@renders(SpreeMode)
def _r_spree_mode(r: Any, n: SpreeMode, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    return f"+ {r(n.cost)} — {effect_text(r, n.effect)}"


@renders(Spree)
def _r_spree(r: Any, n: Spree, **ctx: Any) -> str:
    return "Spree" + "".join("\n" + r(m) for m in n.modes)


@renders(Station)
def _r_station(r: Any, n: Station, **ctx: Any) -> str:
    return "Station"


@renders(ReminderOnly)
def _r_reminder_only(r: Any, n: ReminderOnly, **ctx: Any) -> str:
    return ""
