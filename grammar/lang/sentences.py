"""How instructions are put together (CR 608.2c): effects, sentences,
clauses, modes, durations.  Grammar: ``sentences.lark``.

A clause is an instruction with its subject ("target player draws a card":
:class:`~cardtext.grammar.lang.verbs.Draw` with ``player`` the target).  Verb
phrases that share a subject ("... draws a card and loses 1 life") each get
it, so the meaning is in the instruction node; :class:`ClauseForm` keeps how
the clause was written (subject written or shared, where its suffixes
stood), so that it renders back as written.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any, Literal

from ..node import BUILDERS, Node, Span, builds, renders, replace
from ..render import capitalize, third_person
from ..transformer import TextError, span, word_at
from . import concern
from .objects import You, is_plural
from .quantities import EqualTo, ForEach, WhereX, fill_amount, tail_of

# --------------------------------------------------------------------------
# Durations (CR 611.2)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duration(Node):
    """ "until end of turn", "this turn", "until your next turn", "for as
    long as [this] remains on the battlefield", "until [this] leaves the
    battlefield" (``object``)."""

    kind: str
    object: Any = None


_DURATIONS = {
    "until_eot": "until end of turn",
    "until_the_eot": "until the end of turn",
    "until_your_next_turn": "until your next turn",
    "until_your_next_end_step": "until your next end step",  # 513.1: the end step of your next turn, or of this one
    "until_end_of_your_next_turn": "until the end of your next turn",
    "this_turn": "this turn",
    "until_end_of_combat": "until end of combat",
    "until_next_untap": "until your next untap step",
    "until_next_upkeep": "until the beginning of your next upkeep",
    "during_your_turn": "during your turn",
    "during_each_of_your_turns": "during each of your turns",
    "during_turns_not_yours": "during turns other than yours",
    "during_others_untap_steps": "during each other player's untap step",
    "each_turn": "each turn",
    "each_combat": "each combat",
    "on_each_of_your_turns": "on each of your turns",  # 305.2: "play an additional land on each of your turns"
    "rest_of_game": "for the rest of the game",
}

for _rule, _text in _DURATIONS.items():
    BUILDERS[_rule] = (lambda t: lambda meta: Duration(t, span=span(meta)))(_text)
BUILDERS["until_leaves"] = lambda meta, obj: Duration("until leaves the battlefield", obj, span=span(meta))
BUILDERS["as_long_as_remains"] = lambda meta, obj: Duration("for as long as remains on the battlefield", obj, span=span(meta))
BUILDERS["as_long_as_exiled"] = lambda meta, obj: Duration("for as long as remains exiled", obj, span=span(meta))
BUILDERS["as_long_as_tapped"] = lambda meta, obj: Duration("for as long as remains tapped", obj, span=span(meta))
# "That land is a Swamp for as long as it has a mire counter on it" (611.2b): while the condition holds
BUILDERS["as_long_as_has_counters"] = lambda meta, who, spec, on: Duration(
    "for as long as has counters", BUILDERS["has_counters"](meta, who, spec, on), span=span(meta))
# "each opponent can't cast instant or sorcery spells during that player's next turn" (500.1)
BUILDERS["during_next_turn"] = lambda meta, whose: Duration("during next turn", whose, span=span(meta))
BUILDERS["as_long_as_you_control"] = lambda meta, obj: Duration("for as long as you control", obj, span=span(meta))
BUILDERS["during_next_untap"] = lambda meta, whose: Duration("during next untap step", whose, span=span(meta))
# "during your first, second, or third turns of the game": ``object`` the turns (a TurnsOfGame)
BUILDERS["during_turns_of_game"] = lambda meta, turns: Duration("during turns of the game", turns, span=span(meta))


@renders(Duration)
def _r_duration(r: Any, n: Duration, **ctx: Any) -> str:
    possessive_text = concern("objects").possessive_text

    if n.kind == "until leaves the battlefield":
        return f"until {r(n.object)} leaves the battlefield"
    if n.kind.startswith("for as long as remains "):  # "it remains exiled", "they remain exiled"
        remains = concern("objects").verb(n.object, "remain")
        return f"for as long as {r(n.object)} {remains} {n.kind.removeprefix('for as long as remains ')}"
    if n.kind == "for as long as remains exiled":
        return f"for as long as {r(n.object)} remains exiled"
    if n.kind == "for as long as remains tapped":
        return f"for as long as {r(n.object)} remains tapped"
    if n.kind == "for as long as has counters":
        return f"for as long as {r(n.object)}"
    if n.kind == "for as long as you control":
        return f"for as long as you control {r(n.object)}"
    if n.kind == "during next turn":
        return f"during {possessive_text(r, n.object)} next turn"
    if n.kind == "during next untap step":
        return f"during {possessive_text(r, n.object)} next untap step"
    if n.kind == "during turns of the game":
        return f"during {r(n.object)} turns of the game"
    return n.kind


def is_until_eot(d: Any) -> bool:
    return isinstance(d, Duration) and d.kind in ("until end of turn", "until the end of turn")


# --------------------------------------------------------------------------
# Clauses
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClauseForm(Node):
    """How a clause was written: ``subject`` "written" (before the verb),
    "shared" (with the clause before, "... and loses 1 life") or "" (none:
    an imperative); ``tails`` the suffixes after the verb phrase in order
    ("duration", "for each", "equal to", "this way", ...)."""

    subject: Literal["written", "shared", "elided", ""] = ""
    tails: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class MayDo(Node):
    """ "you may [action]" / "target player may [action]" / "you may have [it]
    [action]" (``have``): the player chooses whether (K8)."""

    action: Any
    player: Any = None
    have: bool = False


@dataclass(frozen=True, slots=True)
class Have(Node):
    """ "have [target creature] deal damage ...": the action's subject acts
    for the player (imperative "have")."""

    action: Any


@dataclass(frozen=True, slots=True)
class Tail(Node):
    """A clause suffix: "this way", "at random", "in addition to its other
    types", "from your opening hand" (``value`` the zone), "at the beginning
    of the next end step" (``value`` the point of the turn: the instruction
    waits for it, 603.7)."""

    word: str
    value: Any = None


class Clause:
    """A clause while its sentence is being built (not an AST node)."""

    __slots__ = ("action", "form_subject", "tails", "where", "third_person")

    def __init__(self, action: Any, form_subject: str = "", tails: tuple[str, ...] = (),
                 where: WhereX | None = None) -> None:  # fmt: skip
        self.action = action
        self.form_subject = form_subject
        self.tails = tails
        self.where = where
        self.third_person = False


def _subject_field(node: Any) -> str:
    return getattr(node, "SUBJECT", "")


def with_subject(node: Any, subject: Any, meta: Any = None) -> Any:
    """The instruction with its subject ("target player" draws)."""
    if isinstance(node, MayDo):
        return MayDo(with_subject(node.action, subject, meta), node.player, node.have, span=node.span)
    name = _subject_field(node)
    if not name:
        raise TextError(f"'{type(node).__name__}' doesn't take a subject here", span=span(meta) if meta else None)
    return replace(_own_library(node), **{name: subject})


def _own_library(node: Any) -> Any:
    """ "that player shuffles their library" is the older wording of "that
    player shuffles" (701.20): the same instruction."""
    TheirRef = concern("objects").TheirRef
    Shuffle = concern("verbs").Shuffle

    if isinstance(node, Shuffle) and node.form == "library" and isinstance(node.into, TheirRef):
        return dataclasses.replace(node, into=None, form="")
    return node


def subject_of(node: Any) -> Any:
    if isinstance(node, MayDo):
        return node.player if node.player is not None else subject_of(node.action)
    name = _subject_field(node)
    return getattr(node, name, None) if name else None


def _apply_tail(action: Any, tail: Any) -> tuple[Any, str]:
    if isinstance(tail, str):
        return action, tail
    if isinstance(tail, ForEach):
        return fill_amount(action, tail), "for each"
    if isinstance(tail, EqualTo):
        return fill_amount(action, tail), "equal to"
    if isinstance(tail, Duration):
        if not getattr(action, "DURATION", False):
            raise TextError("this instruction doesn't take a duration", span=tail.span)
        changes: dict[str, Any] = {"duration": tail}
        if hasattr(action, "until_eot"):
            changes["until_eot"] = is_until_eot(tail)
        return replace(action, **changes), "duration"
    if isinstance(tail, Tail):
        return action, tail.word if tail.value is None else tail  # type: ignore[return-value]
    raise TextError(f"no meaning for {type(tail).__name__} here", span=getattr(tail, "span", None))


@builds("tailed")
def _tailed(meta: Any, vp: Any, *tails: Any) -> Clause:
    where = None
    order: list[str] = []
    action = vp
    for t in tails:
        if isinstance(t, WhereX):
            where = t
            order.append("where")
            continue
        action, word = _apply_tail(action, t)
        order.append(word)
    return Clause(action, "", tuple(order), where)


BUILDERS["this_way"] = lambda meta: Tail("this way", span=span(meta))
BUILDERS["at_end_of_combat_tail"] = lambda meta: "at end of combat"
BUILDERS["at_beginning_tail"] = lambda meta, phase: Tail("at", _beginning(phase), span=span(meta))


def _beginning(phase: Any) -> Any:
    return phase
BUILDERS["from_tail"] = lambda meta, place: Tail("from", place, span=span(meta))
BUILDERS["except_for_tail"] = lambda meta, what: Tail("except for", what, span=span(meta))


@builds("elided_put")
def _elided_put(meta: Any, what: Any, dest: Any) -> Clause:
    """ "Put one of them into your hand and the rest on the bottom of your
    library": the second "put" is left out (the verb is shared)."""
    from .verbs import PutInZone

    c = Clause(PutInZone(what, dest, span=span(meta)))
    c.form_subject = "elided"
    return c
BUILDERS["in_addition"] = lambda meta, kept: Tail(kept, span=span(meta))
BUILDERS["at_random"] = lambda meta: Tail("at random", span=span(meta))
# "If it would leave the battlefield, exile it instead of putting it anywhere else" (614.1a, 400.7)
BUILDERS["instead_of_anywhere"] = lambda meta: Tail("instead of putting it anywhere else", span=span(meta))
# "put it on top of its owner's library instead of into that player's graveyard" (701.6a, 614.1a)
BUILDERS["instead_of_into"] = lambda meta, zone: Tail("instead of into", zone, span=span(meta))
BUILDERS["instead_of_graveyard"] = lambda meta, whose: Tail("instead of putting it into graveyard", whose, span=span(meta))


def _clause(x: Any) -> Clause:
    c = x if isinstance(x, Clause) else Clause(x)
    _check_a_number_of(c.action)
    return c


def _check_a_number_of(action: Any) -> None:
    """ "discards a number of cards equal to ...": "a number of" says the
    instruction's amount gives how many; without one it says nothing."""
    if not dataclasses.is_dataclass(action):
        return
    Each = concern("objects").Each
    for f in dataclasses.fields(action):
        value = getattr(action, f.name, None)
        if isinstance(value, Each) and value.quantifier == "a number of":
            amount = getattr(action, getattr(action, "AMOUNT", ""), None)
            if not isinstance(amount, EqualTo):
                raise TextError("'a number of' needs 'equal to' to say how many", span=value.span,
                                hint="e.g. 'discards a number of cards equal to the number of Swamps you control'")  # fmt: skip


_IRREGULAR = {
    "is": "are", "has": "have", "does": "do", "doesn't": "don't", "isn't": "aren't",
    "was": "were", "wasn't": "weren't",
}  # fmt: skip


@functools.cache
def _verb_forms() -> dict[str, str]:
    """Each verb form the grammar knows → the other form ("draws" ↔ "draw")."""
    from ..parser import grammar_text

    words = set(re.findall(r'"([a-z\']+)"i', grammar_text()))
    forms: dict[str, str] = {}
    for base in words:
        third = third_person(base)
        if third != base and third in words:
            forms[base] = third
            forms[third] = base
    for singular, plural in _IRREGULAR.items():
        forms[singular] = plural
        forms[plural] = singular
    return forms


@functools.cache
def _singular_form(word: str) -> bool:
    """Whether a verb form the grammar knows is the third person singular
    ("draws", "is"); once per word, as :func:`_verb_forms` is made once."""
    return word in _IRREGULAR or (word not in _IRREGULAR.values() and third_person(_verb_forms()[word]) == word)


def check_agreement(subject: Any, action: Any, bare: bool = False) -> None:
    """The verb agrees with its subject ("target opponent discards",
    "creatures you control get"); after "have [someone]" it is bare ("have
    target creature become").  A verb that doesn't is a malformed wording,
    reported with the form that would be right."""
    where = getattr(action, "span", None)
    word = word_at(where)
    if word is None or where is None:  # no word without a span
        return
    low = word.lower()
    other = _verb_forms().get(low)
    if other is None:
        return
    where = Span(where.line, where.column, where.line, where.column + len(word))
    singular = _singular_form(low)
    if bare:
        if singular:
            raise TextError(f"after 'have', the verb is written '{other}', not '{word}'", span=where,
                            hint=f"did you mean '{other}'?")  # fmt: skip
        return
    if singular == is_plural(subject):
        number = "plural" if is_plural(subject) else "singular"
        raise TextError(f"'{word}' doesn't agree with its {number} subject", span=where,
                        hint=f"did you mean '{other}'?")  # fmt: skip


@builds("subject_clause")
def _subject_clause(meta: Any, subject: Any, pred: Any) -> Clause:
    c = _clause(pred)
    check_agreement(subject, c.action)
    c.action = with_subject(c.action, subject, meta)
    c.form_subject = "written"
    return c


@builds("subject_each_clause")
def _subject_each_clause(meta: Any, subject: Any, pred: Any) -> Clause:
    """ "One or two target creatures each gain haste", "They each deal damage
    equal to their power ...": the instruction is each object's (the verb
    agrees with "each", 608.2c)."""
    c = _clause(pred)
    c.action = with_subject(c.action, subject, meta)
    c.form_subject = "written each"
    return c


@builds("may_clause")
def _may_clause(meta: Any, subject: Any, pred: Any) -> Clause:
    c = _clause(pred)
    action = with_subject(c.action, subject, meta) if _subject_field(c.action) else c.action
    c.action = MayDo(action, subject, span=span(meta))
    c.form_subject = "written"
    return c


@builds("may_shared_clause")
def _may_shared_clause(meta: Any, pred: Any) -> Clause:
    """ "they may copy this spell and may choose a new target for the copy":
    the player of the clause before may (the sentence gives the subject)."""
    c = _clause(pred)
    c.action = MayDo(c.action, None, span=span(meta))
    c.form_subject = "may shared"
    return c


@builds("may_have_clause")
def _may_have_clause(meta: Any, obj: Any, pred: Any) -> Clause:
    c = _clause(pred)
    check_agreement(obj, c.action, bare=True)
    c.action = MayDo(with_subject(c.action, obj, meta), You(), True, span=span(meta))
    c.form_subject = "written"
    return c


@builds("may_have_clause_subject")
def _may_have_clause_subject(meta: Any, who: Any, obj: Any, pred: Any) -> Clause:
    c = _clause(pred)
    check_agreement(obj, c.action, bare=True)
    c.action = MayDo(with_subject(c.action, obj, meta), who, True, span=span(meta))
    c.form_subject = "written"
    return c


@builds("have_clause")
def _have_clause(meta: Any, obj: Any, pred: Any) -> Clause:
    c = _clause(pred)
    check_agreement(obj, c.action, bare=True)
    c.action = Have(with_subject(c.action, obj, meta), span=span(meta))
    return c


# --------------------------------------------------------------------------
# Sentences
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sentence(Node):
    """Instructions carried out in order: "A, then B." / "A and B." / "A.".

    ``joiners`` are the words between the instructions as written; ``forms``
    how each clause was written; ``where_x`` the value of ", where X is ..."."""

    actions: tuple[Any, ...]
    joiners: tuple[str, ...] = ()
    where_x: Any = None
    forms: tuple[ClauseForm, ...] = ()
    where_letter: str = "X"
    where_index: int = -1  # the clause ", where X is ..." follows, when not the last


@dataclass(frozen=True, slots=True)
class IfSentence(Node):
    """ "If [condition], [instructions]." — ``instead`` when it replaces the
    sentence before it ("..., instead ..." or "... instead.")."""

    condition: Any
    body: Sentence
    instead: Literal["", "before", "after"] = ""
    trailing: Literal["", "if", "unless"] = ""  # "Counter target spell if it was kicked."
    then: bool = False  # "Then if it wasn't kicked, discard three cards."
    lead: bool = False  # "Unless you pay {B}{B}{B}, tap this creature.": the "unless" written first


@dataclass(frozen=True, slots=True)
class LeadSentence(Node):
    """A sentence with a lead-in that isn't "if": "Otherwise, ...", "Then
    ...", "... instead.", "For each T, ...", "Until end of turn, ...", "As
    long as C, ..." (with ``condition``).  ``kind`` names the lead."""

    kind: str
    body: Sentence
    condition: Any = None
    per: Any = None
    duration: Any = None


@dataclass(frozen=True, slots=True)
class SameIsTrue(Node):
    """ "The same is true for creature spells you control and creature cards
    you own that aren't on the battlefield.", "The same is true for fear,
    first strike, and trample.": the sentence before, again for other
    objects (``what``) or for each other keyword (``keywords``)."""

    what: Any = None
    keywords: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class ReflexiveTrigger(Node):
    """ "When you do, ..." (603.12): a triggered ability made by the
    instruction before it."""

    body: Any  # a Sentence, or an Effect of modes ("When you do, choose one —")
    word: str = "When"


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Node):
    """ "At the beginning of the next end step, ..." (603.7): a delayed
    triggered ability made when the sentence is carried out."""

    word: str
    trigger: Any
    body: Any  # the sentence (a Sentence, an IfSentence...), or an Effect of modes
    condition: Any = None


@dataclass(frozen=True, slots=True)
class DelayedTriggerFor(Node):
    """ "Until end of turn, whenever a creature you control dies, ..." (603.7):
    a delayed triggered ability that triggers for a ``duration``, each time
    its event happens."""

    duration: Any
    trigger: DelayedTrigger


@dataclass(frozen=True, slots=True)
class ActivateOnly(Node):
    """ "Activate only as a sorcery." (602.5): when an activated ability may
    be activated; ``form`` "this ability" for the older "Activate this
    ability only ..."."""

    timings: tuple[Any, ...]
    form: str = ""


@dataclass(frozen=True, slots=True)
class AnyPlayerMayActivate(Node):
    """ "Any player may activate this ability [but only ...]." (602.2: an
    activated ability whose activation isn't limited to its controller)."""

    timing: Any = None


@dataclass(frozen=True, slots=True)
class TriggersOnce(Node):
    """ "This ability triggers only once each turn." (603.2h)."""


@dataclass(frozen=True, slots=True)
class DoOnlyOnce(Node):
    """ "Do this only once each turn." after an optional instruction of a
    triggered ability: once it has been done this turn, later resolutions
    don't offer it."""


@dataclass(frozen=True, slots=True)
class Modes(Node):
    """"Choose one —" and a line for each mode (700.2).  ``count_if`` is
    "If this spell was kicked, choose any number instead.": with
    ``condition`` true, ``count_if`` replaces ``count``."""

    count: str
    modes: tuple[Any, ...]
    condition: Any = None
    count_if: str | None = None
    rider: str = ""  # "same mode more than once", "hasn't been chosen"


@dataclass(frozen=True, slots=True)
class Effect(Node):
    """One or more sentences of instructions, carried out in order (608.2c)."""

    sentences: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class ModeLabel(Node):
    """A labelled mode ("Lesson of ... — "): the label carries no rules meaning."""

    label: str
    effect: Effect


# ---- body ------------------------------------------------------------------


@builds("body")
def _body(meta: Any, *items: Any) -> Sentence:
    clauses: list[Clause] = []
    joiners: list[str] = []
    for it in items:
        if isinstance(it, str):
            joiners.append(it)
        else:
            clauses.append(_clause(it))
    where: WhereX | None = None
    where_index = -1
    actions: list[Any] = []
    forms: list[ClauseForm] = []
    prev_subject: Any = None
    for i, c in enumerate(clauses):
        action = c.action
        form = c.form_subject
        if form == "elided":
            pass
        elif form == "may shared":
            if i == 0 or prev_subject is None:
                raise TextError("'may' with no subject before it to share", span=action.span)
            inner = action.action
            inner = with_subject(inner, prev_subject) if _subject_field(inner) else inner
            action = MayDo(inner, prev_subject, span=action.span)
            form = "shared"
        elif form == "written":
            prev_subject = subject_of(action)
        elif i > 0 and prev_subject is not None and _shares_subject(c, action, prev_subject, meta):
            action = with_subject(action, prev_subject)
            form = "shared"
        else:
            _check_imperative(action)
        if c.where is not None:
            if where is not None:
                raise TextError("two 'where X is' in one sentence", span=span(meta))
            where = c.where
            where_index = i if i < len(clauses) - 1 else -1
        if concern("verbs").older_shuffle(action) and (i >= len(joiners) or joiners[i] != "and"):
            action = dataclasses.replace(action, into=None, form="")  # "then shuffle your library." is "then shuffle."
        actions.append(action)
        forms.append(ClauseForm(form, c.tails))  # type: ignore[arg-type]
    return Sentence(tuple(actions), tuple(joiners), where.value if where else None, tuple(forms),
                    where.letter if where else "X", where_index, span=span(meta))  # fmt: skip


def _check_imperative(action: Any) -> None:
    """A clause with no subject is an instruction to the player, its verb
    bare ("Draw a card"); "has the power of ..." with no subject has lost it."""
    where = getattr(action, "span", None)
    word = word_at(where)
    if word is None or where is None:
        return
    other = _verb_forms().get(word.lower())
    if other is not None and _singular_form(word.lower()) and other != word.lower():
        raise TextError(f"'{word}' has no subject", span=Span(where.line, where.column, where.line, where.column + len(word)),
                        hint=f"name what {word} (\"this creature {word} ...\"), or write '{other}' for an instruction")  # fmt: skip


def _shares_subject(c: Clause, action: Any, subject: Any, meta: Any) -> bool:
    """Does a clause without a subject share the one before it?  "Target
    player draws a card and loses 1 life": yes (the verb says "loses");
    "Tap target creature and draw a card": no subject to share."""
    if not _subject_field(action):
        return False
    word = word_at(action.span)
    if word is None:
        return True
    if is_plural(subject) or isinstance(subject, You):
        return True
    low = word.lower()
    return low.endswith("s") or low in _NO_AGREEMENT


_NO_AGREEMENT = {"doesn't", "isn't", "can't", "can", "must", "may", "wasn't", "hasn't", "also"}


for _rule, _word in (
    ("join_and", "and"), ("join_then", ", then"), ("join_comma_and", ", and"),
    ("join_comma_then", ", then"), ("join_comma", ","), ("join_comma_and_then", ", and then"),
    ("join_and_then", "and then"), ("join_or", "or"), ("join_comma_or", ", or"),
):  # fmt: skip
    BUILDERS[_rule] = (lambda w: lambda meta: w)(_word)


# ---- sentence kinds ----------------------------------------------------------


@builds("plain_sentence")
def _plain(meta: Any, body: Sentence) -> Any:
    return _respan(body, meta)


def _respan(s: Sentence, meta: Any) -> Sentence:
    return replace(s, span=span(meta))


@builds("if_sentence")
def _if(meta: Any, condition: Any, body: Sentence) -> IfSentence:
    return IfSentence(condition, body, span=span(meta))


@builds("if_instead_after")
def _if_instead_after(meta: Any, condition: Any, body: Sentence) -> IfSentence:
    return IfSentence(condition, body, "after", span=span(meta))


@builds("if_instead_before")
def _if_instead_before(meta: Any, condition: Any, body: Sentence) -> IfSentence:
    return IfSentence(condition, body, "before", span=span(meta))


@builds("then_if_sentence")
def _then_if(meta: Any, condition: Any, body: Sentence) -> IfSentence:
    return IfSentence(condition, body, then=True, span=span(meta))


@builds("then_unless_sentence")
def _then_unless(meta: Any, body: Sentence, condition: Any) -> IfSentence:
    return IfSentence(condition, body, trailing="unless", then=True, span=span(meta))


@builds("then_trailing_if_sentence")
def _then_trailing_if(meta: Any, body: Sentence, condition: Any) -> IfSentence:
    return IfSentence(condition, body, trailing="if", then=True, span=span(meta))


@builds("trailing_if_sentence")
def _trailing_if(meta: Any, body: Sentence, condition: Any) -> IfSentence:
    return IfSentence(condition, body, trailing="if", span=span(meta))


@builds("trailing_unless_sentence")
def _trailing_unless(meta: Any, body: Sentence, condition: Any) -> IfSentence:
    return IfSentence(condition, body, trailing="unless", span=span(meta))


BUILDERS["same_is_true"] = lambda meta, what: SameIsTrue(what, span=span(meta))
BUILDERS["same_is_true_keywords"] = lambda meta, kws: SameIsTrue(None, tuple(kws), span=span(meta))


@renders(SameIsTrue)
def _r_same_is_true(r: Any, n: SameIsTrue, **ctx: Any) -> str:
    if n.what is not None:
        return f"The same is true for {r(n.what)}."
    from .verbs import keyword_list_text

    return f"The same is true for {keyword_list_text(r, n.keywords)}."


@builds("leading_unless_sentence")
def _leading_unless(meta: Any, condition: Any, body: Sentence) -> IfSentence:
    """ "Unless you pay {B}{B}{B}, tap this creature and sacrifice a land.":
    the same as the "unless" written after the instructions."""
    return IfSentence(condition, body, trailing="unless", lead=True, span=span(meta))


@builds("for_each_unless_sentence")
def _for_each_unless(meta: Any, per: Any, body: Sentence, condition: Any) -> LeadSentence:
    """ "For each creature, its controller sacrifices it unless they pay X
    life.": the instructions for each one, each unless its player pays."""
    return LeadSentence("for each unless", body, condition, per=per, span=span(meta))


@builds("instead_if_sentence")
def _instead_if(meta: Any, body: Sentence, condition: Any) -> IfSentence:
    return IfSentence(condition, body, "after", "if", span=span(meta))


BUILDERS["otherwise_sentence"] = lambda meta, body: LeadSentence("otherwise", body, span=span(meta))
BUILDERS["then_sentence"] = lambda meta, body: LeadSentence("then", body, span=span(meta))
BUILDERS["instead_sentence"] = lambda meta, body: LeadSentence("instead", body, span=span(meta))
BUILDERS["for_each_sentence"] = lambda meta, per, body: LeadSentence("for each", body, per=per, span=span(meta))
BUILDERS["as_long_as_sentence"] = lambda meta, cond, body: LeadSentence("as long as", body, cond, span=span(meta))
BUILDERS["for_as_long_as_sentence"] = lambda meta, body, cond: LeadSentence("for as long as", body, cond, span=span(meta))
BUILDERS["trailing_as_long_as_sentence"] = lambda meta, body, cond: LeadSentence("trailing as long as", body, cond, span=span(meta))


@builds("duration_first_sentence")
def _duration_first(meta: Any, duration: Any, body: Sentence) -> LeadSentence:
    actions = []
    for a in body.actions:
        inner = a.action if isinstance(a, MayDo) else a
        if not getattr(inner, "DURATION", False):
            raise TextError("this instruction doesn't take a duration", span=duration.span)
        changes: dict[str, Any] = {"duration": duration}
        if hasattr(inner, "until_eot"):
            changes["until_eot"] = is_until_eot(duration)
        inner = dataclasses.replace(inner, **changes)
        actions.append(dataclasses.replace(a, action=inner) if isinstance(a, MayDo) else inner)
    body = dataclasses.replace(body, actions=tuple(actions))
    return LeadSentence("duration", body, duration=duration, span=span(meta))


@builds("when_you_do")
def _when_you_do(meta: Any, body: Sentence) -> ReflexiveTrigger:
    return ReflexiveTrigger(body, span=span(meta))


@builds("delayed_trigger")
def _delayed(meta: Any, word: str, trigger: Any, body: Any) -> Any:
    """ "When/Whenever/At [trigger], [sentence]": a triggered ability's first
    sentence (card.py makes the paragraph a TriggeredAbility), or, inside an
    effect, a delayed (603.7) or reflexive ("When you do", 603.12) trigger."""
    if _you_do(trigger):
        return ReflexiveTrigger(body, word, span=span(meta))
    return DelayedTrigger(word, trigger, body, span=span(meta))


def _you_do(trigger: Any) -> bool:
    """ "When you do" (603.12): the trigger is the instruction before."""
    EventTrigger = concern("triggers").EventTrigger

    return (
        isinstance(trigger, EventTrigger) and isinstance(trigger.subject, You)
        and len(trigger.events) == 1 and trigger.events[0].kind == "does"
    )  # fmt: skip


@builds("delayed_trigger_for")
def _delayed_for(meta: Any, duration: Any, word: str, trigger: Any, body: Any) -> DelayedTriggerFor:
    if _you_do(trigger):
        raise TextError("'when you do' follows the instruction it refers to, not a duration", span=duration.span)
    return DelayedTriggerFor(duration, DelayedTrigger(word, trigger, body, span=span(meta)), span=span(meta))


@builds("trigger_modal")
def _trigger_modal(meta: Any, word: str, trigger: Any, modes: Modes) -> Any:
    if _you_do(trigger):  # "When you do, choose one —" (603.12)
        return ReflexiveTrigger(Effect((modes,), span=modes.span), word, span=span(meta))
    return DelayedTrigger(word, trigger, Effect((modes,), span=modes.span), span=span(meta))


@dataclass(frozen=True, slots=True)
class ItsA(Node):
    """ "It's an enchantment." after an instruction that put it somewhere:
    from then on it is that, and no longer what it was (205.1a: the new
    types replace the old ones); ``also``: "It's a Spirit in addition to
    its other types." keeps the old ones (205.1b)."""

    words: Any
    also: bool = False
    kept: str = ""  # "in addition to its other colors and types": what else it keeps, where not the usual


@builds("its_a")
def _its_a(meta: Any, words: Any) -> ItsA:
    return ItsA(words, span=span(meta))


@builds("its_a_also")
def _its_a_also(meta: Any, words: Any, kept: Any) -> ItsA:
    kept = str(kept)
    return ItsA(words, True, "" if kept == "in addition to its other types" else kept, span=span(meta))


@renders(ItsA)
def _r_its_a(r: Any, n: ItsA, **ctx: Any) -> str:
    also = f" {n.kept}" if n.kept else " in addition to its other types"
    return _its_text(r, n.words, "it's", ctx, also if n.also else "")


def _its_text(r: Any, words: Any, lead: str, ctx: dict[str, Any], tail: str = "") -> str:
    """ "It's an enchantment." / "It's still a land.": the article agrees with the words."""
    from ..render import article
    from .objects import words_text

    text = words_text(r, words, False)
    return _cap(f"{lead} {article(text)} {text}{tail}.", ctx)


@dataclass(frozen=True, slots=True)
class ItsStill(Node):
    """ "It's still a land." (205.1b: a type change keeps the old types)."""

    words: Any


@builds("its_still")
def _its_still(meta: Any, words: Any) -> ItsStill:
    return ItsStill(words, span=span(meta))


@renders(ItsStill)
def _r_its_still(r: Any, n: ItsStill, **ctx: Any) -> str:
    return _its_text(r, n.words, "it's still", ctx)


@dataclass(frozen=True, slots=True)
class NewTargetMustBe(Node):
    """ "The new target must be a player." after "Change the target of ...":
    what the new target of the spell or ability may be (115.7)."""

    words: Any


@builds("new_target_must_be")
def _new_target_must_be(meta: Any, words: Any) -> NewTargetMustBe:
    return NewTargetMustBe(words, span=span(meta))


@renders(NewTargetMustBe)
def _r_new_target_must_be(r: Any, n: NewTargetMustBe, **ctx: Any) -> str:
    return _its_text(r, n.words, "the new target must be", ctx)


@dataclass(frozen=True, slots=True)
class NewWordCantBe(Node):
    """ "The new creature type can't be Wall." after a text-changing effect
    (612): a word the replaced word may not become."""

    kind: str
    word: str


@builds("new_word_cant_be")
def _new_word_cant_be(meta: Any, kind: str, word: Any) -> NewWordCantBe:
    return NewWordCantBe(kind, str(word), span=span(meta))


@renders(NewWordCantBe)
def _r_new_word_cant_be(r: Any, n: NewWordCantBe, **ctx: Any) -> str:
    return _cap(f"the new {n.kind} can't be {n.word}.", ctx)


@dataclass(frozen=True, slots=True)
class EffectDoesntRemove(Node):
    """ "This effect doesn't remove [this]." / "... doesn't remove Auras."
    after a static ability that grants protection (702.16): the Auras named
    stay attached though the protection would make them fall off (704.5m)."""

    what: Any


@builds("effect_doesnt_remove")
def _effect_doesnt_remove(meta: Any, what: Any) -> EffectDoesntRemove:
    return EffectDoesntRemove(what, span=span(meta))


@renders(EffectDoesntRemove)
def _r_effect_doesnt_remove(r: Any, n: EffectDoesntRemove, **ctx: Any) -> str:
    return _cap(f"this effect doesn't remove {r(n.what)}.", ctx)


@dataclass(frozen=True, slots=True)
class EffectAction(Node):
    """A special action an effect offers (116.2c, 116.2d): "You may pay {W} to
    end this effect." (the continuous effect of the ability ends), "Any player
    may pay {2} for that player to ignore this effect until end of turn." (a
    static ability's effect doesn't apply to that player for the duration).
    ``body`` is what the player does; ``ignore`` for the second form."""

    body: Sentence
    ignore: bool = False
    duration: Any = None


@builds("end_effect_sentence")
def _end_effect(meta: Any, body: Sentence) -> EffectAction:
    return EffectAction(body, span=span(meta))


@builds("ignore_effect_sentence")
def _ignore_effect(meta: Any, body: Sentence, duration: Any) -> EffectAction:
    return EffectAction(body, True, duration, span=span(meta))


@renders(EffectAction)
def _r_effect_action(r: Any, n: EffectAction, **ctx: Any) -> str:
    body = body_text(r, n.body)
    if n.ignore:
        return _cap(f"{body} for that player to ignore this effect {r(n.duration)}.", ctx)
    return _cap(f"{body} to end this effect.", ctx)


@dataclass(frozen=True, slots=True)
class DeckRule(Node):
    """A rule for building a deck (100.2a, 100.4), not for playing a game: "A
    deck can have any number of cards named [this].", "A deck can have up
    to seven cards named [this]." (``up_to`` that number; None: any number),
    and "Remove [this] from your deck before playing if you're not playing
    for ante." (``ante``, 407.1)."""

    card: Any
    up_to: Any = None
    ante: bool = False


BUILDERS["deck_any_number"] = lambda meta: None
BUILDERS["deck_up_to"] = lambda meta, n: n
BUILDERS["deck_can_have"] = lambda meta, up_to, card: DeckRule(card, up_to, span=span(meta))
BUILDERS["remove_unless_ante"] = lambda meta, card: DeckRule(card, ante=True, span=span(meta))


@renders(DeckRule)
def _r_deck_rule(r: Any, n: DeckRule, **ctx: Any) -> str:
    if n.ante:
        return _cap(f"remove {r(n.card)} from your deck before playing if you're not playing for ante.", ctx)
    count = "any number of" if n.up_to is None else f"up to {r(n.up_to)}"
    return _cap(f"a deck can have {count} cards named {r(n.card)}.", ctx)


@dataclass(frozen=True, slots=True)
class CastOnly(Node):
    """ "Cast [this] only during combat." (601.3): when the spell may be cast."""

    what: Any
    timings: tuple[Any, ...]


BUILDERS["cast_only"] = lambda meta, what, t: CastOnly(what, (t,), span=span(meta))
BUILDERS["cast_only_two"] = lambda meta, what, a, b: CastOnly(what, (a, b), span=span(meta))


@renders(CastOnly)
def _r_cast_only(r: Any, n: CastOnly, **ctx: Any) -> str:
    parts = [_timing(r, t) for t in n.timings]
    return _cap(f"cast {r(n.what)} only " + " and only ".join(parts) + ".", ctx)


BUILDERS["new_targets_sentence"] = lambda meta: "new_targets"
BUILDERS["activate_only"] = lambda meta, t: ActivateOnly((t,), span=span(meta))
BUILDERS["any_player_activates"] = lambda meta, *t: AnyPlayerMayActivate(t[0] if t else None, span=span(meta))
BUILDERS["activate_only_two"] = lambda meta, a, b: ActivateOnly((a, b), span=span(meta))
BUILDERS["activate_once"] = lambda meta: ActivateOnly(("once each turn",), span=span(meta))
BUILDERS["activate_only_once"] = lambda meta: ActivateOnly(("once",), span=span(meta))  # 602.5b, once ever
BUILDERS["activate_this_only"] = lambda meta, t: ActivateOnly((t,), "this ability", span=span(meta))
BUILDERS["activate_this_only_two"] = lambda meta, a, b: ActivateOnly((a, b), "this ability", span=span(meta))
BUILDERS["activate_this_only_comma"] = lambda meta, a, b: ActivateOnly((a, b), "this ability,", span=span(meta))
BUILDERS["activate_only_comma"] = lambda meta, a, b: ActivateOnly((a, b), ",", span=span(meta))
BUILDERS["activate_this_once"] = lambda meta: ActivateOnly(("once each turn",), "this ability", span=span(meta))
# "Activate this ability no more than twice each turn." (602.5b): the older
# wording of "Activate only twice each turn."
BUILDERS["activate_no_more_than"] = lambda meta, t: ActivateOnly((t,), "this ability no more than", span=span(meta))
BUILDERS["times_each_turn"] = lambda meta, *toks: " ".join(str(t).lower() for t in toks)


@dataclass(frozen=True, slots=True)
class NextTime(Node):
    """ "The next time [a source] would deal damage this turn, prevent that
    damage.": a one-shot replacement effect (614.1a, 615.3); ``instead``
    where the word "instead" stands ("after" the body, "before" it, or ""
    when not written)."""

    subject: Any
    event: Any
    duration: Any
    body: Any
    instead: str = ""


def _next_time_builder(instead: str) -> Any:
    def build(meta: Any, subject: Any, event: Any, *rest: Any) -> NextTime:
        duration = rest[0] if len(rest) == 2 else None
        return NextTime(subject, event, duration, rest[-1], instead, span=span(meta))

    return build


BUILDERS["next_time_sentence"] = _next_time_builder("")
BUILDERS["next_time_instead_after"] = _next_time_builder("after")


def _next_time_deal(instead: str) -> Any:
    """ "The next time target creature would deal damage this turn, prevent
    that damage" (615.1a), "..., that damage is dealt to [this] instead"
    (614.9): damage to anything, so no recipient is written."""

    def build(meta: Any, subject: Any, *rest: Any) -> NextTime:
        from .verbs import DealDamage

        duration = rest[0] if len(rest) == 2 else None
        return NextTime(subject, DealDamage(None, None, None), duration, rest[-1], instead, span=span(meta))

    return build


BUILDERS["next_time_deal_sentence"] = _next_time_deal("")
BUILDERS["next_time_deal_instead_after"] = _next_time_deal("after")


BUILDERS["next_time_instead_before"] = _next_time_builder("before")


@renders(NextTime)
def _r_next_time(r: Any, n: NextTime, **ctx: Any) -> str:
    dur = f" {r(n.duration)}" if n.duration is not None else ""
    body = body_text(r, n.body)
    if n.instead == "after":
        body += " instead"
    elif n.instead == "before":
        body = "instead " + body
    return _cap(f"the next time {r(n.subject)} would {r(n.event, imperative=True)}{dur}, {body}.", ctx)


BUILDERS["triggers_once"] = lambda meta: TriggersOnce(span=span(meta))
BUILDERS["do_only_once"] = lambda meta: DoOnlyOnce(span=span(meta))
BUILDERS["once_each_turn_sentence"] = lambda meta, body: LeadSentence("once each turn", body, span=span(meta))


@builds("cant_be_regenerated_sentence")
def _cant_be_regenerated(meta: Any) -> Sentence:
    from .objects import ItRef
    from .verbs import CantBeRegenerated

    return Sentence((CantBeRegenerated(ItRef()),), forms=(ClauseForm("written"),), span=span(meta))


@dataclass(frozen=True, slots=True)
class StepTiming(Node):
    """ "during the declare attackers step", "before the combat damage
    step", "during your end step", "during an opponent's upkeep" (602.5):
    a step or phase, whose it is (``whose`` a possessive, None for "the")."""

    prep: str
    whose: Any
    step: str


@renders(StepTiming)
def _r_step_timing(r: Any, n: StepTiming, **ctx: Any) -> str:
    whose = r(n.whose) if n.whose is not None else "the"
    return f"{n.prep} {whose} {n.step}"


@builds("activation_timing")
def _activation_timing(meta: Any, *parts: Any) -> Any:
    from lark import Token

    step = next((p for p in parts if type(p) is str), None)
    nodes = [p for p in parts if isinstance(p, Node)]
    if step is not None:  # "during the declare attackers step", "during your upkeep"
        return StepTiming(str(parts[0]).lower(), nodes[0] if nodes else None, step, span=span(meta))
    if nodes:
        return nodes[0]  # "Activate only if ..."
    return " ".join(str(t).lower() if str(t) != "opponent's" else str(t) for t in parts if isinstance(t, Token))


def _timing(r: Any, t: Any) -> str:
    """One timing of a "Cast/Activate only ..." sentence."""
    if isinstance(t, str):
        return t
    if isinstance(t, StepTiming):
        return r(t)
    return "if " + r(t)


# ---- effects and modes ---------------------------------------------------------


@builds("effect")
def _effect(meta: Any, *sentences: Any) -> Effect:
    return Effect(_merge(sentences, meta), span=span(meta))


def _merge(sentences: tuple[Any, ...], meta: Any) -> tuple[Any, ...]:
    out: list[Any] = []
    for s in sentences:
        if _is_new_targets(s):
            # "You may choose new targets for the copy." belongs to the copy before it.
            if not out or not _mark_new_targets(out, s.actions[0].action.what):
                raise TextError("'choose new targets for the copy' follows an instruction that copies a spell",
                                span=span(meta))  # fmt: skip
            continue
        out.append(s)
    return tuple(out)


def _is_new_targets(s: Any) -> bool:
    """ "You may choose new targets for the copy." (707.10c)."""
    Choose = concern("verbs").Choose

    if not isinstance(s, Sentence) or len(s.actions) != 1:
        return False
    a = s.actions[0]
    # "You may ...": the copy's controller; another chooser ("The player may
    # ...") stays a sentence of its own, with its subject
    return (isinstance(a, MayDo) and isinstance(a.action, Choose) and a.action.kind == "new targets"
            and (a.player is None or isinstance(a.player, You)))  # fmt: skip


def _mark_new_targets(out: list[Any], copy: Any) -> bool:
    """Mark the last instruction that copies a spell: it lets its controller
    choose new targets for ``copy`` ("the copy", "that copy", "the copies")."""
    from .verbs import CopySpell

    last = out[-1]
    if isinstance(last, DelayedTrigger):
        # "Whenever you cast a kicked spell, copy that spell. You may choose ..."
        inner = list(last.body.sentences) if isinstance(last.body, Effect) else [last.body]
        if not _mark_new_targets(inner, copy):
            return False
        body = Effect(tuple(inner), span=last.body.span) if isinstance(last.body, Effect) else inner[0]
        out[-1] = dataclasses.replace(last, body=body)
        return True
    body = last.body if isinstance(last, IfSentence | LeadSentence) else last
    if not isinstance(body, Sentence):
        return False
    actions = list(body.actions)
    for i in range(len(actions) - 1, -1, -1):
        a = actions[i]
        inner = a.action if isinstance(a, MayDo) else a
        if isinstance(inner, CopySpell):
            new = dataclasses.replace(inner, new_targets=True, targets_for=copy)
            actions[i] = dataclasses.replace(a, action=new) if isinstance(a, MayDo) else new
            new_body = dataclasses.replace(body, actions=tuple(actions))
            out[-1] = dataclasses.replace(last, body=new_body) if last is not body else new_body
            return True
    return False


@builds("modal_effect")
def _modal_effect(meta: Any, modes: Modes, *sentences: Any) -> Effect:
    return Effect((modes, *_merge(sentences, meta)), span=span(meta))


@builds("modal")
def _modal(meta: Any, count: str, *modes: Any) -> Modes:
    return Modes(count, modes, span=span(meta))


@builds("modal_if")
def _modal_if(meta: Any, count: str, condition: Any, count_if: str, *modes: Any) -> Modes:
    return Modes(count, modes, condition, count_if, span=span(meta))


@builds("modal_repeat")
def _modal_repeat(meta: Any, count: str, *modes: Any) -> Modes:
    return Modes(count, modes, rider="same mode", span=span(meta))


@builds("modal_unchosen")
def _modal_unchosen(meta: Any, count: str, *modes: Any) -> Modes:
    return Modes(count, modes, rider="unchosen", span=span(meta))


@builds("modal_unchosen_turn")
def _modal_unchosen_turn(meta: Any, count: str, *modes: Any) -> Modes:
    return Modes(count, modes, rider="unchosen this turn", span=span(meta))


@dataclass(frozen=True, slots=True)
class PawprintMode(Node):
    """A mode worth ``pawprints`` pawprint symbols ("{P}{P} — ...", 700.2i)."""

    pawprints: int
    effect: Effect


@dataclass(frozen=True, slots=True)
class PawprintModes(Node):
    """ "Choose up to five {P} worth of modes. You may choose the same mode
    more than once." (700.2i): modes chosen, each as often as wanted, whose
    pawprints add up to at most ``total``."""

    total: Any
    modes: tuple[PawprintMode, ...]


@builds("modal_pawprint")
def _modal_pawprint(meta: Any, total: Any, paw: Any, *modes: Any) -> PawprintModes:
    return PawprintModes(total, modes, span=span(meta))


@builds("paw_mode")
def _paw_mode(meta: Any, *parts: Any) -> PawprintMode:
    from lark import Token

    sentences = tuple(p for p in parts if not isinstance(p, Token))
    pawprints = len(parts) - len(sentences)
    return PawprintMode(pawprints, Effect(_merge(sentences, meta), span=span(meta)), span=span(meta))


@builds("mode_count")
def _mode_count(meta: Any, *toks: Any) -> str:
    return " ".join(str(t).lower() for t in toks)


@builds("mode")
def _mode(meta: Any, *sentences: Any) -> Any:
    if len(sentences) == 1 and isinstance(sentences[0], ModeLabel):
        return sentences[0]
    return Effect(_merge(sentences, meta), span=span(meta))


@builds("labelled_mode")
def _labelled_mode(meta: Any, label: str, *sentences: Any) -> ModeLabel:
    return ModeLabel(label, Effect(_merge(sentences, meta)), span=span(meta))


BUILDERS["mode_label"] = lambda meta, *toks: " ".join(str(t) for t in toks)

# ---- quoted abilities ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Quoted(Node):
    """Abilities in quotation marks that an object has or gains
    ('has "{T}: Add {G}."', 113.1c)."""

    abilities: tuple[Any, ...]


@builds("quoted")
def _quoted(meta: Any, q1: Any, ability: Any, q2: Any) -> Quoted:
    return Quoted((ability,), span=span(meta))


@builds("quoted_two")
def _quoted_two(meta: Any, q1: Any, a: Any, q2: Any, q3: Any, b: Any, q4: Any) -> Quoted:
    return Quoted((a, b), span=span(meta))


@builds("quoted_static")
def _quoted_static(meta: Any, effect: Effect) -> Any:
    from .card import triggered_or_spell

    return triggered_or_spell(effect, span(meta))


@builds("quoted_keywords")
def _quoted_keywords(meta: Any, line: Any) -> Any:
    return line


@builds("quoted_keywords_period")
def _quoted_keywords_period(meta: Any, line: Any) -> Any:
    import dataclasses

    return dataclasses.replace(line, period=True)


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def clause_text(r: Any, action: Any, form: ClauseForm | None, tails_only: bool = False) -> str:
    """One clause: the subject (if written), the verb phrase, its suffixes."""
    if tails_only:
        return _tails(r, None, form)
    if isinstance(action, MayDo):
        inner = action.action
        if action.have:
            body = f"{r(action.player)} may have {r(_subject(inner))} {_vp(r, inner, imperative=True)}"
        elif form is not None and form.subject == "shared":  # "... and may choose a new target for the copy"
            body = f"may {_vp(r, inner, imperative=True)}"
        else:
            who = action.player if action.player is not None else subject_of(inner)
            body = f"{r(who)} may {_vp(r, inner, imperative=True)}"
        return body + _tails(r, inner, form)
    if isinstance(action, Have):
        return f"have {r(_subject(action.action))} {_vp(r, action.action, imperative=True)}" + _tails(r, action.action, form)
    each = form is not None and form.subject == "written each"
    written = form is not None and form.subject in ("written", "written each")
    shared = form is not None and form.subject == "shared"
    text = _vp(r, action, imperative=not (written or shared) or each)
    if form is not None and form.subject == "elided":
        text = text.split(" ", 1)[1]  # "[put] the rest on the bottom ..."
    if written:
        subject = _subject(action)
        text = f"{r(subject)} {'each ' if each else ''}{text}"
    return text + _tails(r, action, form)


def _subject(node: Any) -> Any:
    name = _subject_field(node)
    return getattr(node, name) if name else None


def _vp(r: Any, action: Any, imperative: bool) -> str:
    return r(action, imperative=imperative)


def _tails(r: Any, action: Any, form: ClauseForm | None) -> str:
    """The suffixes of a clause in the order written; "for each" and "equal
    to" from the instruction's amount, durations from its duration."""
    order = form.tails if form is not None else ()
    out = ""
    amount = tail_of(r, action) if action is not None else ""
    duration = getattr(action, "duration", None) if getattr(action, "DURATION", False) else None
    wrote_amount = wrote_duration = False
    for word in order:
        if word in ("for each", "equal to"):
            if not wrote_amount:
                out += amount
                wrote_amount = True
        elif word == "duration":
            if duration is not None and not wrote_duration:
                out += " " + r(duration)
                wrote_duration = True
        elif word in ("where", "lead-duration"):
            continue
        elif isinstance(word, Tail) and word.word == "instead of putting it into graveyard":
            from .objects import possessive_text

            out += f" instead of putting it into {possessive_text(r, word.value)} graveyard"
        elif isinstance(word, Tail):
            out += f" {word.word} {r(word.value)}"
        else:
            out += " " + _tail_word(word)
    if not wrote_amount:
        out += amount
    if duration is not None and not wrote_duration and "duration" not in order and not _lead_duration(form):
        out += " " + r(duration)
    return out


def _lead_duration(form: Any) -> bool:
    return form is not None and "lead-duration" in form.tails


def _tail_word(word: str) -> str:
    if word == "instead of putting it into graveyard":
        return "instead of putting it into its owner's graveyard"
    return word


def body_text(r: Any, s: Sentence, lead_duration: bool = False) -> str:
    parts: list[str] = []
    for i, action in enumerate(s.actions):
        form = s.forms[i] if i < len(s.forms) else None
        if lead_duration and form is not None:
            form = ClauseForm(form.subject, (*form.tails, "lead-duration"))
        text = clause_text(r, action, form)
        if s.where_x is not None and i == s.where_index:
            text += f", where {s.where_letter} is {r(s.where_x)}"
        if i == 0:
            parts.append(text)
        else:
            joiner = s.joiners[i - 1] if i - 1 < len(s.joiners) else "and"
            parts.append((joiner if joiner.startswith(",") else " " + joiner) + " " + text)
    text = "".join(parts)
    if s.where_x is not None and s.where_index < 0:
        text += f", where {s.where_letter} is {r(s.where_x)}"
    return text


def _cap(text: str, ctx: dict[str, Any]) -> str:
    """A sentence starts with a capital letter, except right after a trigger's comma."""
    return capitalize(text) if ctx.get("capital", True) else text


@renders(Sentence)
def _r_sentence(r: Any, n: Sentence, **ctx: Any) -> str:
    return _cap(body_text(r, n), ctx) + "."


@renders(IfSentence)
def _r_if(r: Any, n: IfSentence, **ctx: Any) -> str:
    body = body_text(r, n.body)
    cond = r(n.condition)
    if n.trailing == "if":
        return _cap(f"{'then ' if n.then else ''}{body}{' instead' if n.instead else ''} if {cond}.", ctx)
    if n.trailing == "unless" and n.lead:
        return _cap(f"unless {cond}, {body}.", ctx)
    if n.trailing == "unless":
        return _cap(f"{'then ' if n.then else ''}{body} unless {cond}.", ctx)
    if n.then:
        return _cap(f"then if {cond}, {body}.", ctx)
    if n.instead == "before":
        return _cap(f"if {cond}, instead {body}.", ctx)
    if n.instead == "after":
        return _cap(f"if {cond}, {body} instead.", ctx)
    return _cap(f"if {cond}, {body}.", ctx)


@renders(LeadSentence)
def _r_lead(r: Any, n: LeadSentence, **ctx: Any) -> str:
    if n.kind == "duration":
        return _cap(f"{r(n.duration)}, {body_text(r, n.body, lead_duration=True)}.", ctx)
    body = body_text(r, n.body)
    if n.kind == "otherwise":
        return _cap(f"otherwise, {body}.", ctx)
    if n.kind == "then":
        return _cap(f"then {body}.", ctx)
    if n.kind == "instead":
        return _cap(f"{body} instead.", ctx)
    if n.kind == "for each":
        return _cap(f"for each {r(n.per, per=True)}, {body}.", ctx)
    if n.kind == "for each unless":
        return _cap(f"for each {r(n.per, per=True)}, {body} unless {r(n.condition)}.", ctx)
    if n.kind == "as long as":
        return _cap(f"as long as {r(n.condition)}, {body}.", ctx)
    if n.kind == "for as long as":
        return _cap(f"{body} for as long as {r(n.condition)}.", ctx)
    if n.kind == "trailing as long as":
        return _cap(f"{body} as long as {r(n.condition)}.", ctx)
    if n.kind == "once each turn":
        return _cap(f"once each turn, {body}.", ctx)
    raise TextError(f"no wording for a '{n.kind}' sentence")


def _inner(r: Any, body: Any) -> str:
    if isinstance(body, Sentence):
        return body_text(r, body) + "." + _copy_note(r, body)
    if isinstance(body, Effect):
        return effect_text(r, body, capital=False)
    return r(body, capital=False)


@renders(ReflexiveTrigger)
def _r_reflexive(r: Any, n: ReflexiveTrigger, **ctx: Any) -> str:
    return _cap(f"{n.word.lower()} you do, {_inner(r, n.body)}", ctx)


@renders(DelayedTrigger)
def _r_delayed(r: Any, n: DelayedTrigger, **ctx: Any) -> str:
    cond = f" if {r(n.condition)}," if n.condition is not None else ""
    return _cap(f"{n.word.lower()} {r(n.trigger)},{cond} {_inner(r, n.body)}", ctx)


@renders(DelayedTriggerFor)
def _r_delayed_for(r: Any, n: DelayedTriggerFor, **ctx: Any) -> str:
    return f"{_cap(r(n.duration), ctx)}, {r(n.trigger, capital=False)}"


@renders(ActivateOnly)
def _r_activate_only(r: Any, n: ActivateOnly, **ctx: Any) -> str:
    parts = [_timing(r, t) for t in n.timings]
    if n.form == "this ability no more than":
        return f"Activate this ability no more than {parts[0]}."
    head = "Activate this ability only " if n.form.startswith("this") else "Activate only "
    joiner = ", " if n.form.endswith(",") else " and only "
    return head + joiner.join(parts) + "."


@renders(AnyPlayerMayActivate)
def _r_any_player_activates(r: Any, n: AnyPlayerMayActivate, **ctx: Any) -> str:
    but = f" but only {_timing(r, n.timing)}" if n.timing is not None else ""
    return f"Any player may activate this ability{but}."


@renders(DoOnlyOnce)
def _r_do_only_once(r: Any, n: DoOnlyOnce, **ctx: Any) -> str:
    return "Do this only once each turn."


@renders(TriggersOnce)
def _r_triggers_once(r: Any, n: TriggersOnce, **ctx: Any) -> str:
    return "This ability triggers only once each turn."


@renders(MayDo)
def _r_may(r: Any, n: MayDo, **ctx: Any) -> str:
    return clause_text(r, n, ClauseForm("written"))


@renders(Have)
def _r_have(r: Any, n: Have, **ctx: Any) -> str:
    return clause_text(r, n, None)


@renders(Tail)
def _r_tail(r: Any, n: Tail, **ctx: Any) -> str:
    return n.word


@renders(ClauseForm)
def _r_clause_form(r: Any, n: ClauseForm, **ctx: Any) -> str:
    return ""


def _copy_note(r: Any, s: Any) -> str:
    """ " You may choose new targets for the copy." after a sentence that copies."""
    CopySpell = concern("verbs").CopySpell

    body = s.body if isinstance(s, IfSentence | LeadSentence) else s
    if not isinstance(body, Sentence):
        return ""
    for a in body.actions:
        inner = a.action if isinstance(a, MayDo) else a
        if isinstance(inner, CopySpell) and inner.new_targets:
            if inner.targets_for is not None:
                return f" You may choose new targets for {r(inner.targets_for)}."
            plural = inner.times is not None or inner.per is not None
            return f" You may choose new targets for the cop{'ies' if plural else 'y'}."
    return ""


def effect_text(r: Any, n: Effect, capital: bool = True) -> str:
    parts: list[str] = []
    for i, s in enumerate(n.sentences):
        text = r(s, capital=capital or i > 0)
        if text.endswith('.".'):
            text = text[:-1]  # the period inside the quotation ends the sentence
        parts.append(text + _copy_note(r, s))
    out = ""
    for p in parts:
        if not out:
            out = p
        elif p.startswith("\n") or out.endswith("\n") or out.rstrip().endswith("—"):
            out += p
        else:
            out += (" " if not _is_modal_text(out) else "\n") + p
    return out


def _is_modal_text(text: str) -> bool:
    return "\n•" in text


@renders(Effect)
def _r_effect(r: Any, n: Effect, **ctx: Any) -> str:
    return effect_text(r, n)


@renders(Modes)
def _r_modes(r: Any, n: Modes, **ctx: Any) -> str:
    head = _cap(f"choose {n.count}", ctx)
    if n.rider == "unchosen":
        head += " that hasn't been chosen"
    elif n.rider == "unchosen this turn":
        head += " that hasn't been chosen this turn"
    if n.condition is not None:
        head += f". If {r(n.condition)}, choose {n.count_if} instead."
    elif n.rider == "same mode":
        head += ". You may choose the same mode more than once."
    else:
        head += " —"
    from ..reminders import reminder_for

    def mode_text(m: Any) -> str:
        text = r(m)
        note = reminder_for(m) if r.reminders else ""
        return f"{text} ({note})" if note else text

    return head + "".join("\n• " + mode_text(m) for m in n.modes)


@renders(PawprintModes)
def _r_pawprint_modes(r: Any, n: PawprintModes, **ctx: Any) -> str:
    head = _cap(f"choose up to {r(n.total)} {{P}} worth of modes. You may choose the same mode more than once.", ctx)
    return head + "".join(f"\n{r(m)}" for m in n.modes)


@renders(PawprintMode)
def _r_pawprint_mode(r: Any, n: PawprintMode, **ctx: Any) -> str:
    return "{P}" * n.pawprints + f" — {r(n.effect)}"


@renders(ModeLabel)
def _r_mode_label(r: Any, n: ModeLabel, **ctx: Any) -> str:
    return f"{n.label} — {r(n.effect)}"


@renders(Quoted)
def _r_quoted(r: Any, n: Quoted, **ctx: Any) -> str:
    from .card import ability_text

    return " and ".join(f'"{ability_text(r, a, quoted=True)}"' for a in n.abilities)
