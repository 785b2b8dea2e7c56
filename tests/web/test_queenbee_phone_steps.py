"""Queen Bee's web table as a new player meets it: on a phone (360 × 740) the step that ends
a Flight of 120 moves is above the folded moves, not five screens below them; on the TV a
side yet to roll shows no total of 0."""

from __future__ import annotations

import pytest

from .conftest import CHROMIUM, PHONE, TV, serving, tokens, until

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


def test_a_side_yet_to_roll_has_no_total_of_0_on_the_tv(hk, browser):
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo").returncode == 0
    made = hk("queenbee", "do", "friday", "flight", "move warrior H1b G1b",
              "move warrior H1b G1b", "move worker H1d G1b", "end", "flight",
              "move warrior H4b G4b", "move warrior G4b I4", "move warrior I4 I1", "end",
              "sting", "attack G1b I1", "pass", "b2,b1,y1")
    assert made.returncode == 0, made.stderr
    with serving(hk.campaigns, ["friday"]) as (base, app):
        page = browser.new_page(viewport=TV)
        page.goto(f"{base}/t/friday/tv?k={tokens(app, 'friday')['watch']}")
        page.wait_for_selector(".qb-fight", timeout=10_000)
        fight = page.locator(".qb-fight").inner_text()
        assert "Ann's total: 4; Bo still to roll." in fight and "4 against 0" not in fight
        assert hk("queenbee", "do", "friday", "keep", "b3", "keep").returncode == 0
        until(page, "document.querySelector('.qb-fight').innerText"
                    ".includes('Totals: 4 against 3.')")
