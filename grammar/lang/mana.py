"""Mana symbols (CR 107.4), mana costs (CR 202) and costs (CR 118): nodes,
builders and wording.  Grammar: ``mana.lark``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from ..node import Node, builds, renders
from ..render import capitalize
from ..transformer import span, tok_span

Color: TypeAlias = Literal["W", "U", "B", "R", "G"]
COLORS: tuple[Color, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, Color] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


# --------------------------------------------------------------------------
# Mana symbols
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GenericMana(Node):
    """{N}: N generic mana."""

    amount: int


@dataclass(frozen=True, slots=True)
class ColoredMana(Node):
    """{W} {U} {B} {R} {G}."""

    color: Color


@dataclass(frozen=True, slots=True)
class ColorlessMana(Node):
    """{C}: one colorless mana (not generic)."""


@dataclass(frozen=True, slots=True)
class SnowMana(Node):
    """{S}: one mana from a snow source."""


@dataclass(frozen=True, slots=True)
class VariableMana(Node):
    """{X} (or {Y}, {Z}): a number chosen as the spell is cast (601.2b)."""

    letter: str = "X"


@dataclass(frozen=True, slots=True)
class HybridMana(Node):
    """{W/U}: one mana of either color."""

    first: Color
    second: Color


@dataclass(frozen=True, slots=True)
class GenericHybridMana(Node):
    """{2/W}: two generic mana or one mana of the color."""

    color: Color


@dataclass(frozen=True, slots=True)
class PhyrexianMana(Node):
    """{W/P} (or {G/U/P}): one mana of the color(s) or 2 life; {C/P} colorless."""

    color: str
    hybrid: Color | None = None


@dataclass(frozen=True, slots=True)
class HalfMana(Node):
    """{HR}: half a mana of a color (107.4i... un-cards)."""

    color: Color


ManaSymbol: TypeAlias = (
    GenericMana | ColoredMana | ColorlessMana | SnowMana | VariableMana | HybridMana
    | GenericHybridMana | PhyrexianMana | HalfMana
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class ManaCost(Node):
    """A sequence of mana symbols, as printed ({2}{G}{G})."""

    symbols: tuple[ManaSymbol, ...]

    @property
    def mana_value(self) -> int:
        """CR 202.3: X counts as 0; hybrid counts its largest part."""
        total = 0
        for s in self.symbols:
            if isinstance(s, GenericMana):
                total += s.amount
            elif isinstance(s, GenericHybridMana):
                total += 2
            elif isinstance(s, VariableMana):
                continue
            else:
                total += 1
        return total


def mana_symbol(text: str, where: Any = None) -> ManaSymbol:
    """One symbol's inside, "2" or "W/U" or "G/U/P", as an AST node (CR 107.4)."""
    if text.isdigit():
        return GenericMana(int(text), span=where)
    parts = text.split("/")
    if len(parts) == 1:
        if text in COLORS:
            return ColoredMana(text, span=where)
        if text == "C":
            return ColorlessMana(span=where)
        if text == "S":
            return SnowMana(span=where)
        if len(text) == 2 and text[0] == "H":
            return HalfMana(text[1], span=where)  # type: ignore[arg-type]
        return VariableMana(text, span=where)
    if parts[-1] == "P":
        hybrid = parts[1] if len(parts) == 3 else None
        return PhyrexianMana(parts[0], hybrid, span=where)  # type: ignore[arg-type]
    if parts[0] == "2":
        return GenericHybridMana(parts[1], span=where)  # type: ignore[arg-type]
    return HybridMana(parts[0], parts[1], span=where)  # type: ignore[arg-type]


def symbol_text(s: ManaSymbol) -> str:
    if isinstance(s, GenericMana):
        return "{%d}" % s.amount
    if isinstance(s, ColoredMana):
        return "{%s}" % s.color
    if isinstance(s, ColorlessMana):
        return "{C}"
    if isinstance(s, SnowMana):
        return "{S}"
    if isinstance(s, VariableMana):
        return "{%s}" % s.letter
    if isinstance(s, HybridMana):
        return "{%s/%s}" % (s.first, s.second)
    if isinstance(s, GenericHybridMana):
        return "{2/%s}" % s.color
    if isinstance(s, PhyrexianMana):
        return "{%s/%s/P}" % (s.color, s.hybrid) if s.hybrid else "{%s/P}" % s.color
    if isinstance(s, HalfMana):
        return "{H%s}" % s.color
    from ..render import RenderError

    raise RenderError(f"no wording for mana symbol {type(s).__name__}")


def mana_text(cost: ManaCost) -> str:
    return "".join(symbol_text(s) for s in cost.symbols)


@builds("mana_cost")
def _mana_cost(meta: Any, *toks: Any) -> ManaCost:
    return ManaCost(tuple(mana_symbol(str(t)[1:-1], tok_span(t)) for t in toks), span=span(meta))


@renders(ManaCost)
def _r_mana_cost(r: Any, n: ManaCost, **ctx: Any) -> str:
    return mana_text(n)


@renders(GenericMana, ColoredMana, ColorlessMana, SnowMana, VariableMana, HybridMana,
         GenericHybridMana, PhyrexianMana, HalfMana)  # fmt: skip
def _r_symbol(r: Any, n: Any, **ctx: Any) -> str:
    return symbol_text(n)


# --------------------------------------------------------------------------
# Costs (CR 118, 601.2f-h)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TapCost(Node):
    """{T}."""


@dataclass(frozen=True, slots=True)
class UntapCost(Node):
    """{Q}."""


@dataclass(frozen=True, slots=True)
class EnergyCost(Node):
    """{E}{E}: pay that many energy counters (107.14); ``pay`` for "Pay {E}{E}"."""

    amount: int
    pay: bool = False


@dataclass(frozen=True, slots=True)
class SacrificeCost(Node):
    """ "Sacrifice a creature", "Sacrifice two lands", "Sacrifice [this]"."""

    what: Any


@dataclass(frozen=True, slots=True)
class DiscardCost(Node):
    """ "Discard a creature card", "Discard your hand" (``what`` None)."""

    what: Any


@dataclass(frozen=True, slots=True)
class PayLifeCost(Node):
    """ "Pay 3 life"."""

    amount: Any


@dataclass(frozen=True, slots=True)
class PayManaCost(Node):
    """ "Pay {1}" written as words in a cost."""

    mana: ManaCost
    any_number: bool = False  # "pay {1}{G} any number of times"


@dataclass(frozen=True, slots=True)
class TapObjectCost(Node):
    """ "Tap an untapped Vampire you control"."""

    what: Any


@dataclass(frozen=True, slots=True)
class UntapObjectCost(Node):
    """ "Untap a tapped creature you control"."""

    what: Any


@dataclass(frozen=True, slots=True)
class RemoveCountersCost(Node):
    """ "Remove a +1/+1 counter from [this]"; ``kind`` "" for "a counter",
    ``all`` for "Remove all [kind] counters"."""

    amount: Any
    kind: str
    source: Any
    all: bool = False
    any_number: bool = False  # "Remove any number of storage counters from [this]"


@dataclass(frozen=True, slots=True)
class ExileCost(Node):
    """ "Exile a card from your graveyard", "Exile [this]"; ``zone`` where
    the object named is exiled from, when written after it ("Exile this
    card from your graveyard", 118.1)."""

    what: Any
    zone: Any = None


@dataclass(frozen=True, slots=True)
class ExileTopCost(Node):
    """ "Exile the top card of your library"."""

    amount: Any


@dataclass(frozen=True, slots=True)
class ReturnCost(Node):
    """ "Return a land you control to its owner's hand"."""

    what: Any
    whose: Any


@dataclass(frozen=True, slots=True)
class PutCost(Node):
    """ "Put a card from your hand on top of your library" and the like."""

    what: Any
    where: Literal["top", "bottom", "graveyard"]
    whose: Any


@dataclass(frozen=True, slots=True)
class RevealCost(Node):
    """ "Reveal a white card from your hand"; ``zone`` where the object
    named is revealed from, when written after it ("Reveal [this] from your
    hand", forecast 702.57)."""

    what: Any
    zone: Any = None


@dataclass(frozen=True, slots=True)
class MillCost(Node):
    """ "Mill two cards"."""

    amount: Any
    plural: bool = True


@dataclass(frozen=True, slots=True)
class PutCountersCost(Node):
    """ "Put a -1/-1 counter on a creature you control"."""

    amount: Any
    kind: str
    on: Any


@dataclass(frozen=True, slots=True)
class ActionCost(Node):
    """A keyword action as a part of a cost (118.1, 701): "Waterbend {3}:",
    "{1}{W}, Blight 2:", "Collect evidence 6", "As an additional cost to cast
    this spell, behold a Dragon"; ``action`` is the
    :class:`~cardtext.grammar.lang.verbs.KeywordAction` the player carries out to pay."""

    action: Any


@dataclass(frozen=True, slots=True)
class CostOr(Node):
    """One part of a cost or another, the player's choice as they pay (118.1,
    601.2b): "behold a Dragon or pay {1}", "blight 2 or pay {1}"."""

    first: Any
    second: Any


@dataclass(frozen=True, slots=True)
class LoseLifeCost(Node):
    """ "Lose 2 life" as a cost."""

    amount: Any


@dataclass(frozen=True, slots=True)
class GainControlCost(Node):
    """ "Gain control of ..." as a cost (rare)."""

    what: Any


@dataclass(frozen=True, slots=True)
class DrawCost(Node):
    amount: Any
    plural: bool = False


CostPart: TypeAlias = Any


@dataclass(frozen=True, slots=True)
class Cost(Node):
    """A cost made of parts, paid together ("{2}{R}, Sacrifice a land");
    ``joiner`` is how the last two parts are joined as written ("," or
    ", and" or " and")."""

    parts: tuple[CostPart, ...]
    joiner: Literal[",", ", and", "and"] = ","

    @property
    def mana(self) -> ManaCost | None:
        for p in self.parts:
            if isinstance(p, ManaCost):
                return p
        return None


@builds("cost")
def _cost(meta: Any, *parts: Any) -> Cost:
    return Cost(tuple(parts), span=span(meta))


@builds("cost_and")
def _cost_and(meta: Any, *parts: Any) -> Cost:
    return Cost(tuple(parts), ", and" if len(parts) > 2 else "and", span=span(meta))


@builds("tap_cost")
def _tap_cost(meta: Any, tok: Any) -> TapCost:
    return TapCost(span=span(meta))


@builds("untap_cost")
def _untap_cost(meta: Any, tok: Any) -> UntapCost:
    return UntapCost(span=span(meta))


@builds("energy_cost")
def _energy_cost(meta: Any, *toks: Any) -> EnergyCost:
    return EnergyCost(len(toks), span=span(meta))


@builds("pay_energy_cost")
def _pay_energy_cost(meta: Any, *toks: Any) -> EnergyCost:
    return EnergyCost(len(toks), True, span=span(meta))


@builds("discard_hand_cost")
def _discard_hand_cost(meta: Any) -> DiscardCost:
    return DiscardCost(None, span=span(meta))


@builds("remove_counters_cost")
def _remove_counters_cost(meta: Any, amount: Any, kind: str, source: Any) -> RemoveCountersCost:
    return RemoveCountersCost(amount, kind, source, span=span(meta))


@builds("remove_any_counters_cost")
def _remove_any_counters_cost(meta: Any, amount: Any, source: Any) -> RemoveCountersCost:
    return RemoveCountersCost(amount, "", source, span=span(meta))


@builds("remove_any_number_counters_cost")
def _remove_any_number_counters_cost(meta: Any, kind: str, source: Any) -> RemoveCountersCost:
    return RemoveCountersCost(None, kind, source, any_number=True, span=span(meta))


@builds("remove_all_counters_cost")
def _remove_all_counters_cost(meta: Any, kind: str, source: Any) -> RemoveCountersCost:
    return RemoveCountersCost(None, kind, source, all=True, span=span(meta))


@builds("return_cost")
def _return_cost(meta: Any, what: Any, whose: Any) -> ReturnCost:
    return ReturnCost(what, whose, span=span(meta))


def _put_cost_builder(where: str) -> Any:
    def build(meta: Any, what: Any, whose: Any) -> PutCost:
        return PutCost(what, where, whose, span=span(meta))  # type: ignore[arg-type]

    return build


builds("put_on_top_cost")(_put_cost_builder("top"))
builds("put_on_bottom_cost")(_put_cost_builder("bottom"))
builds("put_into_graveyard_cost")(_put_cost_builder("graveyard"))


@builds("mill_cost")
def _mill_cost(meta: Any, amount: Any) -> MillCost:
    return MillCost(amount, span=span(meta))


@builds("reveal_from_cost")
def _reveal_from_cost(meta: Any, what: Any, zone: Any) -> RevealCost:
    return RevealCost(what, zone, span=span(meta))


@builds("exile_from_cost")
def _exile_from_cost(meta: Any, what: Any, zone: Any) -> ExileCost:
    return ExileCost(what, zone, span=span(meta))


@builds("action_cost")
def _action_cost(meta: Any, action: Any) -> ActionCost:
    return ActionCost(action, span=span(meta))


@builds("cost_or")
def _cost_or(meta: Any, first: Any, second: Any) -> CostOr:
    return CostOr(first, second, span=span(meta))


@builds("draw_cost")
def _draw_cost(meta: Any, amount: Any) -> DrawCost:
    return DrawCost(amount, span=span(meta))


@builds("pay_mana_times_cost")
def _pay_mana_times_cost(meta: Any, mana: ManaCost) -> PayManaCost:
    return PayManaCost(mana, True, span=span(meta))


@builds("pay_x_life_cost")
def _pay_x_life_cost(meta: Any) -> PayLifeCost:
    from .quantities import VarX

    return PayLifeCost(VarX(), span=span(meta))


# ------------------------------------------------------------- wording --


def _cap(text: str) -> str:
    return capitalize(text)


@renders(Cost)
def _r_cost(r: Any, n: Cost, **ctx: Any) -> str:
    parts = [r(p) for p in n.parts]
    if n.joiner == ",":
        parts = [parts[0]] + [_cap(p) if not p.startswith("{") else p for p in parts[1:]]
    else:
        parts = [parts[0]] + [_cap(p) if not p.startswith("{") else p for p in parts[1:-1]] + [parts[-1]]
    parts[0] = _cap(parts[0]) if ctx.get("capital", True) else parts[0]
    if len(parts) == 1:
        return parts[0]
    if n.joiner == "and":
        return f"{parts[0]} and {parts[1]}"
    if n.joiner == ", and":
        return ", ".join(parts[:-1]) + ", and " + parts[-1]
    return ", ".join(parts)


@renders(TapCost)
def _r_tap(r: Any, n: TapCost, **ctx: Any) -> str:
    return "{T}"


@renders(UntapCost)
def _r_untap(r: Any, n: UntapCost, **ctx: Any) -> str:
    return "{Q}"


@renders(EnergyCost)
def _r_energy(r: Any, n: EnergyCost, **ctx: Any) -> str:
    return ("pay " if n.pay else "") + "{E}" * n.amount


@renders(SacrificeCost)
def _r_sacrifice_cost(r: Any, n: SacrificeCost, **ctx: Any) -> str:
    return f"sacrifice {r(n.what)}"


@renders(DiscardCost)
def _r_discard_cost(r: Any, n: DiscardCost, **ctx: Any) -> str:
    return "discard your hand" if n.what is None else f"discard {r(n.what)}"


@renders(PayLifeCost)
def _r_pay_life_cost(r: Any, n: PayLifeCost, **ctx: Any) -> str:
    return f"pay {r(n.amount, slot='digits')} life"


@renders(PayManaCost)
def _r_pay_mana_cost(r: Any, n: PayManaCost, **ctx: Any) -> str:
    return f"pay {mana_text(n.mana)}" + (" any number of times" if n.any_number else "")


@renders(TapObjectCost)
def _r_tap_object_cost(r: Any, n: TapObjectCost, **ctx: Any) -> str:
    return f"tap {r(n.what)}"


@renders(UntapObjectCost)
def _r_untap_object_cost(r: Any, n: UntapObjectCost, **ctx: Any) -> str:
    return f"untap {r(n.what)}"


@renders(RemoveCountersCost)
def _r_remove_counters_cost(r: Any, n: RemoveCountersCost, **ctx: Any) -> str:
    from .quantities import counters_text

    if n.all:
        return f"remove all {n.kind} counters from {r(n.source)}"
    if n.any_number:
        return f"remove any number of {n.kind} counters from {r(n.source)}"
    return f"remove {counters_text(r, n.amount, n.kind)} from {r(n.source)}"


@renders(ExileCost)
def _r_exile_cost(r: Any, n: ExileCost, **ctx: Any) -> str:
    if n.zone is not None:
        return f"exile {r(n.what)} from {r(n.zone)}"
    return f"exile {r(n.what)}"


@renders(ExileTopCost)
def _r_exile_top_cost(r: Any, n: ExileTopCost, **ctx: Any) -> str:
    from .quantities import cards_text

    return f"exile the top {cards_text(r, n.amount, top=True)} of your library"


@renders(ReturnCost)
def _r_return_cost(r: Any, n: ReturnCost, **ctx: Any) -> str:
    return f"return {r(n.what)} to {r(n.whose)} hand"


@renders(PutCost)
def _r_put_cost(r: Any, n: PutCost, **ctx: Any) -> str:
    if n.where == "graveyard":
        return f"put {r(n.what)} into {r(n.whose)} graveyard"
    if n.where == "bottom":
        return f"put {r(n.what)} on the bottom of {r(n.whose)} library"
    return f"put {r(n.what)} on top of {r(n.whose)} library"


@renders(RevealCost)
def _r_reveal_cost(r: Any, n: RevealCost, **ctx: Any) -> str:
    if n.zone is not None:
        return f"reveal {r(n.what)} from {r(n.zone)}"
    return f"reveal {r(n.what)}"


@renders(MillCost)
def _r_mill_cost(r: Any, n: MillCost, **ctx: Any) -> str:
    from .quantities import cards_text

    return f"mill {cards_text(r, n.amount)}"


@renders(PutCountersCost)
def _r_put_counters_cost(r: Any, n: PutCountersCost, **ctx: Any) -> str:
    from .quantities import counters_text

    return f"put {counters_text(r, n.amount, n.kind)} on {r(n.on)}"


@renders(ActionCost)
def _r_action_cost(r: Any, n: ActionCost, **ctx: Any) -> str:
    return str(r(n.action, imperative=True))


@renders(CostOr)
def _r_cost_or(r: Any, n: CostOr, **ctx: Any) -> str:
    return f"{r(n.first)} or {r(n.second)}"


@renders(LoseLifeCost)
def _r_lose_life_cost(r: Any, n: LoseLifeCost, **ctx: Any) -> str:
    return f"lose {r(n.amount, slot='digits')} life"


@renders(GainControlCost)
def _r_gain_control_cost(r: Any, n: GainControlCost, **ctx: Any) -> str:
    return f"gain control of {r(n.what)}"


@renders(DrawCost)
def _r_draw_cost(r: Any, n: DrawCost, **ctx: Any) -> str:
    from .quantities import cards_text

    return f"draw {cards_text(r, n.amount)}"
