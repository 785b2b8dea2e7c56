"""How many random Bee Lives months play the same when their month record is walked through
the table's phases (:func:`hyvekit.rules.beelives.table_steps.walk`: the record made into the
table's steps and pushed) as when the month sequencer plays the record
(:func:`hyvekit.rules.beelives.randomplay.random_month`, which plays it by
:func:`~hyvekit.rules.beelives.game.play_month`): the measurement behind issue 37 item 2 (a
month record checked by pushing its steps).

    .venv/bin/python scripts/months_walk.py [GAMES_PER_SETTING] > scripts/months_walk.txt

Random whole games (1-4 players, 1-3 years, each solo card's switch, with and without the
map; seeds 0..GAMES_PER_SETTING-1 per setting), every productive month walked from the
state the sequencer left.  A month is the same when the table's state at the end of the
month, its wild hives read back under the record's names, equals the sequencer's, and its
events too (the map's hives compared in name order).  Every month that differs is listed with why (the table refused a step of the
record, by its rule and message; or the states differ).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from dataclasses import replace

from hyvekit.data import beelives as bl
from hyvekit.rules.beelives import game as g
from hyvekit.rules.beelives import map as M
from hyvekit.rules.beelives.month_table import WILD_NAMES
from hyvekit.rules.beelives.randomplay import random_month
from hyvekit.rules.beelives.table_steps import walk
from hyvekit.rules.common import IllegalActionError, InvalidInputError

COMPS = bl.components()
NAMES = [("Ann", "hygienic"), ("Bo", "aggressive"), ("Cy", "nomadic"), ("Di", "prolific")]

#: (players, options, on the map)
SETTINGS = [(p, o, m) for m in (False, True) for p, o in [
    (1, {}), (1, {"solo_hard": True}), (1, {"solo_hard": True, "haunted_hives": True}),
    (1, {"years": 2, "zombees_from_year": 2}), (1, {"under_siege": True}),
    (2, {}), (2, {"years": 2}), (2, {"haunted_hives": True}), (2, {"zombees_from_year": 1}),
    (2, {"years": 3, "zombees_from_year": 2}), (2, {"under_siege": True}),
    (3, {}), (3, {"zombees_from_year": 1}), (3, {"years": 2, "haunted_hives": True}),
    (4, {}), (4, {"years": 3})]]


def renamed(value, names: dict[str, str]):
    """A JSON value with every name of ``names`` (old → new) replaced, keys and strings."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def normal(state: g.GameState, back: dict[str, str]) -> dict:
    """``state`` as JSON, its wild hives under the record's names (``back``: table name →
    record name) and the map's hives in name order (the map keeps them sorted by name, so a
    wild hive the table names ACORN where the record says THISTLE sits elsewhere in it)."""
    out = renamed(state.to_dict(), back)
    if out.get("map"):
        out["map"]["hives"] = sorted(out["map"]["hives"], key=lambda h: h["name"])
    return out


def compare(state: g.GameState, plan: g.MonthPlan, result: g.MonthResult) -> str | None:
    """None when the walked month ends as the sequencer's, else why not."""
    try:
        w = walk(state, COMPS, plan)
    except (IllegalActionError, InvalidInputError) as exc:
        return f"refused: {type(exc).__name__} [{getattr(exc, 'rule', '')}] {exc}"
    back = {table: record for record, table in w.names.items()}
    ours, theirs = normal(w.table.result.state, back), normal(result.state, {})
    if ours != theirs:
        diff = sorted(k for k in ours if ours[k] != theirs[k])
        return f"state differs: {', '.join(diff)}"
    ours_ev, theirs_ev = renamed(list(w.table.result.events), back), renamed(list(result.events), {})
    if ours_ev != theirs_ev:
        wild = {n: "*" for n in WILD_NAMES} | {n: "*" for n in w.names}
        if renamed(ours_ev, wild) == renamed(theirs_ev, wild):
            return ("events the same but for the wild hives' names (the table gives a name "
                    "twice in the month, to a hive removed and to a later one: no one renaming "
                    "reads both back)")
        return "events differ"
    return None


#: what each kind of difference is, as found by reading the months (see the list)
WHY = {
    "erratic D6 asked first":
        "Zombees: the table asks an infected wild hive's erratic D6 before any other wild "
        "hive's turn of the round (month_phases' slot 'before wild turns'); the sequencer "
        "takes the wild hives' turns in the record's order, so a healthy wild hive stated "
        "before an infected one cannot be said at the table (table_steps.NotAtTheTable). "
        "The rulebook lets the first player choose the order ('Wild Hives'), so the record "
        "is legal: the table is the stricter place (on the map as well).",
    "infection D6 of a hive that left play":
        "Zombees on the map: a wild hive removed by its own raid on an infected hive's tile; "
        "the sequencer refuses an infection_d6 for a hive that left play (zombees."
        "ZombeesRules.after_action), the table asks for one all the same "
        "(ZombeesRules.turn_decision at stage 'acted' does not ask whether the hive is "
        "still in play): the two places decided this rule differently.  Fixed (ruling "
        "L150): the table asks no D6 of a hive its raid removed; listed should it return.",
    "names only":
        "the same month: the table gives a wild hive's name twice in the month (to a hive "
        "removed, then to a later one), so no single renaming reads its events back as the "
        "record's.",
}


def kind(reason: str) -> str:
    """The kind of a difference (a key of :data:`WHY`), or the reason itself."""
    if "erratic D6 before any other" in reason:
        return "erratic D6 asked first"
    if "acts on an infected tile" in reason:
        return "infection D6 of a hive that left play"
    if reason.startswith("events the same but"):
        return "names only"
    return reason


def main(games: int) -> None:
    began = time.process_time()
    total, why = 0, Counter()
    differ: list[str] = []
    for players, options, on_map in SETTINGS:
        for seed in range(games):
            rng = random.Random(seed)
            state = g.new_game(NAMES[:players], COMPS.board, options=g.Options(**options))
            if on_map:
                state = replace(state, map=M.starting_map([p.name for p in state.players]))
            while state.stage != "over":
                if state.stage == "winter":
                    state, _ = g.play_winter(state, COMPS)
                    continue
                plan, result = random_month(state, COMPS, rng, replay=False)
                total += 1
                reason = compare(state, plan, result)
                if reason is not None:
                    why[kind(reason)] += 1
                    differ.append(f"{players}p {options} map={on_map} seed={seed} "
                                  f"year {state.year} {g.month_name(state.month)}: {reason}")
                state = result.state
    same = total - len(differ)
    print(f"{same} of {total} random months walk identically through the table's phases "
          f"and the month sequencer ({len(SETTINGS)} settings x {games} games; "
          f"{time.process_time() - began:.0f} CPU s)")
    print("\nwhy the others differ, by kind:")
    for head, n in why.most_common():
        print(f"  {n:5d}  {head}")
        print("         " + WHY.get(head, "(not explained)"))
    print("\nthe months that differ:")
    for line in differ:
        print("  " + line)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
