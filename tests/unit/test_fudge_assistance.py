"""Assistance: combining two skills, helping others, chains (DK-R15…R20)."""

from __future__ import annotations

import pytest
from fudge_station import station

from isowidgets.errors import RuleError


@pytest.mark.rule("DK-R15", "DK-E04")
def test_a_combined_skill_gives_its_result_as_bonus_dice():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    helped = game.assist(ids["burke"], "programming", faces="0 0 0")  # 3 "successes"
    assert helped.passed_on == 3
    rolled = game.roll_conflict("0 0 0 0 0 +")
    assert [(s.kind, s.dice) for s in rolled.records[0].sources] == [("assist", 3)]
    assert rolled.records[0].result == 3


@pytest.mark.rule("DK-R15")
def test_a_bad_combination_gives_penalty_dice_only_when_allowed():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    assert game.assist(ids["burke"], "chinese", faces="- - 0").passed_on == 0  # −1, no penalty
    game.cancel_conflict()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    assert game.assist(ids["burke"], "chinese", faces="- - 0", penalties=True).passed_on == -1
    assert game.roll_preview(ids["burke"], "reactor")[0].dice == -1
    game.cancel_conflict()
    game.open_conflict("passive", ids["burke"], "reactor", difficulty=3)
    assert game.assist(ids["burke"], "chinese", faces="- 0 0", penalties=True).passed_on == 0


@pytest.mark.rule("DK-R16", "DK-E05")
def test_a_failed_gate_makes_the_task_impossible():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "programming", difficulty=2)
    gate = game.assist(ids["burke"], "chinese", gate=1, faces="0 0 0")  # 1, not > 1
    assert gate.blocked
    conflict = game.state.conflict
    assert conflict.resolved and not conflict.rolled.success
    assert "gate" in conflict.rolled.reason
    with pytest.raises(RuleError, match="no conflict is open"):
        game.roll_conflict()
    game.open_conflict("passive", ids["burke"], "programming", difficulty=2)
    gate = game.assist(ids["burke"], "chinese", gate=1, faces="+ 0 0")
    assert (gate.blocked, gate.passed_on) == (False, 2)


@pytest.mark.rule("DK-R17")
def test_a_helper_with_another_skill_works_like_combining():
    game, ids = station()
    game.open_conflict(
        "active", ids["burke"], "argue", opponent=ids["boss"], opponent_skill="argue"
    )
    helped = game.assist(ids["kimbo"], "brawl", gate=0, faces="- - -")
    assert helped.blocked
    assert game.state.conflict.rolled.winner == ids["boss"]


@pytest.mark.rule("DK-R18", "DK-R19", "DK-A18", "DK-A19", "DK-E06")
def test_the_hard_drive_chain():
    game, ids = station()
    s1 = game.add_character("Scavenger 1", skills={"strength": 3})
    s2 = game.add_character("Scavenger 2", skills={"strength": 2})
    s3 = game.add_character("Scavenger 3", skills={"strength": 2})
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    assert game.assist(s1, "strength", faces="+ 0 0").passed_on == 4
    with pytest.raises(RuleError, match="rolls strength last"):
        game.assist(ids["burke"], "strength")  # the principal rolls last
    second = game.assist(s2, "strength", faces="+ 0 0 0 0 0 -")  # 4 bonus dice: keeps + 0 0
    assert (second.roll.net, second.passed_on) == (4, 3)
    with pytest.raises(RuleError, match="descending skill value"):
        game.assist(s1, "strength")  # 3 after a 2
    game.cancel_conflict()

    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    assert game.assist(s1, "strength", faces="+ 0 0").passed_on == 4
    assert game.assist(s2, "strength", faces="0 0 0 - - - -").passed_on == 2
    assert game.assist(s3, "strength", faces="+ 0 0 -  -").passed_on == 3
    rolled = game.roll_conflict("0 0 0 0 0 0")
    assert [(s.kind, s.dice) for s in rolled.records[0].sources] == [("assist", 3)]
    with pytest.raises(RuleError, match="no conflict is open"):
        game.assist(s1, "strength")


@pytest.mark.rule("DK-R19")
def test_a_chain_can_turn_a_bonus_into_a_penalty_and_back():
    game, ids = station()
    h1 = game.add_character("Helper 1", skills={"strength": 1})
    h2 = game.add_character("Helper 2", skills={"strength": 1})
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    assert game.assist(h1, "strength", faces="- - -", penalties=True).passed_on == -2
    assert game.assist(h2, "strength", faces="+ + + + +", penalties=True).passed_on == 4


@pytest.mark.rule("DK-R20")
def test_circumstance_penalty_dice_hit_every_participant():
    game, ids = station()
    helper = game.add_character("Helper", skills={"strength": 1})
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2, circumstance=1)
    helped = game.assist(helper, "strength", faces="+ 0 0 0")  # forced 0, then + 0: 2
    assert [(s.kind, s.dice) for s in helped.roll.sources] == [("circumstance", -1)]
    rolled = game.roll_conflict("+ + 0 0")  # 2 bonus − 1 circumstance = 1 bonus die
    assert [(s.kind, s.dice) for s in rolled.records[0].sources] == [
        ("assist", 2),
        ("circumstance", -1),
    ]
    assert rolled.records[0].net == 1
    game.open_conflict(
        "active",
        ids["burke"],
        "shoot",
        opponent=ids["guard"],
        opponent_skill="shoot",
        circumstance=2,
    )
    rolled = game.roll_conflict()
    assert all(r.net == -2 for r in rolled.records)


def test_assisting_someone_outside_the_conflict_is_refused():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    with pytest.raises(RuleError, match="not a principal"):
        game.assist(ids["guard"], "strength", target=ids["kimbo"])


@pytest.mark.rule("DK-R19")
def test_a_helpers_preview_counts_what_the_chain_passed_on_as_the_roll_does():
    """The preview of a helper's roll and the roll itself gather their dice in one place:
    the second scavenger's preview carries the 4 bonus dice the first passed on to Burke,
    as assistance, and the roll that follows carries exactly those."""
    game, ids = station()
    s1 = game.add_character("Scavenger 1", skills={"strength": 3})
    s2 = game.add_character("Scavenger 2", skills={"strength": 2})
    game.open_conflict("passive", ids["burke"], "strength", difficulty=2)
    assert game.assist(s1, "strength", faces="+ 0 0").passed_on == 4
    preview = game.roll_preview(s2, "strength", target=ids["burke"])
    assert [(s.kind, s.dice) for s in preview] == [("assist", 4)]
    assert game.roll_preview(s2, "strength") == ()  # for themself: nothing passed on
    second = game.assist(s2, "strength", faces="+ 0 0 0 0 0 -")
    assert second.roll.sources == preview
