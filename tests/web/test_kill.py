"""The web table killed: the server SIGKILLed at random moments while steps are posted to it
(some in flight), restarted each time on the same links. No acknowledged step is lost, the
record passes ``campaign check``, and the game goes on where it was."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

from .conftest import free_port, request

KILLS = 8


def _start(hk, port: int) -> subprocess.Popen:
    env = {**os.environ, "HYVEKIT_CAMPAIGNS": str(hk.campaigns)}
    env.pop("HYVEKIT_DEBUG", None)
    proc = subprocess.Popen([sys.executable, "-m", "hyvekit", "serve", "tuesday", "--port",
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


def test_sigkill_loses_no_acknowledged_step(hk):
    from hyvekit.web.app import HOST, Access, Tokens, link_secret
    assert hk("hyve", "new", "Tuesday", "--mode", "standard").returncode == 0
    host = Tokens(link_secret(), "tuesday").add(Access(HOST))    # the link serve prints
    port, rng = free_port(), random.Random(24)
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[str] = []
    proc = _start(hk, port)
    try:
        for _ in range(KILLS):
            done = threading.Event()

            def post() -> None:
                try:
                    while not done.is_set():
                        status, data = request(f"{base}/t/tuesday/state?k={host}")
                        if status != 200 or data["decision"] is None:
                            return
                        status, answer = request(f"{base}/t/tuesday/step",
                                                 {"k": host, "step": data["legal"][0]})
                        if status == 200:
                            acknowledged.extend(answer["steps"])
                except OSError:                    # the server died under the step
                    return
            poster = threading.Thread(target=post)
            poster.start()
            time.sleep(rng.uniform(0.05, 0.6))
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
            done.set()
            poster.join(timeout=30)
            proc = _start(hk, port)                 # the same links work again
        status, data = request(f"{base}/t/tuesday/state?k={host}")
        assert status == 200
    finally:
        proc.kill()
        proc.wait(timeout=10)
    history = hk("campaign", "export", "tuesday").stdout
    import json
    events = json.loads(history)["events"]
    stored = [e["data"]["do"] for e in sorted(events, key=lambda e: e["seq"])
              if e["status"] == "active"]
    assert len(acknowledged) >= 3                       # steps were made between the kills
    # every acknowledged step is stored, in order (a step stored as the server died, before
    # it could say so, is stored without being acknowledged)
    left = iter(stored)
    assert all(any(step == s for s in left) for step in acknowledged), (acknowledged, stored)
    check = hk("campaign", "check", "tuesday")
    assert check.returncode == 0, check.stdout + check.stderr
