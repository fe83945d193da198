"""Every notebook, once: as saved, then run: each table in its place, accessible, in words.

Each notebook in ``notebooks/`` (a new one is picked up by itself) is opened once and
checked in the order a person meets it; one Run All serves every check (a Run All of a
table's notebook is the slowest thing the browser tier does).

**As saved.** A person opening it on Binder first sees it before Run All. A saved
notebook keeps no live widget, so where a table will be it shows the output's plain
text. That text must tell the reader how to get the table (the kit panels' line,
``isowidgets.widgets.panel.saved_text``), never a raw repr such as
``IsolationTable(<IsolationGame 11 events, …>)`` and never "Error displaying widget"
(a saved widget view whose model no kernel has). Then Run All must put a kit widget
exactly where the line was: in the same cells, one for one. The committed notebooks
pass only once ``make notebooks`` has re-executed them with the current kit (their
saved text is what the kit printed then).

**Accessible.** axe-core checks every kit widget (``axe_check.py``), no critical and
no serious violation. axe only judges what is rendered, so the check is repeated as a
person would look through the panel: once as it shows after Run All, then with each tab
of every tab bar selected by a click, each time with every visible ``<details>`` and
disclosure button (More, the links pair by pair…) opened by a click.

**The docs picture.** Right after Run All, before anything is clicked, a system's table
is pictured for the README and the docs (``docs_pictures.picture_the_table``:
``docs/_static/pictures/<system>-table.png``), from the same run.

**In words.** Everything the kit draws in those same views (visible words, tooltips,
placeholders, ARIA names, list options: ``walk.kit_texts``) is scanned for what a
player should never read: code names (``cooperate_net_min``), an action by number
(``action #10``), ``(s)`` plurals, and each system's ids (Isolation's ``L7``, Impact's
``det-3``, the characters' own ids such as ``alice``): ``walk.names_and_words``.

**Resized and replayed.** On the same Run All, a table's live plot stays drawn when the
window is resized (``plot_resize.py``: Isolation's stress plot, Impact's timeline, right
after the docs picture); and, last, the notebook's own Replay is scrubbed by keys and
checked against a resume of its journal, and the recap it wrote is read offline
(``replay_check.py``, for each notebook that plays a session).

All problems of a notebook are reported together.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from axe_check import TABS, AxeReport, assert_accessible, axe, open_details, report_widget_errors
from docs_pictures import picture_the_table
from lab import NOTEBOOKS, LabServer, Notebook
from plot_resize import PLOTS, resize_and_check
from replay_check import SESSIONS, scrub_then_read_the_recap
from walk import SYSTEM_IDS, kit_texts, names_and_words

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

_CHARACTER_IDS = """
ids = set()
for value in list(globals().values()):
    state = getattr(value, "state", None)
    found = getattr(state, "characters", None) if state is not None else None
    if isinstance(found, dict):
        ids.update(str(key) for key in found)
    elif found is not None:
        ids.update(getattr(c, "id", "") for c in found)
print(" ".join(sorted(i for i in ids if i)))
"""
"""Kernel code printing the ids of every character of every game the notebook made."""


def _as_saved(nb: Notebook, name: str) -> tuple[list[str], list[list[str]]]:
    """Problems of the notebook as saved, and each cell's kit panel lines."""
    nb.page.locator(".jp-OutputArea-output").first.wait_for(timeout=15_000)
    stem = name.removesuffix(".ipynb")
    nb.page.set_viewport_size(SMALL_SCREEN)
    nb.screenshot(f"as-saved-{stem}-1280x800")
    nb.page.set_viewport_size(TALL_SCREEN)
    nb.screenshot(f"as-saved-{stem}-1280x2400")
    saved = nb.cell_outputs()
    problems = [
        f"as saved, a raw widget repr or a broken widget in cell {index}: {text[:120]!r}"
        for index, cell in enumerate(saved)
        for text in cell["texts"]
        if RAW_REPR.search(text) or any(broken in text for broken in BROKEN)
    ]
    if any(cell["kit"] for cell in saved):
        problems.append("a kit widget is live before anything ran")
    lines = [[text for text in cell["texts"] if text.startswith(SAVED_PREFIX)] for cell in saved]
    return problems, lines


def _placed(nb: Notebook, lines: list[list[str]]) -> list[str]:
    """After Run All: a kit widget wherever a saved line said one would be, one for one."""
    ran = nb.cell_outputs()
    if len(ran) != len(lines):
        return [f"{len(lines)} cells as saved, {len(ran)} after Run All"]
    placed = [
        (index, len(cell_lines), len(ran[index]["kit"]))
        for index, cell_lines in enumerate(lines)
        if cell_lines or ran[index]["kit"]
    ]
    mismatched = [(i, before, after) for i, before, after in placed if before != after]
    if not mismatched:
        return []
    return [
        f"(cell, saved lines before Run All, kit widgets after) differ: {mismatched}; "
        "re-execute the notebook with `make notebooks`"
    ]


@pytest.mark.parametrize("name", NOTEBOOK_NAMES)
def test_each_notebook_as_saved_then_run_is_placed_accessible_and_in_words(
    notebook: OpenNotebook, lab_server: LabServer, name: str
) -> None:
    nb = notebook(name)
    problems, lines = _as_saved(nb, name)
    nb.run_all()
    problems += _placed(nb, lines)

    # The docs picture: the table as Run All left it (one Run All serves the docs too).
    picture = picture_the_table(nb, name)
    if picture is not None:
        print(f"{name}: pictured as {picture.relative_to(picture.parents[3])}")

    # A live plot stays drawn when the window is resized (``plot_resize.py``).
    if name in PLOTS:
        try:
            resize_and_check(nb, *PLOTS[name])
        except AssertionError as error:
            problems.append(f"its plot, resized: {error}")

    ids = nb.execute(_CHARACTER_IDS).split()
    report = AxeReport(name)
    texts: list[str] = []
    opened = open_details(nb)
    report.add(f"after Run All, {opened} sections opened", axe(nb))
    texts += kit_texts(nb)
    tabs = nb.page.locator(TABS)
    for index in range(tabs.count()):
        tab = tabs.nth(index)
        title = tab.inner_text().strip()
        tab.scroll_into_view_if_needed()
        tab.click()
        nb.page.wait_for_function(
            "(tab) => tab.classList.contains('lm-mod-current')", arg=tab.element_handle()
        )
        opened = open_details(nb)
        report.add(
            f"tab {title!r} ({index + 1} of {tabs.count()}), {opened} sections opened", axe(nb)
        )
        texts += kit_texts(nb)

    # Every system's ids at once: a notebook may show several systems (the tour, the lab).
    found = names_and_words(texts, "", ids)
    for system in SYSTEM_IDS:
        found += names_and_words(texts, system)
    print(f"{name}: {len(texts)} texts scanned, characters {ids}")
    problems += [f"an id or code name, {match!r}, in: {line}" for match, line in sorted(set(found))]
    report_widget_errors(nb, name)
    try:
        assert_accessible(report)
    except AssertionError as error:
        problems.append(str(error))

    # Its Replay scrubbed by keys, and its recap read offline (``replay_check.py``).
    if name in SESSIONS:
        try:
            scrub_then_read_the_recap(nb, lab_server, name)
        except AssertionError as error:
            problems.append(f"its replay or recap: {error}")
    assert not problems, f"{name}:\n" + "\n".join(problems)
