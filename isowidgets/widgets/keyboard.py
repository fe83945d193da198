"""Keys pressed in a panel's lists and buttons belong to the panel, not to JupyterLab.

JupyterLab's notebook shortcuts listen to every key pressed inside a notebook in
command mode, and a widget's output is inside the notebook. ipywidgets' text
boxes stop their keys from reaching them, but its lists (``Dropdown``,
``Select``) and buttons do not: an arrow key in a focused list selects the next
*cell* instead of the next option (and the focus leaves the widget), ``A`` or
``B`` typed to jump to a name inserts a cell, and ``D`` twice deletes one.

Lumino, JupyterLab's toolkit, skips its shortcuts for a key pressed in an element
carrying ``data-lm-suppress-shortcuts``, but only when no element on the way from
the focused one up to it matches the shortcut's selector, and the notebook's
selectors match any focused element (``… :focus``): the mark has to be on the
focused element itself. ipywidgets cannot put an attribute on an element from
Python, so :class:`KeepKeys` is a small, invisible anywidget that does it: every
:class:`~isowidgets.widgets.panel.Panel` carries one among its children (so every
panel of every system has it), and it finds the nearest enclosing element matching its
``selector`` (the panel's root) and marks every control in it as it gets the
focus. Keys then do what they do anywhere else on the web: arrows and letters
choose options, Tab moves on, Enter and Space press buttons.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["KeepKeys"]

_ESM = """
const MARK = "data-lm-suppress-shortcuts";

function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-keep-keys");
  let tries = 0;
  const attach = () => {
    const root = el.isConnected ? el.closest(model.get("selector")) : null;
    if (!root) {
      // Rendered before it is attached to the page: look again shortly.
      if (++tries < 600) setTimeout(attach, 50);
      return;
    }
    if (root.dataset.iwKeepKeys) return;  // one listener per panel
    root.dataset.iwKeepKeys = "1";
    root.addEventListener("focusin", (event) => {
      const target = event.target;
      if (target instanceof Element && !target.hasAttribute(MARK)) {
        target.setAttribute(MARK, "true");
      }
    });
    const focused = document.activeElement;
    if (focused && root.contains(focused)) focused.setAttribute(MARK, "true");
  };
  attach();
}

export default { render };
"""


class KeepKeys(anywidget.AnyWidget):
    """Invisible: keeps JupyterLab's notebook shortcuts out of the enclosing panel.

    Args:
        selector: the CSS selector of the element to mark, searched from this
            widget up (``".iw-panel"``: the nearest panel).
    """

    _esm = _ESM
    selector = traitlets.Unicode(".iw-panel").tag(sync=True)
