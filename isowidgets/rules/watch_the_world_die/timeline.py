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

__all__ = ["PointKind", "PressurePoint", "pressure_timeline"]

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


def pressure_timeline(entries: Iterable[Entry]) -> list[PressurePoint]:
    """One point per step that changed Pressure or made an Event, from the effective entries."""
    points: list[PressurePoint] = []
    year = turn = pressure = 0
    player = ""

    def add(kind: PointKind, label: str, event_type: int | None = None) -> None:
        points.append(
            PressurePoint(len(points), year, turn, player, pressure, kind, label, event_type)
        )

    for entry in entries:
        event = entry.event
        if isinstance(event, WorldBegun):
            year = event.year
            add("start", f"{event.year} begins")
        elif isinstance(event, TurnStarted):
            turn, player = event.turn, event.player
        elif isinstance(event, EventCreated):
            pressure = event.pressure_after
            kind: PointKind = "chained_event" if event.chained_from else "event"
            add(kind, f"{event.type_name}: {event.entry}", event.type)
        elif isinstance(event, ChainRolled):
            pressure = event.pressure_after
            if not event.chained:
                add("chain_end", event.describe())
        elif isinstance(event, ReliefFinished):
            pressure = event.pressure_after
            add("relief", event.describe())
        elif isinstance(event, YearEndRolled):
            add("year_end", event.describe())
        elif isinstance(event, NewYear):
            year, pressure = event.year, event.pressure
            add("new_year", event.describe())
    return points
