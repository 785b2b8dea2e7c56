"""Queen Bee at the table, the 5-6 player variant, hive skills and the nest symbol (issue 42,
third round): each rule through the engine's steps, as ``queenbee do`` pushes them."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import board as Bd
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

from test_queenbee_table import ENGINE, do, new, placed, refused  # noqa: E402


def legal(t):
    return ENGINE.pending(t).legal


def _pass_turn(t):
    """The turn of the player due played out with a Flight and nothing else."""
    seat = t.turn
    while t.turn == seat and ENGINE.pending(t).kind != "over":
        d = ENGINE.pending(t)
        t = do(t, "end" if d.kind == "effects" else "flight" if d.kind == "action" else
               d.legal[0] if d.kind == "discard" else "done")
    return t


# --- Variant for 5-6 Players ------------------------------------------------------------

def _five():
    """Five players (hives 1-5, hive 6 empty between Ed and Ann): Ann's warrior on G1a next
    to Ed's worker on G6c (hive 6's grass), Ann's worker on G1c next to Bo's warrior on
    G2a."""
    t = new(5)
    assert t.setup.hives == (1, 2, 3, 4, 5)
    return replace(placed(t, [("G1a", 0, "warrior"), ("G6c", 4, "worker"),
                              ("G1c", 0, "worker"), ("G2a", 1, "warrior"),
                              *[(t.setup.board.hives[h].nest, s, "queen")
                                for s, h in enumerate(t.setup.hives)]]), hands=(0,) * 5)


def test_an_empty_hive_between_two_players_makes_them_no_neighbours_ruling_q29():
    """Variant for 5-6 Players: "you may not attack your neighbours in the hives to your left
    and right" — with five players hive 6 is empty: the hive to Ann's left is nobody's, so
    Ed (hive 5) is no neighbour of hers and she may attack him on her first turn; Bo, in
    the hive to her right, she may not."""
    t = _five()
    opts = legal(do(t, "sting"))
    assert "attack G1a G6c" in opts and "attack G1c G2a" not in opts
    e = refused(do(t, "sting"), "attack G1c G2a")
    assert e.rule == "Queen Bee: Variant for 5-6 Players" and "seats 2)" in e.message
    t = do(t, "sting", "attack G1a G6c")
    assert t.phase == "battle" and t.fight.seats == (0, 4)


def test_the_last_seat_may_attack_the_first_across_the_empty_hive_on_its_first_turn():
    """Ed (hive 5) on his first turn: Di, hive 4, is his neighbour; Ann, beyond the empty
    hive 6, is not (ruling Q29)."""
    t = _five()
    t = replace(placed(t, [("G5a", 4, "warrior"), ("G4c", 3, "worker"),
                           ("G6b", 4, "warrior"), ("G6c", 0, "worker"),
                           *[(t.setup.board.hives[h].nest, s, "queen")
                             for s, h in enumerate(t.setup.hives)]]), hands=(0,) * 5)
    for _ in range(4):
        t = _pass_turn(t)
    assert t.turn == 4 and t.turns[4] == 1
    opts = legal(do(t, "sting"))
    assert "attack G6b G6c" in opts and "attack G5a G4c" not in opts
    assert "neighbour" in refused(do(t, "sting"), "attack G5a G4c").message


def test_neighbours_follow_the_boards_circle_of_hives():
    """The seats in the hives next to a seat's own, around the board (ruling Q29)."""
    assert Bd.neighbours(1, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (2,)
    assert Bd.neighbours(5, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (4,)
    assert Bd.neighbours(3, 5, (1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 6)) == (2, 4)
    assert Bd.neighbours(1, 6, (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6)) == (6, 2)
    # seats need not follow the hives' order: seat 2 sits in hive 6, next to hive 1
    assert Bd.neighbours(1, 5, (1, 6, 2, 3, 4), (1, 2, 3, 4, 5, 6)) == (2, 3)


def test_bad_pollen_is_refused_on_the_first_turn_and_played_on_the_second():
    """Variant for 5-6 Players: "may not play BAD POLLEN cards" on your first turn."""
    t = new(5)
    assert not [o for o in legal(t) if "bad-pollen" in o]
    e = refused(t, "play bad-pollen Bo")
    assert e.rule == "Queen Bee: Variant for 5-6 Players" and "Bad Pollen" in e.message
    for _ in range(5):
        t = _pass_turn(t)
    assert t.turn == 0 and t.turns[0] == 2
    assert "play bad-pollen Bo" in legal(t)
    t = do(t, "play bad-pollen Bo")
    assert t.no_draw[1] == 1


@pytest.mark.parametrize("players,hands", [(5, (4, 4, 4, 4, 5)), (6, (4, 4, 4, 4, 5, 5)),
                                           (4, (4, 3, 3, 3)), (3, (4, 3, 3))])
def test_the_2nd_to_4th_players_get_one_more_card_and_the_5th_6th_two_more(players, hands):
    """Variant for 5-6 Players: "deal one additional card to the 2nd, 3rd and 4th players.
    Then deal two additional cards to the 5th and 6th" — the first player has drawn as the
    first turn begins; the deck (90 cards with five or six players) less every card dealt."""
    t = new(players)
    assert t.hands == hands
    assert t.deck + sum(t.hands) == (90 if players >= 5 else 93)
