"""Wild hives at the table without the map (rules/bee-lives.txt, "Wild Hives": "If it
possible for the wild hive to take the topmost action listed on the chart, it will do so. If
not, continue down the chart"; ruling L56): the first player walks the chart from the top,
each line the table cannot rule out asked in turn — the line's turns, or the step that says
the wild hive cannot take it — and a line stated out of order is refused with the rule named.
Steps kept in older records replay as they were accepted then.
"""

from __future__ import annotations

import pytest
from test_table import _states

from hyvekit.rules.beelives import engine as E
from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import wild_table as W
from hyvekit.rules.beelives.wild import PRIORITY
from hyvekit.rules.common import IllegalActionError

ENGINE = E.ENGINE


def _wild(test, seeds=range(40), limit: int = 400, fresh: bool = False):
    """The first campaign state (of the seeded games, without the map) whose wild decision
    passes ``test``; ``fresh``: no line passed yet."""
    for seed in seeds:
        for state, d in _states(seed, limit, auto=False):
            if d.kind == "wild" and state.table.state.map is None and test(d) and not (
                    fresh and state.table.wild_passed):
                return state, d
    raise AssertionError("no such wild decision met")


def _hive(d) -> str:
    return d.legal[0].split(":", 1)[0]


def test_overheating_a_harvest_forage_is_refused_until_no_wet_tile_is_said_ruling_l56():
    """The friction: "foraging a harvest tile during overheating" was accepted.  Line 2
    comes first while overheating is in effect."""
    state, d = _wild(lambda d: "overheating: it forages the closest wet tile" in d.prompt)
    name = _hive(d)
    assert f"{name}: no wet tile" in d.legal
    assert all(o.split(": ", 1)[1].startswith(("forage wet", "no ")) for o in d.legal
               if o.startswith(name + ":"))
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(state, f"{name}: forage harvest 1")
    assert e.value.rule == "Bee Lives: Wild Hives"
    assert "chart is at line 2 (forage wet)" in str(e.value) and f"{name}: no wet tile" in e.value.expected
    after = ENGINE.push(state, f"{name}: no wet tile")
    d2 = ENGINE.pending(after)
    assert d2.kind == "wild" and all(o.startswith(name + ":") for o in d2.legal)
    assert "chart line 2" not in d2.prompt
    assert f"{name}: no wet tile" not in d2.legal        # a line is passed once


def test_nothing_is_refused_while_a_line_of_the_chart_is_open():
    """The friction: "APPLE: nothing" was accepted at any time.  It is the chart's end:
    offered only once every line above is passed (then played by the tool)."""
    state, d = _wild(lambda d: len({_hive(d)} | {o.split(":")[0] for o in d.legal}) == 1)
    name = _hive(d)
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(state, f"{name}: nothing")
    assert e.value.rule == "Bee Lives: Wild Hives" and "passed only when" in str(e.value)
    t = state
    season = state.table.state.season
    for _ in range(len(PRIORITY[season]) + 2):
        d = ENGINE.pending(t)
        if d.kind != "wild":
            break
        passes = [o for o in d.legal if o.split(": ", 1)[1].startswith("no ")]
        if not passes:
            assert d.legal == (f"{name}: nothing",) and "does nothing" in d.prompt
            break
        t = ENGINE.push(t, passes[0])
    else:
        raise AssertionError("the chart did not end")
    t = ENGINE.push(t, f"{name}: nothing")
    assert ENGINE.last_step(t) == f"{name}: nothing"


def test_a_pass_step_must_be_the_line_the_chart_stands_at():
    state, d = _wild(lambda d: "closest harvest tile" in d.prompt or "closest bloom" in d.prompt)
    name = _hive(d)
    line = next(o for o in d.legal if o.startswith(name + ": no "))
    other = "no raid" if line != f"{name}: no raid" else "no scout"
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(state, f"{name}: {other}")
    assert "passes another line" in str(e.value) and line in e.value.expected


def test_the_raid_line_names_each_hive_that_may_be_raided_with_its_strength():
    state, d = _wild(lambda d: "raids the closest hive" in d.prompt)
    table = state.table.state
    name = _hive(d)
    w = table.wild_hive(name)
    assert "at most 2 above its own" in d.prompt
    for option in d.legal:
        if option.startswith(name + ": raid "):
            target = option.split("raid ", 1)[1]
            assert f"{target} {W.target_strength(table, target)}" in d.prompt
            assert W.target_strength(table, target) <= w.strength + 2


def test_a_record_stating_a_lower_line_still_replays():
    """Steps kept before the walk (a wild hive's line stated straight away) replay as they
    were accepted: ``play_step`` is the record's replay."""
    state, d = _wild(lambda d: "overheating" not in d.prompt and any(
        o.endswith(": no raid") or o.endswith("tile") for o in d.legal), fresh=True)
    name = _hive(d)
    comps = state.table.comps
    c = W.chart_line(state.table.state, name, comps)
    lower = [a for a in W.wild_options(state.table.state, (name,), comps)
             if N.format_action(a) not in c.steps]
    assert lower, "a line below the one the chart stands at is legal for the sequencer"
    step = N.format_action(lower[0])
    with pytest.raises(IllegalActionError):
        ENGINE.push(state, step)
    replayed = E.play_step(state, {"do": step})
    assert replayed.last_step == step
    # a pass kept in a record replays as it was accepted (the chart is not worked out again
    # for it); made now, the same step after the pass is refused
    passed = E.play_step(state, {"do": c.passes})
    assert passed.table.wild_passed == (name, (c.line,))
    with pytest.raises(IllegalActionError):
        ENGINE.push(passed, c.steps[0])


def test_one_wild_hive_to_act_may_be_left_unnamed_and_refusals_name_the_hives():
    """The trial: `raid Bo` as `next` showed it was refused for want of "THISTLE:"; a
    refusal's legal list lost the hive names and repeated itself."""
    state, d = _wild(lambda d: len({o.split(":")[0] for o in d.legal}) == 1)
    body = d.legal[0].split(": ", 1)[1]
    assert ENGINE.last_step(ENGINE.push(state, body)) == d.legal[0]
    several, d2 = _wild(lambda d: len({o.split(":")[0] for o in d.legal}) > 1)
    with pytest.raises(IllegalActionError) as e:
        ENGINE.push(several, "NOSUCH: no raid")
    shown = str(e.value).split("Legal: ", 1)[1]
    assert shown.count(":") >= 2 and len(shown.split("; ")) == len(set(shown.split("; ")))


def test_a_wet_forage_without_overheating_says_so():
    state, d = _wild(lambda d: "overheating" not in d.prompt, fresh=True)
    with pytest.raises(IllegalActionError, match="overheating is not in effect"):
        ENGINE.push(state, f"{_hive(d)}: forage wet 1")


def test_a_wild_raids_sacrifice_prompt_says_the_honey_it_would_take():
    """The trial: "OAK steals up to 5 honey" when OAK (strength 1) could steal nothing."""
    import re
    for seed in range(40):
        for state, d in _states(seed, 400, auto=False):
            m = re.search(r"it steals (\d+) honey from (\S+) \(", d.prompt)
            if d.kind == "sacrifice" and m:
                who = m[2]
                before = state.table.state.player(who).hive.honey
                after = ENGINE.push(state, f"{who}: sacrifice 0/0")
                t = after.table.state if after.table and after.table.state else after.game
                assert before - t.player(who).hive.honey == int(m[1]), d.prompt
                return
    raise AssertionError("no wild raid on a player met")


def test_the_wild_hives_turns_are_shown_in_the_round_the_players_just_played():
    """The trial: the wild turns after round 1 were headed "round 2"."""
    state, d = _wild(lambda d: True)
    played = [ev for ev in state.table.events if ev.get("kind") == "action"]
    assert played and ENGINE.view(state)["round"] == played[-1]["round"]


def test_a_raid_between_wild_hives_says_both_totals_and_who_won():
    """The trial: "ACORN raids OAK: defender wins (strength 2)" gave neither the sums nor
    the loser's strength.  Raiding Another Wild Hive: the higher total wins, ties to the
    defender."""
    import re
    for seed in range(40):
        for state, d in _states(seed, 400, auto=False):
            for line in state.said:
                m = re.match(r"(\S+) raids (\S+): (\d+) against (\d+) .* (\S+) wins; \2 "
                             r"strength (\d+)", line)
                if m:
                    raider, target, a, b, winner = m[1], m[2], int(m[3]), int(m[4]), m[5]
                    assert winner == (raider if a > b else target), line
                    return
    raise AssertionError("no raid between wild hives met")


def test_spring_wild_hives_are_shown_awake_from_junes_first_step():
    """The trial: wild hives spawned in spring stayed "dormant" on the table through June's
    Swarm and Event Phases.  Dormant Wild Hives: dormant until summer (ruling L44)."""
    for seed in range(40):
        for state, d in _states(seed, 400, auto=False):
            t = state.table
            if t is not None and t.state is None and t.start.season == "summer" and \
                    any(w.dormant for w in t.start.wild):
                assert not any(w["dormant"] for w in ENGINE.view(state)["wild"])
                return
    raise AssertionError("no dormant wild hive met at the start of summer")
