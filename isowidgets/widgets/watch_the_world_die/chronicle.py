"""The chronicle view: the apocalypse year by year, as it is written.

Each year is a ``<details>`` whose one-line summary gives the Events counted and
how the year ended; inside, each turn with its player and move, its Events with
their chains (each chained Event ``↳`` one step further in), its Responses, and
Pressure after every step. The current year is open (until it has a step of its
own, the year just ended stays open instead), earlier ones are closed behind their
line; at the end of the game every year is open. The text comes from
the engine's pure chronicle fold
(:meth:`~.WorldGame.chronicle`), the same one
the Markdown and CSV exports write.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...journal import Entry
from ...rules.watch_the_world_die import WorldGame
from ..panel import Panel
from .messages import WorldMessages
from .views import chronicle_html

__all__ = ["ChronicleView"]


class ChronicleView(Panel):
    """The story so far, per year, redrawn after every action (and undo).

    Args:
        game: the game to follow.

    Attributes:
        view: the chronicle's HTML (``iw-wtwd-chronicle-view``).
    """

    game: WorldGame

    def __init__(self, game: WorldGame) -> None:
        self.messages = WorldMessages(game)
        self.view = widgets.HTML()
        self.view.add_class("iw-wtwd-chronicle-view")
        super().__init__(game, [self.view, self.messages])
        self.add_class("iw-wtwd-chronicle-panel")
        self.refresh()
        self.follow(self._on_actions)

    def refresh(self) -> None:
        """Draw the chronicle from the journal."""
        state = self.game.state
        story = self.game.chronicle()
        years = [year.year for year in story.years]
        # The year being written stays open; a new year with nothing in it yet leaves the
        # one just ended open, so its year-end roll is still in view.
        open_year = state.year if state.year in years or not years else years[-1]
        drawn = chronicle_html(story, open_year=None if state.over is not None else open_year)
        if self.view.value != drawn:
            self.view.value = drawn

    def _on_actions(self, _entries: Sequence[Entry], _state: Any) -> None:
        self.messages.run(self.refresh)
