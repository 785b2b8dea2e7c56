"""The turn engine's game modes (hyve.txt, Game Modes): Coldsnap and Mites Challenge are in
test_turn.py; here Long Live the Queen, Turbo Mode, Wasp War and Bee Builder."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve.scoring import parse_cell
from hyvekit.data.hyve import sheet_definition
from hyvekit.rules.hyve.sheets import hexagon
from hyvekit.rules.hyve.larva import Line
from hyvekit.rules.hyve.turn import (Bakery, Build, GatherNectar, JellyFill, Marshal, Placement,
                                     QueensAttendants, Refresh, Repurpose, SeasonalEffect,
                                     TendEggs, TendLarva, WaspAttack, bee, new_scenario, play)

QUEEN = sheet_definition("long-live-the-queen")


def nectar(*specs):
    return GatherNectar(tuple(Placement(bee(int(b)), parse_cell(c))
                              for b, c in (x.split("@") for x in specs)))


def test_long_live_the_queen_example_a_jelly_coloured_this_turn_earns_approval():
    s = play(replace(new_scenario(QUEEN, bread=[6, 1, 1, 1, 1]), population=3),
             Refresh((1, 1, 5)))
    s = play(s, QueensAttendants(bee(5), 0))             # the Spring demand: a jelly coloured
    s = play(s, nectar("1@C3", "1@C4"))
    s = play(s, SeasonalEffect(1))
    assert (s.approval, s.disapproval) == (1, 0)
    assert s.jelly_coloured is False or s.phase == "refresh"


def test_long_live_the_queen_an_unmet_demand_earns_disapproval_and_demands_stack():
    # Summer: the Spring demand (a jelly coloured) and the Summer one (a bread upgraded)
    s = replace(new_scenario(QUEEN, bread=[6, 1, 1, 1, 1]), crossed=((1, 2, 3, 4), ()))
    s = play(replace(s, population=2), Refresh((1, 1)))
    s = play(play(s, nectar("1@C3", "1@C4")), SeasonalEffect(1))
    assert (s.approval, s.disapproval) == (0, 2)


def test_long_live_the_queen_coronation_decides_the_win():
    crossed = ((1, 2, 3, 4),) * 3 + ((1, 2, 3),)
    base = replace(new_scenario(QUEEN, bread=[6, 1, 1, 1, 1]), crossed=crossed, population=9)
    s = play(replace(base, population=2), Refresh((1, 1)))
    s = replace(s, population=9)
    s = play(s, nectar("1@C3", "1@C4"))
    # Winter: 4 demands in force; only "population greater than 8" is met: +1, +3
    lost = play(replace(s, approval=2, disapproval=0), SeasonalEffect(4))   # 3 against 3
    assert lost.status == "lost" and "no coronation" in lost.end[0]
    won = play(replace(s, approval=5, disapproval=0), SeasonalEffect(4))
    assert won.status == "won" and (won.approval, won.disapproval) == (6, 3)


def test_a_sheet_whose_hyves_are_not_the_19_hex_hyves_is_refused_at_setup():
    sheet = replace(sheet_definition("standard"), hyves=(hexagon(1),) * 6)
    with pytest.raises(InvalidInputError) as exc:
        new_scenario(sheet)
    assert exc.value.field == "scenario sheet hyves"


# --- Turbo Mode --------------------------------------------------------------------------------

TURBO = sheet_definition("turbo")


def turbo(dice, **kw):
    s = new_scenario(TURBO, **kw)
    return play(replace(s, population=len(dice)), Refresh(tuple(dice)))


def test_turbo_repurpose_example_a_2_and_a_2_reroll_4_dice():
    s = turbo([2, 2, 1, 1, 3, 4])
    s = play(s, Repurpose(bee(2), (1, 1, 3, 4), (5, 5, 5, 5), boost=True))
    assert sorted(s.pool) == [5, 5, 5, 5]
    with pytest.raises(IllegalActionError) as exc:
        play(turbo([2, 2, 1, 1, 3, 4]), Repurpose(bee(2), (1, 1), (5, 5), boost=True))
    assert exc.value.rule == "Hyve: Turbo Mode — Repurpose"


def test_turbo_bakery_example_2_bees_and_a_2_type_bee_make_4_the_extra_is_wasted():
    s = turbo([3, 3, 2, 1, 1, 1], bread=[1, 1, 2, 1, 1])
    s = play(s, Bakery((bee(3), bee(3), bee(2)), 3))
    assert s.bread[2] == 3 and "1 bee wasted" in s.events[-1]


def test_turbo_tend_eggs_example_a_1_bee_and_a_2_bee_place_two_line_shapes():
    s = turbo([1, 2, 3, 3, 4, 4])
    s = play(s, TendEggs(bee(1), tuple(s.chamber.parse_square(n) for n in (
        "R1C1", "R1C3", "R1C4", "R3C1", "R4C1", "R5C1")), boost=True))
    assert sum(1 for row in s.chamber.squares for v in row if v == 1) == 6
    with pytest.raises(IllegalActionError):
        play(turbo([1, 2, 3, 3, 4, 4]), TendEggs(bee(1), tuple(
            s.chamber.parse_square(n) for n in ("R1C1", "R1C3", "R1C4")), boost=True))


def test_turbo_tend_larva_a_2_with_another_bee_circles_the_row_and_the_column():
    s = turbo([3, 2, 1, 1, 1, 1])
    ch = s.chamber
    s = replace(s, chamber=ch.with_values({ch.parse_square("R3C1"): 4,
                                           ch.parse_square("R1C3"): 5,
                                           ch.parse_square("R3C3"): 1}))
    got = play(s, TendLarva(bee(3), Line("row", 3), tuple(parse_cell(c) for c in
                                                          ("A1", "A2", "A3")), boost=True))
    assert any(e.startswith("Tend Larva (3-Bee): encircled the 3 row and the 3 column")
               for e in got.events)
    assert sum(1 for sp in got.hyves[0].spaces if sp.kind == "larva") == 3   # R3C3 once
    assert (got.die, got.position) == (4, 5)                                   # 3 colours


def test_turbo_queens_attendants_example_a_6_and_a_2_take_two_different_actions():
    s = turbo([6, 2, 1, 1, 1, 1])
    got = play(s, QueensAttendants(bee(6, 4), 0, boost=True, second=JellyFill(3, 5)))
    assert got.population == 6 + 4 and got.bread[4] == 2
    with pytest.raises(IllegalActionError) as exc:              # the same jelly twice
        play(s, QueensAttendants(bee(6, 4), 0, boost=True, second=JellyFill(0, 5)))
    assert exc.value.rule == "Hyve: Turbo Mode — Queen's Attendants"


def test_turbo_2_type_bees_gather_a_colourless_x_and_alone_do_nothing():
    s = turbo([2, 2, 1, 1, 1, 1], bread=[6, 6, 1, 1, 1])
    s = play(s, QueensAttendants(bee(2), 0))                    # a lone 2: no effect
    assert s.population == 6 and "no effect" in s.events[-1]
    s = play(s, GatherNectar(tuple(Placement(bee(f), parse_cell(c)) for f, c in
                                   ((2, "C3"), (1, "A1"), (1, "A2"), (1, "A3"), (1, "B1")))))
    assert s.hyves[0][parse_cell("C3")].kind == "colourless"


def test_a_boost_bee_outside_turbo_mode_is_refused():
    s = new_scenario(sheet_definition("standard"))
    s = play(s, Refresh((2, 2, 1, 1, 3, 4)))
    with pytest.raises(IllegalActionError) as exc:
        play(s, Repurpose(bee(2), (1, 1, 3, 4), (5, 5, 5, 5), boost=True))
    assert "Turbo" in exc.value.rule


# --- Wasp War ----------------------------------------------------------------------------------

WASP = sheet_definition("wasp-war")


def wasp(dice, **kw):
    s = new_scenario(WASP, **kw)
    return play(replace(s, population=len(dice)), Refresh(tuple(dice)))


def gathered(s):
    return play(s, GatherNectar(tuple(Placement(bee(f, 1 if f == 6 else None), h) for f, h in
                                      zip(s.pool, [parse_cell(c) for c in
                                                   ("A1", "A2", "A3", "B1", "B2", "B3")]))))


def test_wasp_attack_example_4_and_5_lose_2_and_3_hp_heavy_9_loses_2_population():
    s = gathered(wasp([1, 1, 1, 1, 1, 1], bread=[6, 1, 1, 1, 1]))
    s = play(s, WaspAttack((4, 5)))
    # 5 HP from die 1 on the start 4 (flat): one space down, die 2; population 6 - 2
    assert (s.die, s.position, s.population) == (2, 3, 4)
    assert s.rounds_done == 1 and s.turn == 2


def test_marshal_up_to_2_non_matching_bees_and_a_defensive_reserve_blocks():
    s = wasp([4, 2, 1, 1, 1, 1], bread=[6, 1, 1, 1, 1])
    with pytest.raises(IllegalActionError) as exc:
        play(s, Marshal((("D1.1", bee(1)), ("D1.2", bee(1)))))
    assert exc.value.rule == "Hyve: Wasp War — Marshal"
    s = play(s, Marshal((("D1.1", bee(4)), ("D1.2", bee(2)))))
    s = gathered(s)
    s = play(s, WaspAttack((4, 5), blocks=("D1.1",)))   # the 4 is blocked, heavy 9 still hits
    assert (s.die, s.position, s.population) == (4, 3, 4)      # 3 HP: 1 → 0, one down, 5, 4
    assert "D1.1" in {str(h) for h in s.marshal.spent}


def test_wasp_attacks_eat_populated_larva_the_player_names():
    s = wasp([1, 1, 1, 1, 1, 1], bread=[6, 1, 1, 1, 1])
    s = replace(s, chamber=s.chamber.with_values({(0, 0): 3, (0, 1): 3}))
    s = gathered(s)
    with pytest.raises(IllegalActionError) as exc:
        play(s, WaspAttack((6, 2)))                    # 6: 1 larva; heavy 8: 1 larva
    assert exc.value.rule == "Hyve: Wasp War — Wasp Attack" and exc.value.expected == 2
    done = play(s, WaspAttack((6, 2), eaten=((0, 0), (0, 1))))
    assert done.chamber.format().splitlines()[1].split()[1:3] == ["x", "x"]


def test_wasp_war_has_no_seasonal_effects_and_other_sheets_no_wasp_attack():
    s = gathered(wasp([1, 1, 1, 1, 1, 1], bread=[6, 1, 1, 1, 1]))
    with pytest.raises(IllegalActionError) as exc:
        play(s, SeasonalEffect(1))
    assert exc.value.rule == "Hyve: Wasp War — Wasp Attack"
    std = new_scenario(sheet_definition("standard"), bread=[6, 1, 1, 1, 1])
    std = gathered(play(std, Refresh((1,) * 6)))
    with pytest.raises(IllegalActionError):
        play(std, WaspAttack((1, 1)))


def test_wasp_war_is_won_after_the_last_round():
    s = replace(new_scenario(WASP, bread=[6, 1, 1, 1, 1]), rounds_done=WASP.wasp.rounds - 1)
    s = gathered(play(s, Refresh((1,) * 6)))
    s = play(s, WaspAttack((1, 1)))
    assert s.status == "won" and s.end == ("all turns",)


# --- Bee Builder -------------------------------------------------------------------------------

BUILDER = sheet_definition("bee-builder")
LINE = ("C1", "C2", "C3", "C4")                 # the 1 shape: four hexes in a row


def builder(dice, **kw):
    s = new_scenario(BUILDER, **kw)
    return play(replace(s, population=len(dice)), Refresh(tuple(dice)))


def hexes(*names):
    return tuple(parse_cell(n) for n in names)


def test_bee_builder_example_a_1_and_a_4_bee_draw_their_two_shapes():
    s = builder([1, 4, 3, 3, 5, 5])
    s = play(s, Build(((bee(1), 1, hexes(*LINE)), (bee(4), 1, hexes("D1", "D2", "D3", "E3")))))
    assert s.built[0] == frozenset(hexes(*LINE, "D1", "D2", "D3", "E3"))
    with pytest.raises(IllegalActionError) as exc:          # the 4 shape is not a straight line
        play(builder([1, 4, 3, 3, 5, 5]), Build(((bee(4), 1, hexes(*LINE)),)))
    assert exc.value.rule == "Hyve: Bee Builder — Build Action"


def test_bee_builder_nectar_only_on_built_hexes():
    s = builder([1, 3, 3, 3, 3], bread=[1, 1, 6, 1, 1])
    s = play(s, Build(((bee(1), 1, hexes(*LINE)),)))
    with pytest.raises(IllegalActionError) as exc:
        play(s, GatherNectar(tuple(Placement(bee(3), h) for h in hexes("C1", "C2", "C3", "A1"))))
    assert "not built" in str(exc.value)
    ok = play(s, GatherNectar(tuple(Placement(bee(3), h) for h in hexes(*LINE))))
    assert ok.phase == "season" and ok.active == 0          # building never migrates


def test_bee_builder_placing_into_the_next_hyve_migrates_and_scores_with_inert_hexes():
    s = builder([3, 3, 3, 3, 1], bread=[1, 1, 6, 1, 1])
    built = (frozenset(hexes(*LINE)), frozenset(hexes("A1", "A2", "A3", "B4")),
             ) + (frozenset(),) * 4
    s = replace(s, built=built)
    s = play(s, GatherNectar(tuple(Placement(bee(3), h) for h in hexes(*LINE)) +
                             (Placement(bee(1), (2, parse_cell("A1"))),)))
    # hyve 1: four 3-nectar in a row, the rest inert: 4 HP; Migration (Spring): -1
    assert s.scores == (4,) and s.active == 1 and s.population == 4
    assert (s.die, s.position) == (5, 5)
    assert s.hyves[1][parse_cell("A1")].variety == "1"


def test_bee_builder_is_won_when_no_shape_fits_in_the_6th_hyve():
    full = frozenset(h for h in hexagon(2) if h not in hexes(*LINE))
    built = (frozenset(hexes("A1", "A2", "A3", "B4")),) * 5 + (full,)
    s = replace(builder([1, 1, 1, 1, 1, 1]), built=built)
    s = play(s, Build(((bee(1), 6, hexes(*LINE)),)))
    assert s.status == "won" and s.end == ("hyve 6 built",)


def test_turbo_lone_2_on_tend_larva_encircles_nothing():
    """"2-type bees have no affect if placed by themselves": a lone 2-type Bee on Tend Larva
    takes its action space and nothing else — a line or larva stated with it are refused, and
    outside that case the line is needed."""
    s = turbo([2, 2, 1, 1, 1, 1])
    got = play(s, TendLarva(bee(2), None))
    assert "no effect" in got.events[-1] and got.chamber == s.chamber
    with pytest.raises(IllegalActionError, match="no line") as exc:
        play(s, TendLarva(bee(2), Line("row", 1)))
    assert exc.value.rule == "Hyve: Turbo Mode — Action Boost"
    with pytest.raises(IllegalActionError, match="no line"):
        play(s, TendLarva(bee(2), None, (parse_cell("A1"),)))
    with pytest.raises(InvalidInputError, match="line"):
        play(s, TendLarva(bee(1), None))
