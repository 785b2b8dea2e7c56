"""The Hyve reference aid, the Hyve Legacy honey pad and campaign reports (``print report``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.render.catalogue import AIDS, CATALOGUE, PADS, load_all

load_all()
from render_helpers import EVIL_NAME, page_count, pdf_metadata, pdf_text  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

runner = CliRunner()

PERKS = ("Resiliance", "Vigorous", "Tenacity", "Fecundity", "Deep Stores", "Beseech",
         "Excisor", "Controlled Rolls", "Sensilla", "Migratory")
PHASES = ("Refresh", "Assign Workers", "Gather Nectar", "Feed Bees", "Migration",
          "Seasonal Effects")


def invoke(*args):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _flat(text: str) -> str:
    return " ".join(text.split())


# --- the aid -----------------------------------------------------------------------------------

def test_the_aid_and_the_pad_are_in_the_catalogue():
    assert AIDS["hyve-reference"] == "aid hyve-reference"
    assert PADS["hyve-legacy"] == "pad hyve-legacy"
    assert CATALOGUE["aid hyve-reference"].pages == 2
    assert CATALOGUE["report"].command == ("print", "report")


def test_reference_aid_prints_phases_actions_scoring_perks_and_win_loss(in_tmp):
    result = invoke("print", "aid", "hyve-reference", "--out", "aid.pdf")
    assert result.exit_code == 0, result.output
    assert page_count(in_tmp / "aid.pdf") == 2
    text = _flat(pdf_text(in_tmp / "aid.pdf"))
    for phase in PHASES:
        assert phase in text, phase
    for perk in PERKS:
        assert perk in text, perk
    for word in ("Wobbly", "Flat", "Repurpose", "Bakery", "Larva Chamber", "Tend Eggs",
                 "Tend Larva", "Queen’s Attendants", "Overwork", "Fly Drones",
                 "Overwork Queen", "Plumose", "Swarm", "Multi-Culture", "Monoculture",
                 "Thriving", "Colony Collapse", "Iconography", "Prevent Effect"):
        assert word.lower() in text.lower(), word
    # the rulebook's two HP examples
    assert "Gaining 5 HP: increment the die to 6" in text
    assert "Losing 5 HP: INCREMENT the die to 6" in text
    assert "If a win and a loss happen at the same time, you lose" in text
    assert "4 × 4 × 1 = 16 HP" in text


# --- the legacy pad ----------------------------------------------------------------------------

def test_legacy_pad_prints_the_formulas_and_a_run_name(in_tmp):
    result = invoke("print", "pad", "hyve-legacy", "--names", "Summer run", "--out", "pad.pdf")
    assert result.exit_code == 0, result.output
    text = _flat(pdf_text(in_tmp / "pad.pdf"))
    assert "Summer run" in text
    for phrase in ("positions your HP die is past the Starting Space ÷ 3, rounded down",
                   "Population at the end of the Scenario ÷ 5, rounded down",
                   "Honey from hyves = 1 × completed hyves",
                   "Total Honey earned = HP + Population + hyves + Courier bonus",
                   "Lost at next start = Total Honey earned − Honey spent",
                   "Honey spent", "Courier bonus Honey", "Easy Mode"):
        assert phrase in text, phrase
    for n in range(1, 6):
        assert f"Scenario {n}" in text
    assert text.count("won") >= 5 and text.count("lost") >= 5
    meta = pdf_metadata(in_tmp / "pad.pdf")
    assert meta["/Subject"] == "pad hyve-legacy"
    assert "players" not in json.loads(meta["/HyvekitOptions"])


@pytest.mark.parametrize("args", [["--players", "2"], ["--names", "Ann,Bob"]])
def test_legacy_pad_is_one_run_per_copy(hk, args):
    result = hk("print", "pad", "hyve-legacy", *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "bad input: " + args[0] in result.stderr
    assert not (hk.root / "output").exists()


def test_legacy_pad_of_a_run_is_filled_in_from_its_ledger(hk):
    """Issue 29, item 9: `pad hyve-legacy RUN` took no run.  The rulebook's example run
    (hyvekit demo): 15 starting honey, 12 spent, 3 lost; scenario 1 won with HP 7 past the
    start, 12 population and 4 hyves: 2 + 2 + 4 + 0 = 8 honey."""
    from hyvekit.cli.demo import log_demo_run
    log_demo_run(hk.campaigns)
    r = hk("print", "pad", "hyve-legacy", "demo-legacy", "--out", "run.pdf")
    assert r.returncode == 0, r.stderr
    text = pdf_text(hk.root / "run.pdf")
    flat = _flat(text)
    assert "hyvekit demo legacy" in flat and "Filled in from the run demo-legacy" in flat
    for mode in ("Standard", "Coldsnap", "Mites Challenge", "Bee Builder"):
        assert mode in flat                          # each scenario's mode, from the run
    for value in ("15", "12", "7", "8", "3"):
        assert value in text.split()
    meta = json.loads(pdf_metadata(hk.root / "run.pdf")["/HyvekitOptions"])
    assert meta["campaign"] == "demo-legacy"
    r = hk("print", "pad", "hyve-legacy", "demo-legacy", "--names", "X")
    assert r.returncode == 2 and "CAMPAIGN" in r.stderr


# --- reports -----------------------------------------------------------------------------------

def _drawing_ops(path) -> bool:
    """True if the first page draws filled/stroked vector paths (the chart's bars)."""
    from pypdf import PdfReader

    data = PdfReader(str(path)).pages[0].get_contents().get_data()
    return b" re" in data and (b"\nf" in data or b" f\n" in data or b"f*" in data)


def test_report_of_a_legacy_run_made_through_the_cli(hk):
    assert hk("hyve", "legacy", "new", "Spring run").returncode == 0
    steps = [
        ("hyve", "legacy", "shop", "spring-run", "--perk", "tenacity", "--bread", "1",
         "--population", "red:2,blue"),
        ("hyve", "legacy", "shop", "spring-run", "--bread", "3"),
        ("campaign", "undo", "spring-run"),
        ("hyve", "legacy", "start", "spring-run", "--yes"),
        ("hyve", "legacy", "courier", "spring-run", "wild", "--turn", "1"),
        ("hyve", "legacy", "result", "spring-run", "won", "--hp-past-start", "7",
         "--population", "12", "--hyves", "4"),
        ("campaign", "note", "spring-run", "Coldsnap next <beware>"),
    ]
    for step in steps:
        done = hk(*step)
        assert done.returncode == 0, (step, done.stderr)
    result = hk("print", "report", "spring-run", "--out", "report.pdf")
    assert result.returncode == 0, result.stderr
    pdf = hk.root / "report.pdf"
    text = _flat(pdf_text(pdf))
    # the history: every event, the undone purchase marked reverted
    assert "shop: perk Tenacity, 1-type bread, 3 Population (red, red, blue)" in text
    assert "shop: 3-type bread" in text and "reverted" in text
    assert "courier: wild Bee on turn 1" in text
    assert "won: HP +7 past start, population 12, 4 hyves" in text
    assert "note: Coldsnap next <beware>" in text
    assert "6 events, 1 reverted" in text
    # the scenario table and the charts (their SVG labels are PDF text, bars are paths)
    first = _flat(_page_text(pdf, 0))
    assert "2 + 2 + 4 + 0" in first
    for n in range(1, 6):
        assert f"Scenario {n}" in first
    assert "HP positions past the Starting Space, per scenario" in first
    assert "Honey per scenario" in first
    assert _drawing_ops(pdf)
    # metadata: campaign id and the hash of the replayed state
    from hyvekit.rules.hyve.legacy import legacy_summary
    from hyvekit.games import campaign_store

    _, state = campaign_store(hk.campaigns).state("spring-run")
    digest = hashlib.sha256(json.dumps(legacy_summary(state), sort_keys=True,
                                       ensure_ascii=False).encode()).hexdigest()
    meta = pdf_metadata(pdf)
    assert meta["/HyvekitCampaign"] == "spring-run"
    assert meta["/HyvekitStateSHA256"] == digest
    assert "campaign=spring-run" in meta["/Keywords"]
    assert meta["/Subject"] == "report" and meta["/Title"] == "Campaign Report"
    # the default output name
    assert hk("print", "report", "spring-run").stdout.strip().endswith(
        "report-spring-run.pdf")


def _page_text(path, index: int) -> str:
    from pypdf import PdfReader

    return PdfReader(str(path)).pages[index].extract_text() or ""


def _match_log(folder, matches: list[dict], name: str = "Friday hive") -> str:
    from hyvekit.games import campaign_store

    store = campaign_store(folder)
    gid = store.create(name, "queenbee", "matches", {"roster": []}).header["id"]
    store.append_many(gid, [("match", m) for m in matches])
    return gid


def test_report_of_a_queenbee_match_log(in_tmp):
    evil = "<b>Eve</b>"
    matches = [
        {"players": ["Ann", "Bob", evil], "winner": "Ann", "defeated": [evil, "Bob"],
         "alliances": [[evil, "Ann"]], "date": "2025-06-01"},
        {"players": ["Ann", "Bob"], "winner": "Bob", "defeated": ["Ann"]},
        {"players": ["Ann", "Bob", evil], "winner": "Ann", "defeated": ["Bob", evil]},
    ]
    gid = _match_log(in_tmp / "campaigns", matches)
    result = invoke("--campaigns-dir", "campaigns", "print", "report", gid, "--out", "qb.pdf",
                    "--paper", "letter")
    assert result.exit_code == 0, result.output
    text = _flat(pdf_text(in_tmp / "qb.pdf"))
    assert "Queen Bee match log" in text
    assert "STANDINGS" in text.upper() and "MATCHES" in text.upper()
    assert "Wins per player" in text
    assert evil in text and "<b>" not in text.replace(evil, "")   # printed as text
    assert "2025-06-01" in text and f"{evil} → Ann" in text
    assert "Ann won (Ann, Bob, <b>Eve</b>); queens fell: <b>Eve</b>, Bob" in text
    assert _drawing_ops(in_tmp / "qb.pdf")

    from hyvekit.cli.printing import state_sha256
    from hyvekit.games import campaign_store

    _, state = campaign_store(in_tmp / "campaigns").state(gid)
    meta = pdf_metadata(in_tmp / "qb.pdf")
    assert meta["/HyvekitCampaign"] == gid
    assert meta["/HyvekitStateSHA256"] == state_sha256(state)
    # the hash names the state: another match changes it, the same state keeps it
    campaign_store(in_tmp / "campaigns").append(gid, "match", matches[1])
    _, later = campaign_store(in_tmp / "campaigns").state(gid)
    assert state_sha256(later) != state_sha256(state)
    other = _match_log(in_tmp / "campaigns", matches, "Other group")
    _, same = campaign_store(in_tmp / "campaigns").state(other)
    assert state_sha256(same) == state_sha256(state)


def test_a_long_history_runs_to_several_pages(in_tmp):
    matches = [{"players": ["Ann", "Bob", "Cy"], "winner": ["Ann", "Bob", "Cy"][i % 3],
                "defeated": [p for p in ["Cy", "Bob", "Ann"] if p != ["Ann", "Bob", "Cy"][i % 3]]}
               for i in range(90)]
    gid = _match_log(in_tmp / "campaigns", matches, "Long log")
    result = invoke("--campaigns-dir", "campaigns", "print", "report", gid, "--out", "long.pdf")
    assert result.exit_code == 0, result.output
    assert page_count(in_tmp / "long.pdf") > 3
    text = _flat(pdf_text(in_tmp / "long.pdf"))
    assert "90 events, 0 reverted" in text
    # the history table's header row repeats on each page it runs over
    assert text.count("When (UTC)") >= 2


def test_example_report_is_labelled_and_names_no_campaign(in_tmp):
    result = invoke("print", "report", "--out", "ex.pdf")
    assert result.exit_code == 0, result.output
    assert page_count(in_tmp / "ex.pdf") == CATALOGUE["report"].pages
    text = _flat(pdf_text(in_tmp / "ex.pdf"))
    assert "EXAMPLE" in text and "not one of your campaigns" in text
    assert "reverted" in text
    meta = pdf_metadata(in_tmp / "ex.pdf")
    assert "/HyvekitCampaign" not in meta
    assert json.loads(meta["/HyvekitOptions"])["example"] is True


def test_report_of_an_unknown_campaign_exits_2(in_tmp):
    from hyvekit.cli.entry import main

    with runner.isolation():
        with pytest.raises(SystemExit) as exc:
            main(["--campaigns-dir", "campaigns", "print", "report", "nope", "--out", "x.pdf"])
    assert exc.value.code == 2
    assert not (in_tmp / "x.pdf").exists()


def test_report_of_a_run_named_like_markup_prints_the_name_as_text(in_tmp):
    from hyvekit.data.hyve import legacy_sheets
    from hyvekit.games import campaign_store

    settings = {"sheet": legacy_sheets()["legacy-1"].to_dict(),
                "colours": ["yellow", "blue", "green", "purple", "red"], "easy": False}
    rid = campaign_store(in_tmp / "campaigns").create(EVIL_NAME, "hyve", "legacy",
                                                     settings).header["id"]
    result = invoke("--campaigns-dir", "campaigns", "print", "report", rid, "--out", "e.pdf",
                    "--ink-saver")
    assert result.exit_code == 0, result.output
    assert EVIL_NAME in pdf_text(in_tmp / "e.pdf")
    assert "0 events" in _flat(pdf_text(in_tmp / "e.pdf"))


def test_report_help_has_an_example():
    out = invoke("print", "report", "--help").output
    assert "Example: hyvekit print report" in out
    assert "--ink-saver" in out and "--paper" in out and "--copies" in out


# --- a run played at the table -----------------------------------------------------------------

EXAMPLE = (Path(__file__).resolve().parents[2] / "examples" / "hyve"
           / "legacy-scenario-1.toml")


def _table_run(hk, name: str = "Table run") -> str:
    """The run of examples/hyve/legacy-scenario-1.toml, its scenario 1 started."""
    assert hk("hyve", "legacy", "new", name, "--easy").returncode == 0
    cid = name.lower().replace(" ", "-")
    shop = hk("hyve", "legacy", "shop", cid, "--bread", "1", "--bread", "1", "--perk",
              "deep-stores", "--hp", "red:2", "--population", "red:2")
    assert shop.returncode == 0, shop.stderr
    assert hk("hyve", "legacy", "start", cid, "--yes").returncode == 0
    return cid


def _example_steps(hk, cid: str) -> list[str]:
    """The example's turns as the steps of the run's scenario at the table."""
    import tomllib

    from hyvekit.data.hyve import sheet_definitions
    from hyvekit.cli.hyve_records import load_legacy_state
    from hyvekit.rules.hyve.legacy_play import run_setup, run_sheet
    from hyvekit.rules.hyve.record import parse_record
    from hyvekit.rules.hyve.table import new_table
    from hyvekit.rules.hyve.table_steps import steps_for

    _, state = load_legacy_state(hk.campaigns, cid)
    start = run_setup(state, run_sheet(state, sheet_definitions()))
    record = parse_record(tomllib.loads(EXAMPLE.read_text()), start=start)
    return steps_for(new_table(start), record.turns)[1]


def _report(hk, cid: str, out: str):
    from hyvekit.games import campaign_store
    from hyvekit.render.printables_reports import report_context

    result = hk("print", "report", cid, "--out", out)
    assert result.returncode == 0, result.stderr
    record, state = campaign_store(hk.campaigns).state(cid)
    return _flat(pdf_text(hk.root / out)), report_context(record.header, record.events, state)


def test_report_of_a_run_played_at_the_table(hk):
    cid = _table_run(hk)
    assert hk("hyve", "do", cid, "roll", "--seed", "1").returncode == 0
    text, _ = _report(hk, cid, "mid.pdf")
    assert "playing scenario 1 at the table (turn 1 of 16, 1 step so far)" in text
    assert "Scenario 1 (Standard) at the table: 1 step, turn 1" in text
    # the roll undone, then the example played to its end and its bread type crossed out
    assert hk("campaign", "undo", cid).returncode == 0
    steps = _example_steps(hk, cid)
    assert hk("hyve", "do", cid, *steps, "cross-out 2").returncode == 0
    text, ctx = _report(hk, cid, "report.pdf")
    assert "Scenario 1 (Standard) at the table: 1 step, undone" in text
    assert (f"Scenario 1 (Standard) at the table: {len(steps) + 1} steps, turns 1–8; lost on "
            "turn 8, and the ledger logged:") in text
    # what the ledger logged when the scenario ended, as hyve legacy play logs it
    logged = [h["what"] for h in ctx["history"] if h["derived"]]
    assert logged == ["courier: 5-Bee on turn 1", "courier: wild Bee on turn 2",
                      "courier: wild Bee on turn 3", "courier: wild Bee on turn 4",
                      "lost: HP -5 past start, population 5, 1 hyve, 2-type bread crossed out"]
    for line in logged:
        assert line in text
    assert f"{3 + len(steps) + 1} events, 1 reverted" in text
    assert f"{len(steps) + 2} steps at the table" in text
    # the scenario row: its result, the honey it earned (as if won), the table's turns
    first = ctx["scenarios"][1]
    assert first["status"] == ("lost (easy mode), 2-type bread crossed out; played at the "
                               "table, 8 turns")
    assert first["breakdown"] == {"hp": 0, "population": 1, "hyves": 1, "courier": 3}
    assert first["earned"] == 5 and first["spent"] == 0          # nothing bought yet
    assert ctx["scenarios"][0]["spent"] == 13 and ctx["scenarios"][0]["lost"] == 2
    assert "0 + 1 + 1 + 3" in text


def _printables(hk, cid: str) -> dict[str, str]:
    """The text of each printable that takes a run, printed from ``cid``."""
    texts = {}
    for name, args in (("legacy-sheet", ("legacy-sheet", cid)), ("booklet", ("booklet", cid)),
                       ("sheet", ("sheet", "hyve", "--run", cid))):
        result = hk("print", *args, "--out", f"{name}.pdf")
        assert result.returncode == 0, (name, result.stderr)
        texts[name] = _flat(pdf_text(hk.root / f"{name}.pdf"))
    return texts


def test_the_sheets_of_a_run_at_the_table_mid_scenario_and_after_it_ended(hk):
    cid = _table_run(hk)
    assert hk("hyve", "do", cid, "roll", "--seed", "1").returncode == 0
    texts = _printables(hk, cid)
    for name in ("booklet", "sheet"):
        assert ("scenario 1 (at the table: turn 1 of 16, 1 step so far; the sheet shows its "
                "set-up)") in texts[name], name
    assert hk("campaign", "undo", cid).returncode == 0
    assert hk("hyve", "do", cid, *_example_steps(hk, cid), "cross-out 2").returncode == 0
    texts = _printables(hk, cid)
    assert "to spend now: 5" in texts["legacy-sheet"]          # the honey it earned
    assert ("scenario 1 (played at the table: lost, HP -5 past the start, population 5, "
            "1 hyve)") in texts["booklet"]
    assert "Hyve Coldsnap Sheet" in texts["sheet"] and "scenario 2" in texts["sheet"]


def test_a_run_of_steps_at_the_table_is_one_history_row():
    from hyvekit.render.printables_reports import history_rows, step_runs

    def event(seq, kind, do=None, status="active", at="2026-12-01T10:00:00+00:00"):
        return {"seq": seq, "type": kind, "data": {"do": do} if do else {"text": "x"},
                "status": status, "at": at}

    events = [event(1, "step", "draw"), event(2, "step", "Susan: pass"),
              event(3, "step", "Jeremy: pass", at="2026-12-01T11:30:00+00:00"),
              event(4, "note"), event(5, "step", "draw", "reverted")]
    rows = step_runs(history_rows(events, lambda kind, data: f"at the table: {data['do']}"))
    assert [r["seq"] for r in rows] == ["1\u20133", 4, 5]
    assert rows[0]["what"] == "3 steps at the table, from draw to Jeremy: pass"
    assert rows[0]["steps"] == 3 and rows[0]["when_to"]
    assert rows[2]["reverted"] and rows[2]["steps"] == 1
