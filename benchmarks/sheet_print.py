"""Time a HYVE sheet print (``hyvekit print sheet hyve``, whose page 2 grows into its page:
hyvekit/render/grow.py) as whole processes, paired in one run, and compare its pages as pixels.

Three commands, interleaved (each once a round, after one untimed round), the child's CPU
time (user + system), the median of ``--repeat`` runs:

* ``first print``: no factor remembered (its cache folder emptied before each run): the
  factor searched, up to five weasyprint layouts;
* ``again``: the factor remembered by the print before: one layout;
* ``before`` (with ``--before DIR``, an older checkout first on ``PYTHONPATH``, e.g. ``git
  archive main hyvekit templates`` unpacked in DIR): the older code's print.

Every PDF written is rendered to pixels (``pdftoppm -gray -r 100``) and compared page by
page with the first print's: the script fails when any differs.

Usage (from the repository root; the machine idle)::

    .venv/bin/python benchmarks/sheet_print.py --repeat 7 --before /tmp/main
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # run as a script or loaded by path
from timing import child_times


def pixels(pdf: Path, folder: Path) -> list[bytes]:
    """The pages of ``pdf`` as grey pixels (PGM files' bytes), in order."""
    for old in folder.glob("p*.pgm"):
        old.unlink()
    subprocess.run(["pdftoppm", "-gray", "-r", "100", str(pdf), str(folder / "p")], check=True)
    return [p.read_bytes() for p in sorted(folder.glob("p*.pgm"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each (default 7)")
    parser.add_argument("--before", metavar="DIR", type=Path,
                        help="an older checkout, timed too with DIR first on PYTHONPATH")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="hyvekit-sheet-"))
    try:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base["HYVEKIT_CACHE"] = str(work / "cache" / "states")
        grow = work / "cache" / "hyvekit-grow"
        cmd = [sys.executable, "-m", "hyvekit", "print", "sheet", "hyve", "-o"]
        runs = [("first print (factor searched)", base, True),
                ("again (factor remembered)", base, False)]
        if args.before:
            runs.append(("before", {**base, "PYTHONPATH": str(args.before.resolve())}, True))
        cpu: dict[str, list[float]] = {label: [] for label, *_ in runs}
        reference, checked = None, 0
        for round_ in range(args.repeat + 1):
            for n, (label, env, empty) in enumerate(runs):
                if empty:
                    shutil.rmtree(grow, ignore_errors=True)
                out = work / f"{n}.pdf"
                _, c = child_times(cmd + [str(out)], env, work)
                if round_:
                    cpu[label].append(c)
                pages = pixels(out, work)
                reference = reference or pages
                if pages != reference:
                    raise SystemExit(f"{label}: its pages differ from the first print's")
                checked += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    first = statistics.median(cpu[runs[0][0]])
    print("| hyvekit print sheet hyve | CPU s | × first print |")
    print("| --- | ---: | ---: |")
    for label, *_ in runs:
        m = statistics.median(cpu[label])
        print(f"| {label} | {m:.2f} | {m / first:.2f} |")
    print(f"\n{checked} PDFs, every page the same pixels as the first print's "
          f"({len(reference)} pages, pdftoppm at 100 dpi).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
