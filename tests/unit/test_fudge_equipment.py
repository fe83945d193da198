"""Equipment: damage and protection bonuses +1…+3, per-item limits, toggled per roll."""

from __future__ import annotations

import pytest
from fudge_station import hurting, station

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import FudgeSettings
from isowidgets.rules.fudge_conflict.equipment import protected_level, success_level

DEFAULT = FudgeSettings()


def _declare(game, ids, burke_gear=(), boss_gear=()):
    game.declare(
        ids["burke"], "crossing", ids["boss"], "argue", ability="fornuft", equipment=burke_gear
    )
    game.declare(
        ids["boss"], "crossing", ids["burke"], "argue", ability="fornuft", equipment=boss_gear
    )


@pytest.mark.rule("DK-R39")
def test_a_damage_bonus_adds_to_a_success_and_protection_takes_off():
    assert success_level(2, 1, DEFAULT) == 3
    assert success_level(5, 3, DEFAULT) == 6
    assert protected_level(3, 2, DEFAULT) == 1
    assert protected_level(1, 3, DEFAULT) == 1
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")  # 2 v 2: the boss wins the tie
    revolver = game.add_item(ids["burke"], "Revolver", [("damage", 1, "in combat")])
    ai = game.add_item(ids["boss"], "Wearable AI", [("protection", 1, "in diplomacy")])
    _declare(game, ids, [revolver], [ai])
    rolled = game.roll_round({ids["burke"]: "+ + 0", ids["boss"]: "0 0 0"})  # 4 v 3
    hit = rolled.hits[0]
    assert (hit.degree, hit.equipment, hit.protection, hit.level) == (1, 1, 1, 1)


@pytest.mark.rule("DK-R39")
def test_a_damage_bonus_gives_nothing_without_success():
    game, ids = hurting(burke_faces="0 0 0", boss_faces="- 0 0")
    revolver = game.add_item(ids["burke"], "Revolver", [("damage", 3)])
    _declare(game, ids, [revolver])
    rolled = game.roll_round({ids["burke"]: "0 0 0", ids["boss"]: "+ 0 0"})
    assert [(h.target, h.level) for h in rolled.hits] == [(ids["burke"], 2)]


@pytest.mark.rule("DK-R40", "DK-E14")
def test_bonuses_are_kind_value_and_condition_and_toggled_per_roll():
    game, ids = station()
    item = game.add_item(
        ids["burke"],
        "EU diplomatic passport",
        [("protection", 2, "against US law"), ("damage", 1, "when bribing")],
    )
    bonuses = game.state.item(item).bonuses
    assert [(b.kind, b.value, b.condition) for b in bonuses] == [
        ("protection", 2, "against US law"),
        ("damage", 1, "when bribing"),
    ]
    rolled = game.check("passive", ids["burke"], "argue", difficulty=0, faces="0 0 0")
    assert rolled.records[0].equipment == ()
    game.open_conflict("passive", ids["burke"], "argue", difficulty=0)
    rolled = game.roll_conflict("0 0 0", equipment=[bonuses[1].id])
    assert rolled.records[0].equipment == (bonuses[1].id,)
    with pytest.raises(RuleError, match="value"):
        game.add_item(ids["burke"], "Magic", [("damage", 4)])
    with pytest.raises(RuleError, match="kind"):
        game.add_item(ids["burke"], "Magic", [("luck", 1)])


@pytest.mark.rule("DK-R41")
def test_one_item_holds_at_most_three_plus_one_two_plus_two_one_plus_three():
    game, ids = station()
    full = [("damage", 1)] * 3 + [("protection", 2)] * 2 + [("damage", 3)]
    item = game.add_item(ids["burke"], "Swiss army cybershell", full)
    for extra in (("damage", 1), ("damage", 2), ("damage", 3)):
        with pytest.raises(RuleError, match="at most three \\+1, two \\+2 and one \\+3"):
            game.add_bonus(item, extra)
    with pytest.raises(RuleError, match="two \\+2"):
        game.add_item(ids["burke"], "Greedy", [("damage", 2)] * 3)


@pytest.mark.rule("DK-R42", "DK-R43")
def test_the_gm_or_technology_adds_bonuses_on_the_spot():
    game, ids = station()
    knife = game.add_item(ids["burke"], "Knife")
    bonus = game.add_bonus(knife, ("damage", 1, "against an unarmed opponent"))
    chip = game.add_bonus(knife, ("protection", 1, "nanoswarm"), source="technology")
    sources = [(b.id, b.source) for b in game.state.item(knife).bonuses]
    assert sources == [(bonus, "gm"), (chip, "technology")]
    with pytest.raises(RuleError, match="source"):
        game.add_bonus(knife, ("damage", 1), source="luck")
    game.remove_item(knife)
    assert game.state.items_of(ids["burke"]) == ()


def test_another_characters_equipment_cannot_be_toggled():
    game, ids = station()
    gun = game.add_item(ids["guard"], "Rifle", [("damage", 1)])
    game.open_conflict("passive", ids["burke"], "shoot", difficulty=0)
    with pytest.raises(RuleError, match=r"not one of Mr\. Burke.s items"):
        game.roll_conflict(equipment=[gun])
