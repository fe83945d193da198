"""Watch the World Die on the stream: the latest turn first, then the Pressure chart and
the latest Events.

The outcome (:meth:`WorldStreamBoard.outcome`) is the latest turn: who played which
move, each Event it created with its type's shape (``●`` Climate, ``■`` Ecosystem…),
its region and its chain (``↳``), Pressure before → after, Relief bought, and the
year-end check (2d6 against the year's Events) when the turn closed a year, with the
dice rolled for it; read from the journal's events with the stream's own messages.
Event types, entries and regions are the tables' own names (a data file) and the
players' words.

The board is read-only: the table's own :class:`~.chart.PressureChart` (each Event type
has its marker shape, named in the legend), refilled from the spectator's game after
every catch, a line with the year and the Pressure now, and the latest Events in
words, never colour alone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...journal import Entry, Event
from ...rules.watch_the_world_die import WorldGame, WorldState
from ...rules.watch_the_world_die.events import (
    ChainRolled,
    EventCreated,
    EventTypeRolled,
    ReliefFinished,
    ResponseBought,
    RPRolled,
    TurnStarted,
    YearEndRolled,
)
from ...rules.watch_the_world_die.model import WorldEvent
from ...rules.watch_the_world_die.tables import type_words
from ...words import Message, msg, plural
from ..stream_board import DicePool, Outcome, StreamBoard, Tone, heading_html, scan_back
from .chart import PressureChart
from .views import TYPE_GLYPHS, table_words

__all__ = ["WorldStreamBoard", "world_outcome"]

SHOWN = 4
"""How many of the latest Events the board lists."""

CHART_HEIGHT = 19
"""The chart's height in base font sizes until the browser has laid the page out (then
it takes its box's: see :meth:`WorldStreamBoard.settle`)."""

_RESOLVES = (EventCreated, ChainRolled, YearEndRolled, ReliefFinished, RPRolled)


def _event(event: EventCreated) -> Message:
    """An Event as the stream lists it: ``● Climate: Flood in Lagos`` (↳ when chained)."""
    glyph = TYPE_GLYPHS.get(event.type, "")
    chained = "↳ " if event.chained_from else ""
    if event.global_scope:
        return msg(
            "stream.world.event_global",
            "{chained}{glyph} {type}: {entry} (global)",
            chained=chained,
            glyph=glyph,
            type=type_words(event.type, event.type_name),
            entry=event.entry,
        )
    if event.region:
        return msg(
            "stream.world.event_in",
            "{chained}{glyph} {type}: {entry} in {region}",
            chained=chained,
            glyph=glyph,
            type=type_words(event.type, event.type_name),
            entry=event.entry,
            region=event.region,
        )
    return msg(
        "stream.world.event",
        "{chained}{glyph} {type}: {entry}",
        chained=chained,
        glyph=glyph,
        type=type_words(event.type, event.type_name),
        entry=event.entry,
    )


def world_outcome(state: WorldState, entries: Sequence[Entry]) -> Outcome | None:
    """The latest turn that rolled in ``entries`` (effective, in order): its Events,
    Pressure before → after, Relief, and the year-end check; ``None`` before any."""
    at = scan_back(entries, lambda entry: isinstance(entry.event, _RESOLVES))
    if at is None:
        return None
    start = scan_back(entries[: at + 1], lambda entry: isinstance(entry.event, TurnStarted))
    begin = at if start is None else start
    turn = entries[begin].event if start is not None else None
    events: list[Event] = []
    for entry in entries[begin:]:
        if isinstance(entry.event, TurnStarted) and events:
            break
        events.append(entry.event)
    created = [e for e in events if isinstance(e, EventCreated)]
    pools: list[DicePool] = []
    changes: list[Message] = []
    pressure_after = turn.pressure if isinstance(turn, TurnStarted) else state.pressure
    for event in events:
        if isinstance(event, EventTypeRolled):
            pools.append(
                DicePool(
                    msg(
                        "stream.world.type_roll",
                        "Event Type: {type}",
                        type=type_words(event.read_as, event.type_name),
                    ),
                    event.roll,
                )
            )
            pressure_after = event.pressure_after
        elif isinstance(event, ChainRolled):
            chained = (
                msg("stream.world.chained", "chains")
                if event.chained
                else msg("stream.world.not_chained", "no chain")
            )
            pools.append(
                DicePool(msg("stream.world.chain_roll", "Chain roll"), event.roll, reading=chained)
            )
            pressure_after = event.pressure_after
        elif isinstance(event, EventCreated):
            changes.append(_event(event))
            pressure_after = event.pressure_after
        elif isinstance(event, RPRolled):
            pools.append(
                DicePool(
                    msg("stream.world.rp_roll", "Relief Points"),
                    event.roll,
                    reading=plural("stream.world.rp", "{n} point", "{n} points", n=event.rp),
                )
            )
        elif isinstance(event, ResponseBought):
            changes.append(msg("stream.world.response", "✚ Response: {entry}", entry=event.entry))
        elif isinstance(event, ReliefFinished):
            pressure_after = event.pressure_after
        elif isinstance(event, YearEndRolled):
            pools.append(DicePool(msg("stream.world.year_end_roll", "Year end"), event.roll))
            sign = "<" if event.comparison == "lt" else "≤"
            if event.dying:
                changes.append(
                    msg(
                        "stream.world.dying",
                        "◷ {year} ends: {total} {sign} {events} Events; the Great Dying begins",
                        year=event.year,
                        total=event.total,
                        sign=sign,
                        events=event.events,
                    )
                )
            else:
                changes.append(
                    msg(
                        "stream.world.lives",
                        "◷ {year} ends: {total} is not {sign} {events} Events; the world lives on",
                        year=event.year,
                        total=event.total,
                        sign=sign,
                        events=event.events,
                    )
                )
    before = turn.pressure if isinstance(turn, TurnStarted) else pressure_after
    changes.insert(
        0, msg("stream.world.pressure", "Pressure {old} → {new}", old=before, new=pressure_after)
    )
    tone: Tone
    if isinstance(turn, TurnStarted) and turn.move == "relieve":
        heading = msg(
            "stream.world.relieve",
            "Turn {n} · {player}: Relieve It",
            n=turn.turn,
            player=turn.player,
        )
        verdict = msg(
            "stream.world.relieved", "Pressure {old} → {new}", old=before, new=pressure_after
        )
        glyph, tone = "▼", "success"
    else:
        if isinstance(turn, TurnStarted):
            heading = msg(
                "stream.world.worse",
                "Turn {n} · {player}: Make It Worse",
                n=turn.turn,
                player=turn.player,
            )
        else:
            heading = msg("stream.world.turn", "The latest turn")
        if created:
            verdict = _event(created[0])
            glyph = ""
        else:
            verdict = msg("stream.world.no_event", "No Event yet")
            glyph = "…"
        tone = "failure" if created else "even"
        if created:
            changes = [change for change in changes if change != verdict]
    dying = any(isinstance(e, YearEndRolled) and e.dying for e in events)
    if dying:
        tone = "failure"
    return Outcome(
        key=f"turn-{entries[begin].seq}-{len(events)}",
        heading=heading,
        verdict=verdict,
        glyph=glyph,
        tone=tone,
        changes=tuple(changes),
        dice=tuple(pools),
        reading=plural(
            "stream.world.added",
            "{n} Event this turn",
            "{n} Events this turn",
            n=len(created),
        ),
    )


class WorldStreamBoard(StreamBoard):
    """The Pressure chart, the year and Pressure now, and the latest Events."""

    system: ClassVar[str] = "watch_the_world_die"

    def summary_words(self, state: WorldState, text: str) -> str:
        """Events and Responses by their names, not their ids (as the table's log says)."""
        return table_words(state, text)

    def __init__(self, language: str) -> None:
        self.chart: PressureChart | None = None
        self._fed = 0  # how many of the catch's effective entries the chart has taken
        self._effective: Sequence[Entry] = ()
        # A column, so the chart is as wide as the board (plotly sizes itself to its box).
        self.chart_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.chart_box.add_class("iw-stream-chartbox")
        self.now = widgets.HTML()
        self.now.add_class("iw-stream-pressure")
        self.events = widgets.HTML()
        self.events.add_class("iw-stream-events")
        super().__init__(language, [self.now, self.chart_box, self.events])

    def outcome(self, catch: Catch) -> Outcome | None:
        return world_outcome(catch.game.state, catch.effective)

    def frame(self, base: int) -> None:
        """The chart's text and height follow the frame (plotly sizes text in pixels)."""
        self.base = base

    base = 20

    def settle(self) -> None:
        """Send the chart's points again for a browser that connected after them, and let
        the chart take its box's height.

        Plotly's widget keeps a figure's height through every resize (and draws one
        without a height at a default of its own); told, once the browser has laid the
        page out, that the figure has no height, plotly measures the element, which the
        page's stylesheet stretches over its box. Plotly sends only what changed, so a
        chart told so before is first given its height from the frame again.
        """
        if self.chart is None:
            return
        self.chart.rebuild(self._effective)
        layout = self.chart.figure.layout
        if layout.height is None:
            layout.height = self.base * CHART_HEIGHT
        layout.height = None

    def show(self, catch: Catch) -> None:
        game = catch.game
        assert isinstance(game, WorldGame)
        if self.chart is None:
            # In the page's language; no hover: no viewer points at a stream.
            self.chart = PressureChart(
                game, height=self.base * CHART_HEIGHT, language=self.language, hover=False
            )
            # As wide as its box, which the page's stylesheet stretches over what the
            # board leaves free: plotly sizes a figure without a width of its own to its
            # element, each time the window says it was resized (as the page's shown
            # signal does once a browser has laid it out); and as tall once settled.
            self.chart.timeline.figure.update_layout(
                autosize=True,
                width=None,
                font={"size": round(self.base * 0.9)},
                title={"font": {"size": self.base}},
                legend={"font": {"size": round(self.base * 0.9)}},
                margin={"l": self.base * 4, "r": self.base, "t": self.base * 2.5,
                        "b": self.base * 4.5},
            )  # fmt: skip
            self.chart_box.children = (self.chart,)
        else:
            self.chart.game = game  # the spectator's game of this catch
            if catch.rebuilt:  # history changed, not only grew: drawn afresh
                self.chart.rebuild(catch.effective)
            else:  # only what the catch added is folded and sent
                self.chart.update(catch.effective[self._fed :])
        self._fed = len(catch.effective)
        self._effective = catch.effective
        self.chart.timeline.keep_state()  # for a browser that connects after this
        state: WorldState = game.state
        now = msg(
            "stream.world.now", "Year {year} · Pressure {n}", year=state.year, n=state.pressure
        )
        value = heading_html(now, self.language)
        if self.now.value != value:
            self.now.value = value
        rows = "".join(
            f"<li>{html.escape(self.say(_created_line(event)))}</li>"
            for event in state.events[-SHOWN:][::-1]
        )
        head = heading_html(msg("stream.events", "Latest Events"), self.language)
        none = msg("stream.no_events", "No Event yet.")
        body = (
            f"<ul class='iw-stream-list'>{rows}</ul>"
            if rows
            else f"<p>{html.escape(self.say(none))}</p>"
        )
        if self.events.value != head + body:
            self.events.value = head + body

    def close(self) -> None:
        if self.chart is not None:
            self.chart.close()
        super().close()


def _created_line(event: WorldEvent) -> Message:
    """A state's Event as the list shows it, with the Pressure it added."""
    glyph = TYPE_GLYPHS.get(event.type, "")
    chained = "↳ " if event.chained_from else ""
    where = event.region if event.region else ""
    return msg(
        "stream.world.listed",
        "{chained}{glyph} {entry} {where} (+{pressure})",
        chained=chained,
        glyph=glyph,
        entry=event.entry,
        where=where,
        pressure=event.pressure_added,
    )
