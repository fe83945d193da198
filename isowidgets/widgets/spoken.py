"""Say which language a view speaks, on the view's own root, for screen readers.

A screen reader picks its voice and pronunciation from the ``lang`` attribute of the
nearest element that has one. JupyterLab's page says ``lang="en"``, so a Danish table
shown in it is read aloud as English unless the table's own root says ``lang="da"``.
ipywidgets has no public way to put an attribute on a box's element (a box has
``layout``, ``style`` and CSS classes, nothing else), and a kit must not override
ipywidgets' private view classes to add one.

:class:`Spoken` is a small invisible anywidget placed inside the view (the kit's own
pattern, see :class:`~isowidgets.widgets.stay_in_view.StayInView`): its front end finds
the closest ancestor matching ``selector`` (the view's root, e.g. ``.iw-fudge-table``),
sets its ``lang`` to :attr:`Spoken.language`, and sets it again whenever the language
changes (the table's switch). Text the view marks with another language (the glossary's
English column) keeps its own ``lang``, which is nearer. Nothing is sent to the kernel.
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["Spoken"]

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  el.classList.add("iw-spoken");
  let tries = 0;
  let root = null;
  const say = () => {
    if (root) root.setAttribute("lang", model.get("language"));
  };
  const attach = () => {
    root = el.isConnected ? el.closest(model.get("selector")) : null;
    if (!root) {
      if (++tries < 600) setTimeout(attach, 50);
      return;
    }
    say();
  };
  model.on("change:language", say);
  attach();
  return () => model.off("change:language", say);
}
export default { render };
"""


class Spoken(anywidget.AnyWidget):
    """Marks the view it is placed in with the language it speaks (see the module).

    Args:
        language: the BCP 47 tag the view speaks (``"en"``, ``"da"``; the kit's
            pseudo-language is ``"qps"``, a tag BCP 47 keeps for private use).
        selector: the CSS selector of the view's root, an ancestor of this widget.
    """

    _esm = _ESM
    language = traitlets.Unicode("en").tag(sync=True)
    selector = traitlets.Unicode(".iw-panel").tag(sync=True)

    def __init__(self, language: str, selector: str) -> None:
        super().__init__(language=language, selector=selector)
