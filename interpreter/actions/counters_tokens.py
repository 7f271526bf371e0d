"""Counters (CR 122) and tokens (111, 707.2): put / remove counters, create
tokens, create token copies."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..choices import Decision, ask
from ..combat import put_into_combat
from ..context import Ctx
from ..copies import exception_problem
from ..errors import Unsupported
from ..keywords import GraveyardTokenCopy, OffspringCopy, ScavengeCounters
from ..objects import GameObject, ObjectId, PlayerId, token_card, token_colors
from ..replacement import create_on_battlefield
from ..state import Game, KeywordActed
from ..zones import put_counters, remove_counters
from .common import acted, current, not_you
from .library import keyword_action
from .registry import Limit, carries_out, do


@carries_out(A.PutCounters)
def _put_counters(ctx: Ctx, a: A.PutCounters) -> bool:
    """122.1: put counters on each object; "two +1/+1 counters and a reach
    counter" puts each kind."""
    groups = [(ctx.quantity(a.amount), a.kind)] + [(ctx.quantity(n), kind) for n, kind in a.also]
    objs = [o for o in current(ctx, ctx.objects(a.on)) if o.zone == "battlefield"]
    for o in objs:
        for n, kind in groups:
            put_counters(ctx.game, o, kind, n)
            ctx.game.say(f"  puts {n} {kind} counter{'s' if n != 1 else ''} on {display_name(o)}")
    if objs:
        # "put a +1/+0 counter on enchanted creature. If that creature has three or more
        # +1/+0 counters on it, ...": later "that creature" means it (608.2c)
        acted(ctx, objs)
    return bool(objs) and any(n > 0 for n, _ in groups)


@carries_out(A.DoubleCounters)
def _double_counters(ctx: Ctx, a: A.DoubleCounters) -> bool:
    """701.10e: to double the number of a kind of counters on a permanent is
    to put that many more of that kind on it."""
    objs = [o for o in current(ctx, ctx.objects(a.on)) if o.zone == "battlefield"]
    done = False
    for o in objs:
        n = o.counters.get(a.kind, 0)
        if n <= 0:
            ctx.game.say(f"  {display_name(o)} has no {a.kind} counter to double")
            continue
        put_counters(ctx.game, o, a.kind, n)
        ctx.game.say(f"  doubles the {a.kind} counters on {display_name(o)}: puts {n} more")
        done = True
    acted(ctx, objs)
    return done


@carries_out(A.DistributeCounters, limits=(
    ("distributing counters among other than targets", lambda a: not isinstance(a.among, A.Target)),
    ("another player distributing counters", lambda a: a.player is not None and not isinstance(a.player, A.You)),
))
def _distribute_counters(ctx: Ctx, a: A.DistributeCounters) -> bool:
    """601.2d, 122.1: "distribute three +1/+1 counters among one, two, or
    three target creatures": each target still legal gets the number
    announced for it as the spell or ability was put on the stack (608.2b)."""
    from ..targets import divided_among

    assert isinstance(a.among, A.Target)
    done = []
    for value, n in divided_among(ctx, a.among):
        o = ctx.game.get(value) if isinstance(value, tuple) else None
        if o is None or o.zone != "battlefield":
            continue
        put_counters(ctx.game, o, a.kind, n)
        ctx.game.say(f"  puts {n} {a.kind} counter{'s' if n != 1 else ''} on {display_name(o)}")
        done.append(o)
    acted(ctx, done)
    return bool(done)


def _its_counters(ctx: Ctx, a: A.MoveCounters) -> bool:
    """ "put its counters on target creature you control" (the source left
    the battlefield: its counters as it last existed, 608.2h): that many
    counters of each kind it had are put on the other (122.1)."""
    sources = ctx.objects(a.source)
    onto = [o for o in current(ctx, ctx.objects(a.on)) if o.zone == "battlefield"]
    if len(sources) != 1 or len(onto) != 1:
        ctx.game.say("  no counter is put")
        return False
    src = ctx.obj_or_lki(sources[0])
    counters = dict(src.counters) if src is not None else {}
    counters = {k: n for k, n in counters.items() if n > 0}
    if not counters:
        ctx.game.say("  it had no counters")
        return False
    for kind, n in sorted(counters.items()):
        put_counters(ctx.game, onto[0], kind, n)
        ctx.game.say(f"  puts {n} {kind} counter{'s' if n != 1 else ''} on {display_name(onto[0])}")
    acted(ctx, onto)
    return True


def _its_counters_problem(a: A.MoveCounters) -> bool:
    """Which "put [counters] on" without an amount the engine can't do: "those
    counters" (removed before), or counters of an object still on the
    battlefield (moved, 122.5)."""
    return a.amount is None and not (a.source is not None and isinstance(a.source, A.ItRef | A.SelfRef | A.ThatRef) and not a.kind)


@carries_out(A.MoveCounters, limits=(
    ("putting an object's counters on another (all of them, or those removed before)",
     lambda a: _its_counters_problem(a) and not a.any_number),
    ("moving any number of counters (the player's choice of how many)", lambda a: a.any_number),
    ("moving counters of any kind", lambda a: not a.kind and a.amount is not None),
    ("another player moving counters", lambda a: a.player is not None and not isinstance(a.player, A.You)),
))
def _move_counters(ctx: Ctx, a: A.MoveCounters) -> bool:
    """122.5: to move a counter is to remove it from the object it is on and
    put it on the other; counters the first doesn't have aren't moved, and
    nothing moves unless both are on the battlefield."""
    if a.amount is None:
        return _its_counters(ctx, a)
    n = max(0, ctx.quantity(a.amount))
    sources = [o for o in current(ctx, ctx.objects(a.source)) if o.zone == "battlefield"]
    onto = [o for o in current(ctx, ctx.objects(a.on)) if o.zone == "battlefield"]
    if len(sources) != 1 or len(onto) != 1 or sources[0].id == onto[0].id:
        ctx.game.say("  no counter is moved")
        return False
    src, dst = sources[0], onto[0]
    moved = min(n, src.counters.get(a.kind, 0))
    if moved <= 0:
        ctx.game.say(f"  {display_name(src)} has no {a.kind} counter to move")
        return False
    remove_counters(ctx.game, src, a.kind, moved)
    put_counters(ctx.game, dst, a.kind, moved)
    ctx.game.say(f"  moves {moved} {a.kind} counter{'s' if moved != 1 else ''} from {display_name(src)} onto {display_name(dst)}")
    return True


@carries_out(A.GetCounters)
def _get_counters(ctx: Ctx, a: A.GetCounters) -> bool:
    """122.1: each player gets that many counters of the kind — poison
    (122.1f: ten or more lose the game at the next check of state-based
    actions, 704.5c), experience (122.1g), energy (122.1h), and any other."""
    players = ctx.players(a.player)
    got = False
    for p in players:
        n = max(0, ctx.quantity(a.amount))
        player = ctx.game.player(p)
        player.add_counters(a.kind, n)
        got = got or n > 0
        ctx.game.say(f"  {p} gets {n} {a.kind} counter{'s' if n != 1 else ''} ({a.kind} {player.counter(a.kind)})")
    return got


@carries_out(A.RemoveCounters, limits=(
    ("removing counters of any kind", lambda a: not a.kind and not a.all),
    ("removing any number of counters (the player's choice of how many)", lambda a: a.any_number),
))
def _remove_counters(ctx: Ctx, a: A.RemoveCounters) -> bool:
    """122.1: remove counters from each object named; "remove all +1/+1
    counters from it", "remove all counters from it": every one of that kind,
    or of every kind."""
    if a.all:
        done = False
        for o in current(ctx, ctx.objects(a.source)):
            kinds = [a.kind] if a.kind else sorted(o.counters)
            for kind in kinds:
                n = o.counters.pop(kind, 0)
                if n > 0:
                    done = True
                    ctx.game.say(f"  removes {n} {kind} counter{'s' if n != 1 else ''} from {display_name(o)}")
        return done
    n = ctx.quantity(a.amount)
    objs = current(ctx, ctx.objects(a.source))
    if not objs or any(o.counters.get(a.kind, 0) < n for o in objs):
        ctx.game.say(f"  can't remove {n} {a.kind} counter(s): not enough")
        return False
    for o in objs:
        remove_counters(ctx.game, o, a.kind, n)
        ctx.game.say(f"  removes {n} {a.kind} counter{'s' if n != 1 else ''} from {display_name(o)}")
    return True


@cache
def predefined_tokens() -> dict[str, A.Card]:
    """111.10: the predefined tokens (Treasure, Food, Clue, ..., the Roles)
    by name, read by the card grammar from the package's data file."""
    from cardtext.grammar.parser import parse_text

    path = Path(__file__).parent.parent / "data" / "predefined_tokens.txt"
    result = parse_text(path.read_text(encoding="utf-8"), str(path))
    if result.errors:
        raise RuntimeError(f"{path}: {result.errors[0]}")
    return {card.name: card for card in result.cards}


def predefined(spec: A.TokenSpec | None) -> A.Card | None:
    """The predefined token (111.10) an instruction names by its subtype
    alone ("a Treasure token"), or None."""
    if spec is None or spec.types or len(spec.subtypes) != 1 or spec.power or spec.colors or spec.named:
        return None
    card = predefined_tokens().get(spec.role or spec.subtypes[0])
    # "a Monster Role token": the Role named Monster (111.10k); "a Treasure token": the Treasure (111.10a)
    return card if card is not None and spec.subtypes[0] in card.type_line.subtypes else None


def _predefined_problem(a: A.CreateTokens) -> str | None:
    """Why a token the instruction doesn't describe can't be created: none
    of that name is predefined, or the engine can't play its abilities."""
    spec = a.spec
    if spec is None or (spec.types and not spec.role):
        return None
    card = predefined(spec)
    if card is None:
        return "a predefined token (111.10) the interpreter has no definition of"
    from ..support import gaps

    found = gaps(card)
    return f"a {card.name} token, whose {found[0].what} the interpreter can't play" if found else None


@carries_out(A.CreateTokens, limits=(
    ("tokens with other characteristics", lambda a: a.spec is not None and a.spec.extra),
    ("tokens with a supertype other than legendary or snow", lambda a: a.spec is not None
     and a.spec.supertype.lower() not in ("", "legendary", "snow")),
    (lambda a: _predefined_problem(a) or "", lambda a: _predefined_problem(a) is not None),
))
def _create_tokens(ctx: Ctx, a: A.CreateTokens) -> bool:
    """111.1, 111.4: tokens as the instruction describes them ("of those
    tokens": as the instruction before described them)."""
    game = ctx.game
    spec = a.spec or ctx.last_token
    if spec is None:
        again = tokens_instead(ctx, a.amount)
        if again is not None:
            return do(ctx, again)
        raise Unsupported("'of those tokens' with no token named before")
    ctx.last_token = spec
    n = ctx.quantity(a.amount)
    if "X" in (spec.power, spec.toughness):
        x = ctx.quantity(A.VarX())
        spec = replace(spec, power=str(x) if spec.power == "X" else spec.power,
                       toughness=str(x) if spec.toughness == "X" else spec.toughness)  # fmt: skip
    card = predefined(spec) or token_card(spec)
    hosts: list[GameObject | None] = [None]
    if a.attached is not None:
        hosts = [o for o in current(ctx, ctx.objects(a.attached)) if o.zone == "battlefield"]
        if not hosts:
            game.say(f"  no {card.name} token: there is nothing to attach it to (303.4f)")
            return False
    made: list[GameObject] = []
    for p in ctx.players(a.player):
        before = len(made)
        for _ in range(n):
            for host in hosts:
                created, to = _attach_host(game, card, p, token_colors(spec), host)
                if not created:
                    continue
                new = create_on_battlefield(game, card, p, colors=token_colors(spec), tapped=a.tapped or bool(a.attacking),
                                            attach_to=to)  # fmt: skip
                game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
                made.append(new)
                if a.attacking:
                    put_into_combat(game, new)  # 508.4: tapped and attacking
        if len(made) > before:
            k = len(made) - before
            game.say(f"  {p} creates {k} {card.name}{'s' if k != 1 else ''}" + (" tapped and attacking" if a.attacking else ""))
    acted(ctx, made)
    return bool(made)


def _attach_host(game: Game, card: A.Card, controller: PlayerId, colors: tuple[str, ...],
                 host: GameObject | None) -> tuple[bool, ObjectId | None]:
    """Whether a token created "attached to [object]" is created, and the
    object it enters attached to (303.4f; None: unattached): an Aura token that can't legally enchant that object isn't
    created (303.4g); an Equipment token that can't equip it enters
    unattached (301.5c)."""
    from ..attach import attach_problem

    if host is None:
        return True, None
    probe = GameObject(-1, 0, card, controller, controller, "battlefield", token=True, token_colors=colors)
    problem = attach_problem(game, probe, host)
    if problem is None:
        return True, host.id
    if "Aura" in card.type_line.subtypes:
        game.say(f"  no {card.name} token: {problem} (303.4g)")
        return False, None
    game.say(f"  {card.name} token enters unattached: {problem}")
    return True, None


def tokens_instead(ctx: Ctx, amount: A.Quantity) -> A.CreateTokens | A.CreateTokenCopy | None:
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


@carries_out(A.CreateTokenCopy, limits=(
    ("a token copy with an exception the engine can't make", lambda a: a.exception is not None and exception_problem(a.exception) is not None),
    ("a token copy created attacking", lambda a: a.attacking),
    ("exiling the token copy later", lambda a: a.then_exile),
))
def _create_token_copy(ctx: Ctx, a: A.CreateTokenCopy) -> bool:
    """111.10/707.2: a token that copies the copiable values — never the kicked
    status or other linked information (K16) — with the exceptions the
    instruction names (707.9b)."""
    from ..copies import copiable_card, with_exception

    game = ctx.game
    n = ctx.quantity(a.amount)
    made = []
    for p in ctx.players(a.player):
        for oid in ctx.objects(a.of):
            o = ctx.game.get(oid)
            if o is None:
                continue
            card = copiable_card(o)
            if a.exception is not None:
                card = with_exception(card, a.exception)  # 707.9b: part of the token's copiable values
            for _ in range(n):
                new = create_on_battlefield(game, card, p, copy_of=card, tapped=a.tapped)
                game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
                made.append(new)
                game.say(f"  {p} creates a token copy of {display_name(o)}")
    acted(ctx, made)
    return bool(made)


@carries_out(OffspringCopy)
def _offspring_copy(ctx: Ctx, a: OffspringCopy) -> bool:
    """702.175a: "create a 1/1 token copy of it" — a token copy of the
    creature with the ability (its copiable values as it last existed on the
    battlefield if it has left, 608.2h), except that its base power and
    toughness are 1/1 (707.9b); the exception is part of the token's
    copiable values."""
    from ..copies import copiable_card

    game = ctx.game
    o = game.get(ctx.source)
    if o is None:
        lki = ctx.lki(ctx.source)
        o = lki.last if lki is not None else None
    if o is None:
        game.say("  no token copy: the creature is gone and nothing is known of it")
        return False
    card = copiable_card(o)
    card = replace(card, pt=A.PowerToughness("1", "1"))
    new = create_on_battlefield(game, card, ctx.controller, copy_of=card)
    game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
    game.say(f"  {ctx.controller} creates a 1/1 token copy of {display_name(o)} (702.175a)")
    acted(ctx, [new])
    return True


def _investigate_problem(a: A.KeywordAction) -> bool:
    return a.what is not None or bool(a.extra) or a.duration is not None \
        or a.amount is not None and not isinstance(a.amount, A.Number)  # fmt: skip


@keyword_action("investigate", limits=(
    ("investigating other than once or a fixed number of times", _investigate_problem),
))
def _investigate(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.36a: investigate — create a Clue token (111.10); "investigate
    twice", "investigate three times": that many times, one after another."""
    if _investigate_problem(a):
        raise Unsupported("investigating other than once or a fixed number of times")
    clue = predefined_tokens()["Clue"]
    times = a.amount.value if isinstance(a.amount, A.Number) else 1
    made = []
    for p in ctx.players(a.player):
        for _ in range(times):
            made.append(create_on_battlefield(ctx.game, clue, p, colors=()))
            ctx.game.set_linked(ctx.source, ctx.game.linked(ctx.source).with_created(ctx.ability, made[-1].id))
            ctx.game.say(f"  {p} investigates: creates a Clue token")
    acted(ctx, made)
    return bool(made)


_ADAPT_LIMITS: tuple[Limit, ...] = (
    ("adapting or bolstering with more than a number",
     lambda a: a.player is not None or a.what is not None or a.extra or a.duration is not None),
)


@keyword_action("adapt", limits=_ADAPT_LIMITS)
def _adapt(ctx: Ctx, a: A.KeywordAction) -> bool:
    """Adapt N (701): if this permanent has no +1/+1 counters on it, put N
    +1/+1 counters on it."""
    src = ctx.source_obj()
    if src is None or src.zone != "battlefield":
        ctx.game.say("  adapt: its source is no longer on the battlefield")
        return False
    if src.counters.get("+1/+1", 0) > 0:
        ctx.game.say(f"  {display_name(src)} has +1/+1 counters on it: it doesn't adapt")
        return False
    n = ctx.quantity(a.amount)
    put_counters(ctx.game, src, "+1/+1", n)
    ctx.game.say(f"  {display_name(src)} adapts: {n} +1/+1 counter(s) on it")
    return n > 0


@keyword_action("bolster", limits=_ADAPT_LIMITS)
def _bolster(ctx: Ctx, a: A.KeywordAction) -> bool:
    """Bolster N (701): choose a creature with the least toughness among
    creatures you control (the controller's pick among several) and put N
    +1/+1 counters on it."""
    from ..characteristics import chars, power_toughness
    from ..choices import Decision, ask

    game = ctx.game
    mine = [o for o in game.battlefield() if o.controller == ctx.controller and "creature" in chars(o).types]
    if not mine:
        game.say(f"  bolster: {ctx.controller} controls no creature")
        return False
    least = min(power_toughness(game, o)[1] or 0 for o in mine)
    fewest = [o for o in mine if (power_toughness(game, o)[1] or 0) == least]
    d = Decision("pick", ctx.controller, "bolster: which creature with the least toughness",
                 [o.id for o in fewest], [display_name(o) for o in fewest], 1, 1)  # fmt: skip
    chosen = set(ask(game, d))
    n = ctx.quantity(a.amount)
    for o in fewest:
        if o.id in chosen:
            put_counters(game, o, "+1/+1", n)
            game.say(f"  {ctx.controller} bolsters {n}: {n} +1/+1 counter(s) on {display_name(o)}")
    return n > 0


_ALONE: tuple[Limit, ...] = (
    ("another player doing it, or with more than the action", lambda a: not_you(a.player) or a.what is not None
     or a.amount is not None or a.extra or a.duration is not None),
)
"""The limits of a keyword action done by "you", written alone ("Proliferate.", "populate")."""


@keyword_action("proliferate", limits=_ALONE)
def _proliferate(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.34a: to proliferate, choose any number of permanents and/or
    players that have a counter, then give each one additional counter of
    each kind that permanent or player already has.  The choice is the
    controller's (a player with no counters, or a permanent with none, can't
    be chosen)."""
    game = ctx.game
    p = ctx.controller
    options: list[object] = []
    labels: list[str] = []
    for o in game.battlefield():
        if any(n > 0 for n in o.counters.values()):
            options.append(o.id)
            labels.append(display_name(o))
    for name in game.state.players:
        player = game.player(name)
        if player.poison > 0 or any(n > 0 for n in player.counters.values()):
            options.append(name)
            labels.append(name)
    chosen = ask(game, Decision("pick", p, "proliferate: which permanents and players get another counter of each "
                                "kind they have (701.34a)", options, labels, 0, len(options))) if options else []
    picked = set(chosen)
    for o in [o for o in game.battlefield() if o.id in picked]:
        for kind in [k for k, n in o.counters.items() if n > 0]:
            put_counters(game, o, kind, 1)
        game.say(f"  {p} proliferates: {display_name(o)} gets another counter of each kind on it")
    for name in [n for n in game.state.players if n in picked]:
        player = game.player(name)
        kinds = (["poison"] if player.poison > 0 else []) + [k for k, n in player.counters.items() if n > 0]
        for kind in kinds:
            player.add_counters(kind, 1)
        game.say(f"  {p} proliferates: {name} gets another counter of each kind they have")
    game.events.append(KeywordActed("proliferate", p))
    return True


@keyword_action("populate", limits=_ALONE)
def _populate(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.36a: to populate, choose a creature token you control and create a
    token that's a copy of it (707.2: its copiable values — for a token, the
    characteristics the effect that created it gave it, 111.4); with no
    creature token, nothing happens (701.36b)."""
    from ..characteristics import chars
    from ..copies import copiable_card

    game = ctx.game
    p = ctx.controller
    tokens = [o for o in game.battlefield() if o.token and o.controller == p and "creature" in chars(o).types]
    if not tokens:
        game.say(f"  populate: {p} controls no creature token (701.36b)")
        return False
    d = Decision("pick", p, "populate: a creature token to copy (701.36a)", [o.id for o in tokens],
                 [display_name(o) for o in tokens], 1, 1)  # fmt: skip
    picked = set(ask(game, d))
    o = next(o for o in tokens if o.id in picked)
    if o.copy_of is None and o.face_down is None:
        # a token's copiable values are those its creating effect gave it, its colors among them (707.2)
        new = create_on_battlefield(game, o.card, p, colors=o.token_colors)
    else:
        card = copiable_card(o)
        new = create_on_battlefield(game, card, p, copy_of=card)
    game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
    game.say(f"  {p} populates: creates a token copy of {display_name(o)}")
    game.events.append(KeywordActed("populate", p))
    acted(ctx, [new])
    return True


@keyword_action("support", limits=(
    ("support by another player, or with more than a number", lambda a: not_you(a.player) or a.what is not None
     or a.amount is None or a.extra or a.duration is not None),
))  # fmt: skip
def _support(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.41a: "Support N" means "Put a +1/+1 counter on each of up to N
    other target creatures" (on an instant or sorcery, "up to N target
    creatures": the spell is no creature, so "other" excludes nothing).  The
    targets are those of its definition (:func:`cardtext.interpreter.targets.implied_target`),
    chosen as the spell or ability is put on the stack (601.2c)."""
    from ..targets import implied_target

    game = ctx.game
    target = implied_target(a)
    assert target is not None
    objs = [o for o in (game.get(v) for v in ctx.slot_values(target) if isinstance(v, tuple))
            if o is not None and o.zone == "battlefield"]  # fmt: skip
    for o in objs:
        put_counters(game, o, "+1/+1", 1)
        game.say(f"  support: a +1/+1 counter on {display_name(o)} (701.41a)")
    game.events.append(KeywordActed("support", ctx.controller))
    acted(ctx, objs)
    return bool(objs)


@carries_out(GraveyardTokenCopy)
def _graveyard_token_copy(ctx: Ctx, a: GraveyardTokenCopy) -> bool:
    """702.128a (embalm): create a token that's a copy of the card exiled to
    pay the cost (the card as printed: no copy effect applies to a card in a
    graveyard), except
    it's white, it has no mana cost, and it's a Zombie in addition to its
    other types; 702.129a (eternalize): except it's a 4/4 black Zombie with
    no mana cost.  The exceptions are part of the token's copiable values
    (707.9b); its colors come from them (a color indicator, 204, as the
    card has no mana cost)."""
    game = ctx.game
    o = game.state.objects.get(ctx.source[0])  # the card, exiled from the graveyard to pay the cost
    if o is None:
        game.say(f"  {a.keyword}: nothing is known of the card")
        return False
    card = o.card
    line = card.type_line
    subtypes = line.subtypes if "Zombie" in line.subtypes else (*line.subtypes, "Zombie")
    card = replace(card, mana_cost=None, type_line=replace(line, subtypes=subtypes),
                   color_indicator=("B",) if a.keyword == "eternalize" else ("W",))  # fmt: skip
    if a.keyword == "eternalize":
        card = replace(card, pt=A.PowerToughness("4", "4"))
    new = create_on_battlefield(game, card, ctx.controller, copy_of=card)
    game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, new.id))
    game.say(f"  {ctx.controller} creates a token copy of {card.name} ({a.keyword}: "
             + ("a 4/4 black Zombie" if a.keyword == "eternalize" else "white, a Zombie too") + ", no mana cost)")
    acted(ctx, [new])
    return True


@carries_out(ScavengeCounters)
def _scavenge_counters(ctx: Ctx, a: ScavengeCounters) -> bool:
    """702.97a: put a number of +1/+1 counters equal to the power of the card
    exiled to pay scavenge's cost (as it is in exile, where it went) on the
    target creature, if it is still a legal target (608.2b)."""
    from ..characteristics import power_toughness

    game = ctx.game
    card = game.state.objects.get(ctx.source[0])
    n = max(0, (power_toughness(game, card)[0] or 0) if card is not None else 0)
    objs = [o for o in (game.get(v) for v in ctx.slot_values(a.target) if isinstance(v, tuple))
            if o is not None and o.zone == "battlefield"]  # fmt: skip
    for o in objs:
        put_counters(game, o, "+1/+1", n)
        game.say(f"  scavenge: {n} +1/+1 counter(s) on {display_name(o)} (702.97a)")
    acted(ctx, objs)
    return bool(objs) and n > 0
