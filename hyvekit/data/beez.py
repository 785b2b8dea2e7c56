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
    return objectives_from_table(_packaged()["objective"])


def objectives() -> dict[str, Objective]:
    """The packaged objective card library by id (``[[objective]]``; a fresh dict each call)."""
    return dict(_objectives())
