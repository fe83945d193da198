"""The Impact notebook in a real JupyterLab: cite by clicking chips, type a face, take a hit.

Runs ``02-impact.ipynb`` top to bottom, which leaves Ellis's test set up (Pierce
helping), then plays it in the page like a player would: click two Detail
chips (Ellis's own Detail may help or hinder, so it asks: **+1 helps**), type the
face of a real D8, see the Success, then hit Pierce and see his ladder and the
Impact timeline move; undo puts both back; the ◷ tool marks a Scene Detail
temporary. A screenshot is saved after each step
(``tests/browser/screenshots/impact-*.png``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lab import Notebook, class_selector

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

POINTS = f"{class_selector('iw-impact-timeline')} .scatterlayer .point"
PIERCE_CURRENT = f"{class_selector('iw-impact-ladder-char-1')} .iw-track-level--current"
ACCESS = "iw-chip-det-3"  # Ellis's "Access To Every Mechanical Design Known To Man"
PLANS = "iw-chip-det-8"  # Pierce's Temporary Detail "Pocketful Of Doomsday Plans"
ARMED = "iw-chip-det-6"  # the goons' "Armed To The Teeth": not in Ellis's test
MARKET = "iw-chip-det-7"  # the market's Scene Detail "Market Day: Delivery Vans Everywhere"


def _points(nb: Notebook) -> int:
    return nb.page.locator(POINTS).count()


def _wait_for_points(nb: Notebook, count: int) -> None:
    nb.page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[POINTS, count],
        timeout=10_000,
    )


def _wait_for_chip(nb: Notebook, css_class: str, starts: str) -> None:
    nb.page.wait_for_function(
        "([sel, text]) => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.trim().startsWith(text); }",
        arg=[class_selector(css_class), starts],
        timeout=10_000,
    )


def _wait_for_contains(nb: Notebook, css_class: str, text: str) -> None:
    nb.page.wait_for_function(
        "([sel, text]) => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.includes(text); }",
        arg=[class_selector(css_class), text],
        timeout=10_000,
    )


def test_cite_two_chips_type_a_face_then_take_a_hit(notebook: OpenNotebook) -> None:
    nb = notebook("02-impact.ipynb")
    nb.run_all()
    nb.widget("iw-impact-table").scroll_into_view_if_needed()
    # Pierce: D12 → D20 → D12 (3 points); Ellis and the goons: where they started (1 each).
    nb.page.wait_for_function(
        "sel => document.querySelectorAll(sel).length > 0", arg=POINTS, timeout=60_000
    )
    points = _points(nb)
    assert points == 5
    assert nb.page.locator(PIERCE_CURRENT).inner_text().startswith("▶ D12")
    # Ellis's test is open, Pierce helping: only chips the engine allows are clickable.
    assert nb.widget(ACCESS).is_enabled()
    assert nb.text(ACCESS).startswith("○ ")
    assert nb.widget(PLANS).is_enabled()  # Pierce's Temporary Detail: he helps
    assert not nb.widget(ARMED).is_enabled()  # an adversary's, and this is no test against them
    assert nb.text(ARMED).startswith("⊘ ")
    _wait_for_contains(nb, "iw-impact-plan", "Odds of success: 12.5%")
    nb.widget("iw-impact-board").scroll_into_view_if_needed()
    nb.screenshot("impact-1-after-run-all")
    nb.screenshot_widget("iw-impact-board", "impact-1-board-close-up")

    # Cite two Details by clicking their chips: each now reads "✔ +1". Ellis's own Detail
    # may help or hinder here, so its chip asks first.
    nb.click(ACCESS)
    access_box = f".iw-impact-chip-box:has({class_selector(ACCESS)})"
    helps = nb.page.locator(f"{access_box} .iw-chip-cite-helps")
    helps.wait_for(timeout=10_000)
    assert helps.inner_text().strip() == "+1 helps"
    helps.click()
    _wait_for_chip(nb, ACCESS, "✔ +1")
    nb.click(PLANS)
    _wait_for_chip(nb, PLANS, "✔ +1")
    _wait_for_contains(nb, "iw-impact-plan", "Odds of success: 37.5%")
    plan = nb.text("iw-impact-plan")
    assert "Rolls a D8" in plan and "net +2" in plan
    nb.widget("iw-impact-test").scroll_into_view_if_needed()
    nb.screenshot("impact-2-two-chips-cited")
    nb.screenshot_widget("iw-impact-test", "impact-2-test-panel-close-up")

    # Type the face of a real D8: 6 + 2 = 8, a Success.
    nb.widget("iw-impact-face").locator("input").fill("6")
    nb.click("iw-impact-enter")
    _wait_for_contains(nb, "iw-impact-result", "✔ Success 6 + 2 = 8")  # not the last test's
    result = nb.text("iw-impact-result")
    assert "typed" in result and "✔ Success 6 + 2 = 8" in result
    assert nb.widget("iw-impact-choose").is_visible()
    assert nb.widget("iw-impact-choose").is_enabled()
    assert not nb.widget("iw-impact-roll").is_visible()  # the roll row is gone after the roll
    nb.screenshot("impact-3-typed-success")
    nb.screenshot_widget("iw-impact-test", "impact-3-test-panel-close-up")

    # Close the test without an effect, then an enemy lands a blow on Pierce.
    nb.click("iw-impact-finish")
    _wait_for_contains(nb, "iw-impact-result", "no effect chosen")
    nb.widget("iw-impact-card-char-1").scroll_into_view_if_needed()
    nb.click("iw-impact-hit-char-1")
    nb.page.wait_for_function(
        "sel => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.includes('D10'); }",
        arg=PIERCE_CURRENT,
        timeout=10_000,
    )
    _wait_for_points(nb, points + 1)
    from playwright.sync_api import expect

    expect(nb.page.locator(PIERCE_CURRENT)).to_contain_text("now", timeout=10_000)
    nb.widget("iw-impact-timeline").scroll_into_view_if_needed()
    nb.screenshot("impact-4-hit-ladder-and-plot")
    nb.screenshot_widget("iw-impact-card-char-1", "impact-4-pierce-card-close-up")
    nb.screenshot_widget("iw-impact-timeline-panel", "impact-4-timeline-close-up")

    # Undo takes the blow back: the ladder returns to D12 and the plot is rebuilt.
    nb.click("iw-impact-undo")
    _wait_for_points(nb, points)
    nb.page.wait_for_function(
        "sel => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.includes('D12'); }",
        arg=PIERCE_CURRENT,
        timeout=10_000,
    )
    nb.assert_no_errors()
    assert nb.page.locator(".iw-impact-table .iw-msg--error").count() == 0
    nb.screenshot("impact-5-undo")

    # The ◷ tool beside a chip marks its Detail temporary: the chip says so in words.
    kind_tool = nb.page.locator(f".iw-impact-chip-box:has({class_selector(MARKET)}) .iw-chip-kind")
    assert kind_tool.inner_text().strip() == "◷ Temporary"
    kind_tool.click()
    _wait_for_contains(nb, MARKET, "◷ temp")
    assert kind_tool.inner_text().strip() == "◷✓ Temporary"
    nb.assert_no_errors()
    nb.screenshot_widget("iw-impact-card-scene-2", "impact-5b-marked-temporary-close-up")


def test_a_refused_face_is_explained_in_the_panel(notebook: OpenNotebook) -> None:
    nb = notebook("02-impact.ipynb")
    nb.run_all()
    nb.widget("iw-impact-face").locator("input").fill("9")  # a D8 has no 9
    nb.click("iw-impact-enter")
    error = f"{class_selector('iw-impact-test')} .iw-msg--error"
    nb.page.locator(error).wait_for(timeout=10_000)
    assert "9" in nb.page.locator(error).inner_text()
    assert nb.widget("iw-impact-roll").is_visible()  # still waiting for its roll
    nb.assert_no_errors()
    nb.widget("iw-impact-test").scroll_into_view_if_needed()
    nb.screenshot("impact-6-refused-face")

    # A real failure, then the GM's Complication, accepted: Ellis's die goes up a step.
    nb.widget("iw-impact-face").locator("input").fill("1")
    nb.click("iw-impact-enter")
    _wait_for_contains(nb, "iw-impact-result", "✖ Failure rolled 1")
    nb.widget("iw-impact-complication").locator("input").fill("Coffee Spilled On The Plans")
    nb.click("iw-impact-offer")
    _wait_for_contains(nb, "iw-impact-result", "Coffee Spilled On The Plans")
    nb.screenshot_widget("iw-impact-test", "impact-7-complication-offered-close-up")
    nb.click("iw-impact-accept")
    ellis = f"{class_selector('iw-impact-ladder-char-2')} .iw-track-level--current"
    nb.page.wait_for_function(
        "sel => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.includes('D20'); }",
        arg=ellis,
        timeout=10_000,
    )
    _wait_for_contains(nb, "iw-chip-det-11", "Coffee Spilled On The Plans")
    assert "temp" in nb.text("iw-chip-det-11")
    nb.assert_no_errors()
    nb.screenshot_widget("iw-impact-card-char-2", "impact-8-complication-accepted-close-up")
