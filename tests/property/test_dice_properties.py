"""Dice core invariants over generated requests."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.dice import DF, Dice, Limits, Pool, d
from isowidgets.errors import DiceError, IsowidgetsError

dice_types = st.one_of(st.sampled_from([DF]), st.integers(2, 30).map(d))


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    die = draw(dice_types)
    explode = draw(st.sets(st.sampled_from(die.faces), max_size=min(3, die.sides - 1)))
    return Pool(
        die,
        draw(st.integers(0, 40)),
        frozenset(explode),
        draw(st.sampled_from(["mandatory", "optional"])),
    )


@given(pools(), st.integers(0, 2**32))
def test_random_rolls_retype_to_the_same_roll(pool: Pool, seed: int):
    """Whatever the generator rolls, typing the same faces in gives the same chains."""
    rolled = Dice(seed).roll(pool)
    typed = Dice().roll(pool, faces=list(rolled.faces))
    assert typed.dice == rolled.dice
    assert typed.source == "typed" and rolled.source == "random"
    assert len(rolled.base) == pool.count
    # Each extra die has exactly one parent, which shows an exploding face.
    for die in rolled.extras:
        assert die.parent is not None and die.parent < die.index
        assert rolled.dice[die.parent].face in pool.explode_on
    assert len({die.parent for die in rolled.extras}) == len(rolled.extras)


@given(
    st.one_of(st.integers(-5, 1000), st.floats(), st.text(max_size=3), st.none()),
    st.lists(st.integers(-3, 40), max_size=60) | st.text(max_size=20) | st.none(),
    st.sets(st.integers(-2, 8), max_size=7),
)
@settings(max_examples=300)
def test_any_request_rolls_or_raises_our_error(count: object, faces: object, explode: set[int]):
    """Never a crash of another kind, never a hang (caps)."""
    try:
        pool = Pool(d(6), count, frozenset(explode))  # type: ignore[arg-type]
        roll = Dice(seed=1, limits=Limits(max_dice=300, max_explosions=50)).roll(
            pool,
            faces,  # type: ignore[arg-type]
        )
    except IsowidgetsError as exc:
        assert isinstance(exc, DiceError) and isinstance(exc, ValueError)
        assert str(exc)
    else:
        assert len(roll.dice) >= pool.count
