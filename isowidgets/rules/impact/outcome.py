"""A test after its roll: Success effects, Complications, spending, costs, closing.

IMP-R09…R13, R17 and R18a, with IMP-A01, A02, A05, A08 and A12.
"""

from __future__ import annotations

from typing import Literal

from ...checks import shown
from ...contract import Action
from ...errors import RuleError
from ._common import (
    current_test,
    earn_problem,
    earn_warning,
    hint_arg,
    lower_step,
    new_detail_event,
    owner_arg,
    raise_step,
    require_test,
    resolve_test,
    text_arg,
)
from .cast import alter_detail, remove_detail, set_detail_active
from .effects import Effect
from .events import (
    ComplicationAccepted,
    ComplicationDeclined,
    ComplicationOffered,
    EffectChosen,
    FailureSpent,
    GreatSuccessDeclared,
)
from .fold import fold
from .ladder import step_label
from .model import ImpactState, Origin

# --------------------------------------------------------------------------- Success


def declare_great_success(action: Action[ImpactState]) -> None:
    """The GM declares an Avoid Harm Success a Great Success (``gm_flag``, IMP-A01)."""
    action.add(GreatSuccessDeclared(test=require_test(action.state, "await_great").id))


def _effect_events(
    action: Action[ImpactState],
    effect: Effect,
    *,
    cause: Literal["effect", "foil"],
    actor: str | None,
    foe: str | None,
) -> str:
    """Add the events that carry ``effect`` out; return a one-line summary."""
    # Re-checked here: an Effect built with the plain constructor (or read from a
    # hand-edited journal) has skipped the checks of Effect.make.
    effect = Effect.make(effect.kind, effect.target, effect.text, effect.hint)
    state = action.state
    test_id = state.test.id if state.test else None
    origin: Origin = "success" if cause == "effect" else "foil"
    if foe is not None and effect.target != foe and not effect.touches_detail:
        raise RuleError(
            f"a Great Success effect must affect the foe, {state.name_of(foe)} (IMP-R12); "
            f"the effect targets {state.name_of(effect.target)}"
        )
    if effect.kind == "new_detail":
        owner_arg(state, effect.target)
        text = text_arg(effect.text, "a Detail's text")
        action.add(
            new_detail_event(
                state,
                effect.target,
                "temporary",
                text,
                effect.hint or "either",
                origin,
                test=test_id,
            )
        )
        return f"established {text!r} on {state.name_of(effect.target)}"
    if effect.touches_detail:
        detail = state.detail(effect.target)
        if detail.kind == "character":
            raise RuleError(
                f"{detail.text!r} is a Character Detail; a Success removes, disrupts or alters "
                "Scene and Temporary Details only (IMP-R09)"
            )
        if foe is not None and detail.owner != foe:
            raise RuleError(
                f"a Great Success effect must affect the foe, {state.name_of(foe)} (IMP-R12); "
                f"{detail.text!r} belongs to {state.name_of(detail.owner)}"
            )
        if effect.kind == "remove_detail":
            remove_detail(action, detail.id, test=test_id)
            return f"removed {detail.text!r}"
        if effect.kind == "disable_detail":
            set_detail_active(action, detail.id, False, test=test_id)
            return f"disrupted {detail.text!r}"
        alter_detail(action, detail.id, effect.text, effect.hint, test=test_id)
        return f"altered {detail.text!r}"
    holder = state.holder(effect.target)
    if actor is not None and holder.id == actor and not state.settings.success_effect_self_target:
        raise RuleError(
            f"a Success steps *another* character's or a scene's Impact Die (IMP-R09), and "
            f"{holder.name} is the one who succeeded (success_effect_self_target = false, "
            "IMP-A12)"
        )
    if effect.kind == "step_down":
        change = lower_step(state, holder.id, 1, cause, test=test_id)
    else:
        change = raise_step(state, holder.id, cause, test=test_id)
    action.add(change)
    return f"{holder.name}: {step_label(change.old)} → {step_label(change.new)}"


def _probe(action: Action[ImpactState]) -> Action[ImpactState]:
    """A scratch copy of ``action`` to find out what an effect does before it is added."""
    return Action(action.state, fold, action.dice)


def choose_effect(action: Action[ImpactState], effect: object) -> None:
    """Pick the one effect of a Success (IMP-R09), or of an Avoid Harm Great Success
    against the foe (IMP-R12)."""
    test = require_test(action.state, "success")
    if not isinstance(effect, Effect):
        raise RuleError(
            "choose_effect needs an Effect, such as Effect.step_down('char-2'), got "
            f"{shown(effect)}"
        )
    effect = Effect.make(effect.kind, effect.target, effect.text, effect.hint)
    if test.kind == "avoid_harm" and test.outcome != "great_success":
        raise RuleError("a plain Avoid Harm Success has no further effect (IMP-R12)")
    if test.kind == "foil":
        raise RuleError("foiling a plan has no Success effect: the plan simply fails (IMP-R13)")
    foe = test.threat if test.kind == "avoid_harm" else None
    # The EffectChosen line comes first and carries the summary of what follows it.
    probe = _probe(action)
    summary = _effect_events(probe, effect, cause="effect", actor=test.actor, foe=foe)
    action.add(EffectChosen(test=test.id, effect=effect, summary=summary), *probe.events)
    word = "Great Success" if test.outcome == "great_success" else "Success"
    spent = " (spent)" if test.spent else ""
    extra = "; harm avoided" if test.kind == "avoid_harm" else ""
    resolve_test(action, f"{word}{spent}{extra}: {summary}")


# --------------------------------------------------------------------------- Failure


def spend_problem(state: ImpactState) -> str | None:
    """Why the open test's Failure cannot be spent into a Success now, or ``None``."""
    test = state.test
    if test is None or test.phase != "failure":
        return "only a rolled Failure can be spent into a Success (IMP-R17)"
    if test.complication == "accepted" and not state.settings.allow_earn_and_spend_same_roll:
        return (
            "the Complication was accepted, so no Failure is left to spend "
            "(allow_earn_and_spend_same_roll = false, IMP-A08)"
        )
    actor = state.character(test.actor)
    if actor.ineffectual:
        return f"{actor.name} is ineffectual and has no step left to spend (IMP-R16)"
    if actor.step == 0 and not state.settings.allow_spend_into_ineffectual:
        return (
            f"{actor.name} is at D4; spending would leave them ineffectual, which "
            "allow_spend_into_ineffectual = false forbids (IMP-A05)"
        )
    return None


def spend(action: Action[ImpactState]) -> None:
    """Drop one Impact step to turn the Failure into a Success (IMP-R17, IMP-A05, A08)."""
    state = action.state
    test = require_test(state, "failure")
    problem = spend_problem(state)
    if problem:
        raise RuleError(problem)
    if test.offer is not None and test.complication is None:
        # The offer lapses: there is no Failure left to attach it to (IMP-A08).
        action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
    action.add(FailureSpent(test=test.id))
    action.add(lower_step(action.state, test.actor, 1, "spend", test=test.id))
    if test.kind == "avoid_harm":
        resolve_test(action, "Failure spent into a Success: harm avoided")
    elif test.kind == "foil":
        resolve_test(
            action,
            f"Failure spent into a Success: {state.name_of(test.threat or '')}'s plan is foiled",
        )


def offer_complication(action: Action[ImpactState], text: object, hint: object = "hinders") -> None:
    """The GM offers a Complication for the Failure (IMP-R10); a new offer replaces the old.

    The event carries the earn warning (IMP-A02) so the player sees it before
    accepting.
    """
    state = action.state
    test = require_test(state, "failure")
    if test.kind == "avoid_harm":
        raise RuleError(
            "a failed Avoid Harm costs what the GM announced before the roll (IMP-R12). "
            "Tip: take_cost() applies it, with the player's wording if they like."
        )
    if test.complication is not None:
        raise RuleError(f"{test.id}: the Complication was already {test.complication}")
    wording = text_arg(text, "the Complication's text")
    action.add(
        ComplicationOffered(
            test=test.id,
            text=wording,
            hint=hint_arg(hint),
            warning=earn_warning(state, test.actor),
        )
    )


def _close_failure(action: Action[ImpactState], lead: str) -> None:
    """Resolve a Failure; a failed Foil lets the adversary's plan happen (IMP-R13)."""
    test = current_test(action)
    summary = lead
    if test.kind == "foil":
        adversary = action.state.name_of(test.threat or "")
        foe = action.state.find_character(test.threat or "")
        if foe is not None and foe.ineffectual:
            # Defeated between the roll and its close: a defeated adversary's plan
            # comes to nothing (IMP-A13), so its intent is not carried out.
            summary += f"; {adversary} was defeated before the plan came off (IMP-A13)"
        elif test.intent is None:
            summary += f"; {adversary}'s plan succeeds"
        else:
            try:
                probe = _probe(action)
                done = _effect_events(probe, test.intent, cause="foil", actor=None, foe=None)
            except RuleError as exc:
                summary += f"; {adversary}'s plan succeeds, but its effect no longer applies: {exc}"
            else:
                action.add(*probe.events)
                summary += f"; {adversary}'s plan succeeds: {done}"
    resolve_test(action, summary)


def accept_complication(action: Action[ImpactState]) -> None:
    """Accept the offered Complication: a Temporary Detail on the roller and one Impact
    step up (IMP-R10, IMP-R18a; at D20 see IMP-A02)."""
    state = action.state
    test = require_test(state, "failure")
    if test.offer is None or test.complication is not None:
        raise RuleError(
            f"{test.id}: no Complication is waiting for an answer. Tip: the GM offers one "
            "with offer_complication()."
        )
    problem = earn_problem(state, test.actor)
    if problem:
        raise RuleError(problem)
    text, hint = test.offer
    action.add(ComplicationAccepted(test=test.id, text=text))
    action.add(
        new_detail_event(
            action.state, test.actor, "temporary", text, hint, "complication", test=test.id
        )
    )
    action.add(raise_step(action.state, test.actor, "complication", test=test.id))
    if not state.settings.allow_earn_and_spend_same_roll:
        _close_failure(action, f"Failure with the Complication {text!r}")


def decline_complication(action: Action[ImpactState]) -> None:
    """Decline the offered Complication: the Failure stands, with no extra effect (IMP-R11)."""
    test = require_test(action.state, "failure")
    if test.offer is None or test.complication is not None:
        raise RuleError(f"{test.id}: no Complication is waiting for an answer")
    action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
    _close_failure(action, "Failure; Complication declined")


def take_cost(action: Action[ImpactState], text: object = None) -> None:
    """Apply the announced cost of a failed Avoid Harm (IMP-R12, IMP-R15, IMP-A15).

    ``text`` is the player's wording of a Temporary Detail cost (the player is
    invited to offer input); a cost in steps takes no text.
    """
    state = action.state
    test = require_test(state, "failure")
    if test.kind != "avoid_harm":
        raise RuleError(
            "only a failed Avoid Harm has an announced cost. Tip: finish() lets the Failure stand."
        )
    actor = state.character(test.actor)
    if test.cost_detail is None:
        if text is not None:
            raise RuleError(
                f"the announced cost of {test.id} is Impact steps, so it takes no Detail text; "
                f"got {shown(text)}. Allowed: None (take_cost() with no text). Tip: the GM "
                "announces a Temporary Detail cost before the roll (IMP-R12)."
            )
        steps = state.settings.avoid_harm_damage_steps
        if actor.ineffectual:
            summary = f"failed to avoid harm; {actor.name} is already ineffectual"
        else:
            change = lower_step(state, actor.id, steps, "avoid_harm", test=test.id)
            summary = (
                f"failed to avoid harm: {actor.name} {step_label(change.old)} → "
                f"{step_label(change.new)}"
            )
            action.add(change)
    else:
        wording = test.cost_detail if text is None else text_arg(text, "the cost's wording")
        summary = f"failed to avoid harm: {actor.name} takes {wording!r}"
        action.add(
            new_detail_event(
                action.state, actor.id, "temporary", wording, "hinders", "avoid_harm", test=test.id
            )
        )
    resolve_test(action, summary)


def finish(action: Action[ImpactState]) -> None:
    """Close the open test with the defaults of its phase.

    After a Success with no effect picked: no effect. An Avoid Harm Success
    the GM did not call great: harm avoided. A Failure: it stands (an
    unanswered Complication is declined; a failed Avoid Harm takes the cost as
    announced; a failed Foil lets the plan happen).
    """
    test = require_test(action.state)
    if test.phase == "setup":
        raise RuleError(f"{test.id} has not been rolled. Tip: roll() it, or cancel_test().")
    if test.phase == "failure":
        if test.kind == "avoid_harm":
            take_cost(action)
            return
        if test.offer is not None and test.complication is None:
            action.add(ComplicationDeclined(test=test.id, text=test.offer[0]))
        lead = "Failure"
        if test.complication == "accepted":
            lead = f"Failure with the Complication {test.offer[0]!r}" if test.offer else lead
        _close_failure(action, lead)
    elif test.phase == "await_great":
        resolve_test(action, "Success: harm avoided")
    elif test.kind == "avoid_harm":
        resolve_test(action, "Great Success: harm avoided; no effect chosen against the foe")
    else:
        spent = " (spent)" if test.spent else ""
        resolve_test(action, f"Success{spent}; no effect chosen")
