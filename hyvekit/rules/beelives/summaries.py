"""What a month did, per hive, from its events (for people, reports and the solo challenge
goals; rules/bee-lives.txt, Solo Play goals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, field
from typing import Any

from hyvekit.rules.beelives.state import MONTHS, Components, Event, GameState
from hyvekit.rules.values import dataclass


@dataclass(frozen=True)
class HiveFacts:
    """What one player hive did and suffered in a month.

    :ivar actions: ``(action, bees)`` in turn order.
    :ivar foraged: tile type → forages; ``scouts``: scout actions; ``tiles_placed``: tile
        types placed by scouting (when stated).
    :ivar raids_made / raids_suffered: one dict per raid (made: target, target_kind
        ``player`` / ``wild``, bees, stolen, success, removed; suffered: by, wild, stolen,
        success, sacrificed, removed).
    :ivar swarmed, stayed: the hive swarmed; it stayed (None when no swarm).
    :ivar swarm_wild: the wild hive its swarm spawned (None: no swarm, or none could be placed).
    :ivar swarm_queen: the queen chosen when staying after a swarm (None otherwise).
    :ivar queen_at_start: the queen when the month began; ``queens``: every queen held this
        month in order (start, the one chosen when staying after a swarm, each requeen);
        ``requeens``: the new queen of each Requeen action.
    :ivar brood_hatched: brood hatched in the Brood Phase (pollen paid; before disease losses,
        a prolific queen's extra bees not included); ``brood_lost``: of those, lost to disease.
    :ivar disease_reached: the worst (lowest) disease level reached this month.
    :ivar comb: comb size (cells) at the end of the month.
    :ivar vp_gained: VP scored this month.
    :ivar spawned: wild hives this player spawned (swarm, season card).
    :ivar failed: ``(action, bees)`` of actions that failed (Zombees' action roll, a haunted
        tile's forage roll): not in ``actions``, ``foraged`` or ``scouts``.
    :ivar scares: Raid actions that scared ghosts away (Haunted Hives): not raids on a hive.
    :ivar starvation_tokens: starvation tokens taken in the Feeding Phase instead of losing
        one of the last three worker bees (each worth the board's ``starvation_vp`` at the end
        of the game).
    """

    name: str
    actions: tuple[tuple[str, int], ...] = ()
    foraged: tuple[tuple[str, int], ...] = ()
    scouts: int = 0
    tiles_placed: tuple[str, ...] = ()
    raids_made: tuple[dict, ...] = ()
    raids_suffered: tuple[dict, ...] = ()
    swarmed: bool = False
    stayed: bool | None = None
    swarm_wild: str | None = None
    swarm_queen: str | None = None
    queen_at_start: str = ""
    queens: tuple[str, ...] = ()
    requeens: tuple[str, ...] = ()
    brood_hatched: int = 0
    brood_lost: int = 0
    disease_reached: int = 0
    comb: int = 10
    vp_gained: int = 0
    spawned: tuple[str, ...] = ()
    failed: tuple[tuple[str, int], ...] = ()
    scares: int = 0
    starvation_tokens: int = 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict."""
        d = asdict(self)
        d["actions"] = [list(a) for a in self.actions]
        d["failed"] = [list(a) for a in self.failed]
        d["foraged"] = dict(self.foraged)
        for key in ("tiles_placed", "queens", "requeens", "spawned"):
            d[key] = list(d[key])
        d["raids_made"] = [dict(r) for r in self.raids_made]
        d["raids_suffered"] = [dict(r) for r in self.raids_suffered]
        return d


@dataclass(frozen=True)
class WildFacts:
    """One wild hive on the map at any time this month.

    :ivar strength: at the end of the month (0 = removed this month).
    :ivar peak: the highest strength it had this month (when spawned included).
    :ivar spawned: it came into play this month; ``cause``: ``swarm``, ``wild swarm``,
        ``card: NAME`` or ``solo hard rule``; ``by``: the player or wild hive that spawned it.
    """

    name: str
    strength: int
    peak: int
    spawned: bool = False
    cause: str = ""
    by: str = ""
    dormant: bool = False
    spawn_strength: int | None = None


@dataclass(frozen=True)
class MonthSummary:
    """A month's facts: per player hive (:class:`HiveFacts`) and per wild hive
    (:class:`WildFacts`), with the events they come from."""

    year: int
    month: str
    season: str
    card: str | None
    hives: Mapping[str, HiveFacts]
    wild: tuple[WildFacts, ...] = ()
    events: tuple[Event, ...] = field(default=(), repr=False)

    @property
    def month_number(self) -> int:
        """1 (March) to 9 (November)."""
        return MONTHS.index(self.month) + 1

    @property
    def wild_spawned(self) -> tuple[dict, ...]:
        """The wild hives spawned this month, in order: ``{"wild", "strength" (at spawn),
        "cause", "by", "dormant"}``."""
        return tuple({"wild": w.name, "strength": w.spawn_strength, "cause": w.cause,
                      "by": w.by, "dormant": w.dormant} for w in self.wild if w.spawned)

    @property
    def wild_removed(self) -> tuple[str, ...]:
        """Wild hives removed from play this month."""
        return tuple(w.name for w in self.wild if w.strength == 0)

    @property
    def wild_strength(self) -> tuple[tuple[str, int], ...]:
        """(name, strength) of the wild hives in play at the end of the month."""
        return tuple((w.name, w.strength) for w in self.wild if w.strength > 0)

    @property
    def wild_max_strength(self) -> tuple[tuple[str, int], ...]:
        """(name, the highest strength reached this month), sorted by name."""
        return tuple(sorted((w.name, w.peak) for w in self.wild))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict (without the events)."""
        return {"year": self.year, "month": self.month, "season": self.season,
                "card": self.card, "hives": {k: v.to_dict() for k, v in self.hives.items()},
                "wild": [asdict(w) for w in self.wild],
                "wild_spawned": [dict(d) for d in self.wild_spawned],
                "wild_removed": list(self.wild_removed),
                "wild_strength": dict(self.wild_strength),
                "wild_max_strength": dict(self.wild_max_strength)}


def summarize(events: Sequence[Event], state: GameState, comps: Components) -> MonthSummary:
    """Per-hive facts of one month from its events (as :func:`start_month`, :func:`play_turn`
    and :func:`end_month` return them, in order) and the state after cleanup."""
    tally = _MonthTally(state)
    for ev in events:
        tally.add(ev)
    for w in state.wild:
        tally.seen(w.name, w.strength)
    wild = _wild_facts(tally, state)
    hives = _hive_facts(tally, state, comps.board)
    return MonthSummary(tally.year or state.year, tally.month or "", tally.season or "",
                        tally.card, hives, wild, tuple(events))


def _hive_counts() -> dict[str, Any]:
    """A player hive's counts before the month's first event (keys as :class:`HiveFacts`'
    fields, shortened: ``tiles`` tiles placed, ``made`` / ``suffered`` raids, ``start`` the
    queen at the start, ``hatched`` / ``lost`` brood, ``level`` the worst disease level,
    ``vp``, ``tokens`` starvation tokens)."""
    return {"actions": [], "foraged": {}, "scouts": 0, "tiles": [], "made": [],
            "suffered": [], "swarmed": False, "stayed": None, "swarm_wild": None,
            "swarm_queen": None,
            "start": "", "queens": [], "requeens": [], "hatched": 0, "lost": 0,
            "level": 0, "vp": 0, "spawned": [], "failed": [], "scares": 0,
            "tokens": 0}


class _MonthTally:
    """What :func:`summarize` gathers from a month's events, one at a time: per player hive
    (``acc``: name → :func:`_hive_counts`), every wild hive in the order it was seen
    (``order``) with its highest strength (``peak``) and, when spawned this month, its spawn
    event (``spawns``); the month's ``year``, ``month`` name, ``season`` and season ``card``
    (None until their events come).
    """

    def __init__(self, state: GameState) -> None:
        self.acc: dict[str, dict[str, Any]] = {p.name: _hive_counts() for p in state.players}
        self.month = self.year = self.season = self.card = None
        self.peak: dict[str, int] = {}
        self.spawns: dict[str, Event] = {}
        self.order: list[str] = []

    def seen(self, name: str, strength: int | None) -> None:
        """Wild hive ``name`` is in play, at ``strength`` (None: not known)."""
        if name not in self.peak:
            self.order.append(name)
            self.peak[name] = 0
        if strength is not None:
            self.peak[name] = max(self.peak[name], strength)

    def level(self, name: str, value: int | None) -> None:
        """Player hive ``name`` reached disease level ``value`` (None: not known)."""
        if value is not None and name in self.acc:
            self.acc[name]["level"] = min(self.acc[name]["level"], value)

    def queen(self, name: str, q: str) -> None:
        """Player hive ``name`` holds queen ``q`` (the first one is the month's start)."""
        if name in self.acc:
            if not self.acc[name]["start"]:
                self.acc[name]["start"] = q
            if not self.acc[name]["queens"] or self.acc[name]["queens"][-1] != q:
                self.acc[name]["queens"].append(q)

    def add(self, ev: Event) -> None:
        """Take one event of the month, by its ``kind``."""
        k = ev.get("kind")
        if k == "month":
            self.month_began(ev)
        elif k == "event":
            self.card = ev["card"]
        elif k == "feeding" and ev.get("hive") in self.acc:
            self.acc[ev["hive"]]["tokens"] += ev.get("tokens", 0)
        elif k == "brood":
            self.acc[ev["hive"]]["hatched"] += ev["hatched"]
            self.acc[ev["hive"]]["lost"] += ev["lost"]
            self.level(ev["hive"], ev["level"])
        elif k == "swarm":
            self.swarm(ev)
        elif k == "spawn":
            self.spawns[ev["wild"]] = ev
            self.seen(ev["wild"], ev["strength"])
            if ev["by"] in self.acc and ev["cause"] != "solo hard rule":
                self.acc[ev["by"]]["spawned"].append(ev["wild"])
        elif k == "action":
            self.player_action(ev)
        elif k == "wild":
            self.wild_turn(ev)

    def month_began(self, ev: Event) -> None:
        """The month's first event: its year, name and season, each player hive's queen and
        each wild hive's strength at the start."""
        self.month, self.year, self.season = ev["month"], ev["year"], ev["season"]
        for name, q in ev.get("queens", {}).items():
            self.queen(name, q)
        for name, strength in ev.get("wild", {}).items():
            self.seen(name, strength)

    def swarm(self, ev: Event) -> None:
        """A player hive's Swarm Phase (rules/bee-lives.txt, "Productive Months"): stayed or
        left, the wild hive spawned, the queen kept or chosen, the VP scored."""
        a = self.acc[ev["hive"]]
        a["swarmed"], a["stayed"] = True, ev["choice"] == "stay"
        a["swarm_wild"] = ev.get("wild")
        a["swarm_queen"] = ev["queen"] if ev["choice"] == "stay" else None
        a["vp"] += ev["vp"]
        self.level(ev["hive"], ev.get("level"))
        self.queen(ev["hive"], ev["queen"])

    def player_action(self, ev: Event) -> None:
        """A player's action (rules/bee-lives.txt, "Actions"): a failed one and a scare
        (Haunted Hives) are counted apart; a forage by tile type, a scout and its tile, a
        requeen's queen, a raid (:meth:`raid_made`)."""
        a = self.acc[ev["hive"]]
        self.level(ev["hive"], ev.get("level"))
        if ev.get("failed"):
            a["failed"].append((ev["action"], ev.get("bees", 0)))
            return
        if ev.get("scare_ghosts"):
            a["scares"] += 1
            return
        a["actions"].append((ev["action"], ev.get("bees", 0)))
        if ev["action"] == "forage":
            a["foraged"][ev["tile"]] = a["foraged"].get(ev["tile"], 0) + 1
        elif ev["action"] == "scout":
            a["scouts"] += 1
            if ev.get("tile"):
                a["tiles"].append(ev["tile"])
        elif ev["action"] == "requeen":
            a["requeens"].append(ev["queen"])
            self.queen(ev["hive"], ev["queen"])
        elif ev["action"] == "raid":
            self.raid_made(ev)

    def raid_made(self, ev: Event) -> None:
        """A player's raid (rules/bee-lives.txt, "Raiding a Player Hive", "Raiding a Wild
        Hive"): the raider's VP and raid; the raided player's VP and raid suffered, or the
        raided wild hive's strength before the raid."""
        a = self.acc[ev["hive"]]
        a["vp"] += ev.get("vp", 0)
        a["made"].append({x: ev.get(x) for x in ("target", "target_kind", "bees",
                                                 "stolen", "success", "removed")})
        if ev["target_kind"] == "player":
            self.acc[ev["target"]]["vp"] += ev.get("defender_vp", 0)
            self.acc[ev["target"]]["suffered"].append(
                {"by": ev["hive"], "wild": False, "stolen": ev["stolen"],
                 "success": ev["success"], "sacrificed": ev["defender_sacrificed"],
                 "removed": False})
        else:
            self.seen(ev["target"], ev["wild_strength"] + ev["reduced"])

    def wild_turn(self, ev: Event) -> None:
        """A wild hive's turn (rules/bee-lives.txt, "Wild Hives", "Wild Hive Raids"): its
        strength before and after; a raid on a player is a raid suffered (and the defender's
        VP), a raid on a wild hive gives that hive's strength after it."""
        self.seen(ev["wild"], ev.get("before"))
        self.seen(ev["wild"], ev.get("after"))
        if ev["action"] == "raid" and ev["target_kind"] == "player":
            self.acc[ev["target"]]["vp"] += ev.get("defender_vp", 0)
            self.acc[ev["target"]]["suffered"].append(
                {"by": ev["wild"], "wild": True, "stolen": ev["stolen"],
                 "success": ev["stolen"] > 0, "sacrificed": ev["defender_sacrificed"],
                 "removed": ev["removed"]})
        elif ev["action"] == "raid":
            self.seen(ev["target"], ev.get("target_after"))


def _wild_facts(tally: _MonthTally, state: GameState) -> tuple[WildFacts, ...]:
    """One :class:`WildFacts` per wild hive seen this month, in the order seen: strength 0 when
    it is no longer in play after cleanup; dormant as spawned, else as at the end."""
    end = {w.name: w for w in state.wild}
    spawns, peak = tally.spawns, tally.peak
    return tuple(WildFacts(n, end[n].strength if n in end else 0, peak[n], n in spawns,
                           spawns[n]["cause"] if n in spawns else "",
                           spawns[n]["by"] if n in spawns else "",
                           spawns[n]["dormant"] if n in spawns else
                           (end[n].dormant if n in end else False),
                           spawns[n]["strength"] if n in spawns else None)
                 for n in tally.order)


def _hive_facts(tally: _MonthTally, state: GameState, board) -> dict[str, HiveFacts]:
    """Player name → its :class:`HiveFacts`, in the state's player order, completed from
    the state after cleanup: the queen (when no event named one), the worst disease level
    (the end's included), the comb size."""
    hives = {}
    for p in state.players:
        a = tally.acc[p.name]
        hives[p.name] = HiveFacts(
            p.name, tuple(a["actions"]), tuple(sorted(a["foraged"].items())), a["scouts"],
            tuple(a["tiles"]), tuple(a["made"]), tuple(a["suffered"]), a["swarmed"],
            a["stayed"], a["swarm_wild"], a["swarm_queen"], a["start"] or p.hive.queen,
            tuple(a["queens"]) or (p.hive.queen,), tuple(a["requeens"]), a["hatched"],
            a["lost"], min(a["level"], p.hive.disease(board)), p.hive.comb, a["vp"],
            tuple(a["spawned"]), tuple(a["failed"]), a["scares"],
            starvation_tokens=a["tokens"])
    return hives


def month_account(summary: dict[str, Any], vp_now: dict[str, int] | None = None
                  ) -> list[str]:
    """A played month in a few lines for people, from its summary (:meth:`MonthSummary.to_dict`):
    one per hive — the VP it gained (and its total, from ``vp_now``) and why (a swarm, raids
    won or lost, raids defended), the brood hatched and lost to disease — then the wild
    hives spawned, wiped out and their strengths."""
    lines = []
    for name, h in summary.get("hives", {}).items():
        why = []
        if h.get("swarmed"):
            why.append("swarmed, " + ("stayed" if h.get("stayed") else "left"))
        made = h.get("raids_made", [])
        won = [r["target"] for r in made if r.get("success")]
        lost = [r["target"] for r in made if not r.get("success")]
        if won:
            why.append("raided " + ", ".join(won) + " successfully")
        if lost:
            why.append("raided " + ", ".join(lost) + " without success")
        held = [r["by"] for r in h.get("raids_suffered", []) if not r.get("success")]
        if held:
            why.append("held off " + ", ".join(held))
        total = f" (now {vp_now[name]})" if vp_now and name in vp_now else ""
        brood = (f"; brood {h.get('brood_hatched', 0)} hatched"
                 + (f", {h['brood_lost']} lost to disease" if h.get("brood_lost") else "")
                 if h.get("brood_hatched") or h.get("brood_lost") else "")
        lines.append(f"{name}: {h.get('vp_gained', 0):+d} VP{total}"
                     + (f": {'; '.join(why)}" if why else "") + brood)
    spawned = [f"{d.get('wild', '?')} (strength {d.get('strength', '?')}"
               + (f", {d['cause']}" if d.get("cause") else "") + ")"
               for d in summary.get("wild_spawned", [])]
    if spawned:
        lines.append("wild hives spawned: " + ", ".join(spawned))
    if summary.get("wild_removed"):
        lines.append("wild hives wiped out: " + ", ".join(summary["wild_removed"]))
    if summary.get("wild_strength"):
        lines.append("wild hives now: " + ", ".join(
            f"{n} {s}" for n, s in summary["wild_strength"].items()))
    return lines


def winter_account(hives: Sequence[Mapping[str, Any]], scoring: Any = None) -> list[str]:
    """A winter upkeep in a few lines for people, one per hive from its entry (``{hive,
    bees, honey, tokens, vp, out}``: what survived and the VP it stands at), then, after the
    last winter, the final scores (End of the Game: a
    :class:`~hyvekit.rules.beelives.endgame.Scoring`) and the winner."""
    from hyvekit.rules.common import counted
    lines = [f"{h['hive']}: {counted(h['bees'], 'bee')} and {h['honey']} honey through the "
             "winter" + (f", {counted(h['tokens'], 'starvation token')}" if h.get("tokens")
                         else "")
             + (" — no bee left" if h.get("out") else "") + f"; {h['vp']} VP"
             for h in hives]
    if scoring is not None:
        lines.append("final scores: " + ", ".join(
            f"{line.player.name} {line.total} VP" + ("" if line.eligible else " (no bee left)")
            for line in scoring.lines))
        lines.append("the winner: " + " and ".join(scoring.winners)
                     + (f" (tie broken by {scoring.tiebreak})"
                        if scoring.tiebreak and scoring.tiebreak != "shared" else "")
                     if scoring.winners else "no winner: no hive has a bee left")
    return lines
