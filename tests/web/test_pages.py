"""Every page of the web table, for every game, at a phone's width (360 × 740) and a TV's
(1920 × 1080), in light and dark: nothing scrolls sideways, and axe-core (through
axe-playwright-python) finds no serious or critical accessibility violation."""

from __future__ import annotations

import pytest

from .conftest import CHROMIUM, PHONE, QUEEN_BEE_TO_ALLIANCE, TV, played, serving, tokens, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: the impacts an accessibility violation may not have
BLOCKING = ("serious", "critical")


def problems(page) -> list[str]:
    """What is wrong with the page as shown: a sideways scroll, and each serious or
    critical axe-core violation (its rule, and the first elements it names)."""
    from axe_playwright_python.sync_playwright import Axe
    out = []
    wide, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if wide > inner:
        out.append(f"scrolls sideways: {wide} px wide in {inner} px")
    boxes = page.evaluate(  # an element of its own that scrolls sideways (a table's box)
        "[...document.querySelectorAll('body *')].filter(e => e.scrollWidth > e.clientWidth"
        " + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))"
        ".map(e => e.tagName + '#' + e.id + '.' + e.className)")
    out += [f"{box} scrolls sideways" for box in boxes]
    for v in Axe().run(page).response["violations"]:
        if v["impact"] in BLOCKING:
            where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
            out.append(f"{v['id']} ({v['impact']}): {where}")
    return out


def checked(browser, urls: dict[str, str]) -> list[str]:
    """:func:`problems` of each page ``urls`` names, at both sizes and in both themes."""
    out = []
    for size in (PHONE, TV):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport=size, color_scheme=scheme)
            page = context.new_page()
            for name, url in urls.items():
                page.goto(url)
                if "/t/" in url:
                    page.wait_for_selector("#live.on", timeout=10_000)
                    until(page, "document.body.dataset.previewed === 'yes'", timeout=20_000)
                    if size is PHONE and not page.evaluate(   # the decision, then the table
                            "document.querySelector('#options').getBoundingClientRect().bottom"
                            " <= document.querySelector('#view').getBoundingClientRect().top"):
                        out.append(f"{name} at 360 px: the table comes before the options")
                out += [f"{name} at {size['width']} px, {scheme}: {p}" for p in problems(page)]
            context.close()
    return out


def pages(base: str, app, cid: str, acting: str) -> dict[str, str]:
    """The pages of the record ``cid``: the acting player's (``acting``: the token's name),
    the watch page, and the TV view."""
    k = tokens(app, cid)
    return {f"{cid} {acting}": f"{base}/t/{cid}?k={k[acting]}",
            f"{cid} watch": f"{base}/t/{cid}?k={k['watch']}",
            f"{cid} tv": f"{base}/t/{cid}/tv?k={k['watch']}"}


def test_bee_lives_pages_with_four_hives_and_wild_hives(hk, browser):
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    data = played(hk.campaigns, "four", "beelives", "campaign",
                  lambda d: d["table"]["wild"] and d["actor"] and d["decision"] != "dice")
    with serving(hk.campaigns, ["four"]) as (base, app):
        urls = {"index": base + "/", **pages(base, app, "four", f"player {data['actor']}")}
        found = checked(browser, urls)
        assert not found, "\n".join(found)


def test_hyve_pages_with_a_bee_to_place_on_a_sheet_in_play(hk, browser):
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    played(hk.campaigns, "tuesday", "hyve", "scenario",          # hexes filled, dice used
           lambda d: d["decision"] == "nectar" and d["table"]["turn"] >= 3, seed=5)
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        found = checked(browser, pages(base, app, "tuesday", "host"))
        assert not found, "\n".join(found)


def test_beez_pages_mid_game_at_a_flight(hk, browser):
    assert hk("beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    data = played(hk.campaigns, "friday", "beez", "game",
                  lambda d: sum(p["nectar"] for p in d["table"]["players"]) < 20
                  and len(d["legal"]) > 60, seed=2)                   # a flight: no previews
    with serving(hk.campaigns, ["friday"]) as (base, app):
        found = checked(browser, pages(base, app, "friday", f"player {data['actor']}"))
        assert not found, "\n".join(found)


def test_the_pages_of_finished_games(hk, browser):
    """The final scores (a card a player on a phone) and the play to log in BG Stats, of a
    Beez game, a Bee Lives campaign and a HYVE scenario."""
    over = lambda d: d["decision"] is None                               # noqa: E731
    assert hk("beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    played(hk.campaigns, "friday", "beez", "game", over, seed=3)
    assert hk("beelives", "new", "League", "-p", "Ann:prolific", "-p", "Bo:aggressive"
              ).returncode == 0
    played(hk.campaigns, "league", "beelives", "campaign", over, seed=3, most=2000)
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    played(hk.campaigns, "tuesday", "hyve", "scenario", over, seed=3, most=2000)
    with serving(hk.campaigns, ["friday", "league", "tuesday"]) as (base, app):
        found = checked(browser, {**pages(base, app, "friday", "player Martin"),
                                  **pages(base, app, "league", "player Ann"),
                                  **pages(base, app, "tuesday", "host")})
        assert not found, "\n".join(found)


def test_queen_bee_pages_in_a_battle_and_once_the_match_is_over(hk, browser):
    """A 3-player match in a battle's card window (the board drawn, the dice, the odds; Bo's
    page with her battle cards), and a 2-player match won (the final page)."""
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "-p", "Cy").returncode == 0
    steps = [f"{who}: {step}" for who, step in QUEEN_BEE_TO_ALLIANCE[:-1]]
    made = hk("queenbee", "do", "friday", *steps)
    assert made.returncode == 0, made.stdout + made.stderr
    assert hk("queenbee", "new", "Duel", "-p", "Ann", "-p", "Bo").returncode == 0
    won = ["Ann: flight", "Ann: done", "Ann: end", "Bo: flight", "Bo: move queen N4 I1",
           "Bo: end", "Ann: sting", "Ann: move warrior H1b G1b", "Ann: attack G1b I1",
           "Ann: pass", "Ann: b4", "Ann: keep", "Bo: b1", "Bo: keep", "Bo: accept"]
    made = hk("queenbee", "do", "duel", *won)
    assert made.returncode == 0, made.stdout + made.stderr
    with serving(hk.campaigns, ["friday", "duel"]) as (base, app):
        urls = {**pages(base, app, "friday", "player Bo"),
                **pages(base, app, "duel", "player Ann")}
        found = checked(browser, urls)
        assert not found, "\n".join(found)
        # the map is drawn and labelled, each occupied space with its bees as text too
        page = browser.new_page(viewport=PHONE)
        page.goto(urls["friday player Bo"])
        page.wait_for_selector("#live.on", timeout=10_000)
        label = page.locator("svg.qb-board").get_attribute("aria-label")
        assert label.startswith("the board (the whole board shown): 79 spaces, bees on 22 of them")
        assert page.locator("svg.qb-board .qb-space").count() == 79
        items = page.locator(".qb-list li").all_text_contents()      # folded: not rendered
        assert "I1: Bo: queen" in items and "G1b: Ann: 1 warrior" in items
        assert page.locator(".qb-fight .qb-odds").inner_text() == \
            "The attack succeeds 100.0% of the time."
        # a phone reads the battle closer: the map shows less of the board, as wide as before
        whole = page.locator("svg.qb-board").get_attribute("viewBox").split()
        page.get_by_role("button", name="the battle", exact=True).click()
        near = page.locator("svg.qb-board").get_attribute("viewBox").split()
        assert float(near[2]) < float(whole[2]) / 2
        assert page.get_by_role("button", name="the battle", exact=True).get_attribute(
            "aria-pressed") == "true"
        assert problems(page) == []
