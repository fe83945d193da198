"""GM-only on stream: a roll the GM makes GM-only never reaches the stream page until shown.

The GM plays a dice tray in JupyterLab (the kit's table, its journal a file); the
stream view (``python -m isowidgets.stream``, a second process) follows that file in
a second page. The GM presses the kit's **GM only** switch and rolls: the stream page
shows nothing of that roll (not the roll, not its faces), even after a public roll made
later has reached it, which proves the stream read past the secret one; the journal's
head it shows stayed the one of the opening roll through the secret roll (with one
public roll counted) and moved on with the public roll (two). Then the GM shows the roll
to the table with the log's button, and the stream page shows it.
Screenshots: ``screenshots/stream-gm-only-hidden.png`` and ``-disclosed.png``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import nbformat
import pytest
from lab import SCREENSHOTS, LabServer, Notebook
from stream_server import STREAM_READY_JS, StreamServer

from isowidgets.journal import Journal, Rolled
from isowidgets.journal.chain import short_head

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

PORT = 0  # a free port (see stream_server.free_port)
GM_NOTEBOOK = "stream_gm_only.ipynb"
SECRET = "the hidden cache"

GM_SOURCE = """
from isowidgets.tray import DiceTray
from isowidgets.widgets.tray import TrayPanel

game = DiceTray.new({path!r}, seed=151, title="Secrets on stream")
game.roll("2d6", purpose="the opening roll")
panel = TrayPanel(game, log_rows=4)
panel.count.value = 7
panel
"""


def _write_gm_notebook(server: LabServer, journal: Path) -> None:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    cell = nbformat.v4.new_code_cell(GM_SOURCE.format(path=str(journal)))
    nbformat.write(
        nbformat.v4.new_notebook(cells=[cell], metadata={"kernelspec": kernel}),
        server.root / GM_NOTEBOOK,
    )


def _roll(gm: Notebook, purpose: str) -> None:
    gm.page.locator(".iw-tray .iw-purpose input").fill(purpose)
    gm.page.locator(".iw-tray .iw-purpose input").press("Tab")  # the box syncs its value
    gm.page.wait_for_timeout(300)
    gm.page.locator(".iw-tray .iw-roll").first.click()
    gm.page.locator(".iw-tray .iw-log", has_text=purpose).wait_for(timeout=30_000)


def _head_line(journal: Path) -> str:
    """The head line the stream should show for the journal as it is now (the kit's own
    computation from the file, as a viewer's process would make it)."""
    shown = Journal.read(journal).history.shown_head
    assert shown is not None
    return f"Journal head {short_head(shown.head)} · public rolls: {shown.public_rolls}"


def _rolled(journal: Path, purpose: str) -> Rolled:
    return next(
        e.event
        for e in Journal.read(journal).entries
        if isinstance(e.event, Rolled) and e.event.purpose == purpose
    )


@pytest.mark.browser
def test_a_gm_only_roll_stays_off_the_stream_until_it_is_shown(
    notebook: Callable[[str], Notebook],
    lab_server: LabServer,
    lab_browser: BrowserContext,
    tmp_path: Path,
) -> None:
    journal = tmp_path / "secrets.jsonl"
    _write_gm_notebook(lab_server, journal)
    gm = notebook(GM_NOTEBOOK)
    gm.run_all(widget_timeout=60)
    gm.page.locator(".iw-tray .iw-roll").first.wait_for(timeout=60_000)
    with StreamServer(journal, PORT, log=tmp_path / "stream.log") as server:
        stream: Page = lab_browser.new_page()
        try:
            stream.set_viewport_size({"width": 1920, "height": 1080})
            stream.goto(server.url, wait_until="commit")
            stream.wait_for_function(STREAM_READY_JS, timeout=180_000)
            stream.locator(".iw-stream-outcome", has_text="the opening roll").wait_for(
                timeout=30_000
            )
            opening_head = _head_line(journal)
            assert opening_head.endswith("public rolls: 1")
            stream.locator(".iw-stream-commit", has_text=opening_head).wait_for(timeout=30_000)

            gm.page.locator(".iw-tray .iw-gm-toggle button").first.click()  # GM only: on
            gm.page.locator(".iw-tray .iw-gm-toggle button[aria-pressed='true']").first.wait_for(
                timeout=10_000
            )
            _roll(gm, SECRET)
            assert _head_line(journal) == opening_head  # the secret roll moved nothing shown
            gm.page.locator(".iw-tray .iw-gm-toggle button").first.click()  # GM only: off
            gm.page.locator(".iw-tray .iw-gm-toggle button[aria-pressed='false']").first.wait_for(
                timeout=10_000
            )
            _roll(gm, "a public roll after it")
            secret = _rolled(journal, SECRET)
            assert Journal.read(journal).entries[-2].gm  # the journal keeps it, marked

            # The later public roll reached the stream: it has read past the secret one.
            stream.locator(".iw-stream-outcome", has_text="a public roll after it").wait_for(
                timeout=30_000
            )
            public_head = _head_line(journal)
            assert public_head != opening_head and public_head.endswith("public rolls: 2")
            stream.locator(".iw-stream-commit", has_text=public_head).wait_for(timeout=30_000)
            stream.wait_for_timeout(500)
            SCREENSHOTS.mkdir(exist_ok=True)
            stream.screenshot(path=str(SCREENSHOTS / "stream-gm-only-hidden.png"))
            shown = stream.inner_text(".iw-stream")
            assert SECRET not in shown
            assert secret.roll.describe() not in shown  # nor its faces
            assert "the opening roll" in shown

            gm.page.locator(".iw-tray .iw-log-disclose").first.click()  # show it to the table
            stream.locator(".iw-stream", has_text=SECRET).wait_for(timeout=30_000)
            stream.wait_for_timeout(500)
            stream.screenshot(path=str(SCREENSHOTS / "stream-gm-only-disclosed.png"))
            # Shown now: the page names the secret roll (its purpose), where nothing did.
            assert SECRET in stream.inner_text(".iw-stream")
        finally:
            stream.close()
    gm.assert_no_errors()
