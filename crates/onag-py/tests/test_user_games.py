"""Games written in Python (onag.Solver, onag.LoopySolver, onag.Sum), against brute forces written
here."""

from __future__ import annotations

import random
import traceback

import pytest

import onag
from conftest import brute_grundy, brute_misere_wins, oracle


class Subtraction:
    def __init__(self, allowed):
        self.allowed = allowed

    def moves(self, n):
        return [n - s for s in self.allowed if s <= n]


class Chomp:
    """Rows of a Chomp board (bottom first); taking the poisoned square is not a move."""

    def moves(self, rows):
        for r, length in enumerate(rows):
            for c in range(length):
                if (r, c) != (0, 0):
                    new = rows[:r] + tuple(min(x, c) for x in rows[r:])
                    yield tuple(x for x in new if x)


class Kayles:
    """Kayles written as a game of a multiset of rows (a sorted tuple), with components."""

    def moves(self, heaps):
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for take in (1, 2):
                for left in range(n - take + 1):
                    right = n - take - left
                    yield tuple(sorted(rest + tuple(x for x in (left, right) if x)))

    def components(self, heaps):
        return [(n,) for n in heaps]

    def join(self, parts):
        return tuple(sorted(n for part in parts for n in part))


def test_subtraction_games_match_the_definition():
    rng = random.Random(3)
    for _ in range(20):
        allowed = sorted(rng.sample(range(1, 12), rng.randrange(1, 5)))
        game = Subtraction(allowed)
        expected = brute_grundy(game.moves)
        solver = onag.Solver(game)
        for n in range(0, 200, 3):
            assert solver.grundy(n) == expected(n), (allowed, n)


def test_chomp_values_outcomes_and_winning_moves():
    game = Chomp()
    g = brute_grundy(lambda p: list(game.moves(p)))
    wins = brute_misere_wins(lambda p: list(game.moves(p)))
    solver = onag.Solver(game)
    for rows in [(3, 3, 3), (4, 3, 1), (5, 5, 2, 2), (4, 4, 4, 4)]:
        assert solver.grundy(rows) == g(rows)
        assert solver.nimber(rows) == g(rows)
        assert solver.outcome(rows) == ("N" if g(rows) else "P")
        expected = {p for p in set(game.moves(rows)) if g(p) == 0}
        assert set(solver.winning_moves(rows)) == expected
        assert solver.outcome(rows, misere=True) == ("N" if wins(rows) else "P")
        misere_wins = {p for p in set(game.moves(rows)) if not wins(p)}
        assert set(solver.winning_moves(rows, misere=True)) == misere_wins


def test_a_game_with_components_is_valued_part_by_part():
    game = Kayles()
    kayles = oracle("kayles_0.77.json")["G_expanded_by_rule_0_to_1199"]["values"]
    solver = onag.Solver(game)
    for heaps in [(3, 4), (1, 2, 3), (10, 20, 30), (70, 71)]:
        expected = 0
        for n in heaps:
            expected ^= kayles[n]
        assert solver.grundy(heaps) == expected
        for move in solver.winning_moves(heaps):
            value = 0
            for n in move:
                value ^= kayles[n]
            assert value == 0


def test_sums_of_different_games():
    heap = Subtraction(range(1, 100))  # Nim: G(n) = n
    one_or_two = Subtraction([1, 2])  # G(n) = n mod 3
    solver = onag.Solver(onag.Sum(heap, one_or_two, Chomp()))
    chomp = brute_grundy(lambda p: list(Chomp().moves(p)))
    for a, b, rows in [(5, 7, (2, 2)), (3, 3, (3, 1)), (9, 4, (3, 3, 3))]:
        expected = a ^ (b % 3) ^ chomp(rows)
        assert solver.grundy((a, b, rows)) == expected
        moves = solver.winning_moves((a, b, rows))
        assert moves or expected == 0
        for move in moves:
            assert type(move) is tuple and len(move) == 3
            assert move[0] ^ (move[1] % 3) ^ chomp(move[2]) == 0


@pytest.mark.parametrize(
    "position",
    [7, (1, 2), "abc", b"xy", frozenset({1, 2})],
)
def test_any_hashable_position(position):
    class Shrink:
        def moves(self, p):
            if isinstance(p, int):
                return range(p)
            if isinstance(p, frozenset):
                return [p - {x} for x in p]
            return [p[:i] + p[i + 1 :] for i in range(len(p))]

    g = brute_grundy(lambda p: list(Shrink().moves(p)))
    assert onag.Solver(Shrink()).grundy(position) == g(position)


def test_an_exception_in_moves_propagates_and_the_solver_recovers():
    class Fragile:
        broken = True

        def moves(self, n):
            if n == 13 and self.broken:
                raise RuntimeError("heap 13 is broken")
            return [n - 1] if n else []

    game = Fragile()
    solver = onag.Solver(game)
    with pytest.raises(RuntimeError, match="heap 13 is broken") as raised:
        solver.grundy(20)
    assert "in moves" in "".join(traceback.format_tb(raised.tb))
    game.broken = False
    assert solver.grundy(20) == 0
    assert solver.grundy(13) == 1


def test_an_unhashable_position_is_a_type_error():
    class Lists:
        def moves(self, p):
            return [[1, 2]]

    with pytest.raises(TypeError):
        onag.Solver(Lists()).grundy(0)


def test_an_object_without_moves_is_a_type_error():
    with pytest.raises(TypeError):
        onag.Solver(object())
    with pytest.raises(TypeError):
        onag.LoopySolver(3)


def test_a_cycle_names_a_position():
    class Around:
        def moves(self, n):
            return [(n + 1) % 5, n - 1] if n > 0 else []

    with pytest.raises(onag.CycleError) as raised:
        onag.Solver(Around()).grundy(3)
    assert raised.value.position in {"1", "2", "3", "4"}


def test_limits_raise_with_their_resource():
    with pytest.raises(onag.LimitExceeded) as raised:
        onag.Solver(Subtraction([1]), max_positions=50).grundy(1000)
    assert raised.value.resource == "positions"
    assert raised.value.limit == 50


def test_loopy_values_of_the_tiny_graphs():
    class Graph:
        def __init__(self, edges):
            self.edges = edges

        def moves(self, v):
            return self.edges.get(v, [])

    self_loop = onag.LoopySolver(Graph({"v": ["v"]}))
    assert str(self_loop.value("v")) == "∞"
    assert self_loop.outcome("v") == "D"
    two_cycle = onag.LoopySolver(Graph({"a": ["b"], "b": ["a"]}))
    assert two_cycle.outcome("a") == "D"
    escape = onag.LoopySolver(Graph({"v": ["v", "t"]}))
    assert str(escape.value("v")) == "∞{0}"
    assert escape.outcome("v") == "N"
    assert escape.winning_moves("v") == ["t"]
    assert escape.value("t").grundy == 0


def test_windup_written_in_python_matches_smith():
    for case in oracle("loopy_games.json")["windup"]["cases"]:
        n, allowed = case["n"], case["S"]

        class WindUp:
            def moves(self, p):
                return [(p - s) % n for s in allowed] if p else []

        solver = onag.LoopySolver(WindUp())
        for p, written in enumerate(case["values"]):
            assert str(solver.value(p)) == written.replace("(", "{").replace(")", "}")


def test_a_progress_callback_sees_the_work_and_can_stop_it():
    seen = []

    def progress(what, done, total):
        seen.append((what, done))
        if len(seen) >= 2:
            raise KeyboardInterrupt

    class Slow:
        def moves(self, n):
            return [n - 1, n - 2] if n > 1 else []

    with pytest.raises(KeyboardInterrupt):
        onag.Solver(Slow(), progress=progress).grundy(3_000_000)
    assert seen and seen[0][0] == "search"
