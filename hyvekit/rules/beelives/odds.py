"""The odds of a raid at the Bee Lives table (rules/bee-lives.txt, "Raid", "Raiding a Player
Hive", "Raiding a Wild Hive"): the exact chance that a raid succeeds and the honey it is
expected to take, worked out from every roll of its dice by the raid rules themselves.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection
from fractions import Fraction
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.month_phases import month_pending
from hyvekit.rules.beelives.month_table import Table
from hyvekit.rules.beelives.player_turns import Raid
from hyvekit.rules.beelives.state import Components, GameState
from hyvekit.rules.beelives.table_options import raid_targets
from hyvekit.rules.beelives.turn_steps import raid_party, raid_strength
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.values import replace

def raid_odds_now(state: GameState, raider: str, target: str, bees: int, comps: Components
                  ) -> tuple[Fraction, Fraction]:
    """The exact chance that ``raider``'s raid on ``target`` with ``bees`` succeeds, and the
    honey it is expected to take, if the first roll is kept and nobody sacrifices a bee: every
    roll of the raid dice pool (each face of the board's raid die equally likely) resolved by
    the raid rules themselves, the season card's raid bonuses and the queens included (Raid;
    Raiding a Player Hive / a Wild Hive).  A raid on a wild hive succeeds when it removes it.

    :raises IllegalActionError, InvalidInputError: what the raid rules refuse.
    """
    return _odds(state, raider, target, bees, comps, _defence(state, raider, target, comps))


def _defence(state: GameState, raider: str, target: str, comps: Components) -> tuple:
    """What a raid's outcome takes from its target, beside the raider's hive and the card:
    a player hive with its defending bonus, or a wild hive's strength, and whether the raider
    raided it already this month.  Targets alike here have the same odds."""
    if state.is_player(target):
        d = state.player(target).hive
        return (d, seasons.raid_bonuses(comps.card(state.card), d.queen, d.workers).defending,
                target in state.player(raider).raided)
    return (None, state.wild_hive(target).strength, target in state.player(raider).raided)


def _odds(state: GameState, raider: str, target: str, bees: int, comps: Components,
          defence: tuple) -> tuple[Fraction, Fraction]:
    """:func:`raid_odds_now` with the target's :func:`_defence` worked out."""
    from hyvekit.rules.beelives import raids
    board = comps.board
    card = comps.card(state.card)
    p = state.player(raider)
    bonus = seasons.raid_bonuses(card, p.hive.queen, p.hive.workers)
    faces = board.die_faces
    success = honey = 0                 # counted in ways out of len(faces) ** dice
    dice = board.dice_for(bees)
    d, strength, already = defence
    for roll in itertools.combinations_with_replacement(sorted(set(faces)), dice):
        # the ways this multiset of faces falls, in any order: a multinomial coefficient
        # times the faces showing each value
        chance = math.factorial(dice)
        for f in set(roll):
            k = roll.count(f)
            chance = chance // math.factorial(k) * faces.count(f) ** k
        if d is not None:
            r = raids.raid_player_hive(p.hive, d, raids.PlayerRaid(
                bees, (roll,), 0, 0, None, 1, already, bonus.raiding, strength), board)
            won, took = r.success, r.stolen
        else:
            r2 = raids.raid_wild_hive(p.hive, strength, raids.WildRaid(
                bees, (roll,), 0, None, 1, already, bonus.raiding), board)
            won, took = r2.removed, r2.taken
        success += chance * won
        honey += chance * took
    ways = len(faces) ** dice
    return Fraction(success, ways), Fraction(honey, ways)


#: what a raid's chance is of, by whether its target is a player hive: a raid on a wild hive
#: takes honey whether or not it removes the hive (Raiding a Wild Hive), so its "success" is
#: the removal
WON = {True: "success", False: "to remove it"}


def raid_notes(state: GameState, name: str, comps: Components,
               legal: Collection[str] | None = None) -> tuple[tuple[str, str], ...]:
    """Beside each raid of ``name`` (those in ``legal`` only, when given): the chance of
    success (:data:`WON`) and the expected honey if the first roll is kept and nobody sacrifices
    (:func:`raid_odds_now`)."""
    out = []
    attacker = state.player(name).hive
    known: dict[tuple, tuple[Fraction, Fraction] | None] = {}   # targets alike: odds alike
    for target in raid_targets(state, name):
        defence = None
        for bees in range(1, attacker.unassigned + 1):
            text = N.format_action(Raid(name, target, bees=bees))
            if legal is not None and text not in legal:
                continue
            defence = defence or _defence(state, name, target, comps)
            key = (defence, bees)
            if key not in known:
                try:
                    known[key] = _odds(state, name, target, bees, comps, defence)
                except (InvalidInputError, IllegalActionError):
                    known[key] = None
            if known[key] is None:
                continue
            success, honey = known[key]
            out.append((text, (f"{float(success):.0%} {WON[state.is_player(target)]}, "
                               f"{float(honey):.1f} honey expected")))
    return tuple(out)


def reroll_notes(state: GameState, a: Raid, comps: Components) -> dict[str, str]:
    """Beside ``keep`` and ``reroll`` of the raid ``a``: the party's strength before and after
    (Raid: a reroll sacrifices one bee of the party and rolls the pool of the bees left; the
    strength is the lesser of the dice and the bees, with the queen's and card's bonuses)."""
    party = raid_party(a)
    now = sum(raid_strength(state, a, party, comps))
    fewer = party - 1
    n, faces = comps.board.dice_for(fewer), comps.board.die_faces
    lo, hi = (sum(raid_strength(state, replace(a, rolls=a.rolls + ((face,) * n,)), fewer,
                                comps)) for face in (min(faces), max(faces)))
    after = f"{lo}" if lo == hi else f"{lo}–{hi}"
    return {"keep": f"party strength {now} → {now} ({counted(party, 'bee')}, these dice)",
            "reroll": f"party strength {now} → {after} ({counted(fewer, 'bee')}, "
                      f"{n} {'die' if n == 1 else 'dice'} rolled again)"}


def reroll_preview(state: Any, option: str) -> tuple[str, ...]:
    """What ``keep`` or ``reroll`` (``option``) of a raid due in the campaign ``state`` says
    in its preview (:func:`reroll_notes`); () for any other option."""
    m = state.table if isinstance(state.table, Table) else None
    if m is None or m.state is None or m.turn is None or not isinstance(m.turn.action, Raid):
        return ()
    d = month_pending(m)
    if d is None or d.kind != "reroll":
        return ()
    note = reroll_notes(m.state, m.turn.action, m.comps).get(option.split(": ", 1)[-1])
    return (note,) if note else ()


def table_odds(state: Any) -> dict[str, str]:
    """Beside each legal raid option of the decision due in the campaign ``state``: its chance
    of success and expected honey (:func:`raid_notes`), by notation; worked out once per
    table."""
    m = state.table if isinstance(state.table, Table) else None
    if m is None or m.state is None:          # no player's turn before the Event Phase
        return {}
    d = month_pending(m)
    if d is None or d.kind != "action":
        return {}
    return m.remembered("raid odds", lambda: dict(raid_notes(
        m.state, d.actor, m.comps, frozenset(o for o in d.legal if " raid " in f" {o} "))))
