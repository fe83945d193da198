"""The typed-faces lexer: faces a person typed at the table, read into whole numbers.

``"5 4 3, 6 1"`` for numbered dice, ``"+ - 0"`` (or ``"+-0"``) for Fudge dice, a list
of whole numbers, or one bare number for a single die. Reading is bounded: at most
``most + 1`` faces are read (enough to see an entry is too long), and one huge
token costs nothing, since its first piece already fails to read. Whether the faces
fit a pool (their count, each face on the die) is checked when the roll is made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import TypeAlias

from .. import checks
from ..checks import received
from ..errors import DiceCapError, DiceError, FacesError
from ..words import Number, msg
from .values import LIMITS_CEILING, DieType

__all__ = ["MAX_TYPED", "Faces", "parse_faces"]

Faces: TypeAlias = Sequence[int] | str | int
"""Faces typed at the table: text (``"5 4 3"``, ``"+ - 0"``), whole numbers in roll
order, or one number for a single die (``None`` where a rule takes it: a random roll)."""

_FUDGE_WORDS = {
    "+": 1,
    "+1": 1,
    "1": 1,
    "plus": 1,
    "-": -1,
    "−": -1,
    "–": -1,
    "-1": -1,
    "−1": -1,
    "minus": -1,
    "0": 0,
    "blank": 0,
    "o": 0,
}


MAX_TYPED = 2 * LIMITS_CEILING
"""The most faces :func:`parse_faces` reads when no ``most`` is given: no roll, even
with the caps at their ceiling, has more dice."""


def parse_faces(
    text: str | int | Iterable[int], die: DieType, *, most: int | None = None
) -> list[int]:
    """Read faces typed at the table: ``"5 4 3, 6 1"``, or ``"+ - 0"`` for Fudge dice.

    A list (or other ordered sequence) of integers passes through (it is still
    checked against the pool later), and so does a bare number for a single die.
    Sets, dicts and bytes are refused: typed faces are in roll order. With
    ``most``, at most ``most + 1`` faces are read, enough for the pool to see
    that the entry is too long without reading all of a huge one; without it,
    more than :data:`MAX_TYPED` faces are refused.

    Raises:
        FacesError: naming the token it could not read, or the unordered input.
        DiceError: ``die`` is not a die, or ``most`` not a whole number.
        DiceCapError: more than :data:`MAX_TYPED` faces and no ``most``.
    """
    if not isinstance(die, DieType):
        raise DiceError(
            "dice.faces.die_type",
            "parse_faces needs a DieType such as D6, got {type} {got}",
            type=type(die).__name__,
            got=received(die),
        )
    if most is not None:
        most = checks.whole(
            most, msg("dice.what.most_faces", "most (faces to read)"), 0, MAX_TYPED, error=DiceError
        )
    stop = (MAX_TYPED if most is None else most) + 1
    faces = _typed_faces(text, die, stop)
    if most is None and len(faces) > MAX_TYPED:
        raise DiceCapError(
            "dice.faces.too_many_typed",
            "more than {most} faces were typed in; no roll has that many dice "
            "(at most {ceiling} base dice and {ceiling} from explosions)",
            most=Number(MAX_TYPED),
            ceiling=Number(LIMITS_CEILING),
        )
    return faces


def _typed_faces(text: object, die: DieType, stop: int) -> list[int]:
    """At most ``stop`` faces of ``text`` (see :func:`parse_faces`)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return [int.__int__(text)]  # one die typed in as a bare number
    if not isinstance(text, str):
        if isinstance(text, AbstractSet | Mapping):
            raise FacesError(
                "dice.faces.unordered",
                "typed-in faces must be in roll order, but a {type} has no order: {got}. "
                "Allowed: text such as '5 4 3' or a list such as [5, 4, 3]",
                type=type(text).__name__,
                got=received(text),
            )
        if isinstance(text, bytes | bytearray | memoryview) or not isinstance(text, Iterable):
            raise FacesError(
                "dice.faces.type",
                "typed-in faces must be text such as '5 4 3' or a list of whole numbers, "
                "got {type} {got}",
                type=type(text).__name__,
                got=received(text),
            )
        try:
            return list(islice(text, stop))  # each face is checked against the pool later
        except Exception as exc:  # a hostile iterator must not escape the error family
            raise FacesError(
                "dice.faces.unreadable",
                "typed-in faces could not be read ({problem}); got {got}",
                problem=type(exc).__name__,
                got=received(text),
            ) from None
    text = str.__str__(text)
    if die.is_fudge:
        run = _FUDGE_RUN.fullmatch(text)
        if run:  # "+-0" typed without spaces
            return [_FUDGE_WORDS[symbol] for symbol in run.group(1)[:stop]]
    faces = []
    # A token longer than any face is cut into pieces, so one huge token costs nothing:
    # its first piece already fails to read.
    for match in islice(_TOKEN.finditer(text), stop):
        token = match.group()
        if die.is_fudge:
            value = _FUDGE_WORDS.get(token.lower())
        else:
            value = int(token) if _NUMBER.fullmatch(token) else None
        if value is None:
            raise FacesError(
                "dice.faces.unread_token",
                "could not read {token} as a face of a {die}; it shows {allowed}",
                token=received(token, 40),
                die=die.name,
                allowed=die.allowed(),
            )
        faces.append(value)
    return faces


_TOKEN = re.compile(r"[^\s,;]{1,24}")
_NUMBER = re.compile(r"\d{1,4}")
_FUDGE_RUN = re.compile(r"\s*([+\-−0]+)\s*")
