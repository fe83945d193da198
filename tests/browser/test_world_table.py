"""The Watch the World Die table in JupyterLab, by clicks and keys (issue 14).

The notebook plays a whole game to the Great Dying in code; its last table is a
fresh world for the reader. On that one, at 1280×800 with the file browser open:
begin with the form (Enter in the players box), play a Make It Worse turn with
typed faces and Enter (a wrong face and a letter each explained beside the box,
the explanation gone at the next attempt), a chain of three Events shown as a
chain as it happens, a Relieve It whose shop says what is out of reach and why,
two purchases that spend every Response Point, the year-end check with its exact
chance shown before the roll; then the chronicle, the Pressure track and the
chart (a point per step, a marker shape per Event type named in the legend, the
new year's dotted line). axe finds nothing critical or serious.
Screenshots: ``tests/browser/screenshots/world-table-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lab import Notebook

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

NOTEBOOK = "04-watch-the-world-die.ipynb"
SMALL_SCREEN = {"width": 1280, "height": 800}
TALL_SCREEN = {"width": 1280, "height": 2400}
FRESH = ".iw-wtwd-table >> nth=-1"  # the notebook's last table: a world not begun
FINISHED = ".iw-wtwd-table >> nth=0"  # the game played to the Great Dying

_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  const box = el.closest('.jupyter-widgets, .iw-submit-text') || el;
  return {
    tag: el.tagName.toLowerCase(),
    classes: Array.from(box.classList).concat(Array.from(el.classList)),
    outlineWidth: parseFloat(style.outlineWidth) || 0,
    outlineStyle: style.outlineStyle,
  };
}
"""

# Every control a keyboard can reach in the fresh table's turn and side columns, in DOM
# (reading) order; each is marked with its index for the walk.
_TABBABLE_JS = """
() => {
  const tables = document.querySelectorAll('.iw-wtwd-table');
  const main = tables[tables.length - 1].querySelector('.iw-wtwd-main');
  const selector = 'button, input, select, textarea, summary, [tabindex]';
  const found = Array.from(main.querySelectorAll(selector))
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
      && getComputedStyle(el).visibility !== 'hidden');
  found.forEach((el, i) => el.setAttribute('data-iw-tab', String(i)));
  return found.map((el) => ({
    tag: el.tagName.toLowerCase(),
    type: el.type || '',
    name: (el.getAttribute('aria-label') || (el.labels && el.labels[0]
      && el.labels[0].innerText) || el.innerText || el.title || '').trim().slice(0, 40),
  }));
}
"""

_ACTIVE_TAB_JS = """
() => {
  const el = document.activeElement;
  return el && el.hasAttribute('data-iw-tab') ? Number(el.getAttribute('data-iw-tab')) : null;
}
"""

_RECT_JS = """
(el) => { const r = el.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }
"""

_CHART_JS = """
(root) => {
  const plot = root.querySelector('.js-plotly-plot');
  if (!plot || !plot.data) return null;
  return {
    traces: plot.data.map((t) => ({name: t.name, points: (t.x || []).length,
      symbol: (t.marker || {}).symbol})),
    shapes: ((plot.layout || {}).shapes || []).length,
    notes: ((plot.layout || {}).annotations || []).map((a) => a.text),
    legend: Array.from(plot.querySelectorAll('.legendtext')).map((t) => t.textContent),
    label: (root.querySelector('[aria-label^="Chart of Pressure"]') || plot)
      .getAttribute('aria-label'),
  };
}
"""


def _fresh(nb: Notebook, selector: str) -> Any:
    """The element matching ``selector`` inside the fresh table."""
    return nb.page.locator(FRESH).locator(selector)


def _contains(nb: Notebook, selector: str, text: str) -> None:
    from playwright.sync_api import expect

    expect(_fresh(nb, selector)).to_contain_text(text, timeout=10_000)


def _focus(nb: Notebook) -> dict[str, Any]:
    found: dict[str, Any] = nb.page.evaluate(_FOCUS_JS)
    return found


def _wait_for_focus(nb: Notebook, css_class: str) -> dict[str, Any]:
    nb.page.wait_for_function(
        "cls => { const el = document.activeElement; return !!el && !!el.closest('.' + cls); }",
        arg=css_class,
        timeout=10_000,
    )
    return _focus(nb)


def _type_enter(nb: Notebook, css_class: str, text: str) -> None:
    """Click into the box, type ``text`` key by key, press Enter: as at the table."""
    box = _fresh(nb, f".{css_class} input")
    box.click()
    box.fill("")
    box.press_sequentially(text)
    box.press("Enter")


def _serious_axe_violations(nb: Notebook) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(nb.page, context=".iw-wtwd-table")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]


def _chart(nb: Notebook, panel: Any, *, shapes: int) -> dict[str, Any]:
    """What the chart in ``panel`` has drawn, once it shows ``shapes`` year lines (looked at
    on screen, as a person would: plotly draws a figure when its view is shown)."""
    panel.scroll_into_view_if_needed()
    found: dict[str, Any] | None = None
    for _ in range(100):
        found = panel.evaluate(_CHART_JS)
        if found is not None and found["shapes"] == shapes:
            return found
        nb.page.wait_for_timeout(200)
    raise AssertionError(f"the chart never showed {shapes} year lines: {found}")


def _show(nb: Notebook, selector: str) -> None:
    _fresh(nb, selector).first.scroll_into_view_if_needed()
    nb.page.wait_for_timeout(300)


def test_a_year_at_the_table_by_typed_faces_and_enter(notebook: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = notebook(NOTEBOOK)
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()

    # The played game's table: over, with the Great Dying in the chronicle.
    finished = nb.page.locator(FINISHED)
    expect(finished.locator(".iw-wtwd-chronicle-view")).to_contain_text(
        "The Great Dying begins in 2021; Ana narrates how humanity ends", timeout=10_000
    )

    # Begin the fresh world: the apocalypse picked, the names typed, Enter.
    _show(nb, ".iw-wtwd-setup")
    _fresh(nb, ".iw-wtwd-apocalypse select").select_option(label="Climate Chaos")
    _type_enter(nb, "iw-wtwd-players-box", "Ana, Ben, Chidi, Dana")
    _contains(nb, ".iw-wtwd-players-view", "▶ Ana")
    expect(_fresh(nb, ".iw-wtwd-setup")).to_be_hidden(timeout=10_000)
    _contains(nb, ".iw-wtwd-relieve-reason", "Relieve It is off: Pressure is 0")
    expect(_fresh(nb, ".iw-roll-relieve")).to_be_disabled()

    # A wrong face and a letter are explained beside the box; the next attempt clears it.
    _show(nb, ".iw-wtwd-main")
    _type_enter(nb, "iw-faces-worse", "7")
    error = _fresh(nb, ".iw-dice-entry-worse .iw-entry-error .iw-msg--error")
    error.wait_for(timeout=10_000)
    assert "7" in error.inner_text()
    _type_enter(nb, "iw-faces-worse", "x")
    nb.page.wait_for_function(
        "sel => { const e = document.querySelectorAll(sel); const last = e[e.length - 1];"
        " return !!last && last.innerText.includes('x') && !last.innerText.includes('7'); }",
        arg=".iw-dice-entry-worse .iw-entry-error .iw-msg--error",
        timeout=10_000,
    )
    nb.screenshot("world-table-1-refused-face-beside-the-box")

    # Ana: Climate (1); the Event form comes up with the focus on its list.
    _type_enter(nb, "iw-faces-worse", "1")
    error.wait_for(state="detached", timeout=10_000)
    _contains(nb, ".iw-wtwd-event-form", "Create a Climate Event (rolled 1)")
    focus = _wait_for_focus(nb, "iw-wtwd-event-entry")
    assert focus["tag"] == "select"
    assert focus["outlineWidth"] >= 3 and focus["outlineStyle"] == "solid", focus
    _fresh(nb, ".iw-wtwd-event-entry select").select_option(label="Extreme Heat/Drought")
    _type_enter(nb, "iw-wtwd-region", "the Sahel")
    _type_enter(nb, "iw-wtwd-details", "a third summer without rain")
    _contains(nb, ".iw-wtwd-dice-label", "it chains on 1 2 3 4")
    assert "iw-faces-turn" in _wait_for_focus(nb, "iw-faces-turn")["classes"]

    # The chain, one die at a time: 2 (Ecosystem), 3 (Resources), 6 ends it.
    _type_enter(nb, "iw-faces-turn", "2")
    _contains(nb, ".iw-wtwd-event-form", "Create an Ecosystem Event (rolled 2)")
    _fresh(nb, ".iw-wtwd-event-entry select").select_option(label="Epidemic/Plague/Parasite")
    _type_enter(nb, "iw-wtwd-region", "the Sahel")
    _type_enter(nb, "iw-wtwd-details", "cholera in the camps")
    _type_enter(nb, "iw-faces-turn", "3")
    _type_enter(nb, "iw-wtwd-region", "the Horn of Africa")
    _type_enter(nb, "iw-wtwd-details", "the harvests fail")
    _contains(nb, ".iw-wtwd-chain-view", "↳ rolled 3: Resources: Famine/Starvation")
    nb.screenshot("world-table-2-chain-as-it-happens")
    _type_enter(nb, "iw-faces-turn", "6")
    chain = _fresh(nb, ".iw-wtwd-chain-view")
    expect(chain).to_contain_text("the chain ends (chaining roll 6)", timeout=10_000)
    said = chain.inner_text()
    assert said.count("↳") == 2 and "event-" not in said
    _contains(nb, ".iw-wtwd-pressure-track", "6")
    _contains(nb, ".iw-wtwd-players-view", "▶ Ben")

    # Ben relieves: 4 and 3 with Pressure 6 make 13 RP; what is out of reach says why.
    _type_enter(nb, "iw-faces-relieve", "4 3")
    _contains(nb, ".iw-wtwd-rp", "13 RP · spent 0 · 13 left")
    dear = _fresh(nb, ".iw-wtwd-response-17")
    expect(dear).to_be_disabled()
    expect(dear).to_contain_text("needs 17 RP, 13 left", timeout=10_000)
    assert dear.inner_text().startswith("⊘")
    _fresh(nb, ".iw-wtwd-response-10").click()
    _contains(nb, ".iw-wtwd-picked", "Picked: ✔ 10 RP · Prepping/Caching/Hoarding")
    assert "iw-wtwd-response-details" in _wait_for_focus(nb, "iw-wtwd-response-details")["classes"]
    box = _fresh(nb, ".iw-wtwd-response-details input")
    box.press_sequentially("everyone fills a cellar")
    box.press("Enter")
    _contains(nb, ".iw-wtwd-rp", "spent 10 · 3 left")
    expect(_fresh(nb, ".iw-wtwd-response-4")).to_contain_text("needs 4 RP, 3 left")
    nb.screenshot("world-table-3-shop-three-left")
    # The last 3 RP: the year ends, and its exact chance is shown before the roll.
    nb.press(_fresh(nb, ".iw-wtwd-response-3"), "Enter")
    _wait_for_focus(nb, "iw-wtwd-response-details")
    nb.page.keyboard.type("street protests")
    nb.page.keyboard.press("Enter")
    _contains(nb, ".iw-wtwd-chance-view", "3 Events this year")
    _contains(nb, ".iw-wtwd-chance-view", "Chance: 1/36 = 2.8%")
    expect(_fresh(nb, ".iw-roll-year-end")).to_be_enabled()
    _show(nb, ".iw-wtwd-year-end")
    nb.screenshot("world-table-4-year-end-chance-before-the-roll")
    _type_enter(nb, "iw-faces-year-end", "1 2")
    _contains(nb, ".iw-wtwd-verdict-view", "survived (3 against 3 Events)")
    _contains(nb, ".iw-wtwd-calendar", "Year 2021")
    _contains(nb, ".iw-wtwd-players-view", "▶ Chidi")

    # The Pressure track, the chronicle and the chart of the whole year.
    _contains(nb, ".iw-wtwd-pressure-track", "the next turn must Make It Worse")
    story = _fresh(nb, ".iw-wtwd-chronicle-view")
    expect(story).to_contain_text("2020: 3 Events — survived (3 against 3 Events)")
    text = story.inner_text()
    for step in (
        "Turn 1 · Ana · Make It Worse",
        "↳ rolled 2: Ecosystem: Epidemic/Plague/Parasite, the Sahel — cholera in the camps",
        "Turn 2 · Ben · Relieve It",
        "Prepping/Caching/Hoarding (10 RP): everyone fills a cellar; 3 RP left (Pressure 6)",
        "year end: 2d6 (1 2) = 3 against 3 Events; the world lives on",
    ):
        assert step in text, (step, text)
    chart = _chart(nb, _fresh(nb, ".iw-wtwd-chart-panel"), shapes=1)
    traces = {t["name"]: t for t in chart["traces"]}
    steps = traces["Pressure"]["points"]
    assert steps == 7, chart  # start, three Events, the chain's end, the year end, 2021
    assert traces["1 Climate"]["points"] == 1 and traces["1 Climate"]["symbol"] == "circle"
    assert traces["2 Ecosystem"]["symbol"] == "square"
    assert traces["3 Resources"]["symbol"] == "diamond"
    assert traces["Year-end roll"]["points"] == 1
    assert chart["notes"] == ["2021 →"]
    # The legend names each shape drawn (plotly lists a trace once it has a point).
    assert {"1 Climate", "2 Ecosystem", "3 Resources", "Year-end roll"} <= set(chart["legend"])
    assert chart["label"] and "Chart of Pressure over 7 steps" in chart["label"]
    _show(nb, ".iw-wtwd-chart")
    nb.screenshot("world-table-5-chart-and-chronicle")

    # Undo takes back exactly the year-end roll, everywhere at once; the message says what.
    _fresh(nb, ".iw-undo").click()
    info = _fresh(nb, ".iw-msg--info")
    info.wait_for(timeout=10_000)
    assert "undone: end of 2020" in info.inner_text()
    _contains(nb, ".iw-wtwd-calendar", "Year 2020")
    expect(_fresh(nb, ".iw-roll-year-end")).to_be_enabled()
    undone = _chart(nb, _fresh(nb, ".iw-wtwd-chart-panel"), shapes=0)
    assert {t["name"]: t["points"] for t in undone["traces"]}["Pressure"] == steps - 2
    _fresh(nb, ".iw-wtwd-chart").screenshot(path=str(nb.screenshot("world-table-5b-chart-undone")))
    expect(story).not_to_contain_text("the world lives on")
    # ...and the next action clears that message.
    _type_enter(nb, "iw-faces-year-end", "1 2")
    info.wait_for(state="detached", timeout=10_000)
    _contains(nb, ".iw-wtwd-calendar", "Year 2021")

    assert _serious_axe_violations(nb) == []
    nb.page.set_viewport_size(TALL_SCREEN)
    nb.page.locator(FRESH).scroll_into_view_if_needed()
    nb.page.evaluate(
        "() => { const t = document.querySelectorAll('.iw-wtwd-table');"
        " t[t.length - 1].scrollIntoView(); }"
    )
    nb.page.wait_for_timeout(400)
    nb.screenshot("world-table-6-tall")
    nb.page.evaluate("() => document.querySelector('.iw-wtwd-table').scrollIntoView()")
    nb.page.wait_for_timeout(400)
    nb.screenshot("world-table-7-tall-finished-game")
    nb.assert_no_errors()


def test_at_1280_by_800_the_turn_and_the_shop_are_side_by_side(notebook: OpenNotebook) -> None:
    nb = notebook(NOTEBOOK)
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    _fresh(nb, ".iw-wtwd-apocalypse select").select_option(label="Climate Chaos")
    _type_enter(nb, "iw-wtwd-players-box", "Ana, Ben")
    _type_enter(nb, "iw-faces-worse", "5")  # Politics: no chain
    _contains(nb, ".iw-wtwd-event-form", "Create a Political Event")
    _type_enter(nb, "iw-wtwd-region", "France")
    _type_enter(nb, "iw-wtwd-details", "curfews")
    _contains(nb, ".iw-wtwd-players-view", "▶ Ben")
    _type_enter(nb, "iw-faces-relieve", "2 2")  # 9 RP
    _contains(nb, ".iw-wtwd-rp", "9 RP")
    nb.page.evaluate(
        "() => { const t = document.querySelectorAll('.iw-wtwd-main');"
        " t[t.length - 1].scrollIntoView(); }"
    )
    nb.page.wait_for_timeout(300)
    turn = _fresh(nb, ".iw-wtwd-turn-column").evaluate(_RECT_JS)
    side = _fresh(nb, ".iw-wtwd-side-column").evaluate(_RECT_JS)
    assert side["left"] >= turn["right"] - 1, (turn, side)
    rp = _fresh(nb, ".iw-wtwd-rp").evaluate(_RECT_JS)
    shop = _fresh(nb, ".iw-wtwd-shop-list").evaluate(_RECT_JS)
    height = SMALL_SCREEN["height"]
    for rect in (rp, turn, shop):
        assert rect["bottom"] > 0 and rect["top"] < height, rect
    nb.screenshot("world-table-8-1280x800-turn-beside-shop")

    # Tab from the first control to the last: every control, in reading order, each named.
    controls: list[dict[str, Any]] = nb.page.evaluate(_TABBABLE_JS)
    # 9 RP: the nine Responses within reach, then the details box (Buy waits for a pick,
    # Done for a purchase, the year end's roll for its turn: switched off, out of the walk),
    # then the year end's forecast toggle, which answers at any time between turns.
    assert [c["name"].split(" · ")[0] for c in controls[:9]] == [f"{n} RP" for n in range(1, 10)]
    assert controls[9]["type"] == "text" and len(controls) == 11, controls
    assert "When does the Great Dying come?" in controls[10]["name"], controls[10]
    assert all(c["name"] for c in controls), [c for c in controls if not c["name"]]
    natives = {"button", "select", "summary"}
    odd = [c for c in controls if c["tag"] not in natives and c["type"] != "text"]
    assert odd == [], odd
    nb.page.locator(".iw-wtwd-main [data-iw-tab='0'] >> nth=-1").focus()
    reached = [nb.page.evaluate(_ACTIVE_TAB_JS)]
    for _ in range(len(controls) - 1):
        nb.page.keyboard.press("Tab")
        reached.append(nb.page.evaluate(_ACTIVE_TAB_JS))
    assert reached == list(range(len(controls))), [
        (i, controls[i]["name"] if i is not None else None) for i in reached
    ]
    # Space on a Response picks it; the focus goes on to its details box.
    nb.press(_fresh(nb, ".iw-wtwd-response-4"), "Space")
    focus = _wait_for_focus(nb, "iw-wtwd-response-details")
    assert focus["outlineWidth"] >= 3, focus
    _contains(nb, ".iw-wtwd-picked", "Picked: ✔ 4 RP")
    nb.assert_no_errors()
