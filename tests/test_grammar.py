"""Grammar-level tests: each wording parses to the AST it means.

Expected nodes are built explicitly and compared with ``==`` (spans take no
part in equality).  Where Oracle has an older and a current wording, both are
checked to give the same AST.  Rule ids (K*, M*, L-*) are those of the
project's rules digest; CR numbers are today's Comprehensive Rules.
"""

from __future__ import annotations

import pytest

from grammar import ast as A
from grammar.errors import CardParseError, CardTextError
from grammar.parser import parse_card, parse_text

# --------------------------------------------------------------------------
# Helpers: a card around the lines under test, and short node builders
# --------------------------------------------------------------------------

NAME = "Test Card"


def card_text(*lines: str, name: str = NAME, cost: str = "{1}{G}", type_line: str = "Sorcery",
              pt: str | None = None) -> str:  # fmt: skip
    head = f"{name} {cost}" if cost else name
    body = [head, type_line, *lines]
    if pt is not None:
        body.append(pt)
    return "\n".join(body) + "\n"


def abilities(*lines: str, **kw: object) -> tuple[A.Node, ...]:
    return parse_card(card_text(*lines, **kw)).abilities  # type: ignore[arg-type]


def creature_abilities(*lines: str, **kw: object) -> tuple[A.Node, ...]:
    kw.setdefault("type_line", "Creature — Beast")
    kw.setdefault("pt", "2/2")
    return abilities(*lines, **kw)


def only(*lines: str, **kw: object) -> A.Node:
    """The last ability of a card made of the given lines."""
    return abilities(*lines, **kw)[-1]


def effect_of(*lines: str, **kw: object) -> tuple[A.Node, ...]:
    """The sentences of the last line, a spell paragraph."""
    ability = only(*lines, **kw)
    assert isinstance(ability, A.SpellAbility)
    return ability.effect.sentences


def one_action(line: str, **kw: object) -> A.Node:
    (sentence,) = effect_of(line, **kw)
    assert isinstance(sentence, A.Sentence)
    (action,) = sentence.actions
    return action


def mana(*symbols: A.ManaSymbol) -> A.ManaCost:
    return A.ManaCost(tuple(symbols))


def g(n: int) -> A.GenericMana:
    return A.GenericMana(n)


def c(color: str) -> A.ColoredMana:
    return A.ColoredMana(color)  # type: ignore[arg-type]


def cost(*symbols: A.ManaSymbol) -> A.Cost:
    return A.Cost((mana(*symbols),))


def flt(*nouns: str, **kw: object) -> A.ObjectFilter:
    return A.ObjectFilter(tuple(nouns), **kw)  # type: ignore[arg-type]


def target(*nouns: str, **kw: object) -> A.Target:
    return A.Target(flt(*nouns, **kw))


def a(n: int = 1) -> A.Number:
    return A.Number(n, "article")


def word(n: int) -> A.Number:
    return A.Number(n, "word")


def digits(n: int) -> A.Number:
    return A.Number(n, "digits")


def spell(*sentences: A.Instruction) -> A.SpellAbility:
    return A.SpellAbility(A.Effect(tuple(sentences)))


def say(*actions: A.Node, joiner: str = "", where_x: A.Node | None = None) -> A.Sentence:
    return A.Sentence(tuple(actions), joiner, where_x)  # type: ignore[arg-type]


DRAW_A_CARD = say(A.Draw(a()))
SELF = A.SelfRef("name")
IT = A.ItRef()
THIS_SPELL = A.SelfRef("this", "spell")
THIS_CREATURE = A.SelfRef("this", "creature")
KICKER_R = A.Kicker((cost(c("R")),))


def trig(word_: str, trigger: A.Node, *sentences: A.Instruction, condition: A.Node | None = None) -> A.TriggeredAbility:
    return A.TriggeredAbility(word_, trigger, A.Effect(tuple(sentences)), condition)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Mana symbols (CR 107.4) and mana costs (CR 202)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "symbols"),
    [
        ("{0}", (g(0),)),
        ("{3}", (g(3),)),
        ("{10}", (g(10),)),
        ("{W}{U}{B}{R}{G}", (c("W"), c("U"), c("B"), c("R"), c("G"))),
        ("{C}", (A.ColorlessMana(),)),
        ("{X}{R}", (A.VariableMana("X"), c("R"))),
        ("{X}{X}{G}", (A.VariableMana("X"), A.VariableMana("X"), c("G"))),
        ("{W/U}", (A.HybridMana("W", "U"),)),
        ("{2/W}", (A.GenericHybridMana("W"),)),
        ("{G/P}", (A.PhyrexianMana("G"),)),
        ("{G/U/P}", (A.PhyrexianMana("G", "U"),)),
        ("{S}", (A.SnowMana(),)),
        ("{2}{G}{G}", (g(2), c("G"), c("G"))),
    ],
)
def test_mana_cost_symbols(written: str, symbols: tuple[A.ManaSymbol, ...]) -> None:
    """CR 107.4: each symbol in braces is one node of the mana cost."""
    card = parse_card(card_text(cost=written, type_line="Artifact"))
    assert card.mana_cost == A.ManaCost(symbols)


def test_card_without_mana_cost_has_none() -> None:
    card = parse_card("Tester\nLand\n")
    assert card.mana_cost is None
    assert card.abilities == ()


@pytest.mark.parametrize(
    ("written", "value"),
    [("{2}{G}{G}", 4), ("{X}{R}", 1), ("{2/W}", 2), ("{W/U}{G/P}", 2), ("{0}", 0), ("{C}{S}", 2)],
)
def test_mana_value_of_parsed_cost(written: str, value: int) -> None:
    """CR 202.3: X counts 0, {2/W} counts 2, hybrid and Phyrexian count 1."""
    card = parse_card(card_text(cost=written, type_line="Artifact"))
    assert card.mana_cost is not None and card.mana_cost.mana_value == value


def test_tap_and_mana_symbols_in_a_cost() -> None:
    """{T} is a cost part of its own; {S} is a mana symbol (CR 107.5, 107.4h)."""
    assert only("{S}, {T}: Add {G}.", name="Tester", cost="", type_line="Snow Artifact") == A.ActivatedAbility(
        A.Cost((mana(A.SnowMana()), A.TapCost())),
        A.Effect((say(A.AddMana(mana(c("G")))),)),
    )


def test_activated_mana_ability_with_colorless() -> None:
    assert only("{T}: Add {C}.", name="Tester", cost="", type_line="Land") == A.ActivatedAbility(
        A.Cost((A.TapCost(),)), A.Effect((say(A.AddMana(mana(A.ColorlessMana()))),))
    )


# --------------------------------------------------------------------------
# Type lines (CR 205) and power/toughness (CR 208)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("dash", ["—", "-", "--"])
def test_type_line_dash_forms_are_equal(dash: str) -> None:
    """design.md: the type line's dash may be written —, -- or -."""
    card = parse_card(card_text(type_line=f"Legendary Creature {dash} Elf Druid", pt="1/1"))
    assert card.type_line == A.TypeLine(("Legendary",), ("Creature",), ("Elf", "Druid"))


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Sorcery", A.TypeLine((), ("Sorcery",), ())),
        ("Basic Snow Land — Forest", A.TypeLine(("Basic", "Snow"), ("Land",), ("Forest",))),
        ("Artifact Creature — Golem", A.TypeLine((), ("Artifact", "Creature"), ("Golem",))),
        ("Kindred Instant — Goblin", A.TypeLine((), ("Kindred", "Instant"), ("Goblin",))),
        ("Enchantment — Aura", A.TypeLine((), ("Enchantment",), ("Aura",))),
        ("Artifact — Equipment", A.TypeLine((), ("Artifact",), ("Equipment",))),
    ],
)
def test_type_lines(written: str, expected: A.TypeLine) -> None:
    pt = "1/1" if "Creature" in written else None
    assert parse_card(card_text(type_line=written, pt=pt)).type_line == expected


def test_tribal_is_read_as_kindred() -> None:
    """"Tribal" is the older name of the card type Kindred (CR 205.2a)."""
    old = parse_card(card_text(type_line="Tribal Instant — Goblin"))
    new = parse_card(card_text(type_line="Kindred Instant — Goblin"))
    assert old.type_line == new.type_line == A.TypeLine((), ("Kindred", "Instant"), ("Goblin",))


def test_planeswalker_loyalty() -> None:
    card = parse_card(card_text(type_line="Legendary Planeswalker — Jace", pt="Loyalty: 3"))
    assert card.loyalty == A.Loyalty("3")
    assert card.pt is None


@pytest.mark.parametrize(("written", "power", "toughness"), [("2/2", "2", "2"), ("*/3", "*", "3"), ("*/*", "*", "*"), ("0/0", "0", "0"), ("X/X", "X", "X")])
def test_power_toughness(written: str, power: str, toughness: str) -> None:
    """CR 208: the last line of a creature is its P/T; * is defined by an ability."""
    card = parse_card(card_text(type_line="Creature — Elemental", pt=written))
    assert card.pt == A.PowerToughness(power, toughness)


# --------------------------------------------------------------------------
# Kicker and Multikicker (702.33)
# --------------------------------------------------------------------------


def test_k1_kicker_one_mana_cost() -> None:
    assert only("Kicker {1}{G}") == A.Kicker((cost(g(1), c("G")),))


def test_k1_kicker_with_reminder_text_is_the_same() -> None:
    """Reminder text in parentheses carries no meaning."""
    assert only("Kicker {1}{G} (You may pay an additional {1}{G} as you cast this spell.)") == only("Kicker {1}{G}")


def test_k2_kicker_and_or_is_two_costs() -> None:
    assert only("Kicker {1}{U} and/or {2}{B}") == A.Kicker((cost(g(1), c("U")), cost(g(2), c("B"))))


def test_k3_multikicker_is_a_repeatable_kicker() -> None:
    assert only("Multikicker {1}{G}") == A.Kicker((cost(g(1), c("G")),), multi=True)


def test_k20_kicker_with_a_non_mana_cost() -> None:
    sac_creature = A.SacrificeCost(A.AnObject(flt("creature"), a()))
    assert only("Kicker—Sacrifice a creature.") == A.Kicker((A.Cost((sac_creature,)),))


@pytest.mark.parametrize("dash", ["—", "--", "-", " - ", " — "])
def test_k20_kicker_dash_forms_are_equal(dash: str) -> None:
    sac_land = A.SacrificeCost(A.AnObject(flt("land"), a()))
    assert only(f"Kicker{dash}Sacrifice a land.") == A.Kicker((A.Cost((sac_land,)),))


def test_k20_kicker_with_mana_and_sacrifice() -> None:
    sac_land = A.SacrificeCost(A.AnObject(flt("land"), a()))
    assert only("Kicker—{2}{R}, Sacrifice a land.") == A.Kicker((A.Cost((mana(g(2), c("R")), sac_land)),))


def test_k20_kicker_pay_life() -> None:
    assert only("Kicker—Pay 3 life.") == A.Kicker((A.Cost((A.PayLifeCost(digits(3)),)),))


def test_k20_multikicker_with_a_non_mana_cost() -> None:
    sac_land = A.SacrificeCost(A.AnObject(flt("land"), a()))
    assert only("Multikicker—Sacrifice a land.") == A.Kicker((A.Cost((sac_land,)),), multi=True)


# --- "was kicked" conditions (K5, K6, K9; 607.2i) -------------------------

KICKED_DRAW = (DRAW_A_CARD,)


def _if_kicked_instead(subject: A.Node, **kw: object) -> tuple[A.Node, ...]:
    return (
        DRAW_A_CARD,
        A.IfSentence(A.KickedCondition(subject, **kw), say(A.Draw(word(2))), "after"),  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("subject_text", "subject"),
    [("it", IT), ("this spell", THIS_SPELL), (NAME, SELF)],
)
def test_k5_if_kicked_subjects(subject_text: str, subject: A.Node) -> None:
    """K5: "if it was kicked", "if this spell was kicked", "if [name] was kicked"."""
    sentences = effect_of("Kicker {2}", f"Draw a card. If {subject_text} was kicked, draw two cards instead.")
    assert sentences == _if_kicked_instead(subject)


def test_k6_kicked_with_its_cost() -> None:
    """K6: the condition names the kicker cost it is linked to."""
    sentences = effect_of(
        "Kicker {1}{U} and/or {2}{B}", "Draw a card. If it was kicked with its {1}{U} kicker, draw two cards instead."
    )
    assert sentences == _if_kicked_instead(IT, cost=cost(g(1), c("U")))


def test_k6_kicked_with_its_x_kicker() -> None:
    sentences = effect_of("Kicker {X}", "Draw a card. If it was kicked with its {X} kicker, draw two cards instead.")
    assert sentences == _if_kicked_instead(IT, cost=cost(A.VariableMana("X")))


def test_k4_kicked_twice() -> None:
    sentences = effect_of("Kicker {2} and/or {G}", "Draw a card. If it was kicked twice, draw two cards instead.")
    assert sentences == _if_kicked_instead(IT, times=2)


def test_kicked_instead_before_the_instruction() -> None:
    """Bloodchief's Thirst: "If this spell was kicked, instead destroy ..." (614.1a)."""
    sentences = effect_of("Kicker {2}{B}", "Destroy target creature. If this spell was kicked, instead exile target creature.")
    assert sentences == (
        say(A.Destroy(target("creature"))),
        A.IfSentence(A.KickedCondition(THIS_SPELL), say(A.Exile(target("creature"))), "before"),
    )


def test_if_kicked_without_instead_adds_an_instruction() -> None:
    sentences = effect_of("Kicker {2}", "Draw a card. If this spell was kicked, you gain 3 life.")
    assert sentences == (DRAW_A_CARD, A.IfSentence(A.KickedCondition(THIS_SPELL), say(A.GainLife(digits(3), A.You()))))


def test_kicked_condition_on_its_own_line() -> None:
    """Dismantling Blow: the kicked part may be a paragraph of its own."""
    abil = abilities("Kicker {2}{U}", "Destroy target artifact or enchantment.", f"If {NAME} was kicked, draw two cards.")
    assert abil[1:] == (
        spell(say(A.Destroy(target("artifact", "enchantment")))),
        spell(A.IfSentence(A.KickedCondition(SELF), say(A.Draw(word(2))))),
    )


# --- quantities ------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "amount"),
    [("a card", a()), ("one card", word(1)), ("two cards", word(2)), ("2 cards", digits(2)), ("twelve cards", word(12)), ("X cards", A.VarX())],
)
def test_quantity_forms(written: str, amount: A.Node) -> None:
    """Numbers keep how they were written (digits, word or article)."""
    assert one_action(f"Draw {written}.", cost="{X}{U}") == A.Draw(amount)


def test_number_forms_are_distinct_nodes() -> None:
    assert digits(2) != word(2)
    assert a() != word(1)


def test_where_x_is_defines_x() -> None:
    (sentence,) = effect_of("Draw X cards, where X is the number of creatures you control.")
    assert sentence == say(A.Draw(A.VarX()), where_x=A.CountOf(flt("creature", controller=A.ControlledBy(A.You()))))


def test_k9_for_each_time_it_was_kicked() -> None:
    assert one_action("Draw a card for each time it was kicked.") == A.Draw(A.ForEach(a(), A.TimesKicked(IT)))


def test_k9_the_number_of_times_it_was_kicked() -> None:
    (sentence,) = effect_of("Target player loses X life, where X is the number of times it was kicked.")
    player = A.Target(A.PlayerFilter())
    assert sentence == say(A.LoseLife(A.VarX(), player), where_x=A.TimesKicked(IT))


def test_k9_twice_the_number_of_times_it_was_kicked() -> None:
    """Deathforge Shaman: "equal to twice the number of times it was kicked"."""
    trigger = only(
        "Multikicker {R}",
        f"When {NAME} enters, it deals damage to target player or planeswalker equal to twice the number of times it was kicked.",
        type_line="Creature — Ogre Shaman", pt="4/3",
    )
    assert trigger == trig(
        "When", A.EntersTrigger(SELF),
        say(A.DealDamage(IT, A.Twice(A.TimesKicked(IT)), A.Target(A.PlayerOrPlaneswalker()), amount_after=True)),
    )


def test_k14_for_each_mana_spent_to_cast_it() -> None:
    """Verazol: mana spent to cast it includes kicker costs (K14)."""
    ab = only(f"{NAME} enters with a +1/+1 counter on it for each mana spent to cast it.", type_line="Creature — Serpent", pt="0/0")
    assert ab == A.EntersWithCounters(SELF, A.ForEach(a(), A.ManaSpent(IT)), "+1/+1")


def test_for_each_charge_counter_on_this() -> None:
    """Everflowing Chalice."""
    ab = only(f"{{T}}: Add {{C}} for each charge counter on {NAME}.", type_line="Artifact")
    assert ab == A.ActivatedAbility(
        A.Cost((A.TapCost(),)), A.Effect((say(A.AddMana(mana(A.ColorlessMana()), A.CountersOn("charge", SELF))),))
    )


# --- enters with counters / enters tapped (614.1c) --------------------------


@pytest.mark.parametrize("enters", ["enters", "enters the battlefield"])
def test_enters_with_counters_old_and_new_wording(enters: str) -> None:
    """Older Oracle "enters the battlefield" and current "enters" are the same AST."""
    ab = creature_abilities(f"{NAME} {enters} with three +1/+1 counters on it.")[-1]
    assert ab == A.EntersWithCounters(SELF, word(3), "+1/+1")


def test_enters_with_counters_in_digits() -> None:
    ab = creature_abilities(f"{NAME} enters with 2 +1/+1 counters on it.")[-1]
    assert ab == A.EntersWithCounters(SELF, digits(2), "+1/+1")


def test_enters_with_charge_counters() -> None:
    ab = only(f"{NAME} enters with three charge counters on it.", type_line="Artifact")
    assert ab == A.EntersWithCounters(SELF, word(3), "charge")


@pytest.mark.parametrize(("who", "subject"), [(NAME, SELF), ("This creature", THIS_CREATURE), ("It", IT)])
def test_k3_multikicker_enters_with_counter_for_each_kick(who: str, subject: A.Node) -> None:
    """Gnarlid Pack (K3, K9, K12)."""
    abil = creature_abilities("Multikicker {1}{G}", f"{who} enters with a +1/+1 counter on it for each time it was kicked.")
    assert abil == (
        A.Kicker((cost(g(1), c("G")),), multi=True),
        A.EntersWithCounters(subject, A.ForEach(a(), A.TimesKicked(IT)), "+1/+1"),
    )


@pytest.mark.parametrize("enters", ["enters", "enters the battlefield"])
@pytest.mark.parametrize(("who", "subject"), [(NAME, SELF), ("this creature", THIS_CREATURE), ("it", IT)])
def test_k5_if_kicked_it_enters_with_counters(enters: str, who: str, subject: A.Node) -> None:
    """Academy Drake: "If [this] was kicked, it enters with two +1/+1 counters on it"."""
    ab = creature_abilities("Kicker {4}", f"If {who} was kicked, it {enters} with two +1/+1 counters on it.")[-1]
    assert ab == A.EntersWithCounters(IT, word(2), "+1/+1", A.KickedCondition(subject))


def test_if_kicked_enters_with_counters_and_first_strike() -> None:
    """Benalish Lancer."""
    ab = creature_abilities("Kicker {2}{W}", f"If {NAME} was kicked, it enters with two +1/+1 counters on it and with first strike.")[-1]
    assert ab == A.EntersWithCounters(IT, word(2), "+1/+1", A.KickedCondition(SELF), ("first strike",))


@pytest.mark.parametrize("enters", ["enters", "enters the battlefield"])
def test_enters_tapped(enters: str) -> None:
    ab = only(f"{NAME} {enters} tapped.", cost="", type_line="Land")
    assert ab == A.EntersTapped(SELF)


def test_this_permanent_enters_tapped() -> None:
    assert only("This permanent enters tapped.", type_line="Artifact") == A.EntersTapped(A.SelfRef("this", "permanent"))


# --------------------------------------------------------------------------
# Triggers (CR 603) and the intervening "if" (603.4)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("enters", ["enters", "enters the battlefield"])
def test_when_this_enters_old_and_new_wording(enters: str) -> None:
    ab = creature_abilities(f"When {NAME} {enters}, draw a card.")[-1]
    assert ab == trig("When", A.EntersTrigger(SELF), DRAW_A_CARD)


@pytest.mark.parametrize(
    ("written", "word_", "trigger"),
    [
        (f"When {NAME} leaves the battlefield", "When", A.LeavesTrigger(SELF)),
        (f"When {NAME} dies", "When", A.DiesTrigger(SELF)),
        ("When this creature dies", "When", A.DiesTrigger(THIS_CREATURE)),
        (f"Whenever {NAME} attacks", "Whenever", A.AttacksTrigger(SELF)),
        (f"Whenever {NAME} deals combat damage to a player", "Whenever", A.DealsCombatDamageTrigger(SELF)),
        ("At the beginning of your end step", "At", A.PhaseTrigger("end", True)),
        ("At the beginning of the end step", "At", A.PhaseTrigger("end", False)),
        ("At the beginning of your upkeep", "At", A.PhaseTrigger("upkeep", True)),
        ("At the beginning of combat on your turn", "At", A.PhaseTrigger("combat", True)),
        ("Whenever a player kicks a spell", "Whenever", A.KicksTrigger(A.PlayerGroup("a_player"))),
        ("Whenever you cast a kicked spell", "Whenever", A.CastTrigger(A.You(), kicked=True)),
        ("When you cast this spell", "When", A.CastTrigger(A.You(), this_spell=True)),
        (
            "Whenever a permanent you control is turned face up",
            "Whenever",
            A.TurnedFaceUpTrigger(flt("permanent", controller=A.ControlledBy(A.You()))),
        ),
        ("Whenever you turn a permanent face up", "Whenever", A.TurnedFaceUpTrigger(flt("permanent"), you_turn=True)),
    ],
)
def test_triggers(written: str, word_: str, trigger: A.Node) -> None:
    ab = creature_abilities(f"{written}, draw a card.")[-1]
    assert ab == trig(word_, trigger, DRAW_A_CARD)


def test_k17_whenever_a_player_kicks_a_spell() -> None:
    """Saproling Infestation (K17)."""
    ab = only("Whenever a player kicks a spell, you create a 1/1 green Saproling creature token.", type_line="Enchantment")
    token = A.TokenSpec("1", "1", ("green",), ("Saproling",))
    assert ab == trig("Whenever", A.KicksTrigger(A.PlayerGroup("a_player")), say(A.CreateTokens(a(), token, player=A.You())))


def test_intervening_if_kicked_becomes_the_trigger_condition() -> None:
    """603.4: "When [this] enters, if it was kicked, ..." — the condition is on the trigger."""
    abil = creature_abilities("Kicker {R}", f"When {NAME} enters, if it was kicked, draw a card.")
    assert abil == (KICKER_R, trig("When", A.EntersTrigger(SELF), DRAW_A_CARD, condition=A.KickedCondition(IT)))


def test_k6_intervening_if_kicked_with_its_cost() -> None:
    """Stormscape Battlemage's second trigger (K6, 607.2i)."""
    ab = creature_abilities(
        "Kicker {W} and/or {2}{B}",
        f"When {NAME} enters, if it was kicked with its {{2}}{{B}} kicker, destroy target nonblack creature. That creature can't be regenerated.",
    )[-1]
    nonblack = target("creature", adjectives=(A.ColorAdj("black", True),))
    assert ab == trig(
        "When", A.EntersTrigger(SELF),
        say(A.Destroy(nonblack)), say(A.CantBeRegenerated(A.ThatRef("creature"))),
        condition=A.KickedCondition(IT, cost(g(2), c("B"))),
    )


def test_if_after_a_trigger_with_instead_is_not_intervening() -> None:
    """Desolation Giant: a later "If it was kicked, ... instead." is a sentence, not a trigger condition."""
    ab = creature_abilities(
        "Kicker {W}{W}", f"When {NAME} enters, destroy all other creatures you control. If it was kicked, destroy all other creatures instead."
    )[-1]
    yours = flt("creature", another=True, controller=A.ControlledBy(A.You()))
    assert ab == trig(
        "When", A.EntersTrigger(SELF),
        say(A.Destroy(A.Each(yours, "all"))),
        A.IfSentence(A.KickedCondition(IT), say(A.Destroy(A.Each(flt("creature", another=True), "all"))), "after"),
    )


# --------------------------------------------------------------------------
# Manifest (701.40), manifest dread (701.62), cloak (701.58)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Manifest the top card of your library.", A.Manifest(a())),
        ("Manifest the top two cards of your library.", A.Manifest(word(2))),
        ("Manifest the top X cards of your library.", A.Manifest(A.VarX())),
        ("Target player manifests the top card of their library.", A.Manifest(a(), A.Target(A.PlayerFilter()))),
        ("Each player manifests the top card of their library.", A.Manifest(a(), A.PlayerGroup("each_player"))),
        ("Manifest dread.", A.Manifest(None, dread=True)),
        ("Cloak the top card of your library.", A.Manifest(a(), cloak=True)),
    ],
)
def test_manifest_forms(written: str, expected: A.Manifest) -> None:
    assert one_action(written, cost="{X}{G}") == expected


def test_m15_manifest_then_put_a_counter_on_it() -> None:
    """Formless Nurturing (M15): the counter goes on the manifested permanent ("it")."""
    (sentence,) = effect_of(
        "Manifest the top card of your library, then put a +1/+1 counter on it. "
        "(To manifest a card, put it onto the battlefield face down as a 2/2 creature. "
        "Turn it face up any time for its mana cost if it's a creature card.)"
    )
    assert sentence == say(A.Manifest(a()), A.PutCounters(a(), "+1/+1", IT), joiner="then")


def test_m16_dies_manifest_dread() -> None:
    ab = creature_abilities(f"When {NAME} dies, manifest dread.")[-1]
    assert ab == trig("When", A.DiesTrigger(SELF), say(A.Manifest(None, dread=True)))


# --------------------------------------------------------------------------
# Effects (CR 608.2c, 701)
# --------------------------------------------------------------------------

CREATURE = target("creature")


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (f"{NAME} deals 3 damage to any target.", A.DealDamage(SELF, digits(3), A.Target(A.AnyTarget()))),
        (f"{NAME} deals three damage to target creature.", A.DealDamage(SELF, word(3), CREATURE)),
        (f"{NAME} deals 3 damage to target creature or player.", A.DealDamage(SELF, digits(3), A.Target(A.CreatureOrPlayer()))),
        (f"{NAME} deals 1 damage to each creature.", A.DealDamage(SELF, digits(1), A.Each(flt("creature")))),
        ("This spell deals 2 damage to any target.", A.DealDamage(THIS_SPELL, digits(2), A.Target(A.AnyTarget()))),
        ("Destroy target creature.", A.Destroy(CREATURE)),
        ("Destroy all creatures.", A.Destroy(A.Each(flt("creature"), "all"))),
        ("Destroy target nonbasic land.", A.Destroy(target("land", adjectives=(A.TypeAdj("basic", True),)))),
        ("Exile target creature.", A.Exile(CREATURE)),
        ("Exile target artifact or enchantment.", A.Exile(target("artifact", "enchantment"))),
        ("Return target creature to its owner's hand.", A.ReturnTo(CREATURE, "hand")),
        (
            "Return target creature card from your graveyard to your hand.",
            A.ReturnTo(target("creature", card=True, zone=A.InZone("graveyard", A.You())), "hand", owners=False),
        ),
        ("Draw two cards.", A.Draw(word(2))),
        ("Target player draws a card.", A.Draw(a(), A.Target(A.PlayerFilter()))),
        ("Target opponent discards two cards.", A.Discard(word(2), A.Target(A.PlayerFilter(opponent=True)))),
        ("Discard your hand.", A.Discard(None)),
        ("Mill three cards.", A.Mill(word(3))),
        ("Put two +1/+1 counters on target creature.", A.PutCounters(word(2), "+1/+1", CREATURE)),
        ("Put a -1/-1 counter on target creature.", A.PutCounters(a(), "-1/-1", CREATURE)),
        (
            "Create two 1/1 green Saproling creature tokens.",
            A.CreateTokens(word(2), A.TokenSpec("1", "1", ("green",), ("Saproling",))),
        ),
        (
            "Create a 4/4 red Dragon creature token with flying.",
            A.CreateTokens(a(), A.TokenSpec("4", "4", ("red",), ("Dragon",), keywords=("flying",))),
        ),
        ("You gain 3 life.", A.GainLife(digits(3), A.You())),
        ("Target player gains 3 life.", A.GainLife(digits(3), A.Target(A.PlayerFilter()))),
        ("Each opponent loses 2 life.", A.LoseLife(digits(2), A.PlayerGroup("each_opponent"))),
        ("Target creature gets +3/+3 until end of turn.", A.Pump(CREATURE, 3, 3)),
        ("Target creature gets -2/-2 until end of turn.", A.Pump(CREATURE, -2, -2)),
        (
            "Creatures you control get +1/+1 until end of turn.",
            A.Pump(A.Each(flt("creature", controller=A.ControlledBy(A.You())), "bare"), 1, 1),
        ),
        ("Target creature gains flying until end of turn.", A.Pump(CREATURE, None, None, ("flying",), verb="gain")),
        ("Sacrifice a creature.", A.Sacrifice(A.AnObject(flt("creature"), a()))),
        ("Target player sacrifices a creature.", A.Sacrifice(A.AnObject(flt("creature"), a()), A.Target(A.PlayerFilter()))),
        ("Tap target creature.", A.TapObjects(CREATURE)),
        ("Untap target land.", A.UntapObjects(target("land"))),
        ("Tap up to two target creatures.", A.TapObjects(A.Target(flt("creature"), word(2), up_to=True))),
        ("Counter target spell.", A.CounterSpell(target("spell"))),
        ("Counter target creature spell.", A.CounterSpell(target("spell", adjectives=(A.TypeAdj("creature"),)))),
        ("Counter target spell unless its controller pays {3}.", A.CounterSpell(target("spell"), mana(g(3)))),
        ("You may draw a card.", A.MayDo(A.Draw(a()))),
        ("You may sacrifice a creature.", A.MayDo(A.Sacrifice(A.AnObject(flt("creature"), a())))),
    ],
)
def test_effects(written: str, expected: A.Node) -> None:
    assert one_action(written) == expected


def test_draw_then_discard() -> None:
    (sentence,) = effect_of("Draw a card, then discard a card.")
    assert sentence == say(A.Draw(a()), A.Discard(a()), joiner="then")


def test_two_instructions_joined_by_and() -> None:
    (sentence,) = effect_of("Draw a card and you gain 2 life.")
    assert sentence == say(A.Draw(a()), A.GainLife(digits(2), A.You()), joiner="and")


def test_you_may_then_if_you_do() -> None:
    sentences = effect_of("You may sacrifice a creature. If you do, draw two cards.")
    assert sentences == (
        say(A.MayDo(A.Sacrifice(A.AnObject(flt("creature"), a())))),
        A.IfSentence(A.YouDo(), say(A.Draw(word(2)))),
    )


def test_k15_copy_that_spell_with_new_targets() -> None:
    """Verazol: "copy that spell. You may choose new targets for the copy." is one copy node (707.10)."""
    ab = only(
        "Whenever you cast a kicked spell, you may remove two +1/+1 counters from Verazol. If you do, copy that spell. "
        "You may choose new targets for the copy.",
        name="Verazol, the Split Current", cost="{X}{G}{U}", type_line="Legendary Creature — Serpent", pt="0/0",
    )
    short = A.SelfRef("short")
    assert ab == trig(
        "Whenever", A.CastTrigger(A.You(), kicked=True),
        say(A.MayDo(A.RemoveCounters(word(2), "+1/+1", short))),
        A.IfSentence(A.YouDo(), say(A.CopySpell(A.ThatRef("spell"), new_targets=True))),
    )


def test_cant_be_regenerated_refers_to_it() -> None:
    sentences = effect_of("Destroy target nonblack creature. It can't be regenerated.")
    assert sentences[1] == say(A.CantBeRegenerated(IT))


@pytest.mark.parametrize(
    ("older", "current"),
    [
        ("Destroy each creature with converted mana cost 2 or less.", "Destroy each creature with mana value 2 or less."),
        ("Destroy target creature with converted mana cost 3 or greater.", "Destroy target creature with mana value 3 or greater."),
    ],
)
def test_converted_mana_cost_is_mana_value(older: str, current: str) -> None:
    """Older Oracle "converted mana cost" and current "mana value" are the same AST."""
    assert one_action(older) == one_action(current)


def test_mana_value_comparison_node() -> None:
    assert one_action("Destroy each creature with mana value 2 or less.") == A.Destroy(
        A.Each(flt("creature", qualities=(A.WithManaValue(A.Comparison(digits(2), "le")),)))
    )


# --------------------------------------------------------------------------
# Keyword lines and static abilities
# --------------------------------------------------------------------------


def test_keyword_line() -> None:
    ab = creature_abilities("Hexproof, haste")[-1]
    assert ab == A.KeywordLine((A.Keyword("hexproof"), A.Keyword("haste")))


def test_keyword_line_two_word_keyword() -> None:
    ab = creature_abilities("Flying, first strike")[-1]
    assert ab == A.KeywordLine((A.Keyword("flying"), A.Keyword("first strike")))


def test_keyword_with_a_cost() -> None:
    ab = only("Equip {2}", type_line="Artifact — Equipment")
    assert ab == A.KeywordLine((A.KeywordWithCost("equip", cost(g(2))),))


def test_landwalk_keyword() -> None:
    assert creature_abilities("Islandwalk")[-1] == A.KeywordLine((A.Keyword("islandwalk"),))


def test_this_spell_cant_be_countered() -> None:
    assert only("This spell can't be countered.") == A.CantBeCountered(THIS_SPELL)


def test_static_cant_block() -> None:
    assert creature_abilities(f"{NAME} can't block.")[-1] == A.StaticEffect(A.CantBlock(SELF))


# --------------------------------------------------------------------------
# Self-reference (CR 201.5)
# --------------------------------------------------------------------------

LEGEND = dict(name="Verazol, the Split Current", cost="{X}{G}{U}", type_line="Legendary Creature — Serpent", pt="0/0")


def test_self_reference_by_full_name() -> None:
    ab = only("When Verazol, the Split Current enters, draw a card.", **LEGEND)
    assert ab == trig("When", A.EntersTrigger(A.SelfRef("name")), DRAW_A_CARD)


def test_self_reference_by_legendary_short_name() -> None:
    """CR 201.5: a legendary card may call itself by the part of its name before the comma."""
    ab = only("When Verazol enters, draw a card.", **LEGEND)
    assert ab == trig("When", A.EntersTrigger(A.SelfRef("short")), DRAW_A_CARD)


def test_self_reference_forms_are_different_nodes() -> None:
    """The form is kept so that rendering writes it back as it was written."""
    assert A.SelfRef("name") != A.SelfRef("short")
    assert A.SelfRef("this", "creature") != A.SelfRef("this", "spell")


@pytest.mark.parametrize("noun", ["creature", "enchantment", "permanent"])
def test_self_reference_this_noun(noun: str) -> None:
    ab = only(f"When this {noun} enters, draw a card.", type_line="Enchantment Creature — Spirit", pt="1/1")
    assert ab == trig("When", A.EntersTrigger(A.SelfRef("this", noun)), DRAW_A_CARD)


def test_it_as_trigger_subject() -> None:
    ab = only("When it enters, draw a card.", type_line="Enchantment")
    assert ab == trig("When", A.EntersTrigger(IT), DRAW_A_CARD)


def test_subtype_inside_the_card_name_is_not_self_reference() -> None:
    """Only the whole name is self-reference: "Drake" inside "Roost of Drakes" is a subtype."""
    card = parse_card("Roost of Drakes {U}\nEnchantment\nCreate a 2/2 blue Drake creature token with flying.\n")
    (sentence,) = card.abilities[0].effect.sentences  # type: ignore[union-attr]
    assert sentence.actions[0].spec == A.TokenSpec("2", "2", ("blue",), ("Drake",), keywords=("flying",))  # type: ignore[union-attr]


# --------------------------------------------------------------------------
# Spans (positions, not part of equality)
# --------------------------------------------------------------------------


def test_spans_are_not_part_of_equality() -> None:
    a1 = A.Draw(a(), span=A.Span(1, 1, 1, 5))
    a2 = A.Draw(a(), span=A.Span(9, 9, 9, 12))
    assert a1 == a2


def test_kicked_condition_span_points_at_its_text() -> None:
    text = card_text("Kicker {2}", "Draw a card. If this spell was kicked, draw two cards instead.")
    card = parse_card(text)
    cond = card.abilities[1].effect.sentences[1].condition  # type: ignore[union-attr]
    assert cond.span is not None
    line = text.splitlines()[cond.span.line - 1]
    assert line[cond.span.column - 1 : cond.span.end_column - 1] == "this spell was kicked"


def test_card_blocks_in_one_file_keep_their_line_numbers() -> None:
    text = "# two cards\n\n" + card_text("Draw a card.") + "\n" + card_text("Kicker {2}", "Draw two cards.", name="Other")
    result = parse_text(text)
    assert result.errors == []
    assert [card.span.line for card in result.cards if card.span] == [3, 7]


# --------------------------------------------------------------------------
# The grammar rejects malformed text, at the right place
# --------------------------------------------------------------------------


def _error(text: str) -> CardParseError:
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    return info.value


def _caret_line(err: CardParseError) -> str:
    lines = err.format().splitlines()
    carets = [ln for ln in lines if ln.strip() and set(ln.strip()) == {"^"}]
    assert len(carets) == 1, err.format()
    return carets[0]


@pytest.mark.parametrize(
    ("lines", "kw", "line", "column"),
    [
        (("Kicker 2G", "Draw a card."), {}, 3, 8),
        (("Kicker {2", "Draw a card."), {}, 3, 8),
        (("Kicker {2} (You may pay an additional {2} as you cast this spell.", "Draw a card."), {}, 3, 12),
        (("Draw a card",), {}, 3, 12),
        (("Draw a card", "Draw a card."), {}, 3, 12),
        (("Destroy target creature quickly.",), {}, 3, 25),
        (("Draw a card. If it was kicked draw two cards.",), {}, 3, 31),
        (("Kicker {Q/Z}",), {}, 3, 8),
        (("Draw a card.",), {"type_line": "Sorcery — arcane"}, 2, 11),
    ],
)
def test_malformed_text_gives_a_located_error(lines: tuple[str, ...], kw: dict[str, str], line: int, column: int) -> None:
    err = _error(card_text(*lines, **kw))
    assert (err.line, err.column) == (line, column), err.format()
    caret = _caret_line(err)
    assert caret.index("^") - 4 == column - 1  # four spaces of indent before the source line
    source = card_text(*lines, **kw).splitlines()[line - 1]
    assert f"    {source}" in err.format().splitlines()


def test_k3_gnarlid_pack_enter_without_s() -> None:
    """"enter" for "enters" is rejected at the verb, with a hint."""
    text = (
        "Gnarlid Pack {1}{G}\nCreature — Beast\nMultikicker {1}{G}\n"
        "Gnarlid Pack enter with a +1/+1 counter on it for each time it was kicked.\n2/2\n"
    )
    err = _error(text)
    assert (err.line, err.column) == (4, 14)
    assert err.text == "enter"
    assert _caret_line(err) == "    " + " " * 13 + "^^^^^"
    assert "enters" in err.hint


def test_kicker_without_braces_points_at_the_cost() -> None:
    err = _error(card_text("Kicker 2G"))
    assert (err.line, err.column) == (3, 8)
    assert "{2}" in err.format()


def test_mana_cost_without_braces_on_the_name_line() -> None:
    err = _error("Test Card 1G\nSorcery\nDraw a card.\n")
    assert (err.line, err.column, err.text) == (1, 11, "1G")
    assert _caret_line(err) == "    " + " " * 10 + "^^"


def test_unclosed_parenthesis_is_located_at_the_parenthesis() -> None:
    err = _error(card_text("Kicker {2} (You may pay an additional {2} as you cast this spell."))
    assert (err.line, err.column, err.text) == (3, 12, "(")
    assert "unclosed" in err.message


def test_unclosed_brace_is_located_at_the_brace() -> None:
    err = _error(card_text("Kicker {2"))
    assert (err.line, err.column, err.text) == (3, 8, "{")


def test_missing_period_is_located_after_the_sentence() -> None:
    err = _error(card_text("Draw a card"))
    assert (err.line, err.column) == (3, 12)
    assert "'.'" in err.message


def test_unknown_word_is_located_at_the_word() -> None:
    err = _error(card_text("Destroy target creature quickly."))
    assert (err.line, err.column) == (3, 25)
    assert "quickly" in err.message


def test_creature_without_pt_is_a_layout_error() -> None:
    err = _error(card_text("Flying", type_line="Creature — Elf"))
    assert err.line == 3
    assert "power/toughness" in err.message


def test_pt_on_a_sorcery_is_rejected_at_the_pt_line() -> None:
    err = _error(card_text("Draw a card.", pt="2/2"))
    assert (err.line, err.column, err.text) == (4, 1, "2/2")


def test_error_location_is_that_of_the_file() -> None:
    """A card lower in a file reports the file's line numbers, and the file name."""
    text = "# a comment\n\nGood {G}\nSorcery\nDraw a card.\n\nBad {G}\nSorcery\nDraw a card\n"
    result = parse_text(text, "cards/bad.card")
    assert len(result.cards) == 1 and len(result.errors) == 1
    err = result.errors[0]
    assert (err.file, err.line, err.column) == ("cards/bad.card", 9, 12)
    assert err.format().startswith("cards/bad.card:9:12: error:")


def test_parse_errors_are_card_text_errors() -> None:
    """Every error the parser raises on purpose derives from CardTextError."""
    assert issubclass(CardParseError, CardTextError)
    err = _error(card_text("Kicker 2G"))
    assert isinstance(err, CardTextError)
