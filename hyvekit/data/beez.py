"""Beez tables read from files: the packaged ``beez.toml`` (the honeycomb's row labels, the
nectar colours, the objective card library) and a player's own layout file.

The rules core builds the values (:mod:`hyvekit.rules.beez.honeycomb`,
:mod:`hyvekit.rules.beez.objectives`); this module reads and caches (packaged values once per
process).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from hyvekit.data import load_toml, packaged_toml
from hyvekit.rules.beez.honeycomb import Layout, Palette, layout_from_file, palette_from_table
from hyvekit.rules.beez.objectives import Objective, objectives_from_table

TABLE = "beez.toml"


@lru_cache(maxsize=1)
def _packaged() -> dict[str, Any]:
    return packaged_toml(TABLE)


@lru_cache(maxsize=1)
def packaged_layout() -> Layout:
    """The packaged row labels (``[layout]``)."""
    return Layout.from_dict(_packaged()["layout"])


def layout(path: str | Path | None = None) -> Layout:
    """The packaged layout, or a player's own TOML file holding a ``[layout]`` table.

    :raises InvalidInputError: unreadable file, unknown key, impossible layout.
    """
    return packaged_layout() if path is None else layout_from_file(load_toml(path))


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The packaged nectar colours (``[nectar]``)."""
    return palette_from_table(_packaged()["nectar"])


@lru_cache(maxsize=1)
def _objectives() -> dict[str, Objective]:
    return objectives_from_table(_packaged()["objective"], _colour_names())


def _colour_names() -> list[str]:
    return [c.name for c in palette().colours]


def objectives() -> dict[str, Objective]:
    """The packaged objective card library by id (``[[objective]]``; a fresh dict each call)."""
    return dict(_objectives())


#: the tables of ``beez.toml`` a player's cards file may hold (a copy made by ``data copy``)
CARD_FILE_KEYS = ("rules", "layout", "nectar", "objective")


def card_rows(path: str | Path) -> list[dict[str, Any]]:
    """The ``[[objective]]`` tables of a player's cards file (a copy of ``beez.toml`` made
    with ``hyvekit data copy beez FILE``, its other tables ignored), checked.

    :raises InvalidInputError: unreadable file, unknown table, a malformed card.
    """
    from hyvekit.rules.validate import require_table
    raw = require_table(f"cards file {path}", load_toml(path), CARD_FILE_KEYS)
    rows = raw.get("objective", [])
    objectives_from_table(rows, _colour_names())
    return rows


def objectives_with(rows: list[dict[str, Any]] | None) -> dict[str, Objective]:
    """The card library with a player's cards (``[[objective]]`` rows as :func:`card_rows`
    reads them) added; a card of the same id replaces the packaged one.

    :raises InvalidInputError: a malformed card.
    """
    return {**objectives(), **objectives_from_table(rows or [], _colour_names())}
