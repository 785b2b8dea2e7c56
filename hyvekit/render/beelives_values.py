"""The Bee Lives rule values the printables show, in words, from the rules core.

Every number, name and order printed on a Bee Lives pad, aid or tracker comes from here: the
:class:`~hyvekit.rules.beelives.board.Board` the print is made with (the packaged one, a
player's ``--board FILE`` or a campaign's own board), the solo cards and season cards, and the
named constants of the rules modules (each cites its rulebook section).  Nothing here types a
rule value.  Pure functions; the rules modules are imported inside them so that ``hyvekit print
...`` starts fast.
"""

from __future__ import annotations

from typing import Any

from hyvekit.render.text import MINUS, brackets, either, signed, word


def board_or_default(board: Any = None) -> Any:
    """``board``, else the packaged Bee Lives board."""
    if board is not None:
        return board
    from hyvekit.data.beelives import packaged_board
    return packaged_board()


def solo_cards_or_default(cards: Any = None) -> Any:
    """``cards``, else the packaged solo cards."""
    if cards is not None:
        return cards
    from hyvekit.data.beelives import solo_cards
    return solo_cards()


def season_cards_or_default(cards: Any = None) -> tuple:
    """``cards``, else the packaged season cards."""
    if cards is not None:
        return tuple(cards)
    from hyvekit.data.beelives import season_cards
    return tuple(season_cards())


# --- scoring ---------------------------------------------------------------------------------

def swarm_vp(board: Any, unit: str = "") -> str:
    """``"spring 5, summer 3, fall 1"`` (Scoring Victory Points, Swarming); ``unit`` after each
    number (``" VP"``)."""
    return ", ".join(f"{season} {board.season_vp(season)}{unit}" for season in board.seasons)


def play_vp(board: Any, swarming: str = "swarming") -> str:
    """The VP scored during play: ``"swarming (spring 5, summer 3, fall 1), successful raids 2,
    defended raids 2"`` (Scoring Victory Points)."""
    return (f"{swarming} ({swarm_vp(board)}), successful raids {board.raid_vp}, defended raids "
            f"{board.defend_vp}")


def vp_each(vp: int) -> str:
    """``"+1 VP each"``, ``"−2 VP each"``."""
    return f"{signed(vp)} VP each"


def vp(n: int) -> str:
    """``"2 VP"``, ``"−2 VP"``."""
    return f"{n} VP" if n >= 0 else f"{MINUS}{-n} VP"


def times(factor: int, what: str) -> str:
    """``what`` scored ``factor`` times, as a term of a sum: ``(1, "honey")`` → ``"honey"``,
    ``(2, "honey")`` → ``"2 × honey"``."""
    return what if factor == 1 else f"{factor} \u00d7 {what}"


def total_formula(board: Any) -> str:
    """End of the Game, in one line: ``"VP earned during play + remaining honey + surviving
    worker bees − 2 × starvation tokens"``."""
    from hyvekit.games.beelives import BEE_VP, HONEY_VP

    starvation = board.starvation_vp
    sign = MINUS if starvation < 0 else "+"
    return (f"VP earned during play + {times(HONEY_VP, 'remaining honey')} + "
            f"{times(BEE_VP, 'surviving worker bees')} {sign} "
            f"{abs(starvation)} \u00d7 starvation tokens")


def eligibility() -> str:
    """``"at least one surviving worker bee"`` (End of the Game)."""
    from hyvekit.games.beelives import ELIGIBLE_BEES
    return f"at least {word(ELIGIBLE_BEES)} surviving worker bee"


def tie_breakers() -> tuple[tuple[str, str], ...]:
    """``(key, words)`` of each tie-breaker, in order (End of the Game)."""
    from hyvekit.games.beelives import TIE_BREAKERS
    return TIE_BREAKERS


def tie_rule(prefix: str) -> str:
    """``prefix + ": most remaining pollen > most surviving worker bees > largest comb
    size."``"""
    return f"{prefix}: " + " > ".join(w for _, w in tie_breakers()) + "."


def solo_chart(board: Any, fewer: str = "{high} VP or fewer") -> list[dict[str, str]]:
    """The Solo Score Chart's rows, ``{"rating", "score"}``: ``"19 VP or fewer"``, ``"20–30
    VP"``, ..., ``"51+ VP"``; ``fewer`` words the first row (``high`` is its top score)."""
    chart = list(board.solo_chart)
    rows = []
    for i, (rating, low) in enumerate(chart):
        if i == 0:
            score = fewer.format(high=chart[1][1] - 1) if len(chart) > 1 else "any score"
        else:
            score = brackets([low, chart[i + 1][1]])[0] if i + 1 < len(chart) else f"{low}+"
            score += " VP"
        rows.append({"rating": rating, "score": score})
    return rows


# --- months and years ------------------------------------------------------------------------

def months() -> tuple[str, ...]:
    """The nine productive months, March to November (How to Play)."""
    from hyvekit.games.beelives import MONTHS
    return tuple(MONTHS)


def month_seasons() -> tuple[str, ...]:
    """The season of each productive month (``"spring"`` ×3, ...)."""
    from hyvekit.games.beelives import SEASON_OF_MONTH
    return tuple(SEASON_OF_MONTH)


def abbr(month: str) -> str:
    """``"September"`` → ``"Sep"``."""
    return month[:3]


def month_span(names: tuple[str, ...] | list[str]) -> str:
    """``("March", ..., "November")`` → ``"Mar.–Nov."`` (the rulebook's abbreviations)."""
    first, last = names[0], names[-1]
    return f"{abbr(first)}.\u2013{abbr(last)}." if first != last else f"{abbr(first)}."


def season_runs() -> list[dict[str, Any]]:
    """The productive months grouped by season, in order: ``[{"season": "spring", "months":
    3}, ...]``."""
    runs: list[dict[str, Any]] = []
    for season in month_seasons():
        if runs and runs[-1]["season"] == season:
            runs[-1]["months"] += 1
        else:
            runs.append({"season": season, "months": 1})
    return runs


def max_years() -> int:
    """Multiple Years Variant: at most three years (epic game)."""
    from hyvekit.games.beelives import MAX_YEARS
    return MAX_YEARS


def game_lengths() -> dict[int, str]:
    """Multiple Years Variant: ``{2: "long", 3: "epic"}`` ("two years (long game) or three
    years (epic game)")."""
    from hyvekit.games.beelives import YEAR_VARIANTS
    return dict(YEAR_VARIANTS)


def year_games(year: int) -> str:
    """Which games play year ``year``: ``2`` → ``"long & epic game"``, ``3`` → ``"epic
    game"``, ``1`` → ``""``."""
    names = [name for n, name in sorted(game_lengths().items()) if n >= year]
    return (" & ".join(names) + " game") if year > 1 and names else ""


def years_text(years: tuple[int, ...] | list[int]) -> str:
    """A campaign card's game lengths: ``(3,)`` → ``"a three-year game"``, ``(2, 3)`` → ``"a
    two- or three-year game"``."""
    words = [word(y) for y in years]
    if len(words) == 1:
        return f"a {words[0]}-year game"
    return "a " + either([f"{w}-" for w in words[:-1]] + [f"{words[-1]}-year game"])


# --- tables ------------------------------------------------------------------------------------

def cubes_words(cubes: tuple[int, int, int]) -> str:
    """``(1, 1, 3)`` → ``"1 honey, 1 pollen, 3 water"`` (water only when there is some)."""
    honey, pollen, water = cubes
    return f"{honey} honey, {pollen} pollen" + (f", {water} water" if water else "")


def raid_dice(board: Any) -> list[dict[str, Any]]:
    """The Raid Dice Pool: ``[{"bees": "1–4", "dice": 1}, ..., {"bees": "17+", "dice": 5}]``."""
    lows = [low for low, _ in board.raid_dice]
    return [{"bees": b, "dice": d} for b, (_, d) in zip(brackets(lows), board.raid_dice)]


def spawn_strengths(board: Any) -> tuple[int, ...]:
    """Multiple Years Variant: the strength of a wild hive spawned in year 2, year 3, ...
    (``(4, 5)``)."""
    return tuple(board.wild_spawn_strength_by_year[1:])
