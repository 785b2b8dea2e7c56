"""``hyvekit beelives log / status`` for Wildfire's year 2 played on the map (the real CLI,
in process; rules/bee-lives.txt, Campaign Cards, "Wildfire").

The first year is nine random legal months on the map (made in this process with the rules
core's random player and written as month files, the first seed in which Ann never scouts nor
meets a wild hive), so her tile is the whole map: whatever the D4, the fire's first row is her
tile and she loses at the start of year 2 March ("At any time, if the map tile occupied by
your hive flips due to the spreading fire, you lose!").
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

# the campaign CLI tests' helpers (same folder)
from test_beelives_campaign_cli import ok, status

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_month

SETTINGS = {"kind": "solo-campaign", "campaign": "Wildfire", "map": True,
            "players": [{"name": "Ann", "queen": "prolific"}]}




def one_tile_year(folder: Path) -> list[Path]:
    """Nine month files of a first year in which the map stays Ann's one tile."""
    comps = bl.campaign_components()
    for seed in range(200):
        rng = random.Random(seed)
        state = C.new_campaign(C.settings_from_dict(SETTINGS, comps), comps)
        texts = []
        while state.game.stage == "month":
            plan, _ = random_month(state.game, comps.game, rng)
            text = rec.dump_month(plan)
            state = C.play(state, "month", {"month": tomllib.loads(text)})
            texts.append(text)
        if len(state.game.map.tiles) == 1 and not state.game.wild:
            break
    else:
        raise AssertionError("no seed kept the map to one tile")
    files = []
    for i, text in enumerate(texts, start=1):
        path = folder / f"y1-{i:02d}.toml"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return files


def test_wildfire_on_the_map_burns_the_hive_and_the_campaign_is_lost(hk, tmp_path):
    made = json.loads(ok(hk("beelives", "new", "Fire", "-p", "Ann:prolific", "--solo",
                            "campaign", "--campaign-card", "Wildfire", "--map",
                            "--json")).stdout)
    cid = made["id"]
    assert (made["campaign"], made["years"]) == ("Wildfire", 2)
    ok(hk("beelives", "log", cid, *map(str, one_tile_year(tmp_path))))
    ok(hk("beelives", "year-end", cid))
    assert (status(hk, cid)["year"], status(hk, cid)["month"]) == (2, "March")
    march = tmp_path / "y2-march.toml"
    march.write_text('year = 2\nmonth = "March"\ncard = "Perfect Weather"\n', encoding="utf-8")
    # year 2 March needs the fire's D4: refused with the rule, the record unchanged
    refused = hk("beelives", "log", cid, str(march))
    assert refused.returncode == 1
    assert "Bee Lives: Wildfire" in refused.stderr + refused.stdout
    assert "fire_d4" in refused.stderr + refused.stdout
    assert "Traceback" not in refused.stderr
    assert len(status(hk, cid)["months"]) == 9
    march.write_text(march.read_text(encoding="utf-8") + "\n[stated]\nfire_d4 = 3\n",
                     encoding="utf-8")
    ok(hk("beelives", "log", cid, str(march)))
    data = status(hk, cid)
    assert data["outcome"] == "lost" and data["stage"] == "over"
    assert data["fire"]["burnt_tiles"] == [[0, 0]] and data["fire"]["hive_burned"] is True
    assert data["fire"]["edge"] == "closest"
    burned = next(v for v in data["goals"] if v["goal"] == "hive_not_burned")
    assert burned["status"] == "failed" and "you lose" in burned["reason"]
    text = ok(hk("beelives", "status", cid)).stdout
    assert "wildfire: started on the closest edge" in text and "your hive burned" in text
    assert "outcome: lost" in text
    # no month after the loss
    april = tmp_path / "y2-april.toml"
    april.write_text('year = 2\nmonth = "April"\ncard = "First Bloom"\n', encoding="utf-8")
    after = hk("beelives", "log", cid, str(april))
    assert after.returncode == 1 and "you lost" in after.stderr + after.stdout
    assert len(status(hk, cid)["months"]) == 10
