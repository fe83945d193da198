"""Damage over the rounds of Let It Hurt, as a plotly timeline that grows in place.

The rows are the engine's (:meth:`~.FudgeGame.damage_rows`,
:func:`~isowidgets.rules.fudge_conflict.timeline.damage_rows` on each new action's
entries): one point per wound, at the round it was taken and the level it was
recorded at (after any bump up the track). Rounds are counted across the session
(the third round played in the session is 3, whichever Let It Hurt it belongs
to), so two fights never draw over each other. Each character is a trace of points
(no lines: each point is one wound) with its own marker symbol, and each point's
text names the ability, so nothing depends on colour. The plot draws the latest
:data:`WINDOW` rounds (its title says from which round on once older ones left it), so
a round costs the same at the 20th and the 20,000th. The wounds are read as the
journal grows, through the core's :class:`~isowidgets.journal.kept.Kept` (:class:`Wounds`):
an action appends only its own; an undo or redo changes history itself, and then the
traces are emptied and refilled from the journal, in one message. Switching the
language rewrites the titles and the points' text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...journal import Entry, Kept
from ...rules.fudge_conflict import FudgeGame
from ...rules.fudge_conflict.events import RoundRolled
from ...rules.fudge_conflict.timeline import damage_rows
from ..i18n import Labels
from ..timeline import Timeline
from .views import ability_label

__all__ = ["WINDOW", "DamageTimeline", "Wounds"]

WINDOW = 50
"""How many of the latest rounds the plot draws (up to half as many again before the
older ones leave it in one update): plotly sends a trace's whole arrays with every
append, so without a window a long session's every round would cost more than the last."""

SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon")
"""Marker symbols, one per character in the order they first took damage."""


class Wounds(Kept):
    """The wounds taken in rounds, read from the journal's effective entries as they
    arrive (a :class:`~isowidgets.journal.kept.Kept`): each a row of
    :func:`~isowidgets.rules.fudge_conflict.timeline.damage_rows` with ``x``, the
    round's number in the session (rounds without damage count too).

    Attributes:
        rounds: how many rounds were read.
    """

    def __init__(self) -> None:
        super().__init__()
        self.rounds = 0
        self._rows: list[dict[str, Any]] = []

    def reset(self) -> None:
        self.rounds = 0
        self._rows = []

    def read(self, entry: Entry) -> None:
        if isinstance(entry.event, RoundRolled):
            self.rounds += 1
            self._rows += (
                {**row, "x": self.rounds}
                for row in damage_rows((entry,))
                if row["round"] is not None and row["source"] != "settled"
            )

    def take(self) -> list[dict[str, Any]]:
        """The rows read since the last call."""
        rows, self._rows = self._rows, []
        return rows


class DamageTimeline:
    """A live plot of every wound, per character, over the rounds.

    Args:
        game: the game to read.
        labels: the table's labels (titles and the abilities' names).

    Attributes:
        timeline: the kit's :class:`~isowidgets.widgets.timeline.Timeline`;
            ``figure`` is its FigureWidget (class ``iw-fudge-plot``).
    """

    def __init__(
        self, game: FudgeGame, labels: Labels, *, height: int = 300, window: float | None = WINDOW
    ) -> None:
        self.game = game
        self.labels = labels
        self.timeline = Timeline(
            title=labels("table.plot"),
            x_title=labels("plot.x"),
            y_title=labels("plot.y"),
            height=height,
            css_class="iw-fudge-plot",
            step=1.0,
            window=window,
        )
        self.figure.update_layout(
            yaxis={"range": [0.5, 7.5], "tickmode": "array", "tickvals": list(range(1, 8))},
            xaxis={"dtick": 1, "rangemode": "tozero"},
        )
        self._traces: dict[str, str] = {}
        self.wounds = Wounds()
        self.refresh()
        labels.on_switch(self._relabel)

    @property
    def figure(self) -> Any:
        """The plotly ``FigureWidget``."""
        return self.timeline.figure

    def points(self, who: str) -> int:
        """How many wounds are drawn for character ``who``."""
        name = self._traces.get(who)
        return self.timeline.points(name) if name is not None else 0

    def _add(self, rows: Iterable[dict[str, Any]]) -> None:
        labels = self.labels
        grouped: dict[str, list[tuple[Any, Any, str]]] = {}
        state = self.game.state
        for row in rows:
            x = row["x"]
            who = row["who"]
            name = next((c.name for c in state.characters if c.id == who), who)
            if who not in self._traces:
                taken = set(self._traces.values())
                self._traces[who] = name if name not in taken else f"{name} ({who})"
            ability = ability_label(labels, row["ability"])
            text = labels(
                "plot.point",
                name=name,
                n=x,
                level=row["recorded"],
                kind=labels(f"level.{row['name_of_level']}"),
                ability=ability,
            )
            grouped.setdefault(self._traces[who], []).append((x, row["recorded"], text))
        order = list(self._traces.values())
        with self.timeline.batch():  # every trace an action touches: one message
            for trace, points in grouped.items():
                symbol = SYMBOLS[order.index(trace) % len(SYMBOLS)]
                self.timeline.trace(trace, symbol=symbol, mode="markers")
                self.timeline.append(trace, points)
            self._title()

    def _title(self) -> None:
        """The title, saying from which round on once older rounds left the window."""
        labels = self.labels
        title = labels("table.plot")
        self.timeline.titled(title, lambda n: labels("plot.since", title=title, n=n))

    def refresh(self) -> None:
        """Follow the journal: append the wounds its new actions add, or, when its
        history changed otherwise (an undo, a redo), draw it afresh in one message."""
        again = self.wounds.follow(self.game.journal)
        rows = self.wounds.take()
        if again:
            self._redraw(rows)
        else:
            self._add(rows)

    def rebuild(self) -> None:
        """Empty the traces and refill them from the journal (after a switch), in one message."""
        self.wounds.forget()
        self.refresh()

    def _redraw(self, rows: list[dict[str, Any]]) -> None:
        """Empty the traces and refill them with ``rows`` (every wound of the journal)."""
        window = self.timeline.window
        drawn = rows
        if window is not None and rows:
            last = rows[-1]["x"]
            drawn = [r for r in rows if r["x"] >= last - window]
        with self.timeline.batch():
            self.timeline.reset(slid=len(drawn) < len(rows))
            self._add(drawn)

    def _relabel(self) -> None:
        labels = self.labels
        with self.timeline.batch():
            self.figure.update_layout(
                xaxis={"title": {"text": labels("plot.x")}},
                yaxis={"title": {"text": labels("plot.y")}},
            )
        self.rebuild()
