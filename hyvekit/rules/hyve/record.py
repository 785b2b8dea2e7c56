"""Turn records of a Hyve scenario: the TOML file format, and replaying it through the engine.

A record is a scenario header and one ``[[turn]]`` table per turn with the dice rolled and
every choice (``docs/hyve.md``, "Checking a scenario turn by turn")::

    [scenario]
    sheet = "standard"                       # a sheet id or mode; or sheets = "my-sheets.toml"
    colours = ["yellow", "blue", "green", "purple", "red"]

    [legacy]                                 # optional: a legacy run's perks and resources
    perks = ["deep-stores"]
    bread = [2, 1, 1, 1, 1]
    resources = { population = ["red", "red"], nectar = ["blue"] }
    honey_track_empty = 10

    [[turn]]
    dice = [1, 3, 3, 6, 2, 5]
    assign = [
      { action = "repurpose", bee = 3, reroll = [1, 2, 5], result = [4, 4, 6] },
      { action = "bakery", bees = [3, "W"], bread = 3 },
      { action = "tend-eggs", bee = 4, squares = ["R1C1", "R1C2", "R2C1", "R2C2"] },
      { action = "queens-attendants", bee = "W5", jelly = "overwork", reward = "swarm" },
    ]
    nectar = ["4@C3", "W1@C2"]               # bee@hex; W3@C2 = a wild Bee as a 3 nectar
    effect = 2                               # the current season's effect, 1-based
    mites = ["C3"]                           # Mites Challenge: nectar crossed out
    claim = { population = 6, die = 3, position = 5, hyves = 0 }

Bees are a die face ``1``–``5``, ``"W"`` (a wild Bee) or ``"W3"`` (a wild Bee standing for 3).

The record's ``[scenario] sheets`` file (a player's own sheet definitions) is read by the data
layer, which passes the definitions in (``parse_record(raw, definitions)``).

In a legacy run the run gives the set-up instead (``parse_record(raw, start=...)``, see
:mod:`hyvekit.rules.hyve.legacy_play`): the record then needs only its ``[[turn]]`` tables.

:func:`parse_record` refuses a malformed record with :class:`InvalidInputError` (field, given,
allowed); :func:`replay` plays it and returns a :class:`TurnReport` per turn, raising the first
:class:`IllegalActionError` with the turn number in its message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_table
from hyvekit.rules.hyve.larva import LarvaChamber, Line
from hyvekit.rules.hyve.legacy import Resource
from hyvekit.rules.hyve.scoring import parse_cell
from hyvekit.rules.hyve.sheets import JELLIES, REWARDS, SheetDefinition
from hyvekit.rules.hyve.turn import (DEFAULT_COLOURS, PERKS, WILD, Bakery, Bee, Build, Courier,
                                     GatherNectar, JellyFill, Marshal, Placement,
                                     QueensAttendants, Repurpose, ScenarioState, SeasonalEffect,
                                     TendEggs, TendLarva, Turn, WaspAttack, bee, new_scenario,
                                     play_turn, summary)
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

R_WIN = "Hyve: How to Win (or Lose)"

_SCENARIO_KEYS = {"sheet", "sheets", "colours", "name"}
_LEGACY_KEYS = {"perks", "bread", "resources", "honey_track_empty"}
_TURN_KEYS = {"dice", "assign", "nectar", "effect", "mites", "claim", "excise", "note", "wasp",
              "block", "eaten", "sensilla"}
_CLAIM_KEYS = {"population", "die", "position", "hyves", "approval", "disapproval"}
_ACTION_KEYS = {
    "repurpose": {"bee", "reroll", "result", "boost"},
    "bakery": {"bees", "bread"},
    "tend-eggs": {"bee", "squares", "boost"},
    "tend-larva": {"bee", "line", "larva", "excise", "boost"},
    "queens-attendants": {"bee", "jelly", "reward", "larva", "beseech", "excise", "boost",
                          "second"},
    "courier": {"bee", "nectar", "excise"},
    "marshal": {"place"},
    "build": {"shapes"},
}


@dataclass(frozen=True)
class Claim:
    """Values the player wrote down after a turn, checked against the derived ones."""

    population: int | None = None
    die: int | None = None
    position: int | None = None
    hyves: int | None = None
    approval: int | None = None
    disapproval: int | None = None


@dataclass(frozen=True)
class Record:
    """A parsed record: the starting state and the turns (with their claims)."""

    start: ScenarioState
    turns: tuple[Turn, ...]
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class TurnReport:
    """The derived state after one turn, and the claims that differ (``"population: claimed
    7, derived 6"``)."""

    turn: int
    dice: tuple[int, ...]
    population: int
    die: int
    position: int
    hp_label: str
    hyves_completed: int
    active_hyve: int | None
    bread: tuple[int, ...]
    status: str
    events: tuple[str, ...]
    differences: tuple[str, ...]
    state: ScenarioState | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The report as ``hyve check --json`` prints it."""
        return {"turn": self.turn, "dice": list(self.dice), "population": self.population,
                "hp": {"die": self.die, "position": self.position, "label": self.hp_label},
                "hyves_completed": self.hyves_completed, "active_hyve": self.active_hyve,
                "bread": list(self.bread), "status": self.status, "events": list(self.events),
                "claims_differ": list(self.differences)}


# --- parsing -----------------------------------------------------------------------------------

_keys = require_table


def _list(where: str, raw: Any) -> list:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise InvalidInputError(where, raw, "a list")
    return raw


def _int(where: str, raw: Any, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise InvalidInputError(where, raw, f"a whole number {lo}-{hi}")
    return raw


def parse_bee(raw: Any, where: str = "bee") -> Bee:
    """``3`` → a 3-Bee; ``"W"``/``6`` → a wild Bee; ``"W3"`` → a wild Bee standing for 3.

    :raises InvalidInputError: anything else.
    """
    allowed = ("a die face 1-5, 6 or W (the wild Bee face), or W1-W5 (a wild Bee standing for "
               "that value)")
    if isinstance(raw, bool):
        raise InvalidInputError(where, raw, allowed)
    if isinstance(raw, int):
        if 1 <= raw <= WILD:
            return bee(raw)
        raise InvalidInputError(where, raw, allowed)
    text = str(raw).strip().upper()
    if digits(text) and 1 <= int(text) <= WILD:
        return bee(int(text))
    if text in ("W", "WILD", "6"):
        return bee(WILD)
    if len(text) == 2 and text[0] == "W" and text[1] in "12345":
        return bee(WILD, int(text[1]))
    raise InvalidInputError(where, raw, allowed)


def _bool(where: str, raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise InvalidInputError(where, raw, "true or false")
    return raw


def _face(where: str, raw: Any, *, wasp: bool = False) -> int:
    """A die face as rolled: 1-6 (``"W"`` for the 6, the wild Bee face, on the Bee dice; the
    wasp dice are plain D6).

    :raises InvalidInputError: anything else (a wild Bee's chosen value is not a face).
    """
    allowed = ("a D6 face 1-6" if wasp else
               "a die face 1-6 (6 is the wild Bee face, also written W)")
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= WILD:
        return raw
    if not wasp and isinstance(raw, str) and raw.strip().upper() in ("W", "WILD"):
        return WILD
    if isinstance(raw, str) and digits(raw.strip()) and 1 <= int(raw.strip()) <= WILD:
        return int(raw.strip())
    raise InvalidInputError(where, raw, allowed)


def parse_spot(raw: Any, where: str):
    """``"C3"`` (a hex of the active hyve) or ``"2:C3"`` (hex C3 of hyve 2: needed in Bee
    Builder to place into the next hyve; elsewhere it must name the active hyve)."""
    text = str(raw).strip()
    hyve, sep, cell = text.partition(":")
    if not sep:
        return parse_cell(text, where)
    if not digits(hyve.strip()) or not 1 <= int(hyve) <= 6:
        raise InvalidInputError(where, raw, "HEX or HYVE:HEX with a hyve 1-6, e.g. C3 or 2:C3")
    return (int(hyve), parse_cell(cell, where))


def _hexes(where: str, raw: Any) -> tuple:
    return tuple(parse_cell(c, where) for c in _list(where, raw))


def _spots(where: str, raw: Any) -> tuple:
    return tuple(parse_spot(c, where) for c in _list(where, raw))


def _excise(where: str, raw: Any) -> tuple:
    out = []
    for c in _list(where, raw):
        out.append(None if str(c).strip().lower() in ("", "none", "-") else parse_cell(c, where))
    return tuple(out)


def parse_line(raw: Any, b: Bee, where: str) -> Line:
    """``"row"`` / ``"column"`` (a coloured bee's own number), ``"row 3"``, ``"column 4"``,
    ``"wild"`` / ``"wild 2"`` (a Wild Column)."""
    allowed = "row, column, 'row N', 'column N', wild or 'wild N'"
    parts = str(raw).strip().lower().split()
    if not parts or parts[0] not in ("row", "column", "wild") or len(parts) > 2:
        raise InvalidInputError(where, raw, allowed)
    kind = parts[0]
    if len(parts) == 2:
        if not digits(parts[1]):
            raise InvalidInputError(where, raw, allowed)
        return Line(kind, int(parts[1]))
    if kind == "wild":
        return Line("wild", 1)
    if b.wild:
        raise InvalidInputError(where, raw, f"'{kind} N': a Wild Bee names the {kind}")
    return Line(kind, b.face)


def _jelly(where: str, raw: Any, sheet: SheetDefinition) -> int:
    jellies = sheet.jellies
    if isinstance(raw, int) and not isinstance(raw, bool):
        if 1 <= raw <= len(jellies):
            return raw - 1
    else:
        key = str(raw).strip().lower().replace(" ", "-").replace("'", "")
        matches = [i for i, j in enumerate(jellies) if j == key]
        if len(matches) == 1:
            return matches[0]
    listing = ", ".join(f"{i + 1} {JELLIES[j][0]}" for i, j in enumerate(jellies))
    raise InvalidInputError(where, raw, f"a royal jelly of the sheet by number or name: {listing}")


def _reward(where: str, raw: Any) -> str | None:
    if raw is None:
        return None
    key = str(raw).strip().lower().replace(" ", "-").replace("_", "-")
    if key not in REWARDS:
        raise not_one_of(where, raw, REWARDS)
    return key


def parse_assignment(raw: Any, where: str, sheet: SheetDefinition, chamber: LarvaChamber):
    """One ``assign`` entry → an assignment action.

    :raises InvalidInputError: an unknown action or key, a malformed value.
    """
    if not isinstance(raw, dict) or "action" not in raw:
        raise InvalidInputError(where, raw, "a table with an action: " + ", ".join(_ACTION_KEYS))
    kind = str(raw["action"]).strip().lower().replace(" ", "-").replace("'", "")
    kind = {"queen": "queens-attendants", "queens-attendant": "queens-attendants"}.get(kind, kind)
    if kind not in _ACTION_KEYS:
        raise not_one_of(f"{where} action", raw["action"], _ACTION_KEYS)
    r = _keys(f"{where} ({kind})", raw, _ACTION_KEYS[kind] | {"action"})
    w = f"{where} ({kind})"
    if kind == "marshal":
        return _marshal(r, w)
    if kind == "build":
        return _build(r, w)
    if kind == "bakery":
        if "bread" not in r:
            raise InvalidInputError(f"{w} bread", "missing", "the bread type 1-5 upgraded")
        return Bakery(tuple(parse_bee(b, f"{w} bees") for b in _list(f"{w} bees", r.get("bees"))),
                      _int(f"{w} bread", r["bread"], 1, 5))
    if "bee" not in r:
        raise InvalidInputError(f"{w} bee", "missing", "the bee placed")
    b = parse_bee(r["bee"], f"{w} bee")
    boost = _bool(f"{w} boost", r.get("boost", False))
    if kind == "repurpose":
        return Repurpose(b, tuple(_face(f"{w} reroll", f) for f in _list(f"{w} reroll",
                                                                          r.get("reroll"))),
                         tuple(_face(f"{w} result", f) for f in _list(f"{w} result",
                                                                       r.get("result"))),
                         boost)
    if kind == "tend-eggs":
        return TendEggs(b, tuple(chamber.parse_square(c, f"{w} squares")
                                 for c in _list(f"{w} squares", r.get("squares"))), boost)
    if kind == "tend-larva":
        # only a 2-type Bee may come without a line (alone in Turbo Mode it encircles nothing;
        # the engine asks for the line whenever one is circled)
        if "line" not in r and (b.wild or b.face != 2):
            raise InvalidInputError(f"{w} line", "missing", "row, column, 'row N', 'column N' "
                                    "or wild")
        return TendLarva(b, parse_line(r["line"], b, f"{w} line") if "line" in r else None,
                         _spots(f"{w} larva", r.get("larva")), _excise(f"{w} excise",
                                                                        r.get("excise")), boost)
    if kind == "queens-attendants":
        return _queens_attendants(r, w, b, boost, sheet)
    return Courier(b, _spots(f"{w} nectar", r.get("nectar")), _excise(f"{w} excise",
                                                                       r.get("excise")))


def _marshal(r: dict[str, Any], w: str) -> Marshal:
    """A Marshal entry (Wasp War): its bees, each ``BEE@HEX`` of the formations."""
    bees = []
    for p in _list(f"{w} place", r.get("place")):
        b_text, sep, at = str(p).strip().partition("@")
        if not sep:
            raise InvalidInputError(f"{w} place", p, "BEE@HEX, e.g. 3@D1.2 (defensive "
                                    "formation 1, hex 2) or W4@O3.5")
        bees.append((at.strip().upper(), parse_bee(b_text, f"{w} place")))
    return Marshal(tuple(bees))


def _build(r: dict[str, Any], w: str) -> Build:
    """A Build entry (Bee Builder): its shapes, each ``{ bee, hyve, hexes }``."""
    shapes = []
    for k, item in enumerate(_list(f"{w} shapes", r.get("shapes")), start=1):
        sw = f"{w} shape {k}"
        item = _keys(sw, item, {"bee", "hyve", "hexes"})
        if "bee" not in item or "hexes" not in item:
            raise InvalidInputError(sw, item, "{ bee = ..., hyve = N, hexes = [...] }")
        shapes.append((parse_bee(item["bee"], f"{sw} bee"),
                       _int(f"{sw} hyve", item.get("hyve", 1), 1, 6),
                       _hexes(f"{sw} hexes", item["hexes"])))
    return Build(tuple(shapes))


def _queens_attendants(r: dict[str, Any], w: str, b: Bee, boost: bool,
                       sheet: SheetDefinition) -> QueensAttendants:
    """A Queen's Attendants entry: its jelly, reward, larva, Beseech, Excisor, and (Turbo
    Mode) the second fill of a boosted one."""
    if "jelly" not in r:
        raise InvalidInputError(f"{w} jelly", "missing", "the royal jelly, by number or name")
    second = None
    if r.get("second") is not None:
        second = _second_fill(r, f"{w} second", b, sheet)
    return QueensAttendants(b, _jelly(f"{w} jelly", r["jelly"], sheet),
                            _reward(f"{w} reward", r.get("reward")),
                            _spots(f"{w} larva", r.get("larva")),
                            _bool(f"{w} beseech", r.get("beseech", False)),
                            _excise(f"{w} excise", r.get("excise")), boost, second)


def _second_fill(r: dict[str, Any], sw: str, b: Bee, sheet: SheetDefinition) -> JellyFill:
    """The second fill of a boosted Queen's Attendants (Turbo Mode; ``b``: the action's bee):
    its jelly, the colour it places (its own bee's, or a wild Bee's value), reward, larva,
    Excisor."""
    sr = _keys(sw, r["second"], {"jelly", "bee", "reward", "larva", "excise"})
    if "jelly" not in sr:
        raise InvalidInputError(f"{sw} jelly", "missing", "the second royal jelly")
    sb = parse_bee(sr["bee"], f"{sw} bee") if "bee" in sr else b
    if sb.stands_for is None:
        raise InvalidInputError(f"{sw} bee", sr.get("bee", r["bee"]),
                                "W1-W5: the colour the second fill places")
    return JellyFill(_jelly(f"{sw} jelly", sr["jelly"], sheet), sb.stands_for,
                     _reward(f"{sw} reward", sr.get("reward")),
                     _spots(f"{sw} larva", sr.get("larva")),
                     _excise(f"{sw} excise", sr.get("excise")))


def parse_placement(raw: Any, where: str) -> Placement:
    """``"3@C3"`` (a 3-Bee's nectar on C3), ``"W4@B2"`` (a wild Bee's nectar of value 4)."""
    text = str(raw).strip()
    b_text, sep, cell = text.partition("@")
    if not sep:
        raise InvalidInputError(where, raw, "BEE@HEX, e.g. 3@C3 or W4@B2 (a wild Bee as a 4)")
    return Placement(parse_bee(b_text, where), parse_spot(cell, where))


def _resources(where: str, raw: Any) -> tuple[Resource, ...]:
    if raw is None:
        return ()
    out = []
    if isinstance(raw, dict):
        for kind, colours in raw.items():
            if kind not in ("hp", "population", "nectar"):
                raise InvalidInputError(f"{where} kind", kind, "hp, population or nectar")
            for c in _list(f"{where}.{kind}", colours):
                out.append(Resource(kind, str(c).strip().lower()))
        return tuple(out)
    for item in _list(where, raw):
        item = _keys(where, item, {"kind", "colour", "used"})
        if "kind" not in item or "colour" not in item:
            raise InvalidInputError(where, item, "{ kind = ..., colour = ... }")
        out.append(Resource(str(item["kind"]), str(item["colour"]).strip().lower(),
                            bool(item.get("used", False))))
    return tuple(out)


def parse_perks(where: str, raw: Any) -> tuple[str, ...]:
    """A list of perk names (``"Deep Stores"``, ``deep_stores``, ``resilience``) → perk ids.

    :raises InvalidInputError: a perk the engine does not know.
    """
    perks = []
    for p in _list(where, raw):
        key = str(p).strip().lower().replace("_", "-").replace(" ", "-")
        key = {"resilience": "resiliance"}.get(key, key)
        if key not in PERKS:
            raise not_one_of(where, p, PERKS)
        perks.append(key)
    return tuple(perks)


def parse_resources(where: str, raw: Any) -> tuple[Resource, ...]:
    """``{population = ["red", "red"], nectar = ["blue"]}`` or a list of ``{kind, colour,
    used}`` tables → core resources (Legacy Mode, Core Resources)."""
    return _resources(where, raw)


def record_tables(raw: Any) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The ``(record, [scenario], [legacy])`` tables of a record, their keys checked.

    :raises InvalidInputError: an unknown key.
    """
    top = _keys("record", raw, {"scenario", "legacy", "turn"})
    sc = _keys("[scenario]", top.get("scenario", {}), _SCENARIO_KEYS)
    lg = _keys("[legacy]", top.get("legacy", {}), _LEGACY_KEYS)
    return top, sc, lg


def parse_setup(raw: dict[str, Any], definitions: Mapping[str, Any]) -> ScenarioState:
    """The starting state a record's ``[scenario]`` and ``[legacy]`` tables describe.

    :param definitions: the scenario sheet definitions by id the record's ``[scenario] sheet``
        names one of (the packaged ones, or those of its ``sheets`` file).
    :raises InvalidInputError: a malformed table, an unknown sheet, perk or colour.
    """
    from hyvekit.rules.hyve.sheets import definition_for

    top, sc, lg = record_tables(raw)
    sheet = definition_for(str(sc.get("sheet", "standard")), definitions,
                           field="scenario.sheet")
    colours = sc.get("colours", list(DEFAULT_COLOURS))
    if not isinstance(colours, list):
        raise InvalidInputError("[scenario] colours", colours, "a list of 5 colour names")
    perks = parse_perks("[legacy] perks", lg.get("perks"))
    bread = lg.get("bread")
    if bread is not None:
        bread = [_int("[legacy] bread", v, 1, 6) for v in _list("[legacy] bread", bread)]
    return new_scenario(sheet, colours, perks=perks, bread=bread,
                        resources=_resources("[legacy] resources", lg.get("resources")),
                        legacy="legacy" in top,
                        honey_track_empty=lg.get("honey_track_empty", 0))


def parse_record(raw: dict[str, Any], definitions: Mapping[str, Any] | None = None, *,
                 start: ScenarioState | None = None) -> Record:
    """A record (already read from TOML) → the starting state and the turns.

    :param definitions: scenario sheet definitions by id (see :func:`parse_setup`); needed
        unless ``start`` is given.
    :param start: the starting state to play the turns from, instead of the one the record's
        ``[scenario]`` / ``[legacy]`` tables describe (a legacy run gives it:
        :mod:`hyvekit.rules.hyve.legacy_play`).
    :raises InvalidInputError: a malformed record, naming the field (``turn 3 assign 2 bee``).
    :raises TypeError: neither ``definitions`` nor ``start`` given (a caller's mistake).
    """
    top, _, _ = record_tables(raw)
    if start is None:
        if definitions is None:
            raise TypeError("parse_record needs the sheet definitions or a start state")
        start = parse_setup(raw, definitions)
    sheet = start.sheet
    turns, claims = [], []
    for n, t in enumerate(_list("[[turn]]", top.get("turn")), start=1):
        w = f"turn {n}"
        t = _keys(w, t, _TURN_KEYS)
        if "dice" not in t:
            raise InvalidInputError(f"{w} dice", "missing", "the dice rolled, e.g. [1, 3, 6]")
        dice = tuple(_face(f"{w} dice", f) for f in _list(f"{w} dice", t["dice"]))
        assigns = tuple(parse_assignment(a, f"{w} assign {k}", sheet, start.chamber)
                        for k, a in enumerate(_list(f"{w} assign", t.get("assign")), start=1))
        nectar = GatherNectar(tuple(parse_placement(p, f"{w} nectar")
                                    for p in _list(f"{w} nectar", t.get("nectar"))),
                              _excise(f"{w} excise", t.get("excise")))
        if sheet.wasp is not None:
            if "effect" in t:
                raise InvalidInputError(f"{w} effect", t["effect"], "nothing: Wasp War has a "
                                        "Wasp Attack (wasp = [die, die]) instead")
            season = WaspAttack(tuple(_face(f"{w} wasp", f, wasp=True)
                                      for f in _list(f"{w} wasp", t.get("wasp"))),
                                tuple(str(b).strip().upper() for b in _list(f"{w} block",
                                                                            t.get("block"))),
                                tuple(start.chamber.parse_square(c, f"{w} eaten")
                                      for c in _list(f"{w} eaten", t.get("eaten"))))
        else:
            for key in ("wasp", "block", "eaten"):
                if key in t:
                    raise InvalidInputError(f"{w} {key}", t[key], "nothing: only Wasp War "
                                            "has a Wasp Attack")
            effect = t.get("effect")
            if effect is not None:
                effect = _int(f"{w} effect", effect, 1, 99)
            season = SeasonalEffect(effect, _hexes(f"{w} mites", t.get("mites")))
        sensilla = []
        for p in _list(f"{w} sensilla", t.get("sensilla")):
            if str(p).strip() in ("1", "2", "3", "4", "5"):   # its nectar lost: ruling H82
                sensilla.append((int(str(p).strip()), None))
                continue
            placed = parse_placement(p, f"{w} sensilla")
            if placed.bee.stands_for is None:
                raise InvalidInputError(f"{w} sensilla", p, "VALUE@HEX with a colour's die "
                                        "value 1-5, e.g. 3@C2")
            sensilla.append((placed.bee.stands_for, placed.cell))
        turns.append(Turn(dice, assigns, nectar, season, tuple(sensilla)))
        c = _keys(f"{w} claim", t.get("claim", {}), _CLAIM_KEYS)
        claims.append(Claim(**{k: _int(f"{w} claim {k}", v, 0, 999) for k, v in c.items()}))
    return Record(start, tuple(turns), tuple(claims))


# --- replaying ---------------------------------------------------------------------------------

def _differences(state: ScenarioState, claim: Claim) -> tuple[str, ...]:
    out = []
    for key, derived in (("population", state.population), ("die", state.die),
                         ("position", state.position), ("hyves", state.hyves_completed),
                         ("approval", state.approval), ("disapproval", state.disapproval)):
        claimed = getattr(claim, key)
        if claimed is not None and claimed != derived:
            out.append(f"{key}: claimed {claimed}, derived {derived}")
    return tuple(out)


def replay(record: Record) -> tuple[ScenarioState, tuple[TurnReport, ...]]:
    """Play every turn of ``record``; return the final state and a report per turn.

    :raises IllegalActionError: the first illegal choice, its message prefixed with
        ``turn N:`` (its ``turn`` attribute is N, its ``reports`` the turns before it); a turn
        recorded after the scenario ended.
    """
    state = record.start
    reports = []
    for n, (turn, claim) in enumerate(zip(record.turns, record.claims), start=1):
        if state.status != "playing":
            raise _at(n, IllegalActionError(
                R_WIN, f"the scenario ended during turn {n - 1} ({state.status}: "
                f"{', '.join(state.end)}); no turn follows", expected=f"{n - 1} turns",
                given=f"{len(record.turns)} turns"))
        before = len(state.events)
        try:
            state = play_turn(state, turn)
        except IllegalActionError as exc:
            err = _at(n, exc)
            err.reports = tuple(reports)
            raise err from None
        except InvalidInputError as exc:
            raise exc.within(f"turn {n}") from None
        reports.append(TurnReport(
            turn=n, dice=turn.dice, population=state.population, die=state.die,
            position=state.position, hp_label=state.hp_label,
            hyves_completed=state.hyves_completed,
            active_hyve=state.active + 1 if state.active < 6 else None, bread=state.bread,
            status=state.status, events=state.events[before:],
            differences=_differences(state, claim), state=state))
    return state, tuple(reports)


def _at(n: int, exc: IllegalActionError) -> IllegalActionError:
    message = f"turn {n}: {exc.message}"
    if exc.expected is not None or exc.given is not None:
        message += f" [expected {_words(exc.expected)}; given {_words(exc.given)}]"
    out = IllegalActionError(exc.rule, message, expected=exc.expected,
                             given=exc.given, hint=exc.hint)
    out.turn = n
    return out


def _words(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)



R_CLAIMS = "Hyve: claimed values"


def check_claims(differences: Sequence[str]) -> None:
    """A record's claims (``claim = {population, die, position, hyves}``) must agree with the
    values the rules derive after each turn.

    :param differences: ``"turn N: key: claimed X, derived Y"`` lines (see
        :attr:`TurnReport.differences`; :func:`report_dict`'s ``claims_differ``).
    :raises IllegalActionError: any difference (all of them quoted).
    """
    if differences:
        raise IllegalActionError(R_CLAIMS, "a claim differs from the rules: "
                                 + "; ".join(differences), expected="the derived values",
                                 given="the claims")


def report_dict(state: ScenarioState, reports) -> dict[str, Any]:
    """The JSON of ``hyvekit hyve check``: per-turn reports and the final sheet."""
    return {"sheet": state.sheet.id, "assumed_sheet": state.sheet.assumed,
            "turns": [r.to_dict() for r in reports], "final": summary(state),
            "claims_differ": [f"turn {r.turn}: {d}" for r in reports for d in r.differences]}


# --- writing a record back ---------------------------------------------------------------------

def _bee_value(b: Bee):
    if not b.wild:
        return b.face
    return "W" if b.value is None else f"W{b.value}"


def _spot_names(spots) -> list[str]:
    from hyvekit.rules.hyve.scenario import spot_name
    return [spot_name(h) for h in spots]


def _excise_names(excise) -> list[str]:
    from hyvekit.rules.hyve.scoring import cell_name
    return ["none" if e is None else cell_name(e) for e in excise]


def _line_text(line: Line) -> str:
    return f"{line.kind} {line.label}"


def assignment_table(a, sheet: SheetDefinition, chamber: LarvaChamber) -> dict[str, Any]:
    """An assignment as its ``assign`` entry (the inverse of :func:`parse_assignment`)."""
    if isinstance(a, Repurpose):
        d = {"action": "repurpose", "bee": _bee_value(a.bee), "reroll": list(a.reroll),
             "result": list(a.result)}
    elif isinstance(a, Bakery):
        d = {"action": "bakery", "bees": [_bee_value(b) for b in a.bees], "bread": a.bread}
    elif isinstance(a, TendEggs):
        d = {"action": "tend-eggs", "bee": _bee_value(a.bee),
             "squares": [chamber.name(c) for c in a.cells]}
    elif isinstance(a, TendLarva):
        d = {"action": "tend-larva", "bee": _bee_value(a.bee)}
        if a.line is not None:
            d["line"] = _line_text(a.line)
        d["larva"] = _spot_names(a.larva)
    elif isinstance(a, QueensAttendants):
        d = {"action": "queens-attendants", "bee": _bee_value(a.bee), "jelly": a.jelly + 1}
        if a.reward is not None:
            d["reward"] = a.reward
        if a.larva:
            d["larva"] = _spot_names(a.larva)
        if a.beseech:
            d["beseech"] = True
        if a.second is not None:
            second: dict[str, Any] = {"jelly": a.second.jelly + 1}
            if a.bee.wild:
                second["bee"] = f"W{a.second.value}"
            if a.second.reward is not None:
                second["reward"] = a.second.reward
            if a.second.larva:
                second["larva"] = _spot_names(a.second.larva)
            if a.second.excise:
                second["excise"] = _excise_names(a.second.excise)
            d["second"] = second
    elif isinstance(a, Courier):
        d = {"action": "courier", "bee": _bee_value(a.bee)}
        if a.nectar:
            d["nectar"] = _spot_names(a.nectar)
    elif isinstance(a, Marshal):
        d = {"action": "marshal", "place": [f"{_bee_value(b)}@{at}" for at, b in a.bees]}
    elif isinstance(a, Build):
        d = {"action": "build", "shapes": [
            {"bee": _bee_value(b), "hyve": hyve, "hexes": _spot_names(hexes)}
            for b, hyve, hexes in a.shapes]}
    else:
        raise InvalidInputError("assignment", type(a).__name__,
                                "an action the turn record writer knows")
    if getattr(a, "boost", False):
        d["boost"] = True
    if getattr(a, "excise", ()):
        d["excise"] = _excise_names(a.excise)
    return d


def turn_table(turn: Turn, sheet: SheetDefinition, chamber: LarvaChamber) -> dict[str, Any]:
    """A :class:`Turn` as its ``[[turn]]`` table (the inverse of :func:`parse_record`'s)."""
    d: dict[str, Any] = {"dice": list(turn.dice)}
    if turn.assignments:
        d["assign"] = [assignment_table(a, sheet, chamber) for a in turn.assignments]
    d["nectar"] = [f"{_bee_value(p.bee)}@{name}" for p, name in
                   zip(turn.nectar.placements, _spot_names(p.cell for p in turn.nectar.placements))]
    if turn.nectar.excise:
        d["excise"] = _excise_names(turn.nectar.excise)
    if turn.sensilla:
        d["sensilla"] = [str(v) if h is None else f"{v}@{_spot_names([h])[0]}"
                         for v, h in turn.sensilla]
    season = turn.season
    if isinstance(season, WaspAttack):
        if season.dice:
            d["wasp"] = list(season.dice)
        if season.blocks:
            d["block"] = list(season.blocks)
        if season.eaten:
            d["eaten"] = [chamber.name(c) for c in season.eaten]
    if isinstance(season, SeasonalEffect):
        if season.effect is not None:
            d["effect"] = season.effect
        if season.mites:
            d["mites"] = _spot_names(season.mites)
    return d


def dump_record(start: ScenarioState, turns) -> str:
    """The turn record (TOML text) of ``turns`` played from ``start``, with its set-up
    (``[scenario]``: the sheet and colours; ``[legacy]`` for a scenario of a legacy run: its
    perks, bread levels, core resources and empty honey-track squares): what ``hyve check``
    replays on its own."""
    from hyvekit.rules.common import toml_value
    lines = ["[scenario]", f"sheet = {toml_value(start.sheet.id)}",
             f"colours = {toml_value(list(start.colours))}"]
    if start.legacy:
        resources = [{"kind": r.kind, "colour": r.colour, **({"used": True} if r.used else {})}
                     for r in start.resources]
        lines += ["", "[legacy]", f"perks = {toml_value(list(start.perks))}",
                  f"bread = {toml_value(list(start.bread))}",
                  f"resources = {toml_value(resources)}",
                  f"honey_track_empty = {start.honey_track_empty}"]
    for turn in turns:
        lines += ["", "[[turn]]"]
        for key, value in turn_table(turn, start.sheet, start.chamber).items():
            if key == "assign":
                lines.append("assign = [")
                lines += [f"  {toml_value(a)}," for a in value]
                lines.append("]")
            else:
                lines.append(f"{key} = {toml_value(value)}")
    return "\n".join(lines).lstrip("\n") + "\n"
