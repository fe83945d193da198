"""The whole Impact table for a notebook: board, test panel, timeline and session log.

:class:`ImpactTable` only composes the panels and adds the table-wide controls:
the kit's :class:`~isowidgets.widgets.toolbar.SessionToolbar` (undo, redo, a note
for the log, export) and the GM's buttons between tests (a rest break, the next
session, a new adventure). Each panel follows the game on its own, so a call made
in a notebook cell (``game.damage(pierce)``) shows up in every panel just like a
click does.

The board and the test panel sit side by side when the page is wide enough (from
about 800 px of output, so at 1280×800 with JupyterLab's file browser open), the
cards scrolling on their own, so the Details clicked and the odds they move are on
screen together.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from ...rules.impact import ImpactGame
from ..log import LogView
from ..panel import Panel
from ..stay_in_view import StayInView
from ..toolbar import SessionToolbar
from .board import ImpactBoard
from .draft import Drafting
from .in_play import PlayStrip
from .messages import TableMessages
from .rolls import TestPanel
from .timeline import ImpactTimeline
from .views import impact_style

__all__ = ["ImpactTable"]

"""What a notebook shows where the table will be before its cells are run (the
text fallback of the widget's output)."""


def _heading(text: str) -> widgets.HTML:
    heading = widgets.HTML(f'<div class="iw-title">{html.escape(text)}</div>')
    heading.add_class("iw-section-title")
    return heading


class ImpactTable(Panel):
    """Everything a table needs to play the Impact System in a notebook.

    Args:
        game: the :class:`~.ImpactGame` to play.
        export_dir: where the toolbar's **Export log** writes.
        log_rows: how many journal events a page of the session log shows.

    Attributes:
        board: the :class:`~.board.ImpactBoard` (cards, ladders, Detail chips).
        test_panel: the :class:`~.rolls.TestPanel`.
        drafting: the test being set up, shared by the board and the test panel
            (:class:`~.draft.Drafting`).
        toolbar: the kit's :class:`~isowidgets.widgets.toolbar.SessionToolbar`;
            ``undo_button`` and ``redo_button`` are its (also classed
            ``iw-impact-undo`` and ``iw-impact-redo``).
        timeline: the :class:`~.timeline.ImpactTimeline`.
        log_view: the session log, the kit's paged
            :class:`~isowidgets.widgets.log.LogView`.
    """

    game: ImpactGame

    def __init__(
        self, game: ImpactGame, *, export_dir: str | Path = "exports", log_rows: int = 12
    ) -> None:
        self.messages = TableMessages(game)
        self.drafting = Drafting(game)
        self.board = ImpactBoard(game, self.drafting)
        self.test_panel = TestPanel(game, self.drafting)
        self.in_play = PlayStrip()
        self.test_panel.strip = self.in_play
        self.test_panel.refresh()
        self.held = self.test_panel.held  # what the viewers do not see yet, where play is
        self.timeline = ImpactTimeline(game)
        self.log_view = LogView(game, rows=log_rows)
        self.toolbar = SessionToolbar(game, messages=self.messages, export_dir=export_dir)
        self.undo_button = self.toolbar.undo_button
        self.undo_button.add_class("iw-impact-undo")
        self.redo_button = self.toolbar.redo_button
        self.redo_button.add_class("iw-impact-redo")
        self.rest_button = self._tool(
            "Rest break", "iw-impact-rest", "the GM lets every PC reset to D12 (IMP-R19)"
        )
        self.session_button = self._tool(
            "Next session", "iw-impact-next-session", "Impact Dice carry over (IMP-R19)"
        )
        self.adventure_button = self._tool(
            "New adventure",
            "iw-impact-new-adventure",
            "every character back to its starting die; opening scenes may be played again "
            "(IMP-R14, IMP-R20)",
        )
        run = self.messages.handler
        self.rest_button.on_click(run(lambda _b: game.rest()))
        self.session_button.on_click(run(lambda _b: game.next_session()))
        self.adventure_button.on_click(run(lambda _b: game.new_adventure()))
        between = widgets.HBox(
            [self.rest_button, self.session_button, self.adventure_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        between.add_class("iw-impact-between-tests")
        board_column = widgets.VBox([self.in_play, _heading("Characters and scenes"), self.board])
        board_column.add_class("iw-impact-board-column")
        test_column = widgets.VBox([_heading("The test"), self.test_panel])
        test_column.add_class("iw-impact-test-column")
        main = widgets.Box([board_column, test_column])
        main.add_class("iw-impact-main")
        super().__init__(
            game,
            [
                impact_style(),
                self.toolbar,
                between,
                self.messages,
                main,
                _heading("Impact Dice"),
                self.timeline,
                _heading("Session log"),
                self.log_view,
                # The ladders of the test in play stay in view beside the test panel.
                StayInView(selector=".iw-impact-in-play", within=".iw-impact-main"),
            ],
        )
        self.add_class("iw-impact-table")
        self._enable()
        self.follow(lambda _entries, _state: self._enable())

    def _enable(self) -> None:
        """Enable the table-wide buttons whose step the engine offers (between tests)."""
        steps = {step.action for step in self.game.next_steps()}
        for action, button in (
            ("rest", self.rest_button),
            ("next_session", self.session_button),
            ("new_adventure", self.adventure_button),
        ):
            button.disabled = action not in steps

    @staticmethod
    def _tool(description: str, css: str, tooltip: str) -> widgets.Button:
        button = widgets.Button(
            description=description, tooltip=tooltip, layout=widgets.Layout(width="auto")
        )
        button.add_class(css)
        return button

    def close(self) -> None:
        for part in ("board", "test_panel", "timeline", "log_view", "toolbar", "messages"):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
