"""Queen Bee deck set-up by player count (Game Components, Setup, Variants)."""

from __future__ import annotations

import random

import pytest

from hyvekit.rules.common import InvalidInputError
from hyvekit.data import queenbee as tables
from hyvekit.rules.queenbee import deck
from hyvekit.rules.queenbee.deck import shuffle_and_deal

load_cards = tables.cards


def deck_for(players):
    """The deck with the packaged card table and variants."""
    return deck.deck_for(players, tables.cards(), tables.variants())


def dealt_per_seat(players):
    return deck.dealt_per_seat(players, tables.variants())


def test_the_full_deck_has_93_playing_cards_and_every_named_card():
    cards = load_cards()
    assert sum(c.count for c in cards.values()) == 93
    for name in ("Again and Again", "Bee Escape", "Smoker", "Helping Paw", "Call for Help",
                 "Sneaky Sting", "Maximum Power", "Strong Sting", "Stuck in a Web", "Ally",
                 "Don't Buzz", "Secret Move", "Pollen", "Nectar", "Downpour", "Stuck in Honey",
                 "Bad Pollen", "Bandit", "Bee Larvae", "Knighthood", "Busy Bee",
                 "Tangled Signals", "Honey", "Pesticides"):
        assert name in cards


def test_counts_the_rulebook_gives_are_sourced_the_rest_assumed():
    cards = load_cards()
    given = {"Ally": 3, "Pesticides": 3, "Nectar": 3, "Busy Bee": 6, "Downpour": 3,
             "Stuck in Honey": 3}
    for name, n in given.items():
        assert cards[name].count == n and not cards[name].assumed
    assert cards["Smoker"].assumed and cards["Secret Move"].assumed
    assert cards["Secret Move"].count >= 2   # "remove 1", not all of them


@pytest.mark.parametrize("players,size", [(2, 74), (3, 93), (4, 93), (5, 90), (6, 90)])
def test_deck_size_per_player_count(players, size):
    assert deck_for(players).size == size


def test_two_players_remove_the_3_plus_cards():
    full, two = deck_for(3), deck_for(2)
    for name, n in {"Ally": 3, "Pesticides": 3, "Nectar": 3, "Busy Bee": 6, "Downpour": 3}.items():
        assert full.count(name) == n and two.count(name) == 0
    assert two.count("Secret Move") == full.count("Secret Move") - 1
    assert two.count("Stuck in Honey") == 3


def test_five_six_players_remove_stuck_in_honey_only():
    five, four = deck_for(5), deck_for(4)
    assert five.count("Stuck in Honey") == 0 and four.count("Stuck in Honey") == 3
    assert {n: c for n, c in five.composition} == \
        {n: c for n, c in four.composition if n != "Stuck in Honey"}


@pytest.mark.parametrize("players,dealt", [(2, (3, 3)), (4, (3, 3, 3, 3)),
                                           (5, (3, 4, 4, 4, 5)), (6, (3, 4, 4, 4, 5, 5))])
def test_cards_dealt_per_seat(players, dealt):
    assert dealt_per_seat(players) == dealt
    setup = deck_for(players)
    assert setup.draw_pile == setup.size - sum(dealt)


@pytest.mark.parametrize("bad", [1, 7, "x"])
def test_player_count_outside_2_to_6_is_bad_input(bad):
    with pytest.raises(InvalidInputError):
        deck_for(bad)


def test_shuffle_and_deal_is_replayable_with_a_seeded_rng():
    setup = deck_for(6)
    hands, pile = shuffle_and_deal(setup, random.Random(7))
    assert tuple(map(len, hands)) == setup.dealt
    assert len(pile) == setup.draw_pile
    assert sorted([c for h in hands for c in h] + list(pile)) == sorted(setup.cards())
    assert (hands, pile) == shuffle_and_deal(setup, random.Random(7))
