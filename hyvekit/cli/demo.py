"""``hyvekit demo``: the main job end to end on the rulebook's own Legacy Mode figures."""

from __future__ import annotations

from pathlib import Path

import typer

from hyvekit.cli.common import campaigns_dir, wrapped

DEMO_ID = "demo-legacy"
DEMO_NAME = "hyvekit demo legacy"
DEMO_COLOURS = ["yellow", "blue", "green", "purple", "red"]


def log_demo_run(folder: Path):
    """Create (or re-create) the demo run and log the rulebook's example scenario.

    Buys three 1-type bread upgrades (2 + 3 + 4 = 9 honey) and 6 Population for 3 honey,
    starts scenario 1 and logs it won with 12 population, 4 completed hyves and the HP die 7
    positions past the Starting Space.

    :returns: ``(record, state)`` after the last event.
    :raises CampaignExistsError: a campaign that is not the demo's already uses the demo id.
    """
    from hyvekit.data import hyve as hd
    from hyvekit.games import hyve as L
    from hyvekit.games import campaign_store
    from hyvekit.store.errors import CampaignExistsError

    store = campaign_store(folder)
    if store.exists(DEMO_ID):
        old = store.load(DEMO_ID)
        if old.header["name"] != DEMO_NAME:
            raise CampaignExistsError(DEMO_ID, store.path(DEMO_ID))
        store.path(DEMO_ID).unlink()  # the demo's own record: replaced, never duplicated
    sheet = hd.legacy_sheets()["legacy-1"]
    store.create(DEMO_NAME, "hyve", "legacy",
                 {"sheet": sheet.to_dict(), "colours": DEMO_COLOURS, "easy": False}, DEMO_ID)
    actions = [
        L.Shop((L.BuyBread(1), L.BuyBread(1), L.BuyBread(1),
                L.BuyResources("population", ("purple",) * 3 + ("green",) + ("red",) * 2))),
        L.StartScenario(),
    ]
    playing = store.append_many(DEMO_ID, [L.action_to_event(a) for a in actions])[-1][1]
    result = L.Result(won=True, hp_past_start=7, population=12, hyves=4,
                      limits=L.scenario_limits(playing, hd.sheet_definitions()))
    store.append(DEMO_ID, *L.action_to_event(result))
    return store.state(DEMO_ID)


def demo(ctx: typer.Context,
         out_dir: Path | None = typer.Option(None, "--out-dir", metavar="DIR",
                                             help="Where the three PDFs go (default: demo/ "
                                                  "in the output folder, a folder of their "
                                                  "own, so your own prints stay as they "
                                                  "are)."),
         ) -> None:
    """Log a Hyve Legacy run from the rulebook's example figures and print three PDFs.

    Running it again replaces the demo run (id demo-legacy); other campaigns are untouched.

    Example: hyvekit demo
    """
    from hyvekit.cli import printing
    from hyvekit.cli.common import output_dir
    from hyvekit.cli.hyve import print_legacy_status
    from hyvekit.games import campaign_store
    from hyvekit.store.errors import CampaignExistsError

    out_dir = output_dir() / "demo" if out_dir is None else out_dir
    store = campaign_store(campaigns_dir(ctx))
    if store.exists(DEMO_ID) and store.load(DEMO_ID).header["name"] != DEMO_NAME:
        raise CampaignExistsError(DEMO_ID, store.path(DEMO_ID))  # before any step is shown

    typer.echo(wrapped("1. A legacy run on hyvekit's Legacy I sheet, colours "
                       + ", ".join(f"{v}={c}" for v, c in enumerate(DEMO_COLOURS, start=1)),
                       indent="   "))
    typer.echo(wrapped("2. Shopping with the 15 starting honey: three 1-type bread upgrades "
                       "(2 + 3 + 4 = 9 honey) and 6 Population (3 honey)", indent="   "))
    typer.echo(wrapped("3. Scenario 1 won with 12 population, 4 completed hyves, HP die 7 past "
                       "start (the rulebook's example; its text gives 8 honey, see "
                       "docs/rulings.md R1)", indent="   "))
    record, state = log_demo_run(campaigns_dir(ctx))
    typer.echo("")
    print_legacy_status(record, state)
    typer.echo("")
    typer.echo(wrapped(f"4. Printing into {out_dir}/:", indent="   "))
    common = {"paper": printing.Paper.a4, "copies": 1, "templates": None}
    printing.legacy_sheet(ctx, run=DEMO_ID, sheet="legacy-1",
                          out=out_dir / "legacy-sheet.pdf", **common)
    printing.pad(ctx, "beelives", campaign=None, players=4, names=None,
                 out=out_dir / "pad-beelives.pdf", **common)
    printing.aid(ctx, "beelives-month", out=out_dir / "aid-beelives-month.pdf", **common)
    typer.echo(f"\nDone. Next: hyvekit hyve legacy status {DEMO_ID}   (or: hyvekit --help)")
