"""Exact odds, checked against icepool as an independent oracle."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from isowidgets.dice import D6, D8, DF, Dice, Pool
from isowidgets.errors import DiceError
from isowidgets.odds import Distribution, count_per_die, die_faces, pool_count, pool_sum


def _even(face: int) -> int:
    return int(face % 2 == 0)


def _odd(face: int) -> int:
    return int(face % 2 == 1)


@pytest.mark.rule("ISO-R21")
def test_open_ended_count_matches_the_closed_form():
    """Isolation's per-die law: P(0) = 1/2, P(k) = (5/12)(1/6)^(k-1)."""
    green = count_per_die(D6, _even, {6})
    red = count_per_die(D6, _odd, {1})
    for dist in (green, red):
        assert dist[0] == pytest.approx(0.5, abs=1e-15)
        for k in range(1, 12):
            assert dist[k] == pytest.approx(5 / 12 * (1 / 6) ** (k - 1), rel=1e-12)
        assert dist.mean == pytest.approx(3 / 5, abs=1e-12)
        assert dist.variance == pytest.approx(12 / 25, abs=1e-12)
        assert dist.lost < 1e-14


def _icepool_count(n: int, explode_face: int, depth: int = 14) -> icepool.Die:
    """icepool's view of n open-ended Isolation dice.

    Each face scores 1 if it counts (even for green, odd for red); the exploding
    face also carries a marker of 100, so ``explode`` keeps its score and adds
    another die; summing and dropping the markers (mod 100) leaves the count.
    """
    counts = (lambda f: f % 2 == 0) if explode_face == 6 else (lambda f: f % 2 == 1)
    outcomes = [int(counts(f)) + (100 if f == explode_face else 0) for f in range(1, 7)]
    one = icepool.Die(outcomes)
    exploding = one.explode([o for o in outcomes if o >= 100], depth=depth)
    return (
        (exploding.map(lambda t: t % 100)).pool(n).sum()
        if n > 1
        else exploding.map(lambda t: t % 100)
    )


@pytest.mark.parametrize("n", [1, 3, 6])
def test_pool_counts_match_icepool(n: int):
    for score, face in ((_even, 6), (_odd, 1)):
        ours = pool_count(n, D6, score, {face})
        theirs = _icepool_count(n, face)
        denominator = theirs.denominator()
        for k in range(0, 8):
            assert ours[k] == pytest.approx(theirs.quantity(k) / denominator, abs=1e-9)


def test_sums_match_icepool():
    ours = pool_sum(3, DF)
    theirs = icepool.Die([-1, 0, 1]).pool(3).sum()
    for value, quantity in theirs.items():
        assert ours[value] == pytest.approx(quantity / theirs.denominator(), abs=1e-15)
    eight_plus = (die_faces(D8) + 3).at_least(8)
    assert eight_plus == pytest.approx(float(Fraction(4, 8)))


def test_distribution_arithmetic():
    a = Distribution.from_mapping({0: 0.5, 2: 0.5})
    b = Distribution.from_mapping({1: 1.0})
    diff = a - b
    assert diff.to_dict() == {-1: 0.5, 1: 0.5}
    assert diff.floor(0).to_dict() == {0: 0.5, 1: 0.5}
    assert (-a).to_dict() == {-2: 0.5, 0: 0.5}
    assert a.times(2).to_dict() == {0: 0.25, 2: 0.5, 4: 0.25}
    assert diff.at_least(0) == 0.5 and diff.at_most(-1) == 0.5
    assert Distribution.point(3).map(lambda v: v * 2).to_dict() == {6: 1.0}
    with pytest.raises(DiceError):
        count_per_die(D6, _even, set(D6.faces))


def test_sampling_agrees_with_the_exact_law():
    """A seeded sample of 60 000 dice lands within 5 standard errors of every P(k)."""
    dice = Dice(seed=2026)
    n = 60_000
    counts: dict[int, int] = {}
    roll = dice.roll(Pool(D6, 1, explode_on={6}))
    for _ in range(n):
        roll = dice.roll(Pool(D6, 1, explode_on={6}))
        k = roll.evens
        counts[k] = counts.get(k, 0) + 1
    exact = count_per_die(D6, _even, {6})
    for k in range(0, 4):
        p = exact[k]
        se = (p * (1 - p) / n) ** 0.5
        assert abs(counts.get(k, 0) / n - p) < 5 * se


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: count_per_die(6, _even), "count_per_die needs a DieType such as D6, got int 6"),
        (lambda: count_per_die(D6, None), "score must be a function"),
        (lambda: count_per_die(D6, lambda f: "x"), "scores must be whole numbers, got str"),
        (lambda: count_per_die(D6, lambda f: 1.5), "scores must be whole numbers, got float"),
        (lambda: count_per_die(D6, lambda f: -1), "scores must be ≥ 0"),
        (lambda: count_per_die(D6, lambda f: 10**400), "a score must be in 0..100000"),
        (lambda: count_per_die(D6, _even, "6"), "explode_on must be a set of faces"),
        (lambda: count_per_die(D6, _even, [None]), "a face in explode_on must be a whole"),
        (lambda: count_per_die(D6, _even, [6] * 2000), "at most 1,000 items"),
        (lambda: count_per_die(D6, _even, tail=0), "tail must be a number from 1e-15"),
        (lambda: count_per_die(D6, _even, tail=10**400), "tail must be a number from 1e-15"),
        (lambda: count_per_die(D6, _even, tail="x" * 10**6), "(1,000,000 characters)"),
        (lambda: pool_count(10**400, D6, _even), "from 0 to 10000, got a 1,329-bit whole"),
        (lambda: pool_sum(3, None), "pool_sum needs a DieType"),
        (lambda: pool_sum(None, D6), "the number of dice must be a whole number"),
        (lambda: die_faces("d6"), "die_faces needs a DieType"),
        (lambda: Distribution.point("3"), "a point's value must be a whole number"),
        (lambda: Distribution.from_mapping([1]), "needs a mapping {outcome: probability}"),
        (lambda: Distribution.from_mapping({"a": 1.0}), "an outcome must be a whole number"),
        (lambda: Distribution.from_mapping({1: "p"}), "a probability must be a number"),
        (lambda: Distribution.from_mapping({0: 0.5, 10**12: 0.5}), "at most 100,000 are allowed"),
        (lambda: die_faces(D6)["1"], "an outcome must be a whole number"),
        (lambda: die_faces(D6).at_least(None), "at_least's value must be a whole number"),
        (lambda: die_faces(D6).at_most(1.5), "at_most's value must be a whole number"),
        (lambda: die_faces(D6).probability(3), "probability's predicate must be a function"),
        (lambda: die_faces(D6).floor("0"), "floor's minimum must be a whole number"),
        (lambda: die_faces(D6).map(None), "map's function must be a function"),
        (lambda: die_faces(D6).map(str), "map's result must be a whole number"),
        (lambda: die_faces(D6).times(-1), "from 0 to 10000"),
    ],
)
def test_odds_refuse_bad_arguments_with_dice_errors(call, words: str):  # type: ignore[no-untyped-def]
    """Each refusal is the kit's DiceError naming the argument, never TypeError,
    IndexError or MemoryError, and its message stays short."""
    with pytest.raises(DiceError) as caught:
        call()
    assert words in str(caught.value)
    assert len(str(caught.value)) < 500


def test_scores_may_be_true_and_false_or_numpy_numbers():
    """What ``int()`` used to accept as a count still counts (but not 1.5 or "1")."""
    import numpy as np

    by_flag = count_per_die(D6, lambda f: f % 2 == 0, {6})
    by_numpy = count_per_die(D6, lambda f: np.int64(f % 2 == 0), {6})
    assert by_flag.to_dict() == by_numpy.to_dict() == count_per_die(D6, _even, {6}).to_dict()
