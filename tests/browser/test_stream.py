"""The stream view in a real browser: every system's page at both frame sizes, following.

For each system a short session is played into a journal (the test is the GM's
kernel: it holds the file), ``python -m isowidgets.stream`` serves it as a user starts
it, and Chromium opens the page at the frame size chosen. The page must show the
board and the latest roll with nothing of Jupyter (no code, no menus or toolbars),
follow a new action appended by the GM within a bounded wait, and, as an overlay,
have a transparent body. Screenshots: ``screenshots/stream-<system>-<size>.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from lab import SCREENSHOTS
from stream_play import FOLLOWS, PLAYS
from stream_server import STREAM_READY_JS, StreamServer

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

PORT = 8941
SIZES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}

CHROME_JS = """() => ({
  code: document.querySelectorAll('.jp-InputArea, .jp-CodeMirrorEditor, .cm-editor').length,
  source: document.body.innerText.includes('StreamPage('),
  chrome: document.querySelectorAll(
    '#jp-top-panel, .jp-MenuBar, .lm-MenuBar, .jp-Toolbar, .jp-NotebookPanel-toolbar, ' +
    '.jp-StatusBar, #jp-left-stack').length,
  errors: document.body.innerText.includes('Error displaying widget'),
})"""

BOX_JS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {top: r.top, left: r.left, bottom: r.bottom, right: r.right, width: r.width,
          height: r.height, font: parseFloat(getComputedStyle(el).fontSize)};
}"""


@pytest.fixture
def stream_page(lab_browser: BrowserContext) -> Iterator[Page]:
    """A fresh page in the session's Chromium, closed after the test."""
    page = lab_browser.new_page()
    try:
        yield page
    finally:
        page.close()


def _inside(box: dict[str, float] | None, width: int, height: int) -> bool:
    return (
        box is not None
        and box["width"] > 0
        and box["height"] > 0
        and box["top"] >= 0
        and box["left"] >= 0
        and box["bottom"] <= height + 1
        and box["right"] <= width + 1
    )


@pytest.mark.browser
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("system", list(PLAYS))
def test_stream_page_shows_and_follows(
    system: str, size: str, stream_page: Page, tmp_path: Path
) -> None:
    """The board and the latest roll on screen, legible, with no Jupyter; a new action
    appended by the GM's kernel shows; at 1280×720 (as an overlay) the body is transparent."""
    width, height = SIZES[size]
    transparent = size == "1280x720"
    journal = tmp_path / f"{system}.jsonl"
    game = PLAYS[system](journal)
    options = ["--size", size, *(["--transparent"] if transparent else [])]
    with StreamServer(journal, PORT, *options, log=tmp_path / "stream.log") as server:
        page = stream_page
        page.set_viewport_size({"width": width, "height": height})
        page.goto(server.url, wait_until="commit")
        page.wait_for_function(STREAM_READY_JS, timeout=180_000)
        page.wait_for_timeout(2500)  # the map settles into its box 2 s after following starts
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"stream-{system}-{size}.png"))

        chrome = page.evaluate(CHROME_JS)
        assert chrome == {"code": 0, "source": False, "chrome": 0, "errors": False}
        board = page.evaluate(BOX_JS, ".iw-stream-board")
        die = page.evaluate(BOX_JS, ".iw-stream-latest .iw-die")
        commit = page.evaluate(BOX_JS, ".iw-stream-commit")
        assert _inside(board, width, height), board
        assert _inside(die, width, height), die
        assert _inside(commit, width, height), commit
        assert die["font"] >= (30 if size == "1920x1080" else 20)  # legible from a sofa
        assert "SHA-256 " in page.inner_text(".iw-stream-commit")

        body = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (body == "rgba(0, 0, 0, 0)") == transparent, body

        before = page.inner_html(".iw-stream-latest")
        FOLLOWS[system](game)  # the GM plays on: a new action with dice
        page.wait_for_function(
            "(before) => document.querySelector('.iw-stream-latest').innerHTML !== before",
            arg=before,
            timeout=30_000,
        )
        game.journal.close()
