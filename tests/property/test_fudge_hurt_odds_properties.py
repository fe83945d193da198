"""The hurt-odds chain over generated fights, settings and pools.

* each side's win, defeat and giving up add up to one, and one side's win is the
  other's defeat or giving up; wounds and rounds are never negative, a fight lasts at
  least the round about to be played;
* more pool points never lower a side's chance of winning (per-character pools): the
  richer side plays every round the poorer one does, and fights on where the poorer one
  gives up for want of pay;
* a pool deep enough to be read as bottomless (:data:`DEEP_POOL_ROUNDS` maimed rounds)
  gives a chance of winning no lower than, and within a hair of, a pool one point short
  of it: that far into a fight while maimed, a side has all but surely lost or won.
"""

from __future__ import annotations

import math

from fudge_duel import duel
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isowidgets.errors import IsowidgetsError
from isowidgets.rules.fudge_conflict import FudgeGame

# Single-step bumps with stacking lasting wounds make the largest chains (hundreds of
# thousands of states, many seconds each): they are asked with a yield level below 7 in
# the first test, and left out where both sides fight on to defeat.
BUMPS = st.sampled_from(
    (
        {"damage_bump": "cascade", "lasting_penalties_stack": False},
        {"damage_bump": "cascade", "lasting_penalties_stack": True},
        {"damage_bump": "single_step", "lasting_penalties_stack": False},
    )
)
SETTINGS = st.builds(
    lambda bump, cost, tie, ends: {
        **bump,
        "maimed_act_cost": cost,
        "lih_tie_rule": tie,
        "defeat_ends_conflict": ends,
    },
    BUMPS,
    st.integers(0, 3),
    st.sampled_from(("initiator_loses_min1", "no_effect")),
    st.booleans(),
)
FACES = st.sampled_from((("0 0 0", "0 0 0"), ("+ 0 0", "0 0 0"), ("0 0 0", "+ + 0")))
SLOW = settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])


def _duel(
    rules: dict[str, object],
    skills: tuple[int, int],
    pools: tuple[int, int],
    faces: tuple[str, str],
) -> FudgeGame:
    return duel(skills=skills, faces=faces, pools=pools, **rules)[0]


@SLOW
@given(
    rules=SETTINGS,
    table=st.booleans(),
    skills=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    pools=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    faces=FACES,
    yields=st.tuples(st.integers(1, 7), st.integers(1, 7)),
)
def test_the_odds_are_a_distribution(rules, table, skills, pools, faces, yields):
    if rules["damage_bump"] == "single_step" and min(yields) < 7:
        rules = {**rules, "lasting_penalties_stack": True}
    if table:
        rules = {**rules, "pool_scope": "table", "pool_initial": pools[0] + pools[1]}
    try:
        odds = _duel(rules, skills, pools, faces).hurt_odds(
            yield_at=yields[0], opponent_yield_at=yields[1]
        )
    except IsowidgetsError as refused:
        # A fight too big to count exactly is refused by its cap, naming it, and only so
        # (e.g. skills 3 and 3, empty pools, yields 7 and 6 under some house rules).
        assert refused.key == "fudge_conflict.odds_too_many_states", refused
        return
    for side, other in ((odds.first, odds.second), (odds.second, odds.first)):
        assert math.isclose(side.win + side.defeat + side.yields, 1.0, abs_tol=1e-9)
        assert math.isclose(side.win, other.defeat + other.yields, abs_tol=1e-9)
        assert min(side.win, side.defeat, side.yields) >= -1e-12
        assert side.wounds >= -1e-12
    assert odds.rounds >= 1.0 - 1e-9
    assert odds.states >= 1


@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=SETTINGS,
    skills=st.tuples(st.integers(0, 4), st.integers(0, 4)),
    pool=st.integers(0, 3),
    more=st.integers(1, 2),
    other=st.integers(0, 3),
    faces=FACES,
)
def test_more_pool_points_never_lower_the_chance_of_winning(
    rules, skills, pool, more, other, faces
):
    # Both fight on to defeat, so only the pool can make either give up.
    poorer = _duel(rules, skills, (pool, other), faces).hurt_odds()
    richer = _duel(rules, skills, (pool + more, other), faces).hurt_odds()
    assert richer.first.win >= poorer.first.win - 1e-9
    assert richer.second.win <= poorer.second.win + 1e-9


@settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(
    skills=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    faces=FACES,
    stack=st.booleans(),
)
def test_a_bottomless_pool_is_one_that_pays_for_every_round(skills, faces, stack):
    from isowidgets.rules.fudge_conflict.hurt_odds import DEEP_POOL_ROUNDS

    rules = {"maimed_act_cost": 1, "lasting_penalties_stack": stack}
    counted = _duel(rules, skills, (DEEP_POOL_ROUNDS - 1, 0), faces).hurt_odds()
    bottomless = _duel(rules, skills, (DEEP_POOL_ROUNDS, 0), faces).hurt_odds()
    # One point short of bottomless pays for all but the sixteenth maimed round: the
    # odds differ by at most the chance of that many maimed rounds in a row.
    assert abs(counted.first.win - bottomless.first.win) < 1e-3
    assert bottomless.first.win >= counted.first.win - 1e-12
