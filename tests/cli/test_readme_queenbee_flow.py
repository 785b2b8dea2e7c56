"""The README's "A Queen Bee match at the table" flow runs as written."""

from __future__ import annotations

import json

from readme_flows import commands


def _commands() -> list[list[str]]:
    return commands("A Queen Bee match at the table")


def test_the_readme_queen_bee_match_runs_as_written(hk):
    for args in _commands():
        r = hk(*args)
        assert r.returncode == 0, (args, r.stderr)
    data = json.loads(hk("queenbee", "next", "friday", "--json").stdout)
    assert (data["decision"], data["actor"]) == ("action", "Bo")
    spaces = data["table"]["spaces"]
    assert spaces["I1"] == "Ann: 1 warrior" and spaces["G1b"] == "Ann: 1 warrior, 1 worker"
    bo = data["table"]["players"][1]
    assert bo["bees"] == 14 and bo["reserve"] == 1
