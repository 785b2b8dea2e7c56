"""The Bee Lives printables show the values of the board they are printed with: a player's own
``--board FILE`` (or a campaign's own board) changes the printed pads, aids and tracker as it
changes the rules.  Nothing printed is a copy of a rule value: each check below prints with a
changed board and finds the changed number in the PDF."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.render.catalogue import CATALOGUE, build_context, load_all
from hyvekit.data.beelives import board as load_board

from render_helpers import pdf_metadata, pdf_text

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")

load_all()
runner = CliRunner()
PACKAGED = Path(__file__).resolve().parents[2] / "hyvekit" / "data" / "beelives.toml"

# (packaged text, the player's own) in hyvekit/data/beelives.toml
CHANGES = (
    ("starvation_vp = -2", "starvation_vp = -3"),
    ("raid_vp = 2 ", "raid_vp = 4 "),
    ("defend_vp = 2 ", "defend_vp = 5 "),
    ("wild_removed_vp = 2 ", "wild_removed_vp = 6 "),
    ("swarm_vp = { spring = 5, summer = 3, fall = 1 }",
     "swarm_vp = { spring = 7, summer = 4, fall = 2 }"),
    ("max_distance = 3 ", "max_distance = 4 "),
    ("wild_strength_max = 14", "wild_strength_max = 16"),
    ("wild_swarm_strength = 7", "wild_swarm_strength = 8"),
    ("wild_neutral_workers = 5", "wild_neutral_workers = 6"),
    ("wild_spawn_strength_by_year = [0, 4, 5]", "wild_spawn_strength_by_year = [0, 6, 9]"),
    ("max_rerolls = 3 ", "max_rerolls = 2 "),
    ("bees_per_honey = 2 ", "bees_per_honey = 3 "),
    ("winter_bees_per_honey = 3", "winter_bees_per_honey = 4"),
    ("last_bees = 3", "last_bees = 2"),
    ("min_vp = 51", "min_vp = 61"),
    ("[rulebook.forage.spring]\nbloom = [5, 5, 0]", "[rulebook.forage.spring]\nbloom = [6, 4, 0]"),
    ("[[rulebook.raid_dice]]\nmin_bees = 17", "[[rulebook.raid_dice]]\nmin_bees = 18"),
)


@pytest.fixture(scope="module")
def board_file(tmp_path_factory) -> Path:
    """The packaged board with every value of :data:`CHANGES` changed."""
    text = PACKAGED.read_text(encoding="utf-8")
    for packaged, own in CHANGES:
        assert packaged in text, packaged
        text = text.replace(packaged, own)
    path = tmp_path_factory.mktemp("board") / "my-board.toml"
    path.write_text(text, encoding="utf-8")
    return path


def flat(text: str) -> str:
    return " ".join(text.split())


def printed(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["print", *args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return flat(pdf_text(out))


# What each printable shows of the changed board (and no longer shows of the packaged one).
SHOWN = {
    ("pad", "beelives"): (
        ["swarming (spring 7, summer 4, fall 2), successful raids 4, defended raids 5",
         "−3 VP each", "× −3 =", "surviving worker bees − 3 × starvation tokens"],
        ["spring 5", "× −2 ="]),
    ("pad", "beelives-years"): (
        ["swarms (spring 7, summer 4, fall 2), successful raids 4, defended raids 5",
         "this year, −3 VP each", "× −3 =", "second year comes into play with strength 6",
         "third year with strength 9"],
        ["× −2 =", "strength 4", "strength 5"]),
    ("aid", "beelives-month"): (
        ["Each honey feeds up to three worker bees", "any of your last two bees",
         "starvation token (−3 VP)", "up to four spaces away",
         "Score: spring 7 VP, summer 4 VP, fall 2 VP", "one quarter of your worker bees",
         "−3 VP for each starvation token", "Bloom 6 honey, 4 pollen"],
        ["−2 VP", "5 honey, 5 pollen", "spring 5 VP"]),
    ("aid", "beelives-wild"): (
        ["Swarm at maximum strength (16): reduce it to 8, then spawn a new wild hive, strength "
         "8, on any available map tile up to four spaces away", "Six per wild hive",
         "the defender scores 6 VP", "from a wild hive’s swarm, 8",
         "6 in year 2 and 9 in year 3"],
        ["(14)", "three spaces", "Five per wild hive"]),
    ("aid", "beelives-raid"): (
        ["13–17 4", "18+ 5", "within four spaces", "Up to two times",
         "the attacker scores 4 VP", "the defender scores 5 VP", "score 4 VP, remove",
         "4 VP to the attacker", "5 VP to the defender"],
        ["17+", "Up to three times"]),
    ("aid", "beelives-solo"): (
        ["Seasoned Forager 31–60 VP", "Queen Bee 61+ VP"],
        ["51+ VP", "31–50 VP"]),
    ("aid", "beelives-resources"): (
        ["Forage (bees: 1-4)", "up to four spaces from your hive", "6 · 4"],
        ["1-3", "5 · 5"]),
    ("tracker", "beelives"): (
        ["Starvation tokens (−3 VP each)", "Seasoned Forager 31–60 VP", "Queen Bee 61+ VP"],
        ["51+ VP", "−2 VP each"]),
}


@pytest.mark.parametrize("args", list(SHOWN), ids=" ".join)
def test_a_players_board_changes_the_printed_values(tmp_path, board_file, args):
    packaged = printed(tmp_path, *args)
    own = printed(tmp_path, *args, "--board", str(board_file))
    shown, gone = SHOWN[args]
    for phrase in shown:
        assert phrase in own, phrase
        assert phrase not in packaged, phrase
    for phrase in gone:
        assert phrase in packaged, phrase
        assert phrase not in own, phrase


def test_the_board_used_is_in_the_pdf_metadata(tmp_path, board_file):
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["print", "pad", "beelives", "--board", str(board_file),
                                 "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(pdf_metadata(out)["/HyvekitOptions"])["board"] == str(board_file)


def test_every_bee_lives_board_printable_takes_the_board(board_file):
    board = load_board(board_file)
    keys = sorted(k for k, p in CATALOGUE.items() if "board" in p.uses)
    assert keys == sorted(["pad beelives", "pad beelives-years", "aid beelives-month",
                           "aid beelives-wild", "aid beelives-queens", "aid beelives-raid",
                           "aid beelives-solo", "aid beelives-resources", "tracker beelives",
                           "tracker beelives-hive"])
    for key in keys:
        packaged, own = build_context(key), build_context(key, board=board)
        assert packaged["title"] == own["title"]
    assert all("board" not in p.uses for k, p in CATALOGUE.items()
               if "beelives" not in k)


def test_board_on_a_printable_without_board_values_is_a_usage_error(tmp_path, board_file):
    result = runner.invoke(app, ["print", "aid", "beez-turn", "--board", str(board_file),
                                 "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2
    assert "--board" in result.output and "aid beelives-month" in result.output
    assert not (tmp_path / "x.pdf").exists()
    result = runner.invoke(app, ["print", "pad", "beez", "--board", str(board_file),
                                 "--out", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2


def test_a_campaign_prints_with_its_own_board(tmp_path, board_file):
    folder = tmp_path / "campaigns"

    def hk(*args: str):
        result = runner.invoke(app, ["--campaigns-dir", str(folder), *args],
                               catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result

    hk("beelives", "new", "Mine", "-p", "Ann:prolific", "-p", "Bob:aggressive", "--id", "mine",
       "--board", str(board_file))
    hk("beelives", "new", "Solo", "-p", "Ann:prolific", "--solo", "challenge", "--challenge",
       "pacifist", "--id", "solo", "--board", str(board_file))
    hk("beelives", "new", "Plain", "-p", "Ann:prolific", "-p", "Bob:aggressive", "--id", "plain")
    texts = {}
    for key, args in (("mine", ("pad", "beelives", "mine")),
                      ("plain", ("pad", "beelives", "plain")),
                      ("years", ("pad", "beelives-years", "mine")),
                      ("solo", ("tracker", "beelives", "solo"))):
        out = tmp_path / f"{key}.pdf"
        hk("print", *args, "--out", str(out))
        texts[key] = flat(pdf_text(out))
    assert "× −3 =" in texts["mine"] and "spring 7, summer 4, fall 2" in texts["mine"]
    assert "× −2 =" in texts["plain"] and "spring 5, summer 3, fall 1" in texts["plain"]
    assert "this year, −3 VP each" in texts["years"]
    assert "Queen Bee 61+ VP" in texts["solo"] and "(−3 VP each)" in texts["solo"]
    # the campaign gives the board: --board with a campaign is refused
    result = runner.invoke(app, ["--campaigns-dir", str(folder), "print", "pad", "beelives",
                                 "mine", "--board", str(board_file), "--out",
                                 str(tmp_path / "no.pdf")])
    assert result.exit_code == 2 and "campaign gives the board" in result.output
    result = runner.invoke(app, ["--campaigns-dir", str(folder), "print", "tracker",
                                 "beelives", "solo", "--board", str(board_file)])
    assert result.exit_code == 2 and "campaign gives the board" in result.output


def test_the_tie_breakers_and_months_are_the_rules_cores(monkeypatch):
    """The tie-breakers' order and the months come from the rules core: changing them there
    changes the printables."""
    from hyvekit.rules.beelives import endgame, game

    order = (endgame.TIE_BREAKERS[2], endgame.TIE_BREAKERS[0], endgame.TIE_BREAKERS[1])
    monkeypatch.setattr(endgame, "TIE_BREAKERS", order)
    pad = build_context("pad beelives")
    assert [t["label"] for t in pad["tie_breakers"]] == [
        "1. Largest comb size", "2. Most remaining pollen", "3. Most surviving worker bees"]
    assert pad["tie_rule"].startswith("In case of a tie: largest comb size > most remaining")
    years = build_context("pad beelives-years")
    assert {"key": "ties", "label": "Tie-breakers: comb / pollen / bees"} in years["final_rows"]
    month = build_context("aid beelives-month")
    assert month["tie_rule"].startswith("Ties: largest comb size")
    monkeypatch.setattr(game, "MONTHS", tuple(m.upper() for m in game.MONTHS))
    tracker = build_context("tracker beelives")
    assert [m["abbr"] for m in tracker["grid"][0]["months"]][:2] == ["MAR", "APR"]
    assert "(MAR.–NOV.)" in build_context("aid beelives-month")["productive"]


def test_solo_cards_on_the_aid_are_the_solo_cards_data():
    from hyvekit.render.printables_beelives import SHORTER, solo_context
    from hyvekit.data.beelives import solo_cards as default_cards

    cards = default_cards()
    ctx = solo_context()
    assert [n for n, _ in ctx["challenges"]] == [c.name for c in cards.challenges]
    for (name, text), card in zip(ctx["challenges"], cards.challenges):
        if name not in SHORTER:
            assert text == " ".join(card.text.split()).replace("-7", "\u22127")
    assert [n for n, _ in ctx["scenarios"]] == [c.name for c in cards.scenarios]
    strengths = {c.name: sorted({t.strength for t in c.map.tiles if t.hive == "wild"})
                 for c in cards.scenarios}
    for name, line in ctx["scenarios"]:
        for s in strengths[name]:
            assert re.search(rf"strength {s}\b", line), (name, line)
    assert dict(ctx["campaigns"]) == {"Three Generations": "a three-year game",
                                      "Wildfire": "a two-year game",
                                      "Zombees": "a two- or three-year game"}
