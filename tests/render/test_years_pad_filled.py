"""The multi-year pad of a campaign (issue 29, item 7): every year whose winter is played is
filled in — VP during play, bees and honey after the winter, the year's starvation tokens and
their VP, the year's sum and the running total, a bee surviving — and the running total after
the last winter is each player's final score (End of the Game)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "beelives"))
from test_table import play_game, settings_for  # noqa: E402

from hyvekit.games import adapter_for, campaign_store  # noqa: E402
from hyvekit.render.printables_beelives_campaign import (campaign_view,  # noqa: E402
                                                         finished_years)


@pytest.mark.parametrize("seed", [1, 5])
def test_the_running_total_after_the_last_winter_is_the_final_score(seed, tmp_path):
    state, steps = play_game(seed)
    store = campaign_store(tmp_path)
    record = store.create("Years", "beelives", "campaign", settings_for(seed))
    store.append_many(record.header["id"], [("step", {"do": s}) for s in steps])
    record, state = store.state(record.header["id"])
    view = campaign_view(record.header, adapter_for("beelives", "campaign").summary(state))
    filled = finished_years(view)
    finals = {line.player.name: line.total for line in state.scores.lines}
    for name, total in finals.items():
        years = filled[name]
        assert sorted(years) == list(range(1, len(years) + 1))
        assert years[max(years)]["running"] == total
        for y in years.values():
            assert y["year"] == y["vp"] + y["bees"] + y["honey"] + y["tokens_vp"]
            assert y["eligible"] == (y["bees"] > 0)


def test_the_pad_prints_the_finished_years(hk):
    state, steps = play_game(1)
    store = campaign_store(hk.campaigns)
    store.create("Two years", "beelives", "campaign", settings_for(1), "two-years")
    store.append_many("two-years", [("step", {"do": s}) for s in steps])
    r = hk("print", "pad", "beelives-years", "two-years", "--out", "pad.pdf")
    assert r.returncode == 0, r.stderr
    import subprocess
    text = subprocess.run(["pdftotext", "-layout", str(hk.root / "pad.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    finals = {line.player.name: line.total for line in state.scores.lines}
    for name, total in finals.items():
        assert str(total) in text.split()
