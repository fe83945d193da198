"""The browser harness itself, on the smallest notebooks that exercise each helper.

If these fail, every other browser test would fail for the same reason, so
they are the first place to look.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lab import Notebook
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]


def test_button_click_updates_label(notebook: OpenNotebook) -> None:
    nb = notebook("echo.ipynb")
    nb.run_all()
    nb.wait_for_text("echo-label", "0")

    nb.click("echo-button")
    nb.wait_for_text("echo-label", "1")
    nb.click("echo-button")
    nb.wait_for_text("echo-label", "2")

    assert nb.text("echo-label") == "2"
    nb.assert_no_errors()
    # The session's server is the one `make lab` runs: the kit's config is active.
    assert nb.server.kit_config_active()
    nb.screenshot("harness-echo")


def test_kernel_is_fresh_for_each_test(notebook: OpenNotebook) -> None:
    """The previous test's clicks must not leak: its kernel was shut down."""
    nb = notebook("echo.ipynb")
    nb.run_all()
    nb.click("echo-button")
    nb.wait_for_text("echo-label", "1")


def test_click_cytoscape_node_and_edge(notebook: OpenNotebook) -> None:
    nb = notebook("cytoscape_click.ipynb")
    nb.run_all()
    nb.wait_for_cytoscape("cyto-graph", ["left", "right", "left-right"])

    nb.click_cytoscape("cyto-graph", "right")
    nb.wait_for_text("cyto-clicked", "node right")
    nb.click_cytoscape("cyto-graph", "left-right")
    nb.wait_for_text("cyto-clicked", "edge left-right")

    nb.assert_no_errors()
    nb.screenshot("harness-cytoscape")


def test_plot_latency_notebook_appends_and_hovers(notebook: OpenNotebook) -> None:
    """The plot benchmark's notebook runs, and a quick (animated) append draws a point
    whose hover text shows: what ``Timeline.batch`` relies on.

    Only the two variants clicked here are shown (``SHOWN_VARIANTS``): each of the
    notebook's eighteen FigureWidgets carries about 5 MB of plotly.js to the page, which
    took this test over a minute; the benchmark shows them all."""
    nb = notebook("plot_latency.ipynb")
    nb.execute('SHOWN_VARIANTS = ["kit Timeline", "animate"]')
    nb.run_all(widget_timeout=60)
    points = ".plot-kit-timeline .scatterlayer .trace .point"
    nb.page.wait_for_selector(points)
    for count in (2, 3, 4):
        nb.click("append-kit-timeline")
        nb.page.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel).length === n",
            arg=[points, count],
            timeout=10_000,
        )
    nb.click("append-animate")  # the benchmark's own animated variant works too
    nb.widget("plot-kit-timeline").scroll_into_view_if_needed()
    box = nb.page.locator(points).last.bounding_box()
    assert box is not None
    nb.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(nb.page.locator(".plot-kit-timeline .hoverlayer .hovertext")).to_contain_text("point 3")
    nb.assert_no_errors()
    nb.screenshot_widget("plot-kit-timeline", "harness-plot-hover")
