"""The roller: a session's seeded dice, the one place random faces come from.

Every random face is one *draw* of one :class:`Stream` of the session's seed,
numbered from the draw the stream was taken up at. :class:`Dice` rolls pools from
it (checking the caps first), a resumed session takes it up where its journal left
it (:meth:`Dice.resumed`), and :mod:`isowidgets.verify` replays it. How a face is
drawn is decided here and nowhere else, so a new scheme replaces this module.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from .. import checks
from ..checks import shown
from ..errors import DiceCapError, DiceError
from .faces import parse_faces
from .records import Pool, PoolRoll, assemble
from .values import DEFAULT_LIMITS, DieType, Limits

__all__ = ["MAX_SEED_TEXT", "Dice", "Stream", "next_draw", "stream_seed"]

MAX_SEED_TEXT = 1000
"""The longest seed given as text (a phrase, not a file)."""

_MOST_ROLLS = 10_000_000
"""More rolls than any journal can hold (a bound on what :meth:`Dice.resumed` reads)."""


class Stream:
    """The faces one stream of a seed gives, draw after draw.

    The stream whose first draw is ``start`` is ``random.Random(stream_seed(seed,
    start))``; each draw is one ``randrange(sides)`` of it, the face at that index.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int | str, start: int) -> None:
        self._rng = random.Random(stream_seed(seed, start))

    def face(self, die: DieType) -> int:
        """The next draw, as a face of ``die``."""
        return die.faces[self._rng.randrange(die.sides)]

    def skip(self, sides: int) -> None:
        """Draw (and drop) one face of a die of ``sides`` sides."""
        self._rng.randrange(sides)

    def faces(self, die: DieType, count: int) -> tuple[int, ...]:
        """The next ``count`` draws, as faces of ``die``."""
        return tuple(self.face(die) for _ in range(count))

    def state(self) -> object:
        """An opaque snapshot (see :meth:`restore`)."""
        return self._rng.getstate()

    def restore(self, state: Any) -> None:
        """Go back to a snapshot :meth:`state` made (``random``'s errors on junk)."""
        self._rng.setstate(state)


class Dice:
    """A session's dice: a seeded generator plus the caps.

    Every random face is one *draw* of one :class:`Stream`, numbered from
    :attr:`start`: draw ``i`` is the ``i − start``-th draw of ``Stream(seed, start)``.
    A random roll records where its dice came from (:attr:`PoolRoll.draw`), so anyone
    who knows the seed can replay every roll of a journal (see :mod:`isowidgets.verify`).

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
        self._stream = Stream(self.seed, self.start)

    @classmethod
    def resumed(cls, seed: int | str, limits: Limits, rolls: Iterable[PoolRoll]) -> Dice:
        """The session's dice where its journal left them, from the journal's ``rolls``.

        The journal's random rolls, in draw order, are replayed on the latest stream
        (dropping the faces), so the next roll is the one carrying on would have made:
        a resume gives the GM no second stream to choose from. Only when draws are
        missing (a torn last line lost a roll) is a new stream taken up after the last
        draw (:func:`next_draw`).

        Raises:
            DiceError: a seed or caps :class:`Dice` refuses, or ``rolls`` is not a list
                of rolls.
        """
        cls(seed, limits=limits)  # the seed and the caps are checked before any work
        rolls = checks.ordered(rolls, "a journal's rolls", most=_MOST_ROLLS, error=DiceError)
        for roll in rolls:
            if not isinstance(roll, PoolRoll):
                raise DiceError(f"a journal's rolls must be PoolRoll values, got {shown(roll, 60)}")
        drawn = sorted(  # a roll of no dice shares its draw with the next roll: it goes first
            (
                (roll.draw[1], roll)
                for roll in rolls
                if roll.source == "random" and roll.draw is not None
            ),
            key=lambda item: (item[0], bool(item[1].dice)),
        )
        start = max((roll.draw[0] for _, roll in drawn if roll.draw is not None), default=0)
        sides: list[int] = []
        expected = start
        for index, roll in drawn:
            if roll.draw is None or roll.draw[0] != start:
                continue
            if index != expected:  # a gap: take a new stream up after the last draw
                return cls(seed, limits=limits, start=next_draw(rolls))
            sides += [roll.pool.die.sides] * len(roll.dice)
            expected += len(roll.dice)
        dice = cls(seed, limits=limits, start=start)
        dice._advance(sides)
        return dice

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
            self._stream.skip(count)
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
        return self._stream.state(), self._drawn

    def restore(self, state: object) -> None:
        """Put the generator back where :meth:`state` found it (used on rollback).

        Raises:
            DiceError: ``state`` is not a snapshot :meth:`state` made.
        """
        try:
            snapshot: Any = state
            generator, count = snapshot
            drawn = checks.whole(count, "a draw", self.start, error=DiceError)
            self._stream.restore(generator)
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
        face = self._stream.face(die)
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
            return assemble(pool, typed, "typed", self.limits)
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
        return assemble(pool, rolled, "random", self.limits, at)


def stream_seed(seed: int | str, start: int) -> int | str:
    """The seed of the stream whose first draw is ``start``.

    Draw 0 uses the session's seed itself (so a seeded session rolls as it always
    did); a stream taken up at draw ``n`` by a resume uses ``f"{seed}/{n}"``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise DiceError(f"a seed must be a whole number or text, got {shown(seed)}")
    start = checks.whole(start, "the first draw", 0, error=DiceError)
    if start == 0:
        return seed
    if isinstance(seed, int):  # a seed a session takes is bounded, so it reads as text
        seed = checks.whole(seed, "a seed", error=DiceError)
    return f"{seed}/{start}"


def next_draw(rolls: Iterable[PoolRoll]) -> int:
    """The draw after the last random die any of ``rolls`` took (0 for none)."""
    end = 0
    for roll in rolls:
        if roll.draw is not None:
            end = max(end, roll.draw[1] + len(roll.dice))
    return end
