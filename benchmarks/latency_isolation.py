"""Click latency of the Isolation table against the bare Button→Label echo, in one run.

Usage::

    .venv/bin/python benchmarks/latency_isolation.py [--runs 30] [--warmup 5] [--gap 0.2]

One JupyterLab with the kit's server config (TCP_NODELAY, as ``make lab`` starts
it) serves ``tests/browser/notebooks/echo.ipynb`` and a small benchmark notebook
written next to it: four farmhouse tables (:class:`IsolationTable`), two with a
conflict waiting for a roll, one with a conflict ready to resolve, one with no
conflict. Clicks are made and timed inside the page (``element.click()`` until a
``MutationObserver`` sees the change), alternating in blocks of five between the
variants so that machine load hits them alike:

* **echo**: the bare Button→Label round trip (the baseline);
* **roll**: *Roll* on Bob's red pool, his green one already down (most rolls of a
  conflict are like this), until its dice chips are drawn;
* **first roll**: the same on a conflict's first pool, which also fixes the
  modifiers (their grid gives way to a summary) and drops the "Hostile without
  rolling" buttons;
* **bare plot append**: a stock ``FigureWidget`` (autoranged axes, ``batch_update``)
  whose button appends one point and does nothing else: what a click that moves a
  plot costs without the kit's :class:`~isowidgets.widgets.common.Timeline`;
* **stress → plot**: *Stress +* / *Stress −* until the plot has drawn one more
  point (the GM's most common click that moves the plot);
* **resolve → plot**: *Resolve* until the plot has drawn the conflict's point
  (the heaviest click of play: explanation, consequences, map and plot).

Between two measured roll (or resolve) clicks the table's *Undo* is clicked and
waited for, untimed, so every measured click meets the same state. Prints the
medians, p90s and each median's ratio to the echo's (targets: roll ≤ 1.5×,
a click that updates the plot ≤ 2.5×). Numbers are printed, never asserted.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat

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

BENCH_NOTEBOOK = "isolation_latency.ipynb"

BENCH_SOURCE = """
import ipywidgets as widgets
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation import IsolationTable

first = boarding_party(stress=2, seed=10)
first.propose("bob", "board up the windows")

rolling = boarding_party(stress=2, seed=11)
rolling.propose("bob", "board up the windows")
rolling.roll("bob", "green")

resolving = boarding_party(stress=2, seed=12)
resolving.propose("bob", "board up the windows")
resolving.roll_ready()
for pp in resolving.conflict.pps:
    if resolving.conflict.stance_of(pp) is None:
        resolving.choose_stance(pp, resolving.conflict.first.reading(pp).allowed[0])
resolving.set_difficulty("Hard")
resolving.roll_gm()

calm = boarding_party(stress=2, seed=13)

# A stock FigureWidget, one trace, one point appended per click, nothing else on the
# click: what moving a plot costs without the kit's Timeline.
import plotly.graph_objects as go
bare = go.FigureWidget(layout={"height": 300, "template": "plotly_white"})
bare.add_scatter(x=[0], y=[0], mode="lines+markers")
bare.add_class("bare-plot")
bare_button = widgets.Button(description="append")
bare_button.add_class("bare-append")

def append(_button):
    with bare.batch_update():
        trace = bare.data[0]
        trace.x = tuple(trace.x) + (len(trace.x),)
        trace.y = tuple(trace.y) + (len(trace.y) % 3,)

bare_button.on_click(append)

widgets.VBox([
    IsolationTable(first, name="first"),
    IsolationTable(rolling, name="roll"),
    IsolationTable(resolving, name="resolve"),
    IsolationTable(calm, name="calm"),
    widgets.VBox([bare_button, bare]),
])
"""

STRESS_POINTS = """(element) => {
  const gd = element;
  const stress = gd.querySelectorAll('.scatterlayer .trace')[0];
  return stress ? stress.querySelectorAll('.point').length : 0;
}"""
"""Snapshot: how many points the Stress trace (the first) has drawn."""

MORE_POINTS = f"(element, before) => ({STRESS_POINTS})(element) > before"

NO_DICE_JS = "(selector) => !document.querySelector(selector).textContent.includes('→')"
"""Undone: the pool shows no dice (its reading, ``→ 3 evens``, is gone)."""


def write_bench_notebook(root: Path) -> None:
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(BENCH_SOURCE)], metadata={"kernelspec": kernel}
    )
    nbformat.write(nb, root / BENCH_NOTEBOOK)


def undo_and_wait(nb: Notebook, table: str, wait_js: str, arg: object) -> None:
    """Click the table's Undo (untimed) and wait until ``wait_js(arg)`` holds."""
    nb.page.evaluate("(s) => document.querySelector(s).click()", f"{table} .iw-undo")
    nb.page.wait_for_function(wait_js, arg=arg, timeout=10_000)


def main(argv: list[str] | None = None) -> int:
    args = click_arguments(__doc__.split("\n\n")[0], argv, gap=0.2)
    problem = browser_problem()
    if problem:
        print(f"cannot run: {problem}", file=sys.stderr)
        return 2

    print(
        f"Isolation table vs bare echo, kit server (TCP_NODELAY); in-page click → DOM change; "
        f"{args.runs} clicks per variant after {args.warmup} warm-up, {args.gap:g} s apart, "
        "interleaved in blocks of 5.",
        flush=True,
    )
    with lab_servers({"kit": True}) as servers, chromium() as browser, contextlib.ExitStack() as s:
        server = servers["kit"]
        write_bench_notebook(server.root)
        echo = s.enter_context(open_notebook(browser, server, "echo.ipynb"))
        echo.run_all()
        echo.wait_for_text("echo-label", "0")
        bench = s.enter_context(open_notebook(browser, server, BENCH_NOTEBOOK))
        bench.run_all(widget_timeout=60)
        if not server.kit_config_active():
            print("the server does not run the kit's config", file=sys.stderr)
            return 1
        roll_t, resolve_t, calm_t = ".iw-table-roll", ".iw-table-resolve", ".iw-table-calm"
        # Four tables and a plot render at once; on a loaded machine the last plot can
        # take longer than Playwright's default 30 s to draw its first point.
        bench.page.wait_for_selector(
            f"{calm_t} .iw-stress-plot .scatterlayer .point", state="attached", timeout=90_000
        )
        direction = {"up": True}

        def echo_click() -> float:
            return time_click(echo.page, ".echo-button", ".echo-label")

        def roll_click(table: str = roll_t, pool: str = "bob-red") -> float:
            chips = f"{table} .iw-chips-{pool}"
            elapsed = time_click(bench.page, f"{table} .iw-roll-{pool}", chips)
            undo_and_wait(bench, table, NO_DICE_JS, chips)
            return elapsed

        def first_roll_click() -> float:
            return roll_click(".iw-table-first", "bob-green")

        def stress_click() -> float:
            button = "iw-stress-up" if direction["up"] else "iw-stress-down"
            direction["up"] = not direction["up"]
            return time_click(
                bench.page,
                f"{calm_t} .{button}",
                f"{calm_t} .iw-stress-plot",
                snapshot=STRESS_POINTS,
                done=MORE_POINTS,
            )

        def bare_click() -> float:
            return time_click(
                bench.page, ".bare-append", ".bare-plot", snapshot=STRESS_POINTS, done=MORE_POINTS
            )

        def resolve_click() -> float:
            plot = f"{resolve_t} .iw-stress-plot"
            before = bench.page.evaluate(
                f"(sel) => ({STRESS_POINTS})(document.querySelector(sel))", plot
            )
            elapsed = time_click(
                bench.page,
                f"{resolve_t} .iw-resolve",
                plot,
                snapshot=STRESS_POINTS,
                done=MORE_POINTS,
            )
            # Untimed: the undo has landed once Resolve is back and the plot has dropped
            # the point again (else the next click's snapshot could count it).
            undo_and_wait(
                bench,
                resolve_t,
                f"""([button, plot, n]) => !document.querySelector(button).disabled
                    && ({STRESS_POINTS})(document.querySelector(plot)) === n""",
                [f"{resolve_t} .iw-resolve", plot, before],
            )
            return elapsed

        variants: dict[str, tuple[Notebook, Callable[[], float]]] = {
            "echo": (echo, echo_click),
            "roll": (bench, roll_click),
            "first roll": (bench, first_roll_click),
            "bare plot append": (bench, bare_click),
            "stress → plot": (bench, stress_click),
            "resolve → plot": (bench, resolve_click),
        }

        stats = interleave(variants, runs=args.runs, warmup=args.warmup, gap=args.gap)
        bench.assert_no_errors()

    width = max(len(n) for n in stats) + 1
    for name, summary in stats.items():
        print("  " + summary.line(name, width))
    base = stats["echo"].median
    targets = {
        "roll": 1.5,
        "first roll": 1.5,
        "bare plot append": 2.5,
        "stress → plot": 2.5,
        "resolve → plot": 2.5,
    }
    for name, target in targets.items():
        ratio = stats[name].median / base
        verdict = "meets" if ratio <= target else "misses"
        print(
            f"  {name + ' / echo':<{width + 7}} {ratio:5.2f}x  (target ≤ {target}x: {verdict})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
