"""``hyvekit serve`` on a record whose appends go to its journal (hyvekit/store/journal.py):
a step made by another command changes only the journal and still reaches every page; a step
made from a page is stored in the journal and read back by every command."""

from __future__ import annotations

import json

import hyvekit.store.campaigns as C
from hyvekit.store.storage import journal_path

from .conftest import serving, tokens
from .test_serve import draw_then_step, watching


def test_steps_stored_in_the_journal_reach_the_pages(hk, league, monkeypatch):
    monkeypatch.setattr(C, "JOURNAL_FROM", 0)          # every append to the journal
    record = hk.campaigns / f"{league}.json"
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        reader, got = watching(base, f"/t/{league}/events?k={k['watch']}", 5)
        before = record.read_bytes()
        data = draw_then_step(hk, base, league, k["host"])
        reader.join(timeout=15)
    assert record.read_bytes() == before                # both steps in the journal only
    assert journal_path(record).stat().st_size > 0
    steps = [g["last_step"] for g in got]
    assert len(got) == 5 and steps[1].startswith("card ") and steps[3] == data["legal"][0]
    history = hk("campaign", "history", league)
    assert history.returncode == 0 and data["legal"][0] in history.stdout
    after = json.loads(hk("beelives", "next", league, "--json").stdout)
    assert after["decision"] != data["decision"] or after["legal"] != data["legal"]
