"""A record's report (``print report CAMPAIGN``): the printable's context for any record
(a Hyve Legacy run's scenarios, a Bee Lives campaign's years, a match log's standings, then
its history) and the hash that names the state a print shows.  ``print report`` and the web
table's download (``hyvekit serve``) both make it here."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: the kind of record whose report has its own layout
BEELIVES_CAMPAIGN = ("beelives", "campaign")


def state_sha256(state: Any) -> str:
    """The sha256 (hex) of the JSON of a replayed state (``sort_keys``, UTF-8): identifies what
    a pre-filled print shows (two records in the same state share it; any purchase, result,
    match or undo changes it).

    A Hyve Legacy run hashes ``legacy_summary(state)``, a Bee Lives campaign its ``summary``
    (what ``beelives status --json`` shows); any other state (a Queen Bee match log, ...)
    hashes its dataclass fields as plain JSON (``hyvekit.store.adapters.jsonable``)."""
    from hyvekit.games.hyve import LegacyState, legacy_summary
    from hyvekit.store.adapters import jsonable

    if isinstance(state, LegacyState):
        value = legacy_summary(state)
    elif type(state).__module__.startswith("hyvekit.rules.beelives."):
        from hyvekit.games.beelives import CampaignState, summary

        value = summary(state) if isinstance(state, CampaignState) else jsonable(state)
    else:
        value = jsonable(state)
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def report_context(record: Any, state: Any) -> dict[str, Any]:
    """The report printable's context for ``record`` (its header and events) replayed to
    ``state``: the Bee Lives layout for a campaign, the common one for any other record."""
    from hyvekit.games import adapter_for
    game, kind = record.header["game"], record.header["kind"]
    adapter = adapter_for(game, kind)
    if (game, kind) == BEELIVES_CAMPAIGN:
        from hyvekit.render.printables_beelives_report import beelives_report_context
        return beelives_report_context(record.header, record.events, state,
                                       adapter.summary(state), describe=adapter.describe)
    from hyvekit.render.printables_reports import report_context as common
    return common(record.header, record.events, state, describe=adapter.describe,
                  summary=adapter.summary)


def write_report(record: Any, state: Any, out: Path, **render: Any) -> Path:
    """The report of ``record`` written to ``out`` as ``print report`` writes it (A4, one
    copy, unless ``render`` says otherwise: :func:`~hyvekit.render.pdf.render_pdf`'s
    options), with the campaign id and the state's hash in its metadata.

    :raises InvalidInputError: a bad option, a template resource refused.
    :raises OSError: ``out`` cannot be written.
    """
    from hyvekit.render.catalogue import entry
    from hyvekit.render.pdf import render_pdf
    printable = entry("report")
    cid = str(record.header.get("id"))
    options = {"paper": render.get("paper", "a4"), "copies": render.get("copies", 1),
               "per_page": render.get("per_page", 1),
               "ink_saver": render.get("ink_saver", False), "campaign": cid,
               **render.pop("options", {})}
    return render_pdf(printable.template, report_context(record, state), out=out,
                      metadata={"title": printable.title, "printable": printable.key,
                                "options": options, "campaign": cid,
                                "state_sha256": state_sha256(state)}, **render)
