"""The Impact System's rules as plain functions: a state (and a roll) in, events out.

This module gathers the rule functions of :mod:`.cast` (outside a test),
:mod:`.staging` (a test up to its roll) and :mod:`.outcome` (after the roll).

Nothing here rolls dice or writes anything. Each function checks the request
against the rules and the house-rule settings, raises
:class:`~isowidgets.errors.RuleError` (with the value received, what is allowed
and a tip) when it does not fit, and otherwise returns the events that carry it
out, in order. :class:`~.game.ImpactGame` journals them as one action.

Events that depend on earlier events of the same action (a Complication's new
Detail takes the next id, then the adversary's plan takes the one after) are
computed by folding as we go (:class:`._common.Action`), so ids always match
replay.

A test runs in steps, one call each, so a widget can drive it click by click
and a unit test can drive it with exact faces::

    open_action / open_avoid_harm / open_foil     (setup: cite, uncite, helpers, revise)
    roll_plan → the die to roll; roll_test(state, roll)
    then, by result:
      Success          choose_effect | finish
      Avoid Harm       (gm_flag) declare_great_success | finish
      Failure          offer_complication → accept_complication | decline_complication
                       spend | take_cost (Avoid Harm) | finish

:func:`next_steps` names the calls that fit the current state.
"""

from __future__ import annotations

from ._common import (
    UNSET,
    earn_problem,
    earn_warning,
)
from .cast import (
    add_character,
    add_detail,
    add_scene,
    alter_detail,
    damage,
    heroic_act,
    new_adventure,
    next_session,
    opening_scene,
    remove_detail,
    rest,
    self_complication,
    set_detail_active,
    set_detail_kind,
    set_impact,
)
from .outcome import (
    accept_complication,
    choose_effect,
    citation_options,
    declare_great_success,
    decline_complication,
    finish,
    next_steps,
    offer_complication,
    spend,
    spend_problem,
    take_cost,
)
from .staging import (
    RollPlan,
    add_helper,
    cancel_test,
    cite,
    draft_test,
    explain,
    open_action,
    open_avoid_harm,
    open_foil,
    remove_helper,
    revise,
    roll_plan,
    roll_test,
    uncite,
)

__all__ = [
    "UNSET",
    "RollPlan",
    "accept_complication",
    "add_character",
    "add_detail",
    "add_helper",
    "add_scene",
    "alter_detail",
    "cancel_test",
    "choose_effect",
    "citation_options",
    "cite",
    "damage",
    "declare_great_success",
    "decline_complication",
    "draft_test",
    "earn_problem",
    "earn_warning",
    "explain",
    "finish",
    "heroic_act",
    "new_adventure",
    "next_session",
    "next_steps",
    "offer_complication",
    "open_action",
    "open_avoid_harm",
    "open_foil",
    "opening_scene",
    "remove_detail",
    "remove_helper",
    "rest",
    "revise",
    "roll_plan",
    "roll_test",
    "self_complication",
    "set_detail_active",
    "set_detail_kind",
    "set_impact",
    "spend",
    "spend_problem",
    "take_cost",
    "uncite",
]
