"""The pictures in the README and the docs that no notebook's test takes: the stream view.

Each system's table is pictured by the per-notebook test (``test_each_notebook.py``,
its step "the docs picture", :func:`docs_pictures.picture_the_table`), which opens and
runs each notebook once for all its checks. Here the stream view is served by
``python -m isowidgets.stream`` over a short Isolation session and saved at 1280×720
as ``docs/_static/pictures/stream-board.png`` (see ``docs_pictures.py`` for how the
pictures are kept).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from docs_pictures import save
from stream_play import PLAYS
from stream_server import STREAM_READY_JS, StreamServer

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

pytestmark = pytest.mark.browser


def test_the_stream_view_is_pictured(lab_browser: BrowserContext, tmp_path: Path) -> None:
    journal = tmp_path / "farmhouse.jsonl"
    game = PLAYS["isolation"](journal)
    try:
        with StreamServer(journal, 0, log=tmp_path / "stream.log") as server:
            page = lab_browser.new_page()
            try:
                page.emulate_media(reduced_motion="reduce")  # the resolution without its reveal
                page.set_viewport_size({"width": 1280, "height": 720})
                page.goto(f"{server.url}?size=1280x720&layout=board", wait_until="commit")
                page.wait_for_function(STREAM_READY_JS, timeout=180_000)
                page.locator(".iw-stream-map").first.wait_for(state="visible")
                text = page.locator(".iw-stream").inner_text()
                assert "Dice committed before play" in text, text[:500]
                picture = save(page.screenshot(animations="disabled"), "stream-board")
            finally:
                page.close()
    finally:
        game.journal.close()
    assert picture.stat().st_size > 10_000
