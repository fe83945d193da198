"""Fixtures shared by the unit and property tiers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")  # session-scoped: usable inside hypothesis tests too
def reopen() -> Callable[[Any, Path], tuple[Any, tuple[str, ...]]]:
    """Close a game's journal, resume its file as a new game of the same class, and
    return that game's state and the problems its journal reported (closed again)."""

    def reopen(game: Any, path: Path) -> tuple[Any, tuple[str, ...]]:
        game.journal.close()
        resumed = type(game).resume(path)
        try:
            return resumed.state, tuple(resumed.journal.problems)
        finally:
            resumed.journal.close()

    return reopen
