"""Click latency of a bare Button→Label echo: stock JupyterLab versus the kit's server.

Usage::

    .venv/bin/python benchmarks/latency_echo.py [--runs 30] [--warmup 5] [--gap 0.2 --gap 0]

Starts two JupyterLab servers in one run, the stock one and the one
``python -m isowidgets.lab`` starts (TCP_NODELAY on kernel websockets, see
:mod:`isowidgets.server`), opens ``tests/browser/notebooks/echo.ipynb`` in
each, and times clicks inside the page: from ``button.click()`` until the
label's text changes in the DOM. That covers browser → server → kernel →
server → browser and the widget update, and excludes Playwright's overhead.

The pause between clicks matters, because Nagle's algorithm only holds a
message back while an earlier one is unacknowledged: by default the benchmark
reports both paced clicks (0.2 s apart, like a player's) and back-to-back
clicks (the next click as soon as the label changed). Clicks alternate between
the servers in blocks of five so that machine load hits both alike.

This is the baseline for every other widget: a later benchmark (e.g. Roll →
dice shown, or a click → plot updated) reports its own median against it.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _latency import (
    Notebook,
    browser_problem,
    chromium,
    lab_servers,
    measure_interleaved,
    open_notebook,
)

VARIANTS = {"stock": False, "nodelay": True}
"""Variant name → started with the kit's config."""


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print median and p90 per server and pacing, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="measured clicks per server and gap")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured clicks first")
    parser.add_argument(
        "--gap",
        type=float,
        action="append",
        help="seconds between clicks; repeat for several (default: 0.2 and 0)",
    )
    args = parser.parse_args(argv)
    gaps: list[float] = args.gap or [0.2, 0.0]
    if args.runs < 1 or args.warmup < 0 or min(gaps) < 0:
        parser.error("--runs must be at least 1, --warmup and --gap at least 0")

    problem = browser_problem()
    if problem:
        print(f"cannot run: {problem}", file=sys.stderr)
        return 2

    print(
        f"Bare Button→Label echo: in-page click → label text changed in the DOM; "
        f"{args.runs} clicks per server after {args.warmup} warm-up, interleaved.",
        flush=True,
    )
    with lab_servers(VARIANTS) as servers, chromium() as browser, contextlib.ExitStack() as stack:
        notebooks: dict[str, Notebook] = {}
        for name, server in servers.items():
            nb = stack.enter_context(open_notebook(browser, server, "echo.ipynb"))
            nb.run_all()
            nb.wait_for_text("echo-label", "0")
            notebooks[name] = nb
        # Guard against measuring the wrong thing: the log says which class connected.
        for name, server in servers.items():
            if server.kit_config_active() != VARIANTS[name]:
                print(f"the {name!r} server does not run the intended config", file=sys.stderr)
                return 1

        for index, gap in enumerate(gaps):
            stats = measure_interleaved(
                notebooks,
                "echo-button",
                "echo-label",
                runs=args.runs,
                warmup=args.warmup if index == 0 else 2,
                gap=gap,
            )
            pacing = f"{gap:g} s between clicks" if gap else "back to back"
            print(f"{pacing}:")
            for name, summary in stats.items():
                print("  " + summary.line(name))
            ratio = stats["stock"].median / stats["nodelay"].median
            print(f"  stock / nodelay (medians): {ratio:.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
