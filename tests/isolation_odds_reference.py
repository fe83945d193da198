"""Independent references for the exact whole-conflict odds of Isolation (tests only).

Three ways to reach the same figures as :func:`~isowidgets.rules.isolation.whole.
whole_conflict_odds`, none of which shares its method (conditioning on ``AP_odds``
and convolving):

* :func:`brute_force` enumerates every face of every die (a pool's explosions
  stop at the house limit ``max_explosions_per_pool``, so the enumeration is
  finite and exact), then every combination of the pools' counts, and reads each
  combination with :func:`read`, a plain restatement of the two interpretations.
* :func:`sample` plays ``trials`` whole conflicts at once with numpy (open-ended
  explosions, seeded), reading them the same way, vectorised.
* :func:`read` itself is what the engine must agree with on typed faces.

The dice counts come from the engine's plan (``plan_for``): what is checked here
is the odds, not the plan.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping

import numpy as np

from isowidgets.rules.isolation.model import GM, STANCES, Conflict, IsolationState
from isowidgets.rules.isolation.odds import DEGREES
from isowidgets.rules.isolation.plan import PoolPlan, degree_for, plan_for, stance_for_net

Counts = Mapping[tuple[str, str], int]


def face_table(colour: str, n: int, *, explode: bool, limit: int) -> dict[int, float]:
    """P(count) of a pool of ``n`` dice, by enumerating every face in roll order.

    Each exploding face (a green 6, a red 1) adds one die while fewer than
    ``limit`` extra dice have been added, as the engine's roller does.
    """

    @functools.cache
    def rest(pending: int, extra: int) -> dict[int, float]:
        """P(score of the dice still to roll), face by face (shared, not re-enumerated)."""
        if pending == 0:
            return {0: 1.0}
        out: dict[int, float] = {}
        for face in range(1, 7):
            hit = face % 2 == 0 if colour == "green" else face % 2 == 1
            boom = explode and extra < limit and face == (6 if colour == "green" else 1)
            for score, p in rest(pending - 1 + boom, extra + boom).items():
                out[score + hit] = out.get(score + hit, 0.0) + p / 6
        return out

    return rest(n, 0)


def conflict_with(c: Conflict, declared: Mapping[str, str]) -> Conflict:
    """The conflict with every defaulted character declared Hostile downgraded."""
    extra = tuple(w for w, s in declared.items() if w in c.defaulted and s == "Hostile")
    extra = tuple(w for w in extra if w not in c.downgraded)
    return dataclasses.replace(c, downgraded=c.downgraded + extra) if extra else c


def pools(state: IsolationState, c: Conflict) -> list[tuple[str, str, int, bool]]:
    """(who, colour, dice, explodes) for every pool the odds depend on."""
    plan: PoolPlan = plan_for(state, c)
    gm_explodes = state.settings.gm_red_ones_explode
    return [
        (u.who, u.colour, u.count, u.who != GM or gm_explodes)
        for u in plan.units
        if u.count or u.who in (c.ap, GM)
    ]


def read(
    state: IsolationState,
    c: Conflict,
    counts: Counts,
    *,
    policy: str = "cooperative",
    declared: Mapping[str, str] | None = None,
) -> tuple[str, dict[str, str]]:
    """The degree and the PPs' stances for one combination of pool counts.

    ``counts`` maps (who, colour) to evens (green) or odds (red); a missing pool
    counts 0. ``c`` already lists every downgrader (see :func:`conflict_with`).
    """
    s = state.settings
    declared = declared or {}

    def n(who: str, colour: str) -> int:
        return counts.get((who, colour), 0)

    ap_odds = max(0, n(c.ap, "red") - n(c.ap, "green"))
    pooled, cancel = n(c.ap, "green"), 0
    stances: dict[str, str] = {}
    for pp in c.pps:
        if pp in c.declared_hostile:
            stance = "Hostile"
        else:
            rolled = stance_for_net(state, n(pp, "green") - n(pp, "red") - ap_odds)
            free = s.no_red_links_free_cooperation and state.count(pp, c.ap, "red") == 0
            allowed = STANCES if free else STANCES[STANCES.index(rolled) :]
            wanted = declared.get(pp, "Cooperative") if policy == "declared" else "Cooperative"
            stance = wanted if wanted in allowed else allowed[0]
        stances[pp] = stance
        if stance == "Cooperative":
            pooled += n(pp, "green")
        elif stance == "Hostile":
            cancel += n(pp, "red")
    cancel += sum(n(who, "red") for who in c.downgraded)
    if c.alone and s.alone_own_red_cancels:
        cancel += n(c.ap, "red")
    team = max(0, pooled - cancel)
    if c.mode == "direct":
        assert c.target is not None
        opposing = n(c.target, "red") - n(c.target, "green")
        if s.defender_odds_floor_zero:
            opposing = max(0, opposing)
    else:
        opposing = n(GM, "red")
    return degree_for(team - opposing), stances


def brute_force(
    state: IsolationState,
    c: Conflict,
    *,
    policy: str = "cooperative",
    declared: Mapping[str, str] | None = None,
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """P(degree) and P(stance) per PP over every face (needs a finite house limit)."""
    limit = state.settings.max_explosions_per_pool
    assert limit is not None, "brute force enumerates faces: set max_explosions_per_pool"
    c = conflict_with(c, declared or {})
    listed = pools(state, c)
    tables = [
        list(face_table(colour, count, explode=boom, limit=limit).items())
        for _who, colour, count, boom in listed
    ]
    degrees = dict.fromkeys(DEGREES, 0.0)
    stances = {pp: dict.fromkeys(STANCES, 0.0) for pp in c.pps}
    for combo in itertools.product(*tables):
        p = 1.0
        counts = {}
        for (who, colour, _n, _b), (value, q) in zip(listed, combo, strict=True):
            counts[(who, colour)] = value
            p *= q
        degree, chosen = read(state, c, counts, policy=policy, declared=declared)
        degrees[degree] += p
        for pp, stance in chosen.items():
            stances[pp][stance] += p
    return degrees, stances


def _sample_pool(
    rng: np.random.Generator, colour: str, n: int, trials: int, *, explode: bool
) -> np.ndarray:
    """Evens or odds of ``n`` open-ended dice in each of ``trials`` rolls, one die per step."""
    hits = np.zeros(trials, dtype=np.int64)
    pending = np.full(trials, n, dtype=np.int64)
    boom_face = 6 if colour == "green" else 1
    while pending.any():
        rolling = pending > 0
        faces = rng.integers(1, 7, size=trials)
        hit = faces % 2 == (0 if colour == "green" else 1)
        hits += rolling & hit
        pending -= rolling
        if explode:
            pending += rolling & (faces == boom_face)
    return hits


def sample(
    state: IsolationState, c: Conflict, *, trials: int, seed: int
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Frequencies of each degree and each PP's stance over ``trials`` seeded conflicts,
    every PP taking the most cooperative stance the dice allow."""
    s = state.settings
    assert s.max_explosions_per_pool is None
    rng = np.random.default_rng(seed)
    counts = {
        (who, colour): _sample_pool(rng, colour, count, trials, explode=boom)
        for who, colour, count, boom in pools(state, c)
    }
    zero = np.zeros(trials, dtype=np.int64)

    def n(who: str, colour: str) -> np.ndarray:
        return counts.get((who, colour), zero)

    ap_odds = np.maximum(0, n(c.ap, "red") - n(c.ap, "green"))
    pooled, cancel = n(c.ap, "green").copy(), zero.copy()
    stances: dict[str, dict[str, float]] = {}
    for pp in c.pps:
        net = n(pp, "green") - n(pp, "red") - ap_odds
        if pp in c.declared_hostile:
            index = np.full(trials, 2)
        elif s.no_red_links_free_cooperation and state.count(pp, c.ap, "red") == 0:
            index = np.zeros(trials, dtype=np.int64)
        else:
            hostile = np.where(net <= s.hostile_net_max, 2, 1)
            index = np.where(net >= s.cooperate_net_min, 0, hostile)
        pooled += np.where(index == 0, n(pp, "green"), 0)
        cancel += np.where(index == 2, n(pp, "red"), 0)
        stances[pp] = {st: float(np.mean(index == i)) for i, st in enumerate(STANCES)}
    for who in c.downgraded:
        cancel += n(who, "red")
    if c.alone and s.alone_own_red_cancels:
        cancel += n(c.ap, "red")
    team = np.maximum(0, pooled - cancel)
    if c.mode == "direct":
        assert c.target is not None
        opposing = n(c.target, "red") - n(c.target, "green")
        if s.defender_odds_floor_zero:
            opposing = np.maximum(0, opposing)
    else:
        opposing = n(GM, "red")
    margin = team - opposing
    bands = {
        "Complete Success": margin >= 4,
        "Basic Success": (margin >= 2) & (margin < 4),
        "Partial Success": (margin >= 0) & (margin < 2),
        "Partial Failure": margin == -1,
        "Basic Failure": (margin >= -3) & (margin <= -2),
        "Complete Failure": margin <= -4,
    }
    return {d: float(np.mean(hit)) for d, hit in bands.items()}, stances
