"""A Bee Lives turn at the table, decision by decision (rules/bee-lives.txt, "Actions",
"Raid", "Raiding a Player Hive", "Raiding a Wild Hive", "Wild Hives", "Season Cards"): once a
player (or wild hive) has chosen the action, the dice it rolls, a raid's reroll, the bees
sacrificed, the dice removed on losing a bracket and where a spawned wild hive goes are each
a :class:`TurnDecision` — a :class:`~hyvekit.rules.table.Decision` like any other, which
also knows how to put its answer into the turn (:meth:`TurnDecision.fill`).

:func:`turn_due` gives the next one in the rulebook's order; the solo cards add their own dice
through :meth:`~.card_hooks.CardRules.turn_decision` at four points of the turn
(:data:`STAGES`), so no card is named here.  :func:`trial` plays a turn on a copy with every
open decision at a neutral value: that is how a head (an action before its dice) is checked
by the sequencer itself, and how the table knows which options are legal.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import seasons
from hyvekit.rules.beelives.action_phase import play_turn
from hyvekit.rules.beelives.card_hooks import in_play
from hyvekit.rules.beelives.hive import AGGRESSIVE_BEES_PER_STRENGTH
from hyvekit.rules.beelives.month_table import MAX_REROLLS, Action, PendingTurn, free_wild_name
from hyvekit.rules.beelives.player_turns import Raid
from hyvekit.rules.beelives.state import NONE, Components, Event, GameState, map_module
from hyvekit.rules.beelives.step_text import faces_rolled
from hyvekit.rules.beelives.wild_turns import WildRaid, WildSwarm
from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.table import DICE, Decision, dice_steps
from hyvekit.rules.values import replace

#: the points of a turn where a card's dice come (:meth:`~.card_hooks.CardRules.turn_decision`):
#: before the action is taken, after its effect, after the season card's spawn, and once
#: every wild hive the turn spawns is known
STAGES = ("before", "acted", "spawned", "new wild hives")
#: the faces of the D6
D6 = tuple(range(1, 7))

Fill = Callable[[PendingTurn, Any], PendingTurn]


class TurnDecision(Decision):
    """A decision inside a turn.

    :ivar key: what is decided, as the turn's values name it (``rolls``, ``kept``,
        ``sacrifice``, ``removed``, ``d6``, ``target_roll``, ``card_d6``, ``spawn``, a card's
        die: ``zombee_d6``...); ``subject``: the wild hive it is about, when there is one.
    :ivar values: the legal answers as ``(value, notation)`` (a die's: none, its faces are
        typed; a callable giving them is called when first asked: a head's check never
        asks); ``neutral``: the answer a head is checked with, without asking.
    :ivar dice / faces: a die decision's number of dice and their faces.
    A decision of kind ``auto`` is the tool's (a spawned wild hive's name): never shown.
    """

    def __init__(self, key: str, kind: str, actor: str | None, prompt: str, fill: Fill, *,
                 subject: str | None = None, dice: int = 0, faces: tuple[int, ...] = (),
                 values: tuple[tuple[Any, str], ...] | Callable[[], tuple[tuple[Any, str], ...]]
                 = (), neutral: Any = None,
                 forced: bool = False, legal: Callable[[], tuple[str, ...]] | None = None
                 ) -> None:
        more = ""
        if kind == DICE:
            legal = dice_steps(dice, faces)       # type: ignore[assignment]
            more = (f"or the {faces_rolled(dice)} ({faces[0]}-{faces[-1]}), e.g. "
                    + str(faces[-1]) * dice)
        if legal is None:           # listed now when given, else when first asked for
            legal = (lambda: tuple(v[1] for v in self.values)) if callable(values) else \
                tuple(v[1] for v in values)
        super().__init__(kind, actor, prompt, legal, more=more, auto=forced)
        self.key, self.subject, self.neutral = key, subject, neutral
        self._values = values
        self.dice, self.faces, self._fill = dice, faces, fill

    @functools.cached_property
    def values(self) -> tuple[tuple[Any, str], ...]:
        """The legal answers, ``(value, notation)`` each."""
        return tuple(self._values() if callable(self._values) else self._values)

    def fill(self, pt: PendingTurn, value: Any) -> PendingTurn:
        """The turn ``pt`` with ``value`` decided here (a die: its faces, a tuple).

        :raises IllegalActionError, InvalidInputError: a value the rules refuse.
        """
        return self._fill(pt, value)

    def value_of(self, option: str) -> Any:
        """The value of the listed ``option``."""
        return next(v for v, text in self.values if text == option)


def turn_with(pt: PendingTurn, action: Action | None = None, done: frozenset[str] | None = None,
          rolls: tuple[tuple[str, int], ...] | None = None) -> PendingTurn:
    """``pt`` with what changed (what its trial played is forgotten: it was another turn)."""
    return PendingTurn(pt.action if action is None else action,
                       pt.done if done is None else done, pt.rolls if rolls is None else rolls)


def dice_value(key: str) -> Fill:
    """Filling the die ``key`` of the action's dice (:class:`~.state.TurnDice`)."""
    def fill(pt: PendingTurn, value: Any) -> PendingTurn:
        a = pt.action
        return turn_with(pt, replace(a, dice=replace(a.dice, **{key: value[0]})))
    return fill


def die(key: str, pt: PendingTurn, prompt: str, neutral: int, *,
        subject: str | None = None, fill: Fill | None = None) -> TurnDecision:
    """The D6 ``key`` of the turn ``pt``, rolled by the player whose turn it is (nobody for a
    wild hive's turn); checked with ``neutral`` rolled."""
    a = pt.action
    return TurnDecision(key, DICE, None if a.wild else a.actor, prompt,
                        fill or dice_value(key), subject=subject, dice=1, faces=D6,
                        neutral=(neutral,))


def tool_spawn(key: str, value: tuple[str, Any], fill: Fill) -> TurnDecision:
    """A spawned wild hive's name (and tile) that the tool settles: never asked."""
    return TurnDecision(key, "auto", None, "", fill, values=((value, ""),), neutral=value)


def tile_side(state: GameState, action: Action) -> str | None:
    """On the map, the dark side shown by the tile ``action`` acts on (a forage's or scout's
    tile, a raided hive's tile): ``haunted``, ``infected``, ``burnt``; None without one."""
    m = state.map
    if m is None:
        return None
    at = getattr(action, "at", None)
    if action.action in ("forage", "scout") and at is not None and tuple(at) in m.grid:
        return m.grid[tuple(at)].dark
    target = getattr(action, "target", None)
    if action.action == "raid" and target is not None and any(h.name == target
                                                               for h in m.hives):
        return m.grid[m.hive(target).at].dark
    return None


def fails_first(state: GameState, action: Action, comps: Components) -> bool:
    """A player's action fails before it is taken (a card's roll:
    :meth:`~.card_hooks.CardRules.before_action`)."""
    if action.wild:
        return False
    for c in in_play(state, comps):
        try:
            if c.before_action(state, action, comps):
                return True
        except (IllegalActionError, InvalidInputError):
            return False
    return False


def _card_decision(state: GameState, pt: PendingTurn, stage: str, failed: bool,
                   comps: Components) -> TurnDecision | None:
    """The first card's die (or tool's spawn) due at ``stage`` of the turn."""
    for c in in_play(state, comps):
        d = c.turn_decision(state, pt, stage, failed, comps)
        if d is not None:
            return d
    return None


def turn_due(state: GameState, pt: PendingTurn, comps: Components) -> TurnDecision | None:
    """The next decision of the turn being built, in the rulebook's order (None: the turn is
    complete): the cards' dice before the action, a raid's dice, reroll, sacrifices and dice
    removed, a wild hive's raid dice and the bees its target sacrifices, the cards' dice after
    the action's effect, the season card's D6 after foraging or scouting, where a spawned wild
    hive goes, the cards' dice after the spawn and for each new wild hive."""
    failed = fails_first(state, pt.action, comps)
    missed = failed or any(c.fails_on_roll(state, pt.action) for c in in_play(state, comps))
    return (_card_decision(state, pt, "before", failed, comps)
            or (_raid_due(state, pt, comps) if not failed else None)
            or _wild_raid_due(state, pt, comps)
            or _card_decision(state, pt, "acted", failed, comps)
            or _season_card_die(state, pt, comps, missed)
            or _spawn_place(state, pt, comps, missed)
            or _card_decision(state, pt, "spawned", failed, comps)
            or _card_decision(state, pt, "new wild hives", failed, comps))


def _raid_due(state: GameState, pt: PendingTurn, comps: Components) -> TurnDecision | None:
    """A player's raid (Raid): the dice, keep or reroll (a bee of the party sacrificed), the
    bees sacrificed, the dice removed when the party loses a bracket."""
    a, done, board = pt.action, pt.done, comps.board
    if not isinstance(a, Raid):
        return None
    party = raid_party(a)
    if not a.rolls or "reroll" in done:
        party -= 1 if a.rolls else 0
        n = board.dice_for(party)
        return TurnDecision("rolls", DICE, a.actor, f"{a.actor}'s raid on {a.target}: roll "
                            + ("1 raid die" if n == 1 else f"{n} raid dice"),
                            lambda pt, v: turn_with(pt, replace(pt.action, rolls=pt.action.rolls
                                                            + (tuple(v),)),
                                                pt.done - {"reroll"}),
                            dice=n, faces=board.die_faces,
                            neutral=(max(board.die_faces),) * n)
    if "kept" not in done and len(a.rolls) <= MAX_REROLLS and party > 1:
        return TurnDecision("kept", "reroll", a.actor, f"{a.actor}'s raid: total "
                            f"{sum(a.rolls[-1])} with {counted(party, 'bee')}, "
                            f"{raid_strength_words(state, a, party, comps)}: keep, or reroll "
                            "(one bee of the party is sacrificed)",
                            lambda pt, v: turn_with(pt, done=pt.done | ({"kept"} if v
                                                                    else {"reroll"})),
                            values=((True, "keep"), (False, "reroll")), neutral=True)
    if "sacrifice" not in done:
        return _sacrifice_due(state, pt, party, comps)
    if state.is_player(a.target) and "removed" not in done:
        return _removed_due(a, party, comps)
    return None


def _removed_due(a: Raid, party: int, comps: Components) -> TurnDecision | None:
    """"losing a bee from your raid party knocks you down a bracket ... you must choose one of
    your rolled raid dice to remove" (Raid)."""
    kept = a.rolls[-1]
    final = max(0, party - a.sacrifice_defending - a.sacrifice_unassigned)
    drop = len(kept) - comps.board.dice_for(final)
    if drop <= 0 or len(set(kept)) <= 1:
        return None
    combos = sorted({tuple(sorted(c)) for c in itertools.combinations(kept, drop)})
    q = N.quote_name(a.actor)
    return TurnDecision("removed", "remove", a.actor, f"{a.actor}'s party of {final} "
                        f"bees lost {counted(drop, 'dice bracket')}: remove {drop} of the dice "
                        f"{''.join(map(str, kept))}",
                        lambda pt, v: turn_with(pt, replace(pt.action, removed=tuple(v)),
                                            pt.done | {"removed"}),
                        values=tuple((c, f"{q}: remove {''.join(map(str, c))}")
                                     for c in combos), neutral=combos[0])


def _sacrificed(pt: PendingTurn, value: Any) -> PendingTurn:
    """The bees sacrificed: a defending player's ``(defending, unassigned)`` or a wild hive
    raider's number."""
    a = pt.action
    if isinstance(value, tuple):
        a = replace(a, sacrifice_defending=value[0], sacrifice_unassigned=value[1])
    else:
        a = replace(a, sacrifices=value)
    return turn_with(pt, a, pt.done | {"sacrifice"})


def _defenders(state: GameState, target: str, most: int | None = None
               ) -> tuple[tuple[Any, str], ...]:
    """The bees ``target`` may sacrifice (defending/unassigned), ``most`` in all."""
    h = state.player(target).hive
    return tuple(((dd, uu), f"{N.quote_name(target)}: sacrifice {dd}/{uu}")
                 for dd in range(h.assigned.defend + 1) for uu in range(h.unassigned + 1)
                 if most is None or dd + uu <= most)


def _sacrifice_due(state: GameState, pt: PendingTurn, party: int, comps: Components
                   ) -> TurnDecision:
    """The bees sacrificed against a raid: by the defending player, or by the raider of a wild
    hive to weaken it further (Raiding a Wild Hive)."""
    a = pt.action
    dice = "".join(map(str, a.rolls[-1]))
    if state.is_player(a.target):
        return _listed_sacrifice(state, pt, comps, "sacrifice", a.target,
                                 f"{a.actor} raids {a.target} with {counted(party, 'bee')}, "
                                 f"dice {dice}: bees sacrificed (defending/unassigned)",
                                 lambda: _defenders(state, a.target, party), (0, 0))

    def vals() -> tuple[tuple[Any, str], ...]:
        return tuple((n, f"{N.quote_name(a.actor)}: sacrifice {n}") for n in range(party + 1))
    head = f"{a.actor} raids {a.target} with {counted(party, 'bee')}, dice {dice}"
    strength, wild = sum(raid_strength(state, a, party, comps)), state.wild_hive(a.target)
    if strength >= wild.strength:
        # Raiding a Wild Hive: the party alone takes it to 0 ("to a minimum of zero"), so no
        # sacrifice can weaken it further: the tool plays "sacrifice 0" (the others stay
        # legal, as a record made before this was read still holds them)
        return _listed_sacrifice(state, pt, comps, "sacrifice", a.actor,
                                 f"{head}: strength {strength} takes {a.target} (strength "
                                 f"{wild.strength}) to 0; nothing to sacrifice", vals, 0,
                                 forced=True)
    return _listed_sacrifice(state, pt, comps, "sacrifice", a.actor,
                             f"{head}: bees of the party sacrificed to weaken it further",
                             vals, 0)


def _listed_sacrifice(state: GameState, pt: PendingTurn, comps: Components, key: str,
                      actor: str, prompt: str,
                      values: Callable[[], tuple[tuple[Any, str], ...]],
                      neutral: Any, forced: bool = False) -> TurnDecision:
    """A sacrifice whose legal options are those of ``values()`` the sequencer accepts (both
    worked out when asked for)."""
    def legal() -> tuple[str, ...]:
        return tuple(v[1] for v in values()
                     if head_legal(state, _sacrificed(pt, v[0]), comps))
    return TurnDecision(key, "sacrifice", actor, prompt, _sacrificed, values=values,
                        neutral=neutral, forced=forced, legal=legal)


def _wild_raid_due(state: GameState, pt: PendingTurn, comps: Components
                   ) -> TurnDecision | None:
    """A wild hive's raid (Raiding a Player Hive / a Wild Hive): its D6, the defending wild
    hive's D6, the bees the raided player sacrifices."""
    a = pt.action
    if not isinstance(a, WildRaid):
        return None
    if a.d6 is None:
        then = "" if state.is_player(a.target) else f" ({a.target} rolls its own next)"
        return die("d6", pt, f"{a.actor} raids {a.target}: roll the D6{then}", 6,
                   fill=lambda pt, v: turn_with(pt, replace(pt.action, d6=v[0])))
    if a.target_roll is None and not state.is_player(a.target):
        return die("target_roll", pt, f"{a.target} defends: roll its D6", 1,
                   fill=lambda pt, v: turn_with(pt, replace(pt.action, target_roll=v[0])))
    if state.is_player(a.target) and "sacrifice" not in pt.done:
        return _listed_sacrifice(state, pt, comps, "sacrifice", a.target,
                                 f"{a.actor} rolled {a.d6}: "
                                 f"{_wild_steal_words(state, a, comps)}: bees sacrificed "
                                 "(defending/unassigned)", lambda: _defenders(state, a.target),
                                 (0, 0))
    return None


def _season_card_die(state: GameState, pt: PendingTurn, comps: Components, missed: bool
                     ) -> TurnDecision | None:
    """The season card's D6 after a player forages or scouts, when the card spawns on it
    (Season Cards: "After foraging, roll the D6. On 5+, spawn a wild hive")."""
    a = pt.action
    card = comps.card(state.card)
    trig = a.action if a.action in ("forage", "scout") and not a.wild else None
    if trig and card is not None and any(s.trigger == trig for s in card.spawns) and \
            not missed and a.dice.card_d6 is None:
        return die("card_d6", pt, f"{card.name}: roll the D6 after "
                   f"{'foraging' if trig == 'forage' else 'scouting'}", 1)
    return None


def _spawn_place(state: GameState, pt: PendingTurn, comps: Components, missed: bool
                 ) -> TurnDecision | None:
    """The wild hive the turn spawns (:func:`spawn_due`): its name, the tool's, and on the map
    where it goes when the rules leave a choice (the first player's)."""
    a = pt.action
    spawn = spawn_due(state, a, comps, missed)
    if spawn is None or a.dice.spawn is not None:
        return None
    name, near, at = spawn

    def fill(pt: PendingTurn, value: Any) -> PendingTurn:
        d, (n, where) = pt.action.dice, value
        return turn_with(pt, replace(pt.action, dice=replace(
            d, spawn=n, spawn_at=where if where is not None and state.map is not None
            else d.spawn_at)))
    if name == NONE or state.map is None or at is not None:
        return tool_spawn("spawn", (name, at), fill)
    places = map_module().spawn_places(state.map, near)
    if not places:
        return tool_spawn("spawn", (NONE, None), fill)
    return TurnDecision("spawn", "place", state.players[state.first_player].name,
                        f"a wild hive ({name}) spawns within 3 spaces of {near}: where", fill,
                        values=tuple(((name, c), f"place {c[0]},{c[1]}") for c in places),
                        neutral=(name, places[0]))


def raid_party(a: Raid) -> int:
    """The bees of the raid ``a``'s party now: those sent, less one for each reroll made
    (Raid: a reroll sacrifices one bee of the party)."""
    return (a.bees or 0) - max(0, len(a.rolls) - 1)


def raid_strength(state: GameState, a: Raid, party: int, comps: Components
                  ) -> tuple[int, int, int]:
    """What makes the strength of a raid party of ``party`` bees with the dice it rolled
    last, before what the target takes off: ``(rolled, queen, card)`` — the lesser of the
    dice total and the bees (Raid), an aggressive queen's +1 per two bees of the party
    (Queen Types), the season card's raid bonus (:func:`~.seasons.raid_bonuses`)."""
    p = state.player(a.actor)
    rolled = min(sum(a.rolls[-1]), party)
    queen = party // AGGRESSIVE_BEES_PER_STRENGTH if p.hive.queen == "aggressive" else 0
    card = seasons.raid_bonuses(comps.card(state.card), p.hive.queen, p.hive.workers).raiding
    return rolled, queen, card


def raid_strength_words(state: GameState, a: Raid, party: int, comps: Components) -> str:
    """:func:`raid_strength` in words: "strength 2 (1 from the dice, at most the bees; +1
    aggressive queen)"."""
    rolled, queen, card = raid_strength(state, a, party, comps)
    parts = [f"+{queen} aggressive queen"] * bool(queen) + [f"+{card} {state.card}"] * bool(card)
    return f"strength {rolled + queen + card}" + (
        f" ({rolled} from the dice, at most the bees; {', '.join(parts)})" if parts else "")


def _wild_steal_words(state: GameState, a: WildRaid, comps: Components) -> str:
    """What a wild raid on a player takes if nobody is sacrificed: the D6, capped by the wild
    hive's strength, less one a defending bee (Raiding a Player Hive)."""
    from hyvekit.rules.beelives.wild import wild_raids_player
    w = state.wild_hive(a.actor)
    hive = state.player(a.target).hive
    bonus = seasons.raid_bonuses(comps.card(state.card), hive.queen, hive.workers).defending
    r = wild_raids_player(w.strength, hive, a.d6, comps.board, defender_bonus=bonus)
    return (f"with no bee sacrificed it steals {r.stolen} honey from {a.target} (the D6, at "
            f"most its strength {w.strength}, less the defence, at most the {hive.honey} "
            "honey there)")


def spawn_due(state: GameState, a: Action, comps: Components, failed: bool
              ) -> tuple[str, str, Any] | None:
    """A wild hive the turn spawns: (name, near whom, tile when known) or None."""
    card = comps.card(state.card)
    if isinstance(a, WildSwarm):
        name = free_wild_name(state)
        return (name, a.actor, None) if name != NONE else (NONE, a.actor, None)
    if a.wild or card is None:
        return None
    p = state.player(a.actor)
    if p.turns == 0 and any(s.trigger == "first_turn" for s in card.spawns):
        if seasons.spawn_check(card, "first_turn", year=state.year, board=comps.board):
            return (free_wild_name(state), a.actor, None)
    trig = a.action if a.action in ("forage", "scout") else None
    if trig and not failed and a.dice.card_d6 is not None and \
            seasons.spawn_check(card, trig, a.dice.card_d6) is not None:
        name = free_wild_name(state)
        at = getattr(a, "at", None)
        if state.map is not None and at is not None and state.map.hive_at(tuple(at)) is not None:
            name = NONE                                     # the tile already holds a hive
        if state.map is None and a.action == "forage" and getattr(a, "distance", None) == 0:
            name = NONE                 # the hive's own tile holds it (rulings L64, L148)
        return (name, a.actor, tuple(at) if at is not None else None)
    return None


def head_legal(state: GameState, action: Action | PendingTurn, comps: Components) -> bool:
    """Whether ``action`` (or a turn being built) is legal now with some dice (see
    :func:`trial`)."""
    return trial(state, action, comps)[0] is None


def trial(state: GameState, action: Action | PendingTurn, comps: Components
          ) -> tuple[Exception | None, Any]:
    """What the sequencer refuses in ``action`` (or a turn being built) played on a copy, its
    open decisions taken with neutral values (the first choice, most dice at their highest
    face), or None; and when the turn had no open decision (the trial played the turn itself),
    what it gave (``(state, events)``), else None."""
    pt = start = action if isinstance(action, PendingTurn) else PendingTurn(action)
    for _ in range(40):
        d = turn_due(state, pt, comps)
        if d is None:
            break
        pt = d.fill(pt, d.neutral)
    try:
        played = play_built(state, pt, comps)
    except (IllegalActionError, InvalidInputError) as exc:
        return exc, None
    return None, (played if pt == start else None)


def play_built(state: GameState, pt: PendingTurn, comps: Components
               ) -> tuple[GameState, list[Event]]:
    """Play a complete turn (the D6 of the wild hives it spawns, Zombees', put with the
    month's first)."""
    if pt.rolls:
        state = replace(state, spawn_rolls=state.spawn_rolls + pt.rolls)
    return play_turn(state, pt.action, comps)


def play_again(state: GameState, pt: PendingTurn, comps: Components
               ) -> tuple[GameState, list[Event]]:
    """:func:`play_built`, taken from the turn's trial when the trial played this very turn (a
    turn without dice, :attr:`PendingTurn.tried`)."""
    if pt.tried is not None:
        return pt.tried[0], list(pt.tried[1])
    return play_built(state, pt, comps)
