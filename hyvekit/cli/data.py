"""`hyvekit data`: game data tables commands (coming)."""

import typer

app = typer.Typer(help="game data tables commands: coming in a later release.\n\nExample: hyvekit data", no_args_is_help=False)


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """game data tables commands: coming in a later release.  Example: hyvekit data --help"""
    if ctx.invoked_subcommand is None:
        typer.echo("game data tables commands are coming; see 'hyvekit --help' for what works today.")
