"""The live plots stay drawn when the browser window is resized.

A screenshot once showed the Isolation table's stress plot and the Impact table's
timeline empty (default axes, no title, no points) after the window went from 1400
wide to 1280×800 and then to 1280×2400, as a GM's would when they resize the window or
dock a panel. Reproduced here step by step, both plots were drawn throughout: plotly
redraws a resized plot from the figure it holds, title and points included.
:func:`resize_and_check` pins that: once Run All is done and the plot first drawn,
resize twice and require, within a bounded wait, the same title, traces and markers as
before. ``test_each_notebook.py`` calls it for each notebook in :data:`PLOTS`, on the
same Run All as its other checks (a Run All of a table's notebook is the slowest thing
the browser tier does).

Screenshots go to ``tests/browser/screenshots/plot-resize-*.png``.
"""

from __future__ import annotations

from typing import Any

from lab import Notebook

PLOTS = {
    "01-isolation.ipynb": (".iw-table-farmhouse .iw-stress-plot", "isolation"),
    "02-impact.ipynb": (".iw-impact-table .iw-impact-timeline", "impact"),
}
"""Each notebook whose table draws a live plot: the plot's selector and a name for the
screenshots."""

LAPTOP = {"width": 1280, "height": 800}
TALL = {"width": 1280, "height": 2400}

# What plotly has drawn, read from the SVG: the title's text, and per drawn trace its
# name and how many marker elements it holds; plus how many points the figure's data has.
_DRAWN_JS = """
(selector) => {
  const gd = document.querySelector(selector);
  if (!gd || !gd._fullLayout) return null;
  const title = gd.querySelector('.gtitle');
  const traces = {};
  for (const group of gd.querySelectorAll('.scatterlayer .trace')) {
    const trace = group.__data__ && group.__data__[0] && group.__data__[0].trace;
    if (trace) traces[trace.name] = group.querySelectorAll('.point').length;
  }
  return {
    title: title ? title.textContent : null,
    traces,
    data: (gd.data || []).reduce((n, trace) => n + (trace.x || []).length, 0),
  };
}
"""

_SAME_JS = f"""
([selector, expected]) => JSON.stringify(({_DRAWN_JS})(selector)) === JSON.stringify(expected)
"""


_WHOLE_JS = f"""
(selector) => {{
  const found = ({_DRAWN_JS})(selector);
  return !!found && !!found.title && found.data > 0
    && Object.values(found.traces).reduce((a, b) => a + b, 0) === found.data;
}}
"""


def drawn(nb: Notebook, selector: str) -> dict[str, Any]:
    found: dict[str, Any] | None = nb.page.evaluate(_DRAWN_JS, selector)
    assert found is not None, f"{selector} is not drawn"
    return found


def resize_and_check(nb: Notebook, selector: str, name: str) -> None:
    """Resize to a laptop's screen, then to a tall one; the plot is whole after each."""
    # Run All returns when every widget's view exists; plotly may draw a moment later.
    # (Bounds on a first drawing, which a loaded machine can hold up for many seconds.)
    nb.page.locator(selector).first.evaluate(
        "e => e.scrollIntoView({block: 'center'})", timeout=60_000
    )
    nb.page.wait_for_function(_WHOLE_JS, arg=selector, timeout=60_000)
    before = drawn(nb, selector)
    assert before["title"], before
    assert sum(before["traces"].values()) == before["data"] > 0, before
    for size, label in ((LAPTOP, "1280x800"), (TALL, "1280x2400")):
        nb.page.set_viewport_size(size)
        nb.page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'center'})")
        try:
            nb.page.wait_for_function(_SAME_JS, arg=[selector, before], timeout=5_000)
        finally:
            nb.screenshot(f"plot-resize-{name}-{label}")
        assert drawn(nb, selector) == before
