"""``hyvekit beelives new / log / status / year-end``: Bee Lives campaign records — standard,
multi-year and solo games (basic, challenge, scenario, campaign mode) logged month by month,
each month checked by the rules core against the derived state.

The commands are registered on the ``hyvekit beelives`` group (:mod:`hyvekit.cli.beelives`);
the rules live in :mod:`hyvekit.rules.beelives.campaign`, the record in the campaign store.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.beelives import app, wild_state, winter_vp
from hyvekit.cli.common import (JsonOption, campaigns_dir, command_hint, command_store, console,
                                 note_if_renamed, print_json, resume_instead, table,
                                 with_expected, wrapped)
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.common import counted

GAME, KIND = "beelives", "campaign"
CampaignArg = typer.Argument(..., metavar="CAMPAIGN",
                             help="The campaign's id (see 'hyvekit campaign list').")


def require_campaign(ctx: typer.Context, campaign_id: str) -> None:
    """Refuse an id that is not a Bee Lives campaign's before logging to it.

    :raises InvalidInputError: the record is another kind of campaign.
    """
    from hyvekit.games import require_kind
    require_kind(campaigns_dir(ctx), campaign_id, GAME, KIND, "CAMPAIGN",
                 "the id of a Bee Lives campaign", " record")


def load_campaign(ctx: typer.Context, campaign_id: str):
    """``(record, CampaignState)`` of a Bee Lives campaign.

    :raises InvalidInputError: the record is another kind of campaign.
    """
    from hyvekit.games import record_of
    record, state = record_of(campaigns_dir(ctx), campaign_id, GAME, KIND, "CAMPAIGN",
                              "the id of a Bee Lives campaign", " record")
    return record, state


def _pairs(option: str, values: list[str], example: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for v in values:
        name, eq, value = v.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise InvalidInputError(option, v, f"NAME=VALUE, e.g. {example}")
        out[name.strip()] = value.strip().lower()
    return out


# --- new --------------------------------------------------------------------------------------

@app.command("new")
def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="A name for the campaign; its id is made from it."),
        player: list[str] = typer.Option([], "--player", "-p", metavar="NAME:QUEEN[:COLOUR]",
                                         help="A player in turn (clockwise) order, with the "
                                              "starting queen type (repeatable, 1-4). QUEEN: "
                                              + accepted("queens")),
        first_player: Optional[str] = typer.Option(None, "--first-player", metavar="NAME",
                                                   help="Who takes the first player marker "
                                                        "(default: the first --player)."),
        years: Optional[int] = typer.Option(None, "--years", min=1, max=3,
                                            help="Game length: 1, 2 (long) or 3 (epic), the "
                                                 "Multiple Years Variant."),
        solo: Optional[str] = typer.Option(None, "--solo", metavar="MODE",
                                           help="Solo play. " + accepted("solo-modes")),
        hard: bool = typer.Option(False, "--hard", help="Solo basic mode's harder rule (a "
                                  "strength-3 wild hive after a summer or fall month without "
                                  "a spawn)."),
        challenge: Optional[str] = typer.Option(None, "--challenge", metavar="CARD",
                                                help="A challenge card, or 'random' to draw "
                                                     "one. " + accepted("challenges")),
        scenario: Optional[str] = typer.Option(None, "--scenario", metavar="CARD",
                                               help="A scenario card (solo scenario mode). "
                                                    + accepted("scenarios")),
        campaign_card: Optional[str] = typer.Option(None, "--campaign-card", metavar="CARD",
                                                    help="A campaign card. "
                                                         + accepted("campaign-cards")),
        board_file: Optional[Path] = typer.Option(None, "--board", metavar="FILE",
                                                  help="Your own board values (TOML); the "
                                                       "campaign keeps them."),
        on_map: bool = typer.Option(False, "--map", help="Play on the map: every position is "
                                    "checked (month files give 'at = [q, r]'), the solo map "
                                    "goals are measured on it."),
        seed: Optional[int] = typer.Option(None, "--seed", help="Seed for drawing a random "
                                           "challenge card (repeatable draws)."),
        campaign_id: Optional[str] = typer.Option(None, "--id", help="Choose the id yourself."),
        as_json: bool = JsonOption,
        ) -> None:
    """Start a Bee Lives campaign: a standard game, a long or epic game (--years 2 or 3), or
    solo play in basic, challenge, scenario or campaign mode.

    Example: hyvekit beelives new "League" -p Susan:prolific:yellow -p Jeremy:aggressive --years 2

    Example: hyvekit beelives new "Solo siege" -p Ann:nomadic --solo challenge --challenge random
    """
    import random

    from hyvekit.games.beelives import new_campaign_settings
    from hyvekit.games import beelives as C
    settings = C.settings_from_options(player, first_player=first_player, years=years,
                                       solo=solo, hard=hard, challenge=challenge,
                                       scenario=scenario, campaign=campaign_card, on_map=on_map)
    kind = settings["kind"]
    if board_file is not None:
        if not board_file.is_file():
            raise InvalidInputError("--board", str(board_file), "an existing board file (TOML)")
        settings["board"] = str(board_file.resolve())
    try:
        header, checked, comps = new_campaign_settings(settings)
    except InvalidInputError as exc:        # a player's field: named by the --player given
        import re
        m = re.fullmatch(r"players\[(\d+)\]\.(\w+)", exc.field)
        if m is None or not 0 < int(m[1]) <= len(player):
            raise
        raise InvalidInputError(f"--player {player[int(m[1]) - 1]}: {m[2]}", exc.given,
                                exc.allowed, exc.suggestions) from None
    st = command_store(ctx)
    if campaign_id is None and not as_json and resume_instead(st, name, GAME, KIND,
                                                              ["beelives", "next"]):
        return
    record = st.create(name, GAME, KIND, header, campaign_id)
    cid = record.header["id"]
    drawn = None
    if checked.challenge == C.RANDOM:
        drawn = C.draw_challenge(comps, random.Random(seed))
        st.append(cid, "draw-card", {"card": drawn})
    if as_json:
        print_json({"id": cid, "kind": kind, "years": checked.years, "challenge":
                    drawn or checked.challenge, "scenario": checked.scenario,
                    "campaign": checked.campaign})
        return
    what = {"standard": "a standard one-year game", "multi-year": f"a {checked.years}-year game",
            "solo-basic": "solo basic mode" + (" with the harder rule" if hard else ""),
            "solo-challenge": "solo challenge mode", "solo-scenario": "solo scenario mode",
            "solo-campaign": f"solo campaign mode ({checked.years} years)"}[kind]
    if campaign_id is None:
        note_if_renamed(name, cid)
    typer.echo(wrapped(f"created Bee Lives campaign {cid!r}: {what}, "
                       f"{', '.join(p.name for p in checked.players)}"))
    for label, card in (("challenge card", drawn or checked.challenge),
                        ("scenario card", checked.scenario), ("campaign card", checked.campaign)):
        if card:
            text = comps.solo.find(card).text
            typer.echo(wrapped(f"{label}{' drawn' if drawn and label == 'challenge card' else ''}"
                               f": {card} — {text}"))
    if checked.map:
        typer.echo("played on the map: hyvekit keeps the tiles, distances and placements")
    typer.echo(command_hint(["beelives", "next", cid],
                            lead="next (play the month at the table): "))
    typer.echo(command_hint(["beelives", "log", cid, "MONTH.toml"],
                            lead="  or (log a month file): "))


@app.command("draw")
def draw(ctx: typer.Context, campaign: str = CampaignArg,
         seed: Optional[int] = typer.Option(None, "--seed", help="Seed for the draw."),
         as_json: bool = JsonOption) -> None:
    """Draw the challenge card of a solo campaign created with --challenge random (done by
    'new'; needed again only if that draw was undone).

    Example: hyvekit beelives draw solo-siege --seed 3
    """
    import random

    from hyvekit.games import beelives as C
    record, state = load_campaign(ctx, campaign)
    C.check_draw(state)
    card = C.draw_challenge(state.comps, random.Random(seed))
    event, _ = command_store(ctx).append(campaign, "draw-card", {"card": card})
    if as_json:
        print_json({"seq": event["seq"], "challenge": card})
        return
    typer.echo(wrapped(f"challenge card drawn: {card} — {state.comps.solo.find(card).text}"))


# --- log --------------------------------------------------------------------------------------

def _month_event(path: Path, override: bool, reason: Optional[str]) -> dict:
    from hyvekit.data import load_toml
    from hyvekit.games import beelives as rec
    from hyvekit.cli.examples import example_file
    path = example_file(path)
    if path.is_dir():
        raise InvalidInputError("FILE", str(path), "a month file, not a folder")
    if not path.exists():
        raise InvalidInputError("FILE", str(path), "an existing month file (TOML)")
    raw = load_toml(path)
    stated = raw.pop("stated", None) if isinstance(raw, dict) else None
    if not rec.is_month_file(raw):
        raise InvalidInputError(str(path), "not a month file", "a month file: year, month, card, "
                                "[[turn]] at the top level (and optionally [stated])")
    try:
        json.dumps(raw)
    except (TypeError, ValueError):
        raise InvalidInputError(str(path), "a date or time value", "text, numbers, lists and "
                                "tables only") from None
    data: dict = {"month": raw}
    if stated:
        data["stated"] = stated
    if override:
        data["override"] = True
        if reason:
            data["reason"] = reason
    elif reason:
        raise InvalidInputError("--reason", reason, "a reason only with --override")
    return data


def _month_rows(state) -> list[list]:
    from hyvekit.games.beelives import hive_rows
    return [[r["name"], r["workers"], r["honey"], r["pollen"], r["water"], r["empty"],
             r["comb"], r["disease"], r["vp"]] for r in hive_rows(state)]


@app.command("log")
def log(ctx: typer.Context, campaign: str = CampaignArg,
        files: list[Path] = typer.Argument(..., metavar="FILE...",
                                           help="Month records (TOML): year, month, card, "
                                                "phase choices, [[turn]]s, claims. Several "
                                                "files are logged in order, all or none."),
        override: bool = typer.Option(False, "--override", help="Record a month the rules core "
                                      "refuses anyway, marked as disputed (one FILE)."),
        reason: Optional[str] = typer.Option(None, "--reason", metavar="TEXT",
                                             help="Why the month is overridden."),
        as_json: bool = JsonOption) -> None:
    """Log a productive month: it is played by the rules core against the campaign's state
    (every phase, every turn, cleanup, claimed values). An illegal month is refused with the
    rule's name (exit 1) and the record is left unchanged; --override records it anyway,
    marked as disputed in the history and the status.

    Month record format: docs/beelives-campaigns.md (the same as 'hyvekit beelives check'),
    plus an optional [stated] table for solo games.

    Example: hyvekit beelives log league examples/beelives/campaign/2p-y1-01-march.toml
    """
    from hyvekit.cli.examples import example_files
    files = [f for given in files for f in example_files(given)]    # the README's patterns
    if override and len(files) > 1:
        raise InvalidInputError("--override", f"{len(files)} files", "one FILE at a time")
    events = [("month", _month_event(f, override, reason)) for f in files]
    try:
        require_campaign(ctx, campaign)
        done = command_store(ctx).append_many(campaign, events)
    except IllegalActionError as exc:
        raise with_expected(exc) from None
    event, state = done[-1]
    entry = state.months[-1]
    if as_json:
        from hyvekit.games.beelives import summary
        print_json({"seq": event["seq"], "events": [e["seq"] for e, _ in done],
                    "override": entry.override, "dispute": entry.dispute,
                    "derived": entry.derived, "month": entry.summary, "status": summary(state)})
        return
    from hyvekit.games.beelives import month_name
    out = console()
    out.print(table(f"logged year {entry.year} {month_name(entry.month)} — card: {entry.card}"
                    + (" (OVERRIDE)" if entry.override else ""),
                    ["hive", "workers", "honey", "pollen", "water", "empty", "comb",
                     "disease", "VP"], _month_rows(state)))
    if state.game.wild:
        out.print(table(None, ["wild hive", "strength", "state"],
                            [[w.name, w.strength, wild_state(w.dormant, w.haunted, w.infected)]
                             for w in state.game.wild]))
    if entry.override:
        typer.echo(wrapped("override: " + (f"disputed — {entry.dispute}" if entry.dispute
                                           else "the rules core found nothing to dispute")))
        if not entry.derived:
            typer.echo("override: the month could not be played; the claimed values were "
                       "recorded as the hives' state")
    from hyvekit.games.beelives import goals, next_step
    if state.settings.solo:
        for v in goals(state):
            if v["goal"] != "survive_winter":
                typer.echo(wrapped(f"goal {v['status']}: {v['reason']}"))
    seqs = [e["seq"] for e, _ in done]
    what = f"event {seqs[0]}" if len(seqs) == 1 else f"events {seqs[0]}-{seqs[-1]}"
    typer.echo(wrapped(f"{what} recorded; next: {next_step(state)}"))


# --- year-end ---------------------------------------------------------------------------------

@app.command("year-end")
def year_end(ctx: typer.Context, campaign: str = CampaignArg,
             starvation: list[str] = typer.Option([], "--starvation", metavar="NAME",
                                                  help="This player takes starvation tokens "
                                                       "for starving bees among the last three "
                                                       "(repeatable)."),
             queen: list[str] = typer.Option([], "--queen", metavar="NAME=TYPE",
                                             help="A new queen for the next year (Three "
                                                  "Generations, before year 2). TYPE: "
                                                  + accepted("queens")),
             as_json: bool = JsonOption) -> None:
    """Winter upkeep after November: three months of feeding (1 honey per 3 workers) and
    disease; then in a long or epic game the year's scoring (surviving bees and honey), a skip
    feeding token for the first spring month and the next year; after the last year the final
    scores (and the solo score chart rating of a one-year solo game).

    Example: hyvekit beelives year-end spring-league --starvation Jeremy
    """
    data: dict = {}
    if starvation:
        data["starvation"] = {n.strip(): "take" for n in starvation}
    if queen:
        data["queens"] = _pairs("--queen", queen, "Ann=nomadic")
    require_campaign(ctx, campaign)
    event, state = command_store(ctx).append(campaign, "year-end", data)
    w = state.winters[-1]
    if as_json:
        from hyvekit.games.beelives import summary
        print_json({"seq": event["seq"], "winter": {"year": w.year,
                                                    "hives": [dict(h) for h in w.hives]},
                    "status": summary(state)})
        return
    print_winter(state, w)
    from hyvekit.games.beelives import next_step
    typer.echo(wrapped(f"event {event['seq']} recorded; next: {next_step(state)}"))


def print_winter(state, w) -> None:
    """A winter upkeep's table and, after the last one, the final scores."""
    final = any(h.get("final") for h in w.hives)    # then the final scores say who can win
    console().print(table(f"winter after year {w.year}", ["hive", "bees", "honey",
                                                           "starvation tokens", "VP scored"]
                          + ([] if final else ["can still win"]),
                          [[h["hive"], h["bees"], h["honey"], h["tokens"], winter_vp(h)]
                           + ([] if final else ["no" if h["out"] else "yes"])
                           for h in w.hives]))
    _print_scores(state)


def _print_scores(state) -> None:
    from hyvekit.games.beelives import summary
    data = summary(state)
    sc = data.get("scores")
    if not sc:
        return
    console().print(table("final scores", ["player", "total", "can win"],
                          [[p["name"], p["total"], "yes" if p["eligible"] else "no"]
                           for p in sc["players"]]))
    if sc["winners"]:
        typer.echo(wrapped(f"winner: {' and '.join(sc['winners'])}"
                           + (f" (tie-breaker: {sc['tiebreak']})" if sc["tiebreak"] else "")))
    elif data.get("outcome") == "lost":
        typer.echo("no winner: a solo goal failed (see the goals)")
    if sc.get("rating"):
        typer.echo(f"solo score chart: {sc['rating']}")


# --- status -----------------------------------------------------------------------------------

@app.command("status")
def status(ctx: typer.Context, campaign: str = CampaignArg, as_json: bool = JsonOption) -> None:
    """Where a campaign stands: year, month, the season card, each hive, the wild hives, VP,
    the months logged (overrides marked) and the goals met / at risk / failed.

    Example: hyvekit beelives status spring-league --json
    """
    record, state = load_campaign(ctx, campaign)
    if as_json:
        from hyvekit.games.beelives import summary
        print_json({"id": record.header["id"], "name": record.header["name"],
                    **summary(state)})
        return
    print_campaign_status(record, state)


def print_campaign_status(record, state) -> None:
    """Rich tables of a Bee Lives campaign for people (also ``hyvekit campaign show``)."""
    from hyvekit.games.beelives import summary
    data = summary(state)
    out = console()
    cards = [f"{k} card: {v}" for k, v in data["cards"].items() if v]
    out.print(f"[bold]{record.header['name']}[/bold] ({record.header['id']}) · {data['kind']} · "
              f"{counted(data['years'], 'year')}" + (" · " + " · ".join(cards) if cards else "")
              + (" · harder rule" if data["solo_hard"] else ""))
    where = (f"year {data['year']}, next month {data['month']} ({data['season']})"
             if data["stage"] == "month" else
             f"year {data['year']}: winter upkeep due" if data["stage"] == "winter"
             else "the game is over")
    hives, wild, card, title = data["hives"], data["wild"], data["card"], "Hives"
    if data.get("steps_at_table"):     # a month under way: the hives as its steps left them
        from hyvekit.games.beelives import table_engine
        now = table_engine().view(state)
        where = f"year {now['year']}, {now['month']} ({now['season']}): {now['phase']}"
        rows = {h["name"]: h for h in hives}
        hives = [{**rows.get(h["name"], {}), **h} for h in now["hives"]]
        wild, card = now["wild"], now["card"] or data["card"]     # before its card: last month's
        title = f"Hives now ({now['month']}, {counted(data['steps_at_table'], 'step')} in)"
    out.print(f"{where} · season card on the board: {card or 'none'} · first player: "
              f"{data['first_player']}")
    if data.get("steps_at_table"):
        out.print(data["next"])
    out.print(table(title, ["hive", "queen", "workers", "honey", "pollen", "water",
                            "comb (empty)", "disease", "VP"],
                    [[h["name"], h["queen"], h["workers"], h["honey"], h["pollen"], h["water"],
                      f"{h['comb']} ({h['empty']})", h["disease"], h["vp"]]
                     for h in hives]))
    for h in hives:
        tokens = [t for t, on in (("skip feeding", h["skip_feeding"]),
                                  ("queen paused", h["paused"]),
                                  (f"{h['starvation']} starvation", h["starvation"]),
                                  ("cannot win (no bee survived a winter)", h.get("out")),
                                  ("infected with zombees", h.get("infected"))) if on]
        out.print(f"{h['name']}: swarms above {h['threshold']} workers"
                  + (f"; {', '.join(tokens)}" if tokens else ""))
    if wild:
        out.print(table("Wild hives", ["wild hive", "strength", "state"],
                        [[w["name"], w["strength"],
                          wild_state(w["dormant"], w["haunted"], w["infected"])]
                         for w in wild]))
    if data["months"]:
        out.print(table("Months logged", ["year", "month", "card", "VP gained", "override"],
                        [[m["year"], m["month"], m["card"],
                          ", ".join(f"{n} {v}" for n, v in m["vp"].items() if v) or "-",
                          ("OVERRIDE: " + (m["dispute"] or "nothing disputed")
                           + (f" (reason: {m['reason']})" if m["reason"] else ""))
                          if m["override"] else ""]
                         for m in data["months"]]))
    for w in data["winters"]:
        out.print(table(f"Winter after year {w['year']}", ["hive", "bees", "honey",
                                                           "starvation tokens", "VP scored"],
                        [[h["hive"], h["bees"], h["honey"], h["tokens"], winter_vp(h)]
                         for h in w["hives"]]))
    if data["goals"]:
        out.print(table("Goals", ["card", "goal", "year", "status", "why"],
                        [[v["card"], v["goal"].replace("_", " "), v["year"] or "", v["status"],
                          v["reason"]] for v in data["goals"]]))
    if "map" in data:
        n = data['map']['tiles']
        out.print(f"map: {n} tile{'' if n == 1 else 's'}, length {data['map']['length']} "
                  + ("(measured on the map)" if data["map"]["on_map"]
                     else "(counted from scouting unless stated)"))
        for side, why in (("haunted", "foraging rolls the D6: haunt_d6"),
                          ("infected", "a healthy hive acting there rolls: infection_d6")):
            if data["map"].get(side):
                out.print(f"{side} tiles ({why}): "
                          + ", ".join(str(c) for c in data["map"][side]))
    if "fire" in data:                     # Wildfire on the map (ruling L133)
        f = data["fire"]
        near = f["hive_spaces_from_fire"]
        out.print(f"wildfire: started on the {f['edge']} edge, spreading {f['spreads']}; "
                  f"{counted(f['burnt'], 'tile')} burnt; "
                  + ("your hive burned" if f["hive_burned"] else
                     f"your hive is {counted(near, 'space')} from the fire" if near is not None
                     else "no tile burnt yet"))
    out.print(f"outcome: {data['outcome']} · overrides: {data['overrides']} · next: "
              f"{data['next']}")
    _print_scores(state)
    if data["board"]["assumed"]:
        typer.echo(wrapped("note: swarm thresholds and disease levels are hyvekit's assumed "
                           "board values" + (f" (board file: {data['board']['file']})"
                                             if data["board"]["file"] else
                                             " (--board FILE when creating a campaign to use "
                                             "your own)")), err=True)
