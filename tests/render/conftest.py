"""Fixtures of the printing tests: a legacy run built with the rules core, PDF readers."""

from __future__ import annotations

import pytest

from hyvekit.data.hyve import legacy_sheets
from hyvekit.rules.hyve.legacy import (
    BuyBread, BuyPerk, BuyResources, Courier, Result, Shop, StartScenario, SwitchEasy,
    new_legacy, play,
)

from render_helpers import EVIL_NAME


@pytest.fixture
def legacy_state():
    """A run after two scenarios: perk, bread, resources (one colour used), honey track,
    a won scenario (honey 9 in the well) and a lost one in easy mode (3-type bread crossed)."""
    s = new_legacy(legacy_sheets()["legacy-1"], ["red", "blue", "yellow", "green", "purple"])
    s = play(s, Shop((BuyPerk("tenacity"), BuyBread(1), BuyBread(1),
                      BuyResources("population", ("red", "red", "blue")),
                      BuyResources("hp", ("yellow",)))))
    s = play(s, StartScenario())
    s = play(s, Courier(1, 1))
    for turn in (2, 3, 4):
        s = play(s, Courier(6, turn))
    s = play(s, Result(True, 7, 12, 4))
    s = play(s, SwitchEasy())
    s = play(s, StartScenario())
    return play(s, Result(False, 2, 6, 1, cross_out=3))


@pytest.fixture
def run_header():
    return {"name": EVIL_NAME, "id": "spring-run", "game": "hyve", "kind": "legacy"}
