"""A contextual lexer for card text, plugged into Lark's LALR parser.

Lark's own contextual lexer compiles one large regular expression per parser
state and tries the terminals in priority order.  Card text is simpler than
that: it is words, numbers, symbols in braces and a little punctuation.  This
lexer splits the text with one regular expression, then gives each piece the
terminal type the parser can take in its current state, as Lark's contextual
lexer would:

* a word is a keyword of the grammar ("destroy", "When") when the state takes
  that keyword, else a SUBTYPE when the state takes a subtype;
* pieces that span several words or symbols (", then", "Kicker—", "from
  among them") are taken whole only where the state takes them.

The terminals come from the grammar (``lexer_conf.terminals``); a regular
expression terminal this lexer doesn't know is an error when the parser is
built, so the grammar and the lexer can't drift apart silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer, LexerState

# Pieces of text, in the order they are tried.  Each group names a kind of piece.
_PIECES = re.compile(
    r"""
    (?P<nl>(?:\r?\n)+)
    | (?P<space>[ \t]+)
    | (?P<reminder>\([^()\n]*\))
    | (?P<mana>\{[^{}\n]*\})
    | (?P<ptmod>[+-](?:\d+|X)/[+-](?:\d+|X))
    | (?P<pt>(?:\d+\+\*|\d+|X|\*)/(?:\d+\+\*|\d+|X|\*))
    | (?P<number>\d+)
    | (?P<self>\ue000+)
    | (?P<short>\ue001+)
    | (?P<andor>and/or\b)
    | (?P<word>[A-Za-z]+(?:'t)?(?:-[A-Za-z]+)*(?:'(?![A-Za-z]))?)
    | (?P<poss>'s\b)
    | (?P<dash>—|--?)
    | (?P<punct>[.,:"])
    """,
    re.VERBOSE,
)

# Terminals that span several pieces: taken whole only where the state takes them.
_SPANNING = (
    "_BULLET_LINE", "_KICKER_DASH", "_MULTIKICKER_DASH", "_THEN", "_WHERE", "_FROM_AMONG_THEM",
)  # fmt: skip

# Regular-expression terminals, by the kind of piece they are made from.
_BY_PIECE = {
    "SELF": "self",
    "SELF_SHORT": "short",
    "MANA_SYMBOL": "mana",
    "PT": "pt",
    "PT_MOD": "ptmod",
    "NUMBER": "number",
    "LOYALTY_VALUE": "number",
    "_NL": "nl",
    "_DASH": "dash",
    "SUBTYPE": "word",
    "LANDWALK": "word",
    "SUPERTYPE": "word",
    "CARD_TYPE": "word",
    "REMINDER": "reminder",
}


class CardLexer(Lexer):
    """Lark's lexer interface (``__future_interface__ = 2``): ``lex`` gets the
    parser state, so it knows which terminals the parser can take next."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        self.terminals_by_name = {t.name: t for t in lexer_conf.terminals}
        self.ignore = set(lexer_conf.ignore)
        self.spanning: dict[str, re.Pattern[str]] = {}
        self.exact: dict[str, list[str]] = {}  # case-sensitive words: "When" → ["WHEN"]
        self.folded: dict[str, str] = {}  # case-insensitive keywords: "destroy" → "DESTROY"
        self.symbols: dict[str, str] = {}  # ".", ",", ":", "'s", "{T}", "and/or" → terminal
        self.word_patterns: dict[str, re.Pattern[str]] = {}  # SUBTYPE, LANDWALK, CARD_TYPE...
        self.mana = re.compile(self.terminals_by_name["MANA_SYMBOL"].pattern.to_regexp())
        self._spanning_by_state: dict[Any, tuple[tuple[str, re.Pattern[str]], ...]] = {}
        for term in lexer_conf.terminals:
            pattern = term.pattern
            if term.name in _SPANNING:
                flags = re.IGNORECASE if "i" in pattern.flags else 0
                self.spanning[term.name] = re.compile(pattern.to_regexp(), flags)
            elif pattern.type == "str":
                value = pattern.value
                if value == " ":
                    continue
                if not re.fullmatch(r"[A-Za-z][A-Za-z'-]*", value) or value == "'s":
                    self.symbols[value.lower() if "i" in pattern.flags else value] = term.name
                elif "i" in pattern.flags:
                    self.folded[value.lower()] = term.name
                else:
                    self.exact.setdefault(value, []).append(term.name)
            elif term.name in _BY_PIECE:
                if _BY_PIECE[term.name] == "word":
                    flags = re.IGNORECASE if "i" in pattern.flags else 0
                    self.word_patterns[term.name] = re.compile(pattern.to_regexp(), flags)
            else:
                raise ValueError(f"the card lexer doesn't know the terminal {term.name}")

    # ------------------------------------------------------------- lexing --

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        text_slice = lexer_state.text
        text: str = text_slice.text
        pos, end = text_slice.start, text_slice.end
        line = 1 + text.count("\n", 0, pos)
        line_start = text.rfind("\n", 0, pos) + 1
        states = parser_state.parse_conf.states
        spanning_by_state = self._spanning_by_state
        while pos < end:
            position = parser_state.position
            accepts = states[position]
            spanning = spanning_by_state.get(position)
            if spanning is None:
                spanning = tuple((n, r) for n, r in self.spanning.items() if n in accepts)
                spanning_by_state[position] = spanning
            token = None
            for name, regex in spanning:
                m = regex.match(text, pos)
                if m:
                    value = m.group(0)
                    newlines = value.count("\n")
                    if newlines:  # a bullet line: the token starts at its bullet
                        line += newlines
                        line_start = pos + value.rfind("\n") + 1
                        pos = line_start + len(value[value.rfind("\n") + 1 :]) - len(value.lstrip("\r\n \t"))
                        value = value.lstrip("\r\n \t")
                    token = self._token(name, value, pos, line, line_start)
                    break
            if token is None:
                m = _PIECES.match(text, pos)
                if m is None:
                    raise UnexpectedCharacters(
                        text, pos, line, pos - line_start + 1, allowed=set(accepts),
                        state=parser_state, token_history=[lexer_state.last_token],
                    )  # fmt: skip
                kind = m.lastgroup
                value = m.group(0)
                if kind == "space" or kind == "reminder":
                    pos = m.end()
                    continue
                name = self._terminal(kind, value, accepts)
                if not name:  # "{T/G}": not a mana symbol at all
                    raise UnexpectedCharacters(
                        text, pos, line, pos - line_start + 1, allowed=set(accepts),
                        state=parser_state, token_history=[lexer_state.last_token],
                    )  # fmt: skip
                token = self._token(name, value, pos, line, line_start)
                if name not in accepts:
                    raise UnexpectedToken(
                        token, {s for s in accepts if s.isupper()}, state=parser_state,
                        token_history=[lexer_state.last_token],
                    )  # fmt: skip
            pos = token.end_pos or pos
            if token.type == "_NL":
                line += token.value.count("\n")
                line_start = pos
            lexer_state.last_token = token
            yield token

    def _terminal(self, kind: str | None, value: str, accepts: Any) -> str:
        """The terminal for a piece: one the state takes if any fits, else the
        likeliest one (for the error message)."""
        if kind == "word":
            return self._word(value, accepts)
        if kind == "mana":
            symbol = self.symbols.get(value)
            if symbol is not None:
                return symbol
            return "MANA_SYMBOL" if self.mana.fullmatch(value) else ""
        if kind == "number":
            if "NUMBER" in accepts or "LOYALTY_VALUE" not in accepts:
                return "NUMBER"
            return "LOYALTY_VALUE"
        if kind in ("nl", "self", "short", "pt", "ptmod", "dash"):
            return {
                "nl": "_NL", "self": "SELF", "short": "SELF_SHORT", "pt": "PT",
                "ptmod": "PT_MOD", "dash": "_DASH",
            }[kind]  # fmt: skip
        return self.symbols.get(value.lower(), self.symbols.get(value, "PUNCTUATION"))

    def _word(self, word: str, accepts: Any) -> str:
        for name in self.exact.get(word, ()):
            if name in accepts:
                return name
        folded = self.folded.get(word.lower())
        if folded is not None and folded in accepts:
            return folded
        symbol = self.symbols.get(word.lower())
        if symbol is not None and symbol in accepts:
            return symbol  # "owners'", "can't", "face-down"
        for name, regex in self.word_patterns.items():
            if name in accepts and name != "SUBTYPE" and regex.fullmatch(word):
                return name
        if word == "X" and "LOYALTY_VALUE" in accepts:
            return "LOYALTY_VALUE"
        if "SUBTYPE" in accepts and self.word_patterns["SUBTYPE"].fullmatch(word):
            return "SUBTYPE"
        if folded is not None:
            return folded
        exact = self.exact.get(word)
        return exact[0] if exact else "SUBTYPE"

    @staticmethod
    def _token(name: str, value: str, pos: int, line: int, line_start: int) -> Token:
        end_pos = pos + len(value)
        newlines = value.count("\n")
        if newlines:
            end_line, end_column = line + newlines, len(value) - value.rfind("\n")
        else:
            end_line, end_column = line, end_pos - line_start + 1
        return Token(name, value, pos, line, pos - line_start + 1, end_line, end_column, end_pos)
