"""The fuzz tier: hypothesis profiles, the scratch directory calls run in, the counts.

The profiles are the property tier's (see ``tests/property/conftest.py``): ``dev``
explores afresh on every run, ``ci`` (``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``)
is derandomized, so CI's verdict is the code's and not the draw's. Registered here
too so that ``python tests/tiers.py fuzz`` (this directory alone) has them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fuzz_games import prepare_scratch
from fuzz_harness import summary
from hypothesis import settings

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(scope="session")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where fuzzed calls run: a path argument (``save_settings("Alice")``) lands here."""
    directory = tmp_path_factory.mktemp("fuzz")
    prepare_scratch(directory)
    yield directory


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how many calls each subject took (acted or refused)."""
    lines = summary()
    if lines:
        terminalreporter.section("fuzz calls")
        for line in lines:
            terminalreporter.write_line(line)
