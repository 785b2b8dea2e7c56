"""The solo cards of the box whose rules the month sequencer plays, as plug-ins
(:mod:`.card_hooks`): the data layer puts :func:`card_rules` into a game's
:class:`~.state.Components`, and no module of the sequencer imports a card's module.  The
cards' modules are imported when a month first asks for their hooks, so a command that plays
no month loads none of them.

A new card: its rules in a module of its own with one :class:`~.card_hooks.CardRules`
subclass (its ``RULES``), added to :func:`card_rules`.
"""

from __future__ import annotations

from functools import cache

from hyvekit.rules.beelives.card_hooks import CardRules


@cache
def card_rules() -> tuple[CardRules, ...]:
    """Every card's hooks, in the order the sequencer calls them."""
    from hyvekit.rules.beelives import (haunted_hives, three_generations, under_siege,
                                        wildfire, zombees)
    return (haunted_hives.RULES, zombees.RULES, under_siege.RULES, three_generations.RULES,
            wildfire.RULES)
