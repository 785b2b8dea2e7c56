"""Reading a step typed at the Bee Lives table (docs/beelives-table.md, "Steps"): a step is
said against the decision due, with or without whose it is (``Susan: defend 2``), in any case
and spacing; a step that is not legal is refused with the rule and the legal options that
share its first words.  No rule of the game is here: the phases (:mod:`.month_phases`, the
cards' own) decide what is legal; this module only reads and answers.
"""

from __future__ import annotations

import shlex

from hyvekit.rules.beelives import notation as N
from hyvekit.rules.common import IllegalActionError, InvalidInputError
from hyvekit.rules.table import Decision, norm, same_start
from hyvekit.rules.validate import close_matches

R_TABLE = "Bee Lives: the decision due"


def legal_hint(d: Decision, text: str, most: int = 8) -> str:
    """The legal options to show beside a refused ``text``: those sharing its longest
    leading words when there are any (``forage wet 5`` → the forages of the wet tile,
    ``defend 9`` → the defends), else the first ones; ``most`` at most, with how many more
    there are."""
    options = list(dict.fromkeys(same_start(d, text) or list(d.legal)))
    # an option is shown without its actor when it is the decision's (a wild hive's is kept)
    shown = "; ".join(o.split(": ", 1)[-1] if d.actor and o.startswith(f"{d.actor}: ")
                      or d.kind != "wild" else o for o in options[:most])
    more = len(options) - most
    return shown + (f"; … and {more} more (hyvekit beelives next lists them)" if more > 0
                    else "")


def refusal(d: Decision, text: str, why: str = "") -> IllegalActionError:
    """The refusal of ``text`` where ``d`` is due: the rule, why, and the legal options."""
    return IllegalActionError(R_TABLE, f"{d.prompt}: {text!r} is not legal"
                              + (f" ({why})" if why else "") + ". Legal: " + legal_hint(d, text)
                              + (f" ({d.more})" if d.more else ""),
                              expected=list(d.legal), given=text)


def strip_actor(d: Decision, text: str, state) -> str:
    """``text`` without whose step it says it is (``Susan: defend 2`` → ``defend 2``).

    :raises InvalidInputError: a name before a die (nobody decides a die).
    :raises IllegalActionError: another hive's name than the one deciding now.
    """
    head, sep, rest = text.partition(":")
    if sep and head.strip() and not N.looks_like_coord(head):
        if state is not None:
            who = N.hive_named(state, head.strip().strip("\"'"), "actor")
            if d.actor is None:
                raise InvalidInputError("step", text, f"roll or the faces rolled, without a "
                                        f"name: nobody decides a die ({d.prompt})")
            if who != d.actor:
                raise IllegalActionError(R_TABLE, f"{d.prompt}: {d.actor} decides now, not "
                                         f"{who}", expected=d.actor, given=who)
        return rest.strip()
    return text


def take_key(body: str, key: str) -> tuple[str, str | None]:
    """``body`` without ``KEY VALUE``, and the value (None when absent)."""
    try:
        words = shlex.split(body)
    except ValueError:
        return body, None
    low = [w.lower() for w in words]
    if key not in low or low.index(key) + 1 >= len(words):
        return body, None
    i = low.index(key)
    value = words[i + 1]
    rest = words[:i] + words[i + 2:]
    return " ".join(N.quote_name(w) for w in rest), value


def canonical(d: Decision, body: str) -> str | None:
    """The legal option ``body`` names, with or without its actor (case and spacing
    forgiving), or None."""
    want = norm(body)
    for option in d.legal:
        rest = option.split(": ", 1)[1] if ": " in option else option
        if want in (norm(option), norm(rest)):
            return option
    return None


def listed_choice(d: Decision, text: str, body: str) -> str:
    """The legal option of ``d`` that ``body`` (``text`` without its actor) names: one of a
    decision whose options are all listed (feeding tokens, a swarm, a sacrifice, a place).

    :raises IllegalActionError: a whole option of this decision that is not legal now.
    :raises InvalidInputError: not an option of this decision (close matches of its verb).
    """
    canon = canonical(d, body)
    if canon is not None:
        return canon
    verbs = sorted({x.split(": ", 1)[-1].split()[0] for x in d.legal})
    verb = norm(body).split()[0] if body.strip() else ""
    same = same_start(d, body)
    if verb in verbs and any(len(norm(o.split(": ", 1)[-1]).split())
                             == len(norm(body).split()) for o in same):
        raise refusal(d, text)       # a whole option of this decision, not a legal one
    raise InvalidInputError(d.kind, text, "; ".join((same or list(d.legal))[:12]),
                            suggestions=() if verb in verbs else close_matches(verb, verbs))


def face(text: str, faces: int) -> int:
    """A die's face typed at the table.

    :raises InvalidInputError: not a whole number from 1 to ``faces``.
    """
    word = text.strip()
    if not (len(word) == 1 and word in "0123456789") or not 1 <= int(word) <= faces:
        raise InvalidInputError("dice", text, f"roll, or the face rolled, 1-{faces}")
    return int(word)


def listed(d: Decision, text: str) -> str:
    """The option of ``d`` that ``text`` names (case and spacing forgiving).

    :raises IllegalActionError: none (the legal options given).
    """
    option = next((o for o in d.legal if o.lower() == " ".join(text.lower().split())), None)
    if option is None:
        raise refusal(d, text)
    return option


def faces_rolled(n: int) -> str:
    """``face rolled`` (one die), ``3 faces rolled``."""
    return "face rolled" if n == 1 else f"{n} faces rolled"
