"""Fixtures of the browser tier: one JupyterLab and one Chromium per session, a page per test.

A browser test asks for ``notebook`` and opens what it needs::

    @pytest.mark.browser
    def test_tour(notebook):
        nb = notebook("00-tour.ipynb")
        nb.run_all()
        nb.click("tray-roll")
        ...

The server serves a temporary copy of ``notebooks/`` plus
``tests/browser/notebooks/`` with the kit's TCP_NODELAY config, so tests never
dirty the repository and run against the server users get from ``make lab``.

Policy when Chromium or Playwright is missing: the tests skip, with the reason
repeated at the end of the run; with ``ISOWIDGETS_REQUIRE_BROWSER=1`` (set in
CI) they fail instead, so a broken CI image cannot pass by skipping.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING

import pytest
from lab import LabPages, LabServer, Notebook, browser_problem, copy_notebooks, launch_browser

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

REQUIRE_BROWSER = "ISOWIDGETS_REQUIRE_BROWSER"
_SKIP_PREFIX = "browser tests skipped: "
_REPORT = pytest.StashKey[pytest.TestReport]()


@pytest.fixture(scope="session")
def browser_ready() -> None:
    """Skip (or, under ``ISOWIDGETS_REQUIRE_BROWSER=1``, fail) when the browser tier cannot run."""
    problem = browser_problem()
    if problem is None:
        return
    if os.environ.get(REQUIRE_BROWSER) == "1":
        pytest.fail(f"browser tests cannot run: {problem} ({REQUIRE_BROWSER}=1)", pytrace=False)
    pytest.skip(f"{_SKIP_PREFIX}{problem} (set {REQUIRE_BROWSER}=1 to make this an error)")


@pytest.fixture(scope="session")
def lab_server(
    browser_ready: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LabServer]:
    """A JupyterLab with the kit's config, serving a copy of the notebooks, for the session."""
    root = copy_notebooks(tmp_path_factory.mktemp("lab-root"))
    workdir = tmp_path_factory.mktemp("lab-server")
    with LabServer(root=root, workdir=workdir, nodelay=True, spare_kernels=True) as server:
        yield server


@pytest.fixture(scope="session")
def lab_browser(
    browser_ready: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[BrowserContext]:
    """Headless Debian Chromium with a fresh profile, for the session."""
    from playwright.sync_api import expect, sync_playwright

    # Every wait for what the page shows tolerates a loaded machine: a kernel sharing two
    # cores with other work answers late, never wrong (a check that fails fails late).
    expect.set_options(timeout=15_000)
    with sync_playwright() as playwright:
        context = launch_browser(playwright, tmp_path_factory.mktemp("chromium-profile"))
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="session")
def lab_pages(lab_server: LabServer, lab_browser: BrowserContext) -> Iterator[LabPages]:
    """One JupyterLab page the notebooks open in, tab after tab (see :class:`LabPages`)."""
    pages = LabPages(lab_browser, lab_server)
    try:
        yield pages
    finally:
        pages.close()


@pytest.fixture
def notebook(
    request: pytest.FixtureRequest, lab_pages: LabPages
) -> Iterator[Callable[[str], Notebook]]:
    """Open notebooks by path, each in a fresh tab of the shared JupyterLab page, as
    ``notebook("echo.ipynb")``.

    At the end of the test every opened notebook's kernel is shut down (kernels
    are shared per path, so the next test would otherwise inherit its state)
    and its tab closed. When the test failed, each page is first saved as
    ``screenshots/FAILED-<test>-<notebook>.png``.
    """
    opened: list[Notebook] = []
    with contextlib.ExitStack() as stack:

        def open_(path: str) -> Notebook:
            nb = stack.enter_context(lab_pages.notebook(path))
            opened.append(nb)
            return nb

        yield open_

        report = request.node.stash.get(_REPORT, None)
        if report is not None and report.failed:
            for nb in opened:
                with contextlib.suppress(Exception):
                    nb.screenshot(f"FAILED-{request.node.name}-{nb.path}")


_BROWSER_FIXTURES = frozenset(
    {"browser_ready", "lab_server", "lab_browser", "lab_pages", "notebook"}
)


HEAVIEST_FIRST = (
    "test_stream.py",
    "test_each_notebook.py",
    "test_isolation_table.py",
    "test_isolation.py",
    "test_pseudo_language.py",
)
"""The files that take longest, in that order (measured: together about half the tier).
With several workers (``ISOWIDGETS_BROWSER_WORKERS``, ``tests/tiers.py``) they run first,
so that the files left for the end are short ones and no worker waits long for another."""


def _weight(item: pytest.Item) -> int:
    name = item.path.name
    return HEAVIEST_FIRST.index(name) if name in HEAVIEST_FIRST else len(HEAVIEST_FIRST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the heaviest files first (:data:`HEAVIEST_FIRST`; no test depends on another's
    order), and refuse to run a test that drives the browser without
    ``@pytest.mark.browser``.

    Otherwise ``-m "not browser"`` would still start Chromium for it.
    """
    if os.environ.get("PYTEST_XDIST_WORKER"):  # in one process the order does not matter
        items.sort(key=_weight)  # stable: each file's tests keep their order
    unmarked = [
        item.nodeid
        for item in items
        if _BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        and item.get_closest_marker("browser") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "these tests use the browser fixtures but are not marked @pytest.mark.browser:\n  "
            + "\n  ".join(unmarked)
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep the call phase's report on the item, so fixtures can tell whether the test failed."""
    report = yield
    if report.when == "call":
        item.stash[_REPORT] = report
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Repeat, loudly, why browser tests were skipped."""
    reasons = {
        str(report.longrepr[2])
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple) and _SKIP_PREFIX in str(report.longrepr[2])
    }
    for reason in sorted(reasons):
        terminalreporter.write_sep("!", "BROWSER TESTS DID NOT RUN", yellow=True, bold=True)
        terminalreporter.write_line(reason.removeprefix("Skipped: "))
