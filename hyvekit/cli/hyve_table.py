"""``hyvekit hyve new / next / do / export-turns``: a HYVE scenario played at the table, the
tool leading — a legacy run's current scenario (``RUN``) or a scenario outside a run
(``--scenario ID``, created by ``hyve new``): what is due and what is legal (``next``), the
steps applied and stored as they are made (``do``), the turns written back as the turn record
``hyve check`` takes (``export-turns``).

The rules are :mod:`hyvekit.rules.hyve.table` and :mod:`hyvekit.rules.hyve.table_record`; the
steps are ``step`` events of the record.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import JsonOption, campaigns_dir, console, print_json, with_expected
from hyvekit.cli.hyve import DEFAULT_COLOURS, app
from hyvekit.rules.common import IllegalActionError, InvalidInputError

ScenarioOption = typer.Option(None, "--scenario", metavar="ID",
                              help="A scenario played outside a run (made by 'hyvekit hyve "
                                   "new'), instead of a legacy run's current scenario.")
SHOWN = 40


@dataclass
class AtTable:
    """Where the steps go: the record's id, its kind (``legacy`` or ``scenario``), the record
    and its state, the table and the decision due."""

    cid: str
    kind: str
    record: Any
    state: Any
    table: Any
    decision: Any
    sheets: Path | None = None

    def first_step_data(self) -> dict[str, Any]:
        """What a legacy run's first step of a scenario keeps beside the step: its sheet."""
        if self.kind != "legacy" or self.state.table is not None:
            return {}
        from hyvekit.data.hyve import sheet_table
        return {"sheet": sheet_table(self.table.start.sheet.id, self.sheets)}


def _open(ctx: typer.Context, run: str | None, scenario: str | None,
          sheets: Path | None = None) -> AtTable:
    return open_table(campaigns_dir(ctx), run, scenario, sheets)


def open_table(folder: Path, run: str | None, scenario: str | None,
               sheets: Path | None = None) -> AtTable:
    """The table of a legacy run's current scenario (``run``) or of a scenario outside a run
    (``scenario``), read and replayed once.

    :raises InvalidInputError: neither or both given; not such a record.
    :raises IllegalActionError: the run plays no scenario now.
    """
    if (run is None) == (scenario is None):
        raise InvalidInputError("RUN", run or "missing",
                                "a legacy run's id, or --scenario ID (not both)")
    if scenario is not None:
        from hyvekit.games.hyve import load_scenario_record
        from hyvekit.rules.hyve.table import pending
        record, t = load_scenario_record(folder, scenario)
        return AtTable(record.header["id"], "scenario", record, t, t, pending(t))
    from hyvekit.data.hyve import sheet_definition
    from hyvekit.games.hyve import load_legacy_record
    from hyvekit.rules.hyve.legacy_play import run_mode
    from hyvekit.rules.hyve.table_record import legacy_decision, legacy_table
    record, state = load_legacy_record(folder, run)
    sheet = None if state.table is not None else sheet_definition(run_mode(state), sheets)
    t = legacy_table(state, sheet)
    return AtTable(record.header["id"], "legacy", record, state, t, legacy_decision(state, t),
                   sheets)


def _where(at: AtTable) -> str:
    return at.cid if at.kind == "legacy" else f"--scenario {at.cid}"


def next_data(at: AtTable) -> dict[str, Any]:
    """``next --json``: the pending decision (``actor``, ``decision``, ``prompt``, ``legal``,
    ``more``) and the sheet (``table``)."""
    from hyvekit.rules.hyve.table import view
    d = at.decision
    over = d.kind == "over"
    return {"actor": None if over else d.actor, "decision": None if over else d.kind,
            "prompt": d.prompt, "legal": [] if over else list(d.legal), "more": d.more,
            "table": view(at.table)}


def print_sheet(view: dict[str, Any]) -> None:
    """The sheet now, for people, in 80 columns."""
    out = console()
    season = f" · {view['season']}" if view.get("season") else ""
    out.print(f"[bold]{view['mode_label']}[/bold] · turn {view['turn']} of {view['turns']}"
              f"{season} · HP die {view['hp']['die']} on {view['hp']['space']} · population "
              f"{view['population']}", highlight=False)
    bread = " ".join(f"{k}:{v}" for k, v in view["bread"].items())
    colours = " ".join(f"{k}={c}" for k, c in view["colours"].items())
    out.print(f"bread {bread}   ({colours})", highlight=False)
    jellies = " · ".join(f"{j['jelly']} {j['name']}"
                         + (f" {','.join(map(str, j['colours']))}" if j["colours"] else "")
                         for j in view["jellies"])
    out.print(f"jellies: {jellies}", highlight=False)
    if "approval" in view:
        out.print(f"approval {view['approval']} · disapproval {view['disapproval']}")
    left = []
    if view["active_hyve"]:
        scores = ", ".join(map(str, view["hyve_scores"])) or "none"
        left = [f"hyve {view['active_hyve']} (scored: {scores})"] + view["hyve"]
    right = ["larva chamber"] + view["chamber"]
    width = max((len(x) for x in left), default=0) + 4
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        out.print(f"{a:<{width}}{b}".rstrip(), highlight=False)
    if view["dice"]:
        faces = " ".join("W" if f == 6 else str(f) for f in view["dice"])
        left = " ".join("W" if f == 6 else str(f) for f in sorted(view["unassigned"]))
        out.print(f"dice {faces}" + (f" · unassigned {left}" if view["unassigned"] else ""),
                  highlight=False)


def print_decision(data: dict[str, Any], where: str) -> None:
    """The decision due and its legal steps, grouped by their first word."""
    out = console()
    if data["decision"] is None:
        out.print(data["prompt"])
        return
    out.print(f"[bold]due:[/bold] {data['prompt']}", highlight=False)
    for row in option_rows(data["legal"], max(20, out.width - 4)):
        out.print(f"  {row}", soft_wrap=False, overflow="fold", highlight=False)
    if data["more"]:
        out.print(f"  ({data['more']})")
    example = data["legal"][0] if data["legal"] else "roll"
    out.print(f"next: hyvekit hyve do {where} \"{example}\"", highlight=False)


def option_rows(legal: list[str], width: int, shown: int = SHOWN) -> list[str]:
    """The legal steps in rows of at most ``width`` characters: grouped by their first word
    (the ``BEE@HEX`` steps together), bees that may go on the same hexes written once
    (``2|3|W1-W5@C3|C4``), at most ``shown`` rows of a group."""
    from hyvekit.cli.beelives_table import between_options
    groups: dict[str, list[str]] = {}
    for option in legal:
        head = "@" if "@" in option and " " not in option else option.split()[0]
        groups.setdefault(head, []).append(option)
    rows: list[str] = []
    for options in groups.values():
        merged = _merged(options)
        rest = [f"… and {len(merged) - shown} more"] if len(merged) > shown else []
        rows += between_options(merged[:shown] + rest, width)
    return rows


def _merged(options: list[str]) -> list[str]:
    """``3@C3 3@C4`` written ``3@C3|C4``, and bees that may go on the same hexes written
    once: ``2|3|W1-W5 @ C3|C4``; other options as they are."""
    hexes: dict[str, list[str]] = {}
    out: list[str] = []
    for o in options:
        if "@" in o:
            head, _, last = o.partition("@")
            if head not in hexes:
                out.append(head)
            hexes.setdefault(head, []).append(last)
        else:
            out.append(o)
    by_spots: dict[tuple[str, ...], list[str]] = {}
    for head in hexes:
        by_spots.setdefault(tuple(hexes[head]), []).append(head)
    lines = [o for o in out if o not in hexes]
    for spots, heads in by_spots.items():
        wild = [h for h in heads if h.startswith("W") and h[1:].isdigit()]
        shown = [h for h in heads if h not in wild]
        if len(wild) == 5:
            shown.append("W1-W5")
        else:
            shown += wild
        lines.append(f"{'|'.join(shown)}@{'|'.join(spots)}")
    return lines


def print_scenario_status(record, t) -> None:
    """``campaign show`` of a HYVE scenario played at the table: the sheet now."""
    from hyvekit.rules.hyve.table import pending, view
    out = console()
    out.print(f"[bold]{record.header['name']}[/bold] ({record.header['id']}) · HYVE scenario · "
              f"{len(t.steps)} step(s)", highlight=False)
    print_sheet(view(t))
    d = pending(t)
    out.print(d.prompt if d.kind == "over" else
              f"due: {d.prompt} (hyvekit hyve next --scenario {record.header['id']})",
              highlight=False)


@app.command("new")
def new(ctx: typer.Context,
        name: str = typer.Argument(..., metavar="NAME", help="The scenario's name."),
        mode: str = typer.Option("standard", "--mode", metavar="MODE",
                                 help="The sheet: a mode or a sheet id. " + accepted("modes")),
        colours: str = typer.Option(DEFAULT_COLOURS, "--colours", metavar="C,C,C,C,C",
                                    help="Pencil colours of die values 1-5."),
        sheets: Path | None = typer.Option(None, "--sheets", metavar="FILE",
                                           help="Your booklet's sheet definitions (TOML, "
                                                "shaped as hyvekit/data/hyve_sheets.toml)."),
        as_json: bool = JsonOption) -> None:
    """Start a HYVE scenario played at the table, outside a legacy run; then 'hyve next'
    says what is due and 'hyve do' makes each step. A legacy run's scenario needs no 'new':
    'hyve next RUN' plays its current scenario.

    Example: hyvekit hyve new "Tuesday game" --mode coldsnap
    """
    from hyvekit.data.hyve import sheet_table
    from hyvekit.games import campaign_store
    from hyvekit.rules.hyve.table_record import scenario_settings
    if sheets is not None and not sheets.is_file():
        raise InvalidInputError("--sheets", str(sheets), "an existing TOML file")
    settings = scenario_settings(sheet_table(mode, sheets),
                                 [c for c in colours.split(",") if c.strip()])
    record = campaign_store(campaigns_dir(ctx)).create(name, "hyve", "scenario", settings)
    cid = record.header["id"]
    if as_json:
        print_json({"id": cid, "name": record.header["name"], "mode": settings["sheet"]["mode"]
                    if "mode" in settings["sheet"] else mode})
        return
    typer.echo(f"created HYVE scenario {cid} ({mode})")
    typer.echo(f"next: hyvekit hyve next --scenario {cid}")


@app.command("next")
def next_(ctx: typer.Context,
          run: str | None = typer.Argument(None, metavar="[RUN]",
                                           help="A legacy run's id: its current scenario."),
          scenario: str | None = ScenarioOption, as_json: bool = JsonOption) -> None:
    """What is due now: the sheet (turn and season, HP die, population, bread levels, royal
    jellies, the active hyve with its hex names, the larva chamber, the dice) and the decision
    due with its legal steps. --json gives {"actor", "decision", "legal": [...], "table"}:
    every string in legal is a step that 'hyve do' accepts.

    Example: hyvekit hyve next summer-run
    """
    at = _open(ctx, run, scenario)
    data = next_data(at)
    if as_json:
        print_json(data)
        return
    print_sheet(data["table"])
    print_decision(data, _where(at))


@app.command("do")
def do(ctx: typer.Context,
       args: list[str] = typer.Argument(..., metavar="[RUN] STEP...",
                                        help="The legacy run's id (left out with --scenario), "
                                             "then steps in the notation of "
                                             "docs/hyve-table.md, e.g. roll, \"repurpose 3\", "
                                             "gather, 3@C3, \"effect 2\". Several are applied "
                                             "in order, all or none."),
       scenario: str | None = ScenarioOption,
       seed: int | None = typer.Option(None, "--seed", metavar="N",
                                       help="Seed for hyvekit's dice (default: fresh)."),
       sheets: Path | None = typer.Option(None, "--sheets", metavar="FILE",
                                          help="A legacy scenario's first step: your "
                                               "booklet's sheet definitions (TOML)."),
       as_json: bool = JsonOption) -> None:
    """Apply steps at the table and store each as it is made: the dice (roll: hyvekit rolls;
    or the faces rolled), each worker assignment and its choices, where each nectar and
    larva goes, the perks' choices, the seasonal effect. Feed Bees, Migration, hyve scoring
    and the HP die are played by hyvekit; when a legacy scenario ends, its courier bees and
    result go into the run's ledger. A step against the rules is refused with the rule and
    the legal steps (exit 1); nothing is stored then.

    Example: hyvekit hyve do summer-run roll "bakery 3: 3 3" gather 1@C3
    """
    run, steps = (None, list(args)) if scenario is not None else (args[0], list(args[1:]))
    if not steps:
        raise InvalidInputError("STEP", "missing", "one step or more, e.g. roll")
    at = _open(ctx, run, scenario, sheets)
    try:
        resolved, done = store_steps(campaigns_dir(ctx), at, steps, random.Random(seed))
    except IllegalActionError as exc:
        raise with_expected(exc) from None
    state = done[-1][1]
    if at.kind == "legacy" and state.table is None:
        from hyvekit.cli.hyve import print_result
        if as_json:
            from hyvekit.rules.hyve.legacy import legacy_summary
            print_json({"steps": resolved, "events": [e["seq"] for e, _ in done],
                        "scenario_logged": True, "decision": None, "legal": [],
                        "legacy": legacy_summary(state)})
            return
        for s in resolved:
            console().print(f"  did {s}", highlight=False)
        last = state.results[-1] if state.results else None
        print_result(at.cid, state, last.crossed_out if last else None)
        return
    after = _at(at, state)
    data = next_data(after)
    if as_json:
        print_json({"steps": resolved, "events": [e["seq"] for e, _ in done],
                    "scenario_logged": False, **data})
        return
    out = console()
    for s in resolved:
        out.print(f"  did {s}", highlight=False)
    print_sheet(data["table"])
    print_decision(data, _where(after))


def store_steps(folder: Path, at: AtTable, steps: list[str], rng: random.Random
                ) -> tuple[list[str], list]:
    """Apply ``steps`` to ``at`` and store them, all or none: the steps as stored (rolls
    resolved) and the store's ``(event, state)`` pairs.

    :raises IllegalActionError, InvalidInputError: a step refused (nothing is stored).
    """
    from hyvekit.games import campaign_store
    from hyvekit.rules.hyve.table_record import legacy_resolve, resolve
    if at.kind == "legacy":
        resolved = legacy_resolve(at.state, at.table, steps, rng)
    else:
        _, resolved = resolve(at.table, steps, rng)
    first = at.first_step_data()
    events = [("step", {"do": s, **(first if k == 0 else {})}) for k, s in enumerate(resolved)]
    done = campaign_store(folder).append_many(at.cid, events, known=(at.record, at.state))
    return resolved, done


def after_steps(at: AtTable, state) -> AtTable | None:
    """``at`` once its steps are stored (``state``: the record's state now); None when they
    ended a legacy run's scenario (its result is in the ledger)."""
    if at.kind == "legacy" and state.table is None:
        return None
    return _at(at, state)


def _at(at: AtTable, state) -> AtTable:
    """``at`` after its steps: ``state`` is the record's state now."""
    from hyvekit.rules.hyve.table import pending
    from hyvekit.rules.hyve.table_record import legacy_decision
    if at.kind == "scenario":
        return AtTable(at.cid, at.kind, None, state, state, pending(state))
    return AtTable(at.cid, at.kind, None, state, state.table,
                   legacy_decision(state, state.table))


@app.command("export-turns")
def export_turns(ctx: typer.Context,
                 run: str | None = typer.Argument(None, metavar="[RUN]",
                                                  help="A legacy run's id: its current "
                                                       "scenario."),
                 scenario: str | None = ScenarioOption,
                 number: int | None = typer.Option(None, "--number", metavar="N", min=1,
                                                   max=5, help="A legacy run: the scenario "
                                                   "(1-5) played at the table (default: the "
                                                   "current one, else the last)."),
                 out: Path | None = typer.Option(None, "--out", metavar="FILE",
                                                 help="Write the TOML here (default: print "
                                                      "it)."),
                 force: bool = typer.Option(False, "--force", help="Replace FILE if it "
                                            "exists.")) -> None:
    """Write the turns played at the table as the turn record (TOML) that 'hyve check' (and
    for a legacy run 'hyve legacy play') takes.

    Example: hyvekit hyve export-turns --scenario tuesday-game --out tuesday.toml
    """
    from hyvekit.rules.hyve.record import dump_record
    if scenario is None and run is not None:
        from hyvekit.games.hyve import load_legacy_record
        from hyvekit.rules.hyve.table_record import scenario_table
        _, state = load_legacy_record(campaigns_dir(ctx), run)
        t = scenario_table(state, number)
    else:
        t = _open(ctx, run, scenario).table
    text = dump_record(t.start, t.turns, legacy=scenario is None)
    if not t.over and t.turn.dice is not None:
        text += (f"\n# turn {t.now.turn} is being played ({len(t.steps)} step(s) so far): a "
                 "turn is written once its seasonal effect is chosen\n")
    if out is None:
        typer.echo(text, nl=False)
        return
    from hyvekit.cli.common import safe_output
    from hyvekit.store.storage import atomic_write_text
    out = safe_output(out, ctx, option="--out", force=force)
    atomic_write_text(out, text)
    typer.echo(f"wrote {out}")
