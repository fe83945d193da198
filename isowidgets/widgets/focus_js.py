"""The one piece of front-end code the kit's anywidgets share: focusing an element that
the same message from the kernel may only just have shown.

A focus asked for in the same click that shows the element (its section was hidden, its
tab not yet turned to) can arrive before the page has drawn it, and a focus on an element
not drawn is silently lost; so ``focusWhenShown`` tries again every 50 ms, for up to a
second, until the element is drawn and enabled. The element is brought to the middle of
the view (rather than to its nearest edge), so what led to the step shows with it.
Prepended to the ESM of :class:`~.toggle.PressToggle` and :class:`~.submit_text.SubmitText`.
"""

from __future__ import annotations

__all__ = ["FOCUS_WHEN_SHOWN"]

FOCUS_WHEN_SHOWN = """
function focusWhenShown(element, tries = 20) {
  if (element.getClientRects().length && !element.disabled) {
    // The next step's control comes to the middle of the view, so what led to it (a
    // round's result above the next intention, the pool rolled just before) shows too.
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "center" });
  } else if (tries > 0) setTimeout(() => focusWhenShown(element, tries - 1), 50);
}
"""
