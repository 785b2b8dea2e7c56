"""`hyvekit beelives`: Bee Lives commands (coming)."""

import typer

app = typer.Typer(help="Bee Lives commands: coming in a later release.\n\nExample: hyvekit beelives", no_args_is_help=False)


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """Bee Lives commands: coming in a later release.  Example: hyvekit beelives --help"""
    if ctx.invoked_subcommand is None:
        typer.echo("Bee Lives commands are coming; see 'hyvekit --help' for what works today.")
