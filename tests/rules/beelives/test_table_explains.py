"""The Bee Lives table explains itself (issue 27): a swarm asked with its reason and the
numbers that make it, beside the table as the Swarm Phase finds it; the season card's text
and the solo cards in play on the table; each option's preview is what pushing that option
does to the table."""

from __future__ import annotations

import random
import re

import pytest

from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import table_view as TV
from hyvekit.rules.beelives import table_words as TW
from hyvekit.rules.beelives.campaign_phases import month_of
from hyvekit.rules.beelives import engine as E
from hyvekit.rules.common import IllegalActionError
from hyvekit.rules.table import previews

from test_table import COMPS, _states, settings_for

ENGINE = E.ENGINE
#: the view's keys by the words a preview uses for them
KEYS = {**{label: key for key, label in ENGINE.LABELS.items()}}


def _first(kind: str, seeds=range(40), limit: int = 300, said: str = ""):
    """The first state (of the seeded games) where a ``kind`` decision is due whose prompt
    says ``said``."""
    for seed in seeds:
        for state, d in _states(seed, limit):
            if d.kind == kind and said in d.prompt:
                return state, d
    raise AssertionError(f"no {kind} decision met")


def _value(text: str):
    return {"yes": True, "no": False, "none": None}.get(
        text, int(text) if re.fullmatch(r"-?\d+", text) else text)


def _claims(change: str) -> dict[tuple[str, str], tuple]:
    """``{(hive, view key): (before, after)}`` a preview states."""
    out = {}
    for part in filter(None, change.split("; ")):
        if TW.COMB_FULL in part or part == E.MONTH_ENDS or part.endswith((" new", " gone")):
            continue
        name, _, rest = part.partition(": ")
        for item in rest.split(", "):
            label, _, values = item.rpartition(" ")
            before, _, after = values.partition("→")
            out[(name, KEYS.get(label, label.replace(" ", "_")))] = (_value(before),
                                                                   _value(after))
    return out


def _hive_numbers(view: dict) -> dict[tuple[str, str], object]:
    return {(h["name"], k): v for h in view["hives"] for k, v in h.items() if k != "name"} | {
        (w["name"], k): v for w in view["wild"] for k, v in w.items() if k != "name"}


def _check_previews(state, d) -> int:
    """Every preview of ``d`` states exactly the hive numbers that pushing its option
    changes, with their values before and after."""
    shown = previews(ENGINE, state, d)
    before = _hive_numbers(ENGINE.view(state))
    for option, change in shown.items():
        after = _hive_numbers(ENGINE.view(ENGINE.push(state, option, random.Random(0))))
        changed = {k for k in after if k in before and after[k] != before[k]}
        claims = _claims(change)
        assert set(claims) == changed, (option, change)
        for k, (was, now) in claims.items():
            assert (before[k], after[k]) == (was, now), (option, k)
    return len(shown)


@pytest.mark.parametrize("kind", ["action", "swarm", "feeding", "sacrifice", "reroll", "wild",
                                  "winter"])
def test_each_kind_of_preview_is_what_pushing_the_option_does(kind):
    state, d = _first(kind)
    assert _check_previews(state, d) > 0
    assert ENGINE.view(state) == ENGINE.view(state)          # the previews left it as it was


def test_a_die_and_a_card_drawn_get_no_preview():
    state, d = _first("dice")
    assert previews(ENGINE, state, d) == {}
    state, d = _first("card")
    assert previews(ENGINE, state, d) == {}


@pytest.mark.parametrize("reason", ["swarm token", "bees > swarm threshold"])
def test_a_swarm_is_asked_with_its_reason_beside_the_table_the_swarm_phase_finds(reason):
    """Swarm Phase: a hive swarms with a swarm token or with more bees than its swarm
    threshold; the table shown is after the Egg, Feeding and Brood Phases."""
    state, d = _first("swarm", said=reason)
    hive = next(h for h in ENGINE.view(state)["hives"] if h["name"] == d.actor)
    over = re.search(r"(\d+) bees > swarm threshold (\d+) \(comb (\d+)", d.prompt)
    token = "a swarm token (no empty cell in the Egg Phase)" in d.prompt
    assert over or token, d.prompt
    assert TV.view(state)["phase"] == "Swarm Phase"
    if over:                      # the numbers are the table's, as the swarm finds them
        assert (hive["workers"], hive["threshold"], hive["comb"]) == tuple(
            map(int, over.groups()))
        assert hive["workers"] > hive["threshold"]
    else:
        assert hive["swarm_token"]


def test_the_table_shows_the_season_card_text_and_the_solo_cards_in_play():
    settings = {**settings_for(4), "kind": "solo-challenge", "challenge": "Builder"}
    state = C.new_campaign(C.settings_from_dict(settings, COMPS), COMPS)
    view = TV.view(state)
    assert view["card_text"] == "" and view["card_effects"] == []
    assert view["solo_cards"] == [{"name": "Builder", "kind": "challenge",
                                   "text": COMPS.solo.find("Builder").text}]
    state = ENGINE.push(state, 'card "Beginning of the Flow"')
    view = TV.view(state)
    card = COMPS.game.card("Beginning of the Flow")
    assert view["card_text"] == card.text and view["card_effects"] == card.effects()


def test_a_step_that_fills_the_comb_says_a_swarm_token_is_coming():
    """Egg Phase: "If you have zero empty cells, then take a swarm token"."""
    state = C.new_campaign(C.settings_from_dict(
        {"kind": "standard", "players": [{"name": "Ann", "queen": "prolific"},
                                         {"name": "Bo", "queen": "prolific"}]}, COMPS), COMPS)
    state = ENGINE.push(state, 'card "Beginning of the Flow"')
    shown = previews(ENGINE, state)
    full = [o for o, change in shown.items() if "empty cells 10→0" in change]
    assert full
    for o in full:
        assert f"Ann: {TW.COMB_FULL}" in shown[o]
    assert not any("comb full" in c for o, c in shown.items() if o not in full)


def _met(test, seeds=range(40), limit: int = 300):
    """The first state (of the seeded games, nothing played by the tool) whose decision
    passes ``test``."""
    for seed in seeds:
        for state, d in _states(seed, limit, auto=False):
            if test(d):
                return state, d
    raise AssertionError("no such decision met")


def test_a_single_option_decision_is_played_by_the_tool_unless_the_setting_asks_for_it():
    from hyvekit.rules.table import play_steps
    state, d = _met(lambda d: d.forced and not d.auto)
    assert len(d.legal) == 1 and not d.more
    played = play_steps(ENGINE, state, [], forced=True)
    assert [ENGINE.last_step(t) for t in played][:1] == [d.legal[0]]
    assert ENGINE.pending(played[0]) != d
    assert play_steps(ENGINE, state, [], forced=False) == []           # left to be typed
    # typed all the same (as next showed it): pushed once, as typed, not played twice
    typed = play_steps(ENGINE, state, [d.legal[0].split(": ", 1)[-1]], forced=True)
    assert [ENGINE.last_step(t) for t in typed] == [ENGINE.last_step(t) for t in played]


def test_a_raid_that_takes_the_wild_hive_to_zero_asks_no_sacrifice():
    """Raiding a Wild Hive: sacrificed bees reduce its strength "to a minimum of zero": once
    the party's strength takes it to 0, the tool plays "sacrifice 0"; a record that holds
    another sacrifice there still replays."""
    from hyvekit.rules.table import play_steps
    state, d = _met(lambda d: d.kind == "sacrifice" and "nothing to sacrifice" in d.prompt,
                    seeds=range(6, 40))
    wiped = re.search(r"strength (\d+) takes (\S+) \(strength (\d+)\) to 0", d.prompt)
    assert wiped and int(wiped[1]) >= int(wiped[3])
    assert d.auto and d.legal[0].endswith(": sacrifice 0")
    played = play_steps(ENGINE, state, [], forced=False)
    assert ENGINE.last_step(played[0]) == d.legal[0]
    if len(d.legal) > 1:
        ENGINE.push(state, d.legal[1])                 # still accepted (older records)


def test_the_setting_leaves_single_option_decisions_to_be_typed(monkeypatch):
    from hyvekit.games.table import ASK_FORCED, forced_steps
    monkeypatch.delenv(ASK_FORCED, raising=False)
    assert forced_steps()
    monkeypatch.setenv(ASK_FORCED, "1")
    assert not forced_steps()
    monkeypatch.setenv(ASK_FORCED, "0")
    assert forced_steps()


def test_the_step_that_ends_a_month_gives_its_account_hive_by_hive():
    """Each hive's VP gained this month, its total, and why; the wild hives after it."""
    rng = random.Random(3)
    state = C.new_campaign(C.settings_from_dict(settings_for(3), COMPS), COMPS)
    while not state.months:
        d = E.decision(state)
        state = ENGINE.push(state, rng.choice(d.legal), rng)
    entry, said = state.months[0], state.said
    for p in state.game.players:
        gained = entry.summary["hives"][p.name]["vp_gained"]
        assert any(line.startswith(f"{p.name}: {gained:+d} VP (now {p.hive.vp})")
                   for line in said), said
    if entry.summary["wild_strength"]:
        assert "wild hives now: " + ", ".join(
            f"{n} {s}" for n, s in entry.summary["wild_strength"].items()) in said


def test_perfect_weather_on_the_map_lists_the_scouts_with_their_spawn():
    """Perfect Weather: "On your first turn this month, spawn a wild hive (strength 3) on a
    tile up to 3 spaces away from your own hive" — with no tile but her own in reach, Ann's
    scout names the wild hive and its tile, and every such option is taken."""
    state = C.new_campaign(C.settings_from_dict(
        {"kind": "standard", "map": True, "players": [{"name": "Ann", "queen": "prolific"},
                                                      {"name": "Bo", "queen": "nomadic"}]},
        COMPS), COMPS)
    state = ENGINE.push(state, 'card "Perfect Weather"')
    d = ENGINE.pending(state)
    scouts = [o for o in d.legal if ": scout " in o]
    assert scouts and all(re.search(r" spawn ACORN spawn-at -?\d+,-?\d+$", o) for o in scouts)
    for option in scouts:
        after = ENGINE.push(state, option)
        assert "ACORN" in [w["name"] for w in ENGINE.view(after)["wild"]]
    with pytest.raises(IllegalActionError, match="must be spawned"):
        ENGINE.push(state, scouts[0].split(" spawn ")[0])


def test_keep_or_reroll_gives_the_strength_with_the_aggressive_queens_bonus():
    """Queen Types: an aggressive queen adds 1 to the raid's strength per two bees of the
    party; "total 1 with 2 bees" is strength 2."""
    state, d = _first("reroll", seeds=range(15, 40), said="aggressive queen")
    m = re.search(r"total (\d+) with (\d+) bees, strength (\d+) \((\d+) from the dice, at "
                  r"most the bees; \+(\d+) aggressive queen", d.prompt)
    assert m, d.prompt
    total, party, strength, rolled, bonus = map(int, m.groups())
    assert rolled == min(total, party) and bonus == party // 2 > 0
    assert strength == rolled + bonus


def test_a_die_lists_its_faces_so_a_program_limited_to_legal_can_enter_them():
    """A die decision lists ``roll`` and each way the dice can fall, where that is at most
    36 ways (one or two D6); every face listed is taken as the die rolled."""
    from hyvekit.rules.table import LISTED_FACES, dice_steps
    assert dice_steps(1, range(1, 7)) == ("roll", "1", "2", "3", "4", "5", "6")
    assert len(dice_steps(2, range(1, 7))) == 1 + 36 and "66" in dice_steps(2, range(1, 7))
    assert dice_steps(3, range(1, 7)) == ("roll",) and 6 ** 3 > LISTED_FACES
    state, d = _first("dice", said="roll the D6 after scouting")
    assert d.legal == ("roll", "1", "2", "3", "4", "5", "6")
    for face in d.legal[1:]:
        assert ENGINE.last_step(ENGINE.push(state, face)) == face


def test_last_months_card_is_shown_with_what_it_carries_into_this_month():
    """Season Cards: "Next month, each honey is enough to feed 3 workers" (Culling of the
    Drones) and the like: before this month's card is turned over, the table says which card
    lies on the board and what it does to this month; no card of this month yet."""
    for seed in range(40):
        for state, d in _states(seed, 400):
            view = TV.view(state)
            if view["carried"]:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no month after a card with a next-month effect")
    card = COMPS.game.card(view["carried"]["card"])
    assert view["card"] is None and view["card_text"] == ""
    assert view["carried"]["effects"] == [e for e in card.effects() if "Phase next month" in e]
    assert view["carried"]["effects"]


def test_last_months_overheating_is_not_carried_into_this_month():
    """The trial: "from last month's card (Unseasonably Warm): overheating (... no brood
    hatches next month)" read as if in force; its pause was applied at that month's Cleanup."""
    hot = [c for c in COMPS.game.cards if c.overheating]
    assert hot
    for seed in range(40):
        for state, d in _states(seed, 400):
            t = state.table
            if t is not None and t.state is None and state.game.card in {c.name for c in hot}:
                assert TV.view(state)["carried"] is None
                return
    raise AssertionError("no month after an overheating card met")


def test_the_last_winter_gives_each_hives_end_the_final_scores_and_the_winner():
    """Winter Upkeep and End of the Game, on screen: each hive's bees and honey through the
    winter and its VP, then the final scores and the winner (or that no hive has a bee)."""
    from test_table import play_game
    state, _ = play_game(3)
    said, scoring = state.said, state.scores
    assert scoring is not None and said[0].startswith("year-end")
    for h in state.winters[-1].hives:
        assert any(line.startswith(f"{h['hive']}: {h['bees']} bees and {h['honey']} honey")
                   and line.endswith(f"; {h['vp']} VP") for line in said), said
    assert "final scores: " + ", ".join(
        f"{line.player.name} {line.total} VP" + ("" if line.eligible else " (no bee left)")
        for line in scoring.lines) in said
    if scoring.winners:                                # a tie broken says by what
        assert said[-1].startswith("the winner: " + " and ".join(scoring.winners))
    else:
        assert said[-1] == "no winner: no hive has a bee left"


def test_a_feeding_choice_is_asked_beside_the_hives_after_the_egg_phase():
    """Egg Phase first: "If you have zero empty cells, then take a swarm token" — the table
    at a Feeding Phase choice shows each hive's brood counted and its swarm token taken."""
    from hyvekit.rules.beelives import phases
    for seed in range(40):           # a Feeding choice in a month that began with a full comb
        found = [(st, d) for st, d in _states(seed, 300) if d.kind == "feeding" and any(
            p.hive.empty == 0 for p in month_of(st).start.players)]
        if found:
            state, d = found[0]
            break
    else:
        raise AssertionError("no feeding choice after a full comb met")
    t = month_of(state)
    shown = {h["name"]: h for h in TV.view(state)["hives"]}
    assert any(shown[p.name]["swarm_token"] and not p.hive.swarm_token
               for p in t.start.players)                     # taken in the Egg Phase
    for p in t.start.players:
        after_egg = phases.egg_phase(p.hive, COMPS.board).hive
        assert shown[p.name]["swarm_token"] == after_egg.swarm_token
    assert TV.view(state)["phase"] == "Feeding Phase"


def test_a_forage_under_a_card_that_rolls_after_it_previews_its_cubes_and_the_die():
    """The trial's finding: a forage whose card rolls a D6 after it previewed only the bee it
    sends.  The preview goes on through the die with a face that spawns nothing, and says
    which faces spawn."""
    rolls = {"In Like a Lion", "Late Bloom", "The Final Flow", "Unseasonably Warm"}
    state, d = next((s, d) for seed in range(60) for s, d in _states(seed, 400, auto=False)
                    if d.kind == "action" and s.table.state.card in rolls and any(
                        o.split(": ", 1)[-1].startswith("forage") for o in d.legal))
    shown = previews(ENGINE, state, d)
    option = next(o for o in d.legal if o.split(": ", 1)[-1].startswith("forage")
                  and shown.get(o))
    text = shown[option]
    card = state.table.state.card
    assert text.startswith(f"{card}'s D6 after foraging follows: ")
    after = ENGINE.push(ENGINE.push(state, option), "1")
    lines = ENGINE.changes(ENGINE.view(state), ENGINE.view(after))
    assert "; ".join(lines) in text and any("honey" in x or "pollen" in x or "water" in x
                                            for x in lines), text


def test_the_phases_before_the_card_are_said_by_the_choice_that_ends_them():
    """The trial's finding: the Egg, Feeding, Brood and Swarm Phases were said under the
    card drawn, after the last swarm choice.  They are said by that choice, and the card
    step says only its own phase; together the same lines as the card step said alone."""
    state, d = next((s, d) for seed in range(40) for s, d in _states(seed, 300, auto=False)
                    if d.kind == "swarm" and s.table is not None and s.table.state is None)
    after = ENGINE.push(state, d.legal[0])
    while ENGINE.pending(after).kind != "card":
        after = ENGINE.push(after, ENGINE.pending(after).legal[0])
    early = [x for x in after.said if x != after.last_step]
    assert any("swarm" in x.lower() for x in early), early
    drawn = ENGINE.push(after, ENGINE.pending(after).legal[1])      # a card named
    t = drawn.table
    alone = [TW.event_words(ev) for ev in t.events[1:]]
    assert [x for x in early + list(drawn.said[1:]) if x] == \
        [x for x in alone if x][:len(early)] + list(drawn.said[1:])
    assert not set(early) & set(drawn.said[1:])


@pytest.mark.parametrize("card", ["Three Generations", "Wildfire"])
def test_a_campaign_cards_start_of_the_month_on_the_map_is_previewed(card):
    """Three Generations' and Wildfire's wild hives placed before the month begins (a
    ``place`` decision outside any turn) get a preview for every place, as any decision
    does: before, previews read a turn's die from a table that was the card's start."""
    rng = random.Random(0)
    raw = {"kind": "solo-campaign", "campaign": card, "map": True,
           "players": [{"name": "Ann", "queen": "prolific"}]}
    state = C.new_campaign(C.settings_from_dict(raw, COMPS), COMPS)
    met = 0
    while met < 3 and (d := E.decision(state)) is not None:
        if d.kind == "place" and month_of(state) is None:      # before the month
            shown = previews(ENGINE, state, d)
            assert sorted(shown) == sorted(d.legal)
            met += 1
        option = "roll" if d.kind == "dice" else rng.choice(d.legal)
        _, state = E.resolve_steps(state, [option], rng)
    assert met, f"no {card} wild hive placed on the map"


def test_a_preview_shows_the_table_a_push_leaves_when_the_option_ends_the_month():
    """Previews compare the table as screens show it (``engine.shown_after``): for an option
    that ends the month, the month is not played as its record, yet the view is the one the
    push gives (and the next month's decision the same)."""
    met = 0
    for seed in (1, 2, 5, 6):
        for state, d in _states(seed, 300):
            if d.kind not in ("action", "wild") or met >= 6:
                continue
            for option in d.legal[:6]:
                rng = random.Random(0)
                pushed = E.push(state, option, random.Random(0))
                if len(pushed.months) == len(state.months):
                    continue                              # the month goes on
                shown = E.shown_after(state, option, rng)
                assert ENGINE.view(shown) == ENGINE.view(pushed)
                assert ENGINE.pending(shown) == ENGINE.pending(pushed)
                assert len(shown.months) == len(state.months)    # no month record played
                met += 1
    assert met >= 3, "no option that ends a month was met"
