"""Benchmark: a game written in Python, valued by onag and by a plain memoised mex.

Chomp on a 7 x 7 board, a position a tuple of row lengths (non-increasing), the poisoned square
at the bottom left. Prints, for each of `--rounds` rounds taken in turn, the seconds of:
  onag       onag.Solver(Chomp()).grundy(start)
  cache     a functools.cache mex over the same class
  moves     the class's own moves() calls alone, for every position once (what any solver must
            spend at least)
then the medians and the ratios the issue names (onag / cache, onag / moves).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time

import onag


class Chomp:
    """Rows of a Chomp board, bottom row first; taking square (r, c) removes every square
    above and to the right of it. Taking the poisoned square (0, 0) is not a move: the player
    left only with it has lost."""

    def moves(self, rows):
        out = []
        for r, length in enumerate(rows):
            for c in range(length):
                if r == 0 and c == 0:
                    continue
                new = rows[:r] + tuple(min(x, c) for x in rows[r:])
                while new and new[-1] == 0:
                    new = new[:-1]
                out.append(new)
        return out


def mex_value(game):
    @functools.cache
    def g(position):
        seen = {g(option) for option in game.moves(position)}
        m = 0
        while m in seen:
            m += 1
        return m

    return g


def every_position(game, start):
    seen = {start}
    stack = [start]
    while stack:
        p = stack.pop()
        for q in game.moves(p):
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return seen


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=7)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    start = tuple([arguments.size] * arguments.size)
    game = Chomp()
    positions = every_position(game, start)
    times = {"onag": [], "cache": [], "moves": []}
    answers = set()
    for _ in range(arguments.rounds):
        t = time.perf_counter()
        answers.add(("onag", onag.Solver(Chomp()).grundy(start)))
        times["onag"].append(time.perf_counter() - t)
        t = time.perf_counter()
        sys.setrecursionlimit(100000)
        answers.add(("cache", mex_value(Chomp())(start)))
        times["cache"].append(time.perf_counter() - t)
        t = time.perf_counter()
        for p in positions:
            game.moves(p)
        times["moves"].append(time.perf_counter() - t)
    values = {value for _, value in answers}
    assert len(values) == 1, answers
    medians = {key: statistics.median(value) for key, value in times.items()}
    print(f"positions {len(positions)}, value {values.pop()}")
    for key, value in medians.items():
        print(f"{key:6} median {value:.3f} s  ({', '.join(f'{t:.3f}' for t in times[key])})")
    print(f"onag / cache = {medians['onag'] / medians['cache']:.2f}")
    print(f"onag / moves = {medians['onag'] / medians['moves']:.2f}")


if __name__ == "__main__":
    main()
