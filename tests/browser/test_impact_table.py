"""The Impact table at a GM's screen, by clicks and keys: what the GM tripped over (issue 12).

At 1280×800 with JupyterLab's file browser open: the board and the test panel are
side by side and both on screen; the blown tyre (a Complication that usually
hinders) counts −1 when its chip is clicked, never +1; a face typed in the face box
is rolled by Enter, and a refusal is explained beside the box until the next
attempt; the breakdown of the odds and of the roll sits behind one line; axe finds
nothing critical or serious on the table. Then the whole main panel by keys: Tab
reaches every control in reading order, each a native control that Enter or Space
operates, the focus drawn thick and moved on to the next step's control.
Screenshots: ``tests/browser/screenshots/impact-table-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lab import Notebook, class_selector

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

SMALL_SCREEN = {"width": 1280, "height": 800}
TALL_SCREEN = {"width": 1280, "height": 2400}
TYRE = "iw-chip-det-9"  # Pierce's Complication "Blown Out Tire…", usually hinders
ACCESS = "iw-chip-det-3"  # Ellis's "Access To Every Mechanical Design…", either way
TABLE = class_selector("iw-impact-table")
MAIN = class_selector("iw-impact-main")

_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  const box = el.closest('.jupyter-widgets, .iw-submit-text, details') || el;
  return {
    tag: el.tagName.toLowerCase(),
    classes: Array.from(box.classList).concat(Array.from(el.classList)),
    text: (el.innerText || el.value || '').trim(),
    inTable: !!el.closest('.iw-impact-table'),
    outlineWidth: parseFloat(style.outlineWidth) || 0,
    outlineStyle: style.outlineStyle,
  };
}
"""

# Every control a keyboard can reach in the main panel, in DOM (reading) order: visible,
# enabled, not taken out of the tab order. Each is marked with its index for the walk.
_TABBABLE_JS = f"""
() => {{
  const selector = 'button, input, select, textarea, summary, [tabindex]';
  const found = Array.from(document.querySelector('{MAIN}').querySelectorAll(selector))
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
      && getComputedStyle(el).visibility !== 'hidden');
  found.forEach((el, i) => el.setAttribute('data-iw-tab', String(i)));
  return found.map((el) => ({{
    tag: el.tagName.toLowerCase(),
    type: el.type || '',
    text: (el.innerText || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 40),
  }}));
}}
"""

_ACTIVE_TAB_JS = """
() => {
  const el = document.activeElement;
  return el && el.hasAttribute('data-iw-tab') ? Number(el.getAttribute('data-iw-tab')) : null;
}
"""

_RECT_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
}
"""


def _focus(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_FOCUS_JS)
    return found


def _rect(nb: Notebook, selector: str) -> dict[str, float]:
    found: dict[str, float] = nb.page.evaluate(_RECT_JS, selector)
    assert found is not None, selector
    return found


def _wait_for_contains(nb: Notebook, css_class: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(nb.widget(css_class)).to_contain_text(text, timeout=10_000)


def _wait_for_focus(nb: Notebook, css_class: str) -> dict[str, Any]:
    nb.page.wait_for_function(
        "cls => { const el = document.activeElement; return !!el && !!el.closest('.' + cls); }",
        arg=css_class,
        timeout=10_000,
    )
    return _focus(nb)


def _select(nb: Notebook, css_class: str, label: str) -> None:
    nb.widget(css_class).locator("select").select_option(label=label)


def _on_screen(rect: dict[str, float], height: float) -> bool:
    return rect["bottom"] > 0 and rect["top"] < height


def _serious_axe_violations(nb: Notebook) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(nb.page, context=TABLE)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


def test_at_1280_by_800_the_tyre_hinders_and_enter_rolls(notebook: OpenNotebook) -> None:
    nb = notebook("02-impact.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    nb.page.evaluate(f"() => document.querySelector('{MAIN}').scrollIntoView()")
    nb.page.wait_for_timeout(300)

    # Side by side, both on screen: the cards and the test panel's die, odds and Roll.
    board = _rect(nb, class_selector("iw-impact-board-column"))
    test = _rect(nb, class_selector("iw-impact-test-column"))
    assert test["left"] >= board["right"] - 1, (board, test)
    height = SMALL_SCREEN["height"]
    for selector in (".iw-impact-cards", ".iw-impact-plan", ".iw-impact-roll"):
        assert _on_screen(_rect(nb, selector), height), selector
    nb.screenshot("impact-table-1-1280x800-side-by-side")

    # The GM's test: Pierce, Tricky (a D10, 30%). The blown tyre usually hinders.
    _select(nb, "iw-impact-roller", "Algernon Pierce (PC, D12)")
    _select(nb, "iw-impact-difficulty", "Tricky (D10)")
    _wait_for_contains(nb, "iw-impact-plan", "Odds of success: 30%")
    assert "usually hinders" in (nb.widget(TYRE).get_attribute("title") or "")
    nb.click(TYRE)
    _wait_for_contains(nb, TYRE, "✔ −1")
    _wait_for_contains(nb, "iw-impact-plan", "Odds of success: 20%")  # down, not up
    assert nb.page.locator(f"{TABLE} .iw-chip-sign:visible").count() == 0  # nothing asked
    assert nb.page.locator(class_selector("iw-impact-cite-as")).count() == 0
    # The breakdown waits behind one line, and opens on a click.
    plan = nb.widget("iw-impact-plan")
    assert "Cited Details" not in plan.inner_text()
    plan.locator("summary").click()
    _wait_for_contains(nb, "iw-impact-plan", "Cited Details (net -1)")
    nb.screenshot("impact-table-2-tyre-cited-minus-one")

    # Faces typed and Enter pressed: a wrong count is explained beside the box...
    face = nb.widget("iw-impact-face").locator("input")
    face.click()
    face.press_sequentially("2 3")
    face.press("Enter")
    error = nb.page.locator(f"{TABLE} .iw-entry-error .iw-msg--error")
    error.wait_for(timeout=10_000)
    said = error.inner_text()
    assert "Algernon Pierce's roll: 1×d10: expected 1 face (one per die), got 2" in said
    assert "explo" not in said and "test-" not in said
    assert _focus(nb)["tag"] == "input"  # still in the box, to fix the face
    nb.screenshot_widget("iw-impact-test", "impact-table-3-refused-beside-the-box")
    # A letter is refused in words too, in place of the last explanation...
    face.fill("")
    face.press_sequentially("x")
    face.press("Enter")
    nb.page.wait_for_function(
        "sel => { const e = document.querySelector(sel);"
        " return !!e && e.innerText.includes('x') && !e.innerText.includes('expected 1'); }",
        arg=f"{TABLE} .iw-entry-error .iw-msg--error",
        timeout=10_000,
    )
    # ...and the explanation goes at the next attempt; 9 − 1 = 8 is a Success, and the
    # focus moves on to the effect to choose.
    face.fill("")
    face.press_sequentially("9")
    face.press("Enter")
    _wait_for_contains(nb, "iw-impact-result", "✔ Success 9 − 1 = 8")
    error.wait_for(state="detached", timeout=10_000)
    result = nb.text("iw-impact-result")
    assert "typed" in result and "Success Success" not in result
    assert "−1 from" not in result  # the engine's explanation waits behind its line
    assert "iw-impact-effect-kind" in _wait_for_focus(nb, "iw-impact-effect-kind")["classes"]
    nb.screenshot("impact-table-4-success-by-enter")

    assert _serious_axe_violations(nb) == []
    nb.page.set_viewport_size(TALL_SCREEN)
    nb.widget("iw-impact-table").scroll_into_view_if_needed()
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.page.wait_for_timeout(300)
    nb.screenshot("impact-table-5-tall")
    nb.assert_no_errors()


def test_the_main_panel_by_keys(notebook: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = notebook("02-impact.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    _wait_for_contains(nb, "iw-impact-plan", "Odds of success: 12.5%")  # Ellis's test

    # Tab from the first control to the last: every control, in reading order.
    controls: list[dict[str, Any]] = nb.page.evaluate(_TABBABLE_JS)
    assert len(controls) > 40, controls  # chips and their tools, forms, the test panel
    natives = {"button", "select", "summary"}
    odd = [c for c in controls if c["tag"] not in natives and c["type"] not in ("text", "checkbox")]
    assert odd == [], odd  # each is a control Enter or Space operates natively
    nb.page.locator(f"{MAIN} [data-iw-tab='0']").focus()
    reached = [nb.page.evaluate(_ACTIVE_TAB_JS)]
    for _ in range(len(controls) - 1):
        nb.page.keyboard.press("Tab")
        reached.append(nb.page.evaluate(_ACTIVE_TAB_JS))
    assert reached == list(range(len(controls))), [
        (i, controls[i]["text"] if i is not None else None) for i in reached
    ]

    # A chip that may go either way, by keys: Space asks, Enter on "+1 helps" cites.
    chip = nb.widget(ACCESS)
    nb.press(chip, "Space")
    focus = _wait_for_focus(nb, "iw-chip-cite-helps")
    assert focus["text"] == "+1 helps"
    assert focus["outlineWidth"] >= 3 and focus["outlineStyle"] == "solid", focus
    nb.screenshot_widget("iw-impact-card-char-2", "impact-table-6-chip-asks-by-keys")
    nb.page.keyboard.press("Enter")
    _wait_for_contains(nb, ACCESS, "✔ +1")
    assert ACCESS in _wait_for_focus(nb, ACCESS)["classes"]  # back on the chip

    # The breakdown opens with Enter on its line; a select takes a typed letter.
    summary = nb.widget("iw-impact-plan").locator("summary")
    nb.press(summary, "Enter")
    _wait_for_contains(nb, "iw-impact-plan", "With each Impact Die")
    difficulty = nb.widget("iw-impact-difficulty").locator("select")
    difficulty.focus()
    # Type-ahead picks an option (the arrow keys are JupyterLab's in command mode: they
    # move to the next cell, whatever control has the focus).
    nb.page.keyboard.press("t")  # Difficult (D8) → Tricky (D10)
    _wait_for_contains(nb, "iw-impact-plan", "Rolls a D10")

    # Enter on Roll: the roll row goes, and the focus goes on to the next step's control.
    nb.press(nb.widget("iw-impact-roll"), "Enter")
    _wait_for_contains(nb, "iw-impact-result", "rolls a D10")
    nb.page.wait_for_function(
        "() => { const el = document.activeElement; return !!el"
        " && !!el.closest('.iw-impact-test') && !el.closest('.iw-impact-roll'); }",
        timeout=10_000,
    )
    focus = _focus(nb)
    assert focus["inTable"] and focus["tag"] in ("select", "input", "button"), focus
    nb.screenshot("impact-table-7-focus-after-roll")
    # Space on Finish closes the test; the focus goes to the next test's Roll.
    nb.press(nb.widget("iw-impact-finish"), "Space")
    assert "iw-impact-roll" in _wait_for_focus(nb, "iw-impact-roll")["classes"]

    # The Detail form: Space ticks Temporary, Enter in the box adds the Detail.
    nb.press(nb.widget("iw-impact-temporary").locator("input"), "Space")
    box = nb.widget("iw-impact-detail-text").locator("input")
    box.focus()
    box.press_sequentially("Sirens In The Distance")
    box.press("Enter")
    _wait_for_contains(nb, "iw-impact-card-char-1", "Sirens In The Distance ◷ temp")
    expect(box).to_have_value("", timeout=10_000)  # emptied for the next Detail
    # Enter on Undo takes it back; the message says so, and goes at the next action.
    nb.press(nb.widget("iw-impact-undo"), "Enter")
    info = nb.page.locator(f"{TABLE} > .iw-messages .iw-msg--info")
    info.wait_for(timeout=10_000)
    assert "undone:" in info.inner_text() and "Sirens In The Distance" in info.inner_text()
    nb.page.wait_for_function(
        "() => !document.querySelector('.iw-impact-card-char-1')"
        ".innerText.includes('Sirens In The Distance')",
        timeout=10_000,
    )
    nb.click("iw-impact-hit-char-2")
    info.wait_for(state="detached", timeout=10_000)
    nb.assert_no_errors()
