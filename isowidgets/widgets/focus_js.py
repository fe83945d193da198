"""The one piece of front-end code the kit's anywidgets share: focusing an element that
the same message from the kernel may only just have shown.

A focus asked for in the same click that shows the element (its section was hidden, its
tab not yet turned to) can arrive before the page has drawn it, and a focus on an element
not drawn is silently lost; so ``focusWhenShown`` tries again every 50 ms, for up to a
second, until the element is drawn and enabled. A focus may name a *context* (a CSS
selector in the same table: what led to the step, such as a round's result): it is
brought into view first, then the control, so both show.
Prepended to the ESM of :class:`~.toggle.PressToggle` and :class:`~.submit_text.SubmitText`.
"""

from __future__ import annotations

__all__ = ["FOCUS_WHEN_SHOWN"]

FOCUS_WHEN_SHOWN = """
function revealContext(element, context) {
  // Bring ``context`` (a selector in the same table as ``element``) into view.
  let root = null;
  for (let up = element.parentElement; up; up = up.parentElement) {
    if (up.classList.contains("iw-panel")) root = up;
  }
  const shown = context && root ? root.querySelector(context) : null;
  if (shown) shown.scrollIntoView({ block: "nearest" });
}

function focusWhenShown(element, tries = 20, context = "") {
  if (element.getClientRects().length && !element.disabled) {
    // With a context (what led to the step, e.g. a round's result), that is brought into
    // view first, and then the control: both show.
    revealContext(element, context);
    element.focus();
  } else if (tries > 0) {
    setTimeout(() => focusWhenShown(element, tries - 1, context), 50);
  }
}
"""
