"""The Queen Bee engine of the table protocol (:mod:`hyvekit.rules.table`): a match's table
is its :class:`~hyvekit.rules.queenbee.match_table.Table`, played step by step by
:mod:`.turns` (a turn) and :mod:`.fight` (a battle)."""

from __future__ import annotations

import random
from typing import Any

from hyvekit.rules.common import counted
from hyvekit.rules.queenbee import fight as F
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee import turns as T
from hyvekit.rules.table import BaseEngine, Decision


class QueenBeeEngine(BaseEngine):
    """A Queen Bee match at the table (rules/queen-bee.txt, Turn Order, Battle, End of the
    Game): the decision due (over with the winner), one step pushed (``roll`` rolls the dice
    due with ``rng``)."""

    game, kind = "queenbee", "match"
    #: the view's keys that say where the table stands, not what changed
    QUIET = frozenset({"steps", "phase", "stage", "totals"})

    def new(self, setup: M.Setup) -> M.Table:
        """The match as Setup leaves it, the first player's card drawn (unless the hive
        skills come first).

        :raises InvalidInputError: as :func:`~.match_table.new_table`.
        """
        return T.settle(M.new_table(setup))

    def pending(self, t: M.Table) -> Decision:
        """The decision due (:func:`~.turns.pending`)."""
        return T.pending(t)

    def push(self, t: M.Table, step: str, rng: random.Random | None = None) -> M.Table:
        """The table after ``step`` (:func:`~.turns.push`).

        :raises IllegalActionError, InvalidInputError: as :func:`~.turns.push`.
        """
        return T.push(t, step, rng)

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """What changed (:func:`~hyvekit.rules.table.view_changes`), the battle's in words
        last (:func:`~.fight.battle_changes`: its bees, dice and cards, "the attack succeeds
        0% → 11.1% of the time")."""
        own = ("battle", "spaces", "action", "just_played")
        out = super().changes({k: v for k, v in before.items() if k not in own},
                              {k: v for k, v in after.items() if k not in own})
        played = after.get("just_played")
        return out + _action_changes(before.get("action"), after.get("action")) \
            + ((f"played: {played}",) if played and played != before.get("just_played")
               else ()) \
            + _space_changes(before.get("spaces", {}), after.get("spaces", {})) \
            + F.battle_changes(before.get("battle"), after.get("battle"))

    def previewed(self, d: Decision) -> bool:
        """Not a die's options, nor a deal of hive skill cards (drawn at random)."""
        return super().previewed(d) and not (d.kind == "skill" and d.legal[:1] == ("deal",))

    def view(self, t: M.Table) -> dict[str, Any]:
        """The match now (:func:`~.match_table.view`), the battle under way with its odds
        (:func:`~.fight.view`)."""
        out = M.view(t)
        if t.fight is not None:
            out["battle"] = F.view(t, t.fight)
        return out


#: the actions and the effect cards acted out, as the rulebook names them
ACTION_NAMES = {"flight": "Flight", "sting": "Sting", "swarm": "Swarm",
                "reinforce": "Reinforcement", "tangled-signals": "Tangled Signals",
                "pesticides": "Pesticides"}


def _action_changes(before: dict | None, after: dict | None) -> tuple[str, ...]:
    """The action under way, in words: ``Flight begins: 5 spaces to move``, ``Flight: 5 → 3
    spaces left``, ``the Flight ends``."""
    def name(a: dict) -> str:
        return ACTION_NAMES.get(a["kind"], a["kind"])
    if before == after:
        return ()
    if after is None:
        return (f"the {name(before)} ends",)
    if before is None or before["kind"] != after["kind"]:
        left = after.get("spaces_left")
        return ((f"the {name(before)} ends",) if before else ()) + (
            f"{name(after)} begins" + (f": {counted(left, 'space')} to move" if left else ""),)
    if before.get("spaces_left") != after.get("spaces_left"):
        return (f"{name(after)}: {before['spaces_left']} → "
                f"{counted(after['spaces_left'], 'space')} left",)
    return (f"{name(after)} goes on",)


def _space_changes(before: dict[str, str], after: dict[str, str]) -> tuple[str, ...]:
    """The spaces whose bees changed, in words: ``I2 Bo: 1 warrior → empty``."""
    return tuple(f"{space} {before.get(space, 'empty')} → {after.get(space, 'empty')}"
                 for space in dict.fromkeys([*before, *after])
                 if before.get(space) != after.get(space))


ENGINE = QueenBeeEngine()
