"""Exact chances of a Difficulty Test (T-IMP-3), computed with :mod:`isowidgets.odds`.

A test is one die plus a net modifier against a target, so its distribution is
exact and tiny; the point of this module is to answer the table's questions
in the terms of the rules: "what are my odds with these Details?", "how much
does my battered Impact Die cost me?", "how likely is a Great Success?".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ... import checks
from ...contract import OddsQuestion
from ...dice import D12, DieType
from ...odds import die_faces
from .ladder import IMPACT_LADDER, TOP, die_label, smaller
from .model import ImpactState, OpenTest
from .rules import RollPlan, roll_plan
from .settings import ImpactSettings

__all__ = [
    "QUESTIONS",
    "PlanOdds",
    "great_chance",
    "odds_table",
    "plan_odds",
    "success_chance",
]


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


# --------------------------------------------------------------------------- questions


def _test(settings: ImpactSettings, die: DieType, net: int) -> dict[str, float]:
    """Failure, success and Great Success of one test under the target and the Great
    Success reading in force (IMP-R08, IMP-A01); a GM's call is left out."""
    target = settings.success_target
    success = success_chance(die, net, target)
    great = great_chance(
        die, net, target, settings.great_success_rule, settings.great_success_margin
    )
    if great is None:
        return {"failure": 1 - success, "success": success}
    return {"failure": 1 - success, "success": success - great, "great success": great}


def _by_net(settings: ImpactSettings, net: int) -> dict[str, float]:
    return _test(settings, D12, net)


def _by_die(settings: ImpactSettings, sides: int) -> dict[str, float]:
    ladder = {die.sides: die for die in IMPACT_LADDER}
    sides = checks.choice(sides, "an Impact Die's sides", list(ladder))
    return _test(settings, ladder[sides], 0)


QUESTIONS: dict[str, OddsQuestion] = {
    "test": OddsQuestion(
        "A test on a D12 with a net modifier: failure, success, Great Success",
        "net modifier",
        tuple(range(-3, 7)),
        -40,
        40,
        _by_net,
        ("success_target", "great_success_rule", "great_success_margin"),
    ),
    "impact die": OddsQuestion(
        "A test with no modifier on each Impact Die",
        "the Impact Die's sides",
        tuple(die.sides for die in IMPACT_LADDER),
        min(die.sides for die in IMPACT_LADDER),
        max(die.sides for die in IMPACT_LADDER),
        _by_die,
        ("success_target", "great_success_rule", "great_success_margin"),
    ),
}
"""The Impact System's odds questions (:class:`~isowidgets.contract.OddsQuestion`)."""
