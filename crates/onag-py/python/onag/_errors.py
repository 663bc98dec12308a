"""The exceptions onag raises. Every one is a :class:`onag.Error`."""

from __future__ import annotations


class Error(Exception):
    """Every error onag raises: a limit reached, a cycle, bad input."""


class InvalidInput(Error, ValueError):
    """A game's name or code, a position or a parameter that cannot be read.

    Also a :class:`ValueError`, so ``except ValueError`` catches it.
    """


class LimitExceeded(Error):
    """A computation needed more than its budget allows.

    ``resource`` names what ran out (``"positions"``, ``"options"`` or ``"memory"``) and
    ``limit`` the limit in force; raise it with the ``max_positions``, ``max_options`` or
    ``max_memory`` keyword.
    """

    resource: str
    limit: int


class CycleError(Error):
    """A game's rules lead from a position back to itself: use :class:`onag.LoopySolver`.

    ``position`` is a position on the cycle, written as ``repr`` writes it.
    """

    position: str
