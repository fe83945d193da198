"""The records of dice: what a pool asks for and what a roll of it showed.

A :class:`Pool` asks for dice (how many of which die, which faces explode); a
:class:`PoolRoll` is what rolling it, or typing in its faces, gave: every die in roll
order with the die whose explosion added it. Both are frozen values, written to a
journal as records (:meth:`PoolRoll.to_record`) and read back strictly
(:meth:`PoolRoll.from_record` re-derives and re-checks every chain). A random roll
is built with its number (:attr:`PoolRoll.number`, and :attr:`PoolRoll.gm` for a
GM-only roll; see :mod:`.roller`) and never changed after. A roll journaled before
rolls were numbered carries the draw its dice came from instead (:attr:`PoolRoll.draw`),
read back so that old journals still replay and verify.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .. import checks
from ..checks import received
from ..errors import DiceCapError, DiceError, FacesError
from ..words import Listing, Message, msg, plural, render
from .faces import MAX_TYPED
from .format import faces_message
from .notation import read_notation
from .values import DEFAULT_LIMITS, MAX_SIDES, DieType, Limits, check_keys, die_named

__all__ = ["Pool", "PoolRoll", "RollSource", "RolledDie", "assemble"]

RollSource: TypeAlias = Literal["random", "typed"]
"""Where a roll's faces came from: the session's generator, or dice typed in."""

DIE_INDEX = msg("dice.what.die_index", "a die's index")
ROLL_NUMBER = msg("dice.what.roll_number", "a roll's number")
EXPLODE_FACE = msg("dice.what.explode_face", "a face in explode_on")
_DICE_COUNT = msg("dice.what.dice_count", "a pool's dice count")
_SOURCE = msg("dice.what.roll_source", "a roll's source")


def _labelled(label: str, text: Message) -> Message:
    """``text`` with a pool's label in front (``Bob green: 5×d6``), or as it is."""
    if not label:
        return text
    return msg("dice.labelled", "{label}: {text}", label=label, text=text)


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
        object.__setattr__(self, "index", checks.whole(self.index, DIE_INDEX, 0, error=DiceError))
        object.__setattr__(
            self,
            "face",
            checks.whole(self.face, msg("dice.what.die_face", "a die's face"), error=DiceError),
        )
        if self.parent is not None:
            parent = checks.whole(
                self.parent,
                msg("dice.what.die_parent", "a die's parent"),
                0,
                self.index - 1,
                error=DiceError,
            )
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
    """Sessions before numbered rolls only (dice scheme ``"draws"``): where a random
    roll's dice came from in its session's stream, ``(start, index)``. ``None`` for
    every roll made now. :mod:`isowidgets.verify` replays old journals from it; it
    takes no part in comparing rolls."""
    number: int | None = None
    """A random roll's number in its counter (1, 2, 3, …; see :mod:`.roller`): its
    faces are the ones the session's key gives that number. ``None`` for typed faces
    (and for rolls journaled before rolls were numbered)."""
    gm: bool = False
    """The roll was made in a GM-only action, so it counts among the GM-only rolls,
    not the public ones (its number is in that counter)."""

    def __post_init__(self) -> None:
        if not isinstance(self.pool, Pool):
            raise DiceError(
                "dice.roll.pool_type",
                "a roll's pool must be a Pool, got {type} {got}",
                type=type(self.pool).__name__,
                got=received(self.pool),
            )
        dice = checks.ordered(
            self.dice, msg("dice.what.roll_dice", "a roll's dice"), most=MAX_TYPED, error=DiceError
        )
        for position, die in enumerate(dice):
            if not isinstance(die, RolledDie) or die.index != position:
                raise DiceError(
                    "dice.roll.die_type",
                    "a roll's dice must be RolledDie values in roll order; die #{position} "
                    "is {got}. Tip: Dice.roll makes rolls (typed-in faces too).",
                    position=position + 1,
                    got=received(die, 80),
                )
        object.__setattr__(self, "dice", dice)
        object.__setattr__(
            self, "source", checks.choice(self.source, _SOURCE, _SOURCES, error=DiceError)
        )
        if self.draw is not None:
            object.__setattr__(self, "draw", _draw_position(self.draw, self.source, DiceError))
        _check_number(self.number, self.gm, self.source, self.draw, DiceError)
        if self.number is not None:
            object.__setattr__(self, "number", int.__int__(self.number))

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
        checks.function(predicate, msg("dice.what.predicate", "count's predicate"), error=DiceError)
        return sum(1 for face in self.faces if predicate(face))

    @property
    def evens(self) -> int:
        return self.count(lambda f: f % 2 == 0)

    @property
    def odds(self) -> int:
        return self.count(lambda f: f % 2 == 1)

    def depth(self, index: int) -> int:
        """How many explosions led to die ``index`` (0 for a base die)."""
        index = checks.whole(index, DIE_INDEX, 0, len(self.dice) - 1, error=DiceError)
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

    def message(self) -> Message:
        """What the roll showed: ``5×d6 rolled [5 4 3 6 1→1→2]`` (``typed in`` for typed
        faces), the pool's label in front when there is one."""
        if self.source == "typed":
            text = msg(
                "dice.roll.typed",
                "{count}×{die} typed in [{faces}]",
                count=len(self.dice),
                die=self.pool.die.name,
                faces=self.faces_text(),
            )
        else:
            text = msg(
                "dice.roll.rolled",
                "{count}×{die} rolled [{faces}]",
                count=len(self.dice),
                die=self.pool.die.name,
                faces=self.faces_text(),
            )
        return _labelled(self.pool.label, text)

    def describe(self) -> str:
        """:meth:`message` in English: ``"5×d6 rolled [5 4 3 6 1→1→2]"``."""
        return render(self.message())

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record; :meth:`from_record` checks it on the way back."""
        record: dict[str, Any] = {
            "pool": self.pool.to_record(),
            "faces": [die.face for die in self.dice],
            "source": self.source,
        }
        if self.draw is not None:
            record["draw"] = list(self.draw)
        if self.number is not None:
            record["n"] = self.number
        if self.gm:
            record["gm"] = True
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any], limits: Limits = DEFAULT_LIMITS) -> PoolRoll:
        """Rebuild a roll from a record, re-deriving and re-checking its chains.

        Strict, like :meth:`Pool.from_record`: the faces must be a list of whole
        numbers (``2.5``, ``"234"`` or ``true`` are refused, never converted).

        A record exactly as :meth:`to_record` writes one now is read by
        ``_written_roll`` (a resume reads thousands); any other is read here, the
        long way, which says what is wrong. Both give the very same roll.
        """
        written = _written_roll(record, limits)
        if written is not None:
            return written
        if not isinstance(record, Mapping):
            raise FacesError(
                "dice.roll.record_type",
                "a roll record must be an object, got {got}",
                got=received(record),
            )
        if not isinstance(limits, Limits):
            raise DiceError(
                "dice.limits.type",
                "limits must be a dice.Limits, got {type} {got}",
                type=type(limits).__name__,
                got=received(limits),
            )
        check_keys(
            "roll", record, required=("pool", "faces", "source"), optional=("draw", "n", "gm")
        )
        pool = Pool.from_record(record["pool"])
        source = checks.choice(record["source"], _SOURCE, _SOURCES, error=FacesError)
        faces = record["faces"]
        if not isinstance(faces, list | tuple):
            raise FacesError(
                "dice.roll.record_faces",
                "a roll's faces must be a list of whole numbers, got {got}",
                got=received(faces),
            )
        dice = _checked_dice(pool, faces, limits)
        draw = _draw_position(record["draw"], source, FacesError) if "draw" in record else None
        number = record.get("n")
        if "gm" in record and record["gm"] is not True:  # absent is public: only true is written
            raise FacesError(
                "dice.roll.record_gm",
                "a roll's gm is written only as true, got {got}",
                got=received(record["gm"]),
            )
        gm = "gm" in record
        _check_number(number, gm, source, draw, FacesError)
        return cls(pool, dice, source, draw, number, gm)


_MOST_WRITTEN_FACES = 64
"""The most faces ``_written_roll`` takes (a longer roll is read the long way): no
table rolls more at once, and a roll's key stays short."""

_ROLL_DICE: dict[tuple[Any, ...], tuple[Pool, tuple[RolledDie, ...]]] = {}
"""The pool and checked dice of each pool record showing some faces under some caps, by
:func:`_record_key` of the pool, the faces and the caps: :func:`_checked_dice` of the
same pool and faces always gives the same dice, and a session shows the same few
thousand again and again (a cache: emptied when full)."""

_MOST_ROLL_DICE = 8192


def _written_roll(record: object, limits: object) -> PoolRoll | None:
    """The roll ``record`` holds if it is a record exactly as :meth:`PoolRoll.to_record`
    writes one now (no old draw position, a pool record :func:`_record_key` keeps, at
    most :data:`_MOST_WRITTEN_FACES` faces, every value of its JSON type), read with
    the long way's checks, none made twice; ``None`` for any other record, valid or not
    (the long way reads it and says what is wrong).

    The roll is put together from parts already checked here (the pool and its dice by
    :func:`_checked_dice`, the source, number and mark as the long way checks them), so
    :class:`PoolRoll` does not check them again.
    """
    if type(record) is not dict or type(limits) is not Limits:
        return None
    faces, source = record.get("faces"), record.get("source")
    if (
        type(faces) is not list
        or len(faces) > _MOST_WRITTEN_FACES
        or type(source) is not str
        or (source != "random" and source != "typed")
    ):
        return None
    fields = 3  # pool, faces, source (a missing pool has no key below)
    number = record.get("n")
    if number is not None or "n" in record:
        if type(number) is not int or not 1 <= number <= checks.MAX_WHOLE or source != "random":
            return None
        fields += 1
    gm = "gm" in record
    if gm:
        if record["gm"] is not True or number is None:
            return None
        fields += 1
    if len(record) != fields:  # a field it does not know, or an old draw position
        return None
    for face in faces:
        if type(face) is not int:  # no True for 1 in a key
            return None
    pool_key = _record_key(record.get("pool"))
    if pool_key is None:
        return None
    key = (pool_key, tuple(faces), limits.max_dice, limits.max_explosions)
    known = _ROLL_DICE.get(key)
    if known is None:
        try:
            pool = Pool.from_record(record["pool"])
            known = (pool, _checked_dice(pool, faces, limits))
        except DiceError:
            return None
        if len(_ROLL_DICE) >= _MOST_ROLL_DICE:
            _ROLL_DICE.clear()
        _ROLL_DICE[key] = known
    roll = object.__new__(PoolRoll)
    _set(roll, "pool", known[0])
    _set(roll, "dice", known[1])
    _set(roll, "source", "random" if source == "random" else "typed")
    _set(roll, "draw", None)
    _set(roll, "number", number)
    _set(roll, "gm", gm)
    return roll


_set = object.__setattr__
"""Sets a field of a frozen roll being put together (every field of :class:`PoolRoll`)."""


def _draw_position(value: Any, source: str, error: type[DiceError]) -> tuple[int, int]:
    """A roll's ``draw`` as ``(start, index)`` with ``0 ≤ start ≤ index``, strictly."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise error(
            "dice.roll.draw_type",
            "a roll's draw must be [start, index], got {got}",
            got=received(value),
        )
    start = checks.whole(
        value[0], msg("dice.what.draw_start", "a roll's draw start"), 0, error=error
    )
    index = checks.whole(
        value[1], msg("dice.what.draw_index", "a roll's draw index"), start, error=error
    )
    if source != "random":
        raise error(
            "dice.roll.draw_not_random",
            "only a random roll has a draw position; this one is {source}",
            source=source,
        )
    return start, index


def _check_number(
    number: object, gm: object, source: str, draw: object, error: type[DiceError]
) -> None:
    """A roll's ``number`` and ``gm``: a whole number from 1 on a random roll only (not
    beside an old draw position), and ``gm`` only on a numbered roll."""
    checks.flag(gm, msg("dice.what.roll_gm", "a roll's gm"), error=error)
    if number is None:
        if gm:
            raise error(
                "dice.roll.gm_unnumbered",
                "only a numbered random roll counts among the GM-only rolls",
            )
        return
    checks.whole(number, ROLL_NUMBER, 1, error=error)
    if source != "random":
        raise error(
            "dice.roll.number_not_random",
            "only a random roll has a number; this one is {source}",
            source=source,
        )
    if draw is not None:
        raise error(
            "dice.roll.number_and_draw", "a roll has a number or an old draw position, not both"
        )


_SOURCES: tuple[RollSource, ...] = ("random", "typed")


def assemble(
    pool: Pool,
    faces: Sequence[int],
    source: RollSource,
    limits: Limits,
    number: int | None = None,
    *,
    gm: bool = False,
) -> PoolRoll:
    """The roll of ``pool`` showing ``faces`` in roll order (roll ``number`` of its
    counter, for a random roll), every face checked against the pool and every extra
    die linked to its parent (see ``_checked_dice``).

    Raises:
        FacesError: a face the die does not have, or too few or too many faces.
        DiceCapError: the pool, or its chains, pass ``limits``.
    """
    return PoolRoll(pool, _checked_dice(pool, faces, limits), source, None, number, gm)


def _checked_dice(pool: Pool, faces: Sequence[int], limits: Limits) -> tuple[RolledDie, ...]:
    """Check faces in roll order against ``pool`` and link every extra die to its parent.

    At most ``count + max_explosions`` faces are looked at, so a huge entry costs
    no more than the largest legal roll. Past that, the chain itself says which
    error it is: one that still wants dice is past the explosion cap, one that
    ended has too many faces (and the message names the count it expected).
    """
    pool.check(limits)
    most = pool.count + limits.max_explosions
    got: int | Message = (
        msg("dice.more_than", "more than {most}", most=most) if len(faces) > most else len(faces)
    )
    allowed = _faces_of(pool.die)
    checked: list[int] = []
    for position, face in enumerate(faces[:most], start=1):
        if type(face) is not int and (isinstance(face, bool) or not isinstance(face, int)):
            raise _not_on_die(pool, position, face)
        face = int.__int__(face)  # a plain int: no subclass's __hash__ runs
        if face not in allowed:
            raise _not_on_die(pool, position, face)
        checked.append(face)
    explode_on = pool.explode_on
    if len(faces) == pool.count and explode_on.isdisjoint(checked):
        # Base dice only, none of them exploding (most rolls): no chain to follow.
        return tuple(_die(i, face, None, False, False) for i, face in enumerate(checked))
    if len(faces) < pool.count:
        raise FacesError(
            plural(
                "dice.faces.too_few",
                "{pool} needs at least {n} face (one per base die), got {got}: {faces}",
                "{pool} needs at least {n} faces (one per base die), got {got}: {faces}",
                n=pool.count,
                pool=pool.message(),
                got=len(faces),
                faces=faces_message(faces),
            )
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
            plural(
                "dice.faces.past_cap",
                "{pool}: more than {most} extra dice from explosions; that is past the explosion "
                "cap (a roll holds its {n} base die and at most {most} extra dice), got {got} "
                "faces: {faces}",
                "{pool}: more than {most} extra dice from explosions; that is past the explosion "
                "cap (a roll holds its {n} base dice and at most {most} extra dice), got {got} "
                "faces: {faces}",
                n=pool.count,
                pool=pool.message(),
                most=limits.max_explosions,
                got=got,
                faces=faces_message(faces),
            )
        )
    if pending and pool.explosions == "mandatory":
        exploding = [i for i, f in enumerate(checked) if f in pool.explode_on]
        expected = pool.count + len(exploding)
        showed = [
            msg(
                "dice.faces.die_showed",
                "die {die} showed {face}",
                die=i + 1,
                face=pool.die.face_text(checked[i]),
            )
            for i in exploding[:6]
        ]
        raise FacesError(
            "dice.faces.chain_short",
            "{pool}: expected {expected} faces ({why}: {listed}{more}), got {got}: {faces}",
            pool=pool.message(),
            expected=expected,
            why=_why_explosions(pool.count, len(exploding)),
            listed=Listing.of(showed, "unit"),
            more="…" if len(exploding) > 6 else "",
            got=len(faces),
            faces=faces_message(faces),
        )
    spawned = {p for p in parents if p is not None}
    declined = set(pending)
    return tuple(
        _die(i, face, parents[i], i in spawned, i in declined) for i, face in enumerate(checked)
    )


def _not_on_die(pool: Pool, position: int, face: object) -> FacesError:
    """The error for face #``position`` of a roll of ``pool``, which its die does not show."""
    return FacesError(
        "dice.faces.not_on_die",
        "face #{position} of {pool} is {got}; a {die} shows {allowed}",
        position=position,
        pool=pool.message(),
        got=received(face),
        die=pool.die.name,
        allowed=pool.die.allowed(),
    )


_FACES: dict[DieType, frozenset[int]] = {}
"""The faces of each die read so far, as a set (a die is a frozen value)."""


def _faces_of(die: DieType) -> frozenset[int]:
    """The faces ``die`` shows, as a set (made once per die)."""
    faces = _FACES.get(die)
    if faces is None:
        if len(_FACES) >= _MOST_KEPT:
            _FACES.clear()
        faces = _FACES[die] = frozenset(die.faces)
    return faces


_DICE: dict[tuple[int, int, int | None, bool, bool], RolledDie] = {}
"""The dice made by :func:`_checked_dice` so far: a die is a frozen value, and a
session's rolls show the same few (index, face, parent) thousands of times."""


def _die(index: int, face: int, parent: int | None, exploded: bool, declined: bool) -> RolledDie:
    """The die ``RolledDie(index, face, parent, exploded, declined)``, made once (the
    values are :func:`_checked_dice`'s own: plain whole numbers and flags)."""
    key = (index, face, parent, exploded, declined)
    die = _DICE.get(key)
    if die is None:
        if len(_DICE) >= _MOST_KEPT:
            _DICE.clear()
        die = _DICE[key] = RolledDie(index, face, parent, exploded, declined)
    return die


def _why_explosions(base: int, extra: int) -> Message:
    """Where a roll's faces come from: ``5 base + 2 from explosions``."""
    return plural(
        "dice.faces.why_explosions",
        "{n} base + {extra} from explosions",
        "{n} base + {extra} from explosions",
        n=base,
        extra=extra,
    )


def _too_many(pool: Pool, expected: int, got: int | Message, faces: Sequence[Any]) -> FacesError:
    """More faces than the chain of ``pool`` accounts for: it ended at ``expected``.

    Explosions are mentioned only for a pool that can explode: a single D8 that never
    explodes is told it takes one face, not how to list extra dice it cannot have.
    """
    extra = expected - pool.count
    why = (
        _why_explosions(pool.count, extra)
        if extra
        else msg("dice.faces.why_one_per_die", "one per die")
    )
    tip = (
        msg(
            "dice.faces.tip_chain",
            "Tip: list the base dice first, then one extra die per exploding face, in roll order.",
        )
        if pool.explodes
        else msg("dice.faces.tip_one_per_die", "Tip: type one face per die.")
    )
    return FacesError(
        plural(
            "dice.faces.too_many",
            "{pool}: expected {n} face ({why}), got {got}: {faces}. {tip}",
            "{pool}: expected {n} faces ({why}), got {got}: {faces}. {tip}",
            n=expected,
            pool=pool.message(),
            why=why,
            got=got,
            faces=faces_message(faces),
            tip=tip,
        )
    )


# --------------------------------------------------------------------------- typed faces
