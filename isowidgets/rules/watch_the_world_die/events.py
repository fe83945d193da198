"""Watch the World Die's journal events.

Each event carries every number the fold and the chronicle need (the faces, the
Pressure before and after, the year and the player), so a journal line reads on
its own and replay never recomputes a rule. Dice are kept as rolls
(:data:`~isowidgets.journal.RollField`): random or typed, every face is in the log.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...journal import Event, RollField
from .model import Ending, Move
from .tables import Tables

__all__ = [
    "ChainRolled",
    "EventCreated",
    "EventTypeRolled",
    "GameEnded",
    "ModeRolled",
    "NewYear",
    "RPRolled",
    "ReliefFinished",
    "ResponseBought",
    "TablesLoaded",
    "TurnEnded",
    "TurnStarted",
    "WorldBegun",
    "WorldEventBase",
    "YearEndRolled",
]

MOVE_TEXT: dict[Move, str] = {"worse": "Make It Worse", "relieve": "Relieve It"}


class WorldEventBase(Event):
    """Base of Watch the World Die's events."""

    system: ClassVar[str] = "watch_the_world_die"


class TablesLoaded(WorldEventBase):
    """A designer's tables replace the ones in use (the whole table, so replay needs no file)."""

    kind: ClassVar[str] = "tables_loaded"
    tables: Tables
    source: str

    def describe(self) -> str:
        return f"tables loaded from {self.source} ({self.tables.source.credit()})"


class WorldBegun(WorldEventBase):
    """Phase 2 set up: the players clockwise, the starting year, the optional Apocalypse Type."""

    kind: ClassVar[str] = "world_begun"
    players: tuple[str, ...]
    year: int
    apocalypse: str | None = None

    def describe(self) -> str:
        kind = f"; Apocalypse Type: {self.apocalypse}" if self.apocalypse else ""
        return (
            f"the world begins in {self.year}, Pressure 0; players {', '.join(self.players)}{kind}"
        )


class TurnStarted(WorldEventBase):
    kind: ClassVar[str] = "turn_started"
    turn: int
    year: int
    player: str
    move: Move
    pressure: int
    forced: bool = False

    def describe(self) -> str:
        why = " (Pressure is 0)" if self.forced else ""
        return f"turn {self.turn}, {self.year}: {self.player} chooses {MOVE_TEXT[self.move]}{why}"


class EventTypeRolled(WorldEventBase):
    """The Event Type roll (WTWD-R06), or The Cause's first-move reroll (WTWD-R11).

    ``read_as`` is the type the face reads as (a reroll reads a 6 as 5);
    ``cause_due`` marks a first-move 6 that calls for The Cause's reroll.
    """

    kind: ClassVar[str] = "event_type_rolled"
    turn: int
    roll: RollField
    face: int
    read_as: int
    type_name: str
    reroll: bool = False
    cause_due: bool = False
    cause: bool = False
    global_scope: bool = False
    pressure_added: int
    pressure_after: int

    def describe(self) -> str:
        what = "The Cause's reroll" if self.reroll else "Event Type roll"
        read = f" read as {self.read_as}" if self.read_as != self.face else ""
        due = "; first move: roll again for The Cause" if self.cause_due else ""
        return (
            f"{what}: {self.face}{read} ({self.type_name}), Pressure +{self.pressure_added} "
            f"= {self.pressure_after}{due}"
        )


class ModeRolled(WorldEventBase):
    """The optional Event Mode roll: inspiration only, no Pressure (WTWD-R07, WTWD-A14)."""

    kind: ClassVar[str] = "mode_rolled"
    turn: int
    roll: RollField
    face: int
    mode: str

    def describe(self) -> str:
        return f"Event Mode {self.face}: {self.mode} (no Pressure)"


class EventCreated(WorldEventBase):
    """An Event of the timeline (WTWD-R07). ``chain_due``: its chaining roll comes next."""

    kind: ClassVar[str] = "event_created"
    event: str
    year: int
    turn: int
    player: str
    type: int
    type_name: str
    entry: str
    region: str = ""
    details: str = ""
    global_scope: bool = False
    chained_from: str | None = None
    roll: int
    pressure_added: int
    pressure_after: int
    target: str | None = None
    cause: bool = False
    mode: str | None = None
    counted: bool = True
    chain_due: bool = False

    def describe(self) -> str:
        where = " (global)" if self.global_scope else (f" in {self.region}" if self.region else "")
        chained = f", chained from {self.chained_from}" if self.chained_from else ""
        cause = "The Cause: " if self.cause else ""
        about = f" on {self.target}" if self.target else ""
        details = f": {self.details}" if self.details else ""
        return (
            f"{self.event} ({self.year}): {cause}{self.entry}{about} [{self.type_name}]{where}"
            f"{chained}{details}; Pressure {self.pressure_after}"
        )


class ChainRolled(WorldEventBase):
    """A chaining roll after ``event`` (WTWD-R08): ``chained`` if the face is in its set."""

    kind: ClassVar[str] = "chain_rolled"
    turn: int
    event: str
    roll: RollField
    face: int
    chain_set: tuple[int, ...]
    chained: bool
    types: tuple[int, ...] = ()
    pressure_added: int
    pressure_after: int

    def describe(self) -> str:
        if self.chained:
            return (
                f"chaining roll after {self.event}: {self.face} chains, Pressure "
                f"+{self.pressure_added} = {self.pressure_after}"
            )
        added = f", Pressure +{self.pressure_added}" if self.pressure_added else ""
        return f"chaining roll after {self.event}: {self.face}, the chain ends{added}"


class RPRolled(WorldEventBase):
    """Relieve It: Response Points are 2d6 + Pressure (WTWD-R12)."""

    kind: ClassVar[str] = "rp_rolled"
    turn: int
    roll: RollField
    pressure: int
    rp: int

    def describe(self) -> str:
        faces = " + ".join(str(f) for f in self.roll.faces)
        return f"Response Points: {faces} + Pressure {self.pressure} = {self.rp} RP"


class ResponseBought(WorldEventBase):
    kind: ClassVar[str] = "response_bought"
    response: str
    year: int
    turn: int
    player: str
    cost: int
    entry: str
    details: str = ""
    rp_left: int

    def describe(self) -> str:
        details = f": {self.details}" if self.details else ""
        return f"{self.response}: {self.entry} ({self.cost} RP){details}; {self.rp_left} RP left"


class ReliefFinished(WorldEventBase):
    """The Response Points left become Pressure (WTWD-R14, WTWD-A07)."""

    kind: ClassVar[str] = "relief_finished"
    turn: int
    rp_left: int
    spent: int
    pressure_before: int
    pressure_after: int

    def describe(self) -> str:
        return (
            f"{self.spent} RP spent, {self.rp_left} left: Pressure {self.pressure_before} → "
            f"{self.pressure_after}"
        )


class YearEndRolled(WorldEventBase):
    """The year-end 2d6 against E, the Events of the year (WTWD-R15)."""

    kind: ClassVar[str] = "year_end_rolled"
    turn: int
    year: int
    roll: RollField
    total: int
    events: int
    comparison: Literal["lt", "le"]
    dying: bool

    def describe(self) -> str:
        sign = "<" if self.comparison == "lt" else "≤"
        verdict = (
            f"{self.total} {sign} {self.events}: the Great Dying begins"
            if self.dying
            else f"{self.total} is not {sign} {self.events}: the world lives on"
        )
        return f"end of {self.year}: 2d6 = {self.total} against {self.events} Events; {verdict}"


class NewYear(WorldEventBase):
    kind: ClassVar[str] = "new_year"
    year: int
    pressure: int

    def describe(self) -> str:
        return f"{self.year} begins, Pressure {self.pressure}"


class TurnEnded(WorldEventBase):
    kind: ClassVar[str] = "turn_ended"
    turn: int
    player: str
    pressure: int
    next_player: str

    def describe(self) -> str:
        return f"turn {self.turn} ends, Pressure {self.pressure}; {self.next_player} plays next"


class GameEnded(WorldEventBase):
    """The end: the Great Dying (WTWD-R15), a manual stop (WTWD-A18) or ``max_years``."""

    kind: ClassVar[str] = "game_ended"
    ending: Ending
    year: int
    narrator: str | None = None
    reason: str = ""

    def describe(self) -> str:
        if self.ending == "great_dying":
            who = f"; {self.narrator} narrates how humanity ends" if self.narrator else ""
            return f"The Great Dying begins in {self.year}{who}"
        if self.ending == "time_limit":
            return f"the game ends after {self.year} (max_years)"
        why = f": {self.reason}" if self.reason else ""
        return f"the game is stopped in {self.year}{why}"
