"""The Legacy Sheet (Legacy Mode, "Legacy Sheet" and "Starting a Legacy" of ``rules/hyve.txt``):
its printed values (:class:`LegacySheet`: starting honey, run configuration, perk costs, bread
slots, core-resource spaces, the courier honey track, the pencil colours) and their building from
tables already read (:func:`sheets_from_tables`), with the counts the rulebook gives that every
legacy module shares (five scenarios, bee types 1–5 and the wild Bee, the core resource kinds).

Values the rulebook does not print come from the packaged ``hyve_legacy.toml`` (hyvekit's own,
marked assumed) or from the player's own sheet file; reading files is the data layer's job.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hyvekit.rules.validate import require_table
from hyvekit.rules.common import InvalidInputError, require_int
from hyvekit.rules.validate import not_one_of
from hyvekit.rules.hyve.sheets import BEE_TYPES
from hyvekit.rules.values import dataclass

# --- constants the rulebook gives --------------------------------------------------------------
SCENARIOS = 5                 # Starting a Legacy: "the 5 Scenarios that make up the Legacy"
RESOURCE_KINDS = ("hp", "population", "nectar")   # Core Resources (HP, Population & Nectar)
RESOURCE_LABELS = {"hp": "HP", "population": "Population", "nectar": "Nectar"}

_SHEET_KEYS = {"id", "name", "assumed", "starting_honey", "run", "perk_costs", "bread_slots",
               "resource_spaces", "honey_track_length", "honey_track_bonus", "colours"}


def perk_label(perk: str) -> str:
    """``"deep-stores"`` → ``"Deep Stores"`` (the rulebook's spelling, e.g. "Resiliance")."""
    return " ".join(word.capitalize() for word in perk.split("-"))


@dataclass(frozen=True)
class LegacySheet:
    """The printed values of one legacy sheet.

    :ivar starting_honey: honey to spend before scenario 1.
    :ivar run: the run configuration, five scenario/mode names in order.
    :ivar perk_costs: ``(perk id, honey)`` pairs in sheet order.
    :ivar bread_slots: honey cost of each bread-upgrade slot, left to right on the sheet (the
        right-most empty slot is paid first), the same for every bee type.
    :ivar resource_spaces: ``(kind, spaces)`` for hp, population and nectar.
    :ivar honey_track_length: squares on the courier honey track.
    :ivar honey_track_bonus: ``(square, bonus honey)`` pairs, squares 1-based.
    :ivar colours: ``(colour name, ink as #rrggbb)`` that may be assigned to die values.
    :ivar assumed: true when the values are hyvekit's own, not the publisher's.
    """

    id: str
    name: str
    starting_honey: int
    run: tuple[str, ...]
    perk_costs: tuple[tuple[str, int], ...]
    bread_slots: tuple[int, ...]
    resource_spaces: tuple[tuple[str, int], ...]
    honey_track_length: int
    honey_track_bonus: tuple[tuple[int, int], ...]
    colours: tuple[tuple[str, str], ...]
    assumed: bool = True

    # -- look-ups --------------------------------------------------------------------------
    def perk_cost(self, perk: str) -> int:
        """Honey cost of ``perk``; raises :class:`InvalidInputError` for an unknown perk."""
        for name, cost in self.perk_costs:
            if name == perk:
                return cost
        raise not_one_of("perk", perk, [p for p, _ in self.perk_costs])

    def spaces(self, kind: str) -> int:
        """Spaces on the sheet for core resource ``kind``."""
        return dict(self.resource_spaces)[kind]

    def bonus_at(self, square: int) -> int:
        """Bonus honey printed on honey-track ``square`` (1-based), 0 for a plain square."""
        return dict(self.honey_track_bonus).get(square, 0)

    def ink(self, colour: str) -> str:
        """Printing ink (#rrggbb) of a pencil colour."""
        return dict(self.colours).get(colour, "#888888")

    # -- (de)serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form, stored in a run's header so the record replays on its own."""
        return {
            "id": self.id, "name": self.name, "assumed": self.assumed,
            "starting_honey": self.starting_honey, "run": list(self.run),
            "perk_costs": dict(self.perk_costs), "bread_slots": list(self.bread_slots),
            "resource_spaces": dict(self.resource_spaces),
            "honey_track_length": self.honey_track_length,
            "honey_track_bonus": {str(k): v for k, v in self.honey_track_bonus},
            "colours": dict(self.colours),
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> LegacySheet:
        """Build and validate a sheet.

        :raises InvalidInputError: unknown key (with the accepted keys), missing key, or an
            impossible value (negative cost, bonus square off the track, wrong run length...).
        """
        require_table("legacy sheet", raw, _SHEET_KEYS)
        missing = _SHEET_KEYS - {"assumed"} - set(raw)
        if missing:
            raise InvalidInputError("legacy sheet", f"no {sorted(missing)[0]!r}",
                                    "all of " + ", ".join(sorted(_SHEET_KEYS - {"assumed"})))
        sid = str(raw["id"])
        run = tuple(str(s) for s in raw["run"])
        if len(run) != SCENARIOS:
            raise InvalidInputError(f"sheet {sid}: run", len(run), f"{SCENARIOS} scenarios")
        perks = tuple((str(k), require_int(f"sheet {sid}: perk_costs.{k}", v, 0, 99))
                      for k, v in dict(raw["perk_costs"]).items())
        slots = tuple(require_int(f"sheet {sid}: bread_slots", v, 0, 99) for v in raw["bread_slots"])
        spaces_raw = dict(raw["resource_spaces"])
        if set(spaces_raw) != set(RESOURCE_KINDS):
            raise InvalidInputError(f"sheet {sid}: resource_spaces", sorted(spaces_raw),
                                    "exactly " + ", ".join(RESOURCE_KINDS))
        spaces = tuple((k, require_int(f"sheet {sid}: resource_spaces.{k}", spaces_raw[k], 0, 99))
                       for k in RESOURCE_KINDS)
        length = require_int(f"sheet {sid}: honey_track_length", raw["honey_track_length"], 0, 99)
        bonus = tuple(sorted(
            (require_int(f"sheet {sid}: honey_track_bonus square", k, 1, length),
             require_int(f"sheet {sid}: honey_track_bonus.{k}", v, 0, 99))
            for k, v in dict(raw["honey_track_bonus"]).items()))
        colours = tuple((str(k).lower(), str(v)) for k, v in dict(raw["colours"]).items())
        if len(colours) < len(BEE_TYPES):
            raise InvalidInputError(f"sheet {sid}: colours", len(colours),
                                    f"at least {len(BEE_TYPES)} pencil colours")
        return cls(id=sid, name=str(raw["name"]),
                   starting_honey=require_int(f"sheet {sid}: starting_honey",
                                              raw["starting_honey"], 0, 99),
                   run=run, perk_costs=perks, bread_slots=slots, resource_spaces=spaces,
                   honey_track_length=length, honey_track_bonus=bonus, colours=colours,
                   assumed=bool(raw.get("assumed", False)))


def sheets_from_tables(packaged: Mapping[str, Any], own: Mapping[str, Any] | None = None,
                       source: str = "") -> dict[str, LegacySheet]:
    """Legacy sheets by id, from the packaged table (``hyve_legacy.toml``: ``[defaults]``,
    ``[colours]``, ``[[sheet]]``) or a player's own table of the same shape merged over it.

    A player's table may set ``[defaults]`` and ``[colours]`` or rely on the packaged ones; its
    sheets are assumed only where they lean on hyvekit's packaged values.

    :param own: the player's table (None: the packaged sheets).
    :param source: the player's file name, for errors.
    :raises InvalidInputError: unknown key or impossible value; no ``[[sheet]]``.
    """
    path = own is not None
    table = own if own is not None else packaged
    defaults = {**packaged["defaults"], **table.get("defaults", {})}
    colours = {k: v for k, v in {**packaged["colours"], **table.get("colours", {})}.items()
               if k != "assumed"}
    own_defaults = table.get("defaults", {}) if path else {}
    sheets = {}
    for raw in table.get("sheet", []):
        merged = {"colours": colours,
                  **{k: v for k, v in defaults.items() if k in _SHEET_KEYS}, **raw}
        # A player's sheet is assumed only where it leans on hyvekit's packaged values.
        borrowed = [k for k in packaged["defaults"]
                    if k in _SHEET_KEYS - {"assumed"} and k not in raw and k not in own_defaults]
        merged["assumed"] = raw.get("assumed", own_defaults.get("assumed", bool(borrowed)
                                                                 if path else True))
        sheet = LegacySheet.from_dict(merged)
        sheets[sheet.id] = sheet
    if not sheets:
        raise InvalidInputError("legacy sheets file", source, "at least one [[sheet]] table")
    return sheets
