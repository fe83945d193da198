"""Reusable pieces of the click-latency benchmarks: servers, in-page timing, statistics.

The servers, browser and notebook handling come from ``tests/browser/lab.py``
(one copy, shared with the browser tests); this module adds what only
benchmarks need:

* :func:`lab_servers` starts several JupyterLab servers side by side, e.g. the
  stock server and the kit's TCP_NODELAY server, serving the same notebooks.
* :func:`time_click` clicks an element *inside the page* and resolves when a
  watched element changes (a ``MutationObserver``, ``performance.now()``), so
  Playwright's own 50–60 ms per action stays out of the numbers.
* :func:`interleave` alternates short blocks of clicks between variants so
  that drift (CPU frequency, other load) hits every variant alike;
  :func:`measure_interleaved` does it for one click in several pages.
* :class:`Stats` summarizes samples as median, p90 and p95.

Numbers are printed, never asserted: wall-clock time depends on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from lab import (
    LabServer,
    Notebook,
    browser_problem,
    class_selector,
    copy_notebooks,
    launch_browser,
    open_notebook,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = [
    "LabServer",
    "Notebook",
    "Stats",
    "browser_problem",
    "interleave",
    "lab_servers",
    "launch_browser",
    "measure_interleaved",
    "open_notebook",
    "time_click",
]

_TIME_CLICK_JS = """
async ([clickSelector, watchSelector, snapshotSource, doneSource, timeoutMs]) => {
  const target = document.querySelector(clickSelector);
  const watched = document.querySelector(watchSelector);
  if (!target) throw new Error('nothing to click matches ' + clickSelector);
  if (!watched) throw new Error('nothing to watch matches ' + watchSelector);
  const snapshot = new Function('return (' + snapshotSource + ')')();
  const isDone = new Function('return (' + doneSource + ')')();
  const start = snapshot(watched);
  return await new Promise((resolve, reject) => {
    let t0 = 0;
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('no change of ' + watchSelector + ' within ' + timeoutMs + ' ms'));
    }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!isDone(watched, start)) return;
      const elapsed = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      resolve(elapsed);
    });
    observer.observe(watched,
      {subtree: true, childList: true, characterData: true, attributes: true});
    t0 = performance.now();
    target.click();
  });
}
"""

TEXT_SNAPSHOT = "(element) => element.textContent"
"""Default snapshot: the watched element's text before the click."""

TEXT_CHANGED = "(element, before) => element.textContent !== before"
"""Default end condition: the watched element's text differs from the snapshot."""


def time_click(
    page: Page,
    click: str,
    watch: str,
    *,
    snapshot: str = TEXT_SNAPSHOT,
    done: str = TEXT_CHANGED,
    timeout: float = 10.0,
) -> float:
    """Milliseconds from an in-page ``click()`` on ``click`` until ``watch`` has changed.

    Args:
        page: The page showing both elements.
        click: CSS selector of the element to click (``element.click()`` in the page).
        watch: CSS selector of the element whose change ends the measurement.
        snapshot: JS function source ``(element) => value`` run before the click.
        done: JS function source ``(element, value) => boolean``, checked on every
            mutation inside ``watch``; e.g. for a plot, "one more point than before".
        timeout: Seconds before the click counts as lost (raises).

    Returns:
        The elapsed time measured with ``performance.now()`` inside the page.
    """
    elapsed: float = page.evaluate(_TIME_CLICK_JS, [click, watch, snapshot, done, timeout * 1000])
    return elapsed


@dataclass(frozen=True)
class Stats:
    """Summary of one variant's samples, in milliseconds."""

    samples: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def p90(self) -> float:
        if len(self.samples) < 2:
            return self.samples[0]
        return statistics.quantiles(self.samples, n=10, method="inclusive")[-1]

    @property
    def p95(self) -> float:
        if len(self.samples) < 2:
            return self.samples[0]
        return statistics.quantiles(self.samples, n=20, method="inclusive")[-1]

    def line(self, name: str, width: int = 8) -> str:
        """One aligned report line, e.g. ``stock    median 47.9 ms  p90 52.3 ms  ...``."""
        return (
            f"{name:<{width}} median {self.median:6.1f} ms   p90 {self.p90:6.1f} ms   "
            f"min {min(self.samples):6.1f}   max {max(self.samples):6.1f}   "
            f"n={len(self.samples)}"
        )


def interleave(
    variants: Mapping[str, tuple[Notebook, Callable[[], float]]],
    *,
    runs: int = 30,
    warmup: int = 5,
    block: int = 5,
    gap: float = 0.2,
) -> dict[str, Stats]:
    """Time ``runs`` clicks per variant, alternating blocks of ``block`` clicks between them.

    Each variant's page is brought to the front before its block: Chromium
    throttles timers and animation frames of background pages, which Lumino
    needs to update the DOM. ``gap`` seconds pass between clicks, as between a
    player's clicks, so each click meets an idle connection.

    Args:
        variants: Variant name → (the notebook it clicks in, a function that makes
            one click and returns its milliseconds, e.g. a :func:`time_click` call).
        runs: Measured clicks per variant.
        warmup: Unmeasured clicks per variant first.
        block: Clicks per turn.
        gap: Seconds between clicks.

    Returns:
        Variant name → its statistics, in the order of ``variants``.
    """
    samples: dict[str, list[float]] = {name: [] for name in variants}

    def clicks(name: str, count: int, record: bool) -> None:
        nb, click = variants[name]
        nb.page.bring_to_front()
        nb.page.wait_for_timeout(gap * 1000)
        for _ in range(count):
            elapsed = click()
            if record:
                samples[name].append(elapsed)
            nb.page.wait_for_timeout(gap * 1000)

    for name in variants:
        clicks(name, warmup, record=False)
    while any(len(taken) < runs for taken in samples.values()):
        for name in variants:
            clicks(name, min(block, runs - len(samples[name])), record=True)
    return {name: Stats(tuple(taken)) for name, taken in samples.items()}


def measure_interleaved(
    notebooks: Mapping[str, Notebook],
    click_class: str,
    watch_class: str,
    *,
    runs: int = 30,
    warmup: int = 5,
    block: int = 5,
    gap: float = 0.2,
    snapshot: str = TEXT_SNAPSHOT,
    done: str = TEXT_CHANGED,
) -> dict[str, Stats]:
    """:func:`interleave` the same click in several notebooks (e.g. one per server).

    Args:
        notebooks: Variant name → notebook already run (widgets shown).
        click_class: Class given with ``add_class`` to the widget to click.
        watch_class: Class of the widget whose change ends each measurement.
        runs, warmup, block, gap: See :func:`interleave`.
        snapshot: See :func:`time_click`.
        done: See :func:`time_click`.

    Returns:
        Variant name → its statistics.
    """
    click, watch = class_selector(click_class), class_selector(watch_class)

    def clicker(nb: Notebook) -> Callable[[], float]:
        return lambda: time_click(nb.page, click, watch, snapshot=snapshot, done=done)

    return interleave(
        {name: (nb, clicker(nb)) for name, nb in notebooks.items()},
        runs=runs,
        warmup=warmup,
        block=block,
        gap=gap,
    )


@contextlib.contextmanager
def lab_servers(variants: Mapping[str, bool]) -> Iterator[dict[str, LabServer]]:
    """Start one JupyterLab per variant (name → with the kit's TCP_NODELAY config).

    Every server serves its own temporary copy of ``notebooks/`` and
    ``tests/browser/notebooks/``; all are stopped, kernels included, on exit.
    """
    with (
        tempfile.TemporaryDirectory(prefix="isowidgets-bench-") as tmp,
        contextlib.ExitStack() as stack,
    ):
        servers: dict[str, LabServer] = {}
        for name, nodelay in variants.items():
            base = Path(tmp) / name
            server = LabServer(
                root=copy_notebooks(base / "root"), workdir=base / "server", nodelay=nodelay
            )
            servers[name] = stack.enter_context(server)
        yield servers


@contextlib.contextmanager
def chromium(user_data_dir: Path | None = None) -> Iterator[BrowserContext]:
    """Headless Debian Chromium with a fresh profile, closed on exit."""
    from playwright.sync_api import sync_playwright

    with contextlib.ExitStack() as stack:
        if user_data_dir is None:
            user_data_dir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        playwright = stack.enter_context(sync_playwright())
        context = launch_browser(playwright, user_data_dir)
        stack.callback(context.close)
        yield context


def click_arguments(
    description: str,
    argv: list[str] | None,
    *,
    gap: float,
    more: Callable[[argparse.ArgumentParser], object] | None = None,
) -> argparse.Namespace:
    """Parse the options every click benchmark takes (``--runs``, ``--warmup``, ``--gap``,
    plus any ``more`` adds), refusing a negative count or gap as argparse does."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=30, help="measured clicks per variant")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured clicks first")
    parser.add_argument("--gap", type=float, default=gap, help="seconds between clicks")
    if more is not None:
        more(parser)
    args = parser.parse_args(argv)
    if args.runs < 1 or args.warmup < 0 or args.gap < 0:
        parser.error("--runs must be at least 1, --warmup and --gap at least 0")
    return args
