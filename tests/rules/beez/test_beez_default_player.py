"""The Beez default player (hyvekit/rules/beez/default_player.py, docs/advisor.md): only legal
steps, whole games to the end in every seat, the same seed the same game; each nectar stored
where it leaves the honeycomb the greatest worth; a rows card counts its rows in part."""

from __future__ import annotations

import random

import pytest

from hyvekit.rules.advisor import play_out
from hyvekit.rules.beez import default_player as BP
from hyvekit.rules.beez import table as T
from hyvekit.rules.beez.engine import ENGINE
from tests.rules.beez.test_beez_table import setup


def _game(seed: int, expert: bool = False):
    seen = []

    def player(t, d, rng):
        step = BP.choose(t, d, rng)
        seen.append((d.kind, d.legal, step))
        return step
    t = T.new_table(setup(secret={} if seed % 2 else None, expert=expert,
                          players=("Martin", "Sophie", "Ann")[:2 + seed % 2]))
    return play_out(ENGINE, t, player, random.Random(seed)), seen


@pytest.mark.parametrize("seed,expert", [(0, False), (1, True)])
def test_the_default_player_picks_legal_steps_and_ends_the_game(seed, expert):
    end, seen = _game(seed, expert)
    assert ENGINE.pending(end).over and T.final_scores(end) is not None
    assert seen and all(step in legal for _, legal, step in seen)
    again, _ = _game(seed, expert)
    assert again == end
    # every player's score is the rules' own; a share of the win is 1 alone, 1/k shared
    players, result = T.final_scores(end)
    for p in players:
        score, share = BP.outcome(end, p.name)
        assert score == p.total and share == ((p.name in result.winners)
                                              / len(result.winners))


def test_a_nectar_is_stored_where_it_is_worth_most():
    t = T.push(T.new_table(setup()), "fly 5 P p")
    d = T.pending(t)
    worths = {o: BP.worth(T.push(t, o), "Martin") for o in d.legal}
    assert worths[BP.choose(t, d, random.Random(0))] == max(worths.values())


def test_rows_not_yet_filled_count_in_part():
    t = T.new_table(setup())
    empty = BP.worth(t, "Martin")
    # a nectar in a "4/5" row (both-4-5-rows: 12 honey drops once both rows are full)
    t = T.push(T.push(t, "fly 5 p"), "store p A1")
    one = BP.worth(t, "Martin")
    assert one > empty + BP.NECTAR
