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

    sources: A.ObjectFilter
    amount: A.ManaCost | None
    change: str = ""
    except_mana: bool = False


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
class CrewsAsRule:
    """702.122a, 702.171a: the creatures ``what`` describes count toward the
    total power of the crew or saddle costs ``acts`` names as though their
    power were ``greater`` greater, or with their toughness (``greater`` None)."""

    what: Any
    acts: tuple[str, ...]
    greater: Any = None


Rule = NoUntap | UntapAlso | ActivationRule | SelfType | StatsOfExiled | SpendRule | DamageRule | CrewsAsRule


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
    if isinstance(to, A.AnObject) and not (to.up_to or to.any_number):
        return filter_problem(to.filter)
    return f"damage to {type(to).__name__}"


def _damage_rule(s: A.IfSentence) -> Rule | str:
    """"If a source you control would deal damage to a permanent or player,
    it deals double that damage to that permanent or player instead."
    (614.1a): the sources and recipients of the event, and what the damage
    becomes; any other "instead" on damage is a gap."""
    from .filters import filter_problem
    from .quantities import QUANTITIES

    cond = s.condition
    assert isinstance(cond, A.Would)
    event = cond.event
    if cond.passive or cond.duration is not None or event.source is not None or event.amount is not None \
            or event.second is not None or event.divided or event.also:  # fmt: skip
        return "a damage replacement of another kind of event"
    subject = cond.subject
    if isinstance(subject, A.AnObject):
        if subject.up_to or subject.any_number:
            return "a damage replacement of 'up to' sources"
        problem = filter_problem(_source_filter(subject.filter))
        if problem is not None:
            return problem
    elif not isinstance(subject, A.SelfRef):
        return f"a damage replacement of damage dealt by {type(subject).__name__}"
    problem = _recipient_problem(event.to)
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


def _sentence_rule(s: object, rest: tuple[object, ...]) -> Rule | str:
    action = _one(s)
    if (isinstance(s, A.IfSentence) and s.instead and not s.trailing and not s.then and isinstance(s.condition, A.Would)
            and isinstance(s.condition.event, A.DealDamage)):  # fmt: skip
        return _damage_rule(s)
    if isinstance(s, A.IfSentence) and s.trailing == "unless" and not s.instead and _mana_abilities_exception(s.condition):
        return _activation(_one(s.body), True)
    if isinstance(s, A.IfSentence) and s.trailing in ("if", "unless") and not s.instead and not s.then:
        # "[this] doesn't untap during your untap step if it has a depletion
        # counter on it": the rule applies while the condition holds
        inner = _sentence_rule(s.body, ())
        if not isinstance(inner, NoUntap):
            return inner if isinstance(inner, str) else f"a rule '{type(inner).__name__}' with a condition"
        from .conditions import condition_gap, negated

        cond = negated(s.condition) if s.trailing == "unless" else s.condition
        problem = condition_gap(cond)
        if problem is not None:
            return problem
        return replace(inner, condition=cond)
    if isinstance(action, A.Requirement) and action.rule == "doesn't untap during untap step" and action.duration is None:
        other = action.other.object if isinstance(action.other, A.Possessive) else action.other
        if isinstance(other, A.ControllerOf) and isinstance(other.object, A.ItRef):
            return NoUntap(action.what)
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
    if isinstance(action, A.Restriction) and action.rule != "can't be activated":
        return f"a static ability '{action.rule}'"
    if isinstance(action, A.Requirement):
        return f"a static ability '{action.rule}'"
    if isinstance(action, A.Restriction | A.CostModifier):
        return _activation(action, False)
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
    if isinstance(s, A.SpendRule):
        return "a spending rule on its own"
    return f"a static ability written as {type(action or s).__name__}"


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
    return []


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


def rules_of(ab: A.StaticAbility) -> tuple[tuple[Rule, ...], str | None]:
    """The rules a static ability states, or why the engine can't read it."""
    found = x_cost_change(ab)
    if found is not None:
        # "This spell costs {X} less to cast, where X is ...": applied as the total cost is worked out (601.2f)
        return (), spell_cost_problem(found)
    sentences = tuple(ab.effect.sentences)
    if sentences and all(isinstance(s, A.SpendRule) for s in sentences):
        texts = {s.rule for s in sentences}
        colored = "Spend only colored mana on X." in texts
        if not colored:
            return (), "a spending rule other than 'Spend only colored mana on X.'"
        return (SpendRule(True, "No more than one mana of each color may be spent this way." in texts),), None
    if not sentences:
        return (), "an empty static ability"
    if all(isinstance(s, A.DeckRule) for s in sentences):
        # 100.2a, 100.4: how a deck is built; nothing to do once the game has begun.
        # A game here is never played for ante (407.1), so an ante card is a gap.
        if any(s.ante for s in sentences):
            return (), "a card for games played for ante (407.1)"
        return (), None
    first, rest = sentences[0], sentences[1:]
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
    from .filters import matches

    if rule.combat and not combat:
        return False
    sources = rule.sources
    if isinstance(sources, A.SelfRef):
        if source.id != src.id:
            return False
    else:
        filt = _source_filter(sources.filter)
        if not matches(game, filt, source, you=src.controller, source=src.id, anywhere=filt is not sources.filter):
            return False
    return _recipient_fits(game, src, rule.to, recipient)


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
        if isinstance(to, A.AnObject):
            nouns = to.filter.nouns
            return "player" in nouns or ("opponent" in nouns and recipient != src.controller)
        return False
    if isinstance(to, A.AnObject):
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
    from .filters import matches

    out = []
    for src, _, rule in active_rules(game):
        if not isinstance(rule, ActivationRule) or (mana and rule.except_mana):
            continue
        if matches(game, rule.sources, obj, you=src.controller, source=src.id):
            out.append((src, rule))
    return out


def activation_ban(game: Game, obj: GameObject, mana: bool) -> str | None:
    """602.5: why an activated ability of ``obj`` can't be activated (a mana
    ability if ``mana``), or None."""
    from .characteristics import display_name

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
    "ActivationRule", "CrewsAsRule", "DamageRule", "crew_power", "NoUntap", "Rule", "activation_problem", "SelfType", "SpendRule", "StatsOfExiled", "activation_ban",
    "activation_cost_changes", "active_rules", "doesnt_untap", "untaps_also", "UntapAlso", "last_exiled_creature", "problem", "rules",
    "replaced_damage", "rules_of", "self_rules", "spend_rule", "x_requirements", "TURN_DURATIONS", "spell_cost_changes",
    "spell_cost_problem", "x_cost_change", "own_activation_change", "own_activation_problem",
]  # fmt: skip
