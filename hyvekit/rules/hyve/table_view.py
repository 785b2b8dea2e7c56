"""What a HYVE scenario's table shows, as data (docs/hyve-table.md): the sheet now — turn and
season, the HP die and its track space, population, bread levels, the active hyve with the
printed sheet's hex names, the larva chamber, the royal jellies, the dice of the turn and the
bees not assigned yet, and each mode's own parts (Wasp War's formations, Long Live the Queen's
approval, Bee Builder's next hyve, a legacy run's resources) — for every face to lay out.
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.common import counted
from hyvekit.rules.hyve.actions import Build, Marshal
from hyvekit.rules.hyve.scenario import ScenarioState
from hyvekit.rules.hyve.scoring import EMPTY, HEXES, ROW_LENGTHS, ROW_NAMES
from hyvekit.rules.hyve.sheets import BEE_TYPES
from hyvekit.rules.hyve.table_turn import Table


def view(t: Table) -> dict[str, Any]:
    """The sheet now, JSON-able: turn and season, HP die and track space, population, bread
    levels, the active hyve (:func:`hyve_lines`), the larva chamber, the royal jellies, this
    turn's dice and the bees not assigned yet."""
    s = t.now
    sheet = s.sheet
    seasons = sheet.seasons
    out: dict[str, Any] = {
        "sheet": sheet.id, "mode": sheet.mode, "mode_label": sheet.mode_label,
        "turn": s.turn, "turns": sheet.turns, "status": s.status, "end": list(s.end),
        "hp": {"die": s.die, "position": s.position, "space": s.hp_label,
               "to_collapse": s.position,
               "to_thriving": (sheet.hp_track.top - s.position if sheet.hp_track.thriving
                               else None)},
        "population": s.population,
        "bread": {str(k): lvl for k, lvl in zip(BEE_TYPES, s.bread)},
        "colours": {str(k): c for k, c in zip(BEE_TYPES, s.colours)},
        "active_hyve": s.active + 1 if s.active < len(s.hyves) else None,
        "hyve": hyve_lines(s.hyves[s.active], s.built[s.active] if sheet.builder_shapes
                           else None) if s.active < len(s.hyves) else [],
        "hyve_scores": list(s.scores),
        "chamber": s.chamber.format().splitlines(),
        "jellies": [{"jelly": j + 1, "name": sheet.jellies[j],
                     "colours": [v for v in s.jellies[j] if v not in sheet.jelly_prefilled]}
                    for j in range(len(sheet.jellies))],
        "rewards_taken": list(s.rewards_taken),
        "dice": list(s.bees) if s.phase == "assign" else list(t.turn.dice or ()),
        "unassigned": _unassigned(t, s),
        "used": list(s.used) if s.phase == "assign" else [],
        "perks": list(s.perks),
        "steps": len(t.steps),
    }
    if seasons:
        season = seasons[s.season_index]
        out["season"] = season.name
        out["effects_left"] = [f"{k}: {season.effects[k - 1].describe()}"
                               for k in s.available_effects]
    if sheet.mode == "long-live-the-queen":
        out["approval"], out["disapproval"] = s.approval, s.disapproval
    if sheet.builder_shapes and s.active + 1 < len(s.hyves) and s.built[s.active + 1]:
        out["next_hyve"] = hyve_lines(s.hyves[s.active + 1], s.built[s.active + 1])
    if s.marshal is not None:
        out["round"] = f"{s.rounds_done + 1} of {sheet.wasp.rounds}"
        out["formations"] = _formations(s, t.turn.open)
    if s.legacy:
        out["resources"] = [f"{r.kind} {r.colour}" + (" (used)" if r.used else "")
                            for r in s.resources]
        out["honey_track_filled"] = s.honey_squares
    return out


def hyve_lines(grid, built=None) -> list[str]:
    """A hyve as text with the printed sheet's hex names: row letters A–E down the left, each
    hex its token (``3`` nectar of die value 3, ``L2`` a larva that gained 2, ``x`` crossed
    out, ``.`` empty; Bee Builder, ``built``: ``o`` a built empty hex, ``.`` unbuilt); hex
    ``C3`` is the third of row C."""
    out, i = [], 0
    widest = max(ROW_LENGTHS)
    for row, length in enumerate(ROW_LENGTHS):
        toks = [("o" if built is not None and h in built and sp.kind == EMPTY
                 else sp.token()).ljust(3)
                for h, sp in zip(HEXES[i:i + length], grid.spaces[i:i + length])]
        i += length
        pad = " " * ((widest - length) * 2)
        out.append(f"{ROW_NAMES[row]}   {pad}{' '.join(toks)}".rstrip())
    return out


def _unassigned(t: Table, s: ScenarioState) -> list[int]:
    """The bees not assigned yet, those of the Marshal or Build being chosen left out."""
    if s.phase != "assign":
        return []
    left = list(s.pool)
    a = t.turn.open
    taken = ([b.face for _, b in a.bees] if isinstance(a, Marshal) else
             [b.face for b, _, _ in a.shapes] if isinstance(a, Build) else [])
    if isinstance(a, Build) and t.turn.building is not None:
        taken.append(t.turn.building.face)
    taken += [p.bee.face for p in t.turn.gather or ()]     # Gather Nectar's placed so far
    for f in taken:
        if f in left:
            left.remove(f)
    return left


def _formations(s: ScenarioState, open_action=None) -> list[str]:
    """Wasp War's Marshal area as text: each formation's hexes (``2=4``: hex 2 holds a 4,
    ``-`` empty, ``x`` spent; the bees of the Marshal being chosen shown placed) and the
    attack numbers crossed out."""
    placing = {at: b.stands_for for at, b in open_action.bees} \
        if isinstance(open_action, Marshal) else {}
    lines = []
    for kind, groups in (("D", s.marshal.defensive), ("O", s.marshal.offensive)):
        for f, group in enumerate(groups, start=1):
            cells = []
            for h, value in enumerate(group, start=1):
                at = f"{kind}{f}.{h}"
                spent = any(str(x) == at for x in s.marshal.spent)
                value = placing.get(at, value)
                cells.append(f"{h}={'x' if spent else '-' if value is None else value}")
            name = "defensive" if kind == "D" else "offensive"
            lines.append(f"{kind}{f} ({name}): {' '.join(cells)}")
    crossed = sorted(s.marshal.crossed_attacks)
    lines.append("attacks crossed out: " + (", ".join(map(str, crossed)) or "none"))
    return lines


def progress(t: Table) -> str:
    """Where a scenario at the table stands, in words: ``turn 3 of 16, 12 steps so far``."""
    return f"turn {t.now.turn} of {t.now.sheet.turns}, {counted(len(t.steps), 'step')} so far"
