"""Scrub a notebook's played session back to a beat by keys, and open its recap offline.

:func:`scrub_then_read_the_recap` takes a notebook after Run All; ``test_each_notebook.py``
calls it for each notebook in :data:`SESSIONS`, on the same Run All as its other checks
(a Run All of a table's notebook is the slowest thing the browser tier does). With the
notebook's own **Replay** (at its end):

* the slider is focused and keys are pressed as a person presses them: **Home** (the
  session's start), then **→** beat after beat, **←** once back, **End** and **Home**;
  the focus ring is drawn on the slider;
* at the beat reached, what the board shows (read from the page) is checked against a
  **resume of the journal cut at that line** made in the kernel (the public entries, as a
  stream following the file had them): Isolation's Stress, everyone's health and the
  map's nodes; Impact's Impact Die per holder; the Danish damage tracks; Watch the World
  Die's year and Pressure and the chart's points; and the beat card shows that beat;
* the **recap** the notebook wrote is opened in a page that may fetch nothing but the file
  itself (every other request is refused and counted): every beat of the session's story
  is there, in order, with its board; axe-core finds nothing critical or serious in it.

Screenshots of the replay at the beat and of each recap are written to
``screenshots/replay-*.png``.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

from lab import SCREENSHOTS, LabServer, Notebook
from playwright.sync_api import TimeoutError as PlaywrightTimeout

SESSIONS = {
    "01-isolation.ipynb": ("motel", "motel-recap"),
    "02-impact.ipynb": ("game", "impact-spy-recap"),
    "03-fudge-conflict.ipynb": ("game", "fudge-station-recap"),
    "04-watch-the-world-die.ipynb": ("game", "world-2020-recap"),
}
"""Each notebook's played game (its variable) and the recap it exports (``exports/NAME.html``)."""

SCRUB = ".iw-replay-scrubber input.iw-scrub"

_FACTS = """
import json
from isowidgets.journal import Journal
from isowidgets.visibility import public_entries
from isowidgets.words import render

def _facts(game, position):
    # What the board must show at ``position``, from a resume of the journal cut there
    # (its public entries, as a stream following the file had them): selector -> texts.
    cls = type(game)
    entries = list(game.journal.entries)[:position]
    resumed = cls._from_journal(Journal.view(public_entries(entries, aside=cls.aside)), None)
    state = resumed.state
    within, nodes, points = {}, None, None
    if cls.system == "isolation":
        within[".iw-stream-stress"] = [f"now {state.stress}"]
        within[".iw-stream-health"] = [f"{c.name} {c.health}" for c in state.characters]
        nodes = len(state.characters)
    elif cls.system == "impact":
        from isowidgets.widgets.impact.views import ladder_levels, ladder_place
        for holder in (*state.characters, *state.scenes):
            place, words = ladder_place(holder.step, role=getattr(holder, "role", "scene"))
            now = f"now {ladder_levels()[place].label}" if place is not None else words
            within[f".iw-stream-ladder-{holder.id}"] = [holder.name, now]
    elif cls.system == "fudge_conflict":
        for c in state.characters:
            within[f".iw-stream-damage-{c.id}"] = [f"{len(c.track())} of 7"]
    elif cls.system == "watch_the_world_die":
        within[".iw-stream-pressure"] = [f"{state.year}", f"Pressure {state.pressure}"]
        points = len(resumed.pressure_timeline())
    return {"within": within, "nodes": nodes, "points": points}
"""


def _status(nb: Notebook) -> tuple[int, int, int]:
    """The replay's line, its number of lines and its beat, read from the page."""
    text = nb.widget("iw-replay-status").inner_text()
    found = re.search(r"Line (\d+) of (\d+) · beat (\d+) of (\d+)", text)
    assert found, text
    return int(found.group(1)), int(found.group(2)), int(found.group(3))


def _press(nb: Notebook, key: str, beat: int | None = None) -> None:
    """Press ``key`` on the slider; with ``beat``, wait until the replay shows that beat."""
    nb.press(nb.page.locator(SCRUB), key)
    if beat is not None:
        nb.page.wait_for_function(
            "(n) => / · beat (\\d+) of/.exec(document.querySelector('.iw-replay-status')"
            "?.innerText || '')?.[1] === String(n)",
            arg=beat,
            timeout=15_000,
        )


def _board_checks(nb: Notebook, facts: dict[str, Any]) -> None:
    """What the replay's board shows, read from the page, against ``facts``: waited for
    (the status line can show the beat a moment before the board's messages are drawn,
    on a loaded machine), then each part asserted with what it shows."""
    board = ".iw-replay-board .iw-stream-board"
    with contextlib.suppress(PlaywrightTimeout):  # the asserts below say what is wrong
        nb.page.wait_for_function(_BOARD_SHOWS_JS, arg=[board, facts], timeout=15_000)
    for selector, wanted in facts["within"].items():
        text = " ".join(nb.page.locator(f"{board} {selector}").inner_text().split())
        missing = [want for want in wanted if want not in text]
        assert not missing, f"{selector} lacks {missing}: it shows {text[:300]!r}"
    if facts["nodes"] is not None:
        shown = nb.page.evaluate(_NODES_SHOWN_JS)
        assert shown == facts["nodes"]
    if facts["points"] is not None:
        points = nb.page.evaluate(_POINTS_SHOWN_JS)
        assert points == facts["points"]


_NODES_SHOWN_JS = (
    "() => document.querySelector('.iw-replay-board .iw-stream-map')?._cyreg?.cy"
    ".nodes().filter((n) => n.visible()).length ?? null"
)
_POINTS_SHOWN_JS = (
    "() => document.querySelector('.iw-replay-board .iw-wtwd-chart')?.data?.[0]?.x?.length ?? null"
)
_BOARD_SHOWS_JS = f"""([board, facts]) => {{
  const squash = (t) => (t || '').split(/\\s+/).filter(Boolean).join(' ');
  for (const [selector, wanted] of Object.entries(facts.within)) {{
    const text = squash(document.querySelector(board + ' ' + selector)?.innerText);
    if (!wanted.every((w) => text.includes(w))) return false;
  }}
  if (facts.nodes !== null && ({_NODES_SHOWN_JS})() !== facts.nodes) return false;
  if (facts.points !== null && ({_POINTS_SHOWN_JS})() !== facts.points) return false;
  return true;
}}"""
"""True once the board shows every fact (the asserts after it name what it does not)."""


def _open_recap(nb: Notebook, path: Path, stem: str, expected: list[str]) -> None:
    """Open the recap where nothing but the file itself can be fetched; every beat there."""
    page = nb.page.context.new_page()
    refused: list[str] = []

    def only_the_file(route: Any) -> None:
        url = route.request.url
        if url == path.as_uri():
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    page.route("**/*", only_the_file)
    try:
        page.set_viewport_size({"width": 1100, "height": 1400})
        page.goto(path.as_uri())
        titles = [
            t.strip() for t in page.locator("section.iw-beat .iw-beat-title").all_inner_texts()
        ]
        assert titles == expected
        assert page.locator("article.iw-recap-moment .iw-recap-board").count() >= 1
        assert not refused, f"the recap asked for {refused}"
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"replay-recap-{stem}.png"), full_page=True)
        from axe_playwright_python.sync_playwright import Axe

        page.evaluate(Axe().axe_script)
        found = page.evaluate(
            "async () => (await axe.run(document)).violations.map((v) => "
            "({id: v.id, impact: v.impact, nodes: v.nodes.length, "
            "html: v.nodes.slice(0, 3).map((n) => n.html)}))"
        )
        serious = [v for v in found if v["impact"] in ("critical", "serious")]
        (SCREENSHOTS / f"axe-recap-{stem}.json").write_text(json.dumps(found, indent=2))
        assert not serious, serious
    finally:
        page.close()


def scrub_then_read_the_recap(nb: Notebook, lab_server: LabServer, name: str) -> None:
    """Scrub the notebook's Replay (Run All done) to a beat by keys, check its board
    against a resume of the journal cut there, and open the recap it wrote offline."""
    game, stem = SESSIONS[name]
    nb.execute(_FACTS)
    beats = int(nb.execute("print(len(replay.reel.beat_positions()))"))
    assert beats >= 2, f"{name}: the session has {beats} beats"
    nb.widget("iw-replay").scroll_into_view_if_needed()
    _press(nb, "Home", 0)
    assert _status(nb)[0] == 1
    target = min(3, beats)
    for beat in range(1, target + 1):
        _press(nb, "ArrowRight", beat)
    _press(nb, "ArrowRight", target + 1 if target < beats else target)
    _press(nb, "ArrowLeft", target)  # back to the beat
    ring = nb.page.evaluate(
        f"() => getComputedStyle(document.querySelector('{SCRUB}')).outlineStyle"
    )
    assert ring not in ("none", ""), "the focused slider draws no focus ring"
    position, count, beat = _status(nb)
    assert beat == target
    facts = json.loads(nb.execute(f"print(json.dumps(_facts({game}, {position})))"))
    _board_checks(nb, facts)
    heading = nb.execute(
        f"print(render(replay.reel.beats_at({position})[0].beat.heading, replay.language))"
    ).strip()
    card = nb.widget("iw-replay-beat").inner_text()
    assert heading in card
    nb.screenshot_widget("iw-replay", f"replay-{name.removesuffix('.ipynb')}-beat-{target}")
    _press(nb, "End")
    nb.page.wait_for_function(
        "(n) => document.querySelector('.iw-replay-status')?.innerText.includes(`Line ${n} of`)",
        arg=count,
    )
    expected = json.loads(
        nb.execute(
            "from isowidgets.reel import Reel\n"
            f"print(json.dumps([render(m.beat.heading, replay.language) for m in "
            f"Reel.of({game}).story()]))"
        )
    )
    _open_recap(nb, lab_server.root / "exports" / f"{stem}.html", stem, expected)
