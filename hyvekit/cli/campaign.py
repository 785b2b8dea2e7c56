"""``hyvekit campaign``: list, show, history, check, undo, redo, export, import, delete and
note records."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Optional

import typer

from hyvekit.cli.common import (JsonOption, YesOption, command_store, confirmed,
                                 console, print_json, table, wrapped)
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.common import counted

app = typer.Typer(
    help=("Campaign records: Hyve Legacy runs, Bee Lives campaigns and Queen Bee match logs."
          "\n\n"
          "Example: hyvekit campaign list"),
    no_args_is_help=True,
)


# How `campaign show` prints each kind of record for people (module:function(record, state)).
STATUS_PRINTERS = {
    ("hyve", "legacy"): "hyvekit.cli.hyve:print_legacy_status",
    ("queenbee", "matches"): "hyvekit.cli.queenbee:print_match_status",
    ("beelives", "campaign"): "hyvekit.cli.beelives_campaign:print_campaign_status",
    ("hyve", "scenario"): "hyvekit.cli.hyve_table:print_scenario_status",
    ("beez", "game"): "hyvekit.cli.beez_table:print_game_status",
    ("queenbee", "match"): "hyvekit.cli.queenbee_table:print_status",
}


def _describe(record, event) -> str:
    """One line for an event, control characters shown escaped (``\\x1b``): a note written
    before they were refused, or a record edited by hand, never drives the terminal."""
    return _escaped(_description(record, event))


def _description(record, event) -> str:
    from hyvekit.games import adapter_for
    from hyvekit.store.campaigns import NOTE
    data = event.get("data")
    if event["type"] == NOTE:          # a record edited by hand may lack its note's data
        return f"note: {data.get('text', '') if isinstance(data, dict) else ''}"
    try:
        return adapter_for(record.header["game"], record.header["kind"]).describe(
            event["type"], event.get("data", {}))
    except ValueError as exc:
        return f"{event['type']} (unreadable: {exc})"


def _escaped(text: str) -> str:
    from hyvekit.rules.validate import shown
    return shown(str(text))



def _when(stamp: object) -> str:
    """A record's UTC timestamp (``2026-11-30T13:16:22.123456+00:00``) as people read it in a
    table: ``2026-11-30 13:16 UTC`` (the record keeps the full value; --json shows it)."""
    text = str(stamp or "")
    if len(text) >= 16 and text[10] == "T":
        return f"{text[:10]} {text[11:16]} UTC"
    return text

@app.command("list")
def list_(ctx: typer.Context, as_json: bool = JsonOption) -> None:
    """List every campaign in the campaigns folder.

    Example: hyvekit campaign list --json
    """
    from hyvekit.rules.validate import shown
    from hyvekit.store.errors import StoreError
    st = command_store(ctx)
    st.sweep()                 # what a killed import or new left
    rows = []
    for cid in st.ids():
        try:
            record = st.load(cid)
            rows.append({"id": cid, "name": record.header["name"],
                         "game": record.header["game"], "kind": record.header["kind"],
                         "events": len(record.active), "created": record.header.get("created"),
                         "problem": None})
        except (StoreError, ValueError) as exc:
            rows.append({"id": cid, "name": None, "game": None, "kind": None, "events": None,
                         "created": None, "problem": str(exc)})
    if as_json:
        print_json(rows)
        return
    if not rows:
        typer.echo(wrapped(f"No campaigns in {st.folder}. Start one: hyvekit hyve legacy new "
                           "\"My run\""))
        return
    console().print(table(f"Campaigns in {st.folder}", ["id", "name", "game", "kind",
                                                        "active events", "created"],
                          [[r["id"], shown(r["name"]) if r["name"] else "[unreadable]",
                            r["game"], r["kind"],
                            r["events"], _when(r["created"])] for r in rows]))
    for r in rows:
        if r["problem"]:
            typer.echo(f"warning: {r['problem']}", err=True)


@app.command()
def show(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
         as_json: bool = JsonOption) -> None:
    """Show a campaign's header and its current state (replayed from its events).

    Example: hyvekit campaign show demo-legacy
    """
    from hyvekit.games import adapter_for
    record, state = command_store(ctx).state(campaign_id)
    summary = adapter_for(record.header["game"], record.header["kind"]).summary(state)
    if as_json:
        print_json({"header": record.header, "state": summary})
        return
    printer = STATUS_PRINTERS.get((record.header["game"], record.header["kind"]))
    if printer is None:  # pragma: no cover - every kind of record has a printer
        console().print(summary)
        return
    module, _, name = printer.partition(":")
    getattr(importlib.import_module(module), name)(record, state)


@app.command()
def history(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
            as_json: bool = JsonOption) -> None:
    """List every event of a campaign, reverted ones included.

    Example: hyvekit campaign history demo-legacy
    """
    record = command_store(ctx).load(campaign_id)
    if as_json:
        print_json([{**e, "description": _describe(record, e)} for e in record.events])
        return
    rows = [[e["seq"], _when(e.get("at", "")), e["type"], _describe(record, e),
             "active" if e.get("status") == "active"
             else f"reverted {_when(e.get('reverted_at', ''))}"]
            for e in record.events]
    console().print(table(f"{record.header['name']} ({campaign_id})",
                          ["#", "when (UTC)", "type", "what", "status"], rows))


@app.command()
def check(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
          adopt: bool = typer.Option(False, "--adopt",
                                     help="Take the current values of the files the campaign "
                                          "was created from (its board file) into the record, "
                                          "when every event still replays with them."),
          as_json: bool = JsonOption) -> None:
    """Replay every event with the current rules and data, and list each event that is now
    refused or whose result changed since it was written (exit 1 if any).

    Run it after upgrading hyvekit or editing a board file a campaign uses: a corrected rule or
    value is then applied to old records knowingly, never silently. A campaign keeps the
    values of its board file from when it was created; with --adopt it takes the file's values
    as they are now.

    Example: hyvekit campaign check demo-legacy
    """
    if adopt:
        st = command_store(ctx)
        before = st.load(campaign_id).header["settings"]
        after = st.adopt(campaign_id).header["settings"]
        typer.echo(f"{campaign_id}: " + ("the record now keeps the files' current values"
                                        if after != before else
                                        "the record already keeps the files' current values"))
    report = command_store(ctx).check(campaign_id)
    if as_json:
        print_json({"id": campaign_id, "ok": report.ok, "checked": report.checked,
                    "not_checked": report.not_checked,
                    "findings": [{"seq": f.seq, "type": f.event_type, "kind": f.kind,
                                  "message": f.message,
                                  "changes": [{"field": k, "stored": a, "now": b}
                                              for k, a, b in f.changes]}
                                 for f in report.findings]})
    else:
        name = f"{report.record.header['name']} ({campaign_id})"
        rows = []
        for f in report.findings:
            if f.kind == "changed":
                shown = f.changes[:6]
                what = "; ".join(f"{k}: {a!r} → {b!r}" for k, a, b in shown)
                if len(f.changes) > len(shown):
                    what += f"; and {len(f.changes) - len(shown)} more"
            else:
                what = f.message
            rows.append([f.seq, f.event_type, f.kind, what])
        if rows:
            console().print(table(f"{name}: events to look at", ["#", "type", "finding", "what"],
                                  rows))
        verdict = ("every event replays to the result stored with it" if report.ok
                   else "some events replay differently now (see above)")
        typer.echo(wrapped(f"{name}: {counted(report.checked, 'event')} replayed; {verdict}."
                           + (f" {counted(report.not_checked, 'later event')} not checked: "
                              "they follow "
                              "the refused one." if report.not_checked else "")))
    if not report.ok:
        raise typer.Exit(1)


@app.command()
def undo(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
         to: Optional[int] = typer.Option(None, "--to", metavar="N",
                                          help="Keep events up to number N, revert the later "
                                               "ones (0 reverts all)."),
         yes: bool = typer.Option(False, "--yes", "-y",
                                  help="Do not ask before reverting more than one event.")
         ) -> None:
    """Revert the newest event (or all after --to N). Reverted events stay in the history, and
    'campaign redo' brings the last undone ones back. A die rolled at the table is taken
    back with the step that made it due (an undo is never a re-roll), as are the steps
    hyvekit played after that step and a hint shown since.

    Example: hyvekit campaign undo demo-legacy --to 2 --yes
    """
    st = command_store(ctx)
    before = st.state(campaign_id)[0].active   # refused here as by every reader, before asking
    if to is not None and to >= 0 and not yes:
        later = [e for e in before if e["seq"] > to]
        if len(later) > 1 and not confirmed(
                f"Revert {len(later)} events ({later[0]['seq']} to {later[-1]['seq']})? They "
                "stay in the history; 'campaign redo' brings them back.", yes):
            typer.echo("nothing was changed")
            return
    reverted = None
    from hyvekit.games.table import HINT, STEP
    last = next((e["type"] for e in reversed(before) if e["type"] != HINT), None)
    if to is None and last == STEP:
        # a step at the table: with a die, the step that made it due (never a re-roll); a
        # hint shown since goes with it
        from hyvekit.games.table import AT_TABLE, table_game, undo_steps
        header = st.load(campaign_id).header
        if (header["game"], header["kind"]) in AT_TABLE:
            undo_steps(st, campaign_id, table_game(header["game"], header["kind"]))
            done = {e["seq"] for e in st.load(campaign_id).active}
            reverted = [e for e in before if e["seq"] not in done]
    if reverted is None:
        reverted = st.undo(campaign_id, to)
    record = st.load(campaign_id)
    for e in reverted:
        typer.echo(wrapped(f"reverted event {e['seq']} ({e['type']}): {_describe(record, e)}"))


@app.command()
def redo(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID")) -> None:
    """Bring back the events the last undo reverted (when nothing was logged after it and they
    still follow the rules).

    Example: hyvekit campaign redo demo-legacy
    """
    for e in command_store(ctx).redo(campaign_id):
        typer.echo(f"restored event {e['seq']} ({e['type']})")


@app.command("export")
def export_(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
            file: Optional[Path] = typer.Argument(None, help="Write here (default or '-': "
                                                             "standard output)."),
            force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
            ) -> None:
    """Export a campaign as plain JSON (with its schema version).

    Example: hyvekit campaign export demo-legacy demo.json
    """
    from hyvekit.cli.common import safe_output
    if file is not None and str(file) == "-":
        file = None                                   # "-" is standard output, as usual
    if file is not None:
        file = safe_output(file, ctx, option="FILE", force=force)
        if not file.absolute().parent.is_dir():
            raise InvalidInputError("FILE", str(file), "a file in an existing folder (no folder "
                                    f"{file.absolute().parent})")
    text = command_store(ctx).export(campaign_id)
    if file is None:
        if sys.stdout is not None:      # None: started with no standard output at all
            sys.stdout.write(text)
        return
    from hyvekit.store.storage import atomic_write_text
    atomic_write_text(file.absolute(), text)
    typer.echo(f"exported {campaign_id} to {file}")


@app.command("import")
def import_(ctx: typer.Context, file: Path = typer.Argument(..., help="An export file."),
            as_id: Optional[str] = typer.Option(None, "--as", metavar="ID",
                                                help="Store under this id instead.")) -> None:
    """Import a campaign export (older schema versions are migrated).

    Example: hyvekit campaign import demo.json --as demo-copy
    """
    if file.is_dir():
        raise InvalidInputError("FILE", str(file), "an export file, not a folder")
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError("FILE", str(file), "a JSON export (UTF-8 text)") from None
    from hyvekit.store.errors import CampaignExistsError
    try:
        st = command_store(ctx)
        st.sweep()
        record = st.import_text(text, str(file), as_id)
    except CampaignExistsError as exc:
        raise InvalidInputError("FILE", str(file), f"a campaign whose id is free: "
                                f"{exc.campaign_id!r} exists already (import it under "
                                "another id with --as NEW-ID)") from None
    typer.echo(wrapped(f"imported {record.header['id']} ({len(record.events)} events, "
                       f"{len(record.active)} active)"))


@app.command()
def delete(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
           yes: bool = YesOption) -> None:
    """Delete a campaign: its file moves to the folder's .trash/ (nothing is destroyed), as
    it is, even when it cannot be read.

    Example: hyvekit campaign delete old-run --yes
    """
    from hyvekit.store.errors import CorruptRecordError
    st = command_store(ctx)
    st.sweep()                               # what a killed import or new left
    try:
        st.load(campaign_id)                 # an unknown id is refused before asking
        unreadable = None
    except CorruptRecordError as exc:
        unreadable = exc.problem
    question = (f"Move campaign {campaign_id!r} to the trash?" if unreadable is None else
                f"Campaign {campaign_id!r} cannot be read ({unreadable}); move its file to "
                "the trash as it is?")
    if not confirmed(question, yes):
        typer.echo(f"kept {campaign_id}: nothing was changed")
        return
    target = st.delete(campaign_id)
    if unreadable is None:
        typer.echo(wrapped(f"deleted {campaign_id}; the record was kept at {target}"))
    else:
        typer.echo(wrapped(f"deleted {campaign_id}; the record could not be read "
                           f"({unreadable}) and was moved as it was to {target}"))


@app.command()
def note(ctx: typer.Context, campaign_id: str = typer.Argument(..., metavar="ID"),
         text: str = typer.Argument(..., help="Free text, up to 2000 characters.")) -> None:
    """Add a note to a campaign's history (it changes no game state).

    Example: hyvekit campaign note demo-legacy "Lost two hyves to the bear"
    """
    event, _ = command_store(ctx).append(campaign_id, "note", {"text": text})
    typer.echo(f"noted as event {event['seq']}")
