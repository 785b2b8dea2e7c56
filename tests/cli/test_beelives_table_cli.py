"""``hyvekit beelives next / do / export-month`` (the real CLI, in process; the kill test as
real processes): a month played at the table from ``new``, each step stored as it is made,
refused steps leaving the record unchanged, single steps undone, and the month exported as
the record ``log`` takes.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time


def _new(hk, name="Spring League", *players):
    players = players or ("Susan:prolific", "Jeremy:aggressive")
    args = ["beelives", "new", name]
    for p in players:
        args += ["--player", p]
    r = hk(*args)
    assert r.returncode == 0, r.stderr
    return r


def _next(hk, campaign="spring-league"):
    r = hk("beelives", "next", campaign, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _steps(hk, campaign="spring-league"):
    r = hk("campaign", "history", campaign, "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    events = data["events"] if isinstance(data, dict) else data
    return [e["data"]["do"] for e in events if e["type"] == "step" and e["status"] == "active"]


def _play_month(hk, campaign="spring-league", seed=1):
    """Play the month due by always taking the first legal option (dice rolled by hyvekit)."""
    rng = random.Random(seed)
    start = _next(hk, campaign)["table"]["month"]
    for _ in range(200):
        data = _next(hk, campaign)
        if data["table"]["month"] != start or data["decision"] in (None, "winter"):
            return
        option = data["legal"][0] if data["decision"] != "action" else rng.choice(data["legal"])
        r = hk("beelives", "do", campaign, option, "--seed", str(rng.randint(0, 999)))
        assert r.returncode == 0, (option, r.stdout, r.stderr)
    raise AssertionError("the month did not end")


def test_next_shows_the_table_and_the_decision_with_its_legal_options(hk):
    _new(hk)
    data = _next(hk)
    assert data["decision"] == "card" and data["actor"] == "Susan"
    assert "draw" in data["legal"] and 'card "First Bloom"' in data["legal"]
    assert data["table"]["month"] == "March" and [h["name"] for h in data["table"]["hives"]] \
        == ["Susan", "Jeremy"]
    r = hk("beelives", "next", "spring-league", env={"COLUMNS": "80"})
    assert r.returncode == 0 and "due: Event Phase" in r.stdout
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_a_month_played_with_do_is_the_month_log_takes(hk, tmp_path):
    _new(hk)
    _play_month(hk)
    status = json.loads(hk("beelives", "status", "spring-league", "--json").stdout)
    assert len(status["months"]) == 1
    out = tmp_path / "march.toml"
    r = hk("beelives", "export-month", "spring-league", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    _new(hk, "From File")
    r = hk("beelives", "log", "from-file", str(out))
    assert r.returncode == 0, r.stderr
    again = json.loads(hk("beelives", "status", "from-file", "--json").stdout)
    assert again["hives"] == status["hives"] and again["wild"] == status["wild"]
    assert again["months"] == status["months"]


def test_an_illegal_step_is_refused_with_the_rule_and_nothing_is_stored(hk):
    _new(hk)
    assert hk("beelives", "do", "spring-league", 'card "First Bloom"').returncode == 0
    before = _steps(hk)
    r = hk("beelives", "do", "spring-league", "defend 1", "defend 9")
    assert r.returncode == 1
    assert "Bee Lives" in r.stderr and "Legal:" in r.stderr and "step 2" in r.stderr
    assert _steps(hk) == before                          # all or nothing: defend 1 not kept


def test_a_mistyped_step_is_bad_input_with_close_matches(hk):
    _new(hk)
    hk("beelives", "do", "spring-league", "draw", "--seed", "3")
    r = hk("beelives", "do", "spring-league", "defnd 1")
    assert r.returncode == 2 and "defend" in r.stderr and "Traceback" not in r.stderr


def test_campaign_undo_takes_back_a_single_step(hk):
    _new(hk)
    hk("beelives", "do", "spring-league", 'card "First Bloom"', "forage wet 0")
    assert _next(hk)["actor"] == "Jeremy"
    r = hk("campaign", "undo", "spring-league")
    assert r.returncode == 0, r.stderr
    assert _steps(hk) == ['card "First Bloom"']
    assert _next(hk)["actor"] == "Susan"


def test_do_rolls_the_dice_when_asked_and_records_the_faces(hk):
    _new(hk)
    hk("beelives", "do", "spring-league", 'card "First Bloom"', "forage bloom 0 take 5/5/0")
    r = hk("beelives", "do", "spring-league", "raid Susan 3", "roll", "--json", "--seed", "4")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["steps"][0] == "Jeremy: raid Susan 3"
    assert data["steps"][1] in {"1", "2", "3", "4"}
    assert _steps(hk)[-1] == data["steps"][-1]


def test_a_killed_do_loses_at_most_the_step_being_made(hk):
    """``beelives do`` killed at random moments: the record stays whole (``campaign check``)
    and holds every step acknowledged before the kill, and the campaign resumes there."""
    _new(hk)
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    env.pop("HYVEKIT_DEBUG", None)
    rng = random.Random(2)
    acknowledged: list[str] = []
    for i in range(12):
        option = _next(hk)["legal"][0]
        p = subprocess.Popen([sys.executable, "-m", "hyvekit", "beelives", "do",
                              "spring-league", option, "--seed", str(i)], cwd=hk.root, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 0.6))
        if p.poll() is None:
            p.send_signal(signal.SIGKILL)
        code = p.wait()
        steps = _steps(hk)
        if code == 0:
            acknowledged = steps
        assert steps[:len(acknowledged)] == acknowledged
        r = hk("campaign", "check", "spring-league")
        assert r.returncode == 0, r.stdout + r.stderr
    assert _next(hk)["decision"] is not None


def test_status_says_a_month_is_being_played_at_the_table(hk):
    _new(hk)
    hk("beelives", "do", "spring-league", 'card "First Bloom"', "forage wet 0")
    status = json.loads(hk("beelives", "status", "spring-league", "--json").stdout)
    assert status["steps_at_table"] == 2 and "being played at the table" in status["next"]
    r = hk("beelives", "status", "spring-league")
    assert "being played at the table (2 steps so far)" in r.stdout


def test_status_mid_month_shows_the_hives_and_card_as_the_table_left_them(hk):
    """Issue 38, item 11: mid-month, status showed the hives as the month began and last
    month's card; it shows what next shows."""
    _new(hk)
    hk("beelives", "do", "spring-league", 'card "First Bloom"', "forage wet 0")
    susan = next(h for h in _next(hk)["table"]["hives"] if h["name"] == "Susan")
    assert susan["honey"] + susan["pollen"] + susan["water"] > 0        # she foraged
    r = hk("beelives", "status", "spring-league", env={"COLUMNS": "100"})
    assert r.returncode == 0, r.stderr
    assert "March (spring): Action Phase, round 1" in r.stdout
    assert "season card on the board: First Bloom" in r.stdout
    assert "Hives now (March, 2 steps in)" in r.stdout
    row = next(line.split() for line in r.stdout.splitlines() if line.split()[:1] == ["Susan"])
    assert row[3:6] == [str(susan["honey"]), str(susan["pollen"]), str(susan["water"])]


def test_a_month_file_is_not_logged_while_a_month_is_at_the_table(hk, tmp_path):
    _new(hk)
    _play_month(hk)
    out = tmp_path / "march.toml"
    hk("beelives", "export-month", "spring-league", "1", "--out", str(out))
    assert hk("beelives", "do", "spring-league", _next(hk)["legal"][0]).returncode == 0
    before = _steps(hk)
    r = hk("beelives", "log", "spring-league", str(out))
    assert r.returncode == 1 and "being played at the table" in r.stderr
    assert _steps(hk) == before


def test_export_month_never_writes_over_a_record_or_a_file(hk, tmp_path):
    _new(hk)
    _play_month(hk)
    record = next(hk.campaigns.glob("spring-league*"))
    r = hk("beelives", "export-month", "spring-league", "1", "--out", str(record))
    assert r.returncode == 2 and "campaigns folder" in r.stderr
    out = tmp_path / "march.toml"
    out.write_text("keep me", encoding="utf-8")
    r = hk("beelives", "export-month", "spring-league", "1", "--out", str(out))
    assert r.returncode == 2 and "--force" in r.stderr and out.read_text() == "keep me"
    assert hk("beelives", "export-month", "spring-league", "1", "--out", str(out),
              "--force").returncode == 0
    assert out.read_text().startswith("year = 1")


def test_a_game_on_the_map_shows_the_map_with_the_coordinates_its_steps_name(hk):
    r = hk("beelives", "new", "Map", "-p", "Ann:nomadic", "-p", "Bo:prolific", "--map")
    assert r.returncode == 0, r.stderr
    assert hk("beelives", "do", "map", 'card "Beginning of the Flow"').returncode == 0
    scouts = [o for o in _next(hk, "map")["legal"] if o.startswith("Ann: scout")]
    shown = hk("beelives", "next", "map", env={"COLUMNS": "80"}).stdout
    spaces = {o.rsplit(" at ", 1)[1] for o in scouts}
    assert spaces and all(f"+{at}" in shown for at in spaces)   # where Ann may scout
    assert hk("beelives", "do", "map", "--seed", "3", scouts[0]).returncode == 0
    data = _next(hk, "map")
    tiles = data["table"]["map"]["tiles"]
    assert len(tiles) == 3                                  # both start tiles and the scouted
    out = hk("beelives", "next", "map", env={"COLUMNS": "80"}).stdout
    lines = out.splitlines()
    assert any(line.startswith("map (q,r): B bloom") for line in lines)
    assert "1 Ann, 2 Bo" in out
    for t in tiles:                                         # each hex with its q,r
        assert f"{t['q']},{t['r']}" in out
    assert "B0,0 1" in out                                  # Ann's hive on its start tile
    assert max(map(len, lines)) <= 80


def test_a_game_without_the_map_shows_none(hk):
    _new(hk)
    assert _next(hk)["table"]["map"] is None
    assert "map (q,r)" not in hk("beelives", "next", "spring-league").stdout


def test_a_forage_too_far_is_refused_for_its_distance_before_what_it_takes(hk):
    _new(hk)
    assert hk("beelives", "do", "spring-league", 'card "Beginning of the Flow"').returncode == 0
    r = hk("beelives", "do", "spring-league", "forage bloom 9")
    assert r.returncode == 1 and "at most 3 spaces away, got 9" in r.stderr
    assert "state take" not in r.stderr


def test_the_raid_odds_say_what_a_success_is(hk):
    from hyvekit.rules.beelives.raids import SUCCESS_DIVISOR
    _new(hk)
    assert hk("beelives", "do", "spring-league", 'card "Beginning of the Flow"',
              "forage bloom 0 take 5/5/0").returncode == 0
    out = hk("beelives", "next", "spring-league").stdout
    # a row per target: each number of bees with its chance and the honey expected
    rows = [line for line in out.splitlines()
            if line.strip().startswith("Susan ") and re.search(r"\b1: \d+%, \d+\.\d", line)]
    assert len(rows) == 1, out
    assert "bees sent: success, honey expected" in out
    assert f"honey stolen is at least 1/{SUCCESS_DIVISOR} of the bees sent" in out


def test_bees_out_on_a_raid_being_rolled_are_not_free(hk):
    """While a raid's dice are due, the raider's bees sent are out: the table's free count
    leaves them out; one die is 'the face rolled'."""
    _new(hk, "Duo", "Ann:prolific", "Bob:aggressive")
    for step in ('card "First Bloom"', "Ann: forage bloom 0 take 4/6/0", "Bob: raid Ann 1"):
        r = hk("beelives", "do", "duo", step)
        assert r.returncode == 0, r.stderr
    data = _next(hk, "duo")
    hives = {h["name"]: h for h in data["table"]["hives"]}
    assert data["decision"] == "dice" and (hives["Bob"]["workers"], hives["Bob"]["free"]) == (3, 2)
    assert data["more"].startswith("or the face rolled (1-4)")
    assert "Bob   aggressive  3 (2)" in hk("beelives", "next", "duo").stdout


def test_a_die_or_a_map_tile_an_action_does_not_have_is_refused_and_nothing_stored(hk):
    _new(hk, "Keys", "Ann:prolific", "Bo:aggressive")
    r = hk("beelives", "do", "keys", 'card "First Bloom"', "defend 1 d6 6")
    assert r.returncode == 1 and "no D6 is rolled after a defend" in r.stderr
    r = hk("beelives", "do", "keys", 'card "First Bloom"', "forage wet 0 at 5,5")
    assert r.returncode == 2 and "not played on the map" in r.stderr
    r = hk("beelives", "do", "keys", 'card "First Bloom"', "cool hive")
    assert r.returncode == 2 and "zombee" not in r.stderr and "siege" not in r.stderr
    r = hk("beelives", "do", "keys", 'card "First Bloom"', "forage wet 0 tak 3/1/0")
    assert r.returncode == 2 and "keys take, bees, distance (did you mean take?)" in r.stderr
    assert _steps(hk, "keys") == []
