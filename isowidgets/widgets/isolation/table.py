"""The whole Isolation table in one widget: what a GM runs at a workshop or on a stream.

In the notebook (``RESUME`` is its first cell's choice):

.. code-block:: py

    game = IsolationGame.open("sessions/farmhouse.jsonl", resume=RESUME, seed=2026)
    table = IsolationTable(game, name="farmhouse", export_dir="exports")
    table

From top to bottom: the GM's bar (:class:`.scene.ScenePanel`, with the Stress track and
the table's one session toolbar: undo, redo, a note, export), the relationship map
(:class:`.map.RelationshipMap`) beside the conflict panel
(:class:`conflict.ConflictPanel <.isolation.conflict.ConflictPanel>`) on a 1280-pixel screen and
wider (one above the other on a narrower one), the map kept in view as the conflict panel grows
(:class:`~isowidgets.widgets.stay_in_view.StayInView`), the Stress and health plot
(:class:`.timeline.StressTimeline`), and tabs for the character sheets, the
between-sessions step and the session log (the kit's paged
:class:`~isowidgets.widgets.log.LogView`). Every part follows the same game, so a
click in one shows in all, and so does any engine call made from another cell.
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

from ...rules.isolation import IsolationGame
from ..log import LogView
from ..panel import Panel
from ..stay_in_view import StayInView
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
        export_dir: where the toolbar's **Export log** writes.
        log_rows: how many events a page of the session log shows.

    Attributes:
        scene, map, conflict, timeline, sheets, between, log_view: the parts, for
        notebooks that want to show or drive one of them directly.
        toolbar: the table's session toolbar (in the GM's bar).
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
        self.held = self.conflict.held  # what the viewers do not see yet, where play is
        self.map = RelationshipMap(game, css_class=f"iw-map-{self.table_name}")
        # Every message line of the table follows the game, the map's too: "link L4
        # deleted" goes at the next action or an undo (following twice is harmless).
        self.map.messages.follow(game)
        self.scene = ScenePanel(game, export_dir=export_dir)
        self.toolbar = self.scene.toolbar
        self.sheets = CharacterSheets(game)
        self.map.on_select = self.sheets.select
        self.between = BetweenSessions(game)
        self.log_view = LogView(game, rows=log_rows)
        self.map.add_class("iw-play-map")
        self.conflict.add_class("iw-play-conflict")
        self.play = widgets.Box([self.map, self.conflict])
        self.play.add_class("iw-play")
        # The map stays in view beside the conflict panel as that panel grows.
        self.stay_in_view = StayInView(selector=".iw-play-map", within=".iw-play")
        log = widgets.VBox([self.log_view])
        log.add_class("iw-session-log")
        self.tabs = widgets.Tab(
            children=[self.sheets, self.between, log],
            titles=["Characters", "Between sessions", "Session log"],
        )
        self.tabs.add_class("iw-tabs")
        super().__init__(
            game,
            [
                isolation_style(),
                self.scene,
                self.play,
                self.timeline,
                self.tabs,
                self.stay_in_view,
            ],
        )
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
            self.log_view,
        ):
            part.close()
        super().close()
