"""The one strict reader of the text of every file hyvekit reads: campaign records and exports
(JSON), month, turn and table files (TOML).

It parses text it is given (no file is opened here: the store and ``hyvekit.data`` read the
bytes) and refuses, with a :class:`DocumentError` naming the file and the place in it, what no
hyvekit file holds and what Python would otherwise answer with an internal error:

* a whole number of more than :data:`MAX_DIGITS` digits (Python itself refuses to read one of
  more than 4,300 with a ``ValueError``);
* containers nested more than :data:`MAX_DEPTH` deep (deeper JSON or TOML ends in a
  ``RecursionError`` in the parser or in whatever walks the value next);
* ``NaN`` and infinite numbers (``year = inf``; JSON's ``NaN`` and ``Infinity``).

The types of the fields are the readers' of each kind of file (the record header in the store,
the month plan in the rules core): this module only guarantees they get plain, bounded values.
"""

from __future__ import annotations

import json
import math
from typing import Any

from hyvekit.rules.errors import InvalidInputError

#: the most digits of a whole number in any file (a seed of 2**64 has 20)
MAX_DIGITS = 30
#: the deepest nesting of tables and lists in any file (records and tables are under 14)
MAX_DEPTH = 48

_BIG = 10 ** MAX_DIGITS


class DocumentError(InvalidInputError):
    """A file's text the strict reader refuses.

    :ivar where: the file (its path, or what the caller calls it).
    :ivar problem: what is wrong and where in the file (``"events.3.data.year: inf, expected a
        finite number"``).
    """

    def __init__(self, where: str, problem: str):
        super().__init__(where, "the file", problem)
        self.where, self.problem = where, problem
        self.args = (f"{where}: {problem}",)


class _Repeated(Exception):
    """A key given twice in one JSON object (its ``args[0]``)."""


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        raise _Repeated(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return out


def parse_json(text: str, where: str) -> Any:
    """The value of a JSON text, checked by :func:`check_plain`.  A key given twice in one
    object is refused (JSON readers keep the last one, and a record's next rewrite would
    drop the other without a word).

    :raises DocumentError: not JSON (line and column), a repeated key, or a value
        :func:`check_plain` refuses.
    """
    try:
        value = json.loads(text, object_pairs_hook=_no_repeated_keys)
    except _Repeated as exc:
        raise DocumentError(where, f"the key {exc.args[0]!r} is given twice in one "
                            "object") from None
    except json.JSONDecodeError as exc:
        raise DocumentError(where, f"invalid JSON at line {exc.lineno} column {exc.colno}: "
                            f"{exc.msg}") from None
    except RecursionError:
        raise DocumentError(where, _too_deep("the file")) from None
    except ValueError:     # Python's own limit on the digits of a whole number
        raise DocumentError(where, _too_long("the file", "more than 4300")) from None
    check_plain(where, value)
    return value


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """The tables of a TOML text, checked by :func:`check_plain`.

    :raises DocumentError: not TOML (the parser's message, with the line), or a value
        :func:`check_plain` refuses.
    """
    import tomllib        # only when a TOML file is read: a step with its state kept reads none
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DocumentError(where, f"invalid TOML ({exc})") from None
    except RecursionError:
        raise DocumentError(where, _too_deep("the file")) from None
    except ValueError:
        raise DocumentError(where, _too_long("the file", "more than 4300")) from None
    check_plain(where, value)
    return value


def check_plain(where: str, value: Any) -> Any:
    """``value`` if it is nested at most :data:`MAX_DEPTH` deep, its whole numbers have at
    most :data:`MAX_DIGITS` digits and its numbers are finite (walked without recursion).

    :raises DocumentError: the first place that breaks one of these, by its path
        (``header.1.settings.year``, ``turn[2].bees``).
    """
    if _plain(value):
        return value
    stack: list[tuple[Any, tuple, int]] = [(value, (), 0)]   # the place of the first fault
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, dict):
            items = item.items()
        elif isinstance(item, (list, tuple)):
            items = enumerate(item)
        else:
            if isinstance(item, bool):
                continue
            if isinstance(item, int) and not -_BIG < item < _BIG:
                raise DocumentError(where, _too_long(_path(path), len(str(abs(item)))))
            if isinstance(item, float) and not math.isfinite(item):
                raise DocumentError(where, f"{_path(path)}: {item}, expected a finite number")
            continue
        if depth >= MAX_DEPTH:
            raise DocumentError(where, _too_deep(_path(path)))
        stack.extend((v, (*path, k), depth + 1) for k, v in items)
    return value


def _plain(value: Any) -> bool:
    """Whether :func:`check_plain` passes ``value``: the same walk without the paths (a
    record's thousands of values are checked fast; the paths are worked out only for a
    fault)."""
    stack = [(value, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        item, depth = pop()
        kind = type(item)
        if kind is dict:
            children = item.values()
        elif kind is list or kind is tuple:
            children = item
        elif kind is str or kind is bool or item is None:
            continue
        elif kind is int:
            if not -_BIG < item < _BIG:
                return False
            continue
        elif kind is float:
            if not math.isfinite(item):
                return False
            continue
        else:
            return False                  # a subclass: left to the careful walk
        if depth >= MAX_DEPTH:
            return False
        for child in children:
            if type(child) is not str:
                push((child, depth + 1))
    return True


def _path(path: tuple) -> str:
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else str(key))
    return text or "the file"


def _too_deep(place: str) -> str:
    return f"{place}: nested too deeply (at most {MAX_DEPTH} levels of tables and lists)"


def _too_long(place: str, digits: object) -> str:
    return f"{place}: a whole number of {digits} digits, expected at most {MAX_DIGITS}"
