"""``print report CAMPAIGN --review`` (docs/advisor.md, "Review"): a Bee Lives campaign's
report gets a page of the advisor's review, the lines ``beelives review`` gives with seed 0
and three rollouts an option; another kind of record is refused with exit code 2."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from render_helpers import page_count, pdf_text  # noqa: E402


def _finished(hk, name: str) -> str:
    """A 2-player campaign played to its end by uniformly random legal steps (a die rolled)
    through the one step path: short, and with choices a better option beats."""
    from hyvekit.games import campaign_store
    from hyvekit.games.table import apply_steps, table_data, table_game
    assert hk("beelives", "new", name, "-p", "Ann:prolific", "-p", "Bo:aggressive"
              ).returncode == 0
    cid, store, rng = name.lower(), campaign_store(hk.campaigns), random.Random(3)
    table = table_game("beelives", "campaign")
    while (data := table_data(table, store.state(cid)[1], with_previews=False))["decision"]:
        steps = [] if data["decision"] == "dice" else [rng.choice(data["legal"])]
        apply_steps(store, cid, steps, rng, game=table, roll=True)
    return cid


def test_a_report_with_the_review_has_its_page(hk):
    cid = _finished(hk, "Reviewed")
    plain = hk("print", "report", cid, "--out", "plain.pdf")
    assert plain.returncode == 0, plain.stderr
    got = hk("print", "report", cid, "--review", "--out", "review.pdf")
    assert got.returncode == 0, got.stderr
    text = pdf_text(hk.root / "review.pdf")
    assert "advisor's review" in text.lower() and "review of every player:" in text
    assert "advisor's review" not in pdf_text(hk.root / "plain.pdf").lower()
    # a page of its own, after the overview and before the history
    from pypdf import PdfReader
    pages = [p.extract_text().lower() for p in PdfReader(str(hk.root / "review.pdf")).pages]
    at = next(i for i, p in enumerate(pages) if "advisor's review" in p)
    assert at > 0 and "players" in pages[0] and "players" not in pages[at].split("review")[0]
    assert pages[at].index("advisor's review") < pages[at].index("history")
    assert page_count(hk.root / "review.pdf") >= page_count(hk.root / "plain.pdf")
    # the same lines as the CLI's review with the same seed and rollouts
    cli = hk("beelives", "review", cid, "--seed", "0", "--rollouts", "3",
             env={"COLUMNS": "80"})
    for line in cli.stdout.splitlines()[2:4]:
        assert " ".join(line.split()) in " ".join(text.split())


def test_review_of_another_kind_of_record_is_refused(hk):
    from hyvekit.games import campaign_store
    store = campaign_store(hk.campaigns)
    gid = store.create("Friday", "queenbee", "matches", {"roster": []}).header["id"]
    got = hk("print", "report", gid, "--review", "--out", "x.pdf")
    assert got.returncode == 2 and "--review" in got.stdout + got.stderr
    assert "a Bee Lives campaign" in got.stdout + got.stderr
    assert "Traceback" not in got.stderr and not (hk.root / "x.pdf").exists()


def test_a_beez_game_report_with_the_review_has_its_page(hk):
    """A Beez game (the advisor knows it too): the review's page, with honey drops."""
    import sys
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_beez_hint_cli import _game
    cid = _game(hk, 4, random_seat="Sophie", seed=5)      # four decisions: a short review
    got = hk("print", "report", cid, "--review", "--out", "beez.pdf")
    assert got.returncode == 0, got.stderr
    text = " ".join(pdf_text(hk.root / "beez.pdf").split())
    assert "advisor's review" in text.lower() and "review of every player:" in text
    cli = hk("beez", "review", cid, "--seed", "0", "--rollouts", "3", env={"COLUMNS": "80"})
    assert cli.returncode == 0, cli.stderr
    for line in cli.stdout.splitlines()[2:4]:
        assert " ".join(line.split()) in text


def test_a_hyve_scenario_report_with_the_review_has_its_page(hk):
    """A HYVE scenario outside a run (the advisor knows it too): the review's page, in
    honey, each mistake at its turn."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_hyve_hint_cli import _random_scenario
    cid = _random_scenario(hk, "Careless", 6)      # lost in its second turn: 5 decisions
    got = hk("print", "report", cid, "--review", "--out", "hyve.pdf")
    assert got.returncode == 0, got.stderr
    text = " ".join(pdf_text(hk.root / "hyve.pdf").split())
    assert "advisor's review" in text.lower()
    assert "review of every player: " in text and " of 5 decisions worse than" in text


def test_a_legacy_run_report_with_the_review_has_its_last_scenario_page(hk):
    """A Hyve Legacy run: the review's page is its last scenario played at the table's, each
    mistake at its scenario and turn."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_hyve_run_hint_cli import lost_run
    lost_run(hk)                          # scenario 1 lost in its third turn: 9 decisions
    got = hk("print", "report", "run", "--review", "--out", "run.pdf")
    assert got.returncode == 0, got.stderr
    text = " ".join(pdf_text(hk.root / "run.pdf").split())
    assert "advisor's review" in text.lower() and " of 9 decisions worse than" in text
    mistakes = re.findall(r" \d+\. (scenario \d+, turn \d+), player's ", text)
    assert mistakes and all(m.startswith("scenario 1, turn ") for m in mistakes)
