"""AST → canonical card text (current Oracle wording, standard reminder text).

One render function per node class, registered by its concern module in
:mod:`cardtext.grammar.lang` (:func:`cardtext.grammar.node.renders`); a node with no function
is a hard error, never silent text.  Some nodes read differently by context
(a description is singular after "each" and plural after "all"; a verb
takes "-s" after a third-person subject), so render functions take the
context they need as keyword arguments.

``parse(render(card)) == card`` for every card the grammar accepts.
"""

from __future__ import annotations

import functools
import re
from types import ModuleType
from typing import Any

from .errors import CardTextError
from .node import RENDERERS, Node

_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "eleven", 12: "twelve", 13: "thirteen", 14: "fourteen",
    15: "fifteen", 16: "sixteen", 17: "seventeen", 18: "eighteen", 19: "nineteen", 20: "twenty",
}  # fmt: skip


class RenderError(CardTextError):
    """An AST node the renderer has no wording for (a bug, not a user error)."""


class Renderer:
    """Renders the nodes of one card (self-references need its name)."""

    def __init__(self, card: Any = None, name: str = "", reminders: bool = True) -> None:
        self.card_node = card
        self.name = card.name if card is not None else name
        self.reminders = reminders

    def r(self, node: Any, **ctx: Any) -> str:
        fn = RENDERERS.get(type(node))
        if fn is None:
            raise RenderError(f"no wording for AST node {type(node).__name__}")
        # most nodes are rendered without context: a call with two arguments
        # costs a sixth less than one that passes an empty ``**ctx`` on
        return fn(self, node, **ctx) if ctx else fn(self, node)

    __call__ = r  # r(node) is written r(node): one call, not two

    @property
    def short_name(self) -> str:
        return self.name.split(",", 1)[0]

    def reminder(self, text: str) -> str:
        """ " (reminder text)" when reminders are wanted, else nothing."""
        return f" ({text})" if self.reminders and text else ""


# --------------------------------------------------------------------------
# Wording helpers shared by the concern modules
# --------------------------------------------------------------------------


def capitalize(text: str) -> str:
    """Upper-case the first letter (a sentence's start), leaving symbols be."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1 :]
        if ch in "{+-−\ue000\ue001\"":
            return text
    return text


def article(rest: str) -> str:
    """ "a" or "an" by the sound of the next word ("an X/X", "an 8/8", "an Elf")."""
    return "an" if _AN.match(rest) else "a"


def number_word(n: int) -> str:
    return _WORDS.get(n, str(n))


_AN = re.compile(r"[aeiouAEIOU]|X\b|X/|8|11\b|11/|18\b|18/")  # words read with "an"
_ES = re.compile(r"(s|sh|ch|x|z|o)$")  # verbs that take "-es"
_IES = re.compile(r"[^aeiou]y$")  # verbs whose "-y" becomes "-ies"

_VERB_S = {"have": "has", "do": "does", "be": "is", "can": "can", "may": "may", "must": "must"}


def third_person(verb: str) -> str:
    """ "draw" → "draws", "copy" → "copies", "have" → "has" (the first word only)."""
    head, sep, rest = verb.partition(" ")
    if head in _VERB_S:
        out = _VERB_S[head]
    elif _ES.search(head):
        out = head + "es"
    elif _IES.search(head):
        out = head[:-1] + "ies"
    else:
        out = head + "s"
    return out + sep + rest


def or_list(items: list[str], word: str = "or") -> str:
    """ "a", "a or b", "a, b, or c"."""
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


def render_card(card: Any, *, reminders: bool = True, written: Any = None) -> str:
    """The card as card-file text, without a trailing newline.  ``written``:
    the card's lines as its file has them (``[(number, line), ...]``), whose
    reminder text and face separators are kept where the renderer has none
    of its own (``cardtext fmt`` never deletes what an author wrote)."""
    if written is not None:
        from .reminders import Written

        written = Written(written)
    return _layout().render_card_text(card, reminders=reminders, written=written)


@functools.cache
def _layout() -> ModuleType:
    """:mod:`cardtext.grammar.layout` (which imports this module), imported on first use."""
    from . import layout

    return layout


def render_cards(cards: list[Any]) -> str:
    return "\n\n".join(render_card(c) for c in cards) + "\n"


def render_node(node: Node, name: str = "") -> str:
    """One node alone (for messages and tests)."""
    return Renderer(name=name).r(node)


def format_text(text: str, filename: str = "<string>", verbatim: frozenset[int] = frozenset()) -> str:
    """A whole card file in canonical form (what ``cardtext fmt`` writes).

    Each card is rendered canonically, except the cards whose 0-based indexes
    are in ``verbatim``, whose lines stay as written; comment lines outside
    cards stay where they are, comment lines inside a card move just above it;
    one blank line separates cards; the file ends with one newline.  Raises the
    first :class:`~cardtext.grammar.errors.CardParseError` if a card doesn't parse.
    """
    from .parser import parse_text, split_file

    result = parse_text(text, filename)
    if result.errors:
        raise result.errors[0]
    cards = iter(enumerate(result.cards))
    chunks: list[str] = []
    pending_comments: list[str] = []
    last_comment_line = 0
    for seg in split_file(text):
        if seg.definition is not None:
            if pending_comments:
                chunks.append("\n".join(pending_comments))
                pending_comments = []
            chunks.append(" ".join(seg.definition.split()))
            continue
        if seg.comment is not None:
            if pending_comments and seg.line > last_comment_line + 1:
                chunks.append("\n".join(pending_comments))  # a blank line came between
                pending_comments = []
            pending_comments.append(seg.comment)
            last_comment_line = seg.line
            continue
        assert seg.block is not None
        index, card = next(cards)
        if pending_comments and seg.block.start > last_comment_line + 1:
            chunks.append("\n".join(pending_comments))
            pending_comments = []
        if index in verbatim:
            body = "\n".join(line for line in seg.block.lines if line)
        else:
            body = render_card(card, written=list(enumerate(seg.block.lines, seg.block.start)))
        lines = pending_comments + seg.block.comments + [body]
        pending_comments = []
        chunks.append("\n".join(lines))
    if pending_comments:
        chunks.append("\n".join(pending_comments))
    return "\n\n".join(chunks) + "\n" if chunks else ""
