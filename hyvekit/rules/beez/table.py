"""A game of Beez played at the table, flight by flight, the tool keeping the honeycombs
(rules/beez.txt: Gameplay, Phase 2 "Collecting nectar", Phase 3, Game End, Rules for Experts).

The same shape as Bee Lives' month (:mod:`hyvekit.rules.beelives.month_phases`): :func:`pending`
says what is due — who decides, what, and the legal options as notations — and :func:`push`
applies one.  hyvekit does not keep the flower field: the player flies at the table and
states the flight's distance and the nectar taken (ruling B21).  The decisions, in order:

* ``flight`` (the player whose turn it is): ``fly D TOKENS`` — the flight of D spaces (1-5)
  and the nectar taken, one colour letter each, upper case = large (``fly 5 P w``: a large
  pink and a small white); ``empty`` — no nectar this flight (Phase 3 is skipped);
* ``store`` (the same player): ``store TOKEN CHAMBER`` (``store w A2``) — each nectar in a
  legal chamber of the flight's rows (with the experts' rule: next to a stored nectar).  A
  nectar with no legal chamber left is put back on the flower by the tool (a large one on the
  flower's centre, the bee on top of it);
* after the round in which a player stores the 12th nectar (Game End): ``secret CARD CARD``
  (a player whose secret objectives were not given when the game was made reveals them,
  start player first), then ``value CARD N`` for each card without a description (its honey
  drops counted by hand).  Then the game is scored: :func:`final_scores`.

Every step is kept in ``steps`` in its canonical notation, so a table replays from them
(:func:`replay`).
"""

from __future__ import annotations

import itertools
import shlex
from collections.abc import Mapping
from dataclasses import field, replace

from hyvekit.rules.beez.game import END_TRIGGER, BeezGame, Turn, new_game, play
from hyvekit.rules.beez.honeycomb import (
    R_COLLECT,
    ROW_NAMES,
    Chamber,
    Honeycomb,
    Layout,
    Nectar,
    Palette,
    StorageResult,
    check_collected,
    format_honeycomb,
    parse_chamber,
    parse_nectar,
)
from hyvekit.rules.beez.objectives import (
    COMMON_OBJECTIVES,
    MAX_HONEY,
    SECRET_OBJECTIVES,
    Objective,
    Outcome,
    PlayerScore,
    card_key,
    check_player_cards,
    parse_objective,
    score_player,
    valued,
    winners,
)
from hyvekit.rules.common import IllegalActionError, InvalidInputError, require_int
from hyvekit.rules.table import Decision, over
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import dataclass

R_TABLE = "Beez: the decision due"
VERBS = ("fly", "empty", "store", "secret", "value")
#: honey drops listed as options of a ``value`` step (any up to MAX_HONEY is accepted)
LISTED_VALUES = 30


@dataclass(frozen=True)
class Setup:
    """What a game is played with (Game Setup): players in turn order from the start player,
    the three common cards, each player's two secret cards (None: revealed at the end), the
    card library (for the ``secret`` step), the honeycomb layout, the nectar colours and
    whether the Rules for Experts apply."""

    players: tuple[str, ...]
    common: tuple[Objective, ...]
    secret: tuple[tuple[Objective, ...] | None, ...]
    library: Mapping[str, Objective] = field(repr=False, compare=False)
    layout: Layout = field(repr=False)
    palette: Palette = field(repr=False)
    expert: bool = False


@dataclass(frozen=True)
class Flight:
    """The flight of the player whose turn it is, being stored: its ``distance`` (spaces),
    the nectar ``collected`` and those ``stored`` so far ``(nectar, chamber)``."""

    distance: int
    collected: tuple[Nectar, ...]
    stored: tuple[tuple[Nectar, Chamber], ...] = ()

    def left(self) -> list[Nectar]:
        """Collected nectar not stored yet."""
        out = list(self.collected)
        for n, _ in self.stored:
            out.remove(n)
        return out


@dataclass(frozen=True)
class Table:
    """A game at the table.

    :ivar game: the honeycombs, turns and the end trigger (:class:`BeezGame`).
    :ivar flight: the flight being stored, or None.
    :ivar secret: each player's secret cards, None until revealed.
    :ivar values: honey drops entered by hand: ``(player, card id, honey)``.
    :ivar steps: every step pushed, canonical.
    :ivar said: what the last step did, for people (a nectar put back, a turn over).
    """

    setup: Setup
    game: BeezGame
    flight: Flight | None = None
    secret: tuple[tuple[Objective, ...] | None, ...] = ()
    values: tuple[tuple[str, str, int], ...] = ()
    steps: tuple[str, ...] = ()
    said: tuple[str, ...] = ()

    @property
    def done(self) -> bool:
        """The game is over and scored: nothing is due."""
        return pending(self).over


def new_table(setup: Setup) -> Table:
    """The game at its start: empty honeycombs, the start player's turn.

    :raises InvalidInputError: not 2-4 players, not 3 common / 2 secret cards, a card twice
        for a player (rulings B18, B19).
    """
    game = new_game(setup.players, setup.layout, setup.expert)
    if len(setup.common) != COMMON_OBJECTIVES:
        raise InvalidInputError("common", len(setup.common),
                                f"the {COMMON_OBJECTIVES} common objective cards")
    if len(setup.secret) != len(setup.players):
        raise InvalidInputError("secret", len(setup.secret), "one entry per player")
    for name, cards in zip(setup.players, setup.secret):
        if cards is not None and len(cards) != SECRET_OBJECTIVES:
            raise InvalidInputError(f"{name}'s secret objectives", len(cards),
                                    f"{SECRET_OBJECTIVES} cards")
        check_player_cards(name, setup.common, cards or ())
    return Table(setup, game, secret=setup.secret)


# --- what is due -------------------------------------------------------------------------

def pending(t: Table) -> Decision:
    """The decision due; :data:`~hyvekit.rules.table.OVER` once the game is scored (its
    ``result``: :func:`final_scores`)."""
    g, s = t.game, t.setup
    if not g.over:
        name = s.players[g.current]
        if t.flight is None:
            return Decision("flight", name, f"{name}'s flight (round {g.round}): the distance "
                            "flown and the nectar taken", fly_options(t))
        left = t.flight.left()
        what = (left[0].describe() if len(left) == 1
                else " and ".join(n.token(s.palette) for n in left))
        rows = [ROW_NAMES[r] for r in s.layout.rows_for(t.flight.distance)]
        return Decision("store", name, f"{name} stores the {what}, a flight of "
                        f"{t.flight.distance} (row{'s' if len(rows) > 1 else ''} "
                        f"{' and '.join(rows)})", store_options(t))
    for name, cards in zip(s.players, t.secret):
        if cards is None:
            return Decision("secret", name, f"{name} reveals their {SECRET_OBJECTIVES} secret "
                            "objectives", secret_options(t, name),
                            more='a card of your own counted by hand: '
                                 '\'manual: "Card name" = 7\'')
    for name, card in _unvalued(t):
        return Decision("value", name, f"{name}: the honey drops of '{card.name}' (a card "
                        "without a description, counted by hand)",
                        tuple(f"value {card.id} {n}" for n in range(LISTED_VALUES + 1)),
                        more=f"any whole number of honey drops 0-{MAX_HONEY}")
    return over("the game is over and scored", _scores(t))


def supply(t: Table) -> dict[tuple[str, bool], int]:
    """Nectar still on the flowers by ``(colour, large)``: the game's count (Contents) less
    what is stored in the honeycombs (ruling B21)."""
    pal = t.setup.palette
    out = {}
    for c in pal.colours:
        for large, count in ((False, pal.small_per_colour), (True, pal.large_per_colour)):
            out[(c.name, large)] = count - sum(1 for b in t.game.boards for _, n in b.stored()
                                               if n.colour == c.name and n.large == large)
    return out


def fly_options(t: Table) -> tuple[str, ...]:
    """``flight``: every distance 1-5 (any is on the hive from some side, Phase 1) with every
    take the flowers can still give (Phase 2: one small nectar, or a large one with at most
    one small one), and ``empty``."""
    left = supply(t)
    colours = [c.name for c in t.setup.palette.colours]
    smalls = [(Nectar(c),) for c in colours if left[(c, False)] > 0]
    larges = [Nectar(c, True) for c in colours if left[(c, True)] > 0]
    takes = smalls + [(x,) for x in larges] + [(x, *y) for x in larges for y in smalls]
    return tuple(format_fly(t, d, take) for d in range(1, 6) for take in takes) + ("empty",)


def format_fly(t: Table, distance: int, take: tuple[Nectar, ...]) -> str:
    """``fly 5 P w``: the large nectar first."""
    tokens = [n.token(t.setup.palette) for n in sorted(take, key=lambda n: not n.large)]
    return " ".join(["fly", str(distance), *tokens])


def honeycomb_now(t: Table) -> Honeycomb:
    """The honeycomb of the player whose turn it is, with the flight's nectar stored so far."""
    hc = t.game.boards[t.game.current]
    for n, c in (t.flight.stored if t.flight else ()):
        hc = hc.place(n, c)
    return hc


def store_options(t: Table) -> tuple[str, ...]:
    """``store``: each nectar left of the flight in each chamber it may go to now."""
    assert t.flight is not None
    hc = honeycomb_now(t)
    chambers = hc.legal_chambers(t.flight.distance, t.setup.expert)
    tokens = dict.fromkeys(n.token(t.setup.palette) for n in t.flight.left())
    return tuple(f"store {tok} {c}" for tok in tokens for c in chambers)


def secret_options(t: Table, name: str) -> tuple[str, ...]:
    """``secret``: every two different cards of the library that are not common cards
    (ruling B19), in the library's order."""
    common = {card_key(c) for c in t.setup.common}
    ids = [o.token() for o in t.setup.library.values() if card_key(o) not in common]
    return tuple("secret " + " ".join(shlex.quote(x) for x in pair)
                 for pair in itertools.combinations(ids, SECRET_OBJECTIVES))


def _cards(t: Table, i: int) -> tuple[Objective, ...]:
    return t.setup.common + (t.secret[i] or ())


def _unvalued(t: Table) -> list[tuple[str, Objective]]:
    have = {(p, c) for p, c, _ in t.values}
    return [(name, card) for i, name in enumerate(t.setup.players)
            for card in _cards(t, i) if not card.described and (name, card.id) not in have]


# --- applying a step ---------------------------------------------------------------------

def push(t: Table, text: str) -> Table:
    """The table after the step ``text`` (a notation of the decision due), and what the tool
    does after it (nectar that cannot be stored put back, the turn passed on).

    :raises IllegalActionError: a step the rules refuse (the rule named, the legal options in
        ``expected``), or nothing due (the game is scored).
    :raises InvalidInputError: a step that is not notation (the field named, close matches
        suggested).
    """
    d = pending(t)
    text = " ".join(str(text).split())
    if d.over:
        raise IllegalActionError(R_TABLE, "the game is over and scored: nothing is due",
                                 expected="nothing", given=text)
    body = _strip_actor(d, text, t.setup.players)
    try:
        words = shlex.split(body)
    except ValueError:
        raise InvalidInputError("step", text, "a step with its quotes closed") from None
    verb = words[0].lower() if words else ""
    if verb not in VERBS:
        raise InvalidInputError("step", text, f"a {d.kind} step: " + legal_hint(d),
                                suggestions=close_matches(verb, VERBS))
    apply = {"flight": _fly, "store": _store, "secret": _secret, "value": _value}[d.kind]
    t2, step = apply(t, d, verb, words[1:], text)
    return replace(t2, steps=t.steps + (step,))


def _strip_actor(d: Decision, text: str, players: tuple[str, ...]) -> str:
    """``Martin: fly 5 P w`` → ``fly 5 P w`` when it is Martin's decision.

    :raises IllegalActionError: the step names another player.
    """
    head, sep, rest = text.partition(":")
    if sep and head.strip().lower() in {p.lower() for p in players}:
        if head.strip().lower() != d.actor.lower():
            raise IllegalActionError(R_TABLE, f"{d.prompt}: it is {d.actor}'s decision, not "
                                     f"{head.strip()}'s", expected=d.actor, given=head.strip())
        return rest.strip()
    return text


def legal_hint(d: Decision, most: int = 8) -> str:
    """The first legal options, with how many more there are."""
    shown = "; ".join(d.legal[:most])
    more = len(d.legal) - most
    return shown + (f"; … and {more} more (hyvekit beez next lists them)" if more > 0 else "")


def _refuse(d: Decision, text: str, why: str, rule: str = R_TABLE) -> IllegalActionError:
    return IllegalActionError(rule, f"{d.prompt}: {text!r} is not legal ({why}). Legal: "
                              + legal_hint(d) + (f" ({d.more})" if d.more else ""),
                              expected=list(d.legal), given=text)


def _wrong_verb(d: Decision, text: str) -> IllegalActionError:
    return _refuse(d, text, f"a {d.kind} step is due")


def _fly(t: Table, d: Decision, verb: str, args: list[str], text: str) -> tuple[Table, str]:
    if verb == "empty":
        if args:
            raise InvalidInputError("empty", text, "'empty' alone (no nectar this flight)")
        return _end_turn(t, Turn(), [f"{d.actor} collected no nectar: Phase 3 is skipped"]), \
            "empty"
    if verb != "fly":
        raise _wrong_verb(d, text)
    if not args:
        raise InvalidInputError("fly", text, "fly DISTANCE NECTAR..., e.g. 'fly 5 P w'")
    distance = require_int("flight distance", args[0], 1, 5)
    take = tuple(parse_nectar(x, t.setup.palette, "nectar taken") for x in args[1:])
    if not take:
        raise InvalidInputError("fly", text, "the nectar taken after the distance, e.g. "
                                "'fly 5 P w' (or 'empty' when you took none)")
    try:
        check_collected(take)
    except IllegalActionError as err:
        raise _refuse(d, text, err.message, R_COLLECT) from None
    step = format_fly(t, distance, take)
    if step not in d.legal:
        left = supply(t)
        gone = next(n for n in take if left[(n.colour, n.large)] < take.count(n))
        raise _refuse(d, text, f"no {gone.describe()} is left on the flowers: every one is in a "
                      "honeycomb", R_COLLECT)
    ordered = tuple(sorted(take, key=lambda n: not n.large))
    return _settle(replace(t, flight=Flight(distance, ordered)), []), step


def _store(t: Table, d: Decision, verb: str, args: list[str], text: str) -> tuple[Table, str]:
    if verb != "store":
        raise _wrong_verb(d, text)
    if len(args) != 2:
        raise InvalidInputError("store", text, "store NECTAR CHAMBER, e.g. 'store w A2'")
    nectar = parse_nectar(args[0], t.setup.palette, "nectar stored")
    chamber = parse_chamber(args[1])
    assert t.flight is not None
    step = f"store {nectar.token(t.setup.palette)} {chamber}"
    if step not in d.legal:
        if nectar not in t.flight.left():
            raise _refuse(d, text, f"the {nectar.describe()} is not a nectar of this flight "
                          "left to store")
        try:
            honeycomb_now(t).check_store(nectar, chamber, t.flight.distance, t.setup.expert)
        except IllegalActionError as err:
            raise _refuse(d, text, err.message, err.rule) from None
        raise _refuse(d, text, "not a chamber the nectar may go to")
    flight = replace(t.flight, stored=t.flight.stored + ((nectar, chamber),))
    said = [f"{d.actor} stored the {nectar.describe()} in {chamber}"]
    return _settle(replace(t, flight=flight), said), step


def _settle(t: Table, said: list[str]) -> Table:
    """The turn ended when every nectar of the flight is stored, or what is left has no legal
    chamber (put back: Phase 3)."""
    assert t.flight is not None
    if t.flight.left() and store_options(t):
        return replace(t, said=tuple(said))
    f = t.flight
    return _end_turn(replace(t, flight=None), Turn(f.distance, f.collected, f.stored), said)


def _end_turn(t: Table, turn: Turn, said: list[str]) -> Table:
    name = t.setup.players[t.game.current]
    game = play(t.game, turn)
    result: StorageResult | None = game.last_result
    if result is not None:
        said += [f"goes back: {line}" for line in result.describe_returned()]
        if result.stored:
            said.append(f"{name}'s marker moves {result.marker_moves} right: "
                        f"{result.honeycomb.count} nectar stored")
    if game.trigger_round is not None and t.game.trigger_round is None:
        said.append(f"{name} has stored {END_TRIGGER} or more nectar: the game ends when "
                    f"round {game.trigger_round} is complete")
    if game.over:
        said.append(f"the game is over after round {game.trigger_round}: every player has had "
                    f"{game.turns_taken()[0]} turns; reveal the secret objectives and score")
    return replace(t, game=game, said=tuple(said))


def _secret(t: Table, d: Decision, verb: str, args: list[str], text: str) -> tuple[Table, str]:
    if verb != "secret":
        raise _wrong_verb(d, text)
    if len(args) != SECRET_OBJECTIVES:
        raise InvalidInputError("secret", text, f"secret CARD CARD ({SECRET_OBJECTIVES} cards, "
                                "e.g. 'secret three-colour-line bow')")
    cards = tuple(parse_objective(a, dict(t.setup.library), "secret objective") for a in args)
    i = t.setup.players.index(d.actor)
    try:
        check_player_cards(d.actor, t.setup.common, cards)
    except InvalidInputError as err:
        raise _refuse(d, text, f"{err.given}: {err.allowed}") from None
    order = list(t.setup.library)
    cards = tuple(sorted(cards, key=lambda c: order.index(c.id) if c.id in order else 99))
    secret = t.secret[:i] + (cards,) + t.secret[i + 1:]
    step = "secret " + " ".join(shlex.quote(c.token()) for c in cards)
    return replace(t, secret=secret, said=(f"{d.actor}'s secret objectives: "
                                           + ", ".join(c.name for c in cards),)), step


def _value(t: Table, d: Decision, verb: str, args: list[str], text: str) -> tuple[Table, str]:
    if verb != "value":
        raise _wrong_verb(d, text)
    if len(args) != 2:
        raise InvalidInputError("value", text, "value CARD HONEY, e.g. 'value queen-cup 7'")
    due = _unvalued(t)[0][1]
    if args[0].lower() != due.id:
        raise _refuse(d, text, f"the card due is {due.id}")
    honey = require_int(f"{due.id} honey drops", args[1], 0, MAX_HONEY)
    return replace(t, values=t.values + ((d.actor, due.id, honey),),
                   said=(f"{d.actor}: '{due.name}' gives {honey} honey drops",)), \
        f"value {due.id} {honey}"


# --- settings, replay and the end ----

SETTINGS_KEYS = ("players", "common", "secret", "expert")


def setup_from_settings(settings: Mapping, library: Mapping[str, Objective], layout: Layout,
                        palette: Palette) -> Setup:
    """A :class:`Setup` from a record's settings: ``players`` (names in turn order from the
    start player), ``common`` (3 card tokens), ``secret`` (``{player: [2 card tokens]}``,
    players left out reveal theirs at the end) and ``expert``.

    :raises InvalidInputError: an unknown key, a bad card, a card twice for a player.
    """
    from hyvekit.rules.validate import flag, require_table
    require_table("beez settings", settings, SETTINGS_KEYS)
    players = settings.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidInputError("players", players, "a list of names")
    names = tuple(" ".join(p.split()) for p in players)
    if any(not n or len(n) > 24 or ":" in n for n in names):
        raise InvalidInputError("players", ",".join(names), "names of 1-24 characters "
                                "without ':'")
    lib = dict(library)
    common_raw = settings.get("common")
    if not isinstance(common_raw, list):
        raise InvalidInputError("common", common_raw, "a list of card ids")
    common = tuple(parse_objective(c, lib, "common objective") for c in common_raw)
    secret_raw = require_table("secret", settings.get("secret", {}), names)
    for n, cards in secret_raw.items():
        if not isinstance(cards, list):
            raise InvalidInputError(f"{n}'s secret objectives", cards, "a list of card ids")
    secret = tuple(None if n not in secret_raw else tuple(
        parse_objective(c, lib, f"{n}'s secret objective") for c in secret_raw[n])
        for n in names)
    return Setup(names, common, secret, lib, layout, palette,
                 flag("expert", settings.get("expert", False)))


# --- replay and the end ------------------------------------------------------------------

def replay(setup: Setup, steps: list[str] | tuple[str, ...]) -> Table:
    """The table after ``steps`` from the start.

    :raises IllegalActionError, InvalidInputError: a step refused (as :func:`push`).
    """
    t = new_table(setup)
    for step in steps:
        t = push(t, step)
    return t


def final_scores(t: Table) -> tuple[tuple[PlayerScore, ...], Outcome] | None:
    """Each player's score on the three common and their two secret cards (cards without a
    description at the values entered) and the winner (Game End), once the game is over and
    everything is revealed; else None."""
    d = pending(t)
    return d.result if d.over else None


def _scores(t: Table) -> tuple[tuple[PlayerScore, ...], Outcome]:
    values = {(p, c): h for p, c, h in t.values}
    scored = []
    for i, name in enumerate(t.setup.players):
        cards = [c if c.described else valued(c, values[(name, c.id)]) for c in _cards(t, i)]
        scored.append(score_player(name, t.game.boards[i], cards))
    return tuple(scored), winners(scored)


def shown_cards(t: Table) -> tuple[Objective, ...]:
    """The game's objective cards everyone may see: the common ones, and once the game is
    over the secret ones revealed (Game Setup 4: "revealed at the end"), each card once."""
    cards = list(t.setup.common)
    if t.game.over:
        for hand in t.secret:
            cards += [c for c in hand or () if c.id not in {x.id for x in cards}]
    return tuple(cards)


def unseen(t: Table, name: str, rng) -> Table:
    """``t`` as ``name`` may know it, what they may not see drawn afresh with ``rng``: while
    the game is played, every secret card but ``name``'s own (when the table holds them) is
    two cards drawn from those that may be a secret card (:func:`secret_options`, each pair
    as likely; ruling B19), in the table and in its setup alike; once the game is over the
    secret cards are revealed (Game End) and nothing is drawn.

    For the advisor (docs/advisor.md, "Beez"): no estimate reads another player's cards.
    """
    if t.game.over:
        return t
    i = t.setup.players.index(name)
    library = dict(t.setup.library)
    drawn = []
    for j, (p, cards) in enumerate(zip(t.setup.players, t.secret)):
        if j != i or cards is None:
            pairs = secret_options(t, p)       # one pair: nothing to draw (no luck in it)
            pair = pairs[0] if len(pairs) == 1 else rng.choice(pairs)
            cards = tuple(parse_objective(x, library, "secret objective")
                          for x in shlex.split(pair)[1:])
        drawn.append(cards)
    return replace(t, setup=replace(t.setup, secret=tuple(drawn)), secret=tuple(drawn))


def check_hint(t: Table, player: str, decision: str) -> None:
    """A hint of the advisor marked for ``player``'s ``decision``: only for the decision due
    (docs/advisor.md, "Honest records").

    :raises IllegalActionError: not the decision due (its player or its kind).
    """
    d = pending(t)
    if d.over or (d.actor, d.kind) != (player, decision):
        due = "nothing (the game is over)" if d.over else f"{d.actor}'s {d.kind} decision"
        raise IllegalActionError(R_TABLE, f"a hint is marked for the decision due: {due}",
                                 expected=due, given=f"{player}'s {decision} decision")


def view(t: Table) -> dict:
    """The table for people and ``next --json``: the round, whose turn, each player's
    honeycomb (text rows), nectar and large nectar, the common cards, the nectar left on the
    flowers, and when over the scores and the winner.  Secret cards show only once the game
    is over."""
    g, s = t.game, t.setup
    over = g.over
    players = []
    for i, name in enumerate(s.players):
        hc = honeycomb_now(t) if (t.flight and i == g.current) else g.boards[i]
        players.append({"name": name, "nectar": hc.count, "large_nectar": hc.large_count,
                        "turns": g.turns_taken()[i],
                        "honeycomb": format_honeycomb(hc, s.palette, labels=False).splitlines(),
                        "secret": ([c.name for c in t.secret[i]] if over and t.secret[i]
                                   else "hidden" if t.secret[i] else "to reveal")})
    out = {"round": g.round if not over else g.trigger_round, "over": over,
           "turn": None if over else s.players[g.current],
           "end_triggered": g.trigger_round is not None, "expert": s.expert,
           "labels": list(s.layout.labels),
           "common": [c.name for c in s.common], "players": players,
           "flowers": {f"{'large' if large else 'small'} {c}": n
                       for (c, large), n in supply(t).items()},
           "flight": None if t.flight is None else {
               "distance": t.flight.distance,
               "left": [n.token(s.palette) for n in t.flight.left()]}}
    final = final_scores(t)
    if final is not None:
        scored, outcome = final
        out["scores"] = [{"name": p.name, "total": p.total, "large_nectar": p.large_nectar,
                          "objectives": [{"id": x.objective.id, "name": x.objective.name,
                                          "honey": x.honey, "detail": x.detail,
                                          "assumed": bool(x.assumptions)} for x in p.scores],
                          "assumptions": list(p.assumptions)} for p in scored]
        out["winners"] = list(outcome.winners)
        out["shared"] = outcome.shared
        out["tie_broken_by_large_nectar"] = outcome.tie_broken
    return out
