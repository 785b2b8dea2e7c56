"""The Bee Lives table in words (docs/beelives-table.md): what a step did, as ``do`` and
``play`` say it — the step itself, the sequencer's events in a line each (the phases played,
the wild hives' turns, the raids' outcomes), the month played — and what a step leads to
later that the numbers do not show (a comb filled).
"""

from __future__ import annotations

import itertools
from typing import Any

from hyvekit.rules.beelives.month_phases import month_pending
from hyvekit.rules.beelives.month_start import season_deck, start_month
from hyvekit.rules.beelives.month_table import Table, describe_month
from hyvekit.rules.beelives.state import Event
from hyvekit.rules.common import counted
from hyvekit.rules.table import Decision
from hyvekit.rules.values import replace

def event_words(ev: Event) -> str | None:
    """One line in words for a sequencer event (what ``beelives do`` and ``play`` show of what
    happened: the phases played, the wild hives' turns, the raids' outcomes); None for the
    events a player need not read (the month's opening, a player's plain action)."""
    k = ev.get("kind")
    who = ev.get("hive") or ev.get("wild")
    if k == "egg":
        return f"Egg Phase: {who} lays {ev['brood']} brood" + (
            " (no empty cell: a swarm token)" if ev.get("swarm_token") else "")
    if k == "feeding":
        if ev.get("skipped"):
            return f"Feeding Phase: {who} uses the skip feeding token"
        return (f"Feeding Phase: {who} spends {ev['honey']} honey" +
                (f", {counted(ev['starved'], 'bee')} starve" if ev.get("starved") else "") +
                (f", {counted(ev['tokens'], 'starvation token')}" if ev.get("tokens") else ""))
    if k == "brood":
        return (f"Brood Phase: {who} hatches {ev['hatched']} ({ev['pollen']} pollen)" +
                (f", {ev['lost']} lost to disease" if ev.get("lost") else "") +
                (", queen paused" if ev.get("paused") else ""))
    if k == "swarm":
        return (f"Swarm Phase: {who} swarms ({ev['reason']}): {counted(ev['bees_lost'], 'bee')} "
                f"{'leaves' if ev['bees_lost'] == 1 else 'leave'}, "
                f"{ev['choice']}s" + (f", +{ev['vp']} VP" if ev.get("vp") else ""))
    if k == "spawn":
        return (f"wild hive {ev['wild']} spawns at strength {ev['strength']} ({ev['cause']})"
                + (", dormant" if ev.get("dormant") else ""))
    if k == "event":
        return f"Event Phase: {ev['card']}"
    if k == "cooler_temps":
        return f"Cooler Temps: {ev['bees']} of {who}'s bees defend"
    if k == "action" and ev.get("failed"):
        return f"{who}'s {ev['action'].replace('_', ' ')} fails"
    if k == "action" and ev.get("action") == "raid" and ev.get("target"):
        won = "succeeds" if ev.get("success") else "fails"
        lost = ev.get("lost") or 0
        vp = (f", +{ev['vp']} VP" if ev.get("vp") else "") + (
            f", +{ev['defender_vp']} VP to {ev['target']}" if ev.get("defender_vp") else "")
        return (f"{who}'s raid on {ev['target']} {won}: {ev.get('stolen', 0)} honey{vp}"
                + (f", {counted(lost, 'bee')} of the party lost" if lost else ""))
    if k == "wild":
        a = ev.get("action")
        if a == "raid":
            totals = ev.get("totals") or ["?", "?"]
            what = (f"raids {ev['target']}: {ev.get('stolen', 0)} honey" if
                    ev.get("target_kind") == "player" else
                    f"raids {ev['target']}: {totals[0]} against {totals[1]} (each D6 plus the "
                    f"difference in strength for the stronger; a tie to the defender), "
                    f"{who if ev.get('winner') == 'attacker' else ev['target']} wins; "
                    f"{ev['target']} strength {ev.get('target_after')}")
        elif a == "forage":
            what = f"forages a {ev.get('tile')} tile"
        elif a == "scout":
            what = "scouts"
        elif a == "swarm":
            what = "swarms"
        else:
            what = "does nothing"
        return f"{who} {what} (strength {ev.get('after')})"
    if k == "overheated":
        return f"Cleanup: {who} overheats, the queen pauses"
    if k == "cleanup":
        return f"Cleanup: the first player marker passes to {ev['first_player']}"
    return None


def step_words(d: Decision | None, resolved: str) -> str:
    """A step as ``do`` shows it: the notation; a die with what it was rolled for; a line the
    tool played by a wild hive's chart."""
    if d is not None and d.kind == "dice":
        return f"{resolved}  ({d.prompt.replace(': roll', ': rolled').split(' (')[0]})"
    if d is not None and d.auto and d.kind == "wild":
        return f"{resolved}  (by its priority chart)"
    return resolved


def month_words(before: Table, after: Table) -> list[str]:
    """What a step at the table did, in words: the sequencer's new events (phases 1-4 said
    by the step that makes the card due, :func:`_early_words`, not again when it is turned
    over), the month played."""
    if after.state is None:
        return early_words(after) if before.steps and month_pending(after) is not None and \
            month_pending(after).kind == "card" else []
    events = after.result.events if after.result is not None else after.events
    if before.state is None and before.steps:             # said by the step before the card
        first = next((i for i, ev in enumerate(events) if ev.get("kind") == "event"), None)
        if first is not None:
            events = events[:1] + events[first:]
    lines = [event_words(ev) for ev in events[len(before.events):]]
    if after.result is not None:
        lines.append(f"{describe_month(after)} is played")
    return [x for x in lines if x]


def early_words(t: Table) -> list[str]:
    """Phases 1-4 of the month (Egg, Feeding, Brood, Swarm), in words, once every choice in
    them is made and the season card is due: what :func:`start_month` plays before the
    Event Phase, under any card of the deck (the card turned over acts only from the Event
    Phase on)."""
    deck = season_deck(t.start, t.comps)
    if not deck or t.start.first_month:
        return []
    _, events = start_month(t.start, replace(t.plan, card=deck[0]), t.comps)
    before = list(itertools.takewhile(lambda ev: ev.get("kind") != "event", events[1:]))
    return [x for x in (event_words(ev) for ev in before) if x]


#: the words of a card's effect on the month after it (Culling of the Drones' feeding,
#: Buttoned Up's brood); overheating's pause was already applied at its own Cleanup
CARRIED = "Phase next month"


#: the phase the view gives once the last winter is played
GAME_OVER = "the game is over"
#: what a step that fills a comb leads to (Egg Phase: "If you have zero empty cells, then
#: take a swarm token")
COMB_FULL = "comb full, so a swarm token at the next Egg Phase if still full"


def notes(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
    """What a step leads to later that the hives' numbers do not show, from the table's
    :func:`view` before and after it: a comb it fills (Egg Phase: no empty cell, a swarm
    token)."""
    if after["phase"] == GAME_OVER:
        return ()
    was = {h["name"]: h for h in before["hives"]}
    return tuple(f"{h['name']}: {COMB_FULL}"
                 for h in after["hives"]
                 if h["empty"] == 0 and was.get(h["name"], {}).get("empty", 0) > 0)

