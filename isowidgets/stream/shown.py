"""The browser's signal that the stream page's views exist: the kit's
:class:`~isowidgets.widgets.shown.ShownSignal` (one for every view that draws once a
browser shows it: the stream page and the Replay), named here where older imports
look for it."""

from ..widgets.shown import ShownSignal

__all__ = ["ShownSignal"]
