"""The README's "A Beez game" flow runs as written."""

from __future__ import annotations

import json

from readme_flows import commands


def _commands() -> list[list[str]]:
    return commands("A Beez game")


def test_the_readme_beez_game_runs_as_written(hk):
    for args in _commands():
        if args[:2] == ["print", "pad"]:
            args = [*args, "--out", str(hk.root / "pad.pdf")]
        r = hk(*args)
        assert r.returncode == 0, (args, r.stderr)
    data = json.loads(hk("beez", "next", "friday", "--json").stdout)
    assert (data["decision"], data["actor"]) == ("flight", "Martin")
    assert [p["nectar"] for p in data["table"]["players"]] == [2, 1]
