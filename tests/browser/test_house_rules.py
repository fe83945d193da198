"""The house-rules editor at a Danish table, by keys, in a real JupyterLab (port 8971).

The GM opens **More** then **House rules** in the toolbar with Enter, filters to DK-A11 by typing,
tabs to the setting's toggle and flips it with Space: the row says what changed in
words, and the session log shows the journaled change. Saving writes the file; loading
a broken file shows the kit's message in the panel and changes nothing (the journal
keeps its length). axe finds nothing critical or serious in the open editor; focus is
visible on the toggle. Screenshot at 1280×800:
``tests/browser/screenshots/house-rules-1280x800.png``.

The same server also opens the designers' odds lab on its own (``odds_lab.ipynb``,
not the whole ``05-odds-lab.ipynb``, whose kernel was too slow to start on a loaded
machine): the Danish system picked by keys, Tab through the controls to Compare,
Enter, the bar full, the table and the chart drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

import pytest
from axe_check import AxeReport, axe
from lab import Notebook

if TYPE_CHECKING:
    from playwright.sync_api import Locator

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]
EDITOR = ".iw-rules-fudge"

_FOCUSED_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const style = getComputedStyle(el);
  const row = el.closest('.iw-rule');
  return {tag: el.tagName.toLowerCase(), text: (el.innerText || el.value || '').trim(),
          row: row ? Array.from(row.classList).join(' ') : '',
          outline: parseFloat(style.outlineWidth) || 0, outlineStyle: style.outlineStyle};
}
"""


def _journal_length(nb: Notebook) -> int:
    return int(nb.execute("print(len(game.journal))").strip())


def test_house_rules_by_keyboard_save_and_a_broken_file(notebook: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = notebook("house_rules.ipynb")
    nb.run_all()
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})

    # House rules wait behind the toolbar's More, with the other rarer controls.
    more = page.locator(".iw-more-toggle-fudge button")
    more.focus()
    page.keyboard.press("Enter")
    expect(more).to_have_attribute("aria-expanded", "true", timeout=10_000)
    toggle = page.locator(".iw-rules-toggle-fudge button")
    # The More row is shown by the kernel: on a loaded machine the toggle is still hidden
    # a moment after More says it is open, and a hidden button takes no focus (the Enter
    # would go to the notebook).
    expect(toggle).to_be_visible(timeout=20_000)
    toggle.focus()
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    editor = page.locator(EDITOR)
    expect(editor).to_contain_text("32 settings, 0 changed from default", timeout=30_000)
    expect(toggle).to_have_attribute("aria-expanded", "true")

    page.locator(f"{EDITOR} .iw-rules-filter-fudge input").focus()
    page.keyboard.type("DK-A11")
    expect(editor).to_contain_text("showing 1 of 32", timeout=10_000)
    for _ in range(12):  # Tab through the file row to the only row shown
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED_JS)
        if "iw-rule-lasting_penalties_stack" in focused["row"]:
            break
    assert "lasting penalties stack" in focused["text"], focused
    assert focused["outline"] >= 2 and focused["outlineStyle"] != "none", focused
    before = _journal_length(nb)
    page.keyboard.press("Space")
    row = page.locator(f"{EDITOR} .iw-rule-lasting_penalties_stack")
    expect(row).to_contain_text("changed from default: off", timeout=10_000)
    expect(row.locator("button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".iw-log")).to_contain_text(
        "lasting penalties stack: off → on", timeout=10_000
    )
    assert _journal_length(nb) == before + 1
    expect(editor).to_contain_text("1 changed from default")

    path_box = page.locator(f"{EDITOR} .iw-rules-file-fudge input")
    path_box.fill("house-rules.toml")
    page.locator(f"{EDITOR} .iw-rules-save-fudge").focus()
    page.keyboard.press("Enter")
    expect(page.locator(f"{EDITOR} .iw-messages")).to_contain_text(
        "saved the house rules to", timeout=10_000
    )
    assert "lasting_penalties_stack = true" in nb.execute(
        "print(Path('house-rules.toml').read_text())"
    )

    path_box.fill("broken-house-rules.toml")
    page.locator(f"{EDITOR} .iw-rules-load-fudge").focus()
    before = _journal_length(nb)
    page.keyboard.press("Enter")
    alert = page.locator(f"{EDITOR} .iw-msg--error")
    expect(alert).to_contain_text("cannot be 'best'", timeout=10_000)
    expect(alert).to_have_attribute("role", "alert")
    assert _journal_length(nb) == before
    expect(row).to_contain_text("changed from default: off")

    editor.scroll_into_view_if_needed()
    page.locator(f"{EDITOR} .iw-rules-title").scroll_into_view_if_needed()
    nb.screenshot("house-rules-1280x800")
    nb.screenshot_widget("iw-rules-fudge", "house-rules-editor")

    report = AxeReport("house-rules")
    report.add("editor open, filtered, one setting changed, a broken file refused", axe(nb))
    report.save()
    print(report.summary())
    assert not report.refused(), "\n".join([report.summary(), *report.lines()])


# --- the designers' odds lab, in its own small notebook -------------------------------

LAB = ".iw-odds-lab"
DANISH = "Danish Fudge-dice conflict system"
DANISH_SYSTEM = "fudge_conflict"
DANISH_QUESTION = "result"  # the Danish system's first question: the lab's default
LAB_CONTROLS = ["System", "Question", "Setting", "Reading A", "Reading B", "Sizes from", "to"]
"""The lab's controls in visual order (rows left to right, top to bottom), then Compare."""

_LAB_FOCUS_JS = """
() => {
  const el = document.activeElement;
  if (!el) return null;
  const box = el.closest('.widget-inline-hbox');
  const label = box ? box.querySelector('.widget-label') : null;
  const rect = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  return {tag: el.tagName.toLowerCase(), inLab: !!el.closest('.iw-odds-lab'),
          name: (label && label.textContent.trim()) || (el.innerText || '').trim(),
          x: rect.left, y: rect.top, height: rect.height,
          outline: parseFloat(style.outlineWidth) || 0, outlineStyle: style.outlineStyle};
}
"""


def _shown(select: Locator) -> str:
    """The text of a ``<select>``'s chosen option, as the person reads it (ipywidgets
    writes an option's spaces as no-break spaces)."""
    shown = select.evaluate("(s) => s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].text")
    return str(shown).replace("\xa0", " ")


def _danish_expectations() -> tuple[str, int, int]:
    """From the rules, not the page: the default question's label, how many answers the
    lab's sweep asks (every size from the grid's first to its last, under two readings),
    and how many lines its chart draws (each outcome a reading gives at some size)."""
    from isowidgets.rules.fudge_conflict import FudgeGame
    from isowidgets.widgets.odds_lab import two_readings

    assert next(iter(FudgeGame.odds_questions)) == DANISH_QUESTION
    asked = FudgeGame.odds_questions[DANISH_QUESTION]
    sizes = range(min(asked.sizes), max(asked.sizes) + 1)  # the lab's "Sizes from … to"
    readings = two_readings(DANISH_SYSTEM, DANISH_QUESTION).values()
    lines = 0
    for changes in readings:
        settings = FudgeGame.settings_type().updated(**changes)
        outcomes: set[str] = set()
        for size in sizes:
            outcomes |= set(FudgeGame.ask_odds(DANISH_QUESTION, size, settings))
        lines += len(outcomes)
    return asked.said()[0], len(sizes) * len(readings), lines


def test_the_odds_lab_sweeps_by_keyboard_with_its_progress_bar(notebook: OpenNotebook) -> None:
    """In the odds-lab panel alone (``odds_lab.ipynb``) the designer picks the Danish
    system by keys, Tabs through the controls in the order they are drawn to Compare
    (focus visible) and presses Enter: the bar fills, the side-by-side table names both
    readings, the chart draws one line per outcome and reading. axe finds nothing
    critical or serious. Screenshots: ``screenshots/odds-lab-1280x800.png`` and the
    whole panel, 1280 wide, ``screenshots/odds-lab-panel.png``."""
    from playwright.sync_api import expect

    label, answers, lines = _danish_expectations()
    nb = notebook("odds_lab.ipynb")
    nb.run_all()
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})
    lab = page.locator(LAB)
    expect(lab).to_be_visible()
    expect(lab).to_contain_text("not swept yet")

    def dropdown(name: str) -> Locator:
        return (
            lab.locator(".widget-dropdown")
            .filter(has=page.locator(".widget-label", has_text=name))
            .locator("select")
        )

    system, question, setting = dropdown("System"), dropdown("Question"), dropdown("Setting")
    # The Danish system is the lab's first: step off it by keys, then pick it again by its
    # first letter (one key: no type-ahead pause to fall into on a loaded machine).
    system.focus()
    page.keyboard.press("ArrowDown")
    expect(question).not_to_contain_text(label, timeout=10_000)
    assert _shown(system) != DANISH
    page.keyboard.press("D")
    expect(question).to_contain_text(label, timeout=10_000)
    assert _shown(system) == DANISH
    assert nb.execute("print(lab.system.value)").strip() == DANISH_SYSTEM
    assert len(nb.cells()) == 2, "a key in the lab reached JupyterLab's notebook shortcuts"
    assert _shown(question) == label
    expect(setting.locator("option", has_text="DK-A04")).to_have_count(1)
    assert _shown(setting).startswith("DK-A04"), _shown(setting)
    first, second = _shown(dropdown("Reading A")), _shown(dropdown("Reading B"))
    assert first and second and first != second, (first, second)

    # Tab from the system through every control to Compare, in the order they are drawn.
    system.focus()
    walk = [page.evaluate(_LAB_FOCUS_JS)]
    for _ in range(len(LAB_CONTROLS) + 3):
        page.keyboard.press("Tab")
        walk.append(page.evaluate(_LAB_FOCUS_JS))
        if walk[-1]["name"] == "Compare" or not walk[-1]["inLab"]:
            break
    names = [step["name"] for step in walk]
    print("Tab walk:", " → ".join(f"{s['name']} ({s['x']:.0f}, {s['y']:.0f})" for s in walk))
    assert names == [*LAB_CONTROLS, "Compare"], names
    for before, after in pairwise(walk):
        same_row = abs(after["y"] - before["y"]) < before["height"] / 2
        assert (same_row and after["x"] > before["x"]) or after["y"] > before["y"], (before, after)
    compare = walk[-1]
    assert compare["tag"] == "button", compare
    assert compare["outline"] >= 2 and compare["outlineStyle"] != "none", compare

    page.keyboard.press("Enter")
    expect(lab).to_contain_text(f"{answers} of {answers} answers", timeout=30_000)
    assert nb.execute("print(lab.progress.value, lab.progress.max)").split() == [
        str(answers),
        str(answers),
    ]
    table = lab.locator(".iw-lab-table")
    expect(table).to_contain_text(first)
    expect(table).to_contain_text(second)
    lab.locator(".js-plotly-plot").scroll_into_view_if_needed()
    page.wait_for_function(
        "(n) => document.querySelectorAll('.iw-odds-lab .scatterlayer .trace').length === n",
        arg=lines,
        timeout=60_000,
    )

    lab.locator(".iw-lab-compare").scroll_into_view_if_needed()
    nb.screenshot("odds-lab-1280x800")
    # The whole panel (controls, table and chart) is taller than 800: a close-up of all of
    # it needs a taller window of the same width (Lab clips what its panel scrolls away).
    page.set_viewport_size({"width": 1280, "height": 2200})
    lab.scroll_into_view_if_needed()
    nb.screenshot_widget("iw-odds-lab", "odds-lab-panel")
    page.set_viewport_size({"width": 1280, "height": 800})
    report = AxeReport("odds-lab")
    report.add("the Danish result question swept under both penalty readings", axe(nb))
    report.save()
    print(report.summary())
    assert not report.refused(), "\n".join([report.summary(), *report.lines()])
