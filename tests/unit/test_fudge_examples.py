"""Every worked example of the Danish text (DK-E01…E15), with its faces, as re-checked
in the digest (§3.5)."""

from __future__ import annotations

import pytest
from fudge_station import hurting, station

from isowidgets.rules.fudge_conflict import FudgeSettings, Wound
from isowidgets.rules.fudge_conflict.damage import fall_down, lasting_penalty, scratch_levels
from isowidgets.rules.fudge_conflict.equipment import TIER_LIMITS
from isowidgets.rules.fudge_conflict.hurt import CATEGORIES


@pytest.mark.rule("DK-E01")
def test_photocell_difficulty_one_needs_two():
    game, ids = station()
    game.open_conflict(
        "passive",
        ids["burke"],
        "sneak",
        difficulty=1,
        success="gets past without setting off the alarm",
        failure="gets past but sets off the alarm",
    )
    assert not game.roll_conflict("- 0 0").success  # 1: a tie fails
    assert game.check("passive", ids["burke"], "sneak", difficulty=1, faces="0 0 0").success


@pytest.mark.rule("DK-E02")
def test_guard_a_tie_counts_against_burke():
    game, ids = station()
    rolled = game.check(
        "active",
        ids["burke"],
        "sneak",
        opponent=ids["guard"],
        opponent_skill="notice",
        faces="+ 0 -",
        opponent_faces="0 0 0",
    )
    assert rolled.loser == ids["burke"]


@pytest.mark.rule("DK-E03")
def test_escape_pod_a_tie_arrives_together():
    game, ids = station()
    rolled = game.check(
        "competing",
        ids["burke"],
        "athletics",
        opponent=ids["guard"],
        opponent_skill="athletics",
        faces="+ + -",
        opponent_faces="0 0 0",
    )
    assert rolled.draw


@pytest.mark.rule("DK-E04")
def test_fusion_reactor_three_successes_give_three_bonus_dice():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    assert game.assist(ids["burke"], "programming", faces="0 0 0").passed_on == 3
    assert game.roll_conflict("0 0 0 0 0 0").records[0].net == 3


@pytest.mark.rule("DK-E05")
def test_chinese_gate_a_failure_stops_the_programming():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "programming", difficulty=2)
    assert game.assist(ids["burke"], "chinese", gate=1, faces="- 0 0").blocked
    assert game.state.open_conflict() is None


@pytest.mark.rule("DK-E06")
def test_hard_drive_chain_four_two_three():
    game, ids = station()
    first = game.add_character("Scavenger 1", skills={"strength": 3})
    second = game.add_character("Scavenger 2", skills={"strength": 2})
    third = game.add_character("Scavenger 3", skills={"strength": 2})
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    assert game.assist(first, "strength", faces="+ 0 0").passed_on == 4
    # seven dice, at most one +1 among them, best three sum to 0: "really bad"
    assert game.assist(second, "strength", faces="0 0 0 - - - -").passed_on == 2
    assert game.assist(third, "strength", faces="+ 0 0 - -").passed_on == 3
    assert game.roll_conflict().records[0].net == 3


@pytest.mark.rule("DK-E07")
def test_reactor_lost_by_two_gives_the_opponent_two_bonus_dice():
    game, ids = station()
    game.check("passive", ids["burke"], "reactor", difficulty=3, faces="- 0 0")
    started = game.let_it_hurt(ids["burke"])
    assert [(g.dice, g.round) for g in started.grants] == [(2, 1)]


@pytest.mark.rule("DK-E08")
def test_argument_lost_by_three_is_a_level_three_fornuft_wound():
    game, ids = hurting()
    game.declare(ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft")
    game.declare(ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft")
    game.roll_round({ids["burke"]: "- 0 0", ids["boss"]: "+ 0 0 0 0 0"})
    assert game.character(ids["burke"]).track() == ((3, "fornuft"),)
    assert game.character(ids["burke"]).scratch == 1  # one penalty die next round (DK-E12)


@pytest.mark.rule("DK-E09")
def test_smugglers_level_two_on_level_two_is_level_three_kraft():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 2, "kraft")
    assert game.mark_wound(ids["burke"], 2, "kraft") == 3


@pytest.mark.rule("DK-E10")
def test_kimbo_level_two_kraft_on_a_fornuft_level_two_is_level_three_kraft():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["kimbo"], 2, "fornuft")
    assert game.mark_wound(ids["kimbo"], 2, "kraft") == 3
    assert game.character(ids["kimbo"]).track() == ((2, "fornuft"), (3, "kraft"))


@pytest.mark.rule("DK-E11")
def test_stacking_three_scratches_two_wounds_and_the_mix():
    settings = FudgeSettings()
    game, ids = station(damage_outside_lih=True)
    assert scratch_levels([1, 2, 3]) == 3
    game.mark_wound(ids["burke"], 4, "fornuft")
    game.mark_wound(ids["burke"], 5, "fornuft")
    assert lasting_penalty(game.character(ids["burke"]), "fornuft", settings) == 1
    assert scratch_levels([1, 2]) + 1 == 3


@pytest.mark.rule("DK-E12")
def test_humiliation_level_three_gives_one_and_levels_one_and_three_give_two():
    assert scratch_levels([3]) == 1
    assert scratch_levels([1, 3]) == 2


@pytest.mark.rule("DK-E13")
def test_falling_down_two_three_six_become_one_two_three():
    wounds = [Wound(2, "kraft"), Wound(3, "kraft"), Wound(6, "kraft")]
    assert [w.level for w in fall_down(wounds, FudgeSettings())] == [1, 2, 3]


@pytest.mark.rule("DK-E14")
def test_equipment_lists_fit_their_tiers():
    game, ids = station()
    examples = [
        ("Revolver", [("damage", 1, "in combat")]),
        ("Negotiating AI", [("protection", 1, "in diplomacy")]),
        ("Armour-piercing rounds", [("damage", 2, "against bulletproof vests")]),
        ("Nanoswarm", [("protection", 2, "against poison and infection")]),
        ("Firewall virus", [("damage", 3, "when hacking that company")]),
        ("A poem", [("damage", 3, "seducing the mistress of Black Dragon's leader")]),
    ]
    for name, bonuses in examples:
        game.add_item(ids["burke"], name, bonuses)
    assert len(game.state.items_of(ids["burke"])) == 6
    assert TIER_LIMITS == {1: 3, 2: 2, 3: 1}


@pytest.mark.rule("DK-E15")
def test_classification_fixtures_for_the_category_pickers():
    assert CATEGORIES == ("crossing", "parallel", "defensive")
    game, ids = hurting()
    steps = [s for s in game.next_steps() if s.action == "declare"]
    assert {s.options for s in steps} == {CATEGORIES}
    assert {s.actor for s in steps} == {ids["burke"], ids["boss"]}


@pytest.mark.rule("DK-E06", "DK-R22")
def test_the_station_cast_plays_the_chain_in_order():
    from isowidgets.rules.fudge_conflict.examples import station as station_cast

    game, ids = station_cast()
    assert game.character(ids["superior"]).central
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    for helper, faces in (("scavenger1", "+ 0 0"), ("scavenger2", "0 0 0 - - - -")):
        game.assist(ids[helper], "strength", faces=faces)
    assert game.assist(ids["scavenger3"], "strength", faces="+ 0 0 - -").passed_on == 3
    assert game.state.items_of(ids["burke"])[0].name == "Revolver"
