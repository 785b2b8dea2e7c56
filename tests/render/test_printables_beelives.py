"""The Bee Lives printables of ``printables_beelives``: multi-year pad, wild hive, queens and
season cards, raid and solo aids (key texts in the PDF, options, agreement with the rules core)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.data import beelives as bl
from hyvekit.render import printables_beelives as B
from hyvekit.render.catalogue import AIDS, CATALOGUE, PADS, load_all
from hyvekit.rules.common import InvalidInputError

from render_helpers import page_count, pdf_text

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

load_all()
runner = CliRunner()

SEASON_CARD_NAMES = (
    # Spring
    "Beginning of the Flow", "A Cold Spike", "An Early Start", "First Bloom", "In Like a Lion",
    "Non-Stop Rain", "Oppressive Heat", "Out Like a Lamb", "Perfect Weather",
    # Summer
    "The Dearth", "A Dry Spell", "Early Fall", "Heat Wave", "Humid Days", "Late Bloom",
    "On Guard", "Summer Storms", "Unseasonably Cool",
    # Fall
    "Buttoned Up", "Cooler Temps", "Culling of the Drones", "Desperate Parties",
    "An Early Winter", "The Final Flow", "First Frost", "Indian Summer", "Unseasonably Warm",
)


def flat(text: str) -> str:
    """PDF text with line breaks and runs of spaces folded to single spaces."""
    return re.sub(r"\s+", " ", text)


def print_pdf(tmp_path, *args: str, name: str = "x.pdf"):
    out = tmp_path / name
    result = runner.invoke(app, ["print", *args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


# --- catalogue ---------------------------------------------------------------------------------

def test_the_five_printables_are_registered():
    assert PADS["beelives-years"] == "pad beelives-years"
    for aid in ("wild", "queens", "raid", "solo"):
        key = AIDS[f"beelives-{aid}"]
        p = CATALOGUE[key]
        assert p.command == ("print", "aid", f"beelives-{aid}")
        assert p.per_page == (1,) and p.pages == 1    # issue 29: 2-up text under 6 pt
        assert p.template == f"aid-beelives-{aid}.html"
    assert CATALOGUE["pad beelives-years"].per_page == (1,)


def test_module_imports_nothing_heavy():
    code = ("import sys; import hyvekit.render.printables_beelives; "
            "heavy = [m for m in ('weasyprint', 'reportlab', 'pypdf', 'jinja2') "
            "if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


# --- multi-year pad ----------------------------------------------------------------------------

def test_years_pad_prints_names_years_and_rows(tmp_path):
    out = print_pdf(tmp_path, "pad", "beelives-years", "--names", "Ann,Bob,Cy", "--paper",
                    "letter")
    text = flat(pdf_text(out))
    assert page_count(out) == 1
    for name in ("Ann", "Bob", "Cy"):
        assert name in text
    assert "Player 4" not in text          # three names: three players
    # one column per score line, one row per player and year
    assert text.count("Year 3 epic game – optional") == 3
    for label in ("VP earned during play", "Surviving worker bees", "Remaining honey",
                  "Starvation tokens", "A worker bee survived", "Running total"):
        assert label in text, label
    assert "Score victory points for surviving bees and remaining honey after each winter" in text
    assert "You must have at least one worker bee that survives each winter" in text
    assert "Tie-breakers: pollen / bees / comb" in text


def test_years_pad_players_and_long_names_stay_on_one_page(tmp_path):
    out = print_pdf(tmp_path, "pad", "beelives-years", "--players", "4", "--names",
                    "W" * 24 + ",Annabelle-Marguerite Xyz,Bob Bobson Bobbington," + "M" * 24,
                    "--paper", "letter")
    assert page_count(out) == 1
    text = flat(pdf_text(out))
    assert "Annabelle-Marguerite Xyz" in text and "Player 4" in text


def test_years_pad_context_options():
    assert len(B.years_pad_context()["players"]) == 4
    ctx = B.years_pad_context(2, ["Ann"])
    assert [p["name"] for p in ctx["players"]] == ["Ann", ""]
    assert [y["label"] for y in ctx["years"]] == ["Year 1", "Year 2", "Year 3"]
    assert [y["optional"] for y in ctx["years"]] == [False, False, True]
    for bad in ({"players": 5}, {"players": 0}, {"players": 1, "names": ["A", "B"]},
                {"names": ["X" * 25]}):
        with pytest.raises(InvalidInputError):
            B.years_pad_context(**bad)


def test_years_pad_refuses_five_players_and_4up(tmp_path, hk):
    result = hk("print", "pad", "beelives-years", "--players", "5")
    assert result.returncode == 2 and "--players: got 5, expected a whole number from 1 to 4" \
        in result.stderr
    result = runner.invoke(app, ["print", "pad", "beelives-years", "--per-page", "4",
                                 "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "--per-page" in result.output
    # issue 29, item 6: a layout whose 2-up text would be under 6 pt says it is not offered
    result = hk("print", "pad", "beelives-years", "--per-page", "2")
    assert result.returncode == 2
    assert ("pad beelives-years prints 1 per sheet, not 2 (its text would print under 6 pt)"
            in " ".join(result.stderr.split()))


def test_years_rules_are_the_six_bullets_of_the_variant():
    from hyvekit.data.beelives import packaged_board as default_board

    assert len(B.years_rules(default_board())) == 6
    ctx = B.years_pad_context()
    assert len(ctx["variant_rules"]) == 5 and ctx["scoring_rule"] not in ctx["variant_rules"]


# --- wild hives aid ----------------------------------------------------------------------------

def test_wild_aid_texts(tmp_path):
    text = flat(pdf_text(print_pdf(tmp_path, "aid", "beelives-wild")))
    for chart in ("Spring Priority Chart", "Summer Priority Chart", "Fall Priority Chart"):
        assert chart in text
    for phrase in ("Swarm at maximum strength (14)", "If overheating is in effect",
                   "increase its strength by one", "Dormant in spring", "Activation order",
                   "closest to the first player’s hive goes first", "ruling L23",
                   "Wild Hive Raids", "On a player hive", "On another wild hive",
                   "ties go to the defending wild hive", "Roll the D6",
                   "the defender scores 2 VP"):
        assert phrase.lower() in text.lower(), phrase   # bands are set in capitals


def test_wild_charts_are_the_rules_cores_priority_charts():
    from hyvekit.rules.beelives.wild import PRIORITY

    ctx = B.wild_context()
    common = [line["kind"] for line in ctx["common"]]
    assert common == ["swarm", "wet"]
    assert [c["season"] for c in ctx["charts"]] == ["Spring", "Summer", "Fall"]
    for chart in ctx["charts"]:
        lines = [line["tile"] or line["kind"] for line in chart["lines"]]
        assert [*common, *lines] == list(PRIORITY[chart["season"].lower()])


# --- queens and season cards -------------------------------------------------------------------

def test_queens_aid_has_the_four_queens_and_all_27_season_cards(tmp_path):
    out = print_pdf(tmp_path, "aid", "beelives-queens", "--paper", "letter")
    assert page_count(out) == 1
    text = flat(pdf_text(out))
    for queen in ("Aggressive", "Prolific", "Hygienic", "Nomadic"):
        assert queen in text
    assert "purple value" in text and "“B” side" in text
    for card in SEASON_CARD_NAMES:
        assert card in text, card
    assert "Overheating is in effect!" in text
    assert "Cooling your hive requires 2 water for every 5 workers" in text


def test_season_cards_are_nine_per_season_in_the_rulebooks_order():
    groups = B.season_cards_by_season()
    names = [name for s in groups for name, _ in s["cards"]]
    assert names == list(SEASON_CARD_NAMES)
    assert [s["season"] for s in groups] == ["Spring", "Summer", "Fall"]
    assert all(len(s["cards"]) == 9 for s in groups)
    dearth = dict(groups[1]["cards"])["The Dearth"]
    assert "\u22122 honey" in dearth and "-2" not in dearth   # typographic minus


# --- raid aid ----------------------------------------------------------------------------------

def test_raid_aid_texts(tmp_path):
    text = flat(pdf_text(print_pdf(tmp_path, "aid", "beelives-raid")))
    assert "Raid Dice Pool" in text
    for bees, dice in (("1–4", 1), ("5–8", 2), ("9–12", 3), ("13–16", 4), ("17+", 5)):
        assert re.search(rf"{re.escape(bees)} {dice}\b", text), bees
    for phrase in ("Rerolls", "Up to three times", "The lesser of the dice total",
                   "Raiding a Player Hive", "Defenders", "Sacrifices", "Bracket loss",
                   "one third (rounded up)", "at least half the bees initially",
                   "Raiding a Wild Hive", "general supply", "gain one disease",
                   "remove the wild hive", "Aggressive queen"):
        assert phrase in text, phrase


def test_raid_dice_pool_is_the_boards():
    board = bl.packaged_board()
    dice = B.raid_context()["dice"]
    lows = [int(re.match(r"\d+", d["bees"]).group()) for d in dice]
    assert list(zip(lows, (d["dice"] for d in dice))) == list(board.raid_dice)


# --- solo aid ----------------------------------------------------------------------------------

def test_solo_aid_texts(tmp_path):
    text = flat(pdf_text(print_pdf(tmp_path, "aid", "beelives-solo", "--paper", "letter")))
    assert "Solo Score Chart" in text
    for rating, score in (("Beeginner", "19 VP or fewer"), ("Newbee", "20–30 VP"),
                          ("Seasoned Forager", "31–50 VP"), ("Queen Bee", "51+ VP")):
        assert f"{rating} {score}" in text, rating
    for mode in ("Basic mode", "Increased difficulty", "Challenge mode", "Scenario mode",
                 "Campaign mode"):
        assert mode in text
    assert "spawn a wild hive (strength 3)" in text
    for card in ("Builder", "Under Siege", "The Mother Hive", "Haunted Hives", "Zombees"):
        assert card in text


def test_solo_chart_agrees_with_the_rules_core():
    board = bl.packaged_board()
    for total, rating in ((19, "Beeginner"), (20, "Newbee"), (30, "Newbee"),
                          (31, "Seasoned Forager"), (50, "Seasoned Forager"),
                          (51, "Queen Bee")):
        assert board.solo_rating(total) == rating
    assert [r["rating"] for r in B.solo_context()["chart"]] == [r for r, _ in board.solo_chart]


# --- every printable: one page per copy on both papers, 2-up too -------------------------------

@pytest.mark.parametrize("args", [("pad", "beelives-years"), ("aid", "beelives-wild"),
                                  ("aid", "beelives-queens"), ("aid", "beelives-raid"),
                                  ("aid", "beelives-solo")])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_per_copy(tmp_path, args, paper):
    out = print_pdf(tmp_path, *args, "--paper", paper, "--copies", "3")
    assert page_count(out) == 3


def test_resources_aid_applies_each_season_card_to_the_chart():
    seasons = {s["name"]: s for s in B.resources_aid_context()["seasons"]}
    assert list(seasons) == ["Spring", "Summer", "Fall"]

    def cell(season, card, tile):
        s = seasons[season]
        row = next(r for r in s["rows"] if r["tile"] == tile)
        return row["base"] if card is None else row["cards"][s["cards"].index(card)]

    dot = "\u00b7"
    assert cell("Spring", None, "Bloom") == f"5 {dot} 5"                   # the chart itself
    assert cell("Spring", "Beginning of the Flow", "Bloom") == f"6 {dot} 5"
    assert cell("Summer", "The Dearth", "Bloom") == f"0 {dot} 0"           # never below 0 (L9)
    assert cell("Summer", "A Dry Spell", "Wet") == f"0 {dot} 1 {dot} 2"
    assert cell("Fall", "First Frost", "Harvest") == f"2 {dot} 4"          # ruling L30
    assert "Buttoned Up" not in seasons["Fall"]["cards"]                    # no forage change
