"""The one way a view replaces the widgets a box shows: the box first, then the old ones closed.

A view that redraws (a chip per Detail, a **Show to table** button per held-back
action, a row per wound) makes widgets for what is new and closes those for what is
gone. The order matters. The page learns both from the kernel in the order they are
sent: a widget closed *before* its box is told it is gone leaves the page, for a
moment, with a box whose children name a widget that no longer exists. A box drawn
in that moment (a notebook cell scrolled into view, a tab opened, a loaded machine
catching up) cannot draw it, and ipywidgets shows its error view in its place, or
"Error displaying widget: model not found" for the whole panel. Told about the box
first, the page never holds a box naming a closed widget.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["set_children"]


def set_children(box: Any, children: Iterable[Any], *, retired: Iterable[Any] = ()) -> None:
    """Show ``children`` in ``box`` (nothing is sent when they are the ones shown), then
    close the ``retired`` widgets, which the box no longer shows.

    Args:
        box: an ipywidgets ``Box`` (``HBox``, ``VBox``, ...).
        children: the widgets it shows from now on, in order.
        retired: widgets no longer shown anywhere; each is closed after the box changed.
            One still among ``children`` is left open.
    """
    shown = tuple(children)
    if tuple(box.children) != shown:
        box.children = shown
    kept = {id(child) for child in shown}
    for widget in retired:
        if id(widget) not in kept:
            widget.close()
