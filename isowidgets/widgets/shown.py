"""A signal from the browser: a view's widgets exist now.

Voila runs the stream page's cell before any browser is connected, and a notebook's
output can be drawn long after its cell ran, so a widget that only draws what it is
sent as messages (a plotly chart growing in place, a graph fitting itself to its box)
may have sent them to nobody. :class:`ShownSignal` is an invisible widget whose view,
once rendered in the browser, tells the kernel so; the stream page and the Replay then
let their board :meth:`~.StreamBoard.settle` (draw again for the views that exist).
The kit's one way of hearing it: a view that needs it holds one. It also tells the
window it was resized, so views that size themselves to their box (a plotly chart)
measure the box as laid out. It carries no state and shows nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget

__all__ = ["ShownSignal"]

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  // Each time, the window says it was resized: views that size themselves to their
  // box (a plotly chart without a width or height of its own) measure it again.
  const shown = () => {
    window.dispatchEvent(new Event("resize"));
    model.send({ shown: true });
  };
  // After this frame: the page's other views are in the document and laid out; and
  // again when late styles and fonts have settled the boxes' final sizes.
  requestAnimationFrame(() => {
    setTimeout(shown, 200);
    setTimeout(shown, 1500);
  });
  // A view drawn later (a heavy one, on a loaded machine) is told too: once views stop
  // being added for a moment, for the page's first minute.
  let waiting = null;
  const watcher = new MutationObserver((changes) => {
    const added = changes.some((change) => [...change.addedNodes].some(
      (node) => node.nodeType === 1 && node.classList.contains("lm-Widget")));
    if (!added) return;
    clearTimeout(waiting);
    waiting = setTimeout(shown, 500);
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => watcher.disconnect(), 60000);
  return () => { watcher.disconnect(); clearTimeout(waiting); };
}
export default { render };
"""


class ShownSignal(anywidget.AnyWidget):
    """Calls ``on_shown()`` each time a browser renders the widget's view.

    Args:
        on_shown: what to do then (called in the kernel, on its event loop).
    """

    _esm = _ESM

    def __init__(self, on_shown: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_shown = on_shown
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("shown") is True:
            self._on_shown()
