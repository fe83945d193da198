"""Watch the World Die's state: players, the calendar, Pressure, Events, Responses, the turn.

Every value here is frozen. The state changes only by folding a journal event
into it (see :mod:`fold <.watch_the_world_die.fold>`), so a replayed journal rebuilds the very same
state, including a turn left half-played when the kernel died.

There is no GM and there are no characters: the people at the table are
*players*, named once in clockwise order (WTWD-R01), and every turn belongs to
one of them. Ids are issued in order (``event-1``, ``response-1``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from ...checks import shown
from ...errors import RuleError
from .settings import WorldSettings
from .tables import Tables, shipped_tables

__all__ = [
    "Ending",
    "Move",
    "Phase",
    "Turn",
    "WorldEvent",
    "WorldResponse",
    "WorldState",
]

Move: TypeAlias = Literal["worse", "relieve"]
"""The two moves of a turn: Make It Worse or Relieve It (WTWD-R04, R05)."""

Phase: TypeAlias = Literal["type", "cause", "event", "chain", "shop", "year_end", "done"]
"""Where a turn stands: the Event Type roll is due (``type``), the first move's Cause
reroll is due (``cause``), an Event must be created (``event``), a chaining roll is due
(``chain``), Responses are being bought (``shop``), the year-end 2d6 is due
(``year_end``), or its play is over and it ends within the same action (``done``)."""

Ending: TypeAlias = Literal["great_dying", "stopped", "time_limit"]
"""Why a game is over: the Great Dying (WTWD-R15), a manual stop (WTWD-A18), or the
``max_years`` house rule."""


@dataclass(frozen=True, slots=True)
class WorldEvent:
    """An Event of the timeline (digest §4.5).

    Attributes:
        type: the Event Type, 1–6 (for The Cause's first move, the type read from
            the reroll).
        entry: the list entry picked, or the special event's name for type 6.
        chained_from: the Event whose chaining roll made this one, if any.
        roll: the die that called for it (Event Type roll, chain roll or reroll).
        pressure_added: the Pressure its rolls added (for the first-move Cause: the
            6 and the reroll together).
        pressure_after: Pressure once it was created.
        target: the earlier Event a Spreading or Snowballing acts on.
        cause: it is The Cause (WTWD-R11).
        mode: the Event Mode rolled for it (inspiration only), if any.
    """

    id: str
    year: int
    turn: int
    player: str
    type: int
    entry: str
    region: str
    global_scope: bool
    details: str
    chained_from: str | None
    roll: int
    pressure_added: int
    pressure_after: int
    target: str | None = None
    cause: bool = False
    mode: str | None = None
    counted: bool = True


@dataclass(frozen=True, slots=True)
class WorldResponse:
    """A Societal Response bought while relieving Pressure (WTWD-R13)."""

    id: str
    year: int
    turn: int
    player: str
    cost: int
    entry: str
    details: str
    rp_left: int


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in progress (digest §4.5, the turn record).

    Attributes:
        number: turns are counted from 1 over the whole game.
        move: Make It Worse or Relieve It.
        pressure_before: Pressure when the turn started.
        phase: what the turn waits for (see :data:`Phase`).
        types: the Event Types the Event to create may take (one, unless the
            chained type is the player's choice, WTWD-A03).
        roll: the die that calls for that Event.
        added: the Pressure that die (and for The Cause, the 6 before it) added.
        parent: the Event it chains from, if any.
        cause, global_scope: it is The Cause / it is global (WTWD-R11).
        mode: the Event Mode rolled for it, if any (WTWD-R07).
        last_event: the Event whose chaining roll is due (phase ``chain``).
        chain: chained Events so far in this turn's chain.
        dice: every die rolled this turn, in order.
        rp, rp_left, spent: Response Points at the start, left, and spent.
        responses: the Responses bought this turn (ids).
    """

    number: int
    year: int
    player: str
    move: Move
    pressure_before: int
    phase: Phase
    types: tuple[int, ...] = ()
    roll: int | None = None
    added: int = 0
    parent: str | None = None
    cause: bool = False
    global_scope: bool = False
    mode: str | None = None
    last_event: str | None = None
    chain: int = 0
    dice: tuple[int, ...] = ()
    rp: int | None = None
    rp_left: int | None = None
    spent: int = 0
    responses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class WorldState:
    """The whole game (digest §4.5).

    Attributes:
        tables: the tables in use (the shipped ones unless a designer's were loaded).
        players: names in clockwise order; empty until the game begins.
        apocalypse: the Apocalypse Type chosen in Phase 1, or ``None`` (WTWD-R02).
        start_year, year: the calendar (WTWD-R03).
        pressure: never below 0.
        next_player: index of who plays the next turn.
        first_roll_made: the game's first Event Type roll is behind (WTWD-R11).
        events_this_year: E, the Events counted this year (WTWD-R16).
        years_survived: year-end checks survived.
        turns: turns started so far.
        turn: the turn in progress, if any.
        over: why the game ended, or ``None`` while it goes on.
        narrator: who narrates the Great Dying (WTWD-A17).
    """

    settings: WorldSettings
    tables: Tables = field(default_factory=shipped_tables)
    players: tuple[str, ...] = ()
    apocalypse: str | None = None
    start_year: int = 0
    year: int = 0
    pressure: int = 0
    next_player: int = 0
    first_roll_made: bool = False
    events: tuple[WorldEvent, ...] = ()
    responses: tuple[WorldResponse, ...] = ()
    events_this_year: int = 0
    years_survived: int = 0
    turns: int = 0
    turn: Turn | None = None
    over: Ending | None = None
    narrator: str | None = None

    @property
    def begun(self) -> bool:
        """The players are named and the calendar set (Phase 2 has begun)."""
        return bool(self.players)

    @property
    def current_player(self) -> str | None:
        """Who plays now: the turn's player, else who plays the next turn."""
        if self.turn is not None:
            return self.turn.player
        if not self.players or self.over is not None:
            return None
        return self.players[self.next_player % len(self.players)]

    def event(self, event_id: str) -> WorldEvent:
        """The Event with id ``event_id``."""
        for event in self.events:
            if event.id == event_id:
                return event
        known = ", ".join(e.id for e in self.events[-12:]) or "none yet"
        raise RuleError(
            "watch_the_world_die.no_such_event",
            "there is no Event {event_id}; the latest are: {known}",
            event_id=shown(event_id),
            known=known,
        )

    def events_of_year(self, year: int) -> tuple[WorldEvent, ...]:
        """The Events created in ``year``."""
        return tuple(e for e in self.events if e.year == year)
