"""GM-only on the GM's page, by keys, in a real JupyterLab (the tour notebook's tray).

Tab to the dice entry's **🔒 GM only** switch and press Space: it says it is on (in its
words and ``aria-pressed``); it covers that entry's next roll, so the toolbar's
session-wide switch stays off. Enter on **Roll** rolls GM-only, and the entry's switch
turns itself off: the log marks the roll **🔒 GM only**, the public projection leaves it
out, and the toolbar, the panel and the log say one action is not shown to the table
yet. Tab to **🔓 Show to table** in the log (it names the roll) and press Enter: the log
says the roll is shown to the table, the public projection holds it, and nothing is held
back any more. What the stream page shows is the stream helper's test; this one checks
the GM's side and the journal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lab import Notebook, class_selector

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

TRAY = class_selector("iw-tray")
ENTRY_GM = f"{TRAY} .iw-dice-entry .iw-gm button"
TOOLBAR_GM = f"{TRAY} .iw-toolbar .iw-gm button"
SHOW = f"{TRAY} .iw-log-disclose"

_FOCUSED_JS = "() => (document.activeElement && document.activeElement.innerText || '').trim()"


def _focused(nb: Notebook) -> str:
    return str(nb.page.evaluate(_FOCUSED_JS))


def test_a_gm_only_roll_by_keys_is_marked_and_shown_to_the_table(
    notebook: OpenNotebook,
) -> None:
    from playwright.sync_api import expect

    nb = notebook("00-tour.ipynb")
    nb.page.set_viewport_size({"width": 1280, "height": 1000})
    nb.run_all()
    nb.widget("iw-dice-entry").scroll_into_view_if_needed()
    nb.execute("tray.note('a public note before the secret')")
    before = int(nb.execute("print(len(tray.journal))"))

    # Tab from the Enter-faces button reaches the GM-only switch; Space presses it.
    nb.widget("iw-enter").focus()  # an ipywidgets Button: its class is on the <button>
    nb.page.keyboard.press("Tab")
    assert _focused(nb) == "○ 🔒 GM only"
    nb.page.keyboard.press("Space")
    switch = nb.page.locator(ENTRY_GM)
    expect(switch).to_have_attribute("aria-pressed", "true", timeout=10_000)
    expect(switch).to_have_text("✔ 🔒 GM only")
    # One roll, not the session: the toolbar's switch stays off.
    expect(nb.page.locator(TOOLBAR_GM)).to_have_attribute("aria-pressed", "false")
    nb.screenshot_widget("iw-dice-entry", "gm-1-switch-on")

    # Shift+Tab back to Roll is long (a box and a button): focus Roll, roll with Enter.
    nb.press(nb.widget("iw-roll"), "Enter")
    expect(nb.widget("iw-log")).to_contain_text("🔒 GM only", timeout=10_000)
    action = int(nb.execute("print(tray.journal.entries[-1].action)"))
    assert nb.execute("print(tray.journal.entries[-1].gm)").strip() == "True"
    public = nb.execute("print([e.action for e in tray.public_entries()])")
    assert str(action) not in public.strip("[]\n").split(", ")
    assert int(nb.execute("print(len(tray.journal))")) == before + 1

    # The switch covered that one roll: off again by itself. What is held back is said
    # on the toolbar, in the panel and in the log, with Show to table beside it.
    expect(switch).to_have_attribute("aria-pressed", "false", timeout=10_000)
    for where in ("iw-held-back", "iw-held-back-tray", "iw-held-back-log"):
        expect(nb.page.locator(f"{TRAY} .{where} .iw-held-status").first).to_contain_text(
            "1 action not shown to the table yet", timeout=10_000
        )
    show = nb.page.locator(SHOW)
    expect(show).to_have_count(1, timeout=10_000)
    expect(show).to_contain_text("🔓 Show to table:")
    expect(show).to_contain_text("rolled")
    nb.widget("iw-log-view").scroll_into_view_if_needed()
    nb.screenshot_widget("iw-log-view", "gm-2-log-marks-the-secret-roll")
    show.focus()
    assert _focused(nb).startswith("🔓 Show to table:")
    nb.page.keyboard.press("Enter")
    expect(nb.widget("iw-log")).to_contain_text("🔓 shown to the table", timeout=10_000)
    expect(show).to_have_count(0, timeout=10_000)
    assert nb.execute("print(tray.journal.entries[-1].kind)").strip() == "disclosed"
    public = nb.execute("print([e.action for e in tray.public_entries()])")
    assert str(action) in public.strip("[]\n").split(", ")
    expect(nb.page.locator(f"{TRAY} .iw-held-back-log")).to_be_hidden(timeout=10_000)
    nb.screenshot_widget("iw-log-view", "gm-3-shown-to-the-table")
    nb.assert_no_errors()
