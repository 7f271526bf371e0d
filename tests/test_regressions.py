"""One named test per grammar or renderer bug found, so none comes back."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar import parse_card
from cardtext.grammar.errors import CardParseError
from cardtext.grammar.render import render_card

HEAD = "Test Card {1}\nSorcery\n"


def card(text: str, head: str = HEAD) -> A.Card:
    return parse_card(head + text)


def roundtrip_line(text: str, head: str = HEAD) -> str:
    """The rendered last rules line, after checking parse(render(card)) == card."""
    c = card(text, head)
    rendered = render_card(c)
    assert parse_card(rendered) == c
    return rendered.splitlines()[-1]


def test_pt_with_plus_star() -> None:
    c = parse_card("Test Card {1}\nCreature — Bear\n1+*/1+*")
    assert c.pt == A.PowerToughness("1+*", "1+*")


@pytest.mark.parametrize(
    "text",
    ["Discard a card.", "Remove a charge counter from Test Card, then draw a card."],
)
def test_spell_instruction_that_looks_like_a_cost(text: str) -> None:
    """An instruction that starts like a cost ("Discard a card") is still a spell ability."""
    c = card(text)
    assert isinstance(c.abilities[0], A.SpellAbility)
    assert roundtrip_line(text) == text


def test_discard_a_card_is_any_card() -> None:
    (ability,) = card("Discard a card.").abilities
    assert isinstance(ability, A.SpellAbility)
    (sentence,) = ability.effect.sentences
    (action,) = sentence.actions
    assert isinstance(action, A.Discard) and action.amount == A.Number(1, "article", "a")
    assert action.filter is not None and action.filter.card
    assert (action.filter.nouns, action.filter.adjectives, action.filter.qualities) == ((), (), ())


def test_discard_a_creature_card_keeps_its_description() -> None:
    (ability,) = card("Discard a creature card.").abilities
    assert isinstance(ability, A.SpellAbility)
    (action,) = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert isinstance(action, A.Discard)
    assert action.filter == A.ObjectFilter((A.Noun("creature", False), A.Noun("card", False)))
    assert action.filter.nouns == ("creature",) and action.filter.card


@pytest.mark.parametrize(
    "text",
    [
        "Destroy target green tapped permanent.",
        "Destroy each other blue creature.",
        "Destroy target nonblack attacking creature.",
    ],
)
def test_two_adjectives_in_a_row(text: str) -> None:
    assert roundtrip_line(text) == text


def test_you_kick_a_spell() -> None:
    c = card("Whenever you kick a spell, draw a card.", "Test Card {1}\nEnchantment\n")
    (ability,) = c.abilities
    assert isinstance(ability, A.TriggeredAbility)
    assert ability.trigger == A.KicksTrigger(A.You())


def test_new_targets_after_you_may_copy() -> None:
    text = "You may copy target instant or sorcery spell. You may choose new targets for the copy."
    c = card(text, "Test Card {1}\nInstant\n")
    assert roundtrip_line(text, "Test Card {1}\nInstant\n") == text
    (ability,) = c.abilities
    assert isinstance(ability, A.SpellAbility)
    (may,) = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert isinstance(may, A.MayDo) and isinstance(may.action, A.CopySpell)
    assert may.action.new_targets


def test_return_all_under_their_owners_control() -> None:
    text = "Return all creatures to the battlefield under their owners' control."
    assert roundtrip_line(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Return two target creatures to their owners' hands.",
        "Up to two target creatures get +1/+1 until end of turn.",
    ],
)
def test_plural_targets_read_plural(text: str) -> None:
    assert roundtrip_line(text) == text


def test_keyword_with_cost_lowercase_after_a_comma() -> None:
    text = "Flying, ward {2}"
    c = parse_card(f"Test Card {{1}}\nCreature — Bear\n{text}\n1/1")
    assert render_card(c).splitlines()[2] == text


def test_error_inside_the_transformer_shows_the_word() -> None:
    with pytest.raises(CardParseError) as info:
        card("Destroy target quickly creature.")
    err = info.value
    assert (err.line, err.column, err.text) == (3, 16, "quickly")
    assert "unknown word 'quickly'" in err.message


def test_error_for_a_filterless_face_up_trigger_is_located() -> None:
    """ "that creature" as a trigger's subject refers to nothing: a located link error."""
    from cardtext.interpreter.links import check_card

    text = "Test Card {1}\nEnchantment\nWhenever that creature is turned face up, draw a card."
    (err,) = check_card(parse_card(text), "t.card", text)
    assert (err.line, err.column, err.text) == (3, 10, "that creature")



def test_in_all_graveyards() -> None:
    text = "Test Card's power and toughness are each equal to the number of creature cards in all graveyards."
    head = "Test Card {1}{G}\nCreature — Lhurgoyf\n"
    c = parse_card(head + text + "\n*/*")
    assert render_card(c).splitlines()[2] == text
    (ability,) = c.abilities
    assert isinstance(ability, A.PTEqual)
    assert isinstance(ability.amount, A.CountOf)
    assert ability.amount.filter.zone == A.InZone("graveyard", None, "in", "all")


def test_search_for_up_to_two() -> None:
    text = "Search your library for up to two basic land cards, put them onto the battlefield tapped, then shuffle."
    assert roundtrip_line(text) == text
    (ability,) = card(text).abilities
    assert isinstance(ability, A.SpellAbility)
    search, put, shuffle = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert isinstance(search, A.Search) and search.whose == A.You()
    assert isinstance(search.what, A.AnObject) and search.what.up_to
    assert search.what.count == A.Number(2, "word")
    assert put == A.PutInZone(A.ThemRef(), A.Destination("battlefield", form="onto", mods=("tapped",)))
    assert shuffle == A.Shuffle()


def test_plus_x_pump_parses() -> None:
    """Was a ValueError (int('+X')) on real cards like Accelerated Mutation."""
    text = "Target creature gets +X/+X until end of turn."
    c = card(text, "Test Card {X}{G}\nInstant\n")
    (ability,) = c.abilities
    assert isinstance(ability, A.SpellAbility)
    (pump,) = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert isinstance(pump, A.Pump)
    assert (pump.power, pump.toughness) == (A.SignedX(1), A.SignedX(1))
    assert roundtrip_line(text, "Test Card {X}{G}\nInstant\n") == text
    minus = card("Target creature gets -X/-0 until end of turn.", "Test Card {X}{B}\nInstant\n")
    (ability,) = minus.abilities
    (pump,) = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert (pump.power, pump.toughness) == (A.SignedX(-1), 0)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        # X chosen as an activated ability's cost is paid (602.2b)
        "Test Card {3}{U}{U}\nLegendary Creature — Human\n{X}{U}, {T}, Discard two cards: Return X target creatures to their owners' hands.\n3/3",
        # X in a morph cost
        "Test Card {2}{B}{B}\nCreature — Horror\nMorph {X}{B}{B}\nWhen Test Card is turned face up, all creatures get -X/-X until end of turn.\n4/3",
        # X in an additional cost
        "Test Card {X}{G}{G}\nSorcery\nAs an additional cost to cast this spell, sacrifice X lands.\nDraw X cards.",
        # the sacrificed creature of an activated ability's own cost
        "Test Card {4}{R}\nCreature — Bird\n{1}{R}, Sacrifice a Goblin creature: Test Card deals damage equal to the sacrificed creature's power to any target.\n2/2",
        # the sacrificed creature of "you may sacrifice ... If you do"
        "Test Card {2}{G}{G}\nEnchantment\nAt the beginning of your end step, you may sacrifice a nontoken creature. If you do, create X 2/2 green Wolf creature tokens, where X is the sacrificed creature's toughness.",
    ],
)
def test_links_defined_by_the_abilitys_own_cost(text: str) -> None:
    from cardtext.interpreter.links import check_card

    c = parse_card(text)
    assert check_card(c, "t.card", text) == []



def test_x_nothing_defines_is_still_reported_for_signed_x() -> None:
    from cardtext.interpreter.links import check_card

    text = "Test Card {1}{B}\nInstant\nTarget creature gets -X/-X until end of turn."
    (err,) = check_card(parse_card(text), "t.card", text)
    assert (err.line, err.column, err.text) == (3, 22, "-X/-X")
    assert "X is not defined" in err.message


INSCRIPTION = """Inscription of Ruin {2}{B}
Sorcery
Kicker {2}{B}{B} (You may pay an additional {2}{B}{B} as you cast this spell.)
Choose one. If this spell was kicked, choose any number instead.
• Target opponent discards two cards.
• Return target creature card with mana value 2 or less from your graveyard to the battlefield.
• Destroy target creature with mana value 3 or less."""


def test_modal_spell_with_kicked_mode_count() -> None:
    """700.2 modes; "If this spell was kicked, choose any number instead." (K8)."""
    c = parse_card(INSCRIPTION)
    assert render_card(c) == INSCRIPTION
    spell = c.abilities[1]
    assert isinstance(spell, A.SpellAbility)
    (modes,) = spell.effect.sentences
    assert isinstance(modes, A.Modes)
    assert (modes.count, modes.count_if) == ("one", "any number")
    assert isinstance(modes.condition, A.KickedCondition)
    assert len(modes.modes) == 3
    assert all(isinstance(m, A.Effect) for m in modes.modes)


def test_modal_trigger_and_its_location() -> None:
    text = "Test Lord {2}{G}{U}\nLegendary Creature — Elf\nAt the beginning of combat on your turn, choose one —\n• Draw a card.\n• Put a +1/+1 counter on each colorless creature you control.\n3/4"
    c = parse_card(text)
    assert render_card(c) == text
    (ability,) = c.abilities
    assert isinstance(ability, A.TriggeredAbility)
    (modes,) = ability.effect.sentences
    assert isinstance(modes, A.Modes) and modes.count == "one"
    second = modes.modes[1]
    assert second.span is not None and second.span.line == 5


def test_a_bullet_line_without_a_choice_is_an_error() -> None:
    with pytest.raises(CardParseError) as info:
        parse_card("Test Card {1}\nSorcery\nDraw a card.\n• Draw a card.")
    assert info.value.line == 4


RAKAVOLVER = """Rakavolver {2}{R}
Creature — Volver
Kicker {1}{W} and/or {U} (You may pay an additional {1}{W} and/or {U} as you cast this spell.)
If Rakavolver was kicked with its {1}{W} kicker, it enters with two +1/+1 counters on it and with "Whenever Rakavolver deals damage, you gain that much life."
If Rakavolver was kicked with its {U} kicker, it enters with a +1/+1 counter on it and with flying.
2/2"""


def test_quoted_ability_a_permanent_enters_with() -> None:
    from cardtext.interpreter.links import check_card

    c = parse_card(RAKAVOLVER)
    assert render_card(c) == RAKAVOLVER
    enters = c.abilities[1]
    assert isinstance(enters, A.EntersWithCounters)
    (granted,) = enters.abilities
    assert isinstance(granted, A.TriggeredAbility)
    assert granted.trigger == A.DealsDamageTrigger(A.SelfRef("name"))
    (gain,) = granted.effect.sentences[0].actions  # type: ignore[union-attr]
    assert gain == A.GainLife(A.ThatMuch(), A.You())
    assert check_card(c, "r.card", RAKAVOLVER) == []


def test_regenerate_in_a_quoted_activated_ability() -> None:
    text = 'If Test Card was kicked, it enters with two +1/+1 counters on it and with "Pay 3 life: Regenerate Test Card."'
    c = parse_card(f"Test Card {{1}}{{W}}\nCreature — Volver\nKicker {{1}}{{B}} (You may pay an additional {{1}}{{B}} as you cast this spell.)\n{text}\n1/1")
    assert render_card(c).splitlines()[3] == text
    (granted,) = c.abilities[1].abilities  # type: ignore[union-attr]
    assert isinstance(granted, A.ActivatedAbility)
    assert granted.effect.sentences[0].actions == (A.Regenerate(A.SelfRef("name")),)  # type: ignore[union-attr]


def test_life_lost_this_way_and_that_much_are_linked() -> None:
    from cardtext.interpreter.links import check_card

    good = "Test Card {4}{B}{B}\nSorcery\nTarget opponent loses half their life, rounded up. You gain life equal to the life lost this way."
    assert check_card(parse_card(good), "t.card", good) == []
    assert roundtrip_line("Target opponent loses half their life, rounded up. You gain life equal to the life lost this way.") == good.splitlines()[-1]
    bad = "Test Card {1}\nSorcery\nYou gain life equal to the life lost this way."
    (err,) = check_card(parse_card(bad), "t.card", bad)
    assert "the life lost this way" in err.message
    assert (err.line, err.column, err.text) == (3, 24, "the life lost this way")
    bad_much = "Test Card {1}\nSorcery\nYou gain that much life."
    (err,) = check_card(parse_card(bad_much), "t.card", bad_much)
    assert "'that much'" in err.message


@pytest.mark.parametrize(
    "text",
    [
        "Test Card {2}{R}\nCreature — Human\n{R}, {T}, Discard a card: Test Card deals damage to target creature equal to the discarded card's mana value.\n1/3",
        "Test Card {4}{U}\nCreature — Dragon\nWhenever Test Card attacks, draw a card, then discard a card. Test Card gets +X/+0 until end of turn, where X is the discarded card's mana value.\n5/5",
    ],
)
def test_the_discarded_card_of_the_abilitys_own_cost_or_instruction(text: str) -> None:
    from cardtext.interpreter.links import check_card

    assert check_card(parse_card(text), "t.card", text) == []


def test_set_power_toughness_and_a_card_named_this() -> None:
    text = """Gigantiform {3}{G}{G}
Enchantment — Aura
Kicker {4} (You may pay an additional {4} as you cast this spell.)
Enchant creature
Enchanted creature is 8/8 and has trample.
When Gigantiform enters, if it was kicked, you may search your library for a card named Gigantiform, put it onto the battlefield, then shuffle."""
    c = parse_card(text)
    assert render_card(c) == text
    static = c.abilities[2]
    assert isinstance(static, A.StaticEffect)
    assert static.action == A.SetPT(A.AttachedRef("enchanted"), "8", "8", keywords=(A.Keyword("trample"),))
    assert static.more == ()
    older = text.replace("Gigantiform enters,", "Gigantiform enters the battlefield,")
    assert parse_card(older) == c



def test_then_shuffle_your_library_is_then_shuffle() -> None:
    text = "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle."
    assert card(text.replace("then shuffle.", "then shuffle your library.")) == card(text)


def test_spend_this_mana_only_to_cast_kicked_spells() -> None:
    text = "{T}: Add {G}{G}. Spend this mana only to cast kicked spells."
    head = "Test Card {1}{G}\nCreature — Elf Druid\n"
    c = parse_card(head + text + "\n0/2")
    assert render_card(c).splitlines()[2] == text
    (ability,) = c.abilities
    assert isinstance(ability, A.ActivatedAbility)
    spend = ability.effect.sentences[1].actions[0]  # type: ignore[union-attr]
    kicked_spells = A.ObjectFilter((A.StatusAdj("kicked"), A.Noun("spell", True)))
    assert spend == A.SpendOnly(kicked_spells, kicked=True, what=A.Each(kicked_spells, "bare"))



def test_two_descriptions_joined_by_and() -> None:
    text = "Saproling creatures and other Treefolk creatures get +1/+1."
    c = parse_card(f"Test Card {{4}}{{G}}{{G}}\nLegendary Creature — Treefolk\n{text}\n4/7")
    assert render_card(c).splitlines()[2] == text
    (static,) = c.abilities
    assert isinstance(static, A.StaticEffect)
    pump = static.action
    assert isinstance(pump, A.Pump) and isinstance(pump.what, A.BothRef)
    first, second = pump.what.first, pump.what.second
    assert isinstance(first, A.Each) and first.filter.nouns == ("creature",)
    assert isinstance(second, A.Each) and second.filter.another


BOMAT = """Bomat Courier {1}
Artifact Creature — Construct
Haste
Whenever Bomat Courier attacks, exile the top card of your library face down.
{R}, Discard your hand, Sacrifice Bomat Courier: Put all cards exiled with Bomat Courier into their owners' hands.
1/1"""


def test_exile_the_top_card_face_down_and_the_cards_exiled_with_this() -> None:
    """607.2a: "all cards exiled with [this]" is linked to the ability that exiles them."""
    from cardtext.interpreter.links import check_card

    c = parse_card(BOMAT)
    assert render_card(c) == BOMAT
    trigger, activated = c.abilities[1], c.abilities[2]
    assert isinstance(trigger, A.TriggeredAbility) and isinstance(activated, A.ActivatedAbility)
    assert trigger.effect.sentences[0].actions == (A.ExileTop(None, A.Possessive(A.You(), "your"), face_down=True),)  # type: ignore[union-attr]
    (put,) = activated.effect.sentences[0].actions  # type: ignore[union-attr]
    assert put == A.ReturnTo(A.ExiledCards(plural=True, with_self=True, all=True, self_ref=A.SelfRef()), "hand", verb="put")
    assert check_card(c, "b.card", BOMAT) == []
    no_exile = BOMAT.replace("exile the top card of your library face down", "draw a card")
    (err,) = check_card(parse_card(no_exile), "b.card", no_exile)
    assert "exiled" in err.message


def test_search_another_players_library_and_exile() -> None:
    text = "Search target player's library for up to three cards, exile them, then that player shuffles."
    assert roundtrip_line(text) == text
    (ability,) = card(text).abilities
    search, exile, shuffle = ability.effect.sentences[0].actions  # type: ignore[union-attr]
    assert isinstance(search, A.Search) and search.whose == A.Target(A.PlayerFilter())
    assert exile == A.Exile(A.ThemRef())
    assert shuffle == A.Shuffle(player=A.ThatPlayer())



def test_search_another_players_library_older_wording() -> None:
    text = "Search target player's library for up to three cards, exile them, then that player shuffles."
    older = card("Search target player's library for up to three cards, exile them, then that player shuffles his or her library.")
    assert older == card(text)


def test_cloak_a_card_from_your_hand_in_a_mode_with_its_reminder() -> None:
    text = """Test Lord {2}{G}{U}
Legendary Creature — Elf Ooze Wizard
At the beginning of combat on your turn, choose one —
• Cloak a card from your hand. (To cloak a card, put it onto the battlefield face down as a 2/2 creature with ward {2}. Turn it face up any time for its mana cost if it's a creature card.)
• Put a +1/+1 counter on each colorless creature you control.
3/4"""
    c = parse_card(text)
    assert render_card(c) == text
    (ability,) = c.abilities
    (modes,) = ability.effect.sentences  # type: ignore[union-attr]
    assert isinstance(modes, A.Modes)
    (cloak,) = modes.modes[0].sentences[0].actions  # type: ignore[union-attr]
    hand_card = A.ObjectFilter((A.Noun("card", False),), (A.InZone("hand", A.You()),))
    assert cloak == A.Manifest(None, cloak=True, what=A.AnObject(hand_card, A.Number(1, "article", "a")))


def test_a_pt_change_of_thousands_of_digits_is_a_located_error() -> None:
    """Fuzzing: "gets -999…9/+0" with 5,000 digits raised Python's ValueError
    (the int conversion limit) instead of an error about the text."""
    with pytest.raises(CardParseError, match="digits is too large") as info:
        card("Target creature gets -" + "9" * 5000 + "/+0 until end of turn.\n", "Test Card {U}\nInstant\n")
    assert (info.value.line, info.value.column) == (3, 22)


@pytest.mark.parametrize("text", ["Look at the top an cards of your library.", "Put the bottom a card of your library into your hand."])
def test_the_top_a_card_is_an_error_not_one_card(text: str) -> None:
    """Fuzzing: "the top an cards" was read as one card and written back as
    "the top card", a different tree."""
    with pytest.raises(CardParseError, match="is not card text"):
        card(text + "\n")


def test_a_target_with_no_noun_is_an_error() -> None:
    """Fuzzing: "Target other discards two cards." was read as a target
    object with no noun and written back as "Another target  discards"."""
    with pytest.raises(CardParseError, match="a target needs a noun") as info:
        card("Target other discards two cards.\n")
    assert (info.value.line, info.value.column) == (3, 8)


def test_the_cards_name_with_a_run_of_spaces_is_still_the_card() -> None:
    """Fuzzing: "As Phyrexian      Processor enters" (spaces in the name) was
    not read as the card itself; its words may be apart by any run of
    spaces, as anywhere in card text, and the text is written back with one."""
    head = "Test Golem {4}\nArtifact Creature — Golem\n"
    spaced = card("When Test \t   Golem enters, you gain 1 life.\n2/2\n", head)
    plain = card("When Test Golem enters, you gain 1 life.\n2/2\n", head)
    assert spaced == plain
    assert "When Test Golem enters" in render_card(spaced)


def test_a_third_person_verb_with_no_subject_is_an_error() -> None:
    """Fuzzing: "As long as ..., has the power ... of ..." (the name dropped)
    was read with no subject and written back as a different sentence."""
    with pytest.raises(CardParseError, match="'has' has no subject"):
        card("As long as you control a Forest, has flying.\n", "Test Card {1}\nCreature — Bear\n")


def test_a_singular_trigger_subject_needs_a_determiner() -> None:
    """Fuzzing: "Whenever creature turn a permanent face up" was read as
    "each creature" and written back as text that didn't parse."""
    with pytest.raises(CardParseError, match="subject in the singular needs a word before it"):
        card("Whenever creature attacks, you gain 1 life.\n", "Test Card {1}\nEnchantment\n")


LAND = "Test Heights\nLand\nHideaway 4\n"


@pytest.mark.parametrize("verb", ["cast", "play"])
def test_without_paying_agrees_with_what_is_cast(verb: str) -> None:
    """Fuzzing: "play the exiled cards without paying its mana cost" was read,
    then written back as "their mana costs", which "play" didn't take. Both
    verbs take both forms, each after what it agrees with (601.2)."""
    plural = f"{{W}}, {{T}}: You may {verb} the exiled cards without paying their mana costs."
    assert roundtrip_line(plural, LAND) == plural
    single = f"{{W}}, {{T}}: You may {verb} the exiled card without paying its mana cost."
    assert roundtrip_line(single, LAND) == single
    with pytest.raises(CardParseError, match="'its' here stands for more than one card") as info:
        card(f"{{W}}, {{T}}: You may {verb} the exiled cards without paying its mana cost.\n", LAND)
    assert info.value.hint == "write 'without paying their mana costs'"
    with pytest.raises(CardParseError, match="'their' here stands for one card"):
        card(f"{{W}}, {{T}}: You may {verb} the exiled card without paying their mana costs.\n", LAND)


def test_a_keyword_with_a_number_of_thousands_of_digits_is_a_located_error() -> None:
    """A fuzz run's find: "Multikicker 999…" (5,000 digits) as a keyword line
    crashed on Python's limit for int(); it is a parse error at the number."""
    with pytest.raises(CardParseError) as caught:
        parse_card("Spell Contortion {2}{U}\nInstant\nMultikicker " + "9" * 5000 + "\n")
    assert caught.value.line == 3
