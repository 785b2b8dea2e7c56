"""Time printing against weasyprint's own cost, as whole processes, paired in one run.

* ``hyvekit print pad beelives`` (one printable, one PDF) against a minimal script that
  renders a one-line page with weasyprint and the same bundled fonts (goal: at most 1.2 ×);
* ``hyvekit print all`` (the whole catalogue, one PDF each) against that one print (goal: at
  most 6 ×);
* beside them, what ``print all`` pays weasyprint alone: a process prints the catalogue as
  ``print all`` does and counts only the CPU time spent inside weasyprint's render and its
  PDF writer, against the one print: no program that lays these pages out with weasyprint
  can print them all for less.

The commands are interleaved (the minimal page, one print, print all, then again), so a busy
machine slows them alike; the figure is the child processes' CPU time (user + system), the
median of ``--repeat`` runs, after one untimed run of each (bytecode compiled, fonts and
caches warm, as on a player's machine after the first print).

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/print_speed.py
    .venv/bin/python benchmarks/print_speed.py --repeat 7 --write-docs

``--write-docs`` replaces the "Printing against weasyprint's own cost" section of
docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # run as a script or loaded by path
from docs_section import replace_section
from timing import child_times

ROOT = Path(__file__).resolve().parents[1]
HEADING = "## Printing against weasyprint's own cost"
GOALS = {"one print": 1.2, "print all": 6.0}

#: weasyprint rendering one line with the bundled fonts: the least a print can cost
MINIMAL = """
import sys
from pathlib import Path
from weasyprint import HTML
fonts = Path(sys.argv[1])
html = f'''<style>
@font-face {{ font-family: "b"; src: url("{(fonts / 'DejaVuSans.ttf').as_uri()}"); }}
@font-face {{ font-family: "b"; src: url("{(fonts / 'DejaVuSans-Bold.ttf').as_uri()}");
  font-weight: bold; }}
@page {{ size: A4; }} body {{ font-family: "b"; }}</style>
<p>Bee Lives <b>scoring pad</b></p>'''
HTML(string=html).write_pdf(sys.argv[2])
"""

#: ``print all``'s pages printed as it prints them, counting only the CPU time spent in
#: weasyprint (laying a page out, writing its PDF); prints the seconds
WEASYPRINT_ONLY = """
import sys, time
from pathlib import Path
from hyvekit.render import pdf
from hyvekit.render.catalogue import blank_parts, load_all
spent = [0.0]
def timed(fn):
    def run(*args):
        t0 = time.process_time()
        try:
            return fn(*args)
        finally:
            spent[0] += time.process_time() - t0
    return run
pdf._weasyprint, pdf.write_checked = timed(pdf._weasyprint), timed(pdf.write_checked)
out = Path(sys.argv[1])
for key, printable in load_all().items():
    (template, context), *more = blank_parts(key)
    pdf.render_pdf(printable.template, context, out=out / f"{printable.file_stem}.pdf",
                   more=tuple(more), metadata={"title": printable.title, "printable": key})
print(spent[0])
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--write-docs", action="store_true",
                        help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    from hyvekit.render.env import templates_dir
    import hyvekit

    work = Path(tempfile.mkdtemp(prefix="hyvekit-print-bench-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["HYVEKIT_CACHE"] = str(work / "cache")
    py = [sys.executable]
    script = work / "minimal.py"
    script.write_text(MINIMAL, encoding="utf-8")
    only = work / "weasyprint_only.py"
    only.write_text(WEASYPRINT_ONLY, encoding="utf-8")
    cmds = [
        ("minimal weasyprint page", py + [str(script), str(templates_dir() / "fonts"),
                                          str(work / "minimal.pdf")]),
        ("one print", py + ["-m", "hyvekit", "print", "pad", "beelives",
                            "--out", str(work / "pad.pdf")]),
        ("print all", py + ["-m", "hyvekit", "print", "all", "--out-dir", str(work / "all")]),
    ]
    cpu: dict[str, list[float]] = {label: [] for label, _ in cmds}
    wall: dict[str, list[float]] = {label: [] for label, _ in cmds}
    inside: list[float] = []                  # CPU seconds inside weasyprint, print all's pages
    try:
        for rep in range(args.repeat + 1):
            for label, cmd in cmds:
                shutil.rmtree(work / "all", ignore_errors=True)
                (work / "pad.pdf").unlink(missing_ok=True)
                w, c = child_times(cmd, env, work)
                if rep:                              # the first round is untimed
                    wall[label].append(w)
                    cpu[label].append(c)
            shutil.rmtree(work / "all", ignore_errors=True)
            (work / "all").mkdir()
            done = subprocess.run(py + [str(only), str(work / "all")], env=env, cwd=work,
                                  capture_output=True, text=True, check=True)
            if rep:
                inside.append(float(done.stdout.split()[-1]))
            print(f"round {rep}/{args.repeat}", file=sys.stderr)
        printed = len(list((work / "all").glob("*.pdf"))) if (work / "all").is_dir() else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)

    med = {label: statistics.median(cpu[label]) for label in cpu}
    medw = {label: statistics.median(wall[label]) for label in wall}
    med["weasyprint alone"] = statistics.median(inside)      # CPU only: no wall time
    rows = [("minimal weasyprint page", None, None),
            ("one print", "minimal weasyprint page", GOALS["one print"]),
            ("print all", "one print", GOALS["print all"]),
            ("weasyprint alone", "one print", None)]
    lines = ["| process | wall s | CPU s | ratio (CPU) | goal |", "| --- | ---: | ---: | --- | ---: |"]
    for label, against, goal in rows:
        name = {"one print": "hyvekit print pad beelives",
                "print all": f"hyvekit print all ({printed} PDFs)",
                "weasyprint alone": "inside weasyprint, print all's pages (render and write, "
                                    "one process)"}.get(label, label)
        ratio = f"{med[label] / med[against]:.2f} × {against}" if against else ""
        mark = "" if goal is None else (f"≤ {goal} ×" + ("" if med[label] / med[against] <= goal
                                                         else " (not met)"))
        walls = f"{medw[label]:.2f}" if label in medw else ""
        lines.append(f"| {name} | {walls} | {med[label]:.2f} | {ratio} | {mark} |")
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        section = (
            f"{HEADING}\n\n"
            f"Measured by `benchmarks/print_speed.py` (CPU medians of {args.repeat} runs, the "
            f"three processes interleaved) on {date.today().isoformat()}, hyvekit "
            f"{hyvekit.__version__}, Python {platform.python_version()}, {os.cpu_count()} cores "
            f"({platform.machine()}). Re-run it with `--write-docs` to refresh this section.\n\n"
            f"{table}\n")
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), HEADING, section),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
