"""Pressure over the game, one point per step, for a chart (computed from the journal).

A chart draws Pressure against the step number, with year boundaries and a marker
per Event; the points come from here so a widget only draws them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeAlias

from ...journal import Entry
from .events import (
    ChainRolled,
    EventCreated,
    NewYear,
    ReliefFinished,
    TurnStarted,
    WorldBegun,
    YearEndRolled,
)

__all__ = ["PointKind", "PressureFold", "PressurePoint", "pressure_timeline"]

PointKind: TypeAlias = Literal[
    "start", "event", "chained_event", "chain_end", "relief", "year_end", "new_year"
]
"""What a point marks: a chart gives each kind its own marker shape."""


@dataclass(frozen=True, slots=True)
class PressurePoint:
    """Pressure after one step.

    Attributes:
        step: 0, 1, 2… in the order of the steps.
        turn: the turn it belongs to (0 before the first).
        event_type: for an Event, its type (1–6), else ``None``.
        label: a short text for a hover.
    """

    step: int
    year: int
    turn: int
    player: str
    pressure: int
    kind: PointKind
    label: str
    event_type: int | None = None


class PressureFold:
    """The chart's points folded one action at a time: :meth:`~.PressureFold.feed` the
    entries each new action appended and get the points they add, at the same cost at
    step 20 and step 20,000 (the fold keeps the year, turn, player and Pressure it
    reached, and counts).

    Attributes:
        steps: how many points the fold has made.
        events: how many of them are Events (chained or not).
        years: how many years they span.
        pressure: the Pressure after the latest step.
    """

    def __init__(self) -> None:
        self.steps = 0
        self.events = 0
        self.years = 0
        self.pressure = 0
        self.year = 0
        self.turn = 0
        self.player = ""

    def _point(self, kind: PointKind, label: str, event_type: int | None = None) -> PressurePoint:
        point = PressurePoint(
            self.steps, self.year, self.turn, self.player, self.pressure, kind, label, event_type
        )
        self.steps += 1
        if kind in ("event", "chained_event"):
            self.events += 1
        if kind in ("start", "new_year") or self.years == 0:
            self.years += 1
        return point

    def feed(self, entries: Iterable[Entry]) -> list[PressurePoint]:
        """The points ``entries`` (effective entries following those fed before) add."""
        points: list[PressurePoint] = []
        for entry in entries:
            event = entry.event
            if isinstance(event, WorldBegun):
                self.year = event.year
                points.append(self._point("start", f"{event.year} begins"))
            elif isinstance(event, TurnStarted):
                self.turn, self.player = event.turn, event.player
            elif isinstance(event, EventCreated):
                self.pressure = event.pressure_after
                kind: PointKind = "chained_event" if event.chained_from else "event"
                points.append(self._point(kind, f"{event.type_name}: {event.entry}", event.type))
            elif isinstance(event, ChainRolled):
                self.pressure = event.pressure_after
                if not event.chained:
                    points.append(self._point("chain_end", event.describe()))
            elif isinstance(event, ReliefFinished):
                self.pressure = event.pressure_after
                points.append(self._point("relief", event.describe()))
            elif isinstance(event, YearEndRolled):
                points.append(self._point("year_end", event.describe()))
            elif isinstance(event, NewYear):
                self.year, self.pressure = event.year, event.pressure
                points.append(self._point("new_year", event.describe()))
        return points


def pressure_timeline(entries: Iterable[Entry]) -> list[PressurePoint]:
    """One point per step that changed Pressure or made an Event, from the effective entries."""
    return PressureFold().feed(entries)
