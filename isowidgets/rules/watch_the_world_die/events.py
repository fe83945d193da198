"""Watch the World Die's journal events.

Each event carries every number the fold and the chronicle need (the faces, the
Pressure before and after, the year and the player), so a journal line reads on
its own and replay never recomputes a rule. Dice are kept as rolls
(:data:`~.RollField`): random or typed, every face is in the log.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from ...journal import Event, RollField
from ...words import Message, Ref, msg
from .model import Ending, Move
from .tables import Tables, type_words

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

_MOVES: dict[Move, Message] = {
    "worse": msg("watch_the_world_die.move.worse", "Make It Worse"),
    "relieve": msg("watch_the_world_die.move.relieve", "Relieve It"),
}
"""A turn's move as the log says it (:data:`MOVE_TEXT` in words a view renders)."""


def _year(year: int) -> str:
    """A year as it is written: a name of a time, never grouped (``2020``, ``-500``)."""
    return str(year)


class WorldEventBase(Event):
    """Base of Watch the World Die's events."""

    system: ClassVar[str] = "watch_the_world_die"


class TablesLoaded(WorldEventBase):
    """A designer's tables replace the ones in use (the whole table, so replay needs no file)."""

    kind: ClassVar[str] = "tables_loaded"
    tables: Tables
    source: str

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.tables_loaded",
            "tables loaded from {source} ({credit})",
            source=self.source,
            credit=self.tables.source.credit(),
        )


class WorldBegun(WorldEventBase):
    """Phase 2 set up: the players clockwise, the starting year, the optional Apocalypse Type."""

    kind: ClassVar[str] = "world_begun"
    players: tuple[str, ...]
    year: int
    apocalypse: str | None = None

    def message(self) -> Message:
        values = {"year": _year(self.year), "players": ", ".join(self.players)}
        if self.apocalypse:
            return msg(
                "watch_the_world_die.world_begun_apocalypse",
                "the world begins in {year}, Pressure 0; players {players}; "
                "Apocalypse Type: {apocalypse}",
                apocalypse=self.apocalypse,
                **values,
            )
        return msg(
            "watch_the_world_die.world_begun",
            "the world begins in {year}, Pressure 0; players {players}",
            **values,
        )


class TurnStarted(WorldEventBase):
    kind: ClassVar[str] = "turn_started"
    turn: int
    year: int
    player: str
    move: Move
    pressure: int
    forced: bool = False

    def message(self) -> Message:
        values = {
            "turn": self.turn,
            "year": _year(self.year),
            "player": self.player,
            "move": _MOVES[self.move],
        }
        if self.forced:
            return msg(
                "watch_the_world_die.turn_started_forced",
                "turn {turn}, {year}: {player} chooses {move} (Pressure is 0)",
                **values,
            )
        return msg(
            "watch_the_world_die.turn_started",
            "turn {turn}, {year}: {player} chooses {move}",
            **values,
        )


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

    def message(self) -> Message:
        what = (
            msg("watch_the_world_die.cause_reroll", "The Cause's reroll")
            if self.reroll
            else msg("watch_the_world_die.type_roll", "Event Type roll")
        )
        values = {
            "what": what,
            "face": self.face,
            "type_name": type_words(self.read_as, self.type_name),
            "added": self.pressure_added,
            "after": self.pressure_after,
        }
        if self.read_as != self.face:
            said = msg(
                "watch_the_world_die.type_rolled_read_as",
                "{what}: {face} read as {read_as} ({type_name}), Pressure +{added} = {after}",
                read_as=self.read_as,
                **values,
            )
        else:
            said = msg(
                "watch_the_world_die.type_rolled",
                "{what}: {face} ({type_name}), Pressure +{added} = {after}",
                **values,
            )
        if self.cause_due:
            return msg(
                "watch_the_world_die.cause_due",
                "{said}; first move: roll again for The Cause",
                said=said,
            )
        return said


class ModeRolled(WorldEventBase):
    """The optional Event Mode roll: inspiration only, no Pressure (WTWD-R07, WTWD-A14)."""

    kind: ClassVar[str] = "mode_rolled"
    turn: int
    roll: RollField
    face: int
    mode: str

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.mode_rolled",
            "Event Mode {face}: {mode} (no Pressure)",
            face=self.face,
            mode=self.mode,
        )


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

    def message(self) -> Message:
        what: Message | str = self.entry
        if self.cause:
            what = msg("watch_the_world_die.the_cause", "The Cause: {entry}", entry=what)
        if self.target:
            what = msg(
                "watch_the_world_die.event_on",
                "{what} on {target}",
                what=what,
                target=Ref(self.target),
            )
        what = msg(
            "watch_the_world_die.event_type",
            "{what} [{type_name}]",
            what=what,
            type_name=type_words(self.type, self.type_name),
        )
        if self.global_scope:
            what = msg("watch_the_world_die.event_global", "{what} (global)", what=what)
        elif self.region:
            what = msg(
                "watch_the_world_die.event_in", "{what} in {region}", what=what, region=self.region
            )
        if self.chained_from:
            what = msg(
                "watch_the_world_die.event_chained",
                "{what}, chained from {chained_from}",
                what=what,
                chained_from=Ref(self.chained_from),
            )
        if self.details:
            what = msg(
                "watch_the_world_die.event_details",
                "{what}: {details}",
                what=what,
                details=self.details,
            )
        return msg(
            "watch_the_world_die.event_created",
            "{event} ({year}): {what}; Pressure {pressure}",
            event=Ref(self.event),
            year=_year(self.year),
            what=what,
            pressure=self.pressure_after,
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

    def message(self) -> Message:
        if self.chained:
            return msg(
                "watch_the_world_die.chain_rolled_chains",
                "chaining roll after {event}: {face} chains, Pressure +{added} = {after}",
                event=Ref(self.event),
                face=self.face,
                added=self.pressure_added,
                after=self.pressure_after,
            )
        if self.pressure_added:
            return msg(
                "watch_the_world_die.chain_rolled_ends_pressure",
                "chaining roll after {event}: {face}, the chain ends, Pressure +{added}",
                event=Ref(self.event),
                face=self.face,
                added=self.pressure_added,
            )
        return msg(
            "watch_the_world_die.chain_rolled_ends",
            "chaining roll after {event}: {face}, the chain ends",
            event=Ref(self.event),
            face=self.face,
        )


class RPRolled(WorldEventBase):
    """Relieve It: Response Points are 2d6 + Pressure (WTWD-R12)."""

    kind: ClassVar[str] = "rp_rolled"
    turn: int
    roll: RollField
    pressure: int
    rp: int

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.rp_rolled",
            "Response Points: {faces} + Pressure {pressure} = {rp} RP",
            faces=" + ".join(str(f) for f in self.roll.faces),
            pressure=self.pressure,
            rp=self.rp,
        )


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

    def message(self) -> Message:
        values = {
            "response": Ref(self.response),
            "entry": self.entry,
            "cost": self.cost,
            "left": self.rp_left,
        }
        if self.details:
            return msg(
                "watch_the_world_die.response_bought_details",
                "{response}: {entry} ({cost} RP): {details}; {left} RP left",
                details=self.details,
                **values,
            )
        return msg(
            "watch_the_world_die.response_bought",
            "{response}: {entry} ({cost} RP); {left} RP left",
            **values,
        )


class ReliefFinished(WorldEventBase):
    """The Response Points left become Pressure (WTWD-R14, WTWD-A07)."""

    kind: ClassVar[str] = "relief_finished"
    turn: int
    rp_left: int
    spent: int
    pressure_before: int
    pressure_after: int

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.relief_finished",
            "{spent} RP spent, {left} left: Pressure {before} → {after}",
            spent=self.spent,
            left=self.rp_left,
            before=self.pressure_before,
            after=self.pressure_after,
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

    def message(self) -> Message:
        values = {
            "year": _year(self.year),
            "total": self.total,
            "sign": "<" if self.comparison == "lt" else "≤",
            "events": self.events,
        }
        if self.dying:
            return msg(
                "watch_the_world_die.year_end_dying",
                "end of {year}: 2d6 = {total} against {events} Events; {total} {sign} {events}: "
                "the Great Dying begins",
                **values,
            )
        return msg(
            "watch_the_world_die.year_end_lives",
            "end of {year}: 2d6 = {total} against {events} Events; {total} is not {sign} "
            "{events}: the world lives on",
            **values,
        )


class NewYear(WorldEventBase):
    kind: ClassVar[str] = "new_year"
    year: int
    pressure: int

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.new_year",
            "{year} begins, Pressure {pressure}",
            year=_year(self.year),
            pressure=self.pressure,
        )


class TurnEnded(WorldEventBase):
    kind: ClassVar[str] = "turn_ended"
    turn: int
    player: str
    pressure: int
    next_player: str

    def message(self) -> Message:
        return msg(
            "watch_the_world_die.turn_ended",
            "turn {turn} ends, Pressure {pressure}; {next_player} plays next",
            turn=self.turn,
            pressure=self.pressure,
            next_player=self.next_player,
        )


class GameEnded(WorldEventBase):
    """The end: the Great Dying (WTWD-R15), a manual stop (WTWD-A18) or ``max_years``."""

    kind: ClassVar[str] = "game_ended"
    ending: Ending
    year: int
    narrator: str | None = None
    reason: str = ""

    def message(self) -> Message:
        year = _year(self.year)
        if self.ending == "great_dying":
            if self.narrator:
                return msg(
                    "watch_the_world_die.ended_dying_narrator",
                    "The Great Dying begins in {year}; {narrator} narrates how humanity ends",
                    year=year,
                    narrator=self.narrator,
                )
            return msg(
                "watch_the_world_die.ended_dying", "The Great Dying begins in {year}", year=year
            )
        if self.ending == "time_limit":
            return msg(
                "watch_the_world_die.ended_time_limit",
                "the game ends after {year} (max_years)",
                year=year,
            )
        if self.reason:
            return msg(
                "watch_the_world_die.ended_stopped_why",
                "the game is stopped in {year}: {reason}",
                year=year,
                reason=self.reason,
            )
        return msg("watch_the_world_die.ended_stopped", "the game is stopped in {year}", year=year)
