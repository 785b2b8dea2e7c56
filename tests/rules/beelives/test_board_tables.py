"""A player's own board table merged over the packaged one (hyvekit.rules.beelives.board:
table by table, the disease track side by side, the rulebook table key by key and its forage
chart season by season); a malformed one is bad input, never an internal error."""

from __future__ import annotations

import pytest

from hyvekit.data.beelives import packaged_board, packaged_table
from hyvekit.rules.beelives.board import board_from_tables
from hyvekit.rules.common import InvalidInputError


def test_a_partial_rulebook_table_changes_only_its_keys():
    packaged = packaged_table("beelives.toml")
    own = {"rulebook": {"starvation_vp": -3, "forage": {"spring": {
        "bloom": [1, 1, 0], "wilt": [2, 2, 0], "harvest": [1, 1, 0], "wet": [1, 1, 3]}}}}
    board = board_from_tables(packaged, own)
    base = packaged_board()
    assert board.starvation_vp == -3 and base.starvation_vp == -2
    assert board.max_workers == base.max_workers and board.raid_dice == base.raid_dice
    chart = {(season, tile): v for season, tile, v in board.forage}
    assert chart["spring", "bloom"] == (1, 1, 0)
    assert chart["summer", "bloom"] == {(s, t): v for s, t, v in base.forage}["summer", "bloom"]


@pytest.mark.parametrize("own", [{"rulebook": {"forage": 3}},
                                 {"rulebook": {"raid_dice": "many"}},
                                 {"comb": {"min_size": 10}}])
def test_a_malformed_board_table_is_bad_input(own):
    with pytest.raises(InvalidInputError):
        board_from_tables(packaged_table("beelives.toml"), own)
