"""``hyvekit hyve score-hyve`` end to end (rules: hyve.txt, "3. Gather Nectar")."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SIXTEEN = str(EXAMPLES / "hyve-16.txt")
BUILDER = str(EXAMPLES / "hyve-builder-6.txt")
BRIDGE = "y y b\ny y L b\nL L L L b\nL L L L\nL L L\n"   # A2 yellow touches A3 blue


def write(hk, name, text):
    path = hk.root / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_example_file_scores_4_x_4_x_1_is_16_hp(hk):
    result = hk("hyve", "score-hyve", SIXTEEN, "--claimed", "16")
    assert result.returncode == 0, result.stderr
    assert "4 × 4 × 1 = 16 HP" in result.stdout
    assert "B4, C5, D4, E3" in result.stdout and "D2" in result.stdout


def test_json_output(hk):
    data = json.loads(hk("hyve", "score-hyve", SIXTEEN, "--json").stdout)
    assert data["factors"] == [4, 4, 1] and data["total"] == 16 and data["correct"]
    assert {v["variety"]: v["counted"] for v in data["varieties"]} == {"y": 4, "b": 4, "g": 1}
    assert data["hyve"][2].split() == ["L", "L", "L1", "L", "b"]


def test_wrong_claim_exits_1_naming_the_rule_and_the_right_value(hk):
    result = hk("hyve", "score-hyve", SIXTEEN, "--claimed", "12")
    assert result.returncode == 1
    assert "Hyve: Gather Nectar — scoring" in result.stderr
    assert "claimed 12 HP, the rules give 16" in result.stderr
    assert "Traceback" not in result.stderr
    assert json.loads(hk("hyve", "score-hyve", SIXTEEN, "--claimed", "12", "--json")
                      .stdout)["correct"] is False


def test_bee_builder_example_2_x_3_is_6_hp(hk):
    result = hk("hyve", "score-hyve", BUILDER, "--builder", "--claimed", "6")
    assert result.returncode == 0, result.stderr
    assert "= 6 HP" in result.stdout and "11 unbuilt spaces inert" in result.stdout
    refused = hk("hyve", "score-hyve", BUILDER)
    assert refused.returncode == 1
    assert "Hyve: Gather Nectar — scoring" in refused.stderr and "not completed" in refused.stderr
    assert "--builder" in refused.stderr


def test_standard_input_deep_stores_and_excisor(hk):
    plain = hk("hyve", "score-hyve", "-", input=BRIDGE)
    assert plain.returncode == 0 and "3 × 2 = 6 HP" in plain.stdout
    excised = hk("hyve", "score-hyve", "-", "--excise", "A3", "--json", input=BRIDGE)
    data = json.loads(excised.stdout)
    assert data["total"] == 8 and data["excised"] == "A3" and data["excised_token"] == "b"
    best = hk("hyve", "score-hyve", "-", "--excise", "best", input=BRIDGE)
    assert "A2 (y nectar) crossed out" in best.stdout and "3 × 3 = 9 HP" in best.stdout
    small = "y L L\nL L L L\nL L L L L\nL L L L\nL L b\n"
    deep = hk("hyve", "score-hyve", "-", "--deep-stores", "--claimed", "6", input=small)
    assert deep.returncode == 0, deep.stderr
    assert "1 × 1 = 1 HP → 6 HP (Deep Stores minimum)" in deep.stdout


def test_bad_input_exits_2_naming_line_and_token(hk):
    bad = write(hk, "bad.txt", "y y L\nL L L L\nL L q? L L\nL L L L\nL L L\n")
    result = hk("hyve", "score-hyve", bad)
    assert result.returncode == 2
    assert "hyve line 3 token 3" in result.stderr and "'q?'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    missing = hk("hyve", "score-hyve", "nope.txt")
    assert missing.returncode == 2 and "nope.txt" in missing.stderr
    cell = hk("hyve", "score-hyve", SIXTEEN, "--excise", "Z9")
    assert cell.returncode == 2 and "'Z9'" in cell.stderr and "C3 is the middle" in cell.stderr


def test_help_has_an_example(hk):
    out = hk("hyve", "score-hyve", "--help").stdout
    assert "Example: hyvekit hyve score-hyve docs/examples/hyve-16.txt" in " ".join(out.split())
