"""A page that grows into its empty space.  A printable's context names the page and an
element ending its content (``grow``: ``{"page": index, "anchor": id, "bottom_mm": mm}``,
the page's bottom margin); its template draws that page's boxes ``grow_factor`` times larger
(1 to :data:`GROW_MAX`).  The document is laid out again with the factor that fills the page
best without moving anything onto another page (the HYVE sheet's page 2: action spaces,
bread and larva boxes, season checks as large as the page allows).

Each trial is a full weasyprint layout: at most :data:`TRIALS` more than the first.  Only
weasyprint's public API is read: a page's height and its anchors' positions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

GROW_MAX = 1.6          # the largest factor a page grows by
FULL = 0.98             # a page this full (down to its bottom margin) is full enough
TRIALS = 4
PX_MM = 96 / 25.4


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
    pages = len(document.pages)
    if pages > spec.get("pages", pages):
        from hyvekit.rules.common import InvalidInputError
        raise InvalidInputError(spec["what"], f"{pages} pages", spec["fits"])
    first = page_end(document, spec)
    if first is None or first[0] >= FULL * first[1]:
        return document
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
    return best
