"""Saves docs/images/queenbee-play.svg, the README's picture of ``hyvekit queenbee play``: a
three-player match whose first player stings a neighbour's hive through the tunnels, the
steps typed in the screen so that the log shows them, stopped at the attacker's re-roll with
the battle and its odds in view.

Run from the repository root: ``.venv/bin/python scripts/queenbee_play_screenshot.py``
(``--out FILE``, ``--size COLUMNSxROWS``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
from pathlib import Path

from hyvekit.cli.app import run
from hyvekit.cli.queenbee_play import QueenBeeSession
from hyvekit.cli.queenbee_play_app import QueenBeePlayApp

#: the steps typed in the screen: the Sting, a worker through the tunnels, the attack, no
#: card before it, the attacker's die as rolled
TYPED = ("sting", "move worker E1a V3", "attack V3 E3a", "pass", "y3")


async def shoot(folder: Path, out: Path, size: tuple[int, int]) -> None:
    app = QueenBeePlayApp(QueenBeeSession(folder, "friday", seed=1))
    async with app.run_test(size=size) as pilot:
        for step in TYPED:
            app.query_one("#step").value = step
            await pilot.press("enter")
        await pilot.press(*"ke")                      # a completion shown on the step line
        await pilot.pause()
        app.save_screenshot(str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images/queenbee-play.svg"))
    parser.add_argument("--size", default="104x34")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        code = run(["--campaigns-dir", folder, "queenbee", "new", "Friday", "-p", "Ann",
                    "-p", "Bo", "-p", "Cy"], stdout=io.StringIO())
        assert code == 0
        asyncio.run(shoot(Path(folder), args.out, (columns, rows)))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
