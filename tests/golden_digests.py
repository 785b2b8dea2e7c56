"""What the golden corpora (tests/rules/beelives/golden/, tests/rules/hyve/golden/) keep of a
table after each step: six hex digits of each aspect of what it shows, and the writing of a
corpus.  Shared by the generators and the tests that replay them."""

from __future__ import annotations

import hashlib
import json
import lzma
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hyvekit.store.adapters import jsonable

#: what each digest of a step covers, in the order kept
ASPECTS = ("decision", "prompt", "said", "view", "previews")


def digest(value: Any) -> str:
    """Six hex digits of the SHA-256 of ``value`` as canonical JSON."""
    text = json.dumps(jsonable(value), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def differs(kept: str, now: str) -> str:
    """Which aspects of what the table shows differ between two steps' digests."""
    return ", ".join(a for a, k, n in zip(ASPECTS, kept.split("."), now.split("."))
                     if k != n)


def write_corpus(examples_file: Path, everything: Callable[[], Any], games_file: Path,
                 play: Callable[[int], dict], argv: list[str], count: int,
                 said: Callable[[int, dict], str]) -> None:
    """Write a corpus: what the examples give (``everything()``) to ``examples_file``, then
    (unless ``argv`` is ``["examples"]``) games 0 to ``count - 1`` (``argv[0]`` when given),
    one JSON line each, to ``games_file``, both xz-compressed; ``said`` is the line printed
    after a game."""
    with lzma.open(examples_file, "wt", encoding="utf-8", preset=9) as out:
        json.dump(everything(), out, sort_keys=True, separators=(",", ":"))
    if argv == ["examples"]:
        return
    with lzma.open(games_file, "wt", encoding="utf-8", preset=9) as out:
        for seed in range(int(argv[0]) if argv else count):
            game = play(seed)
            out.write(json.dumps(game, sort_keys=True, separators=(",", ":")) + "\n")
            print(said(seed, game), flush=True)
