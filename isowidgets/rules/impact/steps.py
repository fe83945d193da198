"""What the table can do next in the Impact System, as :class:`~isowidgets.contract.Step`.

:func:`next_steps` is the one place that decides which buttons a panel
enables: each step names the :class:`~.game.ImpactGame` method that takes it
(``step.action``), who takes it, and says so in a sentence with names, never
ids. Drafting a test (citing Details, adding helpers) is not a step: nothing
is journaled until the test opens.
"""

from __future__ import annotations

from ...contract import Step, WaitsFor
from ...errors import RuleError
from ._common import earn_problem
from .effects import EFFECT_KINDS
from .ladder import die_label
from .model import ImpactState
from .outcome import spend_problem
from .staging import roll_plan

__all__ = ["GM", "next_steps"]

GM = "GM"
"""The actor of the steps only the GM takes (the GM never rolls, IMP-R03)."""


def _may(action: str, actor: str | None, label: str, waits_for: WaitsFor = "click") -> Step:
    """An optional step: the table may take it, or close the test another way."""
    return Step(action, actor, waits_for, label, required=False)


_OPENINGS = (
    _may("action", None, "Open an action test: the GM names its Difficulty"),
    _may("avoid_harm", None, "Open a test to avoid harm from a threat"),
    _may("foil", None, "Open a test to foil an adversary's plan"),
)


def next_steps(state: ImpactState) -> tuple[Step, ...]:
    """The steps that fit ``state``; a widget enables exactly these buttons (by
    ``step.action``). Closing a rolled test (``finish``) is the required step."""
    test = state.test
    if test is None:
        return _OPENINGS
    name = state.name_of(test.actor)
    if test.phase == "setup":
        try:
            die = die_label(roll_plan(state).die)
        except RuleError:  # overtaken since it opened (IMP-R16, IMP-A13): roll_plan says why
            return (Step("cancel_test", GM, "click", f"{name} can no longer roll: call it off"),)
        return (
            Step("roll", test.actor, "dice", f"{name} rolls a {die} for the test"),
            _may("cancel_test", GM, "The GM calls the test off before the roll"),
        )
    finish = Step("finish", None, "click", "Close the test")
    if test.phase == "await_great":
        return (_may("declare_great_success", GM, "The GM may call it a Great Success"), finish)
    if test.phase == "success":
        if test.kind == "action" or test.outcome == "great_success":
            label = f"{name} picks one Success effect"
            effect = Step("choose_effect", test.actor, "choice", label, EFFECT_KINDS, False)
            return (effect, finish)
        return (finish,)
    steps = []
    if test.kind != "avoid_harm" and test.complication is None:
        if test.offer is not None:
            if earn_problem(state, test.actor) is None:
                steps.append(_may("accept_complication", test.actor, f"{name} accepts it"))
            steps.append(_may("decline_complication", test.actor, f"{name} declines it"))
        steps.append(_may("offer_complication", GM, "The GM offers a Complication", "text"))
    if spend_problem(state) is None:
        steps.append(_may("spend", test.actor, f"{name} spends a step for a Success"))
    if test.kind == "avoid_harm":
        steps.append(_may("take_cost", test.actor, f"{name} takes the announced cost", "text"))
    steps.append(finish)
    return tuple(steps)
