"""Queen Bee tables read from files: the packaged ``queenbee.toml`` (die faces, the card table,
the player-count variants) and a player's own faces file.

The rules core builds the values from the tables (:mod:`hyvekit.rules.queenbee.tables`); this
module only reads and caches.  Packaged values are read once per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hyvekit.data import load_toml, packaged_toml
from hyvekit.rules.queenbee.tables import Card, Dice, cards_from_table, dice_from_file, \
    dice_from_table

TABLE = "queenbee.toml"


@lru_cache(maxsize=1)
def _packaged() -> dict[str, Any]:
    return packaged_toml(TABLE)


@lru_cache(maxsize=1)
def packaged_dice() -> Dice:
    """The packaged (assumed) die faces."""
    return dice_from_table(_packaged()["dice"], "packaged")


def dice(path: str | Path | None = None) -> Dice:
    """The packaged dice, or a player's faces file with a ``[dice]`` table.

    :raises InvalidInputError: unreadable file or bad faces.
    """
    if path is None:
        return packaged_dice()
    return dice_from_file(load_toml(path), Path(path).name)


@lru_cache(maxsize=1)
def _cards() -> dict[str, Card]:
    return cards_from_table(_packaged())


def cards() -> dict[str, Card]:
    """Every card the rulebook names, by name (the packaged table; a fresh dict each call)."""
    return dict(_cards())


def variants() -> dict[str, Any]:
    """The ``[variants]`` table: cards removed and extra cards dealt by player count."""
    import copy
    return copy.deepcopy(_packaged()["variants"])


BOARD_TABLE = "queenbee_board.toml"


@lru_cache(maxsize=1)
def packaged_board():
    """The packaged board (hyvekit's assumed layout: the rulebook prints no map)."""
    from hyvekit.rules.queenbee.spaces import board_from_table
    return board_from_table(packaged_toml(BOARD_TABLE), "packaged")


def board(path: str | Path | None = None):
    """The packaged board, or a player's own board file of the same shape.

    :raises InvalidInputError: unreadable file, or a board that does not check (the problem
        named where it is).
    """
    if path is None:
        return packaged_board()
    from hyvekit.rules.queenbee.spaces import board_from_table
    return board_from_table(load_toml(path), Path(path).name)


def board_table(path: str | Path | None = None) -> dict[str, Any]:
    """The board's table as read (to freeze into a match's record), checked first.

    :raises InvalidInputError: as :func:`board`.
    """
    board(path)
    return packaged_toml(BOARD_TABLE) if path is None else load_toml(path)
