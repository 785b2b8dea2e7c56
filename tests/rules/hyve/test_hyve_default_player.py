"""The HYVE default player (docs/advisor.md, "HYVE"): legal, repeatable, and it wins
scenarios that uniformly random legal play loses."""

import random

import pytest

from hyvekit.data.hyve import sheet_definition
from hyvekit.rules.advisor import play_out
from hyvekit.rules.hyve import default_player as DP
from hyvekit.rules.hyve.engine import SCENARIO
from hyvekit.rules.hyve.scenario import new_scenario
from hyvekit.rules.table import play_steps


def _new(mode: str = "standard"):
    return SCENARIO.new(new_scenario(sheet_definition(mode)))


def _played(mode: str, seed: int, player=DP.choose):
    return play_out(SCENARIO, _new(mode), player, random.Random(seed))


@pytest.mark.parametrize("mode", ["standard", "coldsnap", "wasp-war", "long-live-the-queen"])
def test_every_step_is_legal_to_the_end(mode):
    rng = random.Random(5)
    t = _new(mode)
    while not (d := SCENARIO.pending(t)).over:
        step = DP.choose(t, d, rng)
        assert step in d.legal
        t = play_steps(SCENARIO, t, [step], rng, auto=True)[-1]
    assert t.now.status in ("won", "lost")


def test_same_seed_same_scenario():
    assert _played("standard", 3).steps == _played("standard", 3).steps


def test_wins_where_random_play_loses():
    seeds = range(6)
    mine = sum(DP.outcome(_played("standard", s), "player")[1] for s in seeds)
    theirs = sum(DP.outcome(_played("standard", s, DP.uniform), "player")[1] for s in seeds)
    assert mine >= 2 and theirs == 0


def test_outcome_is_the_honey_of_a_won_scenario():
    from hyvekit.rules.hyve.legacy_honey import honey_earned
    won = next(t for s in range(10) if (t := _played("standard", s)).now.status == "won")
    s = won.now
    expected = honey_earned(s.position - s.sheet.hp_track.start, s.population,
                            s.hyves_completed).total
    assert DP.outcome(won, "player") == (float(expected), 1.0)
    lost = next(t for s in range(10) if (t := _played("standard", s, DP.uniform)).over)
    assert DP.outcome(lost, "player") == (0.0, 0.0)
    with pytest.raises(ValueError):
        DP.outcome(_new(), "player")


def test_nectar_goes_beside_its_own_variety():
    from hyvekit.rules.hyve.scoring import NECTAR, Space, parse_cell
    grid = _new().now.hyves[0]
    grid = grid.replace(parse_cell("C3"), Space(NECTAR, variety="1"))
    beside, apart = parse_cell("C4"), parse_cell("A1")
    assert DP.nectar_worth(grid, "1", beside) > DP.nectar_worth(grid, "1", apart)
    assert DP.nectar_worth(grid, "2", beside) < DP.nectar_worth(grid, "2", apart)


def test_ranked_puts_the_choice_first_then_the_options_by_the_worth_it_gives_them():
    """The advisor's screen: after the default player's choice, an assignment's options by
    their worth (the most worthy alternatives first, not as listed), a seasonal effect's
    by its cost."""
    seen = set()
    t, rng = _new("standard"), random.Random(3)
    while not (d := SCENARIO.pending(t)).over and seen != {"assign", "effect"}:
        if d.kind in ("assign", "effect") and len(d.legal) > 2:
            order = DP.ranked(t, d)
            assert order[0] == DP.choose(t, d, random.Random(0))
            assert sorted(order) == sorted(d.legal)
            s = t.now
            if d.kind == "assign":
                worth = [DP.assignment_worth(t, s, o) for o in order[1:]]
                assert worth == sorted(worth, reverse=True)
                assert DP.assignment_worth(t, s, order[0]) >= max(worth + [0.0])
            else:
                cost = [DP.effect_cost(s, o) for o in order]
                assert cost[1:] == sorted(cost[1:]) and cost[0] == min(cost)
            seen.add(d.kind)
        t = play_steps(SCENARIO, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    assert seen == {"assign", "effect"}
