"""The dice tray panel built from the table kit, and the tray's own defects of issue 12."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from isowidgets.tray import DiceTray
from isowidgets.widgets.log import LogView
from isowidgets.widgets.timeline import Timeline
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.widgets.tray import TrayPanel


@pytest.fixture
def panel(tmp_path: Path) -> TrayPanel:
    return TrayPanel(DiceTray.new(tmp_path / "t.jsonl", seed=4), export_dir=tmp_path / "out")


def press_enter(panel: TrayPanel, text: str) -> None:
    panel.faces._handle_custom_msg({"event": "submit", "value": text}, [])


def every_point_in_range(timeline: Timeline) -> bool:
    layout = timeline.figure.layout
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    points = [
        (x, y) for trace in timeline.figure.data for x, y in zip(trace.x, trace.y, strict=True)
    ]
    return bool(points) and all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)


def test_the_panel_is_made_of_the_kit(panel):
    assert isinstance(panel.toolbar, SessionToolbar) and isinstance(panel.log_view, LogView)
    assert panel.roll_button is panel.entry.roll_button
    assert panel.undo_button is panel.toolbar.undo_button
    assert panel.toolbar.messages is panel.messages  # one message line for the panel


def test_enter_submits_typed_faces_and_the_error_clears_at_the_next_try(panel):
    press_enter(panel, "6 2 3")
    assert "expected 4 faces" in panel.entry.error.value
    press_enter(panel, "6 2 3 5")
    assert panel.entry.error.value == ""
    assert panel.timeline.points("typed rolls") == 1 and "✎ typed" in panel.result.value


def test_the_log_names_the_purpose_once(panel):
    panel.purpose.value = "Bob argues at the door"
    panel.count.value = 5
    panel.roll_button.click()
    summary = panel.log_view.tail()[0]["summary"]
    assert re.match(r"Bob argues at the door: \d+×d6 rolled", summary), summary
    assert summary.count("Bob argues at the door") == 1
    assert "Bob argues at the door (⚄ rolled)" in panel.result.value


def test_fudge_dice_never_explode(panel):
    assert panel.explode.value == "6" and not panel.explode.disabled
    panel.die.value = "dF"
    panel.count.value = 11
    assert panel.explode.disabled and panel.explode.value == ""
    assert "never explode" in panel.explode.placeholder
    panel.explode.value = "+"  # even if something is typed there, it is ignored
    panel.roll_button.click()
    roll = panel.entry.last_result
    assert len(roll.dice) == 11 and not roll.extras and not roll.pool.explode_on
    panel.die.value = "d6"
    assert not panel.explode.disabled and panel.explode.value == "6"  # given back


def test_after_an_undo_every_remaining_roll_stays_in_view(panel):
    # Rolls far apart, then undo the last: the refill must not leave the axes of its
    # first point (the axes used to snap to x −0.2…5.2 and hide most rolls).
    for text in ("d20", "10d6", "d4", "20d6", "d20", "3d6", "12d6", "d8", "30d6"):
        panel.game.roll(text)
    assert every_point_in_range(panel.timeline)
    panel.toolbar.undo()
    points = sum(len(trace.x) for trace in panel.timeline.figure.data)
    assert points == 8 and every_point_in_range(panel.timeline)
    panel.game.undo()  # the notebook's own `tray.undo()` cell
    assert every_point_in_range(panel.timeline)


def test_the_toolbar_redoes_notes_and_exports_in_the_panel(panel, tmp_path):
    panel.roll_button.click()
    panel.undo_button.click()
    assert panel.timeline.points("random rolls") == 0 and "undone:" in panel.messages.value
    panel.toolbar.redo_button.click()
    assert panel.timeline.points("random rolls") == 1 and "redone:" in panel.messages.value
    panel.toolbar.note._handle_custom_msg({"event": "submit", "value": "Eve arrives"}, [])
    assert panel.messages.value == ""  # the note was the next action
    assert "note: Eve arrives" in panel.log_view.table.value
    panel.toolbar.export_button.click()
    assert (tmp_path / "out" / "t.md").exists()
    panel.close()


def test_the_plot_draws_the_latest_rolls_and_costs_the_same_at_any_length(tmp_path: Path):
    """A tray's 10,000th roll sends the plot what its 100th sends (the plot's window)."""
    from isowidgets.widgets.tray import TIMELINE_ROLLS

    path = tmp_path / "long.jsonl"
    game = DiceTray.new(path, seed=4)
    for n in range(3 * TIMELINE_ROLLS):
        game.roll("2d6", purpose=f"roll {n}")
    game.journal.close()
    panel = TrayPanel(DiceTray.resume(path), export_dir=tmp_path / "out")
    xs = panel.timeline.current("random rolls", "x")
    assert len(xs) == TIMELINE_ROLLS and xs[-1] == 3 * TIMELINE_ROLLS  # the latest, numbered
    assert "from roll 201 on" in panel.timeline.figure.layout.title.text
    assert every_point_in_range(panel.timeline)
    for _ in range(TIMELINE_ROLLS):
        panel.roll_button.click()
        xs = panel.timeline.current("random rolls", "x")
        assert xs[-1] - xs[0] <= TIMELINE_ROLLS * 1.5 and every_point_in_range(panel.timeline)
    assert xs[-1] == 4 * TIMELINE_ROLLS
    assert f"from roll {xs[0]} on" in panel.timeline.figure.layout.title.text
    panel.undo_button.click()  # drawn again: the latest rolls, the undone one gone
    xs = panel.timeline.current("random rolls", "x")
    assert xs[-1] == 4 * TIMELINE_ROLLS - 1 and len(xs) == TIMELINE_ROLLS


def test_a_short_session_s_plot_is_titled_plainly(panel):
    panel.roll_button.click()
    assert panel.timeline.figure.layout.title.text == "Rolls this session"
