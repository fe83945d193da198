"""Invariants of the exact whole-conflict odds of Isolation (hypothesis).

Over generated conflicts (every mode, Stress, Difficulty, the AP's role-play
dice, the stance thresholds and a declaration): the degrees and each PP's
stances are distributions (sum to 1 within 1e-12); one more green die for the
AP never lowers the team's chance of a Partial Success or better nor raises any
PP's chance of turning Hostile (it only lowers AP_odds and adds evens); and no
declaration beats the cooperative policy, the team's best case.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from isowidgets.rules.isolation import STANCES, IsolationSettings, compose
from isowidgets.rules.isolation.examples import full_house
from isowidgets.rules.isolation.whole import whole_conflict_odds

HOW = {
    "persuade_all": {},
    "subset": {"mode": "subset", "pps": ["alice", "gus"]},
    "alone": {"mode": "alone"},
    "direct": {"mode": "direct", "target": "eve", "pps": ["alice", "dan"]},
}

conflicts = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(sorted(HOW)),
        "stress": st.integers(1, 3),
        "difficulty": st.integers(1, 6),
        "roleplay": st.integers(0, 3),
        "thresholds": st.sampled_from([(2, -2), (1, -1), (3, 0), (0, -3)]),
        "declared": st.dictionaries(
            st.sampled_from(["alice", "dan", "gus", "eve", "fay"]), st.sampled_from(STANCES)
        ),
    }
)


def odds_of(case, *, roleplay=None, policy="cooperative"):
    cooperate, hostile = case["thresholds"]
    game = full_house(
        stress=case["stress"],
        settings=IsolationSettings(cooperate_net_min=cooperate, hostile_net_max=hostile),
    )
    rp = case["roleplay"] if roleplay is None else roleplay
    c = compose(game.state, "bob", "hold", factors={"bob": {"roleplay": rp}}, **HOW[case["mode"]])
    if c.mode != "direct":
        c = dataclasses.replace(c, difficulty=case["difficulty"])
    declared = None
    if policy == "declared":
        declared = {
            who: stance
            for who, stance in case["declared"].items()
            if who in c.pps or (who in c.defaulted and stance != "Cooperative")
        }
    return whole_conflict_odds(game.state, c, policy=policy, declared=declared)


@pytest.mark.rule("ISO-R25", "ISO-R31")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(conflicts)
def test_degrees_and_stances_are_distributions(case):
    for policy in ("cooperative", "declared"):
        odds = odds_of(case, policy=policy)
        assert sum(odds.degrees.values()) == pytest.approx(1.0, abs=1e-12)
        assert all(-1e-15 <= p <= 1 + 1e-12 for p in odds.degrees.values())
        for chances in odds.stances.values():
            assert sum(chances.values()) == pytest.approx(1.0, abs=1e-12)
        assert odds.lost < 1e-12


@pytest.mark.rule("ISO-R18", "ISO-R23", "ISO-R25")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(conflicts)
def test_one_more_green_die_for_the_ap_never_hurts(case):
    fewer = odds_of(case)
    more = odds_of(case, roleplay=case["roleplay"] + 1)
    assert more.at_least("Partial Success") >= fewer.at_least("Partial Success") - 1e-12
    assert more.at_least("Complete Success") >= fewer.at_least("Complete Success") - 1e-12
    for pp, chances in fewer.stances.items():
        assert more.stances[pp]["Hostile"] <= chances["Hostile"] + 1e-12


@pytest.mark.rule("ISO-R25")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(conflicts)
def test_no_declaration_beats_the_cooperative_policy(case):
    best = odds_of(case)
    declared = odds_of(case, policy="declared")
    for degree in ("Complete Success", "Basic Success", "Partial Success", "Partial Failure"):
        assert declared.at_least(degree) <= best.at_least(degree) + 1e-12
