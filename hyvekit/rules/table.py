"""The one shape of every game played at the table (docs/architecture.md, "Play at the
table"), after python-chess's ``Board``: a table is a value, :meth:`Engine.pending` says what
is due, :meth:`Engine.push` applies one step and keeps it, resolved, on the table it returns.

* :class:`Decision` — what is due: who decides (``actor``), what (``kind``), a one-line
  ``prompt`` and the ``legal`` steps, each a notation that ``push`` takes back; at the end of
  a game (or of a legacy scenario) the kind is :data:`OVER` with the ``result``, never None.
* :class:`Engine` — what each game's engine offers: ``new``, ``pending``, ``push``,
  ``replay``, ``view``, ``preview``, and the step the last push kept (``last_step``) with
  what it did in words (``said``).

Bee Lives (:mod:`hyvekit.rules.beelives.engine`), HYVE (:mod:`hyvekit.rules.hyve.engine`) and
Beez (:mod:`hyvekit.rules.beez.engine`) each meet it; the step path of every record
(:func:`hyvekit.games.table.apply_steps`) and the faces over it (``next``, ``do``, ``play``)
use nothing else.  This module holds no rule of any game.
"""

from __future__ import annotations

import functools
import random
import shlex
from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol, TypeVar

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.errors import steps_located

#: the kind of the decision after the last step of a game: nothing is due
OVER = "over"
#: the kind of a decision that a die (or a card drawn) answers: ``roll`` or the face
DICE = "dice"

#: steps whose outcome is drawn (a die, a card): never previewed, whatever the decision
DRAWN = ("roll", "draw")
#: a decision with more options than this gets no previews (a HYVE sheet's every cell)
PREVIEWED = 60
#: the longest step read and kept (characters), every game's: the longest legal step is under
#: 100; reading one costs more than its length (quotes split), and it is read under the
#: record's lock
MAX_STEP = 200

TableT = TypeVar("TableT")


class Option(str):
    """A legal step as a decision lists it: its notation — what a record keeps; it compares,
    hashes and prints as that text — and the typed ``value`` it was made from, with the
    ``source`` it was listed for (the table, or the part of it, an engine knows), so that the
    engine that listed it takes it back without reading the text again.  Pushed anywhere
    else, or typed, a step is read from its text as always.  It pickles as its text."""

    value: Any
    source: Any

    def __new__(cls, text: str, value: Any, source: Any = None) -> Option:
        option = super().__new__(cls, text)
        option.value, option.source = value, source
        return option

    def __reduce__(self) -> tuple:
        return (str, (str(self),))


def step_lengths_checked(texts: Sequence[str]) -> None:
    """Refuse a step over :data:`MAX_STEP` characters before any is read (every face: ``do``,
    ``play``, the web table).

    :raises InvalidInputError: the first step too long (its length given, not its text).
    """
    for n, text in enumerate(texts, 1):
        if len(text) > MAX_STEP:
            field = "step" if len(texts) == 1 else f"step {n}"
            raise InvalidInputError(field, f"{len(text):,} characters",
                                    f"a step of at most {MAX_STEP:,} characters")


def typed(step: Any, source: Any) -> Any:
    """The typed value of ``step`` when it is an :class:`Option` listed for ``source``, else
    None."""
    return step.value if isinstance(step, Option) and step.source is source else None


def spaced(step: Any) -> Any:
    """A step with its spacing made single (an :class:`Option` as it is: it was listed so)."""
    return step if isinstance(step, Option) else " ".join(str(step).split())


class Decision:
    """What is due at a table.

    :ivar kind: what is decided (each game names its kinds; :data:`DICE` when a die is due,
        :data:`OVER` when nothing is).
    :ivar actor: the player (or wild hive) deciding — for a die, the player who rolls it;
        None when nobody in particular does, or the game is over.
    :ivar prompt: one line for people.
    :ivar legal: the legal steps, each a notation the engine's ``push`` accepts (worked out
        when first asked for: a callable may be given); () when over.
    :ivar more: what else is accepted beyond the list (the faces of a die, a smaller take).
    :ivar auto: the rules leave no choice: the tool plays ``legal[0]``.
    :ivar result: at :data:`OVER`, the game's result as the engine gives it (else None).
    """

    def __init__(self, kind: str, actor: str | None, prompt: str,
                 legal: Sequence[str] | Callable[[], Sequence[str]] = (), more: str = "",
                 auto: bool = False, result: Any = None) -> None:
        self.kind, self.actor, self.prompt, self.more, self.auto = kind, actor, prompt, more, auto
        self.result = result
        self._legal = legal

    @functools.cached_property
    def legal(self) -> tuple[str, ...]:
        """The legal steps (notations)."""
        return tuple(self._legal() if callable(self._legal) else self._legal)

    @property
    def forced(self) -> bool:
        """The rules leave no choice: :attr:`auto`, or a single legal step with nothing else
        accepted (not a die, nor anything drawn: :data:`DRAWN`; not the end).  Options an
        engine works out only when asked (a long menu, costly to list) are not listed for
        this: such a decision is forced only when they have been."""
        if callable(self._legal) and "legal" not in self.__dict__:
            return self.auto
        return self.auto or (len(self.legal) == 1 and not self.more
                             and self.kind not in (DICE, OVER)
                             and self.legal[0].split(": ", 1)[-1] not in DRAWN)

    def names(self, text: str | None) -> bool:
        """Whether ``text`` is the decision's first legal step as typed (spacing and case
        aside, with or without the actor's name in front)."""
        if text is None or not self.legal:
            return False
        typed, first = " ".join(text.split()).casefold(), self.legal[0].casefold()
        return typed in (first, first.split(": ", 1)[-1])

    @property
    def over(self) -> bool:
        """Nothing is due: the game (or the legacy scenario) has ended."""
        return self.kind == OVER

    def _key(self) -> tuple:
        return (self.kind, self.actor, self.prompt, self.legal, self.more, self.auto)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.actor!r}, {self.prompt!r})"


def norm(text: str) -> str:
    """``text`` as words, lower case, quotes read (a quote left open: as typed)."""
    try:
        return " ".join(w.lower() for w in shlex.split(text))
    except ValueError:
        return text.lower()


def same_start(d: Decision, text: str) -> list[str]:
    """The legal options of ``d`` whose words begin with the most of ``text``'s words (its actor
    left out; case forgiving), or [] when none begins with its first word."""
    words = norm(text.split(": ", 1)[-1]).split()
    bodies = [(o, norm(o.split(": ", 1)[-1]).split()) for o in d.legal]
    for k in range(len(words), 0, -1):
        same = [o for o, b in bodies if b[:k] == words[:k]]
        if same:
            return same
    return []


def over(prompt: str, result: Any = None) -> Decision:
    """The decision after the last step: nothing is due; ``prompt`` says why."""
    return Decision(OVER, None, prompt, (), result=result)


class Engine(Protocol[TableT]):
    """A game's table engine.  Tables are values: an engine never changes one in place.

    ``game`` and ``kind`` name the records it plays (a record header's ``game``/``kind``).
    """

    game: str
    kind: str

    def new(self, setup: Any) -> TableT:
        """The table before its first step, from the game's set-up value (built from a
        record's settings by its facade in :mod:`hyvekit.games`).

        :raises InvalidInputError: a set-up the game cannot start from.
        """

    def pending(self, t: TableT) -> Decision:
        """The decision due at ``t``; :data:`OVER` when nothing is (never None)."""

    def push(self, t: TableT, step: str, rng: random.Random | None = None) -> TableT:
        """The table after ``step`` (a notation of the decision due; ``roll`` draws the faces
        with ``rng``), with the step as it is stored (resolved) kept on it:
        :meth:`last_step`.

        :raises IllegalActionError: a step the rules refuse (the rule named, the legal steps
            in ``expected``), or nothing due.
        :raises InvalidInputError: a step that is not notation.
        """

    def last_step(self, t: TableT) -> str:
        """The step the push that made ``t`` kept, resolved ("" before the first)."""

    def said(self, t: TableT) -> tuple[str, ...]:
        """What the rules did with the step the push that made ``t`` kept, in words."""

    def replay(self, start: TableT, steps: Sequence[str]) -> TableT:
        """``start`` after ``steps`` (resolved: as :meth:`last_step` gives them), pushed in
        order.

        :raises IllegalActionError, InvalidInputError: a step refused (as :meth:`push`).
        """

    def view(self, t: TableT) -> dict[str, Any]:
        """What any screen shows of ``t``, JSON-able."""

    def preview(self, t: TableT, option: str) -> TableT:
        """The table after the legal step ``option``: what that choice does (no die is
        rolled for it: a ``roll`` is previewed with ``random.Random(0)``).

        :raises IllegalActionError, InvalidInputError: as :meth:`push`.
        """

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """What took the table whose :meth:`view` is ``before`` to the one whose view is
        ``after``, in short lines for people ("Ann: honey 0→5"), the game's own notes after
        them ("comb full: …")."""


class BaseEngine:
    """What every engine does the same way (python-chess's ``Board`` methods that variants do
    not override): ``replay`` pushes the steps in order, ``preview`` pushes the option with
    ``random.Random(0)``, ``last_step`` and ``said`` read the table's ``steps`` and ``said``.
    A game's engine subclasses it and gives ``new``, ``pending``, ``push`` and ``view``."""

    def push(self, t: Any, step: str, rng: random.Random | None = None) -> Any:
        raise NotImplementedError

    def last_step(self, t: Any) -> str:
        """The last of the table's ``steps`` ("" before the first)."""
        return t.steps[-1] if t.steps else ""

    def said(self, t: Any) -> tuple[str, ...]:
        """The table's ``said``."""
        return t.said

    def replay(self, start: Any, steps: Sequence[str]) -> Any:
        """``start`` after ``steps`` (resolved), pushed in order without dice.

        :raises IllegalActionError, InvalidInputError: a step refused.
        """
        t = start
        for step in steps:
            t = self.push(t, step)
        return t

    def preview(self, t: Any, option: str) -> Any:
        """The table after ``option``, a die it leaves to the tool rolled with
        ``random.Random(0)``.

        :raises IllegalActionError, InvalidInputError: as :meth:`push`.
        """
        return self.push(t, option, random.Random(0))

    def preview_detail(self, t: Any, option: str) -> tuple[Any, tuple[str, ...]]:
        """What :func:`previews` shows of ``option``: the table to compare (:meth:`preview`)
        and lines to add to its changes (none here; an engine may carry the preview past a
        die the option makes due, and say so).

        :raises IllegalActionError, InvalidInputError: as :meth:`push`.
        """
        return self.preview(t, option), ()

    #: a decision with more options than this gets no previews
    PREVIEWED: int = PREVIEWED
    #: keys of the view that a change of is not worth telling (where the table stands)
    QUIET: frozenset[str] = frozenset({"steps"})
    #: the view's keys as people call them
    LABELS: dict[str, str] = {}

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """The differences between two views (:func:`view_changes`, the engine's ``QUIET``
        keys left out, its ``LABELS`` used)."""
        return view_changes(before, after, self.LABELS, self.QUIET)

    def previewed(self, d: Decision) -> bool:
        """Whether the options of ``d`` get a preview: not a die's, not at the end."""
        return d.kind not in (DICE, OVER)




#: the most combinations of faces a die decision lists in ``legal`` (one or two D6: beyond,
#: the faces are entered as ``more`` says)
LISTED_FACES = 36


def dice_steps(dice: int, faces: Sequence[int]) -> tuple[str, ...]:
    """The legal steps of a die decision: ``roll`` (the tool rolls), then each way the dice
    can fall written as their faces, one digit a die (``3``, ``41``), where there are at most
    :data:`LISTED_FACES` of them — so a program choosing only among ``legal`` can enter the
    faces a player rolled."""
    return _dice_steps(dice, tuple(faces))


@functools.lru_cache(maxsize=64)
def _dice_steps(dice: int, faces: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`dice_steps`, worked out once per number of dice and faces."""
    import itertools
    if len(faces) ** dice > LISTED_FACES or any(f > 9 for f in faces):
        return ("roll",)
    return ("roll",) + tuple("".join(map(str, c)) for c in itertools.product(faces,
                                                                              repeat=dice))


def view_changes(before: Any, after: Any, labels: dict[str, str] | None = None,
                 quiet: frozenset[str] = frozenset(), _at: str = "") -> tuple[str, ...]:
    """The differences between two views of a table (JSON-like dicts), one short line per
    thing changed: a value ``key 0→5``; in a list of named items (dicts with a ``name``),
    ``NAME: key 0→5, key 3→1`` per item, ``NAME new`` / ``NAME gone``; a nested dict as
    ``key.sub 1→2``; any other list ``key changed``.  Keys in ``quiet`` are left out;
    ``labels`` names keys for people (``{"vp": "VP"}``)."""
    labels = labels or {}
    out: list[str] = []

    def name(key: str) -> str:
        return labels.get(key, key.replace("_", " "))

    def value(v: Any) -> str:
        return "none" if v is None else ("yes" if v is True else "no" if v is False else str(v))

    def named(v: Any) -> bool:
        return isinstance(v, list) and all(isinstance(i, dict) and "name" in i for i in v)

    for key in list(before) + [k for k in after if k not in before]:
        if key in quiet:
            continue
        b, a = before.get(key), after.get(key)
        if a == b:
            continue
        if named(b) and named(a):
            olds, news = {i["name"]: i for i in b}, {i["name"]: i for i in a}
            for n, item in news.items():
                if n not in olds:
                    out.append(f"{n} new")
                    continue
                if item == olds[n]:             # unchanged: most items, most of the time
                    continue
                diff = [f"{name(k)} {value(olds[n].get(k))}→{value(item.get(k))}"
                        for k in item if k not in quiet and k != "name"
                        and item.get(k) != olds[n].get(k)
                        and not isinstance(item.get(k), (list, dict))]
                if diff:
                    out.append(f"{n}: " + ", ".join(diff))
            out.extend(f"{n} gone" for n in olds if n not in news)
        elif isinstance(b, dict) and isinstance(a, dict):
            out.extend(view_changes(b, a, labels, quiet, f"{_at}{name(key)}."))
        elif isinstance(a, (list, dict)) or isinstance(b, (list, dict)):
            out.append(f"{_at}{name(key)} changed")
        else:
            out.append(f"{_at}{name(key)} {value(b)}→{value(a)}")
    return tuple(out)


def previews(engine: Any, t: Any, d: Decision | None = None,
             options: Collection[str] | None = None) -> dict[str, str]:
    """What each legal option of the decision due at ``t`` (or ``d``) would change, computed
    on a copy (:meth:`Engine.preview`, :meth:`Engine.changes`): ``{option: "…; …"}`` ("" when
    it changes nothing shown).  None for a die, a card drawn or the end of the game
    (:meth:`BaseEngine.previewed`), nor for more options than the engine's ``PREVIEWED``
    (default :data:`PREVIEWED`): every legal option, or those of ``options`` (asked for a
    few of a long menu; the others are left out)."""
    d = engine.pending(t) if d is None else d
    asked = d.legal if options is None else [o for o in d.legal if o in set(options)]
    if not engine.previewed(d) or len(asked) > engine.PREVIEWED:
        return {}
    out = {}
    now = engine.view(t)
    for option in asked:
        if option.split(": ", 1)[-1] in DRAWN:
            continue
        after, notes = engine.preview_detail(t, option)
        out[option] = "; ".join(notes + engine.changes(now, engine.view(after)))
    return out


def play_steps(engine: Engine[TableT], t: TableT, texts: Sequence[str],
               rng: random.Random | None = None, *, auto: bool = True,
               roll: bool = False, forced: bool = False, listed: bool = False
               ) -> list[TableT]:
    """``texts`` pushed in order on ``t``, each once, and after each (and before the first)
    the steps the tool makes itself: ``auto``, a decision the rules leave no choice in
    (:attr:`Decision.auto`: its first legal step); ``forced``, also a decision with a single
    legal step and nothing else accepted (:attr:`Decision.forced`) — either unless the next
    text is that very step, which is then pushed as typed (so a record's steps fed back,
    the tool's own among them, replay); ``roll``, every die due (``roll``,
    with ``rng``); ``listed``, a decision's options listed even where its engine works them
    out only when asked, so a single one among them is forced too (a face that lists them
    anyway: the web table).  All or none: the caller keeps the tables only when every step was taken.

    :returns: the table after each push, in order (its :meth:`Engine.last_step` is the step
        as stored).
    :raises IllegalActionError, InvalidInputError: the first step refused, ``step N (…)``
        named when there are several (:func:`~hyvekit.rules.errors.steps_located`).
    """
    out: list[TableT] = []

    def answers(d: Decision, text: str | None) -> bool:
        """Whether the step typed next answers the single-option decision ``d`` itself (as
        written there, or in another form its push accepts)."""
        if text is None:
            return False
        if d.names(text):
            return True
        try:
            engine.push(t, text, random.Random(0))
        except (IllegalActionError, InvalidInputError):
            return False
        return True

    def settle(upcoming: str | None = None) -> None:
        nonlocal t
        while auto or roll:
            d = engine.pending(t)
            # the next step typed is this very one (a record's steps fed back, the tool's
            # own among them): it is pushed as typed, once
            if d.auto and auto and d.names(upcoming):
                return
            if listed and forced:
                d.legal  # noqa: B018 (listed now: Decision.forced then counts them)
            if d.auto and auto:
                step = d.legal[0]
            elif forced and auto and d.forced and not answers(d, upcoming):
                step = d.legal[0]
            elif roll and d.kind == DICE:
                step = "roll"
            else:
                return
            t = engine.push(t, step, rng)
            out.append(t)

    def one(n: int, text: str) -> None:          # n: the step's number, from 1
        nonlocal t
        t = engine.push(t, text, rng)
        out.append(t)
        settle(texts[n] if n < len(texts) else None)

    settle(texts[0] if texts else None)
    steps_located(list(texts), one)
    return out
