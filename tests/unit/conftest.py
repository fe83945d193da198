"""Fixtures shared by the widget tests that drive the Isolation table without a browser."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.widgets.isolation import IsolationTable


@pytest.fixture
def no_view_failures() -> Iterator[None]:
    """A listener that fails is only a warning in Game._notify: make it a test failure."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        yield


@pytest.fixture
def farmhouse() -> Iterator[IsolationTable]:
    """The farmhouse (Alice, Bob, Eve at Stress 2) on a table of every widget."""
    t = IsolationTable(boarding_party(stress=2, seed=3), name="farmhouse")
    yield t
    t.close()


@pytest.fixture
def farmhouse_with_dan() -> Iterator[IsolationTable]:
    """The farmhouse with a fourth character, Dan (a Cook with a green link to Bob),
    on a table of every widget."""
    game = boarding_party(stress=2, seed=2)
    game.add_character("Dan", profession="Cook", bias="b", goal="g")
    game.add_link("dan", "bob", "green", "Old friends")
    t = IsolationTable(game, name="farmhouse")
    yield t
    t.close()
