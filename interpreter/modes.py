"""Modal spells and abilities (CR 700.2, 601.2b, 603.3c).

"Choose one —" and a bulleted line per mode (:class:`cardtext.grammar.ast.Modes`, the
only instruction of its effect).  The modes are chosen when the spell or
ability is put on the stack, never on resolution:

* a spell's controller announces them while casting it (601.2b, 700.2a), in
  the same step as the kicker intentions (rule K8) — so "If this spell was
  kicked, choose any number instead" depends on the kicks just announced;
* a triggered ability's controller chooses them as it is put on the stack
  (603.3c, 700.2b); if no mode can be chosen, or none is, the ability is
  removed from the stack;
* a copy has the modes of the original; its controller can't change them
  (700.2g, 707.10, rule K15).

How many modes: "one", "two", "three" exactly that many; "one or both" one
or two; "one or more" at least one; "any number" any number from zero to
all of them.  CR 700.2 sets no minimum for "any number", and 700.2b deals
with a triggered ability that ends up with no mode: a spell cast with no
mode chosen is cast, and does nothing when it resolves.  No mode can be
chosen more than once (700.2d: none of the grammar's modal texts allows
it), and a mode whose targets can't be chosen can't be chosen (700.2a).
Only the chosen modes' targets are chosen (700.2c, 601.2c), and the chosen
modes happen in printed order on resolution (608.2c).

The chosen modes are stored on the :class:`~cardtext.interpreter.state.StackItem`
as mode indices from 0, in printed order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.render import Renderer

from .cache import per_node
from .choices import Decision, ask
from .errors import IllegalAction

if TYPE_CHECKING:
    from .context import Ctx

COUNTS: dict[str, tuple[int, int | None]] = {
    "one": (1, 1),
    "two": (2, 2),
    "three": (3, 3),
    "one or both": (1, 2),
    "one or more": (1, None),
    "any number": (0, None),
}
"""How many modes each "choose ..." allows: (fewest, most); None is all of them (700.2)."""


@per_node
def modes_of(effect: A.Effect | None) -> A.Modes | None:
    """The modal instruction of an effect, if it is modal."""
    if effect is None:
        return None
    for s in effect.sentences:
        if isinstance(s, A.Modes):
            return s
    return None


def count_word(ctx: Ctx, node: A.Modes) -> str:
    """The "choose ..." in force: ``count_if`` when its condition holds
    ("If this spell was kicked, choose any number instead")."""
    if node.condition is not None and node.count_if is not None and ctx.holds(node.condition):
        return node.count_if
    return node.count


def modes_problem(node: A.Modes) -> str | None:
    """What the engine can't play of a modal instruction, whatever the game
    (None: it can): a count it can't count, a rider on the choice ("that
    hasn't been chosen", "the same mode more than once", 700.2d), or a mode
    that isn't plain instructions."""
    words = [node.count] if node.count_if is None else [node.count, node.count_if]
    word = next((w for w in words if w not in COUNTS), None)
    if word is not None:
        return f"'choose {word}'"
    if node.rider:
        return f"'choose {node.count}' with the rider '{node.rider}'"
    if any(not isinstance(m, A.Effect) for m in node.modes):
        return f"'choose {node.count}' with a mode of another kind"
    if any(isinstance(s, A.VariableMana) for c in getattr(node, "costs", ()) for s in c.symbols):
        return "a spree mode's additional cost with X"  # 702.172b: X chosen before the modes are
    return None


def count_range(ctx: Ctx, node: A.Modes) -> tuple[int, int, str]:
    """(fewest, most, the words) of modes that may be chosen now."""
    word = count_word(ctx, node)
    if word not in COUNTS or modes_problem(node) is not None:
        from .errors import Unsupported

        raise Unsupported(f"'choose {word}' with modes the interpreter can't count or carry out")
    lo, hi = COUNTS[word]
    n = len(node.modes)
    return lo, n if hi is None else min(hi, n), word


def mode_text(card: A.Card | None, mode: A.Effect) -> str:
    """A mode as printed on the card (its bullet line)."""
    try:
        return Renderer(card)(mode)
    except CardTextError:
        return "(a mode)"


def describe(modes: tuple[int, ...] | None) -> str:
    """ "mode 2", "modes 1 and 3", "no mode" — numbered from 1 in printed order."""
    if modes is None:
        return ""
    if not modes:
        return "no mode"
    nums = [str(m + 1) for m in modes]
    if len(nums) == 1:
        return f"mode {nums[0]}"
    return f"modes {', '.join(nums[:-1])} and {nums[-1]}"


def illegal_modes(ctx: Ctx, effect: A.Effect) -> dict[int, str]:
    """700.2a: the modes that can't be chosen now, each with the reason —
    a target with no legal choice (a kicked-only target counts only if the
    spell is kicked, rule K7)."""
    from .targets import candidates, describe_target, slot_active, slots_of
    from .targets import count_range as target_count

    out: dict[int, str] = {}
    for slot in slots_of(effect):
        if slot.mode is None or slot.mode in out:
            continue
        if slot.when != "always" and not slot_active(ctx, slot, ignore_modes=True):
            continue
        lo, _ = target_count(ctx, slot)
        if len(candidates(ctx, slot.node, [])) < lo:
            out[slot.mode] = f"no legal target for '{describe_target(slot.node)}'"
    return out


def can_choose(ctx: Ctx, effect: A.Effect) -> bool:
    """Can at least one mode be chosen, as many as the count needs?  (603.3c:
    if not, a modal triggered ability is removed from the stack.)"""
    node = modes_of(effect)
    if node is None:
        return True
    lo, _, _ = count_range(ctx, node)
    legal = len(node.modes) - len(illegal_modes(ctx, effect))
    return legal >= max(lo, 1)


def choose_modes(ctx: Ctx, effect: A.Effect | None, *, main: bool, who: str,
                 entwine: bool = False) -> tuple[int, ...] | None:  # fmt: skip
    """Ask the controller for the modes of ``effect`` (None if it isn't
    modal) and check the answer against 700.2a and 700.2d.  ``entwine``: the
    spell has entwine (702.42a), so all its modes may be chosen instead of
    the number it says.  Raises :class:`IllegalAction` for a choice the
    rules don't allow."""
    node = modes_of(effect)
    if node is None or effect is None:
        return None
    lo, hi, word = count_range(ctx, node)
    n = len(node.modes)
    if entwine:
        word = f"{word} (or all of them, with entwine)"
    card = ctx.source_card() if ctx.source[0] in ctx.game.state.objects else None
    labels = [f"{i + 1}. {mode_text(card, m)}" for i, m in enumerate(node.modes)]
    d = Decision(
        "modes", ctx.controller, f"{who}: choose {word} of its {n} modes", list(range(n)), labels,
        lo, n if entwine else hi, main=main, repeat=True,
    )  # fmt: skip
    picked = [int(v) for v in ask(ctx.game, d)]
    if entwine and len(set(picked)) == n == len(picked):
        hi = n  # 702.42a: all the modes, instead of just the number specified
    seen: set[int] = set()
    for m in picked:
        if m in seen:
            raise IllegalAction(f"{who}: mode {m + 1} is chosen twice; a mode can be chosen only once (700.2d)")
        seen.add(m)
    if not lo <= len(picked) <= hi:
        why = ""
        if node.condition is not None and node.count_if is not None and word == node.count:
            why = f"; 'choose {node.count_if}' applies only if {_condition_words(node)}"
        raise IllegalAction(
            f"{who}: {len(picked)} mode{'s' if len(picked) != 1 else ''} chosen, but it says "
            f"'choose {word}'{why} (700.2, 601.2b)"
        )
    bad = illegal_modes(ctx, effect)
    for m in sorted(seen):
        if m in bad:
            raise IllegalAction(f"{who}: mode {m + 1} can't be chosen: {bad[m]} (700.2a)")
    return tuple(sorted(seen))


def _condition_words(node: A.Modes) -> str:
    try:
        return Renderer(None, "it")(node.condition) if node.condition is not None else ""
    except CardTextError:
        return "its condition holds"


__all__ = ["COUNTS", "can_choose", "choose_modes", "count_range", "describe", "illegal_modes", "mode_text", "modes_of"]
