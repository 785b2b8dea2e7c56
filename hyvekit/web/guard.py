"""What ``hyvekit serve`` refuses before a request reaches the table (docs/architecture.md,
"The web table"): every request is checked and every answer marked here, so the endpoints
(:mod:`hyvekit.web.app`) see only requests meant for them.

* :class:`Guard` — the ASGI middleware: a ``Host`` that is not this machine → 400 (a web page
  elsewhere that renamed its own address to 127.0.0.1, "DNS rebinding", cannot reach the
  table); a body over :data:`MAX_BODY` → 413, refused from its ``Content-Length`` before a byte
  of it is read, or, sent in chunks, as soon as the count passes the limit (the connection then
  closed); every answer with :data:`HEADERS` (the pages' Content-Security-Policy, no framing,
  no referrer: the tokens ride in the links).
* :func:`server_settings` — uvicorn's settings: an idle connection closed after
  :data:`KEEP_ALIVE` seconds, a request whose head and body are not all in within
  :data:`REQUEST_S` seconds closed (:func:`deadline_protocol`; uvicorn has no such timeout of
  its own), a head over :data:`MAX_HEAD` bytes refused.  A page's event stream, its request
  long received, is never closed by either.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

#: the largest request body read (bytes): a step or an undo is well under 1 KiB
MAX_BODY = 64 * 1024
#: the largest request head (request line and headers, bytes)
MAX_HEAD = 16 * 1024
#: seconds an idle connection between requests stays open
KEEP_ALIVE = 5
#: seconds a request's head and body may take to arrive, from the connection or the request
#: before it
REQUEST_S = 10.0
#: the names of this machine every server answers to (with or without the port it listens on)
LOOPBACK = ("localhost", "127.0.0.1", "[::1]")

#: the pages load their own script, style, icons, web app manifest and the BG Stats QR code
#: (a data: image), talk to their own server, and are never framed
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
#: the headers on every answer
HEADERS = (("content-security-policy", CSP), ("x-frame-options", "DENY"),
           ("referrer-policy", "no-referrer"), ("x-content-type-options", "nosniff"))


def host_name(host: str) -> tuple[str, str | None]:
    """A ``Host`` header's ``(name, port)``: ``"[::1]:8765"`` → ``("[::1]", "8765")``, the
    name lower-cased; port None when none is given."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else None
    name, colon, port = host.rpartition(":")
    return (name, port) if colon else (host, None)


class Guard:
    """The ASGI middleware round the web table's app (see the module's words).

    :param app: the app guarded.
    :param names: the names and addresses a ``Host`` may give besides :data:`LOOPBACK`
        (``--lan``: this machine's addresses on the network).
    """

    def __init__(self, app: Any, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = frozenset(LOOPBACK) | {n.lower() if ":" not in n or n.startswith("[")
                                           else f"[{n.lower()}]" for n in names}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def marked(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.decode("latin-1").lower() not in dict(HEADERS)]
                message = {**message, "headers": headers + [(k.encode(), v.encode())
                                                             for k, v in HEADERS]}
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        if not self.host_ok(headers.get("host"), scope.get("server")):
            await _answer(marked, 400, "this server answers to its own address only (the "
                          "links hyvekit serve printed)", json_body=False)
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _too_large(marked, length)
            return
        if length in (None, "0") and "transfer-encoding" not in headers:
            await self.app(scope, receive, marked)
            return
        body, more = [], True
        size = 0
        while more:                       # read it all here, counting, before the app does
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message], receive), marked)
                return
            size += len(message.get("body", b""))
            if size > MAX_BODY:
                await _too_large(marked, f"over {MAX_BODY}")
                return
            body.append(message.get("body", b""))
            more = message.get("more_body", False)
        whole = {"type": "http.request", "body": b"".join(body), "more_body": False}
        await self.app(scope, _replay([whole], receive), marked)

    def host_ok(self, host: str | None, server: tuple[str, int] | None) -> bool:
        """Whether ``host`` (a ``Host`` header) names this machine, with no port or the one
        the server listens on (``server``: its address and port)."""
        if not host:
            return False
        name, port = host_name(host)
        if name not in self.names:
            return False
        return port is None or server is None or port == str(server[1])


def _replay(messages: list[dict[str, Any]], receive: Any) -> Any:
    """A ``receive`` giving ``messages`` first, then what ``receive`` gives (a disconnect)."""
    async def replayed() -> dict[str, Any]:
        return messages.pop(0) if messages else await receive()
    return replayed


async def _answer(send: Any, status: int, text: str, json_body: bool = True) -> None:
    """Answer ``text`` (as ``{"error": text}`` with ``json_body``) and close the connection
    (what the client still sends is never read)."""
    body = (json.dumps({"error": text}) if json_body else text + "\n").encode()
    kind = b"application/json" if json_body else b"text/plain; charset=utf-8"
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", kind), (b"content-length", str(len(body)).encode()),
        (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Any, given: str) -> None:
    shown = given if len(given) <= 24 else given[:21] + "..."
    await _answer(send, 413, f"body: {shown} bytes, expected at most {MAX_BODY} (a step or an "
                  "undo)")


def deadline_protocol(request_s: float = REQUEST_S) -> type:
    """uvicorn's HTTP/1.1 protocol (h11) with a deadline on receiving each request: a
    connection that has not sent a whole request (head and body) ``request_s`` seconds after
    it opened, or after its last answer, is closed (a silent or half-sent connection).  Once a
    request is all in, the deadline is off: the answer, an event stream included, takes as
    long as it takes."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Deadline(H11Protocol):
        deadline: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.arm()

        def data_received(self, data: bytes) -> None:
            if self.deadline is None and self.conn.their_state is h11.IDLE:
                self.arm()                           # a new request on a kept connection
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE and \
                    self.conn.their_state is not h11.SEND_BODY:
                self.disarm()                       # all in (or the connection is done)

        def connection_lost(self, exc: Exception | None) -> None:
            self.disarm()
            super().connection_lost(exc)

        def arm(self) -> None:
            self.disarm()
            self.deadline = self.loop.call_later(request_s, self.expired)

        def disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def expired(self) -> None:
            self.deadline = None
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and \
                    not self.transport.is_closing():
                self.transport.close()

    return Deadline


def server_settings(*, keep_alive: int = KEEP_ALIVE, request_s: float = REQUEST_S
                    ) -> dict[str, Any]:
    """uvicorn's settings (keywords of ``uvicorn.run`` and ``uvicorn.Config``) that ``hyvekit
    serve`` runs with: ``keep_alive`` and ``request_s`` in seconds (shorter in tests)."""
    return {"http": deadline_protocol(request_s), "timeout_keep_alive": keep_alive,
            "h11_max_incomplete_event_size": MAX_HEAD}
