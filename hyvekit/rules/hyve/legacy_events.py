"""A Hyve Legacy run's record: its events turned into actions and back (:func:`parse_event`,
:func:`action_to_event`, purchases :func:`parse_purchase` / :func:`purchase_to_dict`), the state
at the start of a run from the record header's settings (:func:`state_from_settings`), one
history line per event (:func:`describe_event`) and the JSON-able view of a run
(:func:`legacy_summary`).
"""

from __future__ import annotations

from typing import Any

from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.hyve.legacy_run import (Action, BuyBread, BuyPerk, BuyResources, Courier,
                                           LegacyState, Purchase, Result, SheetLimits, Shop,
                                           StartScenario, SwitchEasy, bee_type_of, new_legacy)
from hyvekit.rules.hyve.legacy_sheet import (RESOURCE_KINDS, RESOURCE_LABELS, LegacySheet,
                                             perk_label)
from hyvekit.rules.hyve.sheets import BEE_TYPES, WILD
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.common import counted

EVENT_TYPES = ("shop", "start", "courier", "result", "easy")


def parse_purchase(raw: dict[str, Any]) -> Purchase:
    """``{"item": "perk", "perk": "tenacity"}`` / ``{"item": "bread", "bee_type": 1}`` /
    ``{"item": "resources", "kind": "population", "colours": [...]}`` → a purchase.

    :raises InvalidInputError: unknown item or missing field.
    """
    item = raw.get("item")
    try:
        if item == "perk":
            return BuyPerk(str(raw["perk"]))
        if item == "bread":
            return BuyBread(bee_type_of(raw["bee_type"]))
        if item == "resources":
            return BuyResources(str(raw["kind"]), tuple(str(c) for c in raw["colours"]))
    except KeyError as exc:
        raise InvalidInputError(f"{item} purchase", raw, f"a field {exc}") from None
    raise InvalidInputError("purchase item", item, "perk, bread or resources")


def purchase_to_dict(p: Purchase) -> dict[str, Any]:
    """Inverse of :func:`parse_purchase`."""
    if isinstance(p, BuyPerk):
        return {"item": "perk", "perk": p.perk}
    if isinstance(p, BuyBread):
        return {"item": "bread", "bee_type": p.bee_type}
    return {"item": "resources", "kind": p.kind, "colours": list(p.colours)}


def parse_event(kind: str, data: dict[str, Any]) -> Action:
    """Turn a stored event (type and data) into an action.

    :raises InvalidInputError: unknown event type or malformed data.
    """
    if kind == "shop":
        return Shop(tuple(parse_purchase(p) for p in data.get("purchases", [])))
    if kind == "start":
        return StartScenario()
    if kind == "courier":
        return Courier(require_int("bee", data.get("bee"), 1, WILD),
                       None if data.get("turn") is None else require_int("turn", data["turn"], 1))
    if kind == "result":
        try:
            limits = data.get("limits")
            return Result(won=bool(data["won"]), hp_past_start=int(data["hp_past_start"]),
                          population=int(data["population"]), hyves=int(data["hyves"]),
                          courier_bonus=data.get("courier_bonus"),
                          cross_out=data.get("cross_out"),
                          limits=None if limits is None else SheetLimits.from_dict(limits))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError("result event", data, f"won, hp_past_start, population, "
                                    f"hyves ({exc})") from None
    if kind == "easy":
        return SwitchEasy(data.get("cross_out"))
    raise not_one_of("event type", kind, EVENT_TYPES)


def action_to_event(action: Action) -> tuple[str, dict[str, Any]]:
    """Inverse of :func:`parse_event`: ``(event type, data)``."""
    if isinstance(action, Shop):
        return "shop", {"purchases": [purchase_to_dict(p) for p in action.purchases]}
    if isinstance(action, StartScenario):
        return "start", {}
    if isinstance(action, Courier):
        return "courier", {"bee": action.bee, "turn": action.turn}
    if isinstance(action, Result):
        return "result", {"won": action.won, "hp_past_start": action.hp_past_start,
                          "population": action.population, "hyves": action.hyves,
                          "courier_bonus": action.courier_bonus, "cross_out": action.cross_out,
                          **({} if action.limits is None
                             else {"limits": action.limits.to_dict()})}
    return "easy", {"cross_out": action.cross_out}


def state_from_settings(settings: dict[str, Any]) -> LegacyState:
    """The state at the start of a run, from a record header's settings
    (``{"sheet": {...}, "colours": [...], "easy": bool}``)."""
    return new_legacy(LegacySheet.from_dict(settings["sheet"]), settings["colours"],
                      bool(settings.get("easy", False)))


def describe_event(kind: str, data: dict[str, Any]) -> str:
    """One line for a history table: ``"shop: 1-type bread, 1-type bread, 6 Population"``."""
    action = parse_event(kind, data)
    if isinstance(action, Shop):
        parts = []
        for p in action.purchases:
            if isinstance(p, BuyPerk):
                parts.append(f"perk {perk_label(p.perk)}")
            elif isinstance(p, BuyBread):
                parts.append(f"{p.bee_type}-type bread")
            else:
                parts.append(f"{len(p.colours)} {RESOURCE_LABELS[p.kind]} "
                             f"({', '.join(p.colours)})")
        return "shop: " + ", ".join(parts)
    if isinstance(action, StartScenario):
        return "start the next scenario"
    if isinstance(action, Courier):
        who = "wild Bee" if action.bee == WILD else f"{action.bee}-Bee"
        return f"courier: {who}" + (f" on turn {action.turn}" if action.turn else "")
    if isinstance(action, Result):
        text = (f"{'won' if action.won else 'lost'}: HP {action.hp_past_start:+d} past start, "
                f"population {action.population}, {counted(action.hyves, 'hyve')}")
        return text + (f", {action.cross_out}-type bread crossed out" if action.cross_out else "")
    return "switch to easy mode" + (f", {action.cross_out}-type bread crossed out"
                                    if action.cross_out else "")


def legacy_summary(state: LegacyState) -> dict[str, Any]:
    """A JSON-able view of a run: phase, honey, purchases, honey well, results."""
    resources: dict[str, dict[str, dict[str, int]]] = {k: {} for k in RESOURCE_KINDS}
    for r in state.resources:
        slot = resources[r.kind].setdefault(r.colour, {"unused": 0, "used": 0})
        slot["used" if r.used else "unused"] += 1
    current = state.scenario if state.scenario else None
    return {
        "sheet": state.sheet.id,
        "sheet_name": state.sheet.name,
        "assumed_values": state.sheet.assumed,
        "mode": "easy" if state.easy else "normal",
        "phase": state.phase,
        "scenario": current,
        "scenario_name": state.sheet.run[current - 1] if current else None,
        "next_scenario": state.next_scenario,
        "run": list(state.sheet.run),
        "honey": state.honey,
        "honey_well": list(state.honey_well),
        "honey_lost": list(state.honey_lost),
        "colours": {str(v): state.colour_of(v) for v in BEE_TYPES},
        "perks": list(state.perks),
        "bread_levels": {str(t): lvl for t, lvl in zip(BEE_TYPES, state.bread_levels)},
        "crossed_bread": list(state.crossed_bread),
        "resources": resources,
        "honey_track": list(state.honey_track),
        "pending_courier_bonus": state.pending_courier_bonus,
        "results": [
            {"scenario": r.number, "won": r.won, "hp_past_start": r.hp_past_start,
             "population": r.population, "hyves": r.hyves,
             "honey": None if r.honey is None else r.honey.total,
             "honey_breakdown": None if r.honey is None else {
                 "hp": r.honey.hp, "population": r.honey.population, "hyves": r.honey.hyves,
                 "courier": r.honey.courier},
             "crossed_out": r.crossed_out}
            for r in state.results],
    }
