"""Keyword abilities (CR 702): the grammar made from the keyword table, the
nodes, builders and wording.  Grammar: ``keywords.lark`` and
``grammar/data/keywords.txt`` (one line per keyword and its shape).

Kicker and Multikicker (702.33) are one parametrised node, :class:`Kicker`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token

from .. import vocabulary
from ..node import BUILDERS, Node, builds, renders
from ..render import capitalize, or_list  # noqa: F401  (kept in the names cardtext.grammar.ast re-exports)
from ..transformer import TextError, span, tok_span  # noqa: F401  (likewise)

# --------------------------------------------------------------------------
# The grammar made from the table
# --------------------------------------------------------------------------


def _words(name: str) -> str:
    """A keyword's name as grammar literals: "first strike", "start your
    engines!" (the mark its own token)."""
    out = []
    for w in name.split():
        if w.endswith("!"):
            out.append(f'"{w[:-1]}"i "!"')
        else:
            out.append(f'"{w}"i')
    return " ".join(out)


def grammar() -> str:
    """Rules for every keyword of the table, by shape (appended to keywords.lark)."""
    table = vocabulary.keywords()
    by_shape: dict[str, list[str]] = {}
    for name, shape in table.items():
        by_shape.setdefault(shape, []).append(name)
    plain = by_shape.get("plain", [])
    number = by_shape.get("n", []) + by_shape.get("n-or-plain", [])
    cost = by_shape.get("cost", []) + by_shape.get("cost-or-plain", [])
    number_cost = by_shape.get("n-cost", [])
    with_ability = by_shape.get("activated", []) + by_shape.get("ability", [])
    rules = [
        "// ---- generated from grammar/data/keywords.txt (grammar/lang/keywords.py) ----",
        "?keyword: kw_plain | kw_number | kw_number_where | kw_cost_kw | kw_number_cost | kw_from | kw_enchant",
        "        | kw_champion | kw_affinity | kw_landwalk | kw_typecycling | kw_offering",
        "        | kw_partner_with | kw_n_or_plain_bare | kw_cycling | kw_cost_or_plain_bare | kw_gift",
        "        | kw_craft | kw_equip_quality | kw_bands_with",
        "?keyword_name: kw_plain | kw_from | kw_landwalk | kw_landwalk_chosen | kw_number | kw_cost_kw | kw_enchant | kw_name_only",
        '!kw_name_only: kw_cost_name | kw_number_name | kw_number_cost_name | "cycling"i | "gift"i'
        ' | "craft"i',
        "!kw_plain: " + "\n          | ".join(_words(n) for n in plain),
        "!kw_number_name: " + "\n          | ".join(_words(n) for n in number),
        "kw_number: kw_number_name count | kw_number_name count where_x",
        'kw_number_where: kw_number_name count where_x "."',
        "!kw_n_or_plain_bare: " + " | ".join(_words(n) for n in by_shape.get("n-or-plain", [])),
        "!kw_cost_name: " + "\n          | ".join(_words(n) for n in cost),
        "kw_cost_kw: kw_cost_name kw_cost",
        "?kw_paid_name: kw_cost_name | kw_number_cost_name",
        "!kw_cost_or_plain_bare: " + " | ".join(_words(n) for n in by_shape.get("cost-or-plain", [])),
        "!kw_ability_name: " + " | ".join(_words(n) for n in with_ability),
        "keyword_ability: kw_ability_name _DASH ability_core",
        'kw_gift: "gift"i gift_what',
        'kw_craft: "craft"i "with"i craft_materials mana_cost',
        'kw_equip_quality: "equip"i nominal mana_cost',
        "!kw_number_cost_name: " + " | ".join(_words(n) for n in number_cost),
        "kw_number_cost: kw_number_cost_name count _DASH cost",
        "kw_from: kw_from_name from_list",
        "!kw_from_name.2: \"protection\"i \"from\"i | \"hexproof\"i \"from\"i",
        'kw_enchant: "enchant"i enchant_what',
        'kw_champion: "champion"i np',
        'kw_affinity: "affinity"i "for"i nominal',
        'kw_bands_with: BANDS "with"i nominal',
        'BANDS: "bands"i',
        'kw_landwalk: LANDWALK | landwalk_prefix "landwalk"i',
        'kw_landwalk_chosen: LANDWALK _OF_CHOSEN_TYPE | landwalk_prefix "landwalk"i _OF_CHOSEN_TYPE',
        '_OF_CHOSEN_TYPE: "of the chosen type"i',
        '!landwalk_prefix: "nonbasic"i | "legendary"i | "snow"i | "basic"i',
        'kw_typecycling: TYPECYCLING kw_cost | "basic"i "landcycling"i kw_cost',
        'kw_cycling: "cycling"i kw_cost',
        'kw_offering: SUBTYPE "offering"i',
        'kw_partner_with: "partner"i "with"i card_name',
        "LANDWALK: /[a-z]+walk/i",
        "TYPECYCLING: /[a-z]+cycling/i",
    ]
    return "\n".join(rules) + "\n"


# --------------------------------------------------------------------------
# Nodes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keyword(Node):
    """A keyword ability without a parameter: "flying", "first strike",
    "islandwalk", "Goblin offering"."""

    name: str


@dataclass(frozen=True, slots=True)
class KeywordWithCost(Node):
    """ "Equip {2}", "Ward {2}", "Morph {4}{G}", "Echo—Discard a card.",
    "Plainscycling {2}"."""

    name: str
    cost: Any
    period: bool = True  # "—Discard a card." (older printings may lack the period)


@dataclass(frozen=True, slots=True)
class KeywordNumber(Node):
    """ "Bushido 2", "Annihilator X", "Crew 3", "Mobilize X, where X is the
    number of creature cards in your graveyard." (``where`` defines X; the
    line then ends with a period, or not: ``period``)."""

    name: str
    amount: Any
    where: Any = None
    period: bool = False


@dataclass(frozen=True, slots=True)
class KeywordAbility(Node):
    """A keyword that names the ability after its dash, "[Keyword] — [ability]":
    Exhaust (702.177a: an activated ability that can be activated only once),
    Forecast (702.57a: activated only during its owner's upkeep, once each
    turn, while the card is revealed from the hand), Max speed (702.178a:
    "As long as you have max speed, this object has [ability]")."""

    name: str
    ability: Any


@dataclass(frozen=True, slots=True)
class Gift(Node):
    """ "Gift a card", "Gift a Food", "Gift a tapped Fish", "Gift an extra
    turn" (702.174a): as this spell is cast its controller may promise an
    opponent the gift; ``what`` is "card", "extra turn" or the token's
    subtype, ``tapped`` a token that is created tapped (702.174j-m)."""

    what: str
    tapped: bool = False
    article: str = "a"

    @property
    def name(self) -> str:
        return "gift"


@dataclass(frozen=True, slots=True)
class Craft(Node):
    """ "Craft with artifact {3}{W}" (702.167a): "[Cost], Exile this
    permanent, Exile [materials] from among permanents you control and/or
    cards in your graveyard: Return this card to the battlefield transformed
    under its owner's control.  Activate only as a sorcery."  ``materials``
    is the objects exiled, or None for "one or more" of any permanents and
    cards (``at_least`` is then that number)."""

    materials: Any
    cost: Any
    at_least: Any = None

    @property
    def name(self) -> str:
        return "craft"


@dataclass(frozen=True, slots=True)
class EquipQuality(Node):
    """ "Equip Pirate {1}", "Equip legendary creature {3}" (702.6e): equip
    that attaches only to a creature with the quality: "[Cost]: Attach this
    permanent to target [quality] creature you control.  Activate only as a
    sorcery."."""

    quality: Any
    cost: Any

    @property
    def name(self) -> str:
        return "equip"


@dataclass(frozen=True, slots=True)
class KeywordNumberCost(Node):
    """ "Suspend 4—{1}{U}", "Reinforce 2—{2}{W}"."""

    name: str
    amount: Any
    cost: Any


@dataclass(frozen=True, slots=True)
class Protection(Node):
    """ "protection from red and from blue", "hexproof from black" (702.16, 702.11d)."""

    keyword: str
    qualities: tuple[Any, ...]
    commas: Any = False  # True: "from A, from B, and from C"; "no comma": "from A, from B and from C"

    @property
    def name(self) -> str:
        from ..render import Renderer

        return Renderer().r(self)


@dataclass(frozen=True, slots=True)
class ProtectionQuality(Node):
    """What protection is from: a color, "everything", "all colors", objects."""

    what: Any


@dataclass(frozen=True, slots=True)
class Enchant(Node):
    """ "Enchant creature", "Enchant creature you control", "Enchant player" (702.5)."""

    what: Any

    @property
    def name(self) -> str:
        from ..render import Renderer

        return "enchant " + Renderer().r(self.what)


@dataclass(frozen=True, slots=True)
class Champion(Node):
    """ "Champion a Goblin" (702.72): two linked abilities (607.2k, rule L-k)."""

    what: Any

    @property
    def name(self) -> str:
        return "champion"


@dataclass(frozen=True, slots=True)
class Affinity(Node):
    """ "Affinity for artifacts" (702.41)."""

    what: Any

    @property
    def name(self) -> str:
        return "affinity"


@dataclass(frozen=True, slots=True)
class BandsWith(Node):
    """ "Bands with other legendary creatures", "bands with other creatures
    named Wolves of the Hunt" (702.22c: banding only with the objects
    described); ``what`` the description, "other" in it as written."""

    what: Any
    lower: bool = False  # 'have "bands with other legendary creatures."': written in lower case

    @property
    def name(self) -> str:
        return "bands with other"


@dataclass(frozen=True, slots=True)
class PartnerWith(Node):
    """ "Partner with [name]" (702.124j)."""

    partner: str

    @property
    def name(self) -> str:
        return "partner with"


@dataclass(frozen=True, slots=True)
class KeywordCostIs(Node):
    """ "The flashback cost is equal to its mana cost." (702.34a), "Its
    harmonize cost is equal to its mana cost.": the cost of a keyword another
    ability grants.  ``whose`` is the possessive before the keyword (None:
    "The"), ``of`` the object whose mana cost it is."""

    keyword: str
    of: Any
    whose: Any = None


@dataclass(frozen=True, slots=True)
class KeywordLine(Node):
    """A line of keywords: "Hexproof, haste" (``separator`` "," or ";")."""

    keywords: tuple[Any, ...]
    separator: str = ","
    period: bool = False  # 'has "cumulative upkeep {1}."': a quoted keyword with its period


@dataclass(frozen=True, slots=True)
class Kicker(Node):
    """Kicker and Multikicker (702.33): one parametrised ability.

    ``costs`` has one entry ("Kicker {2}{G}") or two ("Kicker {1}{U} and/or
    {2}{B}", rule K2, which is two kicker abilities).  ``multi`` is
    Multikicker: the cost may be paid any number of times (K3).
    """

    costs: tuple[Any, ...]
    multi: bool = False


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


def _name(toks: tuple[Any, ...]) -> str:
    """A keyword's name in lower case, but for proper nouns inside it
    ("splice onto Arcane")."""
    words = [str(t) for t in toks if isinstance(t, Token)]
    name = " ".join(w if i and w[:1].isupper() else w.lower() for i, w in enumerate(words))
    return name.replace(" !", "!")  # "start your engines!"


def _mana_cost_node(cost: Any) -> Any:
    if isinstance(cost, tuple):  # "Echo—Discard a card" without its period
        return cost[1]
    if isinstance(cost, ManaCost):
        return Cost((cost,), span=cost.span)
    return cost


@builds("kw_plain")
def _kw_plain(meta: Any, *toks: Any) -> Keyword:
    return Keyword(_name(toks), span=span(meta))


@builds("kw_n_or_plain_bare")
def _kw_bare(meta: Any, *toks: Any) -> Keyword:
    return Keyword(_name(toks), span=span(meta))


@builds("kw_number_name", "kw_cost_name", "kw_number_cost_name", "kw_from_name", "landwalk_prefix")
def _kw_name(meta: Any, *toks: Any) -> str:
    return _name(toks)


@builds("kw_name_only")
def _kw_name_only(meta: Any, part: Any) -> Keyword:
    """A keyword that takes a cost, named without it: "a card with cycling",
    "creatures with morph"."""
    return Keyword(part if isinstance(part, str) and not isinstance(part, Token) else _name((part,)), span=span(meta))


@builds("kw_number")
def _kw_number(meta: Any, name: str, amount: Any, where: Any = None) -> KeywordNumber:
    return KeywordNumber(name, amount, where, span=span(meta))


@builds("kw_number_where")
def _kw_number_where(meta: Any, name: str, amount: Any, where: Any) -> KeywordNumber:
    return KeywordNumber(name, amount, where, period=True, span=span(meta))


@builds("kw_cost_or_plain_bare")
def _kw_cost_or_plain_bare(meta: Any, *toks: Any) -> Keyword:
    return Keyword(_name(toks), span=span(meta))


@builds("kw_ability_name")
def _kw_ability_name(meta: Any, *toks: Any) -> str:
    return _name(toks)


@builds("keyword_ability")
def _keyword_ability(meta: Any, name: str, ability: Any) -> KeywordAbility:
    from .card import ActivatedAbility

    if vocabulary.keywords().get(name) == "activated" and not isinstance(ability, ActivatedAbility):
        raise TextError(f"{name.capitalize()} names an activated ability: '{name.capitalize()} — [cost]: [effect]'",
                        span=span(meta))  # fmt: skip
    return KeywordAbility(name, ability, span=span(meta))


@builds("kw_gift")
def _kw_gift(meta: Any, what: Gift) -> Gift:
    return Gift(what.what, what.tapped, what.article, span=span(meta))


BUILDERS["gift_card"] = lambda meta: Gift("card", span=span(meta))
BUILDERS["gift_extra_turn"] = lambda meta: Gift("extra turn", article="an", span=span(meta))


@builds("gift_token")
def _gift_token(meta: Any, subtype: Any) -> Gift:
    word = str(subtype)
    return Gift(word, article="an" if word[:1].lower() in "aeiou" else "a", span=span(meta))


@builds("gift_tapped_token")
def _gift_tapped_token(meta: Any, subtype: Any) -> Gift:
    return Gift(str(subtype), tapped=True, span=span(meta))


class _AtLeast:
    """ "one or more" with no objects, while a Craft is built (not a node)."""

    __slots__ = ("count",)

    def __init__(self, count: Any) -> None:
        self.count = count


@builds("kw_cost_is_the")
def _kw_cost_is_the(meta: Any, keyword: str, of: Any) -> KeywordCostIs:
    return KeywordCostIs(keyword, of, span=span(meta))


@builds("kw_cost_is_whose")
def _kw_cost_is_whose(meta: Any, whose: Any, keyword: str, of: Any) -> KeywordCostIs:
    return KeywordCostIs(keyword, of, whose, span=span(meta))


BUILDERS["kw_cost_sentence"] = lambda meta, node, *dot: node


@builds("kw_craft")
def _kw_craft(meta: Any, materials: Any, cost: Any) -> Craft:
    if isinstance(materials, _AtLeast):
        return Craft(None, _mana_cost_node(cost), materials.count, span=span(meta))
    return Craft(materials, _mana_cost_node(cost), span=span(meta))


BUILDERS["craft_any"] = lambda meta, count: _AtLeast(count)


@builds("kw_equip_quality")
def _kw_equip_quality(meta: Any, quality: Any, cost: Any) -> EquipQuality:
    return EquipQuality(quality, _mana_cost_node(cost), span=span(meta))


@builds("kw_cost_kw")
def _kw_cost(meta: Any, name: str, cost: Any) -> KeywordWithCost:
    return KeywordWithCost(name, _mana_cost_node(cost), not isinstance(cost, tuple), span=span(meta))


@builds("kw_cycling")
def _kw_cycling(meta: Any, cost: Any) -> KeywordWithCost:
    return KeywordWithCost("cycling", _mana_cost_node(cost), span=span(meta))


@builds("kw_number_cost")
def _kw_number_cost(meta: Any, name: str, amount: Any, cost: Any) -> KeywordNumberCost:
    return KeywordNumberCost(name, amount, _mana_cost_node(cost), span=span(meta))


BUILDERS["dash_cost"] = lambda meta, cost: cost
BUILDERS["dash_cost_open"] = lambda meta, cost: ("open", cost)


@builds("kw_from")
def _kw_from(meta: Any, name: str, qualities: tuple[Any, ...]) -> Protection:
    return Protection(name.split()[0], qualities[0], qualities[1], span=span(meta))


@builds("from_list")
def _from_list(meta: Any, *qualities: Any) -> tuple[tuple[Any, ...], Any]:
    commas = len(qualities) > 2
    return tuple(qualities), commas


@builds("from_list_no_comma")
def _from_list_no_comma(meta: Any, *qualities: Any) -> tuple[tuple[Any, ...], Any]:
    return tuple(qualities), "no comma"


def _prot(word: str) -> Any:
    return lambda meta, *a: ProtectionQuality(word, span=span(meta))


for _rule, _word in (
    ("prot_all_colors", "all colors"), ("prot_everything", "everything"),
    ("prot_chosen_color", "the chosen color"), ("prot_chosen_player", "the chosen player"),
    ("prot_color_choice", "the color of your choice"), ("prot_opponents", "each of your opponents"),
    ("prot_multicolored", "multicolored"), ("prot_monocolored", "monocolored"),
    ("prot_colorless", "colorless"),
):  # fmt: skip
    BUILDERS[_rule] = _prot(_word)
BUILDERS["prot_color"] = lambda meta, color: ProtectionQuality(color, span=span(meta))
BUILDERS["color_adj"] = lambda meta, tok: str(tok).lower()
BUILDERS["prot_objects"] = lambda meta, f: ProtectionQuality(f, span=span(meta))


@builds("prot_mana_value")
def _prot_mana_value(meta: Any, amount: Any) -> ProtectionQuality:
    return ProtectionQuality(("mana value", amount), span=span(meta))


@builds("kw_enchant")
def _kw_enchant(meta: Any, what: Any) -> Enchant:
    return Enchant(what, span=span(meta))


BUILDERS["enchant_player"] = lambda meta: _player_noun("player", meta)
BUILDERS["enchant_opponent"] = lambda meta: _player_noun("opponent", meta)


def _player_noun(word: str, meta: Any) -> Any:
    from .objects import Noun, ObjectFilter

    return ObjectFilter((Noun(word),), span=span(meta))


@builds("kw_champion")
def _kw_champion(meta: Any, what: Any) -> Champion:
    from .objects import AnObject

    if not isinstance(what, AnObject):
        raise TextError("Champion names what it champions, like 'Champion a Goblin'", span=span(meta))
    return Champion(what, span=span(meta))


@builds("kw_bands_with")
def _kw_bands_with(meta: Any, word: Any, what: Any) -> BandsWith:
    return BandsWith(what, str(word).islower(), span=span(meta))


@builds("kw_affinity")
def _kw_affinity(meta: Any, what: Any) -> Affinity:
    return Affinity(what, span=span(meta))


@builds("kw_landwalk")
def _kw_landwalk(meta: Any, *parts: Any) -> Keyword:
    if len(parts) == 1 and isinstance(parts[0], Token):
        word = str(parts[0]).lower()
        land = word[: -len("walk")]
        if vocabulary.subtype(land.capitalize()) is None and land not in ("land",):
            raise TextError(f"'{word}': '{land}' is not a land type", parts[0])
        return Keyword(word, span=span(meta))
    return Keyword(f"{parts[0]} landwalk", span=span(meta))


@builds("kw_landwalk_chosen")
def _kw_landwalk_chosen(meta: Any, *parts: Any) -> Keyword:
    """ "landwalk of the chosen type", "snow landwalk of the chosen type"
    (702.14: the land type chosen as the ability's source entered or was
    activated)."""
    kw = _kw_landwalk(meta, *parts)
    if kw.name not in ("landwalk", "snow landwalk", "nonbasic landwalk", "legendary landwalk", "basic landwalk"):
        raise TextError(f"'{kw.name} of the chosen type': only landwalk names a chosen type", span=span(meta))
    return Keyword(f"{kw.name} of the chosen type", span=span(meta))


@builds("kw_typecycling")
def _kw_typecycling(meta: Any, *parts: Any) -> KeywordWithCost:
    if len(parts) == 1:  # "basic landcycling {1}"
        return KeywordWithCost("basic landcycling", _mana_cost_node(parts[0]), span=span(meta))
    tok, cost = parts
    word = str(tok).lower()
    prefix = word[: -len("cycling")]
    if prefix != "land" and vocabulary.subtype(prefix.capitalize()) is None:
        raise TextError(f"'{word}': '{prefix}' is not a type", tok)
    return KeywordWithCost(word, _mana_cost_node(cost), span=span(meta))


@builds("kw_offering")
def _kw_offering(meta: Any, tok: Any) -> Keyword:
    return Keyword(f"{tok} offering", span=span(meta))


@builds("kw_partner_with")
def _kw_partner_with(meta: Any, name: str) -> PartnerWith:
    return PartnerWith(name, span=span(meta))


@builds("kw_sep")
def _kw_sep(meta: Any, tok: Any) -> str:
    return str(tok)


@builds("keyword_line")
def _keyword_line(meta: Any, *kws: Any) -> KeywordLine:
    seps = [k for k in kws if isinstance(k, str)]
    return KeywordLine(tuple(k for k in kws if not isinstance(k, str)), seps[0] if seps else ",",
                       span=span(meta))  # fmt: skip


@builds("keyword_list")
def _keyword_list(meta: Any, *kws: Any) -> tuple[Any, ...]:
    return tuple(k for k in kws if not isinstance(k, Token))


@builds("keyword_list_or")
def _keyword_list_or(meta: Any, *kws: Any) -> tuple[Any, ...]:
    from .verbs import KeywordChoice

    return (KeywordChoice(tuple(k for k in kws if not isinstance(k, Token)), span=span(meta)),)


@builds("kicker_mana")
def _kicker_mana(meta: Any, cost: Any) -> Kicker:
    return Kicker((_mana_cost_node(cost),), span=span(meta))


@builds("kicker_two")
def _kicker_two(meta: Any, first: Any, second: Any) -> Kicker:
    return Kicker((_mana_cost_node(first), _mana_cost_node(second)), span=span(meta))


@builds("kicker_cost")
def _kicker_cost(meta: Any, cost: Any) -> Kicker:
    return Kicker((cost,), span=span(meta))


@builds("multikicker_mana")
def _multikicker_mana(meta: Any, cost: Any) -> Kicker:
    return Kicker((_mana_cost_node(cost),), multi=True, span=span(meta))


@builds("multikicker_cost")
def _multikicker_cost(meta: Any, cost: Any) -> Kicker:
    return Kicker((cost,), multi=True, span=span(meta))


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------

KICKER_REMINDER = "You may pay an additional {cost} as you cast this spell."
MULTIKICKER_REMINDER = "You may pay an additional {cost} any number of times as you cast this spell."
COST_KICKER_REMINDER = "You may {cost} in addition to any other costs as you cast this spell."


from .mana import Cost, ManaCost  # noqa: E402


def _pure_mana(cost: Any) -> bool:
    from .mana import ManaCost

    return len(cost.parts) == 1 and isinstance(cost.parts[0], ManaCost)


def cost_after_keyword(r: Any, cost: Any) -> str:
    """ " {2}{G}" for a mana cost, "—Sacrifice a creature." otherwise."""
    if _pure_mana(cost):
        return " " + r(cost)
    return "—" + r(cost) + "."


@renders(Keyword)
def _r_keyword(r: Any, n: Keyword, **ctx: Any) -> str:
    return n.name


@renders(KeywordWithCost)
def _r_keyword_cost(r: Any, n: KeywordWithCost, **ctx: Any) -> str:
    text = n.name + cost_after_keyword(r, n.cost)
    return text if n.period else text.removesuffix(".")


@renders(KeywordNumber)
def _r_keyword_number(r: Any, n: KeywordNumber, **ctx: Any) -> str:
    if n.where is not None:
        return f"{n.name} {r(n.amount)}{r(n.where)}" + ("." if n.period else "")
    return f"{n.name} {r(n.amount)}"


@renders(KeywordAbility)
def _r_keyword_ability(r: Any, n: KeywordAbility, **ctx: Any) -> str:
    return f"{capitalize(n.name)} — {r(n.ability)}"


@renders(KeywordCostIs)
def _r_keyword_cost_is(r: Any, n: KeywordCostIs, capital: bool = True, **ctx: Any) -> str:
    from .objects import possessive_text

    whose = "the" if n.whose is None else possessive_text(r, n.whose)
    text = f"{whose} {n.keyword} cost is equal to {possessive_text(r, n.of)} mana cost."
    return capitalize(text) if capital else text


@renders(Gift)
def _r_gift(r: Any, n: Gift, **ctx: Any) -> str:
    return f"gift {n.article} " + ("tapped " if n.tapped else "") + n.what


@renders(Craft)
def _r_craft(r: Any, n: Craft, **ctx: Any) -> str:
    what = f"{r(n.at_least)} or more" if n.materials is None else r(n.materials)
    return f"craft with {what} {r(n.cost)}"


@renders(EquipQuality)
def _r_equip_quality(r: Any, n: EquipQuality, **ctx: Any) -> str:
    return f"equip {r(n.quality)} {r(n.cost)}"


@renders(KeywordNumberCost)
def _r_keyword_number_cost(r: Any, n: KeywordNumberCost, **ctx: Any) -> str:
    cost = r(n.cost) if _pure_mana(n.cost) else r(n.cost) + "."
    return f"{n.name} {r(n.amount)}—{cost}"


@renders(Protection)
def _r_protection(r: Any, n: Protection, **ctx: Any) -> str:
    items = [f"from {r(q)}" for q in n.qualities]
    if n.commas == "no comma":
        return f"{n.keyword} " + ", ".join(items[:-1]) + " and " + items[-1]
    if n.commas:
        return f"{n.keyword} " + ", ".join(items[:-1]) + ", and " + items[-1]
    return f"{n.keyword} " + " and ".join(items)


@renders(ProtectionQuality)
def _r_protection_quality(r: Any, n: ProtectionQuality, **ctx: Any) -> str:
    if isinstance(n.what, str):
        return n.what
    if isinstance(n.what, tuple):
        return f"mana value {r(n.what[1])}"
    return r(n.what, plural=True)


@renders(Enchant)
def _r_enchant(r: Any, n: Enchant, **ctx: Any) -> str:
    return f"enchant {r(n.what)}"


@renders(Champion)
def _r_champion(r: Any, n: Champion, **ctx: Any) -> str:
    return f"champion {r(n.what)}"


@renders(Affinity)
def _r_affinity(r: Any, n: Affinity, **ctx: Any) -> str:
    return f"affinity for {r(n.what, plural=True)}"


@renders(BandsWith)
def _r_bands_with(r: Any, n: BandsWith, **ctx: Any) -> str:
    return f"bands with {r(n.what)}"


@renders(PartnerWith)
def _r_partner_with(r: Any, n: PartnerWith, **ctx: Any) -> str:
    return f"partner with {n.partner}"


@renders(KeywordLine)
def _r_keyword_line(r: Any, n: KeywordLine, **ctx: Any) -> str:
    parts = [r(k) for k in n.keywords]
    text = f"{n.separator} ".join(parts)
    if not (n.keywords and isinstance(n.keywords[0], BandsWith) and n.keywords[0].lower):
        text = capitalize(text)
    return text + ("." if n.period else "")


@renders(Kicker)
def _r_kicker(r: Any, n: Kicker, **ctx: Any) -> str:
    word = "Multikicker" if n.multi else "Kicker"
    if len(n.costs) == 2:
        a, b = (r(c) for c in n.costs)
        text = f"{word} {a} and/or {b}"
        return text + r.reminder(
            f"You may pay an additional {a} and/or {b} as you cast this spell."
        )
    cost = n.costs[0]
    if _pure_mana(cost):
        text = f"{word} {r(cost)}"
        template = MULTIKICKER_REMINDER if n.multi else KICKER_REMINDER
        return text + r.reminder(template.format(cost=r(cost)))
    text = f"{word}—{r(cost)}."
    how = " and ".join("pay " + r(p) if isinstance(p, ManaCost) else r(p, capital=False) for p in cost.parts)
    if n.multi:
        how += " any number of times"
    return text + r.reminder(COST_KICKER_REMINDER.format(cost=how))


