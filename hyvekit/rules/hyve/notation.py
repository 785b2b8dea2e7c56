"""The short text of every step of a Hyve turn played at the table, read back to the same step.

Each decision of :mod:`hyvekit.rules.hyve.table` is answered by one step; :func:`step_text` of
:func:`parse_step` gives the text back unchanged (the ``legal`` strings), while reading is
forgiving (case, spacing, ``W`` or ``6``, dice written together: ``dice 13W``).  Hexes are
named as the printed sheet names them (``C3``; ``2:C3`` is hex C3 of hyve 2), squares of the
larva chamber as ``R1C2``, bees as a die face ``1``–``5``, ``W`` (a wild Bee) or ``W3`` (a
wild Bee standing for 3).  The whole list is in ``docs/hyve-table.md``:

====================  =======================================================================
``roll`` / ``roll 4``  1. Refresh: the tool rolls (Controlled Rolls: fewer dice)
``dice 1 3 W 4``       the faces rolled at the table (a Refresh, a Repurpose's new faces)
``repurpose 3``        Repurpose with a 3-Bee; then ``reroll 1 2 5`` (which bees), then dice
``bakery 3: 3 3 W``    Bakery: the 3-type bread, with that set of bees
``eggs W5``            Tend Eggs with a wild Bee as a 5; then ``shape R1C1 R1C2 R2C1 R2C2``
``larva 3 row``        Tend Larva (``larva W column 4``, ``larva W wild 1``); then ``larva@C3``
``queen 4 plumose``    Queen's Attendants: bee and royal jelly (``queen 2 3 beseech``: jelly 3)
``courier 2``          Courier (a legacy run); its nectar then go ``2@C3``
``gather``             3. Gather Nectar: the bees left each go ``3@C3``, ``W1@C2``
``excise C3``          Excisor, before a completed hyve is scored (``excise none``)
``sensilla 4@C3``      Sensilla: the colour (die value) of the space entered, and its nectar hex
``reward swarm``       the Queen's Reward of a completed royal jelly
``effect 2``           6. Seasonal Effects: the effect of the current season (1-based)
``mites C3``           Mites Challenge: a nectar crossed out
``cross-out 3``        Easy Mode: the bread type crossed out after a lost scenario
``marshal``            Wasp War, Marshal; then ``marshal 3@D1.2`` per bee, ``marshal done``
``wasp 4 5``           Wasp War, 6. Wasp Attack: the two Light Attack dice (or ``roll``)
``block D1.1``         a defensive hex spent to block a Light Attack (``block none``)
``eat R1C2``           a populated larva the wasps eat
``repurpose 3 boost``  Turbo Mode: a 2-type Bee alongside (also ``eggs 3 boost``: two shapes)
``larva 3 both``       Turbo Mode: a boosted Tend Larva, the row AND the column (``larva W both 4``)
``queen 5 overwork + plumose``  Turbo Mode: a boosted Queen's Attendants, two jellies
                       (a wild Bee names each colour: ``queen W4 overwork + W3 plumose``)
``build``              Bee Builder, Build; then ``build 4`` per bee, ``hexes 1:D1 1:D2 ...``
                       (hyve 1's hexes) and ``build done``
====================  =======================================================================

:func:`parse_step` raises :class:`InvalidInputError` (field ``step``) naming the forms, with
the close matches of a mistyped verb.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.errors import did_you_mean
from hyvekit.rules.hyve.actions import WILD, Bee, bee
from hyvekit.rules.hyve.larva import LarvaChamber, Line
from hyvekit.rules.hyve.scoring import cell_name, parse_cell
from hyvekit.rules.hyve.sheets import JELLIES, REWARDS, SheetDefinition
from hyvekit.rules.values import dataclass
from hyvekit.rules.validate import digits

#: every verb, with its form (for the error that lists them)
FORMS = {
    "roll": "roll [N]", "dice": "dice F F ...", "repurpose": "repurpose BEE [boost]",
    "reroll": "reroll F F ...", "bakery": "bakery TYPE: BEE BEE ...", "eggs": "eggs BEE [boost]",
    "shape": "shape SQUARE SQUARE ...", "larva": "larva BEE row|column|wild|both [N] / larva@HEX",
    "queen": "queen BEE JELLY [beseech] [+ [BEE] JELLY]", "courier": "courier BEE", "gather": "gather",
    "nectar": "BEE@HEX", "excise": "excise HEX|none", "sensilla": "sensilla VALUE@HEX",
    "reward": "reward NAME", "effect": "effect N", "mites": "mites HEX",
    "cross-out": "cross-out TYPE", "marshal": "marshal [BEE@D1.2 | done]",
    "wasp": "wasp F F", "block": "block D1.1|none", "eat": "eat SQUARE",
    "build": "build [BEE | done]", "hexes": "hexes HYVE:HEX ...",
}


@dataclass(frozen=True)
class Step:
    """One step: its ``verb`` (a key of :data:`FORMS`, or ``larva-at``) and its values —
    faces (1–6), :class:`Bee`, hexes (axial, or ``(hyve, hex)``), chamber squares
    ``(row, column)``, a :class:`Line`, a jelly index (0-based), names and numbers."""

    verb: str
    args: tuple = ()


# --- writing -----------------------------------------------------------------------------------

def face_text(face: int) -> str:
    """A die face as typed: ``1``–``5``, ``W`` for the wild face (6)."""
    return "W" if face == WILD else str(face)


def bee_text(b: Bee) -> str:
    """A bee as typed: its face, ``W`` for a wild Bee, ``W3`` for one standing for 3."""
    if not b.wild:
        return str(b.face)
    return "W" if b.value is None else f"W{b.value}"


def spot_text(target) -> str:
    """A hex as typed: ``C3``, or ``2:C3`` (hex C3 of hyve 2)."""
    if len(target) == 2 and isinstance(target[1], tuple):
        return f"{target[0]}:{cell_name(target[1])}"
    return cell_name(target)


def jelly_text(sheet: SheetDefinition, index: int) -> str:
    """A jelly by its id when the sheet has one of its kind, else by its number (1-based)."""
    kind = sheet.jellies[index]
    return kind if sheet.jellies.count(kind) == 1 else str(index + 1)


def step_text(step: Step, sheet: SheetDefinition, chamber: LarvaChamber) -> str:
    """The canonical text of ``step`` (what :func:`parse_step` reads back to it)."""
    v, a = step.verb, step.args
    if v == "roll":
        return "roll" if a[0] is None else f"roll {a[0]}"
    if v in ("dice", "reroll"):
        return " ".join((v, *(face_text(f) for f in a))) if a else v
    if v in ("repurpose", "eggs", "courier"):
        return f"{v} {bee_text(a[0])}" + (" boost" if a[1:] and a[1] else "")
    if v == "bakery":
        return f"bakery {a[0]}: " + " ".join(bee_text(b) for b in a[1])
    if v == "shape":
        return "shape " + " ".join(chamber.name(c) for c in a)
    if v == "larva":
        b, line = a[0], a[1]
        kind = "both" if a[2:] and a[2] else line.kind
        own = not b.wild and line.kind != "wild" and line.label == b.face
        return f"larva {bee_text(b)} {kind}" + ("" if own else f" {line.label}")
    if v == "queen":
        text = (f"queen {bee_text(a[0])} {jelly_text(sheet, a[1])}"
                + (" beseech" if a[2] else ""))
        if a[3:] and a[3] is not None:
            value, j2 = a[3]
            text += " + " + (f"W{value} " if a[0].wild else "") + jelly_text(sheet, j2)
        return text
    if v == "gather":
        return "gather"
    if v == "nectar":
        return f"{bee_text(a[0])}@{spot_text(a[1])}"
    if v == "larva-at":
        return f"larva@{spot_text(a[0])}"
    if v == "excise":
        return "excise none" if a[0] is None else f"excise {cell_name(a[0])}"
    if v == "sensilla":
        return f"sensilla {a[0]}" if a[1] is None else f"sensilla {a[0]}@{spot_text(a[1])}"
    if v in ("reward", "effect", "cross-out"):
        return f"{v} {a[0]}"
    if v == "mites":
        return f"mites {cell_name(a[0])}"
    if v in ("marshal", "build"):
        if not a:
            return v
        if a[0] == "done":
            return f"{v} done"
        return f"marshal {bee_text(a[0])}@{a[1]}" if v == "marshal" else f"build {bee_text(a[0])}"
    if v == "wasp":
        return "wasp " + " ".join(str(f) for f in a)
    if v == "block":
        return f"block {a[0] or 'none'}"
    if v == "eat":
        return f"eat {chamber.name(a[0])}"
    if v == "hexes":
        return "hexes " + " ".join(f"{a[0]}:{cell_name(h)}" for h in a[1])
    raise ValueError(v)


# --- reading -----------------------------------------------------------------------------------

def _bad(text: str, hint: str = "") -> InvalidInputError:
    return InvalidInputError("step", text, hint or "one of: " + "; ".join(FORMS.values()))


def _faces(text: str, words: list[str]) -> tuple[int, ...]:
    joined = "".join(words).upper().replace(",", "")
    faces = []
    for ch in joined:
        if ch == "W" or ch == "6":
            faces.append(WILD)
        elif ch in "12345":
            faces.append(int(ch))
        else:
            raise _bad(text, "die faces 1-5 and W (the wild Bee, also typed 6), e.g. dice 1 3 W 4")
    return tuple(faces)


def _bee(text: str, word: str) -> Bee:
    w = word.strip().upper()
    if w in ("W", "6", "WILD"):
        return bee(WILD)
    if len(w) == 2 and w[0] == "W" and w[1] in "12345":
        return bee(WILD, int(w[1]))
    if w in ("1", "2", "3", "4", "5"):
        return bee(int(w))
    raise _bad(text, "a bee: 1-5, W (a wild Bee) or W1-W5 (a wild Bee standing for 1-5)")


def _spot(text: str, word: str):
    hyve, sep, cell = word.partition(":")
    if sep:
        if not digits(hyve.strip()) or not 1 <= int(hyve) <= 6:
            raise _bad(text, "HEX or HYVE:HEX with a hyve 1-6, e.g. C3 or 2:C3")
        return int(hyve), parse_cell(cell, "step hex")
    return parse_cell(word, "step hex")


def _jelly(text: str, word: str, sheet: SheetDefinition) -> int:
    key = word.strip().lower().replace("_", "-").replace("'", "")
    if digits(key) and 1 <= int(key) <= len(sheet.jellies):
        return int(key) - 1
    matches = [i for i, j in enumerate(sheet.jellies) if j == key]
    if len(matches) == 1:
        return matches[0]
    listing = ", ".join(f"{i + 1} {JELLIES[j][0]}" for i, j in enumerate(sheet.jellies))
    raise _bad(text, f"a royal jelly of the sheet by number or name: {listing}")


def _number(text: str, word: str, what: str) -> int:
    if not digits(word):
        raise _bad(text, what)
    return int(word)


#: other words a step's verb is typed as
VERB_ALIASES = {"crossout": "cross-out", "cross": "cross-out", "season": "effect",
                "queens-attendants": "queen", "tend-eggs": "eggs", "tend-larva": "larva",
                "bake": "bakery"}


@dataclass(frozen=True)
class _Typed:
    """A step as typed: the whole text (``raw``, quoted in errors), its verb and the words
    after it (lower case), and the sheet and larva chamber that name its values."""

    raw: str
    verb: str
    words: list
    sheet: SheetDefinition
    chamber: LarvaChamber


def parse_step(text: Any, sheet: SheetDefinition, chamber: LarvaChamber) -> Step:
    """Read one step (see the module docstring for the forms).

    :raises InvalidInputError: (field ``step``) not a step, naming the forms or the values
        allowed, and the close matches of an unknown verb.
    """
    raw = str(text)
    t = " ".join(raw.replace("\u00a0", " ").split())
    low = t.lower()
    if not low:
        raise _bad(raw)
    if "@" in low and low.split()[0] not in ("sensilla", "marshal"):
        return _placed(raw, t)
    verb, *words = low.split()
    verb = VERB_ALIASES.get(verb, verb)
    if verb == "cross-out" and words and words[0] == "out":
        words = words[1:]
    if verb not in FORMS:
        close = difflib.get_close_matches(verb, list(FORMS), n=3, cutoff=0.6)
        raise _bad(raw, (" or ".join(FORMS[c] for c in close) + did_you_mean(close))
                   if close else "")
    typed = _Typed(raw, verb, words, sheet, chamber)
    if verb in _BARE:
        return _BARE[verb](typed)
    if not words:
        raise _bad(raw, FORMS[verb])
    return _WITH_WORDS.get(verb, _unknown)(typed)


def _placed(raw: str, t: str) -> Step:
    """``BEE@HEX`` (a nectar placed) or ``larva@HEX`` (a larva placed)."""
    left, _, right = t.partition("@")
    left, right = left.strip(), right.strip()
    if left.lower() == "larva":
        return Step("larva-at", (_spot(raw, right),))
    return Step("nectar", (_bee(raw, left), _spot(raw, right)))


def _unknown(s: _Typed) -> Step:
    """A verb whose step is not typed so (``nectar``: typed ``BEE@HEX``)."""
    raise _bad(s.raw)


def _roll(s: _Typed) -> Step:
    """``roll`` or ``roll N`` (Controlled Rolls: fewer dice)."""
    if len(s.words) > 1:
        raise _bad(s.raw, "roll, or roll N (Controlled Rolls: fewer dice)")
    return Step("roll", (_number(s.raw, s.words[0], "roll N: a number of dice")
                         if s.words else None,))


def _dice(s: _Typed) -> Step:
    """``dice F F ...`` or ``reroll F F ...``."""
    return Step(s.verb, _faces(s.raw, s.words))


def _marshal(s: _Typed) -> Step:
    """``marshal`` (the action opened), ``marshal done``, or ``marshal BEE@D1.2``."""
    if not s.words:
        return Step("marshal")
    if s.words == ["done"]:
        return Step("marshal", ("done",))
    b, sep, at = "".join(s.words).partition("@")
    if not sep:
        raise _bad(s.raw, "marshal BEE@HEX, e.g. marshal 3@D1.2 (defensive formation 1, "
                   "hex 2) or marshal W4@O3.5; or marshal done")
    from hyvekit.rules.hyve.wasp_war import parse_formation_hex
    return Step("marshal", (_bee(s.raw, b), str(parse_formation_hex(at, "step hex"))))


def _build(s: _Typed) -> Step:
    """``build`` (the action opened), ``build done``, or ``build BEE``."""
    if not s.words:
        return Step("build")
    if s.words == ["done"]:
        return Step("build", ("done",))
    if len(s.words) == 1:
        return Step("build", (_bee(s.raw, s.words[0]),))
    raise _bad(s.raw)


def _wasp(s: _Typed) -> Step:
    """``wasp F F``: the two Light Attack dice."""
    faces = tuple(_number(s.raw, w, "wasp F F: two D6 faces 1-6") for w in s.words)
    if len(faces) != 2 or not all(1 <= f <= 6 for f in faces):
        raise _bad(s.raw, "wasp F F: the two Light Attack dice, faces 1-6, e.g. wasp 4 5")
    return Step("wasp", faces)


def _block(s: _Typed) -> Step:
    """``block D1.1`` or ``block none``."""
    if s.words == ["none"]:
        return Step("block", (None,))
    from hyvekit.rules.hyve.wasp_war import parse_formation_hex
    return Step("block", (str(parse_formation_hex(s.words[0], "step hex")),))


def _eat(s: _Typed) -> Step:
    """``eat SQUARE``: a populated larva the wasps eat."""
    return Step("eat", (s.chamber.parse_square(s.words[0], "step square"),))


def _hexes(s: _Typed) -> Step:
    """``hexes HYVE:HEX ...``: where a Build's shape goes, in one hyve."""
    spots = [_spot(s.raw, w) for w in s.words]
    if not spots or any(not isinstance(x[1], tuple) for x in spots) \
            or len({x[0] for x in spots}) != 1:
        raise _bad(s.raw, "hexes HYVE:HEX ... of one hyve, e.g. hexes 1:C1 1:C2 1:C3 1:C4")
    return Step("hexes", (spots[0][0], tuple(x[1] for x in spots)))


def _gather(s: _Typed) -> Step:
    """``gather``."""
    if s.words:
        raise _bad(s.raw, "gather (then each bee's nectar: 3@C3)")
    return Step("gather")


def _bee_action(s: _Typed) -> Step:
    """``repurpose BEE [boost]``, ``eggs BEE [boost]``, ``courier BEE``."""
    words = s.words
    boost = s.verb != "courier" and words[-1:] == ["boost"]
    words = words[:-1] if boost else words
    if len(words) != 1:
        raise _bad(s.raw, FORMS[s.verb])
    return Step(s.verb, (_bee(s.raw, words[0]),) + ((True,) if boost else ()))


def _bakery(s: _Typed) -> Step:
    """``bakery TYPE: BEE BEE ...``."""
    head, *rest = " ".join(s.words).replace(":", " : ").split()
    rest = [w for w in rest if w != ":"]
    bread = _number(s.raw, head, "bakery TYPE: BEE BEE ... with a bread type 1-5")
    if not 1 <= bread <= 5 or not rest:
        raise _bad(s.raw, "bakery TYPE: BEE BEE ... with a bread type 1-5, e.g. bakery 3: 3 3 W")
    return Step("bakery", (bread, tuple(_bee(s.raw, w) for w in rest)))


def _shape(s: _Typed) -> Step:
    """``shape SQUARE SQUARE ...``: where a Tend Eggs' shape goes."""
    return Step("shape", tuple(s.chamber.parse_square(w, "step square") for w in s.words))


def _larva(s: _Typed) -> Step:
    """``larva BEE row|column [N]``, ``larva W wild N``, ``larva BEE both [N]`` (Turbo)."""
    raw, words = s.raw, s.words
    b = _bee(raw, words[0])
    kind = words[1] if len(words) > 1 else ""
    boost = kind == "both"                   # Turbo: the row AND the column
    kind = "row" if boost else kind
    if kind not in ("row", "column", "wild") or len(words) > 3:
        raise _bad(raw, "larva BEE row|column [N], or larva W wild N; e.g. larva 3 row")
    if len(words) == 3:
        label = _number(raw, words[2], "the row, column or wild column number")
    elif kind == "wild":
        label = 1
    elif b.wild:
        raise _bad(raw, f"a wild Bee names the {kind}: larva W {kind} N")
    else:
        label = b.face
    return Step("larva", (b, Line(kind, label)) + ((True,) if boost else ()))


def _queen(s: _Typed) -> Step:
    """``queen BEE JELLY [beseech]``, and Turbo's ``+ [BEE] JELLY`` (a second fill)."""
    raw = s.raw
    first, plus, second = " ".join(s.words).partition("+")
    words = first.split()
    beseech = words[-1:] == ["beseech"]
    words = words[:-1] if beseech else words
    if len(words) != 2:
        raise _bad(raw, "queen BEE JELLY [beseech], e.g. queen 4 plumose")
    b = _bee(raw, words[0])
    step = (b, _jelly(raw, words[1], s.sheet), beseech)
    if plus:
        more = second.split()
        if len(more) == 2:
            value = _bee(raw, more[0]).stands_for
        elif len(more) == 1 and not b.wild:
            value = b.face
        else:
            raise _bad(raw, "queen BEE JELLY + [BEE] JELLY: the second jelly (a wild Bee "
                       "names its colour), e.g. queen W4 overwork + W3 plumose")
        step += ((value, _jelly(raw, more[-1], s.sheet)),)
    return Step("queen", step)


def _excise(s: _Typed) -> Step:
    """``excise HEX`` or ``excise none``."""
    if s.words == ["none"]:
        return Step("excise", (None,))
    return Step("excise", (parse_cell(s.words[0], "step hex"),))


def _sensilla(s: _Typed) -> Step:
    """``sensilla VALUE@HEX`` (or ``sensilla VALUE`` with no room: ruling H82)."""
    value, sep, spot = "".join(s.words).partition("@")
    if value not in ("1", "2", "3", "4", "5") or (sep and not spot):
        raise _bad(s.raw, "sensilla VALUE@HEX with a die value 1-5, e.g. sensilla 4@C3")
    return Step("sensilla", (int(value), _spot(s.raw, spot) if sep else None))


def _reward(s: _Typed) -> Step:
    """``reward NAME``: a Queen's Reward."""
    key = "-".join(s.words).replace("_", "-")
    if key not in REWARDS:
        raise _bad(s.raw, "reward " + " | ".join(REWARDS))
    return Step("reward", (key,))


def _effect(s: _Typed) -> Step:
    """``effect N``: the seasonal effect."""
    return Step("effect", (_number(s.raw, s.words[0], "effect N: the effect's number"),))


def _mites(s: _Typed) -> Step:
    """``mites HEX``: a nectar crossed out."""
    return Step("mites", (parse_cell(s.words[0], "step hex"),))


def _cross_out(s: _Typed) -> Step:
    """``cross-out TYPE``: Easy Mode's bread type crossed out."""
    return Step("cross-out", (_number(s.raw, s.words[0], "cross-out TYPE: a bread type 1-5"),))


#: the readers of the verbs that may come without words after them
_BARE = {"roll": _roll, "dice": _dice, "reroll": _dice, "marshal": _marshal, "build": _build,
         "wasp": _wasp, "hexes": _hexes, "gather": _gather}
#: the readers of the verbs that need words after them
_WITH_WORDS = {"repurpose": _bee_action, "eggs": _bee_action, "courier": _bee_action,
               "bakery": _bakery, "shape": _shape, "larva": _larva, "queen": _queen,
               "excise": _excise, "sensilla": _sensilla, "reward": _reward,
               "effect": _effect, "mites": _mites, "cross-out": _cross_out,
               "block": _block, "eat": _eat}


def is_roll(text: str) -> bool:
    """Whether ``text`` asks the tool to roll (``roll``, ``roll 4``)."""
    return re.fullmatch(r"\s*roll(\s+\d+)?\s*", str(text).lower()) is not None
