"""The Danish Fudge-dice system's house rules: one setting per ambiguity (DK-A01…A28).

Names and defaults are exactly the digest's (§3.6); each default is its most
faithful reading of the text. Where the digest names a single reading, a second
one is offered so the setting can be tuned and tested: ``passive_opposition_skill
= "gm_supplied"`` (the GM must name an opponent), ``chain_order = "any_order"``,
``yield_outcome = "gm_decides"``. ``multi_party`` keeps its one value: every
action is resolved in pairs against its target. DK-A12, A13 and A19 have no
setting: they are always enforced (one lasting penalty per roll, scratch
penalties used once, chains ordered by skill value).
"""

from __future__ import annotations

from typing import ClassVar, Literal, Self

from pydantic import model_validator

from ...errors import SettingsError
from ...settings import RuleSettings, setting
from ...words import Number
from .abilities import Ability
from .keep import PenaltyKeep

__all__ = ["FudgeSettings"]


class FudgeSettings(RuleSettings):
    """House rules for the Danish Fudge-dice conflict system. Instances are immutable."""

    system: ClassVar[str] = "fudge_conflict"

    pool_scope: Literal["character", "table"] = setting(
        "character",
        "Whose pool of points a maimed character pays from: their own, or one the table shares.",
        ref="DK-A01",
    )
    pool_initial: int = setting(
        0,
        "The points a new character's pool (or the table's pool) starts with.",
        ref="DK-A01",
        ge=0,
    )
    maimed_act_cost: int = setting(
        1,
        "Points a maimed character (level 6) pays from the pool to act.",
        ref="DK-A01",
        ge=0,
        le=10,
    )
    maimed_cost_per: Literal["round", "action"] = setting(
        "round",
        "A maimed character pays once per round of Let It Hurt in which they act, or once "
        "per action: every roll they make, in a conflict, an assist or a round.",
        ref="DK-A01",
    )
    damage_track: Literal["shared", "per_ability"] = setting(
        "shared",
        "One damage track whose levels any ability fills (the Kimbo example), or one track "
        "per ability (the table's heading).",
        ref="DK-A02",
    )
    damage_bump: Literal["cascade", "single_step"] = setting(
        "cascade",
        "A wound on a filled level moves up to the first free level (cascade), or one level "
        "only and stacks there (single step).",
        ref="DK-A03",
    )
    penalty_keep_mode: PenaltyKeep = setting(
        "forced_worst_then_best",
        "Penalty dice force the worst dice into the kept three and the rest are the best of "
        "the others, or the three worst dice are kept.",
        ref="DK-A04",
    )
    lih_tie_rule: Literal["initiator_loses_min1", "no_effect"] = setting(
        "initiator_loses_min1",
        "A tied crossing or defensive action in Let It Hurt: the initiator loses and takes "
        "level 1 (a defender who wins a tie gets no bonus dice), or nothing happens.",
        ref="DK-A05",
    )
    parallel_default_difficulty: int = setting(
        0,
        "The difficulty a parallel action must beat to succeed, unless the GM sets another.",
        ref="DK-A06",
        ge=-10,
        le=20,
    )
    damage_ability_chooser: Literal["gm", "attacker", "defender"] = setting(
        "gm",
        "Who names the ability a hit damages: the GM or the attacker, on the attacking action; "
        "or the defender, on their own declared action.",
        ref="DK-A07",
    )
    passive_opposition_skill: Literal["difficulty", "gm_supplied"] = setting(
        "difficulty",
        "Let It Hurt after a passive check: the opposition rolls with skill equal to the "
        "difficulty, or the GM must name an opposing character.",
        ref="DK-A08",
    )
    skill_category_map: dict[str, Ability] = setting(
        {},
        "Which ability category each skill belongs to (designer data); a wound at levels 4–6 "
        "gives a penalty die only to rolls of a skill in its ability's category.",
        ref="DK-A09",
    )
    scratch_penalty_scope: Literal["next_roll", "next_round"] = setting(
        "next_roll",
        "A scratch's penalty die applies to the character's next roll and is used up, or to "
        "every roll of the following round.",
        ref="DK-A10",
    )
    lasting_penalties_stack: bool = setting(
        False,
        "Wounded and maimed levels in a roll's category each give a penalty die (otherwise at "
        "most one in all).",
        ref="DK-A11",
    )
    protection_requires_success: bool = setting(
        False,
        "Protection counts only when its owner's own roll succeeded.",
        ref="DK-A14",
    )
    protection_floor: int = setting(
        1, "The lowest level protection can reduce a hit to.", ref="DK-A14", ge=0, le=6
    )
    equipment_stacking: Literal["sum", "highest"] = setting(
        "sum",
        "Several bonuses toggled on one roll add up, or only the highest counts.",
        ref="DK-A15",
    )
    equipment_affects_bonus_dice: bool = setting(
        False,
        "Damage bonuses also raise the first-round bonus and a defender's bonus dice.",
        ref="DK-A16",
    )
    assist_negative_gives_penalty: bool = setting(
        False,
        "An assisting result below 0 gives that many penalty dice by default (each assist "
        "may still say so itself).",
        ref="DK-A17",
    )
    assist_bonus_basis: Literal["result", "margin"] = setting(
        "result",
        "An assisting roll passes on its result as bonus dice, or its margin over the "
        "difficulty it rolled against.",
        ref="DK-A17",
    )
    chain_order: Literal["skill_desc_principal_last", "any_order"] = setting(
        "skill_desc_principal_last",
        "Helpers with the principal's skill roll in descending skill value and the principal "
        "rolls last, or in any order.",
        ref="DK-A18",
    )
    yield_outcome: Literal["opponent_achieves_intention", "gm_decides"] = setting(
        "opponent_achieves_intention",
        "A side that gives up loses and the other achieves its intention, or the GM decides "
        "what the other side gets.",
        ref="DK-A20",
    )
    defeat_ends_conflict: bool = setting(
        True, "Reaching level 7 (defeat) ends Let It Hurt.", ref="DK-A21"
    )
    free_attack_difficulty: int = setting(
        0,
        "The difficulty of a free attack on a character who spends the round combining skills.",
        ref="DK-A22",
        ge=-10,
        le=20,
    )
    damage_outside_lih: bool = setting(
        False,
        "The GM may mark damage outside Let It Hurt (never permanent harm to a central GM "
        "character).",
        ref="DK-A23",
    )
    ability_score_range: list[int] | None = setting(
        None,
        "The lowest and highest ability score, [low, high]; unset means any whole number.",
        ref="DK-A24",
    )
    max_bonus_dice: int | None = setting(
        None,
        "The most bonus or penalty dice one roll may have; unset means no cap but the dice "
        "core's safety cap.",
        ref="DK-A25",
        ge=0,
        le=100,
    )
    multi_party: Literal["pairwise"] = setting(
        "pairwise",
        "With more than two parties, each declared action is resolved against its target.",
        ref="DK-A26",
    )
    lih_against_pcs: bool = setting(
        True, "A player may let it hurt against another player's character.", ref="DK-A27"
    )
    success_level_min: int = setting(
        1, "The lowest success (damage) level.", ref="DK-A28", ge=0, le=6
    )
    success_level_max: int = setting(
        6, "The highest success (damage) level a single hit reaches.", ref="DK-A28", ge=1, le=6
    )
    clamp_bonus_dice: bool = setting(
        False,
        "Bonus dice won in Let It Hurt are also clamped to the success levels.",
        ref="DK-A28",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.success_level_min > self.success_level_max:
            raise SettingsError(
                "fudge_conflict.settings.levels_order",
                "success_level_min ({low}) must not be above success_level_max ({high})",
                low=self.success_level_min,
                high=self.success_level_max,
            )
        if self.protection_floor > self.success_level_max:
            raise SettingsError(
                "fudge_conflict.settings.floor_above_max",
                "protection_floor ({floor}) must not be above success_level_max ({high})",
                floor=self.protection_floor,
                high=self.success_level_max,
            )
        scores = self.ability_score_range
        if scores is not None and (len(scores) != 2 or scores[0] > scores[1]):
            raise SettingsError(
                "fudge_conflict.settings.score_range",
                "ability_score_range must be [low, high] with low ≤ high, got {got}",
                got=str(scores),
            )
        if scores is not None and any(abs(s) > 10_000 for s in scores):
            raise SettingsError(
                "fudge_conflict.settings.score_cap",
                "ability_score_range must lie within ±{most}, got {got}",
                most=Number(10_000),
                got=str(scores),
            )
        if len(self.skill_category_map) > 200:
            raise SettingsError(
                "fudge_conflict.settings.map_size",
                "skill_category_map maps at most {most} skills, got {count}",
                most=200,
                count=len(self.skill_category_map),
            )
        for skill in self.skill_category_map:
            if not skill.strip() or len(skill) > 100:
                raise SettingsError(
                    "fudge_conflict.settings.map_skill",
                    "skill_category_map names skills of 1 to 100 characters, got {got}",
                    got=repr(skill[:60]),
                )
        return self
