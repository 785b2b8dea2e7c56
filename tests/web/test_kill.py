"""The web table killed: the server SIGKILLed at random moments while 200 steps are posted to
it (some in flight), on eight HYVE scenarios served together, restarted each time on the same
links. No acknowledged step is lost, every record passes ``campaign check``, and each game
goes on where it was."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

from .conftest import free_port, request

KILLS = 10
STEPS = 200
TABLES = [f"k{n}" for n in range(8)]


def _start(hk, port: int) -> subprocess.Popen:
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    env.pop("HYVEKIT_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "hyvekit", "serve", *TABLES, "--port",
                             str(port)], cwd=hk.root, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if request(f"http://127.0.0.1:{port}/")[0] == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("serve did not start")


def test_sigkill_loses_no_acknowledged_step_of_200(hk):
    from hyvekit.web.app import HOST, Access, Tokens, link_secret
    for cid in TABLES:
        assert hk("hyve", "new", cid, "--mode", "standard").returncode == 0
    host = {cid: Tokens(link_secret(), cid).add(Access(HOST)) for cid in TABLES}  # as printed
    port, rng = free_port(), random.Random(24)
    base = f"http://127.0.0.1:{port}"
    acknowledged: dict[str, list[str]] = {cid: [] for cid in TABLES}
    over: set[str] = set()

    def made() -> int:
        return sum(len(s) for s in acknowledged.values())

    def post(done: threading.Event) -> None:
        try:
            while not done.is_set() and len(over) < len(TABLES):
                cid = rng.choice([c for c in TABLES if c not in over])
                status, data = request(f"{base}/t/{cid}/state?k={host[cid]}")
                if status != 200:
                    return
                if data["decision"] is None:
                    over.add(cid)
                    continue
                status, answer = request(f"{base}/t/{cid}/step",
                                         {"k": host[cid], "step": data["legal"][0]})
                if status == 200:
                    acknowledged[cid].extend(answer["steps"])
        except (OSError, http.client.HTTPException, ValueError):
            return                                  # the server died under the step

    proc = _start(hk, port)
    try:
        for _ in range(KILLS):                      # steps posted, the server killed under them
            done = threading.Event()
            poster = threading.Thread(target=post, args=(done,))
            poster.start()
            time.sleep(rng.uniform(0.2, 1.5))
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
            done.set()
            poster.join(timeout=30)
            proc = _start(hk, port)                 # the same links work again
        rest = threading.Event()                    # the rest of the 200 steps, unkilled
        poster = threading.Thread(target=post, args=(rest,))
        poster.start()
        while poster.is_alive() and made() < STEPS:
            time.sleep(0.05)
        rest.set()
        poster.join(timeout=60)
        for cid in TABLES:
            status, data = request(f"{base}/t/{cid}/state?k={host[cid]}")
            assert status == 200                      # each game goes on where it was
    finally:
        proc.kill()
        proc.wait(timeout=10)
    assert made() >= STEPS
    for cid in TABLES:
        events = json.loads(hk("campaign", "export", cid).stdout)["events"]
        stored = [e["data"]["do"] for e in sorted(events, key=lambda e: e["seq"])
                  if e["status"] == "active"]
        # every acknowledged step is stored, in order (a step stored as the server died,
        # before it could say so, is stored without being acknowledged)
        left = iter(stored)
        assert all(any(step == s for s in left) for step in acknowledged[cid]), cid
        check = hk("campaign", "check", cid)
        assert check.returncode == 0, check.stdout + check.stderr
