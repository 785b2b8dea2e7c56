"""The shipped two-year two-player campaign (examples/beelives/campaign/) played again at the
table through ``hyvekit beelives do`` steps only — the steps derived from the month files
(:func:`hyvekit.rules.beelives.table_steps.walk`) — against the same campaign logged from the
files with ``beelives log``: every month's VP and hives, every winter and the final scores
are the same.  (hyvekit names the wild hives it spawns itself, so only their names differ.)
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from hyvekit.data.beelives import campaign_components, packaged_board
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.table_steps import walk

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "beelives" / "campaign"
COMPS = campaign_components(packaged_board()).game


def _ok(r):
    assert r.returncode == 0, r.stdout + r.stderr
    return r


def _status(hk, cid):
    return json.loads(_ok(hk("beelives", "status", cid, "--json")).stdout)


def _players(data):
    keys = ("workers", "honey", "pollen", "water", "comb", "empty", "disease", "vp",
            "starvation", "queen")
    return {h["name"]: {k: h[k] for k in keys} for h in data["hives"]}


def test_the_example_campaign_played_through_do_steps_equals_the_logged_one(hk):
    for cid in ("Logged", "Table"):
        _ok(hk("beelives", "new", cid, "-p", "Susan:prolific:yellow", "-p",
               "Jeremy:aggressive:blue", "--years", "2"))
    state = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], COMPS.board,
                       options=g.Options(years=2))
    names: dict[str, str] = {}
    winters = {1: [], 2: ["Jeremy"]}              # the example's year-ends (its README)
    for year in (1, 2):
        for path in sorted(EXAMPLES.glob(f"2p-y{year}-*.toml")):
            plan = rec.parse_month(tomllib.loads(path.read_text(encoding="utf-8")), path.name)
            w = walk(state, COMPS, plan, names=names)
            names = w.names
            _ok(hk("beelives", "log", "logged", str(path)))
            _ok(hk("beelives", "do", "table", *w.steps))
            logged, table = _status(hk, "logged"), _status(hk, "table")
            assert _players(table) == _players(logged), path.name
            assert table["months"][-1]["vp"] == logged["months"][-1]["vp"], path.name
            assert sorted(x["strength"] for x in table["wild"]) == \
                sorted(x["strength"] for x in logged["wild"]), path.name
            state = w.table.result.state          # the wild hives by the table's names
        take = winters[year]
        _ok(hk("beelives", "year-end", "logged", *[a for n in take for a in ("--starvation",
                                                                             n)]))
        _ok(hk("beelives", "do", "table", "year-end" + (" take " + ",".join(take)
                                                        if take else "")))
        state, _ = g.play_winter(state, COMPS, {n: "take" for n in take})
        assert _players(_status(hk, "table")) == _players(_status(hk, "logged"))
    logged, table = _status(hk, "logged"), _status(hk, "table")
    assert logged["stage"] == table["stage"] == "over"
    assert table["scores"] == logged["scores"] and table["scores"]
    assert len(table["months"]) == 18
