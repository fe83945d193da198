"""The records of dice: what a roll of a pool showed, written and read back.

A :class:`PoolRoll` is what rolling a :class:`~.pools.Pool`, or typing in its faces,
gave: every die in roll order (:class:`~.rolled.RolledDie`) with the die whose
explosion added it. It is a frozen value, written to a journal as a record
(:meth:`PoolRoll.to_record`) and read back strictly (:meth:`PoolRoll.from_record`
re-derives and re-checks every chain). A random roll is built with its number
(:attr:`PoolRoll.number`, and :attr:`PoolRoll.gm` for a GM-only roll; see
:mod:`.roller`) and never changed after. A roll journaled before rolls were numbered
carries the draw its dice came from instead (:attr:`PoolRoll.draw`), read back so that
old journals still replay and verify. ``Pool`` and ``RolledDie`` are importable from
here too, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .. import checks
from ..checks import received
from ..errors import DiceError, FacesError
from ..words import Message, msg, render
from .faces import MAX_TYPED
from .pools import Pool, _labelled, _record_key
from .rolled import DIE_INDEX, RolledDie, _checked_dice
from .values import DEFAULT_LIMITS, Limits, check_keys

__all__ = ["Pool", "PoolRoll", "RollSource", "RolledDie", "assemble"]

RollSource: TypeAlias = Literal["random", "typed"]
"""Where a roll's faces came from: the session's generator, or dice typed in."""

ROLL_NUMBER = msg("dice.what.roll_number", "a roll's number")
_SOURCE = msg("dice.what.roll_source", "a roll's source")


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

        Strict, like :meth:`Pool.from_record <.pools.Pool.from_record>`: the faces must
        be a list of whole numbers (``2.5``, ``"234"`` or ``true`` are refused, never
        converted).

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
