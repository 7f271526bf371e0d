"""Card text → typed AST → canonical card text."""

from .codecache import loading

with loading():  # the node classes' methods compiled once, kept on disk (cardtext.grammar.codecache)
    from .errors import CardParseError, CardTextError, LinkError, LocatedError
    from .parser import ParseResult, parse_card, parse_cards, parse_text

__all__ = [
    "CardParseError",
    "CardTextError",
    "LinkError",
    "LocatedError",
    "ParseResult",
    "parse_card",
    "parse_cards",
    "parse_text",
]
