"""Saves docs/images/hyve-play.svg, the README's picture of ``hyvekit hyve play``: the first
scenario of a legacy run played at the table from the turns of
examples/hyve/legacy-scenario-1.toml (so the picture is the same each time) into its middle,
a few steps typed in the screen so that the log shows them, then the bee typed and a hex of
the active hyve clicked.

Run from the repository root: ``.venv/bin/python scripts/hyve_play_screenshot.py``
(``--out FILE``, ``--size COLUMNSxROWS``).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
import tomllib
from pathlib import Path

from hyvekit.cli.app import run
from hyvekit.cli.hyve_play import PlaySession, step_hex
from hyvekit.cli.hyve_play_app import HyvePlayApp

EXAMPLE = Path("examples/hyve/legacy-scenario-1.toml")
RUN = "summer-run"
#: steps played before the screen opens, then the steps typed in it
BEFORE, TYPED = 50, 6


def example_steps(folder: Path) -> list[str]:
    """The example's turns as steps at the table, from the run's set-up."""
    from hyvekit.data.hyve import sheet_definitions
    from hyvekit.cli.hyve_records import load_legacy_state
    from hyvekit.rules.hyve import table as T
    from hyvekit.rules.hyve.legacy_play import run_setup, run_sheet
    from hyvekit.rules.hyve.record import parse_record
    from hyvekit.rules.hyve.table_steps import steps_for
    _, state = load_legacy_state(folder, RUN)
    start = run_setup(state, run_sheet(state, sheet_definitions()))
    record = parse_record(tomllib.loads(EXAMPLE.read_text()), start=start)
    return list(steps_for(T.new_table(start), record.turns)[1])


async def shoot(folder: Path, out: Path, size: tuple[int, int]) -> None:
    steps = iter(example_steps(folder))
    session = PlaySession(folder, RUN)
    for _ in range(BEFORE):
        session.step(next(steps))
    app = HyvePlayApp(session)
    async with app.run_test(size=size) as pilot:
        for _ in range(TYPED):
            app.query_one("#step").value = next(steps)
            await pilot.press("enter")
        while session.data["decision"] != "nectar":      # on to a nectar to place
            session.step(next(steps))
        app.show()
        step = next(steps)
        hyve, name = session.data["table"]["active_hyve"], step_hex(step)[1]
        from hyvekit.cli.hyve_grid import hex_offset
        x, y = hex_offset(name)
        await pilot.press(*step[:step.index("@") + 1])   # the bee, then a click on its hex
        await pilot.click(f"#hyve-{hyve}", offset=(x + 1, y + 1))
        await pilot.pause()
        app.save_screenshot(str(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images/hyve-play.svg"))
    parser.add_argument("--size", default="112x40")
    args = parser.parse_args()
    columns, rows = (int(n) for n in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        for command in (["hyve", "legacy", "new", "Summer Run", "--easy"],
                        ["hyve", "legacy", "shop", RUN, "--bread", "1", "--bread", "1",
                         "--perk", "deep-stores", "--hp", "red:2", "--population", "red:2"],
                        ["hyve", "legacy", "start", RUN, "--yes"]):
            assert run(["--campaigns-dir", folder, *command], stdout=io.StringIO()) == 0
        asyncio.run(shoot(Path(folder), args.out, (columns, rows)))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
