"""Combinatorial games solved fast and exactly.

The engines of the ``onag`` program (Rust) from Python: Grundy values and winning moves of the
catalogue's games and of games you write, Grundy sequences with proven periods, misère
quotients, values of games with cycles, the field of nimbers, and the Conway algebra of
partizan games (canonical forms, temperature, thermographs).

>>> import onag
>>> kayles = onag.game("kayles")
>>> kayles.grundy(3, 4)
2
>>> kayles.outcome(3, 4)
'N'
>>> [move.description for move in kayles.winning_moves(3, 4)][:1]
['heap 1: 3 -> 1']
>>> onag.sequence("octal:0.6", to=20).values.tolist()[:8]
[0, 0, 1, 2, 0, 1, 2, 3]
>>> int(onag.Nimber(2) * onag.Nimber(3))
1
>>> str(onag.Form("^") + onag.Form("^") + onag.Form("*"))
'^^*'
>>> onag.Form("{3||2|1}").temperature
Fraction(3, 4)
"""

from __future__ import annotations

from ._onag import (
    Form,
    Game,
    Graph,
    LoopySolver,
    Move,
    Nimber,
    PartizanGame,
    PartizanMove,
    PartizanSolver,
    Period,
    Quotient,
    Sequence,
    Solver,
    Value,
    __version__,
    form,
    game,
    games,
    quotient,
    sequence,
)
from ._errors import CycleError, Error, InvalidInput, LimitExceeded
from ._progress import ProgressBar
from ._sum import Sum

__all__ = [
    "CycleError",
    "Error",
    "Form",
    "Game",
    "Graph",
    "InvalidInput",
    "LimitExceeded",
    "LoopySolver",
    "Move",
    "Nimber",
    "PartizanGame",
    "PartizanMove",
    "PartizanSolver",
    "Period",
    "ProgressBar",
    "Quotient",
    "Sequence",
    "Solver",
    "Sum",
    "Value",
    "__version__",
    "form",
    "game",
    "games",
    "quotient",
    "sequence",
]
