"""Counters (CR 122) and tokens (111, 707.2): put / remove counters, create
tokens, create token copies."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..combat import put_into_combat
from ..context import Ctx
from ..copies import exception_problem
from ..errors import Unsupported
from ..keywords import OffspringCopy
from ..objects import GameObject, ObjectId, PlayerId, token_card, token_colors
from ..replacement import create_on_battlefield
from ..state import Game
from ..zones import put_counters
from .common import acted, current
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
    return bool(objs) and any(n > 0 for n, _ in groups)


@carries_out(A.MoveCounters, limits=(
    ("putting an object's counters on another (all of them, or those removed before)", lambda a: a.amount is None),
    ("moving counters of any kind", lambda a: not a.kind),
    ("another player moving counters", lambda a: a.player is not None and not isinstance(a.player, A.You)),
))
def _move_counters(ctx: Ctx, a: A.MoveCounters) -> bool:
    """122.5: to move a counter is to remove it from the object it is on and
    put it on the other; counters the first doesn't have aren't moved, and
    nothing moves unless both are on the battlefield."""
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
    src.counters[a.kind] -= moved
    if not src.counters[a.kind]:
        del src.counters[a.kind]
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
    ("removing counters of any kind", lambda a: not a.kind),
    ("removing all counters", lambda a: a.all),
    ("removing any number of counters (the player's choice of how many)", lambda a: a.any_number),
))
def _remove_counters(ctx: Ctx, a: A.RemoveCounters) -> bool:
    n = ctx.quantity(a.amount)
    objs = current(ctx, ctx.objects(a.source))
    if not objs or any(o.counters.get(a.kind, 0) < n for o in objs):
        ctx.game.say(f"  can't remove {n} {a.kind} counter(s): not enough")
        return False
    for o in objs:
        o.counters[a.kind] -= n
        if not o.counters[a.kind]:
            del o.counters[a.kind]
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


