"""A plotly ``FigureWidget`` whose front end reaches a page once, not once per figure.

plotly's ``FigureWidget`` is an anywidget: its front end, plotly.js with plotly's widget
code (about 5 MB of JavaScript), is the widget's ``_esm``, sent with every figure and
imported by the browser once per figure, about a second of a core each time (measured in
headless Chromium: 0.93 s per figure, every figure). A table with its plots, a replay
and an odds lab on one page paid it for each; on a loaded machine an import that takes
longer than anywidget's two seconds leaves the figure's model unready, and every update
sent to it is dropped (an empty plot with default axes).

:func:`figure_class` is a ``FigureWidget`` whose ``_esm`` is a loader of a few lines
(anywidget's public way to give a widget its front end). The kernel's figures share one
copy of plotly's front end: one live figure at a time carries it, in a synced trait
(``_iw_bundle``), and every figure's loader waits for the page's one import of it (kept
on the page under the bundle's hash, so two kernels with two plotly versions never mix).
When the carrier is closed, another live figure takes the bundle over, so a page that
connects later (a reload, a second tab, a Voila page) always finds one. The second and
every later figure on a page are drawn at once, with nothing imported (only the page's
first figure can still meet anywidget's two seconds on a loaded machine).

plotly's own module is used as anywidget uses it: its default export is called once per
figure and gives the ``initialize`` and ``render`` the loader hands each figure's model
and views to. Nothing of plotly is overridden.
"""

from __future__ import annotations

import functools
import hashlib
import weakref
from pathlib import Path
from typing import Any

__all__ = ["figure_class", "plotly_bundle"]

_LOADER = """
const KEY = Symbol.for("isowidgets.plotly/%(hash)s");

function shared() {
  let entry = globalThis[KEY];
  if (!entry) {
    let resolve;
    const promise = new Promise((done) => { resolve = done; });
    entry = globalThis[KEY] = { promise, resolve, loading: false };
  }
  return entry;
}

function plotly(model) {
  const entry = shared();
  const source = model.get("_iw_bundle");
  if (source && !entry.loading) {
    entry.loading = true;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    import(/* webpackIgnore: true */ url).then(entry.resolve, (error) => {
      entry.loading = false;  // another carrier may try again
      console.error("[isowidgets] plotly's front end did not load", error);
    }).finally(() => URL.revokeObjectURL(url));
  }
  return entry.promise;
}

export default () => {
  let figure = null;
  return {
    async initialize(context) {
      const module = await plotly(context.model);
      figure = module.default();
      return figure.initialize?.(context);
    },
    render(context) {
      return figure.render(context);
    },
  };
};
"""
"""The figures' ``_esm``: waits for the page's one import of plotly's front end (started
by the first figure whose model carries it), then hands the figure to plotly's own."""


@functools.cache
def plotly_bundle() -> tuple[str, str]:
    """plotly's widget front end (the stock ``FigureWidget``'s ``_esm``: a path, or once
    a stock figure was made anywidget's contents of that file) and a short hash of it."""
    import plotly.graph_objects as go

    esm = go.FigureWidget._esm
    source = Path(esm).read_text(encoding="utf-8") if isinstance(esm, Path) else str(esm)
    return source, hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


_live: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
"""The kit's figures of this kernel that are not closed, by ``id`` (a figure is not
hashable: plotly compares figures by their contents)."""

_carrier: list[weakref.ref[Any]] = []
"""The one of them whose model carries plotly's front end (none before the first)."""


def _carrying() -> Any | None:
    figure = _carrier[0]() if _carrier else None
    return figure if figure is not None and figure.comm is not None else None


@functools.cache
def figure_class() -> type:
    """The kit's ``FigureWidget`` (see the module): use it as ``go.FigureWidget``."""
    import plotly.graph_objects as go
    import traitlets

    source, digest = plotly_bundle()

    class Figure(go.FigureWidget):  # type: ignore[misc]
        _esm = _LOADER % {"hash": digest}
        _iw_bundle = traitlets.Unicode("").tag(sync=True)

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            carrier = _carrying() is None
            if carrier:  # set before the comm opens: the bundle goes in its first state
                self._iw_bundle = source
            super().__init__(*args, **kwargs)
            _live[id(self)] = self
            if carrier:
                _carrier[:] = [weakref.ref(self)]

        def close(self) -> None:
            carried = _carrying() is self
            _live.pop(id(self), None)
            super().close()
            if carried:
                _carrier.clear()
                heir = next((f for f in list(_live.values()) if f.comm is not None), None)
                if heir is not None:
                    heir._iw_bundle = source
                    _carrier[:] = [weakref.ref(heir)]

    return Figure
