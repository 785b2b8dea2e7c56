"""Beez rules core (rules/beez.txt): honeycomb, storing, flight plan, scoring, game end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hyvekit.data import beez as tables
from hyvekit.rules.beez import flight as F
from hyvekit.rules.beez import game as G
from hyvekit.rules.beez import honeycomb as H
from hyvekit.rules.beez import objectives as O
from hyvekit.rules.common import IllegalActionError, InvalidInputError

LAYOUT = tables.layout()
PALETTE = tables.palette()
LIB = tables.objectives()

# The rulebook's scoring example, as hyvekit reads it: both 4/5 rows (A, E) filled, the middle
# row not filled, all five colours, a horizontal (E1-E2-E3) and a diagonal (B2-C3-D3) line of
# three colours, a white bow (A2-A1-B1) and a pink bow (C4-B4-A3); small pink in the upper 4/5
# row and large pink in the lower one (Phase 3 example).
MARTIN = """
  W w p
 w y . p
. o o p .
 . . b .
  y b P
"""


def hc(text: str) -> H.Honeycomb:
    return H.parse_honeycomb(text, LAYOUT, PALETTE)


def c(name: str) -> H.Chamber:
    return H.parse_chamber(name)


PINK, WHITE = H.Nectar("pink"), H.Nectar("white")
BIG_WHITE = H.Nectar("white", large=True)


# --- the rulebook's worked examples ------------------------------------------------------

def test_scoring_example_martin_makes_36_honey_drops():
    """Scoring example: 12 + 0 + 10 + 6 + 8 = 36 with the three common cards and two secret."""
    board = hc(MARTIN)
    cards = [LIB[i] for i in ("both-4-5-rows", "middle-row", "colours", "three-colour-line",
                              "bow")]
    player = O.score_player("Martin", board, cards)
    assert [s.honey for s in player.scores] == [12, 0, 10, 6, 8]
    assert player.total == 36


def test_scoring_example_three_colour_lines_pay_per_line_ruling():
    """'3 honey drops for each of the 3 nectar of different colors ... = 6': 3 per line of
    three (one horizontal, one diagonal), not 3 per nectar (which would give 18)."""
    s = O.score_objective(LIB["three-colour-line"], hc(MARTIN))
    assert s.honey == 6 and len(s.groups) == 2
    directions = set()
    for group in s.groups:
        (q0, r0), (q1, r1) = group[0].axial, group[1].axial
        directions.add((q1 - q0, r1 - r0))
    assert (1, 0) in directions and len(directions) == 2   # one horizontal, one diagonal


def test_phase_3_example_five_space_flight_stores_in_both_4_5_rows():
    """Phase 3 example: a flight of 5 → small pink in the upper row, large pink in the lower."""
    empty = H.Honeycomb(LAYOUT)
    collected = (H.Nectar("pink", True), PINK)
    result = H.settle_collected(empty, collected, 5,
                                [(PINK, c("A2")), (H.Nectar("pink", True), c("E2"))])
    assert result.marker_moves == 2 and result.returned == ()
    assert result.honeycomb[c("E2")].large and not result.honeycomb[c("A2")].large


def test_experts_example_second_nectar_goes_back_with_the_bee_on_it():
    """Rules for Experts example: 4 free 4/5 chambers, but the lower three are not adjacent
    to stored nectar; the small pink goes in the top row, the large white goes back."""
    board = hc("""
      w p .
     . y . .
    . . . . .
     . . . .
      . . .
    """)
    assert H.max_storable(board, 2, 5, expert=True) == 1
    assert H.max_storable(board, 2, 5, expert=False) == 2
    result = H.settle_collected(board, (BIG_WHITE, PINK), 5, [(PINK, c("A3"))], expert=True)
    assert result.returned == (BIG_WHITE,) and result.bee_on_flower
    assert "bee on top" in result.describe_returned()[0]
    with pytest.raises(IllegalActionError) as err:
        board.store(BIG_WHITE, c("E1"), 5, expert=True)
    assert err.value.rule == H.R_EXPERT_STORE


# --- storing refusals ---------------------------------------------------------------------

def test_refuses_an_occupied_chamber_nectar_cannot_move():
    board = H.Honeycomb(LAYOUT).store(PINK, c("A1"), 4)
    with pytest.raises(IllegalActionError) as err:
        board.store(WHITE, c("A1"), 5)
    assert err.value.rule == H.R_STORE and "cannot be moved" in str(err.value)
    assert board[c("A1")] == PINK


def test_refuses_a_row_that_does_not_match_the_flight_distance():
    with pytest.raises(IllegalActionError) as err:
        H.Honeycomb(LAYOUT).store(PINK, c("C3"), 5)
    assert err.value.rule == H.R_STORE
    assert "row A '4/5'" in str(err.value) and "C3" in str(err.value)
    # a row label that is an assumption says so in the refusal
    with pytest.raises(IllegalActionError) as err:
        H.Honeycomb(LAYOUT).store(PINK, c("C3"), 3)
    assert "--layout" in (err.value.hint or "")


def test_refuses_non_adjacent_storage_in_expert_mode_only():
    board = H.Honeycomb(LAYOUT).store(PINK, c("A1"), 5, expert=True)  # first: anywhere
    with pytest.raises(IllegalActionError) as err:
        board.store(WHITE, c("E1"), 5, expert=True)
    assert err.value.rule == H.R_EXPERT_STORE
    assert board.store(WHITE, c("E1"), 5)[c("E1")] == WHITE       # fine in the base game
    assert board.store(WHITE, c("A2"), 5, expert=True)[c("A2")] == WHITE


def test_refuses_putting_back_a_nectar_that_still_fits():
    with pytest.raises(IllegalActionError) as err:
        H.settle_collected(H.Honeycomb(LAYOUT), (BIG_WHITE, PINK), 4, [(PINK, c("A1"))])
    assert err.value.rule == H.R_STORE and "must be stored" in str(err.value)


@pytest.mark.parametrize("collected", [(), (PINK, WHITE), (BIG_WHITE, H.Nectar("pink", True)),
                                       (BIG_WHITE, PINK, WHITE)])
def test_a_flight_collects_one_small_or_a_large_with_at_most_one_small(collected):
    with pytest.raises(IllegalActionError) as err:
        H.settle_collected(H.Honeycomb(LAYOUT), collected, 4, [])
    assert err.value.rule == H.R_COLLECT
    for legal in ((PINK,), (BIG_WHITE,), (BIG_WHITE, PINK)):
        H.check_collected(legal)


def test_refuses_storing_a_nectar_not_collected():
    with pytest.raises(IllegalActionError, match="not collected"):
        H.settle_collected(H.Honeycomb(LAYOUT), (PINK,), 4, [(WHITE, c("A1"))])


def test_a_full_row_sends_the_nectar_back_and_only_a_large_one_carries_the_bee():
    board = hc("""
      p p p
     . . . .
    . . . . .
     . . . .
      w w w
    """)
    assert board.legal_chambers(4) == ()
    result = H.settle_collected(board, (PINK,), 4, [])
    assert result.returned == (PINK,) and not result.bee_on_flower
    assert "original place" in result.describe_returned()[0]


def test_bad_flight_distance_is_bad_input():
    with pytest.raises(InvalidInputError):
        H.Honeycomb(LAYOUT).store(PINK, c("A1"), 6)


# --- geometry -----------------------------------------------------------------------------

def test_geometry_19_chambers_in_rows_of_3_4_5_4_3():
    assert len(H.ALL_CHAMBERS) == 19
    assert [sum(1 for x in H.ALL_CHAMBERS if x.row == r) for r in range(5)] == [3, 4, 5, 4, 3]
    assert len(H.neighbours(c("C3"))) == 6 and len(H.neighbours(c("A1"))) == 3
    assert set(map(str, H.neighbours(c("B1")))) == {"A1", "B2", "C1", "C2"}
    assert len(O.straight_lines(3)) == 27


def test_text_format_round_trips():
    board = hc(MARTIN)
    assert hc(H.format_honeycomb(board, PALETTE)) == board
    assert board.count == 13 and board.large_count == 2


@pytest.mark.parametrize("text, where", [
    ("p p p\n. . . .\n. . . . .\n. . . .", "4 lines"),
    ("p p p\n. . . .\n. . X . .\n. . . .\n. . .", "line 3 token 3"),
    ("p p\n. . . .\n. . . . .\n. . . .\n. . .", "line 1"),
    ("3 | p p p\n. . . .\n. . . . .\n. . . .\n. . .", "line 1 label"),
])
def test_text_format_errors_name_the_line_and_token(text, where):
    with pytest.raises(InvalidInputError) as err:
        hc(text)
    assert where in str(err.value)


# --- layout -------------------------------------------------------------------------------

def test_packaged_layout_marks_what_is_assumed():
    assert LAYOUT.labels[0] == LAYOUT.labels[4] == "4/5"
    assert 0 not in LAYOUT.assumed_rows and 4 not in LAYOUT.assumed_rows
    assert set(LAYOUT.assumed_rows) == {1, 2, 3} and LAYOUT.middle_assumed


def _rows(*labels):
    return {"row": [{"label": lb, "source": "my board"} for lb in labels]}


def test_players_own_layout_replaces_the_labels():
    own = H.Layout.from_dict(_rows("4/5", "2/3", "1", "2/3", "4/5"))
    assert own.rows_for(3) == (1, 3) and own.assumed_rows == ()
    board = H.Honeycomb(own).store(PINK, c("B1"), 2)
    assert board[c("B1")] == PINK


@pytest.mark.parametrize("raw, needle", [
    ({**_rows("4/5", "3", "1/2", "3", "4/5"), "colour": 1}, "one of"),
    (_rows("4/5", "3", "1/2", "4/5"), "exactly 5 rows"),
    (_rows("4/5", "3", "1/7", "3", "4/5"), "flight distances 1-5"),
    (_rows("4/5", "3", "1", "3", "4/5"), "no row takes distance 2"),
    ({**_rows("4/5", "3", "1/2", "3", "4/5"), "middle_row": 6}, "middle_row"),
])
def test_impossible_layouts_are_refused_with_the_problem(raw, needle):
    with pytest.raises(InvalidInputError) as err:
        H.Layout.from_dict(raw)
    assert needle in str(err.value)


# --- flight plan --------------------------------------------------------------------------

def test_flight_distances_round_from_the_forbidden_side():
    assert [o.distances for o in F.flight_options(4)] == [(), (1, 5), (2, 4), (3,), (2, 4),
                                                          (1, 5)]
    assert [o.direction for o in F.flight_options(4)] == [4, 5, 6, 1, 2, 3]
    assert F.allowed_distances(6, 3) == (3,)
    assert F.allowed_distances(1, 2) == F.allowed_distances(1, 6) == (1, 5)


def test_flight_refusals():
    with pytest.raises(IllegalActionError) as err:
        F.check_flight(2, 2, 1)
    assert err.value.rule == F.R_FLIGHT and "not allowed" in str(err.value)
    with pytest.raises(IllegalActionError, match="allows 2 or 4 spaces, not 3"):
        F.check_flight(1, 3, 3)
    F.check_flight(1, 3, 4)
    with pytest.raises(InvalidInputError):
        F.allowed_distances(7, 1)


@given(st.integers(1, 6))
def test_every_facing_allows_each_distance_pattern_once_and_forbids_only_itself(facing):
    opts = F.flight_options(facing)
    assert [o.direction for o in opts if not o.allowed] == [facing]
    assert sorted(o.distances for o in opts if o.allowed) == [(1, 5), (1, 5), (2, 4), (2, 4),
                                                              (3,)]


# --- objectives -----------------------------------------------------------------------------

def test_manual_card_and_unknown_card():
    card = O.parse_objective('manual: "Queen cup" = 7', LIB)
    assert (card.name, card.honey, card.kind) == ("Queen cup", 7, "manual")
    assert O.score_objective(card, H.Honeycomb(LAYOUT)).honey == 7
    assert O.parse_objective({"manual": "Nectar run", "honey": 5}, LIB).honey == 5
    assert O.parse_objective("Bow of one colour", LIB) is LIB["bow"]
    with pytest.raises(InvalidInputError) as err:
        O.parse_objective("rainbow", LIB)
    assert "both-4-5-rows" in str(err.value) and "manual" in str(err.value)


def test_middle_row_card_scores_its_assumed_value_and_says_so():
    board = hc("""
      . . .
     . . . .
    p w y b o
     . . . .
      . . .
    """)
    s = O.score_objective(LIB["middle-row"], board)
    assert s.honey == LIB["middle-row"].honey and LIB["middle-row"].assumed
    assert any("assumption" in a for a in s.assumptions)
    assert O.score_objective(LIB["both-4-5-rows"], board).honey == 0
    assert O.score_objective(LIB["both-4-5-rows"], board).assumptions == ()


def test_bow_is_bent_not_straight_and_not_a_triangle():
    straight = hc(".  . .\n. . . .\np p p . .\n. . . .\n. . .")
    triangle = hc("p p .\n. p . .\n. . . . .\n. . . .\n. . .")  # A1 A2 B2
    bow = hc("p . .\np . . .\n. p . . .\n. . . .\n. . .")  # A1-B1-C2
    assert O.score_objective(LIB["bow"], straight).honey == 0
    assert O.score_objective(LIB["bow"], triangle).honey == 0
    assert O.score_objective(LIB["bow"], bow).honey == 4


def test_one_nectar_counts_once_per_card_but_on_several_cards():
    """Game End note: five pinks in a bent chain (A1 B1 C2 D2 E1) hold two bows,
    but they share C2, so the bow card scores one; the same pinks also score on the colours
    card."""
    board = hc("p . .\np . . .\n. p . . .\n. p . .\np . .")  # A1 B1 C2 D2 E1
    shapes = [b for b in O.shape_placements(LIB['bow'].shape) if all(board[ch] is not None for ch in b)]
    assert len(shapes) == 2 and set(shapes[0]) & set(shapes[1]) == {c("C2")}
    bows = O.score_objective(LIB["bow"], board)
    assert len(bows.groups) == 1 and bows.honey == 4
    colours = O.score_objective(LIB["colours"], board)
    assert colours.honey == 2   # the same pink nectar also counts on another card


boards = st.lists(st.one_of(st.none(), st.tuples(st.sampled_from(["pink", "white", "yellow",
                                                                 "blue", "orange"]),
                                                st.booleans())),
                  min_size=19, max_size=19)


def _board(cells):
    return H.Honeycomb(LAYOUT, tuple(None if x is None else H.Nectar(*x) for x in cells))


@settings(max_examples=60, deadline=None)
@given(boards)
def test_property_a_nectar_counts_at_most_once_per_card(cells):
    board = _board(cells)
    for card in LIB.values():
        s = O.score_objective(card, board)
        chambers = [ch for g in s.groups for ch in g]
        assert len(chambers) == len(set(chambers))
        assert all(board[ch] is not None for ch in chambers)


@settings(max_examples=60, deadline=None)
@given(boards, st.integers(1, 5), st.booleans())
def test_property_storing_never_moves_a_stored_nectar(cells, distance, expert):
    board = _board(cells)
    for ch in H.ALL_CHAMBERS:
        try:
            after = board.store(PINK, ch, distance, expert)
        except IllegalActionError:
            assert ch not in board.legal_chambers(distance, expert)
            continue
        assert ch in board.legal_chambers(distance, expert)
        for other, nectar in board.stored():
            assert after[other] == nectar
        assert after.count == board.count + 1


# --- winner -------------------------------------------------------------------------------

def _player(name, total, large):
    board = H.Honeycomb(LAYOUT, tuple([H.Nectar("pink", True)] * large
                                      + [None] * (19 - large)))
    return O.score_player(name, board, [O.manual("hand", total)])


def test_most_honey_wins_then_most_large_nectar_then_shared():
    assert O.winners([_player("a", 30, 0), _player("b", 29, 5)]).winners == ("a",)
    tie = O.winners([_player("a", 30, 1), _player("b", 30, 2), _player("c", 10, 9)])
    assert tie.winners == ("b",) and tie.tie_broken and not tie.shared
    shared = O.winners([_player("a", 30, 2), _player("b", 30, 2)])
    assert shared.winners == ("a", "b") and shared.shared


# --- score sheet ----------------------------------------------------------------------------

def _sheet(**over):
    raw = {"common": ["both-4-5-rows", "middle-row", "colours"],
           "player": [{"name": "Martin", "honeycomb": MARTIN,
                       "objectives": ["three-colour-line", "bow"]}]}
    raw.update(over)
    return O.parse_score_sheet(raw, LAYOUT, PALETTE, LIB)


def test_score_sheet_scores_the_example():
    players, outcome = _sheet().score()
    assert players[0].total == 36 and outcome.winners == ("Martin",)


@pytest.mark.parametrize("over, needle", [
    ({"colour": 1}, "one of common, player, title"),
    ({"common": ["bow"]}, "3 common"),
    ({"player": [{"name": "M", "honeycomb": MARTIN, "objectives": ["bow"]}]}, "2 secret"),
    ({"player": [{"name": "M", "honeycomb": MARTIN, "objectives": ["bow", "middle-row"],
                  "age": 3}]}, "player 1 key"),
    ({"player": [{"name": "M", "honeycomb": MARTIN.replace("P", "PX"),
                  "objectives": ["bow", "middle-row"]}]}, "line 6 token 3"),
    ({"player": [{"name": n, "honeycomb": "W W W\n. . . .\n. . . . .\n. . . .\n. . .",
                  "objectives": ["bow", "three-colour-line"]} for n in ("a",)]}, "large white"),
    # ruling B18: cards dealt one from each pile are different cards
    ({"common": ["both-4-5-rows", "both-4-5-rows", "colours"]}, "both-4-5-rows twice"),
    ({"player": [{"name": "M", "honeycomb": MARTIN, "objectives": ["bow", "bow"]}]},
     "bow twice"),
])
def test_score_sheet_refusals(over, needle):
    with pytest.raises(InvalidInputError) as err:
        _sheet(**over)
    assert needle in str(err.value)


def test_claimed_total_is_checked():
    players, _ = _sheet(player=[{"name": "M", "honeycomb": MARTIN, "claimed": 35,
                                 "objectives": ["three-colour-line", "bow"]}]).score()
    with pytest.raises(IllegalActionError) as err:
        O.check_claims(players)
    assert err.value.rule == O.R_SCORING and "36" in str(err.value)


# --- game end -------------------------------------------------------------------------------

FOUR_FIVE = [c(x) for x in ("A1", "A2", "A3", "E1", "E2", "E3")]
THREE = [c(x) for x in ("B1", "B2", "B3", "B4", "D1", "D2", "D3", "D4")]


def _fill(game, n):
    """Turns storing one nectar each for the current player until they hold ``n`` (4/5 rows
    first, then 3 rows)."""
    board = game.boards[game.current]
    spot = (FOUR_FIVE + THREE)[board.count]
    dist = 5 if spot in FOUR_FIVE else 3
    return G.play(game, G.Turn(dist, (PINK,), ((PINK, spot),)))


def test_game_ends_after_the_round_in_which_someone_reaches_12():
    """Game End: player b reaches 12 in round 12; c still plays round 12; then it is over and
    every player has had the same number of turns."""
    game = G.new_game(["a", "b", "c"], LAYOUT)
    # a stores nothing, b and c one nectar per turn
    for _ in range(11):
        game = G.play(game, G.Turn())          # a: empty-handed
        game = _fill(game, 0)                  # b
        game = _fill(game, 0)                  # c
    assert game.trigger_round is None and not game.over
    game = G.play(game, G.Turn())              # a, round 12
    game = _fill(game, 0)                      # b reaches 12
    assert game.boards[1].count == 12 and game.trigger_round == 12
    assert not game.over                        # c has not played round 12 yet
    game = _fill(game, 0)                      # c also reaches 12: still round 12
    assert game.over and game.turns_taken() == (12, 12, 12)
    with pytest.raises(IllegalActionError) as err:
        G.play(game, G.Turn())
    assert err.value.rule == G.R_END


def test_the_start_player_reaching_12_gives_everyone_else_a_last_turn():
    game = G.new_game(["a", "b"], LAYOUT)
    for _ in range(12):
        game = _fill(game, 0)
        if game.trigger_round:
            break
        game = G.play(game, G.Turn())
    assert game.boards[0].count == 12 and not game.over and game.current == 1
    game = G.play(game, G.Turn())
    assert game.over and game.turns_taken() == (12, 12)


def test_the_last_player_reaching_12_ends_the_game_at_once():
    game = G.new_game(["a", "b"], LAYOUT)
    for _ in range(11):
        game = G.play(game, G.Turn())
        game = _fill(game, 0)
    game = G.play(game, G.Turn())
    game = _fill(game, 0)
    assert game.boards[1].count == 12 and game.over


def test_a_turn_breaking_a_storing_rule_changes_nothing():
    game = G.new_game(["a", "b"], LAYOUT, expert=True)
    game = G.play(game, G.Turn(5, (PINK,), ((PINK, c("A1")),)))
    game = G.play(game, G.Turn())
    with pytest.raises(IllegalActionError) as err:
        G.play(game, G.Turn(5, (PINK,), ((PINK, c("E3")),)))
    assert err.value.rule == H.R_EXPERT_STORE
    assert game.boards[0].count == 1 and game.turns == 2


def test_the_end_trigger_and_a_flights_take_of_one_or_two_nectar():
    small = H.parse_nectar("w", PALETTE)
    empty = H.Honeycomb(LAYOUT)
    eleven = H.Honeycomb(LAYOUT, (small,) * 11 + (None,) * 8)
    twelve = H.Honeycomb(LAYOUT, (small,) * 12 + (None,) * 7)
    assert not G.game_ended([empty, eleven]) and G.game_ended([empty, twelve])
    H.check_collected_count([small], "w")
    for take in ([], [small] * 3):
        with pytest.raises(InvalidInputError, match="one or two nectar"):
            H.check_collected_count(take, "x")


# --- objective cards described from primitives (issue 16) ---------------------------------

def _bow_placements_as_before():
    """The bow as hyvekit first read it: a middle chamber and two neighbours 120° apart."""
    out = set()
    for m in H.ALL_CHAMBERS:
        q, r = m.axial
        for i in range(6):
            a, b = H.DIRECTIONS[i], H.DIRECTIONS[(i + 2) % 6]
            x, y = H.chamber_at(q + a[0], r + a[1]), H.chamber_at(q + b[0], r + b[1])
            if x is not None and y is not None:
                out.add(frozenset((x, m, y)))
    return out


def test_the_bow_described_as_a_shape_is_the_bent_line_of_three():
    placements = O.shape_placements(LIB["bow"].shape)
    assert {frozenset(p) for p in placements} == _bow_placements_as_before()
    assert LIB["bow"].kind == "same-colour-shape" and LIB["bow"].shape_assumed


def test_the_five_shipped_cards_are_the_scoring_examples_only():
    """Only the five cards of the scoring example ship; none is invented."""
    assert set(LIB) == {"both-4-5-rows", "middle-row", "colours", "three-colour-line", "bow"}


def card(**raw):
    return O.Objective.from_dict({"id": "mine", "name": "Mine", "source": "my box", **raw})


def test_primitives_rows_lines_shapes_and_counts_per_colour():
    board = hc(MARTIN)
    assert O.score_objective(card(kind="rows-filled", rows=["A"], honey=5), board).honey == 5
    assert O.score_objective(card(kind="rows-filled", rows=["B"], honey=5), board).honey == 0
    pinks = O.score_objective(card(kind="count-of-colour", colour="pink", honey=1), board)
    assert pinks.honey == 4 and len(pinks.groups) == 4          # A3, B4, C4, E3
    line2 = card(kind="line-of-different-colours", length=2, honey=1)
    assert O.score_objective(line2, board).honey >= 5
    pair = card(kind="same-colour-shape", shape=["A1", "A2"], honey=2)   # two side by side
    # white A1 A2 / A1 B1 (share A1), pink A3 B4 / B4 C4 (share B4), orange C2 C3, blue D3 E2
    assert O.score_objective(pair, board).honey == 2 * 4
    upright = card(kind="same-colour-shape", shape=["A1", "A2"], rotate=False, honey=2)
    assert O.score_objective(upright, board).honey == 2 * 2        # the two horizontal ones
    slanted = card(kind="same-colour-shape", shape=["A1", "B2"], rotate=False, honey=2)
    assert O.score_objective(slanted, board).honey == 2 * 1        # only p A3-B4


@pytest.mark.parametrize("raw, needle", [
    ({"kind": "shiny", "honey": 1}, "kind"),
    ({"kind": "line-of-different-colours", "honey": 1}, "no length"),
    ({"kind": "same-colour-shape", "shape": ["A1"], "honey": 1}, "two or more"),
    ({"kind": "same-colour-shape", "shape": ["A9", "A1"], "honey": 1}, "chamber"),
    ({"kind": "rows-filled", "honey": 1}, "neither label nor rows"),
    ({"kind": "rows-filled", "rows": ["F"], "honey": 1}, "row letters"),
    ({"kind": "per-colour"}, "honey"),
    ({"kind": "per-colour", "honey": 1, "colour_of": "x"}, "objective key"),
])
def test_a_players_card_is_refused_naming_the_problem(raw, needle):
    with pytest.raises(InvalidInputError) as err:
        card(**raw)
    assert needle in str(err.value)


def test_a_card_without_a_description_takes_its_value_by_hand():
    mine = card(text="three yellow in the corners")
    assert not mine.described and mine.honey is None
    with pytest.raises(InvalidInputError, match="by hand"):
        O.score_objective(mine, hc(MARTIN))
    valued = O.valued(mine, 6)
    assert O.score_objective(valued, hc(MARTIN)).honey == 6 and valued.id == "mine"


def test_unknown_colour_in_a_players_card_is_refused():
    with pytest.raises(InvalidInputError, match="one of pink"):
        O.objectives_from_table([{"id": "x", "kind": "count-of-colour", "colour": "teal",
                                  "honey": 1}], [c.name for c in PALETTE.colours])


def test_the_same_card_as_a_common_and_a_secret_objective_is_refused_ruling_b19():
    """Issue 13: 'Beez accepts the same objective card as a common and a secret card and
    scores it twice' -- refused (ruling B19)."""
    with pytest.raises(InvalidInputError) as err:
        _sheet(player=[{"name": "M", "honeycomb": MARTIN,
                        "objectives": ["colours", "bow"]}])
    assert "colours (a common objective)" in str(err.value)
    with pytest.raises(InvalidInputError, match="a common objective"):
        O.check_player_cards("M", [O.manual("Queen cup", 7)], [O.manual("queen  cup", 7)])
    O.check_player_cards("M", [LIB["colours"]], [O.manual("Queen cup", 7),
                                                 O.manual("Drone", 3)])


def test_players_named_alike_but_for_case_are_refused():
    """A step names its player in any case (``ANN: empty``): ``ann`` and ``Ann`` would be
    the same player there, so a game cannot have both."""
    with pytest.raises(InvalidInputError, match="different names"):
        G.new_game(["ann", "Ann"], LAYOUT)
    assert G.new_game(["ann", "Bob"], LAYOUT).players == ("ann", "Bob")
