"""A whole scenario in every game mode, played turn by turn through the turn engine (hyve.txt,
"Game Modes"; issue 4: "A scripted full scenario in each mode is checked turn by turn in tests,
ending in the right win or loss").

Each scenario is a record file ``examples/hyve/<mode>-full.toml`` with a claim on every turn.
Every value asserted here was worked out by hand from the rulebook and hyvekit's sheets
(``hyvekit/data/hyve_sheets.toml``); the working is in the comments, turn by turn, and the tests
compare the engine against those numbers (the claims in the files are the same numbers, so
``hyvekit hyve check`` agrees with them too).  The standard mode's scenario is
``test_turn_scenario.py::test_full_standard_scenario_worked_out_by_hand``.

Notation: "die d on p" is the HP die showing d on track position p (0 = Colony Collapse).
Flat scoring: a loss decrements the die, going under 1 resets it to 6 one space down (that
reset takes one HP); a gain increments it, going over 6 resets it to 1 one space up.  Wobbly
scoring: a gain or a loss always increments the die; going over 6 resets it to 1 and moves one
space up (gain) or down (loss).  Hexes of a hyve are named A1-E3 (rows of 3, 4, 5, 4, 3; C3 the
middle); a hex touches the two nearest hexes of the rows above and below.

The end results across the set: Wasp War (Thriving) and Bee Builder (no shape fits in the 6th
hyve) are won; Coldsnap (a seasonal population loss), Mites Challenge (Colony Collapse), Turbo
Mode (Feed Bees) and Long Live the Queen (Fly Drones) are lost.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from hyvekit.data.hyve import read_record
from hyvekit.rules.hyve.record import replay
from hyvekit.rules.hyve.scoring import CROSSED, parse_cell

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hyve"
MODES = ("coldsnap", "mites-challenge", "wasp-war", "bee-builder", "turbo",
         "long-live-the-queen")


def run(mode: str):
    state, reports = replay(read_record(EXAMPLES / f"{mode}-full.toml"))
    rows = [(r.population, r.die, r.position, r.hyves_completed) for r in reports]
    return state, reports, rows


def cell(state, hyve: int, name: str):
    return state.hyves[hyve - 1][parse_cell(name)]


def test_coldsnap_full_scenario_lost_to_lose_x_population():
    state, reports, rows = run("coldsnap")
    # Coldsnap sheet: flat scoring, jellies Overwork, Overwork Queen, Plumose; Spring effects
    # 1: 2 HP, 2: 3 HP + 1 population, 3: 4 HP, 4: "Lose X Population" with X = 2.
    # Setup: population 6, die 1 on the Starting Space 5, every bread at level 1.
    # Turn 1 (6 dice 1 2 3 4 W W): Plumose with the 3-Bee: 3-bread 1 → 2.  Nectar 1 2 4 W W.
    #   Feed: one bee of each type 1-4 is supported; the two wild Bees lose 2 → 4.
    #   Spring 2: -3 HP: die 1 → (under 1) 6 on 4 → 5 → 4: die 4 on 4; -1 population → 3.
    # Turn 2 (3 dice 5 5 W): Overwork with a 5-Bee: +5 → 8.  Feed: two 5-Bees on 5-bread 1
    #   (one unsupported) and a wild Bee: -2 → 6.  Spring 1: -2 HP: die 2 on 4.
    # Turn 3 (6 dice W W W 1 1 3): Bakery [1, W] takes the 1-bread to level 2 (a set of 2).
    #   Feed: the two 1-Bees and the 3-Bee are supported, three wild Bees: -3 → 3.
    #   Spring 3: -4 HP: die 2 → 1 → (under 1) 6 on 3 → 5 → 4: die 4 on 3.
    # Turn 4 (3 dice 2 2 W): Feed: one 2-Bee unsupported, a wild Bee: -2 → 1.
    #   Spring 4, Coldsnap's "Lose 2 Population": 1 → 0: the scenario is LOST (no HP lost).
    assert rows == [(3, 4, 4, 0), (6, 2, 4, 0), (3, 4, 3, 0), (0, 4, 3, 0)]
    assert state.status == "lost" and state.end == ("population 0",)
    assert state.bread == (2, 1, 2, 1, 1)
    assert state.crossed[0] == (2, 1, 3, 4)              # every Spring effect, in play order
    assert not any(r.differences for r in reports)


def test_mites_challenge_full_scenario_lost_to_colony_collapse():
    state, reports, rows = run("mites-challenge")
    # Mites Challenge sheet: flat, Structured placement (each hyve's first feature on C3, every
    # other next to a feature of that hyve), scaling migration (Spring 1, Summer 2).  Effects
    # used: Spring 1: 2 HP + Mites, 2: 3 HP, 3: 3 HP + 1 pop, 4: 4 HP + Mites; Summer 1: 4 HP
    # + Mites, 2: 5 HP, 4: 7 HP + 1 pop.
    # Turn 1 (1 1 2 3 3 5): Overwork 5: 6 + 5 = 11.  Nectar 1@C3 1@C2 2@C4 3@B2 3@D3.
    #   Feed: a second 1-Bee and a second 3-Bee unsupported: -2 → 9.  Spring 1: -2 HP:
    #   die 1 → 6 on 4 → 5: die 5 on 4; Mites: the 2-nectar on C4 is crossed out.
    # Turn 2 (1 2 3 4 4 5 5 W 2): Bakery [4, 4]: 4-bread → 2.  Tend Eggs 5: the T shape on
    #   R1C2 R2C1 R2C2 R2C3 in the 5s' colour.  Feed: second 2, second 5, the wild Bee: -3
    #   → 6 (the two 4-Bees are fed by level 2).  Spring 2: -3 HP: die 2 on 4.
    # Turn 3 (3 3 4 1 2 W): Tend Larva 2, row 2: three 5-coloured larva: +1 HP (1 colour)
    #   → die 3 on 4.  Larva on D1 (next to C2 = 1, D2 = 2: 2 colours), E3 (D3 = 3, E2 = 2:
    #   2), C1 (B1 = 1, C2 = 1, D1 larva: 1): +5 population → 11.  The five nectar fill
    #   hyve 1 (A3 B4 C5 D4 E1): the only hex touching no other variety is E1 (a 2: next to
    #   the larva D1 and the 2s on D2, E2); every other variety touches another, so it is
    #   ignored: the hyve scores 1 HP → die 4 on 4.  Feed: second 3-Bee and the wild Bee:
    #   -2 → 9.  Migration (Spring): -1 → 8.  Spring 3: -3 HP → die 1 on 4, -1 → 7.
    # Turn 4 (5 5 5 1 2 4 W): Overwork 1 (the jelly holds 5 already, 1 is new): +1 → 8.
    #   Hyve 2 starts on C3.  Feed: two 5-Bees unsupported and the wild Bee: -3 → 5.
    #   Spring 4: -4 HP: die 1 → 6 on 3 → 5 → 4 → 3: die 3 on 3; Mites: B2 (a 2) crossed.
    # Turn 5 (1 3 3 W 4): Feed: second 3-Bee, wild Bee: -2 → 3.  Summer 1: -4 HP: die 3 →
    #   2 → 1 → 6 on 2 → 5: die 5 on 2; Mites: E2 (a 3) crossed out.
    # Turn 6 (W W 2): Feed: two wild Bees: -2 → 1.  Summer 2: -5 HP: die 5 → 4, 3, 2, 1 →
    #   6 on 1: die 6 on 1.
    # Turn 7 (5): fed.  Summer 4: 7 HP: die 6 → 5, 4, 3, 2, 1, and the 6th HP enters Colony
    #   Collapse (die reset to 6 on position 0): LOST; the population part is not applied.
    assert rows == [(9, 5, 4, 0), (6, 2, 4, 0), (7, 1, 4, 1), (5, 3, 3, 1), (3, 5, 2, 1),
                    (1, 6, 1, 1), (1, 6, 0, 1)]
    assert state.status == "lost" and state.end == ("colony collapse",)
    assert state.scores == (1,)
    # the Mites cross-outs: C4 of hyve 1, B2 and E2 of hyve 2 are colourless x
    assert cell(state, 1, "C4").kind == cell(state, 2, "B2").kind == cell(state, 2, "E2").kind \
        == CROSSED.kind
    assert [cell(state, 1, h).population for h in ("D1", "E3", "C1")] == [2, 2, 1]
    assert not any(r.differences for r in reports)


def test_wasp_war_full_scenario_won_by_thriving_with_a_7_x_7_hyve():
    state, reports, rows = run("wasp-war")
    # Wasp War sheet: flat, shortened HP track of 12 positions (Colony Collapse 0, start 4,
    # Thriving 11), attack table 1: 1 HP, 2: 1 HP, 3: 2 HP, 4: 2 HP, 7: 1 pop ...
    # Round 1 (5 1 1 1 W 4): Overwork 5: 6 + 5 = 11.  Marshal: the 4-Bee on defensive hex
    #   D1.1.  Nectar 1@A1 1@A2 1@A3 W1@B1.  Feed: two 1-Bees unsupported and the wild Bee:
    #   -3 → 8.  Wasp Attack 4 and 3: the light 4 is blocked by D1.1; light 3: -2 HP: die 1
    #   → 6 on 3 → 5; heavy 4 + 3 = 7: -1 population → 7.
    # Round 2 (1 1 1 3 3 3 W): Overwork 3: +3 → 10.  Nectar 1@B2 1@B3 1@B4 3@D1 3@D2
    #   W3@D3.  Feed: two 1-Bees, two 3-Bees, the wild Bee: -5 → 5.  Wasp Attack 1 and 1:
    #   1 HP + 1 HP + heavy 2: 1 HP = -3 HP: die 5 → 2 on 3.
    # Round 3 (5 3 3 3 W): Overwork Queen 5: five larva in row C.  Each larva gains the
    #   different nectar colours around it when placed: C1 (B1 = 1, D1 = 3): 2, C2 (B1 B2 = 1,
    #   D1 D2 = 3): 2, C3: 2, C4 (B3 B4 = 1, D3 = 3; D4 still empty): 2, C5 (B4 = 1; D4
    #   empty): 1 → +9 population → 14.  Nectar 3@D4 3@E1 3@E2 W3@E3 completes hyve 1:
    #   rows A and B are seven 1s touching only 1s and larva, rows D and E seven 3s:
    #   7 × 7 = 49 HP.  From die 2 on 3: 4 HP to die 6, the 5th HP resets to 1 on 4, every 6
    #   more go one space up: on 5 at 11 HP, ... on 10 at 41, and the 47th HP enters Thriving
    #   (die 1 on 11): WON at once; no Feed Bees, no Wasp Attack.
    assert rows == [(7, 5, 3, 0), (5, 2, 3, 0), (14, 1, 11, 1)]
    assert state.status == "won" and state.end == ("thriving",)
    assert state.scores == (49,)
    assert state.rounds_done == 2                        # the third round was never finished
    assert [cell(state, 1, h).population for h in ("C1", "C2", "C3", "C4", "C5")] \
        == [2, 2, 2, 2, 1]
    assert {str(h) for h in state.marshal.spent} == {"D1.1"}
    assert not any(r.differences for r in reports)


def test_bee_builder_full_scenario_won_when_no_shape_fits_in_the_6th_hyve():
    state, reports, rows = run("bee-builder")
    # Bee Builder sheet: flat, jellies Overwork, Fly Drones, Plumose; build shapes 1 = four
    # hexes in a row, 2 = a rhombus, 3 = a propeller, 4 and 5 bent lines.
    # Turn 1 (1 2 3 4 5 5): Build with 1 2 3 4 5: one shape in each of hyves 1-5 (hyve 1 row
    #   C1-C4; each later hyve may start once the hyve before has a shape).  Overwork 5: +5 →
    #   11.  No bee is left to gather.  Feed: one 5-Bee unsupported: -1 → 10.  Spring 1:
    #   -2 HP: die 1 → 6 on 4 → 5: die 5 on 4.
    # Turn 2 (3 3 3 3 1 1 4 W 2 5): Build 1 and 1: hyve 6 rows B1-B4 and C1-C4.  Plumose 4:
    #   4-bread → 2.  Nectar: four 3s on hyve 1's built C1-C4, then W2 on 2:B2 (hyve 2):
    #   a Migration: hyve 1 is completed, its unbuilt hexes inert: the four 3s touch no other
    #   variety: 4 HP: die 5 → 6, → 1 on 5, → 2, → 3: die 3 on 5.  2@B3 and 5@C3 go into
    #   hyve 2, now active.  Feed: three of four 3-Bees, one of two 1-Bees, the wild Bee:
    #   -5 → 5.  Migration (Spring): -1 → 4.  Spring 2: -3 HP: die 3 → 2 → 1 → 6 on 4.
    # Turn 3 (1 W 2 5): Build 1: hyve 6 row D1-D4.  Hyve 6 is left with A1-A3, C5 and E1-E3:
    #   pieces of 3, 1 and 3 hexes, and every shape has four: WON at once (nothing else of
    #   the turn is played, so population and HP stay as after turn 2).
    assert rows == [(10, 5, 4, 0), (4, 6, 4, 1), (4, 6, 4, 1)]
    assert state.status == "won" and state.end == ("hyve 6 built",)
    assert state.scores == (4,)
    assert len(state.built[5]) == 12 and all(len(state.built[i]) == 4 for i in range(1, 5))
    assert state.bread == (1, 1, 1, 2, 1)
    assert not any(r.differences for r in reports)


def test_turbo_full_scenario_lost_when_feed_bees_takes_the_last_population():
    state, reports, rows = run("turbo")
    # Turbo sheet: WOBBLY scoring, 2-bread at 6, no 2 row/column/shape in the chamber (rows
    # and columns 1 3 4 5 and W), every jelly's 2-spot pre-filled; a 2-type Bee boosts.
    # Turn 1 (1 2 2 3 5 W): Tend Eggs 1 + boost 2: two line shapes (R1C1 R1C3 R1C4 and R3C1
    #   R3C3 R3C4).  Overwork 5: 6 + 5 = 11.  Nectar: the 2 on C3 is an X, 3@C2, W4@C4.
    #   Feed: two 2-Bees fed by 2-bread 6, the wild Bee: -1 → 10.  Spring 1: 2 HP lost:
    #   wobbly increments: die 1 → 3 on 5 (no wrap).
    # Turn 2 (2 2 4 4 3 1 W W 5 5): Repurpose 2 + boost 2: rerolls 4 bees (W W 5 5 → 4 3 1 W).
    #   Bakery [4, 4]: 4-bread → 2.  Tend Larva 1, row 1: three 1-coloured larva: +1 HP →
    #   die 4 on 5.  Larva on B2 (next to C2 = 3 and the X: 1 colour), B3 (C4 = 4: 1), D3
    #   (C4 = 4: 1): +3 → 13.  Feed (final faces 2 2 4 4 3 1 4 3 1 W): second 1, second 3,
    #   third 4 (level 2), the wild Bee: -4 → 9.  Spring 2: 3 HP lost: die 4 → 5, 6, then
    #   over 6: 1 and one space DOWN: die 1 on 4.
    # Turn 3 (W 2 3 3 5 1 4 W W): Queen's Attendants W + boost 2: two jellies: Fly Drones as a
    #   4 (-4 population → 5, then +8 HP: die 1 → 6 (5 HP), over: 1 on 5, 2, 3: die 3 on 5)
    #   and Plumose as a 3 (3-bread → 2).  Feed: three wild Bees: -3 → 2 (the two 3-Bees are
    #   fed by level 2).  Spring 3: 3 HP lost: die 3 → 6 on 5; -1 population → 1.
    # Turn 4 (W): the wild Bee gathers as a 2: an X on D1, the last empty hex of hyve 1.  The
    #   hyve: only C1 and C2 (3s walled by B1 = 3, the X on C3 and D1, the larva B2) touch no
    #   other variety: every other variety is ignored: 2 HP gained: die 6 → over: 1 on 6 →
    #   2.  Feed: the wild Bee: 1 → 0: LOST.  No Seasonal Effect is played.
    assert rows == [(10, 3, 5, 0), (9, 1, 4, 0), (1, 6, 5, 0), (0, 2, 6, 1)]
    assert state.status == "lost" and state.end == ("population 0",)
    assert state.scores == (2,)
    assert cell(state, 1, "C3").kind == cell(state, 1, "D1").kind == CROSSED.kind   # the Xs
    assert state.bread == (1, 6, 2, 2, 1)
    assert state.jellies[0] == (2, 5) and state.jellies[1] == (2, 4) \
        and state.jellies[3] == (2, 3)
    assert not any(r.differences for r in reports)


def test_long_live_the_queen_full_scenario_lost_with_approval_3_against_3():
    state, reports, rows = run("long-live-the-queen")
    # Long Live the Queen sheet: WOBBLY scoring, 16 positions and no Thriving space; demands:
    # Spring "a Royal Jelly coloured this turn", Summer "a bread upgraded this turn" (they
    # stack: from Summer both are judged), judged every turn before the Seasonal Effect.
    # Turn 1 (5 1 2 3 4 W): Overwork 5: +5 → 11; Feed: the wild Bee: -1 → 10.  Demand met:
    #   Approval 1.  Spring 1: 2 HP lost: die 1 → 3 on 5.
    # Turn 2 (1 1 2 2 3 3 4 4 5 W): Bakery [1, 1]: 1-bread → 2.  Feed: second 2, second 3,
    #   second 4, the wild Bee: -4 → 6.  No jelly coloured: Disapproval 1.  Spring 2: 3 HP
    #   lost: die 3 → 6 on 5.
    # Turn 3 (2 3 4 5 W W): Overwork 2: +2 → 8; Feed: two wild Bees: -2 → 6.  Approval 2.
    #   Spring 3: 3 HP lost: die 6 → over: 1 on 4 → 2 → 3: die 3 on 4; -1 population → 5.
    # Turn 4 (1 1 1 3 W): Bakery [1, 1, 1]: 1-bread 2 → 3.  Nectar 3@E3 fills hyve 1: every
    #   hex touches another variety, all are ignored: the hyve scores 1 HP: die 4 on 4.  W4
    #   goes into hyve 2.  Feed: the wild Bee: -1 → 4.  Migration (Spring): -1 → 3.  No jelly:
    #   Disapproval 2.  Spring 4: 4 HP lost: die 4 → 5, 6, over: 1 on 3, → 2: die 2 on 3.
    # Turn 5 (2 2 W): Bakery [2, 2]: 2-bread → 2.  Feed: the wild Bee: -1 → 2.  Summer: the
    #   Spring demand is not met (Disapproval 3), the Summer one is (Approval 3).  Summer 4:
    #   7 HP lost: die 2 → 6 (4 HP), over: 1 on 2 (5th), 2, 3: die 3 on 2; -1 → 1.
    # Turn 6 (4): Fly Drones 4: population 1 → 0 before any HP is gained: LOST at once, with
    #   Approval 3 and Disapproval 3 (a loss condition loses whatever the tally).
    assert rows == [(10, 3, 5, 0), (6, 6, 5, 0), (5, 3, 4, 0), (3, 2, 3, 1), (1, 3, 2, 1),
                    (0, 3, 2, 1)]
    assert [(r.population, r.status) for r in reports][-1] == (0, "lost")
    assert state.status == "lost" and state.end == ("population 0",)
    assert (state.approval, state.disapproval) == (3, 3)
    assert state.scores == (1,)
    assert state.bread == (3, 2, 1, 1, 1)
    assert not any(r.differences for r in reports)


@pytest.mark.parametrize("mode", MODES)
def test_every_turn_of_every_full_scenario_carries_a_claim(mode):
    raw = tomllib.loads((EXAMPLES / f"{mode}-full.toml").read_text(encoding="utf-8"))
    assert raw["turn"] and all({"population", "die", "position", "hyves"} <= set(t["claim"])
                               for t in raw["turn"])


def test_the_set_has_wins_and_losses():
    ends = {mode: run(mode)[0].status for mode in MODES}
    assert ends == {"coldsnap": "lost", "mites-challenge": "lost", "wasp-war": "won",
                    "bee-builder": "won", "turbo": "lost", "long-live-the-queen": "lost"}


@pytest.mark.parametrize("mode, status, end, last", [
    ("wasp-war", "won", ["thriving"], (14, 1, 11)),
    ("coldsnap", "lost", ["population 0"], (0, 4, 3)),
])
def test_a_full_scenario_through_hyve_check(hk, mode, status, end, last):
    result = hk("hyve", "check", str(EXAMPLES / f"{mode}-full.toml"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["legal"] is True and data["claims_differ"] == []
    assert data["final"]["status"] == status and data["final"]["end"] == end
    t = data["turns"][-1]
    assert (t["population"], t["hp"]["die"], t["hp"]["position"]) == last
    if mode == "wasp-war":
        # the 7 × 7 hyve: 1s in rows A and B, larva in row C, 3s in rows D and E
        assert data["final"]["hyves"][0] == ["   1  1  1", " 1  1  1  1", "L2 L2 L2 L2 L1",
                                             " 3  3  3  3", "   3  3  3"]
        assert data["final"]["hyve_scores"] == [49]
