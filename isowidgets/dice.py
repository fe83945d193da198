"""Dice core: die types, pools, open-ended explosions, caps, and typed-in faces.

One interface serves random rolls and physical dice typed in at the table::

    dice = Dice(seed=7)
    pool = Pool(D6, 5, explode_on={1}, label="Bob red")
    dice.roll(pool)                          # random, from the session's generator
    dice.roll(pool, faces=[5, 4, 3, 6, 1, 1, 2])   # typed in: validated, same result type

Conventions, stated once:

* **Roll order.** A pool's faces are listed in the order the dice hit the table:
  first the ``count`` base dice, then every extra die from an explosion, in the
  order of the dice that exploded (the first exploding die's extra die comes
  first). So Bob's red pool of five d6 showing 5 4 3 6 1, whose 1 explodes into
  another 1, which explodes into a 2, is typed as ``5 4 3 6 1 1 2``. The parent
  of every extra die is recorded, so chains can be shown and checked.
* **An exploded die keeps its face** and still counts; the extra die is added.
* **Immutability.** Die types, pools and rolls are frozen values.
* **Randomness is passed in.** Each session owns a seeded :class:`Dice`; nothing
  here touches a global random generator.

Caps (see :class:`Limits`): at most 500 base dice in one pool and at most 200
extra dice from explosions in one pool (a pool's count itself past 64 bits is
refused when the pool is made). A request past them raises
:class:`~isowidgets.errors.DiceCapError` before any die is rolled, or as soon as
the chain passes the cap, so no input can hang the kernel. A house rule that
makes every face explode (a chain that can never end) is refused at once. Typed-in
faces are capped the same way: at most ``count + max_explosions`` faces are read
for one pool, so a pasted list of a million faces fails at once, and error
messages show only the first few faces of a long list. Dice notation is at most
:data:`MAX_NOTATION` characters, checked before it is read.

Every public function and method checks its arguments (through
:mod:`isowidgets.checks`) and refuses a bad one with
:class:`~isowidgets.errors.DiceError` or a subclass, never ``TypeError``,
``AttributeError`` or ``KeyError``.
"""

from __future__ import annotations

import random
import re
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cache
from itertools import islice
from typing import Any, Literal, TypeAlias

from . import checks
from .checks import shown
from .errors import DiceCapError, DiceError, FacesError

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
    "MAX_NOTATION",
    "MAX_SEED_TEXT",
    "MAX_SIDES",
    "MAX_TYPED",
    "PENALTY_KEEP_MODES",
    "Dice",
    "DieType",
    "KeptRoll",
    "Limits",
    "PenaltyKeep",
    "Pool",
    "PoolRoll",
    "RollSource",
    "RolledDie",
    "Selection",
    "d",
    "die_named",
    "keep_highest",
    "keep_lowest",
    "keep_net",
    "net_dice",
    "parse_faces",
    "roll_kept",
    "stream_seed",
]

RollSource: TypeAlias = Literal["random", "typed"]
PenaltyKeep: TypeAlias = Literal["forced_worst_then_best", "three_worst"]
"""How penalty dice pick the kept dice (see :func:`keep_net`)."""

PENALTY_KEEP_MODES: tuple[PenaltyKeep, ...] = ("forced_worst_then_best", "three_worst")
"""Where a roll's faces came from: the session's generator, or dice typed in."""

MAX_SIDES = 1000
"""The largest standard die :func:`d` makes (a d1000 is already a novelty), and the
most faces any die may have."""

MAX_SEED_TEXT = 1000
"""The longest seed given as text (a phrase, not a file)."""


# --------------------------------------------------------------------------- die types


@dataclass(frozen=True, slots=True)
class DieType:
    """A kind of die: its name and the faces it can show.

    Don't confuse this with a rolled die (:class:`RolledDie`) or with a
    :class:`Pool` of several dice.
    """

    name: str
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        name = checks.text(self.name, "a die's name", strip=False, error=DiceError)
        listed = checks.ordered(
            self.faces, f"the faces of die {name!r}", most=MAX_SIDES, error=DiceError
        )
        faces = tuple(checks.whole(f, f"a face of die {name!r}", error=DiceError) for f in listed)
        if not faces:
            raise DiceError(f"die {name!r} has no faces; a die needs at least one face")
        if tuple(sorted(set(faces))) != faces:
            raise DiceError(
                f"die {name!r} faces must be distinct and ascending, got {shown(faces)}"
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

    def allowed_text(self) -> str:
        """The faces as a person would say them: ``1–6`` or ``-1, 0, +1``."""
        if self.is_fudge:
            return "-1, 0, +1 (also written -, 0, +)"
        if self.faces == tuple(range(self.lowest, self.highest + 1)):
            return f"{self.lowest}–{self.highest}"
        return ", ".join(str(f) for f in self.faces)

    def face_text(self, face: int) -> str:
        """A face as shown on a chip: Fudge faces as ``+``, ``0`` and ``−``.

        Raises:
            DiceError: ``face`` is not one of this die's faces.
        """
        face = checks.whole(face, f"a face of a {self.name}", error=DiceError)
        if face not in self.faces:
            raise DiceError(
                f"a {self.name} has no face {shown(face)}; it shows {self.allowed_text()}"
            )
        if self.is_fudge:
            return {-1: "−", 0: "0", 1: "+"}[face]
        return str(face)

    def __str__(self) -> str:
        return self.name


def d(sides: int) -> DieType:
    """A standard die with faces 1..sides (``d(6)`` is a d6, the very same object)."""
    sides = checks.whole(sides, "a die's number of sides", error=DiceError)
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die must have 2 to {MAX_SIDES} sides, got {sides}")
    return _standard(sides)


@cache
def _standard(sides: int) -> DieType:
    return DieType(f"d{sides}", tuple(range(1, sides + 1)))


D4, D6, D8, D10, D12, D20 = (d(n) for n in (4, 6, 8, 10, 12, 20))
_DIE_TIP = "write it as d6, d20 or dF"
DF = DieType("dF", (-1, 0, 1))
"""A Fudge die: −1, 0 or +1, each with probability 1/3."""


def die_named(name: str) -> DieType:
    """Look a die up by name: ``"d6"``, ``"D20"``, ``"dF"``.

    Raises:
        DiceError: ``name`` is not text, or names no die.
    """
    text = checks.text(
        name, "a die's name", allow_empty=True, max_length=40, tip=_DIE_TIP, error=DiceError
    )
    if text.lower() == "df":
        return DF
    match = re.fullmatch(r"[dD](\d{1,4})", text)
    if not match:
        raise DiceError(f"unknown die {shown(text)}; {_DIE_TIP}")
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
                    f"Limits.{name} must be a whole number from 0 to {LIMITS_CEILING}, got "
                    f"{shown(value)}; past that even a legal request could stall the kernel"
                )
            object.__setattr__(self, name, int.__int__(value))

    def to_record(self) -> dict[str, int]:
        return {"max_dice": self.max_dice, "max_explosions": self.max_explosions}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Limits:
        """Rebuild limits from :meth:`to_record`'s output, strictly."""
        if not isinstance(record, Mapping):
            raise DiceError(f"a limits record must be an object, got {shown(record)}")
        _check_keys("limits", record, required=("max_dice", "max_explosions"), optional=())
        return cls(record["max_dice"], record["max_explosions"])


LIMITS_CEILING = 10_000
"""The largest value either cap of :class:`Limits` may be raised to. Journals are
checked against it on load, so a session played with raised caps still reopens."""

DEFAULT_LIMITS = Limits()

LOAD_LIMITS = Limits(LIMITS_CEILING, LIMITS_CEILING)
"""What a roll read back from a file is checked against: the most any session
could have allowed (its own caps are applied when it rolls)."""


# --------------------------------------------------------------------------- pools


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
                f"Pool.die must be a DieType such as D6, got {type(self.die).__name__} "
                f"{shown(self.die)}"
            )
        count = checks.whole(self.count, "a pool's dice count", error=DiceError)
        if count < 0:
            raise DiceError(f"a pool cannot hold {count} dice; the count must be ≥ 0")
        object.__setattr__(self, "count", count)
        explode = _explode_faces(self.explode_on)
        object.__setattr__(self, "explode_on", explode)
        wrong = sorted(f for f in explode if f not in self.die.faces)
        if wrong:
            raise DiceError(
                f"{self.die} cannot explode on {shown(wrong)}: its faces are "
                f"{self.die.allowed_text()}"
            )
        explosions = checks.choice(
            self.explosions, "explosions", ("mandatory", "optional"), error=DiceError
        )
        object.__setattr__(self, "explosions", explosions)
        label = checks.text(
            self.label,
            "a pool's label",
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
                f"limits must be a dice.Limits, got {type(limits).__name__} {shown(limits)}"
            )
        if self.count > limits.max_dice:
            raise DiceCapError(
                f"{self.describe()} asks for {self.count} dice; one pool may hold at most "
                f"{limits.max_dice}. Tip: split the roll, or raise Limits.max_dice."
            )
        if (
            self.explosions == "mandatory"
            and self.count > 0
            and self.explode_on == frozenset(self.die.faces)
        ):
            raise DiceCapError(
                f"{self.describe()} explodes on every face, so its chain can never end; "
                f"the explosion cap is {limits.max_explosions} extra dice. "
                "Tip: leave at least one face that does not explode."
            )

    def describe(self) -> str:
        """``"5×d6 (explode on 1)"`` with the label in front when there is one."""
        text = f"{self.count}×{self.die}"
        if self.explode_on:
            faces = ", ".join(self.die.face_text(f) for f in sorted(self.explode_on))
            kind = "may explode" if self.explosions == "optional" else "explode"
            text += f" ({kind} on {faces})"
        return f"{self.label}: {text}" if self.label else text

    @classmethod
    def parse(cls, notation: str, *, label: str = "") -> Pool:
        """Read dice notation: ``"5d6"``, ``"5d6!1"`` (1s explode), ``"2d6!5,6"``,
        ``"d20"``, ``"4dF"``. A ``?`` after ``!`` makes the explosions optional.

        Notation is at most :data:`MAX_NOTATION` characters (checked before it is
        read), and its list of exploding faces names at most as many faces as
        the die has, so reading it is quick whatever is typed.

        Raises:
            DiceError: the notation is not text, too long, or not dice notation.
        """
        notation = checks.text(
            notation,
            "dice notation",
            max_length=MAX_NOTATION,
            tip="write e.g. 5d6, 5d6!1 or 4dF",
            error=DiceError,
        )
        # Stripped already, and no two neighbouring parts can match the same
        # character, so the match is linear in the length (no backtracking).
        match = _NOTATION.fullmatch(notation)
        if not match:
            raise DiceError(
                f"cannot read dice notation {shown(notation)}; write e.g. 5d6, 5d6!1 or 4dF"
            )
        count_text, sides, optional, explode = match.groups()
        die = die_named(f"d{sides}")
        explode_on: frozenset[int] = frozenset()
        if explode:
            faces = parse_faces(explode, die, most=die.sides)
            if len(faces) > die.sides:
                raise DiceError(
                    f"dice notation {shown(notation)} lists more exploding faces than a {die} "
                    f"has ({die.sides}); name each face once, e.g. 5d6!1 or 2d6!5,6"
                )
            explode_on = frozenset(faces)
        return cls(
            die,
            int(count_text) if count_text else 1,
            explode_on,
            "optional" if optional else "mandatory",
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
        if not isinstance(record, Mapping):
            raise DiceError(f"a pool record must be an object, got {shown(record)}")
        _check_keys("pool", record, required=("die", "count"), optional=_POOL_OPTIONAL)
        die, count = record["die"], record["count"]
        explode_on = record.get("explode_on", [])
        if not isinstance(die, str):
            raise DiceError(f"a pool's die must be a name such as 'd6', got {shown(die)}")
        checks.whole(count, "a pool's dice count", error=DiceError)
        if not isinstance(explode_on, list | tuple):
            raise DiceError(f"a pool's explode_on must be a list of faces, got {shown(explode_on)}")
        return cls(
            die_named(die),
            count,
            frozenset(explode_on),
            record.get("explosions", "mandatory"),
            record.get("label", ""),
        )


_POOL_OPTIONAL = ("explode_on", "explosions", "label")

MAX_NOTATION = 100
"""The longest dice notation :meth:`Pool.parse` reads (``"500d1000!?1,2,3"`` is 15)."""

_NOTATION = re.compile(r"(\d{0,4})\s*[dD]\s*(\d{1,4}|[fF])(?:\s*!(\??)\s*([0-9+\-][0-9,\s+\-]*))?")


def _check_keys(
    what: str, record: Mapping[str, Any], *, required: Sequence[str], optional: Sequence[str]
) -> None:
    missing = [k for k in required if k not in record]
    unknown = [k for k in islice(record, 1000) if k not in required and k not in optional]
    if missing or unknown or len(record) > 1000:
        more = f" (of {len(record):,} fields)" if len(record) > 5 else ""
        problem = (
            f"lacks {missing}" if missing else f"has unknown fields {shown(unknown[:5])}{more}"
        )
        raise DiceError(
            f"a {what} record {problem}; allowed fields: {[*required, *optional]} "
            f"({', '.join(required)} required)"
        )


def _explode_faces(value: Any) -> frozenset[int]:
    """``explode_on`` as a frozenset of whole numbers, or a DiceError saying why not.

    At most :data:`MAX_SIDES` items are read (no die has more faces), and each is
    checked to be a whole number before anything is hashed.
    """
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Iterable):
        raise DiceError(
            f"explode_on must be a set of faces such as {{6}} or {{1, 2}}, got {shown(value)}"
        )
    items = checks.ordered(value, "explode_on", most=MAX_SIDES, sets=True, error=DiceError)
    faces = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int):
            raise DiceError(
                f"explode_on must hold whole-number faces, got {shown(item)} in {shown(value)}"
            )
        faces.append(checks.whole(item, "a face in explode_on", error=DiceError))
    return frozenset(faces)


def _faces_preview(faces: Sequence[Any], most: int = 12) -> str:
    """A list of faces for a message: the first ``most`` and how many in all."""
    if len(faces) <= most:
        return shown(list(faces))
    head = ", ".join(shown(f, 12) for f in faces[:most])
    return f"[{head}, … ({len(faces)} faces)]"


# --------------------------------------------------------------------------- rolls


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die on the table.

    Attributes:
        index: position in the pool's roll order (0-based).
        face: what it shows.
        parent: index of the die whose explosion added this one, or ``None``
            for a base die.
        exploded: this die's face exploded and its extra die was rolled.
        declined: this die could have exploded (optional explosions) but the
            extra die was not taken.
    """

    index: int
    face: int
    parent: int | None = None
    exploded: bool = False
    declined: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "index", checks.whole(self.index, "a die's index", 0, error=DiceError)
        )
        object.__setattr__(self, "face", checks.whole(self.face, "a die's face", error=DiceError))
        if self.parent is not None:
            parent = checks.whole(self.parent, "a die's parent", 0, self.index - 1, error=DiceError)
            object.__setattr__(self, "parent", parent)
        checks.flag(self.exploded, "exploded", error=DiceError)
        checks.flag(self.declined, "declined", error=DiceError)

    @property
    def is_extra(self) -> bool:
        return self.parent is not None


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """The result of rolling (or typing in) one pool."""

    pool: Pool
    dice: tuple[RolledDie, ...]
    source: RollSource
    draw: tuple[int, int] | None = field(default=None, compare=False)
    """Where a random roll's dice came from in its session's stream: ``(start, index)``,
    the draw its stream started at (0, or where a resume past lost draws took a new
    one up) and the draw of its first die; its dice are the draws from there on.
    ``None`` for typed faces and for rolls journaled before draws were recorded.
    :mod:`isowidgets.verify` replays every random roll from it; it takes no part in
    comparing rolls."""

    def __post_init__(self) -> None:
        if not isinstance(self.pool, Pool):
            raise DiceError(
                f"a roll's pool must be a Pool, got {type(self.pool).__name__} {shown(self.pool)}"
            )
        dice = checks.ordered(self.dice, "a roll's dice", most=MAX_TYPED, error=DiceError)
        for position, die in enumerate(dice):
            if not isinstance(die, RolledDie) or die.index != position:
                raise DiceError(
                    f"a roll's dice must be RolledDie values in roll order; die #{position + 1} "
                    f"is {shown(die, 80)}. Tip: Dice.roll makes rolls (typed-in faces too)."
                )
        object.__setattr__(self, "dice", dice)
        object.__setattr__(
            self, "source", checks.choice(self.source, "a roll's source", _SOURCES, error=DiceError)
        )
        if self.draw is not None:
            object.__setattr__(self, "draw", _draw_position(self.draw, self.source, DiceError))

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(die.face for die in self.dice)

    @property
    def base(self) -> tuple[RolledDie, ...]:
        return tuple(die for die in self.dice if die.parent is None)

    @property
    def extras(self) -> tuple[RolledDie, ...]:
        return tuple(die for die in self.dice if die.parent is not None)

    @property
    def total(self) -> int:
        return sum(self.faces)

    def count(self, predicate: Callable[[int], bool]) -> int:
        """How many dice show a face that satisfies ``predicate``."""
        checks.function(predicate, "count's predicate", error=DiceError)
        return sum(1 for face in self.faces if predicate(face))

    @property
    def evens(self) -> int:
        return self.count(lambda f: f % 2 == 0)

    @property
    def odds(self) -> int:
        return self.count(lambda f: f % 2 == 1)

    def depth(self, index: int) -> int:
        """How many explosions led to die ``index`` (0 for a base die)."""
        index = checks.whole(index, "a die's index", 0, len(self.dice) - 1, error=DiceError)
        steps = 0
        parent = self.dice[index].parent
        while parent is not None:
            steps += 1
            parent = self.dice[parent].parent
        return steps

    def faces_text(self) -> str:
        """Faces with chains shown inline: ``5 4 3 6 1→1→2``."""
        children: dict[int, int] = {
            die.parent: die.index for die in self.dice if die.parent is not None
        }
        parts = []
        for die in self.base:
            chain = [self.pool.die.face_text(die.face)]
            current = die.index
            while current in children:
                current = children[current]
                chain.append(self.pool.die.face_text(self.dice[current].face))
            parts.append("→".join(chain))
        return " ".join(parts)

    def describe(self) -> str:
        source = "typed in" if self.source == "typed" else "rolled"
        label = f"{self.pool.label}: " if self.pool.label else ""
        return f"{label}{len(self.dice)}×{self.pool.die} {source} [{self.faces_text()}]"

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record; :meth:`from_record` checks it on the way back."""
        record: dict[str, Any] = {
            "pool": self.pool.to_record(),
            "faces": list(self.faces),
            "source": self.source,
        }
        if self.draw is not None:
            record["draw"] = list(self.draw)
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any], limits: Limits = DEFAULT_LIMITS) -> PoolRoll:
        """Rebuild a roll from a record, re-deriving and re-checking its chains.

        Strict, like :meth:`Pool.from_record`: the faces must be a list of whole
        numbers (``2.5``, ``"234"`` or ``true`` are refused, never converted).
        """
        if not isinstance(record, Mapping):
            raise FacesError(f"a roll record must be an object, got {shown(record)}")
        if not isinstance(limits, Limits):
            raise DiceError(f"limits must be a dice.Limits, got {shown(limits)}")
        _check_keys("roll", record, required=("pool", "faces", "source"), optional=("draw",))
        pool = Pool.from_record(record["pool"])
        source = checks.choice(record["source"], "a roll's source", _SOURCES, error=FacesError)
        faces = record["faces"]
        if not isinstance(faces, list | tuple):
            raise FacesError(f"a roll's faces must be a list of whole numbers, got {shown(faces)}")
        roll = _assemble(pool, faces, source, limits)
        if "draw" in record:
            draw = _draw_position(record["draw"], source, FacesError)
            object.__setattr__(roll, "draw", draw)
        return roll


def _draw_position(value: Any, source: str, error: type[DiceError]) -> tuple[int, int]:
    """A roll's ``draw`` as ``(start, index)`` with ``0 ≤ start ≤ index``, strictly."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise error(f"a roll's draw must be [start, index], got {shown(value)}")
    start = checks.whole(value[0], "a roll's draw start", 0, error=error)
    index = checks.whole(value[1], "a roll's draw index", start, error=error)
    if source != "random":
        raise error(f"only a random roll has a draw position; this one is {source}")
    return start, index


_SOURCES: tuple[RollSource, ...] = ("random", "typed")


def _assemble(pool: Pool, faces: Sequence[int], source: RollSource, limits: Limits) -> PoolRoll:
    """Check faces in roll order against ``pool`` and link every extra die to its parent.

    At most ``count + max_explosions`` faces are looked at, so a huge entry costs
    no more than the largest legal roll. Past that, the chain itself says which
    error it is: one that still wants dice is past the explosion cap, one that
    ended has too many faces (and the message names the count it expected).
    """
    pool.check(limits)
    most = pool.count + limits.max_explosions
    got = f"more than {most}" if len(faces) > most else str(len(faces))
    allowed = set(pool.die.faces)
    checked: list[int] = []
    for position, face in enumerate(faces[:most], start=1):
        if (
            isinstance(face, bool)
            or not isinstance(face, int)
            or int.__int__(face) not in allowed  # a plain int: no subclass's __hash__ runs
        ):
            raise FacesError(
                f"face #{position} of {pool.describe()} is {shown(face)}; a {pool.die} shows "
                f"{pool.die.allowed_text()}"
            )
        checked.append(int.__int__(face))
    if len(faces) < pool.count:
        raise FacesError(
            f"{pool.describe()} needs at least {pool.count} faces (one per base die), "
            f"got {len(faces)}: {_faces_preview(faces)}"
        )
    pending: deque[int] = deque()
    parents: list[int | None] = []
    for index, face in enumerate(checked):
        if index < pool.count:
            parents.append(None)
        elif pending:
            parents.append(pending.popleft())
        else:
            raise _too_many(pool, index, got, faces)
        if face in pool.explode_on:
            pending.append(index)
    if len(faces) > most:
        if not pending:
            raise _too_many(pool, most, got, faces)
        raise DiceCapError(
            f"{pool.describe()}: more than {limits.max_explosions} extra dice from "
            f"explosions; that is past the explosion cap (a roll holds its {pool.count} "
            f"base dice and at most {limits.max_explosions} extra dice), got {got} faces: "
            f"{_faces_preview(faces)}"
        )
    if pending and pool.explosions == "mandatory":
        exploding = [i for i, f in enumerate(checked) if f in pool.explode_on]
        expected = pool.count + len(exploding)
        listed = ", ".join(
            f"die {i + 1} showed {pool.die.face_text(checked[i])}" for i in exploding[:6]
        )
        more = "…" if len(exploding) > 6 else ""
        raise FacesError(
            f"{pool.describe()}: expected {expected} faces "
            f"({pool.count} base + {len(exploding)} from explosions: {listed}{more}), "
            f"got {len(faces)}: {_faces_preview(faces)}"
        )
    spawned = {p for p in parents if p is not None}
    declined = set(pending)
    dice = tuple(
        RolledDie(
            index=i,
            face=face,
            parent=parents[i],
            exploded=i in spawned,
            declined=i in declined,
        )
        for i, face in enumerate(checked)
    )
    return PoolRoll(pool, dice, source)


def _too_many(pool: Pool, expected: int, got: str, faces: Sequence[Any]) -> FacesError:
    """More faces than the chain of ``pool`` accounts for: it ended at ``expected``.

    Explosions are mentioned only for a pool that can explode: a single D8 that never
    explodes is told it takes one face, not how to list extra dice it cannot have.
    """
    extra = expected - pool.count
    why = f"{pool.count} base + {extra} from explosions" if extra else "one per die"
    noun = "face" if expected == 1 else "faces"
    tip = (
        "Tip: list the base dice first, then one extra die per exploding face, in roll order."
        if pool.explodes
        else "Tip: type one face per die."
    )
    return FacesError(
        f"{pool.describe()}: expected {expected} {noun} ({why}), got {got}: "
        f"{_faces_preview(faces)}. {tip}"
    )


# --------------------------------------------------------------------------- typed faces

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
            f"parse_faces needs a DieType such as D6, got {type(die).__name__} {shown(die)}"
        )
    if most is not None:
        most = checks.whole(most, "most (faces to read)", 0, MAX_TYPED, error=DiceError)
    stop = (MAX_TYPED if most is None else most) + 1
    faces = _typed_faces(text, die, stop)
    if most is None and len(faces) > MAX_TYPED:
        raise DiceCapError(
            f"more than {MAX_TYPED:,} faces were typed in; no roll has that many dice "
            f"(at most {LIMITS_CEILING:,} base dice and {LIMITS_CEILING:,} from explosions)"
        )
    return faces


def _typed_faces(text: object, die: DieType, stop: int) -> list[int]:
    """At most ``stop`` faces of ``text`` (see :func:`parse_faces`)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return [int.__int__(text)]  # one die typed in as a bare number
    if not isinstance(text, str):
        if isinstance(text, AbstractSet | Mapping):
            raise FacesError(
                f"typed-in faces must be in roll order, but a {type(text).__name__} has no "
                f"order: {shown(text)}. Allowed: text such as '5 4 3' or a list such as "
                "[5, 4, 3]"
            )
        if isinstance(text, bytes | bytearray | memoryview) or not isinstance(text, Iterable):
            raise FacesError(
                f"typed-in faces must be text such as '5 4 3' or a list of whole numbers, "
                f"got {type(text).__name__} {shown(text)}"
            )
        try:
            return list(islice(text, stop))  # each face is checked against the pool later
        except Exception as exc:  # a hostile iterator must not escape the error family
            raise FacesError(
                f"typed-in faces could not be read ({type(exc).__name__}); got {shown(text)}"
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
                f"could not read {shown(token, 40)} as a face of a {die}; it shows "
                f"{die.allowed_text()}"
            )
        faces.append(value)
    return faces


_TOKEN = re.compile(r"[^\s,;]{1,24}")
_NUMBER = re.compile(r"\d{1,4}")
_FUDGE_RUN = re.compile(r"\s*([+\-−0]+)\s*")


# --------------------------------------------------------------------------- the roller


class Dice:
    """A session's dice: a seeded generator plus the caps.

    Every random face is one *draw* of one stream, numbered from :attr:`start`:
    draw ``i`` is the ``i − start``-th ``randrange(sides)`` of
    ``random.Random(stream_seed(seed, start))``. A random roll records where its
    dice came from (:attr:`PoolRoll.draw`), so anyone who knows the seed can
    replay every roll of a journal (see :mod:`isowidgets.verify`).

    Args:
        seed: the generator's seed. ``None`` draws one from the OS, and it is
            kept in :attr:`seed`.
        limits: the caps every pool is checked against.
        start: the number of the first draw: 0, or where a resumed session whose
            journal lost draws (a torn last line) takes a new stream up.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        limits: Limits = DEFAULT_LIMITS,
        start: int = 0,
    ):
        if isinstance(seed, str):
            seed = checks.text(
                seed,
                "a seed",
                allow_empty=True,
                strip=False,
                max_length=MAX_SEED_TEXT,
                error=DiceError,
            )
        elif seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise DiceError(
                    f"a seed must be a whole number or text, got {type(seed).__name__} "
                    f"{shown(seed)}"
                )
            seed = checks.whole(seed, "a seed", error=DiceError)
        if not isinstance(limits, Limits):
            raise DiceError(
                f"limits must be a dice.Limits, got {type(limits).__name__} {shown(limits)}"
            )
        self.seed: int | str = secrets.randbits(63) if seed is None else seed
        self.limits = limits
        self.start = checks.whole(start, "the first draw", 0, error=DiceError)
        self._drawn = self.start
        self._sealed = ""
        self._rng = random.Random(stream_seed(self.seed, self.start))

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"

    @property
    def position(self) -> tuple[int, int]:
        """``(start, next draw)``: what the next random roll records as its draw."""
        return self.start, self._drawn

    def _advance(self, sides: Iterable[int]) -> None:
        """Draw (and drop) one face of a die of each of ``sides`` sides, in order.

        A resumed session replays the draws its journal holds, so its stream goes on
        exactly where it was: resuming gives the same dice as carrying on would.
        """
        for count in sides:
            self._rng.randrange(count)
            self._drawn += 1

    @property
    def sealed(self) -> str:
        """Why random faces are refused (``""`` while they are not; see :meth:`seal`)."""
        return self._sealed

    def seal(self, reason: str) -> None:
        """Refuse every random face from now on, with ``reason`` (typed faces still work).

        A session whose seed is revealed is sealed: anyone could foresee its rolls.
        """
        self._sealed = checks.text(reason, "a reason", error=DiceError)

    def state(self) -> object:
        """An opaque snapshot of the generator (see :meth:`restore`)."""
        return self._rng.getstate(), self._drawn

    def restore(self, state: object) -> None:
        """Put the generator back where :meth:`state` found it (used on rollback).

        Raises:
            DiceError: ``state`` is not a snapshot :meth:`state` made.
        """
        try:
            snapshot: Any = state
            generator, count = snapshot
            drawn = checks.whole(count, "a draw", self.start, error=DiceError)
            self._rng.setstate(generator)
            self._drawn = drawn
        except Exception:  # random's own TypeError/ValueError, or what a junk value raises
            raise DiceError(
                f"restore takes a snapshot Dice.state() made, got {type(state).__name__} "
                f"{shown(state, 60)}"
            ) from None

    def face(self, die: DieType) -> int:
        """One random face of ``die``."""
        if not isinstance(die, DieType):
            raise DiceError(f"face needs a DieType such as D6, got {type(die).__name__}")
        if self._sealed:
            raise DiceError(self._sealed)
        face = die.faces[self._rng.randrange(die.sides)]
        self._drawn += 1
        return face

    def roll(
        self,
        pool: Pool,
        faces: Sequence[int] | str | int | None = None,
        *,
        take_optional: bool = True,
    ) -> PoolRoll:
        """Roll ``pool``, or take the faces typed in for it.

        Args:
            pool: what to roll.
            faces: ``None`` for a random roll; otherwise the faces in roll
                order (see the module docstring), as integers or as text.
            take_optional: for a random roll of a pool with optional
                explosions, whether the extra dice are taken.

        Raises:
            DiceCapError: the pool or its chains pass :attr:`limits`.
            FacesError: typed faces out of range or of the wrong count.
        """
        if not isinstance(pool, Pool):
            raise DiceError(
                f"roll needs a Pool such as Pool.parse('5d6!1'), got {type(pool).__name__} "
                f"{shown(pool)}"
            )
        take_optional = checks.flag(take_optional, "take_optional", error=DiceError)
        pool.check(self.limits)
        if faces is not None:
            most = pool.count + self.limits.max_explosions
            typed = parse_faces(faces, pool.die, most=most)
            return _assemble(pool, typed, "typed", self.limits)
        if self._sealed:  # even a roll of no dice: it would be journaled as random
            raise DiceError(self._sealed)
        at = self.position
        rolled = [self.face(pool.die) for _ in range(pool.count)]
        if pool.explode_on and (pool.explosions == "mandatory" or take_optional):
            cursor = 0
            while cursor < len(rolled):
                if rolled[cursor] in pool.explode_on:
                    if len(rolled) - pool.count >= self.limits.max_explosions:
                        raise DiceCapError(
                            f"{pool.describe()}: the explosions passed the cap of "
                            f"{self.limits.max_explosions} extra dice"
                        )
                    rolled.append(self.face(pool.die))
                cursor += 1
        roll = _assemble(pool, rolled, "random", self.limits)
        object.__setattr__(roll, "draw", at)
        return roll


def stream_seed(seed: int | str, start: int) -> int | str:
    """The seed of the stream whose first draw is ``start``.

    Draw 0 uses the session's seed itself (so a seeded session rolls as it always
    did); a stream taken up at draw ``n`` by a resume uses ``f"{seed}/{n}"``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise DiceError(f"a seed must be a whole number or text, got {shown(seed)}")
    start = checks.whole(start, "the first draw", 0, error=DiceError)
    return seed if start == 0 else f"{seed}/{start}"


# --------------------------------------------------------------------------- selections


@dataclass(frozen=True, slots=True)
class Selection:
    """Which dice of a roll are kept (indices into the roll order)."""

    kept: tuple[int, ...]
    dropped: tuple[int, ...]

    def __post_init__(self) -> None:
        for name in ("kept", "dropped"):
            listed = checks.ordered(getattr(self, name), name, most=MAX_TYPED, error=DiceError)
            indices = tuple(checks.whole(i, f"an index {name}", 0, error=DiceError) for i in listed)
            object.__setattr__(self, name, indices)

    def values(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The kept faces of ``faces`` (the faces this selection was made from)."""
        listed = checks.ordered(faces, "the faces", most=MAX_TYPED, error=DiceError)
        needed = max((*self.kept, *self.dropped), default=-1) + 1
        if len(listed) < needed:
            raise DiceError(
                f"this selection was made from {needed} faces or more; got {len(listed)}: "
                f"{_faces_preview(listed)}"
            )
        return tuple(listed[i] for i in self.kept)


def _select(faces: Sequence[int], n: int, highest: bool) -> Selection:
    listed = checks.ordered(
        faces,
        "the faces to keep from",
        most=MAX_TYPED,
        error=DiceError,
    )
    values = [checks.whole(face, "a face", error=DiceError) for face in listed]
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise DiceError(f"cannot keep {shown(n)} dice; the number kept must be a whole number ≥ 0")
    n = int.__int__(n)
    if n > len(values):
        raise DiceError(f"cannot keep {n} of {len(values)} dice")
    return _selection(_ordered_keep(values, n, highest), len(values))


def _ordered_keep(values: Sequence[int], n: int, highest: bool) -> list[int]:
    """The indices of the ``n`` highest (or lowest) of ``values``, best first; among equal
    faces the earlier die is taken first. Unchecked: the callers have checked."""
    order = sorted(range(len(values)), key=lambda i: (-values[i] if highest else values[i], i))
    return order[:n]


def _selection(kept: Sequence[int], count: int) -> Selection:
    chosen = tuple(sorted(kept))
    taken = set(chosen)  # a set: a typed roll may hold thousands of dice
    return Selection(chosen, tuple(i for i in range(count) if i not in taken))


def keep_highest(faces: Sequence[int], n: int) -> Selection:
    """Keep the ``n`` highest faces (ties: the earlier die)."""
    return _select(faces, n, highest=True)


def keep_lowest(faces: Sequence[int], n: int) -> Selection:
    """Keep the ``n`` lowest faces (ties: the earlier die)."""
    return _select(faces, n, highest=False)


# --------------------------------------------------------------------------- bonus and penalty dice


def net_dice(bonus: int, penalty: int) -> int:
    """Bonus dice cancel penalty dice one for one: ``bonus - penalty``.

    A positive result is that many bonus dice, a negative one that many penalty
    dice, so a roll never has both kinds (3 bonus and 2 penalty leave 1 bonus).

    Raises:
        DiceError: either count is not a whole number ≥ 0.
    """
    bonus = checks.whole(bonus, "bonus dice", 0, LIMITS_CEILING, error=DiceError)
    penalty = checks.whole(penalty, "penalty dice", 0, LIMITS_CEILING, error=DiceError)
    return bonus - penalty


def keep_net(
    faces: Sequence[int],
    net: int,
    keep: int = 3,
    *,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
) -> Selection:
    """Which ``keep`` of ``keep + |net|`` faces count, for ``net`` bonus (+) or penalty (−) dice.

    Bonus dice keep the highest. Penalty dice under ``"forced_worst_then_best"``
    force the ``p`` lowest into the kept set and fill the remaining ``keep − p``
    places from the highest of the rest (the player's free choice, taken at its
    best); with ``p ≥ keep`` the ``keep`` lowest are kept. Under
    ``"three_worst"`` any penalty die keeps the ``keep`` lowest. Among equal
    faces the earlier die is taken first, so the selection is reproducible.

    Raises:
        DiceError: ``faces`` is not a list of ``keep + |net|`` whole numbers,
            or a count or the mode is not allowed.
    """
    net = checks.whole(
        net, "net bonus/penalty dice", -LIMITS_CEILING, LIMITS_CEILING, error=DiceError
    )
    keep = checks.whole(keep, "dice kept", 0, LIMITS_CEILING, error=DiceError)
    penalty_keep = checks.choice(penalty_keep, "penalty_keep", PENALTY_KEEP_MODES, error=DiceError)
    listed = checks.ordered(faces, "the faces to keep from", most=MAX_TYPED, error=DiceError)
    values = [checks.whole(face, "a face", error=DiceError) for face in listed]
    if len(values) != keep + abs(net):
        raise DiceError(
            f"{abs(net)} {'bonus' if net >= 0 else 'penalty'} dice and {keep} kept need "
            f"{keep + abs(net)} faces, got {len(values)}: {_faces_preview(values)}"
        )
    return _selection(_kept_by_net(values, net, keep, penalty_keep), len(values))


def _kept_by_net(
    values: Sequence[int], net: int, keep: int, penalty_keep: PenaltyKeep
) -> list[int]:
    """The indices :func:`keep_net` keeps, unchecked (``values`` are ``keep + |net|`` whole
    numbers): the exact odds enumerate every roll through this one reading."""
    if net >= 0:
        return _ordered_keep(values, keep, highest=True)
    penalty = -net
    if penalty >= keep or penalty_keep == "three_worst":
        return _ordered_keep(values, keep, highest=False)
    lowest = sorted(range(len(values)), key=lambda i: (values[i], i))
    rest = sorted(lowest[penalty:], key=lambda i: (-values[i], i))
    return [*lowest[:penalty], *rest[: keep - penalty]]


@dataclass(frozen=True, slots=True)
class KeptRoll:
    """A roll of ``keep + |net|`` dice of which ``keep`` count (see :func:`keep_net`).

    Attributes:
        roll: every die rolled or typed, in roll order.
        net: bonus dice (positive) or penalty dice (negative) after cancellation.
        selection: which dice were kept (indices into ``roll``).
        penalty_keep: the reading of penalty dice that chose them.
    """

    roll: PoolRoll
    net: int
    selection: Selection
    penalty_keep: PenaltyKeep = "forced_worst_then_best"

    def __post_init__(self) -> None:
        if not isinstance(self.roll, PoolRoll):
            raise DiceError(f"a kept roll's roll must be a PoolRoll, got {shown(self.roll)}")
        if not isinstance(self.selection, Selection):
            raise DiceError(
                f"a kept roll's selection must be a Selection, got {shown(self.selection)}"
            )
        keep = len(self.roll.faces) - abs(checks.whole(self.net, "net dice", error=DiceError))
        expected = keep_net(self.roll.faces, self.net, max(keep, 0), penalty_keep=self.penalty_keep)
        if expected != self.selection:
            raise DiceError(
                f"selection {shown(self.selection)} is not what {self.net:+d} dice keep from "
                f"{_faces_preview(self.roll.faces)}; they keep dice {shown(expected.kept)}"
            )

    @property
    def bonus(self) -> int:
        """Bonus dice rolled (0 when the roll has penalty dice)."""
        return max(self.net, 0)

    @property
    def penalty(self) -> int:
        """Penalty dice rolled (0 when the roll has bonus dice)."""
        return max(-self.net, 0)

    @property
    def kept_faces(self) -> tuple[int, ...]:
        return self.selection.values(self.roll.faces)

    @property
    def dropped_faces(self) -> tuple[int, ...]:
        return tuple(self.roll.faces[i] for i in self.selection.dropped)

    @property
    def total(self) -> int:
        """The sum of the kept dice."""
        return sum(self.kept_faces)

    def describe(self) -> str:
        """``"+ 0 [−] 0 +"``-style text: every die, the dropped ones in brackets."""
        die = self.roll.pool.die
        parts = [
            die.face_text(face) if i in self.selection.kept else f"[{die.face_text(face)}]"
            for i, face in enumerate(self.roll.faces)
        ]
        return " ".join(parts)


def roll_kept(
    dice: Dice,
    net: int,
    faces: Sequence[int] | str | int | None = None,
    *,
    die: DieType = DF,
    keep: int = 3,
    penalty_keep: PenaltyKeep = "forced_worst_then_best",
    label: str = "",
) -> KeptRoll:
    """Roll ``keep + |net|`` dice (or take the faces typed for them) and keep ``keep``.

    Typed faces are checked against that pool size: 3 base dice and 2 penalty dice
    need exactly five faces.

    Raises:
        DiceError: a bad argument; :class:`~isowidgets.errors.FacesError` for typed
            faces of the wrong number or value; :class:`~isowidgets.errors.DiceCapError`
            past the dice caps.
    """
    if not isinstance(dice, Dice):
        raise DiceError(
            f"roll_kept needs the session's Dice, got {type(dice).__name__} {shown(dice)}"
        )
    if not isinstance(die, DieType):
        raise DiceError(
            f"roll_kept needs a DieType such as DF, got {type(die).__name__} {shown(die)}"
        )
    net = checks.whole(
        net, "net bonus/penalty dice", -LIMITS_CEILING, LIMITS_CEILING, error=DiceError
    )
    keep = checks.whole(keep, "dice kept", 0, LIMITS_CEILING, error=DiceError)
    penalty_keep = checks.choice(penalty_keep, "penalty_keep", PENALTY_KEEP_MODES, error=DiceError)
    pool = Pool(die, keep + abs(net), label=label)
    rolled = dice.roll(pool, faces)
    selection = keep_net(rolled.faces, net, keep, penalty_keep=penalty_keep)
    return KeptRoll(rolled, net, selection, penalty_keep)
