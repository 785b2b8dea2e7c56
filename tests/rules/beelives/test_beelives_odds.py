"""``raid_odds``: exact distributions, checked against hand counts and against resolving every
stated roll sequence with ``raid_player_hive``."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import Assigned, Hive
from hyvekit.rules.beelives import raids as R
from hyvekit.rules.common import InvalidInputError


@pytest.fixture(scope="module")
def board():
    return bl.board()


def test_one_die_no_defence_is_uniform(board):
    odds = R.raid_odds(board, 4, target_honey=9)
    assert odds.stolen == tuple((v, Fraction(1, 4)) for v in (1, 2, 3, 4))
    assert odds.success == Fraction(1, 4) * 3        # 2, 3 or 4 stolen ≥ 4 / 2
    assert odds.expected_stolen == Fraction(5, 2) and odds.expected_rerolls == 0
    assert odds.assumed


def test_example_h_setting_without_sacrifice(board):
    """5 bees, 2 dice, 1 defender, 5 honey: strength min(total, 5) - 1."""
    odds = R.raid_odds(board, 5, target_honey=5, defenders=1)
    assert dict(odds.stolen) == {1: Fraction(1, 16), 2: Fraction(2, 16), 3: Fraction(3, 16),
                                 4: Fraction(10, 16)}
    assert odds.success == Fraction(13, 16)
    assert sum(p for _, p in odds.stolen) == 1


def _naive(board, bees, honey, defenders, sac_def, sac_un, below, max_rerolls):
    """Every sequence of stated rolls, resolved one by one by ``raid_player_hive``."""
    dist: dict[int, Fraction] = defaultdict(Fraction)
    success = Fraction(0)
    defender = Hive(unassigned=sac_un, assigned=Assigned(defend=defenders), honey=honey, comb=24)
    attacker = Hive(unassigned=bees, comb=24)

    def walk(party, rolls, p):
        nonlocal success
        n = board.dice_for(party)
        for roll in product(board.die_faces, repeat=n):
            q = p / len(board.die_faces) ** n
            seq = rolls + (roll,)
            if sum(roll) < below and len(seq) - 1 < max_rerolls and party >= 2:
                walk(party - 1, seq, q)
                continue
            result = R.raid_player_hive(attacker, defender, R.PlayerRaid(
                bees, seq, sacrifice_defending=sac_def, sacrifice_unassigned=sac_un), board)
            dist[result.stolen] += q
            success += q if result.success else 0

    walk(bees, (), Fraction(1))
    return dict(dist), success


@pytest.mark.parametrize("bees, honey, defenders, sac_def, sac_un, below, rerolls", [
    (5, 6, 0, 0, 0, 5, 3),
    (9, 4, 1, 1, 0, 6, 2),
    (8, 8, 2, 0, 1, 4, 3),
    (13, 12, 0, 0, 2, 9, 1),
])
def test_odds_agree_with_resolving_every_roll_sequence(board, bees, honey, defenders, sac_def,
                                                       sac_un, below, rerolls):
    odds = R.raid_odds(board, bees, target_honey=honey, defenders=defenders,
                       sacrifice_defending=sac_def, sacrifice_unassigned=sac_un,
                       reroll=R.RerollPolicy(below=below, max_rerolls=rerolls))
    dist, success = _naive(board, bees, honey, defenders, sac_def, sac_un, below, rerolls)
    assert dict(odds.stolen) == {k: v for k, v in dist.items() if v}
    assert odds.success == success


def test_rerolling_low_totals_raises_the_odds_and_costs_bees(board):
    never = R.raid_odds(board, 8, target_honey=8)
    reroll = R.raid_odds(board, 8, target_honey=8, reroll=R.RerollPolicy(below=5))
    assert reroll.success > never.success
    assert reroll.expected_rerolls > 0 and never.expected_rerolls == 0
    # rerolling below 5 with 8 bees: P(first roll < 5) = 6/16 → a bee lost at least that often
    assert reroll.expected_rerolls >= Fraction(6, 16)


def test_aggressive_queens_in_the_odds(board):
    plain = R.raid_odds(board, 4, target_honey=9)
    agg = R.raid_odds(board, 4, target_honey=9, attacker_queen="aggressive")
    assert agg.expected_stolen == plain.expected_stolen + 2
    guarded = R.raid_odds(board, 4, target_honey=9, defenders=2, defender_queen="aggressive")
    assert guarded.expected_stolen < R.raid_odds(board, 4, target_honey=9,
                                                 defenders=2).expected_stolen


@pytest.mark.parametrize("kwargs", [dict(bees=0, target_honey=3), dict(bees=3, target_honey=0),
                                    dict(bees=3, target_honey=3, defenders=1,
                                         sacrifice_defending=2)])
def test_odds_refuse_impossible_raids(board, kwargs):
    with pytest.raises(InvalidInputError):
        R.raid_odds(board, **kwargs)
