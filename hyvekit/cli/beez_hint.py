"""``hyvekit beez hint`` and ``hyvekit beez review``: the advisor's faces
(:mod:`hyvekit.cli.advisor`, the same for every game it knows) on Beez games
(docs/advisor.md, "Beez")."""

from __future__ import annotations

from hyvekit.cli.advisor import add_advisor_commands
from hyvekit.cli.beez import app
from hyvekit.cli.beez_table import GameArg, load_game

add_advisor_commands(app, "beez", load_game, GameArg, "friday", "honey drops")
