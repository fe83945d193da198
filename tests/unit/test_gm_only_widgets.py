"""GM-only at the table: the kit's one "🔒 GM only" switch per game (on the toolbar and
beside every dice entry), the toolbar's prepared value, and the log's marks and
"Show to table" buttons, in every system's table without a line of system code.

Why through the kit: a GM who keeps a scene secret presses one switch; a control of one
system that forgot to honour it would leak the secret to the stream.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from isowidgets.game import Game
from isowidgets.rules.fudge_conflict import FudgeGame
from isowidgets.rules.impact import ImpactGame
from isowidgets.rules.isolation import IsolationGame
from isowidgets.rules.watch_the_world_die import WorldGame
from isowidgets.tray import DiceTray
from isowidgets.widgets.dice_entry import DiceEntry
from isowidgets.widgets.fudge_conflict import FudgeTable
from isowidgets.widgets.gm import gm_switch
from isowidgets.widgets.impact import ImpactTable
from isowidgets.widgets.isolation import IsolationTable
from isowidgets.widgets.log import LogView
from isowidgets.widgets.toolbar import SessionToolbar
from isowidgets.widgets.tray import TrayPanel
from isowidgets.widgets.watch_the_world_die import WorldTable

TABLES: dict[str, tuple[type[Game[Any]], Any]] = {
    "tray": (DiceTray, TrayPanel),
    "isolation": (IsolationGame, IsolationTable),
    "impact": (ImpactGame, ImpactTable),
    "fudge_conflict": (FudgeGame, FudgeTable),
    "watch_the_world_die": (WorldGame, WorldTable),
}


def descendants(root: Any) -> Iterator[Any]:
    stack, seen = [root], set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        stack.extend(getattr(widget, "children", ()) or ())


@pytest.fixture
def tray_panel(tmp_path: Path) -> Iterator[TrayPanel]:
    game = DiceTray.new(tmp_path / "tray.jsonl", seed=9)
    panel = TrayPanel(game, export_dir=tmp_path / "exports")
    yield panel
    panel.close()
    game.journal.close()


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_systems_table_has_the_switch_on_its_toolbar_and_dice_entries(
    system: str, tmp_path: Path
):
    """Every table gets the switch through the kit: its toolbar shows it, every dice
    entry in the table shows it, all of them are the game's one switch, and while it is
    on a note from the toolbar is GM-only."""
    game_type, table_type = TABLES[system]
    game = game_type.new(tmp_path / f"{system}.jsonl", seed=3)
    table = table_type(game, export_dir=tmp_path / "exports")
    try:
        widgets = list(descendants(table))
        (toolbar,) = [w for w in widgets if isinstance(w, SessionToolbar)]
        entries = [w for w in widgets if isinstance(w, DiceEntry)]
        assert entries, f"{system}: the table shows no dice entry"
        assert all(entry.gm_toggle is not None for entry in entries)
        toggles = [toolbar.gm_toggle, *(entry.gm_toggle for entry in entries)]
        assert all(t.text == "○ 🔒 GM only" and not t.value for t in toggles)
        # One toggle presses them all (an entry's, unless every entry waits for its step:
        # beside switched-off dice the toggle is switched off too).
        pressable = [e.gm_toggle for e in entries if not e.gm_toggle.disabled]
        (pressable or [toolbar.gm_toggle])[0].click()
        assert all(t.value and t.text == "✔ 🔒 GM only" for t in toggles)
        assert game.gm_only_now
        toolbar.add_note("the cultists wait upstairs")
        toolbar.gm_toggle.click()
        toolbar.add_note("the door creaks")
        assert not game.gm_only_now
        assert [e.gm for e in game.journal.entries[-2:]] == [True, False]
    finally:
        gm_switch(game).set(False)
        table.close()
        game.journal.close()


def test_a_roll_from_the_dice_entry_is_gm_only_while_the_switch_is_on(tray_panel: TrayPanel):
    game = tray_panel.game
    tray_panel.entry.gm_toggle.click()
    tray_panel.entry.roll()
    tray_panel.entry.gm_toggle.click()
    tray_panel.entry.roll()
    assert [e.gm for e in game.journal.entries] == [False, True, False]
    assert [e.action for e in game.public_entries()] == [1, 3]


def test_the_log_marks_gm_only_events_and_offers_to_show_them(tray_panel: TrayPanel):
    game, log = tray_panel.game, tray_panel.log_view
    with game.gm_only():
        game.roll("2d6", purpose="the ambush")
    assert 'class="iw-gm"' in log.table.value
    assert "the ambush: 2×d6 rolled" in log.table.value and "· 🔒 GM only" in log.table.value
    (button,) = log.disclose_box.children
    assert button is log.disclose_buttons[2]
    assert button.description.startswith("🔓 Show to table: the ambush: 2×d6 rolled")
    assert "show action #2 to the table" in button.tooltip
    button.click()
    assert game.journal.entries[-1].kind == "disclosed"
    assert "· 🔓 shown to the table" in log.table.value
    assert 'class="iw-gm-shown"' in log.table.value
    assert log.disclose_box.children == ()
    game.undo()  # the disclosure taken back: the button comes back
    assert list(log.disclose_buttons) == [2]


def test_the_log_offers_nothing_for_an_undone_secret_or_its_undo(tray_panel: TrayPanel):
    game, log = tray_panel.game, tray_panel.log_view
    with game.gm_only():
        game.roll("2d6")
    game.undo()
    assert log.disclose_buttons == {}


def test_a_refused_disclosure_shows_under_the_log_and_changes_nothing(tray_panel: TrayPanel):
    game, log = tray_panel.game, tray_panel.log_view
    before = len(game.journal)
    assert log.disclose(1) == []
    assert "is not GM-only" in log.error.value
    assert len(game.journal) == before


def test_the_prepare_row_takes_no_room_until_its_toggle_opens_it(tray_panel: TrayPanel):
    toolbar = tray_panel.toolbar
    row = next(r for r in toolbar.children if toolbar.prepare_button in r.children)
    assert row.layout.display == "none" and not toolbar.prepare_toggle.value
    assert toolbar.prepare_toggle.text == "▸ Prepare a secret"
    toolbar.prepare_toggle.click()
    assert row.layout.display != "none" and toolbar.prepare_toggle.text == "▾ Hide prepare"
    toolbar.prepare_toggle.click()
    assert row.layout.display == "none"


def test_the_toolbar_prepares_a_value_gm_only_by_default(tray_panel: TrayPanel):
    game, toolbar = tray_panel.game, tray_panel.toolbar
    toolbar.prepare_toggle.click()
    toolbar.prepare_name.value = "Marta's Deceive"
    toolbar.prepare_value.value = " -2 "
    toolbar.prepare_button.click()
    toolbar.prepare_name.value = "the weather"
    toolbar.prepare_value.value = "fog at dawn"
    toolbar.prepare_gm.click()  # off: a public prepared value
    toolbar.prepare_button.click()
    first, second = game.journal.entries[-2:]
    assert (first.event.value, first.gm) == (-2, True)  # type: ignore[attr-defined]
    assert (second.event.value, second.gm) == ("fog at dawn", False)  # type: ignore[attr-defined]
    assert "prepared the weather = fog at dawn" in toolbar.messages.value
    assert toolbar.prepare_name.value == toolbar.prepare_value.value == ""


def test_a_refused_prepared_value_keeps_the_boxes_and_changes_nothing(tray_panel: TrayPanel):
    game, toolbar = tray_panel.game, tray_panel.toolbar
    toolbar.prepare_name.value = ""
    toolbar.prepare_value.value = "4"
    before = len(game.journal)
    toolbar.prepare_button.click()
    assert "a prepared value's name must not be empty" in html.unescape(toolbar.messages.value)
    assert toolbar.prepare_value.value == "4" and len(game.journal) == before


def test_the_switch_and_the_log_speak_danish(tmp_path: Path):
    game = FudgeGame.new(tmp_path / "f.jsonl", seed=3)
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    try:
        table.set_language("da")
        assert table.toolbar.gm_toggle.text == "○ 🔒 Kun spilleder"
        assert table.toolbar.prepare_button.description == "Forbered"
        assert table.toolbar.prepare_toggle.text == "▸ Forbered en hemmelighed"
        with game.gm_only():
            game.note("kultisterne venter")
        assert "· 🔒 kun spilleder" in table.log_view.table.value
        (button,) = table.log_view.disclose_box.children
        assert button.description.startswith("🔓 Vis for bordet: note: kultisterne")
        table.set_language("en")
        assert table.toolbar.gm_toggle.text == "○ 🔒 GM only"
    finally:
        table.close()
        game.journal.close()


def test_a_log_view_made_alone_still_marks_and_discloses(tmp_path: Path):
    game = DiceTray.new(tmp_path / "alone.jsonl", seed=1)
    log = LogView(game, rows=3)
    game.note("secret", gm_only=True)
    log.disclose_buttons[2].click()
    assert [e.action for e in game.public_entries()] == [1, 2, 3]
    log.close()
    game.journal.close()


def test_a_switched_off_dice_entry_switches_its_gm_toggle_off_too(tray_panel: TrayPanel):
    """Beside dice that cannot be rolled now the toggle leaves the Tab walk with them;
    the game's switch itself (the toolbar's toggle) stays usable."""
    entry = tray_panel.entry
    entry.disabled = True
    assert entry.gm_toggle.disabled
    assert not tray_panel.toolbar.gm_toggle.disabled
    entry.disabled = False
    assert not entry.gm_toggle.disabled
    late = DiceEntry(lambda _faces: None, key="late")
    late.disabled = True
    late.bind_game(tray_panel.game)
    assert late.gm_toggle.disabled
