"""Hypothesis strategies that generate AST nodes the grammar can express.

Each strategy builds nodes in the shape the transformer produces, so that
``parse(render(card)) == card`` is a fair property: a generated card is one a
card author could have written.  The constraints below are those of the
card language, not of the implementation, except where a comment names a
known gap (``GAP:``) — combinations the grammar should accept but does not
yet; they are left out so that the properties test everything else.

The top-level strategy is :func:`cards`.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from grammar import ast as A

# --------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------

# Invented words: no card word, keyword or subtype of the grammar.
NAME_WORDS = (
    "Zorvath",
    "Quillmane",
    "Brindlecrest",
    "Ulmquist",
    "Vexhold",
    "Ostrander",
    "Kelvaroth",
)
NAME_TAILS = ("the Unbound", "Warden of Ash", "the Quiet Tide")

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_WORDS = ("white", "blue", "black", "red", "green")
CREATURE_SUBTYPES = ("Elf", "Beast", "Wizard", "Goblin", "Human", "Serpent")
TOKEN_SUBTYPES = ("Saproling", "Zombie", "Drake", "Soldier", "Spirit")
KEYWORDS = (
    "flying", "first strike", "double strike", "haste", "hexproof", "vigilance", "lifelink",
    "trample", "menace", "reach", "deathtouch", "flash", "defender", "indestructible",
)  # fmt: skip
COUNTER_KINDS = ("+1/+1", "-1/-1", "charge", "time", "oil")
WORD_NUMBERS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20)

# --------------------------------------------------------------------------
# Mana
# --------------------------------------------------------------------------

colors = st.sampled_from(COLORS)

mana_symbols: st.SearchStrategy[A.ManaSymbol] = st.one_of(
    st.integers(0, 16).map(A.GenericMana),
    colors.map(A.ColoredMana),
    st.just(A.ColorlessMana()),
    st.just(A.SnowMana()),
    st.just(A.VariableMana("X")),
    st.tuples(colors, colors).filter(lambda p: p[0] != p[1]).map(lambda p: A.HybridMana(*p)),
    colors.map(A.GenericHybridMana),
    colors.map(A.PhyrexianMana),
    st.tuples(colors, colors).filter(lambda p: p[0] != p[1]).map(lambda p: A.PhyrexianMana(*p)),
)


def mana_costs(max_size: int = 4) -> st.SearchStrategy[A.ManaCost]:
    return st.lists(mana_symbols, min_size=1, max_size=max_size).map(lambda s: A.ManaCost(tuple(s)))


def mana_only_cost(max_size: int = 3) -> st.SearchStrategy[A.Cost]:
    return mana_costs(max_size).map(lambda m: A.Cost((m,)))


# --------------------------------------------------------------------------
# Numbers and quantities
# --------------------------------------------------------------------------

article_one = st.just(A.Number(1, "article"))


def numbers(min_value: int = 1) -> st.SearchStrategy[A.Number]:
    """A fixed number in any of its written forms ("a", "two", "2")."""
    words = [n for n in WORD_NUMBERS if n >= min_value]
    out = [
        st.integers(min_value, 20).map(lambda n: A.Number(n, "digits")),
        st.sampled_from(words).map(lambda n: A.Number(n, "word")),
    ]
    if min_value <= 1:
        out.append(article_one)
    return st.one_of(*out)


def counts() -> st.SearchStrategy[A.Node]:
    """A number or X."""
    return st.one_of(numbers(), st.just(A.VarX()))


# --------------------------------------------------------------------------
# Objects, players, filters
# --------------------------------------------------------------------------

you = st.just(A.You())

# Nouns that have a plural the grammar reads back ("creatures", "lands").
SINGLE_NOUNS = ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker")
NOUN_PAIRS = (("artifact", "enchantment"), ("creature", "planeswalker"), ("artifact", "creature"))


ADJECTIVES: tuple[A.Adjective, ...] = (
    *(A.ColorAdj(c) for c in COLOR_WORDS),
    *(A.ColorAdj(c, True) for c in COLOR_WORDS),
    A.StatusAdj("tapped"), A.StatusAdj("untapped"), A.StatusAdj("attacking"),
    A.TypeAdj("land", True), A.TypeAdj("basic", True),
)  # fmt: skip


@st.composite
def adjectives(draw: Any) -> tuple[A.Adjective, ...]:
    """No adjective or one ("nonblack", "tapped", "nonland").

    GAP: two adjective words in a row ("target green tapped permanent", "each
    other blue creature", "target nonblack attacking creature") are rejected:
    the second is read as an unknown word.
    """
    return draw(st.one_of(st.just(()), st.sampled_from(ADJECTIVES).map(lambda a: (a,))))


@st.composite
def object_filters(
    draw: Any, nouns: tuple[str, ...] | None = None, allow_controller: bool = True
) -> A.ObjectFilter:
    """A description of permanents: "nonblack creature you don't control with flying"."""
    if nouns is None:
        nouns = draw(
            st.one_of(
                st.sampled_from(SINGLE_NOUNS).map(lambda n: (n,)), st.sampled_from(NOUN_PAIRS)
            )
        )
    adjs = draw(adjectives()) if len(nouns) == 1 else ()
    qualities: tuple[A.Node, ...] = ()
    if draw(st.booleans()):
        qualities = (
            draw(
                st.one_of(
                    st.just(A.WithKeyword("flying")),
                    st.just(A.WithKeyword("flying", negated=True)),
                    st.builds(
                        lambda n, op: A.WithManaValue(A.Comparison(A.Number(n, "digits"), op)),
                        st.integers(0, 9),
                        st.sampled_from(["le", "ge"]),
                    ),
                    st.builds(
                        lambda n, op: A.WithPower(A.Comparison(A.Number(n, "digits"), op)),
                        st.integers(0, 9),
                        st.sampled_from(["le", "ge"]),
                    ),
                )
            ),
        )
    controller = None
    if allow_controller and draw(st.booleans()):
        controller = draw(
            st.sampled_from(
                [
                    A.ControlledBy(A.You()),
                    A.ControlledBy(A.You(), negated=True),
                    A.ControlledBy(A.PlayerGroup("an_opponent")),
                ]
            )
        )
    another = draw(st.booleans()) if len(nouns) == 1 and not adjs else False
    return A.ObjectFilter(nouns, adjs, another, qualities=qualities, controller=controller)  # type: ignore[arg-type]


@st.composite
def targets(draw: Any, nouns: tuple[str, ...] | None = None) -> A.Target:
    """ "target creature", "another target land", "up to two target creatures"."""
    f = draw(object_filters(nouns))
    kind = draw(st.sampled_from(["one", "n", "up_to"]))
    if kind == "one":
        return A.Target(f)
    count = A.Number(draw(st.sampled_from([2, 3])), "word")
    if kind == "up_to":
        return A.Target(
            A.ObjectFilter(
                f.nouns, f.adjectives, False, qualities=f.qualities, controller=f.controller
            ),
            count,
            up_to=True,
        )
    return A.Target(f, count)


player_targets = st.sampled_from(
    [A.Target(A.PlayerFilter()), A.Target(A.PlayerFilter(opponent=True))]
)
any_target = st.just(A.Target(A.AnyTarget()))


@st.composite
def each_objects(draw: Any) -> A.Each:
    """ "each creature", "all creatures", "creatures you control"."""
    quantifier = draw(st.sampled_from(["each", "all", "bare"]))
    f = draw(object_filters())
    if quantifier == "bare":
        # A bare plural needs something after the noun to be read as a group.
        f = A.ObjectFilter(
            f.nouns,
            f.adjectives,
            f.another,
            qualities=f.qualities,
            controller=A.ControlledBy(A.You()),
        )
    return A.Each(f, quantifier)


def self_refs(legendary: bool) -> st.SearchStrategy[A.SelfRef]:
    forms = [
        st.just(A.SelfRef("name")),
        st.sampled_from(["creature", "permanent", "spell", "enchantment", "artifact"]).map(
            lambda n: A.SelfRef("this", n)
        ),
    ]
    if legendary:
        forms.append(st.just(A.SelfRef("short")))
    return st.one_of(*forms)


def this_or_it(legendary: bool) -> st.SearchStrategy[A.Node]:
    return st.one_of(self_refs(legendary), st.just(A.ItRef()))


def permanents(legendary: bool) -> st.SearchStrategy[A.Node]:
    """What an instruction can act on."""
    return st.one_of(
        targets(),
        each_objects(),
        this_or_it(legendary),
        st.sampled_from([A.ThatRef("creature"), A.ThatRef("permanent")]),
    )


player_subjects = st.one_of(
    you,
    player_targets,
    st.sampled_from([A.PlayerGroup("each_player"), A.PlayerGroup("each_opponent")]),
)

# --------------------------------------------------------------------------
# Conditions
# --------------------------------------------------------------------------


@st.composite
def kicked_conditions(
    draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]
) -> A.KickedCondition:
    """ "it was kicked", "this spell was kicked with its {1}{U} kicker", "[name] was kicked twice",
    "it wasn't kicked"."""
    subject = draw(this_or_it(legendary))
    detail = draw(st.sampled_from(["none", "cost", "twice", "negated"]))
    if detail == "cost":
        mana_kickers = [
            c for c in kicker_costs if len(c.parts) == 1 and isinstance(c.parts[0], A.ManaCost)
        ]
        cost = draw(st.sampled_from(mana_kickers)) if mana_kickers else draw(mana_only_cost())
        return A.KickedCondition(subject, cost)
    if detail == "twice":
        return A.KickedCondition(subject, times=2)
    if detail == "negated":
        return A.KickedCondition(subject, negated=True)
    return A.KickedCondition(subject)


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------

per_things = st.one_of(
    st.just(A.TimesKicked(A.ItRef())),
    st.just(A.ManaSpent(A.ItRef())),
    # GAP: "for each time counter on [this]" is read as "for each time it was kicked".
    st.builds(
        A.CountersOn,
        st.sampled_from([k for k in COUNTER_KINDS if k != "time"]),
        st.just(A.SelfRef("name")),
    ),
    st.builds(A.CountOf, object_filters()),
)

token_specs = st.builds(
    lambda p, t, cols, sub, types, kws: A.TokenSpec(str(p), str(t), cols, (sub,), types, kws),
    st.integers(0, 6),
    st.integers(1, 6),
    st.sampled_from([(), ("green",), ("black",), ("white", "blue")]),
    st.sampled_from(TOKEN_SUBTYPES),
    st.sampled_from([("creature",), ("artifact", "creature")]),
    st.sampled_from([(), ("flying",), ("haste",), ("flying", "vigilance")]),
)


@st.composite
def actions(
    draw: Any, legendary: bool, imperative_only: bool = False, first: bool = False
) -> A.Node:
    """One instruction.  ``imperative_only``: no subject (for "you may ...");
    ``first``: the first words of an ability line."""
    obj = permanents(legendary)
    kinds = [
        "destroy", "exile", "return", "draw", "discard", "mill", "sacrifice", "counters", "remove",
        "tokens", "tap", "untap", "counter", "manifest", "dread",
    ]  # fmt: skip
    if not imperative_only:
        # GAP: "you may copy that spell. You may choose new targets for the copy." is
        # rejected (the new-targets sentence looks for a copy outside "you may"), so
        # copying is never optional here.
        kinds += ["damage", "pump", "life", "subject_draw", "subject_discard", "subject_sacrifice", "subject_manifest", "copy"]  # fmt: skip
    kind = draw(st.sampled_from(kinds))
    if first and kind in ("discard", "remove"):
        # GAP: at the start of a line, "Discard a card." and "Remove a charge counter
        # from [this], then draw a card." are read as the cost of an activated ability
        # and rejected at the period or at ", then".
        kind = "destroy"
    if kind == "damage":
        source = draw(this_or_it(legendary))
        to = draw(st.one_of(any_target, targets(("creature",)), player_targets, each_objects()))
        amount = draw(
            st.one_of(
                counts(),
                st.just(A.TimesKicked(A.ItRef())),
                st.builds(A.PowerOf, st.just(A.ItRef())),
            )
        )
        counted = isinstance(amount, (A.Number, A.VarX))
        return A.DealDamage(
            source, amount, to, amount_after=False if counted else draw(st.booleans())
        )
    if kind == "destroy":
        return A.Destroy(draw(obj))
    if kind == "exile":
        return A.Exile(draw(st.one_of(targets(), each_objects())), until_leaves=draw(st.booleans()))
    if kind == "return":
        # GAP: a group returned "to the battlefield under their owners' control" is written
        # by the renderer but rejected by the grammar, so only single objects or targets here.
        what = draw(st.one_of(targets(), st.just(A.ItRef())))
        zone = draw(st.sampled_from(["hand", "battlefield"]))
        if zone == "hand":
            return A.ReturnTo(what, "hand", owners=draw(st.booleans()))
        return A.ReturnTo(what, "battlefield", under_owner=draw(st.booleans()))
    if kind == "draw":
        amount = draw(counts())
        if draw(st.booleans()):
            amount = A.ForEach(amount, draw(per_things))
        return A.Draw(amount)
    if kind == "discard":
        return A.Discard(draw(st.one_of(st.none(), numbers())))
    if kind == "mill":
        return A.Mill(draw(numbers()))
    if kind == "sacrifice":
        return A.Sacrifice(
            draw(
                st.one_of(
                    this_or_it(legendary),
                    st.builds(A.AnObject, object_filters(allow_controller=False), numbers()),
                )
            )
        )
    if kind == "counters":
        on = draw(st.one_of(targets(("creature",)), this_or_it(legendary)))
        return A.PutCounters(draw(numbers()), draw(st.sampled_from(COUNTER_KINDS)), on)
    if kind == "remove":
        return A.RemoveCounters(
            draw(numbers()), draw(st.sampled_from(COUNTER_KINDS)), draw(self_refs(legendary))
        )
    if kind == "tokens":
        return A.CreateTokens(draw(numbers()), draw(token_specs), tapped=draw(st.booleans()))
    if kind == "tap":
        return A.TapObjects(draw(targets()))
    if kind == "untap":
        return A.UntapObjects(draw(targets()))
    if kind == "counter":
        unless = draw(st.one_of(st.none(), mana_costs(2)))
        return A.CounterSpell(A.Target(A.ObjectFilter(("spell",))), unless)
    if kind == "manifest":
        amount = draw(st.one_of(article_one, numbers(2)))
        return A.Manifest(amount, cloak=draw(st.booleans()))
    if kind == "pump":
        what = draw(st.one_of(targets(("creature",)), this_or_it(legendary), each_objects()))
        p, t = draw(st.integers(-3, 5)), draw(st.integers(-3, 5))
        kws = draw(st.sampled_from([(), ("haste",), ("flying",), ("trample", "haste")]))
        if draw(st.booleans()) and kws:
            return A.Pump(what, None, None, kws, verb="gain")
        return A.Pump(what, p, t, kws)
    if kind == "life":
        who = draw(player_subjects)
        amount = draw(numbers())
        return A.GainLife(amount, who) if draw(st.booleans()) else A.LoseLife(amount, who)
    if kind == "subject_draw":
        return A.Draw(draw(numbers()), draw(player_subjects))
    if kind == "subject_discard":
        return A.Discard(
            draw(numbers()),
            draw(st.one_of(player_targets, st.just(A.PlayerGroup("each_opponent")))),
        )
    if kind == "subject_sacrifice":
        return A.Sacrifice(
            A.AnObject(draw(object_filters(allow_controller=False)), draw(numbers())),
            draw(st.one_of(player_targets, st.just(A.PlayerGroup("each_opponent")))),
        )
    if kind == "dread":
        return A.Manifest(None, dread=True)
    if kind == "copy":
        return A.CopySpell(A.ThatRef("spell"), new_targets=draw(st.booleans()))
    assert kind == "subject_manifest"
    return A.Manifest(
        draw(st.one_of(article_one, numbers(2))),
        draw(st.one_of(player_targets, st.just(A.PlayerGroup("each_player")))),
    )


@st.composite
def instructions(draw: Any, legendary: bool, first: bool = False) -> A.Node:
    """An action, or "you may [action]"."""
    if draw(st.integers(0, 4)) == 0:
        return A.MayDo(draw(actions(legendary, imperative_only=True)))
    return draw(actions(legendary, first=first))


@st.composite
def sentences(draw: Any, legendary: bool, first: bool = False) -> A.Sentence:
    """One to two instructions joined by ", then" or "and", and maybe "where X is ..."."""
    acts = [draw(instructions(legendary, first=first))]
    joiner = ""
    if draw(st.booleans()):
        acts.append(draw(instructions(legendary)))
        # "create a token with flying and ..." would read "and ..." as more keywords.
        head = acts[0].action if isinstance(acts[0], A.MayDo) else acts[0]
        ends_in_keywords = isinstance(head, A.CreateTokens) and head.spec is not None and head.spec.keywords
        joiner = "then" if ends_in_keywords else draw(st.sampled_from(["then", "and"]))
    where_x = draw(
        st.one_of(
            st.none(), st.just(A.TimesKicked(A.ItRef())), st.builds(A.CountOf, object_filters())
        )
    )
    if len(acts) == 2 and isinstance(acts[0], A.CopySpell) and isinstance(acts[1], A.CopySpell):
        # "You may choose new targets for the copy." belongs to the last copy of the sentence.
        acts[0] = A.CopySpell(acts[0].what)
    return A.Sentence(tuple(acts), joiner, where_x)  # type: ignore[arg-type]


@st.composite
def if_sentences(draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]) -> A.IfSentence:
    """ "If it was kicked, [instructions] [instead]."."""
    condition = draw(st.one_of(kicked_conditions(legendary, kicker_costs), st.just(A.YouDo())))
    instead = draw(st.sampled_from(["", "before", "after"]))
    if instead == "after" and draw(st.integers(0, 3)) == 0:
        # Burst Lightning: "If this spell was kicked, it deals 4 damage instead."
        source = draw(this_or_it(legendary))
        return A.IfSentence(condition, A.Sentence((A.DealDamage(source, draw(numbers()), None),)), instead)
    return A.IfSentence(condition, draw(sentences(legendary)), instead)


@st.composite
def effects(
    draw: Any,
    legendary: bool,
    kicker_costs: tuple[A.Cost, ...],
    first_plain: bool,
    line_start: bool = False,
) -> A.Effect:
    """One to three sentences; ``first_plain``: the first is not an "If ..." sentence;
    ``line_start``: the effect opens its line (a spell's paragraph)."""
    out: list[A.Node] = []
    if first_plain or draw(st.booleans()):
        out.append(draw(sentences(legendary, first=line_start)))
    else:
        out.append(draw(if_sentences(legendary, kicker_costs)))
    for _ in range(draw(st.integers(0, 2))):
        out.append(draw(st.one_of(sentences(legendary), if_sentences(legendary, kicker_costs))))
    return A.Effect(tuple(out))  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Abilities
# --------------------------------------------------------------------------

keywords_with_cost = st.builds(
    lambda name, cost: A.KeywordWithCost(name, A.Cost((cost,))),
    st.sampled_from(["ward", "equip", "morph", "megamorph"]),
    mana_costs(3),
)
keyword_lines = st.lists(
    st.one_of(st.sampled_from(KEYWORDS).map(A.Keyword), keywords_with_cost),
    min_size=1,
    max_size=3,
    unique_by=lambda k: k.name,
).map(lambda ks: A.KeywordLine(tuple(ks)))


@st.composite
def static_abilities(draw: Any, legendary: bool) -> A.Node:
    """Anthems and restrictions (611.3), "This spell can't be countered." (101.2)."""
    kind = draw(st.sampled_from(["anthem", "anthem_keywords", "keywords", "cant_block", "uncounterable"]))
    group = draw(st.one_of(each_objects(), self_refs(legendary)))
    p, t = draw(st.integers(-2, 3)), draw(st.integers(-2, 3))
    kws = draw(st.sampled_from([("flying",), ("haste",), ("trample", "haste")]))
    if kind == "anthem":
        return A.StaticEffect(A.Pump(group, p, t, until_eot=False))
    if kind == "anthem_keywords":
        return A.StaticEffect(A.Pump(group, p, t, kws, until_eot=False, verb="have"))
    if kind == "keywords":
        return A.StaticEffect(A.Pump(group, None, None, kws, until_eot=False, verb="have"))
    if kind == "cant_block":
        return A.StaticEffect(A.CantBlock(draw(self_refs(legendary)), blocked=draw(st.booleans())))
    return A.CantBeCountered(A.SelfRef("this", "spell"))

non_mana_cost_parts = st.one_of(
    st.builds(
        lambda f, n: A.SacrificeCost(A.AnObject(f, n)),
        st.sampled_from([A.ObjectFilter((n,)) for n in SINGLE_NOUNS]),
        numbers(),
    ),
    st.integers(1, 10).map(lambda n: A.PayLifeCost(A.Number(n, "digits"))),
)


@st.composite
def kickers(draw: Any) -> A.Kicker:
    """Kicker [cost], Kicker [cost] and/or [cost], Multikicker [cost], Kicker—[non-mana cost]."""
    kind = draw(st.sampled_from(["one", "two", "multi", "other", "multi_other"]))
    if kind == "one":
        return A.Kicker((draw(mana_only_cost()),))
    if kind == "two":
        first, second = draw(st.lists(mana_only_cost(), min_size=2, max_size=2, unique=True))
        return A.Kicker((first, second))
    if kind == "multi":
        return A.Kicker((draw(mana_only_cost()),), multi=True)
    parts: list[A.Node] = []
    if draw(st.booleans()):
        parts.append(draw(mana_costs(3)))
    parts.append(draw(non_mana_cost_parts))
    return A.Kicker((A.Cost(tuple(parts)),), multi=kind == "multi_other")  # type: ignore[arg-type]


@st.composite
def enters_with_counters(
    draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]
) -> A.EntersWithCounters:
    """ "[this] enters with N counters on it [for each ...]"; "If [this] was kicked, it enters with ..."."""
    amount: A.Node = draw(numbers())
    if draw(st.booleans()):
        amount = A.ForEach(amount, draw(per_things))
    kind = draw(st.sampled_from(COUNTER_KINDS))
    if draw(st.booleans()):
        condition = draw(kicked_conditions(legendary, kicker_costs))
        kws = draw(st.sampled_from([(), ("first strike",), ("flying", "haste")]))
        return A.EntersWithCounters(draw(this_or_it(legendary)), amount, kind, condition, kws)
    return A.EntersWithCounters(draw(this_or_it(legendary)), amount, kind)


@st.composite
def triggers(draw: Any, legendary: bool) -> tuple[str, A.Node]:
    kind = draw(
        st.sampled_from(
            [
                "enters",
                "leaves",
                "dies",
                "attacks",
                "combat",
                "phase",
                "kicks",
                "cast_kicked",
                "cast_this",
                "face_up",
            ]
        )
    )
    subject = this_or_it(legendary)
    if kind == "enters":
        return "When", A.EntersTrigger(draw(subject))
    if kind == "leaves":
        return "When", A.LeavesTrigger(draw(subject))
    if kind == "dies":
        return "When", A.DiesTrigger(draw(subject))
    if kind == "attacks":
        return "Whenever", A.AttacksTrigger(draw(subject))
    if kind == "combat":
        return "Whenever", A.DealsCombatDamageTrigger(draw(subject))
    if kind == "phase":
        return "At", draw(
            st.sampled_from(
                [
                    A.PhaseTrigger("end"),
                    A.PhaseTrigger("end", False),
                    A.PhaseTrigger("upkeep"),
                    A.PhaseTrigger("combat"),
                ]
            )
        )
    if kind == "kicks":
        # GAP: "Whenever you kick a spell" — the grammar reads only "kicks".
        return "Whenever", A.KicksTrigger(A.PlayerGroup("a_player"))
    if kind == "cast_kicked":
        return "Whenever", A.CastTrigger(
            draw(st.sampled_from([A.You(), A.PlayerGroup("a_player")])), kicked=True
        )
    if kind == "cast_this":
        return "When", A.CastTrigger(A.You(), this_spell=True)
    return "Whenever", draw(
        st.sampled_from(
            [
                A.TurnedFaceUpTrigger(
                    A.ObjectFilter(("permanent",), controller=A.ControlledBy(A.You()))
                ),
                A.TurnedFaceUpTrigger(
                    A.ObjectFilter(("creature",), controller=A.ControlledBy(A.You()))
                ),
                A.TurnedFaceUpTrigger(A.ObjectFilter(("permanent",)), you_turn=True),
            ]
        )
    )


@st.composite
def triggered_abilities(
    draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]
) -> A.TriggeredAbility:
    """ "When/Whenever/At [trigger], [if condition,] [effect]"; the first sentence after an
    intervening "if" is plain (an "If" there would be read as the condition)."""
    word, trigger = draw(triggers(legendary))
    condition = draw(st.one_of(st.none(), kicked_conditions(legendary, kicker_costs)))
    effect = draw(effects(legendary, kicker_costs, first_plain=True))
    return A.TriggeredAbility(word, trigger, effect, condition)  # type: ignore[arg-type]


@st.composite
def spell_abilities(draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]) -> A.SpellAbility:
    return A.SpellAbility(draw(effects(legendary, kicker_costs, first_plain=False, line_start=True)))


@st.composite
def activated_abilities(
    draw: Any, legendary: bool, kicker_costs: tuple[A.Cost, ...]
) -> A.ActivatedAbility:
    parts: list[A.Node] = []
    if draw(st.booleans()):
        parts.append(draw(mana_costs(3)))
    if draw(st.booleans()) or not parts:
        parts.append(A.TapCost())
    return A.ActivatedAbility(
        A.Cost(tuple(parts)), draw(effects(legendary, kicker_costs, first_plain=True))
    )  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------


@st.composite
def names(draw: Any, legendary: bool) -> str:
    words = draw(st.lists(st.sampled_from(NAME_WORDS), min_size=1, max_size=2, unique=True))
    name = " ".join(words)
    if legendary and draw(st.booleans()):
        name += ", " + draw(st.sampled_from(NAME_TAILS))
    return name


CARD_TYPES = (
    ("Creature",), ("Artifact", "Creature"), ("Enchantment", "Creature"), ("Instant",), ("Sorcery",),
    ("Enchantment",), ("Artifact",), ("Kindred", "Instant"),
)  # fmt: skip


@st.composite
def type_lines(draw: Any) -> A.TypeLine:
    types = draw(st.sampled_from(CARD_TYPES))
    supertypes = ("Legendary",) if draw(st.integers(0, 3)) == 0 and "Instant" not in types else ()
    subtypes: tuple[str, ...] = ()
    if "Creature" in types or "Kindred" in types:
        subtypes = tuple(
            draw(
                st.lists(
                    st.sampled_from(CREATURE_SUBTYPES),
                    min_size=0 if "Kindred" not in types else 1,
                    max_size=2,
                    unique=True,
                )
            )
        )
    return A.TypeLine(supertypes, types, subtypes)


pt_values = st.one_of(st.integers(0, 12).map(str), st.just("*"))


@st.composite
def cards(draw: Any) -> A.Card:
    """A whole card: name, optional mana cost, type line, abilities, P/T for creatures."""
    type_line = draw(type_lines())
    legendary = "Legendary" in type_line.supertypes
    name = draw(names(legendary))
    short_ok = legendary and "," in name
    mana_cost = draw(st.one_of(st.none(), mana_costs(5)))
    abilities: list[A.Node] = []
    kicker = draw(st.one_of(st.none(), kickers()))
    kicker_costs: tuple[A.Cost, ...] = kicker.costs if kicker is not None else ()
    if kicker is not None:
        abilities.append(kicker)
    permanent = not ({"Instant", "Sorcery"} & set(type_line.types))
    makers = [
        keyword_lines,
        spell_abilities(short_ok, kicker_costs),
        triggered_abilities(short_ok, kicker_costs),
        activated_abilities(short_ok, kicker_costs),
    ]
    makers.append(static_abilities(short_ok))
    if permanent:
        makers += [
            enters_with_counters(short_ok, kicker_costs),
            this_or_it(short_ok).map(A.EntersTapped),
        ]
    abilities += draw(st.lists(st.one_of(*makers), min_size=0, max_size=3))
    pt = None
    if "Creature" in type_line.types:
        pt = A.PowerToughness(draw(pt_values), draw(pt_values))
    return A.Card(name, mana_cost, type_line, tuple(abilities), pt)  # type: ignore[arg-type]
