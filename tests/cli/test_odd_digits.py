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


#: words a careless or hostile player types: other scripts' digits, thousands of digits,
#: terminal controls, a direction override, a C1 control, a new line
HOSTILE = ["²", "٣", "４", LONG, "\x1b[2J", "A\u202eB", "\x9b1", "1\n2",
           # issue 38: invisible and separator characters, a Hangul filler, a byte not UTF-8
           "A\u200fB", "\u200b1", "1\u20282", "\u3164", "\udcff"]
#: the shapes of each game's steps a hostile word is put into
SHAPES = ["{w}", "roll {w}", "forage bloom {w}", "raid Ann {w}", "{w}@C3", "fly {w} p w",
          "Ann: sacrifice {w}/0", "bakery 3: {w}", "tokens {w}", "card {w}"]


def test_every_games_step_parser_answers_hostile_words_as_bad_input_or_a_rule(hk):
    """Issue 25: the step parsers of every game played at the table, given other scripts'
    digits, 5,000-digit numbers, control and direction characters: exit 1 or 2, one line,
    never an internal error, nothing stored."""
    assert hk("beelives", "new", "L", "-p", "Ann:prolific", "-p", "Bo:nomadic").returncode == 0
    assert hk("beelives", "do", "l", 'card "First Bloom"').returncode == 0
    assert hk("hyve", "new", "G", "--mode", "standard").returncode == 0
    assert hk("hyve", "do", "g", "dice 1 2 3 3 5 6").returncode == 0
    assert hk("beez", "new", "Z", "--players", "Ann,Bo", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    before = {p.name: p.read_bytes() for p in hk.campaigns.glob("*.json")}
    for game, cid in (("beelives", "l"), ("hyve", "g"), ("beez", "z")):
        for shape in SHAPES:
            for word in HOSTILE:
                step = shape.format(w=word)
                r = hk(game, "do", cid, step)
                assert r.returncode in (1, 2), (game, step[:40], r.returncode, r.stderr[-300:])
                assert "internal error" not in r.stderr and "Traceback" not in r.stderr
                assert len(r.stderr.strip().splitlines()) == 1, (game, step[:40], r.stderr)
                assert "\x1b" not in r.stderr and "\u202e" not in r.stderr
    assert {p.name: p.read_bytes() for p in hk.campaigns.glob("*.json")} == before


#: options whose values hyvekit reads itself (not typer): each with a place for a number
OPTIONS = [
    ["hyve", "legacy", "shop", "r", "--population", "red:{w}"],
    ["hyve", "legacy", "shop", "r", "--bread", "{w}"],
    ["hyve", "legacy", "shop", "r", "--hp", "red:{w}"],
    ["hyve", "legacy", "easy", "r", "--cross-out", "{w}"],
    ["beelives", "wild-turn", "--season", "summer", "--strength", "5", "--tile", "harvest:{w}"],
    ["beelives", "wild-turn", "--season", "summer", "--strength", "5", "--target",
     "player:{w}:3"],
    ["queenbee", "battle", "--attacker", "warrior:{w}", "--defender", "worker",
     "--attacker-dice", "b4", "--defender-dice", "y1"],
    ["queenbee", "battle", "--attacker", "warrior", "--defender", "worker",
     "--attacker-dice", "b{w}", "--defender-dice", "y1"],
    ["queenbee", "odds", "--attacker", "warrior:{w}", "--defender", "worker"],
    ["print", "pad", "queenbee", "--match", "{w}"],
    ["campaign", "undo", "r", "--to", "{w}", "--yes"],
    # issue 38: numbers typer reads, and a name and a note
    ["beelives", "winter", "--bees", "{w}", "--honey", "12", "--level", "-2"],
    ["beelives", "raid", "--remove", "{w}"],
    ["print", "pad", "beelives", "--copies", "{w}"],
    # ... and a name and a note, given the words that are not names
    ["beez", "new", "Z", "--players", "{w},Bob", "--common", "both-4-5-rows,middle-row,colours"],
    ["campaign", "note", "r", "x{w}"],
]
#: the hostile words that are no name nor note either (a note may hold a new line)
NOT_TEXT = [w for w in HOSTILE if (not w.isprintable() or "\u3164" in w) and w != "1\n2"]


@pytest.mark.parametrize("args", OPTIONS, ids=lambda a: " ".join(a)[:40])
def test_every_option_hyvekit_reads_itself_answers_hostile_words_in_one_line(hk, args):
    """Issue 25: other scripts' digits, 5,000-digit numbers, control and direction
    characters in an option's number: exit 1 or 2, one line, never an internal error."""
    assert hk("hyve", "legacy", "new", "R", "--colours", "yellow,blue,green,purple,red"
              ).returncode == 0
    for word in HOSTILE if "--players" not in args and "note" not in args else NOT_TEXT:
        r = hk(*(a.format(w=word) for a in args))
        assert r.returncode in (1, 2), (args, word[:20], r.returncode, r.stderr[-300:])
        assert "internal error" not in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, (args, word[:20], r.stderr)
