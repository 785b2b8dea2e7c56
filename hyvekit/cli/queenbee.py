"""`hyvekit queenbee`: Queen Bee commands (coming)."""

import typer

app = typer.Typer(help="Queen Bee commands: coming in a later release.\n\nExample: hyvekit queenbee", no_args_is_help=False)


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """Queen Bee commands: coming in a later release.  Example: hyvekit queenbee --help"""
    if ctx.invoked_subcommand is None:
        typer.echo("Queen Bee commands are coming; see 'hyvekit --help' for what works today.")
