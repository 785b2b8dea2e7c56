"""``hyvekit continue``: the games in progress at the table — each record played step by
step (a Bee Lives campaign, a HYVE scenario or a legacy run's scenario, a Beez game) whose
game is not over — with what is due, whose turn it is, how long ago its last step was made,
and the command that goes on with it."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import typer

from hyvekit.cli.common import JsonOption, campaigns_dir, console, print_json, table, wrapped

#: the command that shows each kind of record's table, by (game, kind)
NEXT = {("beelives", "campaign"): "hyvekit beelives next {id}",
        ("hyve", "scenario"): "hyvekit hyve next --scenario {id}",
        ("hyve", "legacy"): "hyvekit hyve next {id}",
        ("beez", "game"): "hyvekit beez next {id}",
        ("queenbee", "match"): "hyvekit queenbee next {id}"}


def ago(stamp: str | None, now: datetime | None = None) -> str:
    """How long ago the UTC timestamp ``stamp`` (ISO 8601) was, as people say it: "just
    now", "5 min ago", "3 h ago", "2 days ago" ("" when unknown)."""
    try:
        then = datetime.fromisoformat(str(stamp))
    except ValueError:
        return ""
    if then.tzinfo is None:
        then = then.replace(tzinfo=timezone.utc)
    seconds = ((now or datetime.now(timezone.utc)) - then).total_seconds()
    if seconds < 60:
        return "just now"
    for unit, size in (("day", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'s' if unit == 'day' and n != 1 else ''} ago"
    return ""                                                    # pragma: no cover


def in_progress(folder: Any) -> list[dict[str, Any]]:
    """The records of ``folder`` played at the table and not over, most recent step first:
    ``{"id", "name", "game", "kind", "due", "actor", "last_step_at", "next"}`` each.  A
    record that cannot be read, or a legacy run between scenarios, is left out."""
    from hyvekit.games import campaign_store
    from hyvekit.games.table import AT_TABLE, table_game
    from hyvekit.store.errors import StoreError
    store = campaign_store(folder)
    rows = []
    for cid in store.ids():
        try:
            record = store.load(cid)
            kind = (record.header["game"], record.header["kind"])
            if kind not in AT_TABLE:
                continue
            _, state = store.state(cid)
            d = table_game(*kind).engine.pending(state)
        except (StoreError, ValueError, KeyError):     # a rule's error is a ValueError
            continue
        if d.over:
            continue
        rows.append({"id": cid, "name": record.header.get("name") or cid, "game": kind[0],
                     "kind": kind[1], "due": d.prompt, "actor": d.actor,
                     "last_step_at": record.active[-1]["at"] if record.active else
                     record.header.get("created"),
                     "next": NEXT[kind].format(id=cid)})
    rows.sort(key=lambda r: str(r["last_step_at"] or ""), reverse=True)
    return rows


def continue_(ctx: typer.Context, as_json: bool = JsonOption) -> None:
    """The games in progress at the table: what is due in each, whose turn it is, how long
    ago the last step was, and the command that goes on (most recent first).

    Example: hyvekit continue
    """
    rows = in_progress(campaigns_dir(ctx))
    if as_json:
        print_json(rows)
        return
    if not rows:
        typer.echo(wrapped("No game in progress at the table. Start one: hyvekit beelives new "
                           "\"Spring League\" -p Ann:prolific (or hyvekit hyve new, hyvekit "
                           "beez new)"))
        return
    from hyvekit.rules.validate import shown
    console().print(table("Games in progress", ["game", "due", "whose turn", "last step"],
                          [[f"{r['id']} ({r['game']})", shown(r["due"]),
                            shown(r["actor"] or "-"), ago(r["last_step_at"])] for r in rows]))
    typer.echo(f"next: {rows[0]['next']}")
