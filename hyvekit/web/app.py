"""The web table: a Starlette app that serves records played at the table as live pages.

Why Starlette + uvicorn + sse-starlette: a small ASGI toolkit with a test client, the
reference ASGI server, and server-sent events with pings and disconnects handled; the page
only ever receives (SSE) and posts (fetch), so websockets are not needed, and SSE reconnects
by itself in every browser.

* ``GET /t/ID?k=TOKEN`` — the page (server-rendered, autoescaped; the table drawn by a small
  script from the same JSON as ``next --json``); ``GET /t/ID/tv?k=TOKEN`` (or ``?view=tv``)
  — the TV view of it: the decision largest, read only, the table beside it;
* ``GET /t/ID/state?k=TOKEN`` — that JSON; ``GET /t/ID/events?k=TOKEN`` — the same JSON each
  time the record changes (a step from any page, ``do`` or ``play``), as server-sent events,
  the first one at once, so a page that reconnects catches up;
* ``POST /t/ID/step`` ``{"k": TOKEN, "step": STEP}`` — one step through the one step path
  (:func:`hyvekit.games.table.apply_steps`: locked, all or nothing, crash-safe) — by the host,
  or by the player whose decision it is; ``POST /t/ID/undo`` — the host takes back the newest
  step.

Who may do what is the token in the link (:class:`Tokens`): ``watch`` (read only), ``player``
(one player's decisions, and a die due to nobody in particular), ``host`` (everything).  Every
state change is a POST with a valid token, compared in constant time, and, when the browser
says where the request comes from (``Origin``), from this server's own pages.  No endpoint
reads a file but the records served and the page's own script and style.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import random
import secrets
from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from hyvekit.games.table import TableGame, table_data, table_game
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.table import step_lengths_checked
from hyvekit.rules.values import dataclass

WATCH, PLAYER, HOST = "watch", "player", "host"
#: how often a served record's file is looked at for changes made by other processes (s)
POLL = 0.1
#: the page's own files, served from the packaged templates folder: its script, its style and
#: its icons (a browser's tab, a home screen)
STATIC = {"table.js": "text/javascript", "table.css": "text/css", "icon.svg": "image/svg+xml",
          "icon-192.png": "image/png", "icon-512.png": "image/png"}


@dataclass(frozen=True)
class Access:
    """What a token lets its holder do: ``role`` (watch, player, host) and, for a player,
    whose decisions (``player``, as the record names them)."""

    role: str
    player: str | None = None


def link_secret(new: bool = False) -> bytes:
    """The secret every link's token is made from: 32 random bytes kept in the user's data
    folder (``serve-secret``, readable by the user alone), so the links stay the same when
    ``serve`` restarts and a page reconnects by itself; ``new`` makes a new one (every link
    given out so far stops working).

    :raises OSError: the folder cannot be written.
    """
    from platformdirs import user_data_dir
    path = Path(user_data_dir("hyvekit", appauthor=False)) / "serve-secret"
    if not new:
        try:
            data = path.read_bytes()
            if len(data) == 32:
                return data
        except OSError:
            pass
    path.parent.mkdir(parents=True, exist_ok=True)
    data = secrets.token_bytes(32)
    tmp = path.with_name(f".serve-secret.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)
    return data


class Tokens:
    """The unguessable tokens of one record's links, each with its :class:`Access`: an
    HMAC-SHA256 of the record's id, the role and the player under the :func:`link_secret`
    (144 bits of it, URL-safe)."""

    def __init__(self, secret: bytes, cid: str) -> None:
        self._secret, self._cid = secret, cid
        self._tokens: list[tuple[str, Access]] = []

    def add(self, access: Access) -> str:
        """The token of ``access``."""
        import base64
        import hashlib
        message = "\0".join((self._cid, access.role, access.player or "")).encode()
        digest = hmac.new(self._secret, message, hashlib.sha256).digest()
        token = base64.urlsafe_b64encode(digest[:18]).decode()
        self._tokens.append((token, access))
        return token

    def of(self, token: Any) -> Access | None:
        """The access of ``token`` (None: no such token, or not a string: a JSON body's
        number, list...); every token is compared, each in constant time."""
        if not isinstance(token, str):
            return None
        found = None
        given = token.encode()
        for known, access in self._tokens:
            if hmac.compare_digest(known.encode(), given) and given:
                found = access
        return found

    def links(self) -> list[tuple[Access, str]]:
        """Every ``(access, token)``, in the order made."""
        return [(a, t) for t, a in self._tokens]


@dataclass(frozen=True)
class Read:
    """A served record as read once: the page's JSON (``data``) and its active events as
    ``(seq, type, step)`` in order."""

    data: dict[str, Any]
    events: tuple[tuple[int, str, str], ...]
    state: Any = None


class Served:
    """One record on the web table: its id, its :class:`~hyvekit.games.table.TableGame`, its
    tokens, and the pages listening (each an :class:`asyncio.Queue` of server-sent events
    ``(event, id, data)``).

    Every page gets each event of the record once, in order (``step``, its ``id`` the event's
    number, and ``undone`` when the host took steps back), then the table they led to
    (``table``, numbered by ``version``).  A page that reconnects says the last event it had
    (the browser's ``Last-Event-ID``) and gets the ones after it.
    """

    #: the newest events a reconnecting page may ask for again
    KEPT = 5000

    def __init__(self, store: Any, cid: str, game: TableGame, header: dict[str, Any],
                 tokens: Tokens) -> None:
        self.store, self.cid, self.game, self.header, self.tokens = (store, cid, game, header,
                                                                      tokens)
        self.version = 0
        self.boot = secrets.token_hex(4)
        self.listeners: set[asyncio.Queue[tuple[str, str | None, str]]] = set()
        self.text = ""
        self.data: dict[str, Any] = {}
        self.state: Any = None                 # the state the pages show
        self.events: list[tuple[int, str, str]] = []     # published, oldest first
        self.lock = asyncio.Lock()
        self.printing = asyncio.Lock()         # reports one at a time (make_app: one for all)
        self._seen: tuple[int, int, int] | None = None
        self.reviewed: tuple[tuple[int, ...], list[str]] | None = None   # the finished game's

    def snapshot(self, record: Any, state: Any, with_previews: bool = True) -> dict[str, Any]:
        """The record as a page shows it: the decision JSON of ``next --json`` with the
        record's ``id``, ``name``, ``game``, ``kind``, the ``last_step`` and what the rules
        did with it (``said``); once the game is over, its ``final`` scores (where the view
        does not show them); a Queen Bee match's ``board_map``
        (:func:`~hyvekit.web.queenbee_map.board_map`).  ``with_previews`` False: no
        ``preview`` yet.  ``record`` None:
        the header the server was started with stands for it."""
        engine = self.game.engine
        header = record.header if record is not None else self.header
        data = table_data(self.game, state, with_previews)
        data.update(previewed=with_previews, id=self.cid, name=header.get("name") or self.cid,
                    game=header["game"], kind=header["kind"],
                    last_step=engine.last_step(state), said=list(engine.said(state)),
                    so_far=self.game.so_far(state) if self.game.so_far else [])
        if header["game"] == "queenbee":         # the board drawn as a map
            from hyvekit.web.queenbee_map import board_map
            data["board_map"] = board_map(state)
        if data.get("decision") is None:        # over: the play to log in BG Stats
            data["bgstats"] = _bgstats(record if record is not None else
                                       self.store.load(self.cid), state)
        return data

    def file_mark(self) -> Any:
        """What changes when the record is written (its file's or its journal's)."""
        return self.store.mark(self.cid)

    def read(self, force: bool = False) -> Read | None:
        """The record again when its file changed since it was last read (or ``force``), or
        None.  Blocking: run in a thread."""
        mark = self.file_mark()
        if mark == self._seen and not force:
            return None
        self._seen = mark
        record, state = self.store.state(self.cid)
        events = tuple(_told(e) for e in record.active)
        return Read(self.snapshot(record, state, with_previews=False), events, state)

    def previewed(self, read: Read) -> Read:
        """``read`` with each legal option's ``preview`` (worked out after the table is
        sent: a page has the step at once, the previews a moment later).  Blocking."""
        from hyvekit.games.table import option_previews
        engine = self.game.engine
        d = engine.pending(read.state)
        return Read({**read.data, "preview": option_previews(self.game, read.state, d),
                     "previewed": True, "previews_most": engine.PREVIEWED,
                     "previews_skipped": engine.previewed(d) and
                     len(d.legal) > engine.PREVIEWED}, read.events, read.state)

    def asked_previews(self, options: Sequence[str]) -> dict[str, str]:
        """What each of ``options`` (legal options of the decision shown, at most the
        engine's ``PREVIEWED``) would change, asked on a tap when the decision has too many
        options to work them all out after each step ({}: none of them legal now, or too
        many asked).  Blocking."""
        from hyvekit.games.table import option_previews
        return option_previews(self.game, self.state, options=options) \
            if self.state is not None else {}

    def made(self, applied: Any) -> Read:
        """What a step made through this server leads to, from what :func:`_apply` stored
        (the state after it; its events already told: :meth:`publish_steps`), without
        reading the record again.  Blocking."""
        self._seen = self.file_mark()
        state = applied.done[-1][1]
        data = self.snapshot(None, state, with_previews=False)
        data["said"] = happened(self.game.engine, [after for _, after in applied.done])
        return Read(data, tuple(self.events), state)

    def publish_steps(self, applied: Any) -> None:
        """Tell every page the step events a step made through this server stored, before
        the table is built (a page shows the step at once)."""
        new = [_told(ev) for ev, _ in applied.done if ev["seq"] > self.newest()]
        for queue in list(self.listeners):
            for seq, kind, step in new:
                queue.put_nowait(("step", str(seq), json.dumps({"seq": seq, "type": kind,
                                                                 "step": step})))
        self.events = (self.events + new)[-self.KEPT:]

    async def stepped(self, applied: Any, before: tuple[int, ...]) -> None:
        """A step made through this server: its events told at once, then the table from the
        state it made, then the table with its previews — when the record held, before it,
        just the events the pages were told (``before``: its active seqs then); else the
        record read again and told in order (another command changed it meanwhile).  One at
        a time with :meth:`refresh`."""
        async with self.lock:
            if not applied.done:
                return
            told = tuple(seq for seq, _, _ in self.events)
            mine = before + tuple(ev["seq"] for ev, _ in applied.done)
            # the file watcher may have told this step's own events first: still this step
            if not (_ends(before, told) or _ends(mine, told)):
                read = await asyncio.to_thread(self.read, True)
                if self.publish(read) and read is not None and read.state is not None:
                    self.publish(await asyncio.to_thread(self.previewed, read))
                return
            self.publish_steps(applied)
            read = await asyncio.to_thread(self.made, applied)
            if self.publish(read) and read.state is not None:
                self.publish(await asyncio.to_thread(self.previewed, read))

    def publish(self, read: Read | None) -> bool:
        """Tell every page what changed (in the event loop): each new event, the events
        taken back, then the table.  Returns whether anything changed."""
        if read is None:
            return False
        known = {seq for seq, _, _ in self.events}
        now = {seq for seq, _, _ in read.events}
        undone = sorted(seq for seq in known - now if seq > (max(now) if now else 0))
        new = [e for e in read.events if e[0] not in known and e[0] > self.newest()]
        if not new and not undone and read.data == self.data:
            return False
        out: list[tuple[str, str | None, str]] = []
        if undone:
            self.events = [e for e in self.events if e[0] not in undone]
            out.append(("undone", None, json.dumps({"seqs": undone})))
        for seq, kind, step in new:
            out.append(("step", str(seq), json.dumps({"seq": seq, "type": kind, "step": step})))
        self.events = (self.events + new)[-self.KEPT:]
        self.version += 1
        self.data = read.data
        if read.state is not None:
            self.state = read.state
        self.text = json.dumps({**read.data, "version": self.version, "boot": self.boot,
                                "seq": self.newest()})
        out.append(("table", None, self.text))
        for queue in list(self.listeners):
            for item in out:
                queue.put_nowait(item)
        return True

    def newest(self) -> int:
        """The newest event told to the pages (0: none)."""
        return self.events[-1][0] if self.events else 0

    def since(self, last: int) -> list[tuple[str, str | None, str]]:
        """The step events after the event ``last`` that a reconnecting page missed."""
        return [("step", str(seq), json.dumps({"seq": seq, "type": kind, "step": step}))
                for seq, kind, step in self.events if seq > last]

    async def refresh(self, force: bool = False) -> bool:
        """:meth:`read` in a thread, then :meth:`publish`; then, the options' previews
        worked out, the table again with them.  One at a time, so no event is told
        twice."""
        async with self.lock:
            read = await asyncio.to_thread(self.read, force)
            changed = self.publish(read)
            if changed and read is not None and read.state is not None:
                self.publish(await asyncio.to_thread(self.previewed, read))
            return changed


def _ends(seqs: tuple[int, ...], told: tuple[int, ...]) -> bool:
    """Whether the events told to the pages (``told``, the newest kept) are the last of the
    record's ``seqs``: nothing else was stored meanwhile."""
    if not told:
        return not seqs
    return len(told) <= len(seqs) and seqs[len(seqs) - len(told):] == told


def happened(engine: Any, tables: Sequence[Any]) -> list[str]:
    """What a step made on the page did, in words: what the rules said of each table it led
    to (``tables``: the step's, then those of the steps hyvekit played after it, as ``do``
    plays them), each of hyvekit's own steps named as such."""
    out: list[str] = []
    for n, t in enumerate(tables):
        lines, step = list(engine.said(t)), engine.last_step(t)
        if n and not (lines and " ".join(lines[0].split()).startswith(step)):
            lines.insert(0, step)                 # the rules' words do not name the step
        if n:
            lines[0] = f"{lines[0]} (nothing else was possible: hyvekit played it)"
        out += lines or [step]
    return out


def _told(event: dict[str, Any]) -> tuple[int, str, str]:
    """An event of a record as the pages are told it: ``(seq, type, step)``, the step with
    its player's name where the event names one (:func:`~hyvekit.games.queenbee.named_step`:
    ``Ann: keep``)."""
    from hyvekit.games.queenbee import named_step
    data = event["data"]
    return event["seq"], event["type"], named_step(data) if isinstance(data, dict) else ""


def _players(header: dict[str, Any], data: dict[str, Any]) -> list[str]:
    """The players a record names (a player's link is made for each): Bee Lives' hives,
    Beez's and Queen Bee's players; a HYVE scenario has one player, its host."""
    view = data.get("table") or {}
    if header["game"] == "beelives":
        return [h["name"] for h in view.get("hives", [])]
    if header["game"] in ("beez", "queenbee"):
        return [p["name"] for p in view.get("players", [])]
    return []


#: the rollouts of each option a finished game's review plays on the web (seed 0: every page
#: gets the same review)
REVIEW_ROUNDS = 3


def make_app(folder: Path, ids: Sequence[str], *, sheets: Any = None, players: bool = True,
             secret: bytes | None = None, names: Sequence[str] = (), hints: bool = True,
             review_rounds: int = REVIEW_ROUNDS) -> Any:
    """The Starlette app serving the records ``ids`` of the campaigns ``folder``; its
    ``state.served`` maps each id to its :class:`Served` (tokens made: a host and a watch
    link for each record, and with ``players`` a link per player, their tokens made from
    ``secret``, by default :func:`link_secret`).  Every request passes the
    :class:`~hyvekit.web.guard.Guard` first (``names``: what a ``Host`` may name besides
    loopback, ``--lan``'s addresses); ``hints``: the hint button of a table the advisor knows
    (``serve --no-hints``: off); ``review_rounds``: the rollouts an option of a finished
    game's review.

    :raises InvalidInputError: an id that is not a record played at the table.
    :raises CampaignNotFoundError: no such record.
    """
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Route

    from hyvekit.web.guard import Guard

    from hyvekit.games import campaign_store
    store = campaign_store(folder)
    secret = link_secret() if secret is None else secret
    served: dict[str, Served] = {}
    first: dict[str, Read | None] = {}    # each record as first read: its previews to come
    printing = asyncio.Lock()            # one report at a time: a print owns the temp folder
    for cid in ids:
        record = store.load(cid)
        header = record.header
        game = table_game(header["game"], header["kind"], sheets)
        tokens = Tokens(secret, header["id"])
        s = Served(store, header["id"], game, header, tokens)
        first[header["id"]] = s.read(force=True)
        s.publish(first[header["id"]])
        s.version = 1                        # the events so far are the starting point
        s.printing = printing
        tokens.add(Access(HOST))
        tokens.add(Access(WATCH))
        if players:
            for name in _players(header, s.data):
                tokens.add(Access(PLAYER, name))
        served[header["id"]] = s

    async def watch_files() -> None:
        for cid, read in first.items():      # the previews of the tables first sent
            s = served[cid]
            async with s.lock:
                if read is not None and read.state is not None and read.data == s.data:
                    s.publish(await asyncio.to_thread(s.previewed, read))
        while True:
            await asyncio.sleep(POLL)
            for s in served.values():
                try:
                    await s.refresh()
                except Exception:           # a record mid-write or unreadable: look again
                    continue

    routes = [Route("/", index), Route("/static/{name}", static),
              Route("/t/{cid}", page), Route("/t/{cid}/tv", page),
              Route("/t/{cid}/state", state_json),
              Route("/t/{cid}/events", events), Route("/t/{cid}/step", step, methods=["POST"]),
              Route("/t/{cid}/undo", undo, methods=["POST"]),
              Route("/t/{cid}/hint", hint, methods=["POST"]),
              Route("/t/{cid}/review", review, methods=["POST"]),
              Route("/t/{cid}/report.pdf", report),
              Route("/t/{cid}/manifest.webmanifest", manifest),
              Route("/t/{cid}/preview", asked_preview)]

    @asynccontextmanager
    async def lifespan(app: Any):
        watching = asyncio.create_task(watch_files())
        try:
            yield
        finally:
            watching.cancel()

    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Guard, names=names)])
    app.state.served = served
    app.state.hints = hints
    app.state.review_rounds = review_rounds
    return app


def _bgstats(record: Any, state: Any) -> dict[str, str] | None:
    """The finished play's BG Stats link and its QR code (an SVG data URI), or None."""
    from hyvekit.games.plays import finished_link, play_events
    found = finished_link(record.header, play_events(record), state)
    if found is None:
        return None
    import segno
    play, link = found
    qr = segno.make(link, error="l").svg_data_uri(scale=4, border=2)
    return {"play": play, "link": link, "qr": qr}


# --- the endpoints --------------------------------------------------------------------------

def _plain(status: int, text: str) -> Any:
    from starlette.responses import PlainTextResponse
    return PlainTextResponse(text, status_code=status)


def _served(request: Any) -> Served | None:
    return request.app.state.served.get(request.path_params["cid"])


async def index(request: Any) -> Any:
    from starlette.responses import HTMLResponse
    return HTMLResponse(_template("index.html").render())


async def static(request: Any) -> Any:
    from starlette.responses import Response
    name = request.path_params["name"]
    if name not in STATIC:
        return _plain(404, "not found")
    from hyvekit.render.env import templates_dir
    body = (templates_dir() / "web" / name).read_bytes()
    return Response(body, media_type=STATIC[name],
                    headers={"Cache-Control": "no-cache"})


async def page(request: Any) -> Any:
    from starlette.responses import HTMLResponse
    s = _served(request)
    token = request.query_params.get("k")
    access = s.tokens.of(token) if s is not None else None
    if s is None or access is None:
        return _plain(403, "this link is not valid: ask the host for the link hyvekit serve "
                      "printed")
    tv = request.url.path.endswith("/tv") or request.query_params.get("view") == "tv"
    html = _template("table.html").render(
        name=s.data.get("name", s.cid), cid=s.cid, token=token, role=access.role,
        player=access.player or "", initial=json.loads(s.text), view="tv" if tv else "page",
        hints=request.app.state.hints and _advised(s))
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


async def asked_preview(request: Any) -> Any:
    """``GET /t/ID/preview?k=TOKEN&seq=N&o=OPTION&o=…`` — what each option asked would
    change, for a decision of more options than are worked out after each step (any link
    may ask: it only reads): ``{"seq": N, "preview": {option: "…"}}`` on the table the page
    shows (``seq``, its newest event), 409 when it has moved on."""
    from starlette.responses import JSONResponse
    s = _served(request)
    if s is None or s.tokens.of(request.query_params.get("k")) is None:
        return _plain(403, "not a valid link")
    asked = request.query_params.getlist("o")
    most = s.game.engine.PREVIEWED
    if not asked or len(asked) > most:
        return _refused(400, f"o: {len(asked)} options asked, expected 1 to {most}")
    seen = request.query_params.get("seq")
    async with s.lock:               # the table as the pages have it
        if seen != str(s.newest()):
            return _refused(409, "the table moved on: ask again", seq=s.newest())
        out = await asyncio.to_thread(s.asked_previews, asked)
        return JSONResponse({"seq": s.newest(), "preview": out},
                            headers={"Cache-Control": "no-store"})


async def manifest(request: Any) -> Any:
    """The page's web app manifest: added to a home screen, the link (this token's page, or
    its TV view with ``view=tv``) opens full screen, with the package's icons."""
    from starlette.responses import JSONResponse
    s = _served(request)
    token = request.query_params.get("k")
    if s is None or s.tokens.of(token) is None:
        return _plain(403, "not a valid link")
    from urllib.parse import quote
    tv = request.query_params.get("view") == "tv"
    start = f"/t/{quote(s.cid)}{'/tv' if tv else ''}?k={quote(token)}"
    name = str(s.data.get("name", s.cid))
    return JSONResponse({
        "name": f"{name} · hyvekit", "short_name": name[:12], "start_url": start,
        "scope": f"/t/{quote(s.cid)}", "display": "fullscreen",
        "background_color": "#17150f", "theme_color": "#f4c542",
        "icons": [{"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
                  {"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"}]},
        media_type="application/manifest+json", headers={"Cache-Control": "no-store"})


async def report(request: Any) -> Any:
    """The record's report as ``print report ID`` prints it (its years or ledger so far,
    charts, history), a PDF to download; any link of the table may ask for it."""
    from starlette.responses import Response
    s = _served(request)
    if s is None or s.tokens.of(request.query_params.get("k")) is None:
        return _plain(403, "not a valid link")
    async with s.printing:              # one report of a record at a time
        try:
            data = await asyncio.to_thread(_report_pdf, s)
        except (InvalidInputError, IllegalActionError, OSError) as exc:
            return _plain(500, f"the report could not be printed: {exc}")
    return Response(data, media_type="application/pdf", headers={
        "Content-Disposition": f'attachment; filename="report-{s.cid}.pdf"',
        "Cache-Control": "no-store"})


def _report_pdf(s: Served) -> bytes:
    """The report of the record ``s`` serves, as PDF bytes (written in hyvekit's scratch
    folder, then removed; a server killed meanwhile leaves it to the next print's sweep:
    :func:`~hyvekit.render.scratch.scratch_folder`)."""
    import tempfile

    from hyvekit.render.campaign_report import write_report
    from hyvekit.render.scratch import scratch_folder
    record, state = s.store.state(s.cid)
    with scratch_folder() as scratch, \
            tempfile.TemporaryDirectory(prefix="report-", dir=scratch) as folder:
        out = write_report(record, state, Path(folder) / f"report-{s.cid}.pdf")
        return out.read_bytes()


async def state_json(request: Any) -> Any:
    from starlette.responses import Response
    s = _served(request)
    if s is None or s.tokens.of(request.query_params.get("k")) is None:
        return _plain(403, "not a valid link")
    return Response(s.text, media_type="application/json",
                    headers={"Cache-Control": "no-store"})


async def events(request: Any) -> Any:
    from sse_starlette import EventSourceResponse
    s = _served(request)
    if s is None or s.tokens.of(request.query_params.get("k")) is None:
        return _plain(403, "not a valid link")
    queue: asyncio.Queue[tuple[str, str | None, str]] = asyncio.Queue()
    try:        # a reconnection says the last event it had; a new page, the one it shows
        last = int(request.headers.get("last-event-id") or request.query_params.get("after"))
    except (TypeError, ValueError):
        last = None
    missed = s.since(last) if last is not None else []
    s.listeners.add(queue)

    def message(event: str, ident: str | None, data: str) -> dict[str, str]:
        return {"event": event, "data": data, **({"id": ident} if ident else {})}

    async def stream():
        try:
            for item in missed:
                yield message(*item)
            yield message("table", None, s.text)
            while True:
                yield message(*await queue.get())
        finally:
            s.listeners.discard(queue)

    return EventSourceResponse(stream(), ping=10)


def _origin_ok(request: Any) -> bool:
    """A browser's POST comes from this server's own pages (``Origin`` is the host asked)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True                       # not a browser: the token alone decides
    return origin == f"{request.url.scheme}://{request.headers.get('host', '')}"


async def _posted(request: Any) -> tuple[Served | None, Access | None, dict[str, Any]]:
    s = _served(request)
    try:
        body = await request.json()
    except Exception:
        body = {}
    if not isinstance(body, dict):
        body = {}
    access = s.tokens.of(body.get("k")) if s is not None else None
    return s, access, body


def _refused(status: int, message: str, **more: Any) -> Any:
    from starlette.responses import JSONResponse
    return JSONResponse({"error": message, **more}, status_code=status)


async def step(request: Any) -> Any:
    from starlette.responses import JSONResponse
    if not _origin_ok(request):
        return _refused(403, "a step comes from this table's own pages")
    s, access, body = await _posted(request)
    if s is None or access is None or access.role == WATCH:
        return _refused(403, "this link may not make steps (ask the host for yours)")
    text = body.get("step")
    if not isinstance(text, str) or not text.strip():
        return _refused(400, "step: missing (a step as 'do' takes it)")
    try:
        step_lengths_checked([text])        # at once: the record's lock never waits on it
    except InvalidInputError as exc:
        return _refused(400, str(exc))
    seen = body.get("seq")
    if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
        return _refused(400, f"seq: {seen!r} (the newest event the page shows, a number)")
    try:
        applied, before = await asyncio.to_thread(_apply, s, access, text, seen)
    except IllegalActionError as exc:
        return _refused(409, str(exc), rule=exc.rule)
    except InvalidInputError as exc:
        return _refused(400, str(exc))
    except Exception as exc:                      # a record unreadable, locked too long...
        return _refused(503, f"the step was not stored: {exc}")
    await s.stepped(applied, before)
    return JSONResponse({"steps": list(applied.steps), "happened": list(applied.said),
                         "version": s.version})


#: the rule a step tapped on a table that has moved on breaks
R_MOVED_ON = "hyvekit serve: the decision was already answered"


def _apply(s: Served, access: Access, text: str, seen: int | None = None
           ) -> tuple[Any, tuple[int, ...]]:
    """The step ``text`` through the one step path, under the record's lock: a player's only
    on their own decision (or a die nobody in particular decides); with ``seen`` (the newest
    event the page showed), only on that table — a tap that reaches the server after another
    page's step answered the same decision is refused, not spent on the next one.

    :returns: what :func:`~hyvekit.games.table.apply_steps` stored, and the seqs of the
        record's active events before it (read under the lock).
    """
    from hyvekit.games.table import apply_steps
    game = s.game
    before: list[int] = []

    def check(record: Any, state: Any) -> None:
        before[:] = record.active_seqs           # kept with the state: no event read
        if seen is not None:
            newest = before[-1] if before else 0
            if newest != seen:
                raise IllegalActionError(R_MOVED_ON, f"the table moved on before {text!r} "
                                         f"arrived (another step was made): nothing was "
                                         f"stored; what is due now: "
                                         f"{game.engine.pending(state).prompt}",
                                         expected="a step on the table now", given=text)
        named = step_player(text)
        if access.role == PLAYER and named is not None \
                and named.lower() != (access.player or "").lower():
            raise IllegalActionError("hyvekit serve: whose decision", f"{text!r} is "
                                     f"{named}'s step: {access.player}'s link makes "
                                     f"{access.player}'s steps only",
                                     expected=access.player, given=named)
        if access.role == PLAYER and named is None:
            d = game.engine.pending(state)
            if d.actor is not None and d.actor.lower() != (access.player or "").lower():
                raise IllegalActionError("hyvekit serve: whose decision", f"{d.prompt}: it is "
                                         f"{d.actor}'s decision, not {access.player}'s",
                                         expected=d.actor, given=access.player)

    # a single-option decision after it is played as `do` plays one (the options listed: the
    # page lists them anyway)
    applied = apply_steps(s.store, s.cid, [text], random.Random(), game=game, check=check,
                          listed=True)
    return applied, tuple(before)


async def undo(request: Any) -> Any:
    from starlette.responses import JSONResponse
    if not _origin_ok(request):
        return _refused(403, "an undo comes from this table's own pages")
    s, access, _ = await _posted(request)
    if s is None or access is None or access.role != HOST:
        return _refused(403, "only the host's link may undo")
    try:
        undone = await asyncio.to_thread(_undo, s)
    except IllegalActionError as exc:
        return _refused(409, str(exc))
    await s.refresh(True)
    return JSONResponse({"undone": undone, "version": s.version})


#: the time a hint thinks at the table (seconds; in one process: the server's own)
HINT_SECONDS = 3.0


def _advised(s: Served) -> bool:
    """Whether the advisor knows the served game (:data:`~hyvekit.games.advisor.ADVISED`: a
    Bee Lives campaign, a Beez game, a HYVE scenario or legacy run)."""
    from hyvekit.games.advisor import ADVISED
    return (s.header.get("game"), s.header.get("kind")) in ADVISED


def _advisor(s: Served) -> Any:
    """The served game's :class:`~hyvekit.games.advisor.AdvisorGame` (one it knows)."""
    from hyvekit.games.advisor import advisor_game_of
    return advisor_game_of(s.header["game"], s.header["kind"])


async def hint(request: Any) -> Any:
    """The advisor's hint for the decision due, asked for by the player deciding (or the
    host), and marked in the record as ``hint`` marks it (docs/advisor.md)."""
    from starlette.responses import JSONResponse

    from hyvekit.store.errors import RecordChangedError
    if not _origin_ok(request):
        return _refused(403, "a hint is asked from this table's own pages")
    s, access, _ = await _posted(request)
    if s is None or access is None or access.role == WATCH:
        return _refused(403, "this link may not ask for hints (ask the host for yours)")
    if not request.app.state.hints:
        return _refused(403, "the host turned hints off for this table")
    if not _advised(s):
        from hyvekit.games.advisor import advised_games
        return _refused(409, f"hints are given for {advised_games()} only")
    try:
        data, lines = await asyncio.to_thread(_hint, s, access)
    except (IllegalActionError, RecordChangedError) as exc:
        return _refused(409, str(exc))
    except Exception as exc:                      # a record unreadable, locked too long...
        return _refused(503, f"no hint: {exc}")
    await s.refresh()
    return JSONResponse({"hint": data, "lines": lines, "version": s.version})


def _hint(s: Served, access: Access) -> tuple[dict, list[str]]:
    """The hint for the decision due, worked out in this process for :data:`HINT_SECONDS`
    (no process is forked under the server), and marked on the record it was read from.

    :raises IllegalActionError: nobody decides now, or another player does.
    :raises RecordChangedError: a step stored meanwhile (nothing marked).
    """
    from hyvekit.games.advisor_text import advised, hint_data, hint_lines, mark_hint
    known = s.store.state(s.cid)
    d = s.game.engine.pending(known[1])
    if access.role == PLAYER and d.actor is not None \
            and d.actor.lower() != (access.player or "").lower():
        raise IllegalActionError("hyvekit serve: whose decision", f"{d.prompt}: it is "
                                 f"{d.actor}'s decision, not {access.player}'s",
                                 expected=d.actor, given=access.player)
    shown = advised(_advisor(s), known[1], HINT_SECONDS)
    mark_hint(s.store, s.cid, shown, known)
    return hint_data(shown), hint_lines(shown)


async def review(request: Any) -> Any:
    """The review of a finished game the advisor knows (docs/advisor.md, "Review"): every player's
    choices that scored less than a better option beyond the intervals, worked out once in
    this process (a minute or two) and kept for the record as it is."""
    from starlette.responses import JSONResponse
    if not _origin_ok(request):
        return _refused(403, "a review is asked from this table's own pages")
    s, access, _ = await _posted(request)
    if s is None or access is None:
        return _refused(403, "this link is not valid: ask the host for the link")
    if not _advised(s):
        from hyvekit.games.advisor import advised_games
        return _refused(409, f"reviews are made of {advised_games()} only")
    try:
        lines = await asyncio.to_thread(_review, s, request.app.state.review_rounds)
    except IllegalActionError as exc:
        return _refused(409, str(exc))
    except Exception as exc:                      # a record unreadable...
        return _refused(503, f"no review: {exc}")
    return JSONResponse({"lines": lines})


def _review(s: Served, rounds: int) -> list[str]:
    """The finished game's review lines, kept on ``s`` for the record's events as they are.

    :raises IllegalActionError: the game is not over.
    """
    from hyvekit.games.advisor import review as reviewed
    from hyvekit.games.advisor_text import record_positions, review_lines
    record, state = s.store.state(s.cid)
    if not s.game.engine.pending(state).over:
        raise IllegalActionError("hyvekit serve: review", "the game is not over: a review "
                                 "is made of a finished game (or with 'hyvekit "
                                 f"{s.header['game']} review' at any time)", expected="a finished game",
                                 given=s.game.engine.pending(state).prompt)
    key = record.active_seqs
    kept = s.reviewed
    if kept is None or kept[0] != key:
        done = reviewed(_advisor(s), record_positions(s.store, record), 0,
                        rollouts=rounds, jobs=1)
        s.reviewed = kept = (key, review_lines(done, None))
    return kept[1]


def _undo(s: Served) -> list[str]:
    record = s.store.load(s.cid)
    active = record.active
    if not active:
        raise IllegalActionError("hyvekit serve: undo", "nothing to undo: no step was made yet",
                                 expected="a step", given=None)
    from hyvekit.games.table import undo_steps
    return undo_steps(s.store, s.cid, s.game)


def _template(name: str) -> Any:
    import jinja2

    from hyvekit.render.env import templates_dir
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir() / "web")),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    return env.get_template(name)


def step_player(text: str) -> str | None:
    """The player a step names as the one making it (``NAME: ...``, the name quoted or not),
    or None.  A step naming its player (Queen Bee's sudden cards played out of turn) is sent
    from that player's link at any moment and left to the rules to take or refuse."""
    if ":" not in text:
        return None
    return text.split(":", 1)[0].strip().strip('"') or None
