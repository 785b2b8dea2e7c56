"""Bee Lives month records (hyvekit/rules/beelives/record.py): parsing, malformed input named
by field, writing plans back, and replaying the examples."""

from __future__ import annotations

import random
import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_game
from hyvekit.rules.common import IllegalActionError, InvalidInputError

ROOT = Path(__file__).resolve().parents[3]
COMPS = bl.components()


def load(path: Path):
    return rec.parse_game(tomllib.loads(path.read_text(encoding="utf-8")), COMPS.board)


def test_examples_replay_as_documented():
    first = rec.replay(load(ROOT / "examples/beelives/first-month-2p.toml"), COMPS)
    assert first.error is None and first.state.month == 2
    later = rec.replay(load(ROOT / "examples/beelives/later-month-2p.toml"), COMPS)
    assert later.error is None
    summary = later.months[0].summary
    assert summary.hives["Susan"].swarmed and summary.hives["Susan"].stayed
    assert summary.hives["Susan"].queens == ("prolific", "nomadic")
    assert [(w.name, w.strength, w.peak, w.cause, w.by) for w in summary.wild
            if w.spawned] == [("DANDELION", 2, 5, "swarm", "Susan")]
    assert summary.wild_spawned == ({"wild": "DANDELION", "strength": 4, "cause": "swarm",
                                     "by": "Susan", "dormant": False},)
    assert summary.wild_strength == (("ACORN", 6), ("DANDELION", 2))
    assert summary.hives["Susan"].brood_hatched == 3 and summary.hives["Susan"].brood_lost == 1
    assert summary.hives["Susan"].swarm_wild == "DANDELION"
    assert summary.hives["Jeremy"].raids_made[0]["stolen"] == 5
    bad = rec.replay(load(ROOT / "examples/beelives/illegal-month-2p.toml"), COMPS)
    assert isinstance(bad.error, IllegalActionError) and bad.error.rule == "Bee Lives: Forage"
    assert "Jeremy" in str(bad.error) and "March" in str(bad.error)


def test_docs_record_example_parses():
    text = (ROOT / "docs/beelives.md").read_text(encoding="utf-8")
    section = text[text.index("### The record format"):]
    block = re.search(r"```toml\n(.*?)```", section, re.S).group(1)
    record = rec.parse_game(tomllib.loads(block), COMPS.board)
    april = record.months[0]
    assert april.month == 2 and april.card == "Perfect Weather"
    assert april.choice("Susan").swarm == g.SwarmChoice("OAK", "stay", "nomadic")
    raid = april.turns[1]
    assert raid.rolls == ((1, 2),) and raid.removed == (1,) and raid.sacrifice_unassigned == 1
    assert april.turns[2].wild and april.turns[2].from_first_player == 1
    assert dict(april.claims)["ACORN"] == (("strength", 4),)


@pytest.mark.parametrize("text, field", [
    ('card = "First Bloom"', "month.month"),
    ('month = "Smarch"\ncard = "First Bloom"', "month.month"),
    ('month = 1\ncard = "First Bloom"\n[[turn]]\naction = "defend"', "month.turn[1]"),
    ('month = 1\ncard = "First Bloom"\n[[turn]]\nplayer = "A"\naction = "dance"',
     "month.turn[1].action"),
    ('month = 1\ncard = "First Bloom"\n[[turn]]\nplayer = "A"\naction = "raid"\nrolls = [1, 2]',
     "month.turn[1].rolls[0]"),
    ('month = 1\ncard = "First Bloom"\n[players.A]\nswarm = { wild = "X", choice = "fly" }',
     "month.players.A.swarm.choice"),
    ('month = 1\ncard = "First Bloom"\n[claims.A]\nhappiness = 3', "month.claims.A.happiness"),
    ('month = 1\ncard = "First Bloom"\nweather = "fine"', "month.weather"),
])
def test_malformed_month_names_the_field(text, field):
    with pytest.raises(InvalidInputError) as e:
        rec.parse_month(tomllib.loads(text))
    assert e.value.field.startswith(field), e.value.field


def test_header_problems_are_named():
    with pytest.raises(InvalidInputError, match="player"):
        rec.parse_game({"game": {}}, COMPS.board)
    with pytest.raises(InvalidInputError, match="first_player"):
        rec.parse_game({"game": {"first_player": "Zed"},
                        "player": [{"name": "A", "queen": "prolific"}]}, COMPS.board)
    with pytest.raises(InvalidInputError, match="queen"):
        rec.parse_game({"player": [{"name": "A", "queen": "lazy"}]}, COMPS.board)
    with pytest.raises(InvalidInputError, match="game.years"):
        rec.parse_game({"game": {"years": 4}, "player": [{"name": "A", "queen": "prolific"}]},
                       COMPS.board)
    with pytest.raises(InvalidInputError, match="game state"):
        g.GameState.from_dict({"players": [{"hive": {}}]})


def test_unknown_card_is_malformed_and_a_wrong_season_card_is_illegal():
    header = {"player": [{"name": "A", "queen": "prolific"}]}
    record = rec.parse_game({**header, "month": [{"month": 1, "card": "Snowstorm"}]}, COMPS.board)
    assert isinstance(rec.replay(record, COMPS).error, InvalidInputError)
    record = rec.parse_game({**header, "month": [{"month": 1, "card": "Heat Wave"}]}, COMPS.board)
    assert rec.replay(record, COMPS).error.rule == "Bee Lives: Event Phase"


def test_written_plans_parse_back_and_replay_to_the_same_game():
    rng = random.Random(11)
    players = [("Ann", "hygienic"), ("Bo", "aggressive"), ("Cy", "nomadic")]
    options = g.Options(years=2)
    plans, state = random_game(g.new_game(players, COMPS.board, options=options), COMPS, rng)
    record = rec.parse_game(tomllib.loads(rec.dump_game(players, plans, options=options)),
                            COMPS.board)
    for parsed, plan in zip(record.months, plans):
        assert replace(parsed, where="", turns=tuple(replace(t, where="")
                                                     for t in parsed.turns)) == plan
    replayed = rec.replay(record, COMPS)
    assert replayed.error is None and replayed.state == state
    assert replayed.scoring is not None and len(replayed.winters) == 2


def test_a_winter_that_ends_the_game_is_after_the_year_that_ended():
    """Issue 38, item 11: a record whose months go on past the last winter (a two-year game's
    months checked as a one-year game's) labelled that winter "after year 0"; it is after
    year 1, and the month after it is refused naming the rule."""
    rng = random.Random(3)
    players = [("Ann", "hygienic"), ("Bo", "aggressive")]
    options = g.Options(years=2)
    plans, _ = random_game(g.new_game(players, COMPS.board, options=options), COMPS, rng)
    assert any(p.year == 2 for p in plans), "the random game ended in its first year"
    record = rec.parse_game(tomllib.loads(rec.dump_game(players, plans)), COMPS.board)
    replayed = rec.replay(record, COMPS)
    assert [year for year, _ in replayed.winters] == [1]
    assert isinstance(replayed.error, IllegalActionError)
    assert "the game is over after year 1" in str(replayed.error)
