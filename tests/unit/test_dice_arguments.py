"""Every public function and method of isowidgets.dice (and of the Danish system's
reading of kept dice, isowidgets.rules.fudge_conflict.keep) refuses a bad argument with
DiceError (never AttributeError, TypeError, KeyError or a hang), names the argument,
and keeps its message short; bounded dice notation is read in linear time."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from isowidgets import checks, dice
from isowidgets.dice import (
    D6,
    DF,
    MAX_NOTATION,
    MAX_SIDES,
    MAX_TYPED,
    Dice,
    DieType,
    Limits,
    Pool,
    PoolRoll,
    RolledDie,
    Selection,
    d,
    die_named,
    keep_highest,
    keep_lowest,
    parse_faces,
)
from isowidgets.errors import DiceCapError, DiceError, FacesError, IsowidgetsError
from isowidgets.rules.fudge_conflict import keep
from isowidgets.tray import DiceTray


class Boom(Exception):
    pass


class Hostile:
    def __repr__(self) -> str:
        raise Boom("repr")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __hash__(self) -> int:
        raise Boom("hash")

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise Boom("iter")

    def __len__(self) -> int:
        raise Boom("len")

    def __index__(self) -> int:
        raise Boom("index")


class HostileInt(int):
    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __hash__(self) -> int:
        raise Boom("hash")


JUNK: list[object] = [
    None,
    True,
    -1,
    2.5,
    "x",
    "x" * 2_000_000,
    10**400,
    [],
    [None],
    {},
    {"a": 1},
    {6},
    b"6",
    object(),
    Hostile(),
    HostileInt(3),
    D6,
]

ROLL = Dice(seed=1).roll(Pool(D6, 3, explode_on={6}), faces=[6, 2, 3, 4])


def refused_or_fine(call: Callable[[], object]) -> None:
    """``call`` returns, or raises a DiceError with a short message; nothing else."""
    try:
        call()
    except DiceError as exc:
        assert len(str(exc)) < checks.SHOWN * 3, str(exc)[:300]
    except IsowidgetsError as exc:  # pragma: no cover - a failure message worth reading
        pytest.fail(f"{type(exc).__name__} is not a DiceError: {exc}")


# --------------------------------------------------------------------------- the fuzzed calls


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: parse_faces("3", 6), "parse_faces needs a DieType such as D6, got int 6"),
        (lambda: parse_faces("3", D6, most="x"), "most (faces to read) must be a whole number"),
        (lambda: keep_highest(5, 1), "the faces to keep from must be a list (in order), got int"),
        (lambda: keep_lowest({}, 1), "must be a list (in order), got dict"),
        (lambda: keep_lowest({1: 2}, 1), "must be a list (in order), got dict"),
        (lambda: keep_highest([1, "2"], 1), "a face must be a whole number, got str '2'"),
        (lambda: keep_highest([1, 2], None), "cannot keep None dice"),
        (lambda: d([]), "a die's number of sides must be a whole number, got list []"),
        (lambda: d(None), "a die's number of sides must be a whole number"),
        (lambda: die_named(None), "a die's name must be text, got NoneType None"),
        (lambda: die_named(6), "a die's name must be text, got int 6"),
        (lambda: die_named("d" * 100_000), "100,000 characters long"),
    ],
)
def test_helpers_refuse_with_dice_errors(call: Callable[[], object], words: str):
    with pytest.raises(DiceError) as caught:
        call()
    assert words in str(caught.value)


def public_callables() -> dict[str, Callable[..., Any]]:
    """Every public function of the module, and constructor and public method of its classes."""
    found: dict[str, Callable[..., Any]] = {}
    die = d(6)
    pool = Pool(D6, 2, explode_on={6}, label="Bob")
    selection = keep_highest([3, 1, 2], 2)
    instances: dict[type, object] = {
        DieType: die,
        Pool: pool,
        PoolRoll: ROLL,
        Dice: Dice(seed=1),
        Limits: Limits(),
        Selection: selection,
        RolledDie: ROLL.dice[0],
    }
    # The dice core, and the Danish reading of kept dice built on it (moved out of the
    # core into its system, checked the same way).
    for module, name in [(dice, n) for n in dice.__all__] + [(keep, n) for n in keep.__all__]:
        value = getattr(module, name)
        if inspect.isfunction(value):
            found[name] = value
        if isinstance(value, type) and value in instances:
            found[name] = value  # the constructor
            for attribute, member in inspect.getmembers(value):
                if attribute.startswith("_") or not callable(member):
                    continue
                found[f"{name}.{attribute}"] = getattr(instances[value], attribute)
    return found


PUBLIC = public_callables()


def test_the_sweep_covers_the_whole_module():
    for name in (
        "Pool.parse",
        "Pool.from_record",
        "PoolRoll.from_record",
        "Dice.roll",
        "Dice.restore",
        "Selection.values",
        "DieType.face_text",
        "keep_lowest",
        "keep_net",
        "roll_kept",
        "parse_faces",
        "die_named",
        "d",
        "Limits",
        "RolledDie",
        "PoolRoll",
    ):
        assert name in PUBLIC


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_call_refuses_junk_with_a_dice_error(name: str):
    """Each positional parameter in turn gets every junk value (the others a good one)."""
    function = PUBLIC[name]
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return
    parameters = [
        p
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name != "self"
    ]
    good = {
        "sides": 6,
        "name": "d6",
        "faces": [3, 1, 2],
        "die": D6,
        "count": 2,
        "explode_on": frozenset({6}),
        "explosions": "mandatory",
        "label": "",
        "limits": Limits(),
        "notation": "2d6",
        "record": {"die": "d6", "count": 1},
        "text": "3",
        "n": 1,
        "pool": Pool(D6, 1),
        "seed": 1,
        "predicate": bool,
        "index": 0,
        "face": 1,
        "state": Dice(seed=1).state(),
        "kept": (0,),
        "dropped": (),
        "max_dice": 5,
        "max_explosions": 5,
        "parent": None,
        "exploded": False,
        "declined": False,
        "source": "typed",
        "dice": ROLL.dice,
    }
    for position in range(len(parameters)):
        for junk in JUNK:
            args = [good.get(p.name, 1) for p in parameters]
            args[position] = junk
            refused_or_fine(lambda args=args: function(*args))
    positional = [good.get(p.name, 1) for p in parameters]
    for keyword in signature.parameters.values():
        if keyword.kind is keyword.KEYWORD_ONLY:
            for junk in JUNK:
                given = {keyword.name: junk}
                refused_or_fine(lambda given=given: function(*positional, **given))


def test_typed_faces_are_compared_as_plain_numbers():
    """A face whose type overrides __eq__/__hash__ is read as the number it is."""
    roll = Dice().roll(Pool(D6, 2), faces=[HostileInt(3), 4])
    assert roll.faces == (3, 4) and all(type(f) is int for f in roll.faces)


def test_explode_faces_are_bounded_and_checked_before_hashing():
    with pytest.raises(DiceError, match=f"at most {MAX_SIDES:,} items"):
        Pool(D6, 1, explode_on=[6] * (MAX_SIDES + 1))
    with pytest.raises(DiceError, match="explode_on must hold whole-number faces"):
        Pool(D6, 1, explode_on=[Hostile()])
    with pytest.raises(DiceError, match="explode_on must be a set of faces"):
        Pool(D6, 1, explode_on={6: 1})
    assert Pool(D6, 1, explode_on=[6, 6]).explode_on == frozenset({6})


def test_a_pool_count_past_64_bits_is_refused_when_the_pool_is_made():
    with pytest.raises(DiceError, match="64 bits"):
        Pool(D6, 10**400)
    with pytest.raises(DiceCapError, match="at most 500"):  # still the cap below that
        Dice().roll(Pool(D6, 10**18))


def test_typed_faces_without_a_bound_stop_at_the_most_any_roll_has():
    assert len(parse_faces([1] * MAX_TYPED, D6)) == MAX_TYPED
    with pytest.raises(DiceCapError, match=f"more than {MAX_TYPED:,} faces"):
        parse_faces("1 " * (MAX_TYPED + 1), D6)
    with pytest.raises(FacesError, match="could not read '1111111111"):
        parse_faces("1" * 5_000_000, D6)  # one huge token: its first piece already fails
    assert parse_faces("+-0", DF) == [1, -1, 0]


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "notation",
    [
        " " * 16_000,
        " " * 32_000,
        " " * 1_000_000,
        "5d6!" + "1," * 500_000,
        "5d6" + " " * 50_000 + "x",
    ],
    ids=["16k-blanks", "32k-blanks", "1M-blanks", "explode-list", "blanks-then-junk"],
)
def test_long_notation_is_refused_by_its_length_before_it_is_read(notation: str):
    """The length is checked before any regular expression runs (benchmarks/caps.py
    shows the refusal costs about as much as reading '5d6')."""
    with pytest.raises(DiceError) as caught:
        Pool.parse(notation)
    message = str(caught.value)
    assert f"characters long; at most {MAX_NOTATION} are allowed" in message
    assert len(message) < checks.SHOWN + 200


def test_notation_within_the_bound_still_reads_blanks_and_explosions():
    assert Pool.parse("  5 d 6 ! 1 , 2  ").explode_on == frozenset({1, 2})
    assert Pool.parse("\t2d6!?5,6\n").explosions == "optional"
    assert Pool.parse("4dF!+").explode_on == frozenset({1})
    for bad in ("5d6!", "5d6 !", "5d6" + " " * 90 + "x", "!" * 100, "d" * 100, "5d6!!1"):
        with pytest.raises(DiceError, match="cannot read dice notation"):
            Pool.parse(bad)


def test_the_explode_list_names_at_most_as_many_faces_as_the_die_has():
    assert Pool.parse("5d6!1,2,3,4,5,5").explode_on == frozenset({1, 2, 3, 4, 5})
    with pytest.raises(DiceError, match="lists more exploding faces than a d6 has"):
        Pool.parse("5d6!1,1,1,1,1,1,1")


def test_the_tray_refuses_huge_notation_and_changes_nothing():
    tray = DiceTray.new(seed=3)
    before = (tray.dice.state(), [e.to_line() for e in tray.journal])
    for notation in (" " * 1_000_000, "5d6!" + "1," * 500_000):
        with pytest.raises(DiceError, match="dice notation is"):
            tray.roll(notation)
    assert (tray.dice.state(), [e.to_line() for e in tray.journal]) == before


def test_keeping_more_dice_than_a_huge_number_says_so_shortly():
    """A count of thousands of digits is refused with a short message (it used to fail
    turning the number into text)."""
    with pytest.raises(DiceError, match=r"cannot keep a .*-bit whole number of 3 dice"):
        keep_highest([1, 2, 3], 10**5000)
