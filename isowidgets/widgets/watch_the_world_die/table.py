"""The whole Watch the World Die table for a notebook.

:class:`WorldTable` composes the panels and adds what belongs to the whole table:
the kit's :class:`~isowidgets.widgets.toolbar.SessionToolbar` (undo, redo, a note,
export of the log and of the chronicle as Markdown or CSV), the message line,
Pressure as the kit's counter :class:`~isowidgets.widgets.track.Track` with the
year and its Events, a form to begin (players clockwise, the starting year, an
Apocalypse Type if the table wants one) and a manual stop. Each panel follows the
game on its own, so a call made in a notebook cell shows up everywhere just as a
click does.

The turn panel and the side column (the responses shop and the year-end check)
sit side by side when the page is wide enough (from about 820 px of output, so at
1280×800 with JupyterLab's file browser open); the chart, the chronicle and the
session log follow.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from ...rules.watch_the_world_die import WorldGame
from ..log import LogView
from ..numbers import percent
from ..panel import Panel, set_options
from ..stay_in_view import StayInView
from ..submit_button import SubmitButton
from ..submit_text import SubmitText
from ..toolbar import SessionToolbar
from ..track import Track
from .chart import PressureChart
from .chronicle import ChronicleView
from .messages import WorldMessages
from .shop import ResponseShop
from .turn import TurnPanel
from .views import table_words, wtwd_style
from .yearend import YearEndCheck

__all__ = ["WorldTable"]

NO_APOCALYPSE = "— none (skip Phase 1) —"


def _heading(text: str) -> widgets.HTML:
    heading = widgets.HTML(f'<div class="iw-title">{html.escape(text)}</div>')
    heading.add_class("iw-section-title")
    return heading


class WorldTable(Panel):
    """Everything a table needs to play Watch the World Die in a notebook.

    Args:
        game: the :class:`~.WorldGame` to play.
        export_dir: where the toolbar's **Export** writes.
        log_rows: how many journal events a page of the session log shows.

    Attributes:
        toolbar: the kit's session toolbar (its export offers the chronicle too).
        pressure: Pressure, the kit's counter (``iw-wtwd-pressure-track``).
        calendar: the year, its Events and the chance at its end (``iw-wtwd-calendar``).
        setup: the form to begin (shown until the game begins): ``players_box``,
            ``year_box``, ``apocalypse``, ``begin_button``.
        stop_button: ends the game by hand (recorded as abandoned).
        turn_panel, shop, year_end, chart, chronicle, log_view: the panels.
    """

    game: WorldGame

    def __init__(
        self, game: WorldGame, *, export_dir: str | Path = "exports", log_rows: int = 12
    ) -> None:
        self.messages = WorldMessages(game)
        self.toolbar = SessionToolbar(game, messages=self.messages, export_dir=export_dir)
        self.pressure = Track.counter(
            "Pressure",
            game.pressure,
            marks={0: "the next turn must Make It Worse"},
            css_class="iw-wtwd-pressure-track",
        )
        self.calendar = widgets.HTML()
        self.calendar.add_class("iw-wtwd-calendar")
        self.stop_button = widgets.Button(
            description="Stop the game",
            icon="stop",
            tooltip="end the game here, without the Great Dying (recorded as abandoned)",
            layout=widgets.Layout(width="auto", flex="0 0 auto"),
        )
        self.stop_button.add_class("iw-wtwd-stop")
        self.stop_button.on_click(
            self.messages.handler(lambda _b: game.stop("stopped at the table"))
        )

        self.players_box = SubmitText(
            description="Players", placeholder="names, clockwise, separated by commas"
        )
        self.players_box.add_class("iw-wtwd-players-box")
        self.year_box = widgets.IntText(value=2020, description="First year")
        self.year_box.add_class("iw-wtwd-year")
        self.apocalypse = widgets.Dropdown(description="Apocalypse")
        self.apocalypse.add_class("iw-wtwd-apocalypse")
        self.begin_button = SubmitButton(
            description="Begin",
            icon="play",
            button_style="primary",
            tooltip="begin the world with these players, clockwise, from this year",
            text=self.players_box,
        )
        self.begin_button.add_class("iw-wtwd-begin")
        self.players_box.on_submit(self.messages.handler(self._begin))
        self.setup = widgets.VBox(
            [
                _heading("Begin the world"),
                self.players_box,
                widgets.HBox([self.year_box, self.apocalypse]),
                self.begin_button,
            ]
        )
        self.setup.add_class("iw-wtwd-setup")

        self.turn_panel = TurnPanel(game, messages=self.messages)
        self.held = self.turn_panel.held  # what the viewers do not see yet, where play is
        self.shop = ResponseShop(game, messages=self.messages)
        self.year_end = YearEndCheck(game, messages=self.messages)
        self.chart = PressureChart(game)
        self.chronicle = ChronicleView(game)
        self.log_view = LogView(
            game, rows=log_rows, words=lambda text: table_words(game.state, text)
        )

        turn_column = widgets.VBox([_heading("The turn"), self.turn_panel])
        turn_column.add_class("iw-wtwd-turn-column")
        side_column = widgets.VBox(
            [
                _heading("Societal Responses"),
                self.shop,
                _heading("The year end"),
                self.year_end,
            ]
        )
        side_column.add_class("iw-wtwd-side-column")
        main = widgets.Box([turn_column, side_column])
        main.add_class("iw-wtwd-main")
        status = widgets.HBox([self.pressure, self.calendar, self.stop_button])
        status.add_class("iw-wtwd-status")
        play = widgets.VBox([status, main])
        play.add_class("iw-wtwd-play")
        super().__init__(
            game,
            [
                wtwd_style(),
                self.toolbar,
                self.messages,
                self.setup,
                play,
                _heading("Pressure over the game"),
                self.chart,
                _heading("The chronicle"),
                self.chronicle,
                _heading("Session log"),
                self.log_view,
                # Pressure and the year stay in view over the turn, as a sticky bar.
                StayInView(selector=".iw-wtwd-status", within=".iw-wtwd-play", header=True),
            ],
        )
        self.add_class("iw-wtwd-table")
        self.refresh()
        self.follow(lambda _entries, _state: self.messages.run(self.refresh))

    def _begin(self, players: str) -> None:
        """Begin with the names typed (commas between them), the year and the type."""
        names = [name.strip() for name in players.split(",") if name.strip()]
        chosen = self.apocalypse.value or None
        self.game.begin(names, self.year_box.value, chosen)

    def refresh(self) -> None:
        """Draw Pressure, the calendar, the setup form and the stop button."""
        game = self.game
        state = game.state
        self.pressure.set(state.pressure)
        actions = {step.action for step in game.next_steps()}
        begun = state.begun
        self.setup.layout.display = None if "begin" in actions else "none"
        if not begun:
            set_options(
                self.apocalypse,
                [(NO_APOCALYPSE, ""), *((t, t) for t in game.tables.apocalypse_types)],
            )
        self.stop_button.disabled = "stop" not in actions
        if not begun:
            self.calendar.value = "<div><em>The world has not begun.</em></div>"
            return
        kind = (
            f" · Apocalypse Type: <b>{html.escape(state.apocalypse)}</b>"
            if state.apocalypse
            else ""
        )
        events = state.events_this_year
        over = " · <b>the game is over</b>" if state.over is not None else ""
        self.calendar.value = (
            f'<div role="status">Year <b>{state.year}</b> · <b>{events}</b> Event'
            f"{'s' if events != 1 else ''} this year (Great Dying at its end: "
            f"{percent(game.great_dying_chance())}){kind}{over}</div>"
        )

    def close(self) -> None:
        for part in (
            "turn_panel",
            "shop",
            "year_end",
            "chart",
            "chronicle",
            "log_view",
            "toolbar",
            "messages",
        ):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
