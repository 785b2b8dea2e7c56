"""Queen Bee (rules/queen-bee.txt): the rules core.

Modules:

* :mod:`.tables` — die faces and card counts from the packaged ``queenbee.toml`` (rulebook
  numbers marked as sourced, the rest assumed), or the player's own faces file.
* :mod:`.deck` — the deck by player count and the cards dealt per seat.
* :mod:`.board` — board rules that need no board drawing (four bees a space, warriors and
  tunnels/nests, reinforcement, 15 bees, hand limit 5, first-turn restriction for 5–6 players).
* :mod:`.battle` — checking a stated battle: dice, battle cards and their timing, outcome and
  rewards.
* :mod:`.odds` — the exact probability that an attack succeeds, with the re-roll and named
  cards.
* :mod:`.matches` — match logs (players, hive skills, queens defeated, forced alliances, winner)
  replayed by the campaign store.
"""
