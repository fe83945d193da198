"""Exact odds of a whole Isolation conflict, before anyone rolls.

One roll is read twice (ISO-R23..R25, then ISO-R29..R31): the Passive Players'
stances and the degree come from the same dice, so a per-pool table cannot give
the degree. What makes the whole exact and cheap is where the dice meet. Every
PP's net is ``evens − odds − AP_odds``, and ``AP_odds`` is the only thing the
PPs share, so given the AP's dice the PPs are independent. The conflict is
therefore computed one value ``a`` of ``AP_odds`` at a time: for each ``a``, each
PP's contribution to the team (its evens if Cooperative, nothing if Neutral,
minus its odds if Hostile) has its own small table, and the team's total before
the floor is the AP's evens (joint with ``AP_odds = a``) convolved with those
tables. Summing over ``a`` gives the team total; downgraders' odds are
subtracted, the floor at zero is taken (ISO-R30) and the opposing odds (the GM's,
or a direct-action target's) are subtracted to give the margin (ISO-R31), read
by T-ISO-2. Nothing is sampled.

The stance policy must be stated, because the rules let a PP choose any stance
at or below the one the dice allow (ISO-R25):

* ``"cooperative"``: every PP takes the most cooperative stance the dice allow.
  That is Cooperative when net ≥ ``cooperate_net_min``, Neutral between the two
  thresholds, Hostile (forced) when net ≤ ``hostile_net_max`` (ISO-A01); a PP
  with no red link of any kind to the AP may cooperate whatever the roll while
  ``no_red_links_free_cooperation`` holds (ISO-R14, ISO-A07), and does. A PP who
  took Hostile without rolling (ISO-R13) stays Hostile. Characters defaulted to
  Neutral (ISO-R41) or standing by a lone AP (ISO-R42) stay out unless the
  conflict already lists them as downgraded or volunteering. Cooperating is
  always best for the team (it adds evens, never takes any), so this is also the
  team's best case.
* ``"declared"``: each PP declared a stance in advance (a mapping ``{character:
  stance}``); the PP takes it whenever the dice allow it, and otherwise the
  most cooperative stance the dice do allow (which is then below the declared
  one, since only a stance at or below the rolled one may be taken). A PP not
  named declares Cooperative ("I help if I can"). A defaulted character may be
  declared ``"Hostile"``: they downgrade (or volunteer, going alone) and roll their
  red dice; ``"Neutral"`` keeps them out.

Every house-rule setting that changes a die or a reading is honoured through the
engine's own plan (:func:`~.plan.plan_for`: ISO-A03, A08, A09, A11, A13, A14, A28)
and readings (ISO-A01, A02, A07, A27, A29); ``max_explosions_per_pool`` (ISO-A05)
stops every chain at the house limit, as the roller does. Optional green
explosions (ISO-A04) change nothing: an extra green die can only raise its
owner's evens, which raises every net and the team, so the policy always takes it.

Speed, for a panel that asks at every change: each PP's table depends on ``a``
only through two cumulative sums (no grid of every pair of counts); the
convolutions for every ``a`` go through one FFT per PP; and the AP's and each
PP's transformed tables are kept in bounded caches, so a change to one person
recomputes only what it touches (about 1–2 ms for six characters).

Explosions are open-ended: each pool's table is cut where its tail falls below
1e-15 (see :mod:`isowidgets.odds`), and :attr:`WholeConflictOdds.lost` bounds the
probability cut from the whole (far below 1e-12 for any table-sized conflict).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt

from ... import checks
from ...contract import OddsQuestion
from ...errors import RuleError
from ...odds import Distribution
from ._common import a_conflict
from .conflict import compose
from .model import STANCES, Colour, Conflict, Degree, IsolationState, Stance
from .odds import DEGREES, _ap_green, _count, _difficulty, degree_chances, pool
from .plan import plan_for
from .scenario import boarding_state
from .settings import IsolationSettings

__all__ = ["POLICIES", "WHOLE_QUESTIONS", "Policy", "WholeConflictOdds", "whole_conflict_odds"]

Policy = Literal["cooperative", "declared"]
POLICIES: tuple[Policy, ...] = ("cooperative", "declared")

FloatArray = npt.NDArray[np.float64]
ComplexArray = npt.NDArray[np.complex128]
IntArray = npt.NDArray[np.int64]

_NEGLIGIBLE = 1e-18
"""A value of ``AP_odds`` less likely than this is left out (its mass is counted in
``lost``): even 10^3 of them move no figure by 1e-15."""


@dataclass(frozen=True)
class WholeConflictOdds:
    """The exact odds of one conflict before anyone rolls, under a stated stance policy.

    Attributes:
        policy: ``"cooperative"`` or ``"declared"`` (see the module).
        difficulty: the Difficulty the odds used, or ``None`` where none counts
            (acting directly with Passive Players, or directly and alone under
            ``direct_alone_green_dice='modifiers_only'``).
        degrees: P(each degree of T-ISO-2), best first; they sum to 1.
        stances: for each PP (by id), P(Cooperative), P(Neutral), P(Hostile)
            under the policy, read from the same dice as the degree.
        margin: the margin's distribution (``None`` for an automatic success).
        lost: an upper bound on the probability cut from open-ended tails.
    """

    policy: Policy
    difficulty: int | None
    degrees: dict[Degree, float]
    stances: dict[str, dict[Stance, float]]
    margin: Distribution | None
    lost: float

    def at_least(self, degree: Degree) -> float:
        """P(this degree or a better one)."""
        checks.choice(degree, "degree", DEGREES)
        return sum(self.degrees[d] for d in DEGREES[: DEGREES.index(degree) + 1])


@dataclass(frozen=True, slots=True)
class _PP:
    """One PP's pools and what decides their stance (hashable: pools by identity)."""

    green: Distribution
    red: Distribution
    forced_hostile: bool
    free: bool
    declared: int | None  # index into STANCES, None under the cooperative policy


def _values(d: Distribution) -> IntArray:
    return np.arange(d.offset, d.offset + len(d.probs), dtype=np.int64)


def _floats(array: npt.NDArray[np.generic]) -> FloatArray:
    """``np.bincount`` with weights gives floats; say so to the type checker."""
    return np.asarray(array, dtype=np.float64)


def _declared(
    state: IsolationState, c: Conflict, policy: Policy, declared: object
) -> dict[str, Stance]:
    """The declarations, checked: only under ``declared``, only for PPs and defaulted
    characters, and only stances the rules let them declare."""
    if declared is None:
        return {}
    if policy != "declared":
        raise RuleError(
            "isolation.declared_without_policy",
            "declared stances {declared} were given with policy {policy}; they are read only "
            "under policy 'declared'",
            declared=checks.shown(declared),
            policy=checks.shown(policy),
        )
    if not isinstance(declared, Mapping):
        raise RuleError(
            "isolation.declared_not_a_mapping",
            "declared must be a mapping {{character: stance}}, got {name} {declared}",
            name=type(declared).__name__,
            declared=checks.shown(declared),
        )
    allowed = (*c.pps, *c.defaulted)
    if len(declared) > len(allowed):
        raise RuleError(
            "isolation.declared_too_many",
            "declared names {count} characters, but this conflict has only {count_2} who may "
            "declare a stance",
            count=len(declared),
            count_2=len(allowed),
        )
    out: dict[str, Stance] = {}
    for key, value in declared.items():
        who = checks.identifier(key, "a declared character")
        if who not in allowed:
            names = ", ".join(state.character(x).name for x in allowed) or "nobody"
            raise RuleError(
                "isolation.declared_by_outsider",
                "{who} is neither a Passive Player nor defaulted to Neutral in this conflict, so "
                "cannot declare a stance; those who can: {names}",
                who=checks.shown(who),
                names=names,
            )
        name = state.character(who).name
        stance: Stance = checks.choice(value, f"{name}'s declared stance", STANCES)
        if who in c.declared_hostile and stance != "Hostile":
            raise RuleError(
                "isolation.declared_after_hostile",
                "{name} already took Hostile without rolling (ISO-R13), so cannot declare "
                "{stance}; allowed: Hostile",
                name=name,
                stance=stance,
            )
        if who in c.defaulted and stance == "Cooperative":
            raise RuleError(
                "isolation.declared_cooperative_by_defaulted",
                "{name} is defaulted to Neutral and may only downgrade (ISO-R41), so cannot "
                "declare Cooperative; allowed: Neutral, Hostile",
                name=name,
            )
        if who in c.downgraded and stance != "Hostile":
            raise RuleError(
                "isolation.declared_after_downgrade",
                "{name} has already downgraded to Hostile, so cannot declare {stance}; allowed: "
                "Hostile",
                name=name,
                stance=stance,
            )
        out[who] = stance
    return out


@lru_cache(maxsize=64)
def _ap_given_odds(
    green: Distribution, red: Distribution, own_red_cancels: bool
) -> tuple[IntArray, FloatArray, int]:
    """The AP's part of the team, joint with each value of ``AP_odds`` (ISO-R23).

    Returns:
        The values ``a`` of ``AP_odds`` with any mass, a table ``[a, v]`` of
        P(AP_odds = a and the AP adds v to the team), and the value of column 0.
        The AP adds its evens, less its odds when going alone under ISO-A27.
        Kept (bounded) for the next update of a live panel; the tables are read-only.
    """
    g, r = _values(green), _values(red)
    joint = np.outer(green.probs, red.probs)
    a = np.maximum(0, r[None, :] - g[:, None])
    v = g[:, None] - r[None, :] if own_red_cancels else np.broadcast_to(g[:, None], joint.shape)
    a_values: IntArray = np.unique(a).astype(np.int64)
    low = int(v.min())
    width = int(v.max()) - low + 1
    index = np.searchsorted(a_values, a) * width + (v - low)
    table = _floats(np.bincount(index.ravel(), joint.ravel(), len(a_values) * width))
    a_values.setflags(write=False)
    table.setflags(write=False)
    return a_values, table.reshape(len(a_values), width), low


def _at_most(d: Distribution, x: IntArray) -> FloatArray:
    """P(X ≤ x) for each entry of ``x``, from the cumulative table."""
    cumulative = np.concatenate(([0.0], np.cumsum(d.probs)))
    return cumulative[np.clip(x - d.offset + 1, 0, len(d.probs))]


def _pp_given_odds(
    pp: _PP, a_values: IntArray, cooperate_min: int, hostile_max: int
) -> tuple[FloatArray, int, FloatArray]:
    """One PP's contribution to the team and stance, for each value of ``AP_odds``.

    The net is ``g − r − a``, so "Cooperative with evens g" has probability
    P(G = g)·P(R ≤ g − a − cooperate_min) and "Hostile with odds r" has
    P(R = r)·P(G ≤ r + a + hostile_max): two cumulative tables, no grid of
    every (g, r) pair.

    Returns:
        A table ``[a, v]`` of P(the PP adds v | AP_odds = a), the
        value of column 0, and a table ``[a, s]`` of P(stance s | AP_odds = a) in
        STANCES order.
    """
    g, r = _values(pp.green), _values(pp.red)
    rows = len(a_values)
    low, width = _width(pp)
    table = np.zeros((rows, width))
    chances = np.zeros((rows, 3))
    mass = float(pp.green.probs.sum() * pp.red.probs.sum())
    a = a_values[:, None]
    if pp.forced_hostile or pp.free:  # the stance does not depend on the dice
        stance = 2 if pp.forced_hostile else (pp.declared or 0)
        if stance == 0:
            table[:, g - low] = pp.green.probs * pp.red.probs.sum()
        elif stance == 2:
            table[:, -r - low] = pp.red.probs * pp.green.probs.sum()
        else:
            table[:, -low] = mass
        chances[:, stance] = mass
        return table, low, chances
    hostile = pp.red.probs[None, :] * _at_most(pp.green, r[None, :] + a + hostile_max)
    if pp.declared == 2:  # declared Hostile: always allowed
        hostile = np.broadcast_to(pp.red.probs * pp.green.probs.sum(), hostile.shape)
    cooperative = np.zeros((rows, len(g)))
    if not pp.declared:  # declared Neutral turns a rolled Cooperative into Neutral
        cooperative = pp.green.probs[None, :] * _at_most(pp.red, g[None, :] - a - cooperate_min)
    table[:, g - low] += cooperative
    table[:, -r - low] += hostile
    chances[:, 0] = cooperative.sum(axis=1)
    chances[:, 2] = hostile.sum(axis=1)
    chances[:, 1] = np.maximum(0.0, mass - chances[:, 0] - chances[:, 2])
    table[:, -low] += chances[:, 1]
    return table, low, chances


def _team_before_floor(
    green: Distribution,
    red: Distribution,
    pps: Mapping[str, _PP],
    *,
    own_red_cancels: bool,
    cooperate_min: int,
    hostile_max: int,
) -> tuple[Distribution, dict[str, dict[Stance, float]]]:
    """Pooled evens less cancelling odds, before downgraders and the floor, and each
    PP's stance chances: the convolution over PPs, one ``AP_odds`` value at a time.

    The convolutions of every ``a`` are done at once by FFT (one transform per PP
    for all values of ``a``); its rounding, around 1e-16 per outcome, is far
    below the 1e-12 the odds promise, and negative crumbs are set to zero.
    """
    a_values, ap_table, low = _ap_given_odds(green, red, own_red_cancels)
    p_a = ap_table.sum(axis=1)
    kept = p_a > _NEGLIGIBLE  # values of AP_odds that cannot move any figure
    cut = float(p_a[~kept].sum())
    a_values, ap_table, p_a = a_values[kept], ap_table[kept], p_a[kept]
    if not pps:
        return Distribution(ap_table.sum(axis=0), low, cut), {}
    widths = [ap_table.shape[1]] + [_width(pp)[1] for pp in pps.values()]
    size = sum(widths) - len(widths) + 1
    n = 1 << (size - 1).bit_length()
    spectrum = np.fft.rfft(ap_table, n, axis=1)
    stances: dict[str, dict[Stance, float]] = {}
    a_key = tuple(int(a) for a in a_values)
    for who, pp in pps.items():
        part, pp_low, chances = _pp_spectrum(pp, a_key, cooperate_min, hostile_max, n)
        spectrum = spectrum * part
        low += pp_low
        marginal = p_a @ chances
        stances[who] = {s: float(marginal[i]) for i, s in enumerate(STANCES)}
    total = np.fft.irfft(spectrum.sum(axis=0), n)[:size]
    return Distribution(np.maximum(total, 0.0), low, cut), stances


def _width(pp: _PP) -> tuple[int, int]:
    """The lowest value a PP can add (minus their most odds) and how many values it spans."""
    low = min(0, -int(pp.red.offset + len(pp.red.probs) - 1))
    return low, max(0, int(pp.green.offset + len(pp.green.probs) - 1)) - low + 1


@lru_cache(maxsize=256)
def _pp_spectrum(
    pp: _PP, a_key: tuple[int, ...], cooperate_min: int, hostile_max: int, n: int
) -> tuple[ComplexArray, int, FloatArray]:
    """:func:`_pp_given_odds`, transformed for the FFT and kept.

    A live panel changes one thing at a time (a modifier, a person, the policy),
    so most PPs' tables are the same as a moment ago. The key holds the PP's
    pools themselves (the pool tables are shared, see :func:`.odds.pool`), so an
    entry is found again only for the very same dice; ``maxsize`` bounds it.
    """
    a_values = np.array(a_key, dtype=np.int64)
    table, low, chances = _pp_given_odds(pp, a_values, cooperate_min, hostile_max)
    spectrum = np.fft.rfft(table, n, axis=1)
    spectrum.setflags(write=False)
    chances.setflags(write=False)
    return spectrum, low, chances


def whole_conflict_odds(
    state: IsolationState,
    conflict: Conflict | None = None,
    *,
    policy: str = "cooperative",
    declared: Mapping[str, str] | None = None,
    difficulty: int | str | None = None,
) -> WholeConflictOdds:
    """The exact chance of each degree, and of each PP's stance, for a whole conflict.

    Computed before anyone rolls (dice already rolled and stances already chosen
    are not taken into account), so the GM can weigh persuading everyone against
    going alone while the proposal is still being shaped.

    Args:
        state: the game state whose characters, links, Stress and settings count.
        conflict: a composed conflict (``compose(state, ...)``) or, by default,
            the one in progress.
        policy: ``"cooperative"`` or ``"declared"`` (see the module docstring).
        declared: under ``"declared"``, ``{character id: stance}`` for PPs
            (any stance) and defaulted characters (Neutral, or Hostile to
            downgrade or volunteer).
        difficulty: the Difficulty to assume (1–6 or its T-ISO-1 name), by
            default the conflict's. Needed for the GM's pool, and going alone
            (or directly and alone under ISO-A28) for the AP's green dice.

    Raises:
        RuleError: no conflict, a bad argument, or no Difficulty where one is needed.
    """
    if not isinstance(state, IsolationState):
        raise RuleError(
            "isolation.not_an_isolation_state",
            "state must be an IsolationState, got {name} {state}",
            name=type(state).__name__,
            state=checks.shown(state),
        )
    c = a_conflict(state, conflict, "whole_conflict_odds")
    chosen: Policy = checks.choice(policy, "policy", POLICIES)
    stated = _declared(state, c, chosen, declared)
    diff = _difficulty(difficulty, c.difficulty)
    if c.automatic:
        certain = {**dict.fromkeys(DEGREES, 0.0), "Basic Success": 1.0}
        return WholeConflictOdds(chosen, diff, certain, {}, None, 0.0)
    s = state.settings
    needs = c.mode != "direct" or (c.alone and s.direct_alone_green_dice == "gm_difficulty")
    if needs and not diff:
        raise RuleError(
            "isolation.odds_without_difficulty",
            "these odds need a Difficulty (1–6): the conflict has none yet. Tip: pass "
            "difficulty=3 (or its name, 'Hard') to assume one",
        )
    extra = tuple(w for w, st in stated.items() if w in c.defaulted and st == "Hostile")
    extra = tuple(w for w in extra if w not in c.downgraded)
    planned = dataclasses.replace(c, downgraded=c.downgraded + extra) if extra else c
    plan = plan_for(state, planned)
    limit = s.max_explosions_per_pool

    def dice(who: str, colour: Colour) -> Distribution:
        return pool(colour, _count(plan, who, colour), limit=limit)

    green = pool("green", _ap_green(plan, c, diff), limit=limit)
    red = dice(c.ap, "red")
    pps = {
        pp: _PP(
            dice(pp, "green"),
            dice(pp, "red"),
            pp in c.declared_hostile,
            s.no_red_links_free_cooperation and state.count(pp, c.ap, "red") == 0,
            STANCES.index(stated.get(pp, "Cooperative")) if chosen == "declared" else None,
        )
        for pp in c.pps
    }
    team, stances = _team_before_floor(
        green,
        red,
        pps,
        own_red_cancels=c.alone and s.alone_own_red_cancels,
        cooperate_min=s.cooperate_net_min,
        hostile_max=s.hostile_net_max,
    )
    lost = team.lost + green.lost + red.lost + sum(p.green.lost + p.red.lost for p in pps.values())
    for who in planned.downgraded:  # ISO-R41, ISO-R42: their odds cancel the team's evens
        cancel = dice(who, "red")
        team, lost = team - cancel, lost + cancel.lost
    if c.mode == "direct":
        assert c.target is not None
        opposing = dice(c.target, "red") - dice(c.target, "green")
        if s.defender_odds_floor_zero:  # ISO-A29
            opposing = opposing.floor(0)
    else:
        assert diff is not None
        gm = diff + state.living_count() + state.stress  # ISO-R27, ISO-R28
        opposing = pool("red", gm, explode=s.gm_red_ones_explode, limit=limit)
    margin = team.floor(0) - opposing
    margin = Distribution(margin.probs, margin.offset, lost + opposing.lost)
    assumed = diff if needs else None
    return WholeConflictOdds(chosen, assumed, degree_chances(margin), stances, margin, margin.lost)


# --------------------------------------------------------------------------- questions


@lru_cache(maxsize=16)
def _boarding_state(settings: IsolationSettings) -> IsolationState:
    """The rule text's boarding party under ``settings`` (kept: a sweep asks for the same
    reading at every size, and the state is immutable)."""
    return boarding_state(settings)


def _boarding_party(settings: IsolationSettings, difficulty: int) -> dict[str, float]:
    """Bob asks Alice and Eve to help board up the house (the rule text's example map,
    Stress 2); each takes the most cooperative stance the dice allow."""
    state = _boarding_state(settings)
    proposal = compose(state, "bob", "Board up the windows")
    odds = whole_conflict_odds(state, proposal, difficulty=difficulty)
    return {str(degree): p for degree, p in odds.degrees.items()}


WHOLE_QUESTIONS: dict[str, OddsQuestion] = {
    "boarding party": OddsQuestion(
        "The example's whole conflict: Bob persuades Alice and Eve (each as cooperative "
        "as the dice allow), one roll read twice; each degree",
        "difficulty",
        tuple(range(1, 7)),
        1,
        6,
        _boarding_party,
        ("cooperate_net_min", "hostile_net_max", "no_red_links_free_cooperation"),
    ),
}
"""The whole-conflict questions, asked of the example's map (joined to
:data:`~isowidgets.rules.isolation.odds.QUESTIONS` by the game)."""
