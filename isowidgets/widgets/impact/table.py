"""The whole Impact table for a notebook: board, test panel, timeline and session log.

:class:`ImpactTable` only composes the panels and adds the table-wide
buttons (undo, redo, a rest break, the next session, a new adventure). Each panel follows the
game on its own, so a call made in a notebook cell (``game.damage(pierce)``)
shows up in every panel just like a click does.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from ...rules.impact import ImpactGame
from ..common import JournalTable, Messages, Panel
from .board import ImpactBoard
from .draft import Drafting
from .rolls import TestPanel
from .timeline import ImpactTimeline
from .views import impact_style

__all__ = ["ImpactTable"]


def _heading(text: str) -> widgets.HTML:
    heading = widgets.HTML(f'<div class="iw-title">{html.escape(text)}</div>')
    heading.add_class("iw-section-title")
    return heading


class ImpactTable(Panel):
    """Everything a table needs to play the Impact System in a notebook.

    Args:
        game: the :class:`~isowidgets.rules.impact.ImpactGame` to play.
        export_dir: where the session log's export buttons write.
        log_rows: how many of the latest journal events the log shows.

    Attributes:
        board: the :class:`~.board.ImpactBoard` (cards, ladders, Detail chips).
        test_panel: the :class:`~.rolls.TestPanel`.
        drafting: the test being set up, shared by the board and the test panel
            (:class:`~.draft.Drafting`).
        timeline: the :class:`~.timeline.ImpactTimeline`.
        journal_table: the session log, a
            :class:`~isowidgets.widgets.common.JournalTable`.
    """

    game: ImpactGame

    def __init__(
        self, game: ImpactGame, *, export_dir: str | Path = "exports", log_rows: int = 12
    ) -> None:
        self.messages = Messages()
        self.drafting = Drafting(game)
        self.board = ImpactBoard(game, self.drafting)
        self.test_panel = TestPanel(game, self.drafting)
        self.timeline = ImpactTimeline(game)
        self.journal_table = JournalTable(game, rows=log_rows, export_dir=export_dir)
        self.undo_button = self._tool("↶ Undo", "iw-impact-undo", "take back the last action")
        self.redo_button = self._tool("↷ Redo", "iw-impact-redo", "restore what undo took back")
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
        self.undo_button.on_click(self.handler(lambda _b: game.undo()))
        self.redo_button.on_click(self.handler(lambda _b: game.redo()))
        self.rest_button.on_click(self.handler(lambda _b: game.rest()))
        self.session_button.on_click(self.handler(lambda _b: game.next_session()))
        self.adventure_button.on_click(self.handler(lambda _b: game.new_adventure()))
        toolbar = widgets.HBox(
            [
                self.undo_button,
                self.redo_button,
                self.rest_button,
                self.session_button,
                self.adventure_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            game,
            [
                impact_style(),
                toolbar,
                self.messages,
                _heading("Characters and scenes"),
                self.board,
                _heading("The test"),
                self.test_panel,
                _heading("Impact Dice"),
                self.timeline,
                _heading("Session log"),
                self.journal_table,
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
        for part in ("board", "test_panel", "timeline", "journal_table"):
            if hasattr(self, part):
                getattr(self, part).close()
        super().close()
