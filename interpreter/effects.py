"""Carrying out an effect's instructions (CR 608.2c-h).

Sentences are followed in order, each kind carried out by its function in
:data:`INSTRUCTIONS`.  A sentence that a later "If ..., instead" sentence
replaces is skipped when that condition holds; "If [condition], ..."
sentences run only when it holds; "you may" asks the player (K8) and
records whether it was done for "If you do" (the instructions that share
its subject, "you may search ..., put it ..., then shuffle", are part of
what the player may do); a modal instruction carries out
the modes chosen when the spell or ability was put on the stack, in printed
order (700.2, 608.2c).  Each action is one function below, found through
:data:`ACTIONS`; an action the interpreter doesn't know raises
:class:`~interpreter.errors.Unsupported` — never a silent no-op.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from grammar import ast as A

from .characteristics import chars, display_name, has_keyword, keyword_name, power_toughness
from .choices import Decision, ask
from .context import Ctx
from .errors import Unsupported
from .filters import matches
from .mana import units_text
from .objects import GameObject, ObjectId, PlayerId, token_card, token_colors
from .replacement import create_on_battlefield, put_onto_battlefield
from .state import Championed, EotEffect
from .zones import draw, move, put_counters


def applies(ctx: Ctx, s: A.IfSentence) -> bool:
    """Is the instruction of an "if" sentence carried out?  "[do this] unless
    [condition]" does it when the condition is false; in a trailing "if" or
    "unless" ("Counter target spell if it was kicked"), "it" is what the
    instruction acts on (:func:`~interpreter.conditions.sentence_condition`)."""
    from .conditions import sentence_condition

    return ctx.holds(sentence_condition(s)) != (s.trailing == "unless")


def run(ctx: Ctx, effect: A.Effect) -> None:
    sentences = effect.sentences
    for i, s in enumerate(sentences):
        nxt = sentences[i + 1] if i + 1 < len(sentences) else None
        if isinstance(nxt, A.IfSentence) and nxt.instead and applies(ctx, nxt):
            continue  # replaced by the "instead" sentence after it
        fn = INSTRUCTIONS.get(type(s))
        if fn is None:
            raise Unsupported(f"the interpreter can't carry out a '{type(s).__name__}' yet")
        fn(ctx, s, sentences[i - 1] if i > 0 else None)


def _run_if(ctx: Ctx, s: A.IfSentence, before: A.Instruction | None) -> None:
    ctx.last_if = applies(ctx, s)  # for an "Otherwise, ..." after it
    if not ctx.last_if:
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


LEADS = frozenset({"then", "duration", "otherwise"})
"""The lead-ins of a sentence the interpreter carries out: "Then ...", a
duration written first ("Until end of turn, ...": each instruction of the
sentence has that duration), and "Otherwise, ..." after an "if" sentence
(:mod:`interpreter.turn_actions`)."""


def _run_lead(ctx: Ctx, s: A.LeadSentence, before: A.Instruction | None) -> None:
    """608.2c: "Then [instructions]." follows the sentence before it; "Until
    end of turn, [instructions]." lasts as its instructions say."""
    if s.kind not in LEADS:
        raise Unsupported(f"a sentence led by '{s.kind}'")
    run_sentence(ctx, s.body)


def _activation_rule(ctx: Ctx, s: A.ActivateOnly, before: A.Instruction | None) -> None:
    """"Activate only as a sorcery." is a rule about activating the ability
    (602.5), checked by :func:`interpreter.activation.timing_problem` when it
    is activated; nothing is done as the ability resolves."""


INSTRUCTIONS: dict[type, Callable[[Ctx, Any, A.Instruction | None], None]] = {
    A.Sentence: _run_plain,
    A.ActivateOnly: _activation_rule,
    A.IfSentence: _run_if,
    A.LeadSentence: _run_lead,
    A.Modes: run_modes,
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
duration) or in the sentence (its X); any other tail — "at the beginning of
the next end step" (a delayed instruction, 603.7), "at end of combat",
"from your opening hand", "except for ...", "in addition to its other
types" — is written only in the clause's form, and the engine doesn't carry
it out yet."""


def tail_problem(sentence: A.Sentence, i: int) -> str | None:
    """What the engine can't carry out in the tails of instruction ``i``."""
    if i >= len(sentence.forms):
        return None
    for tail in sentence.forms[i].tails:
        if isinstance(tail, str):
            if tail not in CARRIED_TAILS:
                return f"'{tail}' after an instruction"
        else:
            return f"'{getattr(tail, 'word', type(tail).__name__)} ...' after an instruction"
    return None


def run_sentence(ctx: Ctx, sentence: A.Sentence) -> None:
    for i in range(len(sentence.actions)):
        problem = tail_problem(sentence, i)
        if problem is not None:
            raise Unsupported(f"the interpreter can't carry out {problem} yet")
    saved_x, saved_letter = ctx.x, ctx.x_letter
    if sentence.where_x is not None:
        saved_player = ctx.that_player
        subject = _subject_player(sentence)
        subject_players = ctx.players(subject) if subject is not None else None
        try:
            if subject_players is not None and not subject_players:
                ctx.x = 0  # its player is no longer a legal target: nothing is done to anyone (608.2b)
            else:
                ctx.that_player = subject_players if subject_players is not None else ctx.that_player
                ctx.x = ctx.quantity(sentence.where_x)
        finally:
            ctx.that_player = saved_player
        ctx.x_letter = sentence.where_letter
    try:
        declined = False
        for i, action in enumerate(sentence.actions):
            if declined and _shares_subject(sentence, i):
                continue  # part of what the player chose not to do
            declined = False
            if isinstance(action, A.MayDo):
                who = ctx.players(action.player)[0] if action.player is not None else ctx.controller
                d = Decision("may", who, f"{_source_name(ctx)}: you may {describe_action(action.action)}?")
                if ask(ctx.game, d):
                    ctx.you_did = bool(do(ctx, action.action))
                else:
                    ctx.you_did = False
                    declined = True
                    ctx.game.say(f"  {who} chooses not to {describe_action(action.action)}")
                    continue
            else:
                do(ctx, action)
            _name_player(ctx, action)
    finally:
        ctx.x, ctx.x_letter = saved_x, saved_letter


def _name_player(ctx: Ctx, action: A.Node) -> None:
    """A target player who does something is who a later "that player" means
    ("Target player discards a card. That player loses 1 life.", 608.2c)."""
    node = action.action if isinstance(action, A.MayDo) else action
    subject = getattr(node, "player", None) if node.SUBJECT == "player" else None
    if isinstance(subject, A.Target):
        players = ctx.players(subject)
        if players:
            ctx.that_player = players


def do(ctx: Ctx, action: A.Action) -> bool:
    fn = ACTIONS.get(type(action))
    if fn is None:
        raise Unsupported(f"the interpreter can't carry out '{type(action).__name__}' yet")
    problem = limit(action)
    if problem is not None:
        raise Unsupported(f"the interpreter can't carry out {problem} yet")
    return fn(ctx, action)


def limit(action: A.Node) -> str | None:
    """The part of an instruction of a kind in :data:`ACTIONS` that the
    interpreter has no piece for (:data:`LIMITS`), or None."""
    for what, test in LIMITS.get(type(action), ()):
        if test(action):
            return what
    return None


def describe_action(action: A.Action) -> str:
    name = type(action).__name__
    words = "".join(" " + c.lower() if c.isupper() else c for c in name).strip()
    if isinstance(action, A.RemoveCounters):
        return f"remove {getattr(action.amount, 'value', 'X')} {action.kind} counter(s)"
    if isinstance(action, A.Exile):
        return "exile the target"
    return words


def _source_name(ctx: Ctx) -> str:
    o = ctx.game.state.objects.get(ctx.source[0])
    return display_name(o) if o is not None else "?"


def _current(ctx: Ctx, ids: list[ObjectId]) -> list[GameObject]:
    out = []
    for oid in ids:
        o = ctx.game.get(oid)
        if o is not None:
            out.append(o)
    return out


def _acted(ctx: Ctx, objs: list[GameObject]) -> None:
    """Later "it" / "that creature" / "them" mean what this instruction acted
    on — nothing, if it acted on nothing (608.2c)."""
    ctx.it = [o.id for o in objs]
    ctx.that = list(ctx.it)
    ctx.them = list(ctx.it)
    ctx.named = True


# --------------------------------------------------------------------------
# Damage, destruction, life (120, 701.7, 119)
# --------------------------------------------------------------------------


def _recipients(ctx: Ctx, ref: object) -> tuple[list[GameObject], list[PlayerId]]:
    if isinstance(ref, A.BothRef):
        # "each creature without flying and each player": both groups, each once
        objs, players = _recipients(ctx, ref.first)
        more_objs, more_players = _recipients(ctx, ref.second)
        seen = {o.id for o in objs}
        objs += [o for o in more_objs if o.id not in seen]
        players += [p for p in more_players if p not in players]
        return objs, players
    if isinstance(ref, A.Target):
        values = ctx.slot_values(ref)
        return _current(ctx, [v for v in values if isinstance(v, tuple)]), [v for v in values if isinstance(v, str)]
    if isinstance(ref, A.You | A.PlayerGroup | A.ThatPlayer | A.TheirRef | A.ControllerOf | A.OwnerOf):
        return [], ctx.players(ref)
    return _current(ctx, ctx.objects(ref)), []


def deal_damage(ctx: Ctx, source_name: str, amount: int, objs: list[GameObject], players: list[PlayerId],
                source: GameObject | None = None, *, event: bool = True) -> None:  # fmt: skip
    """120.3: damage to a creature is marked on it, to a planeswalker removes
    loyalty, to a player is lost life; a source with lifelink also gains its
    controller that much life (702.15b); a creature dealt damage by a source
    with deathtouch is destroyed by the next state-based action check (704.5h).
    The source's "deals damage" event carries the total dealt (603.7c);
    ``event=False`` leaves it to the caller (combat damage, dealt at once)."""
    from .state import DealtDamage

    game = ctx.game
    if amount <= 0:
        return
    if event and source is not None and (objs or players):
        game.events.append(DealtDamage(source.id, amount * (len(objs) + len(players))))
    deathtouch = source is not None and has_keyword(game, source, "deathtouch")
    for o in objs:
        c = chars(o)
        if "creature" in c.types:
            o.damage += amount
            o.deathtouched = o.deathtouched or deathtouch
        if "planeswalker" in c.types:
            o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - amount)
        game.say(f"  {source_name} deals {amount} damage to {display_name(o)}")
    for p in players:
        game.player(p).life -= amount
        game.say(f"  {source_name} deals {amount} damage to {p} (life {game.player(p).life})")
    if source is not None and has_keyword(game, source, "lifelink"):
        total = amount * (len(objs) + len(players))
        if total:
            game.player(source.controller).life += total
            game.say(f"  lifelink: {source.controller} gains {total} life")


def _deal_damage(ctx: Ctx, a: A.DealDamage) -> bool:
    """120.3: "[source] deals N damage to [recipients]"; "it deals 4 damage
    instead" changes only the amount of the instruction it replaces."""
    if a.to is None:
        # "it deals 4 damage instead": the sentence it replaces says to whom
        before = ctx.replaced_sentence()
        prior = [x for x in (before.actions if isinstance(before, A.Sentence) else ()) if isinstance(x, A.DealDamage)]
        if not prior:
            raise Unsupported("'deals N damage instead' with no damage before it")
        a = A.DealDamage(prior[0].source, a.amount, prior[0].to)
    src_ids = [ctx.source] if isinstance(a.source, A.ItRef) else ctx.objects(a.source)
    if not src_ids:
        return False
    saved_it = ctx.it
    ctx.it = [src_ids[0]]  # "its power", "its controller": the damage source's
    try:
        amount = ctx.quantity(a.amount)
        if a.to is None:
            raise Unsupported("damage with no recipient")
        objs, players = _recipients(ctx, a.to)
    finally:
        ctx.it = saved_it
    src = ctx.obj_or_lki(src_ids[0])
    name = (display_name(src) if isinstance(src, GameObject) else getattr(src, "name", "?")) or "face-down"
    deal_damage(ctx, name, amount, objs, players, src if isinstance(src, GameObject) else None)
    if objs:
        ctx.that = [o.id for o in objs]  # "It also deals 2 damage to that creature's controller"
    return True


def _destroy(ctx: Ctx, a: A.Destroy) -> bool:
    """701.8: put into the graveyard, unless a regeneration shield replaces it
    (701.19b) — which "It can't be regenerated" in the same effect forbids (701.19c)."""
    from .destroy import destroy

    effect = ctx.item.effect if ctx.item is not None else None
    regenerable = effect is None or not any(isinstance(n, A.CantBeRegenerated) for n in effect.walk())
    objs = [o for o in _current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        ctx.game.say(f"  destroys {display_name(o)}")
        destroy(ctx.game, o, regenerable=regenerable)
    _acted(ctx, objs)
    return bool(objs)


def _gain_life(ctx: Ctx, a: A.GainLife) -> bool:
    n = max(0, ctx.quantity(a.amount))  # 107.1b: a negative amount counts as 0
    for p in ctx.players(a.player):
        ctx.game.player(p).life += n
        ctx.game.say(f"  {p} gains {n} life (life {ctx.game.player(p).life})")
    return True


def _lose_life(ctx: Ctx, a: A.LoseLife) -> bool:
    """119.3: each player loses that much life; the total is what "the life
    lost this way" means later in the same effect."""
    players = ctx.players(a.player)
    for p in players:
        saved = ctx.that_player
        ctx.that_player = [p]  # "loses half their life": their own life total
        try:
            n = max(0, ctx.quantity(a.amount))  # 107.1b
        finally:
            ctx.that_player = saved
        ctx.game.player(p).life -= n
        ctx.life_lost += n
        ctx.game.say(f"  {p} loses {n} life (life {ctx.game.player(p).life})")
    return True


# --------------------------------------------------------------------------
# Zones: exile, return, put, draw, discard, mill, sacrifice
# --------------------------------------------------------------------------


def exile_linked(ctx: Ctx, o: GameObject, *, face_down: bool = False) -> GameObject:
    """Exile ``o``; the card in exile is linked to this ability (607.2a) —
    face down, no player may look at it (406.3)."""
    game = ctx.game
    new = move(game, o, "exile", face_down="exiled" if face_down else None)
    game.set_linked(ctx.source, game.linked(ctx.source).with_exiled(ctx.ability, new.id))
    return new


def _exile(ctx: Ctx, a: A.Exile) -> bool:
    """406, 607.2a: exile, linked to this ability; "until [this] leaves the
    battlefield" (610.3) does nothing if it already has."""
    game = ctx.game
    if a.until_leaves:
        src = ctx.source_obj()
        if src is None or src.zone != "battlefield":
            game.say(f"  {_source_name(ctx)} has left the battlefield: nothing is exiled (610.3c)")
            return False
    objs = _current(ctx, ctx.objects(a.what))
    done = []
    for o in objs:
        name = display_name(o)
        new = exile_linked(ctx, o, face_down=a.face_down)
        done.append(new)
        if a.until_leaves:
            game.state.until_leaves.append((ctx.source, new.id))
        game.say(f"  exiles {name} with {_source_name(ctx)}" + (" face down" if a.face_down else ""))
    _acted(ctx, done)
    return bool(done)


def _exile_top(ctx: Ctx, a: A.ExileTop) -> bool:
    """"Exile the top N cards of [whose] library [face down]": each card goes
    to exile, linked to this ability (607.2a); exiled face down, no player
    may look at it there (406.3) and it has no characteristics until it
    leaves exile (708.2 is for permanents and spells only)."""
    game = ctx.game
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    done: list[GameObject] = []
    for p in ctx.players(a.whose):
        for cid in list(game.zone("library", p)[:n]):
            new = exile_linked(ctx, game.obj(cid), face_down=a.face_down)
            done.append(new)
            game.say(f"  exiles the top card of {p}'s library" + (" face down" if a.face_down else f": {new.card.name}"))
    _acted(ctx, done)
    return bool(done)


def _controller_under(ctx: Ctx, under: object, obj: GameObject) -> PlayerId | None:
    """Whose control "under [whose] control" puts a permanent (110.2a); None
    when the words don't say."""
    if under is None:
        return None
    if under == "owner" or isinstance(under, A.OwnerOf):
        return obj.owner  # "under its owner's control", "under their owners' control"
    if under == "you" or isinstance(under, A.You):
        return ctx.controller
    players = ctx.players(under)
    if len(players) != 1:
        raise Unsupported("putting a permanent under the control of several players")
    return players[0]


def _return(ctx: Ctx, a: A.ReturnTo) -> bool:
    """400.7: return a card to a hand (its owner's, 400.3) or to the
    battlefield, under the control of the player the words name, else of
    the player who puts it there (110.2a)."""
    game = ctx.game
    dest = a.destination
    objs = _current(ctx, ctx.objects(a.what))
    done = []
    for o in objs:
        name = display_name(o)
        if a.zone == "hand":
            if o.zone == "hand":
                continue
            new = move(game, o, "hand")
            game.say(f"  {'puts' if a.verb == 'put' else 'returns'} {new.card.name} into {new.owner}'s hand")
        else:
            if o.zone == "battlefield":
                continue
            controller = ctx.controller if a.under_you or not (a.under_owner or a.owners) else o.owner
            if a.under_owner:
                controller = o.owner
            controller = _controller_under(ctx, dest.under if dest is not None else None, o) or controller
            new = put_onto_battlefield(game, o, controller)
            if new.zone != "battlefield":
                continue  # it stays where it was (303.4f, 304.4, 307.4)
            game.say(f"  returns {name} to the battlefield under {controller}'s control")
        done.append(new)
    _acted(ctx, done)
    return bool(done)


def _objects_to_put(ctx: Ctx, what: object, verb: str) -> list[GameObject]:
    """The objects a "put" instruction moves: those named before ("it",
    "them", "that card"), or cards looked at ("one of them", "the rest")."""
    if isinstance(what, A.LookedCards):
        return looked_cards(ctx, what, verb)
    if isinstance(what, A.ItRef | A.ThemRef | A.ThatRef | A.SelfRef | A.Target | A.ExiledCards | A.CostPaidRef):
        return _current(ctx, ctx.objects(what))
    raise Unsupported(f"putting {type(what).__name__} somewhere")


def _to_library(ctx: Ctx, cards: list[GameObject], dest: A.Destination) -> bool:
    """401: cards go on the top or bottom of their owners' libraries (the
    player's choice for each with "on the top or bottom"); several put on
    the same end together go in an order their owner chooses (401.4)
    unless it is random."""
    import random

    game = ctx.game
    if dest.where == "top or bottom":
        for o in cards:
            d = Decision("word", ctx.controller, f"put {o.card.name} on the top or the bottom of your library",
                         ["top", "bottom"], ["top", "bottom"])  # fmt: skip
            end = ask(game, d)
            move(game, o, "library", bottom=end == "bottom")
            game.say(f"  puts a card on the {end} of the library")
        return bool(cards)
    if dest.where not in ("top", "bottom"):
        raise Unsupported(f"putting a card {dest.where or 'somewhere'} in a library")
    if dest.order == "a random":
        random.Random(game.state.seed * 7919 + game.state.clock).shuffle(cards)
    elif len(cards) > 1:
        last = "the bottom card" if dest.where == "bottom" else "the top card"
        d = Decision("pick", ctx.controller, f"order the cards for the {dest.where} of your library (the last named is {last})",
                     [o.id for o in cards], [o.card.name for o in cards], len(cards), len(cards))  # fmt: skip
        order = ask(game, d)
        cards = [next(o for o in cards if o.id == oid) for oid in order]
    for o in cards:
        move(game, o, "library", bottom=dest.where == "bottom")
    game.say(f"  puts {len(cards)} card(s) on the {dest.where} of the library")
    return bool(cards)


def _put_in_zone(ctx: Ctx, a: A.PutInZone) -> bool:
    """Put cards named before into a zone (400.3: a card goes to its owner's
    hand, library or graveyard): "put it onto the battlefield tapped", "put
    one of them into your hand", "the rest on the bottom of your library in
    any order", "exile them" after a search (linked, 607.2a)."""
    game = ctx.game
    dest = a.to
    if a.player is not None and ctx.players(a.player) != [ctx.controller]:
        raise Unsupported("another player putting cards somewhere")
    verb = {"hand": "put into your hand", "battlefield": "put onto the battlefield"}.get(dest.zone, "put on your library")
    what = a.what
    if (dest.zone == "battlefield" and isinstance(what, A.EachOf) and what.count is not None
            and isinstance(what.of, A.ThatRef) and "token" in (n.lower() for n in what.of.what.nouns)):  # fmt: skip
        # "put twelve of those tokens onto the battlefield instead": older
        # wording for creating them (111.1)
        again = _tokens_instead(ctx, what.count)
        if again is not None:
            return do(ctx, again)
    cards = _objects_to_put(ctx, a.what, verb)
    done: list[GameObject] = []
    if dest.zone == "library":
        return _to_library(ctx, cards, dest)
    for o in cards:
        name = o.card.name
        if dest.zone == "hand":
            new = move(game, o, "hand")
            game.say(f"  puts {name} into {new.owner}'s hand")
        elif dest.zone == "battlefield":
            tapped = "tapped" in dest.mods
            controller = _controller_under(ctx, dest.under, o) or ctx.controller
            new = put_onto_battlefield(game, o, controller, tapped=tapped)
            if new.zone != "battlefield":
                continue  # an Aura with nothing to enchant, an instant or sorcery card, stays where it was (303.4f, 304.4)
            game.say(f"  puts {name} onto the battlefield" + (" tapped" if tapped else ""))
        elif dest.zone == "graveyard":
            new = move(game, o, "graveyard")
            game.say(f"  puts {name} into {new.owner}'s graveyard")
        elif dest.zone == "exile":
            new = exile_linked(ctx, o)
            game.say(f"  exiles {name} with {_source_name(ctx)}")
        else:
            raise Unsupported(f"putting a card into the {dest.zone}")
        done.append(new)
    _acted(ctx, done)
    return bool(done)


def _draw(ctx: Ctx, a: A.Draw) -> bool:
    n = ctx.quantity(a.amount)
    for p in ctx.players(a.player):
        draw(ctx.game, p, n)
    return True


def choose_cards(ctx: Ctx, player: PlayerId, prompt: str, cands: list[GameObject], n: int) -> list[GameObject]:
    """A player picks ``n`` of ``cands`` (all of them if there is no choice:
    the only legal answer, taken without asking, as :func:`~interpreter.choices.ask` does)."""
    if len(cands) <= n:
        if cands:
            ctx.game.say(f"  {player}: {prompt}: {', '.join(display_name(o) for o in cands)} (the only choice)")
        return list(cands)
    d = Decision("pick", player, prompt, [o.id for o in cands], [display_name(o) for o in cands], n, n)
    picked = ask(ctx.game, d)
    return [o for o in cands if o.id in picked]


def _discard(ctx: Ctx, a: A.Discard) -> bool:
    """701.9: the player discards cards of their choice ("two cards", "a
    creature card"), or their whole hand."""
    game = ctx.game
    for p in ctx.players(a.player):
        hand = game.zone_objects("hand", p)
        if a.amount is None:
            victims = list(hand)
        else:
            if a.filter is not None:
                hand = [o for o in hand if matches(game, a.filter, o, you=p, source=ctx.source, anywhere=True)]
            n = ctx.quantity(a.amount)
            victims = choose_cards(ctx, p, f"discard {n} card{'s' if n != 1 else ''}", hand, n)
        for v in victims:
            game.say(f"  {p} discards {v.card.name}")
            move(game, v, "graveyard")
    return True


def _mill(ctx: Ctx, a: A.Mill) -> bool:
    n = ctx.quantity(a.amount)
    for p in ctx.players(a.player):
        for o in [ctx.game.obj(c) for c in ctx.game.zone("library", p)[:n]]:
            move(ctx.game, o, "graveyard")
        ctx.game.say(f"  {p} mills {n}")
    return True


def _sacrifice(ctx: Ctx, a: A.Sacrifice) -> bool:
    game = ctx.game
    done = False
    if isinstance(a.what, A.SelfRef | A.ItRef) and (a.player is None or isinstance(a.player, A.You)):
        for o in _current(ctx, ctx.self_objects(a.what) if isinstance(a.what, A.SelfRef) else ctx.objects(a.what)):
            if o.zone == "battlefield" and o.controller == ctx.controller:
                game.say(f"  {ctx.controller} sacrifices {display_name(o)}")
                move(game, o, "graveyard")
                done = True
        return done
    if not isinstance(a.what, A.AnObject):
        raise Unsupported(f"sacrifice of {type(a.what).__name__}")
    n = ctx.quantity(a.what.count) if a.what.count is not None else 1
    for p in ctx.players(a.player):
        cands = [
            o for o in game.battlefield()
            if o.controller == p and matches(game, a.what.filter, o, you=p, source=ctx.source)
        ]  # fmt: skip
        for v in choose_cards(ctx, p, f"sacrifice {n}", cands, n):
            game.say(f"  {p} sacrifices {display_name(v)}")
            move(game, v, "graveyard")
            done = True
    return done


# --------------------------------------------------------------------------
# Counters, tokens, P/T, tapping
# --------------------------------------------------------------------------


def _put_counters(ctx: Ctx, a: A.PutCounters) -> bool:
    n = ctx.quantity(a.amount)
    objs = [o for o in _current(ctx, ctx.objects(a.on)) if o.zone == "battlefield"]
    for o in objs:
        put_counters(ctx.game, o, a.kind, n)
        ctx.game.say(f"  puts {n} {a.kind} counter{'s' if n != 1 else ''} on {display_name(o)}")
    return bool(objs) and n > 0


def _remove_counters(ctx: Ctx, a: A.RemoveCounters) -> bool:
    n = ctx.quantity(a.amount)
    objs = _current(ctx, ctx.objects(a.source))
    if not objs or any(o.counters.get(a.kind, 0) < n for o in objs):
        ctx.game.say(f"  can't remove {n} {a.kind} counter(s): not enough")
        return False
    for o in objs:
        o.counters[a.kind] -= n
        if not o.counters[a.kind]:
            del o.counters[a.kind]
        ctx.game.say(f"  removes {n} {a.kind} counter{'s' if n != 1 else ''} from {display_name(o)}")
    return True


def _create_tokens(ctx: Ctx, a: A.CreateTokens) -> bool:
    """111.1, 111.4: tokens as the instruction describes them ("of those
    tokens": as the instruction before described them)."""
    game = ctx.game
    spec = a.spec or ctx.last_token
    if spec is None:
        again = _tokens_instead(ctx, a.amount)
        if again is not None:
            return do(ctx, again)
        raise Unsupported("'of those tokens' with no token named before")
    ctx.last_token = spec
    n = ctx.quantity(a.amount)
    if "X" in (spec.power, spec.toughness):
        x = ctx.quantity(A.VarX())
        spec = replace(spec, power=str(x) if spec.power == "X" else spec.power,
                       toughness=str(x) if spec.toughness == "X" else spec.toughness)  # fmt: skip
    card = token_card(spec)
    made = []
    for p in ctx.players(a.player):
        for _ in range(n):
            new = create_on_battlefield(game, card, p, colors=token_colors(spec), tapped=a.tapped)
            game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
            made.append(new)
        game.say(f"  {p} creates {n} {card.name}{'s' if n != 1 else ''}")
    _acted(ctx, made)
    return bool(made)


def _tokens_instead(ctx: Ctx, amount: A.Quantity) -> A.CreateTokens | A.CreateTokenCopy | None:
    """In an "instead" sentence, "create four of those tokens" / "put five
    of those tokens onto the battlefield": the replaced sentence's token
    instruction, with this amount (608.2c, 614.1a) — the replaced sentence
    wasn't carried out, so no token was named before."""
    before = ctx.replaced_sentence()
    for action in before.actions if before is not None else ():
        node = action.action if isinstance(action, A.MayDo) else action
        if isinstance(node, A.CreateTokens) and node.spec is not None or isinstance(node, A.CreateTokenCopy):
            return replace(node, amount=amount)
    return None


def _create_token_copy(ctx: Ctx, a: A.CreateTokenCopy) -> bool:
    """111.10/707.2: a token that copies the copiable values — never the kicked
    status or other linked information (K16)."""
    from .copies import copiable_card

    game = ctx.game
    n = ctx.quantity(a.amount)
    made = []
    for p in ctx.players(a.player):
        for oid in ctx.objects(a.of):
            o = ctx.game.get(oid)
            if o is None:
                continue
            card = copiable_card(o)
            for _ in range(n):
                new = create_on_battlefield(game, card, p, copy_of=card, tapped=a.tapped)
                game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
                made.append(new)
                game.say(f"  {p} creates a token copy of {display_name(o)}")
    _acted(ctx, made)
    return bool(made)


def _change(ctx: Ctx, value: int | A.SignedX | None) -> int:
    """One side of "+2/-1" or "+X/+X": X is the spell's or ability's X (601.2b)."""
    if isinstance(value, A.SignedX):
        return value.sign * ctx.quantity(A.VarX())
    return value or 0


def until_end_of_turn(a: A.Node) -> bool:
    """Does the instruction last until end of turn (514.2)?"""
    duration = getattr(a, "duration", None)
    return bool(getattr(a, "until_eot", False)) or (
        isinstance(duration, A.Duration) and duration.kind == "until end of turn" and duration.object is None
    )


def _pump(ctx: Ctx, a: A.Pump) -> bool:
    """611.2a, 613.4c: "[what] gets +N/+N [and gains flying] until end of turn"."""
    times = ctx.quantity(a.per) if a.per is not None else 1
    power, toughness = _change(ctx, a.power), _change(ctx, a.toughness)
    objs = [o for o in _current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        eff = EotEffect(o.id, power * times, toughness * times,
                        tuple(keyword_name(k) for k in a.keywords), ctx.game.tick())  # fmt: skip
        ctx.game.state.eot.append(eff)
        ctx.game.say(f"  {display_name(o)} gets {eff.power:+d}/{eff.toughness:+d}"
                     + (f" and {', '.join(eff.keywords)}" if eff.keywords else "") + " until end of turn")
    _acted(ctx, objs)  # "Creatures you control get +1/+1 ... . Untap those creatures."
    return bool(objs)


def _tap(ctx: Ctx, a: A.TapObjects | A.UntapObjects) -> bool:
    """701.26: tap or untap the permanents named."""
    tapped = isinstance(a, A.TapObjects)
    objs = [o for o in _current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        o.tapped = tapped
        ctx.game.say(f"  {'taps' if tapped else 'untaps'} {display_name(o)}")
    _acted(ctx, objs)
    return bool(objs)


def _fight(ctx: Ctx, a: A.Fight) -> bool:
    """701.14: each deals damage equal to its power to the other."""
    first = _current(ctx, ctx.objects(a.first))
    second = _current(ctx, ctx.objects(a.second))
    if not first or not second:
        return False
    x, y = first[0], second[0]
    if x.zone != "battlefield" or y.zone != "battlefield":
        return False
    px, _ = power_toughness(ctx.game, x)
    py, _ = power_toughness(ctx.game, y)
    deal_damage(ctx, display_name(x), px or 0, [y], [], x)
    deal_damage(ctx, display_name(y), py or 0, [x], [], y)
    return True


def _cant_block(ctx: Ctx, a: A.CantBlock) -> bool:
    """"can't block" / "can't be blocked" is a static ability's effect
    (:func:`interpreter.characteristics.restrictions`, 509.1b); the engine
    has no one-shot instruction of it, which would need a duration."""
    raise Unsupported("'can't block' as an instruction, not a static ability")


def _no_regeneration(ctx: Ctx, a: Any) -> bool:
    """701.19c: "It can't be regenerated" is read by the destroy instruction of
    the same effect (:func:`_destroy`); as an instruction of its own it does nothing more."""
    return True


def _regenerate(ctx: Ctx, a: A.Regenerate) -> bool:
    """701.19a: "Regenerate [permanent]" — a shield for the next time it would be destroyed this turn."""
    from .destroy import add_shield

    ids = [ctx.source] if a.what is None else ctx.objects(a.what)
    objs = [o for o in _current(ctx, ids) if o.zone == "battlefield"]
    for o in objs:
        add_shield(ctx.game, o)
    return bool(objs)


# --------------------------------------------------------------------------
# The stack: counter, copy
# --------------------------------------------------------------------------


def _counter(ctx: Ctx, a: A.CounterSpell) -> bool:
    from .stack import counter_spell

    done = False
    for oid in ctx.objects(a.what):
        done = counter_spell(ctx, oid, a) or done
    return done


def _copy_spell(ctx: Ctx, a: A.CopySpell) -> bool:
    from .copies import copy_spell

    done = False
    for oid in ctx.objects(a.what):
        done = copy_spell(ctx, oid, new_targets=a.new_targets) or done
    return done


# --------------------------------------------------------------------------
# Face-down, library manipulation, mana
# --------------------------------------------------------------------------


def _manifest(ctx: Ctx, a: A.Manifest) -> bool:
    """701.40a manifest, 701.62a manifest dread, 701.58a cloak: the top card(s)
    of the player's library, cards looked at ("manifest one of those
    cards"), or a card from their hand ("cloak a card from your hand")."""
    from .facedown import manifest, manifest_cards, manifest_dread, manifest_from_hand

    made: list[GameObject] = []
    verb = "cloak" if a.cloak else "manifest"
    if a.looked is not None:
        made = manifest_cards(ctx, ctx.controller, looked_cards(ctx, a.looked, verb), cloak=a.cloak)
        _acted(ctx, made)
        return bool(made)
    from_hand = a.from_hand
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    if a.what is not None:
        zone = a.what.filter.zone if isinstance(a.what, A.AnObject) else None
        if zone is None or zone.zone != "hand" or not isinstance(zone.owner, A.You | A.Possessive | None):
            raise Unsupported(f"{verb} {type(a.what).__name__}")
        from_hand = True
        n = ctx.quantity(a.what.count) if a.what.count is not None else 1
    for p in ctx.players(a.player):
        if a.whose is not None and ctx.players(a.whose) != [p]:
            raise Unsupported(f"{verb} the top of another player's library")
        if a.dread:
            made.extend(manifest_dread(ctx, p))
        elif from_hand:
            made.extend(manifest_from_hand(ctx, p, n, cloak=a.cloak))
        else:
            made.extend(manifest(ctx, p, n, cloak=a.cloak))
    _acted(ctx, made)
    return bool(made)


KEYWORD_ACTIONS: frozenset[str] = frozenset({"scry"})
"""Keyword actions (701) the engine carries out; the others are gaps (:data:`LIMITS`)."""


def _keyword_action(ctx: Ctx, a: A.KeywordAction) -> bool:
    if a.verb != "scry":
        raise Unsupported(f"keyword action '{a.verb}'")
    return _scry(ctx, a)


def _scry(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.22a: look at the top N cards of your library, put any number of
    them on the bottom in any order and the rest on top in any order."""
    game = ctx.game
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    for p in ctx.players(a.player) if a.player is not None else [ctx.controller]:
        if p != ctx.controller:
            raise Unsupported("another player scrying")
        top = [game.obj(c) for c in game.zone("library", p)[:n]]
        game.say(f"  {p} scries {n}")
        if not top:
            continue
        d = Decision("pick", p, f"scry {n}: which cards go on the bottom of your library",
                     [o.id for o in top], [o.card.name for o in top], 0, len(top))  # fmt: skip
        chosen = ask(game, d)
        bottom = [o for o in top if o.id in chosen]
        keep = [o for o in top if o.id not in chosen]
        if bottom:
            _to_library(ctx, bottom, A.Destination("library", where="bottom"))
        if len(keep) > 1:  # the rest go back on top, in an order the player chooses
            _to_library(ctx, keep, A.Destination("library", where="top"))
    return True


def _look(ctx: Ctx, a: A.LookAtTop) -> bool:
    """"Look at the top N cards of your library": what later instructions of
    the ability call "them", "one of them", "the rest" (607.1)."""
    n = ctx.quantity(a.amount)
    whose = ctx.players(a.whose if a.whose is not None else a.player)
    if len(whose) != 1 or (a.player is not None and ctx.players(a.player) != [ctx.controller]):
        raise Unsupported("looking at several libraries, or another player looking")
    ctx.looked = [ctx.game.obj(c).id for c in ctx.game.zone("library", whose[0])[:n]]
    mine = "their" if whose[0] == ctx.controller else f"{whose[0]}'s"
    ctx.game.say(f"  {ctx.controller} looks at the top {len(ctx.looked)} card(s) of {mine} library")
    _acted(ctx, ctx.looked_cards())
    return True


def _reveal(ctx: Ctx, a: A.Reveal) -> bool:
    """701.16: reveal cards named before ("reveal it"), or one the player
    picks that fits a description from among them ("reveal a creature card
    from among them"): what later instructions call "it"."""
    if a.player is not None and ctx.players(a.player) != [ctx.controller]:
        raise Unsupported("another player revealing cards")
    what = a.what
    if isinstance(what, A.ItRef | A.ThemRef | A.ThatRef | A.Target):
        shown = _current(ctx, ctx.objects(what))
        for o in shown:
            ctx.game.say(f"  reveals {o.card.name}")
        _acted(ctx, shown)
        return bool(shown)
    if not isinstance(what, A.AnObject):
        raise Unsupported(f"revealing {type(what).__name__}")
    among = [q.what for q in what.filter.qualities if isinstance(q, A.Among) and q.what is not None]
    if not among:
        raise Unsupported("revealing a card not named before ('from among them')")
    pool = [o for ref in among for o in _current(ctx, ctx.objects(ref))]
    cands = [o for o in pool if matches(ctx.game, what.filter, o, you=ctx.controller, source=ctx.source,
                                        players=ctx.players, quantity=ctx.quantity, objects=ctx.objects, anywhere=True)]  # fmt: skip
    if not cands:
        ctx.game.say("  no card fits; nothing is revealed")
        _acted(ctx, [])
        return False
    n = ctx.quantity(what.count) if what.count is not None else 1
    hi = min(n, len(cands))
    d = Decision("pick", ctx.controller, "reveal which card" if hi == 1 else f"reveal which {hi} cards",
                 [o.id for o in cands], [o.card.name for o in cands], 0 if what.up_to else hi, hi)  # fmt: skip
    picked = ask(ctx.game, d)
    shown = [o for o in cands if o.id in picked]
    for o in shown:
        ctx.game.say(f"  reveals {o.card.name}")
    _acted(ctx, shown)
    return bool(shown)


def looked_cards(ctx: Ctx, ref: A.LookedCards, verb: str) -> list[GameObject]:
    """The cards the ability looked at that are still in the library (each
    still the object it looked at, 400.7); "one of them" is the controller's
    pick among those, "the other" / "the rest" are all of them."""
    remaining = ctx.looked_cards()
    if ref.count is None:
        return remaining
    n = ctx.quantity(ref.count)
    if not remaining or n <= 0:
        return []
    d = Decision("pick", ctx.controller, f"{_source_name(ctx)}: {verb} which of the cards you looked at",
                 [o.id for o in remaining], [o.card.name for o in remaining],
                 min(n, len(remaining)), min(n, len(remaining)))  # fmt: skip
    picked = ask(ctx.game, d)
    return [o for o in remaining if o.id in picked]


def _searched_player(ctx: Ctx, a: A.Search) -> PlayerId:
    """Whose library is searched: yours, or the player it names ("target
    player's library"); "that player's library" in an "instead" sentence is
    the player the sentence it replaces names (:meth:`Ctx.replaced_player`)."""
    if a.whose is None:
        return ctx.controller
    players = ctx.players(a.whose)
    if len(players) != 1:
        raise Unsupported("a search of several players' libraries")
    return players[0]


def _search(ctx: Ctx, a: A.Search) -> bool:
    """701.23: search a library for cards that fit; they are what the next
    instructions call "it" or "them" ("put it onto the battlefield", "exile
    them").  A search for cards with a stated quality, or for "up to" N
    cards, may find fewer than there are (701.23b); the searching player
    picks which.  Another player's library searched is "that player"'s."""
    game = ctx.game
    what = a.what
    assert isinstance(what, A.AnObject)  # LIMITS
    if a.player is not None and ctx.players(a.player) != [ctx.controller]:
        raise Unsupported("another player searching a library")
    whose = _searched_player(ctx, a)
    if not isinstance(a.whose, A.You | None):
        ctx.that_player = [whose]  # "then that player shuffles"
    n = ctx.quantity(what.count) if what.count is not None else 1
    filt = what.filter
    library = game.zone_objects("library", whose)
    cands = [o for o in library if matches(game, filt, o, you=ctx.controller, source=ctx.source,
                                           players=ctx.players, quantity=ctx.quantity, anywhere=True)]  # fmt: skip
    stated = bool(filt.adjectives or filt.qualities or [x for x in filt.nouns if x.lower() != "card"])
    hi = min(n, len(cands))
    lo = 0 if stated or what.up_to else hi
    found: list[GameObject] = []
    mine = "your library" if whose == ctx.controller else f"{whose}'s library"
    if hi > 0:
        d = Decision("pick", ctx.controller, f"search {mine}: find up to {min(n, len(cands))} (none to find nothing)"
                     if lo == 0 else f"search {mine}: find {hi}",
                     [o.id for o in cands], [o.card.name for o in cands], lo, hi)  # fmt: skip
        picked = ask(game, d)
        found = [o for o in cands if o.id in picked]
    if found:
        game.say(f"  {ctx.controller} searches {mine} and finds {', '.join(o.card.name for o in found)}")
    else:
        game.say(f"  {ctx.controller} searches {mine} and finds nothing")
    _acted(ctx, found)
    return bool(found)


def _shuffle(ctx: Ctx, a: A.Shuffle) -> bool:
    """701.20: each player named shuffles their library ("then shuffle",
    "then that player shuffles", "shuffle your library")."""
    import random

    game = ctx.game
    players = ctx.players(a.into) if a.form == "library" and a.into is not None else ctx.players(a.player)
    for p in players:
        lib = game.zone("library", p)
        random.Random(game.state.seed * 7919 + game.state.clock).shuffle(lib)
        game.tick()
        game.say(f"  {p} shuffles their library (701.20)")
    return True


def _skip_turn(ctx: Ctx, a: A.SkipTurn) -> bool:
    """500.7: "You skip your next turn" — the turn after this one that would be yours doesn't happen."""
    for p in ctx.players(a.player):
        ctx.game.player(p).skip_turns += 1
        ctx.game.say(f"  {p} will skip their next turn")
    return True


def _add_mana(ctx: Ctx, a: A.AddMana | A.AddManaAnyColor) -> bool:
    """106.4: mana goes into the controller's pool; "one mana of any color" is
    the controller's choice as the ability resolves (106.1b)."""
    from .costs import choose_mana

    src = ctx.source_obj()
    if src is None:
        return False
    units = choose_mana(ctx.game, ctx.controller, src, a)
    pool = ctx.game.player(ctx.controller).pool
    for u in units:
        pool[u] = pool.get(u, 0) + 1
    ctx.added_mana = list(units)
    ctx.game.say(f"  {ctx.controller} adds {units_text(list(units))}")
    return True


def _spend_only(ctx: Ctx, a: A.SpendOnly) -> bool:
    """106.6: "Spend this mana only to cast kicked spells" — the mana the
    ability just added carries the restriction, which the payment solver
    respects (:mod:`interpreter.mana`)."""
    from .mana import restriction_tag, tagged

    tag = restriction_tag(a)
    pool = ctx.game.player(ctx.controller).pool
    for u in ctx.added_mana:
        if pool.get(u, 0) > 0:
            pool[u] -= 1
            if not pool[u]:
                del pool[u]
            (t,) = tagged((u,), tag)
            pool[t] = pool.get(t, 0) + 1
    ctx.added_mana = []
    return True


def _attach(ctx: Ctx, a: A.Attach) -> bool:
    """701.3a: put an Aura or Equipment on an object; one that can't be
    attached to it (or has left the battlefield) doesn't move (701.3b)."""
    from .attach import attach_problem

    what = _current(ctx, ctx.objects(a.what))
    to = _current(ctx, ctx.objects(a.to))
    if not what or not to:
        ctx.game.say("  nothing is attached: one of them is gone (701.3b)")
        return False
    problem = attach_problem(ctx.game, what[0], to[0])
    if problem is not None:
        ctx.game.say(f"  {display_name(what[0])} isn't attached to {display_name(to[0])}: {problem} (701.3b)")
        return False
    what[0].attached_to = to[0].id
    ctx.game.say(f"  attaches {display_name(what[0])} to {display_name(to[0])}")
    return True


def _becomes(ctx: Ctx, a: A.Becomes) -> bool:
    """A type-changing effect on permanents (205.1b, 611.2a): it lasts while
    each stays the same object on the battlefield."""
    objs = [o for o in _current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    names = [keyword_name(k) for k in a.keywords]
    for o in objs:
        o.became = (*o.became, a)
        ctx.game.say(f"  {display_name(o)} becomes {' '.join(a.types)}" + (f" with {', '.join(names)}" if names else ""))
    return bool(objs)


def _champion_exile(ctx: Ctx, a: Any) -> bool:
    """702.72a: sacrifice it unless you exile another such permanent you control."""
    game = ctx.game
    src = ctx.source_obj()
    what = a.exile.what
    cands = [o for o in game.battlefield()
             if matches(game, what.filter, o, you=ctx.controller, source=ctx.source)]  # fmt: skip
    name = _source_name(ctx)
    if cands and ask(game, Decision("may", ctx.controller, f"{name}: champion (exile) another permanent? If not, sacrifice {name}")):
        chosen = choose_cards(ctx, ctx.controller, f"{name}: exile which one", cands, 1)
        for o in chosen:
            label = display_name(o)
            new = exile_linked(ctx, o)
            game.say(f"  {name} champions {label}: exiled with {name}")
            game.events.append(Championed(new.id, ctx.source))  # "When a [Faerie] is championed with [this]"
        return True
    if src is not None and src.zone == "battlefield":
        game.say(f"  {ctx.controller} sacrifices {name} (nothing championed)")
        move(game, src, "graveyard")
    return False


ACTIONS: dict[type, Callable[[Ctx, Any], bool]] = {
    A.DealDamage: _deal_damage,
    A.Destroy: _destroy,
    A.Exile: _exile,
    A.ExileTop: _exile_top,
    A.ReturnTo: _return,
    A.PutInZone: _put_in_zone,
    A.Draw: _draw,
    A.Discard: _discard,
    A.Mill: _mill,
    A.GainLife: _gain_life,
    A.LoseLife: _lose_life,
    A.Sacrifice: _sacrifice,
    A.PutCounters: _put_counters,
    A.RemoveCounters: _remove_counters,
    A.CreateTokens: _create_tokens,
    A.CreateTokenCopy: _create_token_copy,
    A.Pump: _pump,
    A.CantBlock: _cant_block,
    A.CantBeRegenerated: _no_regeneration,
    A.Regenerate: _regenerate,
    A.TapObjects: _tap,
    A.UntapObjects: _tap,
    A.CounterSpell: _counter,
    A.CopySpell: _copy_spell,
    A.Manifest: _manifest,
    A.Fight: _fight,
    A.Becomes: _becomes,
    A.LookAtTop: _look,
    A.KeywordAction: _keyword_action,
    A.Reveal: _reveal,
    A.Search: _search,
    A.Shuffle: _shuffle,
    A.AddMana: _add_mana,
    A.AddManaAnyColor: _add_mana,
    A.SpendOnly: _spend_only,
    A.Attach: _attach,
    A.SkipTurn: _skip_turn,
}
"""Each instruction (608.2c) and the function that carries it out; it
returns whether the instruction was done (for "if you do", 608.2d)."""


def _not_you(player: object) -> bool:
    return player is not None and not isinstance(player, A.You)


def _zone_of(what: object) -> str | None:
    filt = what.filter if isinstance(what, A.AnObject) else None
    return filt.zone.zone if filt is not None and filt.zone is not None else None


LIMITS: dict[type, tuple[tuple[str, Callable[[Any], object]], ...]] = {
    A.KeywordAction: (
        ("a keyword action other than scry", lambda a: a.verb not in KEYWORD_ACTIONS),
        ("another player scrying", lambda a: a.verb == "scry" and _not_you(a.player)),
        ("scry for a while", lambda a: a.verb == "scry" and (a.duration is not None or a.what is not None or a.extra)),
    ),
    A.DealDamage: (
        ("combat damage as an instruction", lambda a: a.combat),
        ("damage divided as you choose", lambda a: a.divided),
        ("damage to a second recipient", lambda a: a.second is not None),
    ),
    A.Exile: (
        ("exiling with counters", lambda a: a.with_counters is not None),
        ("exiling until something other than this leaves",
         lambda a: a.until is not None and not isinstance(a.until, A.SelfRef | A.ItRef)),
        ("another player exiling", lambda a: _not_you(a.player)),
    ),
    A.ReturnTo: (
        ("returning a card to a zone other than a hand or the battlefield", lambda a: a.zone not in ("hand", "battlefield")),
        ("returning a permanent tapped or attacking", lambda a: a.destination is not None and a.destination.mods),
        ("returning a card from a zone named", lambda a: a.from_zone is not None),
        ("another player returning a card", lambda a: _not_you(a.player)),
    ),
    A.PutInZone: (
        ("putting a card somewhere else", lambda a: not isinstance(a.to, A.Destination)
         or a.to.zone not in ("hand", "battlefield", "graveyard", "exile", "library")),
        ("putting a permanent onto the battlefield attacking or with counters",
         lambda a: isinstance(a.to, A.Destination) and set(a.to.mods) - {"tapped"}),
        ("putting a card into a library other than on top or at the bottom",
         lambda a: isinstance(a.to, A.Destination) and a.to.zone == "library"
         and a.to.where not in ("top", "bottom", "top or bottom")),
    ),
    A.Discard: (
        ("discarding at random", lambda a: a.random),
        ("discarding cards named before", lambda a: a.what is not None
         and not (isinstance(a.what, tuple) and a.what[:1] == ("hand",))),
    ),
    A.RemoveCounters: (
        ("removing counters of any kind", lambda a: not a.kind),
        ("removing all counters", lambda a: a.all),
    ),
    A.CreateTokens: (
        ("tokens with quoted abilities", lambda a: a.spec is not None and a.spec.abilities),
        ("tokens with other characteristics", lambda a: a.spec is not None and a.spec.extra),
        ("named tokens", lambda a: a.spec is not None and a.spec.named),
        ("tokens with a supertype", lambda a: a.spec is not None and a.spec.supertype),
        ("tokens created attacking", lambda a: a.attacking),
    ),
    A.CreateTokenCopy: (
        ("a token copy with an exception", lambda a: a.exception is not None),
        ("a token copy created attacking", lambda a: a.attacking),
        ("exiling the token copy later", lambda a: a.then_exile),
    ),
    A.Pump: (
        ("a P/T change or ability grant without 'until end of turn' inside a resolving effect",
         lambda a: not until_end_of_turn(a)),
        ("a P/T change with another effect", lambda a: a.extra is not None),
        ("a choice of keywords", lambda a: a.keyword_conj == "or" and len(a.keywords) > 1),
    ),
    A.UntapObjects: (("untapping all permanents you control", lambda a: a.all_yours),),
    A.CantBeRegenerated: (("'can't be regenerated' with a duration", lambda a: a.duration is not None),),
    A.CounterSpell: (
        ("'unless its controller pays' an amount for each", lambda a: a.unless_per is not None),
        ("'unless its controller pays' life", lambda a: a.unless_life is not None),
    ),
    A.CopySpell: (
        ("copying a spell several times", lambda a: a.times is not None or a.per is not None),
        ("another player copying a spell", lambda a: _not_you(a.player)),
    ),
    A.Manifest: (
        ("manifesting or cloaking cards other than from the top of a library, a hand or cards named before",
         lambda a: a.what is not None and _zone_of(a.what) != "hand" and not isinstance(a.what, A.ThatRef | A.ThemRef)),
    ),
    A.Fight: (("a fight that doesn't name both creatures", lambda a: a.first is None or a.second is None),),
    A.Becomes: (
        ("a change of power and toughness", lambda a: a.pt),
        ("a change of color", lambda a: a.color),
        ("a change of that kind", lambda a: a.special),
        ("becoming a copy", lambda a: a.of is not None),
        ("a type change with a duration", lambda a: a.duration is not None),
    ),
    A.Reveal: (
        ("revealing the top of a library", lambda a: a.top or a.amount is not None or a.until is not None),
        ("revealing a hand", lambda a: a.hand),
    ),
    A.Search: (
        ("searching a zone other than a library", lambda a: a.zones != "library"),
        ("searching a library for cards not described", lambda a: not isinstance(a.what, A.AnObject)),
    ),
    A.Shuffle: (
        ("shuffling cards into a library", lambda a: a.what is not None or a.form not in ("", "library", "that pile")),
        ("shuffling another player's library", lambda a: a.form == "" and a.into is not None),
    ),
    A.SkipTurn: (
        ("skipping a step", lambda a: a.step != "turn"),
        ("skipping several turns", lambda a: a.amount is not None),
    ),
}
"""For each kind of instruction, the parts of it the interpreter can't
carry out yet: (what, test); :func:`do` raises
:class:`~interpreter.errors.Unsupported` naming the first that applies, and
:mod:`interpreter.support` reports it without playing."""


def _counter_unless_pays(ctx: Ctx, a: Any) -> bool:
    """702.21a, 701.6: counter the spell or ability that triggered ward unless
    its controller pays the cost (their choice)."""
    from .costs import describe, mana_parts, pay_mana, pay_other
    from .errors import IllegalAction
    from .mana import need_of
    from .stack import remove_from_stack

    game = ctx.game
    item = game.stack_item(ctx.trigger_spell) if ctx.trigger_spell is not None else None
    if item is None:
        game.say("  the spell or ability it countered has already left the stack")
        return False
    what = describe(a.cost)
    d = Decision("may", item.controller, f"pay {what} so that {item.name} isn't countered (ward)?")
    if ask(game, d):
        try:
            with game.transaction():
                pay_mana(game, item.controller, need_of(mana_parts(a.cost)), None, what)
                paid: dict[str, list[Any]] = {}
                for part in a.cost.parts:
                    if not isinstance(part, A.ManaCost):
                        pay_other(game, item.controller, part, None, paid)
            return False
        except IllegalAction as exc:
            game.say(f"  {item.controller} can't pay: {exc}")
    remove_from_stack(game, item)
    return True


def _register_keyword_actions() -> None:
    from .keywords import ChampionExile, CounterUnlessPays

    ACTIONS[ChampionExile] = _champion_exile
    ACTIONS[CounterUnlessPays] = _counter_unless_pays


_register_keyword_actions()

# Families of instructions defined in modules of their own, which add
# themselves to ACTIONS and LIMITS as they are imported.
from . import block_requirements, facedown_actions, haunt, turn_actions  # noqa: E402, F401

__all__ = [
    "ACTIONS", "INSTRUCTIONS", "LEADS", "LIMITS", "applies", "limit", "choose_cards", "deal_damage", "describe_action", "do", "exile_linked",
    "looked_cards", "run", "run_modes", "run_sentence", "until_end_of_turn",
]  # fmt: skip
