"""Watch the World Die on the stream: the Pressure chart and the latest Events.

Read-only: the table's own :class:`~.chart.PressureChart` (each Event type has its
marker shape, named in the legend), refilled from the spectator's game after every
catch, a line with the year and the Pressure now, and the latest Events in words,
each starting with its type's shape (``●`` Climate, ``■`` Ecosystem…) and a chained
one with ``↳``: never colour alone.
"""

from __future__ import annotations

import html
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...rules.watch_the_world_die import WorldGame, WorldState
from ..i18n import Labels
from ..stream_board import StreamBoard
from .chart import PressureChart
from .views import TYPE_GLYPHS, event_name

__all__ = ["WorldStreamBoard"]

SHOWN = 5
"""How many of the latest Events the board lists."""


class WorldStreamBoard(StreamBoard):
    """The Pressure chart, the year and Pressure now, and the latest Events."""

    system: ClassVar[str] = "watch_the_world_die"

    def __init__(self, labels: Labels) -> None:
        self.chart: PressureChart | None = None
        # A column, so the chart is as wide as the board (plotly sizes itself to its box).
        self.chart_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.now = widgets.HTML()
        self.now.add_class("iw-stream-pressure")
        self.events = widgets.HTML()
        self.events.add_class("iw-stream-events")
        super().__init__(labels, [self.now, self.chart_box, self.events])

    def show(self, catch: Catch) -> None:
        game = catch.game
        assert isinstance(game, WorldGame)
        if self.chart is None:
            self.chart = PressureChart(game, height=380)
            self.chart.layout.width = "100%"
            self.chart_box.children = (self.chart,)
        else:
            self.chart.game = game  # the spectator's game of this catch
            self.chart.rebuild()  # history may have changed, not only grown
        self.chart.timeline.keep_state()  # for a browser that connects after this
        state: WorldState = game.state
        now = " · ".join(
            [
                self.labels("stream.year", year=state.year),
                self.labels("stream.pressure", n=state.pressure),
            ]
        )
        value = f"<h2 class='iw-stream-h'>{html.escape(now)}</h2>"
        if self.now.value != value:
            self.now.value = value
        rows = []
        for event in state.events[-SHOWN:][::-1]:
            chained = "↳ " if event.chained_from else ""
            rows.append(
                f"<li>{chained}{TYPE_GLYPHS.get(event.type, '')} "
                f"{html.escape(event_name(event))} (+{event.pressure_added})</li>"
            )
        head = f"<h2 class='iw-stream-h'>{html.escape(self.labels('stream.events'))}</h2>"
        body = (
            f"<ul class='iw-stream-list'>{''.join(rows)}</ul>"
            if rows
            else f"<p>{html.escape(self.labels('stream.no_events'))}</p>"
        )
        if self.events.value != head + body:
            self.events.value = head + body

    def close(self) -> None:
        if self.chart is not None:
            self.chart.close()
        super().close()
