"""Queen Bee on a phone (360 × 740), as a new player meets it: in a Flight of 120 moves the
step that ends it is above the folded moves, not five screens below them."""

from __future__ import annotations

import pytest

from .conftest import CHROMIUM, PHONE, serving, tokens, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def test_done_shows_above_the_folded_moves_of_a_flight(hk, browser):
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo").returncode == 0
    assert hk("queenbee", "do", "friday", "flight").returncode == 0
    with serving(hk.campaigns, ["friday"]) as (base, app):
        page = browser.new_page(viewport=PHONE)
        page.goto(f"{base}/t/friday?k={tokens(app, 'friday')['player Ann']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        done = page.get_by_role("button", name="done", exact=True)
        folds = page.locator("details.group-fold > summary")
        assert folds.count() >= 1 and folds.first.inner_text().startswith("move (")
        assert done.bounding_box()["y"] < folds.first.bounding_box()["y"]
        assert done.bounding_box()["y"] + done.bounding_box()["height"] < PHONE["height"]
        done.click()                                    # and it ends the Flight
        until(page, "document.body.innerText.includes('effect cards before the discard')")
