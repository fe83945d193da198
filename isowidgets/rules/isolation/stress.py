"""The Stress Level (ISO-R34..R37): its start, the GM's adjustments, its bounds, the threat.

The text's numbers here are guidelines: Stress "should start between one and
three" and a stressful event makes it "go up by one to three points". The rules
accept any start and any step (within the house-rule bounds, ISO-A18) and say
when the text would have done otherwise: :data:`~.events.STARTING_STRESS` and
:data:`~.events.GM_STEP` feed :func:`~.advice.warnings` and the journal's
description of the change. Only the bounds are enforced.
"""

from __future__ import annotations

from typing import Literal

from ... import checks
from ...contract import Action
from ...errors import RuleError
from ...journal import Event
from ._common import line, no_conflict
from .events import GM_STEP, STARTING_STRESS, StressChanged, ThreatChanged
from .model import IsolationState
from .settings import IsolationSettings

__all__ = [
    "GM_STEP",
    "STARTING_STRESS",
    "adjust_stress",
    "set_starting_stress",
    "set_threat",
    "stress_change",
    "stress_into_bounds",
]


def stress_change(
    action: Action[IsolationState],
    delta: int,
    reason: str,
    source: Literal["gm", "result"],
) -> None:
    """Move the Stress Level by ``delta``, held between stress_min and stress_max (ISO-A18)."""
    state = action.state
    settings = state.settings
    new = max(settings.stress_min, state.stress + delta)
    if settings.stress_max is not None:
        new = min(settings.stress_max, new)
    if new != state.stress:
        action.add(
            StressChanged(old=state.stress, new=new, reason=reason, source=source, requested=delta)
        )


def stress_into_bounds(state: IsolationState, settings: IsolationSettings) -> list[Event]:
    """What new house rules do to the current Stress Level (ISO-A18, ISO-A19).

    Before play begins (no conflict yet and no ``start_play``), a new
    ``stress_start`` is the scenario's opening Stress Level, so the Stress Level
    moves to it (the settings keep it within the bounds). Otherwise a Stress
    Level outside the new ``stress_min``..``stress_max`` moves onto the nearest
    bound. Either change is journaled in the same action as the settings change,
    so the Stress Level always lies within the bounds in force (and an undo
    takes back both). Inside the bounds, with no new start before play, nothing
    changes.
    """
    held = max(settings.stress_min, state.stress)
    if settings.stress_max is not None:
        held = min(settings.stress_max, held)
    reasons = []
    new = held
    if not state.play_started and settings.stress_start != state.settings.stress_start:
        new = settings.stress_start
        reasons.append(f"house rule stress_start is now {new}, before play begins (ISO-A19)")
    if held != state.stress:
        bound = "stress_min" if held > state.stress else "stress_max"
        reasons.append(f"house rule {bound} is now {held} (ISO-A18)")
    if new == state.stress:
        return []
    return [
        StressChanged(
            old=state.stress,
            new=new,
            reason="; ".join(reasons),
            source="settings",
            requested=new - state.stress,
        )
    ]


def adjust_stress(action: Action[IsolationState], delta: int, reason: str) -> None:
    """The GM raises Stress for a stressful event or lowers it with relief (ISO-R35).

    The text's step is one to three points (:data:`~.events.GM_STEP`); a bigger one is
    accepted, and its journal line says it goes beyond the text. The house-rule
    bounds hold the result (ISO-A18).
    """
    no_conflict(action.state, "change the Stress Level")
    delta = checks.whole(delta, "a stress adjustment", -checks.MAX_COUNT, checks.MAX_COUNT)
    if not delta:
        raise RuleError(
            "isolation.stress_adjustment_zero",
            "a stress adjustment of 0 changes nothing; allowed: a whole number other than 0 (the "
            "text moves Stress ±1 to ±{gm_step} per event, ISO-R35)",
            gm_step=GM_STEP,
        )
    stress_change(action, delta, line(reason, "reason"), "gm")


def set_starting_stress(action: Action[IsolationState], value: int) -> None:
    """Set the scenario's opening Stress Level (ISO-R36, ISO-A19).

    The text starts it at 1, 2 or 3 (:data:`~.events.STARTING_STRESS`); any other value
    within the house-rule bounds is accepted, with advice from
    :func:`~.advice.warnings` until play begins.
    """
    state = action.state
    if state.play_started:
        raise RuleError(
            "isolation.starting_stress_after_play",
            "the starting Stress Level is set before play begins. Tip: adjust_stress(±n, reason) "
            "changes it during play.",
        )
    settings = state.settings
    top = settings.stress_max if settings.stress_max is not None else checks.MAX_COUNT
    value = checks.whole(value, "starting Stress", 0, checks.MAX_COUNT)
    if not settings.stress_min <= value <= top:
        raise RuleError(
            "isolation.starting_stress_out_of_bounds",
            "starting Stress {value} is outside the house-rule bounds; allowed: stress_min "
            "{stress_min} up to {top} (stress_max {stress_max}, ISO-A18). Tip: "
            "change_settings(stress_min=..., stress_max=...) first.",
            value=value,
            stress_min=settings.stress_min,
            top=top,
            stress_max=settings.stress_max,
        )
    if value != state.stress:
        action.add(
            StressChanged(
                old=state.stress, new=value, reason="starting Stress", source="start", requested=0
            )
        )


def set_threat(action: Action[IsolationState], present: bool) -> None:
    """Mark whether something threatens right now (matters at Stress 0, ISO-R37, ISO-A21)."""
    present = checks.flag(present, "present")
    if present != action.state.threat:
        action.add(ThreatChanged(present=present))
