"""What every game's rules core shares: the errors (:mod:`hyvekit.rules.errors`) and the checks
on given values (:mod:`hyvekit.rules.validate`), gathered under one name.

Every error is a :class:`ValueError` subclass carrying enough context for the CLI to print one
clear line (see ``hyvekit/cli/errors.py``, the single error table):

* :class:`InvalidInputError` – malformed input (exit code 2): names the field, what was given
  and what is allowed (and the close matches of a mistyped name).
* :class:`AmbiguousInputError` – input that could mean several things (exit code 2).
* :class:`IllegalActionError` – well formed but against the rules (exit code 1): names the rule
  (``"Hyve Legacy: Perks"``), what was expected and what was given.
"""

from __future__ import annotations

from hyvekit.rules.errors import (AmbiguousInputError, HyvekitError, IllegalActionError,
                                  InvalidInputError, shorten)
from hyvekit.rules.validate import require_int, require_table

__all__ = ["AmbiguousInputError", "HyvekitError", "IllegalActionError", "InvalidInputError",
           "counted", "require_int", "require_table", "shorten", "toml_value"]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` with the right number: ``1 bow``, ``2 bows``, ``0 lines``
    (``plural`` where adding an s is wrong: ``counted(2, "honey", "honey")``)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def toml_value(v) -> str:
    """``v`` written as a TOML value (the record files hyvekit writes back): true/false, a
    whole number, a string, an array, an inline table.

    :raises InvalidInputError: another type.
    """
    import json
    from collections.abc import Mapping
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    raise InvalidInputError("record value", v, "text, a whole number, a list or a table")
