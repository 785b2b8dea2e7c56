"""The HYVE golden corpus (issue 37): random whole HYVE scenarios of every mode and Hyve
Legacy runs (every sheet, easy and not), written on the engine before it was restructured,
each replayed move by move through the facade's engines (a legacy run's ledger events through
its record adapter).  After every move the decision due (kind, actor, legal steps, what else
is accepted, the end's result), its prompt, what the step did in words and the view are the
same as when the corpus was written, and at every fifth move each option's preview too
(golden/hyve_corpus.py says what is kept).  Each game's record (its events, replayed by its
adapter as the store does) ends where the table did; and what ``hyve check --json`` prints
for the files of examples/ and docs/, and the legacy flow of examples/hyve, are unchanged.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "golden"))

import hyve_examples as X  # noqa: E402
from golden_digests import differs  # noqa: E402
from hyve_corpus import (adapter_of, digest, digests, engine_of,  # noqa: E402
                         games, move, previewed_after, start_of, summary_of)

#: the corpus is replayed in this many parts, so the workers share it
PARTS = 6
#: games in the corpus
GAMES = 153


@pytest.mark.parametrize("part", range(PARTS))
def test_every_game_of_the_corpus_replays_to_what_the_table_showed(part):
    seen = 0
    for game in games(part, PARTS):
        settings = game["settings"]
        engine, adapter = engine_of(settings), adapter_of(settings)
        where = f"game {game['seed']} ({settings['kind']})"
        t = start_of(settings)
        now = digests(engine, t, previewed=True)
        assert now == game["shown"][0], f"{where}, before the first move: " \
                                        f"{differs(game['shown'][0], now)}"
        for n, m in enumerate(game["moves"], 1):
            t = move(engine, adapter, t, m)
            if isinstance(m, str):
                assert engine.last_step(t) == m, f"{where}, move {n} {m!r} kept otherwise"
            now = digests(engine, t, previewed=previewed_after(n))
            assert now == game["shown"][n], f"{where}, after move {n} {m!r}: " \
                                            f"{differs(game['shown'][n], now)}"
        assert summary_of(settings, t) == game["summary"], where
        seen += 1
    assert seen == len(range(part, GAMES, PARTS))


@pytest.mark.parametrize("part", range(PARTS))
def test_every_game_s_record_replays_to_where_the_table_ended(part):
    for game in games(part, PARTS):
        settings = game["settings"]
        adapter, engine = adapter_of(settings), engine_of(settings)
        where = f"game {game['seed']} ({settings['kind']})"
        state = adapter.initial_state(settings["record"])
        for kind, data in game["events"]:
            state = adapter.play(state, kind, data)
        assert summary_of(settings, state) == game["summary"], where
        assert digest(engine.view(state)) == game["shown"][-1].split(".")[3], where


KEPT = X.kept()


def test_the_files_of_the_examples_and_docs_are_all_kept():
    assert X.files() == sorted(KEPT["files"])


@pytest.mark.parametrize("name", sorted(KEPT["files"]))
def test_every_hyve_file_of_the_examples_and_docs_checks_the_same(name):
    assert X.check_file(name) == KEPT["files"][name]


def test_the_legacy_flow_of_the_examples_gives_the_same():
    assert X.legacy_flow() == KEPT["legacy_flow"]
