"""A contextual lexer for card text, plugged into Lark's LALR parser.

Card text is words, numbers, symbols in braces and a little punctuation.
This lexer splits the text with one regular expression (every pattern of it
linear: no nested repetition), then gives each piece the terminal type the
parser can take in its current state, as Lark's contextual lexer would:

* a word is a keyword of the grammar ("destroy", "When") when the state
  takes that keyword; a possessive or contraction is one keyword where the
  grammar has it as one ("opponent's", "it's");
* a capitalised word is a SUBTYPE only when the subtype table lists it (or
  a type line of the cards being read declares it) — see
  :mod:`cardtext.grammar.vocabulary`;
* some terminals look past themselves (:data:`LOOKAHEAD`): a comma is a
  list comma only when a short list ending in "or"/"and" follows; "and" joins
  two noun phrases only when a determiner follows; a word is a counter's
  kind only when "counter" follows; "may" offers an alternative cost (a
  cost, not an instruction, follows it) only when "rather than pay" comes
  later in the sentence.  This is how one LALR(1) grammar reads
  English coordination without conflicts.

The terminals come from the grammar (``lexer_conf.terminals``); a regular
expression terminal this lexer doesn't know is an error when the parser is
built, so the grammar and the lexer can't drift apart silently.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, NoReturn

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer, LexerState

from . import vocabulary

_WORD_PIECE = r"[A-Za-z][A-Za-z0-9]*(?:'t|'re|'ve|'ll|'d)?(?:-[A-Za-z0-9]+)*(?:'(?![A-Za-z]))?"

_PUNCTUATION = '.,:;"/!'
"""The punctuation marks that are pieces of one character (no other piece
starts with them)."""

# Pieces of text, in the order they are tried.  Each group names a kind of piece.
# Mana symbols and the card's name are read on their own (_MANA, _NAME_RUNS).
_PIECES = re.compile(
    r"""
    (?P<space>[ \t\r\n]+)
    | (?P<reminder>\([^()\n]*\))
    | (?P<ptmod>[+-](?:\d+|X)/[+-](?:\d+|X))
    | (?P<loyalty>\[?[+−-](?:\d+|X)\]?(?=[ ]*:)|\[?0\]?(?=[ ]*:))
    | (?P<pt>(?:\d+\+\*|\d+|X|\*)/(?:\d+\+\*|\d+|X|\*))
    | (?P<signed>[+-]\d+(?![/\d]))
    | (?P<number>\d+)
    | (?P<andor>and/or\b)
    | (?P<word>""" + _WORD_PIECE + r""")
    | (?P<poss>'s\b)
    | (?P<dash>—|--?)
    | (?P<bullet>•)
    | (?P<punct>[""" + re.escape(_PUNCTUATION) + r"""])
    | (?P<plus>\+)
    """,
    re.VERBOSE,
)

_MANA = re.compile(r"\{[^{}\n]{0,12}\}")
"""A mana symbol (no piece of _PIECES starts with "{")."""
_NAME_RUNS = {"\ue000": (re.compile("\ue000+"), "SELF"), "\ue001": (re.compile("\ue001+"), "SELF_SHORT")}
"""The card's name and short name (no piece of _PIECES starts with their
characters), and their terminals."""

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'!-]*")
_WORD_ONLY = re.compile(_WORD_PIECE)
_WORD_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWYZbcdefghijklmnopqrstuvwxyz")
"""The letters only a word starts with among the pieces ("a" may start
"and/or", "X" a power/toughness): there a word is matched on its own."""
_NEXT_WORD = re.compile(r"\s*([A-Za-z][A-Za-z'/-]*)")
_BLANKS = re.compile(r"\s*")
_LIST_WORD = re.compile(r"[A-Za-z/+-]+|\ue000+")
_TOP = re.compile(r"\s+top\b")
_KW_NEXT = re.compile(r"\s+(?:(?:and|or)\s+)?([a-z][a-z-]*)", re.IGNORECASE)
_COUNTER_WORD = re.compile(r"[a-z][a-z-]*(?= counters?\b)")
_LOYALTY_COST = re.compile(r"\[?[+−-]?(?:\d+|X)\]?\s*:")
_COST_END = re.compile(r'[\n"().:]')

# Regular-expression terminals, by the kind of piece they are made from.
_PARTICIPLES = {"attacking": "_POST_ATTACKING", "blocking": "_POST_BLOCKING",
                "blocked": "_POST_BLOCKED", "tapped": "_POST_TAPPED"}

_BY_PIECE = {
    "SELF": "self", "SELF_SHORT": "short", "MANA_SYMBOL": "mana", "PT": "pt", "PT_MOD": "ptmod",
    "NUMBER": "number", "SIGNED_NUMBER": "signed", "LOYALTY_COST": "loyalty", "_DASH": "dash", "_BULLET": "bullet",
    "SUBTYPE": "word", "NONSUBTYPE": "word", "LANDWALK": "word", "TYPECYCLING": "word",
    "CHAPTER": "word", "NAME_WORD": "word", "LABEL_WORD": "word", "KEYWORD_WORD": "word",
    "QUOTE": "punct", "_POST_ATTACKING": "word", "_POST_BLOCKING": "word", "_POST_BLOCKED": "word",
    "_POST_TAPPED": "word",
}  # fmt: skip

# ---------------------------------------------------------------------------
# Look-ahead terminals: name → function(text, pos) → length matched, or 0.
# ---------------------------------------------------------------------------

_LIST_END = {"or", "and", "and/or"}
_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x"}
_STOP = {".", ";", ":", '"'}
_ADJ_WORDS = {
    "nonartifact", "noncreature", "nonland", "nonenchantment", "nonplaneswalker", "nonblack",
    "nonwhite", "nonblue", "nonred", "nongreen", "nontoken", "nonlegendary", "nonbasic", "nonsnow",
    "tapped", "untapped", "attacking", "blocking", "legendary", "basic", "snow", "white", "blue",
    "black", "red", "green", "colorless", "multicolored", "monocolored", "face-down", "face-up",
}  # fmt: skip
_DETERMINERS = {"target", "each", "all", "another", "up", "any", "other", "two", "three", "x"}


def _list_comma(text: str, pos: int) -> int | None:
    """A comma inside a list of one- or two-word items ending in "or"/"and"
    ("artifact, creature, or land"; "red, green, or white")."""
    if text[pos] != ",":
        return None
    i = pos + 1
    words = 0
    while i < len(text):
        m = _BLANKS.match(text, i)
        i = m.end() if m else i
        if i >= len(text):
            return None
        ch = text[i]
        if ch == ",":
            if words == 0 or words > 2:
                return None
            words = 0
            i += 1
            continue
        if ch in _STOP or ch == "\n":
            return None
        wm = _LIST_WORD.match(text, i)
        if not wm:
            return None
        word = wm.group(0).lower()
        if word in _LIST_END:
            nxt = _NEXT_WORD.match(text, wm.end())
            if words > 2 or not nxt:
                return None
            follow = nxt.group(1)
            ok = (follow.lower() in _descriptor_words() or follow.lower() in _NUMBER_WORDS
                  or vocabulary.subtype(follow) is not None or vocabulary.non_subtype(follow) is not None)  # fmt: skip
            return 1 if ok else None
        words += 1
        if words > 2:
            return None
        i = wm.end()
    return None


def _adj_comma(text: str, pos: int) -> int | None:
    """A comma between adjectives ("noncreature, nonland permanent")."""
    if text[pos] != ",":
        return None
    m = _NEXT_WORD.match(text, pos + 1)
    return 1 if m and m.group(1).lower() in _ADJ_WORDS else None


def _word_then(word: str, follow: set[str], after_you: bool = False) -> Callable[[str, int], int | None]:
    pattern = re.compile(rf"{re.escape(word)}\b", re.IGNORECASE)

    def match(text: str, pos: int) -> int | None:
        m = pattern.match(text, pos)
        if not m:
            return None
        nxt = _NEXT_WORD.match(text, m.end())
        if nxt and nxt.group(1).lower() in follow:
            return m.end() - pos
        if text.startswith(" \ue000", m.end()) or text.startswith(" \ue001", m.end()):
            return m.end() - pos  # "... and [this]"
        if nxt and nxt.group(1).lower() == "the" and _TOP.match(text, nxt.end()):
            return m.end() - pos  # "it and the top card of your library"
        if nxt and after_you and _YOU_BEFORE.search(text, max(0, pos - 5), pos) and nxt.group(1).lower() in _descriptor_words():
            return m.end() - pos  # "to you and creatures you control": a player, then a description without determiner
        if nxt and after_you and _YOU_BEFORE.search(text, max(0, pos - 5), pos) and _THAT_PLAYER.match(text, nxt.start(1)):
            return m.end() - pos  # "you and that player each draw three cards": two players
        return None

    return match


_YOU_BEFORE = re.compile(r"\byou ?$", re.IGNORECASE)
_COUNTER_VERB = re.compile(r"\bcounters? (?:target|that|it|the|each|all|up|any|another)\b[^.;:\"]*$", re.IGNORECASE)
_UNLESS_ITS_PAYS = re.compile(r"unless(?= its controller pays\b)", re.IGNORECASE)


def _unless_its(text: str, pos: int) -> int | None:
    """ "unless" of "counter target spell unless its controller pays {2}"
    (701.6): only after the verb "counter" in the same sentence, so another
    instruction's "unless its controller pays" stays the sentence's own."""
    m = _UNLESS_ITS_PAYS.match(text, pos)
    if m is None or not _COUNTER_VERB.search(text, max(0, pos - 120), pos):
        return None
    return len(m.group(0))


_THAT_PLAYER = re.compile(r"that (?:player|opponent)\b", re.IGNORECASE)

_OR_WHOSE = re.compile(r"or(?= that [a-z]+'s (?:controller|owner)\b)", re.IGNORECASE)


_OR_NEXT_EVENT = re.compile(r"or (?:a|an) (?:[A-Za-z'-]+ ){1,3}?enters\b")


def _np_or(text: str, pos: int) -> int | None:
    """ "or" between two noun phrases: before a determiner ("or target
    creature"), or before the player of an object named before ("that
    player or that planeswalker's controller"); not before "a color tied
    for most common" (the ties of "the most common color among ...")."""
    if text.startswith("or a color tied ", pos):
        return None
    if _OR_NEXT_EVENT.match(text, pos):
        return None  # "Whenever you cast a black spell or a Swamp enters ...": a second event's subject (603.2)
    found = _OR_BEFORE_NP(text, pos)
    if found is not None:
        return found
    m = _OR_WHOSE.match(text, pos)
    return len(m.group(0)) if m else None


_BLOCKS_BEFORE = re.compile(r"\bblocks? $", re.IGNORECASE)
_BLOCKED_BY_AFTER = re.compile(r"or becomes? blocked by\b", re.IGNORECASE)


def _not_shared_object(match: Callable[[str, int], int | None]) -> Callable[[str, int], int | None]:
    """"blocks or becomes blocked by a creature": one event whose object
    both verbs share (509.3b, 509.3d), not "blocks" alone and then another event."""

    def shared(text: str, pos: int) -> int | None:
        if _BLOCKED_BY_AFTER.match(text, pos) and _BLOCKS_BEFORE.search(text, max(0, pos - 7), pos):
            return None
        return match(text, pos)

    return shared


_NP_START = _DETERMINERS | {"a", "an", "you", "one"}
_OR_BEFORE_NP = _word_then("or", _NP_START)


def _descriptor_words() -> set[str]:
    """The words that can stand in a description (the grammar's noun_word and
    adjective rules in objects.lark), for "and"/"or" between descriptions."""
    if not _DESCRIPTOR_WORDS:
        text = (vocabulary.DATA.parent / "lang" / "objects.lark").read_text(encoding="utf-8")
        for rule in ("noun_word", "adjective"):
            m = re.search(rf"^!{rule}:(.*?)(?=^\S|\Z)", text, re.M | re.S)
            if m:
                _DESCRIPTOR_WORDS.update(re.findall(r'"([^"]+)"i', m.group(1)))
    return _DESCRIPTOR_WORDS


_DESCRIPTOR_WORDS: set[str] = set()


def _desc_coord(word: str) -> Callable[[str, int], int | None]:
    """ "or"/"and" inside a description: followed by another descriptor
    ("red or green creature", "artifacts and enchantments")."""
    pattern = re.compile(rf"{re.escape(word)}(?![\w/])", re.IGNORECASE)
    nxt_word = re.compile(r"\s+([A-Za-z][A-Za-z'-]*)")

    def match(text: str, pos: int) -> int | None:
        m = pattern.match(text, pos)
        if not m:
            return None
        nxt = nxt_word.match(text, m.end())
        if not nxt:
            return None
        w = nxt.group(1)
        if w.lower().endswith("'s"):  # "target artifact or creature's owner": the descriptor, then "'s"
            w = w[:-2]
        if w.lower() in _descriptor_words() or vocabulary.subtype(w) or vocabulary.non_subtype(w):
            return m.end() - pos
        return None

    return match


def _kw_comma(text: str, pos: int) -> int | None:
    """A comma inside a list of keywords ("flying, first strike, and haste")."""
    if text[pos] != ",":
        return None
    m = _KW_NEXT.match(text, pos + 1)
    if m and m.group(1).lower() in _keyword_first_words():
        return 1
    return None


_KW_AND = re.compile(r"and\b(?!/)", re.IGNORECASE)


def _kw_and(text: str, pos: int) -> int | None:
    """ "and" inside a list of keywords ("flying and first strike"), not the
    "and" that joins a second verb ("gains trample and gets +X/+X")."""
    m = _KW_AND.match(text, pos)
    if not m:
        return None
    nxt = _KW_NEXT.match(text, m.end())
    if nxt and nxt.group(1).lower() in _keyword_first_words():
        return 3
    return None


_KEYWORD_FIRST: set[str] = set()


def _keyword_first_words() -> set[str]:
    if not _KEYWORD_FIRST:
        _KEYWORD_FIRST.update(name.split()[0] for name in vocabulary.keywords())
        _KEYWORD_FIRST.update({"protection", "hexproof", "enchant", "plainswalk", "islandwalk", "swampwalk",
                               "mountainwalk", "forestwalk", "landwalk", "nonbasic", "legendary", "snow"})
    return _KEYWORD_FIRST


_NOT_COUNTER_KINDS = frozenset({
    "a", "an", "the", "no", "any", "all", "each", "with", "without", "of", "or", "and", "more", "fewer",
    "exactly", "many", "that", "those", "these", "its", "their", "your", "his", "her", "x", "on", "from",
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "additional",
    "had", "has", "have", "put", "puts", "remove", "removes", "get", "gets", "is", "are", "was", "were",
})  # fmt: skip
"""Words that stand before "counter" without naming its kind ("with a
counter", "no counters", "three or more counters", "its counters")."""


def _counter_word(text: str, pos: int) -> int | None:
    if text.find(" counter", pos) < 0:
        return None  # no "counter" after it: the cheap answer of most tries
    m = _COUNTER_WORD.match(text, pos)
    if m is None or m.group(0) in _NOT_COUNTER_KINDS:
        return None
    return len(m.group(0))


def _ability_word(text: str, pos: int) -> int | None:
    if text.find("—", pos) < 0 and text.find("-", pos) < 0:
        return None  # no dash after it: the cheap answer of most tries
    m = _ability_word_pattern().match(text, pos)
    if m:
        return len(m.group(0))
    m = _FLAVOR_WORD.match(text, pos)
    if m is None or _NOT_FLAVOR_WORD.fullmatch(m.group(0)) or m.group(0).lower() in vocabulary.keywords():
        return None
    return len(m.group(0))


_FLAVOR_WORD = re.compile(r"[A-Z][\w'’!?&-]*(?: [\w'’!?&-]+){0,9}(?= — )")
"""A flavor word (207.2d): a capitalised phrase of up to ten words before " — "
at the start of an ability ("Smear Campaign — ...", "I've Come Up with a New
Recipe! — ..."), which, like an ability word, has no rules meaning."""

_NOT_FLAVOR_WORD = re.compile(r"(?:I|II|III|IV|V|VI)|Choose .*|Exhaust")
"""Phrases before a dash that mean something: a Saga's chapter numbers (714.2),
the modal "Choose one —" (700.2), and the keyword ability exhaust (702.177),
whose dash is part of the keyword.  (A keyword of the keyword table is not a
flavor word either.)"""


@functools.cache
def _ability_words() -> tuple[str, ...]:
    """The ability words of the table (grammar/data/ability_words.txt)."""
    path = vocabulary.DATA / "ability_words.txt"
    return tuple(ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
                 if ln.strip() and not ln.startswith("#"))  # fmt: skip


@functools.cache
def _ability_word_pattern() -> re.Pattern[str]:
    """An ability word of the table (longest first) followed by its dash."""
    alternatives = "|".join(re.escape(w) for w in sorted(_ability_words(), key=len, reverse=True))
    return re.compile(rf"(?:{alternatives})(?=\s*(?:—|--?)\s)")


@functools.cache
def _keyword_dash_pattern() -> re.Pattern[str]:
    """A keyword that names an ability after its dash ("Exhaust — {2}: ...",
    702.177a; grammar/data/keywords.txt), followed by the dash."""
    named = [name.capitalize() for name, shape in vocabulary.keywords().items() if shape in ("activated", "ability")]
    alternatives = "|".join(re.escape(w) for w in sorted(named, key=len, reverse=True))
    return re.compile(rf"(?:{alternatives})(?=\s*(?:—|--?)\s)")


def _regex(pattern: str, flags: int = 0) -> Callable[[str, int], int | None]:
    compiled = re.compile(pattern, flags)

    def match(text: str, pos: int) -> int | None:
        m = compiled.match(text, pos)
        return len(m.group(0)) if m else None

    return match


def _cost_start(text: str, pos: int) -> int | None:
    """Zero-width, where an ability starts with its cost: the first ':' of the
    line comes before its first '.', outside quotation marks and reminder text."""
    if text.find(":", pos) < 0:
        return None  # no colon after it: the cheap answer of most tries
    depth = 0
    quoted = False
    if _LOYALTY_COST.match(text, pos):
        return None  # a loyalty ability's cost ("+2:", "−X:"), 606
    if _ability_word(text, pos) or _keyword_dash_pattern().match(text, pos):
        return None  # "Channel — {1}{G}, Discard this card: ...": the cost comes after the ability word
    search = _COST_END.search
    i = pos
    while True:
        m = search(text, i)
        if m is None:
            return None
        i = m.end()
        ch = m.group()
        if ch == "\n":
            return None
        if quoted:
            quoted = ch != '"'
        elif ch == '"':
            quoted = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif ch == ":":
            return 0
        elif ch == ".":
            return None


_ROLE_NAME = re.compile(r"[A-Z][A-Za-z'-]*(?: [A-Z][A-Za-z'-]*)*(?= Role tokens?\b)")


def _role_name(text: str, pos: int) -> int | None:
    """The name of a Role token: the capitalised words before "Role token"
    ("Young Hero" in "a Young Hero Role token", 111.10)."""
    if text.find(" Role token", pos) < 0:
        return None  # the cheap answer of most tries
    m = _ROLE_NAME.match(text, pos)
    return len(m.group(0)) if m else None


_VOTE_NAMED = re.compile(r"[a-z]+(?= gets more votes\b)")
_VOTE_COUNTED = re.compile(r"[a-z]+(?= vote\b)")
_VOTE_FIRST = re.compile(r"[a-z]+(?= or [a-z]+\.)")
_VOTE_SECOND = re.compile(r"[a-z]+(?=\.)")
_AFTER_FIRST = re.compile(r"votes for [a-z]+ or $")


def _vote_option(text: str, pos: int) -> int | None:
    """A word a vote may be for (701.38): "votes for sickness or
    psychosis", "if sickness gets more votes", "for each death vote"."""
    if text.find("vote", pos - 20 if pos > 20 else 0) < 0:
        return None  # the cheap answer of most tries
    m = _VOTE_NAMED.match(text, pos)
    if m is None and text.endswith("for each ", 0, pos):
        m = _VOTE_COUNTED.match(text, pos)
    if m is None and text.endswith("votes for ", 0, pos):
        m = _VOTE_FIRST.match(text, pos)
    if m is None and _AFTER_FIRST.search(text, max(0, pos - 40), pos):
        m = _VOTE_SECOND.match(text, pos)
    return len(m.group(0)) if m else None


LOOKAHEAD: dict[str, Callable[[str, int], int | None]] = {
    "_COST_START": _cost_start,
    "_THEN": _regex(r",[ ]+then\b", re.IGNORECASE),
    "_WHERE": _regex(r",[ ]+where\b", re.IGNORECASE),
    # "prevent the next 5 damage ... to any number of targets, divided as you choose" (601.2d)
    "_DIVIDED": _regex(r",[ ]+divided[ ]+as[ ]+you[ ]+choose\b", re.IGNORECASE),
    "LIST_COMMA": _list_comma,
    "ADJ_COMMA": _adj_comma,
    "_NP_AND": _word_then("and", _NP_START - {"you", "one"}, after_you=True),
    "_NP_OR": _np_or,
    "_NP_ANDOR": _word_then("and/or", _NP_START),
    "DESC_ANDOR": _desc_coord("and/or"),
    "DESC_AND": _desc_coord("and"),
    "DESC_OR": _desc_coord("or"),
    "KW_COMMA": _kw_comma,
    "_KW_AND": _kw_and,
    "_AND_DAMAGE": _regex(r"and(?= (?:\d+|X|a|an|one|two|three|four|five|six|seven|eight|nine|ten) damage\b)",
                          re.IGNORECASE),
    "_AND_QUOTE": _regex(r'and(?= ")'),
    # "if a creature card is exiled this way": the participle of what an instruction did (608.2c)
    "DONE_WORD": _regex(r"(?:tapped|untapped|sacrificed|exiled|revealed|discarded|destroyed|milled|returned|drawn"
                        r"|countered|created|chosen|prevented)(?= this way\b)", re.IGNORECASE),
    # "the number of red mana symbols in the mana costs of permanents you control" (chroma)
    "SYMBOL_COLOR": _regex(r"(?:white|blue|black|red|green)(?= mana symbols?\b)", re.IGNORECASE),
    "_AND_GET": _regex(r"and(?= gets?\b)", re.IGNORECASE),
    # "they each get +2/+2": "each" between a subject and its verb (not "each creature")
    "_EACH_VERB": _regex(r"each(?= (?:gains?|gets?|deals?|loses?|has|have|becomes?|can(?:'t)?|draws?|puts?|"
                         r"returns?|sacrifices?|fights?|creates?|discards?|mills?|explores?|connives?|"
                         r"endures?|attacks?|blocks?|assigns?|transforms?|phases?)\b)", re.IGNORECASE),
    "EV_OR": _not_shared_object(_word_then("or", {
        "dies", "die", "attacks", "attack", "blocks", "block", "leaves", "leave", "becomes", "become",
        "is", "are", "deals", "deal", "enters", "enter", "gains", "loses", "draws", "discards",
        "sacrifices", "cycles", "casts", "copies", "explores", "transforms", "taps",
        "cast", "play", "plays", "scry", "scries", "surveil", "surveils", "saddle", "saddles", "crew", "crews",
        "transform", "sacrifice", "discard", "draw", "cycle", "gain", "lose", "put", "puts",
    })),
    "_MODAL_CHOOSE": _regex(r"choose(?= (?:one|two|three|four|one or both|one or more|any number|up to "
                           r"(?:one|two|three)|one at random|x)(?: that hasn't been chosen(?: this turn)?)?\s*(?:—|--?|\.)"
                           r"| up to \w+ \{P\} worth of modes\.)",
                           re.IGNORECASE),
    "COUNTER_WORD": _counter_word,
    "VOTE_OPTION": _vote_option,
    "ROLE_NAME": _role_name,
    "ABILITY_WORD": _ability_word,
    "_MAY_RATHER": _regex(r"may(?=[^.\n\"]*\brather than pay\b)", re.IGNORECASE),
    "_AND_ONLY": _regex(r"and(?= only\b)", re.IGNORECASE),
    # "tapped and attacking", "tapped and transformed": one way a permanent enters
    # "each player who searched their library this way shuffles it.": "it" the library, at the sentence's end
    "_IT_LIBRARY": _regex(r"it(?=\.)", re.IGNORECASE),
    # "counter target spell unless its controller pays {2}": the counterspell's own "unless" (701.6)
    "_UNLESS_ITS": _unless_its,
    "AND_STATE": _regex(r"and(?= (?:attacking|transformed)\b)", re.IGNORECASE),
    # "in the command zone or on the battlefield": one state of two places
    "_OR_ON_BATTLEFIELD": _regex(r"or(?= on the battlefield\b)", re.IGNORECASE),
    # "your graveyard or hand", not "reveal a card from your hand or pay {2}"
    "_ZONE_OR": _regex(r"or(?= (?:graveyard|hand|library)\b)", re.IGNORECASE),
    # "your hand and graveyard", not "reveals three cards from their hand and you choose one of them"
    "_ZONE_AND": _regex(r"and(?= (?:graveyards?|hands?|library|libraries)\b)", re.IGNORECASE),
    "CASTS_LAST_TURN": _regex(r"casts(?=[^.,;\n]* last turn\b)", re.IGNORECASE),
    "_KICKER_DASH": _regex(r"Kicker[ ]*(?:—|--?)[ ]*"),
    "_MULTIKICKER_DASH": _regex(r"Multikicker[ ]*(?:—|--?)[ ]*"),
}
"""Terminals whose match depends on what follows them, tried (in this order)
where the parser's state takes them, before the ordinary pieces."""

FIRST_CHARS: dict[str, str] = {
    "_THEN": ",", "_WHERE": ",", "_DIVIDED": ",", "LIST_COMMA": ",", "ADJ_COMMA": ",", "KW_COMMA": ",", "_KW_AND": "aA",
    "_NP_AND": "aA", "_NP_OR": "oO", "_NP_ANDOR": "aA", "DESC_ANDOR": "aA", "DESC_AND": "aA",
    "DESC_OR": "oO", "EV_OR": "oO", "_AND_DAMAGE": "aA", "_AND_QUOTE": "a", "_AND_GET": "aA", "SYMBOL_COLOR": "wubrgWUBRG", "_EACH_VERB": "eE", "_MODAL_CHOOSE": "cC",
    "_KICKER_DASH": "K", "_MULTIKICKER_DASH": "M", "_MAY_RATHER": "mM", "_AND_ONLY": "aA", "AND_STATE": "aA", "_IT_LIBRARY": "iI", "_UNLESS_ITS": "uU", "_ZONE_AND": "aA", "_ZONE_OR": "oO", "_OR_ON_BATTLEFIELD": "oO", "CASTS_LAST_TURN": "cC",
    "COUNTER_WORD": string.ascii_lowercase,
    "VOTE_OPTION": string.ascii_lowercase,
    "ROLE_NAME": string.ascii_uppercase,
}
"""The characters a look-ahead terminal can start with (the others may start
with any, or, for ABILITY_WORD, with a capital or the first letter of an
ability word of the table: :func:`_first_chars`), so the lexer tries only those that could
match here."""


@functools.cache
def _first_chars(name: str) -> str | None:
    """The characters the look-ahead terminal ``name`` can start with (None: any)."""
    if name == "ABILITY_WORD":  # a word of the table, or a flavor word (any capital)
        return "".join(sorted({word[0] for word in _ability_words()} | set(string.ascii_uppercase)))
    return FIRST_CHARS.get(name)

LINE_OFFSET = [0]
"""Added to every token's line: the line of the file the parsed text starts on."""


class LexState:
    """What the card lexer keeps while it reads one paragraph: the text and
    the last token made (Lark's ``LexerState`` without its line counter,
    which this lexer does not use)."""

    __slots__ = ("text", "last_token")

    def __init__(self, text: str) -> None:
        self.text = text
        self.last_token: Token | None = None


class _Phrase(NamedTuple):
    """The pattern of a terminal of several words ("this turn"), and its flags."""

    pattern: str
    flags: int


class CardLexer(Lexer):
    """Lark's lexer interface (``__future_interface__ = 2``): ``lex`` gets the
    parser state, so it knows which terminals the parser can take next."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        self.terminals_by_name = {t.name: t for t in lexer_conf.terminals}
        self.folded: dict[str, list[str]] = {}  # case-insensitive keywords: "destroy" → ["DESTROY"]
        self.phrases: dict[str, _Phrase] = {}  # "this turn": several words as one keyword
        self.exact: dict[str, str] = {}  # case-sensitive keywords: "Kicker" → "_KICKER"
        self.symbols: dict[str, str] = {}  # ".", ",", ":", "'s", "{T}", "and/or" → terminal
        self.word_patterns: dict[str, re.Pattern[str]] = {}  # LANDWALK, CHAPTER, ...
        # by parser state: its look-ahead terminals by first character, and
        # the terminals of the words (and mana symbols) read there that
        # depend on nothing else
        self._by_state: dict[Any, tuple[dict[str, Any], dict[str, str]]] = {}
        self._phrase_patterns: dict[tuple[str, ...], re.Pattern[str]] = {}
        self._expected: dict[Any, frozenset[str]] = {}  # by parser state: the terminals of its error
        # each rule's length and left side, by its index in the driver's table
        # (set by cardtext.grammar.driver.Driver: what _takes walks the stack with)
        self.rule_shapes: list[tuple[int, str]] = []
        for term in lexer_conf.terminals:
            pattern = term.pattern
            if term.name in LOOKAHEAD:
                continue
            if pattern.type == "str":
                value = pattern.value
                if value == " ":
                    continue
                if " " in value.strip():
                    words = r"\s+".join(re.escape(w) for w in value.split())
                    flags = re.IGNORECASE if "i" in pattern.flags else 0
                    # kept as source: each is compiled only as an alternative of the
                    # pattern of the phrases a state takes (_phrase_pattern)
                    self.phrases[term.name] = _Phrase(words + r"(?![\w'])", flags)
                elif not re.fullmatch(r"[A-Za-z][A-Za-z0-9'/-]*", value) or value == "'s":
                    self.symbols[value.lower() if "i" in pattern.flags else value] = term.name
                elif "i" in pattern.flags:
                    self.folded.setdefault(value.lower(), []).append(term.name)
                else:
                    self.exact[value] = term.name
            elif term.name in _BY_PIECE:
                if _BY_PIECE[term.name] == "word":
                    flags = re.IGNORECASE if "i" in pattern.flags else 0
                    self.word_patterns[term.name] = re.compile(pattern.to_regexp(), flags)
            else:
                raise ValueError(f"the card lexer doesn't know the terminal {term.name}")
        # the terminal of each punctuation mark, as _terminal gives it (read without _PIECES)
        self.punctuation = {mark: self._terminal("punct", mark, ()) for mark in _PUNCTUATION}

    # ------------------------------------------------------------- lexing --

    def lex(self, lexer_state: LexState | LexerState, parser_state: Any) -> Iterator[Token]:
        text = lexer_state.text
        if not isinstance(text, str):  # Lark's LexerState: its text is a TextSlice
            text = text.text
        if ',"' in text:
            # 'with "This token can't block," where X is ...': the comma that
            # follows a quoted ability is written inside its closing quote
            # (an opening quote follows a space); it is read after it
            text = text.replace(',"', '",')
        pos, end = 0, len(text)
        offset = LINE_OFFSET[0]
        line = 1
        line_start = 0
        states = parser_state.parse_conf.states
        by_state = self._by_state
        quotes = 0
        dot = self.symbols.get(".")
        punctuation = self.punctuation
        name: str | None
        while pos <= end:
            if quotes and quotes % 2 == 0 and lexer_state.last_token is not None \
                    and lexer_state.last_token.type == "QUOTE" and _ends_sentence(text, pos) \
                    and text[pos - 2 : pos] == '."' and dot is not None and dot in states[parser_state.position]:
                # 'has "... target."' — the period inside the quotes ends the sentence too.
                token = self._token(dot, "", pos, line + offset, line_start)
                lexer_state.last_token = token
                yield token
                continue
            if pos == end:
                break
            char = text[pos]
            if char == '"' and quotes % 2 and dot is not None and lexer_state.last_token is not None \
                    and lexer_state.last_token.type != dot \
                    and not self._takes(parser_state, "QUOTE") and self._takes(parser_state, dot):
                # 'gains "... if able" and "..."': a quoted ability's last
                # period is left out where the sentence goes on (and written
                # so, cardtext.grammar.layout.quoted_punctuation)
                token = self._token(dot, "", pos, line + offset, line_start)
                lexer_state.last_token = token
                yield token
                continue
            if char == " ":  # no terminal starts with a space
                pos += 1
                continue
            position = parser_state.position
            accepts = states[position]
            known = by_state.get(position)
            if known is None:
                known = by_state[position] = ({}, {})
            by_char, words = known
            lookahead = by_char.get(char)
            if lookahead is None:
                lookahead = by_char[char] = self._lookahead(accepts, char)
            functions, phrases = lookahead
            name = None
            for terminal, match in functions:
                length = match(text, pos)
                if length is not None:
                    if terminal == "EV_OR" and not self._takes(parser_state, terminal):
                        # "sacrifice an artifact or discard a card": not two events of
                        # a trigger where the row only reduces on it (an LALR row's
                        # look-ahead), but the plain "or" the parser takes
                        continue
                    name = terminal
                    value = text[pos : pos + length]
                    break
            if name is None and phrases is not None:
                m = phrases.match(text, pos)
                if m is not None:
                    name = m.lastgroup
                    value = m.group()
            if name is not None:
                pass
            elif char in punctuation:
                name = punctuation[char]
                value = char
            elif char == "{":
                # a mana symbol ("{2}", "{G}", "{T}"): read without _PIECES,
                # its terminal remembered by the state as a word's is (it
                # depends on the symbol and the state alone)
                m = _MANA.match(text, pos)
                name = None
                if m is not None:
                    value = m.group()
                    name = words.get(value)
                    if name is None:
                        name = words[value] = self._terminal("mana", value, accepts)
                if not name:  # "{T/G}", "{": not a mana symbol at all
                    raise UnexpectedCharacters(
                        text, pos, line + offset, pos - line_start + 1, allowed=set(accepts),
                        state=parser_state, token_history=[lexer_state.last_token],
                    )  # fmt: skip
            elif char in _NAME_RUNS:  # the card's name: read without _PIECES
                run, name = _NAME_RUNS[char]
                value = run.match(text, pos).group()  # type: ignore[union-attr]
            elif char in _WORD_FIRST:
                value = _WORD_ONLY.match(text, pos).group(0)  # type: ignore[union-attr]
                name = words.get(value)
                if name is None:
                    name, value = self._new_word(text, pos, value, accepts, words, lexer_state)
            else:
                m = _PIECES.match(text, pos)
                if m is None:
                    raise UnexpectedCharacters(
                        text, pos, line + offset, pos - line_start + 1, allowed=set(accepts),
                        state=parser_state, token_history=[lexer_state.last_token],
                    )  # fmt: skip
                kind = m.lastgroup
                value = m.group(0)
                if kind == "space" or kind == "reminder":
                    newlines = value.count("\n")
                    if newlines:
                        line += newlines
                        line_start = pos + value.rfind("\n") + 1
                    pos = m.end()
                    continue
                if kind == "word":
                    value = self._merge_possessive(text, pos, value, accepts)
                name = self._terminal(kind, value, accepts)
                if kind == "word" and value.lower() in _PARTICIPLES:
                    name = self._participle(name, value, lexer_state, accepts)
                if not name:  # "{T/G}": not a mana symbol at all
                    raise UnexpectedCharacters(
                        text, pos, line + offset, pos - line_start + 1, allowed=set(accepts),
                        state=parser_state, token_history=[lexer_state.last_token],
                    )  # fmt: skip
            # The token, made as Token._future_new makes it (this runs for
            # every token: no call).
            token = _new_str(Token, value)
            token.type = name
            token.value = value
            token.start_pos = pos
            token.line = token.end_line = line + offset
            token.column = pos - line_start + 1
            pos += len(value)
            token.end_pos = pos
            token.end_column = pos - line_start + 1
            if name not in accepts:
                self._unexpected(token, position, accepts, parser_state, lexer_state)
            if name == "QUOTE":
                quotes += 1
            elif pos < end and text[pos] == " ":
                pos += 1  # the space after a token, without a turn of the loop
            lexer_state.last_token = token
            yield token

    def _takes(self, parser_state: Any, terminal: str) -> bool:
        """Whether the parser would shift ``terminal`` after the reductions
        it makes on it (an LALR row may reduce on a terminal that no state
        below takes): the stack is walked, the parser's own left alone."""
        states = parser_state.parse_conf.states
        stack = getattr(parser_state, "stack", None)
        if stack is None or not self.rule_shapes:  # Lark's own parser state
            return terminal in states[parser_state.position]
        stack = list(stack)
        while True:
            arg = states[stack[-1]].get(terminal)
            if arg is None:
                return False
            if not isinstance(arg, int):  # Lark's (action, argument) rows
                return True
            if arg >= 0:
                return True
            size, origin = self.rule_shapes[~arg]
            if size:
                del stack[-size:]
            stack.append(states[stack[-1]][origin])

    def _unexpected(self, token: Token, position: Any, accepts: Any, parser_state: Any, lexer_state: Any) -> NoReturn:
        """The parser's error for a token the grammar doesn't take here."""
        expected = self.expected(position, accepts)
        raise UnexpectedToken(token, expected, state=parser_state, token_history=[lexer_state.last_token])

    def expected(self, position: Any, accepts: Any) -> frozenset[str]:
        """The terminals (and hidden rules) parser state ``position`` takes
        (``accepts``: its row of the table), as Lark names them in its error,
        worked out once per state (a card that doesn't parse ends in one): a
        frozenset, by which the error message's description of them is
        cached."""
        expected = self._expected.get(position)
        if expected is None:
            expected = self._expected[position] = frozenset(s for s in accepts if s.isupper() or s.startswith("_"))
        return expected

    def _new_word(self, text: str, pos: int, value: str, accepts: Any, words: dict[str, str],
                  lexer_state: Any) -> tuple[str, str]:  # fmt: skip
        """The terminal of a word at ``pos`` that the state's cache of words
        doesn't have, and the word (with "'s" where the grammar has the
        possessive as one keyword: "opponent's").  The terminal is cached
        when the state and the word alone decide it: a keyword of the grammar
        (not a subtype, which the cards being read may declare), with no
        possessive keyword in the state (that depends on the text after it)
        and not a participle (that depends on the token before it)."""
        possessive = any(n in accepts for n in self.folded.get(value.lower() + "'s", ()))
        if possessive and text.startswith("'s", pos + len(value)):
            value += "'s"
        name = self._keyword(value, accepts)
        participle = value.lower() in _PARTICIPLES
        if name is None:
            name = self._other_word(value, accepts)
        elif not possessive and not participle:
            words[value] = name
        if participle:
            name = self._participle(name, value, lexer_state, accepts)
        return name, value

    def _lookahead(self, accepts: Any, char: str) -> tuple[tuple[tuple[str, Any], ...], re.Pattern[str] | None]:
        """The look-ahead terminals a state takes that can start with
        ``char``, in the order they are tried, and its phrases that can
        start with it as one pattern (None: no phrase), whose alternatives
        (named by their terminals) are tried in order too: the longest
        phrase first."""
        functions = []
        for name, match in LOOKAHEAD.items():
            first = _first_chars(name)
            if name in accepts and (first is None or char in first):
                functions.append((name, match))
        phrases = sorted((n for n, r in self.phrases.items() if n in accepts and char in _cases(r.pattern[0])),
                         key=lambda n: -len(self.phrases[n].pattern))  # fmt: skip
        return tuple(functions), self._phrase_pattern(tuple(phrases)) if phrases else None

    def _phrase_pattern(self, names: tuple[str, ...]) -> re.Pattern[str]:
        """The phrases ``names`` as the alternatives of one pattern (made once
        for all the states that take them)."""
        pattern = self._phrase_patterns.get(names)
        if pattern is None:
            alternatives = []
            for name in names:
                regex = self.phrases[name]
                scoped = f"(?i:{regex.pattern})" if regex.flags & re.IGNORECASE else regex.pattern
                alternatives.append(f"(?P<{name}>{scoped})")
            pattern = self._phrase_patterns[names] = re.compile("|".join(alternatives))
        return pattern

    def _participle(self, name: str, value: str, lexer_state: Any, accepts: Any) -> str:
        """A participle after a noun ("creatures *blocking* it") as the
        terminal of a participle phrase, where the grammar takes one."""
        post = _PARTICIPLES[value.lower()]
        return post if post in accepts and self._after_noun(lexer_state) else name

    @staticmethod
    def _after_noun(lexer_state: Any) -> bool:
        last = lexer_state.last_token
        if last is None:
            return False
        if last.type == "SUBTYPE":
            return True
        word = str(last).lower()
        return word in _descriptor_words() and word not in _ADJ_WORDS and word != "other"

    def _merge_possessive(self, text: str, pos: int, value: str, accepts: Any) -> str:
        """ "opponent" + "'s" as one keyword where the grammar has "opponent's"."""
        end = pos + len(value)
        if text.startswith("'s", end):
            joined = value + "'s"
            if any(n in accepts for n in self.folded.get(joined.lower(), ())):
                return joined
        return value

    def _terminal(self, kind: str | None, value: str, accepts: Any) -> str:
        """The terminal for a piece: one the state takes if any fits, else the
        likeliest one (for the error message)."""
        if kind == "word":
            return self._word(value, accepts)
        if kind == "mana":
            symbol = self.symbols.get(value) or self.symbols.get(value.lower())
            if symbol is not None and (symbol in accepts or "MANA_SYMBOL" not in accepts):
                return symbol
            return "MANA_SYMBOL" if _mana_ok(value) else ""
        if kind == "number":
            return "NUMBER"
        if kind == "signed":
            return "SIGNED_NUMBER"
        if kind == "loyalty":
            return "LOYALTY_COST"
        if kind == "pt":
            return "PT"
        if kind == "ptmod":
            return "PT_MOD"
        if kind == "dash":
            return "_DASH"
        if kind == "bullet":
            return "_BULLET"
        if kind == "plus":
            return self.symbols.get("+", "PUNCTUATION")
        if kind == "andor":
            names = self.folded.get("and/or", ())
            return next((n for n in names if n in accepts), self.symbols.get("and/or", "PUNCTUATION"))
        if value == '"':
            return "QUOTE"
        return self.symbols.get(value.lower(), self.symbols.get(value, "PUNCTUATION"))

    def _word(self, word: str, accepts: Any) -> str:
        name = self._keyword(word, accepts)
        return self._other_word(word, accepts) if name is None else name

    def _keyword(self, word: str, accepts: Any) -> str | None:
        """The terminal of a word where the state takes it as a keyword of
        the grammar (or as a word of a card's name), else None."""
        exact = self.exact.get(word)
        if exact is not None and exact in accepts:
            return exact
        low = word.lower()
        for name in self.folded.get(low, ()):
            if name in accepts:
                return name
        symbol = self.symbols.get(low)
        if symbol is not None and symbol in accepts:
            return symbol
        if "NAME_WORD" in accepts and word[:1].isupper():
            return "NAME_WORD"  # a card's name goes on while its words are capitalised ("Grizzly Bears")
        return None

    def _other_word(self, word: str, accepts: Any) -> str:
        """The terminal of a word that is no keyword the state takes: a
        subtype, a word of a regular-expression terminal, else the likeliest
        terminal (for the error message)."""
        if "SUBTYPE" in accepts and word[:1].isupper() and vocabulary.subtype(word) is not None:
            return "SUBTYPE"
        if "NONSUBTYPE" in accepts and vocabulary.non_subtype(word) is not None:
            return "NONSUBTYPE"
        for name, regex in self.word_patterns.items():
            if name in accepts and name not in ("SUBTYPE", "NONSUBTYPE") and not name.startswith("_POST_") \
                    and regex.fullmatch(word):
                return name
        names = self.folded.get(word.lower(), ())
        if names:
            return names[0]
        exact = self.exact.get(word)
        if exact is not None:
            return exact
        if word[:1].isupper() and vocabulary.subtype(word) is not None:
            return "SUBTYPE"
        return "WORD"

    @staticmethod
    def _token(name: str, value: str, pos: int, line: int, line_start: int) -> Token:
        end_pos = pos + len(value)
        # Token._future_new is Token() without its check for a deprecated keyword
        return Token._future_new(name, value, pos, line, pos - line_start + 1, line, end_pos - line_start + 1, end_pos)


_new_str = str.__new__

_MANA_OK = re.compile(r"\{(?:\d{1,9}|[WUBRGCSXYZ]|[WUBRG]/[WUBRG](?:/P)?|2/[WUBRG]|[WUBRGC]/P|H[WUBRG])\}")


def _ends_sentence(text: str, pos: int) -> bool:
    """After a closing quote: the end of the paragraph, or a new sentence."""
    rest = text[pos:].lstrip(" ")
    return not rest or rest[0] == "\n" or rest[0].isupper() or rest[0] == "("


def _cases(char: str) -> str:
    """A phrase's first character in lower and upper case: where it is tried."""
    return char.lower() + char.upper()


def _mana_ok(value: str) -> bool:
    return bool(_MANA_OK.fullmatch(value))
