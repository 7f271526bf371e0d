"""Face-down permanents: manifest (701.40), manifest dread (701.62), cloak
(701.58), and turning a permanent face up (708.8, 116.2b).

A face-down permanent is the same card with an overlay on its
characteristics (:func:`cardtext.interpreter.characteristics.chars`), never an edit
of the card's data.  ``face_down`` records how it became face down (M13).

Turning face up is a special action: it doesn't use the stack, and the
permanent stays the same object — same counters, tapped status, targets
(M11) — so it doesn't "enter the battlefield" (M9).  A manifested or
cloaked permanent is turned up for its mana cost if it is a creature card
(M3, M4; an instant or sorcery never, M8), or for its morph cost if it has
morph (M5); a permanent cast face down with morph only for its morph cost
(702.37e), and with megamorph it also gets a +1/+1 counter (702.37b).
Casting a card face down with morph is in :mod:`cardtext.interpreter.casting`.
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .characteristics import display_name, front_chars, refresh_granted
from .choices import Decision, ask
from .context import Ctx
from .costs import mana_parts, pay_mana, pay_other
from .errors import IllegalAction
from .mana import cost_text, need_of
from .objects import GameObject, ObjectId, PlayerId
from .replacement import put_onto_battlefield
from .state import Game, TurnedFaceUp
from .triggers import settle
from .zones import move, put_counters


def manifest(ctx: Ctx, player: PlayerId, n: int, *, cloak: bool = False) -> list[GameObject]:
    """701.40a/701.58a: one card at a time from the top of the library (M7)."""
    game = ctx.game
    made = []
    for _ in range(n):
        lib = game.zone("library", player)
        if not lib:
            game.say(f"  {player}'s library is empty: nothing to {'cloak' if cloak else 'manifest'}")
            break
        made.extend(manifest_cards(ctx, player, [game.obj(lib[0])], cloak=cloak))
    return made


def manifest_cards(ctx: Ctx, player: PlayerId, cards: list[GameObject], *, cloak: bool = False) -> list[GameObject]:
    """701.40a/701.58a: put these cards onto the battlefield face down, one at
    a time (M7) — "manifest one of those cards" names cards, not the top."""
    game = ctx.game
    how = "cloaked" if cloak else "manifested"
    made = []
    for card in cards:
        zone = card.zone
        new = put_onto_battlefield(game, card, player, face_down=how)
        made.append(new)
        game.say(f"  {player} {how} a card from their {zone}: {display_name(new)} (a 2/2 face-down creature)")
    return made


def manifest_dread(ctx: Ctx, player: PlayerId) -> list[GameObject]:
    """701.62a: look at the top two cards, manifest one, the other goes to the graveyard."""
    game = ctx.game
    top = [game.obj(c) for c in game.zone("library", player)[:2]]
    if not top:
        game.say(f"  {player}'s library is empty: nothing to manifest")
        return []
    if len(top) == 1:
        chosen = top[0]
    else:
        d = Decision("pick", player, "manifest dread: which card to manifest (the other goes to the graveyard)",
                     [o.id for o in top], [o.card.name for o in top], 1, 1)  # fmt: skip
        picked = ask(game, d)[0]
        chosen = next(o for o in top if o.id == picked)
    new = put_onto_battlefield(game, chosen, player, face_down="manifested dread")
    game.say(f"  {player} manifests dread: {display_name(new)}")
    for o in top:
        if o is not chosen and o.zone == "library":
            game.say(f"  puts {o.card.name} into the graveyard")
            move(game, o, "graveyard")
    return [new]


MORPH_KEYWORDS = ("morph", "megamorph", "disguise")
"""Keywords that let a card be cast face down for {3} and the face-down
permanent be turned face up for their cost (702.37c, 702.37e, 702.168a, 702.168d)."""

CAST_FACE_DOWN_AS = {"morph": "morph", "megamorph": "morph", "disguise": "disguised"}
"""How a permanent cast face down by each keyword is face down: with
disguise, a 2/2 with ward {2} (702.168a)."""


def morph_cost(card: A.Card) -> tuple[str, A.Cost] | None:
    for ab in card.abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                if isinstance(kw, A.KeywordWithCost) and kw.name.lower() in MORPH_KEYWORDS:
                    return kw.name.lower(), kw.cost
    return None


def turn_face_up(game: Game, player: PlayerId, oid: ObjectId, *, how: str = "mana",
                 only: list[ObjectId] | None = None) -> None:  # fmt: skip
    """The special action of 116.2b / 701.40b / 702.37e; all or nothing."""
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        obj = game.get(oid)
        if obj is None or obj.zone != "battlefield":
            raise IllegalAction("can't turn it face up: it is not on the battlefield")
        if obj.face_down is None:
            raise IllegalAction(f"can't turn {display_name(obj)} face up: it is already face up")
        if obj.controller != player:
            raise IllegalAction(f"can't turn {display_name(obj)} face up: {obj.controller} controls it, not {player}")
        front = front_chars(obj)
        name = front.name
        if how == "morph":
            mc = morph_cost(obj.copy_of or obj.card)
            if mc is None:
                raise IllegalAction(f"can't turn {display_name(obj)} face up for a morph cost: the card has no morph")
            kind, cost = mc
            what = f"its {kind} cost {cost_text(cost.mana)}"
        else:
            if obj.face_down in ("morph", "disguised"):
                kw = "morph" if obj.face_down == "morph" else "disguise"
                raise IllegalAction(
                    f"can't turn {display_name(obj)} face up for its mana cost: it was cast face down with {kw}, "
                    f"so only its {kw} cost turns it face up (702.37e, 702.168d); the mana cost is for manifested or cloaked cards (701.40b)"
                )  # fmt: skip
            if "instant" in front.types or "sorcery" in front.types:
                game.say(f"{player} reveals {display_name(obj)}: it is {name}, an instant or sorcery card; it stays face down (M8)")
                raise IllegalAction(f"can't turn {display_name(obj)} face up: it is an instant or sorcery card (701.40c)")
            if "creature" not in front.types:
                raise IllegalAction(f"can't turn {display_name(obj)} face up for its mana cost: it is not a creature card (701.40b)")
            if front.mana_cost is None:
                raise IllegalAction(f"can't turn {display_name(obj)} face up for its mana cost: it has no mana cost (701.40b)")
            cost = A.Cost((front.mana_cost,))
            kind = "mana"
            what = f"its mana cost {cost_text(front.mana_cost)}"
        label = display_name(obj)
        game.say(f"{player} turns {label} face up (special action, 116.2b) for {what}")
        pay_mana(game, player, need_of(mana_parts(cost)), only, what)
        paid: dict[str, list] = {}
        for part in cost.parts:
            if not isinstance(part, A.ManaCost):
                pay_other(game, player, part, obj, paid)
        obj.face_down = None
        game.say(f"  {label} is {name}")
        if kind == "megamorph":
            put_counters(game, obj, "+1/+1", 1)
            game.say(f"  puts a +1/+1 counter on {name} (megamorph, 702.37b)")
        game.events.append(TurnedFaceUp(obj.id, player))
        settle(game)


__all__ = ["CAST_FACE_DOWN_AS", "MORPH_KEYWORDS", "manifest", "manifest_cards", "manifest_dread", "morph_cost", "turn_face_up"]
