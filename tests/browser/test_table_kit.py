"""The shared table kit in a real JupyterLab, through the dice tray of the tour notebook.

By keys as a GM at the table would use it: faces typed and Enter pressed, a refusal
shown beside the box and gone at the next attempt, Tab to **Roll** and Space or
Enter on it (focus stays there, and is drawn thick enough to see), undo from the
toolbar with every remaining roll still inside the plot's axes, and the log saying
how much of the session it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lab import Notebook, class_selector

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

TRAY = class_selector("iw-tray")
POINTS = f"{TRAY} .js-plotly-plot .scatterlayer .point"
SMALL_SCREEN = {"width": 1280, "height": 800}

# The notebook's cells roll five times and undo one roll: four points when it has run.
POINTS_AFTER_RUN_ALL = 4

_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  return {
    tag: el.tagName.toLowerCase(),
    classes: Array.from(el.classList),
    inTray: !!el.closest('.iw-tray'),
    text: (el.innerText || el.value || '').trim(),
    outlineWidth: parseFloat(style.outlineWidth) || 0,
    outlineStyle: style.outlineStyle,
    outlineColor: style.outlineColor,
  };
}
"""

# Every point of every trace and the x range drawn (plotly's own full layout).
_PLOT_JS = f"""
() => {{
  const plot = document.querySelector('{TRAY} .js-plotly-plot');
  if (!plot || !plot._fullLayout) return null;
  const xs = plot.data.flatMap((trace) => Array.from(trace.x || []));
  const ys = plot.data.flatMap((trace) => Array.from(trace.y || []));
  return {{
    xs, ys,
    xrange: plot._fullLayout.xaxis.range,
    yrange: plot._fullLayout.yaxis.range,
  }};
}}
"""


# Controls of the panel that a screen reader could not name: a button with no words and
# no aria-label, or a box with neither a <label for> nor an aria-label.
_UNNAMED_JS = f"""
() => Array.from(document.querySelectorAll('{TRAY} button, {TRAY} input, {TRAY} select'))
  .filter((el) => el.tagName === 'BUTTON'
    ? !(el.innerText.trim() || el.getAttribute('aria-label'))
    : !((el.labels && el.labels.length) || el.getAttribute('aria-label')))
  .map((el) => el.outerHTML.slice(0, 120))
"""


def _points(nb: Notebook) -> int:
    return nb.page.locator(POINTS).count()


def _wait_for_points(nb: Notebook, count: int) -> None:
    nb.page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[POINTS, count],
        timeout=15_000,
    )


def _wait_for_text_in(nb: Notebook, css_class: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(nb.widget(css_class)).to_contain_text(text, timeout=10_000)


def _focus(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_FOCUS_JS)
    return found


def _plot(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_PLOT_JS)
    return found


def _assert_every_point_in_range(nb: Notebook) -> None:
    plot = _plot(nb)
    (x0, x1), (y0, y1) = plot["xrange"], plot["yrange"]
    assert plot["xs"], "the plot has no points"
    assert all(x0 <= x <= x1 for x in plot["xs"]), plot
    assert all(y0 <= y <= y1 for y in plot["ys"]), plot


def test_the_tray_by_keys(notebook: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = notebook("00-tour.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    panel = nb.widget("iw-tray")
    panel.scroll_into_view_if_needed()
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL)
    # The notebook's own `tray.undo()` cell rebuilt the plot: all its points are in view.
    _assert_every_point_in_range(nb)
    events = int(nb.execute("print(len(tray.journal))"))
    assert nb.text("iw-log-status") == f"showing all {events} events"
    assert nb.page.evaluate(_UNNAMED_JS) == []
    nb.widget("iw-dice-entry").scroll_into_view_if_needed()
    nb.screenshot("kit-1-after-run-all")

    # Typed faces, Enter in the box: the roll is taken, the box empties, marked typed.
    faces = nb.widget("iw-faces").locator("input")
    faces.click()
    faces.press_sequentially("6 2 3")  # a 6 explodes: one face short
    faces.press("Enter")
    error = nb.page.locator(f"{TRAY} .iw-entry-error .iw-msg--error")
    error.wait_for(timeout=10_000)
    assert "expected 4 faces" in error.inner_text()
    assert _points(nb) == POINTS_AFTER_RUN_ALL
    assert _focus(nb)["tag"] == "input"  # still in the box, to fix the faces
    nb.screenshot("kit-2-refused-beside-the-box")
    faces.press("End")
    faces.press_sequentially(" 5")
    faces.press("Enter")
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL + 1)
    error.wait_for(state="detached", timeout=10_000)
    expect(faces).to_have_value("", timeout=10_000)  # the kernel empties it just after
    _wait_for_text_in(nb, "iw-source", "typed")
    # The result is redrawn by its own message: wait for it, never read it at once (a
    # loaded machine once read the previous roll's text here).
    _wait_for_text_in(nb, "iw-result", "typed")
    _wait_for_text_in(nb, "iw-result", "↳")

    # Tab from the purpose box reaches Roll; Space and Enter operate it, focus stays.
    nb.press(nb.widget("iw-purpose").locator("input"), "Tab")
    focus = _focus(nb)
    assert "iw-roll" in focus["classes"], focus
    assert focus["outlineWidth"] >= 3 and focus["outlineStyle"] == "solid", focus
    nb.screenshot_widget("iw-dice-entry", "kit-3-roll-focused")
    nb.page.keyboard.press("Space")
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL + 2)
    _wait_for_text_in(nb, "iw-source", "random")
    assert "iw-roll" in _focus(nb)["classes"]
    nb.page.keyboard.press("Enter")
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL + 3)
    assert "iw-roll" in _focus(nb)["classes"]
    nb.screenshot("kit-4-rolled-by-keys")

    # Undo from the toolbar: one roll fewer, every remaining one inside the axes.
    nb.widget("iw-undo").click()
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL + 2)
    _assert_every_point_in_range(nb)
    info = nb.page.locator(f"{TRAY} .iw-messages .iw-msg--info")
    info.wait_for(timeout=10_000)
    assert info.inner_text().startswith("ℹ: undone:")
    nb.screenshot("kit-5-after-undo")
    # The next action clears the stale "undone" message.
    nb.click("iw-roll")
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL + 3)
    info.wait_for(state="detached", timeout=10_000)

    # The log says how much it shows and pages back to the session's first event.
    events = int(nb.execute("print(len(tray.journal))"))
    assert events > 12
    nb.wait_for_text("iw-log-status", f"showing the last 12 of {events} events")
    nb.press(nb.widget("iw-log-older"), "Enter")
    nb.wait_for_text("iw-log-status", f"showing events 1–12 of {events}, newest first")
    _wait_for_text_in(nb, "iw-log", "session “Tour” started")  # the first event
    # Older is now off: the focus moved to Newer instead of dropping to the page.
    nb.page.wait_for_function(
        "() => document.activeElement.classList.contains('iw-log-newer')", timeout=10_000
    )
    nb.widget("iw-log-view").scroll_into_view_if_needed()
    nb.screenshot("kit-6-log-paged-back")
    nb.page.keyboard.press("Enter")
    nb.wait_for_text("iw-log-status", f"showing the last 12 of {events} events")
    nb.assert_no_errors()
