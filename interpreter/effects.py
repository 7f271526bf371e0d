"""Carrying out an effect's instructions (CR 608.2c-h).

Sentences are followed in order, each kind carried out by its function in
:data:`INSTRUCTIONS`.  A sentence that a later "If ..., instead" sentence
replaces is skipped when that condition holds; "If [condition], ..."
sentences run only when it holds; "you may" asks the player (K8) and
records whether it was done for "If you do" (the instructions that share
its subject, "you may search ..., put it ..., then shuffle", are part of
what the player may do); a modal instruction carries out
the modes chosen when the spell or ability was put on the stack, in printed
order (700.2, 608.2c).  Each instruction is carried out by :func:`do`
through :data:`ACTIONS`, one function in a family module of
:mod:`cardtext.interpreter.actions`, registered there with the parts of it the engine
can't carry out yet (:data:`LIMITS`); an instruction the interpreter doesn't
know raises :class:`~cardtext.interpreter.errors.Unsupported` — never a silent no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from .actions import ACTIONS, LIMITS, do, limit
from .actions.common import source_name
from .actions.registry import DONE_VERBS, describe_action
from .choices import Decision, ask
from .context import Ctx
from .delayed import reflexive
from .errors import Unsupported
from .keywords import SpreeModes
from .objects import ObjectId, PlayerId
from .statics import own_activation_change


def applies(ctx: Ctx, s: A.IfSentence) -> bool:
    """Is the instruction of an "if" sentence carried out?  "[do this] unless
    [condition]" does it when the condition is false; in a trailing "if" or
    "unless" ("Counter target spell if it was kicked"), "it" is what the
    instruction acts on (:func:`~cardtext.interpreter.conditions.sentence_condition`)."""
    from .conditions import does_action_kind, sentence_condition

    if isinstance(s.condition, A.DoesAction) and flip_outcome(s.condition) is not None:
        return _flipped(ctx, s.condition) != (s.trailing == "unless")
    if isinstance(s.condition, A.DoesAction) and does_action_kind(s.condition) is None:
        return not _player_does(ctx, s)
    return ctx.holds(sentence_condition(s)) != (s.trailing == "unless")


FLIP_OUTCOMES = ("win the flip", "lose the flip")
"""The outcomes of a coin flip "if [a player] ..." reads (705.1)."""


def flip_outcome(cond: A.DoesAction) -> str | None:
    """ "if you win the flip", "if you lose the flip": the outcome named (705.1), else None."""
    action = cond.action
    if isinstance(action, A.KeywordAction) and action.verb in FLIP_OUTCOMES and not cond.tails and cond.where_x is None:
        return action.verb
    return None


def _flipped(ctx: Ctx, cond: A.DoesAction) -> bool:
    """705.1: of the players named, whether one flipped a coin in this effect
    and won (or lost) the flip."""
    verb = flip_outcome(cond)
    flipped = [p for p in ctx.players(cond.subject) if p in ctx.won]
    return any(ctx.won[p] == (verb == "win the flip") for p in flipped)


NAMED_DECIDERS = (A.You,)
"""Who "unless [a player] does ..." may name by itself, whatever the
instruction before it is about ("sacrifice it unless you pay {2}"): the
controller of the ability, who carries out both."""


def unless_problem(s: A.IfSentence) -> str | None:
    """Why "[X] unless [a player] [does Y]" can't be played (None when it
    can): it is read only after the instruction ("Target opponent sacrifices
    a creature unless they discard a card"), about the player the
    instruction names."""
    if isinstance(s.condition, A.DoesAction) and flip_outcome(s.condition) is not None:
        return None  # "if you win the flip": the outcome of the coin flip before (705.1)
    if s.trailing != "unless" or not isinstance(s.condition, A.DoesAction):
        return "'if [a player] does ...' (an action that may have happened)"
    if s.condition.tails or s.condition.where_x is not None:
        return "'unless [a player] does ...' with more words after it"
    if isinstance(s.condition.subject, NAMED_DECIDERS):
        return None  # "sacrifice it unless you pay {2}": the player named decides (608.2d)
    subject = _subject_player(s.body)
    if subject is None or not isinstance(s.condition.subject, A.ThemRef | A.ThatPlayer):
        return "'unless [a player] does ...' about someone the instruction doesn't name"
    if isinstance(subject, A.PlayerGroup):
        return "'unless [a player] does ...' after an instruction about several players (each chooses)"
    return None


def _player_does(ctx: Ctx, s: A.IfSentence) -> bool:
    """608.2d: "[X] unless they [Y]": the player the instruction names
    chooses whether to do Y (only if they can); if they do, X isn't done."""
    cond = s.condition
    assert isinstance(cond, A.DoesAction)
    problem = unless_problem(s)
    if problem is not None:
        raise Unsupported(problem)
    if isinstance(cond.subject, NAMED_DECIDERS):
        players = ctx.players(cond.subject)
        if len(players) != 1:
            raise Unsupported("'unless [a player] does ...' naming no one player")
    else:
        subject = _subject_player(s.body)
        players = ctx.players(subject) if subject is not None else []
    if len(players) != 1:
        raise Unsupported("'unless [a player] does ...' of an instruction about several players")
    (p,) = players
    saved = ctx.that_player
    ctx.that_player = [p]
    try:
        what = describe_action(cond.action)
        if not ask(ctx.game, Decision("may", p, f"{source_name(ctx)}: {what} (if not, the instruction before it is done)?")):
            ctx.game.say(f"  {p} chooses not to {what}")
            return False
        done = bool(do(ctx, cond.action))
    finally:
        ctx.that_player = saved
    ctx.game.say(f"  {p} " + ("does, so the instruction isn't done" if done else "can't: the instruction is done"))
    return done


def run(ctx: Ctx, effect: A.Effect) -> None:
    sentences = effect.sentences
    for i, s in enumerate(sentences):
        nxt = sentences[i + 1] if i + 1 < len(sentences) else None
        if isinstance(nxt, A.IfSentence) and nxt.instead and not isinstance(nxt.condition, A.Would) and _instead_applies(ctx, nxt, s):
            continue  # replaced by the "instead" sentence after it (not "If ... would ..., ... instead": an event's, 614.1a)
        if own_activation_change(s) is not None:
            continue  # "This ability costs {1} less to activate ...": applied as it was activated (602.2b)
        fn = INSTRUCTIONS.get(type(s))
        if fn is None:
            raise Unsupported(f"the interpreter can't carry out a '{type(s).__name__}' yet")
        fn(ctx, s, sentences[i - 1] if i > 0 else None)


def _run_if(ctx: Ctx, s: A.IfSentence, before: A.Instruction | None) -> None:
    if isinstance(s.condition, A.Would):
        # "If that creature would die this turn, exile it instead": a replacement effect made now (614.1a)
        from .this_turn import would_die

        would_die(ctx, s)
        return
    ctx.last_if = _instead_applies(ctx, s, before) if s.instead else applies(ctx, s)  # for an "Otherwise, ..." after it
    if not ctx.last_if:
        if any(isinstance(a, A.MayDo) for a in s.body.actions):
            # "If it shares a creature type with [this], you may reveal it. If you do, ...": the
            # optional instruction wasn't carried out, so its "If you do" doesn't hold (608.2d)
            ctx.you_did = ctx.last_done = False
            ctx.last_optional = True
        return
    ctx.replaced = before if s.instead else None
    if s.instead:
        # 608.2c: the replaced sentence isn't carried out, but "it", "that
        # creature", "those creatures" here mean the objects it names, not
        # what an instruction before it acted on
        try:
            named = ctx.replaced_objects()
        except Unsupported:
            named = None  # a reference of the sentence not carried out; one of this sentence is still reported
        if named is not None:
            ctx.it, ctx.that, ctx.them, ctx.named = list(named), list(named), list(named), True
    run_sentence(ctx, s.body)
    ctx.replaced = None


def _instead_applies(ctx: Ctx, s: A.IfSentence, replaced: A.Instruction | None) -> bool:
    """Whether an "If ..., [do this] instead" sentence replaces the sentence
    before it (608.2c): its condition, told before that sentence is carried
    out, with "that creature" and "it" meaning the objects that sentence
    names ("Bring Low deals 3 damage to target creature. If that creature
    has a +1/+1 counter on it, Bring Low deals 5 damage to it instead")."""
    saved = ctx.replaced, ctx.it, ctx.that, ctx.them, ctx.named
    ctx.replaced = replaced
    try:
        named = ctx.replaced_objects() if replaced is not None else None
    except Unsupported:
        named = None
    if named is not None and not ctx.named:
        ctx.it, ctx.that, ctx.them, ctx.named = list(named), list(named), list(named), True
    try:
        return applies(ctx, s)
    finally:
        ctx.replaced, ctx.it, ctx.that, ctx.them, ctx.named = saved


def _run_plain(ctx: Ctx, s: A.Sentence, before: A.Instruction | None) -> None:
    run_sentence(ctx, s)


def run_modes(ctx: Ctx, s: A.Modes, before: A.Instruction | None) -> None:
    """700.2, 608.2c: the modes chosen as the spell or ability was put on the
    stack (or copied from the original, 700.2g), in printed order."""
    chosen = ctx.item.modes if ctx.item is not None else None
    if chosen is None:
        raise Unsupported("a modal instruction with no modes chosen (it was not put on the stack)")
    for m in chosen:
        run(ctx, s.modes[m])


LEADS = frozenset({"then", "duration", "otherwise", "for each"})
"""The lead-ins of a sentence the interpreter carries out: "Then ...", a
duration written first ("Until end of turn, ...": each instruction of the
sentence has that duration), "Otherwise, ..." after an "if" sentence, and
"For each T, ..." (:func:`for_each_problem` says which)."""

COUNTS_OF_EVENTS = (A.TimesKicked,)
"""What "For each T, ..." may count whose instructions name something of
each T: nothing, a kick is an event, not an object or a player."""

EACH_ONE = (A.ItRef, A.ThemRef, A.ThatRef, A.ThatPlayer)
"""Words of an instruction that may mean the object or player a "For each
[object or player], ..." is at (608.2c: "For each opponent, ... that
player ...")."""


def for_each_problem(s: A.LeadSentence) -> str | None:
    """Why "For each T, [instructions]." can't be carried out as the
    instructions done once for each T (None when it can): T counts objects
    or players and the instructions may refer to each one ("that player",
    "it"), which the interpreter doesn't bind one by one yet."""
    if isinstance(s.per, COUNTS_OF_EVENTS):
        return None
    if any(isinstance(node, EACH_ONE) for node in s.body.walk()) and (
        _each_kind(s.per) is None or any(isinstance(node, A.Target) for node in s.body.walk())
    ):  # fmt: skip
        return "'For each ..., ...' whose instructions refer to each one ('it', 'that player')"
    return None


_EACH_PLAYER_NOUNS = {("player",): "each_player", ("opponent",): "each_opponent"}


def _each_kind(per: object) -> str | None:
    """What "For each T, ..." names one by one: "players" ("for each
    player", "for each opponent"), "objects" (a count of objects described:
    "for each creature exiled this way", "for each creature target player
    controls"), or None for a count the engine can't take apart."""
    from .quantities import characteristic_counted
    from .zone_changes import zone_quality

    if not isinstance(per, A.CountOf) or per.names or per.total or not isinstance(per.filter, A.ObjectFilter):
        return None
    filt = per.filter
    if tuple(filt.nouns) in _EACH_PLAYER_NOUNS and not filt.post and not filt.adjectives:
        return "players"
    if characteristic_counted(per) is not None or zone_quality(filt) is not None:
        return None
    if any(isinstance(q, A.DidThisTurn) for q in filt.qualities):
        return None
    return "objects"


def _for_each_one(ctx: Ctx, s: A.LeadSentence) -> bool:
    """608.2c: "For each creature exiled this way, its controller creates a
    2/2 green Boar creature token", "For each player, [this] deals damage to
    that player ...": the instructions once for each object or player, "it"
    and "that player" being that one.  False if the sentence doesn't name
    each one."""
    if not any(isinstance(node, EACH_ONE) for node in s.body.walk()):
        return False
    kind = _each_kind(s.per)
    if kind is None:
        return False
    assert isinstance(s.per, A.CountOf)
    filt = s.per.filter
    if kind == "players":
        from .filters import group_players

        players = group_players(ctx.game, _EACH_PLAYER_NOUNS[tuple(filt.nouns)], ctx.controller)
        saved_player = ctx.that_player
        try:
            for p in players:
                ctx.that_player = [p]
                run_sentence(ctx, s.body)
        finally:
            ctx.that_player = saved_player
        return True
    if any(isinstance(q, A.DoneThisWay) for q in filt.qualities):
        ids = list(ctx.done_objects(filt))  # those gone count too ("for each creature exiled this way")
    else:
        ids = [o.id for o in ctx.each(filt)]  # 608.2h: the objects as the sentence begins
    if not ids:
        ctx.game.say(f"  {source_name(ctx)}: {render_node(s.per)} is 0: nothing is done for each")
    acted_on: list[ObjectId] = []  # "Put those cards onto the battlefield": what the instructions found, for all of them
    for oid in ids:
        ctx.it, ctx.that, ctx.them, ctx.named = [oid], [oid], [oid], True
        run_sentence(ctx, s.body)
        if ctx.it != [oid]:
            acted_on += [i for i in ctx.it if i not in acted_on]
    if acted_on:
        ctx.it, ctx.that, ctx.them = list(acted_on), list(acted_on), list(acted_on)
    return True


def _run_lead(ctx: Ctx, s: A.LeadSentence, before: A.Instruction | None) -> None:
    """608.2c: "Then [instructions]." follows the sentence before it; "Until
    end of turn, [instructions]." lasts as its instructions say; "[If C, X.]
    Otherwise, Y." carries out Y when X's condition didn't apply."""
    if s.kind not in LEADS:
        raise Unsupported(f"a sentence led by '{s.kind}'")
    if s.kind == "for each":
        problem = for_each_problem(s)
        if problem is not None:
            raise Unsupported(problem)
        if _for_each_one(ctx, s):
            return
        times = ctx.quantity(s.per)  # 608.2h: counted once, as the sentence begins
        if times <= 0:
            ctx.game.say(f"  {source_name(ctx)}: {render_node(s.per)} is 0: nothing is done for each")
        for _ in range(times):
            run_sentence(ctx, s.body)
        return
    if s.kind == "otherwise":
        if not isinstance(before, A.IfSentence) or ctx.last_if is None:
            raise Unsupported("'Otherwise' after a sentence that isn't an 'if' sentence")
        if ctx.last_if:
            return
    run_sentence(ctx, s.body)


def _delayed(ctx: Ctx, s: A.DelayedTrigger, before: A.Instruction | None) -> None:
    """603.7: a delayed triggered ability made as the sentence is carried out
    (:func:`cardtext.interpreter.delayed_events.make_delayed`)."""
    from .delayed_events import make_delayed

    make_delayed(ctx, s, before)


def reflexive_problem(before: A.Instruction | None) -> str | None:
    """Why "When you do, [sentence]." can't be played after ``before`` (None
    when it can): the engine knows whether the player did what a "you may"
    offered, not yet whether a required instruction was done."""
    if isinstance(before, A.Sentence) and any(isinstance(a, A.MayDo) for a in before.actions):
        return None
    return "'When you do, ...' after an instruction that isn't 'you may ...'"


def _reflexive(ctx: Ctx, s: A.ReflexiveTrigger, before: A.Instruction | None) -> None:
    """603.12: "[You may X.] When you do, [Y]." — a reflexive triggered
    ability that triggers if the player did X; it is put on the stack the
    next time a player would receive priority, its targets chosen then."""
    problem = reflexive_problem(before)
    if problem is not None:
        raise Unsupported(problem)
    if not ctx.you_did:
        ctx.game.say(f"  {source_name(ctx)}: it wasn't done, so the reflexive ability doesn't trigger (603.12)")
        return
    about = ctx.it[0] if len(ctx.it) == 1 else None
    reflexive(ctx.game, ctx.controller, ctx.source, ctx.ability, source_name(ctx), A.Effect((s,)),
              amount=ctx.amount, about=about)  # fmt: skip


def _activation_rule(ctx: Ctx, s: A.ActivateOnly | A.AnyPlayerMayActivate, before: A.Instruction | None) -> None:
    """"Activate only as a sorcery.", "Any player may activate this ability."
    are rules about activating the ability (602.5, 602.2), checked by
    :mod:`cardtext.interpreter.activation` when it is activated; nothing is
    done as the ability resolves."""


def _cast_rule(ctx: Ctx, s: A.CastOnly, before: A.Instruction | None) -> None:
    """"Cast this spell only during combat." is a rule about casting the spell
    (601.3), checked by :func:`cardtext.interpreter.cast_timing.refusal` when
    it is cast; nothing is done as the spell resolves."""


def _trigger_rule(ctx: Ctx, s: A.TriggersOnce, before: A.Instruction | None) -> None:
    """"This ability triggers only once each turn." is a rule about the
    ability's triggering (603.2), kept by :mod:`cardtext.interpreter.triggers` as
    its event happens; nothing is done as the ability resolves."""


def _type_changes(before: A.Instruction | None) -> list[A.Becomes]:
    """The type changes ("[it] becomes a 2/2 creature") of the sentence ``before``."""
    body = before.body if isinstance(before, A.LeadSentence) and before.kind in ("duration", "then") else before
    if not isinstance(body, A.Sentence):
        return []
    return [with_shared_duration(body, i, a) for i, a in enumerate(body.actions)
            if isinstance(a, A.Becomes) and not a.special and a.of is None]  # fmt: skip


def _kept_words(s: A.ItsStill) -> tuple[str, ...]:
    words = s.words if isinstance(s.words, tuple) else ()
    return tuple(w.word for w in words if isinstance(w, A.Noun)) if all(isinstance(w, A.Noun) for w in words) else ()


def its_still_problem(s: A.ItsStill, before: A.Instruction | None) -> str | None:
    """Why "It's still a land." can't be played after ``before`` (None if it can)."""
    if not _type_changes(before):
        return "'It's still a ...' after a sentence with no type change ('[it] becomes a ... creature')"
    if not _kept_words(s):
        return "'It's still a ...' of words other than types"
    return None


def _its_still(ctx: Ctx, s: A.ItsStill, before: A.Instruction | None) -> None:
    """205.1b: "It's still a land." — the type change of the sentence before it
    ("[it] becomes a 2/2 creature") keeps those types: the objects it changed
    are of them too (and keep the subtypes that go with them, 205.1a)."""
    from .characteristics import display_name

    problem = its_still_problem(s, before)
    if problem is not None:
        raise Unsupported(problem)
    changes = _type_changes(before)
    kept = _kept_words(s)

    def keeping(change: A.Becomes) -> A.Becomes:
        if change not in changes:
            return change
        return replace(change, types=(*change.types, *(w for w in kept if w.lower() not in (t.lower() for t in change.types))))

    state = ctx.game.state
    for o in ctx.game.battlefield():
        if any(c in changes for c in o.became):
            o.became = tuple(keeping(c) for c in o.became)
            ctx.game.say(f"  {display_name(o)} is still a {' '.join(kept)} (205.1b)")
    state.became_eot = [(oid, keeping(c)) for oid, c in state.became_eot]


INSTRUCTIONS: dict[type, Callable[[Ctx, Any, A.Instruction | None], None]] = {
    A.ItsStill: _its_still,
    A.Sentence: _run_plain,
    A.ActivateOnly: _activation_rule,
    A.CastOnly: _cast_rule,
    A.AnyPlayerMayActivate: _activation_rule,
    A.TriggersOnce: _trigger_rule,
    A.IfSentence: _run_if,
    A.LeadSentence: _run_lead,
    A.Modes: run_modes,
    SpreeModes: run_modes,  # 702.172a: its costs were paid as the spell was cast
    A.DelayedTrigger: _delayed,
    A.ReflexiveTrigger: _reflexive,
}
"""Each kind of sentence (608.2c) and the function that carries it out."""


def _subject_player(sentence: A.Sentence) -> object | None:
    """The player the first instruction names ("*Target player* gains X life"),
    whom a "they" in its "where X is ..." means."""
    for action in sentence.actions:
        node = action.action if isinstance(action, A.MayDo) else action
        player = getattr(node, "player", None)
        if isinstance(player, A.Node):
            return player
    return None


def _shares_subject(sentence: A.Sentence, i: int) -> bool:
    """Does instruction ``i`` share the subject of the one before it ("you
    may search ..., put it ... and shuffle"; "put one into your hand and the
    rest on the bottom")?"""
    forms = sentence.forms
    return i < len(forms) and forms[i].subject in ("shared", "elided")


CARRIED_TAILS = frozenset({"for each", "equal to", "duration", "where"})
"""Clause tails whose meaning is in the instruction itself (its amount, its
duration) or in the sentence (its X).  Of the tails with a value,
"except for [objects]" after an instruction about all objects of a kind
and "at the beginning of the next [step]" or "at end of combat" (a delayed
instruction, 603.7, 511.2) are carried out by :func:`run_sentence`; any
other — "from your opening hand", "in addition to its other types" — is
written only in the clause's form, and the engine doesn't carry it out yet."""


def _tail(sentence: A.Sentence, i: int, word: str) -> A.Tail | None:
    """Instruction ``i``'s tail ``word`` ("except for", "at"), if written."""
    if i >= len(sentence.forms):
        return None
    for tail in sentence.forms[i].tails:
        if isinstance(tail, A.Tail) and tail.word == word:
            return tail
    return None


def _mass_object(action: A.Node) -> bool:
    """Is the instruction about every object of a description ("return all
    creatures", "destroy each artifact"), which "except for ..." narrows?"""
    from .context import OBJECT_FIELDS

    node = action.action if isinstance(action, A.MayDo) else action
    return any(isinstance(getattr(node, name, None), A.Each) for name in OBJECT_FIELDS)


def _valued_tail_problem(sentence: A.Sentence, i: int, tail: A.Tail) -> str | None:
    from .delayed import delayed_problem

    if tail.word == "except for" and isinstance(tail.value, A.Each) and _mass_object(sentence.actions[i]):
        return None
    if tail.word == "at" and isinstance(tail.value, A.PhaseTrigger):
        return delayed_problem(tail.value, sentence.actions[i])
    return f"'{tail.word} ...' after an instruction"


def tail_problem(sentence: A.Sentence, i: int) -> str | None:
    """What the engine can't carry out in the tails of instruction ``i``."""
    if i >= len(sentence.forms):
        return None
    if sentence.forms[i].subject == "written each" and not isinstance(sentence.actions[i], A.Pump):
        # "They each deal damage equal to their power ...": each object does it (608.2c)
        return "'[they] each [instruction]' other than gaining or getting"
    for tail in sentence.forms[i].tails:
        if isinstance(tail, str):
            if tail == "at end of combat":
                from .delayed import END_OF_COMBAT, delayed_problem

                problem = delayed_problem(END_OF_COMBAT, sentence.actions[i])
                if problem is not None:
                    return problem
            elif tail not in CARRIED_TAILS:
                return f"'{tail}' after an instruction"
        elif isinstance(tail, A.Tail):
            problem = _valued_tail_problem(sentence, i, tail)
            if problem is not None:
                return problem
        else:
            return f"'{type(tail).__name__} ...' after an instruction"
    return None


SHARED_DURATION = (A.Becomes, A.LoseAbilities, A.SetPT, A.IsType)
"""Instructions that make a continuous effect on objects (611.2a) and take
the duration written after a later instruction of the same subject."""


_N = TypeVar("_N")


def with_shared_duration(sentence: A.Sentence, i: int, action: _N) -> _N:
    """611.2a: "Target creature becomes black and gains fear until end of
    turn" — a duration written after the last of instructions that share a
    subject is each one's: instruction ``i`` with it."""
    if not isinstance(action, SHARED_DURATION) or action.duration is not None or len(sentence.forms) != len(sentence.actions):
        return action
    for j in range(i + 1, len(sentence.actions)):
        if sentence.forms[j].subject != "shared":
            return action
        later = sentence.actions[j]
        duration = getattr(later, "duration", None)
        if duration is None and getattr(later, "until_eot", False):
            duration = A.Duration("until end of turn")
        if duration is not None:
            return replace(action, duration=duration)
    return action


def _carry_out(ctx: Ctx, sentence: A.Sentence, i: int, action: A.Node) -> bool:
    """Instruction ``i`` with its tails: "at the beginning of the next end
    step" makes it a delayed triggered ability (603.7) instead of doing it
    now; "except for [objects]" leaves those objects out of the ones it is
    about."""
    at = _tail(sentence, i, "at")
    if at is not None:
        from .delayed import create_delayed

        return create_delayed(ctx, sentence, i, at.value)
    if i < len(sentence.forms) and "at end of combat" in sentence.forms[i].tails:
        from .delayed import END_OF_COMBAT, create_delayed

        return create_delayed(ctx, sentence, i, END_OF_COMBAT)
    action = with_shared_duration(sentence, i, action)
    excepted = _tail(sentence, i, "except for")
    if excepted is None:
        return bool(do(ctx, action))
    saved = ctx.excluded
    ctx.excluded = saved | {o.id for o in ctx.each(excepted.value.filter)}
    try:
        return bool(do(ctx, action))
    finally:
        ctx.excluded = saved


def run_sentence(ctx: Ctx, sentence: A.Sentence) -> None:
    for i in range(len(sentence.actions)):
        problem = tail_problem(sentence, i)
        if problem is not None:
            raise Unsupported(f"the interpreter can't carry out {problem} yet")
    saved_x, saved_letter, saved_later = ctx.x, ctx.x_letter, ctx.x_later
    if sentence.where_x is not None and any(isinstance(n, A.DoneThisWay) for n in sentence.where_x.walk()):
        # "Destroy all creatures, then create an X/X ... token, where X is the
        # number of creatures destroyed this way": X is worked out when it is
        # used, after the instructions before it (608.2c)
        ctx.x = None
        ctx.x_later = lambda: _where_x(ctx, sentence)
        ctx.x_letter = sentence.where_letter
    elif sentence.where_x is not None:
        saved_player = ctx.that_player
        subject = _subject_player(sentence)
        subject_players = ctx.players(subject) if subject is not None else None
        try:
            if subject_players is not None and not subject_players:
                ctx.x = 0  # its player is no longer a legal target: nothing is done to anyone (608.2b)
            else:
                ctx.that_player = subject_players if subject_players is not None else ctx.that_player
                ctx.x = _where_x(ctx, sentence)
        finally:
            ctx.that_player = saved_player
        ctx.x_letter = sentence.where_letter
    saved_sentence, ctx.sentence = ctx.sentence, sentence
    try:
        declined = False
        for i, action in enumerate(sentence.actions):
            if declined and _shares_subject(sentence, i):
                continue  # part of what the player chose not to do
            declined = False
            _name_player_within(ctx, action)
            if isinstance(action, A.MayDo) and is_permission(action.action):
                do(ctx, action.action)  # "you may cast it for as long as ...": a permission, not a choice now (611.2)
            elif isinstance(action, A.MayDo) and _each_may(ctx, action):
                ctx.last_optional = True
                ctx.you_did = ctx.last_done = _each_chooses(ctx, sentence, i, action)
            elif isinstance(action, A.MayDo):
                who = ctx.players(action.player)[0] if action.player is not None else ctx.controller
                d = Decision("may", who, f"{source_name(ctx)}: you may {describe_action(action.action)}?")
                ctx.last_optional = True
                if ask(ctx.game, d):
                    ctx.you_did = ctx.last_done = _carry_out(ctx, sentence, i, action.action)
                else:
                    ctx.you_did = ctx.last_done = False
                    declined = True
                    for verb in DONE_VERBS.get(type(action.action), ()):
                        ctx.done[verb] = []  # "Draw a card for each Gate tapped this way": none were (608.2c)
                    ctx.game.say(f"  {who} chooses not to {describe_action(action.action)}")
                    continue
            else:
                ctx.last_done = _carry_out(ctx, sentence, i, action)
                ctx.last_optional = False
            _name_player(ctx, action)
    finally:
        ctx.x, ctx.x_letter, ctx.x_later = saved_x, saved_letter, saved_later
        ctx.sentence = saved_sentence


def _each_may(ctx: Ctx, action: A.MayDo) -> bool:
    """ "Each player may exile any number of cards from their graveyard":
    an instruction of several players, each of whom chooses."""
    inner = action.action
    return (action.player is not None and getattr(inner, "SUBJECT", None) == "player"
            and getattr(inner, "player", None) == action.player and len(ctx.players(action.player)) > 1)  # fmt: skip


def _each_chooses(ctx: Ctx, sentence: A.Sentence, i: int, action: A.MayDo) -> bool:
    """101.4, 608.2d: each player named chooses, in turn order from the
    active player, whether they do it; each who does carries it out as
    "that player" ("their graveyard": their own).  Whether any did."""
    from dataclasses import replace

    choosers = ctx.players(action.player)
    order = list(ctx.game.state.players)
    start = order.index(ctx.game.state.active) if ctx.game.state.active in order else 0
    turn_order = {p: (order.index(p) - start) % len(order) for p in order}
    choosers = sorted(choosers, key=lambda p: turn_order.get(p, 0))
    what = describe_action(action.action)
    doing = [p for p in choosers if ask(ctx.game, Decision("may", p, f"{source_name(ctx)}: {p} may {what}?"))]
    for p in choosers:
        if p not in doing:
            ctx.game.say(f"  {p} chooses not to {what}")
    done = False
    saved = ctx.that_player
    try:
        for p in doing:
            ctx.that_player = [p]
            done = bool(_carry_out(ctx, sentence, i, replace(action.action, player=A.ThatPlayer()))) or done
    finally:
        ctx.that_player = saved
    return done


def _where_x(ctx: Ctx, sentence: A.Sentence) -> int:
    """The sentence's "where X is ...", worked out before its instructions:
    "that creature" there, with nothing named before the sentence, is the
    target object the sentence names ("Target creature gets +X/+X until end
    of turn, where X is that creature's power", 608.2c)."""
    assert sentence.where_x is not None
    if ctx.that or ctx.named:
        return ctx.quantity(sentence.where_x)
    from .targets import targets_in

    ids = [v for t in targets_in(sentence) for v in ctx.chosen(t) if isinstance(v, tuple)][:1]
    saved = ctx.that
    ctx.that = ids
    try:
        return ctx.quantity(sentence.where_x)
    finally:
        ctx.that = saved


def _name_player(ctx: Ctx, action: A.Node) -> None:
    """The one player an instruction named is who a later "that player",
    "their" or "they" means (608.2c): a target player or an object's
    controller or owner who does something ("Target player discards a card.
    That player loses 1 life."; "Its controller may search their library
    ..., then shuffle"), a target player dealt damage ("deals 2 damage to
    target player. That player discards two cards."), or the owner or
    controller the instruction names ("Return target permanent to its
    owner's hand. Then that player discards a card.")."""
    node = action.action if isinstance(action, A.MayDo) else action
    subject = getattr(node, "player", None) if node.SUBJECT == "player" else None
    if isinstance(node, A.DealDamage) and isinstance(node.to, A.Target):
        subject = node.to
    if isinstance(subject, A.Target | A.ControllerOf | A.OwnerOf):
        players = ctx.players(subject)
        if len(players) == 1:
            ctx.that_player = players
        return
    if subject is None:
        named = _mentioned(ctx, node, owners=True)
        if named is not None:
            ctx.that_player = [named]


def _mentioned(ctx: Ctx, node: A.Node, *, owners: bool) -> PlayerId | None:
    """The last player an instruction mentions (608.2c): a target player, the
    controller of a target object described by who controls it ("target
    creature *an opponent controls*"), and with ``owners`` an owner or
    controller it names ("its owner's hand"); None if it names none, or a
    mention means several players."""
    found: PlayerId | None = None
    for n in _outside_quotes(node):
        players: list[PlayerId] = []
        if isinstance(n, A.Target):
            values = ctx.chosen(n)  # as chosen: the object may have left since (608.2h)
            if values and all(isinstance(v, str) for v in values):
                players = list(values)
            elif len(values) == 1 and isinstance(n.spec, A.ObjectFilter) and any(
                isinstance(q, A.ControlledBy) and isinstance(q.player, A.PlayerGroup) and not q.negated
                for q in n.spec.post
            ):  # fmt: skip
                o = ctx.obj_or_lki(values[0])
                players = [o.controller] if o is not None else []
        elif owners and isinstance(n, A.ControllerOf | A.OwnerOf) and not isinstance(n.object, A.TheirRef | A.ThemRef):
            try:
                players = ctx.players(n)
            except Unsupported:
                continue  # an owner of objects it can't name here: no one player named
        if not players:
            continue
        if len(players) != 1:
            return None
        found = players[0]
    return found


def _name_player_within(ctx: Ctx, action: A.Node) -> None:
    """Before an instruction that says "that player" of a player it names
    itself ("Target creature an opponent controls deals damage equal to its
    power to *that player*"): that player is the one named in it (608.2c)."""
    from .actions.registry import about_players, refers_back

    node = action.action if isinstance(action, A.MayDo) else action
    if ctx.that_player or ctx.trigger_player is not None or about_players(node) is not None:
        return
    if not refers_back((node,)):
        return
    named = _mentioned(ctx, node, owners=False)
    if named is not None:
        ctx.that_player = [named]


def _outside_quotes(node: A.Node) -> list[A.Node]:
    """The nodes of an instruction, in order, without the abilities in
    quotation marks it grants (read where they are put)."""
    from .bind import children

    out: list[A.Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, A.Quoted):
            stack.extend(reversed(children(n)))
    return out


from .cast_permissions import is_permission  # noqa: E402  (registers CastCard in ACTIONS and LIMITS)

__all__ = [
    "ACTIONS", "INSTRUCTIONS", "its_still_problem", "with_shared_duration", "LEADS", "LIMITS", "applies", "limit", "describe_action", "do", "run", "run_modes", "run_sentence",
    "tail_problem",
]  # fmt: skip
