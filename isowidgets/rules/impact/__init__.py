"""The Impact System: a light narrative system of Details, one die per test, and Impact Dice.

An action is one Difficulty Test: a die picked by Difficulty (T-IMP-1), never
larger than the roller's Impact Die (IMP-R05), +1 for each Detail that helps and
−1 for each that hinders; a total of 8 or more succeeds. The Impact Die
(D4…D20) is health, resource and cap at once.

Layout (each module imports only those above it):

* :mod:`.ladder`: the Difficulty and Impact ladders, steps and labels;
* :mod:`.settings`: :class:`.ImpactSettings`, one setting per ambiguity (IMP-A01…A16);
* :mod:`.effects`: :class:`.Effect`, the four Success effects (IMP-R09);
* :mod:`.events`: journal events;
* :mod:`.model`: the frozen state (characters, scenes, Details, the open test);
* :mod:`.fold`: the events' fold into the state (a core ``Fold``);
* :mod:`.cast` (outside tests) and :mod:`.rules` (a test, from its draft to its
  close, and the steps that fit now): the rules as functions ``rule(action, …)``
  that add events (shared checks and Impact steps in ``_common``);
* :mod:`.odds`: exact chances (T-IMP-3); :mod:`.timeline`: Impact Die history rows;
* :mod:`.game`: :class:`.ImpactGame`, which journals it all.

No module here imports a widget library.
"""

from .effects import Effect
from .events import (
    ImpactChanged,
    TestOpened,
    TestResolved,
    TestRolled,
)
from .game import ImpactGame
from .ladder import (
    BANKED,
    DIFFICULTY_DIE,
    IMPACT_LADDER,
    INEFFECTUAL,
    START,
    TOP,
    step_label,
)
from .model import WORLD, Character, Detail, ImpactState, OpenTest, Scene
from .odds import PlanOdds, odds_table, plan_odds, success_chance
from .rules import RollPlan
from .settings import ImpactSettings
from .timeline import timeline_rows

__all__ = [
    "BANKED",
    "DIFFICULTY_DIE",
    "IMPACT_LADDER",
    "INEFFECTUAL",
    "START",
    "TOP",
    "WORLD",
    "Character",
    "Detail",
    "Effect",
    "ImpactChanged",
    "ImpactGame",
    "ImpactSettings",
    "ImpactState",
    "OpenTest",
    "PlanOdds",
    "RollPlan",
    "Scene",
    "TestOpened",
    "TestResolved",
    "TestRolled",
    "odds_table",
    "plan_odds",
    "step_label",
    "success_chance",
    "timeline_rows",
]
