"""The Danish system on the stream: every character's damage track.

Read-only: one kit slot track per character, drawn by :func:`~.views.damage_track`
exactly as the table's sheets draw it (a filled level has the ability that took the
wound written in it, ``■``, a solid border and hatching; a free one ``□`` and dashed),
in the language the stream speaks, from the system's own catalogue.
"""

from __future__ import annotations

import html
from typing import ClassVar

import ipywidgets as widgets

from ...follow import Catch
from ...rules.fudge_conflict import FudgeState
from ..i18n import Labels
from ..stream_board import StreamBoard
from ..track import Track
from .labels import CATALOGUE
from .views import FUDGE_CSS, damage_track, refresh_damage_track

__all__ = ["FudgeStreamBoard"]


class FudgeStreamBoard(StreamBoard):
    """A damage track per character, under the character's name."""

    system: ClassVar[str] = "fudge_conflict"

    def __init__(self, labels: Labels) -> None:
        self.words = Labels(CATALOGUE, labels.language)
        self.tracks: dict[str, tuple[widgets.HTML, Track]] = {}
        self.list = widgets.VBox()
        title = widgets.HTML(f"<h2 class='iw-stream-h'>{html.escape(labels('stream.damage'))}</h2>")
        super().__init__(labels, [widgets.HTML(FUDGE_CSS), title, self.list])

    def show(self, catch: Catch) -> None:
        state: FudgeState = catch.game.state
        for character in state.characters:
            shown = self.tracks.get(character.id)
            if shown is None:
                name = widgets.HTML()
                track = damage_track(self.words, {}, css_class=f"iw-stream-damage-{character.id}")
                shown = self.tracks[character.id] = (name, track)
            name, track = shown
            value = f"<b>{html.escape(character.name)}</b>"
            if name.value != value:
                name.value = value
            refresh_damage_track(
                track, self.words, dict(character.track()), defeated=character.defeated
            )
        alive = {c.id for c in state.characters}
        for gone in [c for c in self.tracks if c not in alive]:
            for widget in self.tracks.pop(gone):
                widget.close()
        ordered = tuple(w for c in state.characters for w in self.tracks[c.id])
        if tuple(self.list.children) != ordered:
            self.list.children = ordered
