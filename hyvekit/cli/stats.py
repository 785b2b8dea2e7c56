"""``hyvekit stats``: every play in the campaigns folder counted — per player, head to head and
per game — and plays logged to BG Stats (a createPlay link and its QR code, a play file) or
BoardGameGeek (a CSV of its play fields)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import typer

from hyvekit.cli.common import (
    JsonOption,
    campaigns_dir,
    console,
    print_json,
    safe_output,
    table,
    wrapped,
)
from hyvekit.games import plays as P
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.validate import close_matches, input_text, not_one_of

app = typer.Typer(
    help=("Statistics across every record: plays, wins and scores per player and game, head "
          "to head, what each game's group talks about; plays logged to BG Stats or "
          "BoardGameGeek.\n\nExample: hyvekit stats --player Ann --since 2026-01-01"),
    invoke_without_command=True,
)

GameOption = typer.Option(None, "--game", metavar="GAME",
                          help="Only this game: beelives, hyve, queenbee or beez.")
CampaignOption = typer.Option(None, "--campaign", metavar="ID",
                              help="Only the plays of this record.")
PlayerOption = typer.Option(None, "--player", metavar="NAME",
                            help="Only plays this player sat in (case aside).")
SinceOption = typer.Option(None, "--since", metavar="YYYY-MM-DD",
                           help="Only plays started on or after this day.")
AliasOption = typer.Option([], "--alias", metavar="ALIAS=NAME",
                           help="Count ALIAS as NAME (repeatable), e.g. --alias Annie=Ann.")


def offer(play_id: str) -> str:
    """The lines a step that ends a game adds: how to log the play (the command on a line
    of its own, whole at any width)."""
    return ("log this play in BG Stats (a link and its QR code):\n"
            f"  hyvekit stats link {play_id}")


def collected(ctx: typer.Context, game: str | None, campaign: str | None, player: str | None,
              since: str | None, aliases: list[str], field: str = "--campaign"):
    """The plays asked for (``hyvekit stats``' filters), named as counted, and the records
    passed over ``(id, why)``.

    :raises InvalidInputError: an unknown game, a day that is not YYYY-MM-DD, a bad alias.
    """
    from hyvekit.games import campaign_store
    if game is not None and game not in P.GAMES:
        raise not_one_of("--game", game, P.GAMES)
    if since is not None:
        import re
        try:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", since):
                raise ValueError(since)
            datetime.strptime(since, "%Y-%m-%d")
        except ValueError:
            raise InvalidInputError("--since", since, "a day, YYYY-MM-DD (e.g. 2026-02-06)"
                                    ) from None
    alias = P.parse_aliases(aliases)
    store = campaign_store(campaigns_dir(ctx))
    if campaign is not None and not store.exists(campaign):
        raise InvalidInputError(field, campaign, "the id of a record (hyvekit campaign list)",
                                suggestions=close_matches(campaign, store.ids()))
    found, skipped = P.all_plays(store, P.me(), progress=_progress())
    names = P.canonical_names(found, alias)
    everything = P.named(found, names)
    who = names.get(player, alias.get(player.casefold(), player)) if player else None
    return P.narrowed(everything, game=game, record=campaign, player=who, since=since), \
        skipped


def _progress():
    """A progress line on stderr for a long read (a terminal only)."""
    import sys
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if total >= 50 and (done % 25 == 0 or done == total):
            sys.stderr.write(f"\rreading records: {done}/{total}")
            if done == total:
                sys.stderr.write("\r" + " " * 30 + "\r")
            sys.stderr.flush()
    return show


@app.callback()
def stats(ctx: typer.Context,
          game: str = GameOption, campaign: str = CampaignOption, player: str = PlayerOption,
          since: str = SinceOption, alias: list[str] = AliasOption,
          set_bgg_id: tuple[str, str] | None = typer.Option(
              None, "--set-bgg-id", metavar="GAME ID",
              help="Keep a game's BoardGameGeek id for exports (the rulebooks give none)."),
          set_me: str = typer.Option(None, "--set-me", metavar="NAME",
                                     help="Your name, for the HYVE plays (solo records name "
                                          "no player; default 'me')."),
          as_json: bool = JsonOption) -> None:
    """Plays, wins and scores per player and game, head to head, and each game's figures,
    over every record in the campaigns folder.

    Example: hyvekit stats --game beelives --alias Annie=Ann
    """
    if ctx.invoked_subcommand is not None:
        return
    if set_bgg_id is not None or set_me is not None:
        _set(set_bgg_id or (None, None), set_me)
        return
    plays, skipped = collected(ctx, game, campaign, player, since, alias)
    data = P.stats_summary(plays, skipped)
    if as_json:
        print_json(data)
        return
    _show(data, narrowed=any(x for x in (game, campaign, player, since)))


def _set(bgg: tuple[str | None, str | None], name: str | None) -> None:
    data = P.read_settings()
    if bgg[0] is not None:
        if bgg[0] not in P.GAMES:
            raise not_one_of("--set-bgg-id", bgg[0], P.GAMES)
        value = str(bgg[1]).strip()
        if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 10**9:
            raise InvalidInputError("--set-bgg-id ID", bgg[1], "a BoardGameGeek id, a whole "
                                    "number of 1 or more")
        data.setdefault("bgg_ids", {})[bgg[0]] = int(value)
    if name is not None:
        data["me"] = input_text("--set-me", name)
    path = P.write_settings(data)
    said = ([f"{bgg[0]}'s BoardGameGeek id {data['bgg_ids'][bgg[0]]}"] if bgg[0] else []) + (
        [f"your name {data['me']!r} for HYVE plays"] if name is not None else [])
    typer.echo(wrapped(f"kept {' and '.join(said)} in {path}"))


def _show(data: dict[str, Any], narrowed: bool = False) -> None:
    out = console()
    if not data["plays"] and not data["in_progress"]:
        typer.echo(wrapped("No play matches these filters." if narrowed else
                           "No play counted yet: a play is a finished game (a Bee Lives "
                           "campaign, a HYVE scenario or legacy scenario, a Queen Bee match, a "
                           "Beez game) in the campaigns folder."))
        _skipped(data)
        return
    games = ", ".join(f"{P.LABELS[g]} {n}" for g, n in data["by_game"].items())
    typer.echo(wrapped(counted(data["plays"], "play") + (f" ({games})" if games else "")
                       + (f"; {data['in_progress']} still in progress"
                          if data["in_progress"] else "")
                       + (f"; {data['assisted']} assisted (hyvekit's hints shown)"
                          if data.get("assisted") else "")))
    for g in P.LABELS:
        rows = [[x["name"], x["plays"], x["wins"], P.percent(x["wins"], x["plays"]),
                 "-" if x["average"] is None else x["average"],
                 "-" if x["best"] is None else x["best"]]
                for x in data["players"] if x["game"] == g]
        if rows:
            out.print(table(f"{P.LABELS[g]}: players", ["player", "plays", "wins", "win %",
                                                            "average", "best"], rows))
    if data["head_to_head"]:
        out.print(table("Head to head (who finished ahead)", ["game", "players", "plays",
                                                               "ahead", "even"],
                        [[P.LABELS.get(h["game"], h["game"]), " vs ".join(h["players"]),
                          h["plays"], "–".join(str(h["ahead"][n]) for n in h["players"]),
                          h["even"]] for h in data["head_to_head"]]))
    for g, figures in data["games"].items():
        _game_figures(g, figures)
    _skipped(data)


def _tally_rows(tally: dict[str, list[int]]) -> list[list[Any]]:
    return [[k, n, w, P.percent(w, n)] for k, (n, w) in tally.items()]


def _game_figures(game: str, f: dict[str, Any]) -> None:
    out = console()
    label = P.LABELS[game]
    if game == "beelives":
        out.print(table(f"{label}: by queen", ["queen", "played", "won", "win %"],
                        _tally_rows(f["by_queen"])))
        out.print(table(f"{label}: by number of players", ["players", "plays", "with a winner",
                                                           "%"], _tally_rows(f["by_players"])))
        if f["solo_cards"]:
            out.print(table(f"{label}: solo cards", ["card", "plays", "won", "win %"],
                            _tally_rows(f["solo_cards"])))
        typer.echo(f"wild hives destroyed: {f['wild_hives_destroyed']}")
    elif game == "hyve":
        if f["by_scenario"]:
            out.print(table(f"{label}: legacy scenarios", ["scenario", "played", "won",
                                                           "win %"],
                            _tally_rows(f["by_scenario"])))
        out.print(table(f"{label}: by mode", ["mode", "played", "won", "win %"],
                        _tally_rows(f["by_mode"])))
        for r in f["runs"]:
            bought = "; ".join(f"{k} {v}" for k, v in r["bought"].items() if v) or "nothing"
            typer.echo(wrapped(f"legacy run {r['run']}: {counted(r['scenarios'], 'scenario')}"
                               f", {r['won']} won, {r['honey']} honey earned; bought so far: "
                               f"{bought}"))
    elif game == "queenbee":
        out.print(table(f"{label}: by number of players", ["players", "matches"],
                        [[k, n] for k, (n, _) in f["by_players"].items()]))
    elif game == "beez":
        out.print(table(f"{label}: by common objective", ["objective", "plays"],
                        [[k, n] for k, (n, _) in f["by_objective"].items()]))


def skipped_line(ids: list[str]) -> str:
    """The line naming the records passed over (stderr)."""
    return wrapped(f"{counted(len(ids), 'record')} passed over (unreadable or refused on "
                   "replay; hyvekit campaign check ID tells why): " + ", ".join(ids))


def _skipped(data: dict[str, Any]) -> None:
    if data["skipped"]:
        typer.echo(skipped_line([s["id"] for s in data["skipped"]]), err=True)


@app.command("plays")
def plays_(ctx: typer.Context, game: str = GameOption, campaign: str = CampaignOption,
           player: str = PlayerOption, since: str = SinceOption,
           alias: list[str] = AliasOption, as_json: bool = JsonOption) -> None:
    """Every play, a line each: when, which game, who (the winner starred), how long.

    Example: hyvekit stats plays --since 2026-11-01
    """
    plays, skipped = collected(ctx, game, campaign, player, since, alias)
    plays.sort(key=lambda p: (p.started or "", p.source_id))
    if as_json:
        info = P.games_info()
        print_json([{"id": p.source_id, "finished": p.finished, "comment": p.comment,
                     "play": P.bgstats_play(p, info)} for p in plays])
        return
    rows = [[p.source_id, P.play_date(p, _local())[:10] or "-", P.LABELS[p.game],
             ", ".join(s.name + ("*" if s.winner else "")
                       + (f" {s.score}" if s.score is not None else "") for s in p.seats),
             "-" if p.minutes is None else p.minutes,
             "done" if p.finished else "playing"] for p in plays]
    console().print(table("Plays (* won)", ["play", "date", "game", "players", "min",
                                            "state"], rows))
    _skipped({"skipped": [{"id": i} for i, _ in skipped]})


@app.command("link")
def link(ctx: typer.Context,
         play: str = typer.Argument(..., metavar="PLAY",
                                    help="A play as 'stats plays' names it: a record's id, "
                                         "ID#N for the N-th play of a legacy run or match "
                                         "log."),
         qr: Path = typer.Option(None, "--qr", metavar="FILE",
                                 help="Also save the QR code as an image (.svg or .png)."),
         show_qr: bool = typer.Option(True, "--show-qr/--no-show-qr",
                                      help="Draw the QR code in the terminal."),
         force: bool = typer.Option(False, "--force", help="Replace the --qr file if it "
                                                           "exists.")) -> None:
    """The BG Stats link that logs a finished play in the app (open it on the phone: scan
    the QR code), and the link's QR code.

    Example: hyvekit stats link spring-league
    """
    record = play.split("#", 1)[0]
    plays, _ = collected(ctx, None, record, None, None, [], field="PLAY")
    found = next((p for p in plays if p.source_id == play), None)
    if found is None and len(plays) == 1 and "#" not in play:
        found = plays[0]
    if found is None:
        known = [p.source_id for p in plays]
        raise InvalidInputError("PLAY", play, "; ".join(known) if known else
                                "a play listed by hyvekit stats plays",
                                suggestions=close_matches(play, known))
    if not found.finished:
        raise IllegalActionError("Play logging", f"{found.source_id} is still being played: a "
                                 "play is logged once the game is over",
                                 expected="a finished play", given=found.source_id)
    if qr is not None and qr.suffix.lower() not in (".png", ".svg"):
        raise InvalidInputError("--qr", str(qr), "a file name ending .png or .svg")
    url = P.bgstats_link(found, P.games_info(), _local())
    typer.echo(url)
    import segno
    code = segno.make(url, error="l")
    if qr is not None:
        target = _output(qr, ctx, "--qr", force)
        code.save(str(target), scale=4, border=2)
        typer.echo(f"QR code saved: {target}")
    if show_qr:
        import shutil
        import sys
        width = code.symbol_size(border=1)[0]
        if width > shutil.get_terminal_size((80, 24)).columns:
            typer.echo(wrapped(f"(the QR code needs {width} columns: widen the terminal"
                               + (", or open the file saved" if qr is not None else
                                  ", or save it with --qr FILE.png") + ")"))
        else:
            code.terminal(out=sys.stdout, compact=True, border=1)


def _local():
    """The local time zone, for the dates a play logger shows (the records keep UTC)."""
    return datetime.now().astimezone().tzinfo


def _output(path: Path, ctx: typer.Context, option: str, force: bool) -> Path:
    """An output path checked (:func:`safe_output`), its folder made when missing."""
    target = safe_output(path, ctx, option=option, force=force)
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


@app.command("export")
def export(ctx: typer.Context,
           out: Path = typer.Argument(..., metavar="FILE",
                                      help="The file to write (.bgsplay or .json for BG "
                                           "Stats, .csv for BoardGameGeek)."),
           game: str = GameOption, campaign: str = CampaignOption,
           player: str = PlayerOption, since: str = SinceOption,
           alias: list[str] = AliasOption,
           force: bool = typer.Option(False, "--force", help="Replace FILE if it exists.")
           ) -> None:
    """Write the finished plays as a BG Stats play file (import it in the app) or as a CSV of
    BoardGameGeek's play fields, by FILE's ending.

    Example: hyvekit stats export plays.bgsplay --since 2026-01-01
    """
    from hyvekit.store.storage import atomic_write_text
    kind = out.suffix.lower()
    if kind not in (".bgsplay", ".json", ".csv"):
        raise InvalidInputError("FILE", str(out), "a name ending .bgsplay or .json (BG Stats) "
                                "or .csv (BoardGameGeek)")
    plays, _ = collected(ctx, game, campaign, player, since, alias)
    plays.sort(key=lambda p: (p.started or "", p.source_id))
    target = _output(out, ctx, "FILE", force)
    info = P.games_info()
    if kind == ".csv":
        text = P.bgg_csv(plays, info, _local())
    else:
        now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
        text = json.dumps(P.bgstats_file(plays, info, now, _local()), ensure_ascii=False,
                          indent=1)
    atomic_write_text(target, text)
    typer.echo(f"{counted(sum(p.finished for p in plays), 'play')} written to {target}")
