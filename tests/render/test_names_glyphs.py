"""Every character of a name hyvekit accepts prints with a font that has it (issue 29, item
1): accented Latin from the bundled DejaVu, Chinese and Japanese from the system's Noto CJK,
emoji from Noto Color Emoji (fontconfig's fallback, through pango); a character no font on
the machine has is said on stderr, named, with the packages to install — never a silent
empty box.  Read from the PDF: each character's glyph in an embedded font (tests/render/
glyphs.py)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from hyvekit.render.catalogue import load_all

from glyphs import uninked
from layout_measure import overlapping_words, word_boxes, words_near_the_edge
from render_helpers import pdf_text, run_hyvekit

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


def _has_font_for(char: str) -> bool:
    if shutil.which("fc-list") is None:
        return False
    out = subprocess.run(["fc-list", f":charset={ord(char):x}", "family"],
                         capture_output=True, text=True).stdout
    return bool(out.strip())


# the README's optional font packages (Debian: fonts-noto-cjk, fonts-noto-color-emoji);
# .ci/run installs them, so CI skips none of these tests
needs_fonts = pytest.mark.skipif(not (_has_font_for("蜂") and _has_font_for("🐝")),
                                 reason="no CJK or emoji font (fonts-noto-cjk, "
                                        "fonts-noto-color-emoji)")

RUN = "Zoë Ångström 蜂"
PLAYERS = ["Zoë Ångström", "蜂蜜 Hanako", "🐝 Bee", "Łukasz Żółć"]
QUEENS = ("prolific", "aggressive", "hygienic", "nomadic")

# the command after ``hyvekit print`` and the names it prints
PRINTS = {
    "pad-beelives": (["pad", "beelives", "--names", ",".join(PLAYERS)], PLAYERS),
    "pad-beez": (["pad", "beez", "--names", ",".join(PLAYERS)], PLAYERS),
    "pad-beelives-campaign": (["pad", "beelives", "bl"], PLAYERS),
    "pad-beelives-years": (["pad", "beelives-years", "bl"], PLAYERS),
    "tracker-beelives-hive": (["tracker", "beelives-hive", "bl"], PLAYERS),
    "pad-queenbee": (["pad", "queenbee", "qb", "--match", "last"], PLAYERS),
    "legacy-sheet": (["legacy-sheet", "run"], [RUN]),
    "booklet": (["booklet", "run"], [RUN]),
    "pad-hyve-legacy": (["pad", "hyve-legacy", "run"], [RUN]),
    "report-beelives": (["report", "bl"], [RUN, *PLAYERS]),
    "report-queenbee": (["report", "qb"], [RUN, *PLAYERS]),
}
# each print at every number per sheet its printable offers
KEYS = {"pad-beelives": "pad beelives", "pad-beez": "pad beez",
        "pad-beelives-campaign": "pad beelives", "pad-beelives-years": "pad beelives-years",
        "tracker-beelives-hive": "tracker beelives-hive", "pad-queenbee": "pad queenbee",
        "legacy-sheet": "legacy-sheet", "booklet": "booklet",
        "pad-hyve-legacy": "pad hyve-legacy", "report-beelives": "report",
        "report-queenbee": "report"}
PER_PAGE = {what: load_all()[key].per_page for what, key in KEYS.items()}


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("campaigns")
    run_hyvekit(folder, "hyve", "legacy", "new", RUN, "--id", "run")
    run_hyvekit(folder, "beelives", "new", RUN, "--id", "bl", "--years", "2",
                *[a for p, q in zip(PLAYERS, QUEENS) for a in ("-p", f"{p}:{q}")])
    run_hyvekit(folder, "queenbee", "new", RUN, "--id", "qb", "--players", ",".join(PLAYERS))
    run_hyvekit(folder, "queenbee", "log", "qb", "--players", ",".join(PLAYERS), "--winner",
                PLAYERS[1], "--defeated", ",".join(PLAYERS[2:] + PLAYERS[:1]))
    return folder


CASES = [(what, paper, n) for what in sorted(PRINTS) for paper in ("a4", "letter")
         for n in PER_PAGE[what]]


@needs_fonts
@pytest.mark.parametrize("what,paper,per_page", CASES,
                         ids=[f"{w}-{p}-{n}up" for w, p, n in CASES])
def test_every_character_of_the_names_prints_with_a_font_that_has_it(campaigns, tmp_path, what,
                                                                     paper, per_page):
    args, names = PRINTS[what]
    out = tmp_path / f"{what}.pdf"
    result = run_hyvekit(campaigns, "print", *args, "--paper", paper,
                         *(["--per-page", str(per_page)] if per_page > 1 else []),
                         "--out", str(out))
    assert "no font on this machine" not in result.output
    missing = uninked(out, "".join(names))
    assert missing == [], f"{what}: drawn without a glyph: {missing}"
    for sheet, words in enumerate(word_boxes(out)[1], 1):
        over = overlapping_words(words)
        assert not over, f"{what}, sheet {sheet}: text over text: {over[:3]}"
    if per_page == 1:                   # (the measure reads 1-up sheets)
        assert not list(words_near_the_edge(out)), f"{what}: printed past the page's margin"
    text = "".join(pdf_text(out).split())
    for name in names:
        assert "".join(name.split()) in text, f"{what}: {name} is not printed whole"


def test_a_character_no_font_has_is_named_on_stderr_with_the_fonts_to_install(tmp_path):
    """U+13000 (an Egyptian hieroglyph) is in neither DejaVu nor Noto CJK or emoji."""
    assert not _has_font_for("\U00013000") or pytest.skip("a font here has U+13000")
    out = tmp_path / "pad.pdf"
    result = run_hyvekit(tmp_path / "records", "print", "pad", "beelives", "--names",
                         "\U00013000 Scribe,Ann", "--out", str(out))
    assert "warning: no font on this machine has \U00013000 (U+13000)" in result.output
    assert "fonts-noto-cjk" in result.output and "fonts-noto-color-emoji" in result.output
    assert uninked(out, "\U00013000") == ["\U00013000"]      # the box the warning is about
    assert uninked(out, "Scribe Ann") == []


@needs_fonts
def test_names_in_every_script_print_without_a_warning(tmp_path):
    out = tmp_path / "pad.pdf"
    result = run_hyvekit(tmp_path / "records", "print", "pad", "beelives", "--names",
                         "蜂蜜,🐝 Bee", "--out", str(out))
    assert "warning" not in result.output
    assert uninked(out, "蜂蜜🐝Bee") == []
