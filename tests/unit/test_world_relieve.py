"""Relieve It: Response Points, Societal Responses, Pressure replaced, and the year end."""

from __future__ import annotations

import pytest
from world_play import end_year, political, spend_all, world

from isowidgets.errors import RuleError


@pytest.mark.rule("WTWD-R12")
@pytest.mark.parametrize(("faces", "rp"), [([1, 1], 7), ([3, 4], 12), ([6, 6], 17)])
def test_response_points_are_two_dice_plus_pressure(faces, rp):
    game = world()
    political(game)
    rolled = game.relieve_it(faces)
    assert rolled.rp == rp and rolled.pressure == 5 and game.turn.rp_left == rp


@pytest.mark.rule("WTWD-R13")
def test_responses_cost_their_number_and_points_never_go_below_zero():
    game = world()
    political(game)
    game.relieve_it([2, 1])  # 8 RP
    bought = game.buy_response("Rioting/Looting/Burning", "shops burn")
    assert (bought.cost, bought.rp_left, bought.details) == (8, 0, "shops burn")
    assert game.turn.rp_left == 0 and game.turn.spent == 8


@pytest.mark.rule("WTWD-R13")
def test_a_response_dearer_than_the_points_left_is_refused():
    game = world()
    political(game)
    game.relieve_it([1, 1])  # 7 RP
    before = (game.journal.entries, game.state)
    with pytest.raises(RuleError, match="costs 8 RP and 7 are left"):
        game.buy_response(8)
    assert (game.journal.entries, game.state) == before
    bought = game.buy_response(4, "ration cards")
    assert (bought.cost, bought.entry, bought.rp_left) == (4, game.tables.response(4).name, 3)
    assert [r.cost for r in game.affordable()] == [1, 2, 3]


@pytest.mark.rule("WTWD-R13")
def test_at_least_one_point_must_be_spent():
    game = world()
    political(game)
    game.relieve_it([2, 2])
    steps = {s.action: s for s in game.next_steps()}
    assert "finish_relief" not in steps and steps["buy_response"].required
    with pytest.raises(RuleError, match="at least 1 RP"):
        game.finish_relief()
    game.buy_response(1)
    assert "finish_relief" in {s.action for s in game.next_steps()}
    game.finish_relief()
    assert game.pressure == 8  # 9 RP − 1


@pytest.mark.rule("WTWD-R14")
def test_play_passes_on_after_a_relief():
    game = world()
    political(game)  # Ana
    game.relieve_it([2, 2])  # Ben
    game.buy_response(2)
    game.finish_relief()
    assert game.turn is None and game.current_player == "Cy" and game.year == 2020


@pytest.mark.rule("WTWD-R15", "WTWD-A10")
def test_the_year_end_comparison_is_strict_so_a_tie_survives():
    game = world()
    for _ in range(4):
        political(game)
    assert game.events_this_year == 4
    end_year(game, [1, 3])  # 4 against 4
    assert game.state.over is None and game.year == 2021


@pytest.mark.rule("WTWD-R15", "WTWD-A08")
def test_a_new_year_opens_at_pressure_zero_with_no_events_and_a_forced_worse():
    game = world()
    political(game)
    end_year(game, [6, 6])
    assert (game.year, game.pressure, game.events_this_year) == (2021, 0, 0)
    assert [s.action for s in game.next_steps()] == ["make_it_worse", "stop"]


@pytest.mark.rule("WTWD-R16", "WTWD-A09")
def test_only_events_count_chained_and_special_ones_included():
    game = world()
    game.make_it_worse(1)
    game.create_event("Extreme Cold/Storms", "Siberia")
    game.roll_chain(4)
    game.create_event("Power Grid", "Siberia")  # chained: counts
    game.roll_chain(1)
    game.make_it_worse(6)
    game.create_event("Spreading", "Alaska", target="event-2")  # special: counts
    assert game.events_this_year == 3
    game.relieve_it([1, 1])
    game.buy_response(1)
    game.buy_response(2)
    assert game.events_this_year == 3  # Responses never count
    check = (game.finish_relief(), game.events_this_year)
    assert check[1] == 3


@pytest.mark.rule("WTWD-A11")
def test_the_same_response_may_be_bought_twice_in_a_turn():
    game = world()
    political(game)
    game.relieve_it([1, 1])
    game.buy_response(3)
    game.buy_response(3)
    assert game.turn.rp_left == 1 and len(game.turn.responses) == 2


@pytest.mark.rule("WTWD-A13")
def test_responses_have_no_effect_beyond_their_cost():
    def pressure_after(*costs: int) -> tuple[int, int]:
        game = world()
        political(game)
        game.relieve_it([3, 3])
        for cost in costs:
            game.buy_response(cost)
        game.finish_relief()
        return game.pressure, game.events_this_year

    assert pressure_after(5) == pressure_after(2, 3) == pressure_after(1, 1, 3) == (6, 1)


@pytest.mark.rule("WTWD-R13", "WTWD-R15")
def test_spending_exactly_everything_calls_for_the_year_end_roll():
    game = world()
    political(game)
    game.relieve_it([1, 1])
    spend_all(game)
    assert game.turn.phase == "year_end" and game.turn.rp_left == 0
    assert game.next_steps()[0].action == "roll_year_end"
    assert "8.3%" not in game.next_steps()[0].label  # E = 1: no chance at all
    assert "0.0%" in game.next_steps()[0].label
    with pytest.raises(RuleError, match="year-end roll"):
        game.buy_response(1)
