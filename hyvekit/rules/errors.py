"""The errors every game's rules core raises.

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
    """Base of every error hyvekit raises on purpose.  It pickles with its fields (a print's
    worker process sends it back to the command), whatever its class's ``__init__`` takes."""

    def __reduce__(self):
        return _unpickled, (type(self), self.args, self.__dict__)


def _unpickled(cls: type, args: tuple, fields: dict) -> HyvekitError:
    """A :class:`HyvekitError` of class ``cls`` as pickled: its ``args`` and fields, its
    ``__init__`` not called."""
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(fields)
    return exc


class InvalidInputError(HyvekitError):
    """Malformed input.

    :param field: the option, key or argument that was wrong (``"--population"``).
    :param given: what the user gave, quoted back in the message.
    :param allowed: what is allowed, in words (``"a whole number 0–99"``).
    :param suggestions: close matches of a mistyped name, best first (shown as "did you
        mean ...?").
    """

    def __init__(self, field: str, given: object, allowed: str,
                 suggestions: Iterable[str] = ()):
        self.field, self.given, self.allowed = field, given, allowed
        self.suggestions = tuple(suggestions)
        text = (f"{field}: missing, expected {allowed}" if given is None
                else f"{field}: got {shorten(given)}, expected {allowed}")
        super().__init__(text + did_you_mean(self.suggestions))


    def within(self, where: str) -> InvalidInputError:
        """The same error located at ``where`` (``"year 1 March"``, a file and line): the
        field reads ``where: field``; the suggestions stay."""
        return InvalidInputError(f"{where}: {self.field}", self.given, self.allowed,
                                 self.suggestions)


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

    def within(self, where: str) -> IllegalActionError:
        """The same rule violation located at ``where`` (``"year 1 March, turn 4"``)."""
        return self.with_message(f"{where}: {self.message}")

    def with_message(self, message: str) -> IllegalActionError:
        """The same rule violation (rule, expected, given, hint) worded as ``message``."""
        return IllegalActionError(self.rule, message, expected=self.expected, given=self.given,
                                  hint=self.hint)


def did_you_mean(suggestions: Iterable[str]) -> str:
    """`` (did you mean a or b?)`` after a refusal of a mistyped name, for its close matches
    (nothing when there are none)."""
    suggestions = tuple(suggestions)
    return f" (did you mean {' or '.join(suggestions)}?)" if suggestions else ""


#: the Hangul fillers, letters that show as nothing: a name of them looks empty (the text
#: gate, ``rules/validate.py``, refuses them; :func:`shorten` escapes them)
HANGUL_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


def shorten(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters with an ellipsis (long input is not echoed
    whole); a quoted text cut keeps its closing quote (``'WWWW…'``).  The Hangul fillers,
    which ``repr`` leaves as they are, are escaped as the rest of the invisible characters."""
    text = "".join(c.encode("unicode_escape").decode("ascii") if c in HANGUL_FILLERS else c
                   for c in repr(value))
    if len(text) <= limit:
        return text
    if len(text) > 2 and text[0] in "'\"" and text[-1] == text[0]:
        return text[: limit - 2] + "…" + text[-1]
    return text[: limit - 1] + "…"


def located(exc: Exception, where: str) -> Exception:
    """``exc`` located at ``where`` (a month, a turn, a phase, ``step 2 (roll)``), when it is
    one of the rules' errors and ``where`` is given (:meth:`InvalidInputError.within`)."""
    if not where:
        return exc
    if isinstance(exc, (IllegalActionError, InvalidInputError)):
        return exc.within(where)
    return exc


def steps_located(texts, apply) -> None:
    """``apply(i, text)`` for each step text in order; a step refused (one of the rules'
    errors) is named ``step N (TEXT)`` when there are several, as each game's ``do`` says.

    :raises IllegalActionError, InvalidInputError: the first step refused.
    """
    for i, text in enumerate(texts, 1):
        try:
            apply(i, text)
        except (IllegalActionError, InvalidInputError) as exc:
            if len(texts) > 1:
                raise located(exc, f"step {i} ({text})") from None
            raise
