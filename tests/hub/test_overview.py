"""The teacher's overview, in Chromium, while three participants play.

On the tier's shared hub: Ada, Bo and Cy have played (``played``) and go on playing
Isolation conflicts through their kernels while the host logs in through the hub's
login page as the admin and opens ``/services/overview/``. The rows are checked
against what is on disk: one per participant, the notebook they have open, the
system, their latest step in the engine's words, how long ago, and a link that opens
their table read-only (the stream view), which is followed. The table refreshes by
itself (a roll made after the page opened shows without a reload). A participant who
opens the overview's address gets 403. (A table link naming a file outside a
participant's journals is refused by the same page code: the unit tier tries it
with hostile links, ``tests/unit/test_workshop_overview.py``.)
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hubdriver import ACKNOWLEDGED, ROLL, SETUP, KernelClient, WorkshopHub, scene_journals

from isowidgets.journal import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from lab import SCREENSHOTS, browser_problem, launch_browser

pytestmark = [pytest.mark.hub, pytest.mark.slow]

PLAYING = ("ada", "bo", "cy")
OVERVIEW = "/services/overview/"


@pytest.fixture(scope="module")
def browser_ok() -> None:
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get("ISOWIDGETS_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the overview's browser test cannot run: {problem}")
    pytest.skip(problem)


@pytest.fixture(scope="module")
def playing(hub: WorkshopHub, played: dict[str, list[int]]) -> Iterator[dict[str, KernelClient]]:
    """The three go on playing (a conflict every 0.7 s each) until the module ends."""
    kernels = {name: hub.open_kernel(name) for name in PLAYING}
    for seed, kernel in enumerate(kernels.values()):
        kernel.execute(SETUP.format(stem="overview", seed=10 + seed))
    stop = threading.Event()
    errors: list[str] = []

    def play(kernel: KernelClient) -> None:
        while not stop.is_set():
            try:
                kernel.value(ROLL, ACKNOWLEDGED)
            except Exception as exc:
                errors.append(f"{kernel.user}: {exc}")
                return
            stop.wait(0.7)

    threads = [threading.Thread(target=play, args=(k,), daemon=True) for k in kernels.values()]
    for thread in threads:
        thread.start()
    try:
        yield kernels
    finally:
        stop.set()
        for thread in threads:
            thread.join(60)
        for kernel in kernels.values():
            kernel.close()
    assert not errors


def _admin_password(hub: WorkshopHub) -> str:
    return (hub.directory / "hub" / "admin-password.txt").read_text().strip()


def _words_of(path: Path) -> set[str]:
    """Every description the journal at ``path`` holds (what a row may say)."""
    return {entry.event.describe() for entry in Journal.read(path).entries}


def test_a_participant_is_refused_the_overview(hub: WorkshopHub) -> None:
    session = hub.log_in("bo")
    answer = session.get(f"{hub.url}{OVERVIEW}", timeout=60)
    assert answer.status_code == 403
    assert "Workshop overview" not in answer.text


def test_the_host_sees_one_row_per_participant_with_what_they_play(
    hub: WorkshopHub,
    playing: dict[str, KernelClient],
    browser_ok: None,
    tmp_path: Path,
) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, launch_browser(playwright, tmp_path / "web") as context:
        page = context.new_page()
        page.goto(f"{hub.url}/hub/login?next={OVERVIEW}")
        page.fill("input[name=username]", "host")
        page.fill("input[name=password]", _admin_password(hub))
        page.click("[type=submit]")
        page.wait_for_url(re.compile(r".*/services/overview/voila/render/overview\.ipynb.*"))
        rows = page.locator(".iw-overview-rows tbody tr")
        # Every player's row names the system (its journal read: on a busy machine the
        # first refreshes may not reach every journal, and say so: "reading…").
        page.wait_for_function(
            """(names) => names.every((name) => {
                const cell = document.querySelector(
                    `tr[data-participant='${name}'] td:nth-child(3)`);
                return cell !== null && cell.innerText === 'Isolation';
            })""",
            arg=list(PLAYING),
            timeout=120_000,
        )
        assert page.locator("th").all_inner_texts()[:6] == [
            "Participant",
            "Notebook",
            "System",
            "Latest step",
            "Last action",
            "Their table",
        ]
        names = [row.get_attribute("data-participant") for row in rows.all()]
        assert set(PLAYING) <= set(names) and names == sorted(names)
        for name in PLAYING:
            cells = page.locator(f"tr[data-participant='{name}'] td").all_inner_texts()
            assert cells[:3] == [name, "01-isolation.ipynb", "Isolation"], cells
            home = hub.directory / "participants" / name
            # Any scene's words: a table starts a new journal every few conflicts.
            journals = scene_journals(home, "overview")
            described = {words for journal in journals for words in _words_of(journal)}
            assert cells[3] in described, (cells[3], sorted(described)[:5])
            assert re.fullmatch(r"\d+ s ago", cells[4]), cells[4]
            assert cells[5] == f"Open {name}'s table (read-only)"
        page.screenshot(path=str(SCREENSHOTS / "workshop-overview.png"), full_page=True)

        # By keyboard: Tab reaches the first table link, and its focus is drawn.
        for _ in range(12):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.closest('.iw-overview') !== null"):
                break
        focused = page.evaluate(
            """() => { const el = document.activeElement, seen = getComputedStyle(el);
                return [el.tagName, el.innerText, seen.outlineStyle, seen.textDecorationLine]; }"""
        )
        assert focused[0] == "A" and focused[1].startswith("Open ") and focused[2] != "none"
        assert "underline" in focused[3]  # a link is told by more than its colour
        # axe-core (bundled in axe-playwright-python) finds nothing serious on the page.
        page.evaluate(Axe().axe_script)
        violations = page.evaluate(
            """async () => (await axe.run({include: [document.querySelector('.iw-overview')]},
                {resultTypes: ['violations']})).violations.map((v) => [v.id, v.impact])"""
        )
        assert not [v for v in violations if v[1] in ("critical", "serious")], violations

        # It refreshes itself: the status line's time moves on and a new roll shows.
        status = page.locator(".iw-overview-status").inner_text()
        page.wait_for_function(
            "(before) => document.querySelector('.iw-overview-status').innerText !== before",
            arg=status,
            timeout=60_000,
        )
        first = page.locator("tr[data-participant='ada'] td").nth(3).inner_text()
        page.wait_for_function(
            "(before) => document.querySelector(\"tr[data-participant='ada'] td:nth-child(4)\")"
            ".innerText !== before",
            arg=first,
            timeout=60_000,
        )

        # Ada's table, read-only: the stream view of the journal she writes now.
        with context.expect_page() as opened:
            page.get_by_role("link", name="Open ada's table (read-only)").click()
        table = opened.value
        table.locator(".iw-stream-head").filter(has_text="Workshop").wait_for(timeout=120_000)
        assert "Isolation" in table.locator(".iw-stream-head").inner_text()
        assert "participant=ada" in table.url and "sessions%2Foverview-" in table.url
        table.locator(".iw-stream-outcome .iw-outcome-dice").first.wait_for(timeout=60_000)
        table.screenshot(path=str(SCREENSHOTS / "workshop-overview-table.png"))
