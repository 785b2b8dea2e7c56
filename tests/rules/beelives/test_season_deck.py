"""The season decks when hyvekit keeps them (rules/bee-lives.txt, "5. Event Phase": "Reveal the
next card from the current season deck"; Multiple Years Variant: played cards are not shuffled
back in): the deck of the month's season, and a seeded draw from it that a record replays."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from hyvekit.data.beelives import components
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.common import IllegalActionError

COMPS = components()


def _game(years=1):
    return g.new_game([("Ann", "prolific"), ("Bo", "aggressive")], COMPS.board,
                      options=g.Options(years=years))


def test_the_deck_is_the_seasons_cards_not_played_yet():
    state = _game()
    spring = [c.name for c in COMPS.cards if c.season == "spring"]
    assert g.season_deck(state, COMPS) == tuple(spring) and len(spring) == 9
    played = replace(state, played=(spring[0], spring[4]))
    assert g.season_deck(played, COMPS) == tuple(n for n in spring if n not in played.played)
    summer = replace(state, month=4)
    assert all(COMPS.card(n).season == "summer" for n in g.season_deck(summer, COMPS))


def test_a_seeded_draw_is_in_the_deck_and_the_same_every_time():
    state = replace(_game(), played=("First Bloom",))
    draws = [g.draw_season_card(state, COMPS, random.Random(7)) for _ in range(3)]
    assert len(set(draws)) == 1 and draws[0] in g.season_deck(state, COMPS)
    seen = {g.draw_season_card(state, COMPS, random.Random(seed)) for seed in range(200)}
    assert seen == set(g.season_deck(state, COMPS))       # every card can come up


def test_played_cards_stay_out_of_the_decks_over_three_years():
    rng = random.Random(3)
    state = _game(years=3)
    drawn = []
    while state.stage != "over":
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS)
            continue
        deck = g.season_deck(state, COMPS)
        plan, result = random_month(state, COMPS, rng)
        assert plan.card in deck
        drawn.append(plan.card)
        state = result.state
    assert len(drawn) == 27 == len(set(drawn))             # each card once in an epic game
    spent = replace(state, stage="month", month=1)
    assert g.season_deck(spent, COMPS) == ()
    with pytest.raises(IllegalActionError, match="the spring deck is empty"):
        g.draw_season_card(spent, COMPS, rng)
