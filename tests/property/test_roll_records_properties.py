"""A roll record reads the same by the short way (a record exactly as the kit writes it)
and the long way (every field checked again), or fails the same way; and the chains of
any faces are the ones a plain reading of the rules gives.

:meth:`PoolRoll.from_record <isowidgets.dice.PoolRoll.from_record>` takes a record as
:meth:`~isowidgets.dice.PoolRoll.to_record` writes it through ``_written_roll`` (a resume
reads thousands), which builds the roll from parts it checked itself; everything else,
a forger's record included, is read the long way, which says what is wrong.
"""

from __future__ import annotations

import copy
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from isowidgets.dice import DF, LOAD_LIMITS, Dice, Limits, Pool, PoolRoll, d
from isowidgets.dice import records as dice_records
from isowidgets.errors import DiceError

dice_types = st.one_of(st.sampled_from([DF]), st.integers(2, 12).map(d))


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    die = draw(dice_types)
    explode = draw(st.sets(st.sampled_from(die.faces), max_size=min(2, die.sides - 1)))
    return Pool(
        die,
        draw(st.integers(0, 8)),
        frozenset(explode),
        draw(st.sampled_from(["mandatory", "optional"])),
        draw(st.sampled_from(["", "Bob green"])),
    )


@st.composite
def written(draw: st.DrawFn) -> dict[str, Any]:
    """A record as the kit writes one: a random roll (numbered, GM-only or not) or typed
    faces, of any pool."""
    pool = draw(pools())
    if draw(st.booleans()):
        roll = Dice(draw(st.integers(0, 2**32))).roll(pool)
        if draw(st.booleans()):
            number, gm = draw(st.integers(1, 10**6)), draw(st.booleans())
            roll = PoolRoll(roll.pool, roll.dice, "random", None, number, gm)
    else:
        faces = Dice(draw(st.integers(0, 2**32))).roll(pool).faces
        roll = Dice().roll(pool, faces=list(faces))
    return roll.to_record()


def _long(record: object, limits: object = LOAD_LIMITS) -> PoolRoll | None:
    """The long way: ``from_record`` with the short way turned off."""
    saved = dice_records._written_roll
    dice_records._written_roll = lambda record, limits: None  # type: ignore[assignment]
    try:
        return PoolRoll.from_record(record, limits)  # type: ignore[arg-type]
    finally:
        dice_records._written_roll = saved


def _outcome(read: Any) -> tuple[str, object]:
    try:
        roll = read()
    except Exception as exc:
        return type(exc).__name__, str(exc)
    return "roll", (roll, roll.number, roll.gm, roll.draw, roll.dice)


EDITS = [
    ("faces", lambda r: r["faces"].append(r["faces"][0] if r["faces"] else 1)),
    ("faces", lambda r: r["faces"].pop() if r["faces"] else None),
    ("faces", lambda r: r.__setitem__("faces", [True for _ in r["faces"]])),
    ("faces", lambda r: r.__setitem__("faces", [f + 0.0 for f in r["faces"]])),
    ("faces", lambda r: r.__setitem__("faces", [99 for _ in r["faces"]])),
    ("faces", lambda r: r.__setitem__("faces", tuple(r["faces"]))),
    ("faces", lambda r: r.__setitem__("faces", [1] * 500)),
    ("source", lambda r: r.__setitem__("source", "typed")),
    ("source", lambda r: r.__setitem__("source", "forged")),
    ("n", lambda r: r.__setitem__("n", 0)),
    ("n", lambda r: r.__setitem__("n", True)),
    ("n", lambda r: r.__setitem__("n", "7")),
    ("n", lambda r: r.__setitem__("n", None)),
    ("n", lambda r: r.__setitem__("n", 2**70)),
    ("n", lambda r: r.pop("n", None)),
    ("gm", lambda r: r.__setitem__("gm", False)),
    ("gm", lambda r: r.__setitem__("gm", 1)),
    ("gm", lambda r: r.__setitem__("gm", True)),
    ("draw", lambda r: r.__setitem__("draw", [0, 3])),
    ("extra", lambda r: r.__setitem__("extra", 1)),
    ("pool", lambda r: r["pool"].__setitem__("count", r["pool"]["count"] + 1)),
    ("pool", lambda r: r["pool"].__setitem__("count", True)),
    ("pool", lambda r: r["pool"].__setitem__("explode_on", [1, 2, 3, 4, 5, 6])),
    ("pool", lambda r: r["pool"].__setitem__("die", "d7")),
    ("pool", lambda r: r["pool"].pop("die")),
    ("pool", lambda r: r.__setitem__("pool", "3d6")),
    ("pool", lambda r: r.pop("pool")),
    ("faces", lambda r: r.pop("faces")),
    ("source", lambda r: r.pop("source")),
]


@settings(max_examples=400)
@given(written())
def test_a_written_record_reads_the_same_either_way(record: dict[str, Any]):
    short = dice_records._written_roll(copy.deepcopy(record), LOAD_LIMITS)
    assert short is not None  # taken the short way
    assert _outcome(lambda: short) == _outcome(lambda: _long(copy.deepcopy(record)))
    assert short.to_record() == record


@settings(max_examples=600)
@given(written(), st.lists(st.sampled_from(range(len(EDITS))), min_size=1, max_size=3))
def test_an_edited_record_reads_or_fails_the_same_either_way(record: dict[str, Any], edits):
    for index in edits:
        try:
            EDITS[index][1](record)
        except (AttributeError, KeyError, TypeError):  # an earlier edit took its field
            continue
    fast = _outcome(lambda: PoolRoll.from_record(copy.deepcopy(record), LOAD_LIMITS))
    assert fast == _outcome(lambda: _long(copy.deepcopy(record)))


@pytest.mark.parametrize("limits", [Limits(), Limits(3, 0), LOAD_LIMITS])
@given(written())
def test_caps_are_checked_the_same_either_way(limits: Limits, record: dict[str, Any]):
    assert _outcome(lambda: PoolRoll.from_record(copy.deepcopy(record), limits)) == _outcome(
        lambda: _long(copy.deepcopy(record), limits)
    )


def _chains(pool: Pool, faces: list[int]) -> list[tuple[int, int | None, bool, bool]] | None:
    """The rules read plainly: the base dice first, then each exploding face adds the next
    die, in order; ``None`` when the faces do not fit the pool."""
    if len(faces) < pool.count or any(f not in pool.die.faces for f in faces):
        return None
    waiting: deque[int] = deque()
    dice: list[tuple[int, int | None, bool, bool]] = []
    for index, face in enumerate(faces):
        parent = None
        if index >= pool.count:
            if not waiting:
                return None
            parent = waiting.popleft()
        dice.append((face, parent, False, False))
        if face in pool.explode_on:
            waiting.append(index)
    if waiting and pool.explosions == "mandatory":
        return None
    spawned = {parent for _, parent, _, _ in dice if parent is not None}
    return [
        (face, parent, index in spawned, index in waiting)
        for index, (face, parent, _, _) in enumerate(dice)
    ]


@settings(max_examples=500)
@given(pools(), st.data())
def test_the_dice_of_any_faces_are_the_chains_the_rules_make(pool: Pool, data: st.DataObject):
    faces = data.draw(
        st.lists(
            st.sampled_from(pool.die.faces),
            min_size=max(0, pool.count - 1),
            max_size=pool.count + 4,
        )
    )
    expected = _chains(pool, faces)
    try:
        roll = Dice().roll(pool, faces=faces)
    except DiceError:
        assert expected is None, (pool, faces)
        return
    assert expected is not None, (pool, faces)
    assert [(die.face, die.parent, die.exploded, die.declined) for die in roll.dice] == expected
    assert [die.index for die in roll.dice] == list(range(len(faces)))
