"""Every page of every printable in the catalogue, rendered to pixels, has something on it."""

from __future__ import annotations

import shutil
import subprocess
import warnings

import pytest

from hyvekit.render.catalogue import CATALOGUE, blank_parts, load_all
from hyvekit.render.pdf import render_pdf

from render_helpers import read_pgm

load_all()

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="pdftoppm (poppler) not installed")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_no_page_of_a_printable_is_blank(tmp_path, key):
    printable = CATALOGUE[key]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        (template, context), *more = blank_parts(key)       # the booklet: six documents
        pdf = render_pdf(template, context, out=tmp_path / "x.pdf", more=more)
    subprocess.run(["pdftoppm", "-gray", "-r", "24", str(pdf), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p*.pgm"))
    assert len(pages) == printable.pages
    for page in pages:
        _, _, pixels = read_pgm(page)
        dark = sum(1 for v in pixels if v < 128) / len(pixels)
        assert dark > 0.01, f"{key}: {page.name} looks blank ({dark:.2%} dark pixels)"
