"""Pre-filled pads in the spirit of pencil (issue 29, item 4): a record's values are printed
small and grey (``.fill``, base.css) in the boxes meant for pencil, never in bold ink; read
from the laid-out document (each value's text box: its size and colour)."""

from __future__ import annotations

import warnings

import pytest

from hyvekit.games import campaign_store
from hyvekit.render.pdf import render_document
from hyvekit.render.printables_queenbee import match_pad_context

from render_helpers import run_hyvekit

pytestmark = pytest.mark.filterwarnings("ignore:HarfBuzz-Subset:DeprecationWarning")
META = {"title": "t", "printable": "t", "options": {}, "version": "test"}


def _text_boxes(document):
    def walk(box):
        yield box
        for child in getattr(box, "children", None) or []:
            yield from walk(child)
    for page in document.pages:
        for box in walk(page._page_box):
            if type(box).__name__ == "TextBox" and box.text.strip():
                yield box


def test_a_logged_queen_bee_match_is_filled_in_small_and_grey(tmp_path):
    run_hyvekit(tmp_path, "queenbee", "new", "Friday hive", "--id", "qb", "--players",
                "ann,bob,cy")
    run_hyvekit(tmp_path, "queenbee", "log", "qb", "--players", "ann,bob,cy", "--winner",
                "cy", "--defeated", "bob,ann", "--alliance", "bob=cy", "--skill", "ann=Drones",
                "--skill", "bob=Guards", "--skill", "cy=Scouts")
    _, state = campaign_store(tmp_path).state("qb")
    ctx = match_pad_context(group={"name": "Friday hive", "id": "qb"},
                            match=state.matches[-1], match_number=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        document = render_document("pad-queenbee.html", ctx, meta=META)
    boxes = {b.text.strip(): b for b in _text_boxes(document)}
    for value in ("Drones", "Scouts"):
        style = boxes[value].style
        size_pt = style["font_size"] * 72 / 96
        grey = tuple(round(c, 2) for c in style["color"][:3])
        assert size_pt <= 7.01 and grey[0] == grey[1] == grey[2] and 0.3 < grey[0] < 0.6, \
            (value, size_pt, grey)
        assert style["font_weight"] == 400
    assert boxes["ann"].style["font_weight"] == 700 and boxes["ann"].style["color"][0] == 0
