"""Dice core: pools, explosions in roll order, typed faces, caps and selections."""

from __future__ import annotations

import pytest

from isowidgets.dice import (
    D6,
    D20,
    DEFAULT_LIMITS,
    DF,
    LIMITS_CEILING,
    Dice,
    DieType,
    Limits,
    Pool,
    PoolRoll,
    d,
    die_named,
    keep_highest,
    keep_lowest,
    parse_faces,
)
from isowidgets.errors import DiceCapError, DiceError, FacesError, IsowidgetsError

RED = Pool(D6, 5, explode_on={1}, label="Bob red")


def test_standard_and_fudge_dice():
    assert d(6) is D6
    assert D20.faces == tuple(range(1, 21))
    assert DF.faces == (-1, 0, 1)
    assert die_named("D8").sides == 8
    assert die_named("dF") is DF
    with pytest.raises(DiceError, match="2 to 1000 sides"):
        d(1)
    with pytest.raises(DiceError, match="whole number"):
        d(True)
    with pytest.raises(DiceError, match="unknown die"):
        die_named("six")
    with pytest.raises(DiceError, match="distinct and ascending"):
        DieType("odd", (3, 1))


def test_typed_faces_link_every_extra_die_to_its_parent():
    roll = Dice(seed=1).roll(RED, faces=[5, 4, 3, 6, 1, 1, 2])
    assert roll.source == "typed"
    assert roll.faces == (5, 4, 3, 6, 1, 1, 2)
    assert [die.parent for die in roll.dice] == [None, None, None, None, None, 4, 5]
    assert [die.exploded for die in roll.dice] == [False] * 4 + [True, True, False]
    assert roll.odds == 4  # the exploded 1s keep their faces and count
    assert roll.faces_text() == "5 4 3 6 1→1→2"
    assert roll.depth(6) == 2


def test_extra_dice_follow_the_order_of_the_dice_that_exploded():
    pool = Pool(D6, 3, explode_on={6})
    roll = Dice().roll(pool, faces="6 2 6 3 6 4")
    # base 6 2 6; first 6 -> 3, second 6 -> 6, which -> 4
    assert [die.parent for die in roll.dice] == [None, None, None, 0, 2, 4]
    assert roll.faces_text() == "6→3 2 6→6→4"


def test_wrong_count_names_the_expected_count():
    with pytest.raises(FacesError, match=r"expected 7 faces \(5 base \+ 2 from explosions"):
        Dice().roll(RED, faces=[5, 4, 3, 6, 1, 1])
    with pytest.raises(FacesError, match="expected 5 faces"):
        Dice().roll(RED, faces=[5, 4, 3, 6, 2, 2])
    with pytest.raises(FacesError, match="at least 5 faces"):
        Dice().roll(RED, faces=[5, 4])


def test_faces_out_of_range_are_refused_with_the_allowed_faces():
    with pytest.raises(FacesError, match=r"face #2 .* is 7; a d6 shows 1–6"):
        Dice().roll(Pool(D6, 2), faces=[3, 7])
    with pytest.raises(FacesError, match="could not read 'x'"):
        Dice().roll(Pool(D6, 2), faces="3 x")


def test_fudge_faces_can_be_typed_as_symbols():
    assert parse_faces("+ - 0", DF) == [1, -1, 0]
    assert parse_faces("+-0", DF) == [1, -1, 0]
    assert parse_faces("+1, −1 blank", DF) == [1, -1, 0]
    roll = Dice().roll(Pool(DF, 4), faces="+ + - 0")
    assert roll.total == 1
    assert roll.faces_text() == "+ + − 0"


def test_optional_explosions_may_stop_short_and_mark_the_declined_die():
    pool = Pool(D6, 2, explode_on={6}, explosions="optional")
    roll = Dice().roll(pool, faces=[6, 6, 3])
    assert [die.declined for die in roll.dice] == [False, True, False]
    assert Dice().roll(pool, faces=[6, 6]).dice[0].declined
    with pytest.raises(FacesError):
        Dice().roll(pool, faces=[6, 6, 1, 2, 3])


def test_random_rolls_are_reproducible_from_the_seed_and_consistent():
    first = Dice(seed=42).roll(Pool(D6, 30, explode_on={6}))
    again = Dice(seed=42).roll(Pool(D6, 30, explode_on={6}))
    assert first.faces == again.faces
    assert first.source == "random"
    # every explosion produced exactly one extra die
    assert len(first.extras) == sum(1 for die in first.dice if die.face == 6)
    rebuilt = PoolRoll.from_record(first.to_record())
    assert rebuilt == first


def test_dice_state_can_be_restored():
    dice = Dice(seed=3)
    snapshot = dice.state()
    a = dice.roll(Pool(D20, 5)).faces
    dice.restore(snapshot)
    assert dice.roll(Pool(D20, 5)).faces == a


def test_caps_refuse_at_once():
    with pytest.raises(DiceCapError, match="at most 500"):
        Dice().roll(Pool(D6, 10**9))
    with pytest.raises(DiceCapError, match="explodes on every face"):
        Dice().roll(Pool(D6, 1, explode_on=set(D6.faces)))
    # A house rule that explodes on almost every face runs into the chain cap quickly.
    with pytest.raises(DiceCapError, match="cap of 200"):
        Dice(seed=1).roll(Pool(D6, 400, explode_on={1, 2, 3, 4, 5}))


def test_typed_chains_past_the_cap_are_refused():
    limits = Limits(max_dice=10, max_explosions=3)
    pool = Pool(D6, 1, explode_on={6})
    Dice(limits=limits).roll(pool, faces=[6, 6, 6, 2])
    with pytest.raises(DiceCapError, match="more than 3 extra dice"):
        Dice(limits=limits).roll(pool, faces=[6, 6, 6, 6, 2])


def test_pool_validation_errors_are_value_errors():
    with pytest.raises(DiceError, match="count must be ≥ 0"):
        Pool(D6, -1)
    with pytest.raises(ValueError, match="cannot explode on"):
        Pool(D6, 2, explode_on={7})
    with pytest.raises(IsowidgetsError, match="whole number"):
        Pool(D6, 2.5)  # type: ignore[arg-type]


def test_notation():
    pool = Pool.parse("5d6!1")
    assert (pool.count, pool.die, pool.explode_on) == (5, D6, frozenset({1}))
    assert Pool.parse("d20").count == 1
    assert Pool.parse("4dF").die is DF
    assert Pool.parse("2d6!?5,6").explosions == "optional"
    assert Pool.parse("5d6!1").describe() == "5×d6 (explode on 1)"
    with pytest.raises(DiceError, match="cannot read dice notation"):
        Pool.parse("five dice")


def test_keep_highest_and_lowest_are_stable():
    faces = [-1, 0, 0, 1, 1]
    assert keep_highest(faces, 3).values(faces) == (0, 1, 1)
    assert keep_lowest(faces, 2).kept == (0, 1)
    assert keep_highest([3, 3, 3], 2).kept == (0, 1)
    with pytest.raises(DiceError, match="cannot keep 6 of 5"):
        keep_lowest(faces, 6)


def test_default_limits_are_documented_values():
    assert (DEFAULT_LIMITS.max_dice, DEFAULT_LIMITS.max_explosions) == (500, 200)


def test_too_many_typed_faces_name_the_expected_count_not_the_cap():
    """A chain that ended is a wrong face count, even when far past the cap."""
    pool = Pool(D6, 2, explode_on={6})
    with pytest.raises(FacesError, match=r"expected 2 faces \(one per die\), got more than 202"):
        Dice().roll(pool, faces=[2] * 300)
    with pytest.raises(FacesError, match=r"expected 3 faces \(2 base \+ 1 from explosions\)"):
        Dice().roll(pool, faces=[6, 2] + [3] * 250)
    # A chain that still wants dice when the cap is reached is past the cap.
    with pytest.raises(DiceCapError, match="more than 200 extra dice"):
        Dice().roll(pool, faces=[6] * 300)


def test_limits_have_a_ceiling():
    assert Limits(LIMITS_CEILING, LIMITS_CEILING).max_dice == LIMITS_CEILING
    with pytest.raises(DiceError, match=f"from 0 to {LIMITS_CEILING}"):
        Limits(max_dice=LIMITS_CEILING + 1)
    assert Limits.from_record(Limits(7, 3).to_record()) == Limits(7, 3)
    with pytest.raises(DiceError, match="unknown fields"):
        Limits.from_record({"max_dice": 1, "max_explosions": 1, "x": 1})
