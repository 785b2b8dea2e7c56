"""Small helpers that turn rule values into the words printed on aids and pads.

The printables never type a rule value themselves: they take it from the rules core or a data
table (a :class:`~hyvekit.rules.beelives.board.Board`, a sheet definition, a constant of a rules
module) and print it with these helpers, so a player's own board or sheet file changes the
printed aid as it changes the rules.  Pure functions, no imports beyond the standard library.
"""

from __future__ import annotations

from collections.abc import Sequence

MINUS = "\u2212"   # typographic minus sign
EN_DASH = "\u2013"

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth")
_FRACTIONS = {2: "half", 3: "one third", 4: "one quarter"}


def word(n: int) -> str:
    """``3`` → ``"three"`` (0–20 in words, other numbers in digits)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def ordinal(n: int) -> str:
    """``3`` → ``"third"`` (1–12 in words, else ``"13th"``)."""
    if 0 <= n < len(_ORDINALS):
        return _ORDINALS[n]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fraction(divisor: int) -> str:
    """The share ``1/divisor`` in words: ``2`` → ``"half"``, ``3`` → ``"one third"``."""
    return _FRACTIONS.get(divisor, f"1/{divisor}")


def times_word(n: int) -> str:
    """``1`` → ``"once"``, ``2`` → ``"twice"``, ``3`` → ``"three times"``."""
    return {1: "once", 2: "twice"}.get(n, f"{word(n)} times")


def signed(n: int) -> str:
    """``-2`` → ``"−2"`` (typographic minus), ``1`` → ``"+1"``, ``0`` → ``"0"``."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if n > 0 else "0"


def minus(n: int) -> str:
    """A number as printed with a typographic minus when negative (``-7`` → ``"−7"``)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def brackets(lows: Sequence[int]) -> list[str]:
    """Ranges starting at ``lows`` (ascending): ``(1, 5, 9)`` → ``["1–4", "5–8", "9+"]``."""
    out = []
    for i, low in enumerate(lows):
        if i + 1 < len(lows):
            high = lows[i + 1] - 1
            out.append(str(low) if high == low else f"{low}{EN_DASH}{high}")
        else:
            out.append(f"{low}+")
    return out


def either(values: Sequence[object], conjunction: str = "or") -> str:
    """``["a", "b", "c"]`` → ``"a, b or c"``."""
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"
