"""Options and output helpers shared by the command groups."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer

DEFAULT_CAMPAIGNS = "campaigns"
ENV_CAMPAIGNS = "HYVEKIT_CAMPAIGNS"

JsonOption = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")


def campaigns_dir(ctx: typer.Context | None = None) -> Path:
    """The campaigns folder: ``--campaigns-dir``, else ``$HYVEKIT_CAMPAIGNS``, else ``./campaigns``."""
    while ctx is not None:
        if ctx.obj and ctx.obj.get("campaigns_dir"):
            return Path(ctx.obj["campaigns_dir"])
        ctx = ctx.parent
    return Path(os.environ.get(ENV_CAMPAIGNS) or DEFAULT_CAMPAIGNS)


def console():
    """A rich console for people (imported lazily to keep start-up fast)."""
    from rich.console import Console
    return Console(highlight=False)


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def table(title: str | None, columns: list[str], rows: list[list[Any]]):
    """A rich table with ``columns`` and ``rows`` (values turned into text)."""
    from rich.table import Table
    t = Table(title=title, title_justify="left", header_style="bold")
    for c in columns:
        t.add_column(c)
    for r in rows:
        t.add_row(*["" if v is None else str(v) for v in r])
    return t
