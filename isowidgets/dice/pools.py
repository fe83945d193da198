"""What a pool asks for: how many dice of which die, and which faces explode.

A :class:`Pool` is a frozen value, written to a journal as a record
(:meth:`Pool.to_record`) and read back strictly (:meth:`Pool.from_record`); a pool
read from a record is made once and kept, as a journal asks for the same few pools
thousands of times. What rolling a pool gave is a :class:`~.records.PoolRoll`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import checks
from ..checks import received
from ..errors import DiceCapError, DiceError
from ..words import Message, msg, render
from .notation import read_notation
from .values import DEFAULT_LIMITS, MAX_SIDES, DieType, Limits, check_keys, die_named

__all__ = ["Pool"]

EXPLODE_FACE = msg("dice.what.explode_face", "a face in explode_on")
_DICE_COUNT = msg("dice.what.dice_count", "a pool's dice count")


def _labelled(label: str, text: Message) -> Message:
    """``text`` with a pool's label in front (``Bob green: 5×d6``), or as it is."""
    if not label:
        return text
    return msg("dice.labelled", "{label}: {text}", label=label, text=text)


@dataclass(frozen=True, slots=True)
class Pool:
    """A request for dice: how many of which die, and which faces explode.

    Args:
        die: the die type.
        count: how many base dice (before explosions).
        explode_on: faces that add one more die of the same type.
        explosions: ``"mandatory"`` (every exploding face adds a die) or
            ``"optional"`` (the roller may decline; typed-in faces may then stop
            short, and the dice whose explosion was not taken are marked).
        label: what the pool is for, shown in logs ("Bob green").
    """

    die: DieType
    count: int
    explode_on: frozenset[int] = field(default_factory=frozenset)
    explosions: Literal["mandatory", "optional"] = "mandatory"
    label: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.die, DieType):
            raise DiceError(
                "dice.pool.die_type",
                "Pool.die must be a DieType such as D6, got {type} {got}",
                type=type(self.die).__name__,
                got=received(self.die),
            )
        count = checks.whole(self.count, _DICE_COUNT, error=DiceError)
        if count < 0:
            raise DiceError(
                "dice.pool.negative",
                "a pool cannot hold {count} dice; the count must be ≥ 0",
                count=str(count),
            )
        object.__setattr__(self, "count", count)
        explode = _explode_faces(self.explode_on)
        object.__setattr__(self, "explode_on", explode)
        wrong = sorted(f for f in explode if f not in self.die.faces)
        if wrong:
            raise DiceError(
                "dice.pool.explode_not_a_face",
                "{die} cannot explode on {got}: its faces are {allowed}",
                die=self.die.name,
                got=received(wrong),
                allowed=self.die.allowed(),
            )
        explosions = checks.choice(
            self.explosions,
            msg("dice.what.explosions", "explosions"),
            ("mandatory", "optional"),
            error=DiceError,
        )
        object.__setattr__(self, "explosions", explosions)
        label = checks.text(
            self.label,
            msg("dice.what.pool_label", "a pool's label"),
            allow_empty=True,
            strip=False,
            max_length=checks.MAX_NOTE,
            error=DiceError,
        )
        object.__setattr__(self, "label", label)

    @property
    def explodes(self) -> bool:
        return bool(self.explode_on)

    def check(self, limits: Limits = DEFAULT_LIMITS) -> None:
        """Refuse, before rolling, a pool the caps or the arithmetic forbid."""
        if not isinstance(limits, Limits):
            raise DiceError(
                "dice.limits.type",
                "limits must be a dice.Limits, got {type} {got}",
                type=type(limits).__name__,
                got=received(limits),
            )
        if self.count > limits.max_dice:
            raise DiceCapError(
                "dice.pool.too_many",
                "{pool} asks for {count} dice; one pool may hold at most {most}. "
                "Tip: split the roll, or raise Limits.max_dice.",
                pool=self.message(),
                count=self.count,
                most=limits.max_dice,
            )
        if (
            self.explosions == "mandatory"
            and self.count > 0
            and self.explode_on == frozenset(self.die.faces)
        ):
            raise DiceCapError(
                "dice.pool.endless",
                "{pool} explodes on every face, so its chain can never end; the explosion "
                "cap is {most} extra dice. Tip: leave at least one face that does not explode.",
                pool=self.message(),
                most=limits.max_explosions,
            )

    def message(self) -> Message:
        """What the pool asks for: ``5×d6 (explode on 1)``, the label in front when there
        is one (``Bob green: 5×d6 (explode on 1)``)."""
        if not self.explode_on:
            text = msg("dice.pool", "{count}×{die}", count=self.count, die=self.die.name)
        else:
            faces = ", ".join(self.die.face_text(f) for f in sorted(self.explode_on))
            if self.explosions == "optional":
                text = msg(
                    "dice.pool.may_explode",
                    "{count}×{die} (may explode on {faces})",
                    count=self.count,
                    die=self.die.name,
                    faces=faces,
                )
            else:
                text = msg(
                    "dice.pool.explode",
                    "{count}×{die} (explode on {faces})",
                    count=self.count,
                    die=self.die.name,
                    faces=faces,
                )
        return _labelled(self.label, text)

    def describe(self) -> str:
        """:meth:`message` in English: ``"5×d6 (explode on 1)"``."""
        return render(self.message())

    @classmethod
    @classmethod
    def parse(cls, notation: str, *, label: str = "") -> Pool:
        """Read dice notation: ``"5d6"``, ``"5d6!1"`` (1s explode), ``"2d6!5,6"``,
        ``"d20"``, ``"4dF"``. A ``?`` after ``!`` makes the explosions optional.

        Notation is at most :data:`~.MAX_NOTATION` characters (checked
        before it is read), and its list of exploding faces names at most as many faces
        as the die has, so reading it is quick whatever is typed (see
        :mod:`isowidgets.dice.notation`).

        Raises:
            DiceError: the notation is not text, too long, or not dice notation.
        """
        read = read_notation(notation)
        return cls(
            read.die,
            read.count,
            read.explode_on,
            "optional" if read.optional else "mandatory",
            label,
        )

    def to_record(self) -> dict[str, Any]:
        return {
            "die": self.die.name,
            "count": self.count,
            "explode_on": sorted(self.explode_on),
            "explosions": self.explosions,
            "label": self.label,
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Pool:
        """Rebuild a pool from :meth:`to_record`'s output, strictly: every value must
        have the JSON type it was written with (no ``"3"`` for 3, no 2.0 for 2).

        Raises:
            DiceError: a missing, unknown or wrongly typed field.
        """
        key = _record_key(record)
        known = _POOLS.get(key) if key is not None else None
        if known is not None:
            return known
        if not isinstance(record, Mapping):
            raise DiceError(
                "dice.pool.record_type",
                "a pool record must be an object, got {got}",
                got=received(record),
            )
        check_keys("pool", record, required=("die", "count"), optional=_POOL_OPTIONAL)
        die, count = record["die"], record["count"]
        explode_on = record.get("explode_on", [])
        if not isinstance(die, str):
            raise DiceError(
                "dice.pool.record_die",
                "a pool's die must be a name such as 'd6', got {got}",
                got=received(die),
            )
        checks.whole(count, _DICE_COUNT, error=DiceError)
        if not isinstance(explode_on, list | tuple):
            raise DiceError(
                "dice.pool.record_explode_on",
                "a pool's explode_on must be a list of faces, got {got}",
                got=received(explode_on),
            )
        pool = cls(
            die_named(die),
            count,
            frozenset(explode_on),
            record.get("explosions", "mandatory"),
            record.get("label", ""),
        )
        if key is not None:
            if len(_POOLS) >= _MOST_KEPT:
                _POOLS.clear()
            _POOLS[key] = pool
        return pool


_POOL_OPTIONAL = ("explode_on", "explosions", "label")

_MOST_KEPT = 1024
"""Pools and dice kept by :func:`_record_key` and :func:`_die` (a cache: emptied when
full). A session's rolls ask for few pools and show few distinct dice."""

_POOLS: dict[tuple[Any, ...], Pool] = {}
"""The pools read from records so far, by :func:`_record_key`: a journal asks for the
same few pools thousands of times, and a pool is a frozen value."""


def _record_key(record: object) -> tuple[Any, ...] | None:
    """A pool record exactly (every value's type too: ``1``, ``True`` and ``1.0`` are
    three keys), or ``None`` for a record holding anything but text, whole numbers and
    lists of whole numbers (read the long way, never kept)."""
    if type(record) is not dict or len(record) > len(_POOL_OPTIONAL) + 2:
        return None
    key: list[Any] = []  # name, value, name, value…: a text, a number, or a tuple of them
    for name, value in record.items():
        kind = type(value)
        if kind is list:
            if len(value) > MAX_SIDES:
                return None
            for face in value:
                if type(face) is not int:
                    return None
            value = tuple(value)
        elif kind is not str and kind is not int:
            return None
        key += (name, value)
    return tuple(key)


def _explode_faces(value: Any) -> frozenset[int]:
    """``explode_on`` as a frozenset of whole numbers, or a DiceError saying why not.

    At most :data:`MAX_SIDES` items are read (no die has more faces), and each is
    checked to be a whole number before anything is hashed.
    """
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Iterable):
        raise DiceError(
            "dice.explode_on.type",
            "explode_on must be a set of faces such as {{6}} or {{1, 2}}, got {got}",
            got=received(value),
        )
    items = checks.ordered(value, "explode_on", most=MAX_SIDES, sets=True, error=DiceError)
    faces = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int):
            raise DiceError(
                "dice.explode_on.face",
                "explode_on must hold whole-number faces, got {got} in {value}",
                got=received(item),
                value=received(value),
            )
        faces.append(checks.whole(item, EXPLODE_FACE, error=DiceError))
    return frozenset(faces)
