"""The tour notebook in a real JupyterLab: run it, roll, type faces, see the plot grow."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lab import Notebook, class_selector

from isowidgets.widgets.panel import saved_text

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

POINTS = f"{class_selector('iw-tray')} .js-plotly-plot .scatterlayer .point"


def _points(nb: Notebook) -> int:
    return nb.page.locator(POINTS).count()


def _wait_for_points(nb: Notebook, count: int) -> None:
    nb.page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[POINTS, count],
        timeout=15_000,
    )


# The notebook's cells roll five times and undo one roll: four points when it has run.
POINTS_AFTER_RUN_ALL = 4


def test_tour_runs_and_its_roll_button_works(notebook: OpenNotebook) -> None:
    nb = notebook("00-tour.ipynb")
    # As saved, before anything runs: the outputs a newcomer reads, and no saved widget
    # view pointing at a model that only the kernel that made it ever had.
    nb.page.locator(".jp-OutputArea-output").first.wait_for(timeout=15_000)
    nb.assert_no_errors()
    assert saved_text("TrayPanel") in nb.output_texts()  # what `panel` shows until it runs
    nb.screenshot("tour-0-as-saved")
    nb.run_all()
    panel = nb.widget("iw-tray")
    panel.scroll_into_view_if_needed()
    _wait_for_points(nb, POINTS_AFTER_RUN_ALL)
    before_points = POINTS_AFTER_RUN_ALL
    before_text = nb.text("iw-result")
    nb.screenshot("tour-1-after-run-all")

    from playwright.sync_api import expect

    nb.click("iw-roll")
    _wait_for_points(nb, before_points + 1)
    # The result comes in its own message: wait for it rather than read it at once.
    expect(nb.widget("iw-result")).not_to_have_text(before_text, timeout=10_000)
    expect(nb.widget("iw-result")).to_contain_text("rolled", timeout=10_000)
    nb.screenshot("tour-2-after-roll")

    # Faces typed at the table: a 6 explodes, so four faces for three dice.
    nb.widget("iw-faces").locator("input").fill("6 2 3 5")
    nb.click("iw-enter")
    _wait_for_points(nb, before_points + 2)
    # The plot's point can arrive before the result's own message (seen on a loaded
    # machine): wait for the typed roll's result, not the last one's.
    expect(nb.widget("iw-result")).to_contain_text("typed", timeout=15_000)
    assert "↳" in nb.text("iw-result")

    # A wrong count is refused in the panel, not as a traceback.
    nb.widget("iw-faces").locator("input").fill("6 2 3")
    nb.click("iw-enter")
    nb.page.locator(f"{class_selector('iw-tray')} .iw-msg--error").wait_for(timeout=10_000)
    assert "expected 4 faces" in nb.widget("iw-tray").locator(".iw-msg--error").inner_text()
    assert _points(nb) == before_points + 2
    nb.assert_no_errors()
    nb.screenshot("tour-3-typed-and-refused")
