"""Bad input is exit 2, never a rule's exit 1, and a mistyped name or id gets its close matches
("did you mean ...?"), for every name a player types: campaign ids, colours, perks, queen
types, solo modes and cards, seasons, Queen Bee players, bees and cards, data tables."""

from __future__ import annotations

import pytest


def bad(result, *words):
    assert result.returncode == 2, (result.stdout, result.stderr)
    line = result.stderr.strip()
    assert line.startswith("hyvekit: ") and "\n" not in line and "Traceback" not in line
    for w in words:
        assert w in line, line
    return line


@pytest.fixture()
def run(hk):
    assert hk("hyve", "legacy", "new", "Mara's Hive").returncode == 0
    return "mara-s-hive"


def test_a_count_without_its_colour_is_bad_input_not_a_rule(hk, run):
    line = bad(hk("hyve", "legacy", "shop", run, "--hp", "2"), "--hp", "'2'", "yellow, blue")
    assert "rule" not in line


def test_a_mistyped_colour_perk_or_bread_type_gets_close_matches(hk, run):
    bad(hk("hyve", "legacy", "shop", run, "--population", "rde:2"), "did you mean red?")
    bad(hk("hyve", "legacy", "shop", run, "--perk", "deep-stoers"), "--perk: got 'deep-stoers'",
        "did you mean deep-stores?")
    bad(hk("hyve", "legacy", "shop", run, "--bread", "purpel"), "did you mean purple?")
    bad(hk("hyve", "legacy", "courier", run, "gren"), "did you mean green?")


def test_a_campaign_id_close_to_a_known_one_is_suggested(hk, run):
    line = bad(hk("hyve", "legacy", "status", "maras-hive"), "no campaign 'maras-hive'",
               "did you mean mara-s-hive?")
    assert str(hk.campaigns) in line


def test_bee_lives_queen_types_solo_modes_cards_and_seasons(hk):
    bad(hk("beelives", "new", "x", "--player", "Ann:aggresive"), "did you mean aggressive?")
    bad(hk("beelives", "new", "x", "--player", "Ann:aggressive", "--solo", "chalenge"),
        "--solo", "did you mean challenge?")
    bad(hk("beelives", "new", "x", "--player", "Ann:aggressive", "--solo", "challenge",
           "--challenge", "Pacifst"), "did you mean Pacifist?")
    bad(hk("beelives", "cards", "--season", "sumer"), "did you mean summer?")
    bad(hk("beelives", "card", "First Blom"), "did you mean First Bloom")


def test_queen_bee_players_bees_and_cards(hk):
    bad(hk("queenbee", "battle", "--attacker", "warior:2", "--defender", "worker",
           "--attacker-dice", "b3,b2", "--defender-dice", "y3"), "did you mean warrior?")
    bad(hk("queenbee", "battle", "--attacker", "warrior", "--defender", "worker",
           "--attacker-dice", "b3", "--defender-dice", "y3", "--card", "attacker:smoekr"),
        "did you mean")
    assert hk("queenbee", "new", "League", "--players", "ann,bob,cy").returncode == 0
    bad(hk("queenbee", "log", "league", "--players", "ann,bob,cy", "--winner", "anne",
           "--defeated", "cy,bob"),
        "did you mean ann?")


def test_data_tables(hk):
    bad(hk("data", "show", "beelives_sols"), "did you mean beelives_solo")


def test_a_mistyped_queen_is_named_by_the_player_option_given(hk):
    line = bad(hk("beelives", "new", "Trio", "-p", "Ann:prolifc", "-p", "Bob:nomadic"),
               "--player Ann:prolifc: queen: got 'prolifc'", "did you mean prolific?")
    assert "players[" not in line
