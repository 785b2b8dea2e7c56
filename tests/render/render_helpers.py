"""Helpers of the printing tests (reading PDFs back with pypdf)."""

from __future__ import annotations

EVIL_NAME = '<img src="file:///etc/passwd">'


def pdf_text(path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def page_sizes(path) -> list[tuple[int, int]]:
    from pypdf import PdfReader

    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in PdfReader(str(path)).pages]
