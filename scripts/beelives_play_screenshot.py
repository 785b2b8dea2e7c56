"""Saves docs/images/beelives-play.svg, the README's picture of ``hyvekit beelives play``: a
two-player campaign played at random (seeded, so the picture is the same each time) into its
third month, the last steps typed in the screen so that the log shows them.

Run from the repository root: ``.venv/bin/python scripts/beelives_play_screenshot.py``
(``--out FILE``, ``--size COLUMNSxROWS``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import tempfile
from pathlib import Path

from hyvekit.cli.app import run
from hyvekit.cli.beelives_session import PlaySession
from hyvekit.cli.beelives_play_app import PlayApp

SEED = 7
#: steps played before the screen opens, then the steps typed in it
BEFORE, TYPED = 11, 8


def choose(data: dict, rng: random.Random) -> str:
    """A step for the decision due: the card drawn, the dice rolled, else a legal option."""
    if data["decision"] == "card":
        return "draw"
    if data["decision"] == "dice":
        return "roll"
    return rng.choice(data["legal"])


async def shoot(folder: Path, out: Path, size: tuple[int, int]) -> None:
    session = PlaySession(folder, "spring-league", seed=SEED)
    rng = random.Random(SEED)
    for _ in range(BEFORE):
        session.step(choose(session.data, rng))
    app = PlayApp(session)
    async with app.run_test(size=size) as pilot:
        for _ in range(TYPED):
            app.query_one("#step").value = choose(session.data, rng)
            await pilot.press("enter")
        await pilot.press(*"forage h")               # a completion shown on the step line
        await pilot.pause()
        app.save_screenshot(str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images/beelives-play.svg"))
    parser.add_argument("--size", default="100x34")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        code = run(["--campaigns-dir", folder, "beelives", "new", "Spring League",
                    "--player", "Susan:prolific", "--player", "Jeremy:aggressive"],
                   stdout=io.StringIO())
        assert code == 0
        asyncio.run(shoot(Path(folder), args.out, (columns, rows)))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
