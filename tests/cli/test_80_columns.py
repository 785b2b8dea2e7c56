"""The tables the README shows read at a glance in an 80-column terminal: no table line over 80
characters, no word broken in two, counts with the right plural ("1 bow", "2 bows")."""

from __future__ import annotations

import os
import re

import pytest

#: the README's commands that print tables, each after what it needs (in order)
SET_UP = [
    ("hyve", "legacy", "new", "Summer run"),
    ("hyve", "legacy", "shop", "summer-run", "--bread", "1", "--population", "red:2,purple:4"),
    ("beelives", "new", "League", "-p", "Susan:prolific", "-p", "Jeremy:aggressive"),
    ("beelives", "log", "league", "examples/beelives/campaign/2p-y1-01-march.toml"),
    ("queenbee", "new", "Friday hive", "--players", "ann,bob,cy,dee"),
    ("queenbee", "log", "friday-hive", "--players", "ann,bob,cy", "--winner", "ann",
     "--defeated", "cy,bob", "--alliance", "cy=ann"),
]
TABLES = [
    ("hyve", "legacy", "shop", "summer-run", "--perk", "deep-stores", "--dry-run"),
    ("hyve", "legacy", "status", "summer-run"),
    ("hyve", "honey", "--hp-past-start", "7", "--population", "12", "--hyves", "4"),
    ("hyve", "score-hyve", "docs/examples/hyve-16.txt"),
    ("hyve", "check", "examples/hyve/standard-legal.toml"),
    ("beelives", "score", "-p", "Bob:vp=37,honey=9,starvation=1",
     "-p", "Susan:vp=32,honey=3,bees=4,pollen=2"),
    ("beelives", "winter", "--bees", "6", "--honey", "12", "--level", "-2"),
    ("beelives", "raid-odds", "--bees", "8", "--target-honey", "6", "--defenders", "1",
     "--reroll-below", "5"),
    ("beelives", "check", "examples/beelives/first-month-2p.toml"),
    ("beelives", "status", "league"),
    ("beelives", "cards", "--season", "summer"),
    ("beez", "score", "docs/examples/beez-score.toml"),
    ("beez", "flight", "--facing", "1"),
    ("beez", "cards"),
    ("queenbee", "deck", "--players", "5"),
    ("queenbee", "status", "friday-hive"),
    ("campaign", "list"),
    ("campaign", "history", "summer-run"),
    ("data", "list"),
]


def table_lines(out: str) -> list[str]:
    """The lines of every rich table in ``out``: its header (the line above the ─ rule) to
    the blank line after its rows."""
    lines, found, inside = out.splitlines(), [], False
    for i, line in enumerate(lines):
        if set(line.strip()) == {"─"}:
            inside = True
            found.append(lines[i - 1])
            continue
        if inside and not line.strip():
            inside = False
        if inside:
            found.append(line)
    return found


def words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text))


@pytest.fixture(scope="module")
def outputs(tmp_path_factory, hyvekit_in):
    hk = hyvekit_in(tmp_path_factory.mktemp("eighty"))
    for args in SET_UP:
        assert hk(*args).returncode == 0, args
    return {args: (hk(*args, env={"COLUMNS": "80"}), hk(*args, env={"COLUMNS": "250"}))
            for args in TABLES}


@pytest.mark.parametrize("args", TABLES, ids=lambda a: " ".join(a[:3]))
def test_tables_fit_80_columns_without_broken_words(outputs, args):
    narrow, wide = outputs[args]
    assert narrow.returncode in (0, 1), narrow.stderr
    rows = table_lines(narrow.stdout)
    assert rows, narrow.stdout
    assert [r for r in rows if len(r) > 80] == []
    broken = words("\n".join(rows)) - words(wide.stdout)
    assert broken == set(), "\n".join(rows)


@pytest.mark.parametrize("args", TABLES, ids=lambda a: " ".join(a[:3]))
def test_counts_read_with_the_right_plural(outputs, args):
    out = outputs[args][0].stdout
    assert "(s)" not in out
    assert re.findall(r"(?<![\d.,/-])\b1 (?:bow|line|colour|turn|event|space|hyve|bee|"
                      r"month|year|roll|step|square|tile|pip|match|win)e?s\b", out) == []


def test_a_title_longer_than_its_table_stays_on_one_line(outputs):
    """A table is at least as wide as its title: a title of up to 80 characters is printed
    whole on its line, not wrapped to a narrow table's width."""
    from rich.console import Console

    from hyvekit.cli.common import table
    title = "Queen Bee deck for 5 players: 90 cards, a title much wider than the table"
    out = Console(width=80, record=True, file=open(os.devnull, "w"))
    out.print(table(title, ["card", "n"], [["Bandit", 4]]))
    assert out.export_text().splitlines()[0].strip() == title
    narrow = outputs[("queenbee", "deck", "--players", "5")][0].stdout
    assert narrow.splitlines()[0].strip() == "Queen Bee deck for 5 players: 90 cards"
