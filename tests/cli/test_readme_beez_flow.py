"""The README's "A Beez game" flow runs as written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands() -> list[list[str]]:
    text = README.read_text(encoding="utf-8").split("### A Beez game", 1)[1]
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    return [shlex.split(line.split("  #")[0])[1:] for line in block.splitlines()
            if line.startswith("hyvekit ")]


def test_the_readme_beez_game_runs_as_written(hk):
    for args in _commands():
        if args[:2] == ["print", "pad"]:
            args = [*args, "--out", str(hk.root / "pad.pdf")]
        r = hk(*args)
        assert r.returncode == 0, (args, r.stderr)
    data = json.loads(hk("beez", "next", "friday", "--json").stdout)
    assert (data["decision"], data["actor"]) == ("flight", "Martin")
    assert [p["nectar"] for p in data["table"]["players"]] == [2, 1]
