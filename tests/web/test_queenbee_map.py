"""Queen Bee's board as the web table draws it (hyvekit/web/queenbee_map.py): every space of
the match's board placed apart from the others, a line for each adjacency, each player's bees
counted by kind on their spaces."""

from __future__ import annotations

import math

from hyvekit.web.queenbee_map import board_map

from .conftest import QUEEN_BEE_TO_ALLIANCE


def _state(hk, *steps: str):
    from hyvekit.games import campaign_store
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "-p", "Cy").returncode == 0
    if steps:
        made = hk("queenbee", "do", "friday", *steps)
        assert made.returncode == 0, made.stdout + made.stderr
    return campaign_store(hk.campaigns).state("friday")[1]


def test_every_space_is_drawn_apart_with_a_line_for_each_adjacency(hk):
    state = _state(hk)
    board = state.setup.board
    drawn = board_map(state)
    spaces = {s["name"]: s for s in drawn["spaces"]}
    assert set(spaces) == set(board.spaces)
    assert all(spaces[n]["type"] == board.spaces[n].type for n in spaces)
    closest = min(math.dist((a["x"], a["y"]), (b["x"], b["y"]))
                  for a in drawn["spaces"] for b in drawn["spaces"] if a is not b)
    assert closest > 1.0                 # a space's circle is 1.6 across when it holds bees
    lines = {frozenset(x) for x in drawn["lines"]}
    assert lines == {frozenset((n, a)) for n, s in board.spaces.items() for a in s.adjacent}
    # hive 1 at the top: its nest highest of all, the hives in seat order round the circle
    assert spaces["N1"]["y"] == min(s["y"] for s in drawn["spaces"])
    assert drawn["hives"] == {"1": "Ann", "2": None, "3": "Bo", "4": None, "5": "Cy",
                              "6": None}


def test_the_bees_are_counted_by_kind_on_their_spaces(hk):
    steps = [f"{who}: {step}" for who, step in QUEEN_BEE_TO_ALLIANCE[:11]]
    bees = board_map(_state(hk, *steps))["bees"]
    assert bees["I1"] == [{"player": "Bo", "seat": 1, "queen": 1, "warrior": 0, "worker": 0}]
    assert bees["G1b"] == [{"player": "Ann", "seat": 0, "queen": 0, "warrior": 1,
                            "worker": 0}]
    assert bees["H1b"][0]["warrior"] == 2 and "N3" not in bees
    total = {p: sum(h[k] for here in bees.values() for h in here if h["player"] == p
                    for k in ("queen", "warrior", "worker")) for p in ("Ann", "Bo", "Cy")}
    assert total == {"Ann": 15, "Bo": 15, "Cy": 15}
