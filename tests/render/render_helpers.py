"""Helpers of the printing tests (reading PDFs back with pypdf)."""

from __future__ import annotations

EVIL_NAME = '<img src="file:///etc/passwd">'


def run_hyvekit(folder, *args: str, code: int = 0):
    """``hyvekit --campaigns-dir FOLDER ARGS...`` in process (typer's runner); asserts the
    exit code and returns the result."""
    from typer.testing import CliRunner

    from hyvekit.cli.app import app

    result = CliRunner().invoke(app, ["--campaigns-dir", str(folder), *args],
                                catch_exceptions=code != 0)
    assert result.exit_code == code, result.output
    return result


def pdf_text(path) -> str:
    return "\n".join(page_texts(path))


def page_texts(path) -> list[str]:
    """The text of each page of ``path``.  A page whose dictionary is the same as an earlier
    page's (the same content stream, resources and boxes: a copy, as ``--copies`` writes
    them) has the same text, so it is read once."""
    from pypdf import PdfReader

    texts, known = [], {}
    for page in PdfReader(str(path)).pages:
        key = repr(sorted((k, repr(v)) for k, v in page.items() if k != "/Parent"))
        if key not in known:
            known[key] = page.extract_text() or ""
        texts.append(known[key])
    return texts


def page_sizes(path) -> list[tuple[int, int]]:
    from pypdf import PdfReader

    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in PdfReader(str(path)).pages]


def page_count(path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(str(path)).pages)


def pdf_metadata(path) -> dict:
    from pypdf import PdfReader

    return dict(PdfReader(str(path)).metadata or {})


def pdf_fonts(path) -> list[dict]:
    """Every font used by every page of ``path`` (looking inside form XObjects too): its
    ``/BaseFont``, ``/FontFamily`` (from its descriptor), and whether its file is embedded."""
    from pypdf import PdfReader

    found, seen = [], set()

    def walk(resources):
        resources = resources.get_object() if resources is not None else {}
        for ref in dict(resources.get("/Font", {})).values():
            font = ref.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            descendants = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
            for d in descendants:
                desc = d.get("/FontDescriptor")
                desc = desc.get_object() if desc is not None else {}
                found.append({
                    "base": str(font.get("/BaseFont", "")),
                    "family": str(desc.get("/FontFamily", "")),
                    "embedded": any(k in desc for k in ("/FontFile", "/FontFile2",
                                                        "/FontFile3")),
                })
        for ref in dict(resources.get("/XObject", {})).values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                walk(xobject["/Resources"])

    for page in PdfReader(str(path)).pages:
        walk(page.get("/Resources"))
    return found


def ink_coverage(path, dpi: int = 30) -> float:
    """Mean darkness (0 white … 1 black) of the first page, rendered by ``pdftoppm -gray``."""
    import subprocess
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", str(path),
                        str(Path(tmp) / "p")], check=True)
        (pgm,) = Path(tmp).glob("p*.pgm")
        width, height, pixels = read_pgm(pgm)
    return sum(255 - v for v in pixels) / (255 * len(pixels))


def read_pgm(path) -> tuple[int, int, bytes]:
    """``(width, height, pixels)`` of a binary 8-bit PGM as written by ``pdftoppm -gray``."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:               # magic, width, height, maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P5"
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1:pos + 1 + width * height]
