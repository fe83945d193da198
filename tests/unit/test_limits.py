"""Size limits of the journal: lines, events and bytes, enforced on write and on read.

A journal line (one event) is at most ``journal.MAX_LINE_BYTES`` (1 MiB): a longer
event is refused on write with nothing written, and a longer line in a file is an
error naming its line number, found after reading no more than that much of it (the
file is read in chunks, never whole). A journal holds at most ``MAX_EVENTS`` events
and ``MAX_JOURNAL_BYTES`` bytes, so opening one takes bounded memory.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from isowidgets.checks import MAX_NOTE, MAX_TEXT, MAX_WHOLE
from isowidgets.errors import JournalError, RuleError
from isowidgets.journal import (
    MAX_EVENTS,
    MAX_JOURNAL_BYTES,
    MAX_LINE_BYTES,
    Entry,
    Journal,
    Note,
    SessionStarted,
    read_entries,
)
from isowidgets.journal import store as journal_module  # where the caps are read
from isowidgets.tray import DiceTray
from isowidgets.words import render


def _start() -> SessionStarted:
    return SessionStarted(game="tray", seed=1, settings={}, kit_version="test")


def _note_of_line_size(size: int) -> Note:
    """A note whose journal line (as entry #2 of action #2) is exactly ``size`` bytes."""
    base = Entry(2, 2, True, Journal.memory()._clock(), Note(text=""), head="0" * 64).to_line()
    return Note(text="x" * (size - len(base.encode())))


def test_the_documented_limits():
    assert MAX_LINE_BYTES == 1 << 20
    assert MAX_EVENTS == 100_000
    assert MAX_JOURNAL_BYTES == 64 << 20
    assert (MAX_TEXT, MAX_NOTE) == (300, 10_000)


# --------------------------------------------------------------------------- write


def test_an_event_past_the_line_limit_is_refused_and_nothing_is_written(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=1)
    tray.roll("2d6")
    before = (path.read_bytes(), tray.dice.state(), tray.state, len(tray.journal))
    with (
        pytest.raises(RuleError, match=r"journal line of [\d,]+ bytes; a line holds at most"),
        tray._way_in(Note),  # a note this long never gets past note(): its own cap is lower
    ):
        tray.commit(Note(text="x" * MAX_LINE_BYTES))
    assert (path.read_bytes(), tray.dice.state(), tray.state, len(tray.journal)) == before
    with pytest.raises(JournalError, match="a line holds at most 1,048,576 bytes"):
        tray._append(Note(text="x" * MAX_LINE_BYTES))  # the journal, as the game writes it
    assert path.read_bytes() == before[0]
    tray.journal.close()


def test_a_line_of_exactly_the_limit_is_written_and_read_back(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        with pytest.raises(JournalError, match="1,048,577 bytes"):
            journal.append(_note_of_line_size(MAX_LINE_BYTES + 1))
        journal.append(_note_of_line_size(MAX_LINE_BYTES))
    assert max(len(line) for line in path.read_bytes().splitlines()) == MAX_LINE_BYTES
    assert len(Journal.read(path)) == 2


def test_past_the_event_cap_a_write_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(journal_module, "MAX_EVENTS", 3)
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=1)
    tray.note("one")
    tray.note("two")
    before = (path.read_bytes(), tray.dice.state())
    with pytest.raises(JournalError, match=r"one session holds at most 3.*Tip: start a new"):
        tray.roll("3d6")
    assert (path.read_bytes(), tray.dice.state()) == before
    tray.journal.close()


def test_past_the_byte_cap_a_write_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 600)
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=1)
    before = path.read_bytes()
    with pytest.raises(JournalError, match="it would pass 600 bytes"):
        tray.note("x" * 500)
    assert path.read_bytes() == before
    tray.journal.close()


# --------------------------------------------------------------------------- read


def _journal_with(path: Path, *middle: bytes) -> None:
    """A valid two-event journal with ``middle`` lines written between its events."""
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="kept"))
    first, second = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(first + b"".join(middle) + second)


def _note_line(size: int) -> bytes:
    """A valid journal line (event #2, a note) of ``size`` bytes or so, built as bytes."""
    line = Entry(2, 2, True, Journal.memory()._clock(), Note(text="")).to_line().encode()
    return line.replace(b'"text":""', b'"text":"' + b"x" * size + b'"') + b"\n"


@pytest.mark.parametrize(
    ("size", "words"),
    [
        (40_000_000, r"s\.jsonl, line 2: longer than 1,048,576 bytes"),
        (100_000_000, r"s\.jsonl is 100,000,\d+ bytes; a journal holds at most 67,108,864"),
    ],
    ids=["40-MB-line", "100-MB-line"],
)
def test_a_huge_valid_note_line_is_refused_in_bounded_memory(tmp_path: Path, size: int, words: str):
    """A valid 100 MB note line used to load whole (+600 MB). Now the file's size refuses
    it unread, and a line under that size is refused after about 1 MiB of it is read."""
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
    with path.open("ab") as out:
        out.write(_note_line(size))
    tracemalloc.start()
    try:
        with pytest.raises(JournalError, match=words):
            DiceTray.resume(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MAX_LINE_BYTES


def test_a_long_line_in_the_middle_names_its_line(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    _journal_with(path, b"x" * (MAX_LINE_BYTES + 1) + b"\n")
    before = path.read_bytes()
    for reader in (Journal.read, Journal.open, DiceTray.resume):
        with pytest.raises(JournalError, match=r"line 2: longer than 1,048,576 bytes") as caught:
            reader(path)
        assert len(str(caught.value)) < 600
    assert path.read_bytes() == before  # left exactly as it was


def test_a_long_last_line_without_newline_is_not_taken_for_a_torn_write(tmp_path: Path):
    """A crash mid-write tears at most one line of at most MAX_LINE_BYTES; anything
    longer is refused, not kept in memory and set aside."""
    path = tmp_path / "s.jsonl"
    _journal_with(path)
    with path.open("ab") as out:
        out.write(b"{" * (MAX_LINE_BYTES + 5))
    with pytest.raises(JournalError, match=r"line 3: longer than"):
        Journal.read(path)
    torn = tmp_path / "t.jsonl"
    _journal_with(torn)
    with torn.open("ab") as out:
        out.write(b'{"v":1,"seq":3')
    assert render(Journal.read(torn).problems[0]).startswith("the last line was torn")


def test_lines_read_in_chunks_keep_their_numbers(tmp_path: Path):
    """Blank lines, a line across many chunks and a missing last newline: numbers stay right."""
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="y" * 200_000))  # several 64 KiB chunks
        journal.append(Note(text="z"))
    lines = path.read_bytes().splitlines()
    path.write_bytes(lines[0] + b"\n\n" + lines[1] + b"\n   \n" + lines[2])  # no last newline
    journal = Journal.open(path)
    assert [journal.line_number(e.seq) for e in journal] == [1, 3, 5]
    journal.append(Note(text="after"))
    journal.close()
    again = Journal.read(path)
    assert [again.line_number(e.seq) for e in again] == [1, 3, 5, 6]
    assert again.entries[-1].event == Note(text="after")


def test_past_the_event_cap_a_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "s.jsonl"
    tray = DiceTray.new(path, seed=1)
    for word in ("a", "b", "c"):
        tray.note(word)
    tray.journal.close()
    monkeypatch.setattr(journal_module, "MAX_EVENTS", 3)
    with pytest.raises(JournalError, match="line 4: the journal holds more than 3 events"):
        DiceTray.resume(path)


def test_past_the_byte_cap_a_file_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    path = tmp_path / "s.jsonl"
    _journal_with(path)
    monkeypatch.setattr(journal_module, "MAX_JOURNAL_BYTES", 100)
    with pytest.raises(JournalError, match="a journal holds at most 100 bytes"):
        Journal.read(path)


def test_a_line_given_as_text_is_bounded_too():
    line = Entry(1, 1, True, Journal.memory()._clock(), _start()).to_line()
    assert read_entries([line])[0].event == _start()
    with pytest.raises(ValueError, match="longer than 1,048,576 bytes"):
        Entry.from_line(" " * (MAX_LINE_BYTES + 1))
    with pytest.raises(ValueError, match="longer than 1,048,576 bytes"):
        Entry.from_line("é" * (MAX_LINE_BYTES // 2 + 1))  # short in characters, long in bytes
    with pytest.raises(ValueError, match="a journal line must be text"):
        Entry.from_line(json.dumps({}).encode())  # type: ignore[arg-type]


def test_the_docs_state_the_limits_the_code_has():
    """The docs' Limits table (docs/contributing/limits.md) names each constant and the
    value it has."""
    from isowidgets import dice, settings

    page = Path(__file__).resolve().parents[2] / "docs" / "contributing" / "limits.md"
    section = page.read_text(encoding="utf-8")
    stated = {
        "dice.Limits": f"{dice.DEFAULT_LIMITS.max_dice} / {dice.DEFAULT_LIMITS.max_explosions}",
        "dice.LIMITS_CEILING": f"{dice.LIMITS_CEILING:,}",
        "dice.MAX_NOTATION": f"{dice.MAX_NOTATION} characters",
        "dice.MAX_TYPED": f"{dice.MAX_TYPED:,}",
        "checks.MAX_TEXT": f"{MAX_TEXT} characters",
        "checks.MAX_NOTE": f"{MAX_NOTE:,} characters",
        "checks.MAX_WHOLE": "64 bits" if MAX_WHOLE == 2**63 - 1 else "?",
        "settings.MAX_FILE_BYTES": "1 MiB" if settings.MAX_FILE_BYTES == 1 << 20 else "?",
        "settings.MAX_SETTING_INT": f"±{settings.MAX_SETTING_INT:,}",
        "journal.MAX_LINE_BYTES": "1 MiB" if MAX_LINE_BYTES == 1 << 20 else "?",
        "journal.MAX_EVENTS": f"{MAX_EVENTS:,} events",
        "journal.MAX_JOURNAL_BYTES": f"{MAX_JOURNAL_BYTES >> 20} MiB",
    }
    for constant, value in stated.items():
        row = next(line for line in section.splitlines() if f"`{constant}`" in line)
        assert value in row, (constant, value, row)
