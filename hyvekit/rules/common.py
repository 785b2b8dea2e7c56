"""Errors and small helpers shared by every game's rules core.

Every error is a :class:`ValueError` subclass carrying enough context for the CLI to print one
clear line (see ``hyvekit/cli/errors.py``, the single error table):

* :class:`InvalidInputError` – malformed input (exit code 2): names the field, what was given
  and what is allowed.
* :class:`AmbiguousInputError` – input that could mean several things (exit code 2).
* :class:`IllegalActionError` – well formed but against the rules (exit code 1): names the rule
  (``"Hyve Legacy: Perks"``), what was expected and what was given.
"""

from __future__ import annotations

from collections.abc import Iterable


class HyvekitError(ValueError):
    """Base of every error hyvekit raises on purpose."""


class InvalidInputError(HyvekitError):
    """Malformed input.

    :param field: the option, key or argument that was wrong (``"--population"``).
    :param given: what the user gave, quoted back in the message.
    :param allowed: what is allowed, in words (``"a whole number 0–99"``).
    """

    def __init__(self, field: str, given: object, allowed: str):
        self.field, self.given, self.allowed = field, given, allowed
        super().__init__(f"{field}: got {shorten(given)}, expected {allowed}")


class AmbiguousInputError(HyvekitError):
    """Input that matches several things; ``candidates`` lists them."""

    def __init__(self, field: str, given: object, candidates: Iterable[str]):
        self.field, self.given, self.candidates = field, given, list(candidates)
        super().__init__(
            f"{field}: {given!r} is ambiguous, it could be {', '.join(self.candidates)}"
        )


class IllegalActionError(HyvekitError):
    """An action against the rules.

    :param rule: the rulebook rule by name, ``"<Game>: <section>"``.
    :param message: what is wrong, with the expected and the given values.
    :param hint: optional extra line (for instance what is affordable instead).
    """

    def __init__(self, rule: str, message: str, *, expected: object = None,
                 given: object = None, hint: str | None = None):
        self.rule, self.message, self.hint = rule, message, hint
        self.expected, self.given = expected, given
        text = f"{rule}: {message}"
        if hint:
            text += f" ({hint})"
        super().__init__(text)

    def with_message(self, message: str) -> IllegalActionError:
        """The same rule violation (rule, expected, given, hint) worded as ``message``."""
        return IllegalActionError(self.rule, message, expected=self.expected, given=self.given,
                                  hint=self.hint)


def shorten(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters with an ellipsis (long input is not echoed
    whole)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def require_int(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``value`` as an int within ``[lo, hi]`` or raise :class:`InvalidInputError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except (TypeError, ValueError):
            raise InvalidInputError(field, value, _range_words(lo, hi)) from None
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InvalidInputError(field, value, _range_words(lo, hi))
    return value


def require_table(where: str, raw: object, accepted: Iterable[str]) -> dict:
    """``raw`` as a table (a dict) whose keys are all in ``accepted`` (data files and records).

    :raises InvalidInputError: not a table (``where``, listing the keys), or an unknown key
        (``"<where> key"``, the key, and the accepted keys sorted).
    """
    allowed = sorted(accepted)
    if not isinstance(raw, dict):
        raise InvalidInputError(where, raw, "a table with keys " + ", ".join(allowed))
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise InvalidInputError(f"{where} key", unknown[0], "one of " + ", ".join(allowed))
    return raw


def _range_words(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number of at least {lo}"
    if hi is not None:
        return f"a whole number of at most {hi}"
    return "a whole number"
