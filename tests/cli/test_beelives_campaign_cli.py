"""``hyvekit beelives new / log / status / year-end`` (the real CLI, in process): a two-year
two-player campaign and a one-year solo challenge campaign logged month by month, refused and
overridden months, and ``campaign check`` after a board value changes.

The expected values were worked out by hand from the rulebook (the month files in
examples/beelives/campaign/ show the working in their comments and claim the end-of-month
values, which the rules core checks when the month is logged).
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "beelives" / "campaign"
CHALLENGES = ["Builder", "Dirty Bees", "Explorer", "The Great Migration", "Indecisive",
              "The Mother Hive", "Nursery", "Pacifist", "Protectionist", "Strong Leader",
              "Under Siege"]

MARCH = """year = 1
month = "March"
card = "First Bloom"
[[turn]]
player = "Susan"
action = "forage"
tile = "bloom"
distance = 0
take = { honey = 5, pollen = 5 }
[[turn]]
player = "Jeremy"
action = "defend"
bees = 3
[[turn]]
player = "Susan"
action = "defend"
bees = 2
"""


def ok(result):
    assert result.returncode == 0, result.stderr
    return result


def status(hk, cid):
    return json.loads(ok(hk("beelives", "status", cid, "--json")).stdout)


def hives(data):
    return {h["name"]: h for h in data["hives"]}


def new_two_player(hk, *extra):
    ok(hk("beelives", "new", "League", "-p", "Susan:prolific:yellow",
          "-p", "Jeremy:aggressive:blue", "--years", "2", *extra))
    return "league"


def log(hk, cid, name, *extra):
    return hk("beelives", "log", cid, str(EXAMPLES / name), *extra)


def test_two_year_two_player_campaign_month_by_month(hk):
    cid = new_two_player(hk)
    data = status(hk, cid)
    assert (data["kind"], data["years"], data["month"], data["stage"]) == (
        "multi-year", 2, "March", "month")
    months = sorted(p.name for p in EXAMPLES.glob("2p-y1-*.toml"))
    assert len(months) == 9
    ok(log(hk, cid, months[0]))
    data = status(hk, cid)
    # March: Susan 5 honey - 2 (build wax) = 3, 5 pollen, comb 11; Jeremy 4 and 4; the first
    # player marker passes to Jeremy
    h = hives(data)
    assert (h["Susan"]["honey"], h["Susan"]["pollen"], h["Susan"]["comb"]) == (3, 5, 11)
    assert (h["Jeremy"]["honey"], h["Jeremy"]["pollen"], h["Jeremy"]["empty"]) == (4, 4, 2)
    assert (data["month"], data["card"], data["first_player"]) == ("April", "First Bloom",
                                                                   "Jeremy")
    ok(log(hk, cid, months[1]))
    data = status(hk, cid)
    # April: Susan swarmed in spring (7 workers > threshold 6): 5 VP and a dormant ACORN (3)
    assert hives(data)["Susan"]["vp"] == 5 and hives(data)["Susan"]["paused"]
    assert data["wild"] == [{"name": "ACORN", "strength": 3, "dormant": True,
                             "haunted": False, "infected": False}]
    assert data["months"][1]["vp"] == {"Susan": 5, "Jeremy": 0}
    for name in months[2:]:
        ok(log(hk, cid, name))
    data = status(hk, cid)
    assert data["stage"] == "winter" and "year-end" in data["next"]
    h = hives(data)
    # November: Susan 5 workers, 5 honey, 5 pollen, level 0, 9 VP (swarms: 5 + 3 + 1);
    # Jeremy 5 workers, 5 honey, 4 pollen, level -1, 0 VP
    assert [h["Susan"][k] for k in ("workers", "honey", "pollen", "disease", "vp")] == \
        [5, 5, 5, 0, 9]
    assert [h["Jeremy"][k] for k in ("workers", "honey", "pollen", "disease", "vp")] == \
        [5, 5, 4, -1, 0]
    assert {w["name"]: w["strength"] for w in data["wild"]} == {"ACORN": 9, "BRAMBLE": 10,
                                                                "CLOVER": 7}
    end = json.loads(ok(hk("beelives", "year-end", cid, "--json")).stdout)
    # Winter: Susan keeps 5 bees, 5 -> 2 honey (1 a month): 7 VP; Jeremy loses 1 bee a month
    # to disease (-1): 5 -> 2 bees, 5 -> 2 honey: 4 VP
    assert end["winter"] == {"year": 1, "hives": [
        {"hive": "Susan", "bees": 5, "honey": 2, "tokens": 0, "vp": 7, "out": False,
         "final": False},
        {"hive": "Jeremy", "bees": 2, "honey": 2, "tokens": 0, "vp": 4, "out": False,
         "final": False}]}
    data = status(hk, cid)
    assert (data["year"], data["month"], data["card"]) == (2, "March", None)
    assert all(h["skip_feeding"] for h in data["hives"])
    assert [h["vp"] for h in data["hives"]] == [16, 4]
    assert [g["status"] for g in data["goals"]] == ["met", "met", "at risk", "at risk"]
    months2 = sorted(p.name for p in EXAMPLES.glob("2p-y2-*.toml"))
    ok(log(hk, cid, months2[0]))
    data = status(hk, cid)
    # Year 2 March: no feeding; DAISY spawned at strength 4 (year 2), active in spring, and
    # every wild hive foraged a bloom tile (+1)
    assert {w["name"]: (w["strength"], w["dormant"]) for w in data["wild"]} == {
        "ACORN": (10, False), "BRAMBLE": (11, False), "CLOVER": (8, False),
        "DAISY": (5, False)}
    assert [h["vp"] for h in data["hives"]] == [21, 4]
    several = ok(hk("beelives", "log", cid, *(str(EXAMPLES / n) for n in months2[1:])))
    assert "events 12-19 recorded" in several.stdout
    end = json.loads(ok(hk("beelives", "year-end", cid, "--starvation", "Jeremy",
                           "--json")).stdout)
    # Final winter: Susan 5 bees, 3 honey, level -1 -> 2 bees, 0 honey; Jeremy 3 bees, 2
    # honey, level 0: the third month's bee among his last three takes a starvation token
    assert end["winter"]["hives"][1] == {"hive": "Jeremy", "bees": 3, "honey": 0, "tokens": 1,
                                         "vp": 0, "out": False, "final": True}
    # the text says where the last winter's bees and honey go
    text = ok(hk("beelives", "status", cid)).stdout
    assert "3 in the final score" in text
    scores = end["status"]["scores"]
    # Susan 26 + 0 + 2 = 28; Jeremy 7 + 0 + 3 - 2 = 8
    assert [(p["name"], p["total"]) for p in scores["players"]] == [("Susan", 28),
                                                                     ("Jeremy", 8)]
    assert scores["winners"] == ["Susan"] and "rating" not in scores
    text = ok(hk("beelives", "status", cid)).stdout
    assert "the game is over" in text and "winner: Susan" in text
    check = ok(hk("campaign", "check", cid))
    assert "20 events replayed" in check.stdout
    refused = log(hk, cid, months2[-1])
    assert refused.returncode == 1 and "the game is over" in refused.stderr


def test_one_year_solo_challenge_campaign(hk):
    ok(hk("beelives", "new", "Solo", "-p", "Ann:prolific", "--solo", "challenge",
          "--challenge", "pacifist"))
    months = sorted(p.name for p in EXAMPLES.glob("solo-y1-*.toml"))
    first = ok(log(hk, "solo", months[0]))
    assert "goal at risk: Pacifist: no raid on another hive so far" in first.stdout
    goals = {g["goal"]: g for g in status(hk, "solo")["goals"]}
    assert goals["swarms_at_least"]["status"] == "at risk"
    assert goals["no_raids"]["reason"] == "Pacifist: no raid on another hive so far"
    for name in months[1:4]:
        ok(log(hk, "solo", name))
    goals = {g["goal"]: g for g in status(hk, "solo")["goals"]}
    # April and June: two swarms
    assert goals["swarms_at_least"]["status"] == "met"
    assert goals["swarms_at_least"]["reason"] == "Pacifist: swarmed 2 times (at least 2)"
    for name in months[4:]:
        ok(log(hk, "solo", name))
    text = ok(hk("beelives", "status", "solo")).stdout
    assert "Pacifist" in text and "at risk" in text and "met" in text
    end = json.loads(ok(hk("beelives", "year-end", "solo", "--json")).stdout)
    st = end["status"]
    assert [g["status"] for g in st["goals"]] == ["met", "met", "met"]
    assert st["outcome"] == "won"
    # 12 VP + 2 honey + 5 bees = 19 VP: Beeginner (19 VP or fewer)
    assert st["scores"]["players"][0]["total"] == 19 and st["scores"]["rating"] == "Beeginner"
    shown = ok(hk("campaign", "show", "solo")).stdout
    assert "Goals" in shown and "solo score chart: Beeginner" in shown
    assert json.loads(ok(hk("campaign", "show", "solo", "--json")).stdout)["state"][
        "outcome"] == "won"


def test_an_illegal_month_is_refused_and_the_record_is_untouched(hk, tmp_path):
    cid = new_two_player(hk)
    ok(log(hk, cid, "2p-y1-01-march.toml"))
    record = hk.campaigns / f"{cid}.json"
    before = record.read_bytes()
    bad = tmp_path / "bad.toml"
    bad.write_text((EXAMPLES / "2p-y1-02-april.toml").read_text().replace(
        'choice = "stay", queen = "prolific"', 'choice = "leave", queen = "nomadic"'))
    result = hk("beelives", "log", cid, str(bad))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "Bee Lives: Swarm Phase" in result.stderr and "keeps its queen" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert record.read_bytes() == before
    wrong_claim = tmp_path / "claim.toml"
    wrong_claim.write_text((EXAMPLES / "2p-y1-02-april.toml").read_text().replace(
        "[claims.Susan]\nhoney = 4", "[claims.Susan]\nhoney = 5"))
    result = hk("beelives", "log", cid, str(wrong_claim))
    assert result.returncode == 1 and "Susan honey claimed 5, derived 4" in result.stderr
    assert record.read_bytes() == before
    malformed = tmp_path / "malformed.toml"
    malformed.write_text('year = 1\nmonth = "April"\ncard = "Beginning of the Flow"\n'
                         '[[turn]]\nplayer = "Jeremy"\naction = "dance"\n')
    result = hk("beelives", "log", cid, str(malformed))
    assert result.returncode == 2 and "turn[1].action" in result.stderr
    assert record.read_bytes() == before
    missing = hk("beelives", "log", cid, str(tmp_path / "nope.toml"))
    assert missing.returncode == 2 and record.read_bytes() == before
    # several months: all or none (April is legal, the bad copy of May is not)
    may = tmp_path / "may.toml"
    may.write_text((EXAMPLES / "2p-y1-03-may.toml").read_text().replace("bees = 4", "bees = 9"))
    result = hk("beelives", "log", cid, str(EXAMPLES / "2p-y1-02-april.toml"), str(may))
    assert result.returncode == 1 and "Bee Lives: Defend" in result.stderr
    assert record.read_bytes() == before
    early = hk("beelives", "year-end", cid)
    assert early.returncode == 1 and "Bee Lives: Winter Upkeep" in early.stderr
    assert record.read_bytes() == before


def test_override_is_recorded_and_shown_as_disputed(hk, tmp_path):
    cid = new_two_player(hk)
    disputed = tmp_path / "march.toml"
    disputed.write_text(MARCH + "[claims.Susan]\nhoney = 4\n")
    assert hk("beelives", "log", cid, str(disputed)).returncode == 1
    result = ok(hk("beelives", "log", cid, str(disputed), "--override", "--reason",
                   "we counted 4 honey"))
    assert "OVERRIDE" in result.stdout and "claimed 4, derived 5" in result.stdout
    data = status(hk, cid)
    assert data["overrides"] == 1
    month = data["months"][0]
    assert month["override"] and month["reason"] == "we counted 4 honey"
    assert "Bee Lives: claimed end-of-month values" in month["dispute"]
    assert hives(data)["Susan"]["honey"] == 4          # the players' number stands
    text = ok(hk("beelives", "status", cid)).stdout
    assert "OVERRIDE" in text and "overrides: 1" in text
    history = ok(hk("campaign", "history", cid)).stdout
    assert "OVERRIDE (disputed)" in history
    entries = json.loads(ok(hk("campaign", "history", cid, "--json")).stdout)
    assert entries[0]["data"]["override"] is True and "OVERRIDE" in entries[0]["description"]
    assert ok(hk("campaign", "check", cid)).returncode == 0
    reason_alone = hk("beelives", "log", cid, str(disputed), "--reason", "x")
    assert reason_alone.returncode == 2 and "--reason" in reason_alone.stderr
    two = hk("beelives", "log", cid, str(disputed), str(disputed), "--override")
    assert two.returncode == 2 and "one FILE at a time" in two.stderr


def test_campaign_check_lists_a_result_changed_by_a_board_value(hk, tmp_path):
    board = tmp_path / "my-board.toml"
    levels = [0, 0, -1, -1, -2, -2, -2, -3, -3, -3, -4, -4, -4, -5, -5, -5, -6, -6, -6, -7,
              -7, -7, -8, -8]
    board.write_text("[disease.A]\nlevels = " + json.dumps(levels) + "\nhalf_spaces = false\n")
    ok(hk("beelives", "new", "Boarded", "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
          "--board", str(board)))
    month = tmp_path / "march.toml"
    month.write_text(MARCH)
    ok(hk("beelives", "log", "boarded", str(month)))
    assert status(hk, "boarded")["board"]["file"] == str(board.resolve())
    assert ok(hk("campaign", "check", "boarded")).returncode == 0
    # the player corrects the second space of side A: it shows -1, not 0.  Susan's mite sits
    # there after her forage (1 space), so her disease level is now -1.
    levels[1] = -1
    board.write_text("[disease.A]\nlevels = " + json.dumps(levels) + "\nhalf_spaces = false\n")
    result = hk("campaign", "check", "boarded", "--json")
    assert result.returncode == 1
    (finding,) = json.loads(result.stdout)["findings"]
    assert finding["seq"] == 1 and finding["kind"] == "changed"
    assert {"field": "hives.Susan.disease", "stored": 0, "now": -1} in finding["changes"]
    text = hk("campaign", "check", "boarded")
    assert text.returncode == 1 and "hives.Susan.disease: 0 → -1" in text.stdout



def _side_a(levels):
    return "[disease.A]\nlevels = " + json.dumps(levels) + "\nhalf_spaces = false\n"


LEVELS = [0, 0, -1, -1, -2, -2, -2, -3, -3, -3, -4, -4, -4, -5, -5, -5, -6, -6, -6, -7, -7, -7,
          -8, -8]


def test_a_campaign_keeps_its_board_values_and_adopts_corrected_ones_knowingly(hk, tmp_path):
    board = tmp_path / "my-board.toml"
    board.write_text(_side_a(LEVELS))
    ok(hk("beelives", "new", "Kept", "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
          "--board", str(board)))
    header = json.loads(ok(hk("campaign", "show", "kept", "--json")).stdout)["header"]
    assert header["settings"]["board_values"] == {"disease": {"A": {
        "levels": LEVELS, "half_spaces": False}}}
    month = tmp_path / "march.toml"
    month.write_text(MARCH)
    ok(hk("beelives", "log", "kept", str(month)))
    before = status(hk, "kept")
    board.unlink()                      # the record replays the same without the file
    assert status(hk, "kept") == before
    assert ok(hk("campaign", "check", "kept")).returncode == 0
    corrected = list(LEVELS)
    corrected[1] = -1
    board.write_text(_side_a(corrected))
    assert hives(status(hk, "kept"))["Susan"]["disease"] == 0       # the kept values stand
    assert hk("campaign", "check", "kept").returncode == 1          # what the file would change
    adopted = hk("campaign", "check", "kept", "--adopt")
    assert "now keeps the files' current values" in adopted.stdout
    assert adopted.returncode == 1      # event 1's stored result stays the old values' (history)
    assert hives(status(hk, "kept"))["Susan"]["disease"] == -1
    board.unlink()
    assert hives(status(hk, "kept"))["Susan"]["disease"] == -1      # kept in the record


def test_adopt_refuses_a_missing_board_file_and_values_the_history_refuses(hk, tmp_path):
    board = tmp_path / "my-board.toml"
    board.write_text(_side_a(LEVELS))
    ok(hk("beelives", "new", "Kept", "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
          "--board", str(board)))
    month = tmp_path / "march.toml"
    month.write_text(MARCH)
    ok(hk("beelives", "log", "kept", str(month)))
    record = hk.campaigns / "kept.json"
    before = record.read_bytes()
    board.unlink()
    gone = hk("campaign", "check", "kept", "--adopt")
    assert gone.returncode == 2 and "cannot take the current values of" in gone.stderr
    assert str(board.resolve()) in gone.stderr or str(board) in gone.stderr
    board.mkdir()                                   # a folder where the file was
    assert hk("campaign", "check", "kept", "--adopt").returncode == 2
    board.rmdir()
    # a forage chart where March's bloom tile gives 1 honey and 1 pollen: Susan's logged
    # forage of 5 and 5 is refused with it, so it cannot be adopted (a rule: exit 1)
    board.write_text("[rulebook.forage.spring]\nbloom = [1, 1, 0]\n")
    refused = hk("campaign", "check", "kept", "--adopt")
    assert refused.returncode == 1, refused.stderr
    assert "event 1 (month) is refused with them" in refused.stderr
    assert "Bee Lives: Forage" in refused.stderr and "the record is unchanged" in refused.stderr
    assert record.read_bytes() == before


def test_a_record_naming_only_its_board_file_replays_and_keeps_the_values_at_its_next_write(
        hk, tmp_path):
    board = tmp_path / "my-board.toml"
    board.write_text(_side_a(LEVELS))
    ok(hk("beelives", "new", "Old", "-p", "Susan:prolific", "-p", "Jeremy:aggressive",
          "--board", str(board)))
    path = hk.campaigns / "old.json"
    doc = json.loads(path.read_text())
    del doc["header"]["1"]["settings"]["board_values"]      # as hyvekit before issue 12 wrote it
    path.write_text(json.dumps(doc))
    assert status(hk, "old")["board"]["file"] == str(board.resolve())   # read from the file
    month = tmp_path / "march.toml"
    month.write_text(MARCH)
    ok(hk("beelives", "log", "old", str(month)))                # the next write keeps them
    settings = json.loads(path.read_text())["header"]["1"]["settings"]
    assert settings["board_values"]["disease"]["A"]["levels"] == LEVELS
    board.unlink()
    assert ok(hk("campaign", "check", "old")).returncode == 0


def test_random_challenge_card_is_drawn_once_and_recorded(hk):
    out = ok(hk("beelives", "new", "Siege", "-p", "Ann:nomadic", "--solo", "challenge",
                "--challenge", "random", "--seed", "3", "--json"))
    drawn = json.loads(out.stdout)["challenge"]
    assert drawn in CHALLENGES
    again = ok(hk("beelives", "new", "Siege", "-p", "Ann:nomadic", "--solo", "challenge",
                  "--challenge", "random", "--seed", "3", "--json"))
    assert json.loads(again.stdout)["challenge"] == drawn and json.loads(again.stdout)["id"] \
        == "siege-2"
    history = json.loads(ok(hk("campaign", "history", "siege", "--json")).stdout)
    assert [(e["type"], e["data"]) for e in history] == [("draw-card", {"card": drawn})]
    assert status(hk, "siege")["cards"]["challenge"] == drawn
    again = hk("beelives", "draw", "siege")
    assert again.returncode == 1 and "Challenge Mode" in again.stderr
    ok(hk("campaign", "undo", "siege"))            # the draw undone: a new one is needed
    assert status(hk, "siege")["next"] == "draw the challenge card"
    redrawn = json.loads(ok(hk("beelives", "draw", "siege", "--seed", "3", "--json")).stdout)
    assert redrawn == {"seq": 2, "challenge": drawn}


def test_new_refuses_bad_settings_with_one_line(hk):
    cases = [
        (("-p", "Ann:prolific", "--solo", "duet"), "--solo"),
        (("-p", "Ann:prolific", "-p", "Bob:nomadic", "--solo", "basic"), "exactly one player"),
        (("-p", "Ann:prolific", "--hard"), "--solo"),
        (("-p", "Ann:prolific", "--solo", "challenge", "--hard"), "solo_hard"),
        (("-p", "Ann", ), "NAME:QUEEN"),
        (("-p", "Ann:lazy", ), "queen"),
        (("-p", "Ann:prolific", "--solo", "campaign", "--campaign-card", "Wildfire",
          "--years", "3"), "years"),
        (("-p", "Ann:prolific", "--solo", "scenario"), "scenario"),
        (("-p", "Ann:prolific", "--board", "no-such-board.toml"), "--board"),
    ]
    for args, word in cases:
        result = hk("beelives", "new", "X", *args)
        assert result.returncode == 2, (args, result.stderr)
        assert word in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert not hk.campaigns.exists() or not list(hk.campaigns.glob("*.json"))


def test_solo_modes_are_created_with_their_cards(hk):
    out = ok(hk("beelives", "new", "Gen", "-p", "Ann:hygienic", "--solo", "campaign",
                "--campaign-card", "three generations", "--challenge", "Builder"))
    assert "Three Generations" in out.stdout and "solo campaign mode (3 years)" in out.stdout
    data = status(hk, "gen")
    assert data["years"] == 3 and data["cards"] == {"challenge": "Builder", "scenario": None,
                                                    "campaign": "Three Generations"}
    goals = [(g["card"], g["goal"], g["year"]) for g in data["goals"]]
    assert ("Three Generations", "queen_all_year", 1) in goals
    assert ("Three Generations", "scouts_in_year", 1) in goals
    ok(hk("beelives", "new", "Ghosts", "-p", "Ann:aggressive", "--solo", "scenario",
          "--scenario", "New Bee on the Block"))
    assert status(hk, "ghosts")["wild"] == [
        {"name": "WILD1", "strength": 12, "dormant": False, "haunted": False, "infected": False},
        {"name": "WILD2", "strength": 12, "dormant": False, "haunted": False, "infected": False}]
    ok(hk("beelives", "new", "Hard", "-p", "Ann:prolific", "--solo", "basic", "--hard"))
    assert status(hk, "hard")["solo_hard"] is True


def test_status_of_another_kind_of_campaign_is_refused(hk):
    ok(hk("hyve", "legacy", "new", "Run"))
    result = hk("beelives", "status", "run")
    assert result.returncode == 2 and "Bee Lives campaign" in result.stderr
    assert hk("beelives", "status", "nothing-here").returncode == 2


def test_a_campaign_on_the_map_checks_positions(hk, tmp_path):
    ok(hk("beelives", "new", "Mapped", "-p", "Ann:prolific", "--solo", "challenge",
          "--challenge", "Explorer", "--map"))
    month = tmp_path / "march.toml"
    month.write_text('year = 1\nmonth = "March"\ncard = "First Bloom"\n'
                     '[[turn]]\nplayer = "Ann"\naction = "forage"\nat = [0, 0]\n'
                     'take = { honey = 4, pollen = 3 }\n'
                     '[[turn]]\nplayer = "Ann"\naction = "scout"\nat = [5, 0]\ntile = "wilt"\n')
    far = hk("beelives", "log", "mapped", str(month))
    assert far.returncode == 1 and "Bee Lives: Scout" in far.stderr
    month.write_text(month.read_text().replace("[5, 0]", "[1, 0]")
                     + '[[turn]]\nplayer = "Ann"\naction = "defend"\nbees = 1\n')
    ok(hk("beelives", "log", "mapped", str(month)))
    data = status(hk, "mapped")
    assert data["map"] == {"tiles": 2, "length": 2, "on_map": True, "haunted": [],
                           "infected": []}
    assert "2 of 20 tiles" in data["goals"][0]["reason"]
    assert "measured on the map" in ok(hk("beelives", "status", "mapped")).stdout


def test_log_and_year_end_refuse_a_record_of_another_game(hk):
    assert hk("hyve", "legacy", "new", "Run", "--colours",
              "yellow,blue,green,purple,red").returncode == 0
    before = (hk.campaigns / "run.json").read_bytes()
    for args in (("beelives", "log", "run", str(EXAMPLES / "2p-y1-01-march.toml")),
                 ("beelives", "year-end", "run")):
        r = hk(*args)
        assert r.returncode == 2, r.stderr
        assert "the id of a Bee Lives campaign (this is a hyve/legacy record)" in r.stderr
    assert (hk.campaigns / "run.json").read_bytes() == before
