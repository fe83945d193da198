"""Exact odds of Isolation rolls, and a seeded simulation of a whole conflict.

What is exact here, and why only that: one roll is read twice, so a PP's stance
and the degree of success depend on the *same* dice. Each PP's net, and the
degree for stances fixed in advance, are sums of independent pools and have
exact distributions (:func:`ap_odds`, :func:`pp_net`, :func:`margin`). The
degree *given the stances the dice produced* is correlated with those dice; its
exact odds are :func:`~.whole.whole_conflict_odds`, and :func:`simulate`, a seeded
Monte Carlo of the whole conflict, stays as an independent check.

Every distribution treats explosions as open-ended (green 6s always taken, even
when ``green_explosion_optional``, since an extra die never hurts its owner) and
follows the ``max_explosions_per_pool`` house limit only where ``pool`` is given
it (``limit``); the probability cut from the infinite tails is below 1e-15 per
die (see :mod:`isowidgets.odds`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ... import checks
from ...contract import OddsQuestion
from ...dice import D6
from ...errors import RuleError
from ...odds import Distribution, count_per_die, pool_count
from .conflict import difficulty_value
from .model import STANCES, Colour, Conflict, Degree, IsolationState, Stance
from .plan import PoolPlan, degree_for, plan_for, stance_for_net
from .settings import IsolationSettings

__all__ = [
    "DEGREES",
    "QUESTIONS",
    "ConflictOdds",
    "alone_margin",
    "ap_odds",
    "conflict_odds",
    "degree_chances",
    "die_count",
    "margin",
    "pool",
    "pp_net",
    "simulate",
]

DEGREES: tuple[Degree, ...] = (
    "Complete Success",
    "Basic Success",
    "Partial Success",
    "Partial Failure",
    "Basic Failure",
    "Complete Failure",
)


def _even(face: int) -> int:
    return int(face % 2 == 0)


def _odd(face: int) -> int:
    return int(face % 2 == 1)


def die_count(colour: Colour, *, explode: bool = True) -> Distribution:
    """What one open-ended die counts: evens of a green die (explode on 6) or odds of a
    red die (explode on 1). Both are P(0) = 1/2, P(k) = (5/12)(1/6)^(k−1) (ISO-R21)."""
    if colour == "green":
        return count_per_die(D6, _even, {6} if explode else ())
    return count_per_die(D6, _odd, {1} if explode else ())


def pool(colour: Colour, n: int, *, explode: bool = True, limit: int | None = None) -> Distribution:
    """The evens (green) or odds (red) of ``n`` open-ended dice.

    Args:
        limit: the house limit on extra dice from explosions in this one pool
            (``max_explosions_per_pool``, ISO-A05): past it the chain stops, as the
            engine's roller stops it. ``None`` is open-ended.
    """
    if n < 0:
        raise RuleError(
            "isolation.pool_size_out_of_range", "a pool cannot hold {n} dice", n=checks.shown(n)
        )
    return _pool(colour, n, explode, limit)


@lru_cache(maxsize=1024)
def _pool(colour: Colour, n: int, explode: bool, limit: int | None) -> Distribution:
    """:func:`pool`, kept: a live panel asks for the same few pools at every change, and a
    :class:`Distribution` is immutable, so sharing one is safe (bounded by ``maxsize``)."""
    if explode and limit is not None:
        return _limited_pool(n, limit)
    if colour == "green":
        return pool_count(n, D6, _even, {6} if explode else ())
    return pool_count(n, D6, _odd, {1} if explode else ())


def _limited_pool(n: int, limit: int) -> Distribution:
    """A pool whose explosions stop after ``limit`` extra dice (ISO-A05), by recurrence.

    Green and red dice read alike: of six faces one explodes and scores (the 6 of
    a green die, the 1 of a red one), two more score, three do not. With ``r``
    dice still to roll and ``b`` extra dice still allowed, the score F(r, b) is
    ``(1/6)(1 + F(r, b−1)) + (2/6)(1 + F(r−1, b)) + (3/6) F(r−1, b)``; once
    ``b = 0`` each die is a fair coin. A limit at which even the unlimited pool
    would pass it with probability below 1e-16 changes nothing, so a larger one is
    treated as unlimited.
    """
    if _more_booms_than(n, limit) < 1e-16:
        return pool_count(n, D6, _even, {6})
    # row[b] holds F(r, b) for the current r as an array over scores 0..r+b.
    row = [np.array([1.0]) for _ in range(limit + 1)]  # r = 0: nothing to roll
    for _r in range(1, n + 1):
        new: list[np.ndarray] = []
        for b in range(limit + 1):
            width = _r + b + 1
            out = np.zeros(width)
            below = row[b]  # F(r−1, b)
            out[1 : 1 + len(below)] += (2 / 6) * below
            out[: len(below)] += (3 / 6) * below
            if b == 0:
                out[1 : 1 + len(below)] += (1 / 6) * below
            else:
                again = new[b - 1]  # F(r, b−1)
                out[1 : 1 + len(again)] += (1 / 6) * again
            new.append(out)
        row = new
    return Distribution(row[limit])


def _more_booms_than(n: int, limit: int) -> float:
    """A bound on P(an unlimited pool of ``n`` dice explodes more than ``limit`` times).

    The (limit+1)-th explosion needs limit+1 exploding faces among the first
    ``n + limit`` dice, so P ≤ P(Binomial(n + limit, 1/6) ≥ limit + 1).
    """
    if limit > 5 * n + 60:  # far past the mean of n/5 explosions: the bound is below 1e-30
        return 0.0
    trials = n + limit

    def term(k: int) -> float:
        log = math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
        return math.exp(log + k * math.log(1 / 6) + (trials - k) * math.log(5 / 6))

    return math.fsum(term(k) for k in range(limit + 1, trials + 1))


def ap_odds(green: int, red: int) -> Distribution:
    """``AP_odds = ⌊odds(red) − evens(green)⌋₀`` (ISO-R23)."""
    return (pool("red", red) - pool("green", green)).floor(0)


def pp_net(pp_green: int, pp_red: int, ap_green: int, ap_red: int) -> Distribution:
    """One PP's ``net = evens(PP green) − odds(PP red) − AP_odds`` (ISO-R24, ISO-R25).

    Exact for one PP. Two PPs' nets share ``AP_odds`` and are not independent.
    """
    return pool("green", pp_green) - pool("red", pp_red) - ap_odds(ap_green, ap_red)


def margin(
    pooled_green: int,
    cancelling_red: int,
    opposition_red: int,
    opposition_green: int = 0,
    *,
    opposition_floor: bool = True,
    gm_explodes: bool = True,
) -> Distribution:
    """``margin = ⌊evens(pooled) − odds(cancelling)⌋₀ − opposing odds`` (ISO-R30, ISO-R31).

    The opposing odds are the GM's (``opposition_green = 0``) or a direct-action
    target's red odds less their green evens, floored at 0 unless
    ``opposition_floor`` is false (ISO-A29).
    """
    team = (pool("green", pooled_green) - pool("red", cancelling_red)).floor(0)
    opposing = pool("red", opposition_red, explode=gm_explodes) - pool("green", opposition_green)
    if opposition_floor:
        opposing = opposing.floor(0)
    return team - opposing


def degree_chances(distribution: Distribution) -> dict[Degree, float]:
    """P(degree) for a margin distribution (T-ISO-2)."""
    out = dict.fromkeys(DEGREES, 0.0)
    for value, p in distribution.to_dict().items():
        out[degree_for(value)] += p
    return out


def alone_margin(difficulty: int, living: int = 1, stress: int = 0) -> Distribution:
    """Going alone with no modifiers (ISO-R42): D green against D + Living + Stress red,
    the AP's Stress red cancelling the AP's own green (ISO-A27). ISO-E10 is ``living=1``."""
    team = (pool("green", difficulty) - pool("red", stress)).floor(0)
    return team - pool("red", difficulty + living + stress)


@dataclass(frozen=True)
class ConflictOdds:
    """Exact odds for a planned conflict.

    Attributes:
        ap_odds: the AP's odds after his evens cancel (ISO-R23).
        nets: each PP's net (marginal; nets share AP_odds).
        rolled: each PP's chance of each rolled stance (before any downgrade;
            the zero-red-links exception can still open Cooperative).
        margin: for the stances given (or chosen so far), the margin as if the
            dice were fresh, i.e. not conditioned on producing those stances;
            ``None`` when stances or the Difficulty are missing.
        degrees: P(degree) from ``margin``.
    """

    ap_odds: Distribution | None
    nets: dict[str, Distribution]
    rolled: dict[str, dict[Stance, float]]
    margin: Distribution | None
    degrees: dict[Degree, float] | None


def _count(plan: PoolPlan, who: str, colour: Colour) -> int:
    for unit in plan.units:
        if unit.who == who and unit.colour == colour:
            return unit.count
    return 0


def _difficulty(value: int | str | None, current: int | None) -> int | None:
    """The Difficulty to assume: an override (checked like the GM's, 1–6 or a T-ISO-1
    name) or the conflict's own."""
    return current if value is None else difficulty_value(value)


def _ap_green(plan: PoolPlan, c: Conflict, diff: int | None) -> int:
    """The AP's green dice, with an assumed Difficulty in place of the plan's when the
    Difficulty sets them (going alone, ISO-R42; acting directly and alone, ISO-A28)."""
    for unit in plan.units:
        if unit.who == c.ap and unit.colour == "green":
            nominal = [s.count for s in unit.sources if s.source == "difficulty"]
            if nominal and diff is not None:
                return unit.count - sum(nominal) + diff
            return unit.count
    return 0


def conflict_odds(
    state: IsolationState,
    conflict: Conflict | None = None,
    *,
    stances: Mapping[str, Stance] | None = None,
    difficulty: int | str | None = None,
) -> ConflictOdds:
    """Exact odds of a proposed (or composed) conflict's two interpretations.

    Args:
        conflict: defaults to the conflict in progress.
        stances: stances to assume for the degree (default: those chosen so far).
        difficulty: the GM's Difficulty to assume (default: the conflict's), 1–6 or
            its T-ISO-1 name. Going alone (or acting directly and alone under
            ``direct_alone_green_dice='gm_difficulty'``) it also gives the AP's green
            dice (ISO-R42, ISO-A28).
    """
    c = conflict or state.conflict
    if c is None:
        raise RuleError(
            "isolation.odds_without_conflict",
            "no conflict to compute odds for. Tip: pass compose(state, ...)",
        )
    diff = _difficulty(difficulty, c.difficulty)
    if c.automatic:
        certain: dict[Degree, float] = {**dict.fromkeys(DEGREES, 0.0), "Basic Success": 1.0}
        return ConflictOdds(None, {}, {}, None, certain)
    plan = plan_for(state, c)
    ap_g, ap_r = _ap_green(plan, c, diff), _count(plan, c.ap, "red")
    nets: dict[str, Distribution] = {}
    rolled: dict[str, dict[Stance, float]] = {}
    for pp in c.pps:
        net = pp_net(_count(plan, pp, "green"), _count(plan, pp, "red"), ap_g, ap_r)
        nets[pp] = net
        chances = dict.fromkeys(STANCES, 0.0)
        for value, p in net.to_dict().items():
            chances[stance_for_net(state, value)] += p
        rolled[pp] = chances
    chosen = dict(c.stances) | dict(stances or {})
    missing = [pp for pp in c.pps if pp not in chosen]
    result = None
    if not missing and (c.mode == "direct" or diff):
        pooled = ap_g + sum(
            _count(plan, pp, "green") for pp in c.pps if chosen[pp] == "Cooperative"
        )
        cancel = sum(_count(plan, pp, "red") for pp in c.pps if chosen[pp] == "Hostile")
        cancel += sum(_count(plan, who, "red") for who in c.downgraded)
        if c.alone and state.settings.alone_own_red_cancels:
            cancel += ap_r
        if c.mode == "direct":
            assert c.target is not None
            result = margin(
                pooled,
                cancel,
                _count(plan, c.target, "red"),
                _count(plan, c.target, "green"),
                opposition_floor=state.settings.defender_odds_floor_zero,
            )
        else:
            assert diff is not None
            gm = diff + state.living_count() + state.stress
            result = margin(pooled, cancel, gm, gm_explodes=state.settings.gm_red_ones_explode)
    return ConflictOdds(
        ap_odds(ap_g, ap_r),
        nets,
        rolled,
        result,
        degree_chances(result) if result is not None else None,
    )


# --------------------------------------------------------------------------- simulation


def _count_roll(rng: random.Random, n: int, colour: Colour, explode: bool = True) -> int:
    hits = 0
    pending = n
    while pending:
        pending -= 1
        face = rng.randint(1, 6)
        if colour == "green":
            hits += face % 2 == 0
            pending += explode and face == 6
        else:
            hits += face % 2 == 1
            pending += explode and face == 1
    return hits


def simulate(
    state: IsolationState,
    conflict: Conflict | None = None,
    *,
    difficulty: int | str | None = None,
    trials: int = 10_000,
    seed: int = 0,
    policy: str = "best",
) -> dict[Degree, float]:
    """Monte Carlo of a whole conflict, stances and degree read from the same dice.

    Each PP takes the best stance allowed (``policy="best"``) or the rolled one
    (``"rolled"``; the same unless the zero-red-links exception applies).
    Defaulted Neutrals stay Neutral. Seeded, so the same call gives the same
    numbers. ``difficulty`` is as for :func:`conflict_odds`.
    """
    c = conflict or state.conflict
    if c is None:
        raise RuleError("isolation.simulate_without_conflict", "no conflict to simulate")
    checks.choice(policy, "policy", ("best", "rolled"))
    trials = checks.whole(trials, "trials", 1, 10**7)
    diff = _difficulty(difficulty, c.difficulty)
    if c.automatic:
        return {**dict.fromkeys(DEGREES, 0.0), "Basic Success": 1.0}
    plan = plan_for(state, c)
    if c.mode != "direct" and not diff:
        raise RuleError(
            "isolation.simulate_without_difficulty", "simulate needs a Difficulty (1–6)"
        )
    s = state.settings
    rng = random.Random(seed)
    tally = dict.fromkeys(DEGREES, 0)
    ap_g, ap_r = _ap_green(plan, c, diff), _count(plan, c.ap, "red")
    for _ in range(trials):
        ap_green = _count_roll(rng, ap_g, "green")
        ap_red = _count_roll(rng, ap_r, "red")
        ap_o = max(0, ap_red - ap_green)
        pooled, cancel = ap_green, 0
        for pp in c.pps:
            green = _count_roll(rng, _count(plan, pp, "green"), "green")
            red = _count_roll(rng, _count(plan, pp, "red"), "red")
            if pp in c.declared_hostile:
                cancel += red
                continue
            stance = stance_for_net(state, green - red - ap_o)
            if (
                policy == "best"
                and s.no_red_links_free_cooperation
                and state.count(pp, c.ap, "red") == 0
            ):
                stance = "Cooperative"
            if stance == "Cooperative":
                pooled += green
            elif stance == "Hostile":
                cancel += red
        if c.alone and s.alone_own_red_cancels:
            cancel += ap_red
        team = max(0, pooled - cancel)
        if c.mode == "direct":
            assert c.target is not None
            opp = _count_roll(rng, _count(plan, c.target, "red"), "red") - _count_roll(
                rng, _count(plan, c.target, "green"), "green"
            )
            if s.defender_odds_floor_zero:
                opp = max(0, opp)
        else:
            assert diff is not None
            gm = diff + state.living_count() + state.stress
            opp = _count_roll(rng, gm, "red", s.gm_red_ones_explode)
        tally[degree_for(team - opp)] += 1
    return {k: v / trials for k, v in tally.items()}


# --------------------------------------------------------------------------- questions

_SIZES = tuple(range(1, 9))
_MOST = 40  # far past any table's pool, and every answer stays quick


def _alone(settings: IsolationSettings, difficulty: int) -> dict[str, float]:
    """Going alone (ISO-R42), no modifiers and no Stress: D green against D + 1 red,
    the GM's red 1s exploding or not as ISO-A02 says."""
    spread = margin(difficulty, 0, difficulty + 1, gm_explodes=settings.gm_red_ones_explode)
    return {str(degree): p for degree, p in degree_chances(spread).items()}


def _everyone(settings: IsolationSettings, green: int) -> dict[str, float]:
    """The whole table pools ``green`` dice against as many of the GM's red (ISO-R30)."""
    spread = margin(green, 0, green, gm_explodes=settings.gm_red_ones_explode)
    return {str(degree): p for degree, p in degree_chances(spread).items()}


def _stance(settings: IsolationSettings, green: int) -> dict[str, float]:
    """A passive player's stance (ISO-R25) with ``green`` green dice and no red, against
    an active player rolling 3 green and 3 red, read with ISO-A01's thresholds."""
    state = IsolationState(settings=settings)
    out: dict[str, float] = dict.fromkeys(STANCES, 0.0)
    for net, p in pp_net(green, 0, 3, 3).to_dict().items():
        out[stance_for_net(state, net)] += p
    return out


QUESTIONS: dict[str, OddsQuestion] = {
    "alone": OddsQuestion(
        "Going alone against a difficulty: the chance of each degree",
        "difficulty",
        _SIZES,
        0,
        _MOST,
        _alone,
        ("gm_red_ones_explode",),
    ),
    "everyone": OddsQuestion(
        "Everyone pools green dice against as many of the GM's red: each degree",
        "green dice pooled",
        _SIZES,
        0,
        _MOST,
        _everyone,
        ("gm_red_ones_explode",),
    ),
    "stance": OddsQuestion(
        "A passive player's stance against an active player rolling 3 green and 3 red",
        "the passive player's green dice",
        tuple(range(0, 9)),
        0,
        _MOST,
        _stance,
        ("cooperate_net_min", "hostile_net_max"),
    ),
}
"""Isolation's odds questions (:class:`~isowidgets.contract.OddsQuestion`), answered
exactly by this module's distributions."""
