"""Shared widget pieces and the dice tray panel, driven without a browser."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import RuleError
from isowidgets.tray import DiceTray
from isowidgets.widgets.common import Messages, Timeline, die_chip, guard, roll_chips
from isowidgets.widgets.tray import TrayPanel

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import notebooks as notebook_tools


def test_chips_carry_shape_glyph_and_text_not_only_colour():
    green = die_chip("4", colour="green", counts=True, index=1)
    red = die_chip("3", colour="red", counts=False, index=2, parent=1)
    assert "iw-die--green" in green and ">+<" in green and "●" in green
    assert "iw-die--red" in red and "×" in red and "○" in red and "↳" in red
    assert 'title="green die #1 showing 4: counts"' in green
    assert "extra die from the explosion of #1" in red


def test_roll_chips_show_chains_and_source():
    roll = Dice().roll(Pool(D6, 2, explode_on={1}, label="Eve red"), faces=[1, 4, 2])
    html = roll_chips(roll, colour="red", counts=lambda f: f % 2 == 1)
    assert "Eve red (✎ typed)" in html
    assert html.count("iw-die--extra") == 1
    assert html.count("●") == 1 and html.count("○") == 2


def test_guard_shows_our_errors_and_unexpected_ones():
    messages = Messages()

    @guard(messages)
    def refuse() -> None:
        raise RuleError("Eve cannot cooperate: her roll allows Neutral or Hostile")

    refuse()
    assert "Eve cannot cooperate" in messages.value and "iw-msg--error" in messages.value

    @guard(messages)
    def crash() -> None:
        raise KeyError("oops")

    crash()
    assert "unexpected KeyError" in messages.value


def test_timeline_appends_in_place():
    timeline = Timeline(title="t", x_title="x", y_title="y")
    timeline.append("a", [(1, 2, "first")], symbol="square")
    figure_id = id(timeline.figure.data[0])
    timeline.append("a", [(2, 3, "second")])
    assert timeline.points("a") == 2
    assert id(timeline.figure.data[0]) == figure_id
    assert timeline.figure.data[0].marker.symbol == "square"


def test_tray_panel_rolls_types_refuses_and_undoes(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "t.jsonl", seed=4)
    panel = TrayPanel(tray, export_dir=tmp_path / "exports")
    panel.roll_button.click()
    assert "⚄ rolled" in panel.result.value
    assert panel.timeline.points("random rolls") == 1
    panel.faces.value = "6 2 3 5"
    panel.enter_button.click()
    assert "✎ typed" in panel.result.value and "↳" in panel.result.value
    assert panel.timeline.points("typed rolls") == 1
    events = len(tray.journal)
    panel.faces.value = "6 2 3"
    panel.enter_button.click()
    assert "expected 4 faces" in panel.messages.value
    assert len(tray.journal) == events
    panel.undo_button.click()
    assert panel.timeline.points("typed rolls") == 0
    assert "iw-void" in panel.journal_table.table.value
    panel.journal_table.children[2].children[2].click()  # Export MD
    assert (tmp_path / "exports" / "t.md").exists()
    assert repr(panel).startswith("TrayPanel(<DiceTray")
    panel.close()


@pytest.mark.parametrize("path", sorted(notebook_tools.NOTEBOOKS.glob("*.ipynb")), ids=str)
def test_committed_notebooks_are_small_executed_and_stateless(path: Path):
    assert notebook_tools.problems(path) == []
