"""``new`` with a name in use (issue 27): at a terminal, hyvekit asks whether to go on with
the game of that name instead of starting another; outside one, the new game gets another
id and a note says which."""

from __future__ import annotations

import io
import sys

from hyvekit.cli.common import resume_instead
from hyvekit.games import campaign_store


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_new_asks_to_go_on_with_the_game_of_that_name(hk, monkeypatch, capsys):
    assert hk("hyve", "new", "Tue", "--mode", "standard").returncode == 0
    store = campaign_store(hk.campaigns)
    monkeypatch.setattr(sys, "stdin", _Terminal("y\n"))
    assert resume_instead(store, "Tue", "hyve", "scenario", ["hyve", "next", "--scenario"])
    assert "next: hyvekit hyve next --scenario tue" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", _Terminal("n\n"))               # start another
    assert not resume_instead(store, "Tue", "hyve", "scenario", ["hyve", "next", "--scenario"])
    assert "exists already. Go on with it" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", _Terminal(""))                   # another game: no question
    assert not resume_instead(store, "Tue", "beelives", "campaign", ["beelives", "next"])
    assert "exists already" not in capsys.readouterr().out
    assert store.ids() == ["tue"]                                       # nothing made


def test_outside_a_terminal_new_makes_another_id_and_says_so(hk):
    for game in (("hyve", "new", "Tue", "--mode", "standard"),
                 ("beelives", "new", "League", "-p", "Ann:prolific"),
                 ("beez", "new", "Fri", "--players", "Ann,Bo", "--common",
                  "both-4-5-rows,middle-row,colours")):
        assert hk(*game).returncode == 0
        again = hk(*game)
        assert again.returncode == 0, again.stderr
        assert "exists already" in again.stdout and "-2" in again.stdout
