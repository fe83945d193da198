"""The Danish Fudge-dice table at a GM's screen, by clicks and keys, in both languages.

After the notebook has run (Mr. Burke's day on the station), the GM switches the
table to Danish, opens a new argument between Burke and Director Hale on the
conflict tab, types both sides' faces and presses Enter, and Burke's player lets it
hurt. On the round tab both sides state an intention (Enter), declare crossing
actions against Fornuft, see the dice before anyone rolls, and type the round's
faces with Enter: a wrong count is explained beside the box first, then the right
faces roll. Burke's damage track shows the level-3 wound with the ability written
in the level, next round's penalty die is shown before anyone rolls, the plot gains
the point; undo takes it all back at once and redo restores it. axe finds nothing
critical or serious. Screenshots at 1280×800 and 1280×2400 in Danish and English:
``tests/browser/screenshots/fudge-table-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from lab import Notebook, class_selector

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

SMALL_SCREEN = {"width": 1280, "height": 800}
TALL_SCREEN = {"width": 1280, "height": 2400}
TABLE = class_selector("iw-fudge-table")
BURKE, HALE = "char-1", "char-6"  # the notebook's ids, in the order the cast joins

_RECT_JS = """
(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
}
"""

_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  return {tag: el.tagName.toLowerCase(), outlineWidth: parseFloat(style.outlineWidth) || 0,
          outlineStyle: style.outlineStyle, classes: Array.from(
            (el.closest('.jupyter-widgets, .iw-submit-text') || el).classList)};
}
"""

_POINTS_JS = """
() => document.querySelectorAll('.iw-fudge-plot .scatterlayer .trace .points path').length
"""

_PLOT_IN_VIEW_JS = "() => document.querySelector('.iw-fudge-plot').scrollIntoView()"

_PLOT_DRAWN_JS = "() => !!document.querySelector('.iw-fudge-plot .main-svg')"

_STEADY_POINTS_JS = f"""
async () => {{
  // The markers drawn, once the count has stayed the same for three frames.
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  let last = ({_POINTS_JS})();
  for (let same = 0; same < 3;) {{
    await frame();
    const now = ({_POINTS_JS})();
    same = now === last ? same + 1 : 0;
    last = now;
  }}
  return last;
}}
"""


def _plot_in_view(nb: Notebook) -> None:
    """Wait until the plot is drawn (on a loaded machine its view, plotly.js included, comes
    seconds after the table's: read at once it was missing), then scroll it into view:
    JupyterLab may leave an output out of view undrawn."""
    nb.page.wait_for_function(_PLOT_DRAWN_JS, timeout=60_000)
    nb.page.evaluate(_PLOT_IN_VIEW_JS)


def _wait_for_points(nb: Notebook, count: int) -> None:
    """Wait until the plot draws ``count`` markers."""
    _plot_in_view(nb)
    nb.page.wait_for_function(f"() => ({_POINTS_JS})() === {count}", timeout=15_000)


# Every control a keyboard can reach in the play column, in DOM (reading) order.
_TABBABLE_JS = """
(root) => {
  const selector = 'button, input, select, textarea, summary, [tabindex]';
  const found = Array.from(document.querySelector(root).querySelectorAll(selector))
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
      && getComputedStyle(el).visibility !== 'hidden');
  found.forEach((el, i) => el.setAttribute('data-iw-tab', String(i)));
  return found.map((el) => ({
    tag: el.tagName.toLowerCase(), type: el.type || '',
    text: (el.innerText || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 40),
  }));
}
"""

_ACTIVE_TAB_JS = """
() => {
  const el = document.activeElement;
  return el && el.hasAttribute('data-iw-tab') ? Number(el.getAttribute('data-iw-tab')) : null;
}
"""


def open_argument(nb: Notebook) -> None:
    """On the conflict tab (in Danish): open an argument by active opposition, Mr. Burke
    arguing (2) against Director Hale arguing (3), by choosing each list's entry."""
    _select(nb, "iw-fudge-kind", "Aktiv modstand")
    _select(nb, "iw-fudge-actor", "Mr. Burke")
    _select(nb, "iw-fudge-skill", "arguing (2)")
    _select(nb, "iw-fudge-opponent", "Director Hale")
    _select(nb, "iw-fudge-opponent-skill", "arguing (3)")
    nb.click("iw-fudge-open")


def _select(nb: Notebook, css_class: str, label: str) -> None:
    nb.widget(css_class).locator("select").select_option(label=label)


def _contains(nb: Notebook, css_class: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(nb.widget(css_class).first).to_contain_text(text, timeout=10_000)


def _type_enter(nb: Notebook, css_class: str, text: str) -> None:
    box = nb.widget(css_class).locator("input")
    box.click()
    box.fill("")
    box.press_sequentially(text)
    box.press("Enter")


def _rect(nb: Notebook, selector: str) -> dict[str, float]:
    found: dict[str, float] = nb.page.evaluate(_RECT_JS, selector)
    assert found is not None, selector
    return found


def _serious_axe_violations(nb: Notebook) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(nb.page, context=TABLE)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


def _slot(nb: Notebook, who: str, level: int) -> Any:
    return nb.page.locator(f".iw-fudge-track-{who} li[data-level='{level - 1}']")


def test_a_round_in_danish_with_typed_faces_then_english(notebook: OpenNotebook) -> None:
    nb = notebook("03-fudge-conflict.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.page.wait_for_timeout(300)
    # The notebook's argument is over: Burke's damage fell down to level 1, Fornuft.
    assert "Reason" in _slot(nb, BURKE, 1).inner_text()
    nb.screenshot("fudge-table-1-1280x800-english")

    # Dansk: every word changes in place.
    _select(nb, "iw-language", "Dansk")
    _contains(nb, "iw-fudge-tabs", "Konflikt")
    _contains(nb, f"iw-fudge-track-{BURKE}", "Fornuft")
    assert "Fortryd" in nb.widget("iw-undo-fudge").inner_text()
    sheets = _rect(nb, class_selector("iw-fudge-sheets"))
    play = _rect(nb, class_selector("iw-fudge-play"))
    assert play["left"] >= sheets["right"] - 1, (sheets, play)  # side by side at 1280
    assert play["top"] < SMALL_SCREEN["height"] and sheets["top"] < SMALL_SCREEN["height"]
    nb.screenshot("fudge-table-2-1280x800-dansk")

    # A new argument on the conflict tab: active opposition, both faces typed with Enter.
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Konflikt").click()
    open_argument(nb)
    _contains(nb, "iw-fudge-before", "Før nogen slår")
    _contains(nb, "iw-fudge-before", "Mr. Burke vinder")  # the chance, before the roll
    # Hale still has a scratch from the notebook's argument: one penalty die, four faces.
    _contains(nb, "iw-fudge-before", "Director Hale: 1 strafterning (skrammer)")
    _type_enter(nb, "iw-faces-conflict", "0 0 0 / + + + +")
    _contains(nb, "iw-fudge-conflict-result", "✔ Director Hale vinder")
    nb.click(f"iw-fudge-lih-{BURKE}")
    _contains(nb, "iw-fudge-round", "Runde 1")

    # Round 1: intentions by Enter, crossing actions against Fornuft.
    _type_enter(nb, f"iw-fudge-intent-{BURKE}", "få Hale til at lytte")
    _type_enter(nb, f"iw-fudge-intent-{HALE}", "ydmyge Burke")
    _contains(nb, f"iw-fudge-party-{HALE}", "ydmyge Burke")
    for who, skill in ((BURKE, "arguing (2)"), (HALE, "arguing (3)")):
        _select(nb, f"iw-fudge-act-skill-{who}", skill)
        _select(nb, f"iw-fudge-ability-{who}", "Fornuft")
        nb.click(f"iw-fudge-declare-{who}")
    _contains(nb, "iw-fudge-declared", "Director Hale: Tværgående mod Mr. Burke")
    # Hale won by 4, so he starts with 4 bonus dice: shown before anyone rolls.
    _contains(nb, "iw-fudge-round-before", "Director Hale: 4 bonusterninger")
    _plot_in_view(nb)
    points = nb.page.evaluate(_STEADY_POINTS_JS)

    # A wrong count of faces is explained beside the box, and goes at the next attempt.
    _type_enter(nb, "iw-faces-round", "0 0 0 / + +")
    error = nb.page.locator(f"{TABLE} .iw-dice-entry-round .iw-entry-error .iw-msg--error")
    error.wait_for(timeout=10_000)
    assert "Director Hale" in error.inner_text()
    assert nb.page.evaluate(_FOCUS_JS)["tag"] == "input"  # still in the box, to fix it
    # Burke 2 + 0 = 2; Hale keeps + + 0 of seven dice: 3 + 2 = 5. Burke loses by 3.
    _type_enter(nb, "iw-faces-round", "0 0 0 / + + 0 0 0 - -")
    _contains(nb, "iw-fudge-round-result", "niveau 3-sår på Fornuft → niveau 3")
    error.wait_for(state="detached", timeout=10_000)

    # The track: level 3 filled, with the ability written in it (never colour alone).
    from playwright.sync_api import expect

    level3 = _slot(nb, BURKE, 3)
    expect(level3).to_have_class(re.compile("iw-track-slot--filled"), timeout=10_000)
    expect(level3).to_contain_text("Fornuft", timeout=10_000)
    expect(level3).to_contain_text("■")
    expect(_slot(nb, BURKE, 2)).to_contain_text("fri", timeout=10_000)
    # Next round's penalty die, before anyone rolls; the plot gained the point.
    _contains(nb, "iw-fudge-next-round", "Runde 2, før nogen slår")
    _contains(nb, "iw-fudge-next-round", "Mr. Burke: 1 strafterning (skrammer)")
    _wait_for_points(nb, points + 1)
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.screenshot("fudge-table-3-1280x800-round-dansk")
    nb.screenshot_widget(f"iw-fudge-sheet-{BURKE}", "fudge-table-4-burke-sheet-dansk")

    # The round panel by keys: Tab reaches every control in reading order.
    hurt = class_selector("iw-fudge-hurt")
    controls: list[dict[str, Any]] = nb.page.evaluate(_TABBABLE_JS, hurt)
    # 9 per party, then who joins and "Gå med i kampen"; the dice wait for declarations.
    assert len(controls) == 20, controls
    assert "Gå med i kampen" in controls[-1]["text"], controls[-1]
    nb.page.locator(f"{hurt} [data-iw-tab='0']").focus()
    reached = [nb.page.evaluate(_ACTIVE_TAB_JS)]
    for _ in range(len(controls) - 1):
        nb.page.keyboard.press("Tab")
        reached.append(nb.page.evaluate(_ACTIVE_TAB_JS))
    assert reached == list(range(len(controls))), [
        (i, controls[i]["text"] if i is not None else None) for i in reached
    ]

    # Undo takes the round back everywhere at once; redo restores it.
    nb.press(nb.widget("iw-undo-fudge"), "Enter")
    nb.page.wait_for_function(
        f"() => !document.querySelector(\".iw-fudge-track-{BURKE} li[data-level='2']\")"
        ".classList.contains('iw-track-slot--filled')",
        timeout=10_000,
    )
    _wait_for_points(nb, points)
    focus = nb.page.evaluate(_FOCUS_JS)
    assert focus["outlineWidth"] >= 3 and focus["outlineStyle"] == "solid", focus
    nb.screenshot_widget("iw-fudge-plot", "fudge-table-4b-plot-after-undo")
    nb.click("iw-redo-fudge")
    _contains(nb, f"iw-fudge-track-{BURKE}", "Fornuft")
    _wait_for_points(nb, points + 1)

    assert _serious_axe_violations(nb) == []
    nb.page.set_viewport_size(TALL_SCREEN)
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.page.wait_for_timeout(300)
    nb.screenshot("fudge-table-5-tall-dansk")

    # Back to English: the same round, in other words.
    _select(nb, "iw-language", "English")
    _contains(nb, "iw-fudge-next-round", "Mr. Burke: 1 penalty die (scratches)")
    assert "Reason" in _slot(nb, BURKE, 3).inner_text()
    nb.page.wait_for_timeout(300)
    nb.screenshot("fudge-table-6-tall-english")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.page.wait_for_timeout(300)
    nb.screenshot("fudge-table-7-1280x800-round-english")
    nb.assert_no_errors()


def test_the_conflict_panel_and_a_toggle_by_keys(notebook: OpenNotebook) -> None:
    nb = notebook("03-fudge-conflict.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Conflict").click()
    _contains(nb, "iw-fudge-conflict-result", "Mr. Burke")  # the notebook's last conflict

    # Tab from the first control of the conflict panel to the last, in reading order.
    root = class_selector("iw-fudge-conflict")
    controls: list[dict[str, Any]] = nb.page.evaluate(_TABBABLE_JS, root)
    assert len(controls) == 8, controls  # the passive form and Open (no conflict open)
    natives = {"button", "select", "summary"}
    odd = [c for c in controls if c["tag"] not in natives and c["type"] not in ("text", "number")]
    assert odd == [], odd  # each is a control Enter or Space operates natively
    nb.page.locator(f"{root} [data-iw-tab='0']").focus()
    reached = [nb.page.evaluate(_ACTIVE_TAB_JS)]
    for _ in range(len(controls) - 1):
        nb.page.keyboard.press("Tab")
        reached.append(nb.page.evaluate(_ACTIVE_TAB_JS))
    assert reached == list(range(len(controls))), [
        (i, controls[i]["text"] if i is not None else None) for i in reached
    ]

    # The photocell again, by keys: a select takes a typed letter, Enter opens and rolls.
    kind = nb.widget("iw-fudge-kind").locator("select")
    kind.focus()
    nb.page.keyboard.press("p")  # Passive opposition
    _select(nb, "iw-fudge-actor", "Mr. Burke")
    _select(nb, "iw-fudge-skill", "sneak (2)")
    nb.widget("iw-fudge-open").focus()
    focus = nb.page.evaluate(_FOCUS_JS)
    assert focus["outlineWidth"] >= 3 and focus["outlineStyle"] == "solid", focus
    nb.page.keyboard.press("Enter")
    _contains(nb, "iw-fudge-before", "Chance of success: 63%")
    # Open is now disabled: the keyboard has moved on to the dice box, so the faces are
    # typed without a click; after the roll it moves on to Let it hurt.
    from playwright.sync_api import expect

    faces = nb.widget("iw-faces-conflict").locator("input")
    expect(faces).to_be_focused(timeout=10_000)
    nb.page.keyboard.type("0 0 0")
    nb.page.keyboard.press("Enter")
    _contains(nb, "iw-fudge-conflict-result", "✔ Success")
    expect(nb.widget(f"iw-fudge-lih-{BURKE}")).to_be_focused(timeout=10_000)
    assert nb.page.evaluate(_FOCUS_JS)["outlineWidth"] >= 3

    # Space on an equipment toggle presses it, in words and in aria-pressed.
    toggle = nb.page.locator(f".iw-fudge-sheet-{BURKE} .iw-fudge-equipment button")
    assert toggle.get_attribute("aria-pressed") == "false"
    nb.press(toggle, "Space")
    nb.page.wait_for_function(
        f"() => document.querySelector('.iw-fudge-sheet-{BURKE} .iw-fudge-equipment button')"
        ".getAttribute('aria-pressed') === 'true'",
        timeout=10_000,
    )
    assert toggle.inner_text().startswith("✔ Wearable AI")
    nb.screenshot_widget(f"iw-fudge-sheet-{BURKE}", "fudge-table-8-toggle-pressed")
    nb.assert_no_errors()


def test_the_assistance_chain_builder_passes_a_typed_roll_on(notebook: OpenNotebook) -> None:
    nb = notebook("03-fudge-conflict.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    # Burke holds on, passively; a scavenger helps him first.
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Conflict").click()
    _select(nb, "iw-fudge-actor", "Mr. Burke")
    _select(nb, "iw-fudge-skill", "holding on (1)")
    nb.click("iw-fudge-open")
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Assistance chain").click()
    _select(nb, "iw-fudge-helper", "Scavenger Ota")
    _select(nb, "iw-fudge-helper-skill", "holding on (3)")
    _select(nb, "iw-fudge-helps", "Mr. Burke")
    _contains(nb, "iw-fudge-chain-before", "Chance of passing bonus dice on:")
    _type_enter(nb, "iw-faces-assist", "+ 0 0")
    _contains(nb, "iw-fudge-chain-list", "Scavenger Ota passes")
    _contains(nb, "iw-fudge-chain-list", "for Mr. Burke")
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    nb.page.wait_for_timeout(300)
    nb.screenshot("fudge-table-9-1280x800-chain")
    assert _serious_axe_violations(nb) == []
    nb.assert_no_errors()
