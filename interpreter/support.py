"""Can the engine carry out a card?  A static check over its AST.

Each node the engine acts on is looked up, by the place it has in the card,
in the table the engine itself dispatches through when it plays the card:

* kinds of sentence (608.2c) — plain, "if", modal (700.2) — in
  :data:`cardtext.interpreter.effects.INSTRUCTIONS`;
* instructions (608.2c) in :data:`cardtext.interpreter.actions.ACTIONS`, and the
  parts of them the engine can't carry out yet in
  :data:`cardtext.interpreter.actions.LIMITS` (both filled by the family modules of
  :mod:`cardtext.interpreter.actions`, each instruction with its limits);
* triggers (603) in :data:`cardtext.interpreter.triggers.TRIGGERS` (and the events of
  a trigger written as a subject and an event in
  :data:`cardtext.interpreter.triggers.EVENTS`);
* conditions in :data:`cardtext.interpreter.conditions.CONDITIONS`;
* numbers in :data:`cardtext.interpreter.quantities.QUANTITIES`;
* enters replacements (614.1c, 614.12) in
  :data:`cardtext.interpreter.replacement.ENTERS_REPLACEMENTS`, characteristic-defining
  abilities (604.3) in :data:`cardtext.interpreter.characteristics.CHARACTERISTIC_DEFINING`,
  static effects (611.3) in :data:`cardtext.interpreter.characteristics.STATIC_ACTIONS`;
* keywords with a cost in :data:`cardtext.interpreter.keywords.KEYWORD_EXPANSIONS`,
  :data:`cardtext.interpreter.facedown.MORPH_KEYWORDS` and
  :data:`cardtext.interpreter.cast_permissions.CAST_KEYWORDS`;
* the faces a multi-face card is cast by in
  :data:`cardtext.interpreter.casting.CASTABLE_FACES`.

The remaining kinds of ability are each carried out by one function, listed
in :data:`ABILITIES`.  A card's abilities are read as the engine reads them
(:func:`cardtext.interpreter.keywords.all_abilities`); the ``written`` sentences a
static ability keeps for rendering are not looked at again.  A card that
passes can still meet a choice or a reference the engine can't resolve at
run time; those raise :class:`~cardtext.interpreter.errors.Unsupported` with the
reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.lang import quantities as quantity_nodes
from cardtext.grammar.node import Span, children_of, remembering_children

from . import activation, casting, combat, costs, stack, statics, triggers
from .actions import ACTIONS, limit
from .actions.library import PERMANENT_SUBJECTS
from .actions.prevention import unpreventable_problem
from .actions.registry import RECORDED_VERBS
from .activation import TIMINGS
from .attach import enchant_problem
from .bind import children, walk
from .cast_permissions import CAST_KEYWORDS, spend_problem
from .cast_timing import rule_problem as cast_rule_problem
from .characteristics import (
    CHARACTERISTIC_DEFINING,
    STATIC_ACTIONS,
    is_room,
    static_actions,
    static_problem,
)
from .combat import LANDWALK
from .conditions import (
    CONDITIONS,
    LEFT_EVENTS,
    Unless,
    condition_problem,
    does_action_kind,
    in_zone_of_anyone,
    state_word,
    without_past_controller,
)
from .context import OBJECT_FIELDS, chosen_permanents_problem, player_ref_problem
from .copies import exception_problem
from .delayed_events import delayed_trigger_problem
from .effects import (
    INSTRUCTIONS,
    LEADS,
    flip_outcome,
    for_each_problem,
    its_still_problem,
    reflexive_problem,
    tail_problem,
    unless_problem,
    with_shared_duration,
)
from .errors import Unsupported
from .facedown import MORPH_KEYWORDS
from .filters import (
    AT_RANDOM,
    BACK_REFS,
    OWN_CHOICE,
    filter_problem,
    it_as_affected,
    resolution_choice_fields,
    resolving_shares,
    without_choice,
    without_random,
    without_resolution_choice,
)
from .keywords import (
    KEYWORD_EXPANSIONS,
    NUMBER_COST_EXPANSIONS,
    NUMBER_EXPANSIONS,
    BargainCost,
    BuybackCost,
    CyclingAbility,
    ExhaustAbility,
    GiftPromise,
    KeywordAlternative,
    OffspringCost,
    abilities_with_lines,
    all_abilities,
    from_definition,
    gift_effect,
    reading,
    typecycling_type,
    written_number_problem,
)
from .mana import mana_ability_of, variable_mana_ability
from .modes import modes_problem
from .objects import of_permanent, quoted_abilities
from .protection import quality_problem
from .quantities import GAME_COUNTS, QUANTITIES, characteristic_counted, total_stat_problem
from .replacement import (
    ENTERS_KEYWORDS,
    ENTERS_REPLACEMENTS,
    as_enters_instruction,
    as_enters_then_problem,
)
from .targets import count_choice_problem, damaged_players_only
from .this_turn import would_die_problem
from .triggers import trigger_problems
from .zone_changes import control_problem as zone_control_problem
from .zone_changes import without as zone_without
from .zone_changes import zone_quality

ABILITIES: dict[type, Any] = {
    A.KeywordLine: all_abilities,
    A.Kicker: casting.kicker_label,
    A.AdditionalCost: casting.cast,
    A.AlternativeCost: casting.alternative_costs,
    KeywordAlternative: casting.alternative_costs,
    BuybackCost: casting.cast,
    BargainCost: casting.cast,
    GiftPromise: casting.cast,
    OffspringCost: casting.cast,  # and the spell's leaving the stack (cardtext.interpreter.stack)
    A.SpellAbility: stack.spell_effect,
    A.TriggeredAbility: triggers.collect,
    A.ActivatedAbility: activation.activate,
    CyclingAbility: activation.activate,
    ExhaustAbility: activation.activate,
    A.LoyaltyAbility: activation.activate,
    A.CantBeCountered: stack.can_be_countered,
    A.StaticEffect: STATIC_ACTIONS,
    A.StaticAbility: statics.rules,
    A.CostModifier: costs.cost_modifiers,
    A.FirstSpellCost: costs.cost_modifiers,
    A.ExertAsAttacks: combat.exert_as_attacks,
    A.ReminderOnly: None,  # a line of reminder text only: no rules meaning
    A.DefinedKeyword: None,  # its meaning: the abilities of its definition, which all_abilities lists
    **{kind: fn for kind, fn in ENTERS_REPLACEMENTS.items()},
    **{kind: fn for kind, fn in CHARACTERISTIC_DEFINING.items()},
}
"""Every kind of ability (113) and the engine function or table that carries it out."""

AS_ENTERS_CHOICES = (A.ChooseValue, A.PayAnyLife)
"""What "As [this] enters, ..." can do besides an instruction (614.12, 607.2d, 607.2g)."""

KEYWORD_NODES = (A.Keyword, A.Enchant, A.Champion, A.Affinity)
"""Keyword abilities the engine reads (702), or spells out (Champion, 702.72;
affinity, 702.41a, a reduction of the spell's cost: cardtext.interpreter.casting);
of plain keywords, only those named in :data:`READ_KEYWORDS`."""

READ_KEYWORDS = frozenset({
    "deathtouch", "defender", "double strike", "first strike", "flash", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shroud", "split second", "trample", "vigilance",
    "haunt", "hideaway", "fear", "intimidate", "shadow", "horsemanship", "devoid", "infect", "wither",
    "convoke", "delve", "improvise", "bargain", "cascade", "storm", "job select", "evolve", "dethrone", "melee",
    "sunburst", "retrace", "riot", "totem armor", "rebound", "jump-start", "myriad",
    "aftermath",  # 702.127a: read where an aftermath card is cast by its halves (cardtext.interpreter.casting)
    "partner",  # 702.124a: a rule of deck construction for the Commander variant, with no meaning in a game
    "start your engines!",
})  # fmt: skip
"""The plain keywords the engine reads by name (combat, targets, casting,
destruction) or spells out.  Any other plain keyword without a definition the
engine plays is a gap: a creature with infect, fear or protection must not
play as if the word weren't there."""

UNREAD_KEYWORDS = frozenset({
    "daybound", "enlist", "for mirrodin!", "mayhem", "nightbound",
    "ravenous", "read ahead", "tiered", "training",
})
"""Keywords without a parameter that the engine has no rules for yet: a card
with one is a gap, not played as if the keyword weren't there (Bargain
702.166, ...)."""

_CONDITION_FIELDS: dict[type, tuple[str, ...]] = {
    A.IfSentence: ("condition",),
    A.LeadSentence: ("condition",),
    A.TriggeredAbility: ("condition",),
    A.WhileTrigger: ("condition",),
    A.StaticEffect: ("condition",),
    A.EntersWithCounters: ("condition",),
    A.AsEnters: ("condition",),
    A.EntersTapped: ("unless",),
    A.Modes: ("condition",),
    A.AlternativeCost: ("condition",),
}
"""Where a node holds a condition."""


@dataclass(frozen=True, slots=True)
class Gap:
    """One thing on a card the engine can't carry out: the node, and what it is."""

    node: A.Node
    what: str

    def __str__(self) -> str:
        where = f" (line {self.node.span.line}, column {self.node.span.column})" if self.node.span else ""
        return f"{self.what}{where}"


def gaps(card: A.Card) -> list[Gap]:
    """Everything on ``card`` the engine has no general piece for."""
    with remembering_children():
        return _gaps(card)


def _gaps(card: A.Card) -> list[Gap]:
    out: list[Gap] = []
    if card.faces and card.layout == "transform":
        # played by its front face (712.11a); the back face is reached by
        # transforming it (701.27), so both faces are played
        return [gap for face in card.faces for gap in _gaps(face)]
    if card.faces and card.layout == "flip":
        # played by its front face (709.3): the other face is reached only by
        # flipping it, which is a gap where written
        return _gaps(card.faces[0])
    if card.faces and any("Room" in face.type_line.subtypes for face in card.faces) and not is_room(card):
        # 709.5: a Room is a split card whose halves are both doors
        return [Gap(card, "a Room card (709.5) of another layout")]
    if card.faces and card.layout in casting.CASTABLE_FACES:
        # cast by either face (709.3, 715.3, 712.11b): each face is played as a card of its own
        return [gap for face in card.faces for gap in _gaps(face)]
    if card.faces:
        out.append(Gap(card, f"a card with faces ({card.layout or 'several faces'}): casting by face"))
    if any(t.lower() in ("instant", "sorcery") for t in card.type_line.types) and any(
        isinstance(kw, A.Keyword) and kw.name.lower() == "haunt"
        for ab in card.abilities if isinstance(ab, A.KeywordLine) for kw in ab.keywords
    ):  # fmt: skip
        out.append(Gap(card, "haunt on an instant or sorcery (702.55a: when the spell is put into a graveyard)"))
    if not any(t.lower() in ("instant", "sorcery") for t in card.type_line.types) and any(
        isinstance(kw, A.KeywordWithCost) and kw.name.lower() == "harmonize"
        for ab in card.abilities if isinstance(ab, A.KeywordLine) for kw in ab.keywords
    ):  # fmt: skip
        out.append(Gap(card, "harmonize on a permanent card (702.180a: the spell exiled as it resolves)"))
    # the card's walk, part by part: the walks of its abilities are those the
    # link check made already (the card itself is no mana symbol)
    for part in children(card):
        for node in walk(part):
            if isinstance(node, A.SnowMana):
                out.append(Gap(node, "paying {S} (mana from a snow source, 107.4h)"))
    permanent = any(t.lower() in stack.PERMANENT_TYPES for t in card.type_line.types)
    for ability, line in abilities_with_lines(card):
        found = [*_ability(ability), *_granted_keywords(ability)]
        if not permanent:
            problem = _unbound_problem(ability)
            if problem is not None:
                found.append(Gap(ability, problem))
        # what a keyword stands for is said at its line (its definition's text is not on the card)
        out.extend([Gap(line, g.what) for g in found] if line is not None
                   else [g if _within(g.node.span, ability.span) else Gap(ability, g.what) for g in found])  # fmt: skip
    return out


def _within(inner: Span | None, outer: Span | None) -> bool:
    """Whether a node's place is inside its ability's (a node of a keyword's
    definition, read from text that isn't the card's, is not)."""
    if inner is None or outer is None:
        return inner is None
    return (outer.line, outer.column) <= (inner.line, inner.column) and (inner.end_line, inner.end_column) <= (
        outer.end_line, outer.end_column)


def _unbound_problem(ab: A.Node) -> str | None:
    """An ability of an instant or sorcery card that functions only on the
    battlefield, where such a card never is (113.6, 304.4, 307.4): a
    triggered ability the engine watches nowhere (not "When you cast this
    spell", nor one that functions in a graveyard or exile,
    :func:`cardtext.interpreter.triggers.functions_in`), an activated ability that
    isn't activated from a hand (:func:`cardtext.interpreter.activation.functions_in`)."""
    if isinstance(ab, A.TriggeredAbility):
        if triggers.functions_in(ab) is not None or triggers.is_own_cast(ab.trigger) or triggers.is_own_cycle(ab.trigger) \
                or triggers.is_own_move(ab.trigger):  # fmt: skip
            return None
        return "a triggered ability of an instant or sorcery card that triggers nowhere (113.6, 603.2)"
    if isinstance(ab, A.ActivatedAbility) and activation.functions_in(ab) == "battlefield":
        return "an activated ability of an instant or sorcery card that functions nowhere (113.6, 602.1)"
    return None


_KEYWORD_KINDS = (A.Keyword, A.KeywordWithCost, A.KeywordNumber, A.KeywordNumberCost, A.Gift, A.Craft, A.EquipQuality,
                  A.Protection)
"""The keyword nodes an ability can grant ("gains firebending 4", "tokens with mobilize 1")."""


def _granted_keywords(ab: A.Node) -> Iterator[Gap]:
    """The keywords an ability gives other objects (613.1f): each is checked
    as the object's own would be, so a keyword the engine has no rules for
    is a gap wherever it is granted."""
    for node in walk(ab):
        if node is ab:
            continue
        granted = getattr(node, "keywords", None)
        if isinstance(granted, tuple):
            for kw in granted:
                if isinstance(kw, _KEYWORD_KINDS):
                    # a resolving "gains protection from the color of your choice" (608.2d), not a static ability's
                    resolving = isinstance(node, A.Pump) and not isinstance(ab, A.StaticEffect | A.StaticAbility)
                    own = list(_keyword(kw, chosen=resolving))
                    yield from own
                    if not own and not isinstance(node, _OWN_KEYWORDS):
                        yield from _given(kw)


_OWN_KEYWORDS = (A.TokenSpec, A.LoseAbilities)
"""Nodes whose keywords aren't given to an object that exists: a token's
own (its card has them, and the abilities they stand for), or those lost."""

SPELLED_OUT = frozenset({
    "haunt", "hideaway", "convoke", "delve", "improvise", "bargain", "cascade", "storm", "job select", "evolve",
    "dethrone", "melee", "sunburst", "retrace", "riot", "rebound", "jump-start", "myriad", "aftermath",
})
"""The plain keywords of :data:`READ_KEYWORDS` the engine spells out, or reads
only on the card printed with them (a spell's cost, an enters replacement)."""

NAME_READ = (READ_KEYWORDS - SPELLED_OUT) | LANDWALK.keys()
"""The keywords the engine reads by name wherever an object got them."""


def _given(kw: A.Node) -> Iterator[Gap]:
    """613.1f: a keyword given to an object (until end of turn, by a static
    ability, as it enters) is kept by its name only: one that stands for
    abilities (its definition's, a triggered or activated ability the
    engine spells out: bushido, ward, cycling) would be given without them."""
    if isinstance(kw, A.Protection | A.Enchant) or isinstance(kw, A.Keyword) and kw.name.lower() in NAME_READ:
        return
    yield Gap(kw, f"keyword {getattr(kw, 'name', type(kw).__name__)} given to an object (613.1f): "
                  "the abilities it stands for")


def _granted_elsewhere(action: A.Node) -> str | None:
    """A static ability gives the abilities in quotation marks to permanents
    (611.3); one that functions in another zone ("{3}, Exile this card from
    your graveyard: ...", the ability of "Max speed — [ability]", 702.178a,
    which makes the static ability function there too) isn't given there."""
    for q in quoted_abilities(getattr(action, "quoted", ())):
        if (isinstance(q, A.ActivatedAbility) and activation.functions_in(q) != "battlefield"
                or isinstance(q, A.TriggeredAbility) and triggers.functions_in(q) is not None):  # fmt: skip
            return "a static ability that gives an ability functioning outside the battlefield (702.178a, 113.6)"
    return None


def _ability(ab: A.Node) -> Iterator[Gap]:
    if type(ab) not in ABILITIES:
        yield Gap(ab, f"ability {type(ab).__name__}")
        return
    if isinstance(ab, A.TriggeredAbility):
        yield from _trigger(ab.trigger)
        if (mana := triggers.mana_trigger_problem(ab)) is not None:
            yield Gap(ab, mana)
    if isinstance(ab, A.CostModifier):
        # activated abilities' costs: read as a rule of the game (cardtext.interpreter.statics)
        problem = statics.activation_problem(ab) if ab.activate else costs.spell_cost_problem(ab)
        if problem is not None:
            yield Gap(ab, problem)
    effect = getattr(ab, "effect", None)
    if isinstance(effect, A.Effect) and any(statics.own_activation_change(s) is not None for s in effect.sentences):
        if not isinstance(ab, A.ActivatedAbility | CyclingAbility):
            yield Gap(ab, f"'This ability costs ... to activate' in a {type(ab).__name__}")
        elif mana_ability_of(ab) is not None:
            yield Gap(ab, "a mana ability's change of its own cost (605)")
    if variable_mana_ability(ab):
        yield Gap(ab, "a mana ability adding 'X mana in any combination of colors' with X worked out as it is "
                      "activated (605.3b)")
    if isinstance(ab, A.AlternativeCost) and (problem := casting.alternative_cost_problem(ab)) is not None:
        yield Gap(ab, problem)
    if isinstance(ab, A.LoyaltyAbility):
        try:
            activation.loyalty_cost(ab)
        except Unsupported as exc:
            yield Gap(ab, str(exc))
    if isinstance(ab, A.StaticAbility):
        problem = statics.problem(ab)
        if problem is not None:
            yield Gap(ab, problem)
        for rule in statics.rules_of(ab)[0]:
            if isinstance(rule, statics.Continuous):
                # a continuous effect written as a clause: its condition, descriptions, numbers and quoted abilities
                yield from _nodes(rule.effect)
        found = costs.x_cost_change(ab)
        if found is not None:
            yield from _nodes(found.per)  # what X counts ("where X is the total power of creatures you control")
        return  # its sentences are rules read by cardtext.interpreter.statics, not instructions
    if isinstance(ab, A.StaticEffect):
        for action in static_actions(ab):
            problem = static_problem(action) or _granted_elsewhere(action)
            if problem is not None:
                yield Gap(ab, problem)
    if (isinstance(ab, A.AsEnters) and ab.action is not None and not isinstance(ab.action, AS_ENTERS_CHOICES)
            and type(as_enters_instruction(ab.action)) not in ACTIONS):  # fmt: skip
        yield Gap(ab, f"'As it enters' with {type(ab.action).__name__}")
    if isinstance(ab, A.AsEnters) and ab.then is not None:
        then_problem = as_enters_then_problem(ab) if not isinstance(ab.action, AS_ENTERS_CHOICES) else (
            "'As it enters, choose ...' followed by more sentences (614.12)")
        if then_problem is not None:
            yield Gap(ab, then_problem)
    if isinstance(ab, A.AsEnters) and ab.action is None and not isinstance(ab.body, A.Sentence):
        yield Gap(ab, "'As it enters' with no instruction")
    if isinstance(ab, A.ExertAsAttacks):
        problem = combat.exert_problem(ab)
        if problem is not None:
            yield Gap(ab, problem)
        else:  # 603.12: each "When you do, ..." (cardtext.interpreter.delayed.reflexive)
            for s in ab.then.sentences if ab.then is not None else ():
                yield from _nodes(s.body)
    if isinstance(ab, A.EntersAsCopy) and ab.exception is not None and (problem := exception_problem(ab.exception)):
        yield Gap(ab, problem)
    if isinstance(ab, A.EntersTapped) and ab.no_untap:
        yield Gap(ab, "'enters tapped and doesn't untap during your untap step'")
    if isinstance(ab, A.KeywordLine):
        for kw in ab.keywords:
            yield from _keyword(kw)
    if isinstance(ab, A.EntersWithCounters):
        for granted in ab.abilities:
            yield from _ability(granted)
    if isinstance(ab, A.AdditionalCost) and ab.then is not None:
        # 603.12: "When you do, ..." after an additional cost (cardtext.interpreter.delayed.reflexive)
        for s in ab.then.sentences:
            if isinstance(s, A.ReflexiveTrigger):
                yield from _nodes(s.body)
            else:
                yield Gap(s, f"an additional cost followed by a '{type(s).__name__}'")
    yield from _nodes(ab)


def keyword_gaps(line: A.KeywordLine) -> list[Gap]:
    """The keywords of a keyword line the engine has no piece for."""
    return [gap for kw in line.keywords for gap in _keyword(kw)]


def _keyword(kw: A.Node, *, chosen: bool = False) -> Iterator[Gap]:
    """The gaps of one keyword; ``chosen``: a resolving instruction grants
    it ("gains protection from the color of your choice", 608.2d)."""
    if isinstance(kw, A.DefinedKeyword) or from_definition(kw) is not None:
        return  # its definition's abilities, which all_abilities lists, are checked as any others
    if isinstance(kw, A.KeywordWithCost) and kw.name.lower() in ("entwine", "escalate"):
        # 702.42a, 702.120a: read as the spell's modes are chosen (cardtext.interpreter.casting.keyword_mana_cost)
        if len(kw.cost.parts) != 1 or not isinstance(kw.cost.parts[0], A.ManaCost):
            yield Gap(kw, f"keyword {kw.name.lower()} with a cost other than mana")
    elif isinstance(kw, A.KeywordWithCost):
        name = kw.name.lower()
        if (name not in KEYWORD_EXPANSIONS and name not in MORPH_KEYWORDS and name not in CAST_KEYWORDS
                and typecycling_type(name) is None):  # fmt: skip
            yield Gap(kw, f"keyword {kw.name}")
    elif isinstance(kw, A.KeywordNumber) and kw.name.lower() in ENTERS_KEYWORDS:
        pass  # an enters replacement (devour, 702.82a)
    elif isinstance(kw, A.KeywordNumber | A.KeywordNumberCost) and (problem := written_number_problem(kw)) is not None:
        yield Gap(kw, problem)
    elif isinstance(kw, A.KeywordNumber) and kw.name.lower() in NUMBER_EXPANSIONS:
        pass  # stands for abilities the engine plays (crew, 702.122a)
    elif isinstance(kw, A.KeywordNumberCost) and kw.name.lower() in NUMBER_COST_EXPANSIONS:
        pass  # stands for abilities the engine plays (reinforce, 702.76a)
    elif isinstance(kw, A.Gift):
        if gift_effect(kw) is None:  # 702.174a: what the opponent gets (cardtext.interpreter.keywords)
            yield Gap(kw, f"keyword gift ({kw.article} {'tapped ' if kw.tapped else ''}{kw.what})")
    elif isinstance(kw, A.Enchant) and (problem := enchant_problem(kw)) is not None:
        yield Gap(kw, f"keyword {problem}")
    elif isinstance(kw, A.Protection):
        problem = quality_problem(kw, chosen=chosen)  # read by name (cardtext.interpreter.protection): DEBT, 702.16b-f
        if problem is not None:
            yield Gap(kw, f"keyword {problem}")
    elif not isinstance(kw, KEYWORD_NODES) or (
        isinstance(kw, A.Keyword) and (kw.name.lower() in UNREAD_KEYWORDS
                                       or kw.name.lower() not in READ_KEYWORDS | LANDWALK.keys())
    ):
        yield Gap(kw, f"keyword {getattr(kw, 'name', type(kw).__name__)}")


def _trigger(trigger: A.Node) -> Iterator[Gap]:
    for node, what in trigger_problems(trigger):
        yield Gap(node, what)


_NAMED_BY_REFERENCE = (A.ReturnTo, A.TapObjects, A.UntapObjects, A.Exile, A.Destroy, A.PutCounters)
"""Instructions that find the objects they act on by reference
(:meth:`cardtext.interpreter.context.Ctx.objects`): "a creature you control" among
them is chosen as the instruction is carried out."""


def _instructions(s: A.Sentence, before: A.Node | None = None) -> Iterator[Gap]:
    """Each instruction of a sentence (608.2c), with what follows it
    (``before``: the sentence before it in its effect)."""
    if "or" in s.joiners:
        # "put two +1/+1 counters on it or create two Servos": a choice of
        # one instruction (fabricate, 702.123a), not both
        yield Gap(s, "instructions joined by 'or' (a choice between them)")
    for i, action in enumerate(s.actions):
        tail = tail_problem(s, i)
        if tail is not None:
            yield Gap(action, tail)
        node = action.action if isinstance(action, A.MayDo) else with_shared_duration(s, i, action)
        for name in OBJECT_FIELDS if isinstance(node, _NAMED_BY_REFERENCE) else ():
            problem = chosen_permanents_problem(getattr(node, name, None))
            if problem is not None:
                yield Gap(node, f"instruction {type(node).__name__}: {problem}")
        if type(node) not in ACTIONS:
            yield Gap(node, f"instruction {type(node).__name__}")
        else:
            problem = limit(node) or spend_problem(s, i, before) or _player_problem(node)
            if problem is not None:
                yield Gap(node, f"instruction {type(node).__name__}: {problem}")


def _player_problem(node: A.Node) -> str | None:
    """A player an instruction names ("that player or that planeswalker's
    controller discards two cards") that the engine can't read as players."""
    if getattr(node, "SUBJECT", None) != "player":
        return None
    if isinstance(node, A.KeywordAction) and node.verb in PERMANENT_SUBJECTS:
        return None  # "it explores", "Anafenza endures 2": a permanent does it (701.44a, 701.63a)
    return player_ref_problem(getattr(node, "player", None))


def _one_instruction(node: A.Node) -> Iterator[Gap]:
    """An instruction that isn't part of a sentence ("unless they discard a card")."""
    if type(node) not in ACTIONS:
        yield Gap(node, f"instruction {type(node).__name__}")
    elif (problem := limit(node)) is not None:
        yield Gap(node, f"instruction {type(node).__name__}: {problem}")


def _condition(cond: A.Node) -> Iterator[Gap]:
    if type(cond) not in CONDITIONS:
        yield Gap(cond, f"condition {type(cond).__name__}")
    elif isinstance(cond, A.IsState) and state_word(cond) is None:
        yield Gap(cond, f"condition '[it] is {getattr(cond.state, 'word', type(cond.state).__name__)}'")
    elif (problem := condition_problem(cond)) is not None:
        yield Gap(cond, problem)
    elif isinstance(cond, A.CondAnd):
        yield from _condition(cond.first)
        yield from _condition(cond.second)
    elif isinstance(cond, Unless):
        yield from _condition(cond.condition)


_LOOKED_AT = (A.EntersWithCounters, A.HasObjects, A.Happened, A.AdditionalCost, A.AlternativeCost, A.AsEnters, A.Effect, A.Sentence, A.GameCount, A.DoneThisWay,
              A.ActionCost, A.CostOr, A.InZone, A.ExileCost, A.RemoveCountersCost, A.Quoted, A.Cost, A.ObjectFilter, A.Target, A.CountChoice, A.TopDescribed)
"""The kinds of node :func:`_nodes` looks at (besides conditions and numbers)."""

_PASSED: dict[type, bool] = {}
"""Whether :func:`_nodes` only passes through a kind of node to its children."""


def _passed(kind: type) -> bool:
    """A node that is no sentence, condition holder or number, and whose
    children are all walked: :func:`_nodes` has nothing to check on it."""
    passed = _PASSED.get(kind)
    if passed is None:
        passed = _PASSED[kind] = not (
            issubclass(kind, _LOOKED_AT) or kind in _CONDITION_FIELDS or kind.__module__ == quantity_nodes.__name__
        )
    return passed


def _then_parts(then: A.Effect) -> Iterator[A.Node]:
    """The replacements after "As [this] enters, [instruction]", their
    conditions and the numbers they count, not as instructions."""
    for s in then.sentences:
        if isinstance(s, A.IfSentence):
            yield s.condition
            s = s.body
        if isinstance(s, A.Sentence):
            yield from s.actions
            if s.where_x is not None:
                yield s.where_x


def _nodes(ab: A.Node) -> Iterator[Gap]:
    """Every sentence, condition and number inside an ability, found by the
    place it has (quoted abilities are checked as abilities of their own)."""
    stack: list[A.Node] = [ab]
    passed_kinds = _PASSED
    previous: dict[int, A.Node | None] = {}  # each sentence of an effect, the sentence before it
    chosen: set[int] = set()  # the "[one part] or [another]" of costs announced as paid (costs.choose_parts)
    while stack:
        node = stack.pop()
        if isinstance(node, A.AdditionalCost | A.ActivatedAbility) and isinstance(node.cost, A.Cost) and not (
            isinstance(node, A.ActivatedAbility) and mana_ability_of(node) is not None
        ):  # fmt: skip
            chosen.update(id(p) for p in node.cost.parts if isinstance(p, A.CostOr))
        kids = children_of(node, "written")  # cardtext.interpreter.bind.children, without its call
        if isinstance(node, A.ExertAsAttacks):
            kids = tuple(c for c in kids if c is not node.then)  # checked by _ability
        picked = AT_RANDOM.get(type(node))
        if picked is not None and (fields := picked(node)):
            # "discard a card at random": the instruction picks it (cardtext.interpreter.filters.pick_at_random)
            kids = tuple(without_random(c) if any(c is f for f in fields) else c for c in kids)
        if isinstance(node, A.Pump) and isinstance(ab, A.StaticEffect) and node.per is not None:
            # "[this] gets +2/+2 for each Aura attached to it": "it" is the object affected (filters.it_as_affected)
            kids = tuple(it_as_affected(c) if c is node.per else c for c in kids)
        if type(node) in ACTIONS and not isinstance(ab, A.StaticEffect | A.StaticAbility) and _shares_back(node):
            # "each other creature that shares a color with it": "it" read as the instruction resolves
            # (cardtext.interpreter.filters.resolving_shares)
            kids = tuple(_resolving_view(c) for c in kids)
        if type(node) in ACTIONS and not isinstance(ab, A.StaticEffect | A.StaticAbility) and (
            chosen_fields := resolution_choice_fields(node)
        ):  # fmt: skip
            # "of the creature type of your choice": chosen as it resolves (cardtext.interpreter.filters.chosen_as_resolving)
            picked_fields = [getattr(node, f) for f in chosen_fields]
            kids = tuple(without_resolution_choice(c) if any(c is f for f in picked_fields) else c for c in kids)
        chooser = OWN_CHOICE.get(type(node))
        if chooser is not None:
            # "sacrifices two creatures of their choice": the instruction's own chooser (cardtext.interpreter.filters.OWN_CHOICE)
            whose, picks = chooser(node)
            kids = tuple(without_choice(c, whose) if any(c is f for f in picks) else c for c in kids)
        if isinstance(node, A.Exception_) and node.what in ("it has", "it gains"):
            # the keywords a copy is given (cardtext.interpreter.copies.with_exception): each one the engine plays
            for kw in (k for k in node.walk() if isinstance(k, A.Keyword | A.KeywordNumber | A.KeywordWithCost)):
                yield from _keyword(kw)
        if isinstance(node, A.TokenSpec) and node.abilities:
            # a token's quoted abilities are those of a permanent (cardtext.interpreter.objects.token_card)
            for quoted in quoted_abilities(node.abilities):
                yield from _ability(reading(of_permanent(quoted)))
            kids = tuple(c for c in kids if not isinstance(c, A.Quoted))
        passed = passed_kinds.get(type(node))  # most nodes: no call to _passed
        if passed is None:
            passed = _passed(type(node))
        if passed:
            if kids:
                stack.extend(reversed(kids))
            continue
        if isinstance(node, A.Quoted):
            # abilities in quotation marks (a token's, one granted): each checked as an ability of its own
            for quoted in node.abilities:
                yield from _ability(reading(quoted))
            continue
        if isinstance(node, A.EntersWithCounters):
            kids = tuple(c for c in kids if c not in node.abilities)
        if isinstance(node, A.Happened) and node.event in LEFT_EVENTS and isinstance(node.subject, A.AnObject):
            # "a permanent you controlled": judged by last known information (conditions._left_this_turn)
            kids = tuple(without_past_controller(c) if c is node.subject else c for c in kids)
        if isinstance(node, A.CountOf) and (change := zone_quality(node.filter)) is not None and node.filter.zone is None:
            # "for each creature that died under your control this turn": counted from this turn's zone changes
            kids = tuple(zone_without(c, change) if c is node.filter else c for c in kids)
            if (problem := zone_control_problem(change.control)) is not None:
                yield Gap(node, problem)
        if isinstance(node, A.HasObjects) and isinstance(node.what, A.AnObject):
            # "cards in hand": the hand of the player who has them (conditions._has_objects)
            kids = tuple(replace(c, filter=in_zone_of_anyone(c)) if c is node.what else c for c in kids)
        if isinstance(node, A.AlternativeCost):
            # "pay {U}" as an alternative cost is its mana (cardtext.interpreter.casting.alternative_costs)
            kids = tuple(c for c in kids if c is not node.cost) + children_of(node.cost)
            yield from _cost_parts(node.cost, pay_mana=True)
        if isinstance(node, A.AdditionalCost):
            # its "When you do" is checked by _ability; "pay {2}{R}" as an
            # additional cost is its mana (cardtext.interpreter.additional)
            kids = tuple(c for c in kids if c is not node.then and c is not node.cost) + children_of(node.cost)
            yield from _cost_parts(node.cost, pay_mana=True)
        elif isinstance(node, A.Cost):
            yield from _cost_parts(node)
        elif isinstance(node, A.Target) and isinstance(node.count, A.CountChoice):
            # "one, two, or three target creatures" (cardtext.interpreter.targets.count_range, 601.2c)
            kids = tuple(c for c in kids if c is not node.count)
            if (problem := count_choice_problem(node.count)) is not None:
                yield Gap(node, problem)
        elif isinstance(node, A.CountChoice):
            yield Gap(node, "a choice of numbers ('one, two, or three') other than of targets")
        elif isinstance(node, A.ObjectFilter) and (problem := filter_problem(node)) is not None:
            # a description the engine's matching can't read (cardtext.interpreter.filters)
            yield Gap(node, problem)
        if (isinstance(node, A.Target) and isinstance(node.spec, A.PlayerFilter) and node.spec.post
                and not damaged_players_only(node.spec)):
            # "target player who controls more creatures than you" (cardtext.interpreter.targets._player_ok)
            yield Gap(node, "a target player described by what they did or have")
        if isinstance(node, A.AsEnters) and isinstance(node.action, AS_ENTERS_CHOICES):
            kids = tuple(c for c in kids if c is not node.body)  # the choice as written: the action says it
        elif isinstance(node, A.AsEnters) and node.then is not None and as_enters_then_problem(node) is None:
            # "If you don't, it enters tapped": replacements of the same event
            # (cardtext.interpreter.replacement._as_enters), checked for what is inside them
            kids = tuple(c for c in kids if c is not node.then) + tuple(_then_parts(node.then))
        if isinstance(node, A.Effect):
            for before, s in zip((None, *node.sentences), node.sentences, strict=False):
                previous[id(s)] = before
                if type(s) not in INSTRUCTIONS:
                    yield Gap(s, f"sentence {type(s).__name__}")
                elif isinstance(s, A.TriggersOnce) and not (isinstance(ab, A.TriggeredAbility) and node is ab.effect):
                    # a rule of a triggered ability's own triggering (cardtext.interpreter.triggers.once_each_turn)
                    yield Gap(s, "'This ability triggers only once each turn.' other than in a triggered ability")
                elif isinstance(s, A.LeadSentence) and s.kind not in LEADS:
                    yield Gap(s, f"sentence led by '{s.kind}'")
                elif (problem := _sentence_problem(s, before)) is not None:
                    yield Gap(s, problem)
                elif isinstance(s, A.DelayedTrigger):
                    problem = delayed_trigger_problem(s)
                    if problem is not None:
                        yield Gap(s, problem)
                    else:
                        yield from _trigger(s.trigger.trigger)
                elif isinstance(s, A.AnyPlayerMayActivate) and not (
                        isinstance(ab, A.ActivatedAbility) and node is ab.effect and mana_ability_of(ab) is None):  # fmt: skip
                    yield Gap(s, "'Any player may activate this ability.' other than in an activated ability that isn't a mana ability")
                elif isinstance(s, A.AnyPlayerMayActivate) and (problem := activation.any_player_problem(s)) is not None:
                    yield Gap(s, problem)
                elif isinstance(s, A.ActivateOnly):
                    for t in s.timings:
                        if isinstance(t, A.Node) and activation.activation_condition_ok(t):
                            continue
                        if not isinstance(t, str) or t not in TIMINGS:
                            yield Gap(s, f"'Activate only {t if isinstance(t, str) else type(t).__name__}'")
        if isinstance(node, A.Sentence) and (own := statics.own_activation_change(node)) is not None:
            # "This ability costs {1} less to activate ...": a rule of activating it (cardtext.interpreter.activation)
            if (problem := statics.own_activation_problem(own[0])) is not None:
                yield Gap(node, problem)
        elif isinstance(node, A.Sentence):
            yield from _instructions(node, previous.get(id(node)))
        elif isinstance(node, A.ActionCost) and (problem := costs.cost_part_problem(node)) is not None:
            # 118.1: a keyword action paid as a cost (cardtext.interpreter.costs.pay_other pays "collect evidence N")
            yield Gap(node, problem)
        elif isinstance(node, A.RemoveCountersCost) and node.any_number:
            yield Gap(node, "a cost part 'remove any number of counters' (the payer's choice of how many)")
        elif isinstance(node, A.CostOr) and id(node) not in chosen:
            # chosen as an additional cost or an activated ability's cost is announced (costs.choose_parts)
            yield Gap(node, "a cost of one part or another (the payer's choice) other than a spell's additional cost "
                            "or an activated ability's cost")
        elif isinstance(node, A.CostOr) and (problem := costs.cost_or_problem(node)) is not None:
            yield Gap(node, problem)
        for name in _CONDITION_FIELDS.get(type(node), ()):
            cond = getattr(node, name)
            if isinstance(cond, A.Would) and isinstance(node, A.IfSentence):
                # a replacement effect the sentence makes (cardtext.interpreter.this_turn.would_die)
                if (problem := would_die_problem(node)) is not None:
                    yield Gap(cond, problem)
            elif isinstance(cond, A.DoesAction) and isinstance(node, A.IfSentence) and does_action_kind(cond) is None:
                problem = unless_problem(node)
                if problem is not None:
                    yield Gap(cond, problem)
                elif flip_outcome(cond) is None:  # "if you win the flip": an outcome, no instruction (705.1)
                    yield from _one_instruction(cond.action)
            elif isinstance(cond, A.Node) and isinstance(ab, A.StaticAbility | A.StaticEffect) and any(
                    isinstance(n, A.HasKeyword) for n in cond.walk()):  # fmt: skip
                # "as long as it has defender": the keywords it has depend on the static abilities
                # this condition is part of (613), which the engine doesn't order
                yield Gap(cond, "condition HasKeyword of a static ability")
            elif isinstance(cond, A.Node):
                yield from _condition(cond)
        if (type(node).__module__ == quantity_nodes.__name__ and type(node) not in QUANTITIES
                and not isinstance(node, A.WhereX)):  # fmt: skip
            yield Gap(node, f"quantity {type(node).__name__}")
        elif isinstance(node, A.PowerOf) and node.stat == "base power":
            yield Gap(node, "the base power of an object (208.3)")
        elif isinstance(node, A.PlayerCounters) and not node.kind:
            yield Gap(node, "counters of any kind a player has")
        elif isinstance(node, A.TotalStat) and (problem := total_stat_problem(node)) is not None:
            yield Gap(node, problem)
        elif isinstance(node, A.CountOf) and characteristic_counted(node) == "":
            yield Gap(node, "counting characteristics other than colors and card, permanent or basic land types among objects")
        elif isinstance(node, A.GameCount) and node.what not in GAME_COUNTS:
            yield Gap(node, f"quantity GameCount ('{node.what}')")
        elif isinstance(node, A.InZone) and node.zone == "outside the game":
            yield Gap(node, "cards from outside the game (400.11: a game has no sideboard here)")
        elif isinstance(node, A.DoneThisWay) and node.verb not in RECORDED_VERBS:
            # 608.2c: what an instruction before did, which only instructions that record it say
            yield Gap(node, f"'{node.verb} this way' (the engine keeps no record of what was {node.verb})")
        elif isinstance(node, A.InZone) and node.how == "a single":
            yield Gap(node, f"objects from a single {node.zone} (the chooser picks one {node.zone} for them all)")
        elif isinstance(node, A.InZone) and node.how == "bare":
            yield Gap(node, f"'in {node.zone}' with no owner written")
        elif isinstance(node, A.TopDescribed):
            yield Gap(node, f"the top card of a kind of a {node.zone} (the order of a {node.zone} is not kept)")
        stack.extend(reversed(kids))


def _shares_back(node: A.Node) -> bool:
    return any(isinstance(n, A.ThatShares) and isinstance(n.other, BACK_REFS) for n in walk(node))


def _resolving_view(node: Any) -> Any:
    """``node`` with each "that shares ... with it" outside abilities in
    quotation marks as :func:`cardtext.interpreter.filters.resolving_shares` reads it."""
    if not isinstance(node, A.Node) or isinstance(node, A.Quoted):
        return node
    if isinstance(node, A.ThatShares):
        return resolving_shares(node)
    changes: dict[str, Any] = {}
    for f in node.__dataclass_fields__:
        if f == "span":
            continue
        value = getattr(node, f)
        if isinstance(value, A.Node):
            new = _resolving_view(value)
        elif isinstance(value, tuple) and any(isinstance(v, A.Node) for v in value):
            new = tuple(_resolving_view(v) for v in value)
            new = value if all(a is b for a, b in zip(new, value, strict=True)) else new
        else:
            continue
        if new is not value:
            changes[f] = new
    return replace(node, **changes) if changes else node


_REPORTED_PARTS = (A.ManaCost, A.ActionCost, A.CostOr)
"""Cost parts :func:`_nodes` reports on by their own kind (or that are mana)."""


def _cost_parts(cost: A.Cost, *, pay_mana: bool = False) -> Iterator[Gap]:
    """The parts of a cost that :func:`cardtext.interpreter.costs.pay_other` can't pay
    (by its table, :data:`cardtext.interpreter.costs.PAID_PARTS`)."""
    for part in cost.parts:
        if isinstance(part, _REPORTED_PARTS):
            continue
        if pay_mana and isinstance(part, A.PayManaCost):
            continue
        problem = costs.cost_part_problem(part)
        if problem is not None:
            yield Gap(part, problem)


def _sentence_problem(s: A.Node, before: A.Node | None) -> str | None:
    """What the engine can't play of a sentence of a kind it knows, after
    the sentence ``before`` it: "For each T, ..." naming each T in turn,
    "When you do, ..." after an instruction that isn't optional."""
    if isinstance(s, A.LeadSentence) and s.kind == "for each":
        return for_each_problem(s)
    if isinstance(s, A.ReflexiveTrigger) and isinstance(s.body, A.Effect):
        return "'When you do, choose ...' (a reflexive trigger with modes, 603.12, 700.2)"
    if isinstance(s, A.ReflexiveTrigger):
        return reflexive_problem(before)
    if isinstance(s, A.Modes):
        return modes_problem(s)
    if isinstance(s, A.ItsStill):
        return its_still_problem(s, before)
    if isinstance(s, A.CastOnly):
        return cast_rule_problem(s)
    return unpreventable_problem(s)


def supported(card: A.Card) -> bool:
    return not gaps(card)


__all__ = ["ABILITIES", "AS_ENTERS_CHOICES", "Gap", "gaps", "keyword_gaps", "supported"]
