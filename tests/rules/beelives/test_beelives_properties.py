"""Bee Lives invariants under random play (hypothesis): comb contents never exceed the comb,
no negative resources, at most 20 bees, the mite stays on its track, wild hive strength stays
within 0–14, and VP come only from the rulebook's sources."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import Assigned, Hive, validate_hive
from hyvekit.rules.beelives import actions as A
from hyvekit.rules.beelives import endgame as E
from hyvekit.rules.beelives import phases as P
from hyvekit.rules.beelives import raids as R
from hyvekit.rules.beelives import wild as W
from hyvekit.rules.common import IllegalActionError

BOARD = bl.board()
QUEENS = BOARD.queen_types
SEASONS = BOARD.seasons
TILES = ("bloom", "wilt", "harvest", "wet")


@st.composite
def hives(draw):
    queen = draw(st.sampled_from(QUEENS))
    side = "B" if queen == "hygienic" else draw(st.sampled_from(("A", "B")))
    comb = draw(st.integers(BOARD.comb_min, BOARD.comb_max))
    honey = draw(st.integers(0, comb))
    pollen = draw(st.integers(0, comb - honey))
    water = draw(st.integers(0, comb - honey - pollen))
    unassigned = draw(st.integers(0, 12))
    defend = draw(st.integers(0, 4))
    brood = draw(st.integers(0, BOARD.max_workers - unassigned - defend))
    return Hive(unassigned=unassigned, assigned=Assigned(defend=defend), brood=brood, comb=comb,
                honey=honey, pollen=pollen, water=water, side=side, queen=queen,
                mite=draw(st.integers(0, BOARD.track(side).last)),
                mite_standing=draw(st.booleans()), paused=draw(st.booleans()),
                swarm_token=draw(st.booleans()), skip_feeding=draw(st.booleans()))


def assert_sound(hive: Hive) -> None:
    validate_hive(hive, BOARD)
    assert hive.stored <= hive.comb
    for name in ("honey", "pollen", "water", "unassigned", "brood", "starvation"):
        assert getattr(hive, name) >= 0
    assert hive.workers + hive.brood <= BOARD.max_workers
    assert 0 <= hive.mite <= BOARD.track(hive.side).last


actions = st.one_of(
    st.builds(A.Forage, distance=st.integers(0, 3), tile=st.sampled_from(TILES),
              season=st.sampled_from(SEASONS),
              take=st.one_of(st.none(), st.tuples(st.integers(0, 5), st.integers(0, 5),
                                                  st.integers(0, 3))),
              modifiers=st.lists(st.tuples(st.integers(-2, 1), st.integers(-1, 1),
                                           st.integers(-1, 1)), max_size=2).map(tuple)),
    st.builds(A.Defend, st.integers(1, 5)),
    st.builds(A.BuildWax, st.integers(1, 4), st.sampled_from((1, 2))),
    st.builds(A.CleanBees, st.integers(1, 5)),
    st.builds(A.CoolHive, st.sampled_from((1, 2))),
    st.builds(A.Requeen, st.sampled_from(QUEENS)),
)


@settings(max_examples=200, deadline=None)
@given(hives(), st.lists(actions, max_size=6))
def test_actions_keep_the_hive_sound(hive, plan):
    assert_sound(hive)
    for action in plan:
        try:
            after = A.play(hive, action, BOARD)
        except IllegalActionError:
            continue
        assert_sound(after)
        assert after.vp == hive.vp
        assert after.workers == hive.workers          # actions move bees, never create them
        hive = after


@settings(max_examples=200, deadline=None)
@given(hives(), st.sampled_from(SEASONS), st.booleans(), st.sampled_from(("stay", "leave")),
       st.integers(0, 3), st.sampled_from((2, 3)), st.sampled_from((1, 2)))
def test_a_month_of_phases_keeps_the_hive_sound(hive, season, spawned, choice, tokens, per,
                                                brood_per_pollen):
    hive = replace(hive, unassigned=hive.workers, assigned=Assigned(), brood=0)
    egg = P.egg_phase(hive, BOARD).hive
    assert_sound(egg)
    try:
        fed = P.feeding_phase(egg, BOARD, tokens=tokens, bees_per_honey=per).hive
    except IllegalActionError:
        fed = P.feeding_phase(egg, BOARD, bees_per_honey=per).hive
    assert_sound(fed)
    hatched = P.brood_phase(fed, BOARD, brood_per_pollen=brood_per_pollen).hive
    assert_sound(hatched)
    try:
        swarm = P.swarm_phase(hatched, BOARD, season=season, spawned=spawned, choice=choice)
    except IllegalActionError:
        swarm = P.swarm_phase(hatched, BOARD, season=season, spawned=spawned)
    assert_sound(swarm.hive)
    assert swarm.hive.vp - hatched.vp in ({BOARD.season_vp(season)} if swarm.swarmed else set()) | {0}
    if swarm.wild_strength is not None:
        assert 0 < swarm.wild_strength <= BOARD.wild_strength_max
    assert_sound(P.cleanup_hive(swarm.hive, BOARD, overheating=True))


rolls = st.lists(st.integers(1, 4), min_size=1, max_size=5)


@settings(max_examples=200, deadline=None)
@given(hives(), hives(), st.integers(1, 12), st.data())
def test_raids_keep_both_hives_sound_and_score_only_two_vp(attacker, defender, bees, data):
    n = BOARD.dice_for(bees)
    roll = tuple(data.draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)))
    raid = R.PlayerRaid(bees, (roll,), sacrifice_unassigned=data.draw(st.integers(0, 3)),
                        sacrifice_defending=data.draw(st.integers(0, 2)))
    try:
        result = R.raid_player_hive(attacker, defender, raid, BOARD)
    except IllegalActionError:
        return
    assert_sound(result.attacker)
    assert_sound(result.defender)
    assert result.attacker.honey - attacker.honey == defender.honey - result.defender.honey
    assert {result.attacker.vp - attacker.vp, result.defender.vp - defender.vp} == {0, 2}
    assert result.attacker.workers == attacker.workers - result.attacker_lost


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 14), hives(), st.integers(1, 6), st.integers(0, 2), st.integers(0, 3))
def test_wild_raids_keep_strength_within_0_14(strength, defender, roll, sd, su):
    try:
        result = W.wild_raids_player(strength, defender, roll, BOARD, sacrifice_defending=sd,
                                     sacrifice_unassigned=su)
    except IllegalActionError:
        return
    assert 0 <= result.wild_strength <= 14
    assert result.removed == (result.wild_strength == 0)
    assert result.vp in (0, 2) and result.defender.vp - defender.vp == result.vp
    assert_sound(result.defender)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 14), st.integers(1, 14), st.integers(1, 6), st.integers(1, 6))
def test_wild_battles_keep_strength_within_0_14(a, d, ra, rd):
    battle = W.wild_vs_wild(a, d, ra, rd, BOARD)
    for s in (battle.attacker_strength, battle.defender_strength):
        assert 0 <= s <= 14
    assert abs(battle.attacker_strength - a) == 1 or battle.attacker_strength == a == 14


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SEASONS), st.integers(1, 14), st.booleans(), st.booleans(),
       st.lists(st.tuples(st.sampled_from(TILES), st.integers(0, 3)), max_size=4,
                unique_by=lambda t: t[0]),
       st.one_of(st.none(), st.builds(W.Target, st.sampled_from(("player", "wild")),
                                      st.integers(0, 3), st.integers(0, 20))))
def test_wild_turns_keep_strength_within_1_14(season, strength, overheating, foraged, tiles,
                                              target):
    s = W.WildSituation(season, strength, overheating, tuple(tiles), target, foraged)
    decision = W.wild_turn(s, BOARD)
    assert 1 <= decision.strength <= 14
    assert decision.strength - strength in (0, 1) or decision.action == "swarm"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 20), st.integers(0, 30), st.sampled_from(BOARD.track("A").levels()),
       st.sampled_from(("none", "take")))
def test_winter_never_goes_negative(bees, honey, level, policy):
    result = E.winter(bees, honey, level, BOARD, starvation=policy)
    assert 0 <= result.bees <= bees and 0 <= result.honey <= honey
    assert result.tokens <= 3 * 3
