"""Hyve printables: the reference aid (``aid hyve-reference``) and the legacy honey pad
(``pad hyve-legacy``).

Context builders are pure functions over texts transcribed from ``rules/hyve.txt`` (each block
names its section); every number and name in them comes from the rules core (the constants of
``hyvekit/rules/hyve/`` and the Standard sheet's game settings), no weasyprint, reportlab or
jinja2 here.  The Hyve Legacy sheet itself lives in :mod:`hyvekit.render.printables`.
"""

from __future__ import annotations

from typing import Any

from hyvekit.render.catalogue import Printable, register
from hyvekit.render.printables import perk_effects
from hyvekit.render.text import fraction, word
from hyvekit.rules.common import InvalidInputError
from hyvekit.games.hyve import (BEE_TYPES, HONEY_PER_HYVE, HP_POSITIONS_PER_HONEY,
                                       POPULATION_PER_HONEY, SCENARIOS, perk_label)

# --- Hyve reference aid ------------------------------------------------------------------------


def standard_sheet() -> Any:
    """The Standard mode's sheet definition: its game settings are the ones the reference aid
    names (Game Settings: "The "Standard Mode" icon shows the game settings for the Standard
    Scenario sheets")."""
    from hyvekit.data.hyve import sheet_definitions
    return sheet_definitions()["standard"]


def house_style(text: str) -> str:
    """A rules-core text in the reference aid's style: typographic apostrophes, "colour" and
    "hyve" as the aid spells them."""
    import re
    text = text.replace("'", "\u2019")
    text = re.sub(r"\bcolor\b", "colour", text)
    return re.sub(r"\bHyve\b", "hyve", text)


def setup(sheet: Any) -> tuple[str, ...]:
    """hyve.txt, "Setup"."""
    from hyvekit.games.hyve import DIE_MIN
    return (
        "Assign each colour a die value: fill the matching die face in the setup area. The "
        "\u201cBee\u201d face is wild for all purposes and has no colour.",
        f"Fill in {sheet.starting_population} spaces of the Population track (per the game "
        "settings).",
        f"Set the HP die to \u2018{DIE_MIN}\u2019 on the Starting position of the HP track.",
    )


def phases(sheet: Any) -> tuple[dict[str, Any], ...]:
    """hyve.txt, "Turn Structure" and the section of each phase."""
    from hyvekit.games.hyve import BREAD_BELOW, BREAD_HP, PROPORTION

    refresh = sheet.refresh_max
    start = min(sheet.starting_bread)
    return (
        {"number": 1, "name": "Refresh",
         "summary": f"Roll dice equal to your Population (maximum {refresh} dice). These are "
                    "your Bees for the turn.",
         "details": (f"15 Population still rolls only {refresh} dice.",)},
        {"number": 2, "name": "Assign Workers",
         "summary": "Assign Bees to the optional Actions.",
         "details": ("Each Action can be used only once per turn.",
                     "A Wild Bee can stand for any other die result.")},
        {"number": 3, "name": "Gather Nectar",
         "summary": "Place all unassigned Bees into the active hyve: for each one, colour a hex "
                    "in that Bee\u2019s colour (follow the sheet\u2019s placement rules).",
         "details": ("Completed hyve: multiply the number of each Nectar variety that is not "
                     "adjacent to any other Nectar variety. A factor of zero is ignored instead. "
                     "Larva are colourless (walls). Example: 4 \u00d7 4 \u00d7 1 = 16 HP.",
                     "The active hyve starts with the top-most hyve; when it is completed, the "
                     "next clockwise hyve becomes active.")},
        {"number": 4, "name": "Feed Bees",
         "summary": "Lose Population for any Bees in excess of their Bread Levels.",
         "details": (f"You start with Level {start} of each Bread: {word(start)} Bee of each "
                     "type is supported.",
                     "Wild Bees have no bread and always cause a loss of Population.",
                     "0 (or less) Population: you lose the Scenario.")},
        {"number": 5, "name": "Migration",
         "summary": "For each hyve completed this turn, lose Population according to the "
                    "Migration setting.",
         "details": ("Scaling: a flat amount by season. Proportional: "
                     f"{fraction(PROPORTION).replace(' ', '-')} of your current Population "
                     "(rounded down).",)},
        {"number": 6, "name": "Seasonal Effects",
         "summary": "Choose and resolve one available effect of the current Season; when all of "
                    "a Season\u2019s effects are done, move on to the next Season.",
         "details": ("A number: lose that much HP. Each Population icon: lose 1 Population. "
                     f"Bread icon: lose {BREAD_HP} HP for each bread level currently below "
                     f"level {BREAD_BELOW}.",
                     "Then play continues with phase 1, Refresh.")},
    )


def actions() -> tuple[dict[str, Any], ...]:
    """hyve.txt, "2. Assign Workers": the four actions."""
    from hyvekit.games.hyve import REPURPOSE_WILD_MAX

    return (
        {"name": "Repurpose", "sub": (),
         "text": "Place a Bee and reroll exactly that many other Bees not yet assigned to an "
                 f"Action (a Wild Bee: any amount from 1\u2013{REPURPOSE_WILD_MAX}). You cannot "
                 "place a Bee that would make you reroll more Bees than you have left."},
        {"name": "Bakery", "sub": (),
         "text": "Upgrade a colour of Bee-Bread: place a matching set of Bees equal to the bread "
                 "level & colour you upgrade to, provided all prior levels of that colour are "
                 "upgraded. Mark the new level in that Bee\u2019s colour. Wild Bees count toward "
                 "any set. Example: three \u20182\u2019 Bees upgrade that bread to level 3, if "
                 "it already has level 2."},
        {"name": "Larva Chamber",
         "text": "Choose 1 of 2 sub-options each turn, never both:",
         "sub": (
             {"name": "Tend Eggs",
              "text": "Place a Bee to fill the ENTIRE matching shape into the Larva Chamber in "
                      "any available position, in that Bee\u2019s colour. Shapes may be rotated "
                      "or flipped. A Wild Bee may fill any shape."},
             {"name": "Tend Larva",
              "text": "Place a Bee to encircle the row OR column of its number. Gain HP equal to "
                      "the number of different colours encircled; place Larva into the hyve "
                      "equal to the populated Larva encircled. Each placed Larva gains "
                      "Population equal to the unique colours it is adjacent to. A Wild Bee: "
                      "any row or column, or the Wild Columns."},
         )},
        {"name": "Queen\u2019s Attendants", "sub": (),
         "text": "Place a Bee to fill its colour into an available Royal Jelly and enact that "
                 "Jelly\u2019s effect. Wild Bees may place any colour. Each Royal Jelly holds "
                 "only one of each colour."},
    )


def royal_jellies() -> tuple[dict[str, str], ...]:
    """hyve.txt, "Queen's Attendants": the Royal Jelly effects the rulebook lists, from the rules
    core (:data:`hyvekit.rules.hyve.sheets.JELLIES`), with Fly Drones' example worked out."""
    from hyvekit.games.hyve import FLY_DRONES_FACTOR
    from hyvekit.games.hyve import JELLIES

    bee = 2   # the example's Bee
    examples = {"fly-drones": f" (a \u2018{bee}\u2019 Bee: lose {bee} Population, gain "
                              f"{FLY_DRONES_FACTOR * bee} HP)"}
    return tuple({"name": name, "text": house_style(text).rstrip(".") + examples[key] + "."
                  if key in examples else house_style(text)}
                 for key, (name, text) in JELLIES.items())


def queens_rewards() -> tuple[dict[str, str], ...]:
    """hyve.txt, "Queen's Rewards", from the rules core (:data:`hyvekit.rules.hyve.sheets.REWARDS`)."""
    from hyvekit.games.hyve import REWARDS
    return tuple({"name": name, "text": house_style(text)} for name, text in REWARDS.values())


def scoring_modes() -> tuple[dict[str, str], ...]:
    """hyve.txt, "Tracking HP": Flat and Wobbly, the HP die's faces from the rules core."""
    from hyvekit.games.hyve import DIE_MAX, DIE_MIN

    top, low, square = DIE_MAX, DIE_MIN, DIE_MAX - DIE_MIN + 1
    return (
        {"name": "Flat",
         "rule": (f"Gaining HP: increment the die; each time it goes over {top}, move it one space "
                  f"UP toward Thriving and reset it to {low}. Losing HP: decrement the die; each "
                  f"time it goes under {low}, move it one space DOWN toward Colony Collapse and "
                  f"reset it to {top}. Each square of the track is {square} HP."),
         # the rulebook's example (Tracking HP)
         "example": ("Gaining 5 HP: increment the die to 6, move it one space toward Thriving, "
                     "reset it to 1, then increment it to 2.")},
        {"name": "Wobbly",
         "rule": (f"Whether HP is GAINED or LOST, ALWAYS INCREMENT the die. Each time it goes over "
                  f"{top}, reset it to {low} and move one space: UP toward Thriving when gaining, "
                  "DOWN toward Colony Collapse when losing. Timing matters: a small HP loss taken "
                  "at the right moment can even gain you HP."),
         "example": ("Losing 5 HP: INCREMENT the die to 6, move it back one space toward Colony "
                     "Collapse (it went over 6), reset it to 1, then increment it to 2.")},
    )


def hp_note() -> str:
    from hyvekit.games.hyve import DIE_MIN
    return (f"The die always starts at {DIE_MIN} on the Starting position. Scoring is a game "
            "setting of each sheet.")


def win_conditions() -> tuple[str, ...]:
    """hyve.txt, "How to Win (or Lose)": the win conditions."""
    from hyvekit.games.hyve import HYVES
    return (
        "Complete all turns (the Seasons track is fully marked).",
        f"Complete all {HYVES} hyves.",
        "Your HP die enters the \u2018Thriving\u2019 position of the HP track.",
    )


LOSS_CONDITIONS = (
    "Your Population is 0.",
    "Your HP die enters the \u2018Colony Collapse\u2019 position of the HP track.",
)
WIN_NOTE = ("A condition met at any point ends the Scenario at once. If a win and a loss "
            "happen at the same time, you lose.")


def settings(sheet: Any) -> tuple[dict[str, str], ...]:
    """hyve.txt, "Game Settings" (the Standard sheet's starting Population and dice)."""
    from hyvekit.games.hyve import PROPORTION
    return (
        {"name": "Starting Population",
         "text": f"Start with {sheet.starting_population} Population."},
        {"name": "Worker Refresh",
         "text": f"Roll dice equal to your Population (max {sheet.refresh_max})."},
        {"name": "Scoring", "text": "Wobbly or Flat (see Tracking HP)."},
        {"name": "Placement", "text": "Free: anywhere in the active hyve. Structured: first "
                                      "feature in the middle, then adjacent to existing "
                                      "features. A filled hyve passes on clockwise to the next."},
        {"name": "Migration", "text": "Scaling: flat loss by season. Proportional: lose "
                                      f"{fraction(PROPORTION).replace(' ', '-')} (rounded down) "
                                      "of your Population."},
    )


# hyve.txt, "Basic Iconography": the names only (the rulebook's icons are the publisher's art;
# hyvekit prints its own simple shapes beside them).  shape: a glyph drawn by the template.
ICONS = (
    {"name": "HP", "shape": "heart", "mark": ""},
    {"name": "Gain HP", "shape": "heart", "mark": "+"},
    {"name": "Lose HP", "shape": "heart", "mark": "\u2212"},
    {"name": "Completed Hyve", "shape": "hex", "mark": "\u2713"},
    {"name": "Bee (wild on a die)", "shape": "die", "mark": ""},
    {"name": "Population", "shape": "circle", "mark": ""},
    {"name": "Gain Population", "shape": "circle", "mark": "+"},
    {"name": "Lose Population", "shape": "circle", "mark": "\u2212"},
    {"name": "Migration", "shape": "arrow", "mark": ""},
    {"name": "Single Color", "shape": "square", "mark": "1"},
    {"name": "Wild Color", "shape": "square", "mark": "*"},
    {"name": "Different Colors", "shape": "square", "mark": "\u2260"},
    {"name": "End-Of-Turn", "shape": "bar", "mark": ""},
    {"name": "Add to a Royal Jelly", "shape": "drop", "mark": "+"},
    {"name": "Bread Level", "shape": "loaf", "mark": ""},
    {"name": "Gain Bread Level", "shape": "loaf", "mark": "+"},
    {"name": "Nectar", "shape": "hex", "mark": ""},
    {"name": "Place Nectar", "shape": "hex", "mark": "+"},
    {"name": "Total Sum", "shape": "square", "mark": "\u03a3"},
    {"name": "Seasons", "shape": "sun", "mark": ""},
    {"name": "Larva", "shape": "larva", "mark": ""},
    {"name": "Place Larva", "shape": "larva", "mark": "+"},
    {"name": "Prevent Effect", "shape": "circle", "mark": "\u00d7"},
)
ICON_NOTE = ("The rulebook\u2019s icon names; the shapes are hyvekit\u2019s own reminders, not "
             "the game\u2019s art.")


def hyve_reference_context(sheet: Any = None) -> dict[str, Any]:
    """Context of ``aid-hyve-reference.html``: two pages (front: setup, turn order, actions,
    Royal Jellies, Queen's Rewards; back: HP tracking flat vs wobbly, win/loss, game settings,
    legacy perks, iconography), transcribed from the HYVE rulebook.

    :param sheet: the sheet definition whose game settings are named (default the Standard
        sheet).
    """
    from hyvekit.games.hyve import JELLIES, REWARDS

    sheet = sheet or standard_sheet()
    steps = phases(sheet)
    return {
        "title": "Hyve Reference",
        "setup": setup(sheet),
        "phases": steps,
        "phase_count": len(steps),
        "actions_phase": next(p["number"] for p in steps if p["name"] == "Assign Workers"),
        "actions": actions(),
        "jellies": royal_jellies(),
        "jelly_note": f"The rulebook lists these {word(len(JELLIES))}; each sheet shows its own "
                      "mix.",
        "rewards_rule": "When a Queen\u2019s Attendants action completes a Royal Jelly, gain 1 "
                        f"of the {len(REWARDS)} Queen\u2019s Rewards of that Scenario.",
        "rewards": queens_rewards(),
        "scoring": scoring_modes(),
        "hp_note": hp_note(),
        "win": win_conditions(),
        "loss": LOSS_CONDITIONS,
        "win_note": WIN_NOTE,
        "settings": settings(sheet),
        "perks": [{"label": perk_label(p), "effect": e} for p, e in perk_effects().items()],
        "icons": ICONS,
        "icon_note": ICON_NOTE,
        "source": "HYVE rulebook: Turn Structure, Tracking HP, How to Win (or Lose), Perks",
    }


# --- Hyve Legacy honey pad ---------------------------------------------------------------------

# hyve.txt, Legacy Mode, "Gaining Honey" (with hyvekit's rulings R1, R2, R13 and Easy Mode).
HONEY_ROWS = (
    {"key": "name", "label": "Scenario / mode", "note": "from the Run Configuration"},
    {"key": "result", "label": "Result", "note": ""},
    {"key": "hp", "label": "HP positions past the Starting Space",
     "note": "regardless of die value"},
    {"key": "hp_honey", "label": "\u2192 Honey from HP",
     "note": f"positions \u00f7 {HP_POSITIONS_PER_HONEY}, rounded down", "derived": True},
    {"key": "population", "label": "Population at the end", "note": ""},
    {"key": "population_honey", "label": "\u2192 Honey from Population",
     "note": f"population \u00f7 {POPULATION_PER_HONEY}, rounded down", "derived": True},
    {"key": "hyves", "label": "Completed hyves", "note": ""},
    {"key": "hyves_honey", "label": "\u2192 Honey from hyves",
     "note": f"{HONEY_PER_HYVE} per completed hyve", "derived": True},
    {"key": "courier", "label": "Courier bonus Honey",
     "note": "filled bonus squares; cross them out"},
    {"key": "total", "label": "Total Honey earned", "note": "into the Honey Well",
     "total": True},
    {"key": "spent", "label": "Honey spent", "note": "perks, bread upgrades, core resources"},
    {"key": "lost", "label": "Lost at next start", "note": "unspent Honey", "total": True},
    {"key": "crossed", "label": "Easy Mode loss: bread type crossed out",
     "note": f"{BEE_TYPES[0]}\u2013{BEE_TYPES[-1]}"},
)
HONEY_FORMULAS = (
    f"Honey from HP = positions your HP die is past the Starting Space \u00f7 "
    f"{HP_POSITIONS_PER_HONEY}, rounded down (at or below the Starting Space: 0).",
    f"Honey from Population = Population at the end of the Scenario \u00f7 "
    f"{POPULATION_PER_HONEY}, rounded down.",
    f"Honey from hyves = {HONEY_PER_HYVE} \u00d7 completed hyves.",
    "Courier bonus = the Bonus Honey of every filled, not crossed-out bonus square of the "
    "Courier honey track; then cross those squares out.",
    "Total Honey earned = HP + Population + hyves + Courier bonus. Mark it in the Honey Well "
    "under the Scenario.",
    "Lost at next start = Total Honey earned \u2212 Honey spent: Honey cannot be saved from "
    "Scenario to Scenario.",
)
HONEY_OUTCOMES = (
    "Won: earn Honey as above.",
    "Lost, Normal Difficulty: the Legacy ends; no Honey.",
    "Lost, Easy Mode: cross out one type of Bread Upgrade, then earn Honey as if you had won "
    "and go on to the next Scenario.",
)
HONEY_EXAMPLE = ("Example: 12 Population, 4 completed hyves, HP die 7 spaces past the Starting "
                 "Space: 2 + 2 + 4 = 8 Honey (the rulebook\u2019s example says 9; hyvekit "
                 "follows its rules text, ruling R1).")


def hyve_legacy_pad_context(players: int | None = None, names: list[str] | None = None,
                            per_page: int = 1, run: dict[str, Any] | None = None
                            ) -> dict[str, Any]:
    """Context of ``pad-hyve-legacy.html``: one legacy run per copy, the five scenarios in
    columns (plus the starting honey), every honey formula printed.

    :param players: not accepted (HYVE is played with one sheet; one run per pad).
    :param names: at most one name: the run's name, pre-printed on the "Run" line.
    :param run: a run's own figures (:func:`legacy_pad_run`): its name, sheet, mode, and each
        column's values so far, pre-printed small in grey for the pencil to go over.
    :raises InvalidInputError: ``players`` given, or more than one name.
    """
    names = list(names or [])
    if players is not None:
        raise InvalidInputError("--players", players, "no --players: one legacy run per pad "
                                "(--names gives the run's name)")
    if len(names) > 1:
        raise InvalidInputError("--names", ",".join(names), "at most one name: the run's")
    columns = [{"key": "start", "label": "Start", "sub": "before Scenario 1"}]
    columns += [{"key": str(n), "label": f"Scenario {n}", "sub": ""}
                for n in range(1, SCENARIOS + 1)]
    return {
        "title": "Hyve Legacy Honey Pad",
        "run_name": run["name"] if run else (names[0] if names else ""),
        "run": run or {"name": "", "id": "", "sheet": "", "easy": False, "start_honey": "",
                       "cells": {}},
        "cells": (run or {}).get("cells", {}),
        "columns": columns,
        "rows": HONEY_ROWS,
        "formulas": HONEY_FORMULAS,
        "outcomes": HONEY_OUTCOMES,
        "example": HONEY_EXAMPLE,
        "last_note": (f"After Scenario {SCENARIOS} the Legacy is complete: nothing more is "
                      "bought (ruling R13)."),
        "source": "HYVE rulebook, Legacy Mode: Gaining Honey, Easy Mode",
    }


def legacy_pad_run(header: dict[str, Any], state: Any, rows: list[dict[str, Any]]
                   ) -> dict[str, Any]:
    """A Hyve Legacy run's figures for its honey pad: ``rows`` are the campaign report's
    scenario rows (the start, then scenarios 1-5: mode, result, HP, population, hyves, the
    honey breakdown, earned, spent, lost); the bread type an easy-mode loss crossed out
    from the ledger.  Each value as text, by column and row key."""
    crossed = {r.number: r.crossed_out for r in state.results}
    cells: dict[str, dict[str, str]] = {}
    for i, r in enumerate(rows):
        key = "start" if i == 0 else str(i)
        b = r.get("breakdown") or {}
        values = {"total": r.get("earned"), "spent": r.get("spent"), "lost": r.get("lost")}
        if i:
            values.update(name=r.get("name"), result=r.get("status") or None,
                          hp=r.get("hp"), population=r.get("population"),
                          hyves=r.get("hyves"), hp_honey=b.get("hp"),
                          population_honey=b.get("population"), hyves_honey=b.get("hyves"),
                          courier=b.get("courier"), crossed=crossed.get(i))
        cells[key] = {k: str(v) for k, v in values.items() if v not in (None, "")}
    return {"name": str(header.get("name") or header.get("id")), "id": str(header.get("id")),
            "sheet": getattr(state.sheet, "id", ""), "easy": bool(state.easy),
            "start_honey": cells.get("start", {}).get("total", ""), "cells": cells}


# --- registration --------------------------------------------------------------------------

register(Printable("aid hyve-reference", "aid-hyve-reference.html", "Hyve Reference",
                   "HYVE reference aid (front and back): setup, the six phases of a turn, the "
                   "actions, Royal Jellies, Queen's Rewards, HP tracking flat vs wobbly, win "
                   "and loss, game settings, the ten legacy perks, iconography.",
                   "hyvekit print aid hyve-reference --copies 2 --paper letter",
                   per_page=(1,), command=("print", "aid", "hyve-reference"),
                   expect="Turn Order", pages=2),
         lambda **_: hyve_reference_context(), aid="hyve-reference")
register(Printable("pad hyve-legacy", "pad-hyve-legacy.html", "Hyve Legacy Honey Pad",
                   "Hyve Legacy honey pad, one run per copy: per scenario won/lost, HP, "
                   "population and hyves to honey, courier bonus, honey earned, spent and "
                   "lost, with the formulas.",
                   'hyvekit print pad hyve-legacy --names "Summer run" --copies 5',
                   per_page=(1,), command=("print", "pad", "hyve-legacy"),
                   expect="Total Honey earned"),
         lambda players=None, names=(), per_page=1: hyve_legacy_pad_context(
             players, list(names), per_page=per_page),
         pad="hyve-legacy")
