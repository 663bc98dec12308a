"""What pickled sequences and quotients are rebuilt by: each is computed again, by name."""

from __future__ import annotations

from ._onag import Quotient, Sequence, quotient, sequence


def sequence_again(name: str, to: int) -> Sequence:
    """The sequence of the catalogue's game ``name`` to heap ``to``, computed again."""
    return sequence(name, to=to)


def quotient_again(name: str, to: int) -> Quotient:
    """The misère quotient of the catalogue's game ``name`` to heap ``to``, computed again."""
    return quotient(name, to=to)
