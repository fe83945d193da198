"""A button that submits a text box with the text shown on screen.

ipywidgets holds back a widget's state updates while the kernel has not answered
the previous one, but sends a button's click at once: a label typed quickly and
then **Add** pressed (with the mouse, or Tab and Enter) reaches the kernel as the
click first, with the label cut to the keys that got through ("S" for "Shared a
thermos"). :class:`~.submit_text.SubmitText` solves this for Enter in the box by
sending the text with the submission; :class:`SubmitButton` does the same for a
button beside it: its click asks the box (in the browser, where the box's value
is always what is shown) to submit itself, so the kernel's ``on_submit``
callbacks get the text as seen. While the box is disabled (or when there is
none) the button reports a plain click to its own ``on_click`` callbacks.

It looks like an ipywidgets ``Button`` (the same CSS classes, a Font Awesome
icon) and answers Tab, Enter and Space as a native ``<button>`` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from .submit_text import SubmitText

__all__ = ["SubmitButton"]

_ESM = """
const STYLES = ["primary", "success", "info", "warning", "danger"];

function render({ model, el }) {
  el.classList.add("iw-submit-button");
  el.style.display = "inline-flex";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button";
  const icon = document.createElement("i");
  const words = document.createElement("span");
  button.append(icon, words);
  el.append(button);

  const show = () => {
    words.textContent = model.get("description");
    icon.className = model.get("icon") ? `fa fa-${model.get("icon")}` : "";
    icon.style.display = model.get("icon") ? "" : "none";
    button.disabled = model.get("disabled");
    button.title = model.get("tooltip");
    for (const style of STYLES) {
      button.classList.toggle(`mod-${style}`, model.get("button_style") === style);
    }
  };
  show();
  model.on("change", show);

  button.addEventListener("click", async () => {
    if (model.get("disabled")) return;
    const ref = model.get("text");
    const box = ref ? await model.widget_manager.get_model(ref.replace(/^IPY_MODEL_/, "")) : null;
    if (box && !box.get("disabled")) {
      box.send({ event: "submit", value: box.get("value"), typed: box.get("typed") });
    } else {
      model.send({ event: "click" });
    }
  });
  button.addEventListener("keydown", (event) => event.stopPropagation());
  return () => model.off("change", show);
}

export default { render };
"""


class SubmitButton(anywidget.AnyWidget):
    """A button beside a :class:`~.submit_text.SubmitText`: a click submits the box.

    Args:
        text: the box this button submits (its ``on_submit`` callbacks run with the
            text shown); while it is disabled, or when None, the button's own
            :meth:`on_click` callbacks run instead.
        description, icon, button_style, tooltip, disabled: as on an ipywidgets
            ``Button`` (``icon`` is a Font Awesome name such as ``"plus"``).
    """

    _esm = _ESM
    description = traitlets.Unicode("").tag(sync=True)
    icon = traitlets.Unicode("").tag(sync=True)
    button_style = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    text = traitlets.Instance(SubmitText, allow_none=True).tag(
        sync=True, **widgets.widget_serialization
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_callbacks: list[Callable[[SubmitButton], Any]] = []
        self.on_msg(self._on_message)

    def on_click(self, callback: Callable[[SubmitButton], Any], *, remove: bool = False) -> None:
        """Call ``callback(button)`` on a click that submits no box (see the class notes)."""
        if remove:
            if callback in self._click_callbacks:
                self._click_callbacks.remove(callback)
        elif callback not in self._click_callbacks:
            self._click_callbacks.append(callback)

    def click(self) -> None:
        """Do what a click in the browser does: submit the box, or report a plain click."""
        if self.disabled:
            return
        if self.text is not None and not self.text.disabled:
            self.text.submit()
            return
        for callback in list(self._click_callbacks):
            callback(self)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            self.click()
