"""Fixtures shared by the unit and property tiers, and the check of ``rule`` markers."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

RULE_ID = re.compile(r"(ISO|IMP|DK|WTWD)-[REA]\d{2}")
"""A digest ID as the ``rule`` marker takes it: system, R(ule)/E(xample)/A(mbiguity), 2 digits."""


def rule_marker_problem(mark: pytest.Mark) -> str | None:
    """What is wrong with one ``rule`` marker, or None when it is well formed.

    A marker is what ``tests/unit/test_rule_coverage.py`` counts as a rule's test, so a
    typo (``ISO-R7``, ``"ISO R17"``) must stop the run rather than cover nothing.
    """
    if mark.kwargs:
        return f"takes IDs as positional arguments only, got keywords {sorted(mark.kwargs)}"
    if not mark.args:
        return "names no ID; give one or more, e.g. @pytest.mark.rule('ISO-R17')"
    bad = [arg for arg in mark.args if not (isinstance(arg, str) and RULE_ID.fullmatch(arg))]
    if bad:
        shown = ", ".join(repr(arg)[:40] for arg in bad)
        return f"got {shown}; an ID looks like ISO-R17, IMP-A02, DK-E03 or WTWD-R01"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Refuse the run when any collected test carries a malformed ``rule`` marker."""
    problems: dict[str, str] = {}
    for item in items:
        for mark in item.iter_markers("rule"):
            problem = rule_marker_problem(mark)
            if problem is not None:
                where = f"{item.location[0]}::{getattr(item, 'originalname', item.name)}"
                problems.setdefault(where, problem)
    if problems:
        lines = "\n".join(f"  {where}: rule marker {why}" for where, why in problems.items())
        raise pytest.UsageError(f"malformed @pytest.mark.rule markers:\n{lines}")


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
