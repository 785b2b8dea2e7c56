"""A HYVE scenario played at the table (hyve.txt, "Turn Structure", one decision at a time):
the shipped turn records replayed through table steps only, seeded whole scenarios chosen
among ``legal``, the notation, and each kind of decision."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hyvekit.data.hyve import read_record, sheet_definition, sheet_definitions
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.hyve import table as T
from hyvekit.rules.hyve import table_push
from hyvekit.rules.hyve.notation import parse_step, step_text
from hyvekit.rules.hyve.record import Claim, Record, dump_record, parse_record, replay
from hyvekit.rules.hyve.scenario import new_scenario, summary
from hyvekit.rules.hyve.table_steps import walk
from hyvekit.rules.hyve.turn import play_turn
from hyvekit.rules.hyve.larva import Line
from hyvekit.rules.hyve.scoring import HEXES, NECTAR, HyveGrid, Space, cell_name, parse_cell
from dataclasses import replace

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "hyve"
AT_TABLE = [p for p in sorted(EXAMPLES.glob("*.toml"))
            if not p.name.startswith("legacy")]
PERKS = ("excisor", "sensilla", "beseech", "fecundity", "controlled-rolls", "deep-stores",
         "resiliance", "vigorous", "tenacity", "migratory")
MODES = ("standard", "coldsnap", "mites-challenge", "long-live-the-queen", "wasp-war",
         "bee-builder", "turbo")


def _table(mode="standard", perks=()):
    return T.new_table(new_scenario(sheet_definition(mode), perks=perks))


def _chooser(rng):
    """A player who picks among the legal steps, gathering early now and then and preferring
    the bakery (so scenarios last and some are won)."""
    def choose(d):
        legal = d.legal
        if d.kind == "assign":
            bakery = [o for o in legal if o.startswith("bakery")]
            if bakery and rng.random() < 0.7:
                return rng.choice(bakery)
            overwork = [o for o in legal if o.endswith(" overwork")]
            if overwork and rng.random() < 0.5:
                return rng.choice(overwork)
            if rng.random() < 0.45:
                return "gather"
        return rng.choice(legal)
    return choose


def play_out(t, rng, check_legal=False):
    """Play ``t`` to its end choosing among ``legal``; every decision has a legal step; with
    ``check_legal`` every legal step round-trips and is accepted (all of a short list, five
    of a long one: the protocol's rule that every listed step is one `do` accepts)."""
    choose = _chooser(rng)
    sampler = random.Random(len(t.steps))        # apart from ``rng``: the same scenarios
    while True:
        d = T.pending(t)
        if d.kind in ("over", "unsupported"):
            return t
        assert d.legal, d
        if check_legal:
            sheet, chamber = t.start.sheet, t.start.chamber
            for option in d.legal:
                assert step_text(parse_step(option, sheet, chamber), sheet, chamber) == option
            tried = d.legal if len(d.legal) <= 8 else sampler.sample(d.legal, 4) + [d.legal[-1]]
            for option in tried:
                T.push(t, option, random.Random(0))
        t = T.push(t, choose(d), rng)


@pytest.mark.parametrize("path", AT_TABLE, ids=lambda p: p.name)
def test_every_shipped_turn_record_replays_through_table_steps_only(path):
    record = read_record(path)
    try:
        _, reports = replay(record)
        refused = None
    except IllegalActionError as exc:
        reports, refused = exc.reports, exc
    t = T.new_table(record.start)
    for turn, report in zip(record.turns, reports):
        t, steps = walk(t, turn)
        assert steps and all(isinstance(s, str) for s in steps)
        assert summary(t.now) == summary(report.state), report.turn
        assert t.now.events[-len(report.events):] == report.events
    if refused is not None:                     # the illegal turn is refused by the same rule
        with pytest.raises(IllegalActionError) as exc:
            walk(t, record.turns[len(reports)])
        assert exc.value.rule == refused.rule


def test_an_illegal_example_is_refused_at_the_table_naming_the_rule_and_the_legal_steps():
    record = read_record(EXAMPLES / "standard-illegal.toml")
    with pytest.raises(IllegalActionError) as file_error:
        replay(record)
    t = T.new_table(record.start)
    for turn in record.turns[:len(file_error.value.reports)]:
        t, _ = walk(t, turn)
    with pytest.raises(IllegalActionError) as exc:
        walk(t, record.turns[len(file_error.value.reports)])
    assert exc.value.rule == file_error.value.rule
    assert exc.value.hint.startswith("legal: ")


@pytest.mark.parametrize("seed", range(50))
def test_seeded_whole_scenarios_chosen_among_legal_end_as_the_engine_says(seed):
    rng = random.Random(seed)
    mode = MODES[seed % len(MODES)]
    perks = tuple(p for p in PERKS if rng.random() < 0.5) if seed % 2 else ()
    t = play_out(_table(mode, perks), rng, check_legal=seed < 7)
    assert t.over and t.now.status in ("won", "lost")
    # the turns the table built are the turn record: played by the engine, they end the same
    state = t.start
    for turn in t.turns:
        state = play_turn(state, turn)
    assert summary(state) == summary(t.now)
    # the stored steps replay to the same table
    again = T.replay(t.start, t.steps)
    assert summary(again.now) == summary(t.now) and again.turns == t.turns
    # written back as the turn record file, hyve check replays it the same
    raw = __import__("tomllib").loads(dump_record(t.start, t.turns))
    record = parse_record(raw, sheet_definitions())
    final, _ = replay(Record(record.start, record.turns, (Claim(),) * len(record.turns)))
    assert summary(final) == summary(t.now)


def test_the_last_turn_played_at_the_table_wins_the_scenario():
    """How to Win: "Complete all turns (Season track is fully marked)"."""
    s = new_scenario(sheet_definition("standard"))
    seasons = s.sheet.seasons
    crossed = tuple(tuple(range(1, len(x.effects) + 1)) for x in seasons[:-1]) \
        + (tuple(range(1, len(seasons[-1].effects))),)
    t = T.new_table(replace(s, crossed=crossed, position=s.sheet.hp_track.top - 1))
    assert t.now.turns_done == s.sheet.turns - 1
    t = play_out(t, random.Random(3))
    assert t.now.status == "won" and "all turns" in " ".join(t.now.end)
    assert len(t.turns) == 1 and t.turns[0].season.effect == len(seasons[-1].effects)


def test_refresh_rolls_dice_equal_to_population_and_controlled_rolls_may_roll_fewer():
    d = T.pending(_table())
    assert d.kind == "dice" and d.legal == ("roll",)
    t = T.push(_table(), "roll", random.Random(1))
    done = t.steps[-1]
    assert done.startswith("dice ") and len(done.split()) == 1 + 6
    d = T.pending(_table(perks=("controlled-rolls",)))
    assert d.legal == ("roll", "roll 0", "roll 1", "roll 2", "roll 3", "roll 4", "roll 5")
    t = T.push(_table(perks=("controlled-rolls",)), "roll 3", random.Random(1))
    done = t.steps[-1]
    assert len(done.split()) == 1 + 3 and len(t.now.bees) == 3
    with pytest.raises(IllegalActionError) as exc:
        T.push(_table(), "dice 1 2 3", random.Random(1))
    assert exc.value.rule == "Hyve: Refresh" and "legal: roll" in exc.value.hint


def _at(text_steps, perks=(), mode="standard"):
    t = _table(mode, perks)
    for s in text_steps:
        t = T.push(t, s)
    return t


def test_repurpose_asks_which_bees_then_their_new_faces():
    t = _at(["dice 3 1 2 5 5 6", "repurpose 3"])
    d = T.pending(t)
    assert d.kind == "reroll"
    assert set(d.legal) == {"reroll 1 2 5", "reroll 1 2 W", "reroll 1 5 5", "reroll 1 5 W",
                            "reroll 2 5 5", "reroll 2 5 W", "reroll 5 5 W"}
    t = T.push(t, "reroll 1 2 5")
    assert T.pending(t).kind == "dice"
    t = T.push(t, "dice 4 4 4")
    assert sorted(t.now.pool) == [4, 4, 4, 5, 6]
    assert T.pending(t).kind == "assign"
    with pytest.raises(IllegalActionError):          # each action once per turn
        T.push(t, "repurpose 4")


def test_a_wild_bee_repurposes_one_to_five():
    t = _at(["dice 6 1 2 3 5 5", "repurpose W"])
    sizes = {len(o.split()) - 1 for o in T.pending(t).legal}
    assert sizes == {1, 2, 3, 4, 5}


def test_gather_places_each_unassigned_bee_and_structured_placement_starts_in_the_middle():
    sheet = sheet_definitions()
    structured = next((s for s in sheet.values() if s.placement == "structured"), None)
    if structured is None:
        pytest.skip("no structured sheet shipped")
    t = T.new_table(new_scenario(structured))
    t = T.push(t, "dice 1 1 2 3 4 5" if structured.starting_population == 6 else "roll",
                  random.Random(2))
    t = T.push(t, "gather")
    d = T.pending(t)
    assert d.kind == "nectar" and all(o.endswith("@C3") for o in d.legal)


def test_gather_lists_every_bee_and_free_hex_and_feed_bees_follows():
    t = _at(["dice 1 1 2 3 4 6", "gather"])
    d = T.pending(t)
    assert d.kind == "nectar"
    assert "1@A1" in d.legal and "W5@E3" in d.legal and len(d.legal) == (4 + 5) * 19
    for step in ("1@C3", "1@C2", "2@C4", "3@B2", "4@B3"):
        before = t
        t = T.push(t, step)
        # the Gather Nectar line waits for the last hex: no "1@?" for a bee not placed yet
        assert not [x for x in T.new_events(before.now.events, t.now.events) if "?" in x]
    with pytest.raises(IllegalActionError) as exc:   # C3 is taken
        T.push(t, "W2@C3")
    assert exc.value.rule == "Hyve: Gather Nectar"
    t = T.push(t, "W2@D1")
    # Feed Bees: two 1-Bees on level-1 bread and the wild Bee: -2 population
    assert t.now.population == 4 and T.pending(t).kind == "effect"


def test_the_seasonal_effect_is_chosen_among_the_open_ones_and_ends_the_turn():
    t = _at(["dice 1 2 3 4 5 1", "gather", "1@C3", "2@C2", "3@C4", "4@B2", "5@B3", "1@D1"])
    d = T.pending(t)
    assert d.kind == "effect" and d.legal[0] == "effect 1"
    t = T.push(t, d.legal[0])
    assert len(t.turns) == 1 and t.now.turn == 2 and T.pending(t).kind == "dice"
    assert t.turns[0].season.effect == 1


def _near_full(perks=(), mode="standard", **changes):
    """A sheet whose first hyve has every hex but E3 filled with 1-nectar."""
    s = new_scenario(sheet_definition(mode), perks=perks)
    grid = HyveGrid.from_mapping({h: Space(NECTAR, variety="1") for h in HEXES
                                  if cell_name(h) != "E3"})
    return T.new_table(replace(s, hyves=(grid,) + s.hyves[1:], **changes))


def test_tend_larva_asks_where_each_larva_goes_and_fecundity_adds_one():
    t = _table(perks=("fecundity",))
    for step in ("dice 1 1 2 3 4 5", "eggs 1"):
        t = T.push(t, step)
    shape = T.pending(t)
    assert shape.kind == "shape"
    t = T.push(t, shape.legal[0])
    cells = t.now.chamber.populated(t.now.chamber.line_cells(Line("row", 1)))
    for step in ("gather", "1@C3", "2@C2", "3@C4", "4@B2", "5@B3", "effect 1"):
        t = T.push(t, step)
    t = T.push(t, "dice " + " ".join("112345"[:t.now.population]))
    row = [o for o in T.pending(t).legal if o.startswith("larva 1 ")]
    assert row == ["larva 1 row", "larva 1 column"]
    t = T.push(t, "larva 1 row")
    asked = 0
    while T.pending(t).kind == "larva":
        d = T.pending(t)
        assert all(o.startswith("larva@") for o in d.legal) and "larva@C3" not in d.legal
        t = T.push(t, d.legal[0])
        asked += 1
    assert asked == len(cells) + 1 and len(cells) > 0          # Fecundity: one more
    assert T.pending(t).kind == "assign" and t.turn.done[-1].larva


def test_excisor_is_asked_before_a_completed_hyve_is_scored():
    t = _near_full(perks=("excisor",))
    for step in ("dice 2 1 1 1 1 1", "gather", "2@E3"):
        t = T.push(t, step)
    d = T.pending(t)
    assert d.kind == "excise" and d.legal[0] == "excise none" and "excise E3" in d.legal
    t = T.push(t, "excise E3")
    assert t.now.scores and t.now.active == 1
    assert t.now.hyves[0][parse_cell("E3")].kind != NECTAR        # crossed out
    assert T.pending(t).kind == "nectar" and "1@C3" in T.pending(t).legal   # hyve 2 now


def test_without_excisor_a_completed_hyve_is_scored_at_once():
    t = _near_full()
    for step in ("dice 2 1 1 1 1 1", "gather", "2@E3"):
        t = T.push(t, step)
    assert t.now.scores and T.pending(t).kind == "nectar"


def test_sensilla_asks_the_colour_and_hex_when_the_hp_die_enters_an_uncoloured_space():
    t = _near_full(perks=("sensilla", "deep-stores"))
    for step in ("dice 2 1 1 1 1 1", "gather", "2@E3"):
        t = T.push(t, step)
    d = T.pending(t)
    assert d.kind == "sensilla"
    assert "sensilla 4@C3" in d.legal and len(d.legal) == 5 * 19     # hyve 2 is empty
    t = T.push(t, "sensilla 4@C3")
    assert t.now.coloured and t.now.hyves[1][parse_cell("C3")].variety == "4"
    assert t.turn.sensilla == ((4, parse_cell("C3")),)


def test_a_completed_royal_jelly_asks_for_its_queens_reward():
    s = new_scenario(sheet_definition("standard"))
    t = T.new_table(replace(s, jellies=((1, 2, 3, 4),) + s.jellies[1:]))
    t = T.push(t, "dice 5 1 1 2 3 4")
    t = T.push(t, "queen 5 overwork")
    d = T.pending(t)
    assert d.kind == "reward"
    assert set(d.legal) == {f"reward {r}" for r in t.start.sheet.rewards}
    t = T.push(t, d.legal[0])
    assert t.now.rewards_taken == (d.legal[0].split()[1],) and T.pending(t).kind == "assign"


def test_mites_ask_which_nectar_of_the_active_hyve_to_cross_out():
    t = _table("mites-challenge")
    for step in ("dice 1 2 3 4 5 1", "gather", "1@C3", "2@C2", "3@C4", "4@B2", "5@B3",
                 "1@D1"):
        t = T.push(t, step)
    season = t.now.sheet.seasons[0]
    k = next(i for i, e in enumerate(season.effects, start=1) if e.mites)
    t = T.push(t, f"effect {k}")
    d = T.pending(t)
    assert d.kind == "mites" and "mites C3" in d.legal and len(d.legal) == 6
    t = T.push(t, "mites C3")
    if T.pending(t).kind == "mites":
        assert "mites C3" not in T.pending(t).legal


def test_notation_reads_forgivingly_and_names_the_forms():
    sheet = sheet_definition("standard")
    t = _table()
    chamber = t.start.chamber
    assert step_text(parse_step("  DICE 13w ", sheet, chamber), sheet, chamber) == "dice 1 3 W"
    assert step_text(parse_step("bakery 3 3 3 w", sheet, chamber), sheet, chamber) \
        == "bakery 3: 3 3 W"
    assert step_text(parse_step("w3@c2", sheet, chamber), sheet, chamber) == "W3@C2"
    assert step_text(parse_step("queen 4 Plumose", sheet, chamber), sheet, chamber) \
        == "queen 4 plumose"
    with pytest.raises(InvalidInputError) as exc:
        parse_step("repurpse 3", sheet, chamber)
    assert "expected repurpose BEE [boost] (did you mean repurpose?)" in str(exc.value)
    with pytest.raises(InvalidInputError):
        parse_step("larva W row", sheet, chamber)


@pytest.mark.parametrize("verb", ["eat", "block", "effect", "mites", "shape", "excise"])
def test_a_verb_without_its_words_is_answered_with_its_form(verb):
    """``eat`` or ``block`` alone was an IndexError (an internal error under ``hyve do``)."""
    sheet = sheet_definition("wasp-war")
    with pytest.raises(InvalidInputError) as exc:
        parse_step(verb, sheet, _table("wasp-war").start.chamber)
    assert f"expected {verb} " in str(exc.value)


def test_a_step_of_another_decision_is_refused_with_the_legal_steps():
    with pytest.raises(IllegalActionError) as exc:
        T.push(_table(), "gather")
    assert exc.value.rule == "Hyve: Turn Structure" and exc.value.hint == "legal: roll"


def test_the_scenario_over_takes_no_more_steps():
    t = play_out(_table(), random.Random(5))
    assert T.pending(t).kind == "over"
    with pytest.raises(IllegalActionError):
        T.push(t, "roll")


def test_bee_builder_without_built_room_the_nectar_is_lost_ruling_h82():
    from hyvekit.rules.hyve.actions import GatherNectar, Placement, Refresh
    from hyvekit.rules.hyve.actions import bee as make_bee
    from hyvekit.rules.hyve.turn import apply
    t = _table("bee-builder")
    s = apply(t.start, Refresh((1, 2, 3, 4, 5, 1)))
    # nothing is built: no nectar can go anywhere, and none is placed
    after = apply(s, GatherNectar(()))
    assert any("no built space left for 1, 1, 2, 3, 4, 5" in e for e in after.events)
    assert after.phase == "season"
    # at the table the nectar decision is skipped
    t = T.push(t, "dice 1 2 3 4 5 1")
    t = T.push(t, "gather")
    assert T.pending(t).kind == "effect"
    assert t.turn.gather == () and t.turn.gather_closed
    # with a built hex free, every bee must place its nectar
    built = replace(s, built=(frozenset({parse_cell("C3"), parse_cell("C4")}),) + s.built[1:])
    with pytest.raises(IllegalActionError) as exc:
        apply(built, GatherNectar((Placement(make_bee(1), parse_cell("C3")),)))
    assert exc.value.rule == "Hyve: Gather Nectar" and "a built hex is free" in exc.value.message


def test_gather_after_every_bee_is_assigned_changes_nothing():
    s = new_scenario(sheet_definition("standard"))
    t = T.new_table(replace(s, population=3))
    for step in ("dice 1 1 2", "bakery 1: 1 1", "queen 2 overwork"):
        t = T.push(t, step)
    assert T.pending(t).kind == "effect" and t.turn.gather == ()   # gathered: no bee left
    before = t.now
    t = T.push(t, "gather")
    done = t.steps[-1]
    assert done == "gather" and t.now == before and T.pending(t).kind == "effect"
    assert T.replay(t.start, t.steps).now == t.now


def test_a_bee_that_already_gathered_is_refused_in_words():
    t = _at(["dice 1 2 3 4 5 6", "gather", "1@C3"])
    with pytest.raises(IllegalActionError) as exc:
        T.push(t, "1@C2")
    assert "no unassigned 1 bee is left to gather (left: 2 3 4 5 W)" in exc.value.message


# --- Turbo Mode's boosted Tend Eggs --------------------------------------------------------------

def test_turbo_a_boosted_tend_eggs_is_still_the_one_larva_chamber_action_of_the_turn():
    t = _at(["dice 3 5 2 2 1 4", "eggs 4", "shape R1C1 R1C3 R3C1 R3C3"], mode="turbo")
    assert not [o for o in T.pending(t).legal if o.startswith(("eggs", "larva"))]
    with pytest.raises(IllegalActionError, match="Larva Chamber was already used this turn"):
        T.push(t, "eggs 3 boost")


def test_turbo_a_boosted_tend_eggs_needs_room_for_both_shapes():
    t = _at(["dice 5 2 1 W 2 4", "eggs 4 boost", "shape R1C4 R1C5 R3C4 R3C5",
             "shape R4C1 R4C3 R5C1 R5C3"], mode="turbo")
    d = T.pending(t)
    assert d.legal and "eggs 5 boost" not in d.legal
    with pytest.raises(IllegalActionError):
        T.push(t, "eggs 5 boost")


def test_a_shape_is_placed_only_where_the_decision_lists_it():
    t = _at(["dice 3 5 2 2 1 4", "eggs 3 boost"], mode="turbo")
    d = T.pending(t)
    assert d.kind == "shape" and d.legal
    with pytest.raises(IllegalActionError, match="not a place the shape fits"):
        T.push(t, "shape R1C1")
    listed = d.legal[0].split()[1:]
    t2 = T.push(t, "shape " + " ".join(reversed(listed)))       # any order of its squares
    assert T.pending(t2).kind == "shape"                          # the boost's second shape


def _egg_lover(rng):
    """A player who tends eggs (boosted when offered) whenever the step is legal."""
    def choose(d):
        eggs = [o for o in d.legal if o.startswith("eggs")]
        if eggs and rng.random() < 0.8:
            return rng.choice(eggs)
        return rng.choice(d.legal)
    return choose


@pytest.mark.parametrize("seed", range(12))
def test_turbo_scenarios_tending_eggs_always_have_a_legal_step(seed):
    rng = random.Random(seed)
    t, choose = _table("turbo"), _egg_lover(rng)
    while T.pending(t).kind not in ("over", "unsupported"):
        d = T.pending(t)
        assert d.legal, (d, t.steps[-6:])
        t = T.push(t, choose(d), rng)
    assert t.now.status in ("won", "lost")


# --- Bee Builder: what random play found --------------------------------------------------------

SENSILLA_CASES = [
  (("sensilla", "fecundity", "controlled-rolls", "deep-stores", "tenacity"),
   ["dice W W 3 W 5", "queen W1 plumose", "larva 5 row", "bakery 3: 3 W", "build", "build W3",
    "hexes 1:C2 1:C3 1:D3 1:B3", "effect 3", "sensilla 3@D3", "dice 4 1 3", "larva 4 column",
    "build", "build 3", "hexes 2:C1 2:C2 2:D2 2:B2", "build done", "gather", "1@2:B2"]),
  (("excisor", "sensilla", "controlled-rolls", "deep-stores", "tenacity", "migratory"),
   ["dice 1 2 1", "queen 1 plumose", "eggs 2", "shape R2C5 R2W", "build", "build 1",
    "hexes 1:E1 1:D2 1:C3 1:B3", "effect 3", "sensilla 4@B3", "dice W 3 5 3 4",
    "larva W column 4", "queen 5 overwork", "gather", "4@D2", "3@C3", "3@E1", "effect 4",
    "sensilla 2", "dice W 5 1 W 4 W", "queen W2 fly-drones", "larva W column 1", "repurpose W",
    "reroll 1", "dice 2", "build", "build 4", "hexes 2:D3 2:E3 2:C4 2:B4", "build done",
    "gather", "5@2:D3", "excise B4"]),
  (("sensilla", "controlled-rolls", "deep-stores", "resiliance", "vigorous"),
   ["dice 5 5 3", "queen 5 overwork", "larva 5 row", "gather", "effect 2", "sensilla 2",
    "dice 1 5 5 W 2 5 4 5 W 1", "queen W1 overwork", "sensilla 2", "repurpose 4",
    "reroll 5 5 5 5", "dice W 2 5 4", "bakery 1: 1 W", "larva W row 4", "build", "build 2",
    "hexes 1:C3 1:D3 1:B3 1:C4", "build 4", "hexes 2:C2 2:D2 2:B2 2:A2", "build 5",
    "hexes 2:B3 2:C4 2:A3 2:C5", "build 2", "hexes 3:C2 3:D2 3:C3 3:D3", "build 1",
    "hexes 4:C1 4:C2 4:C3 4:C4", "effect 4", "dice 3 W 3 4 4 W", "queen 3 overwork",
    "larva 4 column", "bakery 3: 3 W", "repurpose W", "reroll 4", "dice 1", "gather",
    "1@2:C5", "sensilla 1@3:D2", "sensilla 5@4:C4"]),
]


@pytest.mark.parametrize("perks,steps", SENSILLA_CASES, ids=["1", "2", "3"])
def test_bee_builder_sensilla_lists_only_hexes_still_empty_after_the_turn(perks, steps):
    """The HP die entered an uncoloured space after the turn's nectar was placed: a hex that
    nectar went on is not offered for the Sensilla's nectar."""
    t = T.replay(new_scenario(sheet_definition("bee-builder"), perks=perks), steps)
    d = T.pending(t)
    assert d.kind == "sensilla" and d.legal
    for option in d.legal:
        T.push(t, option)                         # every option listed is accepted


BUILD_DEAD_END = [
    "dice 3 W 1 2 4 1", "queen W4 overwork beseech", "bakery 1: 1 1", "eggs 2",
    "shape R1C4 R2C4", "build", "build 4", "hexes 1:C2 1:D2 1:E2 1:B2", "build done", "gather",
    "3@E2", "effect 2", "dice W 5 W 3 W 5 4 4 W 4", "larva W column 3", "bakery 5: W W",
    "queen 4 fly-drones", "repurpose 4", "reroll 3 4 5 5", "dice 2 1 5 5", "build", "build W3",
    "hexes 2:C1 2:C2 2:D2 2:B2", "build 5", "hexes 3:C1 3:B1 3:B2 3:C3", "build 2",
    "hexes 4:D1 4:E1 4:D2 4:E2", "build 1", "hexes 4:A1 4:B2 4:C3 4:D3", "build done", "gather",
    "5@2:D2", "excise D3", "effect 1", "dice 3 3 4", "build", "build 4",
    "hexes 3:D3 3:E3 3:C4 3:B4", "build 3", "hexes 5:C3 5:C4 5:D4 5:B4", "build 3",
    "hexes 5:E1 5:C2 5:D2 5:D3", "effect 3", "dice 3", "eggs 3", "shape R2C2 R2C3 R3C3",
    "effect 4", "dice 1", "gather", "1@B2", "effect 1", "dice 2", "queen 2 overwork",
    "effect 4", "dice 1 5", "larva 5 column", "build", "build 1", "hexes 2:A2 2:B3 2:C4 2:D4",
    "effect 2", "dice 4 1", "repurpose 1", "reroll 4", "dice 1", "build", "build 1",
    "hexes 6:B2 6:C3 6:D3 6:E3", "effect 3", "dice 3",]


def test_bee_builder_build_is_offered_only_when_a_bee_has_room_for_its_shape():
    t = T.replay(new_scenario(sheet_definition("bee-builder"),
                              perks=("excisor", "beseech", "deep-stores", "resiliance")),
                 BUILD_DEAD_END)
    d = T.pending(t)
    assert d.legal and "build" not in d.legal
    with pytest.raises(IllegalActionError, match="no bee left has room for its shape"):
        T.push(t, "build")


def test_bee_builder_a_bee_without_room_for_its_shape_is_refused(monkeypatch):
    """``build B`` is refused when B's shape has no place (the check ``push`` makes, forced
    here by leaving the shape no place: a sheet that full is long to reach by play)."""
    t = T.replay(new_scenario(sheet_definition("bee-builder")), ["dice 3 3 3 3 3 3"])
    t2 = T.push(t, "build")
    T.push(t2, "build 3")                                   # room: accepted
    monkeypatch.setattr(table_push, "build_places", lambda *a, **k: [])
    with pytest.raises(IllegalActionError, match="no hyve has room for the 3 shape"):
        T.push(t2, "build 3")



THRIVING_BY_TEND_LARVA = [
    "dice 3 5 2 5 2 4", "queen 5 overwork + plumose", "larva 4 row", "bakery 3: 3 2", "gather",
    "5@B4", "effect 1", "dice W 5 4 3 2 3 1 W 1 4", "queen W3 plumose + W1 overwork", "eggs 5",
    "shape R1C4 R3C4 R3C5 R4C4", "bakery 4: 4 W", "repurpose 3", "reroll 1 3 4", "dice 5 4 1",
    "gather", "5@B3", "1@E2", "1@E1", "4@D4", "effect 2", "sensilla 5@C2",
    "dice 1 4 1 2 1 2 W W 4", "queen W4 overwork + W3 fly-drones", "sensilla 1@A1",
    "bakery 1: W 2", "repurpose 1", "reroll 1", "dice 4", "larva 1 column", "gather", "4@D1",
    "4@A2", "4@C1", "effect 3", "sensilla 3@D3", "dice 1 1 3 W W 5", "eggs 5",
    "shape R3C1 R4C1 R4C3 R5C1", "queen W3 overwork", "reward migratory", "repurpose 3",
    "reroll 1 1 W", "dice 5 2 3", "gather", "2@C4", "5@E3", "3@C3", "effect 4",
    "dice 3 3 3 3 2 W 3 2", "queen W1 fly-drones + W1 overwork-queen", "sensilla 4@C5",
    "larva@B2", "larva@A3", "larva 3 row", "larva@B1", "larva@D2", "larva@A1", "larva@C3",
    "repurpose 2", "reroll", "bakery 3: 3 3 3 3", "sensilla 1@D2", "effect 3", "sensilla 4@E2",
    "dice 3 2 3 5 1 W 3 3 4 2", "repurpose 4", "reroll 3 3 3 5", "dice 5 4 W 1",
    "queen W1 plumose + W3 overwork-queen", "larva@C4", "larva@B2", "larva@D4", "larva@E1",
    "eggs 1 boost", "shape R1W R3W R4W", "shape R5C4 R5C5 R5W", "gather", "5@D1", "W5@B1",
    "3@E3", "1@A2", "4@B3", "effect 1", "dice 1 1 W 4 1 3 5 5 4 1", "queen W4 plumose",
    "reward monoculture", "sensilla 1@A3", "sensilla 4@C2", "repurpose 4", "reroll 1 1 3 4",
    "dice 4 4 1 1", "larva 5 row", "larva@B4", "larva@C1", "larva@C5", "larva@D3", "larva@C3",
    "bakery 1: 1 1 1 1", "gather", "4@C1", "5@E2", "4@E1", "effect 4",
    "dice 2 3 1 1 5 5 4 1 3 5", "queen 4 overwork-queen + fly-drones", "larva@D3", "larva@C4",
    "larva@A3", "larva@A1", "larva@D4", "larva 1 column", "larva@A2", "larva@B3",
    "bakery 5: 5 5 5", "repurpose 1", "reroll 1", "dice W", "gather", "W3@C2", "3@B2", "3@D1",
    "effect 2", "dice W 1 2 5 3 5 2 W 1 3", "queen W5 overwork-queen + W5 fly-drones",
    "larva@B1", "larva@B4", "larva@E3", "larva@C5", "larva@D2", "sensilla 4@E1", "larva@D3",
    "reward multi-culture", "sensilla 4@D1", "sensilla 1@C5", "sensilla 1@E2", "reward swarm",
    "sensilla 3@B4",]


def test_tend_larva_whose_hp_gain_enters_thriving_places_no_larva_ruling_h3():
    """The Tend Larva's colours move the HP die into Thriving: the scenario ends there and
    then (ruling H3), so its larva are not placed and no hex is asked for; every listed
    step is accepted."""
    perks = ("sensilla", "fecundity", "resiliance")
    t = T.replay(new_scenario(sheet_definition("turbo"), perks=perks), THRIVING_BY_TEND_LARVA)
    d = T.pending(t)
    for option in d.legal:
        T.push(t, option)
    won = T.push(t, "larva 1 row")
    assert won.now.status == "won" and T.pending(won).kind == "over"


def test_an_effect_whose_hp_loss_ends_the_scenario_says_no_population_was_lost_ruling_h3():
    """The trial: "-7 HP, -0 population" for an effect of 7 HP and 1 population that ended
    the scenario, with no reason given.  Ruling H3: nothing after the HP loss is applied."""
    for seed in range(60):
        rng = random.Random(seed)
        t = play_out(_table(), rng)
        last = [e for e in t.now.events if e.startswith("Seasonal Effect")]
        if t.now.status == "lost" and "colony collapse" in t.now.end and last and \
                "Pop" in last[-1].split(":")[0]:
            assert "no population lost: the HP loss ended the scenario first (ruling H3)" \
                in last[-1] and "-0 population" not in last[-1]
            return
    raise AssertionError("no scenario lost to a seasonal effect with a population loss")


def _sixth_hyve_short_of_room(empty=("D1", "E3"), populated=3):
    """A standard sheet with hyves 1–5 complete, hyve 6 active with only ``empty`` free, and
    row 1 of the Larva Chamber holding ``populated`` populated larva (3-colour shapes)."""
    s = new_scenario(sheet_definition("standard"))
    full = HyveGrid.from_mapping({h: Space(NECTAR, variety="1") for h in HEXES})
    sixth = HyveGrid.from_mapping({h: Space(NECTAR, variety="1") for h in HEXES
                                   if cell_name(h) not in empty})
    chamber = s.chamber.with_values({(0, c): 3 for c in range(populated)})
    return T.new_table(replace(s, hyves=(full,) * 5 + (sixth,), active=5, scores=(1,) * 5,
                               chamber=chamber))


@pytest.mark.parametrize("action", ["larva 1 row", "queen 5 overwork-queen"])
def test_larva_beyond_the_sixth_hyve_end_the_scenario_won_when_it_is_complete_ruling_h91(
        action):
    """How to Win: "Complete all 6 hyves" ends the scenario at once: a Tend Larva (3 larva)
    or an Overwork Queen (5) with more larva than hyve 6 has room for asks a hex for each
    larva that fits, every hex it lists is accepted, and the larva that filled the last space
    wins (the rest are not placed)."""
    t = T.push(_sixth_hyve_short_of_room(), "dice 1 1 2 3 4 5")
    t = T.push(t, action)
    for _ in range(2):
        d = T.pending(t)
        assert d.kind == "larva" and d.legal
        for option in d.legal:                  # every listed hex is a step `do` accepts
            T.push(t, option)
        t = T.push(t, d.legal[-1])
    assert t.now.status == "won" and any("hyve" in e for e in t.now.end)
    assert T.pending(t).kind == "over" and t.now.hyves[5].empty == ()
    # the record the table wrote: two hexes for three larva, played and replayed alike
    assert len(t.turns[-1].assignments[-1].larva) == 2
    state = t.start
    for turn in t.turns:
        state = play_turn(state, turn)
    assert summary(state) == summary(t.now)
    assert summary(T.replay(t.start, t.steps).now) == summary(t.now)


def test_larva_fewer_than_the_chamber_gives_are_refused_while_the_scenario_goes_on():
    """Fewer larva hexes than larva are allowed only when the last one ends the scenario:
    with room left in hyve 6, a Tend Larva record naming too few is refused by its rule."""
    from hyvekit.rules.hyve.actions import QueensAttendants, Refresh, TendLarva, bee
    from hyvekit.rules.hyve.turn import apply
    t = _sixth_hyve_short_of_room(empty=("C1", "D1", "E3", "E2"))
    s = apply(t.now, Refresh((1, 1, 2, 3, 4, 5), ()))
    two = (parse_cell("C1"), parse_cell("D1"))
    with pytest.raises(IllegalActionError) as exc:
        apply(s, TendLarva(bee(1), Line("row", 1), two))
    assert "3 larva go into the hyve, 2 hexes given" in str(exc.value)
    assert apply(s, TendLarva(bee(1), Line("row", 1), two + (parse_cell("E3"),))).hyves[5].empty
    with pytest.raises(IllegalActionError) as exc:
        apply(s, QueensAttendants(bee(5), 2, larva=two))
    assert "Overwork Queen places 5 larva, 2 hexes given" in str(exc.value)


def test_nectar_that_fills_the_sixth_hyve_wins_at_the_table_and_its_record_replays_ruling_h92():
    """How to Win: "Complete all 6 hyves" ends the scenario at once: Gather Nectar into a
    hyve 6 with two hexes free and six bees asks for two nectar, wins, and the turn record
    the table keeps (two nectar for six bees) replays to the same sheet."""
    t = T.push(_sixth_hyve_short_of_room(), "dice 1 1 2 3 4 5")
    t = T.push(t, "gather")
    for _ in range(2):
        d = T.pending(t)
        assert d.kind == "nectar" and d.legal
        t = T.push(t, d.legal[0])
    assert t.now.status == "won" and t.now.end == ("all hyves",) and T.pending(t).over
    assert len(t.turns[-1].nectar.placements) == 2
    final, _ = replay(Record(t.start, t.turns, (Claim(),) * len(t.turns)))
    assert summary(final) == summary(t.now)


@pytest.mark.parametrize("mode, seed", [("standard", 4), ("wasp-war", 16)])
def test_a_scenario_won_mid_gather_at_the_table_exports_a_turn_record_that_replays(mode, seed):
    """A scenario outside a run played by the default player and won during Gather Nectar
    with bees left (all six hyves; Thriving in Wasp War), written as its turn record (``hyve
    export-turns``): ``hyve check`` replays it to the same end (ruling H92)."""
    import tomllib
    from hyvekit.rules.hyve.default_player import choose
    rng = random.Random(seed)
    t = _table(mode)
    while not (d := T.pending(t)).over:
        t = T.push(t, choose(t, d, rng), rng)
    last = t.turns[-1]
    assert t.now.status == "won" and len(last.nectar.placements) < len(
        _pool_at_gather(t)), "the default player no longer wins this seed mid-gather: pick one"
    raw = tomllib.loads(dump_record(t.start, t.turns))
    final, _ = replay(parse_record(raw, {t.start.sheet.id: t.start.sheet}))
    assert summary(final) == summary(t.now)


def _pool_at_gather(t):
    """The unassigned bees of the table's last turn as Gather Nectar began."""
    from hyvekit.rules.hyve.turn import play
    state = t.start
    for turn in t.turns[:-1]:
        state = play_turn(state, turn)
    last = t.turns[-1]
    for action in last.actions():
        if action is last.nectar:
            return state.pool
        state = play(state, action)
    raise AssertionError("the last turn has no Gather Nectar")


def _wasp_war_marshal_filled(but=()):
    """A Wasp War sheet whose Marshal formations are all filled with 1s, except the hexes
    named in ``but`` (``"D1.1"``...)."""
    from hyvekit.rules.hyve.wasp_war import MarshalArea
    s = new_scenario(sheet_definition("wasp-war"))

    def filled(kind, groups):
        return tuple(tuple(None if f"{kind}{i}.{h}" in but else 1
                           for h in range(1, len(g) + 1))
                     for i, g in enumerate(groups, start=1))
    area = MarshalArea(filled("D", s.marshal.defensive), filled("O", s.marshal.offensive))
    return T.new_table(replace(s, marshal=area))


def test_the_marshal_is_not_offered_with_every_formation_hex_filled():
    """Rally the Troops: each Marshal Bee fills an empty formation hex; with none left the
    Marshal is not an assignment the table lists (else its decision had no legal step), and
    opening it is refused by its rule."""
    t = T.push(_wasp_war_marshal_filled(), "dice 1 2 3 4 5 1")
    d = T.pending(t)
    assert d.kind == "assign" and "marshal" not in d.legal and "gather" in d.legal
    with pytest.raises(IllegalActionError) as exc:
        T.push(t, "marshal")
    assert exc.value.rule == "Hyve: Wasp War — Marshal"
    # one empty hex left: offered, and its decision lists a bee for that hex only
    t = T.push(_wasp_war_marshal_filled(but=("O2.3",)), "dice 1 2 3 4 5 1")
    assert "marshal" in T.pending(t).legal
    t = T.push(t, "marshal")
    d = T.pending(t)
    assert d.kind == "marshal" and d.legal and all(o.endswith("O2.3") for o in d.legal)
    for option in d.legal:
        T.push(t, option)
