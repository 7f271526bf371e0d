"""Static link check: every linked reference on a card must have something to
refer to (CR 607, 702.33).

Like a compiler's "undefined name": "if this spell was kicked" on a card with
no kicker (K5), "kicked with its {U} kicker" when the card's kicker costs are
{R} and {W} (K6, 607.2i), "kicked twice" with a single kicker cost (K4), "the
exiled card" with nothing on the card that exiles (607.2a), "the chosen type"
or "the chosen color" with nothing that chooses (607.2d), "the sacrificed
creature" with no additional cost that sacrifices, X that nothing defines.  Each is reported with the line and column of the reference.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from cardtext.grammar import ast as A
from cardtext.grammar.errors import LinkError, LinkNotUnderstood, Location
from cardtext.grammar.node import per_node_while_checked, remembering_children, walk_of
from cardtext.grammar.parser import file_lines
from cardtext.grammar.render import Renderer

from .bind import children, exiles

NAMING_KEYWORDS = frozenset({"hidden agenda", "double agenda"})
"""Keywords whose rules choose a card name (702.106): "the chosen name"."""


def walk(node: A.Node) -> tuple[A.Node, ...]:
    """Every node below and including ``node`` (:func:`cardtext.interpreter.bind.walk`),
    walked once per node while :func:`check_card` runs."""
    return walk_of(node, "written")


def _own_nodes(ability: A.Node) -> tuple[A.Node, ...]:
    """:func:`_own_nodes_fresh`, made once per ability while :func:`check_card` runs."""
    return per_node_while_checked("own nodes", ability, _own_nodes_made)


def _own_nodes_made(ability: A.Node) -> tuple[A.Node, ...]:
    """The nodes of an ability: its whole walk when no ability is written
    inside it (no quoted ability, no counters' abilities), the usual case."""
    if _roles(ability) & _ENCLOSES:
        return tuple(_own_nodes_fresh(ability))
    return walk(ability)


_ENCLOSES, _REFERS, _USES_X = 1, 2, 4
_ROLES: dict[type, int] = {}


def _role(cls: type) -> int:
    """What a node of class ``cls`` is to the checks of the ability it is
    in: an ability of its own inside it (:data:`ENCLOSING`), a linked
    reference (:func:`_kind`, an "if" sentence aside), an X."""
    role = _ROLES.get(cls)
    if role is None:
        role = (
            (_ENCLOSES if issubclass(cls, ENCLOSING) else 0)
            | (_REFERS if _kind(cls) in (_KICKED, _LINKED) else 0)
            | (_USES_X if issubclass(cls, (A.VarX, A.SignedX)) else 0)
        )
        _ROLES[cls] = role
    return role


def _roles(ability: A.Node) -> int:
    """:func:`_roles_made`, made once per ability while :func:`check_card` runs."""
    return per_node_while_checked("roles", ability, _roles_made)


def _roles_made(ability: A.Node) -> int:
    """The roles (:func:`_role`) of the nodes of an ability, found from the
    set of their classes (made without a step per node): whether another
    ability is written inside it (or it is one with counters' abilities),
    whether it has a linked reference, an X.  Most abilities have none, and
    each check of them then stops at once."""
    nodes = walk(ability)
    roles = _role(type(ability)) & ~_ENCLOSES  # an ability does not enclose itself
    if isinstance(ability, A.EntersWithCounters):
        roles |= _ENCLOSES
    known = _ROLES
    for cls in set(map(type, nodes[1:])):
        role = known.get(cls)
        roles |= _role(cls) if role is None else role
    return roles


def check_card(
    card: A.Card, filename: str = "<string>", text: str | None = None
) -> list[LinkError]:
    """Every dangling linked reference of ``card``, in the order written
    (the same subtrees are walked by several checks: each walk is made once)."""
    with remembering_children():
        return _check_card(card, filename, text)


class _CardFacts:
    """What the checks of a card's references ask of the whole card, each
    worked out the first time it is asked (a card with no linked reference
    asks for none of it)."""

    def __init__(self, card: A.Card) -> None:
        self.card = card
        self.kickers = card.kickers()
        self.kicker_costs = [c for k in self.kickers for c in k.costs]

    @cached_property
    def render(self) -> Renderer:
        return Renderer(self.card)

    @cached_property
    def can_kick_twice(self) -> bool:
        return any(k.multi for k in self.kickers) or len(self.kicker_costs) > 1

    @cached_property
    def nodes(self) -> list[A.Node]:
        return [n for a in self.card.abilities for n in walk(a)]

    @cached_property
    def exiling(self) -> bool:
        return any(exiles(a) for a in self.card.abilities)

    @cached_property
    def chosen(self) -> str:
        chosen = " / ".join(n.kind for n in self.nodes if isinstance(n, A.ChooseValue | A.Choose))
        if any(isinstance(n, A.Keyword) and n.name in NAMING_KEYWORDS for n in self.nodes):
            chosen += " / card name"  # a conspiracy's hidden agenda names a card (702.106)
        return chosen

    @cached_property
    def pays_life(self) -> bool:
        return any(isinstance(n, A.PayAnyLife) for n in self.nodes)

    @cached_property
    def makes(self) -> bool:
        return any(isinstance(n, (A.CreateTokens, A.CreateTokenCopy)) for n in self.nodes)

    @cached_property
    def puts(self) -> bool:
        return any(_puts_onto_battlefield(n) for n in self.nodes)

    @cached_property
    def spell_costs(self) -> list[A.Cost]:
        return [a.cost for a in self.card.abilities if isinstance(a, A.AdditionalCost)] + self.kicker_costs

    @cached_property
    def sacrifices(self) -> bool:
        return any(isinstance(p, A.SacrificeCost) for c in self.spell_costs for p in c.parts)

    @cached_property
    def discards(self) -> bool:
        return any(isinstance(p, A.DiscardCost) for c in self.spell_costs for p in c.parts)

    @cached_property
    def x_on_card(self) -> bool:
        """X is chosen as a cost with X is paid (601.2b, 602.2b): the mana
        cost, a kicker, a keyword's cost (morph {X}{B}{B})."""
        card = self.card
        card_costs = [*self.kicker_costs] + [
            k.cost for a in card.abilities if isinstance(a, A.KeywordLine)
            for k in a.keywords if isinstance(k, A.KeywordWithCost | A.KeywordNumberCost)
        ] + [a.cost for a in card.abilities if isinstance(a, A.AdditionalCost)]  # fmt: skip
        return _has_x(card.mana_cost) or any(_cost_has_x(c) for c in card_costs)

    @cached_property
    def monstrosity_x(self) -> bool:
        return _monstrosity_x(self.card)


class _AbilityFacts:
    """What the checks of an ability's references ask of the ability (and of
    its card), each worked out the first time it is asked."""

    def __init__(self, ability: A.Node, card: _CardFacts) -> None:
        self.ability = ability
        self.card = card
        self.own_cost = ability.cost if isinstance(ability, A.ActivatedAbility) else None

    @cached_property
    def x_defined(self) -> bool:
        """X given a value: as a cost of the card, or an activated ability's own cost."""
        ability, own_cost = self.ability, self.own_cost
        return (
            self.card.x_on_card
            or (own_cost is not None and _cost_has_x(own_cost))
            or (isinstance(ability, A.LoyaltyAbility) and "X" in ability.cost)  # "−X: ..." (606.4)
            or getattr(ability, "where_x", None) is not None  # "enters with X ..., where X is ..."
            or _defines_x(ability)
            or (self.card.monstrosity_x and _on_monstrous(ability))
        )

    @cached_property
    def sacrifices(self) -> bool:
        own_cost = self.own_cost
        return (
            self.card.sacrifices
            or (own_cost is not None and any(isinstance(p, A.SacrificeCost) for p in own_cost.parts))
            or any(isinstance(n, A.Sacrifice) for n in walk(self.ability))  # "you may sacrifice ... If you do"
        )

    @cached_property
    def discards(self) -> bool:
        own_cost = self.own_cost
        return (
            self.card.discards
            or (own_cost is not None and any(isinstance(p, A.DiscardCost) for p in own_cost.parts))
            or any(isinstance(n, A.Discard) for n in _own_nodes(self.ability))  # "then discard a card"
        )

    @cached_property
    def looks(self) -> bool:
        return any(isinstance(n, CARD_SETS) or _chooses_objects(n) for n in walk(self.ability))

    @cached_property
    def counts(self) -> bool:
        return _has_antecedent_amount(self.ability)


def _check_card(card: A.Card, filename: str, text: str | None) -> list[LinkError]:
    errors: list[LinkError] = []

    reported: set[tuple[int, int, str]] = set()

    def report(node: A.Node, message: str, hint: str = "", kind: type[LinkError] = LinkError) -> None:
        span = node.span
        line, col = (span.line, span.column) if span else (card.span.line if card.span else 1, 1)
        if (line, col, message) in reported:
            return  # "-X/-X": one report for the one place
        reported.add((line, col, message))
        width = span.end_column - span.column if span and span.end_line == span.line else 1
        lines = file_lines(text) if text is not None else ()
        src = lines[line - 1] if 0 < line <= len(lines) else ""
        loc = Location(filename, line, col, src)
        snippet = src[col - 1 : col - 1 + width] if src else ""
        errors.append(kind(message, loc, text=snippet, hint=hint))

    facts = _CardFacts(card)
    kickers = facts.kickers
    kicker_costs = facts.kicker_costs

    # "the other" / "the rest" as who controls or owns: a player of a pair ("You and that opponent
    # each gain control of all creatures the other controls"), which the card language doesn't read yet
    as_player = {id(n.player) for n in walk(card) if isinstance(n, A.ControlledBy | A.OwnedBy)
                 and isinstance(n.player, A.LookedCards)}  # fmt: skip
    for ability in _abilities(card):
        here = _AbilityFacts(ability, facts)
        for node, about_self in _references(ability):
            if isinstance(node, A.KickedCondition) and about_self:
                if not kickers:
                    report(
                        node,
                        "'was kicked' refers to a kicker ability, and this card has none (702.33, K5)",
                        hint="add a 'Kicker {cost}' line, or remove the condition",
                    )
                    continue
                if node.cost is not None and node.cost not in kicker_costs:
                    have = " and ".join(facts.render.r(c) for c in kicker_costs)
                    report(
                        node,
                        f"this card has no {facts.render.r(node.cost)} kicker; its kicker costs are {have} (607.2i, K6)",
                    )
                if node.times is not None and node.times > 1 and not facts.can_kick_twice:
                    report(
                        node,
                        "'kicked twice' needs two kicker costs or multikicker; a single kicker is paid at most once (K4)",
                    )
            elif isinstance(node, A.TimesKicked) and about_self and not kickers:
                report(
                    node,
                    "'times it was kicked' refers to a kicker ability, and this card has none (702.33, K5)",
                )
            elif isinstance(node, A.ExiledCards) and not facts.exiling:
                report(
                    node,
                    "'the exiled card' refers to an ability of this card that exiles, and there is none (607.2a)",
                )
            elif isinstance(node, A.OfChosen) and node.what in ("type", "creature type") and "type" not in facts.chosen:
                report(
                    node,
                    "'the chosen type' refers to an ability of this card that chooses a type, and there is none (607.2d)",
                    hint="add 'As [this] enters, choose a creature type.'",
                )
            elif isinstance(node, A.WithChosenName) and "name" not in facts.chosen:
                report(
                    node,
                    "'the chosen name' refers to an ability of this card that names a card, and there is none (607.2d)",
                )
            elif _mentions_chosen_color(node) and "color" not in facts.chosen:
                report(
                    node,
                    "'the chosen color' refers to an ability of this card that chooses a color, and there is none (607.2d)",
                    hint="add 'As [this] enters, choose a color.'",
                )
            elif isinstance(node, A.LifeLostThisWay) and not any(
                isinstance(n, A.LoseLife) for n in _own_nodes(ability)
            ):
                report(node, "'the life lost this way' refers to an instruction of this ability that makes a player lose life, and there is none")
            elif isinstance(node, A.ThatMuch) and not here.counts:
                report(node, "'that much' refers to the amount of the event that triggered the ability, and this ability has none (603.7c)")
            elif isinstance(node, A.LifePaid) and not facts.pays_life:
                report(
                    node,
                    "'the life paid as [this] entered' refers to an ability of this card that pays life as it enters, and there is none (607.2g)",
                )
            elif isinstance(node, A.CreatedWith) and node.put and not facts.puts:
                report(
                    node,
                    "'put onto the battlefield with [this]' refers to an ability of this card that puts a "
                    "permanent onto the battlefield, and there is none (607.2c)",
                )
            elif isinstance(node, A.CreatedWith) and not node.put and not facts.makes:
                report(
                    node,
                    "'created with [this]' refers to an ability of this card that creates tokens, and there is none (607.2c)",
                )
            elif isinstance(node, A.LookedCards) and id(node) in as_player:
                report(node, f"not understood yet: '{facts.render.r(node)}' as a player (the other of two players "
                       "named before) is not read yet", kind=LinkNotUnderstood)  # fmt: skip
            elif isinstance(node, A.LookedCards) and not here.looks:
                report(
                    node,
                    f"'{facts.render.r(node)}' refers to cards this ability looked at, revealed, drew or chose, "
                    "and it does none of these",
                    hint="add 'Look at the top N cards of your library.' before it",
                )
            elif isinstance(node, A.CostPaidRef) and node.verb == "discarded" and not here.discards:
                report(
                    node,
                    "'the discarded card' refers to a cost of this card that discards, and there is none (607.2i, 607.2j)",
                )
            elif isinstance(node, A.CostPaidRef) and node.verb == "sacrificed" and not here.sacrifices:
                report(
                    node,
                    "'the sacrificed creature' refers to a cost of this card or ability that sacrifices, and there is none (607.2j)",
                )
        if isinstance(ability, A.TriggeredAbility):
            for subject in _trigger_subjects(ability.trigger):
                # "that creature" needs something named before; "the token"
                # names what another ability of this card made (607.2)
                if isinstance(subject, A.ThatRef) and subject.word in ("that", "those"):
                    report(
                        subject,
                        f"'{facts.render.r(subject)}' refers to an object named earlier in the ability, "
                        "and nothing is named before its trigger",
                        hint="name the object: 'this creature', 'a creature you control', ...",
                    )
        for sentence, x in _x_uses(ability):
            if not here.x_defined and (sentence is None or sentence.where_x is None):
                report(x, "X is not defined: the card has no {X} in a cost and no 'where X is ...'")
    return errors


CARD_SETS = (A.LookAtTop, A.LookAt, A.Reveal, A.RevealCost, A.Search, A.Draw)
"""Instructions after which "one of them", "the rest", "the other" name
some of the cards they saw (607.1)."""


def _puts_onto_battlefield(node: A.Node) -> bool:
    """ "put ... onto the battlefield", "return ... to the battlefield": what
    "the creature put onto the battlefield with [this]" refers to (607.2c)."""
    if isinstance(node, A.PutInZone) and isinstance(node.to, A.Destination):
        return node.to.zone == "battlefield"
    return isinstance(node, A.ReturnTo) and node.zone == "battlefield"


def _chooses_objects(node: A.Node) -> bool:
    """ "choose target creature and target creature ...", "chooses up to two
    creatures they control": objects a later "the rest" or "one of them" names."""
    return isinstance(node, A.Choose) and any(k in ("object", "player") for k in node.kind.split(" and "))


def _has_antecedent_amount(ability: A.Node) -> bool:
    """Something "that much" / "that many" can count (603.7c): the event of
    a trigger (of the ability or of a trigger inside it), a replacement's
    event, or an instruction before it in the ability ("discards all the
    cards in their hand, then draws that many cards")."""
    if isinstance(ability, A.TriggeredAbility):
        return True
    first = True
    for node in _own_nodes(ability):
        if isinstance(node, A.DelayedTrigger | A.Would | A.DamageWouldBeDealt | A.CountersWouldBePut
                      | A.EffectWouldCreate):  # fmt: skip
            return True
        if isinstance(node, A.Sentence):
            if len(node.actions) > 1 or not first:
                return True
            first = False
    return False


CHOSEN_X_ACTIONS = frozenset({"collect evidence"})
"""Keyword actions whose amount X the performing player chooses: "collect
evidence X" exiles cards with total mana value X or greater, X picked as it
is done (701.59)."""


def _defines_x(ability: A.Node) -> bool:
    """X given a value inside the ability: "where X is ..." in any of its
    sentences (it holds for the rest of the ability: "Create an X/X token,
    where X is .... It deals X damage to you."), or "you may pay {X}"."""
    for node in _own_nodes(ability):
        if getattr(node, "where_x", None) is not None:
            return True
        if isinstance(node, A.Pay | A.PayManaCost) and any(isinstance(n, A.VariableMana) for n in walk(node)):
            return True
        # "you may reveal X black cards in your hand": the player picks X as it reveals
        if isinstance(node, A.Reveal) and isinstance(node.what, A.AnObject) and isinstance(node.what.count, A.VarX):
            return True
        # "you may collect evidence X": the player picks X as the action is
        # performed, and "When you do, ... X ..." means that value (701.59)
        if isinstance(node, A.KeywordAction) and node.verb in CHOSEN_X_ACTIONS and isinstance(node.amount, A.VarX):
            return True
    return False


def _monstrosity_x(card: A.Card) -> bool:
    """Whether the card has "Monstrosity X" with {X} in its cost: "When this
    creature becomes monstrous, ... X ..." then means that X (701.37)."""
    return any(
        isinstance(ability, A.ActivatedAbility)
        and _cost_has_x(ability.cost)
        and any(isinstance(n, A.KeywordAction) and n.verb == "monstrosity" and isinstance(n.amount, A.VarX)
                for n in walk(ability.effect))
        for ability in _abilities(card)
    )  # fmt: skip


def _on_monstrous(ability: A.Node) -> bool:
    return isinstance(ability, A.TriggeredAbility) and any(
        isinstance(n, A.Event) and n.kind == "becomes monstrous" for n in walk(ability.trigger)
    )


def _trigger_subjects(trigger: A.Node) -> Iterator[A.Node]:
    """What a trigger is about: the object or player its event happens to."""
    if isinstance(trigger, A.TriggerOr):
        yield from _trigger_subjects(trigger.first)
        yield from _trigger_subjects(trigger.second)
        return
    if isinstance(trigger, A.WhileTrigger | A.DuringTrigger | A.NthTimeTrigger | A.DurationTrigger):
        yield from _trigger_subjects(trigger.trigger)  # "attacks while saddled": the subject of "attacks"
        return
    for name in ("subject", "object", "what"):
        value = getattr(trigger, name, None)
        if isinstance(value, A.Node):
            yield value


def _targets_a_spell(sentence: A.Sentence) -> bool:
    return any(
        isinstance(n, A.Target) and isinstance(n.spec, A.ObjectFilter) and (n.spec.spell or "spell" in n.spec.nouns)
        for n in walk(sentence)
    )


def _mentions_chosen_color(node: A.Node) -> bool:
    """ "of the chosen color", "protection from the chosen color" (607.2d)."""
    if isinstance(node, A.OfChosen):
        return node.what in ("color", "colors")
    if isinstance(node, A.ProtectionQuality):
        return isinstance(node.what, str) and "the chosen color" in node.what
    return isinstance(node, A.Keyword) and "the chosen color" in node.name


def _cost_has_x(cost: A.Cost) -> bool:
    """A cost with {X} in it, or an X amount ("Tap X untapped Knights you control")."""
    return any(isinstance(n, (A.VariableMana, A.VarX)) for n in walk(cost))


def _has_x(cost: A.ManaCost | None) -> bool:
    return cost is not None and any(isinstance(s, A.VariableMana) for s in cost.symbols)


NESTED = (A.ActivatedAbility, A.TriggeredAbility)
"""Abilities that can be written inside another, in quotation marks ('has
"{T}, Sacrifice a creature: ..."'); each is checked as an ability of its own."""


def _abilities(card: A.Card) -> Iterator[A.Node]:
    """The card's abilities, and the quoted ones it grants ('with "Pay 3 life: ..."')."""
    for ability in card.abilities:
        if isinstance(ability, A.KeywordAbility):  # "Exhaust — {X}: ...": the ability after the dash
            ability = ability.ability
        yield ability
        if not _roles(ability) & _ENCLOSES:
            continue  # nothing inside it is an ability of its own
        for node in walk(ability):
            if isinstance(node, A.EntersWithCounters):
                yield from node.abilities
            elif node is not ability and isinstance(node, NESTED):
                yield node


ENCLOSING = (*NESTED, A.EntersWithCounters)
"""Nodes that may hold abilities other than the one they are in."""


def _own_nodes_fresh(ability: A.Node) -> Iterator[A.Node]:
    """The nodes of an ability, not those of the quoted abilities inside it
    (nor the ``written`` sentences a static ability keeps for rendering)."""
    stack: list[A.Node] = [ability]
    while stack:
        node = stack.pop()
        yield node
        kids = children(node)
        if not kids:
            continue
        if isinstance(node, A.EntersWithCounters):
            kids = tuple(c for c in kids if c not in node.abilities)
        stack.extend([c for c in reversed(kids) if not isinstance(c, NESTED)])


LINKED = (
    A.ExiledCards,
    A.OfChosen,
    A.WithChosenName,
    A.CostPaidRef,
    A.LookedCards,
    A.Keyword,
    A.ProtectionQuality,
    A.LifePaid,
    A.CreatedWith,
    A.LifeLostThisWay,
    A.ThatMuch,
)
"""References linked to another ability of the card (besides the kicker's)."""

_NOT_A_REFERENCE, _KICKED, _LINKED, _IF = range(4)
_KINDS: dict[type, int] = {}


def _kind(cls: type) -> int:
    """What :func:`_references` makes of a node of class ``cls``: a kicker
    reference, another linked reference, an "if" sentence (whose condition
    may be about a target), or nothing."""
    kind = _KINDS.get(cls)
    if kind is None:
        if issubclass(cls, (A.KickedCondition, A.TimesKicked)):
            kind = _KICKED
        elif issubclass(cls, LINKED):
            kind = _LINKED
        elif issubclass(cls, A.IfSentence):
            kind = _IF
        else:
            kind = _NOT_A_REFERENCE
        _KINDS[cls] = kind
    return kind


def _references(ability: A.Node) -> Iterator[tuple[A.Node, bool]]:
    """Linked references in an ability, each with whether it is about the card itself.

    "it" is the card itself except in a trigger about another spell ("Whenever
    you cast a spell, if that spell was kicked"), where it means that spell.
    """
    if not _roles(ability) & _REFERS:
        return  # no linked reference in all its walk: none among its own nodes
    found: list[tuple[A.Node, int]] = []
    kinds = _KINDS
    for node in _own_nodes(ability):
        kind = kinds.get(type(node))
        if kind is None:
            kind = _kind(type(node))
        if kind:
            found.append((node, kind))
    if not any(kind != _IF for _node, kind in found):
        return
    other_spell = (
        isinstance(ability, A.TriggeredAbility)
        and isinstance(ability.trigger, A.CastTrigger)
        and not ability.trigger.this_spell
    )
    about_target: set[int] = set()
    for node, kind in found:
        # "Counter target spell if it was kicked.": "it" is the target spell.
        if kind == _IF and isinstance(node, A.IfSentence) and node.trailing and _targets_a_spell(node.body):
            about_target.update(id(n) for n in walk(node.condition))
    for node, kind in found:
        if id(node) in about_target:
            continue
        if kind == _KICKED and isinstance(node, (A.KickedCondition, A.TimesKicked)):
            subject = node.subject if isinstance(node, A.KickedCondition) else node.object
            about_self = isinstance(subject, A.SelfRef) or (
                isinstance(subject, A.ItRef) and not other_spell
            )
            yield node, about_self
        elif kind == _LINKED:
            yield node, True


def _x_uses(ability: A.Node) -> Iterator[tuple[A.Sentence | None, A.VarX | A.SignedX]]:
    """Each X in the ability with the innermost sentence it is in (None
    outside sentences): a quoted ability's sentence, not the one quoting it.
    A keyword's own X ("Bloodthirst X", "Reinforce X—{X}{W}") is left out:
    the keyword's rules say what it is."""
    if not _roles(ability) & _USES_X:
        return
    xs = [n for n in walk(ability) if isinstance(n, (A.VarX, A.SignedX))]
    if not xs:
        return
    keyword_xs = {id(n.amount) for n in walk(ability) if isinstance(n, A.KeywordNumber | A.KeywordNumberCost)}
    # an X of a quoted ability ('with "{X}: This creature gets +X/+0 ..."') is
    # that ability's own, checked with it (_abilities)
    keyword_xs |= {
        id(inner) for node in walk(ability) if node is not ability and isinstance(node, NESTED)
        for inner in walk(node) if isinstance(inner, (A.VarX, A.SignedX))
    }  # fmt: skip
    owner: dict[int, A.Sentence] = {}
    for node in walk(ability):
        if isinstance(node, A.Sentence):
            for inner in walk(node):
                if isinstance(inner, (A.VarX, A.SignedX)):
                    owner[id(inner)] = node  # walked outer first: the innermost wins
    for node in xs:
        if id(node) not in keyword_xs:
            yield owner.get(id(node)), node
