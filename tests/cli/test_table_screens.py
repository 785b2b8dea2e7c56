"""The table's screens at 80 and 60 columns (issue 27): a Bee Lives swarm, a Heat Wave
month, a raid's sacrifice and a HYVE sheet near Colony Collapse — the reasons, the card's
text, the hives' thresholds and tokens and each option's change are on the screen, and no
line is wider than the terminal nor cut short ("…")."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from hyvekit.cli.beelives_table import print_decision, print_table
from hyvekit.games.table import table_data, table_game

sys.path.insert(0, str(Path(__file__).parents[1] / "rules" / "beelives"))
from test_table import _states, settings_for  # noqa: E402

GAME = table_game("beelives", "campaign")


def _met(test, seed: int):
    """The first state of the seeded game (played without a map) whose decision passes
    ``test``; the seed is one where it comes early."""
    assert not settings_for(seed)["map"]
    for state, d in _states(seed, 400):
        if test(state, d):
            return state, d
    raise AssertionError(f"no such decision in game {seed}")


def _screen(state, width, capsys, monkeypatch) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    data = table_data(GAME, state)
    print_table(data["table"], data["legal"])
    print_decision(data, "league")
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(map(len, lines)) <= width, max(lines, key=len)
    # nothing cut short (a long list of options may end "… and N more", named)
    assert "…" not in re.sub(r"… and \d+ more", "", out)
    return " ".join(out.split())


@pytest.mark.parametrize("width", [80, 60])
def test_a_swarm_screen_gives_the_reason_and_what_staying_or_leaving_does(width, capsys,
                                                                           monkeypatch):
    state, d = _met(lambda s, d: d.kind == "swarm" and "bees > swarm threshold" in d.prompt,
                    seed=5)
    flat = _screen(state, width, capsys, monkeypatch)
    assert "hive swarms: " in flat and "bees > swarm threshold" in flat
    assert "swarm threshold" in flat and "Swarm Phase" in flat
    assert f"{d.legal[0].split(': ', 1)[1]} — " in flat       # each choice with its change


@pytest.mark.parametrize("width", [80, 60])
def test_a_heat_wave_screen_gives_the_cards_text(width, capsys, monkeypatch):
    from hyvekit.data.beelives import season_cards
    text = next(c.text for c in season_cards() if c.name == "Heat Wave")
    state, d = _met(lambda s, d: d.kind == "action" and s.table is not None
                    and getattr(s.table.state, "card", None) == "Heat Wave", seed=13)
    flat = _screen(state, width, capsys, monkeypatch)
    assert f"card: Heat Wave — {' '.join(text.split())}" in flat
    assert " — free bees" in flat                        # the options with their change


@pytest.mark.parametrize("width", [80, 60])
def test_a_raid_sacrifice_screen_gives_what_each_sacrifice_costs(width, capsys, monkeypatch):
    state, d = _met(lambda s, d: d.kind == "sacrifice" and "defending/unassigned" in d.prompt,
                    seed=5)
    flat = _screen(state, width, capsys, monkeypatch)
    assert "bees sacrificed" in flat and "sacrifice 0/0" in flat
    assert "bees " in flat and "→" in flat                  # a sacrifice's cost in bees


@pytest.mark.parametrize("width", [80, 60])
def test_a_hyve_sheet_near_colony_collapse_says_how_near(width, capsys, monkeypatch, hk):
    import json

    from hyvekit.cli.hyve_table import print_sheet
    assert hk("hyve", "new", "Tue", "--mode", "standard").returncode == 0
    view = json.loads(hk("hyve", "next", "--scenario", "tue", "--json").stdout)["table"]
    view["hp"].update(die=2, position=1, space="1", to_collapse=1,
                      to_thriving=view["hp"]["to_thriving"] + view["hp"]["position"] - 1)
    monkeypatch.setenv("COLUMNS", str(width))
    print_sheet(view)
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= width and "…" not in out
    flat = " ".join(out.split())
    assert "HP die 2 on 1: 1 space from Colony Collapse" in flat
    assert "key: 3 nectar (die 3)" in flat


def test_a_decision_of_too_many_options_for_previews_says_so(capsys, monkeypatch):
    """The trial: at 4 or more free bees the previews vanished without a word."""
    from hyvekit.games.beelives import table_engine
    most = table_engine().PREVIEWED
    state, d = _met(lambda s, d: d.kind == "action" and len(d.legal) > most, seed=5)
    flat = _screen(state, 80, capsys, monkeypatch)
    assert f"(no previews: {len(d.legal)} options, more than {most};" in flat
