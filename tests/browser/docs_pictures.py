"""The pictures in the README and the docs, taken as a person sees them.

Each system's table is pictured by the per-notebook test (``test_each_notebook.py``,
its step "the docs picture"), which opens and runs every notebook anyway: right after
Run All, before anything is clicked, the table (the widget, cropped to the part a person
plays with) is saved as ``docs/_static/pictures/<system>-table.png`` by
:func:`picture_the_table`. The stream view is pictured by ``test_docs_pictures.py``. The
PNGs are committed, so the docs build needs no browser; a change to a table changes its
picture the next time the browser tier runs (``pytest tests/browser/test_each_notebook.py
tests/browser/test_docs_pictures.py -m browser``), and ``git diff`` shows it. Each is
reduced to 256 colours, which keeps it small (a table is mostly flat fills and text)
without blurring the text.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lab import REPO, Notebook

if TYPE_CHECKING:
    from playwright.sync_api import Locator

PICTURES = REPO / "docs" / "_static" / "pictures"
"""Where the pictures go (committed; the docs and the README show them)."""

MOST_BYTES = 400_000
"""A picture larger than this is a page to scroll, not a picture: crop it."""

SCREEN = {"width": 1280, "height": 900}
"""The window a table is pictured in (taller when the table is: see :func:`shot`)."""


@dataclass(frozen=True)
class Table:
    """A table's picture: its name, the part of the table pictured (the part a person
    plays with, the plots and the log below it left out) and a text it shows once the
    notebook ran."""

    name: str
    css: str
    text: str


TABLES = {
    "01-isolation.ipynb": Table("isolation-table", ".iw-table-farmhouse .iw-play", "Propose"),
    "02-impact.ipynb": Table("impact-table", ".iw-impact-main", "Impact"),
    "03-fudge-conflict.ipynb": Table("fudge-conflict-table", ".iw-fudge-main", "Burke"),
    "04-watch-the-world-die.ipynb": Table("watch-the-world-die-table", ".iw-wtwd-play", "Pressure"),
}
"""Each system's notebook and the picture of its table."""


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


def picture_the_table(nb: Notebook, notebook_name: str) -> Path | None:
    """Picture the table of ``notebook_name`` (run, nothing clicked yet) for the docs, at
    1280 wide; None for a notebook with no table pictured. The window is left as it was.

    Raises:
        AssertionError: the table is not drawn, does not show its text, or its picture
            is empty or too large.
    """
    table = TABLES.get(notebook_name)
    if table is None:
        return None
    before = nb.page.viewport_size
    nb.page.set_viewport_size(SCREEN)  # type: ignore[arg-type]
    target = nb.page.locator(table.css).first
    target.wait_for(state="visible")
    assert table.text in target.inner_text()
    if table.name == "isolation-table":  # the map draws on a canvas once its layout settles
        nb.wait_for_cytoscape_keys("iw-map-farmhouse", ["alice", "bob", "eve"])
    picture = shot(nb, target, table.name)
    assert picture.stat().st_size > 10_000, f"{picture.name} looks empty"
    if before is not None:
        nb.page.set_viewport_size(before)
    return picture
