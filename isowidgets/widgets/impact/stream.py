"""The Impact System on the stream: every character's and scene's Impact Die ladder.

Read-only: one kit :class:`~isowidgets.widgets.track.Track` ladder (D4…D20, the die
now marked ``▶`` and "now") per holder, placed by :func:`~.views.ladder_place` as the
table's own cards place it; a holder off the ladder says so in words.
"""

from __future__ import annotations

import html
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...rules.impact import ImpactState
from ...rules.impact.model import Character, Scene
from ..i18n import Labels
from ..stream_board import StreamBoard
from ..track import Track
from .views import ladder_levels, ladder_place

__all__ = ["ImpactStreamBoard"]


class ImpactStreamBoard(StreamBoard):
    """A ladder per character and scene, in the order the table added them."""

    system: ClassVar[str] = "impact"

    def __init__(self, labels: Labels) -> None:
        self.ladders: dict[str, Track] = {}
        self.list = widgets.VBox()
        title = widgets.HTML(
            f"<h2 class='iw-stream-h'>{html.escape(labels('stream.ladders'))}</h2>"
        )
        super().__init__(labels, [title, self.list])

    def show(self, catch: Catch) -> None:
        state: ImpactState = catch.game.state
        holders: list[Character | Scene] = [*state.characters, *state.scenes]
        for holder in holders:
            kind: str
            if isinstance(holder, Character):
                kind = holder.role
                role = self.labels("stream.pc" if kind == "pc" else "stream.npc")
            else:
                kind, role = "scene", self.labels("stream.scene")
            title = f"{holder.name} ({role})"
            track = self.ladders.get(holder.id)
            if track is None:
                track = self.ladders[holder.id] = Track.ladder(
                    title, ladder_levels(), None, css_class=f"iw-stream-ladder-{holder.id}"
                )
            current, words = ladder_place(holder.step, role=kind)
            track.relabel(title)
            track.set(current, state=words)
        for gone in [h for h in self.ladders if h not in {x.id for x in holders}]:
            self.ladders.pop(gone).close()
        ordered = tuple(self.ladders[h.id] for h in holders)
        if tuple(self.list.children) != ordered:
            self.list.children = ordered
