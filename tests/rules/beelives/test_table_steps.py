"""Month records as table steps (hyvekit/rules/beelives/table_steps.py): the steps derived from
a month plan, pushed one by one on a fresh table (table.replay, nothing else), play the same
month as the plan played by play_month.

* the two-year two-player campaign of examples/beelives/campaign/ played through table steps
  only, month after month and across the winters: every month's state and the final scores
  are those of the month files (the table names its wild hives itself: the states are
  compared with the table's names read back as the record's), and the table's own month
  record replays through play_month to the table's state;
* random legal months (randomplay.random_month) with and without the map, solo, Haunted
  Hives and Zombees, and random months from the campaign's states (more wild hives and
  raids): the same; every kind of decision is met; Under Siege's dice;
* what the table cannot state is refused by name (NotAtTheTable): a raid's removed dice, a
  healthy wild hive acting before an infected one (Zombees without the map), a swarm's
  "none" where the table spawns, a turned join.

Time on the development machine (2 cores, Python 3.11.7, 2026-12-01, load 1-4 from other
work): the whole file 3.6-4.6 s in one process (-n 0), 3.2 CPU seconds with the
interpreter's start and the collection; no test above 0.35 s.
"""

from __future__ import annotations

import functools
import random
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import record as rec
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.beelives.month_phases import replay
from hyvekit.rules.beelives.table_steps import NotAtTheTable, steps_for, walk
from hyvekit.rules.common import IllegalActionError

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "beelives" / "campaign"
CAMPAIGN = bl.campaign_components()
COMPS = bl.components()
TWO = {"kind": "multi-year", "years": 2,
       "players": [{"name": "Susan", "queen": "prolific"},
                   {"name": "Jeremy", "queen": "aggressive"}]}
NAMES = [("Ann", "hygienic"), ("Bo", "aggressive"), ("Cy", "nomadic"), ("Di", "prolific")]


def month_plan(path: Path) -> g.MonthPlan:
    return rec.parse_month(tomllib.loads(path.read_text(encoding="utf-8")), path.name)


def renamed(value, names: dict[str, str]):
    """A JSON value with every name of ``names`` (old → new) replaced, keys and strings."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def record_turns(plan: g.MonthPlan) -> list[g.Turn]:
    """A plan's turns as the table records them (typed and back: the values of the action
    only), without their record locations."""
    return [replace(g.as_turn(g.as_action(t)), where="") for t in plan.turns]


def in_record_names(state: g.GameState, names: dict[str, str]) -> g.GameState:
    """``state`` (the table's) with each wild hive under its record name: ``names`` is
    record name → table name (a permutation of names, swapped at once)."""
    back = {table: record for record, table in names.items()}
    assert len(back) == len(names)
    return g.GameState.from_dict(renamed(state.to_dict(), back))


def renamed_turn(turn: g.Turn, back: dict[str, str]) -> g.Turn:
    """The table's turn with the record's names (``back``: table name → record name)."""
    return replace(turn, **{k: back.get(getattr(turn, k), getattr(turn, k))
                            for k in ("actor", "target", "spawn")})


def renamed_choice(c: g.PhaseChoices, back: dict[str, str]) -> g.PhaseChoices:
    """The table's phase choice with the record's names."""
    if c.swarm is None:
        return c
    return replace(c, swarm=replace(c.swarm, wild=back.get(c.swarm.wild, c.swarm.wild)))


def at_the_table(start: g.GameState, comps: g.Components, plan: g.MonthPlan,
                 names: dict[str, str] | None = None):
    """The month ``plan`` played from its table steps alone; checks that the table's own
    month record replays through play_month to the same state.  Returns the finished table
    and the walk (steps, kinds, names)."""
    w = walk(start, comps, plan, names=names)
    table = replay(start, comps, w.steps)        # a fresh table, the steps and nothing else
    assert table.done and table.steps == w.steps
    assert g.play_month(start, table.plan, comps).state == table.result.state
    return table, w


# --- the shipped two-year campaign --------------------------------------------------------------

def test_the_two_year_campaign_played_by_table_steps_only():
    comps = CAMPAIGN.game
    start = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    files = (sorted(EXAMPLES.glob("2p-y1-*.toml")), sorted(EXAMPLES.glob("2p-y2-*.toml")))
    assert [len(f) for f in files] == [9, 9]
    record = table_state = start          # the month files' game and the table's
    names: dict[str, str] = {}
    kinds: Counter = Counter()
    for year, paths in enumerate(files, 1):
        for path in paths:
            plan = month_plan(path)
            played = g.play_month(record, plan, comps)          # claims checked too
            table, w = at_the_table(table_state, comps, plan, names)
            assert in_record_names(table.result.state, w.names) == played.state, path.name
            # the table's month record is the month file's, but for the names and claims
            back = {t: r for r, t in w.names.items()}
            assert table.plan.card == plan.card and table.plan.claims == ()
            assert [renamed_turn(t, back) for t in table.plan.turns] == record_turns(plan)
            assert {n: renamed_choice(c, back) for n, c in table.plan.choices
                    if c != g.PhaseChoices()} == dict(plan.choices)
            record, table_state, names = played.state, table.result.state, w.names
            kinds.update(w.kinds)
        starvation = {"Jeremy": "take"} if year == 2 else None
        record, _ = g.play_winter(record, comps, starvation)
        table_state, _ = g.play_winter(table_state, comps, starvation)
        assert in_record_names(table_state, names) == record
    assert record.stage == table_state.stage == "over"
    # the table named the wild hives its own way: BRAMBLE is its DANDELION, and so on
    assert names["ACORN"] == "ACORN" and names["BRAMBLE"] == "DANDELION"
    assert table_state.wild != record.wild
    scores = g.final_scoring(table_state, comps.board)
    assert scores == g.final_scoring(record, comps.board)
    assert [(line.player.name, line.total) for line in scores.lines] == [("Susan", 28),
                                                                        ("Jeremy", 8)]
    assert {"card", "action", "wild", "swarm", "dice", "sacrifice"} <= set(kinds)


def test_a_raid_is_its_head_then_its_dice_rerolls_and_the_defenders_sacrifice():
    comps = CAMPAIGN.game
    start = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    plan = g.MonthPlan(1, 1, "First Bloom", turns=(
        g.Turn("Susan", "forage", tile="bloom", distance=0, take=(5, 5, 0)),
        g.Turn("Jeremy", "raid", target="Susan", bees=3, distance=1, rolls=((1,), (4,)),
               sacrifice_unassigned=1),
        g.Turn("Susan", "defend", bees=1)))
    assert steps_for(start, comps, plan) == [
        'card "First Bloom"', "Susan: forage bloom 0 take 5/5/0",
        "Jeremy: raid Susan 3 distance 1", "1", "reroll", "4", "keep", "Susan: sacrifice 0/1",
        "Susan: defend 1"]
    table, _ = at_the_table(start, comps, plan)
    assert table.result.state == g.play_month(start, plan, comps).state


# --- random legal months ------------------------------------------------------------------------

#: (players, options, on the map, seed): whole random games, every month checked; the seeds
#: give short games that meet every kind of decision between them (see the last assertion)
GAMES = [(2, {"years": 2}, False, 3), (3, {}, False, 8), (2, {"haunted_hives": True}, False, 11),
         (1, {"solo_hard": True, "haunted_hives": True}, False, 2),
         (1, {"years": 2, "zombees_from_year": 2}, False, 2),
         (3, {"zombees_from_year": 1}, False, 11), (2, {"zombees_from_year": 1}, True, 10),
         (2, {"years": 2, "zombees_from_year": 2}, True, 0),
         (2, {}, True, 26), (3, {}, True, 15), (2, {"years": 2}, True, 34),
         (2, {"haunted_hives": True}, True, 31), (1, {"solo_hard": True}, True, 2),
         (1, {"solo_hard": True, "haunted_hives": True}, True, 20)]

@functools.cache
def _random_game(players: int, options: tuple, on_map: bool, seed: int) -> Counter:
    """A whole random game, each month walked at the table and compared with play_month's;
    the decision kinds and solo dice met (computed once per process)."""
    from hyvekit.rules.beelives import map as M
    seen: Counter = Counter()
    rng = random.Random(seed)
    state = g.new_game(NAMES[:players], COMPS.board, options=g.Options(**dict(options)))
    if on_map:
        state = replace(state, map=M.starting_map([p.name for p in state.players]))
    months = 0
    while state.stage != "over":
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS)
            continue
        plan, result = random_month(state, COMPS, rng)
        months += 1
        table, w = at_the_table(state, COMPS, plan)
        assert in_record_names(table.result.state, w.names) == result.state
        seen.update(w.kinds)
        seen.update(f"turn:{k}" for t in plan.turns for k in ("zombee_d6", "haunt_d6",
                                                              "infection_d6", "d6")
                    if getattr(t, k) is not None)
        seen.update(f"month:{k}" for k in ("spawn_d6", "infect", "infected_spawn")
                    if getattr(plan, k))
        state = result.state
    assert months >= 9
    return seen


@pytest.mark.parametrize("players,options,on_map,seed", GAMES)
def test_random_months_at_the_table_end_as_play_month(players, options, on_map, seed):
    assert _random_game(players, tuple(options.items()), on_map, seed)


@functools.cache
def _campaign_month(month: int) -> Counter:
    comps = CAMPAIGN.game
    seen: Counter = Counter()
    state = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    paths = sorted(EXAMPLES.glob("2p-y1-*.toml")) + sorted(EXAMPLES.glob("2p-y2-*.toml"))
    for path in paths[:month]:
        if state.stage == "winter":
            state, _ = g.play_winter(state, comps)
        state = g.play_month(state, month_plan(path), comps).state
    if state.stage == "winter":
        state, _ = g.play_winter(state, comps)
    for seed in range(2):
        plan, result = random_month(state, comps, random.Random(100 * seed + month))
        table, w = at_the_table(state, comps, plan)
        assert in_record_names(table.result.state, w.names) == result.state
        seen.update(w.kinds)
    return seen


@pytest.mark.parametrize("month", range(1, 18))
def test_random_months_from_the_campaigns_states(month):
    """Random months from the campaign's states after each month file (up to eight wild
    hives: their raids, raids on them, rerolls)."""
    assert _campaign_month(month)


def test_every_kind_of_decision_was_met():
    """Between the random months above: every decision kind of the table, and the solo cards'
    dice (the walks are computed once per process)."""
    seen: Counter = Counter()
    for players, options, on_map, seed in GAMES:
        seen += _random_game(players, tuple(options.items()), on_map, seed)
    for month in range(1, 18):
        seen += _campaign_month(month)
    kinds = {"feeding", "swarm", "card", "action", "wild", "dice", "reroll", "sacrifice",
             "place", "join"}
    assert kinds <= set(seen), kinds - set(seen)
    assert {"turn:zombee_d6", "turn:haunt_d6", "turn:infection_d6", "turn:d6",
            "month:spawn_d6", "month:infect", "month:infected_spawn"} <= set(seen)


# --- what the table cannot state ----------------------------------------------------------------

def test_a_raids_removed_dice_are_the_raiders_decision():
    """Losing a dice bracket, the raider removes a die of their choice (``removed``): the
    table asks (``remove 4``), and a record without it removes the lowest."""
    comps = CAMPAIGN.game
    state = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    for path in sorted(EXAMPLES.glob("2p-y1-*.toml"))[:2]:
        state = g.play_month(state, month_plan(path), comps).state
    may = replace(month_plan(EXAMPLES / "2p-y1-03-may.toml"), claims=())
    raid = g.Turn("Jeremy", "raid", target="Susan", bees=5, rolls=((1, 4),),
                  sacrifice_unassigned=1, distance=1)
    plans = [replace(may, turns=(g.Turn("Susan", "forage", tile="bloom", distance=0,
                                        take=(5, 1, 0)), t, g.Turn("Susan", "defend", bees=2)))
             for t in (raid, replace(raid, removed=(4,)))]
    lowest, chosen = (g.play_month(state, p, comps).state for p in plans)
    assert lowest.player("Jeremy").hive.honey == 8 and chosen.player("Jeremy").hive.honey == 5
    table, _ = at_the_table(state, comps, plans[0])
    assert table.result.state == lowest
    table, w = at_the_table(state, comps, plans[1])
    assert table.result.state == chosen
    assert "Jeremy: remove 4" in w.steps and "remove" in w.kinds


def test_a_healthy_wild_hive_before_an_infected_one_is_refused_by_name():
    """Zombees without the map: the wild hives of a round act in the order the first player
    chooses; the table asks for an infected wild hive's erratic D6 before any other's line."""
    rng = random.Random(1)
    state = g.new_game(NAMES[:3], COMPS.board, options=g.Options(zombees_from_year=1))
    for _ in range(5):
        state = random_month(state, COMPS, rng)[1].state
    plan, _ = random_month(state, COMPS, rng)               # August
    assert [w.name for w in state.wild if w.infected] == ["ACORN", "DANDELION"]
    actors = [t.actor for t in plan.turns if t.wild]          # the wild hive round
    assert actors == ["ACORN", "SPIDER", "THISTLE", "DANDELION", "CLOVER"]
    with pytest.raises(NotAtTheTable, match="infected DANDELION's erratic D6 before any other "
                       "wild hive's turn of the round; the plan's next turn is SPIDER's"):
        steps_for(state, COMPS, plan)


def test_zombees_a_wild_hive_its_raid_removes_rolls_no_infection_die_at_the_table():
    """Zombees on the map: a healthy wild hive that raids a hive on an infected tile and is
    removed by the raid rolls no D6 for the infected tile — the sequencer refuses one ("left
    play in its raid"), and the table no longer asks for one (scripts/months_walk.txt)."""
    from hyvekit.rules.beelives import map as M
    rng = random.Random(0)
    state = g.new_game(NAMES[:3], COMPS.board, options=g.Options(zombees_from_year=1))
    state = replace(state, map=M.starting_map([p.name for p in state.players]))
    while (state.year, state.month) != (1, 4):
        state = random_month(state, COMPS, rng, replay=False)[1].state
    plan, result = random_month(state, COMPS, rng, replay=False)           # June
    raid = next(t for t in plan.turns if t.wild and t.action == "raid" and t.actor == "OAK")
    assert state.map.grid[state.map.hive(raid.target).at].dark == "infected"
    assert "OAK" not in {w.name for w in result.state.wild} and raid.infection_d6 is None
    table, w = at_the_table(state, COMPS, plan)
    assert in_record_names(table.result.state, w.names) == result.state
    rolled = replace(plan, turns=tuple(replace(t, infection_d6=3) if t is raid else t
                                       for t in plan.turns))
    with pytest.raises(IllegalActionError, match="OAK left play in its raid: no infection_d6"):
        g.play_month(state, rolled, COMPS)


def test_a_swarm_stated_without_a_spawn_is_played_with_spawn_none():
    """Without the map a record may state that a swarm spawns no wild hive ("none": no tile
    within three spaces can take it); at the table that is ``spawn none``."""
    comps = CAMPAIGN.game
    state = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    state = g.play_month(state, month_plan(EXAMPLES / "2p-y1-01-march.toml"), comps).state
    plan = month_plan(EXAMPLES / "2p-y1-02-april.toml")
    (name, c), = plan.choices
    assert c.swarm.wild == "ACORN"
    none = replace(plan, claims=(), choices=((name, replace(
        c, swarm=replace(c.swarm, wild=g.NONE))),))
    expected = g.play_month(state, none, comps).state     # the sequencer takes it
    table, w = at_the_table(state, comps, none)
    assert table.result.state == expected
    assert any(step.endswith("spawn none") for step in w.steps)


def test_a_turned_join_is_played_at_the_table():
    """Joining the Map: a group may be turned as it slides (``turn R``); the table lists the
    unturned joins and takes a turned one too, checked by the map."""
    from hyvekit.rules.beelives import map as M
    rng = random.Random(0)
    state = g.new_game(NAMES[:2], COMPS.board)
    state = replace(state, map=M.starting_map(["Ann", "Bo"]))
    for _ in range(2):
        state = random_month(state, COMPS, rng)[1].state
    plan, result = random_month(state, COMPS, rng)          # May of year 1: the map joins
    assert plan.joins == (("Bo", (-23, 1), 0),)
    table, w = at_the_table(state, COMPS, plan)
    assert in_record_names(table.result.state, w.names) == result.state
    assert w.steps[-1] == "Bo: join -23,1" and w.kinds[-1] == "join"
    turned = replace(plan, joins=(("Bo", (-25, 1), 1),))
    expected = g.play_month(state, turned, COMPS).state     # the sequencer takes it
    table, w = at_the_table(state, COMPS, turned)
    assert in_record_names(table.result.state, w.names) == in_record_names(expected, w.names)
    assert w.steps[-1] == "Bo: join -25,1 turn 1"
    with pytest.raises(IllegalActionError):                 # a join that does not join
        replay(state, COMPS, w.steps[:-1] + ("Bo: join 40,40 turn 1",))


def test_zombees_strongest_wild_hives_tied_at_the_table():
    """Zombees, the start of year 2: the strongest wild hives are tied, the record names the
    infected one (``infect``), the table asks (``infect NAME``)."""
    rng = random.Random(16)
    state = g.new_game(NAMES[:2], COMPS.board, options=g.Options(years=2, zombees_from_year=2))
    while state.year == 1:
        if state.stage == "winter":
            state, _ = g.play_winter(state, COMPS)
            continue
        state = random_month(state, COMPS, rng)[1].state
    top = max(w.strength for w in state.wild)
    tied = [w.name for w in state.wild if w.strength == top]
    assert len(tied) >= 2                                  # the seed gives a tie
    plan, result = random_month(state, COMPS, rng)
    assert plan.infect in tied
    table, w = at_the_table(state, COMPS, plan)
    assert w.kinds[0] == "infect" and w.steps[0] == f"infect {plan.infect}"
    assert in_record_names(table.result.state, w.names) == result.state


def test_under_siege_at_the_table():
    """Under Siege: the D6 after each scout, and the wild hive it spawns (named by the
    table)."""
    state = g.new_game([("Ann", "prolific")], COMPS.board, options=g.Options(under_siege=True))
    plan = g.MonthPlan(1, 1, "First Bloom", turns=(
        g.Turn("Ann", "scout", tile="bloom", siege_d6=5, siege_spawn="BRAMBLE"),
        g.Turn("Ann", "scout", tile="wilt", siege_d6=2), g.Turn("Ann", "defend", bees=1)))
    assert steps_for(state, COMPS, plan) == ['card "First Bloom"', "Ann: scout bloom", "5",
                                             "Ann: scout wilt", "2", "Ann: defend 1"]
    table, w = at_the_table(state, COMPS, plan)
    assert w.names == {"BRAMBLE": "ACORN"}
    assert in_record_names(table.result.state, w.names) == g.play_month(state, plan,
                                                                        COMPS).state


def test_a_choice_the_table_does_not_ask_for_and_another_month_are_refused():
    comps = CAMPAIGN.game
    start = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    march = month_plan(EXAMPLES / "2p-y1-01-march.toml")
    tokens = replace(march, choices=(("Susan", g.PhaseChoices(starvation_tokens=1)),))
    with pytest.raises(NotAtTheTable, match="Susan states 1 starvation tokens"):
        steps_for(start, comps, tokens)           # the first month has no Feeding Phase
    with pytest.raises(IllegalActionError, match="the month due is March of year 1"):
        steps_for(start, comps, replace(march, month=2))


def _at_first(kind: str):
    """The table of the example campaign's April at its first decision of ``kind``."""
    from hyvekit.rules.beelives.month_phases import month_pending as pending
    from hyvekit.rules.beelives.month_phases import month_push as push
    from hyvekit.rules.beelives.month_table import new_table
    comps = CAMPAIGN.game
    state = C.new_campaign(C.settings_from_dict(TWO, CAMPAIGN), CAMPAIGN).game
    state = g.play_month(state, month_plan(EXAMPLES / "2p-y1-01-march.toml"), comps).state
    w = walk(state, comps, month_plan(EXAMPLES / "2p-y1-02-april.toml"))
    t = new_table(state, comps)
    for step in w.steps:
        if pending(t).kind == kind:
            return t, pending(t)
        t = push(t, step)
    raise AssertionError(f"no {kind} decision in April")


def test_a_refused_choice_names_the_options_it_began_like_and_a_wrong_value_is_a_rule():
    """A choice with a known verb but a value the rules do not allow is a rule's refusal
    (exit 1) with the legal options; an incomplete one is bad input listing the options of
    that verb, without suggesting the verb typed; a mistyped verb gets the close match."""
    from hyvekit.rules.beelives.month_phases import month_push as push
    from hyvekit.rules.common import InvalidInputError
    t, d = _at_first("swarm")
    body = d.legal[0].split(": ", 1)[-1]
    verb = body.split()[0]
    with pytest.raises(InvalidInputError) as short:
        push(t, verb)                                   # "stay" without the queen
    assert "did you mean" not in str(short.value)
    assert all(o.split(": ", 1)[-1].startswith(verb) for o in short.value.allowed.split("; "))
    with pytest.raises(IllegalActionError) as wrong:
        push(t, f"{verb} nosuchqueen" if len(body.split()) == 2 else f"{verb} x y")
    assert "is not legal" in str(wrong.value)
    with pytest.raises(InvalidInputError) as typo:
        push(t, verb[:-1] + "x" + verb[-1])
    assert f"did you mean {verb}" in str(typo.value)


def test_a_refused_step_shows_the_legal_steps_of_its_longest_start():
    from hyvekit.rules.beelives.step_text import legal_hint
    t, d = _at_first("action")
    forages = [o for o in d.legal if o.split(": ", 1)[-1].startswith("forage ")]
    tile = forages[-1].split(": ", 1)[-1].split()[1]
    shown = legal_hint(d, f"forage {tile} 9", most=50).split("; ")
    assert shown and all(s.startswith(f"forage {tile} ") for s in shown)
    assert len(shown) == sum(o.split(": ", 1)[-1].startswith(f"forage {tile} ") for o in d.legal)
