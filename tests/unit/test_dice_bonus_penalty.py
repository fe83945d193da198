"""Bonus and penalty dice in the dice core: which dice are kept, and cancellation."""

from __future__ import annotations

import itertools
from dataclasses import FrozenInstanceError

import pytest

from isowidgets.dice import DF, Dice, Selection
from isowidgets.errors import DiceCapError, DiceError, FacesError
from isowidgets.rules.fudge_conflict import KeptRoll, keep_net, net_dice, roll_kept


@pytest.mark.rule("DK-R07", "DK-A04")
def test_the_digest_example_under_both_readings():
    faces = [-1, 0, 0, 1, 1]
    forced = keep_net(faces, -2)
    assert forced.values(faces) == (-1, 0, 1)
    assert sum(forced.values(faces)) == 0
    worst = keep_net(faces, -2, penalty_keep="three_worst")
    assert sum(worst.values(faces)) == -1


@pytest.mark.rule("DK-R06")
def test_bonus_dice_keep_the_three_highest():
    faces = [-1, 1, 0, -1, 1]
    assert keep_net(faces, 2).values(faces) == (1, 0, 1)


@pytest.mark.rule("DK-R07")
def test_three_or_more_penalty_dice_keep_the_three_lowest():
    faces = [1, 1, 0, -1, 1, 0]
    assert sorted(keep_net(faces, -3).values(faces)) == [-1, 0, 0]
    faces = [1, 1, 1, 1, 1, 0, -1]
    assert sorted(keep_net(faces, -4).values(faces)) == [-1, 0, 1]


@pytest.mark.rule("DK-R07", "DK-A04")
def test_forced_then_best_agrees_with_its_definition_on_every_face_combination():
    for penalty in range(1, 5):
        for faces in itertools.product((-1, 0, 1), repeat=3 + penalty):
            kept = keep_net(faces, -penalty).values(faces)
            ordered = sorted(faces)
            forced = ordered[: min(penalty, 3)]
            rest = sorted(ordered[min(penalty, 3) :], reverse=True)
            assert sorted(kept) == sorted(forced + rest[: 3 - len(forced)])
            worst = keep_net(faces, -penalty, penalty_keep="three_worst").values(faces)
            assert sorted(worst) == ordered[:3]


@pytest.mark.rule("DK-R08")
def test_bonus_and_penalty_dice_cancel():
    assert net_dice(3, 2) == 1
    assert net_dice(1, 3) == -2
    assert net_dice(2, 2) == 0


@pytest.mark.rule("DK-R04", "DK-R08")
def test_a_kept_roll_rolls_the_net_dice_and_keeps_three():
    dice = Dice(5)
    for net in range(-5, 6):
        kept = roll_kept(dice, net)
        assert len(kept.roll.faces) == 3 + abs(net)
        assert len(kept.kept_faces) == 3
        assert (kept.bonus, kept.penalty) == (max(net, 0), max(-net, 0))
        assert kept.roll.pool.die is DF


def test_typed_faces_are_checked_against_the_pool_size():
    dice = Dice(1)
    kept = roll_kept(dice, -2, "- 0 0 + +")
    assert kept.roll.source == "typed"
    assert kept.total == 0
    assert kept.describe() == "− 0 [0] + [+]"
    with pytest.raises(FacesError, match="5 faces"):
        roll_kept(dice, -2, "- 0 0 +")
    with pytest.raises(FacesError, match="expected 5"):
        roll_kept(dice, -2, "- 0 0 + + +")
    with pytest.raises(FacesError):
        roll_kept(dice, 0, [2, 0, 0])


def test_kept_roll_refuses_a_selection_that_is_not_the_rule():
    dice = Dice(1)
    kept = roll_kept(dice, 1, "+ + 0 -")
    with pytest.raises(DiceError, match="keep dice"):
        KeptRoll(kept.roll, 1, keep_net(kept.roll.faces, -1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: net_dice(None, 1), "bonus dice must be a whole number"),
        (lambda: net_dice(1, -1), "penalty dice must be in 0"),
        (lambda: keep_net([0, 0, 0], 0, penalty_keep="best"), "penalty_keep must be one of"),
        (lambda: keep_net([0, 0], 0), "need 3 faces"),
        (lambda: keep_net("000", 0), "must be a list"),
        (lambda: roll_kept(None, 0), "needs the session's Dice"),
        (lambda: roll_kept(Dice(1), 10**30), "net bonus/penalty dice must be in"),
    ],
)
def test_bad_arguments_raise_the_dice_error(call, message):
    with pytest.raises(DiceError, match=message):
        call()


def test_a_huge_pool_is_past_the_cap():
    with pytest.raises(DiceCapError):
        roll_kept(Dice(1), 9_000)


@pytest.mark.parametrize("net", [-4, -2, 0, 1, 3])
def test_a_roll_chooses_its_kept_dice_once(monkeypatch: pytest.MonkeyPatch, net: int):
    """roll_kept runs keep_net once per roll (the kept roll it builds does not choose its
    selection again), and the roll is frozen and equal to one built and checked from
    outside."""
    from isowidgets.rules.fudge_conflict import keep as keep_module

    calls: list[int] = []
    real = keep_module.keep_net

    def counted(*args: object, **kwargs: object) -> Selection:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(keep_module, "keep_net", counted)
    dice = Dice(7)
    for rolls in range(1, 4):
        kept = roll_kept(
            dice, net, penalty_keep="three_worst" if rolls == 2 else "forced_worst_then_best"
        )
        assert len(calls) == rolls
    assert kept == KeptRoll(kept.roll, kept.net, kept.selection, kept.penalty_keep)
    with pytest.raises(FrozenInstanceError):
        kept.net = 5  # type: ignore[misc]
