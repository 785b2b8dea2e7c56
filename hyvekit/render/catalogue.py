"""The catalogue of printables: what ``hyvekit print list`` shows and what ``print pad``,
``print aid`` and ``print all`` can make.

Each game's printables live in their own module (``printables*.py``) and :func:`register`
themselves with a context builder.  A builder is a pure function over the rules core (no
weasyprint, no files) called as ``build(players=None, names=[], per_page=1)``; builders of aids
ignore ``players`` and ``names``.  A printable drawn from components a player can supply from
a file (:attr:`Printable.uses`: ``"board"``, the Bee Lives board values of ``--board FILE``)
also receives them by name (``board=...``), so the print shows the player's values.
:func:`load_all` imports the modules listed in :data:`MODULES`, :func:`entry` the one of
its key; none of them may import weasyprint, reportlab or pypdf.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.validate import close_matches
from hyvekit.rules.values import dataclass

Builder = Callable[..., dict[str, Any]]


@dataclass(frozen=True)
class Printable:
    """One entry of the catalogue.

    :ivar key: ``"legacy-sheet"``, ``"pad beelives"``, ``"aid beelives-month"``...
    :ivar template: template file name in the templates folder.
    :ivar title: the printed heading (also the PDF title); printed once per copy.
    :ivar description: one line for ``hyvekit print list``.
    :ivar example: a command line that prints it.
    :ivar per_page: the ``--per-page`` values that keep it legible (copies per sheet).
    :ivar command: the arguments after ``hyvekit`` that print its blank variant.
    :ivar expect: a phrase printed on every copy (the tests look for it).
    :ivar pages: pages per copy.
    :ivar uses: the components its values come from that a player may supply from a file
        (``"board"``: a Bee Lives :class:`~hyvekit.rules.beelives.board.Board`;
        ``"queenbee_board"``: a Queen Bee :class:`~hyvekit.rules.queenbee.spaces.Board`);
        passed to its builder by name.
    """

    key: str
    template: str
    title: str
    description: str
    example: str
    per_page: tuple[int, ...] = (1,)
    command: tuple[str, ...] = ()
    expect: str = ""
    pages: int = 1
    uses: tuple[str, ...] = ()

    @property
    def file_stem(self) -> str:
        """Default output name: ``output/<file_stem>.pdf``."""
        return self.key.replace(" ", "-")


CATALOGUE: dict[str, Printable] = {}
BUILDERS: dict[str, Builder] = {}
#: printables of several documents (the booklet): key → the blank ``[(template, context)]``
PARTS: dict[str, Callable[[], list[tuple[str, dict[str, Any]]]]] = {}
PADS: dict[str, str] = {}    # game name → catalogue key ("beelives" → "pad beelives")
AIDS: dict[str, str] = {}    # aid name → catalogue key

#: One module per game, with the keys of the printables it registers in their order (the
#: catalogue's order): a print imports only the module of its printable (:func:`entry`),
#: ``print all`` and ``print list`` every one (:func:`load_all`).  tests/render checks this
#: against what the modules register.
MODULES: dict[str, tuple[str, ...]] = {
    "hyvekit.render.printables": ("legacy-sheet", "pad beelives", "aid beelives-month"),
    "hyvekit.render.printables_hyve": ("aid hyve-reference", "pad hyve-legacy"),
    "hyvekit.render.printables_hyve_sheets": (
        "sheet hyve-standard", "sheet hyve-coldsnap", "sheet hyve-mites-challenge",
        "sheet hyve-wasp-war", "sheet hyve-bee-builder", "sheet hyve-turbo",
        "sheet hyve-long-live-the-queen", "booklet", "aid hyve-modes"),
    "hyvekit.render.printables_beelives": (
        "pad beelives-years", "aid beelives-wild", "aid beelives-queens", "aid beelives-raid",
        "aid beelives-solo", "aid beelives-resources"),
    "hyvekit.render.printables_beez": ("pad beez", "aid beez-turn"),
    "hyvekit.render.printables_queenbee": ("aid queenbee-reference", "aid queenbee-cards",
                                           "aid queenbee-board", "pad queenbee"),
    "hyvekit.render.printables_reports": ("report",),
    "hyvekit.render.printables_beelives_campaign": ("tracker beelives",
                                                    "tracker beelives-months"),
    "hyvekit.render.printables_beelives_hive": ("tracker beelives-hive",),
    "hyvekit.render.printables_stats": ("stats",),
}
#: catalogue key → the module that registers it
HOME = {key: module for module, keys in MODULES.items() for key in keys}


def names(kind: str) -> dict[str, str]:
    """The names ``print pad``/``print aid`` take (``kind`` ``"pad"`` or ``"aid"``) → their
    catalogue keys (``"beelives"`` → ``"pad beelives"``), without importing any printable."""
    return {key.split(" ", 1)[1]: key for key in HOME if key.startswith(f"{kind} ")}


def register(printable: Printable, build: Builder, *, pad: str | None = None,
             aid: str | None = None,
             parts: Callable[[], list[tuple[str, dict[str, Any]]]] | None = None
             ) -> Printable:
    """Add ``printable`` with its context builder; ``pad``/``aid`` name it for ``print pad
    GAME`` / ``print aid NAME``; ``parts`` gives the blank documents of a printable made of
    several (:func:`blank_parts`).

    :raises ValueError: the key or pad/aid name is already taken (a programming error).
    """
    if printable.key in CATALOGUE:
        raise ValueError(f"printable {printable.key!r} registered twice")
    for table, name in ((PADS, pad), (AIDS, aid)):
        if name is not None:
            if name in table:
                raise ValueError(f"{name!r} registered twice")
            table[name] = printable.key
    CATALOGUE[printable.key] = printable
    BUILDERS[printable.key] = build
    if parts is not None:
        PARTS[printable.key] = parts
    return printable


def load_all() -> dict[str, Printable]:
    """Import every printables module once; return the catalogue."""
    for name in MODULES:
        importlib.import_module(name)
    # the catalogue's order is MODULES' (then registration) order, whichever module was
    # imported first
    rank = {name: i for i, name in enumerate(MODULES)}
    ordered = sorted(CATALOGUE, key=lambda k: rank.get(BUILDERS[k].__module__, len(rank)))
    if ordered != list(CATALOGUE):
        entries = {k: CATALOGUE[k] for k in ordered}
        CATALOGUE.clear()
        CATALOGUE.update(entries)
    return CATALOGUE


def entry(key: str) -> Printable:
    """The catalogue entry ``key``, its module imported if it was not yet (only that one).

    :raises InvalidInputError: ``key`` is not in the catalogue.
    """
    if key not in CATALOGUE and key in HOME:
        importlib.import_module(HOME[key])
    if key not in CATALOGUE:
        raise InvalidInputError("printable", key, "one of " + ", ".join(HOME))
    return CATALOGUE[key]


def lookup(kind: str, name: str) -> Printable:
    """The catalogue entry of ``kind`` (``"pad"``/``"aid"``) ``name``.

    :raises InvalidInputError: unknown name; the message lists the accepted ones and the
        close matches.
    """
    table = names(kind)
    key = table.get(name.strip().lower())
    if key is None:
        raise InvalidInputError(kind, name, "one of " + ", ".join(sorted(table)),
                                suggestions=close_matches(name, table))
    return entry(key)


def build_context(key: str, *, players: int | None = None, names: list[str] | None = None,
                  per_page: int = 1, **components: Any) -> dict[str, Any]:
    """The context of catalogue entry ``key`` for the given pad options.

    :param components: the player's own components (``board=...``), each one the printable
        :attr:`~Printable.uses`; None values are left out (the packaged ones are used).
    :raises InvalidInputError: unknown key, a component the printable is not drawn from, or
        options the builder refuses.
    """
    found = entry(key)
    given = {name: value for name, value in components.items() if value is not None}
    for name in given:
        if name not in found.uses:
            raise InvalidInputError(f"--{name.replace('_', '-')}", key,
                                    "a printable drawn from it: " + ", ".join(
                                        p.key for p in load_all().values() if name in p.uses))
    return BUILDERS[key](players=players, names=list(names or []), per_page=per_page, **given)


def blank_context(key: str, per_page: int = 1) -> dict[str, Any]:
    """Context of the blank (unfilled) variant of ``key``, as ``hyvekit print all`` prints it.

    :raises InvalidInputError: ``key`` is not in the catalogue.
    """
    return build_context(key, per_page=per_page)


def blank_parts(key: str) -> list[tuple[str, dict[str, Any]]]:
    """The documents of the blank variant of ``key`` as ``[(template, context)]``, in the
    order their pages print: one for most printables, several for the booklet.

    :raises InvalidInputError: ``key`` is not in the catalogue.
    """
    found = entry(key)                       # refuses a key not in the catalogue
    if key in PARTS:
        return PARTS[key]()
    return [(found.template, blank_context(key))]
