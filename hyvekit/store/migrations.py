"""Schema versions of campaign records and exports, and the migrations between them.

* Version 1 (hyvekit before 0.1): undo deleted events; events had no ``status``.
* Version 2 (current): undo keeps events, marked ``"status": "reverted"``; every event carries
  ``status``; the header records the hyvekit version that created it.

A migration takes a record document (``{"header": {"1": {...}}, "events": {...}}``) of version
``n`` and returns one of version ``n + 1``; :func:`migrate` chains them up to
:data:`SCHEMA_VERSION`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

SCHEMA_VERSION = 2

Doc = dict[str, Any]


def _v1_to_v2(doc: Doc) -> Doc:
    for event in doc.get("events", {}).values():
        event.setdefault("status", "active")
    for header in doc["header"].values():
        header.setdefault("hyvekit", "0.0 (schema 1)")
        header["schema_version"] = 2
    return doc


MIGRATIONS: dict[int, Callable[[Doc], Doc]] = {1: _v1_to_v2}


def migrate(doc: Doc, version: int) -> Doc:
    """Return a copy of ``doc`` migrated from ``version`` to :data:`SCHEMA_VERSION`."""
    doc = copy.deepcopy(doc)
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc)
        version += 1
    return doc
