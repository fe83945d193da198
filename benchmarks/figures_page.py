"""A page of plots: plotly's stock ``FigureWidget`` against the kit's figure, in one run.

Usage::

    .venv/bin/python benchmarks/figures_page.py [--runs 6] [--figures 4]

plotly's ``FigureWidget`` sends its front end (plotly.js and its widget code, about
5 MB) with every figure, and the browser imports it once per figure. The kit's figure
(:func:`isowidgets.widgets.figure.figure_class`) sends it with one figure of the kernel
and the page imports it once. Variants, interleaved (a run of each in turn, so that
machine load hits them alike), each in a JupyterLab with the kit's config:

* **stock**: a notebook showing ``--figures`` ``go.FigureWidget`` figures of a line each;
* **kit, fresh page**: the same with the kit's figure, in a page of its own (the first
  notebook a GM opens: the front end is imported once, not once per figure);
* **kit, second notebook**: the same again in the page that has drawn kit figures
  before (a second notebook, or a table and its replay: nothing is imported).

Each is timed from **Run All** to every figure drawn (its plot's SVG in the page), in
wall time and in the CPU time Chromium's processes used meanwhile (which other load on
the machine does not inflate); the kernel's work is the same in all three. Prints each
median and its ratio to stock's.
Numbers are printed, never asserted.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _latency import (
    Notebook,
    Stats,
    browser_problem,
    lab_servers,
    launch_browser,
    open_notebook,
)
from lab import LabPages
from playwright.sync_api import sync_playwright

SOURCE = """
import ipywidgets as widgets
import plotly.graph_objects as go
from isowidgets.widgets.figure import figure_class

Figure = {figure}
figures = [
    Figure(data=[go.Scatter(x=[1, 2, 3], y=[n, 2, 1])], layout={{"height": 180}})
    for n in range({count})
]
widgets.VBox(figures)
"""

_DRAWN_JS = """(count) => document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) .js-plotly-plot .main-svg').length >= count"""


def browser_cpu(profile: Path) -> float:
    """CPU seconds used so far by the Chromium processes of ``profile`` (all of them: the
    page's renderer does the imports). psutil comes with ipykernel."""
    import psutil

    total = 0.0
    for process in psutil.process_iter(["cmdline"]):
        with contextlib.suppress(psutil.Error):
            if any(str(profile) in part for part in process.info["cmdline"] or ()):
                for one in (process, *process.children(recursive=True)):
                    with contextlib.suppress(psutil.Error):
                        times = one.cpu_times()
                        total += times.user + times.system
                break  # the browser process; its children are the rest
    return total


def write(root: Path, name: str, figure: str, count: int) -> str:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    source = SOURCE.format(figure=figure, count=count)
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source)], metadata={"kernelspec": kernel}
    )
    nbformat.write(nb, root / name)
    return name


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6, help="timed pages per variant")
    parser.add_argument("--figures", type=int, default=4, help="figures on the page")
    args = parser.parse_args(argv)
    if args.runs < 1 or not 1 <= args.figures <= 20:
        parser.error("--runs must be at least 1, --figures between 1 and 20")
    problem = browser_problem()
    if problem is not None:
        print(f"skipped: {problem}")
        return 0
    names = ("stock", "kit, fresh page", "kit, second")
    samples: dict[str, list[float]] = {name: [] for name in names}
    cpu_samples: dict[str, list[float]] = {name: [] for name in names}
    with (
        tempfile.TemporaryDirectory(prefix="isowidgets-figures-") as tmp,
        lab_servers({"kit": True}) as servers,
        sync_playwright() as playwright,
    ):
        server = servers["kit"]
        stock = write(server.root, "stock.ipynb", "go.FigureWidget", args.figures)
        kit = write(server.root, "kit.ipynb", "figure_class()", args.figures)
        profile = Path(tmp) / "profile"
        context = launch_browser(playwright, profile)
        try:

            def drawn(name: str, nb: Notebook) -> None:
                cpu, began = browser_cpu(profile), time.perf_counter()
                nb.run_all(widget_timeout=120)
                nb.page.wait_for_function(_DRAWN_JS, arg=args.figures, timeout=120_000)
                took[name] = (time.perf_counter() - began) * 1000
                used[name] = (browser_cpu(profile) - cpu) * 1000

            for run in range(args.runs + 1):  # the first of each warms the server up
                took: dict[str, float] = {}
                used: dict[str, float] = {}
                with open_notebook(context, server, stock) as nb:
                    drawn("stock", nb)
                # The kit twice in one JupyterLab page, as the browser tests and a GM open
                # notebooks: the page's first kit figures, then a second notebook of them.
                pages = LabPages(context, server)
                try:
                    for name in ("kit, fresh page", "kit, second"):
                        with pages.notebook(kit) as nb:
                            drawn(name, nb)
                        server.await_shutdowns(kit)
                finally:
                    pages.close()
                if run:
                    for name, ms in took.items():
                        samples[name].append(ms)
                        cpu_samples[name].append(used[name])
        finally:
            context.close()
    for title, taken in (("wall time", samples), ("Chromium's CPU time", cpu_samples)):
        stats = {name: Stats(tuple(values)) for name, values in taken.items()}
        print(f"Run All → {args.figures} figures drawn, {title}, {args.runs} pages each:")
        base = stats["stock"].median
        for name, stat in stats.items():
            print(f"  {stat.line(name, 16)}   {stat.median / base:5.2f}× stock")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
