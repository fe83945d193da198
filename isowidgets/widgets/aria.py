"""Give an element of a panel a role and a name a screen reader announces.

Some widgets draw what they show (cytoscape's map is a stack of canvases): a
screen reader finds nothing in them, not even that something is there. WAI-ARIA's
answer is ``role="img"`` with an ``aria-label`` that says what the drawing is and
where its text alternative lives. ipywidgets cannot put attributes on another
widget's element from Python, so :class:`AriaLabel` is a small, invisible
anywidget that does it: placed in a panel, it finds the element matching its
``selector`` inside the nearest enclosing ``.iw-panel`` and sets ``role`` and
``aria-label`` on it, again whenever ``label`` changes (the map's counts change
with every link).
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["AriaLabel"]

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-aria-label");
  let tries = 0;
  const apply = () => {
    const root = el.isConnected ? el.closest(".iw-panel") : null;
    const target = root ? root.querySelector(model.get("selector")) : null;
    if (!target) {
      // Rendered before it (or its target) is attached to the page: look again shortly.
      if (++tries < 600) setTimeout(apply, 50);
      return;
    }
    target.setAttribute("role", model.get("role"));
    target.setAttribute("aria-label", model.get("label"));
  };
  apply();
  const update = () => { tries = 0; apply(); };
  model.on("change:label", update);
  return () => model.off("change:label", update);
}

export default { render };
"""


class AriaLabel(anywidget.AnyWidget):
    """Invisible: names an element of the enclosing panel for assistive technology.

    Args:
        selector: the CSS selector of the element to name, searched inside the
            nearest enclosing ``.iw-panel``.
        role: its ARIA role (``"img"`` for a drawing).
        label: what a screen reader says for it.
    """

    _esm = _ESM
    selector = traitlets.Unicode("").tag(sync=True)
    role = traitlets.Unicode("img").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
