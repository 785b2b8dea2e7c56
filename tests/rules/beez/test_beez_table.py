"""Beez at the table, flight by flight (hyvekit.rules.beez.table): the decisions due, their
legal options, and the rulebook's scoring example played out."""

from __future__ import annotations

import random

import pytest

from hyvekit.data import beez as tables
from hyvekit.rules.beez import table as T
from hyvekit.rules.beez.honeycomb import format_honeycomb, parse_honeycomb
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from tests.rules.beez.test_beez_rules import LAYOUT, LIB, MARTIN, PALETTE

# Martin's flights: nine single small nectar, then the two large ones, each with a small one
# (a flight takes one small nectar, or a large one with at most one small: Phase 2); the last
# is the Phase 3 example (a 5-space flight: small pink in the upper, large pink in the lower
# "4/5" row).  13 nectar: the 12th is reached on his 11th flight.
MARTIN_FLIGHTS = [
    ("fly 3 w", ["store w B1"]), ("fly 3 y", ["store y B2"]), ("fly 3 p", ["store p B4"]),
    ("fly 2 o", ["store o C2"]), ("fly 1 o", ["store o C3"]), ("fly 2 p", ["store p C4"]),
    ("fly 3 b", ["store b D3"]), ("fly 5 y", ["store y E1"]), ("fly 4 b", ["store b E2"]),
    ("fly 4 W w", ["store W A1", "store w A2"]), ("fly 5 P p", ["store p A3", "store P E3"]),
]
# Sophie: the middle row filled by short flights, then a flight whose nectar has no chamber
# left (put back by the tool), some empty-handed flights, and a 3-space flight.
SOPHIE_FLIGHTS = [
    ("fly 1 y", ["store y C1"]), ("fly 2 o", ["store o C2"]), ("fly 1 Y b", ["store b C3",
                                                                           "store Y C4"]),
    ("fly 2 w", ["store w C5"]), ("fly 1 y", []), ("empty", []), ("fly 3 o", ["store o B1"]),
    ("empty", []), ("fly 2 B b", []), ("fly 3 p", ["store p D4"]), ("empty", []),
]


def setup(secret=None, expert=False, cards=None, players=("Martin", "Sophie")):
    settings = {"players": list(players),
                "common": ["both-4-5-rows", "middle-row", "colours"],
                "secret": secret if secret is not None else {
                    "Martin": ["three-colour-line", "bow"]},
                "expert": expert}
    library = {**LIB, **(cards or {})}
    return T.setup_from_settings(settings, library, LAYOUT, PALETTE)


def play_example(t):
    for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS, SOPHIE_FLIGHTS):
        for step in [mf, *ms, sf, *ss]:
            d = T.pending(t)
            assert step in d.legal, (step, d)
            t = T.push(t, step)
    return t


def test_a_two_player_game_flight_by_flight_scores_the_rulebook_example_36():
    """Issue 16 acceptance: the scoring example played out flight by flight; Martin's
    honeycomb is the rulebook's and scores 12 + 0 + 10 + 6 + 8 = 36."""
    t = play_example(T.new_table(setup()))
    assert t.game.over and t.game.trigger_round == 11
    assert format_honeycomb(t.game.boards[0], PALETTE, labels=False) == format_honeycomb(
        parse_honeycomb(MARTIN, LAYOUT, PALETTE), PALETTE, labels=False)
    d = T.pending(t)
    assert (d.kind, d.actor) == ("secret", "Sophie")
    assert "secret colours bow" not in d.legal        # a common card (ruling B19)
    t = T.push(t, "Sophie: secret bow 'manual: \"Queen cup\" = 7'")
    assert T.pending(t).over
    scored, outcome = T.final_scores(t)
    martin, sophie = scored
    assert [s.honey for s in martin.scores] == [12, 0, 10, 6, 8] and martin.total == 36
    assert sophie.scores[-1].honey == 7
    assert outcome.winners == ("Martin",)
    assert T.replay(t.setup, t.steps).game == t.game


def test_the_tool_puts_back_what_cannot_be_stored():
    t = T.new_table(setup())
    steps = [s for (mf, ms), (sf, ss) in zip(MARTIN_FLIGHTS[:5], SOPHIE_FLIGHTS[:5])
             for s in [mf, *ms, sf, *ss]]
    t = T.replay(t.setup, steps[:-1])                 # Sophie's "fly 1 y" with row C full
    t = T.push(t, steps[-1])
    assert any("back on its original place" in line for line in t.said)
    assert t.game.boards[1].count == 5 and T.pending(t).actor == "Martin"


def test_room_for_one_of_two_nectar_the_player_chooses_which():
    t = T.new_table(setup())
    t = T.replay(t.setup, ["fly 1 o", "store o C1", "fly 1 y", "store y C1",
                           "fly 1 o", "store o C2", "fly 1 y", "store y C2",
                           "fly 2 o", "store o C3", "fly 2 y", "store y C3",
                           "fly 2 o", "store o C4", "fly 2 y", "store y C4"])
    t = T.push(t, "fly 1 P w")
    assert T.pending(t).legal == ("store P C5", "store w C5")
    t = T.push(t, "store P C5")
    assert any("small white nectar: back on its original place" in x for x in t.said)
    t = T.push(t, "fly 1 W w")
    assert T.pending(t).legal == ("store W C5", "store w C5")
    t = T.push(t, "store w C5")
    assert any("large white nectar: back on the centre of the flower, with your bee on top"
               in x for x in t.said)


def test_experts_store_next_to_a_stored_nectar():
    t = T.new_table(setup(expert=True))
    t = T.replay(t.setup, ["fly 3 p", "store p B4", "empty", "fly 5 W p"])
    assert T.pending(t).legal == ("store W A3", "store p A3")
    with pytest.raises(IllegalActionError, match="Rules for Experts") as err:
        T.push(t, "store W E1")
    assert "Legal: store W A3; store p A3" in str(err.value)


def test_a_step_against_the_storing_rules_names_the_rule_and_the_legal_options():
    t = T.push(T.new_table(setup()), "fly 5 p")
    with pytest.raises(IllegalActionError) as err:
        T.push(t, "store p C3")
    assert err.value.rule == "Beez: Phase 3 — storing nectar"
    assert "Legal: store p A1" in str(err.value) and err.value.expected[0] == "store p A1"


def test_a_take_the_field_cannot_give_is_refused():
    """Ruling B21: 2 large nectar of each colour; with both large pinks stored, none is left."""
    t = T.replay(setup(), ["fly 5 P", "store P A1", "fly 5 P", "store P A1"])
    assert not any(" P" in o for o in T.pending(t).legal)
    with pytest.raises(IllegalActionError, match="no large pink nectar is left"):
        T.push(t, "fly 4 P w")
    with pytest.raises(IllegalActionError, match="Phase 2"):
        T.push(t, "fly 4 w w")


@pytest.mark.parametrize("step, needle", [
    ("flu 3 w", "did you mean"), ("fly 9 w", "flight distance"), ("fly 3 q", "colour letter"),
    ("fly 3", "nectar taken"), ("store w A1", "flight step is due"),
    ("Sophie: fly 3 w", "Martin's decision"),
])
def test_bad_steps(step, needle):
    with pytest.raises((IllegalActionError, InvalidInputError)) as err:
        T.push(T.new_table(setup()), step)
    assert needle in str(err.value) or needle in repr(getattr(err.value, "suggestions", ""))


def test_a_common_card_is_not_a_legal_secret_card_ruling_b19():
    t = T.new_table(setup(secret={}))
    t = play_example(t)
    d = T.pending(t)
    assert d.actor == "Martin" and all("colours" not in o.split()[1:] for o in d.legal)
    with pytest.raises(IllegalActionError, match="a common objective"):
        T.push(t, "secret colours bow")
    with pytest.raises(InvalidInputError, match="colours"):
        setup(secret={"Martin": ["colours", "bow"]}) and T.new_table(
            setup(secret={"Martin": ["colours", "bow"]}))


def test_a_card_without_a_description_takes_its_value_by_hand_at_the_end():
    mine = tables.objectives_with([{"id": "queen-cup", "name": "Queen cup",
                                    "text": "a cup of royal jelly"}])["queen-cup"]
    s = setup(secret={"Martin": ["three-colour-line", "bow"],
                      "Sophie": ["bow", "queen-cup"]}, cards={"queen-cup": mine})
    t = play_example(T.new_table(s))
    d = T.pending(t)
    assert (d.kind, d.actor, d.legal[7]) == ("value", "Sophie", "value queen-cup 7")
    t = T.push(t, "value queen-cup 12")
    scored, _ = T.final_scores(t)
    assert scored[1].scores[-1].honey == 12 and scored[0].total == 36


def test_every_legal_option_round_trips_and_is_accepted_in_random_games():
    """Every legal string is accepted by push and kept as itself; random games always end."""
    rng = random.Random(16)
    for game in range(6):
        t = T.new_table(setup(secret={}, expert=game % 2 == 1,
                              players=("A", "B", "C")[: 2 + game % 2]))
        for _ in range(400):
            d = T.pending(t)
            if d.over:
                break
            options = list(d.legal)
            for option in rng.sample(options, min(3, len(options))):
                assert T.push(t, option).steps[-1] == option
            # prefer storing flights, so the game reaches its end
            flights = [o for o in options if o.startswith("fly")] or options
            t = T.push(t, rng.choice(flights))
        assert T.pending(t).over and T.final_scores(t) is not None
        assert T.replay(t.setup, t.steps) == t
