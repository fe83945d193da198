"""One roll settles a conflict: 3dF + skill, and the three kinds of opposition (DK-R01…R13)."""

from __future__ import annotations

import pytest
from fudge_station import station

from isowidgets.errors import RuleError
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.fudge_conflict.conflict import judge


@pytest.mark.rule("DK-R01", "DK-R13")
def test_every_kind_of_conflict_is_one_roll_through_one_method():
    game, ids = station()
    for kind, extra in (
        ("passive", {"difficulty": 1}),
        ("active", {"opponent": ids["guard"], "opponent_skill": "notice"}),
        ("competing", {"opponent": ids["guard"], "opponent_skill": "athletics"}),
    ):
        rolled = game.check(kind, ids["burke"], "sneak", **extra)
        assert len(rolled.records) == (1 if kind == "passive" else 2)
        assert game.state.conflict.resolved


@pytest.mark.rule("DK-R02")
def test_skills_run_from_zero_to_four():
    game, _ = station()
    game.add_character("Zero", skills={"a": 0, "b": 4})
    for bad in (-1, 5, 2.0, True, None):
        with pytest.raises(RuleError, match="skill"):
            game.add_character("Bad", skills={"a": bad})


@pytest.mark.rule("DK-R03", "DK-R04")
def test_three_fudge_dice_plus_the_skill():
    game, ids = station()
    for faces, result in (("- - -", -1), ("0 0 0", 2), ("+ + +", 5), ("+ - 0", 2)):
        rolled = game.check("passive", ids["burke"], "sneak", difficulty=0, faces=faces)
        record = rolled.records[0]
        assert record.roll.pool.die.faces == (-1, 0, 1)
        assert len(record.kept) == 3
        assert record.result == result
    low = game.add_character("Low", skills={"x": 0})
    high = game.add_character("High", skills={"x": 4})
    assert game.check("passive", low, "x", difficulty=0, faces="- - -").records[0].result == -3
    assert game.check("passive", high, "x", difficulty=0, faces="+ + +").records[0].result == 7


@pytest.mark.rule("DK-R05", "DK-R10", "DK-E01")
def test_passive_opposition_succeeds_only_above_the_difficulty():
    game, ids = station()
    game.open_conflict(
        "passive",
        ids["burke"],
        "sneak",
        difficulty=1,
        success="passes unseen",
        failure="passes but sets off the alarm",
    )
    assert game.state.conflict.opened.failure == "passes but sets off the alarm"
    tie = game.roll_conflict("- 0 0")  # 1 against 1
    assert (tie.success, tie.winner, tie.loser) == (False, None, ids["burke"])
    assert game.check("passive", ids["burke"], "sneak", difficulty=1, faces="0 0 0").success


@pytest.mark.rule("DK-R10")
def test_passive_opposition_needs_its_difficulty_before_the_roll():
    game, ids = station()
    with pytest.raises(RuleError, match="needs a difficulty"):
        game.open_conflict("passive", ids["burke"], "sneak")
    with pytest.raises(RuleError, match="no opponent"):
        game.open_conflict("passive", ids["burke"], "sneak", difficulty=1, opponent=ids["guard"])


@pytest.mark.rule("DK-R06", "DK-R07", "DK-R08")
def test_bonus_and_penalty_dice_given_to_a_roll_cancel():
    game, ids = station()
    rolled = game.check(
        "passive", ids["burke"], "sneak", difficulty=0, faces="- 0 + +", bonus=3, penalty=2
    )
    record = rolled.records[0]
    assert record.net == 1
    assert [(s.kind, s.dice) for s in record.sources] == [("bonus", 3), ("penalty", -2)]
    assert record.kept_faces() == (0, 1, 1)
    rolled = game.check(
        "passive", ids["burke"], "sneak", difficulty=0, faces="- 0 0 + +", penalty=2
    )
    assert rolled.records[0].kept_faces() == (-1, 0, 1)  # DK-R07's example


@pytest.mark.rule("DK-R09")
def test_a_conflict_opens_with_its_intention_and_binds_at_the_roll():
    game, ids = station()
    game.open_conflict(
        "active",
        ids["burke"],
        "sneak",
        opponent=ids["guard"],
        opponent_skill="notice",
        intention="get past unseen",
        opponent_intention="spot him",
    )
    steps = {s.action for s in game.next_steps()}
    assert {"assist", "roll_conflict", "cancel_conflict"} <= steps
    assert "open_conflict" not in steps
    with pytest.raises(RuleError, match="is open"):
        game.open_conflict("passive", ids["burke"], "sneak", difficulty=1)
    game.roll_conflict("0 0 0", "0 0 0")
    assert game.state.conflict.opened.intention == "get past unseen"
    with pytest.raises(RuleError, match="no conflict is open"):
        game.roll_conflict()


@pytest.mark.rule("DK-R11", "DK-E02")
def test_active_opposition_tie_goes_against_the_initiator():
    game, ids = station()
    rolled = game.check(
        "active",
        ids["burke"],
        "sneak",
        opponent=ids["guard"],
        opponent_skill="notice",
        faces="0 0 0",
        opponent_faces="0 0 0",
    )
    assert (rolled.winner, rolled.loser, rolled.success) == (ids["guard"], ids["burke"], False)
    rolled = game.check(
        "active",
        ids["burke"],
        "sneak",
        opponent=ids["guard"],
        opponent_skill="notice",
        faces="+ 0 0",
        opponent_faces="- 0 0",
    )
    assert (rolled.winner, rolled.margin) == (ids["burke"], 2)
    with pytest.raises(RuleError, match="only competing opposition"):
        game.check(
            "active",
            ids["burke"],
            "sneak",
            opponent=ids["guard"],
            opponent_skill="notice",
            tie_winner=ids["burke"],
        )


@pytest.mark.rule("DK-R12", "DK-E03")
def test_competing_opposition_tie_is_a_draw_or_the_gms_winner():
    game, ids = station()
    race = {"opponent": ids["guard"], "opponent_skill": "athletics"}
    rolled = game.check(
        "competing", ids["burke"], "athletics", faces="+ 0 0", opponent_faces="0 0 0", **race
    )
    assert rolled.draw and rolled.winner is None
    rolled = game.check(
        "competing",
        ids["burke"],
        "athletics",
        faces="+ 0 0",
        opponent_faces="0 0 0",
        tie_winner=ids["guard"],
        **race,
    )
    assert (rolled.draw, rolled.winner, rolled.loser) == (False, ids["guard"], ids["burke"])


@pytest.mark.rule("DK-R11", "DK-R12")
def test_judge_reads_table_t_dk_2():
    assert judge("active", ("a", 3), ("b", 3), None) == ("b", "a", False, 0, False)
    assert judge("competing", ("a", 3), ("b", 3), None) == (None, None, True, 0, False)
    assert judge("competing", ("a", 4), ("b", 3), None) == ("a", "b", False, 1, True)
    assert judge("passive", ("a", 2), None, 2) == (None, "a", False, 0, False)


def test_a_cancelled_conflict_leaves_nothing_open():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "sneak", difficulty=1)
    game.cancel_conflict("the guard left")
    assert game.state.conflict is None


def test_the_check_journals_opening_and_roll_as_two_actions():
    game, ids = station()
    before = len(game.journal)
    game.check("passive", ids["burke"], "sneak", difficulty=1, faces="0 0 0")
    game.undo()
    assert game.state.open_conflict() is not None
    assert len(game.journal) == before + 3


def test_a_refused_roll_changes_nothing():
    game, ids = station()
    game.open_conflict("passive", ids["burke"], "sneak", difficulty=1)
    state, journal, dice = game.state, game.journal.effective(), game.dice.state()
    with pytest.raises(RuleError, match="faces"):
        game.roll_conflict("0 0")
    assert (game.state, game.journal.effective(), game.dice.state()) == (state, journal, dice)


def test_a_session_reopens_to_the_same_state(tmp_path):
    path = tmp_path / "station.jsonl"
    game = FudgeGame.new(path)
    burke = game.add_character("Mr. Burke", skills={"sneak": 2})
    game.check("passive", burke, "sneak", difficulty=1)
    assert FudgeGame.resume(path).state == game.state


def test_the_game_modules_example_runs():
    from isowidgets.rules.fudge_conflict import game as module

    code = module.__doc__.split("A passive check with typed faces::", 1)[1]
    lines = [line[4:] for line in code.splitlines() if line.startswith("    ")]
    scope: dict[str, object] = {"FudgeGame": FudgeGame}
    exec("\n".join(lines), scope)
    assert scope["game"].state.conflict.rolled.success
