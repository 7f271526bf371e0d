"""Where a card may be cast from, and for what (CR 601.2, 601.3, 118.9).

A player casts a card from their hand (601.3).  A :class:`Permission` is a
rule or an effect that lets a player cast one from another zone, maybe for
an alternative cost or "without paying its mana cost" (118.9), and maybe
saying where the spell goes when it leaves the stack.  Three kinds:

* the card's own keyword: **flashback** (702.34a) — cast it from your
  graveyard for its flashback cost instead of its mana cost, at the normal
  timing of its type; if that spell would leave the stack (it resolves, is
  countered, ...), it is exiled instead;
* **effects with a duration** — "You may cast it for as long as it remains
  exiled", "Until end of turn, you may play that card" (611.2): the
  permission is kept in :attr:`GameState.permissions`, bound to the object
  (a card that leaves exile is a new object, 400.7, and the permission is
  gone) or to the turn; an Adventure that resolved is exiled with such a
  permission for its creature half (715.3d);
* **a cast while an effect resolves** — "you may cast the copy without
  paying its mana cost", "you may play the exiled card" (117.2e): the spell
  is cast then and there, ignoring the timing rules (608.2g), and a card
  copy that isn't cast ceases to exist (707.12, 704.5e); **madness**
  (702.35a) is one: a card with madness that is discarded is exiled instead
  (:func:`cardtext.interpreter.zones.discard`), and as its triggered ability
  resolves its owner may cast it for its madness cost, an alternative cost
  to which kicker costs are added (702.35b, 601.2f); if they don't (or it
  can't be cast), it is put into their graveyard.

An effect's permission may carry more: "you may *look at* and cast that
card" lets the player look at the card exiled face down, which no one else
may see (406.3, :func:`may_look_at`); "and you may spend mana as though it
were mana of any type (color) to cast that spell" (the
:class:`~cardtext.grammar.ast.SpendAsThough` instruction after the permission in
the same sentence) is a rule of how that spell may be paid for when it is
cast with that permission: any mana pays any symbol (or any colored
symbol), the cost and the mana spent unchanged (609.4b).

The :class:`~cardtext.grammar.ast.CastCard` instruction is carried out here and
registered in :data:`cardtext.interpreter.actions.ACTIONS`; the parts of it the
engine can't carry out yet are in :data:`cardtext.interpreter.actions.LIMITS`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeGuard

from cardtext.grammar import ast as A

from .characteristics import display_name, front_chars
from .errors import IllegalAction, Unsupported
from .keywords import MadnessCast, MiracleCast, MiracleRevealed, SuspendCast, WarpExile
from .objects import GameObject, ObjectId, PlayerId, Zone

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game


@dataclass(frozen=True, slots=True)
class Permission:
    """Permission for ``who`` to cast a card from ``zone`` (601.2, 601.3).

    * ``kind``: "flashback", "madness", "adventure" or "effect" (how the spell
      is remembered, :attr:`cardtext.interpreter.linked.Linked.via`);
    * ``obj``: the object it is for (an effect's permission); None for a
      card's own keyword, which is read from the card each time;
    * ``cost``: an alternative cost paid instead of the mana cost (118.9), or
      ``free`` for "without paying its mana cost" (X is then 0, 107.3);
    * ``exile_instead``: if the spell would leave the stack it is exiled
      instead (702.34a);
    * ``this_turn``: it ends at the end of the turn (611.2a);
    * ``resolving``: the spell is cast while an effect resolves, the timing
      rules ignored (117.2e, 608.2g);
    * ``face``: the face it may be cast as (None: the card as it is, 715.3d);
    * ``play``: "play" — a land card could be played too (305.1);
    * ``source``: what grants it, for the log;
    * ``look``: the player may look at the card, exiled face down (406.3);
    * ``spend_any``: "type" or "color" — the spell cast with it may be paid
      with mana as though it were mana of any type, or of any color (609.4b);
    * ``after_turn``: it may be used only in a turn after that one (a warped
      card, 702.185a; a plotted card, 702.170d); 0 for any turn;
    * ``sorcery``: the card may be cast with it only when a sorcery could be
      — in its owner's main phase with the stack empty — whatever its type
      (a plotted card, 702.170d);
    * ``ends``: it ends in a later turn ("until the end of your next turn",
      "until your next end step"): at the cleanup step, or as the end step
      begins, of the first turn of that player numbered at least that
      (:func:`end_later_permissions`).
    """

    kind: str
    who: PlayerId
    zone: Zone
    obj: ObjectId | None = None
    cost: A.Cost | None = None
    free: bool = False
    exile_instead: bool = False
    this_turn: bool = False
    resolving: bool = False
    face: int | None = None
    play: bool = False
    source: str = ""
    look: bool = False
    spend_any: str = ""
    after_turn: int = 0
    sorcery: bool = False
    ends: tuple[str, PlayerId, int] | None = None  # ("end of turn" / "end step", player, turn): see LATER_DURATIONS

    def describe(self) -> str:
        how = "without paying its mana cost" if self.free else (
            f"for its {self.kind} cost" if self.cost is not None else "for its mana cost")
        by = f"as {self.source} allows" if self.kind == "effect" and self.source else f"with {self.kind}"
        spend = f", spending mana as though it were mana of any {self.spend_any}" if self.spend_any else ""
        return f"{by}, {how}{spend}"


CAST_KEYWORDS = frozenset({"flashback", "harmonize", "plot", "miracle"})
"""Keyword abilities with a cost that are permissions to cast the card
(flashback, 702.34; harmonize, 702.180; miracle, 702.94, as the card is drawn:
:func:`miracle_drawn`), or a special action that gives
one (plot, 702.170: :mod:`cardtext.interpreter.plot`)."""

GRAVEYARD_KEYWORDS = ("flashback", "harmonize")
"""Keywords that let a card's owner cast it from their graveyard for the
keyword's cost; the spell is exiled whenever it would leave the stack
(702.34a, 702.180a)."""


def keyword_cost(card: A.Card, name: str) -> A.Cost | None:
    for ab in card.abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                if isinstance(kw, A.KeywordWithCost) and kw.name.lower() == name:
                    return kw.cost
    return None


def madness_cost(obj: GameObject) -> A.Cost | None:
    """The madness cost of a card (702.35a); None if it has no madness."""
    if obj.face_down is not None or not obj.is_card:
        return None
    return keyword_cost(obj.copy_of or obj.card, "madness")


def keyword_permissions(obj: GameObject) -> list[Permission]:
    """The permissions a card's own keywords give its owner where it is."""
    out = []
    if obj.zone == "graveyard" and obj.face_down is None and obj.is_card:
        for keyword in GRAVEYARD_KEYWORDS:
            cost = keyword_cost(obj.copy_of or obj.card, keyword)
            if cost is not None:
                out.append(Permission(keyword, obj.owner, "graveyard", cost=cost, exile_instead=True))
        card = obj.copy_of or obj.card
        for face in aftermath_faces(card):
            # 702.127a: "You may cast this half of this split card from your graveyard", exiled after
            out.append(Permission("aftermath", obj.owner, "graveyard", face=face, exile_instead=True))
        if has_plain_keyword(card, "retrace"):
            # 702.81a: cast from the graveyard for its mana cost and a land card discarded (discard_cost)
            out.append(Permission("retrace", obj.owner, "graveyard"))
        if has_plain_keyword(card, "jump-start"):
            # 702.133a: the same with any card discarded, and exiled whenever it would leave the stack
            out.append(Permission("jump-start", obj.owner, "graveyard", exile_instead=True))
    return out


def static_permissions(game: Game, player: PlayerId, obj: GameObject) -> list[Permission]:
    """601.3: the permissions static abilities give ``player`` to cast
    ``obj`` from where it is: its own "You may cast [this] from your
    graveyard" (functioning there, 113.6), a permanent's "You may cast
    nonland cards exiled with [this]" (607.2a)."""
    from .characteristics import chars
    from .conditions import static_condition_holds
    from .filters import matches
    from .statics import CastFrom, active_rules, rules_of

    out: list[Permission] = []
    if obj.zone not in ("graveyard", "exile") or obj.face_down is not None or not obj.is_card:
        return out
    found = [(obj, r) for ab in chars(obj).abilities if isinstance(ab, A.StaticAbility)
             for r in rules_of(ab)[0] if isinstance(r, CastFrom) and isinstance(r.what, A.SelfRef)]  # fmt: skip
    # a card's own permission is its owner's, from the zone it names
    found = [(src, r) for src, r in found if r.zone == obj.zone] if player == obj.owner else []
    found += [(src, r) for src, _, r in active_rules(game) if isinstance(r, CastFrom) and not isinstance(r.what, A.SelfRef)
              and src.controller == player and obj.zone == r.zone]  # fmt: skip
    for src, rule in found:
        if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
            continue
        if not isinstance(rule.what, A.SelfRef) and not matches(
                game, rule.what.filter, obj, you=src.controller, source=src.id, anywhere=True):  # fmt: skip
            continue
        out.append(Permission("effect", player, obj.zone, obj.id, play=rule.play, source=display_name(src)))
    return out


def aftermath_faces(card: A.Card) -> tuple[int, ...]:
    """The halves of a split card with aftermath (702.127a): those with the
    keyword, or the second half of a card written with the aftermath layout."""
    if not card.faces or card.layout not in ("split", "aftermath"):
        return ()
    return tuple(i for i, f in enumerate(card.faces)
                 if has_plain_keyword(f, "aftermath") or (card.layout == "aftermath" and i == 1))  # fmt: skip


def has_plain_keyword(card: A.Card, name: str) -> bool:
    """Has the card the keyword ``name`` (one without a parameter: retrace, jump-start)?"""
    return any(isinstance(kw, A.Keyword) and kw.name.lower() == name
               for ab in card.abilities if isinstance(ab, A.KeywordLine) for kw in ab.keywords)  # fmt: skip


DISCARD_COSTS = {"retrace": "a land card", "jump-start": "a card"}
"""The card a permission to cast from a graveyard discards in addition to
the spell's other costs: retrace (702.81a), jump-start (702.133a)."""

EXILED_AFTER = (*GRAVEYARD_KEYWORDS, "jump-start", "aftermath")
"""The permissions whose spell is exiled whenever it would leave the stack
(702.34a, 702.180a, 702.133a, 702.127a)."""


@functools.cache
def discard_cost(kind: str) -> A.CostPart:
    """The additional cost of :data:`DISCARD_COSTS` ("You may cast this card
    from your graveyard by discarding a land card in addition to paying its
    other costs."), read by the card grammar."""
    from .keywords import rules_text

    (ability,) = rules_text("Instant", f"As an additional cost to cast this spell, discard {DISCARD_COSTS[kind]}.")
    assert isinstance(ability, A.AdditionalCost)
    part: A.CostPart = ability.cost.parts[0]
    return part


def permissions_for(game: Game, player: PlayerId, obj: GameObject) -> list[Permission]:
    """Every permission ``player`` has to cast ``obj`` from where it is now."""
    found = [p for p in keyword_permissions(obj) if p.who == player]
    found += [p for p in game.state.permissions if p.obj == obj.id and p.who == player and p.zone == obj.zone]
    found += static_permissions(game, player, obj)  # 601.3: "You may cast [this] from your graveyard"
    return [p for p in found if game.state.turn > p.after_turn]


def castable_elsewhere(game: Game, player: PlayerId) -> list[GameObject]:
    """The cards ``player`` may cast from a zone other than their hand now."""
    out: list[GameObject] = []
    zones: tuple[Zone, ...] = ("graveyard", "exile", "library")
    for zone in zones:
        for owner in game.state.players:
            out.extend(o for o in game.zone_objects(zone, owner) if permissions_for(game, player, o))
    return out


def _zone_words(zone: str) -> str:
    return "exile" if zone == "exile" else f"the {zone}"


def choose_permission(game: Game, player: PlayerId, obj: GameObject, face: int | None) -> Permission:
    """The permission a cast from ``obj``'s zone uses: the only one, or the one
    the player picks (601.2b: the player announces how the spell is cast)."""
    from .choices import Decision, ask

    name = display_name(obj)
    found = [p for p in permissions_for(game, player, obj) if p.face is None or p.face == (face or 0)]
    if not found:
        raise IllegalAction(f"can't cast {name} from {_zone_words(obj.zone)}: no rule or effect lets {player} cast it "
                            "from there (601.3)")  # fmt: skip
    if len(found) == 1:
        return found[0]
    labels = [p.describe() for p in found]
    d = Decision("word", player, f"{name}: cast it with which permission (601.2b)", labels, labels)
    return found[labels.index(ask(game, d))]


def grant(game: Game, permission: Permission) -> None:
    game.state.permissions.append(permission)


def may_look_at(game: Game, player: PlayerId, obj: GameObject) -> bool:
    """May ``player`` look at ``obj``?  A face-up card or permanent, anyone;
    a face-down permanent or spell, its controller (708.5, M12); a card
    exiled face down, only a player an effect allows to (406.3: "you may
    look at and cast that card")."""
    if obj.face_down is None:
        return True
    if obj.zone in ("battlefield", "stack"):
        return obj.controller == player
    return any(p.look and p.obj == obj.id and p.who == player for p in game.state.permissions)


# --------------------------------------------------------------------------
# The CastCard instruction
# --------------------------------------------------------------------------

PERMISSION_DURATIONS = {
    "for as long as remains exiled": False,
    "this turn": True,
    "until end of turn": True,
    "until the end of turn": True,
}
"""Durations of a permission the engine keeps, and whether each ends with the turn."""

LATER_DURATIONS = {
    "until the end of your next turn": "end of turn",
    "until your next end step": "end step",
}
"""Durations of a permission that end in a later turn of its controller
(611.2a, 500.1): as that turn's cleanup step, or its end step, begins."""


def _later_end(game: Game, player: PlayerId, kind: str) -> tuple[str, PlayerId, int]:
    """When a permission "until the end of your next turn" or "until your
    next end step" granted now ends: ``player``'s first turn after this one
    — or this one, for "your next end step" before its end step."""
    state = game.state
    own_turn = state.active == player
    if kind == "end step" and own_turn and state.step not in ("end", "cleanup"):
        return kind, player, state.turn
    return kind, player, state.turn + 1


def end_later_permissions(game: Game, kind: str) -> None:
    """The permissions of :data:`LATER_DURATIONS` that end now: ``kind``
    "end step" as the end step begins, "end of turn" in the cleanup step."""
    state = game.state
    state.permissions = [p for p in state.permissions
                         if not (p.ends is not None and p.ends[0] == kind and p.ends[1] == state.active
                                 and state.turn >= p.ends[2])]  # fmt: skip


def is_permission(action: A.Node) -> bool:
    """Is this a permission with a duration ("you may cast it for as long as
    it remains exiled"), or a rule for paying the spell it lets the player
    cast ("you may spend mana as though ...", 609.4b) — granted, not a
    choice asked about now (611.2)?"""
    return (isinstance(action, A.CastCard) and action.duration is not None) or isinstance(action, A.SpendAsThough)


PERMITTED = "permitted to cast"
"""The key of :attr:`Ctx.done` listing the cards this effect granted a permission to cast."""


def _cast_card(ctx: Ctx, a: A.CastCard) -> bool:
    """"[You may] cast [it] [without paying its mana cost]": a permission with
    a duration is granted; without one the card is cast now (117.2e)."""
    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None]
    if a.duration is not None:
        later = LATER_DURATIONS.get(a.duration.kind)
        this_turn = PERMISSION_DURATIONS[a.duration.kind] if later is None else False
        ends = _later_end(game, ctx.controller, later) if later is not None else None
        for o in objs:
            grant(game, Permission("effect", ctx.controller, o.zone, o.id, free=a.free, this_turn=this_turn,
                                   play=a.play, source=_source(ctx), look=a.look, ends=ends))  # fmt: skip
            verb = "play" if a.play else "cast"
            game.say(f"  {ctx.controller} may {'look at and ' + verb if a.look else verb} {display_name(o)} "
                     f"{a.duration.kind.replace('remains', 'it remains')}")  # fmt: skip
        ctx.done[PERMITTED] = ctx.done.get(PERMITTED, []) + [o.id for o in objs]
        return bool(objs)
    done = False
    spend_any = _spend_rule_after(ctx, a)
    for o in objs:
        permission = Permission("effect", ctx.controller, o.zone, o.id, free=a.free, resolving=True,
                                play=a.play, source=_source(ctx), spend_any=spend_any)  # fmt: skip
        done = cast_while_resolving(game, ctx.controller, o, permission) or done
    return done


def _spend_rule_after(ctx: Ctx, a: A.CastCard) -> str:
    """609.4b: "You may cast target card from a graveyard, and mana of any
    type can be spent to cast that spell": the rule of paying for the spell
    cast now, from the sentence's instruction after the permission ("type",
    "color"; "" if there is none)."""
    sentence = ctx.sentence
    if sentence is None:
        return ""
    inner = [x.action if isinstance(x, A.MayDo) else x for x in sentence.actions]
    i = next((k for k, x in enumerate(inner) if x is a), None)
    if i is None:
        return ""
    for k in range(i + 1, len(inner)):
        x = inner[k]
        if isinstance(x, A.SpendAsThough) and spend_problem(sentence, k) is None:
            return x.kind
        if isinstance(x, A.CastCard):
            break  # a later permission's own rule
    return ""


def spend_problem(sentence: A.Sentence, i: int, before: A.Node | None = None, *,
                  permitted_before: bool = False) -> str | None:  # fmt: skip
    """What the engine can't carry out of instruction ``i``, a "[you may]
    spend mana as though it were mana of any type to cast [that spell]"
    (609.4b): it is a rule of the permission granted before it in the same
    sentence ("You may cast that card this turn, and you may spend mana
    ...", "..., and mana of any type can be spent to cast it"), or, opening
    a sentence of its own, of the permission of the sentence ``before`` it
    ("You may play the exiled cards for as long as they remain exiled. Mana
    of any type can be spent to cast spells this way."; while the effect
    resolves, ``permitted_before``: this effect has granted one), so it
    needs one, granted to the same player (the controller), and lasts as
    long as that permission ("Until end of turn, you may cast that card and
    you may spend mana ...": the same duration)."""
    def unwrap(a: A.Node) -> A.Node:
        return a.action if isinstance(a, A.MayDo) else a

    def yours(c: A.Node) -> TypeGuard[A.CastCard]:
        return isinstance(c, A.CastCard) and not (c.player is not None and not isinstance(c.player, A.You))

    spend = unwrap(sentence.actions[i])
    if not isinstance(spend, A.SpendAsThough):
        return None
    words = f"spending mana as though it were mana of any {spend.kind}"
    if spend.player is not None and not isinstance(spend.player, A.You):
        return f"{words} by another player"
    if not isinstance(spend.what, A.ThatRef | A.ItRef | A.ThemRef) and not spend.form.endswith("this way"):
        return f"{words} to cast spells other than the ones just permitted"
    # a permission with a duration, or a card cast now ("you may cast target card ..., and mana of any
    # type can be spent to cast that spell": the rule is read as it is cast, _spend_rule_after)
    permissions = [c for c in (unwrap(a) for a in sentence.actions[:i]) if yours(c)]
    if not permissions and i == 0:
        # the sentence before granted the permission; its card isn't cast yet (a duration)
        earlier = [c for c in (unwrap(a) for a in getattr(before, "actions", ())) if yours(c)]
        if permitted_before or (earlier and all(c.duration is not None for c in earlier)):
            return None if spend.duration is None else f"{words} for longer or shorter than the permission lasts"
    if not permissions:
        return f"{words} with no permission to cast before it"
    if spend.duration is not None and spend.duration != permissions[-1].duration:
        return f"{words} for longer or shorter than the permission lasts"
    return None


def _spend_as_though(ctx: Ctx, a: A.SpendAsThough) -> bool:
    """609.4b: the permissions this effect just granted for the cards "that
    spell" means (or every card it granted one for: "spells cast this way")
    carry the rule: a spell cast with one of them may be paid for with mana
    as though it were mana of any type (or color)."""
    actions = ctx.sentence.actions if ctx.sentence is not None else ()
    i = next((k for k, x in enumerate(actions) if x is a or (isinstance(x, A.MayDo) and x.action is a)), None)
    permitted = list(ctx.done.get(PERMITTED, ()))
    problem = spend_problem(ctx.sentence, i, permitted_before=bool(permitted)) if (
        ctx.sentence is not None and i is not None) else (
        "spending mana as though it were mana of any type outside a sentence with a permission")  # fmt: skip
    if problem is not None:
        raise Unsupported(problem)
    before = [x.action if isinstance(x, A.MayDo) else x for x in actions[:i]]
    last = next((x for x in reversed(before) if isinstance(x, A.CastCard)), None)
    if last is not None and last.duration is None:
        return True  # the card was cast now, paid for by this rule (_spend_rule_after)
    game = ctx.game
    wanted = permitted if a.form.endswith("this way") else [oid for oid in ctx.objects(a.what) if oid in permitted]
    done = False
    for oid in wanted:
        perms = game.state.permissions
        k = next((k for k in range(len(perms) - 1, -1, -1)
                  if perms[k].obj == oid and perms[k].who == ctx.controller and perms[k].kind == "effect"), None)  # fmt: skip
        if k is None:
            continue  # the card left its zone: the permission is gone (400.7)
        perms[k] = replace(perms[k], spend_any=a.kind)
        o = game.get(oid)
        game.say(f"  {ctx.controller} may spend mana as though it were mana of any {a.kind} to cast "
                 f"{display_name(o) if o is not None else 'that spell'} (609.4b)")  # fmt: skip
        done = True
    return done


def _source(ctx: Ctx) -> str:
    o = ctx.game.state.objects.get(ctx.source[0])
    return display_name(o) if o is not None else ""


def cast_while_resolving(game: Game, player: PlayerId, obj: GameObject, permission: Permission,
                         face: int | None = None) -> bool:  # fmt: skip
    """117.2e, 608.2g: cast ``obj`` now, while an effect resolves, ignoring
    the timing rules; if it can't be cast (no legal targets, a cost that
    can't be paid), nothing is cast and the game goes on as it was."""
    from .casting import cast_with

    name = display_name(obj)
    if "land" in front_chars(obj).types:
        if permission.play:
            raise Unsupported(f"playing the land card {name} with an effect (305.1)")
        game.say(f"  {name} can't be cast: it is a land (305.1)")
        return False
    try:
        with game.transaction():
            cast_with(game, player, obj, permission, face, None)
    except IllegalAction as exc:
        game.say(f"  {player} can't cast {name}: {exc}")
        return False
    return True


def _madness_cast(ctx: Ctx, a: MadnessCast) -> bool:
    """702.35a: as madness's trigger resolves, the owner of the exiled card
    may cast it by paying its madness cost rather than its mana cost (the
    timing rules ignored, 608.2g); if they don't, or it can't be cast, they
    put it into their graveyard.  A card that has left exile is a new object
    (400.7): nothing happens to it."""
    from .choices import Decision, ask
    from .costs import describe
    from .zones import move

    game = ctx.game
    obj = game.get(ctx.source)
    if obj is None or obj.zone != "exile":
        game.say("  the card is no longer in exile: it can't be cast with madness (400.7)")
        return False
    name, owner = display_name(obj), obj.owner
    if ask(game, Decision("may", owner, f"{name}: cast it for its madness cost {describe(a.cost)} (702.35a)?")):
        permission = Permission("madness", owner, "exile", obj.id, cost=a.cost, resolving=True, source=name)
        if cast_while_resolving(game, owner, obj, permission):
            return True
        obj = game.obj(obj.cid)  # the refused cast was rolled back: the card as it is now
    else:
        game.say(f"  {owner} chooses not to cast {name} with madness")
    move(game, obj, "graveyard")
    game.say(f"  {name} is put into {owner}'s graveyard (702.35a)")
    return True


def miracle_drawn(game: Game, player: PlayerId, obj: GameObject) -> None:
    """702.94a: a card with miracle drawn as the first card its owner drew
    this turn may be revealed; when it is, its triggered ability triggers
    ("you may cast it by paying [cost] rather than its mana cost")."""
    from .choices import Decision, ask
    from .costs import describe
    from .state import PendingTrigger

    cost = keyword_cost(obj.copy_of or obj.card, "miracle") if obj.face_down is None else None
    if cost is None:
        return
    name = display_name(obj)
    if not ask(game, Decision("may", player, f"{name}: reveal it as you draw it, for miracle {describe(cost)} (702.94a)?")):
        return
    game.say(f"  {player} reveals {name}: miracle (702.94a)")
    node = A.TriggeredAbility("When", MiracleRevealed(), A.Effect((A.Sentence((MiracleCast(cost),)),)))
    game.state.pending.append(PendingTrigger(player, obj.id, -1, node, name, trigger_object=obj.id,
                                             order=len(game.state.pending)))  # fmt: skip


def _miracle_cast(ctx: Ctx, a: MiracleCast) -> bool:
    """702.94a: as miracle's trigger resolves, the card's owner may cast it
    for its miracle cost rather than its mana cost, the timing rules ignored
    (608.2g), if it is still the revealed card in their hand (400.7)."""
    from .choices import Decision, ask
    from .costs import describe

    game = ctx.game
    obj = game.get(ctx.source)
    if obj is None or obj.zone != "hand":
        game.say("  the revealed card is no longer in its owner's hand: it can't be cast with miracle (400.7)")
        return False
    name, owner = display_name(obj), obj.owner
    if not ask(game, Decision("may", owner, f"{name}: cast it for its miracle cost {describe(a.cost)} (702.94a)?")):
        game.say(f"  {owner} chooses not to cast {name} with miracle")
        return False
    permission = Permission("miracle", owner, "hand", obj.id, cost=a.cost, resolving=True, source=name)
    return cast_while_resolving(game, owner, obj, permission)


def _warp_exile(ctx: Ctx, a: WarpExile) -> bool:
    """702.185a: at the beginning of the next end step, the permanent the
    warped spell became is exiled; its owner may cast the card after this
    turn has ended, for as long as it remains exiled.  A permanent that has
    left the battlefield since is a new object (400.7): nothing happens."""
    from .zones import move

    game = ctx.game
    obj = game.get(ctx.trigger_object) if ctx.trigger_object is not None else None
    if obj is None or obj.zone != "battlefield":
        game.say("  the warped permanent is no longer on the battlefield (400.7)")
        return False
    name, owner = display_name(obj), obj.owner
    exiled = move(game, obj, "exile")
    if exiled.zone != "exile" or not exiled.is_card:
        return True
    grant(game, Permission("warp", owner, "exile", exiled.id, after_turn=game.state.turn, source=name))
    game.say(f"  {name} is exiled: {owner} may cast it from exile after this turn (702.185a)")
    return True


def warp_delayed(game: Game, permanent: GameObject) -> None:
    """702.185a: the warped spell that became ``permanent`` sets up the
    exile of it at the beginning of the next end step (603.7)."""
    from .delayed import DelayedTrigger

    node = A.TriggeredAbility("At", A.PhaseTrigger(step="end", yours=False, whose="the next"),
                              A.Effect((A.Sentence((WarpExile(),)),)))  # fmt: skip
    name = display_name(permanent)
    game.state.delayed.append(DelayedTrigger(permanent.controller, permanent.id, -1, node, name, "end", False,
                                             permanent.id))  # fmt: skip
    game.say(f"  {name} was warped: it is exiled at the beginning of the next end step (702.185a)")


_RETURN_TO_HAND = A.Effect((A.Sentence((A.ReturnTo(A.ItRef(), "hand", owners=True, destination=A.Destination(
    "hand", whose=A.OwnerOf(A.ItRef()))),)),))
"""Dash's delayed instruction: "return it to its owner's hand" (702.109a)."""


def dash_delayed(game: Game, permanent: GameObject) -> None:
    """702.109a: the spell cast for its dash cost that became ``permanent``
    sets up the return of it to its owner's hand at the beginning of the
    next end step (a delayed triggered ability, 603.7; "it" is that
    permanent, 603.7c)."""
    from .delayed import DelayedTrigger

    node = A.TriggeredAbility("At", A.PhaseTrigger(step="end", yours=False, whose="the next"), _RETURN_TO_HAND)
    name = display_name(permanent)
    game.state.delayed.append(DelayedTrigger(permanent.controller, permanent.id, -1, node, name, "end", False,
                                             permanent.id))  # fmt: skip
    game.say(f"  {name} was dashed: it returns to its owner's hand at the beginning of the next end step (702.109a)")


def rebound_delayed(game: Game, exiled: GameObject) -> None:
    """702.88a: the spell with rebound, exiled as it resolved, sets up "at the
    beginning of your next upkeep, you may cast this card from exile without
    paying its mana cost" (a delayed triggered ability, 603.7; "this card"
    is the card in exile, 603.7c)."""
    from .delayed import DelayedTrigger

    node = A.TriggeredAbility("At", A.PhaseTrigger(step="upkeep", yours=True, whose="your next"),
                              A.Effect((A.Sentence((SuspendCast("rebound"),)),)))  # fmt: skip
    name = display_name(exiled)
    game.state.delayed.append(DelayedTrigger(exiled.owner, exiled.id, -1, node, name, "upkeep", True, exiled.id))
    game.say(f"  {name} rebounds: it is exiled, and {exiled.owner} may cast it at the beginning of their next upkeep (702.88a)")


def _register() -> None:
    from .actions.registry import carries_out

    carries_out(MadnessCast)(_madness_cast)
    carries_out(WarpExile)(_warp_exile)
    carries_out(MiracleCast)(_miracle_cast)
    carries_out(A.CastCard, limits=(
        ("another player casting a card", lambda a: a.player is not None and not isinstance(a.player, A.You)),
        ("a permission to cast for that long",
         lambda a: a.duration is not None and getattr(a.duration, "kind", None) not in PERMISSION_DURATIONS
         and getattr(a.duration, "kind", None) not in LATER_DURATIONS),
    ))(_cast_card)  # fmt: skip
    carries_out(A.SpendAsThough)(_spend_as_though)


_register()

__all__ = [
    "CAST_KEYWORDS", "aftermath_faces", "DISCARD_COSTS", "EXILED_AFTER", "GRAVEYARD_KEYWORDS", "LATER_DURATIONS", "PERMISSION_DURATIONS", "end_later_permissions", "Permission", "keyword_cost", "cast_while_resolving", "dash_delayed", "miracle_drawn", "rebound_delayed", "castable_elsewhere",
    "choose_permission", "grant", "is_permission", "keyword_permissions", "madness_cost", "may_look_at", "permissions_for",
    "spend_problem", "warp_delayed",
]  # fmt: skip
