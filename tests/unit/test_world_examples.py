"""Watch the World Die's test vectors WTWD-E01…E04 (DIGEST.md §4.3), played with exact faces.

The text has no worked numeric examples; the digest builds these from the rules under
the default settings, and each test types in the faces it lists.
"""

from __future__ import annotations

import pytest

from isowidgets.rules.watch_the_world_die import WorldGame


def _world(apocalypse: str | None = None) -> WorldGame:
    game = WorldGame.new(seed=5)
    game.begin(["Ana", "Ben"], year=2020, apocalypse=apocalypse)
    return game


@pytest.mark.rule("WTWD-E01", "WTWD-R08")
def test_a_chain_of_three_events_reaches_pressure_six():
    game = _world()
    assert game.pressure == 0
    game.make_it_worse(1)
    assert game.pressure == 1
    game.create_event("Extreme Heat/Drought", "Sahel")
    assert game.roll_chain(2).chained
    assert game.pressure == 3
    assert game.event_options() == {2: game.tables.entries(2)}  # the face is the type
    game.create_event("Natural Disaster", "Sahel")
    assert game.roll_chain(3).chained
    assert game.pressure == 6
    game.create_event("Famine/Starvation", "Sahel")
    stop = game.roll_chain(6)  # 6 is not in {3, 4, 5}
    assert not stop.chained and stop.pressure_added == 0
    assert game.pressure == 6
    assert game.events_this_year == 3
    assert [e.type for e in game.state.events] == [1, 2, 3]
    assert [e.pressure_after for e in game.state.events] == [1, 3, 6]
    assert game.turn is None and game.current_player == "Ben"


def _pressure_six() -> WorldGame:
    game = _world()
    game.make_it_worse(1)
    game.create_event("Extreme Heat/Drought", "Sahel")
    game.roll_chain(2)
    game.create_event("Natural Disaster", "Sahel")
    game.roll_chain(3)
    game.create_event("Famine/Starvation", "Sahel")
    game.roll_chain(6)
    assert game.pressure == 6 and game.events_this_year == 3
    return game


@pytest.mark.rule("WTWD-E02", "WTWD-R14")
def test_relief_replaces_pressure_with_the_points_left():
    game = _pressure_six()
    assert game.relieve_it([3, 4]).rp == 13
    game.buy_response(1)
    game.buy_response(10)
    assert game.turn.rp_left == 2
    game.finish_relief()
    assert game.pressure == 2


@pytest.mark.rule("WTWD-E02", "WTWD-A07")
def test_relief_may_raise_pressure_under_the_literal_reading():
    game = _pressure_six()
    game.relieve_it([3, 4])
    game.buy_response(4)
    finished = game.finish_relief()
    assert finished.rp_left == 9
    assert game.pressure == 9  # higher than the 6 before


@pytest.mark.rule("WTWD-E03", "WTWD-R15")
@pytest.mark.parametrize(("faces", "dying"), [([1, 1], True), ([1, 2], False), ([6, 6], False)])
def test_spending_every_point_ends_the_year(faces, dying):
    game = _pressure_six()
    game.relieve_it([3, 4])
    game.buy_response(13)
    assert game.turn.rp_left == 0
    assert game.next_steps()[0].action == "roll_year_end"
    check = game.roll_year_end(faces)
    assert check.events == 3 and check.dying is dying
    if dying:
        assert game.state.over == "great_dying"
    else:
        assert game.state.over is None
        assert game.year == 2021 and game.pressure == 0 and game.events_this_year == 0
        assert game.next_steps()[0].action == "make_it_worse"


@pytest.mark.rule("WTWD-E04", "WTWD-R11", "WTWD-A01", "WTWD-A02")
def test_a_six_on_the_first_move_becomes_a_global_political_cause():
    game = _world()
    first = game.make_it_worse(6)
    assert first.cause_due and game.pressure == 6
    assert game.next_steps()[0].action == "roll_cause"
    reroll = game.roll_cause(6)
    assert reroll.read_as == 5 and reroll.pressure_added == 5
    assert game.pressure == 11
    assert game.event_options() == {5: game.tables.entries(5)}
    event = game.create_event("Declaration of Martial Law", details="everywhere at once")
    assert event.type == 5 and event.global_scope and event.cause
    assert event.pressure_added == 11 and event.pressure_after == 11
    assert game.turn is None  # type 5: no chaining roll
    assert game.events_this_year == 1
