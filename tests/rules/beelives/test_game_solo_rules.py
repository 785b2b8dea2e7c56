"""Solo cards' extra rules applied by the Bee Lives month sequencer (hyvekit issue 5):
Zombees' doubled disease for an infected hive (rules/bee-lives.txt, Campaign Cards)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.hive import Hive, hive_at_level
from hyvekit.rules.common import IllegalActionError, InvalidInputError


@pytest.fixture(scope="module")
def comps():
    return bl.components()


def month(text: str) -> g.MonthPlan:
    import tomllib
    return rec.parse_month(tomllib.loads(text))


def _game(comps, *, infected: bool, **hive) -> g.GameState:
    s = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], comps.board)
    s = replace(s, month=5, card="Heat Wave",
                played=("First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave"))
    for p in s.players:
        s = s.with_hive(p.name, Hive(**{"unassigned": 6, "honey": 6, "comb": 14, **hive}))
    return s.with_player(replace(s.player("Susan"), infected=infected))


def _april(comps, infected: bool) -> tuple[g.GameState, list]:
    """April of year 1 (ACORN, spawned in spring, is dormant: no wild turn): Susan forages a
    bloom tile (1 disease), Jeremy forages, Susan raids ACORN and takes 2 honey (1 disease)."""
    s = replace(_game(comps, infected=infected), month=2, card="First Bloom",
                played=("First Bloom",), wild=(g.WildHiveState("ACORN", 6, dormant=True),))
    s, _ = g.start_month(s, month('month = 2\ncard = "Beginning of the Flow"'), comps)
    events = []
    for t in (g.Turn("Susan", "forage", tile="bloom", distance=1, take=(2, 2, 0)),
              g.Turn("Jeremy", "forage", tile="bloom", distance=1, take=(2, 2, 0)),
              g.Turn("Susan", "raid", target="ACORN", bees=3, rolls=((4,),), take=(2, 0, 0))):
        s, evs = g.play_turn(s, t, comps)
        events += evs
    return s, events


def test_zombees_infected_hive_gains_exactly_double_disease_in_the_same_month(comps):
    """Zombees: "If your hive is infected, any time you gain disease, double the amount of
    disease gained."  The same April (a forage: 1 disease; a raid stealing from a wild hive:
    1 disease) with and without infection: the infected hive's mite moves 4 spaces, not 2."""
    (healthy, hev), (sick, sev) = _april(comps, False), _april(comps, True)
    def gains(events):
        return [e["disease"] for e in events if e.get("hive") == "Susan" and "disease" in e]
    assert gains(hev) == [1, 1] and gains(sev) == [2, 2]
    assert sick.player("Susan").hive.mite - healthy.player("Susan").hive.mite == 2
    # Jeremy is not infected: his forage gains the same in both months
    assert healthy.player("Jeremy").hive.mite == sick.player("Jeremy").hive.mite
    # nothing else differs
    assert replace(sick.player("Susan").hive, mite=0) == replace(healthy.player("Susan").hive,
                                                                 mite=0)


def test_zombees_standing_mite_saving_comes_before_doubling_ruling_l94(comps):
    """Clean Bees' upright mite takes the one disease of a forage off: 0 gained, 0 doubled."""
    s = _game(comps, infected=True, mite=3, mite_standing=True)
    s, _ = g.start_month(s, month('month = 5\ncard = "On Guard"'), comps)
    before = s.player("Susan").hive.mite
    s2, evs = g.play_turn(s, g.Turn("Susan", "forage", tile="bloom", distance=1), comps)
    assert evs[0]["disease"] == 0 and s2.player("Susan").hive.mite == before


def test_infected_flag_round_trips_and_old_states_read_healthy(comps):
    s = _game(comps, infected=True)
    d = s.to_dict()
    assert d["players"][0]["infected"] is True and "infected" not in d["players"][1]
    assert g.GameState.from_dict(d).player("Susan").infected
    healthy = _game(comps, infected=False).to_dict()
    assert all("infected" not in p for p in healthy["players"])      # format unchanged
    assert not g.GameState.from_dict(healthy).player("Susan").infected


# --- the campaign states the infection ----------------------------------------------------------

COMPS = bl.campaign_components()
SOLO = {"kind": "solo-challenge", "challenge": "Pacifist",
        "players": [{"name": "Ann", "queen": "prolific"}]}
ZOMBEES = {"kind": "solo-campaign", "campaign": "Zombees",
           "players": [{"name": "Ann", "queen": "prolific"}]}


def new(raw) -> C.CampaignState:
    return C.new_campaign(C.settings_from_dict(raw, COMPS), COMPS)
MARCH = {"month": 1, "card": "First Bloom",
         "turn": [{"player": "Ann", "action": "forage", "tile": "bloom", "distance": 1,
                   "take": [2, 2, 0]}]}


def test_campaign_refuses_an_infection_without_zombees_in_year_2():
    """Zombees, Year 1: "Normal rules apply" — and without the card no hive is infected."""
    for state in (new(ZOMBEES), new(SOLO)):
        with pytest.raises(IllegalActionError) as e:
            C.play(state, "month", {"month": MARCH, "stated": {"hive_infected": True}})
        assert e.value.rule == C.R_ZOMBEES


def test_campaign_stated_infection_doubles_the_months_disease_and_stays():
    state = new(ZOMBEES)
    game = replace(state.game, year=2)       # year 1 played: one bee and some honey left
    game = game.with_hive("Ann", Hive(unassigned=1, honey=4, comb=14, queen="prolific"))
    state = replace(state, game=game)
    march = {**MARCH, "year": 2}
    # "If there are no wild hives in play, spawn a wild hive (strength 6) ... That is the
    # infected hive" (start of year 2); an infected hive rolls for each action (3: it succeeds)
    first = {"infected_spawn": "ROT"}
    healthy = C.play(state, "month", {"month": march, "stated": first})
    sick_march = {**march, "turn": [{**MARCH["turn"][0], "zombee_d6": 3}]}
    sick = C.play(state, "month", {"month": sick_march,
                                   "stated": {**first, "hive_infected": True}})
    assert healthy.game.wild_hive("ROT").infected and healthy.game.wild_hive("ROT").strength == 6
    assert sick.game.players[0].hive.mite - healthy.game.players[0].hive.mite == 1
    assert sick.game.players[0].infected and sick.facts[-1].hive_infected
    # it stays infected: the next month doubles without restating, "healthy" is refused
    with pytest.raises(IllegalActionError, match="no cure") as e:
        C.play(sick, "month", {"month": {"year": 2, "month": 2, "card": "Beginning of the Flow"},
                               "stated": {"hive_infected": False}})
    assert e.value.rule == C.R_ZOMBEES


# --- Under Siege inside the scouting turn --------------------------------------------------

def _siege_march(comps, under_siege: bool = True) -> g.GameState:
    s = g.new_game([("Ann", "prolific")], comps.board,
                   options=g.Options(under_siege=under_siege))
    s, _ = g.start_month(s, month('month = 1\ncard = "First Bloom"'), comps)
    return s


def test_under_siege_spawns_on_four_or_more_during_the_scouting_turn(comps):
    """Under Siege: "After scouting, roll the D6. On 4+, spawn a wild hive (strength 3) on the
    scouted tile."  The hive is in play right after the turn (ruling L106)."""
    s = _siege_march(comps)
    scout = g.Turn("Ann", "scout", tile="wilt")
    with pytest.raises(IllegalActionError, match="roll the D6 after each scout") as e:
        g.play_turn(s, scout, comps)
    assert e.value.rule == g.R_UNDER_SIEGE
    with pytest.raises(IllegalActionError, match="spawns a wild hive"):
        g.play_turn(s, replace(scout, siege_d6=4), comps)
    s2, evs = g.play_turn(s, replace(scout, siege_d6=4, siege_spawn="OAK"), comps)
    assert [(w.name, w.strength, w.dormant) for w in s2.wild] == [("OAK", 3, True)]
    assert evs[-1]["kind"] == "spawn" and evs[-1]["cause"] == "card: Under Siege"
    # 1-3: nothing spawns, and a name is refused
    s3, _ = g.play_turn(s, replace(scout, siege_d6=3), comps)
    assert s3.wild == ()
    with pytest.raises(IllegalActionError, match="spawns nothing"):
        g.play_turn(s, replace(scout, siege_d6=3, siege_spawn="OAK"), comps)
    # "none": the tile could not take it
    s4, _ = g.play_turn(s, replace(scout, siege_d6=6, siege_spawn="none"), comps)
    assert s4.wild == ()


def test_under_siege_roll_only_after_scouting_with_the_card(comps):
    with pytest.raises(IllegalActionError, match="no Under Siege card") as e:
        g.play_turn(_siege_march(comps, False), g.Turn("Ann", "scout", tile="wilt", siege_d6=5,
                                                        siege_spawn="OAK"), comps)
    assert e.value.rule == g.R_UNDER_SIEGE
    with pytest.raises(IllegalActionError, match="only after scouting"):
        g.play_turn(_siege_march(comps), g.Turn("Ann", "defend", bees=1, siege_d6=5), comps)


def test_under_siege_turn_keys_round_trip_through_the_month_record(comps):
    plan = month('month = 1\ncard = "First Bloom"\n[[turn]]\nplayer = "Ann"\naction = "scout"\n'
                 'tile = "wilt"\nsiege_d6 = 5\nsiege_spawn = "OAK"\n')
    t = plan.turns[0]
    assert (t.siege_d6, t.siege_spawn) == (5, "OAK")
    assert rec.turn_table(t)["siege_d6"] == 5 and rec.turn_table(t)["siege_spawn"] == "OAK"


def test_under_siege_hive_is_in_play_for_the_rest_of_the_month(comps):
    """The new wild hive exists at once: the same month the solo hive can raid it (ruling
    L106), which the old after-cleanup placement did not allow."""
    s = _siege_march(comps)
    s, _ = g.play_turn(s, g.Turn("Ann", "scout", tile="wilt", siege_d6=5, siege_spawn="OAK"),
                       comps)
    s, evs = g.play_turn(s, g.Turn("Ann", "raid", target="OAK", bees=2, rolls=((4,),),
                                   take=(0, 0, 0)), comps)
    assert evs[0]["target"] == "OAK" and evs[0]["target_kind"] == "wild"


def test_campaign_under_siege_in_the_turns_or_stated_for_the_month():
    """The month file may give the dice in the scouting turn itself; both ways give the same
    wild hive, and stating them both ways is refused."""
    state = new({**SOLO, "challenge": "Under Siege"})
    turn = {"player": "Ann", "action": "scout", "tile": "wilt"}
    march = {"year": 1, "month": "March", "card": "First Bloom",
             "turn": [{**turn, "siege_d6": 4, "siege_spawn": "OAK"},
                      {"player": "Ann", "action": "defend", "bees": 2}]}
    a = C.play(state, "month", {"month": march})
    old = {**march, "turn": [turn, march["turn"][1]]}
    b = C.play(state, "month", {"month": old, "stated": {"scout_d6": [4],
                                                          "scout_spawn": ["OAK"]}})
    assert a.game.wild == b.game.wild and [w.name for w in a.game.wild] == ["OAK"]
    assert next(w for w in a.facts[0].wild_hives if w.name == "OAK").origin == "challenge_card"
    with pytest.raises(InvalidInputError, match="not both"):
        C.play(state, "month", {"month": march, "stated": {"scout_d6": [4],
                                                            "scout_spawn": ["OAK"]}})


# --- Haunted Hives: no raids by or on a haunted hive ----------------------------------------

def _haunted_july(comps) -> g.GameState:
    s = g.new_game([("Susan", "prolific"), ("Jeremy", "aggressive")], comps.board)
    s = replace(s, month=5, card="Heat Wave",
                played=("First Bloom", "Perfect Weather", "Oppressive Heat", "Heat Wave"),
                wild=(g.WildHiveState("GHOST", 4, haunted=True), g.WildHiveState("ACORN", 4)))
    for p in s.players:
        s = s.with_hive(p.name, Hive(unassigned=4, honey=6, comb=14))
    s, _ = g.start_month(s, month('month = 5\ncard = "On Guard"'), comps)
    return s


def test_haunted_hive_cannot_be_raided_but_a_healthy_one_can(comps):
    """Haunted Hives: "Haunted hives cannot raid or be raided." """
    s = _haunted_july(comps)
    with pytest.raises(IllegalActionError, match="cannot be raided") as e:
        g.play_turn(s, g.Turn("Susan", "raid", target="GHOST", bees=2, rolls=((4,),)), comps)
    assert e.value.rule == g.R_HAUNTED
    s2, evs = g.play_turn(s, g.Turn("Susan", "raid", target="ACORN", bees=2, rolls=((4,),),
                                    take=(0, 0, 0)), comps)
    assert evs[0]["target"] == "ACORN"


def test_haunted_hive_skips_the_raid_lines_of_its_chart(comps):
    """"Skip all actions in the priority chart that involve raiding": a haunted hive's raid is
    refused, its forage is played; a healthy wild hive cannot raid it either."""
    s = _haunted_july(comps)
    s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
    s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
    with pytest.raises(IllegalActionError, match="cannot raid") as e:
        g.play_turn(s, g.Turn("GHOST", "raid", wild=True, target="Susan", d6=3), comps)
    assert e.value.rule == g.R_HAUNTED
    s2, evs = g.play_turn(s, g.Turn("GHOST", "forage", wild=True, tile="bloom"), comps)
    assert evs[0]["action"] == "forage"
    with pytest.raises(IllegalActionError, match="cannot be raided"):
        g.play_turn(s2, g.Turn("ACORN", "raid", wild=True, target="GHOST", d6=3,
                               target_roll=2), comps)


def test_haunted_flag_round_trips_and_old_states_read_not_haunted(comps):
    s = _haunted_july(comps)
    d = s.to_dict()
    assert d["wild"][0]["haunted"] is True and "haunted" not in d["wild"][1]
    back = g.GameState.from_dict(d)
    assert back.wild_hive("GHOST").haunted and not back.wild_hive("ACORN").haunted


def test_zombees_doubles_the_disease_of_stealing_from_a_player_hive(comps):
    """Raiding a player hive: stealing honey gains a third of the defender's disease level
    (rounded up); an infected raider gains it twice."""
    def raid(infected: bool):
        s = _game(comps, infected=infected)
        s = s.with_hive("Jeremy", hive_at_level(comps.board, -3, unassigned=1, honey=6, comb=14))
        s, _ = g.start_month(s, month('month = 5\ncard = "On Guard"'), comps)
        s, _ = g.play_turn(s, g.Turn("Susan", "defend", bees=1), comps)
        s, _ = g.play_turn(s, g.Turn("Jeremy", "defend", bees=1), comps)
        s, evs = g.play_turn(s, g.Turn("Susan", "raid", target="Jeremy", bees=5,
                                       rolls=((4, 4),)), comps)
        return evs[0]
    healthy, sick = raid(False), raid(True)
    assert healthy["stolen"] > 0 and healthy["disease"] == 1 and sick["disease"] == 2
