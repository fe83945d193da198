"""Each house rule of the Danish system (DK-A01…A28), flipped, and what changes."""

from __future__ import annotations

import pytest
from fudge_station import hurting, station

from isowidgets.errors import RuleError, SettingsError
from isowidgets.rules.fudge_conflict import FudgeSettings, Wound
from isowidgets.rules.fudge_conflict.damage import lasting_penalty, place_wound


def _cross(game, ids, burke_gear=(), boss_gear=(), **burke):
    game.declare(
        ids["burke"],
        "crossing",
        ids["boss"],
        "argue",
        ability="fornuft",
        equipment=burke_gear,
        **burke,
    )
    game.declare(
        ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft", equipment=boss_gear
    )


def test_every_ambiguity_with_a_setting_is_named_with_the_digests_default():
    rows = {row["setting"]: row for row in FudgeSettings.describe()}
    assert len(rows) == 32
    assert rows["penalty_keep_mode"]["default"] == "forced_worst_then_best"
    assert rows["damage_track"]["ref"] == "DK-A02"
    assert rows["skill_category_map"]["default"] == {}
    assert rows["ability_score_range"]["default"] is None
    text = FudgeSettings(skill_category_map={"argue": "fornuft"}).to_toml()
    assert FudgeSettings.from_toml(text).skill_category_map == {"argue": "fornuft"}


def _maimed_boss(**settings):
    game, ids = station(damage_outside_lih=True, **settings)
    game.mark_wound(ids["guard"], 6, "kraft")
    return game, ids


@pytest.mark.rule("DK-A01")
def test_pool_scope_initial_cost_and_when_it_is_paid():
    game, ids = station(pool_initial=2)
    assert game.character(ids["burke"]).pool == 2
    game, ids = _maimed_boss(pool_scope="table", pool_initial=3, maimed_act_cost=2)
    assert game.state.table_pool == 3
    game.check(
        "active",
        ids["burke"],
        "shoot",
        opponent=ids["guard"],
        opponent_skill="shoot",
        faces="+ + +",
        opponent_faces="0 0 0",
    )
    assert game.state.table_pool == 3  # per round: nothing outside Let It Hurt
    game.let_it_hurt(ids["burke"])
    game.state_intention(ids["burke"], "arrest him")
    game.state_intention(ids["guard"], "escape")
    game.declare(ids["burke"], "crossing", ids["guard"], "shoot", ability="kraft")
    game.declare(ids["guard"], "crossing", ids["burke"], "shoot", ability="kraft")
    rolled = game.roll_round({ids["burke"]: "0 0 0 0 0 0 0", ids["guard"]: "+ + +"})
    assert [(p.pool, p.points) for p in rolled.payments] == [(None, 2)]
    assert game.state.table_pool == 1
    with pytest.raises(RuleError, match="pool holds 1"):
        game.declare(ids["guard"], "crossing", ids["burke"], "shoot", ability="kraft")
    game, ids = _maimed_boss(maimed_cost_per="action", pool_initial=1)
    game.check("passive", ids["guard"], "notice", difficulty=0, faces="0 0 0")
    assert game.character(ids["guard"]).pool == 0
    with pytest.raises(RuleError, match="must pay 1 point"):
        game.check("passive", ids["guard"], "notice", difficulty=0, faces="0 0 0")


@pytest.mark.rule("DK-A02")
def test_damage_track_shared_or_per_ability():
    wounds = [Wound(2, "fornuft")]
    assert place_wound(wounds, 2, "kraft", FudgeSettings()) == 3
    assert place_wound(wounds, 2, "kraft", FudgeSettings(damage_track="per_ability")) == 2
    game, ids = station(damage_outside_lih=True, damage_track="per_ability")
    for level, ability in ((2, "kraft"), (4, "kraft"), (3, "fornuft")):
        game.mark_wound(ids["burke"], level, ability)
    game.add_pool_points(ids["burke"], 1)
    game.check(
        "active",
        ids["burke"],
        "sneak",
        opponent=ids["guard"],
        opponent_skill="notice",
        faces="0 0 0",
        opponent_faces="+ 0 0",
    )
    game.let_it_hurt(ids["burke"])
    game.give_up(ids["burke"])
    assert game.character(ids["burke"]).track() == ((1, "kraft"), (1, "fornuft"), (2, "kraft"))


@pytest.mark.rule("DK-A03")
def test_damage_bump_cascade_or_single_step():
    wounds = [Wound(2, "kraft"), Wound(3, "kraft")]
    assert place_wound(wounds, 2, "kraft", FudgeSettings()) == 4
    assert place_wound(wounds, 2, "kraft", FudgeSettings(damage_bump="single_step")) == 3


@pytest.mark.rule("DK-A04")
def test_penalty_keep_mode_in_a_game():
    for mode, result in (("forced_worst_then_best", 2), ("three_worst", 1)):
        game, ids = station(penalty_keep_mode=mode)
        rolled = game.check(
            "passive", ids["burke"], "sneak", difficulty=0, faces="- 0 0 + +", penalty=2
        )
        assert rolled.records[0].result == result
        assert rolled.records[0].penalty_keep == mode


@pytest.mark.rule("DK-A05")
def test_lih_tie_rule():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")
    _cross(game, ids)
    rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "- 0 0"})
    assert [(h.target, h.level) for h in rolled.hits] == [(ids["burke"], 1)]  # Burke declared first
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0", lih_tie_rule="no_effect")
    _cross(game, ids)
    assert game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "- 0 0"}).hits == ()


@pytest.mark.rule("DK-A06")
def test_parallel_default_difficulty():
    for difficulty, hits in ((0, 1), (2, 0)):
        game, ids = hurting(
            burke_faces="0 0 0", boss_faces="- 0 0", parallel_default_difficulty=difficulty
        )
        game.declare(ids["burke"], "parallel", ids["boss"], "argue", ability="fornuft")
        game.declare(ids["boss"], "parallel", ids["burke"], "argue", ability="kraft", difficulty=10)
        rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "- - -"})
        assert len(rolled.hits) == hits


@pytest.mark.rule("DK-A07")
def test_damage_ability_chooser_defender_takes_the_defenders_named_ability():
    game, ids = hurting(damage_ability_chooser="defender")
    with pytest.raises(RuleError, match="the ability this character risks"):
        game.declare(ids["burke"], "defensive", ids["boss"], "argue")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="intuition")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="kraft")
    rolled = game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    assert rolled.hits[0].ability == "intuition"
    game, ids = hurting()
    with pytest.raises(RuleError, match="the ability this action damages"):
        game.declare(ids["burke"], "crossing", ids["boss"], "argue")


@pytest.mark.rule("DK-A08")
def test_passive_opposition_skill():
    game, ids = station(passive_opposition_skill="gm_supplied")
    game.check("passive", ids["burke"], "reactor", difficulty=3, faces="- 0 0")
    with pytest.raises(RuleError, match="needs an opposing character"):
        game.let_it_hurt(ids["burke"])
    started = game.let_it_hurt(ids["burke"], ids["guard"])
    assert started.parties == (ids["burke"], ids["guard"])
    assert started.grants[0].actor == ids["guard"]


@pytest.mark.rule("DK-A09")
def test_skill_category_map_gives_lasting_penalties_to_mapped_skills():
    settings = FudgeSettings(skill_category_map={"sneak": "intuition"})
    game, ids = station(damage_outside_lih=True, skill_category_map={"sneak": "intuition"})
    game.mark_wound(ids["burke"], 4, "intuition")
    assert [(s.kind, s.dice) for s in game.roll_preview(ids["burke"], "sneak")] == [("lasting", -1)]
    assert game.state.category(ids["burke"], "argue") == "fornuft"  # the character's own map
    assert settings.skill_category_map["sneak"] == "intuition"
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 4, "intuition")
    assert game.roll_preview(ids["burke"], "sneak") == ()


@pytest.mark.rule("DK-A10", "DK-A13")
def test_scratch_penalty_scope():
    game, ids = hurting()
    _cross(game, ids)
    game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    game.give_up(ids["burke"])
    assert [(s.kind, s.dice) for s in game.roll_preview(ids["burke"], "argue")] == [("scratch", -1)]
    game.check("passive", ids["burke"], "argue", difficulty=0, faces="0 0 0 0")
    assert game.roll_preview(ids["burke"], "argue") == ()  # used once (DK-A13)
    game, ids = hurting(scratch_penalty_scope="next_round")
    _cross(game, ids)
    game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    _cross(game, ids)
    assert [(s.kind, s.dice) for s in game.roll_preview(ids["burke"], "argue")] == [("scratch", -1)]
    game.roll_round({ids["burke"]: "+ + + +", ids["boss"]: "0 0 0"})
    _cross(game, ids)
    game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "0 0 0 0"})  # 2 v 3: level 1
    assert game.character(ids["burke"]).scratch == 1
    game.give_up(ids["burke"])
    assert game.character(ids["burke"]).scratch == 0  # no following round: it lapses
    assert game.roll_preview(ids["burke"], "argue") == ()


@pytest.mark.rule("DK-A11", "DK-A12")
def test_lasting_penalties_stack():
    game, ids = station(damage_outside_lih=True)
    for level, ability in ((4, "fornuft"), (5, "fornuft"), (6, "kraft")):
        game.mark_wound(ids["burke"], level, ability)
    burke = game.character(ids["burke"])
    assert lasting_penalty(burke, "fornuft", FudgeSettings()) == 1
    assert lasting_penalty(burke, "fornuft", FudgeSettings(lasting_penalties_stack=True)) == 2
    assert lasting_penalty(burke, "kraft", FudgeSettings()) == 1  # other abilities never add
    assert lasting_penalty(burke, None, FudgeSettings()) == 0


@pytest.mark.rule("DK-A14")
def test_protection_floor_and_requiring_success():
    for settings, level in (
        ({}, 1),
        ({"protection_floor": 2}, 2),
        ({"protection_requires_success": True}, 3),
    ):
        game, ids = hurting(**settings)
        vest = game.add_item(ids["burke"], "Vest", [("protection", 3)])
        _cross(game, ids, burke_gear=[vest])
        rolled = game.roll_round({ids["burke"]: "- - 0", ids["boss"]: "0 0 0 0 0 0"})  # 0 v 3
        assert rolled.hits[0].level == level


@pytest.mark.rule("DK-A15")
def test_equipment_stacking():
    for stacking, level in (("sum", 3), ("highest", 2)):
        game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0", equipment_stacking=stacking)
        gun = game.add_item(ids["burke"], "Gun", [("damage", 1), ("damage", 1)])
        _cross(game, ids, burke_gear=[gun])
        rolled = game.roll_round({ids["burke"]: "+ 0 0", ids["boss"]: "- 0 0"})  # 3 v 2
        assert rolled.hits[0].level == level


@pytest.mark.rule("DK-A16")
def test_equipment_affects_bonus_dice():
    for flag, dice in ((False, 3), (True, 5)):
        game, ids = station(equipment_affects_bonus_dice=flag)
        ai = game.add_item(ids["boss"], "Database", [("damage", 2)])
        game.open_conflict(
            "active", ids["burke"], "argue", opponent=ids["boss"], opponent_skill="argue"
        )
        game.roll_conflict("- 0 0", "+ 0 0", opponent_equipment=[ai])
        assert game.let_it_hurt(ids["burke"]).grants[0].dice == dice


@pytest.mark.rule("DK-A17")
def test_assist_penalty_default_and_bonus_basis():
    game, ids = station(assist_negative_gives_penalty=True)
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    assert game.assist(ids["burke"], "chinese", faces="- - 0").passed_on == -1
    assert game.assist(ids["burke"], "sneak", faces="- - - -", penalties=False).passed_on == 0
    game, ids = station(assist_bonus_basis="margin")
    game.open_conflict("passive", ids["burke"], "programming", difficulty=2)
    assert game.assist(ids["burke"], "chinese", gate=1, faces="+ + 0").passed_on == 2


@pytest.mark.rule("DK-A18", "DK-A19")
def test_chain_order():
    for order, refused in (("skill_desc_principal_last", True), ("any_order", False)):
        game, ids = station(chain_order=order)
        low = game.add_character("Low", skills={"strength": 1})
        high = game.add_character("High", skills={"strength": 3})
        game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
        game.assist(low, "strength", faces="0 0 0")
        if refused:
            with pytest.raises(RuleError, match="descending skill value"):
                game.assist(high, "strength")
        else:
            game.assist(high, "strength")


@pytest.mark.rule("DK-A20")
def test_yield_outcome():
    game, ids = hurting()
    assert (
        "Superior achieves their intention: humiliate Burke"
        in game.give_up(ids["burke"]).describe()
    )
    game, ids = hurting(yield_outcome="gm_decides")
    assert game.give_up(ids["burke"]).describe().endswith("; the GM decides what Superior gets")


@pytest.mark.rule("DK-A21")
def test_defeat_need_not_end_the_conflict():
    game, ids = station(damage_outside_lih=True, defeat_ends_conflict=False)
    for level in (1, 2, 3, 4, 5, 6):
        game.mark_wound(ids["guard"], level, "kraft")
    game.add_pool_points(ids["guard"], 5)
    game.check(
        "active",
        ids["burke"],
        "shoot",
        opponent=ids["guard"],
        opponent_skill="shoot",
        faces="+ 0 0",
        opponent_faces="0 0 0",
    )
    game.let_it_hurt(ids["burke"])
    game.state_intention(ids["burke"], "kill")
    game.state_intention(ids["guard"], "flee")
    game.declare(ids["burke"], "crossing", ids["guard"], "shoot", ability="kraft")
    game.declare(ids["guard"], "crossing", ids["burke"], "shoot", ability="kraft")
    rolled = game.roll_round({ids["burke"]: "+ 0 0 0 0", ids["guard"]: "0 0 0"})
    assert rolled.defeated == (ids["guard"],)
    assert game.state.active_hurt() is not None


@pytest.mark.rule("DK-A22")
def test_free_attack_difficulty():
    for difficulty, hits in ((0, 1), (3, 0)):
        game, ids = hurting(
            burke_faces="0 0 0", boss_faces="- 0 0", free_attack_difficulty=difficulty
        )
        game.declare(ids["burke"], "crossing", ids["boss"], "programming", combining=True)
        game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
        rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "0 0 0"})
        assert len(rolled.hits) == hits


@pytest.mark.rule("DK-A23")
def test_damage_outside_lih():
    game, ids = station()
    with pytest.raises(RuleError, match="only in Let it hurt") as refused:
        game.mark_wound(ids["burke"], 2, "kraft")
    assert refused.value.key == "fudge_conflict.damage_only_in_hurt"
    game, ids = station(damage_outside_lih=True)
    assert game.mark_wound(ids["burke"], 2, "kraft") == 2


@pytest.mark.rule("DK-A24")
def test_ability_score_range():
    game, _ = station()
    game.add_character("Any", abilities={"kraft": 12})
    game, _ = station(ability_score_range=[1, 5])
    game.add_character("Fits", abilities={"kraft": 5})
    with pytest.raises(RuleError, match="kraft score"):
        game.add_character("Too strong", abilities={"kraft": 6})
    with pytest.raises(SettingsError, match="low ≤ high"):
        FudgeSettings(ability_score_range=[5, 1])


@pytest.mark.rule("DK-A25")
def test_max_bonus_dice():
    game, ids = station(max_bonus_dice=2)
    rolled = game.check("passive", ids["burke"], "sneak", difficulty=0, faces="0 0 0 0 0", bonus=5)
    assert rolled.records[0].net == 2
    assert ("cap", -3) in [(s.kind, s.dice) for s in rolled.records[0].sources]
    game, ids = station()
    assert game.check("passive", ids["burke"], "sneak", difficulty=0, bonus=5).records[0].net == 5


@pytest.mark.rule("DK-A26")
def test_multi_party_actions_resolve_pairwise():
    game, ids = hurting()
    game.join_hurt(ids["kimbo"])
    game.state_intention(ids["kimbo"], "help Burke")
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    game.declare(ids["kimbo"], "parallel", ids["boss"], "argue", ability="fornuft")
    rolled = game.roll_round(
        {ids["burke"]: "0 0 0", ids["boss"]: "- - - - - -", ids["kimbo"]: "+ 0 0"}
    )
    assert sorted((h.source, h.target) for h in rolled.hits) == sorted(
        [(ids["burke"], ids["boss"]), (ids["kimbo"], ids["boss"])]
    )
    with pytest.raises(SettingsError):
        FudgeSettings(multi_party="free_for_all")


@pytest.mark.rule("DK-A27")
def test_lih_against_pcs():
    for allowed in (True, False):
        game, ids = station(lih_against_pcs=allowed)
        game.check(
            "competing",
            ids["burke"],
            "argue",
            opponent=ids["kimbo"],
            opponent_skill="argue",
            faces="- - -",
            opponent_faces="0 0 0",
        )
        if allowed:
            game.let_it_hurt(ids["burke"])
        else:
            with pytest.raises(RuleError, match="lih_against_pcs"):
                game.let_it_hurt(ids["burke"])


@pytest.mark.rule("DK-A28")
def test_success_levels_and_clamping_bonus_dice():
    game, ids = hurting(success_level_max=4, burke_faces="+ + +", boss_faces="- - -")
    _cross(game, ids)
    rolled = game.roll_round({ids["burke"]: "+ + + 0 0 0 0 0", ids["boss"]: "- - -"})
    assert rolled.hits[0].level == 4
    game, ids = hurting(success_level_min=2, burke_faces="0 0 0", boss_faces="- 0 0")
    _cross(game, ids)
    assert game.roll_round({ids["burke"]: "+ 0 0", ids["boss"]: "0 0 0"}).hits[0].level == 2
    game, ids = hurting(clamp_bonus_dice=True, success_level_max=2)
    assert game.state.character(ids["boss"]).grants[0].dice == 2
    game, ids = hurting(success_level_max=2)
    assert game.state.character(ids["boss"]).grants[0].dice == 3
    with pytest.raises(SettingsError, match="must not be above"):
        FudgeSettings(success_level_min=5, success_level_max=3)


@pytest.mark.rule("DK-A14", "DK-A28")
def test_a_hit_brought_to_level_zero_is_no_wound():
    """With a floor of 0 (a house rule) a tied crossing or full protection wounds nobody,
    and the round is played and journaled like any other."""
    game, ids = hurting(success_level_min=0, burke_faces="0 0 0", boss_faces="- 0 0")
    _cross(game, ids)
    before = game.character(ids["boss"]).wounds
    rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "0 0 0"})  # a tie
    assert all(hit.target != ids["boss"] or hit.recorded >= 1 for hit in rolled.hits)
    assert game.character(ids["boss"]).wounds == before
    game, ids = hurting(protection_floor=0)
    vest = game.add_item(ids["burke"], "Vest", [("protection", 3)])
    _cross(game, ids, burke_gear=[vest])
    rolled = game.roll_round({ids["burke"]: "- - 0", ids["boss"]: "0 0 0 0 0 0"})  # 0 v 3
    assert [hit for hit in rolled.hits if hit.target == ids["burke"]] == []
    assert game.character(ids["burke"]).wounds == ()
