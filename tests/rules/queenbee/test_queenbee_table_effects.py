"""Queen Bee's effect cards at the table (Turn Order: never in the action phase; Effect
Cards; Variant for 5-6 Players): each card's description a test through the engine."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.values import replace

from test_queenbee_table import ENGINE, do, new, placed  # noqa: E402


def legal(t):
    return ENGINE.pending(t).legal


def test_effect_cards_before_and_after_the_action_but_not_during_it():
    t = new(3)
    assert "play honey" in legal(t)                              # phase 1, before the action
    t = do(t, "flight")
    assert not [o for o in legal(t) if o.startswith("play")]     # the action phase
    with pytest.raises(IllegalActionError):
        ENGINE.push(t, "play honey")
    t = do(t, "done")
    assert ENGINE.pending(t).kind == "effects" and "play honey" in legal(t)


def test_honey_draws_three_cards():
    t = new()
    hand, deck = t.hands[0], t.deck
    t = do(t, "play honey")
    assert t.hands[0] == hand - 1 + 3 and t.deck == deck - 3 and t.discard == 1


def test_bad_pollen_the_opponent_draws_no_card_at_the_start_of_his_turn():
    t = do(new(), "play bad-pollen bo")                 # the name as the table spells it
    assert t.steps[-1] == "play bad-pollen Bo"
    hand = t.hands[1]
    t = do(t, "flight", "done", "end")
    assert t.turn == 1 and t.hands[1] == hand and any("Bad Pollen" in x for x in t.said)


def test_no_bad_pollen_on_your_first_turn_with_five_or_six_players():
    t = new(5)
    assert not [o for o in legal(t) if "bad-pollen" in o]
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, "play bad-pollen Bo")
    assert e.value.rule == "Queen Bee: Variant for 5-6 Players"


def test_bandit_steals_a_random_card_from_the_chosen_opponent():
    t = new()
    t = do(t, "play bandit Bo")
    assert t.hands == (4 - 1 + 1, 3 - 1)


def test_busy_bee_gains_one_additional_action():
    t = new(3)
    t = do(t, "play busy-bee", "flight", "done")
    assert ENGINE.pending(t).kind == "action" and t.turn == 0
    t = do(t, "flight", "done")
    assert ENGINE.pending(t).kind == "effects"


def test_knighthood_replaces_a_worker_with_a_warrior_from_off_the_board():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "worker"), ("N4", 1, "queen")])
    assert "play knighthood G1b worker" in legal(t)
    t = do(t, "play knighthood g1b workers")
    assert M.on(t, "G1b") == [("G1b", 0, "warrior")] and M.reserve(t, 0)["worker"] == 7
    t2 = placed(new(), [("N1", 0, "queen"), ("E1a", 0, "worker"), ("N4", 1, "queen")])
    assert "play knighthood E1a worker" not in legal(t2)          # no warrior on a tunnel


def test_bee_larvae_adds_two_more_bees_in_a_reinforcement():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("N4", 1, "queen")])
    t = do(t, "play bee-larvae", "reinforce", "add warrior H1a", "add warrior H1b",
           "add warrior H1c", "add worker H1a")
    assert len(M.on(t, "H1a")) == 2                  # more than one bee on a larva space
    t = do(t, "add worker H1a")
    assert t.action is None and M.bees_of(t, 0)["worker"] == 2      # 3 + 2 bees added


def test_tangled_signals_moves_opponents_bees_two_spaces_in_all():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("I4", 1, "warrior"),
                       ("N4", 1, "queen")])
    t = do(t, "play tangled-signals")
    d = ENGINE.pending(t)
    assert d.kind == "tangled" and "move warrior I4 C" in d.legal
    assert not [o for o in d.legal if "G1b" in o.split()[2:3]]     # not Ann's own bees
    t = do(t, "move warrior I4 I3", "move warrior I3 I2")
    assert ("I2", 1, "warrior") in t.bees and ENGINE.pending(t).kind == "action"


def test_pesticides_each_opponent_removes_a_bee_of_his_choice_from_his_hive():
    t = new(3)
    t = do(t, "play pesticides")
    d = ENGINE.pending(t)
    assert d.kind == "pesticides" and d.actor == "Bo"
    hive = t.setup.board.hives[t.setup.hives[1]]
    t = do(t, f"remove worker {hive.workers[1]}")
    assert ENGINE.pending(t).actor == "Cy"
    t = do(t, f"remove warrior {t.setup.board.hives[t.setup.hives[2]].warriors[0]}")
    assert ENGINE.pending(t).kind == "action" and sum(M.bees_of(t, 1).values()) == 14


def test_pesticides_spares_the_allies_in_a_forced_alliance():
    t = new(3)
    t = replace(t, serves=(0, 0, 2), fallen=(1,),
                bees=tuple(b for b in t.bees if b != (M.nest_of(t, 1), 1, "queen")))
    t = do(t, "play pesticides")
    assert ENGINE.pending(t).actor == "Cy"
    assert len(t.action.queue) == 1


def test_pesticides_never_removes_the_queen_ruling_q25():
    t = placed(new(3), [("N1", 0, "queen"), ("H3a", 1, "queen"), ("G1b", 1, "worker"),
                        ("H5a", 2, "queen"), ("H5b", 2, "worker")])
    t = do(t, "play pesticides")
    d = ENGINE.pending(t)                 # Bo's only bee in his hive is his queen: spared
    assert d.actor == "Cy" and d.legal == ("remove worker H5b",)


def test_secret_move_takes_the_queen_from_the_nest_at_any_moment_once():
    """Secret Move: "immediately move your queen from the nest to any space ... neither a
    hive nor a nest and ... not occupied by an opponent"; once a game; not once she has
    left the nest and returned."""
    t = do(new(), "flight")                              # Ann's action: Bo plays it anyway
    t = do(t, "Bo: play secret-move g4b")
    assert t.steps[-1] == "Bo: play secret-move G4b" and M.queen_space(t, 1) == "G4b"
    assert t.queen_left[1] and t.hands[1] == 2 and ENGINE.pending(t).kind == "flight"
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, "Bo: play secret-move G4c")
    assert e.value.rule == "Queen Bee: Sudden Cards — Secret Move"
    assert "even if she returned" in e.value.message
    with pytest.raises(IllegalActionError, match="hive or nest"):
        ENGINE.push(t, "Ann: play secret-move H4a")
    assert ENGINE.replay(new(), t.steps) == t


def test_a_card_played_is_explained_in_its_descriptions_words():
    t = do(new(), "play honey")
    assert "(Honey — Draw three additional cards from the deck into your hand.)" in t.said


def test_dont_buzz_cancels_an_opponents_effect_card_just_played_and_can_be_cancelled():
    """Don't Buzz: "cancel the effect of a card played by an opponent. 'Don't Buzz' can
    cancel the effect of another 'Don't Buzz' card" — outside a battle, any player, right
    after the card."""
    t0 = new()
    t = do(t0, "play honey")                          # Ann draws 3
    assert ENGINE.view(t)["just_played"].startswith("Ann's Honey")
    t = do(t, "Bo: play dont-buzz")
    assert t.steps[-1] == "Bo: play dont-buzz"
    assert t.hands == (t0.hands[0] - 1, t0.hands[1] - 1) and t.deck == t0.deck
    assert t.discard == 2 and any("Ann's Honey is cancelled" in x for x in t.said)
    t = do(t, "Ann: play dont-buzz")                  # Ann cancels the cancel: Honey stands
    assert t.hands == (t0.hands[0] - 1 + 3 - 1, t0.hands[1] - 1) and t.discard == 3
    with pytest.raises(IllegalActionError, match="not an opponent"):
        ENGINE.push(t, "Ann: play dont-buzz")
    t = do(t, "flight")                               # the moment has passed
    assert "just_played" not in ENGINE.view(t)
    with pytest.raises(IllegalActionError, match="no card was just played"):
        ENGINE.push(t, "Bo: play dont-buzz")
    assert ENGINE.replay(t0, t.steps) == t


def test_dont_buzz_stops_a_secret_move():
    t0 = new()
    t = do(t0, "Bo: play secret-move G4b", "Ann: play dont-buzz")
    assert M.queen_space(t, 1) == "N4" and not t.queen_left[1] and t.hands == (3, 2)


def test_dont_buzz_never_spends_a_card_its_player_no_longer_holds_ruling_q27():
    """Ann's Bandit takes Bo's only card; Cy cancels the Bandit (the card goes back to Bo);
    Bo may not cancel Cy's Don't Buzz with it: the Bandit standing again, he holds none."""
    t = replace(new(3), hands=(4, 1, 3))
    t = do(t, "play bandit Bo", "Cy: play dont-buzz")
    assert t.hands == (3, 1, 2)
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, "Bo: play dont-buzz")
    assert e.value.rule == "Queen Bee: Sudden Cards — Don't Buzz" and "ruling Q27" in str(
        e.value)


def test_dont_buzz_stops_a_secret_move_made_during_a_battle():
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = replace(placed(t, [(nests[0], 0, "queen"), ("G1b", 0, "warrior"),
                           ("I1", 1, "warrior"), (nests[1], 1, "queen"),
                           (nests[2], 2, "queen")]), hands=(5, 5, 5))
    t = do(t, "sting", "attack G1b I1", "pass", "Cy: play secret-move C")
    assert M.queen_space(t, 2) == "C" and t.phase == "battle"
    t = do(t, "Ann: play dont-buzz")
    assert M.queen_space(t, 2) == nests[2] and ENGINE.pending(t).kind == "dice"
