"""Queen Bee's board as data (Game Board, Setup): the packaged assumed layout and a player's
own board file, checked (unknown keys, adjacency both ways, each hive's spaces)."""

from __future__ import annotations

import copy

import pytest

from hyvekit.data import packaged_toml
from hyvekit.data import queenbee as tables
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.queenbee.spaces import board_from_table, reachable

RAW = packaged_toml("queenbee_board.toml")


def _raw():
    return copy.deepcopy(RAW)


def test_the_packaged_board_is_marked_assumed_and_seats_two_to_six_players():
    b = tables.board()
    assert b.assumed and b.source == "packaged"
    for players in range(2, 7):
        hives = b.hives_for(players)
        assert len(hives) == players == len(set(hives))


def test_each_hive_has_a_nest_three_larva_spaces_and_two_tunnel_entrances():
    """Game Board: "Each hive also has two spaces showing a tunnel entrance ... three spaces
    with larvae"; Setup: the workers' row's two end spaces are tunnels."""
    b = tables.board()
    for number, hive in b.hives.items():
        assert b.spaces[hive.nest].type == "nest"
        assert len(b.larva_spaces(number)) == 3
        assert [b.spaces[n].type for n in hive.workers] == ["hive-tunnel", "hive",
                                                            "hive-tunnel"]
        assert all(hive.nest in b.spaces[n].adjacent for n in hive.warriors)
        assert sum(b.spaces[n].tunnel for n in b.hive_spaces(number)) == 2


def test_adjacency_is_symmetric_on_the_packaged_board():
    b = tables.board()
    for s in b.spaces.values():
        assert all(s.name in b.spaces[a].adjacent for a in s.adjacent)


def test_adjacency_listed_on_one_side_only_is_refused_naming_both_spaces():
    raw = _raw()
    raw["spaces"]["G1b"]["adjacent"].remove("I1")
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw, "mine.toml")
    assert e.value.field == "spaces.G1b.adjacent"
    assert "I1 lists G1b as adjacent, so adjacency goes both ways" in str(e.value)


def test_an_unknown_key_is_refused_with_the_accepted_ones():
    raw = _raw()
    raw["spaces"]["C"]["adjacnt"] = []
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw)
    assert e.value.field == "spaces.C key" and e.value.given == "adjacnt"
    assert "adjacent" in e.value.suggestions
    raw = _raw()
    raw["grass"] = {}
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw)
    assert e.value.field == "board file key" and e.value.given == "grass"


def test_an_adjacent_name_that_is_no_space_and_an_unknown_type_are_refused():
    raw = _raw()
    raw["spaces"]["C"]["adjacent"].append("Z9")
    with pytest.raises(InvalidInputError, match="Z9"):
        board_from_table(raw)
    raw = _raw()
    raw["spaces"]["C"]["type"] = "meadow"
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw)
    assert e.value.field == "spaces.C.type" and e.value.given == "meadow"


def test_a_warriors_row_on_a_tunnel_entrance_is_refused():
    raw = _raw()
    raw["hives"]["1"]["warriors"] = ["E1a", "H1b", "H1c"]
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw)
    assert e.value.field == "hives.1.warriors" and e.value.given == "E1a"


def test_a_hive_with_two_larva_spaces_is_refused():
    raw = _raw()
    raw["spaces"]["H2a"]["larva"] = False
    with pytest.raises(InvalidInputError) as e:
        board_from_table(raw)
    assert "3 larva spaces" in str(e.value) and e.value.field == "hive 2"


def test_reachable_counts_spaces_entered_and_stops_where_a_bee_may_not_go():
    b = tables.board()
    no_tunnels = reachable(b, "H1b", 5, lambda s: not s.tunnel, lambda s: True)
    assert no_tunnels["G1b"] == 2 and no_tunnels["C"] == 4
    assert not any(b.spaces[n].tunnel for n in no_tunnels)
    workers = reachable(b, "E1a", 2, lambda s: True, lambda s: True)
    assert workers["C"] == 2                       # through the tunnel V1
    blocked = reachable(b, "E1a", 2, lambda s: True, lambda s: s.name != "V1")
    assert blocked["V1"] == 1 and blocked.get("C") != 2
