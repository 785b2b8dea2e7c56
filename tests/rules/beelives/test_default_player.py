"""The Bee Lives default player (hyvekit/rules/beelives/default_player.py, docs/advisor.md):
it answers every decision with one of its legal steps, plays whole games to their end in
every seat — 1-4 players, one to three years, with and without the map, solo games among
them — and the same seed gives the same game."""

from __future__ import annotations

import random

import pytest
from test_table import COMPS, settings_for

from hyvekit.rules.advisor import play_out
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.beelives.odds import raid_odds_now


def _game(seed: int, settings: dict | None = None) -> tuple[C.CampaignState, list[tuple]]:
    """A whole game from the settings of ``seed`` (or ``settings``) with the default player
    in every seat: the end, and every decision it answered with the step chosen."""
    t = C.new_campaign(C.settings_from_dict(settings or settings_for(seed), COMPS), COMPS)
    seen: list[tuple] = []

    def player(t, d, rng):
        step = DP.choose(t, d, rng)
        seen.append((d.kind, d.legal, step))
        return step
    return play_out(ENGINE, t, player, random.Random(seed)), seen


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 6, 9, 13])
def test_the_default_player_picks_only_legal_steps_and_finishes_the_game(seed):
    end, seen = _game(seed)
    assert ENGINE.pending(end).over
    assert end.scores is not None or "lost" in end.months[-1].summary
    assert seen and all(step in legal for _, legal, step in seen)
    # a die is rolled and a card drawn: never a face or a card chosen
    assert all(step == "roll" for kind, _, step in seen if kind == "dice")
    assert all(step == "draw" for kind, legal, step in seen if kind == "card" and "draw" in legal)


def test_the_same_seed_gives_the_same_game():
    first, seen = _game(7)
    again, seen_again = _game(7)
    assert [s for *_, s in seen] == [s for *_, s in seen_again]
    assert first.scores == again.scores and first.game == again.game


TWO = {"kind": "standard", "map": False,
       "players": [{"name": "Ann", "queen": "prolific"}, {"name": "Bo", "queen": "prolific"}]}


def _turn_at(month: int, seed: int = 3):
    """A 2-player game played by the default player up to Ann's first turn of ``month``."""
    t = C.new_campaign(C.settings_from_dict(TWO, COMPS), COMPS)
    rng = random.Random(seed)
    from hyvekit.rules.table import play_steps
    while not (d := ENGINE.pending(t)).over:
        if d.kind == "action" and d.actor == "Ann" and t.game.month == month:
            return t, d
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    raise AssertionError(f"no turn of Ann in month {month}")


def test_each_turn_takes_the_legal_action_of_the_greatest_worth():
    t, d = _turn_at(4)
    m = t.table
    worths = {o: DP.action_worth(m.state, o.value[0], m.comps) for o in d.legal}
    pick = DP.choose(t, d, random.Random(0))
    assert worths[pick] == max(worths.values())
    # scouting and requeening are never worth a turn
    assert all(w < 0 for o, w in worths.items() if ": scout " in o or ": requeen " in o)


def test_a_raid_is_worth_more_the_better_its_exact_odds():
    t, d = _turn_at(4)
    m = t.table
    raids = [o for o in d.legal if ": raid Bo " in o]
    if len(raids) < 2:
        pytest.skip("Bo has no honey to raid in this game")
    rows = []
    for o in raids:
        chance, honey = raid_odds_now(m.state, "Ann", "Bo", o.value[0].bees, m.comps)
        rows.append((chance, honey, o.value[0].bees, DP.action_worth(m.state, o.value[0],
                                                                      m.comps)))
    # a raid at least as likely to succeed, taking at least as much honey with no more
    # bees, is worth more
    for c1, h1, b1, w1 in rows:
        for c2, h2, b2, w2 in rows:
            if c1 >= c2 and h1 >= h2 and b1 <= b2 and (c1, h1, b1) != (c2, h2, b2):
                assert w1 > w2, ((c1, h1, b1, w1), (c2, h2, b2, w2))


def test_the_last_month_cleans_a_hive_a_forage_would_sicken():
    t, d = _turn_at(9)
    m = t.table
    track = m.comps.board.track(m.state.player("Ann").hive.side)
    # the last space of a disease level: one more step costs a level, so bees in winter
    edge = next(i for i in range(1, track.last) if track.level(i + 1) < track.level(i))
    from dataclasses import replace
    sick = replace(m.state, players=tuple(
        replace(p, hive=replace(p.hive, mite=edge, mite_standing=False))
        if p.name == "Ann" else p for p in m.state.players))
    forage = max(DP.action_worth(sick, o.value[0], m.comps) for o in d.legal
                 if ": forage " in o)
    cleaning = max(DP.action_worth(sick, o.value[0], m.comps) for o in d.legal
                   if ": clean-bees " in o)
    assert cleaning > forage
    # a clean hive with room on its level forages instead
    calm = replace(sick, players=tuple(
        replace(p, hive=replace(p.hive, mite=0)) if p.name == "Ann" else p
        for p in sick.players))
    assert max(DP.action_worth(calm, o.value[0], m.comps) for o in d.legal
               if ": clean-bees " in o) < 0
