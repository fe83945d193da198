"""The Impact System's rules as plain functions, gathered from the modules that hold them.

A rule is ``rule(action, *args) -> value``: it reads ``action.state``, rolls
through ``action.dice`` and adds events with ``action.add`` (each folded as it
is added, so a later event sees what an earlier one did and ids always match
replay). :meth:`~isowidgets.game.Game.act` runs it as one journaled action; a
rule that refuses raises :class:`~isowidgets.errors.RuleError` with the value
received, what is allowed and a tip, and nothing is journaled.

Rules outside a test live in :mod:`.cast`; a test up to its roll in
:mod:`.staging` (where a test is *drafted* as a pure value, then opened once);
after the roll in :mod:`.outcome`; :func:`next_steps` in :mod:`.steps`::

    draft_test → cite / uncite / add_helper / remove_helper (pure drafts)
    open_test (or open_draft) → roll_test   (roll_draft does both at once)
    then, by result:
      Success          choose_effect | finish
      Avoid Harm       (gm_flag) declare_great_success | finish
      Failure          offer_complication → accept_complication | decline_complication
                       spend | take_cost (Avoid Harm) | finish
"""

from __future__ import annotations

from ._common import earn_problem, earn_warning
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
    declare_great_success,
    decline_complication,
    finish,
    offer_complication,
    spend,
    spend_problem,
    take_cost,
)
from .staging import (
    RollPlan,
    add_helper,
    cancel_test,
    carry_over,
    citation_options,
    cite,
    draft_test,
    explain,
    open_draft,
    open_test,
    remove_helper,
    roll_draft,
    roll_plan,
    roll_test,
    uncite,
)
from .steps import next_steps

__all__ = [
    "RollPlan",
    "accept_complication",
    "add_character",
    "add_detail",
    "add_helper",
    "add_scene",
    "alter_detail",
    "cancel_test",
    "carry_over",
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
    "open_draft",
    "open_test",
    "opening_scene",
    "remove_detail",
    "remove_helper",
    "rest",
    "roll_draft",
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
