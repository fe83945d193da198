"""Exact chances of a Difficulty Test (T-IMP-3), computed with :mod:`isowidgets.odds`.

A test is one die plus a net modifier against a target, so its distribution is
exact and tiny; the point of this module is to answer the table's questions
in the terms of the rules: "what are my odds with these Details?", "how much
does my battered Impact Die cost me?", "how likely is a Great Success?".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...dice import DieType
from ...odds import die_faces
from .ladder import IMPACT_LADDER, TOP, die_label, smaller
from .model import ImpactState, OpenTest
from .rules import RollPlan, roll_plan

__all__ = ["PlanOdds", "great_chance", "odds_table", "plan_odds", "success_chance"]


def success_chance(die: DieType, net: int, target: int = 8) -> float:
    """P(face + net ≥ target) for one fair ``die`` (IMP-R08)."""
    return _success(die, net, target)


@lru_cache(maxsize=4096)
def _success(die: DieType, net: int, target: int) -> float:
    """Kept: a table asks the same few questions at every redraw."""
    return (die_faces(die) + net).at_least(target)


def great_chance(die: DieType, net: int, target: int, rule: str, margin: int = 4) -> float | None:
    """P(Great Success) under ``great_success_rule`` (IMP-A01); ``None`` for ``gm_flag``,
    which no formula can predict."""
    if rule == "natural_max":
        return 1 / die.sides if die.highest + net >= target else 0.0
    if rule == "margin":
        return success_chance(die, net, target + margin)
    return None


def odds_table(nets: range = range(-2, 6), target: int = 8) -> dict[str, dict[int, float]]:
    """T-IMP-3: P(success) for every die of the ladder and each net modifier."""
    return {
        die_label(die): {net: success_chance(die, net, target) for net in nets}
        for die in IMPACT_LADDER
    }


@dataclass(frozen=True, slots=True)
class PlanOdds:
    """The chances of a planned test.

    Attributes:
        plan: the die and modifiers it would roll with now.
        success: P(Success) on the roll alone (a spend can still rescue a
            Failure, IMP-R17).
        great: P(Great Success) for Avoid Harm under a rule with a formula,
            else ``None``.
        by_impact: P(Success) if the roller's Impact Die were each die of the
            ladder, for the ladder view: what one more step down would cost.
    """

    plan: RollPlan
    success: float
    great: float | None
    by_impact: dict[str, float]


def plan_odds(state: ImpactState, test: OpenTest | None = None) -> PlanOdds:
    """Exact odds for the open test (or a drafted one, see :func:`~.rules.draft_test`).

    Raises:
        RuleError: the test could not be rolled now (for the reason given).
    """
    settings = state.settings
    plan = roll_plan(state, test)
    success = success_chance(plan.die, plan.net, plan.target)
    great = None
    if plan.test.kind == "avoid_harm":
        great = great_chance(
            plan.die,
            plan.net,
            plan.target,
            settings.great_success_rule,
            settings.great_success_margin,
        )
    caps = settings.impact_die_caps_roll and (
        plan.test.kind != "avoid_harm" or settings.cap_applies_to_avoid_harm
    )
    by_impact = {}
    for step in range(TOP + 1):
        die = smaller(plan.task_die, IMPACT_LADDER[step]) if caps else plan.task_die
        by_impact[die_label(IMPACT_LADDER[step])] = success_chance(die, plan.net, plan.target)
    return PlanOdds(plan, success, great, by_impact)
