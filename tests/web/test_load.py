"""The web table under load (bounded, loopback only): 30 pages watching while three clients
and the command line make 500 steps at once, on 24 HYVE scenarios served together (a
scenario runs to 30-70 steps). Every watcher gets every step of its table, in order, none
twice; only the steps acknowledged are stored; each record is what the same steps give
through ``do``."""

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
STEPS = 500
TABLES = [f"t{n}" for n in range(24)]


def _watch(base: str, path: str, out: list[int], stop: threading.Event) -> None:
    """Collect the ``seq`` of every ``step`` event of the stream until ``stop``."""
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=120)
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


def _active(hk, cid: str) -> list[dict]:
    record = json.loads(hk.campaigns.joinpath(f"{cid}.json").read_text())
    return [e for _, e in sorted(record["events"].items(), key=lambda x: int(x[0]))
            if e["status"] == "active"]


def test_thirty_watchers_get_every_one_of_500_steps_of_three_clients_and_the_cli(hk):
    for cid in TABLES:
        assert hk("hyve", "new", cid, "--mode", "standard").returncode == 0
    with serving(hk.campaigns, TABLES) as (base, app):
        k = {cid: tokens(app, cid) for cid in TABLES}
        stop = threading.Event()
        watched = [TABLES[i % len(TABLES)] for i in range(WATCHERS)]
        seen: list[list[int]] = [[] for _ in range(WATCHERS)]
        watchers = [threading.Thread(target=_watch, daemon=True, args=(
            base, f"/t/{cid}/events?k={k[cid]['watch']}&after=0", seen[i], stop))
            for i, cid in enumerate(watched)]
        for w in watchers:
            w.start()
        time.sleep(1)
        acknowledged: dict[str, list[str]] = {cid: [] for cid in TABLES}
        made = [0]
        lock = threading.Lock()
        over: set[str] = set()

        def enough() -> bool:
            return made[0] >= STEPS or len(over) == len(TABLES)

        def took(cid: str, steps: list[str]) -> None:
            with lock:
                acknowledged[cid].extend(steps)
                made[0] += len(steps)

        def client(n: int) -> None:
            rng = random.Random(n)
            while not enough():
                cid = rng.choice([c for c in TABLES if c not in over] or TABLES)
                status, data = request(f"{base}/t/{cid}/state?k={k[cid]['watch']}")
                if data["decision"] is None:
                    over.add(cid)
                    continue
                choice = rng.choice(data["legal"][:4])
                status, answer = request(f"{base}/t/{cid}/step",
                                         {"k": k[cid]["host"], "step": choice})
                if status == 200:
                    took(cid, answer["steps"])
                else:
                    assert status in (400, 409), answer   # a stale step: refused, not stored
        clients = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for c in clients:
            c.start()
        cli_steps = 0
        while not enough() and cli_steps < 40:                 # the command line too
            cid = TABLES[cli_steps % len(TABLES)]
            data = json.loads(hk("hyve", "next", "--scenario", cid, "--json").stdout)
            if data["decision"] is None:
                cli_steps += 1
                continue
            r = hk("hyve", "do", "--scenario", cid, data["legal"][0], "--json")
            if r.returncode == 0:
                took(cid, json.loads(r.stdout)["steps"])
                cli_steps += 1
        for c in clients:
            c.join(timeout=600)
        stored = {cid: _active(hk, cid) for cid in TABLES}
        seqs = {cid: [e["seq"] for e in stored[cid]] for cid in TABLES}
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(
                len(seen[i]) < len(seqs[cid]) for i, cid in enumerate(watched)):
            time.sleep(0.1)
        stop.set()
        assert cli_steps > 0 and sum(len(s) for s in stored.values()) >= STEPS
        for cid in TABLES:
            assert sorted(acknowledged[cid]) == sorted(e["data"]["do"] for e in stored[cid])
        for i, cid in enumerate(watched):
            assert seen[i] == seqs[cid]                  # each once, in order
    # the same steps through do give the same records
    for cid in TABLES:
        again = f"{cid}-again"
        assert hk("hyve", "new", again, "--mode", "standard").returncode == 0
        steps = [e["data"]["do"] for e in stored[cid]]
        r = hk("hyve", "do", "--scenario", again, *steps, "--json",
               env={"HYVEKIT_ASK_FORCED": "1"})                # each step as stored
        assert r.returncode == 0, r.stderr
        first = json.loads(hk("hyve", "next", "--scenario", cid, "--json").stdout)
        second = json.loads(hk("hyve", "next", "--scenario", again, "--json").stdout)
        assert first == second
