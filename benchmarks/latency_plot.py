"""Click → plot updated: ways to append a point to a live FigureWidget, against the echo.

Usage::

    .venv/bin/python benchmarks/latency_plot.py [--runs 30] [--warmup 5] [--gap 0.2]
        [--only NAME --only NAME ...]

One JupyterLab with the kit's server config (TCP_NODELAY, as ``make lab`` starts it)
serves ``tests/browser/notebooks/echo.ipynb`` (the baseline) and
``tests/browser/notebooks/plot_latency.ipynb``: one FigureWidget per variant, each with
a button that appends one point to its first trace. Clicks are made and timed inside the
page (``element.click()`` until a ``MutationObserver`` sees the first trace draw one more
point), alternating in blocks of five between all variants so that machine load hits
them alike. The variants (see the notebook for the code):

* **stock**: grown tuples re-assigned in ``batch_update`` (one ``Plotly.update``),
  autoranged axes: what a plain FigureWidget does;
* **fixed ranges**: the same with axis ranges chosen in Python and grown five points
  at a time (no autorange); **uirevision**, **static plot** (``staticPlot``: no hover,
  so not usable, a floor), **no template**, **small svg** (180 px high): the same plus
  one change each;
* **restyle**: ``plotly_restyle`` instead of ``batch_update`` (``Plotly.restyle``);
* **scattergl**: WebGL instead of SVG (``--disable-gpu``: software GL). Its points are
  drawn in a canvas, so the click ends when the trace's data has one more point;
* **3 traces, all sent / one sent**: three traces, all of them grown, or only the first;
* **animate+redraw**: the public ``batch_animate(duration=0)`` (``Plotly.animate``, then
  a full redraw);
* **animate** / **animate, 3 traces**: ``Plotly.animate`` with a zero-length transition
  and no redraw afterwards (the kit's way; fixed ranges, grown by a normal update);
* **kit Timeline**: :class:`isowidgets.widgets.common.Timeline` ``.append`` as it is.

Prints, per variant, the median, p90, min and max, the median's ratio to the echo's
(target for a click that updates a plot: ≤ 2.5×) and the median time the click handler
spent in the kernel. Numbers are printed, never asserted. The machine's load average is
printed before and after: the variants are interleaved, so load skews them alike, but
high load widens every spread.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _latency import (
    Notebook,
    browser_problem,
    chromium,
    click_arguments,
    interleave,
    lab_servers,
    open_notebook,
    time_click,
)

NOTEBOOK = "plot_latency.ipynb"
KERNEL_TIMES = "plot_latency_kernel_ms.json"

VARIANTS = (
    "stock",
    "fixed ranges",
    "uirevision",
    "restyle",
    "static plot",
    "no template",
    "small svg",
    "scattergl",
    "3 traces, all sent",
    "3 traces, one sent",
    "animate+redraw",
    "animate",
    "animate, 3 traces",
    "animate, lean template",
    "animate, one message",
    "stock, 300 points",
    "animate, 300 points",
    "kit Timeline",
)
"""The notebook's variants, in the order they are clicked."""

SVG_POINTS = """(element) => {
  const trace = element.querySelectorAll('.scatterlayer .trace')[0];
  return trace ? trace.querySelectorAll('.point').length : 0;
}"""
"""Snapshot: how many points the first SVG trace has drawn."""

GL_POINTS = "(element) => (element._fullData && element._fullData[0]._length) || 0"
"""Snapshot for scattergl (drawn in a canvas): how many points the first trace holds."""


def slug(name: str) -> str:
    """The CSS class suffix the notebook gives a variant (as its ``slug``)."""
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main(argv: list[str] | None = None) -> int:
    def only(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--only", action="append", choices=VARIANTS, help="measure only these (repeatable)"
        )

    args = click_arguments(__doc__.split("\n\n")[0], argv, gap=0.2, more=only)
    problem = browser_problem()
    if problem:
        print(f"cannot run: {problem}", file=sys.stderr)
        return 2
    chosen = [name for name in VARIANTS if not args.only or name in args.only]

    print(
        f"Click → plot updated, kit server (TCP_NODELAY); in-page click → DOM change; "
        f"{args.runs} clicks per variant after {args.warmup} warm-up, {args.gap:g} s apart, "
        f"interleaved in blocks of 5. Before: {load_average()}.",
        flush=True,
    )
    with lab_servers({"kit": True}) as servers, chromium() as browser, contextlib.ExitStack() as s:
        server = servers["kit"]
        echo = s.enter_context(open_notebook(browser, server, "echo.ipynb"))
        echo.run_all()
        echo.wait_for_text("echo-label", "0")
        bench = s.enter_context(open_notebook(browser, server, NOTEBOOK))
        bench.run_all(widget_timeout=60)
        if not server.kit_config_active():
            print("the server does not run the kit's config", file=sys.stderr)
            return 1
        for name in chosen:
            bench.page.wait_for_selector(f".plot-{slug(name)} .main-svg", timeout=30_000)

        def clicker(name: str) -> tuple[Notebook, Callable[[], float]]:
            if name == "echo":
                return echo, lambda: time_click(echo.page, ".echo-button", ".echo-label")
            points = GL_POINTS if name == "scattergl" else SVG_POINTS
            done = f"(element, before) => ({points})(element) > before"
            return bench, lambda: time_click(
                bench.page,
                f".append-{slug(name)}",
                f".plot-{slug(name)}",
                snapshot=points,
                done=done,
            )

        stats = interleave(
            {name: clicker(name) for name in ["echo", *chosen]},
            runs=args.runs,
            warmup=args.warmup,
            gap=args.gap,
        )
        bench.assert_no_errors()
        kernel_path = server.root / KERNEL_TIMES
        kernel: dict[str, list[float]] = (
            json.loads(kernel_path.read_text()) if kernel_path.exists() else {}
        )

    width = max(len(n) for n in stats) + 1
    base = stats["echo"].median
    print(f"After: {load_average()}.")
    print(f"  {'':<{width}} {'median':>7} {'p90':>7} {'min':>7} {'max':>7}  {'/echo':>6}  kernel")
    for name, summary in stats.items():
        spent = kernel.get(name)
        in_kernel = f"{statistics.median(spent):5.1f} ms" if spent else "     -"
        print(
            f"  {name:<{width}} {summary.median:7.1f} {summary.p90:7.1f} "
            f"{min(summary.samples):7.1f} {max(summary.samples):7.1f}  "
            f"{summary.median / base:5.2f}x  {in_kernel}",
            flush=True,
        )
    print("  (milliseconds; /echo: median over the echo's median; target ≤ 2.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
