"""The session toolbar: undo, redo, a note (Enter submits) and export, each saying what it did."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from isowidgets.errors import JournalError, RuleError
from isowidgets.journal import Entry, Note, Retcon, SessionStarted
from isowidgets.tray import DiceTray
from isowidgets.widgets.messages import Messages
from isowidgets.widgets.toolbar import SessionToolbar


@pytest.fixture
def tray(tmp_path: Path) -> DiceTray:
    return DiceTray.new(tmp_path / "night.jsonl", seed=5)


def test_undo_and_redo_say_what_they_took_back_and_restored(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    tray.roll("3d6", purpose="Bob argues at the door")
    bar.undo_button.click()
    assert isinstance(tray.journal.entries[-1].event, Retcon)
    assert "undone: Bob argues at the door: 3×d6 rolled" in bar.messages.value
    bar.redo_button.click()
    assert "redone: Bob argues at the door" in bar.messages.value
    assert [e.kind for e in tray.journal.effective()] == ["session_started", "rolled"]
    bar.redo_button.click()  # nothing left to redo: the kit's message, nothing written
    events = len(tray.journal)
    assert "there is nothing to redo" in bar.messages.value and len(tray.journal) == events


def test_the_undo_message_goes_away_at_the_next_action(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    tray.roll("d6")
    bar.undo()
    assert "undone" in bar.messages.value
    tray.roll("d6")
    assert bar.messages.value == ""


def test_enter_in_the_note_box_writes_the_note_and_empties_it(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    bar.note._handle_custom_msg({"event": "submit", "value": "Eve hides the key"}, [])
    assert tray.journal.entries[-1].event == Note(text="Eve hides the key")
    assert bar.note.value == ""
    bar.note.value = "a second note"
    bar.note_button.click()
    assert tray.journal.entries[-1].event == Note(text="a second note")


def test_a_blank_note_is_refused_and_the_box_keeps_its_text(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    events = len(tray.journal)
    bar.note._handle_custom_msg({"event": "submit", "value": "   "}, [])
    assert "⚠ Error" in bar.messages.value and len(tray.journal) == events
    assert bar.note.value == "   "


def test_export_writes_the_chosen_format_and_says_where(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path / "out", formats=("csv", "md"))
    assert [value for _label, value in bar.export_format.options] == ["csv", "md"]
    bar.export_button.click()
    assert (tmp_path / "out" / "night.csv").exists() and bar.last_export is not None
    count = len(tray.journal)
    said = "exported 1 event to" if count == 1 else f"exported {count} events to"
    assert said in bar.messages.value
    assert bar.export("md").read_text().startswith("# Session log")
    with pytest.raises(JournalError, match="the formats are md, csv, json"):
        bar.export("pdf")


def test_a_toolbar_reports_to_the_panels_messages_when_given(tray, tmp_path):
    shared = Messages(tray)
    bar = SessionToolbar(tray, messages=shared, export_dir=tmp_path)
    assert shared not in bar.children
    bar.undo_button.click()
    assert "nothing to undo" in shared.value
    own = SessionToolbar(tray, export_dir=tmp_path)
    assert own.messages in own.children


def test_every_button_has_words_and_an_explanation(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path, key="iso")
    for button in (bar.undo_button, bar.redo_button, bar.note_button, bar.export_button):
        assert button.description.strip() and button.tooltip
    assert "iw-undo-iso" in bar.undo_button._dom_classes
    assert "iw-toolbar-iso" in bar._dom_classes
    with pytest.raises(RuleError, match="export formats must be some of"):
        SessionToolbar(tray, formats=("pdf",))


def test_the_commitment_shows_as_a_fingerprint_and_reveal_asks_once(tray, tmp_path):
    bar = SessionToolbar(tray, export_dir=tmp_path)
    commitment = tray.commitment
    assert commitment is not None
    assert bar.commitment.value == f"dice committed: {commitment[:8]}…"
    assert commitment in bar.commitment.tooltip
    assert "iw-commitment" in bar.commitment._dom_classes
    assert "iw-reveal" in bar.reveal_button._dom_classes
    bar.reveal_button.click()  # the first click only asks
    assert tray.revealed is None and bar.reveal_button.description == "Confirm reveal"
    assert "ends this session&#x27;s random rolls" in bar.messages.value
    tray.roll("2d6")  # any other action takes the question back
    assert bar.reveal_button.description == "Reveal seed"
    bar.reveal_button.click()
    bar.reveal_button.click()
    assert tray.revealed is not None and tray.revealed.seed == 5
    assert bar.commitment.value == "seed revealed: 5"
    assert bar.reveal_button.disabled
    assert "anyone can now verify" in bar.messages.value


def test_a_session_without_a_commitment_says_so(tmp_path):
    """A journal written before commitments (its seed in plain text) cannot reveal."""
    path = tmp_path / "old.jsonl"
    start = SessionStarted(game="tray", seed=3, settings={}, kit_version="0.0.9")
    path.write_text(Entry(1, 1, True, datetime.now(UTC), start).to_line() + "\n")
    bar = SessionToolbar(DiceTray.resume(path), export_dir=tmp_path)
    assert bar.commitment.value.startswith("dice not committed")
    assert bar.reveal_button.disabled
