"""Mana: pools, mana abilities, and working out a payment (CR 106, 107.4,
601.2g-h, 605).

A cost's mana symbols become *requirements* (one per colored, colorless,
hybrid, Phyrexian and {2/W} symbol, one count of generic mana).  Mana in the
pool and untapped sources with mana abilities ("{T}: Add {G}", "Add {C} for
each charge counter on ...", the intrinsic ability of a basic land, 305.6)
are searched for an assignment that pays every requirement; when there is
none, :func:`explain_shortfall` says precisely why.

A payment may be made with mana "as though it were mana of any type" (any
unit pays any symbol) or "of any color" (any unit pays a colored symbol;
{C} still needs colorless mana), when an effect allows it for the spell
being cast (609.4b): only which mana may pay changes, not the cost nor the
mana spent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A
from cardtext.grammar.lang.mana import mana_text, symbol_text

from .cache import remember
from .characteristics import BASIC_LAND_MANA, Chars, chars, display_name, has_keyword
from .objects import GameObject, ObjectId, PlayerId
from .this_turn import CANT_ACTIVATE, has_rule

if TYPE_CHECKING:
    from .state import Game

MANA_ORDER = "WUBRGC"

AddsMana = A.AddMana | A.AddManaAnyColor | A.AddManaChoice | A.AddManaSpecial
"""The instructions of a mana ability (605.1a): "Add {G}", "Add one mana of
any color", "Add {B} or {R}", "Add two mana in any combination of colors"
(those of :func:`special_mana_supported`)."""


def _symbol_unit(s: object) -> str | None:
    if isinstance(s, A.ColoredMana) and s.color in "WUBRG":
        return s.color
    if isinstance(s, A.ColorlessMana):
        return "C"
    return None


def combination_units(add: A.AddManaSpecial) -> tuple[str, ...] | None:
    """The kinds of mana "N mana in any combination of colors" ("of {R}
    and/or {G}") may be made of (106.1a), or None for another form."""
    if add.kind == "any combination of colors":
        return tuple("WUBRG")
    if add.kind == "combination of" and isinstance(add.of, tuple):
        units = []
        for cost in add.of:
            symbols = cost.symbols if isinstance(cost, A.ManaCost) else ()
            unit = _symbol_unit(symbols[0]) if len(symbols) == 1 else None
            if unit is None:
                return None
            units.append(unit)
        return tuple(units)
    return None


def special_mana_supported(add: object) -> bool:
    """The forms of "Add ..." beyond a mana symbol or "one mana of any color"
    that the engine plays: "N mana in any combination of colors" (of {R}
    and/or {G}), N a number written out (106.1a, 106.1b), "one mana of the
    chosen color" (607.2d) and "an amount of {G} equal to [a number]"."""
    if not isinstance(add, A.AddManaSpecial) or add.additional:
        return False
    if add.kind == "the chosen color":
        return isinstance(add.amount, A.Number)
    if add.kind in ("any combination of colors", "combination of"):
        return isinstance(add.amount, A.Number) and combination_units(add) is not None
    from .quantities import QUANTITIES

    # a number the engine works out (the support check reports the others)
    return add.kind == "amount of" and _symbol_unit(add.of) is not None and type(add.amount) in QUANTITIES


def resolving_mana_supported(add: object) -> bool:
    """The forms of "Add ..." the engine carries out as an instruction
    resolves: those of :func:`special_mana_supported`, and "X mana in any
    combination of colors" with X worked out as it resolves ("where X is
    the sacrificed creature's mana value") — not in a mana ability, which
    doesn't resolve (605.3b; :func:`variable_mana_ability`)."""
    from .quantities import QUANTITIES

    return special_mana_supported(add) or (
        isinstance(add, A.AddManaSpecial) and not add.additional and add.kind in ("any combination of colors", "combination of")
        and combination_units(add) is not None and type(add.amount) in QUANTITIES
    )  # fmt: skip


def variable_mana_ability(ab: A.Node) -> bool:
    """An activated ability (not a loyalty ability) that adds "X mana in any
    combination of colors" with X worked out as it is activated: a mana
    ability (605.1a) the engine can't activate without the stack (605.3b)."""
    if not isinstance(ab, A.ActivatedAbility) or isinstance(ab, A.LoyaltyAbility):
        return False
    return any(isinstance(n, A.AddManaSpecial) and resolving_mana_supported(n) and not special_mana_supported(n)
               for n in ab.effect.walk())  # fmt: skip


# --------------------------------------------------------------------------
# Writing mana
# --------------------------------------------------------------------------


def cost_text(cost: A.ManaCost | None) -> str:
    if cost is None:
        return ""
    return mana_text(cost) or "{0}"


def base_unit(unit: str) -> str:
    """The mana symbol of a unit of mana: ``"G:kicked"`` is {G} that carries a restriction (106.6)."""
    return unit if ":" not in unit else unit.split(":", 1)[0]


def unit_tag(unit: str) -> str | None:
    """The restriction a unit of mana carries ("kicked": only to cast kicked spells, 106.6), or None."""
    return unit.split(":", 1)[1] if ":" in unit else None


RESTRICTION_WORDS = {"kicked": "only to cast kicked spells"}


def units_text(units: Iterable[str] | Counter[str]) -> str:
    """Units of mana as mana symbols in WUBRGC order, then the restrictions they carry."""
    return _units_text(tuple(units.elements() if isinstance(units, Counter) else units))


@lru_cache(maxsize=512)
def _units_text(units: tuple[str, ...]) -> str:
    items = sorted(units, key=lambda u: MANA_ORDER.index(base_unit(u)))
    text = "".join(f"{{{base_unit(u)}}}" for u in items) or "nothing"
    tags = sorted({t for u in items if (t := unit_tag(u)) is not None})
    if tags:
        text += " (spend " + ", ".join(spend_text(t) for t in tags) + ")"
    return text


def spend_restriction(ab: A.Ability, source: ObjectId | None = None) -> str | None:
    """106.6: "Spend this mana only to cast creature spells" after a mana
    ability's "Add ...": the tag the mana ``source`` makes with it carries."""
    if not isinstance(ab, A.ActivatedAbility):
        return None
    for s in ab.effect.sentences[1:]:
        if isinstance(s, A.Sentence):
            for action in s.actions:
                if isinstance(action, A.SpendOnly):
                    return restriction_tag(action, source)
    return None


SPEND_RULES: dict[str, tuple[A.SpendOnly, ObjectId | None]] = {}
"""Each tag of restricted mana (106.6) other than ``"kicked"``: the
restriction, and the object whose ability made the mana (what "the chosen
type" is read from, 607.2d)."""

_SPEND_TAGS: dict[tuple[A.SpendOnly, ObjectId | None], str] = {}


def _plain(filt: object, noun: str) -> bool:
    """ "abilities", "an ability": the noun alone, nothing said of it."""
    return isinstance(filt, A.ObjectFilter) and tuple(n.lower() for n in filt.nouns) == (noun,) and not (
        filt.adjectives or filt.post)  # fmt: skip


def _spell_filter(f: object) -> bool:
    """A description of spells the restriction matches against the spell
    being cast: of its characteristics, not where it was cast from."""
    return isinstance(f, A.ObjectFilter) and (f.spell or "spell" in (n.lower() for n in f.nouns)) and f.zone is None


def restriction_supported(a: A.SpendOnly) -> bool:
    """Whether the engine keeps a mana spending restriction (106.6): "only
    to cast kicked spells", "only to cast [a description of spells]",
    "only to activate abilities", "only to cast [spells] or activate
    abilities"."""
    f = a.filter
    if a.kicked:
        plain_spells = isinstance(f, A.ObjectFilter) and (f.spell or tuple(n.lower() for n in f.nouns) == ("spell",)) and not (
            set(f.nouns) - {"spell"} or f.qualities or f.controller or f.zone
            or any(not (isinstance(adj, A.StatusAdj) and adj.status == "kicked" and not adj.negated) for adj in f.adjectives)
        )  # fmt: skip
        return bool(a.purpose == "cast" and a.second is None and plain_spells)
    if a.purpose == "cast":
        return a.second is None and _spell_filter(f)
    if a.purpose == "activate":
        return a.second is None and (_plain(f, "abilities") or _plain(f, "ability"))
    if a.purpose == "cast or activate":
        second = a.second.filter if isinstance(a.second, A.Each | A.AnObject) else None
        return _spell_filter(f) and (_plain(second, "abilities") or _plain(second, "ability"))
    return False


def restriction_tag(a: A.SpendOnly, source: ObjectId | None = None) -> str:
    """The tag mana with restriction ``a`` carries (106.6), made by ``source``."""
    from .errors import Unsupported

    if not restriction_supported(a):
        raise Unsupported("a mana spending restriction of this kind")
    if a.kicked:
        return "kicked"
    key = (a, source)
    tag = _SPEND_TAGS.get(key)
    if tag is None:
        tag = _SPEND_TAGS[key] = f"only{len(_SPEND_TAGS) + 1}"
        SPEND_RULES[tag] = key
    return tag


def spend_text(tag: str) -> str:
    """What restricted mana may be spent on, for the log."""
    if tag in RESTRICTION_WORDS:
        return RESTRICTION_WORDS[tag]
    rule = SPEND_RULES.get(tag)
    if rule is None:
        return tag
    from cardtext.grammar.render import render_node

    return render_node(rule[0]).removeprefix("spend this mana ").removeprefix("Spend this mana ").rstrip(".")


@dataclass(frozen=True)
class Spending(Container[str]):
    """What a payment is for, which says which restricted mana (106.6) may
    pay: casting ``spell`` (kicked or not), or activating an ability.  Used
    as the ``allowed`` tags of :func:`find_payment`."""

    game: Game
    player: PlayerId
    spell: GameObject | None = None
    kicked: bool = False
    activating: bool = False

    def __contains__(self, tag: object) -> bool:
        if tag == "kicked":
            return self.kicked
        rule = SPEND_RULES.get(str(tag))
        if rule is None:
            return False
        a, source = rule
        if self.activating:
            return a.purpose in ("activate", "cast or activate")
        if self.spell is None or a.purpose not in ("cast", "cast or activate"):
            return False
        from .filters import matches

        return matches(self.game, a.filter, self.spell, you=self.player, source=source)


def tagged(units: tuple[str, ...], tag: str | None) -> tuple[str, ...]:
    return units if tag is None else tuple(f"{base_unit(u)}:{tag}" for u in units)


# --------------------------------------------------------------------------
# Requirements
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Requirement:
    """One symbol to pay: ``colors`` it accepts (C is colorless mana only),
    ``life`` if 2 life may pay it (Phyrexian), ``generic2`` for {2/W}."""

    text: str
    colors: frozenset[str]
    life: bool = False
    generic2: bool = False


SPEND_AS = ("type", "color")
"""The "as though it were mana of any [type or color]" a payment may be made with (609.4b)."""


def pays(unit: str, req: Requirement, spend_any: str = "") -> bool:
    """May ``unit`` pay the symbol ``req``?  Its own color must be one the
    symbol accepts, unless the payment may spend mana as though it were
    mana of any type (any symbol) or of any color (a symbol of a color,
    609.4b)."""
    base = base_unit(unit)
    if base in req.colors or spend_any == "type":
        return True
    return spend_any == "color" and bool(req.colors - {"C"})


@dataclass(frozen=True, slots=True)
class ManaNeed:
    specific: tuple[Requirement, ...]
    generic: int

    @property
    def total(self) -> int:
        return len(self.specific) + self.generic

    def text(self) -> str:
        parts = [r.text for r in self.specific]
        return (f"{{{self.generic}}}" if self.generic else "") + "".join(parts) if (parts or self.generic) else "{0}"


def need_of(costs: list[A.ManaCost], x: int | None = None) -> ManaNeed:
    """The requirements of several mana costs added together (601.2f), X replaced by its value."""
    specific: list[Requirement] = []
    generic = 0
    for cost in costs:
        for s in cost.symbols:
            if isinstance(s, A.GenericMana):
                generic += s.amount
            elif isinstance(s, A.VariableMana):
                generic += x or 0
            elif isinstance(s, A.ColoredMana):
                specific.append(Requirement(symbol_text(s), frozenset(s.color)))
            elif isinstance(s, A.ColorlessMana):
                specific.append(Requirement("{C}", frozenset("C")))
            elif isinstance(s, A.HybridMana):
                specific.append(Requirement(symbol_text(s), frozenset((s.first, s.second))))
            elif isinstance(s, A.GenericHybridMana):
                specific.append(Requirement(symbol_text(s), frozenset(s.color), generic2=True))
            elif isinstance(s, A.PhyrexianMana):
                cs = {s.color} | ({s.hybrid} if s.hybrid else set())
                specific.append(Requirement(symbol_text(s), frozenset(cs), life=True))
            elif isinstance(s, A.SnowMana):
                # 107.4h: {S} is paid with mana from a snow source, which the
                # mana pool doesn't track: refuse rather than let any mana pay it
                from .errors import Unsupported

                raise Unsupported("paying {S} (mana from a snow source, 107.4h)")
    specific.sort(key=lambda r: (r.life or r.generic2, len(r.colors)))
    return ManaNeed(tuple(specific), generic)


# --------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ManaSource:
    """An untapped permanent and what each of its mana abilities would add."""

    obj: ObjectId
    name: str
    ability: tuple[int, ...]  # ability index per option (-1: intrinsic, 305.6)
    options: tuple[tuple[str, ...], ...]

    def colors(self) -> set[str]:
        return {base_unit(u) for opt in self.options for u in opt if unit_tag(u) is None}


def _add_mana_units(game: Game, obj: GameObject, add: AddsMana, mana: A.ManaCost | None = None) -> tuple[str, ...]:
    """The mana an ability adds (``mana``: the option of "Add {B} or {R}"
    chosen); for "one mana of any color" (106.1), see :func:`mana_options` —
    the color is chosen as the ability resolves."""
    from .quantities import static_quantity

    if isinstance(add, A.AddManaSpecial):
        unit = _symbol_unit(add.of) if add.kind == "amount of" else None
        if unit is None:
            raise ValueError("mana of kinds chosen as it resolves (mana_options)")
        return (unit,) * max(static_quantity(game, obj, add.amount), 0)
    if isinstance(add, A.AddManaAnyColor) or (isinstance(add, A.AddManaChoice) and mana is None):
        raise ValueError("mana of a color chosen as it resolves (mana_options)")
    units: list[str] = []
    for s in (mana if mana is not None else add.mana).symbols:  # type: ignore[union-attr]
        if isinstance(s, A.ColoredMana):
            units.append(s.color)
        elif isinstance(s, A.ColorlessMana):
            units.append("C")
        elif isinstance(s, A.GenericMana):
            units.extend("C" * s.amount)
    if add.per is not None:
        units = units * static_quantity(game, obj, add.per)
    return tuple(units)


def mana_options(game: Game, obj: GameObject, add: AddsMana) -> list[tuple[str, ...]]:
    """Every way the ability can add mana: one for a fixed "Add {G}", one per
    color for "Add N mana of any color" (106.1b: N mana of one color), one
    per option of "Add {B} or {R}"."""
    if isinstance(add, A.AddManaAnyColor):
        from .quantities import static_quantity

        n = static_quantity(game, obj, add.amount)
        return [(c,) * n for c in "WUBRG"] if n > 0 else []
    if isinstance(add, A.AddManaChoice):
        return [units for option in add.options if (units := _add_mana_units(game, obj, add, option))]
    kinds = combination_units(add) if isinstance(add, A.AddManaSpecial) else None
    if kinds is not None and isinstance(add, A.AddManaSpecial):
        from itertools import combinations_with_replacement

        from .quantities import static_quantity

        n = static_quantity(game, obj, add.amount)
        return list(combinations_with_replacement(kinds, n)) if n > 0 else []
    if isinstance(add, A.AddManaSpecial) and add.kind == "the chosen color":
        # 607.2d: the color chosen as it entered ("As [this] enters, choose a color"); none chosen, no mana
        chosen = game.linked(obj.id).chosen_by(None)
        unit = MANA_COLOR_LETTERS.get(str(chosen).lower()) if chosen is not None else None
        n = add.amount.value if isinstance(add.amount, A.Number) else 0
        return [(unit,) * n] if unit is not None and n > 0 else []
    units = _add_mana_units(game, obj, add)
    return [units] if units else []


MANA_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def mana_ability_of(ab: A.Ability) -> AddsMana | None:
    """An activated ability that only adds mana and has no target (605.1a)."""
    if not isinstance(ab, A.ActivatedAbility):
        return None
    sentences = ab.effect.sentences
    restrictions = sentences[1:]
    if not all(isinstance(s, A.Sentence) and all(isinstance(x, A.SpendOnly) for x in s.actions) for s in restrictions):
        return None  # 106.6: "Spend this mana only ..." after it keeps it a mana ability
    if not sentences or not isinstance(sentences[0], A.Sentence):
        return None
    actions = sentences[0].actions
    if (len(actions) == 1 and isinstance(actions[0], AddsMana) and not getattr(actions[0], "andor", False)
            and not actions[0].additional
            and (not isinstance(actions[0], A.AddManaSpecial) or special_mana_supported(actions[0]))):  # fmt: skip
        return actions[0]
    return None


def can_tap_for_cost(game: Game, obj: GameObject) -> bool:
    """302.6: a creature's {T} abilities need it to have been controlled since the turn began."""
    if obj.tapped:
        return False
    return not (obj.sick and "creature" in chars(obj).types and not has_keyword(game, obj, "haste"))


def sources_of(game: Game, player: PlayerId, only: list[ObjectId] | None = None) -> list[ManaSource]:
    """Untapped permanents of ``player`` whose mana abilities cost just {T}
    (or {T} and sacrificing it, when ``only`` names it), those that make
    fewer colors and less mana first."""
    found: list[tuple[int, int, int, ManaSource]] = []
    for obj in game.battlefield():
        if obj.controller != player or (only is not None and obj.id not in only):
            continue
        if not can_tap_for_cost(game, obj):
            continue
        if game.state.turn_rules and has_rule(game, obj.id, CANT_ACTIVATE) is not None:
            continue  # 602.5: its mana abilities can't be activated (detain, 701.35a)
        intrinsic, abilities = _tap_mana_of(chars(obj))
        if not intrinsic and not abilities:
            continue
        idx = [-1] * len(intrinsic)
        opts = list(intrinsic)
        for i, ab, add in abilities:
            if sacrifices_source(ab) and (only is None or obj.id not in only):
                continue  # a Treasure is sacrificed only when its player names it to pay (pay = [...])
            for units in mana_options(game, obj, add):
                idx.append(i)
                opts.append(tagged(units, spend_restriction(ab, obj.id)))
        if opts:
            source = ManaSource(obj.id, display_name(obj), tuple(idx), tuple(opts))
            found.append((len(source.colors()), max(len(o) for o in opts), len(found), source))
    found.sort()
    return [source for *_, source in found]


_TAP_MANA: dict[int, tuple[Chars, tuple[tuple[str, ...], ...], tuple[tuple[int, A.ActivatedAbility, AddsMana], ...]]] = {}


def _tap_mana_of(c: Chars) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[int, A.ActivatedAbility, AddsMana], ...]]:
    """The mana abilities whose cost is just {T} of an object with
    characteristics ``c``: the intrinsic ones of its basic land types (305.6),
    as the mana each adds, and its own, as (index, ability, what it adds)."""
    hit = _TAP_MANA.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1], hit[2]
    intrinsic = tuple((BASIC_LAND_MANA[sub],) for sub in c.subtypes if sub in BASIC_LAND_MANA) if "land" in c.types else ()
    own = []
    for i, ab in enumerate(c.abilities):
        add = mana_ability_of(ab)
        if add is None or not isinstance(ab, A.ActivatedAbility):
            continue
        if tuple(type(p) for p in ab.cost.parts) == (A.TapCost,) or sacrifices_source(ab):
            own.append((i, ab, add))
    remember(_TAP_MANA, id(c), (c, intrinsic, tuple(own)))
    return intrinsic, tuple(own)


def sacrifices_source(ab: A.ActivatedAbility) -> bool:
    """A mana ability whose cost is {T} and sacrificing the permanent itself
    ("{T}, Sacrifice this artifact: Add one mana of any color.", a Treasure,
    111.10a): paid as it is activated, like {T} alone (605.3)."""
    parts = ab.cost.parts
    return (
        len(parts) == 2 and isinstance(parts[0], A.TapCost)
        and isinstance(parts[1], A.SacrificeCost) and isinstance(parts[1].what, A.SelfRef)
    )  # fmt: skip


# --------------------------------------------------------------------------
# Finding a payment
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment:
    """Which sources to tap (and which of their abilities), which pool mana
    to spend, and how much life pays Phyrexian symbols."""

    taps: tuple[tuple[ObjectId, int, tuple[str, ...]], ...]  # source, ability, the mana it adds
    spend: tuple[str, ...]
    life: int

    @property
    def mana_spent(self) -> int:
        return len(self.spend)

    @property
    def units(self) -> tuple[str, ...]:
        """The mana spent, each unit by its type ("R", "C"), its restriction left off."""
        return tuple(base_unit(u) for u in self.spend)


class _Search:
    """A backtracking search for a payment.  Mana that carries a restriction
    (106.6) pays only when the payment allows its tag (``allowed``)."""

    def __init__(self, need: ManaNeed, pool: dict[str, int], sources: list[ManaSource], life: int,
                 allowed: Container[str] = frozenset(), spend_any: str = "") -> None:  # fmt: skip
        self.need = need
        self.sources = sources
        self.life = life
        self.start_pool = pool
        self.allowed = allowed
        self.spend_any = spend_any  # 609.4b: "as though it were mana of any type" / "color"
        self.budget = 20000

    def usable(self, unit: str) -> bool:
        tag = unit_tag(unit)
        return tag is None or tag in self.allowed

    def run(self) -> Payment | None:
        return self._specific(0, dict(self.start_pool), (), frozenset(), [], 0, 0)

    def _specific(
        self,
        i: int,
        floating: dict[str, int],
        taps: tuple[tuple[ObjectId, int, tuple[str, ...]], ...],
        used: frozenset[int],
        spent: list[str],
        life: int,
        extra_generic: int,
    ) -> Payment | None:
        self.budget -= 1
        if self.budget < 0:
            return None
        if i == len(self.need.specific):
            return self._generic(floating, taps, used, spent, life, self.need.generic + extra_generic)
        req = self.need.specific[i]
        # plain mana before restricted mana of the same color
        for unit in sorted(floating, key=lambda u: (MANA_ORDER.index(base_unit(u)), unit_tag(u) is not None, u)):
            if floating[unit] > 0 and pays(unit, req, self.spend_any) and self.usable(unit):
                floating[unit] -= 1
                got = self._specific(i + 1, floating, taps, used, spent + [unit], life, extra_generic)
                floating[unit] += 1
                if got:
                    return got
        for si, src in enumerate(self.sources):
            if si in used:
                continue
            for oi, opt in enumerate(src.options):
                hit = self._payer(opt, req)
                if hit is None:
                    continue
                got = self._specific(
                    i + 1, _plus(floating, opt, hit), taps + ((src.obj, src.ability[oi], opt),), used | {si},
                    spent + [hit], life, extra_generic,
                )  # fmt: skip
                if got:
                    return got
        if req.generic2:
            got = self._specific(i + 1, floating, taps, used, spent, life, extra_generic + 2)
            if got:
                return got
        if req.life and self.life - life >= 2:
            got = self._specific(i + 1, floating, taps, used, spent, life + 2, extra_generic)
            if got:
                return got
        return None

    def _payer(self, units: tuple[str, ...], req: Requirement) -> str | None:
        """The first of ``units`` that may pay ``req``."""
        for unit in units:
            if pays(unit, req, self.spend_any) and self.usable(unit):
                return unit
        return None

    def _generic(
        self,
        floating: dict[str, int],
        taps: tuple[tuple[ObjectId, int, tuple[str, ...]], ...],
        used: frozenset[int],
        spent: list[str],
        life: int,
        generic: int,
    ) -> Payment | None:
        floating = {k: v for k, v in floating.items() if v > 0 and self.usable(k)}
        spent = list(spent)
        taps_l = list(taps)
        while generic > 0 and sum(floating.values()) > 0:
            unit = max(floating, key=lambda u: (u == "C", floating[u]))
            floating[unit] -= 1
            if floating[unit] == 0:
                del floating[unit]
            spent.append(unit)
            generic -= 1
        for si, src in enumerate(self.sources):
            if generic <= 0:
                break
            if si in used:
                continue
            oi = max(range(len(src.options)), key=lambda k: len([u for u in src.options[k] if self.usable(u)]))
            opt = [u for u in src.options[oi] if self.usable(u)]
            if not opt:
                continue
            taps_l.append((src.obj, src.ability[oi], src.options[oi]))
            take = opt[:generic]
            spent.extend(take)
            generic -= len(take)
        if generic > 0:
            return None
        return Payment(tuple(taps_l), tuple(spent), life)


def _plus(floating: dict[str, int], made: tuple[str, ...], spent: str) -> dict[str, int]:
    """The mana left floating after a source made ``made`` and one unit of
    it, ``spent``, paid a symbol: units with a count above 0, those that
    floated before first."""
    add: dict[str, int] = {}
    for unit in made:
        add[unit] = add.get(unit, 0) + 1
    add[spent] -= 1
    out = {}
    for unit, n in floating.items():
        if (left := n + add.get(unit, 0)) > 0:
            out[unit] = left
    for unit, n in add.items():
        if unit not in floating and n > 0:
            out[unit] = n
    return out


def find_payment(
    game: Game, player: PlayerId, need: ManaNeed, only: list[ObjectId] | None = None,
    allowed: Container[str] = frozenset(), spend_any: str = "",
) -> Payment | None:  # fmt: skip
    """A way to pay ``need``; restricted mana (106.6) only where ``allowed``
    has its tag; with ``spend_any`` ("type" or "color"), mana as though it
    were mana of any type or color (609.4b)."""
    if spend_any and spend_any not in SPEND_AS:
        raise ValueError(f"spend_any: {spend_any!r}")
    pool = dict(game.player(player).pool)
    sources = sources_of(game, player, only)
    return _Search(need, pool, sources, game.player(player).life, allowed, spend_any).run()


def explain_shortfall(game: Game, player: PlayerId, need: ManaNeed, only: list[ObjectId] | None = None,
                      spend_any: str = "") -> str:  # fmt: skip
    """Why no payment exists: too little mana in all, or too few sources of a color."""
    pool = Counter(game.player(player).pool)
    sources = sources_of(game, player, only)
    available = sum(pool.values()) + sum(max(len(o) for o in s.options) for s in sources)
    names = ", ".join(s.name for s in sources) or "none"
    pool_text = f"; pool {units_text(pool)}" if sum(pool.values()) else ""
    makeable = set(pool) | {u for s in sources for u in s.colors()}
    least = need.generic
    for r in need.specific:
        if r.life:
            continue
        least += 1 if (not r.generic2 or r.colors & makeable) else 2
    if available < least:
        return (
            f"needs {least} mana ({need.text()}) but only {available} is available "
            f"(untapped sources: {names}{pool_text})"
        )
    by_color: Counter[str] = Counter()
    for r in need.specific:
        if spend_any == "type" or (spend_any == "color" and r.colors != {"C"}):
            continue  # 609.4b: any mana pays it
        if len(r.colors) == 1 and not r.life and not r.generic2:
            by_color[next(iter(r.colors))] += 1
    for color, count in by_color.items():
        have = pool[color] + sum(1 for s in sources if color in s.colors())
        if have < count:
            makers = [s.name for s in sources if color in s.colors()]
            return (
                f"needs {{{color}}}" + (f" ×{count}" if count > 1 else "")
                + f" but only {have} source{'s' if have != 1 else ''} of {{{color}}}"
                + (f" ({', '.join(makers)})" if makers else "")
                + f"; untapped sources: {names}{pool_text}"
            )  # fmt: skip
    return f"no way to pay {need.text()} with the untapped sources ({names}){pool_text}"


__all__ = [
    "SPEND_AS", "ManaNeed", "ManaSource", "Payment", "Requirement", "base_unit", "pays", "cost_text", "explain_shortfall", "restriction_tag",
    "spend_restriction", "tagged", "unit_tag",
    "find_payment", "mana_ability_of", "mana_options", "need_of", "sources_of", "symbol_text", "units_text",
]  # fmt: skip
