"""Setting up the world, taking turns clockwise, stopping, and what the table can do next.

A turn belongs to one player (WTWD-R01). It opens with the move the player
picks, Make It Worse (:mod:`.worse`) or Relieve It (:mod:`.relieve`); at
Pressure 0 only Make It Worse is open (WTWD-R04). When its play is over the
turn ends with :func:`end_turn` and passes clockwise. :func:`next_steps` says,
for any state, which game methods the table can call and who acts: a panel
enables its buttons from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import checks
from ...checks import shown
from ...contract import Action, Step
from ...errors import RuleError
from .events import GameEnded, TablesLoaded, TurnEnded, WorldBegun
from .model import Phase, Turn, WorldEvent, WorldState
from .odds import great_dying_chance
from .tables import Tables

__all__ = [
    "MAX_PLAYERS",
    "MAX_YEAR",
    "begin",
    "chain_set_of",
    "end_turn",
    "in_play",
    "may_buy",
    "next_steps",
    "offered_events",
    "stop",
    "turn_in",
    "use_tables",
]

MAX_PLAYERS = 100
"""The most players one game takes (the text sets no limit; a table is not a stadium)."""

MAX_YEAR = 1_000_000
"""The largest starting year accepted (either side of year 0)."""


# --------------------------------------------------------------------------- refusals


def in_play(state: WorldState) -> None:
    """Refuse unless the game has begun and is not over."""
    if not state.begun:
        raise RuleError(
            "watch_the_world_die.not_begun_tip",
            "the game has not begun: name the players (clockwise) and the starting year with "
            "begin() first (WTWD-R01, WTWD-R03)",
        )
    if state.over is not None:
        raise RuleError(
            "watch_the_world_die.game_over",
            "the game is over ({over}); nothing more happens",
            over=state.over.replace("_", " "),
        )


def turn_in(state: WorldState, *phases: Phase) -> Turn:
    """The turn in play, if it is in one of ``phases``; else the kit's error saying what is due."""
    in_play(state)
    turn = state.turn
    if turn is None:
        raise RuleError(
            "watch_the_world_die.no_turn_tip",
            "no turn is in play: {current_player} starts one with make_it_worse() or relieve_it()",
            current_player=state.current_player,
        )
    if turn.phase not in phases:
        raise RuleError(
            "watch_the_world_die.step_not_due",
            "turn {number} waits for {due}, not for this step",
            number=turn.number,
            due=_DUE[turn.phase],
        )
    return turn


_DUE: dict[Phase, str] = {
    "type": "the Event Type roll",
    "cause": "The Cause's reroll (roll_cause)",
    "event": "the Event to be created (create_event)",
    "chain": "the chaining roll (roll_chain)",
    "shop": "Responses to be bought (buy_response) or the relief to finish (finish_relief)",
    "year_end": "the year-end roll (roll_year_end)",
    "done": "its end",
}


# --------------------------------------------------------------------------- chains


def chain_set_of(state: WorldState, event: WorldEvent) -> tuple[int, ...]:
    """The faces a chaining roll after ``event`` chains on (WTWD-R08, R09, A02, A05)."""
    settings = state.settings
    if event.cause and not settings.cause_reroll_chains:
        return ()
    if event.type == 6:
        if settings.escalation_chains_as_target and event.target is not None:
            target = state.event(event.target)
            if 1 <= target.type <= 4:
                return state.tables.chain_set(target.type)
        return ()
    return state.tables.chain_set(event.type)


# --------------------------------------------------------------------------- setup


def use_tables(action: Action[WorldState], tables: Tables, source: str) -> None:
    """Play with ``tables`` from now on (a designer's own; journaled whole)."""
    state = action.state
    if state.over is not None or state.turn is not None:
        raise RuleError(
            "watch_the_world_die.tables_in_play",
            "tables can be changed before the game begins or between turns, not during a turn "
            "or after the end",
        )
    if not isinstance(tables, Tables):
        raise RuleError(
            "watch_the_world_die.tables_not_tables_tip",
            "tables must be Tables (see load_tables), got {tables}",
            tables=shown(tables),
        )
    if state.apocalypse is not None and state.apocalypse not in tables.apocalypse_types:
        raise RuleError(
            "watch_the_world_die.apocalypse_missing",
            "these tables have no Apocalypse Type {apocalypse}, the one this game chose",
            apocalypse=shown(state.apocalypse),
        )
    action.add(TablesLoaded(tables=tables, source=source))


def begin(
    action: Action[WorldState],
    players: Sequence[str],
    year: int = 2020,
    apocalypse: str | None = None,
) -> tuple[str, ...]:
    """Phase 2: the players clockwise, the starting year, Pressure 0 (WTWD-R01, R03), with
    the optional Apocalypse Type of Phase 1 (WTWD-R02). Returns the players."""
    state = action.state
    if state.begun:
        raise RuleError(
            "watch_the_world_die.begin_twice",
            "the game has begun already; start a new session for a new world",
        )
    listed = checks.ordered(players, "players", most=MAX_PLAYERS)
    if not listed:
        raise RuleError(
            "watch_the_world_die.no_players",
            "players must name at least one player (solo play is one name)",
        )
    names = tuple(checks.text(p, f"player #{i + 1}", collapse=True) for i, p in enumerate(listed))
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise RuleError(
                "watch_the_world_die.player_twice",
                "players must be told apart: {name} is named twice",
                name=shown(name),
            )
        seen.add(name.casefold())
    start = checks.whole(year, "year", -MAX_YEAR, MAX_YEAR)
    chosen = None
    if apocalypse is not None:
        chosen = checks.choice(apocalypse, "apocalypse", state.tables.apocalypse_types)
    action.add(WorldBegun(players=names, year=start, apocalypse=chosen))
    return names


def stop(action: Action[WorldState], reason: str = "") -> None:
    """End the game by hand, recorded as abandoned: the only end besides the Great Dying
    (WTWD-R17, WTWD-A18)."""
    reason = checks.text(reason, "reason", allow_empty=True)
    state = action.state
    in_play(state)
    action.add(GameEnded(ending="stopped", year=state.year, reason=reason))


def end_turn(action: Action[WorldState]) -> None:
    """Pass the dice clockwise (WTWD-R01): the turn in play ends."""
    state = action.state
    turn = state.turn
    if turn is None:  # pragma: no cover - every caller has a turn in play
        raise RuleError(
            "watch_the_world_die.no_turn",
            "no turn is in play",
        )
    following = state.players[(state.players.index(turn.player) + 1) % len(state.players)]
    action.add(
        TurnEnded(
            turn=turn.number, player=turn.player, pressure=state.pressure, next_player=following
        )
    )


# --------------------------------------------------------------------------- steps


def next_steps(state: WorldState) -> tuple[Step, ...]:
    """What the table can do now, and who does it (a player's name, or ``None`` for all).

    Choices list their options: the Events of the rolled type, the Responses the
    player can still afford.
    """
    if not state.begun:
        return (
            Step(
                "begin",
                None,
                "names",
                "Name the players in clockwise order and the starting year; choose an "
                "Apocalypse Type together if you like",
            ),
        )
    if state.over is not None:
        return ()
    stop_step = Step(
        "stop", None, "click", "Stop the game here (it is recorded as abandoned)", required=False
    )
    turn = state.turn
    player = state.current_player
    if turn is None:
        if state.pressure == 0:
            return (
                Step(
                    "make_it_worse",
                    player,
                    "dice",
                    f"{player}: Pressure is 0, so Make It Worse: roll the Event Type",
                ),
                stop_step,
            )
        return (
            Step(
                "make_it_worse", player, "dice", f"{player}: Make It Worse (roll the Event Type)…"
            ),
            Step(
                "relieve_it",
                player,
                "dice",
                f"…or Relieve It (roll 2d6 + Pressure {state.pressure} for Response Points)",
            ),
            stop_step,
        )
    steps: list[Step] = []
    if turn.phase == "cause":
        steps.append(
            Step(
                "roll_cause",
                player,
                "dice",
                f"{player}: first move, a 6: roll the Event Type again for The Cause "
                "(a 6 reads as 5)",
            )
        )
    elif turn.phase == "event":
        types = turn.types
        names = " or ".join(state.tables.event_type(t).name for t in types)
        options = tuple(entry for t in types for entry in offered_events(state, t))
        where = " (global)" if turn.global_scope else ", a region and details"
        steps.append(
            Step(
                "create_event",
                player,
                "choice",
                f"{player}: create {'an' if names[:1] in 'AEIOU' else 'a'} {names} Event{where}",
                options,
            )
        )
        if state.settings.event_mode_enabled and turn.mode is None:
            steps.append(
                Step(
                    "roll_mode",
                    player,
                    "dice",
                    "Roll an Event Mode for inspiration (no Pressure)",
                    required=False,
                )
            )
    elif turn.phase == "chain":
        steps.append(_chain_step(state, player or "", turn))
    elif turn.phase == "shop":
        left = turn.rp_left or 0
        affordable = tuple(
            r.name
            for r in state.tables.responses
            if r.cost <= left and may_buy(state, turn, r.name)
        )
        steps.append(
            Step(
                "buy_response",
                player,
                "choice",
                f"{player}: buy a Societal Response ({left} RP left)",
                affordable,
                required=not turn.responses,
            )
        )
        if turn.responses:
            steps.append(
                Step("finish_relief", player, "click", f"Done: {left} RP left become Pressure")
            )
    elif turn.phase == "year_end":
        chance = great_dying_chance(state.events_this_year, state.settings.great_dying_comparison)
        steps.append(
            Step(
                "roll_year_end",
                player,
                "dice",
                f"{player}: the year ends; roll 2d6 against {state.events_this_year} Events "
                f"(Great Dying: {float(chance):.1%})",
            )
        )
    steps.append(stop_step)
    return tuple(steps)


def _chain_step(state: WorldState, player: str, turn: Turn) -> Step:
    last = state.event(turn.last_event or "")
    faces = [str(face) for face in chain_set_of(state, last)]
    chains = f"{', '.join(faces[:-1])} or {faces[-1]}" if len(faces) > 1 else "".join(faces)
    return Step(
        "roll_chain",
        player,
        "dice",
        f"{player}: chaining roll after {last.entry} (chains on {chains})",
    )


def offered_events(state: WorldState, face: int) -> tuple[str, ...]:
    """The Events a player may pick for type ``face`` now (The Cause only with an
    Apocalypse Type; with ``allow_duplicate_events`` off, the unused ones while any are left)."""
    entries = state.tables.entries(face)
    if face == 6:
        cause = state.tables.special_named("cause")
        if state.apocalypse is None and cause is not None:
            entries = tuple(e for e in entries if e != cause)
        return entries
    if state.settings.allow_duplicate_events:
        return entries
    used = {e.entry for e in state.events if e.type == face}
    fresh = tuple(e for e in entries if e not in used)
    return fresh or entries


def may_buy(state: WorldState, turn: Turn, name: str) -> bool:
    """Whether the Response ``name`` may be bought (again) this turn (WTWD-A11)."""
    if state.settings.allow_duplicate_responses:
        return True
    bought = {r.entry for r in state.responses if r.id in turn.responses}
    return name not in bought
