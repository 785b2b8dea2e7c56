"""Queen Bee match records (Object of the Game, End of the Game, Advanced Rules)."""

from __future__ import annotations

import pytest

from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.queenbee import matches as M


def match(players, winner, defeated, skills=(), alliances=()):
    return M.Match(tuple(players), winner, tuple(defeated), tuple(skills), tuple(alliances))


def test_a_valid_match_round_trips_through_its_event():
    m = match(["ann", "bob", "cy"], "ann", ["cy", "bob"],
              skills=[("ann", ("Stinger",)), ("bob", ("Drone",)), ("cy", ("Larva",))],
              alliances=[("cy", "ann")])
    log = M.play(M.new_log(["ann", "bob", "cy"]), m)
    kind, data = M.action_to_event(m)
    assert M.parse_event(kind, data) == m
    assert len(log.matches) == 1
    assert "cy→ann" in M.describe_event(kind, data)


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e", "f", "g"]])
def test_two_to_six_players(players):
    with pytest.raises(IllegalActionError, match="Object of the Game"):
        M.check(M.new_log(), match(players, players[0], players[1:]))


def test_players_are_distinct_and_from_the_roster():
    with pytest.raises(InvalidInputError, match="twice"):
        M.check(M.new_log(), match(["ann", "Ann"], "ann", ["Ann"]))
    with pytest.raises(InvalidInputError, match="group"):
        M.check(M.new_log(["ann", "bob"]), match(["ann", "zed"], "ann", ["zed"]))


def test_defeated_queens_are_every_player_but_the_winner_once():
    log = M.new_log()
    with pytest.raises(IllegalActionError, match="End of the Game") as err:
        M.check(log, match(["a", "b", "c"], "a", ["b"]))
    assert "missing c" in str(err.value)
    with pytest.raises(IllegalActionError, match="End of the Game"):
        M.check(log, match(["a", "b", "c"], "a", ["b", "c", "a"]))
    with pytest.raises(IllegalActionError, match="End of the Game"):
        M.check(log, match(["a", "b", "c"], "a", ["b", "b"]))
    with pytest.raises(IllegalActionError, match="did not play"):
        M.check(log, match(["a", "b"], "z", ["b"]))


def test_hive_skills_zero_one_or_two_each_the_same_for_everyone_never_shared():
    log = M.new_log()
    M.check(log, match(["a", "b"], "a", ["b"], skills=[("a", ("x", "y")), ("b", ("z", "w"))]))
    with pytest.raises(IllegalActionError, match="Hive Skills"):
        M.check(log, match(["a", "b"], "a", ["b"], skills=[("a", ("x", "y", "z")),
                                                          ("b", ("u", "v", "w"))]))
    with pytest.raises(IllegalActionError, match="same number"):
        M.check(log, match(["a", "b"], "a", ["b"], skills=[("a", ("x",))]))
    with pytest.raises(IllegalActionError, match="twice"):
        M.check(log, match(["a", "b"], "a", ["b"], skills=[("a", ("x",)), ("b", ("X",))]))


def test_forced_alliances_only_with_three_or_more_and_to_a_standing_queen():
    log = M.new_log()
    with pytest.raises(IllegalActionError, match="3\\+ players"):
        M.check(log, match(["a", "b"], "a", ["b"], alliances=[("b", "a")]))
    four = ["a", "b", "c", "d"]
    M.check(log, match(four, "a", ["d", "c", "b"], alliances=[("d", "c"), ("c", "a")]))
    with pytest.raises(IllegalActionError, match="defeated before"):
        M.check(log, match(four, "a", ["c", "d", "b"], alliances=[("d", "c")]))
    with pytest.raises(IllegalActionError, match="only when"):
        M.check(log, match(four, "a", ["d", "c", "b"], alliances=[("a", "b")]))
    with pytest.raises(IllegalActionError, match="fell last"):
        M.check(log, match(four, "a", ["d", "c", "b"], alliances=[("b", "a")]))
    with pytest.raises(IllegalActionError, match="one new queen"):
        M.check(log, match(four, "a", ["d", "c", "b"], alliances=[("d", "a"), ("d", "b")]))


def test_standings_count_wins_per_player():
    log = M.new_log(["ann", "bob", "cy"])
    log = M.play(log, match(["ann", "bob"], "ann", ["bob"]))
    log = M.play(log, match(["ann", "bob", "cy"], "cy", ["ann", "bob"]))
    log = M.play(log, match(["ann", "cy"], "ann", ["cy"]))
    rows = {r["player"]: r for r in M.standings(log)}
    assert {p: r["wins"] for p, r in rows.items()} == {"ann": 2, "bob": 0, "cy": 1}
    assert rows["ann"]["played"] == 3 and rows["bob"]["played"] == 2
    assert rows["bob"]["average_place"] == 2.0          # 2nd of 2, then 2nd of 3 (fell last)
    assert M.standings(log)[0]["player"] == "ann"


def test_a_roster_of_one_name_is_refused():
    from hyvekit.rules.queenbee.matches import check_roster
    check_roster([])
    check_roster(["ann", "bob"])
    with pytest.raises(InvalidInputError, match="2 or more names") as err:
        check_roster(["ann"], "ann,")
    assert err.value.given == "ann,"
