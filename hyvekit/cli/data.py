"""``hyvekit data``: the game tables hyvekit ships, and copies to edit with your own values."""

from __future__ import annotations

import re
from pathlib import Path

import typer

from hyvekit.cli.accepted import accepted
from hyvekit.cli.common import JsonOption, console, print_json, safe_output, table, wrapped
from hyvekit.data import packaged_texts
from hyvekit.rules.validate import not_one_of

app = typer.Typer(
    help=("Game data tables: what hyvekit ships, which values are the rulebooks' and which "
          "are hyvekit's own (assumed), and copies to fill with your own.\n\n"
          "Example: hyvekit data list"),
    no_args_is_help=True,
)

# Which option takes a player's own copy of each table.
USED_BY = {
    "hyve_legacy": "hyvekit hyve legacy new --sheets FILE",
    "hyve_sheets": "hyvekit print sheet hyve --sheets FILE; hyvekit hyve hp --sheets FILE",
    "beelives": "hyvekit beelives winter|raid|raid-odds --board FILE",
    "beelives_seasons": "hyvekit beelives card|cards --cards FILE",
    "beelives_map": "the map rules (hyvekit.data.beelives.map_data); no option yet",
    "beelives_solo": "the solo cards (hyvekit.data.beelives.solo_cards); no option yet",
    "beez": "hyvekit beez new|score|cards --cards FILE; beez score|check-store --layout FILE",
    "queenbee": "hyvekit queenbee odds|battle --faces FILE",
    "queenbee_board": "hyvekit queenbee board|new --board FILE",
    "plays": "hyvekit stats (game names for BG Stats and BoardGameGeek); BGG ids: "
             "hyvekit stats --set-bgg-id",
}


def _summary(name: str, text: str) -> dict[str, object]:
    first = next((line.lstrip("# ").strip() for line in text.splitlines()
                  if line.startswith("#") and line.strip("# ")), "")
    return {"table": name, "title": first,
            "assumed_marks": len(re.findall(r"^\s*\w*assumed\s*=\s*true", text, re.M)),
            "rulebook_marks": len(re.findall(r"source\s*=\s*\"rulebook", text)),
            "your_own_file": USED_BY.get(name, "")}


@app.command("list")
def list_(as_json: bool = JsonOption) -> None:
    """List the packaged tables with how many values are marked assumed (hyvekit's own).

    Example: hyvekit data list --json
    """
    rows = [_summary(n, t) for n, t in packaged_texts().items()]
    if as_json:
        print_json(rows)
        return
    console().print(table("Game data tables (hyvekit data show TABLE)",
                          ["table", "assumed", "from rulebook", "use your own copy with"],
                          [[r["table"], r["assumed_marks"], r["rulebook_marks"],
                            r["your_own_file"]] for r in rows]))
    typer.echo(wrapped("assumed = hyvekit's own values (the rulebooks do not print them); "
                       "'hyvekit data copy TABLE FILE' gives you a copy to fill in."))


def _text(name: str) -> str:
    tables = packaged_texts()
    key = name.strip().lower().removesuffix(".toml").replace("-", "_")
    if key not in tables:
        raise not_one_of("TABLE", name, tables)
    return tables[key]


@app.command()
def show(name: str = typer.Argument(..., metavar="TABLE", help="A table from 'data list'. "
                                                            + accepted("tables"))
         ) -> None:
    """Print a packaged table (TOML), with where each value comes from.

    Example: hyvekit data show hyve_legacy
    """
    typer.echo(_text(name), nl=False)


@app.command()
def copy(ctx: typer.Context,
         name: str = typer.Argument(..., metavar="TABLE", help="A table from 'data list'."),
         out: Path = typer.Argument(..., metavar="FILE", help="Where to write your copy."),
         force: bool = typer.Option(False, "--force", help="Replace FILE if it exists."),
         ) -> None:
    """Write a copy of a table to edit with your booklet's or your box's values.

    Example: hyvekit data copy hyve_legacy my-legacy-sheets.toml
    """
    text = _text(name)
    target = safe_output(out, ctx, option="FILE", force=force)
    from hyvekit.store.storage import atomic_write_text
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(target.absolute(), text)
    key = name.strip().lower().removesuffix(".toml").replace("-", "_")
    typer.echo(wrapped(f"wrote {target}: enter your values (and set assumed = false where you "
                       f"do), then use it with: {USED_BY.get(key, 'its option')}"))
