"""Dice values: die types, the caps, and the strict reading of a record's fields.

:class:`DieType` is a kind of die (a d6, a dF); :class:`Limits` are the caps every
pool is checked against. Both are frozen values; every other module of the dice
package builds on them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Any

from .. import checks
from ..checks import received
from ..errors import DiceError
from ..words import Message, Number, msg, render
from .format import FUDGE_GLYPHS

__all__ = [
    "D4",
    "D6",
    "D8",
    "D10",
    "D12",
    "D20",
    "DEFAULT_LIMITS",
    "DF",
    "LIMITS_CEILING",
    "LOAD_LIMITS",
    "MAX_SIDES",
    "DieType",
    "Limits",
    "check_keys",
    "d",
    "die_named",
]

_DIE_NAME = msg("dice.what.die_name", "a die's name")
SIDES = msg("dice.what.sides", "a die's number of sides")
"""What a check calls a die's number of sides."""

MAX_SIDES = 1000
"""The largest standard die :func:`d` makes (a d1000 is already a novelty), and the
most faces any die may have."""

# --------------------------------------------------------------------------- die types


@dataclass(frozen=True, slots=True)
class DieType:
    """A kind of die: its name and the faces it can show.

    Don't confuse this with a rolled die (:class:`.RolledDie`) or with a
    :class:`.Pool` of several dice.
    """

    name: str
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        name = checks.text(self.name, _DIE_NAME, strip=False, error=DiceError)
        listed = checks.ordered(
            self.faces,
            msg("dice.what.faces_of_die", "the faces of die {die}", die=repr(name)),
            most=MAX_SIDES,
            error=DiceError,
        )
        face_of = msg("dice.what.face_of_die", "a face of die {die}", die=repr(name))
        faces = tuple(checks.whole(f, face_of, error=DiceError) for f in listed)
        if not faces:
            raise DiceError(
                "dice.die.no_faces",
                "die {die} has no faces; a die needs at least one face",
                die=repr(name),
            )
        if tuple(sorted(set(faces))) != faces:
            raise DiceError(
                "dice.die.faces_order",
                "die {die} faces must be distinct and ascending, got {got}",
                die=repr(name),
                got=received(faces),
            )
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "faces", faces)

    @property
    def sides(self) -> int:
        """How many faces the die has."""
        return len(self.faces)

    @property
    def lowest(self) -> int:
        return self.faces[0]

    @property
    def highest(self) -> int:
        return self.faces[-1]

    @property
    def is_fudge(self) -> bool:
        return self.faces == (-1, 0, 1)

    def allowed(self) -> str | Message:
        """The faces as a person would say them (a message's value): ``1–6`` or
        ``-1, 0, +1 (also written -, 0, +)``."""
        if self.is_fudge:
            return msg("dice.fudge_faces", "-1, 0, +1 (also written -, 0, +)")
        if self.faces == tuple(range(self.lowest, self.highest + 1)):
            return f"{self.lowest}–{self.highest}"
        return ", ".join(str(f) for f in self.faces)

    def allowed_text(self) -> str:
        """:meth:`allowed` in English: ``1–6`` or ``-1, 0, +1 (also written -, 0, +)``."""
        allowed = self.allowed()
        return allowed if isinstance(allowed, str) else render(allowed)

    def face_text(self, face: int) -> str:
        """A face as shown on a chip: Fudge faces as ``+``, ``0`` and ``−``.

        Raises:
            DiceError: ``face`` is not one of this die's faces.
        """
        face = checks.whole(
            face, msg("dice.what.face_of_a", "a face of a {die}", die=self.name), error=DiceError
        )
        if face not in self.faces:
            raise DiceError(
                "dice.die.no_such_face",
                "a {die} has no face {got}; it shows {allowed}",
                die=self.name,
                got=received(face),
                allowed=self.allowed(),
            )
        if self.is_fudge:
            return FUDGE_GLYPHS[face]
        return str(face)

    def __str__(self) -> str:
        return self.name


def d(sides: int) -> DieType:
    """A standard die with faces 1..sides (``d(6)`` is a d6, the very same object)."""
    sides = checks.whole(sides, SIDES, error=DiceError)
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(
            "dice.die.sides",
            "a die must have 2 to {most} sides, got {got}",
            most=MAX_SIDES,
            got=sides,
        )
    return _standard(sides)


@cache
def _standard(sides: int) -> DieType:
    return DieType(f"d{sides}", tuple(range(1, sides + 1)))


D4, D6, D8, D10, D12, D20 = (d(n) for n in (4, 6, 8, 10, 12, 20))
_DIE_TIP = msg("dice.die.tip", "write it as d6, d20 or dF")
DF = DieType("dF", (-1, 0, 1))
"""A Fudge die: −1, 0 or +1, each with probability 1/3."""


def die_named(name: str) -> DieType:
    """Look a die up by name: ``"d6"``, ``"D20"``, ``"dF"``.

    Raises:
        DiceError: ``name`` is not text, or names no die.
    """
    text = checks.text(
        name, _DIE_NAME, allow_empty=True, max_length=40, tip=_DIE_TIP, error=DiceError
    )
    if text.lower() == "df":
        return DF
    match = re.fullmatch(r"[dD](\d{1,4})", text)
    if not match:
        raise DiceError(
            "dice.die.unknown",
            "unknown die {got}; write it as d6, d20 or dF",
            got=received(text),
        )
    return d(int(match.group(1)))


# --------------------------------------------------------------------------- caps


@dataclass(frozen=True, slots=True)
class Limits:
    """Documented caps that keep any request from hanging the kernel.

    Attributes:
        max_dice: the most base dice one pool may hold.
        max_explosions: the most extra dice explosions may add to one pool.
            Isolation's rules set no limit on chains; this cap only turns a
            runaway (or a house rule gone wrong) into an error.
    """

    max_dice: int = 500
    max_explosions: int = 200

    def __post_init__(self) -> None:
        for name in ("max_dice", "max_explosions"):
            value = getattr(self, name)
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not 0 <= value <= LIMITS_CEILING
            ):
                raise DiceError(
                    "dice.limits.range",
                    "Limits.{name} must be a whole number from 0 to {most}, got {got}; past "
                    "that even a legal request could stall the kernel",
                    name=name,
                    most=LIMITS_CEILING,
                    got=received(value),
                )
            object.__setattr__(self, name, int.__int__(value))

    def to_record(self) -> dict[str, int]:
        return {"max_dice": self.max_dice, "max_explosions": self.max_explosions}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Limits:
        """Rebuild limits from :meth:`to_record`'s output, strictly."""
        if not isinstance(record, Mapping):
            raise DiceError(
                "dice.limits.record_type",
                "a limits record must be an object, got {got}",
                got=received(record),
            )
        check_keys("limits", record, required=("max_dice", "max_explosions"), optional=())
        return cls(record["max_dice"], record["max_explosions"])


LIMITS_CEILING = 10_000
"""The largest value either cap of :class:`Limits` may be raised to. Journals are
checked against it on load, so a session played with raised caps still reopens."""

DEFAULT_LIMITS = Limits()

LOAD_LIMITS = Limits(LIMITS_CEILING, LIMITS_CEILING)
"""What a roll read back from a file is checked against: the most any session
could have allowed (its own caps are applied when it rolls)."""


def check_keys(
    what: str, record: Mapping[str, Any], *, required: Sequence[str], optional: Sequence[str]
) -> None:
    """Refuse a ``what`` record (a pool's, a roll's, the caps') that lacks a required
    field or has one it does not know, naming both lists (at most 1,000 fields read)."""
    missing = [k for k in required if k not in record]
    unknown = [k for k in islice(record, 1000) if k not in required and k not in optional]
    if not (missing or unknown or len(record) > 1000):
        return
    allowed = repr([*required, *optional])
    needed = ", ".join(required)
    if missing:
        raise DiceError(
            "dice.record.missing",
            "a {what} record lacks {missing}; allowed fields: {allowed} ({required} required)",
            what=what,
            missing=repr(missing),
            allowed=allowed,
            required=needed,
        )
    more: str | Message = ""
    if len(record) > 5:
        more = msg("dice.record.of_fields", " (of {count} fields)", count=Number(len(record)))
    raise DiceError(
        "dice.record.unknown",
        "a {what} record has unknown fields {unknown}{more}; allowed fields: {allowed} "
        "({required} required)",
        what=what,
        unknown=received(unknown[:5]),
        more=more,
        allowed=allowed,
        required=needed,
    )
