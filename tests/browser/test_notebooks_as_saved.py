"""Every notebook as a person opening it on Binder first sees it, before Run All.

A saved notebook keeps no live widget, so where a table will be it shows the
output's plain text. That text must tell the reader how to get the table (the
kit panels' line, ``isowidgets.widgets.panel.saved_text``), never a raw repr such
as ``IsolationTable(<IsolationGame 11 events, …>)`` and never "Error displaying
widget" (a saved widget view whose model no kernel has). Then Run All must put a
kit widget exactly where the line was: in the same cells, one for one.

The committed notebooks pass only once ``make notebooks`` has re-executed them
with the current kit (their saved text is what the kit printed then).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from lab import NOTEBOOKS, Notebook

from isowidgets.widgets.panel import SAVED_TEXT

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

NOTEBOOK_NAMES = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))

SAVED_PREFIX = SAVED_TEXT.split("{name}", 1)[0]
"""How a kit panel's saved line begins."""

RAW_REPR = re.compile(r"\b[A-Z]\w*\((<\w|children=|layout=)")
"""A widget's repr as Python prints it: ``IsolationTable(<Isol…``, ``VBox(children=…``."""

BROKEN = ("Error displaying widget", "Loading widget...", "Model not found")
"""What JupyterLab shows for a saved widget view that no kernel can fill."""

SMALL_SCREEN = {"width": 1280, "height": 800}
TALL_SCREEN = {"width": 1280, "height": 2400}


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_before_run_all_each_table_s_place_says_how_to_show_it(
    notebook: OpenNotebook, name: str
) -> None:
    nb = notebook(name)
    nb.page.locator(".jp-OutputArea-output").first.wait_for(timeout=15_000)
    stem = name.removesuffix(".ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.screenshot(f"as-saved-{stem}-1280x800")
    nb.page.set_viewport_size(TALL_SCREEN)
    nb.screenshot(f"as-saved-{stem}-1280x2400")

    saved = nb.cell_outputs()
    problems = [
        f"cell {index}: {text[:120]!r}"
        for index, cell in enumerate(saved)
        for text in cell["texts"]
        if RAW_REPR.search(text) or any(broken in text for broken in BROKEN)
    ]
    assert not problems, f"{name} as saved shows a raw widget repr or a broken widget:\n" + (
        "\n".join(problems)
    )
    lines = [[text for text in cell["texts"] if text.startswith(SAVED_PREFIX)] for cell in saved]
    assert not any(cell["kit"] for cell in saved), "a kit widget is live before anything ran"

    nb.run_all()
    ran = nb.cell_outputs()
    assert len(ran) == len(saved)
    placed = [
        (index, len(cell_lines), len(ran[index]["kit"]))
        for index, cell_lines in enumerate(lines)
        if cell_lines or ran[index]["kit"]
    ]
    mismatched = [(i, before, after) for i, before, after in placed if before != after]
    assert not mismatched, (
        f"{name}: (cell, saved lines before Run All, kit widgets after) differ: {mismatched}; "
        "re-execute the notebook with `make notebooks`"
    )
