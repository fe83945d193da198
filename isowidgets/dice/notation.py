"""Dice notation: ``"5d6"``, ``"5d6!1"`` (1s explode), ``"2d6!5,6"``, ``"d20"``, ``"4dF"``.

:func:`read_notation` reads it into its parts; :meth:`Pool.parse
<.Pool.parse>` makes the pool from them. Notation is at most
:data:`MAX_NOTATION` characters (checked before it is read), and its list of
exploding faces names at most as many faces as the die has, so reading it is quick
whatever is typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import checks
from ..checks import received
from ..errors import DiceError
from ..words import msg
from .faces import parse_faces
from .values import DieType, die_named

__all__ = ["MAX_NOTATION", "Notation", "read_notation"]

MAX_NOTATION = 100
"""The longest dice notation :meth:`.Pool.parse` reads (``"500d1000!?1,2,3"`` is 15)."""

_NOTATION = re.compile(r"(\d{0,4})\s*[dD]\s*(\d{1,4}|[fF])(?:\s*!(\??)\s*([0-9+\-][0-9,\s+\-]*))?")


@dataclass(frozen=True, slots=True)
class Notation:
    """What a piece of dice notation says: how many of which die, which faces explode,
    and whether the explosions are optional (a ``?`` after the ``!``)."""

    count: int
    die: DieType
    explode_on: frozenset[int]
    optional: bool


def read_notation(notation: str) -> Notation:
    """Read dice notation into its parts (see the module docstring).

    Raises:
        DiceError: the notation is not text, too long, or not dice notation.
    """
    notation = checks.text(
        notation,
        msg("dice.what.notation", "dice notation"),
        max_length=MAX_NOTATION,
        tip=msg("dice.notation.tip", "write e.g. 5d6, 5d6!1 or 4dF"),
        error=DiceError,
    )
    # Stripped already, and no two neighbouring parts can match the same
    # character, so the match is linear in the length (no backtracking).
    match = _NOTATION.fullmatch(notation)
    if not match:
        raise DiceError(
            "dice.notation.unreadable",
            "cannot read dice notation {got}; write e.g. 5d6, 5d6!1 or 4dF",
            got=received(notation),
        )
    count_text, sides, optional, explode = match.groups()
    die = die_named(f"d{sides}")
    explode_on: frozenset[int] = frozenset()
    if explode:
        faces = parse_faces(explode, die, most=die.sides)
        if len(faces) > die.sides:
            raise DiceError(
                "dice.notation.too_many_exploding",
                "dice notation {got} lists more exploding faces than a {die} has ({sides}); "
                "name each face once, e.g. 5d6!1 or 2d6!5,6",
                got=received(notation),
                die=die.name,
                sides=die.sides,
            )
        explode_on = frozenset(faces)
    return Notation(int(count_text) if count_text else 1, die, explode_on, bool(optional))
