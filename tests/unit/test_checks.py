"""isowidgets.checks: the one argument-check module every public call uses.

Each check accepts what it should (as a plain built-in value), refuses None, the
wrong type, huge numbers and megabytes with the kit's error naming the argument,
and never lets a hostile ``__repr__``, ``__eq__``, ``__hash__``, ``__iter__`` or
``__fspath__`` escape the error family. No message repeats more than about
``checks.SHOWN`` characters of what it was given.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from isowidgets import checks
from isowidgets.errors import DiceError, IsowidgetsError, JournalError, RuleError, SettingsError

MEGABYTES = "x" * 5_000_000
HUGE = 10**400


class Boom(Exception):
    """What a hostile object raises: never one of the kit's errors."""


class HostileRepr:
    def __repr__(self) -> str:
        raise Boom("repr")


class HostileEq:
    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __hash__(self) -> int:
        raise Boom("hash")

    def __repr__(self) -> str:
        raise Boom("repr")


class HostileStr(str):
    def strip(self, *args: object) -> str:  # type: ignore[override]
        raise Boom("strip")

    def split(self, *args: object) -> list[str]:  # type: ignore[override]
        raise Boom("split")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __hash__(self) -> int:
        raise Boom("hash")

    def __len__(self) -> int:
        return 3

    def __repr__(self) -> str:
        raise Boom("repr")


class HostileInt(int):
    def __lt__(self, other: object) -> bool:
        raise Boom("lt")

    def __le__(self, other: object) -> bool:
        raise Boom("le")

    def __gt__(self, other: object) -> bool:
        raise Boom("gt")

    def __ge__(self, other: object) -> bool:
        raise Boom("ge")

    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __hash__(self) -> int:
        raise Boom("hash")


class HostileIterable:
    def __iter__(self):  # type: ignore[no-untyped-def]
        yield "a"
        raise Boom("iter")


class HostilePath(os.PathLike[str]):
    def __fspath__(self) -> str:
        raise Boom("fspath")


def short_enough(message: str) -> bool:
    """No message holds more than about SHOWN characters of its input (plus its own words)."""
    return len(message) < checks.SHOWN + 400


# --------------------------------------------------------------------------- shown


@pytest.mark.parametrize(
    "value",
    [
        MEGABYTES,
        MEGABYTES.encode(),
        HUGE,
        list(range(1_000_000)),
        {i: i for i in range(300)},
        [MEGABYTES] * 50,
        [[[[[MEGABYTES]]]]],
        HostileRepr(),
        HostileEq(),
        HostileStr("abc"),
    ],
    ids=[
        "str",
        "bytes",
        "int",
        "list",
        "dict",
        "list-of-megabytes",
        "nested",
        "repr",
        "eq",
        "str-subclass",
    ],
)
def test_shown_is_short_and_never_raises(value: object):
    text = checks.shown(value)
    assert isinstance(text, str) and text
    assert len(text) <= checks.SHOWN + 40


def test_shown_says_how_much_it_cut():
    assert checks.shown("ab") == "'ab'"
    assert "(5,000,000 characters)" in checks.shown(MEGABYTES)
    assert checks.shown(HUGE) == "a 1,329-bit whole number"
    assert checks.shown(list(range(1000))) == "a list of 1,000 items"
    assert checks.shown(HostileRepr()) == "a HostileRepr"
    assert checks.shown("x" * 500, 60).endswith("(500 characters)")


# --------------------------------------------------------------------------- text


def test_text_accepts_and_cleans():
    assert checks.text("  Bob  ", "a name") == "Bob"
    assert checks.text("a \n  b", "a name", collapse=True) == "a b"
    assert checks.text("", "a reason", allow_empty=True) == ""
    assert checks.text("  keep  ", "a label", strip=False) == "  keep  "
    subclassed = checks.text(HostileStr("Bob"), "a name")
    assert type(subclassed) is str and subclassed == "Bob"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "must be text, got NoneType None"),
        (3, "must be text, got int 3"),
        (b"Bob", "must be text, got bytes"),
        ("   ", "must not be empty"),
        ("x" * 301, "301 characters long; at most 300"),
        (MEGABYTES, "5,000,000 characters long; at most 300"),
        ("a\ud800b", "lone surrogate"),
    ],
    ids=["none", "int", "bytes", "blank", "long", "megabytes", "surrogate"],
)
def test_text_refuses(value: object, words: str):
    with pytest.raises(RuleError, match="a name") as caught:
        checks.text(value, "a name")
    assert words in str(caught.value)
    assert short_enough(str(caught.value))


def test_text_refuses_with_the_error_it_is_given():
    with pytest.raises(DiceError, match="notation"):
        checks.text(None, "notation", error=DiceError)
    with pytest.raises(RuleError, match="Tip: shorter"):
        checks.text("x" * 400, "a name", tip="shorter")


# --------------------------------------------------------------------------- whole


def test_whole_accepts_plain_numbers():
    assert checks.whole(3, "levels", 1, 3) == 3
    assert checks.whole(-5, "a delta") == -5
    value = checks.whole(HostileInt(2), "levels", 1, 3)
    assert type(value) is int and value == 2


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "must be a whole number, got NoneType None"),
        (True, "must be a whole number, got bool True"),
        (2.0, "must be a whole number, got float 2.0"),
        ("2", "must be a whole number, got str '2'"),
        (4, "must be in 1..3, got 4"),
        (HUGE, "must be in 1..3, got a 1,329-bit whole number"),
        (MEGABYTES, "must be a whole number, got str"),
        (HostileInt(9), "must be in 1..3, got 9"),
    ],
    ids=["none", "bool", "float", "text", "range", "huge", "megabytes", "subclass"],
)
def test_whole_refuses(value: object, words: str):
    with pytest.raises(RuleError, match="levels") as caught:
        checks.whole(value, "levels", 1, 3)
    assert words in str(caught.value)
    assert short_enough(str(caught.value))


def test_whole_without_a_range_still_stops_at_64_bits():
    assert checks.whole(checks.MAX_WHOLE, "a delta") == checks.MAX_WHOLE
    for value in (checks.MAX_WHOLE + 1, -checks.MAX_WHOLE - 1, HUGE):
        with pytest.raises(RuleError, match="a delta must be a whole number of at most 64 bits"):
            checks.whole(value, "a delta")
    with pytest.raises(RuleError, match="64 bits"):
        checks.whole(HUGE, "a count", 0)


# --------------------------------------------------------------------------- real


def test_real_accepts_numbers_in_range():
    assert checks.real(0.5, "tail", 0, 1) == 0.5
    assert checks.real(1, "tail", 0, 1) == 1.0
    with pytest.raises(RuleError, match="up to \\(not including\\) 1"):
        checks.real(1, "tail", 0, 1, below_hi=True)


@pytest.mark.parametrize(
    "value",
    [None, True, "0.5", float("nan"), float("inf"), -0.1, HUGE, MEGABYTES],
    ids=["none", "bool", "text", "nan", "inf", "below", "huge", "megabytes"],
)
def test_real_refuses(value: object):
    with pytest.raises(RuleError, match="tail must be a number") as caught:
        checks.real(value, "tail", 0, 1)
    assert short_enough(str(caught.value))


# --------------------------------------------------------------------------- flag, choice, function


def test_flag():
    assert checks.flag(True, "resume") is True
    for value in (None, 1, "yes", MEGABYTES):
        with pytest.raises(RuleError, match="resume must be True or False") as caught:
            checks.flag(value, "resume")
        assert short_enough(str(caught.value))


def test_choice_compares_without_trusting_the_value():
    assert checks.choice("fsync", "sync", ("flush", "fsync")) == "fsync"
    assert checks.choice(2, "n", (1, 2)) == 2
    for value in (None, "FSYNC", 1.0, True, MEGABYTES, HostileEq(), HostileStr("flush")):
        with pytest.raises(JournalError, match="sync must be one of 'flush', 'fsync'") as caught:
            checks.choice(value, "sync", ("flush", "fsync"), error=JournalError)
        assert short_enough(str(caught.value))


def test_function():
    assert checks.function(len, "score") is len
    for value in (None, 3, "len", MEGABYTES):
        with pytest.raises(RuleError, match="score must be a function") as caught:
            checks.function(value, "score")
        assert short_enough(str(caught.value))


# --------------------------------------------------------------------------- ids


def test_identifier():
    assert checks.identifier("bob", "who", ["alice", "bob"]) == "bob"
    plain = checks.identifier(HostileStr("bob"), "who", ["alice", "bob"])
    assert type(plain) is str and plain == "bob"
    for value, words in [
        (None, "must be an id (text), got NoneType None"),
        (7, "must be an id (text), got int 7"),
        ("eve", "'eve' is not known here; the ids are: 'alice', 'bob'"),
        (MEGABYTES, "5,000,000 characters long; an id has at most 400"),
    ]:
        with pytest.raises(RuleError, match="who") as caught:
            checks.identifier(value, "who", ["alice", "bob"])
        assert words in str(caught.value)
        assert short_enough(str(caught.value))


def test_id_list():
    assert checks.id_list("bob", "helpers") == ("bob",)
    assert checks.id_list(["a", "b"], "helpers") == ("a", "b")
    assert checks.id_list(iter(("a",)), "helpers") == ("a",)
    for value, words in [
        (None, "must be an id or a list of ids"),
        ({"a": 1}, "must be an id or a list of ids"),
        ([1], "must be ids (text), got int 1"),
        (["a"] * 11, "may hold at most 10 items"),
        (HostileIterable(), "could not be read as a list (Boom)"),
        ([MEGABYTES], "an id has at most 400"),
    ]:
        with pytest.raises(RuleError, match="helpers") as caught:
            checks.id_list(value, "helpers", most=10)
        assert words in str(caught.value)
        assert short_enough(str(caught.value))


def test_id_list_stops_reading_an_endless_iterable():
    def endless():  # type: ignore[no-untyped-def]
        while True:
            yield "a"

    with pytest.raises(RuleError, match="at most 5 items"):
        checks.id_list(endless(), "helpers", most=5)


# --------------------------------------------------------------------------- ordered


def test_ordered():
    assert checks.ordered([1, 2], "faces") == (1, 2)
    assert checks.ordered((x for x in (3, 4)), "faces") == (3, 4)
    assert checks.ordered({5}, "faces", sets=True) == (5,)
    for value, words in [
        (None, "must be a list (in order), got NoneType None"),
        (5, "must be a list (in order), got int 5"),
        ("5 4", "must be a list (in order), got str"),
        ({5, 4}, "must be a list (in order), got set"),
        ({5: 1}, "must be a list (in order), got dict"),
        (range(10**9), "at most 100 items"),
        (HostileIterable(), "could not be read as a list (Boom)"),
    ]:
        with pytest.raises(DiceError, match="faces") as caught:
            checks.ordered(value, "faces", most=100, error=DiceError)
        assert words in str(caught.value)
        assert short_enough(str(caught.value))


# --------------------------------------------------------------------------- keywords


def test_keywords_names_the_unknown_ones_and_counts_the_rest():
    checks.keywords({"seed": 1}, "open", ("seed", "title"))
    with pytest.raises(RuleError, match=r"open takes no argument 'colour'; allowed: seed, title"):
        checks.keywords({"colour": 1}, "open", ("seed", "title"))
    many = {f"k{i}" * 1000: i for i in range(50)}
    with pytest.raises(RuleError, match=r"\(and 45 more\)") as caught:
        checks.keywords(many, "open", ("seed",))
    assert short_enough(str(caught.value))


# --------------------------------------------------------------------------- path


def test_path_accepts_text_and_path_objects(tmp_path: Path):
    assert checks.path(str(tmp_path / "a.toml"), "a file") == tmp_path / "a.toml"
    assert checks.path(tmp_path / "a.toml", "a file") == tmp_path / "a.toml"
    assert checks.path("relative.toml", "a file") == Path("relative.toml")


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (None, "must be a file path (text or a pathlib.Path), got NoneType None"),
        (3, "must be a file path (text or a pathlib.Path), got int 3"),
        (b"a.toml", "must be a file path (text or a pathlib.Path), got bytes"),
        ("", "must name a file, got ''"),
        ("   ", "must name a file"),
        ("a\0b.toml", "holds a NUL character (\\x00) at position 2"),
        ("a\ud800b.toml", "a character the file system cannot store"),
        ("x" * 50_000, "50,000 characters long; a path has at most 4096"),
        (HostilePath(), "must be a file path made of text"),
    ],
    ids=["none", "int", "bytes", "empty", "blank", "nul", "surrogate", "long", "fspath"],
)
def test_path_refuses(value: object, words: str):
    with pytest.raises(SettingsError, match="a settings file") as caught:
        checks.path(value, "a settings file", error=SettingsError)
    assert words in str(caught.value)
    assert short_enough(str(caught.value))


# --------------------------------------------------------------------------- the family


CALLS = {
    "text": lambda v: checks.text(v, "x"),
    "whole": lambda v: checks.whole(v, "x", 0, 9),
    "real": lambda v: checks.real(v, "x", 0, 1),
    "flag": lambda v: checks.flag(v, "x"),
    "choice": lambda v: checks.choice(v, "x", ("a", "b")),
    "function": lambda v: checks.function(v, "x"),
    "identifier": lambda v: checks.identifier(v, "x", ["a"]),
    "id_list": lambda v: checks.id_list(v, "x"),
    "ordered": lambda v: checks.ordered(v, "x"),
    "path": lambda v: checks.path(v, "x"),
}
HOSTILE = [
    HostileRepr(),
    HostileEq(),
    HostileStr("zzz"),
    HostileInt(99),
    HostileIterable(),
    HostilePath(),
    None,
    MEGABYTES,
    HUGE,
]


@pytest.mark.parametrize("name", sorted(CALLS))
def test_no_hostile_value_escapes_the_error_family(name: str):
    """Each check either returns or raises the kit's error; nothing a value does in its
    own methods gets out, and every message stays short."""
    for value in HOSTILE:
        try:
            CALLS[name](value)
        except IsowidgetsError as exc:
            assert short_enough(str(exc)), (name, value.__class__)
