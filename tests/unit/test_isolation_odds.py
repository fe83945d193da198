"""Odds of Isolation rolls: exact (isowidgets.odds), an independent oracle (icepool),
and seeded sampling through the engine's own roller, judged by a chi-square test at a
1e-9 false-alarm rate (fixed seeds: never flaky, never timed). ISO-R21, ISO-E10."""

from __future__ import annotations

import math
from fractions import Fraction

import icepool
import pytest

from isowidgets.dice import Dice
from isowidgets.errors import RuleError
from isowidgets.rules.isolation import IsolationGame, IsolationSettings, compose, counts
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.rules.isolation.odds import (
    alone_margin,
    ap_odds,
    conflict_odds,
    die_count,
    margin,
    pool,
    pp_net,
    simulate,
)
from isowidgets.rules.isolation.rolling import roll_colour


def formula(k: int) -> Fraction:
    """ISO-R21: P(0) = 1/2, P(k) = (5/12)(1/6)^(k−1)."""
    return Fraction(1, 2) if k == 0 else Fraction(5, 12) * Fraction(1, 6) ** (k - 1)


def icepool_count(colour: str) -> icepool.Die:
    """Evens of a green die (6 explodes) or odds of a red die (1 explodes), via icepool.

    The exploding face is encoded as 1001 so the chain's sum t decodes as t % 1000.
    """
    hit = [0, 1, 0, 1, 0, 1001] if colour == "green" else [1001, 0, 1, 0, 1, 0]
    return icepool.Die(hit).explode([1001], depth=30).map(lambda t: t % 1000)


@pytest.mark.rule("ISO-R21")
@pytest.mark.parametrize("colour", ["green", "red"])
def test_per_die_distribution_exact(colour):
    """ISO-R21: the per-die count under explosion matches the closed form exactly."""
    dist = die_count(colour)
    for k in range(12):
        assert dist[k] == pytest.approx(float(formula(k)), rel=1e-12, abs=1e-16)
    assert dist.mean == pytest.approx(3 / 5, abs=1e-12)
    assert dist.variance == pytest.approx(12 / 25, abs=1e-12)
    # And without explosions it is a fair coin: the formula must not hold then.
    plain = die_count(colour, explode=False)
    assert plain[1] == pytest.approx(0.5) and plain[2] == 0.0


@pytest.mark.rule("ISO-R21")
@pytest.mark.parametrize("colour", ["green", "red"])
def test_per_die_distribution_against_icepool(colour):
    """ISO-R21: icepool, an independent implementation, gives the same exact table."""
    oracle = icepool_count(colour)
    for k in range(10):
        assert oracle.probability(k) == formula(k)
        assert die_count(colour)[k] == pytest.approx(float(oracle.probability(k)), abs=1e-15)


@pytest.mark.rule("ISO-R23")
@pytest.mark.parametrize(("green", "red"), [(3, 5), (0, 4), (6, 0), (4, 4)])
def test_ap_odds_against_icepool(green, red):
    """ISO-R23: ⌊odds − evens⌋₀ for whole pools, checked outcome by outcome."""
    evens = icepool_count("green").pool(green).sum() if green else icepool.Die([0])
    odds = icepool_count("red").pool(red).sum() if red else icepool.Die([0])
    oracle = (odds - evens).map(lambda x: max(0, x))
    ours = ap_odds(green, red)
    for k in range(8):
        assert ours[k] == pytest.approx(float(oracle.probability(k)), abs=1e-12)


def chi2_sf_even_df(x: float, df: int) -> float:
    """P(X > x) for a chi-square law with an even number of degrees of freedom, in closed
    form: e^(−x/2) · Σ_{i<df/2} (x/2)^i / i!. No table, no approximation."""
    assert df % 2 == 0
    term, total = 1.0, 1.0
    for i in range(1, df // 2):
        term *= (x / 2) / i
        total += term
    return math.exp(-x / 2) * total


SAMPLED_DICE = 20_000
FALSE_ALARM = 1e-9
"""The chance that a correct roller fails one case (three cases: at most 3e-9 in all).
The seeds are fixed, so the verdict is the same on every run: it cannot flake."""


@pytest.mark.rule("ISO-R21", "ISO-R22", "ISO-E02", "ISO-A02")
@pytest.mark.parametrize(
    ("colour", "gm"), [("green", False), ("red", False), ("red", True)], ids=["green", "red", "gm"]
)
def test_per_die_distribution_by_sampling(colour, gm):
    """ISO-R21, ISO-R22 by seeded sampling through the engine's own roller
    (``rules.roll_colour`` with Isolation's default settings; the GM's red pool under
    ISO-A02): the count per base die (its whole explosion chain, read with
    ``counts``) against P(0) = 1/2, P(k) = (5/12)(1/6)^(k−1), by a chi-square test over
    k = 0, 1, 2, 3, 4+ (4 degrees of freedom) at a false-alarm rate of 1e-9."""
    state = IsolationGame.initial_state(IsolationSettings())
    dice = Dice(seed=f"iso-r21-{colour}-{'gm' if gm else 'player'}")
    per_pool = 40  # many dice per pool, as in play: each chain is read back to its base die
    tally = [0] * 5
    for _ in range(SAMPLED_DICE // per_pool):
        roll = roll_colour(dice, state, colour, per_pool, "sample", None, gm=gm)
        assert roll.pool.explode_on == frozenset({6 if colour == "green" else 1})
        root: dict[int, int] = {}
        found = dict.fromkeys(range(per_pool), 0)
        for die in roll.dice:  # roll order: a parent always comes before its extra die
            root[die.index] = die.index if die.parent is None else root[die.parent]
            found[root[die.index]] += counts(colour, die.face)
        for k in found.values():
            tally[min(k, 4)] += 1
    expected = [float(formula(k)) * SAMPLED_DICE for k in range(4)]
    expected.append(SAMPLED_DICE - sum(expected))  # P(4+) = 1/432
    chi2 = sum((o - e) ** 2 / e for o, e in zip(tally, expected, strict=True))
    assert chi2_sf_even_df(chi2, 4) > FALSE_ALARM, (tally, expected, chi2)
    # The known slips give no die two or more counts: a roller that forgot explosions,
    # or one that did not count the die that exploded (the text's slip in ISO-E02).
    assert tally[2] > 0.05 * SAMPLED_DICE


def test_the_closed_form_chi_square_tail_is_right():
    """The tail used above: df = 2 is e^(−x/2); df = 4 at its textbook p = 0.05 point."""
    assert chi2_sf_even_df(3.0, 2) == pytest.approx(math.exp(-1.5))
    assert chi2_sf_even_df(9.487729, 4) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf_even_df(0.0, 4) == 1.0


@pytest.mark.rule("ISO-E10")
@pytest.mark.parametrize("difficulty", range(1, 7))
def test_e10_alone_against_icepool(difficulty):
    """ISO-E10: P(margin ≥ 0) going alone, D green vs D + 1 red, against icepool."""
    green = icepool_count("green").pool(difficulty).sum()
    red = icepool_count("red").pool(difficulty + 1).sum()
    oracle = float(((green - red) >= 0).probability(True))
    assert alone_margin(difficulty).at_least(0) == pytest.approx(oracle, abs=1e-9)
    assert 0.479 < oracle < 0.486


@pytest.mark.rule("ISO-R24", "ISO-R25")
def test_pp_net_is_evens_minus_odds_minus_ap_odds():
    """ISO-R24/R25: a PP's net distribution, as an independent sum (E02's pool sizes)."""
    net = pp_net(3, 1, 4, 5)
    direct = pool("green", 3) - pool("red", 1) - ap_odds(4, 5)
    assert net.to_dict() == pytest.approx(direct.to_dict())
    assert sum(net.to_dict().values()) == pytest.approx(1.0)


def test_conflict_odds_for_a_planned_conflict():
    """Designers' view: stance chances per PP and degree chances for chosen stances."""
    game = boarding_party(stress=2)
    planned = compose(game.state, "bob", "board up", factors={"bob": {"profession": True}})
    odds = conflict_odds(
        game.state, planned, stances={"alice": "Cooperative", "eve": "Hostile"}, difficulty=3
    )
    assert set(odds.rolled) == {"alice", "eve"}
    assert sum(odds.rolled["alice"].values()) == pytest.approx(1.0)
    # Eve has more reds than greens with Bob: she is likelier Hostile than Alice.
    assert odds.rolled["eve"]["Hostile"] > odds.rolled["alice"]["Hostile"]
    assert sum(odds.degrees.values()) == pytest.approx(1.0)
    expected = margin(4 + 2, 2, 3 + 3 + 2)  # Bob 4 + Alice 2 green; Eve 2 red; GM 8
    assert odds.margin.to_dict() == pytest.approx(expected.to_dict())
    assert conflict_odds(game.state, planned).degrees is None  # stances unknown


def test_simulation_matches_exact_odds_going_alone():
    """With no stances the degree has an exact law: the seeded simulation agrees."""
    game = boarding_party(stress=2)
    planned = compose(game.state, "bob", "board up", mode="alone", difficulty=3)
    exact = conflict_odds(game.state, planned).degrees
    sampled = simulate(game.state, planned, trials=20_000, seed=7)
    for degree, p in exact.items():
        assert sampled[degree] == pytest.approx(p, abs=0.02)
    assert simulate(game.state, planned, trials=500, seed=1) == simulate(
        game.state, planned, trials=500, seed=1
    )


def test_simulation_of_a_persuasion_conflict_is_a_distribution():
    game = boarding_party(stress=2, settings=IsolationSettings())
    planned = compose(game.state, "bob", "board up")
    sampled = simulate(game.state, planned, difficulty=3, trials=2_000, seed=3)
    assert sum(sampled.values()) == pytest.approx(1.0)
    assert 0 < sampled["Partial Success"] < 1


@pytest.mark.rule("ISO-R42", "ISO-A28")
@pytest.mark.parametrize("direct", [False, True])
def test_odds_assume_the_difficulty_for_a_lone_aps_green_dice(direct):
    """Going alone (or directly and alone, ISO-A28), an assumed Difficulty also gives the
    AP his green dice: 38% Complete Failure at Hard, not 63% from 0 green dice."""
    how = {"mode": "direct", "target": "eve", "pps": []} if direct else {"mode": "alone"}
    unset = boarding_party(stress=1)
    unset.propose("bob", "sneak out", **how)
    assert unset.plan().unit("bob", "green").count == 0
    fixed = boarding_party(stress=1)
    fixed.propose("bob", "sneak out", difficulty=3, **how)
    assert fixed.plan().unit("bob", "green").count == 3
    assumed = conflict_odds(unset.state, difficulty=3)
    expected = conflict_odds(fixed.state)
    assert assumed.degrees == pytest.approx(expected.degrees)
    assert assumed.ap_odds.to_dict() == pytest.approx(expected.ap_odds.to_dict())
    if not direct:
        assert assumed.degrees["Complete Failure"] == pytest.approx(0.381, abs=0.001)
    assert simulate(unset.state, difficulty="Hard", trials=500) == simulate(fixed.state, trials=500)
    # An assumed Difficulty replaces the one set, for the green dice too.
    other = boarding_party(stress=1)
    other.propose("bob", "sneak out", difficulty=5, **how)
    assert conflict_odds(other.state, difficulty=3).degrees == pytest.approx(expected.degrees)


@pytest.mark.parametrize("difficulty", [0, 7, -1, True, 2.5, "Very Hard"])
def test_an_assumed_difficulty_is_checked(difficulty):
    game = boarding_party(stress=1)
    game.propose("bob", "sneak out", mode="alone")
    for ask in (conflict_odds, simulate):
        with pytest.raises(RuleError, match="Difficulty") as info:
            ask(game.state, difficulty=difficulty)
        assert repr(difficulty) in str(info.value) or str(difficulty) in str(info.value)
