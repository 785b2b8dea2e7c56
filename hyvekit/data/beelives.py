"""Bee Lives tables read from files: the packaged board values (``beelives.toml``), season cards
(``beelives_seasons.toml``), solo cards (``beelives_solo.toml``) and map data
(``beelives_map.toml``), and a player's own files of the same shapes.

The rules core builds the values from the tables (:func:`~hyvekit.rules.beelives.board.board_from_tables`,
:func:`~hyvekit.rules.beelives.seasons.cards_from_dict`,
:func:`~hyvekit.rules.beelives.solo.solo_cards_from_tables`,
:func:`~hyvekit.rules.beelives.map.map_data_from_dict`); this module reads the files and caches
the packaged values (read once per process).  A player's file is read every time it is asked
for: it may have changed.

:func:`components` / :func:`campaign_components` put the values a game or a campaign is played
with together, as the rules core takes them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hyvekit.data import load_toml, packaged_toml
from hyvekit.rules.beelives.board import Board, board_from_tables
from hyvekit.rules.beelives.seasons import SeasonCard, cards_from_dict

if TYPE_CHECKING:                  # the map's modules load when a map is played (or read)
    from hyvekit.rules.beelives.map import MapData
    from hyvekit.rules.beelives.solo_cards import SoloCards

BOARD_TABLE = "beelives.toml"
SEASONS_TABLE = "beelives_seasons.toml"
SOLO_TABLE = "beelives_solo.toml"
MAP_TABLE = "beelives_map.toml"


@lru_cache(maxsize=None)
def _packaged(name: str) -> dict[str, Any]:
    return packaged_toml(name)


def packaged_table(name: str) -> dict[str, Any]:
    """A packaged Bee Lives table as read (a deep copy: callers may change it)."""
    import copy
    return copy.deepcopy(_packaged(name))


# --- board ------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def packaged_board() -> Board:
    """The packaged board (read once)."""
    return board_from_tables(_packaged(BOARD_TABLE))


def board_table(path: str | Path) -> dict[str, Any]:
    """A player's own board file as read (the tables it gives; the rest is the packaged
    board's).  This is what a campaign keeps in its record.

    :raises InvalidInputError: unreadable file or not TOML.
    """
    return load_toml(path)


def board_from_values(own: dict[str, Any] | None) -> Board:
    """The board a player's own table (as :func:`board_table` read it, or as a record keeps
    it) makes, merged over the packaged one; None or empty: the packaged board.

    :raises InvalidInputError: unknown table or impossible value.
    """
    return board_from_tables(_packaged(BOARD_TABLE), own) if own else packaged_board()


def board(path: str | Path | None = None) -> Board:
    """The packaged board, or a player's own board file merged over it (table by table).

    :raises InvalidInputError: unreadable file, unknown table or impossible value.
    """
    return board_from_values(board_table(path)) if path else packaged_board()


# --- season cards, solo cards, map --------------------------------------------------------------

@lru_cache(maxsize=1)
def _packaged_season_cards() -> tuple[SeasonCard, ...]:
    return cards_from_dict(_packaged(SEASONS_TABLE))


def season_cards(path: str | Path | None = None) -> tuple[SeasonCard, ...]:
    """The packaged 27 season cards, or a player's own file of the same shape (all 27).

    :raises InvalidInputError: unreadable file or a malformed card.
    """
    return cards_from_dict(load_toml(path)) if path else _packaged_season_cards()


@lru_cache(maxsize=1)
def _packaged_solo_cards() -> SoloCards:
    from hyvekit.rules.beelives.solo_cards import solo_cards_from_tables
    return solo_cards_from_tables(_packaged(SOLO_TABLE))


class _PackagedSoloCards:
    """The packaged solo cards as the components hold them: read when first used (a game
    without solo cards reads neither their file nor their module), then the same as
    :func:`solo_cards` gives."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):          # pickle's and copy's look-ups, not the cards'
            raise AttributeError(name)
        return getattr(_packaged_solo_cards(), name)

    def __reduce__(self) -> str:
        return "_PACKAGED_SOLO"            # pickled and copied as the one instance

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PackagedSoloCards) or _packaged_solo_cards() == other

    def __hash__(self) -> int:
        return hash(_packaged_solo_cards())

    def __repr__(self) -> str:
        return repr(_packaged_solo_cards())


_PACKAGED_SOLO = _PackagedSoloCards()


def solo_cards(path: str | Path | None = None) -> SoloCards:
    """The packaged solo cards, or a player's own file merged over them section by section.

    :raises InvalidInputError: unreadable file, unknown table or key, impossible value.
    """
    if not path:
        return _packaged_solo_cards()
    from hyvekit.rules.beelives.solo_cards import solo_cards_from_tables
    return solo_cards_from_tables(_packaged(SOLO_TABLE), load_toml(path))


@lru_cache(maxsize=1)
def _packaged_map_data() -> MapData:
    from hyvekit.rules.beelives.map import map_data_from_dict
    return map_data_from_dict(_packaged(MAP_TABLE))


def map_data(path: str | Path | None = None) -> MapData:
    """The packaged map data (tile bag, reach, card targets), or a file of the same shape.

    :raises InvalidInputError: unreadable file, missing table or impossible value.
    """
    from hyvekit.rules.beelives.map import map_data_from_dict
    return map_data_from_dict(load_toml(path)) if path else _packaged_map_data()


# --- what a game is played with -----------------------------------------------------------------

def components(board: Board | None = None, cards: tuple[SeasonCard, ...] | None = None,
               solo: SoloCards | None = None):
    """The month sequencer's :class:`~hyvekit.rules.beelives.game.Components`: the board,
    season cards and solo cards given, the packaged ones for those left out (the solo cards
    read when first used)."""
    from hyvekit.rules.beelives.cards import card_rules
    from hyvekit.rules.beelives.state import Components
    return Components(board if board is not None else packaged_board(),
                      cards if cards is not None else _packaged_season_cards(),
                      solo if solo is not None else _PACKAGED_SOLO, card_rules)


def campaign_components(board: Board | None = None, cards: tuple[SeasonCard, ...] | None = None,
                        solo: SoloCards | None = None):
    """A campaign's :class:`~hyvekit.rules.beelives.campaign.Components` (the month
    sequencer's and the solo cards), the packaged values for those left out."""
    from hyvekit.rules.beelives.campaign import Components
    game = components(board, cards, solo)
    return Components(game, game.solo)
