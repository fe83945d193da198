"""The stream view in a real browser: every system's page fits its frame, reads over any
video, reveals a new resolution, and follows the GM.

For each system a short session is played into a journal (the test is the GM's
kernel: it holds the file), and one ``python -m isowidgets.stream`` serves it for every
test of that system, as a user starts it; each page asks for its size, layout,
language and transparency in its address (``?size=1280x720&layout=lower-third…``), as a
browser source does. On every page:

* nothing of Jupyter shows (no code, no menus or toolbars, no widget error);
* **fit**: every piece of text is inside the frame and inside its card, no box that
  hides its overflow holds more than it shows (a cut label, a wrapped track pushed out
  of its card), and no text is smaller than 18 px at 720p (27 px at 1080p), the map's
  labels on its canvas included; a chart fills its box, in width and in height;
* **over video**: a transparent page has no background of its own and every card keeps
  a near-opaque fill; composited over a black and over a white frame (the frame behind
  the page painted, as OBS composites it), every text's contrast with what is behind it,
  read from the screenshot's pixels, is at least 4.5:1.

A Danish page speaks Danish: the pseudo-language walk's scan
(``test_pseudo_language.py``: every visible text, the chart's legend and titles in its
SVG too, every ``title`` and ``aria-label``) finds no English template of the catalogues
that is not also Danish, and none of :data:`ENGLISH` (the words an English page of these
sessions shows, and a Danish one showed before it said them through the catalogues).

Then the page follows the GM (a new action reaches it) and, when the browser asks for
reduced motion, reveals it without animation. Screenshots:
``screenshots/stream-<system>-<size>-<layout>-<language>-<plain|black|white>.png``.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from lab import SCREENSHOTS
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from stream_play import FOLLOWS, PLAYS
from stream_server import STREAM_READY_JS, StreamServer
from test_pseudo_language import CLOSE, OPEN, WALK_JS, english_in

from isowidgets.game import Game

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

FRAMES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}

VARIANTS = [
    ("1280x720", "board", "en", True),
    ("1280x720", "board", "da", False),
    ("1920x1080", "board", "en", False),
    ("1920x1080", "board", "da", True),
    ("1280x720", "lower-third", "en", True),
    ("1920x1080", "lower-third", "da", True),
]
"""(size, layout, language, transparent): each size, layout, language and background
at least once for every system."""

ENGLISH = re.compile(
    r"\b(?:Pressure|Year-end|NPC|margin|Relief|Climate|Ecosystem|Resources|Infrastructure"
    r"|Political|Escalation|Events?|Turn|Conflict|Success|Failure|Healthy|Injured|Dying"
    r"|Dead|Damage|Wound|Latest|result|against|evens|odds|the table|the GM|chained|dice"
    r"|committed|seed|head|rolls?|step|Test|now|Player|Adversary|round)\b"
)
"""English words of the stream's own vocabulary: none is a word the short sessions
typed (their names, actions, Details, and Watch the World Die's Events and regions)."""

CHROME_JS = """() => ({
  code: document.querySelectorAll('.jp-InputArea, .jp-CodeMirrorEditor, .cm-editor').length,
  source: document.body.innerText.includes('StreamPage'),
  chrome: document.querySelectorAll(
    '#jp-top-panel, .jp-MenuBar, .lm-MenuBar, .jp-Toolbar, .jp-NotebookPanel-toolbar, ' +
    '.jp-StatusBar, #jp-left-stack').length,
  errors: document.body.innerText.includes('Error displaying widget'),
})"""

CHARTS_FILL_JS = """() => [...document.querySelectorAll('.iw-stream-chartbox')].every((box) => {
  const svg = box.querySelector('.main-svg');
  if (!svg) return false;
  const a = box.getBoundingClientRect(), b = svg.getBoundingClientRect();
  return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top),
                  Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom)) <= 3;
})"""
"""True once every chart on the page fills its box (none: at once)."""

FIT_JS = """(least) => {
  const root = document.querySelector('.iw-stream');
  const frame = root.getBoundingClientRect();
  const found = {small: [], outside: [], clipped: [], texts: []};
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const said = (node) => node.textContent.trim().slice(0, 50);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (el.closest('style, script')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;  // not drawn
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
    const size = parseFloat(style.fontSize);
    if (size < least) found.small.push([said(node), size]);
    const card = el.closest('.iw-stream-card');
    const box = card ? card.getBoundingClientRect() : frame;
    for (const r of rects) {
      const out = (b) => r.left < b.left - 1 || r.right > b.right + 1 ||
        r.top < b.top - 1 || r.bottom > b.bottom + 1;
      if (out(frame) || out(box)) {
        found.outside.push([said(node), Math.round(r.left), Math.round(r.top),
                            Math.round(r.right), Math.round(r.bottom)]);
        break;
      }
    }
    for (let a = el; a && a !== root; a = a.parentElement) {
      const st = getComputedStyle(a);
      const hides = st.overflowX !== 'visible' || st.overflowY !== 'visible' ||
        st.textOverflow === 'ellipsis';
      if (hides && (a.scrollWidth > a.clientWidth + 2 || a.scrollHeight > a.clientHeight + 2)) {
        found.clipped.push([said(node), a.className.toString().slice(0, 60),
                            a.scrollWidth, a.clientWidth, a.scrollHeight, a.clientHeight]);
        break;
      }
    }
    const r = rects[0];
    found.texts.push([said(node), r.left, r.top, r.right, r.bottom]);
  }
  const cards = [...root.querySelectorAll('.iw-stream-card')].map((card) => {
    const r = card.getBoundingClientRect();
    return {fill: getComputedStyle(card).backgroundColor, top: r.top, bottom: r.bottom,
            left: r.left, right: r.right};
  });
  const map = document.querySelector('.iw-stream-map');
  const cy = map && map._cyreg && map._cyreg.cy;
  const labels = cy ? cy.elements().filter((e) => e.visible() && e.style('label'))
    .map((e) => [e.style('label').slice(0, 30), parseFloat(e.renderedStyle('font-size'))]) : [];
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
  };
  const charts = [...root.querySelectorAll('.iw-stream-chartbox')].map((box) => {
    const svg = box.querySelector('.main-svg');
    return {box: rect(box), chart: svg ? rect(svg) : null,
            card: rect(box.closest('.iw-stream-card'))};
  });
  return {found, cards, labels, charts, body: getComputedStyle(document.body).backgroundColor,
          frame: [frame.width, frame.height]};
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Any]]:
    """``served(system)``: that system's short session and its stream server, started on
    first use and shared by every test of this module (stopped at its end)."""
    held: dict[str, tuple[StreamServer, Game[Any]]] = {}
    with contextlib.ExitStack() as stack:

        def get(system: str) -> tuple[StreamServer, Game[Any]]:
            if system not in held:
                folder = tmp_path_factory.mktemp(f"stream-{system}")
                journal = folder / f"{system}.jsonl"
                game = PLAYS[system](journal)
                stack.callback(game.journal.close)
                server = StreamServer(journal, 0, log=folder / "stream.log")
                held[system] = (stack.enter_context(server), game)
            return held[system]

        try:
            yield get
        finally:  # ask every server to stop first, then wait for each: together
            for server, _game in held.values():
                server.terminate()


def english_on(page: Page, typed: str, root: str = ".iw-stream") -> list[tuple[str, str, str]]:
    """What of a Danish page is English: (where, text, why) for every text the walk
    reads (inside ``root``) that is an English template of the catalogues, or holds a
    word of :data:`ENGLISH` once the ``typed`` text (the session's title) is taken out."""
    walked = page.evaluate(WALK_JS, [root, OPEN, CLOSE])
    assert walked and walked["found"], "no text on the page"
    found = []
    for item in walked["found"]:
        text = item["text"]
        match = ENGLISH.search(text.replace(typed, " ") if typed else text)
        why = english_in(text) or (match.group(0) if match else "")
        if why:
            found.append((item["where"], text, why))
    return found


def _open(context: BrowserContext, server: StreamServer, size: str, query: str) -> Page:
    width, height = FRAMES[size]
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server.url}?size={size}&{query}", wait_until="commit")
    page.wait_for_function(STREAM_READY_JS, timeout=180_000)
    # The board settles into its boxes when the browser has drawn it (signals 0.2, 1.5
    # and 5 s after the first frame): wait for the map's fit, or that much; and for a
    # chart to take its box (the last signal, on a loaded machine).
    page.wait_for_timeout(2_200)
    with contextlib.suppress(PlaywrightTimeout):  # the test says what is wrong
        page.wait_for_function(CHARTS_FILL_JS, timeout=30_000)
    return page


def _frame_behind(page: Page, colour: str) -> bytes:
    """A screenshot of the page over a frame of ``colour`` (painted behind the page)."""
    page.evaluate(
        "(c) => document.documentElement.style.setProperty('background', c, 'important')",
        colour,
    )
    return page.screenshot()


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    light, dark = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def low_contrast(png: bytes, texts: list[list[Any]]) -> list[tuple[str, float]]:
    """Each text whose pixels do not stand out 4.5:1 from what is behind them: in the
    text's box, what is behind is the colour most pixels have, and the text is the
    pixel that differs most from it (the core of a glyph, not its smoothed edge)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    worst = []
    for text, left, top, right, bottom in texts:
        box = (max(0, int(left)), max(0, int(top)), int(right) + 1, int(bottom) + 1)
        if box[2] - box[0] < 2 or box[3] - box[1] < 2:
            continue
        counts = image.crop(box).getcolors(maxcolors=1 << 20) or []
        if not counts:
            continue
        behind = max(counts)[1]
        ink = max((colour for _n, colour in counts), key=lambda c: _contrast(c, behind))
        ratio = _contrast(ink, behind)
        if ratio < 4.5:
            worst.append((text, round(ratio, 2)))
    return worst


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(map(str, v)))
@pytest.mark.parametrize("system", list(PLAYS))
def test_the_page_fits_its_frame_and_reads_over_any_video(
    system: str,
    variant: tuple[str, str, str, bool],
    served: Callable[[str], Any],
    lab_browser: BrowserContext,
) -> None:
    size, layout, language, transparent = variant
    server, game = served(system)
    width, height = FRAMES[size]
    query = f"layout={layout}&language={language}&transparent={int(transparent)}"
    page = _open(lab_browser, server, size, query)
    try:
        name = f"stream-{system}-{size}-{layout}-{language}"
        SCREENSHOTS.mkdir(exist_ok=True)
        assert page.evaluate(CHROME_JS) == {
            "code": 0, "source": False, "chrome": 0, "errors": False,
        }  # fmt: skip
        least = 18 * height / 720 * 0.99
        fit = page.evaluate(FIT_JS, least)
        found = fit["found"]
        shots: dict[str, bytes] = {}
        if transparent:  # over a black and a white frame, as OBS composites it
            for colour, frame in (("#000000", "black"), ("#ffffff", "white")):
                shots[frame] = _frame_behind(page, colour)
        else:
            shots["plain"] = page.screenshot()
        for frame, png in shots.items():
            (SCREENSHOTS / f"{name}-{frame}.png").write_bytes(png)
        assert fit["frame"] == [width, height]
        if language == "da":
            english = english_on(page, getattr(game.journal.entries[0].event, "title", ""))
            assert not english, f"English on the Danish page: {english[:12]}"
        assert found["texts"], "the page shows no text"
        assert not found["small"], f"text smaller than {least:.1f} px: {found['small'][:8]}"
        assert not found["outside"], f"text outside its card or the frame: {found['outside'][:8]}"
        assert not found["clipped"], f"text cut by its box: {found['clipped'][:8]}"
        small_labels = [label for label in fit["labels"] if label[1] < least]
        assert not small_labels, f"map labels smaller than {least:.1f} px: {small_labels[:8]}"
        for card in fit["cards"]:
            assert card["bottom"] <= height + 1 and card["right"] <= width + 1, card
        for chart in fit["charts"]:  # a chart stretches to its box, both ways
            assert chart["chart"] is not None, "the chart is not drawn"
            gaps = [abs(a - b) for a, b in zip(chart["box"], chart["chart"], strict=True)]
            assert max(gaps) <= 3, f"the chart {chart['chart']} does not fill its box {chart}"
            box, card = chart["box"], chart["card"]  # and the box its card's width
            assert box[2] - box[0] >= 0.9 * (card[2] - card[0]), f"a narrow chart box: {chart}"
        if layout == "lower-third":
            assert max(card["bottom"] for card in fit["cards"]) >= height * 0.95
        if not transparent:
            assert fit["body"] != "rgba(0, 0, 0, 0)"
            return
        assert fit["body"] == "rgba(0, 0, 0, 0)"  # only the page's own background goes
        for card in fit["cards"]:
            fill = card["fill"]
            alpha = float(fill.split(",")[3].rstrip(")")) if fill.startswith("rgba") else 1.0
            assert alpha >= 0.9, f"a card's fill is {fill}: text would sit on the video"
        for frame, png in shots.items():
            worst = low_contrast(png, found["texts"])
            assert not worst, f"over a {frame} frame, contrast below 4.5:1: {worst[:8]}"
    finally:
        page.close()


def test_a_new_resolution_is_revealed_and_reduced_motion_stills_it(
    served: Callable[[str], Any], lab_browser: BrowserContext
) -> None:
    """The dice come in first, the verdict after them; a viewer who asks for reduced
    motion gets the same page with no animation at all."""
    server, _game = served("isolation")
    page = _open(lab_browser, server, "1280x720", "layout=board")
    try:
        animation = page.evaluate(
            """() => [...document.querySelectorAll('.iw-reveal-dice, .iw-reveal-verdict')]
                 .map((el) => [el.className, getComputedStyle(el).animationName,
                               parseFloat(getComputedStyle(el).animationDelay)])"""
        )
        dice = [a for a in animation if "iw-reveal-dice" in a[0]]
        verdict = [a for a in animation if "iw-reveal-verdict" in a[0]]
        assert dice and verdict and all(a[1] == "iw-stream-in" for a in animation)
        assert max(a[2] for a in dice) < min(a[2] for a in verdict)  # dice, then verdict
    finally:
        page.close()
    page = lab_browser.new_page()
    try:
        page.emulate_media(reduced_motion="reduce")
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(f"{server.url}?size=1280x720", wait_until="commit")
        page.wait_for_function(STREAM_READY_JS, timeout=180_000)
        names = page.evaluate(
            """() => [...document.querySelectorAll('.iw-reveal-dice, .iw-reveal-verdict')]
                 .map((el) => getComputedStyle(el).animationName)"""
        )
        assert names and set(names) == {"none"}
    finally:
        page.close()


@pytest.mark.parametrize(
    ("system", "layout", "language", "query", "chosen"),
    [("fudge_conflict", "board", "en", "previously=2", slice(-2, None)),
     ("fudge_conflict", "lower-third", "da", "previously_from=2", slice(1, None)),
     ("isolation", "board", "da", "previously=1", slice(-1, None))],
)  # fmt: skip
def test_previously_on_plays_the_story_s_beats_then_follows_live(
    system: str,
    layout: str,
    language: str,
    query: str,
    chosen: slice,
    served: Callable[[str], Any],
    lab_browser: BrowserContext,
) -> None:
    """``?previously=2`` (the last two beats) or ``?previously_from=2`` (from the second
    on): the page shows those beats of the Danish session (a conflict, then a round of
    *Let it hurt*), or Isolation's conflict, each under "Previously on…" in the page's
    language (a Danish page with no English on it), the board as it stood then, and then
    the session as it is now."""
    from isowidgets.reel import Reel
    from isowidgets.words import render

    server, game = served(system)
    story = [render(mark.beat.heading, language) for mark in Reel.of(game.journal.path).story()]
    told = story[chosen]
    assert told and len(told) == len(range(len(story))[chosen])
    words = {"en": ("Previously on", "of"), "da": ("Tidligere i", "af")}[language]
    page = lab_browser.new_page()
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        page.goto(
            f"{server.url}?size=1280x720&layout={layout}&language={language}&{query}",
            wait_until="commit",
        )
        for number, heading in enumerate(told, start=1):
            page.wait_for_function(
                "([heading, counted]) => document.querySelector('.iw-stream--previously')"
                " && document.querySelector('.iw-outcome-head')?.innerText === heading"
                " && document.querySelector('.iw-stream-status')?.innerText.includes(counted)",
                arg=[heading, f"({number} {words[1]} {len(told)})"],
                timeout=180_000,
            )
            assert page.inner_text(".iw-stream-status").startswith(words[0])
            assert page.locator(".iw-outcome-verdict").count() == 1  # the beat's outcome
            page.wait_for_function(  # the reveal played out: the beat as viewers see it
                "() => document.getAnimations().every(a => a.playState === 'finished')",
                timeout=10_000,
            )
            if language == "da":
                title = getattr(game.journal.entries[0].event, "title", "")
                english = english_on(page, title)
                assert not english, f"English on the Danish page: {english[:12]}"
            shot = f"stream-previously-{system}-{layout}-{language}-{number}.png"
            page.screenshot(path=str(SCREENSHOTS / shot))
        # Live again: the page's class, its status line and its outcome each come in
        # their own message; wait for all three before reading them.
        with contextlib.suppress(PlaywrightTimeout):  # the asserts below say what is wrong
            page.wait_for_function(
                "([said, latest]) => !document.querySelector('.iw-stream--previously')"
                " && document.querySelector('.iw-stream--live')"
                " && !document.querySelector('.iw-stream-status')?.innerText.includes(said)"
                " && document.querySelector('.iw-outcome-head')?.innerText === latest",
                arg=[words[0], story[-1]],
                timeout=30_000,
            )
        assert not page.locator(".iw-stream--previously").count()
        assert words[0] not in page.inner_text(".iw-stream-status")
        assert page.inner_text(".iw-outcome-head") == story[-1]  # live: the latest
    finally:
        page.close()


@pytest.mark.parametrize("system", ["impact", "watch_the_world_die"])
def test_a_danish_previously_on_tells_every_beat_in_danish(
    system: str, tmp_path: Path, lab_browser: BrowserContext
) -> None:
    """``?language=da&previously_from=1`` on a whole session of Impact (two tests and a
    rest) or Watch the World Die (two Make It Worse turns, a Relieve It, a year end):
    each beat, and the board as it stood then, reads with no English (issue 26: these
    systems' beats fell back to their English templates)."""
    from replay_play import FULL

    from isowidgets.reel import Reel
    from isowidgets.words import render

    journal = tmp_path / f"{system}.jsonl"
    game = FULL[system](journal)
    game.journal.close()
    title = getattr(game.journal.entries[0].event, "title", "")
    told = [render(mark.beat.heading, "da") for mark in Reel.of(journal).story()]
    assert len(told) >= 3
    with StreamServer(journal, 0, log=tmp_path / "stream.log") as server:
        page = lab_browser.new_page()
        try:
            page.emulate_media(reduced_motion="reduce")
            page.set_viewport_size({"width": 1280, "height": 720})
            page.goto(
                f"{server.url}?size=1280x720&language=da&previously_from=1", wait_until="commit"
            )
            for number, heading in enumerate(told, start=1):
                page.wait_for_function(
                    "([heading, counted]) => document.querySelector('.iw-stream--previously')"
                    " && document.querySelector('.iw-outcome-head')?.innerText === heading"
                    " && document.querySelector('.iw-stream-status')?.innerText"
                    ".includes(counted)",
                    arg=[heading, f"({number} af {len(told)})"],
                    timeout=180_000,
                )
                assert page.inner_text(".iw-stream-status").startswith("Tidligere i")
                english = english_on(page, title)
                page.screenshot(
                    path=str(SCREENSHOTS / f"stream-previously-{system}-da-{number}.png")
                )
                assert not english, f"English in beat {number} ({heading}): {english[:12]}"
        finally:
            page.close()


@pytest.mark.parametrize("system", list(PLAYS))
def test_the_page_follows_the_gm(
    system: str, served: Callable[[str], Any], lab_browser: BrowserContext
) -> None:
    """A new action appended by the GM's kernel reaches the page's outcome (last: it
    changes the session the other tests of this system look at)."""
    server, game = served(system)
    page = _open(lab_browser, server, "1920x1080", "layout=board")
    try:
        before = page.inner_html(".iw-stream-outcome")
        FOLLOWS[system](game)  # the GM plays on: a new action with dice
        page.wait_for_function(
            "(before) => document.querySelector('.iw-stream-outcome').innerHTML !== before",
            arg=before,
            timeout=30_000,
        )
    finally:
        page.close()
