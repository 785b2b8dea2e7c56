"""``hyvekit hyve check FILE`` end to end (hyve.txt: the turn of a scenario, replayed)."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "hyve"
LEGAL = str(EXAMPLES / "standard-legal.toml")
ILLEGAL = str(EXAMPLES / "standard-illegal.toml")


def write(hk, name, text):
    path = hk.root / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_legal_file_exits_0_with_the_derived_values(hk):
    result = hk("hyve", "check", LEGAL)
    assert result.returncode == 0, result.stderr
    assert "7 turns replayed" in result.stdout
    assert "hyve 1 completed" in result.stdout
    assert "scenario LOST: colony collapse" in result.stdout
    assert "larva chamber:" in result.stdout


def test_legal_file_json(hk):
    data = json.loads(hk("hyve", "check", LEGAL, "--json").stdout)
    assert data["legal"] is True and data["claims_differ"] == []
    assert [(t["population"], t["hp"]["die"], t["hp"]["position"]) for t in data["turns"]][:4] \
        == [(9, 5, 4), (9, 3, 4), (6, 6, 3), (5, 3, 3)]
    assert data["final"]["status"] == "lost" and data["final"]["hyves_completed"] == 1
    assert len(data["final"]["hyves"][0]) == 5


def test_illegal_file_exits_1_naming_the_rule_and_the_turn(hk):
    result = hk("hyve", "check", ILLEGAL)
    assert result.returncode == 1
    assert "Hyve: Queen's Attendants" in result.stderr and "turn 2:" in result.stderr
    assert "expected 1, 2, 3, 4; given 5" in result.stderr
    assert "Traceback" not in result.stderr
    data = json.loads(hk("hyve", "check", ILLEGAL, "--json").stdout)
    assert data["legal"] is False and data["error"]["turn"] == 2
    assert data["error"]["rule"] == "Hyve: Queen's Attendants"
    assert [t["population"] for t in data["turns"]] == [9]      # turn 1 was legal


def test_a_claim_that_differs_exits_1_and_says_which(hk):
    text = Path(LEGAL).read_text(encoding="utf-8").replace(
        "claim = { population = 9, die = 5, position = 4, hyves = 0 }",
        "claim = { population = 8, die = 5, position = 4, hyves = 0 }")
    result = hk("hyve", "check", write(hk, "claims.toml", text))
    assert result.returncode == 1
    assert "turn 1: population: claimed 8, derived 9" in result.stderr
    assert "claim differs: turn 1: population: claimed 8, derived 9" in result.stdout


def test_malformed_file_exits_2_in_one_line(hk):
    for text in ('[[turn]]\ndice = [1, 2, "x"]\n', "not toml [", '[scenario]\nsheet = 3\n'):
        result = hk("hyve", "check", write(hk, "bad.toml", text))
        assert result.returncode == 2, result.stdout
        assert len(result.stderr.strip().splitlines()) == 1
        assert "Traceback" not in result.stderr
    missing = hk("hyve", "check", "nope.toml")
    assert missing.returncode == 2 and "nope.toml" in missing.stderr


def test_help_has_an_example(hk):
    result = hk("hyve", "check", "--help")
    assert result.returncode == 0 and "Example" in result.stdout


def test_mode_examples_exit_0(hk):
    for name, words in (("turbo-legal", "Turbo Mode: 2 turns replayed"),
                        ("wasp-war-legal", "Wasp Attack 4 and 5"),
                        ("bee-builder-legal", "hyve 1 completed")):
        result = hk("hyve", "check", str(EXAMPLES / f"{name}.toml"))
        assert result.returncode == 0, result.stderr
        assert words in result.stdout


def test_a_malformed_turn_names_its_line(hk, tmp_path):
    from pathlib import Path
    legal = (Path(__file__).resolve().parents[2] / "examples" / "hyve"
             / "standard-legal.toml").read_text()
    bad = legal.replace("dice = [4, 4, 2, 2, 3, 1, 5, 6, 6]", 'dice = [4, 4, 2, "x"]', 1)
    assert bad != legal
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    result = hk("hyve", "check", str(path))
    number = bad.splitlines().index('dice = [4, 4, 2, "x"]') + 1
    assert result.returncode == 2 and f"bad.toml line {number}: turn 2 dice" in result.stderr


def test_hyve_check_reads_in_80_columns(hk):
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "hyve" / \
        "long-live-the-queen-full.toml"
    r = hk("hyve", "check", str(example), env={"COLUMNS": "80"})
    assert r.returncode == 0, r.stderr
    assert max(len(line) for line in r.stdout.splitlines()) <= 80
    assert "  Demands: met" in r.stdout
