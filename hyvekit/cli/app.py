"""The ``hyvekit`` command: assembles the command groups; errors go through ``cli/errors.py``.

Only typer and the light command modules are imported here: weasyprint and reportlab load
inside the printing code, so ``hyvekit --help`` and every non-printing command start fast.
"""

from __future__ import annotations

import sys
from typing import Optional

import typer

from hyvekit import __version__
from hyvekit.cli import beelives, beez, campaign, data, demo, hyve, printing, queenbee
from hyvekit.cli.common import ENV_CAMPAIGNS

app = typer.Typer(
    name="hyvekit",
    help=("Companion for the bee games HYVE, Bee Lives, Beez and Queen Bee: print sheets, "
          "pads and aids; keep campaign records; check scores against the rulebooks.\n\n"
          "Example: hyvekit demo"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    rich_markup_mode="rich",
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hyvekit {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    campaigns_dir: Optional[str] = typer.Option(
        None, "--campaigns-dir", envvar=ENV_CAMPAIGNS, metavar="DIR",
        help="Folder of campaign records (default ./campaigns; env HYVEKIT_CAMPAIGNS)."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """hyvekit: the bee games' companion."""
    ctx.obj = {"campaigns_dir": campaigns_dir}


app.add_typer(campaign.app, name="campaign")
app.add_typer(hyve.app, name="hyve")
app.add_typer(beelives.app, name="beelives")
app.add_typer(beez.app, name="beez")
app.add_typer(queenbee.app, name="queenbee")
app.add_typer(printing.app, name="print")
app.add_typer(data.app, name="data")
app.command("demo")(demo.demo)


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point: run the app, map errors through the one error table.

    Usage errors are typer's own (exit code 2); every other exception goes through
    :func:`hyvekit.cli.errors.report`, which prints one line (no traceback unless
    ``HYVEKIT_DEBUG=1``) and picks the exit code.
    """
    try:
        app(args=argv, prog_name="hyvekit")
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the error table decides
        from hyvekit.cli.errors import report

        sys.exit(report(exc))


if __name__ == "__main__":
    main()
