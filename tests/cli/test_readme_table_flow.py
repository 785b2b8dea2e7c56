"""The README's "Bee Lives at the table" flow runs as written, whichever spring card is turned
over (the README draws one at random; here each is named in turn)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def _flow() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    block = text.split("### Bee Lives at the table", 1)[1].split("```sh", 1)[1].split("```")[0]
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.strip().splitlines()]
    return [shlex.split(line)[1:] for line in lines if line]


SPRING = ["Beginning of the Flow", "A Cold Spike", "An Early Start", "First Bloom",
          "In Like a Lion", "Non-Stop Rain", "Oppressive Heat", "Out Like a Lamb",
          "Perfect Weather"]


@pytest.mark.parametrize("card", SPRING)
def test_the_readme_month_at_the_table_runs_as_written(hk, card):
    commands = _flow()
    assert commands[0][:2] == ["beelives", "new"]
    for args in commands:
        if args[:2] == ["beelives", "play"]:
            break                                 # full screen: its own test drives it
        args = [f'card "{card}"' if a == "draw" else a for a in args]
        r = hk(*args, "--seed", "1") if args[:2] == ["beelives", "do"] else hk(*args)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
    data = json.loads(hk("beelives", "next", "spring-league", "--json").stdout)
    assert data["table"]["card"] == card and data["table"]["phase"].startswith("Action Phase")
    steps = data["table"]["steps"]
    assert steps[-2:] == ["Susan: sacrifice 0/0", "Susan: defend 1"]
    assert "Susan: sacrifice 0/1" not in steps             # undone
