"""Watch the World Die's setup and turns: players clockwise, the two moves, the ends."""

from __future__ import annotations

import pytest
from world_play import end_year, political, world

from isowidgets.errors import RuleError
from isowidgets.rules.watch_the_world_die import WorldGame


@pytest.mark.rule("WTWD-R01")
def test_turns_go_clockwise_and_wrap_around():
    game = world()
    seen = []
    for _ in range(5):
        seen.append(game.current_player)
        political(game)
    assert seen == ["Ana", "Ben", "Cy", "Ana", "Ben"]
    steps = game.next_steps()
    assert {s.actor for s in steps if s.action != "stop"} == {"Cy"}


@pytest.mark.rule("WTWD-R01")
def test_a_solo_player_plays_every_turn():
    game = world(players=["Solo"])
    political(game)
    political(game)
    assert {e.player for e in game.state.events} == {"Solo"}
    assert game.current_player == "Solo"


@pytest.mark.rule("WTWD-R01")
def test_players_are_named_at_least_once_and_told_apart():
    game = WorldGame.new(seed=1)
    with pytest.raises(RuleError, match="at least one player"):
        game.begin([])
    with pytest.raises(RuleError, match="named twice"):
        game.begin(["Ana", "ana"])
    assert not game.state.begun


@pytest.mark.rule("WTWD-R02")
def test_the_apocalypse_type_is_optional_and_from_the_table():
    assert world().state.apocalypse is None
    assert world(apocalypse="Zombie Apocalypse").state.apocalypse == "Zombie Apocalypse"
    game = WorldGame.new(seed=1)
    with pytest.raises(RuleError, match="apocalypse must be one of"):
        game.begin(["Ana"], apocalypse="Gentle Breeze")


@pytest.mark.rule("WTWD-R03")
def test_setup_writes_the_starting_year_and_pressure_zero():
    game = WorldGame.new(seed=1)
    assert [s.action for s in game.next_steps()] == ["begin"]
    with pytest.raises(RuleError, match="not begun"):
        game.make_it_worse()
    game.begin(["Ana"], year=1999)
    assert game.year == 1999 and game.state.start_year == 1999 and game.pressure == 0
    with pytest.raises(RuleError, match="begun already"):
        game.begin(["Ben"])


@pytest.mark.rule("WTWD-R04")
def test_a_turn_at_pressure_zero_must_make_it_worse():
    game = world()
    assert [s.action for s in game.next_steps()] == ["make_it_worse", "stop"]
    before = game.journal.entries
    with pytest.raises(RuleError, match="Pressure is 0"):
        game.relieve_it([3, 4])
    assert game.journal.entries == before and game.turn is None


@pytest.mark.rule("WTWD-R05")
def test_a_turn_with_pressure_chooses_either_move():
    game = world()
    political(game)
    assert game.pressure == 5
    assert [s.action for s in game.next_steps()] == ["make_it_worse", "relieve_it", "stop"]
    game.relieve_it([1, 1])
    assert game.turn.move == "relieve"


@pytest.mark.rule("WTWD-R17", "WTWD-A18")
def test_the_game_goes_on_until_the_great_dying_or_a_stop():
    game = world()
    for year in range(2020, 2026):  # six years survived: no other end comes
        political(game)
        end_year(game, [6, 6])  # every point spent: the year ends, and is survived
        assert game.state.over is None and game.year == year + 1
    game.stop("the stream is over")
    assert game.state.over == "stopped"
    assert game.next_steps() == ()
    assert "stopped" in game.journal.entries[-1].event.describe()
    with pytest.raises(RuleError, match="over"):
        game.make_it_worse()


@pytest.mark.rule("WTWD-A18")
def test_max_years_ends_the_game_after_so_many_years_survived():
    game = world(max_years=1)
    political(game)
    end_year(game, [6, 6])
    assert game.state.over == "time_limit" and game.year == 2020


@pytest.mark.rule("WTWD-A17")
def test_the_roller_narrates_and_the_next_player_opens_the_new_year():
    game = world()
    political(game)  # Ana: 1 Event
    end_year(game, [6, 6])  # Ben survives the year end
    assert game.current_player == "Cy" and game.year == 2021
    for _ in range(3):  # Cy, Ana, Ben: E = 3
        political(game)
    end_year(game, [1, 1])  # Cy rolls 2 against 3 Events
    assert game.state.over == "great_dying" and game.state.narrator == "Cy"
    assert "Cy narrates" in game.journal.entries[-1].event.describe()


def test_a_turn_in_play_must_finish_before_another_starts():
    game = world()
    game.make_it_worse(1)
    with pytest.raises(RuleError, match="still in play"):
        game.make_it_worse(1)
    with pytest.raises(RuleError, match="waits for the Event to be created"):
        game.roll_chain(1)
