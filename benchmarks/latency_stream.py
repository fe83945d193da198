"""GM click → the stream page shows it, against the bare Button→Label echo, at 100 and at
10,000 events; and the follower's cost per poll at both sizes, in one run.

Usage::

    .venv/bin/python benchmarks/latency_stream.py [--runs 30] [--warmup 5] [--gap 1.0]
                                                  [--sizes 100,10000]

For each session size, one JupyterLab with the kit's server config (as ``make lab``
starts it) serves ``tests/browser/notebooks/echo.ipynb`` and a GM notebook: a dice tray
(:class:`~isowidgets.widgets.tray.TrayPanel`) resuming a journal of that many events,
written beforehand. ``python -m isowidgets.stream`` serves the stream view of that
journal (a second process, as a streamer runs it, with ``--hold 0``: the page's hold
keeps a resolution on screen a moment before the next, on purpose, and is not what is
measured), opened in a second Chromium so both pages are in the foreground. Variants,
interleaved in blocks of five so that machine load hits them alike:

* **echo**: the bare Button→Label round trip in JupyterLab (the baseline);
* **gm roll**: *Roll* in the GM's tray until the GM's own log shows it;
* **gm roll → stream**: the same click until the stream page's outcome changes. The
  click's time is taken in the GM's page and the change's in the stream page, both as
  ``performance.timeOrigin + performance.now()`` (one clock: the same machine). It
  covers the GM's kernel writing the journal, the stream kernel being woken by the
  file's change (inotify) and reading, folding and drawing only what was appended, and
  the stream page's websocket.

Then, in this process, **the follower's cost per poll**: a
:class:`~isowidgets.follow.Spectator` of each size's journal, timed for one poll after
one more roll is appended (what each GM click costs the stream's kernel), and after an
undo (folded from the last checkpoint).

Clicks are a second apart: longer than the stream page's reveal (the dice, then the
outcome: 0.8 s), so each click lands on a page at rest, as at a table, where
resolutions come seconds apart. Half a second apart, four clicks in five landed while
the previous reveal was still drawing, and its frames (about 100 ms of Chromium's CPU per
reveal, headless and without a GPU) competed with the click being measured; what is
measured, click to the outcome's change, is the same either way.

Prints median and p95 of each and each median's ratio to the echo's. Numbers are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from _latency import (
    Stats,
    browser_problem,
    click_arguments,
    interleave,
    lab_servers,
    launch_browser,
    open_notebook,
    time_click,
)
from playwright.sync_api import sync_playwright
from stream_server import STREAM_READY_JS, StreamServer

from isowidgets.follow import Spectator
from isowidgets.tray import DiceTray

STREAM_PORT = 0  # a free port (see stream_server.free_port)
GM_NOTEBOOK = "stream_gm.ipynb"

GM_SOURCE = """
from isowidgets.tray import DiceTray
from isowidgets.widgets.tray import TrayPanel

game = DiceTray.resume({path!r})
panel = TrayPanel(game, log_rows=3)
panel.count.value = 8  # eight dice: two rolls in a row never read the same
panel
"""

_WATCH_JS = """(selector) => {
  const watched = document.querySelector(selector);
  const before = watched.innerHTML;
  window.__seen = null;
  const observer = new MutationObserver(() => {
    if (watched.innerHTML === before) return;
    window.__seen = performance.timeOrigin + performance.now();
    observer.disconnect();
  });
  observer.observe(watched, {subtree: true, childList: true, characterData: true,
                             attributes: true});
}"""
"""In the stream page: note the time the watched element first changes."""

_CLICK_JS = """(selector) => {
  const t0 = performance.timeOrigin + performance.now();
  document.querySelector(selector).click();
  return t0;
}"""
"""In the GM's page: click, and return the time of the click."""


def write_gm_notebook(root: Path, journal: Path) -> None:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    source = GM_SOURCE.format(path=str(journal))
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source)], metadata={"kernelspec": kernel}
    )
    nbformat.write(nb, root / GM_NOTEBOOK)


def write_session(journal: Path, events: int) -> None:
    """A dice tray session of ``events`` events (rolls) at ``journal``, closed again."""
    game = DiceTray.new(journal, seed=15, title="Latency on stream")
    for n in range(events - 1):
        game.roll("3d6", purpose=f"roll {n}")
    game.journal.close()


def follower_costs(journal: Path, polls: int) -> tuple[Stats, Stats]:
    """Milliseconds of one poll after one more roll, and after an undo, at ``journal``."""
    game = DiceTray.resume(journal)
    spectator = Spectator(journal)
    spectator.poll()
    rolled, undone = [], []
    try:
        for _ in range(polls):
            game.roll("3d6", purpose="one more")
            began = time.perf_counter()
            assert spectator.poll() is not None
            rolled.append((time.perf_counter() - began) * 1000)
        for _ in range(polls):
            game.undo()
            began = time.perf_counter()
            assert spectator.poll() is not None
            undone.append((time.perf_counter() - began) * 1000)
    finally:
        game.journal.close()
    return Stats(tuple(rolled)), Stats(tuple(undone))


def latency(args: argparse.Namespace, events: int, tmp: Path) -> dict[str, Stats]:
    """The three click variants on a session of ``events`` events."""
    journal = tmp / f"stream-bench-{events}.jsonl"
    write_session(journal, events)
    with (
        lab_servers({"kit": True}) as servers,
        sync_playwright() as playwright,
        contextlib.ExitStack() as stack,
    ):
        # Two Chromium processes from one Playwright: each page in its own foreground window.
        browser = launch_browser(playwright, tmp / f"gm-profile-{events}")
        stack.callback(browser.close)
        viewer = launch_browser(playwright, tmp / f"viewer-profile-{events}")
        stack.callback(viewer.close)
        server = servers["kit"]
        write_gm_notebook(server.root, journal)
        echo = stack.enter_context(open_notebook(browser, server, "echo.ipynb"))
        echo.run_all()
        echo.wait_for_text("echo-label", "0")
        gm = stack.enter_context(open_notebook(browser, server, GM_NOTEBOOK))
        gm.run_all(widget_timeout=120)
        gm.page.wait_for_selector(".iw-tray .iw-roll", timeout=120_000)
        stream = stack.enter_context(
            StreamServer(journal, STREAM_PORT, "--hold", "0", log=tmp / f"stream-{events}.log")
        )
        page = viewer.new_page()
        stack.callback(page.close)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(stream.url, wait_until="commit")
        page.wait_for_function(STREAM_READY_JS, timeout=180_000)
        if not server.kit_config_active():
            raise RuntimeError("the JupyterLab server does not run the kit's config")

        roll, log, outcome = ".iw-tray .iw-roll", ".iw-tray .iw-log", ".iw-stream-outcome"

        def echo_click() -> float:
            return time_click(echo.page, ".echo-button", ".echo-label")

        def gm_click() -> float:
            return time_click(gm.page, roll, log)

        def stream_click() -> float:
            page.evaluate(_WATCH_JS, outcome)
            clicked: float = gm.page.evaluate(_CLICK_JS, roll)
            page.wait_for_function("() => window.__seen !== null", timeout=10_000)
            seen: float = page.evaluate("() => window.__seen")
            return seen - clicked

        stats: dict[str, Stats] = interleave(
            {
                "echo": (echo, echo_click),
                "gm roll": (gm, gm_click),
                "gm roll → stream": (gm, stream_click),
            },
            runs=args.runs,
            warmup=args.warmup,
            gap=args.gap,
        )
        gm.assert_no_errors()
    return stats


def _line(name: str, summary: Stats, width: int) -> str:
    return (
        f"  {name:<{width}} median {summary.median:7.2f} ms   p95 {summary.p95:7.2f} ms   "
        f"min {min(summary.samples):7.2f}   max {max(summary.samples):7.2f}   "
        f"n={len(summary.samples)}"
    )


def main(argv: list[str] | None = None) -> int:
    def more(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--sizes", default="100,10000", help="session sizes in events")

    args = click_arguments(__doc__.split("\n\n")[0], argv, gap=1.0, more=more)
    sizes = [int(size) for size in args.sizes.split(",")]
    problem = browser_problem()
    if problem:
        print(f"cannot run: {problem}", file=sys.stderr)
        return 2
    print(
        f"GM click → stream page vs bare echo at {', '.join(map(str, sizes))} events; kit "
        f"servers (TCP_NODELAY); {args.runs} clicks per variant after {args.warmup} warm-up, "
        f"{args.gap:g} s apart, interleaved in blocks of 5.",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="isowidgets-stream-bench-") as folder:
        tmp = Path(folder)
        for events in sizes:
            stats = latency(args, events, tmp)
            width = max(len(n) for n in stats) + 1
            print(f" session of {events:,} events:")
            for name, summary in stats.items():
                print(_line(name, summary, width))
            base = stats["echo"].median
            for name in ("gm roll", "gm roll → stream"):
                ratio = stats[name].median / base
                ratio95 = stats[name].p95 / stats["echo"].p95
                label = f"{name} / echo"
                print(
                    f"  {label:<{width + 7}} median {ratio:5.2f}x   p95 {ratio95:5.2f}x", flush=True
                )
        print("The follower's cost per poll (in this process, 30 polls each):")
        for events in sizes:
            rolled, undone = follower_costs(tmp / f"stream-bench-{events}.jsonl", 30)
            print(_line(f"{events:>6,} events, a roll appended", rolled, 34))
            print(_line(f"{events:>6,} events, an undo", undone, 34), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
