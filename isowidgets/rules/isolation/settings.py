"""Isolation's house-rule settings: one per ambiguity of the digest that has a setting.

That is ISO-A01..A29 except A06 and A25 (the digest gives those, and A30, no
setting): 30 fields for 26 ambiguities (two each for A01, A18 and A24), plus
``allow_late_characters`` for ISO-R06. Names and defaults are the digest's
(section 1.4); the default is always the most faithful reading of the text.
Where the digest names no alternative, the alternative offered here is the
obvious opposite reading.
"""

from __future__ import annotations

from typing import ClassVar, Literal, Self

from pydantic import model_validator

from ...checks import shown
from ...errors import SettingsError
from ...settings import RuleSettings, setting

__all__ = ["IsolationSettings"]


class IsolationSettings(RuleSettings):
    """Every house rule of Isolation, with the digest's default reading."""

    system: ClassVar[str] = "isolation"

    cooperate_net_min: int = setting(
        2,
        "A Passive Player may cooperate when their net (their evens minus the Active "
        "Player's odds) reaches this.",
        ref="ISO-A01",
    )
    hostile_net_max: int = setting(
        -2, "A Passive Player must be Hostile when net is at most this.", ref="ISO-A01"
    )
    gm_red_ones_explode: bool = setting(
        True, "The GM's red 1s explode too (mandatory and chained).", ref="ISO-A02"
    )
    stress_dice_for_passive: bool = setting(
        False, "Passive Players also add red dice equal to the Stress Level.", ref="ISO-A03"
    )
    green_explosion_optional: bool = setting(
        False,
        "A green 6 may be left unexploded (typed-in faces may stop short); "
        "otherwise every green 6 is rolled again automatically.",
        ref="ISO-A04",
    )
    max_explosions_per_pool: int | None = setting(
        None,
        "House limit on extra dice from explosions in one pool (past it the chain stops); "
        "unset means no rule limit (the engine's safety cap still applies).",
        ref="ISO-A05",
        ge=0,
    )
    no_red_links_free_cooperation: bool = setting(
        True,
        "A PP with zero red links (labeled or not) to the AP may cooperate whatever the roll.",
        ref="ISO-A07",
    )
    relevant_label_scope: Literal["descriptor", "any_labeled"] = setting(
        "descriptor",
        "Which labeled links can earn a Passive Player the 'relevant label' die.",
        ref="ISO-A08",
    )
    goal_bias_die_per_trait: bool = setting(
        False,
        "Goal and Bias each give their own die (otherwise at most one green and one red "
        "from the two together).",
        ref="ISO-A09",
    )
    max_roleplay_dice: int | None = setting(
        None, "Cap on green dice for exceptional role-play (unset: no cap).", ref="ISO-A10", ge=0
    )
    living_includes_dying: bool = setting(
        True,
        "Dying characters count among the Living Characters of the GM pool.",
        ref="ISO-A11",
    )
    difficulty_after_stances: bool = setting(
        True,
        "The GM sets the Difficulty (and rolls) only once every stance is chosen.",
        ref="ISO-A12",
    )
    hostile_without_roll_contributes: Literal["links_and_modifiers", "links_only"] = setting(
        "links_and_modifiers",
        "Red dice a PP who turns Hostile without rolling puts in.",
        ref="ISO-A13",
    )
    downgrade_dice_include_modifiers: bool = setting(
        False,
        "A defaulted Neutral who downgrades also adds their red modifier dice.",
        ref="ISO-A14",
    )
    temp_links_include_defaulted_neutrals: bool = setting(
        False,
        "Characters defaulted to Neutral who stayed Neutral also receive temporary links, "
        "but never from an AP acting alone (going alone or directly with no PPs: no links "
        "with bystanders, ISO-A30); Hostile volunteers, who put in red dice, take failure "
        "links either way.",
        ref="ISO-A15",
    )
    pair_rolls_on_injury: bool = setting(
        False,
        "An injured character may also make pair rolls right after the injury.",
        ref="ISO-A16",
    )
    pair_roll_uses_unlabeled: bool = setting(
        True,
        "Session-end pair rolls use unlabeled links as well as labeled ones.",
        ref="ISO-A17",
    )
    stress_min: int = setting(
        0,
        "The lowest the Stress Level can go; raised above the current Stress Level "
        "(between conflicts), it lifts Stress to the new floor at once, as a journaled "
        "Stress change.",
        ref="ISO-A18",
        ge=0,
    )
    stress_max: int | None = setting(
        None,
        "The highest the Stress Level can go (unset: no ceiling); lowered below the current "
        "Stress Level (between conflicts), it brings Stress down to the new ceiling at once, "
        "as a journaled Stress change.",
        ref="ISO-A18",
        ge=0,
    )
    stress_start: int = setting(
        1, "The Stress Level a scenario starts at (the text says 1–3).", ref="ISO-A19", ge=0
    )
    stress_zero_auto_side_effects: bool = setting(
        False,
        "An automatic Basic Success at Stress 0 still changes Stress and adds links.",
        ref="ISO-A20",
    )
    stress_zero_roll_if_threat: bool = setting(
        True,
        "At Stress 0, roll as normal while the GM marks a threat present (otherwise every "
        "action, a direct one included, is an automatic Basic Success unless proposed "
        "with “roll even at Stress 0”).",
        ref="ISO-A21",
    )
    wound_candidates_include_defaulted: bool = setting(
        False,
        "Characters defaulted to Neutral (who stayed Neutral) can also be wounded.",
        ref="ISO-A22",
    )
    dying_first: bool = setting(
        True,
        "Every Dying candidate takes one wound before anyone else takes any.",
        ref="ISO-A23",
    )
    death_green_remainder: Literal["gm_choice", "random", "drop"] = setting(
        "gm_choice",
        "Where the green links left over after an even share at a death go.",
        ref="ISO-A24",
    )
    death_redistribute_unlabeled: bool = setting(
        False,
        "A dead character's unlabeled greens are shared out too (otherwise they vanish).",
        ref="ISO-A24",
    )
    auto_recover_on_zero_links: bool = setting(
        False,
        "A character recovers as soon as a level's injury links are all gone by any means "
        "(otherwise only after a between-session removal).",
        ref="ISO-A26",
    )
    alone_own_red_cancels: bool = setting(
        True, "Going alone, the AP's own red odds cancel the AP's green evens.", ref="ISO-A27"
    )
    direct_alone_green_dice: Literal["gm_difficulty", "modifiers_only"] = setting(
        "gm_difficulty",
        "Acting directly and alone against a character: green dice from a nominal "
        "GM Difficulty, or from modifiers only.",
        ref="ISO-A28",
    )
    defender_odds_floor_zero: bool = setting(
        True,
        "A direct-action defender's odds, after their green evens cancel, never go below 0.",
        ref="ISO-A29",
    )
    allow_late_characters: bool = setting(
        False, "Characters may be added after play has begun.", ref="ISO-R06"
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.hostile_net_max >= self.cooperate_net_min:
            raise SettingsError(
                "isolation.stance_bounds_overlap",
                "hostile_net_max ({hostile_net_max}) must be below cooperate_net_min "
                "({cooperate_net_min}), or a net could be both Hostile and Cooperative",
                hostile_net_max=shown(self.hostile_net_max),
                cooperate_net_min=shown(self.cooperate_net_min),
            )
        if self.stress_max is not None and self.stress_max < self.stress_min:
            raise SettingsError(
                "isolation.stress_bounds_crossed",
                "stress_max ({stress_max}) must be at least stress_min ({stress_min})",
                stress_max=self.stress_max,
                stress_min=self.stress_min,
            )
        top = self.stress_max if self.stress_max is not None else self.stress_start
        if not self.stress_min <= self.stress_start <= top:
            raise SettingsError(
                "isolation.stress_start_out_of_bounds",
                "stress_start ({stress_start}) must lie between stress_min ({stress_min}) and "
                "stress_max ({stress_max})",
                stress_start=self.stress_start,
                stress_min=self.stress_min,
                stress_max=self.stress_max,
            )
        return self
