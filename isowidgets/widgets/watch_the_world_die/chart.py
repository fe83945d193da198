"""Pressure over the game as a plotly chart that grows in place.

One line of Pressure after every step (the engine's
:meth:`~.WorldGame.pressure_timeline`), a
marker per Event in the shape of its type (the legend names each shape: ``●``
Climate, ``■`` Ecosystem, … ``★`` Special; a chained Event says so in its hover), a ``▼``
where a relief replaced Pressure and an ``✖`` at each year-end roll; a dotted
vertical line labelled with the year where a new year starts. New points are
appended to the traces (the kit's :class:`~isowidgets.widgets.timeline.Timeline`);
an undo changes history itself, so then the traces are emptied and refilled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...journal import Entry
from ...rules.watch_the_world_die import WorldGame
from ...rules.watch_the_world_die.timeline import PressurePoint
from ..aria import AriaLabel
from ..panel import Panel
from ..timeline import Timeline
from .messages import WorldMessages
from .views import TYPE_SYMBOLS

__all__ = ["PressureChart"]

PRESSURE = "Pressure"
RELIEF = "Relief: RP left became Pressure"
YEAR_END = "Year-end roll"


class PressureChart(Panel):
    """Pressure after each step, with year boundaries and Event markers by shape.

    Args:
        game: the game to follow.
        height: the chart's height in pixels.

    Attributes:
        timeline: the kit's :class:`~isowidgets.widgets.timeline.Timeline`; its
            ``figure`` is the plotly ``FigureWidget`` (CSS class ``iw-wtwd-chart``).
        drawn: how many of the engine's points are drawn.
        label: names the chart for assistive technology (``role="figure"``, not
            ``img``: plotly's tool buttons live inside it) with a summary in words.
    """

    game: WorldGame

    def __init__(self, game: WorldGame, *, height: int = 340) -> None:
        self.messages = WorldMessages(game)
        self.timeline = Timeline(
            title="Pressure over the game",
            x_title="step (each roll, Event or relief)",
            y_title="Pressure",
            height=height,
            css_class="iw-wtwd-chart",
        )
        self.timeline.figure.update_layout(
            yaxis={"rangemode": "tozero"},
            xaxis={"rangemode": "tozero"},
            legend={"orientation": "h", "y": -0.3},
            margin={"l": 55, "r": 20, "t": 50, "b": 70},
        )
        self.drawn = 0
        self._years: list[tuple[int, int]] = []  # (step, year) where each new year starts
        self.label = AriaLabel(selector=".iw-wtwd-chart", role="figure", label="")
        super().__init__(game, [self.timeline.figure, self.label, self.messages])
        self.add_class("iw-wtwd-chart-panel")
        # The traces in legend order, created empty so the legend never reorders.
        self.timeline.trace(PRESSURE, mode="lines+markers", symbol="circle-open", color="#444")
        for face, symbol in TYPE_SYMBOLS.items():
            self.timeline.trace(self._type_trace(face), mode="markers", symbol=symbol)
        self.timeline.trace(RELIEF, mode="markers", symbol="triangle-down")
        self.timeline.trace(YEAR_END, mode="markers", symbol="x")
        for index in range(len(self.timeline.figure.data)):
            self.timeline.figure.data[index].marker.size = 12
        self.rebuild()
        self.follow(self._on_actions)

    @property
    def figure(self) -> Any:
        """The plotly ``FigureWidget``."""
        return self.timeline.figure

    def _type_trace(self, face: int) -> str:
        return f"{face} {self.game.tables.event_type(face).name}"

    def points(self, trace: str) -> int:
        """How many points a trace has (by its legend name)."""
        return self.timeline.points(trace)

    # ------------------------------------------------------------------ drawing

    def _add(self, points: Sequence[PressurePoint]) -> None:
        grouped: dict[str, list[tuple[Any, Any, str]]] = {}
        for point in points:
            chained = "↳ chained " if point.kind == "chained_event" else ""
            hover = (
                f"{point.year} · {point.player or 'the table'}<br>{chained}{point.label}"
                f"<br>Pressure {point.pressure}"
            )
            grouped.setdefault(PRESSURE, []).append((point.step, point.pressure, hover))
            trace = None
            if point.kind in ("event", "chained_event") and point.event_type:
                trace = self._type_trace(point.event_type)
            elif point.kind == "relief":
                trace = RELIEF
            elif point.kind == "year_end":
                trace = YEAR_END
            if trace is not None:
                grouped.setdefault(trace, []).append((point.step, point.pressure, hover))
            if point.kind == "new_year":
                self._years.append((point.step, point.year))
        with self.timeline.batch():
            for trace, rows in grouped.items():
                self.timeline.append(trace, rows)
            self._draw_years()
        self.drawn += len(points)

    def _draw_years(self) -> None:
        """A dotted line and the year's number where each new year starts."""
        shapes = [
            {
                "type": "line",
                "x0": step - 0.5,
                "x1": step - 0.5,
                "yref": "paper",
                "y0": 0,
                "y1": 1,
                "line": {"dash": "dot", "width": 1.5, "color": "#555"},
            }
            for step, _year in self._years
        ]
        notes = [
            {
                "x": step - 0.5,
                "yref": "paper",
                "y": 1.0,
                "text": f"{year} →",
                "showarrow": False,
                "xanchor": "left",
                "yanchor": "bottom",
                "font": {"size": 11},
            }
            for step, year in self._years
        ]
        if len(self.figure.layout.shapes or ()) != len(shapes):
            self.figure.layout.shapes = shapes
            self.figure.layout.annotations = notes

    def _describe(self, points: Sequence[PressurePoint] | None = None) -> None:
        if points is None:
            points = self.game.pressure_timeline()
        events = sum(1 for p in points if p.kind in ("event", "chained_event"))
        now = points[-1].pressure if points else 0
        years = len({p.year for p in points})
        self.label.label = (
            f"Chart of Pressure over {len(points)} steps in {years} year"
            f"{'s' if years != 1 else ''}: {events} Events, Pressure now {now}. "
            "The chronicle below tells the same story in words."
        )

    def rebuild(self) -> None:
        """Empty the traces and refill them from the journal (after an undo), in one message."""
        points = self.game.pressure_timeline()  # once: it reads the whole journal
        with self.timeline.batch():
            self.timeline.reset()
            self._years = []
            self.drawn = 0
            self._add(points)  # the years drawn too
        self._describe(points)

    def _on_actions(self, entries: Sequence[Entry], _state: Any) -> None:
        def update() -> None:
            points = self.game.pressure_timeline()
            if any(entry.kind == "retcon" for entry in entries) or len(points) < self.drawn:
                self.rebuild()
                return
            if len(points) > self.drawn:
                self._add(points[self.drawn :])
            self._describe(points)

        self.messages.run(update)
