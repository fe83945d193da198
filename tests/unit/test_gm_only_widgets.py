"""GM-only at the table: the session's "🔒 GM only" switch (on the toolbar, saying so in
words while on), the one-roll switch beside every dice entry (it turns itself off after
the roll), the count of actions the viewers do not see yet with "Show to table" (on the
toolbar, in the panel in use and in the log), the toolbar's prepared value, and the log's
marks, in every system's table without a line of system code.

Why through the kit: a GM who keeps a scene secret presses one switch; a control of one
system that forgot to honour it would leak the secret to the stream; and a switch left on
by accident must not keep everything after it secret unnoticed.
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
from isowidgets.widgets.gm import RollToggle, gm_switch, held_back
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
def test_every_systems_table_has_the_session_switch_and_a_one_roll_switch_per_entry(
    system: str, tmp_path: Path
):
    """Every table gets both through the kit: its toolbar shows the session switch,
    every dice entry its own one-roll switch. The session switch presses (and fixes)
    every entry's, says in words that it is on, and makes a note GM-only."""
    game_type, table_type = TABLES[system]
    game = game_type.new(tmp_path / f"{system}.jsonl", seed=3)
    table = table_type(game, export_dir=tmp_path / "exports")
    try:
        widgets = list(descendants(table))
        (toolbar,) = [w for w in widgets if isinstance(w, SessionToolbar)]
        entries = [w for w in widgets if isinstance(w, DiceEntry)]
        assert entries, f"{system}: the table shows no dice entry"
        assert all(isinstance(entry.gm_toggle, RollToggle) for entry in entries)
        toggles = [toolbar.gm_toggle, *(entry.gm_toggle for entry in entries)]
        assert all(t.text == "○ 🔒 GM only" and not t.value for t in toggles)
        assert toolbar.held.layout.display == "none"  # nothing to say yet
        toolbar.gm_toggle.click()
        assert all(t.value and t.text == "✔ 🔒 GM only" for t in toggles)
        assert all(entry.gm_toggle.disabled for entry in entries)  # fixed while on
        assert "GM only is on" in toolbar.held.status.value
        assert toolbar.held.layout.display != "none"
        assert game.gm_only_now
        toolbar.add_note("the cultists wait upstairs")
        toolbar.gm_toggle.click()
        toolbar.add_note("the door creaks")
        assert not game.gm_only_now
        assert not any(entry.gm_toggle.value for entry in entries)
        assert [e.gm for e in game.journal.entries[-2:]] == [True, False]
    finally:
        gm_switch(game).set(False)
        table.close()
        game.journal.close()


def test_an_entrys_switch_covers_one_roll_and_turns_itself_off(tray_panel: TrayPanel):
    game, entry = tray_panel.game, tray_panel.entry
    entry.gm_toggle.click()
    entry.roll()
    assert not entry.gm_toggle.value  # off again: the next roll is public
    entry.roll()
    assert [e.gm for e in game.journal.entries] == [False, True, False]
    assert [e.action for e in game.public_entries()] == [1, 3]
    assert not game.gm_only_now and not gm_switch(game).on


def test_a_refused_roll_keeps_the_entrys_switch_on_for_the_roll_that_goes(tray_panel: TrayPanel):
    game, entry = tray_panel.game, tray_panel.entry
    entry.gm_toggle.click()
    entry.submit("x y")  # refused: nothing rolled
    assert entry.gm_toggle.value and entry.error.value
    entry.roll()
    assert not entry.gm_toggle.value and game.journal.entries[-1].gm


def test_the_toolbar_the_panel_and_the_log_count_what_is_held_back(tray_panel: TrayPanel):
    game, toolbar, log = tray_panel.game, tray_panel.toolbar, tray_panel.log_view
    lines = [toolbar.held, tray_panel.held, log.held]
    assert all(line.layout.display == "none" for line in lines)
    game.prepare("the weather", "fog")  # a secret kept on purpose: not counted
    assert held_back(game) == ()
    toolbar.gm_toggle.click()  # left on by accident
    game.roll("2d6")
    game.note("upstairs")
    toolbar.gm_toggle.click()
    game.roll("d6")
    assert len(held_back(game)) == 2  # the GM-only roll and note; the tray roll is aside
    for line in lines:
        assert "2 actions not shown to the table yet" in line.status.value
        assert line.show_button.layout.display != "none"
    lines[1].show_button.click()  # Show to table, from the panel in use
    assert held_back(game) == () and all(line.layout.display == "none" for line in lines)
    public = {entry.action for entry in game.public_entries()}
    assert {3, 4} <= public and 2 not in public  # the prepared secret stays secret
    game.undo()  # one disclosure at a time: the last one taken back
    assert "1 action not shown to the table yet" in toolbar.held.status.value


def test_a_held_state_change_counts_what_it_holds(tmp_path: Path):
    game = FudgeGame.new(tmp_path / "held.jsonl", seed=3)
    table = FudgeTable(game, export_dir=tmp_path / "exports")
    try:
        with game.gm_only():
            game.add_character("The mole", skills={"lying": 3})
        game.add_character("Mr. Burke", skills={"sneak": 2})  # public, but built on it
        assert len(held_back(game)) == 2
        assert "2 actions" in table.held.status.value
        table.held.show_button.click()
        assert held_back(game) == ()
    finally:
        table.close()
        game.journal.close()


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
    the session switch (the toolbar's toggle) stays usable."""
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


def test_the_trays_result_marks_a_gm_only_roll(tray_panel: TrayPanel):
    entry = tray_panel.entry
    entry.gm_toggle.click()
    entry.roll()
    assert "🔒 GM only" in tray_panel.result.value
    entry.roll()  # the switch covered one roll: the next result is public, unmarked
    assert "🔒" not in tray_panel.result.value
    tray_panel.game.undo()  # the GM-only roll is the last in force again: marked again
    assert "🔒 GM only" in tray_panel.result.value


def test_a_refusal_clears_a_note_another_line_of_the_table_shows(tmp_path: Path):
    game = ImpactGame.new(tmp_path / "i.jsonl", seed=1)
    game.add_pc("Pierce", ["Nimble"], impact="D6")
    table = ImpactTable(game, export_dir=tmp_path / "exports")
    try:
        table.toolbar.export("md")
        assert "exported" in table.messages.value
        table.test_panel.entry.submit("9")  # refused beside the face box
        assert table.test_panel.entry.error.value
        assert table.messages.value == ""  # the export note is stale: gone
    finally:
        table.close()
        game.journal.close()
