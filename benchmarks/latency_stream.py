"""GM click → the stream page shows it, against the bare Button→Label echo, in one run.

Usage::

    .venv/bin/python benchmarks/latency_stream.py [--runs 30] [--warmup 5] [--gap 0.5]

One JupyterLab with the kit's server config (as ``make lab`` starts it) serves
``tests/browser/notebooks/echo.ipynb`` and a GM notebook written next to it: a dice
tray (:class:`~isowidgets.widgets.tray.TrayPanel`) whose session is a journal file.
``python -m isowidgets.stream`` serves the stream view of that journal (a second
process, as a streamer runs it), opened in a second Chromium so that both pages are
in the foreground (a background tab's timers are throttled). Variants, interleaved in
blocks of five so that machine load hits them alike:

* **echo**: the bare Button→Label round trip in JupyterLab (the baseline);
* **gm roll**: *Roll* in the GM's tray until the GM's own log shows it;
* **gm roll → stream**: the same click until the stream page's latest roll changes.
  The click's time is taken in the GM's page and the change's in the stream page,
  both as ``performance.timeOrigin + performance.now()`` (one clock: the same machine).
  It covers the GM's kernel writing the journal, the stream kernel's next poll
  (every 0.1 s, so about 50 ms on average), reading and folding the journal, and the
  stream page's websocket.

Prints median and p95 of each and each median's ratio to the echo's. Numbers are
printed, never asserted.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
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

STREAM_PORT = 8943
GM_NOTEBOOK = "stream_gm.ipynb"

GM_SOURCE = """
from isowidgets.tray import DiceTray
from isowidgets.widgets.tray import TrayPanel

game = DiceTray.new({path!r}, seed=15, title="Latency on stream")
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


def main(argv: list[str] | None = None) -> int:
    args = click_arguments(__doc__.split("\n\n")[0], argv, gap=0.5)
    problem = browser_problem()
    if problem:
        print(f"cannot run: {problem}", file=sys.stderr)
        return 2
    print(
        f"GM click → stream page vs bare echo; kit servers (TCP_NODELAY); "
        f"{args.runs} clicks per variant after {args.warmup} warm-up, {args.gap:g} s apart, "
        "interleaved in blocks of 5.",
        flush=True,
    )
    with (
        tempfile.TemporaryDirectory(prefix="isowidgets-stream-bench-") as tmp,
        lab_servers({"kit": True}) as servers,
        sync_playwright() as playwright,
        contextlib.ExitStack() as stack,
    ):
        # Two Chromium processes from one Playwright: each page in its own foreground window.
        browser = launch_browser(playwright, Path(tmp) / "gm-profile")
        stack.callback(browser.close)
        viewer = launch_browser(playwright, Path(tmp) / "viewer-profile")
        stack.callback(viewer.close)
        server = servers["kit"]
        journal = Path(tmp) / "stream-bench.jsonl"
        write_gm_notebook(server.root, journal)
        echo = stack.enter_context(open_notebook(browser, server, "echo.ipynb"))
        echo.run_all()
        echo.wait_for_text("echo-label", "0")
        gm = stack.enter_context(open_notebook(browser, server, GM_NOTEBOOK))
        gm.run_all(widget_timeout=60)
        gm.page.wait_for_selector(".iw-tray .iw-roll", timeout=60_000)
        stream = stack.enter_context(
            StreamServer(journal, STREAM_PORT, log=Path(tmp) / "stream.log")
        )
        page = viewer.new_page()
        stack.callback(page.close)
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(stream.url, wait_until="commit")
        page.wait_for_function(STREAM_READY_JS, timeout=90_000)
        if not server.kit_config_active():
            print("the JupyterLab server does not run the kit's config", file=sys.stderr)
            return 1

        roll, log, latest = ".iw-tray .iw-roll", ".iw-tray .iw-log", ".iw-stream-latest"

        def echo_click() -> float:
            return time_click(echo.page, ".echo-button", ".echo-label")

        def gm_click() -> float:
            return time_click(gm.page, roll, log)

        def stream_click() -> float:
            page.evaluate(_WATCH_JS, latest)
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

    width = max(len(n) for n in stats) + 1
    for name, summary in stats.items():
        print(
            f"  {name:<{width}} median {summary.median:6.1f} ms   p95 {summary.p95:6.1f} ms   "
            f"min {min(summary.samples):6.1f}   max {max(summary.samples):6.1f}   "
            f"n={len(summary.samples)}"
        )
    base = stats["echo"].median
    for name in ("gm roll", "gm roll → stream"):
        print(f"  {name + ' / echo':<{width + 7}} {stats[name].median / base:5.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
