"""The checks every rules core uses on what it is given: tables with known keys, whole numbers,
one-line texts, map coordinates, true/false, and a thing found by its name with close matches
for a mistyped one.  Every check raises :class:`~hyvekit.rules.errors.InvalidInputError`
naming the field, what was given and what is allowed.

Two spellings of a field are in use: data tables name a bad key ``"<where> key"`` (the key is
what was given); records in TOML name it by its dotted path ``"<where>.<key>"`` (the value is
what was given), the path a file line can be found from (:func:`record_table`).
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from hyvekit.rules.errors import HANGUL_FILLERS, AmbiguousInputError, InvalidInputError

T = TypeVar("T")

#: at most this many close matches are suggested for a mistyped name
SUGGESTIONS = 3

#: at most this many names are listed for a mistyped one among names that grow without bound
#: (a player's campaigns), the closest first
LISTED = 5


def require_int(field: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int within ``[lo, hi]`` (text of a number is read too, in ASCII
    digits: :func:`signed_digits`).

    :raises InvalidInputError: not a whole number, or out of range.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        typed = str(value).strip()
        if not signed_digits(typed):
            raise InvalidInputError(field, value, _range_words(lo, hi))
        value = int(typed)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InvalidInputError(field, value, _range_words(lo, hi))
    return value


#: the most digits a number typed in a step or an option may have
MAX_DIGITS = 9


def digits(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (0-9) of at most
    :data:`MAX_DIGITS` digits, which ``int`` reads as such.  ``str.isdigit`` is true of
    superscripts ('²') and other scripts' digits too, and a number of thousands of digits is
    refused by ``int`` itself: both are words that are not numbers here."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def signed_digits(text: str) -> bool:
    """Whether ``text`` is a whole number as a player types one: a sign (``-``, ``+``) or
    none, then :func:`digits`.  The one reader of every number typed (options, steps, values
    of the form ``NAME:N``)."""
    return digits(text[1:] if text[:1] in ("-", "+") else text)


def is_whole(value: object) -> bool:
    """Whether ``value`` is a whole number written as one: an int, not true/false (which
    Python counts as ints: ``"schema_version": true`` is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(where: str, value: Any, lo: int, hi: int) -> int:
    """A whole number written as a number (not text, not true/false) within ``[lo, hi]``.

    :raises InvalidInputError: anything else.
    """
    if not is_whole(value):
        raise InvalidInputError(where, value, f"a whole number from {lo} to {hi}")
    return require_int(where, value, lo, hi)


def require_table(where: str, raw: object, accepted: Iterable[str]) -> dict:
    """``raw`` as a table (a dict) whose keys are all in ``accepted`` (data files).

    :raises InvalidInputError: not a table (``where``, listing the keys), or an unknown key
        (``"<where> key"``, the key, and the accepted keys sorted).
    """
    allowed = sorted(accepted)
    if not isinstance(raw, dict):
        raise InvalidInputError(where, raw, "a table with keys " + ", ".join(allowed))
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise InvalidInputError(f"{where} key", unknown[0], "one of " + ", ".join(allowed),
                                suggestions=close_matches(unknown[0], allowed))
    return raw


def record_table(where: str, raw: Any, accepted: Sequence[str]) -> Mapping[str, Any]:
    """``raw`` as a table with only ``accepted`` keys (records in TOML: the field is the
    key's dotted path, ``month.turn[2].bogus``).

    :raises InvalidInputError: not a table, or an unknown key.
    """
    if not isinstance(raw, Mapping):
        raise InvalidInputError(where, raw, "a table with keys " + ", ".join(accepted))
    unknown = sorted(set(raw) - set(accepted))
    if unknown:
        raise InvalidInputError(f"{where}.{unknown[0]}", raw[unknown[0]],
                                "a known key: " + ", ".join(accepted),
                                suggestions=close_matches(unknown[0], accepted))
    return raw


#: characters of a player's name: every printable prints it whole (a pad column holds 24)
MAX_PLAYER_NAME = 24


def has_control(value: str, allowed: str = "") -> bool:
    """Whether ``value`` holds a control character (C0, DEL, C1: ESC, BEL, the start of a
    terminal's OSC sequence...) other than those in ``allowed``."""
    return any(unicodedata.category(c) == "Cc" and c not in allowed for c in value)


#: the characters that reorder the text around them (bidirectional embeddings, overrides
#: and isolates): "Ann\u202eB" shows as another name
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: the Unicode categories of characters a name or a note may not hold: controls (Cc), format
#: characters (Cf: direction marks and overrides, zero-width spaces and joiners, the byte
#: order mark, U+180E), line and paragraph separators (Zl, Zp); and the lone surrogates (Cs)
#: that stand for a byte of an argument that is not UTF-8
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})



def _hidden(c: str) -> bool:
    return unicodedata.category(c) in HIDDEN_CATEGORIES or c in HANGUL_FILLERS


#: the zero-width non-joiner and joiner: Cf, yet part of how Persian and Indic names are spelled
#: (ZWNJ) and of emoji sequences (ZWJ), so a name keeps them between two shown characters
JOINERS = frozenset("\u200c\u200d")


def _joining(value: str, i: int) -> bool:
    """Whether ``value[i]``, a :data:`JOINERS` character, stands between two characters that
    show (neither hidden, a space nor another joiner)."""
    def shows(c: str) -> bool:
        return not (c.isspace() or c in JOINERS or _hidden(c))
    return 0 < i < len(value) - 1 and shows(value[i - 1]) and shows(value[i + 1])


def unsafe_char(value: str, allowed: str = "") -> str | None:
    """The first character of ``value`` a terminal or a page would act on or not show
    (:data:`HIDDEN_CATEGORIES`, :data:`HANGUL_FILLERS`) other than those in ``allowed`` and a
    :data:`JOINERS` character between two characters that show; None when there is none."""
    if value.isprintable() and HANGUL_FILLERS.isdisjoint(value):
        return None             # every hidden category is one str.isprintable() refuses
    return next((c for i, c in enumerate(value) if c not in allowed and _hidden(c)
                 and not (c in JOINERS and _joining(value, i))), None)


#: the words for an argument holding a byte that is not UTF-8 (Python reads it as a lone
#: surrogate, U+DC80-U+DCFF): the argument is at fault, not the terminal
NOT_UTF8 = "in UTF-8 (the argument holds a byte that is not UTF-8 text)"


def without(c: str) -> str:
    """What a name or a note must be without, in words, when it holds the
    :func:`unsafe_char` ``c``: "without control characters" (Cc), "without line or
    paragraph separators" (Zl, Zp), :data:`NOT_UTF8` (Cs), else "without invisible or
    direction characters"."""
    category = unicodedata.category(c)
    if category == "Cc":
        return "without control characters"
    if category in ("Zl", "Zp"):
        return "without line or paragraph separators"
    if category == "Cs":
        return NOT_UTF8
    return "without invisible or direction characters"


def shown(value: str) -> str:
    """``value`` safe to print: each :func:`unsafe_char` written as its escape (``\\x1b``,
    ``\\u202e``), the rest as it is (a name an older record holds)."""
    if unsafe_char(value) is None:
        return value
    return "".join(c.encode("unicode_escape").decode("ascii") if _hidden(c) else c
                   for c in value)


def shown_data(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, texts) with every text :func:`shown`."""
    if isinstance(value, str):
        return shown(value)
    if isinstance(value, dict):
        return {k: shown_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [shown_data(v) for v in value]
    return value


def input_text(where: str, value: Any, longest: int | None = None, *,
               lines: bool = False) -> str:
    """The one gate of a text typed now, a name or a note (a campaign's, a player's, a
    printable's, a note's): NFC-normalised (one spelling of "é"), stripped, not empty, at
    most ``longest`` characters, and holding no :func:`unsafe_char` (with ``lines``, a note,
    new lines and tabs are fine).  Records made before this gate still read
    (:func:`text`) and print their names :func:`shown`.

    :raises InvalidInputError: anything else, the character named.
    """
    if not isinstance(value, str):
        raise InvalidInputError(where, value, "a non-empty text on one line")
    out = unicodedata.normalize("NFC", value).strip()
    bad = unsafe_char(out, "\n\t" if lines else "")
    if bad is not None:
        raise InvalidInputError(where, value, f"text {without(bad)} (found {shown(bad)})")
    if not out:
        raise InvalidInputError(where, value, "a non-empty text" if lines
                                else "a non-empty text on one line")
    if longest is not None and len(out) > longest:
        raise InvalidInputError(where, out, f"at most {longest} characters")
    return out


def text(where: str, value: Any) -> str:
    """A non-empty text on one line (names, cards, choices), stripped.

    :raises InvalidInputError: not a text, empty, or with control characters.
    """
    if not isinstance(value, str) or not value.strip() or has_control(value):
        raise InvalidInputError(where, value, "a non-empty text on one line")
    return value.strip()


def player_name(where: str, value: Any) -> str:
    """A player's name typed now: :func:`input_text` of at most :data:`MAX_PLAYER_NAME`
    characters, the limit at creation and at print alike.

    :raises InvalidInputError: anything else.
    """
    return input_text(where, value, MAX_PLAYER_NAME)


def coord(where: str, value: Any) -> tuple[int, int]:
    """A map coordinate ``[q, r]`` of two whole numbers.

    :raises InvalidInputError: anything else.
    """
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise InvalidInputError(where, value, "a map coordinate [q, r], e.g. [1, 0]")
    return (value[0], value[1])


def flag(where: str, value: Any) -> bool:
    """True or false (not 1/0, not text).

    :raises InvalidInputError: anything else.
    """
    if not isinstance(value, bool):
        raise InvalidInputError(where, value, "true or false")
    return value


def fold(name: str) -> str:
    """A name as it is compared: case, spaces, hyphens, underscores and apostrophes ignored
    (``"Don't Buzz"``, ``"dont_buzz"``, ``"DONT-BUZZ"`` → ``"dont buzz"``)."""
    t = str(name).lower().replace("’", "'").replace("'", "")
    return " ".join(t.replace("-", " ").replace("_", " ").split())


def close_matches(given: object, names: Iterable[str], n: int = SUGGESTIONS) -> tuple[str, ...]:
    """The names closest to ``given`` (a mistyped one), best first; none when nothing is
    close."""
    names = list(names)
    by_fold = {fold(x): x for x in names}
    hits = difflib.get_close_matches(fold(str(given)), list(by_fold), n=n, cutoff=0.6)
    return tuple(by_fold[h] for h in hits)


def listing(given: object, names: Iterable[str], *, most: int | None = None,
            rest: str = "") -> str:
    """``names`` as a refusal of the mistyped ``given`` lists them: all of them, in their
    order; or, with ``most`` and more names than that, the ``most`` closest to ``given`` (its
    :func:`close_matches` first, then the likest) and ``and N more``, ``rest`` after it
    (``"; hyvekit campaign list shows them all"``)."""
    names = list(names)
    if most is None or len(names) <= most:
        return ", ".join(names)
    first = close_matches(given, names)
    want = fold(str(given))
    likeness = {n: difflib.SequenceMatcher(None, want, fold(n)).ratio() for n in names}
    others = sorted((n for n in names if n not in first), key=lambda n: -likeness[n])
    shown = [*first, *others][:most]
    return f"{', '.join(shown)} and {len(names) - len(shown)} more{rest}"


def not_one_of(field: str, given: object, names: Iterable[object], *,
               allowed: str | None = None) -> InvalidInputError:
    """The error for ``given`` that is none of ``names``: it lists them (``allowed``, by default
    "one of" every name, :func:`listing`) and suggests the close matches of a mistyped one.
    The one place a name a player types is refused (``raise not_one_of("--solo", solo,
    SOLO_MODES)``); an unknown campaign id is worded from the same pieces
    (:class:`~hyvekit.store.errors.CampaignNotFoundError`: its ids grow without bound, so
    at most :data:`LISTED` are listed)."""
    names = [str(n) for n in names]
    return InvalidInputError(field, given, allowed or "one of " + (listing(given, names)
                                                                   or "none"),
                             suggestions=close_matches(given, names))


def find(field: str, name: str, items: Iterable[T], *, key: Callable[[T], str] = str,
         partial: bool = True, allowed: str | None = None) -> T:
    """The item called ``name``: its name exactly (as :func:`fold` compares), else — with
    ``partial`` — the one item whose name holds ``name`` ("dearth" → The Dearth).

    :raises InvalidInputError: nothing matches (``allowed``, by default every name, and the
        close matches of a mistyped name).
    :raises AmbiguousInputError: several names hold ``name``.
    """
    items = list(items)
    names = [key(i) for i in items]
    want = fold(name)
    for item, n in zip(items, names):
        if fold(n) == want:
            return item
    if partial and want:
        hits = [(item, n) for item, n in zip(items, names) if want in fold(n)]
        if len(hits) == 1:
            return hits[0][0]
        if hits:
            raise AmbiguousInputError(field, name, [n for _, n in hits])
    raise not_one_of(field, name, names, allowed=allowed)


def _range_words(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number of at least {lo}"
    if hi is not None:
        return f"a whole number of at most {hi}"
    return "a whole number"
