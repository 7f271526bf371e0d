"""What a resolving spell or ability refers to (CR 608.2, 607).

A :class:`Ctx` is made for each resolution (and for each static ability
being applied).  It knows the source object, the controller, the chosen
targets, and what earlier instructions acted on, so that "it", "that
creature", "them", "the exiled card" and "target player" mean the right
objects and players.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from cardtext.grammar import ast as A

from .errors import Unsupported
from .objects import GameObject, Lki, ObjectId, PlayerId, Zone

if TYPE_CHECKING:
    from .state import Game, StackItem


COST_WORDS = ("tapped",)
"""The words of a status that say how an object paid the cost of the ability
referring to it ("the tapped creature's power")."""


@dataclass
class Ctx:
    game: Game
    controller: PlayerId
    source: ObjectId
    ability: int = -1
    item: StackItem | None = None
    slots: dict[int, int] = field(default_factory=dict)
    it: list[ObjectId] = field(default_factory=list)
    that: list[ObjectId] = field(default_factory=list)
    them: list[ObjectId] = field(default_factory=list)
    named: bool = False  # an instruction of this effect has acted on objects (maybe none): "it", "that card", "them" mean those (608.2c)
    that_player: list[PlayerId] = field(default_factory=list)
    looked: list[ObjectId] = field(default_factory=list)
    x: int | None = None
    x_later: Callable[[], int] | None = None  # a "where X is ..." worked out when X is first used
    x_letter: str = "X"  # the letter ctx.x is the value of ("where Y is ...")
    you_did: bool | None = None
    last_done: bool | None = None  # whether the instruction before was carried out ("If you can't", 608.2d)
    last_optional: bool = False  # whether the instruction before was optional ("... may ...")
    trigger_object: ObjectId | None = None
    trigger_spell: int | None = None
    trigger_player: PlayerId | None = None
    trigger_amount: int | None = None
    trigger_moved: ObjectId | None = None  # the new object the trigger object became in a public zone (400.7d)
    life_lost: int = 0
    amount: int | None = None  # "that much", "that many": the amount of the instruction before (608.2c)
    added_mana: list[str] = field(default_factory=list)  # the mana the last "Add ..." added (106.6)
    last_token: A.TokenSpec | None = None
    replaced: A.Instruction | None = None
    copies: list[ObjectId] = field(default_factory=list)  # "the copy": what the last copy instruction made (707.12)
    last_if: bool | None = None  # whether the last "if" sentence's instruction was carried out ("Otherwise", 608.2c)
    excluded: frozenset[ObjectId] = frozenset()  # "except for [objects]": left out of "all [objects]" here
    sentence: A.Sentence | None = None  # the sentence being carried out (608.2c)
    done: dict[str, list[ObjectId]] = field(default_factory=dict)  # "revealed this way": what this effect did, by verb
    them_players: list[PlayerId] = field(default_factory=list)  # the players among "them" ("choose target creature or player")
    won: dict[PlayerId, bool] = field(default_factory=dict)  # who won the last clash or coin flip of this effect (701.30d, 705.1)
    began: int = -1  # the game's clock as this resolution began: objects that arrived later were moved by it
    counted: list[ObjectId] | None = None  # the objects the last "for each [objects]" counted, maybe none (608.2c)
    rest: list[ObjectId] | None = None  # after "choose [objects]": those that fit and weren't chosen ("the rest")
    those: tuple[list[ObjectId], list[ObjectId]] | None = None  # after "reveal cards ... until ...": (that card, those cards)

    def __post_init__(self) -> None:
        if self.began < 0:
            self.began = self.game.state.clock

    # --- the source --------------------------------------------------------

    def source_obj(self) -> GameObject | None:
        return self.game.get(self.source)

    def source_card(self) -> A.Card:
        o = self.game.state.objects[self.source[0]]
        return o.copy_of or o.card

    def lki(self, oid: ObjectId) -> Lki | None:
        return self.game.state.lki.get(oid)

    # --- targets -------------------------------------------------------------

    def slot_values(self, node: A.Target) -> list[Any]:
        slot = self.slots.get(id(node))
        if slot is None or self.item is None or slot >= len(self.item.targets):
            return []
        from .targets import still_legal

        return [v for v in self.item.targets[slot] if still_legal(self, node, v)]

    def chosen(self, node: A.Target) -> list[Any]:
        """The targets chosen for ``node`` as they were chosen, legal now or not."""
        slot = self.slots.get(id(node))
        if slot is None or self.item is None or slot >= len(self.item.targets):
            return []
        return list(self.item.targets[slot])

    # --- objects ---------------------------------------------------------------

    def objects(self, ref: object) -> list[ObjectId]:
        """The objects a reference means now (those that left are kept as ids
        so last known information can be used)."""
        game = self.game
        if isinstance(ref, A.SelfRef):
            return [self.source]
        if isinstance(ref, A.ItRef):
            if self.it or self.named:
                return list(self.it)
            if self.trigger_object is not None:
                return [self.trigger_object]
            return [self.source]
        if isinstance(ref, A.ThatRef):
            if (ref.what.spell or ref.noun == "spell") and self.trigger_spell is not None:
                item = game.stack_item(self.trigger_spell)
                return [item.source] if item is not None else []
            if ref.word == "the" and ref.what.zone is not None and any(
                isinstance(w, A.Noun) and w.plural for w in ref.what.words
            ):  # fmt: skip
                # "the cards from your hand", "the cards in your graveyard": all of them there
                return [o.id for o in self.each(ref.what)]
            if any(isinstance(q, A.DoneThisWay) for q in ref.what.qualities) and not (self.that or self.named):
                # "the card exiled this way" of a cost paid (602.2b, 607.2i): what it exiled
                return self.done_objects(ref.what)
            if self.those is not None and self.that == self.those[0] and ref.word == "those":
                # "reveals cards from the top of their library until they reveal a land card, then puts
                # those cards into their graveyard": every card revealed, not only the one that fit (608.2c)
                return list(self.those[1])
            if self.that or self.named:
                return list(self.that)
            by_cost = self.paid_for_cost(ref)
            if by_cost is not None:
                return by_cost
            if self.trigger_object is not None:
                return self._fits_noun(ref, [self.trigger_object])
            if self.it:
                return self._fits_noun(ref, list(self.it))
            if self.them and any(isinstance(w, A.Noun) and w.plural for w in ref.what.words):
                return list(self.them)  # "Return those cards ... at the beginning of the next end step" (603.7c)
            if self.counted is not None:
                # "Draw a card for each creature you control with a +1/+1 counter on it. Those creatures gain
                # indestructible": the objects counted before are the ones named (608.2c)
                from .filters import matches

                return [oid for oid in self.counted if (o := game.get(oid)) is not None
                        and matches(game, ref.what, o, you=self.controller, source=self.source, anywhere=True)]  # fmt: skip
            raise Unsupported(f"'{ref.word} {ref.noun}' with nothing named before it to refer to")
        if isinstance(ref, A.ThemRef):
            if self.them or self.that or self.named:
                return list(self.them or self.that)
            raise Unsupported("'them' with nothing named before it to refer to")
        if isinstance(ref, A.LookedCards) and ref.word == "the rest" and self.rest is not None:
            # "Each player chooses a creature they control. Destroy the rest.": the others that fit (608.2c)
            return list(self.rest)
        if isinstance(ref, A.LookedCards) and ref.count is None and not ref.any_number:
            return [o.id for o in self.looked_cards()]
        if isinstance(ref, A.ExiledCards):
            return self.exiled_cards()
        if isinstance(ref, A.CopyRef):
            return list(self.copies)
        if isinstance(ref, A.AnObject) and any(isinstance(q, A.DoneThisWay) for q in ref.filter.qualities):
            # "A creature dealt damage this way can't be regenerated this turn": those it was done to (608.2c)
            return self.done_objects(ref.filter)
        if isinstance(ref, A.AnObject) and ref.filter.zone is not None:
            return self.choose_cards(ref)
        if isinstance(ref, A.CostPaidRef):
            if self.item is not None and self.item.kind != "spell" and ref.verb in dict(self.item.paid):
                return list(dict(self.item.paid)[ref.verb])  # what this ability's cost sacrificed or discarded (602.2b)
            # 607.2i/j: what was sacrificed or discarded to pay this spell's additional or kicker cost
            paid = dict(self.game.linked(self.source).paid_by(-1) or ())
            return list(paid.get(ref.verb, ()))
        if isinstance(ref, A.AttachedRef):
            src = self.source_obj()
            if src is None and (lki := self.lki(self.source)) is not None and lki.last is not None:
                # "Sacrifice Crown of Vigor: Enchanted creature ...": what it was attached to as it
                # last existed on the battlefield (608.2h)
                src = lki.last
            return [src.attached_to] if src is not None and src.attached_to else []
        if isinstance(ref, A.Target):
            return [v for v in self.slot_values(ref) if isinstance(v, tuple)]
        if isinstance(ref, A.Each):
            return [o.id for o in self.each(ref.filter) if o.id not in self.excluded]
        if isinstance(ref, A.DoneThisWay):
            return self.done_this_way(ref.verb)
        if isinstance(ref, A.LinkedRef) and ref.verb in DONE_VERBS:
            # "the milled cards", "the revealed cards": what an earlier instruction of this effect did (608.2c)
            from .filters import matches

            return [oid for oid in self.done.get(ref.verb, ())
                    if (o := game.get(oid)) is not None and matches(game, ref.what, o, you=self.controller, source=self.source,
                                                                    players=self.players, anywhere=True)]  # fmt: skip
        if isinstance(ref, A.BothRef) and ref.conj == "and":
            # "target creature and all other creatures with the same name as that creature": both, each once
            # ("that creature" in the second is the first: 608.2c)
            first = self.objects(ref.first)
            saved = self.it, self.that, self.named
            # "target creature and each other creature that shares a color with it": "it" is the first too
            self.it, self.that, self.named = list(first), list(first), True
            try:
                second = self.objects(ref.second)
            finally:
                self.it, self.that, self.named = saved
            return first + [oid for oid in second if oid not in first]
        if isinstance(ref, A.BothRef) and ref.conj == "or" and not names_player(ref):
            # "Destroy all lands or all creatures": the controller chooses one as it resolves (608.2c, 608.2d)
            from cardtext.grammar.render import render_node

            from .choices import Decision, ask

            words = [render_node(ref.first), render_node(ref.second)]
            src = self.game.state.objects.get(self.source[0])
            who = src.card.name if src is not None else "?"
            d = Decision("word", self.controller, f"{who}: which — {words[0]} or {words[1]}", words, words)
            picked = ask(game, d)
            game.say(f"  {self.controller} chooses {picked}")
            return self.objects(ref.first if picked == words[0] else ref.second)
        if isinstance(ref, A.AnObject) and ref.filter.zone is None and not (ref.filter.card or ref.filter.spell):
            return self.choose_permanents(ref)
        if isinstance(ref, A.EachOf) and not ref.one and ref.count is None:
            # "each of up to two target creatures", "each of them": every object the reference names (608.2c)
            return self.objects(ref.of)
        raise Unsupported(f"object reference {type(ref).__name__}")

    def choose_permanents(self, ref: A.AnObject) -> list[ObjectId]:
        """ "Return another creature you control to its owner's hand", "tap an
        untapped creature you control": the controller chooses that many
        permanents that fit as the instruction is carried out (608.2c; not
        targeted, 115.1) — all of them if there are no more."""
        from .filters import describe_filter, matches

        problem = chosen_permanents_problem(ref)
        if problem is not None:
            raise Unsupported(problem)
        cands = [o for o in self.game.battlefield()
                 if o.id not in self.excluded and matches(self.game, ref.filter, o, you=self.controller, source=self.source,
                                                         players=self.players, quantity=self.quantity)]  # fmt: skip
        src = self.game.state.objects.get(self.source[0])
        who = src.card.name if src is not None else "?"
        return [o.id for o in self._pick(ref, f"{who}: choose {describe_filter(ref.filter)}", cands)]

    def _pick(self, ref: A.AnObject, prompt: str, cands: list[GameObject]) -> list[GameObject]:
        """The controller's pick of ``cands`` for "a creature", "two creature
        cards", "that many", "up to two", "any number of" (608.2c)."""
        return self.pick_for(self.controller, ref, prompt, cands)

    def pick_for(self, chooser: PlayerId, ref: A.AnObject, prompt: str, cands: list[GameObject]) -> list[GameObject]:
        """``chooser``'s pick of ``cands`` for "a creature", "two creature
        cards", "that many", "up to two", "any number of" (608.2c)."""
        from .actions.common import choose_cards, choose_up_to

        if ref.any_number:
            return choose_up_to(self, chooser, prompt, cands, len(cands))
        n = 1 if ref.count is None else self.quantity(ref.count)
        if ref.up_to:
            return choose_up_to(self, chooser, prompt, cands, n)
        return choose_cards(self, chooser, prompt, cands, n)

    def choose_cards(self, ref: A.AnObject, chooser: PlayerId | None = None) -> list[ObjectId]:
        """ "Exile an instant card from your hand": the controller chooses that
        many cards that fit, in the zone named, as the instruction is carried
        out (608.2c; not targeted, 115.1) — all of them if there are no more."""
        from .filters import at_random, describe_filter, pick_at_random, without_random

        zone = ref.filter.zone
        assert zone is not None
        if zone.zone == "top of library" and zone.owner is not None and _any_card(ref.filter) \
                and not (ref.up_to or ref.any_number):  # fmt: skip
            # "that many cards from the top of their library": the top cards, no choice (401.1)
            n = 1 if ref.count is None else self.quantity(ref.count)
            return [o.id for p in self.players(zone.owner) for o in self.game.zone_objects("library", p)[:n]]
        if zone.zone not in CHOSEN_ZONES:
            raise Unsupported(f"choosing '{describe_filter(ref.filter)}' there")
        random = at_random(ref)
        filt = without_random(ref.filter) if random else ref.filter
        owners = self.players(zone.owner) if zone.owner is not None else list(self.game.state.players)
        cands = [
            o for p in owners for o in self.game.zone_objects(cast(Zone, zone.zone), p)
            if self.fits(filt, o, anywhere=True)
        ]  # fmt: skip
        if random:
            # "return a creature card at random from your graveyard": no player chooses it
            picked = pick_at_random(self.game, cands, 1 if ref.count is None else self.quantity(ref.count))
            self.game.say(f"  {', '.join(o.card.name for o in picked) or 'nothing'} chosen at random")
            return [o.id for o in picked]
        src = self.game.state.objects.get(self.source[0])
        who = src.card.name if src is not None else "?"
        return [o.id for o in self.pick_for(chooser or self.controller, ref, f"{who}: choose {describe_filter(ref.filter)}", cands)]

    def looked_cards(self) -> list[GameObject]:
        """607.1: the cards this ability looked at that are still in the
        library (each still the object it looked at, 400.7)."""
        out = []
        for oid in self.looked:
            o = self.game.get(oid)
            if o is not None and o.zone == "library":
                out.append(o)
        return out

    def _fits_noun(self, ref: A.ThatRef, found: list[ObjectId]) -> list[ObjectId]:
        """``found`` for "that [noun]" taken from the event or the object
        named before, if each is what the noun says ("that land" is a land;
        608.2c: the words refer to what the text named).  An object that is
        gone is taken as it was (608.2h); one of another kind is an error
        naming the reference, never a guess."""
        from .characteristics import chars_in

        kinds = {n.lower() for n in ref.what.nouns} & _CARD_TYPES
        for oid in found:
            obj = self.game.get(oid)
            if obj is None or not kinds:
                continue
            have = {t.lower() for t in chars_in(self.game, obj).types}
            if not kinds & have:
                raise Unsupported(f"'{ref.word} {ref.noun}' with no {ref.noun} named before it "
                                  f"(the object it would refer to is a {'/'.join(sorted(have)) or 'typeless object'})")  # fmt: skip
        return found

    def paid_for_cost(self, ref: A.ThatRef) -> list[ObjectId] | None:
        """ "the tapped creature" of an activated ability whose cost tapped an
        untapped creature (602.2b; station, 702.184a): the objects its cost
        was paid with, by the word that says how; None if the ability's cost
        paid with none that way."""
        words = {w.status for w in ref.what.words if isinstance(w, A.StatusAdj) and not w.negated}
        verbs = [v for v in COST_WORDS if v in words]
        if ref.word != "the" or len(verbs) != 1 or self.item is None or not self.item.paid:
            return None
        done = dict(self.item.paid).get(verbs[0])
        return list(done) if done else None

    def self_objects(self, ref: object) -> list[ObjectId]:
        """Like :meth:`objects`, but "it" means the source: "if it was kicked",
        "the number of times it was kicked" ask about the object the text is on."""
        if isinstance(ref, A.ItRef | A.SelfRef):
            return [self.source]
        return self.objects(ref)

    def done_this_way(self, verb: str) -> list[ObjectId]:
        """ "[cards] revealed this way", "[creatures] sacrificed this way": what
        an earlier instruction of this effect did (608.2c), or else what was
        done to pay this spell's costs (607.2i/j: "When you do, copy this
        spell for each creature sacrificed this way")."""
        if verb in self.done:
            return list(self.done[verb])
        if self.item is not None and verb in dict(self.item.paid):
            return list(dict(self.item.paid)[verb])  # what this ability's cost exiled or sacrificed (602.2b)
        paid = dict(self.game.linked(self.source).paid_by(-1) or ())
        if verb in paid:
            return list(paid[verb])
        if self._cost_could(verb):
            return []  # "As an additional cost ..., you may sacrifice any number of Spirits": none were
        raise Unsupported(f"'{verb} this way' with nothing {verb} before it")

    def _cost_could(self, verb: str) -> bool:
        """Does a cost of this spell (an additional cost, 601.2b) or of this
        ability (602.2b) do ``verb`` to objects ("sacrifice any number of
        Spirits")?  Paid with none, nothing was done that way."""
        kind = _COST_VERBS.get(verb)
        if kind is None or self.item is None:
            return False
        if self.item.kind == "spell":
            o = self.game.state.objects.get(self.source[0])
            card = (o.copy_of or o.card) if o is not None else None
            costs = [ab.cost for ab in (card.abilities if card is not None else ()) if isinstance(ab, A.AdditionalCost)]
        else:
            o = self.game.get(self.source)
            abilities = chars_of(o).abilities if o is not None else ()
            ab = abilities[self.ability] if 0 <= self.ability < len(abilities) else None
            costs = [ab.cost] if isinstance(ab, A.ActivatedAbility) else []
        return any(isinstance(p, kind) for c in costs if isinstance(c, A.Cost) for p in c.parts)

    def done_objects(self, filt: A.ObjectFilter) -> list[ObjectId]:
        """The objects done this way that fit the rest of the description —
        those that have since left their zone judged by their last known
        information (608.2h), so that they can be counted."""
        from .filters import matches

        verbs = [q.verb for q in filt.qualities if isinstance(q, A.DoneThisWay)]
        out: list[ObjectId] = []
        for oid in self.done_this_way(verbs[0]):
            o = self.game.get(oid)
            if o is not None:
                if matches(self.game, filt, o, you=self.controller, source=self.source, players=self.players,
                           quantity=self.quantity, objects=self.objects, anywhere=True):  # fmt: skip
                    out.append(oid)
                continue
            lki = self.lki(oid)
            if lki is not None:
                if _lki_fits(filt, lki):
                    out.append(oid)
            elif _any_card(filt):
                out.append(oid)  # a card that has left a graveyard, exile or a hand: a card still
            else:
                raise Unsupported("a description of cards that have left a zone other than the battlefield")
        return out

    def each(self, filt: A.ObjectFilter) -> list[GameObject]:
        from .filters import matches

        game = self.game
        if any(isinstance(q, A.DoneThisWay) for q in filt.qualities):
            return [o for o in (game.get(oid) for oid in self.done_objects(filt)) if o is not None]
        pool = where_described(game, filt, self.players)
        return [
            o for o in pool
            if matches(game, filt, o, you=self.controller, source=self.source, players=self.players,
                       quantity=self.quantity, objects=self.objects)
        ]  # fmt: skip

    def exiled_cards(self) -> list[ObjectId]:
        """607.2a: the cards exiled by the linked ability of this object that are still in exile."""
        from .bind import linked_exile_ability

        idx = linked_exile_ability(self.source_card(), self.ability)
        out = []
        for oid in self.game.linked(self.source).exiled_by(idx):
            o = self.game.get(oid)
            if o is not None and o.zone == "exile":
                out.append(oid)
        return out

    def _moved_targets(self, ref: object) -> list[ObjectId]:
        """The targets of ``ref`` an instruction of this effect moved to
        another zone ("The owner of target permanent shuffles it into their
        library, then draws two cards": that player, 608.2c), known by their
        last known information (608.2h)."""
        if not isinstance(ref, A.Target):
            return []
        out = []
        for v in self.chosen(ref):
            if not isinstance(v, tuple) or v not in self.game.state.lki:
                continue
            now = self.game.state.objects.get(v[0])
            if now is not None and now.zcc == v[1] + 1 and now.arrived > self.began:
                out.append(v)
        return out

    def obj_or_lki(self, oid: ObjectId) -> GameObject | Lki | None:
        """608.2h: the object as this effect knows it, for information about
        it (its power, its controller): the object now, if it is where the
        effect found it; its last known information if it has left that zone
        — also when an instruction of this effect moved it off the
        battlefield or the stack ("Exile target creature. Its controller
        gains life equal to its power": the creature as it last existed on
        the battlefield, a face-down one a 2/2, 708.2)."""
        o = self.game.get(oid)
        if o is None:
            return self.lki(oid)
        if o.arrived > self.began:
            before = self.game.state.lki.get((o.cid, o.zcc - 1))
            if before is not None:
                return before
        return o

    # --- players ---------------------------------------------------------------

    def players(self, ref: object) -> list[PlayerId]:
        game = self.game
        if isinstance(ref, A.Possessive):
            return self.players(ref.object)  # "your library", "target player's library"
        if ref is None or isinstance(ref, A.You):
            return [self.controller]
        if isinstance(ref, A.PlayerGroup):
            from .filters import group_players

            if ref.which == "a_player" and self.trigger_player is not None:
                return [self.trigger_player]
            return group_players(game, ref.which, self.controller)
        if isinstance(ref, A.LinkedRef) and _the_player(ref):
            # 607.2d: "the chosen player": the player an ability of this object chose ("choose an opponent")
            chosen = game.linked(self.source).chosen_by(None)
            if isinstance(chosen, str) and chosen in game.state.players:
                return [chosen]
        if isinstance(ref, A.ThatPlayer | A.TheirRef | A.ThemRef) or _the_player(ref):
            # "that player", "their", and "they" as a player ("creatures they control")
            if self.that_player:
                return list(self.that_player)
            if self.trigger_player is not None:
                return [self.trigger_player]
            named = self.replaced_player()
            if named is not None:
                return self.players(named)
            if isinstance(ref, A.LinkedRef):
                return []  # "the chosen player" before any was chosen (a spell on the stack): no player
            raise Unsupported(f"'{type(ref).__name__}' with no player named before it")
        if isinstance(ref, A.ControllerOf | A.OwnerOf):
            out = []
            for oid in self.objects(ref.object) or self._moved_targets(ref.object):
                o = self.obj_or_lki(oid)
                if o is not None:
                    out.append(o.controller if isinstance(ref, A.ControllerOf) else o.owner)
            return out
        if isinstance(ref, A.Target):
            return [v for v in self.slot_values(ref) if isinstance(v, str)]
        if _player_or_controller(ref):
            # "that player or that planeswalker's controller": the player the
            # target "player or planeswalker" was, or the planeswalker's controller (608.2c)
            assert isinstance(ref, A.BothRef)
            return list(self.that_player) if self.that_player else self._player_or_controller(ref)
        raise Unsupported(player_ref_problem(ref) or f"player reference {type(ref).__name__}")

    def _player_or_controller(self, ref: A.BothRef) -> list[PlayerId]:
        """ "that player or that planeswalker's controller" with no player
        named before: the first target chosen that is a player, or the
        controller (owner) of the first that is what the second half names
        (a planeswalker) — the target "player or planeswalker" (608.2c);
        no one if that target is no longer legal (608.2b)."""
        from .filters import matches

        second = ref.second
        assert isinstance(second, A.ControllerOf | A.OwnerOf)
        described = second.object.what if isinstance(second.object, A.ThatRef) else None
        for slot in self.item.targets if self.item is not None else ():
            for value in slot:
                if isinstance(value, str):
                    return [value]
                o = self.game.get(value)
                if o is None and (known := self.lki(value)) is not None:
                    o = known.last  # it has left since: as it last existed (608.2h)
                if o is not None and described is not None and matches(
                    self.game, described, o, you=self.controller, source=self.source, anywhere=True
                ):  # fmt: skip
                    return [o.controller if isinstance(second, A.ControllerOf) else o.owner]
        return []  # the target is no longer legal: no one is named (608.2b)

    def replaced_sentence(self) -> A.Sentence | None:
        """In an "instead" sentence, the sentence it replaces, without its
        lead-in ("If ...,", "Then ...")."""
        before = self.replaced
        while isinstance(before, A.IfSentence | A.LeadSentence):
            before = before.body
        return before if isinstance(before, A.Sentence) else None

    def replaced_objects(self) -> list[ObjectId] | None:
        """In an "instead" sentence, the objects the sentence it replaces
        names, which "it", "that creature" and "those creatures" mean there
        ("Creatures your opponents control get -1/-1 until end of turn.  If
        this spell was kicked, those creatures get -2/-2 until end of turn
        instead.", 608.2c): the replaced sentence isn't carried out, but what
        it names is (:func:`cardtext.interpreter.effects._run_if`).  None when there
        is no replaced sentence or it names no objects."""
        before = self.replaced_sentence()
        if before is None or not before.actions:
            return None
        # its first instruction: a later one's "them" ("search ..., exile
        # them") means what the sentence itself would have found
        action = before.actions[0]
        node = action.action if isinstance(action, A.MayDo) else action
        for name in OBJECT_FIELDS:
            value = getattr(node, name, None)
            if isinstance(value, OBJECT_REFS):
                if isinstance(value, A.Target) and self.slot_values(value) and not any(
                    isinstance(v, tuple) for v in self.slot_values(value)
                ):
                    continue  # "any target" that is a player: no object named
                return self.objects(value)  # its own "that" means what was named before it
        return None

    def replaced_target(self) -> A.Target | None:
        """In an "instead" sentence, the target the sentence it replaces names
        first ("Prevent the next 2 damage that would be dealt to target
        creature or player this turn.  If kicked, prevent the next 4 damage
        that would be dealt to that creature or player this turn instead."):
        what "that creature or player" means there, object or player (608.2c)."""
        before = self.replaced_sentence()
        for action in before.actions if before is not None else ():
            node = action.action if isinstance(action, A.MayDo) else action
            for name in OBJECT_FIELDS:
                value = getattr(node, name, None)
                if isinstance(value, A.Target):
                    return value
        return None

    def replaced_player(self) -> object | None:
        """In an "instead" sentence, the player the sentence it replaces names
        ("Target player discards a card.  If this spell was kicked, that
        player discards three cards instead.", 608.2c)."""
        before = self.replaced_sentence()
        for action in before.actions if isinstance(before, A.Sentence) else ():
            node = action.action if isinstance(action, A.MayDo) else action
            for name in ("player", "whose"):
                value = getattr(node, name, None)
                if isinstance(value, A.Node) and not isinstance(value, A.ThatPlayer | A.TheirRef | A.ThemRef):
                    return value
        return None

    # --- numbers and conditions --------------------------------------------------

    def quantity(self, q: A.Quantity) -> int:
        from .quantities import evaluate

        return evaluate(self, q)

    def fits(self, filt: A.ObjectFilter, obj: GameObject, *, you: PlayerId | None = None,
             anywhere: bool = False) -> bool:
        """Does ``obj`` fit a description written in this effect, every part
        of it read here: its players ("you", "that player"), numbers ("X",
        "that many") and objects ("with the same name as that creature")?
        ``you`` is the player "you" means in it (the one who chooses)."""
        from .filters import matches

        # with another player as "you" (each player sacrificing), "they" and "their" are that player
        return matches(self.game, filt, obj, you=self.controller if you is None else you, source=self.source,
                       players=self.players if you is None else None, quantity=self.quantity, objects=self.objects,
                       anywhere=anywhere)  # fmt: skip

    def holds(self, cond: A.Condition) -> bool:
        from .conditions import holds

        return holds(self, cond)


PLAYER_REFS = (A.Possessive, A.You, A.PlayerGroup, A.ThatPlayer, A.TheirRef, A.ThemRef, A.ControllerOf, A.OwnerOf, A.Target)
"""The kinds of reference to a player :meth:`Ctx.players` reads (and
"that player or that planeswalker's controller", :func:`_player_or_controller`)."""


def _player_or_controller(ref: object) -> bool:
    return (isinstance(ref, A.BothRef) and ref.conj == "or" and isinstance(ref.first, A.ThatPlayer)
            and isinstance(ref.second, A.ControllerOf | A.OwnerOf))  # fmt: skip


def _the_player(ref: object) -> bool:
    """ "the player", "the opponent", "the chosen player": the player named
    before, as "that player" (608.2c)."""
    if not (isinstance(ref, A.ThatRef) and ref.word == "the" or isinstance(ref, A.LinkedRef) and ref.verb == "chosen"):
        return False
    what = ref.what
    nouns = [w.word.lower() for w in what.words if isinstance(w, A.Noun)]
    return len(nouns) == 1 and len(what.words) == 1 and not what.post and nouns[0] in ("player", "opponent")


def names_player(ref: object) -> bool:
    """Does an object reference name a player too ("You and permanents you
    control", "each player and each creature")?"""
    if isinstance(ref, A.BothRef):
        return names_player(ref.first) or names_player(ref.second)
    return isinstance(ref, A.You | A.PlayerGroup | A.ThatPlayer)


def player_ref_problem(ref: object) -> str | None:
    """Why :meth:`Ctx.players` can't read ``ref`` as players, or None: the
    support check asks the same question of every player an instruction names."""
    if ref is None or isinstance(ref, PLAYER_REFS) or _player_or_controller(ref) or _the_player(ref):
        return None
    return f"player reference {type(ref).__name__}"


def _any_card(filt: A.ObjectFilter) -> bool:
    """Does a description say no more than "card" ("each card exiled this way")?"""
    others = [q for q in filt.qualities if not isinstance(q, A.DoneThisWay)]
    return not filt.adjectives and not others and all(n.lower() in ("card", "object") for n in filt.nouns)


def _lki_fits(filt: A.ObjectFilter, lki: Lki) -> bool:
    """Does an object that left its zone fit a description by its last known
    types ("creature sacrificed this way")?  Only nouns are judged this way."""
    others = [q for q in filt.qualities if not isinstance(q, A.DoneThisWay)]
    if filt.adjectives or others:
        raise Unsupported("a description of objects that have left their zone by more than their types")
    nouns = [n.lower() for n in filt.nouns if n.lower() not in ("card", "object", "permanent")]
    return not nouns or any(n in lki.types for n in nouns)


CHOSEN_ZONES = ("hand", "graveyard", "exile", "library")
"""The zones :meth:`Ctx.choose_cards` finds a card described in ("an instant card from your hand")."""


def chosen_at_random(ref: object) -> list[object]:
    """The description of ``ref`` when :meth:`Ctx.choose_cards` picks it at
    random ("two creature cards at random from your graveyard"): a number of
    cards in one of :data:`CHOSEN_ZONES`; else nothing."""
    from .filters import at_random

    if (isinstance(ref, A.AnObject) and at_random(ref) and ref.filter.zone is not None
            and ref.filter.zone.zone in CHOSEN_ZONES and isinstance(ref.count, A.Number) and not ref.up_to
            and not ref.any_number):  # fmt: skip
        return [ref]
    return []


def chosen_permanents_problem(ref: object) -> str | None:
    """What :meth:`Ctx.choose_permanents` can't choose of "a creature you
    control" named by an instruction (None: it chooses it, or it is no such
    reference)."""
    if not isinstance(ref, A.AnObject) or ref.filter.zone is not None or ref.filter.card or ref.filter.spell:
        return None
    if ref.how not in ("", "another"):
        return f"choosing permanents described as '{ref.how}'"
    return None


DONE_VERBS = frozenset({"milled", "revealed"})
"""The verbs of "the milled cards", "the revealed card": the instructions
that record what they did for this effect (``Ctx.done``)."""

OBJECT_FIELDS = ("what", "on", "to", "first")
"""The fields of an instruction that hold the objects it acts on, first
found first: what gets +N/+N, is destroyed, exiled, tapped; what counters
are put on; what is dealt damage (not its source); the first of two that
fight."""

_CARD_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery",
                         "kindred"})  # fmt: skip
"""The card types (300.1) a noun can name."""

_COST_VERBS: dict[str, type] = {
    "sacrificed": A.SacrificeCost, "exiled": A.ExileCost, "discarded": A.DiscardCost, "tapped": A.TapObjectCost,
    "returned": A.ReturnCost, "revealed": A.RevealCost,
}  # fmt: skip
"""The cost parts that do what "[objects] [verb] this way" names (602.2b, 601.2b)."""


def chars_of(o: GameObject) -> Any:
    from .characteristics import chars

    return chars(o)


OBJECT_REFS = (A.Each, A.Target, A.SelfRef, A.ItRef, A.ThatRef, A.ThemRef, A.ExiledCards, A.AttachedRef, A.CostPaidRef)
"""The object references :meth:`Ctx.objects` knows, an instruction names
the objects it acts on with."""


_ZONE_WORDS: dict[str, Zone] = {
    "library": "library", "libraries": "library", "hand": "hand", "hands": "hand",
    "battlefield": "battlefield", "graveyard": "graveyard", "graveyards": "graveyard",
    "stack": "stack", "exile": "exile",
}  # fmt: skip


def zone_names(zone: A.InZone) -> list[Zone]:
    """The zones a description names ("your graveyard", "all graveyards",
    "your graveyard or hand"); Unsupported for any other, and for "a single
    graveyard" (the objects must all be in one of them: a choice the
    engine doesn't make yet)."""
    if zone.how == "a single":
        raise Unsupported(f"objects from a single {zone.zone}")
    if zone.how == "bare":
        raise Unsupported(f"'in {zone.zone}' with no owner written (the player the sentence names)")
    out: list[Zone] = []
    # "all opponents' hands and graveyards", "your hand and/or graveyard"
    for word in zone.zone.replace(" and/or ", " or ").replace(" and ", " or ").split(" or "):
        name = _ZONE_WORDS.get(word.strip())
        if name is None:
            raise Unsupported(f"objects in the {zone.zone}")
        out.append(name)
    return out


def where_described(game: Game, filt: A.ObjectFilter, players: Any) -> list[GameObject]:
    """The objects a description can be about, by where it says they are:
    its zone ("in your graveyard", "on the battlefield"), the stack for a
    spell, exile for a card "exiled with [this]" (406.6, 607.2a), the
    battlefield otherwise (109.2)."""
    zone = filt.zone
    if zone is None:
        if filt.spell or "spell" in filt.nouns:
            return game.zone_objects("stack")
        if any(isinstance(q, A.ExiledWith) for q in filt.qualities):
            return [o for p in game.state.players for o in game.zone_objects("exile", p)]
        return game.battlefield()
    pool: list[GameObject] = []
    owners = list(game.state.players) if zone.owner is None else players(zone.owner)
    for name in zone_names(zone):
        if name in ("stack", "battlefield"):
            pool.extend(game.zone_objects(name))
            continue
        for p in owners:
            pool.extend(game.zone_objects(name, p))
    return pool


__all__ = ["Ctx", "where_described", "zone_names"]
