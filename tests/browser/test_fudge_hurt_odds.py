"""How much will this hurt? The Danish table's answer before round one, in a real browser.

After the notebook has run, the GM opens a new argument between Burke and Director
Hale in Danish, types both sides' faces, and Burke's player lets it hurt. Before
anyone declares, the Let It Hurt tab offers "Hvor ondt vil det gøre?"; opened with
Enter, it answers in words and numbers; choosing by keys that Burke gives up at level
4 redraws it in place.
Screenshots: ``tests/browser/screenshots/fudge-hurt-odds-*.png``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lab import Notebook, class_selector
from test_fudge_table import (
    BURKE,
    SMALL_SCREEN,
    TABLE,
    _contains,
    _select,
    _type_enter,
    open_argument,
)

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]


@pytest.mark.rule("DK-R21", "DK-R35")
def test_the_odds_before_round_one_follow_a_yield_level_chosen_by_keys(
    notebook: OpenNotebook,
) -> None:
    nb = notebook("03-fudge-conflict.ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.run_all()
    nb.page.evaluate(f"() => document.querySelector('{TABLE}').scrollIntoView()")
    _select(nb, "iw-language", "Dansk")
    nb.page.locator(f"{TABLE} .lm-TabBar-tab", has_text="Konflikt").click()
    open_argument(nb)
    _type_enter(nb, "iw-faces-conflict", "0 0 0 / + + + +")
    _contains(nb, "iw-fudge-conflict-result", "✔ Director Hale vinder")
    nb.click(f"iw-fudge-lih-{BURKE}")
    _contains(nb, "iw-fudge-round", "Runde 1")

    box = "iw-fudge-hurt-odds"
    _contains(nb, box, "Hvor ondt vil det gøre?")
    toggle = nb.page.locator(f"{class_selector('iw-fudge-hurt-odds-toggle')} button")
    # The kernel turns to the Let It Hurt tab just after it writes "Runde 1" there.
    nb.press(toggle, "Enter")
    nb.page.wait_for_function(
        "() => document.querySelector('.iw-fudge-hurt-odds-toggle button')"
        ".getAttribute('aria-expanded') === 'true'",
        timeout=15_000,
    )
    _contains(nb, "iw-fudge-hurt-odds-result", "Mr. Burke: vinder")
    _contains(nb, "iw-fudge-hurt-odds-result", "Director Hale: vinder")
    before = nb.widget("iw-fudge-hurt-odds-result").inner_text()
    nb.page.locator(class_selector(box)).scroll_into_view_if_needed()
    nb.screenshot("fudge-hurt-odds-1-1280x800-dansk")

    # By keys: focus Burke's yield level and pick "4 Såret".
    select = nb.widget("iw-fudge-hurt-odds-yield-first").locator("select")
    select.focus()
    select.select_option(label="4 Såret")
    nb.page.wait_for_function(
        "(before) => document.querySelector('.iw-fudge-hurt-odds-result').innerText !== before",
        arg=before,
        timeout=15_000,
    )
    assert "giver op ved" in nb.widget("iw-fudge-hurt-odds-yield-first").inner_text()
    nb.screenshot("fudge-hurt-odds-2-1280x800-yield-4")
    nb.assert_no_errors()
