"""Parse tree → AST.

Each rule (or alias) of the grammar has a method here that returns its AST
node, with the rule's source span.  Anonymous keywords are filtered out by
Lark; the methods receive the meaningful children in order.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Literal

from lark import Token

from . import ast as A

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
}  # fmt: skip

_SINGULAR = {
    "creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
    "lands": "land", "planeswalkers": "planeswalker", "permanents": "permanent",
    "spells": "spell", "players": "player", "opponents": "opponent", "cards": "card",
}  # fmt: skip

_CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery"}
_PLAYER_NOUNS = {"player", "opponent"}
_STATUS = {"tapped", "untapped", "attacking", "blocking", "face-down", "face-up", "token"}
_MANA_RE = re.compile(r"\{([^}]*)\}")



_CARD_TYPE_WORDS = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery"})


def _static(action, condition, meta):
    """A static ability (604.1) from one effect, or from several joined by
    "and" (a tuple: "gets +1/+0 and can't be blocked")."""
    if isinstance(action, tuple):
        return A.StaticEffect(action[0], condition, action[1:], span=_span(meta))
    return A.StaticEffect(action, condition, span=_span(meta))

class TextError(Exception):
    """Raised inside the transformer for text that parses but means nothing;
    the parser turns it into a located :class:`CardParseError`."""

    def __init__(
        self, message: str, token: Token | None = None, span: A.Span | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.token = token
        self.span = span


def _span(meta: Any) -> A.Span | None:
    if getattr(meta, "empty", True):
        return None
    return A.Span(meta.line, meta.column, meta.end_line, meta.end_column)


def _tok_span(tok: Token) -> A.Span:
    return A.Span(tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0)


def mana_symbol(text: str, span: A.Span | None = None) -> A.ManaSymbol:
    """One symbol's inside, "2" or "W/U" or "G/U/P", as an AST node (CR 107.4)."""
    if text.isdigit():
        return A.GenericMana(int(text), span=span)
    parts = text.split("/")
    if len(parts) == 1:
        if text in A.COLORS:
            return A.ColoredMana(text, span=span)
        if text == "C":
            return A.ColorlessMana(span=span)
        if text == "S":
            return A.SnowMana(span=span)
        return A.VariableMana(text, span=span)
    if parts[-1] == "P":
        hybrid = parts[1] if len(parts) == 3 else None
        return A.PhyrexianMana(parts[0], hybrid, span=span)  # type: ignore[arg-type]
    if parts[0] == "2":
        return A.GenericHybridMana(parts[1], span=span)  # type: ignore[arg-type]
    return A.HybridMana(parts[0], parts[1], span=span)  # type: ignore[arg-type]


def _player_form(obj: Any) -> Any:
    """Players are described like objects ("each opponent", "target player");
    turn those descriptions into player nodes."""
    if isinstance(obj, A.Each) and _is_player_filter(obj.filter):
        return A.PlayerGroup(
            "each_opponent" if obj.filter.nouns == ("opponent",) else "each_player", span=obj.span
        )
    if isinstance(obj, A.AnObject) and _is_player_filter(obj.filter):
        return A.PlayerGroup(
            "an_opponent" if obj.filter.nouns == ("opponent",) else "a_player", span=obj.span
        )
    return obj


def _is_player_filter(f: A.ObjectFilter) -> bool:
    return len(f.nouns) == 1 and f.nouns[0] in _PLAYER_NOUNS and not f.adjectives


class Meta:
    """Where a rule's text starts and ends (from its first and last child)."""

    __slots__ = ("line", "column", "end_line", "end_column", "empty")

    def __init__(self, children: list[Any]) -> None:
        self.empty = True
        for child in children:
            if self._start(child):
                break
        for child in reversed(children):
            if self._end(child):
                break

    def _start(self, child: Any) -> bool:
        if isinstance(child, tuple):
            return any(self._start(c) for c in child)
        if isinstance(child, Token) and child.line is not None:
            self.line, self.column = child.line, child.column
        elif isinstance(child, A.Node) and child.span is not None:
            self.line, self.column = child.span.line, child.span.column
        else:
            return False
        self.empty = False
        return True

    def _end(self, child: Any) -> bool:
        if isinstance(child, tuple):
            return any(self._end(c) for c in reversed(child))
        if isinstance(child, Token) and child.end_line is not None:
            self.end_line, self.end_column = child.end_line, child.end_column
        elif isinstance(child, A.Node) and child.span is not None:
            self.end_line, self.end_column = child.span.end_line, child.span.end_column
        else:
            return False
        return True


class InlineAst:
    """The callbacks Lark's LALR parser calls as it reduces each rule.

    The parser keeps every token (``keep_all_tokens``) so that a rule's span
    covers its keywords too ("the exiled card"); this adapter measures the
    span, drops the keyword tokens (except in the grammar's ``!`` rules, which
    want them) and calls the :class:`ToAst` method of the rule.
    """

    def __init__(self, named: set[str], keep_rules: set[str]) -> None:
        self._ast = ToAst()
        self._named = named | {"NOUN"}  # NOUN: the positioned words ToAst.noun_word makes
        self._keep = keep_rules
        self._cache: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not name[:1].islower():
            # Inlined rules (Lark splices their children into the parent) and
            # terminals (Lark would take a method of that name as a token callback).
            raise AttributeError(name)
        fn = self._cache.get(name)
        if fn is None:
            fn = self._make(name)
            self._cache[name] = fn
        return fn

    def _make(self, name: str) -> Any:
        method = getattr(self._ast, name, None)
        named = self._named
        keep = name in self._keep
        if method is None:
            if name.startswith("kw_"):
                keyword = name[3:].replace("_", " ")

                def kw(children: list[Any]) -> Any:
                    return A.Keyword(keyword, span=_span(Meta(children)))

                return kw

            def passthrough(children: list[Any]) -> Any:
                # An inlined (?rule) alternative: one meaningful child among keywords.
                args = [c for c in children if not (isinstance(c, Token) and c.type not in named)]
                if len(args) != 1:
                    raise TextError(
                        f"no AST for grammar rule {name!r}"
                    )  # a grammar/transformer mismatch
                return args[0]

            return passthrough

        def call(children: list[Any]) -> Any:
            meta = Meta(children)
            if keep:
                # a "!" rule wants its keyword tokens, not the hidden _TERMINALS
                args = [
                    c
                    for c in children
                    if not (isinstance(c, Token) and c.type[0] == "_" and c.type[1] != "_")
                ]
            else:
                args = [c for c in children if not (isinstance(c, Token) and c.type not in named)]
            return method(meta, *args)

        return call


class ToAst:
    """One method per rule (or alias) of the grammar: (meta, *children) → node."""

    # ------------------------------------------------------------ the card --

    def card(self, meta, cost, type_line, abilities, stats=None):
        return (cost, type_line, abilities, stats)

    def name_line(self, meta, self_tok, cost=None):
        return cost

    def ability_lines(self, meta, *abilities):
        return tuple(abilities)

    def pt_line(self, meta, tok):
        power, toughness = str(tok).split("/")
        return A.PowerToughness(power, toughness, span=_tok_span(tok))

    def loyalty_line(self, meta, tok):
        return A.Loyalty(str(tok), span=_tok_span(tok))

    # ---------------------------------------------------------------- mana --

    def mana_cost(self, meta, *toks):
        return A.ManaCost(tuple(mana_symbol(t[1:-1], _tok_span(t)) for t in toks), span=_span(meta))

    def cost(self, meta, *parts):
        return A.Cost(tuple(parts), span=_span(meta))

    def tap_cost(self, meta, tok):
        return A.TapCost(span=_span(meta))

    def untap_cost(self, meta, tok):
        return A.UntapCost(span=_span(meta))

    def sacrifice_cost(self, meta, what):
        return A.SacrificeCost(what, span=_span(meta))

    def discard_cost(self, meta, what):
        return A.DiscardCost(what, span=_span(meta))

    def discard_hand_cost(self, meta):
        return A.DiscardCost(None, span=_span(meta))

    def pay_life_cost(self, meta, amount):
        return A.PayLifeCost(amount, span=_span(meta))

    def tap_object_cost(self, meta, what):
        return A.TapObjectCost(what, span=_span(meta))

    def remove_counters_cost(self, meta, amount, kind, source):
        return A.RemoveCountersCost(amount, kind, source, span=_span(meta))

    # ----------------------------------------------------------- type line --

    def type_line(self, meta, *toks):
        sup: list[str] = []
        types: list[str] = []
        subs: list[str] = []
        for t in toks:
            if t.type == "SUPERTYPE":
                sup.append(str(t))
            elif t.type == "CARD_TYPE":
                types.append("Kindred" if str(t) == "Tribal" else str(t))
            else:
                word = str(t)
                if not word[:1].isupper():
                    raise TextError(f"a subtype is capitalised: '{word.capitalize()}'", t)
                subs.append(word)
        return A.TypeLine(tuple(sup), tuple(types), tuple(subs), span=_span(meta))

    # ------------------------------------------------------------- keywords --

    def kicker_mana(self, meta, cost):
        return A.Kicker((A.Cost((cost,), span=cost.span),), span=_span(meta))

    def kicker_two(self, meta, first, second):
        return A.Kicker(
            (A.Cost((first,), span=first.span), A.Cost((second,), span=second.span)),
            span=_span(meta),
        )

    def kicker_cost(self, meta, cost):
        return A.Kicker((cost,), span=_span(meta))

    def multikicker_mana(self, meta, cost):
        return A.Kicker((A.Cost((cost,), span=cost.span),), multi=True, span=_span(meta))

    def multikicker_cost(self, meta, cost):
        return A.Kicker((cost,), multi=True, span=_span(meta))

    def keyword_line(self, meta, *kws):
        return A.KeywordLine(tuple(kws), span=_span(meta))

    def keyword_with_cost(self, meta, name, cost):
        return A.KeywordWithCost(
            str(name).lower(), A.Cost((cost,), span=cost.span), span=_span(meta)
        )

    def kw_champion(self, meta, what):
        if not isinstance(what, A.AnObject):
            raise TextError(
                "Champion names what it champions, like 'Champion a Goblin'", span=_span(meta)
            )
        return A.Champion(what, span=_span(meta))

    def kw_protection(self, meta, what):
        color = what[1] if isinstance(what, tuple) else what
        return A.Keyword("protection from " + color, span=_span(meta))

    def chosen_color(self, meta):
        return "the chosen color"

    def cost_keyword(self, meta, tok):
        return str(tok).lower()

    def ability_word(self, meta, tok):
        return str(tok)

    def kw_landwalk(self, meta, tok):
        return A.Keyword(str(tok).lower(), span=_span(meta))

    def kw_enchant(self, meta, f):
        return A.Keyword("enchant " + f.nouns[0], span=_span(meta))

    def keyword_name_list(self, meta, *kws):
        return tuple(k.name for k in kws)

    # ------------------------------------------------------------ abilities --

    def trigger_word(self, meta, tok):
        return str(tok)

    def triggered_ability(self, meta, ability_word, word, trigger, effect):
        subject = getattr(trigger, "object", None)
        if word == "When" and isinstance(subject, A.Each) and subject.quantifier == "bare":
            # "When Grizzly Bear enters": not the card's name, and "When" names one object.
            raise TextError(
                "this is not the card's name (check its spelling), and 'When' needs one object",
                span=subject.span,
            )
        condition = None
        first = effect.sentences[0]
        if isinstance(first, A.IfSentence) and not (first.instead or first.trailing or first.then):
            # 603.4: "When X, if C, Y." — an intervening "if".
            condition = first.condition
            effect = A.Effect((first.body, *effect.sentences[1:]), span=effect.span)
        return A.TriggeredAbility(
            word, trigger, effect, condition, ability_word or "", span=_span(meta)
        )

    def activated_ability(self, meta, cost, effect):
        return A.ActivatedAbility(cost, effect, span=_span(meta))

    def spell_ability(self, meta, effect):
        return A.SpellAbility(effect, span=_span(meta))

    def enters_with_counters(self, meta, obj, counters):
        amount, kind = counters
        return A.EntersWithCounters(obj, amount, kind, span=_span(meta))

    def if_enters_with_counters(self, meta, condition, obj, counters, also=None):
        amount, kind = counters
        return A.EntersWithCounters(obj, amount, kind, condition, also or (), span=_span(meta))

    def if_enters_with_keywords_counters(self, meta, condition, obj, kw, counters, where=None):
        amount, kind = counters
        return A.EntersWithCounters(obj, amount, kind, condition, (kw.name,), keywords_first=True, where_x=where,
                                    span=_span(meta))  # fmt: skip

    def counters_on_it(self, meta, amount, kind, per=None):
        if per is not None:
            amount = A.ForEach(amount, per, span=_span(meta))
        return (amount, kind)

    def enters_also(self, meta, kws):
        return kws

    def if_enters_with_quoted(self, meta, condition, obj, counters, ability):
        """The quoted ability ends the sentence: its period is inside the quotes."""
        amount, kind = counters
        return A.EntersWithCounters(
            obj, amount, kind, condition, abilities=(ability,), span=_span(meta)
        )

    def if_static_effect(self, meta, condition, action):
        return _static(action, condition, meta)

    def as_enters(self, meta, obj, action):
        return A.AsEnters(obj, action, span=_span(meta))

    def as_enters_if(self, meta, obj, condition, action):
        return A.AsEnters(obj, action, condition, span=_span(meta))

    def choose_creature_type(self, meta):
        return A.ChooseValue("creature type", span=_span(meta))

    def choose_color(self, meta):
        return A.ChooseValue("color", span=_span(meta))

    def name_a_card(self, meta):
        return A.ChooseValue("card name", span=_span(meta))

    def pay_any_life(self, meta):
        return A.PayAnyLife(span=_span(meta))

    def additional_cost(self, meta, obj, cost):
        return A.AdditionalCost(obj, cost, span=_span(meta))

    def optional_additional_cost(self, meta, obj, cost):
        return A.AdditionalCost(obj, cost, optional=True, span=_span(meta))

    def enters_as_copy(self, meta, obj, of):
        return A.EntersAsCopy(obj, of, span=_span(meta))

    def cost_modifier(self, meta, what, amount, which):
        return A.CostModifier(what, amount, which, span=_span(meta))

    def more_or_less(self, meta, tok):
        return str(tok).lower()

    def static_pump_both(self, meta, first, second, mod):
        return self.static_pump(meta, A.BothRef(first, second, span=_span(meta)), mod)

    def static_set_pt(self, meta, what, pt):
        power, toughness = str(pt).split("/")
        return A.SetPT(what, power, toughness, span=_span(meta))

    def static_set_pt_keywords(self, meta, what, pt, kws):
        power, toughness = str(pt).split("/")
        have = A.Pump(what, None, None, kws, until_eot=False, verb="have", span=_span(meta))
        return (A.SetPT(what, power, toughness, span=_span(meta)), have)

    def spend_only(self, meta, kicked, f):
        return A.SpendOnly(f, bool(kicked), span=_span(meta))

    def kicked_word(self, meta, tok):
        return True

    def named_self(self, meta, tok):
        return A.NamedSelf(span=_span(meta))

    def pt_equal(self, meta, obj, amount):
        return A.PTEqual(obj, amount, span=_span(meta))

    def enters_tapped(self, meta, obj):
        return A.EntersTapped(obj, span=_span(meta))

    def cant_be_countered(self, meta, obj):
        return A.CantBeCountered(obj, span=_span(meta))

    def static_effect_ability(self, meta, action):
        return _static(action, None, meta)

    def as_long_as_equipped(self, meta, obj, action):
        return _static(action, A.IsEquipped(obj), meta)

    def static_pump_cant_be_blocked(self, meta, what, mod):
        return (self.static_pump(meta, what, mod), A.CantBlock(what, blocked=True, span=_span(meta)))

    def static_pump(self, meta, what, mod, per=None):
        p, t = _pt_mod(mod)
        return A.Pump(what, p, t, (), per, until_eot=False, span=_span(meta))

    def static_pump_keywords(self, meta, what, mod, kws):
        p, t = _pt_mod(mod)
        return A.Pump(what, p, t, kws, until_eot=False, verb="have", span=_span(meta))

    def static_keywords(self, meta, what, kws):
        return A.Pump(what, None, None, kws, until_eot=False, verb="have", span=_span(meta))

    def static_cant_block(self, meta, what):
        return A.CantBlock(what, span=_span(meta))

    def static_cant_be_blocked(self, meta, what):
        return A.CantBlock(what, blocked=True, span=_span(meta))

    # ------------------------------------------------------------- triggers --

    def enters_trigger(self, meta, obj):
        return A.EntersTrigger(obj, span=_span(meta))

    def leaves_trigger(self, meta, obj):
        return A.LeavesTrigger(obj, span=_span(meta))

    def dies_trigger(self, meta, obj):
        return A.DiesTrigger(obj, span=_span(meta))

    def attacks_trigger(self, meta, obj):
        return A.AttacksTrigger(obj, span=_span(meta))

    def deals_damage_trigger(self, meta, obj):
        return A.DealsDamageTrigger(obj, span=_span(meta))

    def combat_damage_trigger(self, meta, obj):
        return A.DealsCombatDamageTrigger(obj, span=_span(meta))

    def phase_trigger(self, meta, phase):
        step, yours = phase
        return A.PhaseTrigger(step, yours, span=_span(meta))

    def your_end_step(self, meta):
        return ("end", True)

    def each_end_step(self, meta):
        return ("end", False)

    def your_upkeep(self, meta):
        return ("upkeep", True)

    def your_combat(self, meta):
        return ("combat", True)

    def your_second_main(self, meta):
        return ("second_main", True)

    def kicks_trigger(self, meta, who):
        return A.KicksTrigger(_player_form(who), span=_span(meta))

    def cast_kicked_trigger(self, meta, who):
        return A.CastTrigger(_player_form(who), kicked=True, span=_span(meta))

    def cast_this_trigger(self, meta, who):
        return A.CastTrigger(_player_form(who), this_spell=True, span=_span(meta))

    def cast_spell_trigger(self, meta, who, f):
        return A.CastTrigger(_player_form(who), filter=f, span=_span(meta))

    def turned_face_up_trigger(self, meta, obj):
        if isinstance(obj, A.SelfRef):
            return A.TurnedFaceUpTrigger(None, self_ref=obj, span=_span(meta))
        return A.TurnedFaceUpTrigger(_filter_of(obj), span=_span(meta))

    def you_turn_face_up_trigger(self, meta, obj):
        return A.TurnedFaceUpTrigger(_filter_of(obj), you_turn=True, span=_span(meta))

    # ----------------------------------------------------------- conditions --

    def kicked_condition(self, meta, subject, detail=None):
        cost = times = None
        span = _span(meta)
        if isinstance(detail, A.Cost):
            cost = detail
        elif isinstance(detail, tuple):
            times, end = detail
            if span is not None and end is not None:
                span = A.Span(span.line, span.column, end.end_line, end.end_column)
        return A.KickedCondition(subject, cost, times, span=span)

    def not_kicked_condition(self, meta, subject):
        return A.KickedCondition(subject, negated=True, span=_span(meta))

    def kicked_with(self, meta, cost):
        return A.Cost((cost,), span=_span(meta))  # the span covers "with its {1}{U} kicker"

    def kicked_twice(self, meta):
        return (2, _span(meta))

    def you_do(self, meta):
        return A.YouDo(span=_span(meta))

    def is_creature(self, meta):
        return A.IsCreature(A.ItRef(), span=_span(meta))

    def is_tapped(self, meta, obj):
        return A.IsTapped(obj, span=_span(meta))

    def control_none(self, meta, f):
        return A.ControlNone(f, span=_span(meta))

    # -------------------------------------------------------------- effects --

    def effect(self, meta, *sentences):
        out: list[Any] = []
        for s in sentences:
            if s == "new_targets":
                # "You may choose new targets for the copy." belongs to the copy before it.
                if not out or not _mark_new_targets(out):
                    raise TextError(
                        "'choose new targets for the copy' follows an instruction that copies a spell",
                        span=_span(meta),
                    )
                continue
            out.append(s)
        return A.Effect(tuple(out), span=_span(meta))

    def plain_sentence(self, meta, instructions, where=None):
        actions, joiner = instructions
        return A.Sentence(actions, joiner, where, span=_span(meta))

    def if_sentence(self, meta, condition, before, instructions, after, where=None):
        if before and after:
            raise TextError(
                "'instead' is written once, before or after the instruction", span=_span(meta)
            )
        actions, joiner = instructions
        body = A.Sentence(actions, joiner, where)
        instead: Literal["", "before", "after"] = "before" if before else "after" if after else ""
        return A.IfSentence(condition, body, instead, span=_span(meta))

    def then_if_sentence(self, meta, condition, instructions):
        actions, joiner = instructions
        return A.IfSentence(condition, A.Sentence(actions, joiner), then=True, span=_span(meta))

    def trailing_if_sentence(self, meta, instructions, condition):
        actions, joiner = instructions
        return A.IfSentence(condition, A.Sentence(actions, joiner), trailing="if", span=_span(meta))

    def trailing_unless_sentence(self, meta, instructions, condition):
        actions, joiner = instructions
        return A.IfSentence(
            condition, A.Sentence(actions, joiner), trailing="unless", span=_span(meta)
        )

    def new_targets_sentence(self, meta):
        return "new_targets"

    def modal(self, meta, count, *modes):
        return A.Modes(count, modes, span=_span(meta))

    def modal_if(self, meta, count, condition, count_if, *modes):
        return A.Modes(count, modes, condition, count_if, span=_span(meta))

    def mode_count(self, meta, *toks):
        return " ".join(str(t).lower() for t in toks)

    def mode(self, meta, *sentences):
        return self.effect(meta, *sentences)

    def where_x(self, meta, q):
        return q

    def one_instruction(self, meta, a):
        return ((a,), "")

    def then_instructions(self, meta, a, b):
        return ((a, b), "then")

    def and_instructions(self, meta, a, b):
        return ((a, b), "and")

    def may_action(self, meta, action):
        return A.MayDo(action, span=_span(meta))

    def may_have_action(self, meta, obj, action):
        if isinstance(action, A.Fight):
            action = A.Fight(obj, action.second, span=action.span)
        elif isinstance(action, A.DealDamage):
            action = dataclasses.replace(action, source=obj)
        return A.MayDo(action, have=True, span=_span(meta))

    def have_deal_damage(self, meta, to, amount):
        return A.DealDamage(
            A.ItRef(), amount, _player_form(to), amount_after=True, span=_span(meta)
        )

    def exile_top(self, meta, count, whose, face_down):
        amount = count if count is not None else A.Number(1, "article")
        return A.ExileTop(amount, whose, bool(face_down), span=_span(meta))

    def face_down_word(self, meta, *toks):
        return True

    def put_into_owners_hands(self, meta, what):
        return A.ReturnTo(what, "hand", verb="put", span=_span(meta))

    def search_exile(self, meta, whose, what, put, shuffler, *rest):
        if not isinstance(shuffler, A.ThatPlayer):
            raise TextError("the library searched is shuffled by 'that player'", span=_span(meta))
        return A.SearchLibrary(what, put, "exile", whose=whose, span=_span(meta))

    def search_library(self, meta, what, put, dest):
        zone, tapped = dest
        return A.SearchLibrary(what, put, zone, tapped, span=_span(meta))

    def onto_battlefield(self, meta, tapped):
        return ("battlefield", bool(tapped))

    def into_hand(self, meta):
        return ("hand", False)

    def have_fight(self, meta, other):
        return A.Fight(A.ItRef(), other, span=_span(meta))

    def instead(self, meta, tok):
        return True

    def tapped(self, meta, tok):
        return True

    def deal_damage(self, meta, source, amount, to):
        return A.DealDamage(source, amount, _player_form(to), span=_span(meta))

    def also_deal_damage(self, meta, source, amount, to):
        return A.DealDamage(source, amount, _player_form(to), also=True, span=_span(meta))

    def also_gain_keywords(self, meta, what, kws):
        return A.Pump(what, None, None, kws, verb="gain", also=True, span=_span(meta))

    def deal_damage_instead(self, meta, source, amount):
        return A.DealDamage(source, amount, None, span=_span(meta))

    def deal_damage_equal(self, meta, source, amount, to):
        return A.DealDamage(source, amount, _player_form(to), span=_span(meta))

    def deal_damage_to_equal(self, meta, source, to, amount):
        return A.DealDamage(source, amount, _player_form(to), amount_after=True, span=_span(meta))

    def destroy(self, meta, what):
        return A.Destroy(what, span=_span(meta))

    def exile(self, meta, what):
        return A.Exile(what, span=_span(meta))

    def exile_until(self, meta, what, until):
        return A.Exile(what, until_leaves=True, span=_span(meta))

    def return_to(self, meta, what, dest):
        zone, owners, under_owner, under_you = dest
        return A.ReturnTo(what, zone, owners, under_owner, under_you, span=_span(meta))

    def to_hand(self, meta, poss):
        return ("hand", not isinstance(poss, A.You), False, False)

    def to_owners_hands(self, meta):
        return ("hand", True, False, False)

    def to_battlefield(self, meta):
        return ("battlefield", True, False, False)

    def to_battlefield_under_owners(self, meta):
        return ("battlefield", True, True, False)

    def to_battlefield_under(self, meta, poss):
        if isinstance(poss, A.You):
            return ("battlefield", True, False, True)
        return ("battlefield", True, True, False)

    def draw(self, meta, amount, per):
        return A.Draw(_times(amount, per), span=_span(meta))

    def draw_subject(self, meta, who, amount, per):
        return A.Draw(_times(amount, per), _player_form(who), span=_span(meta))

    def discard(self, meta, what):
        return _discard(what, None, _span(meta))

    def discard_subject(self, meta, who, what):
        return _discard(what, _player_form(who), _span(meta))

    def discard_hand(self, meta):
        return A.Discard(None, span=_span(meta))

    def mill(self, meta, amount):
        return A.Mill(amount, span=_span(meta))

    def gain_life(self, meta, who, amount):
        return A.GainLife(amount, _player_form(who), span=_span(meta))

    def lose_life(self, meta, who, amount):
        return A.LoseLife(amount, _player_form(who), span=_span(meta))

    def lose_half_life(self, meta, who, poss, rounding):
        half = A.Half(A.LifeTotal(poss), rounding == "up")
        return A.LoseLife(half, _player_form(who), span=_span(meta))

    def rounding(self, meta, tok):
        return str(tok).lower()

    def sacrifice(self, meta, what):
        return A.Sacrifice(what, span=_span(meta))

    def sacrifice_subject(self, meta, who, what):
        return A.Sacrifice(what, _player_form(who), span=_span(meta))

    def put_counters(self, meta, amount, kind, on):
        return A.PutCounters(amount, kind, on, span=_span(meta))

    def remove_counters(self, meta, amount, kind, source):
        return A.RemoveCounters(amount, kind, source, span=_span(meta))

    def create_tokens(self, meta, amount, tapped, spec):
        return A.CreateTokens(amount, spec, bool(tapped), span=_span(meta))

    def create_tokens_subject(self, meta, who, amount, tapped, spec):
        return A.CreateTokens(amount, spec, bool(tapped), _player_form(who), span=_span(meta))

    def create_more_tokens(self, meta, amount):
        return A.CreateTokens(amount, None, span=_span(meta))

    def create_token_copy(self, meta, amount, tapped, of):
        return A.CreateTokenCopy(amount, of, bool(tapped), span=_span(meta))

    def put_token_copy(self, meta, amount, of):
        return A.CreateTokenCopy(amount, of, span=_span(meta))

    def token_spec(self, meta, pt, *rest):
        *words, keywords = rest
        colors = tuple(w for w in words if isinstance(w, tuple) and w[0] == "color")
        types = tuple(w[1] for w in words if isinstance(w, tuple) and w[0] == "type")
        subs = tuple(str(w) for w in words if isinstance(w, Token))
        power, toughness = str(pt).split("/")
        return A.TokenSpec(
            power,
            toughness,
            tuple(c[1] for c in colors),
            subs,
            types,
            keywords or (),
            span=_span(meta),
        )

    def token_keywords(self, meta, kws):
        return kws

    def token_type(self, meta, tok):
        return ("type", str(tok).lower())

    def color_word(self, meta, tok):
        return ("color", str(tok).lower())

    def pump(self, meta, what, mod, tail):
        p, t = _pt_mod(mod)
        return A.Pump(what, p, t, tail, span=_span(meta))

    def pump_gain_eot(self, meta, kws):
        return kws

    def pump_eot(self, meta):
        return ()

    def gain_keywords(self, meta, what, kws):
        return A.Pump(what, None, None, kws, verb="gain", span=_span(meta))

    def cant_be_regenerated(self, meta, what):
        return A.CantBeRegenerated(what, span=_span(meta))

    def tap(self, meta, what):
        return A.TapObjects(what, span=_span(meta))

    def untap(self, meta, what):
        return A.UntapObjects(what, span=_span(meta))

    def counter_spell(self, meta, what):
        return A.CounterSpell(what, span=_span(meta))

    def counter_unless(self, meta, what, cost, per=None):
        return A.CounterSpell(what, cost, per, span=_span(meta))

    def copy_spell(self, meta, what):
        return A.CopySpell(what, span=_span(meta))

    def manifest(self, meta, amount):
        return A.Manifest(amount, span=_span(meta))

    def manifest_subject(self, meta, who, amount):
        return A.Manifest(amount, _player_form(who), span=_span(meta))

    def manifest_dread(self, meta):
        return A.Manifest(None, dread=True, span=_span(meta))

    def cloak(self, meta, amount):
        return A.Manifest(amount, cloak=True, span=_span(meta))

    def cloak_from_hand(self, meta):
        return A.Manifest(A.Number(1, "article"), cloak=True, from_hand=True, span=_span(meta))

    def manifest_what(self, meta, *parts):
        amount = parts[0] if len(parts) == 2 else A.Number(1, "article")
        return amount

    def becomes(self, meta, what, *rest):
        kws = rest[-1] if rest and (rest[-1] is None or isinstance(rest[-1], tuple)) else None
        words = []
        for w in rest:
            if isinstance(w, A.SubtypeAdj):
                words.append(w.subtype)
            elif isinstance(w, str):  # a noun: card types in lower case, subtypes ("Aura") capitalised
                word = str(w).lower()
                words.append(word if word in _CARD_TYPE_WORDS else word.capitalize())
        return A.Becomes(what, tuple(words), tuple(kws or ()), span=_span(meta))

    def fight(self, meta, a, b):
        return A.Fight(a, b, span=_span(meta))

    def manifest_looked(self, meta, looked):
        return A.Manifest(None, looked=looked, span=_span(meta))

    def looked_them(self, meta, amount):
        return A.LookedCards("them", amount, span=_span(meta))

    def looked_those(self, meta, amount):
        return A.LookedCards("those cards", amount, span=_span(meta))

    def looked_to_hand(self, meta):
        return ("hand", "")

    def looked_to_top_or_bottom(self, meta):
        return ("top or bottom", "")

    def looked_to_bottom(self, meta, *order):
        chosen = [o for o in order if isinstance(o, bool)]
        if not chosen:
            return ("bottom", "")
        return ("bottom", "a random" if chosen[0] else "any")

    def put_looked(self, meta, looked, dest):
        return A.PutLooked(looked, dest[0], dest[1], span=_span(meta))

    def put_looked_other(self, meta, dest):
        return A.PutLooked(A.LookedCards("the other", span=_span(meta)), dest[0], dest[1], span=_span(meta))

    def looked_rest(self, meta, tok):
        return A.LookedCards("the rest" if str(tok).lower() == "rest" else "the other", span=_span(meta))

    def rest_looked_no_verb(self, meta, rest, dest):
        return A.PutLooked(rest, dest[0], dest[1], verb=False, span=_span(meta))

    def look_at_top(self, meta, amount):
        return A.LookAtTop(amount, span=_span(meta))

    def reveal_put_in_hand(self, meta, what):
        if not isinstance(what, A.AnObject):
            raise TextError("expected what to reveal, like 'a creature card'", span=_span(meta))
        return A.RevealPutInHand(what, span=_span(meta))

    def put_rest_on_bottom(self, meta, order):
        return A.PutRestOnBottom(order, span=_span(meta))

    def order(self, meta, *toks):
        return str(toks[0]).lower() == "a"

    def attach(self, meta, what, to):
        return A.Attach(what, to, span=_span(meta))

    def add_mana(self, meta, mana, per=None):
        return A.AddMana(mana, per, span=_span(meta))

    def add_any_color(self, meta, amount):
        return A.AddManaAnyColor(amount, span=_span(meta))

    def skip_turn(self, meta):
        return A.SkipTurn(span=_span(meta))

    # -------------------------------------------------------------- objects --

    def self_name(self, meta, tok):
        return A.SelfRef("name", span=_span(meta))

    def self_short(self, meta, tok):
        return A.SelfRef("short", span=_span(meta))

    def self_this(self, meta, noun):
        return A.SelfRef("this", str(noun), span=_span(meta))

    def it_ref(self, meta):
        return A.ItRef(span=_span(meta))

    def them_ref(self, meta):
        return A.ThemRef(span=_span(meta))

    def they_ref(self, meta):
        return A.ThemRef("they", span=_span(meta))

    def your_opponents(self, meta):
        return A.PlayerGroup("your_opponents", span=_span(meta))

    def that_creature_or_player(self, meta):
        return A.ThatRef("creature or player", span=_span(meta))

    def you_ref(self, meta):
        return A.You(span=_span(meta))

    def that_ref(self, meta, noun):
        if noun == "player":
            return A.ThatPlayer(span=_span(meta))
        return A.ThatRef(str(noun), "that", span=_span(meta))

    def the_ref(self, meta, noun):
        return A.ThatRef(str(noun), "the", span=_span(meta))

    def those_ref(self, meta, noun):
        return A.ThatRef(str(noun), "those", span=_span(meta))

    def exiled_card(self, meta):
        return A.ExiledCards(span=_span(meta))

    def all_exiled_with(self, meta, obj):
        if not isinstance(obj, A.SelfRef):
            raise TextError("'cards exiled with' names this object", span=_span(meta))
        return A.ExiledCards(plural=True, with_self=True, all=True, span=_span(meta))

    def exiled_with(self, meta, obj):
        if not isinstance(obj, A.SelfRef):
            raise TextError("'cards exiled with' names this object", span=_span(meta))
        return A.ExiledCards(plural=True, with_self=True, span=_span(meta))

    def enchanted_ref(self, meta):
        return A.AttachedRef("enchanted", span=_span(meta))

    def equipped_ref(self, meta):
        return A.AttachedRef("equipped", span=_span(meta))

    def defending_player(self, meta):
        return A.PlayerGroup("defending", span=_span(meta))

    def controller_of(self, meta, poss):
        return A.ControllerOf(poss, span=_span(meta))

    def owner_of(self, meta, poss):
        return A.OwnerOf(poss, span=_span(meta))

    def poss_it(self, meta):
        return A.ItRef(span=_span(meta))

    def poss_you(self, meta):
        return A.You(span=_span(meta))

    def poss_their(self, meta):
        return A.TheirRef(span=_span(meta))

    def poss_of(self, meta, obj):
        return obj

    def each_ref(self, meta, f):
        return _player_form(A.Each(f, "each", span=_span(meta)))

    def all_ref(self, meta, f):
        return A.Each(f, "all", span=_span(meta))

    def bare_ref(self, meta, f):
        return A.Each(f, "bare", span=_span(meta))

    def an_object(self, meta, count, f):
        return _player_form(A.AnObject(f, count, span=_span(meta)))

    def target_one(self, meta, f):
        return A.Target(_target_spec(f), span=_span(meta))

    def another_target(self, meta, f):
        f = _replace(f, another=True)
        return A.Target(_target_spec(f), span=_span(meta))

    def target_n(self, meta, another, count, f):
        if another:
            f = _replace(f, another=True)
        return A.Target(_target_spec(f), count, span=_span(meta))

    def target_up_to(self, meta, count, f):
        return A.Target(_target_spec(f), count, up_to=True, span=_span(meta))

    def any_target(self, meta):
        return A.Target(A.AnyTarget(), span=_span(meta))

    def another(self, meta, tok):
        return True

    def object_filter(self, meta, *parts):
        *adjs, nouns, (card, spell), rest = _split_filter(parts)
        another = any(a == "other" for a in adjs)
        adjectives = tuple(a for a in adjs if a != "other") + nouns[1]
        qualities = tuple(q for q in rest if not isinstance(q, (A.ControlledBy, A.InZone, _Late)))
        late = tuple(q.quality for q in rest if isinstance(q, _Late))
        if qualities and late:
            raise TextError(
                "write the 'with ...' qualities together, before or after who controls it",
                span=_span(meta),
            )
        controller = next((q for q in rest if isinstance(q, A.ControlledBy)), None)
        zone = next((q for q in rest if isinstance(q, A.InZone)), None)
        return A.ObjectFilter(
            nouns[0],
            adjectives,
            another,
            card,
            qualities or late,
            controller,
            zone,
            qualities_last=bool(late),
            spell=spell,
            span=_span(meta),
        )

    def late_quality(self, meta, q):
        return _Late(q)

    def noun_list(self, meta, *groups):
        return tuple(groups)

    def noun_group(self, meta, *words):
        return tuple(words)

    def subtype_word(self, meta, tok):
        word = str(tok)
        if not word[:1].isupper() or word.lower().startswith("non-"):
            if word.lower().startswith("non-") and word[4:5].isupper():
                return A.SubtypeAdj(word[4:], True, span=_tok_span(tok))
            raise TextError(f"unknown word '{word}'", tok)
        return A.SubtypeAdj(word, span=_tok_span(tok))

    def noun_word(self, meta, tok):
        word = str(tok).lower()
        return Token.new_borrow_pos("NOUN", _SINGULAR.get(word, word), tok)  # keeps its place

    def adjective(self, meta, tok):
        word = str(tok).lower()
        if word == "other":
            return "other"
        negated = word.startswith("non")
        base = word[3:] if negated else word
        if base in A.COLOR_NAMES or base in ("colorless", "multicolored"):
            return A.ColorAdj(base, negated, span=_span(meta))
        if base in _STATUS:
            return A.StatusAdj(base, negated, span=_span(meta))
        return A.TypeAdj(base, negated, span=_span(meta))

    def with_flying(self, meta):
        return A.WithKeyword("flying", span=_span(meta))

    def without_flying(self, meta):
        return A.WithKeyword("flying", negated=True, span=_span(meta))

    def with_mana_value(self, meta, comparison):
        return A.WithManaValue(comparison, span=_span(meta))

    def with_power(self, meta, comparison):
        return A.WithPower(comparison, span=_span(meta))

    def with_counter(self, meta, kind):
        return A.WithCounter(kind, span=_span(meta))

    def with_kicker(self, meta):
        return A.WithKicker(span=_span(meta))

    def created_with(self, meta, obj):
        return A.CreatedWith(obj, span=_span(meta))

    def put_onto_battlefield_with(self, meta, obj):
        return A.CreatedWith(obj, put=True, span=_span(meta))

    def on_battlefield(self, meta):
        return A.InZone("battlefield", None, "on", span=_span(meta))

    def in_all_graveyards(self, meta):
        return A.InZone("graveyard", None, "in", span=_span(meta))

    def up_to_objects(self, meta, count, f):
        return A.AnObject(f, count, up_to=True, span=_span(meta))

    def any_object(self, meta, f):
        return A.AnObject(f, None, any=True, span=_span(meta))

    def of_chosen_type(self, meta):
        return A.OfChosenType(span=_span(meta))

    def with_chosen_name(self, meta):
        return A.WithChosenName(span=_span(meta))

    def sacrificed_ref(self, meta, noun):
        return A.CostPaidRef("sacrificed", str(noun), span=_span(meta))

    def discarded_ref(self, meta, noun):
        return A.CostPaidRef("discarded", str(noun), span=_span(meta))

    def comparison(self, meta, value, op):
        return A.Comparison(value, op or "eq", span=_span(meta))

    def comparison_op(self, meta, _or, word):
        return "le" if str(word).lower() == "less" else "ge"

    def controlled_by(self, meta, who):
        return A.ControlledBy(_player_form(who), span=_span(meta))

    def not_controlled_by(self, meta, who):
        return A.ControlledBy(_player_form(who), negated=True, span=_span(meta))

    def from_zone(self, meta, poss, zone):
        return A.InZone(zone, poss, "from", span=_span(meta))

    def in_zone(self, meta, poss, zone):
        return A.InZone(zone, poss, "in", span=_span(meta))

    def zone_word(self, meta, tok):
        return str(tok).lower()

    def counter_kind(self, meta, tok):
        return str(tok).lower()

    # ----------------------------------------------------------- quantities --

    def digits(self, meta, tok):
        return A.Number(int(tok), "digits", span=_span(meta))

    def number_word(self, meta, tok):
        word = str(tok).lower()
        if word in ("a", "an"):
            return A.Number(1, "article", span=_span(meta))
        return A.Number(_NUMBER_WORDS[word], "word", span=_span(meta))

    def var_x(self, meta):
        return A.VarX(span=_span(meta))

    def twice(self, meta, q):
        return A.Twice(q, span=_span(meta))

    def power_of(self, meta, obj):
        return A.PowerOf(obj, "power", span=_span(meta))

    def toughness_of(self, meta, obj):
        return A.PowerOf(obj, "toughness", span=_span(meta))

    def mana_value_of(self, meta, obj):
        return A.PowerOf(obj, "mana_value", span=_span(meta))

    def mana_value_of_the(self, meta, obj):
        return A.PowerOf(obj, "mana_value", of_form=True, span=_span(meta))

    def mana_spent_amount(self, meta, obj):
        return A.ManaSpent(obj, span=_span(meta))

    def difference(self, meta, left, right):
        return A.Difference(A.Number(int(left), "digits"), right, span=_span(meta))

    def highest_life(self, meta):
        return A.HighestLife(span=_span(meta))

    def that_much(self, meta):
        return A.ThatMuch(span=_span(meta))

    def life_lost_this_way(self, meta):
        return A.LifeLostThisWay(span=_span(meta))

    def regenerate(self, meta, what):
        return A.Regenerate(what, span=_span(meta))

    def life_paid(self, meta, obj):
        return A.LifePaid(obj, span=_span(meta))

    def highest_mana_value(self, meta, f):
        return A.HighestAmong("mana_value", f, span=_span(meta))

    def greatest_power(self, meta, f):
        return A.HighestAmong("power", f, span=_span(meta))

    def times_kicked(self, meta, obj):
        return A.TimesKicked(obj, span=_span(meta))

    def counters_on(self, meta, kind, obj):
        return A.CountersOn(kind, obj, span=_span(meta))

    def count_of(self, meta, f):
        return A.CountOf(f, span=_span(meta))

    def mana_spent(self, meta, obj):
        return A.ManaSpent(obj, span=_span(meta))

    def for_each(self, meta, per):
        return per


def _mark_new_targets(out: list[Any]) -> bool:
    """Mark the last copy in the sentence before (possibly a "you may copy")."""
    last = out[-1]
    body = last.body if isinstance(last, A.IfSentence) else last
    actions = list(body.actions)
    for i in range(len(actions) - 1, -1, -1):
        action = actions[i]
        if isinstance(action, A.MayDo) and isinstance(action.action, A.CopySpell):
            copy = dataclasses.replace(action.action, new_targets=True)
            actions[i] = dataclasses.replace(action, action=copy)
        elif isinstance(action, A.CopySpell):
            actions[i] = dataclasses.replace(action, new_targets=True)
        else:
            continue
        body = dataclasses.replace(body, actions=tuple(actions))
        out[-1] = dataclasses.replace(last, body=body) if isinstance(last, A.IfSentence) else body
        return True
    return False


class _Late:
    """A quality written after "you control" ("creature you control with ...")."""

    def __init__(self, quality: Any) -> None:
        self.quality = quality


def _discard(what: Any, player: Any, span: A.Span | None) -> A.Discard:
    """"discard two cards" (any cards) or "discard a creature card" (cards that fit)."""
    if not isinstance(what, A.AnObject) or what.any:
        raise TextError("expected what to discard, like 'a card' or 'two cards'", span=span)
    f = what.filter
    count = what.count if what.count is not None else A.Number(1, "article")
    if f.card and not f.nouns and not f.adjectives and not f.qualities and f.zone is None:
        return A.Discard(count, player, span=span)
    return A.Discard(count, player, f, span=span)


def _times(amount: Any, per: Any) -> Any:
    return amount if per is None else A.ForEach(amount, per)


def _pt_mod(tok: Token) -> tuple[int | A.SignedX, int | A.SignedX]:
    """"+2/-1" → (2, -1); "+X/+X" → (SignedX(1), SignedX(1))."""

    def part(text: str) -> int | A.SignedX:
        if text[1:] == "X":
            return A.SignedX(-1 if text[0] == "-" else 1, span=_tok_span(tok))
        return int(text)

    p, t = str(tok).split("/")
    return part(p), part(t)


def _replace(f: A.ObjectFilter, **changes: Any) -> A.ObjectFilter:
    import dataclasses

    return dataclasses.replace(f, **changes)


def _filter_of(obj: Any) -> A.ObjectFilter:
    if isinstance(obj, (A.Each, A.AnObject)):
        return obj.filter
    raise TextError(
        "expected a description of permanents, like 'a permanent you control'",
        span=getattr(obj, "span", None),
    )


def _target_spec(f: A.ObjectFilter) -> A.TargetSpec:
    nouns = set(f.nouns)
    if nouns & _PLAYER_NOUNS:
        if nouns == {"player"} or nouns == {"opponent"}:
            return A.PlayerFilter(opponent=nouns == {"opponent"}, span=f.span)
        if nouns == {"creature", "player"}:
            return A.CreatureOrPlayer(span=f.span)
        if nouns == {"player", "planeswalker"}:
            return A.PlayerOrPlaneswalker(span=f.span)
        raise TextError("a target is either players or objects of one description", span=f.span)
    return f


def _split_filter(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """Split object_filter's children into adjectives, (nouns, noun adjectives),
    card flag and the trailing qualities/controller/zone."""
    adjs: list[Any] = []
    i = 0
    while i < len(parts) and not isinstance(parts[i], tuple):
        adjs.append(parts[i])
        i += 1
    groups = parts[i]
    card = spell = False
    last = groups[-1]
    if last[-1] == "card":
        card = True
        groups = (*groups[:-1], last[:-1]) if len(last) > 1 else groups[:-1]
    elif last[-1] == "spell" and len(last) == 2 and len(groups) > 1:
        spell = True  # "instant or sorcery spell"
        groups = (*groups[:-1], last[:-1])
    rest = [p for p in parts[i + 1 :] if p is not None]
    nouns, noun_adjs = _nouns(groups) if groups else ((), ())
    return (*adjs, (nouns, noun_adjs), (card, spell), rest)


def _nouns(groups: tuple[tuple[Any, ...], ...]) -> tuple[tuple[str, ...], tuple[A.Adjective, ...]]:
    """ "artifact creature" → noun creature + adjective artifact; "artifact or
    enchantment" → two nouns; a subtype is a noun ("a Goblin") or an
    adjective ("Goblin creature")."""

    def name(w: Any) -> str:
        return w.subtype if isinstance(w, A.SubtypeAdj) else str(w)

    if len(groups) == 1:
        *adj_words, noun = groups[0]
        adjs: list[A.Adjective] = []
        for w in adj_words:
            adjs.append(w if isinstance(w, A.SubtypeAdj) else A.TypeAdj(str(w)))
        if isinstance(noun, A.SubtypeAdj) and noun.negated:
            raise TextError(
                "a negated subtype needs a noun after it ('non-Human creature')", span=noun.span
            )
        return (name(noun),), tuple(adjs)
    nouns = []
    for g in groups:
        if len(g) != 1:
            raise TextError("write one word on each side of 'or'", span=getattr(g[0], "span", None))
        nouns.append(name(g[0]))
    return tuple(nouns), ()
