"""What ``hyvekit serve`` refuses before a request reaches the table (issue 38, items 1-6),
through a real uvicorn on loopback: a token that is not a string, a body over the limit (its
memory measured in a real ``serve`` process), a step over the length limit on both faces
(answered while the record's lock is held elsewhere), idle and half-sent connections closed
while an event stream stays open, a report's files left by a SIGKILLed server swept by the
next print, a Host that is not this machine, and the security headers on every answer."""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from contextlib import contextmanager

import pytest

from .conftest import free_port, request, serving, tokens


def _raw(base: str, head: bytes, timeout: float = 20) -> socket.socket:
    """A socket to the server at ``base`` that has sent ``head``."""
    url = urllib.parse.urlsplit(base)
    sock = socket.create_connection((url.hostname, url.port), timeout=timeout)
    sock.sendall(head)
    return sock


def _answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body of the answer read from ``sock`` (to its end)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def _post_head(cid: str, port: int, extra: str) -> bytes:
    return (f"POST /t/{cid}/step HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/json\r\n{extra}\r\n").encode()


# --- 1. a token that is not a string --------------------------------------------------------

@pytest.mark.parametrize("token", [123, True, ["x"], {"k": "v"}, 1.5])
def test_a_token_that_is_not_a_string_is_refused_in_one_line(hk, league, token, capfd):
    with serving(hk.campaigns, [league]) as (base, app):
        for path, body in (("step", {"k": token, "step": "roll"}), ("undo", {"k": token})):
            status, answer = request(f"{base}/t/{league}/{path}", body)
            assert status == 403, (path, status, answer)
            assert "\n" not in answer["error"] and "link" in answer["error"]
    assert "Traceback" not in capfd.readouterr().err


# --- 2. the body limit ----------------------------------------------------------------------

def test_a_body_declared_over_the_limit_is_refused_before_it_is_sent(hk, league):
    from hyvekit.web.guard import MAX_BODY
    with serving(hk.campaigns, [league]) as (base, app):
        port = urllib.parse.urlsplit(base).port
        # 200 MB announced, 1 KiB sent: the 413 comes without waiting for the rest
        sock = _raw(base, _post_head(league, port, "Content-Length: 200000000\r\n") + b"{" * 1024)
        status, headers, body = _answer(sock)     # read to the end: the server closed it
        sock.close()
        assert status == 413 and headers["connection"] == "close"
        assert str(MAX_BODY) in json.loads(body)["error"]


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit(hk, league):
    from hyvekit.web.guard import MAX_BODY
    with serving(hk.campaigns, [league]) as (base, app):
        port = urllib.parse.urlsplit(base).port
        chunk = b"x" * 4096
        sent = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk)
                        for _ in range(MAX_BODY // len(chunk) + 2))
        # the limit passed by two chunks and the body never ended: the answer comes anyway
        sock = _raw(base, _post_head(league, port, "Transfer-Encoding: chunked\r\n") + sent)
        status, _, body = _answer(sock)
        sock.close()
        assert status == 413 and "at most" in json.loads(body)["error"]
        # a body just under the limit is read and answered by the table
        k = tokens(app, league)
        status, answer = request(f"{base}/t/{league}/step",
                                 {"k": k["host"], "step": "draw", "pad": "x" * (MAX_BODY - 200)})
        assert status == 200 and answer["steps"][0].startswith("card ")


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))


@contextmanager
def _serve_process(hk, cid: str, env: dict | None = None):
    """A real ``hyvekit serve CID`` process on a free port: ``(process, base URL)``."""
    port = free_port()
    full = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns), **(env or {})}
    full.pop("HYVEKIT_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "hyvekit", "serve", cid, "--port", str(port)],
                            cwd=hk.root, env=full, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if request(f"{base}/")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError("serve did not start")
            time.sleep(0.05)
        yield proc, base
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stderr.close()


@pytest.mark.parametrize("framing", ["length", "chunked"])
def test_a_200_mb_post_leaves_the_server_memory_as_it_was(hk, league, framing):
    with _serve_process(hk, league) as (proc, base):
        port = urllib.parse.urlsplit(base).port
        request(f"{base}/t/{league}/state?k=warm")        # the first request's imports
        before = _rss_kib(proc.pid)
        extra = ("Content-Length: 200000000\r\n" if framing == "length"
                 else "Transfer-Encoding: chunked\r\n")
        sock = _raw(base, _post_head(league, port, extra), timeout=30)
        block = b"x" * 65536
        piece = block if framing == "length" else b"%x\r\n%s\r\n" % (len(block), block)
        sent = 0
        try:
            while sent < 200_000_000:
                sock.sendall(piece)
                sent += len(block)
        except OSError:                      # closed by the server, the rest never read
            pass
        sock.close()
        after = _rss_kib(proc.pid)
        assert sent < 50_000_000, sent              # what the sockets' buffers took, at most
        assert after - before < 20_000, (before, after)      # KiB: no body kept
        assert request(f"{base}/")[0] == 200                 # and it serves on


# --- 3. a step over the length limit ---------------------------------------------------------

@contextmanager
def _record_locked(hk, cid: str):
    """The record's lock held by another holder while the block runs."""
    path = hk.campaigns / f"{cid}.json.lock"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def test_a_step_over_the_limit_is_refused_without_the_record_lock_on_the_web(hk, league):
    from hyvekit.rules.table import MAX_STEP
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        before = hk.campaigns.joinpath("league.json").read_bytes()
        with _record_locked(hk, league):            # a step that took the lock would wait 30 s
            status, answer = request(f"{base}/t/{league}/step",
                                     {"k": k["host"], "step": "draw " + "x" * 50_000})
        assert status == 400 and "\n" not in answer["error"]
        assert answer["error"] == (f"step: got '50,005 characters', expected a step of at "
                                   f"most {MAX_STEP:,} characters")
        assert hk.campaigns.joinpath("league.json").read_bytes() == before
        # a step at the limit is read (and refused by the rules, not by its length)
        status, answer = request(f"{base}/t/{league}/step",
                                 {"k": k["host"], "step": "x" * MAX_STEP})
        assert status in (400, 409) and "characters" not in answer["error"]


def test_a_step_over_the_limit_is_refused_without_the_record_lock_by_do(hk, league):
    from hyvekit.rules.table import MAX_STEP
    long = "forage " + "x" * (MAX_STEP + 1)
    with _record_locked(hk, league):
        result = hk("beelives", "do", league, long)
    assert result.returncode == 2, result.stderr
    assert f"step: got '{len(long):,} characters'" in result.stderr
    assert "x" * 80 not in result.stderr
    assert "Traceback" not in result.stderr
    assert hk("hyve", "new", "lone", "--mode", "standard").returncode == 0
    with _record_locked(hk, "lone"):
        result = hk("hyve", "do", "lone", "draw", long)
    assert result.returncode == 2 and f"step 2: got '{len(long):,} characters'" in result.stderr


# --- 4. idle connections ---------------------------------------------------------------------

def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` (after any answer) within ``seconds``."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
        return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_idle_and_half_sent_connections_are_closed_and_event_streams_are_not(hk, league):
    config = {"keep_alive": 1, "request_s": 1.0}
    with serving(hk.campaigns, [league], config=config) as (base, app):
        port = urllib.parse.urlsplit(base).port
        k = tokens(app, league)
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        stream.request("GET", f"/t/{league}/events?k={k['watch']}")
        events = stream.getresponse()
        assert events.status == 200
        silent = _raw(base, b"")
        half = _raw(base, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        trickle = _raw(base, _post_head(league, port, "Content-Length: 100\r\n") + b"{")
        kept = _raw(base, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        for sock in (silent, half, trickle, kept):
            assert _closed_within(sock, 10)
            sock.close()
        # the event stream, opened before them all, still tells the next step
        assert request(f"{base}/t/{league}/step", {"k": k["host"], "step": "draw"})[0] == 200
        seen = ""
        while '"step"' not in seen or "card " not in seen:
            seen += events.fp.readline().decode()
        stream.close()


def test_serve_runs_uvicorn_with_the_timeouts_and_limits(hk, league, monkeypatch):
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from hyvekit.web.guard import KEEP_ALIVE, MAX_HEAD, REQUEST_S
    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    assert hk("serve", league, "--port", str(free_port())).returncode == 0
    assert seen["timeout_keep_alive"] == KEEP_ALIVE and KEEP_ALIVE <= 10
    assert seen["h11_max_incomplete_event_size"] == MAX_HEAD
    assert issubclass(seen["http"], H11Protocol) and 0 < REQUEST_S <= 30


# --- 5. a report's files when serve is killed -------------------------------------------------

def test_a_serve_killed_during_a_report_leaves_nothing_the_next_print_does_not_sweep(
        hk, league, tmp_path):
    from hyvekit.render.scratch import scratch_root
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    with _serve_process(hk, league, env={"TMPDIR": str(system_tmp)}) as (proc, base):
        k = tokens_of(league)
        fetch = threading.Thread(target=lambda: _quiet(request, f"{base}/t/{league}/report.pdf"
                                                       f"?k={k}"), daemon=True)
        fetch.start()
        mine, deadline = [], time.monotonic() + 60
        while not mine and time.monotonic() < deadline:
            mine = [p for p in scratch_root().glob(f"{proc.pid}-*")
                    if any(p.glob("report-*"))]
            time.sleep(0.005)
        assert mine, "the report never started in the scratch folder"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert list(system_tmp.iterdir()) == []                # nothing in the system's folder
    assert all(p.exists() for p in mine)                   # left behind by the kill...
    printed = hk("print", "report", league, env={"TMPDIR": str(system_tmp)})
    assert printed.returncode == 0, printed.stderr
    assert not any(p.exists() for p in mine)               # ...and swept by the next print


def tokens_of(cid: str) -> str:
    """The watch token ``serve`` prints for ``cid`` (the links stay the same)."""
    from hyvekit.web.app import WATCH, Access, Tokens, link_secret
    return Tokens(link_secret(), cid).add(Access(WATCH))


def _quiet(call, *args):
    try:
        call(*args)
    except (OSError, http.client.HTTPException):
        pass


# --- 6. the Host and the headers ---------------------------------------------------------------

def _status(base: str, path: str, host: str) -> int:
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
    conn.putrequest("GET", path, skip_host=True)
    conn.putheader("Host", host)
    conn.endheaders()
    response = conn.getresponse()
    status = response.status
    conn.close()
    return status


def test_a_host_that_is_not_this_machine_is_refused(hk, league):
    with serving(hk.campaigns, [league], names=["192.0.2.7", "fe80::1", "bees-pc"]) as (base,
                                                                                    app):
        port = urllib.parse.urlsplit(base).port
        page = f"/t/{league}?k={tokens(app, league)['watch']}"
        for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1.evil.example:{port}",
                     f"127.0.0.1:{port + 1}", "", f"192.0.2.8:{port}"):
            assert _status(base, page, host) == 400, host
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "LOCALHOST",
                     f"192.0.2.7:{port}", f"[fe80::1]:{port}", f"bees-pc:{port}"):
            assert _status(base, page, host) == 200, host


def test_lan_names_include_this_machines_address():
    from hyvekit.cli.serve import lan_address, machine_addresses
    assert lan_address() in machine_addresses()
    assert socket.gethostname() in machine_addresses()


def test_every_answer_carries_the_security_headers(hk, league):
    from hyvekit.web.guard import HEADERS
    with serving(hk.campaigns, [league]) as (base, app):
        k = tokens(app, league)
        url = urllib.parse.urlsplit(base)
        asks = [("GET", "/", None), ("GET", "/static/table.js", None),
                ("GET", "/static/nothing", None), ("GET", f"/t/{league}?k={k['watch']}", None),
                ("GET", f"/t/{league}?k=wrong", None), ("GET", f"/t/{league}/state?k=x", None),
                ("GET", f"/t/{league}/state?k={k['watch']}", None),
                ("GET", f"/t/{league}/events?k={k['watch']}", None),
                ("POST", f"/t/{league}/step", {"k": k["host"], "step": "draw"}),
                ("POST", f"/t/{league}/undo", {"k": k["watch"]}),
                ("POST", f"/t/{league}/step", {"pad": "x" * 70_000}),
                ("GET", f"/t/{league}/report.pdf?k={k['watch']}", None),
                ("GET", "/nowhere", None)]
        for method, path, body in asks:
            conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
            data = None if body is None else json.dumps(body)
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            for name, value in HEADERS:
                assert response.getheader(name) == value, (path, name, response.status)
            conn.close()
        assert _headers_of_a_refused_host(base)


def _headers_of_a_refused_host(base: str) -> bool:
    from hyvekit.web.guard import HEADERS
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=20)
    conn.putrequest("GET", "/", skip_host=True)
    conn.putheader("Host", "evil.example")
    conn.endheaders()
    response = conn.getresponse()
    ok = response.status == 400 and all(response.getheader(n) == v for n, v in HEADERS)
    conn.close()
    return ok
