"""``hyvekit stats`` over records made by playing (issue 28): three Bee Lives games played at
the table, the rulebook's legacy example run, Queen Bee matches logged, a Beez game played at
the table.  Each figure the output gives is worked out here from the games' own results; the
BG Stats link is checked against BG Stats' field list, decoded back, and read from its QR
code (the PNG and the terminal drawing); the play file and the BGG CSV are read back."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "beelives"))
from test_table import play_game, settings_for  # noqa: E402

from hyvekit.games import campaign_store  # noqa: E402
from hyvekit.games.table import table_game  # noqa: E402
from hyvekit.rules.play_export import link_data  # noqa: E402

BEE_LIVES_SEEDS = (1, 6, 5)          # 2 players, 3 players, 2 players over three years
BEEZ_PLAYERS = ["Martin", "Sophie", "susan"]     # "susan" is Bee Lives' Susan (case aside)


@pytest.fixture(scope="module")
def played(tmp_path_factory, hyvekit_in):
    root = tmp_path_factory.mktemp("stats")
    hk = hyvekit_in(root)
    store = campaign_store(hk.campaigns)
    states = {}
    for seed in BEE_LIVES_SEEDS:
        state, steps = play_game(seed)
        record = store.create(f"game {seed}", "beelives", "campaign", settings_for(seed))
        store.append_many(record.header["id"], [("step", {"do": s}) for s in steps])
        states[record.header["id"]] = state
    from hyvekit.cli.demo import log_demo_run
    log_demo_run(hk.campaigns)
    assert hk("queenbee", "new", "friday", "--players", "ann,bob,cy").returncode == 0
    for args in (["ann,bob,cy", "ann", "cy,bob"], ["ann,bob,cy", "bob", "ann,cy"],
                 ["Ann,bob", "Ann", "bob"]):
        r = hk("queenbee", "log", "friday", "--players", args[0], "--winner", args[1],
               "--defeated", args[2], "--date", "2026-11-20")
        assert r.returncode == 0, r.stderr
    game = table_game("beez", "game")
    settings = {"players": BEEZ_PLAYERS, "common": ["both-4-5-rows", "middle-row", "colours"],
                "secret": {}, "expert": False}
    record = store.create("beez night", "beez", "game", settings)
    _, t = store.state(record.header["id"])
    rng, steps = random.Random(3), []
    while not (d := game.engine.pending(t)).over:
        option = rng.choice(d.legal)
        t = game.engine.push(t, option, rng)
        steps.append(game.engine.last_step(t))
    store.append_many(record.header["id"], [("step", {"do": s}) for s in steps])
    states["beez-night"] = t
    return hk, states


def _stats(hk, *args):
    r = hk("stats", *args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _line(data, game, name):
    return next(x for x in data["players"] if x["game"] == game and x["name"] == name)


def test_bee_lives_figures_per_player_are_the_games_own_scores(played):
    hk, states = played
    data = _stats(hk, "--game", "beelives")
    expected: dict[str, list] = {}
    for state in (states[f"game-{s}"] for s in BEE_LIVES_SEEDS):
        for line in state.scores.lines:
            e = expected.setdefault(line.player.name, [0, 0, []])
            e[0] += 1
            e[1] += line.player.name in state.scores.winners
            e[2].append(line.total)
    assert {x["name"] for x in data["players"]} == set(expected)
    for name, (n, wins, totals) in expected.items():
        got = _line(data, "beelives", name)
        assert (got["plays"], got["wins"], got["best"]) == (n, wins, max(totals))
        assert got["average"] == round(sum(totals) / n, 1)
        assert got["win_rate"] == round(wins / n, 3)
    queens: dict[str, list[int]] = {}
    for state in (states[f"game-{s}"] for s in BEE_LIVES_SEEDS):
        for p in state.settings.players:
            q = queens.setdefault(p.queen, [0, 0])
            q[0] += 1
            q[1] += p.name in state.scores.winners
    assert data["games"]["beelives"]["by_queen"] == queens
    removed = sum(len(m.summary["wild_removed"]) for s in BEE_LIVES_SEEDS
                  for m in states[f"game-{s}"].months)
    assert data["games"]["beelives"]["wild_hives_destroyed"] == removed


def test_queen_bee_matches_and_names_in_another_case_are_one_player(played):
    hk, _ = played
    data = _stats(hk, "--game", "queenbee")
    assert data["plays"] == 3
    ann, bob, cy = (_line(data, "queenbee", n) for n in ("ann", "bob", "cy"))
    assert (ann["plays"], ann["wins"], bob["plays"], bob["wins"]) == (3, 2, 3, 1)
    assert (cy["plays"], cy["wins"]) == (2, 0)
    pair = next(h for h in data["head_to_head"] if h["players"] == ["ann", "bob"])
    # match 1: ann won, bob fell last (2nd); match 2: bob won; match 3: Ann won
    assert pair["plays"] == 3 and pair["ahead"] == {"ann": 2, "bob": 1}
    assert data["games"]["queenbee"]["by_players"] == {"3": [2, 2], "2": [1, 1]}


def test_an_alias_merges_two_spellings_into_one_player(played):
    hk, _ = played
    plain = _stats(hk)
    merged = _stats(hk, "--alias", "martin=Jeremy")
    assert not [x for x in merged["players"] if x["name"] == "Martin"]
    assert _line(merged, "beez", "Jeremy")["plays"] == 1
    assert _line(merged, "beelives", "Jeremy") == _line(plain, "beelives", "Jeremy")
    # two who sat in one play are two people: such an alias is refused
    r = hk("stats", "--alias", "cy=bob")
    assert r.returncode == 2 and "--alias" in r.stderr and "friday#1" in r.stderr
    # Susan of Bee Lives and "susan" of Beez: one person, counted under the first spelling
    names = {x["name"] for x in plain["players"]}
    assert "Susan" in names and "susan" not in names
    assert _line(plain, "beez", "Susan")["plays"] == 1


def test_beez_and_the_legacy_run_are_counted(played):
    hk, states = played
    data = _stats(hk)
    scored, outcome = table_game("beez", "game").engine.pending(states["beez-night"]).result
    for p in scored:
        name = "Susan" if p.name == "susan" else p.name
        line = _line(data, "beez", name)
        assert (line["plays"], line["wins"], line["best"]) == (1, int(p.name in
                                                                      outcome.winners), p.total)
    hyve = data["games"]["hyve"]
    # the rulebook's example: scenario 1 won, 2 (HP) + 2 (population) + 4 (hyves) = 8 honey
    assert hyve["by_scenario"] == {"1": [1, 1]} and hyve["honey_earned"] == 8
    assert hyve["runs"][0]["bought"]["bread upgrades"] == 3


def test_filters_narrow_by_player_record_and_day(played):
    hk, _ = played
    assert _stats(hk, "--player", "CY")["plays"] == 2
    assert _stats(hk, "--campaign", "game-6")["by_game"] == {"beelives": 1}
    assert _stats(hk, "--since", "2999-01-01")["plays"] == 0
    r = hk("stats", "--game", "beelive")
    assert r.returncode == 2 and "--game" in r.stderr and "beelives" in r.stderr
    r = hk("stats", "--since", "yesterday")
    assert r.returncode == 2 and "YYYY-MM-DD" in r.stderr


def test_the_summary_reads_at_80_columns(played):
    hk, _ = played
    r = hk("stats", env={"COLUMNS": "80"})
    assert r.returncode == 0, r.stderr
    assert "Bee Lives: players" in r.stdout and "Head to head" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


#: BG Stats' createPlay fields and their types (https://www.bgstatsapp.com/support/
#: push-plays-to-bg-stats-from-other-apps-or-websites/), as issue 28 lists them
PLAY_FIELDS = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int,
               "game": dict, "players": list}
GAME_FIELDS = {"name": str, "bggId": int, "highestWins": bool, "noPoints": bool}
PLAYER_FIELDS = {"name": str, "score": int, "winner": bool, "rank": int, "startPlayer": bool,
                 "role": str}


def _fields_ok(data: dict, fields: dict) -> None:
    assert set(data) <= set(fields), set(data) - set(fields)
    for key, value in data.items():
        assert isinstance(value, fields[key]), (key, value)


def test_the_bg_stats_link_carries_the_play_and_its_qr_code_reads_back(played, tmp_path):
    import zxingcpp
    from PIL import Image
    hk, states = played
    assert hk("stats", "--set-bgg-id", "beelives", "2718").returncode == 0
    png = tmp_path / "play.png"
    r = hk("stats", "link", "game-6", "--qr", str(png), env={"COLUMNS": "200"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    link = lines[0]
    data = link_data(link)
    _fields_ok(data, PLAY_FIELDS)
    _fields_ok(data["game"], GAME_FIELDS)
    for p in data["players"]:
        _fields_ok(p, PLAYER_FIELDS)
    assert data["game"]["bggId"] == 2718 and data["sourcePlayId"] == "game-6"
    listed = json.loads(hk("stats", "plays", "--json").stdout)
    assert data == next(p["play"] for p in listed if p["id"] == "game-6")   # the same JSON
    state = states["game-6"]
    totals = {line.player.name: line.total for line in state.scores.lines}
    assert {p["name"]: p["score"] for p in data["players"]} == totals
    assert [p["name"] for p in data["players"] if p["winner"]] == list(state.scores.winners)
    assert len(data["playDate"]) == 19 and data["playDate"][10] == " "
    # the QR code, saved and drawn in the terminal, reads back as the link
    assert zxingcpp.read_barcodes(Image.open(png))[0].text == link
    drawn = [x for x in lines[1:] if x and set(x) <= set("█▀▄ ")]
    assert zxingcpp.read_barcodes(_terminal_image(drawn))[0].text == link


def _terminal_image(rows: list[str]):
    """The terminal's compact QR drawing as a picture: each character two modules, one
    above the other; a block is a light module."""
    from PIL import Image
    width, height = max(map(len, rows)), 2 * len(rows)
    img = Image.new("L", (width, height), 0)
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in "█▀":
                img.putpixel((x, 2 * y), 255)
            if ch in "█▄":
                img.putpixel((x, 2 * y + 1), 255)
    return img.resize((width * 8, height * 8), Image.NEAREST)


def test_a_play_not_finished_has_no_link_and_a_mistyped_play_is_named(played):
    hk, _ = played
    assert hk("beelives", "new", "still on", "-p", "Ann:prolific").returncode == 0
    r = hk("stats", "link", "still-on")
    assert r.returncode == 1 and "still being played" in r.stderr
    r = hk("stats", "link", "game-66")
    assert r.returncode == 2 and "PLAY" in r.stderr


def test_the_play_file_and_the_bgg_csv_hold_every_finished_play(played, tmp_path):
    hk, _ = played
    out = tmp_path / "all.bgsplay"
    assert hk("stats", "export", str(out)).returncode == 0
    data = json.loads(out.read_text())
    plays = _stats(hk)["plays"]
    assert len(data["plays"]) == plays
    players = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g["name"] for g in data["games"]}
    for play in data["plays"]:
        assert play["gameRefId"] in games and play["playerScores"]
        assert all(s["playerRefId"] in players for s in play["playerScores"])
    assert {"Queen Bee", "HYVE", "Beez", "Bee Lives: We Will Only Know Summer"} == set(
        games.values())
    text = tmp_path / "all.csv"
    assert hk("stats", "export", str(text)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(text.read_text())))
    assert {r["game"] for r in rows} == set(games.values())
    friday = [r for r in rows if r["game"] == "Queen Bee" and r["date"] == "2026-11-20"]
    wins = {n: sum(int(r["win"]) for r in friday if r["name"] == n) for n in ("ann", "bob", "cy")}
    assert len(friday) == 8 and wins == {"ann": 2, "bob": 1, "cy": 0}
    hyve = [r for r in rows if r["game"] == "HYVE"]
    assert hyve and all(r["color"] == "" and " scenario" in r["comments"] for r in hyve), \
        "a HYVE mode is the game's (in the comments), not a player's colour"
    r = hk("stats", "export", str(tmp_path / "plays.txt"))
    assert r.returncode == 2 and ".bgsplay" in r.stderr


def test_the_step_that_ends_a_game_offers_its_link(hk):
    """Issue 28, item 3: the game's end says how to log the play."""
    store = campaign_store(hk.campaigns)
    state, steps = play_game(6)
    record = store.create("last step", "beelives", "campaign", settings_for(6))
    store.append_many(record.header["id"], [("step", {"do": s}) for s in steps[:-1]])
    r = hk("beelives", "do", "last-step", steps[-1])
    assert r.returncode == 0, r.stderr
    assert "hyvekit stats link last-step" in r.stdout
    assert hk("stats", "link", "last-step", "--no-show-qr").stdout.startswith(
        "https://app.bgstatsapp.com/createPlay.html?data=")


def test_the_step_that_scores_a_beez_game_offers_its_link(hk):
    """The flights end a round before the game is scored: the link comes with the step that
    scores it (the last one), as in the other games."""
    from hyvekit.rules.beez import table as T
    assert hk("beez", "new", "z", "--players", "Ann,Bob", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    store = campaign_store(hk.campaigns)
    _, t = store.state("z")
    rng, steps = random.Random(1), []
    while not (d := T.pending(t)).over:
        t = T.push(t, rng.choice([o for o in d.legal if o.startswith("fly")] or d.legal))
        steps.append(t.steps[-1])
    store.append_many("z", [("step", {"do": s}) for s in steps[:-1]])
    r = hk("beez", "do", "z", steps[-1])
    assert r.returncode == 0, r.stderr
    assert "Winner:" in r.stdout and "hyvekit stats link z" in r.stdout


def test_the_step_that_ends_a_hyve_scenario_says_its_end_and_offers_its_link(hk):
    from hyvekit.rules.hyve.engine import SCENARIO
    assert hk("hyve", "new", "solo", "--mode", "standard").returncode == 0
    store = campaign_store(hk.campaigns)
    _, t = store.state("solo")
    rng, steps = random.Random(2), []
    while not (d := SCENARIO.pending(t)).over:
        t = SCENARIO.push(t, rng.choice(d.legal), rng)
        steps.append(SCENARIO.last_step(t))
    store.append_many("solo", [("step", {"do": s}) for s in steps[:-1]])
    r = hk("hyve", "do", "--scenario", "solo", steps[-1])
    assert r.returncode == 0, r.stderr
    assert f"turns played: {t.now.turn} of {t.now.sheet.turns}" in r.stdout
    assert "hyvekit stats link solo" in r.stdout


def test_plays_kept_beside_the_states_follow_the_records_bytes(hk):
    """Counting reads each record's plays from its entry once made; a record that changed
    (a match logged) is read anew."""
    assert hk("queenbee", "new", "club", "--players", "ann,bob").returncode == 0
    log = ("queenbee", "log", "club", "--players", "ann,bob", "--defeated")
    assert hk(*log, "bob", "--winner", "ann").returncode == 0
    first = _stats(hk)
    assert first == _stats(hk) and first["plays"] == 1
    entries = list(Path(os.environ["XDG_CACHE_HOME"]).rglob("plays/*.state"))
    assert len(entries) == 1
    assert hk(*log, "ann", "--winner", "bob").returncode == 0
    again = _stats(hk)
    assert again["plays"] == 2 and _line(again, "queenbee", "bob")["wins"] == 1


def test_print_stats_prints_the_figures_stats_shows(played, tmp_path):
    import subprocess
    hk, _ = played
    out = tmp_path / "stats.pdf"
    r = hk("print", "stats", "--game", "beelives", "--out", str(out))
    assert r.returncode == 0, r.stderr
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True,
                          text=True, check=True).stdout
    data = _stats(hk, "--game", "beelives")
    assert "Play Statistics" in text and "game beelives" in text and "HEAD TO HEAD" in text.upper()
    for x in data["players"]:
        row = next(line for line in text.splitlines() if line.strip().startswith(x["name"]))
        assert row.split()[-5:-3] == [str(x["plays"]), str(x["wins"])], row


def test_bad_input_gets_one_line_naming_the_field(played, tmp_path):
    """A new player's break-it pass over stats (issue 28)."""
    hk, _ = played
    cases = [
        (("stats", "link", "game-6", "--qr", str(tmp_path / "x.txt")), "--qr", ".png or .svg"),
        (("stats", "--since", "2026-2-6"), "--since", "YYYY-MM-DD"),
        (("stats", "--set-bgg-id", "beelives", "abc"), "--set-bgg-id ID", "'abc'"),
        (("stats", "--campaign", "nope"), "--campaign", "campaign list"),
        (("print", "stats", "--campaign", "nope"), "--campaign", "campaign list"),
        (("stats", "--alias", "annie"), "--alias", "ALIAS=NAME"),
    ]
    for args, field, said in cases:
        r = hk(*args)
        assert r.returncode == 2 and field in r.stderr and said in r.stderr, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    settings = tmp_path / "settings.toml"
    for text, field in (('bgg_ids = "x"\n', "bgg_ids"), ('[bgg_ids]\nbeelives = "abc"\n',
                                                        "bgg_ids.beelives"),
                        ('me = ["x"]\n', "me"), ("[bgg_ids]\nbeelives = -1\n",
                                                 "bgg_ids.beelives")):
        settings.write_text(text)
        r = hk("stats", "export", str(tmp_path / "p.csv"), "--force",
               env={"HYVEKIT_SETTINGS": str(settings)})
        assert r.returncode == 2 and field in r.stderr and "internal" not in r.stderr, text


def test_each_way_a_game_ends_offers_its_link_and_exports_make_their_folder(hk, tmp_path):
    assert hk("queenbee", "new", "club", "--players", "ann,bob").returncode == 0
    r = hk("queenbee", "log", "club", "--players", "ann,bob", "--winner", "ann",
           "--defeated", "bob")
    assert "hyvekit stats link club#1" in r.stdout.splitlines()[-1]
    from hyvekit.cli.demo import log_demo_run
    log_demo_run(hk.campaigns)
    r = hk("hyve", "legacy", "status", "demo-legacy")
    out = tmp_path / "new" / "folder" / "plays.csv"
    r = hk("stats", "export", str(out))
    assert r.returncode == 0 and "2 plays written" in r.stdout
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert {row["play"] for row in rows} == {"club#1", "demo-legacy#1"}


def test_a_long_records_plays_follow_the_events_its_journal_adds(hk):
    """A record of 64 KiB or more takes a new event in its journal, its own file unchanged:
    the plays kept for it follow the journal too (the game ended by the last step is
    scored)."""
    from hyvekit.store.journal import JOURNAL_FROM

    store = campaign_store(hk.campaigns)
    _, steps = play_game(5)
    cid = store.create("long", "beelives", "campaign", settings_for(5)).header["id"]
    store.append_many(cid, [("step", {"do": s}) for s in steps[:-1]])
    assert store.path(cid).stat().st_size >= JOURNAL_FROM
    before = _stats(hk)
    raw = store.path(cid).read_bytes()
    store.append_many(cid, [("step", {"do": steps[-1]})])
    assert store.path(cid).read_bytes() == raw          # the step is in the journal
    after = _stats(hk)
    assert [x["best"] for x in before["players"] if x["name"] == "Jeremy"] in ([], [None])
    assert _line(after, "beelives", "Jeremy")["best"] == 0            # the game's end scored
    assert after == _stats(hk)


def test_the_kept_state_keeps_each_active_events_time(hk, monkeypatch):
    """A record's plays read with its state kept parse none of its events: their times are
    kept with the state."""
    from hyvekit.games.plays import record_plays
    from hyvekit.store import campaigns

    store = campaign_store(hk.campaigns)
    _, steps = play_game(1)
    cid = store.create("timed", "beelives", "campaign", settings_for(1)).header["id"]
    store.append_many(cid, [("step", {"do": s}) for s in steps[:5]])
    store.append_many(cid, [("step", {"do": s}) for s in steps[5:9]])
    times = tuple(e["at"] for e in store.load(cid).active)
    plays = record_plays(store, cid)
    assert len(times) == 9 and plays[0].started == times[0] and plays[0].ended == times[-1]

    def parsed(*args):
        raise AssertionError("the record's events parsed")

    monkeypatch.setattr(campaigns, "parse_json_record", parsed)
    record, _ = campaign_store(hk.campaigns).state(cid)
    assert record.active_times == times
    assert record_plays(campaign_store(hk.campaigns), cid) == plays
