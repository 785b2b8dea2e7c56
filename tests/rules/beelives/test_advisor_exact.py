"""The advisor's estimates of a game's last decisions are exact (hyvekit/rules/advisor.py,
docs/advisor.md "Estimates"): the luck left after each option is enumerated, not sampled,
and each estimate equals the enumeration this test makes on its own, by walking the table's
decisions — each die's faces and each card left, as the table lists them, equally likely."""

from __future__ import annotations

import random

import pytest
from test_table import COMPS

from hyvekit.rules import advisor as A
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import default_player as DP
from hyvekit.rules.beelives import evaluation as E
from hyvekit.rules.beelives.engine import ENGINE
from hyvekit.rules.table import DICE, DRAWN, play_steps

QUEENS = ("prolific", "aggressive", "nomadic", "hygienic")
#: the most outcomes the walk below plays out (the advisor's own limit)
MOST = A.ENUMERATED


def _settings(players: int) -> dict:
    return {"kind": "standard", "map": False,
            "players": [{"name": n, "queen": q}
                        for n, q in zip(("Ann", "Bo", "Cy", "Di")[:players], QUEENS)]}


class Refused(Exception):
    pass


class NoLuck(random.Random):
    """Random numbers nobody may draw: the walk below states every outcome itself."""

    def _randbelow(self, n):
        raise Refused(n)

    def random(self):
        raise Refused()


def _pushed(t, step):
    return play_steps(ENGINE, t, [step], NoLuck(0), auto=True)[-1]


def walked(t, actor, leaves):
    """What ``actor`` ends the game with from ``t``, every outcome of the luck left weighed:
    a die's faces and the cards left as the decision lists them, each equally likely; a
    fact of the table (the default player draws it) any legal one, equally likely; every
    choice the default player's.  ``leaves`` counts the games played to the end."""
    d = ENGINE.pending(t)
    if d.over:
        leaves.append(1)
        if len(leaves) > MOST:
            raise Refused("more outcomes than the advisor enumerates")
        return DP.outcome(t, actor)
    outcomes = [o for o in d.legal if o not in DRAWN] if (
        d.kind == DICE or "draw" in d.legal) else None
    if outcomes is None:
        try:
            outcomes = [DP.choose(t, d, NoLuck(0))]
        except Refused:
            outcomes = list(d.legal)
    assert outcomes, f"a draw whose outcomes the table does not list: {d.kind}"
    ends = [walked(_pushed(t, o), actor, leaves) for o in outcomes]
    return (sum(s for s, _ in ends) / len(ends), sum(w for _, w in ends) / len(ends))


def _last_decisions(players: int, seed: int):
    """The decisions of the game's last month and winter (a player's choice each) of a game
    played at the table by the default player from ``seed``."""
    t = C.new_campaign(C.settings_from_dict(_settings(players), COMPS), COMPS)
    rng = random.Random(seed)
    found = []
    while not (d := ENGINE.pending(t)).over:
        if DP.is_choice(d) and E.last_decisions(t):
            found.append(t)
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    return found


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 5), (4, 0)])
def test_the_last_decisions_of_a_game_are_the_exact_enumeration(players, seed):
    """The choices of a real game played at the table, from its last back until one with
    luck left after it (five at most), the default player's first two options of each: the
    hint's estimate (as ``beelives hint`` makes it) is exact, and equals the walk."""
    from hyvekit.games.advisor import advise
    from hyvekit.games.beelives import advisor_game
    lucky = exact = 0
    for t in list(reversed(_last_decisions(players, seed)))[:5]:
        if exact >= 3 and lucky:
            break
        d = ENGINE.pending(t)
        options = DP.ranked(t, d)[:2]
        assert E.last_decisions(t)
        shown = {e.option: e for e in advise(advisor_game(), t, seed, rollouts=2, jobs=1,
                                             screened=2).estimates}
        for option in options:
            leaves: list[int] = []
            try:
                score, win = walked(_pushed(t, option), d.actor, leaves)
            except Refused:     # too much luck left (sampled), or the option draws it itself
                assert not shown[option].exact
                continue
            e = shown[option]
            assert e.exact and e.score_half == e.win_half == 0.0, option
            assert e.score == pytest.approx(score) and e.win == pytest.approx(win), option
            assert e.rollouts == len(leaves)
            exact += 1
            lucky += len(leaves) > 1
    assert exact >= 3 and lucky >= 1, (exact, lucky)


def test_luck_beyond_the_enumeration_is_sampled():
    """From the first month, the dice and cards left are far too many: no enumeration, and
    the options are estimated from rollouts (here to the next month's end), with intervals."""
    t = C.new_campaign(C.settings_from_dict(_settings(2), COMPS), COMPS)
    rng = random.Random(0)
    while (d := ENGINE.pending(t)).kind != "action":
        t = play_steps(ENGINE, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
    assert not E.last_decisions(t)
    step = DP.choose(t, d, rng)
    assert A.enumerated(ENGINE, t, step, DP.choose, DP.outcome, d.actor, most=4) is None
    e = A.estimate_decision(ENGINE, t, DP.choose, DP.outcome, 0, 2, horizon=E.horizon(2))
    assert all(not x.exact and x.rollouts == 2 for x in e)
    assert any(x.score_half > 0 for x in e)


def test_an_enumeration_weighs_each_outcome_by_its_chance():
    """A toy game of two draws: a die of three faces, then a coin only after a 1: the
    outcomes are not equally likely (1/6, 1/6, 1/3, 1/3)."""

    class Toy:
        def pending(self, t):
            from hyvekit.rules.table import Decision, over
            return over("done") if len(t) == 2 or (len(t) == 1 and t[0] != 1) else \
                Decision("action", "Ann", "go", ("go",))

    def push_all(engine, t, steps, rng, auto=True):
        rolled = (rng.randint(1, 3),) if not t else t + (rng.choice((10, 20)),)
        return [rolled]
    real = A.play_steps
    A.play_steps = push_all
    try:
        e = A.enumerated(Toy(), (), "go", lambda t, d, r: "go",
                         lambda t, name: (float(sum(t)), float(sum(t) > 20)), "Ann")
    finally:
        A.play_steps = real
    assert e is not None and e.exact and e.rollouts == 4
    assert e.score == pytest.approx((11 + 21) / 6 + (2 + 3) / 3)
    assert e.win == pytest.approx(1 / 6)


def test_a_hint_whose_every_option_is_enumerated_says_so_not_zero_rollouts():
    """The hint's first line says how its numbers were made: with every option's luck
    enumerated no rollout is sampled, so it reads "every option exact"."""
    from hyvekit.games.advisor import advise
    from hyvekit.games.advisor_text import hint_lines
    from hyvekit.games.beelives import advisor_game
    for t in reversed(_last_decisions(2, 1)):
        hint = advise(advisor_game(), t, 1, rollouts=2, jobs=1, screened=2)
        if hint.estimates and all(e.exact for e in hint.estimates):
            break
    else:
        pytest.fail("no last decision whose options are all exact")
    assert hint.rounds == 0
    assert "every option exact" in hint_lines(hint)[0]
    assert "0 rollouts" not in hint_lines(hint)[0]
