"""The advisor's estimates of a pending HYVE decision (hyvekit/rules/hyve/advice.py,
docs/advisor.md "HYVE"): a die decision of a few dice lists every outcome and is their exact
enumeration; the same seed gives the same numbers however the rollouts are split; the hint's
lines fit 80 columns."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from hyvekit.data.hyve import sheet_definition
from hyvekit.rules import advisor as A
from hyvekit.rules.hyve import default_player as DP
from hyvekit.rules.hyve.advice import ADVISED, die_outcomes
from hyvekit.rules.hyve.scenario import new_scenario
from hyvekit.rules.table import DICE, play_steps


def _decisions(seed: int, mode: str = "standard"):
    """Each decision of a scenario played by the default player from ``seed``."""
    t = ADVISED.new(new_scenario(sheet_definition(mode)))
    rng = random.Random(seed)
    while not (d := ADVISED.pending(t)).over:
        yield t, d
        t = play_steps(ADVISED, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]


def _repurposed(t, d, faces: int):
    """The table after a Repurpose that rerolls ``faces`` bees (its first such reroll), at
    the die decision of their new faces; None when no Repurpose rerolls so many."""
    for option in d.legal:
        if not option.startswith("repurpose "):
            continue
        after = ADVISED.push(t, option)
        for reroll in ADVISED.pending(after).legal:
            if len(reroll.split()) == faces + 1:
                return ADVISED.push(after, reroll)
    return None


def _estimate(t, seed, n):
    return A.estimate_decision(ADVISED, t, DP.choose, DP.outcome, seed, n)


def test_a_die_decision_lists_every_face_in_every_order():
    t, d = next((t, d) for t, d in _decisions(1) if d.kind == "assign"
                and _repurposed(t, d, 2) is not None)
    two = _repurposed(t, d, 2)
    d2 = ADVISED.pending(two)
    assert d2.kind == DICE and d2.legal[0] == "roll"
    listed = Counter(d2.legal[1:])
    assert sum(listed.values()) == 36 and len(listed) == 21
    assert listed["dice 1 2"] == 2 and listed["dice W W"] == 1
    one = _repurposed(t, d, 1)
    assert ADVISED.pending(one).legal == ("roll", "dice 1", "dice 2", "dice 3", "dice 4",
                                          "dice 5", "dice W")
    # a Refresh of more dice is sampled: roll only
    first = next(d for _, d in _decisions(1))
    assert first.legal == ("roll",) and die_outcomes(ADVISED.new(
        new_scenario(sheet_definition("standard"))), first) == ()


def _last_die():
    """A one-die reroll late in scenario 0 after which nothing is left to chance (the
    scenario ends in that turn whatever the face)."""
    for t, d in _decisions(0):
        if d.kind != "assign" or t.now.turn < 10:
            continue
        due = _repurposed(t, d, 1)
        if due is None:
            continue
        faces = ADVISED.pending(due).legal[1:]
        ends = {f: A.rollout(ADVISED, due, f, DP.choose, DP.outcome, "player",
                             A.rollout_rng(1, 0)) for f in faces}
        if not any(lucky for _, _, lucky in ends.values()):
            return due, faces, {f: e[:2] for f, e in ends.items()}
    pytest.fail("no one-die reroll that leaves nothing to chance")


def test_a_die_decision_is_the_exact_enumeration_of_its_faces():
    t, faces, ends = _last_die()
    shown = {e.option: e for e in _estimate(t, 3, 2)}
    roll = shown["roll"]
    assert roll.exact and roll.score_half == roll.win_half == 0.0
    assert roll.score == pytest.approx(sum(ends[f][0] for f in faces) / len(faces))
    assert roll.win == pytest.approx(sum(ends[f][1] for f in faces) / len(faces))
    for f in faces:
        assert (shown[f].score, shown[f].win) == ends[f] and shown[f].exact


def test_the_same_seed_gives_the_same_estimates_however_the_rollouts_are_split():
    from hyvekit.games.advisor import advise
    from hyvekit.games.hyve import advisor_game
    from hyvekit.games.hyve_advisor import hint_lines
    t, d = next((t, d) for t, d in _decisions(2) if d.kind == "assign" and t.now.turn >= 11)
    pooled = advise(advisor_game(), t, 5, rollouts=2, jobs=2)
    alone = advise(advisor_game(), t, 5, rollouts=2, jobs=1)
    assert pooled.estimates == alone.estimates and pooled.rounds == 2
    assert pooled.default == DP.choose(t, d, random.Random(0))
    assert {e.option for e in pooled.estimates} | set(pooled.left_out) == set(d.legal)
    again = advise(advisor_game(), t, 5, rollouts=2, jobs=1)
    assert again.estimates == alone.estimates
    lines = hint_lines(alone)
    assert all(len(line) <= 80 for line in lines)
    assert any("honey" in line and "win" in line for line in lines)


def test_an_assignment_with_more_larva_than_the_hyves_hold_wins_and_is_taken_ruling_h91():
    """Its larva fill hyve 6 and win the scenario (ruling H91): the advisor lists it as the
    table does, the default player takes it, and the scenario is won there."""
    from hyvekit.rules.hyve.engine import SCENARIO
    for seed in range(8):
        for t, d in _decisions(seed):
            if d.kind != "assign":
                continue
            fills = [o for o in d.legal if DP.fills_every_hyve(t, t.now, o)]
            if not fills:
                continue
            assert d.legal == SCENARIO.pending(t).legal
            chosen = DP.choose(t, d, random.Random(0))
            assert chosen in fills
            end = A.play_out(ADVISED, play_steps(ADVISED, t, [chosen], random.Random(0),
                                                 auto=True)[-1], DP.choose, random.Random(0))
            assert end.now.status == "won" and end.now.hyves_completed == 6
            assert end.now.turn == t.now.turn               # won in that very turn
            return
    pytest.fail("no assignment with more larva than the hyves hold")
