"""Bee Lives month sequencer (hyvekit/rules/beelives/game.py): phase order, the first-month
exception, each phase's effects through the sequencer, action rounds and wild hive turns,
cleanup, joining, winter, scoring and claims (rules/bee-lives.txt)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.hive import Assigned, Hive, hive_at_level
from hyvekit.rules.common import IllegalActionError, InvalidInputError


@pytest.fixture(scope="module")
def comps():
    return bl.components()


@pytest.fixture(scope="module")
def board(comps):
    return comps.board


def month(text: str) -> g.MonthPlan:
    """A month plan from month-record TOML (the top-level month shape)."""
    import tomllib
    return rec.parse_month(tomllib.loads(text))


def two_players(board, **kw) -> g.GameState:
    return g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], board, **kw)


def at(state: g.GameState, month: int, card: str | None, played=(), **kw) -> g.GameState:
    """``state`` moved to ``month`` (1 = March) with ``card`` on the seasons board; each hive
    gets enough honey and comb to live through the phases (tests override the ones they
    look at)."""
    state = replace(state, month=month, card=card,
                    played=tuple(played) + ((card,) if card else ()), **kw)
    for p in state.players:
        state = state.with_hive(p.name, Hive(unassigned=3, honey=6, comb=12, queen=p.hive.queen,
                                             side=p.hive.side))
    return state


def kinds(events) -> list[str]:
    return [e["kind"] for e in events]


# --- phase order and the first month --------------------------------------------------------

def test_first_month_skips_egg_feeding_brood_and_swarm(comps, board):
    s = two_players(board)
    s = s.with_hive("Susan", replace(s.player("Susan").hive, honey=2))   # 8 empty cells
    plan = month('month = "March"\ncard = "First Bloom"')
    s2, events = g.start_month(s, plan, comps)
    assert kinds(events) == ["month", "event"]
    # no brood laid, no honey eaten: phases 1-4 were skipped
    assert s2.player("Susan").hive.brood == 0 and s2.player("Susan").hive.honey == 2
    assert s2.card == "First Bloom" and s2.stage == "actions"


def test_first_month_refuses_feeding_and_swarm_choices(comps, board):
    plan = month('month = 1\ncard = "First Bloom"\n[players.Susan]\nstarvation_tokens = 1')
    with pytest.raises(IllegalActionError, match="first month of the game skips"):
        g.start_month(two_players(board), plan, comps)


def test_later_month_runs_phases_in_order(comps, board):
    s = at(two_players(board), 2, "First Bloom")
    s2, events = g.start_month(s, month('month = "April"\ncard = "Perfect Weather"'), comps)
    assert kinds(events) == ["month", "egg", "egg", "feeding", "feeding", "brood", "brood",
                             "event"]


def test_months_must_come_in_order(comps, board):
    with pytest.raises(IllegalActionError, match="next month is March"):
        g.start_month(two_players(board), month('month = "April"\ncard = "First Bloom"'), comps)


# --- phases 1-5 through the sequencer -----------------------------------------------------

def test_example_a_b_c_egg_feeding_brood_through_the_sequencer(comps, board):
    """Example A: 15 cells, 3 pollen, 7 honey, 1 water → 4 brood.  Feeding: 5 workers eat 3
    honey (Example B's rule: a honey feeds two).  Brood: 3 pollen hatch 3 of the 4 brood, the
    disease level -1 kills 1 newly hatched bee (Example C), the 4th brood is discarded."""
    s = at(two_players(board), 2, "First Bloom")
    susan = hive_at_level(board, -1, unassigned=5, comb=15, pollen=3, honey=7, water=1,
                          queen="aggressive")
    s = s.with_hive("Susan", susan)
    s2, events = g.start_month(s, month('month = 2\ncard = "Perfect Weather"'), comps)
    ev = {(e["kind"], e.get("hive")): e for e in events}
    assert ev[("egg", "Susan")]["brood"] == 4
    assert ev[("feeding", "Susan")]["honey"] == 3 and ev[("feeding", "Susan")]["starved"] == 0
    b = ev[("brood", "Susan")]
    assert (b["hatched"], b["pollen"], b["lost"], b["discarded"]) == (3, 3, 1, 1)
    h = s2.player("Susan").hive
    assert h.workers == 7 and h.honey == 4 and h.pollen == 0 and h.brood == 0


def test_feeding_starvation_tokens_are_stated_choices(comps, board):
    """Example B numbers with a three-bee hive: 3 workers, 1 honey: 1 bee starves; it is one
    of the last three, so the player may take a starvation token instead."""
    s = at(two_players(board), 2, "First Bloom")
    s = s.with_hive("Susan", Hive(unassigned=3, honey=1, comb=12, pollen=9))
    s2, events = g.start_month(s, month('month = 2\ncard = "Perfect Weather"\n'
                                        '[players.Susan]\nstarvation_tokens = 1'), comps)
    feed = next(e for e in events if e["kind"] == "feeding" and e["hive"] == "Susan")
    assert (feed["honey"], feed["starved"], feed["tokens"]) == (1, 0, 1)
    assert s2.player("Susan").hive.starvation == 1
    # what the month did says so (the report's years table counts them)
    facts = g.summarize(events, s2, comps).hives
    assert facts["Susan"].starvation_tokens == 1 and facts["Jeremy"].starvation_tokens == 0
    assert facts["Susan"].to_dict()["starvation_tokens"] == 1
    with pytest.raises(IllegalActionError, match="Feeding Phase") as e:
        g.start_month(s, month('month = 2\ncard = "Perfect Weather"\n'
                               '[players.Susan]\nstarvation_tokens = 2'), comps)
    assert e.value.expected == 1 and e.value.given == 2


def test_culling_of_the_drones_feeds_three_per_honey_next_month(comps, board):
    """The card revealed last month is still on the board in this Feeding Phase (ruling L31)."""
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
              "Early Fall"]
    s = at(two_players(board), 8, "Culling of the Drones", played)
    s = s.with_hive("Susan", Hive(unassigned=6, honey=2, comb=12))
    s2, events = g.start_month(s, month('month = "October"\ncard = "Buttoned Up"'), comps)
    feed = next(e for e in events if e["kind"] == "feeding" and e["hive"] == "Susan")
    assert feed["honey"] == 2 and feed["starved"] == 0


def test_buttoned_up_stops_hatching_next_month_only(comps, board):
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
              "Early Fall"]
    s = at(two_players(board), 8, "Buttoned Up", played)
    s = s.with_hive("Susan", Hive(unassigned=2, honey=2, comb=12, pollen=4))
    _, events = g.start_month(s, month('month = "October"\ncard = "Cooler Temps"'), comps)
    brood = next(e for e in events if e["kind"] == "brood" and e["hive"] == "Susan")
    assert brood["hatched"] == 0 and brood["discarded"] == 6      # 6 empty cells, 4 pollen
    assert s.player("Susan").hive.pollen == 4


def test_example_d_swarm_through_the_sequencer_spawns_and_scores(comps, board):
    """Bob: comb 13 (threshold 7), 9 workers, disease -3, honey 9.  Feeding eats 5, no pollen
    so nothing hatches; he swarms: loses 4 bees and 2 honey, BEE hive spawns with strength 4,
    stays with a new queen, disease -3 → -1, 3 VP in summer."""
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat"]
    s = g.new_game([("Bob", "prolific")], board)
    s = at(s, 5, "Heat Wave", played + ["Heat Wave"][:0])
    bob = hive_at_level(board, -3, unassigned=9, comb=13, honey=9, queen="prolific")
    s = s.with_hive("Bob", bob)
    plan = month('month = "July"\ncard = "On Guard"\n'
                 '[players.Bob]\nswarm = { wild = "BEE", choice = "stay", queen = "aggressive" }')
    s2, events = g.start_month(s, plan, comps)
    sw = next(e for e in events if e["kind"] == "swarm")
    assert (sw["bees_lost"], sw["honey_lost"], sw["vp"]) == (4, 2, 3)
    h = s2.player("Bob").hive
    assert h.workers == 5 and h.honey == 2 and h.queen == "aggressive" and h.paused
    assert h.disease(board) == -1 and h.vp == 3
    assert s2.wild_hive("BEE").strength == 4 and not s2.wild_hive("BEE").dormant
    assert kinds(events).index("swarm") < kinds(events).index("spawn") < kinds(events).index(
        "event")


def test_swarm_without_a_wild_hive_must_stay_and_scores_nothing(comps, board):
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat"]
    s = at(g.new_game([("Bob", "prolific")], board), 5, "Heat Wave", played)
    s = s.with_hive("Bob", Hive(unassigned=9, comb=13, honey=9))
    ok = month('month = 5\ncard = "On Guard"\n[players.Bob]\nswarm = { wild = "none" }')
    s2, _ = g.start_month(s, ok, comps)
    assert s2.player("Bob").hive.vp == 0 and s2.wild == ()
    leave = month('month = 5\ncard = "On Guard"\n'
                  '[players.Bob]\nswarm = { wild = "none", choice = "leave" }')
    with pytest.raises(IllegalActionError, match="must stay"):
        g.start_month(s, leave, comps)


def test_swarm_choices_are_required_exactly_when_the_hive_swarms(comps, board):
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat"]
    s = at(g.new_game([("Bob", "prolific")], board), 5, "Heat Wave", played)
    swarming = s.with_hive("Bob", Hive(unassigned=9, comb=13, honey=9))
    with pytest.raises(IllegalActionError, match="the hive swarms"):
        g.start_month(swarming, month('month = 5\ncard = "On Guard"'), comps)
    calm = s.with_hive("Bob", Hive(unassigned=3, comb=13, honey=9))
    with pytest.raises(IllegalActionError, match="does not swarm"):
        g.start_month(calm, month('month = 5\ncard = "On Guard"\n'
                                  '[players.Bob]\nswarm = { wild = "BEE" }'), comps)


def test_swarm_leave_resets_the_hive_and_swaps(comps, board):
    """If You Leave: keep the queen, skip feeding token, resources discarded, disease 0, comb
    10 + half the honey discarded (rounded up)."""
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat"]
    s = at(g.new_game([("Bob", "nomadic")], board), 5, "Heat Wave", played)
    s = s.with_hive("Bob", hive_at_level(board, -2, unassigned=9, comb=13, honey=12, pollen=1,
                                         queen="nomadic"))
    s2, events = g.start_month(s, month('month = 5\ncard = "On Guard"\n[players.Bob]\n'
                                        'swarm = { wild = "BEE", choice = "leave" }'), comps)
    h = s2.player("Bob").hive
    # feeding 9 workers: 5 honey → 7 left; swarm loses 3 → 4 discarded → comb 10 + 2
    assert h.comb == 12 and h.honey == 0 and h.pollen == 0 and h.mite == 0
    assert h.skip_feeding and h.paused and h.queen == "nomadic" and h.vp == 3


def test_spring_swarm_of_year_one_spawns_a_dormant_wild_hive_that_wakes_in_summer(comps, board):
    s = at(g.new_game([("Bob", "prolific")], board), 3, "First Bloom")
    s = s.with_hive("Bob", Hive(unassigned=9, comb=13, honey=9))
    plan = month('month = "May"\ncard = "Non-Stop Rain"\n'
                 '[players.Bob]\nswarm = { wild = "ACORN" }\n'
                 '[[turn]]\nplayer = "Bob"\naction = "defend"\nbees = 4\n'
                 '[[turn]]\nplayer = "Bob"\naction = "defend"\nbees = 1')
    s2 = g.play_month(s, plan, comps).state
    assert s2.wild_hive("ACORN").dormant and s2.player("Bob").hive.vp == 5   # spring: 5 VP
    # June: ACORN acts after Bob's first turn
    june, _ = g.start_month(s2, month('month = "June"\ncard = "Early Fall"'), comps)
    assert not june.wild_hive("ACORN").dormant
    june, _ = g.play_turn(june, g.Turn("Bob", "defend", bees=1), comps)
    assert g.next_actor(june) == g.Actor(True, None, ("ACORN",))


def test_event_card_must_be_of_the_season_and_not_played(comps, board):
    s = at(two_players(board), 2, "First Bloom")
    with pytest.raises(IllegalActionError, match="spring deck") as e:
        g.start_month(s, month('month = 2\ncard = "Heat Wave"'), comps)
    assert e.value.rule == "Bee Lives: Event Phase"
    with pytest.raises(IllegalActionError, match="already played"):
        g.start_month(s, month('month = 2\ncard = "First Bloom"'), comps)


def test_cooler_temps_moves_a_third_of_the_workers_to_defend(comps, board):
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
              "Early Fall"]
    s = at(two_players(board), 7, "Early Fall", played[:-1])
    s = s.with_hive("Susan", Hive(unassigned=7, honey=9, comb=16, water=3))
    s2, events = g.start_month(s, month('month = 7\ncard = "Cooler Temps"'), comps)
    h = s2.player("Susan").hive
    assert h.workers == 7 and h.assigned.defend == 2 and h.unassigned == 5
    assert any(e["kind"] == "cooler_temps" and e["hive"] == "Susan" for e in events)


# --- action rounds ------------------------------------------------------------------------------

def _actions_stage(comps, board, wild=(), month_no=5, card="On Guard", hives=None,
                   events=False):
    """July (summer) of year 1 after phases 1-5, ready for the first turn."""
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave"]
    s = at(two_players(board), month_no, "Heat Wave", played[:3], wild=tuple(wild))
    for name, h in (hives or {}).items():
        s = s.with_hive(name, h)
    s2, evs = g.start_month(replace(s, first_player=0), g.MonthPlan(1, month_no, card), comps)
    return (s2, evs) if events else s2


def test_round_structure_players_then_wild_hives_and_none_after_the_final_round(comps, board):
    """Players in order, then each wild hive; no wild hive turn after the final round."""
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 3)],
                       hives={"Susan": Hive(unassigned=2, honey=5, pollen=0, comb=10),
                              "Jeremy": Hive(unassigned=1, honey=5, comb=10)})
    # the phases ran: Susan 2 workers (no pollen: no hatch), Jeremy 1
    assert g.next_actor(s) == g.Actor(False, "Susan")
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    assert g.next_actor(s) == g.Actor(False, "Jeremy")
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    assert g.next_actor(s) == g.Actor(True, None, ("ACORN",))       # Susan still has a bee
    s, _ = g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", distance=1), comps)
    assert g.next_actor(s) == g.Actor(False, "Susan")               # Jeremy is skipped later
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    assert g.next_actor(s) is None                                  # final round: no wild turn
    with pytest.raises(IllegalActionError, match="Action Phase is over"):
        g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", distance=1), comps)


def test_out_of_turn_names_who_is_expected(comps, board):
    s = _actions_stage(comps, board)
    with pytest.raises(IllegalActionError) as e:
        g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    assert e.value.rule == "Bee Lives: Action Phase"
    assert e.value.expected == "Susan" and e.value.given == "Jeremy"


def test_a_player_with_bees_cannot_pass_ruling_l41(comps, board):
    s = _actions_stage(comps, board)
    with pytest.raises(IllegalActionError, match="exactly one action"):
        g.play_turn(s, g.Turn("Susan", "pass"), comps)


def test_month_cannot_end_while_a_player_has_bees(comps, board):
    s = _actions_stage(comps, board)
    with pytest.raises(IllegalActionError, match="not over"):
        g.end_month(s, comps)


def test_example_e_wild_hives_go_closest_to_the_first_player_first(comps, board):
    """Example E: ACORN (closest to the first player's hive) acts before DANDELION; stating
    the distances in the record checks that order."""
    wild = [g.WildHiveState("DANDELION", 3), g.WildHiveState("ACORN", 3)]
    s = _actions_stage(comps, board, wild=wild,
                       hives={"Susan": Hive(unassigned=2, honey=5, comb=10),
                              "Jeremy": Hive(unassigned=2, honey=5, comb=10)})
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    acorn = g.Turn("ACORN", "forage", wild=True, tile="wilt", distance=1, from_first_player=1)
    dandelion = g.Turn("DANDELION", "forage", wild=True, tile="bloom", distance=1,
                       from_first_player=3)
    ok, _ = g.play_turn(s, acorn, comps)
    ok, _ = g.play_turn(ok, dandelion, comps)
    assert g.next_actor(ok) == g.Actor(False, "Susan")
    bad, _ = g.play_turn(s, dandelion, comps)
    with pytest.raises(IllegalActionError, match="closest to the first player") as e:
        g.play_turn(bad, acorn, comps)
    assert e.value.given == 1


def test_example_n_wild_forage_first_time_this_month_gains_strength(comps, board):
    """Example N: MUSHROOM (3) forages a harvest tile in fall → 4; a second forage this month
    gains nothing."""
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
              "Early Fall"]
    s = at(two_players(board), 7, "Early Fall", played[:-1],
           wild=(g.WildHiveState("MUSHROOM", 3),))
    s = s.with_hive("Susan", Hive(unassigned=3, honey=9, comb=12))
    s, _ = g.start_month(s, month('month = "September"\ncard = "An Early Winter"'), comps)
    for name in ("Susan", "Jeremy"):
        s, _ = g.play_turn(s, g.Turn(name, "defend", bees=1), comps)
    s, evs = g.play_turn(s, g.Turn("MUSHROOM", "forage", wild=True, tile="harvest",
                                   distance=1), comps)
    assert s.wild_hive("MUSHROOM").strength == 4 and evs[0]["gained"]
    for name in ("Susan", "Jeremy"):
        s, _ = g.play_turn(s, g.Turn(name, "defend", bees=1), comps)
    s, evs = g.play_turn(s, g.Turn("MUSHROOM", "forage", wild=True, tile="bloom",
                                   distance=2), comps)
    assert s.wild_hive("MUSHROOM").strength == 4 and not evs[0]["gained"]
    assert s.wild_hive("MUSHROOM").workers == 2


def test_example_o_wild_raid_on_a_player_through_the_sequencer(comps, board):
    """Example O: ACORN (5) raids Susan (1 honey, 0 defenders, 3 unassigned), D6 3: her honey
    goes, ACORN → 6."""
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 5)],
                       hives={"Susan": Hive(unassigned=4, honey=3, comb=10),
                              "Jeremy": Hive(unassigned=2, honey=5, comb=10)})
    # Susan fed 2 of her 3 honey: 1 left
    assert s.player("Susan").hive.honey == 1
    s, _ = g.play_turn(s, g.Turn("Susan", "scout"), comps)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    s, evs = g.play_turn(s, g.Turn("ACORN", "raid", wild=True, target="Susan", d6=3), comps)
    assert s.player("Susan").hive.honey == 0 and s.wild_hive("ACORN").strength == 6
    assert evs[0]["stolen"] == 1 and s.wild_hive("ACORN").workers == 1


def test_wild_raid_on_a_hive_more_than_two_stronger_is_refused(comps, board):
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 2)],
                       hives={"Susan": Hive(unassigned=6, honey=9, comb=12),
                              "Jeremy": Hive(unassigned=1, honey=5, comb=10)})
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="more than two above") as e:
        g.play_turn(s, g.Turn("ACORN", "raid", wild=True, target="Susan", d6=3), comps)
    assert e.value.rule == "Bee Lives: Wild Hives"


def test_wild_hive_at_fourteen_swarms_first(comps, board):
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 14)],
                       hives={"Susan": Hive(unassigned=2, honey=9, comb=12),
                              "Jeremy": Hive(unassigned=2, honey=5, comb=10)})
    for n in ("Susan", "Jeremy"):
        s, _ = g.play_turn(s, g.Turn(n, "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="swarms") as e:
        g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wilt", distance=1), comps)
    assert e.value.expected == "swarm"
    s2, evs = g.play_turn(s, g.Turn("ACORN", "swarm", wild=True, spawn="OAK"), comps)
    assert s2.wild_hive("ACORN").strength == 7 and s2.wild_hive("OAK").strength == 7
    # the new wild hive acts from the next round
    assert "OAK" not in s2.wild_pending


def test_player_raid_on_a_player_and_not_twice_a_month(comps, board):
    """Example H through the sequencer: Bob's 5 bees roll 1, 2; Lauren defends with 1 and
    sacrifices an unassigned bee; Bob drops a die; strength 0; Lauren scores 2 VP."""
    s = g.new_game([("Bob", "prolific"), ("Lauren", "prolific")], board)
    s = at(s, 5, "Heat Wave", ["First Bloom", "Perfect Weather", "Oppressive Heat"])
    s = s.with_hive("Bob", Hive(unassigned=7, honey=8, comb=12))
    s = s.with_hive("Lauren", Hive(unassigned=4, honey=7, comb=10))
    s, _ = g.start_month(s, month('month = 5\ncard = "Early Fall"'), comps)
    assert s.player("Lauren").hive.honey == 5
    s, _ = g.play_turn(s, g.Turn("Bob", "defend", bees=1), comps)
    s, _ = g.play_turn(s, g.Turn("Lauren", "defend", bees=1), comps)
    s, evs = g.play_turn(s, g.Turn("Bob", "raid", target="Lauren", bees=5, rolls=((1, 2),),
                                   removed=(1,), sacrifice_unassigned=1), comps)
    assert evs[0]["stolen"] == 0 and not evs[0]["success"]
    assert s.player("Lauren").hive.vp == 2 and s.player("Lauren").hive.honey == 5
    s, _ = g.play_turn(s, g.Turn("Lauren", "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="already raided"):
        g.play_turn(s, g.Turn("Bob", "raid", target="Lauren", bees=1, rolls=((4,),)), comps)


def test_example_i_raid_removes_a_wild_hive_through_the_sequencer(comps, board):
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 4)],
                       hives={"Susan": Hive(unassigned=6, honey=6, comb=14),
                              "Jeremy": Hive(unassigned=2, honey=5, comb=10)})
    s, evs = g.play_turn(s, g.Turn("Susan", "raid", target="ACORN", bees=4, rolls=((3,),),
                                   sacrifices=1), comps)
    h = s.player("Susan").hive
    assert s.wild == () and h.vp == 2 and h.honey == 3 + 4 and evs[0]["removed"]
    assert h.assigned.raid == 3        # one bee sacrificed


def test_card_first_turn_spawn_needs_a_name(comps, board):
    """Perfect Weather: on your first turn this month, spawn a wild hive (strength 3)."""
    s = at(two_players(board), 1, None)
    s, _ = g.start_month(s, month('month = 1\ncard = "Perfect Weather"'), comps)
    with pytest.raises(IllegalActionError, match="spawns on this turn"):
        g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    s2, evs = g.play_turn(s, g.Turn("Susan", "defend", bees=1, spawn="ACORN"), comps)
    w = s2.wild_hive("ACORN")
    assert w.strength == 3 and w.dormant            # spring of year 1
    s3, _ = g.play_turn(s2, g.Turn("Jeremy", "defend", bees=1, spawn="none"), comps)
    with pytest.raises(IllegalActionError, match="no wild hive spawns"):
        g.play_turn(s3, g.Turn("Susan", "defend", bees=1, spawn="OAK"), comps)


def test_card_roll_after_foraging(comps, board):
    """In Like a Lion: after foraging roll the D6, on 5+ a wild hive (strength 3) spawns."""
    s = at(two_players(board), 1, None)
    s, _ = g.start_month(s, month('month = 1\ncard = "In Like a Lion"'), comps)
    forage = g.Turn("Susan", "forage", tile="bloom", distance=1, take=(3, 3, 0))
    with pytest.raises(IllegalActionError, match="roll the D6"):
        g.play_turn(s, forage, comps)
    s2, _ = g.play_turn(s, replace(forage, d6=4), comps)
    assert s2.wild == ()
    with pytest.raises(IllegalActionError, match="spawns on this turn"):
        g.play_turn(s, replace(forage, d6=5), comps)
    s3, _ = g.play_turn(s, replace(forage, d6=5, spawn="ACORN"), comps)
    assert s3.wild_hive("ACORN").strength == 3


def test_forage_bees_must_equal_the_distance(comps, board):
    s = at(two_players(board), 1, None)
    s, _ = g.start_month(s, month('month = 1\ncard = "First Bloom"'), comps)
    with pytest.raises(IllegalActionError) as e:
        g.play_turn(s, g.Turn("Susan", "forage", tile="wilt", distance=2, bees=1,
                              take=(2, 3, 0)), comps)
    assert e.value.rule == "Bee Lives: Forage" and (e.value.expected, e.value.given) == (2, 1)


def test_own_tile_is_foraged_once_a_month_without_a_map_ruling_l148(comps, board):
    """Forage: "You may not forage a map tile that has worker bees already on it."  Without
    a map the only tile hyvekit can tell apart is the hive's own (distance 0): a second forage
    of it in the month is refused; other distances are accepted as stated; the next month it
    is free again (the workers came home in the Cleanup Phase)."""
    s = at(two_players(board), 1, None)
    s, _ = g.start_month(s, month('month = 1\ncard = "First Bloom"'), comps)
    s, _ = g.play_turn(s, g.Turn("Susan", "forage", tile="bloom", distance=0,
                                 take=(2, 2, 0)), comps)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "forage", tile="bloom", distance=0,
                                 take=(2, 2, 0)), comps)      # his own tile: another one
    with pytest.raises(IllegalActionError, match="worker bees already on it") as e:
        g.play_turn(s, g.Turn("Susan", "forage", tile="bloom", distance=0, take=(1, 1, 0)),
                    comps)
    assert e.value.rule == "Bee Lives: Forage"
    s, _ = g.play_turn(s, g.Turn("Susan", "forage", tile="wilt", distance=1, take=(1, 1, 0)),
                       comps)
    assert g.GameState.from_dict(s.to_dict()) == s and s.player("Susan").home_foraged
    for name in ("Jeremy", "Susan", "Jeremy"):
        if g.next_actor(s) is not None:
            s, _ = g.play_turn(s, g.Turn(g.next_actor(s).name, "defend",
                                         bees=s.player(g.next_actor(s).name).hive.unassigned),
                               comps)
    s, _ = g.end_month(s, comps)
    assert not any(p.home_foraged for p in s.players)


# --- cleanup, joining, solo -----------------------------------------------------------------------

def test_cleanup_passes_the_marker_returns_bees_and_removes_neutral_workers(comps, board):
    s = g.new_game([("Susan", "hygienic"), ("Jeremy", "aggressive"), ("Lauren", "prolific")],
                   board)
    s = at(s, 4, "Non-Stop Rain", ["First Bloom", "Perfect Weather"],
           wild=(g.WildHiveState("ACORN", 3),))
    s = s.with_hive("Susan", Hive(unassigned=1, honey=6, comb=12, side="B", mite=4,
                                  queen="hygienic"))
    s = s.with_hive("Jeremy", Hive(unassigned=1, honey=6, comb=12))
    s = s.with_hive("Lauren", Hive(unassigned=1, honey=6, comb=12, water=3))
    plan = month('month = "June"\ncard = "Heat Wave"\n'              # overheating
                 '[[turn]]\nplayer = "Susan"\naction = "clean_bees"\nbees = 1\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 1\n'
                 '[[turn]]\nplayer = "Lauren"\naction = "cool_hive"\n')
    s2 = g.play_month(s, plan, comps).state
    assert s2.first_player == 1
    susan = s2.player("Susan").hive
    assert susan.assigned == Assigned() and susan.workers == 1 and not susan.mite_standing
    assert susan.mite == 2          # 4 → 3 (a half space on side B) → back to 2 at cleanup
    assert susan.paused and s2.player("Jeremy").hive.paused       # not cooled
    assert not s2.player("Lauren").hive.paused                     # cooled
    assert s2.wild_hive("ACORN").workers == 0 and s2.month == 5


def test_joining_the_map_after_the_third_month_of_the_first_year_only(comps, board):
    s = at(two_players(board), 3, "First Bloom")
    plan = month('month = "May"\ncard = "Non-Stop Rain"\n'
                 '[[turn]]\nplayer = "Susan"\naction = "defend"\nbees = 3\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 3\n')
    r = g.play_month(s, plan, comps)
    assert kinds(r.events)[-1] == "join_map" and r.events[-1]["first"] == "Jeremy"
    later = replace(s, year=2, options=g.Options(years=2))
    assert "join_map" not in kinds(g.play_month(later, replace(plan, year=2), comps).events)


def test_solo_hard_rule_spawns_a_wild_hive_after_a_quiet_summer_month(comps, board):
    s = g.new_game([("Sol", "prolific")], board, options=g.Options(solo_hard=True))
    s = at(s, 4, "Non-Stop Rain", ["First Bloom", "Perfect Weather"])
    s = s.with_hive("Sol", Hive(unassigned=2, honey=6, comb=12))
    plan = month('month = "June"\ncard = "Early Fall"\n'
                 '[[turn]]\nplayer = "Sol"\naction = "defend"\nbees = 2\n')
    with pytest.raises(IllegalActionError, match="solo_spawn") as e:
        g.play_month(s, plan, comps)
    assert e.value.rule == "Bee Lives: Solo Play (Basic Mode)"
    s2 = g.play_month(s, replace(plan, solo_spawn="ACORN"), comps).state
    assert s2.wild_hive("ACORN").strength == 3


# --- winter, years, scoring ------------------------------------------------------------------

def test_winter_after_the_ninth_month_then_final_scoring(comps, board):
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave", "On Guard",
              "Early Fall", "Buttoned Up", "Cooler Temps"]
    s = at(two_players(board), 9, "Cooler Temps", played[:-1])
    s = s.with_hive("Susan", hive_at_level(board, -2, unassigned=6, honey=14, comb=20))
    s = s.with_hive("Jeremy", Hive(unassigned=3, honey=3, comb=10, pollen=2))
    # Jeremy: 5 brood, eats 2 honey, hatches 2 (+1 prolific) → 6 workers, 1 honey
    plan = month('month = "November"\ncard = "An Early Winter"\n'
                 '[[turn]]\nplayer = "Susan"\naction = "defend"\nbees = 6\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 6\n')
    s2 = g.play_month(s, plan, comps).state
    assert s2.stage == "winter"
    # Susan fed 3 honey (6 workers) in November: 11 honey, then Example Q's winter at -2
    s3, events = g.play_winter(s2, comps)
    susan = s3.player("Susan").hive
    assert (susan.workers, susan.honey) == (0, 11 - 2 - 1 - 0)
    assert s3.stage == "over"
    # Jeremy: 6 bees and 1 honey: 5, then 2, then 2 bees survive (no disease)
    assert s3.player("Jeremy").hive.workers == 2
    result = g.final_scoring(s3, board)
    assert result.winners == ("Jeremy",) and result.line("Jeremy").total == 2
    assert not result.line("Susan").eligible


def test_multiple_years_winter_scores_gives_skip_feeding_and_starts_year_two(comps, board):
    s = at(two_players(board, options=g.Options(years=2)), 9, None, stage="winter")
    s = s.with_hive("Susan", Hive(unassigned=5, honey=6, comb=12))
    s = s.with_hive("Jeremy", Hive(unassigned=0, honey=2, comb=10))
    s2, _ = g.play_winter(s, comps)
    susan = s2.player("Susan").hive
    # winter: 5 bees eat 1 + 1 + 1 honey; no disease: 5 bees, 3 honey → 8 VP
    assert (susan.workers, susan.honey, susan.vp) == (5, 3, 8) and susan.skip_feeding
    assert s2.player("Jeremy").out
    assert (s2.year, s2.month, s2.stage, s2.card) == (2, 1, "month", None)
    # the first spring month of year 2 skips feeding (the token) but runs every other phase
    s3, events = g.start_month(s2, month('year = 2\nmonth = "March"\ncard = "A Cold Spike"'),
                               comps)
    feed = next(e for e in events if e["kind"] == "feeding" and e["hive"] == "Susan")
    assert feed["skipped"] and "egg" in kinds(events)


def test_year_two_spawns_have_strength_four(comps, board):
    s = at(two_players(board, options=g.Options(years=2)), 1, None, year=2)
    s, _ = g.start_month(s, month('year = 2\nmonth = 1\ncard = "Perfect Weather"'), comps)
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1, spawn="ACORN"), comps)
    w = s.wild_hive("ACORN")
    assert w.strength == 4 and not w.dormant    # active in spring after year one


# --- claims and summary ---------------------------------------------------------------------------

def test_claimed_values_that_differ_are_all_listed(comps, board):
    s = two_players(board)
    plan = month('month = 1\ncard = "First Bloom"\n'
                 '[[turn]]\nplayer = "Susan"\naction = "defend"\nbees = 3\n'
                 '[[turn]]\nplayer = "Jeremy"\naction = "defend"\nbees = 3\n'
                 '[claims.Susan]\nworkers = 3\nhoney = 2\ncomb = 11\n')
    with pytest.raises(IllegalActionError) as e:
        g.play_month(s, plan, comps)
    assert e.value.rule == "Bee Lives: claimed end-of-month values"
    assert "Susan honey claimed 2, derived 0" in str(e.value)
    assert "Susan comb claimed 11, derived 10" in str(e.value)
    assert "workers" not in e.value.expected and "Susan.workers" not in e.value.expected


def test_month_summary_gives_the_facts_solo_goals_need(comps, board):
    s, events = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 5)],
                               hives={"Susan": Hive(unassigned=4, honey=9, comb=12, pollen=2),
                                      "Jeremy": Hive(unassigned=3, honey=5, comb=10)},
                               events=True)
    turns = [g.Turn("Susan", "forage", tile="wilt", distance=2, take=(1, 0, 0)),
             g.Turn("Jeremy", "raid", target="Susan", bees=2, rolls=((2,),)),
             g.Turn("ACORN", "raid", wild=True, target="Jeremy", d6=6),
             g.Turn("Susan", "requeen", queen="nomadic"),
             g.Turn("Jeremy", "scout", tile="bloom")]
    for t in turns:
        s, evs = g.play_turn(s, t, comps)
        events += evs
    while (a := g.next_actor(s)) is not None:
        s, evs = g.play_turn(s, g.Turn(a.choices[0] if a.wild else a.name,
                                       "nothing" if a.wild else "defend",
                                       wild=a.wild, bees=None if a.wild else 1), comps)
        events += evs
    s, evs = g.end_month(s, comps)
    summary = g.summarize(events + evs, s, comps)
    susan, jeremy = summary.hives["Susan"], summary.hives["Jeremy"]
    assert dict(susan.foraged) == {"wilt": 1}
    assert susan.queens == ("prolific", "nomadic")
    assert susan.raids_suffered[0]["by"] == "Jeremy"
    assert jeremy.raids_made[0]["target"] == "Susan" and jeremy.scouts == 1
    assert jeremy.raids_suffered[0]["wild"] and jeremy.raids_suffered[0]["by"] == "ACORN"
    assert ("raid", 2) in jeremy.actions
    assert susan.queen_at_start == "prolific" and susan.requeens == ("nomadic",)
    acorn = summary.wild[0]
    assert acorn.name == "ACORN" and not acorn.spawned and acorn.peak == acorn.strength >= 5


def test_unknown_player_in_choices_is_malformed(comps, board):
    with pytest.raises(InvalidInputError, match="player"):
        g.start_month(at(two_players(board), 2, "First Bloom"),
                      month('month = 2\ncard = "A Cold Spike"\n[players.Nobody]\n'
                            'starvation_tokens = 0'), comps)


def test_ninth_wild_hive_cannot_spawn_ruling_l45(comps, board):
    wild = tuple(g.WildHiveState(f"W{i}", 3) for i in range(8))
    played = ["First Bloom", "Perfect Weather", "Oppressive Heat"]
    s = at(g.new_game([("Bob", "prolific")], board), 5, "Heat Wave", played, wild=wild)
    s = s.with_hive("Bob", Hive(unassigned=9, comb=13, honey=9))
    with pytest.raises(IllegalActionError, match="all 8 wild hives"):
        g.start_month(s, month('month = 5\ncard = "On Guard"\n'
                               '[players.Bob]\nswarm = { wild = "W9" }'), comps)
    s2, _ = g.start_month(s, month('month = 5\ncard = "On Guard"\n'
                                   '[players.Bob]\nswarm = { wild = "none" }'), comps)
    assert len(s2.wild) == 8 and s2.player("Bob").hive.vp == 0
    with pytest.raises(IllegalActionError, match="not in play"):
        g.spawn_wild(s, "W3", 3, cause="test", by="Bob", comps=comps)


def test_wild_chart_lines_checkable_without_the_map_ruling_l56(comps, board):
    s = _actions_stage(comps, board, wild=[g.WildHiveState("ACORN", 5)],
                       hives={"Susan": Hive(unassigned=2, honey=9, comb=12),
                              "Jeremy": Hive(unassigned=2, honey=5, comb=10)})
    for n in ("Susan", "Jeremy"):
        s, _ = g.play_turn(s, g.Turn(n, "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="only while overheating"):
        g.play_turn(s, g.Turn("ACORN", "forage", wild=True, tile="wet", distance=1), comps)
    with pytest.raises(IllegalActionError, match="only the spring chart scouts"):
        g.play_turn(s, g.Turn("ACORN", "scout", wild=True), comps)
    tired = s.with_wild(replace(s.wild_hive("ACORN"), workers=5))
    with pytest.raises(IllegalActionError, match="neutral worker tokens"):
        g.play_turn(tired, g.Turn("ACORN", "forage", wild=True, tile="wilt", distance=1), comps)
    # spring of year 2: wild hives act, the spring chart has no raid line
    s2 = at(two_players(board, options=g.Options(years=2)), 1, None, year=2,
            wild=(g.WildHiveState("ACORN", 5),))
    s2, _ = g.start_month(s2, month('year = 2\nmonth = 1\ncard = "A Cold Spike"'), comps)
    for n in ("Susan", "Jeremy"):
        s2, _ = g.play_turn(s2, g.Turn(n, "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="no raid line"):
        g.play_turn(s2, g.Turn("ACORN", "raid", wild=True, target="Susan", d6=2), comps)
    s3, _ = g.play_turn(s2, g.Turn("ACORN", "scout", wild=True, tile="bloom"), comps)
    assert s3.wild_hive("ACORN").workers == 0


def test_forage_without_take_collects_everything_or_must_say_less_ruling_l59(comps, board):
    s = at(two_players(board), 1, None)          # 6 honey in 12 cells: 6 empty
    s, _ = g.start_month(s, month('month = 1\ncard = "A Cold Spike"'), comps)
    # spring bloom 5 honey 5 pollen, A Cold Spike -2 honey: 3 + 5 = 8 cubes > 6 empty cells
    with pytest.raises(IllegalActionError, match="state take"):
        g.play_turn(s, g.Turn("Susan", "forage", tile="bloom", distance=1), comps)
    s2, evs = g.play_turn(s, g.Turn("Susan", "forage", tile="harvest", distance=1), comps)
    assert evs[0]["take"] == [0, 1, 0]             # harvest 1 honey -1 = 0, 1 pollen
    assert s2.player("Susan").hive.pollen == 1 and s2.player("Susan").hive.mite == 1


def test_state_with_a_map_round_trips():
    bee_map = pytest.importorskip("hyvekit.rules.beelives.map")
    if not hasattr(bee_map, "starting_map"):
        pytest.skip("map module without starting_map")
    import json
    board = bl.components().board
    s = replace(two_players(board), map=bee_map.starting_map(["Susan", "Jeremy"]))
    assert g.GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_a_player_out_after_an_earlier_winter_cannot_win_ruling_l52(comps, board):
    s = at(two_players(board, options=g.Options(years=2)), 9, None, stage="winter")
    s = s.with_hive("Susan", Hive(unassigned=3, honey=6, comb=12))
    s = s.with_hive("Jeremy", Hive(unassigned=0, honey=9, comb=12))
    s, _ = g.play_winter(s, comps)
    assert s.player("Jeremy").out and not s.player("Susan").out
    # year 2 skipped to its winter: Jeremy has bees again (hatched), Susan fewer points
    s = replace(s, month=9, stage="winter")
    s = s.with_hive("Jeremy", Hive(unassigned=6, honey=12, comb=12, vp=30))
    s, _ = g.play_winter(s, comps)
    result = g.final_scoring(s, board)
    assert result.line("Jeremy").total > result.line("Susan").total
    assert not result.line("Jeremy").eligible and result.winners == ("Susan",)


def test_unknown_names_in_turns_are_malformed(comps, board):
    s = _actions_stage(comps, board)
    with pytest.raises(InvalidInputError, match="player"):
        g.play_turn(s, g.Turn("Nobody", "defend", bees=1), comps)
    with pytest.raises(InvalidInputError, match="wild hive"):
        g.play_turn(s, g.Turn("GHOST", "nothing", wild=True), comps)


def test_no_card_wild_hive_on_the_own_tile_without_a_map_ruling_l148(comps, board):
    """In Like a Lion: "After foraging, roll the D6. On 5+, spawn a wild hive (strength 3) on
    the foraged tile."  Without a map the own tile (distance 0) holds the hive, which no
    wild hive is spawned on (L64): the roll is made, the spawn is "none"; a name is refused."""
    s = at(two_players(board), 1, None)
    s, _ = g.start_month(s, month('month = 1\ncard = "In Like a Lion"'), comps)
    own = g.Turn("Susan", "forage", tile="bloom", distance=0, take=(2, 2, 0), d6=6)
    with pytest.raises(IllegalActionError, match="holds the hive") as e:
        g.play_turn(s, replace(own, spawn="ACORN"), comps)
    assert e.value.rule == "Bee Lives: Season Cards"
    s2, _ = g.play_turn(s, replace(own, spawn="none"), comps)
    assert s2.wild == ()
    far, _ = g.play_turn(s, replace(own, distance=1, spawn="ACORN"), comps)
    assert far.wild_hive("ACORN").strength == 3
