"""Grammar-level tests of card wording, one section per concern of the
language (grammar/lang/*): each test parses a wording and asserts what the
AST says it means.

Rule ids (../rules.md) are named where a test checks one: K… kicker,
M… manifest, L-… linked abilities.  Round trips of the same wordings
(parse → render → same text) are in test_render.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.node import Node
from cardtext.grammar.render import render_card
from cardtext.interpreter.bind import walk
from cardtext.testing import canonical, parse_ability, parse_card


def ability(text: str, **options: Any) -> Any:
    """One ability line, parsed in a minimal card (no link check)."""
    return parse_ability(text, link=False, **options)


def nodes(tree: Node, cls: type) -> list[Any]:
    """Every node of a class in a tree, in order."""
    return [n for n in tree.walk() if isinstance(n, cls)]


def one(tree: Node, cls: type) -> Any:
    """The single node of a class in a tree."""
    found = nodes(tree, cls)
    assert len(found) == 1, f"expected one {cls.__name__}, found {len(found)} in {tree!r}"
    return found[0]


def action(text: str, **options: Any) -> Any:
    """The only instruction of a one-sentence ability."""
    a = ability(text, **options)
    effect = a.effect
    (sentence,) = effect.sentences
    body = sentence.body if isinstance(sentence, A.LeadSentence) else sentence
    (act,) = body.actions
    return act


# --------------------------------------------------------------------------
# Kicker and multikicker (keywords.py, conditions.py)
# --------------------------------------------------------------------------


def test_k1_kicker_with_a_mana_cost() -> None:
    k = ability("Kicker {2}{G}")
    assert isinstance(k, A.Kicker) and not k.multi
    (cost,) = k.costs
    assert cost.parts == (A.ManaCost((A.GenericMana(2), A.ColoredMana("G"))),)


def test_k2_kicker_and_or_is_two_costs() -> None:
    k = ability("Kicker {1}{U} and/or {2}{B}")
    assert [c.parts[0].symbols[-1] for c in k.costs] == [A.ColoredMana("U"), A.ColoredMana("B")]


def test_k3_multikicker_is_a_repeatable_kicker() -> None:
    k = ability("Multikicker {1}{G}")
    assert k.multi


@pytest.mark.parametrize("dash", ["—", "-", "--", " — "])
def test_k20_kicker_with_a_non_mana_cost(dash: str) -> None:
    k = ability(f"Kicker{dash}Sacrifice a creature.")
    (part,) = k.costs[0].parts
    assert isinstance(part, A.SacrificeCost)
    assert one(part, A.Noun).word == "creature"


def test_k20_kicker_with_mana_and_a_life_payment() -> None:
    k = ability("Kicker—{1}, Pay 2 life.")
    kinds = [type(p) for p in k.costs[0].parts]
    assert kinds == [A.ManaCost, A.PayLifeCost]


@pytest.mark.parametrize(
    ("subject", "cls"),
    [("this spell", A.SelfRef), ("it", A.ItRef)],
)
def test_k5_if_kicked_names_what_was_kicked(subject: str, cls: type) -> None:
    a = ability(f"If {subject} was kicked, draw two cards.", type_line="Sorcery")
    cond = one(a, A.KickedCondition)
    assert isinstance(cond.subject, cls)


def test_k4_kicked_twice() -> None:
    a = ability("If this spell was kicked twice, draw a card.", type_line="Sorcery")
    assert one(a, A.KickedCondition).times == 2


@pytest.mark.parametrize(
    "text",
    [
        "Create a 1/1 white Dog creature token for each time this spell was kicked.",
        "Target player mills two cards for each time this spell was kicked.",
        "You gain 3 life for each time this spell was kicked.",
        "Target opponent discards a card for each time this spell was kicked.",
        "This spell deals 2 damage to any target for each time this spell was kicked.",
        "Put a +1/+1 counter on target creature for each time this spell was kicked.",
        "Draw a card for each time this spell was kicked.",
        "Target creature gets +2/+2 until end of turn for each time this spell was kicked.",
    ],
)
def test_k9_for_each_time_kicked_after_any_instruction(text: str) -> None:
    """Multikicker's count multiplies whatever instruction it follows (K9)."""
    a = ability(text, type_line="Sorcery")
    assert isinstance(one(a, A.TimesKicked).object, A.SelfRef)


def test_k9_leading_for_each_time_kicked() -> None:
    a = ability(
        "For each time this spell was kicked, create a 2/2 black Zombie creature token.",
        type_line="Sorcery",
    )
    (lead,) = a.effect.sentences
    assert isinstance(lead, A.LeadSentence) and lead.kind == "for each"
    assert isinstance(lead.per, A.TimesKicked)
    assert isinstance(lead.body.actions[0], A.CreateTokens)


def test_k9_it_was_kicked_after_a_token() -> None:
    a = ability("When this creature enters, create a 1/1 colorless Thopter artifact creature token "
                "with flying for each time it was kicked.")  # fmt: skip
    assert isinstance(one(a, A.TimesKicked).object, A.ItRef)


def test_k3_enters_with_a_counter_for_each_time_kicked() -> None:
    a = ability("This creature enters with a +1/+1 counter on it for each time it was kicked.")
    assert nodes(a, A.TimesKicked)


# --------------------------------------------------------------------------
# Quantities (quantities.py): one amount in every numeric slot
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [("Draw a card.", 1), ("Draw two cards.", 2), ("Draw 3 cards.", 3), ("Draw X cards.", None)],
)
def test_numbers_as_words_digits_and_x(text: str, value: int | None) -> None:
    amount = action(text).amount
    if value is None:
        assert isinstance(amount, A.VarX)
    else:
        assert isinstance(amount, A.Number) and amount.value == value


@pytest.mark.parametrize(
    "text",
    [
        "You gain 2 life for each creature you control.",
        "Draw a card for each artifact you control.",
        "This spell deals 1 damage to any target for each Goblin you control.",
        "Target player mills a card for each land you control.",
        "Create a 0/1 green Plant creature token for each land you control.",
        "Target opponent loses 1 life for each creature card in your graveyard.",
        "Add {G} for each Elf you control.",
        "Target creature gets +1/+1 until end of turn for each creature you control.",
    ],
)
def test_for_each_after_any_instruction(text: str) -> None:
    act = action(text, type_line="Sorcery")
    (count,) = nodes(act, A.CountOf)
    assert count.filter.post  # "you control", "in your graveyard": the whole filter is kept


def test_for_each_keeps_the_base_amount() -> None:
    amount = action("You gain 2 life for each creature you control.").amount
    assert isinstance(amount, A.ForEach) and amount.base == A.Number(2, "digits")


@pytest.mark.parametrize(
    "text",
    [
        "Draw cards equal to the number of cards in your hand.",
        "You gain life equal to the number of creatures you control.",
        "This spell deals damage to any target equal to the number of cards in your graveyard.",
        "Create a number of 1/1 green Saproling creature tokens equal to the number of lands you control.",
    ],
)
def test_equal_to_in_any_numeric_slot(text: str) -> None:
    act = action(text, type_line="Sorcery")
    assert isinstance(one(act, A.EqualTo).value, A.CountOf)


def test_a_number_of_things_equal_to() -> None:
    act = action("Create a number of 1/1 green Saproling creature tokens equal to the number of lands you control.")
    assert act.amount.where == "number_of"


def test_where_x_is_defines_x() -> None:
    a = ability("This spell deals X damage to any target, where X is the number of creatures you control.",
                type_line="Sorcery")  # fmt: skip
    (sentence,) = a.effect.sentences
    assert isinstance(sentence.actions[0].amount, A.VarX)
    assert isinstance(sentence.where_x, A.CountOf)


def test_half_rounded_up() -> None:
    amount = action("You lose half your life, rounded up.").amount
    assert isinstance(amount, A.Half) and amount.round_up
    assert isinstance(amount.of, A.LifeTotal)


def test_twice_an_amount() -> None:
    act = action("You gain life equal to twice the number of creatures you control.")
    assert nodes(act, A.Twice)


def test_k14_mana_spent_to_cast() -> None:
    a = ability("When this creature enters, draw a card for each {G} spent to cast it.")
    assert nodes(a, A.ManaSpent)


# --------------------------------------------------------------------------
# Objects and players (objects.py)
# --------------------------------------------------------------------------


def _filter_of(text: str) -> Any:
    return action(text).what.spec


def test_adjective_coordination_is_kept() -> None:
    f = _filter_of("Destroy target red or green creature.")
    assert [type(w) for w in f.words] == [A.ColorAdj, A.Coord, A.ColorAdj, A.Noun]
    assert f.nouns == ("creature",)


def test_historic_is_a_quality_of_objects() -> None:
    """700.6: "historic" describes artifacts, legendaries and Sagas."""
    f = _filter_of("Return target historic permanent to its owner's hand.")
    assert A.StatusAdj("historic") in f.words and f.nouns == ("permanent",)


@pytest.mark.parametrize(("text", "name"), [("a card with cycling", "cycling"), ("a creature with morph", "morph")])
def test_a_cost_keyword_named_without_its_cost(text: str, name: str) -> None:
    """ "with cycling", "with morph": the keyword named, as a quality (702)."""
    act = action(f"Return target {text.split(' ', 1)[1]} to its owner's hand.")
    (quality,) = [q for q in act.what.spec.post if isinstance(q, A.WithKeyword)]
    assert quality.keyword.name.lower() == name


def test_another_target_after_any_target_is_any_other_target() -> None:
    """ "it deals 3 damage to another target": any target but the first (115.3, 115.4)."""
    card = parse_card(
        "Test Card {R}\nInstant\nKicker {R}\nThis spell deals 3 damage to any target. "
        "If this spell was kicked, it deals 3 damage to another target."
    )
    targets = [n.spec for n in walk(card) if isinstance(n, A.Target)]
    assert targets == [A.AnyTarget(), A.AnyTarget(True, another=True)]


def test_thats_attacking_whom() -> None:
    """ "that's attacking you": a relative clause with whom it attacks (506.3)."""
    f = _filter_of("Destroy target creature that's attacking you.")
    (quality,) = f.post
    assert isinstance(quality, A.InCombatWith) and quality.how == "attacking" and isinstance(quality.other, A.You)


def test_noun_lists() -> None:
    f = _filter_of("Exile target artifact, enchantment, or land.")
    assert f.nouns == ("artifact", "enchantment", "land")


def test_another_target_keeps_another() -> None:
    f = _filter_of("Destroy another target creature.")
    assert A.StatusAdj("other") in f.words


def test_each_other_player_keeps_other() -> None:
    act = action("Each other player loses 1 life.")
    assert act.player == A.PlayerGroup("each_other_player")


def test_another_target_player() -> None:
    act = action("Another target player draws a card.")
    assert act.player.spec.other


@pytest.mark.parametrize(
    ("text", "quality"),
    [
        ("Destroy target creature with flying.", A.WithKeyword),
        ("Destroy target creature with power 2 or less.", A.WithStat),
        ("Destroy target creature with mana value 3 or greater.", A.WithStat),
        ("Destroy target creature an opponent controls.", A.ControlledBy),
        ("Destroy target creature that's attacking or blocking.", A.ThatIs),
        ("Destroy target creature not named Grizzly Bears.", A.Named),
    ],
)
def test_qualities(text: str, quality: type) -> None:
    f = _filter_of(text)
    assert any(isinstance(q, quality) for q in f.post), f.post


def test_comparison_keeps_its_operator() -> None:
    (q,) = _filter_of("Destroy target creature with power 2 or less.").post
    assert q.stat == "power" and q.comparison.op == "le" and q.comparison.value == A.Number(2, "digits")


def test_second_verb_keeps_its_subject() -> None:
    a = ability("Target player draws a card, then discards a card.", type_line="Sorcery")
    draw, discard = a.effect.sentences[0].actions
    assert isinstance(draw.player, A.Target) and discard.player == draw.player


def test_up_to_n_targets() -> None:
    what = action("Destroy up to two target creatures.").what
    assert what.up_to and what.count == A.Number(2, "word")


def test_all_and_each() -> None:
    assert isinstance(action("Destroy all creatures.").what, A.Each)
    assert isinstance(action("Destroy each creature.").what, A.Each)


# --------------------------------------------------------------------------
# Types and subtypes (vocabulary.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("plural", "singular"), [("Elves", "Elf"), ("Zombies", "Zombie"), ("Goblins", "Goblin")])
def test_plural_subtypes_mean_the_subtype(plural: str, singular: str) -> None:
    f = action(f"{plural} you control get +1/+1 until end of turn.").what.filter
    assert f.nouns == (singular,)


def test_a_capitalised_word_is_not_a_subtype_unless_listed() -> None:
    with pytest.raises(Exception, match="Otherwise|otherwise"):
        ability("Destroy target Otherwise.")


def test_type_line_declares_a_new_subtype() -> None:
    card = parse_card("Glimmerhound {1}{W}\nCreature — Glimmerhound\nOther Glimmerhounds you control get +1/+1.\n2/2",
                      link=False)  # fmt: skip
    f = one(card, A.StaticEffect).action.what.filter
    assert f.nouns == ("Glimmerhound",)


@pytest.mark.parametrize(("subtype", "hint"), [("Beest", "did you mean 'Beast'?"), ("Glimmerhound", "")])
def test_a_subtype_the_rules_dont_list_is_a_warning_on_its_type_line(subtype: str, hint: str) -> None:
    """205.3: a misspelled or invented subtype on a type line is said, with
    the closest listed one; the card still parses (a new design's own type),
    and a listed subtype is no warning."""
    from cardtext.grammar.parser import parse_text

    result = parse_text(f"Test Hound {{1}}{{W}}\nCreature — Elf {subtype}\n2/2\n")
    assert not result.errors and result.cards[0].type_line.subtypes == ("Elf", subtype)
    (warning,) = result.warnings
    assert (warning.location.line, warning.location.column, warning.kind) == (2, 16, "warning")
    assert f"'{subtype}' is not a subtype the rules list" in str(warning) and warning.hint == hint
    assert not parse_text("Test Hound {1}{W}\nCreature — Elf Beast\n2/2\n").warnings


@pytest.mark.parametrize("types", ["Vanguard", "Plane — Dominaria", "Scheme", "Phenomenon", "Conspiracy"])
def test_card_types_outside_traditional_play(types: str) -> None:
    card = parse_card(f"Odd Card\n{types}\n", link=False)
    assert card.type_line.types[0] == types.split()[0]


# --------------------------------------------------------------------------
# Keyword abilities (keywords.py, data/keywords.txt)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("Flying", A.Keyword),
        ("Ward {2}", A.KeywordWithCost),
        ("Cycling {2}", A.KeywordWithCost),
        ("Plainscycling {2}", A.KeywordWithCost),
        ("Cumulative upkeep {1}", A.KeywordWithCost),
        ("Flashback—Pay 3 life.", A.KeywordWithCost),
        ("Crew 2", A.KeywordNumber),
        ("Bushido 1", A.KeywordNumber),
        ("Suspend 4—{1}{U}", A.KeywordNumberCost),
        ("Protection from red and from blue", A.Protection),
        ("Enchant green creature", A.Enchant),
    ],
)
def test_keywords_by_shape(text: str, cls: type) -> None:
    (kw,) = ability(text).keywords
    assert isinstance(kw, cls)


def test_enchant_keeps_the_whole_filter() -> None:
    (kw,) = ability("Enchant creature you control").keywords
    assert isinstance(kw.what.post[0], A.ControlledBy)
    (kw,) = ability("Enchant green creature").keywords
    assert A.ColorAdj("green") in kw.what.words


def test_protection_from_two_qualities() -> None:
    (kw,) = ability("Protection from red and from blue").keywords
    assert len(kw.qualities) == 2


def test_a_keyword_line_of_several() -> None:
    line = ability("Flying, vigilance, lifelink")
    assert [k.name for k in line.keywords] == ["flying", "vigilance", "lifelink"]


@pytest.mark.parametrize("kw", ["flying", "trample", "deathtouch", "menace", "hexproof", "indestructible"])
def test_gains_any_keyword(kw: str) -> None:
    act = action(f"Target creature gains {kw} until end of turn.")
    assert act.keywords == (A.Keyword(kw),)


# ---- keywords of 2023-2026 sets (702.166-702.189) -------------------------


def _line(text: str, type_line: str = "Creature — Test", stats: str = "\n2/2") -> tuple[Any, str]:
    """A card with the line ``text``, and the line as rendered back."""
    card = parse_card(f"Test Card {{1}}{{G}}\n{type_line}\n{text}{stats}")
    lines = render_card(card, reminders=False).splitlines()
    return card, lines[2]


@pytest.mark.parametrize(
    ("text", "cls", "name"),
    [
        ("Offspring {2}", A.KeywordWithCost, "offspring"),  # 702.175
        ("Warp {1}{G}", A.KeywordWithCost, "warp"),  # 702.185
        ("Harmonize {4}{G}", A.KeywordWithCost, "harmonize"),  # 702.180
        ("Web-slinging {1}{G}{W}", A.KeywordWithCost, "web-slinging"),  # 702.188
        ("Mayhem {2}{B/R}", A.KeywordWithCost, "mayhem"),  # 702.187
        ("Mayhem", A.Keyword, "mayhem"),  # 702.187b: a land's
        ("Freerunning {1}{B}", A.KeywordWithCost, "freerunning"),  # 702.173
        ("Mobilize 2", A.KeywordNumber, "mobilize"),  # 702.181
        ("Firebending 1", A.KeywordNumber, "firebending"),
        ("Saddle 3", A.KeywordNumber, "saddle"),  # 702.171
        ("Impending 4—{1}{G}{G}", A.KeywordNumberCost, "impending"),  # 702.176
        ("Job select", A.Keyword, "job select"),  # 702.182
        ("Tiered", A.Keyword, "tiered"),  # 702.183
        ("Start your engines!", A.Keyword, "start your engines!"),  # 702.179
        ("For Mirrodin!", A.Keyword, "for Mirrodin!"),  # 702.163: a proper noun keeps its capital
    ],
)
def test_new_keywords_by_shape(text: str, cls: type, name: str) -> None:
    """Each keyword of the table parses in its shape and renders back as written."""
    card, back = _line(text)
    (kw,) = one(card, A.KeywordLine).keywords
    assert type(kw) is cls and kw.name == name
    assert back == text


def test_a_new_keyword_after_another_on_one_line() -> None:
    card, back = _line("Menace, firebending 3")
    assert [k.name for k in one(card, A.KeywordLine).keywords] == ["menace", "firebending"]
    assert back == "Menace, firebending 3"


@pytest.mark.parametrize("kw", ["Mobilize", "Firebending"])
def test_a_number_keyword_with_where_x(kw: str) -> None:
    """ "Mobilize X, where X is ..." (702.181a): X defined after the keyword, the line's period kept."""
    text = f"{kw} X, where X is the number of creature cards in your graveyard."
    card, back = _line(text)
    (k,) = one(card, A.KeywordLine).keywords
    assert isinstance(k.amount, A.VarX) and isinstance(k.where, A.WhereX) and k.period
    assert back == text


@pytest.mark.parametrize(
    ("text", "what", "tapped"),
    [
        ("Gift a card", "card", False),
        ("Gift a Food", "Food", False),
        ("Gift a tapped Fish", "Fish", True),
        ("Gift an extra turn", "extra turn", False),
        ("Gift an Octopus", "Octopus", False),
    ],
)
def test_gift_names_what_is_promised(text: str, what: str, tapped: bool) -> None:
    """702.174a: "Gift a [something]"."""
    card, back = _line(text, "Sorcery", "")
    gift = one(card, A.Gift)
    assert (gift.what, gift.tapped) == (what, tapped)
    assert back == text


@pytest.mark.parametrize("form", ["was", "wasn't"])
def test_if_the_gift_was_promised(form: str) -> None:
    """702.174b: a condition on the spell's gift."""
    text = f"Destroy target creature. If the gift {form} promised, you lose 2 life."
    card = parse_card(f"Test Card {{1}}{{B}}\nSorcery\nGift a card\n{text}")
    assert one(card, A.GiftPromised).negated == (form == "wasn't")
    assert render_card(card, reminders=False).splitlines()[-1] == text


@pytest.mark.parametrize(
    ("text", "at_least"),
    [
        ("Craft with artifact {3}{W}", None),
        ("Craft with two creatures {5}{B}", None),
        ("Craft with one or more Dinosaurs {4}{R}", None),
        ("Craft with one or more {5}", 1),
    ],
)
def test_craft_with_materials_and_a_cost(text: str, at_least: int | None) -> None:
    """702.167a: "Craft with [materials] [cost]"."""
    card, back = _line(text, "Artifact", "")
    craft = one(card, A.Craft)
    assert (craft.materials is None) == (at_least is not None)
    if at_least is not None:
        assert craft.at_least.value == at_least
    assert craft.cost.parts[0].symbols
    assert back == text


def test_equip_with_a_quality() -> None:
    """702.6e: "Equip [quality] [cost]"."""
    card, back = _line("Equip Pirate {1}", "Artifact — Equipment", "")
    equip = one(card, A.EquipQuality)
    assert one(equip.quality, A.Noun).word == "Pirate"
    assert back == "Equip Pirate {1}"


@pytest.mark.parametrize(
    "text",
    [
        "Exhaust — {2}{G}{G}: Put two +1/+1 counters on this creature.",  # 702.177a
        "Exhaust — {X}{U}{U}, {T}: Draw X cards.",
        "Max speed — {T}: Add {R}.",  # 702.178a
        "Max speed — This creature gets +1/+1.",
        "Forecast — {1}{W}, {T}: You gain 2 life.",  # 702.57a
    ],
)
def test_a_keyword_that_names_an_ability(text: str) -> None:
    """"[Keyword] — [ability]": the keyword keeps its ability, it is no ability word."""
    card, back = _line(text)
    kw = one(card, A.KeywordAbility)
    assert kw.name == text.split(" —")[0].lower()
    assert not nodes(card, A.AbilityWord)
    assert back == text


def test_exhaust_names_an_activated_ability_only() -> None:
    """702.177a: "Exhaust — [cost]: [effect]"; a static ability after it is a parse error."""
    with pytest.raises(Exception, match="activated ability"):
        parse_card("Test Card {1}{G}\nCreature — Test\nExhaust — This creature gets +1/+1.\n2/2")


@pytest.mark.parametrize(
    ("text", "cls"),
    [
        ("If this spell was bargained, draw a card.", A.KeywordCast),  # 702.166b
        ("This spell costs {2} less to cast if it's bargained.", A.KeywordCast),
        ("If a spell was warped this turn, draw a card.", A.KeywordCast),  # 702.185
        ("If this spell's mayhem cost was paid, draw a card.", A.KeywordCostPaid),  # 702.187
        ("If that creature was cast for its warp cost, draw a card.", A.KeywordCostPaid),
        ("If you cast this spell for its impending cost, draw a card.", A.KeywordCostPaid),  # 702.176
        ("If its surge cost was paid, draw a card.", A.KeywordCostPaid),  # 702.117
    ],
)
def test_conditions_on_a_keyword_of_the_spell(text: str, cls: type) -> None:
    card = parse_card(f"Test Card {{1}}{{R}}\nInstant\n{text}")
    assert nodes(card, cls)
    assert render_card(card, reminders=False).splitlines()[-1] == text


def test_a_spell_was_warped_this_turn() -> None:
    card = parse_card("Test Card {1}{R}\nInstant\nIf a spell was warped this turn, draw a card.")
    cond = one(card, A.KeywordCast)
    assert (cond.word, cond.this_turn) == ("warped", True)


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("This creature can't attack or block unless you have max speed.", False),
        ("If you don't have max speed, draw a card.", True),
    ],
)
def test_you_have_max_speed(text: str, negated: bool) -> None:
    """702.178b: a player with max speed has speed 4."""
    card, back = _line(text)
    cond = one(card, A.HasMaxSpeed)
    assert isinstance(cond.player, A.You) and cond.negated == negated
    assert back == text


@pytest.mark.parametrize(
    ("text", "keyword", "the"),
    [
        ("Target instant or sorcery card in your graveyard gains flashback until end of turn. "
         "The flashback cost is equal to its mana cost.", "flashback", True),  # 702.34a
        ("Target instant or sorcery card in your graveyard gains harmonize until end of turn. "
         "Its harmonize cost is equal to its mana cost.", "harmonize", False),  # 702.180
    ],
)
def test_the_cost_of_a_granted_keyword(text: str, keyword: str, the: bool) -> None:
    card, back = _line(text, "Sorcery", "")
    cost = one(card, A.KeywordCostIs)
    assert cost.keyword == keyword and (cost.whose is None) == the
    assert isinstance(cost.of, A.ItRef | A.Possessive)
    assert back == text


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Whenever a Mount you control enters, it becomes saddled until end of turn.", "saddled"),  # 702.171b
        ("When this creature enters, exile target spell. It becomes plotted.", "plotted"),  # 702.170d
    ],
)
def test_becomes_a_keyword_designation(text: str, word: str) -> None:
    card, back = _line(text)
    assert one(card, A.Becomes).special == word
    assert back == text


def test_is_saddled_is_a_state() -> None:
    text = "Whenever this creature attacks, you lose 2 life if this creature isn't saddled."
    card, back = _line(text)
    assert one(card, A.State).word == "saddled"
    assert back == text


@pytest.mark.parametrize(
    ("text", "acts", "greater"),
    [
        ("This creature saddles Mounts and crews Vehicles as though its power were 2 greater.", ("saddle", "crew"), 2),
        ("This creature saddles Mounts and crews Vehicles using its toughness rather than its power.",
         ("saddle", "crew"), None),
        ("This creature crews Vehicles as though its power were 1 greater.", ("crew",), 1),
    ],
)
def test_how_a_creature_crews_and_saddles(text: str, acts: tuple[str, ...], greater: int | None) -> None:
    """702.122a crew, 702.171a saddle: the power a creature taps for."""
    card, back = _line(text)
    crews = one(card, A.CrewsAs)
    assert crews.acts == acts
    assert (crews.greater is None) if greater is None else crews.greater.value == greater
    assert back == text


# --------------------------------------------------------------------------
# Keyword actions (verbs.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "verb"),
    [("Scry 2.", "scry"), ("Surveil 1.", "surveil"), ("Bolster 2.", "bolster"), ("Proliferate.", "proliferate"),
     ("Investigate.", "investigate"), ("Populate.", "populate")],
)  # fmt: skip
def test_keyword_actions(text: str, verb: str) -> None:
    act = action(text)
    assert isinstance(act, A.KeywordAction) and act.verb == verb


def _round_trip(line: str, type_line: str = "Creature — Bear", pt: str = "\n2/2") -> A.Card:
    """A card with one rules line, parsed, whose rendering (without reminder
    text) gives the line back byte for byte."""
    card = parse_card(f"Test Card {{2}}{{G}}\n{type_line}\n{line}{pt}")
    lines = render_card(card, reminders=False).splitlines()
    assert line in lines, lines
    return card


@pytest.mark.parametrize(
    ("line", "verb", "field", "subject"),
    [("When this creature enters, earthbend 2.", "earthbend", "amount", None),  # 701.65
     ("Whenever this creature attacks, earthbend X, where X is the number of creatures you control.",
      "earthbend", "amount", None),
     ("When this creature enters, airbend up to one target creature.", "airbend", "what", None),  # 701.66
     ("When this creature enters, you may blight 1. If you do, draw a card.", "blight", "amount", A.You),
     ("Whenever this creature attacks, each opponent blights 1.", "blight", "amount", A.PlayerGroup),
     ("When this creature enters, it endures 2.", "endure", "amount", A.ItRef),  # 701.63
     ("When this creature enters, you may behold a Dragon. If you do, draw a card.", "behold", "what", A.You),
     ("Whenever this creature attacks, target opponent investigates.", "investigate", None, A.Target),
     ("When this creature enters, each player discovers 3.", "discover", "amount", A.PlayerGroup),
     ("When this creature enters, target player proliferates.", "proliferate", None, A.Target),
     ("When this creature enters, time travel.", "time travel", None, None),  # 701.56
     ("Whenever this creature attacks, it connives.", "connive", None, A.ItRef)],
)  # fmt: skip
def test_keyword_action_with_any_subject(line: str, verb: str, field: str | None, subject: type | None) -> None:
    """701: a keyword action is an instruction with or without a subject, in
    either verb form ("blight 1", "each opponent blights 1")."""
    card = _round_trip(line)
    acts = [a for a in nodes(card, A.KeywordAction) if a.verb == verb]
    assert len(acts) == 1
    act = acts[0]
    if field is not None:
        assert getattr(act, field) is not None
    if subject is None:
        assert act.player is None
    else:
        assert isinstance(act.player, subject)


def test_waterbend_mana_is_what_it_pays() -> None:
    """701.67: "waterbend {X}" names the mana paid; the mana cost is the node's ``what``."""
    card = _round_trip("Waterbend {3}: This creature can't be blocked this turn.")
    (cost,) = nodes(card, A.ActionCost)
    assert cost.action.verb == "waterbend"
    assert cost.action.what == A.ManaCost((A.GenericMana(3),))


@pytest.mark.parametrize(
    ("line", "verb", "gap"),
    [("Waterbend {5}, {T}: Draw a card.", "waterbend", ""),
     ("{1}{W}, Blight 2: Return this card from your graveyard to your hand.", "blight", ""),
     ("{T}, Blight 1: Surveil 1.", "blight", ""),
     ("As an additional cost to cast this spell, waterbend {X}.", "waterbend", "other than a fixed amount"),
     ("As an additional cost to cast this spell, you may blight 2.", "blight", ""),
     ("As an additional cost to cast this spell, behold a Kithkin and exile it.", "behold", "a keyword action as a cost"),
     ("Ward—Waterbend {4}.", "waterbend", "")],
)  # fmt: skip
def test_keyword_action_as_a_cost(line: str, verb: str, gap: str) -> None:
    """118.1: a keyword action is also a part of a cost, the same words as the
    instruction; the engine reports it as a gap until it pays one (it pays
    "collect evidence N", test_collect_evidence_as_a_cost_part,
    "waterbend {N}", 701.67a, and "blight N", 701.68a)."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (cost,) = nodes(card, A.ActionCost)
    assert isinstance(cost.action, A.KeywordAction) and cost.action.verb == verb
    found = [str(g) for g in gaps(card)]
    assert any(gap in g for g in found) if gap else not found


@pytest.mark.parametrize(
    "line",
    ["As an additional cost to cast this spell, behold a Dragon or pay {1}.",
     "As an additional cost to cast this spell, blight 2 or pay {1}.",
     "As an additional cost to cast this spell, sacrifice a creature or pay 3 life."],
)  # fmt: skip
def test_a_cost_of_one_part_or_another(line: str) -> None:
    """601.2b, 118.1: "[cost] or [cost]", the player chooses which one to pay."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line, "Sorcery", "")
    (choice,) = nodes(card, A.CostOr)
    assert isinstance(choice.second, A.PayManaCost | A.PayLifeCost)
    # the choice is played (cardtext.interpreter.costs.choose_parts); a side the engine can't pay is named
    found = [str(g) for g in gaps(card)]
    assert not any("one part or another" in g for g in found)
    assert all("a keyword action as a cost" in g for g in found), found


def test_manifest_dread_with_another_player_as_subject() -> None:
    """701.62a: "its controller manifests dread" — the player is the subject."""
    card = _round_trip("When this creature dies, its controller manifests dread.")
    (m,) = nodes(card, A.Manifest)
    assert m.dread and isinstance(m.player, A.ControllerOf)


def test_then_unless_an_instruction() -> None:
    """ "Then [instruction] unless you [keyword action]." — a trailing unless
    after "Then"; the condition is an instruction with its subject."""
    card = _round_trip("Draw three cards. Then discard a card unless you waterbend {2}.", "Sorcery", "")
    (s,) = nodes(card, A.IfSentence)
    assert s.then and s.trailing == "unless"
    assert isinstance(s.condition, A.DoesAction) and s.condition.action.verb == "waterbend"


@pytest.mark.parametrize(
    ("line", "node", "keywords"),
    [('Equipped creature gets +1/+1 and has vigilance and "{3}, {T}: Tap target creature."', A.Pump, 1),
     ('Equipped creature has reach and "Whenever this creature attacks, tap target creature an opponent controls."',
      A.Pump, 1),
     ('{T}: Until end of turn, target creature you control gains trample and "Whenever this creature deals combat '
      'damage to a player, draw a card."', A.Pump, 1),
     ('When this creature enters, create a 1/1 blue Faerie creature token with flying and "This token can block only '
      'creatures with flying."', A.TokenSpec, 1),
     ('{U}{R}: Until end of turn, this land becomes a 2/1 blue and red Elemental creature with "During your turn, '
      'this creature has first strike." It\'s still a land.', A.Becomes, 0),
     ('{1}: Until end of turn, this land becomes a 3/3 Elemental creature with haste and "{T}: Add {R}." '
      'It\'s still a land.', A.Becomes, 1)],
)  # fmt: skip
def test_keywords_and_a_quoted_ability(line: str, node: type, keywords: int) -> None:
    """113.1a, 611.3: an object gains or has keywords and an ability in quotation
    marks together ("has vigilance and \"...\""); the "and" before a quote
    ends the keyword list."""
    card = _round_trip(line, "Land", "") if node is A.Becomes else _round_trip(line)
    n = next(x for x in nodes(card, node) if getattr(x, "quoted", None) or getattr(x, "abilities", None))
    quoted = n.quoted if not isinstance(n, A.TokenSpec) else n.abilities
    assert quoted
    assert len(n.keywords) == keywords


def test_token_copy_except_it_has_a_keyword_and_a_quoted_ability() -> None:
    """707.9a: a copy with an exception that gives it abilities."""
    line = ('When this creature enters, create a token that\'s a copy of target creature you control, except it has '
            'haste and "At the beginning of the end step, sacrifice this token."')  # fmt: skip
    card = _round_trip(line)
    (ex,) = nodes(card, A.Exception_)
    keywords, quoted = ex.value
    assert [k.name for k in keywords] == ["haste"] and isinstance(quoted, A.Quoted)


@pytest.mark.parametrize(
    "line",
    ['When this creature enters, return target creature card from your graveyard to the battlefield. It gains "This '
     'creature attacks each combat if able" and "When this creature deals combat damage to a player, sacrifice it."',
     'When this creature enters, target creature gains "When this creature dies, draw a card" until end of turn.',
     'When this creature dies, create X 1/1 black Rat creature tokens with "This token can\'t block," where X is '
     'this creature\'s power.'],
)  # fmt: skip
def test_a_quoted_ability_whose_sentence_goes_on(line: str) -> None:
    """Where the sentence goes on after a quoted ability, Oracle leaves out
    the ability's last period, or writes the comma that follows inside the
    quote; it is read as the same ability and written back so."""
    card = _round_trip(line)
    assert nodes(card, A.Quoted)
    assert all(isinstance(q.abilities[-1], A.Node) for q in nodes(card, A.Quoted))


def test_x_of_a_quoted_ability_is_its_own() -> None:
    """107.3a: the X of a quoted activated ability's cost is defined by that
    cost, not by the ability that grants it."""
    from cardtext.interpreter.links import check_card

    ok = parse_card('Test Land\nLand\nEnchanted creature has "{X}: This creature gets +X/+0 until end of turn."',
                    link=False)  # fmt: skip
    assert check_card(ok) == []
    bad = parse_card('Test Land\nLand\nEnchanted creature has "{1}: This creature gets +X/+0 until end of turn."',
                     link=False)  # fmt: skip
    assert check_card(bad)


@pytest.mark.parametrize(
    "line",
    ["{2}{B}, Exile this card from your graveyard: You draw a card and you lose 1 life.",
     "{1}, Exile Test Card from your graveyard: Draw a card.",
     "Renew — {B}, Exile this card from your graveyard: Put a +1/+1 counter on target creature. "
     "Activate only as a sorcery."],
)  # fmt: skip
def test_exile_this_card_from_your_graveyard_as_a_cost(line: str) -> None:
    """602.2, 118.1: a cost that exiles the object itself from the zone it is
    in (an activated ability that works from a graveyard, 113.6k); the engine
    pays it (interpreter.costs), so it is no gap, and the ability functions
    in the graveyard."""
    from cardtext.interpreter.activation import functions_in
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (cost,) = nodes(card, A.ExileCost)
    assert isinstance(cost.what, A.SelfRef) and cost.zone is not None
    assert not any("exile" in str(g) for g in gaps(card))
    (ability,) = nodes(card, A.ActivatedAbility)
    assert functions_in(ability) == "graveyard"


@pytest.mark.parametrize(
    ("line", "node", "kept"),
    [("Whenever this creature attacks, it becomes a black Demon in addition to its other colors and types.",
      A.Becomes, "in addition to its other colors and types"),
     ("Each land is a Swamp in addition to its other land types.", A.IsType, "in addition to its other land types"),
     ("All Goblins are black and are Zombies in addition to their other creature types.", A.IsType,
      "in addition to their other creature types"),
     ("Enchanted creature is a Zombie in addition to its other types.", A.IsType, ""),
     ("Creatures you control are Zombies in addition to their other types.", A.IsType, ""),
     ("Whenever this creature attacks, target creature becomes a Mutant in addition to its other types.",
      A.Becomes, "")],
)  # fmt: skip
def test_what_a_type_change_keeps(line: str, node: type, kept: str) -> None:
    """205.1b, 105.3: "in addition to its other types", "... their other
    creature types", "... its other colors and types" — the words are kept
    where they aren't the usual "its/their other types"."""
    card = _round_trip(line)
    n = next(x for x in nodes(card, node) if x.kept or x.special == "in addition" or getattr(x, "additional", False))
    assert n.kept == kept


def test_a_change_of_color_and_types_is_a_gap() -> None:
    """105.3: "in addition to its other colors and types" changes its color
    too; the engine says it can't, never adds the type alone."""
    from cardtext.interpreter.support import gaps

    card = _round_trip("Whenever this creature attacks, it becomes a black Demon in addition to its other colors and types.")
    assert any("color and types" in str(g) for g in gaps(card))


def test_loses_all_other_abilities_keeps_other() -> None:
    """613.1f: "loses all other abilities" is not "loses all abilities"."""
    card = _round_trip("Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, "
                       "and is a blue Wall in addition to its other colors and types.")
    (lose,) = {n for n in nodes(card, A.LoseAbilities)}
    assert lose.keywords == ("all other abilities",)


def test_activate_only_once() -> None:
    """602.5b: "Activate only once." — once ever, not once each turn; a gap
    for the engine, which knows "once each turn"."""
    from cardtext.interpreter.support import gaps

    card = _round_trip("{7}: Put seven +1/+1 counters on this creature. Activate only once.")
    (only,) = nodes(card, A.ActivateOnly)
    assert only.timings == ("once",)
    assert any("Activate only once" in str(g) for g in gaps(card))


@pytest.mark.parametrize(
    "line",
    ["When this creature enters, target creature's owner puts it on their choice of the top or bottom of their library.",
     "When this creature enters, the owner of target attacking creature you don't control puts it on their choice of "
     "the top or bottom of their library."],
)  # fmt: skip
def test_their_choice_of_the_top_or_bottom_of_their_library(line: str) -> None:
    """401.4: the owner chooses which end; the chooser is kept (``under``),
    and the engine plays it (the player putting it chooses, 608.2c)."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (dest,) = nodes(card, A.Destination)
    assert dest.where == "choice of the top or bottom" and isinstance(dest.under, A.TheirRef)
    assert not gaps(card)


@pytest.mark.parametrize(
    ("line", "lead", "count"),
    [("Whenever this creature attacks, untap all creatures you control. After this phase, there is an additional "
      "combat phase.", True, 1),
     ("When this creature enters, there is an additional combat phase after this phase followed by an additional "
      "main phase.", False, 1),
     ("When this creature enters, after this main phase, there are two additional combat phases.", True, 2)],
)  # fmt: skip
def test_additional_combat_phases(line: str, lead: bool, count: int) -> None:
    """500.8: extra combat phases after this phase, written before or after;
    a gap for the engine until it adds phases."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (extra,) = nodes(card, A.AdditionalCombat)
    assert extra.lead == lead and extra.count.value == count
    assert any("AdditionalCombat" in str(g) for g in gaps(card))


@pytest.mark.parametrize(
    ("line", "gap"),
    [("When this creature enters, one or two target creatures each gain haste until end of turn.", False),
     ("When this creature enters, two target creatures each get +1/+0 until end of turn.", False),
     ("When this creature enters, tap two target creatures. They each deal damage equal to their power to target "
      "creature an opponent controls.", True)],
)  # fmt: skip
def test_subject_each_verb(line: str, gap: bool) -> None:
    """608.2c: "[they] each [verb]" — each object named does it; "each" is
    kept (the clause's form), and the engine carries out only what is the
    same for each (gaining, getting)."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    forms = [f for s in nodes(card, A.Sentence) for f in s.forms if f.subject == "written each"]
    assert len(forms) == 1
    assert any("each [instruction]" in str(g) for g in gaps(card)) == gap


@pytest.mark.parametrize(
    ("line", "what"),
    [("Whenever this creature attacks, you may pay {W}{B} and 2 life. When you do, draw a card.", "mana and life"),
     ("At the beginning of each player's upkeep, that player may pay {R}{R} or 2 life. If they do, they draw a card.",
      "mana or life")],
)  # fmt: skip
def test_pay_mana_and_or_life(line: str, what: str) -> None:
    """118.1: an instruction to pay mana and life together, or either; a gap
    for the engine, which pays one or the other."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (pay,) = [p for p in nodes(card, A.Pay) if p.what == what]
    mana, life = pay.amount
    assert isinstance(mana, A.ManaCost) and life.value == 2
    assert any("instruction Pay" in str(g) for g in gaps(card))


@pytest.mark.parametrize(
    ("line", "times"),
    [("When this creature enters, mill two cards, then repeat this process.", ""),
     ("When this creature enters, draw a card. Repeat this process two more times.", "more"),
     ("When this creature enters, draw a card. You may repeat this process any number of times.",
      "any number of times"),
     ("When this creature enters, draw a card. Repeat this process once.", "once")],
)  # fmt: skip
def test_repeat_this_process(line: str, times: str) -> None:
    """608.2c: "Repeat this process" does the ability's instructions again; a
    gap for the engine."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line)
    (rep,) = nodes(card, A.RepeatProcess)
    assert rep.times == times and (rep.amount is not None) == (times == "more")
    assert any("RepeatProcess" in str(g) for g in gaps(card))


def test_investigate_for_each() -> None:
    """An action with no number of its own, "for each ..." at the clause's end."""
    card = _round_trip("When this creature enters, target player investigates for each creature you control.")
    (act,) = nodes(card, A.KeywordAction)
    assert isinstance(act.amount, A.ForEach)


# --------------------------------------------------------------------------
# Triggers, conditions, durations (triggers.py, conditions.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("noun", ["creature", "Vehicle", "Equipment", "permanent"])
def test_when_this_noun_enters(noun: str) -> None:
    a = ability(f"When this {noun} enters, draw a card.")
    assert a.trigger == A.EntersTrigger(A.SelfRef("this", noun))


def test_whenever_a_creature_you_control_dies() -> None:
    a = ability("Whenever a creature you control dies, each opponent loses 1 life.")
    assert isinstance(a.trigger, A.DiesTrigger)
    assert isinstance(a.trigger.object.filter.post[0], A.ControlledBy)


def test_at_the_beginning_of_your_upkeep() -> None:
    a = ability("At the beginning of your upkeep, scry 1.")
    assert a.trigger.step == "upkeep" and a.trigger.yours


def test_the_upkeep_of_a_player_named_after_it() -> None:
    """ "the upkeep of enchanted creature's controller": whose step, any player phrase (503.1a)."""
    a = ability("At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life.",
                type_line="Enchantment — Aura")  # fmt: skip
    assert a.trigger.step == "upkeep" and not a.trigger.yours
    assert isinstance(a.trigger.player, A.ControllerOf)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Target creature attacks this turn if able.", "attacks this turn if able"),
        ("Target creature blocks each combat if able.", "blocks each combat if able"),
        ("Target creature attacks each turn if able.", "attacks each combat if able"),  # older wording
        ("Target creature must be blocked this turn if able.", "must be blocked this turn if able"),
    ],
)
def test_requirements_take_when_they_hold(text: str, rule: str) -> None:
    """508.1d, 509.1c: a requirement and when it holds, composed."""
    assert action(text).rule == rule


def test_where_x_in_an_unless_clause_is_kept() -> None:
    """ "unless they pay {X}, where X is its mana value": the X is defined where it is written."""
    a = ability("At the beginning of your upkeep, sacrifice this enchantment unless you pay {X}, "
                "where X is the number of creatures you control.", type_line="Enchantment")  # fmt: skip
    (unless,) = nodes(a, A.DoesAction)
    assert unless.where_x is not None and unless.where_x.letter == "X"


def test_their_controllers_untap_steps() -> None:
    """ "don't untap during their controllers' untap steps": the plural possessive, one step each."""
    text = "Tap all creatures your opponents control. Those creatures don't untap during their controllers' next untap steps."
    card = parse_card(f"Test Card {{2}}{{U}}\nSorcery\n{text}")
    (req,) = nodes(card, A.Requirement)
    assert req.rule == "doesn't untap during next untap step"
    assert isinstance(req.other.object, A.ControllerOf) and req.other.object.plural
    assert render_card(card).splitlines()[-1] == text


def test_you_get_an_emblem_with_quoted_abilities() -> None:
    """114.1: an emblem holds the quoted abilities, as written."""
    card = parse_card(
        "Test Walker {3}{W}{W}\nLegendary Planeswalker — Test\n"
        '−7: You get an emblem with "Creatures you control get +1/+1."\nLoyalty: 4'
    )
    (emblem,) = nodes(card, A.GetEmblem)
    assert isinstance(emblem.abilities, A.Quoted) and len(emblem.abilities.abilities) == 1
    assert render_card(card).splitlines()[2] == '−7: You get an emblem with "Creatures you control get +1/+1."'


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("Whenever you roll {CHAOS}, untap all creatures you control.", "rolls {CHAOS}"),
        ("When you planeswalk to this plane, draw a card.", "planeswalks to"),
        ("When you planeswalk away from this plane, each player draws a card.", "planeswalks away from"),
    ],
)
def test_planechase_triggers(line: str, kind: str) -> None:
    """901.8, 901.9: a plane's triggers, on a card of a type outside traditional play."""
    card = parse_card(f"Test Plane\nPlane — Test\n{line}")
    (event,) = nodes(card, A.Event)
    assert event.kind == kind
    assert render_card(card).splitlines()[-1] == line


def test_a_trigger_or_a_point_of_the_turn() -> None:
    """ "When you planeswalk to [this] or at the beginning of your upkeep": two triggers, one ability."""
    card = parse_card("Test Plane\nPlane — Test\n"
                      "When you planeswalk to this plane or at the beginning of your upkeep, draw a card.")  # fmt: skip
    (trigger,) = nodes(card, A.TriggerOr)
    assert trigger.conj == "or at" and isinstance(trigger.second, A.PhaseTrigger)


def _trigger_line(line: str) -> tuple[Any, Any]:
    """A triggered ability on a creature card: its trigger, and the card
    (whose last line must render back byte-identical)."""
    card = parse_card(f"Test Bear {{1}}{{G}}\nCreature — Bear\n{line}\n2/2")
    (ab,) = card.abilities
    assert isinstance(ab, A.TriggeredAbility)
    assert render_card(card, reminders=False).splitlines()[-2] == line
    return ab.trigger, card


@pytest.mark.parametrize(("line", "saddled"), [
    ("Whenever this creature attacks while saddled, it gets +2/+2 until end of turn.", True),
    ("Whenever this creature attacks while you control two or more artifacts, it gets +2/+1 until end of turn.", False),
    ("Whenever a creature you control dies while this card is in your graveyard, draw a card.", False),
    ("Whenever this creature attacks or blocks while you control a Dinosaur, it gets +1/+1 until end of turn.", False),
    ("When this creature dies or is put into exile while its power is 4 or greater, draw a card.", False),
])  # fmt: skip
def test_an_event_while_a_condition(line: str, saddled: bool) -> None:
    """603.2: "while" narrows any event to when a condition holds; "attacks
    while saddled" (702.171c) is the bare state."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.WhileTrigger) and trigger.saddled is saddled
    assert (trigger.condition is None) is saddled
    assert isinstance(trigger.trigger, A.AttacksTrigger | A.DiesTrigger | A.EventTrigger)


def test_while_keeps_every_event_of_the_trigger() -> None:
    trigger, _ = _trigger_line("When this creature dies or is put into exile while its power is 4 or greater, draw a card.")
    inner = trigger.trigger
    assert [e.kind for e in inner.events] == ["dies", "is put into"]
    assert isinstance(trigger.condition, A.Node)


@pytest.mark.parametrize(("line", "conj"), [
    ("Whenever an enchantment you control enters and whenever you fully unlock a Room, draw a card.", "and whenever"),
    ("When this creature enters and whenever it attacks while saddled, draw a card.", "and whenever"),
    ("When this enchantment enters and at the beginning of your upkeep, you lose 1 life.", "and at"),
    ("At the beginning of your upkeep or whenever you cast a spell, draw a card.", "or whenever"),
    ("When this artifact enters and when you sacrifice it, draw a card.", "and when"),
])  # fmt: skip
def test_two_triggers_each_with_its_word(line: str, conj: str) -> None:
    """603.2: two trigger conditions of one ability, the second with its own
    trigger word; both halves are kept."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.TriggerOr) and trigger.conj == conj
    assert trigger.first is not None and trigger.second is not None


@pytest.mark.parametrize(("line", "kind", "ordinal"), [
    ("Whenever you cast your second spell each turn, draw a card.", "casts", "second"),
    ("Whenever a player casts their second spell each turn, draw a card.", "casts", "second"),
    ("Whenever you cast your first instant or sorcery spell each turn, draw a card.", "casts", "first"),
    ("Whenever an opponent casts their third spell each turn, draw a card.", "casts", "third"),
    ("Whenever you draw your second card each turn, draw a card.", "draws", "second"),
    ("Whenever a player draws their fourth card each turn, draw a card.", "draws", "fourth"),
])  # fmt: skip
def test_the_nth_spell_or_card_each_turn(line: str, kind: str, ordinal: str) -> None:
    """603.2: "your second spell each turn", any ordinal, any description,
    any player's (it rendered as "no wording for str" before)."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.EventTrigger)
    (event,) = trigger.events
    assert event.kind == kind and isinstance(event.other, A.NthEachTurn) and event.other.ordinal == ordinal


@pytest.mark.parametrize(("line", "kind"), [
    ("Whenever you commit a crime, draw a card. This ability triggers only once each turn.", "commits a crime"),
    ("Whenever you expend 4, you gain 3 life.", "expends"),
    ("Whenever you gain or lose life, draw a card.", "gains or loses life"),
    ("Whenever this creature becomes saddled, draw a card.", "becomes saddled"),
    ("Whenever this creature becomes crewed, draw a card.", "becomes crewed"),
    ("When this card becomes plotted, draw a card.", "becomes plotted"),
    ("When you unlock this door, draw a card.", "unlocks"),
    ("Whenever you fully unlock a Room, draw a card.", "fully unlocks"),
    ("Whenever you solve a Case, draw a card.", "solves"),
    ("Whenever this creature crews a Vehicle, draw a card.", "crews"),
    ("Whenever you attack with one or more Faeries, draw a card.", "attacks with"),
    ("Whenever you attack with three or more creatures, draw a card.", "attacks with"),
    ("Whenever a player attacks with two or more creatures, draw a card.", "attacks with"),
    ("Whenever you attack, draw a card.", "attacks"),
    ("Whenever one or more creature cards leave your graveyard, draw a card.", "leaves"),
    ("Whenever a card leaves an opponent's graveyard, draw a card.", "leaves"),
    ("Whenever another creature you control leaves the battlefield without dying, draw a card.",
     "leaves the battlefield without dying"),
    ("Whenever you roll one or more dice, draw a card.", "rolls one or more dice"),
    ("Whenever you roll a die, draw a card.", "rolls a die"),
    ("Whenever this creature transforms into a creature, draw a card.", "transforms into"),
])  # fmt: skip
def test_events_of_todays_cards(line: str, kind: str) -> None:
    """Events of keyword actions and game actions: commit a crime (700.13),
    expend (700.14), saddle (702.171), crew (702.122), unlock a door (709.5)."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.EventTrigger)
    assert [e.kind for e in trigger.events] == [kind]


def test_a_player_attacks_is_a_players_event() -> None:
    """508.1m: "Whenever you attack" is about the player, not a creature
    that attacks (the creature's trigger is AttacksTrigger)."""
    trigger, _ = _trigger_line("Whenever you attack, draw a card.")
    assert isinstance(trigger, A.EventTrigger) and isinstance(trigger.subject, A.You)
    trigger, _ = _trigger_line("Whenever a creature you control attacks, draw a card.")
    assert isinstance(trigger, A.AttacksTrigger)


@pytest.mark.parametrize(("line", "kinds"), [
    ("Whenever you scry or surveil, draw a card.", ["scries", "surveils"]),
    ("Whenever you play a land or cast a spell, draw a card.", ["plays", "casts"]),
    ("Whenever this creature saddles a Mount or crews a Vehicle, draw a card.", ["saddles", "crews"]),
])  # fmt: skip
def test_events_joined_by_or(line: str, kinds: list[str]) -> None:
    trigger, _ = _trigger_line(line)
    assert [e.kind for e in trigger.events] == kinds


@pytest.mark.parametrize(("line", "when"), [
    ("Whenever you cast a spell during an opponent's turn, draw a card.", "an opponent's turn"),
    ("Whenever you gain or lose life during your turn, draw a card.", "your turn"),
    ("Whenever a card leaves your graveyard during your turn, draw a card.", "your turn"),
    ("Whenever this creature saddles a Mount or crews a Vehicle during your main phase, draw a card.",
     "your main phase"),
    ("Whenever a creature you control dies during combat, draw a card.", "combat"),
])  # fmt: skip
def test_an_event_during_a_turn(line: str, when: str) -> None:
    """603.2: a trigger that triggers only during a turn or a step."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.DuringTrigger) and trigger.when == when


@pytest.mark.parametrize(("line", "ordinal", "per"), [
    ("Whenever this creature attacks for the first time each turn, untap it.", "first", "each turn"),
    ("Whenever this creature becomes the target of a spell or ability you control for the first time each turn, "
     "draw a card.", "first", "each turn"),
    ("Whenever you gain life for the first time during each of your turns, draw a card.",
     "first", "during each of your turns"),
    ("Whenever this creature becomes saddled for the first time each turn, draw a card.", "first", "each turn"),
    ("Whenever you cast a spell for the second time each turn, draw a card.", "second", "each turn"),
])  # fmt: skip
def test_an_event_for_the_nth_time(line: str, ordinal: str, per: str) -> None:
    """603.2: "for the first time each turn" after any event."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.NthTimeTrigger) and (trigger.ordinal, trigger.per) == (ordinal, per)


@pytest.mark.parametrize("line", [
    "Whenever you cast a spell during the end step, draw a card.",
    "Whenever you gain life for the first time each turn, draw a card.",
])  # fmt: skip
def test_new_trigger_events_are_engine_gaps(line: str) -> None:
    """An event the engine can't tell happened is reported by the support
    check, never a trigger that silently never fires."""
    from cardtext.interpreter.support import gaps

    _, card = _trigger_line(line)
    assert any("trigger" in g.what for g in gaps(card))


def test_two_worded_triggers_are_played_as_either() -> None:
    """603.2: "When [this] enters and whenever [it] attacks": either event
    triggers it, so the engine plays it where it plays both halves."""
    from cardtext.interpreter.support import gaps

    _, card = _trigger_line("When this creature enters and whenever it attacks, draw a card.")
    assert gaps(card) == []


@pytest.mark.parametrize(("line", "kind"), [
    ("Whenever you're dealt combat damage, draw a card.", "is dealt combat damage"),
    ("Whenever you're dealt damage, draw a card.", "is dealt damage"),
    ("Whenever you're attacked, draw a card.", "is attacked"),
    ("Whenever enchanted player is attacked, draw a card.", "is attacked"),
    ("When a spell or ability an opponent controls causes you to discard this card, draw a card.", "causes to discard"),
    ("Whenever you exert a creature, draw a card.", "exerts"),
    ("Whenever an Aura becomes attached to a creature, draw a card.", "becomes attached to"),
    ("When this Class becomes level 2, draw a card.", "becomes level"),
    ("Whenever a creature you control explores a land card, draw a card.", "explores"),
    ("Whenever you tap an untapped creature an opponent controls, draw a card.", "taps"),
    ("Whenever you collect evidence, draw a card.", "collects evidence"),
    ("Whenever you forage, draw a card.", "forages"),
    ("Whenever you discover, draw a card.", "discovers"),
    ("Whenever you give a gift, draw a card.", "gives a gift"),
    ("When you lose control of this creature, draw a card.", "loses control of"),
    ("When this land enters from a graveyard, draw a card.", "enters from"),
    ("When you next cast a creature spell this turn, copy it.", "next casts"),
    ("Whenever this creature is dealt 3 or more damage, draw a card.", "is dealt or more damage"),
    ("Whenever this creature deals 4 or more damage, draw a card.", "deals or more damage"),
    ("Whenever a time counter is removed from this creature, draw a card.", "a counter is removed from"),
    ("When the last time counter is removed from this creature, draw a card.", "the last counter is removed from"),
    ("Whenever a +1/+1 counter is put on this creature, draw a card.", "a counter is put on"),
])  # fmt: skip
def test_more_events(line: str, kind: str) -> None:
    """Events with any subject, the contracted "you're" (still the player
    You), counters one at a time (122.6), suspend's last counter (702.62a)."""
    trigger, _ = _trigger_line(line)
    while isinstance(trigger, A.DurationTrigger | A.WhileTrigger):
        trigger = trigger.trigger
    assert isinstance(trigger, A.EventTrigger)
    assert [e.kind for e in trigger.events] == [kind]


def test_youre_is_the_player_you() -> None:
    trigger, _ = _trigger_line("Whenever you're dealt combat damage, draw a card.")
    assert isinstance(trigger.subject, A.You) and trigger.contracted


@pytest.mark.parametrize(("line", "whose", "step"), [
    ("At the beginning of your next upkeep, draw a card.", "your next", "upkeep"),
    ("At the beginning of their next upkeep, draw a card.", "possessive next", "upkeep"),
    ("At the beginning of your next turn, draw a card.", "your next turn", "turn"),
    ("At the beginning of the end step of your next turn, draw a card.", "the end step of your next turn", "end"),
    ("At the beginning of the upkeep of your next turn, draw a card.", "the ... of your next turn", "upkeep"),
    ("At the beginning of the end step of enchanted creature's controller, draw a card.", "the ... of", "end"),
    ("At the beginning of that turn's end step, draw a card.", "that turn's", "end"),
])  # fmt: skip
def test_points_of_a_turn(line: str, whose: str, step: str) -> None:
    """CR 500-514: whose step, "next" of any player (written back as
    written: "their next upkeep" was written "your next upkeep")."""
    trigger, _ = _trigger_line(line)
    assert isinstance(trigger, A.PhaseTrigger) and (trigger.whose, trigger.step) == (whose, step)


def test_a_point_of_the_turn_this_turn() -> None:
    """603.7: "At the beginning of each combat this turn" is a delayed trigger."""
    trigger, _ = _trigger_line("At the beginning of each combat this turn, draw a card.")
    assert isinstance(trigger, A.DurationTrigger) and isinstance(trigger.trigger, A.PhaseTrigger)


@pytest.mark.parametrize("line", [
    "When there are no creatures on the battlefield, draw a card.",
    "When there are seven or more cards in your graveyard, sacrifice this creature.",
])  # fmt: skip
def test_a_state_trigger(line: str) -> None:
    """603.8: a trigger on a game state, not an event."""
    trigger, card = _trigger_line(line)
    assert isinstance(trigger, A.StateTrigger) and isinstance(trigger.condition, A.ThereAre)
    from cardtext.interpreter.support import gaps

    assert gaps(card) == []  # the engine watches the state (cardtext.interpreter.triggers.check_state_triggers)


def test_while_it_is_exiled_after_a_counter_event() -> None:
    """702.62: suspend's "while it's exiled" narrows a counter event too."""
    trigger, _ = _trigger_line("Whenever a time counter is removed from this creature while it's exiled, draw a card.")
    assert isinstance(trigger, A.WhileTrigger) and isinstance(trigger.trigger, A.EventTrigger)


def test_first_or_second_card_each_turn() -> None:
    trigger, _ = _trigger_line("Whenever you draw your first or second card each turn, draw a card.")
    (event,) = trigger.events
    assert event.other.ordinal == "first or second"


@pytest.mark.parametrize(("line", "duration"), [
    ("{1}{R}{R}: Until end of turn, whenever you cast a black spell, put a +1/+1 counter on this creature.",
     "until end of turn"),
    ("{2}: Until your next turn, whenever a creature an opponent controls attacks, it gets -1/-0 until end of turn.",
     "until your next turn"),
    ("{2}, {T}: This turn, when target creature you control attacks and isn't blocked, draw a card.", "this turn"),
])  # fmt: skip
def test_a_delayed_trigger_for_a_duration(line: str, duration: str) -> None:
    """603.7: "Until end of turn, whenever ..., ..." — an effect makes a
    delayed triggered ability that lasts a duration; the engine reports it."""
    from cardtext.interpreter.support import gaps

    card = parse_card(f"Test Bear {{1}}{{G}}\nCreature — Bear\n{line}\n2/2")
    (sentence,) = card.abilities[0].effect.sentences
    assert isinstance(sentence, A.DelayedTriggerFor) and sentence.duration.kind == duration
    assert isinstance(sentence.trigger, A.DelayedTrigger)
    assert render_card(card, reminders=False).splitlines()[-2] == line
    assert any("DelayedTriggerFor" in g.what for g in gaps(card))


def test_when_you_do_choose_one_is_reflexive() -> None:
    """603.12: "When you do, choose one —" is a reflexive trigger (its event
    was read as "you does", written back "you doe")."""
    from cardtext.interpreter.support import gaps

    text = ("Test Bear {1}{G}\nCreature — Bear\n"
            "Whenever this creature attacks, you may pay {1}. When you do, choose one —\n"
            "• Draw a card.\n• You gain 2 life.\n2/2")  # fmt: skip
    card = parse_card(text)
    (_, reflexive) = card.abilities[0].effect.sentences
    assert isinstance(reflexive, A.ReflexiveTrigger) and isinstance(reflexive.body, A.Effect)
    assert render_card(card, reminders=False) == text
    assert any("reflexive trigger with modes" in g.what for g in gaps(card))


def test_your_next_spell_this_turn() -> None:
    """603.7: "When you cast your next instant or sorcery spell this turn" —
    the older wording of "When you next cast ..."; reported by the engine."""
    from cardtext.interpreter.support import gaps

    line = "{T}: When you cast your next instant or sorcery spell this turn, copy that spell."
    card = parse_card(f"Test Bear {{1}}{{G}}\nCreature — Bear\n{line}\n2/2")
    (delayed,) = card.abilities[0].effect.sentences
    (event,) = delayed.trigger.trigger.events
    assert event.kind == "casts" and isinstance(event.other, A.NextOne)
    assert render_card(card, reminders=False).splitlines()[-2] == line
    assert any("'casts'" in g.what for g in gaps(card))


def test_you_encounter_a_phenomenon() -> None:
    """Planechase phenomena (312): "When you encounter [this phenomenon]"."""
    card = parse_card("Test Phenomenon\nPhenomenon\nWhen you encounter Test Phenomenon, draw a card.")
    (event,) = one(card, A.EventTrigger).events
    assert event.kind == "encounters"
    assert render_card(card).splitlines()[-1] == "When you encounter Test Phenomenon, draw a card."


def test_activated_abilities_of_an_object_cant_be_activated() -> None:
    """602.5: "its activated abilities can't be activated", the subject a possessive."""
    text = "Enchanted creature can't attack or block, and its activated abilities can't be activated."
    card = parse_card(f"Test Arrest {{2}}{{W}}\nEnchantment — Aura\nEnchant creature\n{text}")
    (whose,) = nodes(card, A.ActivatedAbilitiesOf)
    assert isinstance(whose.whose, A.ItRef)
    assert render_card(card).splitlines()[-1] == text


@pytest.mark.parametrize("but", ["", " but only during your upkeep"])
def test_any_player_may_activate_this_ability(but: str) -> None:
    """602.2: who may activate an activated ability, after its effect."""
    line = f"{{1}}: You gain 1 life. Any player may activate this ability{but}."
    card = parse_card(f"Test Relic {{3}}\nArtifact\n{line}")
    (permission,) = nodes(card, A.AnyPlayerMayActivate)
    assert (permission.timing is None) == (not but)
    assert render_card(card).splitlines()[-1] == line


def test_new_targets_chosen_by_another_player_keep_their_subject() -> None:
    """707.10c: "The player may choose new targets for the copy." is not "You may ..."."""
    line = ("Whenever a player casts an instant or sorcery spell, that player copies it. "
            "The player may choose new targets for the copy.")  # fmt: skip
    card = parse_card(f"Test Plane\nPlane — Test\n{line}")
    assert render_card(card, reminders=False).splitlines()[-1] == line


def test_reflexive_when_you_do() -> None:
    a = ability("When this creature enters, you may sacrifice a creature. When you do, draw two cards.")
    assert nodes(a, A.ReflexiveTrigger)


def test_intervening_if_is_the_trigger_condition() -> None:
    a = ability("When this creature enters, if it was kicked, draw a card.")
    assert isinstance(a.condition, A.KickedCondition)


@pytest.mark.parametrize("where", ["first", "last"])
def test_until_end_of_turn_first_or_last(where: str) -> None:
    text = ("Until end of turn, target creature gains flying." if where == "first"
            else "Target creature gains flying until end of turn.")  # fmt: skip
    act = action(text)
    assert act.duration.kind == "until end of turn"


def test_ability_word_before_an_ability() -> None:
    a = ability("Landfall — Whenever a land you control enters, you gain 1 life.")
    assert isinstance(a, A.TriggeredAbility) and a.ability_word == "Landfall"


@pytest.mark.parametrize(
    "text",
    [
        "Channel — {1}{G}, Discard this card: Target creature gets +2/+2 until end of turn.",
        "Threshold — {R}, {T}, Sacrifice this creature: It deals 2 damage to any target.",
    ],
)
def test_ability_word_before_an_activated_ability(text: str) -> None:
    """207.2c: the ability word comes before the cost, whatever the ability."""
    a = ability(text)
    assert isinstance(a, A.ActivatedAbility) and a.ability_word == text.split(" —")[0]


@pytest.mark.parametrize(
    ("text", "word", "kind"),
    [
        ("Smear Campaign — When this creature enters, target opponent discards a card.", "Smear Campaign",
         A.TriggeredAbility),
        ("I've Come Up with a New Recipe! — {1}{G}{U}, {T}: Draw a card.", "I've Come Up with a New Recipe!",
         A.ActivatedAbility),
        ("Top of the Food Chain — This creature gets +1/+1 as long as you control an artifact.",
         "Top of the Food Chain", A.AbilityWord),
        ("Vibro-Shock Gauntlets — When this creature enters, it deals 2 damage to any target.",
         "Vibro-Shock Gauntlets", A.TriggeredAbility),
        ("Renew — {2}{U}, {T}: Draw a card.", "Renew", A.ActivatedAbility),
    ],
)  # fmt: skip
def test_flavor_word_before_an_ability(text: str, word: str, kind: type) -> None:
    """207.2d: a flavor word, any capitalised phrase before " — " at the start
    of an ability, is kept like an ability word (207.2c) and written back."""
    a = ability(text)
    assert isinstance(a, kind)
    assert (a.word if isinstance(a, A.AbilityWord) else a.ability_word) == word
    assert canonical(text) == text


@pytest.mark.parametrize(
    "text",
    ["Choose one —\n• Draw a card.\n• You gain 3 life.",
     "Flying — When this creature enters, draw a card."],
)  # fmt: skip
def test_a_modal_choice_or_a_keyword_is_not_a_flavor_word(text: str) -> None:
    """700.2: "Choose one —" is a modal spell; a keyword before a dash is the
    keyword, never a phrase without rules meaning."""
    try:
        a = ability(text)
    except CardTextError:
        return  # not read at all: not read as a flavor word either
    assert not isinstance(a, A.AbilityWord) and not getattr(a, "ability_word", "")


def test_ability_word_before_a_static_ability_is_static() -> None:
    a = ability("Threshold — This creature gets +1/+1 as long as seven or more cards are in your graveyard.")
    assert isinstance(a.ability, A.StaticEffect)


@pytest.mark.parametrize(("written", "cost"), [("+1", "+1"), ("−2", "−2"), ("-2", "−2"), ("0", "0"), ("[+1]", "+1")])
def test_loyalty_abilities(written: str, cost: str) -> None:
    a = ability(f"{written}: Draw a card.", type_line="Legendary Planeswalker — Test")
    assert isinstance(a, A.LoyaltyAbility) and a.cost == cost


@pytest.mark.parametrize(
    "text",
    ["Activate only as a sorcery.", "Activate only during your upkeep.",
     "Activate only during the declare attackers step.", "Activate only once each turn."],
)  # fmt: skip
def test_activation_restrictions(text: str) -> None:
    a = ability("{T}: Draw a card. " + text)
    assert nodes(a, A.ActivateOnly)


def test_step_timing_keeps_step_and_whose() -> None:
    a = ability("{T}: Draw a card. Activate only during an opponent's upkeep.")
    timing = one(a, A.StepTiming)
    assert timing.prep == "during" and timing.step == "upkeep" and timing.whose is not None


def test_quoted_ability_granted() -> None:
    act = action('Target creature gains "{T}: Add {G}." until end of turn.')
    assert act.quoted


# --------------------------------------------------------------------------
# Instructions (verbs.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "n"),
    [("{T}: Add {B} or {R}.", 2), ("{T}: Add {G}, {U}, or {B}.", 3)],
)
def test_mana_choices(text: str, n: int) -> None:
    act = one(ability(text), A.AddManaChoice)
    assert len(act.options) == n


def test_add_one_mana_of_any_color() -> None:
    assert isinstance(one(ability("{T}: Add one mana of any color."), A.AddManaAnyColor), A.AddManaAnyColor)


def test_gain_control_until_end_of_turn() -> None:
    act = action("Gain control of target creature until end of turn.")
    assert isinstance(act, A.GainControl) and act.duration is not None


def test_return_from_a_graveyard_keeps_where_from() -> None:
    act = action("Return target creature card from your graveyard to your hand.")
    assert nodes(act, A.InZone) or act.from_zone is not None


def test_cards_of_that_type_from_a_graveyard() -> None:
    """The qualities after 'of that type' describe the cards, not the type."""
    act = action("Return any number of cards of that type from their graveyard to their hand.")
    post = act.what.filter.post
    assert isinstance(post[0], A.OfThat) and len(post) == 2


def test_put_onto_the_battlefield_under_their_control() -> None:
    act = action("Put target creature card from a graveyard onto the battlefield under your control.")
    assert act.to.form == "onto" and act.to.zone == "battlefield"


# --------------------------------------------------------------------------
# Manifest (M…)
# --------------------------------------------------------------------------


def test_m1_manifest_the_top_card() -> None:
    act = action("Manifest the top card of your library.")
    assert isinstance(act, A.Manifest)


def test_m_manifest_dread() -> None:
    act = action("Manifest dread.")
    assert isinstance(act, A.Manifest) and act.dread


# --------------------------------------------------------------------------
# Multi-face cards (layout.py)
# --------------------------------------------------------------------------


def test_split_card_faces() -> None:
    card = parse_card("Fire {1}{R}\nInstant\nFire deals 2 damage divided as you choose among one or two targets.\n"
                      "//\nIce {1}{U}\nInstant\nTap target permanent.\nDraw a card.", link=False)  # fmt: skip
    assert [f.name for f in card.faces] == ["Fire", "Ice"]
    assert card.faces[1].type_line.types == ("Instant",)


def test_transforming_card_faces_keep_their_stats() -> None:
    card = parse_card("Daybound Wolf {1}{G}\nCreature — Wolf\nTrample\n2/2\n//\nNightbound Wolf\nCreature — Wolf\n"
                      "Trample, haste\n4/4", link=False)  # fmt: skip
    assert [f.pt.power for f in card.faces] == ["2", "4"]


# --------------------------------------------------------------------------
# Permissions and replacements with a duration (verbs.py, sentences.py,
# conditions.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("You may play that card this turn.", "this turn"),
        ("Until end of turn, you may play that card.", "until end of turn"),
        ("You may cast that card for as long as it remains exiled.", "for as long as remains exiled"),
        ("Until the end of your next turn, you may play those cards.", "until the end of your next turn"),
    ],
)
def test_cast_or_play_with_a_duration_is_a_lasting_permission(text: str, kind: str) -> None:
    """611.2: "you may play that card this turn" lets the player cast it
    later, for as long as the duration lasts."""
    act = action(text)
    assert isinstance(act, A.MayDo)
    cast = act.action
    assert isinstance(cast, A.CastCard) and cast.play == ("play" in text)
    assert cast.duration.kind == kind


def test_cast_without_a_duration_has_none() -> None:
    cast = action("You may cast that card without paying its mana cost.").action
    assert cast.duration is None and cast.free


def test_next_time_replacement_keeps_its_duration_and_instead() -> None:
    """614.1a, 615.3: a one-shot replacement of the next event of a kind."""
    s = ability("{1}: The next time you would draw a card this turn, each opponent discards a card instead.").effect.sentences[0]
    assert isinstance(s, A.NextTime) and s.instead == "after"
    assert isinstance(s.event, A.Draw) and s.duration.kind == "this turn"
    s = ability("The next time a source of your choice would deal damage to you this turn, prevent that damage.").effect.sentences[0]
    assert s.instead == "" and isinstance(s.body.actions[0], A.PreventDamage)
    s = ability("The next time you would draw a card this turn, instead put the top card of your library into your graveyard.").effect.sentences[0]
    assert s.instead == "before"


def test_would_with_a_duration() -> None:
    """614.1a: "if [it] would die this turn, exile it instead" replaces the
    event for the rest of the turn only."""
    a = ability("Exile target creature. If that creature would die this turn, exile it instead.")
    would = one(a, A.Would)
    assert isinstance(would.event, A.KeywordAction) and would.event.verb == "die"
    assert would.event.duration is None
    assert would.duration.kind == "this turn" and not would.passive
    would = one(ability("If that permanent would be put into a graveyard this turn, exile it instead."), A.Would)
    assert would.passive and would.duration.kind == "this turn"


# --------------------------------------------------------------------------
# Object qualities (objects.py)
# --------------------------------------------------------------------------


def test_spells_that_you_cast() -> None:
    """ "spells that you cast" means "spells you cast"; the "that" is kept."""
    a = ability("Spells that you cast cost {1} less to cast.", type_line="Artifact")
    cast_by = one(a.what, A.CastBy)
    assert cast_by.that and isinstance(cast_by.player, A.You)


# --------------------------------------------------------------------------
# Alternative costs (statics.py)
# --------------------------------------------------------------------------


def test_alternative_cost_of_this_spell() -> None:
    """118.9: "You may [cost] rather than pay this spell's mana cost." — a
    cost, not instructions: its parts are cost parts."""
    a = ability("You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.",
                type_line="Instant")  # fmt: skip
    assert isinstance(a, A.AlternativeCost) and a.form == "" and a.condition is None
    assert [type(p) for p in a.cost.parts] == [A.PayLifeCost, A.ExileCost]
    assert isinstance(a.player, A.You)
    assert isinstance(a.object.object, A.SelfRef)


def test_alternative_cost_with_a_condition() -> None:
    a = ability("If you control a Plains, you may tap an untapped creature you control rather than pay "
                "Test Card's mana cost.", type_line="Instant")  # fmt: skip
    assert isinstance(a, A.AlternativeCost) and isinstance(a.condition, A.Controls)
    assert isinstance(a.cost.parts[0], A.TapObjectCost)


def test_alternative_cost_for_other_spells() -> None:
    a = ability("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast.",
                type_line="Artifact")  # fmt: skip
    assert isinstance(a, A.AlternativeCost) and a.form == "for"
    assert one(a.object, A.CastBy).that


def test_may_without_rather_than_pay_is_an_instruction() -> None:
    act = action("You may pay {1}.")
    assert isinstance(act, A.MayDo) and isinstance(act.action, A.Pay)


# --------------------------------------------------------------------------
# Schemes (triggers.py, objects.py)
# --------------------------------------------------------------------------


def test_set_in_motion_trigger() -> None:
    """701.25, 314.4: "When you set this scheme in motion" triggers as the
    scheme is set in motion; "this scheme" is the card itself."""
    a = ability("When you set this scheme in motion, draw two cards.", type_line="Scheme")
    assert isinstance(a, A.TriggeredAbility)
    (event,) = a.trigger.events
    assert event.kind == "sets in motion" and isinstance(a.trigger.subject, A.You)
    assert event.other == A.SelfRef("this", "scheme")


def test_scheme_is_a_noun() -> None:
    act = action("Set three schemes in motion.", type_line="Scheme")
    assert one(act, A.Noun) == A.Noun("scheme", True)


# --------------------------------------------------------------------------
# "you've" (conditions.py, objects.py)
# --------------------------------------------------------------------------


def test_youve_cast_a_spell_this_turn() -> None:
    """ "if you've cast another blue spell this turn" is the condition "you
    cast [it] this turn", written with "you've"."""
    h = one(ability("Draw a card if you've cast another blue spell this turn."), A.Happened)
    assert isinstance(h.subject, A.You) and h.event == "cast" and h.form == "you've"
    assert A.ColorAdj("blue") in h.other.filter.words


def test_youve_been_attacked_this_step() -> None:
    a = ability("Cast this spell only during the declare attackers step and only if you've been attacked this step.",
                type_line="Instant")  # fmt: skip
    h = one(a, A.Happened)
    assert h.event == "been attacked this step" and isinstance(h.subject, A.You)


def test_spells_youve_cast_this_turn() -> None:
    cast_by = one(ability("You gain 1 life for each spell you've cast this turn."), A.CastBy)
    assert cast_by.have and cast_by.this_turn and isinstance(cast_by.player, A.You)


def test_a_description_ends_before_at_the_beginning_of() -> None:
    """ "Sacrifice that creature at the beginning of the next end step": the
    instruction waits for that point of the turn (603.7); "at" doesn't start
    "at least" inside the description."""
    act = action("Sacrifice that creature at the beginning of the next end step.")
    assert isinstance(act, A.Sacrifice) and isinstance(act.what, A.ThatRef)
    form = ability("Sacrifice that creature at the beginning of the next end step.").effect.sentences[0].forms[0]
    assert form.tails[0].word == "at"


# --------------------------------------------------------------------------
# Tokens (verbs.py: token_spec), numbers in every slot (quantities.py)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(("role", "to"), [
    ("Royal", "target creature you control"),
    ("Young Hero", "up to one target creature you control"),
    ("Cursed", "it"),
    ("Sorcerer", "up to one other target creature you control"),
])  # fmt: skip
def test_a_role_token_is_named_by_the_words_before_role(role: str, to: str) -> None:
    """111.10, 303.7: a Role token's name is the words before its subtype;
    it is created attached to an object (303.4f)."""
    text = f"When this creature enters, create a {role} Role token attached to {to}."
    a = ability(text)
    made = one(a, A.CreateTokens)
    assert made.spec.role == role and made.spec.subtypes == ("Role",) and made.spec.types == ()
    assert made.attached is not None and made.attached == ability(f"Destroy {to}.").effect.sentences[0].actions[0].what
    card = parse_card(f"Test Witch {{1}}{{B}}\nCreature — Human Warlock\n{text}\n2/2")
    assert render_card(card).splitlines()[2] == text


def test_words_before_a_subtype_other_than_role_are_not_a_token_name() -> None:
    with pytest.raises(Exception, match="unknown word 'Royal'"):
        ability("Create a Royal Food token.")


def test_a_predefined_token_the_engine_has_no_definition_for_is_a_gap() -> None:
    """111.10: "a Treasure token" writes no characteristics; the engine must
    not create a bare object for a token it has no definition of (nor a
    Role whose abilities it can't play)."""
    from cardtext.interpreter.support import gaps

    for text in ("When this creature enters, create a Royal Role token attached to target creature.",
                 "When this creature enters, create a Powerstone token."):  # fmt: skip
        card = parse_card(f"Test Witch {{1}}{{B}}\nCreature — Human Warlock\n{text}\n2/2")
        assert any("CreateTokens" in str(g) for g in gaps(card)), text


@pytest.mark.parametrize("kind", ["nonland card name", "noncreature card name", "card name", "creature type"])
def test_a_chosen_value_keeps_its_negation(kind: str) -> None:
    """607.2d: the kind of a chosen value as written ("choose a nonland card
    name" never chooses a land card name)."""
    text = f"When this creature enters, choose a {kind}."
    assert one(ability(text), A.Choose).kind == kind
    card = parse_card(f"Test Sage {{1}}{{U}}\nCreature — Human Wizard\n{text}\n2/2")
    assert render_card(card).splitlines()[2] == text


@pytest.mark.parametrize("number_of", ["", "a number of "])
def test_counters_equal_to_a_quantity_render_as_written(number_of: str) -> None:
    """122.1: "put +1/+1 counters on it equal to its power" and "put a number
    of +1/+1 counters on it equal to ..." are the same instruction, each
    written back as it was."""
    text = f"When this creature enters, put {number_of}+1/+1 counters on target creature equal to its power."
    put = one(ability(text), A.PutCounters)
    assert isinstance(put.amount, A.EqualTo) and put.amount.where == ("number_of" if number_of else "end")
    card = parse_card(f"Test Sage {{1}}{{G}}\nCreature — Elf\n{text}\n2/2")
    assert render_card(card).splitlines()[2] == text


@pytest.mark.parametrize(("text", "up_to", "count"), [
    ("Exile up to one other target nonland permanent.", True, 1),
    ("Destroy two other target creatures.", False, 2),
])  # fmt: skip
def test_other_target_after_a_count(text: str, up_to: bool, count: int) -> None:
    """115.1: "up to one other target ..." is "another target" with a count."""
    t = action(text).what
    assert isinstance(t, A.Target) and t.up_to == up_to and t.count.value == count
    assert t.spec.words[0] == A.StatusAdj("other")
    card = parse_card(f"Test Spell {{1}}{{W}}\nSorcery\n{text}")
    assert render_card(card).splitlines()[2] == text


# --------------------------------------------------------------------------
# Conditions of today's cards (conditions.py): any subject, contractions
# --------------------------------------------------------------------------


def _condition(text: str) -> Any:
    """The intervening "if" of "When this creature enters, if [text], draw a card." (603.4)."""
    line = f"When this creature enters, if {text}, draw a card."
    a = ability(line)
    assert isinstance(a, A.TriggeredAbility)
    assert canonical(line) == line
    return a.condition


@pytest.mark.parametrize(("text", "amount"), [("you have 10 or less life", 10), ("a player has 5 or less life", 5)])
def test_life_or_less_with_a_number(text: str, amount: int) -> None:
    """119: a number before "or less life" is the amount compared, for any player."""
    cond = _condition(text)
    assert isinstance(cond, A.LifeCompare) and cond.op == "less" and cond.amount.value == amount


@pytest.mark.parametrize(
    ("text", "which"),
    [("an opponent lost life this turn", "an_opponent"), ("each opponent lost life this turn", "each_opponent"),
     ("a player gained life this turn", "a_player")],
)  # fmt: skip
def test_life_lost_or_gained_by_any_player(text: str, which: str) -> None:
    """119.3: who lost or gained life is any player reference."""
    cond = _condition(text)
    assert isinstance(cond, A.Happened) and cond.subject == A.PlayerGroup(which)


@pytest.mark.parametrize("text", ["you haven't cast a spell this turn", "an opponent hasn't cast a creature spell this turn"])
def test_havent_cast_this_turn(text: str) -> None:
    cond = _condition(text)
    assert isinstance(cond, A.Happened) and cond.event == "not cast"
    assert isinstance(cond.other, A.AnObject)


def test_theres_a_card_in_your_graveyard() -> None:
    cond = _condition("there's a Lesson card in your graveyard")
    assert isinstance(cond, A.ThereAre) and cond.word == "'s"


@pytest.mark.parametrize(("text", "negated"), [("it's their turn", False), ("it's not their turn", True)])
def test_whose_turn_it_is(text: str, negated: bool) -> None:
    """102.1, 500.1: "it's [a player's] turn" asks who the active player is."""
    line = f"Whenever a player casts a spell, if {text}, draw a card."
    a = ability(line)
    assert isinstance(a.condition, A.PlayersTurn) and a.condition.negated is negated
    assert a.condition.player == A.Possessive(A.TheirRef(), "their")
    assert canonical(line) == line


def test_descended_this_turn() -> None:
    """701.58b: "if you descended this turn"."""
    cond = _condition("you descended this turn")
    assert isinstance(cond, A.Happened) and cond.event == "descended" and isinstance(cond.subject, A.You)


def test_entered_under_your_control_this_turn() -> None:
    cond = _condition("two or more creatures entered under your control this turn")
    assert isinstance(cond, A.Happened) and cond.event == "entered"
    assert cond.control == A.Possessive(A.You(), "your")


@pytest.mark.parametrize(("text", "event", "whose"), [
    ("a creature died under your control this turn", "died", A.You),
    ("a creature died under an opponent's control this turn", "died", A.PlayerGroup),
    ("another creature entered under your control this turn", "entered", A.You),
    ("a permanent left the battlefield under your control this turn", "left the battlefield", A.You),
    ("a land entered under their control this turn", "entered", A.TheirRef),
])  # fmt: skip
def test_zone_change_under_whose_control_this_turn(text: str, event: str, whose: type) -> None:
    """700.4, 603.10a: "died / entered / left the battlefield under [whose]
    control this turn": whose control the permanent was under, kept as written."""
    cond = _condition(text)
    assert isinstance(cond, A.Happened) and cond.event == event
    assert isinstance(cond.control, A.Possessive) and isinstance(cond.control.object, whose)


def test_entered_the_battlefield_under_your_control_is_the_older_wording() -> None:
    """ "entered the battlefield under your control this turn" is read as
    "entered under your control this turn" (the Oracle wording since 2024)."""
    a = ability("When this creature enters, if a creature entered the battlefield under your control this turn, draw a card.")
    assert isinstance(a.condition, A.Happened) and a.condition.event == "entered"
    assert canonical("When this creature enters, if a creature entered the battlefield under your control this turn, "
                     "draw a card.") == "When this creature enters, if a creature entered under your control this turn, draw a card."


@pytest.mark.parametrize("text", [
    "you had a land enter under your control this turn",
    "an opponent had two or more creatures enter under their control this turn",
    "that player had another land enter under their control this turn",
])  # fmt: skip
def test_had_a_permanent_enter_under_control_this_turn(text: str) -> None:
    """700.4: "if you had a land enter the battlefield under your control this
    turn": the land entered; the player who had it is kept (``other``)."""
    cond = _condition(text)
    assert isinstance(cond, A.Happened) and cond.event == "entered" and cond.form == "had"
    assert isinstance(cond.subject, A.AnObject) and cond.other is not None and cond.control is not None


def _line_round_trip(text: str, type_line: str = "Creature — Human Rogue") -> A.Card:
    """A one-ability creature card whose ability line renders back byte-identical."""
    card = parse_card(f"Test Card {{2}}{{B}}\n{type_line}\n{text}\n2/2", link=False)
    assert render_card(card).splitlines()[2] == text
    return card


@pytest.mark.parametrize("text", [
    "At the beginning of your upkeep, sacrifice a creature other than Test Card.",
    "When this creature enters, destroy all creatures other than target creature.",
])  # fmt: skip
def test_other_than_after_the_nouns(text: str) -> None:
    """109.2: "a creature other than [this]" — the quality, not the adjective "other"."""
    card = _line_round_trip(text)
    assert nodes(card, A.OtherThan)


def test_cards_from_a_single_graveyard_are_a_gap() -> None:
    """"up to two target cards from a single graveyard": the zone says "a
    single"; the engine doesn't choose one graveyard for them all, and says so."""
    from cardtext.interpreter.support import gaps

    card = _line_round_trip("When this creature enters, exile up to two target cards from a single graveyard.")
    (zone,) = nodes(card, A.InZone)
    assert (zone.zone, zone.how) == ("graveyard", "a single")
    assert any("single graveyard" in str(g) for g in gaps(card))


@pytest.mark.parametrize("text", [
    "Whenever this creature deals combat damage to a player, return up to that many target creatures to their owners' hands.",
    "Whenever this creature deals combat damage to a player, that player puts that many cards from the top of their library into their graveyard.",
    "Whenever this creature deals combat damage to a player, draw that many cards.",
])  # fmt: skip
def test_that_many_in_every_numeric_slot(text: str) -> None:
    """603.7c: "that many" is a count wherever a number is ("up to that many
    target creatures", "that many cards")."""
    card = _line_round_trip(text)
    assert [n.word for n in nodes(card, A.ThatMuch)] == ["many"]


@pytest.mark.parametrize(("who", "cls"), [("owner", A.OwnerOf), ("controller", A.ControllerOf)])
def test_the_owner_of_an_object(who: str, cls: type) -> None:
    """108.3, 108.4: "the owner of target creature" names the player of it."""
    text = f"When this creature enters, the {who} of target nonland permanent shuffles it into their library."
    card = _line_round_trip(text)
    (player,) = nodes(card, cls)
    assert player.of and isinstance(player.object, A.Target)


def test_modified_and_outlaw_describe_objects() -> None:
    """700.9 "modified"; "outlaw" (Assassins, Mercenaries, Pirates, Rogues,
    Warlocks) as a noun of a description."""
    card = _line_round_trip("Whenever a modified creature you control attacks, draw a card.")
    assert A.StatusAdj("modified") in one(card, A.ObjectFilter).words
    card = _line_round_trip("Whenever an outlaw you control dies, each opponent loses 1 life.")
    assert one(card, A.ObjectFilter).nouns == ("outlaw",)
    assert nodes(_line_round_trip("Other outlaws you control have haste."), A.ObjectFilter)[0].nouns == ("outlaw",)


def test_foods_is_the_plural_of_food() -> None:
    """205.3g: Food, plural Foods in current Oracle text."""
    card = _line_round_trip("Sacrifice three Foods: Draw a card.")
    assert one(card, A.ObjectFilter).nouns == ("Food",)


def test_controlled_in_the_past_is_kept_and_not_played_as_controls() -> None:
    """608.2h: "a permanent you controlled" (when it last was on the
    battlefield); the engine doesn't treat it as "you control"."""
    from cardtext.interpreter import Unsupported, new_game
    from cardtext.interpreter.filters import matches

    text = "When this creature dies, you gain life equal to the number of creatures you controlled that were destroyed this way."
    card = _line_round_trip(text)
    (control,) = nodes(card, A.ControlledBy)
    assert control.past and isinstance(control.player, A.You)
    assert one(card, A.DoneThisWay) == A.DoneThisWay("destroyed", "were")
    filt = A.ObjectFilter((A.Noun("creature", True),), (control,))
    game = new_game()
    from cardtext.interpreter import add_card

    bear = add_card(game, card, "A", "battlefield")
    with pytest.raises(Unsupported, match="controlled"):
        matches(game, filt, bear, you="A", source=None)


def test_differently_named_counts_names() -> None:
    """201.2: "the number of differently named lands you control" counts names."""
    card = _line_round_trip("{T}: Draw X cards, where X is the number of differently named lands you control.")
    count = one(card, A.CountOf)
    assert count.names and count.filter.nouns == ("land",)


@pytest.mark.parametrize(
    ("text", "event", "other"),
    [("no spells were cast last turn", "none cast last turn", False),
     ("a player cast two or more spells last turn", "cast last turn", True),
     ("you lost life last turn", "lost life last turn", False)],
)  # fmt: skip
def test_what_happened_last_turn(text: str, event: str, other: bool) -> None:
    """What happened in the turn before this one (a werewolf's "no spells were cast last turn")."""
    line = f"At the beginning of each upkeep, if {text}, draw a card."
    cond = ability(line).condition
    assert isinstance(cond, A.Happened) and cond.event == event and (cond.other is not None) is other
    assert canonical(line) == line


def test_if_it_targets() -> None:
    """115.1, 601.2f: a cost reduction that asks what the spell targets."""
    line = "This spell costs {3} less to cast if it targets a tapped creature."
    a = ability(line, type_line="Instant")
    assert isinstance(a, A.StaticEffect) and isinstance(a.action, A.CostModifier)
    assert isinstance(a.condition, A.Targets) and isinstance(a.condition.object, A.ItRef)
    assert canonical(line, type_line="Instant") == line


@pytest.mark.parametrize(
    ("text", "negated", "state"),
    [("If it was tapped, draw a card.", False, "tapped"), ("If that land was nonbasic, draw a card.", False, "nonbasic"),
     ("If that land wasn't nonbasic, draw a card.", True, "nonbasic")],
)  # fmt: skip
def test_a_state_as_it_was_last_known(text: str, negated: bool, state: str) -> None:
    """608.2h: "if it was tapped" asks the state the object was last in, not its state now."""
    line = f"Return target permanent to its owner's hand. {text}"
    cond = one(ability(line, type_line="Instant"), A.WasState)
    assert cond.state == state and cond.negated is negated
    assert canonical(line, type_line="Instant") == line


@pytest.mark.parametrize(
    ("line", "cls"),
    [("Clash with an opponent. If you win, draw a card.", A.Won),
     ("When this creature enters, if creatures you control have total power 8 or greater, draw a card.", A.TotalPower),
     ("Whenever this creature attacks, if you have the city's blessing, draw a card.", A.CitysBlessing)],
)  # fmt: skip
def test_conditions_of_a_contest_power_and_designation(line: str, cls: type) -> None:
    """701.30 (clash), total power, 702.131c (the city's blessing)."""
    assert one(ability(line), cls)
    assert canonical(line) == line


@pytest.mark.parametrize(
    "line",
    ["{T}: Draw a card. Activate only if there are eight or more cards in your graveyard and only as a sorcery.",
     "{T}: Draw a card. Activate only if you control a Goblin and only once each turn.",
     "Cast this spell only during the declare attackers step and only if you've been attacked this step."],
)  # fmt: skip
def test_a_condition_and_another_timing(line: str) -> None:
    """602.5b, 601.3: "only if [condition] and only [timing]": two restrictions, the
    "and" before "only" never read as joining two conditions."""
    a = ability(line, type_line="Instant" if line.startswith("Cast") else None)
    (restriction,) = [n for n in a.walk() if isinstance(n, A.ActivateOnly | A.CastOnly)]
    assert len(restriction.timings) == 2
    assert canonical(line, type_line="Instant" if line.startswith("Cast") else None) == line


@pytest.mark.parametrize(
    ("line", "whose"),
    [("During your turn, this creature has first strike.", "yours"),
     ("During each of your turns, this creature has first strike.", "yours"),
     ("During turns other than yours, this creature has first strike.", "not yours"),
     ("This creature gets +1/+1 during your turn.", "yours")],
)  # fmt: skip
def test_a_static_ability_during_a_turn(line: str, whose: str) -> None:
    """611.3a: a static ability's effect that lasts "during your turn" applies as
    long as it's that turn; written back as printed."""
    a = ability(line)
    assert isinstance(a, A.StaticEffect) and a.condition == A.Turn(whose)
    assert getattr(a.action, "duration", None) is None
    assert canonical(line) == line


@pytest.mark.parametrize(("text", "cls"), [
    ("When this creature enters, destroy target creature of an opponent's choice.", A.OfChoice),
    ("When this creature enters, return up to six target creature cards with different names from your graveyard to the battlefield.", A.WithDifferent),
    ("Enchanted creature and other creatures that share a creature type with it get +1/+1.", A.ThatShares),
    ("{1}: Two target creatures you control that share a creature type can't be blocked this turn.", A.ThatShares),
    ("Draw a card for each nontoken creature that died this turn.", A.DidThisTurn),
    ("Draw a card for each creature that died under your control this turn.", A.DidThisTurn),
    ("When this creature enters, you gain 1 life for each creature that entered under your control this turn.", A.DidThisTurn),
    ("When this creature enters, draw cards equal to the number of lands that entered under an opponent's control this turn.", A.DidThisTurn),
    ("Put a +1/+1 counter on this creature for each creature that left the battlefield under your control this turn.", A.DidThisTurn),
    ("When this creature enters, return to your hand each creature card in your graveyard that died under your control this turn.", A.DidThisTurn),
    ("When this creature enters, destroy all creatures. For each creature that died this way, draw a card.", A.DoneThisWay),
])  # fmt: skip
def test_qualities_of_objects_after_the_nouns(text: str, cls: type) -> None:
    """What follows the nouns of a description (109.1): whose choice, "with
    different names", "that share a creature type", "that died this turn"."""
    card = _line_round_trip(text)
    assert nodes(card, cls)


def test_of_a_players_choice_names_the_player() -> None:
    choice = one(_line_round_trip("When this creature enters, destroy target creature of an opponent's choice."), A.OfChoice)
    assert choice.whose == "player" and choice.player is not None
    mine = one(_line_round_trip("When this creature enters, destroy target creature of your choice."), A.OfChoice)
    assert mine == A.OfChoice("your")


def test_cards_in_hand_without_an_owner_is_kept_and_read_as_the_players() -> None:
    """ "seven or more cards in hand": whose hand the sentence says (402.1):
    the hand of the player who has them, which the engine reads so; "in
    hand" elsewhere, with no player to have them, stays a gap."""
    from cardtext.interpreter.support import gaps

    card = _line_round_trip("As long as you have seven or more cards in hand, this creature gets +2/+1.")
    zone = nodes(card, A.InZone)[0]  # the condition and the sentence it keeps as written
    assert (zone.zone, zone.how, zone.owner) == ("hand", "bare", None)
    assert not gaps(card)


def test_the_total_number_of() -> None:
    card = _line_round_trip("When this creature enters, draw cards equal to the total number of creatures you control.")
    assert one(card, A.CountOf).total


def test_cards_exiled_with_this_keep_how_this_is_written() -> None:
    """607.2a: "all cards exiled with this enchantment" is written back as written."""
    text = "{1}{R}, Sacrifice this enchantment: Put all cards exiled with this enchantment into their owners' hands."
    card = parse_card(f"Test Dots {{1}}{{R}}\nEnchantment\nWhen this enchantment enters, exile target creature.\n{text}")
    assert render_card(card).splitlines()[3] == text
    assert one(card, A.ExiledCards).self_ref == A.SelfRef("this", "enchantment")


@pytest.mark.parametrize(
    "line",
    ["Exile the top card of your library. You may play those cards for as long as they remain exiled.",
     "Exile the top card of your library. You may play it for as long as it remains exiled."],
)  # fmt: skip
def test_for_as_long_as_it_or_they_remain(line: str) -> None:
    """611.2b: "for as long as [they] remain exiled", the verb agreeing with its subject."""
    (d,) = [n for n in ability(line, type_line="Sorcery").walk() if isinstance(n, A.Duration)]
    assert d.kind == "for as long as remains exiled"
    assert canonical(line, type_line="Sorcery") == line


@pytest.mark.parametrize(
    ("line", "event"),
    [("Counter target spell. If that spell is countered this way, draw a card.", "countered this way"),
     ("Counter target spell. If that spell was countered this way, draw a card.", "countered this way"),
     ("Draw a card. If you cast this spell during your main phase, draw a card.", "cast during main phase"),
     ("Draw a card. If you've sacrificed an artifact this turn, draw a card.", "sacrificed"),
     ("Draw a card. If you've gained 3 or more life this turn, draw a card.", "gained or more life")],
)  # fmt: skip
def test_what_happened_to_a_spell_or_this_turn(line: str, event: str) -> None:
    """701.6 (countered this way), 505.1 (the main phase, addendum), 119.3."""
    cond = one(ability(line, type_line="Instant"), A.Happened)
    assert cond.event == event
    assert canonical(line, type_line="Instant") == line


def test_strive_costs_more_for_each_target_beyond_the_first() -> None:
    """Strive (207.2c) and 601.2f: the increase is counted per target beyond the
    first; the engine applies a spell's change of its own cost (its scenario:
    cr601_2f_strive_more_for_each_target_beyond_the_first.toml)."""
    from cardtext.interpreter.support import gaps

    text = "Strive — This spell costs {1}{G} more to cast for each target beyond the first."
    card = parse_card(f"Test Spell {{1}}{{G}}\nInstant\n{text}\nDestroy any number of target artifacts.")
    mod = nodes(card, A.CostModifier)[0]
    assert isinstance(mod.per, A.TargetsBeyondFirst) and mod.change == "more"
    assert render_card(card).splitlines()[2] == text
    assert not gaps(card)


def test_activate_only_if_and_only_once() -> None:
    """602.5b: "and only once" — a restriction the engine reports it can't hold yet."""
    line = "{T}: Draw a card. Activate only if there are seven or more cards in your graveyard and only once."
    (restriction,) = nodes(ability(line), A.ActivateOnly)
    assert restriction.timings[1] == "once"
    assert canonical(line) == line


@pytest.mark.parametrize(("text", "word", "stat", "among"), [
    ("At the beginning of your upkeep, destroy target nonland permanent with the lowest mana value.", "lowest", "mana value", False),
    ("When this creature enters, destroy target creature with the greatest power among creatures you control.", "greatest", "power", True),
    ("At the beginning of your upkeep, the player with the lowest life total gains control of this creature.", "lowest", "life total", False),
])  # fmt: skip
def test_with_the_highest_or_lowest(text: str, word: str, stat: str, among: bool) -> None:
    """ "with the lowest mana value", "the player with the lowest life total":
    among the objects described unless "among ..." says otherwise."""
    extreme = one(_line_round_trip(text), A.WithExtreme)
    assert (extreme.word, extreme.stat, extreme.among is not None) == (word, stat, among)


def test_for_each_of_those_objects_is_counted_or_a_gap() -> None:
    """608.2c: "For each of those creatures, ..." — each of the objects the
    phrase names; the engine reports what it can't count that way."""
    from cardtext.interpreter.support import gaps

    text = "When this creature enters, exile up to two target creatures. For each of those creatures, its controller draws a card."
    card = _line_round_trip(text)
    each = one(card, A.CountEachOf)
    assert isinstance(each.what, A.ThatRef)
    assert any("CountEachOf" in str(g) for g in gaps(card))


def test_a_number_of_tapped_tokens_equal_to() -> None:
    made = one(_line_round_trip("When this creature dies, create a number of tapped Treasure tokens equal to its power."),
               A.CreateTokens)  # fmt: skip
    assert made.tapped and isinstance(made.amount, A.EqualTo) and made.amount.where == "number_of"


def test_as_it_enters_and_the_sentences_after() -> None:
    """614.12: "As this land enters, you may pay 2 life. If you don't, it enters
    tapped." — one replacement with what follows it, which the engine plays."""
    from cardtext.interpreter.support import gaps

    line = "As this land enters, you may pay 2 life. If you don't, it enters tapped."
    card = parse_card(f"Test Land\nLand\n{line}")
    (a,) = card.abilities
    assert isinstance(a, A.AsEnters) and isinstance(a.then, A.Effect) and len(a.then.sentences) == 1
    assert render_card(card).splitlines()[2] == line
    assert not gaps(card)


@pytest.mark.parametrize(("text", "kind", "form"), [
    ("When this creature enters, you may cast target instant card from an opponent's graveyard, and mana of any type "
     "can be spent to cast that spell.", "type", "can be spent"),
    ("When this creature enters, exile the top card of target player's library. You may cast that card this turn, "
     "and mana of any type can be spent to cast it.", "type", "can be spent"),
    ("When this creature enters, exile the top card of target player's library. You may play that card for as long as "
     "it remains exiled. Mana of any type can be spent to cast a spell this way.", "type", "can be spent this way"),
    ("When this creature enters, exile the top two cards of target player's library. You may play those cards this "
     "turn. Mana of any color can be spent to cast those spells.", "color", "can be spent"),
])  # fmt: skip
def test_mana_of_any_type_can_be_spent_to_cast(text: str, kind: str, form: str) -> None:
    """609.4b: "mana of any type can be spent to cast that spell", the Oracle
    wording of "you may spend mana as though it were mana of any type to cast
    that spell": the same rule of paying, kept as written."""
    a = ability(text)
    spend = one(a, A.SpendAsThough)
    assert (spend.kind, spend.form) == (kind, form)
    assert canonical(text) == text


def test_evidence_was_collected() -> None:
    """701.59b: "if evidence was collected" asks whether the spell's
    additional cost that collects evidence was paid."""
    line = "When this creature enters, if evidence was collected, draw a card."
    assert isinstance(ability(line).condition, A.EvidenceCollected)
    assert canonical(line) == line


@pytest.mark.parametrize("line", [
    "{2}, {T}, Collect evidence 3: Each opponent loses 3 life.",
    "As an additional cost to cast this spell, you may collect evidence 6.",
])  # fmt: skip
def test_collect_evidence_as_a_cost_part(line: str) -> None:
    """701.59a, 118.1: "collect evidence N" paid as a cost, which the engine
    pays (tests/scenarios/cr701_59_collect_evidence.toml); "collect evidence
    X" it reports."""
    from cardtext.interpreter.support import gaps

    part = one(ability(line), A.ActionCost)
    assert part.action.verb == "collect evidence" and isinstance(part.action.amount, A.Number)
    assert canonical(line) == line
    assert not gaps(_round_trip(line))
    x = _round_trip("{X}, Collect evidence X: Draw a card.")
    assert any("collecting evidence of a number other than a fixed one" in str(g) for g in gaps(x))


@pytest.mark.parametrize(("line", "gap"), [
    ("Exile the top card of target player's library. You may cast that card for as long as it remains exiled. "
     "Mana of any type can be spent to cast spells this way.", False),
    ("Exile the top two cards of target player's library. You may cast those cards this turn. "
     "Mana of any type can be spent to cast them.", False),
    ("Draw a card. Mana of any type can be spent to cast spells this way.", True),
    ("You may cast target instant card from your graveyard. Mana of any type can be spent to cast that spell.", True),
])  # fmt: skip
def test_mana_of_any_type_in_the_sentence_after_the_permission(line: str, gap: bool) -> None:
    """609.4b: the rule written as a sentence of its own is one of the
    permission the sentence before it granted (one with a duration: a card
    cast at once, before the rule is read, is not paid by it); with no
    permission before it, the engine reports it."""
    from cardtext.interpreter.support import gaps

    card = _round_trip(line, "Sorcery", "")
    found = [g for g in gaps(card) if "SpendAsThough" in str(g)]
    assert bool(found) is gap


def test_dies_under_whose_control() -> None:
    """700.4, 603.10a: "Whenever a creature dies under an opponent's control":
    who controlled the creature as it last existed on the battlefield; also
    in a delayed trigger ("When it dies under your control this turn")."""
    from cardtext.interpreter.support import gaps

    line = "Whenever a creature dies under an opponent's control, you gain 1 life."
    a = ability(line)
    assert isinstance(a.trigger, A.DiesTrigger)
    assert a.trigger.control == A.Possessive(A.PlayerGroup("an_opponent"), "'s")
    assert canonical(line) == line
    assert not gaps(_round_trip(line))
    spell = "Target creature gets +1/-1 until end of turn. When it dies under your control this turn, draw two cards."
    card = _round_trip(spell, "Instant", "")
    assert one(card, A.DiesTrigger).control == A.Possessive(A.You(), "your")
