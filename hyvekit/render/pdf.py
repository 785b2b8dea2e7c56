"""HTML template → PDF: one weasyprint render, copies duplicated with pypdf.

weasyprint and pypdf are imported inside :func:`render_pdf` only.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import hyvekit
from hyvekit.render.env import render_html, search_path, templates_dir
from hyvekit.rules.common import InvalidInputError, require_int

# Paper sizes: CSS ``@page`` size keyword and the page in PDF points (1 pt = 1/72 in).
PAPER = {
    "a4": {"css": "A4", "width_pt": 595.28, "height_pt": 841.89, "label": "A4 (210 × 297 mm)"},
    "letter": {"css": "letter", "width_pt": 612.0, "height_pt": 792.0,
               "label": "Letter (8.5 × 11 in)"},
}
MAX_COPIES = 1000


def paper_size(paper: str) -> dict[str, Any]:
    """The page of ``paper`` (``"a4"`` or ``"letter"``, any case): CSS keyword and size in pt.

    :raises InvalidInputError: another paper name (the message lists the accepted ones).
    """
    key = str(paper).strip().lower()
    if key not in PAPER:
        raise InvalidInputError("--paper", paper, "one of " + ", ".join(PAPER))
    return {"key": key, **PAPER[key]}


def render_pdf(template_name: str, context: Mapping[str, Any], *, paper: str = "a4",
               copies: int = 1, out: str | Path,
               templates_dir_override: str | Path | None = None,
               metadata: Mapping[str, Any] | None = None) -> Path:
    """Render ``template_name`` with ``context`` to a PDF at ``out``; return ``out``.

    The template is rendered once by weasyprint; the pages are then repeated ``copies`` times
    with pypdf (the copies share the content streams, so 100 copies cost about what one does).
    The file is written to a temporary file next to ``out`` and moved into place, creating
    ``out``'s folder if needed.

    The template receives ``context`` plus ``paper`` (``{"key", "css", "width_pt",
    "height_pt", "label"}``; use ``@page { size: {{ paper.css }} }``), ``copies`` and ``meta``
    (the metadata below).

    :param template_name: file name in the override folder or the packaged templates folder.
    :param paper: ``"a4"`` (595 × 842 pt) or ``"letter"`` (612 × 792 pt).
    :param copies: 1–1000.
    :param out: the PDF file to write.
    :param templates_dir_override: the player's folder of templates and CSS; a file there
        replaces the packaged file of the same name.
    :param metadata: ``title`` (PDF /Title), ``printable`` (its catalogue name, /Subject) and
        ``options`` (a dict of the options used, stored as JSON in /HyvekitOptions and in
        /Keywords); /Creator says ``hyvekit <version>``.
    :raises InvalidInputError: bad paper or copies, missing template or override folder, or a
        template referencing a resource outside the packaged templates folder (network,
        ``file://`` elsewhere).
    :raises jinja2.UndefinedError: the template uses a variable the context lacks.
    :raises OSError: ``out`` cannot be written.
    """
    page = paper_size(paper)
    copies = require_int("--copies", copies, 1, MAX_COPIES)
    out = Path(out)
    meta = dict(metadata or {})
    meta.setdefault("title", str(context.get("title", template_name)))
    meta.setdefault("printable", template_name)
    meta.setdefault("options", {})
    meta["version"] = hyvekit.__version__

    search_path(templates_dir_override)  # validates the override folder before any import
    html = render_html(template_name, {**context, "paper": page, "copies": copies, "meta": meta},
                       templates_dir_override)
    pdf_once = _weasyprint(html, templates_dir_override)
    data = _duplicate(pdf_once, copies, meta)

    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def _weasyprint(html: str, override: str | Path | None) -> bytes:
    """One weasyprint render of ``html`` with the packaged-only fetcher."""
    import logging

    from weasyprint import HTML
    from weasyprint.urls import FatalURLFetchingError

    from hyvekit.render.fetcher import packaged_fetcher

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    overrides = [Path(override).expanduser()] if override is not None else []
    fetcher = packaged_fetcher(templates_dir(), overrides)
    base_url = templates_dir().resolve().as_uri() + "/"
    try:
        return HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf()
    except FatalURLFetchingError as exc:
        url = getattr(exc, "url", None) or str(exc)
        raise InvalidInputError("template resource", url,
                                "a file inside the packaged templates folder "
                                f"({templates_dir()}); network and other files are refused"
                                ) from None


def _duplicate(pdf: bytes, copies: int, meta: Mapping[str, Any]) -> bytes:
    """``copies`` repetitions of the pages of ``pdf``, with hyvekit's metadata."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    pages = list(reader.pages)
    for _ in range(copies):
        for page in pages:
            writer.add_page(page)
    options = json.dumps(meta.get("options", {}), sort_keys=True, default=str)
    keywords = "; ".join([f"hyvekit {meta['version']}", f"printable={meta['printable']}",
                          *(f"{k}={v}" for k, v in sorted(dict(meta.get("options", {})).items()))])
    producer = (reader.metadata or {}).get("/Producer", "WeasyPrint")
    writer.add_metadata({
        "/Title": str(meta["title"]),
        "/Subject": str(meta["printable"]),
        "/Creator": f"hyvekit {meta['version']}",
        "/Producer": str(producer),
        "/Keywords": keywords,
        "/HyvekitPrintable": str(meta["printable"]),
        "/HyvekitVersion": str(meta["version"]),
        "/HyvekitOptions": options,
    })
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
