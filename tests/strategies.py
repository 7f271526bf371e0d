"""Hypothesis strategies that compose card wording from its pieces, as a
designer would: any amount in any numeric slot, any countable after "for
each", any subject before any verb that takes one, descriptions with
coordinated adjectives and qualities, durations first or last.

Every text drawn is valid current Oracle English, written canonically, so
the properties over it are strong: it must parse (the grammar composes),
render back to exactly the same text, and parse again to the same AST.
"""

from __future__ import annotations

from hypothesis import strategies as st

from cardtext.grammar.render import number_word, third_person

# --------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------

PLAYERS = (  # (text, takes the third-person verb)
    ("you", False), ("target player", True), ("target opponent", True), ("each player", True),
    ("each opponent", True), ("each other player", True), ("another target player", True),
)  # fmt: skip

COUNTABLES = (
    "creature you control", "artifact you control", "land you control", "Goblin you control",
    "card in your hand", "creature card in your graveyard", "time this spell was kicked",
    "opponent you have", "nonland permanent an opponent controls", "Elf on the battlefield",
    "red or green creature you control", "artifact, enchantment, or land you control",
)  # fmt: skip

QUANTITIES = (  # what "equal to" and "where X is" take
    "the number of creatures you control", "the number of cards in your hand",
    "the number of times this spell was kicked", "twice the number of lands you control",
    "your life total", "the number of Zombies you control", "the greatest power among creatures you control",
)  # fmt: skip

ADJECTIVES = ("red", "green", "nonblack", "attacking", "tapped", "red or green", "white or blue", "legendary")
NOUNS = ("creature", "artifact", "enchantment", "permanent", "Goblin", "artifact or enchantment", "Zombie")
QUALITIES = (
    "you control", "an opponent controls", "with flying", "with power 2 or less", "with mana value 3 or greater",
    "you don't control", "with toughness 4 or greater", "that's attacking",
)  # fmt: skip

KEYWORDS = ("flying", "trample", "deathtouch", "lifelink", "menace", "vigilance", "haste", "hexproof")


def amounts(*, word: bool) -> st.SearchStrategy[tuple[int, str]]:
    """An amount and how it is written: words for cards ("two cards"),
    digits for life and damage ("3 life")."""
    return st.integers(min_value=1, max_value=9).map(lambda n: (n, number_word(n) if word else str(n)))


def _measured(n: int, text: str, singular: str, plural: str) -> str:
    if n == 1:
        return f"a {singular}" if text == "one" else f"{text} {singular}"
    return f"{text} {plural}"


@st.composite
def descriptions(draw: st.DrawFn) -> str:
    """ "red or green creature with flying", "nonblack attacking creature you control"."""
    adjs = draw(st.lists(st.sampled_from(ADJECTIVES), max_size=2, unique=True))
    if len(adjs) == 2 and (" or " in adjs[0] or " or " in adjs[1]):
        adjs = adjs[:1]  # "red or green nonblack" reads oddly; one coordinated group is enough
    noun = draw(st.sampled_from(NOUNS))
    quality = draw(st.sampled_from(("", *QUALITIES)))
    return " ".join(x for x in (*adjs, noun, quality) if x)


def _verb(base: str, third: bool) -> str:
    return third_person(base) if third else base


# --------------------------------------------------------------------------
# Instructions
# --------------------------------------------------------------------------


@st.composite
def player_instructions(draw: st.DrawFn) -> tuple[str, str]:
    """A player's instruction with an amount: (subject + verb phrase, the
    verb phrase alone in the imperative)."""
    who, third = draw(st.sampled_from(PLAYERS))
    kind = draw(st.sampled_from(("draw", "gain", "lose", "discard", "mill")))
    n, text = draw(amounts(word=kind in ("draw", "discard", "mill")))
    rest = f"{text} life" if kind in ("gain", "lose") else _measured(n, text, "card", "cards")
    return f"{who} {_verb(kind, third)} {rest}", f"{kind} {rest}"


@st.composite
def object_instructions(draw: st.DrawFn) -> str:
    """An instruction on objects with an amount (imperative)."""
    kind = draw(st.sampled_from(("damage", "tokens", "counters", "pump")))
    if kind == "damage":
        n, text = draw(amounts(word=False))
        return f"this spell deals {text} damage to any target"
    if kind == "tokens":
        n, text = draw(amounts(word=True))
        color = draw(st.sampled_from(("white", "green", "black", "red")))
        sub = draw(st.sampled_from(("Soldier", "Saproling", "Zombie", "Goblin", "Dog")))
        return "create " + _measured(n, text, f"1/1 {color} {sub} creature token", f"1/1 {color} {sub} creature tokens")
    if kind == "counters":
        n, text = draw(amounts(word=True))
        return "put " + _measured(n, text, "+1/+1 counter", "+1/+1 counters") + f" on target {draw(descriptions())}"
    p = draw(st.integers(min_value=1, max_value=4))
    return f"target {draw(descriptions())} gets +{p}/+{p} until end of turn"


@st.composite
def sentences(draw: st.DrawFn) -> str:
    """One sentence of a spell, composed."""
    shape = draw(st.sampled_from(("player", "object", "for_each", "leading_for_each", "equal_to", "destroy",
                                  "gains", "until_first")))  # fmt: skip
    if shape == "player":
        text, _ = draw(player_instructions())
        tail = draw(st.sampled_from(("", " for each " + draw(st.sampled_from(COUNTABLES)))))
        return text + tail
    if shape == "object":
        return draw(object_instructions()) + draw(st.sampled_from(("", " for each " + draw(st.sampled_from(COUNTABLES)))))
    if shape == "for_each":
        text = draw(st.one_of(player_instructions().map(lambda t: t[0]), object_instructions()))
        return f"{text} for each {draw(st.sampled_from(COUNTABLES))}"
    if shape == "leading_for_each":
        text = draw(st.one_of(player_instructions().map(lambda t: t[0]), object_instructions()))
        return f"for each {draw(st.sampled_from(COUNTABLES))}, {text}"
    if shape == "equal_to":
        quantity = draw(st.sampled_from(QUANTITIES))
        kind = draw(st.sampled_from(("draw", "gain", "damage", "tokens", "mill")))
        if kind == "draw":
            return f"draw cards equal to {quantity}"
        if kind == "gain":
            return f"you gain life equal to {quantity}"
        if kind == "mill":
            return f"target player mills cards equal to {quantity}"
        if kind == "tokens":
            return f"create a number of 1/1 green Saproling creature tokens equal to {quantity}"
        return f"this spell deals damage to any target equal to {quantity}"
    if shape == "destroy":
        verb = draw(st.sampled_from(("destroy", "exile", "tap", "return")))
        det = draw(st.sampled_from(("target", "another target", "up to two target", "each", "all")))
        what = draw(descriptions())
        plural = det in ("up to two target", "all")
        if plural:
            what = _plural_description(what)
        tail = " to its owner's hand" if verb == "return" and not plural else (
            " to their owners' hands" if verb == "return" else "")  # fmt: skip
        return f"{verb} {det} {what}{tail}"
    if shape == "gains":
        kws = draw(st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=2, unique=True))
        return f"target {draw(descriptions())} gains {' and '.join(kws)} until end of turn"
    kws = draw(st.sampled_from(KEYWORDS))
    return f"until end of turn, target {draw(descriptions())} gains {kws}"


_IRREGULAR = {"Elf": "Elves", "artifact or enchantment": "artifacts or enchantments"}


def _plural_description(what: str) -> str:
    for noun in sorted(NOUNS, key=len, reverse=True):
        if f" {noun}" in f" {what}":
            plural = _IRREGULAR.get(noun) or " or ".join(w + "s" for w in noun.split(" or "))
            what = (" " + what).replace(f" {noun}", f" {plural}", 1).strip()
            break
    return what.replace("that's", "that are")


@st.composite
def spell_texts(draw: st.DrawFn) -> str:
    """One or two sentences of an instant or sorcery."""
    parts = draw(st.lists(sentences(), min_size=1, max_size=2))
    return " ".join(p[:1].upper() + p[1:] + "." for p in parts)
