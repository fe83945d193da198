"""A journal file's replay served by **Voila** (the same server's ``/voila/render/``),
scrubbed by keys there; a screenshot goes to ``screenshots/replay-voila.png``.

Each notebook's own Replay, scrubbed by keys after its Run All and checked against a
resume of its journal, and the recap it wrote, opened offline, are checked on the Run
All of ``test_each_notebook.py`` (``replay_check.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from lab import SCREENSHOTS, LabServer, Notebook
from replay_check import SCRUB

pytestmark = pytest.mark.browser

OpenNotebook = Callable[[str], Notebook]

VOILA_NOTEBOOK = "replay_voila.ipynb"


def write_replay_notebook(path: Path, call: str) -> None:
    """Write a one-cell notebook at ``path`` whose cell shows ``call`` (a ``Replay(...)``
    expression), for Voila to render."""
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "replay",
        "metadata": {},
        "outputs": [],
        "source": f"from isowidgets.widgets.replay import Replay\n{call}",
    }
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook))


def test_the_replay_works_in_voila_by_keys(notebook: OpenNotebook, lab_server: LabServer) -> None:
    """A journal file's replay served by Voila: the page shows it, and the keys scrub it."""
    nb = notebook("echo.ipynb")  # any page of the server, for the browser context
    journal = lab_server.root / "sessions" / "voila-tray.jsonl"
    nb.execute(
        "from isowidgets.tray import DiceTray\n"
        f"_g = DiceTray.new({str(journal)!r}, seed=5, title='Rolls in Voila')\n"
        "for _n in (4, 6, 8):\n"
        "    _g.roll(f'2d{_n}', purpose=f'd{_n}s')\n"
        "_g.journal.close()\n"
    )
    write_replay_notebook(
        lab_server.root / VOILA_NOTEBOOK,
        f"Replay({str(journal)!r}, position=1)",
    )
    page = nb.page.context.new_page()
    try:
        page.goto(f"{lab_server.url}/voila/render/{VOILA_NOTEBOOK}", timeout=120_000)
        scrub = page.locator(SCRUB)
        scrub.wait_for(timeout=120_000)
        scrub.focus()
        for beat in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "(n) => document.querySelector('.iw-replay-status')?.innerText"
                ".includes(`beat ${n} of 3`)",
                arg=beat,
                timeout=30_000,
            )
        # The status and the beat's card are two views, updated one after the other.
        page.wait_for_function(
            "() => document.querySelector('.iw-replay-beat')?.innerText.includes('2d8 for d8s')",
            timeout=30_000,
        )
        assert "2d8 for d8s" in page.locator(".iw-replay-beat").inner_text()
        page.keyboard.press("Home")
        page.wait_for_function(
            "() => document.querySelector('.iw-replay-status')?.innerText.startsWith('Line 1 of')"
        )
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "replay-voila.png"), full_page=True)
    finally:
        page.close()
        lab_server.shutdown_kernels(VOILA_NOTEBOOK)


ISOLATION_NOTEBOOK = "replay_isolation_da.ipynb"

PARTS = (".iw-replay-title", ".iw-replay-controls", ".iw-replay-card", ".iw-replay-board")
"""The parts of a replay the Danish walk reads: all but the log, whose lines still carry
the reasons the engine journaled in English ("Basic Failure (ISO-R34)", "descriptor pass
(ISO-R08)"): recorded text, not a catalogue's."""


def test_an_isolation_replay_speaks_danish(notebook: OpenNotebook, lab_server: LabServer) -> None:
    """Isolation's whole session (a conflict, a death, the end of a session, a pair roll)
    replayed in Danish by Voila at 1280×800: scrubbed by keys beat by beat, every beat's
    card says it in Danish (its catalogue is ``da/LC_MESSAGES/isolation.po``, issue 26), and
    the pseudo-language walk's scan, as on a Danish stream, finds no English template of
    the catalogues in any of its :data:`PARTS` at any beat."""
    from replay_play import FULL
    from test_stream import english_on

    from isowidgets.reel import Reel
    from isowidgets.words import render

    nb = notebook("echo.ipynb")  # any page of the server, for the browser context
    journal = lab_server.root / "sessions" / "voila-isolation.jsonl"
    journal.parent.mkdir(exist_ok=True)
    game = FULL["isolation"](journal)
    game.journal.close()
    # Every beat the replay scrubs: the conflict twice (an undo took it back, a redo put it
    # back), the death, the session's end and the pair roll.
    story = [render(mark.beat.heading, "da") for mark in Reel.of(journal).beats]
    assert len(story) == 5 and story[-1] == "Parslag · Alice og Bob"
    write_replay_notebook(
        lab_server.root / ISOLATION_NOTEBOOK,
        f"Replay({str(journal)!r}, language='da', position=1)",
    )
    page = nb.page.context.new_page()
    try:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{lab_server.url}/voila/render/{ISOLATION_NOTEBOOK}", timeout=120_000)
        scrub = page.locator(SCRUB)
        scrub.wait_for(timeout=120_000)
        scrub.focus()
        for beat, heading in enumerate(story, start=1):
            page.keyboard.press("ArrowRight")
            page.wait_for_function(
                "([n, count, heading]) => document.querySelector('.iw-replay-status')"
                "?.innerText.includes(`øjeblik ${n} af ${count}`)"
                " && document.querySelector('.iw-replay-beat')?.innerText.includes(heading)",
                arg=[beat, len(story), heading],
                timeout=30_000,
            )
            english = [
                found
                for root in PARTS
                for found in english_on(page, "The farmhouse: boarding up", root=root)
            ]
            assert not english, f"English on the Danish replay at beat {beat}: {english[:12]}"
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"replay-isolation-da-{beat}.png"))
    finally:
        page.close()
        lab_server.shutdown_kernels(ISOLATION_NOTEBOOK)
