"""Each character's Impact Die over the session, as a plotly timeline that grows in place.

The y axis is the ladder step with tick labels D4…D20 (and "ineffectual"
below D4); the x axis is the journal's action number. Each character (and
each scene with an Impact Die) is one trace with its own marker symbol, so
the lines stay apart without colour. New points come from the engine's pure
:func:`~.timeline_rows` applied to each action's
entries and are appended to the traces; the plot draws the latest :data:`WINDOW`
actions (its title says from which action on once older ones left it), so an action
costs the same at the 20th and the 20,000th. The rows are read as the journal grows,
through the core's :class:`~isowidgets.journal.kept.Kept` (:class:`Changes`); an undo or a
redo changes history itself, so then the traces are emptied and refilled from the
journal, in one message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...journal import Entry, Kept
from ...rules.impact import BANKED, IMPACT_LADDER, INEFFECTUAL, ImpactGame, timeline_rows
from ...rules.impact.ladder import die_label, step_label
from ..panel import Panel
from ..timeline import Timeline
from .messages import TableMessages

__all__ = ["SYMBOLS", "WINDOW", "Changes", "ImpactTimeline"]

WINDOW = 200
"""How many of the latest actions the plot draws (up to half as many again before the
older ones leave it in one update): plotly sends a trace's whole arrays with every
append, so without a window a long session's every action would cost more than the last."""

TITLE = "Impact Dice over the session"


def _since(n: int) -> str:
    return f"{TITLE}, from action #{n} on"


SYMBOLS = (
    "circle",
    "square",
    "diamond",
    "triangle-up",
    "x",
    "star",
    "cross",
    "hexagon",
    "triangle-down",
    "pentagon",
)
"""Marker symbols, one per holder in the order they joined the story (then repeating)."""

DASHES = ("solid", "dash", "dot", "dashdot", "longdash")


class Changes(Kept):
    """The Impact Dice's values, read from the journal's effective entries as they
    arrive (a :class:`~isowidgets.journal.kept.Kept`): the rows of :func:`~.timeline_rows`
    with a step.

    Attributes:
        settings_changed: a settings change was read since the last :meth:`take`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.settings_changed = False
        self._rows: list[dict[str, Any]] = []

    def reset(self) -> None:
        self.settings_changed = False
        self._rows = []

    def read(self, entry: Entry) -> None:
        if entry.kind == "settings_changed":
            self.settings_changed = True
        self._rows += (row for row in timeline_rows((entry,)) if row["step"] is not None)

    def take(self) -> list[dict[str, Any]]:
        """The rows read since the last call (and forget any settings change read)."""
        rows, self._rows = self._rows, []
        self.settings_changed = False
        return rows


class ImpactTimeline(Panel):
    """A live plot of every Impact Die over the session.

    Args:
        game: the game to follow.
        height: the plot's height in pixels.

    Attributes:
        timeline: the shared :class:`~.Timeline`;
            ``timeline.figure`` is the plotly ``FigureWidget`` (CSS class
            ``iw-impact-timeline``).
    """

    game: ImpactGame

    def __init__(
        self, game: ImpactGame, *, height: int = 340, window: float | None = WINDOW
    ) -> None:
        self.messages = TableMessages(game)
        self.timeline = Timeline(
            title=TITLE,
            x_title="action number in the journal",
            y_title="Impact Die",
            height=height,
            css_class="iw-impact-timeline",
            window=window,
        )
        self.timeline.figure.update_layout(
            yaxis={"tickmode": "array", "zeroline": False},
            xaxis={"rangemode": "tozero"},
            legend={"orientation": "h", "y": -0.3},
            margin={"l": 90, "r": 20, "t": 50, "b": 60},
        )
        self._ticks: tuple[int, ...] = ()
        self._banked_drawn = False
        self._names: dict[str, str] = {}
        self._traces: set[str] = set()
        self.changes = Changes()
        super().__init__(game, [self.timeline.figure, self.messages])
        self.add_class("iw-impact-timeline-panel")
        self._set_axis()  # before the first point, so the shared Timeline leaves the axis alone
        self.refresh()
        self.follow(self._on_actions)

    @property
    def figure(self) -> Any:
        """The plotly ``FigureWidget``."""
        return self.timeline.figure

    def trace_name(self, who: str, name: str) -> str:
        """The trace of holder ``who`` (its name; with the id when two share a name)."""
        if who not in self._names:
            taken = set(self._names.values())
            self._names[who] = name if name not in taken else f"{name} ({who})"
        return self._names[who]

    def points(self, who_or_name: str) -> int:
        """How many points a holder's trace has, by id or by trace name."""
        return self.timeline.points(self._names.get(who_or_name, who_or_name))

    def _set_axis(self) -> None:
        """Fit the y axis's rungs and range to the ladder the plot can show now.

        The banked rung ("D20 +1 banked") is there while ``impact_overflow_at_d20``
        is ``"bank"``, and for as long as a banked point is drawn (the setting may
        have changed since). The axis has a range of its own, so the shared
        :class:`~isowidgets.widgets.common.Timeline` never resizes it: this does,
        when the game is followed and after every settings change or undo.
        """
        ticks = list(range(INEFFECTUAL, len(IMPACT_LADDER)))
        labels = ["ineffectual", *(die_label(d) for d in IMPACT_LADDER)]
        if self.game.settings.impact_overflow_at_d20 == "bank" or self._banked_drawn:
            ticks.append(BANKED)
            labels.append("D20 +1 banked")
        if tuple(ticks) == self._ticks:
            return
        self._ticks = tuple(ticks)
        self.figure.update_layout(
            yaxis={
                "tickvals": ticks,
                "ticktext": labels,
                "range": [ticks[0] - 0.5, ticks[-1] + 0.5],
            }
        )

    def _add(self, rows: Iterable[dict[str, Any]]) -> None:
        grouped: dict[str, list[tuple[Any, Any, str]]] = {}
        for row in rows:
            if row["step"] is None:
                continue
            if row["step"] >= BANKED and not self._banked_drawn:
                self._banked_drawn = True
                self._set_axis()
            trace = self.trace_name(row["who"], row["name"])
            why = row["reason"] or row["cause"]
            text = f"{row['name']}: {step_label(row['step'])}<br>{why}<br>action #{row['action']}"
            grouped.setdefault(trace, []).append((row["action"], row["step"], text))
        # Every trace an action touches goes to the browser in one message.
        with self.timeline.batch():
            for trace, points in grouped.items():
                if trace not in self._traces:
                    n = len(self._traces)
                    self._traces.add(trace)
                    index = self.timeline.trace(
                        trace,
                        symbol=SYMBOLS[n % len(SYMBOLS)],
                        dash=DASHES[(n // len(SYMBOLS)) % len(DASHES)],
                    )
                    self.figure.data[index].line.shape = "hv"
                    self.figure.data[index].marker.size = 11
                self.timeline.append(trace, points)
            self.timeline.titled(TITLE, _since)

    def refresh(self) -> None:
        """Follow the journal: append the rows its new actions add (with the rungs of a
        settings change), or, when its history changed otherwise (an undo, a redo), draw
        it afresh in one message."""
        changes = self.changes
        again = changes.follow(self.game.journal)
        settings = changes.settings_changed
        rows = changes.take()
        if again:
            self._redraw(rows)
        elif settings:
            with self.timeline.batch():  # the new rungs and any points: one message
                self._set_axis()
                self._add(rows)
        else:
            self._add(rows)

    def rebuild(self) -> None:
        """Empty the traces and refill them from the journal read again, in one message."""
        self.changes.forget()
        self.refresh()

    def _redraw(self, rows: list[dict[str, Any]]) -> None:
        """Empty the traces and refill them with ``rows`` (every row of the journal)."""
        window = self.timeline.window
        drawn = rows
        if window is not None and rows:
            drawn = [row for row in rows if row["action"] >= rows[-1]["action"] - window]
        with self.timeline.batch():
            self.timeline.reset(slid=len(drawn) < len(rows))
            self._banked_drawn = False
            self._set_axis()  # the settings in force may differ after an undo
            self._add(drawn)

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.messages.run(self.refresh)
