"""The web table's hint button (docs/advisor.md, docs/web): the player deciding (or the host)
asks for the advisor's estimates through a real server; the hint is marked in the record as
the CLI's ``hint`` marks it; other players, the watch link and a table with hints turned off
(``serve --no-hints``) are refused, and nothing is marked."""

from __future__ import annotations

from hyvekit.games import campaign_store

from .conftest import request, serving, tokens


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
        status, answer = request(url, {"k": k["player Ann"]}, headers={"Origin": base})
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
