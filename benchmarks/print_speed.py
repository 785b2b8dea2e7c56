"""Time printing against weasyprint's own cost, as whole processes, paired in one run.

* ``hyvekit print pad beelives`` (one printable, one PDF) against a minimal script that
  renders a one-line page with weasyprint and the same bundled fonts (goal: at most 1.2 ×);
* ``hyvekit print all`` (the whole catalogue, one PDF each, on every core) against
  weasyprint alone as a program of its own, given the same HTML documents (as hyvekit hands
  them to weasyprint) and writing a PDF of each (goal: its CPU time at most 1.05 ×), and its
  wall time against its own CPU time (goal: at most 0.6 × on 2 cores);
* beside them, the CPU time spent inside weasyprint's render and its PDF writer while a
  process prints the catalogue as ``print all`` does (no start-up, no imports, no templates):
  no program that lays these pages out with weasyprint can print them all for less.

With ``--before DIR`` (an older checkout, e.g. ``git archive`` of main unpacked in DIR) its
one print and print all are timed too, in the same rounds, with DIR first on PYTHONPATH.

The commands are interleaved (each once a round), so a busy machine slows them alike; the
figure is the child processes' CPU time (user + system; a print's worker processes
included), the median of ``--repeat`` runs, after one untimed round (bytecode compiled, fonts
and caches warm, as on a player's machine after the first print).

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/print_speed.py
    .venv/bin/python benchmarks/print_speed.py --repeat 7 --before /tmp/main --write-docs

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
#: one print against the minimal page; print all's CPU against weasyprint's own program on
#: its documents; print all's wall time against its CPU time (issue 39)
GOALS = {"one print": 1.2, "print all": 1.05, "wall": 0.6}

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


#: the HTML documents ``print all`` renders, each written to a file (``NN.html``) as hyvekit
#: hands it to weasyprint: what a plain weasyprint program is given below
HTML_OF_ALL = """
import sys
from pathlib import Path
from hyvekit.render import pdf
from hyvekit.render.catalogue import blank_parts, load_all
out = Path(sys.argv[1])
made = []
def keep(html, override):
    made.append(html)
    return render(html, override)
render, pdf._weasyprint = pdf._weasyprint, keep
for key, printable in load_all().items():
    (template, context), *more = blank_parts(key)
    pdf.render_pdf(printable.template, context, out=out / "x.pdf", more=tuple(more),
                   metadata={"title": printable.title, "printable": key})
for i, html in enumerate(made):
    (out / f"{i:02d}.html").write_text(html, encoding="utf-8")
"""

#: weasyprint alone, as a program of its own: each of those HTML documents to a PDF
PLAIN_WEASYPRINT = """
import sys
from pathlib import Path
from weasyprint import HTML
folder, base = Path(sys.argv[1]), Path(sys.argv[2]).resolve().as_uri() + "/"
for page in sorted(folder.glob("*.html")):
    HTML(string=page.read_text(encoding="utf-8"), base_url=base).write_pdf(
        page.with_suffix(".pdf"))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each (default 7)")
    parser.add_argument("--before", metavar="DIR", type=Path,
                        help="an older checkout: its one print and print all are timed too, "
                             "interleaved, with DIR first on PYTHONPATH")
    parser.add_argument("--one-print", action="store_true",
                        help="only the minimal page and one print (cheap: for many repeats)")
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
    scripts = {}
    for name, text in (("minimal", MINIMAL), ("inside", WEASYPRINT_ONLY),
                       ("html", HTML_OF_ALL), ("plain", PLAIN_WEASYPRINT)):
        scripts[name] = work / f"bench_{name}.py"       # not a module's name (html)
        scripts[name].write_text(text, encoding="utf-8")
    (work / "html").mkdir()
    if not args.one_print:
        subprocess.run(py + [str(scripts["html"]), str(work / "html")], env=env, cwd=work,
                       check=True, capture_output=True)
    documents = len(list((work / "html").glob("*.html")))
    hk = py + ["-m", "hyvekit"]
    cmds = [
        ("minimal weasyprint page", env, py + [str(scripts["minimal"]),
                                               str(templates_dir() / "fonts"),
                                               str(work / "minimal.pdf")]),
        ("one print", env, hk + ["print", "pad", "beelives", "--out", str(work / "pad.pdf")]),
        ("print all", env, hk + ["print", "all", "--out-dir", str(work / "all")]),
        ("plain weasyprint", env, py + [str(scripts["plain"]), str(work / "html"),
                                        str(templates_dir())]),
    ]
    if args.before is not None:
        old = {**env, "PYTHONPATH": str(args.before.resolve())}
        cmds += [("one print, before", old, cmds[1][2]), ("print all, before", old, cmds[2][2])]
    if args.one_print:
        cmds = [c for c in cmds if "print all" not in c[0] and c[0] != "plain weasyprint"]
    cpu: dict[str, list[float]] = {label: [] for label, _, _ in cmds}
    wall: dict[str, list[float]] = {label: [] for label, _, _ in cmds}
    inside: list[float] = []                  # CPU seconds inside weasyprint, print all's pages
    try:
        for rep in range(args.repeat + 1):
            for label, cmd_env, cmd in cmds:
                shutil.rmtree(work / "all", ignore_errors=True)
                (work / "pad.pdf").unlink(missing_ok=True)
                w, c = child_times(cmd, cmd_env, work)
                if rep:                              # the first round is untimed
                    wall[label].append(w)
                    cpu[label].append(c)
            if args.one_print:
                continue
            shutil.rmtree(work / "all", ignore_errors=True)
            (work / "all").mkdir()
            done = subprocess.run(py + [str(scripts["inside"]), str(work / "all")], env=env,
                                  cwd=work, capture_output=True, text=True, check=True)
            if rep:
                inside.append(float(done.stdout.split()[-1]))
            print(f"round {rep}/{args.repeat}", file=sys.stderr)
        printed = len(list((work / "all").glob("*.pdf"))) if (work / "all").is_dir() else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)

    med = {label: statistics.median(cpu[label]) for label in cpu}
    medw = {label: statistics.median(wall[label]) for label in wall}
    if inside:
        med["weasyprint alone"] = statistics.median(inside)      # CPU only: no wall time
    names = {"one print": "hyvekit print pad beelives",
             "print all": f"hyvekit print all ({printed} PDFs)",
             "plain weasyprint": f"weasyprint alone, a program: print all's {documents} HTML "
                                 "documents, a PDF each",
             "weasyprint alone": "inside weasyprint, print all's pages (render and write, "
                                 "one process)"}
    lines = ["| process | wall s | CPU s | ratio (CPU) | goal |",
             "| --- | ---: | ---: | --- | --- |"]

    def row(label: str, ratio: str = "", goal: str = "") -> None:
        walls = f"{medw[label]:.2f}" if label in medw else ""
        lines.append(f"| {names.get(label, label)} | {walls} | {med[label]:.2f} | {ratio} "
                     f"| {goal} |")

    def against(label: str, other: str, goal: float) -> tuple[str, str]:
        r = med[label] / med[other]
        return (f"{r:.2f} × {names.get(other, other)}",
                f"≤ {goal} ×" + ("" if r <= goal else " (not met)"))

    row("minimal weasyprint page")
    row("one print", *against("one print", "minimal weasyprint page", GOALS["one print"]))
    if "one print, before" in med:
        row("one print, before", *against("one print, before", "minimal weasyprint page",
                                          GOALS["one print"]))
    if not args.one_print:
        print_all_rows(med, medw, row, against, lines)
    table = "\n".join(lines)
    print(table)
    if args.write_docs:
        doc = ROOT / "docs" / "performance.md"
        section = (
            f"{HEADING}\n\n"
            f"Measured by `benchmarks/print_speed.py` (CPU medians of {args.repeat} runs, the "
            f"processes interleaved) on {date.today().isoformat()}, hyvekit "
            f"{hyvekit.__version__}, Python {platform.python_version()}, {os.cpu_count()} cores "
            f"({platform.machine()}). Re-run it with `--write-docs` to refresh this section.\n\n"
            f"{table}\n")
        doc.write_text(replace_section(doc.read_text(encoding="utf-8"), HEADING, section),
                       encoding="utf-8")
    return 0


def print_all_rows(med: dict, medw: dict, row, against, lines: list[str]) -> None:
    """The table's rows of ``print all`` (and its older checkout's), weasyprint alone as a
    program and inside weasyprint."""
    ratio, goal = against("print all", "plain weasyprint", GOALS["print all"])
    share = medw["print all"] / med["print all"]
    row("print all", ratio, goal)
    lines.append(f"| … its wall time ÷ its CPU time | | | {share:.2f} | ≤ {GOALS['wall']} "
                 + ("" if share <= GOALS["wall"] else "(not met)") + " |")
    if "print all, before" in med:
        ratio, goal = against("print all, before", "plain weasyprint", GOALS["print all"])
        row("print all, before", ratio, goal)
        lines.append(f"| … its wall time ÷ its CPU time | | | "
                     f"{medw['print all, before'] / med['print all, before']:.2f} | |")
    row("plain weasyprint")
    row("weasyprint alone", f"print all: {med['print all'] / med['weasyprint alone']:.2f} ×")


if __name__ == "__main__":
    raise SystemExit(main())
