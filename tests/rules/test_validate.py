"""The shared checks (hyvekit.rules.validate): tables, numbers, texts, coordinates, and names
found with close matches for a mistyped one."""

from __future__ import annotations

import pytest

from hyvekit.data.beelives import components as default_components
from hyvekit.data.queenbee import cards as queenbee_cards
from hyvekit.rules import validate as v
from hyvekit.rules.beelives import seasons
from hyvekit.rules.common import AmbiguousInputError, InvalidInputError
from hyvekit.rules.queenbee.tables import find_card as find_queenbee_card


def test_find_exact_then_a_unique_part():
    names = ["The Dearth", "Heat Wave", "Cooler Temps"]
    assert v.find("card", "the dearth", names) == "The Dearth"
    assert v.find("card", "  HEAT   wave ", names) == "Heat Wave"
    assert v.find("card", "cooler", names) == "Cooler Temps"
    with pytest.raises(AmbiguousInputError) as e:
        v.find("card", "e", names)
    assert set(e.value.candidates) == set(names)


def test_a_mistyped_name_gets_its_close_matches():
    names = ["The Dearth", "Heat Wave", "Cooler Temps"]
    with pytest.raises(InvalidInputError) as e:
        v.find("season card", "Heat Wvae", names)
    assert e.value.field == "season card" and e.value.suggestions == ("Heat Wave",)
    assert str(e.value).endswith("(did you mean Heat Wave?)")
    with pytest.raises(InvalidInputError) as e:
        v.find("season card", "zzz", names)
    assert e.value.suggestions == () and "did you mean" not in str(e.value)


def test_hyphens_underscores_apostrophes_and_case_fold_alike():
    assert v.fold("Don't_Buzz") == v.fold("dont-buzz") == v.fold("DONT BUZZ") == "dont buzz"
    assert v.find("card", "dont_buzz", ["Don't Buzz"], partial=False) == "Don't Buzz"


def test_the_season_cards_and_queen_bee_cards_suggest_close_names():
    cards = default_components().cards
    with pytest.raises(InvalidInputError) as e:
        seasons.find_card(cards, "The Dearht")
    assert "The Dearth" in e.value.suggestions
    some = next(iter(queenbee_cards()))
    with pytest.raises(InvalidInputError) as e:
        find_queenbee_card(some[:-1] + "x", queenbee_cards())
    assert some in e.value.suggestions


def test_tables_name_the_unknown_key_and_suggest_the_known_one():
    with pytest.raises(InvalidInputError) as e:
        v.require_table("player 1", {"nmae": "Ann"}, ["name", "age"])
    assert (e.value.field, e.value.given, e.value.suggestions) == ("player 1 key", "nmae",
                                                                  ("name",))
    with pytest.raises(InvalidInputError) as e:
        v.record_table("month.turn[2]", {"bess": 3}, ("player", "bees"))
    assert (e.value.field, e.value.given, e.value.suggestions) == ("month.turn[2].bess", 3,
                                                                  ("bees",))


@pytest.mark.parametrize("value", [True, "3", 3.0, None])
def test_whole_numbers_are_numbers(value):
    with pytest.raises(InvalidInputError) as e:
        v.whole("bees", value, 0, 5)
    assert e.value.allowed == "a whole number from 0 to 5"


def test_texts_coordinates_and_flags():
    assert v.text("name", "  Ann ") == "Ann"
    for bad in ("", "a\nb", "\x1b[31m", 3):
        with pytest.raises(InvalidInputError):
            v.text("name", bad)
    assert v.coord("at", [1, -2]) == (1, -2)
    for bad in ([1], [1, True], (1, 2), "1,2"):
        with pytest.raises(InvalidInputError):
            v.coord("at", bad)
    assert v.flag("out", False) is False
    with pytest.raises(InvalidInputError):
        v.flag("out", 0)


def test_solo_cards_are_found_with_hyphens_as_the_help_writes_them():
    from hyvekit.data.beelives import solo_cards

    cards = solo_cards()
    assert cards.find("three-generations").name == "Three Generations"
    assert cards.find("under_siege").name == "Under Siege"


def test_a_long_list_shows_the_closest_names_and_how_many_more():
    names = [f"run-{n}" for n in range(20)] + ["league", "league-2", "leaguer"]
    listed = v.listing("leage", names, most=v.LISTED, rest="; see them all")
    shown, _, more = listed.partition(" and ")
    assert shown.split(", ")[:3] == list(v.close_matches("leage", names))
    assert len(shown.split(", ")) == v.LISTED and set(shown.split(", ")) <= set(names)
    assert more == f"{len(names) - v.LISTED} more; see them all"
    # a list that fits is shown whole, in its order; without a limit every name is
    assert v.listing("x", ["b", "a"], most=5) == "b, a"
    assert v.listing("x", names) == ", ".join(names)


def test_a_name_not_one_of_a_few_lists_them_all_with_its_close_matches():
    e = v.not_one_of("--season", "sumer", ["spring", "summer", "fall"])
    assert str(e) == ("--season: got 'sumer', expected one of spring, summer, fall "
                      "(did you mean summer?)")


def test_a_long_value_is_cut_in_a_message_keeping_its_closing_quote():
    from hyvekit.rules.errors import InvalidInputError, shorten

    assert shorten("W" * 80) == "'" + "W" * 57 + "…'" and len(shorten("W" * 80)) == 60
    assert shorten("Ann") == "'Ann'"
    assert shorten(list(range(40))).endswith("…")            # not a quoted text
    err = InvalidInputError("--names", "W" * 80, "names of at most 24 characters")
    assert "…', expected names of at most 24 characters" in str(err)


#: characters the one text gate refuses (issue 38, item 8), one of each kind: direction marks
#: (LRM, RLM, ALM), zero-width space, byte order mark, line and paragraph separators, the
#: Hangul fillers, the Mongolian vowel separator, a control
HIDDEN = ["\u200e", "\u200f", "\u061c", "\u200b", "\ufeff", "\u2028", "\u2029", "\u3164",
          "\u115f", "\u1160", "\uffa0", "\u180e", "\x1b", "\u202e"]


@pytest.mark.parametrize("c", HIDDEN, ids=lambda c: f"U+{ord(c):04X}")
def test_the_text_gate_refuses_invisible_and_direction_characters_naming_them(c):
    with pytest.raises(InvalidInputError) as exc:
        v.input_text("name", f"A{c}nn")
    assert f"(found {c.encode('unicode_escape').decode()})" in str(exc.value)
    assert c not in str(exc.value)
    with pytest.raises(InvalidInputError):
        v.input_text("note", f"one\ntw{c}o", lines=True)
    with pytest.raises(InvalidInputError):
        v.player_name("--players", f"A{c}nn")
    assert v.shown(f"A{c}nn") == f"A{c.encode('unicode_escape').decode()}nn"


def test_the_text_gate_normalises_to_nfc_and_keeps_lines_only_in_notes():
    assert v.input_text("name", " Jose\u0301 ") == "Jos\u00e9"
    assert v.player_name("--players", "Zo\u0308e") == "Z\u00f6e"
    assert v.input_text("note", "one\n\ttwo", lines=True) == "one\n\ttwo"
    for bad in ("one\ntwo", "", "  ", "x" * 25):
        with pytest.raises(InvalidInputError):
            v.input_text("name", bad, 24)
    assert v.input_text("name", "\u00c5sa \u5c71\u7530 \U0001f41d") == "\u00c5sa \u5c71\u7530 \U0001f41d"


def test_a_joiner_between_two_shown_characters_is_part_of_a_name_elsewhere_refused():
    """ZWNJ spells Persian and Indic names (مهرنوش with U+200C) and ZWJ joins emoji (the
    family of three); at an end, beside a space or doubled they show nothing: refused."""
    persian, family = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", \
        "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert v.input_text("name", persian) == persian
    assert v.player_name("--players", family) == family and v.shown(family) == family
    for bad in ("Ann\u200d", "\u200cAnn", "A\u200c\u200cnn", "A \u200dnn", "A\u200d\u200enn"):
        with pytest.raises(InvalidInputError):
            v.input_text("name", bad)
    assert v.unsafe_char("A\u200d") == "\u200d" and v.unsafe_char("A\u200dB") is None


@pytest.mark.parametrize("typed, ok", [("3", True), ("-2", True), ("+4", True), ("٣", False),
                                       ("０", False), ("-٣", False), ("३", False),
                                       ("1" * 10, False), ("--1", False), ("", False)])
def test_a_number_typed_is_read_in_ascii_digits_only(typed, ok):
    assert v.signed_digits(typed) is ok
    if ok:
        assert v.require_int("--n", typed) == int(typed)
    else:
        with pytest.raises(InvalidInputError):
            v.require_int("--n", typed)


def test_unsafe_char_finds_every_hidden_character_its_categories_name():
    """The quick path (a text Python calls printable, without Hangul fillers, holds nothing
    hidden) gives what the character-by-character rule gives, for every code point between
    two letters and alone."""
    import unicodedata
    from hyvekit.rules.errors import HANGUL_FILLERS
    from hyvekit.rules.validate import HIDDEN_CATEGORIES, JOINERS, unsafe_char
    for code in range(0x110000):
        c = chr(code)
        hidden = unicodedata.category(c) in HIDDEN_CATEGORIES or c in HANGUL_FILLERS
        assert unsafe_char(c) == (c if hidden else None), hex(code)
        if c not in JOINERS:
            assert unsafe_char(f"a{c}b") == (c if hidden else None), hex(code)
