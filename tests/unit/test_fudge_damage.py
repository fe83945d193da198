"""The damage track: the cascade, its ability marks, penalties, falling down, healing."""

from __future__ import annotations

import pytest
from fudge_station import station

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import FudgeSettings, Wound
from isowidgets.rules.fudge_conflict.abilities import level_name
from isowidgets.rules.fudge_conflict.damage import (
    fall_down,
    lasting_penalty,
    place_wound,
    scratch_levels,
)

DEFAULT = FudgeSettings()


@pytest.mark.rule("DK-R32")
def test_a_wound_on_a_filled_level_cascades_to_the_first_free_level():
    wounds = [Wound(2, "kraft"), Wound(3, "fornuft"), Wound(4, "kraft")]
    assert place_wound(wounds, 2, "intuition", DEFAULT) == 5
    assert place_wound(wounds, 1, "kraft", DEFAULT) == 1
    full = [Wound(level, "kraft") for level in range(1, 7)]
    assert place_wound(full, 3, "kraft", DEFAULT) == 7


@pytest.mark.rule("DK-R33")
def test_the_levels_of_table_t_dk_1():
    names = [level_name(level) for level in range(1, 8)]
    assert names == ["scratched"] * 3 + ["wounded"] * 2 + ["maimed", "defeat"]


@pytest.mark.rule("DK-R34", "DK-E11", "DK-E12")
def test_scratches_accumulate_and_wounds_do_not():
    assert scratch_levels([1, 2, 3]) == 3
    assert scratch_levels([3]) == 1
    assert scratch_levels([1, 3]) == 2
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 4, "fornuft")
    game.mark_wound(ids["burke"], 5, "fornuft")
    burke = game.character(ids["burke"])
    assert lasting_penalty(burke, "fornuft", DEFAULT) == 1
    assert scratch_levels([1, 2]) + lasting_penalty(burke, "fornuft", DEFAULT) == 3


@pytest.mark.rule("DK-R37")
def test_fall_down_keeps_the_count_and_the_marks():
    wounds = [Wound(6, "kraft"), Wound(2, "fornuft"), Wound(3, "intuition")]
    assert fall_down(wounds, DEFAULT) == (
        Wound(1, "fornuft"),
        Wound(2, "intuition"),
        Wound(3, "kraft"),
    )


@pytest.mark.rule("DK-R38")
def test_healing_removes_the_named_levels():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 1, "kraft")
    game.mark_wound(ids["burke"], 3, "fornuft")
    assert game.heal(ids["burke"], [3], reason="a refresh scene") == (3,)
    assert game.character(ids["burke"]).track() == ((1, "kraft"),)
    before = game.journal.effective()
    with pytest.raises(RuleError, match="no wound at level 2"):
        game.heal(ids["burke"], [2])
    with pytest.raises(RuleError, match="count of at least 1"):
        game.heal(ids["burke"], [])
    with pytest.raises(RuleError, match="not both"):
        game.heal(ids["burke"], [1], count=1)
    with pytest.raises(RuleError, match="cannot heal 2"):
        game.heal(ids["burke"], count=2)
    assert game.journal.effective() == before
    game.mark_wound(ids["burke"], 4, "intuition")
    assert game.heal(ids["burke"], count=1) == (4,)
    assert game.character(ids["burke"]).track() == ((1, "kraft"),)


@pytest.mark.rule("DK-E09")
def test_smugglers_a_second_level_two_kraft_wound_becomes_level_three():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["burke"], 2, "kraft")
    assert game.mark_wound(ids["burke"], 2, "kraft") == 3
    assert game.character(ids["burke"]).track() == ((2, "kraft"), (3, "kraft"))


@pytest.mark.rule("DK-E10", "DK-A02")
def test_kimbo_a_fornuft_wound_bumps_a_kraft_wound_on_the_shared_track():
    game, ids = station(damage_outside_lih=True)
    game.mark_wound(ids["kimbo"], 2, "fornuft")
    assert game.mark_wound(ids["kimbo"], 2, "kraft") == 3
    game, ids = station(damage_outside_lih=True, damage_track="per_ability")
    game.mark_wound(ids["kimbo"], 2, "fornuft")
    assert game.mark_wound(ids["kimbo"], 2, "kraft") == 2
