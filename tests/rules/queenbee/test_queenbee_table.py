"""A Queen Bee match at the table (issue 42): Setup, Turn Order and Battle as steps pushed
through the engine, as ``queenbee do`` pushes them; each rule of the rulebook a test."""

from __future__ import annotations

import random

import pytest

from hyvekit.data import queenbee as tables
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.deck import deck_for
from hyvekit.rules.queenbee.engine import ENGINE
from hyvekit.rules.values import replace

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")


def new(players: int = 2, skills: int = 0) -> M.Table:
    setup = M.Setup(NAMES[:players], tables.board(), deck_for(players, tables.cards(),
                                                              tables.variants()),
                    tables.dice(), tables.cards(), skills=skills)
    return ENGINE.new(setup)


def do(t: M.Table, *steps: str, seed: int = 0) -> M.Table:
    rng = random.Random(seed)
    for step in steps:
        t = ENGINE.push(t, step, rng)
    return t


def placed(t: M.Table, bees: list[tuple[str, int, str]]) -> M.Table:
    """``t`` with only ``bees`` on the board (a position to test a rule on)."""
    return replace(t, bees=tuple(sorted(bees)))


def refused(t: M.Table, step: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(t, step)
    return e.value


# --- Setup ----------------------------------------------------------------------------------

def test_setup_places_the_queen_in_the_nest_and_two_three_two_warriors_and_workers():
    t = new(3)
    for seat, hive in enumerate(t.setup.hives):
        h = t.setup.board.hives[hive]
        assert M.on(t, h.nest) == [(h.nest, seat, "queen")]
        assert [len(M.on(t, s)) for s in h.warriors] == [2, 3, 2]
        assert [len(M.on(t, s)) for s in h.workers] == [2, 3, 2]
        assert {k for s in h.warriors for _, _, k in M.on(t, s)} == {"warrior"}
        assert {k for s in h.workers for _, _, k in M.on(t, s)} == {"worker"}
        assert sum(M.bees_of(t, seat).values()) == 15


@pytest.mark.parametrize("players,hands,deck", [
    (2, (4, 3), 74 - 6 - 1), (4, (4, 3, 3, 3), 93 - 12 - 1),
    (6, (4, 4, 4, 4, 5, 5), 90 - 25 - 1)])
def test_setup_deals_three_cards_each_and_the_5_6_player_extra_cards(players, hands, deck):
    """Setup: three cards each; Variant for 5-6 Players: one more to the 2nd-4th players, two
    to the 5th and 6th; the first player has drawn at the start of the first turn; the deck
    is the variant's (2 players 74, 5-6 players 90)."""
    t = new(players)
    assert t.hands == hands and t.deck == deck and t.discard == 0


def test_hands_are_hidden_the_table_keeps_their_sizes_only():
    v = ENGINE.view(new(2))
    assert [p["hand"] for p in v["players"]] == [4, 3]
    names = set(tables.cards())
    assert not any(name in str(v) for name in names)


def test_one_hive_skill_each_is_kept_in_seat_order_then_the_first_turn():
    t = new(3, skills=1)
    assert [ENGINE.pending(t).actor for t in [t]] == ["Ann"]
    t = do(t, "skill Stinger", "skill card-2")
    assert ENGINE.pending(t).actor == "Cy"
    with pytest.raises(IllegalActionError, match="held already"):
        ENGINE.push(t, "skill stinger")
    t = do(t, "skill Royal Jelly")
    assert t.skills == (("stinger",), ("card-2",), ("royal jelly",))
    assert ENGINE.pending(t).kind == "action" and t.hands[0] == 4


def test_two_hive_skills_each_are_drafted_back_from_the_last_to_choose():
    """Two Hive Skills per Player: "the player who chose his first skill card last chooses
    first for his second"."""
    t = new(3, skills=2)
    order = []
    for k in range(6):
        order.append(ENGINE.pending(t).actor)
        t = do(t, f"skill card-{k + 1}")
    assert order == ["Ann", "Bo", "Cy", "Cy", "Bo", "Ann"]
    assert t.skills[2] == ("card-3", "card-4")


# --- Turn Order -----------------------------------------------------------------------------

def test_flight_moves_bees_five_spaces_in_total():
    t = do(new(), "flight", "move warrior H1b G1b")          # 2 spaces (through H1d)
    assert t.action.left == 3
    t = do(t, "move warrior H1a G1a")                        # 3 spaces: H1d, G1b... G1a
    d = ENGINE.pending(t)                       # the Flight is over: effect cards, or end
    assert t.action is None and d.kind == "effects" and d.legal[-1] == "end"


def test_flight_over_five_spaces_in_total_is_refused():
    t = do(new(), "flight", "move warrior H1b G1b", "move warrior G1b I1")  # 3 spaces
    assert "move warrior I1 C" in ENGINE.pending(t).legal    # 1 more is fine, 3 more not
    e = refused(t, "move warrior I1 G4b")                    # I1, C, I4, G4b: 3 spaces
    assert e.rule.endswith("A. Flight") and "more than 2 spaces away" in e.message


def test_at_most_four_bees_on_a_space():
    """Game Board: "at most four bees can be on any space"."""
    t = do(new(), "flight", "move warrior H1b H1d")          # H1d: 3 workers + 1 warrior
    e = refused(t, "move warrior H1a H1d")
    assert e.rule == "Queen Bee: Game Board" and "at most 4 bees" in e.message


def test_warriors_cannot_move_onto_tunnel_spaces():
    e = refused(do(new(), "flight"), "move warrior H1a E1a")
    assert e.rule == "Queen Bee: Game Board" and "tunnel" in e.message


def test_workers_and_warriors_cannot_enter_their_own_nest_but_the_queen_and_opponents_can():
    t = do(new(), "flight", "move queen N1 H1d")             # H1d had 3 workers: now 4
    assert ("H1d", 0, "queen") in t.bees
    e = refused(t, "move worker E1a N1")
    assert e.rule == "Queen Bee: Game Board — Nest" and "own nest" in e.message
    e = refused(t, "move warrior H1b N1")
    assert "own nest" in e.message
    # an opponent's bee may enter Ann's nest
    t = placed(t, [("H1a", 1, "warrior"), ("N4", 1, "queen"), ("H1d", 0, "queen")])
    t = replace(t, turn=1, phase="action")
    t = do(t, "flight", "move warrior H1a N1")
    assert ("N1", 1, "warrior") in t.bees


def test_flight_cannot_move_through_an_opponents_space():
    """Turn Order, A: "You also cannot move through spaces containing opponents' bees"."""
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("I1", 1, "warrior"),
                       ("N4", 1, "queen")])
    t = do(t, "flight")
    e = refused(t, "move warrior G1b I1")
    assert e.rule.endswith("A. Flight") and "I1 holds Bo's bees" in e.message
    e = refused(do(placed(new(), list(t.bees)), "sting"),
                "move warrior G1b C")                    # through I1: 2; round it: 4
    assert "more than 3 spaces away" in e.message


def test_swarm_brings_up_to_three_bees_onto_a_space_with_exactly_one_of_yours():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("H1a", 0, "warrior"),
                       ("H1a", 0, "warrior"), ("H1c", 0, "worker"), ("E1a", 0, "worker"),
                       ("N4", 1, "queen")])
    assert "swarm G1b" in ENGINE.pending(t).legal and "swarm H1a" not in ENGINE.pending(t).legal
    e = refused(t, "swarm H1a")
    assert e.rule.endswith("B. Swarm") and "exactly ONE" in e.message
    t = do(t, "swarm G1b", "bring warrior H1a", "bring worker H1c", "bring worker E1a")
    assert len(M.on(t, "G1b")) == 4 and t.action is None        # three brought: over


def test_reinforcement_adds_a_bee_on_each_free_larva_space_from_the_reserve():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("N4", 1, "queen")])
    assert "reinforce" in ENGINE.pending(t).legal
    t = do(t, "reinforce", "add warrior H1a", "add worker H1b")
    e = refused(t, "add worker H1a")
    assert "not a free larva space" in e.message
    t = do(t, "add worker H1c")
    assert M.bees_of(t, 0)["worker"] == 2 and t.action is None


def test_reinforcement_only_while_the_queen_is_in_the_nest_and_never_left_it():
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"), ("N4", 1, "queen")])
    t = do(t, "flight", "move queen N1 H1b", "move queen H1b N1", "done", "end")
    t = do(t, "flight", "done", "end")                          # Bo's turn
    assert t.turn == 0 and M.queen_space(t, 0) == "N1"
    e = refused(t, "reinforce")
    assert e.rule == "Queen Bee: Turn Order — C. Reinforcement"
    assert "even if she returns" in e.message


def test_reinforcement_never_over_fifteen_bees_and_only_onto_free_larva_spaces():
    t = new()                                      # every larva space holds warriors
    e = refused(t, "reinforce")
    assert "no larva space of the hive is free" in e.message
    t = do(t, "flight", "move warrior H1a G1a", "move warrior H1a G1b")   # 3 + 2 spaces
    t = do(t, "end")
    assert t.turn == 1                           # the Flight is over; H1a is free: 15 bees
    t = do(t, "flight", "done", "end")
    e = refused(t, "reinforce")
    assert "never have more than 15 bees" in e.message


def test_sting_moves_three_spaces_then_attacks_an_adjacent_space():
    t = placed(new(), [("N1", 0, "queen"), ("H1b", 0, "warrior"), ("I1", 1, "worker"),
                       ("N4", 1, "queen")])
    t = do(t, "sting", "move warrior H1b G1b")                  # 2 of 3 spaces
    assert "attack G1b I1" in ENGINE.pending(t).legal
    e = refused(t, "move warrior G1b I4")
    assert "more than 1 space away" in e.message
    t = do(t, "attack G1b I1")
    d = ENGINE.pending(t)
    assert t.phase == "battle" and d.kind == "cards" and d.legal[-1] == "pass"
    assert ENGINE.pending(do(t, "pass")).kind == "dice"


def test_warriors_cannot_attack_bees_in_a_tunnel():
    t = placed(new(), [("N1", 0, "queen"), ("G1a", 0, "warrior"), ("V1", 1, "worker"),
                       ("N4", 1, "queen")])
    assert not [o for o in ENGINE.pending(do(t, "sting")).legal if o.startswith("attack")]
    e = refused(do(t, "sting"), "attack G1a V1")
    assert e.rule.endswith("D. Sting") and "warriors never attack a tunnel" in e.message
    t = placed(t, [("N1", 0, "queen"), ("C", 0, "worker"), ("V1", 1, "worker"),
                   ("N4", 1, "queen")])
    assert "attack C V1" in ENGINE.pending(do(t, "sting")).legal


def test_five_six_players_no_attack_on_a_neighbour_on_the_first_turn():
    """Variant for 5-6 Players: "ON YOUR FIRST TURN you may not attack your neighbours"."""
    t = new(5)
    t = placed(t, [("N1", 0, "queen"), ("G1c", 0, "warrior"), ("G2a", 1, "worker"),
                   ("I1", 2, "worker"), *[(t.setup.board.hives[h].nest, s, "queen")
                                          for s, h in enumerate(t.setup.hives) if s]])
    legal = ENGINE.pending(do(t, "sting")).legal
    assert "attack G1c G2a" not in legal              # Bo: seat 2, Ann's neighbour
    assert "attack G1c I1" in legal                   # Cy: seat 3, not a neighbour
    e = refused(do(t, "sting"), "attack G1c G2a")
    assert "neighbour" in e.message


def test_discard_down_to_five_at_the_end_of_the_turn():
    t = replace(new(), hands=(7, 3))
    t = do(t, "flight", "done", "end")
    d = ENGINE.pending(t)
    assert d.kind == "discard" and d.legal == ("discard 2",) and d.auto
    t = do(t, "discard 2")
    assert t.hands[0] == 5 and t.discard == 2 and t.turn == 1
    assert "discard 2" in t.steps


# --- Battle ---------------------------------------------------------------------------------

def _battle(a_bees, d_bees, players=2):
    t = new(players)
    bees = [("N1", 0, "queen"), ("N4", 1, "queen")] + [("G1b", 0, k) for k in a_bees] + \
        [("I1", 1, k) for k in d_bees]
    if players >= 3:
        bees.append((t.setup.board.hives[t.setup.hives[2]].nest, 2, "queen"))
    return do(placed(t, bees), "sting", "attack G1b I1", "pass")


def test_dice_one_yellow_per_worker_one_black_per_warrior_or_queen():
    t = _battle(["warrior", "worker"], ["worker"])
    d = ENGINE.pending(t)
    assert d.actor == "Ann" and "1 black die and 1 yellow die" in d.prompt
    assert "b4,y3" in d.legal and "roll" in d.legal
    with pytest.raises(IllegalActionError, match="one die per bee"):
        ENGINE.push(t, "b4,b3")
    with pytest.raises(IllegalActionError, match="faces"):
        ENGINE.push(t, "b5,y3")
    with pytest.raises(InvalidInputError):
        ENGINE.push(t, "b4,z3")


def test_example_the_total_on_the_dice_4_plus_3_plus_3_is_10():
    """Sequence of Battle, 2: "the total on the dice is added up to determine the attacker's
    strength (for example, 4 + 3 + 3 = 10)"."""
    t = do(_battle(["warrior", "warrior", "worker"], ["warrior"]), "b4,b3,y3", "keep")
    assert t.fight.total(0) == 10


def test_the_attacker_wins_a_tie_moves_in_and_the_defender_removes_its_bees_and_draws():
    t = _battle(["warrior", "worker"], ["warrior", "warrior"])
    hand = t.hands[1]
    t = do(t, "b3,y2", "keep", "b4,b1", "keep")                # 5 against 5
    d = ENGINE.pending(t)
    assert d.kind == "cards" and d.actor == "Bo" and "5 against 5" in d.prompt
    t = do(t, "accept")
    assert not M.on(t, "I1") and t.hands[1] == hand + 1
    d = ENGINE.pending(t)
    assert d.kind == "occupy" and "occupy warrior" in d.legal
    t = do(t, "occupy warrior")
    assert M.on(t, "I1") == [("I1", 0, "warrior")] and ("G1b", 0, "worker") in t.bees


def test_the_defender_wins_and_the_attacker_removes_its_bees_and_draws_a_card():
    t = _battle(["worker"], ["warrior"])
    hand = t.hands[0]
    t = do(t, "y1", "keep", "b2", "keep", "accept", "end")
    assert not M.on(t, "G1b") and M.on(t, "I1") == [("I1", 1, "warrior")]
    assert M.reserve(t, 0)["worker"] == 7
    assert t.turn == 1 and t.hands[0] >= min(hand + 1, 5)


def test_after_the_first_roll_the_player_may_reroll_any_dice():
    t = do(_battle(["warrior", "warrior"], ["worker"]), "b4,b1")
    d = ENGINE.pending(t)
    assert d.kind == "reroll" and {"keep", "reroll b1", "reroll b4", "reroll b4,b1"} <= set(
        d.legal)
    t = do(t, "reroll b1")
    assert ENGINE.pending(t).kind == "dice" and "1 black die" in ENGINE.pending(t).prompt
    t = do(t, "b3")
    assert t.fight.dice[0] == (("black", 4), ("black", 3))
    assert ENGINE.pending(t).actor == "Bo"          # the defender rolls next: no second re-roll


def test_the_odds_before_the_rolls_are_the_exact_odds_of_queenbee_odds():
    from hyvekit.rules.queenbee.battle import Bees
    from hyvekit.rules.queenbee.odds import attack_odds
    v = ENGINE.view(_battle(["warrior", "worker"], ["warrior"]))
    p = attack_odds(Bees(0, 1, 1), Bees(0, 1, 0), tables.dice(),
                    card_table=tables.cards()).probability
    assert v["battle"]["attack_odds"] == f"{float(p):.1%}"


def test_the_last_queen_standing_wins():
    t = placed(new(), [("N1", 0, "queen"), ("H4a", 0, "warrior"), ("H4a", 0, "warrior"),
                       ("N4", 1, "queen")])
    t = do(t, "sting", "attack H4a N4", "pass", "b4,b4", "keep", "b1", "keep", "accept")
    d = ENGINE.pending(t)
    assert d.over and d.result["winner"] == "Ann" and d.result["defeated"] == ["Bo"]


def test_forced_alliance_the_fallen_queens_bees_serve_the_victor_with_three_players():
    """Forced Alliance: "his remaining warriors and worker bees pass into the service of the
    new queen ... their bees still cannot be on the same space as each other"."""
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = placed(t, [(nests[0], 0, "queen"), ("G3a", 0, "warrior"), (nests[1], 1, "queen"),
                   ("G3b", 1, "warrior"), (nests[2], 2, "queen"), ("I1", 1, "worker")])
    t = placed(t, [*t.bees, ("H3a", 0, "warrior")])
    t = do(t, "sting", f"attack H3a {nests[1]}", "pass", "b4", "keep", "b1", "keep", "accept",
           "occupy warrior", "end")
    assert t.fallen == (1,) and M.head(t, 1) == 0 and ENGINE.view(t)["players"][1][
        "serves"] == "Ann"
    assert not M.opponents(t, 0, 1) and M.opponents(t, 1, 2)
    # Bo plays on with his bees; he may not move onto Ann's space (no shared spaces)
    assert t.turn == 1
    e = refused(do(t, "flight"), "move warrior G3b G3a")
    assert "Ann's bees" in e.message


def test_the_last_queens_fall_ends_the_match_with_no_forced_alliance_said():
    """End of the Game: "The game ends when only one queen remains" — the last other queen's
    bees serve no one: the table says the queen is defeated, not a forced alliance."""
    t = new(3)
    nests = [t.setup.board.hives[h].nest for h in t.setup.hives]
    t = placed(t, [(nests[0], 0, "queen"), ("H3a", 0, "warrior"), (nests[1], 1, "queen"),
                   ("G3b", 1, "warrior"), ("I1", 2, "worker")])
    t = replace(t, fallen=(2,), serves=(0, 1, 1))          # Cy's queen fell to Bo's bees
    t = do(t, "sting", f"attack H3a {nests[1]}", "pass", "b4", "keep", "b1", "keep", "accept")
    d = ENGINE.pending(t)
    assert d.over and d.result["winner"] == "Ann"
    assert any("Bo's queen is defeated" in line for line in t.said)
    assert not any("forced alliance" in line for line in t.said)


def test_an_empty_deck_is_made_again_from_the_discard_pile_ruling_q19():
    t = replace(new(), deck=0, discard=4)
    t = do(t, "flight", "done", "end")                      # Bo draws: the pile is reshuffled
    assert t.deck == 3 and t.discard == 0 and t.hands[1] == 4
    assert any("ruling Q19" in line for line in t.said)
    t = replace(t, deck=0, discard=0)
    t = do(t, "flight", "done", "end")
    assert t.hands[0] == 4 and any("no card left" in line for line in t.said)


def test_a_step_names_its_player_or_none_and_another_players_step_is_refused():
    t = new()
    assert ENGINE.push(t, "Ann: flight") == ENGINE.push(t, "flight")
    with pytest.raises(IllegalActionError, match="it is Ann's decision"):
        ENGINE.push(t, "Bo: flight")
    with pytest.raises(InvalidInputError):
        ENGINE.push(t, "fligth")


def test_every_bee_of_the_attacking_space_able_to_attack_takes_part_ruling_q21():
    """Sequence of Battle names the attacker's bees "in the battle"; Game Board: warriors
    cannot attack bees in a tunnel — so a worker attacks a tunnel alone, its warrior
    neighbour staying out of the battle."""
    t = placed(new(), [("N1", 0, "queen"), ("C", 0, "warrior"), ("C", 0, "worker"),
                       ("V1", 1, "worker"), ("N4", 1, "queen")])
    t = do(t, "sting", "attack C V1", "pass")
    assert t.fight.bees == (("worker",), ("worker",))
    assert "1 yellow die" in ENGINE.pending(t).prompt and "black" not in ENGINE.pending(
        t).prompt


def test_a_flight_may_not_pass_a_space_holding_four_bees_ruling_q22():
    """Flight: "no more than 4 bees on each space at any time": passing through a full
    space would put a fifth bee on it."""
    t = placed(new(), [("N1", 0, "queen"), ("G1b", 0, "warrior"),
                       *[("G1c", 0, "worker")] * 4, ("I1", 1, "worker"), ("N4", 1, "queen")])
    t = do(t, "sting")                # 3 spaces: through G1c to G2a, I1 is Bo's; round: 5
    assert "move warrior G1b G2a" not in ENGINE.pending(t).legal
    t2 = placed(t, [b for b in t.bees if b != ("G1c", 0, "worker")])
    assert "move warrior G1b G2a" in ENGINE.pending(t2).legal
