"""Queen Bee hive skills through ``queenbee do`` (Advanced Rules; ruling Q30): one each is
two cards dealt, by hyvekit or as dealt at the table, then one kept; ``next`` shows them."""

from __future__ import annotations

import json
import re

from hyvekit.games import campaign_store


def test_one_skill_each_dealt_by_hyvekit_then_kept_and_shown(hk):
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "--skills",
              "one").returncode == 0
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert (data["decision"], data["actor"], data["legal"]) == ("skill", "Ann", ["deal"])
    assert data["preview"] == {}                       # a deal is drawn: no preview
    assert hk("queenbee", "do", "friday", "deal").returncode == 0
    stored = campaign_store(hk.campaigns).load("friday").active[-1]["data"]
    dealt = re.fullmatch(r"dealt (card-\d+), (card-\d+)", stored["do"])
    assert dealt and stored["by"] == "Ann"
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert data["legal"] == [f"skill {dealt.group(1)}", f"skill {dealt.group(2)}"]
    r = hk("queenbee", "do", "friday", "skill Royal Jelly")
    assert r.returncode == 1 and "keep one of the two dealt" in r.stderr
    assert hk("queenbee", "do", "friday", f"skill {dealt.group(2)}",
              "dealt Royal Jelly, Stinger", "skill royal jelly").returncode == 0
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert data["decision"] == "action"
    assert [p["skills"] for p in data["table"]["players"]] == [dealt.group(2), "royal jelly"]
    assert "royal jelly" in hk("queenbee", "next", "friday").stdout
