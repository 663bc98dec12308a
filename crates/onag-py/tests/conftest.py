"""Shared helpers of the Python tests: the oracles (public values, tests/oracles) and brute
forces written here, apart from the engine."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path


def oracles_dir() -> Path:
    """The oracles: the repository's tests/oracles (copied unchanged from the public sources
    they name), or $ONAG_ORACLES."""
    if "ONAG_ORACLES" in os.environ:
        return Path(os.environ["ONAG_ORACLES"])
    return Path(__file__).resolve().parents[3] / "tests" / "oracles"


def oracle(name: str) -> dict:
    return json.loads((oracles_dir() / name).read_text(encoding="utf-8"))


def mex(values) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def brute_grundy(moves):
    """A memoised mex over `moves(position)`: the definition, nothing more."""

    @functools.cache
    def g(position):
        return mex(g(option) for option in moves(position))

    return g


def brute_misere_wins(moves):
    """Whether the player to move wins in misère play (the last player to move loses)."""

    @functools.cache
    def wins(position):
        options = list(moves(position))
        if not options:
            return True
        return any(not wins(option) for option in options)

    return wins
