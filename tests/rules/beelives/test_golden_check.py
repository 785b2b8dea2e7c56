"""The golden corpus through the records (issue 37): each random game of the corpus made into
a record by appending its steps gives the very events (step and result) it gave when the
corpus was written, and that record — the one kept then — passes ``campaign check`` (every
event replayed, its result the same); every flow of commands that examples/ and docs/ give for Bee Lives
leaves the same records and exit codes, and each example month file checks the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))

import examples_flows as X  # noqa: E402
from corpus import games, record_in, store_in  # noqa: E402

PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_every_game_of_the_corpus_records_the_same_events_and_passes_campaign_check(
        part, tmp_path):
    store = store_in(tmp_path)
    seen = 0
    for game in games(part, PARTS):
        where = f"game {game['seed']} ({game['settings']})"
        campaign_id, settings, events = record_in(store, game["settings"], game["steps"])
        assert settings == game["header_settings"], where
        for n, (now, kept) in enumerate(zip(events, game["events"]), 1):
            assert now == kept, f"{where}, event {n}"
        assert len(events) == len(game["events"]), where
        # the record is the one kept (the same events and results): campaign check replays it
        report = store.check(campaign_id)
        assert report.ok and not report.findings, f"{where}: {report.findings}"
        assert report.checked == len(game["events"]), where
        seen += 1
    assert seen >= 500 // PARTS


KEPT = X.kept()


@pytest.mark.parametrize("name", sorted(KEPT["flows"]))
def test_every_bee_lives_flow_of_the_examples_and_docs_leaves_the_same_records(name):
    flow = X.flows()[name]
    assert X.run_flow(flow) == KEPT["flows"][name]


def test_the_flows_of_the_examples_and_docs_are_all_kept():
    assert sorted(X.flows()) == sorted(KEPT["flows"])
    assert sorted(str(p.relative_to(X.ROOT)) for p in X.month_files()) == sorted(KEPT["files"])


@pytest.mark.parametrize("name", sorted(KEPT["files"]))
def test_every_example_month_file_checks_the_same(name):
    assert X.check_file(X.ROOT / name) == KEPT["files"][name]
