"""``hyvekit print pad queenbee [GROUP] [--match N]``: the Queen Bee match sheet (players in
seat order, hive skills, the order the queens fell, forced alliances, winner)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from hyvekit.cli.app import run
from hyvekit.render.catalogue import CATALOGUE, blank_context, load_all
from hyvekit.render.printables_queenbee import SKILL_RULES, queenbee_reference_context
from hyvekit.rules.queenbee.matches import MAX_PLAYERS, MAX_SKILLS

from render_helpers import run_hyvekit, pdf_metadata, pdf_text

load_all()
pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")


def flat(text: str) -> str:
    return " ".join(text.split())



@pytest.fixture(scope="module")
def group(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("campaigns")
    run_hyvekit(folder, "queenbee", "new", "Friday hive", "--players", "ann,bob,cy,dee")
    run_hyvekit(folder, "queenbee", "log", "friday-hive", "--players", "ann,bob,cy", "--winner",
            "cy", "--defeated", "bob,ann", "--alliance", "bob=cy", "--skill", "ann=Drones",
            "--skill", "bob=Royal guard", "--skill", "cy=Fast larvae", "--date", "2026-11-20")
    return folder


def test_blank_sheet_has_every_seat_and_skill_and_the_rules_from_the_rules_core():
    ctx = blank_context("pad queenbee")
    assert len(ctx["games"]) == 2 and all(len(g["seats"]) == MAX_PLAYERS for g in ctx["games"])
    assert len(ctx["skill_slots"]) == MAX_SKILLS
    assert ctx["rules"] == (queenbee_reference_context()["end"], *SKILL_RULES)
    assert len(blank_context("pad queenbee", per_page=4)["games"]) == 1
    assert CATALOGUE["pad queenbee"].per_page == (1, 2, 4)


def test_blank_sheet_prints_the_names_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_hyvekit(tmp_path / "c", "print", "pad", "queenbee", "--names", "Ann,Bob,Cy")
    text = flat(pdf_text(tmp_path / "output" / "pad-queenbee.pdf"))
    assert text.count("Ann") == 2 and "Queens fell" in text and "Forced alliance" in text


def test_a_logged_match_fills_the_first_sheet_and_the_group_the_second(group, tmp_path):
    out = tmp_path / "m.pdf"
    run_hyvekit(group, "print", "pad", "queenbee", "friday-hive", "--match", "last", "--out",
            str(out))
    text = flat(pdf_text(out))
    assert "Match 1 (logged)" in text and "2026-11-20" in text
    assert "Friday hive (friday-hive)" in text
    for skill in ("Drones", "Royal guard", "Fast larvae"):
        assert skill in text
    assert "dee" in text                      # the group's roster on the blank sheet
    assert pdf_metadata(out)["/HyvekitCampaign"] == "friday-hive"


def test_the_match_rows_say_who_fell_when_and_whom_they_served(group):
    from hyvekit.games import campaign_store
    from hyvekit.render.printables_queenbee import match_seats

    _, log = campaign_store(group).state("friday-hive")
    seats = {s["name"]: s for s in match_seats(match=log.matches[0])}
    assert (seats["bob"]["fell"], seats["ann"]["fell"], seats["cy"]["fell"]) == (1, 2, "")
    assert seats["bob"]["served"] == "cy" and seats["cy"]["winner"]
    assert not seats["ann"]["winner"] and seats["ann"]["skills"] == ["Drones"]


@pytest.mark.parametrize("args", [
    ["friday-hive", "--match", "7"], ["friday-hive", "--match", "x"], ["--match", "1"],
    ["no-such-group"], ["--players", "7"],
])
def test_bad_input_is_one_line_and_exit_2(group, args):
    err = io.StringIO()
    code = run(["--campaigns-dir", str(group), "print", "pad", "queenbee", *args, "--out",
                str(group / "x.pdf")], stdout=io.StringIO(), stderr=err)
    assert code == 2, err.getvalue()
    assert len(err.getvalue().strip().splitlines()) == 1


@pytest.mark.parametrize("per_page", [2, 4])
def test_a_logged_match_n_up_is_on_one_copy_the_others_blank(group, tmp_path, per_page):
    """Issue 43, item 5: with --match at 2- or 4-up, one copy of the sheet is the logged
    match and every other one a blank sheet with the group's roster."""
    out = tmp_path / "m.pdf"
    run_hyvekit(group, "print", "pad", "queenbee", "friday-hive", "--match", "1",
                "--per-page", str(per_page), "--out", str(out))
    text = flat(pdf_text(out))
    assert text.count("Match 1 (logged)") == 1 and text.count("Drones") == 1
    assert text.count("Place") == per_page - 1           # a blank sheet's game head
    assert text.count("dee") == per_page - 1             # the roster's fourth, not playing


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [2, 4])
def test_n_up_the_skill_and_alliance_columns_are_wide_and_the_rows_fill_the_copy(
        tmp_path, paper, per_page):
    """Issue 43, item 5: on a 2- or 4-up copy the skill and alliance columns are each at
    least 17 mm (2-up) or 13 mm (4-up) wide as printed, where they were 10 mm and 7 mm (a
    skill name or an ally fits on a line or two), and the six seats' rows reach down past 70 %
    of the copy, the rules below them taking the rest (read from the laid-out page)."""
    from hyvekit.render.pdf import nup_scale

    from layout_measure import MM_PX, render

    r = render("pad queenbee", "pad-queenbee.html", blank_context("pad queenbee", per_page),
               paper, per_page, tmp_path)
    page = r.document.pages[0]
    scale = nup_scale(per_page)
    widths, bottoms = {}, []
    stack = [page._page_box]
    while stack:
        box = stack.pop()
        stack.extend(getattr(box, "children", None) or [])
        element = getattr(box, "element", None)
        if element is None:
            continue
        cls = set((element.get("class") or "").split())
        if type(box).__name__ == "TableCellBox" and box.element_tag == "th" and \
                cls & {"skill", "served"}:
            widths.setdefault(next(iter(cls & {"skill", "served"})), []).append(
                box.border_width() / MM_PX * scale)
        if type(box).__name__ == "TableBox" and "qb" in cls:
            bottoms.append((box.position_y + box.margin_height()) / page.height)
    least = 17 if per_page == 2 else 13
    assert min(widths["skill"]) >= least and min(widths["served"]) >= least, widths
    assert max(bottoms) >= 0.7, f"the seats end {max(bottoms):.0%} down the copy"


def _played_at_the_table(folder: Path, players: tuple[str, ...], seed: int) -> list[str]:
    """A match at the table played to its end at random and stored as ``queenbee do`` stores
    it: its steps."""
    from hyvekit.games import campaign_store
    from hyvekit.games.table import apply_steps, table_game
    from queenbee_random import random_match_steps
    run_hyvekit(folder, "queenbee", "new", "Table match", *[a for p in players
                                                             for a in ("-p", p)])
    steps = random_match_steps(folder, "table-match", seed)
    apply_steps(campaign_store(folder), "table-match", steps,
                game=table_game("queenbee", "match"))
    return steps


def test_a_match_played_at_the_table_fills_the_sheet(tmp_path):
    """Issue 42, item 6: the pad filled in from a finished match at the table — its players
    in seat order, the winner, the queens in the order they fell."""
    folder = tmp_path / "c"
    _played_at_the_table(folder, ("ann", "bob", "cy"), seed=4)
    from hyvekit.games import campaign_store
    from hyvekit.games.queenbee import result
    r = result(campaign_store(folder).state("table-match")[1])
    out = tmp_path / "t.pdf"
    run_hyvekit(folder, "print", "pad", "queenbee", "table-match", "--out", str(out))
    text = flat(pdf_text(out))
    assert "Played at the table" in text and "played at the table: table-match" in text
    from hyvekit.render.printables_queenbee import match_seats
    from hyvekit.games.queenbee import played_match
    seats = match_seats(match=played_match(campaign_store(folder).state("table-match")[1], ""))
    assert [s["name"] for s in seats] == ["ann", "bob", "cy"]
    assert [s["name"] for s in seats if s["winner"]] == [r["winner"]]
    assert sorted((s["fell"], s["name"]) for s in seats if s["fell"]) == \
        list(enumerate(r["defeated"], 1))
    for name in ("ann", "bob", "cy"):       # its players on the blank sheet too
        served = list(r["alliances"].values()).count(name)
        assert len(re.findall(rf"\b{name}\b", text)) == 2 + served, name
    assert pdf_metadata(out)["/HyvekitCampaign"] == "table-match"


def test_a_match_at_the_table_not_over_or_with_match_is_refused(tmp_path):
    folder = tmp_path / "c"
    run_hyvekit(folder, "queenbee", "new", "Unfinished", "-p", "ann", "-p", "bob")
    for args, code, said in ((["unfinished"], 1, "End of the Game"),
                             (["unfinished", "--match", "1"], 2, "one match")):
        err = io.StringIO()
        got = run(["--campaigns-dir", str(folder), "print", "pad", "queenbee", *args, "--out",
                   str(tmp_path / "x.pdf")], stdout=io.StringIO(), stderr=err)
        assert got == code and said in err.getvalue(), err.getvalue()
        assert len(err.getvalue().strip().splitlines()) == 1
    assert not (tmp_path / "x.pdf").exists()
