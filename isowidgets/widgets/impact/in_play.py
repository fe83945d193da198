"""The Impact Dice of those in the test, in one short strip kept beside the test panel.

The board's cards hold every holder's ladder, but they are many and tall: while a test
is set up and played, the GM watches the roller's Impact Die (it caps the die rolled),
the helpers' and the threat's. :class:`PlayStrip` shows just those ladders, at the top of
the board's column; the table keeps it in view beside the test panel
(:class:`~isowidgets.widgets.stay_in_view.StayInView`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...errors import IsowidgetsError
from ...rules.impact import ImpactState, OpenTest
from ...rules.impact.model import Character
from ..children import set_children
from ..track import Track
from .views import LADDER_TITLE, ladder_levels, ladder_place

__all__ = ["PlayStrip", "in_play"]


def in_play(test: OpenTest | None) -> tuple[str, ...]:
    """The holders a test involves, in the order the strip shows them: the roller, the
    helpers, the threat (none without a test)."""
    if test is None:
        return ()
    found: list[str] = []
    for holder in (test.actor, *test.helpers, test.threat):
        if holder and holder not in found:
            found.append(holder)
    return tuple(found)


class PlayStrip(widgets.VBox):  # type: ignore[misc]
    """The Impact ladders of the test being set up or played (nothing between tests).

    Attributes:
        ladders: holder id → its ladder (classes ``iw-impact-play-ladder-<id>``).
    """

    children: tuple[Any, ...]

    def __init__(self) -> None:
        self.title = widgets.HTML('<div class="iw-title">In this test</div>')
        self.ladders: dict[str, Track] = {}
        self.names: dict[str, widgets.HTML] = {}
        super().__init__([self.title], layout=widgets.Layout(display="none"))
        self.add_class("iw-impact-in-play")

    def show(self, state: ImpactState, test: OpenTest | None) -> None:
        """Show the ladders of ``test`` (the draft set up, or the test open) in ``state``."""
        holders = [h for h in in_play(test) if _has_ladder(state, h)]
        retired = [
            w
            for h in [h for h in self.ladders if h not in holders]
            for w in (self.ladders.pop(h), self.names.pop(h))
        ]
        for holder_id in holders:
            holder = state.holder(holder_id)
            if holder_id not in self.ladders:
                ladder = Track.ladder(
                    LADDER_TITLE, ladder_levels(), None, css_class="iw-impact-ladder"
                )
                ladder.add_class(f"iw-impact-play-ladder-{holder_id}")
                self.ladders[holder_id] = ladder
                self.names[holder_id] = widgets.HTML()
            role = holder.role if isinstance(holder, Character) else "scene"
            current, words = ladder_place(holder.step, role=role)
            self.ladders[holder_id].set(current, state=words)
            name = f'<div class="iw-impact-card-head">{html.escape(holder.name)}</div>'
            if self.names[holder_id].value != name:
                self.names[holder_id].value = name
        children = (self.title, *(w for h in holders for w in (self.names[h], self.ladders[h])))
        set_children(self, children, retired=retired)
        display = None if holders else "none"
        if self.layout.display != display:
            self.layout.display = display

    def close(self) -> None:
        for ladder in getattr(self, "ladders", {}).values():
            ladder.close()
        super().close()


def _has_ladder(state: ImpactState, holder_id: str) -> bool:
    try:
        return state.holder(holder_id).step is not None
    except IsowidgetsError:  # a holder undone since: nothing to show
        return False
