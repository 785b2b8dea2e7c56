"""Queen Bee at the table, the rules the audit of issue 42 found untested: each through the
engine's steps, as ``queenbee do`` pushes them."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

from test_queenbee_table import ENGINE, do, new, placed, refused  # noqa: E402


def legal(t):
    return ENGINE.pending(t).legal


def test_effect_cards_are_refused_outside_ones_own_turn():
    """Turn Order: effect cards are played in one's own turn's other phases: Bo's Honey in
    Ann's turn is refused, Ann's is not."""
    t = new()
    assert ENGINE.pending(t).actor == "Ann" and "play honey" in legal(t)
    hands = t.hands
    e = refused(t, "Bo: play honey")
    assert "Ann's decision, not Bo's" in e.message and t.hands == hands
    t = do(t, "flight", "done")
    assert ENGINE.pending(t).kind == "effects"
    e = refused(t, "Bo: play honey")
    assert "Ann's decision, not Bo's" in e.message


def test_reinforcement_is_not_offered_once_the_queen_is_defeated():
    """Reinforcement: "If the queen was defeated ... the reinforcement action becomes
    unavailable until the end of the game" — Ann's bees, now Bo's allies, never reinforce."""
    t = new(3)
    t = replace(placed(t, [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("H1b", 1, "warrior"),
                           ("N2", 1, "queen"), ("N3", 2, "queen")]), hands=(0, 0, 0))
    t = do(t, "flight", "done")
    t = do(t, *(["end"] if ENGINE.pending(t).kind == "effects" else []))
    assert t.turn == 1
    t = replace(t, hands=(0, 0, 0))
    t = do(t, "sting", "attack H1b N1", "b4", "keep", "b1", "keep", "accept")
    assert 0 in t.fallen and M.queen_space(t, 0) is None
    while t.turn != 0:
        d = ENGINE.pending(t)
        t = do(t, "occupy warrior" if d.kind == "occupy" else
               "end" if d.kind == "effects" else "flight" if d.kind == "action" else
               d.legal[0] if d.kind == "discard" else "done")
    d = ENGINE.pending(t)
    assert d.kind == "action" and d.actor == "Ann" and "flight" in d.legal
    assert "reinforce" not in d.legal and M.reserve(t, 0)["warrior"] > 0
    e = refused(t, "reinforce")
    assert e.rule == "Queen Bee: Turn Order — C. Reinforcement"


def test_the_two_player_decks_removed_cards_are_refused():
    """Variant for 2 Players: Ally, Pesticides, Nectar, Busy Bee and Downpour are out."""
    assert "play busy-bee" in legal(new(3)) and "play pesticides" in legal(new(3))
    t = new()
    assert not [o for o in legal(t) if o in ("play busy-bee", "play pesticides")]
    for step in ("play busy-bee", "play pesticides"):
        with pytest.raises(IllegalActionError):
            ENGINE.push(t, step)


def test_five_six_players_no_attack_on_either_neighbour_on_the_first_turn():
    """Variant for 5-6 Players: neither Fay, in the hive to Ann's left, nor Bo, to her
    right, on her first turn; nor Ann on Bo's first turn; on her second turn she may (six
    players: every hive taken, ruling Q29)."""
    t = new(6)
    t = replace(placed(t, [("G1a", 0, "warrior"), ("G6c", 5, "worker"), ("G1c", 0, "worker"),
                           ("G2a", 1, "warrior"),
                           *[(t.setup.board.hives[h].nest, s, "queen")
                             for s, h in enumerate(t.setup.hives)]]),
                hands=(0,) * 6)
    opts = legal(do(t, "sting"))
    assert "attack G1a G6c" not in opts and "attack G1c G2a" not in opts
    assert "neighbour" in refused(do(t, "sting"), "attack G1a G6c").message
    t = do(t, "flight", "done")
    t = do(t, *(["end"] if ENGINE.pending(t).kind == "effects" else []))
    assert t.turn == 1
    assert "attack G2a G1c" not in legal(do(t, "sting"))          # Bo's first turn
    assert "neighbour" in refused(do(t, "sting"), "attack G2a G1c").message
    while t.turn != 0:
        d = ENGINE.pending(t)
        t = do(t, "end" if d.kind == "effects" else "flight" if d.kind == "action" else
               d.legal[0] if d.kind == "discard" else "done")
    opts = legal(do(t, "sting"))                                  # Ann's second turn
    assert "attack G1a G6c" in opts and "attack G1c G2a" in opts


def test_knighthood_replaces_a_warrior_with_a_worker_from_off_the_board():
    """Knighthood: "replace a worker bee with a warrior or vice versa"."""
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("N4", 1, "queen")])
    assert "play knighthood G1b warrior" in legal(t)
    t = do(t, "play knighthood G1b warrior")
    assert M.on(t, "G1b") == [("G1b", 0, "worker")]
    assert M.reserve(t, 0)["warrior"] == 7 and M.reserve(t, 0)["worker"] == 6


def test_stuck_in_a_web_the_defender_losing_removes_all_his_bees_of_the_space():
    """Stuck in a Web: the weakest bee rolls no die, but takes part: all of them are
    removed when the defender loses."""
    t = new()
    t = replace(placed(t, [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1b", 0, "warrior"),
                           ("I1", 1, "warrior"), ("I1", 1, "worker")]), hands=(5, 0))
    t = do(t, "sting", "attack G1b I1", "play stuck-in-a-web", "pass", "b4", "keep")
    assert "1 black die" in ENGINE.pending(t).prompt and "yellow" not in \
        ENGINE.pending(t).prompt
    t = do(t, "b3", "keep", "accept")
    assert not [b for b in t.bees if b[0] == "I1" and b[1] == 1]
    assert M.reserve(t, 1)["warrior"] == 7 and M.reserve(t, 1)["worker"] == 7
    t = do(t, "occupy warrior")
    assert M.on(t, "I1") == [("I1", 0, "warrior")]


def test_call_for_help_the_bee_stays_on_its_own_space_when_its_side_wins():
    """Call for Help: the bee added from elsewhere on the board fights, and after a win it is
    back on the space it came from: it does not move in with the attackers."""
    t = new()
    t = replace(placed(t, [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1b", 0, "warrior"),
                           ("G4b", 0, "warrior"), ("I1", 1, "warrior"), ("I1", 1, "warrior")]),
                hands=(5, 0))
    t = do(t, "sting", "attack G1b I1", "pass", "b1", "keep", "b2,b2", "keep",
           "play call-for-help warrior G4b", "b4", "keep")
    assert t.fight.total(0) == 5 and ENGINE.pending(t).actor == "Bo"
    t = do(t, "accept")
    assert ENGINE.pending(t).legal == ("occupy warrior",)          # the G1b warrior only
    t = do(t, "occupy warrior")
    assert ("G4b", 0, "warrior") in t.bees and M.on(t, "I1") == [("I1", 0, "warrior")]


def test_helping_paw_on_ones_own_die():
    """Helping Paw: "re-roll any die" — one's own too."""
    t = new()
    t = replace(placed(t, [("N1", 0, "queen"), ("N4", 1, "queen"), ("G1b", 0, "warrior"),
                           ("I1", 1, "warrior")]), hands=(5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "b1", "keep", "b3", "keep")
    assert "play helping-paw attacker b1" in legal(t)
    t = do(t, "play helping-paw attacker b1")
    d = ENGINE.pending(t)
    assert d.actor == "Ann" and "1 black die" in d.prompt
    t = do(t, "b4")
    assert t.fight.dice[0] == (("black", 4),) and ENGINE.pending(t).actor == "Bo"


def test_secret_move_onto_a_space_with_one_to_three_of_ones_own_bees():
    """Secret Move: any space "not occupied by an opponent" — with 1 to 3 of one's own bees
    she goes there; with 4 she cannot (at most four bees on a space)."""
    for n in (1, 2, 3):
        t = placed(new(), [("N1", 0, "queen"), ("N4", 1, "queen"),
                           *[("G4b", 0, "warrior")] * n])
        t = do(t, "Ann: play secret-move G4b")
        assert M.queen_space(t, 0) == "G4b" and len(M.on(t, "G4b")) == n + 1
    t = placed(new(), [("N1", 0, "queen"), ("N4", 1, "queen"), *[("G4b", 0, "warrior")] * 4])
    e = refused(t, "Ann: play secret-move G4b")
    assert e.rule == "Queen Bee: Sudden Cards — Secret Move" and M.queen_space(t, 0) == "N1"


def test_swarm_of_one_or_two_bees_then_done():
    """Swarm: "You may decide to move only one or two bees"."""
    bees = [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("H1a", 0, "warrior"),
            ("H1c", 0, "worker"), ("N4", 1, "queen")]
    t = do(placed(new(), bees), "swarm G1b", "bring warrior H1a")
    assert "done" in legal(t)
    t = do(t, "done")
    assert t.action is None and len(M.on(t, "G1b")) == 2 and ("H1c", 0, "worker") in t.bees
    t = do(placed(new(), bees), "swarm G1b", "bring warrior H1a", "bring worker H1c", "done")
    assert t.action is None and len(M.on(t, "G1b")) == 3
