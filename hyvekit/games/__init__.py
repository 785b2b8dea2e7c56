"""The games hyvekit keeps campaign records of, as the campaign store replays them.

The store (:mod:`hyvekit.store`) knows records, events, locking and migrations, and no game:
it is given the adapters below, one per ``(game, kind)`` of record header.  Each adapter
(:mod:`.hyve`, :mod:`.beelives`, :mod:`.queenbee`, :mod:`.beez`) turns a record's settings into the values
the rules core plays with (read by :mod:`hyvekit.data`, frozen into the record when it is
created) and replays its events through :mod:`hyvekit.rules`.

Layers: ``cli → games → store, data → rules``.  Adding a game's records means adding an
adapter module here and its line in :data:`ADAPTERS`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hyvekit.games.beelives import BeeLivesCampaignAdapter
from hyvekit.games.beez import BeezGameAdapter
from hyvekit.games.hyve import HyveLegacyAdapter, HyveScenarioAdapter
from hyvekit.games.queenbee import QueenBeeMatchAdapter, QueenBeeMatchesAdapter
from hyvekit.store.adapters import GameAdapter, adapter_in

ADAPTERS: dict[tuple[str, str], GameAdapter] = {
    ("hyve", "legacy"): HyveLegacyAdapter(),
    ("hyve", "scenario"): HyveScenarioAdapter(),
    ("queenbee", "matches"): QueenBeeMatchesAdapter(),
    ("queenbee", "match"): QueenBeeMatchAdapter(),
    ("beelives", "campaign"): BeeLivesCampaignAdapter(),
    ("beez", "game"): BeezGameAdapter(),
}


def adapter_for(game: str, kind: str) -> GameAdapter:
    """The adapter for a record's ``game``/``kind``.

    :raises InvalidInputError: no adapter (lists the known ones).
    """
    return adapter_in(ADAPTERS, game, kind)


def campaign_store(folder: str | Path) -> Any:
    """The :class:`~hyvekit.store.campaigns.CampaignStore` of ``folder`` with hyvekit's
    games, keeping derived states in the user's cache folder
    (:func:`hyvekit.store.states.default_folder`)."""
    from hyvekit.store.campaigns import CampaignStore
    from hyvekit.store.states import StateCache, default_folder
    return CampaignStore(folder, ADAPTERS, StateCache(default_folder()))


def require_kind(folder: str | Path, campaign_id: str, game: str, kind: str, field: str,
                 what: str, noun: str = "") -> None:
    """Refuse a campaign that is not of ``game``/``kind`` before an event is appended to it
    (its header is read, nothing is replayed); the arguments as for :func:`record_of`.

    :raises InvalidInputError: the campaign is another kind of record.
    """
    from hyvekit.rules.common import InvalidInputError
    header = campaign_store(folder).load(campaign_id).header
    if (header["game"], header["kind"]) != (game, kind):
        raise InvalidInputError(field, campaign_id, f"{what} (this is a "
                                f"{header['game']}/{header['kind']}{noun})")


def record_of(folder: str | Path, campaign_id: str, game: str, kind: str, field: str,
              what: str, noun: str = "") -> tuple[Any, Any]:
    """``(record, state)`` of a campaign that must be of ``game``/``kind``, read and replayed
    once.

    :param field, what, noun: how the caller names the id and the kind of record, for the
        error (``"run"``, ``"the id of a Hyve Legacy run"``; ``" record"`` after the other
        record's game/kind).
    :raises InvalidInputError: the campaign is another kind of record.
    """
    from hyvekit.rules.common import InvalidInputError
    record, state = campaign_store(folder).state(campaign_id)
    if (record.header["game"], record.header["kind"]) != (game, kind):
        raise InvalidInputError(field, campaign_id, f"{what} (this is a "
                                f"{record.header['game']}/{record.header['kind']}{noun})")
    return record, state
