"""Measuring printables as a player would use them: writing cells, text sizes, what is printed
near the sheet's edges and how much of each page is used.

Each printable is rendered once per layout (:func:`render`): the weasyprint document of one
copy (its boxes give the writing cells and text sizes, in the size they are drawn on that
page) and the PDF sheets made from it (rendered to pixels by ``pdftoppm`` and to word boxes by
``pdftotext -bbox-layout`` for the edges and the page use).
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from render_helpers import read_pgm

MM_PX = 96 / 25.4          # CSS px per mm (weasyprint's boxes are in CSS px)
PT_PX = 96 / 72            # CSS px per pt
EDGE_MM = 5.0              # nothing printed nearer the sheet's edge than this
WRITE_MM = 7.0             # a cell written in with a pencil is at least this tall
MIN_PT, INSTRUCTION_PT = 6.0, 7.0
INSTRUCTION_WORDS = 8      # a text of this many words or more is read as an instruction
DPI = 72


@dataclass
class Rendered:
    key: str
    paper: str
    per_page: int
    document: object                 # weasyprint Document of one copy
    pdf: Path
    pages: list = field(default_factory=list)   # (width, height, pixels) of each sheet
    words: list = field(default_factory=list)   # per sheet: [(xmin, ymin, xmax, ymax, word)]
    size_pt: list = field(default_factory=list)  # per sheet: (width, height)

    @property
    def label(self) -> str:
        return f"{self.key} ({self.paper}, {self.per_page}-up)"


def render(key: str, template: str, context: dict, paper: str, per_page: int,
           folder: Path, templates: Path | None = None, more=()) -> Rendered:
    """One render of ``template`` with ``context`` for ``paper`` and ``per_page``
    (``templates``: a player's folder of templates, as ``--templates``; ``more``: the further
    ``(template, context)`` documents of a printable of several, the booklet)."""
    from hyvekit.render.pdf import render_document, sheets

    meta = {"title": key, "printable": key, "options": {}, "version": "test"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        documents = [render_document(name, ctx, paper=paper, per_page=per_page, meta=meta,
                                     templates_dir_override=templates)
                     for name, ctx in [(template, context), *more]]
        document = documents[0] if len(documents) == 1 else documents[0].copy(
            [p for d in documents for p in d.pages])
        data = sheets(document.write_pdf(), paper=paper, copies=1, per_page=per_page,
                      meta=meta)
    stem = re.sub(r"[^a-z0-9]+", "-", f"{key}-{paper}-{per_page}")
    pdf = folder / f"{stem}.pdf"
    pdf.write_bytes(data)
    rendered = Rendered(key, paper, per_page, document, pdf, sheet_pixels(pdf))
    rendered.size_pt, rendered.words = word_boxes(pdf)
    return rendered


def word_boxes(pdf: Path) -> tuple[list, list]:
    """``(sizes, words)``: each page's ``(width, height)`` in pt and its words as
    ``(xmin, ymin, xmax, ymax, word)`` (``pdftotext -bbox-layout``; glyphs clipped away by
    ``overflow: hidden`` still count: they are cut, not inside the page)."""
    # an emoji comes out of pdftotext as two UTF-16 surrogates, each UTF-8-encoded
    xml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True,
                         capture_output=True, encoding="utf-8",
                         errors="surrogateescape").stdout
    sizes, words = [], []
    for page in re.findall(r"<page (.*?)</page>", xml, re.S):
        w, h = (float(v) for v in re.search(r'width="([\d.]+)" height="([\d.]+)"',
                                             page).groups())
        sizes.append((w, h))
        words.append([
            (float(a), float(b), float(c), float(d), word) for a, b, c, d, word in re.findall(
                r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" '
                r'yMax="([-\d.]+)">(.*?)</word>', page)])
    return sizes, words


def words_near_the_edge(pdf: Path, margin_mm: float = EDGE_MM):
    """``(page, word, distance_mm)`` of every word of a 1-up ``pdf`` nearer than
    ``margin_mm`` to an edge of its page (or past it)."""
    margin = margin_mm * 72 / 25.4 - 0.5
    for number, ((w, h), words) in enumerate(zip(*word_boxes(pdf)), 1):
        for x0, y0, x1, y1, word in words:
            edge = min(x0, y0, w - x1, h - y1)
            if edge < margin:
                yield number, word, round(edge * 25.4 / 72, 1)


def _boxes(box, ancestors=()):
    yield box, ancestors
    for child in getattr(box, "children", None) or []:
        yield from _boxes(child, (*ancestors, box))


def _dark(box) -> bool:
    colour = box.style["background_color"]
    red, green, blue, alpha = colour.to("srgb").coordinates + (colour.alpha,)
    return alpha > 0.5 and 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5


def _text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def _classes(element) -> set[str]:
    return set((element.get("class") or "").split())


def writing_cells(rendered: Rendered):
    """``(page, description, height_mm, on_dark)`` of every cell a player writes in: an
    empty table cell, or an element of class ``write``.  A grid of squares to cross out or
    fill in (a table of class ``marks``, as the Larva Chamber) is not written in."""
    seen = set()
    for number, page in enumerate(rendered.document.pages, 1):
        for box, ancestors in _boxes(page._page_box):
            element = getattr(box, "element", None)
            if element is None or id(element) in seen or box.element_tag in ("svg",):
                continue
            tag = box.element_tag
            cell = (tag == "td" and type(box).__name__ == "TableCellBox"
                    and not _text(element) and not len(element)) or (
                "write" in _classes(element) and box.style["display"] != "inline")
            if not cell or any("marks" in _classes(b.element) for b in ancestors
                               if getattr(b, "element", None) is not None):
                continue
            seen.add(id(element))
            on_dark = any(_dark(b) for b in (*ancestors, box)
                          if getattr(b, "element", None) is not None
                          and b.element_tag not in ("html", "body"))
            row = next((b.element for b in reversed(ancestors)
                        if getattr(b, "element", None) is not None
                        and b.element is not element), None)
            where = _text(row)[:40] if row is not None else ""
            yield number, f"<{tag} class={element.get('class')!r}> in {where!r}", \
                box.border_height() / MM_PX, on_dark


def text_sizes(rendered: Rendered):
    """``(page, text, size_pt, instruction)`` of every piece of text, in the size it is drawn
    on one copy's page (for 1-up: on the sheet)."""
    for number, page in enumerate(rendered.document.pages, 1):
        for box, _ in _boxes(page._page_box):
            if type(box).__name__ != "TextBox" or not box.text.strip():
                continue
            element = box.element
            footer = bool(_classes(element) & {"footer-text", "version-text"})
            yield (number, box.text.strip()[:40], box.style["font_size"] / PT_PX,
                   not footer and len(_text(element).split()) >= INSTRUCTION_WORDS)


def edge_distances(rendered: Rendered, margin_mm: float = EDGE_MM):
    """``(sheet, what, distance_mm)`` of ink nearer than ``margin_mm`` to an edge: dark
    pixels on the rendered sheet, and words (pdftotext) outside the printable area or the
    sheet itself."""
    limit = margin_mm * DPI / 25.4
    for number, (width, height, pixels) in enumerate(rendered.pages, 1):
        band = int(limit) - 1   # a pixel wholly inside the 5 mm band (antialiasing aside)
        for y in range(height):
            row = pixels[y * width:(y + 1) * width]
            if y < band or y >= height - band:
                xs = [x for x, v in enumerate(row) if v < 160]
            else:
                xs = [x for x in (*range(band), *range(width - band, width)) if row[x] < 160]
            if xs:
                edge = min(y, height - 1 - y, min(xs), width - 1 - max(xs)) * 25.4 / DPI
                yield number, f"ink at pixel row {y}", round(edge, 1)
                break
    if rendered.per_page != 1:   # pdftotext's boxes on a turned (/Rotate) sheet are not
        return                   # in the sheet's frame; its pixels above cover it
    near = {}
    for number, word, edge in words_near_the_edge(rendered.pdf, margin_mm):
        near.setdefault(number, []).append((edge, word))
    for number, found in near.items():
        edge, word = min(found)
        yield number, f"{len(found)} words, e.g. {word!r}", edge


def page_use(rendered: Rendered):
    """``(sheet, fraction)``: how far down each sheet its content goes (its lowest ink above
    the footer, as a fraction of the sheet's height)."""
    return page_fractions(rendered.pages)


def page_fractions(pages):
    """:func:`page_use` of sheets given as ``(width, height, pixels)`` (:func:`sheet_pixels`)."""
    for number, (width, height, pixels) in enumerate(pages, 1):
        footer = int(18 * DPI / 25.4)
        lowest = 0
        for y in range(height - footer):
            if min(pixels[y * width:(y + 1) * width]) < 160:
                lowest = y
        yield number, lowest / height


def sheet_pixels(pdf: Path) -> list:
    """``(width, height, pixels)`` of each sheet of ``pdf`` at :data:`DPI` (grey)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), str(pdf), str(Path(tmp) / "p")],
                       check=True)
        return [read_pgm(p) for p in sorted(Path(tmp).glob("p*.pgm"))]


def overlapping_words(words, tolerance_pt: float = 0.5, lines: float = 0.35):
    """Pairs of words of one sheet (``(xmin, ymin, xmax, ymax, word)``, pdftotext) whose
    boxes overlap: across by more than ``tolerance_pt``, and down by more than ``lines`` of
    the shorter box's height (the boxes of lines set tight, at a line height under the
    font's, overlap a little without their letters touching): text printed over text."""
    ordered = sorted(words, key=lambda w: w[0])
    found = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b[0] >= a[2] - tolerance_pt:
                break                    # sorted by left edge: no later word reaches back
            down = min(a[3], b[3]) - max(a[1], b[1])
            if down > lines * min(a[3] - a[1], b[3] - b[1]) and \
                    min(a[2], b[2]) - max(a[0], b[0]) > tolerance_pt:
                found.append((a[4], b[4]))
    return found


def words_across_rules(pdf: Path, overhang_pt: float = 0.6):
    """``(sheet, word, rule_x_mm)`` of every word (pdftotext) that a drawn vertical line (a
    table cell's or a box's side, :func:`pdf_shapes.vertical_sides`) runs through: text
    running past the side of its cell or box.  The line must cross the word's box by more
    than ``overhang_pt`` on either side and span most of its height."""
    from pypdf import PdfReader

    from pdf_shapes import MM, page_shapes, vertical_sides

    reader = PdfReader(str(pdf))
    sizes, words = word_boxes(pdf)
    for number, ((width, height), page_words) in enumerate(zip(sizes, words), 1):
        # PDF y runs up; pdftotext's runs down from the page's top
        rules = [(x, height - top, height - bottom)
                 for x, bottom, top in vertical_sides(page_shapes(reader, number - 1))]
        for wx0, wy0, wx1, wy1, word in page_words:
            tall = wy1 - wy0
            for x, top, bottom in rules:
                if (wx0 + overhang_pt < x < wx1 - overhang_pt
                        and min(wy1, bottom) - max(wy0, top) > 0.6 * tall):
                    yield number, word, round(x / MM, 1)
                    break


def words_near_a_copys_edge(rendered: Rendered, margin_mm: float):
    """``(sheet, word, distance_mm)`` of every word of an N-up render nearer than
    ``margin_mm`` to an edge of the copy it is printed on (the sheet's edges and the cut
    lines), in the frame pdftotext reads the sheet in (a 2-up sheet shown turned a quarter:
    its two copies side by side)."""
    margin = margin_mm * 72 / 25.4 - 0.5
    across = 2 if rendered.per_page in (2, 4) else 1
    down = 2 if rendered.per_page == 4 else 1
    for number, ((w, h), words) in enumerate(zip(rendered.size_pt, rendered.words), 1):
        if rendered.per_page == 2:           # pdftotext gives the portrait size, the words
            w, h = h, w                      # as shown: the landscape sheet
        cw, ch = w / across, h / down
        for x0, y0, x1, y1, word in words:
            left, top = (x0 // cw) * cw, (y0 // ch) * ch
            edge = min(x0 - left, y0 - top, left + cw - x1, top + ch - y1)
            if edge < margin:
                yield number, word, round(edge * 25.4 / 72, 1)
