"""Bee Lives: We Will Only Know Summer — the hive-level rules core (rules/bee-lives.txt).

Modules:

* :mod:`.board` — board values (rulebook numbers and hyvekit's assumed printed values),
  :func:`~.board.board_from_tables` from the packaged table or a player's own.
* :mod:`.hive` — the :class:`Hive` state and disease track moves.
* :mod:`.phases` — Egg, Feeding, Brood, Swarm and the hive's Cleanup steps.
* :mod:`.actions` — Forage, Defend, Build Wax, Clean Bees, Cool Hive, Requeen.
* :mod:`.raids` — raids on player and wild hives, exact :func:`raid_odds`.
* :mod:`.wild` — wild hive priority charts, wild hive raids, activation order.
* :mod:`.endgame` — winter upkeep, final scoring, the solo score chart.
* :mod:`.seasons` — the 27 season cards as data, and the parameters each one gives the phase
  and action functions.
* :mod:`.hexgrid` — the tiles' hex geometry; :mod:`.map` — the map (gathers
  :mod:`.map_tiles`, :mod:`.map_actions`, :mod:`.map_join`, :mod:`.map_text`).
* :mod:`.solo` — the solo cards, goal verdicts and the cards' dice (gathers
  :mod:`.solo_cards`, :mod:`.solo_goals` and the cards' own modules :mod:`.under_siege`,
  :mod:`.haunted_hives`, :mod:`.zombees`, :mod:`.wildfire`, :mod:`.three_generations`, which
  also give their hooks into the sequencer, :mod:`.card_hooks`).
* :mod:`.game` — the month sequencer's names, gathered from :mod:`.state`, :mod:`.plan`,
  :mod:`.month_start`, :mod:`.action_phase`, :mod:`.player_turns` and :mod:`.wild_turns`
  (one class per action), :mod:`.spawning`, :mod:`.cleanup`, :mod:`.month`, :mod:`.winter`,
  :mod:`.summaries`; :mod:`.notation` — the turns as short text.
* :mod:`.record` — month records (TOML) and their replay; :mod:`.randomplay` — random legal
  months; :mod:`.simulate` — complete random legal games with invariant checks;
  :mod:`.solofacts` — a month's summary as solo goal facts; :mod:`.campaign` — campaigns
  (gathers :mod:`.campaign_settings`, :mod:`.campaign_month`, :mod:`.campaign_status`).
* :mod:`.engine` — the game at the table, one decision at a time: the phases asked in order
  (:mod:`.campaign_phases`, :mod:`.month_phases`; a month's value :mod:`.month_table`, a
  turn's own decisions :mod:`.turn_steps`, the options :mod:`.table_options` and
  :mod:`.wild_table`, the raid odds :mod:`.odds`, a step read :mod:`.step_text`, the table in
  words and as data :mod:`.table_words`, :mod:`.table_view`); :mod:`.table_steps` — a month
  record as the table's steps.
"""

from hyvekit.rules.beelives.board import Board, DiseaseTrack, board_from_tables
from hyvekit.rules.beelives.hive import Assigned, Hive, new_hive, validate_hive

__all__ = ["Assigned", "Board", "DiseaseTrack", "Hive", "board_from_tables", "new_hive",
           "validate_hive"]
