"""The web table in a real browser (Debian's chromium driven by Playwright): a player's phone
and a TV watching follow the same game, the player tapping options and the TV seeing every
step; screenshots at phone (360 px) and TV (1920 px) widths are saved beside the test (set
HYVEKIT_SCREENSHOTS=DIR to keep them)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .conftest import CHROMIUM, QUEEN_BEE_TO_ALLIANCE, serving, tokens, until

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("HYVEKIT_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_phone_plays_and_a_tv_watches_the_same_bee_lives_month(hk, league, browser,
                                                                  tmp_path):
    shots = _shots(tmp_path)
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        phone = browser.new_page(viewport={"width": 360, "height": 780})
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        phone.goto(f"{base}/t/{league}?k={k['player Ann']}")
        tv.goto(f"{base}/t/{league}?k={k['watch']}")
        for page in (phone, tv):
            page.wait_for_selector("#live.on", timeout=10_000)
        assert tv.locator("#options button").count() == 0               # watching only
        assert tv.locator("#options .chip").count() > 0
        phone.get_by_role("button", name="draw", exact=True).click()
        until(tv, "document.querySelector('#said li') !== null", timeout=10_000)
        drawn = tv.locator("#said li").first.inner_text()
        assert drawn.startswith("card ")
        # the card's words on the table; each of Ann's options with what it would change
        from hyvekit.data.beelives import season_cards
        text = next(c.text for c in season_cards() if f'card "{c.name}"' == drawn)
        until(tv, "document.querySelector('.cardtext') !== null", timeout=10_000)
        assert tv.locator(".cardtext").first.inner_text() == text
        # the previews come a moment after the table (sent twice): wait for them to say what
        # a forage does to Ann's free bees
        try:
            until(phone,
                "[...document.querySelectorAll('#options button small.preview')]"
                ".some((e) => e.textContent.includes('free bees'))", timeout=20_000)
        except Exception:
            previews = phone.locator("#options button small.preview").all_inner_texts()
            raise AssertionError(f"no preview says free bees ({drawn}): {previews[:6]}") \
                from None
        # every step Ann may take from her phone, the TV following each
        made = 1
        for _ in range(4):
            version = int(tv.evaluate("document.body.dataset.version"))
            # the phone shows the table the TV shows before its options are counted
            until(phone, f"Number(document.body.dataset.version) >= {version}",
                                    timeout=10_000)
            options = phone.locator("#options button:not([disabled]):visible")
            if options.count() == 0:
                break
            options.first.click()
            made += 1
            until(tv, f"Number(document.body.dataset.version) > {version}",
                                 timeout=10_000)
        phone.wait_for_timeout(300)
        assert phone.locator("#error").inner_text() == ""
        phone.screenshot(path=str(shots / "bee-lives-phone-360.png"), full_page=True)
        tv.screenshot(path=str(shots / "bee-lives-tv-1920.png"))
        stored = hk("campaign", "history", league).stdout
        assert drawn in stored                                       # the step is in the record
        # a page opened now lists the steps so far, numbered as the record numbers them
        late = browser.new_page(viewport={"width": 360, "height": 780})
        late.goto(f"{base}/t/{league}?k={k['watch']}")
        until(late, f"document.querySelectorAll('#log li').length >= {made}",
                               timeout=10_000)
        from .conftest import request
        seq = request(f"{base}/t/{league}/state?k={k['watch']}")[1]["seq"]
        assert late.locator("#log li").first.get_attribute("value") == str(seq)
        assert late.locator("#log li").last.inner_text() == drawn


def test_a_hyve_scenario_is_played_to_its_end_from_the_page(hk, browser, tmp_path):
    shots = _shots(tmp_path)
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        k = tokens(app, "tuesday")
        page = browser.new_page(viewport={"width": 390, "height": 844})
        blocked = _csp_watched(page)
        page.goto(f"{base}/t/tuesday?k={k['host']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        for n in range(400):
            if page.locator("#actor").inner_text() == "" and \
                    page.locator("#options button").count() == 0:
                break                                              # the scenario has ended
            # the options to tap: shown (an open fold's) and not waiting for the last tap
            buttons = page.locator("#options button:not([disabled]):visible")
            until(page,
                "[...document.querySelectorAll('#options button')].some("
                "b => !b.disabled && b.offsetParent !== null)"
                " || document.querySelector('#actor').textContent === ''", timeout=10_000)
            if buttons.count() == 0:
                continue                                           # the scenario has ended
            version = int(page.evaluate("document.body.dataset.version"))
            # gather early now and then, so the scenario moves on
            gather = page.get_by_role("button", name="gather", exact=True)
            (gather if gather.count() and gather.is_enabled() and n % 3 == 0
             else buttons.first).click()
            until(page, f"Number(document.body.dataset.version) > {version}",
                                   timeout=10_000)
        assert "the scenario has ended" in page.locator("#prompt").inner_text()
        # the page's own script, style and any image (a data: QR code) all allowed
        assert page.evaluate("[...document.images].every(i => i.complete && i.naturalWidth)")
        assert _csp_blocked(page, blocked) == []
        page.screenshot(path=str(shots / "hyve-phone-390.png"), full_page=True)
    check = hk("campaign", "check", "tuesday")
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_page_reconnects_after_the_server_restarts_and_catches_up(hk, league, browser):
    from .conftest import free_port
    port = free_port()
    with serving(hk.campaigns, [league], port=port) as (base, app):
        k = tokens(app, league)
        page = browser.new_page(viewport={"width": 360, "height": 780})
        page.goto(f"{base}/t/{league}?k={k['player Ann']}")
        page.wait_for_selector("#live.on", timeout=10_000)
    page.wait_for_selector("#live:not(.on)", timeout=10_000)          # the server is gone
    assert hk("beelives", "do", league, "--seed", "2", "draw").returncode == 0
    drawn = hk("campaign", "history", league).stdout
    with serving(hk.campaigns, [league], port=port):                  # the same links
        page.wait_for_selector("#live.on", timeout=20_000)
        until(page, "document.querySelector('#said li') !== null", timeout=10_000)
        said = page.locator("#said li").first.inner_text()
        assert said.startswith("card ") and said in drawn


def test_a_hyve_hex_is_tapped_for_the_bee_chosen(hk, browser):
    from .conftest import request
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    assert hk("hyve", "do", "--scenario", "tuesday", "--seed", "3", "roll", "gather"
              ).returncode == 0
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        k = tokens(app, "tuesday")
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(f"{base}/t/tuesday?k={k['host']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        bee = page.locator("#options details[open] > summary").inner_text().split(" ")[0]
        # the grid is the input: drawn in the decision, above the table (phone: first)
        assert page.locator("#options .hex.target").count() > 0
        assert page.locator("#view .hex.target").count() == 0
        target = page.locator(".hex.target").first
        step = target.get_attribute("title")
        assert step.startswith(bee)
        version = int(page.evaluate("document.body.dataset.version"))
        target.click()
        until(page, f"Number(document.body.dataset.version) > {version}",
                               timeout=10_000)
        assert request(f"{base}/t/tuesday/state?k={k['watch']}")[1]["last_step"] == step


def _csp_watched(page) -> list[str]:
    """The console's errors of ``page`` from now on (a blocked script, style or image is
    one), and its Content-Security-Policy violations kept in the page (``window.blocked``)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.add_init_script("window.blocked = []; document.addEventListener("
                         "'securitypolicyviolation', e => window.blocked.push("
                         "e.violatedDirective + ' ' + e.blockedURI));")
    return errors


def _csp_blocked(page, errors: list[str]) -> list[str]:
    """What the Content-Security-Policy blocked on ``page`` (see :func:`_csp_watched`)."""
    return page.evaluate("window.blocked") + [e for e in errors
                                              if "Content Security Policy" in e]


def test_the_content_security_policy_blocks_nothing_the_page_uses(hk, league, browser):
    from hyvekit.web.guard import CSP
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        page = browser.new_page(viewport={"width": 360, "height": 780})
        blocked = _csp_watched(page)
        answer = page.goto(f"{base}/t/{league}?k={k['player Ann']}")
        assert answer.headers["content-security-policy"] == CSP
        page.wait_for_selector("#live.on", timeout=10_000)
        page.get_by_role("button", name="draw", exact=True).click()     # a tap still works
        until(page, "document.querySelector('#said li') !== null")
        assert page.locator("#said li").first.inner_text().startswith("card ")
        assert page.evaluate("document.styleSheets.length") == 1       # table.css applied
        assert page.evaluate("getComputedStyle(document.querySelector('#options button'))"
                             ".minHeight") != "auto"
        assert _csp_blocked(page, blocked) == []
        # an inline script, as an injected one would be, is blocked: the policy is on
        page.evaluate("document.body.append(Object.assign(document.createElement('script'), "
                      "{textContent: 'window.injected = 1'}))")
        until(page, "window.blocked.length > 0")
        assert page.evaluate("window.injected") is None
        assert [b.split()[0] for b in page.evaluate("window.blocked")] == ["script-src-elem"]


#: each shown element's own text and its font size in px, the TV prompt's apart
FONT_SIZES = """[...document.querySelectorAll('body *')]
  .filter(e => e.offsetParent !== null && [...e.childNodes].some(
    n => n.nodeType === 3 && n.textContent.trim()))
  .map(e => [e.id || e.tagName + '.' + e.className, parseFloat(getComputedStyle(e).fontSize)])"""


def _tv_fits(page) -> None:
    """The TV view as a room reads it at 1920 × 1080: nothing to scroll, and its prompt the
    largest text."""
    page.wait_for_selector("#live.on", timeout=10_000)
    until(page, "document.body.dataset.previewed === 'yes'", timeout=20_000)
    high, inner = page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
    assert high <= inner, f"the TV view is {high} px high in {inner} px"
    sizes = page.evaluate(FONT_SIZES)
    prompt = dict(sizes)["prompt"]
    larger = [(name, size) for name, size in sizes if size > prompt]
    assert larger == [], f"text larger than the prompt ({prompt} px): {larger}"
    assert page.locator("#options button").count() == 0                # read only


def test_the_tv_view_shows_the_decision_largest_and_fits_one_screen(hk, browser, tmp_path):
    from .conftest import TV, played
    shots = _shots(tmp_path)
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    played(hk.campaigns, "four", "beelives", "campaign",
           lambda d: d["table"]["wild"] and d["actor"] and d["decision"] == "action")
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    played(hk.campaigns, "tuesday", "hyve", "scenario",          # a sheet in play
           lambda d: d["decision"] == "nectar" and d["table"]["turn"] >= 3, seed=5)
    with serving(hk.campaigns, ["four", "tuesday"]) as (base, app):
        page = browser.new_page(viewport=TV)
        for cid in ("four", "tuesday"):
            k = tokens(app, cid)
            page.goto(f"{base}/t/{cid}/tv?k={k['host']}")      # even the host's: read only
            _tv_fits(page)
            # the options with what each would change, or their groups with their counts
            assert page.locator("#options .chip").count() > 0
            page.screenshot(path=str(shots / f"{cid}-tv-1920.png"))
        page.goto(f"{base}/t/four?view=tv&k={tokens(app, 'four')['watch']}")
        _tv_fits(page)
        # the watch page: what the deciding player weighs, read only — each option's preview
        # and a raid's odds
        page.goto(f"{base}/t/four?k={tokens(app, 'four')['watch']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        until(page, "document.body.dataset.previewed === 'yes'", timeout=20_000)
        assert page.locator("#options button").count() == 0
        notes = page.evaluate("[...document.querySelectorAll('#options .chip small')]"
                              ".map(e => e.className + ' ' + e.textContent)")
        assert any(n.startswith("preview ") and "free bees" in n for n in notes), notes
        assert any(n.startswith("odds ") and "%" in n for n in notes), notes


def test_the_live_region_announces_a_step_made_from_the_terminal(hk, league, browser):
    with serving(hk.campaigns, [league]) as (base, app):
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(f"{base}/t/{league}?k={tokens(app, league)['watch']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        # one polite live region on the page
        assert page.evaluate("[...document.querySelectorAll('[aria-live], [role=status], "
                             "[role=log]')].map(e => e.id + ' ' + (e.getAttribute("
                             "'aria-live') || e.getAttribute('role')))") == ["announce polite"]
        assert hk("beelives", "do", league, "--seed", "2", "draw").returncode == 0
        until(page, "document.querySelector('#announce').textContent !== ''")
        from .conftest import request
        drawn = request(f"{base}/t/{league}/state?k={tokens(app, league)['watch']}")[1]
        card = drawn["last_step"].removeprefix("card ").strip('"')
        assert page.locator("#announce").inner_text() == f"The card “{card}” is turned over."


def test_the_colours_chosen_on_the_page_are_kept(hk, league, browser):
    with serving(hk.campaigns, [league]) as (base, app):
        context = browser.new_context(viewport={"width": 360, "height": 740},
                                      color_scheme="light")
        page = context.new_page()
        url = f"{base}/t/{league}?k={tokens(app, league)['watch']}"
        page.goto(url)
        background = "getComputedStyle(document.body).backgroundColor"
        light = page.evaluate(background)
        assert page.locator("#theme").inner_text() == "colours: system"
        page.locator("#theme").click()                                   # light
        page.locator("#theme").click()                                   # dark
        assert page.evaluate(background) != light
        dark = page.evaluate(background)
        page.goto(url)                                                   # kept
        assert page.locator("#theme").inner_text() == "colours: dark"
        assert page.evaluate(background) == dark
        page.keyboard.press("Tab")                       # the switch is reached by keyboard
        until(page, "document.activeElement.id === 'theme'")
        page.keyboard.press("Enter")                                     # system again
        assert page.evaluate(background) == light
        context.close()


def test_the_web_app_manifest_is_read_by_the_browser_under_the_policy(hk, league, browser):
    with serving(hk.campaigns, [league]) as (base, app):
        page = browser.new_page(viewport={"width": 360, "height": 740})
        blocked = _csp_watched(page)
        k = tokens(app, league)
        page.goto(f"{base}/t/{league}/tv?k={k['watch']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        cdp = page.context.new_cdp_session(page)
        found = cdp.send("Page.getAppManifest")
        assert found["errors"] == [] and found["url"].startswith(f"{base}/t/{league}/")
        import json
        manifest = json.loads(found["data"])
        assert manifest["display"] == "fullscreen"
        assert manifest["start_url"] == f"/t/{league}/tv?k={k['watch']}"
        for icon in manifest["icons"]:                      # served by hyvekit, each its type
            answer = page.request.get(base + icon["src"])
            assert answer.ok and answer.headers["content-type"].startswith(icon["type"])
        assert _csp_blocked(page, blocked) == []


def test_a_menu_too_long_for_previews_says_why_and_gives_them_on_a_tap(hk, browser):
    from .conftest import played
    assert hk("beez", "new", "Friday", "--players", "Martin,Sophie", "--common",
              "both-4-5-rows,middle-row,colours").returncode == 0
    due = played(hk.campaigns, "friday", "beez", "game", lambda d: len(d["legal"]) > 60)
    with serving(hk.campaigns, ["friday"]) as (base, app):
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(f"{base}/t/friday?k={tokens(app, 'friday')['host']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        until(page, "document.body.dataset.previewed === 'yes'", timeout=20_000)
        why = page.locator("#options .why").inner_text()
        assert f"{len(due['legal'])} options" in why and "more than 60" in why
        assert page.locator("#options button small.preview").count() == 0
        fold = page.locator("#options details[open]").last
        shown = fold.locator("button[data-step]").count()
        fold.get_by_role("button", name="what would these change?").click()
        until(page, "document.querySelectorAll('#options button small.preview').length > 0")
        assert fold.locator("button[data-step] small.preview").count() == shown
        assert fold.get_by_role("button", name="what would these change?").count() == 0


def test_what_happened_names_the_step_once_and_the_one_hyvekit_played(hk, browser):
    from .conftest import before_a_forced_step
    assert hk("beelives", "new", "Four", "-p", "Jeremy:prolific", "-p", "Ann:aggressive",
              "-p", "Bo:prolific", "-p", "Cy:aggressive").returncode == 0
    faces, only = before_a_forced_step(hk.campaigns, "four")
    with serving(hk.campaigns, ["four"]) as (base, app):
        page = browser.new_page(viewport={"width": 360, "height": 740})
        page.goto(f"{base}/t/four?k={tokens(app, 'four')['host']}")
        page.wait_for_selector("#live.on", timeout=10_000)
        page.get_by_role("button", name=faces, exact=True).click()
        until(page, "document.querySelector('#said').textContent.includes('hyvekit played')")
        said = page.locator("#said li").all_inner_texts()
        assert said[0].startswith(f"{faces} ") and faces not in said[1:]   # the faces once
        assert f"{only} (nothing else was possible: hyvekit played it)" in said
        assert page.locator("#options button", has_text=only).count() == 0


#: each HYVE colour shown: its name, the contrast of its text on its fill (WCAG), the symbol
#: after it and its outline
COLOURS = """[...document.querySelectorAll('.colour')].map(e => {
  const s = getComputedStyle(e);
  const lum = (c) => {
    const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
  return [e.title, (a + 0.05) / (b + 0.05), getComputedStyle(e, '::after').content,
          e.classList.contains('die') ? s.outlineStyle : 'hex'];
})"""


def test_hyve_colours_read_in_both_themes_each_with_a_symbol(hk, browser):
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": 360, "height": 740},
                                          color_scheme=scheme)
            page = context.new_page()
            page.goto(f"{base}/t/tuesday?k={tokens(app, 'tuesday')['watch']}")
            page.wait_for_selector("#live.on", timeout=10_000)
            shown = page.evaluate(COLOURS)
            assert {name for name, *_ in shown} == {"yellow", "blue", "green", "purple",
                                                     "red"}              # the bread levels
            for name, contrast, symbol, outline in shown:
                assert contrast >= 4.5, f"{name}: {contrast:.2f}"      # WCAG AA
                assert symbol.strip('" ') != "" and outline != "none", name
            context.close()


def test_three_phones_play_queen_bee_to_a_forced_alliance_with_a_tv_watching(hk, browser,
                                                                            tmp_path):
    """Ann, Bo and Cy each on a phone (360 px) make their own steps — a tap on an option
    shown, else the step typed — up to Bo's queen defeated in a battle on the map; the TV
    follows every step and shows the battle, then Bo's bees serving Ann."""
    shots = _shots(tmp_path)
    assert hk("queenbee", "new", "Friday", "-p", "Ann", "-p", "Bo", "-p", "Cy").returncode == 0
    with serving(hk.campaigns, ["friday"]) as (base, app):
        k = tokens(app, "friday")
        phones = {}
        for name in ("Ann", "Bo", "Cy"):
            phones[name] = browser.new_page(viewport={"width": 360, "height": 740})
            phones[name].goto(f"{base}/t/friday?k={k[f'player {name}']}")
        tv = browser.new_page(viewport={"width": 1920, "height": 1080})
        tv.goto(f"{base}/t/friday/tv?k={k['watch']}")
        for page in (*phones.values(), tv):
            page.wait_for_selector("#live.on", timeout=10_000)
        tapped = typed = 0
        for n, (who, step) in enumerate(QUEEN_BEE_TO_ALLIANCE, 1):
            phone = phones[who]
            # the page shows it legal, its previews in: the options laid out as they stay (a
            # tap as the previews arrive may meet another button, or none, where it aimed)
            until(phone, "document.querySelector('#actor').classList.contains('mine') && [..."
                  f"document.querySelectorAll('#legal option')].some(o => o.value === "
                  f"{json.dumps(step)}) && document.body.dataset.previewed === 'yes'",
                  timeout=10_000)
            button = phone.locator(f'#options button[data-step="{step}"]:visible')
            if button.count() and button.is_enabled():
                button.click()
                tapped += 1
            else:                        # in a fold not open (a move among hundreds): typed
                phone.fill("#step", step)
                phone.press("#step", "Enter")
                typed += 1
            try:
                until(tv, f"Number(document.body.dataset.steps || 0) >= {n}", timeout=10_000)
            except TimeoutError:                  # say what the phone and the record hold
                from hyvekit.games import campaign_store
                record = campaign_store(hk.campaigns).load("friday")
                raise AssertionError((step, phone.locator("#error").inner_text(),
                                      [e.get("data") for e in record.active][-3:])) from None
            assert phone.locator("#error").inner_text() == "", (step, phone.locator(
                "#error").inner_text())
            if step == "keep" and who == "Bo":            # the card window, on the TV
                until(tv, "document.querySelector('.qb-fight .qb-odds') !== null")
                fight = tv.locator(".qb-fight").inner_text()
                assert "Ann attacks I1 from G1b" in fight and "4 against 1" in fight
                assert tv.locator(".qb-fight .qb-die").count() == 2
                assert tv.locator("svg.qb-board .qb-battle").count() == 2   # both spaces
                tv.screenshot(path=str(shots / "queen-bee-tv-1920.png"))
                phones["Bo"].screenshot(path=str(shots / "queen-bee-phone-360.png"),
                                        full_page=True)
        assert tapped and typed
        # the forced alliance: Bo's bees serve Ann's queen, on every page
        for page in (tv, *phones.values()):
            until(page, "[...document.querySelectorAll('.qb-players .card')].some("
                  "c => c.textContent.includes(\"serves Ann's queen (forced alliance)\"))")
        assert "fallen: Bo" in tv.locator("#view").inner_text()
        assert tv.locator("svg.qb-board .qb-battle").count() == 0
        tv.screenshot(path=str(shots / "queen-bee-alliance-tv-1920.png"))
    shown = json.loads(hk("queenbee", "next", "friday", "--json").stdout)["table"]
    assert [p["serves"] for p in shown["players"]] == ["Ann", "Ann", "Cy"]
    assert shown["fallen"] == ["Bo"]
