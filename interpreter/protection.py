"""Protection (CR 702.16) and hexproof from a quality (702.11d).

"Protection from [quality]" is read by name wherever the object got it
(printed, granted by a static ability or until end of turn), and stands for
four rules, DEBT (702.16b-f): damage from sources with the quality is
prevented (702.16e); the object can't be enchanted, equipped or fortified by
permanents with the quality (702.16c-d, 704.5m-n); it can't be blocked by
creatures with the quality (702.16f); it can't be the target of spells with
the quality or of abilities whose source has it (702.16b).  "Hexproof from
[quality]" is the targeting rule only, for spells and abilities an opponent
controls (702.11d).

A keyword's name is all :func:`cardtext.interpreter.characteristics.keywords` keeps;
:func:`cardtext.interpreter.characteristics.keyword_name` remembers the node each
name of a protection keyword was made from (:data:`KEYWORD_NODES`), so its
qualities are read from the node.  A quality the engine can't match ("the
color of your choice", "each of your opponents") is a gap in the support
check (:func:`quality_problem`) and an :class:`Unsupported` in play.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .cache import per_node
from .characteristics import PROTECTION_NODES, chars, keywords
from .errors import Unsupported

if TYPE_CHECKING:
    from .objects import GameObject, PlayerId
    from .state import Game

COLOR_QUALITIES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""A color a protection is from ("protection from red"), and its letter."""

WORD_QUALITIES = ("all colors", "everything", "multicolored", "monocolored", "colorless")
"""The qualities written as words that the engine matches (702.16a, 702.16j)."""


CHOSEN_QUALITY = "the color of your choice"
"""A quality chosen as the instruction that grants the keyword is carried
out (608.2d): "gains protection from the color of your choice until end of
turn" (:func:`choose_qualities`)."""

CHOSEN_BEFORE = "the chosen color"
"""A quality chosen before, by "Choose a color." (607.2d): "Choose a color.
Creatures you control gain protection from the chosen color until end of turn"."""


def quality_problem(kw: A.Protection, *, chosen: bool = False) -> str | None:
    """Why the engine can't play this protection or hexproof keyword (None
    if it can); ``chosen``: a resolving instruction grants it, so "the color
    of your choice" is chosen as it does."""
    if kw.keyword.lower() not in ("protection", "hexproof"):
        return f"'{kw.keyword} from'"
    for q in kw.qualities:
        what = q.what if isinstance(q, A.ProtectionQuality) else q
        if chosen and what in (CHOSEN_QUALITY, CHOSEN_BEFORE):
            continue
        if isinstance(what, A.ObjectFilter):
            if what.is_player:
                return f"{kw.keyword} from players"
            continue
        if isinstance(what, str) and (what.lower() in COLOR_QUALITIES or what.lower() in WORD_QUALITIES):
            continue
        shown = what if isinstance(what, str) else type(what).__name__
        return f"{kw.keyword} from {shown}"
    return None


def _has_quality(game: Game, q: object, source: GameObject, you: PlayerId, holder: GameObject) -> bool:
    """Does ``source`` have the quality a protection of ``holder`` is from?"""
    from .filters import matches

    what = q.what if isinstance(q, A.ProtectionQuality) else q
    if isinstance(what, A.ObjectFilter):
        # wherever the source is (a spell, a permanent); "from black" is a
        # description of adjectives only: of any object
        return matches(game, _described(what), source, you=you, source=holder.id, anywhere=True)
    colors = chars(source).colors
    if isinstance(what, str):
        word = what.lower()
        if word in COLOR_QUALITIES:
            return COLOR_QUALITIES[word] in colors
        if word == "everything":
            return True
        if word == "all colors":
            return bool(colors)
        if word == "multicolored":
            return len(colors) > 1
        if word == "monocolored":
            return len(colors) == 1
        if word == "colorless":
            return not colors
    raise Unsupported(f"protection from {what if isinstance(what, str) else type(what).__name__}")


def choose_qualities(game: Game, player: PlayerId, keywords: tuple[A.Node, ...], prompt: str,
                     chosen: object = None) -> tuple[A.Node, ...]:  # fmt: skip
    """608.2d: the keywords a resolving instruction grants, with "the color
    of your choice" of a protection or hexproof keyword the color ``player``
    chooses now ("gains protection from the color of your choice until end
    of turn": protection from that color), and "the chosen color" the color
    ``chosen`` before (607.2d)."""
    from .choices import Decision, ask
    from .replacement import choice_options

    out: list[A.Node] = []
    for kw in keywords:
        if isinstance(kw, A.Protection) and any(
            isinstance(q, A.ProtectionQuality) and q.what == CHOSEN_BEFORE for q in kw.qualities
        ):  # fmt: skip
            if not isinstance(chosen, str) or chosen.lower() not in COLOR_QUALITIES:
                raise Unsupported("protection from the chosen color with no color chosen")
            kw = replace(kw, qualities=tuple(replace(q, what=chosen.lower()) if isinstance(q, A.ProtectionQuality)
                                             and q.what == CHOSEN_BEFORE else q for q in kw.qualities))  # fmt: skip
        if isinstance(kw, A.Protection) and any(
            isinstance(q, A.ProtectionQuality) and q.what == CHOSEN_QUALITY for q in kw.qualities
        ):  # fmt: skip
            options = choice_options(game, "color")
            color = str(ask(game, Decision("word", player, f"{prompt}: choose a color", options, options))).lower()
            game.say(f"  {player} chooses {color}")
            qualities = tuple(replace(q, what=color) if isinstance(q, A.ProtectionQuality) and q.what == CHOSEN_QUALITY
                              else q for q in kw.qualities)  # fmt: skip
            kw = replace(kw, qualities=qualities)
        out.append(kw)
    return tuple(out)


@per_node
def _described(what: A.ObjectFilter) -> A.ObjectFilter:
    if what.nouns or not what.words:
        return what
    return A.ObjectFilter((*what.words, A.Noun("object", False)), what.post)


def _keyword_nodes(game: Game, obj: GameObject, keyword: str) -> list[A.Protection]:
    out = []
    for name in keywords(game, obj):
        if not name.startswith(f"{keyword} from "):
            continue
        node = PROTECTION_NODES.get(name)
        if node is None:
            raise Unsupported(f"the qualities of '{name}'")
        problem = quality_problem(node)
        if problem is not None:
            raise Unsupported(problem)
        out.append(node)
    return out


def protection_from(game: Game, obj: GameObject, source: GameObject | None) -> str | None:
    """The protection of ``obj`` from ``source`` ("protection from red"), or None."""
    if source is None or obj.zone != "battlefield":
        return None
    for node in _keyword_nodes(game, obj, "protection"):
        if any(_has_quality(game, q, source, obj.controller, obj) for q in node.qualities):
            return node.name.lower()
    return None


def hexproof_from(game: Game, obj: GameObject, source: GameObject | None, controller: PlayerId) -> str | None:
    """702.11d: the "hexproof from [quality]" of ``obj`` that keeps a spell or
    ability of ``source``, controlled by ``controller``, from targeting it."""
    if source is None or controller == obj.controller:
        return None
    for node in _keyword_nodes(game, obj, "hexproof"):
        if any(_has_quality(game, q, source, obj.controller, obj) for q in node.qualities):
            return node.name.lower()
    return None


__all__ = ["CHOSEN_BEFORE", "CHOSEN_QUALITY", "COLOR_QUALITIES", "choose_qualities", "WORD_QUALITIES", "hexproof_from", "protection_from", "quality_problem"]
