"""Pressure over the game as a plotly chart that grows in place.

One line of Pressure after every step (the engine's
:meth:`~.WorldGame.pressure_timeline`), a
marker per Event in the shape of its type (the legend names each shape: ``●``
Climate, ``■`` Ecosystem, … ``★`` Special; a chained Event says so in its hover), a ``▼``
where a relief replaced Pressure and an ``✖`` at each year-end roll; a dotted
vertical line labelled with the year where a new year starts. New points are
appended to the traces (the kit's :class:`~isowidgets.widgets.timeline.Timeline`),
folded from the new action's entries only (:class:`~.PressureFold`, through the core's
:class:`~isowidgets.journal.kept.Kept`: :class:`Steps`), and the chart draws the latest
:data:`WINDOW` steps (its title says from which step on once older ones left it), so an
action costs the same at step 20 and step 20,000; an undo or redo changes history
itself, so then the traces are emptied and refilled, in one message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...journal import Entry, Kept
from ...rules.watch_the_world_die import WorldGame
from ...rules.watch_the_world_die.tables import type_words
from ...rules.watch_the_world_die.timeline import PressureFold, PressurePoint
from ...words import Message, msg, plural, render
from ..aria import AriaLabel
from ..panel import Panel
from ..timeline import Timeline
from .messages import WorldMessages
from .views import TYPE_SYMBOLS

__all__ = ["WINDOW", "PressureChart", "Steps"]

WINDOW = 100
"""How many of the latest steps the chart draws (up to half as many again before the
older ones leave it in one update): plotly sends a trace's whole arrays with every
append, so without a window a long game's every step would cost more than the last."""

TITLE = msg("stream.world.chart", "Pressure over the game")
X_TITLE = msg("stream.world.chart_x", "step (each roll, Event or relief)")
Y_TITLE = msg("stream.world.chart_y", "Pressure")
PRESSURE = msg("stream.world.chart_pressure", "Pressure")
RELIEF = msg("stream.world.chart_relief", "Relief: RP left became Pressure")
YEAR_END = msg("stream.world.chart_year_end", "Year-end roll")
"""The chart's words (its legend's names too), said in the chart's language."""


class Steps(Kept):
    """The chart's points, folded from the journal's effective entries as they arrive
    (a :class:`~isowidgets.journal.kept.Kept` over a :class:`~.PressureFold`).

    Attributes:
        fold: the fold, as far as the entries read.
    """

    def __init__(self) -> None:
        super().__init__()
        self.fold = PressureFold()
        self._points: list[PressurePoint] = []

    def reset(self) -> None:
        self.fold = PressureFold()
        self._points = []

    def read(self, entry: Entry) -> None:
        self._points += self.fold.feed((entry,))

    def take(self) -> list[PressurePoint]:
        """The points read since the last call."""
        points, self._points = self._points, []
        return points


class PressureChart(Panel):
    """Pressure after each step, with year boundaries and Event markers by shape.

    Args:
        game: the game to follow.
        height: the chart's height in pixels.
        window: how many of the latest steps it draws (``None``: every step).
        title, x_title, y_title: the chart's and its axes' titles (in ``language``
            when not given).
        since: the title once older steps left the window, from the first step drawn.
        language: the language of the chart's words (its legend, titles, hover and
            the summary read aloud); the shipped tables' Event types are said in it.
        hover: whether a pointer over a point shows what it was (a stream, which no
            viewer points at, shows none).

    Attributes:
        timeline: the kit's :class:`~isowidgets.widgets.timeline.Timeline`; its
            ``figure`` is the plotly ``FigureWidget`` (CSS class ``iw-wtwd-chart``).
        drawn: how many of the engine's points the chart has taken (those older than
            its window are no longer drawn).
        label: names the chart for assistive technology (``role="figure"``, not
            ``img``: plotly's tool buttons live inside it) with a summary in words.
    """

    game: WorldGame

    def __init__(
        self,
        game: WorldGame,
        *,
        height: int = 340,
        window: float | None = WINDOW,
        title: str | None = None,
        since: Callable[[int], str] | None = None,
        x_title: str | None = None,
        y_title: str | None = None,
        language: str = "en",
        hover: bool = True,
    ) -> None:
        self.messages = WorldMessages(game)
        self.language = language
        title = self.say(TITLE) if title is None else title
        x_title = self.say(X_TITLE) if x_title is None else x_title
        y_title = self.say(Y_TITLE) if y_title is None else y_title
        self.title = title
        self.since = since if since is not None else self._since
        self.hover = hover
        self.timeline = Timeline(
            title=title,
            x_title=x_title,
            y_title=y_title,
            height=height,
            css_class="iw-wtwd-chart",
            window=window,
        )
        self.steps = Steps()
        self.timeline.figure.update_layout(
            yaxis={"rangemode": "tozero"},
            xaxis={"rangemode": "tozero"},
            legend={"orientation": "h", "y": -0.3},
            margin={"l": 55, "r": 20, "t": 50, "b": 70},
        )
        if not hover:
            self.timeline.figure.update_layout(hovermode=False)
        self.drawn = 0
        self._years: list[tuple[int, int]] = []  # (step, year) where each new year starts
        self._drawn_years: tuple[tuple[int, int], ...] = ()
        self.label = AriaLabel(selector=".iw-wtwd-chart", role="figure", label="")
        super().__init__(game, [self.timeline.figure, self.label, self.messages])
        self.add_class("iw-wtwd-chart-panel")
        # The traces in legend order, created empty so the legend never reorders.
        self.timeline.trace(
            self.say(PRESSURE), mode="lines+markers", symbol="circle-open", color="#444"
        )
        for face, symbol in TYPE_SYMBOLS.items():
            self.timeline.trace(self._type_trace(face), mode="markers", symbol=symbol)
        self.timeline.trace(self.say(RELIEF), mode="markers", symbol="triangle-down")
        self.timeline.trace(self.say(YEAR_END), mode="markers", symbol="x")
        for index in range(len(self.timeline.figure.data)):
            self.timeline.figure.data[index].marker.size = 12
        self.refresh()
        self.follow(self._on_actions)

    @property
    def figure(self) -> Any:
        """The plotly ``FigureWidget``."""
        return self.timeline.figure

    @property
    def fold(self) -> PressureFold:
        """The fold of the steps drawn (:attr:`Steps.fold`)."""
        return self.steps.fold

    def say(self, message: Message | str) -> str:
        """``message`` in the chart's language (a name as it is)."""
        return message if isinstance(message, str) else render(message, self.language)

    def _since(self, n: int) -> str:
        return self.say(msg("stream.world.chart_since", "{title}, from step {n} on",
                            title=self.title, n=n))  # fmt: skip

    def _type_trace(self, face: int) -> str:
        name = self.game.tables.event_type(face).name
        return f"{face} {self.say(type_words(face, name))}"

    def points(self, trace: str) -> int:
        """How many points a trace has (by its legend name)."""
        return self.timeline.points(trace)

    # ------------------------------------------------------------------ drawing

    def _add(self, points: Sequence[PressurePoint]) -> None:
        grouped: dict[str, list[tuple[Any, Any, str]]] = {}
        for point in points:
            hover = self._hover(point) if self.hover else ""
            grouped.setdefault(self.say(PRESSURE), []).append((point.step, point.pressure, hover))
            trace = None
            if point.kind in ("event", "chained_event") and point.event_type:
                trace = self._type_trace(point.event_type)
            elif point.kind == "relief":
                trace = self.say(RELIEF)
            elif point.kind == "year_end":
                trace = self.say(YEAR_END)
            if trace is not None:
                grouped.setdefault(trace, []).append((point.step, point.pressure, hover))
            if point.kind == "new_year":
                self._years.append((point.step, point.year))
        with self.timeline.batch():
            for trace, rows in grouped.items():
                self.timeline.append(trace, rows)
            oldest = self.timeline.oldest
            if oldest is not None:  # the years whose line left the window leave too
                self._years = [(step, year) for step, year in self._years if step >= oldest]
            self._draw_years()
            self.timeline.titled(self.title, self.since)

    def _hover(self, point: PressurePoint) -> str:
        """What a pointer over ``point`` shows: the year, who, what, and the Pressure."""
        who = point.player or msg("stream.world.chart_table", "the table")
        if point.kind == "chained_event":
            return self.say(
                msg("stream.world.chart_hover_chained",
                    "{year} · {who}<br>↳ chained {what}<br>Pressure {pressure}",
                    year=point.year, who=who, what=point.label, pressure=point.pressure)
            )  # fmt: skip
        return self.say(
            msg("stream.world.chart_hover", "{year} · {who}<br>{what}<br>Pressure {pressure}",
                year=point.year, who=who, what=point.label, pressure=point.pressure)
        )  # fmt: skip

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
        if tuple(self._years) != self._drawn_years:
            self._drawn_years = tuple(self._years)
            self.figure.layout.shapes = shapes
            self.figure.layout.annotations = notes

    def _describe(self) -> None:
        fold = self.fold
        years = fold.years
        now = fold.pressure if fold.steps else 0
        label = self.say(
            msg(
                "stream.world.chart_label",
                "Chart of Pressure over {steps} in {years}: {events}, Pressure now {now}.",
                steps=plural("stream.world.chart_steps", "{n} step", "{n} steps", n=fold.steps),
                years=plural("stream.world.chart_years", "{n} year", "{n} years", n=years),
                events=plural("stream.world.chart_events", "{n} Event", "{n} Events",
                              n=fold.events),
                now=now,
            )
        )  # fmt: skip
        if self.hover:  # the table's chart: its chronicle is below it
            label += " " + self.say(
                msg(
                    "stream.world.chart_below", "The chronicle below tells the same story in words."
                )
            )
        if self.label.label != label:
            self.label.label = label

    def refresh(self) -> None:
        """Follow the game's journal: append the steps its new actions add, or, when its
        history changed otherwise (an undo, a redo), draw it afresh in one message."""
        again = self.steps.follow(self.game.journal)
        points = self.steps.take()
        if again:
            self._redraw(points)
        else:
            self._append(points)

    def rebuild(self, entries: Iterable[Entry] | None = None) -> None:
        """Empty the traces and refill them, in one message: from the game's effective
        ``entries`` (a stream's catch), or from its journal read again if not given."""
        if entries is None:
            self.steps.forget()
            self.refresh()
            return
        self.steps.reset()
        self.steps.refold(list(entries))
        self._redraw(self.steps.take())

    def _redraw(self, points: Sequence[PressurePoint]) -> None:
        """Empty the traces and refill them with ``points`` (every step), drawing the
        latest steps the window holds."""
        window = self.timeline.window
        drawn = points
        if window is not None and points:
            drawn = [p for p in points if p.step >= points[-1].step - window]
        with self.timeline.batch():
            self.timeline.reset(slid=len(drawn) < len(points))
            self._years = []
            self._add(drawn)
            self._draw_years()
            self.timeline.titled(self.title, self.since)
        self.drawn = self.fold.steps
        self._describe()

    def update(self, entries: Sequence[Entry]) -> None:
        """Draw what a stream's catch added, ``entries`` (effective entries following
        those drawn): only their points are folded and sent."""
        for entry in entries:
            self.steps.read(entry)
        self._append(self.steps.take())

    def _append(self, points: Sequence[PressurePoint]) -> None:
        if points:
            self._add(points)
        self.drawn = self.fold.steps
        self._describe()

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.messages.run(self.refresh)
