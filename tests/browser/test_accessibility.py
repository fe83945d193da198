"""axe-core on the kit's tables mid-play: no critical and no serious violation.

Every notebook is checked as Run All leaves it, tab by tab and with every disclosure
opened, in ``test_each_notebook.py``. Run All leaves no Isolation conflict open, so the
table is also checked here mid-play: a conflict proposed by clicks with its pools
showing, then with the first stage typed in and the stances to choose; and Impact's
drafted test while a chip that may go either way asks how it is cited, and once it is.
How axe is run and what counts is in ``axe_check.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_check import AxeReport, assert_accessible, axe, open_details, report_widget_errors
from lab import Notebook

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]


# --------------------------------------------------------------------------- mid-play

_ISOLATION_TABLE = ".iw-table-farmhouse"

_FIRST_STAGE = {
    "bob": {"green": "4 3 2", "red": "5 4 3 2 5"},
    "alice": {"green": "4 2", "red": "3"},
    "eve": {"green": "3", "red": "3 5"},
}
"""Faces for the first stage of Bob's proposal with no modifiers (his pools come from the
farmhouse's links and Stress 2); no face explodes. After them the stances are read, and
the GM's pool waits for the Difficulty."""


def test_an_isolation_conflict_in_play_has_no_critical_or_serious_violation(
    notebook: OpenNotebook,
) -> None:
    """After Run All no conflict is open, so axe never saw the pools' faces boxes, the
    Hostile toggles or the stance choices. Here a conflict is proposed by clicks, and
    checked with its pools showing, then with the first stage typed in (Enter in each
    faces box) and the stances to choose."""
    from playwright.sync_api import expect

    name = "01-isolation.ipynb"
    nb = notebook(name)
    nb.run_all()
    nb.page.set_viewport_size({"width": 1280, "height": 800})  # after Run All: narrowed
    table = nb.page.locator(_ISOLATION_TABLE)
    table.locator(".iw-ap select").select_option(label="Bob")
    table.locator(".iw-action input").fill("board up the windows")
    table.locator(".iw-propose").click()
    expect(table.locator(".iw-faces-bob-green input")).to_be_visible(timeout=20_000)
    found = AxeReport(f"{name.removesuffix('.ipynb')}-mid-conflict")
    found.add(f"conflict proposed, pools showing, {open_details(nb)} details opened", axe(nb))
    for who, pools in _FIRST_STAGE.items():
        for colour, faces in pools.items():
            box = table.locator(f".iw-faces-{who}-{colour} input")
            box.fill(faces)
            box.press("Enter")
            expect(table.locator(f".iw-chips-{who}-{colour}")).to_contain_text("→", timeout=20_000)
    expect(table.locator(".iw-stances")).to_contain_text("Alice", timeout=20_000)
    opened = open_details(nb)
    found.add(f"first stage rolled, stances to choose, {opened} details opened", axe(nb))
    report_widget_errors(nb, "an Isolation conflict in play")
    # Every faces box has its own id, so its <label for> names it and no other box (the
    # boxes drawn in one millisecond shared one: axe's duplicate-id-aria, "needs review").
    ids = nb.page.evaluate(
        "() => Array.from(document.querySelectorAll('.iw-submit-text input'), (e) => e.id)"
    )
    assert len(ids) > 10 and len(set(ids)) == len(ids), sorted(ids)
    assert not [i for i in found.found["incomplete"] if i[0] == "duplicate-id-aria"]
    table.locator(".iw-play").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-isolation-mid-conflict-1280x800")
    nb.page.set_viewport_size({"width": 1280, "height": 2400})
    table.locator(".iw-play").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-isolation-mid-conflict-1280x2400")
    assert_accessible(found)


def test_an_impact_test_being_drafted_has_no_critical_or_serious_violation(
    notebook: OpenNotebook,
) -> None:
    """The Impact notebook ends with Ellis's test drafted; a chip that may go either way
    asks how it is cited (its sign buttons appear), then is cited. axe checks the board
    and the test panel at each step."""
    from playwright.sync_api import expect

    name = "02-impact.ipynb"
    nb = notebook(name)
    nb.page.set_viewport_size({"width": 1280, "height": 800})  # a laptop's screen
    nb.run_all()
    table = nb.page.locator(".iw-impact-table")
    expect(table.locator(".iw-impact-plan")).to_contain_text("Odds of success")
    found = AxeReport(f"{name.removesuffix('.ipynb')}-drafting")
    found.add(f"test drafted, {open_details(nb)} details opened", axe(nb))
    either_way = table.locator(".iw-chip-det-3")  # Ellis's "Access To Every …", either way
    either_way.click()
    helps = table.locator(".iw-chip-cite-helps:visible")  # the asking chip's sign buttons
    expect(helps).to_have_count(1, timeout=20_000)
    found.add("a chip asks how it is cited", axe(nb))
    helps.click()
    expect(either_way).to_contain_text("✔ +1", timeout=20_000)
    found.add(f"the chip cited, {open_details(nb)} details opened", axe(nb))
    table.locator(".iw-impact-main").evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-impact-drafting-1280x800")
    nb.page.set_viewport_size({"width": 1280, "height": 2400})
    table.evaluate("e => e.scrollIntoView({block: 'start'})")
    nb.page.wait_for_timeout(400)
    nb.screenshot("axe-impact-drafting-1280x2400")
    assert_accessible(found)
