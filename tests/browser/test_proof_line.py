"""The toolbar's proof line in a real JupyterLab: the table's seed by keys, the head live.

A GM opens a fresh dice tray. A player says a phrase; the GM types it in the toolbar's
**Table seed** box and presses Enter: the box and its button go, the line says which
seed was given, and the journal holds it, public. The head beside it is always the one
the kit computes from the file (as the stream's own process does): it moves with the
table seed and with a public roll made by keys, and stays put through a GM-only roll. A
viewer who copied the head off the toolbar then checks the revealed journal with
``verify --head``, as its tooltip says.
Screenshots: ``screenshots/proof-1-fresh.png``, ``proof-2-table-seed-given.png`` and
``proof-3-after-rolls.png`` (close-ups of the proof line).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from lab import LabServer, Notebook, class_selector

from isowidgets.journal import Journal
from isowidgets.journal.chain import short_head
from isowidgets.verify import verify

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

NOTEBOOK = "proof_line.ipynb"
PHRASE = "Pickles the cat, 3 May"
TRAY = class_selector("iw-tray")
HEAD_LINE = re.compile(r"head ([0-9a-f ]+) · public rolls: (\d+)")

SOURCE = """
from isowidgets.tray import DiceTray
from isowidgets.widgets.tray import TrayPanel

game = DiceTray.new({path!r}, title="The table's seed")
panel = TrayPanel(game, log_rows=4)
panel
"""


def _write(server: LabServer, journal: Path) -> str:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    cell = nbformat.v4.new_code_cell(SOURCE.format(path=str(journal)))
    nbformat.write(
        nbformat.v4.new_notebook(cells=[cell], metadata={"kernelspec": kernel}),
        server.root / NOTEBOOK,
    )
    return NOTEBOOK


def _expected(journal: Path) -> str:
    """The head line the toolbar should show for the file as it is now (the kit's own
    computation from the file, as a viewer's process makes it)."""
    shown = Journal.read(journal).history.shown_head
    assert shown is not None
    return f"head {short_head(shown.head)} · public rolls: {shown.public_rolls}"


def _wait_for_events(journal: Path, count: int, timeout: float = 30.0) -> None:
    """Wait until the GM's kernel has journaled ``count`` events."""
    deadline = time.monotonic() + timeout
    while len(Journal.read(journal).entries) < count:
        assert time.monotonic() < deadline, f"{journal} never reached {count} events"
        time.sleep(0.1)


def test_the_table_seed_by_keys_and_the_head_a_viewer_checks(
    notebook: OpenNotebook, lab_server: LabServer, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    journal = tmp_path / "proof.jsonl"
    nb = notebook(_write(lab_server, journal))
    nb.page.set_viewport_size({"width": 1280, "height": 900})
    nb.run_all(widget_timeout=60)
    # The proof line is with the commitment behind the toolbar's More: opened by keys.
    more = nb.page.locator(f"{TRAY} [class*='iw-more-toggle'] button").first
    more.focus()
    nb.page.keyboard.press("Enter")
    expect(more).to_have_attribute("aria-expanded", "true", timeout=15_000)
    head = nb.widget("iw-head")
    box = nb.widget("iw-table-seed").locator("input")
    expect(box).to_be_visible(timeout=30_000)
    fresh = _expected(journal)
    assert fresh.endswith("public rolls: 0")
    expect(head).to_have_text(fresh, timeout=10_000)
    nb.widget("iw-proof").scroll_into_view_if_needed()
    nb.screenshot_widget("iw-proof", "proof-1-fresh")

    # The phrase typed and Enter pressed: journaled publicly, the box gone, the line says it.
    box.click()
    box.press_sequentially(PHRASE)
    box.press("Enter")
    expect(nb.widget("iw-table-seed-shown")).to_have_text(f"table seed “{PHRASE}”", timeout=15_000)
    expect(box).to_be_hidden(timeout=10_000)
    expect(nb.widget("iw-table-seed-give")).to_be_hidden()
    last = Journal.read(journal).entries[-1]
    assert last.kind == "table_seed" and last.event.seed == PHRASE and not last.gm  # type: ignore[attr-defined]
    given = _expected(journal)
    assert given != fresh and given.endswith("public rolls: 0")
    expect(head).to_have_text(given, timeout=10_000)
    nb.screenshot_widget("iw-proof", "proof-2-table-seed-given")

    # A public roll by keys (Tab from the purpose box to Roll, Enter): the head moves on.
    events = len(Journal.read(journal).entries)
    nb.press(nb.widget("iw-purpose").locator("input"), "Tab")
    nb.page.keyboard.press("Enter")
    _wait_for_events(journal, events + 1)
    public = _expected(journal)
    assert public.endswith("public rolls: 1")
    expect(head).to_have_text(public, timeout=10_000)

    # A GM-only roll: the journal grows, the head viewers see does not move.
    nb.page.locator(f"{TRAY} .iw-gm-toggle button").first.click()
    nb.page.locator(f"{TRAY} .iw-gm-toggle button[aria-pressed='true']").first.wait_for(
        timeout=10_000
    )
    nb.click("iw-roll")
    _wait_for_events(journal, events + 2)
    assert Journal.read(journal).entries[-1].gm
    assert _expected(journal) == public
    expect(head).to_have_text(public)
    nb.screenshot_widget("iw-proof", "proof-3-after-rolls")

    # A viewer writes the head down as shown; once the seed is revealed it proves the
    # journal up to it, as the tooltip says.
    found = HEAD_LINE.fullmatch(head.inner_text().strip())
    assert found is not None, head.inner_text()
    written = f"{found[2]}:{found[1]}"
    tip = head.locator(".iw-head-text").get_attribute("title") or ""
    assert f"--head {found[2]}:{found[1].replace(' ', '')}" in tip  # on hover, as drawn
    nb.execute("game.reveal(); game.journal.close()")
    report = verify(journal, heads=[written])
    assert report.ok, report.text()
    assert f"the table's seed {PHRASE!r} is bound into every roll" in report.text()
    assert f"head {found[1]} (after 1 public roll(s)) is carried by line" in report.text()
    nb.assert_no_errors()
