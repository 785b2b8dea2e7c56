"""``hyvekit serve``: the games at the table as live web pages on the phones round the table
and a TV (:mod:`hyvekit.web.app`).  Starlette and uvicorn are imported by this command only."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import typer

from hyvekit.cli.common import TableSheetsOption, campaigns_dir, console, wrapped
from hyvekit.rules.common import InvalidInputError

#: the port served when none is given
PORT = 8765


def lan_address() -> str:
    """This machine's address on the local network (the one its default route leaves by; no
    packet is sent), or 127.0.0.1 when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))              # TEST-NET-1: never reached
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def machine_addresses() -> list[str]:
    """The names and addresses this machine has on the network (its host name, the addresses
    it resolves to, :func:`lan_address`): what a phone's ``Host`` may name with ``--lan``."""
    name = socket.gethostname()
    found = {name, f"{name}.local", lan_address()}
    try:
        found |= {str(info[4][0]).split("%", 1)[0] for info in socket.getaddrinfo(name, None)}
    except OSError:
        pass
    return sorted(found)


def serve(ctx: typer.Context,
          campaigns: list[str] = typer.Argument(..., metavar="CAMPAIGN...",
                                                help="The records to serve: Bee Lives "
                                                     "campaigns, HYVE scenarios or legacy "
                                                     "runs, Beez games, Queen Bee matches."),
          port: int = typer.Option(PORT, "--port", metavar="PORT", min=1, max=65535,
                                   help="The port to listen on."),
          lan: bool = typer.Option(False, "--lan", help="Listen on the local network, not "
                                   "only on this computer, and show each link as a QR code "
                                   "for the phones."),
          sheets: Path | None = TableSheetsOption,
          new_links: bool = typer.Option(False, "--new-links", help="Make new links: every "
                                         "link given out before stops working."),
          no_hints: bool = typer.Option(False, "--no-hints", help="No hint button at the "
                                        "table (Bee Lives: the advisor's estimates, asked by "
                                        "the player deciding).")) -> None:
    """Serve games at the table as live web pages: every step made on a page, with 'do' or
    in 'play' shows on every page within a second. Each link carries its own token: the host's
    acts for everyone and may undo, a player's acts on that player's decisions, the watch link
    only shows. The links stay the same when serve restarts (--new-links makes new ones). By
    default only this computer can open them; --lan lets the phones on your network in.
    Ctrl-C stops the server (exit code 0; every step made is already stored).

    Example: hyvekit serve spring-league --lan
    """
    import uvicorn

    from hyvekit.web.app import link_secret, make_app
    from hyvekit.web.guard import server_settings
    if not campaigns:
        raise InvalidInputError("CAMPAIGN", "missing", "the id of a record played at the table")
    host = "0.0.0.0" if lan else "127.0.0.1"
    _require_free(host, port)
    app = make_app(campaigns_dir(ctx), campaigns, sheets=sheets,
                   secret=link_secret(new=True) if new_links else None,
                   names=machine_addresses() if lan else (), hints=not no_hints)
    shown = lan_address() if lan else "127.0.0.1"
    out = console()
    for cid, served in app.state.served.items():
        out.print(f"[bold]{served.data.get('name', cid)}[/bold] ({cid})", highlight=False)
        # the host's link first, without a QR code (for this computer, or typed): a phone
        # scanning codes finds only the players' and the watch link
        for who, url, coded in served_links(served, f"http://{shown}:{port}"):
            out.print(f"  {who}:", highlight=False)
            typer.echo(f"    {url}")
            if lan and coded:
                _qr(url)
    typer.echo(wrapped("Open a link on a phone or a TV; Ctrl-C stops the server."
                       + ("" if lan else " (Only this computer can open them: --lan lets the "
                                         "phones on your network in.)")))
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                **server_settings())


def served_links(served: Any, base: str) -> list[tuple[str, str, bool]]:
    """The links of a served record (:class:`~hyvekit.web.app.Served`) under ``base``
    (``http://ADDRESS:PORT``), as the terminal lists them: ``(who, url, with a QR code)``
    each — the host's (no code: for this computer), each player's, the watch link and,
    after its code, the TV view of it."""
    from hyvekit.web.app import HOST, PLAYER, WATCH
    out = []
    for access, token in served.tokens.links():
        who = {HOST: "host (acts for everyone, undo)",
               PLAYER: f"player {access.player}"}.get(access.role, "watch (read only)")
        out.append((who, f"{base}/t/{served.cid}?k={token}", access.role != HOST))
        if access.role == WATCH:
            out.append(("TV (the decision largest, read only)",
                        f"{base}/t/{served.cid}/tv?k={token}", False))
    return out


def _require_free(host: str, port: int) -> None:
    """:raises InvalidInputError: ``port`` is taken (another server) or not allowed."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)      # as uvicorn binds
    try:
        probe.bind((host, port))
    except OSError as exc:
        raise InvalidInputError("--port", port, f"a free port ({exc.strerror.lower()}: "
                                f"try --port {port + 1})") from None
    finally:
        probe.close()


def _qr(url: str) -> None:
    """``url`` as a QR code in the terminal (segno), for a phone's camera."""
    import segno
    segno.make(url, error="l").terminal(compact=True)
