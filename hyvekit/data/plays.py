"""How each game is named when its plays are logged (``plays.toml``): the title, BG Stats'
``highestWins``, ``noPoints`` and ``cooperative``.  BoardGameGeek ids are the user's own
(``hyvekit stats --set-bgg-id``): none is packaged."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hyvekit.data import packaged_toml

TABLE = "plays.toml"
KEYS = ("name", "highest_wins", "no_points", "cooperative")


@lru_cache(maxsize=1)
def game_names() -> dict[str, dict[str, Any]]:
    """Game id → ``{name, highest_wins, no_points, cooperative}``."""
    raw = packaged_toml(TABLE)
    return {game: {k: entry[k] for k in KEYS} for game, entry in raw.items()}
