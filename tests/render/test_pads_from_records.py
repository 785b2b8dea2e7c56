"""Issue 43, item 4: a pad printed from a record fills in everything the record knows, and
every figure reads back from the printed PDF (pdftotext's words, placed in their row and
column; the ticked boxes from the sheet's pixels) as the rules core has it: a finished Bee
Lives campaign (the end-of-game pad and the multi-year pad), a finished Beez game and a
logged Queen Bee match."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from hyvekit.games import campaign_store

from layout_measure import sheet_pixels, word_boxes

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "beelives"))
from test_table import play_game, settings_for  # noqa: E402

from tests.rules.beez.test_beez_table import MARTIN_FLIGHTS, SOPHIE_FLIGHTS  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
MM = 72 / 25.4


class Sheet:
    """The first page of a PDF as words (pt, from the top) and grey pixels at 72 dpi (one
    pixel a pt)."""

    def __init__(self, pdf: Path):
        sizes, pages = word_boxes(pdf)
        self.width, self.height = sizes[0]
        self.words = pages[0]
        self.px_width, _, self.pixels = sheet_pixels(pdf)[0]

    def find(self, text: str, after: int = 0) -> int:
        """The index of the first word of the first run of words reading ``text`` at or after
        word ``after``."""
        want = text.split()
        for i in range(after, len(self.words) - len(want) + 1):
            if [w[4] for w in self.words[i:i + len(want)]] == want:
                return i
        raise AssertionError(f"{text!r} not printed")

    def bands(self, labels, after: int = 0, last_mm: float = 12) -> list[tuple[float, float]]:
        """``(top, bottom)`` of the rows labelled ``labels`` (each the first from word
        ``after``; top to bottom): from a label's top to the next label's."""
        tops = [self.words[self.find(label, after)][1] - 1.5 for label in labels]
        assert tops == sorted(tops), labels
        return list(zip(tops, tops[1:] + [tops[-1] + last_mm * MM]))

    def columns(self, heads, after: int = 0, right: float | None = None
                ) -> list[tuple[float, float]]:
        """``(left, right)`` of the columns headed by the words ``heads`` (in order)."""
        lefts, at = [], after
        for head in heads:
            at = self.find(head, at)
            lefts.append(self.words[at][0] - 2)
        return list(zip(lefts, lefts[1:] + [right or self.width - 10 * MM]))

    def cell(self, band, column) -> str:
        (top, bottom), (left, right) = band, column
        inside = [w for w in self.words
                  if top <= (w[1] + w[3]) / 2 < bottom and left <= (w[0] + w[2]) / 2 < right]
        return " ".join(w[4] for w in sorted(inside, key=lambda w: w[0]))   # one line each

    def tallest(self, band, column) -> float:
        """The tallest word's height (pt) in a cell: its text's size, as printed."""
        (top, bottom), (left, right) = band, column
        return max(w[3] - w[1] for w in self.words
                   if top <= (w[1] + w[3]) / 2 < bottom and left <= (w[0] + w[2]) / 2 < right)

    def ticked(self, left, top, right, bottom) -> bool:
        """A box in the region filled in: its dark pixels' bounding box mostly dark."""
        xs, ys = range(int(left), int(right)), range(int(top), int(bottom))
        is_dark = {(x, y) for y in ys for x in xs if self.pixels[y * self.px_width + x] < 100}
        # a cell's own sides (lines over 6 mm, longer than any box) are no box
        lines_y = {y for y in ys if sum((x, y) in is_dark for x in xs) > 6 * MM}
        lines_x = {x for x in xs if sum((x, y) in is_dark for y in ys) > 6 * MM}
        dark = [(x, y) for x, y in is_dark if x not in lines_x and y not in lines_y]
        if not dark:
            return False
        xs, ys = [p[0] for p in dark], [p[1] for p in dark]
        area = (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
        return area >= 4 and len(dark) / area > 0.6

    def ticked_in(self, band, column) -> bool:
        (top, bottom), (left, right) = band, column
        return self.ticked(left + 1 * MM, top + 1 * MM, right - 1 * MM, bottom - 1 * MM)

    def yes_no(self, band, column) -> tuple[bool, bool]:
        """The "yes" and "no" boxes of a cell: ticked or not."""
        (top, bottom), (left, right) = band, column
        words = [w for w in self.words if top <= (w[1] + w[3]) / 2 < bottom
                 and left <= (w[0] + w[2]) / 2 < right]
        (yes,), (no,) = ([w for w in words if w[4] == k] for k in ("yes", "no"))
        return (self.ticked(left, yes[1] - 1, yes[0], yes[3] + 1),
                self.ticked(yes[2], no[1] - 1, no[0], no[3] + 1))


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text.replace("\u2212", "-"))]


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """A campaigns folder with a finished two-year Bee Lives campaign ("two-years"), a
    finished Beez game ("friday") and a Queen Bee match log of one match ("qb"), and what
    the rules core made of each."""
    from render_helpers import run_hyvekit

    folder = tmp_path_factory.mktemp("records")
    store = campaign_store(folder)
    state, steps = play_game(1)
    store.create("Two years", "beelives", "campaign", settings_for(1), "two-years")
    store.append_many("two-years", [("step", {"do": s}) for s in steps])
    run_hyvekit(folder, "beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
                "both-4-5-rows,middle-row,colours", "--secret", "Martin=three-colour-line,bow",
                "--secret", "Sophie=bow,manual: 'Queen cup' = 7")
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        run_hyvekit(folder, "beez", "do", "friday", mf, *ms, sf, *ss)
    run_hyvekit(folder, "queenbee", "new", "Friday hive", "--id", "qb", "--players",
                "ann,bob,cy,dee")
    run_hyvekit(folder, "queenbee", "log", "qb", "--players", "ann,bob,cy,dee", "--winner",
                "cy", "--defeated", "bob,dee,ann", "--alliance", "bob=cy", "--alliance",
                "dee=ann", "--skill", "ann=Drones+Soldiers", "--skill", "bob=Guards+Nurses",
                "--skill", "cy=Scouts+Foragers", "--skill", "dee=Builders+Fanners")
    return folder, state


def _print(folder, tmp_path, *args) -> Sheet:
    from render_helpers import run_hyvekit

    out = tmp_path / "pad.pdf"
    run_hyvekit(folder, "print", "pad", *args, "--out", str(out))
    return Sheet(out)


def _campaign_pad(records, tmp_path, pad):
    """The campaign's final scoring (the rules core's), the pad printed from it, the index of
    its "End of the Game" and each player's column by name."""
    folder, state = records
    names = [line.player.name for line in state.scores.lines]
    sheet = _print(folder, tmp_path, pad, "two-years")
    first = sheet.find("End of the Game")
    return (state.scores, sheet, first,
            dict(zip(names, sheet.columns(names, sheet.find("Name", first)))))


def test_the_end_of_game_pad_of_a_finished_campaign(records, tmp_path):
    from hyvekit.data import beelives as bl

    scoring, sheet, first, columns = _campaign_pad(records, tmp_path, "beelives")
    rows = dict(zip(("vp", "honey", "bees", "starvation", "total", "eligible", "pollen",
                     "tie_bees", "comb", "winner"),
                    sheet.bands(["VP earned during play", "Remaining honey",
                                 "Surviving worker bees", "Starvation tokens", "Total VP",
                                 "Eligible to win", "1. Most remaining pollen",
                                 "2. Most surviving", "3. Largest comb size", "Winner"], first)))
    assert scoring.winners
    for line in scoring.lines:
        p, column = line.player, columns[line.player.name]
        read = {k: numbers(sheet.cell(band, column)) for k, band in rows.items()}
        assert read["vp"] == [p.vp] and read["honey"] == [line.honey_vp]
        assert read["bees"] == [line.bees_vp] and read["total"] == [line.total]
        assert read["starvation"] == [p.starvation, bl.board().starvation_vp,
                                      line.starvation_vp]
        assert read["pollen"] == [p.pollen] and read["tie_bees"] == [p.bees]
        assert read["comb"] == ([] if p.comb is None else [p.comb])
        assert sheet.yes_no(rows["eligible"], column) == (line.eligible, not line.eligible)
        assert ("Winner" in sheet.cell(rows["winner"], column)) == (p.name in scoring.winners)


def test_the_multi_year_pad_of_a_finished_campaign_has_its_final_standing(records, tmp_path):
    scoring, sheet, first, columns = _campaign_pad(records, tmp_path, "beelives-years")
    total, eligible, ties, winner = sheet.bands(
        ["Final running total", "Eligible:", "Tie-breakers:", "Winner"], first)
    for line in scoring.lines:
        p, column = line.player, columns[line.player.name]
        assert numbers(sheet.cell(total, column)) == [line.total]
        assert sheet.yes_no(eligible, column) == (line.eligible, not line.eligible)
        assert numbers(sheet.cell(ties, column)) == [
            v for v in (p.pollen, p.bees, p.comb) if v is not None]
        assert ("Winner" in sheet.cell(winner, column)) == (p.name in scoring.winners)


def test_the_pad_of_a_finished_beez_game(records, tmp_path):
    from hyvekit.games.beez import view as table_view

    folder, _ = records
    _, t = campaign_store(folder).state("friday")
    view = table_view(t)
    sheet = _print(folder, tmp_path, "beez", "friday")
    names = [p["name"] for p in view["scores"]]
    columns = sheet.columns(names, sheet.find("Name"))
    common = len(view["common"])
    labels = [f"Common objective {k}" for k in range(1, common + 1)] + [
        f"Secret objective {k}" for k in range(1, len(view["scores"][0]["objectives"])
                                                 - common + 1)]
    *objectives, total, large, winner = sheet.bands(
        labels + ["Total honey drops", "Large nectar", "Winner"])
    for p, column in zip(view["scores"], columns):
        for k, (band, x) in enumerate(zip(objectives, p["objectives"])):
            read = sheet.cell(band, column)
            assert numbers(read) == [x["honey"]] and (k < common or x["name"] in read), read
        assert numbers(sheet.cell(total, column)) == [p["total"]]
        assert numbers(sheet.cell(large, column)) == [p["large_nectar"]]
        assert sheet.ticked_in(winner, column) == (p["name"] in view["winners"])
        # read at arm's length: a part as tall as the 8 pt row labels or more, the total a
        # quarter taller than any part
        label = max(w[3] - w[1] for w in sheet.words if w[4] == "Large")
        parts = max(sheet.tallest(band, column) for band in (*objectives, large))
        assert parts >= label and sheet.tallest(total, column) >= 1.25 * parts


def test_the_match_sheet_of_a_logged_queen_bee_match(records, tmp_path):
    folder, _ = records
    _, state = campaign_store(folder).state("qb")
    match = state.matches[-1]
    sheet = _print(folder, tmp_path, "queenbee", "qb", "--match", "last")
    head = sheet.find("Seat")
    skill1, skill2, fell, served, win = sheet.columns(
        ["Hive skill 1", "Hive skill 2", "Queens fell", "Forced alliance", "Winner"], head)
    # each player's row from the name in the Player column (a name is also an ally's)
    tops = [next(w[1] - 1.5 for w in sheet.words[head:] if w[4] == name and w[2] < skill1[0])
            for name in match.players]
    rows = list(zip(tops, tops[1:] + [tops[-1] + 9 * MM]))
    skills, allies = dict(match.skills), dict(match.alliances)
    for name, band in zip(match.players, rows):
        mine = list(skills.get(name, ()))
        for column, skill in zip((skill1, skill2), mine + [""] * (2 - len(mine))):
            assert sheet.cell(band, column) == skill
        order = match.defeated.index(name) + 1 if name in match.defeated else None
        assert numbers(sheet.cell(band, fell)) == ([order] if order else [])
        assert sheet.cell(band, served) == allies.get(name, "")
        assert sheet.ticked_in(band, win) == (name == match.winner)
