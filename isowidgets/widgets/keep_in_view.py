"""Keep a cytoscape drawing whole when the box it is drawn in gets narrower.

Cytoscape fits the map to its box when the map is first drawn (see
:mod:`isowidgets.widgets.graph`), but when the box changes size afterwards (the
browser window is made narrower, JupyterLab's side panel is opened, the table
switches to its side-by-side layout) it only resizes its canvas and keeps the
zoom and pan: the map is then cut off on the right or at the bottom, with no sign
that anything is missing. A GM on a 1280-pixel laptop lost a third of the map that
way.

:class:`KeepInView` is a small, invisible anywidget placed in the panel that shows
the drawing: it watches the drawing's element (found by ``selector`` inside the
nearest ``.iw-panel``) with a ``ResizeObserver`` and, when a change of size leaves
any shown element outside the view, fits the view to what is shown (with
``padding`` pixels around it, within the zoom bounds the graph was given). A view
that still shows everything is left as the person zoomed and panned it.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["KeepInView"]

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-keep-in-view");
  let tries = 0;
  const attach = () => {
    const root = el.isConnected ? el.closest(".iw-panel") : null;
    const target = root ? root.querySelector(model.get("selector")) : null;
    if (!target) {
      // Rendered before it (or the drawing) is attached to the page: look again shortly.
      if (++tries < 600) setTimeout(attach, 50);
      return;
    }
    if (target.dataset.iwKeepInView) return;  // one observer per drawing
    target.dataset.iwKeepInView = "1";
    let size = [target.clientWidth, target.clientHeight];
    const check = () => {
      const now = [target.clientWidth, target.clientHeight];
      if (now[0] === size[0] && now[1] === size[1]) return;
      size = now;
      const cy = target._cyreg && target._cyreg.cy;
      if (!cy || !now[0] || !now[1]) return;  // not drawn yet, or hidden
      cy.resize();
      const shown = cy.elements(":visible");
      if (!shown.length) return;
      const box = shown.renderedBoundingBox();
      if (box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()) {
        cy.fit(shown, model.get("padding"));
      }
    };
    new ResizeObserver(() => requestAnimationFrame(check)).observe(target);
  };
  attach();
}

export default { render };
"""


class KeepInView(anywidget.AnyWidget):
    """Invisible: refits a cytoscape drawing whose box shrank so that part of it is hidden.

    Args:
        selector: the CSS selector of the cytoscape widget's element, searched
            inside the nearest enclosing ``.iw-panel``.
        padding: pixels kept free around the drawing when it is fitted.
    """

    _esm = _ESM
    selector = traitlets.Unicode("").tag(sync=True)
    padding = traitlets.Int(12).tag(sync=True)
