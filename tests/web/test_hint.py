"""The web table's hint button (docs/advisor.md, docs/web): the player deciding (or the host)
asks for the advisor's estimates through a real server; the hint is marked in the record as
the CLI's ``hint`` marks it; other players, the watch link and a table with hints turned off
(``serve --no-hints``) are refused, and nothing is marked."""

from __future__ import annotations

import pytest

from hyvekit.games import campaign_store

from .conftest import request, serving, tokens


def _asked(url: str, token: str, base: str) -> tuple[int, dict]:
    """A POST of the advisor's (a review takes a while on busy cores: a minute allowed)."""
    import json
    import urllib.error
    import urllib.request
    req = urllib.request.Request(url, data=json.dumps({"k": token}).encode(), headers={
        "Content-Type": "application/json", "Origin": base})
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _events(folder, cid):
    return [e["type"] for e in campaign_store(folder).load(cid).active]


def test_the_player_deciding_gets_a_hint_and_the_record_marks_it(hk, league):
    # the season card is drawn: Ann's first turn is due
    assert hk("beelives", "do", league, "draw").returncode == 0
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        page = request(f"{base}/t/{league}?k={k['player Ann']}")[1]
        assert 'data-hints="on"' in page and 'id="hint"' in page
        url = f"{base}/t/{league}/hint"
        status, answer = request(url, {"k": k["player Bo"]}, headers={"Origin": base})
        assert status == 409 and "it is Ann's decision" in answer["error"]
        assert request(url, {"k": k["watch"]}, headers={"Origin": base})[0] == 403
        assert "hint" not in _events(hk.campaigns, league)
        status, answer = _asked(url, k["player Ann"], base)
        assert status == 200, answer
        hint = answer["hint"]
        assert hint["actor"] == "Ann" and hint["decision"] == "action"
        assert hint["rollouts"] >= 2 and hint["estimates"]
        legal = request(f"{base}/t/{league}/state?k={k['watch']}")[1]["legal"]
        assert {e["option"] for e in hint["estimates"]} <= set(legal)
        assert answer["lines"][0].startswith("hint for Ann (action)")
        assert all(len(line) <= 80 for line in answer["lines"])
    # marked as `hint` marks it: the campaign keeps it, and a play with it is assisted
    assert _events(hk.campaigns, league)[-1] == "hint"
    _, state = campaign_store(hk.campaigns).state(league)
    assert state.hints == ((1, 1, "Ann", "action"),)


def test_a_table_with_hints_off_has_no_button_and_refuses_them(hk, league):
    assert hk("beelives", "do", league, "draw").returncode == 0
    with serving(hk.campaigns, [league], hints=False) as (base, app):
        k = tokens(app, league)
        page = request(f"{base}/t/{league}?k={k['host']}")[1]
        assert 'data-hints="off"' in page
        status, answer = request(f"{base}/t/{league}/hint", {"k": k["host"]},
                                 headers={"Origin": base})
        assert status == 403 and "turned hints off" in answer["error"]
    assert "hint" not in _events(hk.campaigns, league)


def test_the_button_shows_the_hint_on_the_page_in_a_real_browser(hk, league, browser,
                                                                   tmp_path):
    from .conftest import PHONE, until
    assert hk("beelives", "do", league, "draw").returncode == 0
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        bo = browser.new_page(viewport=PHONE)
        bo.goto(f"{base}/t/{league}?k={k['player Bo']}")
        until(bo, "document.getElementById('live').textContent === 'live'")
        assert bo.evaluate("document.getElementById('hinting').hidden")   # not Bo's turn
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/t/{league}?k={k['player Ann']}")
        until(page, "document.getElementById('live').textContent === 'live'")
        assert not page.evaluate("document.getElementById('hinting').hidden")
        page.click("#hint")
        until(page, "!document.getElementById('hint-lines').hidden", 30_000)
        text = page.evaluate("document.getElementById('hint-lines').textContent")
        assert text.startswith("hint for Ann (action)") and "VP" in text
        page.screenshot(path=str(tmp_path / "hint.png"), full_page=True)


def test_a_finished_game_is_reviewed_on_its_page(hk, league):
    from .conftest import played
    with serving(hk.campaigns, [league], review_rounds=2) as (base, app):
        k = tokens(app, league)
        url = f"{base}/t/{league}/review"
        status, answer = request(url, {"k": k["watch"]}, headers={"Origin": base})
        assert status == 409 and "not over" in answer["error"]
        played(hk.campaigns, league, "beelives", "campaign",
               lambda d: d["decision"] is None, seed=3, most=3000)
        status, answer = _asked(url, k["watch"], base)
        assert status == 200, answer
        lines = answer["lines"]
        assert lines[0].startswith("review of every player: ")
        assert all(len(line) <= 80 for line in lines)
        # random play: choices a better option beat, each with it and the VP lost
        assert "better: " in "\n".join(lines) and " VP" in "\n".join(lines)
        # the same record: the same review, kept (seed 0 for every page)
        assert _asked(url, k["host"], base)[1]["lines"] == lines


def test_the_review_button_on_a_finished_game_in_a_real_browser(hk, league, browser, tmp_path):
    from .conftest import played
    played(hk.campaigns, league, "beelives", "campaign", lambda d: d["decision"] is None,
           seed=3, most=3000)
    with serving(hk.campaigns, [league], review_rounds=2) as (base, app):
        watch = tokens(app, league)["watch"]
        text = _reviewed_in_browser(browser, f"{base}/t/{league}?k={watch}", tmp_path)
        assert text.startswith("review of every player")


def _reviewed_in_browser(browser, url: str, tmp_path) -> str:
    """The review lines a phone shows once its review button on the finished game at ``url``
    is tapped (a screenshot of the page kept in ``tmp_path``)."""
    from .conftest import PHONE, until
    page = browser.new_page(viewport=PHONE)
    page.goto(url)
    until(page, "document.getElementById('review') !== null")
    page.click("#review")
    until(page, "document.querySelector('.review-lines').textContent.length > 0", 60_000)
    page.screenshot(path=str(tmp_path / "review.png"), full_page=True)
    return page.evaluate("document.querySelector('.review-lines').textContent")


# --- Beez: the same button and review (docs/advisor.md, "Beez") -----------------------------

def _beez(hk, steps: int | None) -> str:
    """Friday's Beez game (Martin, Sophie) with ``steps`` steps of the default player stored
    (None: to the end)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_beez_hint_cli import _game
    return _game(hk, steps)


def test_the_player_deciding_a_beez_flight_gets_a_hint_and_the_record_marks_it(hk):
    cid = _beez(hk, 26)
    with serving(hk.campaigns, [cid]) as (base, app):
        k = tokens(app, cid)
        state = request(f"{base}/t/{cid}/state?k={k['watch']}")[1]
        actor = state["actor"]
        other = "Sophie" if actor == "Martin" else "Martin"
        page = request(f"{base}/t/{cid}?k={k['player ' + actor]}")[1]
        assert 'data-hints="on"' in page and 'id="hint"' in page
        url = f"{base}/t/{cid}/hint"
        status, answer = request(url, {"k": k["player " + other]}, headers={"Origin": base})
        assert status == 409 and f"it is {actor}'s decision" in answer["error"]
        assert "hint" not in _events(hk.campaigns, cid)
        status, answer = _asked(url, k["player " + actor], base)
        assert status == 200, answer
        hint = answer["hint"]
        assert hint["actor"] == actor and hint["unit"] == "honey drops" and hint["estimates"]
        assert {e["option"] for e in hint["estimates"]} <= set(state["legal"])
        assert answer["lines"][0].startswith(f"hint for {actor} (")
        assert all(len(line) <= 80 for line in answer["lines"])
    assert _events(hk.campaigns, cid)[-1] == "hint"


def _run(hk) -> str:
    """A Hyve Legacy run whose first scenario is started (its first roll due)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_hyve_legacy_play_cli import setup_run
    setup_run(hk)
    return "run"


@pytest.mark.parametrize("game", ["beez", "hyve", "legacy"])
def test_a_beez_or_hyve_table_with_hints_off_refuses_them(hk, game):
    cid = {"beez": lambda: _beez(hk, 26), "hyve": lambda: _hyve(hk),
           "legacy": lambda: _run(hk)}[game]()
    with serving(hk.campaigns, [cid], hints=False) as (base, app):
        k = tokens(app, cid)
        assert 'data-hints="off"' in request(f"{base}/t/{cid}?k={k['host']}")[1]
        status, answer = request(f"{base}/t/{cid}/hint", {"k": k["host"]},
                                 headers={"Origin": base})
        assert status == 403 and "turned hints off" in answer["error"]
    assert "hint" not in _events(hk.campaigns, cid)


def test_a_finished_beez_game_is_reviewed_on_its_page_in_a_real_browser(hk, browser, tmp_path):
    from .conftest import PHONE, until
    cid = _beez(hk, None)
    with serving(hk.campaigns, [cid], review_rounds=2) as (base, app):
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/t/{cid}?k={tokens(app, cid)['watch']}")
        until(page, "document.getElementById('review') !== null")
        page.click("#review")
        # every decision of the game weighed in the server's one process: about a minute on
        # 2 idle cores (docs/advisor.md, "Beez"), longer on busy ones
        until(page, "document.querySelector('.review-lines').textContent.length > 0", 360_000)
        text = page.evaluate("document.querySelector('.review-lines').textContent")
        assert text.startswith("review of every player")
        assert all(len(line) <= 80 for line in text.splitlines())
        page.screenshot(path=str(tmp_path / "beez-review.png"), full_page=True)


def test_the_beez_hint_button_shows_the_hint_in_a_real_browser(hk, browser, tmp_path):
    from .conftest import PHONE, until
    cid = _beez(hk, 26)
    with serving(hk.campaigns, [cid]) as (base, app):
        k = tokens(app, cid)
        actor = request(f"{base}/t/{cid}/state?k={k['watch']}")[1]["actor"]
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/t/{cid}?k={k['player ' + actor]}")
        until(page, "document.getElementById('live').textContent === 'live'")
        assert not page.evaluate("document.getElementById('hinting').hidden")
        page.click("#hint")
        until(page, "!document.getElementById('hint-lines').hidden", 60_000)
        text = page.evaluate("document.getElementById('hint-lines').textContent")
        assert text.startswith(f"hint for {actor} (") and "honey drops" in text
        page.screenshot(path=str(tmp_path / "beez-hint.png"), full_page=True)


def _hyve(hk) -> str:
    """A standard HYVE scenario played by the default player to an assignment of turn 11."""
    import random

    from hyvekit.rules.hyve import default_player as DP
    from hyvekit.rules.hyve.engine import SCENARIO
    from hyvekit.rules.table import play_steps
    assert hk("hyve", "new", "Late").returncode == 0
    store = campaign_store(hk.campaigns)
    t, rng, steps = store.state("late")[1], random.Random(2), []
    while not ((d := SCENARIO.pending(t)).kind == "assign" and t.now.turn >= 11):
        t = play_steps(SCENARIO, t, [DP.choose(t, d, rng)], rng, auto=True)[-1]
        steps.append(t.steps[-1])
    store.append_many("late", [("step", {"do": s}) for s in steps])
    return "late"


def test_a_hyve_scenario_gets_a_hint_at_the_table_and_the_record_marks_it(hk):
    cid = _hyve(hk)
    with serving(hk.campaigns, [cid]) as (base, app):
        k = tokens(app, cid)
        state = request(f"{base}/t/{cid}/state?k={k['watch']}")[1]
        page = request(f"{base}/t/{cid}?k={k['host']}")[1]
        assert 'data-hints="on"' in page and 'id="hint"' in page
        url = f"{base}/t/{cid}/hint"
        assert request(url, {"k": k["watch"]}, headers={"Origin": base})[0] == 403
        status, answer = _asked(url, k["host"], base)
        assert status == 200, answer
        hint = answer["hint"]
        assert hint["decision"] == "assign" and hint["unit"] == "honey"
        assert hint["estimates"] and {e["option"] for e in hint["estimates"]} <= set(
            state["legal"])
        assert all(len(line) <= 80 for line in answer["lines"])
    assert _events(hk.campaigns, cid)[-1] == "hint"


def test_a_finished_hyve_scenario_is_reviewed_on_its_page(hk):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_hyve_hint_cli import _random_scenario
    cid = _random_scenario(hk, "Careless", 6)      # random play, lost in its second turn
    with serving(hk.campaigns, [cid], review_rounds=2) as (base, app):
        k = tokens(app, cid)
        status, answer = _asked(f"{base}/t/{cid}/review", k["watch"], base)
        assert status == 200, answer
        lines = answer["lines"]
        assert lines[0].startswith("review of every player: ") and " of " in lines[0]
        assert all(len(line) <= 80 for line in lines)
        # each mistake with its turn, the better option and the honey lost; or none
        mistakes = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
        assert all(", player's " in m and " honey" in m and "turn " in m for m in mistakes)
        assert mistakes or "no choice scored less" in lines[2]


def test_the_review_button_on_a_finished_hyve_scenario_in_a_real_browser(hk, browser,
                                                                         tmp_path):
    """The finished scenario's page offers the review (as a finished Bee Lives or Beez
    game's does) and shows its lines; the TV view does not offer it."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "cli"))
    from test_hyve_hint_cli import _random_scenario
    cid = _random_scenario(hk, "Careless", 6)      # random play, lost in its second turn
    with serving(hk.campaigns, [cid], review_rounds=2) as (base, app):
        k = tokens(app, cid)
        text = _reviewed_in_browser(browser, f"{base}/t/{cid}?k={k['watch']}", tmp_path)
        assert text.startswith("review of every player: ")
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        tv.goto(f"{base}/t/{cid}/tv?k={k['watch']}")
        tv.wait_for_selector("#live.on", timeout=10_000)
        assert tv.locator("#review").count() == 0


def test_a_legacy_run_gets_a_hint_at_the_table_and_the_run_marks_it(hk):
    """A Hyve Legacy run served: the hint for its current scenario's decision, marked in
    the run's record."""
    _run(hk)
    from test_hyve_run_hint_cli import late_assign, play_run
    play_run(hk, late_assign)                # an assignment of turn 11: short rollouts
    with serving(hk.campaigns, ["run"]) as (base, app):
        k = tokens(app, "run")
        state = request(f"{base}/t/run/state?k={k['watch']}")[1]
        page = request(f"{base}/t/run?k={k['host']}")[1]
        assert 'data-hints="on"' in page and 'id="hint"' in page
        status, answer = _asked(f"{base}/t/run/hint", k["host"], base)
        assert status == 200, answer
        hint = answer["hint"]
        assert hint["decision"] == state["decision"] == "assign" and hint["unit"] == "honey"
        assert hint["estimates"] and {e["option"] for e in hint["estimates"]} <= set(
            state["legal"])
    events = campaign_store(hk.campaigns).load("run").active
    assert events[-1]["type"] == "hint"
    assert events[-1]["data"] == {"player": "player", "decision": "assign"}
