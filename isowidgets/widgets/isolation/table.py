"""The whole Isolation table in one widget: what a GM runs at a workshop or on a stream.

::

    game = IsolationGame.open("sessions/farmhouse.jsonl", resume=RESUME, seed=2026)
    table = IsolationTable(game, name="farmhouse", export_dir="exports")
    table

From top to bottom: the GM's bar (:class:`.scene.ScenePanel`), the relationship
map (:class:`.map.RelationshipMap`) beside the conflict panel
(:class:`.conflict.ConflictPanel`) when the screen is wide enough, the Stress and
health plot (:class:`.timeline.StressTimeline`), and tabs for the character
sheets, the between-sessions step and the session log. Every part follows the
same game, so a click in one shows in all, and so does any engine call made from
another cell.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

from ...rules.isolation import IsolationGame
from ..common import JournalTable, Panel
from .between import BetweenSessions
from .conflict import ConflictPanel
from .map import RelationshipMap
from .scene import ScenePanel
from .sheets import CharacterSheets
from .timeline import StressTimeline
from .views import isolation_style, slug

__all__ = ["IsolationTable"]


class IsolationTable(Panel):
    """Every Isolation panel over one game.

    Args:
        game: the game to play.
        name: a short name; the table gets the CSS class ``iw-table-<name>`` and
            its map ``iw-map-<name>``, so two tables in one notebook can be told
            apart (by browser tests, or by a stylesheet).
        export_dir: where the session log's export buttons write.
        log_rows: how many of the latest journal events the log shows.

    Attributes:
        scene, map, conflict, timeline, sheets, between, journal_table: the parts, for
        notebooks that want to show or drive one of them directly.
    """

    game: IsolationGame

    def __init__(
        self,
        game: IsolationGame,
        *,
        name: str = "isolation",
        export_dir: str | Path = "exports",
        log_rows: int = 14,
    ) -> None:
        self.table_name = slug(name)
        # Built (so subscribed) in the order a click's results matter: the conflict
        # panel's dice and result first, then the plot and the map, the rest after.
        self.timeline = StressTimeline(game)
        self.conflict = ConflictPanel(game)
        self.map = RelationshipMap(game, css_class=f"iw-map-{self.table_name}")
        self.scene = ScenePanel(game)
        self.sheets = CharacterSheets(game)
        self.map.on_select = self.sheets.select
        self.between = BetweenSessions(game)
        self.journal_table = JournalTable(game, rows=log_rows, export_dir=export_dir)
        self.map.layout = widgets.Layout(flex="0 1 780px", min_width="0")
        self.conflict.layout = widgets.Layout(flex="1 1 560px", min_width="0")
        play = widgets.HBox(
            [self.map, self.conflict],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        self.tabs = widgets.Tab(
            children=[self.sheets, self.between, self.journal_table],
            titles=["Characters", "Between sessions", "Session log"],
        )
        self.tabs.add_class("iw-tabs")
        super().__init__(game, [isolation_style(), self.scene, play, self.timeline, self.tabs])
        self.add_class("iw-isolation")
        self.add_class(f"iw-table-{self.table_name}")

    def close(self) -> None:
        for part in (
            self.scene,
            self.sheets,
            self.map,
            self.conflict,
            self.timeline,
            self.between,
            self.journal_table,
        ):
            part.close()
        super().close()
