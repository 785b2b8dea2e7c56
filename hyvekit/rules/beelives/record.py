"""Bee Lives month records: the TOML a player writes at the table, parsed into the month
sequencer's inputs (:mod:`hyvekit.rules.beelives.game`), and :func:`replay` of a whole record.

A **game file** is a header plus months (and optional winters)::

    [game]
    first_player = "Susan"      # default: the first [[player]]
    years = 1                   # options: years, solo_hard, skip_feeding_later_years, ...

    [[player]]                  # in turn (clockwise) order
    name = "Susan"
    queen = "prolific"

    [[month]]                   # one table per productive month, in order
    year = 1
    month = "March"             # or 1-9
    card = "First Bloom"        # the season card revealed in the Event Phase
    [month.players.Susan]       # phase choices (not in the first month of the game)
    starvation_tokens = 0
    swarm = { wild = "ACORN", choice = "stay", queen = "nomadic" }
    [[month.turn]]              # the Action Phase, in order
    player = "Susan"
    action = "forage"
    tile = "bloom"
    distance = 1
    take = { honey = 5, pollen = 6 }
    [month.claims.Susan]        # optional claimed end-of-month values
    honey = 5

    [[winter]]                  # optional: starvation tokens taken during winter upkeep
    year = 1
    starvation = { Susan = "take" }

A **month file** has the keys of one ``[[month]]`` table at its top level; it is checked after
a header (``game`` table and ``[[player]]`` tables, or a ``[start]`` table in the
``GameState.to_dict`` shape).

Every malformed value raises :class:`InvalidInputError` naming its place
(``month[2].turn[3].bees``); nothing else escapes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from hyvekit.rules.beelives import game as g
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int, toml_value
from hyvekit.rules.validate import coord as _coord
from hyvekit.rules.validate import record_table as _table
from hyvekit.rules.validate import text as _str
from hyvekit.rules.validate import whole as _int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.values import dataclass

HEADER_KEYS = ("game", "player", "month", "winter", "start")
GAME_KEYS = ("first_player", "map") + tuple(f.name for f in fields(g.Options))
PLAYER_KEYS = ("name", "queen")
MONTH_KEYS = ("year", "month", "card", "players", "turn", "claims", "solo_spawn",
              "solo_spawn_at", "join", "spawn_d6", "infect", "infected_spawn",
              "infected_spawn_at")
JOIN_KEYS = ("player", "offset", "rotation")
CHOICE_KEYS = ("starvation_tokens", "swarm")
SWARM_KEYS = ("wild", "choice", "queen", "at")
TURN_KEYS = ("player", "wild", "action", "bees", "tile", "distance", "take", "target", "rolls",
             "roll", "remove", "sacrifice_defending", "sacrifice_unassigned", "sacrifices",
             "queen", "d6", "target_roll", "spawn", "from_first_player", "at", "spawn_at", "note",
             "siege_d6", "siege_spawn", "siege_at", "haunt_d6", "scare_ghosts", "zombee_d6",
             "infection_d6")
WINTER_KEYS = ("year", "starvation")
RESOURCES = ("honey", "pollen", "water")






def _any_keys(where: str, raw: Any) -> Mapping[str, Any]:
    """A table whose keys are names (players, hives, wild hives)."""
    if not isinstance(raw, Mapping):
        raise InvalidInputError(where, raw, "a table of names, e.g. { OAK = 2 }")
    return _table(where, raw, tuple(raw))




def _opt_int(where: str, raw: Mapping[str, Any], key: str, lo: int, hi: int) -> int | None:
    return _int(f"{where}.{key}", raw[key], lo, hi) if key in raw else None




def parse_month_number(where: str, value: Any) -> int:
    """``"March"`` / ``"mar"`` / ``3``… → 1–9 (March = 1)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return require_int(where, value, 1, 9)
    if isinstance(value, str):
        key = value.strip().lower()
        for i, name in enumerate(g.MONTHS, start=1):
            if key and (name.lower() == key or name.lower().startswith(key) and len(key) >= 3):
                return i
    raise InvalidInputError(where, value, "a productive month: " + ", ".join(g.MONTHS) + " or 1-9")


def _rolls(where: str, raw: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    if "rolls" in raw and "roll" in raw:
        raise InvalidInputError(f"{where}.roll", raw["roll"], "either roll or rolls, not both")
    if "roll" in raw:
        rolls = [raw["roll"]]
    elif "rolls" in raw:
        rolls = raw["rolls"]
        if not isinstance(rolls, list):
            raise InvalidInputError(f"{where}.rolls", rolls,
                                    "a list of rolls, e.g. [[1, 2], [3, 4]]")
    else:
        return ()
    out = []
    for i, r in enumerate(rolls):
        if not isinstance(r, list) or not r or any(isinstance(v, bool) or not isinstance(v, int)
                                                   for v in r):
            raise InvalidInputError(f"{where}.rolls[{i}]", r, "a list of die values, e.g. [1, 2]")
        out.append(tuple(r))
    return tuple(out)


def _take(where: str, value: Any) -> tuple[int, int, int]:
    if isinstance(value, Mapping):
        _table(where, value, RESOURCES)
        values = tuple(require_int(f"{where}.{r}", value.get(r, 0), 0, 99) for r in RESOURCES)
        return values  # type: ignore[return-value]
    if isinstance(value, list) and len(value) == 3:
        return tuple(require_int(f"{where}[{i}]", v, 0, 99)  # type: ignore[return-value]
                     for i, v in enumerate(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return (require_int(where, value, 0, 99), 0, 0)
    raise InvalidInputError(where, value, "{ honey = N, pollen = N, water = N } or [h, p, w]")


def parse_turn(raw: Any, where: str) -> g.Turn:
    """One ``[[turn]]`` table → :class:`~hyvekit.rules.beelives.game.Turn`.

    :raises InvalidInputError: unknown key, neither or both of player / wild, a wrong type.
    """
    t = _table(where, raw, TURN_KEYS)
    if ("player" in t) == ("wild" in t):
        raise InvalidInputError(where, dict(t), "exactly one of player = NAME or wild = NAME")
    wild = "wild" in t
    actor = _str(f"{where}.{'wild' if wild else 'player'}", t["wild" if wild else "player"])
    action = _str(f"{where}.action", t.get("action")).lower().replace(" ", "_").replace("-", "_")
    accepted = g.WILD_ACTIONS if wild else g.PLAYER_ACTIONS + ("pass",)
    if action not in accepted:
        raise not_one_of(f"{where}.action", t.get("action"), accepted)
    tile = None
    if "tile" in t:
        tile = _str(f"{where}.tile", t["tile"]).lower()
        if tile not in g.TILE_TYPES:
            raise not_one_of(f"{where}.tile", t["tile"], g.TILE_TYPES)
    removed = None
    if "remove" in t:
        rem = t["remove"]
        if not isinstance(rem, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                            for v in rem):
            raise InvalidInputError(f"{where}.remove", rem, "a list of die values, e.g. [1]")
        removed = tuple(rem)
    take = _take(f"{where}.take", t["take"]) if "take" in t else None
    queen = _str(f"{where}.queen", t["queen"]).lower() if "queen" in t else None
    scare = t.get("scare_ghosts", False)
    if not isinstance(scare, bool):
        raise InvalidInputError(f"{where}.scare_ghosts", scare, "true or false")
    if scare and action != "raid":
        raise InvalidInputError(f"{where}.scare_ghosts", scare, "only on a raid action "
                                "(Haunted Hives: the Raid action with 1 worker bee)")
    return g.Turn(
        actor=actor, action=action, wild=wild,
        bees=_opt_int(where, t, "bees", 0, 20), tile=tile,
        distance=_opt_int(where, t, "distance", 0, 99), take=take,
        target=_str(f"{where}.target", t["target"]) if "target" in t else None,
        rolls=_rolls(where, t), removed=removed,
        sacrifice_defending=_opt_int(where, t, "sacrifice_defending", 0, 20) or 0,
        sacrifice_unassigned=_opt_int(where, t, "sacrifice_unassigned", 0, 20) or 0,
        sacrifices=_opt_int(where, t, "sacrifices", 0, 20) or 0, queen=queen,
        d6=_opt_int(where, t, "d6", 1, 6), target_roll=_opt_int(where, t, "target_roll", 1, 6),
        spawn=_str(f"{where}.spawn", t["spawn"]) if "spawn" in t else None,
        from_first_player=_opt_int(where, t, "from_first_player", 0, 99),
        at=_coord(f"{where}.at", t["at"]) if "at" in t else None,
        spawn_at=_coord(f"{where}.spawn_at", t["spawn_at"]) if "spawn_at" in t else None,
        siege_d6=_opt_int(where, t, "siege_d6", 1, 6),
        siege_spawn=_str(f"{where}.siege_spawn", t["siege_spawn"]) if "siege_spawn" in t
        else None,
        siege_at=_coord(f"{where}.siege_at", t["siege_at"]) if "siege_at" in t else None,
        haunt_d6=_opt_int(where, t, "haunt_d6", 1, 6), scare_ghosts=scare,
        zombee_d6=_opt_int(where, t, "zombee_d6", 1, 6),
        infection_d6=_opt_int(where, t, "infection_d6", 1, 6),
        where=where)


def parse_month(raw: Any, where: str = "month") -> g.MonthPlan:
    """One month table → :class:`~hyvekit.rules.beelives.game.MonthPlan`.

    :raises InvalidInputError: naming the field.
    """
    m = _table(where, raw, MONTH_KEYS)
    if "month" not in m:
        raise InvalidInputError(f"{where}.month", None, "the month: March ... November or 1-9")
    month = parse_month_number(f"{where}.month", m["month"])
    year = _opt_int(where, m, "year", 1, 3) or 1
    card = _str(f"{where}.card", m.get("card"))
    choices = []
    players = _any_keys(f"{where}.players", m.get("players", {}))
    for name, c in players.items():
        cw = f"{where}.players.{name}"
        c = _table(cw, c, CHOICE_KEYS)
        swarm = None
        if "swarm" in c:
            s = _table(f"{cw}.swarm", c["swarm"], SWARM_KEYS)
            choice = str(s.get("choice", "stay")).strip().lower()
            if choice not in ("stay", "leave"):
                raise InvalidInputError(f"{cw}.swarm.choice", s.get("choice"), "stay or leave")
            swarm = g.SwarmChoice(_str(f"{cw}.swarm.wild", s.get("wild")), choice,
                                  _str(f"{cw}.swarm.queen", s["queen"]).lower()
                                  if "queen" in s else None,
                                  _coord(f"{cw}.swarm.at", s["at"]) if "at" in s else None)
        choices.append((name, g.PhaseChoices(_opt_int(cw, c, "starvation_tokens", 0, 8) or 0,
                                             swarm)))
    turns_raw = m.get("turn", [])
    if not isinstance(turns_raw, list):
        raise InvalidInputError(f"{where}.turn", turns_raw, "[[turn]] tables")
    turns = tuple(parse_turn(t, f"{where}.turn[{i + 1}]") for i, t in enumerate(turns_raw))
    claims = []
    for hive, values in _any_keys(f"{where}.claims", m.get("claims", {})).items():
        cw = f"{where}.claims.{hive}"
        v = _table(cw, values, g.CLAIM_FIELDS + ("strength",))
        claims.append((hive, tuple((k, require_int(f"{cw}.{k}", x, -99, 999))
                                   for k, x in v.items())))
    solo = _str(f"{where}.solo_spawn", m["solo_spawn"]) if "solo_spawn" in m else None
    solo_at = _coord(f"{where}.solo_spawn_at", m["solo_spawn_at"]) if "solo_spawn_at" in m \
        else None
    joins_raw = m.get("join", [])
    if not isinstance(joins_raw, list):
        raise InvalidInputError(f"{where}.join", joins_raw, "[[join]] tables")
    joins = []
    for i, j in enumerate(joins_raw):
        jw = f"{where}.join[{i + 1}]"
        j = _table(jw, j, JOIN_KEYS)
        joins.append((_str(f"{jw}.player", j.get("player")),
                      _coord(f"{jw}.offset", j.get("offset")),
                      _opt_int(jw, j, "rotation", 0, 5) or 0))
    rolls = _any_keys(f"{where}.spawn_d6", m.get("spawn_d6", {}))
    spawn_d6 = tuple((_str(f"{where}.spawn_d6 (a wild hive name)", name),
                      _int(f"{where}.spawn_d6.{name}", roll, 1, 6)) for name, roll in rolls.items())
    infect = _str(f"{where}.infect", m["infect"]) if "infect" in m else None
    infected = None
    if "infected_spawn" in m:
        infected = _str(f"{where}.infected_spawn", m["infected_spawn"])
    infected_at = _coord(f"{where}.infected_spawn_at", m["infected_spawn_at"]) \
        if "infected_spawn_at" in m else None
    return g.MonthPlan(year, month, card, tuple(choices), turns, solo, tuple(claims), where,
                       solo_at, tuple(joins), spawn_d6, infect, infected, infected_at)


@dataclass(frozen=True)
class GameRecord:
    """A parsed game file: the start state, the months and the winters' starvation choices
    (year → player → ``"take"`` / ``"none"``)."""

    start: g.GameState
    months: tuple[g.MonthPlan, ...]
    winters: tuple[tuple[int, tuple[tuple[str, str], ...]], ...] = ()


def parse_header(raw: Mapping[str, Any], board) -> g.GameState:
    """The game header (``[game]`` + ``[[player]]``, or ``[start]``) → the start state.

    :raises InvalidInputError: naming the field.
    """
    if "start" in raw:
        if "player" in raw:
            raise InvalidInputError("start", "and [[player]]", "either [start] or [[player]]")
        if "game" in raw:        # the start state holds the game's options: [game] would be lost
            raise InvalidInputError("game", "[game] beside [start]", "the options in "
                                    "[start.options] (e.g. years = 2), or [game] with "
                                    "[[player]] instead of [start]")
        return g.validate_state(g.GameState.from_dict(raw["start"]), board)
    gt = _table("game", raw.get("game", {}), GAME_KEYS)
    rows = raw.get("player")
    if not isinstance(rows, list) or not rows:
        raise InvalidInputError("player", rows, "[[player]] tables (name, queen) in turn order")
    players = []
    for i, row in enumerate(rows):
        w = f"player[{i + 1}]"
        row = _table(w, row, PLAYER_KEYS)
        players.append((_str(f"{w}.name", row.get("name")),
                        _str(f"{w}.queen", row.get("queen")).lower()))
    names = [n for n, _ in players]
    first = gt.get("first_player", names[0])
    if first not in names:
        raise not_one_of("game.first_player", first, names)
    opts: dict[str, Any] = {}
    for f in fields(g.Options):
        if f.name in gt:
            v = gt[f.name]
            if f.name == "later_year_spawn_strength":
                if not isinstance(v, list):
                    raise InvalidInputError(f"game.{f.name}", v, "[year 2, year 3], e.g. [4, 5]")
                v = tuple(v)
            elif f.name == "years":
                v = _int("game.years", v, 1, 3)
            elif f.name == "zombees_from_year":
                v = _int("game.zombees_from_year", v, 0, 3)
            elif not isinstance(v, bool):
                raise InvalidInputError(f"game.{f.name}", v, "true or false")
            opts[f.name] = v
    state = g.new_game(players, board, first_player=names.index(first),
                       options=g.Options(**opts))
    if "map" in gt:
        if not isinstance(gt["map"], bool):
            raise InvalidInputError("game.map", gt["map"], "true (play on the map) or false")
        if gt["map"]:
            from dataclasses import replace as _replace

            from hyvekit.rules.beelives import map as bee_map
            state = _replace(state, map=bee_map.starting_map(names))
    return state


def parse_game(raw: Mapping[str, Any], board) -> GameRecord:
    """A whole game file (header + months + winters), or a header alone.

    :raises InvalidInputError: naming the field.
    """
    _table("file", raw, HEADER_KEYS)
    start = parse_header(raw, board)
    months_raw = raw.get("month", [])
    if not isinstance(months_raw, list):
        raise InvalidInputError("month", months_raw, "[[month]] tables")
    months = tuple(parse_month(m, f"month[{i + 1}]") for i, m in enumerate(months_raw))
    winters = []
    for i, w in enumerate(raw.get("winter", []) if isinstance(raw.get("winter", []), list)
                          else [raw["winter"]]):
        ww = f"winter[{i + 1}]"
        w = _table(ww, w, WINTER_KEYS)
        st = _table(f"{ww}.starvation", w.get("starvation", {}), tuple(w.get("starvation", {})))
        for name, v in st.items():
            if v not in ("take", "none"):
                raise InvalidInputError(f"{ww}.starvation.{name}", v, "take or none")
        winters.append((_opt_int(ww, w, "year", 1, 3) or 1, tuple(st.items())))
    return GameRecord(start, months, tuple(winters))


def is_month_file(raw: Mapping[str, Any]) -> bool:
    """A file holding one month at its top level (``card`` / ``month`` keys, no header)."""
    return "month" in raw and not isinstance(raw.get("month"), list) and "player" not in raw \
        and "start" not in raw


# --- writing -------------------------------------------------------------------------------------

toml_literal = toml_value


def turn_table(t: g.Turn) -> dict[str, Any]:
    """A :class:`~hyvekit.rules.beelives.game.Turn` as its ``[[turn]]`` table (stated values
    only)."""
    d: dict[str, Any] = {("wild" if t.wild else "player"): t.actor, "action": t.action}
    for key in ("bees", "tile", "distance", "target", "queen", "d6", "target_roll", "spawn",
                "from_first_player", "siege_d6", "siege_spawn", "haunt_d6", "zombee_d6",
                "infection_d6"):
        if getattr(t, key) is not None:
            d[key] = getattr(t, key)
    if t.scare_ghosts:
        d["scare_ghosts"] = True
    if t.take is not None:
        d["take"] = dict(zip(RESOURCES, t.take))
    if t.rolls:
        d["rolls"] = [list(r) for r in t.rolls]
    if t.removed is not None:
        d["remove"] = list(t.removed)
    for key in ("sacrifice_defending", "sacrifice_unassigned", "sacrifices"):
        if getattr(t, key):
            d[key] = getattr(t, key)
    for key in ("at", "spawn_at", "siege_at"):
        if getattr(t, key) is not None:
            d[key] = list(getattr(t, key))
    return d


def dump_month(plan: g.MonthPlan, prefix: str = "") -> str:
    """A month plan as month-record TOML (``prefix="month."`` inside a game file, where the
    caller writes the ``[[month]]`` line)."""
    lines = [f"year = {plan.year}", f"month = {toml_literal(g.month_name(plan.month))}",
             f"card = {toml_literal(plan.card)}"]
    if plan.solo_spawn is not None:
        lines.append(f"solo_spawn = {toml_literal(plan.solo_spawn)}")
    if plan.solo_spawn_at is not None:
        lines.append(f"solo_spawn_at = {toml_literal(list(plan.solo_spawn_at))}")
    if plan.spawn_d6:
        lines.append(f"spawn_d6 = {toml_literal(dict(plan.spawn_d6))}")
    for key in ("infect", "infected_spawn"):
        if getattr(plan, key) is not None:
            lines.append(f"{key} = {toml_literal(getattr(plan, key))}")
    if plan.infected_spawn_at is not None:
        lines.append(f"infected_spawn_at = {toml_literal(list(plan.infected_spawn_at))}")
    for name, c in plan.choices:
        lines += ["", f"[{prefix}players.{toml_literal(name)}]"]
        if c.starvation_tokens:
            lines.append(f"starvation_tokens = {c.starvation_tokens}")
        if c.swarm is not None:
            sw: dict[str, Any] = {"wild": c.swarm.wild, "choice": c.swarm.choice}
            if c.swarm.queen is not None:
                sw["queen"] = c.swarm.queen
            if c.swarm.at is not None:
                sw["at"] = list(c.swarm.at)
            lines.append(f"swarm = {toml_literal(sw)}")
    for t in plan.turns:
        lines += ["", f"[[{prefix}turn]]"]
        lines += [f"{k} = {toml_literal(v)}" for k, v in turn_table(t).items()]
    for player, offset, rotation in plan.joins:
        lines += ["", f"[[{prefix}join]]", f"player = {toml_literal(player)}",
                  f"offset = {toml_literal(list(offset))}", f"rotation = {rotation}"]
    for hive, values in plan.claims:
        lines += ["", f"[{prefix}claims.{toml_literal(hive)}]"]
        lines += [f"{k} = {v}" for k, v in values]
    return "\n".join(lines) + "\n"


def dump_game(players: Sequence[tuple[str, str]], plans: Sequence[g.MonthPlan], *,
              first_player: str | None = None, options: g.Options = g.Options(),
              on_map: bool = False) -> str:
    """A whole game file: header (players in turn order with their queens, first player,
    options) and the months."""
    lines = ["[game]"]
    if on_map:
        lines.append("map = true")
    if first_player is not None:
        lines.append(f"first_player = {toml_literal(first_player)}")
    default = g.Options()
    for f in fields(g.Options):
        if getattr(options, f.name) != getattr(default, f.name):
            lines.append(f"{f.name} = {toml_literal(getattr(options, f.name))}")
    for name, queen in players:
        lines += ["", "[[player]]", f"name = {toml_literal(name)}",
                  f"queen = {toml_literal(queen)}"]
    for plan in plans:
        lines += ["", "[[month]]", dump_month(plan, "month.").rstrip("\n")]
    return "\n".join(lines) + "\n"


# --- replay -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Replay:
    """A replayed record: each month's result, winter events, the final scoring (when the game
    is over), the last state, and the first error met (None when all is legal)."""

    months: tuple[g.MonthResult, ...]
    winters: tuple[tuple[int, tuple[dict, ...]], ...]
    scoring: Any
    state: g.GameState
    error: Exception | None = None


def replay(record: GameRecord, comps: g.Components) -> Replay:
    """Replay ``record`` month by month; stop at the first illegal step (kept in ``error``,
    with what was replayed before it).  Winter upkeep is played after the ninth month of each
    year once a later month or a ``[[winter]]`` entry shows the game went on, or at the end of
    the record; scoring follows the last winter.

    Only :class:`IllegalActionError` and :class:`InvalidInputError` are caught.
    """
    state = record.start
    results: list[g.MonthResult] = []
    winters: list[tuple[int, tuple[dict, ...]]] = []
    scoring = None
    wmap = {y: dict(c) for y, c in record.winters}
    try:
        for plan in record.months:
            if state.stage == "winter":     # after the year that ended (the last: no next)
                year = state.year
                state, evs = g.play_winter(state, comps, wmap.get(year))
                winters.append((year, tuple(evs)))
            if state.stage == "over":
                raise IllegalActionError(g.R_YEARS, f"{plan.where}: the game is over after year "
                                         f"{state.year} ({state.options.years} year game)",
                                         expected="no more months", given=plan.where)
            result = g.play_month(state, plan, comps, claims=False)
            results.append(result)
            state = result.state
            g.check_claims(plan, result.summary, state, comps.board,
                           f"year {plan.year} {g.month_name(plan.month)}")
        if state.stage == "winter":
            year = state.year
            state, evs = g.play_winter(state, comps, wmap.get(year))
            winters.append((year, tuple(evs)))
        if state.stage == "over":
            scoring = g.final_scoring(state, comps.board)
    except (IllegalActionError, InvalidInputError) as exc:
        return Replay(tuple(results), tuple(winters), scoring, state, exc)
    return Replay(tuple(results), tuple(winters), scoring, state)


__all__ = ["GameRecord", "Replay", "dump_game", "dump_month", "is_month_file", "parse_game",
           "parse_header", "parse_month", "parse_month_number", "parse_turn", "replay",
           "turn_table"]


def month_record(plan: g.MonthPlan) -> dict[str, Any]:
    """The month record (the ``month`` table of a ``month`` event) of ``plan``: what
    ``beelives export-month`` writes and ``beelives log`` reads."""
    import tomllib
    return tomllib.loads(dump_month(plan))


def month_file_text(entry: Mapping[str, Any]) -> str:
    """A month of :attr:`~.campaign_settings.CampaignState.month_data` as the month file (TOML
    text) that ``beelives log`` takes: the month record and, when there are any, its
    ``[stated]`` values."""
    text = dump_month(parse_month(entry["month"], "month"))
    if entry.get("stated"):
        text += "\n[stated]\n" + "".join(f"{k} = {toml_literal(v)}\n"
                                         for k, v in entry["stated"].items())
    return text
