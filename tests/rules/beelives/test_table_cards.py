"""Every season card at the table (rules/bee-lives.txt, "Season Cards"), with and without the
map: a month under each card is played choosing only among the options ``legal`` lists, so
every step a card adds (the D6 after foraging or scouting, the wild hive it spawns and where,
Perfect Weather's and Indian Summer's first-turn spawn, Cooler Temps' defenders, Desperate
Parties' raid) is one a program limited to ``legal`` can make.  A card that spawns a wild hive
does so when its trigger is taken and its D6 is rolled high.
"""

from __future__ import annotations

import random

import pytest
from test_table import COMPS

from hyvekit.rules.beelives import campaign as C
from hyvekit.rules.beelives import engine as E

CARDS = [c for c in COMPS.game.cards]
TRIGGER_VERB = {"forage": "forage", "scout": "scout"}


def _settings(on_map: bool) -> dict:
    return {"players": [{"name": "Susan", "queen": "prolific"},
                        {"name": "Jeremy", "queen": "aggressive"}],
            "map": on_map, "kind": "standard", "years": 1}


def _off_own_tile(option: str, state) -> bool:
    """A forage or scout away from the hive's own tile (a card's wild hive is spawned on the
    foraged tile, which must hold no hive: ruling L64)."""
    words = option.split(": ", 1)[-1].split()
    m = state.table.state.map if state.table is not None else None
    if m is None:
        return words[0] != "forage" or words[2] != "0"
    at = words[words.index("at") + 1] if "at" in words else ""
    return at != ",".join(map(str, m.hive(option.split(":")[0]).at))


def _choose(d, rng: random.Random, card, in_month: bool, state) -> str:
    legal = list(d.legal)
    assert legal, f"nothing legal at {d.prompt!r}"
    if d.kind == "dice" and in_month:
        return legal[-1]                       # the highest faces: the card's D6 hits
    if d.kind == "action":                     # foraging keeps the hives fed till then
        verbs = {TRIGGER_VERB[s.trigger] for s in card.spawns if s.trigger in TRIGGER_VERB}
        wanted = [o for o in legal if o.split(": ", 1)[-1].split()[0] in (
            verbs if in_month and verbs else {"forage", "scout"})]
        if in_month:                           # a spawn stated, else off the own tile
            wanted = [o for o in legal if " spawn " in o] or [
                o for o in wanted if _off_own_tile(o, state)] or wanted
        return rng.choice(wanted or legal)
    return rng.choice(legal)


def _month_under(card, on_map: bool, seed: int):
    """The campaign once the month under ``card`` is played (game ``seed``)."""
    rng = random.Random(f"{card.name} {seed}")
    state = C.new_campaign(C.settings_from_dict(_settings(on_map), COMPS), COMPS)
    month = None
    for _ in range(3000):
        d = E.decision(state)
        assert d is not None, "the game ended before the card's season"
        in_month = month is not None and (state.game.year, state.game.month) == month
        option = _choose(d, rng, card, in_month, state)
        if d.kind == "card" and f'card "{card.name}"' in d.legal and month is None:
            month = (state.game.year, state.game.month)
            option = f'card "{card.name}"'
        before = len(state.months)
        _, state = E.resolve_steps(state, [option], rng)
        if month is not None and len(state.months) > before:
            return state                        # the card's month is played
    raise AssertionError("the card's month did not end")


@pytest.mark.parametrize("on_map", [False, True], ids=["no-map", "map"])
@pytest.mark.parametrize("card", CARDS, ids=[c.name for c in CARDS])
def test_a_month_under_each_season_card_is_played_from_legal_alone(card, on_map):
    for seed in range(10):                     # a game whose hives act that month
        state = _month_under(card, on_map, seed)
        summary = state.months[-1].summary
        if summary["hives"]["Susan"]["actions"] and (summary["wild_spawned"] or
                                                     not card.spawns):
            break
    summary = state.months[-1].summary
    assert summary["card"] == card.name
    if card.spawns:
        verbs = {TRIGGER_VERB.get(s.trigger, "") for s in card.spawns}
        taken = [a[0] for h in summary["hives"].values() for a in h["actions"]]
        assert verbs & set(taken) or "" in verbs, f"{card.name}: its trigger never taken"
        assert summary["wild_spawned"], f"{card.name}: no wild hive spawned ({taken})"
