"""A page that grows into its empty space.  A printable's context names the page and an
element ending its content (``grow``: ``{"page": index, "anchor": id, "bottom_mm": mm}``,
the page's bottom margin); its template draws that page's boxes ``grow_factor`` times larger
(1 to :data:`GROW_MAX`).  The document is laid out again with the factor that fills the page
best without moving anything onto another page (the HYVE sheet's page 2: action spaces,
bread and larva boxes, season checks as large as the page allows).

Each trial is a full weasyprint layout: at most :data:`TRIALS` more than the first.  Only
weasyprint's public API is read: a page's height and its anchors' positions.

The factor found is remembered (:func:`remembered`, :func:`remember`) in hyvekit's cache
folder, one small JSON file per document: named by the SHA-256 of the document's HTML at
factor 1, its ``grow`` spec, hyvekit's and weasyprint's versions and the packaged templates
(their names, sizes and times).  The next print of the same document lays it out once, at that
factor, and takes it only when the page count and the content's end come out as remembered
(:func:`matches`); otherwise, and for any entry that cannot be read, the factor is searched
again.  An entry is written to a temporary file and renamed (concurrent prints write the same
entry), never fails a print, and the folder keeps the newest :data:`KEEP` entries.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

GROW_MAX = 1.6          # the largest factor a page grows by
FULL = 0.98             # a page this full (down to its bottom margin) is full enough
TRIALS = 4
PX_MM = 96 / 25.4
KEEP = 256              # the factors remembered at most (one small file each)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def page_end(document, spec: Mapping[str, Any]) -> tuple[float, float] | None:
    """``(end, bottom)`` of the growing page of ``document`` in CSS px from its top: where
    its content ends (the anchor's top) and where the page's bottom margin begins; None when
    the document has no such page or the anchor is not on it."""
    index = spec["page"]
    if index >= len(document.pages):
        return None
    page = document.pages[index]
    point = page.anchors.get(spec["anchor"])
    if point is None:
        return None
    return point[1], page.height - spec["bottom_mm"] * PX_MM


def grown(document, laid_out: Callable[[float], Any], spec: Mapping[str, Any]):
    """``document`` laid out again by ``laid_out(factor)`` so that page ``spec["page"]`` is
    as full as it goes and the page count is unchanged; ``document`` itself when nothing
    grows.

    :raises InvalidInputError: ``document`` already has more pages than ``spec["pages"]``
        (when given: the pages its labels count), naming ``spec["what"]`` and what fits
        (``spec["fits"]``).
    """
    return grown_by(document, laid_out, spec)[0]


def grown_by(document, laid_out: Callable[[float], Any], spec: Mapping[str, Any]
             ) -> tuple[Any, float]:
    """:func:`grown`'s document and the factor it was laid out with (1.0: ``document``)."""
    pages = len(document.pages)
    if pages > spec.get("pages", pages):
        from hyvekit.rules.common import InvalidInputError
        raise InvalidInputError(spec["what"], f"{pages} pages", spec["fits"])
    first = page_end(document, spec)
    if first is None or first[0] >= FULL * first[1]:
        return document, 1.0
    bottom = first[1]
    best, best_factor = document, 1.0
    low, low_end, high = 1.0, first[0], None       # the largest fitting, the least not
    most = spec.get("most", GROW_MAX)
    factor = min(most, bottom / first[0])
    for _ in range(TRIALS):
        trial = laid_out(factor)
        found = page_end(trial, spec)
        if len(trial.pages) == pages and found is not None and found[0] <= bottom:
            best, best_factor = trial, factor
            if found[0] >= FULL * bottom or factor >= most:
                break
            # the content's end moves about linearly with the factor: aim at a full page
            slope = (found[0] - low_end) / (factor - low)
            low, low_end = factor, found[0]
            factor = (min(most, low + (FULL * bottom - low_end) / slope) if slope > 0
                      else most)
        else:
            high = factor
            factor = low + (high - low) / 2
        if high is not None and factor >= high - 0.01:
            factor = low + (high - low) / 2
        if factor - low < 0.01:
            break
    return best, best_factor


def layout_key(html: str, spec: Mapping[str, Any]) -> str:
    """The name of what a document's layout depends on (SHA-256, hex): its HTML at factor 1,
    its ``grow`` spec, hyvekit's and weasyprint's versions and the packaged templates (the
    style sheets and fonts its HTML names)."""
    from importlib.metadata import PackageNotFoundError, version

    from hyvekit import __version__
    from hyvekit.render.env import templates_dir
    try:
        weasyprint = version("weasyprint")
    except PackageNotFoundError:   # not installed as a distribution: `matches` still checks
        weasyprint = "unknown"
    h = hashlib.sha256(f"hyvekit-grow 1|{__version__}|{weasyprint}|".encode())
    h.update(json.dumps(spec, sort_keys=True, default=str).encode())
    root = templates_dir()
    for folder, subs, files in os.walk(root):
        subs.sort()
        for name in sorted(files):
            try:
                st = os.stat(os.path.join(folder, name))
            except OSError:
                continue
            where = os.path.relpath(os.path.join(folder, name), root)
            h.update(f"|{where}:{st.st_size}:{st.st_mtime_ns}".encode())
    h.update(b"|" + html.encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def cache_folder() -> Path:
    """Where the factors found are remembered: ``grow`` in hyvekit's cache folder
    (``hyvekit-grow`` beside ``$HYVEKIT_CACHE`` when that is set)."""
    from hyvekit.store.states import beside_states
    return beside_states("grow")


def remembered(key: str) -> dict[str, Any] | None:
    """The layout remembered for ``key`` (:func:`layout_key`): ``{"factor", "fallback",
    "pages", "end"}``; None when there is none or it cannot be read (a damaged or foreign
    file is passed over)."""
    try:
        fd = os.open(cache_folder() / f"{key}.json", os.O_RDONLY | _NOFOLLOW)
        with os.fdopen(fd, "rb") as fh:
            entry = json.loads(fh.read(4096))
        ok = (isinstance(entry, dict) and entry.get("key") == key
              and isinstance(entry.get("fallback"), bool)
              and isinstance(entry.get("pages"), int) and entry["pages"] > 0
              and all(isinstance(entry.get(k), float) for k in ("factor", "end"))
              and 1.0 <= entry["factor"] <= 10.0)
    except (OSError, ValueError):
        return None
    return entry if ok else None


def remember(key: str, factor: float, fallback: bool, document, spec: Mapping[str, Any]) -> None:
    """Remember that the document named ``key`` was laid out with ``factor`` (and its
    ``fallback`` values or not) into ``document``; nothing when its growing page is not
    there, or the folder cannot be written."""
    end = page_end(document, spec)
    if end is None:
        return
    entry = {"key": key, "factor": float(factor), "fallback": fallback,
             "pages": len(document.pages), "end": float(end[0])}
    from hyvekit.store.states import write_entry
    folder = cache_folder()
    if write_entry(folder / f"{key}.json", json.dumps(entry).encode("utf-8")):
        _prune(folder)


def matches(document, spec: Mapping[str, Any], entry: Mapping[str, Any]) -> bool:
    """Whether ``document``, laid out with a remembered ``entry``'s factor, came out as it
    did when the factor was found: the same page count and the content's end at the same
    place."""
    end = page_end(document, spec)
    return (end is not None and len(document.pages) == entry["pages"]
            and end[0] == entry["end"])


def _prune(folder: Path) -> None:
    """Keep the newest :data:`KEEP` entries of ``folder``."""
    entries = []
    for e in os.scandir(folder):
        if e.name.endswith(".json"):
            try:
                entries.append((e.stat(follow_symlinks=False).st_mtime_ns, e.path))
            except OSError:
                pass
    for _, path in sorted(entries)[:-KEEP]:
        try:
            os.unlink(path)
        except OSError:
            pass
