"""``hyvekit print pad beez GAME``: the Beez scoring pad pre-filled from a game played at the
table (names and common cards at once; every score, the totals, the large nectar and the
winner once the game is scored)."""

from __future__ import annotations

import re

import pytest
from render_helpers import pdf_text

from tests.rules.beez.test_beez_table import MARTIN_FLIGHTS, SOPHIE_FLIGHTS

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

NEW = ("beez", "new", "Friday", "--players", "Martin,Sophie",
       "--common", "both-4-5-rows,middle-row,colours", "--secret", "Martin=three-colour-line,bow",
       "--secret", "Sophie=bow,manual: 'Queen cup' = 7")


def _text(hk, *args):
    out = hk.root / "pad.pdf"
    r = hk("print", "pad", "beez", *args, "--out", str(out))
    assert r.returncode == 0, r.stderr
    return re.sub(r"\s+", " ", pdf_text(out)), out


def test_the_pad_is_prefilled_from_a_game_in_progress_then_scored(hk):
    assert hk(*NEW).returncode == 0
    text, _ = _text(hk, "friday")
    assert "Martin" in text and "Sophie" in text and "Middle row filled" in text
    assert "in progress, round 1" in text and "Total honey drops" in text
    assert text.count("Total honey drops") == 1        # one game on the page
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        assert hk("beez", "do", "friday", mf, *ms, sf, *ss).returncode == 0
    text, _ = _text(hk, "friday")
    assert "(scored)" in text
    assert "Three colours in a line: 6" in text and "Bow of one colour: 8" in text
    assert "Queen cup: 7" in text and " 36 " in text


def test_the_pad_of_a_game_takes_no_names_and_only_a_beez_game(hk):
    hk(*NEW)
    r = hk("print", "pad", "beez", "friday", "--names", "A,B")
    assert r.returncode == 2 and "leave out --players" in r.stderr
    r = hk("print", "pad", "beez", "nothing-here")
    assert r.returncode != 0 and "Traceback" not in r.stderr


def test_the_pad_of_a_game_carries_its_name_date_and_cards(hk):
    """A game's pad names the game, its date (the record's ``created``, on this machine's
    clock) and lists the game's cards under a heading of its own: the common ones, the
    secret ones once the game is over."""
    from hyvekit.games import campaign_store
    from hyvekit.render.printables_beez import local_date

    assert hk(*NEW).returncode == 0
    record, _ = campaign_store(hk.campaigns).state("friday")
    date = local_date(record.header["created"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", date)
    text, _ = _text(hk, "friday")
    assert "Game Friday (friday)" in text and f"Date {date}" in text
    assert "cards of the scoring example" not in text
    assert ("Objective cards of this game (honey drops); the secret ones are revealed at the "
            "end Both 4/5 rows filled 12 Middle row filled 7* Different colours 2 per "
            "different colour Each nectar") in text
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        assert hk("beez", "do", "friday", mf, *ms, sf, *ss).returncode == 0
    text, _ = _text(hk, "friday")
    assert ("Objective cards of this game (honey drops) Both 4/5 rows filled 12 Middle row "
            "filled 7* Different colours 2 per different colour Three colours in a line 3 per "
            "line Bow of one colour 4 per shape* Queen cup 7 Each nectar") in text


def test_a_local_date_is_the_day_on_this_machine(monkeypatch):
    import time

    from hyvekit.render.printables_beez import local_date

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert local_date("2026-12-02T23:44:19+00:00") == "2026-12-03"
    finally:
        monkeypatch.undo()
        time.tzset()
    assert local_date(None) == "" and local_date("soon") == ""
