"""What a saved notebook shows where a panel will be, before anyone runs it.

A notebook keeps a widget output's plain text but not the widget, so that text is
what a person opening the notebook (on Binder, GitHub, nbviewer) reads in the
panel's place. Every kit panel makes it a line saying how to get the panel, and
``tests/tools/notebooks.py`` (``make notebooks``) refuses to save a widget without
such a line.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest

from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation.examples import boarding_party
from isowidgets.tray import DiceTray
from isowidgets.widgets.impact import ImpactTable
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.panel import saved_text
from isowidgets.widgets.tray import TrayPanel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import notebooks as notebook_tools

WIDGET_VIEW = notebook_tools.WIDGET_VIEW


def _notebook(*bundles: dict[str, Any]) -> nbformat.NotebookNode:
    """A notebook with one code cell per display bundle, as an executed notebook holds it."""
    nb = nbformat.v4.new_notebook()
    for index, bundle in enumerate(bundles, start=1):
        cell = nbformat.v4.new_code_cell("panel", execution_count=index)
        cell.outputs = [
            nbformat.v4.new_output("execute_result", data=bundle, execution_count=index)
        ]
        nb.cells.append(cell)
    return nb


@pytest.fixture
def tray_panel(tmp_path: Path) -> TrayPanel:
    return TrayPanel(DiceTray.new(tmp_path / "t.jsonl", seed=4), export_dir=tmp_path / "out")


def test_every_table_a_notebook_shows_says_to_run_the_cells_in_its_saved_text(tmp_path: Path):
    panels = [
        TrayPanel(DiceTray.new(tmp_path / "t.jsonl", seed=4), export_dir=tmp_path / "out"),
        IsolationTable(boarding_party(stress=2, seed=3), name="farmhouse"),
        ImpactTable(ImpactGame.new(seed=1), export_dir=tmp_path / "out"),
    ]
    for panel in panels:
        name = type(panel).__name__
        bundle = panel._repr_mimebundle_()
        assert bundle["text/plain"] == saved_text(name)
        assert bundle["text/plain"].startswith("▶ Run the notebook's cells to show the ")
        assert f"the {name} here" in bundle["text/plain"]
        assert "(<" not in bundle["text/plain"]
        # The live view is still offered, and repr() still names the game for debugging.
        assert bundle[WIDGET_VIEW]["model_id"] == panel.model_id
        assert repr(panel).startswith(f"{name}(<")
        panel.close()


def test_stripping_keeps_the_panels_line_and_drops_the_view(tray_panel: TrayPanel):
    nb = _notebook(tray_panel._repr_mimebundle_())
    assert notebook_tools.bare_widgets(nb) == []
    notebook_tools.strip(nb)
    assert nb.cells[0].outputs[0].data == {"text/plain": saved_text("TrayPanel")}
    tray_panel.close()


def test_a_widget_that_is_not_a_kit_panel_is_named_not_saved(tray_panel: TrayPanel):
    bare = widgets.Button(description="Roll")
    nb = _notebook(tray_panel._repr_mimebundle_(), bare._repr_mimebundle_())
    found = notebook_tools.bare_widgets(nb)
    assert len(found) == 1
    assert found[0].startswith("cell 1 shows a widget that is not a kit panel")
    assert "Button(" in found[0]
    bare.close()
    tray_panel.close()
