"""Isolation: a persuasion game of green and red dice, read twice.

A pure-Python rules engine (no widget imports). The layers:

* :mod:`.model`: the frozen state (characters, the relationship map, stress,
  the conflict in progress) and its value types;
* :mod:`.settings`: :class:`.IsolationSettings`, a setting for every ambiguity
  of the digest that has one (ISO-A01..A29 except A06 and A25; A30 has none)
  plus ``allow_late_characters`` (ISO-R06);
* :mod:`.events` and :mod:`.fold`: the journal events and the pure fold that
  replays them (a :class:`~isowidgets.contract.Fold`);
* the rules, each ``rule(action, *args)`` on an
  :class:`~isowidgets.contract.Action`: :mod:`.characters`, :mod:`.links` (the
  map), :mod:`.stress`, :mod:`.injury` (injury and death), :mod:`.sessions`
  (sessions and pair rolls) and :mod:`.conflict` (a conflict's steps, and
  :func:`next_steps() <.isolation.conflict.next_steps>`); :mod:`.advice` gathers the
  text's advice, and :func:`counts() <.rolling.counts>` (:mod:`.rolling`: does a die
  count, an even on a green, an odd on a red) states the counting rule every reading
  applies, for views that mark each die;
* :mod:`.plan` and :mod:`explain <isowidgets.rules.isolation.explain>`: where each die comes from,
  and readable breakdowns of a resolution;
* :mod:`.odds`: exact odds of a planned conflict, and a seeded simulation;
  :mod:`.whole`: the exact odds of a whole conflict under a stance policy
  (:func:`.whole.whole_conflict_odds`);
* :mod:`.timeline`: Stress and health over a session, as points for a plot
  (:func:`.timeline_points`, :class:`.StressFold`);
* :mod:`.game`: :class:`.IsolationGame`, which journals every action.

All values are immutable; every action either applies whole or raises
:class:`~isowidgets.errors.RuleError` (an ``IsowidgetsError`` and a
``ValueError``) and changes nothing. An event that does not fit the state it
is folded into raises :class:`~isowidgets.errors.InconsistentEventError` (a
``JournalError``, never a ``RuleError``): a bug in the rules or an edited
journal, not a refused request.
"""

from ...contract import Step
from .advice import MapWarning, warnings
from .conflict import compose, modifier_fields, next_steps, pool_plan, wound_capacity
from .events import DIFFICULTY_NAMES
from .explain import explain
from .game import IsolationGame
from .model import (
    GM,
    HEALTH_LADDER,
    STANCES,
    Character,
    Colour,
    Conflict,
    Degree,
    ExplainedPool,
    ExplainedStance,
    Explanation,
    Factors,
    FirstReading,
    Health,
    IsolationState,
    Kind,
    Link,
    Mode,
    Origin,
    PPReading,
    Resolution,
    Stance,
)
from .plan import DieSource, PoolPlan, RollUnit, degree_for, plan_for
from .rolling import counts
from .settings import IsolationSettings
from .timeline import StressFold, timeline_points

__all__ = [
    "DIFFICULTY_NAMES",
    "GM",
    "HEALTH_LADDER",
    "STANCES",
    "Character",
    "Colour",
    "Conflict",
    "Degree",
    "DieSource",
    "ExplainedPool",
    "ExplainedStance",
    "Explanation",
    "Factors",
    "FirstReading",
    "Health",
    "IsolationGame",
    "IsolationSettings",
    "IsolationState",
    "Kind",
    "Link",
    "MapWarning",
    "Mode",
    "Origin",
    "PPReading",
    "PoolPlan",
    "Resolution",
    "RollUnit",
    "Stance",
    "Step",
    "StressFold",
    "compose",
    "counts",
    "degree_for",
    "explain",
    "modifier_fields",
    "next_steps",
    "plan_for",
    "pool_plan",
    "timeline_points",
    "warnings",
    "wound_capacity",
]
