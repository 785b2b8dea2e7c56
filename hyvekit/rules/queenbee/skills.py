"""Queen Bee's hive skills at setup, as steps of the table protocol (Advanced Rules).

Rulebook: "Twelve HIVE SKILL cards ... One Hive Skill per Player: During setup, deal each
player two hive skill cards. Each player must choose one skill and discard the other. Two Hive
Skills per Player: ... lay out all the hive skill cards on the table ... the first player
chooses ... then the second player ... After that, the player who chose his first skill card
last chooses first for his second ..., and so on back around the table. When all players have
two skill cards, discard the remaining cards."

The rulebook prints neither the skills' names nor their effects (ruling Q30): a card is named
as the players read it (``skill Royal Jelly``), or by an identifier of hyvekit's, ``card-1`` …
``card-12``, for a card no one names; twelve cards in all.  Their effects are not applied:
the table shows each player's skills.

The steps (docs/queenbee-table.md):

* one skill each, in seat order: ``deal`` (hyvekit deals two cards from those left, stored as
  ``dealt A, B``) or ``dealt A, B`` (the two cards as dealt at the table); then ``skill A``
  or ``skill B``: the card kept, the other discarded.  ``skill NAME`` before a deal states the
  kept card alone (the other stays unknown; records made before the deal was a step);
* two skills each, drafted: ``skill NAME``, the order snaking back.
"""

from __future__ import annotations

import random
import re

from hyvekit.rules.common import InvalidInputError
from hyvekit.rules.queenbee import match_table as M
from hyvekit.rules.queenbee.matches import HIVE_SKILL_CARDS
from hyvekit.rules.table import Decision
from hyvekit.rules.values import replace

R_SKILLS = "Queen Bee: Advanced Rules"
SKILL_CARDS = HIVE_SKILL_CARDS  # Advanced Rules: "Twelve HIVE SKILL cards"
DEALT = 2                     # One Hive Skill per Player: "deal each player two"
MAX_SKILL_NAME = 30


def skill_seat(t: M.Table) -> int:
    """Whose hive skill is chosen next: seat order for the first; for the second, back from
    the one who chose last (Advanced Rules)."""
    n = len(t.players)
    order = list(range(n)) + list(reversed(range(n)))
    return order[sum(len(s) for s in t.skills)]


def used(t: M.Table) -> list[str]:
    """The skill cards out of the stack, case-folded: held, discarded, dealt now."""
    return [s for hand in t.skills for s in hand] + list(t.skills_out) + list(t.skill_dealt)


def left(t: M.Table) -> tuple[str, ...]:
    """The skill cards still to deal or draft, by hyvekit's identifiers: twelve less those
    out of the stack (a card named by the players stands for one of them)."""
    out = set(used(t))
    ids = [f"card-{k}" for k in range(1, SKILL_CARDS + 1) if f"card-{k}" not in out]
    return tuple(ids[:max(0, SKILL_CARDS - len(out))])


def pending(t: M.Table) -> Decision:
    """The hive skill decision due: a deal (one skill each, no cards dealt yet), the choice of
    one of the two dealt, or the draft's next pick (two each)."""
    seat = skill_seat(t)
    name = t.name(seat)
    if t.setup.skills == 1 and not t.skill_dealt:
        return Decision("skill", name, f"{name} is dealt two hive skill cards (one skill "
                        "each): 'deal' (hyvekit deals) or the two as dealt at the table",
                        ("deal",), more="dealt NAME, NAME: the two cards you were dealt, "
                        "as named on them")
    if t.setup.skills == 1:
        return Decision("skill", name, f"{name} keeps one of the hive skills dealt, "
                        f"{' and '.join(t.skill_dealt)}; the other is discarded",
                        tuple(f"skill {s}" for s in t.skill_dealt))
    return Decision("skill", name, f"{name} chooses a hive skill from those laid out (two "
                    f"each, {len(left(t))} left): its name as on the card",
                    tuple(f"skill {s}" for s in left(t)), more="skill NAME, as on the card")


def _name(text: str, body: str) -> str:
    from hyvekit.rules.validate import input_text
    if not text.strip():
        raise InvalidInputError("skill", body, "the name of a hive skill card")
    name = input_text("skill", text, MAX_SKILL_NAME).casefold()
    number = re.fullmatch(r"card-?(\d+)", name)
    if number and not 1 <= int(number[1]) <= SKILL_CARDS:   # hyvekit's own names: card-1 …
        raise InvalidInputError("skill", text.strip(), f"card-1 … card-{SKILL_CARDS} (hyvekit's "
                                "names of the twelve cards) or the name on your card")
    return f"card-{int(number[1])}" if number else name      # card3, Card-03 → card-3


def push(t: M.Table, d: Decision, words: list[str], body: str,
         rng: random.Random | None = None) -> tuple[M.Table, str]:
    """The table after a hive skill step (``deal``, ``dealt A, B``, ``skill NAME``) and the
    step as stored (a deal as the cards dealt).

    :raises IllegalActionError: a card held, discarded or dealt already; a kept card that
        was not dealt; no card left to deal.
    :raises InvalidInputError: a step that is not one of these.
    """
    verb = words[0].lower() if words else ""
    if verb in ("deal", "dealt"):
        if t.setup.skills != 1 or t.skill_dealt:
            raise M.refuse(d, body, "the hive skill cards are dealt two a player, with one "
                           "skill each, before that player keeps one", R_SKILLS)
        if verb == "deal":
            pool = list(left(t))
            if len(pool) < DEALT:
                raise M.refuse(d, body, "no two hive skill cards are left to deal", R_SKILLS)
            cards = tuple((rng or random.Random()).sample(pool, DEALT))
        else:
            cards = tuple(_name(c, body) for c in " ".join(words[1:]).split(","))
            if len(cards) != DEALT or cards[0] == cards[1]:
                raise InvalidInputError("dealt", body, "two different hive skill cards: "
                                        "dealt NAME, NAME")
        _check_free(t, d, body, cards)
        return replace(t, skill_dealt=cards, said=(f"{d.actor} is dealt the hive skills "
                                                   f"{' and '.join(cards)}",)), \
            f"dealt {', '.join(cards)}"
    if verb != "skill":
        raise InvalidInputError("step", body, "deal, dealt NAME, NAME or skill NAME")
    name = _name(" ".join(words[1:]), body)
    seat = skill_seat(t)
    out, said = t.skills_out, f"{d.actor} keeps the hive skill {name}"
    if t.skill_dealt:
        if name not in t.skill_dealt:
            raise M.refuse(d, body, f"keep one of the two dealt: {' or '.join(t.skill_dealt)}",
                           R_SKILLS)
        other = next(s for s in t.skill_dealt if s != name)
        out, said = out + (other,), f"{said} and discards {other}"
    else:
        _check_free(t, d, body, (name,))
    skills = t.skills[:seat] + (t.skills[seat] + (name,),) + t.skills[seat + 1:]
    done = sum(map(len, skills)) == t.setup.skills * len(t.players)
    t = replace(t, skills=skills, skill_dealt=(), skills_out=out,
                phase="start" if done else "skills", said=(said,))
    if done and t.setup.skills == 2 and left(t):
        t = replace(t, skills_out=t.skills_out + left(t),
                    said=t.said + (f"the {len(left(t))} hive skill cards left are "
                                   "discarded",))
    return t, f"skill {name}"


def _check_free(t: M.Table, d: Decision, body: str, cards: tuple[str, ...]) -> None:
    """:raises IllegalActionError: a card already held, discarded or dealt, or more cards
    than the twelve."""
    taken = used(t)
    for c in cards:
        if c in taken:
            raise M.refuse(d, body, f"{c} is held already: each hive skill card is dealt "
                           "to one player", R_SKILLS)
    if len(taken) + len(cards) > SKILL_CARDS:
        raise M.refuse(d, body, f"there are {SKILL_CARDS} hive skill cards", R_SKILLS)

