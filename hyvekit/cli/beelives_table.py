"""``hyvekit beelives next / do / export-month``: a Bee Lives month played at the table, the
tool leading — what is due and what is legal (``next``), the steps applied and stored as they
are made (``do``), a month written back as the month record ``log`` takes (``export-month``).

The rules are :mod:`hyvekit.rules.beelives.engine` and the phases it asks;
the steps are ``step`` events of the campaign record.
"""

from __future__ import annotations

import random
from pathlib import Path

import typer

from hyvekit.cli.beelives import app, wild_state
from hyvekit.cli.beelives_campaign import (
    CampaignArg,
    load_campaign,
)
from hyvekit.cli.common import NextHintSecondsOption, NextHintSeedOption
from hyvekit.cli.common import (JsonOption, command_hint, command_store, console, print_json,
                                 table, wrapped, wrapped_parts)
from hyvekit.rules.common import InvalidInputError

#: options shown per line in the text view
SHOWN = 40
#: the narrowest terminal that shows the hives as a table (narrower: a hive per line)
WIDE = 78


def next_data(state) -> dict:
    """``next --json``: the pending decision (:func:`hyvekit.cli.table.decision_data`), raid
    ``odds`` beside the raid options, and the table (``table``)."""
    from hyvekit.cli.table import table_data
    from hyvekit.games.table import table_game
    return table_data(table_game("beelives", "campaign"), state)


def print_table(view: dict, legal: list[str] = ()) -> None:
    """The table now, for people: where the month stands, the hives, the wild hives, the map
    (with the spaces the ``legal`` scouts name)."""
    from hyvekit.rules.validate import shown_data
    view = shown_data(view)            # a name an older record holds, escaped
    out = console()
    out.print(f"year {view['year']} {view['month']} ({view['season']}) · {view['phase']}")
    out.print(f"first player: {view['first_player']}", highlight=False)
    card = f"card: {view['card'] or 'none'}"
    if view.get("card_text"):
        card += f" — {view['card_text']}"
    out.print(wrapped(card, indent="  "), highlight=False, soft_wrap=True)
    if view.get("carried"):
        out.print(wrapped(f"from last month's card ({view['carried']['card']}): "
                          + "; ".join(view["carried"]["effects"]), indent="  "),
                  highlight=False, soft_wrap=True)
    for c in view.get("solo_cards", []):
        out.print(wrapped(f"{c['kind']} card: {c['name']} — {c['text']}", indent="  "),
                  highlight=False, soft_wrap=True)
    if out.width >= WIDE:
        out.print(table(None, ["hive", "queen", "bees (free)", "honey", "pollen", "water",
                               "comb (empty)", "disease", "VP"],
                        [[h["name"], h["queen"], f"{h['workers']} ({h['free']})", h["honey"],
                          h["pollen"], h["water"], f"{h['comb']} ({h['empty']})",
                          h["disease"], h["vp"]] for h in view["hives"]]))
        out.print(wrapped("swarm threshold: " + " · ".join(
            f"{h['name']} {h['threshold']}" for h in view["hives"]), indent="  "),
            highlight=False, soft_wrap=True)
        for h in view["hives"]:
            if hive_tokens(h):
                out.print(wrapped(f"{h['name']}: " + ", ".join(hive_tokens(h)), indent="  "),
                          highlight=False, soft_wrap=True)
    else:                                  # narrow: each hive on its own lines, nothing cut
        for h in view["hives"]:
            parts = [f"{h['name']} ({h['queen']}): "
                     f"{h['workers']} bee{'s' if h['workers'] != 1 else ''} ({h['free']} free)",
                     f"honey {h['honey']}", f"pollen {h['pollen']}", f"water {h['water']}",
                     f"comb {h['comb']} ({h['empty']} empty)",
                     f"swarm threshold {h['threshold']}", f"disease {h['disease']}",
                     f"VP {h['vp']}", *hive_tokens(h)]
            for row in wrapped_parts(parts, out.width):
                out.print(row, highlight=False, soft_wrap=True)
    if view["wild"]:
        out.print(table(None, ["wild hive", "strength", "state"],
                        [[w["name"], w["strength"],
                          wild_state(w["dormant"], w["haunted"], w["infected"])]
                         for w in view["wild"]]))
    if view["steps"]:                     # where a game picked up again stands
        n = len(view["steps"])
        last = view["steps"][-3:]
        head = (f"this month so far: {n} step{'s' if n != 1 else ''}; the last"
                + (f" {len(last)}:" if len(last) > 1 else ":"))
        parts = head.split() + [f"{step} ·" for step in last[:-1]] + last[-1:]
        for row in wrapped_parts(parts, out.width, sep=" ", indent="  "):
            out.print(row, highlight=False, soft_wrap=True)
    if view.get("map"):
        from hyvekit.cli.beelives_map import map_lines, reach_of
        for line in map_lines(view["map"], reach=reach_of(list(legal))):
            out.print(line, highlight=False, soft_wrap=True)


def hive_tokens(hive: dict) -> list[str]:
    """The tokens a hive holds and its queen's and mite's state, in words (none: [])."""
    out = [word for key, word in (("paused", "queen paused"), ("swarm_token", "swarm token"),
                                  ("skip_feeding", "skip feeding token"),
                                  ("mite_standing", "mite standing")) if hive.get(key)]
    if hive.get("starvation"):
        n = hive["starvation"]
        out.append(f"{n} starvation token{'s' if n != 1 else ''}")
    return out


def print_decision(data: dict, campaign: str) -> None:
    """The decision due and its legal options, grouped by their first word; raids with their
    odds."""
    from hyvekit.rules.validate import shown_data
    data = shown_data(data)            # a name an older record holds, escaped
    out = console()
    if data["decision"] is None:
        out.print(data["prompt"])
        return
    who = (f"a die is due, {data['actor']} rolls" if data["decision"] == "dice" and data["actor"]
           else f"{data['actor']} decides" if data["actor"] else
           "the rules leave no choice" if data["auto"] else "a die is due")
    from rich.text import Text
    due = wrapped(f"due: {data['prompt']} ({who})", indent="    ")
    out.print(Text.assemble(("due:", "bold"), due[4:]), soft_wrap=True)
    legal = data["legal"]
    odds = data["odds"]
    if len(set((data.get("preview") or {}).values())) > 1:
        from hyvekit.cli.table import preview_lines
        for row in preview_lines(legal, data["preview"], data["actor"], out.width, odds):
            out.print(row, soft_wrap=True, highlight=False)
    else:
        for line in option_lines(legal, odds):
            for row in between_options(line.split(" · "), max(20, out.width - 4)):
                out.print(f"  {row}", soft_wrap=False, overflow="fold", highlight=False)
        from hyvekit.games.beelives import table_engine
        most = table_engine().PREVIEWED
        if len(legal) > most and data["decision"] != "dice":
            out.print(wrapped(f"(no previews: {len(legal)} options, more than {most}; a "
                              "step typed shows what it did)",
                              first="  ", indent="   "), highlight=False, soft_wrap=True)
    if odds:
        from hyvekit.games.beelives import SUCCESS_DIVISOR
        out.print(table(None, ["raid", "bees sent: success, honey expected (first roll, no "
                                       "sacrifice)"], odds_rows(odds)))
        out.print(wrapped(f"(a raid on a player hive succeeds when the honey stolen is at "
                          f"least 1/{SUCCESS_DIVISOR} of the bees sent; on a wild hive, when "
                          "it takes the wild hive to 0)", first="  ", indent="   "),
                  highlight=False, soft_wrap=True)
    if data["more"]:
        out.print(wrapped(f"({data['more']})", first="  ", indent="   "), highlight=False,
                  soft_wrap=True)
    from hyvekit.cli.table import suggested_step
    typer.echo(command_hint(["beelives", "do", campaign], step=suggested_step(data)))


def odds_rows(odds: dict[str, str]) -> list[list[str]]:
    """The raids' odds a row per target: ``["Susan", "1: 100%, 1.0 · 2: 75%, 2.2 …"]``
    (``odds``: each raid option, ``"Mara: raid Susan 3"``, with its note, ``"75% success, 2.2
    honey expected"``, on a wild hive ``"75% to remove it, …"``), in the order the options
    come."""
    rows: dict[str, list[str]] = {}
    for option, note in odds.items():
        head, _, bees = option.split(": ", 1)[-1].removeprefix("raid ").rpartition(" ")
        chance, honey = note.split()[0], note.rsplit(", ", 1)[-1].split()[0]
        rows.setdefault(head, []).append(f"{bees}: {chance}, {honey}")
    return [[head, " · ".join(cells)] for head, cells in rows.items()]


def option_lines(legal: list[str], odds: dict[str, str]) -> list[str]:
    """The legal options as lines to read: one per first word (``forage …``, ``defend …``),
    the actor left out, options differing only in their last word written once; the raids
    with odds are left to their own table."""
    groups: dict[str, list[str]] = {}
    actors = {o.split(": ", 1)[0] for o in legal if ": " in o}
    for option in legal:
        if option in odds:
            continue
        if len(actors) > 1:              # the wild hives' turn: each line with its hive
            head = option.split(": ", 1)[0] + ": " + option.split(": ", 1)[-1].split()[0]
            groups.setdefault(head, []).append(option)
            continue
        body = option.split(": ", 1)[1] if ": " in option else option
        groups.setdefault("#faces" if body.isdigit() else body.split()[0], []).append(body)
    lines = []
    for options in groups.values():
        shown = _merged(options)[:SHOWN]
        rest = f" … and {len(options) - SHOWN} more" if len(options) > SHOWN else ""
        lines.append(" · ".join(shown) + rest)
    return lines


def between_options(items: list[str], width: int) -> list[str]:
    """``items`` joined by `` · `` in rows of at most ``width`` characters, broken between
    options, never inside one (the rows after the first indented)."""
    rows: list[str] = []
    row = ""
    for item in items:
        joined = f"{row} · {item}" if row else item
        if row and len(joined) > width:
            rows.append(row + " ·")
            row = "  " + item
        else:
            row = joined
    return rows + [row] if row else rows


def _merged(options: list[str]) -> list[str]:
    """Options that differ only in their last word, written once: ``defend 1|2|3``."""
    out: dict[str, list[str]] = {}
    for o in options:
        head, _, last = o.rpartition(" ")
        key = head if head and len(last) <= 10 and '"' not in o else o
        out.setdefault(key, []).append(last if key == head else o)
    return [k if v == [k] else f"{k} {'|'.join(v)}" for k, v in out.items()]


@app.command("next")
def next_(ctx: typer.Context, campaign: str = CampaignArg, as_json: bool = JsonOption,
          hint: bool = typer.Option(False, "--hint", help="Add the advisor's estimate of each "
                                    "option ('beelives hint'; marked in the record)."),
          seconds: float = NextHintSecondsOption,
          seed: int | None = NextHintSeedOption) -> None:
    """What is due now at the table: the month, the phase, the card in effect, each hive and
    wild hive, and the decision due with its legal options (a raid with its chance of
    success). --json gives {"actor", "decision", "legal": [...], "table": ...}: every string
    in legal is a step that 'beelives do' accepts. --hint adds the advisor's estimates
    ("hint" in --json).

    Example: hyvekit beelives next spring-league --hint
    """
    record, state = load_campaign(ctx, campaign)
    data = next_data(state)
    lines: list[str] = []
    if hint:
        from hyvekit.cli.advisor import show_hint
        data["hint"], lines = show_hint(ctx, campaign, (record, state), seconds, seed, None)
    if as_json:
        print_json(data)
        return
    print_table(data["table"], data["legal"])
    print_decision(data, record.header["id"])
    for line in lines:
        console().print(line, highlight=False, soft_wrap=True)


@app.command("do")
def do(ctx: typer.Context, campaign: str = CampaignArg,
       steps: list[str] = typer.Argument(..., metavar="STEP...",
                                         help="Steps in the notation of docs/beelives-table.md, "
                                              "e.g. \"forage harvest 2\", roll, 3421, keep, "
                                              "\"Lauren: sacrifice 0/1\", draw. Several are "
                                              "applied in order, all or none."),
       roll: bool = typer.Option(False, "--roll", help="Let hyvekit roll every die that comes "
                                 "due, before, between or after the steps (the faces "
                                 "are recorded)."),
       seed: int | None = typer.Option(None, "--seed", metavar="N",
                                          help="Seed for hyvekit's dice and card draws "
                                               "(default: fresh)."),
       as_json: bool = JsonOption) -> None:
    """Apply steps at the table and store each as it is made: the player's action, the dice
    (roll: hyvekit rolls; or the faces rolled), keep or reroll, the defender's sacrifices, the
    season card (draw, or the card turned over). The wild hives' forced lines and the phases
    that need no choice are played by hyvekit. A step against the rules is refused with the
    rule and the legal options (exit 1); nothing is stored then.

    Example: hyvekit beelives do spring-league draw "forage harvest 2 take 3/1/0" roll
    """
    from hyvekit.cli.table import applied_data, store_steps
    from hyvekit.games.table import table_game
    record, state = load_campaign(ctx, campaign)
    applied = store_steps(command_store(ctx), campaign, steps, random.Random(seed),
                          game=table_game("beelives", "campaign"), roll=roll,
                          known=(record, state))
    said, state = applied.said, applied.state
    before, winters = len(applied.before.months), len(applied.before.winters)
    data = next_data(state)
    if as_json:
        print_json({**applied_data(applied), "months_played": len(state.months) - before,
                    **data})
        return
    out = console()
    for line in said:
        out.print(wrapped(line, first="  ", indent="    "), highlight=False, soft_wrap=True)
    if len(state.winters) > winters:
        from hyvekit.cli.beelives_campaign import print_winter
        for w in state.winters[winters:]:
            print_winter(state, w)
    if len(state.months) > before:
        from hyvekit.games.beelives import month_name
        for entry in state.months[before:]:
            out.print(wrapped(f"{month_name(entry.month)} of year {entry.year} played "
                              f"(card: {entry.card}); VP gained: " + (", ".join(
                                  f"{n} {h.get('vp_gained', 0)}"
                                  for n, h in entry.summary.get("hives", {}).items())
                                  or "none"), indent="  "), highlight=False, soft_wrap=True)
    print_table(data["table"], data["legal"])
    print_decision(data, record.header["id"])
    if state.game.stage == "over" and applied.before.game.stage != "over":
        from hyvekit.cli.stats import offer
        typer.echo(offer(record.header["id"]))


@app.command("export-month")
def export_month(ctx: typer.Context, campaign: str = CampaignArg,
                 number: int = typer.Argument(..., metavar="N", min=1,
                                              help="The month's number in the campaign "
                                                   "(1 = the first month played)."),
                 out: Path | None = typer.Option(None, "--out", metavar="FILE",
                                                    help="Write the TOML here (default: "
                                                         "print it)."),
                 force: bool = typer.Option(False, "--force",
                                            help="Replace FILE if it exists.")) -> None:
    """Write a month of the campaign as the month record (TOML) that 'beelives log' takes
    (and 'beelives check', after a game file: check GAME.toml MONTH.toml ...) — a month
    played at the table or logged from a file.

    Example: hyvekit beelives export-month spring-league 1 --out march.toml
    """
    from hyvekit.games.beelives import month_file_text
    _, state = load_campaign(ctx, campaign)
    if number > len(state.month_data):
        raise InvalidInputError("N", number, f"1-{len(state.month_data)} (the months played)"
                                if state.month_data else "a month played (none yet)")
    text = month_file_text(state.month_data[number - 1])
    from hyvekit.cli.common import print_or_write
    print_or_write(ctx, text, out, force=force)
