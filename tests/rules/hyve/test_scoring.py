"""Scoring a completed hyve (hyve.txt, "3. Gather Nectar"; Mites Challenge; Bee Builder; Turbo
Mode; Legacy perks Deep Stores and Excisor) and the text form of a hyve."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.scoring import (
    COLOURLESS, CROSSED, EMPTY, EMPTY_SPACE, HEXES, LARVA, NECTAR, R_SCORE, ROW_LENGTHS,
    HyveGrid, Space, best_excision, cell_name, check_claim, parse_cell, parse_hyve, score_hyve,
)
from hyvekit.rules.hyve.sheets import hexagon

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples"


def grid(text: str) -> HyveGrid:
    return parse_hyve(text)


# --- the rulebook's examples -------------------------------------------------------------------

def test_example_4_x_4_x_1_is_16_hp():
    # Gather Nectar: "Example: 4 x 4 x 1 = 16HP"; larva walls keep the colours apart.
    s = score_hyve(grid((EXAMPLES / "hyve-16.txt").read_text()))
    assert s.factors == (4, 4, 1) and s.product == s.total == 16
    assert s.equation() == "4 × 4 × 1 = 16 HP"
    assert {v.variety: v.counted for v in s.varieties} == {"y": 4, "b": 4, "g": 1}


def test_bee_builder_example_2_x_3_is_6_hp():
    # Bee Builder: "Empty spaces that weren't filled with shapes simply count as inert,
    # colorless hexes ... Example: 2 x 3 = 6HP"
    g = grid((EXAMPLES / "hyve-builder-6.txt").read_text())
    s = score_hyve(g, inert_empty=True)
    assert sorted(s.factors) == [2, 3] and s.total == 6 and s.inert == 11
    with pytest.raises(IllegalActionError) as err:   # not a completed hyve outside Bee Builder
        score_hyve(g)
    assert err.value.rule == R_SCORE and "A1" in str(err.value) and "Bee Builder" in str(err.value)


# --- the reading of the rule -------------------------------------------------------------------

PARTLY_TOUCHING = """
  y y L
 y L L L
L L y b L
 L L L L
  L L L
"""


def test_a_hex_touching_another_variety_does_not_count_but_the_others_do_ruling_h11():
    # "the number of each Nectar variety that is not adjacent to any other Nectar variety":
    # counted per nectar hex. C3's yellow touches the blue C4; A1, A2, B1 touch only yellow
    # and larva. (Dropping yellow entirely would give 1, not 3.)
    s = score_hyve(grid(PARTLY_TOUCHING))
    y = next(v for v in s.varieties if v.variety == "y")
    assert (y.hexes, y.counted, y.counted_cells) == (4, 3, ("A1", "A2", "B1"))
    b = next(v for v in s.varieties if v.variety == "b")
    assert b.counted == 0 and b.ignored
    assert s.total == 3


def test_zeros_are_ignored_ruling_h12():
    # "If this would make you multiply by zero, ignore that Nectar instead."
    s = score_hyve(grid("""
      r b L
     L L L g
    L L L L g
     L p L L
      L L L
    """))
    # r (A1) and b (A2) touch each other: both count 0 and are left out
    assert {v.variety: v.counted for v in s.varieties} == {"r": 0, "b": 0, "g": 2, "p": 1}
    assert s.factors == (2, 1) and s.total == 2
    assert [v.variety for v in s.varieties if v.ignored] == ["b", "r"]


def test_every_variety_ignored_and_no_nectar_both_score_1_ruling_h13():
    # one empty product, one answer: a completed hyve never multiplies by zero
    all_touch = score_hyve(grid("r b L\nL L L L\nL L L L L\nL L L L\nL L L"))
    assert all_touch.factors == () and all_touch.product == all_touch.total == 1
    assert all_touch.equation() == "every Nectar variety ignored = 1 HP"
    nothing = score_hyve(grid("L L L\nL x L L\nL L L L L\nL L x L\nL L L"))
    assert nothing.varieties == () and nothing.product == nothing.total == 1
    assert nothing.equation() == "no Nectar = 1 HP"
    assert score_hyve(grid("L L L\nL L L L\nL L L L L\nL L L L\nL L L"),
                      deep_stores=True).total == 6


def test_larva_walls_separate_varieties():
    # "Larva are colorless, allowing you to build 'walls' for better scoring opportunities."
    mixed = "y y b\ny y b b\nL L L L L\nL L L L\nL L L"
    walled = "y y L\ny y L b\nL L L L b\nL L L L\nL L L"
    assert score_hyve(grid(mixed)).total == 2 * 1          # A1, B1 yellow; B4 blue
    assert score_hyve(grid(walled)).total == 4 * 2


def test_an_empty_space_is_refused_naming_the_rule_ruling_h14():
    text = (EXAMPLES / "hyve-16.txt").read_text().replace("L1 L  b", "L1 .  b")
    with pytest.raises(IllegalActionError) as err:
        score_hyve(grid(text))
    assert err.value.rule == "Hyve: Gather Nectar — scoring"
    assert "C4" in str(err.value) and "not completed" in str(err.value)
    assert score_hyve(grid(text), inert_empty=True).total == 16


# --- modes and perks ---------------------------------------------------------------------------

def test_mites_crossed_out_nectar_is_colourless():
    # Mites Challenge: "Crossed out Nectar are considered colorless for scoring"
    before = grid("y y b\nL L L L\nL L L L L\nL L L L\nL L L")
    assert {v.variety: v.counted for v in score_hyve(before).varieties} == {"y": 1, "b": 0}
    after = before.replace(parse_cell("A2"), CROSSED)            # the mite takes A2's yellow
    assert after.format().splitlines()[0].split() == ["y", "x", "b"]
    assert score_hyve(after).factors == (1, 1)


def test_turbo_x_is_a_colourless_wall_ruling_h17():
    # Turbo: a 2-type Bee gathering nectar "produces an 'X' instead of colored Nectar. These do
    # not score points directly"
    s = score_hyve(grid("y y X\ny y X g\nx x x g g\nX X X X\nX X X"))
    assert {v.variety: v.counted for v in s.varieties} == {"y": 4, "g": 3}
    assert s.total == 12
    only_x = score_hyve(grid("X X X\nx x x x\nX X X X X\nx x x x\nX X X"))
    assert only_x.varieties == () and only_x.total == 1        # the empty product (H13)


def test_deep_stores_is_a_minimum_of_6_ruling_h16():
    # Deep Stores: "You always score a minimum of 6 HP whenever you complete a hyve."
    small = grid("y L L\nL L L L\nL L L L L\nL L L L\nL L b")
    s = score_hyve(small, deep_stores=True)
    assert (s.product, s.total) == (1, 6) and s.deep_stores_applied
    assert s.equation() == "1 × 1 = 1 HP → 6 HP (Deep Stores minimum)"
    big = score_hyve(grid((EXAMPLES / "hyve-16.txt").read_text()), deep_stores=True)
    assert big.total == 16 and not big.deep_stores_applied       # a floor, not a bonus
    larva_only = grid("L L L\nL L L L\nL L L L L\nL L L L\nL L L")
    assert score_hyve(larva_only, deep_stores=True).total == 6
    with pytest.raises(IllegalActionError):                      # still a completed hyve only
        score_hyve(grid("y L L\nL L L L\nL L . L L\nL L L L\nL L b"), deep_stores=True)


BRIDGE = "y y b\ny y L b\nL L L L b\nL L L L\nL L L"   # A2 yellow and A3 blue touch


def test_excisor_crosses_out_the_chosen_hex_before_scoring_ruling_h15():
    # Excisor: "When completing a hyve, before scoring, you may cross out any once space,
    # treating it as colorless."
    g = grid(BRIDGE)
    assert score_hyve(g).equation() == "3 × 2 = 6 HP"           # y A1 B1 B2, b B4 C5
    s = score_hyve(g, excise="A3")
    assert s.equation() == "4 × 2 = 8 HP" and s.excised == "A3"
    assert s.excised_space == Space(NECTAR, "b")
    assert score_hyve(g, excise=(1, -2)).total == 9              # A2 by axial coordinates
    assert score_hyve(g, excise="a2").total == 9
    assert score_hyve(g, excise="C1").total == 6                 # a larva: already colourless
    assert best_excision(g) == ("A2", 9)
    assert best_excision(grid((EXAMPLES / "hyve-16.txt").read_text())) == (None, 16)
    with pytest.raises(InvalidInputError, match="C3 is the middle"):
        score_hyve(g, excise="F1")
    with pytest.raises(IllegalActionError):                      # excising cannot complete it
        score_hyve(grid(BRIDGE.replace("L L L L b", "L L . L b")), excise="C3")


def test_check_claim_names_the_rule_and_the_right_value():
    s = score_hyve(grid((EXAMPLES / "hyve-16.txt").read_text()))
    check_claim(s, 16)
    with pytest.raises(IllegalActionError) as err:
        check_claim(s, 15)
    assert err.value.rule == R_SCORE and err.value.expected == 16 and err.value.given == 15
    assert "4 × 4 × 1 = 16 HP" in str(err.value)


# --- the text form -----------------------------------------------------------------------------

def test_geometry_rows_and_cell_names():
    assert ROW_LENGTHS == (3, 4, 5, 4, 3) and set(HEXES) == set(hexagon(2))
    assert cell_name((0, 0)) == "C3" and parse_cell("c3") == (0, 0)
    assert [cell_name(h) for h in HEXES][:4] == ["A1", "A2", "A3", "B1"]
    assert parse_cell(" -2, 2 ") == (-2, 2) == parse_cell("E1")


def test_tokens_and_round_trip():
    g = grid("""
      # comments and blank lines are ignored; case does not matter
      Y y L0
     x . L5 l       # x crossed out, . empty, L5 a larva that gained 5 population
    L L L L L
     L L L L
      L L L
    """)
    assert g[parse_cell("A1")] == Space(NECTAR, "y") == g[parse_cell("A2")]
    assert g[parse_cell("A3")] == Space(LARVA, population=0)
    assert g[parse_cell("B1")].kind == COLOURLESS and g[parse_cell("B2")].kind == EMPTY
    assert g[parse_cell("B3")] == Space(LARVA, population=5)
    assert g[parse_cell("B4")] == Space(LARVA)
    assert parse_hyve(g.format()) == g
    dice = grid("1 1 L\n1 L L 3\nL L L L 3\nL 5 L L\nL L L")
    assert dice.varieties == ("1", "3", "5") and score_hyve(dice).factors == (3, 2, 1)


@pytest.mark.parametrize(("text", "where", "given"), [
    ("y y\nL L L L\nL L L L L\nL L L L\nL L L", "hyve line 1", "'y y'"),
    ("y y L\nL L L L\nL L ? L L\nL L L L\nL L L", "hyve line 3 token 3", "'?'"),
    ("y y L\nL L L L\nL L L L L\nL L L6 L\nL L L", "hyve line 4 token 3", "'L6'"),
    ("y y L\nL L L L\nL L 6 L L\nL L L L\nL L L", "hyve line 3 token 3", "'6'"),
    ("y y L\nL L L L\nL L yy L L\nL L L L\nL L L", "hyve line 3 token 3", "'yy'"),
    ("y y L\n\n# c\nL L L L\nL 2 L L L\nL L L L\nL L L", "hyve line 5 token 2", "'2'"),
    ("y y L\nL L L L\nL L L L L\nL L L L", "hyve", "'4 lines'"),
])
def test_parse_errors_name_the_line_and_token(text, where, given):
    with pytest.raises(InvalidInputError) as err:
        parse_hyve(text)
    assert str(err.value).startswith(f"{where}: got {given}, expected")


def test_mixing_letters_and_die_values_is_refused_naming_both():
    with pytest.raises(InvalidInputError, match="line 1 token 1"):
        parse_hyve("y y L\nL L L L\nL 2 L L L\nL L L L\nL L L")


# --- properties --------------------------------------------------------------------------------

SPACES = st.sampled_from([Space(NECTAR, v) for v in "rygbp"]
                         + [Space(LARVA), Space(LARVA, population=2), CROSSED, EMPTY_SPACE])
GRIDS = st.lists(SPACES, min_size=len(HEXES), max_size=len(HEXES)).map(
    lambda xs: HyveGrid(tuple(xs)))
FILLERS = st.sampled_from([Space(LARVA), Space(LARVA, population=1), CROSSED])


@given(GRIDS, st.data())
def test_property_a_colourless_hex_in_place_of_an_inert_one_never_changes_the_score(g, data):
    assume(g.empty)
    h = data.draw(st.sampled_from(g.empty))
    filled = g.replace(h, data.draw(FILLERS))
    before, after = score_hyve(g, inert_empty=True), score_hyve(filled, inert_empty=True)
    assert (before.total, before.varieties) == (after.total, after.varieties)


@given(GRIDS, FILLERS)
def test_property_a_completed_hyve_with_nectar_scores_at_least_1(g, filler):
    completed = HyveGrid(tuple(filler if s.kind == EMPTY else s for s in g.spaces))
    s = score_hyve(completed)
    assert all(0 <= v.counted <= v.hexes for v in s.varieties)
    if completed.varieties:
        assert s.total >= 1 and s.total == max(1, s.total)
    else:
        assert s.total == 0
    assert score_hyve(completed, deep_stores=True).total == max(s.total, 6)
