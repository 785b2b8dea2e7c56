"""The Hyve game modes as pure functions: Wasp War, Bee Builder, Turbo Mode, Long Live the Queen,
and what Coldsnap and Mites Challenge add to the seasonal effects.

Implements ``rules/hyve.txt``, "Game Modes":

* **Coldsnap** — its three effects ("Lose X Population", "Lose HP equal to X minus your current
  Population", "Lose X HP per Bread Level that's less than level Y") are already applied by
  :func:`hyvekit.rules.hyve.phases.apply_seasonal_effect` (rulings H25–H27, H29); nothing is
  missing (ruling H81), this module re-exports nothing for it.
* **Mites Challenge** — which nectar a Mites icon may cross out: :func:`mites_choices`,
  :func:`check_mites`, :func:`apply_mites` (ruling H80).
* **Wasp War** — the Marshal action and its formations (:class:`MarshalArea`,
  :func:`check_marshal`, :func:`apply_marshal`, :func:`offensive_result`), the Wasp Attack
  phase (:func:`roll_wasp_attack`, :func:`resolve_wasp_attack`), the round track and the
  mode's win/loss (:func:`wasp_war_end`) — rulings H60–H65.
* **Bee Builder** — the Build action (:func:`check_build`, :func:`apply_build`,
  :func:`legal_builds`), nectar and larva only on built hexes and migration by entering the
  next hyve (:func:`check_builder_placement`), and the mode's end (:func:`builder_end_reached`)
  — rulings H66–H70.
* **Turbo Mode** — the 2-type Bee as Action Boost and colourless nectar
  (:func:`split_turbo_bees`, :func:`turbo_repurpose_rerolls`, :func:`turbo_bakery`,
  :func:`turbo_tend_eggs`, :func:`turbo_tend_larva_options`, :func:`check_turbo_jelly`,
  :func:`turbo_gather_nectar`, :func:`turbo_jellies_at_setup`) — rulings H71–H75.
* **Long Live the Queen** — the demands in force each turn, approval and disapproval, the
  Coronation (:func:`demands_in_force`, :func:`demand_met`, :func:`judge_demands`,
  :func:`coronation`, :func:`queen_end`) — rulings H76–H79.

The modes live in :mod:`.mites`, :mod:`.wasp_war`, :mod:`.bee_builder`, :mod:`.turbo` and
:mod:`.long_live_the_queen`, with what they share in :mod:`.mode_shapes`; this module gathers
their names.

Every function is pure: values in, a frozen result out; dice enter as values (or through an
injected :class:`random.Random` in :func:`roll_wasp_attack`).  Illegal choices raise
:class:`~hyvekit.rules.common.IllegalActionError` naming the rule
(``"Hyve: Wasp War — Marshal"`` …) with ``expected`` and ``given``; malformed input raises
:class:`~hyvekit.rules.common.InvalidInputError`.

Units: die values 1–6 (6 is the wild Bee face), HP, population (bees), larva (populated larva
squares of the Larva Chamber), hexes (axial ``(q, r)`` of pointy-topped hexes, as in
:mod:`hyvekit.rules.hyve.sheets`), hyve numbers 1–6 (1 = the topmost hyve, then clockwise),
track positions (0 = Colony Collapse), turns / wasp rounds.
"""

from __future__ import annotations

from hyvekit.rules.hyve.bee_builder import (
    Build,
    apply_build,
    builder_end_reached,
    check_build,
    check_builder_placement,
    legal_builds,
)
from hyvekit.rules.hyve.long_live_the_queen import (
    DemandCheck,
    QueenFacts,
    check_approval_claim,
    coronation,
    demand_met,
    demands_in_force,
    judge_demands,
    queen_end,
)
from hyvekit.rules.hyve.mites import apply_mites, check_mites, mites_choices, mites_required
from hyvekit.rules.hyve.mode_shapes import (
    CORONATION_MARGIN,
    DIE_VALUES,
    LIGHT_ATTACKS,
    R_BUILD,
    R_BUILDER_HYVES,
    R_CORONATION,
    R_DEFENSIVE,
    R_MARSHAL,
    R_MITES,
    R_OFFENSIVE,
    R_QUEEN,
    R_TURBO,
    R_TURBO_BAKERY,
    R_TURBO_EGGS,
    R_TURBO_JELLY,
    R_TURBO_LARVA,
    R_TURBO_REPURPOSE,
    R_WASP_ATTACK,
    REPURPOSE_WILD_MAX,
    TURBO_FACTOR,
    WILD,
    die,
    flip_hexes,
    hex_names,
    normalise,
    orientations,
    parse_cells,
    parse_hex,
    rotate_hexes,
    same_shape,
    touches,
    written_as,
)
from hyvekit.rules.hyve.turbo import (
    TURBO_ACTIONS,
    BakeryResult,
    Line,
    TurboBees,
    check_turbo_jelly,
    split_turbo_bees,
    turbo_bakery,
    turbo_gather_nectar,
    turbo_jellies_at_setup,
    turbo_repurpose_rerolls,
    turbo_tend_eggs,
    turbo_tend_larva_options,
)
from hyvekit.rules.hyve.wasp_war import (
    AttackLine,
    FormationHex,
    FormationKind,
    MarshalArea,
    MarshalBee,
    MarshalResult,
    OffensiveResult,
    WaspAttackResult,
    apply_marshal,
    check_area,
    check_marshal,
    offensive_result,
    parse_formation_hex,
    resolve_wasp_attack,
    roll_wasp_attack,
    wasp_round,
    wasp_war_end,
)

__all__ = ["apply_build", "apply_marshal", "apply_mites", "AttackLine", "BakeryResult", "Build",
           "builder_end_reached", "check_approval_claim", "check_area", "check_build",
           "check_builder_placement", "check_marshal", "check_mites", "check_turbo_jelly",
           "coronation", "CORONATION_MARGIN", "demand_met", "DemandCheck", "demands_in_force",
           "die", "DIE_VALUES", "flip_hexes", "FormationHex", "FormationKind", "hex_names",
           "judge_demands", "legal_builds", "LIGHT_ATTACKS", "Line", "MarshalArea", "MarshalBee",
           "MarshalResult", "mites_choices", "mites_required", "normalise", "offensive_result",
           "OffensiveResult", "orientations", "parse_cells", "parse_formation_hex", "parse_hex",
           "queen_end", "QueenFacts", "R_BUILD", "R_BUILDER_HYVES", "R_CORONATION", "R_DEFENSIVE",
           "R_MARSHAL", "R_MITES", "R_OFFENSIVE", "R_QUEEN", "R_TURBO", "R_TURBO_BAKERY",
           "R_TURBO_EGGS", "R_TURBO_JELLY", "R_TURBO_LARVA", "R_TURBO_REPURPOSE", "R_WASP_ATTACK",
           "REPURPOSE_WILD_MAX", "resolve_wasp_attack", "roll_wasp_attack", "rotate_hexes",
           "same_shape", "split_turbo_bees", "touches", "TURBO_ACTIONS", "turbo_bakery",
           "TURBO_FACTOR", "turbo_gather_nectar", "turbo_jellies_at_setup",
           "turbo_repurpose_rerolls", "turbo_tend_eggs", "turbo_tend_larva_options", "TurboBees",
           "wasp_round", "wasp_war_end", "WaspAttackResult", "WILD", "written_as"]
