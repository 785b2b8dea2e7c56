"""Words that look like numbers to ``str.isdigit`` but are not numbers here (issue 25, item 1):
superscript and other scripts' digits, and numbers of thousands of digits, are bad input
(exit 2, the field named), never an internal error.  One reader: rules/validate.digits."""

from __future__ import annotations

import pytest

from hyvekit.rules.validate import MAX_DIGITS, digits

LONG = "9" * 5000


def test_digits_are_ascii_digits_of_a_bounded_length():
    assert digits("0") and digits("42") and digits("9" * MAX_DIGITS)
    for word in ("²", "٣", "４", "", "-1", "1.5", "9" * (MAX_DIGITS + 1), " 1"):
        assert not digits(word), word


@pytest.mark.parametrize("args", [
    ["hyve", "do", "g", "roll ²"],
    ["hyve", "do", "g", f"roll {LONG}"],
    ["hyve", "legacy", "shop", "r", "--population", "red:²"],
    ["hyve", "legacy", "shop", "r", "--bread", "²"],
    ["beelives", "wild-turn", "--season", "summer", "--strength", "5", "--tile", "harvest:²"],
    ["queenbee", "battle", "--attacker", "warrior:²", "--defender", "worker",
     "--attacker-dice", "b4", "--defender-dice", "y1"],
    ["queenbee", "battle", "--attacker", "warrior:2", "--defender", "worker",
     "--attacker-dice", "b²", "--defender-dice", "y1"],
], ids=lambda a: " ".join(a)[:40])
def test_odd_digits_are_bad_input_not_an_internal_error(hk, args):
    assert hk("hyve", "new", "G").returncode == 0
    assert hk("hyve", "legacy", "new", "R", "--colours", "yellow,blue,green,purple,red"
              ).returncode == 0
    r = hk(*args)
    assert r.returncode == 2, r.stderr
    assert "internal error" not in r.stderr and "bad input" in r.stderr
