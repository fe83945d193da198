"""Exact odds: probability distributions over whole numbers, and the dice that make them.

Designers tuning house rules need the odds of any roll, not a simulation's
estimate. A :class:`Distribution` is a finite table of probabilities over a range
of integers; adding two of them convolves (the sum of independent values),
and the usual pool arithmetic (difference, floor at zero, at-least) is exact up
to the truncation of open-ended explosions, whose tail is cut once it falls
below ``tail`` (1e-15 by default; the mass cut off is kept in
:attr:`Distribution.lost`).

Arguments are checked before any work, so no call can hang the kernel: ``tail``
must lie in [1e-15, 1) (a smaller tail is below double precision and would never
be reached), a sum may add up at most :data:`MAX_COPIES` dice, and an open-ended
die's table may hold at most :data:`MAX_OUTCOMES` outcomes.

Tests check this module against ``icepool``, an independent implementation.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from . import checks
from .checks import received
from .dice import MAX_SIDES, DieType
from .dice.pools import EXPLODE_FACE
from .errors import DiceError
from .words import Message, Number, msg

__all__ = [
    "MAX_COPIES",
    "MAX_OUTCOMES",
    "TAIL",
    "Distribution",
    "count_per_die",
    "die_faces",
    "pool_count",
    "pool_sum",
]

FloatArray = npt.NDArray[np.float64]

TAIL = 1e-15
"""Probability mass below which an open-ended tail is cut (also the smallest allowed)."""

MAX_COPIES = 10_000
"""The most independent dice (copies) one :meth:`Distribution.times` adds up."""

MAX_OUTCOMES = 100_000
"""The most outcomes the table of one open-ended die may hold."""


_OUTCOME = msg("odds.what.outcome", "an outcome")
_DICE = msg("odds.what.dice", "the number of dice")


def _check_tail(tail: object) -> float:
    try:
        return checks.real(tail, "tail", TAIL, 1, below_hi=True, error=DiceError)
    except DiceError as exc:
        raise DiceError(
            "odds.tail",
            "{problem}; tail is a probability, and a smaller one than {least} is below double "
            "precision and is never reached",
            problem=exc.message,
            least=f"{TAIL:g}",
        ) from None


def _check_count(n: object, what: Message) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COPIES:
        raise DiceError(
            "odds.count",
            "{what} must be a whole number from 0 to {most}, got {got}",
            what=what,
            most=MAX_COPIES,
            got=received(n, 40),
        )
    return int.__int__(n)


def _score(value: object) -> int:
    """What ``score`` gave for a face, as a whole number ≥ 0 (``True`` counts as 1)."""
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except Exception:  # not a whole number (a float, text, a hostile __index__)
        raise DiceError(
            "odds.score.type",
            "count_per_die scores must be whole numbers, got {type} {got}",
            type=type(value).__name__,
            got=received(value, 40),
        ) from None
    if number < 0:
        raise DiceError(
            "odds.score.negative", "count_per_die scores must be ≥ 0; use pool_sum for signed faces"
        )
    return checks.whole(number, msg("odds.what.score", "a score"), 0, MAX_OUTCOMES, error=DiceError)


def _check_die(die: object, what: str) -> DieType:
    if not isinstance(die, DieType):
        raise DiceError(
            "odds.die_type",
            "{what} needs a DieType such as D6, got {type} {got}",
            what=what,
            type=type(die).__name__,
            got=received(die, 40),
        )
    return die


@dataclass(frozen=True, eq=False)
class Distribution:
    """P(X = offset + i) = probs[i]. Immutable; operations return new distributions."""

    probs: FloatArray
    offset: int = 0
    lost: float = 0.0
    """Probability mass cut from open-ended tails (≤ ``tail`` per explosion)."""

    def __post_init__(self) -> None:
        probs = np.asarray(self.probs, dtype=np.float64)
        probs.setflags(write=False)
        object.__setattr__(self, "probs", probs)

    # ------------------------------------------------------------------ constructors

    @classmethod
    def point(cls, value: int) -> Distribution:
        """Certainty: X = value."""
        return cls(
            np.array([1.0]),
            checks.whole(value, msg("odds.what.point", "a point's value"), error=DiceError),
        )

    @classmethod
    def from_mapping(cls, table: Mapping[int, float]) -> Distribution:
        """A table ``{outcome: probability}`` whose outcomes span at most
        :data:`MAX_OUTCOMES` whole numbers.

        Raises:
            DiceError: no outcomes, an outcome that is not a whole number, a
                probability that is not a number, or too wide a span.
        """
        if not isinstance(table, Mapping):
            raise DiceError(
                "odds.table.type",
                "a distribution needs a mapping {{outcome: probability}}, got {type} {got}",
                type=type(table).__name__,
                got=received(table, 60),
            )
        if not table:
            raise DiceError("odds.table.empty", "a distribution needs at least one outcome")
        # A hair over 1 is allowed: a sum of float probabilities rounds.
        table = {
            checks.whole(value, _OUTCOME, error=DiceError): checks.real(
                p, msg("odds.what.probability", "a probability"), 0, 1 + 1e-9, error=DiceError
            )
            for value, p in table.items()
        }
        lo, hi = min(table), max(table)
        if hi - lo >= MAX_OUTCOMES:
            raise DiceError(
                "odds.table.too_wide",
                "a distribution from {lo} to {hi} spans {span} outcomes; at most {most} are "
                "allowed",
                lo=str(lo),
                hi=str(hi),
                span=Number(hi - lo + 1),
                most=Number(MAX_OUTCOMES),
            )
        probs = np.zeros(hi - lo + 1)
        for value, p in table.items():
            probs[value - lo] += p
        return cls(probs, lo)

    # ------------------------------------------------------------------ reading

    @property
    def values(self) -> range:
        return range(self.offset, self.offset + len(self.probs))

    def __getitem__(self, value: int) -> float:
        index = checks.whole(value, _OUTCOME, error=DiceError) - self.offset
        return float(self.probs[index]) if 0 <= index < len(self.probs) else 0.0

    def to_dict(self, *, min_p: float = 0.0) -> dict[int, float]:
        return {v: float(p) for v, p in zip(self.values, self.probs, strict=True) if p > min_p}

    def at_least(self, value: int) -> float:
        """P(X ≥ value)."""
        index = max(
            0,
            checks.whole(value, msg("odds.what.at_least", "at_least's value"), error=DiceError)
            - self.offset,
        )
        return float(self.probs[index:].sum())

    def at_most(self, value: int) -> float:
        """P(X ≤ value)."""
        index = (
            checks.whole(value, msg("odds.what.at_most", "at_most's value"), error=DiceError)
            - self.offset
            + 1
        )
        return float(self.probs[: max(0, index)].sum())

    def probability(self, predicate: Callable[[int], bool]) -> float:
        """P(predicate(X))."""
        checks.function(
            predicate, msg("odds.what.predicate", "probability's predicate"), error=DiceError
        )
        return float(sum(p for v, p in zip(self.values, self.probs, strict=True) if predicate(v)))

    @property
    def mean(self) -> float:
        return float(np.dot(np.arange(self.offset, self.offset + len(self.probs)), self.probs))

    @property
    def variance(self) -> float:
        xs = np.arange(self.offset, self.offset + len(self.probs), dtype=np.float64)
        return float(np.dot((xs - self.mean) ** 2, self.probs))

    # ------------------------------------------------------------------ arithmetic

    def __add__(self, other: Distribution | int) -> Distribution:
        """The distribution of X + Y for independent X, Y (or X + a constant)."""
        if isinstance(other, int):
            return Distribution(self.probs, self.offset + other, self.lost)
        return Distribution(
            np.convolve(self.probs, other.probs), self.offset + other.offset, self.lost + other.lost
        )

    __radd__ = __add__

    def __neg__(self) -> Distribution:
        return Distribution(
            self.probs[::-1].copy(), -(self.offset + len(self.probs) - 1), self.lost
        )

    def __sub__(self, other: Distribution | int) -> Distribution:
        """X − Y for independent X, Y."""
        if isinstance(other, int):
            return self + (-other)
        return self + (-other)

    def floor(self, minimum: int = 0) -> Distribution:
        """max(minimum, X): a count that cancellation cannot push below ``minimum``."""
        minimum = checks.whole(minimum, msg("odds.what.floor", "floor's minimum"), error=DiceError)
        if self.offset >= minimum:
            return self
        cut = minimum - self.offset
        if cut >= len(self.probs):
            return Distribution(np.array([float(self.probs.sum())]), minimum, self.lost)
        probs = self.probs[cut:].copy()
        probs[0] += float(self.probs[:cut].sum())
        return Distribution(probs, minimum, self.lost)

    def times(self, n: int) -> Distribution:
        """The sum of ``n`` independent copies (by repeated squaring).

        Raises:
            DiceError: ``n`` is not a whole number from 0 to :data:`MAX_COPIES`.
        """
        n = _check_count(n, msg("odds.what.copies", "the number of copies to add up"))
        result = Distribution.point(0)
        base = self
        while n:
            if n & 1:
                result = (result + base)._trimmed()
            base = (base + base)._trimmed()
            n >>= 1
        return result

    def _trimmed(self, tail: float = TAIL) -> Distribution:
        """Drop leading/trailing outcomes below ``tail`` (tracked in :attr:`lost`)."""
        probs = self.probs
        nonzero = np.nonzero(probs > tail)[0]
        if len(nonzero) == 0:
            return self
        lo, hi = int(nonzero[0]), int(nonzero[-1]) + 1
        cut = float(probs[:lo].sum() + probs[hi:].sum())
        if cut == 0.0 and lo == 0 and hi == len(probs):
            return self
        return Distribution(probs[lo:hi].copy(), self.offset + lo, self.lost + cut)

    def map(self, function: Callable[[int], int]) -> Distribution:
        """The distribution of ``function(X)`` (``function`` gives whole numbers)."""
        checks.function(function, msg("odds.what.map_function", "map's function"), error=DiceError)
        table: dict[int, float] = {}
        for value, p in zip(self.values, self.probs, strict=True):
            if p:
                key = checks.whole(
                    function(value), msg("odds.what.map_result", "map's result"), error=DiceError
                )
                table[key] = table.get(key, 0.0) + float(p)
        result = Distribution.from_mapping(table)
        return Distribution(result.probs, result.offset, self.lost)

    def __repr__(self) -> str:
        shown = ", ".join(f"{v}: {p:.4g}" for v, p in list(self.to_dict(min_p=1e-12).items())[:8])
        more = ", …" if len(self.probs) > 8 else ""
        return f"Distribution({{{shown}{more}}})"


def die_faces(die: DieType) -> Distribution:
    """One fair die: each face equally likely."""
    return _die_faces(_check_die(die, "die_faces").faces)


@cache
def _die_faces(faces: tuple[int, ...]) -> Distribution:
    return Distribution.from_mapping({face: 1 / len(faces) for face in faces})


@cache
def _count_per_die(
    faces: tuple[int, ...], scores: tuple[int, ...], explode: tuple[bool, ...], tail: float
) -> Distribution:
    n = len(faces)
    if all(explode):
        raise DiceError(
            "odds.endless",
            "every face explodes: the chain never ends, so it has no distribution",
        )
    width = max(scores) + 1
    booming = sum(explode)  # faces that explode: P(the chain goes on) = booming / n
    # After k more dice the chain is still going with probability (booming/n)^k,
    # computed as a power, not as 1 - sum (which rounding keeps from reaching tail).
    steps = 0 if not booming else math.ceil(math.log(tail) / math.log(booming / n))
    grow = max((s for s, boom in zip(scores, explode, strict=True) if boom), default=0)
    if width > MAX_OUTCOMES or steps > MAX_OUTCOMES or steps * grow + width > MAX_OUTCOMES:
        raise DiceError(
            "odds.open_ended_too_wide",
            "an open-ended die with these faces and scores needs a table of more than "
            "{most} outcomes to reach tail {tail}. Tip: raise tail, lower the scores, or let "
            "fewer faces explode",
            most=MAX_OUTCOMES,
            tail=f"{tail:g}",
        )
    stop = np.zeros(width)
    again = np.zeros(width)
    for score, boom in zip(scores, explode, strict=True):
        (again if boom else stop)[score] += 1 / n
    # D = stop + again * D  =>  D = sum_k again^k * stop, summed until the tail is negligible.
    total = stop.copy()
    term = stop.copy()
    mass_left = booming / n
    while mass_left > tail:
        term = np.convolve(term, again)
        if len(term) > len(total):
            total = np.pad(total, (0, len(term) - len(total)))
        total[: len(term)] += term
        mass_left *= booming / n
    return Distribution(total, 0, mass_left)._trimmed(tail)


def count_per_die(
    die: DieType,
    score: Callable[[int], int],
    explode_on: Iterable[int] = (),
    *,
    tail: float = TAIL,
) -> Distribution:
    """What one open-ended die scores: ``score(face)`` summed over its whole chain.

    For Isolation's green die (``score`` = 1 on an even face, explode on 6) this
    is P(0) = 1/2, P(k) = (5/12)(1/6)^(k−1).

    Raises:
        DiceError: a bad ``die``, ``tail`` or score, every face exploding, or a
            chain whose table would pass :data:`MAX_OUTCOMES`.
    """
    die = _check_die(die, "count_per_die")
    tail = _check_tail(tail)
    if isinstance(explode_on, str | bytes | Mapping) or not isinstance(explode_on, Iterable):
        raise DiceError(
            "odds.explode_on",
            "explode_on must be a set of faces such as {{6}}, got {got}",
            got=received(explode_on, 40),
        )
    listed = checks.ordered(explode_on, "explode_on", most=MAX_SIDES, sets=True, error=DiceError)
    explode = frozenset(checks.whole(face, EXPLODE_FACE, error=DiceError) for face in listed)
    checks.function(score, "score", error=DiceError)
    scores = tuple(_score(score(face)) for face in die.faces)
    flags = tuple(face in explode for face in die.faces)
    return _count_per_die(die.faces, scores, flags, tail)


@lru_cache(maxsize=1024)
def _pool_count(one: Distribution, n: int) -> Distribution:
    """``n`` copies of a per-die table, kept: a table asks about the same pools again and
    again (every live odds update), and the per-die table is itself cached, so it is the
    same object each time and a sound key."""
    return one.times(n)


def pool_count(
    n: int,
    die: DieType,
    score: Callable[[int], int],
    explode_on: Iterable[int] = (),
    *,
    tail: float = TAIL,
) -> Distribution:
    """The total score of ``n`` independent open-ended dice (see :func:`count_per_die`)."""
    n = _check_count(n, _DICE)
    return _pool_count(count_per_die(die, score, explode_on, tail=tail), n)


def pool_sum(n: int, die: DieType) -> Distribution:
    """The sum of the faces of ``n`` dice (no explosions)."""
    n = _check_count(n, _DICE)
    die = _check_die(die, "pool_sum")
    return die_faces(die).times(n)
