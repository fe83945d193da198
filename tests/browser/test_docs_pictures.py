"""The pictures in the README and the docs that no notebook's test takes: the stream view.

Each system's table is pictured by the per-notebook test (``test_each_notebook.py``,
its step "the docs picture", :func:`docs_pictures.picture_the_table`), which opens and
runs each notebook once for all its checks. Here the stream view is served by
``python -m isowidgets.stream`` over a short Isolation session and saved at 1280×720
as ``docs/_static/pictures/stream-board.png`` (see ``docs_pictures.py`` for how the
pictures are kept).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from docs_pictures import save
from golden_journals import clock, fixed_salts
from stream_play import play_isolation
from stream_server import STREAM_READY_JS, StreamServer

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator

    from isowidgets.rules.isolation import IsolationGame

pytestmark = pytest.mark.browser


def settled(target: Locator, tries: int = 20) -> None:
    """Wait until ``target`` is drawn the same twice in a row, 250 ms apart: the map
    lays out and fits itself after it shows, and its edge labels move by a pixel or two
    meanwhile."""
    last = target.screenshot(animations="disabled")
    for _ in range(tries):
        target.page.wait_for_timeout(250)
        now = target.screenshot(animations="disabled")
        if now == last:
            return
        last = now
    raise AssertionError(f"the map never settled in {tries} looks")


def stream_picture_session(journal: Path) -> IsolationGame:
    """The session the stream picture shows, played into ``journal`` with its salt and
    clock fixed: the picture shows the commitment (seed and salt) and the journal's
    head (every line, times included), so with a fresh salt or the real time it would
    change at every run although nothing a viewer sees had."""
    with fixed_salts():
        return play_isolation(journal, clock=clock(datetime(2026, 1, 1, 20, 0, tzinfo=UTC)))


def test_the_stream_view_is_pictured(lab_browser: BrowserContext, tmp_path: Path) -> None:
    journal = tmp_path / "farmhouse.jsonl"
    game = stream_picture_session(journal)
    try:
        with StreamServer(journal, 0, log=tmp_path / "stream.log") as server:
            page = lab_browser.new_page()
            try:
                page.emulate_media(reduced_motion="reduce")  # the resolution without its reveal
                page.set_viewport_size({"width": 1280, "height": 720})
                page.goto(f"{server.url}?size=1280x720&layout=board", wait_until="commit")
                page.wait_for_function(STREAM_READY_JS, timeout=180_000)
                page.locator(".iw-stream-map").first.wait_for(state="visible")
                settled(page.locator(".iw-stream-map").first)
                text = page.locator(".iw-stream").inner_text()
                assert "Dice committed before play" in text, text[:500]
                picture = save(page.screenshot(animations="disabled"), "stream-board")
            finally:
                page.close()
    finally:
        game.journal.close()
    assert picture.stat().st_size > 10_000
