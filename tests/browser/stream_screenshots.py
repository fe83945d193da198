"""Every system's stream page, for a person to look at: both sizes, plain and transparent
over a dark frame, English and Danish, both layouts.

Usage::

    .venv/bin/python tests/browser/stream_screenshots.py [--systems isolation,impact] [--out DIR]
                                                         [--languages da]

Each system's short session (``tests/stream_play.py``) is served by one
``python -m isowidgets.stream`` and shot in headless Chromium at 1920×1080 and 1280×720,
as a board and as a lower third, plain and transparent (with a dark video-like frame
painted behind the page, as OBS composites it), in English and in Danish:
``<out>/stream-<system>-<size>-<layout>-<language>-<plain|dark>.png`` (16 a system).
The browser tests (``test_stream.py``) check what can be checked in a subset of these;
this is the whole set, to look at.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from lab import SCREENSHOTS, launch_browser  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from stream_play import PLAYS  # noqa: E402
from stream_server import STREAM_READY_JS, StreamServer  # noqa: E402

DARK = "#1b2530"
"""The frame painted behind a transparent page: a dark, bluish video still."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", default=",".join(PLAYS))
    parser.add_argument("--out", type=Path, default=SCREENSHOTS / "stream-screens")
    parser.add_argument("--languages", default="en,da", help="e.g. da: the Danish pages only")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="isowidgets-stream-shots-") as folder:
        tmp = Path(folder)
        with sync_playwright() as playwright:
            context = launch_browser(playwright, tmp / "profile")
            try:
                for system in args.systems.split(","):
                    journal = tmp / f"{system}.jsonl"
                    game = PLAYS[system](journal)
                    with StreamServer(journal, 0, log=tmp / f"{system}.log") as server:
                        for size in ("1920x1080", "1280x720"):
                            width, height = (int(n) for n in size.split("x"))
                            for layout in ("board", "lower-third"):
                                for language in args.languages.split(","):
                                    for transparent in (False, True):
                                        page = context.new_page()
                                        page.set_viewport_size({"width": width, "height": height})
                                        query = (
                                            f"size={size}&layout={layout}&language="
                                            f"{language}&transparent={int(transparent)}"
                                        )
                                        page.goto(f"{server.url}?{query}", wait_until="commit")
                                        page.wait_for_function(STREAM_READY_JS, timeout=180_000)
                                        page.wait_for_timeout(2_200)
                                        if transparent:
                                            page.evaluate(
                                                "(c) => document.documentElement.style"
                                                ".setProperty('background', c, 'important')",
                                                DARK,
                                            )
                                        frame = "dark" if transparent else "plain"
                                        name = f"stream-{system}-{size}-{layout}-{language}-{frame}"
                                        page.screenshot(path=str(args.out / f"{name}.png"))
                                        page.close()
                                        print(name, flush=True)
                    game.journal.close()
            finally:
                context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
