"""The kit's plotly figure: plotly's front end goes with one live figure of the kernel, not
with every figure (``isowidgets/widgets/figure.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import pytest

from isowidgets.widgets import figure as figure_module
from isowidgets.widgets.figure import figure_class, plotly_bundle
from isowidgets.widgets.odds_lab import OddsLab
from isowidgets.widgets.timeline import Timeline


@pytest.fixture(autouse=True)
def no_figures_before() -> Iterator[None]:
    """Each test starts with no live kit figure (figures of other tests closed)."""
    for figure in list(figure_module._live.values()):
        figure.close()
    yield
    for figure in list(figure_module._live.values()):
        figure.close()


def carried(figures: list[Any]) -> list[bool]:
    return [bool(figure._iw_bundle) for figure in figures]


def test_the_bundle_is_plotly_s_own_front_end() -> None:
    source, digest = plotly_bundle()
    go.FigureWidget()  # anywidget then keeps the file's contents in place of its path
    esm = go.FigureWidget._esm
    assert source == (Path(esm).read_text(encoding="utf-8") if isinstance(esm, Path) else str(esm))
    assert len(source) > 1_000_000  # plotly.js itself: what is not sent again
    assert re.fullmatch(r"[0-9a-f]{16}", digest)


def test_one_figure_carries_it_in_its_first_state_the_others_a_loader() -> None:
    Figure = figure_class()
    figures = [Figure(layout={"height": 200}) for _ in range(3)]
    assert carried(figures) == [True, False, False]
    source, digest = plotly_bundle()
    # The first state the page gets (the comm's open) holds the bundle, in the carrier's only.
    assert figures[0].get_state()["_iw_bundle"] == source
    assert figures[1].get_state()["_iw_bundle"] == ""
    for figure in figures:
        assert len(figure._esm) < 3_000 and digest in figure._esm
        assert isinstance(figure, go.FigureWidget)


def test_closing_the_carrier_hands_the_bundle_to_a_live_figure() -> None:
    Figure = figure_class()
    first, second, third = Figure(), Figure(), Figure()
    first.close()
    assert carried([second, third]).count(True) == 1
    heir = second if second._iw_bundle else third
    heir.close()
    last = third if heir is second else second
    assert carried([last]) == [True]
    last.close()
    assert Figure()._iw_bundle  # none live: the next one carries it


def test_closing_another_figure_leaves_the_carrier() -> None:
    Figure = figure_class()
    first, second = Figure(), Figure()
    second.close()
    assert carried([first]) == [True]
    assert Figure()._iw_bundle == ""


def test_the_kit_s_plots_are_kit_figures() -> None:
    timeline = Timeline(title="t", x_title="x", y_title="y")
    lab = OddsLab()
    for figure in (timeline.figure, lab.figure):
        assert isinstance(figure, figure_class())
    assert carried([timeline.figure, lab.figure]) == [True, False]
    timeline.append("rolls", [(1, 3, "a roll")])
    assert timeline.points("rolls") == 1
