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
