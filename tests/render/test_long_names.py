"""The longest names hyvekit accepts stay inside the page, whole (wrapped or shrunk, never cut
or past the edge), on every printable that prints a name, on A4 and Letter: a campaign name of
``MAX_NAME`` (100) characters without a space to break at, and player names of
``MAX_PLAYER_NAME`` (24)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hyvekit.rules.validate import MAX_PLAYER_NAME
from hyvekit.store.campaigns import MAX_NAME

from layout_measure import EDGE_MM, overlapping_words, word_boxes, words_near_the_edge
from render_helpers import run_hyvekit, page_count, pdf_text

pytestmark = [
    pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext not installed"),
    pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning"),
]

NAME = ("Summerhive" * 10)[:MAX_NAME]
PLAYERS = [(stem * 3)[:MAX_PLAYER_NAME] for stem in
           ("Maximilianwolfgang", "Annabellemarguerite", "Bartholomewjeremiah",
            "Christophermontgomery")]

# what is printed: the command after ``hyvekit print``, and the pages it has
PRINTS = {
    "legacy-sheet": (["legacy-sheet", "run"], 1),
    "sheet-hyve-run": (["sheet", "hyve", "--run", "run"], 2),
    "sheet-hyve-run-compact": (["sheet", "hyve", "--run", "run", "--compact"], 1),
    "pad-hyve-legacy": (["pad", "hyve-legacy", "--names", PLAYERS[0]], 1),
    "pad-hyve-legacy-run": (["pad", "hyve-legacy", "run"], 1),
    "report-run": (["report", "run"], None),
    "report-queenbee": (["report", "qb"], None),
    "report-beelives": (["report", "bl"], None),
    "report-solo": (["report", "solo"], None),
    "pad-beelives": (["pad", "beelives", "bl"], 1),
    "pad-beelives-years": (["pad", "beelives-years", "bl"], 1),
    "pad-beez": (["pad", "beez", "--names", ",".join(PLAYERS)], 1),
    "tracker-beelives": (["tracker", "beelives", "solo"], 1),
    "pad-queenbee": (["pad", "queenbee", "qb", "--match", "last"], 1),
    "tracker-beelives-hive": (["tracker", "beelives-hive", "bl"], len(PLAYERS)),
}


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("campaigns")
    run_hyvekit(folder, "hyve", "legacy", "new", NAME, "--id", "run")
    run_hyvekit(folder, "queenbee", "new", NAME, "--id", "qb", "--players", ",".join(PLAYERS))
    run_hyvekit(folder, "queenbee", "log", "qb", "--players", ",".join(PLAYERS), "--winner",
            PLAYERS[0], "--defeated", ",".join(PLAYERS[1:]), "--alliance",
            f"{PLAYERS[1]}={PLAYERS[0]}")
    run_hyvekit(folder, "beelives", "new", NAME, "--years", "3", "--id", "bl",
            *[a for p, queen in zip(PLAYERS, ("prolific", "aggressive", "hygienic", "nomadic"))
              for a in ("-p", f"{p}:{queen}")])
    run_hyvekit(folder, "beelives", "new", NAME, "-p", f"{PLAYERS[0]}:prolific", "--solo",
            "challenge", "--challenge", "pacifist", "--id", "solo")
    return folder


def test_the_names_are_the_longest_accepted():
    assert len(NAME) == MAX_NAME and " " not in NAME
    assert {len(p) for p in PLAYERS} == {MAX_PLAYER_NAME}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("what", sorted(PRINTS))
def test_longest_names_print_whole_inside_the_page(campaigns, tmp_path, what, paper):
    args, pages = PRINTS[what]
    out = tmp_path / f"{what}.pdf"
    run_hyvekit(campaigns, "print", *args, "--paper", paper, "--out", str(out))
    near = list(words_near_the_edge(out))
    assert not near, f"{what} ({paper}): within {EDGE_MM} mm of the edge: {near[:3]}"
    for sheet, words in enumerate(word_boxes(out)[1], 1):
        over = overlapping_words(words)
        assert not over, f"{what} ({paper}), sheet {sheet}: text over text: {over[:3]}"
    if pages is not None:
        assert page_count(out) == pages
    text = "".join(pdf_text(out).split()).replace("-", "")
    if what not in ("pad-hyve-legacy", "pad-beez"):
        assert NAME in text, f"{what}: the campaign name is not printed whole"
    shown = PLAYERS[:1] if what in ("pad-hyve-legacy", "tracker-beelives", "report-solo",
                                    "report-run", "legacy-sheet", "sheet-hyve-run",
                                    "sheet-hyve-run-compact") else PLAYERS
    if what in ("report-run", "legacy-sheet", "sheet-hyve-run", "sheet-hyve-run-compact",
                "pad-hyve-legacy-run"):
        shown = []
    for player in shown:
        assert player in text, f"{what}: {player} is not printed whole"
