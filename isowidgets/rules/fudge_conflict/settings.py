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
from ...words import Message, Number, msg
from .abilities import ABILITIES, Ability, ability_words
from .keep import PenaltyKeep

__all__ = ["FudgeSettings"]


class FudgeSettings(RuleSettings):
    """House rules for the Danish Fudge-dice conflict system. Instances are immutable.

    Every setting's name, description and named values are messages of the
    ``fudge_conflict`` catalogue, so a Danish table reads its house rules in Danish.
    """

    system: ClassVar[str] = "fudge_conflict"
    title: ClassVar[Message | None] = msg(
        "fudge_conflict.system", "Danish Fudge-dice conflict system"
    )

    pool_scope: Literal["character", "table"] = setting(
        "character",
        msg(
            "fudge_conflict.setting.pool_scope.about",
            "Whose pool of points a maimed character pays from: their own, or one the table "
            "shares.",
        ),
        ref="DK-A01",
        label=msg("fudge_conflict.setting.pool_scope", "pool scope"),
        values={
            "character": msg("fudge_conflict.setting.pool_scope.character", "character"),
            "table": msg("fudge_conflict.setting.pool_scope.table", "table"),
        },
    )
    pool_initial: int = setting(
        0,
        msg(
            "fudge_conflict.setting.pool_initial.about",
            "The points a new character's pool (or the table's pool) starts with.",
        ),
        ref="DK-A01",
        label=msg("fudge_conflict.setting.pool_initial", "pool initial"),
        ge=0,
    )
    maimed_act_cost: int = setting(
        1,
        msg(
            "fudge_conflict.setting.maimed_act_cost.about",
            "Points a maimed character (level 6) pays from the pool to act.",
        ),
        ref="DK-A01",
        label=msg("fudge_conflict.setting.maimed_act_cost", "maimed act cost"),
        ge=0,
        le=10,
    )
    maimed_cost_per: Literal["round", "action"] = setting(
        "round",
        msg(
            "fudge_conflict.setting.maimed_cost_per.about",
            "A maimed character pays once per round of Let it hurt in which they act, or once "
            "per action: every roll they make, in a conflict, an assist or a round.",
        ),
        ref="DK-A01",
        label=msg("fudge_conflict.setting.maimed_cost_per", "maimed cost per"),
        values={
            "round": msg("fudge_conflict.setting.maimed_cost_per.round", "round"),
            "action": msg("fudge_conflict.setting.maimed_cost_per.action", "action"),
        },
    )
    damage_track: Literal["shared", "per_ability"] = setting(
        "shared",
        msg(
            "fudge_conflict.setting.damage_track.about",
            "One damage track whose levels any ability fills (the Kimbo example), or one track "
            "per ability (the table's heading).",
        ),
        ref="DK-A02",
        label=msg("fudge_conflict.setting.damage_track", "damage track"),
        values={
            "shared": msg("fudge_conflict.setting.damage_track.shared", "shared"),
            "per_ability": msg("fudge_conflict.setting.damage_track.per_ability", "per ability"),
        },
    )
    damage_bump: Literal["cascade", "single_step"] = setting(
        "cascade",
        msg(
            "fudge_conflict.setting.damage_bump.about",
            "A wound on a filled level moves up to the first free level (cascade), or one "
            "level only and stacks there (single step).",
        ),
        ref="DK-A03",
        label=msg("fudge_conflict.setting.damage_bump", "damage bump"),
        values={
            "cascade": msg("fudge_conflict.setting.damage_bump.cascade", "cascade"),
            "single_step": msg("fudge_conflict.setting.damage_bump.single_step", "single step"),
        },
    )
    penalty_keep_mode: PenaltyKeep = setting(
        "forced_worst_then_best",
        msg(
            "fudge_conflict.setting.penalty_keep_mode.about",
            "Penalty dice force the worst dice into the kept three and the rest are the best "
            "of the others, or the three worst dice are kept.",
        ),
        ref="DK-A04",
        label=msg("fudge_conflict.setting.penalty_keep_mode", "penalty keep mode"),
        values={
            "forced_worst_then_best": msg(
                "fudge_conflict.setting.penalty_keep_mode.forced_worst_then_best",
                "forced worst then best",
            ),
            "three_worst": msg(
                "fudge_conflict.setting.penalty_keep_mode.three_worst", "three worst"
            ),
        },
    )
    lih_tie_rule: Literal["initiator_loses_min1", "no_effect"] = setting(
        "initiator_loses_min1",
        msg(
            "fudge_conflict.setting.lih_tie_rule.about",
            "A tied crossing or defensive action in Let it hurt: the initiator loses and takes "
            "level 1 (a defender who wins a tie gets no bonus dice), or nothing happens.",
        ),
        ref="DK-A05",
        label=msg("fudge_conflict.setting.lih_tie_rule", "lih tie rule"),
        values={
            "initiator_loses_min1": msg(
                "fudge_conflict.setting.lih_tie_rule.initiator_loses_min1",
                "initiator loses min1",
            ),
            "no_effect": msg("fudge_conflict.setting.lih_tie_rule.no_effect", "no effect"),
        },
    )
    parallel_default_difficulty: int = setting(
        0,
        msg(
            "fudge_conflict.setting.parallel_default_difficulty.about",
            "The difficulty a parallel action must beat to succeed, unless the GM sets another.",
        ),
        ref="DK-A06",
        label=msg(
            "fudge_conflict.setting.parallel_default_difficulty", "parallel default difficulty"
        ),
        ge=-10,
        le=20,
    )
    damage_ability_chooser: Literal["gm", "attacker", "defender"] = setting(
        "gm",
        msg(
            "fudge_conflict.setting.damage_ability_chooser.about",
            "Who names the ability a hit damages: the GM or the attacker, on the attacking "
            "action; or the defender, on their own declared action.",
        ),
        ref="DK-A07",
        label=msg("fudge_conflict.setting.damage_ability_chooser", "damage ability chooser"),
        values={
            "gm": msg("fudge_conflict.setting.damage_ability_chooser.gm", "gm"),
            "attacker": msg("fudge_conflict.setting.damage_ability_chooser.attacker", "attacker"),
            "defender": msg("fudge_conflict.setting.damage_ability_chooser.defender", "defender"),
        },
    )
    passive_opposition_skill: Literal["difficulty", "gm_supplied"] = setting(
        "difficulty",
        msg(
            "fudge_conflict.setting.passive_opposition_skill.about",
            "Let it hurt after a passive check: the opposition rolls with skill equal to the "
            "difficulty, or the GM must name an opposing character.",
        ),
        ref="DK-A08",
        label=msg("fudge_conflict.setting.passive_opposition_skill", "passive opposition skill"),
        values={
            "difficulty": msg(
                "fudge_conflict.setting.passive_opposition_skill.difficulty", "difficulty"
            ),
            "gm_supplied": msg(
                "fudge_conflict.setting.passive_opposition_skill.gm_supplied", "gm supplied"
            ),
        },
    )
    skill_category_map: dict[str, Ability] = setting(
        {},
        msg(
            "fudge_conflict.setting.skill_category_map.about",
            "Which ability category each skill belongs to (designer data); a wound at levels "
            "4–6 gives a penalty die only to rolls of a skill in its ability's category.",
        ),
        ref="DK-A09",
        label=msg("fudge_conflict.setting.skill_category_map", "skill category map"),
        values={ability: ability_words(ability) for ability in ABILITIES},
    )
    scratch_penalty_scope: Literal["next_roll", "next_round"] = setting(
        "next_roll",
        msg(
            "fudge_conflict.setting.scratch_penalty_scope.about",
            "A scratch's penalty die applies to the character's next roll and is used up, or "
            "to every roll of the following round.",
        ),
        ref="DK-A10",
        label=msg("fudge_conflict.setting.scratch_penalty_scope", "scratch penalty scope"),
        values={
            "next_roll": msg("fudge_conflict.setting.scratch_penalty_scope.next_roll", "next roll"),
            "next_round": msg(
                "fudge_conflict.setting.scratch_penalty_scope.next_round", "next round"
            ),
        },
    )
    lasting_penalties_stack: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.lasting_penalties_stack.about",
            "Wounded and maimed levels in a roll's category each give a penalty die "
            "(otherwise at most one in all).",
        ),
        ref="DK-A11",
        label=msg("fudge_conflict.setting.lasting_penalties_stack", "lasting penalties stack"),
    )
    protection_requires_success: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.protection_requires_success.about",
            "Protection counts only when its owner's own roll succeeded.",
        ),
        ref="DK-A14",
        label=msg(
            "fudge_conflict.setting.protection_requires_success", "protection requires success"
        ),
    )
    protection_floor: int = setting(
        1,
        msg(
            "fudge_conflict.setting.protection_floor.about",
            "The lowest level protection can reduce a hit to.",
        ),
        ref="DK-A14",
        label=msg("fudge_conflict.setting.protection_floor", "protection floor"),
        ge=0,
        le=6,
    )
    equipment_stacking: Literal["sum", "highest"] = setting(
        "sum",
        msg(
            "fudge_conflict.setting.equipment_stacking.about",
            "Several bonuses toggled on one roll add up, or only the highest counts.",
        ),
        ref="DK-A15",
        label=msg("fudge_conflict.setting.equipment_stacking", "equipment stacking"),
        values={
            "sum": msg("fudge_conflict.setting.equipment_stacking.sum", "sum"),
            "highest": msg("fudge_conflict.setting.equipment_stacking.highest", "highest"),
        },
    )
    equipment_affects_bonus_dice: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.equipment_affects_bonus_dice.about",
            "Damage bonuses also raise the first-round bonus and a defender's bonus dice.",
        ),
        ref="DK-A16",
        label=msg(
            "fudge_conflict.setting.equipment_affects_bonus_dice", "equipment affects bonus dice"
        ),
    )
    assist_negative_gives_penalty: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.assist_negative_gives_penalty.about",
            "An assisting result below 0 gives that many penalty dice by default (each assist "
            "may still say so itself).",
        ),
        ref="DK-A17",
        label=msg(
            "fudge_conflict.setting.assist_negative_gives_penalty", "assist negative gives penalty"
        ),
    )
    assist_bonus_basis: Literal["result", "margin"] = setting(
        "result",
        msg(
            "fudge_conflict.setting.assist_bonus_basis.about",
            "An assisting roll passes on its result as bonus dice, or its margin over the "
            "difficulty it rolled against.",
        ),
        ref="DK-A17",
        label=msg("fudge_conflict.setting.assist_bonus_basis", "assist bonus basis"),
        values={
            "result": msg("fudge_conflict.setting.assist_bonus_basis.result", "result"),
            "margin": msg("fudge_conflict.setting.assist_bonus_basis.margin", "margin"),
        },
    )
    chain_order: Literal["skill_desc_principal_last", "any_order"] = setting(
        "skill_desc_principal_last",
        msg(
            "fudge_conflict.setting.chain_order.about",
            "Helpers with the principal's skill roll in descending skill value and the "
            "principal rolls last, or in any order.",
        ),
        ref="DK-A18",
        label=msg("fudge_conflict.setting.chain_order", "chain order"),
        values={
            "skill_desc_principal_last": msg(
                "fudge_conflict.setting.chain_order.skill_desc_principal_last",
                "skill desc principal last",
            ),
            "any_order": msg("fudge_conflict.setting.chain_order.any_order", "any order"),
        },
    )
    yield_outcome: Literal["opponent_achieves_intention", "gm_decides"] = setting(
        "opponent_achieves_intention",
        msg(
            "fudge_conflict.setting.yield_outcome.about",
            "A side that gives up loses and the other achieves its intention, or the GM "
            "decides what the other side gets.",
        ),
        ref="DK-A20",
        label=msg("fudge_conflict.setting.yield_outcome", "yield outcome"),
        values={
            "opponent_achieves_intention": msg(
                "fudge_conflict.setting.yield_outcome.opponent_achieves_intention",
                "opponent achieves intention",
            ),
            "gm_decides": msg("fudge_conflict.setting.yield_outcome.gm_decides", "gm decides"),
        },
    )
    defeat_ends_conflict: bool = setting(
        True,
        msg(
            "fudge_conflict.setting.defeat_ends_conflict.about",
            "Reaching level 7 (defeat) ends Let it hurt.",
        ),
        ref="DK-A21",
        label=msg("fudge_conflict.setting.defeat_ends_conflict", "defeat ends conflict"),
    )
    free_attack_difficulty: int = setting(
        0,
        msg(
            "fudge_conflict.setting.free_attack_difficulty.about",
            "The difficulty of a free attack on a character who spends the round combining skills.",
        ),
        ref="DK-A22",
        label=msg("fudge_conflict.setting.free_attack_difficulty", "free attack difficulty"),
        ge=-10,
        le=20,
    )
    damage_outside_lih: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.damage_outside_lih.about",
            "The GM may mark damage outside Let it hurt (never permanent harm to a central GM "
            "character).",
        ),
        ref="DK-A23",
        label=msg("fudge_conflict.setting.damage_outside_lih", "damage outside lih"),
    )
    ability_score_range: list[int] | None = setting(
        None,
        msg(
            "fudge_conflict.setting.ability_score_range.about",
            "The lowest and highest ability score, [low, high]; unset means any whole number.",
        ),
        ref="DK-A24",
        label=msg("fudge_conflict.setting.ability_score_range", "ability score range"),
    )
    max_bonus_dice: int | None = setting(
        None,
        msg(
            "fudge_conflict.setting.max_bonus_dice.about",
            "The most bonus or penalty dice one roll may have; unset means no cap but the dice "
            "core's safety cap.",
        ),
        ref="DK-A25",
        label=msg("fudge_conflict.setting.max_bonus_dice", "max bonus dice"),
        ge=0,
        le=100,
    )
    multi_party: Literal["pairwise"] = setting(
        "pairwise",
        msg(
            "fudge_conflict.setting.multi_party.about",
            "With more than two parties, each declared action is resolved against its target.",
        ),
        ref="DK-A26",
        label=msg("fudge_conflict.setting.multi_party", "multi party"),
        values={"pairwise": msg("fudge_conflict.setting.multi_party.pairwise", "pairwise")},
    )
    lih_against_pcs: bool = setting(
        True,
        msg(
            "fudge_conflict.setting.lih_against_pcs.about",
            "A player may let it hurt against another player's character.",
        ),
        ref="DK-A27",
        label=msg("fudge_conflict.setting.lih_against_pcs", "lih against pcs"),
    )
    success_level_min: int = setting(
        1,
        msg("fudge_conflict.setting.success_level_min.about", "The lowest success (damage) level."),
        ref="DK-A28",
        label=msg("fudge_conflict.setting.success_level_min", "success level min"),
        ge=0,
        le=6,
    )
    success_level_max: int = setting(
        6,
        msg(
            "fudge_conflict.setting.success_level_max.about",
            "The highest success (damage) level a single hit reaches.",
        ),
        ref="DK-A28",
        label=msg("fudge_conflict.setting.success_level_max", "success level max"),
        ge=1,
        le=6,
    )
    clamp_bonus_dice: bool = setting(
        False,
        msg(
            "fudge_conflict.setting.clamp_bonus_dice.about",
            "Bonus dice won in Let it hurt are also clamped to the success levels.",
        ),
        ref="DK-A28",
        label=msg("fudge_conflict.setting.clamp_bonus_dice", "clamp bonus dice"),
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
