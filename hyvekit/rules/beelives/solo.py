"""Bee Lives solo play (rules/bee-lives.txt, "Solo Play", "Solo Play Cards", "Scenario Cards",
"Campaign Cards", "Multiple Years Variant").

The cards live in the packaged ``beelives_solo.toml`` (the rulebook's text verbatim plus goals
and rule parameters); :func:`solo_cards_from_tables` builds them from it, or from a player's own
table of the same shape merged over it (sections left out are taken from the packaged file).
Reading the files is the data layer's job.

Goal checking does not replay a game: the player (or a month sequencer) states what happened in
each productive month as a :class:`MonthFacts`, and :func:`verdicts` says, goal by goal, whether
it is **met**, **at risk** (still possible, not met yet) or **failed**, with a one-line reason
naming the card.  Every game also carries the standard goal (End of the Game; Multiple Years
Variant): at least one worker bee survives each winter.

The cards' mechanics that need only dice and simple inputs are plain functions with the dice
as explicit inputs: Under Siege's spawn (:func:`scout_spawn`), basic mode's harder rule
(:func:`harder_rule_spawn`), Three Generations' year-2 spawns (:func:`season_start_spawns`),
Haunted Hives (:func:`haunted_forage_succeeds`, :func:`check_scare_ghosts`,
:func:`check_haunted_raid`, :func:`haunted_wild_may`), Wildfire (:func:`fire_start`,
:func:`spread_fire`, :func:`fire_spawn_places`, :func:`wildfire_month`) and Zombees
(:func:`first_infected`, :func:`spawn_is_infected`, :func:`infected_wild_action`,
:func:`catches_infection`, :func:`infected_action`, :func:`zombee_disease`).

Map geometry: axial hex coordinates ``(q, r)`` of pointy-topped hexes, ``r`` growing toward the
player (down the page), ``q`` to the right — the same plain data the map module loads.
This module gathers the names of :mod:`.solo_cards` (the cards), :mod:`.solo_goals` (facts,
verdicts, basic mode's harder rule) and the cards' own modules (:mod:`.under_siege`,
:mod:`.haunted_hives`, :mod:`.wildfire`, :mod:`.zombees`, :mod:`.three_generations`), which
hold each card's dice.  Rulings L70–L99 (docs/rulings.md) record every reading of an unclear
card.
"""

from __future__ import annotations

from hyvekit.rules.beelives.haunted_hives import (
           check_haunted_raid,
           check_scare_ghosts,
           haunted_forage_succeeds,
           haunted_wild_may,
           spawned_haunted,
)
from hyvekit.rules.beelives.hexgrid import distance as hex_distance
from hyvekit.rules.beelives.hexgrid import is_connected
from hyvekit.rules.beelives.hexgrid import length as map_length
from hyvekit.rules.beelives.solo_cards import (
           ACTIONS,
           D4,
           D6,
           GOAL_KINDS,
           HIVE_TARGETS,
           MAX_YEARS,
           MONTH_NAMES,
           MONTHS_PER_YEAR,
           ORIGINS,
           QUEEN_TYPES,
           R_SOLO,
           RAID_TARGETS,
           SEASONS,
           SPAWN_STRENGTH_BY_YEAR,
           SWARM_OR_CARD,
           TILE_TYPES,
           WILD_MAX,
           YEAR_VARIANTS,
           BasicRules,
           CampaignCard,
           CampaignYear,
           Card,
           ChallengeCard,
           Goal,
           MapTile,
           ScenarioCard,
           ScoutSpawn,
           SoloCards,
           StartingMap,
           cards_from_dict,
           solo_cards_from_tables,
           spawn_strength,
)
from hyvekit.rules.beelives.solo_goals import (
           MonthFacts,
           RaidFact,
           SwarmFact,
           Verdict,
           WildFact,
           check_facts,
           combined_verdicts,
           game_length,
           harder_rule_misses,
           harder_rule_spawn,
           outcome,
           verdicts,
)
from hyvekit.rules.beelives.state import AT_RISK, FAILED, MET, SURVIVE
from hyvekit.rules.beelives.three_generations import season_start_spawns
from hyvekit.rules.beelives.under_siege import scout_spawn
from hyvekit.rules.beelives.wildfire import (
           FireFront,
           FireStep,
           WildfireMonth,
           fire_column,
           fire_spawn_places,
           fire_start,
           spread_fire,
           wildfire_month,
)
from hyvekit.rules.beelives.zombees import (
           FirstInfection,
           InfectedAction,
           catches_infection,
           first_infected,
           infected_action,
           infected_wild_action,
           spawn_is_infected,
           tile_becomes_infected,
           zombee_disease,
)

__all__ = ["hex_distance", "is_connected", "map_length", "ACTIONS", "AT_RISK", "BasicRules", "CampaignCard", "CampaignYear", "Card",
           "cards_from_dict", "catches_infection", "ChallengeCard", "check_facts",
           "check_haunted_raid", "check_scare_ghosts", "combined_verdicts", "D4", "D6", "FAILED",
           "fire_column", "fire_spawn_places", "fire_start", "FireFront", "FireStep",
           "first_infected", "FirstInfection", "game_length", "Goal", "GOAL_KINDS",
           "harder_rule_misses", "harder_rule_spawn", "haunted_forage_succeeds",
           "haunted_wild_may", "HIVE_TARGETS", "infected_action", "infected_wild_action",
           "InfectedAction", "MapTile", "MAX_YEARS", "MET", "MONTH_NAMES", "MonthFacts",
           "MONTHS_PER_YEAR", "ORIGINS", "outcome", "QUEEN_TYPES", "R_SOLO", "RAID_TARGETS",
           "RaidFact", "ScenarioCard", "scout_spawn", "ScoutSpawn", "season_start_spawns",
           "SEASONS", "solo_cards_from_tables", "SoloCards", "spawn_is_infected", "spawn_strength",
           "SPAWN_STRENGTH_BY_YEAR", "spawned_haunted", "spread_fire", "StartingMap", "SURVIVE",
           "SWARM_OR_CARD", "SwarmFact", "tile_becomes_infected", "TILE_TYPES", "Verdict",
           "verdicts", "WILD_MAX", "WildFact", "wildfire_month", "WildfireMonth", "YEAR_VARIANTS",
           "zombee_disease"]
