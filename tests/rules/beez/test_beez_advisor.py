"""The advisor on Beez (docs/advisor.md, "Beez"): each option's expected final honey drops and
chance to win, from rollouts of the default player; the same seed gives the same numbers; the
last decisions of a game, where nothing is left to chance, are exact and equal to the game
played out; another player's secret cards are never read (drawn afresh in each rollout from
the cards they may be, every pair as likely)."""

from __future__ import annotations

import random
from dataclasses import replace

from hyvekit.data import beez as tables
from hyvekit.games.advisor import advise, advisor_game_of
from hyvekit.games.beez import advisor_game
from hyvekit.rules.advisor import play_out, rollout_rng
from hyvekit.rules.beez import default_player as BP
from hyvekit.rules.beez import table as T
from hyvekit.rules.beez.engine import ENGINE
from hyvekit.rules.table import play_steps
from tests.rules.beez.test_beez_table import setup

#: three more cards a secret card may be: with them, a player's secret pair is one of 10
EXTRA = tables.objectives_with([
    {"id": "pinks", "name": "Pink nectar", "kind": "count-of-colour", "colour": "pink",
     "honey": 2},
    {"id": "oranges", "name": "Orange nectar", "kind": "count-of-colour", "colour": "orange",
     "honey": 2},
    {"id": "blues", "name": "Blue nectar", "kind": "count-of-colour", "colour": "blue",
     "honey": 3}])


def _at(t, steps: int, seed: int = 5):
    """``t`` after ``steps`` of the default player (the same every time)."""
    rng = random.Random(seed)
    for _ in range(steps):
        t = play_steps(ENGINE, t, [BP.choose(t, ENGINE.pending(t), rng)], rng, auto=True)[-1]
    return t


def _numbers(hint):
    return [(e.option, e.score, e.score_half, e.win, e.win_half, e.rollouts, e.exact)
            for e in hint.estimates]


def test_the_advisor_knows_beez_games():
    game = advisor_game_of("beez", "game")
    assert game.label == "Beez" and game.unit == "honey drops"
    assert game.engine is ENGINE and game.unseen is T.unseen


def test_the_same_seed_gives_the_same_numbers_in_one_process_or_two():
    t = _at(T.new_table(setup(secret={"Martin": ["three-colour-line", "bow"],
                                      "Sophie": ["bow", "pinks"]}, cards=EXTRA)), 26)
    while ENGINE.pending(t).kind != "flight":
        t = _at(t, 1)
    alone = advise(advisor_game(), t, 3, rollouts=3, jobs=1)
    again = advise(advisor_game(), t, 3, rollouts=3, jobs=1)
    pooled = advise(advisor_game(), t, 3, rollouts=3, jobs=2)
    assert _numbers(alone) == _numbers(again) == _numbers(pooled)
    assert alone.unit == "honey drops" and alone.rounds == 3
    d = ENGINE.pending(t)
    assert alone.default == BP.choose(t, d, random.Random(0))
    assert {e.option for e in alone.estimates} <= set(d.legal)
    assert len(alone.estimates) == advisor_game().screened < len(d.legal)
    assert len(alone.left_out) == len(d.legal) - advisor_game().screened


def test_the_last_decision_of_a_game_is_exact_and_what_the_game_plays_out_to():
    """Every secret card known and nothing drawn: each option's estimate is the outcome of
    the game played out from it, exact (no interval)."""
    t = T.new_table(setup(secret={"Martin": ["three-colour-line", "bow"],
                                  "Sophie": ["three-colour-line", "bow"]}))
    while not ENGINE.pending(_at(t, 1, 9)).over:     # the last step of the game is due
        t = _at(t, 1, 9)
    d = ENGINE.pending(t)
    assert d.kind in ("flight", "store") and len(d.legal) > 1
    hint = advise(advisor_game(), t, 1, rollouts=2, jobs=1)
    for e in hint.estimates:
        end = play_out(ENGINE, play_steps(ENGINE, t, [e.option], random.Random(0),
                                          auto=True)[-1], BP.choose, random.Random(0))
        score, win = BP.outcome(end, d.actor)
        assert e.exact and (e.score, e.win) == (score, win)
        assert e.score_half == e.win_half == 0.0
    assert [e.score for e in hint.estimates] != [hint.estimates[0].score] * len(hint.estimates)


def test_another_players_secret_cards_are_never_read():
    """Sophie's secret cards changed (what Martin cannot see): Martin's estimates are the
    same, and not exact (Sophie's cards are drawn)."""
    base = {"Martin": ["three-colour-line", "bow"]}
    one = T.new_table(setup(secret={**base, "Sophie": ["pinks", "blues"]}, cards=EXTRA))
    one = _at(one, 24)
    while ENGINE.pending(one).actor != "Martin":
        one = _at(one, 1)
    other = T.replay(setup(secret={**base, "Sophie": ["bow", "oranges"]}, cards=EXTRA),
                     one.steps)
    assert one.secret != other.secret and one.game == other.game
    first = advise(advisor_game(), one, 7, rollouts=2, jobs=1)
    second = advise(advisor_game(), other, 7, rollouts=2, jobs=1)
    assert _numbers(first) == _numbers(second)
    assert not any(e.exact for e in first.estimates)


def test_the_cards_drawn_are_every_pair_a_secret_may_be_and_the_deciders_own_kept():
    t = _at(T.new_table(setup(secret={"Martin": ["three-colour-line", "bow"],
                                      "Sophie": ["pinks", "blues"]}, cards=EXTRA)), 4)
    pairs = set(T.secret_options(t, "Sophie"))
    seen = set()
    for i in range(200):
        drawn = T.unseen(t, "Martin", rollout_rng(1, i))
        assert drawn.secret[0] == t.secret[0] and drawn.setup.secret == drawn.secret
        seen.add("secret " + " ".join(c.token() for c in drawn.secret[1]))
        assert drawn.game == t.game
    assert seen == pairs and len(pairs) == 10
    # the secret cards are revealed once the game is over: nothing is drawn then
    over = replace(t, game=replace(t.game, trigger_round=1))
    if over.game.over:
        assert T.unseen(over, "Martin", rollout_rng(1, 0)) is over


def test_the_expected_score_is_the_mean_over_the_pairs_drawn():
    """The estimate of an option is, exactly, the mean of the games played out on the pairs
    each rollout drew (a deterministic default player: the pair is all the luck)."""
    t = _at(T.new_table(setup(secret={"Martin": ["three-colour-line", "bow"],
                                      "Sophie": ["pinks", "blues"]}, cards=EXTRA)), 30)
    d = ENGINE.pending(t)
    hint = advise(advisor_game(), t, 2, rollouts=4, jobs=1)
    first = hint.estimates[0]
    outcomes = []
    for i in range(4):
        rng = rollout_rng(2, i)
        drawn = T.unseen(t, d.actor, rng)
        after = play_steps(ENGINE, drawn, [first.option], rng, auto=True)[-1]
        outcomes.append(BP.outcome(play_out(ENGINE, after, BP.choose, rng), d.actor))
    assert first.score == sum(s for s, _ in outcomes) / 4
    assert first.win == sum(w for _, w in outcomes) / 4


def test_a_review_weighs_flights_and_storing_only():
    game = advisor_game()
    t = T.new_table(setup())
    d = ENGINE.pending(t)
    assert game.is_choice(d) and game.when(t) == "round 1" and game.at(t) == {"round": 1}
    assert game.players(t) == ["Martin", "Sophie"]


def test_what_an_option_changes_now_says_where_the_nectar_goes():
    """The hint's "now:" line (the options' previews): a storing names its chamber, a
    flight the nectar to store, so that options of one decision read apart."""
    from hyvekit.rules.table import previews
    t = ENGINE.push(T.new_table(setup()), "fly 5 P w")
    d = ENGINE.pending(t)
    got = previews(ENGINE, t, d)
    for option in d.legal:
        _, tok, chamber = option.split()
        assert got[option].startswith(f"Martin stores {tok} in {chamber}")
    assert len(set(got.values())) == len(d.legal)
    start = T.new_table(setup())
    flights = previews(ENGINE, start, options=["fly 4 P w", "fly 2 y"])
    assert flights == {"fly 4 P w": "flight of 4, to store: P w",
                       "fly 2 y": "flight of 2, to store: y"}


def test_rollouts_asked_for_are_exactly_the_rounds_played_however_fast(monkeypatch):
    """``--rollouts N`` fixes the numbers: the process pool plays N rounds, never more, even
    when the workers would run ahead (here every rollout queued is waited for, as when
    rollouts are quick: the last steps of a game)."""
    import concurrent.futures

    import hyvekit.games.advisor as advisor
    t = T.new_table(setup(secret={"Martin": ["three-colour-line", "bow"],
                                  "Sophie": ["three-colour-line", "bow"]}))
    while not ENGINE.pending(_at(t, 1, 9)).over:     # the last step of the game is due
        t = _at(t, 1, 9)
    alone = _numbers(advise(advisor_game(), t, 4, rollouts=2, jobs=1))
    monkeypatch.setattr(advisor, "wait", lambda fs, timeout=None, return_when=None:
                        concurrent.futures.wait(fs))
    pooled = advise(advisor_game(), t, 4, rollouts=2, jobs=8)     # 16 queued: 3+ rounds
    assert pooled.rounds == 2 and all(e.rollouts == 2 for e in pooled.estimates)
    assert _numbers(pooled) == alone
