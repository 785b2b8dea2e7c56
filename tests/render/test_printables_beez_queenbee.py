"""Beez and Queen Bee printables: the scoring pad, the turn aid, the player and card references.

The suite test (``test_suite.py``) already prints every catalogue entry on both papers, every
``--per-page`` and with ``--ink-saver``; these tests check what each one says.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from hyvekit.cli.app import app
from hyvekit.render.catalogue import AIDS, CATALOGUE, PADS, build_context, load_all
from hyvekit.rules.common import InvalidInputError

from render_helpers import EVIL_NAME, page_sizes, pdf_text

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
load_all()
runner = CliRunner()


def flat(text: str) -> str:
    """PDF text with runs of whitespace (line breaks inside a phrase) made single spaces."""
    return re.sub(r"\s+", " ", text)


def print_pdf(tmp_path, *args: str) -> str:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, [*args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return flat(pdf_text(out))


# --- registration ------------------------------------------------------------------------------

def test_the_four_printables_are_registered():
    assert PADS["beez"] == "pad beez"
    assert AIDS["beez-turn"] == "aid beez-turn"
    assert AIDS["queenbee-reference"] == "aid queenbee-reference"
    assert AIDS["queenbee-cards"] == "aid queenbee-cards"
    for key in ("pad beez", "aid beez-turn", "aid queenbee-reference", "aid queenbee-cards"):
        p = CATALOGUE[key]
        assert p.command == ("print", *key.split()), key
        assert p.example.startswith("hyvekit print " + key), key
        assert p.description and "\n" not in p.description, key
        assert p.expect and p.pages == 1, key
    assert CATALOGUE["pad beez"].per_page == (1, 2, 4)


def test_modules_import_no_printing_library():
    code = ("import sys, hyvekit.render.printables_beez, hyvekit.render.printables_queenbee; "
            "heavy = {'weasyprint', 'reportlab', 'pypdf', 'jinja2'} & set(sys.modules); "
            "print(sorted(heavy)); sys.exit(1 if heavy else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --- Beez scoring pad ----------------------------------------------------------------------------

def _objective_names() -> list[str]:
    from hyvekit.data.beez import objectives as load_objectives

    names = [o.name for o in load_objectives().values()]
    assert len(names) == 5
    return names


def test_beez_pad_prints_names_rows_and_the_objective_kinds(tmp_path):
    text = print_pdf(tmp_path, "print", "pad", "beez", "--names", "Ann,Bob,Cy")
    for name in ("Ann", "Bob", "Cy"):
        assert text.count(name) == 2          # one column in each of the two games
    assert "Player 3" in text and "Player 4" not in text
    for row in ("Common objective 1", "Common objective 2", "Common objective 3",
                "Secret objective 1", "Secret objective 2", "Total honey drops",
                "Large nectar", "Winner"):
        assert text.count(row) == 2, row
    for name in _objective_names():
        assert name in text, name
    assert "share the victory" in text


def test_beez_pad_one_game_per_4up_slip_and_blank_columns(tmp_path):
    text = print_pdf(tmp_path, "print", "pad", "beez", "--per-page", "4", "--paper", "letter")
    assert text.count("Total honey drops") == 4    # 4 slips × 1 game
    assert text.count("Player 4") == 4
    assert page_sizes(tmp_path / "x.pdf") == [(612, 792)]


def test_beez_pad_escapes_names(tmp_path):
    text = print_pdf(tmp_path, "print", "pad", "beez", "--players", "2", "--names",
                     EVIL_NAME[:24])
    assert EVIL_NAME[:24] in text


@pytest.mark.parametrize("kwargs", [
    {"players": 5}, {"players": 0}, {"players": 1, "names": ["Ann", "Bob"]},
    {"names": ["x" * 25]},
])
def test_beez_pad_refuses_bad_options(kwargs):
    with pytest.raises(InvalidInputError):
        build_context("pad beez", **kwargs)


def test_beez_pad_cli_refuses_five_players(tmp_path, hk):
    result = hk("print", "pad", "beez", "--players", "5", "--out", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and "--players: got 5" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_beez_pad_context_from_the_rules_core():
    ctx = build_context("pad beez", names=["Ann"])
    assert [p["name"] for p in ctx["players"]] == ["Ann"]
    assert [o["name"] for o in ctx["objectives"]] == _objective_names()
    middle = next(o for o in ctx["objectives"] if o["id"] == "middle-row")
    assert middle["assumed"]                       # beez.toml: the value is assumed
    assert build_context("pad beez", per_page=4)["games"] == [1]
    assert build_context("pad beez", per_page=2)["games"] == [1]
    assert build_context("pad beez", per_page=1)["games"] == [1, 2]


# --- Beez turn aid --------------------------------------------------------------------------

def test_beez_turn_aid_texts(tmp_path):
    text = print_pdf(tmp_path, "print", "aid", "beez-turn")
    assert text.count("1/5") >= 2 and text.count("2/4") >= 2
    assert "not allowed" in text
    for phrase in ("Phase 1: Flight plan", "Phase 2: Flying and collecting nectar",
                   "Phase 3: Storing nectar and making honey", "Water drops",
                   "Rules for experts", "Tie-break", "12 or more nectar", "19 chambers",
                   "large nectar", "What goes back"):
        assert phrase.lower() in text.lower(), phrase
    for name in _objective_names():
        assert name in text, name


def test_beez_hive_is_drawn_from_the_flight_rules():
    from hyvekit.rules.beez.flight import flight_options

    hive = build_context("aid beez-turn")["hive"]
    labels = [s["label"] for s in hive["sides"]]
    assert labels == [o.label() for o in flight_options(1)]
    assert labels == ["not allowed", "1/5", "2/4", "3", "2/4", "1/5"]
    assert len(hive["points"].split()) == 6
    # the facing side is the top one; the others go round symmetrically
    top = hive["sides"][0]["text"]
    assert all(top["y"] < s["text"]["y"] for s in hive["sides"][1:])
    assert hive["sides"][1]["text"]["y"] == pytest.approx(hive["sides"][5]["text"]["y"])


def test_beez_honeycomb_rows_come_from_the_layout():
    from hyvekit.data.beez import layout as load_layout

    comb = build_context("aid beez-turn")["comb"]
    layout = load_layout()
    assert len(comb["chambers"]) == 19
    assert [r["label"] for r in comb["rows"]] == list(layout.labels)
    assert [r["chambers"] for r in comb["rows"]] == [3, 4, 5, 4, 3]
    assert [r["assumed"] for r in comb["rows"]] == [i in layout.assumed_rows for i in range(5)]


# --- Queen Bee player reference ------------------------------------------------------------------

def test_queenbee_reference_texts(tmp_path):
    text = print_pdf(tmp_path, "print", "aid", "queenbee-reference", "--paper", "letter")
    for phrase in ("Setup", "Draw", "Take an action", "Discard", "A. Flight", "B. Swarm",
                   "C. Reinforcement", "D. Sting", "Sequence of battle", "EQUAL to or HIGHER",
                   "Battle rewards", "Sudden", "Effect", "Battle", "bees on a space",
                   "bees per player", "cards in hand", "Queen", "Warrior", "Worker bee",
                   "Nest symbol", "Forced alliance", "Bad Pollen"):
        assert phrase.lower() in text.lower(), phrase   # headings are set in capitals
    assert "up to 5 spaces" in text and "up to 3 bees" in text and "up to 3 spaces" in text
    assert "1 queen, 7 warriors, 7 worker bees" in text
    assert "deal 3 cards to each player" in text


def test_queenbee_reference_numbers_come_from_the_rules_core():
    from hyvekit.rules.queenbee.board import BEES_PER_SPACE, HAND_LIMIT, MAX_BEES

    ctx = build_context("aid queenbee-reference")
    assert [l["value"] for l in ctx["limits"]] == [BEES_PER_SPACE, MAX_BEES, HAND_LIMIT] \
        == [4, 15, 5]
    assert [a["letter"] + a["name"] for a in ctx["actions"]] == [
        "AFlight", "BSwarm", "CReinforcement", "DSting"]
    assert [b["number"] for b in ctx["battle"]] == [1, 2, 3, 4, 5]


# --- Queen Bee card reference --------------------------------------------------------------------

def test_queenbee_cards_lists_every_card_with_its_count(tmp_path):
    from hyvekit.data.queenbee import cards as load_cards

    text = print_pdf(tmp_path, "print", "aid", "queenbee-cards")
    for name in load_cards():
        assert name in text, name
    for heading in ("Effect cards", "Battle cards", "Sudden cards", "Deck by player count"):
        assert heading.lower() in text.lower(), heading
    assert "93 playing cards" in text
    assert "count assumed" in text and "type assumed" in text
    assert "Busy Bee \u22126" in text and "Secret Move \u22121" in text
    assert "Stuck in Honey \u22123" in text
    assert "+1 to the 2nd, 3rd and 4th" in text and "+2 to the 5th and 6th" in text


def test_queenbee_cards_context_matches_the_data():
    from hyvekit.data.queenbee import cards as load_cards
    from hyvekit.data.queenbee import variants
    from hyvekit.render.printables_queenbee import card_effects
    from hyvekit.rules.queenbee.deck import deck_for

    cards = load_cards()
    ctx = build_context("aid queenbee-cards")
    listed = {c["name"]: (t["kind"], c) for t in ctx["types"] for c in t["cards"]}
    assert set(listed) == set(cards)                   # every card, once
    effects = card_effects()                           # queenbee.toml's [cards] effect texts
    assert set(effects) == set(cards)                  # every card has its transcribed text
    assert all(effects.values())
    for name, card in cards.items():
        kind, row = listed[name]
        assert kind == card.kind
        assert row["count"] == card.count
        assert row["count_assumed"] is card.assumed
        assert row["type_assumed"] is card.type_assumed
    assert sum(t["total"] for t in ctx["types"]) == 93
    assert [d["size"] for d in ctx["decks"]] == [deck_for(n, cards, variants()).size
                                                for n in (2, 3, 5)] == [74, 93, 90]
    smoker = listed["Smoker"][1]
    assert smoker["attacker_only"]
    for name in ("Pollen", "Nectar", "Downpour", "Stuck in Honey"):
        assert effects[name].startswith("Not described in the rulebook"), name
    for name, card in cards.items():                   # printed from the data, as it says
        assert listed[name][1]["effect"] == effects[name]


def test_beez_printables_take_their_numbers_from_the_rules_core(monkeypatch):
    from hyvekit.rules.beez import flight, game, objectives

    monkeypatch.setattr(game, "END_TRIGGER", 14)
    monkeypatch.setattr(objectives, "COMMON_OBJECTIVES", 4)
    monkeypatch.setattr(objectives, "SECRET_OBJECTIVES", 1)
    monkeypatch.setattr(flight, "TILE_SPACES", 9)
    turn = build_context("aid beez-turn")
    assert "stored 14 or more nectar" in turn["end_of_game"][0]
    assert "for the four common objectives and your one secret objectives" \
        in turn["end_of_game"][1]
    assert "shows 9 hexagonal spaces" in turn["phase1"]["spaces"]
    assert "the five flyable sides show 1 or 5 spaces, 2 or 4, 3, 2 or 4, 1 or 5" \
        in turn["phase1"]["hive"]
    assert [p["name"] for p in turn["phases"]] == list(game.PHASES)
    pad = build_context("pad beez")
    assert [len(s["rows"]) for s in pad["sections"]] == [4, 1]


def test_queenbee_printables_take_their_numbers_from_the_rules_core(monkeypatch):
    from hyvekit.rules.queenbee import board

    monkeypatch.setattr(board, "SETUP_ROW", (1, 5, 1))
    ref = build_context("aid queenbee-reference")
    assert "5 on the central space, 1 on each end space" in ref["setup"][2]
    assert ref["setup_variants"][0].startswith("2 players: remove the cards meant for 3+ "
                                               "players; 5\u20136 players: remove \u201cStuck "
                                               "in Honey\u201d")
    cards = build_context("aid queenbee-cards")
    assert [d["label"] for d in cards["decks"]] == ["2 players", "3\u20134 players",
                                                    "5\u20136 players"]


# --- Queen Bee board (aid queenbee-board; issue 42, item 6) ----------------------------------

def test_the_board_sheet_draws_every_space_and_join_of_the_board_apart_and_on_the_map():
    from math import dist

    from hyvekit.data.queenbee import board
    from hyvekit.render.printables_queenbee import queenbee_board_context
    b, ctx = board(), queenbee_board_context()
    drawn = {s["name"]: s for s in ctx["spaces"]}
    assert set(drawn) == set(b.spaces) and len(ctx["spaces"]) == len(b.spaces)
    for name, s in drawn.items():
        assert s["type"] == b.spaces[name].type and s["larva"] == b.spaces[name].larva
        assert ctx["r"] <= s["x"] <= ctx["map_mm"] - ctx["r"]
        assert ctx["r"] <= s["y"] <= ctx["map_mm"] - ctx["r"]
    pairs = {frozenset((n, a)) for n, s in b.spaces.items() for a in s.adjacent}
    at = {(s["x"], s["y"]): n for n, s in drawn.items()}
    joined = {frozenset((at[j["x1"], j["y1"]], at[j["x2"], j["y2"]])) for j in ctx["joins"]}
    assert joined == pairs and len(ctx["joins"]) == len(pairs)
    dashed = {frozenset((at[j["x1"], j["y1"]], at[j["x2"], j["y2"]])) for j in ctx["joins"]
              if j["tunnel"]}
    assert dashed == {p for p in pairs if any(b.spaces[n].type == "tunnel" for n in p)}
    points = [(s["x"], s["y"]) for s in ctx["spaces"]]
    closest = min(dist(p, q) for i, p in enumerate(points) for q in points[i + 1:])
    assert closest >= 2 * ctx["r"], f"two spaces overlap: {closest:.1f} mm apart"
    nest_1, nest_4 = drawn[b.hives[1].nest], drawn[b.hives[4].nest]
    assert nest_1["y"] < nest_4["y"] and abs(nest_1["x"] - nest_4["x"]) < 0.01  # 1 above 4
    assert [s["players"] for s in ctx["seats"]] == [n for n, _ in b.seats]
    assert ctx["seats"][1]["hives"] == ", ".join(map(str, dict(b.seats)[3]))
    assert "ASSUMED" in ctx["intro"] and b.assumed


def test_the_board_sheet_prints_every_space_name_and_the_seats(tmp_path):
    from hyvekit.data.queenbee import board
    text = print_pdf(tmp_path, "print", "aid", "queenbee-board", "--paper", "letter")
    words = set(text.split())
    assert set(board().spaces) <= words
    assert "HIVES BY PLAYER COUNT" in text and "3 players hives 1, 3, 5" in text
    assert "ASSUMED LAYOUT" in text and "hive 6" in text
    assert AIDS["queenbee-board"] == "aid queenbee-board"


def test_the_board_sheet_draws_a_players_own_board_file(tmp_path):
    """``print aid queenbee-board --board FILE``: the player's board drawn, not marked
    assumed; --board on an aid drawn from no board is refused with those that are."""
    from pathlib import Path

    from hyvekit.data.queenbee import board
    from hyvekit.render.printables_queenbee import queenbee_board_context
    own = Path(__file__).with_name("queenbee_board_four_hives.toml")
    ctx = queenbee_board_context(queenbee_board=board(own))
    assert {s["name"] for s in ctx["spaces"]} == set(board(own).spaces)
    assert len(ctx["hive_labels"]) == 4 and "ASSUMED" not in ctx["intro"]
    text = print_pdf(tmp_path, "print", "aid", "queenbee-board", "--board", str(own))
    assert "N4" in text and "N5" not in text and "four_hives.toml" in text
    result = runner.invoke(app, ["print", "aid", "queenbee-cards", "--board", str(own),
                                 "--out", str(tmp_path / "y.pdf")])
    assert result.exit_code == 2 and "aid queenbee-board" in result.output
