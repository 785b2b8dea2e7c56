"""Reading the drawn shapes of a PDF page back from its content stream: every subpath that is
painted (stroked or filled), in page coordinates, through the transformation matrices and
the form XObjects (weasyprint draws an SVG as a form).  Used to measure the HYVE sheet's
boxes as printed (issue 29, item 2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MM = 72 / 25.4
PAINT = {b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


@dataclass(frozen=True)
class Shape:
    """One painted subpath: its vertices (pt, page coordinates, origin bottom-left), whether
    it has curves, whether it is closed, and which painted path it belongs to."""
    points: tuple[tuple[float, float], ...]
    curved: bool
    closed: bool
    path: int = 0          # the paint operation it was painted by (subpaths of one path share it)

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def width_mm(self) -> float:
        x0, _, x1, _ = self.box
        return (x1 - x0) / MM

    @property
    def height_mm(self) -> float:
        _, y0, _, y1 = self.box
        return (y1 - y0) / MM

    def across_flats_mm(self) -> float:
        """A polygon's width between opposite sides: twice the least distance from its
        centre to a side (a regular hexagon's distance across its flats)."""
        pts = list(self.points)
        if pts[0] == pts[-1]:
            pts = pts[:-1]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        least = math.inf
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length:
                least = min(least, abs((x1 - x0) * (y0 - cy) - (x0 - cx) * (y1 - y0)) / length)
        return 2 * least / MM


def _mul(a, b):
    """``a`` then ``b`` (PDF matrices as 6-tuples)."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def page_shapes(reader, page_index: int) -> list[Shape]:
    """Every painted subpath of page ``page_index`` of the pypdf ``reader``."""
    page = reader.pages[page_index]
    found: list[Shape] = []
    _walk(reader, page.get_contents(), page["/Resources"].get_object(),
          (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), found)
    return found


def _walk(reader, contents, resources, ctm, found) -> None:
    from pypdf.generic import ContentStream

    if contents is None:
        return
    stack = []
    current: list | None = None
    curved = closed = False
    pending: list[tuple[list, bool, bool]] = []
    for operands, op in ContentStream(contents, reader).operations:
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop() if stack else ctm
        elif op == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif op == b"m":
            if current:
                pending.append((current, curved, closed))
            current, curved, closed = [_apply(ctm, *map(float, operands))], False, False
        elif op == b"l" and current is not None:
            current.append(_apply(ctm, *map(float, operands)))
        elif op in (b"c", b"v", b"y") and current is not None:
            values = list(map(float, operands))
            for i in range(0, len(values), 2):
                current.append(_apply(ctm, values[i], values[i + 1]))
            curved = True
        elif op == b"h" and current is not None:
            closed = True
        elif op == b"re":
            if current:
                pending.append((current, curved, closed))
                current = None
            x, y, w, h = map(float, operands)
            pending.append(([_apply(ctm, x, y), _apply(ctm, x + w, y),
                             _apply(ctm, x + w, y + h), _apply(ctm, x, y + h)], False, True))
        elif op in PAINT or op == b"n":
            if current:
                pending.append((current, curved, closed or op in (b"s", b"b", b"b*")))
            if op != b"n":
                number = len(found) + 1
                found.extend(Shape(tuple(p), c, cl, number) for p, c, cl in pending
                             if len(p) > 1)
            pending, current = [], None
        elif op == b"Do":
            xobject = resources.get("/XObject", {}).get_object()[operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                inner = xobject.get("/Resources")
                _walk(reader, xobject, inner.get_object() if inner is not None else resources,
                      _mul(matrix, ctm), found)


def bottom_rules(shapes) -> list[tuple[float, float, float]]:
    """``(x, y, width)`` in pt of each bottom border drawn as weasyprint draws one: a path of
    two rectangles, the box and the box less its border, filled even-odd (the same left,
    right and top; the inner one shorter by the border's width, under 1 mm)."""
    paths: dict[int, list[Shape]] = {}
    for s in shapes:
        paths.setdefault(s.path, []).append(s)
    found = []
    for group in paths.values():
        if len(group) != 2 or any(s.curved or len(set(s.points)) != 4 for s in group):
            continue
        outer, inner = sorted(group, key=lambda s: -s.height_mm)
        (ox0, oy0, ox1, oy1), (ix0, iy0, ix1, iy1) = outer.box, inner.box
        if (abs(ox0 - ix0) < 0.1 and abs(ox1 - ix1) < 0.1 and abs(oy1 - iy1) < 0.1
                and 0 < iy0 - oy0 < MM):
            found.append((ox0, oy0, ox1 - ox0))
    return found


def distinct(shapes, grid_mm: float = 0.5) -> list[Shape]:
    """``shapes`` less those with the same box (to ``grid_mm``) as an earlier one: a box's
    fill and its border are one box."""
    seen, out = set(), []
    for s in shapes:
        key = tuple(round(v / MM / grid_mm) for v in s.box)
        if key not in seen:
            seen.add(key)
            out.append(s)
    return out


def painted_paths(shapes) -> list[list[Shape]]:
    """``shapes`` grouped by the paint operation that painted them."""
    paths: dict[int, list[Shape]] = {}
    for s in shapes:
        paths.setdefault(s.path, []).append(s)
    return list(paths.values())


def border_pair(group) -> tuple[Shape, Shape] | None:
    """``(outer, inner)`` of a painted path drawn as weasyprint draws a border (two
    rectangles, the box and the box less its borders), else None."""
    boxes = [s for s in group if not s.curved and len(set(s.points)) == 4]
    if len(group) != 2 or len(boxes) != 2:
        return None
    outer, inner = sorted(boxes, key=lambda s: -(s.width_mm * s.height_mm))
    return outer, inner


def vertical_sides(shapes) -> list[tuple[float, float, float]]:
    """``(x, bottom, top)`` in pt of every vertical line drawn: a painted shape under 1 mm
    wide and over 3 mm tall, or the left or right side of a border drawn as weasyprint
    draws one (a path of two rectangles, the box and the box less its borders, filled
    even-odd)."""
    found = []
    for group in painted_paths(shapes):
        pair = border_pair(group)
        if pair:
            outer, inner = pair
            (ox0, oy0, ox1, oy1), (ix0, iy0, ix1, iy1) = outer.box, inner.box
            e = 0.01                             # pt: the float noise of the PDF's numbers
            if ox0 <= ix0 + e and ix1 <= ox1 + e and oy0 <= iy0 + e and iy1 <= oy1 + e and \
                    outer.height_mm > 3:
                if ix0 - ox0 > 0.05:
                    found.append(((ox0 + ix0) / 2, oy0, oy1))
                if ox1 - ix1 > 0.05:
                    found.append(((ox1 + ix1) / 2, oy0, oy1))
                continue
        for s in group:
            x0, y0, x1, y1 = s.box
            if x1 - x0 < MM and y1 - y0 > 3 * MM:
                found.append(((x0 + x1) / 2, y0, y1))
    return found
