"""Partizan games from Python: the catalogue's (onag.game("domineering")) and the user's own
(onag.PartizanSolver), against published values and a brute force written here."""

from __future__ import annotations

import functools
import threading
from fractions import Fraction

import pytest

import onag


def test_catalogue_games_as_published():
    domineering = onag.game("domineering")
    assert isinstance(domineering, onag.PartizanGame)
    # CGSuite's documented value of the 4 x 4 board (aaron-siegel/cgsuite, GameGridTest).
    assert str(domineering.form("4x4")) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    # Winning Ways ch. 5: the 2 x 2 square is +-1; 2x3 and its transpose cancel.
    assert str(domineering.form("2x2")) == "+-1"
    assert domineering.outcome("2x3", "3x2") == "P"
    # Erickson's HELP_TOADS: |t tf| = 1/2.
    assert onag.game("toads-and-frogs").form("t.tf") == onag.Form(Fraction(1, 2))
    # A blue-red stalk by its sign expansion (Winning Ways ch. 2): lrr = 1/4.
    assert onag.game("hackenbush").form("lrr") == onag.Form("1/4")
    # Winning Ways ch. 2: Snort on two joined vertices is +-1.
    assert str(onag.game("snort").form("path:2")) == "+-1"


def test_moves_and_winning_moves():
    domineering = onag.game("domineering")
    left = domineering.left_moves("2x2")
    assert len(left) == 2 and all(move.form == onag.Form(1) for move in left)
    assert [m.position for m in domineering.right_winning_moves("2x2")] == [("##/..",), ("../##",)]
    # From 1 (a 2x1 column), Right has no move at all, Left one to 0 (>= 0: winning).
    assert domineering.right_moves("2x1") == []
    assert [str(m.form) for m in domineering.left_winning_moves("2x1")] == ["0"]


def test_bad_input_is_an_exception():
    with pytest.raises(onag.InvalidInput):
        onag.game("domineering").form("12x12")
    with pytest.raises(onag.InvalidInput):
        onag.game("toads-and-frogs").form("tx.f")
    with pytest.raises(onag.InvalidInput):
        onag.game("hackenbush").form("lqr")
    with pytest.raises(onag.LimitExceeded):
        onag.game("domineering", max_positions=10).form("4x4")


class Hackenbush:
    """Blue-red stalks as strings from the ground up: cutting an edge drops all above it."""

    def left_moves(self, stalk):
        return [stalk[:i] for i, c in enumerate(stalk) if c == "l"]

    def right_moves(self, stalk):
        return [stalk[:i] for i, c in enumerate(stalk) if c == "r"]


def test_a_users_game_by_the_sign_expansion():
    solver = onag.PartizanSolver(Hackenbush())
    # Berlekamp's sign expansion: lrl = 1 - 1/2 + 1/4 = 3/4; rrl = -2 + 1/2 = -3/2.
    assert solver.form("lrl") == onag.Form("3/4")
    assert solver.form("rrl") == onag.Form("-3/2")
    assert solver.outcome("lr") == "L"
    assert solver.left_winning_moves("lr") == [""]
    assert solver.positions >= 3


def test_a_users_game_against_a_brute_force():
    """Domineering on tuples of free cells, valued here by the definition of <= on game trees
    (numbers compared by Conway's rule), and by the solver."""

    def moves(cells, vertical):
        free = set(cells)
        step = (1, 0) if vertical else (0, 1)
        out = []
        for r, c in cells:
            other = (r + step[0], c + step[1])
            if other in free:
                out.append(tuple(sorted(free - {(r, c), other})))
        return out

    class Board:
        def left_moves(self, cells):
            return moves(cells, True)

        def right_moves(self, cells):
            return moves(cells, False)

    @functools.lru_cache(maxsize=None)
    def tree(cells):
        return (tuple(tree(p) for p in moves(cells, True)), tuple(tree(p) for p in moves(cells, False)))

    @functools.lru_cache(maxsize=None)
    def leq(g, h):
        # g <= h unless some g^L >= h or some h^R <= g.
        return not any(leq(h, gl) for gl in g[0]) and not any(leq(hr, g) for hr in h[1])

    solver = onag.PartizanSolver(Board())
    zero = onag.Form(0)
    for rows, columns in [(2, 2), (2, 3), (3, 3), (1, 4), (3, 2)]:
        cells = tuple((r, c) for r in range(rows) for c in range(columns))
        form = solver.form(cells)
        empty = ((), ())
        assert (form >= zero) == leq(empty, tree(cells)), (rows, columns)
        assert (form <= zero) == leq(tree(cells), empty), (rows, columns)


def test_a_users_exception_is_raised_and_nothing_wrong_is_kept():
    class Broken:
        def left_moves(self, n):
            if n == 3:
                raise ValueError("no")
            return [n - 1] if n > 0 else []

        def right_moves(self, n):
            return []

    solver = onag.PartizanSolver(Broken())
    with pytest.raises(ValueError):
        solver.form(5)
    assert solver.form(2) == onag.Form(2)
    with pytest.raises(TypeError):
        onag.PartizanSolver(object())


def test_threads_share_a_game():
    game = onag.game("domineering")
    results = []

    def work():
        results.append(str(game.form("3x4")))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(results)) == 1 and len(results) == 4
