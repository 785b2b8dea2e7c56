"""``hyvekit serve`` (issue 30, first increment): a real server on loopback serving a Bee Lives
campaign and a HYVE scenario — what a page reads, who may post a step, steps from pages and
from ``do`` reaching every page through server-sent events, and the one step path."""

from __future__ import annotations

import http.client
import json
import time
import urllib.parse
from typing import Any


from .conftest import before_a_forced_step, free_port, request, serving, tokens


def test_a_page_needs_its_token_and_shows_the_decision_due(hk, league):
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        assert request(f"{base}/t/{league}")[0] == 403
        assert request(f"{base}/t/{league}?k=wrong")[0] == 403
        status, page = request(f"{base}/t/{league}?k={k['watch']}")
        assert status == 200 and "<title>League · hyvekit</title>" in page
        status, data = request(f"{base}/t/{league}/state?k={k['watch']}")
        assert status == 200 and data["decision"] == "card" and "draw" in data["legal"]
        expected = json.loads(hk("beelives", "next", league, "--json").stdout)
        assert {key: data[key] for key in expected} == expected   # what next --json says


def test_who_may_post_a_step(hk, league):
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        step = f"{base}/t/{league}/step"
        assert request(step, {"step": "draw"})[0] == 403                       # no token
        assert request(step, {"k": k["watch"], "step": "draw"})[0] == 403      # watching
        status, answer = request(step, {"k": k["player Bo"], "step": "draw"})
        assert status == 409 and "it is Ann's decision" in answer["error"]
        assert request(step, {"k": k["host"], "step": "draw"},
                       headers={"Origin": "http://evil.example"})[0] == 403    # another site
        assert request(f"{base}/t/{league}/undo", {"k": k["player Ann"]})[0] == 403
        assert len(hk.campaigns.joinpath("league.json").read_text()) > 0
        history = hk("campaign", "history", league).stdout
        assert "step" not in history                                     # nothing stored
        status, answer = request(step, {"k": k["player Ann"], "step": "draw"},
                                 headers={"Origin": base})
        assert status == 200 and answer["steps"][0].startswith("card ")


def test_a_refused_step_names_the_rule_and_stores_nothing(hk, league):
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        before = hk.campaigns.joinpath("league.json").read_bytes()
        status, answer = request(f"{base}/t/{league}/step", {"k": k["host"],
                                                             "step": 'card "No Such Card"'})
        assert status in (400, 409) and "No Such Card" in answer["error"]
        assert hk.campaigns.joinpath("league.json").read_bytes() == before


def _events(base: str, path: str, count: int, timeout: float = 10.0) -> list[dict]:
    """The first ``count`` ``table`` events of the stream at ``path``."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    response = conn.getresponse()
    assert response.status == 200
    out, event, deadline = [], "", time.monotonic() + timeout
    while len(out) < count and time.monotonic() < deadline:
        line = response.fp.readline().decode().rstrip("\r\n")
        if line.startswith("event:"):
            event = line.split(":", 1)[1].strip()
        elif line.startswith("data:") and event == "table":
            out.append(json.loads(line.split(":", 1)[1]))
    conn.close()
    return out


def watching(base: str, path: str, count: int) -> tuple[Any, list[dict]]:
    """A thread gathering the first ``count`` ``table`` events of ``path`` into the list
    returned with it, started and given half a second to connect."""
    import threading
    got: list[dict] = []
    reader = threading.Thread(target=lambda: got.extend(_events(base, path, count)))
    reader.start()
    time.sleep(0.5)
    return reader, got


def draw_then_step(hk: Any, base: str, league: str, host: str) -> dict:
    """The league's card drawn with ``do``, then its first legal step posted from the host's
    link; returns the table (``next --json``) that step was made on."""
    assert hk("beelives", "do", league, "--seed", "3", "draw").returncode == 0
    time.sleep(0.5)
    data = json.loads(hk("beelives", "next", league, "--json").stdout)
    status, _ = request(f"{base}/t/{league}/step", {"k": host, "step": data["legal"][0]})
    assert status == 200
    return data


def test_a_step_made_with_do_reaches_the_pages_in_order(hk, league):
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        # each change comes as the table, then the table with its options' previews
        reader, got = watching(base, f"/t/{league}/events?k={k['watch']}", 5)
        data = draw_then_step(hk, base, league, k["host"])
        reader.join(timeout=15)
        assert len(got) == 5
        assert [g["version"] for g in got] == sorted({g["version"] for g in got})
        steps = [g["last_step"] for g in got]
        assert got[0]["decision"] == "card" and steps[0] == ""
        assert steps[1] == steps[2] and steps[1].startswith("card ")
        assert steps[3] == steps[4] == data["legal"][0]
        after = json.loads(hk("beelives", "next", league, "--json").stdout)
        assert got[3]["preview"] == {} and got[4]["preview"] == after["preview"] != {}


def test_a_hyve_scenario_is_played_from_the_host_link(hk):
    assert hk("hyve", "new", "Tuesday", "--mode", "coldsnap").returncode == 0
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        k = tokens(app, "tuesday")
        assert set(k) == {"host", "watch"}                   # one player: the host
        status, answer = request(f"{base}/t/tuesday/step", {"k": k["host"], "step": "roll"})
        assert status == 200 and answer["steps"][0].startswith("dice ")
        status, data = request(f"{base}/t/tuesday/state?k={k['watch']}")
        assert data["decision"] == "assign" and data["last_step"] == answer["steps"][0]
        status, undone = request(f"{base}/t/tuesday/undo", {"k": k["host"]})
        assert status == 200 and undone["undone"] == answer["steps"]
        assert request(f"{base}/t/tuesday/state?k={k['host']}")[1]["decision"] == "dice"


def test_serve_listens_on_loopback_unless_told_otherwise(hk, league, monkeypatch):
    import uvicorn
    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    port = free_port()             # not the default: another server may hold it
    r = hk("serve", league, "--port", str(port))
    assert r.returncode == 0, r.stderr
    assert seen["host"] == "127.0.0.1" and "?k=" in r.stdout and "player Ann" in r.stdout
    r = hk("serve", league, "--lan", "--port", "9001")
    assert r.returncode == 0 and seen["host"] == "0.0.0.0" and seen["port"] == 9001


def test_a_record_not_played_at_the_table_is_refused(hk):
    assert hk("queenbee", "new", "Group", "--players", "ann,bob").returncode == 0
    r = hk("serve", "group")
    assert r.returncode == 2 and "played at the table" in r.stderr


def test_the_links_stay_the_same_when_serve_restarts_and_new_links_replace_them(hk, league):
    with serving(hk.campaigns, [league]) as (_, app):
        first = tokens(app, league)
    with serving(hk.campaigns, [league]) as (_, app):
        assert tokens(app, league) == first
    from hyvekit.web.app import link_secret
    with serving(hk.campaigns, [league], secret=link_secret(new=True)) as (base, app):
        renewed = tokens(app, league)
        assert set(renewed.values()).isdisjoint(first.values())
        assert request(f"{base}/t/{league}/state?k={first['host']}")[0] == 403
    import stat
    from platformdirs import user_data_dir
    from pathlib import Path
    mode = (Path(user_data_dir("hyvekit", appauthor=False)) / "serve-secret").stat().st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_a_tap_that_arrives_after_another_answered_the_decision_is_not_spent_on_the_next(hk):
    """Two pages tap ``empty`` on Martin's flight at once: the second, made on the table the
    first changed, is refused (nothing stored), not played as Sophie's flight."""
    assert hk("beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    with serving(hk.campaigns, ["friday"]) as (base, app):
        k = tokens(app, "friday")
        seen = request(f"{base}/t/friday/state?k={k['watch']}")[1]["seq"]
        first = request(f"{base}/t/friday/step", {"k": k["player Martin"], "step": "empty",
                                                  "seq": seen})
        second = request(f"{base}/t/friday/step", {"k": k["host"], "step": "empty",
                                                   "seq": seen})
        assert first[0] == 200
        assert second[0] == 409 and "moved on" in second[1]["error"]
        assert "Sophie" in second[1]["error"]                  # what is due now
        data = request(f"{base}/t/friday/state?k={k['watch']}")[1]
        assert data["actor"] == "Sophie" and data["seq"] == seen + 1
        assert request(f"{base}/t/friday/step", {"k": k["host"], "step": "empty",
                                                 "seq": "x"})[0] == 400


def test_undo_with_nothing_to_undo_says_so(hk, league):
    with serving(hk.campaigns, [league]) as (base, app):
        status, answer = request(f"{base}/t/{league}/undo", {"k": tokens(app, league)["host"]})
        assert status == 409 and "nothing to undo" in answer["error"]


def test_a_port_in_use_is_refused_before_any_link_is_printed(hk, league):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = hk("serve", league, "--port", str(port))
    assert r.returncode == 2 and "--port" in r.stderr and "?k=" not in r.stdout


def test_the_defender_may_not_roll_the_raiders_dice(hk, league):
    """A raid's dice are the raider's: the defender's link is refused, the raider's taken."""
    assert hk("beelives", "do", league, 'card "First Bloom"', "forage bloom 0 take 5/5/0",
              "raid Ann 3").returncode == 0
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        data = request(f"{base}/t/{league}/state?k={k['watch']}")[1]
        assert (data["decision"], data["actor"]) == ("dice", "Bo")
        status, answer = request(f"{base}/t/{league}/step", {"k": k["player Ann"], "step": "1"})
        assert status == 409 and "Bo's decision" in answer["error"]
        assert request(f"{base}/t/{league}/step", {"k": k["player Bo"], "step": "1"})[0] == 200


def test_a_finished_bee_lives_game_shows_its_final_scores(hk, league):
    """Played to its end from the host's link (the first option each time, dice rolled):
    the page's JSON carries the final scores and the winner, as status --json gives them."""
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        for _ in range(600):
            data = request(f"{base}/t/{league}/state?k={k['watch']}")[1]
            if data["decision"] is None:
                break
            step = "roll" if data["decision"] == "dice" else data["legal"][0]
            assert request(f"{base}/t/{league}/step", {"k": k["host"], "step": step})[0] == 200
        assert data["decision"] is None and data["final"]["players"]
        status = json.loads(hk("beelives", "status", league, "--json").stdout)
        assert data["final"] == status["scores"]
    # the finished play to log in BG Stats (issue 28): its link and the link's QR code
    import segno

    from hyvekit.rules.play_export import link_data
    log = data["bgstats"]
    play = link_data(log["link"])
    assert log["play"] == play["sourcePlayId"] == league
    assert {p["name"]: p["score"] for p in play["players"]} == {
        p["name"]: p["total"] for p in data["final"]["players"]}
    assert log["qr"] == segno.make(log["link"], error="l").svg_data_uri(scale=4, border=2)


def test_the_report_so_far_downloads_as_print_report_prints_it(hk, league):
    """Pages for the rest of a campaign (issue 30): every page links the record's report,
    the PDF ``print report ID`` prints — its years so far, charts and history — as a
    download for any link of the table; a wrong link gets nothing."""
    import urllib.request

    from pypdf import PdfReader
    assert hk("beelives", "do", league, 'card "First Bloom"', "defend 1").returncode == 0
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        page = request(f"{base}/t/{league}?k={k['watch']}")[1]
        assert f'href="/t/{league}/report.pdf?k={k["watch"]}"' in page
        with urllib.request.urlopen(f"{base}/t/{league}/report.pdf?k={k['watch']}",
                                    timeout=120) as r:
            assert r.headers["Content-Type"] == "application/pdf"
            assert f'filename="report-{league}.pdf"' in r.headers["Content-Disposition"]
            data = r.read()
        assert request(f"{base}/t/{league}/report.pdf?k=nope")[0] == 403
    import io
    pdf = PdfReader(io.BytesIO(data))
    text = "".join(p.extract_text() for p in pdf.pages)
    assert "Campaign Report" in text or "History" in text
    assert "defend 1" in text                                  # the step made so far
    assert pdf.metadata["/HyvekitCampaign"] == league
    printed = hk.root / "report.pdf"
    assert hk("print", "report", league, "--out", str(printed)).returncode == 0
    cli = PdfReader(str(printed))
    assert len(cli.pages) == len(pdf.pages)
    assert cli.metadata["/HyvekitStateSHA256"] == pdf.metadata["/HyvekitStateSHA256"]


def test_a_campaigns_months_so_far_are_on_every_page(hk, league):
    """Pages for the rest of a campaign (issue 30): once a month is played, the page lists
    it with each hive's VP that month, as ``beelives status`` gives them."""
    import json as _json
    import time
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        assert request(f"{base}/t/{league}/state?k={k['watch']}")[1]["so_far"] == []
        for _ in range(80):                                  # play March to its end
            data = request(f"{base}/t/{league}/state?k={k['host']}")[1]
            if data["table"]["month"] != "March":
                break
            step = "roll" if data["decision"] == "dice" else data["legal"][0]
            status, answer = request(f"{base}/t/{league}/step",
                                     {"k": k["host"], "step": step, "seq": data["seq"]})
            assert status == 200, answer
        status = _json.loads(hk("beelives", "status", league, "--json").stdout)
        march = status["months"][0]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            so_far = request(f"{base}/t/{league}/state?k={k['watch']}")[1]["so_far"]
            if so_far:
                break
        assert so_far[0] == f"year 1 March ({march['card']}): " + ", ".join(
            f"{n} {v:+d} VP" for n, v in march["vp"].items())


def test_a_legacy_runs_scenarios_so_far_are_listed(hk):
    """A Hyve Legacy run's page lists its scenarios played, as ``hyve legacy status`` gives
    them (the demo run: the rulebook's example scenario)."""
    import json as _json

    from hyvekit.games import campaign_store
    from hyvekit.games.table import legacy_so_far
    assert hk("demo").returncode == 0
    cid = next(p.stem for p in hk.campaigns.glob("*.json"))
    status = _json.loads(hk("hyve", "legacy", "status", cid, "--json").stdout)
    lines = legacy_so_far(campaign_store(hk.campaigns).state(cid)[1])
    assert len(lines) == len(status["results"]) > 0
    first = status["results"][0]
    assert lines[0].startswith(f"scenario {first['scenario']}: "
                               f"{'won' if first['won'] else 'lost'}, "
                               f"{first['hp_past_start']} HP positions past the start")


def test_a_single_option_after_a_step_on_the_page_is_played_and_said(hk):
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    faces, only = before_a_forced_step(hk.campaigns, "four")
    with serving(hk.campaigns, ["four"]) as (base, app):
        k = tokens(app, "four")
        answer = request(f"{base}/t/four/step", {"k": k["host"], "step": faces})
        assert answer[0] == 200, answer
        assert answer[1]["steps"][:2] == [faces, only]          # hyvekit played the option
        data = request(f"{base}/t/four/state?k={k['watch']}")[1]
        assert data["legal"] != [only]
        assert f"{only} (nothing else was possible: hyvekit played it)" in data["said"]
    history = hk("campaign", "history", "four").stdout
    assert only in history


def test_the_terminal_lists_a_tv_link_after_the_watch_link_and_it_opens_the_tv_view(hk, league):
    from hyvekit.cli.serve import served_links
    with serving(hk.campaigns, [league]) as (base, app):
        links = served_links(app.state.served[league], base)
        whos = [who for who, _, _ in links]
        tv = whos.index("TV (the decision largest, read only)")
        assert whos[tv - 1] == "watch (read only)" and links[tv - 1][2]     # after its QR
        url = links[tv][1]
        assert url == links[tv - 1][1].replace(f"/t/{league}?", f"/t/{league}/tv?")
        status, html = request(url)
        assert status == 200 and 'data-view="tv"' in html
        assert 'data-view="page"' in request(links[tv - 1][1])[1]
        assert 'data-view="tv"' in request(links[tv - 1][1] + "&view=tv")[1]


def test_keep_and_reroll_say_the_raid_party_s_strength_before_and_after(hk):
    import re

    from .conftest import played
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    due = played(hk.campaigns, "four", "beelives", "campaign",
                 lambda d: d["decision"] == "reroll")
    strength = re.search(r"strength (\d+)", due["prompt"]).group(1)
    with serving(hk.campaigns, ["four"]) as (base, app):
        state = f"{base}/t/four/state?k={tokens(app, 'four')['watch']}"
        deadline = time.monotonic() + 20
        while not request(state)[1]["previewed"]:                       # sent a moment after
            assert time.monotonic() < deadline
            time.sleep(0.05)
        data = request(state)[1]
    keep, reroll = (data["preview"][o] for o in data["legal"])
    assert keep.startswith(f"party strength {strength} → {strength} (")
    assert re.match(rf"party strength {strength} → \d+(–\d+)? \(\d+ bees?, \d+ dic?e", reroll)


def test_previews_asked_for_a_few_options_of_a_long_menu(hk):
    from .conftest import played
    assert hk("beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    due = played(hk.campaigns, "friday", "beez", "game", lambda d: len(d["legal"]) > 60)
    with serving(hk.campaigns, ["friday"]) as (base, app):
        k = tokens(app, "friday")
        data = request(f"{base}/t/friday/state?k={k['watch']}")[1]
        seq, legal = data["seq"], due["legal"]
        url = f"{base}/t/friday/preview?k={k['watch']}&seq={seq}"
        asked = "".join(f"&o={urllib.parse.quote(o)}" for o in legal[:3])
        status, answer = request(url + asked + "&o=not-an-option")
        assert status == 200 and sorted(answer["preview"]) == sorted(legal[:3])
        assert all(answer["preview"].values())                       # each says something
        everything = "".join(f"&o={urllib.parse.quote(o)}" for o in legal[:61])
        assert request(url + everything)[0] == 400                     # at most 60 at once
        assert request(url.replace(f"seq={seq}", f"seq={seq - 1}") + asked)[0] == 409
        assert request(f"{base}/t/friday/preview?k=nope&seq={seq}" + asked)[0] == 403


def test_a_queen_bee_match_is_served_with_a_link_per_player(hk):
    """Issue 42: a Queen Bee match at the table on every phone: each player's link acts on
    that player's decisions only; a step through the page is the step 'do' takes."""
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo").returncode == 0
    with serving(hk.campaigns, ["friday"]) as (base, app):
        k = tokens(app, "friday")
        assert set(k) == {"host", "watch", "player Ann", "player Bo"}
        status, data = request(f"{base}/t/friday/state?k={k['watch']}")
        assert status == 200 and data["decision"] == "action" and data["actor"] == "Ann"
        step = f"{base}/t/friday/step"
        status, answer = request(step, {"k": k["player Bo"], "step": "flight"},
                                 headers={"Origin": base})
        assert status == 409 and "it is Ann's decision" in answer["error"]
        status, answer = request(step, {"k": k["player Ann"], "step": "flight"},
                                 headers={"Origin": base})
        assert status == 200 and answer["steps"] == ["flight"]
        assert "flight" in hk("campaign", "history", "friday").stdout
        # a sudden card out of turn: sent from the player's own link, taken by the rules;
        # no link plays another player's card, not even the link of the player deciding
        for link, named in (("player Bo", "Ann"), ("player Ann", "Bo")):
            status, answer = request(step, {"k": k[link], "step": f"{named}: play secret-move "
                                            "g4b"}, headers={"Origin": base})
            assert status == 409 and f"is {named}'s step" in answer["error"], answer
        status, answer = request(step, {"k": k["player Bo"], "step": "Bo: play secret-move "
                                        "g4b"}, headers={"Origin": base})
        assert status == 200 and answer["steps"] == ["Bo: play secret-move G4b"], answer


def test_a_step_told_first_by_the_file_watcher_still_says_what_hyvekit_played(hk):
    """The race a browser test met once in CI: the file watcher reads the record between the
    step's write and the step's own telling; the pages still get the step's words, the
    single option hyvekit played after it named as such."""
    import asyncio

    from hyvekit.web.app import HOST, Access, _apply, make_app
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    faces, only = before_a_forced_step(hk.campaigns, "four")
    s = make_app(hk.campaigns, ["four"]).state.served["four"]

    async def race() -> None:
        applied, before = _apply(s, Access(HOST), faces)
        assert await s.refresh()                   # the watcher first: the bare last step
        assert f"{only} (nothing else was possible: hyvekit played it)" not in s.data["said"]
        await s.stepped(applied, before)

    asyncio.run(race())
    assert s.data["said"][0].startswith(f"{faces} ")
    assert f"{only} (nothing else was possible: hyvekit played it)" in s.data["said"]
