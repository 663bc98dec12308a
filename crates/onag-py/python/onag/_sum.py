"""Sums of different games written in Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Iterable, Iterator


@dataclass(frozen=True)
class _Part:
    """One component of a sum: the index of its game and its position there. Not a tuple,
    so that it never equals a position of the sum (a tuple) that a dict would mistake it for."""

    game: int
    position: Hashable


class Sum:
    """The disjunctive sum of games written in Python: a move is a move in one of them.

    A position of the sum is a tuple with one position of each game. The solvers value each
    component alone and nim-add the values (the Sprague-Grundy theorem), so the sum of a game
    with ten thousand positions and one with a million costs about a million and ten thousand
    positions, not their product.

    >>> import onag
    >>> class Heap:
    ...     def moves(self, n):
    ...         return range(n)
    >>> class TakeOneOrTwo:
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 2) if n >= k]
    >>> both = onag.Sum(Heap(), TakeOneOrTwo())
    >>> onag.Solver(both).grundy((5, 7))  # *5 + *1
    4
    >>> onag.Solver(both).winning_moves((5, 7))
    [(1, 7)]
    """

    def __init__(self, *games: Any) -> None:
        if not games:
            raise ValueError("a sum of no games: give at least one")
        for game in games:
            if not callable(getattr(game, "moves", None)):
                raise TypeError("each game of a sum needs a moves(position) method")
        self.games = games

    def moves(self, position: Any) -> Iterator[Any]:
        if isinstance(position, _Part):
            for option in self.games[position.game].moves(position.position):
                yield _Part(position.game, option)
            return
        position = self._check(position)
        for index, game in enumerate(self.games):
            for option in game.moves(position[index]):
                yield position[:index] + (option,) + position[index + 1 :]

    def components(self, position: Any) -> Iterable[Any]:
        if isinstance(position, _Part):
            return [position]
        position = self._check(position)
        return [_Part(index, part) for index, part in enumerate(position)]

    def join(self, parts: list[Any]) -> tuple[Any, ...]:
        joined = [None] * len(self.games)
        for part in parts:
            joined[part.game] = part.position
        return tuple(joined)

    def _check(self, position: Any) -> tuple[Any, ...]:
        if not isinstance(position, tuple) or len(position) != len(self.games):
            raise ValueError(
                f"a position of a sum of {len(self.games)} games is a tuple of "
                f"{len(self.games)} positions"
            )
        return position
