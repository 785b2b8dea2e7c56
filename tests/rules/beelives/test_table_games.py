"""Fifty whole Bee Lives games played at the table (hyvekit/rules/beelives/engine.py)
by always choosing among the legal options — 1-4 players, one to three years, with and
without the map, solo games among them — each game's record replayed by ``campaign check``
and each month played again from the month record it gave, as ``beelives log`` plays it.
"""

from __future__ import annotations

import tomllib

import pytest
from test_table import COMPS, play_game, settings_for

from hyvekit.games import campaign_store
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives.engine import play_step
from hyvekit.rules.beelives.record import month_file_text


@pytest.mark.parametrize("seed", range(50))
def test_fifty_seeded_games_choosing_among_legal_replay_through_campaign_check(seed, tmp_path):
    state, steps = play_game(seed)
    assert state.over
    # the final scores, or Wildfire's fire reached the hive (the game is lost at once)
    assert state.scores is not None or "lost" in state.months[-1].summary
    assert state.table is None and len(state.month_data) == len(state.months)
    store = campaign_store(tmp_path)
    record = store.create(f"game {seed}", "beelives", "campaign", settings_for(seed))
    done = store.append_many(record.header["id"], [("step", {"do": s}) for s in steps])
    assert done[-1][1].scores == state.scores
    report = store.check(record.header["id"])
    assert report.ok, report
    # each month at the table is the month record log takes: played from its export, the
    # game ends the same
    again = C.new_campaign(C.settings_from_dict(settings_for(seed), COMPS), COMPS)
    winters = iter(e for e in steps if e.startswith("year-end"))
    for data in state.month_data:
        raw = tomllib.loads(month_file_text(data))      # the file export-month writes
        stated = raw.pop("stated", None)
        again = C.play(again, "month", {"month": raw, **({"stated": stated} if stated else {})})
        if again.game.stage == "winter":
            again = play_step(again, {"do": next(winters)})
    assert again.game == state.game and again.scores == state.scores
