"""A real ``hyvekit serve`` app on loopback, in a thread of the test process (uvicorn on a
free port), and plain HTTP helpers to talk to it."""

from __future__ import annotations

import json
import shutil
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

import pytest


def free_port() -> int:
    """A port free on loopback now."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(folder, ids, port: int = 0, config: dict | None = None, **kwargs):
    """``(base URL, app)`` of the app serving ``ids`` of ``folder`` while the block runs (on
    ``port``, by default any free one), with uvicorn's settings as ``hyvekit serve`` makes
    them (``config``: :func:`~hyvekit.web.guard.server_settings`'s own, e.g. shorter
    timeouts)."""
    import uvicorn

    from hyvekit.web.app import make_app
    from hyvekit.web.guard import server_settings
    app = make_app(folder, ids, **kwargs)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="error", lifespan="on",
                                           timeout_graceful_shutdown=1,
                                           **server_settings(**(config or {}))))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def request(url: str, data: dict | None = None, headers: dict | None = None
            ) -> tuple[int, dict | str]:
    """``(status, JSON or text)`` of a GET (or, with ``data``, a JSON POST)."""
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(url, data=body, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        status, text = exc.code, exc.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def tokens(app, cid: str) -> dict[str, str]:
    """The links' tokens of a served record: ``host``, ``watch`` and ``player NAME``."""
    out = {}
    for access, token in app.state.served[cid].tokens.links():
        out[access.role if access.player is None else f"player {access.player}"] = token
    return out


@pytest.fixture()
def league(hk):
    """A two-player Bee Lives campaign (Ann, Bo)."""
    made = hk("beelives", "new", "League", "-p", "Ann:prolific", "-p", "Bo:aggressive")
    assert made.returncode == 0, made.stderr
    return "league"


# --- a real browser: Debian's chromium driven by Playwright ---------------------------------



CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: chromium's switches for a closed machine (no network of its own, no GPU; --no-sandbox as root)
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: a phone and a TV, as the pages are checked at
PHONE = {"width": 360, "height": 740}
TV = {"width": 1920, "height": 1080}


@pytest.fixture()
def browser():
    """A headless chromium (skipped when Debian's chromium or Playwright is missing)."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed")
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def until(page, expression: str, timeout: float = 10_000) -> None:
    """Wait until ``expression`` is true in ``page`` (``timeout`` in ms), asked through the
    browser's devtools: Playwright's ``wait_for_function`` runs it with ``eval``, which the
    page's Content-Security-Policy refuses, as it should."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not within {timeout} ms: {expression}")
        page.wait_for_timeout(20)


def played(folder, cid: str, game: str, kind: str, done, seed: int = 1, most: int = 600):
    """Random legal steps (``seed``) stored on the record ``cid`` through the one step path,
    a die rolled by hyvekit, until ``done(data)`` holds for the table as ``next --json`` gives
    it; returns that data.

    :raises AssertionError: not within ``most`` steps."""
    import random

    from hyvekit.games import campaign_store
    from hyvekit.games.table import apply_steps, table_data, table_game
    store, rng = campaign_store(folder), random.Random(seed)
    table = table_game(game, kind)
    for _ in range(most):
        state = store.state(cid)[1]
        data = table_data(table, state, with_previews=False)
        if done(data):
            return data
        assert data["decision"] is not None, "the game ended first"
        steps = [] if data["decision"] == "dice" else [rng.choice(data["legal"])]
        apply_steps(store, cid, steps, rng, game=table, roll=True)     # a die: rolled
    raise AssertionError(f"not within {most} steps")


def before_a_forced_step(folder, cid: str, seed: int = 0) -> tuple[str, str]:
    """Random legal play on the Bee Lives record ``cid`` stored as ``do`` stores it, up to a
    die whose faces lead to a decision with a single option that the engine lists only when
    asked (a raided hive with no bee to sacrifice); returns ``(the faces, that option)``."""
    import random

    from hyvekit.games import campaign_store
    from hyvekit.games.table import apply_steps, table_game
    from hyvekit.rules.table import DICE, play_steps
    store, rng = campaign_store(folder), random.Random(seed)
    game = table_game("beelives", "campaign")
    engine = game.engine
    for _ in range(400):
        state = store.state(cid)[1]
        d = engine.pending(state)
        step = "roll" if d.kind == DICE else rng.choice(d.legal)
        for faces in (x for x in d.legal if d.kind == DICE and x.isdigit()):
            after = engine.pending(play_steps(engine, state, [faces], forced=True)[-1])
            if after.kind != DICE and not after.auto and len(after.legal) == 1:
                return faces, after.legal[0]
        apply_steps(store, cid, [step], rng, game=game)
    raise AssertionError("no such die within 400 steps")


#: a 3-player Queen Bee match (``new -p Ann -p Bo -p Cy``) up to a forced alliance, each step
#: as its player takes it (found with the engine: Bo's queen flies to I1, within reach of
#: Ann's Sting; the dice entered, so Ann's warrior wins; Bo accepts and her bees serve Ann)
QUEEN_BEE_TO_ALLIANCE = (
    ("Ann", "flight"), ("Ann", "done"), ("Ann", "end"),
    ("Bo", "flight"), ("Bo", "move queen N3 I1"), ("Bo", "end"),
    ("Cy", "flight"), ("Cy", "done"), ("Cy", "end"),
    ("Ann", "sting"), ("Ann", "move warrior H1b G1b"), ("Ann", "attack G1b I1"),
    ("Ann", "pass"), ("Ann", "b4"), ("Ann", "keep"),
    ("Bo", "b1"), ("Bo", "keep"), ("Bo", "accept"))
