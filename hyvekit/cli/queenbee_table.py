"""``hyvekit queenbee board`` (and, at the table, ``new -p``): Queen Bee's board as data —
the assumed layout hyvekit ships (the rulebook prints no map) or a player's own board file,
checked and listed.

The rules are :mod:`hyvekit.rules.queenbee.spaces`; the packaged board is
``data/queenbee_board.toml`` (docs/queenbee-table.md draws it).
"""

from __future__ import annotations

from pathlib import Path

import typer

from typing import Optional

from hyvekit.cli.common import JsonOption, console, print_json, table, wrapped, wrapped_parts
from hyvekit.cli.queenbee import app, append_match, new_group
from hyvekit.rules.common import InvalidInputError

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


@app.command("new")
def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="A name for the match, or the group's match "
                                             "log."),
        players: Optional[str] = typer.Option(None, "--players", metavar="A,B,C",
                                              help="A match log: the group's players "
                                                   "(optional; names logged later must then "
                                                   "be among them)."),
        player: list[str] = typer.Option([], "--player", "-p", metavar="NAME",
                                         help="A match at the table: a player (2-6, "
                                              "repeatable), in seat order from the first "
                                              "player."),
        skills: str = typer.Option("none", "--skills", metavar="none|one|two",
                                   help="A match at the table: hive skills a player "
                                        "(Advanced Rules: one, two cards dealt each and "
                                        "one kept; two, all twelve drafted)."),
        board_file: Optional[Path] = typer.Option(
            None, "--board", metavar="FILE", help="A match at the table: your own board "
            "('hyvekit data copy queenbee_board FILE'); the match keeps it."),
        group_id: Optional[str] = typer.Option(None, "--id", help="Choose the id yourself."),
        ) -> None:
    """Start a match played at the table, turn by turn (-p NAME for each player), or a
    match log for a group of players (--players).

    Example: hyvekit queenbee new "Friday" -p ann -p bob -p cy --skills one
    """
    if player:
        if players is not None:
            raise InvalidInputError("--players", players, "either -p NAME for each player (a "
                                    "match at the table) or --players A,B,C (a match log), "
                                    "not both")
        new_match(ctx, name, player, skills, board_file, group_id)
        return
    if skills != "none" or board_file is not None:
        raise InvalidInputError("--skills" if skills != "none" else "--board",
                                skills if skills != "none" else str(board_file),
                                "-p NAME for each player: --skills and --board are for a "
                                "match at the table")
    new_group(ctx, name, players, group_id)


MatchArg = typer.Argument(..., metavar="MATCH", help="The match's id (see 'hyvekit campaign "
                                                     "list').")


def new_match(ctx: typer.Context, name: str, players: list[str], skills: str,
              board_file: Path | None, match_id: str | None) -> None:
    """``queenbee new NAME -p A -p B …``: a match at the table (its setup checked by
    replaying it before it is stored).

    :raises InvalidInputError: bad names, skills, board; a player count outside 2-6.
    """
    from hyvekit.cli.common import command_hint, command_store, note_if_renamed
    from hyvekit.data import queenbee as tables
    from hyvekit.games.queenbee import match_setup
    from hyvekit.games.queenbee import SKILL_MODES
    from hyvekit.rules.validate import MAX_PLAYER_NAME, input_text, not_one_of
    mode = skills.strip().lower()
    if mode not in SKILL_MODES:
        raise not_one_of("--skills", skills, SKILL_MODES)
    settings: dict = {"players": [input_text("--player", p, MAX_PLAYER_NAME) for p in players],
                      "skills": SKILL_MODES[mode]}
    if board_file is not None:
        b = board_of(board_file)
        settings["board"] = tables.board_table(Path(board_file))
        settings["board_file"] = str(Path(board_file).resolve())
        del b
    match_setup(settings)                                # checked before it is stored
    record = command_store(ctx).create(name, "queenbee", "match", settings, match_id)
    mid = record.header["id"]
    if match_id is None:
        note_if_renamed(name, mid)
    typer.echo(wrapped(f"created Queen Bee match {mid!r}: {', '.join(settings['players'])}"
                       + (f" ({mode} hive skill{'s' * (mode == 'two')} each)"
                          if mode != "none" else "")))
    typer.echo(command_hint(["queenbee", "next", mid]))


def load_match(ctx: typer.Context, match_id: str):
    """``(record, Table)`` of a Queen Bee match.

    :raises InvalidInputError: the record is another kind of campaign.
    """
    from hyvekit.cli.common import campaigns_dir
    from hyvekit.games import record_of
    return record_of(campaigns_dir(ctx), match_id, "queenbee", "match", "MATCH",
                     "the id of a Queen Bee match", " record")


def next_data(t) -> dict:
    """``next --json``: the decision due and the table."""
    from hyvekit.cli.table import table_data
    from hyvekit.games.table import table_game
    return table_data(table_game("queenbee", "match"), t)


def print_match_table(v: dict) -> None:
    """The match for people: whose turn, each player, the bees on each space, a battle."""
    from hyvekit.rules.validate import shown_data
    v = shown_data(v)
    out = console()
    out.print(f"Queen Bee · {v['turn']}'s turn · deck {v['deck']} · discard {v['discard']}"
              if v["turn"] else "Queen Bee · the match is over", highlight=False)
    out.print(table("Players", ["player", "hive", "hand", "bees", "reserve", "queen", "serves",
                                "skills"],
                    [[p["name"], p["hive"], p["hand"], p["bees"], p["reserve"],
                      p["queen"] or "defeated", p["serves"], p["skills"]]
                     for p in v["players"]]))
    out.print(wrapped("bees: " + "; ".join(f"{s} {who}" for s, who in v["spaces"].items())),
              soft_wrap=True, highlight=False)
    if "battle" in v:
        out.print(wrapped(battle_line(v["battle"])), soft_wrap=True, highlight=False)
    if v["board_assumed"]:
        out.print("[dim]board: hyvekit's assumed layout (docs/queenbee-table.md)[/dim]")


def battle_line(b: dict) -> str:
    """A battle (the table view's ``battle``) in one line: the space, each side's bees and
    dice, the attack's exact odds."""
    return (f"battle on {b['space']}: {b['attacker']} ({b['attacker_bees']}"
            f"{': ' + b['attacker_dice'] if b['attacker_dice'] else ''}) against "
            f"{b['defender']} ({b['defender_bees']}"
            f"{': ' + b['defender_dice'] if b['defender_dice'] else ''})"
            + (f"; the attack succeeds {b['attack_odds']} of the time"
               if "attack_odds" in b else "")
            + (f" with {b['rerolling']}'s best re-roll, {b['attack_odds_keep']} if "
               f"{b['rerolling']} keeps these dice" if "attack_odds_keep" in b else ""))


def print_decision(data: dict, match: str) -> None:
    """The decision due, its legal options, and the command to give it."""
    from hyvekit.cli.common import command_hint
    from hyvekit.cli.table import suggested_step
    from hyvekit.games.queenbee import steps_shown
    from hyvekit.rules.validate import shown_data
    data = shown_data(data)
    out = console()
    if data["decision"] is None:
        out.print(data["prompt"], highlight=False)
        return
    out.print(wrapped(f"[bold]due:[/bold] {data['prompt']}", keep=len("[bold]due:[/bold]")),
              highlight=False, soft_wrap=True)
    shown, left = steps_shown(data["legal"], 24)
    out.print("\n".join(wrapped_parts(shown + ([f"… and {left} more (--json lists them)"]
                                               if left else []), first="  ", indent="  ")),
              highlight=False, soft_wrap=True)
    if data["more"]:
        out.print(wrapped(f"(also: {data['more']})", first="  ", indent="  "),
                  highlight=False, soft_wrap=True)
    typer.echo(command_hint(["queenbee", "do", match], step=suggested_step(data)))


def print_status(record, state) -> None:
    """``campaign show`` of a match: the table and what is due."""
    data = next_data(state)
    print_match_table(data["table"])
    print_decision(data, record.header["id"])


@app.command("next")
def next_(ctx: typer.Context, match: str = MatchArg, as_json: bool = JsonOption) -> None:
    """What is due in a match: whose turn, each player, the bees on the board, a battle with
    its odds, and the decision due with its legal steps. --json gives {"actor", "decision",
    "legal": [...], "table": ...}: every string in legal is a step 'queenbee do' accepts.

    Example: hyvekit queenbee next friday
    """
    record, state = load_match(ctx, match)
    data = next_data(state)
    if as_json:
        print_json(data)
        return
    print_status(record, state)


@app.command("do")
def do(ctx: typer.Context, match: str = MatchArg,
       steps: list[str] = typer.Argument(..., metavar="STEP...",
                                         help="Steps in the notation of "
                                              "docs/queenbee-table.md, e.g. flight, \"move "
                                              "warrior H1b G1b\", done, roll, keep. Several "
                                              "are applied in order, all or none."),
       roll: bool = typer.Option(False, "--roll", help="hyvekit rolls every die that comes "
                                                       "due."),
       as_json: bool = JsonOption) -> None:
    """Apply steps of a match and store each as it is made: the action, each bee's move,
    the attack, the dice (rolled by hyvekit or as you rolled them), re-rolls, the battle's
    end. A step against the rules is refused with the rule and the legal steps (exit 1);
    nothing is stored then.

    Example: hyvekit queenbee do friday sting "move warrior H1b G1b" "attack G1b G2b" roll
    """
    from hyvekit.cli.common import command_store
    from hyvekit.cli.table import applied_data, store_steps
    from hyvekit.games.table import table_game
    record, state = load_match(ctx, match)
    applied = store_steps(command_store(ctx), match, steps, roll=roll,
                          game=table_game("queenbee", "match"), known=(record, state))
    data = next_data(applied.state)
    if as_json:
        print_json({**applied_data(applied), **data})
        return
    out = console()
    for line in applied.said:
        out.print(wrapped(line, first="  ", indent="    "), highlight=False, soft_wrap=True)
    print_match_table(data["table"])
    print_decision(data, record.header["id"])
    if data["decision"] is None and applied.steps:      # the step that ended the match
        from hyvekit.cli.stats import offer
        typer.echo(offer(record.header["id"]))


@app.command("log-match")
def log_match_played(ctx: typer.Context,
                     group: str = typer.Argument(..., metavar="GROUP",
                                                 help="The match log's id."),
                     match: str = MatchArg,
                     date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD"),
                     dry_run: bool = typer.Option(False, "--dry-run",
                                                  help="Check only; record nothing.")) -> None:
    """Log a match played at the table into a group's match log: its players, the winner,
    the queens in the order they fell, hive skills and forced alliances, as the table
    played them (the log's checks apply).

    Example: hyvekit queenbee log-match friday-hive friday
    """
    from hyvekit.cli.common import campaigns_dir
    from hyvekit.games import queenbee as Q
    from hyvekit.games import record_of
    from hyvekit.rules.common import IllegalActionError
    record, state = record_of(campaigns_dir(ctx), group, "queenbee", "matches", "GROUP",
                              "the id of a Queen Bee match log")
    _, table = load_match(ctx, match)
    if not Q.table_engine().pending(table).over:
        raise IllegalActionError("Queen Bee: End of the Game", f"the match {match!r} is not "
                                 "over: it ends when only one queen remains",
                                 hint=f"hyvekit queenbee next {match}")
    played = Q.played_match(table, f"played at the table: {match}", date)
    try:
        append_match(ctx, group, played, (record, state), dry_run)
    except InvalidInputError as e:
        if e.field != "--players":
            raise
        raise InvalidInputError(f"the players of match {match!r}", e.given,
                                f"{e.allowed} (the group's players, given when "
                                f"'queenbee new --players' made it)") from None
