"""AST → canonical card text (current Oracle wording, standard reminder text).

One render function per node class, found by name (``_r_<ClassName>``); a
node with no function is a hard error, never silent text.  Some nodes read
differently by context (a filter is singular after "each", plural after
"all"; a verb takes "-s" after a third-person subject), so functions take the
context they need as arguments.

``parse(render(card)) == card`` for every card the grammar accepts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from . import ast as A
from .errors import CardTextError

KICKER_REMINDER = "(You may pay an additional {cost} as you cast this spell.)"
MULTIKICKER_REMINDER = (
    "(You may pay an additional {cost} any number of times as you cast this spell.)"
)
COST_KICKER_REMINDER = "(You may {cost} in addition to any other costs as you cast this spell.)"
COPY_REMINDER = "(A copy of a permanent spell becomes a token.)"
MANIFEST_REMINDER = (
    "(To manifest a card, put it onto the battlefield face down as a 2/2 creature. "
    "Turn it face up any time for its mana cost if it's a creature card.)"
)
MANIFEST_DREAD_REMINDER = (
    "(Look at the top two cards of your library. Put one onto the battlefield face down as a "
    "2/2 creature and the other into your graveyard. Turn it face up any time for its mana "
    "cost if it's a creature card.)"
)
CLOAK_REMINDER = (
    "(To cloak a card, put it onto the battlefield face down as a 2/2 creature with ward {2}. "
    "Turn it face up any time for its mana cost if it's a creature card.)"
)

_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen",
    15: "fifteen", 20: "twenty",
}  # fmt: skip
_PLURAL_NOUNS = {"sorcery": "sorceries", "equipment": "Equipment"}


class RenderError(CardTextError):
    """An AST node the renderer has no wording for (a bug, not a user error)."""


def render_card(card: A.Card) -> str:
    """The card as card-file text, without a trailing newline."""
    return Renderer(card).card()


def render_cards(cards: list[A.Card]) -> str:
    return "\n\n".join(render_card(c) for c in cards) + "\n"


def capitalize(text: str) -> str:
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if ch in "{+-":
            return text
    return text


def _article(rest: str) -> str:
    """ "a" or "an" by the sound of the next word ("an X/X", "an 8/8", "an Elf")."""
    return "an" if re.match(r"[aeiouAEIOU]|X\b|X/|8|11\b|11/|18\b|18/", rest) else "a"


def _plural_noun(noun: str) -> str:
    if noun in _PLURAL_NOUNS:
        return _PLURAL_NOUNS[noun]
    if noun[:1].isupper():
        return noun  # a subtype is kept as written
    return noun + "s"


def mana_text(cost: A.ManaCost) -> str:
    return "".join(symbol_text(s) for s in cost.symbols)


def symbol_text(s: A.ManaSymbol) -> str:
    if isinstance(s, A.GenericMana):
        return "{%d}" % s.amount
    if isinstance(s, A.ColoredMana):
        return "{%s}" % s.color
    if isinstance(s, A.ColorlessMana):
        return "{C}"
    if isinstance(s, A.SnowMana):
        return "{S}"
    if isinstance(s, A.VariableMana):
        return "{%s}" % s.letter
    if isinstance(s, A.HybridMana):
        return "{%s/%s}" % (s.first, s.second)
    if isinstance(s, A.GenericHybridMana):
        return "{2/%s}" % s.color
    if isinstance(s, A.PhyrexianMana):
        return "{%s/%s/P}" % (s.color, s.hybrid) if s.hybrid else "{%s/P}" % s.color
    raise RenderError(f"no wording for mana symbol {type(s).__name__}")


class Renderer:
    """Renders the nodes of one card (self-references need its name)."""

    def __init__(self, card: A.Card | None = None, name: str = "") -> None:
        self.name = card.name if card is not None else name
        self.card_node = card

    # ------------------------------------------------------------ dispatch --

    def r(self, node: A.Node, **ctx: Any) -> str:
        fn: Callable[..., str] | None = getattr(self, "_r_" + type(node).__name__, None)
        if fn is None:
            raise RenderError(f"no wording for AST node {type(node).__name__}")
        return fn(node, **ctx)

    # ---------------------------------------------------------------- card --

    def card(self) -> str:
        card = self.card_node
        assert card is not None
        head = card.name + (" " + mana_text(card.mana_cost) if card.mana_cost else "")
        lines = [head, self.r(card.type_line)]
        basic_mana = [BASIC_LAND_MANA[s] for s in card.type_line.subtypes if s in BASIC_LAND_MANA]
        if "Land" in card.type_line.types and basic_mana:
            # CR 305.6: a basic land type grants "{T}: Add [mana]"; Oracle prints it as reminder text.
            lines.append(f"({{T}}: Add {_or_list(basic_mana)}.)")
        lines.extend(self.ability(a) for a in card.abilities)
        if card.pt is not None:
            lines.append(self.r(card.pt))
        if card.loyalty is not None:
            lines.append(self.r(card.loyalty))
        return "\n".join(lines)

    def ability(self, ability: A.Node) -> str:
        text = capitalize(self.r(ability))
        reminder = self._reminder(ability)
        return f"{text} {reminder}" if reminder else text

    def _reminder(self, ability: A.Node) -> str:
        if isinstance(ability, A.Kicker):
            return ""  # written by _r_Kicker itself
        nodes = list(ability.walk())
        if any(isinstance(n, A.Modes) for n in nodes):
            return ""  # each mode carries its own reminder text (see ``modes``)
        manifests = [n for n in nodes if isinstance(n, A.Manifest)]
        if not manifests:
            if any(isinstance(n, A.CopySpell) and _may_be_permanent_spell(n.what) for n in nodes):
                return COPY_REMINDER
            return ""
        m = manifests[0]
        if m.dread:
            return MANIFEST_DREAD_REMINDER
        if m.cloak:
            return CLOAK_REMINDER
        return MANIFEST_REMINDER

    def _r_TypeLine(self, n: A.TypeLine) -> str:
        left = " ".join((*n.supertypes, *n.types))
        return f"{left} — {' '.join(n.subtypes)}" if n.subtypes else left

    def _r_PowerToughness(self, n: A.PowerToughness) -> str:
        return f"{n.power}/{n.toughness}"

    def _r_Loyalty(self, n: A.Loyalty) -> str:
        return f"Loyalty: {n.value}"

    def _r_ManaCost(self, n: A.ManaCost) -> str:
        return mana_text(n)

    # --------------------------------------------------------------- costs --

    def _r_Cost(self, n: A.Cost) -> str:
        return ", ".join(capitalize(self.r(p)) for p in n.parts)

    def _r_TapCost(self, n: A.TapCost) -> str:
        return "{T}"

    def _r_UntapCost(self, n: A.UntapCost) -> str:
        return "{Q}"

    def _r_SacrificeCost(self, n: A.SacrificeCost) -> str:
        return "sacrifice " + self.obj(n.what)

    def _r_DiscardCost(self, n: A.DiscardCost) -> str:
        return "discard " + (self.obj(n.what) if n.what is not None else "your hand")

    def _r_PayLifeCost(self, n: A.PayLifeCost) -> str:
        return f"pay {self.q(n.amount)} life"

    def _r_TapObjectCost(self, n: A.TapObjectCost) -> str:
        return "tap " + self.obj(n.what)

    def _r_RemoveCountersCost(self, n: A.RemoveCountersCost) -> str:
        return f"remove {self.counters(n.amount, n.kind)} from {self.obj(n.source)}"

    # ------------------------------------------------------------ keywords --

    def _r_Kicker(self, n: A.Kicker) -> str:
        word = "Multikicker" if n.multi else "Kicker"
        if all(len(c.parts) == 1 and isinstance(c.parts[0], A.ManaCost) for c in n.costs):
            costs = " and/or ".join(self.r(c) for c in n.costs)
            reminder = (MULTIKICKER_REMINDER if n.multi else KICKER_REMINDER).format(cost=costs)
            return f"{word} {costs} {reminder}"
        (cost,) = n.costs
        parts = []
        for p in cost.parts:
            parts.append("pay " + mana_text(p) if isinstance(p, A.ManaCost) else self.r(p))
        how = " and ".join(parts)
        if n.multi:
            how += " any number of times"
        return f"{word}—{self.r(cost)}. " + COST_KICKER_REMINDER.format(cost=how)

    def _r_KeywordLine(self, n: A.KeywordLine) -> str:
        return ", ".join(self.r(k) for k in n.keywords)

    def _r_Keyword(self, n: A.Keyword) -> str:
        return n.name

    def _r_Champion(self, n: A.Champion) -> str:
        what = self.obj(n.what)
        other = self.filter(n.what.filter)
        return (
            f"Champion {what} (When this enters, sacrifice it unless you exile another {other} "
            "you control. When this leaves the battlefield, that card returns to the battlefield "
            "under its owner's control.)"
        )

    def _r_KeywordWithCost(self, n: A.KeywordWithCost) -> str:
        return f"{n.name} {self.r(n.cost)}"  # capitalised at the start of the line

    def keywords(self, names: tuple[str, ...]) -> str:
        if len(names) <= 2:
            return " and ".join(names)
        return ", ".join(names[:-1]) + ", and " + names[-1]

    # ----------------------------------------------------------- abilities --

    def _r_SpellAbility(self, n: A.SpellAbility) -> str:
        return self.r(n.effect)

    def _r_TriggeredAbility(self, n: A.TriggeredAbility) -> str:
        head = f"{n.word} {self.r(n.trigger)}, "
        if n.ability_word:
            head = f"{n.ability_word} — {head}"
        if n.condition is not None:
            head += f"if {self.cond(n.condition)}, "
        return head + self.effect(n.effect, first_capital=False)

    def _r_ActivatedAbility(self, n: A.ActivatedAbility) -> str:
        return f"{self.r(n.cost)}: {self.r(n.effect)}"

    def _r_EntersWithCounters(self, n: A.EntersWithCounters) -> str:
        amount, per = (
            (n.amount.base, n.amount.per) if isinstance(n.amount, A.ForEach) else (n.amount, None)
        )
        counters = f"{self.counters(amount, n.kind)} on it"
        if n.keywords_first:
            text = f"{self.obj(n.object)} enters with {self.keywords(n.keywords)} and with {counters}"
        else:
            text = f"{self.obj(n.object)} enters with {counters}"
        if per is not None:
            text += " for each " + self.per(per)
        if n.keywords and not n.keywords_first:
            text += " and with " + self.keywords(n.keywords)
        if n.abilities:
            (ability,) = n.abilities
            text += f' and with "{self.ability(ability)}"'
            return f"If {self.cond(n.condition)}, {text}" if n.condition is not None else text
        if n.where_x is not None:
            text += f", where X is {self.q(n.where_x)}"
        if n.condition is not None:
            text = f"If {self.cond(n.condition)}, {text}"
        return text + "."

    def _r_AsEnters(self, n: A.AsEnters) -> str:
        head = f"As {self.obj(n.object)} enters, "
        if n.condition is not None:
            head += f"if {self.cond(n.condition)}, "
        return head + self.r(n.action) + "."

    def _r_ChooseValue(self, n: A.ChooseValue) -> str:
        return "name a card" if n.kind == "card name" else f"choose a {n.kind}"

    def _r_PayAnyLife(self, n: A.PayAnyLife) -> str:
        return "pay any amount of life"

    def _r_AdditionalCost(self, n: A.AdditionalCost) -> str:
        may = "you may " if n.optional else ""
        cost = ", ".join(
            ("pay " + mana_text(p)) if isinstance(p, A.ManaCost) else self.r(p)
            for p in n.cost.parts
        )
        return f"As an additional cost to cast {self.obj(n.object)}, {may}{cost}."

    def _r_CostModifier(self, n: A.CostModifier) -> str:
        verb = self.verb("cost", n.what)
        return f"{self.obj(n.what)} {verb} {mana_text(n.amount)} {n.change} to cast."

    def _r_SetPT(self, n: A.SetPT) -> str:
        return f"{self.obj(n.what)} is {n.power}/{n.toughness}"

    def _r_SpendOnly(self, n: A.SpendOnly) -> str:
        kicked = "kicked " if n.kicked else ""
        return f"spend this mana only to cast {kicked}{self.filter(n.filter, plural=True)}"

    def _r_NamedSelf(self, n: A.NamedSelf) -> str:
        return f"named {self.name}"

    def _r_PTEqual(self, n: A.PTEqual) -> str:
        return f"{self.poss(n.object)} power and toughness are each equal to {self.q(n.amount)}."

    def _r_EntersTapped(self, n: A.EntersTapped) -> str:
        return f"{self.obj(n.object)} enters tapped."

    def _r_CantBeCountered(self, n: A.CantBeCountered) -> str:
        return f"{self.obj(n.object)} can't be countered."

    def _r_StaticEffect(self, n: A.StaticEffect) -> str:
        text = self.action(n.action)
        for more in n.more:
            subject = self.obj(more.what) + " "
            part = self.action(more)
            if not part.startswith(subject):
                raise RenderError("the effects of one static ability share their subject")
            text += " and " + part[len(subject):]
        if isinstance(n.condition, A.IsEquipped):
            return f"As long as {self.obj(n.condition.object)} is equipped, {text}."
        if n.condition is not None:
            return f"If {self.cond(n.condition)}, {text}."
        return text + "."

    # ------------------------------------------------------------ triggers --

    def _r_EntersTrigger(self, n: A.EntersTrigger) -> str:
        return f"{self.obj(n.object)} enters"

    def _r_LeavesTrigger(self, n: A.LeavesTrigger) -> str:
        return f"{self.obj(n.object)} leaves the battlefield"

    def _r_DiesTrigger(self, n: A.DiesTrigger) -> str:
        return f"{self.obj(n.object)} dies"

    def _r_AttacksTrigger(self, n: A.AttacksTrigger) -> str:
        return f"{self.obj(n.object)} attacks"

    def _r_DealsCombatDamageTrigger(self, n: A.DealsCombatDamageTrigger) -> str:
        return f"{self.obj(n.object)} deals combat damage to a player"

    def _r_PhaseTrigger(self, n: A.PhaseTrigger) -> str:
        if n.step == "end":
            return "the beginning of your end step" if n.yours else "the beginning of the end step"
        if n.step == "upkeep":
            return "the beginning of your upkeep"
        if n.step == "combat":
            return "the beginning of combat on your turn"
        return "the beginning of your second main phase"

    def _r_KicksTrigger(self, n: A.KicksTrigger) -> str:
        return f"{self.player(n.player)} {self.verb('kick', n.player)} a spell"

    def _r_CastTrigger(self, n: A.CastTrigger) -> str:
        what = "this spell" if n.this_spell else "a kicked spell" if n.kicked else "a spell"
        if n.filter is not None:
            desc = self.filter(n.filter)
            what = f"{_article(desc)} {desc}"
        return f"{self.player(n.player)} {self.verb('cast', n.player)} {what}"

    def _r_TurnedFaceUpTrigger(self, n: A.TurnedFaceUpTrigger) -> str:
        if n.self_ref is not None:
            return f"{self.obj(n.self_ref)} is turned face up"
        assert n.filter is not None
        what = self.filter(n.filter)
        if n.you_turn:
            return f"you turn {_article(what)} {what} face up"
        return f"{_article(what)} {what} is turned face up"

    # ---------------------------------------------------------- conditions --

    def cond(self, c: A.Node) -> str:
        if isinstance(c, A.KickedCondition):
            subject = self.obj(c.subject)
            if c.negated:
                return f"{subject} wasn't kicked"
            text = f"{subject} was kicked"
            if c.cost is not None:
                text += f" with its {self.r(c.cost)} kicker"
            if c.times == 2:
                text += " twice"
            return text
        if isinstance(c, A.YouDo):
            return "you do"
        if isinstance(c, A.IsCreature):
            return "it's a creature"
        if isinstance(c, A.IsTapped):
            return f"{self.obj(c.object)} is tapped"
        if isinstance(c, A.ControlNone):
            return f"you control no {self.filter(c.filter, plural=True)}"
        raise RenderError(f"no wording for condition {type(c).__name__}")

    # ------------------------------------------------------------- effects --

    def _r_Effect(self, n: A.Effect) -> str:
        return self.effect(n)

    def effect(self, n: A.Effect, first_capital: bool = True) -> str:
        if len(n.sentences) == 1 and isinstance(n.sentences[0], A.Modes):
            text = self.modes(n.sentences[0])
            return capitalize(text) if first_capital else text
        out = []
        for i, s in enumerate(n.sentences):
            text = self.sentence(s)
            out.append(capitalize(text) if (i or first_capital) else text)
            body = s.body if isinstance(s, A.IfSentence) else s
            if not isinstance(body, A.Sentence):
                raise RenderError("modes are the whole effect, not one sentence of it")
            copies = [a.action if isinstance(a, A.MayDo) else a for a in body.actions]
            if any(isinstance(a, A.CopySpell) and a.new_targets for a in copies):
                out.append("You may choose new targets for the copy.")
        return " ".join(out)

    def modes(self, m: A.Modes) -> str:
        """"Choose one —" and a line for each mode, each starting with a bullet."""
        if m.condition is not None and m.count_if is not None:
            head = f"choose {m.count}. If {self.cond(m.condition)}, choose {m.count_if} instead."
        else:
            head = f"choose {m.count} —"
        lines = []
        for mode in m.modes:
            reminder = self._reminder(mode)
            lines.append("\n• " + self.effect(mode) + (f" {reminder}" if reminder else ""))
        return head + "".join(lines)

    def sentence(self, s: A.Node) -> str:
        if isinstance(s, A.IfSentence) and s.trailing:
            return f"{self.instructions(s.body)} {s.trailing} {self.cond(s.condition)}."
        if isinstance(s, A.IfSentence):
            body = self.instructions(s.body)
            if s.instead == "before":
                body = "instead " + body
            elif s.instead == "after":
                body += " instead"
            head = "Then if" if s.then else "If"
            return f"{head} {self.cond(s.condition)}, {body}{self.where(s.body)}."
        if isinstance(s, A.Sentence):
            return self.instructions(s) + self.where(s) + "."
        raise RenderError(f"no wording for sentence {type(s).__name__}")

    def where(self, s: A.Sentence) -> str:
        return f", where X is {self.q(s.where_x)}" if s.where_x is not None else ""

    def instructions(self, s: A.Sentence) -> str:
        parts = [self.action(a) for a in s.actions]
        if s.joiner == "then":
            return ", then ".join(parts)
        if s.joiner == "and":
            return " and ".join(parts)
        return parts[0]

    def action(self, a: A.Node) -> str:
        return self.r(a)

    def _r_MayDo(self, n: A.MayDo) -> str:
        if n.have and isinstance(n.action, A.Fight):
            return f"you may have {self.obj(n.action.first)} fight {self.obj(n.action.second)}"
        if n.have and isinstance(n.action, A.DealDamage):
            a = n.action
            assert a.to is not None
            return f"you may have {self.obj(a.source)} deal damage to {self.obj(a.to)} equal to {self.q(a.amount)}"
        return "you may " + self.r(n.action)

    def subject(self, player: A.Node | None, verb: str) -> str:
        """ "draw" (imperative), "you draw", "target player draws"."""
        if player is None:
            return verb
        return f"{self.player(player)} {self.verb(verb, player)}"

    def verb(self, verb: str, subject: A.Node) -> str:
        if isinstance(subject, A.You) or self.plural(subject):
            return verb
        if verb.endswith(("s", "sh", "ch", "x")):
            return verb + "es"
        if verb == "have":
            return "has"
        return verb + "s"

    def plural(self, ref: A.Node) -> bool:
        if isinstance(ref, A.Each):
            return ref.quantifier != "each"
        if isinstance(ref, A.ThatRef):
            return ref.word == "those"
        if isinstance(ref, (A.ThemRef, A.BothRef)):
            return True
        if isinstance(ref, A.ExiledCards):
            return ref.plural
        if isinstance(ref, A.PlayerGroup):
            return ref.which == "your_opponents"
        if isinstance(ref, A.Target):
            return ref.count is not None and not _is_one(ref.count)
        if isinstance(ref, A.AnObject):
            return not _is_one(ref.count)
        return False

    def _r_DealDamage(self, n: A.DealDamage) -> str:
        also = "also " if n.also else ""
        head = f"{self.obj(n.source)} {also}{self.verb('deal', n.source)}"
        if n.to is None:
            return f"{head} {self.q(n.amount)} damage"
        to = self.obj(n.to)
        if n.amount_after:
            return f"{head} damage to {to} equal to {self.q(n.amount)}"
        if _is_count(n.amount):
            return f"{head} {self.q(n.amount)} damage to {to}"
        return f"{head} damage equal to {self.q(n.amount)} to {to}"

    def _r_Destroy(self, n: A.Destroy) -> str:
        return "destroy " + self.obj(n.what)

    def _r_Exile(self, n: A.Exile) -> str:
        text = "exile " + self.obj(n.what)
        if n.until_leaves:
            text += f" until {self.name} leaves the battlefield"
        return text

    def _r_ReturnTo(self, n: A.ReturnTo) -> str:
        plural = self.plural(n.what)
        if n.zone == "hand":
            where = (
                ("their owners' hands" if plural else "its owner's hand")
                if n.owners
                else "your hand"
            )
        else:
            where = "the battlefield"
            if n.under_owner:
                where += " under their owners' control" if plural else " under its owner's control"
            elif n.under_you:
                where += " under your control"
        if n.verb == "put":
            return f"put {self.obj(n.what)} into {where}"
        return f"return {self.obj(n.what)} to {where}"

    def _r_Draw(self, n: A.Draw) -> str:
        return f"{self.subject(n.player, 'draw')} {self.cards(n.amount)}"

    def _r_Discard(self, n: A.Discard) -> str:
        if n.amount is None:
            return self.subject(n.player, "discard") + " your hand"
        if n.filter is not None:
            plural = not _is_one(n.amount)
            return f"{self.subject(n.player, 'discard')} {self.counted(n.amount, self.filter(n.filter, plural=plural))}"
        return f"{self.subject(n.player, 'discard')} {self.cards(n.amount)}"

    def _r_Mill(self, n: A.Mill) -> str:
        return f"{self.subject(n.player, 'mill')} {self.cards(n.amount)}"

    def _r_GainLife(self, n: A.GainLife) -> str:
        if not _is_count(n.amount) and not isinstance(n.amount, A.ThatMuch):
            return f"{self.subject(n.player, 'gain')} life equal to {self.q(n.amount)}"
        return f"{self.subject(n.player, 'gain')} {self.q(n.amount)} life"

    def _r_ThatMuch(self, n: A.ThatMuch) -> str:
        return "that much"

    def _r_LifeLostThisWay(self, n: A.LifeLostThisWay) -> str:
        return "the life lost this way"

    def _r_Regenerate(self, n: A.Regenerate) -> str:
        return "regenerate " + self.obj(n.what)

    def _r_DealsDamageTrigger(self, n: A.DealsDamageTrigger) -> str:
        return f"{self.obj(n.object)} deals damage"

    def _r_LoseLife(self, n: A.LoseLife) -> str:
        if isinstance(n.amount, A.Half) and isinstance(n.amount.of, A.LifeTotal):
            rounding = "up" if n.amount.round_up else "down"
            whose = self.poss(n.amount.of.player)
            return f"{self.subject(n.player, 'lose')} half {whose} life, rounded {rounding}"
        return f"{self.subject(n.player, 'lose')} {self.q(n.amount)} life"

    def _r_Sacrifice(self, n: A.Sacrifice) -> str:
        return f"{self.subject(n.player, 'sacrifice')} {self.obj(n.what)}"

    def _r_PutCounters(self, n: A.PutCounters) -> str:
        return f"put {self.counters(n.amount, n.kind)} on {self.obj(n.on)}"

    def _r_RemoveCounters(self, n: A.RemoveCounters) -> str:
        return f"remove {self.counters(n.amount, n.kind)} from {self.obj(n.source)}"

    def _r_CreateTokens(self, n: A.CreateTokens) -> str:
        verb = self.subject(n.player, "create")
        if n.spec is None:
            return f"{verb} {self.q(n.amount)} of those tokens"
        spec = n.spec
        words = [f"{spec.power}/{spec.toughness}", *spec.colors, *spec.subtypes, *spec.types]
        words.append("token" if _is_one(n.amount) else "tokens")
        desc = " ".join(words)
        if n.tapped:
            desc = "tapped " + desc
        if spec.keywords:
            desc += " with " + self.keywords(spec.keywords)
        return f"{verb} {self.counted(n.amount, desc)}"

    def _r_CreateTokenCopy(self, n: A.CreateTokenCopy) -> str:
        tapped = "tapped " if n.tapped else ""
        if _is_one(n.amount):
            return f"create {self.counted(n.amount, tapped + 'token')} that's a copy of {self.obj(n.of)}"
        return f"create {self.q(n.amount)} {tapped}tokens that are copies of {self.obj(n.of)}"

    def _r_Pump(self, n: A.Pump) -> str:
        who = self.obj(n.what)
        parts = []
        if n.power is not None and n.toughness is not None:
            mod = f"{_signed(n.power)}/{_signed(n.toughness)}"
            parts.append(f"{self.verb('get', n.what)} {mod}")
            if n.per is not None:
                parts[-1] += " for each " + self.per(n.per)
        if n.keywords:
            verb = "gain" if n.verb in ("gain", "get") else "have"
            parts.append(f"{self.verb(verb, n.what)} {self.keywords(n.keywords)}")
        text = f"{who} {'also ' if n.also else ''}" + " and ".join(parts)
        if n.until_eot:
            text += " until end of turn"
        return text

    def _r_CantBlock(self, n: A.CantBlock) -> str:
        return f"{self.obj(n.what)} can't {'be blocked' if n.blocked else 'block'}"

    def _r_CantBeRegenerated(self, n: A.CantBeRegenerated) -> str:
        return f"{self.obj(n.what)} can't be regenerated"

    def _r_TapObjects(self, n: A.TapObjects) -> str:
        return "tap " + self.obj(n.what)

    def _r_UntapObjects(self, n: A.UntapObjects) -> str:
        return "untap " + self.obj(n.what)

    def _r_CounterSpell(self, n: A.CounterSpell) -> str:
        text = "counter " + self.obj(n.what)
        if n.unless_pays is not None:
            text += f" unless its controller pays {mana_text(n.unless_pays)}"
            if n.unless_per is not None:
                text += " for each " + self.per(n.unless_per)
        return text

    def _r_CopySpell(self, n: A.CopySpell) -> str:
        return "copy " + self.obj(n.what)

    def _r_Manifest(self, n: A.Manifest) -> str:
        verb = "cloak" if n.cloak else "manifest"
        head = self.subject(n.player, verb)
        if n.dread:
            return f"{head} dread"
        if n.looked is not None:
            return f"{head} {self.obj(n.looked)}"
        if n.from_hand:
            return f"{head} a card from your hand"
        assert n.amount is not None
        whose = "your" if n.player is None or isinstance(n.player, A.You) else "their"
        if isinstance(n.amount, A.Number) and n.amount.value == 1 and n.amount.form == "article":
            return f"{head} the top card of {whose} library"
        return f"{head} the top {self.cards(n.amount)} of {whose} library"

    def _r_Becomes(self, n: A.Becomes) -> str:
        words = " ".join(n.types)
        article = "an" if words[:1].lower() in "aeiou" else "a"
        text = f"{self.obj(n.what)} {self.verb('become', n.what)} {article} {words}"
        if n.keywords:
            text += " with " + self.keywords(n.keywords)
        return text

    def _r_Fight(self, n: A.Fight) -> str:
        return f"{self.obj(n.first)} {self.verb('fight', n.first)} {self.obj(n.second)}"

    def _r_LookAtTop(self, n: A.LookAtTop) -> str:
        return f"look at the top {self.cards(n.amount)} of your library"

    def _r_RevealPutInHand(self, n: A.RevealPutInHand) -> str:
        return f"reveal {self.obj(n.what)} from among them and put it into your hand"

    def _r_PutRestOnBottom(self, n: A.PutRestOnBottom) -> str:
        order = "a random" if n.random else "any"
        return f"put the rest on the bottom of your library in {order} order"

    def _r_LookedCards(self, n: A.LookedCards) -> str:
        if n.count is None:
            return n.word
        return f"{self.q(n.count)} of {n.word}"

    def _r_PutLooked(self, n: A.PutLooked) -> str:
        where = {
            "hand": "into your hand",
            "top or bottom": "on the top or bottom of your library",
            "bottom": "on the bottom of your library",
        }[n.to]
        if n.order:
            where += f" in {n.order} order"
        return ("put " if n.verb else "") + f"{self.obj(n.what)} {where}"

    def _r_Attach(self, n: A.Attach) -> str:
        return f"attach {self.obj(n.what)} to {self.obj(n.to)}"

    def _r_AddMana(self, n: A.AddMana) -> str:
        text = "add " + mana_text(n.mana)
        if n.per is not None:
            text += " for each " + self.per(n.per)
        return text

    def _r_SkipTurn(self, n: A.SkipTurn) -> str:
        return "you skip your next turn"

    def _r_ExileTop(self, n: A.ExileTop) -> str:
        top = "the top card" if _is_one(n.amount) else f"the top {self.cards(n.amount)}"
        face = " face down" if n.face_down else ""
        return f"exile {top} of {self.poss(n.whose)} library{face}"

    def _r_SearchLibrary(self, n: A.SearchLibrary) -> str:
        if n.zone == "exile":
            whose = self.poss(n.whose) if n.whose is not None else "your"
            return (
                f"search {whose} library for {self.obj(n.what)}, exile {self.obj(n.put)}, "
                "then that player shuffles"
            )
        where = (
            "into your hand"
            if n.zone == "hand"
            else "onto the battlefield" + (" tapped" if n.tapped else "")
        )
        return f"search your library for {self.obj(n.what)}, put {self.obj(n.put)} {where}, then shuffle"

    # ------------------------------------------------------------- objects --

    def obj(self, ref: A.Node) -> str:
        return self.r(ref)

    def player(self, ref: A.Node) -> str:
        return self.r(ref)

    def poss(self, ref: A.Node) -> str:
        if isinstance(ref, A.ItRef):
            return "its"
        if isinstance(ref, A.You):
            return "your"
        if isinstance(ref, A.TheirRef):
            return "their"
        return self.r(ref) + "'s"

    def _r_SelfRef(self, n: A.SelfRef) -> str:
        if n.form == "name":
            return self.name
        if n.form == "short":
            return self.name.split(",", 1)[0]
        return f"this {n.noun}"

    def _r_ItRef(self, n: A.ItRef) -> str:
        return "it"

    def _r_BothRef(self, n: A.BothRef) -> str:
        return f"{self.obj(n.first)} and {self.obj(n.second)}"

    def _r_ThemRef(self, n: A.ThemRef) -> str:
        return n.word

    def _r_You(self, n: A.You) -> str:
        return "you"

    def _r_TheirRef(self, n: A.TheirRef) -> str:
        return "their"

    def _r_ThatRef(self, n: A.ThatRef) -> str:
        noun = _plural_noun(n.noun) if n.word == "those" else n.noun
        return f"{n.word} {noun}"

    def _r_ThatPlayer(self, n: A.ThatPlayer) -> str:
        return "that player"

    def _r_ExiledCards(self, n: A.ExiledCards) -> str:
        if n.with_self:
            return f"{'all ' if n.all else ''}cards exiled with {self.name}"
        return "the exiled card"

    def _r_AttachedRef(self, n: A.AttachedRef) -> str:
        return f"{n.how} {n.noun}"

    def _r_PlayerGroup(self, n: A.PlayerGroup) -> str:
        return {
            "each_player": "each player",
            "each_opponent": "each opponent",
            "a_player": "a player",
            "an_opponent": "an opponent",
            "defending": "defending player",
            "your_opponents": "your opponents",
        }[n.which]

    def _r_ControllerOf(self, n: A.ControllerOf) -> str:
        return f"{self.poss(n.object)} controller"

    def _r_OwnerOf(self, n: A.OwnerOf) -> str:
        return f"{self.poss(n.object)} owner"

    def _r_Target(self, n: A.Target) -> str:
        spec = n.spec
        if isinstance(spec, A.AnyTarget):
            return "any target"
        plural = n.count is not None and not _is_one(n.count)
        if isinstance(spec, A.PlayerFilter):
            desc = (
                ("opponents" if plural else "opponent")
                if spec.opponent
                else ("players" if plural else "player")
            )
        elif isinstance(spec, A.CreatureOrPlayer):
            desc = "creatures or players" if plural else "creature or player"
        elif isinstance(spec, A.PlayerOrPlaneswalker):
            desc = "players or planeswalkers" if plural else "player or planeswalker"
        elif isinstance(spec, A.ObjectFilter):
            desc = self.filter(spec, plural=plural, other=False)
        else:
            raise RenderError(f"no wording for target {type(spec).__name__}")
        another = isinstance(spec, A.ObjectFilter) and spec.another
        if n.up_to:
            assert n.count is not None
            return f"up to {self.q(n.count)} target {desc}"
        if n.count is not None:
            return f"{'another ' if another else ''}{self.q(n.count)} target {desc}"
        return f"{'another ' if another else ''}target {desc}"

    def _r_Each(self, n: A.Each) -> str:
        if n.quantifier == "each":
            return "each " + self.filter(n.filter)
        text = self.filter(n.filter, plural=True)
        return "all " + text if n.quantifier == "all" else text

    def _r_AnObject(self, n: A.AnObject) -> str:
        if n.any:
            return "any " + self.filter(n.filter)
        plural = not _is_one(n.count)
        if n.up_to:
            return f"up to {self.q(n.count)} {self.filter(n.filter, plural=plural)}" if n.count else ""
        return self.counted(n.count, self.filter(n.filter, plural=plural))

    def filter(self, f: A.ObjectFilter, plural: bool = False, other: bool = True) -> str:
        words: list[str] = []
        if f.another and other:
            words.append("other")
        adjs = [self.r(adj) for adj in f.adjectives]
        if len(adjs) > 1 and all(getattr(a, "negated", False) for a in f.adjectives):
            words.append(", ".join(adjs))  # "nonland, nontoken permanent"
        else:
            words.extend(adjs)
        nouns = [(_plural_noun(x) if plural else x) for x in f.nouns]
        if f.card or f.spell:
            head = "card" if f.card else "spell"
            nouns_text = " or ".join(f.nouns) if f.nouns else ""
            words.append(f"{nouns_text} {head + 's' if plural else head}".strip())
        elif len(nouns) <= 2:
            words.append(" or ".join(nouns))
        else:
            words.append(", ".join(nouns[:-1]) + ", or " + nouns[-1])
        qualities = [self.r(q) for q in f.qualities]
        if not f.qualities_last:
            words.extend(qualities)
        if f.controller is not None:
            words.append(self.r(f.controller))
        if f.qualities_last:
            words.extend(qualities)
        if f.zone is not None:
            words.append(self.r(f.zone))
        return " ".join(w for w in words if w)

    def _r_ColorAdj(self, n: A.ColorAdj) -> str:
        return ("non" if n.negated else "") + n.color

    def _r_TypeAdj(self, n: A.TypeAdj) -> str:
        return ("non" if n.negated else "") + n.type

    def _r_SubtypeAdj(self, n: A.SubtypeAdj) -> str:
        return ("non-" if n.negated else "") + n.subtype

    def _r_StatusAdj(self, n: A.StatusAdj) -> str:
        return ("non" if n.negated else "") + n.status

    def _r_WithKeyword(self, n: A.WithKeyword) -> str:
        return ("without " if n.negated else "with ") + n.keyword

    def _r_WithManaValue(self, n: A.WithManaValue) -> str:
        return "with mana value " + self.r(n.comparison)

    def _r_WithPower(self, n: A.WithPower) -> str:
        return "with power " + self.r(n.comparison)

    def _r_WithCounter(self, n: A.WithCounter) -> str:
        return f"with a {n.kind} counter on it"

    def _r_WithKicker(self, n: A.WithKicker) -> str:
        return "with a kicker ability"

    def _r_OfChosenType(self, n: A.OfChosenType) -> str:
        return "of the chosen type"

    def _r_WithChosenName(self, n: A.WithChosenName) -> str:
        return "with the chosen name"

    def _r_CostPaidRef(self, n: A.CostPaidRef) -> str:
        return f"the {n.verb} {n.noun}"

    def _r_HighestAmong(self, n: A.HighestAmong) -> str:
        if n.stat == "power":
            return f"the greatest power among {self.filter(n.filter, plural=True)}"
        return f"the highest mana value among {self.filter(n.filter, plural=True)}"

    def _r_Comparison(self, n: A.Comparison) -> str:
        op = {"eq": "", "le": " or less", "ge": " or greater"}[n.op]
        return self.q(n.value) + op

    def _r_ControlledBy(self, n: A.ControlledBy) -> str:
        who = self.player(n.player)
        singular = not (isinstance(n.player, A.You) or self.plural(n.player))
        if n.negated:
            return f"{who} {'doesn' if singular else 'don'}'t control"
        return f"{who} {'controls' if singular else 'control'}"

    def _r_InZone(self, n: A.InZone) -> str:
        if n.owner is None:
            return "in all graveyards" if n.zone == "graveyard" else f"{n.preposition} the {n.zone}"
        return f"{n.preposition} {self.poss(n.owner)} {n.zone}"

    def _r_CreatedWith(self, n: A.CreatedWith) -> str:
        verb = "put onto the battlefield" if n.put else "created"
        return f"{verb} with {self.obj(n.object)}"

    def _r_LifePaid(self, n: A.LifePaid) -> str:
        return f"the life paid as {self.obj(n.object)} entered"

    def _r_AddManaAnyColor(self, n: A.AddManaAnyColor) -> str:
        return f"add {self.q(n.amount)} mana of any color"

    def _r_EntersAsCopy(self, n: A.EntersAsCopy) -> str:
        return f"You may have {self.obj(n.object)} enter as a copy of {self.obj(n.of)}."

    # ---------------------------------------------------------- quantities --

    def q(self, n: A.Node) -> str:
        return self.r(n)

    def counted(self, count: A.Node | None, rest: str) -> str:
        """ "a card", "an Elf", "two lands": a count before its noun."""
        if count is None:
            return rest
        if isinstance(count, A.Number) and count.form == "article":
            return f"{_article(rest)} {rest}"
        return f"{self.q(count)} {rest}"

    def cards(self, amount: A.Node) -> str:
        if isinstance(amount, A.ForEach):
            return f"{self.cards(amount.base)} for each {self.per(amount.per)}"
        return self.counted(amount, "card" if _is_one(amount) else "cards")

    def counters(self, amount: A.Node, kind: str) -> str:
        return self.counted(amount, f"{kind} {'counter' if _is_one(amount) else 'counters'}")

    def per(self, n: A.Node) -> str:
        """What follows "for each"."""
        if isinstance(n, A.TimesKicked):
            return f"time {self.obj(n.object)} was kicked"
        if isinstance(n, A.ManaSpent):
            return f"mana spent to cast {self.obj(n.object)}"
        if isinstance(n, A.CountersOn):
            return f"{n.kind} counter on {self.obj(n.object)}"
        if isinstance(n, A.CountOf):
            return self.filter(n.filter)
        raise RenderError(f"no 'for each' wording for {type(n).__name__}")

    def _r_Number(self, n: A.Number) -> str:
        if n.form == "digits":
            return str(n.value)
        if n.form == "article":
            return "a"
        return _WORDS[n.value]

    def _r_VarX(self, n: A.VarX) -> str:
        return "X"

    def _r_TimesKicked(self, n: A.TimesKicked) -> str:
        return f"the number of times {self.obj(n.object)} was kicked"

    def _r_ManaSpent(self, n: A.ManaSpent) -> str:
        return f"the amount of mana spent to cast {self.obj(n.object)}"

    def _r_CountersOn(self, n: A.CountersOn) -> str:
        return f"the number of {n.kind} counters on {self.obj(n.object)}"

    def _r_CountOf(self, n: A.CountOf) -> str:
        return "the number of " + self.filter(n.filter, plural=True)

    def _r_PowerOf(self, n: A.PowerOf) -> str:
        stat = {"power": "power", "toughness": "toughness", "mana_value": "mana value"}[n.stat]
        if n.of_form:
            return f"the {stat} of {self.obj(n.object)}"
        return f"{self.poss(n.object)} {stat}"

    def _r_HighestLife(self, n: A.HighestLife) -> str:
        return "the highest life total among players"

    def _r_Twice(self, n: A.Twice) -> str:
        return "twice " + self.q(n.of)

    def _r_Difference(self, n: A.Difference) -> str:
        return f"{self.q(n.left)} minus {self.q(n.right)}"

    def _r_ForEach(self, n: A.ForEach) -> str:
        return f"{self.q(n.base)} for each {self.per(n.per)}"


BASIC_LAND_MANA = {
    "Plains": "{W}",
    "Island": "{U}",
    "Swamp": "{B}",
    "Mountain": "{R}",
    "Forest": "{G}",
}


def _or_list(items: list[str]) -> str:
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


def _may_be_permanent_spell(ref: A.Node) -> bool:
    """Whether a copied spell could be a permanent spell (then its copy becomes a token)."""
    if isinstance(ref, A.Target) and isinstance(ref.spec, A.ObjectFilter):
        return not set(ref.spec.nouns) <= {"instant", "sorcery"}
    return True


def _signed(value: int | A.SignedX) -> str:
    if isinstance(value, A.SignedX):
        return "+X" if value.sign > 0 else "-X"
    return f"{value:+d}"


def _is_one(q: A.Node | None) -> bool:
    return q is None or (isinstance(q, A.Number) and q.value == 1)


def _is_count(q: A.Node) -> bool:
    return isinstance(q, (A.Number, A.VarX))


def format_text(text: str, filename: str = "<string>") -> str:
    """A whole card file in canonical form (what ``cardtext fmt`` writes).

    Each card is rendered canonically; comment lines outside cards stay where
    they are, comment lines inside a card move just above it; one blank line
    separates cards; the file ends with one newline.  Raises the first
    :class:`~grammar.errors.CardParseError` if a card doesn't parse.
    """
    from .parser import parse_block, split_file

    chunks: list[str] = []
    pending_comments: list[str] = []
    last_comment_line = 0
    for seg in split_file(text):
        if seg.comment is not None:
            if pending_comments and seg.line > last_comment_line + 1:
                chunks.append("\n".join(pending_comments))  # a blank line came between
                pending_comments = []
            pending_comments.append(seg.comment)
            last_comment_line = seg.line
            continue
        assert seg.block is not None
        card = parse_block(seg.block, filename)
        if pending_comments and seg.block.start > last_comment_line + 1:
            chunks.append("\n".join(pending_comments))
            pending_comments = []
        lines = pending_comments + seg.block.comments + [render_card(card)]
        pending_comments = []
        chunks.append("\n".join(lines))
    if pending_comments:
        chunks.append("\n".join(pending_comments))
    return "\n\n".join(chunks) + "\n" if chunks else ""
