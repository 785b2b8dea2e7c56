"""Measure hyvekit's start-up and the cost of printing copies.

* ``hyvekit --help`` against ``python -c "import typer"`` (the floor any typer CLI pays);
* ``hyvekit print pad beelives --copies 100`` against ``--copies 1``;
* ``hyvekit print pad beelives --per-page 4 --copies 1`` and ``--copies 100`` (N-up imposition:
  still one render, the sheet drawn from one form XObject);
* ``hyvekit print all`` (the whole catalogue, one render per printable), against the sum of
  the three single prints it replaces.

Each command runs ``--repeat`` times in a fresh process; the median wall time is reported.
Run from the repository root:  .venv/bin/python benchmarks/cli_speed.py [--write-docs]
``--write-docs`` replaces the figures in docs/performance.md.

``--startup`` measures instead every command the README shows that prints nothing (no PDF),
side by side with a bare one-command typer app that prints a rich table (goal: at most 1.1 ×),
and writes its own section of docs/performance.md with ``--write-docs``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def median_seconds(cmd: list[str], repeat: int, env: dict[str, str]) -> float:
    """Median wall time of ``cmd`` over ``repeat`` runs (seconds); fails if it fails."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, env=env, cwd=env["BENCH_CWD"])
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def markdown_table(rows: list[tuple[str, float, str]], ratio: str) -> str:
    """``(command, median seconds, ratio)`` rows as a Markdown table."""
    width = max(len(r[0]) for r in rows)
    lines = [f"| {'command'.ljust(width)} | median (s) | {ratio} |",
             f"| {'-' * width} | ---: | --- |"]
    lines += [f"| {name.ljust(width)} | {secs:.3f} | {r} |" for name, secs, r in rows]
    return "\n".join(lines)


#: a bare one-command typer app printing a rich table: what any typer CLI pays
BARE_APP = """
import typer
app = typer.Typer()
@app.command()
def main() -> None:
    from rich.console import Console
    from rich.table import Table
    t = Table("for", "honey")
    t.add_row("total", "8")
    Console().print(t)
app()
"""

#: set-up (not timed), then the commands that print nothing, as the README gives them
STARTUP_SETUP = [
    ["hyve", "legacy", "new", "Summer run"],
    ["queenbee", "new", "Friday hive", "--players", "ann,bob,cy,dee"],
    ["beelives", "new", "League", "-p", "Susan:prolific", "-p", "Jeremy:aggressive"],
]
STARTUP = [
    ["--version"],
    ["hyve", "honey", "--hp-past-start", "7", "--population", "12", "--hyves", "4"],
    ["hyve", "hp", "--scoring", "wobbly", "--die", "3", "--position", "5", "--lose", "5"],
    ["hyve", "score-hyve", "docs/examples/hyve-16.txt"],
    ["hyve", "check", "examples/hyve/standard-legal.toml"],
    ["hyve", "legacy", "status", "summer-run"],
    ["hyve", "legacy", "shop", "summer-run", "--bread", "1", "--dry-run"],
    ["beelives", "score", "-p", "Bob:vp=37,honey=9,starvation=1",
     "-p", "Susan:vp=32,honey=3,bees=4,pollen=2"],
    ["beelives", "winter", "--bees", "6", "--honey", "12", "--level", "-2"],
    ["beelives", "raid-odds", "--bees", "8", "--target-honey", "6", "--defenders", "1"],
    ["beelives", "wild-turn", "--season", "fall", "--strength", "3", "--tile", "harvest:1"],
    ["beelives", "check", "examples/beelives/first-month-2p.toml"],
    ["beelives", "status", "league"],
    ["beelives", "next", "league"],
    ["beez", "score", "docs/examples/beez-score.toml"],
    ["beez", "flight", "--facing", "1"],
    ["beez", "cards"],
    ["queenbee", "deck", "--players", "5"],
    ["queenbee", "odds", "--attacker", "warrior:2,worker", "--defender", "queen,worker"],
    ["queenbee", "status", "friday-hive"],
    ["campaign", "list"],
    ["campaign", "show", "summer-run"],
    ["data", "list"],
    ["examples"],
]


def startup(args, work: Path, env: dict[str, str]) -> None:
    """Every command that prints nothing against the bare typer app (``--startup``)."""
    py = sys.executable
    bare = work / "bare_app.py"
    bare.write_text(BARE_APP, encoding="utf-8")
    hk = [py, "-m", "hyvekit"]
    for cmd in STARTUP_SETUP:
        subprocess.run(hk + cmd, check=True, capture_output=True, env=env, cwd=work)
    bare_s = median_seconds([py, str(bare)], args.repeat, env)
    rows = [("bare typer app printing a rich table", bare_s, "1.00")]
    for cmd in STARTUP:
        rows.append(("hyvekit " + " ".join(cmd), median_seconds(hk + cmd, args.repeat, env),
                     None))
    rows = [(n, s, r or f"{s / bare_s:.2f}") for n, s, r in rows]
    worst = max(rows[1:], key=lambda r: r[1])
    table = markdown_table(rows, "× bare app")
    print(table)
    print(f"slowest: {worst[0]} ({worst[1] / bare_s:.2f} × the bare app)")
    if args.write_docs:
        sys.path.insert(0, str(Path(__file__).parent))
        from docs_section import replace_section
        doc = ROOT / "docs" / "performance.md"
        heading = "## Start-up of the commands that print nothing"
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), heading, heading + "\n\n" +
            f"Measured by `benchmarks/cli_speed.py --startup` (median of {args.repeat} runs, "
            f"each a fresh process, bytecode compiled as `make install` leaves it) on "
            f"{date.today().isoformat()}, Python {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.machine()}), beside a bare one-command typer "
            f"app that prints a rich table (the floor of any typer CLI with tables). Goal: "
            f"every command ≤ 1.1 × the bare app.\n\n{table}\n\nSlowest: `{worst[0]}`, "
            f"{worst[1] / bare_s:.2f} × the bare app.\n"), encoding="utf-8")
        print(f"wrote {doc}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs per command (default 7)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the figures into docs/performance.md")
    parser.add_argument("--startup", action="store_true",
                        help="the commands that print nothing against a bare typer app")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hyvekit-bench-"))
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(work / "campaigns"), "BENCH_CWD": str(work)}
    if args.startup:
        startup(args, work, env)
        return
    py = sys.executable
    hk = [py, "-m", "hyvekit"]
    rows = []
    typer_s = median_seconds([py, "-c", "import typer"], args.repeat, env)
    help_s = median_seconds(hk + ["--help"], args.repeat, env)
    rows.append(("python -c 'import typer'", typer_s, ""))
    rows.append(("hyvekit --help", help_s, f"{help_s / typer_s:.2f} × import typer"))
    one = median_seconds(hk + ["print", "pad", "beelives", "--copies", "1", "--out",
                               str(work / "one.pdf")], args.repeat, env)
    hundred = median_seconds(hk + ["print", "pad", "beelives", "--copies", "100", "--out",
                                   str(work / "hundred.pdf")], args.repeat, env)
    rows.append(("print pad beelives --copies 1", one, ""))
    rows.append(("print pad beelives --copies 100", hundred, f"{hundred / one:.2f} × --copies 1"))
    four_one = median_seconds(hk + ["print", "pad", "beelives", "--per-page", "4", "--copies",
                                    "1", "--out", str(work / "four-one.pdf")], args.repeat, env)
    four_hundred = median_seconds(hk + ["print", "pad", "beelives", "--per-page", "4",
                                        "--copies", "100", "--out", str(work / "four-100.pdf")],
                                  args.repeat, env)
    rows.append(("print pad beelives --per-page 4 --copies 1", four_one,
                 f"{four_one / one:.2f} × --copies 1"))
    rows.append(("print pad beelives --per-page 4 --copies 100", four_hundred,
                 f"{four_hundred / four_one:.2f} × --per-page 4 --copies 1"))
    singles = [["print", "legacy-sheet"], ["print", "aid", "beelives-month"]]
    single_s = one + sum(median_seconds(hk + cmd + ["--out", str(work / "single.pdf")],
                                        args.repeat, env) for cmd in singles)
    all_s = median_seconds(hk + ["print", "all", "--out-dir", str(work / "all")], args.repeat,
                           env)
    rows.append(("print all (3 printables)", all_s,
                 f"{all_s / single_s:.2f} × the 3 single prints"))
    table = markdown_table(rows, "ratio")
    print(table)
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        old = doc.read_text(encoding="utf-8") if doc.exists() else ""
        # keep the "## " sections other benchmarks write (e.g. benchmarks/beelives_games.py)
        kept = old[old.index("\n## ") + 1:] if "\n## " in old else ""
        doc.write_text(
            "# Performance\n\n"
            "Measured by `benchmarks/cli_speed.py` (median of "
            f"{args.repeat} runs, each a fresh process) on {date.today().isoformat()}, "
            f"Python {platform.python_version()}, {os.cpu_count()} cores "
            f"({platform.machine()}). Re-run it with `--write-docs` to refresh this page.\n\n"
            f"{table}\n\n"
            "Targets: `hyvekit --help` stays close to the cost of importing typer (printing "
            "libraries load only when printing); `--copies 100` costs less than 1.5 × "
            "`--copies 1` (pages are rendered once and duplicated); `--per-page 4` costs about "
            "what one page does (one render, imposed with pypdf); `print all` costs less than "
            "the single prints it replaces (one process start).\n\n"
            "Where the start-up time goes (`python -X importtime -m hyvekit --help`): most of "
            "it is typer's own help renderer (`typer.rich_utils`, which loads rich and "
            "markdown-it only when help is shown); hyvekit's modules add about 10 ms. "
            "weasyprint, reportlab, pypdf and jinja2 are not imported "
            "(`tests/cli/test_app.py` checks this).\n\n"
            "Other scripts: `benchmarks/store_append.py` (campaign appends per second; each "
            "append re-reads, replays and atomically rewrites the record with an fsync), "
            "`benchmarks/beelives_step.py` (one step of a month at the table, in process and "
            "as `beelives do` / `next` processes: see its section below) and "
            "`benchmarks/queenbee_odds.py` (exact Queen Bee odds).\n"
            + ("\n" + kept if kept else ""),
            encoding="utf-8")
        print(f"wrote {doc}")


if __name__ == "__main__":
    main()
