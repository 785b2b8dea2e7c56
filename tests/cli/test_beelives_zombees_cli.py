"""A Zombees solo campaign through the CLI (``hyvekit beelives new/log/year-end/status``):
year 1 with normal rules, then the start of year 2 — the strongest wild hive is infected, the
swarm's new wild hive rolls for infection, and a refused month leaves the record unchanged
(rules/bee-lives.txt, Campaign Cards: Zombees; rulings L93, L146)."""

from __future__ import annotations

from pathlib import Path

# the campaign CLI tests' helpers (same folder)
from test_beelives_campaign_cli import ok, status

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "beelives" / "campaign"

# examples/beelives/campaign/zombees-y2-01-march.toml: the first month of year 2, worked by
# hand in its comments (BRAMBLE, the strongest, is infected; Ann swarms, EMBER rolls 2).
MARCH_Y2 = (EXAMPLES / "zombees-y2-01-march.toml").read_text()


def test_zombees_campaign_infects_the_strongest_hive_and_rolls_for_new_ones(hk, tmp_path):
    out = ok(hk("beelives", "new", "Zed", "-p", "Ann:prolific", "--solo", "campaign",
                "--campaign-card", "Zombees", "--years", "2"))
    assert "Zombees" in out.stdout
    for f in sorted(EXAMPLES.glob("solo-y1-*.toml")):
        ok(hk("beelives", "log", "zed", str(f)))
    ok(hk("beelives", "year-end", "zed"))
    before = status(hk, "zed")
    assert {w["name"]: w["strength"] for w in before["wild"]} == {
        "ACORN": 9, "BRAMBLE": 10, "CLOVER": 8, "DAISY": 6}
    assert not any(w["infected"] for w in before["wild"])
    record = next(hk.campaigns.glob("zed*.json")).read_bytes()
    # the new wild hive's roll is needed: refused with the rule, the record unchanged
    bad = tmp_path / "march-no-roll.toml"
    bad.write_text(MARCH_Y2.replace("spawn_d6 = { EMBER = 2 }\n", ""))
    result = hk("beelives", "log", "zed", str(bad))
    assert result.returncode == 1 and "Bee Lives: Zombees" in result.stderr
    assert "[expected spawn_d6.EMBER = 1-6, given no roll]" in result.stderr
    assert "Traceback" not in result.stderr
    # naming a wild hive that is not the strongest is refused too
    wrong = tmp_path / "march-wrong.toml"
    wrong.write_text(MARCH_Y2 + '\n[stated]\ninfect = "ACORN"\n')
    result = hk("beelives", "log", "zed", str(wrong))
    assert result.returncode == 1 and "BRAMBLE" in result.stderr
    assert next(hk.campaigns.glob("zed*.json")).read_bytes() == record
    ok(hk("beelives", "log", "zed", str(EXAMPLES / "zombees-y2-01-march.toml")))
    after = status(hk, "zed")
    wild = {w["name"]: w for w in after["wild"]}
    # "the strongest wild hive becomes infected": BRAMBLE (10); EMBER rolled 2: infected
    assert wild["BRAMBLE"]["infected"] and wild["EMBER"]["infected"]
    assert wild["EMBER"]["strength"] == 4
    ann = after["hives"][0]
    assert (ann["workers"], ann["honey"], ann["pollen"], ann["vp"]) == (5, 1, 3, 24)
    assert not wild["ACORN"]["infected"] and not wild["DAISY"]["infected"]
    text = ok(hk("beelives", "status", "zed")).stdout
    assert "infected (erratic turns)" in text


START_Y2 = """[start]
year = 2
month = 1
card = "The Final Flow"
played = ["First Bloom", "Beginning of the Flow", "Non-Stop Rain", "Early Fall", "On Guard",
          "Unseasonably Cool", "An Early Winter", "Culling of the Drones", "The Final Flow"]
options = { years = 2, zombees_from_year = 2 }

[[start.players]]
name = "Ann"
hive = { unassigned = 2, comb = 11, honey = 2, pollen = 6, queen = "prolific" }

[[start.wild]]
name = "ACORN"
strength = 9
[[start.wild]]
name = "BRAMBLE"
strength = 10

[[month]]
year = 2
month = "March"
card = "In Like a Lion"

[[month.turn]]
player = "Ann"
action = "defend"
bees = 1

[[month.turn]]
wild = "BRAMBLE"
action = "forage"
tile = "bloom"
{roll}
[[month.turn]]
wild = "ACORN"
action = "forage"
tile = "bloom"

[[month.turn]]
player = "Ann"
action = "defend"
bees = 5
"""


def test_check_plays_the_start_of_year_two_in_a_game_file(hk, tmp_path):
    """``hyvekit beelives check`` with the Zombees option: BRAMBLE (10, the strongest) is
    infected at the start of year 2, so its turn follows the D6 (2: forage a bloom tile),
    ACORN's follows the spring chart.  Ann: 2 bees + 3 brood hatched + 1 (prolific) = 6;
    she defends with 1, the wild hives act, she defends with the other 5."""
    f = tmp_path / "y2.toml"
    f.write_text(START_Y2.replace("{roll}", ""))
    result = hk("beelives", "check", str(f))
    assert result.returncode == 1 and "BRAMBLE is infected" in result.stderr
    f.write_text(START_Y2.replace("{roll}", "zombee_d6 = 2"))
    result = ok(hk("beelives", "check", str(f)))
    assert "ok: 1 month follows the rules" in result.stdout
    rows = {line.split()[0]: line for line in result.stdout.splitlines()
            if line.strip().startswith(("ACORN", "BRAMBLE"))}
    assert "infected" in rows["BRAMBLE"] and "infected" not in rows["ACORN"]
    # the option must be a year number, not text
    bad = tmp_path / "bad.toml"
    bad.write_text(START_Y2.replace("{roll}", "").replace("zombees_from_year = 2",
                                                    'zombees_from_year = "2"'))
    result = hk("beelives", "check", str(bad))
    assert result.returncode == 2 and "zombees_from_year" in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2 and "Traceback" not in result.stderr
