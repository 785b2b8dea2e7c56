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
from pathlib import Path
from typing import Any

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import NextHintSecondsOption, NextHintSeedOption
from hyvekit.cli.common import (JsonOption, TableSheetsOption, campaigns_dir, command_hint,
                                 console, note_if_renamed, print_json, resume_instead, wrapped,
                                 wrapped_parts)
from hyvekit.cli.hyve import DEFAULT_COLOURS, app
from hyvekit.rules.common import InvalidInputError, counted
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

ScenarioOption = typer.Option(None, "--scenario", metavar="ID",
                              help="A scenario played outside a run (made by 'hyvekit hyve "
                                   "new'), instead of a legacy run's current scenario.")
#: a legacy run's id (its current scenario), left out with --scenario
RunArgument = typer.Argument(None, metavar="[RUN]",
                             help="A legacy run's id: its current scenario.")
SHOWN = 40
#: the most distinct changes next lists option by option (more: the options grouped)
PREVIEW_LINES = 16


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
    from hyvekit.games import campaign_store
    from hyvekit.games.hyve import pending
    from hyvekit.rules.table import over
    record, state = campaign_store(folder).state(scenario or run)
    kind = (record.header["game"], record.header["kind"])
    if kind == ("hyve", "scenario"):                  # RUN may name a scenario too
        return AtTable(record.header["id"], "scenario", record, state, state, pending(state))
    if scenario is not None and kind == ("hyve", "legacy"):     # a run named as a scenario
        raise InvalidInputError("--scenario", scenario, "the id of a HYVE scenario (this is a "
                                f"Hyve Legacy run: name it without --scenario, e.g. hyvekit "
                                f"hyve next {record.header['id']})")
    if kind != ("hyve", "legacy"):
        raise InvalidInputError("--scenario" if scenario else "RUN", scenario or run,
                                "the id of a Hyve Legacy run or a HYVE scenario (this is a "
                                f"{kind[0]}/{kind[1]} record)")
    from hyvekit.games.hyve import legacy_engine
    engine = legacy_engine(sheets)
    d, t = engine.pending(state), engine.table(state)
    if d.over:                           # the scenario has ended: what the run does next
        rid = record.header["id"]
        after = (f"next: hyvekit hyve legacy shop {rid} (or start {rid})"
                 if state.phase == "shopping" else f"next: hyvekit hyve legacy status {rid}")
        if state.phase == "failed":          # lost in normal mode: how the run may go on
            from hyvekit.cli.hyve import result_lines
            after = result_lines(rid, state, None)[0].split(": ", 1)[1]   # not "scenario N"
        d = over(f"{d.prompt}; {after}", d.result)
    return AtTable(record.header["id"], "legacy", record, state, t, d, sheets)


def _where(at: AtTable) -> str:
    return at.cid


def next_data(at: AtTable) -> dict[str, Any]:
    """``next --json``: the pending decision (``actor``, ``decision``, ``prompt``, ``legal``,
    ``more``), what each option would change (``preview``, by option) and the sheet
    (``table``)."""
    from hyvekit.cli.table import decision_data
    from hyvekit.games.hyve import legacy_engine, scenario_engine, view
    from hyvekit.rules.table import previews
    engine = scenario_engine() if at.kind == "scenario" else legacy_engine(at.sheets)
    shown = {} if at.decision.over else previews(engine, at.state, at.decision)
    return decision_data(at.decision, view(at.table), preview=shown)


#: what the sheet's marks mean, said once under the hyve and the larva chamber
LEGEND = ("key: 3 nectar (die 3)", "L2 a larva that gained 2", "x crossed out", ". empty",
          "o built",
          "C3 row C, 3rd hex", "R1 chamber row 1", "- not in play")


def hp_words(hp: dict[str, Any]) -> str:
    """The HP die and where it stands on the track, with the spaces to Colony Collapse and
    to Thriving (Tracking HP): "HP die 5 on 2: 2 spaces from Colony Collapse, 8 from
    Thriving"."""
    far = [f"{hp['to_collapse']} space{'s' if hp['to_collapse'] != 1 else ''} from Colony "
           "Collapse"] if hp.get("to_collapse") else []
    if hp.get("to_thriving") and hp.get("to_collapse"):    # neither once at either end
        far.append(f"{hp['to_thriving']} from Thriving")
    return f"HP die {hp['die']} on {hp['space']}" + (f": {', '.join(far)}" if far else "")


def print_sheet(view: dict[str, Any]) -> None:
    """The sheet now, for people, in 80 columns."""
    out = console()
    season = f" · {view['season']}" if view.get("season") else ""
    out.print(f"[bold]{view['mode_label']}[/bold] · turn {view['turn']} of {view['turns']}"
              f"{season} · population {view['population']}", highlight=False)
    out.print(wrapped(hp_words(view["hp"])), highlight=False, soft_wrap=True)
    bread = " ".join(f"{k}:{v}" for k, v in view["bread"].items())
    colours = " ".join(f"{k}={c}" for k, c in view["colours"].items())
    out.print(wrapped(f"bread {bread}   ({colours})", indent="  "), highlight=False,
              soft_wrap=True)
    jellies = " · ".join(f"{j['jelly']} {j['name']}"
                         + (f" {','.join(map(str, j['colours']))}" if j["colours"] else "")
                         for j in view["jellies"])
    out.print(wrapped(f"jellies: {jellies}", indent="  "), highlight=False, soft_wrap=True)
    if "approval" in view:
        out.print(f"approval {view['approval']} · disapproval {view['disapproval']}")
    if "round" in view:
        out.print(f"Wasp War round {view['round']}; the Marshal's formations:", highlight=False)
        for line in view["formations"]:
            out.print(f"  {line}", highlight=False)
    left = []
    if view["active_hyve"]:
        scores = ", ".join(map(str, view["hyve_scores"]))
        left = [f"hyve {view['active_hyve']}" + (f" (hyves scored: {scores})" if scores
                                                  else "")] + view["hyve"]
        if view.get("next_hyve"):
            left += [f"hyve {view['active_hyve'] + 1} (built ahead)"] + view["next_hyve"]
    right = ["larva chamber"] + view["chamber"]
    width = max((len(x) for x in left), default=0) + 4
    for k in range(max(len(left), len(right))):
        a = left[k] if k < len(left) else ""
        b = right[k] if k < len(right) else ""
        out.print(f"{a:<{width}}{b}".rstrip(), highlight=False)
    for row in wrapped_parts(list(LEGEND), out.width, indent="  "):
        out.print(row, highlight=False, style="dim", soft_wrap=True)
    if view["dice"]:
        from hyvekit.games.hyve import face_text
        faces = " ".join(face_text(f) for f in view["dice"])
        left = " ".join(face_text(f) for f in sorted(view["unassigned"]))
        out.print(f"dice {faces}" + (f" · unassigned {left}" if view["unassigned"] else ""),
                  highlight=False)


def print_decision(data: dict[str, Any], where: str) -> None:
    """The decision due and its legal steps, grouped by their first word."""
    out = console()
    if data["decision"] is None:
        out.print(data["prompt"])
        return
    from rich.text import Text
    due = wrapped(f"due: {data['prompt']}", indent="    ")
    out.print(Text.assemble(("due:", "bold"), due[4:]), soft_wrap=True)
    preview = data.get("preview") or {}
    if 1 < len(set(preview.values())) <= PREVIEW_LINES:
        from hyvekit.cli.table import preview_lines
        for row in preview_lines(data["legal"], preview, data["actor"], out.width):
            out.print(row, soft_wrap=True, highlight=False)
    else:
        for row in option_rows(data["legal"], max(20, out.width - 4)):
            out.print(f"  {row}", soft_wrap=False, overflow="fold", highlight=False)
        if len(set(preview.values())) == 1:
            out.print(f"  (each: {next(iter(preview.values())) or 'nothing shown changes'})",
                      highlight=False)
        elif preview:
            out.print("  (what each option changes: next --json, \"preview\")",
                      highlight=False)
    if data["more"]:
        out.print(f"  ({data['more']})")
    from hyvekit.cli.table import suggested_step
    typer.echo(command_hint(["hyve", "do", where], step=suggested_step(data)))


def option_rows(legal: list[str], width: int, shown: int = SHOWN) -> list[str]:
    """The legal steps in rows of at most ``width`` characters: grouped by their first word
    (the ``BEE@HEX`` steps together), bees that may go on the same hexes written once
    (``2|3|W1-W5@C3|C4``, ``marshal 2|3@D1.2|D1.3``), at most ``shown`` rows of a group; a
    long row is broken after a ``|``."""
    from hyvekit.cli.beelives_table import between_options
    groups: dict[str, list[str]] = {}
    for option in legal:
        head = "@" if "@" in option and " " not in option else option.split()[0]
        groups.setdefault(head, []).append(option)
    rows: list[str] = []
    for options in groups.values():
        merged = _merged(options)
        rest = [f"… and {len(merged) - shown} more"] if len(merged) > shown else []
        for row in between_options(merged[:shown] + rest, width):
            rows += _broken(row, width)
    return rows


def _broken(row: str, width: int) -> list[str]:
    """``row`` in pieces of at most ``width`` characters, broken after a ``|`` (the pieces
    after the first indented)."""
    out: list[str] = []
    while len(row) > width and "|" in row[:width]:
        cut = row.rindex("|", 0, width) + 1
        out.append(row[:cut])
        row = "    " + row[cut:].lstrip()
    return out + [row]


def _merged(options: list[str]) -> list[str]:
    """``3@C3 3@C4`` written ``3@C3|C4``, and bees that may go on the same hexes written
    once: ``2|3|W1-W5@C3|C4`` (a verb before the bee kept once: ``marshal 2|3@D1.2``); other
    options as they are."""
    spots: dict[tuple[str, str], list[str]] = {}
    lines: list[str] = []
    for o in options:
        if "@" not in o:
            lines.append(o)
            continue
        head, _, last = o.partition("@")
        verb, _, bee = head.rpartition(" ")
        spots.setdefault((verb, bee), []).append(last)
    by_spots: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for (verb, bee), where in spots.items():
        by_spots.setdefault((verb, tuple(where)), []).append(bee)
    for (verb, where), bees in by_spots.items():
        wild = [b for b in bees if b.startswith("W") and digits(b[1:])]
        shown = [b for b in bees if b not in wild] + (["W1-W5"] if len(wild) == 5 else wild)
        lines.append(f"{verb + ' ' if verb else ''}{'|'.join(shown)}@{'|'.join(where)}")
    return lines


def print_scenario_status(record, t) -> None:
    """``campaign show`` of a HYVE scenario played at the table: the sheet now."""
    from hyvekit.games.hyve import pending, view
    out = console()
    out.print(f"[bold]{record.header['name']}[/bold] ({record.header['id']}) · HYVE scenario · "
              f"{counted(len(t.steps), 'step')}", highlight=False)
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
    from hyvekit.games.hyve import scenario_settings
    if sheets is not None and not sheets.is_file():
        raise InvalidInputError("--sheets", str(sheets), "an existing TOML file")
    settings = scenario_settings(sheet_table(mode, sheets),
                                 [c for c in colours.split(",") if c.strip()])
    store = campaign_store(campaigns_dir(ctx))
    if not as_json and resume_instead(store, name, "hyve", "scenario",
                                      ["hyve", "next", "--scenario"]):
        return
    record = store.create(name, "hyve", "scenario", settings)
    cid = record.header["id"]
    if as_json:
        print_json({"id": cid, "name": record.header["name"], "mode": settings["sheet"]["mode"]
                    if "mode" in settings["sheet"] else mode})
        return
    note_if_renamed(name, cid)
    typer.echo(wrapped(f"created HYVE scenario {cid} ({mode})"))
    typer.echo(command_hint(["hyve", "next", "--scenario", cid]))


@app.command("next")
def next_(ctx: typer.Context,
          run: str | None = typer.Argument(None, metavar="[RUN]",
                                           help="A legacy run's id: its current scenario."),
          scenario: str | None = ScenarioOption,
          sheets: Path | None = TableSheetsOption,
          as_json: bool = JsonOption,
          hint: bool = typer.Option(False, "--hint", help="Add the advisor's estimate of each "
                                    "option ('hyve hint'; marked in the record)."),
          seconds: float = NextHintSecondsOption,
          seed: int | None = NextHintSeedOption) -> None:
    """What is due now: the sheet (turn and season, HP die, population, bread levels, royal
    jellies, the active hyve with its hex names, the larva chamber, the dice) and the decision
    due with its legal steps. --json gives {"actor", "decision", "prompt", "legal": [...],
    "more", "table"}: every string in legal is a step that 'hyve do' accepts. --hint adds
    the advisor's estimates ("hint" in --json).

    Example: hyvekit hyve next summer-run
    """
    at = _open(ctx, run, scenario, sheets)
    data = next_data(at)
    lines: list[str] = []
    if hint:
        from hyvekit.cli.advisor import show_hint
        data["hint"], lines = show_hint(ctx, at.cid, (at.record, at.state), seconds, seed,
                                        None, at.table)
    if as_json:
        print_json(data)
        return
    print_sheet(data["table"])
    print_decision(data, _where(at))
    for line in lines:
        console().print(line, highlight=False, soft_wrap=True)


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
       sheets: Path | None = TableSheetsOption,
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
    resolved, done = store_steps(campaigns_dir(ctx), at, steps, random.Random(seed))
    state = done[-1][1]
    ended = at.kind == "legacy" and state.table is None
    final = state.played_tables[-1][1] if ended else (state if at.kind == "scenario"
                                                       else state.table)
    from hyvekit.games.hyve import new_events, scenario_account
    happened = new_events(at.table.now.events, final.now.events)
    if final.over and not at.table.over:              # the scenario's end in words
        happened += scenario_account(final)
    if ended:
        from hyvekit.cli.hyve import print_result
        if as_json:
            from hyvekit.games.hyve import legacy_summary
            print_json({"steps": resolved, "events": [e["seq"] for e, _ in done],
                        "happened": happened, "scenario_logged": True, "decision": None,
                        "legal": [], "legacy": legacy_summary(state)})
            return
        print_happened(resolved, happened)
        last = state.results[-1] if state.results else None
        print_result(at.cid, state, last.crossed_out if last else None)
        return
    after = _at(at, state)
    data = next_data(after)
    if as_json:
        print_json({"steps": resolved, "events": [e["seq"] for e, _ in done],
                    "happened": happened, "scenario_logged": False, **data})
        return
    print_happened(resolved, happened)
    print_sheet(data["table"])
    print_decision(data, _where(after))
    if at.kind == "scenario" and final.over and not at.table.over:
        from hyvekit.cli.stats import offer
        typer.echo(offer(at.cid))


def print_happened(steps: list[str], happened: list[str]) -> None:
    """The steps made and what the rules did with them (scoring, Feed Bees, Migration, the
    HP die, the seasonal effect...), each line wrapped to the terminal."""
    out = console()
    for s in steps:
        out.print(f"  {done_words(s)}", highlight=False)
    for line in happened:
        out.print(wrapped(line, indent="      ", first="    "), highlight=False)


def done_words(step: str) -> str:
    """A step made, as the screen tells it: ``"rolled 3 2 4 2 W 2"`` for the dice stored by a
    roll (``dice ...``, ``reroll ...``), ``"did marshal 3@D1.2"`` for any other step."""
    verb, _, faces = step.partition(" ")
    if verb in ("dice", "reroll") and faces:
        return ("rolled " if verb == "dice" else "rerolled ") + faces
    return f"did {step}"


def store_steps(folder: Path, at: AtTable, steps: list[str], rng: random.Random
                ) -> tuple[list[str], list]:
    """Apply ``steps`` to ``at`` and store them, all or none, each pushed once
    (:func:`hyvekit.games.table.apply_steps`): the steps as stored (rolls resolved) and the
    store's ``(event, state)`` pairs.

    :raises IllegalActionError, InvalidInputError: a step refused (nothing is stored).
    """
    from hyvekit.cli.table import store_steps as stored
    from hyvekit.games import campaign_store
    from hyvekit.games.table import table_game
    known = (at.record, at.state) if at.record is not None else None
    applied = stored(campaign_store(folder), at.cid, steps, rng,
                     game=table_game("hyve", at.kind, at.sheets), known=known)
    return list(applied.steps), list(applied.done)


def after_steps(at: AtTable, state) -> AtTable | None:
    """``at`` once its steps are stored (``state``: the record's state now); None when they
    ended a legacy run's scenario (its result is in the ledger)."""
    if at.kind == "legacy" and state.table is None:
        return None
    return _at(at, state)


def _at(at: AtTable, state) -> AtTable:
    """``at`` after its steps: ``state`` is the record's state now."""
    from hyvekit.games.hyve import pending
    from hyvekit.games.hyve import legacy_decision
    if at.kind == "scenario":
        return AtTable(at.cid, at.kind, None, state, state, pending(state))
    return AtTable(at.cid, at.kind, None, state, state.table,
                   legacy_decision(state, state.table))


@app.command("export-turns")
def export_turns(ctx: typer.Context,
                 run: str | None = RunArgument,
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
    """Write the turns played at the table as the turn record (TOML) that 'hyve check'
    replays: the scenario's set-up ([scenario], and [legacy] in a run) and its finished
    turns.

    Example: hyvekit hyve export-turns --scenario tuesday-game --out tuesday.toml
    """
    from hyvekit.games.hyve import dump_record
    if number is not None and scenario is not None:
        raise InvalidInputError("--number", number, "a legacy run's scenario number: give RUN "
                                "instead of --scenario")
    if number is not None:
        from hyvekit.cli.hyve_records import load_legacy_record
        from hyvekit.games.hyve import scenario_table
        _, state = load_legacy_record(campaigns_dir(ctx), run)
        t = scenario_table(state, number)
    else:
        t = _open(ctx, run, scenario).table
    text = dump_record(t.start, t.turns)
    if not t.over and t.turn.dice is not None:
        text += (f"\n# turn {t.now.turn} is being played ({counted(len(t.steps), 'step')} "
                 "so far): a turn is written once its seasonal effect is chosen\n")
    from hyvekit.cli.common import print_or_write
    print_or_write(ctx, text, out, force=force)
