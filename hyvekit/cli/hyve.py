"""``hyvekit hyve``: Hyve Legacy runs (``hyve legacy ...``) and the honey check (``hyve honey``)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import (JsonOption, YesOption, campaigns_dir, command_hint,
                                 command_store, confirmed, console, located, note_if_renamed,
                                 print_json, table, wrapped)
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.common import counted

app = typer.Typer(
    help=("HYVE: legacy runs, honey checks, the HP track, hyve scoring and scenario turn "
          "checks.\n\n"
          "Example: hyvekit hyve legacy new \"Summer run\" --colours yellow,blue,green,purple,red"),
    no_args_is_help=True,
)
legacy_app = typer.Typer(
    help=("Hyve Legacy runs: five scenarios, honey earned and spent on perks, bread upgrades "
          "and core resources.\n\nExample: hyvekit hyve legacy status summer-run"),
    no_args_is_help=True,
)
app.add_typer(legacy_app, name="legacy")

DEFAULT_COLOURS = "yellow,blue,green,purple,red"
RunArg = typer.Argument(..., metavar="RUN", help="The run's id (see 'hyvekit campaign list').")


def _load_run(ctx: typer.Context, run: str):
    from hyvekit.cli.hyve_records import load_legacy_state
    header, state = load_legacy_state(campaigns_dir(ctx), run)
    return header, state


@legacy_app.command("new")
def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="A name for the run; its id is made from it."),
        colours: str = typer.Option(DEFAULT_COLOURS, "--colours", metavar="C1,C2,C3,C4,C5",
                                    help="Pencil colours of die values 1-5, fixed for the run. "
                                         + accepted("colours")),
        sheet: str = typer.Option("legacy-1", "--sheet",
                                  help="Which legacy sheet to play. " + accepted("legacy-sheets")),
        sheets_file: Optional[Path] = typer.Option(
            None, "--sheets", metavar="FILE",
            help="Your own legacy sheets (TOML, same shape as hyvekit/data/hyve_legacy.toml)."),
        easy: bool = typer.Option(False, "--easy", help="Start in easy mode."),
        run_id: Optional[str] = typer.Option(None, "--id", help="Choose the id yourself."),
        ) -> None:
    """Start a legacy run: choose its sheet and its colours.

    Example: hyvekit hyve legacy new "Summer run" --colours yellow,blue,green,purple,red
    """
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.games.hyve import new_legacy
    sheets = legacy_sheets(sheets_file)
    if sheet not in sheets:
        raise not_one_of("--sheet", sheet, sheets)
    chosen = sheets[sheet]
    colour_list = [c.strip() for c in colours.split(",") if c.strip()]
    state = new_legacy(chosen, colour_list, easy)
    record = command_store(ctx).create(name, "hyve", "legacy",
                                {"sheet": chosen.to_dict(), "colours": list(state.colours),
                                 "easy": easy}, run_id)
    rid = record.header["id"]
    if run_id is None:
        note_if_renamed(name, rid)
    typer.echo(wrapped(f"created legacy run {rid!r} on {chosen.name}: "
                       f"{chosen.starting_honey} starting honey to spend"))
    if chosen.assumed and sheets_file is None:
        typer.echo(wrapped("note: this sheet's costs and honey are hyvekit's own values (the "
                           "rulebook does not print them); pass --sheets FILE to use your "
                           "booklet's."))
    elif chosen.assumed:
        typer.echo(wrapped(f"note: {sheets_file} still marks this sheet as assumed: put in "
                           "your booklet's costs and honey and set assumed = false."))
    typer.echo(command_hint(["hyve", "legacy", "shop", rid, "--bread", "1", "--dry-run"]))


@legacy_app.command()
def shop(ctx: typer.Context, run: str = RunArg,
         perk: list[str] = typer.Option([], "--perk", metavar="NAME",
                                        help="Buy a perk (repeatable), e.g. 'deep-stores'. "
                                             + accepted("perks")),
         bread: list[str] = typer.Option([], "--bread", metavar="TYPE",
                                         help="Buy one bread upgrade of bee type 1-5 "
                                              "(repeat for more)."),
         hp: list[str] = typer.Option([], "--hp", metavar="COLOURS",
                                      help="Buy HP resources, e.g. red:2,blue."),
         population: list[str] = typer.Option([], "--population", metavar="COLOURS",
                                              help="Buy Population resources, e.g. red:2,purple:4."),
         nectar: list[str] = typer.Option([], "--nectar", metavar="COLOURS",
                                          help="Buy Nectar resources, e.g. purple:2."),
         dry_run: bool = typer.Option(False, "--dry-run",
                                      help="Show the cost and the honey left; record nothing."),
         ) -> None:
    """Spend honey before the next scenario: perks, bread upgrades, core resources.

    Purchases are made in order, all or none. Core resources cost 1 honey per 2.

    Example: hyvekit hyve legacy shop summer-run --bread 1 --bread 1 --population red:2,purple:4
    """
    from hyvekit.games import hyve as L
    _, state = _load_run(ctx, run)
    purchases = L.parse_purchases(state.colours, perk, bread, hp, population, nectar)
    if not purchases:
        raise InvalidInputError("purchases", "none",
                                "at least one --perk, --bread, --hp, --population or --nectar")
    action = L.Shop(tuple(purchases))
    try:
        L.check(state, action)
    except InvalidInputError as exc:        # a perk name is checked against the sheet
        if exc.field != "perk":
            raise
        raise InvalidInputError("--perk", exc.given, exc.allowed, exc.suggestions) from None
    rows, s = [], state
    for p in purchases:
        price = L.cost(s, p)
        rows.append([L.describe_event("shop", {"purchases": [L.purchase_to_dict(p)]})[6:], price])
        s = L.apply(s, L.Shop((p,)))
    rows.append(["total", state.honey - s.honey])
    rows.append(["honey left", s.honey])
    if not dry_run:
        command_store(ctx).append(run, *L.action_to_event(action))
    console().print(table(("Would buy" if dry_run else "Bought") + f" for {run}",
                          ["purchase", "honey"], rows))
    if dry_run:
        typer.echo("dry run: nothing was recorded")
    if s.honey:
        typer.echo(f"{s.honey} honey left; unspent honey is lost when the next scenario starts")


@legacy_app.command()
def start(ctx: typer.Context, run: str = RunArg, yes: bool = YesOption) -> None:
    """Begin the next scenario (unspent honey is lost: asks first when there is some).

    Example: hyvekit hyve legacy start summer-run --yes
    """
    from hyvekit.games import hyve as L
    _, state = _load_run(ctx, run)
    lost = state.honey
    if lost:
        L.check(state, L.StartScenario())       # a refused start asks nothing
        if not confirmed(f"{lost} unspent honey will be lost when scenario {state.scenario + 1} "
                         "starts. Start it?", yes):
            typer.echo(wrapped(f"nothing was changed: {lost} honey to spend "
                               f"(hyvekit hyve legacy shop {run} ...)"))
            return
    _, after = command_store(ctx).append(run, *L.action_to_event(L.StartScenario()))
    typer.echo(f"scenario {after.scenario} of {L.SCENARIOS} started: "
               f"{after.sheet.run[after.scenario - 1]}")
    levels = ", ".join(f"{t}-type {lvl}" for t, lvl in zip(L.BEE_TYPES, after.bread_levels))
    colours = ", ".join(f"{v}={after.colour_of(v)}" for v in L.BEE_TYPES)
    typer.echo(wrapped(f"set up: colours {colours}; bread levels {levels}"))
    if lost:
        typer.echo(f"{lost} unspent honey was lost")


@legacy_app.command()
def courier(ctx: typer.Context, run: str = RunArg,
            bee: str = typer.Argument(..., help="Die value 1-6, a colour, or 'wild'."),
            turn: Optional[int] = typer.Option(None, "--turn", min=1,
                                               help="The scenario turn (checks one bee a turn)."),
            ) -> None:
    """Assign a bee to the Courier action during a scenario.

    A coloured bee claims every unused resource of its colour; a wild Bee fills the next
    square of the honey track.

    Example: hyvekit hyve legacy courier summer-run red --turn 3
    """
    from hyvekit.games import hyve as L
    _, state = _load_run(ctx, run)
    value = L.parse_bee(bee, state.colours)
    claim = L.courier_claim(state, value)
    command_store(ctx).append(run, *L.action_to_event(L.Courier(value, turn)))
    if value == L.WILD:
        bonus = f", a bonus square worth {claim['bonus']} honey" if claim["bonus"] else ""
        typer.echo(f"wild Bee: filled honey-track square {claim['honey_track_square']}{bonus}")
        return
    parts = [f"{n} {L.RESOURCE_LABELS[k]}" for k, n in claim.items() if k != "nectar" and n]
    parts += [f"{n} {c} Nectar" for c, n in claim["nectar"].items()]
    typer.echo(wrapped(f"{value}-Bee ({state.colour_of(value)}): gain {', '.join(parts)}; "
                       "those resources are crossed out"))


@legacy_app.command()
def result(ctx: typer.Context, run: str = RunArg,
           outcome: str = typer.Argument(..., metavar="won|lost"),
           hp_past_start: int = typer.Option(..., "--hp-past-start", metavar="N",
                                             help="HP-track positions past the Starting Space "
                                                  "(negative if below)."),
           population: int = typer.Option(..., "--population", metavar="N",
                                          help="Population at the end."),
           hyves: int = typer.Option(..., "--hyves", metavar="N", help="Completed hyves (0-6)."),
           courier_bonus: Optional[int] = typer.Option(
               None, "--courier-bonus", metavar="HONEY",
               help="The courier bonus you counted (checked against the honey track)."),
           cross_out: Optional[str] = typer.Option(
               None, "--cross-out", metavar="TYPE",
               help="Easy mode, lost scenario: the bread type 1-5 to cross out."),
           ) -> None:
    """Log how the current scenario ended; earned honey goes into its honey well.

    Example: hyvekit hyve legacy result summer-run won --hp-past-start 7 --population 12 --hyves 4
    """
    from hyvekit.data.hyve import sheet_definitions
    from hyvekit.games import hyve as L
    if outcome.lower() not in ("won", "lost"):
        raise InvalidInputError("outcome", outcome, "won or lost")
    _, state = _load_run(ctx, run)
    cross = None if cross_out is None else L.parse_bread_type(cross_out, state.colours)
    action = L.Result(outcome.lower() == "won", hp_past_start, population, hyves,
                      courier_bonus, cross, limits=L.scenario_limits(state, sheet_definitions()))
    _, after = command_store(ctx).append(run, *L.action_to_event(action))
    print_result(run, after, cross)


def print_result(run: str, after, cross: int | None) -> None:
    """The lines ``legacy result`` and ``legacy play`` print after logging a result."""
    for line in result_lines(run, after, cross):
        typer.echo(wrapped(line))
    from hyvekit.cli.stats import offer
    typer.echo(offer(f"{run}#{after.results[-1].number}"))


def result_lines(run: str, after, cross: int | None) -> list[str]:
    """What the ledger says of the scenario logged last (``after``: the run's state then):
    won or lost, its honey, the bread type crossed out, what comes next."""
    last = after.results[-1]
    if last.honey is None:
        return [f"scenario {last.number} lost: in normal difficulty the legacy ends here. "
                f"To go on, switch to easy mode: hyvekit hyve legacy easy {run} --cross-out TYPE"]
    lines = [f"scenario {last.number} {'won' if last.won else 'lost (easy mode)'}: honey "
             f"{last.honey.describe()}"]
    if cross:
        lines.append(f"{cross}-type bread upgrades are crossed out for the rest of the legacy")
    if after.phase == "complete":
        lines.append("the legacy is complete!")
    else:
        lines.append(f"{after.honey} honey to spend before scenario {after.scenario + 1}")
    return lines


@legacy_app.command("play")
def play_cmd(ctx: typer.Context, run: str = RunArg,
             file: Path = typer.Argument(..., metavar="FILE",
                                         help="The scenario's turn record (TOML): [[turn]] "
                                              "tables; the run gives the set-up."),
             cross_out: Optional[str] = typer.Option(
                 None, "--cross-out", metavar="TYPE",
                 help="Easy mode, lost scenario: the bread type 1-5 to cross out."),
             dry_run: bool = typer.Option(False, "--dry-run",
                                          help="Replay and show what would be logged; record "
                                               "nothing."),
             as_json: bool = JsonOption) -> None:
    """Log the current scenario from its turn record: replay every turn, then log the courier
    bees it used and its result, all or nothing.

    The set-up comes from the run: the scenario's mode (run configuration), the run's colours,
    bread levels from its bread upgrades, its perks, its unused core resources and its courier
    honey track. A [scenario] or [legacy] table in FILE must agree with the run. The result
    (won or lost, HP positions past the Starting Space, population, completed hyves, courier
    bonus) is derived, not typed. An illegal turn exits 1 naming the rule and the turn, and
    records nothing. A lost scenario in easy mode needs --cross-out.

    Example: hyvekit hyve legacy play example-run examples/hyve/legacy-scenario-1.toml
    --dry-run (the run set up as that file's header says: an easy run that bought red HP and
    population)
    """
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.games import hyve as L
    from hyvekit.games.hyve import (apply_play, check_no_logged_couriers,
                                                legacy_actions, needs_cross_out, play_dict,
                                                preview)
    from hyvekit.games.hyve import check_claims, report_dict
    from hyvekit.cli.hyve_records import load_legacy_record

    record, state = load_legacy_record(campaigns_dir(ctx), run)
    if state.table is not None:
        from hyvekit.games.hyve import play_legacy_event
        play_legacy_event(state, "result", {})       # refused: a scenario at the table
    check_no_logged_couriers(state, record.active, record.header["id"])
    play = _play_file(state, file, as_json)
    cross = None if cross_out is None else L.parse_bread_type(cross_out, state.colours)
    if not as_json:
        print_turns(play.final, play.reports)
    try:
        actions = legacy_actions(play, cross)
        needs_cross = dry_run and needs_cross_out(state, play, cross)
        after = preview(state, play) if needs_cross else apply_play(state, play, cross)
    except IllegalActionError as exc:
        if as_json:
            print_json({"run": run, "legal": True, "logged": False, "legacy": play_dict(play),
                        "error": {"rule": exc.rule, "message": exc.message,
                                  "expected": exc.expected, "given": exc.given}})
        raise
    events = [L.action_to_event(a) for a in actions]
    differ = [f"turn {r.turn}: {d}" for r in play.reports for d in r.differences]
    if differ and as_json:
        print_json({"run": run, "legal": True, "logged": False, "legacy": play_dict(play),
                    "claims_differ": differ})
    check_claims(differ)
    if not dry_run:
        written = command_store(ctx).append_many(run, events)
        after = written[-1][1]
    if as_json:
        print_json({"run": run, "legal": True, "logged": not dry_run,
                    **report_dict(play.final, play.reports), "legacy": play_dict(play),
                    "events": [{"type": t, "data": d} for t, d in events],
                    "needs_cross_out": needs_cross,
                    "phase": None if needs_cross else after.phase,
                    "honey_well": None if needs_cross else list(after.honey_well),
                    "honey": None if play.honey is None else play.honey.total})
        return
    for a in play.couriers:
        typer.echo(wrapped(("would log " if dry_run else "logged ")
                           + L.describe_event(*L.action_to_event(a))))
    if dry_run:
        r = play.result
        typer.echo(wrapped("would log " + L.describe_event("result", L.action_to_event(
            actions[-1])[1])))
        typer.echo(wrapped("dry run: nothing was recorded; honey "
                           + ("none (a normal-mode loss ends the legacy)" if play.honey is None
                              else play.honey.describe())
                           + ("" if r.won or not state.easy else
                              "; logging it needs --cross-out TYPE" if needs_cross else
                              f"; {cross}-type bread would be crossed out")))
        return
    print_result(run, after, cross)


def _play_file(state, file: Path, as_json: bool):
    """Replay ``file`` as the run's current scenario; on an illegal turn print the JSON error
    (with ``--json``) and re-raise."""
    from hyvekit.data import load_toml
    from hyvekit.data.hyve import record_definitions
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.games.hyve import play_record
    from hyvekit.cli.examples import example_file
    file = example_file(file)
    if not file.is_file():
        raise InvalidInputError("FILE", str(file), "an existing turn record (TOML)")
    raw = load_toml(file)
    try:
        return play_record(state, raw, record_definitions(raw, file.parent))
    except InvalidInputError as exc:
        raise located(exc, file) from None
    except IllegalActionError as exc:
        if as_json:
            print_json({"legal": False, "logged": False,
                        "error": {"turn": getattr(exc, "turn", None), "rule": exc.rule,
                                  "message": exc.message, "expected": exc.expected,
                                  "given": exc.given},
                        "turns": [r.to_dict() for r in getattr(exc, "reports", ())]})
        raise


@legacy_app.command()
def easy(ctx: typer.Context, run: str = RunArg,
         cross_out: Optional[str] = typer.Option(
             None, "--cross-out", metavar="TYPE",
             help="After a loss in normal mode: the bread type 1-5 to cross out.")) -> None:
    """Switch the run to easy mode (any time; after a normal-mode loss it continues the run).

    Example: hyvekit hyve legacy easy summer-run (after a normal-mode loss add --cross-out
    TYPE: the bread type 1-5 or its colour to cross out)
    """
    from hyvekit.games import hyve as L
    _, state = _load_run(ctx, run)
    if cross_out is None and state.phase == "failed" and not state.easy:
        raise InvalidInputError("--cross-out", None, "the bread type to cross out, 1-5 or its "
                                f"colour ({', '.join(state.colours)}): scenario "
                                f"{state.scenario} was lost, and in easy mode a lost scenario "
                                "crosses out one bread-upgrade type")
    cross = None if cross_out is None else L.parse_bread_type(cross_out, state.colours)
    _, after = command_store(ctx).append(run, *L.action_to_event(L.SwitchEasy(cross)))
    typer.echo(wrapped("the run is now in easy mode: a lost scenario crosses out one bread "
                       "type instead of ending the legacy"))
    if cross:
        typer.echo(wrapped(f"scenario {after.scenario} counts as lost in easy mode: "
                           f"{cross}-type bread crossed out, honey "
                           f"{after.results[-1].honey.describe()}"))


@legacy_app.command()
def status(ctx: typer.Context, run: str = RunArg, as_json: bool = JsonOption) -> None:
    """Show a run: scenarios and honey wells, honey to spend, purchases, honey track.

    Example: hyvekit hyve legacy status summer-run --json
    """
    from hyvekit.games.hyve import legacy_summary
    from hyvekit.cli.hyve_records import load_legacy_record
    record, state = load_legacy_record(campaigns_dir(ctx), run)  # refuses other kinds
    if as_json:
        print_json({"id": record.header["id"], "name": record.header["name"],
                    **legacy_summary(state)})
        return
    print_legacy_status(record, state)


def print_legacy_status(record, state) -> None:
    """Rich tables of a legacy run for people."""
    from hyvekit.games import hyve as L
    out = console()
    phase = {"shopping": f"shopping before scenario {state.scenario + 1}",
             "playing": f"playing scenario {state.scenario}",
             "failed": f"ended: scenario {state.scenario} lost in normal mode",
             "complete": "complete"}[state.phase]
    out.print(f"[bold]{record.header['name']}[/bold] ({record.header['id']}) · "
              f"{state.sheet.name} · {'easy' if state.easy else 'normal'} mode · {phase}")
    if state.phase == "failed":             # what the ledger said when the scenario was lost
        out.print(wrapped(result_lines(record.header["id"], state, None)[0]), highlight=False)
    if state.table is not None:
        from hyvekit.games.hyve import progress
        out.print(f"at the table: {progress(state.table)} "
                  f"(hyvekit hyve next {record.header['id']})", highlight=False)
    if state.sheet.assumed:
        out.print("[dim]costs, starting honey and honey track are hyvekit's own values, "
                  "not the publisher's[/dim]")
    rows = []
    for i, name in enumerate(state.sheet.run, start=1):
        res = next((r for r in state.results if r.number == i), None)
        outcome = "" if res is None else ("won" if res.won else "lost")
        if state.phase == "playing" and i == state.scenario:
            outcome = "playing"
        well = state.honey_well[i - 1]
        how = "" if res is None or res.honey is None else res.honey.describe()
        rows.append([i, name, outcome, "" if well is None else well, how])
    out.print(table("Scenarios and honey wells", ["#", "scenario", "result", "honey well",
                                                  "how"], rows))
    bread = [[t, state.colour_of(t),
              "crossed out" if t in state.crossed_bread else state.bread_levels[t - 1],
              state.bread_upgrades[t - 1],
              "" if t in state.crossed_bread else (state.next_bread_cost(t) or "full")]
             for t in L.BEE_TYPES]
    out.print(table("Bee setup and bread", ["type", "colour", "starting level", "upgrades",
                                            "next upgrade costs"], bread))
    perks = ", ".join(L.perk_label(p) for p in state.perks) or "none"
    out.print(f"Perks: {perks}")
    res_rows = []
    for kind in L.RESOURCE_KINDS:
        unused = [r.colour for r in state.resources if r.kind == kind and not r.used]
        used = sum(1 for r in state.resources if r.kind == kind and r.used)
        summary = ", ".join(f"{unused.count(c)} {c}" for c in dict.fromkeys(unused)) or "-"
        res_rows.append([L.RESOURCE_LABELS[kind], summary, used, state.spaces_left(kind)])
    out.print(table("Core resources", ["resource", "unused", "used", "spaces left"], res_rows))
    marks = {"empty": "□", "filled": "■", "crossed": "✗"}
    track = " ".join(marks[s] + (f"+{state.sheet.bonus_at(i + 1)}"
                                 if state.sheet.bonus_at(i + 1) else "")
                     for i, s in enumerate(state.honey_track))
    out.print(f"Courier honey track: {track}  (pending bonus {state.pending_courier_bonus})")
    if state.phase == "shopping":
        out.print(f"[bold]{state.honey} honey to spend[/bold] before scenario "
                  f"{state.scenario + 1}; affordable: {', '.join(L.affordable(state)) or '-'}")


@app.command()
def honey(hp_past_start: int = typer.Option(..., "--hp-past-start", metavar="N",
                                            help="HP-track positions past the Starting Space."),
          population: int = typer.Option(..., "--population", metavar="N",
                                         help="Population at the end of the scenario."),
          hyves: int = typer.Option(..., "--hyves", metavar="N", help="Completed hyves (0-6)."),
          courier_bonus: int = typer.Option(0, "--courier-bonus", metavar="HONEY",
                                            help="Honey of filled courier bonus squares."),
          claimed: Optional[int] = typer.Option(None, "--claimed", metavar="HONEY",
                                                help="The total you counted: checked."),
          as_json: bool = JsonOption) -> None:
    """Honey earned for a completed scenario, without a record (Legacy Mode, Gaining Honey).

    Exit code 1 when --claimed differs from the rules' total.

    Example: hyvekit hyve honey --hp-past-start 7 --population 12 --hyves 4 --claimed 8
    """
    from hyvekit.games.hyve import check_honey_claim, honey_earned
    b = honey_earned(hp_past_start, population, hyves, courier_bonus)
    if as_json:
        print_json({"hp": b.hp, "population": b.population, "hyves": b.hyves,
                    "courier": b.courier, "total": b.total, "claimed": claimed,
                    "correct": claimed is None or claimed == b.total})
    else:
        console().print(table("Honey earned", ["for", "honey"], [
            [f"{max(hp_past_start, 0)} HP positions past start (1 per 3)", b.hp],
            [f"{population} population (1 per 5)", b.population],
            [f"{hyves} completed hyves (1 each)", b.hyves],
            ["courier bonus squares", b.courier], ["total", b.total]]))
    check_honey_claim(b, claimed)


@app.command("hp")
def hp(scoring: Optional[str] = typer.Option(
           None, "--scoring", metavar="flat|wobbly",
           help="Flat or wobbly scoring (default: the --mode sheet's setting)."),
       die: int = typer.Option(..., "--die", metavar="N", help="The HP die now, 1-6."),
       position: int = typer.Option(..., "--position", metavar="P",
                                    help="The die's track position now (0 = Colony Collapse, "
                                         "counted up; the sheet prints the numbers)."),
       gain: Optional[int] = typer.Option(None, "--gain", metavar="X", help="HP gained."),
       lose: Optional[int] = typer.Option(None, "--lose", metavar="X", help="HP lost."),
       mode: str = typer.Option("standard", "--mode", metavar="MODE",
                                help="Scenario sheet whose HP track is used. "
                                     + accepted("modes")),
       sheets_file: Optional[Path] = typer.Option(
           None, "--sheets", metavar="FILE",
           help="Your own scenario sheets (TOML, same shape as hyve_sheets.toml)."),
       as_json: bool = JsonOption) -> None:
    """Move the HP die: gain or lose X HP on the HP track and say whether it wins or loses
    (rulebook: Tracking HP; How to Win (or Lose)).

    Units: HP; track positions (0 = Colony Collapse; on tracks with a Thriving space it is the
    last position); die values 1-6. Flat: each position is worth 6 HP. Wobbly: the die always
    increments, moving up when gaining and down when losing each time it goes over 6.

    Example: hyvekit hyve hp --scoring flat --die 3 --position 5 --gain 5
    """
    from hyvekit.games.hyve import describe, move_hp
    from hyvekit.data.hyve import sheet_definition
    if (gain is None) == (lose is None):
        raise InvalidInputError("--gain/--lose", "both" if gain is not None else "neither",
                                "exactly one of --gain X or --lose X")
    sheet = sheet_definition(mode, sheets_file)
    track = sheet.hp_track
    chosen = (scoring or sheet.scoring).strip().lower()
    r = move_hp(scoring=chosen, die=die, position=position, gain=gain or 0, lose=lose or 0,
                top=track.top, thriving=track.thriving)
    if as_json:
        print_json({"mode": sheet.id, "scoring": chosen, "die": r.die, "position": r.position,
                    "position_label": track.label(r.position), "moved": r.moved,
                    "status": r.status, "wins": r.wins, "loses": r.loses,
                    "applied": r.applied, "amount": r.amount,
                    "gaining": r.gaining, "start": track.start, "top": track.top,
                    "thriving_space": track.thriving, "assumed_track": sheet.assumed})
        return
    verb = "gain" if r.gaining else "lose"
    typer.echo(wrapped(f"{chosen} scoring, {verb} {r.amount} HP from die {die} on position "
                       f"{position} ({sheet.name} track: 0 = Colony Collapse, start "
                       f"{track.start}, " + (f"Thriving {track.top})" if track.thriving
                                             else f"top {track.top}, no Thriving)")))
    typer.echo(wrapped(describe(r)))
    if sheet.assumed:
        typer.echo(wrapped("note: the track length is hyvekit's own (assumed); pass --sheets "
                           "FILE for your booklet's."))


@app.command("score-hyve")
def score_hyve_cmd(
        file: str = typer.Argument(..., metavar="FILE|-",
                                   help="The hyve as text (5 rows of 3, 4, 5, 4, 3 tokens; "
                                        "see docs/hyve.md); '-' reads standard input."),
        deep_stores: bool = typer.Option(False, "--deep-stores",
                                         help="Legacy perk Deep Stores: at least 6 HP."),
        excise: Optional[str] = typer.Option(
            None, "--excise", metavar="CELL|best",
            help="Legacy perk Excisor: the hex you cross out before scoring, A1-E3 (rows top "
                 "to bottom, numbered from the left; C3 is the middle) or axial q,r; 'best' "
                 "picks the one that scores most."),
        builder: bool = typer.Option(False, "--builder",
                                     help="Bee Builder: empty spaces ('.') are inert, "
                                          "colourless hexes."),
        claimed: Optional[int] = typer.Option(None, "--claimed", metavar="N",
                                              help="The HP you counted: checked."),
        as_json: bool = JsonOption) -> None:
    """Score a completed hyve (rulebook: Gather Nectar): multiply, for each Nectar variety,
    its hexes that touch no other variety; a variety with none is ignored.

    Larva, crossed-out nectar and Turbo's X (x) are colourless. Exit code 1 when the hyve has
    an empty space (without --builder) or --claimed differs from the rules' total.

    Example: hyvekit hyve score-hyve docs/examples/hyve-16.txt --claimed 16
    """
    import sys

    from hyvekit.games.hyve import best_excision, check_claim, parse_hyve, score_hyve
    if file == "-":
        text = sys.stdin.read()
    else:
        from hyvekit.cli.examples import example_file
        path = example_file(Path(file))
        if not path.is_file():
            raise InvalidInputError("FILE", file, "an existing file, or - for standard input")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InvalidInputError("FILE", file, "a UTF-8 text file") from None
    grid = parse_hyve(text)
    if excise is not None and excise.strip().lower() == "best":
        excise = best_excision(grid, inert_empty=builder)[0]
        if excise is None:
            typer.echo("Excisor: no cross-out scores more; nothing crossed out", err=as_json)
    s = score_hyve(grid, deep_stores=deep_stores, excise=excise, inert_empty=builder)
    if as_json:
        print_json({**s.to_dict(), "builder": builder, "claimed": claimed,
                    "correct": claimed is None or claimed == s.total,
                    "hyve": grid.format().splitlines()})
    else:
        rows = [[v.variety, v.hexes, v.counted,
                 "ignored: every hex touches another variety" if v.ignored
                 else ", ".join(v.counted_cells)] for v in s.varieties]
        console().print(table("Nectar varieties", ["variety", "hexes", "counted",
                                                   "counted hexes"], rows))
        if s.excised:
            what = s.excised_space.describe()
            typer.echo(wrapped(f"Excisor: {s.excised} ({what}) crossed out before scoring"
                               + ("" if s.excised_space.kind == "nectar"
                                  else "; it had no colour")))
        if builder and s.inert:
            typer.echo(f"Bee Builder: {s.inert} unbuilt space{'s' if s.inert > 1 else ''} "
                       "inert")
        typer.echo(wrapped(s.equation()))
    if claimed is not None:
        check_claim(s, claimed)


@app.command("check")
def check_cmd(
        ctx: typer.Context,
        file: Path = typer.Argument(..., metavar="FILE",
                                    help="A scenario turn record (TOML): a [scenario] header "
                                         "and one [[turn]] table per turn; see docs/hyve.md."),
        run: Optional[str] = typer.Option(
            None, "--run", metavar="RUN",
            help="Check it as the current scenario of this legacy run (its set-up, courier "
                 "and honey) without logging anything."),
        as_json: bool = JsonOption) -> None:
    """Replay a scenario turn by turn and check every choice against the rules.

    Reports the first illegal choice (the rule, what was expected and given, the turn) with
    exit code 1; otherwise the derived HP, population and completed hyves after each turn and
    the sheet at the end. A claim (claim = population, die, position, hyves) that differs from
    the derived value is flagged and exits 1. A malformed record exits 2.

    With --run RUN the file is the current scenario of a legacy run: the run gives the set-up
    (a [scenario] or [legacy] table must agree with it), and the courier bees and the result
    that 'hyve legacy play' would log are shown with the honey they earn. Nothing is logged.

    Example: hyvekit hyve check examples/hyve/standard-legal.toml

    Example: hyvekit hyve check examples/hyve/legacy-scenario-1.toml --run summer-run
    """
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.data.hyve import read_record
    from hyvekit.games.hyve import check_claims, replay, report_dict
    from hyvekit.cli.examples import example_file

    if run is not None:            # the hint to log it names the file as given
        _check_against_run(ctx, run, file, as_json)
        return
    file = example_file(file)
    try:
        record = read_record(file)
    except InvalidInputError as exc:
        raise located(exc, file) from None
    try:
        state, reports = replay(record)
    except IllegalActionError as exc:
        if as_json:
            print_json({"sheet": record.start.sheet.id, "legal": False,
                        "error": {"turn": getattr(exc, "turn", None), "rule": exc.rule,
                                  "message": exc.message, "expected": exc.expected,
                                  "given": exc.given},
                        "turns": [r.to_dict() for r in getattr(exc, "reports", ())]})
        raise
    data = report_dict(state, reports)
    if as_json:
        print_json({**data, "legal": True})
    else:
        print_turns(state, reports)
    check_claims(data["claims_differ"])


def print_turns(state, reports) -> None:
    """The turn table and what happened, as ``hyve check`` prints them."""
    from hyvekit.games.hyve import face_text
    rows = [[r.turn, " ".join(face_text(d) for d in r.dice),
             f"{r.die} on {r.hp_label}", r.population, r.hyves_completed, r.status,
             "; ".join(r.differences) or "-"] for r in reports]
    console().print(table(f"{state.sheet.name}: {counted(len(reports), 'turn')} replayed",
                          ["turn", "dice", "HP die on", "population", "hyves",
                           "status", "claims differ"], rows))
    for r in reports:
        typer.echo(f"turn {r.turn}:")
        for e in r.events:
            typer.echo(wrapped(e, indent="    ", first="  "))
    if state.active < 6:
        typer.echo(f"active hyve {state.active + 1}:")
        typer.echo(state.hyves[state.active].format())
    typer.echo("larva chamber:")
    typer.echo(state.chamber.format())
    if state.status != "playing":
        typer.echo(f"scenario {state.status.upper()}: {', '.join(state.end)}")
    for r in reports:
        for d in r.differences:
            typer.echo(wrapped(f"claim differs: turn {r.turn}: {d}"))
    if state.sheet.assumed:
        typer.echo(wrapped("note: the sheet's values are hyvekit's own (assumed); give your "
                           "booklet's with sheets = FILE in [scenario]."))


def _check_against_run(ctx: typer.Context, run: str, file: Path, as_json: bool) -> None:
    """``hyve check FILE --run RUN``: replay as the run's scenario, log nothing."""
    from hyvekit.rules.common import IllegalActionError
    from hyvekit.games import hyve as L
    from hyvekit.games.hyve import check_no_logged_couriers, play_dict, preview
    from hyvekit.games.hyve import check_claims, report_dict
    from hyvekit.cli.hyve_records import load_legacy_record

    record, state = load_legacy_record(campaigns_dir(ctx), run)
    check_no_logged_couriers(state, record.active, record.header["id"])
    play = _play_file(state, file, as_json)
    data = report_dict(play.final, play.reports)
    problem = None
    if play.finished:
        try:
            preview(state, play)
        except IllegalActionError as exc:
            problem = exc
    if as_json:
        print_json({**data, "legal": problem is None, "run": run,
                    "legacy": play_dict(play),
                    "error": None if problem is None else {
                        "rule": problem.rule, "message": problem.message,
                        "expected": problem.expected, "given": problem.given}})
    else:
        print_turns(play.final, play.reports)
        for c in play.couriers:
            typer.echo(wrapped("courier: " + L.describe_event(*L.action_to_event(c))[9:]))
        r = play.result
        if r is None:
            typer.echo(f"scenario {play.scenario} is still being played after "
                       f"{counted(len(play.reports), 'turn')}: nothing to log yet")
        else:
            typer.echo(wrapped(f"result: {L.describe_event(*L.action_to_event(r))}, courier "
                               f"bonus {r.courier_bonus}"))
            if play.honey is None:
                typer.echo("honey: none (a normal-mode loss ends the legacy)")
            else:
                typer.echo(wrapped(f"honey: {play.honey.describe()}"))
            cross_out = ["--cross-out", "TYPE"] if not r.won and state.easy else []
            if cross_out or problem is None:
                from shlex import quote
                typer.echo(command_hint(["hyve", "legacy", "play", run, quote(str(file)),
                                         *cross_out], lead="to log it: "))
    if problem is not None:
        raise problem
    check_claims(data["claims_differ"])
