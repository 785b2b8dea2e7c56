"""A player's template that links outside the templates (issue 25, item 4): an attachment
(fetched only while the PDF is written) and an image inside an inline SVG (which weasyprint
would drop with a log line) stop the print as bad input, exit 2, the URL named; no PDF."""

from __future__ import annotations

import pytest

LINKS = {
    "attachment": '<link rel="attachment" href="file:///etc/passwd">',
    "svg-image": '<svg width="10" height="10"><image href="file:///etc/passwd" width="10" '
                 'height="10"/></svg>',
    "svg-network": '<svg width="10" height="10"><image href="http://example.com/x.png" '
                   'width="10" height="10"/></svg>',
}


@pytest.mark.parametrize("link", sorted(LINKS))
def test_a_link_out_of_the_templates_stops_the_print(hk, link):
    mine = hk.root / "mine"
    mine.mkdir()
    (mine / "aid-beelives-month.html").write_text(
        f"<html><head>{LINKS[link]}</head><body><p>House rules</p>"
        f"{LINKS[link] if 'svg' in link else ''}</body></html>")
    out = hk.root / "month.pdf"
    r = hk("print", "aid", "beelives-month", "--templates", str(mine), "--out", str(out))
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stderr.startswith("hyvekit: bad input: template resource: ")
    assert ("/etc/passwd" in r.stderr) != ("example.com" in r.stderr)
    assert not out.exists()
