"""A HYVE scenario's table in words: what a step did (the sheet's new event lines,
:func:`new_events`), what took one view of the sheet to another (:func:`sheet_changes`, the
previews beside each option) and a scenario that has ended (:func:`scenario_account`,
rules/hyve.txt "Winning and Losing").
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.common import counted
from hyvekit.rules.hyve.sheets import BEE_TYPES, HYVES
from hyvekit.rules.hyve.table_turn import Table
from hyvekit.rules.hyve.table_view import view


def new_events(before, after) -> list[str]:
    """What the engine did since ``before`` (the sheet's event lines): the lines of ``after``
    past their common beginning."""
    k = 0
    while k < min(len(before), len(after)) and before[k] == after[k]:
        k += 1
    return list(after[k:])


def sheet_changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """What took the sheet ``before`` to ``after`` (two :func:`view` s), in short lines: the
    HP die and its space with the distance to Colony Collapse (Tracking HP), population, each
    bread level by colour, the cells filled in the active hyve and the larva chamber, the
    royal jellies marked, a hyve scored, the rewards taken, the end."""
    out: list[str] = []
    hp0, hp1 = before["hp"], after["hp"]
    if (hp0["die"], hp0["position"]) != (hp1["die"], hp1["position"]):
        out.append(f"HP die {hp0['die']} on {hp0['space']} → {hp1['die']} on {hp1['space']}"
                   + (f" ({counted(hp1['to_collapse'], 'space')} from Colony Collapse)"
                      if hp1["to_collapse"] > 0 else ""))
    if before["population"] != after["population"]:
        out.append(f"population {before['population']}→{after['population']}")
    for k, level in after["bread"].items():
        if before["bread"].get(k) != level:
            out.append(f"bread {after['colours'].get(k, k)} {before['bread'].get(k)}→{level}")
    if before["active_hyve"] == after["active_hyve"]:
        filled = _cells(before["hyve"]) - _cells(after["hyve"])
        if filled > 0:
            out.append(f"hyve {after['active_hyve']}: {counted(filled, 'hex')} filled")
    elif after["active_hyve"] is not None:
        out.append(f"hyve {after['active_hyve']} now active")
    marked = _cells(before["chamber"]) - _cells(after["chamber"])
    if marked > 0:
        out.append(f"larva chamber: {counted(marked, 'cell')} marked")
    for j0, j1 in zip(before["jellies"], after["jellies"]):
        if len(j1["colours"]) > len(j0["colours"]):
            out.append(f"royal jelly {j1['jelly']} ({j1['name']}) marked")
    for score in after["hyve_scores"][len(before["hyve_scores"]):]:
        out.append(f"a hyve scored {score}")
    out += [f"reward: {r}" for r in after["rewards_taken"][len(before["rewards_taken"]):]]
    if before["status"] != after["status"]:
        out.append(f"the scenario ends: {after['status']}")
    return tuple(out)


def _cells(lines: list[str]) -> int:
    """The empty cells (``.``) of a hyve's or the larva chamber's lines."""
    return sum(line.split(":", 1)[-1].count(".") for line in lines)


def scenario_account(t: Table) -> list[str]:
    """A scenario that has ended, in words (hyve.txt, "Winning and Losing"): the result and
    what ended it on which turn, the HP die's space with its distance to Thriving, population,
    the hyves completed with their scores, each bread level by colour, the royal jellies
    coloured and the Queen's Rewards taken; [] while it goes on."""
    if not t.over:
        return []
    v = view(t)
    s = t.now
    hp = v["hp"]
    out = [f"turns played: {s.turn} of {s.sheet.turns}"]
    where = f"HP die {hp['die']} on {hp['space']}"
    if (hp["to_collapse"] or 0) > 0 and (hp["to_thriving"] or 0) > 0:
        where += f" ({counted(hp['to_thriving'], 'space')} from Thriving)"
    out.append(f"{where}; population {s.population}")
    scores = ", ".join(map(str, s.scores))
    out.append(f"hyves completed: {s.hyves_completed} of {HYVES}"
               + (f" (scores {scores})" if scores else ""))
    out.append("bread: " + ", ".join(f"{v['colours'].get(k, k)} {level}"
                                     for k, level in v["bread"].items()))
    jellies = [f"{j['name']} {len(j['colours'])}/{len(BEE_TYPES)}" for j in v["jellies"]
               if j["colours"]]
    if jellies:
        out.append("royal jellies coloured: " + ", ".join(jellies))
    if s.rewards_taken:
        out.append("Queen's Rewards taken: " + ", ".join(map(str, s.rewards_taken)))
    return out
