"""A whole standard-mode scenario played turn by turn through the turn records (hyve.txt, Turn
Structure), every value worked out by hand in the comments; the record format's refusals; and a
hypothesis property test: random legal turns never break the invariants."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hyvekit.data.hyve import read_record, sheet_definition, sheet_definitions
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.record import parse_record, replay
from hyvekit.rules.hyve.scoring import HEXES, counted_hexes
from hyvekit.rules.hyve.turn import (Bakery, GatherNectar, Placement, QueensAttendants,
                                     Refresh, Repurpose, SeasonalEffect, bee, new_scenario, play)

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hyve"

SCENARIO = """
[scenario]
sheet = "standard"

[[turn]]
dice = [1, 3, 3, 6, 2, 5]
assign = [
  { action = "tend-eggs", bee = 3, squares = ["R1C1", "R2C1", "R2C2"] },
  { action = "queens-attendants", bee = 5, jelly = "overwork" },
]
nectar = ["1@C3", "3@C2", "W1@C4", "2@A1"]
effect = 1

[[turn]]
dice = [4, 4, 2, 2, 3, 1, 5, 6, 6]
assign = [
  { action = "repurpose", bee = 2, reroll = ["W", "W"], result = [3, 4] },
  { action = "bakery", bees = [4, 4], bread = 4 },
  { action = "tend-larva", bee = 1, line = "row", larva = ["B2"] },
]
nectar = ["2@E1", "3@E2", "5@E3", "3@D1", "4@D2"]
effect = 2

[[turn]]
dice = [5, 5, 1, 1, 2, 4, 3, 6, 2]
assign = [
  { action = "queens-attendants", bee = 1, jelly = "plumose" },
  { action = "bakery", bees = [5, "W"], bread = 5 },
]
nectar = ["5@A2", "1@A3", "2@B1", "4@B3", "3@B4", "2@C1"]
effect = 3

[[turn]]
dice = [1, 1, 2, 4, 5, 3]
nectar = ["1@C5", "1@D3", "4@D4", "2@C3", "5@A1", "3@E3"]
effect = 4

[[turn]]
dice = [1, 2, 3, 4, 5]
nectar = ["1@C1", "2@C2", "3@C4", "4@C5", "5@B1"]
effect = 4

[[turn]]
dice = [1, 2, 4, 5]
nectar = ["1@B2", "2@B3", "4@B4", "5@D1"]
effect = 3

[[turn]]
dice = [3, 1, 6]
assign = [{ action = "tend-larva", bee = "W", line = "row 2", larva = ["D2", "D3"] }]
nectar = ["3@E1", "1@E2"]
effect = 2
"""


def record(text=SCENARIO):
    return parse_record(tomllib.loads(text), sheet_definitions())


def test_full_standard_scenario_worked_out_by_hand():
    state, reports = replay(record())
    got = [(r.population, r.die, r.position, r.hyves_completed) for r in reports]
    # Flat scoring; the die starts on 1 at the Starting Space 5; population 6; bread 1 each.
    # Turn 1: Overwork +5 → 11; feed: two 3-Bees on bread 1 (1 lost) and a wild Bee (1 lost)
    #   → 9.  Spring 1: -2 HP: die 1 → 0 = one space down, reset 6, → 5: die 5 on 4.
    # Turn 2: Repurpose rerolls W W → 3 4; Bakery 4-bread → 2; Tend Larva row 1 holds the
    #   green L: +1 HP (die 6 on 4), one larva on B2 next to A1 (2), C3 (1), C2 (3): +3
    #   population → 12; feed 4 4 2 2 3 1 5 3 4 on bread 1 1 1 2 1: one 2, one 3 and one 4
    #   unsupported → 9.  Spring 2: -3 HP → die 3 on 4.
    # Turn 3: Plumose 1-bread → 2; Bakery 5-bread → 2 (a 5 and a wild Bee); feed 5 5 1 1 2 4
    #   3 W 2 on bread 2 1 1 2 2: one 2 and the wild Bee → 7.  Spring 3: -3 HP, -1 → die 6
    #   on 3, population 6.
    # Turn 4: three nectar complete hyve 1 (every variety touches another: 1 HP → die 1 on
    #   4); the other three go into hyve 2; Migration in Spring: -1 → 5.  Spring 4: -4 HP →
    #   die 3 on 3.
    # Turn 5: 1 2 3 4 5 all fed.  Summer 4: -7 HP, -1 → die 2 on 2, population 4.
    # Turn 6: all fed.  Summer 3: -5 HP, -1 → die 3 on 1, population 3.
    # Turn 7: a wild Bee encircles row 2 (two green larva): +1 HP → die 4 on 1; D2 touches
    #   D1 (5), C2 (2), C3 (2) → 2 and D3 touches E3 (3), C3 (2), C4 (3) → 2: +4 → 7; feed
    #   loses the wild Bee → 6.  Summer 2: -5 HP: 4 → 0 enters Colony Collapse: LOST.
    assert got == [(9, 5, 4, 0), (9, 3, 4, 0), (6, 6, 3, 0), (5, 3, 3, 1), (4, 2, 2, 1),
                   (3, 3, 1, 1), (6, 6, 0, 1)]
    assert state.status == "lost" and state.end == ("colony collapse",)
    assert state.scores == (1,)
    assert all(not counted_hexes(state.hyves[0], v) for v in state.hyves[0].varieties)
    assert state.bread == (2, 1, 1, 2, 2)
    assert state.jellies[0] == (5,) and state.jellies[3] == (1,)


def test_the_example_file_is_that_scenario_and_its_claims_hold():
    state, reports = replay(read_record(EXAMPLES / "standard-legal.toml"))
    assert state.status == "lost" and len(reports) == 7
    assert not any(r.differences for r in reports)


def test_the_illegal_example_names_the_rule_and_the_turn():
    with pytest.raises(IllegalActionError) as exc:
        replay(read_record(EXAMPLES / "standard-illegal.toml"))
    assert exc.value.rule == "Hyve: Queen's Attendants" and exc.value.turn == 2
    assert "turn 2:" in str(exc.value) and "given 5" in str(exc.value)


def test_a_turn_after_the_end_is_refused():
    text = SCENARIO + '\n[[turn]]\ndice = [1]\nnectar = ["1@A2"]\neffect = 1\n'
    with pytest.raises(IllegalActionError) as exc:
        replay(record(text))
    assert exc.value.rule == "Hyve: How to Win (or Lose)" and exc.value.turn == 8


def test_a_claim_that_differs_is_reported():
    text = SCENARIO.replace("effect = 1\n", "effect = 1\nclaim = { population = 10, die = 5 }\n",
                            1)
    _, reports = replay(record(text))
    assert reports[0].differences == ("population: claimed 10, derived 9",)


@pytest.mark.parametrize("text, field", [
    ('[scenario]\nsheet = "nope"\n', "scenario.sheet"),
    ('[[turn]]\nassign = []\n', "turn 1 dice"),
    ('[[turn]]\ndice = [7]\n', "turn 1 dice"),
    ('[[turn]]\ndice = [1]\nassign = [{ action = "dance", bee = 1 }]\n', "turn 1 assign 1 action"),
    ('[[turn]]\ndice = [1]\nnectar = ["1:C3"]\n', "turn 1 nectar"),
    ('[[turn]]\ndice = [1]\nnectar = ["1@Z9"]\n', "turn 1 nectar"),
    ('[[turn]]\ndice = [1]\nassign = [{ action = "tend-eggs", bee = 1, squares = ["R9C1"] }]\n',
     "turn 1 assign 1 (tend-eggs) squares"),
    ('[[turn]]\ndice = [1]\ncolour = "red"\n', "turn 1 key"),
    ('[scenario]\nsheet = "wasp-war"\n[[turn]]\ndice = [1]\neffect = 1\n', "turn 1 effect"),
])
def test_malformed_records_name_the_field(text, field):
    with pytest.raises(InvalidInputError) as exc:
        record(text)
    assert exc.value.field.startswith(field)


# --- property: random legal turns keep the invariants -------------------------------------

STANDARD = sheet_definition("standard")


@st.composite
def turns(draw):
    return draw(st.lists(st.tuples(
        st.lists(st.integers(1, 6), min_size=10, max_size=10),   # the dice (first n used)
        st.lists(st.sampled_from(["repurpose", "bakery", "queen", "none"]), max_size=3),
        st.randoms(use_true_random=False)), min_size=1, max_size=12))


def _try(s, action):
    try:
        return play(s, action)
    except IllegalActionError:
        return s


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns())
def test_random_legal_turns_never_break_invariants(plan):
    s = new_scenario(STANDARD)
    top = STANDARD.hp_track.top
    for dice, wanted, rng in plan:
        if s.status != "playing":
            break
        n = min(s.population, STANDARD.refresh_max)
        s = play(s, Refresh(tuple(dice[:n])))
        for kind in wanted:
            pool = list(s.pool)
            if not pool:
                break
            face = rng.choice(pool)
            if kind == "repurpose":
                k = rng.randint(1, 5) if face == 6 else face
                others = list(pool)
                others.remove(face)
                if len(others) >= k:
                    s = _try(s, Repurpose(bee(face), tuple(others[:k]),
                                          tuple(rng.randint(1, 6) for _ in range(k))))
            elif kind == "bakery" and face != 6:
                level = s.bread[face - 1]
                if pool.count(face) >= level + 1:
                    s = _try(s, Bakery((bee(face),) * (level + 1), face))
            elif kind == "queen":
                value = face if face != 6 else rng.randint(1, 5)
                jelly = rng.choice([0, 1, 3])            # no larva to place: no hexes needed
                s = _try(s, QueensAttendants(bee(face, value if face == 6 else None), jelly,
                                             reward=rng.choice(s.sheet.rewards)))
            # each action at most once per turn: a second use is refused
            assert len(s.used) == len(set(s.used))
            if s.used and s.status == "playing":
                probe = {"repurpose": Repurpose(bee(1), (), ()), "bakery": Bakery((), 1),
                         "queens-attendants": QueensAttendants(bee(1), 0)}[s.used[-1]]
                with pytest.raises(IllegalActionError) as exc:
                    play(s, probe)
                assert exc.value.rule == "Hyve: Assign Workers"
            if s.status != "playing":
                break
        if s.status != "playing":
            break
        # gather: fill empty hexes of the active hyve, then the next (the overflow)
        placements, hyve, taken = [], s.active, set()
        for face in s.pool:
            empties = [h for h in HEXES if s.hyves[hyve][h].kind == "empty" and h not in taken]
            if not empties:
                hyve, taken = hyve + 1, set()
                empties = list(HEXES)
            h = rng.choice(empties)
            taken.add(h)
            placements.append(Placement(bee(face, rng.randint(1, 5) if face == 6 else None), h))
        s = play(s, GatherNectar(tuple(placements)))
        if s.status == "playing":
            s = play(s, SeasonalEffect(rng.choice(s.available_effects)))
        # invariants
        assert s.population >= 0
        assert 0 <= s.position <= top and 1 <= s.die <= 6
        assert all(1 <= b <= 6 for b in s.bread)
        assert s.hyves_completed == s.active == sum(1 for g in s.hyves if not g.empty)
        assert (s.status == "lost") == (s.population == 0 or s.position == 0) or \
            s.status == "won"
        if s.status == "playing":
            assert s.phase == "refresh" and s.population > 0 and 0 < s.position < top


@pytest.mark.parametrize("name", ["standard-legal", "turbo-legal", "wasp-war-legal",
                                  "bee-builder-legal"])
def test_every_legal_example_replays_with_its_claims(name):
    state, reports = replay(read_record(EXAMPLES / f"{name}.toml"))
    assert reports and not any(r.differences for r in reports)
