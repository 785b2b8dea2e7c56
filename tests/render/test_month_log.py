"""``hyvekit print tracker beelives-months``: the Bee Lives month log (issue 29, item 5), a
table per year with each month's season card and, per hive, brood hatched and lost,
starvation tokens, a swarm, scouts and VP; blank for 1-4 hives, or filled in from a
campaign of players or a solo one."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hyvekit.games import campaign_store
from hyvekit.render.printables_beelives_campaign import LOG_CELLS, campaign_view, \
    month_log_context
from hyvekit.rules.common import InvalidInputError

from render_helpers import page_count, pdf_text, run_hyvekit

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "beelives" / "campaign"
MONTHS_2P = sorted(EXAMPLES.glob("2p-y1-*.toml"))


@pytest.fixture(scope="module")
def league(tmp_path_factory) -> Path:
    """The README's two-player campaign with its first year's nine months logged."""
    folder = tmp_path_factory.mktemp("campaigns")
    run_hyvekit(folder, "beelives", "new", "League", "-p", "Susan:prolific", "-p",
                "Jeremy:aggressive", "--years", "2", "--id", "league")
    run_hyvekit(folder, "beelives", "log", "league", *map(str, MONTHS_2P))
    return folder


def _view(folder: Path, cid: str):
    from hyvekit.games import adapter_for
    record, state = campaign_store(folder).state(cid)
    return campaign_view(record.header, adapter_for("beelives", "campaign").summary(state))


def test_a_blank_log_has_three_years_of_nine_months_for_the_hives_asked():
    ctx = month_log_context(players=2)
    assert [t["year"] for t in ctx["years"]] == [1, 2, 3]
    assert [r["month"] for r in ctx["years"][0]["rows"]] == ["Mar", "Apr", "May", "Jun", "Jul",
                                                            "Aug", "Sep", "Oct", "Nov"]
    assert all(len(r["hives"]) == 2 and all(c == [""] * len(LOG_CELLS) for c in r["hives"])
               for t in ctx["years"] for r in t["rows"])
    with pytest.raises(InvalidInputError):
        month_log_context(players=5)


def test_a_campaign_of_two_players_is_filled_in_with_the_hand_worked_vp(league):
    ctx = month_log_context(_view(league, "league"))
    assert [p["name"] for p in ctx["players"]] == ["Susan", "Jeremy"]
    assert len(ctx["years"]) == 2                     # the campaign's length
    vp = [k for k, *_ in LOG_CELLS].index("vp")
    before: dict[str, int | None] = {"Susan": 0, "Jeremy": 0}
    checked = 0
    for row, path in zip(ctx["years"][0]["rows"], MONTHS_2P):
        month = tomllib.loads(path.read_text(encoding="utf-8"))
        assert row["card"] == month["card"]
        for cells, name in zip(row["hives"], ("Susan", "Jeremy")):
            total = month["claims"][name].get("vp")   # the VP so far, worked out by hand
            if total is not None and before[name] is not None:
                assert cells[vp] == str(total - before[name]), (path.name, name)
                checked += 1
            before[name] = total
    assert checked >= 9                               # Susan states hers every month
    assert not any(r["filled"] for r in ctx["years"][1]["rows"])   # year 2 not played


def test_print_the_month_log_of_a_campaign_and_blank(league, tmp_path):
    out = tmp_path / "log.pdf"
    run_hyvekit(league, "print", "tracker", "beelives-months", "league", "--out", str(out))
    text = pdf_text(out)
    assert page_count(out) == 1 and "Bee Lives Month Log" in text
    assert "Susan" in text and "Jeremy" in text and "First Bloom" in text
    blank = tmp_path / "blank.pdf"
    run_hyvekit(league, "print", "tracker", "beelives-months", "--players", "3", "--paper",
                "letter", "--out", str(blank))
    assert page_count(blank) == 1 and pdf_text(blank).count("Hive 3") == 3
    r = run_hyvekit(league, "print", "tracker", "beelives-months", "league", "--players", "2",
                    code=2)
    assert "--players" in r.output
    r = run_hyvekit(league, "print", "tracker", "beelives-monhts", code=2)
    assert "did you mean beelives-months" in r.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink_saver", [[], ["--ink-saver"]], ids=["ink", "ink-saver"])
def test_a_blank_logs_hive_names_are_written_in_white_boxes(tmp_path, paper, ink_saver):
    """Issue 43, item 3: beside each "Hive N" of every year's header, a white box at least
    7 mm tall and 25 mm wide to write the hive's name in (read from the sheet's pixels: no
    ink there), framed in black."""
    from layout_measure import sheet_pixels, word_boxes

    out = tmp_path / "blank.pdf"
    run_hyvekit(tmp_path / "c", "print", "tracker", "beelives-months", "--players", "4",
                "--paper", paper, *ink_saver, "--out", str(out))
    (width, height, pixels), = sheet_pixels(out)
    (w_pt, _), = word_boxes(out)[0]
    words = word_boxes(out)[1][0]
    px = width / w_pt                                    # pixels per pt
    mm = 72 / 25.4 * px
    heads = [(a, b) for a, b in zip(words, words[1:]) if a[4] == "Hive" and b[4] in "1234"]
    assert len(heads) == 3 * 4
    for hive, number in heads:
        x0, x1 = round(number[2] * px + 1 * mm), round(number[2] * px + 26 * mm)
        y0 = round(hive[1] * px)
        box = [pixels[y * width + x] for y in range(y0, round(y0 + 6 * mm)) for x in range(x0, x1)]
        assert min(box) > 200, f"ink where Hive {number[4]}'s name is written ({paper})"
        assert any(max(pixels[y * width + x] for x in range(x0, x1)) < 100
                   for y in range(y0 - round(3 * mm), y0)), "no frame above the name box"


# --- the solo tracker's tallies for counted goals ----------------------------------------------

def test_every_counted_goal_of_the_solo_cards_gets_a_box_per_time():
    from hyvekit.data.beelives import solo_cards
    from hyvekit.render.printables_beelives_campaign import TALLIED_GOALS, card_entry, \
        goal_tally

    seen = set()
    cards = solo_cards()
    for card in (*cards.challenges, *cards.scenarios, *cards.campaigns):
        for goal in card_entry(card)["goals"]:
            tally = goal_tally(goal)
            if goal["kind"] in TALLIED_GOALS:
                param = TALLIED_GOALS[goal["kind"]][0]
                assert tally == {"boxes": goal["params"][param], "ticked": 0}, card.name
                seen.add(goal["kind"])
            else:
                assert tally is None
    assert seen == set(TALLIED_GOALS)      # each counted kind is on some card


def test_a_solo_games_swarms_are_ticked_on_its_pacifist_goal_until_it_is_met(tmp_path):
    """The README's solo example: Pacifist ("Swarm at least twice"), every goal met."""
    from hyvekit.render.printables_beelives_campaign import tracker_context

    months = sorted(EXAMPLES.glob("solo-y1-*.toml"))
    run_hyvekit(tmp_path, "beelives", "new", "Solo", "-p", "Ann:prolific", "--solo",
                "challenge", "--challenge", "pacifist", "--id", "solo")
    run_hyvekit(tmp_path, "beelives", "log", "solo", *map(str, months[:3]))

    def swarms_goal():
        view = _view(tmp_path, "solo")
        (card,) = tracker_context(view=view)["cards"]
        (goal,) = [g for g in card["goals"] if g["kind"] == "swarms_at_least"]
        return goal, sum(1 for m in view["months"] for f in m["log"].values() if f["swarmed"])

    goal, swarmed = swarms_goal()
    assert goal["status"] == "at risk" and 1 <= swarmed < 2
    assert goal["tally"] == {"boxes": 2, "ticked": swarmed}
    run_hyvekit(tmp_path, "beelives", "log", "solo", *map(str, months[3:]))
    goal, swarmed = swarms_goal()
    assert goal["status"] == "met" and swarmed >= 2
    assert goal["tally"] is None                    # settled: nothing more to tick


def test_a_mistyped_solo_card_gets_its_close_match(hk):
    r = hk("print", "tracker", "beelives", "--card", "pacifst")
    assert r.returncode == 2 and "--card: got 'pacifst'" in r.stderr
    assert "did you mean Pacifist?" in r.stderr
