"""The house-rules editor at a Danish table, by keys, in a real JupyterLab (port 8971).

The GM opens **House rules** in the toolbar with Enter, filters to DK-A11 by typing,
tabs to the setting's toggle and flips it with Space: the row says what changed in
words, and the session log shows the journaled change. Saving writes the file; loading
a broken file shows the kit's message in the panel and changes nothing (the journal
keeps its length). axe finds nothing critical or serious in the open editor; focus is
visible on the toggle. Screenshot at 1280×800:
``tests/browser/screenshots/house-rules-1280x800.png``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from lab import LabServer, Notebook, copy_notebooks
from test_accessibility import AxeReport, _axe

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]
PORT = 8971
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


@pytest.fixture(scope="module")
def lab_server(
    browser_ready: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LabServer]:
    """This module's own JupyterLab, on the port given to the house-rules work."""
    root = copy_notebooks(tmp_path_factory.mktemp("house-rules-root"))
    workdir = tmp_path_factory.mktemp("house-rules-server")
    with LabServer(root=root, workdir=workdir, nodelay=True, port=PORT) as server:
        yield server


def _journal_length(nb: Notebook) -> int:
    return int(nb.execute("print(len(game.journal))").strip())


def test_house_rules_by_keyboard_save_and_a_broken_file(notebook: OpenNotebook) -> None:
    from playwright.sync_api import expect

    nb = notebook("house_rules.ipynb")
    nb.run_all()
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})

    toggle = page.locator(".iw-rules-toggle-fudge button")
    toggle.focus()
    page.keyboard.press("Enter")
    editor = page.locator(EDITOR)
    expect(editor).to_contain_text("32 settings, 0 changed from default", timeout=20_000)
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
        "lasting_penalties_stack: False → True", timeout=10_000
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
    report.add("editor open, filtered, one setting changed, a broken file refused", _axe(nb))
    report.save()
    print(report.summary())
    assert not report.refused(), "\n".join([report.summary(), *report.lines()])
