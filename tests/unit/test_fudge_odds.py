"""Exact odds of 3dF + skill with bonus or penalty dice, against brute force and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import (
    contest,
    distribution,
    keep_net,
    kept_distribution,
    passive_contest,
    success_chance,
)

MODES = ("forced_worst_then_best", "three_worst")


def brute(net: int, mode: str) -> dict[int, Fraction]:
    """Every face combination of 3 + |net| Fudge dice, kept by the dice core."""
    count = 3 + abs(net)
    found: dict[int, int] = {}
    for faces in itertools.product((-1, 0, 1), repeat=count):
        total = sum(keep_net(faces, net, penalty_keep=mode).values(faces))
        found[total] = found.get(total, 0) + 1
    return {s: Fraction(n, 3**count) for s, n in sorted(found.items())}


@pytest.mark.rule("DK-R03", "DK-R04", "DK-R06", "DK-R07", "DK-A04")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("net", range(-5, 6))
def test_the_kept_sum_equals_brute_force_enumeration(net, mode):
    assert kept_distribution(net, penalty_keep=mode) == brute(net, mode)


@pytest.mark.rule("DK-R06")
@pytest.mark.parametrize("net", range(0, 6))
def test_bonus_dice_equal_icepool_keep_highest(net):
    pool = icepool.Die([-1, 0, 1]).pool(3 + net).highest(3).sum()
    expected = {int(k): Fraction(v, pool.denominator()) for k, v in pool.items()}
    assert kept_distribution(net) == expected


@pytest.mark.rule("DK-R07", "DK-A04")
@pytest.mark.parametrize("penalty", range(1, 6))
def test_three_worst_equals_icepool_keep_lowest(penalty):
    pool = icepool.Die([-1, 0, 1]).pool(3 + penalty).lowest(3).sum()
    expected = {int(k): Fraction(v, pool.denominator()) for k, v in pool.items()}
    assert kept_distribution(-penalty, penalty_keep="three_worst") == expected


@pytest.mark.rule("DK-R07")
@pytest.mark.parametrize("penalty", range(1, 6))
def test_forced_then_best_equals_icepool_sum_of_forced_and_middle(penalty):
    """The p lowest plus the 3 − p highest of the rest: in sorted order, positions 0…p−1
    and the top 3 − p."""
    dice = 3 + penalty
    keep = min(penalty, 3)
    pool = icepool.Die([-1, 0, 1]).pool(dice)
    counts = [1] * keep + [0] * (dice - 3) + [1] * (3 - keep)
    kept = (pool[tuple(counts)] if keep < 3 else pool.lowest(3)).sum()
    expected = {int(k): Fraction(v, kept.denominator()) for k, v in kept.items()}
    assert kept_distribution(-penalty) == expected


@pytest.mark.rule("DK-R04", "DK-R05")
def test_success_needs_more_than_the_difficulty():
    assert success_chance(2, 1) == sum(p for r, p in distribution(2).items() if r >= 2)
    assert success_chance(0, -4) == 1
    assert success_chance(4, 7) == 0
    assert success_chance(2, 1) == Fraction(17, 27)  # DK-E01: 3dF ≥ 0
    assert min(distribution(0)) == -3 and max(distribution(4)) == 7


@pytest.mark.rule("DK-R11", "DK-R12")
def test_opposed_rolls_brute_force_with_the_tie_rules():
    for net, other in ((0, 0), (2, -1), (-2, 3)):
        mine, theirs = distribution(2, net), distribution(2, other)
        higher = sum(p * q for a, p in mine.items() for b, q in theirs.items() if a > b)
        tie = sum(p * q for a, p in mine.items() for b, q in theirs.items() if a == b)
        active = contest("active", 2, 2, net, other)
        competing = contest("competing", 2, 2, net, other)
        assert (active.win, active.draw, active.loss) == (higher, 0, 1 - higher)
        assert (competing.win, competing.draw) == (higher, tie)
        assert competing.win + competing.draw + competing.loss == 1
    fair = contest("competing", 2, 2)
    assert fair.win == fair.loss


def test_icepool_agrees_on_an_opposed_roll():
    mine = icepool.Die([-1, 0, 1]).pool(5).highest(3).sum() + 2
    theirs = icepool.Die([-1, 0, 1]).pool(3).sum() + 3
    win = (mine > theirs).probability(True)
    assert contest("active", 2, 3, 2, 0).win == Fraction(win)


def test_odds_refuse_bad_arguments():
    with pytest.raises(RuleError, match="net bonus/penalty dice"):
        kept_distribution(10**6)
    with pytest.raises(RuleError, match="penalty_keep"):
        kept_distribution(-1, penalty_keep="best")
    with pytest.raises(RuleError, match="kind of opposition"):
        contest("passive", 1, 1)


@pytest.mark.rule("DK-R05", "DK-R10")
def test_passive_contest_counts_the_tie_as_a_failure():
    odds = passive_contest(2, 1, -1)
    assert odds.win == success_chance(2, 1, -1)
    assert odds.loss == 1 - odds.win
    assert odds.tie == distribution(2, -1)[1]
    assert odds.draw == 0


@pytest.mark.rule("DK-R20")
def test_the_open_conflicts_odds_count_every_die_each_side_carries():
    from fudge_station import station

    game, ids = station()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3, circumstance=1)
    game.assist(ids["burke"], "programming", faces="+ 0 0 0")  # 1 penalty die: 4 → 4 bonus
    assert game.conflict_odds().win == success_chance(2, 3, 4 - 1)
    assert game.conflict_odds(penalty=2).win == success_chance(2, 3, 4 - 3)
    game.cancel_conflict()
    game.open_conflict(
        "active", ids["burke"], "sneak", opponent=ids["guard"], opponent_skill="notice"
    )
    odds = game.conflict_odds(opponent_bonus=2)
    assert odds == contest("active", 2, 2, 0, 2)
    assert odds.win + odds.loss == 1
    game.roll_conflict()
    with pytest.raises(RuleError, match="no conflict is open"):
        game.conflict_odds()
