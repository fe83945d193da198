"""Isolation on the stream: the relationship map, Stress, and everyone's health.

Read-only: the map is the kit's :class:`~isowidgets.widgets.graph.GraphView` drawing
:func:`~.views.map_specs` with no click handler, the Stress counter is the kit's
:class:`~isowidgets.widgets.track.Track`, and the health list uses the same glyphs
as the map's nodes (``♥``, ``✚``, ``✚✚``, ``✝``), never colour alone.
"""

from __future__ import annotations

import html
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...rules.isolation import IsolationState
from ..graph import GraphView
from ..i18n import Labels
from ..stream_board import StreamBoard
from ..track import Track
from .map import HEIGHT, WIDTH, fold_busy_pairs, fold_style, place_counts
from .scene import STRESS_MARKS
from .views import HEALTH_MARK, ellipse_positions, label_side, map_specs, map_style

__all__ = ["IsolationStreamBoard"]


class IsolationStreamBoard(StreamBoard):
    """The relationship map beside Stress and the characters' health."""

    system: ClassVar[str] = "isolation"

    def __init__(self, labels: Labels) -> None:
        self.view = GraphView(
            style=[*map_style(labels=True), *fold_style()], css_class="iw-stream-map"
        )
        self.view.widget.layout = widgets.Layout(height="27em", width="100%")
        self.stress = Track.counter(
            labels("stream.stress"), 0, marks=STRESS_MARKS, rungs=True, css_class="iw-stream-stress"
        )
        self.health = widgets.HTML()
        self.health.add_class("iw-stream-health")
        self.sides: dict[str, str] = {}
        title = widgets.HTML(f"<h2 class='iw-stream-h'>{html.escape(labels('stream.map'))}</h2>")
        side = widgets.VBox([self.stress, self.health], layout=widgets.Layout(width="34%"))
        super().__init__(
            labels, [title, widgets.HBox([self.view.widget, side], layout={"width": "100%"})]
        )

    def settle(self) -> None:
        """Fit the map to its box now that the browser has drawn it (a graph fitted
        before its view had its final size sits small in a corner)."""
        self.view.fit()

    def show(self, catch: Catch) -> None:
        state: IsolationState = catch.game.state
        ids = [c.id for c in state.characters]
        if catch.rebuilt or any(cid not in self.view.positions for cid in ids):
            ring = ellipse_positions(ids, width=WIDTH, height=HEIGHT)
            centre = (WIDTH / 2, HEIGHT / 2)
            self.sides = {cid: label_side(xy, centre) for cid, xy in ring.items()}
            self.view.place(ring)
        nodes, edges = map_specs(state, sides=self.sides)
        edges = place_counts(fold_busy_pairs(state, edges), self.view.positions)
        self.view.sync(nodes, edges)
        self.stress.bound(state.settings.stress_min, state.settings.stress_max)
        self.stress.set(state.stress)
        rows = "".join(
            "<li>"
            + html.escape(
                self.labels(
                    "stream.health", mark=HEALTH_MARK[c.health], name=c.name, health=c.health
                )
            )
            + "</li>"
            for c in state.characters
        )
        head = f"<h2 class='iw-stream-h'>{html.escape(self.labels('stream.characters'))}</h2>"
        value = head + (
            f"<ul class='iw-stream-list'>{rows}</ul>"
            if rows
            else f"<p>{html.escape(self.labels('stream.nothing'))}</p>"
        )
        if self.health.value != value:
            self.health.value = value
