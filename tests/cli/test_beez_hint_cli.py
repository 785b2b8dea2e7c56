"""The advisor's faces on a Beez game (docs/advisor.md, "Beez"; issue 41): ``beez hint`` and
``beez next --hint`` (the options ranked with the expected final honey drops and the chance to
win, marked in the record), ``beez review``, and a play with a hint marked assisted in
``stats``, the BG Stats link, the BG Stats play file and the BGG CSV."""

from __future__ import annotations

import csv
import io
import json
import random

from hyvekit.games import campaign_store
from hyvekit.rules.beez import default_player as BP
from hyvekit.rules.beez.engine import ENGINE
from hyvekit.rules.play_export import link_data

NEW = ("beez", "new", "Friday", "--players", "Martin,Sophie",
       "--common", "both-4-5-rows,middle-row,colours", "--secret", "Martin=three-colour-line,bow")
ESTIMATE_KEYS = {"option", "score", "score_half", "win", "win_half", "rollouts", "exact",
                 "changes", "versus_default"}


def _game(hk, steps: int | None, hint_at: int | None = None, random_seat: str = "",
          seed: int = 3) -> str:
    """Friday's game with ``steps`` steps of the default player stored (None: to the end;
    ``random_seat`` plays uniformly random legal steps), a hint shown to the player deciding
    before step ``hint_at``."""
    assert hk(*NEW).returncode == 0
    store = campaign_store(hk.campaigns)
    _, t = store.state("friday")
    rng, events = random.Random(seed), []
    while not (d := ENGINE.pending(t)).over and (steps is None or len(t.steps) < steps):
        if hint_at is not None and len(t.steps) == hint_at:
            events.append(("hint", {"player": d.actor, "decision": d.kind}))
        player = BP.uniform if d.actor == random_seat else BP.choose
        t = ENGINE.push(t, player(t, d, rng))
        events.append(("step", {"do": t.steps[-1]}))
    store.append_many("friday", events)
    return "friday"


def _events(hk, cid: str = "friday") -> list[dict]:
    return campaign_store(hk.campaigns).load(cid).active


def test_hint_ranks_the_options_with_honey_drops_and_marks_the_record(hk):
    cid = _game(hk, 26)
    before = json.loads(hk("beez", "next", cid, "--json").stdout)
    got = hk("beez", "hint", cid, "--rollouts", "2", "--seed", "4", "--json")
    assert got.returncode == 0, got.stderr
    hint = json.loads(got.stdout)
    assert (hint["actor"], hint["decision"]) == (before["actor"], before["decision"])
    assert hint["unit"] == "honey drops" and hint["rollouts"] == 2 and hint["seed"] == 4
    assert hint["estimates"] and all(set(e) == ESTIMATE_KEYS for e in hint["estimates"])
    options = [e["option"] for e in hint["estimates"]]
    assert set(options) <= set(before["legal"]) and hint["default"] in options
    assert len(options) + len(hint["not_estimated"]) == len(before["legal"])
    # ranked: the greater chance to win, then the greater final score
    keys = [(-e["win"], -e["score"]) for e in hint["estimates"]]
    assert keys == sorted(keys)
    assert all(len(e["versus_default"]) == 2 for e in hint["estimates"])
    last = _events(hk)[-1]
    assert last["type"] == "hint" and last["data"] == {"player": hint["actor"],
                                                       "decision": hint["decision"]}
    # the same seed and rollouts: the same numbers
    again = json.loads(hk("beez", "hint", cid, "--rollouts", "2", "--seed", "4",
                          "--json").stdout)
    assert again["estimates"] == hint["estimates"]
    history = hk("campaign", "history", cid).stdout
    assert f"hint shown to {hint['actor']} ({hint['decision']} decision)" in history


def test_the_hint_in_words_fits_80_columns_and_says_why_in_honey_drops(hk):
    cid = _game(hk, 26)
    got = hk("beez", "hint", cid, "--rollouts", "2", "--seed", "4", env={"COLUMNS": "80"})
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert lines[0].startswith("hint for ") and "2 rollouts an option" in lines[0]
    text = got.stdout
    assert "honey drops" in text and "the default player's choice" in text
    assert "honey drops expected, win " in text and " → " in text
    assert lines[-1] == f"the same numbers again: hyvekit beez hint {cid} --seed 4 --rollouts 2"


def test_next_with_hint_adds_it_and_marks_the_record(hk):
    cid = _game(hk, 26)
    got = hk("beez", "next", cid, "--hint", "--seconds", "0.1", "--seed", "2", "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    assert data["hint"]["actor"] == data["actor"] and data["hint"]["rollouts"] >= 2
    assert {e["option"] for e in data["hint"]["estimates"]} <= set(data["legal"])
    assert _events(hk)[-1]["type"] == "hint"
    words = hk("beez", "next", cid, "--hint", "--seconds", "0.1", env={"COLUMNS": "80"})
    assert words.returncode == 0 and "hint for " in words.stdout


def test_no_hint_once_the_game_is_over(hk):
    cid = _game(hk, None)
    got = hk("beez", "hint", cid, "--rollouts", "2")
    assert got.returncode == 1 and "nobody decides now" in got.stdout + got.stderr
    assert "Traceback" not in got.stderr
    assert "hint" not in [e["type"] for e in _events(hk)]


def test_review_lists_the_choices_a_better_option_beat(hk):
    """Sophie plays at random for her first flights: the review of her choices finds the
    ones the default player's options beat, each with the honey drops lost."""
    cid = _game(hk, 8, random_seat="Sophie", seed=5)
    got = hk("beez", "review", cid, "--player", "Sophie", "--rollouts", "2", "--seed", "0",
             "--json")
    assert got.returncode == 0, got.stderr
    data = json.loads(got.stdout)
    assert data["unit"] == "honey drops" and data["rollouts"] == 2 and data["weighed"] >= 3
    assert data["mistakes"], data
    for m in data["mistakes"]:
        assert m["player"] == "Sophie" and m["decision"] in ("flight", "store")
        assert m["loss"] - m["loss_half"] > 0 and m["loss"] >= 0.5 and m["round"] >= 1
        assert m["better"] != m["chosen"]
    losses = [m["loss"] for m in data["mistakes"]]
    assert losses == sorted(losses, reverse=True)
    words = hk("beez", "review", cid, "--player", "Sophie", "--rollouts", "2", "--seed", "0",
               env={"COLUMNS": "80"})
    assert words.returncode == 0 and all(len(x) <= 80 for x in words.stdout.splitlines())
    assert "review of Sophie: " in words.stdout and "honey drops" in words.stdout
    assert "round " in words.stdout and "better: " in words.stdout
    nobody = hk("beez", "review", cid, "--player", "Nobody")
    assert nobody.returncode == 2 and "--player" in nobody.stdout + nobody.stderr
    assert "Traceback" not in nobody.stderr


def test_a_beez_play_with_a_hint_is_assisted_in_stats_and_every_export(hk, tmp_path):
    cid = _game(hk, None, hint_at=5)
    shown = next(e["data"]["player"] for e in _events(hk) if e["type"] == "hint")
    note = f"assisted: hyvekit's hints shown to {shown}"
    data = json.loads(hk("stats", "--json").stdout)
    assert data["plays"] == 1 and data["assisted"] == 1
    link = link_data(hk("stats", "link", cid, "--no-show-qr").stdout.splitlines()[0])
    assert link["comments"] == note
    out = tmp_path / "plays.bgsplay"
    assert hk("stats", "export", str(out)).returncode == 0
    assert [p.get("comments") for p in json.loads(out.read_text())["plays"]] == [note]
    text = tmp_path / "plays.csv"
    assert hk("stats", "export", str(text)).returncode == 0
    rows = list(csv.DictReader(io.StringIO(text.read_text())))
    assert rows and all(r["comments"].endswith(note) for r in rows)


def test_a_hint_marked_for_a_decision_not_due_is_refused(hk):
    cid = _game(hk, 4)
    store = campaign_store(hk.campaigns)
    d = ENGINE.pending(store.state(cid)[1])
    other = "Sophie" if d.actor == "Martin" else "Martin"
    import pytest

    from hyvekit.rules.common import IllegalActionError
    with pytest.raises(IllegalActionError, match="a hint is marked for the decision due"):
        store.append_many(cid, [("hint", {"player": other, "decision": d.kind})])
    assert "hint" not in [e["type"] for e in _events(hk)]
