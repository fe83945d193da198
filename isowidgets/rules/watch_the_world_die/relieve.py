"""Relieve It: Response Points, Societal Responses, Pressure replaced, and the year end
(WTWD-R12…R16).

1. :func:`relieve_it` opens the turn (only at Pressure above 0, WTWD-R05) and rolls
   ``RP = 2d6 + Pressure``;
2. :func:`buy_response` buys one Response at its table cost; RP never go below 0,
   and the same Response may be bought again (WTWD-A11);
3. :func:`finish_relief` turns the RP left into Pressure, replacing it (WTWD-R14,
   WTWD-A07), once at least 1 RP is spent (WTWD-R13);
4. spending the last RP ends the year instead: :func:`roll_year_end` rolls 2d6
   against E, the Events of the year; lower (WTWD-A10) brings the Great Dying, else
   a new year starts with Pressure 0 (WTWD-A08).
"""

from __future__ import annotations

from ... import checks
from ...checks import shown
from ...contract import Action
from ...dice import D6, Pool
from ...errors import RuleError
from .events import (
    GameEnded,
    NewYear,
    ReliefFinished,
    ResponseBought,
    RPRolled,
    TurnStarted,
    YearEndRolled,
)
from .model import WorldResponse, WorldState
from .turns import end_turn, in_play, may_buy, turn_in
from .worse import Faces

__all__ = [
    "buy_response",
    "finish_relief",
    "pressure_after_relief",
    "relieve_it",
    "roll_year_end",
]


def relieve_it(action: Action[WorldState], faces: Faces | None = None) -> RPRolled:
    """Open a Relieve It turn and roll the Response Points: 2d6 + Pressure (WTWD-R12)."""
    state = action.state
    in_play(state)
    if state.turn is not None:
        raise RuleError(
            "watch_the_world_die.turn_open_blocks",
            "turn {number} is still in play; finish it first",
            number=state.turn.number,
        )
    if state.pressure == 0:
        raise RuleError(
            "watch_the_world_die.nothing_to_relieve",
            "Pressure is 0, so this turn must Make It Worse (WTWD-R04); relieve_it() opens only"
            " when there is Pressure to relieve",
        )
    player = state.current_player or ""
    number = state.turns + 1
    action.add(
        TurnStarted(
            turn=number, year=state.year, player=player, move="relieve", pressure=state.pressure
        )
    )
    roll = action.dice.roll(Pool(D6, 2, label="Response Points"), faces)
    rolled = RPRolled(
        turn=number, roll=roll, pressure=state.pressure, rp=roll.total + state.pressure
    )
    action.add(rolled)
    return rolled


def buy_response(
    action: Action[WorldState], response: int | str, details: str = ""
) -> WorldResponse:
    """Buy one Societal Response at its cost in RP (WTWD-R13, WTWD-A11, A13).

    ``response`` is its number in the table (its cost) or its name.
    """
    state = action.state
    turn = turn_in(state, "shop")
    details = checks.text(details, "details", allow_empty=True, max_length=checks.MAX_NOTE)
    if isinstance(response, str):
        response = checks.text(response, "response")
    elif not isinstance(response, int) or isinstance(response, bool):
        raise RuleError(
            "watch_the_world_die.response_not_a_response",
            "response must be a Response's number (its cost) or its name, got {type} {response}",
            type=type(response).__name__,
            response=shown(response),
        )
    chosen = state.tables.response(response)
    left = turn.rp_left or 0
    if chosen.cost > left:
        raise RuleError(
            "watch_the_world_die.response_too_dear",
            "{chosen} costs {cost} RP and {left} are left; Response Points never go below 0 "
            "(WTWD-R13)",
            chosen=chosen.name,
            cost=chosen.cost,
            left=left,
        )
    if not may_buy(state, turn, chosen.name):
        raise RuleError(
            "watch_the_world_die.response_twice",
            "{chosen} is bought already this turn and allow_duplicate_responses is off",
            chosen=chosen.name,
        )
    bought = WorldResponse(
        id=f"response-{len(state.responses) + 1}",
        year=state.year,
        turn=turn.number,
        player=turn.player,
        cost=chosen.cost,
        entry=chosen.name,
        details=details,
        rp_left=left - chosen.cost,
    )
    action.add(
        ResponseBought(
            response=bought.id,
            year=bought.year,
            turn=bought.turn,
            player=bought.player,
            cost=bought.cost,
            entry=bought.entry,
            details=details,
            rp_left=bought.rp_left,
        )
    )
    return bought


def pressure_after_relief(state: WorldState, pressure: int, rp_left: int, spent: int) -> int:
    """Pressure once a relief with ``rp_left`` left and ``spent`` spent is over (WTWD-A07)."""
    mode = state.settings.relieve_pressure_mode
    if mode == "replace":
        return rp_left
    if mode == "subtract_spent":
        return max(0, pressure - spent)
    return min(pressure, rp_left)


def finish_relief(action: Action[WorldState]) -> ReliefFinished:
    """Stop buying: the RP left become Pressure (WTWD-R14), and play passes on."""
    state = action.state
    turn = turn_in(state, "shop")
    if not turn.responses:
        raise RuleError(
            "watch_the_world_die.spend_one_rp",
            "at least 1 RP must be spent (WTWD-R13): buy a Response before finishing",
        )
    left = turn.rp_left or 0
    finished = ReliefFinished(
        turn=turn.number,
        rp_left=left,
        spent=turn.spent,
        pressure_before=state.pressure,
        pressure_after=pressure_after_relief(state, state.pressure, left, turn.spent),
    )
    action.add(finished)
    end_turn(action)
    return finished


def roll_year_end(action: Action[WorldState], faces: Faces | None = None) -> YearEndRolled:
    """The year ends: 2d6 against E; lower brings the Great Dying (WTWD-R15, R16, A08, A10)."""
    state = action.state
    turn = turn_in(state, "year_end")
    settings = state.settings
    roll = action.dice.roll(Pool(D6, 2, label="year end"), faces)
    total = roll.total
    events = state.events_this_year
    comparison = settings.great_dying_comparison
    dying = total < events if comparison == "lt" else total <= events
    rolled = YearEndRolled(
        turn=turn.number,
        year=state.year,
        roll=roll,
        total=total,
        events=events,
        comparison=comparison,
        dying=dying,
    )
    action.add(rolled)
    if dying:
        action.add(GameEnded(ending="great_dying", year=state.year, narrator=turn.player))
        return rolled
    survived = action.state.years_survived
    if settings.max_years is not None and survived >= settings.max_years:
        action.add(GameEnded(ending="time_limit", year=state.year))
        return rolled
    pressure = 0 if settings.new_year_pressure == "zero" else turn.pressure_before
    action.add(NewYear(year=state.year + settings.year_step, pressure=pressure))
    end_turn(action)
    return rolled
