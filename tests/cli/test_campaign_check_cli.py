"""``hyvekit campaign check ID``: replay a record with today's rules and compare results."""

from __future__ import annotations

import json


def legacy_run(hk):
    """A run with one won scenario (the Gaining Honey example: 7 past start, 12, 4 hyves → 8)."""
    for args in (("hyve", "legacy", "new", "Run"), ("hyve", "legacy", "start", "run", "--yes"),
                 ("hyve", "legacy", "result", "run", "won", "--hp-past-start", "7",
                  "--population", "12", "--hyves", "4")):
        result = hk(*args)
        assert result.returncode == 0, result.stderr
    return hk.campaigns / "run.json"


def edit_events(path, change):
    doc = json.loads(path.read_text())
    for event in doc["events"].values():
        change(event)
    path.write_text(json.dumps(doc))


def check(hk, *extra):
    result = hk("campaign", "check", "run", "--json", *extra)
    return result.returncode, json.loads(result.stdout)


def test_a_fresh_record_replays_to_its_stored_results(hk):
    path = legacy_run(hk)
    events = json.loads(path.read_text())["events"].values()
    assert all("result" in e for e in events)
    assert [e["result"]["honey_well"][0] for e in events] == [None, 8]
    code, report = check(hk)
    assert code == 0 and report["ok"] and report["checked"] == 2 and report["findings"] == []
    text = hk("campaign", "check", "run")
    assert text.returncode == 0 and "2 events replayed" in text.stdout


def test_a_result_stored_by_an_older_rule_is_listed_with_the_field_that_changed(hk):
    path = legacy_run(hk)

    def older_rule(event):  # as if written when the rulebook's example (9 honey) was followed
        if event["type"] == "result":
            event["result"]["honey_well"][0] = 9
            event["result"]["results"][0]["honey"] = 9
    edit_events(path, older_rule)
    before = path.read_bytes()
    code, report = check(hk)
    assert code == 1 and not report["ok"]
    (finding,) = report["findings"]
    assert finding["seq"] == 2 and finding["kind"] == "changed"
    assert {"field": "results[0].honey", "stored": 9, "now": 8} in finding["changes"]
    assert {"field": "honey_well[0]", "stored": 9, "now": 8} in finding["changes"]
    assert path.read_bytes() == before  # check never writes
    text = hk("campaign", "check", "run")
    assert text.returncode == 1 and "results[0].honey: 9 → 8" in text.stdout


def test_an_event_the_rules_now_refuse_is_named_and_later_ones_are_not_checked(hk):
    path = legacy_run(hk)
    assert hk("hyve", "legacy", "shop", "run", "--bread", "1").returncode == 0

    def impossible(event):  # a win with population 0 is a loss (ruling R8)
        if event["type"] == "result":
            event["data"]["population"] = 0
    edit_events(path, impossible)
    # every other command stops on the record; check reports it instead
    assert hk("campaign", "show", "run").returncode != 0
    code, report = check(hk)
    assert code == 1
    (finding,) = report["findings"]
    assert finding["seq"] == 2 and finding["kind"] == "refused"
    assert "population" in finding["message"].lower()
    assert report["checked"] == 1 and report["not_checked"] == 1


def test_events_written_before_results_were_stored_are_marked_unrecorded(hk):
    path = legacy_run(hk)
    edit_events(path, lambda event: event.pop("result"))
    code, report = check(hk)
    assert code == 0 and report["ok"]
    assert [f["kind"] for f in report["findings"]] == ["unrecorded", "unrecorded"]


def test_check_of_an_unknown_campaign_is_bad_input(hk):
    result = hk("campaign", "check", "nope")
    assert result.returncode == 2 and "Traceback" not in result.stderr
