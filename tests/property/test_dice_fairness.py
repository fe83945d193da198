"""Each die kind's faces are fair: a chi-square over more than a million dice of each.

The faces come from HMAC-SHA256 blocks read by rejection sampling
(:mod:`isowidgets.dice.roller`). The blocks do not depend on the die, only on the seed,
the roll and the die's index, so the million blocks are made once, by the key's own
:meth:`RollKey.block`, and each die kind reads them with the roller's own :func:`pick`
(a sample is checked against :meth:`RollKey.face`, the path every roll takes). The seed
is fixed, so the test is the same every run; its bound is the chi-square value that a
fair die passes with probability 1 − 10⁻⁶ (computed exactly), so a bias of a few tenths
of a percent on any face fails it.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from isowidgets.dice import D4, D6, D8, D10, D12, D20, DF, DieType, RollKey, d
from isowidgets.dice.roller import pick

DICE = 1_000_000
PER_ROLL = 100
KINDS = (D4, D6, D8, D10, D12, D20, DF, d(100), d(1000))
P = 1e-6
"""The chance a fair die fails the test."""


def survival(df: int, x: float) -> float:
    """P(χ² with ``df`` degrees > ``x``), exactly (the upper incomplete gamma function of
    a whole or half-whole shape, summed in logs so that no term overflows)."""
    half = x / 2
    if df % 2 == 0:
        return sum(math.exp(k * math.log(half) - half - math.lgamma(k + 1)) for k in range(df // 2))
    tail = math.erfc(math.sqrt(half))
    return tail + sum(
        math.exp((k - 0.5) * math.log(half) - half - math.lgamma(k + 0.5))
        for k in range(1, (df + 1) // 2)
    )


def bound(df: int) -> float:
    """The chi-square value a fair die stays under with probability 1 − :data:`P`."""
    low, high = 0.0, 10.0 * df + 100.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if survival(df, middle) > P else (low, middle)
    return high


@pytest.fixture(scope="module")
def blocks() -> list[bytes]:
    key = RollKey("fairness, fixed", "a table seed")
    rolls = DICE // PER_ROLL
    return [
        key.block(number % 2 == 0, number, index)
        for number in range(1, rolls + 1)
        for index in range(PER_ROLL)
    ]


@pytest.mark.parametrize("die", KINDS, ids=lambda die: die.name)
def test_every_face_is_as_likely_as_the_others(blocks: list[bytes], die: DieType) -> None:
    picked = [pick(block, die.sides) for block in blocks]
    assert None not in picked  # a refused block is far rarer than one in a million
    counts = np.bincount(np.array(picked, dtype=np.int64), minlength=die.sides)
    expected = len(blocks) / die.sides
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert len(blocks) >= DICE
    assert chi2 < bound(die.sides - 1), (die.name, chi2, counts.tolist())


def test_the_blocks_are_what_every_roll_reads(blocks: list[bytes]) -> None:
    key = RollKey("fairness, fixed", "a table seed")
    for number in (1, 2, 777, DICE // PER_ROLL):
        for index in (0, 1, PER_ROLL - 1):
            block = blocks[(number - 1) * PER_ROLL + index]
            for die in KINDS:
                face = key.face(die, number % 2 == 0, number, index)
                assert face == die.faces[pick(block, die.sides)]  # type: ignore[index]


def test_two_dice_of_one_roll_are_independent(blocks: list[bytes]) -> None:
    """The pairs (die 0, die 1) of every roll: 36 cells of d6, each as likely."""
    first = np.array([pick(b, 6) for b in blocks[0::PER_ROLL]], dtype=np.int64)
    second = np.array([pick(b, 6) for b in blocks[1::PER_ROLL]], dtype=np.int64)
    counts = np.bincount(first * 6 + second, minlength=36)
    expected = len(first) / 36
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < bound(35), counts.tolist()


def test_the_bound_is_the_chi_square_quantile() -> None:
    """Against known quantiles at 10⁻⁶: 1 degree 23.928, 2 degrees 27.631, 5 degrees
    35.888; and the survival function against closed forms."""
    assert bound(1) == pytest.approx(23.928, abs=0.01)
    assert bound(2) == pytest.approx(-2 * math.log(P), abs=0.01)
    assert bound(5) == pytest.approx(35.888, abs=0.01)
    assert survival(2, 3.0) == pytest.approx(math.exp(-1.5))
    assert survival(1, 3.841459) == pytest.approx(0.05, abs=1e-6)
    assert 1100 < bound(999) < 1300
