"""Time one step on the web table: posted to ``hyvekit serve`` until every one of 30 pages
watching has it (its server-sent event), against ``hyvekit --version`` as a process.

Goal (issues 30, 37): the step ≤ 0.3× ``--version``, for a HYVE scenario and for the month-27
record of a 4-player epic Bee Lives game (``beelives_step.py`` makes it: about a thousand
steps).  The server runs on loopback in this process (uvicorn in a thread), the watchers are
plain HTTP clients in threads; each step the first legal one (not a roll: its faces).  The
Bee Lives record's first step there plays out the rest of the game's last month (the steps
after it are its winter and the end), so each of its steps is taken back with the host's undo
once timed (not timed) and made again: every step timed is that month-27 step.  The two
records are served by one server, their steps interleaved (one of each in turn), and
``--version`` measured in the same run.  Wall-clock medians.

Run: .venv/bin/python benchmarks/serve_step.py [--steps 40] [--watchers 30]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import child_times  # noqa: E402


def _watch(port: int, path: str, arrived: dict[int, list[float]], stop: threading.Event
           ) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    response = conn.getresponse()
    event = ""
    while not stop.is_set():
        line = response.fp.readline().decode().rstrip("\r\n")
        if line.startswith("event:"):
            event = line.split(":", 1)[1].strip()
        elif line.startswith("data:") and event == "step":
            seq = json.loads(line.split(":", 1)[1])["seq"]
            arrived.setdefault(seq, []).append(time.perf_counter())


def _call(url: str, data: dict | None = None) -> dict:
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--watchers", type=int, default=30)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hyvekit-serve-bench-"))
    os.environ["HYVEKIT_CAMPAIGNS"] = str(work / "campaigns")
    os.environ.setdefault("XDG_DATA_HOME", str(work / "data"))
    os.environ.setdefault("HYVEKIT_CACHE", str(work / "cache"))
    env = dict(os.environ)
    hyvekit = [sys.executable, "-m", "hyvekit"]
    child_times(hyvekit + ["hyve", "new", "Bench", "--mode", "standard"], env, work)
    _bee_lives_month_27(work)
    version = statistics.median(child_times(hyvekit + ["--version"], env, work)[0]
                                for _ in range(7))
    labels = {"bench": "HYVE scenario", EPIC: "Bee Lives, month 27 of an epic game"}
    for cid, times in _steps(work, list(labels), args).items():
        step = statistics.median(times)
        print(f"{labels[cid]}: a step until all {args.watchers} pages have it (median of "
              f"{len(times)}): {step * 1000:.0f} ms = {step / version:.2f}x --version "
              "(goal <= 0.3x)")
    print(f"hyvekit --version (process, wall): {version * 1000:.0f} ms")


#: the Bee Lives record served
EPIC = "epic-month-27"


def _bee_lives_month_27(work: Path) -> None:
    """The month-27 record of ``beelives_step.py``'s epic game, in the campaigns folder."""
    from beelives_step import first_game

    from hyvekit.games import campaign_store
    (header, _, steps, _), _ = first_game(1, 0)
    store = campaign_store(work / "campaigns")
    store.create("Epic, month 27", "beelives", "campaign", header, EPIC)
    store.append_many(EPIC, [("step", {"do": s}) for s in steps])


def _steps(work: Path, ids: list[str], args: argparse.Namespace) -> dict[str, list[float]]:
    """The times of up to ``args.steps`` steps on each record of ``ids``, served by one
    server, a step of each in turn (a record whose game ends is left out from then on)."""
    import uvicorn

    from hyvekit.web.app import HOST, Access, Tokens, link_secret, make_app
    app = make_app(work / "campaigns", ids)
    hosts = {cid: Tokens(link_secret(), cid).add(Access(HOST)) for cid in ids}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    arrived: dict[str, dict[int, list[float]]] = {cid: {} for cid in ids}
    stop = threading.Event()
    for cid in ids:
        for _ in range(args.watchers):
            threading.Thread(target=_watch, daemon=True, args=(
                port, f"/t/{cid}/events?k={hosts[cid]}", arrived[cid], stop)).start()
    time.sleep(1.0)
    times: dict[str, list[float]] = {cid: [] for cid in ids}
    playing = list(ids)
    for _ in range(args.steps):
        for cid in list(playing):
            took = _step(f"{base}/t/{cid}", hosts[cid], arrived[cid], args.watchers,
                         again=cid == EPIC)
            if took is None:
                playing.remove(cid)
            else:
                times[cid].append(took)
    stop.set()
    server.should_exit = True
    return times


def _step(url: str, host: str, arrived: dict[int, list[float]], watchers: int,
          again: bool) -> float | None:
    """The time from posting the first legal step on the record served at ``url`` until
    its event reached all ``watchers`` pages (None: the game is over); ``again``: the step
    taken back with the host's undo once timed (not timed), so the next one is the same."""
    data = _call(f"{url}/state?k={host}")
    if data["decision"] is None:
        return None
    known = max(list(arrived), default=0)
    step = next((o for o in data["legal"] if o != "roll"), data["legal"][0])
    t0 = time.perf_counter()
    _call(f"{url}/step", {"k": host, "step": step})
    while True:              # the step's event: the first told after it (a new seq)
        new = [seq for seq in list(arrived) if seq > known]
        if new and len(arrived[min(new)]) >= watchers:
            break
        if time.perf_counter() - t0 > 30:
            raise SystemExit(f"{url}: the step after event {known} did not reach every page")
        time.sleep(0.0005)
    took = max(arrived[min(new)]) - t0
    if again:
        _call(f"{url}/undo", {"k": host})
        while not _call(f"{url}/state?k={host}")["preview"]:
            time.sleep(0.02)              # until the server has worked out its previews
    return took


if __name__ == "__main__":
    main()
