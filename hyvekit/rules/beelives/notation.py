"""A short text notation for Bee Lives turns, like chess's SAN: every typed action of
:mod:`.player_turns` and :mod:`.wild_turns` prints as one line (:func:`format_action`) that
parses back to the same action (:func:`parse_action`).

The shape is ``[ACTOR:] VERB [VALUES] [KEY VALUE]...``::

    Susan: forage harvest 2 take 3/1/0      a forage of the harvest tile 2 spaces away
    Susan: forage at 1,-2                   the same on the map (tile and distance from it)
    Jeremy: raid Susan 5 rolls 3421/4433    a raid with 5 bees, two rolls (the last kept)
    Susan: defend 2        Susan: requeen nomadic        Susan: cool        Susan: pass
    ACORN: raid Susan d6 4                  a wild hive's raid and its D6
    ACORN: swarm BRAMBLE spawn-at 2,-1      a wild hive at 14 swarms: the new hive and its tile

Values: a tile type (bloom, wilt, harvest, wet), a distance, a hive's name (quoted when it
holds a space: ``raid "Mara's Hive" 3``), a map tile ``q,r``, resources taken
``honey/pollen/water``, raid dice as digits per roll (``3421``) or with commas
(``3,4,2,1``), rolls separated by ``/``.  Keys: ``take``, ``at``, ``bees``,
``distance`` (a distance stated beside the map's), ``from`` (a wild hive's stated distance from
the first player's hive), ``rolls``, ``removed``,
``sacrifice-defending``, ``sacrifice-unassigned``, ``sacrifices``, ``target-roll`` and the
turn's dice: ``d6`` (the season card's D6 after foraging or scouting; a wild hive's raid D6),
``spawn``, ``spawn-at``, ``zombee``, ``infection``, ``haunt``, ``siege``, ``siege-spawn``,
``siege-at``.  Case and spacing are forgiving; an unknown word is answered with the close
matches (rules/bee-lives.txt, "Actions", "Wild Hives").
"""

from __future__ import annotations

import functools
import re
import shlex
from dataclasses import fields
from typing import Any

from hyvekit.rules.beelives.board import TILE_TYPES
from hyvekit.rules.beelives.player_turns import (
    BuildWax,
    CleanBees,
    CoolHive,
    Defend,
    Forage,
    Pass,
    PlayerAction,
    Raid,
    Requeen,
    ScareGhosts,
    Scout,
)
from hyvekit.rules.beelives.state import GameState, TurnDice
from hyvekit.rules.beelives.wild_turns import (
    WildAction,
    WildForage,
    WildNothing,
    WildRaid,
    WildScout,
    WildSwarm,
)
from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import close_matches, find

Action = PlayerAction | WildAction

#: verb → class, for players and for wild hives (the words a player types)
PLAYER_VERBS: dict[str, type[PlayerAction]] = {
    "forage": Forage, "scout": Scout, "raid": Raid, "scare": ScareGhosts, "defend": Defend,
    "build-wax": BuildWax, "clean-bees": CleanBees, "cool-hive": CoolHive, "requeen": Requeen,
    "pass": Pass}
WILD_VERBS: dict[str, type[WildAction]] = {
    "swarm": WildSwarm, "forage": WildForage, "raid": WildRaid, "scout": WildScout,
    "nothing": WildNothing}
#: other words for a verb
ALIASES = {"wax": "build-wax", "build": "build-wax", "clean": "clean-bees", "cool": "cool-hive",
           "scare-ghosts": "scare", "none": "nothing"}

#: positional values of each class, in order
POSITIONAL: dict[type, tuple[str, ...]] = {
    Forage: ("tile", "distance"), Scout: ("tile",), Raid: ("target", "bees"),
    Defend: ("bees",), BuildWax: ("bees",), CleanBees: ("bees",), Requeen: ("queen",),
    WildForage: ("tile", "distance"), WildRaid: ("target",), WildScout: ("tile",),
    WildSwarm: ("dice.spawn",)}
#: key word → field (``dice.`` for the turn's dice); the order is the printed order
KEYS: dict[str, str] = {
    "at": "at", "take": "take", "bees": "bees", "distance": "distance", "rolls": "rolls",
    "removed": "removed", "sacrifice-defending": "sacrifice_defending",
    "sacrifice-unassigned": "sacrifice_unassigned", "sacrifices": "sacrifices",
    "d6": "dice.card_d6", "target-roll": "target_roll", "spawn": "dice.spawn",
    "spawn-at": "dice.spawn_at", "zombee": "dice.zombee_d6", "infection": "dice.infection_d6",
    "haunt": "dice.haunt_d6", "siege": "dice.siege_d6", "siege-spawn": "dice.siege_spawn",
    "siege-at": "dice.siege_at"}
#: what a key means on a wild hive's turn where it differs, or adds
WILD_KEYS = {"d6": "d6", "from": "from_first_player"}
#: other words for a key (read, never printed)
KEY_ALIASES = {"sac-defending": "sacrifice-defending", "sac-unassigned": "sacrifice-unassigned",
               "dist": "distance"}

_COORDS = ("at", "spawn_at", "siege_at")
_INTS = ("distance", "bees", "sacrifice_defending", "sacrifice_unassigned", "sacrifices",
         "target_roll", "d6", "card_d6", "zombee_d6", "infection_d6", "haunt_d6", "siege_d6",
         "from_first_player")
_NAMES = ("target", "spawn", "siege_spawn")


# --- printing -----------------------------------------------------------------------------------

def format_action(action: Action, *, actor: bool = True) -> str:
    """``action`` in the notation; ``actor=False`` leaves out the ``ACTOR:`` prefix (when the
    table already says whose turn it is)."""
    verb, positional, keyed = _layout(type(action))
    words = [verb]
    done = set()
    for name, get in positional:
        value = get(action)
        if value is None:
            break
        words.append(_word(name, value))
        done.add(name)
    for key, name, get, default in keyed:
        if name in done:
            continue
        value = get(action)
        if value == default:
            continue
        words += [key, _word(name, value)]
    text = " ".join(words)
    return f"{quote_name(action.actor)}: {text}" if actor else text


@functools.cache
def _layout(cls: type) -> tuple[str, tuple, tuple]:
    """How an action of ``cls`` is printed, worked out once per class: its verb, its positional
    values ``(name, getter)`` and its keyed ones ``(key, name, getter, default)``, in order."""
    verbs = WILD_VERBS if cls.wild else PLAYER_VERBS
    verb = next(v for v, c in verbs.items() if c is cls)
    keys = dict(KEYS, **(WILD_KEYS if cls.wild else {}))

    def getter(name: str) -> Any:
        return functools.partial(_get, name=name)
    positional = tuple((name, getter(name)) for name in POSITIONAL.get(cls, ()))
    keyed = tuple((key, name, getter(name), _default_of(cls, name)) for key, name in keys.items()
                  if name.startswith("dice.") or name in _defaults(cls))
    return verb, positional, keyed


def _default_of(cls: type, name: str) -> Any:
    if name.startswith("dice."):
        return _defaults(TurnDice)[name[5:]]
    return _defaults(cls)[name]


@functools.cache
def _defaults(cls: type) -> dict[str, Any]:
    """Field name → default of a dataclass (computed once per class)."""
    return {f.name: f.default for f in fields(cls)}


def _get(action: Action, name: str) -> Any:
    if name.startswith("dice."):
        return getattr(action.dice, name[5:])
    return getattr(action, name, None)


def _word(name: str, value: Any) -> str:
    field = name.split(".")[-1]
    if field in _COORDS:
        return f"{value[0]},{value[1]}"
    if field == "take":
        return "/".join(str(v) for v in value)
    if field == "rolls":
        return "/".join(digits_text(r) for r in value)
    if field == "removed":
        return digits_text(value)
    if isinstance(value, str):
        return quote_name(value)
    return str(value)


def digits_text(values: tuple[int, ...]) -> str:
    """Dice faces as a step writes them: ``3421`` (comma-separated when one is over 9)."""
    if all(0 <= v <= 9 for v in values):
        return "".join(str(v) for v in values)
    return ",".join(str(v) for v in values)


def quote_name(text: str) -> str:
    """A name as a step writes it: as it is, or quoted when it holds spaces or signs."""
    if text and all(c.isalnum() or c in "-_." for c in text):
        return text
    return f'"{text}"' if '"' not in text else shlex.quote(text)


# --- reading ------------------------------------------------------------------------------------

def parse_action(text: str, state: GameState, *, actor: str | None = None) -> Action:
    """The action ``text`` names, played by ``actor`` unless the text starts with
    ``ACTOR:``.  Names of hives are found case-insensitively (a unique part will do); a new
    wild hive's name (``spawn``) is taken as written.

    :raises InvalidInputError: no actor, an unknown verb or key (with the close matches), a
        malformed value (the field named).
    """
    text = " ".join(str(text).split())
    head, sep, rest = text.partition(":")
    if sep and head.strip() and not looks_like_coord(head):
        actor, text = hive_named(state, head.strip().strip("\"'"), "actor"), rest.strip()
    elif actor is None:
        raise InvalidInputError("notation", text, "ACTOR: ACTION, e.g. Susan: forage harvest 2")
    else:
        actor = hive_named(state, actor, "actor")
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise InvalidInputError("notation", text, f"words with closed quotes ({exc})") from None
    if not words:
        raise InvalidInputError("notation", text, "an action, e.g. forage harvest 2")
    wild = not state.is_player(actor)
    verbs = WILD_VERBS if wild else PLAYER_VERBS
    verb = ALIASES.get(words[0].lower(), words[0].lower())
    if verb not in verbs:
        who = f"a wild hive's turn ({actor})" if wild else f"{actor}'s action"
        raise InvalidInputError(f"{who}", words[0], "one of " + ", ".join(verbs),
                                suggestions=close_matches(verb, [*verbs, *ALIASES]))
    cls = verbs[verb]
    keys = dict(KEYS, **(WILD_KEYS if wild else {}))
    values: dict[str, Any] = {}
    dice: dict[str, Any] = {}
    positional = list(POSITIONAL.get(cls, ()))
    i = 1
    while i < len(words):
        w = words[i]
        key = KEY_ALIASES.get(w.lower(), w.lower())
        if key in keys:
            if i + 1 >= len(words):
                raise InvalidInputError(key, None, f"a value after {key}")
            _put(state, cls, keys[key], words[i + 1], values, dice, key)
            i += 2
            continue
        if not positional:
            own = [k for k in keys if _takes(cls, keys[k]) and not keys[k].startswith("dice.")
                   and (state.map is not None or keys[k] not in _COORDS)]
            raise InvalidInputError(f"{verb} ({actor})", w, "one of the keys " + ", ".join(own)
                                    if own else f"nothing more: a {verb} takes no values",
                                    suggestions=close_matches(key, keys))
        name = positional.pop(0)
        _put(state, cls, name, w, values, dice, name.split(".")[-1])
        i += 1
    kwargs = {"dice": TurnDice(**dice)} if dice else {}
    try:
        return cls(actor, **values, **kwargs)
    except TypeError:
        raise InvalidInputError(verb, text, "the values of a " + verb) from None


def _takes(cls: type, name: str) -> bool:
    return name.startswith("dice.") or name in {f.name for f in fields(cls)}


def _put(state: GameState, cls: type, name: str, word: str, values: dict, dice: dict,
         said: str) -> None:
    if not _takes(cls, name):
        raise InvalidInputError(said, word, f"nothing: a {cls.action} takes no {said}")
    field = name.split(".")[-1]
    target = dice if name.startswith("dice.") else values
    if field in target:
        raise InvalidInputError(said, word, "one value (given twice)")
    target[field] = _value(state, field, word, said)


def _value(state: GameState, field: str, word: str, said: str) -> Any:
    if field in _COORDS:
        if state.map is None:
            raise InvalidInputError(said, word, "nothing: this game is not played on the map "
                                    "(a tile is named by its type and distance)")
        parts = word.split(",")
        if len(parts) != 2 or not all(_is_int(p) for p in parts):
            raise InvalidInputError(said, word, "a map tile q,r, e.g. 1,-2")
        return (int(parts[0]), int(parts[1]))
    if field in _INTS:
        if not _is_int(word):
            raise InvalidInputError(said, word, "a whole number of at most 4 digits"
                                    if re.fullmatch(r"-?[0-9]+", word) else "a whole number")
        return int(word)
    if field == "tile":
        return find("tile", word, TILE_TYPES, partial=False)
    if field == "take":
        parts = word.split("/")
        if len(parts) != 3 or not all(_DIGITS.fullmatch(p) for p in parts):
            raise InvalidInputError(said, word, "honey/pollen/water, e.g. 3/1/0")
        return tuple(int(p) for p in parts)
    if field in ("rolls", "removed"):
        rolls = tuple(dice_word(said, r) for r in word.split("/"))
        return rolls[0] if field == "removed" else rolls
    if field == "queen":
        return word.lower()
    if field == "target":
        return hive_named(state, word, said)
    return word                                    # a new wild hive's name


def dice_word(said: str, word: str) -> tuple[int, ...]:
    """The faces a word of a step gives (``3421`` or ``3,4,2,1``).

    :raises InvalidInputError: not faces (``said``: the step).
    """
    parts = word.split(",") if "," in word else list(word)
    if not parts or not all(_DIGITS.fullmatch(p) for p in parts):
        raise InvalidInputError(said, word, "dice faces as digits (3421) or with commas")
    return tuple(int(p) for p in parts)


def hive_named(state: GameState, name: str, field: str, *, players_only: bool = False) -> str:
    """The hive (player or wild; ``players_only``: a player's) called ``name``, in any case;
    close matches suggested.

    :raises InvalidInputError: no such hive (``field``).
    """
    names = [p.name for p in state.players] + ([] if players_only else
                                                [w.name for w in state.wild])
    return find(field, name, names)


def _is_int(word: str) -> bool:
    return bool(_INT.fullmatch(word))


#: a whole number as a player types one: ASCII digits, a few of them (no "³", no 5000 digits)
_INT = re.compile(r"-?[0-9]{1,4}")
_DIGITS = re.compile(r"[0-9]{1,4}")


def looks_like_coord(text: str) -> bool:
    """Whether ``text`` reads as a map space ``q,r``."""
    return all(_is_int(p.strip()) for p in text.split(","))


def round_trip(action: Action, state: GameState) -> Action:
    """``parse_action(format_action(action))``: the same action for every action of the table
    ``state`` (the notation's contract, for tests and for the table's own checks)."""
    return parse_action(format_action(action), state)

