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
* :mod:`.map` — the hex map: tiles, distances, forage/scout/spawn placements, joining.
* :mod:`.solo` — solo challenge, scenario and campaign cards, goal verdicts, their dice rules.
* :mod:`.simulate` — complete random legal games through the same engine, with invariant checks.
* :mod:`.game` — the game state and the month sequencer (phases, action rounds, wild hive
  turns, cleanup, winter, scoring; on the map when the state has one); :mod:`.record` — month
  records (TOML) and their replay; :mod:`.randomplay` — random legal months;
  :mod:`.solofacts` — a month's summary as solo goal facts.
"""

from hyvekit.rules.beelives.board import Board, DiseaseTrack, board_from_tables
from hyvekit.rules.beelives.hive import Assigned, Hive, new_hive, validate_hive

__all__ = ["Assigned", "Board", "DiseaseTrack", "Hive", "board_from_tables", "new_hive",
           "validate_hive"]
