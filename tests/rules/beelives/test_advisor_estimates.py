"""The advisor's estimates of a pending Bee Lives decision (hyvekit/rules/advisor.py,
docs/advisor.md): the same seed gives the same estimates however the rollouts are split among
processes; nothing the table does not know reaches them (the cards still in the deck are drawn
afresh in each rollout); a die decision is the exact enumeration of its faces."""

from __future__ import annotations

import math
import random

import pytest
from test_table import COMPS

from hyvekit.rules import advisor as A
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.beelives.month_start import season_deck
from hyvekit.rules.table import DICE, play_steps

TWO = {"kind": "standard", "map": False,
       "players": [{"name": "Ann", "queen": "prolific"}, {"name": "Bo", "queen": "aggressive"}]}


def _steps(seed: int):
    """Each decision of a 2-player game played by the default player from ``seed``, with the
    table it is due at and the steps made so far (resolved)."""
    t = C.new_campaign(C.settings_from_dict(TWO, COMPS), COMPS)
    rng = random.Random(seed)
    made: list[str] = []
    while not (d := ENGINE.pending(t)).over:
        yield t, d, list(made)
        tables = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)
        made += [x.last_step for x in tables]
        t = tables[-1]


def _late_turn(seed: int = 2):
    """A player's turn in the month before the last (short rollouts: two months and the
    winter; the last month's decisions are enumerated: test_advisor_exact.py)."""
    return next((t, d, made) for t, d, made in _steps(seed)
                if d.kind == "action" and t.game.month == 8)


def _estimate(t, seed, n):
    return A.estimate_decision(ENGINE, t, DP.choose, DP.outcome, seed, n)


def test_the_same_seed_gives_the_same_estimates_however_the_rollouts_are_split():
    t, d, _ = _late_turn()
    first = _estimate(t, 11, 3)
    assert first == _estimate(t, 11, 3)
    assert {e.option for e in first} == set(d.legal)
    assert all(e.rollouts == 3 for e in first)
    # rollouts 0-1 in one process and 2 in another sum up to the same estimates
    split = {o: A.rollouts(ENGINE, t, o, DP.choose, DP.outcome, d.actor, 11, range(2))
             + A.rollouts(ENGINE, t, o, DP.choose, DP.outcome, d.actor, 11, [2])
             for o in d.legal}
    assert A.estimates(d, split) == first
    # and so does the pool of the faces, over two processes
    from hyvekit.games.advisor import advise
    from hyvekit.games.beelives import advisor_game
    pooled = advise(advisor_game(), t, 11, rollouts=3, jobs=2)
    alone = advise(advisor_game(), t, 11, rollouts=3, jobs=1)
    assert pooled.estimates == alone.estimates and pooled.rounds == 3
    assert {e.option: e for e in pooled.estimates}.items() <= {e.option: e for e in first}.items()
    # ranked: the greater chance to win first, then the greater score
    assert [(-e.win, -e.score) for e in first] == sorted((-e.win, -e.score) for e in first)


def test_an_estimate_is_the_mean_of_its_rollouts_with_a_95_percent_interval():
    results = [(10.0, 1.0, True), (14.0, 0.0, True), (12.0, 1.0, True), (8.0, 0.0, True)]
    e = A.summed("x", results)
    assert e.score == 11.0 and e.win == 0.5 and e.rollouts == 4 and not e.exact
    sd = math.sqrt(sum((s - 11.0) ** 2 for s, *_ in results) / 3)
    assert e.score_half == pytest.approx(3.182 * sd / 2)        # Student's t, 3 degrees
    assert 0.3 < e.win_half < 0.5
    # four lost rollouts with luck in them: a chance of 0, but not for certain
    lost = A.summed("y", [(7.0, 0.0, True)] * 4)
    assert lost.win == 0 and lost.win_half > 0.3 and not lost.exact
    # no luck drawn: every rollout ends alike, the estimate is exact
    sure = A.summed("z", [(7.0, 1.0, False)] * 3)
    assert sure.exact and sure.score_half == sure.win_half == 0.0 and sure.win == 1.0


def test_a_rollout_that_draws_nothing_says_so():
    rng = A.rollout_rng(1, 0)
    assert not rng.drawn
    rng.randint(1, 6)
    assert rng.drawn
    again = A.rollout_rng(1, 0)
    assert again.randint(1, 6) == A.rollout_rng(1, 0).randint(1, 6)


def test_the_estimates_do_not_depend_on_the_deck_order_beyond_the_table():
    """The table's future is not written on it: played on under other dice and draws, the
    same table ends other ways.  The estimates read only the table: the table made again
    from its steps, with the process's own random numbers elsewhere, gives the same ones."""
    t, d, made = _late_turn(2)
    futures = {DP.outcome(A.play_out(ENGINE, t, DP.choose, random.Random(seed)), d.actor)
               for seed in range(6)}
    assert len(futures) > 1
    first = _estimate(t, 5, 2)
    again = ENGINE.replay(C.new_campaign(C.settings_from_dict(TWO, COMPS), COMPS), made)
    random.seed(99)
    assert _estimate(again, 5, 2) == first


def test_each_rollout_draws_the_next_season_card_from_the_whole_deck_left():
    """From a turn in the first month, the next month's card in each rollout: one of the
    cards not yet played, never one played already, and not always the same one."""
    t, d, _ = next((t, d, m) for t, d, m in _steps(4) if d.kind == "action")
    m = t.table
    left = set(season_deck(m.state, m.comps))
    assert m.state.card not in left and len(left) == 8
    drawn: dict[int, str] = {}

    def watch(i):
        def player(u, e, rng):
            if e.kind == "action" and u.game.month == 2:
                drawn.setdefault(i, u.table.state.card)
            return DP.choose(u, e, rng)
        return player
    for i in range(12):
        A.rollout(ENGINE, t, d.legal[0], watch(i), DP.outcome, d.actor, A.rollout_rng(7, i))
    assert len(drawn) == 12 and set(drawn.values()) <= left
    assert len(set(drawn.values())) > 1


def _last_die(seed: int):
    """The last die decision of the game from ``seed`` that a player rolls, its faces
    listed."""
    last = None
    for t, d, _ in _steps(seed):
        if d.kind == DICE and d.actor is not None and len(d.legal) > 1:
            last = (t, d)
    return last


def _played(t, face, rng):
    after = play_steps(ENGINE, t, [face], rng, auto=True)[-1]
    return DP.outcome(A.play_out(ENGINE, after, DP.choose, rng), ENGINE.pending(t).actor), \
        rng.drawn


def test_a_die_decision_is_the_exact_enumeration_of_its_faces():
    for seed in range(12):
        found = _last_die(seed)
        if found is None:
            continue
        t, d = found
        faces = [o for o in d.legal if o != "roll"]
        # nothing left to chance after the face: each face ends the game one way
        ends = {f: {_played(t, f, A.rollout_rng(k, 0)) for k in range(3)} for f in set(faces)}
        if all(len(v) == 1 and not next(iter(v))[1] for v in ends.values()):
            ends = {f: next(iter(v))[0] for f, v in ends.items()}
            break
    else:
        pytest.fail("no game whose last die leaves nothing to chance")
    shown = {e.option: e for e in _estimate(t, 3, 2)}
    exact = [ends[f] for f in faces]                  # each face as often as it is listed
    roll = shown["roll"]
    assert roll.exact and roll.score_half == roll.win_half == 0.0
    assert roll.score == pytest.approx(sum(s for s, _ in exact) / len(faces))
    assert roll.win == pytest.approx(sum(w for _, w in exact) / len(faces))
    for f in set(faces):
        assert (shown[f].score, shown[f].win) == ends[f] and shown[f].exact


def test_options_are_compared_rollout_by_rollout():
    """Under the same luck a steady lead is told with a narrow interval, though each
    option's own interval is wide."""
    base = [(10.0, 0.0, True), (20.0, 1.0, True), (14.0, 0.0, True), (30.0, 1.0, True)]
    ahead = [(s + 2.0, w, luck) for s, w, luck in base]
    assert A.paired(ahead, base) == (2.0, 0.0)
    assert A.summed("x", ahead).score_half > 10
    noisy = [(12.0, 0, True), (21.0, 1, True), (17.0, 0, True), (31.0, 1, True)]
    more, half = A.paired(noisy, base)
    assert more == pytest.approx(1.75) and 0 < half < A.summed("y", noisy).score_half
    with pytest.raises(ValueError):
        A.paired([], base)


def test_a_review_judges_a_choice_by_the_paired_loss_beyond_its_interval():
    from hyvekit.rules.advisor import LEAST_LOSS, judged
    # the same luck for each option (rollout i of each): "b" scores 2 VP more every time
    chosen = [(10.0, 0.0, True), (14.0, 1.0, True), (7.0, 0.0, True)]
    better = [(s + 2.0, w, True) for s, w, _ in chosen]
    noisy = [(12.0, 1.0, True), (10.0, 0.0, True), (11.0, 0.0, True)]
    m = judged("a", {"a": chosen, "b": better, "c": noisy})
    assert m is not None and m.better == "b" and m.loss == 2.0 and m.rollouts == 3
    assert m.win_chosen == m.win_better == 1 / 3 and not m.exact
    # "c" alone: more on average (+0.67) but not beyond its interval: no mistake
    assert judged("a", {"a": chosen, "c": noisy}) is None
    # a loss below LEAST_LOSS does not count, however sure; no luck drawn: exact
    tiny = [(s + LEAST_LOSS / 2, w, False) for s, w, _ in chosen]
    assert judged("a", {"a": [(s, w, False) for s, w, _ in chosen], "t": tiny}) is None
    sure = [(s + 1.0, w, False) for s, w, _ in chosen]
    got = judged("a", {"a": [(s, w, False) for s, w, _ in chosen], "s": sure})
    assert got is not None and got.exact and got.half == 0.0
