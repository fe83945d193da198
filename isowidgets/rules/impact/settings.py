"""The Impact System's house rules: one setting per ambiguity of the digest (IMP-A01…A16).

Names and defaults are exactly the digest's (§2.4); each default is its most
faithful reading of the text. Three settings offer an alternative the digest
does not list, because a setting with a single value cannot be tuned or tested:
``foil_roller = "highest_impact"``, ``npc_below_d4 = "floor"``, and
``success_target`` (IMP-R08's 8, which the digest states as a rule, made
adjustable for designers). IMP-A17 (inactive Details never count) has no
setting: it is always enforced.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...settings import RuleSettings, setting
from .ladder import DieName

__all__ = ["ImpactSettings"]


class ImpactSettings(RuleSettings):
    """House rules for the Impact System. Instances are immutable."""

    system: ClassVar[str] = "impact"

    success_target: int = setting(
        8,
        "The total a Difficulty Test must reach to succeed (the rule text says 8).",
        ref="IMP-R08",
        ge=1,
        le=40,
    )
    great_success_rule: Literal["gm_flag", "natural_max", "margin"] = setting(
        "gm_flag",
        "How an Avoid Harm roll becomes a Great Success: the GM declares it, the die shows "
        "its highest face (and the test succeeds), or the total beats the target by a margin.",
        ref="IMP-A01",
    )
    great_success_margin: int = setting(
        4,
        "When a Great Success is a margin over the target: how far above it a total must reach.",
        ref="IMP-A01",
        ge=0,
        le=40,
    )
    impact_overflow_at_d20: Literal["cap", "block", "bank"] = setting(
        "cap",
        "Earning a step at D20: the step is lost (cap), the earn is refused (block), or one "
        "extra step is stored (bank).",
        ref="IMP-A02",
    )
    impact_die_caps_roll: bool = setting(
        True,
        "The die rolled is the smaller of the task die and the roller's Impact Die.",
        ref="IMP-A03",
    )
    cap_applies_to_avoid_harm: bool = setting(
        True,
        "The Impact Die cap also applies to Avoid Harm rolls.",
        ref="IMP-A03",
    )
    avoid_harm_die_mapping: Literal["same_die", "inverted"] = setting(
        "same_die",
        "Avoid Harm die from the threat's Impact Die: the same die, or inverted (a D20 "
        "threat gives a d4 test).",
        ref="IMP-A04",
    )
    allow_spend_into_ineffectual: bool = setting(
        True,
        "A character at D4 may spend their last step to turn a Failure into a Success, "
        "and is then ineffectual.",
        ref="IMP-A05",
    )
    ineffectual_can_earn: bool = setting(
        False,
        "An ineffectual character may earn steps back (otherwise only a rest restores them).",
        ref="IMP-A06",
    )
    rest_reset_mode: Literal["set_d12", "raise_only"] = setting(
        "set_d12",
        "A rest reset sets the Impact Die to exactly D12, or only raises dice below D12.",
        ref="IMP-A07",
    )
    allow_earn_and_spend_same_roll: bool = setting(
        False,
        "A player may accept a failure's Complication and then also spend a step on the "
        "same roll, ending with a Success plus a Complication.",
        ref="IMP-A08",
    )
    detail_counts_once: bool = setting(
        True,
        "Each Detail counts at most once per roll, with one sign.",
        ref="IMP-A09",
    )
    max_bonus: int | None = setting(
        None, "The largest total bonus one roll may get; unset means no cap.", ref="IMP-A10", ge=0
    )
    max_penalty: int | None = setting(
        None,
        "The largest total penalty one roll may get; unset means no cap.",
        ref="IMP-A10",
        ge=0,
    )
    foil_roller: Literal["player_choice", "highest_impact"] = setting(
        "player_choice",
        "Who rolls to Foil a Plan: any effective PC the players choose, or one of the PCs "
        "with the highest Impact Die. The roller's Impact cap applies either way.",
        ref="IMP-A11",
    )
    success_effect_self_target: bool = setting(
        False,
        "Success effects that step an Impact Die may target the character who succeeded.",
        ref="IMP-A12",
    )
    npc_below_d4: Literal["ineffectual", "floor"] = setting(
        "ineffectual",
        "An NPC or Scene stepped below D4 is ineffectual (defeated, its threat ends), or "
        "stays at D4 (floor).",
        ref="IMP-A13",
    )
    npc_start_impact: DieName = setting(
        "D12", "The Impact Die a new NPC adversary starts with.", ref="IMP-A14"
    )
    scene_start_impact: DieName | None = setting(
        None,
        "The Impact Die a new Scene starts with; unset means the GM sets one per Scene.",
        ref="IMP-A14",
    )
    avoid_harm_damage_steps: int = setting(
        1,
        "How many Impact steps a failed Avoid Harm costs when the announced cost is damage.",
        ref="IMP-A15",
        ge=1,
        le=6,
    )
    temp_detail_auto_expire: bool = setting(
        False,
        "Temporary Details expire by themselves when a session ends (otherwise they stay "
        "until removed).",
        ref="IMP-A16",
    )
