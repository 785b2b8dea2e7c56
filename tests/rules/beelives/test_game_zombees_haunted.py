"""Zombees and Haunted Hives played by the Bee Lives month sequencer (rules/bee-lives.txt,
"Campaign Cards: Zombees", "Scenario Cards: Haunted Hives"; hyvekit issue 5): infection rolls
of new wild hives, erratic turns of infected wild hives, an infected hive's action roll,
catching the infection on an infected tile; the haunted first wild hive, haunted tiles and
their forage roll, scaring the ghosts away — without a map (stated) and on the map."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import map as M
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives import zombees as Z
from hyvekit.rules.beelives.hive import Hive
from hyvekit.rules.common import IllegalActionError, InvalidInputError

COMPS = bl.components()
BOARD = COMPS.board
YEAR1 = ("First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
         "Summer Storms", "Buttoned Up", "Cooler Temps", "Culling of the Drones")


def month(text: str) -> g.MonthPlan:
    return rec.parse_month(tomllib.loads(text))


def zombee_game(*, infected: bool = False, wild=(), month_no: int = 4, card: str = "Early Fall",
                game_map=None, **hive) -> g.GameState:
    """Year 2 of a one-player Zombees game, at the start of the Action Phase of ``month_no``
    (4 = June) under ``card``; Ann's hive has 4 unassigned bees unless told otherwise."""
    s = g.new_game([("Ann", "prolific")], BOARD)
    s = replace(s, year=2, month=month_no, played=YEAR1, wild=tuple(wild), map=game_map,
                options=replace(s.options, years=2, zombees_from_year=2))
    s = s.with_hive("Ann", Hive(**{"unassigned": 4, "honey": 6, "comb": 14, **hive}))
    s = s.with_player(replace(s.player("Ann"), infected=infected))
    s = replace(s, stage="actions", round=1, cursor=0, card=card)
    return s


# --- Zombees: your infected hive's action roll ---------------------------------------------

def test_zombees_infected_hive_action_roll_1_bees_die_2_fails_3_succeeds():
    """"If your hive is infected, each time you take an action, you must roll the D6: On 1,
    the action fails and the assigned bees die. On 2, the action fails, but the assigned bees
    live. On 3-6, the action succeeds and the assigned bees live."  A forage two spaces away
    assigns 2 bees."""
    s = zombee_game(infected=True)
    forage = g.Turn("Ann", "forage", tile="wilt", distance=2, take=(3, 3, 0))
    died, evs = g.play_turn(s, replace(forage, zombee_d6=1), COMPS)
    h = died.player("Ann").hive
    assert (h.unassigned, h.workers, h.assigned.forage, h.honey, h.pollen) == (2, 2, 0, 6, 0)
    assert evs[0]["failed"] and evs[0]["died"] == 2
    lived, evs = g.play_turn(s, replace(forage, zombee_d6=2), COMPS)
    h = lived.player("Ann").hive
    assert (h.unassigned, h.workers, h.assigned.failed, h.honey, h.pollen) == (2, 4, 2, 6, 0)
    assert h.assigned.forage == 0                # on the space, doing nothing
    assert evs[0]["failed"] and evs[0]["died"] == 0
    ok, evs = g.play_turn(s, replace(forage, zombee_d6=3), COMPS)
    h = ok.player("Ann").hive
    assert (h.unassigned, h.workers, h.honey, h.pollen) == (2, 4, 9, 3)
    assert not evs[0].get("failed")
    with pytest.raises(IllegalActionError, match="state zombee_d6") as e:
        g.play_turn(s, forage, COMPS)
    assert e.value.rule == g.R_ZOMBEES


def test_zombees_a_healthy_hive_rolls_no_action_die_and_year_one_has_no_zombees():
    s = zombee_game(infected=False)
    with pytest.raises(IllegalActionError, match="not infected"):
        g.play_turn(s, g.Turn("Ann", "defend", bees=1, zombee_d6=3), COMPS)
    # "Year 1: Normal rules apply": a stated infection roll is refused in year 1
    y1 = replace(s, year=1)
    assert not y1.zombees
    with pytest.raises(IllegalActionError, match="only the Zombees"):
        g.play_turn(y1, g.Turn("Ann", "forage", tile="wilt", distance=1, take=(1, 1, 0),
                               infection_d6=2), COMPS)


def test_zombees_failed_scout_places_nothing_and_is_not_counted_as_a_scout():
    """A failed action is no action: the month's facts count no scout (Three Generations
    needs 12), the failed one is listed apart."""
    plan = month('year = 2\nmonth = "June"\ncard = "Early Fall"\n'
                 '[[turn]]\nplayer = "Ann"\naction = "scout"\ntile = "wilt"\nzombee_d6 = 2\n'
                 '[[turn]]\nplayer = "Ann"\naction = "defend"\nbees = 3\nzombee_d6 = 5\n')
    start = replace(zombee_game(infected=True), stage="month", round=0, card="On Guard")
    bees = g.phases_preview(start, plan, COMPS).player("Ann").hive.unassigned
    plan = replace(plan, turns=(plan.turns[0], replace(plan.turns[1], bees=bees - 1)))
    result = g.play_month(start, plan, COMPS)
    hf = result.summary.hives["Ann"]
    assert hf.scouts == 0 and hf.failed == (("scout", 1),)
    assert hf.actions == (("defend", bees - 1),)


# --- Zombees: infection rolls of new wild hives --------------------------------------------

def _fall_state(**kw) -> g.GameState:
    s = zombee_game(month_no=7, **kw)
    return replace(s, stage="month", round=0, card="Early Fall")


INDIAN_SUMMER = ('year = 2\nmonth = "September"\ncard = "Indian Summer"\n{rolls}\n'
                 '[[turn]]\nplayer = "Ann"\naction = "defend"\nbees = {bees}\nspawn = "OAK"\n')


def test_zombees_new_wild_hive_is_infected_on_1_or_2():
    """"When a new wild hive is spawned, roll the D6 ... On 1-2, the wild hive is infected ...
    On 3-6, the wild hive is healthy."  Indian Summer spawns one on the first turn (strength 4
    in year 2)."""
    start = _fall_state()
    bees = None
    for roll, infected in ((1, True), (2, True), (3, False), (6, False)):
        plan = month(INDIAN_SUMMER.format(rolls=f"spawn_d6 = {{ OAK = {roll} }}", bees="{b}"
                                          ).replace('"{b}"', "0").replace("{b}", "0"))
        s, _ = g.start_month(start, plan, COMPS)
        bees = s.player("Ann").hive.unassigned
        turn = replace(plan.turns[0], bees=bees)
        s2, evs = g.play_turn(s, turn, COMPS)
        oak = s2.wild_hive("OAK")
        assert (oak.strength, oak.infected) == (4, infected)
        assert [e for e in evs if e["kind"] == "spawn"][0]["infection_d6"] == roll
    # no roll stated: refused with the rule
    plan = month(INDIAN_SUMMER.format(rolls="", bees=1))
    s, _ = g.start_month(start, plan, COMPS)
    with pytest.raises(IllegalActionError, match="spawn_d6") as e:
        g.play_turn(s, replace(plan.turns[0], bees=s.player("Ann").hive.unassigned), COMPS)
    assert e.value.rule == g.R_ZOMBEES


def test_zombees_roll_for_a_wild_hive_that_never_spawned_is_refused():
    start = _fall_state()
    bees = g.phases_preview(start, month('year = 2\nmonth = 7\ncard = "Indian Summer"'),
                            COMPS).player("Ann").hive.unassigned
    text = INDIAN_SUMMER.format(rolls="spawn_d6 = { OAK = 4, ELM = 2 }", bees=bees)
    with pytest.raises(IllegalActionError, match="ELM") as e:
        g.play_month(start, month(text), COMPS)
    assert e.value.rule == g.R_ZOMBEES
    # the same month with OAK's roll only is legal
    result = g.play_month(start, month(INDIAN_SUMMER.format(rolls="spawn_d6 = { OAK = 4 }",
                                                            bees=bees)), COMPS)
    assert not result.state.wild_hive("OAK").infected
    # a roll for a wild hive in play all month (never spawned in it) is refused too
    acorn = replace(start, wild=(g.WildHiveState("ACORN", 3),))
    text2 = INDIAN_SUMMER.format(rolls="spawn_d6 = { OAK = 4, ACORN = 1 }", bees=bees)
    with pytest.raises(IllegalActionError, match="ACORN"):
        g.play_month(acorn, month(text2), COMPS)
    # without Zombees, spawn_d6 is refused
    healthy = replace(start, options=replace(start.options, zombees_from_year=0))
    with pytest.raises(IllegalActionError, match="only the Zombees"):
        g.play_month(healthy, month(text), COMPS)


# --- Zombees: infected wild hives' erratic turns --------------------------------------------

def _wild_round(s: g.GameState) -> g.GameState:
    """Ann defends with one bee: the wild hives' turns of round 1 follow."""
    s, _ = g.play_turn(s, g.Turn("Ann", "defend", bees=1), COMPS)
    assert g.next_actor(s).wild
    return s


def test_zombees_infected_wild_hive_ignores_the_chart_and_follows_the_d6():
    """"ignore the normal priority chart. Instead, roll the D6: On 1, the wild hive raids the
    closest hive. On 2, ... forages a bloom tile. On 3, ... a wilt tile. On 4, ... a harvest
    tile. On 5, ... raids the farthest hive. On 6, ... does nothing." """
    s = _wild_round(zombee_game(wild=(g.WildHiveState("ROT", 3, infected=True),)))
    # 2: a bloom tile — a wilt tile or a raid is refused
    with pytest.raises(IllegalActionError, match="rolled 2") as e:
        g.play_turn(s, g.Turn("ROT", "forage", wild=True, tile="wilt", zombee_d6=2), COMPS)
    assert e.value.rule == g.R_ZOMBEES
    s2, evs = g.play_turn(s, g.Turn("ROT", "forage", wild=True, tile="bloom", zombee_d6=2),
                          COMPS)
    assert s2.wild_hive("ROT").strength == 4 and evs[0]["zombee_d6"] == 2
    # 6: nothing
    with pytest.raises(IllegalActionError, match="rolled 6"):
        g.play_turn(s, g.Turn("ROT", "forage", wild=True, tile="bloom", zombee_d6=6), COMPS)
    s3, _ = g.play_turn(s, g.Turn("ROT", "nothing", wild=True, zombee_d6=6), COMPS)
    assert s3.wild_hive("ROT").strength == 3
    # 1: a raid — even on a hive more than two stronger (the chart's condition is ignored,
    # ruling L143): Ann has 3 unassigned bees, ROT strength 3... make Ann stronger
    strong = s.with_hive("Ann", replace(s.player("Ann").hive, unassigned=9))
    s4, evs = g.play_turn(strong, g.Turn("ROT", "raid", wild=True, target="Ann", d6=1,
                                         zombee_d6=1), COMPS)
    assert evs[0]["target"] == "Ann"
    # the roll is needed
    with pytest.raises(IllegalActionError, match="state zombee_d6"):
        g.play_turn(s, g.Turn("ROT", "nothing", wild=True), COMPS)


def test_zombees_healthy_wild_hive_follows_its_chart_without_a_roll():
    s = _wild_round(zombee_game(wild=(g.WildHiveState("OAK", 3),)))
    with pytest.raises(IllegalActionError, match="not infected"):
        g.play_turn(s, g.Turn("OAK", "forage", wild=True, tile="bloom", zombee_d6=2), COMPS)


# --- Zombees: catching the infection -------------------------------------------------------

def test_zombees_raiding_an_infected_wild_hive_rolls_to_catch_it():
    """"When any healthy hive (including yours) performs an action on an infected map tile,
    roll the D6: On 1-2, the hive becomes infected. On 3-6, the hive avoids infection."  An
    infected wild hive's tile is infected ("flip that map tile to the dark side")."""
    s = zombee_game(wild=(g.WildHiveState("ROT", 6, infected=True),))
    raid = g.Turn("Ann", "raid", target="ROT", bees=2, rolls=((1,),))
    with pytest.raises(IllegalActionError, match="infection_d6") as e:
        g.play_turn(s, raid, COMPS)
    assert e.value.rule == g.R_ZOMBEES
    caught, evs = g.play_turn(s, replace(raid, infection_d6=2), COMPS)
    assert caught.player("Ann").infected and evs[-1]["kind"] == "infected"
    avoided, evs = g.play_turn(s, replace(raid, infection_d6=3), COMPS)
    assert not avoided.player("Ann").infected
    # an infected hive rolls no more
    sick = s.with_player(replace(s.player("Ann"), infected=True))
    with pytest.raises(IllegalActionError, match="infected already"):
        g.play_turn(sick, replace(raid, zombee_d6=4, infection_d6=2), COMPS)
    # now infected, its disease gains double: after ROT's turn (6: nothing), Ann's forage at
    # distance 0 gains 2, not 1; and her actions roll
    caught, _ = g.play_turn(caught, g.Turn("ROT", "nothing", wild=True, zombee_d6=6), COMPS)
    s2, evs = g.play_turn(caught, g.Turn("Ann", "forage", tile="wilt", distance=0,
                                         take=(1, 0, 0), zombee_d6=6), COMPS)
    assert evs[0]["disease"] == 2


def test_zombees_without_a_map_a_stated_roll_says_the_tile_was_infected():
    s = zombee_game()
    s2, evs = g.play_turn(s, g.Turn("Ann", "forage", tile="wilt", distance=1,
                                    take=(3, 3, 0), infection_d6=1), COMPS)
    assert s2.player("Ann").infected
    # a defend is not on a tile: no roll (L142)
    with pytest.raises(InvalidInputError, match="infection_d6"):
        g.play_turn(s, g.Turn("Ann", "defend", bees=1, infection_d6=1), COMPS)


# --- Zombees on the map -----------------------------------------------------------------------

def zombee_map() -> M.BeeMap:
    """Ann's bloom tile (0, 0), a bloom (1, 0) and a wilt (2, 0) east of it, the infected ROT
    on a harvest tile (3, 0)."""
    return M.new_map({(0, 0): "bloom", (1, 0): "bloom", (2, 0): "wilt",
                      (3, 0): M.Tile("harvest", "infected")},
                     hives=[M.MapHive("Ann", "player", (0, 0)),
                            M.MapHive("ROT", "wild", (3, 0), "infected")])


def test_zombees_on_the_map_infected_hive_forages_the_closest_tile_and_infects_it():
    s = _wild_round(zombee_game(wild=(g.WildHiveState("ROT", 3, infected=True),),
                                game_map=zombee_map()))
    # 2: the closest bloom tile ROT may forage is (1, 0) (Ann's tile holds her hive)
    with pytest.raises(IllegalActionError, match=r"\[1, 0\]"):
        g.play_turn(s, g.Turn("ROT", "forage", wild=True, tile="bloom", at=(0, 0),
                              zombee_d6=2), COMPS)
    s2, evs = g.play_turn(s, g.Turn("ROT", "forage", wild=True, at=(1, 0), zombee_d6=2),
                          COMPS)                     # the tile type is read from the map
    assert s2.map.tile((1, 0)).dark == "infected" and evs[0]["tile"] == "bloom"
    assert [e for e in evs if e["kind"] == "tile_infected"][0]["at"] == [1, 0]
    # 4: a harvest tile — the only one is ROT's own (already infected: it stays so)
    s3, _ = g.play_turn(s, g.Turn("ROT", "forage", wild=True, tile="harvest", at=(3, 0),
                                  zombee_d6=4), COMPS)
    assert s3.map.tile((3, 0)).dark == "infected"
    # "If the infected wild hive cannot perform the action legally, it simply does nothing":
    # with all five neutral worker tokens out, a forage roll means nothing
    tired = s.with_wild(replace(s.wild_hive("ROT"), workers=5))
    with pytest.raises(IllegalActionError, match="nothing"):
        g.play_turn(tired, g.Turn("ROT", "forage", wild=True, tile="bloom", at=(1, 0),
                                  zombee_d6=2), COMPS)
    g.play_turn(tired, g.Turn("ROT", "nothing", wild=True, zombee_d6=2), COMPS)
    # 5: the farthest hive within three spaces is Ann (the only one)
    s4, evs = g.play_turn(s, g.Turn("ROT", "raid", wild=True, target="Ann", d6=6,
                                    zombee_d6=5), COMPS)
    assert evs[0]["target"] == "Ann"
    assert s4.map.tile((0, 0)).dark == "infected"      # ROT acted on Ann's tile


def test_zombees_on_the_map_your_forage_on_an_infected_tile_rolls():
    m = M.flip(zombee_map(), (1, 0), "infected")
    s = zombee_game(wild=(g.WildHiveState("ROT", 3, infected=True),), game_map=m)
    forage = g.Turn("Ann", "forage", at=(1, 0), take=(1, 1, 0))
    with pytest.raises(IllegalActionError, match="infection_d6"):
        g.play_turn(s, forage, COMPS)
    s2, _ = g.play_turn(s, replace(forage, infection_d6=1), COMPS)
    assert s2.player("Ann").infected
    # a healthy tile: a roll is refused
    with pytest.raises(IllegalActionError, match="not on an infected tile"):
        g.play_turn(s, g.Turn("Ann", "forage", at=(0, 0), take=(1, 1, 0), infection_d6=1),
                    COMPS)
    # an infected Ann infects the healthy tile she forages
    sick = s.with_player(replace(s.player("Ann"), infected=True))
    s3, evs = g.play_turn(sick, g.Turn("Ann", "forage", at=(2, 0), take=(1, 1, 0),
                                       zombee_d6=3), COMPS)
    assert s3.map.tile((2, 0)).dark == "infected"


def test_zombees_infect_wild_flips_its_tile():
    m = M.new_map({(0, 0): "bloom", (1, 0): "wilt"},
                  hives=[M.MapHive("Ann", "player", (0, 0)), M.MapHive("OAK", "wild", (1, 0))])
    s = zombee_game(wild=(g.WildHiveState("OAK", 5),), game_map=m)
    s2, ev = Z.infect_wild(s, "OAK")
    assert s2.wild_hive("OAK").infected and s2.map.tile((1, 0)).dark == "infected"
    assert s2.map.hive("OAK").dark == "infected" and ev["hive"] == "OAK"
    back = g.GameState.from_dict(s2.to_dict())
    assert back.wild_hive("OAK").infected and back.options.zombees_from_year == 2


# --- Haunted Hives -----------------------------------------------------------------------------

def haunted_game(*, wild=(), game_map=None, **hive) -> g.GameState:
    s = g.new_game([("Ann", "prolific")], BOARD)
    s = replace(s, month=5, played=YEAR1[:4], wild=tuple(wild), map=game_map,
                options=replace(s.options, haunted_hives=True),
                haunted_appeared=bool(wild))
    s = s.with_hive("Ann", Hive(**{"unassigned": 4, "honey": 6, "comb": 14, **hive}))
    return replace(s, stage="actions", round=1, cursor=0, card="On Guard")


def test_haunted_hives_first_wild_hive_to_appear_is_haunted_and_its_swarm_too():
    """"The first wild hive that appears is a haunted hive ... When the haunted hive swarms,
    the new wild hive that is spawned is also a haunted hive." """
    s = haunted_game()
    s, ev = g.spawn_wild(s, "GHOST", 3, cause="solo hard rule", by="Ann", comps=COMPS)
    assert s.wild_hive("GHOST").haunted and ev["haunted"]
    s, ev = g.spawn_wild(s, "OAK", 3, cause="swarm", by="Ann", comps=COMPS)
    assert not s.wild_hive("OAK").haunted
    s, _ = g.spawn_wild(s, "SHADE", 7, cause="wild swarm", by="GHOST", comps=COMPS)
    s, _ = g.spawn_wild(s, "ACORN", 7, cause="wild swarm", by="OAK", comps=COMPS)
    assert s.wild_hive("SHADE").haunted and not s.wild_hive("ACORN").haunted
    # without the card no hive is haunted
    plain = replace(haunted_game(), options=replace(s.options, haunted_hives=False))
    plain, _ = g.spawn_wild(plain, "GHOST", 3, cause="solo hard rule", by="Ann", comps=COMPS)
    assert not plain.wild_hive("GHOST").haunted


def test_haunted_forage_fails_on_1_to_4_and_succeeds_on_5_or_6():
    """"When you forage on a haunted tile, you must roll the D6: on 1-4, the action fails; on
    5-6, the action succeeds."  A failed forage: the bees are used, nothing gained (L86)."""
    s = haunted_game(wild=(g.WildHiveState("GHOST", 4, haunted=True),))
    forage = g.Turn("Ann", "forage", tile="wilt", distance=1, take=(3, 3, 0))
    failed, evs = g.play_turn(s, replace(forage, haunt_d6=4), COMPS)
    h = failed.player("Ann").hive
    assert (h.unassigned, h.assigned.failed, h.honey, h.pollen, h.mite) == (3, 1, 6, 0, 0)
    assert evs[0]["failed"]
    ok, evs = g.play_turn(s, replace(forage, haunt_d6=5), COMPS)
    assert ok.player("Ann").hive.honey == 9 and not evs[0].get("failed")
    plain = replace(s, options=replace(s.options, haunted_hives=False))
    with pytest.raises(IllegalActionError, match="no Haunted Hives"):
        g.play_turn(plain, replace(forage, haunt_d6=5), COMPS)


def haunted_map() -> M.BeeMap:
    return M.new_map({(0, 0): "bloom", (1, 0): M.Tile("wilt", "haunted"),
                      (2, 0): M.Tile("bloom", "haunted"), (0, 1): "harvest"},
                     hives=[M.MapHive("Ann", "player", (0, 0)),
                            M.MapHive("GHOST", "wild", (2, 0), "haunted")])


def test_haunted_hives_on_the_map_forage_roll_and_scaring_the_ghosts():
    s = haunted_game(wild=(g.WildHiveState("GHOST", 4, haunted=True),), game_map=haunted_map())
    with pytest.raises(IllegalActionError, match="haunt_d6") as e:
        g.play_turn(s, g.Turn("Ann", "forage", at=(1, 0), take=(1, 1, 0)), COMPS)
    assert e.value.rule == g.R_HAUNTED
    with pytest.raises(IllegalActionError, match="not haunted"):
        g.play_turn(s, g.Turn("Ann", "forage", at=(0, 1), take=(1, 1, 0), haunt_d6=6), COMPS)
    # "You may take the Raid action with 1 worker bee to scare the ghosts away from a haunted
    # tile, as long as it is not occupied by a haunted hive. If you do, flip the tile to the
    # light side."
    scared, evs = g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True, at=(1, 0)), COMPS)
    assert scared.map.tile((1, 0)).dark is None and evs[0]["scare_ghosts"]
    assert scared.player("Ann").hive.assigned.raid == 1
    with pytest.raises(IllegalActionError, match="haunted hive occupies"):
        g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True, at=(2, 0)), COMPS)
    with pytest.raises(IllegalActionError, match="not haunted"):
        g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True, at=(0, 1)), COMPS)
    with pytest.raises(IllegalActionError, match="1 worker bee"):
        g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True, at=(1, 0), bees=2), COMPS)


def test_haunted_hive_forages_and_its_tile_turns_haunted():
    m = M.new_map({(0, 0): "bloom", (5, 0): "bloom", (6, 0): "wilt"},
                  hives=[M.MapHive("Ann", "player", (0, 0)),
                         M.MapHive("GHOST", "wild", (5, 0), "haunted")])
    m = M.flip(m, (5, 0), "haunted")
    s = _wild_round(haunted_game(wild=(g.WildHiveState("GHOST", 4, haunted=True),),
                                 game_map=m))
    s2, evs = g.play_turn(s, g.Turn("GHOST", "forage", wild=True, tile="wilt", at=(6, 0)),
                          COMPS)
    assert s2.map.tile((6, 0)).dark == "haunted" and evs[0]["haunted_tile"] == [6, 0]


def test_scare_ghosts_without_the_card_or_with_a_target_is_refused():
    s = haunted_game()
    scared, _ = g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True), COMPS)
    assert scared.player("Ann").hive.assigned.raid == 1
    plain = replace(s, options=replace(s.options, haunted_hives=False))
    with pytest.raises(IllegalActionError, match="no ghosts"):
        g.play_turn(plain, g.Turn("Ann", "raid", scare_ghosts=True), COMPS)
    with pytest.raises(InvalidInputError, match="target"):
        g.play_turn(s, g.Turn("Ann", "raid", scare_ghosts=True, target="GHOST"), COMPS)


# --- the month record ---------------------------------------------------------------------------

def test_solo_card_dice_round_trip_through_the_month_record():
    text = ('year = 2\nmonth = "June"\ncard = "Early Fall"\nspawn_d6 = { OAK = 2 }\n'
            '[[turn]]\nplayer = "Ann"\naction = "forage"\ntile = "bloom"\ndistance = 1\n'
            'zombee_d6 = 3\ninfection_d6 = 5\nhaunt_d6 = 6\n'
            '[[turn]]\nplayer = "Ann"\naction = "raid"\nscare_ghosts = true\n'
            '[[turn]]\nwild = "ROT"\naction = "nothing"\nzombee_d6 = 6\n')
    plan = month(text)
    assert plan.spawn_d6 == (("OAK", 2),)
    t = plan.turns[0]
    assert (t.zombee_d6, t.infection_d6, t.haunt_d6) == (3, 5, 6)
    assert plan.turns[1].scare_ghosts and plan.turns[2].zombee_d6 == 6
    assert month(rec.dump_month(plan)) == replace(plan, where="month")
    with pytest.raises(InvalidInputError, match="scare_ghosts"):
        month('month = 5\ncard = "X"\n[[turn]]\nplayer = "Ann"\naction = "forage"\n'
              'scare_ghosts = true\n')
    with pytest.raises(InvalidInputError, match="spawn_d6"):
        month('month = 5\ncard = "X"\nspawn_d6 = 3\n')
    with pytest.raises(InvalidInputError, match="spawn_d6.OAK"):
        month('month = 5\ncard = "X"\nspawn_d6 = { OAK = 7 }\n')


# --- in a campaign ------------------------------------------------------------------------------

from hyvekit.rules.beelives import campaign as C  # noqa: E402

CCOMPS = C.Components(COMPS, COMPS.solo)
ANN = [{"name": "Ann", "queen": "prolific"}]
MARCH_Y2 = {"year": 2, "month": 1, "card": "First Bloom",
            "turn": [{"player": "Ann", "action": "forage", "tile": "bloom", "distance": 1,
                      "take": [2, 2, 0]}]}


def campaign(raw) -> C.CampaignState:
    return C.new_campaign(C.settings_from_dict(raw, CCOMPS), CCOMPS)


def zombees_year_two(wild=()) -> C.CampaignState:
    """A Zombees campaign at the start of year 2 (year 1 played: Ann has one bee left)."""
    state = campaign({"kind": "solo-campaign", "campaign": "Zombees", "years": 2,
                      "players": ANN})
    assert state.game.options.zombees_from_year == 2
    game = replace(state.game, year=2, wild=tuple(wild))
    game = game.with_hive("Ann", Hive(unassigned=1, honey=4, comb=14, queen="prolific"))
    return replace(state, game=game)


def test_zombees_start_of_year_two_infects_the_strongest_wild_hive():
    """"At the start of the year, the strongest wild hive becomes infected with zombees!" """
    state = zombees_year_two((g.WildHiveState("OAK", 5), g.WildHiveState("ELM", 7)))
    after = C.play(state, "month", {"month": MARCH_Y2})
    assert after.game.wild_hive("ELM").infected and not after.game.wild_hive("OAK").infected
    # naming another hive is refused
    with pytest.raises(IllegalActionError, match="ELM") as e:
        C.play(state, "month", {"month": MARCH_Y2, "stated": {"infect": "OAK"}})
    assert e.value.rule == C.R_ZOMBEES
    # only at the start of year 2: in April the choice is refused
    with pytest.raises(IllegalActionError, match="start of year 2"):
        C.play(after, "month", {"month": {"year": 2, "month": 2, "card": "Non-Stop Rain"},
                                "stated": {"infect": "ELM"}})


def test_zombees_tied_strongest_you_choose():
    """"If there are multiple wild hives tied for strongest, you choose which one is the
    infected hive." """
    state = zombees_year_two((g.WildHiveState("OAK", 7), g.WildHiveState("ELM", 7)))
    with pytest.raises(IllegalActionError, match="you choose") as e:
        C.play(state, "month", {"month": MARCH_Y2})
    assert e.value.expected == ["ELM", "OAK"]
    after = C.play(state, "month", {"month": MARCH_Y2, "stated": {"infect": "OAK"}})
    assert after.game.wild_hive("OAK").infected and not after.game.wild_hive("ELM").infected


def test_zombees_no_wild_hive_spawns_an_infected_one_of_strength_six():
    """"If there are no wild hives in play, spawn a wild hive (strength 6) up to 3 spaces
    away from your own hive. That is the infected hive." """
    state = zombees_year_two()
    with pytest.raises(IllegalActionError, match="infected_spawn"):
        C.play(state, "month", {"month": MARCH_Y2})
    after = C.play(state, "month", {"month": MARCH_Y2, "stated": {"infected_spawn": "ROT"}})
    rot = after.game.wild_hive("ROT")
    assert (rot.strength, rot.infected) == (6, True)
    spawned = [w for w in after.facts[-1].wild_hives if w.spawned]
    assert [(w.name, w.origin) for w in spawned] == [("ROT", "campaign_card")]
    # a year-1 campaign month cannot state it
    y1 = campaign({"kind": "solo-campaign", "campaign": "Zombees", "years": 2, "players": ANN})
    with pytest.raises(IllegalActionError, match="start of year 2"):
        C.play(y1, "month", {"month": {**MARCH_Y2, "year": 1},
                             "stated": {"infected_spawn": "ROT"}})


def test_haunted_hives_campaign_first_wild_hive_is_haunted():
    """A Haunted Hives scenario campaign: the first wild hive to appear (here by the harder
    ... by a season card's spawn) is haunted, and the status shows it."""
    state = campaign({"kind": "solo-scenario", "scenario": "Haunted Hives", "players": ANN})
    assert state.game.options.haunted_hives
    march = {"year": 1, "month": 1, "card": "Perfect Weather",
             "turn": [{"player": "Ann", "action": "forage", "tile": "bloom", "distance": 0,
                       "take": [4, 4, 0], "spawn": "GHOST"},
                      {"player": "Ann", "action": "scout", "tile": "wilt"},
                      {"player": "Ann", "action": "defend", "bees": 1}]}
    after = C.play(state, "month", {"month": march})
    assert after.game.wild_hive("GHOST").haunted
    wild = {w["name"]: w for w in C.summary(after)["wild"]}
    assert wild["GHOST"]["haunted"] is True


def test_haunted_swarm_that_leaves_keeps_both_tiles_dark_ruling_l147():
    """Ann swarms in July and leaves: the new wild hive (the first to appear: haunted) was
    spawned on (1, 0), which flips; the hives swap, so GHOST sits on (0, 0), which flips too
    ("The map tile it occupies is also haunted")."""
    m = M.new_map({(0, 0): "bloom", (1, 0): "wilt"}, hives=[M.MapHive("Ann", "player", (0, 0))])
    s = replace(haunted_game(game_map=m, unassigned=12, honey=8), stage="month", round=0,
                card="Heat Wave")
    plan = month('year = 1\nmonth = "July"\ncard = "On Guard"\n[players.Ann]\n'
                 'swarm = { wild = "GHOST", choice = "leave", at = [1, 0] }\n')
    s2, events = g.start_month(s, plan, COMPS)
    assert s2.wild_hive("GHOST").haunted
    assert s2.map.hive("GHOST").at == (0, 0) and s2.map.hive("Ann").at == (1, 0)
    assert s2.map.tile((0, 0)).dark == "haunted" and s2.map.tile((1, 0)).dark == "haunted"


def test_solo_dice_only_where_they_belong():
    """A die of a card stated on a turn it cannot belong to is malformed (exit 2), with the
    actions it is allowed on; a raid that scares ghosts away takes none of a raid's values."""
    s = haunted_game(wild=(g.WildHiveState("GHOST", 4, haunted=True),
                           g.WildHiveState("OAK", 4)))
    for turn, key in ((g.Turn("Ann", "defend", bees=1, haunt_d6=5), "haunt_d6"),
                      (g.Turn("Ann", "scout", tile="wilt", haunt_d6=5), "haunt_d6"),
                      (g.Turn("Ann", "raid", scare_ghosts=True, rolls=((2,),)), "rolls"),
                      (g.Turn("Ann", "raid", scare_ghosts=True, take=(3, 0, 0)), "take"),
                      (g.Turn("Ann", "raid", scare_ghosts=True, sacrifices=1), "sacrifices"),
                      (g.Turn("Ann", "cool_hive", infection_d6=3), "infection_d6")):
        with pytest.raises(InvalidInputError, match=key):
            g.play_turn(s, turn, COMPS)
    s = _wild_round(s)
    with pytest.raises(InvalidInputError, match="scare_ghosts"):
        g.play_turn(s, g.Turn("OAK", "raid", wild=True, target="Ann", d6=2, scare_ghosts=True),
                    COMPS)
    with pytest.raises(InvalidInputError, match="haunt_d6"):
        g.play_turn(s, g.Turn("OAK", "forage", wild=True, tile="wilt", haunt_d6=2), COMPS)


def test_haunted_hives_campaign_on_the_map_shows_the_haunted_tiles():
    state = campaign({"kind": "solo-scenario", "scenario": "Haunted Hives", "players": ANN,
                      "map": True})
    march = {"year": 1, "month": 1, "card": "Perfect Weather",
             "turn": [{"player": "Ann", "action": "scout", "at": [1, 0], "tile": "wilt",
                       "spawn": "GHOST", "spawn_at": [1, 0]},
                      {"player": "Ann", "action": "defend", "bees": 2}]}
    after = C.play(state, "month", {"month": march})
    data = C.summary(after)
    assert data["map"]["haunted"] == [[1, 0]] and data["map"]["infected"] == []
    assert after.game.map.hive("GHOST").dark == "haunted"
    # without the map a stated tile for a spawn is refused (there is no tile to name)
    flat = campaign({"kind": "solo-scenario", "scenario": "Haunted Hives", "players": ANN})
    with pytest.raises(InvalidInputError, match="without the map"):
        C.play(flat, "month", {"month": {**march, "turn": [
            {"player": "Ann", "action": "scout", "tile": "wilt", "spawn": "GHOST",
             "spawn_at": [1, 0]}, {"player": "Ann", "action": "defend", "bees": 2}]}})


def test_zombees_failed_defend_does_not_defend():
    """"On 2, the action fails, but the assigned bees live": bees of a failed Defend are used
    for the month but defend nothing — an infected ROT (5) raiding Ann's 8 honey steals 5,
    as with no defender (L145)."""
    s = zombee_game(infected=True, unassigned=8, honey=8,
                    wild=(g.WildHiveState("ROT", 5, infected=True),))
    s, _ = g.play_turn(s, g.Turn("Ann", "defend", bees=3, zombee_d6=2), COMPS)
    h = s.player("Ann").hive
    assert (h.assigned.defend, h.assigned.failed, h.unassigned) == (0, 3, 5)
    s2, evs = g.play_turn(s, g.Turn("ROT", "raid", wild=True, target="Ann", d6=5,
                                    zombee_d6=1), COMPS)
    # the same raid on a hive with 3 real defenders steals less
    d = s.with_hive("Ann", replace(h, assigned=replace(h.assigned, failed=0, defend=3)))
    d2, devs = g.play_turn(d, g.Turn("ROT", "raid", wild=True, target="Ann", d6=5,
                                     zombee_d6=1), COMPS)
    assert evs[0]["stolen"] == 5 and s2.player("Ann").hive.honey == 3
    assert devs[0]["stolen"] < 5


def test_zombees_a_failed_action_must_still_be_one_the_hive_could_take():
    """"each time you take an action, you must roll": an action the hive could not take is
    not taken, whatever the roll — refused as without the infection; a failed action carries
    nothing after it (no card D6, no raid dice)."""
    s = zombee_game(infected=True, honey=0, wild=(g.WildHiveState("ROT", 5),))
    for turn, word in ((g.Turn("Ann", "build_wax", bees=1, zombee_d6=2), "honey"),
                       (g.Turn("Ann", "requeen", queen="prolific", zombee_d6=2), "queen"),
                       (g.Turn("Ann", "raid", target="Ann", bees=1, zombee_d6=1), "opposing"),
                       (g.Turn("Ann", "forage", tile="wilt", distance=7, zombee_d6=2),
                        "at most 3 spaces")):
        with pytest.raises((IllegalActionError, InvalidInputError), match=word):
            g.play_turn(s, turn, COMPS)
    # a failed raid rolls no raid dice
    ok, evs = g.play_turn(s, g.Turn("Ann", "raid", target="ROT", bees=2, zombee_d6=2), COMPS)
    assert evs[0]["failed"] and ok.wild_hive("ROT").strength == 5
    with pytest.raises(IllegalActionError, match="nothing follows it"):
        g.play_turn(s, g.Turn("Ann", "raid", target="ROT", bees=2, rolls=((3,),),
                              zombee_d6=2), COMPS)
    # a failed forage under a card that rolls after foraging rolls nothing
    late = replace(s, card="Late Bloom")
    with pytest.raises(IllegalActionError, match="nothing follows it"):
        g.play_turn(late, g.Turn("Ann", "forage", tile="bloom", distance=1, d6=4,
                                 zombee_d6=2), COMPS)


def test_no_haunted_tile_before_the_first_haunted_hive():
    """Tiles turn haunted only through haunted hives: before the first one appears, a forage
    roll for a haunted tile is refused (without a map too)."""
    s = haunted_game()
    with pytest.raises(IllegalActionError, match="no haunted hive has appeared"):
        g.play_turn(s, g.Turn("Ann", "forage", tile="wilt", distance=1, take=(3, 3, 0),
                              haunt_d6=5), COMPS)


def test_zombees_first_infection_values_are_checked():
    state = zombees_year_two()
    # the card's own infected hive rolls no D6
    with pytest.raises(IllegalActionError, match="rolls no D6"):
        C.play(state, "month", {"month": {**MARCH_Y2, "spawn_d6": {"ROT": 2}},
                                "stated": {"infected_spawn": "ROT"}})
    # a tile without the hive is malformed
    with pytest.raises(InvalidInputError, match="infected_spawn_at"):
        C.play(state, "month", {"month": {**MARCH_Y2, "infected_spawn_at": [1, 0]}})
    # the Zombees rules begin in a year of the game
    with pytest.raises(InvalidInputError, match="zombees_from_year"):
        g.Options(years=1, zombees_from_year=2)


def test_a_burned_hive_only_in_wildfire_year_two():
    """Without the map a burned hive is stated — and refused where no fire burns."""
    state = zombees_year_two((g.WildHiveState("OAK", 5),))
    with pytest.raises(IllegalActionError, match="no wildfire burns") as e:
        C.play(state, "month", {"month": MARCH_Y2, "stated": {"hive_burned": True}})
    assert e.value.rule == C.R_WILDFIRE


def test_a_saved_state_with_unknown_keys_is_refused():
    s = g.new_game([("Ann", "prolific")], BOARD)
    d = s.to_dict()
    for bad, field in (({**d, "bogus": 1}, "start key"),
                       ({**d, "players": [{**d["players"][0], "bogus": 1}]},
                        "start.players[1] key"),
                       ({**d, "spawn_rolls": [["OAK"]]}, "start.spawn_rolls")):
        with pytest.raises(InvalidInputError, match=field.replace("[", r"\[")):
            g.GameState.from_dict(bad)
