"""`hyvekit beez`: Beez commands (coming)."""

import typer

app = typer.Typer(help="Beez commands: coming in a later release.\n\nExample: hyvekit beez", no_args_is_help=False)


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """Beez commands: coming in a later release.  Example: hyvekit beez --help"""
    if ctx.invoked_subcommand is None:
        typer.echo("Beez commands are coming; see 'hyvekit --help' for what works today.")
