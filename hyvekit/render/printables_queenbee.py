"""Queen Bee printables: the player reference and the card reference.

Context builders are pure functions over the Queen Bee rules core (``hyvekit/rules/queenbee/``
and ``hyvekit/data/queenbee.toml``): the card list, types, counts (sourced or assumed), the deck
by player count and the bee limits come from there, never from a second list here.  Rule texts
are transcribed from the Queen Bee rulebook (``rules/queen-bee.txt``) and cite its sections.

Printables (``hyvekit print list``):

* ``aid queenbee-reference`` – set-up, turn phases, actions, battle sequence, card symbols, bee
  limits and bee types (:func:`queenbee_reference_context`);
* ``aid queenbee-cards`` – every playing card by type with its effect and count, and the deck
  by player count (:func:`queenbee_cards_context`);
* ``aid queenbee-board`` – the board hyvekit assumes, drawn as a map with every space named
  and shown by type (:func:`queenbee_board_context`);
* ``pad queenbee`` – the match sheet, blank or filled in (:func:`match_pad_context`).

The rules modules are imported inside the builders: ``hyvekit print ...`` imports this module on
start-up, and nothing here may import weasyprint, reportlab, pypdf or jinja2.
"""

from __future__ import annotations

from typing import Any

from hyvekit.render.catalogue import Printable, register

# printed in the page footer (short: it shares the line with the paper and the version)
SOURCE_REFERENCE = "Queen Bee rulebook: Setup, Turn Order, Battle, Player Reference Card"
SOURCE_CARDS = "Queen Bee rulebook: Card Descriptions, Variants for 2 and 5-6 Players"


def _rules() -> dict[str, Any]:
    """The ``[rules]`` numbers of ``queenbee.toml`` (each cited there)."""
    from hyvekit.data import packaged_toml

    return packaged_toml("queenbee.toml")["rules"]


def card_effects() -> dict[str, str]:
    """Each card's effect as the card reference prints it (``effect`` of the ``[cards]`` of
    ``queenbee.toml``: Card Descriptions, transcribed)."""
    from hyvekit.data import packaged_toml

    return {name: str(raw.get("effect", "")) for name, raw in
            packaged_toml("queenbee.toml")["cards"].items()}


def _span(counts) -> str:
    """``[5, 6]`` → ``"5–6"``, ``[2]`` → ``"2"``."""
    counts = sorted(counts)
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}\u2013{counts[-1]}"


def player_counts() -> list[tuple[int, ...]]:
    """The player counts (Object of the Game: 2–6) grouped by the deck variants that apply to
    them (Variants for 2 and 5-6 Players): ``[(2,), (3, 4), (5, 6)]``."""
    from hyvekit.games.queenbee import MAX_PLAYERS, MIN_PLAYERS
    from hyvekit.data.queenbee import variants

    groups: list[tuple[frozenset, list[int]]] = []
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        key = frozenset(k for k, v in variants().items() if n in v.get("players", []))
        if groups and groups[-1][0] == key:
            groups[-1][1].append(n)
        else:
            groups.append((key, [n]))
    return [tuple(g) for _, g in groups]


def setup_variants() -> tuple[str, ...]:
    """Variants for 2 and 5-6 Players, in a line each (the player counts and the cards removed
    from the deck table)."""
    from hyvekit.data.queenbee import variants

    v = variants()
    two, many = v["two_players"]["players"], v["five_six_players"]["players"]
    removed = ", ".join(f"\u201c{name}\u201d" for name in v["five_six_players"]["remove"])
    return (
        f"{_span(two)} players: remove the cards meant for {max(two) + 1}+ players; "
        f"{_span(many)} players: remove {removed} and deal extra cards (see the card "
        "reference).",
        f"{_span(many)} players, ON YOUR FIRST TURN: you may not attack your neighbours in the "
        "hives to your left and right, and may not play \u201cBad Pollen\u201d cards.",
    )


# --- Queen Bee player reference ------------------------------------------------------------------

def queenbee_reference_context(**_: Any) -> dict[str, Any]:
    """Context of ``aid-queenbee-reference.html``; the numbers come from the rules core."""
    from hyvekit.games.queenbee import (BEES_PER_SPACE, HAND_LIMIT, LARVA_SPACES, MAX_BEES,
                                              QUEENS, SETUP_ROW, WARRIORS, WORKERS)
    from hyvekit.games.queenbee import CARDS_DEALT
    from hyvekit.games.queenbee import BLACK, MAXIMUM, YELLOW

    r = _rules()
    flight, swarm, sting = r["flight_spaces"], r["swarm_bees"], r["sting_spaces"]
    end, central = SETUP_ROW[0], SETUP_ROW[len(SETUP_ROW) // 2]
    return {
        "title": "Queen Bee Player Reference",
        "players": f"{r['min_players']}\u2013{r['max_players']} players. Defend your queen and "
                   "defeat the queens of the other players.",
        # Setup
        "setup": (
            "Place the game board in the centre of the table. Each player places the bees of "
            "one colour on the hive spaces:",
            "your queen in the nest;",
            f"{WARRIORS} warriors in the row of spaces nearest the nest: {central} on the central "
            f"space, {end} on each end space;",
            f"{WORKERS} worker bees in the next row: {central} on the central space, {end} on each "
            "end space (the two end spaces of this row are tunnels).",
            f"Shuffle the deck and deal {CARDS_DEALT} cards to each player; place the remaining "
            "cards in a stack next to the board.",
            "First player: whoever last ate honey (or roll a die).",
        ),
        "setup_variants": setup_variants(),
        # Turn Order
        "effect_warning": "Players cannot play effect cards during the action phase (phase 2) "
                          "of their turn; effect cards can be played during any other phase of "
                          "the turn.",
        "phases": (
            {"number": 1, "name": "Draw", "text": "At the start of your turn, draw one card "
                                                  "from the deck.", "actions": False},
            {"number": 2, "name": "Take an action", "text": "Take ONE of the actions A\u2013D.",
             "actions": True},
            {"number": 3, "name": "Discard", "actions": False,
             "text": f"At the end of your turn, discard cards from your hand down to "
                     f"{HAND_LIMIT}. Then announce the end of your turn and pass to the next "
                     "player."},
        ),
        "actions": (
            {"letter": "A", "name": "Flight",
             "text": f"Move your bees a total distance of up to {flight} spaces: 1 bee "
                     f"{flight} spaces, or several bees {flight} spaces in total. Never more "
                     f"than {BEES_PER_SPACE} bees on a space at any time; you cannot move "
                     "through spaces containing opponents' bees."},
            {"letter": "B", "name": "Swarm",
             "text": f"Move up to {swarm} bees, from anywhere on the board, onto a space where "
                     "there is only ONE of your bees."},
            {"letter": "C", "name": "Reinforcement",
             "text": f"Add one bee to each unoccupied larva space of your hive (up to "
                     f"{LARVA_SPACES}), from your reserve of bees defeated in battle. Never more "
                     f"than {MAX_BEES} bees. Only while the queen is in the nest: once she is "
                     "defeated or has left the nest, no more reinforcement for the rest of the "
                     "game."},
            {"letter": "D", "name": "Sting",
             "text": f"Move your bees a total distance of up to {sting} spaces (whether or not "
                     "they take part in the attack), then attack opponent's bees on a space "
                     "adjacent to your bees."},
        ),
        # Battle
        "battle_rule": "An attack is successful if the attacker's dice total is EQUAL to or "
                       "HIGHER than the defender's.",
        "battle": (
            {"number": 1, "name": "Attacker plays cards",
             "text": "before rolling: only cards with the attacker symbol."},
            {"number": 2, "name": "Attacker rolls",
             "text": f"1 small {YELLOW} die per worker bee, 1 large {BLACK} die per warrior or "
                     "queen in the battle. After the first roll you may re-roll any dice; then "
                     "add up the total (e.g. 4 + 3 + 3 = 10)."},
            {"number": 3, "name": "Defender rolls", "text": "by the same rules."},
            {"number": 4, "name": "Battle cards",
             "text": "The player who is losing may play battle cards to change the outcome; "
                     "then the other player (now losing) may, and so on, as long as players "
                     "have cards or until one accepts defeat."},
            {"number": 5, "name": "Battle rewards",
             "text": "Attacker wins: he must move at least one of his battling bees onto the "
                     "defender's space (he may leave bees behind); the defender removes all "
                     "his battling bees and draws one card. Defender wins: his bees stay; the "
                     "attacker removes all his battling bees and draws one card."},
        ),
        # Card types (Game Components, 110 Cards; Player Reference Card, Card symbols)
        "symbols": (
            {"name": "Sudden", "ribbon": "blue", "text": "can be played at any moment of the "
                                                          "game."},
            {"name": "Effect", "ribbon": "green", "text": "can be played on YOUR TURN, but not "
                                                           "during the ACTION phase."},
            {"name": "Battle", "ribbon": "red", "text": "can be played in a BATTLE involving at "
                                                         "least 1 of your bees."},
        ),
        "nest_symbol": "Nest symbol: the card can be played only while your queen is still in "
                       "the nest; if she has left it or has been defeated, discard the card and "
                       "draw a replacement.",
        # Limits
        "limits": (
            {"value": BEES_PER_SPACE, "what": "bees on a space",
             "note": "may be exceeded during a battle by card effects (\u201cCall for Help\u201d, "
                     "\u201cAlly\u201d)"},
            {"value": MAX_BEES, "what": "bees per player",
             "note": f"{QUEENS} queen, {WARRIORS} warriors, {WORKERS} worker bees"},
            {"value": HAND_LIMIT, "what": "cards in hand",
             "note": "at the end of your turn (discard down)"},
        ),
        # 90 Bees and Game Board
        "bees": (
            {"name": "Queen", "die": f"{BLACK} die (max {MAXIMUM[BLACK]})",
             "text": "Can move onto any space on the board. Only she can take the reinforcement "
                     "action, and only while in the nest. If she is defeated, your bees change "
                     "allegiance or the game ends."},
            {"name": "Warrior", "die": f"{BLACK} die (max {MAXIMUM[BLACK]})",
             "text": "Cannot move into tunnels or the nest of its own hive, and cannot attack "
                     "bees on tunnel spaces."},
            {"name": "Worker bee", "die": f"{YELLOW} die (max {MAXIMUM[YELLOW]})",
             "text": "Can move onto any space except the nest of its own hive; moves through "
                     "tunnels."},
        ),
        "spaces": "Spaces: nest (your own warriors and workers cannot enter it; opponents' bees "
                  "can), hive (two of them are also tunnel entrances), tunnel (workers and "
                  "queens only), grass (any bee).",
        "end": "End of the game: only one queen remains. Forced alliance (3+ players): a player "
               "whose queen is defeated keeps taking turns, his bees now fighting for the new "
               "queen, until all his bees are defeated; allies cannot pass cards or share a "
               "space.",
        "source": SOURCE_REFERENCE,
    }


# --- Queen Bee card reference --------------------------------------------------------------------

UNDESCRIBED = "Not described in the rulebook."

# Card Descriptions: the play rule of each type (and its ribbon colour, Game Components).
CARD_TYPES = (
    {"kind": "effect", "label": "Effect cards", "ribbon": "green ribbon",
     "rule": "Play at any moment of YOUR turn except the action phase (phase 2); any number, "
             "duplicates too. Never outside your own turn."},
    {"kind": "battle", "label": "Battle cards", "ribbon": "red ribbon",
     "rule": "Play during a battle involving at least 1 of your bees; any number, duplicates "
             "too."},
    {"kind": "sudden", "label": "Sudden cards", "ribbon": "blue ribbon",
     "rule": "Play at any moment, without any restrictions; any number, duplicates too."},
)
ATTACKER_ONLY = "attacker only, before the battle begins"


def queenbee_cards_context(**_: Any) -> dict[str, Any]:
    """Context of ``aid-queenbee-cards.html``: every card of the packaged table by type, with
    its count (assumed counts flagged as the data flags them), the deck by player count."""
    from hyvekit.data import queenbee as tables
    from hyvekit.games.queenbee import CARDS_DEALT, dealt_per_seat, deck_for

    cards, variants = tables.cards(), tables.variants()
    effects = card_effects()
    r = _rules()
    types = []
    for t in CARD_TYPES:
        rows = [{"name": c.name, "count": c.count, "count_assumed": c.assumed,
                 "type_assumed": c.type_assumed,
                 "attacker_only": ATTACKER_ONLY if c.attacker_only else "",
                 "effect": effects.get(c.name) or UNDESCRIBED}
                for c in cards.values() if c.kind == t["kind"]]
        types.append({**t, "cards": rows, "total": sum(x["count"] for x in rows)})

    decks = []
    # (label, a player count of the row); the largest count of a row shows every seat's deal
    for counts in player_counts():
        label = f"{_span(counts)} players"
        setup = deck_for(counts[0], cards, variants)
        removed = ", ".join(f"{name} \u2212{n}" for name, n in setup.removed) or "nothing"
        seats: dict[int, list[int]] = {}
        for seat, n in enumerate(dealt_per_seat(counts[-1], variants), start=1):
            if n > CARDS_DEALT:
                seats.setdefault(n - CARDS_DEALT, []).append(seat)
        dealt = f"{CARDS_DEALT} each"
        if seats:
            dealt += ", then " + "; ".join(f"+{e} to the {_seats(s)} player"
                                           for e, s in sorted(seats.items()))
        decks.append({"label": label, "size": setup.size, "removed": removed, "dealt": dealt})

    return {
        "title": "Queen Bee Card Reference",
        "intro": f"{r['playing_cards']} playing cards of {len(CARD_TYPES)} types (plus "
                 f"{r['hive_skill_cards']} "
                 "hive skill cards for the advanced rules). A card's type is the colour of the "
                 "ribbon with its name and the symbol under it.",
        "types": types,
        "any_count_assumed": any(c.assumed for c in cards.values()),
        "any_type_assumed": any(c.type_assumed for c in cards.values()),
        "count_note": "* count assumed: the rulebook gives only the total of "
                      f"{r['playing_cards']} and the copies removed by the variants; the other "
                      "counts are hyvekit's own, chosen to add up to the total.",
        "type_note": "\u2020 type assumed: named in the rulebook but not described.",
        "decks": decks,
        "nest_note": "Nest symbol on a card: play it only while your queen is still in the "
                     "nest; otherwise discard it and draw a replacement.",
        "source": SOURCE_CARDS,
    }


def _seats(seats: list[int]) -> str:
    names = [f"{s}{'st' if s == 1 else 'nd' if s == 2 else 'rd' if s == 3 else 'th'}"
             for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- Queen Bee match sheet (pad queenbee) ------------------------------------------------------

SOURCE_MATCH = "Queen Bee rulebook: End of the Game, Advanced Rules"
MATCHES_PER_PAGE = 2     # 1-up: two matches per page; 2- and 4-up: one match per copy
# Advanced Rules, "One Hive Skill per Player" and "Two Hive Skills per Player" (transcribed)
SKILL_RULES = (
    "Hive skills (advanced rules): play with either one skill per player or two. One: during "
    "setup, deal each player two hive skill cards; each chooses one and discards the other. "
    "Two: lay out all the hive skill cards; in turn order each player takes a first skill, "
    "then the last to choose chooses first for the second, and so on back around the table.",
)


def match_seats(players: int | None = None, names: list[str] | None = None,
                match: Any = None) -> list[dict[str, Any]]:
    """One row per seat: the player, hive skills, the order the queen fell in, the queen a
    forced alliance served, the winner.  ``match`` (a logged
    :class:`~hyvekit.rules.queenbee.matches.Match`) fills every row."""
    from hyvekit.render.printables import player_columns
    from hyvekit.games.queenbee import MAX_PLAYERS

    if match is not None:
        skills, served = dict(match.skills), dict(match.alliances)
        fell = {p: i for i, p in enumerate(match.defeated, 1)}
        return [{"number": i, "name": p, "skills": list(skills.get(p, ())),
                 "fell": fell.get(p, ""), "served": served.get(p, ""),
                 "winner": p == match.winner} for i, p in enumerate(match.players, 1)]
    return [{**seat, "skills": [], "fell": "", "served": "", "winner": False}
            for seat in player_columns(players, names, MAX_PLAYERS)]


def match_pad_context(players: int | None = None, names: list[str] | None = None,
                      per_page: int = 1, group: dict[str, Any] | None = None,
                      match: Any = None, match_number: int | None = None) -> dict[str, Any]:
    """Context of ``pad-queenbee.html``: match sheets (two a page, one on a 2-up or 4-up copy) with a
    row per seat: player, hive skills, the order the queens fell, forced alliances, winner.

    :param players: seats, 1–6; default the number of ``names``, else 6 (a match has 2–6).
    :param names: names pre-printed on the first seats of a blank sheet.
    :param group: ``{"name", "id"}`` of the match log it is printed for.
    :param match: a logged match to fill in (``match_number`` is its number): the first sheet
        of the page; the other (not on a 2- or 4-up copy) is blank, with ``names``; on those
        the blank copies are ``blank_games``.
    :raises InvalidInputError: seats out of 1–6, more names than seats, a name too long.
    """
    from hyvekit.games.queenbee import MAX_PLAYERS, MAX_SKILLS, MIN_PLAYERS

    blank = {"seats": match_seats(players, names), "match": None}
    count = 1 if per_page >= 2 else MATCHES_PER_PAGE
    games = [blank] * count
    if match is not None:
        games = [{"seats": match_seats(match=match),
                  "match": {"number": match_number, "date": match.date or "",
                            "note": match.note or ""}}] + games[1:]
    reference = queenbee_reference_context()
    return {
        "title": "Queen Bee Match Sheet",
        "seats": blank["seats"],
        "skill_slots": list(range(MAX_SKILLS)),
        "games": games,
        "blank_games": [blank] * count,     # the games of a blank sheet (names only)
        # mm of a page not left to the seats' rows: the margins, the title, each game's head
        # and table header, and the rules below
        "fixed_mm": {2: 86, 4: 68}.get(per_page, 100),
        "group": group,
        "player_range": f"{MIN_PLAYERS}\u2013{MAX_PLAYERS} players",
        "rules": (reference["end"], *SKILL_RULES),
        "source": SOURCE_MATCH,
    }


# --- Queen Bee board (aid queenbee-board) --------------------------------------------------------

SOURCE_BOARD = "Queen Bee rulebook: Game Board, Setup; the layout assumed by hyvekit"
#: the map's size on paper (mm, square) and a space's radius on it
MAP_MM, SPACE_MM = 172.0, 5.4
#: how far from the centre each hive's rows stand (workers, warriors, nest), in map units
#: (the map spans -1..1), and the gap between a row's spaces
ROW_RADII, ROW_GAP = (0.60, 0.76, 0.92), 0.155
#: each type of space: its legend, fill (light: no writing on a dark fill), outline and its
#: fill with --ink-saver
SPACE_KINDS = {
    "nest": ("Nest: the queen's; your own warriors and workers may not enter it", "#fde7a6",
             "solid", "#fffaeb"),
    "hive": ("Hive space", "#fff6d6", "solid", "#fffdf5"),
    "hive-tunnel": ("Tunnel entrance: a hive space that is a tunnel too", "#fff6d6", "dashed",
                    "#fffdf5"),
    "tunnel": ("Tunnel: workers and queens only", "#ffffff", "dashed", "#ffffff"),
    "grass": ("Grass: any bee", "#e4f1da", "solid", "#f7fbf4"),
}


def board_positions(board) -> dict[str, tuple[float, float]]:
    """Where each space of ``board`` is drawn (x, y in -1..1, y down): each hive's nest and
    rows around the centre, hive 1 at the top and the others clockwise (each row's last space
    toward the next hive); every other space where its neighbours pull it (each at the mean
    of its neighbours' places, repeated until still: a Tutte embedding), then spaces closer
    than a space's width pushed apart."""
    import math

    fixed: dict[str, tuple[float, float]] = {}
    hives = sorted(board.hives.items())
    for i, (_, hive) in enumerate(hives):
        angle = 2 * math.pi * i / len(hives)
        out, along = (math.sin(angle), -math.cos(angle)), (math.cos(angle), math.sin(angle))
        for radius, row in zip(ROW_RADII, (hive.workers, hive.warriors, (hive.nest,))):
            for j, name in enumerate(row):
                shift = (j - (len(row) - 1) / 2) * ROW_GAP
                fixed[name] = (out[0] * radius + along[0] * shift,
                               out[1] * radius + along[1] * shift)
    pos = {name: fixed.get(name, (0.0, 0.0)) for name in board.spaces}
    free = [n for n in board.spaces if n not in fixed]
    for _ in range(400):
        for n in free:
            near = board.spaces[n].adjacent
            pos[n] = (sum(pos[a][0] for a in near) / len(near),
                      sum(pos[a][1] for a in near) / len(near))
    least = 2.3 * SPACE_MM / MAP_MM * 2            # a space's width and a little, map units
    for _ in range(60):
        for a in free:
            for b in board.spaces:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = math.hypot(dx, dy)
                if b != a and d < least:
                    if d == 0:
                        dx, dy, d = 1.0, 0.0, 1.0
                    push = (least - d) / 2 / d
                    pos[a] = (pos[a][0] + dx * push, pos[a][1] + dy * push)
    return pos


def queenbee_board_context(queenbee_board: Any = None, **_: Any) -> dict[str, Any]:
    """Context of ``aid-queenbee-board.html``: the packaged board drawn as a map (each space a
    circle of its type's fill, its name, a larva space marked, adjacent spaces joined — a
    tunnel's joins dashed), the legend, the hives the players take by player count and what
    the rulebook says of the spaces; marked as hyvekit's assumption when it is one.

    :param queenbee_board: a player's own :class:`~hyvekit.rules.queenbee.spaces.Board`
        (``--board FILE``); default the packaged one.
    """
    from hyvekit.data import queenbee as tables

    board = tables.board() if queenbee_board is None else queenbee_board
    pos = board_positions(board)
    scale = (MAP_MM / 2 - SPACE_MM - 1) / max(max(abs(x), abs(y)) for x, y in pos.values())
    mm = {n: (round(MAP_MM / 2 + x * scale, 2), round(MAP_MM / 2 + y * scale, 2))
          for n, (x, y) in pos.items()}
    spaces = board.spaces
    joins = []
    for name, space in spaces.items():
        for other in space.adjacent:
            if name < other:
                tunnel = "tunnel" in (space.type, spaces[other].type)
                joins.append({"x1": mm[name][0], "y1": mm[name][1], "x2": mm[other][0],
                              "y2": mm[other][1], "tunnel": tunnel})
    drawn = [{"name": n, "x": mm[n][0], "y": mm[n][1], "type": s.type,
              "fill": SPACE_KINDS[s.type][1], "ink_fill": SPACE_KINDS[s.type][3],
              "dashed": SPACE_KINDS[s.type][2] == "dashed", "larva": s.larva,
              "nest": s.type == "nest"} for n, s in spaces.items()]
    labels = []                 # each hive's name beside its nest, clockwise of it
    for number, hive in sorted(board.hives.items()):
        x, y = mm[hive.nest]
        ox, oy = x - MAP_MM / 2, y - MAP_MM / 2
        d = (ox ** 2 + oy ** 2) ** 0.5 or 1.0
        gap = SPACE_MM + 7
        labels.append({"text": f"hive {number}", "x": round(x - oy / d * gap, 2),
                       "y": round(y + ox / d * gap + 1, 2)})
    return {
        "title": "Queen Bee Board",
        "intro": ("ASSUMED LAYOUT: the rulebook describes the spaces but prints no map; this "
                  "one is hyvekit's own, built from what the text says, not the publisher's. "
                  "If your board differs, describe it in a board file (hyvekit data copy "
                  "queenbee_board FILE) and play with --board FILE." if board.assumed else
                  f"Your own board, from {board.source}: the layout its file describes."),
        "map_mm": MAP_MM, "r": SPACE_MM, "joins": joins, "spaces": drawn,
        "hive_labels": labels,
        "legend": [{"type": t, "text": text, "fill": fill, "ink_fill": ink,
                    "dashed": line == "dashed"}
                   for t, (text, fill, line, ink) in SPACE_KINDS.items()],
        "larva": "Larva space: Reinforcement adds a bee to each free one of your hive",
        "join": "Lines join adjacent spaces; a dashed line leads into a tunnel.",
        "seats": [{"players": n, "hives": ", ".join(map(str, h))} for n, h in board.seats],
        "rules": queenbee_reference_context()["spaces"],
        "count": len(spaces),
        "source": SOURCE_BOARD if board.assumed else "Queen Bee rulebook: Game Board, Setup; "
                                                      f"the board of {board.source}",
    }


# --- registration --------------------------------------------------------------------------

register(Printable("aid queenbee-reference", "aid-queenbee-reference.html",
                   "Queen Bee Player Reference",
                   "Queen Bee player aid: set-up, turn phases, the four actions, battle "
                   "sequence, card symbols, limits (4 bees a space, 15 bees, hand of 5) and bee "
                   "types.",
                   "hyvekit print aid queenbee-reference --copies 6", per_page=(1,),
                   command=("print", "aid", "queenbee-reference"),
                   expect="Sequence of battle"),
         queenbee_reference_context, aid="queenbee-reference")
register(Printable("aid queenbee-cards", "aid-queenbee-cards.html", "Queen Bee Card Reference",
                   "Queen Bee card reference: every effect, battle and sudden card with its "
                   "effect and count (assumed counts marked), the 2-player and 5-6-player deck "
                   "changes and extra cards dealt.",
                   "hyvekit print aid queenbee-cards --paper letter", per_page=(1,),
                   command=("print", "aid", "queenbee-cards"), expect="Deck by player count"),
         queenbee_cards_context, aid="queenbee-cards")
register(Printable("aid queenbee-board", "aid-queenbee-board.html", "Queen Bee Board",
                   "Queen Bee board reference: hyvekit's assumed board drawn as a map (the "
                   "rulebook prints none), every space named and shown by type, larva spaces, "
                   "tunnels, the hives taken by player count.",
                   "hyvekit print aid queenbee-board --paper letter", per_page=(1,),
                   command=("print", "aid", "queenbee-board"),
                   expect="Tunnel: workers and queens only", uses=("queenbee_board",)),
         queenbee_board_context, aid="queenbee-board")
register(Printable("pad queenbee", "pad-queenbee.html", "Queen Bee Match Sheet",
                   "Queen Bee match sheet, two matches a page: players in seat order, hive "
                   "skills, the order the queens fell, forced alliances, winner; blank, or "
                   "pre-filled from a match log.",
                   'hyvekit print pad queenbee --names "Ann,Bob,Cy" --per-page 2',
                   per_page=(1, 2, 4), command=("print", "pad", "queenbee"),
                   expect="Queens fell"),
         lambda players=None, names=(), per_page=1, **_: match_pad_context(
             players, list(names), per_page), pad="queenbee")
