"""Random legal Queen Bee matches at the table (issue 42, acceptance: the random-play sweep):
2-6 players, with and without hive skills, every step chosen at random among the legal ones
(a die rolled or its faces entered), now and then a sudden card (Ally, Don't Buzz, Secret
Move) played by any player who may.  Each match ends with one queen; after every step no
space holds more than four bees or two players' bees, no warrior stands on a tunnel, no
warrior or worker in its own nest, no player has more than 15 bees; every card is in a hand,
the deck or the discard pile (so none is drawn from an empty deck: ruling Q19); and the
match replays from its steps to the same table.

MATCHES per player count (5 counts): 10 by default, 50 matches in all; measured 2026-12-06
on the shared 2-core development machine at about 0.23 CPU seconds a match, its replay
included (50 matches: 12 CPU seconds).  HYVEKIT_SIM_SCALE=20 plays the acceptance's 1,000.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import board as B
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.table import DICE

from test_queenbee_table import ENGINE, new  # noqa: E402

SCALE = float(os.environ.get("HYVEKIT_SIM_SCALE", "1"))
MATCHES = max(1, round(10 * SCALE))
CHUNKS = 4
LIMIT = 20_000
#: how often a player tries a sudden card outside the decision due (Ally, Secret Move)
SUDDEN = 0.03
#: how often a player outside a battle tries an Ally in its card window
ALLY = 0.3


def check(t: M.Table) -> None:
    board = t.setup.board
    per_space: Counter = Counter()
    owners: dict[str, int] = {}
    for sp, seat, kind in t.bees:
        per_space[sp] += 1
        assert owners.setdefault(sp, seat) == seat, sp          # no shared space
    assert max(per_space.values()) <= B.BEES_PER_SPACE
    for sp, seat, kind in t.bees:
        if kind == M.WARRIOR:
            assert not board.spaces[sp].tunnel, (sp, seat)
        if kind != M.QUEEN:
            assert sp != M.nest_of(t, seat), (sp, seat, kind)
    for seat in range(len(t.players)):
        have = M.bees_of(t, seat)
        assert have[M.QUEEN] <= 1 and have[M.WARRIOR] <= 7 and have[M.WORKER] <= 7
    assert min(t.hands) >= 0 and t.deck >= 0 and t.discard >= 0
    assert sum(t.hands) + t.deck + t.discard == t.setup.deck.size


def sudden(t: M.Table, rng: random.Random) -> str | None:
    """A sudden card some player may play now, whatever is due (Sudden Cards): an Ally in a
    battle's card window by a player outside it, a Don't Buzz against an opponent's card
    just played, or a Secret Move; None when none may."""
    from hyvekit.rules.queenbee import battle_cards as C
    from hyvekit.rules.queenbee import effect_cards as E
    f = t.fight
    if f is not None and f.stage == "cards" and t.setup.deck.count("Ally"):
        allies = [(s, side) for s in range(len(t.players)) for side in (0, 1)
                  if s not in f.seats and t.hands[s] and C.free_bees(t, s)
                  and C.ally_may_help(t, s, side)]
        if allies:
            seat, side = rng.choice(allies)
            space, kind = rng.choice(C.free_bees(t, seat))
            return (f"{t.name(seat)}: play ally {('attacker', 'defender')[side]} "
                    f"{kind} {space}")
    seat = rng.randrange(len(t.players))
    name = t.name(seat)
    if not t.hands[seat] or t.phase == "over":
        return None
    if t.last_card is not None and M.opponents(t, seat, t.last_card[0]) and \
            t.setup.deck.count("Don't Buzz"):
        try:
            E.dont_buzz(t, seat)
        except IllegalActionError:          # ruling Q27: no card left to have played it
            return None
        return f"{name}: play dont-buzz"
    if f is not None and t.last_card is None and seat in f.seats and \
            C.dont_buzz_window(t, f.seats.index(seat)):     # ruling Q28, whoever decides
        return f"{name}: play dont-buzz"
    nest = M.nest_of(t, seat)
    if t.setup.deck.count("Secret Move") and M.queen_space(t, seat) == nest and \
            not t.queen_left[seat] and not (f is not None and nest in f.spaces):
        targets = E.secret_move_targets(t, seat)
        return f"{name}: play secret-move {rng.choice(targets)}" if targets else None
    return None


def play(seed: int):
    rng = random.Random(seed)
    players = 2 + seed % 5
    start = t = new(players, skills=(seed // 5) % 3)
    steps = []
    for _ in range(LIMIT):
        d = ENGINE.pending(t)
        if d.over:
            break
        window = (t.fight is not None and t.fight.stage == "cards") or t.last_card is not None
        step = sudden(t, rng) if rng.random() < (ALLY if window else SUDDEN) else None
        if step is None:
            step = "roll" if d.kind == DICE and rng.random() < 0.5 else rng.choice(d.legal)
        t = ENGINE.push(t, step, rng)
        check(t)
        steps.append(ENGINE.last_step(t))
    return start, t, steps


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches_end_with_one_queen_keep_the_rules_and_replay(chunk):
    for seed in range(chunk, 5 * MATCHES, CHUNKS):
        start, end, steps = play(seed)
        d = ENGINE.pending(end)
        assert d.over, (seed, len(steps))
        assert len(M.queens(end)) == 1 and d.result["winner"] == end.name(M.queens(end)[0])
        assert len(end.fallen) == len(end.players) - 1
        assert ENGINE.replay(start, steps) == end, seed


def test_a_finished_match_is_a_play_for_stats_with_its_places():
    """End of the Game: the last queen wins; the match is a play as every game's is (stats,
    BG Stats, BoardGameGeek): the winner first, then the queens in the reverse order they
    fell."""
    from hyvekit.games.plays import plays_of
    _, end, _ = play(3)                                  # a 5-player match
    header = {"game": "queenbee", "kind": "match", "id": "friday", "name": "Friday"}
    (p,) = plays_of(header, [{"at": "2026-12-06T20:00:00"}, {"at": "2026-12-06T21:10:00"}],
                    end)
    r = ENGINE.pending(end).result
    assert p.finished and p.winners == (r["winner"],)
    assert (p.started, p.ended) == ("2026-12-06T20:00:00", "2026-12-06T21:10:00")
    places = {s.name: s.rank for s in p.seats}
    assert places[r["winner"]] == 1 and places[r["defeated"][-1]] == 2
    assert places[r["defeated"][0]] == len(end.players)
    unfinished = plays_of(header, [], new(2))[0]
    assert not unfinished.finished and not unfinished.winners
