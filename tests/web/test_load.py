"""The web table under load (bounded, loopback only): 30 pages watching while three clients
and the command line make steps at once, a HYVE scenario played to its end. Every watcher
gets every step, in order, none twice; only the steps acknowledged are stored; the record is
what the same steps give through ``do``."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.parse

from .conftest import request, serving, tokens

WATCHERS = 30
CLIENTS = 3


def _watch(base: str, path: str, out: list[int], stop: threading.Event) -> None:
    """Collect the ``seq`` of every ``step`` event of the stream until ``stop``."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    response = conn.getresponse()
    event = ""
    while not stop.is_set():
        line = response.fp.readline().decode().rstrip("\r\n")
        if line.startswith("event:"):
            event = line.split(":", 1)[1].strip()
        elif line.startswith("data:") and event == "step":
            out.append(json.loads(line.split(":", 1)[1])["seq"])
    conn.close()


def test_thirty_watchers_get_every_step_of_three_clients_and_the_cli_in_order(hk):
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    with serving(hk.campaigns, ["tuesday"]) as (base, app):
        k = tokens(app, "tuesday")
        stop = threading.Event()
        seen: list[list[int]] = [[] for _ in range(WATCHERS)]
        watchers = [threading.Thread(target=_watch, daemon=True, args=(
            base, f"/t/tuesday/events?k={k['watch']}&after=0", seen[i], stop))
            for i in range(WATCHERS)]
        for w in watchers:
            w.start()
        time.sleep(1)
        acknowledged: list[str] = []
        over = threading.Event()

        def client(n: int) -> None:
            rng = random.Random(n)
            while not over.is_set():
                status, data = request(f"{base}/t/tuesday/state?k={k['watch']}")
                if data["decision"] is None:
                    over.set()
                    return
                choice = rng.choice(data["legal"][:4])
                status, answer = request(f"{base}/t/tuesday/step",
                                         {"k": k["host"], "step": choice})
                if status == 200:
                    acknowledged.extend(answer["steps"])
                else:
                    assert status in (400, 409), answer   # a stale step: refused, not stored
        clients = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for c in clients:
            c.start()
        cli_steps = 0
        while not over.is_set() and cli_steps < 15:             # the command line too
            data = json.loads(hk("hyve", "next", "--scenario", "tuesday", "--json").stdout)
            if data["decision"] is None:
                break
            r = hk("hyve", "do", "--scenario", "tuesday", data["legal"][0], "--json")
            if r.returncode == 0:
                acknowledged.extend(json.loads(r.stdout)["steps"])
                cli_steps += 1
        for c in clients:
            c.join(timeout=300)
        record = json.loads(hk.campaigns.joinpath("tuesday.json").read_text())
        stored = [e for _, e in sorted(record["events"].items(), key=lambda x: int(x[0]))
                  if e["status"] == "active"]
        seqs = [e["seq"] for e in stored]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(len(s) < len(seqs) for s in seen):
            time.sleep(0.1)
        stop.set()
        assert cli_steps > 0 and len(stored) >= 10                 # clients and the CLI
        assert request(f"{base}/t/tuesday/state?k={k['watch']}")[1]["decision"] is None
        assert sorted(acknowledged) == sorted(e["data"]["do"] for e in stored)
        for got in seen:
            assert got == seqs                                   # each once, in order
    # the same steps through do give the same record
    assert hk("hyve", "new", "Again", "--mode", "standard").returncode == 0
    steps = [e["data"]["do"] for e in stored]
    r = hk("hyve", "do", "--scenario", "again", *steps, "--json")
    assert r.returncode == 0, r.stderr
    first = json.loads(hk("hyve", "next", "--scenario", "tuesday", "--json").stdout)
    again = json.loads(hk("hyve", "next", "--scenario", "again", "--json").stdout)
    assert first == again
