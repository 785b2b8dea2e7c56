"""A Queen Bee turn as steps of the table protocol (:mod:`hyvekit.rules.table`).

Rulebook sections: Advanced Rules (hive skills chosen at setup), Turn Order (1. Draw, 2. Take
an Action: A. Flight, B. Swarm, C. Reinforcement, D. Sting; 3. Discard), Game Board (four bees
a space, warriors off tunnels, a player's own warriors and workers off their own nest), 90
Bees (only the queen reinforces, only while in the nest and never having left it), Variant for
5-6 Players (no attack on a neighbour on the first turn), End of the Game.

The decisions, in order (docs/queenbee-table.md):

* ``skill`` — ``deal`` / ``dealt A, B`` then ``skill A`` (one each: two dealt, one kept) or
  ``skill NAME`` drafted (two each, the order snaking back): :mod:`.skills`;
* ``action`` — ``flight``, ``swarm SPACE`` (a space with exactly one of your bees),
  ``reinforce`` or ``sting``; the draw is the tool's (hands are hidden);
* ``flight`` / ``sting`` — ``move KIND FROM TO`` (a bee's move, its distance the fewest
  spaces it may pass), ``attack FROM TO`` (Sting: every bee of yours on FROM that may attack
  TO takes part), ``done``;
* ``swarm`` — ``bring KIND FROM``, ``done``; ``reinforce`` — ``add KIND SPACE``, ``done``;
* ``discard`` — ``discard N`` down to five (the tool's: the cards are hidden).

A battle's steps are :mod:`.fight`'s.
"""

from __future__ import annotations

import random

from hyvekit.rules.common import IllegalActionError, InvalidInputError, counted
from hyvekit.rules.queenbee import board as B
from hyvekit.rules.queenbee import battle_steps as S
from hyvekit.rules.queenbee import effect_cards as E
from hyvekit.rules.queenbee import fight as F
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee import skills as K
from hyvekit.rules.table import Decision, over
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import replace

R_FLIGHT = M.R_FLIGHT
R_SWARM = "Queen Bee: Turn Order — B. Swarm"
R_STING = "Queen Bee: Turn Order — D. Sting"
R_ACTION = "Queen Bee: Turn Order — 2. Take an Action"
FLIGHT_SPACES, SWARM_BEES, STING_SPACES = 5, 3, 3     # Turn Order A, B, D
KINDS = {"queen": M.QUEEN, "warrior": M.WARRIOR, "worker": M.WORKER}
#: what any player may do at any moment, whatever is due (Sudden Cards)
SUDDEN = ("any player, at any moment: 'NAME: play secret-move SPACE', 'NAME: play dont-buzz' "
          "against an opponent's card just played (in a battle too, its window ruling Q28); in a "
          "battle's card window, a player "
          "outside it: 'NAME: play ally SIDE KIND SPACE'; once NAME's queen has left the "
          "nest or fell, 'NAME: replace CARD' for a card with the nest symbol")


# --- what is due -------------------------------------------------------------------------

def pending(t: M.Table) -> Decision:
    """The decision due at ``t``; ``over`` when one queen remains (its result: the winner,
    the queens in the order they fell, the forced alliances)."""
    if t.phase == "over":
        last = M.queens(t)
        return over(f"{t.name(last[0])}'s queen is the last on the board: "
                    f"{t.name(last[0])} wins" if last else "no queen remains on the board",
                    result(t))
    seat, name = t.turn, t.name(t.turn)
    if t.phase == "skills":
        return K.pending(t)
    if t.phase == "battle":
        return S.pending(t)
    if t.phase == "discard":
        n = B.cards_to_discard(t.hands[seat])
        return Decision("discard", name, f"{name} discards {counted(n, 'card')} down to "
                        f"{B.HAND_LIMIT}", (f"discard {n}",), auto=True)
    if t.phase == "action":
        return Decision("action", name, f"{name}'s turn {t.turns[seat]}: one action (hand "
                        f"{t.hands[seat]})" + (", effect cards before it" if t.hands[seat]
                                                else ""),
                        lambda: action_options(t) + tuple(E.options(t, True)),
                        more=SUDDEN)
    if t.phase == "effects":
        return Decision("effects", name, f"{name} may play effect cards before the discard "
                        f"(hand {t.hands[seat]}), or end", tuple(E.options(t, False))
                        + ("end",))
    a = t.action
    assert a is not None
    if a.kind == "pesticides":
        who = t.name(a.queue[0])
        return Decision("pesticides", who, f"Pesticides: {who} removes a bee from their hive",
                        E.pesticide_options(t))
    if a.kind == "tangled-signals":
        return Decision("tangled", name, f"{name}'s Tangled Signals: opponents' bees move, "
                        f"{counted(a.left, 'space')} left", lambda: tuple(E.tangled_moves(t))
                        + ("done",))
    what = {"flight": f"{name}'s Flight: {counted(a.left, 'space')} left to move",
            "sting": f"{name}'s Sting: {counted(a.left, 'space')} left to move, then attack",
            "swarm": f"{name}'s Swarm onto {a.target}: {a.brought} of {SWARM_BEES} bees "
                     "brought",
            "reinforce": f"{name}'s Reinforcement: a bee on each free larva space"}[a.kind]
    return Decision(a.kind, name, what, lambda: acting_options(t))


def action_options(t: M.Table) -> tuple[str, ...]:
    """The actions open to the player whose turn it is: Flight, Swarm onto each space with
    exactly one of their bees, Reinforcement when :func:`reinforce_problem` allows it,
    Sting."""
    seat = t.turn
    out = ["flight"]
    out += [f"swarm {s}" for s in _swarm_targets(t, seat)]
    if reinforce_problem(t, seat) is None:
        out.append("reinforce")
    out.append("sting")
    return tuple(out)


def _swarm_targets(t: M.Table, seat: int) -> list[str]:
    mine: dict[str, int] = {}
    for space, s, _ in t.bees:
        if s == seat:
            mine[space] = mine.get(space, 0) + 1
    return [s for s, n in mine.items() if n == 1 and len(M.on(t, s)) == 1
            and _bringable(t, seat, s)]


def reinforce_problem(t: M.Table, seat: int) -> str | None:
    """Why ``seat`` may not reinforce now, or None: the queen must be in the nest and never
    have left it (Turn Order, C; 90 Bees), a larva space of the hive free, a bee in
    reserve."""
    if M.queen_space(t, seat) is None:
        return "the queen was defeated: reinforcement is unavailable until the end of the game"
    if t.queen_left[seat] or M.queen_space(t, seat) != M.nest_of(t, seat):
        return "the queen has left the nest: reinforcement is unavailable for the rest of " \
               "the game, even if she returns"
    if not free_larvae(t, seat):
        return "no larva space of the hive is free"
    if not sum(M.reserve(t, seat).values()):
        return f"no bee in reserve: you can never have more than {B.MAX_BEES} bees"
    return None


def free_larvae(t: M.Table, seat: int) -> list[str]:
    """The unoccupied larva spaces of ``seat``'s hive."""
    return [s for s in t.setup.board.larva_spaces(t.setup.hives[seat]) if not M.on(t, s)]


def attacks(t: M.Table, seat: int) -> list[str]:
    """``attack FROM TO``: a space of ``seat``'s bees next to an opponent's space, with a
    bee of theirs that may attack it (warriors never attack a tunnel space); on a 5-6
    player first turn, not the neighbours' bees (Variant for 5-6 Players)."""
    out = []
    board = t.setup.board
    for space in dict.fromkeys(b[0] for b in t.bees if b[1] == seat):
        for to in board.spaces[space].adjacent:
            other = M.owner(t, to)
            if other is None or not M.opponents(t, seat, other):
                continue
            if F.attacking_bees(t, seat, space, to) and _first_turn_ok(t, seat, other):
                out.append(f"attack {space} {to}")
    return out


def first_turn_problem(t: M.Table, seat: int, *, attacks: int | None = None,
                       plays_bad_pollen: bool = False) -> IllegalActionError | None:
    """What the Variant for 5-6 Players refuses ``seat`` now (an attack on the seat
    ``attacks``, a Bad Pollen), or None: its neighbours are the players in the hives next to
    its own around the board (ruling Q29)."""
    try:
        B.check_first_turn(len(t.players), seat + 1, first_turn=t.turns[seat] == 1,
                           attacks=None if attacks is None else attacks + 1,
                           plays_bad_pollen=plays_bad_pollen, hives=t.setup.hives,
                           circle=t.setup.board.circle)
    except IllegalActionError as e:
        return e
    return None


def _first_turn_ok(t: M.Table, seat: int, other: int) -> bool:
    return first_turn_problem(t, seat, attacks=other) is None


def acting_options(t: M.Table) -> tuple[str, ...]:
    """The legal steps inside the action under way, ``done`` last."""
    a, seat = t.action, t.turn
    assert a is not None
    if a.kind in ("flight", "sting"):
        out = M.moves(t, seat, a.left) + (attacks(t, seat) if a.kind == "sting" else [])
    elif a.kind == "swarm":
        out = [f"bring {k} {s}" for s, k in _bringable(t, seat, a.target)]
    else:
        out = _additions(t, seat, a)
    return tuple(out) + ("done",)


def _additions(t: M.Table, seat: int, a: M.Action) -> list[str]:
    """Reinforcement: ``add KIND SPACE`` — a bee of the reserve on each larva space free as
    the action began; with Bee Larvae two more on any of them (the only way to add more
    than one bee to a space)."""
    if a.added >= len(a.spaces) + t.larvae:
        return []
    res = M.reserve(t, seat)
    return [f"add {k} {s}" for s in a.spaces for k in (M.WARRIOR, M.WORKER)
            if res[k] and (not M.on(t, s) or t.larvae)
            and M.enter_problem(t, seat, k, s) is None]


def _bringable(t: M.Table, seat: int, target: str) -> list[tuple[str, str]]:
    return list(dict.fromkeys((sp, k) for sp, s, k in t.bees if s == seat and sp != target
                              and M.enter_problem(t, seat, k, target) is None))


# --- applying a step -----------------------------------------------------------------------

def push(t: M.Table, text: str, rng: random.Random | None = None) -> M.Table:
    """The table after the step ``text``, what the tool does after it (the next turn begun,
    its card drawn) and the step kept as stored.

    :raises IllegalActionError: a step the rules refuse (the rule named, the legal steps in
        ``expected``), or nothing due.
    :raises InvalidInputError: a step that is not notation.
    """
    d = pending(t)
    text = " ".join(str(text).split())
    if d.over:
        raise IllegalActionError(M.R_TABLE, "the match is over: nothing is due",
                                 expected="nothing", given=text)
    sudden = _replacement(t, text)
    sudden = _sudden(t, text) if sudden is None else sudden
    if sudden is not None:
        return sudden
    if t.phase == "battle":
        S.check_named(t, d, text)
    body = M.strip_actor(d, text, t.players)
    if t.phase == "battle":
        t2, step = S.push(t, d, body, rng)
    else:
        t2, step = _turn_push(t, d, body, rng)
    if t2.last_card is t.last_card:          # a card not just played: too late to cancel
        t2 = replace(t2, last_card=None)
    return replace(settle(t2), steps=t.steps + (step,))


def _turn_push(t: M.Table, d: Decision, body: str,
               rng: random.Random | None = None) -> tuple[M.Table, str]:
    words = body.split()
    verb = words[0].lower() if words else ""
    verbs = {"skill": ("skill", "deal", "dealt"), "action": ("flight", "swarm", "reinforce", "sting", "play"),
             "discard": ("discard",), "flight": ("move", "done"),
             "sting": ("move", "attack", "done"), "swarm": ("bring", "done"),
             "reinforce": ("add", "done"), "effects": ("play", "end"),
             "tangled": ("move", "done"), "pesticides": ("remove",)}[d.kind]
    if verb not in verbs:
        every = ("skill", "deal", "dealt", "flight", "swarm", "reinforce", "sting", "move", "attack", "bring",
                 "add", "done", "discard", "play", "end", "remove")
        if verb in every:
            raise M.refuse(d, body, M.NOT_THIS_DECISION)
        raise InvalidInputError("step", body, "a step of this decision: " + ", ".join(verbs),
                                suggestions=close_matches(verb, every))
    if d.kind == "skill":
        return K.push(t, d, words, body, rng)
    if verb == "play":
        return _effect(t, d, words[1:], body)
    step = _canonical(t, verb, words[1:], body)
    if step not in d.legal:
        rule, why = _why_not(t, d, step)
        raise M.refuse(d, body, why, rule)
    if d.kind == "discard":
        n = int(words[1])
        return replace(t, hands=_add(t.hands, t.turn, -n), discard=t.discard + n,
                       phase="end", said=(f"{d.actor} discards {counted(n, 'card')}",)), step
    if d.kind == "action":
        return _begin_action(t, d, step), step
    if d.kind == "effects":
        return replace(t, phase="discard", window_done=True,
                       said=(f"{d.actor} plays no more effect cards",)), step
    if d.kind in ("tangled", "pesticides"):
        return _card_acts(t, step), step
    return _act(t, d, step), step


def _player(t: M.Table, name: str) -> int:
    """The seat of the player ``name`` (case aside).

    :raises InvalidInputError: no such player."""
    seat = next((i for i, p in enumerate(t.players) if p.casefold() == name.casefold()), None)
    if seat is None:
        from hyvekit.rules.validate import not_one_of
        raise not_one_of("player", name, t.players)
    return seat


def _replacement(t: M.Table, text: str) -> M.Table | None:
    """``NAME: replace CARD`` — a card with the nest symbol discarded and another drawn once
    NAME's queen has left the nest or is defeated (Game Components; ruling Q31), at any
    moment; None for any other step.  Stored with the player's name."""
    from hyvekit.rules.queenbee.tables import card_key
    who, sep, rest = text.partition(":")
    words = rest.split() if sep else text.split()
    if len(words) < 2 or words[0].lower() != "replace":
        return None
    seat = _player(t, who.strip() if sep else (pending(t).actor or ""))
    key = card_key(" ".join(words[1:]))
    card = next((c for c in t.setup.cards if card_key(c) == key), None)
    if card is None:
        from hyvekit.rules.validate import not_one_of
        raise not_one_of("card", " ".join(words[1:]), [card_key(c) for c in E.nest_cards(t)])
    t2 = E.replace_nest_card(t, seat, card)
    return replace(t2, steps=t.steps + (f"{t.name(seat)}: replace {key}",))


def _sudden(t: M.Table, text: str) -> M.Table | None:
    """``NAME: play secret-move SPACE``, ``NAME: play ally SIDE KIND SPACE`` or, outside a
    battle, ``NAME: play dont-buzz`` — sudden cards, which any player may play at any moment
    (Sudden Cards), whatever decision is due; None for any other step.  Stored with the
    player's name."""
    from hyvekit.rules.queenbee import battle_cards as C
    who, sep, rest = text.partition(":")
    words = rest.split() if sep else text.split()
    key = words[1].lower().replace("_", "-") if len(words) > 1 else ""
    if not words or words[0].lower() != "play" or (key, len(words)) not in (
            ("secret-move", 3), ("ally", 5), ("dont-buzz", 2)):
        return None
    d = pending(t)
    seat = _player(t, who.strip() if sep else (d.actor or ""))
    battle_buzz = key == "dont-buzz" and t.last_card is None and t.fight is not None
    if battle_buzz and t.name(seat) == d.actor and "play dont-buzz" in d.legal:
        return None                          # the decision's own step, stored as such
    board = t.setup.board
    if battle_buzz:
        t2, step = S.sudden_dont_buzz(t, seat), "play dont-buzz"
    elif key == "secret-move":
        space = board.space(words[2]).name
        t2, step = E.secret_move(t, seat, space), f"play secret-move {space}"
    elif key == "dont-buzz":
        t2, step = E.dont_buzz(t, seat), "play dont-buzz"
    else:
        from hyvekit.rules.validate import not_one_of
        side = {"attacker": 0, "defender": 1}.get(words[2].lower())
        kind = words[3].lower().rstrip("s")
        if side is None:
            raise not_one_of("side", words[2], ("attacker", "defender"))
        if kind not in (M.WARRIOR, M.WORKER, M.QUEEN):
            raise not_one_of("bee", words[3], KINDS)
        space = board.space(words[4]).name
        t2 = C.ally(t, seat, side, kind, space)
        step = f"play ally {words[2].lower()} {kind} {space}"
    return replace(settle(t2), steps=t.steps + (f"{t.name(seat)}: {step}",))


def _effect(t: M.Table, d: Decision, args: list[str], body: str) -> tuple[M.Table, str]:
    """An effect card played (Effect Cards): read, checked against the legal plays (Bad
    Pollen on a 5-6 player first turn refused by the variant), applied."""
    from hyvekit.rules.queenbee.tables import card_key
    from hyvekit.rules.validate import not_one_of
    key = card_key(args[0]) if args else ""
    if key not in E.NAMES:
        raise not_one_of("effect card", args[0] if args else "", E.NAMES)
    rest = args[1:]
    if key in ("bad-pollen", "bandit") and rest:
        rest = [t.players[_player(t, " ".join(rest))]]
    elif key == "knighthood" and len(rest) == 2:
        rest = [t.setup.board.space(rest[0]).name, rest[1].lower().rstrip("s")]
    step = " ".join(["play", key, *rest])
    if step not in d.legal:
        problem = first_turn_problem(t, t.turn, plays_bad_pollen=True) \
            if key == "bad-pollen" else None
        if problem is not None:
            raise problem
        nest = E.nest_problem(t, t.turn, E.NAMES[key])
        if nest is not None:
            raise M.refuse(d, body, nest + ": played only while the queen is still in the "
                           f"nest; 'replace {key}' discards it for another", E.R_NEST_SYMBOL)
        raise M.refuse(d, body, E.why_not(t, step.split()[1:])
                       or f"{E.NAMES[key]}: a card in your hand, of this match's deck, "
                       "played on your turn outside the action phase, as its description "
                       "says", "Queen Bee: Effect Cards")
    return E.play(t, step.split()[1:]), step


def _card_acts(t: M.Table, step: str) -> M.Table:
    """A step of Tangled Signals or Pesticides; back to the window the card was played in
    when it is over."""
    w = step.split()
    if w[0] == "move":
        t = E.tangled_move(t, w[1], w[2], w[3])
    elif w[0] == "remove":
        t = E.remove(t, w[1], w[2])
    a = t.action
    over = w[0] == "done" or (a.kind == "tangled-signals" and not E.tangled_moves(t)) or (
        a.kind == "pesticides" and not a.queue)
    return replace(t, phase=a.back, action=None) if over else t


def _add(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return values[:i] + (values[i] + n,) + values[i + 1:]


def _canonical(t: M.Table, verb: str, args: list[str], body: str) -> str:
    """The step in its stored form: kinds and spaces spelled as the board does.

    :raises InvalidInputError: a kind or space that is none, a count that is no number.
    """
    board = t.setup.board
    shape = {"move": ("kind", "space", "space"), "attack": ("space", "space"),
             "bring": ("kind", "space"), "add": ("kind", "space"), "swarm": ("space",),
             "remove": ("kind", "space"),
             "discard": ("count",)}.get(verb, ())
    if len(args) != len(shape):
        forms = {"move": "move KIND FROM TO", "attack": "attack FROM TO",
                 "bring": "bring KIND FROM", "add": "add KIND SPACE", "swarm": "swarm SPACE",
                 "remove": "remove KIND SPACE",
                 "discard": "discard N"}
        raise InvalidInputError("step", body, forms.get(verb, verb) + " (e.g. "
                                "'move warrior H1b G1b')")
    out = [verb]
    for what, word in zip(shape, args):
        if what == "kind":
            from hyvekit.rules.validate import not_one_of
            k = word.lower().rstrip("s")
            if k not in KINDS:
                raise not_one_of("bee", word, KINDS)
            out.append(k)
        elif what == "space":
            out.append(board.space(word).name)
        else:
            from hyvekit.rules.common import require_int
            out.append(str(require_int("cards discarded", word, 0, 99)))
    return " ".join(out)


def _why_not(t: M.Table, d: Decision, step: str) -> tuple[str, str]:
    """Why a well-formed step is not legal: ``(rule, why)`` in the rule's words."""
    w = step.split()
    seat = t.turn
    rule = {"swarm": R_SWARM, "flight": R_FLIGHT, "sting": R_STING,
            "reinforce": B.R_REINFORCE}.get(w[0] if d.kind == "action" else d.kind,
                                            M.R_TABLE)
    if w[0] == "reinforce":
        return rule, reinforce_problem(t, seat) or "not now"
    if w[0] == "swarm":
        bees = M.on(t, w[1])
        return rule, (f"Swarm moves bees onto a space holding exactly ONE of your bees, one "
                      f"of yours able to join it; {w[1]} holds {M.describe_bees(bees)}"
                      + ("" if not bees else " (yours)" if bees[0][1] == seat
                         else f" ({t.name(bees[0][1])}'s)"))
    if d.kind == "tangled" and w[0] == "move":
        owner = M.owner(t, w[2])
        if owner is None or owner not in E.opponents_in_play(t):
            return E.R_TANGLED, (f"Tangled Signals moves opponents' bees; {w[2]} holds "
                               + ("none" if owner is None else f"{t.name(owner)}'s"))
        return _why_not_bee(t, w, E.R_TANGLED, owner)
    if d.kind == "pesticides":
        return E.R_PESTICIDES, (f"{d.actor} removes one of their own warriors or workers in "
                              "their own hive (never the queen)")
    if w[0] in ("move", "bring", "add"):
        return _why_not_bee(t, w, rule)
    if w[0] == "attack":
        problem = None if M.owner(t, w[2]) is None else \
            first_turn_problem(t, seat, attacks=M.owner(t, w[2]))
        if problem is not None:
            return B.R_FIRST_TURN, problem.message
        return rule, ("attack from a space of your bees an adjacent space of an opponent's "
                      "bees (warriors never attack a tunnel)")
    if w[0] == "discard":
        return rule, f"discard down to {B.HAND_LIMIT}"
    return rule, "not now"


def _why_not_bee(t: M.Table, w: list[str], rule: str,
                 seat: int | None = None) -> tuple[str, str]:
    """Why a bee (of ``seat``, by default the player whose turn it is) may not be moved,
    brought or added as ``w`` says."""
    seat, kind, frm = t.turn if seat is None else seat, w[1], w[2]
    whose = "yours" if seat == t.turn else f"{t.name(seat)}'s"
    if w[0] == "add":
        if frm not in free_larvae(t, seat):
            return rule, f"{frm} is not a free larva space of your hive"
        return rule, f"no {kind} in reserve"
    if (frm, seat, kind) not in t.bees:
        return rule, f"no {kind} of {whose} on {frm}"
    to = w[3] if w[0] == "move" else t.action.target
    problem = M.enter_problem(t, seat, kind, to)
    if problem:
        return problem
    if w[0] == "bring":
        return rule, f"a Swarm brings at most {SWARM_BEES} bees"
    return rule, (f"{to} is more than {counted(t.action.left, 'space')} away for a {kind} "
                  "(the way may not pass tunnels for a warrior, nor another player's spaces, "
                  f"nor spaces holding {B.BEES_PER_SPACE} bees)")


def _begin_action(t: M.Table, d: Decision, step: str) -> M.Table:
    w = step.split()
    said = (f"{d.actor} takes the {'Reinforcement' if w[0] == 'reinforce' else w[0].title()}"
            f" action" + (f" onto {w[1]}" if len(w) > 1 else ""),)
    left = {"flight": FLIGHT_SPACES, "sting": STING_SPACES}.get(w[0], 0)
    action = M.Action(w[0], left, w[1] if len(w) > 1 else None,
                      spaces=tuple(free_larvae(t, t.turn)) if w[0] == "reinforce" else ())
    return replace(t, phase="acting", action=action, said=said)


def _act(t: M.Table, d: Decision, step: str) -> M.Table:
    w = step.split()
    a, seat = t.action, t.turn
    assert a is not None
    if w[0] == "done":
        return replace(t, phase="discard", action=None, said=(f"{d.actor} ends the action",))
    if w[0] == "attack":
        return S.start(F.begin(replace(t, action=None), seat, w[1], w[2]))
    if w[0] == "move":
        kind, frm, to = w[1], w[2], w[3]
        dist = M.reach(t, seat, kind, frm, a.left)[to]
        t = _moved(t, seat, kind, frm, to)
        t = replace(t, action=replace(a, left=a.left - dist),
                    said=(f"{d.actor}'s {kind} flies {frm} → {to} ({counted(dist, 'space')})",))
    elif w[0] == "bring":
        t = _moved(t, seat, w[1], w[2], a.target)
        t = replace(t, action=replace(a, brought=a.brought + 1),
                    said=(f"{d.actor}'s {w[1]} joins the swarm: {w[2]} → {a.target}",))
    else:
        t = replace(t, bees=M.with_bees(t, [], [(w[2], seat, w[1])]),
                    action=replace(a, added=a.added + 1),
                    said=(f"{d.actor} adds a {w[1]} on the larva space {w[2]}",))
    if len(acting_options(t)) == 1 or (t.action.kind == "swarm"
                                       and t.action.brought == SWARM_BEES):
        t = replace(t, phase="discard", action=None, said=t.said + ("the action is over",))
    return t


def _moved(t: M.Table, seat: int, kind: str, frm: str, to: str) -> M.Table:
    """The bee moved; a queen leaving her nest loses Reinforcement for good (90 Bees)."""
    left = t.queen_left
    if kind == M.QUEEN and frm == M.nest_of(t, seat):
        left = left[:seat] + (True,) + left[seat + 1:]
    return replace(t, bees=M.with_bees(t, [(frm, seat, kind)], [(to, seat, kind)]),
                   queen_left=left)


# --- what the tool does between decisions ----------------------------------------------

def settle(t: M.Table) -> M.Table:
    """What needs no decision: the end of the match (one queen left), a discard not needed,
    the next player's turn begun with the card drawn (1. Draw; players without bees on the
    board are out)."""
    if t.phase != "over" and len(M.queens(t)) <= 1:
        return replace(t, phase="over", action=None, fight=None)
    if t.phase == "discard" and t.extra:
        return replace(t, phase="action", extra=t.extra - 1,
                       said=t.said + ("Busy Bee: one more action",))
    if t.phase == "discard" and not t.window_done and E.options(t, False):
        return replace(t, phase="effects")
    if t.phase == "discard" and not B.cards_to_discard(t.hands[t.turn]):
        t = replace(t, phase="end")
    if t.phase not in ("end", "start"):
        return t
    seat = t.turn
    if t.phase == "end":
        n = len(t.players)
        seat = next(s % n for s in range(t.turn + 1, t.turn + n + 1) if M.in_play(t, s % n))
    t = replace(t, turn=seat, turns=_add(t.turns, seat, 1), phase="action", extra=0,
                larvae=0, window_done=False)
    if t.no_draw[seat]:
        return replace(t, no_draw=_add(t.no_draw, seat, -1),
                       said=t.said + (f"{t.name(seat)}'s turn {t.turns[seat]}: Bad Pollen — "
                                      "no card drawn",))
    t2, said = M.draw(t, seat)
    return replace(t2, said=t.said + (f"{t.name(seat)}'s turn {t2.turns[seat]}: "
                                      f"draws a card (hand {t2.hands[seat]}, deck "
                                      f"{t2.deck})",) + tuple(said))


def result(t: M.Table) -> dict:
    """The finished match: the winner, the queens defeated in order, the forced alliances
    (a fallen player → the queen their bees served at the end)."""
    winner = M.queens(t)[0] if M.queens(t) else None
    return {"winner": None if winner is None else t.name(winner),
            "defeated": [t.name(s) for s in t.fallen],
            "alliances": {t.name(s): t.name(M.head(t, s)) for s in t.fallen
                          if len(t.players) >= 3 and M.head(t, s) != s
                          and s != t.fallen[-1]}}


def played_match(t: M.Table, note: str, date: str | None = None):
    """The finished match ``t`` as a match log holds it
    (:class:`~hyvekit.rules.queenbee.matches.Match`): its players in seat order, the
    winner, the queens in the order they fell, hive skills and forced alliances (End of the
    Game, Forced Alliance, Advanced Rules).

    :param note: the match's note (``played at the table: ID``); ``date``: YYYY-MM-DD.
    :raises IllegalActionError: the match is not over (more than one queen remains).
    """
    from hyvekit.rules.queenbee.matches import Match
    if t.phase != "over":
        raise IllegalActionError("Queen Bee: End of the Game", "the match is not over: it "
                                 "ends when only one queen remains",
                                 expected="a finished match", given=f"{len(M.queens(t))} queens")
    r = result(t)
    return Match(tuple(t.players), r["winner"], tuple(r["defeated"]),
                 tuple((p, s) for p, s in zip(t.players, t.skills) if s),
                 tuple(r["alliances"].items()), date, note)
