"""The dice of a roll: each die on the table, and the chains its faces make.

A :class:`RolledDie` is one die in roll order, with the die whose explosion added it.
The faces a roll shows are checked here against its pool, in roll order, and every
extra die is linked to its parent (the base dice first, then one extra die per
exploding face, in the order of the dice that exploded), or refused with a
:class:`~isowidgets.errors.FacesError` saying which face and why, or a
:class:`~isowidgets.errors.DiceCapError` past the caps. A roll of those dice is a
:class:`~.records.PoolRoll`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import checks
from ..checks import received
from ..errors import DiceCapError, DiceError, FacesError
from ..words import Listing, Message, msg, plural
from .format import faces_message
from .pools import _MOST_KEPT, Pool
from .values import DieType, Limits

__all__ = ["RolledDie"]

DIE_INDEX = msg("dice.what.die_index", "a die's index")


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
