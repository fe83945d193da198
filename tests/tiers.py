"""Run every test tier and print one summary: what `make test` runs.

Tiers, in order:

* ``static``   ruff (lint and format check) and mypy on ``isowidgets/``;
* ``unit``     ``tests/unit`` (worked examples, rules, widget state without a browser);
* ``property`` ``tests/property`` (hypothesis invariants);
* ``fuzz``     ``tests/fuzz`` (every public method of every game and of the dice core,
  given hostile arguments: it acts, or refuses with the kit's error and changes
  nothing; at least 10,000 calls per game);
* ``notebook`` ``pytest --nbval`` over a scratch copy of ``notebooks/`` (the exercises in
  ``notebooks/exercises/`` with their solutions: every self-check passes), then
  ``tests/notebooks`` (the exercises without their solutions: every self-check says
  what is missing);
* ``docs``     ``sphinx-build -W --keep-going -n`` of ``docs/`` into a scratch directory
  (the site ``make docs`` builds: any warning, such as a docstring role naming nothing,
  fails it; nothing is executed or fetched);
* ``binder``   ``tests/binder``: a fresh virtualenv built from ``binder/`` alone, as
  Binder builds its image, runs every notebook (needs the package registry);
* ``hub``      ``tests/hub``: one workshop JupyterHub on 127.0.0.1 for the tier:
  participants logging in, spawning and rolling through the kernel websocket,
  pulling notebooks with nbgitpuller, and the teacher's overview in Chromium
  (a few minutes);
* ``browser``  ``tests/browser`` (real JupyterLab in headless Chromium); in several worker
  processes with ``ISOWIDGETS_BROWSER_WORKERS=N`` (pytest-xdist, a file's tests in one
  worker).

The tiers before ``browser`` run two at a time, in two lanes (``static, unit, notebook, docs``
and ``property, fuzz, binder, hub``: each keeps one of CI's two cores busy, and they take
about as long), each tier's output printed whole when it ends; ``browser`` runs after them,
alone, since its timing-sensitive pages want the machine to themselves. (``hub`` starts a
server and a browser of its own too, but only one page at a time, which bears sharing the
machine with the first lane's end.) ``--serial`` runs every tier one after another.

Exit status is non-zero if any tier fails. A tier with no tests yet is reported,
not failed. When ``ISOWIDGETS_REQUIRE_BROWSER=1`` (CI), a skipped browser test
is a failure; when ``ISOWIDGETS_REQUIRE_REGISTRY=1`` (CI), so is a skipped binder test.

Usage: python tests/tiers.py [--serial] [TIER ...]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
NO_TESTS = 5  # pytest's exit code when nothing was collected


@dataclass
class Result:
    tier: str
    ok: bool
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: float = 0.0
    note: str = ""


_LANE = threading.local()
"""Where the tier running on this thread writes its output: ``None`` (the terminal) when
tiers run one at a time, else a file printed whole when the tier ends."""

_PRINT = threading.Lock()


def _say(text: str) -> None:
    out = getattr(_LANE, "out", None)
    if out is None:
        print(text, flush=True)
    else:
        out.write(text + "\n")
        out.flush()


def _call(command: list[str], cwd: Path) -> int:
    out = getattr(_LANE, "out", None)
    if out is None:
        return subprocess.call(command, cwd=cwd)
    return subprocess.call(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)


def _pytest(tier: str, args: list[str], cwd: Path = ROOT) -> Result:
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "report.xml"
        started = time.monotonic()
        command = [PYTHON, "-m", "pytest", *args, f"--junitxml={report}", "-p", "no:cacheprovider"]
        _say(f"\n=== {tier}: {' '.join(command[2:])}")
        code = _call(command, cwd)
        seconds = time.monotonic() - started
        if not report.exists():
            return Result(tier, code in (0, NO_TESTS), seconds=seconds, note=f"exit {code}")
        suite = ET.parse(report).getroot()
        suite = suite if suite.tag == "testsuite" else suite.find("testsuite")  # type: ignore[assignment]
        assert suite is not None
        tests = int(suite.get("tests", 0))
        failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped = int(suite.get("skipped", 0))
    result = Result(tier, code in (0, NO_TESTS), tests - failed - skipped, failed, skipped, seconds)
    if code == NO_TESTS:
        result.note = "no tests yet"
    elif code != 0 and not failed:
        result.note = f"pytest exit {code}"
    return result


def static() -> Result:
    started = time.monotonic()
    checks = [
        [PYTHON, "-m", "ruff", "check", "isowidgets", "tests", "benchmarks"],
        [PYTHON, "-m", "ruff", "format", "--check", "isowidgets", "tests", "benchmarks"],
        [PYTHON, "-m", "mypy", "isowidgets"],
    ]
    passed = failed = 0
    for command in checks:
        _say(f"\n=== static: {' '.join(command[2:])}")
        if _call(command, ROOT) == 0:
            passed += 1
        else:
            failed += 1
    return Result("static", failed == 0, passed, failed, 0, time.monotonic() - started)


def unit() -> Result:
    return _pytest("unit", ["tests/unit", "-q"])


def property_() -> Result:
    return _pytest("property", ["tests/property", "-q"])


def fuzz() -> Result:
    return _pytest("fuzz", ["tests/fuzz", "-q"])


def notebook() -> Result:
    saved = _nbval()
    # The exercises again, without their solutions (each self-check must say what is missing).
    cleared = _pytest("notebook", ["tests/notebooks", "-q"])
    return Result(
        "notebook",
        saved.ok and cleared.ok,
        saved.passed + cleared.passed,
        saved.failed + cleared.failed,
        saved.skipped + cleared.skipped,
        saved.seconds + cleared.seconds,
        "; ".join(note for note in (saved.note, cleared.note) if note),
    )


def _nbval() -> Result:
    # A scratch copy: running the notebooks writes journals and exports next to them.
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / "notebooks"
        shutil.copytree(
            ROOT / "notebooks", copy, ignore=shutil.ignore_patterns("sessions", "exports")
        )
        return _pytest(
            "notebook",
            [
                "--nbval",
                "--nbval-current-env",
                "--nbval-sanitize-with",
                str(ROOT / "tests" / "nbval_sanitize.cfg"),
                f"--rootdir={scratch}",
                "-q",
                str(copy),
            ],
            cwd=Path(scratch),
        )


def docs() -> Result:
    with tempfile.TemporaryDirectory() as scratch:
        started = time.monotonic()
        command = [PYTHON, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html"]
        command += ["-d", str(Path(scratch) / "doctrees"), "docs", str(Path(scratch) / "html")]
        _say(f"\n=== docs: {' '.join(command[2:])}")
        ok = _call(command, ROOT) == 0
    return Result("docs", ok, int(ok), int(not ok), 0, time.monotonic() - started)


def binder() -> Result:
    result = _pytest("binder", ["tests/binder", "-q"])
    if os.environ.get("ISOWIDGETS_REQUIRE_REGISTRY") == "1" and result.skipped:
        result.ok = False
        result.note = "binder tests were skipped but CI requires the registry"
    return result


def hub() -> Result:
    return _pytest("hub", ["tests/hub", "-q", "-m", "hub"])


def browser_workers() -> int:
    """How many processes run the browser tier: ``ISOWIDGETS_BROWSER_WORKERS``, else one.

    Each worker starts its own JupyterLab and Chromium. Two are not the default yet: in
    three runs of the tier in two workers on this project's 2-core machines, two had a
    Run All that never finished (a cell left "running" by JupyterLab with its kernel
    idle), which no run in one process has had since its cause at a restart was fixed.
    """
    wanted = os.environ.get("ISOWIDGETS_BROWSER_WORKERS", "").strip()
    return max(1, int(wanted)) if wanted else 1


def browser() -> Result:
    args = ["tests/browser", "-q", "-m", "browser", "--durations=15"]
    workers = browser_workers()
    if workers > 1:
        # A file's tests stay in one worker: they share its module-scoped servers.
        args += ["-n", str(workers), "--dist", "loadfile"]
    result = _pytest("browser", args)
    if os.environ.get("ISOWIDGETS_REQUIRE_BROWSER") == "1" and result.skipped:
        result.ok = False
        result.note = "browser tests were skipped but CI requires them"
    return result


TIERS = {
    "static": static,
    "unit": unit,
    "property": property_,
    "fuzz": fuzz,
    "notebook": notebook,
    "docs": docs,
    "binder": binder,
    "hub": hub,
    "browser": browser,
}


LANES = (("static", "unit", "notebook", "docs"), ("property", "fuzz", "binder", "hub"))
"""The tiers that run side by side, one lane per core; each lane runs its tiers in order."""


def _in_lane(tier: str) -> Result:
    """Run ``tier`` with its output kept in a file, printed whole (under a lock) when done."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as out:
        _LANE.out = out
        try:
            result = TIERS[tier]()
        finally:
            _LANE.out = None
        out.seek(0)
        with _PRINT:
            sys.stdout.write(out.read())
            print(
                f"--- {tier}: {'ok' if result.ok else 'FAILED'} ({result.seconds:.1f} s)",
                flush=True,
            )
    return result


def _run(wanted: list[str], serial: bool) -> list[Result]:
    """Every tier in ``wanted``, the lanes' tiers side by side unless ``serial``; the
    results in the order the tiers were asked for."""
    done: dict[str, Result] = {}
    lanes = [[t for t in lane if t in wanted] for lane in LANES]
    if not serial and all(lanes):
        print(f"\n=== side by side: {' | '.join(', '.join(lane) for lane in lanes)}", flush=True)

        def lane_of(tiers: list[str]) -> Callable[[], None]:
            def run() -> None:
                for tier in tiers:
                    done[tier] = _in_lane(tier)

            return run

        with ThreadPoolExecutor(max_workers=len(lanes)) as pool:
            for future in [pool.submit(lane_of(lane)) for lane in lanes]:
                future.result()
    for tier in wanted:
        if tier not in done:
            done[tier] = TIERS[tier]()
    return [done[tier] for tier in wanted]


def main(argv: list[str]) -> int:
    serial = "--serial" in argv
    wanted = [arg for arg in argv if arg != "--serial"] or list(TIERS)
    unknown = [t for t in wanted if t not in TIERS]
    if unknown:
        print(f"unknown tiers {unknown}; choose from {list(TIERS)}", file=sys.stderr)
        return 2
    results = _run(wanted, serial)
    print("\n=== summary")
    print(f"{'tier':<10}{'passed':>8}{'failed':>8}{'skipped':>9}{'seconds':>9}  result")
    for r in results:
        verdict = "ok" if r.ok else "FAILED"
        note = f" ({r.note})" if r.note else ""
        print(
            f"{r.tier:<10}{r.passed:>8}{r.failed:>8}{r.skipped:>9}{r.seconds:>9.1f}  "
            f"{verdict}{note}"
        )
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
