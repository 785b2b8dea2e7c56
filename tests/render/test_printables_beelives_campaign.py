"""Bee Lives campaign printables: the solo goal tracker (blank, with --card, pre-filled), the
pads pre-filled from a campaign, the Bee Lives campaign report with its charts, and the PDF
metadata of pre-filled prints.  Campaigns are made with the real CLI from the month records
in examples/beelives/campaign/."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hyvekit.data import beelives as bl
from hyvekit.cli.app import app
from hyvekit.render.catalogue import CATALOGUE, load_all
from hyvekit.render.printables_beelives_campaign import (
    GOAL_LINES, campaign_view, quote_text, running_vp, tracker_context, year_values,
)
from hyvekit.render.printables_beelives_report import line_chart_svg
from hyvekit.rules.beelives.solo import GOAL_KINDS

load_all()
from render_helpers import EVIL_NAME, page_count, page_sizes, pdf_metadata, pdf_text  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "beelives" / "campaign"
SIZES = {"a4": (595, 842), "letter": (612, 792)}


def run(campaigns: Path, *args: str):
    result = runner.invoke(app, ["--campaigns-dir", str(campaigns), *args],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory) -> Path:
    """Two campaigns: ``solo`` (Ann, challenge card Pacifist, March-July of a one-year game)
    and ``league`` (Susan and Jeremy, a two-year game: year 1, its winter, March-June of
    year 2)."""
    folder = tmp_path_factory.mktemp("campaigns")
    run(folder, "beelives", "new", "Solo pacifist", "-p", "Ann:prolific", "--solo",
        "challenge", "--challenge", "pacifist", "--id", "solo")
    for f in sorted(EXAMPLES.glob("solo-y1-0[1-5]-*.toml")):
        run(folder, "beelives", "log", "solo", str(f))
    run(folder, "beelives", "new", "Spring league", "-p", "Susan:prolific:yellow", "-p",
        "Jeremy:aggressive:blue", "--years", "2", "--id", "league")
    for f in sorted(EXAMPLES.glob("2p-y1-*.toml")):
        run(folder, "beelives", "log", "league", str(f))
    run(folder, "beelives", "year-end", "league")
    for f in sorted(EXAMPLES.glob("2p-y2-0[1-4]-*.toml")):
        run(folder, "beelives", "log", "league", str(f))
    return folder


def status(campaigns: Path, cid: str) -> dict:
    return json.loads(run(campaigns, "beelives", "status", cid, "--json").output)


def summary_sha256(campaigns: Path, cid: str) -> str:
    from hyvekit.rules.beelives.campaign import summary
    from hyvekit.games import campaign_store

    _, state = campaign_store(campaigns).state(cid)
    text = json.dumps(summary(state), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- catalogue ---------------------------------------------------------------------------------

def test_the_tracker_is_in_the_catalogue_and_print_list():
    p = CATALOGUE["tracker beelives"]
    assert p.command == ("print", "tracker", "beelives")
    assert p.template == "tracker-beelives.html" and p.pages == 1
    result = runner.invoke(app, ["print", "list", "--json"])
    assert "tracker beelives" in [r["printable"] for r in json.loads(result.output)]


def test_every_goal_kind_has_a_line():
    assert set(GOAL_KINDS) <= set(GOAL_LINES)
    assert "survive_winter" in GOAL_LINES


# --- blank tracker -----------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blank_tracker_lists_every_challenge_card_goal_on_one_page(tmp_path, paper):
    out = tmp_path / "t.pdf"
    runner.invoke(app, ["print", "tracker", "beelives", "--paper", paper, "--out", str(out)],
                  catch_exceptions=False)
    assert page_sizes(out) == [SIZES[paper]]
    text = flat(pdf_text(out))
    for card in bl.solo_cards().challenges:
        assert card.name in text, card.name
        assert flat(card.text.replace("-7", "\u22127")) in text, card.name
    for phrase in ("Months played", "Year sheet", "Standard goal", "Met", "At risk", "Failed",
                   "Queen Bee 51+ VP", "Running total", "Notes"):
        assert phrase.lower() in text.lower(), phrase


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", [False, True])
def test_blank_tracker_of_chosen_cards_quotes_their_goals(in_tmp, paper, ink):
    result = runner.invoke(app, ["print", "tracker", "beelives", "--card", "builder", "--card",
                                 "three generations", "--paper", paper,
                                 *(["--ink-saver"] if ink else [])], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = in_tmp / "output" / "tracker-beelives-three-generations-builder.pdf"
    assert result.output.strip() == str(Path("output") / out.name)
    assert page_sizes(out) == [SIZES[paper]]
    text = flat(pdf_text(out))
    # the cards' own words, quoted
    assert "Increase your comb size to at least 20 cells by the end of the first year." in text
    assert "During this year, you must have a hygienic queen and scout at least 12 times." \
        in text
    # each goal as a line with its boxes; year goals under their year
    for line in ("Comb size at least 20 cells by the end of year 1", "A hygienic queen all year",
                 "Scout at least 12 times this year", "Begin the year with a different queen",
                 "Requeen with a prolific or nomadic queen in spring",
                 "A worker bee survives the winter of year 3"):
        assert line in text, line
    assert text.count("at risk") >= 8
    assert "Every challenge card" not in text and "Dirty Bees" not in text
    options = json.loads(pdf_metadata(out)["/HyvekitOptions"])
    assert options["cards"] == "Three Generations,Builder"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_long_card_text_is_quoted_as_an_excerpt_with_its_goal_sentences():
    wildfire = next(c for c in bl.solo_cards().campaigns if c.name == "Wildfire")
    year2 = wildfire.year(2).text
    quote, excerpt = quote_text(year2, has_goals=True)
    assert excerpt and len(quote) < len(year2)
    assert quote.endswith("you lose!") and quote.startswith("\u2026")
    haunted = next(c for c in bl.solo_cards().scenarios if c.name == "Haunted Hives")
    quote, excerpt = quote_text(haunted.text, has_goals=False)
    assert excerpt and haunted.text.startswith(quote.rstrip(" \u2026"))
    assert quote_text("Normal rules apply.", has_goals=False) == ("Normal rules apply.", False)


@pytest.mark.parametrize("cards", [["haunted hives", "mother hive"], ["zombees", "indecisive"],
                                   ["wildfire", "under siege"], ["there can bee only one"]])
def test_blank_tracker_of_long_cards_stays_on_one_letter_page(tmp_path, cards):
    out = tmp_path / "t.pdf"
    args = [a for c in cards for a in ("--card", c)]
    result = runner.invoke(app, ["print", "tracker", "beelives", *args, "--paper", "letter",
                                 "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert page_count(out) == 1


@pytest.mark.parametrize("cards,message", [
    (["nonsense"], "Builder"),                        # the accepted names are listed
    (["builder", "nursery"], "one challenge card"),
    (["surrounded", "wildfire"], "not both"),
])
def test_bad_cards_exit_2_naming_the_option(hk, cards, message):
    args = [a for c in cards for a in ("--card", c)]
    result = hk("print", "tracker", "beelives", *args)
    assert result.returncode == 2, result.stderr
    assert "--card" in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (hk.root / "output").exists()


def test_tracker_of_another_game_exits_2(hk):
    result = hk("print", "tracker", "hyve")
    assert result.returncode == 2 and "beelives" in result.stderr


# --- pre-filled tracker -------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", [False, True])
def test_tracker_prefilled_from_a_solo_campaign(campaigns, tmp_path, paper, ink):
    out = tmp_path / "t.pdf"
    run(campaigns, "print", "tracker", "beelives", "solo", "--paper", paper, "--out",
        str(out), *(["--ink-saver"] if ink else []))
    assert page_sizes(out) == [SIZES[paper]]
    text = flat(pdf_text(out))
    st = status(campaigns, "solo")
    assert "Ann" in text and "Solo pacifist" in text and "campaign solo" in text
    assert "Pacifist" in text and "You cannot raid any other hives. Swarm at least twice." in text
    # every verdict of the status, with its word and its reason (card prefix dropped)
    assert st["goals"], st
    for v in st["goals"]:
        assert v["status"].upper() in text
        assert v["reason"].split(": ", 1)[-1] in text, v
    assert f"{len(st['months'])} of 9" in text
    assert "Dirty Bees" not in text            # only the cards in play


def test_prefilled_tracker_marks_the_months_played_and_the_verdict_boxes(campaigns):
    view = campaign_view({"id": "solo", "name": "Solo pacifist"}, status(campaigns, "solo"))
    ctx = tracker_context(view=view)
    year1 = ctx["grid"][0]
    played = [m["abbr"] for m in year1["months"] if m["played"]]
    assert played == ["Mar", "Apr", "May", "Jun", "Jul"]
    assert [m["abbr"] for m in year1["months"] if m["current"]] == ["Aug"]
    assert not ctx["grid"][1]["in_game"] and not ctx["grid"][2]["in_game"]
    goals = {g["kind"]: g for g in ctx["cards"][0]["goals"]}
    assert goals["swarms_at_least"]["status"] == "met"       # swarmed twice by July
    assert goals["no_raids"]["status"] == "at risk"
    assert ctx["standard"][0]["status"] == "at risk"
    assert ctx["mode"] == "challenge" and ctx["years"] == 1
    # the year sheet: VP so far, worker bees now (no winter yet)
    assert year1["scores"]["total"] == status(campaigns, "solo")["hives"][0]["vp"]
    assert year1["scores"]["now_bees"] == status(campaigns, "solo")["hives"][0]["workers"]


def test_prefilled_tracker_records_the_campaign_and_its_state_hash(campaigns, tmp_path):
    out = tmp_path / "t.pdf"
    run(campaigns, "print", "tracker", "beelives", "solo", "--out", str(out))
    meta = pdf_metadata(out)
    assert meta["/HyvekitCampaign"] == "solo"
    assert meta["/HyvekitStateSHA256"] == summary_sha256(campaigns, "solo")
    assert "campaign=solo" in meta["/Keywords"]
    assert json.loads(meta["/HyvekitOptions"])["campaign"] == "solo"


def test_tracker_of_a_players_campaign_or_with_card_exits_2(hk, campaigns):
    env = {"HYVEKIT_CAMPAIGNS": str(campaigns)}
    result = hk("print", "tracker", "beelives", "league", env=env)
    assert result.returncode == 2 and "solo" in result.stderr
    result = hk("print", "tracker", "beelives", "solo", "--card", "builder", env=env)
    assert result.returncode == 2 and "--card" in result.stderr
    result = hk("print", "tracker", "beelives", "nobody", env=env)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_a_campaign_name_prints_as_text_and_a_three_year_campaign_fits_one_page(tmp_path):
    from hyvekit.render.pdf import render_pdf
    from hyvekit.rules.beelives import solo as S

    cards = bl.solo_cards()
    chosen = (cards.find("Three Generations"), cards.find("Pacifist"))
    facts = [S.MonthFacts(year=1 + i // 9, month=1 + i % 9, queen_at_start="hygienic",
                          actions=("scout",), brood_hatched=None if i == 0 else 1,
                          winter_bees=5 if i == 8 else None) for i in range(13)]
    verdicts = S.combined_verdicts(chosen, facts, years=3)
    summary = {"kind": "solo-campaign", "years": 3, "players": ["Maximilian Wolfgang Berg"],
               "cards": {"campaign": "Three Generations", "challenge": "Pacifist"},
               "goals": [{"card": v.card, "goal": v.goal, "status": v.status,
                          "reason": v.reason, "year": v.year} for v in verdicts],
               "year": 2, "month": "May", "stage": "month",
               "months": [{"year": f.year, "month": f.month, "vp": {"x": 1}} for f in facts]}
    view = campaign_view({"id": "x" * 64, "name": EVIL_NAME + "W" * 70}, summary)
    for paper in SIZES:
        pdf = render_pdf("tracker-beelives.html", tracker_context(view=view), paper=paper,
                         out=tmp_path / f"{paper}.pdf")
        assert page_count(pdf) == 1, paper
        text = pdf_text(pdf)
        # printed as text, whole (a long name wraps)
        assert EVIL_NAME.replace(" ", "") in "".join(text.split())
        assert "FAILED" in text and "MET" in text and "AT RISK" in text


# --- pads --------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", [1, 4])
def test_pad_prefilled_with_the_campaign_players(campaigns, tmp_path, paper, per_page):
    out = tmp_path / "p.pdf"
    run(campaigns, "print", "pad", "beelives", "league", "--paper", paper, "--per-page",
        str(per_page), "--out", str(out))
    assert page_sizes(out) == [SIZES[paper]]
    text = pdf_text(out)
    assert text.count("Susan") == text.count("Jeremy") == (4 if per_page == 4 else 2)
    assert "Player 3" not in text                       # two columns, not four
    assert "Spring league (league)" in text
    meta = pdf_metadata(out)
    assert meta["/HyvekitCampaign"] == "league"
    assert meta["/HyvekitStateSHA256"] == summary_sha256(campaigns, "league")
    assert json.loads(meta["/HyvekitOptions"])["names"] == "Susan,Jeremy"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_multi_year_pad_prefilled_with_players_and_game_length(campaigns, tmp_path, paper):
    from hyvekit.render.printables_beelives_campaign import pad_context

    out = tmp_path / "p.pdf"
    run(campaigns, "print", "pad", "beelives-years", "league", "--paper", paper, "--out",
        str(out))
    assert page_sizes(out) == [SIZES[paper]]
    text = flat(pdf_text(out))
    assert "Campaign Spring league (league)" in text
    assert "Player 1 Susan" in text and "Player 2 Jeremy" in text
    assert "Year 3" not in text                         # a two-year game
    view = campaign_view({"id": "league", "name": "Spring league"}, status(campaigns, "league"))
    context = pad_context("pad beelives-years", view)
    assert context["game_years"] == 2 and [y["number"] for y in context["years"]] == [1, 2]


def test_multi_year_pad_of_a_one_year_campaign_has_its_year_alone():
    """Issue 29, item 7: a one-year campaign got three year rows, neither length ticked."""
    from hyvekit.render.printables_beelives_campaign import pad_context
    view = {"id": "short", "name": "Short", "players": ["Ann", "Bo"], "years": 1}
    context = pad_context("pad beelives-years", view)
    assert [(y["number"], y["optional"]) for y in context["years"]] == [(1, False)]
    assert context["game_years"] == 1


def test_default_name_of_a_prefilled_pad(campaigns, in_tmp):
    result = run(campaigns, "print", "pad", "beelives-years", "league")
    assert result.output.strip() == str(Path("output") / "pad-beelives-years-league.pdf")


def test_pad_campaign_refusals(hk, campaigns):
    env = {"HYVEKIT_CAMPAIGNS": str(campaigns)}
    result = hk("print", "pad", "beelives", "league", "--names", "Ann", env=env)
    assert result.returncode == 2 and "--names" in result.stderr
    result = hk("print", "pad", "beez", "league", env=env)
    assert result.returncode == 2 and "CAMPAIGN" in result.stderr
    hk("hyve", "legacy", "new", "Run", "--id", "run", env=env)
    result = hk("print", "pad", "beelives", "run", env=env)
    assert result.returncode == 2 and "a Bee Lives campaign" in result.stderr
    assert "Traceback" not in result.stderr


# --- report ------------------------------------------------------------------------------------

def test_running_vp_and_year_values_agree_with_the_rules_core(campaigns):
    st = status(campaigns, "league")
    view = campaign_view({"id": "league"}, st)
    vp_now = {h["name"]: h["vp"] for h in st["hives"]}
    assert running_vp(view)[-1]["vp"] == vp_now        # months' VP + winter scoring
    years = year_values(view)
    winter = {h["hive"]: h for h in st["winters"][0]["hives"]}
    for name in ("Susan", "Jeremy"):
        assert years[1][name]["bees"] == winter[name]["bees"]
        assert years[1][name]["honey"] == winter[name]["honey"]
        assert years[2][name]["total"] == vp_now[name]
        assert years[1][name]["vp"] == sum(m["vp"][name] for m in st["months"]
                                           if m["year"] == 1)
        assert years[1][name]["total"] == years[1][name]["vp"] + winter[name]["vp"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("ink", [False, True])
def test_report_of_a_bee_lives_campaign(campaigns, tmp_path, paper, ink):
    out = tmp_path / "r.pdf"
    run(campaigns, "print", "report", "league", "--paper", paper, "--out", str(out),
        *(["--ink-saver"] if ink else []))
    pages = page_sizes(out)
    assert pages == [SIZES[paper]] * len(pages) and len(pages) >= 2
    text = flat(pdf_text(out))
    for heading in ("Years", "Goals", "Charts", "History"):      # printed in capitals
        assert heading.upper() in text, heading
    for phrase in ("Bee Lives campaign", "Susan", "Jeremy",
                   "VP at the end of each year", "Worker bees after each winter",
                   "VP at the end of each month", "year 1 March: First Bloom",
                   "A worker bee survives the winter of year 1", "winter upkeep and year end"):
        assert phrase in text, phrase
    # the charts' own labels (axis categories drawn by reportlab)
    assert "Year 2 (so far)" in text
    squeezed = text.replace(" ", "")                  # month labels are drawn turned
    assert "Y1Mar" in squeezed and "Y2Jun" in squeezed
    meta = pdf_metadata(out)
    assert meta["/HyvekitCampaign"] == "league"
    assert meta["/HyvekitStateSHA256"] == summary_sha256(campaigns, "league")


def test_report_context_has_the_three_charts_as_svg(campaigns):
    from hyvekit.render.printables_beelives_report import beelives_report_context
    from hyvekit.games import campaign_store
    from hyvekit.games import adapter_for

    record, state = campaign_store(campaigns).state("league")
    adapter = adapter_for("beelives", "campaign")
    ctx = beelives_report_context(record.header, record.events, state, adapter.summary(state),
                                  describe=adapter.describe)
    assert ctx["kind"] == "beelives" and len(ctx["history"]) == len(record.events)
    assert [c["title"].split(",")[0].split(" (")[0] for c in ctx["charts"]] == [
        "VP at the end of each year", "Worker bees after each winter",
        "VP at the end of each month"]
    for c in ctx["charts"]:
        for variant in ("svg", "light"):
            assert c[variant].startswith("<svg") and "hyvekit DejaVu Sans" in c[variant]
    assert "fill: None" not in ctx["charts"][2]["svg"]      # lines, not filled shapes
    rows = {(r["year"], r["player"]): r for r in ctx["year_rows"]}
    assert rows[(1, "Susan")]["winter"] and not rows[(2, "Susan")]["winter"]


def test_report_of_a_solo_campaign_lists_its_goals(campaigns, tmp_path):
    out = tmp_path / "r.pdf"
    run(campaigns, "print", "report", "solo", "--out", str(out))
    text = flat(pdf_text(out))
    assert "Solo cards Pacifist" in text
    assert "Never raid another hive" in text and "Swarm at least 2 times" in text
    assert "MET" in text and "AT RISK" in text


def test_line_chart_names_each_line_and_leaves_gaps():
    svg = line_chart_svg(["a", "b", "c"], [{"name": "Ann", "values": [1, None, 3],
                                            "ink": "#000000"},
                                           {"name": "Bob", "values": [2, 2, 2],
                                            "ink": "#2166ac"}])
    assert ">Ann<" in svg and ">Bob<" in svg
    assert svg.count("<polyline") >= 2


def test_tracker_of_a_basic_mode_game_and_a_finished_one_from_summaries(tmp_path):
    from hyvekit.render.pdf import render_pdf

    months = [{"year": 1, "month": m, "vp": {"Ann": 2}} for m in
              ("March", "April", "May", "June", "July", "August", "September", "October",
               "November")]
    basic = {"kind": "solo-basic", "years": 1, "players": ["Ann"], "solo_hard": True,
             "cards": {"challenge": None, "scenario": None, "campaign": None},
             "goals": [{"card": "standard", "goal": "survive_winter", "status": "met",
                        "reason": "Ann: 4 worker bees survived the winter of year 1",
                        "year": 1, "player": "Ann"}],
             "outcome": "over", "year": 1, "month": "November", "stage": "over",
             "months": months,
             "winters": [{"year": 1, "hives": [{"hive": "Ann", "bees": 4, "honey": 3,
                                                 "tokens": 1, "vp": 0, "out": False}]}],
             "scores": {"players": [{"name": "Ann", "total": 23, "eligible": True}],
                        "winners": ["Ann"], "tiebreak": None, "rating": "Newbee"}}
    view = campaign_view({"id": "basic", "name": "Basic year"}, basic)
    ctx = tracker_context(view=view)
    assert ctx["cards"] == [] and ctx["mode"] == "basic" and ctx["harder"]
    assert ctx["rating"] == "Newbee"
    assert ctx["standard"][0]["status"] == "met" and ctx["grid"][0]["winter"] == "yes"
    scores = ctx["grid"][0]["scores"]
    assert (scores["vp"], scores["bees"], scores["honey"], scores["starvation"],
            scores["total"]) == (18, 4, 3, 1, 23)      # the final score: End of the Game
    assert all(m["played"] for m in ctx["grid"][0]["months"])
    pdf = render_pdf("tracker-beelives.html", ctx, out=tmp_path / "t.pdf")
    text = flat(pdf_text(pdf))
    assert page_count(pdf) == 1
    assert "No solo card: basic mode, with the harder rule." in text
    assert "MET 4 worker bees survived the winter of year 1" in text
    assert "Newbee 20–30 VP" in text


# --- issue 14: labels and goals as a player reads them ----------------------------------------

def test_blank_tracker_labels_each_optional_year_with_the_games_that_play_it():
    ctx = tracker_context()
    labels = {y["year"]: y["games"] for y in ctx["grid"]}
    assert labels[2] == "long & epic game"
    assert labels[3] == "epic game"            # a long game is two years


def test_solo_report_lists_the_standard_goal_under_standard_goal(campaigns):
    from hyvekit.render.printables_beelives_report import STANDARD_GOAL, beelives_report

    view = campaign_view({"id": "solo", "name": "Solo pacifist"}, status(campaigns, "solo"))
    verdicts = beelives_report(view)["verdicts"]
    standard = [v for v in verdicts if v["goal"] == "survive_winter"]
    assert standard and all(v["card"] == STANDARD_GOAL for v in standard)
    assert {v["card"] for v in verdicts if v["goal"] != "survive_winter"} == {"Pacifist"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bee_lives_reports_leave_no_page_nearly_empty(campaigns, tmp_path, paper):
    """The overview, then the history right after it: no page is only a few goal rows."""
    import shutil

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler) not installed")
    from layout_measure import page_fractions, sheet_pixels

    for cid in ("solo", "league"):
        out = tmp_path / f"{cid}.pdf"
        run(campaigns, "print", "report", cid, "--paper", paper, "--out", str(out))
        uses = [f for _, f in page_fractions(sheet_pixels(out))]
        assert all(f >= 1 / 3 for f in uses[:-1]), (cid, paper, uses)


# --- tracker beelives-hive ---------------------------------------------------------------------

def test_hive_board_blank_has_the_boards_comb_tracks_and_the_eight_actions():
    from hyvekit.render.printables_beelives_hive import hive_board_context
    from hyvekit.rules.beelives.hive import ACTIONS

    board = bl.board()
    ctx = hive_board_context()
    (page,) = ctx["pages"]
    assert [c["size"] for c in page["comb"]] == list(range(board.comb_min, board.comb_max + 1))
    assert all(c["yellow"] == board.threshold(c["size"]) and
               c["purple"] == board.threshold(c["size"], nomadic=True) for c in page["comb"])
    assert [a["key"] for a in ctx["actions"]] == list(ACTIONS) and len(ACTIONS) == 8
    sides = {t["side"]: t for t in ctx["tracks"]}
    assert set(sides) == {"A", "B"}
    assert [s["level"] for s in sides["A"]["spaces"]] == [s.level for s in board.track("A").spaces]
    assert any(s["half"] for s in sides["B"]["spaces"])
    assert not any(s["half"] for s in sides["A"]["spaces"])
    assert {q["key"] for q in ctx["queens"]} == set(board.queen_types)


def test_hive_board_prefilled_one_page_a_hive(campaigns, tmp_path):
    from hyvekit.render.printables_beelives_hive import hive_board_context

    st = status(campaigns, "league")
    view = campaign_view({"id": "league", "name": "Spring league"}, st)
    pages = hive_board_context(view)["pages"]
    hives = {h["name"]: h for h in st["hives"]}
    assert [p["name"] for p in pages] == list(hives)
    for p in pages:
        h = hives[p["name"]]
        assert p["queen"] == h["queen"] and p["paused"] == h["paused"]
        assert [c["size"] for c in p["comb"] if c["now"]] == [h["comb"]]
        assert {s["key"]: s["value"] for s in p["stored"]} == {
            k: h[k] for k in ("honey", "pollen", "water", "empty")}
    out = tmp_path / "h.pdf"
    run(campaigns, "print", "tracker", "beelives-hive", "league", "--player", "susan",
        "--out", str(out))
    assert page_sizes(out) == [SIZES["a4"]]
    text = flat(pdf_text(out))
    assert "Susan" in text and "Jeremy" not in text and "Spring league" in text
    assert pdf_metadata(out)["/HyvekitCampaign"] == "league"


def test_hive_board_prefilled_in_pencil_marks_the_mites_space_and_the_tokens(campaigns):
    """Issue 29, item 4: the values small and grey (``fill``), the varroa mite's space on the
    hive's own side marked (its level is the hive's disease level), the other side not used,
    the tokens ticked as held; the current comb cell tagged apart from the starting one."""
    from hyvekit.render.env import render_html
    from hyvekit.render.pdf import impose_geometry, paper_size
    from hyvekit.render.printables_beelives_hive import hive_board_context

    st = status(campaigns, "league")
    view = campaign_view({"id": "league", "name": "Spring league"}, st)
    ctx = hive_board_context(view)
    hives = {h["name"]: h for h in st["hives"]}
    for page in ctx["pages"]:
        h = hives[page["name"]]
        used = [t for t in page["tracks"] if t["used"]]
        assert [t["side"] for t in used] == [h["side"]]
        assert all(t["other"] for t in page["tracks"] if not t["used"])
        (now,) = [s for t in used for s in t["spaces"] if s["now"]]
        assert now["position"] == h["mite"] and now["level"] == h["disease"]
        assert [t["on"] for t in page["tokens"]] == [h["swarm_token"], h["skip_feeding"],
                                                     h["mite_standing"]]
    html = render_html("tracker-beelives-hive.html", {
        **ctx, "paper": paper_size("a4"), "page": impose_geometry("a4", 1)["page"],
        "per_page": 1, "ink_saver": True, "copies": 1,
        "meta": {"title": "t", "version": "0", "printable": "t", "options": {}}})
    susan = hives["Susan"]
    assert f'<span class="fill">{susan["honey"]}</span>' in html
    assert f'<span class="fill">{susan["workers"]}</span>' in html
    assert '<div class="tag">now</div>' in html and '<div class="tag">mite</div>' in html
    assert ctx["month"] == st["month"] and f'<span class="fill">{st["month"]}</span>' in html
    assert ('<div class="tag">start</div>' in html) != (susan["comb"] == bl.board().start_comb)


def test_hive_board_bad_player_is_exit_2(campaigns):
    import io

    from hyvekit.cli.app import run as run_cli

    err = io.StringIO()
    code = run_cli(["--campaigns-dir", str(campaigns), "print", "tracker", "beelives-hive",
                    "league", "--player", "nobody"], stdout=io.StringIO(), stderr=err)
    assert code == 2 and "Susan" in err.getvalue()


def _game_with_starvation_tokens(folder: Path, seed: int = 2) -> str:
    """A two-year game of Susan and Jeremy played at the table to its end, each step chosen
    at random among the legal ones or rolled (seed 2: both take starvation tokens during
    play)."""
    import random

    from hyvekit.data.beelives import campaign_components, packaged_board
    from hyvekit.games import campaign_store
    from hyvekit.rules.beelives import campaign as C
    from hyvekit.rules.beelives import engine as E

    raw = {"kind": "multi-year", "years": 2, "players": [
        {"name": "Susan", "queen": "prolific"}, {"name": "Jeremy", "queen": "aggressive"}]}
    comps = campaign_components(packaged_board())
    rng = random.Random(seed)
    state = C.new_campaign(C.settings_from_dict(raw, comps), comps)
    steps: list[str] = []
    while (d := E.decision(state)) is not None:
        option = rng.choice(d.legal)
        if d.kind == "dice" and rng.random() < 0.5:
            option = "roll"
        resolved, state = E.resolve_steps(state, [option], rng)
        steps += resolved
    store = campaign_store(folder)
    cid = store.create("Hungry league", "beelives", "campaign", raw).header["id"]
    store.append_many(cid, [("step", {"do": s}) for s in steps])
    return cid


def test_the_years_table_adds_up_to_the_final_score_with_starvation_tokens(tmp_path):
    """Starvation tokens taken during play (Feeding Phase) are shown per year, and the last
    year's row shows what every token costs in the final score: each row's shown columns add
    up to its running total."""
    from hyvekit.games import adapter_for, campaign_store
    from hyvekit.render.printables_beelives_report import beelives_report_context

    folder = tmp_path / "campaigns"
    cid = _game_with_starvation_tokens(folder)
    record, state = campaign_store(folder).state(cid)
    summary = adapter_for("beelives", "campaign").summary(state)
    assert summary["stage"] == "over"
    ctx = beelives_report_context(record.header, record.events, state, summary)
    starvation = {h["name"]: h["starvation"] for h in summary["hives"]}
    per_token = state.comps.board.starvation_vp
    for player in ("Susan", "Jeremy"):
        rows = [r for r in ctx["year_rows"] if r["player"] == player]
        assert [r["year"] for r in rows] == [1, 2] and all(r["winter"] for r in rows)
        during = sum(r["play_starvation"] for r in rows)
        assert during > 0, "seed 2 takes starvation tokens during play"
        assert during + sum(r["starvation"] for r in rows) == starvation[player]
        assert rows[0]["starvation_vp"] is None
        assert rows[1]["starvation_vp"] == per_token * starvation[player]
        total = 0
        for r in rows:
            total += r["vp"] + r["bees"] + r["honey"] + (r["starvation_vp"] or 0)
            assert total == r["total"], (player, r)
        assert rows[1]["total"] == next(p["total"] for p in summary["scores"]["players"]
                                        if p["name"] == player)
    out = tmp_path / "r.pdf"
    run(folder, "print", "report", cid, "--out", str(out))
    text = flat(pdf_text(out))
    for phrase in ("Starvation tokens during play", "Starvation VP (end of game)",
                   "the last year's running total is the final score",
                   "2 × starvation tokens, counting every token taken"):
        assert phrase in text, phrase


def test_the_running_vp_has_a_point_after_each_winter_played(campaigns):
    st = status(campaigns, "league")
    view = campaign_view({"id": "league"}, st)
    run = running_vp(view)
    winters = [r for r in run if r["month"] == "winter"]
    assert [w["label"] for w in winters] == ["Y1 winter"]           # year 2 not over yet
    at = run.index(winters[0])
    before, after = run[at - 1]["vp"], winters[0]["vp"]
    gained = {h["hive"]: h["vp"] for h in st["winters"][0]["hives"]}
    assert all(after[p] == before[p] + gained[p] for p in gained)
