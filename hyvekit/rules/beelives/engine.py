"""The Bee Lives engine of the table protocol (:mod:`hyvekit.rules.table`): one step machine
over a campaign, after python-chess's ``Board``.  The table is the campaign's
:class:`~hyvekit.rules.beelives.campaign_settings.CampaignState`; what is due is asked of the
phases in the order the game meets them — winter upkeep, a solo card's start of the month
(:mod:`.campaign_phases`), then the month's own (:mod:`.month_phases`: the cards' phases
among them) — and a step is pushed to the phase that asked for it:

    pending(t)              the first phase's decision, in that order; over at the end
    push(t, step, rng)      that phase takes the step; what needs no decision follows

The step that ends a month plays the month record its steps made, as ``beelives log`` plays a
month file (:func:`month_played`), so the months, the solo facts, ``status`` and ``year-end``
do not know how a month was played.  A ``step`` event of a record is a step pushed again
(:func:`play_step`).
"""

from __future__ import annotations

import itertools
import random
import shlex
from typing import Any

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.beelives import month_phases as MP
from hyvekit.rules.beelives import table_view as TV
from hyvekit.rules.beelives import table_words as TW
from hyvekit.rules.beelives.campaign_phases import (R_AT_TABLE, CampaignPhase, card_phases,
                                                    card_rules, month_of, refuse_unsupported)
from hyvekit.rules.beelives.campaign_settings import (CampaignSettings, CampaignState,
                                                      new_campaign)
from hyvekit.rules.beelives.month_table import Table
from hyvekit.rules.beelives.notation import quote_name
from hyvekit.rules.beelives.record import month_record
from hyvekit.rules.beelives.state import NONE, Components
from hyvekit.rules.beelives.step_text import refusal
from hyvekit.rules.beelives.turn_steps import spawn_due, turn_due
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.table import MAX_STEP, BaseEngine, Decision, over, play_steps, spaced
from hyvekit.rules.validate import record_table, text as text_value
from hyvekit.rules.values import replace

#: a preview's first line when the option ends the month (what follows includes Cleanup and
#: the next month's first phases)
MONTH_ENDS = "the month ends (Cleanup and the next month's first phases follow)"


class WinterUpkeep(CampaignPhase):
    """Winter Upkeep after each year (Multiple Years Variant; End of the Game): three months
    of feeding and disease, the players who take starvation tokens for starving bees among
    the last three (``year-end take NAME[,NAME]``), a new queen where a card kills the old
    one (``queen TYPE``)."""

    name = TV.WINTER_UPKEEP

    def pending(self, state: CampaignState) -> Decision | None:
        game = state.game
        if game.stage != "winter":
            return None
        names = [p.name for p in game.players]
        takes = [()] + [c for n in range(1, len(names) + 1)
                        for c in itertools.combinations(names, n)]
        queens: list[str] = [""]
        dies = next((w for c in card_rules(state) if (w := c.queen_dies(state))), "")
        if dies:
            hive = game.players[0].hive
            queens = [f" queen {q}" for q in state.comps.board.queen_types if q != hive.queen]
        lead = game.players[game.first_player].name
        legal = tuple("year-end" + (" take " + ",".join(quote_name(n) for n in c) if c
                                    else "") + q for c in takes for q in queens)
        return Decision("winter", lead, f"Winter Upkeep after year {game.year}: three months "
                        "of feeding and disease" + (f" ({dies})" if dies else ""),
                        legal, more="take NAME: that player takes starvation tokens")

    def push(self, state: CampaignState, d: Decision, text: str, rng: random.Random
             ) -> tuple[CampaignState, str]:
        try:
            words = shlex.split(text)
        except ValueError:
            words = text.split()
        refuse = refusal(d, text)
        if not words or words[0].lower() != "year-end":
            raise refuse
        data: dict[str, Any] = {}
        rest = words[1:]
        while rest:
            key = rest.pop(0).lower()
            if key not in ("take", "queen") or not rest:
                raise refuse
            value = rest.pop(0)
            if key == "take":
                data["starvation"] = {N.hive_named(state.game, n.strip(), "year-end take",
                                                   players_only=True): "take"
                                      for n in value.split(",") if n.strip()}
            else:
                data["queens"] = {p.name: value.lower() for p in state.game.players}
        from hyvekit.rules.beelives.campaign_month import play_year_end
        return play_year_end(state, data), text


WINTER = WinterUpkeep()


def campaign_phases(state: CampaignState) -> tuple[CampaignPhase, ...]:
    """The phases played before a month's own: winter upkeep, the cards' start of a month."""
    return (WINTER, *card_phases(state))


def decision(state: CampaignState) -> Decision | None:
    """What is due in the campaign now: the first phase's decision, in the order the game
    meets them (None when the game is over).

    :raises IllegalActionError: what :func:`~.campaign_phases.refuse_unsupported` refuses.
    """
    if state.game.stage == "over":
        return None
    refuse_unsupported(state)
    due = _campaign_due(state)
    if due is not None:
        return due[1]
    m = month_of(state)
    assert m is not None
    return MP.month_pending(m)


def _campaign_due(state: CampaignState) -> tuple[CampaignPhase, Decision] | None:
    """The first phase before the month's own with a decision due, and that decision."""
    for phase in campaign_phases(state):
        d = phase.pending(state)
        if d is not None:
            return phase, d
    return None


def push(state: CampaignState, text: str, rng: random.Random | None = None,
         replay: bool = False) -> CampaignState:
    """The campaign after one step at the table: the phase whose decision is due takes it
    (``roll`` rolls the die due with ``rng``, ``draw`` turns over the card: both kept
    resolved in :attr:`CampaignState.last_step`, with what the step did in words in
    :attr:`CampaignState.said`); the month's step that ends it plays the month record the
    steps made (:func:`month_played`).  ``replay``: a step kept in a record, taken as it was
    accepted when it was made.

    :raises IllegalActionError: a step against the rules (the rule named, the legal options
        given), nothing due, a campaign not played at the table.
    :raises InvalidInputError: a step that is not a notation of the decision due.
    """
    rng = rng or random.Random()
    text = spaced(text)
    if state.game.stage == "over":
        raise IllegalActionError(R_AT_TABLE, "the game is over: nothing is due",
                                 expected="nothing", given=text)
    refuse_unsupported(state)
    due = _campaign_due(state)
    if due is not None:                   # winter upkeep, a card's start of the month
        phase, d = due
        after, resolved = phase.push(state, d, text, rng)
        said = [TW.step_words(d, resolved)]
        if phase is WINTER:
            from hyvekit.rules.beelives.summaries import winter_account
            said.append(f"Winter Upkeep after year {after.winters[-1].year} is played")
            said += winter_account(after.winters[-1].hives, after.scores)
        return replace(after, last_step=resolved, said=tuple(said))
    m = month_of(state)
    # a step kept in a record is said against what it answers as it was accepted then (a
    # wild hive's turn without its legal lines worked out); a step made now, the decision due
    d = MP.due_to_push(m) if replay else MP.month_pending(m)
    m2 = MP.month_push(m, text, rng, replay=replay)
    resolved = m2.steps[-1]
    said = [TW.step_words(d, resolved)]
    said += TW.month_words(m, m2) if not m2.lost else [f"{m2.lost}: the game is lost"]
    after = month_played(state, m2)
    if len(after.months) > len(state.months):     # the month's account, hive by hive
        from hyvekit.rules.beelives.summaries import month_account
        said += month_account(after.months[-1].summary,
                              {p.name: p.hive.vp for p in after.game.players})
    return replace(after, last_step=resolved, said=tuple(said))


def shown_after(state: CampaignState, text: str, rng: random.Random) -> CampaignState:
    """The campaign as a screen shows it after the step ``text``: what :func:`push` gives,
    less what no view shows — a month the step ends is not played as its month record (the
    months, the solo facts), its game taken as the table left it — and without the step's
    words.  What previews compare (a month-ending option's preview at a fraction of a push).

    :raises IllegalActionError, InvalidInputError: as :func:`push`.
    """
    if state.game.stage == "over" or _campaign_due(state) is not None:
        return push(state, text, rng)
    refuse_unsupported(state)
    m2 = MP.month_push(month_of(state), spaced(text), rng)
    if m2.done and not m2.lost:
        return replace(state, table=None, game=m2.result.state, last_step=m2.steps[-1],
                       said=())
    return replace(month_played(state, m2), last_step=m2.steps[-1], said=())


def month_played(state: CampaignState, m: Table) -> CampaignState:
    """The campaign once the month at the table is ``m``: still at the table, or, when the
    month is played, with the month record its steps made played as ``beelives log`` plays
    it (a lost month: its card only)."""
    if not m.done:
        return replace(state, table=m)
    # the month's record is played only once a month ends: showing the table loads none of it
    from hyvekit.rules.beelives import campaign_month as CM
    if m.lost:                                  # lost to a card: its card only
        return CM.play_month_event(replace(state, table=None), {
            "month": {"year": m.start.year, "month": m.start.month, "card": m.plan.card},
            "stated": dict(m.stated)})
    data: dict[str, Any] = {"month": month_record(m.plan)}
    if m.stated:
        data["stated"] = dict(m.stated)
    return CM.play_month_event(replace(state, table=None), data,
                               played=(m.start, m.plan, m.result))


def play_step(state: CampaignState, data: Any) -> CampaignState:
    """Apply the ``step`` event ``{"do": NOTATION}`` (resolved: no ``roll`` or ``draw``): a
    record's step replayed (:func:`push` is how a step is made).

    :raises IllegalActionError: a step against the rules (the rule named, the legal options
        given), a campaign not played at the table.
    :raises InvalidInputError: a step that is not a notation of the decision due.
    """
    data = record_table("step", data, ("do",))
    text = " ".join(text_value("do", data.get("do")).split())
    if not text or len(text) > MAX_STEP:
        raise InvalidInputError("do", text[:40], f"a step of 1 to {MAX_STEP} characters")
    if text.lower() in ("roll", "draw"):
        raise InvalidInputError("do", text, "a resolved step (the faces rolled, the card "
                                "drawn): resolve it with push")
    return push(state, text, replay=True)


def card_die(state: CampaignState) -> tuple[str, int, str, bool] | None:
    """The season card's D6 after a forage or scout, when it is the decision due: (the card,
    the lowest face that spawns a wild hive, "foraging" / "scouting", whether a wild hive
    can spawn on that tile at all), else None (Season Cards: "After foraging, roll the D6.
    On 5+, spawn a wild hive"; ruling L64: not on a tile that holds a hive)."""
    m = state.table
    if not isinstance(m, Table) or m.state is None or m.turn is None:
        return None                 # not in a turn: winter, a card's start of the month
    d = turn_due(m.state, m.turn, m.comps)
    if d is None or d.key != "card_d6":
        return None
    card = m.comps.card(m.state.card)
    a = m.turn.action
    verb = a.action
    lowest = min(s.d6_min for s in card.spawns if s.trigger == verb and s.d6_min is not None)
    hit = spawn_due(m.state, replace(a, dice=replace(a.dice, card_d6=6)), m.comps, False)
    free = hit is not None and hit[0] != NONE
    return card.name, lowest, "foraging" if verb == "forage" else "scouting", free


class BeeLivesEngine(BaseEngine):
    """Bee Lives campaigns at the table (rules/bee-lives.txt, How to Play): the decision due
    (:func:`decision`), one step pushed (:func:`push`)."""

    game, kind = "beelives", "campaign"

    def new(self, setup: tuple[CampaignSettings, Components]) -> CampaignState:
        """The campaign before its first event, from ``(settings, components)``."""
        settings, comps = setup
        return new_campaign(settings, comps)

    def pending(self, t: CampaignState) -> Decision:
        """The decision due; over once the last winter is played (``result``: the final
        scores).

        :raises IllegalActionError: a campaign not played at the table (a challenge card to
            draw first).
        """
        d = decision(t)
        return d if d is not None else over(TW.GAME_OVER, t.scores)

    def push(self, t: CampaignState, step: str, rng: random.Random | None = None
             ) -> CampaignState:
        return push(t, step, rng)

    def last_step(self, t: CampaignState) -> str:
        return t.last_step

    def said(self, t: CampaignState) -> tuple[str, ...]:
        return t.said

    def view(self, t: CampaignState) -> dict[str, Any]:
        return TV.view(t)

    #: where the month stands, and the card's words: not what a step changes
    QUIET = frozenset({"steps", "map", "phase", "round", "year", "month", "season",
                       "first_player", "card", "card_text", "card_effects", "solo_cards",
                       "carried"})
    LABELS = {"workers": "bees", "free": "free bees", "empty": "empty cells", "vp": "VP",
              "disease": "disease level", "mite_standing": "mite standing",
              "paused": "queen paused", "starvation": "starvation tokens",
              "threshold": "swarm threshold", "swarm_token": "swarm token"}

    def changes(self, before: dict[str, Any], after: dict[str, Any]) -> tuple[str, ...]:
        """The hives' and wild hives' numbers that changed, then what the step leads to
        later (:func:`~.table_words.notes`: a comb filled)."""
        ends = (before["year"], before["month"]) != (after["year"], after["month"])
        return ((MONTH_ENDS,) if ends else ()) + super().changes(before, after) \
            + TW.notes(before, after)

    def preview_detail(self, t: CampaignState, option: str
                       ) -> tuple[CampaignState, tuple[str, ...]]:
        """The option pushed and, when it leaves the season card's D6 after foraging or
        scouting due, that die too with a face that spawns nothing — so a forage's preview
        shows the cubes it takes — and a line saying which faces spawn a wild hive.  The
        tables are as screens show them (:func:`shown_after`: a month that ends is not played
        as its record)."""
        after = shown_after(t, option, random.Random(0))
        die = card_die(after)
        if die is None:
            return after, ()
        card, lowest, verb, free = die
        faces = "6" if lowest == 6 else f"{lowest}+"
        return shown_after(after, "1", random.Random(0)), (
            f"{card}'s D6 after {verb} follows: " + (
                f"on {faces} a wild hive spawns on the tile" if free else
                "no wild hive can spawn (the tile holds a hive, or none is left)"),)

    def previewed(self, d: Decision) -> bool:
        """Not a die's options, nor the season card turned over (a draw)."""
        return super().previewed(d) and d.kind != "card"


ENGINE = BeeLivesEngine()


def resolve_steps(state: CampaignState, texts: list[str], rng: random.Random, *,
                  auto: bool = True, roll: bool = False, said: list[str] | None = None
                  ) -> tuple[list[str], CampaignState]:
    """The steps ``texts`` pushed in order (:func:`hyvekit.rules.table.play_steps` with the
    Bee Lives engine): each resolved, and after each one the steps the tool plays itself
    (``auto``: a wild hive's only legal line; ``roll``: every die due, rolled).  ``said``,
    when given, gets what happened in words.

    :returns: ``(resolved steps in order, the state after them)``.
    :raises IllegalActionError, InvalidInputError: the first step refused (``step N`` named).
    """
    tables = play_steps(ENGINE, state, texts, rng, auto=auto, roll=roll)
    if said is not None:
        said.extend(line for t in tables for line in t.said)
    return [t.last_step for t in tables], (tables[-1] if tables else state)
