"""A button that stays pressed (or opens a section), saying so in words and to screen readers.

Why not ipywidgets' ``ToggleButton``: its only sign of being pressed is a darker grey
(the ``mod-active`` class), which a person who cannot tell the shades apart misses and a
screen reader never hears (ipywidgets 8.1 sets no ``aria-pressed``). :class:`PressToggle`
is a small anywidget drawn as the same ipywidgets button, with:

* a glyph and the label in its text: ``✔ Alice`` when pressed, ``○ Alice`` when not
  (or ``▾ Hide the breakdown`` / ``▸ Show the breakdown`` for a section);
* ``aria-pressed`` (a toggle) or ``aria-expanded`` (a section's disclosure button),
  kept in step with its value;
* a native ``<button>``, so Tab reaches it and Enter or Space operates it;
* a ``title`` (the tooltip), and :meth:`~ipywidgets.DOMWidget.focus`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import anywidget
import traitlets

from .focus_js import FOCUS_WHEN_SHOWN

__all__ = ["PressToggle"]

_ESM = (
    FOCUS_WHEN_SHOWN
    + """
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-toggle-button iw-press";
  el.classList.add("iw-press-host");
  el.append(button);

  const show = () => {
    const on = !!model.get("value");
    button.textContent = on ? model.get("on_text") : model.get("off_text");
    button.title = model.get("hint");
    button.disabled = model.get("disabled");
    button.classList.toggle("mod-active", on);
    const attribute = model.get("mode") === "expand" ? "aria-expanded" : "aria-pressed";
    button.setAttribute(attribute, on ? "true" : "false");
    // ``controls`` names the class of the element the toggle shows and hides, in the
    // same panel; aria-controls takes that element's id (given one when it has none).
    const controls = model.get("controls");
    const panel = controls ? el.closest(".iw-panel") : null;
    const target = panel ? panel.querySelector("." + CSS.escape(controls)) : null;
    if (target) {
      if (!target.id) target.id = "iw-" + controls + "-" + Math.random().toString(36).slice(2);
      button.setAttribute("aria-controls", target.id);
    } else {
      button.removeAttribute("aria-controls");
    }
  };
  show();
  model.on("change", show);

  button.addEventListener("click", () => {
    if (button.disabled) return;
    model.set("value", !model.get("value"));
    model.save_changes();
  });
  button.addEventListener("keydown", (event) => {
    // Enter and Space belong to the button, not to JupyterLab's notebook shortcuts.
    if (event.key === "Enter" || event.key === " ") event.stopPropagation();
  });
  model.on("msg:custom", (message) => {
    if (message && message.do === "focus") focusWhenShown(button, 20, message.context || "");
    else if (message && message.do === "blur") button.blur();
  });
  return () => model.off("change", show);
}

export default { render };
"""
)

_GLYPHS = {"press": ("✔", "○"), "expand": ("▾", "▸")}
"""The glyph in front of the label when the toggle is on, and when it is off."""


class PressToggle(anywidget.AnyWidget):
    """A toggle button whose state is in its text and in ``aria-pressed``/``aria-expanded``.

    Args:
        label: the words on the button (``"Alice"``); the glyph is put in front.
        value: pressed (or open) to begin with.
        mode: ``"press"`` (a choice: ``✔``/``○`` and ``aria-pressed``) or ``"expand"``
            (a section shown or hidden: ``▾``/``▸`` and ``aria-expanded``).
        on_label: for ``"expand"``, the words while open (``"Hide the breakdown"``);
            ``label`` is then the words while closed.
        tooltip: the ``title`` (what pressing does), kept in :attr:`hint`.

    Attributes:
        value: whether it is pressed (or the section open); assigning it redraws, and a
            click in the page flips it (observe ``value``, as for any widget).
    """

    _esm = _ESM
    value = traitlets.Bool(False).tag(sync=True)
    on_text = traitlets.Unicode("").tag(sync=True)
    off_text = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)
    """The button's ``title``. Not ipywidgets' own ``tooltip``: its view draws that one on
    the widget's root, reading a ``description`` this widget does not have, and fails."""
    disabled = traitlets.Bool(False).tag(sync=True)
    mode = traitlets.Unicode("press").tag(sync=True)
    controls = traitlets.Unicode("").tag(sync=True)
    """The class of the element this toggle shows and hides, in the same panel; the
    button's ``aria-controls`` names that element (by an id given to it in the page)."""

    def __init__(
        self,
        label: str,
        *,
        value: bool = False,
        mode: Literal["press", "expand"] = "press",
        on_label: str | None = None,
        tooltip: str = "",
        **kwargs: Any,
    ) -> None:
        on, off = _GLYPHS[mode]
        super().__init__(
            value=value,
            on_text=f"{on} {on_label or label}",
            off_text=f"{off} {label}",
            hint=tooltip,
            mode=mode,
            **kwargs,
        )
        self.label = label

    @property
    def text(self) -> str:
        """The words the button shows now, glyph included."""
        return str(self.on_text if self.value else self.off_text)

    def relabel(self, label: str, on_label: str | None = None) -> None:
        """Change the words (the glyphs stay the mode's)."""
        on, off = _GLYPHS[str(self.mode)]
        self.label = label
        with self.hold_sync():
            self.on_text = f"{on} {on_label or label}"
            self.off_text = f"{off} {label}"

    def click(self) -> None:
        """Do what a click in the page does: flip the value (nothing while disabled)."""
        if not self.disabled:
            self.value = not self.value

    def on_change(self, callback: Callable[[bool], Any]) -> None:
        """Call ``callback(value)`` whenever the value changes (a click, or code)."""
        self.observe(lambda change: callback(bool(change["new"])), names="value")
