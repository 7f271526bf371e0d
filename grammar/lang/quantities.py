"""Numbers and the amounts that depend on the game: nodes, builders, wording.

Grammar: ``quantities.lark``.  An amount is one of the nodes below, in every
numeric slot.  Two suffixes change the amount of whatever instruction they
follow: "for each T" (:class:`ForEach`, the instruction's amount times the
count) and "equal to Q" (:class:`EqualTo`); an instruction names the field
they change in its ``AMOUNT`` class variable (grammar/node.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from lark import Token

from ..node import BUILDERS, Node, builds, renders
from ..render import article, number_word
from ..transformer import TextError, span, tok_span

_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
MAX_DIGITS = 9
"""Longer numbers than this are an error: no card needs them, and Python's
int conversion of very long digit runs is slow (and limited)."""


@dataclass(frozen=True, slots=True)
class Number(Node):
    """A fixed number; ``form`` keeps how it was written: ``digits`` ("2"),
    ``word`` ("two") or ``article`` ("a"/"an", always 1)."""

    value: int
    form: Literal["digits", "word", "article"] = "word"
    text: str = field(default="", compare=False)  # the article as written ("a" or "an"), or "twice" for two times


@dataclass(frozen=True, slots=True)
class VarX(Node):
    """X: from the mana cost or a kicker cost (601.2b), or defined by the
    sentence's "where X is ..." clause (``letter`` Y for "where Y is")."""

    letter: str = "X"


@dataclass(frozen=True, slots=True)
class TimesKicked(Node):
    """ "the number of times it was kicked", "for each time it was kicked" (702.33, K9)."""

    object: Any


@dataclass(frozen=True, slots=True)
class ManaSpent(Node):
    """ "the amount of mana spent to cast it" (includes additional costs, K14);
    ``symbol`` for "the amount of {R} spent", ``colors`` for "each color of mana spent"."""

    object: Any
    symbol: Any = None
    colors: bool = False


@dataclass(frozen=True, slots=True)
class CountersOn(Node):
    """ "the number of +1/+1 counters on it"; ``kind`` "" for "counters on it"."""

    kind: str
    object: Any


@dataclass(frozen=True, slots=True)
class PlayerCounters(Node):
    """Counters a player has (122.1): "for each poison counter your opponents
    have", "the number of experience counters you have"; of several players,
    their total."""

    kind: str
    player: Any


@dataclass(frozen=True, slots=True)
class CountersThisWay(Node):
    """ "the number of +1/+1 counters removed this way", "for each charge
    counter removed this way" (122.1, 608.2c: the counters an earlier
    instruction of the ability removed, put or moved); ``kind`` "" for any."""

    kind: str
    verb: Literal["removed", "put", "moved"] = "removed"


@dataclass(frozen=True, slots=True)
class CountOf(Node):
    """ "the number of attacking creatures", "for each card in your hand";
    ``names``: "the number of differently named lands you control" (the
    names among them, 201.2)."""

    filter: Any
    names: bool = False
    total: bool = False  # written "the total number of ..."


@dataclass(frozen=True, slots=True)
class PowerOf(Node):
    """ "its power", "that creature's toughness", "the mana value of the exiled card"."""

    object: Any
    stat: Literal["power", "toughness", "mana value", "loyalty", "base power"] = "power"
    of_form: bool = False


@dataclass(frozen=True, slots=True)
class TotalStat(Node):
    """ "the total power of creatures you control"."""

    stat: str
    of: Any


@dataclass(frozen=True, slots=True)
class StartingLifeTotal(Node):
    """ "your starting life total" (103.4: the life total a player began the
    game with)."""

    player: Any


@dataclass(frozen=True, slots=True)
class LifeTotal(Node):
    """ "your life total"."""

    player: Any


@dataclass(frozen=True, slots=True)
class HighestLife(Node):
    """ "the highest life total among players"."""

    among: Any = None


@dataclass(frozen=True, slots=True)
class Half(Node):
    """ "half [quantity], rounded up/down"."""

    of: Any
    round_up: bool | None = True


@dataclass(frozen=True, slots=True)
class Twice(Node):
    """ "twice [quantity]"; ``times`` 3 for "three times"."""

    of: Any
    times: int = 2


@dataclass(frozen=True, slots=True)
class Difference(Node):
    """ "20 minus [quantity]"."""

    left: Any
    right: Any


@dataclass(frozen=True, slots=True)
class Sum(Node):
    """ "[quantity] plus [quantity]"."""

    left: Any
    right: Any
    form: str = "plus"


@dataclass(frozen=True, slots=True)
class LifePaid(Node):
    """ "the life paid as [this] entered" (607.2g)."""

    object: Any


@dataclass(frozen=True, slots=True)
class ThatMuch(Node):
    """ "that much" / "that many": the amount of the event that triggered the
    ability or of the instruction before (603.7c)."""

    word: Literal["much", "many", "damage"] = "much"


@dataclass(frozen=True, slots=True)
class ThisWay(Node):
    """ "the life lost this way", "the damage dealt this way", "the damage prevented this way"."""

    what: str


@dataclass(frozen=True, slots=True)
class LifeLostThisWay(Node):
    """"the life lost this way": what the sentence before made a player lose (608.2c)."""


@dataclass(frozen=True, slots=True)
class HighestAmong(Node):
    """ "the highest mana value among cards in your graveyard", "the greatest
    power among creatures they control"."""

    stat: str
    filter: Any
    word: str = "greatest"


@dataclass(frozen=True, slots=True)
class Devotion(Node):
    """ "your devotion to black" (700.5)."""

    player: Any
    colors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameCount(Node):
    """A count the game keeps, named by words: "the amount of life you gained
    this turn", "the excess damage", "each basic land type among lands you
    control", "each opponent you have", "each color [it] is"."""

    what: str
    of: Any = None
    number_of: bool = False  # "the number of ..." (else "for each ...")


@dataclass(frozen=True, slots=True)
class TimesCast(Node):
    """ "for each time you have cast [spells] this turn"."""

    what: Any


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    """ "[base] for each [thing]": base × the count (``per`` is the count)."""

    base: Any
    per: Any


@dataclass(frozen=True, slots=True)
class EqualTo(Node):
    """ "damage equal to its power", "a number of tokens equal to ...":
    the amount is ``value``; ``where`` says where "equal to" was written —
    right after the noun it measures (``inline``), at the end of the clause
    (``end``), or after "a number of" (``number_of``)."""

    value: Any
    where: Literal["inline", "end", "number_of"] = "inline"


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


def whole_number(text: str, token: Any = None, where: Any = None) -> int:
    """The value of a run of digits in card text; more than :data:`MAX_DIGITS`
    of them is a located error (no card prints such a number, and Python
    refuses to convert very long ones)."""
    if len(text) > MAX_DIGITS:
        raise TextError(f"a number of {len(text)} digits is too large", token, where)
    return int(text)


def _int(tok: Any) -> int:
    return whole_number(str(tok), tok)


@builds("digits")
def _digits(meta: Any, tok: Any) -> Number:
    return Number(_int(tok), "digits", span=tok_span(tok))


@builds("number_word")
def _number_word(meta: Any, tok: Any) -> Number:
    word = str(tok).lower()
    form = "article" if word in ("a", "an") else "word"
    return Number(_NUMBER_WORDS[word], form, word if form == "article" else "", span=tok_span(tok))  # type: ignore[arg-type]


@builds("var_x")
def _var_x(meta: Any) -> VarX:
    return VarX(span=span(meta))


@builds("number_of")
def _number_of(meta: Any, counted: Any) -> Any:
    import dataclasses

    if isinstance(counted, GameCount):
        return dataclasses.replace(counted, number_of=True)
    return counted


@builds("twice")
def _twice(meta: Any, of: Any) -> Twice:
    return Twice(of, span=span(meta))


@builds("thrice")
def _thrice(meta: Any, of: Any) -> Twice:
    return Twice(of, 3, span=span(meta))


@builds("half")
def _half(meta: Any, of: Any, rounding: Any = None) -> Half:
    up = None if rounding is None else rounding == "up"
    return Half(of, up, span=span(meta))


@builds("rounding")
def _rounding(meta: Any, tok: Any) -> str:
    return str(tok).lower()


BUILDERS["plus"] = lambda meta, a, b: Sum(a, b, span=span(meta))
BUILDERS["minus"] = lambda meta, a, b: Difference(a, b, span=span(meta))


def _poss_object(whose: Any) -> Any:
    from .objects import Possessive

    return whose.object if isinstance(whose, Possessive) else whose


@builds("stat_word")
def _stat_word(meta: Any, *toks: Any) -> str:
    word = str(toks[0]).lower()
    return "mana value" if word in ("mana", "converted") else word


@builds("stat_of")
def _stat_of(meta: Any, whose: Any, stat: str) -> PowerOf:
    return PowerOf(_poss_object(whose), stat, span=span(meta))  # type: ignore[arg-type]


# "that creature's base power" (208.3): its power before effects that change it
BUILDERS["base_power_of"] = lambda meta, whose: PowerOf(_poss_object(whose), "base power", span=span(meta))


@builds("stat_of_the")
def _stat_of_the(meta: Any, stat: str, obj: Any) -> PowerOf:
    return PowerOf(obj, stat, True, span=span(meta))  # type: ignore[arg-type]


@builds("total_stat")
def _total_stat(meta: Any, stat: str, of: Any) -> TotalStat:
    return TotalStat(stat, of, span=span(meta))


@builds("mana_spent_amount")
def _mana_spent_amount(meta: Any, obj: Any) -> ManaSpent:
    return ManaSpent(obj, span=span(meta))


@builds("mana_spent_of")
def _mana_spent_of(meta: Any, symbol: Any, obj: Any) -> ManaSpent:
    return ManaSpent(obj, symbol, span=span(meta))


@builds("mana_symbol_word")
def _mana_symbol_word(meta: Any, tok: Any) -> Any:
    from .mana import mana_symbol

    return mana_symbol(str(tok)[1:-1], tok_span(tok))


@builds("highest_among")
def _highest_among(meta: Any, word: Any, stat: str, among: Any) -> HighestAmong:
    return HighestAmong(stat, _filter_of(among), str(word), span=span(meta))


@builds("highest_word")
def _highest_word(meta: Any, tok: Any) -> str:
    return str(tok).lower()


def _filter_of(np: Any) -> Any:
    from .objects import Each

    return np.filter if isinstance(np, Each) and np.quantifier == "bare" else np


@builds("highest_life")
def _highest_life(meta: Any, among: Any) -> HighestLife:
    return HighestLife(among, span=span(meta))


BUILDERS["starting_life_total"] = lambda meta, whose: StartingLifeTotal(_poss_object(whose), span=span(meta))


@builds("life_total")
def _life_total(meta: Any, whose: Any) -> LifeTotal:
    return LifeTotal(_poss_object(whose), span=span(meta))


BUILDERS["that_much"] = lambda meta: ThatMuch(span=span(meta))
BUILDERS["that_many"] = lambda meta: ThatMuch("many", span=span(meta))
BUILDERS["that_damage"] = lambda meta: ThatMuch("damage", span=span(meta))
BUILDERS["additional_paid"] = lambda meta, cost: GameCount("additional paid", cost, span=span(meta))
BUILDERS["life_lost_this_way"] = lambda meta: LifeLostThisWay(span=span(meta))
BUILDERS["damage_dealt_this_way"] = lambda meta: ThisWay("damage dealt", span=span(meta))
BUILDERS["damage_prevented_this_way"] = lambda meta: ThisWay("damage prevented", span=span(meta))
BUILDERS["life_paid"] = lambda meta, obj: LifePaid(obj, span=span(meta))
BUILDERS["times_kicked_q"] = lambda meta, obj: TimesKicked(obj, span=span(meta))
BUILDERS["life_gained_this_turn"] = lambda meta: GameCount("life you gained this turn", span=span(meta))
BUILDERS["excess_damage"] = lambda meta: GameCount("excess damage", span=span(meta))
BUILDERS["color_name"] = lambda meta, tok: str(tok).lower()
BUILDERS["devotion"] = lambda meta, whose, c: Devotion(_poss_object(whose), (c,), span=span(meta))
BUILDERS["devotion_its"] = lambda meta, c: Devotion(None, (c,), span=span(meta))
BUILDERS["devotion_two"] = lambda meta, whose, a, b: Devotion(_poss_object(whose), (a, b), span=span(meta))
BUILDERS["speed"] = lambda meta, whose: GameCount("speed", _poss_object(whose), span=span(meta))

# ---- countables -------------------------------------------------------------

BUILDERS["times_kicked"] = lambda meta, obj: TimesKicked(obj, span=span(meta))
BUILDERS["times_cast"] = lambda meta, what: TimesCast(what, span=span(meta))
BUILDERS["counters_on"] = lambda meta, kind, obj: CountersOn(kind, obj, span=span(meta))
BUILDERS["player_counters"] = lambda meta, kind, who: PlayerCounters(kind, who, span=span(meta))
BUILDERS["any_counters_on"] = lambda meta, obj: CountersOn("", obj, span=span(meta))
BUILDERS["counters_this_way"] = lambda meta, kind, verb: CountersThisWay(kind or "", verb, span=span(meta))
BUILDERS["counter_done"] = lambda meta, tok: str(tok).lower()
BUILDERS["mana_spent"] = lambda meta, obj: ManaSpent(obj, span=span(meta))
BUILDERS["colors_spent"] = lambda meta, obj: ManaSpent(obj, colors=True, span=span(meta))
BUILDERS["symbol_spent"] = lambda meta, sym, obj: ManaSpent(obj, sym, span=span(meta))
BUILDERS["opponents_you_have"] = lambda meta: GameCount("opponent you have", span=span(meta))
BUILDERS["colors_of"] = lambda meta, obj: GameCount("color", obj, span=span(meta))
# "for each of its colors" (105.2): the colors one object has, each counted
BUILDERS["each_of_colors"] = lambda meta, whose: GameCount("each of colors", _poss_object(whose), span=span(meta))
# Chroma (202.1, 107.4): "the number of red mana symbols in the mana costs of
# permanents you control", "... in the sacrificed creature's mana cost"
BUILDERS["symbols_in_cost"] = lambda meta, color, whose: GameCount(
    "mana symbols", (str(color).lower(), _poss_object(whose), "cost"), span=span(meta))
BUILDERS["symbols_in_costs_of"] = lambda meta, color, what: GameCount(
    "mana symbols", (str(color).lower(), what, "costs"), span=span(meta))
BUILDERS["basic_land_types_among"] = lambda meta, obj: GameCount("basic land type", obj, span=span(meta))
BUILDERS["creature_types_among"] = lambda meta, obj: GameCount("creature type", obj, span=span(meta))
BUILDERS["life_gained_count"] = lambda meta, whose: GameCount("life gained", _poss_object(whose), span=span(meta))
# "for each damage dealt this way", "for each 1 damage prevented this way":
# the count as written is kept in ``of``
BUILDERS["damage_dealt_count"] = lambda meta, n=None: GameCount("damage dealt this way", n, span=span(meta))
# "for each death vote" (701.38): the votes cast for that word
BUILDERS["vote_count"] = lambda meta, word: GameCount("vote", str(word), span=span(meta))
BUILDERS["damage_prevented_count"] = lambda meta, n=None: GameCount("damage prevented this way", n, span=span(meta))
BUILDERS["attacking_creatures_count"] = lambda meta: GameCount("attacking creature", span=span(meta))


@builds("count_of")
def _count_of(meta: Any, f: Any) -> CountOf:
    return CountOf(f, span=span(meta))


@builds("total_number_of")
def _total_number_of(meta: Any, counted: Any) -> CountOf:
    """ "the total number of instant and sorcery cards you own in exile and
    in your graveyard": the same count as "the number of", as written."""
    import dataclasses

    if not isinstance(counted, CountOf):
        raise TextError("'the total number of' counts objects here ('the total number of cards ...')",
                        span=span(meta))  # fmt: skip
    return dataclasses.replace(counted, total=True)


@dataclass(frozen=True, slots=True)
class CountEachOf(Node):
    """ "for each of those creatures", "for each of X target permanents":
    the objects or players a phrase names, each counted once (608.2c)."""

    what: Any


@renders(CountEachOf)
def _r_each_of(r: Any, n: CountEachOf, **ctx: Any) -> str:
    text = f"of {r(n.what)}"
    return text if ctx.get("per") else f"the number of {text}"


BUILDERS["count_each_of"] = lambda meta, what: CountEachOf(what, span=span(meta))


@builds("count_differently_named")
def _count_differently_named(meta: Any, f: Any) -> CountOf:
    return CountOf(f, True, span=span(meta))


@builds("for_each")
def _for_each(meta: Any, per: Any) -> ForEach:
    return ForEach(None, per, span=span(meta))


@builds("for_each_both")
def _for_each_both(meta: Any, first: Any, second: Any) -> ForEach:
    """ "for each Cave you control and each Cave card in your graveyard": one
    for each of either, counted together."""
    return ForEach(None, Sum(first, second, form="and each", span=span(meta)), span=span(meta))


@builds("equal_to")
def _equal_to(meta: Any, value: Any) -> EqualTo:
    return EqualTo(value, span=span(meta))


@dataclass(frozen=True, slots=True)
class WhereX(Node):
    """ ", where X is [amount]": defines X for the sentence (or ability)."""

    value: Any
    letter: str = "X"


@builds("where_x")
def _where_x(meta: Any, letter: Any, value: Any) -> WhereX:
    return WhereX(value, str(letter).upper(), span=span(meta))


@builds("var_letter")
def _var_letter(meta: Any, tok: Any) -> str:
    return str(tok)


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


@renders(Number)
def _r_number(r: Any, n: Number, **ctx: Any) -> str:
    if n.form == "digits" or ctx.get("slot") == "digits" and n.form != "word" and n.form != "article":
        return str(n.value)
    if n.form == "article":
        return n.text or article(ctx.get("before", ""))
    return number_word(n.value)


@renders(VarX)
def _r_var_x(r: Any, n: VarX, **ctx: Any) -> str:
    return n.letter


@renders(TimesKicked)
def _r_times_kicked(r: Any, n: TimesKicked, **ctx: Any) -> str:
    if ctx.get("per"):
        return f"time {r(n.object)} was kicked"
    return f"the number of times {r(n.object)} was kicked"


@renders(TimesCast)
def _r_times_cast(r: Any, n: TimesCast, **ctx: Any) -> str:
    return f"time you have cast {r(n.what)} this turn"


@renders(ManaSpent)
def _r_mana_spent(r: Any, n: ManaSpent, **ctx: Any) -> str:
    if n.colors:
        if not ctx.get("per"):
            return f"the number of colors of mana spent to cast {r(n.object)}"
        return f"color of mana spent to cast {r(n.object)}"
    if ctx.get("per"):
        if n.symbol is not None:
            return f"{r(n.symbol)} spent to cast {r(n.object)}"
        return f"mana spent to cast {r(n.object)}"
    if n.symbol is not None:
        return f"the amount of {r(n.symbol)} mana spent to cast {r(n.object)}"
    return f"the amount of mana spent to cast {r(n.object)}"


@renders(CountersOn)
def _r_counters_on(r: Any, n: CountersOn, **ctx: Any) -> str:
    kind = f"{n.kind} " if n.kind else ""
    if ctx.get("per"):
        return f"{kind}counter on {r(n.object)}"
    return f"the number of {kind}counters on {r(n.object)}"


@renders(PlayerCounters)
def _r_player_counters(r: Any, n: PlayerCounters, **ctx: Any) -> str:
    from .objects import verb

    has = f"{r(n.player)} {verb(n.player, 'have')}"
    if ctx.get("per"):
        return f"{n.kind} counter {has}"
    return f"the number of {n.kind} counters {has}"


@renders(CountersThisWay)
def _r_counters_this_way(r: Any, n: CountersThisWay, **ctx: Any) -> str:
    kind = f"{n.kind} " if n.kind else ""
    if ctx.get("per"):
        return f"{kind}counter {n.verb} this way"
    return f"the number of {kind}counters {n.verb} this way"


@renders(CountOf)
def _r_count_of(r: Any, n: CountOf, **ctx: Any) -> str:
    named = "differently named " if n.names else ""
    if ctx.get("per"):
        return named + r(n.filter)
    total = "total " if n.total else ""
    return f"the {total}number of {named}{r(n.filter, plural=True)}"


@renders(PowerOf)
def _r_power_of(r: Any, n: PowerOf, **ctx: Any) -> str:
    from .objects import possessive_text

    if n.of_form:
        return f"the {n.stat} of {r(n.object)}"
    return f"{possessive_text(r, n.object)} {n.stat}"


@renders(TotalStat)
def _r_total_stat(r: Any, n: TotalStat, **ctx: Any) -> str:
    return f"the total {n.stat} of {r(n.of)}"


@renders(LifeTotal)
def _r_life_total(r: Any, n: LifeTotal, **ctx: Any) -> str:
    from .objects import possessive_text

    return f"{possessive_text(r, n.player)} life total"


@renders(StartingLifeTotal)
def _r_starting_life_total(r: Any, n: StartingLifeTotal, **ctx: Any) -> str:
    from .objects import possessive_text

    return f"{possessive_text(r, n.player)} starting life total"


@renders(HighestLife)
def _r_highest_life(r: Any, n: HighestLife, **ctx: Any) -> str:
    return f"the highest life total among {r(n.among)}"


@renders(Half)
def _r_half(r: Any, n: Half, **ctx: Any) -> str:
    tail = "" if n.round_up is None else (", rounded up" if n.round_up else ", rounded down")
    return f"half {r(n.of)}{tail}"


@renders(Twice)
def _r_twice(r: Any, n: Twice, **ctx: Any) -> str:
    return ("twice " if n.times == 2 else "three times ") + r(n.of)


@renders(Difference)
def _r_difference(r: Any, n: Difference, **ctx: Any) -> str:
    return f"{r(n.left, slot='digits')} minus {r(n.right)}"


@renders(Sum)
def _r_sum(r: Any, n: Sum, **ctx: Any) -> str:
    if n.form == "and each":
        return f"{r(n.left, per=True)} and each {r(n.right, per=True)}"
    return f"{r(n.left, slot='digits')} plus {r(n.right)}"


@renders(LifePaid)
def _r_life_paid(r: Any, n: LifePaid, **ctx: Any) -> str:
    return f"the life paid as {r(n.object)} entered"


@renders(ThatMuch)
def _r_that_much(r: Any, n: ThatMuch, **ctx: Any) -> str:
    return f"that {n.word}"


@renders(ThisWay)
def _r_this_way(r: Any, n: ThisWay, **ctx: Any) -> str:
    return f"the {n.what} this way"


@renders(LifeLostThisWay)
def _r_life_lost(r: Any, n: LifeLostThisWay, **ctx: Any) -> str:
    return "the life lost this way"


@renders(HighestAmong)
def _r_highest_among(r: Any, n: HighestAmong, **ctx: Any) -> str:
    return f"the {n.word} {n.stat} among {r(n.filter, plural=True)}"


@renders(Devotion)
def _r_devotion(r: Any, n: Devotion, **ctx: Any) -> str:
    from .objects import possessive_text

    whose = "its" if n.player is None else possessive_text(r, n.player)
    return f"{whose} devotion to {' and '.join(n.colors)}"


_GAME_COUNT = {
    "life you gained this turn": "the amount of life you gained this turn",
    "excess damage": "the excess damage",
}


@renders(GameCount)
def _r_game_count(r: Any, n: GameCount, **ctx: Any) -> str:
    from .objects import possessive_text

    if n.what in _GAME_COUNT:
        return _GAME_COUNT[n.what]
    if n.what == "additional paid":
        return f"additional {r(n.of)} you paid"
    if n.what == "speed":
        return f"{possessive_text(r, n.of)} speed"
    if n.what == "color":
        if n.number_of:
            return f"the number of colors {r(n.of)} is"
        return f"color {r(n.of)} is"
    if n.what == "mana symbols":
        color, of, form = n.of
        where = (f"the mana costs of {r(of)}" if form == "costs" else f"{possessive_text(r, of)} mana cost")
        return (f"the number of {color} mana symbols" if n.number_of else f"{color} mana symbol") + f" in {where}"
    if n.what == "each of colors":
        return f"of {possessive_text(r, n.of)} colors"
    if n.what in ("basic land type", "creature type"):
        if n.number_of:
            return f"the number of {n.what}s among {r(n.of)}"
        return f"{n.what} among {r(n.of)}"
    if n.what == "life gained":
        return f"life {possessive_text(r, n.of)} gained this turn"
    if n.what == "vote":
        return f"{n.of} vote"
    if n.what in ("damage dealt this way", "damage prevented this way") and n.of is not None:
        return f"{r(n.of)} {n.what}"
    return n.what


@renders(ForEach)
def _r_for_each(r: Any, n: ForEach, **ctx: Any) -> str:
    # The base is written where the amount goes; "for each ..." is added at
    # the end of the clause (sentences.py).
    return r(n.base, **ctx)


def per_text(r: Any, per: Any) -> str:
    return "for each " + r(per, per=True)


@renders(EqualTo)
def _r_equal_to(r: Any, n: EqualTo, **ctx: Any) -> str:
    return f"equal to {r(n.value)}"


@renders(WhereX)
def _r_where_x(r: Any, n: WhereX, **ctx: Any) -> str:
    return f", where {n.letter} is {r(n.value)}"


# ---- measured nouns --------------------------------------------------------


def is_one(amount: Any) -> bool:
    return isinstance(amount, Number) and amount.value == 1


def measure(r: Any, amount: Any, singular: str, plural: str | None = None) -> str:
    """ "2 damage", "a card", "two cards", "X cards", "cards equal to ...",
    "a number of cards" (with "equal to" at the end)."""
    plural = plural or singular
    if isinstance(amount, ForEach):
        return measure(r, amount.base, singular, plural)
    if isinstance(amount, EqualTo):
        if amount.where == "inline":
            return f"{plural} equal to {r(amount.value)}"
        if amount.where == "number_of":
            return f"a number of {plural}"
        return plural
    if amount is None:
        return plural
    noun = singular if is_one(amount) else plural
    return f"{r(amount, before=noun)} {noun}"


def cards_text(r: Any, amount: Any, top: bool = False) -> str:
    """ "a card", "two cards"; after "the top": "card", "two cards"."""
    if top and (amount is None or is_one(amount)):
        return "card"
    return measure(r, amount, "card", "cards")


# ---- how many counters (CR 122.1) ---------------------------------------------

CounterHow = Literal["", "or more", "or fewer", "exactly", "no"]


def _counters_spec(how: CounterHow) -> Any:
    """A count of counters as a triple (how, amount, kind): ``amount`` None is
    "counters" (any number), ``kind`` "" any kind."""

    def build(meta: Any, *args: Any) -> tuple[CounterHow, Any, str]:
        if how == "no":
            (kind,) = args
            return (how, None, kind or "")
        amount, kind = args
        return (how, amount, kind or "")

    return build


for _rule, _how in (("counters_n", ""), ("counters_or_more", "or more"), ("counters_or_fewer", "or fewer"),
                    ("counters_exactly", "exactly"), ("counters_none", "no")):  # fmt: skip
    BUILDERS[_rule] = _counters_spec(_how)  # type: ignore[arg-type]
BUILDERS["counters_bare"] = lambda meta, kind: ("", None, kind or "")


def counters_spec_text(r: Any, how: str, amount: Any, kind: str) -> str:
    """ "a +1/+1 counter", "three or more quest counters", "exactly one tide
    counter", "no counters", "+1/+1 counters"."""
    kind_ = f"{kind} " if kind else ""
    if how == "no":
        return f"no {kind_}counters"
    if how in ("or more", "or fewer"):
        return f"{r(amount)} {how} {kind_}counters"
    text = counters_text(r, amount, kind)
    return f"exactly {text}" if how == "exactly" else text


def counters_text(r: Any, amount: Any, kind: str) -> str:
    """ "a +1/+1 counter", "two charge counters", "a counter"."""
    kind_ = f"{kind} " if kind else ""
    return measure(r, amount, f"{kind_}counter", f"{kind_}counters")


def tail_of(r: Any, node: Any) -> str:
    """What an instruction's amount adds at the end of its clause: " for each
    ..." or " equal to ..." (when written there)."""
    name = getattr(node, "AMOUNT", "")
    if not name:
        return ""
    amount = getattr(node, name, None)
    if name == "per":
        return " " + per_text(r, amount) if amount is not None else ""
    out = ""
    if isinstance(amount, ForEach):
        out = " " + per_text(r, amount.per)
        amount = amount.base
    if isinstance(amount, EqualTo) and amount.where in ("end", "number_of"):
        out += f" equal to {r(amount.value)}"
    return out


def fill_amount(node: Any, suffix: Any, where: Any = None) -> Any:
    """Apply a clause suffix ("for each T" or "equal to Q") to an instruction."""
    import dataclasses

    name = getattr(node, "AMOUNT", "")
    if not name:
        # "sacrifices a creature for each ...": the number is that of the objects it names, which
        # the instruction's node doesn't hold as an amount yet
        raise TextError("not understood yet: 'for each' or 'equal to' on an instruction with no amount of its own",
                        span=getattr(suffix, "span", None), not_yet=True)  # fmt: skip
    current = getattr(node, name)
    if name == "per" and isinstance(suffix, ForEach):
        if current is not None:
            raise TextError("two 'for each' on one instruction", span=suffix.span)
        return dataclasses.replace(node, per=suffix.per)
    if isinstance(suffix, ForEach):
        if current is None:
            current = Number(1, "article")
        if isinstance(current, ForEach):
            raise TextError("two 'for each' on one instruction", span=suffix.span)
        return dataclasses.replace(node, **{name: ForEach(current, suffix.per, span=suffix.span)})
    if isinstance(suffix, EqualTo):
        if isinstance(current, EqualTo) and current.value is None:
            return dataclasses.replace(node, **{name: EqualTo(suffix.value, current.where, span=suffix.span)})
        if current is None:
            return dataclasses.replace(node, **{name: EqualTo(suffix.value, "end", span=suffix.span)})
        raise TextError("'equal to' gives an amount this instruction already has", span=suffix.span)
    return node


_ = Token


@dataclass(frozen=True, slots=True)
class ExcessDealt(Node):
    """ "the excess damage dealt [to that creature] this way", "the amount of
    excess damage dealt ... this way" (120.4a): how much of the damage the
    instruction before dealt was beyond lethal damage (or a planeswalker's
    loyalty); ``to`` the one it was dealt to (None: any)."""

    to: Any = None
    amount_of: bool = False


BUILDERS["excess_dealt_this_way"] = lambda meta: ExcessDealt(span=span(meta))
BUILDERS["excess_dealt_to_this_way"] = lambda meta, to: ExcessDealt(to, span=span(meta))
BUILDERS["amount_excess_dealt_this_way"] = lambda meta: ExcessDealt(None, True, span=span(meta))
BUILDERS["amount_excess_dealt_to_this_way"] = lambda meta, to: ExcessDealt(to, True, span=span(meta))


@renders(ExcessDealt)
def _r_excess_dealt(r: Any, n: ExcessDealt, **ctx: Any) -> str:
    to = f" to {r(n.to)}" if n.to is not None else ""
    return f"the {'amount of ' if n.amount_of else ''}excess damage dealt{to} this way"
