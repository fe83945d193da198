"""Stress and health over time: a plot that grows by one *beat* per action that matters.

A beat is one journaled action that moved the Stress Level, resolved a conflict or
changed someone's health. Which points a beat gives is the rules package's
(:mod:`isowidgets.rules.isolation.timeline`, a pure fold of the journal); this
widget only draws them, in place (no re-created figure):

* the **Stress** line (a step line: Stress is a level that holds until it changes),
  with the reason on hover;
* a marker for the conflict's **degree** at the Stress it left behind, one marker
  symbol per degree (▲-like up for successes, ▼-like down for failures, stars at the
  extremes, hollow for the partial ones);
* in a strip below, one row per character: **Injured** ✚ (cross), **Dying**
  (cross with a dot), **Dead** (×), **Recovered** (hollow diamond).

The plot draws the latest :data:`WINDOW` beats (its title says from which beat on once
older ones left it), so a beat costs the same at the 20th and the 20,000th. The points
are folded as the journal grows, through the core's :class:`~isowidgets.journal.kept.Kept`
(:class:`Beats`): after an undo or redo the journal is folded again from the start and
the plot is refilled in one message; otherwise an action only appends its points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry, Kept
from ...rules.isolation import IsolationGame
from ...rules.isolation.events import StressChanged
from ...rules.isolation.timeline import Point, StressFold
from ..common import Messages, Panel, Timeline

__all__ = ["KINDS", "WINDOW", "Beats", "StressTimeline", "key_html"]

WINDOW = 100
"""How many of the latest beats the plot draws (up to half as many again before the
older ones leave it in one update): plotly sends a trace's whole arrays with every
append, so without a window a long session's every beat would cost more than the last."""

TITLE = "Stress and health over time"


def _since(n: int) -> str:
    return f"{TITLE}, from beat {n} on"


# kind of point → (marker symbol, colour, which y axis, glyph for the key)
KINDS: dict[str, tuple[str, str, str, str]] = {
    "Stress": ("circle", "#333333", "y", "●"),
    "Complete Success": ("star", "#1b7837", "y", "★"),
    "Basic Success": ("triangle-up", "#1b7837", "y", "▲"),
    "Partial Success": ("triangle-up-open", "#4d9221", "y", "△"),
    "Partial Failure": ("triangle-down-open", "#d6604d", "y", "▽"),
    "Basic Failure": ("triangle-down", "#b2182b", "y", "▼"),
    "Complete Failure": ("star-triangle-down", "#67001f", "y", "✶"),
    "Injured": ("cross", "#b35806", "y2", "✚"),
    "Dying": ("cross-dot", "#b2182b", "y2", "✚•"),
    "Dead": ("x", "#000000", "y2", "✖"),
    "Recovered": ("diamond-open", "#2166ac", "y2", "◇"),
}
_TRACE_OF = {
    kind: ("Stress" if kind == "Stress" else ("Health" if axis == "y2" else "Degree"))
    for kind, (_s, _c, axis, _g) in KINDS.items()
}
"""Which of the figure's three traces draws each kind: one trace per kind would make
every append redraw eleven traces; a trace with per-point symbols is one."""


def _x_step(beats: int) -> int:
    """By how many beats the x axis grows: 5 early on, then 10, then 20.

    A long session grows its axis less often (6 relayouts in 60 beats rather than
    12); the axis is never more than twice as long as the beats it shows, plus 5.
    """
    return 5 if beats < 10 else 10 if beats < 40 else 20


def key_html() -> str:
    """The plot's key as HTML (the figure has no legend: one trace draws several kinds)."""
    items = " · ".join(
        f'<span style="color:{colour}">{glyph}</span> {kind}'
        for kind, (_symbol, colour, _axis, glyph) in KINDS.items()
    )
    return f'<div class="iw-legend"><b>Key:</b> {items}</div>'


class Beats(Kept):
    """The plot's points, folded from the journal's effective entries as they arrive (a
    :class:`~isowidgets.journal.kept.Kept`): one beat of a
    :class:`~isowidgets.rules.isolation.timeline.StressFold` per action.

    Args:
        game: the game whose starting Stress and characters' names the fold takes.

    Attributes:
        fold: the fold, as far as the entries read.
        start_moved: an action read since the last :meth:`take` set the starting Stress
            after the start point was given (the plot is then drawn afresh).
    """

    def __init__(self, game: IsolationGame) -> None:
        super().__init__()
        self.game = game
        self.fold = StressFold(0)
        self.start_moved = False
        self._action: int | None = None
        self._events: list[Any] = []
        self._points: list[Point] = []

    def _names(self) -> dict[str, str]:
        return {c.id: c.name for c in self.game.state.characters}

    def reset(self) -> None:
        self.fold = StressFold(self.game.state.stress_history[0][0], self._names())
        self.start_moved = False
        self._action, self._events, self._points = None, [], []

    def read(self, entry: Entry) -> None:
        if entry.action != self._action:
            self._feed()
            self._action = entry.action
        self._events.append(entry.event)

    def refold(self, entries: list[Entry]) -> None:
        """Every action in turn, then the start point if no beat gave it (as
        :meth:`~isowidgets.rules.isolation.timeline.StressFold.feed_entries` does)."""
        super().refold(entries)
        self._feed()
        self._points += self.fold.start_point()

    def _feed(self) -> None:
        """Fold the action read last (a beat is one whole action)."""
        events, self._events = self._events, []
        if not events:
            return
        fold = self.fold
        shown = fold.start_shown and fold.beat == 0
        self._points += fold.feed(events)
        if shown and fold.beat == 0:
            self.start_moved |= any(
                isinstance(e, StressChanged) and e.source == "start" for e in events
            )

    def take(self) -> list[Point]:
        """The points read since the last call (the last action folded first)."""
        self.fold.names = self._names()
        self._feed()
        points, self._points = self._points, []
        return points


class StressTimeline(Panel):
    """The Stress line and the health strip of one game, appended to in place.

    Three traces: the Stress line, the degrees (one marker symbol per degree)
    and the health strip (one symbol per health event, one row per character).
    The points come from ``beats`` (a :class:`Beats`): after an undo or redo they
    are refilled from the journal folded again; otherwise each action only appends its
    points, in one batch.
    """

    game: IsolationGame

    def __init__(
        self, game: IsolationGame, *, height: int = 360, window: float | None = WINDOW
    ) -> None:
        self.messages = Messages(game)
        self.timeline = Timeline(
            title=TITLE,
            x_title="beat (a conflict, or an event that moved Stress or health)",
            y_title="Stress",
            height=height,
            css_class="iw-stress-plot",
            window=window,
        )
        figure = self.timeline.figure
        self.timeline.trace("Stress", mode="lines+markers", symbol="circle", color="#333333")
        self.timeline.trace("Degree", mode="markers", symbol="circle")
        self.timeline.trace("Health", mode="markers", symbol="circle")
        with figure.batch_update():
            stress, degree, health = figure.data
            stress.line.shape = "hv"
            stress.line.width = 2.5
            stress.marker.size = 8
            for trace in (degree, health):
                trace.marker.size = 16
                trace.marker.line.width = 2
            health.yaxis = "y2"
            figure.layout.showlegend = False
            figure.layout.yaxis.domain = [0.38, 1.0]
            figure.layout.yaxis.dtick = 1
            figure.layout.yaxis2 = {
                "domain": [0.0, 0.26],
                "anchor": "x",
                "type": "category",
                "title": {"text": "health"},
            }
            figure.layout.xaxis.anchor = "y2"
            figure.layout.xaxis.dtick = 1
            figure.layout.margin = {"l": 60, "r": 20, "t": 40, "b": 45}
        self.beats = Beats(game)
        self._top = 0
        self._points: list[Point] = []
        self._rows: dict[str, None] = {}  # the health rows, in the order of first marks
        self.key = widgets.HTML(key_html())
        super().__init__(game, [figure, self.key, self.messages])
        self.add_class("iw-timeline")
        self.refresh()
        self.follow(self.messages.handler(self._on_actions))

    @property
    def figure(self) -> Any:
        return self.timeline.figure

    @property
    def fold(self) -> StressFold:
        """The fold of the journal's beats (:attr:`Beats.fold`)."""
        return self.beats.fold

    def refresh(self) -> None:
        """Follow the journal: append what its new actions add, or, when its history
        changed otherwise (an undo, a redo) or the starting Stress moved, draw it afresh."""
        beats = self.beats
        again = beats.follow(self.game.journal)
        points = beats.take()
        if not again and beats.start_moved:  # the start point already drawn moved
            beats.forget()
            again = beats.follow(self.game.journal)
            points = beats.take()
        if again:
            self._redraw(points)
        else:
            self._append(points)

    def rebuild(self) -> None:
        """Refill every trace from the whole journal folded again, in one message."""
        self.beats.forget()
        self.refresh()

    def _redraw(self, points: Sequence[Point]) -> None:
        """Refill every trace with ``points`` (every point of the journal).

        Each trace is assigned once, in one batch: one message to the browser.
        """
        window = self.timeline.window
        drawn = points
        if window is not None and points:
            drawn = [p for p in points if p.x >= points[-1].x - window]
        self._points = []
        self._rows = {}
        self._top = 0
        with self.timeline.batch():
            self.timeline.reset(slid=len(drawn) < len(points))
            for trace in self.figure.data:
                if trace.name != "Stress":
                    for prop in ("marker.symbol", "marker.color", "marker.line.color"):
                        self.timeline.assign(trace.name, prop, ())
            self._write(drawn, fresh=True)

    def _append(self, points: Sequence[Point]) -> None:
        """Append points in place: one assignment per trace touched, in one batch.

        Most beats change no axis (they grow in steps, and the health rows are fixed
        until someone new gets a mark), so the batch goes to the browser as a quick
        animation that redraws only the traces that grew (see :meth:`Timeline.batch`).
        """
        if points:
            with self.timeline.batch():
                self._write(points, fresh=False)

    def _write(self, points: Sequence[Point], *, fresh: bool) -> None:
        timeline = self.timeline
        start = timeline.slide([p.x for p in points])  # older beats leave the window
        if start is not None:
            points = [p for p in points if p.x >= start]
        by_trace: dict[str, list[Point]] = {}
        for point in points:
            by_trace.setdefault(_TRACE_OF[point.trace], []).append(point)
        timeline = self.timeline
        for trace in self.figure.data:
            mine = by_trace.get(trace.name)
            if not mine:
                continue
            name = trace.name
            fresh_trace = fresh and start is None
            texts = tuple(f"{p.trace}: {p.text}" if name != "Stress" else p.text for p in mine)
            added: dict[str, tuple[Any, ...]] = {
                "x": tuple(p.x for p in mine),
                "y": tuple(p.y for p in mine),
                "text": texts,
            }
            if name != "Stress":
                colours = tuple(KINDS[p.trace][1] for p in mine)
                added["marker.symbol"] = tuple(KINDS[p.trace][0] for p in mine)
                added["marker.color"] = colours
                added["marker.line.color"] = colours
            for prop, values in added.items():
                before = () if fresh_trace else timeline.current(name, prop)
                timeline.assign(name, prop, before + values)
        self._points += points
        for point in points:
            if KINDS[point.trace][2] == "y2":
                self._rows.setdefault(str(point.y))
        self._frame(points)
        timeline.titled(TITLE, _since)

    def _frame(self, points: Sequence[Point]) -> None:
        """Keep every marker inside the axes, with a margin past the last beat and the top.

        The axes grow in steps (5, then 10, then 20 beats at a time, see
        :func:`_x_step`; two Stress levels), so most appends leave every axis as it
        is and are drawn without a relayout: a relayout redraws every axis and costs
        the browser several times more.
        """
        stresses = [p.y for p in points if isinstance(p.y, int) and KINDS[p.trace][2] == "y"]
        self._top = max([self._top, *stresses])
        step = _x_step(self.fold.beat)
        x_end = step * (self.fold.beat // step + 1) + 0.5
        y_end = 2 * (self._top // 2 + 1) + 0.4
        layout = self.figure.layout
        x_start = self.timeline.oldest if self.timeline.slid else None
        x_range = (-0.5 if x_start is None else x_start - 0.5, x_end)
        for axis, wanted in ((layout.xaxis, x_range), (layout.yaxis, (-0.4, y_end))):
            if axis.autorange:  # the user asked for autoscale (a double click): take over again
                axis.autorange = False
            if tuple(axis.range or ()) != wanted:
                axis.range = list(wanted)
        # One health row per character with a mark, in the order of their first mark
        # (as plotly would order them): a fixed list and range, so that a mark for
        # someone who has a row already changes no axis.
        rows = list(self._rows)
        if tuple(layout.yaxis2.categoryarray or ()) != tuple(rows):
            layout.yaxis2.categoryorder = "array" if rows else None
            layout.yaxis2.categoryarray = rows or None
            layout.yaxis2.range = [-0.5, len(rows) - 0.5] if rows else None

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.refresh()

    # ------------------------------------------------------------------ reading

    def points(self, name: str) -> list[tuple[Any, Any]]:
        """The ``(x, y)`` points of one kind (``"Stress"``, a degree, a health event)."""
        return [(p.x, p.y) for p in self._points if p.trace == name]
