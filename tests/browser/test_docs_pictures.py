"""The pictures in the README and the docs, taken from the notebooks as a person sees them.

Each system's notebook is opened in the real JupyterLab, run with Run All, and its
table (the widget, cropped to it) is saved as ``docs/_static/pictures/<system>-table.png``;
the stream view is served by ``python -m isowidgets.stream`` over a short Isolation
session and saved at 1280×720 as ``docs/_static/pictures/stream-board.png``. The PNGs
are committed, so the docs build needs no browser; a change to a table changes its
picture the next time this test runs (``pytest tests/browser/test_docs_pictures.py``),
and ``git diff`` shows it. Each is reduced to 256 colours, which keeps it small (a
table is mostly flat fills and text) without blurring the text.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from golden_journals import clock, fixed_salts
from lab import REPO, Notebook
from stream_play import play_isolation
from stream_server import STREAM_READY_JS, StreamServer

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator

    from isowidgets.rules.isolation import IsolationGame

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

PICTURES = REPO / "docs" / "_static" / "pictures"
"""Where the pictures go (committed; the docs and the README show them)."""

MOST_BYTES = 400_000
"""A picture larger than this is a page to scroll, not a picture: crop it."""

SCREEN = {"width": 1280, "height": 900}

TABLES = [
    # (notebook, picture, the part of the table pictured, text it shows once the notebook
    # ran): the part a person plays with, the plots and the log below it left out.
    ("01-isolation.ipynb", "isolation-table", ".iw-table-farmhouse .iw-play", "Propose"),
    ("02-impact.ipynb", "impact-table", ".iw-impact-main", "Impact"),
    ("03-fudge-conflict.ipynb", "fudge-conflict-table", ".iw-fudge-main", "Burke"),
    ("04-watch-the-world-die.ipynb", "watch-the-world-die-table", ".iw-wtwd-play", "Pressure"),
]


def save(png: bytes, name: str) -> Path:
    """Write ``png`` as ``docs/_static/pictures/NAME.png`` in 256 colours; returns the path.

    A picture whose pixels are those already saved is left as it is, so taking the
    pictures again changes no file unless a table or the stream view changed."""
    from PIL import Image

    PICTURES.mkdir(parents=True, exist_ok=True)
    path = PICTURES / f"{name}.png"
    with Image.open(io.BytesIO(png)) as image:
        picture = image.convert("RGB").quantize(colors=256)
    if path.exists():
        with Image.open(path) as saved:
            same = saved.size == picture.size and (
                saved.convert("RGB").tobytes() == picture.convert("RGB").tobytes()
            )
        if same:
            return path
    picture.save(path, optimize=True)
    size = path.stat().st_size
    assert size <= MOST_BYTES, f"{path.name} is {size:,} bytes: crop it to the widget"
    return path


INSIDE_JS = """(e) => {
  e.scrollIntoView({block: 'start'});
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}"""
"""Scroll the widget to the top of the notebook; true when all of it is on screen."""


def shot(nb: Notebook, target: Locator, name: str) -> Path:
    """The widget alone, whole: JupyterLab scrolls inside its notebook panel, so the
    viewport is made taller than the widget (taller again when the widget sits near the
    notebook's end, where it cannot be scrolled to the top) and the widget scrolled up."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box = target.bounding_box()
    assert box is not None, f"{name}: the widget is not drawn"
    height = int(box["height"]) + 300
    for _ in range(4):
        nb.page.set_viewport_size({"width": SCREEN["width"], "height": height})
        try:
            nb.page.wait_for_function(INSIDE_JS, arg=target.element_handle(), timeout=5_000)
            break
        except PlaywrightTimeout:
            bottom = target.evaluate("(e) => e.getBoundingClientRect().bottom")
            height = max(height, int(bottom)) + 200
    else:
        raise AssertionError(f"{name}: the widget never fitted a {height} px tall window")
    return save(target.screenshot(animations="disabled"), name)


@pytest.mark.parametrize(("path", "name", "css", "text"), TABLES, ids=[t[1] for t in TABLES])
def test_each_systems_table_is_pictured_from_its_notebook(
    notebook: OpenNotebook, path: str, name: str, css: str, text: str
) -> None:
    nb = notebook(path)
    nb.page.set_viewport_size(SCREEN)
    nb.run_all()
    nb.assert_no_errors()
    table = nb.page.locator(css).first
    table.wait_for(state="visible")
    assert text in table.inner_text()
    if name == "isolation-table":  # the map draws on a canvas once its layout settles
        nb.wait_for_cytoscape_keys("iw-map-farmhouse", ["alice", "bob", "eve"])
    picture = shot(nb, table, name)
    assert picture.stat().st_size > 10_000, f"{picture.name} looks empty"


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
