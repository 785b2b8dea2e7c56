"""``hyvekit hyve legacy ...`` and ``hyvekit hyve honey`` end to end."""

from __future__ import annotations

import json


def status(hk, run="run"):
    result = hk("hyve", "legacy", "status", run, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_run_from_new_to_the_second_scenario(hk):
    assert hk("hyve", "legacy", "new", "Run").returncode == 0
    dry = hk("hyve", "legacy", "shop", "run", "--bread", "1", "--bread", "1", "--bread", "1",
             "--population", "purple:3,green,red:2", "--dry-run")
    assert dry.returncode == 0 and "dry run" in dry.stdout
    assert status(hk)["honey"] == 15  # nothing recorded
    bought = hk("hyve", "legacy", "shop", "run", "--bread", "1", "--bread", "1", "--bread", "1",
                "--population", "purple:3,green,red:2")
    assert bought.returncode == 0, bought.stderr
    s = status(hk)
    assert s["honey"] == 15 - 9 - 3 and s["bread_levels"]["1"] == 4
    assert s["resources"]["population"]["purple"] == {"unused": 3, "used": 0}
    assert hk("hyve", "legacy", "start", "run", "--yes").returncode == 0
    courier = hk("hyve", "legacy", "courier", "run", "purple")
    assert "3 Population" in courier.stdout
    won = hk("hyve", "legacy", "result", "run", "won", "--hp-past-start", "7",
             "--population", "12", "--hyves", "4")
    assert won.returncode == 0 and "= 8" in won.stdout
    s = status(hk)
    assert s["honey_well"][0] == 8 and s["phase"] == "shopping" and s["next_scenario"] == 2
    assert s["honey_lost"] == [3]


def test_shop_refusal_says_what_is_affordable_and_records_nothing(hk):
    hk("hyve", "legacy", "new", "Run")
    before = (hk.campaigns / "run.json").read_bytes()
    result = hk("hyve", "legacy", "shop", "run", "--perk", "deep-stores", "--perk",
                "controlled-rolls", "--perk", "beseech")
    assert result.returncode == 1
    assert "Hyve Legacy: Purchasing Upgrades" in result.stderr and "affordable" in result.stderr
    assert (hk.campaigns / "run.json").read_bytes() == before


def test_colour_not_in_the_legacy_is_bad_input(hk):
    hk("hyve", "legacy", "new", "Run", "--colours", "red,orange,yellow,green,blue")
    result = hk("hyve", "legacy", "shop", "run", "--hp", "purple:2")
    assert result.returncode == 2 and "--hp" in result.stderr and "'purple'" in result.stderr


def test_start_asks_before_unspent_honey_is_lost(hk):
    hk("hyve", "legacy", "new", "Run")
    before = (hk.campaigns / "run.json").read_bytes()
    declined = hk("hyve", "legacy", "start", "run", input="n\n")
    assert declined.returncode == 0 and "15 unspent honey" in declined.stdout
    assert "nothing was changed" in declined.stdout
    unanswered = hk("hyve", "legacy", "start", "run")        # a script: no answer
    assert unanswered.returncode == 2 and "--yes" in unanswered.stderr
    assert (hk.campaigns / "run.json").read_bytes() == before
    agreed = hk("hyve", "legacy", "start", "run", input="y\n")
    assert agreed.returncode == 0 and "15 unspent honey was lost" in agreed.stdout
    assert status(hk)["honey_lost"] == [15]


def test_start_with_no_honey_left_or_refused_asks_nothing(hk):
    hk("hyve", "legacy", "new", "Run")
    assert hk("hyve", "legacy", "shop", "run", "--bread", "1", "--bread", "1", "--bread", "1",
              "--population", "red:6", "--hp", "blue:6").returncode == 0
    assert status(hk)["honey"] == 0
    assert hk("hyve", "legacy", "start", "run").returncode == 0
    refused = hk("hyve", "legacy", "start", "run")
    assert refused.returncode == 1 and "?" not in refused.stdout


def test_normal_loss_then_easy_mode(hk):
    hk("hyve", "legacy", "new", "Run")
    hk("hyve", "legacy", "shop", "run", "--bread", "2")
    hk("hyve", "legacy", "start", "run", "--yes")
    lost = hk("hyve", "legacy", "result", "run", "lost", "--hp-past-start", "0",
              "--population", "0", "--hyves", "2")
    assert lost.returncode == 0 and "legacy ends" in lost.stdout
    assert hk("hyve", "legacy", "start", "run", "--yes").returncode == 1
    unnamed = hk("hyve", "legacy", "easy", "run")          # which type: bad input, not a rule
    assert unnamed.returncode == 2 and "--cross-out: missing, expected the bread type to " \
        "cross out, 1-5 or its colour" in unnamed.stderr
    switched = hk("hyve", "legacy", "easy", "run", "--cross-out", "2")
    assert switched.returncode == 0, switched.stderr
    s = status(hk)
    assert s["mode"] == "easy" and s["crossed_bread"] == [2] and s["honey"] == 2
    refused = hk("hyve", "legacy", "shop", "run", "--bread", "2")
    assert refused.returncode == 1 and "Easy Mode" in refused.stderr


def test_honey_check_without_a_record(hk):
    ok = hk("hyve", "honey", "--hp-past-start", "7", "--population", "12", "--hyves", "4",
            "--claimed", "8", "--json")
    assert ok.returncode == 0 and json.loads(ok.stdout)["total"] == 8
    wrong = hk("hyve", "honey", "--hp-past-start", "7", "--population", "12", "--hyves", "4",
               "--claimed", "9")
    assert wrong.returncode == 1
    assert "Gaining Honey" in wrong.stderr and "the rules give 8" in wrong.stderr


def test_own_sheet_file_and_unknown_sheet(hk, tmp_path):
    bad = hk("hyve", "legacy", "new", "Run", "--sheet", "legacy-9")
    assert bad.returncode == 2 and "legacy-1" in bad.stderr
    own = tmp_path / "own.toml"
    own.write_text('[[sheet]]\nid = "b1"\nname = "Booklet 1"\nstarting_honey = 4\n'
                   'run = ["A", "B", "C", "D", "E"]\nfree_honey = 3\n')
    refused = hk("hyve", "legacy", "new", "Run", "--sheets", str(own), "--sheet", "b1")
    assert refused.returncode == 2 and "free_honey" in refused.stderr
    own.write_text(own.read_text().replace("free_honey = 3\n", ""))
    made = hk("hyve", "legacy", "new", "Run", "--sheets", str(own), "--sheet", "b1")
    assert made.returncode == 0, made.stderr
    assert status(hk)["honey"] == 4


def test_campaigns_dir_option_overrides_the_environment(hk, tmp_path):
    other = tmp_path / "elsewhere"
    assert hk("--campaigns-dir", str(other), "hyve", "legacy", "new", "Run").returncode == 0
    assert (other / "run.json").exists() and not (hk.campaigns / "run.json").exists()
    listed = json.loads(hk("--campaigns-dir", str(other), "campaign", "list", "--json").stdout)
    assert [c["id"] for c in listed] == ["run"]


def test_cross_out_takes_a_bread_type_or_its_colour(hk):
    hk("hyve", "legacy", "new", "Run")
    assert hk("hyve", "legacy", "easy", "run").returncode == 0
    assert hk("hyve", "legacy", "start", "run", "--yes").returncode == 0
    lost = ("hyve", "legacy", "result", "run", "lost", "--hp-past-start", "1", "--population",
            "3", "--hyves", "1", "--cross-out")
    for bad in ("9", "0", "wild", "W"):
        result = hk(*lost, bad)
        assert result.returncode == 2 and f"--cross-out: got '{bad}'" in result.stderr
        assert "bread type 1-5" in result.stderr
    ok = hk(*lost, "red")          # red is die value 5 in the default colours
    assert ok.returncode == 0 and "5-type bread upgrades are crossed out" in ok.stdout


def test_ctrl_c_at_the_question_stops_the_command_as_ctrl_c_does(hk, monkeypatch):
    """Issue 27: Ctrl-C at a yes/no question said "bad input"; it is the player stopping the
    command (exit 130, nothing changed), and a closed input stays bad input."""
    import typer

    def interrupted(*_, **__):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise typer.Abort() from None          # as click's prompt does on Ctrl-C
    hk("hyve", "legacy", "new", "Run")
    before = (hk.campaigns / "run.json").read_bytes()
    monkeypatch.setattr(typer, "confirm", interrupted)
    r = hk("hyve", "legacy", "start", "run")
    assert r.returncode == 130 and "bad input" not in r.stderr
    assert (hk.campaigns / "run.json").read_bytes() == before
