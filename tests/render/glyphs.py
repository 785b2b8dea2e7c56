"""Which characters a PDF draws with a glyph that has ink: each embedded font's ToUnicode map
(glyph id → text) read with pypdf, and the glyph looked up in the embedded font program
with fontTools (the font's cmap maps the character to it, or it has outlines in ``glyf`` or
``CFF``, or a bitmap in ``CBDT``/``sbix``).  A
character drawn as an empty box (weasyprint's .notdef for a character no font has) maps to
a glyph with no ink."""

from __future__ import annotations

import io
import re
from pathlib import Path


def _fonts(resources, seen: set) -> list:
    """Every font dictionary in ``resources`` and in the form XObjects it draws."""
    found = []
    if resources is None:
        return found
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) not in seen:
            seen.add(id(font))
            found.append(font)
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            found += _fonts(xobject.get("/Resources"), seen)
    return found


def _to_unicode(font) -> dict[int, str]:
    """Glyph id → text, from the font's ToUnicode CMap (bfchar and bfrange)."""
    stream = font.get("/ToUnicode")
    if stream is None:
        return {}
    data = stream.get_object().get_data().decode("latin-1")
    out: dict[int, str] = {}

    def text(hexes: str) -> str:
        return bytes.fromhex(hexes).decode("utf-16-be")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for gid, uni in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            out[int(gid, 16)] = text(uni)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, start in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>",
                                        block):
            first = int(start, 16)
            for k, gid in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[gid] = chr(first + k)
    return out


def _program(font):
    """The embedded font program of a (Type0) font as a fontTools TTFont, or None."""
    from fontTools.ttLib import TTFont

    descendant = font
    if "/DescendantFonts" in font:
        descendant = font["/DescendantFonts"][0].get_object()
    descriptor = descendant.get("/FontDescriptor")
    if descriptor is None:
        return None
    descriptor = descriptor.get_object()
    for key in ("/FontFile2", "/FontFile3"):
        if key in descriptor:
            data = descriptor[key].get_object().get_data()
            try:
                return TTFont(io.BytesIO(data), lazy=True)
            except Exception:           # a bare CFF (no OpenType wrapper): not used here
                return None
    return None


def _has_ink(program, gid: int, char: str) -> bool:
    """Whether glyph ``gid`` of ``program`` is ``char``'s own (the font's cmap maps the
    character to it) or has outlines or a bitmap."""
    order = program.getGlyphOrder()
    if gid <= 0 or gid >= len(order):
        return False
    name = order[gid]
    cmap = program.getBestCmap() if "cmap" in program else None
    if cmap and cmap.get(ord(char)) == name:
        return True                     # a colour emoji: weasyprint draws its bitmap apart
    if "glyf" in program:
        glyph = program["glyf"][name]
        if glyph.numberOfContours != 0:
            return True
    if "CFF " in program:
        charstring = program["CFF "].cff.topDictIndex[0].CharStrings[name]
        charstring.decompile()
        if any(op not in ("endchar", "hsbw", "sbw") and not isinstance(op, (int, float))
               for op in charstring.program):
            return True
    for table in ("CBDT", "sbix"):
        if table in program:
            if table == "CBDT":
                if any(name in strike for strike in program["CBDT"].strikeData):
                    return True
            elif any(name in strike.glyphs for strike in program["sbix"].strikes.values()):
                return True
    return False


def inked_characters(pdf: Path) -> dict[str, set[str]]:
    """Each character the PDF draws → the embedded fonts (base names, subset tag removed)
    that draw it with a glyph that has ink."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    seen: set = set()
    fonts = [f for page in reader.pages for f in _fonts(page.get("/Resources"), seen)]
    out: dict[str, set[str]] = {}
    for font in fonts:
        program = _program(font)
        base = str(font.get("/BaseFont", "?")).lstrip("/").split("+", 1)[-1]
        for gid, text in _to_unicode(font).items():
            for char in text:
                out.setdefault(char, set())
                if program is not None and _has_ink(program, gid, char):
                    out[char].add(base)
    return out


def uninked(pdf: Path, text: str) -> list[str]:
    """The characters of ``text`` (spaces aside) the PDF does not draw with an inked glyph
    of an embedded font."""
    inked = inked_characters(pdf)
    return sorted({c for c in text if not c.isspace() and not inked.get(c)})
