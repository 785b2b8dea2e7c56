"""``hyvekit beez score | flight | check-store`` end to end."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "beez-score.toml"

MARTIN = """
  W w p
 w y . p
. o o p .
 . . b .
  y b P
"""


def write(hk, name, text):
    path = hk.root / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def sheet(player_lines: str = "", common='["both-4-5-rows", "middle-row", "colours"]') -> str:
    return (f"common = {common}\n[[player]]\nname = \"Martin\"\n"
            f"objectives = [\"three-colour-line\", \"bow\"]\nhoneycomb = '''{MARTIN}'''\n"
            + player_lines)


def test_score_the_rulebook_example_file_gives_martin_36(hk):
    result = hk("beez", "score", str(EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    martin = data["players"][0]
    assert martin["name"] == "Martin" and martin["total"] == 36
    assert [o["honey"] for o in martin["objectives"]] == [12, 0, 10, 6, 8]
    assert data["winners"] == ["Martin"] and not data["shared"]
    sophie = data["players"][1]
    assert {"name": "Queen cup", "honey": 7}.items() <= sophie["objectives"][-1].items()


def test_score_table_marks_assumed_values(hk):
    result = hk("beez", "score", str(EXAMPLE))
    assert result.returncode == 0, result.stderr
    assert "Winner: Martin (36 honey drops)" in result.stdout
    assert "Middle row filled *" in result.stdout
    assert "depends on an assumption" in result.stdout
    assert "Both 4/5 rows filled *" not in result.stdout


def test_tie_broken_by_large_nectar(hk):
    twin = MARTIN.replace("W", "w").replace("P", "p")  # same cards, no large nectar
    # the colours of the component check allow it: 1 large white and 1 large pink in all
    path = write(hk, "s.toml", sheet(f"[[player]]\nname = \"Twin\"\nobjectives = "
                                     f"[\"three-colour-line\", \"bow\"]\n"
                                     f"honeycomb = '''{twin}'''\n"))
    data = json.loads(hk("beez", "score", path, "--json").stdout)
    assert [p["total"] for p in data["players"]] == [36, 36]
    assert data["winners"] == ["Martin"] and data["tie_broken_by_large_nectar"]


def test_score_refuses_an_unknown_key_with_the_accepted_keys(hk):
    path = write(hk, "s.toml", sheet() + "colour = 'x'\n")
    result = hk("beez", "score", path)
    assert result.returncode == 2
    assert "colour" in result.stderr and "name, objectives" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_score_names_the_line_and_token_of_a_bad_honeycomb(hk):
    path = write(hk, "s.toml", sheet().replace("  y b P", "  y b Q"))
    result = hk("beez", "score", path)
    assert result.returncode == 2 and "honeycomb line 5 token 3" in result.stderr and "'Q'" in result.stderr


def test_score_checks_a_claimed_total(hk):
    path = write(hk, "s.toml", sheet("claimed = 35\n"))
    result = hk("beez", "score", path)
    assert result.returncode == 1
    assert "Beez: Game End — scoring" in result.stderr and "36" in result.stderr


def test_score_with_a_players_layout_and_refusals(hk):
    good = write(hk, "layout.toml", "[layout]\nname = 'mine'\n" + "".join(
        f"[[layout.row]]\nlabel = '{lb}'\nsource = 'my board'\n"
        for lb in ("4/5", "2/3", "1", "2/3", "4/5")))
    plain = write(hk, "s.toml", sheet())
    data = json.loads(hk("beez", "score", plain, "--layout", good, "--json").stdout)
    assert data["layout"]["rows"] == ["4/5", "2/3", "1", "2/3", "4/5"]
    assert data["layout"]["assumed_rows"] == []
    assert data["players"][0]["total"] == 36
    # the example file's row labels ("3 |") disagree with this layout: refused, naming the line
    clash = hk("beez", "score", str(EXAMPLE), "--layout", good)
    assert clash.returncode == 2 and "line 2 label" in clash.stderr and "'2/3'" in clash.stderr
    bad = write(hk, "bad.toml", "[layout]\nrows = ['4/5']\n")
    result = hk("beez", "score", str(EXAMPLE), "--layout", bad)
    assert result.returncode == 2 and "rows" in result.stderr and "one of" in result.stderr
    short = write(hk, "short.toml", "[layout]\n" + "[[layout.row]]\nlabel = '4/5'\n" * 4)
    result = hk("beez", "score", str(EXAMPLE), "--layout", short)
    assert result.returncode == 2 and "exactly 5 rows" in result.stderr


def test_score_missing_file_is_bad_input(hk):
    result = hk("beez", "score", "nope.toml")
    assert result.returncode == 2 and "nope.toml" in result.stderr


def test_flight_lists_all_directions(hk):
    result = hk("beez", "flight", "--facing", "3", "--json")
    assert result.returncode == 0, result.stderr
    dirs = json.loads(result.stdout)["directions"]
    assert {d["direction"]: d["distances"] for d in dirs} == {
        3: [], 4: [1, 5], 5: [2, 4], 6: [3], 1: [2, 4], 2: [1, 5]}


def test_flight_checks_a_distance(hk):
    ok = hk("beez", "flight", "--facing", "1", "--direction", "3", "--distance", "4")
    assert ok.returncode == 0 and "ok" in ok.stdout
    no = hk("beez", "flight", "--facing", "1", "--direction", "3", "--distance", "3")
    assert no.returncode == 1 and "Beez: Phase 1 — flight plan" in no.stderr
    bad = hk("beez", "flight", "--facing", "7")
    assert bad.returncode == 2 and "--facing" in bad.stderr


def test_check_store_lists_chambers_and_checks_placements(hk):
    board = write(hk, "hc.txt", "w p .\n. y . .\n. . . . .\n. . . .\n. . .\n")
    listed = json.loads(hk("beez", "check-store", board, "--distance", "5", "--collected",
                           "W p", "--expert", "--json").stdout)
    assert listed == {"distance": 5, "legal_chambers": ["A3"], "storable": 1, "must_go_back": 1}
    done = hk("beez", "check-store", board, "--distance", "5", "--collected", "W p",
              "--at", "-", "--at", "A3", "--expert", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["returned"] == ["W"] and data["bee_on_flower"] and data["marker_moves"] == 1
    refused = hk("beez", "check-store", board, "--distance", "5", "--collected", "p",
                 "--at", "E1", "--expert")
    assert refused.returncode == 1
    assert "Beez: Rules for Experts — storing nectar" in refused.stderr
    wrong_row = hk("beez", "check-store", board, "--distance", "3", "--collected", "p",
                   "--at", "A3")
    assert wrong_row.returncode == 1 and "Beez: Phase 3 — storing nectar" in wrong_row.stderr


def test_every_beez_command_has_an_example(hk):
    for cmd in ("score", "flight", "check-store"):
        assert "Example" in hk("beez", cmd, "--help").stdout
