"""Session journal: append-only file, crash safety, validation, retcons, views and exports."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from isowidgets.dice import D6, Dice, Pool
from isowidgets.errors import JournalError, JournalLockedError
from isowidgets.journal import Journal, Note, Retcon, Rolled, SessionStarted, read_entries
from isowidgets.tray import DiceTray
from isowidgets.words import render


def _start() -> SessionStarted:
    return SessionStarted(game="tray", seed=1, settings={}, kit_version="test")


def test_each_action_is_written_and_flushed_before_append_returns(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    journal = Journal.open(path)
    journal.append(_start())
    journal.append(Note(text="a"), Note(text="b"))
    lines = path.read_text().splitlines()  # read by another handle, before close
    assert len(lines) == 3
    records = [json.loads(line) for line in lines]
    assert [r["seq"] for r in records] == [1, 2, 3]
    assert [r["action"] for r in records] == [1, 2, 2]
    assert [r["end"] for r in records] == [True, False, True]
    journal.close()


def test_reopening_restores_every_entry(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        roll = Dice(seed=5).roll(Pool(D6, 4, explode_on={6}, label="green"))
        journal.append(Rolled(roll=roll, purpose="test"))
    again = Journal.open(path)
    assert len(again) == 2
    assert again.entries[1].event == Rolled(roll=roll, purpose="test")
    assert again.problems == []
    again.close()


def test_torn_last_line_is_reported_and_set_aside(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="kept"))
    with open(path, "a", encoding="utf-8") as handle:
        handle.write('{"v":1,"seq":3,"action":3,"end":tr')  # crash mid-write
    reopened = Journal.open(path)
    assert len(reopened) == 2
    assert reopened.problems[0].key == "journal.problem.torn"
    assert (tmp_path / "s.jsonl.torn").read_text().startswith('{"v":1,"seq":3')
    reopened.append(Note(text="after the crash"))  # the file is clean again
    reopened.close()
    assert [e.event.text for e in Journal.open(path).entries[1:]] == ["kept", "after the crash"]


def test_an_action_cut_short_is_skipped_as_a_whole(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="one"), Note(text="two"))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:2]))  # the action's last line never reached the disk
    reopened = Journal.open(path)
    assert len(reopened) == 2
    assert "cut short" in render(reopened.problems[0])
    assert [e.seq for e in reopened.effective()] == [1]
    reopened.close()


def test_a_bad_line_in_the_middle_is_an_error_naming_the_line(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="x"))
        journal.append(Note(text="y"))
    lines = path.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"note"', '"nuke"')
    path.write_text("".join(lines))
    with pytest.raises(JournalError, match="line 2: unknown event kind 'nuke'"):
        Journal.open(path)


def test_payloads_are_validated_not_executed(tmp_path: Path):
    evil = {
        "v": 1,
        "seq": 1,
        "action": 1,
        "end": True,
        "at": "2026-01-01T00:00:00+00:00",
        "system": "core",
        "kind": "note",
        "data": {"text": "hi", "__class__": "os.system"},
    }
    with pytest.raises(ValueError, match=r"(?i)extra inputs are not permitted"):
        read_entries([json.dumps(evil)])
    roll = {
        "pool": {"die": "d6", "count": 2, "explode_on": [6], "explosions": "mandatory"},
        "faces": [6, 3, 2],
        "source": "typed",
    }
    good = dict(evil, kind="rolled", data={"roll": roll})
    assert read_entries([json.dumps(good)])[0].event.roll.faces == (6, 3, 2)
    bad_roll = dict(good, data={"roll": dict(roll, faces=[6, 3, 9])})
    with pytest.raises(ValueError, match="invalid roll record"):
        read_entries([json.dumps(bad_roll)])


def test_sequence_gaps_are_detected(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    with Journal.open(path) as journal:
        journal.append(_start())
        journal.append(Note(text="x"))
        journal.append(Note(text="y"))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(lines[0] + lines[2])
    with pytest.raises(JournalError, match="sequence number 3, expected 2"):
        Journal.open(path)


def test_a_second_process_cannot_write_the_same_journal(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    journal = Journal.open(path)
    code = textwrap.dedent(
        f"""
        from isowidgets.journal import Journal
        from isowidgets.errors import JournalLockedError
        try:
            Journal.open({str(path)!r})
        except JournalLockedError as exc:
            print("locked:", exc)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "locked: journal" in out.stdout
    journal.close()
    assert JournalLockedError.__mro__[1] is JournalError


def test_reopening_in_the_same_process_takes_the_journal_over(tmp_path: Path):
    path = tmp_path / "s.jsonl"
    first = Journal.open(path)
    first.append(_start())
    second = Journal.open(path)
    assert first.closed
    with pytest.raises(JournalError, match="closed"):
        first.append(Note(text="stale"))
    second.append(Note(text="fresh"))
    second.close()


def test_retcons_void_actions_and_a_retcon_of_a_retcon_restores(tmp_path: Path):
    journal = Journal.memory()
    journal.append(_start())
    journal.append(Note(text="a"))  # action 2
    journal.append(Retcon(action=2))  # action 3
    assert journal.void_actions() == {2}
    assert [e.seq for e in journal.effective()] == [1]
    journal.append(Retcon(action=3))  # action 4: redo
    assert journal.void_actions() == {3}
    assert [e.seq for e in journal.effective()] == [1, 2]


def test_frame_and_exports_keep_the_context_of_each_roll(tmp_path: Path):
    tray = DiceTray.new(tmp_path / "s.jsonl", seed=9)
    tray.roll("3d6!6", purpose="climb the wall")
    tray.roll("2d6", faces="6 6", purpose="typed at the table")
    tray.undo()
    frame = tray.log()
    assert list(frame["kind"]) == ["session_started", "rolled", "rolled", "retcon"]
    assert frame.loc[2, "source"] == "typed"
    assert frame.loc[2, "faces"] == "6 6"
    assert bool(frame.loc[2, "retconned"]) is True
    assert "climb the wall" in frame.loc[1, "summary"]
    csv = tray.journal.export(tmp_path / "log.csv")
    assert "typed at the table" in csv.read_text()
    data = json.loads(tray.journal.export(tmp_path / "log.json").read_text())
    assert data[2]["data"]["roll"]["faces"] == [6, 6]
    markdown = tray.journal.export(tmp_path / "log.md").read_text()
    assert markdown.startswith("# Session log: s")
    assert "| typed" in markdown
    with pytest.raises(JournalError, match=r"use a \.csv, \.json or \.md file"):
        tray.journal.export(tmp_path / "log.xlsx")


def test_sigkill_right_after_journaling_loses_nothing(tmp_path: Path):
    """A real process journals N events, says so, and is killed with SIGKILL."""
    path = tmp_path / "crash.jsonl"
    n_rolls = 25
    code = textwrap.dedent(
        f"""
        import sys, time
        from isowidgets.tray import DiceTray
        tray = DiceTray.new({str(path)!r}, seed=1)
        for i in range({n_rolls}):
            tray.roll("4d6!6", purpose=f"roll {{i}}")
        print(len(tray.journal), flush=True)
        time.sleep(60)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    assert proc.stdout is not None
    reported = int(proc.stdout.readline())
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    resumed = DiceTray.resume(path)
    assert reported == n_rolls + 1
    assert len(resumed.journal) == reported
    assert resumed.journal.problems == []
    assert [e.event.purpose for e in resumed.journal.entries[1:]] == [
        f"roll {i}" for i in range(n_rolls)
    ]


def test_reading_and_folding_a_journal_leave_the_garbage_collector_as_they_found_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The collector is paused while a journal is read and folded (none of it is garbage),
    and is as it was afterwards: on, off, after an error, inside another pause."""
    import gc

    from isowidgets.journal import store
    from isowidgets.journal.files import collector_paused

    path = tmp_path / "rolls.jsonl"
    game = DiceTray.new(path, seed=3)
    game.roll("3d6")
    game.journal.close()
    seen: list[tuple[str, bool]] = []
    read, replay = store.read_journal, DiceTray._replay

    def reading(*args: Any, **kwargs: Any) -> Any:
        seen.append(("read", gc.isenabled()))
        return read(*args, **kwargs)

    def folding(self: DiceTray, *args: Any) -> Any:
        seen.append(("fold", gc.isenabled()))
        return replay(self, *args)

    monkeypatch.setattr(store, "read_journal", reading)
    monkeypatch.setattr(DiceTray, "_replay", folding)
    was = gc.isenabled()
    try:
        gc.enable()
        DiceTray.resume(path).journal.close()
        assert seen == [("read", False), ("fold", False)]
        assert gc.isenabled()
        with collector_paused():  # a pause inside another keeps the outer one's
            with collector_paused():
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled()
        with pytest.raises(ZeroDivisionError), collector_paused():
            1 / 0  # noqa: B018
        assert gc.isenabled()
        gc.disable()
        Journal.read(path)
        assert not gc.isenabled()  # left off, as the caller had it
    finally:
        gc.enable() if was else gc.disable()
