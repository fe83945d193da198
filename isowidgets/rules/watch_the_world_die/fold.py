"""Folding one journal event into the Watch the World Die state: the only way it changes.

Each handler is pure and trusts the rules (:mod:`.worse`, :mod:`.relieve`,
:mod:`.turns`) to have decided what happens; it checks only that the event fits
the state it lands on (the turn it names is the one in progress, in the phase the
step needs; an id it issues is the next one), so a journal edited by hand or
replayed out of order fails loudly instead of drifting.
"""

from __future__ import annotations

from ...checks import shown
from ...contract import Fold, replace
from ...errors import InconsistentEventError
from .events import (
    ChainRolled,
    EventCreated,
    EventTypeRolled,
    GameEnded,
    ModeRolled,
    NewYear,
    ReliefFinished,
    ResponseBought,
    RPRolled,
    TablesLoaded,
    TurnEnded,
    TurnStarted,
    WorldBegun,
    YearEndRolled,
)
from .model import Phase, Turn, WorldEvent, WorldResponse, WorldState

__all__ = ["fold"]

fold = Fold[WorldState]("Watch the World Die")
"""The state after one event: ``fold(state, event)`` (see :class:`~isowidgets.contract.Fold`)."""


def _turn(state: WorldState, number: int, *phases: Phase) -> Turn:
    turn = state.turn
    if turn is None or turn.number != number:
        current = turn.number if turn else "none"
        raise InconsistentEventError(
            "watch_the_world_die.event_for_other_turn",
            "event for turn {number}, but the turn in play is {current}",
            number=number,
            current=current,
        )
    if phases and turn.phase not in phases:
        raise InconsistentEventError(
            "watch_the_world_die.wrong_phase",
            "turn {number} is in phase {phase}; this step needs {phases}",
            number=number,
            phase=shown(turn.phase),
            phases=" or ".join(phases),
        )
    return turn


def _expect_id(issued: str, prefix: str, count: int) -> None:
    expected = f"{prefix}-{count + 1}"
    if issued != expected:
        raise InconsistentEventError(
            "watch_the_world_die.id_mismatch",
            "expected the next id {expected}, the event issues {issued}",
            expected=shown(expected),
            issued=shown(issued),
        )


def _in_play(state: WorldState) -> None:
    if not state.begun or state.over is not None:
        raise InconsistentEventError(
            "watch_the_world_die.no_game",
            "no game is in play (not begun, or over)",
        )


@fold.on(TablesLoaded)
def _tables_loaded(state: WorldState, event: TablesLoaded) -> WorldState:
    return replace(state, tables=event.tables)


@fold.on(WorldBegun)
def _begun(state: WorldState, event: WorldBegun) -> WorldState:
    if state.begun:
        raise InconsistentEventError(
            "watch_the_world_die.begun_twice",
            "the game has begun already",
        )
    if not event.players:
        raise InconsistentEventError(
            "watch_the_world_die.players_missing",
            "a game needs at least one player",
        )
    return replace(
        state,
        players=event.players,
        apocalypse=event.apocalypse,
        start_year=event.year,
        year=event.year,
        pressure=0,
    )


@fold.on(TurnStarted)
def _turn_started(state: WorldState, event: TurnStarted) -> WorldState:
    _in_play(state)
    if state.turn is not None:
        raise InconsistentEventError(
            "watch_the_world_die.turn_still_open",
            "turn {number} is still in play",
            number=state.turn.number,
        )
    if event.turn != state.turns + 1 or event.player != state.current_player:
        raise InconsistentEventError(
            "watch_the_world_die.turn_mismatch",
            "expected turn {expected} of {expected_player}, got turn {turn} of {player}",
            expected=state.turns + 1,
            expected_player=state.current_player,
            turn=event.turn,
            player=event.player,
        )
    if event.pressure != state.pressure:
        raise InconsistentEventError(
            "watch_the_world_die.pressure_mismatch",
            "Pressure is {pressure}, the event says {said}",
            pressure=state.pressure,
            said=event.pressure,
        )
    phase: Phase = "type" if event.move == "worse" else "shop"
    turn = Turn(event.turn, state.year, event.player, event.move, state.pressure, phase)
    return replace(state, turns=event.turn, turn=turn)


@fold.on(EventTypeRolled)
def _type_rolled(state: WorldState, event: EventTypeRolled) -> WorldState:
    turn = _turn(state, event.turn, "cause" if event.reroll else "type")
    phase: Phase = "cause" if event.cause_due else "event"
    turn = replace(
        turn,
        phase=phase,
        types=() if event.cause_due else (event.read_as,),
        roll=event.read_as,
        added=turn.added + event.pressure_added,
        cause=event.cause,
        global_scope=event.global_scope,
        dice=(*turn.dice, event.face),
    )
    return replace(state, pressure=event.pressure_after, first_roll_made=True, turn=turn)


@fold.on(ModeRolled)
def _mode_rolled(state: WorldState, event: ModeRolled) -> WorldState:
    turn = _turn(state, event.turn, "event")
    turn = replace(turn, mode=event.mode, dice=(*turn.dice, event.face))
    return replace(state, turn=turn)


@fold.on(EventCreated)
def _event_created(state: WorldState, event: EventCreated) -> WorldState:
    turn = _turn(state, event.turn, "event")
    _expect_id(event.event, "event", len(state.events))
    if turn.types and event.type not in turn.types:
        raise InconsistentEventError(
            "watch_the_world_die.type_mismatch",
            "turn {number} calls for type {types}",
            number=turn.number,
            types=turn.types,
        )
    created = WorldEvent(
        id=event.event,
        year=event.year,
        turn=event.turn,
        player=event.player,
        type=event.type,
        entry=event.entry,
        region=event.region,
        global_scope=event.global_scope,
        details=event.details,
        chained_from=event.chained_from,
        roll=event.roll,
        pressure_added=event.pressure_added,
        pressure_after=event.pressure_after,
        target=event.target,
        cause=event.cause,
        mode=event.mode,
        counted=event.counted,
    )
    chain = turn.chain + (1 if event.chained_from else 0)
    turn = replace(
        turn,
        phase="chain" if event.chain_due else "done",
        types=(),
        roll=None,
        added=0,
        parent=None,
        cause=False,
        global_scope=False,
        mode=None,
        last_event=event.event,
        chain=chain,
    )
    return replace(
        state,
        events=(*state.events, created),
        events_this_year=state.events_this_year + (1 if event.counted else 0),
        turn=turn,
    )


@fold.on(ChainRolled)
def _chain_rolled(state: WorldState, event: ChainRolled) -> WorldState:
    turn = _turn(state, event.turn, "chain")
    if turn.last_event != event.event:
        raise InconsistentEventError(
            "watch_the_world_die.chain_roll_for_other_event",
            "the chaining roll due is after {last_event}",
            last_event=turn.last_event,
        )
    if event.chained:
        turn = replace(
            turn,
            phase="event",
            types=event.types,
            roll=event.face,
            added=event.pressure_added,
            parent=event.event,
            dice=(*turn.dice, event.face),
        )
    else:
        turn = replace(turn, phase="done", dice=(*turn.dice, event.face))
    return replace(state, pressure=event.pressure_after, turn=turn)


@fold.on(RPRolled)
def _rp_rolled(state: WorldState, event: RPRolled) -> WorldState:
    turn = _turn(state, event.turn, "shop")
    if turn.move != "relieve" or turn.rp is not None:
        raise InconsistentEventError(
            "watch_the_world_die.rp_roll_not_due",
            "turn {number} has no Response Points roll due",
            number=turn.number,
        )
    turn = replace(turn, rp=event.rp, rp_left=event.rp, dice=(*turn.dice, *event.roll.faces))
    return replace(state, turn=turn)


@fold.on(ResponseBought)
def _bought(state: WorldState, event: ResponseBought) -> WorldState:
    turn = _turn(state, event.turn, "shop")
    _expect_id(event.response, "response", len(state.responses))
    if turn.rp_left is None or turn.rp_left - event.cost != event.rp_left or event.rp_left < 0:
        raise InconsistentEventError(
            "watch_the_world_die.rp_mismatch",
            "{rp_left} RP less {cost} is not the {said} the event says",
            rp_left=turn.rp_left,
            cost=event.cost,
            said=event.rp_left,
        )
    bought = WorldResponse(
        event.response,
        event.year,
        event.turn,
        event.player,
        event.cost,
        event.entry,
        event.details,
        event.rp_left,
    )
    turn = replace(
        turn,
        rp_left=event.rp_left,
        spent=turn.spent + event.cost,
        responses=(*turn.responses, event.response),
        phase="year_end" if event.rp_left == 0 else "shop",
    )
    return replace(state, responses=(*state.responses, bought), turn=turn)


@fold.on(ReliefFinished)
def _relief_finished(state: WorldState, event: ReliefFinished) -> WorldState:
    turn = _turn(state, event.turn, "shop")
    if event.pressure_after < 0 or not turn.responses:
        raise InconsistentEventError(
            "watch_the_world_die.relief_mismatch",
            "a relief ends with Pressure ≥ 0 after at least one Response",
        )
    turn = replace(turn, phase="done")
    return replace(state, pressure=event.pressure_after, turn=turn)


@fold.on(YearEndRolled)
def _year_end(state: WorldState, event: YearEndRolled) -> WorldState:
    turn = _turn(state, event.turn, "year_end")
    if event.year != state.year or event.events != state.events_this_year:
        raise InconsistentEventError(
            "watch_the_world_die.year_end_mismatch",
            "the year-end check is for {year} with {events_this_year} Events",
            year=state.year,
            events_this_year=state.events_this_year,
        )
    turn = replace(turn, phase="done", dice=(*turn.dice, *event.roll.faces))
    survived = state.years_survived + (0 if event.dying else 1)
    return replace(state, turn=turn, years_survived=survived)


@fold.on(NewYear)
def _new_year(state: WorldState, event: NewYear) -> WorldState:
    _in_play(state)
    if event.year <= state.year:
        raise InconsistentEventError(
            "watch_the_world_die.year_mismatch",
            "a new year after {year} cannot be {new_year}",
            year=state.year,
            new_year=event.year,
        )
    turn = state.turn
    if turn is not None:
        turn = replace(turn, year=event.year)
    return replace(state, year=event.year, pressure=event.pressure, events_this_year=0, turn=turn)


@fold.on(TurnEnded)
def _turn_ended(state: WorldState, event: TurnEnded) -> WorldState:
    turn = _turn(state, event.turn)
    if event.player != turn.player or event.pressure != state.pressure:
        raise InconsistentEventError(
            "watch_the_world_die.turn_owner_mismatch",
            "turn {number} is {player}'s, with Pressure {pressure}",
            number=turn.number,
            player=turn.player,
            pressure=state.pressure,
        )
    following = (state.players.index(turn.player) + 1) % len(state.players)
    return replace(state, turn=None, next_player=following)


@fold.on(GameEnded)
def _game_ended(state: WorldState, event: GameEnded) -> WorldState:
    _in_play(state)
    return replace(state, turn=None, over=event.ending, narrator=event.narrator)
