"""A one-line text box where Enter submits the text as it is on screen, and a text the
kernel empties stays empty.

Why not ipywidgets' own ``Text``: in ipywidgets 8.1 its Enter sends a ``submit``
message straight to the kernel, while the text typed just before is a state update
that the front end holds back until the kernel has answered the previous one (its
message throttle). Typed quickly, "6 2 3 5⏎" reaches the kernel as a submission of
"6 2 3" followed by the late "5": the roll is refused, or worse, taken with the wrong
faces (see jupyter-widgets/ipywidgets PR 4034). The replacement ``continuous_update
=False`` plus an observer of ``value`` submits whenever the box loses focus (a Tab
away would roll) and never when Enter is pressed again on the same text.

:class:`SubmitText` is a small anywidget (already a dependency: plotly's
FigureWidget needs it) whose Enter carries the text in the ``submit`` message
itself, so the kernel always acts on what the person saw. It keeps the look of an
ipywidgets ``Text`` (its CSS classes), a ``<label for>`` naming the box, and
answers :meth:`~ipywidgets.DOMWidget.focus` and ``blur``.

**The same throttle, the other way.** When the kernel takes a submission and empties
the box, the keys held back by the throttle are still on their way: they arrive after
the kernel's empty text and put the old text back (the next round's faces were then
typed after the last round's, and refused). So every edit in the browser counts
itself (``typed``, sent with the text and with each submission), and the box
remembers how many edits it had seen when the kernel last set its text: a text from
the browser typed no later than that is late, and the kernel's text stands. New
typing (a higher count) is always taken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from .focus_js import FOCUS_WHEN_SHOWN

__all__ = ["SubmitText"]

_ESM = (
    FOCUS_WHEN_SHOWN
    + """
function render({ model, el }) {
  el.classList.add("jupyter-widgets", "widget-inline-hbox", "widget-text", "iw-submit-text");
  // Unique on the page: anywidget loads this module once per widget, so a counter here
  // starts at 0 for every box, and boxes drawn in the same millisecond shared an id (a
  // label then named another box).
  const id = "iw-submit-text-" + (globalThis.crypto && crypto.randomUUID
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
  const label = document.createElement("label");
  label.className = "widget-label";
  label.htmlFor = id;
  const input = document.createElement("input");
  input.type = "text";
  input.id = id;
  input.autocomplete = "off";
  input.spellcheck = false;
  el.append(label, input);

  const show = () => {
    const description = model.get("description");
    label.textContent = description;
    label.style.display = description ? "" : "none";
    input.placeholder = model.get("placeholder");
    input.disabled = model.get("disabled");
    if (!description && model.get("placeholder")) {
      input.setAttribute("aria-label", model.get("placeholder"));
    } else {
      input.removeAttribute("aria-label");
    }
    if (input.value !== model.get("value")) input.value = model.get("value");
  };
  show();
  model.on("change", show);

  input.addEventListener("input", () => {
    // Each edit is counted, so the kernel can tell keys typed before it emptied the box
    // (late, held back by the throttle) from keys typed after.
    model.set({ value: input.value, typed: model.get("typed") + 1 });
    model.save_changes();
  });
  input.addEventListener("keydown", (event) => {
    // Typing belongs to the box, not to JupyterLab's notebook shortcuts.
    event.stopPropagation();
    if (event.key === "Enter" && !event.isComposing) {
      event.preventDefault();
      model.send({ event: "submit", value: input.value, typed: model.get("typed") });
    }
  });
  model.on("msg:custom", (message) => {
    if (message && message.do === "focus") focusWhenShown(input, 20, message.context || "");
    else if (message && message.do === "reveal") revealContext(input, message.context || "");
    else if (message && message.do === "blur") input.blur();
  });
  return () => model.off("change", show);
}

export default { render };
"""
)


class SubmitText(anywidget.AnyWidget):
    """A labelled text box; Enter calls the :meth:`SubmitText.on_submit` callbacks with its text.

    Args:
        description: the label in front of the box (names it for screen readers).
        placeholder: the hint shown while it is empty.
        value: the text in the box.
        disabled: whether it takes input.

    Attributes:
        typed: how many edits the browser has made to the text (see the module's notes:
            a text typed before the kernel last set ``value`` never replaces it).
    """

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    typed = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._from_browser = 0
        self._counted = True  # False while taking a message that carries no edit count
        self._settled: tuple[int, str] = (0, str(kwargs.get("value", "")))
        """The edit count and the text when the kernel last set the text itself."""
        super().__init__(**kwargs)
        self._submit_callbacks: list[Callable[[str], Any]] = []
        self.on_msg(self._on_message)
        self.observe(self._value_set, names="value")

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take a state the browser sent (its text as typed), as ipywidgets does; a text
        typed before the kernel last set it is late and changes nothing."""
        self._from_browser += 1
        try:
            super().set_state(sync_data)
        finally:
            self._from_browser -= 1

    def _value_set(self, change: dict[str, Any]) -> None:
        if not self._from_browser:
            self._settled = (self.typed, change["new"])
            return
        seen, text = self._settled
        if self._counted and self.typed <= seen and change["new"] != text:
            self.value = text  # late keys: the kernel's text stands (and is sent again)

    def focus_after(self, context: str) -> None:
        """Take the keyboard focus, with ``context`` (a CSS selector in the same table:
        what led to this step, such as a round's result) brought into view first."""
        self.reveal(context)
        self.focus()

    def reveal(self, context: str) -> None:
        """Bring ``context`` (a CSS selector in the same table) into view, without taking
        the focus: before another control of the step takes it."""
        self.send({"do": "reveal", "context": context})

    def on_submit(self, callback: Callable[[str], Any], *, remove: bool = False) -> None:
        """Call ``callback(text)`` when Enter is pressed in the box (or on :meth:`submit`)."""
        if remove:
            if callback in self._submit_callbacks:
                self._submit_callbacks.remove(callback)
        elif callback not in self._submit_callbacks:
            self._submit_callbacks.append(callback)

    def submit(self, text: str | None = None) -> None:
        """Do what Enter does: take ``text`` (if given) as the box's value, then call the
        submit callbacks with it. Nothing happens while the box is disabled."""
        if self.disabled:
            return
        if text is not None:
            self.value = text
        for callback in list(self._submit_callbacks):
            callback(self.value)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "submit":
            return
        if self.disabled:
            return
        text = content.get("value")
        typed = content.get("typed")
        state: dict[str, Any] = {}
        if isinstance(text, str):
            state["value"] = text
        counted = isinstance(typed, int) and not isinstance(typed, bool)
        if isinstance(typed, int) and counted and typed > self.typed:
            state["typed"] = typed
        self._counted = counted  # a message with no count cannot be told late
        try:
            if state:
                self.set_state(state)  # what the browser showed when Enter was pressed
        finally:
            self._counted = True
        self.submit()
