"""``hyvekit beez``: final scoring (``score``), flight plans (``flight``), storing checks
(``check-store``).  The rules live in :mod:`hyvekit.rules.beez`; this module only parses options,
calls them and formats the output."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from hyvekit.cli.common import JsonOption, console, print_json, table, wrapped
from hyvekit.rules.common import InvalidInputError, counted

app = typer.Typer(
    help=("Beez: score honeycombs against the objective cards, plan flights, check storing.\n\n"
          "Example: hyvekit beez score docs/examples/beez-score.toml"),
    no_args_is_help=True,
)

LayoutOption = typer.Option(
    None, "--layout", metavar="FILE",
    help="Your honeycomb's row labels: a TOML file with a [layout] table shaped like the one "
         "in hyvekit/data/beez.toml (the packaged labels other than '4/5' are assumed).")


def existing_file(path: Path, option: str) -> Path:
    """The file ``path`` given to ``option``; a relative path into ``examples/`` or ``docs/``
    missing here is the copy that comes with hyvekit (:func:`~hyvekit.cli.examples.example_file`).

    :raises InvalidInputError: no such file (a folder is not one).
    """
    from hyvekit.cli.examples import example_file
    path = example_file(Path(path))
    if not Path(path).is_file():
        raise InvalidInputError(option, str(path), "an existing file")
    return Path(path)


def _layout(path: Optional[Path]):
    from hyvekit.data.beez import layout
    return layout(existing_file(path, "--layout") if path else None)


@app.command()
def score(file: Path = typer.Argument(..., metavar="FILE",
                                      help="Score file (TOML): common cards and one [[player]] "
                                           "table per player; see docs/beez.md."),
          layout: Optional[Path] = LayoutOption,
          as_json: bool = JsonOption) -> None:
    """Score a finished game: each objective card's honey drops per player, and the winner.

    Ties go to the player with more large nectar; still tied, the victory is shared.  Scores
    that depend on a value the rulebook does not give are marked.  Exit code 1 when a player's
    `claimed` total differs from the cards' total.

    Example: hyvekit beez score docs/examples/beez-score.toml --json
    """
    from hyvekit.data import load_toml
    from hyvekit.games.beez import END_TRIGGER, game_ended
    from hyvekit.data import beez as tables
    from hyvekit.games.beez import format_honeycomb
    from hyvekit.games.beez import check_claims, parse_score_sheet

    raw = load_toml(existing_file(file, "FILE"))
    lay, palette = _layout(layout), tables.palette()
    sheet = parse_score_sheet(raw, lay, palette, tables.objectives())
    players, outcome = sheet.score()
    ended = game_ended([p.honeycomb for p in players])
    if as_json:
        print_json({
            "title": sheet.title, "layout": {"name": lay.name, "rows": list(lay.labels),
                                             "assumed_rows": [r + 1 for r in lay.assumed_rows]},
            "players": [{
                "name": p.name, "total": p.total, "nectar": p.honeycomb.count,
                "large_nectar": p.large_nectar, "claimed": p.claimed,
                "honeycomb": format_honeycomb(p.honeycomb, palette, labels=False).splitlines(),
                "objectives": [{"id": s.objective.id, "name": s.objective.name,
                                "honey": s.honey, "detail": s.detail,
                                "assumed": bool(s.assumptions),
                                "assumptions": list(s.assumptions)} for s in p.scores],
                "assumptions": list(p.assumptions)} for p in players],
            "winners": list(outcome.winners), "shared": outcome.shared,
            "tie_broken_by_large_nectar": outcome.tie_broken, "game_ended": ended,
        })
    else:
        out = console()
        for p in players:
            rows = [[s.objective.name + (" *" if s.assumptions else ""), s.honey, s.detail]
                    for s in p.scores]
            rows.append(["total", p.total, f"{p.honeycomb.count} nectar, "
                                           f"{p.large_nectar} large"])
            out.print(table(f"{p.name}", ["objective", "honey drops", "how"], rows))
            for a in p.assumptions:
                out.print(wrapped(f"* depends on an assumption: {a}", first="  ", indent="    "),
                          soft_wrap=True, highlight=False)
        names = " and ".join(outcome.winners)
        top = max(p.total for p in players)
        if outcome.shared:
            line = f"Shared victory: {names} ({top} honey drops"
            line += ", tied on large nectar too)" if outcome.tie_broken else ")"
        else:
            line = f"Winner: {names} ({top} honey drops"
            line += ", more large nectar breaks the tie)" if outcome.tie_broken else ")"
        out.print(f"[bold]{line}[/bold]")
        if not ended:
            out.print(f"note: no honeycomb holds {END_TRIGGER} nectar, so the game has not "
                      "ended by the rules")
    check_claims(players)


@app.command()
def flight(facing: int = typer.Option(..., "--facing", metavar="SIDE",
                                      help="The side 1-6 (clockwise) your bee's head faces."),
           direction: Optional[int] = typer.Option(None, "--direction", metavar="SIDE",
                                                   help="The side 1-6 you want to fly towards."),
           distance: Optional[int] = typer.Option(None, "--distance", metavar="SPACES",
                                                  help="Check this distance (needs --direction)."),
           as_json: bool = JsonOption) -> None:
    """Flight plan (Phase 1): the distances the hive allows in each direction.

    With only --facing, lists all six sides; with --direction, that side's distances; with
    --distance too, checks the flight (exit code 1 if the hive does not allow it).

    Example: hyvekit beez flight --facing 1 --direction 3 --distance 4
    """
    from hyvekit.games.beez import allowed_distances, check_flight, flight_options
    if distance is not None and direction is None:
        raise InvalidInputError("--distance", distance, "--direction SIDE with it")
    if direction is None:
        options = flight_options(facing)
        if as_json:
            print_json({"facing": facing, "directions": [
                {"direction": o.direction, "distances": list(o.distances),
                 "allowed": o.allowed} for o in options]})
            return
        console().print(table(f"Bee facing side {facing}", ["direction", "distances (spaces)"],
                              [[o.direction, o.label()] for o in options]))
        return
    distances = allowed_distances(facing, direction)
    if as_json and distance is None:
        print_json({"facing": facing, "direction": direction, "distances": list(distances),
                    "allowed": bool(distances)})
        return
    if distance is None:
        typer.echo(f"direction {direction}: " + (" or ".join(map(str, distances)) + " spaces"
                                                 if distances else "not allowed (your bee "
                                                 "faces this side)"))
        return
    check_flight(facing, direction, distance)
    if as_json:
        print_json({"facing": facing, "direction": direction, "distance": distance,
                    "distances": list(distances), "allowed": True})
    else:
        typer.echo(wrapped(f"ok: {distance} spaces towards side {direction}; turn your bee to "
                           f"face side {direction} (it is the 'not allowed' side on your next "
                           "flight)"))


@app.command("check-store")
def check_store(honeycomb: Path = typer.Argument(..., metavar="HONEYCOMB",
                                                 help="Text file with your honeycomb "
                                                      "(5 lines, see docs/beez.md)."),
                distance: int = typer.Option(..., "--distance", metavar="SPACES",
                                             help="The flight distance just completed (1-5)."),
                collected: str = typer.Option(..., "--collected", metavar="TOKENS",
                                              help="The nectar collected, e.g. 'W p' (upper "
                                                   "case = large)."),
                at: list[str] = typer.Option([], "--at", metavar="CHAMBER",
                                             help="Where you store them, in order of "
                                                  "--collected (A1..E3, or - to put that "
                                                  "one back); repeatable."),
                expert: bool = typer.Option(False, "--expert",
                                            help="Rules for Experts: adjacent storing."),
                layout: Optional[Path] = LayoutOption,
                as_json: bool = JsonOption) -> None:
    """Phase 3: where collected nectar may be stored, and what goes back on the flower.

    Without --at, lists the legal chambers; with --at, checks the storing (exit code 1 if a
    rule says no) and prints the honeycomb after it.

    Example: hyvekit beez check-store docs/examples/honeycomb.txt --distance 5 --collected "P w" --at A2 --at A3
    """
    from hyvekit.data.beez import palette as load_palette
    from hyvekit.games.beez import (format_honeycomb, max_storable,
                                              parse_chamber, parse_honeycomb, parse_nectar,
                                              check_collected, check_collected_count,
                                              settle_collected)
    from hyvekit.rules.common import require_int
    lay, palette = _layout(layout), load_palette()
    try:
        text = existing_file(honeycomb, "HONEYCOMB").read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError("HONEYCOMB", str(honeycomb), "a text file (UTF-8) holding a "
                                "honeycomb, see docs/beez.md") from None
    hc = parse_honeycomb(text, lay, palette, str(honeycomb))
    distance = require_int("--distance", distance, 1, 5)
    nectar = [parse_nectar(t, palette, "--collected") for t in collected.replace(",", " ").split()]
    check_collected_count(nectar, collected)
    check_collected(nectar)
    if len(at) > len(nectar):
        raise InvalidInputError("--at", ",".join(at), f"at most {len(nectar)} chambers, one "
                                "per collected nectar")
    if not at:
        free = hc.legal_chambers(distance, expert)
        most = max_storable(hc, len(nectar), distance, expert)
        if as_json:
            print_json({"distance": distance, "legal_chambers": [str(c) for c in free],
                        "storable": most, "must_go_back": len(nectar) - most})
            return
        typer.echo(wrapped(f"legal chambers for a flight of {distance}: "
                           f"{', '.join(map(str, free)) or 'none'}"))
        typer.echo(wrapped(f"{most} of {len(nectar)} nectar can be stored"
                           + (f"; {len(nectar) - most} must go back on the flower (a large one "
                              "on the centre, with your bee on top)" if most < len(nectar)
                              else "")))
        return
    placements = [(n, parse_chamber(c)) for n, c in zip(nectar, at) if c.strip() != "-"]
    result = settle_collected(hc, nectar, distance, placements, expert)
    if as_json:
        print_json({"stored": [[n.token(palette), str(c)] for n, c in result.stored],
                    "returned": [n.token(palette) for n in result.returned],
                    "bee_on_flower": result.bee_on_flower,
                    "marker_moves": result.marker_moves,
                    "honeycomb": format_honeycomb(result.honeycomb, palette,
                                                  labels=False).splitlines()})
        return
    typer.echo(format_honeycomb(result.honeycomb, palette))
    typer.echo(wrapped(f"stored {result.marker_moves}: move your player marker "
                       f"{counted(result.marker_moves, 'space')} right "
                       f"({result.honeycomb.count} nectar "
                       "stored)"))
    for line in result.describe_returned():
        typer.echo(wrapped(f"goes back: {line}"))
