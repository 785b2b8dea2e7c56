"""HTML template → PDF: one weasyprint render, then copies and N-up imposition with pypdf.

* ``copies``: the rendered page is repeated; every copy points at the same content stream, so
  100 copies cost about what one does.
* ``per_page`` (1, 2 or 4): the rendered page is placed N times on each sheet of the chosen paper,
  with thin crop marks at the cut lines (:func:`impose_geometry`).  The template is still
  rendered once, on a page of the cell's shape (``page`` in its context): 2-up lays it out on
  the half sheet itself (A5, half-Letter) at full size, 4-up on a half sheet shrunk into the
  quarter; the page becomes a form XObject drawn N times, so an N-up sheet is barely larger
  than a 1-up one.
* ``ink_saver``: ``ink-saver.css`` is added after the other stylesheets (``ink_saver`` in the
  context; ``base.html`` links it).

weasyprint and pypdf are imported inside the functions that print only.
"""

from __future__ import annotations

import gc
import io
import json
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from glob import escape as glob_escape
from pathlib import Path
from typing import Any, BinaryIO

import hyvekit
from hyvekit.render.env import render_html, search_path, templates_dir
from hyvekit.render.pypdf_internals import add_object
from hyvekit.rules.common import InvalidInputError, require_int

# Paper sizes: CSS ``@page`` size keyword and the page in PDF points (1 pt = 1/72 in).
PAPER = {
    "a4": {"css": "A4", "width_pt": 595.28, "height_pt": 841.89, "label": "A4 (210 × 297 mm)"},
    "letter": {"css": "letter", "width_pt": 612.0, "height_pt": 792.0,
               "label": "Letter (8.5 × 11 in)"},
}
MAX_COPIES = 1000
PER_PAGE = (1, 2, 4)
# 2- and 4-up copies are laid out on the half and the quarter sheet at full size, not shrunk
# (issue 29: no text under 6 pt at 2-up; issue 43, item 1: nor at 4-up), and so is the imposed
# booklet's page on the half sheet (issue 43, item 2: its own A5 layout).
MM = 72 / 25.4
CROP_MARK = {"from_edge_mm": 5.5, "length_mm": 6.0, "cross_mm": 3.0, "width_pt": 0.3}


def paper_size(paper: str) -> dict[str, Any]:
    """The page of ``paper`` (``"a4"`` or ``"letter"``, any case): CSS keyword and size in pt.

    :raises InvalidInputError: another paper name (the message lists the accepted ones).
    """
    key = str(paper).strip().lower()
    if key not in PAPER:
        raise InvalidInputError("--paper", paper, "one of " + ", ".join(PAPER))
    return {"key": key, **PAPER[key]}


def impose_geometry(paper: str, per_page: int) -> dict[str, Any]:
    """Where the copies of an N-up sheet go.

    Returns ``{"page": {"css", "width_pt", "height_pt"}`` (the page the template is rendered
    on: the sheet for 1-up, the half sheet turned upright for 2-up, the quarter for 4-up,
    each at full size: see :func:`nup_scale`), ``"cells"`` (list of
    ``(x, y, width, height)`` in pt, origin bottom-left of the portrait sheet), ``"rotate"``
    (True when copies are turned a quarter turn: 2-up puts two portrait copies in the two
    landscape halves), ``"cuts"`` (``("h"|"v", position_pt)`` cut lines)}``.

    :raises InvalidInputError: ``per_page`` not 1, 2 or 4, or a bad paper.
    """
    sheet = paper_size(paper)
    w, h = sheet["width_pt"], sheet["height_pt"]
    if per_page not in PER_PAGE:
        raise InvalidInputError("--per-page", per_page, "1, 2 or 4")
    if per_page == 1:
        return {"page": {"css": sheet["css"], "width_pt": w, "height_pt": h},
                "cells": [(0.0, 0.0, w, h)], "rotate": False, "cuts": []}
    if per_page == 2:   # two landscape halves, top first; a portrait copy turned in each
        cells = [(0.0, h / 2, w, h / 2), (0.0, 0.0, w, h / 2)]
        page_w, page_h = h / 2, w
        rotate, cuts = True, [("h", h / 2)]
    else:               # 2 × 2 portrait quarters, reading order
        cells = [(0.0, h / 2, w / 2, h / 2), (w / 2, h / 2, w / 2, h / 2),
                 (0.0, 0.0, w / 2, h / 2), (w / 2, 0.0, w / 2, h / 2)]
        page_w, page_h = w / 2, h / 2
        rotate, cuts = False, [("h", h / 2), ("v", w / 2)]
    return {"page": {"css": f"{page_w:.2f}pt {page_h:.2f}pt", "width_pt": round(page_w, 2),
                     "height_pt": round(page_h, 2)},
            "cells": cells, "rotate": rotate, "cuts": cuts}


def nup_scale(per_page: int) -> float:
    """How much a copy is shrunk on the sheet at ``per_page`` copies a sheet: 1 (2- and 4-up
    lay the page out on the half and the quarter sheet at full size)."""
    return 1.0


#: how the pages are laid on the sheets: one page a sheet side, or a folded booklet
IMPOSITIONS = ("none", "booklet")
#: the duplex edge the printer turns the sheet over: a booklet's sheets are landscape, so
#: "short" (the usual booklet setting) keeps the backs upright; "long" turns them half round
FLIPS = ("short", "long")


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """Saddle-stitch order of ``pages`` pages: the sides of the sheets, front then back of
    each, outermost sheet first, as ``(left, right)`` page indexes (0-based; None where a
    blank page pads the booklet to a multiple of 4).  Folded and nested, the sheets read
    1, 2, 3… (8 pages: [8|1] [2|7] [6|3] [4|5] counted from 1).

    :raises InvalidInputError: ``pages`` is less than 1.
    """
    pages = require_int("pages", pages, 1, None)
    n = -(-pages // 4) * 4
    sides = []
    for sheet in range(n // 4):
        sides.append((n - 1 - 2 * sheet, 2 * sheet))            # front: outside of the fold
        sides.append((2 * sheet + 1, n - 2 - 2 * sheet))        # back
    return [tuple(p if p < pages else None for p in side) for side in sides]  # type: ignore


def booklet_geometry(paper: str) -> dict[str, Any]:
    """A booklet sheet of ``paper``: ``{"width_pt", "height_pt"}`` of the landscape sheet,
    ``"cells"`` its left and right halves (A5 on A4, half-Letter on Letter) and ``"page"``
    the page a booklet page is rendered on: the half itself, at full size (issue 43: the
    booklet has its own A5 layout, printed as drawn).

    :raises InvalidInputError: a bad paper.
    """
    sheet = paper_size(paper)
    w, h = sheet["height_pt"], sheet["width_pt"]
    page_w, page_h = round(w / 2, 2), round(h, 2)
    return {"width_pt": w, "height_pt": h, "cells": [(0.0, 0.0, w / 2, h), (w / 2, 0.0, w / 2, h)],
            "page": {"css": f"{page_w:.2f}pt {page_h:.2f}pt", "width_pt": page_w,
                     "height_pt": page_h}}


def render_pdf(template_name: str, context: Mapping[str, Any], *, paper: str = "a4",
               copies: int = 1, out: str | Path,
               templates_dir_override: str | Path | None = None,
               metadata: Mapping[str, Any] | None = None, per_page: int = 1,
               ink_saver: bool = False,
               more: Sequence[tuple[str, Mapping[str, Any]]] = (),
               imposition: str = "none", flip: str = "short",
               missing: set[str] | None = None, distinct: bool = False,
               stream: BinaryIO | None = None) -> Path:
    """Render ``template_name`` with ``context`` to a PDF at ``out``; return ``out``.  With
    ``stream`` (``--out -``: standard output's bytes) the PDF is written there instead, and
    no file (``out`` is returned as it was given).

    The template is rendered once by weasyprint; pypdf then places it ``per_page`` times on
    each sheet (with crop marks) and repeats the sheets ``copies`` times (the copies share the
    content streams, so 100 copies cost about what one does).  The file is written to a
    temporary file next to ``out`` and moved into place, creating ``out``'s folder if needed.

    The template receives ``context`` plus ``paper`` (the sheet: ``{"key", "css",
    "width_pt", "height_pt", "label"}``), ``page`` (the page it is rendered on: ``{"css",
    "width_pt", "height_pt"}``; use ``@page { size: {{ page.css }} }``; the sheet for 1-up, a
    cell enlarged by √2 for N-up), ``per_page``, ``ink_saver``, ``copies`` and ``meta`` (the
    metadata below).

    :param template_name: file name in the override folder or the packaged templates folder.
    :param paper: ``"a4"`` (595 × 842 pt) or ``"letter"`` (612 × 792 pt).
    :param copies: 1–1000 sheets (with ``per_page`` 4, 10 copies are 40 slips).
    :param per_page: 1, 2 or 4 copies on each sheet.
    :param ink_saver: add ``ink-saver.css`` after the other stylesheets.
    :param more: further ``(template_name, context)`` documents whose pages follow, in order,
        in the same PDF (a booklet: one copy is all their pages).
    :param imposition: ``"none"`` (each page on a sheet side, or ``per_page`` to a sheet) or
        ``"booklet"``: the pages rendered at A5 (half-Letter) size and laid two to a landscape
        side in saddle-stitch order (:func:`booklet_order`), for printing both sides, folding
        and stapling; ``per_page`` must be 1.
    :param flip: a booklet's duplex edge (:data:`FLIPS`): ``"long"`` turns every back side
        half round, for printers that turn landscape sheets on the long edge.
    :param distinct: with ``per_page`` over 1, the pages (``template_name``'s, then
        ``more``'s) are the copies of one sheet, one to a cell in order, the last filling the
        cells left (a logged match on the first copy, blank sheets on the others).
    :param missing: a set the characters are added to that no font on this machine has
        (neither the bundled DejaVu nor a system font fontconfig finds): each is printed as an
        empty box (:func:`missing_glyphs_words` says so).
    :param out: the PDF file to write.
    :param templates_dir_override: the player's folder of templates and CSS; a file there
        replaces the packaged file of the same name.
    :param metadata: ``title`` (PDF /Title), ``printable`` (its catalogue name, /Subject),
        ``options`` (a dict of the options used, stored as JSON in /HyvekitOptions and in
        /Keywords) and, for a pre-filled print, ``campaign`` (/HyvekitCampaign) and
        ``state_sha256`` (/HyvekitStateSHA256), both also in /Keywords; /Creator says
        ``hyvekit <version>``.
    :raises InvalidInputError: bad paper, copies or per_page, missing template or override
        folder, or a template referencing a resource outside the packaged templates folder
        (network, ``file://`` elsewhere).
    :raises OSError: ``out`` cannot be written.
    """
    page = paper_size(paper)
    copies = require_int("--copies", copies, 1, MAX_COPIES)
    per_page = require_int("--per-page", per_page, 1, 4)
    if imposition not in IMPOSITIONS:
        raise InvalidInputError("--imposition", imposition, " or ".join(IMPOSITIONS))
    if flip not in FLIPS:
        raise InvalidInputError("--flip", flip, " or ".join(FLIPS))
    if imposition == "booklet" and per_page != 1:
        raise InvalidInputError("--per-page", per_page, "1 with --imposition booklet (a "
                                "booklet has two pages to a side)")
    out = Path(out)
    meta = dict(metadata or {})
    meta.setdefault("title", str(context.get("title", template_name)))
    meta.setdefault("printable", template_name)
    meta.setdefault("options", {})
    meta["version"] = hyvekit.__version__

    from hyvekit.render.scratch import scratch_folder
    _NOTDEF.chars = set()
    try:
        # weasyprint's fonts removed even if killed; the garbage collector paused
        with scratch_folder(), collector_paused():
            data = _render_sheets(template_name, context, page=page, copies=copies,
                                  per_page=per_page, ink_saver=ink_saver, meta=meta,
                                  templates_dir_override=templates_dir_override, more=more,
                                  imposition=imposition, flip=flip, distinct=distinct)
        if missing is not None:
            missing |= _NOTDEF.chars
    finally:
        _NOTDEF.chars = None

    if stream is not None:
        stream.write(data)
        stream.flush()
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_partials(out)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.{os.getpid()}.", suffix=".tmp",
                               dir=out.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)   # mkstemp makes it private; a PDF is an ordinary file
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def remove_stale_partials(out: Path) -> None:
    """Remove the partial files (``.NAME.PID.XXXX.tmp`` beside ``out``) of prints to ``out``
    that were killed before moving theirs into place: their process is gone."""
    from hyvekit.render.scratch import process_alive
    for partial in out.parent.glob(f".{glob_escape(out.name)}.*.tmp"):
        pid = partial.name[len(out.name) + 2:].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not process_alive(int(pid)):
            try:
                if partial.is_file() and not partial.is_symlink():
                    partial.unlink()
            except OSError:
                pass


@contextmanager
def collector_paused() -> Iterator[None]:
    """While the block runs, Python's cyclic garbage collector does not (it runs again after,
    if it ran before).

    weasyprint's layout and drawing make and drop millions of objects, nearly all freed as
    soon as they are dropped; the collector, started every 700 new objects, went through
    them again and again: 15-20 % of a print's CPU time (docs/performance.md).  A print's
    memory does not grow without it (what a print drops is freed by reference counting)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _render_sheets(template_name: str, context: Mapping[str, Any], *, page: Mapping[str, Any],
                   copies: int, per_page: int, ink_saver: bool, meta: Mapping[str, Any],
                   templates_dir_override: str | Path | None,
                   more: Sequence[tuple[str, Mapping[str, Any]]], imposition: str,
                   flip: str, distinct: bool = False) -> bytes:
    """The printed PDF's bytes (:func:`render_pdf` without the file)."""
    # a booklet page: two to a sheet side, on the half sheet at full size
    booklet = imposition == "booklet"
    documents = [render_document(name, {**ctx, "imposition": imposition}, paper=page["key"],
                                 copies=copies, per_page=2 if booklet else per_page,
                                 ink_saver=ink_saver, meta=meta,
                                 templates_dir_override=templates_dir_override,
                                 page_box=booklet_geometry(page["key"])["page"] if booklet
                                 else None)
                 for name, ctx in [(template_name, context), *more]]
    document = documents[0] if len(documents) == 1 else documents[0].copy(
        [p for d in documents for p in d.pages])
    if imposition == "booklet":
        return _impose_booklet(write_checked(document), paper=page["key"], copies=copies,
                               flip=flip, meta=meta)
    if per_page == 1 and copies == 1:     # the pages as laid out: no second pass with pypdf
        return write_checked(document, meta)
    return sheets(write_checked(document), paper=page["key"], copies=copies,
                  per_page=per_page, meta=meta, distinct=distinct)


def render_document(template_name: str, context: Mapping[str, Any], *, paper: str = "a4",
                    copies: int = 1, per_page: int = 1, ink_saver: bool = False,
                    meta: Mapping[str, Any], templates_dir_override: str | Path | None = None,
                    page_box: Mapping[str, Any] | None = None):
    """The weasyprint document (laid-out pages) of ``template_name`` on the page one copy of
    an N-up ``paper`` sheet is drawn on (or on ``page_box``, ``{"css", "width_pt",
    "height_pt"}``: a booklet's page); :func:`render_pdf` writes it.  The tests read its
    boxes to measure what is printed (writing cells, text sizes).  A context naming a page
    that grows (``grow``, :mod:`hyvekit.render.grow`) is laid out until that page is full;
    the template reads the factor as ``grow_factor`` (1 otherwise); one longer than its
    pages is laid out again with the context's ``grow["fallback"]`` values, when given."""
    page = paper_size(paper)
    box = page_box or impose_geometry(page["key"], per_page)["page"]
    search_path(templates_dir_override)  # validates the override folder before any import

    def html_of(factor: float, context: Mapping[str, Any]) -> str:
        return render_html(template_name, {**context, "paper": page, "page": box,
                                           "per_page": per_page, "ink_saver": bool(ink_saver),
                                           "copies": copies, "meta": meta,
                                           "grow_factor": round(factor, 3)},
                           templates_dir_override)

    def laid_out(factor: float, context: Mapping[str, Any] = context):
        html = html_of(factor, context)
        with collector_paused():
            return _weasyprint(html, templates_dir_override)

    spec = context.get("grow")
    if not spec:
        return laid_out(1.0)
    from hyvekit.render import grow
    # the factor found for this very document before: one layout instead of a search
    key = (grow.layout_key(html_of(1.0, context), spec) if templates_dir_override is None
           else None)
    entry = grow.remembered(key) if key is not None else None
    if entry is not None and (spec.get("fallback") or not entry["fallback"]):
        document = laid_out(entry["factor"], {**context, **spec["fallback"]}
                            if entry["fallback"] else context)
        if grow.matches(document, spec, entry):
            return document
    document, fallback = laid_out(1.0), False
    if spec.get("fallback") and len(document.pages) > spec.get("pages", 0):
        # too long for its pages: laid out again the tighter way the printable offers
        context, fallback = {**context, **spec["fallback"]}, True
        document = laid_out(1.0, context)
    document, factor = grow.grown_by(document, lambda factor: laid_out(factor, context), spec)
    if key is not None:
        grow.remember(key, factor, fallback, document, spec)
    return document


def sheets(pdf_once: bytes, *, paper: str, copies: int, per_page: int,
           meta: Mapping[str, Any], distinct: bool = False) -> bytes:
    """The printed sheets: the pages of ``pdf_once`` repeated ``copies`` times, placed
    ``per_page`` times on each sheet of ``paper`` with crop marks; with ``distinct`` (and
    ``per_page`` over 1) its pages are the ``per_page`` copies of one sheet, in order."""
    page = paper_size(paper)
    if per_page == 1:
        return _duplicate(pdf_once, copies, meta)
    return _impose(pdf_once, page, impose_geometry(page["key"], per_page), copies, meta,
                   distinct)


def load_printing() -> None:
    """Import what a print runs (weasyprint, its libraries, the fetcher), so that processes
    forked after it print without importing them again (:mod:`hyvekit.render.pool`)."""
    from hyvekit.render.weasy import weasyprint
    weasyprint()
    import weasyprint.urls  # noqa: F401
    import hyvekit.render.fetcher  # noqa: F401


def _weasyprint(html: str, override: str | Path | None):
    """One weasyprint render (a laid-out document) of ``html`` with the packaged-only
    fetcher."""
    from hyvekit.render.weasy import weasyprint
    weasyprint()                           # the libraries loaded without a look-up
    from weasyprint import HTML
    from weasyprint.urls import FatalURLFetchingError

    from hyvekit.render.fetcher import packaged_fetcher

    _quiet_weasyprint()
    overrides = [Path(override).expanduser()] if override is not None else []
    fetcher = packaged_fetcher(templates_dir(), overrides)
    base_url = templates_dir().resolve().as_uri() + "/"
    try:
        document = HTML(string=html, base_url=base_url, url_fetcher=fetcher).render()
    except FatalURLFetchingError as exc:
        raise refused_resource(exc) from None
    check_fetched(document)
    return document


class _Notdef:
    """A filter on weasyprint's logger: its errors pass, its other lines are dropped, and the
    characters of its ".notdef glyph rendered" warnings (a character no font on this machine
    has, drawn as an empty box) are kept in :attr:`chars` while it is a set."""

    def __init__(self) -> None:
        self.chars: set[str] | None = None

    def filter(self, record) -> bool:
        import logging
        if record.levelno >= logging.ERROR:
            return True
        if (self.chars is not None and str(record.msg).startswith(".notdef glyph")
                and record.args):
            self.chars.add(str(record.args[0]))
        return False


_NOTDEF = _Notdef()


def _quiet_weasyprint() -> None:
    """weasyprint's logger shows errors only, and tells :data:`_NOTDEF` its missing glyphs."""
    import logging
    logger = logging.getLogger("weasyprint")
    logger.setLevel(logging.WARNING)
    if _NOTDEF not in logger.filters:
        logger.addFilter(_NOTDEF)


def refused_resource(exc: Exception) -> InvalidInputError:
    """A URL the printing fetcher refused, as bad input (exit 2): the template's resource."""
    url = getattr(exc, "url", None) or str(exc)
    reason = getattr(exc, "reason", None)
    return InvalidInputError("template resource", url,
                             "a regular file inside the packaged templates folder "
                             f"({templates_dir()}) or yours; network and other files are "
                             "refused" + (f" ({reason})" if reason else ""))


def check_fetched(document: Any) -> None:
    """Stop the print when the fetcher refused a URL that weasyprint went on without (an
    image inside an inline SVG is dropped with no more than a log line).

    :raises InvalidInputError: the first URL refused.
    """
    refused = getattr(getattr(document, "url_fetcher", None), "refused", None)
    if refused:
        raise refused_resource(refused[0])


def write_checked(document: Any, meta: Mapping[str, Any] | None = None) -> bytes:
    """``document.write_pdf()``, a refused attachment (fetched only now) as bad input; with
    ``meta`` (:func:`render_pdf`'s metadata) the PDF carries hyvekit's document information
    (:func:`document_info`) as a pypdf pass would write it.

    :raises InvalidInputError: a resource the fetcher refused.
    """
    from weasyprint.urls import FatalURLFetchingError
    options = {}
    if meta is not None:
        info = document_info(meta)
        found = document.metadata
        # weasyprint writes these as /Title, /Subject, /Keywords, /Creator; the others from
        # the template (authors, dates) are left out, as pypdf's pass left them
        found.title, found.description = info.pop("/Title"), info.pop("/Subject")
        found.keywords, found.generator = [info.pop("/Keywords")], info.pop("/Creator")
        found.authors, found.created, found.modified = [], None, None
        found.custom = {key[1:]: value for key, value in info.items()}
        options.update(custom_metadata=True, finisher=_info_in_plain)
    try:
        data = document.write_pdf(**options)
    except FatalURLFetchingError as exc:
        raise refused_resource(exc) from None
    check_fetched(document)
    return data


def _info_in_plain(document: Any, pdf: Any) -> None:
    """weasyprint's finisher: the document information written as a plain object, outside
    the compressed object streams, as pypdf writes it, so that :data:`PRINTED_BY` can be
    found in the file's bytes (``cli.common.safe_output``)."""
    import pydyf

    class Plain(pydyf.Dictionary):
        compressible = False

    pdf.info = Plain(pdf.info)


def _duplicate(pdf: bytes, copies: int, meta: Mapping[str, Any]) -> bytes:
    """``copies`` repetitions of the pages of ``pdf``, with hyvekit's metadata."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    pages = list(reader.pages)
    for _ in range(copies):
        for page in pages:
            writer.add_page(page)
    return _finish(writer, reader, meta)


def _impose(pdf: bytes, sheet: Mapping[str, Any], layout: Mapping[str, Any], copies: int,
            meta: Mapping[str, Any], distinct: bool = False) -> bytes:
    """Each page of ``pdf`` placed in every cell of ``layout`` on a sheet of ``sheet``, crop
    marks at the cut lines; the sheets repeated ``copies`` times.  With ``distinct`` the
    pages are the copies of one sheet instead, one to a cell in order (the last one filling
    the cells left).

    Each rendered page becomes one form XObject and each sheet one content stream drawing it
    N times; every copy of a sheet is a small page dictionary pointing at that same stream.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    width, height = float(sheet["width_pt"]), float(sheet["height_pt"])
    marks = _crop_marks(width, height, layout["cuts"])
    pages, n = list(reader.pages), len(layout["cells"])
    groups = ([[pages[min(k, len(pages) - 1)] for k in range(n)]] if distinct
              else [[page] * n for page in pages])
    sheets = []
    for group in groups:
        forms: dict[int, tuple] = {}
        ops = []
        for page, (cx, cy, cw, ch) in zip(group, layout["cells"]):
            if id(page) not in forms:
                forms[id(page)] = (f"/Copy{len(forms) or ''}", *_page_form(writer, page))
            name, _, (x0, y0, pw, ph) = forms[id(page)]
            ops.append("q %s cm %s Do Q" % (" ".join(
                _num(v) for v in _cell_matrix(x0, y0, pw, ph, cx, cy, cw, ch,
                                              layout["rotate"])), name))
        content = DecodedStreamObject()
        content.set_data(("\n".join(ops) + "\n" + marks).encode("ascii"))
        resources = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject(name): ref for name, ref, _ in forms.values()})})
        sheets.append((add_object(writer, content.flate_encode()),
                       add_object(writer, resources)))
    # shown turned a quarter clockwise (2-up), so a viewer displays the copies upright; the
    # MediaBox stays the portrait sheet the printer feeds
    _add_sheets(writer, sheets, copies, width, height, 90 if layout["rotate"] else 0)
    return _finish(writer, reader, meta)


def _add_sheets(writer, sheets: list, copies: int, width: float, height: float,
                rotate: int = 0) -> None:
    """Pages of ``width`` × ``height`` pt added to ``writer``, one per ``(content, resources)``
    reference pair of ``sheets``, all of them ``copies`` times (the copies share the
    streams), each shown turned ``rotate`` degrees."""
    from pypdf.generic import NameObject, NumberObject

    for _ in range(copies):
        for content_ref, resources_ref in sheets:
            new = writer.add_blank_page(width, height)
            new[NameObject("/Contents")] = content_ref
            new[NameObject("/Resources")] = resources_ref
            if rotate:
                new[NameObject("/Rotate")] = NumberObject(rotate)


def _page_form(writer, page) -> tuple[Any, tuple[float, float, float, float]]:
    """``page`` (of a pypdf reader) as a form XObject added to ``writer``: its reference and
    the page box ``(x0, y0, width, height)`` in pt."""
    from pypdf.generic import (
        ArrayObject, DecodedStreamObject, FloatObject, NameObject,
    )

    box = page.mediabox
    x0, y0 = float(box.left), float(box.bottom)
    pw, ph = float(box.width), float(box.height)
    form = DecodedStreamObject()
    contents = page.get_contents()   # a stream: falsy as an (empty) dict, so no `or`
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(v) for v in (x0, y0, x0 + pw, y0 + ph)]),
        NameObject("/Resources"): page["/Resources"].get_object().clone(writer),
    })
    return add_object(writer, form.flate_encode()), (x0, y0, pw, ph)


def _impose_booklet(pdf: bytes, *, paper: str, copies: int, flip: str,
                    meta: Mapping[str, Any]) -> bytes:
    """The pages of ``pdf`` laid two to a side of landscape ``paper`` sheets in saddle-stitch
    order (:func:`booklet_order`), a fold mark at the middle of each side's edges; the back
    sides turned half round when ``flip`` is ``"long"``; the whole booklet ``copies`` times."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter()
    geometry = booklet_geometry(paper)
    width, height = geometry["width_pt"], geometry["height_pt"]
    forms = [_page_form(writer, page) for page in reader.pages]
    fold = _crop_marks(width, height, [("v", width / 2)])
    sides = []
    for k, side in enumerate(booklet_order(len(forms))):
        ops, names = [], {}
        if k % 2 and flip == "long":
            ops.append(f"q -1 0 0 -1 {_num(width)} {_num(height)} cm")
        for cell, index in zip(geometry["cells"], side):
            if index is None:
                continue
            ref, (x0, y0, pw, ph) = forms[index]
            name = f"/P{index}"
            names[NameObject(name)] = ref
            ops.append("q %s cm %s Do Q" % (" ".join(
                _num(v) for v in _cell_matrix(x0, y0, pw, ph, *cell, False)), name))
        if k % 2 and flip == "long":
            ops.append("Q")
        content = DecodedStreamObject()
        content.set_data(("\n".join(ops) + "\n" + fold).encode("ascii"))
        resources = DictionaryObject({NameObject("/XObject"): DictionaryObject(names)})
        sides.append((add_object(writer, content.flate_encode()),
                      add_object(writer, resources)))
    _add_sheets(writer, sides, copies, width, height)
    return _finish(writer, reader, meta)


def _cell_matrix(x0: float, y0: float, pw: float, ph: float, cx: float, cy: float, cw: float,
                 ch: float, rotate: bool) -> tuple[float, ...]:
    """PDF ``cm`` matrix drawing page box (x0, y0, pw, ph) scaled to fit and centred in the
    cell (cx, cy, cw, ch), turned a quarter counter-clockwise when ``rotate``."""
    if not rotate:
        s = min(cw / pw, ch / ph)
        e = cx + (cw - pw * s) / 2 - x0 * s
        f = cy + (ch - ph * s) / 2 - y0 * s
        return (s, 0.0, 0.0, s, e, f)
    # (x, y) -> (-s*y + e, s*x + f): the page's top ends up on the cell's left
    s = min(cw / ph, ch / pw)
    e = cx + (cw + ph * s) / 2 + y0 * s
    f = cy + (ch - pw * s) / 2 - x0 * s
    return (0.0, s, -s, 0.0, e, f)


def _crop_marks(width: float, height: float, cuts: list[tuple[str, float]]) -> str:
    """Content-stream operators of thin crop marks: a short tick at both sheet edges of every
    cut line (starting :data:`CROP_MARK` ``from_edge_mm`` in, inside what printers print) and a
    small cross where two cut lines meet.  They lie in the gutter of the copies' margins."""
    if not cuts:
        return ""
    start, length = CROP_MARK["from_edge_mm"] * MM, CROP_MARK["length_mm"] * MM
    lines = []
    for kind, pos in cuts:
        if kind == "h":
            lines += [(start, pos, start + length, pos),
                      (width - start - length, pos, width - start, pos)]
        else:
            lines += [(pos, start, pos, start + length),
                      (pos, height - start - length, pos, height - start)]
    hs = [p for k, p in cuts if k == "h"]
    vs = [p for k, p in cuts if k == "v"]
    arm = CROP_MARK["cross_mm"] * MM
    for y in hs:
        for x in vs:
            lines += [(x - arm, y, x + arm, y), (x, y - arm, x, y + arm)]
    ops = [f"q 0 G {_num(CROP_MARK['width_pt'])} w [] 0 d"]
    ops += [f"{_num(a)} {_num(b)} m {_num(c)} {_num(d)} l S" for a, b, c, d in lines]
    ops.append("Q")
    return "\n".join(ops) + "\n"


def _num(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def keywords(meta: Mapping[str, Any]) -> str:
    """The /Keywords line: ``hyvekit <version>; printable=…; <option>=<value>…`` and, for a
    pre-filled print, ``campaign=…; state-sha256=…``."""
    parts = [f"hyvekit {meta['version']}", f"printable={meta['printable']}",
             *(f"{k}={v}" for k, v in sorted(dict(meta.get("options", {})).items()))]
    if meta.get("campaign"):
        parts.append(f"campaign={meta['campaign']}")
    if meta.get("state_sha256"):
        parts.append(f"state-sha256={meta['state_sha256']}")
    return "; ".join(parts)


#: the key of every print's document information that says hyvekit printed it (a later
#: print may replace such a file: ``cli.common.safe_output``)
PRINTED_BY = "/HyvekitPrintable"


def document_info(meta: Mapping[str, Any]) -> dict[str, str]:
    """hyvekit's document information of a print with metadata ``meta`` (:func:`render_pdf`),
    /Producer aside (weasyprint's own): ``{"/Title": ..., "/Subject": ..., ...}``."""
    options = json.dumps(meta.get("options", {}), sort_keys=True, default=str)
    info = {
        "/Title": str(meta["title"]),
        "/Subject": str(meta["printable"]),
        "/Creator": f"hyvekit {meta['version']}",
        "/Keywords": keywords(meta),
        PRINTED_BY: str(meta["printable"]),
        "/HyvekitVersion": str(meta["version"]),
        "/HyvekitOptions": options,
    }
    if meta.get("campaign"):
        info["/HyvekitCampaign"] = str(meta["campaign"])
    if meta.get("state_sha256"):
        info["/HyvekitStateSHA256"] = str(meta["state_sha256"])
    return info


def _finish(writer, reader, meta: Mapping[str, Any]) -> bytes:
    """Write hyvekit's metadata into ``writer`` and return the PDF bytes."""
    producer = (reader.metadata or {}).get("/Producer", "WeasyPrint")
    writer.add_metadata({**document_info(meta), "/Producer": str(producer)})
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def missing_glyphs_words(chars: set[str]) -> str:
    """One line saying which characters printed as empty boxes (no font on this machine has
    them) and how to get fonts that do."""
    shown = ", ".join(f"{c} (U+{ord(c):04X})" for c in sorted(chars))
    return (f"warning: no font on this machine has {shown}: printed as an empty box. Install "
            "a font that has it (Debian/Ubuntu: fonts-noto-cjk for Chinese, Japanese and "
            "Korean, fonts-noto-color-emoji for emoji, fonts-noto-core and fonts-noto-extra "
            "for other scripts) and print again.")
