"""``hyvekit queenbee board`` (and, at the table, ``new -p``): Queen Bee's board as data —
the assumed layout hyvekit ships (the rulebook prints no map) or a player's own board file,
checked and listed.

The rules are :mod:`hyvekit.rules.queenbee.spaces`; the packaged board is
``data/queenbee_board.toml`` (docs/queenbee-table.md draws it).
"""

from __future__ import annotations

from pathlib import Path

import typer

from hyvekit.cli.common import JsonOption, console, print_json, table, wrapped
from hyvekit.cli.queenbee import app

BoardOption = typer.Option(
    None, "--board", metavar="FILE",
    help="Your own board: a copy of the packaged one ('hyvekit data copy queenbee_board FILE') "
         "with your spaces and adjacency.")


def board_of(path: Path | None):
    """The packaged board, or the player's own board file (checked).

    :raises InvalidInputError: no such file, or a board that does not check.
    """
    from hyvekit.cli.beez import existing_file
    from hyvekit.data import queenbee as tables
    return tables.board(existing_file(path, "--board") if path is not None else None)


@app.command("board")
def board(board_file: Path | None = BoardOption, as_json: bool = JsonOption) -> None:
    """The board's spaces: each space's type, hive, larva mark and the spaces next to it,
    and which hives the players take by player count. The packaged board is hyvekit's
    assumption (the rulebook prints no map); --board checks and lists your own.

    Example: hyvekit queenbee board --board my-board.toml
    """
    b = board_of(board_file)
    if as_json:
        print_json(b.to_dict())
        return
    out = console()
    rows = [[s.name, s.type, "" if s.hive is None else s.hive, "yes" if s.larva else "",
             " ".join(s.adjacent)] for s in b.spaces.values()]
    out.print(table(f"Queen Bee board ({b.source}): {len(rows)} spaces",
                    ["space", "type", "hive", "larva", "adjacent"], rows))
    out.print(wrapped("hives by player count: " + "; ".join(
        f"{n} players: {', '.join(map(str, h))}" for n, h in b.seats)), soft_wrap=True)
    if b.assumed:
        out.print(wrapped("assumed: the rulebook prints no map; this layout is hyvekit's own "
                          "(docs/queenbee-table.md). Pass --board FILE with yours."),
                  soft_wrap=True)
