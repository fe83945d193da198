"""Hostile arguments to every public method of WorldGame: the kit's error, naming the
argument, and nothing changed (state, journal, dice)."""

from __future__ import annotations

import pytest
from world_play import political, world

from isowidgets.errors import DiceError, IsowidgetsError, RuleError
from isowidgets.rules.watch_the_world_die import WorldGame


class Hostile(str):
    def __eq__(self, other):  # pragma: no cover - must never run
        raise AssertionError("compared")

    __hash__ = str.__hash__


def _snapshot(game: WorldGame):
    return (game.state, list(game.journal.entries), game.dice.state())


def _event_due() -> WorldGame:
    game = world()
    game.make_it_worse(4)
    return game


def _chain_due() -> WorldGame:
    game = _event_due()
    game.create_event("Power Grid", "Texas")
    return game


def _shop() -> WorldGame:
    game = world()
    political(game)
    game.relieve_it([2, 2])
    return game


CASES = [
    (WorldGame.new, "begin", ("Ana",), {}, "players must be a list"),
    (WorldGame.new, "begin", ([1],), {}, "player #1 must be text"),
    (WorldGame.new, "begin", (["x" * 5000],), {}, "player #1 is 5,000 characters"),
    (WorldGame.new, "begin", (["Ana"],), {"year": "2020"}, "year must be a whole number"),
    (WorldGame.new, "begin", (["Ana"],), {"year": 10**30}, "year must be in"),
    (WorldGame.new, "begin", (["Ana"],), {"apocalypse": 3}, "apocalypse must be one of"),
    (WorldGame.new, "begin", (["Ana"],), {"apocalypse": Hostile("x")}, "apocalypse must be one"),
    (WorldGame.new, "begin", (["Ana"],), {"players": ["Ben"]}, "begin()"),
    (world, "stop", (["why"],), {}, "reason must be text"),
    (world, "make_it_worse", ("six",), {}, "could not read 'six'"),
    (world, "make_it_worse", (), {"face": 3}, "make_it_worse() takes no argument 'face'"),
    (_event_due, "create_event", (None, "Texas"), {}, "entry must be text"),
    (_event_due, "create_event", ("Power Grid", 5), {}, "region must be text"),
    (_event_due, "create_event", ("Power Grid", "T", b"x"), {}, "details must be text"),
    (_event_due, "create_event", ("Power Grid", "T"), {"target": "event-1"}, "target is only"),
    (_event_due, "create_event", ("Power Grid", "T"), {"event_type": "4"}, "event_type must be"),
    (_event_due, "create_event", ("Power Grid", "x" * 400), {}, "region is 400 characters"),
    (_event_due, "create_event", ("Power Grid", "T\ud800"), {}, "region holds"),
    (_event_due, "roll_mode", ([1, 2],), {}, "1 face"),
    (_chain_due, "roll_chain", (9,), {}, "9"),
    (_shop, "buy_response", (True,), {}, "response must be"),
    (_shop, "buy_response", (1.5,), {}, "response must be"),
    (_shop, "buy_response", ("Free Lunch",), {}, "no Societal Response is called 'Free Lunch'"),
    (_shop, "buy_response", (99,), {}, "the numbers are 1, 2"),
    (_shop, "buy_response", (1, ["x"]), {}, "details must be text"),
    (world, "great_dying_chance", ("3",), {}, "events must be a whole number"),
    (world, "load_tables", (42,), {}, "a tables file's path must be a file path"),
]


@pytest.mark.parametrize(("make", "method", "args", "kwargs", "named"), CASES)
def test_a_hostile_argument_is_refused_naming_it_and_changes_nothing(
    make, method, args, kwargs, named
):
    game = make(seed=4) if make is WorldGame.new else make()
    before = _snapshot(game)
    with pytest.raises(IsowidgetsError) as caught:
        getattr(game, method)(*args, **kwargs)
    assert isinstance(caught.value, RuleError | DiceError)
    assert named in str(caught.value)
    assert len(str(caught.value)) < 700
    assert _snapshot(game) == before


@pytest.mark.parametrize(
    ("make", "method"),
    [
        (world, "roll_cause"),
        (world, "roll_mode"),
        (world, "create_event"),
        (world, "roll_chain"),
        (world, "buy_response"),
        (world, "finish_relief"),
        (world, "roll_year_end"),
        (_event_due, "relieve_it"),
        (_event_due, "roll_year_end"),
        (_shop, "make_it_worse"),
        (_shop, "create_event"),
    ],
)
def test_a_step_out_of_turn_is_refused_and_changes_nothing(make, method):
    game = make()
    before = _snapshot(game)
    args = {"create_event": ("Power Grid", "Texas"), "buy_response": (1,)}.get(method, ())
    with pytest.raises(RuleError):
        getattr(game, method)(*args)
    assert _snapshot(game) == before


def test_steps_refuses_what_is_not_a_world_state():
    with pytest.raises(RuleError, match="WorldState"):
        WorldGame.steps("state")
